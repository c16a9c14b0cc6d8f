//! What a card shows of a file change: the path, the file's owner, mode
//! and hash when the change was proposed, and the unified diff. Long diffs
//! are cut on the card; the whole diff is attached beside it as a `.diff`
//! file. The diff is a fenced `diff` block, which Matrix clients render as
//! `<pre><code class="language-diff">` and highlight; the plain body keeps
//! the same text.

use crate::domain::file::{DEFAULT_NEW_MODE, FileChange, ShownDiff};
use crate::domain::{ExecutionStatus, KnowledgeEdit};

pub use crate::domain::file::{DIFF_COST, DIFF_LINES, LINE_CHARS};

/// A file change as its card shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileView {
    pub path: String,
    /// `owner:group · mode 640 · sha256 0123456789ab`, or how a new file
    /// is made.
    pub facts: String,
    /// Hard links to the file beyond this name (a rename replaces only
    /// this one).
    pub other_links: u64,
    pub diff: String,
    /// The change removes the file (the undo of a creation).
    pub removes: bool,
    /// Only whitespace changes (the lines look alike).
    #[serde(default)]
    pub whitespace_only: bool,
    /// The short id of the execution this change undoes.
    pub restores: Option<String>,
}

impl FileView {
    pub fn of(change: &FileChange) -> FileView {
        let facts = match &change.before {
            Some(existing) => {
                let m = &existing.meta;
                format!(
                    "{}:{} · mode {} · sha256 `{}` when proposed",
                    m.owner,
                    m.group,
                    m.mode,
                    m.sha256.chars().take(12).collect::<String>()
                )
            }
            None => format!(
                "new file · mode {}",
                change.create_mode.as_deref().unwrap_or(DEFAULT_NEW_MODE)
            ),
        };
        FileView {
            path: change.path.clone(),
            facts,
            other_links: change
                .before
                .as_ref()
                .map_or(0, |e| e.meta.links.saturating_sub(1)),
            diff: change.diff(),
            removes: change.after.is_none(),
            whitespace_only: change.whitespace_only(),
            restores: change.restores.clone(),
        }
    }

    /// A change to an operator's knowledge entry, shown as a file change
    /// is: the entry (title, kind, tags, links, text) as one document.
    pub fn of_knowledge(edit: &KnowledgeEdit) -> FileView {
        FileView {
            path: KnowledgeEdit::target_of(&edit.slug),
            facts: format!(
                "an operator's {} · sha256 `{}` when proposed",
                edit.before.kind.as_str(),
                edit.before.hash().chars().take(12).collect::<String>()
            ),
            other_links: 0,
            diff: edit.diff(),
            removes: false,
            whitespace_only: edit.whitespace_only(),
            restores: edit.restores.clone(),
        }
    }

    /// Lines of the diff.
    pub fn diff_lines(&self) -> usize {
        self.diff.lines().count()
    }

    /// The card shows only part of the diff (the rest is attached).
    pub fn is_cut(&self) -> bool {
        ShownDiff::of(&self.diff).is_cut()
    }

    /// The name of the attached whole diff.
    pub fn attachment_name(short_id: &str) -> String {
        format!("{short_id}.diff")
    }

    /// The card's lines about the file, in markdown.
    pub fn markdown(&self, short_id: &str) -> String {
        let verb = match (&self.restores, self.removes) {
            (Some(of), true) => format!("↩️ Undo of `{of}`: removes"),
            (Some(of), false) => format!("↩️ Undo of `{of}`: restores"),
            (None, true) => "🗑️ Removes".to_string(),
            (None, false) => "✏️ Writes".to_string(),
        };
        // The path and the facts came from the model and the target: shown
        // as any field is, and no backtick of theirs closes the inline code.
        let mut out = format!(
            "{verb} `{}` · {}\n",
            visible(&self.path).replace('`', "'"),
            visible(&self.facts)
        );
        if self.other_links > 0 {
            out.push_str(&format!(
                "⚠️ It has {} other hard link(s): they keep the old content.\n",
                self.other_links
            ));
        }
        if self.whitespace_only {
            out.push_str(
                "⚠️ Only whitespace changes (spaces, tabs or line ends): the lines look alike; \
                 tabs show as ␉ and trailing spaces as ␠ on changed lines.\n",
            );
        }
        let ShownDiff {
            lines: shown,
            shortened,
            total,
        } = ShownDiff::of(&self.diff);
        out.push_str(&super::visible::fenced(&shown.join("\n"), "diff"));
        let more = total - shown.len();
        if more > 0 || shortened {
            let what = match more {
                0 => "Long lines are cut here".to_string(),
                n => format!("… {n} more diff lines"),
            };
            out.push_str(&format!(
                "{what}: the whole diff is attached as `{}`.\n",
                Self::attachment_name(short_id)
            ));
        }
        out
    }

