//! Markdown to HTML for rich messages, with the markdown kept as the
//! plain-text body for clients that show no HTML; and markdown to plain
//! terminal text for the console.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd, html};

/// Renders markdown to HTML. Raw HTML in the input is escaped, so text that
/// came from a command's output can never inject markup.
pub fn markdown_to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let parser = Parser::new_ext(markdown, options).map(|event| match event {
        pulldown_cmark::Event::Html(raw) | pulldown_cmark::Event::InlineHtml(raw) => {
            pulldown_cmark::Event::Text(raw)
        }
        other => other,
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, parser);
    out.trim_end().to_string()
}

/// Renders markdown as a terminal shows it: no emphasis markers or
/// escapes, code blocks indented instead of fenced, list items with `- `,
/// inline code kept in backticks (what to type stays marked), link targets
/// in brackets after their text.
pub fn markdown_to_terminal(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut in_block = false;
    let mut link: Option<String> = None;
    for event in Parser::new_ext(markdown, Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Text(text) if in_block => {
                for line in text.split_inclusive('\n') {
                    out.push_str("    ");
                    out.push_str(line);
                }
            }
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => {
                out.push_str(&text);
            }
            Event::Code(code) => {
                out.push('`');
                out.push_str(&code);
                out.push('`');
            }
            Event::SoftBreak | Event::HardBreak => out.push('\n'),
            Event::Rule => out.push_str("----\n"),
            Event::Start(tag) => start(&mut out, &tag, &mut in_block, &mut link),
            Event::End(tag) => end(&mut out, tag, &mut in_block, &mut link),
            _ => {}
        }
    }
    out.trim_end().to_string()
}

fn start(out: &mut String, tag: &Tag<'_>, in_block: &mut bool, link: &mut Option<String>) {
    match tag {
        Tag::CodeBlock(CodeBlockKind::Fenced(_) | CodeBlockKind::Indented) => *in_block = true,
        Tag::Item => out.push_str("- "),
        Tag::Link { dest_url, .. } => *link = Some(dest_url.to_string()),
        _ => {}
    }
}

fn end(out: &mut String, tag: TagEnd, in_block: &mut bool, link: &mut Option<String>) {
    match tag {
        TagEnd::CodeBlock => {
            *in_block = false;
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push('\n');
        }
        TagEnd::Paragraph | TagEnd::Heading(_) => out.push_str("\n\n"),
        TagEnd::Item if !out.ends_with('\n') => out.push('\n'),
        TagEnd::List(_) => out.push('\n'),
        TagEnd::Link => {
            if let Some(url) = link.take()
                && !out.ends_with(url.as_str())
            {
                out.push_str(&format!(" <{url}>"));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_text_keeps_what_to_type_and_drops_the_markup() {
        let text = markdown_to_terminal(
            "**config_mutation** · `host:here`\n\n```sh\ntouch /x\n```\nPurpose: action make\\-marker\\: mark it\n\n- `!help`: this list\n- `!new`: start over\n\nSee [the docs](https://example.org).",
        );
        assert!(text.starts_with("config_mutation · `host:here`"), "{text}");
        assert!(text.contains("\n    touch /x\n"), "{text}");
        assert!(!text.contains("```") && !text.contains("**"), "{text}");
        assert!(
            text.contains("Purpose: action make-marker: mark it"),
            "{text}"
        );
        assert!(
            text.contains("- `!help`: this list\n- `!new`: start over"),
            "{text}"
        );
        assert!(text.contains("the docs <https://example.org>"), "{text}");
    }

    #[test]
    fn renders_code_and_bold() {
        let html = markdown_to_html("**Nomos** runs `!help`");
        assert_eq!(
            html,
            "<p><strong>Nomos</strong> runs <code>!help</code></p>"
        );
    }

    #[test]
    fn escapes_raw_html() {
        let html = markdown_to_html("<script>alert(1)</script> and <b>x</b>");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }
}
