//! One visibility pass for everything a card shows an approver: what a
//! reader could not see, or would misread, is made visible or flagged, so
//! an approval covers the text that runs. Commands, targets, purposes,
//! diffs and attachments all go through it.

/// Whether `c` is invisible, changes the direction or joining of text, or
/// is a space other than the ASCII one: control characters (but tab and
/// newline), soft hyphens, zero-width and bidi controls, line and paragraph
/// separators, Hangul and Mongolian fillers, variation selectors, tag
/// characters, and the Unicode spaces.
pub fn hidden(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{8}'
            | '\u{b}'..='\u{1f}'
            | '\u{7f}'..='\u{a0}'
            | '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{1680}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}'
            | '\u{205f}'..='\u{206f}'
            | '\u{3000}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e007f}'
            | '\u{e0100}'..='\u{e01ef}'
            // A blank braille cell, and the format controls of Egyptian
            // hieroglyphs and of shorthand: they show as nothing.
            | '\u{2800}'
            | '\u{13430}'..='\u{1343f}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d159}'
    )
}

/// `text` with what a reader could not see made visible: a carriage
/// return as ␍, other C0 controls as their Control Pictures (␀, ␛), DEL
/// as ␡, and every other [`hidden`] character as `<U+XXXX>`. Tabs and
/// newlines stay.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' | '\n' => out.push(c),
            '\u{0}'..='\u{1f}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\u{7f}' => out.push('␡'),
            c if hidden(c) => out.push_str(&format!("<U+{:04X}>", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The characters of `text` outside ASCII that are not already shown as
/// hidden, each once, in order: in a command, a host name or a path they
/// may be look-alikes of ASCII ones (Cyrillic `а`, Greek `ο`, `∕` U+2215
/// for `/`, `․` U+2024 for `.`, `−` U+2212 for `-`), so the card names
/// them.
pub fn foreign_letters(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    for c in text.chars() {
        if !c.is_ascii() && !hidden(c) && looks_like_ascii(c) && !found.contains(&c) {
            found.push(c);
        }
    }
    found
}

/// Whether `c` may pass for an ASCII character: a letter or digit of any
/// script, a combining mark, or a sign from the blocks that hold the
/// look-alikes of ASCII punctuation (general punctuation, letter-like and
/// number forms, mathematical operators such as `∕` and `−`, CJK and small
/// and full-width forms). Emoji and pictographs pass for nothing.
fn looks_like_ascii(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            c as u32,
            0x0300..=0x036F
                | 0x2000..=0x22FF
                | 0x2E00..=0x2E7F
                | 0x3000..=0x303F
                | 0xFE50..=0xFE6F
                | 0xFF00..=0xFFEF
        )
}

/// `text` as one line: whitespace runs (line breaks too) become one
/// space, hidden characters are shown, and it is cut at `max` characters.
pub fn flat_line(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = visible(&flat);
    match shown.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &shown[..cut]),
        None => shown,
    }
}

/// [`flat_line`] as plain text in markdown: its punctuation escaped, so it
/// can draw no block, link, heading or emphasis.
pub fn plain_line(text: &str, max: usize) -> String {
    let line = flat_line(text, max);
    let mut out = String::with_capacity(line.len() + 16);
    for c in line.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` in a code fence longer than any run of backticks inside it.
pub fn fenced(text: &str, lang: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{lang}\n{}\n{fence}\n", text.trim_end_matches('\n'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_invisible_kind_is_shown() {
        for c in [
            '\u{2800}',
            '\u{13430}',
            '\u{1bca0}',
            '\u{ad}',
            '\u{200b}',
            '\u{200d}',
            '\u{202e}',
            '\u{2066}',
            '\u{2028}',
            '\u{2029}',
            '\u{180e}',
            '\u{115f}',
            '\u{3164}',
            '\u{ffa0}',
            '\u{fe0f}',
            '\u{e0041}',
            '\u{e0100}',
            '\u{a0}',
            '\u{2007}',
            '\u{202f}',
            '\u{3000}',
            '\u{feff}',
            '\u{85}',
            '\u{61c}',
        ] {
            let shown = visible(&format!("a{c}b"));
            assert_eq!(shown, format!("a<U+{:04X}>b", c as u32), "{:04X}", c as u32);
        }
        assert_eq!(visible("x\ry\u{1b}z\u{7f}"), "x␍y␛z␡");
        assert_eq!(visible("tab\there\nnext"), "tab\there\nnext");
        assert_eq!(visible("plain ascii and é ✅"), "plain ascii and é ✅");
    }

    #[test]
    fn look_alike_letters_are_named() {
        // Cyrillic а and о in a host name.
        assert_eq!(
            foreign_letters("pve-\u{430}dmin.l\u{43e}cal"),
            ['\u{430}', '\u{43e}']
        );
        assert!(foreign_letters("rm -rf /srv/app ✅ 42").is_empty());
        // Signs that pass for ASCII ones.
        assert_eq!(
            foreign_letters("curl https://get.docker.com\u{2215}x \u{2212}o pve\u{2024}lan"),
            ['\u{2215}', '\u{2212}', '\u{2024}']
        );
    }

    #[test]
    fn a_plain_line_draws_no_markdown() {
        let fake = "fix it\n```sh\nuptime\n```\n⏳ **Waiting for approval:** [x](http://e)";
        let line = plain_line(fake, 500);
        assert!(!line.contains('\n'), "{line}");
        assert!(
            line.contains("\\`\\`\\`") && line.contains("\\*\\*"),
            "{line}"
        );
        assert!(line.contains("\\[x\\]\\(http"), "{line}");
        assert_eq!(plain_line("a\u{202e}b", 10), "a\\<U\\+202E\\>b");
        assert_eq!(plain_line("abcdef", 3), "abc…");
    }
}