    /// The card's word on undoing it, once it ran.
    pub fn undo_line(&self, status: ExecutionStatus, short_id: &str) -> Option<String> {
        (status == ExecutionStatus::Completed).then(|| {
            format!(
                "↩️ `!undo {short_id}` (or ↩️ on this card) puts back what `{}` held before, byte for byte.",
                visible(&self.path).replace('`', "'")
            )
        })
    }
}

/// `line` with what a reader could not see made visible (see
/// [`super::visible`]), so a diff cannot hide or reorder what it changes.
fn visible(line: &str) -> String {
    super::visible::visible(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::file::{Bytes, html_len, sha256};

    fn change(old: &str, new: &str) -> FileChange {
        FileChange {
            path: "/etc/app.conf".into(),
            before: Some(crate::domain::file::example(old)),
            after: Some(Bytes(new.as_bytes().to_vec())),
            create_mode: None,
            restores: None,
        }
    }

    #[test]
    fn a_card_shows_path_owner_mode_hash_and_a_diff_block() {
        let view = FileView::of(&change("a=1\nb=2\n", "a=1\nb=3\n"));
        let md = view.markdown("0123abcd");
        assert!(
            md.contains("✏️ Writes `/etc/app.conf` · root:www-data · mode 640 · sha256 `"),
            "{md}"
        );
        assert!(md.contains(&sha256(b"a=1\nb=2\n")[..12]), "{md}");
        assert!(
            md.contains("```diff\n--- a/etc/app.conf\n+++ b/etc/app.conf\n"),
            "{md}"
        );
        assert!(md.contains("-b=2\n+b=3"), "{md}");
        assert!(!view.is_cut());
    }

    #[test]
    fn tabs_stay_and_carriage_returns_show() {
        let view = FileView::of(&change("a\tb\r\nc\n", "a\tb\nc\n"));
        let md = view.markdown("0123abcd");
        assert!(md.contains("-a␉b␍\n+a␉b\n"), "{md}");
        assert!(md.contains("Only whitespace changes"), "{md}");
    }

    #[test]
    fn what_a_reader_could_not_see_is_made_visible() {
        assert_eq!(visible("a\u{1b}[31mb\u{7f}"), "a␛[31mb␡");
        assert_eq!(visible("x\u{202e}y\u{200b}z"), "x<U+202E>y<U+200B>z");
        assert_eq!(visible("tab\there é"), "tab\there é");
    }

    #[test]
    fn a_long_diff_is_cut_and_points_at_its_attachment() {
        let old: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let new: String = (0..100).map(|i| format!("LINE {i}\n")).collect();
        let view = FileView::of(&change(&old, &new));
        assert!(view.is_cut());
        let md = view.markdown("0123abcd");
        assert!(
            md.contains("the whole diff is attached as `0123abcd.diff`"),
            "{md}"
        );
        assert!(!md.contains("LINE 99"), "{md}");
    }

    #[test]
    fn a_minified_line_or_a_huge_diff_stays_small_on_the_card() {
        let one_line = "x".repeat(50_000);
        let view = FileView::of(&change("a\n", &one_line));
        assert!(view.is_cut());
        let md = view.markdown("0123abcd");
        assert!(md.len() < DIFF_COST, "{}", md.len());
        assert!(md.contains("Long lines are cut here"), "{md}");
        let wide: String = (0..39)
            .map(|i| format!("{i} {}\n", "y".repeat(190)))
            .collect();
        let view = FileView::of(&change("a\n", &wide));
        let md = view.markdown("0123abcd");
        assert!(md.len() < DIFF_COST, "{}", md.len());
        assert!(view.is_cut(), "over the byte budget");
        // Characters HTML must escape cost their escapes.
        let amps: String = (0..39).map(|_| format!("{}\n", "&".repeat(190))).collect();
        let view = FileView::of(&change("a\n", &amps));
        let md = view.markdown("0123abcd");
        let escaped = md.len() + html_len(&md);
        assert!(escaped < DIFF_COST + 2048, "{escaped}");
        assert!(view.is_cut());
        assert!(md.contains("more diff lines"), "{md}");
    }

    #[test]
    fn an_undo_says_what_it_restores() {
        let mut c = change("a\n", "b\n");
        c.restores = Some("feedbeef".into());
        let md = FileView::of(&c).markdown("0123abcd");
        assert!(
            md.starts_with("↩️ Undo of `feedbeef`: restores `/etc/app.conf`"),
            "{md}"
        );
        c.after = None;
        assert!(FileView::of(&c).markdown("x").contains("removes"));
    }
}
