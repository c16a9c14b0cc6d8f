//! A file change: what Nomos proposes to do to one file, as data. The
//! execution keeps it as its work; the card shows its diff, the
//! runner applies it (`exec::file_edit`), `!undo` inverts it. Bytes are
//! kept exactly (base64 in JSON), so a restore is byte for byte.

use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The largest file Nomos reads for an edit or writes: the new bytes
/// travel base64 in a command line, which Linux caps at 128 KiB per
/// argument.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// The mode a file Nomos creates gets unless one is asked for.
pub const DEFAULT_NEW_MODE: &str = "644";

/// Bytes kept in JSON as standard base64.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bytes(pub Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(text.as_bytes())
            .map(Bytes)
            .map_err(serde::de::Error::custom)
    }
}

/// The SHA-256 of `bytes`, as `sha256sum` prints it.
pub fn sha256(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// A file as it was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileMeta {
    pub sha256: String,
    /// Octal, as `stat -c %a` prints it (`644`, `4755`).
    pub mode: String,
    pub uid: u32,
    pub gid: u32,
    pub owner: String,
    pub group: String,
    pub size: u64,
    /// Hard links to it: a rename replaces only this name.
    pub links: u64,
}

/// A file and its bytes, as read before a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Existing {
    pub meta: FileMeta,
    pub content: Bytes,
}

/// What a change does to one file (the work of a `write_file` execution).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileChange {
    /// Absolute, as the target sees it.
    pub path: String,
    /// The file when the change was proposed; `None`: it did not exist.
    pub before: Option<Existing>,
    /// What it becomes; `None`: it is removed (the undo of a creation).
    pub after: Option<Bytes>,
    /// The mode of a file this creates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub create_mode: Option<String>,
    /// The execution whose change this undoes (its short id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restores: Option<String>,
}

impl FileChange {
    /// The hash the file must have for the change to apply.
    pub fn expected(&self) -> String {
        match &self.before {
            Some(existing) => existing.meta.sha256.clone(),
            None => "absent".into(),
        }
    }

    /// The hash it has once applied.
    pub fn result_hash(&self) -> String {
        match &self.after {
            Some(bytes) => sha256(&bytes.0),
            None => "absent".into(),
        }
    }

    /// The command the gate classifies: the same write (or removal), as
    /// a plain shell command would do it, so the classifier's rules for
    /// paths apply to it exactly as to `run`. Writing an executable file
    /// (created with an executable mode, or one that was executable) is
    /// `install -m MODE`, which the classifier judges destructive: what it
    /// writes runs as whatever calls it.
    pub fn gate_command(&self) -> String {
        let path = shell_escape::unix::escape(self.path.as_str().into());
        match (&self.after, self.executable_mode()) {
            (Some(_), Some(mode)) => format!("install -m {mode} /dev/stdin {path}"),
            (Some(_), None) => format!("tee -- {path}"),
            (None, _) => format!("rm -- {path}"),
        }
    }

    /// The mode the written file has, when anyone may execute it.
    fn executable_mode(&self) -> Option<&str> {
        let mode = match &self.before {
            Some(existing) => existing.meta.mode.as_str(),
            None => self.create_mode.as_deref().unwrap_or(DEFAULT_NEW_MODE),
        };
        let bits = u32::from_str_radix(mode, 8).ok()?;
        (bits & 0o111 != 0).then_some(mode)
    }

    /// Whether the change alters only whitespace (spaces, tabs, line
    /// ends): its lines look alike on a card, so the card says so.
    pub fn whitespace_only(&self) -> bool {
        match (&self.before, &self.after) {
            (Some(before), Some(after)) => {
                before.content.0 != after.0
                    && same_words(
                        &String::from_utf8_lossy(&before.content.0),
                        &String::from_utf8_lossy(&after.0),
                    )
            }
            _ => false,
        }
    }

    /// The unified diff from before to after (UTF-8 lossy), with `a/` and
    /// `b/` headers naming the path (`/dev/null` for no file).
    pub fn diff(&self) -> String {
        let old = self
            .before
            .as_ref()
            .map(|e| String::from_utf8_lossy(&e.content.0).into_owned())
            .unwrap_or_default();
        let new = self
            .after
            .as_ref()
            .map(|b| String::from_utf8_lossy(&b.0).into_owned())
            .unwrap_or_default();
        let from = match self.before {
            Some(_) => format!("a{}", self.path),
            None => "/dev/null".to_string(),
        };
        let to = match self.after {
            Some(_) => format!("b{}", self.path),
            None => "/dev/null".to_string(),
        };
        unified_diff(&old, &new, (&from, &to), 3)
    }
}

