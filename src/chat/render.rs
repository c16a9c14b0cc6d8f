//! Markdown to HTML for rich messages, with the markdown kept as the
//! plain-text body for clients that show no HTML.

use pulldown_cmark::{Options, Parser, html};

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

#[cfg(test)]
mod tests {
    use super::*;

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