/// The unified diff from `old` to `new` with `context` lines around each
/// change, under the headers `from` and `to`.
pub fn unified_diff(old: &str, new: &str, (from, to): (&str, &str), context: usize) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(context)
        .header(from, to)
        .to_string()
}

/// Whether two texts hold the same words: any difference between them is
/// whitespace (spaces, tabs, line ends).
pub fn same_words(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}

/// A root-owned 640 file holding `text`, as tests read one.
/// Diff lines a card shows before it points at the attached file.
pub const DIFF_LINES: usize = 40;
/// Characters of one diff line a card shows (a minified file's one line
/// must not make the event too large for the homeserver).
pub const LINE_CHARS: usize = 200;
/// What the diff a card shows may cost, in bytes of its text body plus
/// its HTML body with every escape (`&amp;`, `&quot;`) counted: an edit
/// carries both bodies twice (the new content and the fallback) and
/// encryption adds a third, so the card stays below Matrix's 64 KiB
/// event limit whatever the file holds.
pub const DIFF_COST: usize = 12 * 1024;

/// What a card shows of a diff: its first lines within [`DIFF_LINES`],
/// [`LINE_CHARS`] each and [`DIFF_COST`] in all, each made visible (see
/// [`super::visible`]: a carriage return as ␍, so a change of line endings
/// shows and no client swallows it). The gate asks for more than a ✅
/// when this is not the whole diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownDiff {
    pub lines: Vec<String>,
    /// A line was shortened.
    pub shortened: bool,
    /// Lines of the whole diff.
    pub total: usize,
}

impl ShownDiff {
    pub fn of(diff: &str) -> ShownDiff {
        let mut lines = Vec::new();
        let (mut cost, mut shortened) = (0, false);
        for line in diff.split_inclusive('\n').take(DIFF_LINES) {
            let line = diff_line_shown(line.trim_end_matches('\n'));
            let line = if line.chars().count() > LINE_CHARS {
                shortened = true;
                let mut short: String = line.chars().take(LINE_CHARS).collect();
                short.push('…');
                short
            } else {
                line
            };
            cost += json_len(&line) + html_len(&line) + 1;
            if cost > DIFF_COST {
                break;
            }
            lines.push(line);
        }
        ShownDiff {
            lines,
            shortened,
            total: diff.lines().count(),
        }
    }

    /// The card shows only part of the diff.
    pub fn is_cut(&self) -> bool {
        self.shortened || self.lines.len() < self.total
    }
}

/// One diff line as an approver sees it: what could not be seen made
/// visible (see [`super::visible`]), and on a changed line (`+`/`-`, not
/// a header) its tabs shown as ␉ and its trailing spaces as ␠, so a change
/// of indentation or of trailing whitespace shows.
pub fn diff_line_shown(line: &str) -> String {
    let changed = (line.starts_with('+') && !line.starts_with("+++ "))
        || (line.starts_with('-') && !line.starts_with("--- "));
    let shown = super::visible::visible(line);
    if !changed {
        return shown;
    }
    let body = shown.trim_end_matches(' ');
    let trailing = shown.len() - body.len();
    format!("{}{}", body.replace('\t', "␉"), "␠".repeat(trailing))
}

/// A whole diff as [`diff_line_shown`] shows each line (the attachment
/// beside a card whose diff is cut).
pub fn diff_shown(diff: &str) -> String {
    diff.split_inclusive('\n')
        .map(|line| {
            let end = if line.ends_with('\n') { "\n" } else { "" };
            format!("{}{end}", diff_line_shown(line.trim_end_matches('\n')))
        })
        .collect()
}

/// Bytes of `text` once HTML-escaped and JSON-encoded in an event.
pub fn html_len(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '&' => 5,
            '<' | '>' => 4,
            '"' => 8,
            '\'' => 5,
            '\\' | '\t' => 2,
            c => c.len_utf8(),
        })
        .sum()
}

/// Bytes of `text` once JSON-encoded in an event's text body.
pub fn json_len(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '"' | '\\' | '\t' => 2,
            c => c.len_utf8(),
        })
        .sum()
}

#[cfg(test)]
pub(crate) fn example(text: &str) -> Existing {
    Existing {
        meta: FileMeta {
            sha256: sha256(text.as_bytes()),
            mode: "640".into(),
            uid: 0,
            gid: 33,
            owner: "root".into(),
            group: "www-data".into(),
            size: text.len() as u64,
            links: 1,
        },
        content: Bytes(text.as_bytes().to_vec()),
    }
}
