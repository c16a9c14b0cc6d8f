//! File edits: how Nomos reads a file before it proposes a change to it,
//! and how an approved change is applied.
//!
//! A change ([`FileChange`], the work of a `write_file` execution)
//! holds the path, what the file was when the change was proposed (its
//! SHA-256, mode, owner and bytes) and what it becomes. The bytes before
//! are the backup: `!undo` writes them back, byte for byte, through the
//! gate like any change.
//!
//! Applying runs one script on the target ([`apply_script`]): it refuses,
//! touching nothing, when the file is no longer what was proposed (its hash
//! differs, it appeared, vanished or became a symlink): exit
//! [`CHANGED_EXIT`] and `nomos-file-changed HASH` on stderr. Otherwise it
//! writes the new bytes to a temporary file in the same folder (so the
//! rename cannot cross filesystems), gives it the file's owner and mode as
//! they are now (a new file gets the mode asked for), checks its hash,
//! flushes it and renames it over the file: readers see the old file or
//! the new one, never half of either.
//!
//! Files are at most [`MAX_FILE_BYTES`]: the new bytes travel base64 in
//! the command line, which Linux caps at 128 KiB per argument (`pct exec`
//! and `bash -c` each get the whole script as one).

use std::time::Duration;

use base64::Engine;
use serde::Deserialize;
use tokio_util::sync::CancellationToken;

use super::{Executor, Limits, RunStatus, discard};
pub use crate::domain::file::{
    Bytes, DEFAULT_NEW_MODE, Existing, FileChange, FileMeta, MAX_FILE_BYTES, sha256,
};

/// The exit code of an apply that found the file changed since the
/// proposal (outside what shells and coreutils use).
pub const CHANGED_EXIT: i32 = 113;

/// Stderr's line when the file changed: this word, then the hash now
/// (`absent`, `symlink` or 64 hex digits).
const CHANGED_WORD: &str = "nomos-file-changed";

/// Why a file cannot be read for a change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    #[error("`{0}` is not an absolute path")]
    NotAbsolute(String),
    #[error(
        "`{0}` is not a plain path (no `.` or `..` parts, no repeated or trailing `/`, no line breaks)"
    )]
    NotPlain(String),
    #[error("{path} is a symlink to {to}: edit the file it points to")]
    Symlink { path: String, to: String },
    #[error("{0} is not a regular file")]
    NotAFile(String),
    #[error("the folder of {0} does not exist: create it first")]
    NoFolder(String),
    #[error(
        "Nomos does not edit {path} in place: {why}, so someone else could swap it for a symlink while it is written; change it with `run`"
    )]
    UnsafeFolder { path: String, why: String },
    #[error("{0} is in a kernel filesystem (/proc, /sys, /dev): not a file Nomos edits")]
    Kernel(String),
    #[error("{0} cannot be read by the SSH user")]
    Unreadable(String),
    #[error(
        "{path} is {size} bytes; files over {MAX_FILE_BYTES} bytes are changed with `run`, not edited whole"
    )]
    TooLarge { path: String, size: u64 },
    #[error("{0} is not UTF-8 text; binary files are not edited")]
    Binary(String),
    #[error("cannot read {path}: {reason}")]
    Failed { path: String, reason: String },
}

/// Checks that `path` is absolute and plain.
pub fn check_path(path: &str) -> Result<(), ReadError> {
    if !path.starts_with('/') {
        return Err(ReadError::NotAbsolute(path.to_string()));
    }
    let top = path[1..].split('/').next().unwrap_or_default();
    if matches!(top, "proc" | "sys" | "dev") {
        return Err(ReadError::Kernel(path.to_string()));
    }
    let plain = path.len() > 1
        && !path.ends_with('/')
        && !path.contains(['\n', '\r', '\0'])
        && path[1..]
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..");
    if plain {
        Ok(())
    } else {
        Err(ReadError::NotPlain(path.to_string()))
    }
}

fn quote(text: &str) -> String {
    shell_escape::unix::escape(text.into()).into_owned()
}

/// Shell that resolves the folder of `$p` (symlinks and `/proc/…/root`
/// aliases included) into `$d`, and checks it and every folder above it:
/// each must belong to root or to the user Nomos runs as, and none may be
/// writable by group or others unless it is sticky (as `/tmp` is).
/// Otherwise someone else could swap the file, or a folder on its path,
/// for a symlink between Nomos's steps. In a sticky folder the file
/// itself, if there, must be root's or Nomos's user's too (its owner could
/// swap it). `$q` is the file's resolved path. Prints `nofolder` or
/// `unsafe WHAT WHY` and exits (with `$GUARD_EXIT`) when refused.
const FOLDER_GUARD: &str = r#"d=$(realpath -e -- "$(dirname -- "$p")" 2>/dev/null) && [ -d "$d" ] || { printf 'nofolder\n'; exit "$GUARD_EXIT"; }
me=$(id -u)
x=$d
while :; do
  set -- $(stat -c '%u %a %U' -- "$x")
  if [ "$1" != 0 ] && [ "$1" != "$me" ]; then printf 'unsafe %s is owned by %s (uid %s)\n' "$x" "$3" "$1"; exit "$GUARD_EXIT"; fi
  if [ $(( 8#$2 & 8#22 )) -ne 0 ] && [ $(( 8#$2 & 8#1000 )) -eq 0 ]; then printf 'unsafe %s is writable by others (mode %s)\n' "$x" "$2"; exit "$GUARD_EXIT"; fi
  [ "$x" = / ] && break
  x=$(dirname -- "$x")
done
case $d in /) q=/${p##*/} ;; *) q=$d/${p##*/} ;; esac
set -- $(stat -c '%a' -- "$d")
if [ $(( 8#$1 & 8#1000 )) -ne 0 ] && { [ -e "$q" ] || [ -L "$q" ]; }; then
  set -- $(stat -c '%u %U' -- "$q")
  if [ "$1" != 0 ] && [ "$1" != "$me" ]; then printf 'unsafe %s belongs to %s in a folder where its owner could swap it\n' "$q" "$2"; exit "$GUARD_EXIT"; fi
fi
"#;

/// The read-only script that reports a file: its folder as resolved (see
/// [`FOLDER_GUARD`]), then a line saying what is there, then for a
/// regular file its `stat` line and its bytes in base64.
pub fn read_script(path: &str) -> String {
    format!(
        r#"p={path}
GUARD_EXIT=0
{FOLDER_GUARD}printf 'folder %s\n' "$d"
p=$q
if [ -L "$p" ]; then printf 'symlink\n'; readlink -- "$p"; exit 0; fi
if [ ! -e "$p" ]; then printf 'absent\n'; exit 0; fi
if [ ! -f "$p" ]; then printf 'notfile\n'; exit 0; fi
if [ ! -r "$p" ]; then printf 'unreadable\n'; exit 0; fi
printf 'file\n'
stat -c '%a %u %g %U %G %s %h' -- "$p"
if [ "$(stat -c %s -- "$p")" -gt {max} ]; then exit 0; fi
base64 < "$p""#,
        path = quote(path),
        max = MAX_FILE_BYTES,
    )
}

/// A file as read: where it really is (its folder resolved) and what it
/// holds (`None`: nothing there yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    /// The path with its folder resolved: what the change names.
    pub path: String,
    pub existing: Option<Existing>,
}

/// What [`read_script`]'s output says of `path`.
pub fn parse_read(path: &str, output: &str) -> Result<Read, ReadError> {
    let mut lines = output.lines();
    let real = resolved(path, lines.next().unwrap_or(""))?;
    let path = real.as_str();
    let failed = |reason: &str| ReadError::Failed {
        path: path.to_string(),
        reason: reason.to_string(),
    };
    let found = |existing| {
        Ok(Read {
            path: path.to_string(),
            existing,
        })
    };
    match lines.next().unwrap_or("") {
        "absent" => return found(None),
        "notfile" => return Err(ReadError::NotAFile(path.to_string())),
        "unreadable" => return Err(ReadError::Unreadable(path.to_string())),
        "symlink" => {
            return Err(ReadError::Symlink {
                path: path.to_string(),
                to: lines.next().unwrap_or("?").to_string(),
            });
        }
        "file" => {}
        other => return Err(failed(&format!("unexpected answer `{other}`"))),
    }
    let stat = lines.next().ok_or_else(|| failed("no stat line"))?;
    let fields: Vec<&str> = stat.split(' ').collect();
    let [mode, uid, gid, owner, group, size, links] = fields[..] else {
        return Err(failed(&format!("unexpected stat line `{stat}`")));
    };
    let number = |text: &str| {
        text.parse::<u64>()
            .map_err(|_| failed(&format!("unexpected stat line `{stat}`")))
    };
    let size = number(size)?;
    if size > MAX_FILE_BYTES as u64 {
        return Err(ReadError::TooLarge {
            path: path.to_string(),
            size,
        });
    }
    let encoded: String = lines.flat_map(|l| l.chars()).collect();
    let content = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim().as_bytes())
        .map_err(|e| failed(&format!("its bytes did not arrive whole ({e})")))?;
    if content.len() as u64 != size {
        return Err(failed(&format!(
            "it changed while it was read ({size} bytes by stat, {} read); try again",
            content.len()
        )));
    }
    if std::str::from_utf8(&content).is_err() || content.contains(&0) {
        return Err(ReadError::Binary(path.to_string()));
    }
    let meta = FileMeta {
        sha256: sha256(&content),
        mode: mode.to_string(),
        uid: u32::try_from(number(uid)?).map_err(|_| failed("uid out of range"))?,
        gid: u32::try_from(number(gid)?).map_err(|_| failed("gid out of range"))?,
        owner: owner.to_string(),
        group: group.to_string(),
        size: content.len() as u64,
        links: number(links)?,
    };
    found(Some(Existing {
        meta,
        content: Bytes(content),
    }))
}

/// `path` with its folder as the read's first line resolved it, or why
/// the folder is refused.
fn resolved(path: &str, first: &str) -> Result<String, ReadError> {
    if first == "nofolder" {
        return Err(ReadError::NoFolder(path.to_string()));
    }
    if let Some(why) = first.strip_prefix("unsafe ") {
        return Err(ReadError::UnsafeFolder {
            path: path.to_string(),
            why: why.to_string(),
        });
    }
    let Some(folder) = first.strip_prefix("folder ") else {
        return Err(ReadError::Failed {
            path: path.to_string(),
            reason: format!("unexpected answer `{first}`"),
        });
    };
    let name = path.rsplit('/').next().unwrap_or_default();
    Ok(match folder {
        "/" => format!("/{name}"),
        _ => format!("{folder}/{name}"),
    })
}

/// Reads `path` on `target` (a read-only step of Nomos's own, made when a
/// change is proposed).
pub async fn read(executor: &Executor, target: &str, path: &str) -> Result<Read, ReadError> {
    check_path(path)?;
    let limits = Limits {
        timeout: Duration::from_secs(30),
        output_cap: MAX_FILE_BYTES * 2,
    };
    let outcome = executor
        .run(
            target,
            &read_script(path),
            limits,
            discard(),
            CancellationToken::new(),
        )
        .await
        .map_err(|e| ReadError::Failed {
            path: path.to_string(),
            reason: e.to_string(),
        })?;
    if outcome.status != RunStatus::Completed {
        return Err(ReadError::Failed {
            path: path.to_string(),
            reason: outcome.tail(300).trim().to_string(),
        });
    }
    parse_read(path, &outcome.stdout)
}

/// The script that applies `change` on its target: refuses when the file
/// is not what was proposed, else replaces it atomically (or removes it).
pub fn apply_script(change: &FileChange) -> String {
    let check = format!(
        r#"set -eu
p={path}
GUARD_EXIT=1
{{
{FOLDER_GUARD}}} >&2
if [ "$q" != "$p" ]; then printf '{CHANGED_WORD} moved\n' >&2; exit {CHANGED_EXIT}; fi
if [ -L "$p" ]; then now=symlink
elif [ -e "$p" ]; then now=$(sha256sum < "$p"); now=${{now%% *}}
else now=absent; fi
if [ "$now" != {want} ]; then printf '{CHANGED_WORD} %s\n' "$now" >&2; exit {CHANGED_EXIT}; fi
"#,
        path = quote(&change.path),
        want = quote(&change.expected()),
    );
    let Some(after) = &change.after else {
        return format!("{check}rm -f -- \"$p\"\nprintf 'removed %s\\n' \"$p\"\n");
    };
    let keep_or_set = match &change.before {
        // The owner first, then the mode (chown clears setuid bits). The
        // owner is root or Nomos's user wherever someone else could reach
        // the copy (the guard refuses the rest).
        Some(_) => "chown \"$(stat -c %u:%g -- \"$p\")\" \"$tmp\"\nchmod \"$(stat -c %a -- \"$p\")\" \"$tmp\"".to_string(),
        None => format!(
            "chmod {} \"$tmp\"",
            quote(change.create_mode.as_deref().unwrap_or(DEFAULT_NEW_MODE))
        ),
    };
    format!(
        r#"{check}tmp=$(mktemp "$(dirname -- "$p")/.nomos-write.XXXXXXXX")
trap 'rm -f -- "$tmp"' EXIT
printf '%s' {content} | base64 -d > "$tmp"
{keep_or_set}
got=$(sha256sum < "$tmp"); got=${{got%% *}}
if [ "$got" != {hash} ]; then printf 'the copy written has sha256 %s, not the one proposed\n' "$got" >&2; exit 1; fi
sync -- "$tmp" 2>/dev/null || sync
mv -fT -- "$tmp" "$p"
trap - EXIT
printf 'wrote %s (sha256 %s)\n' "$p" {hash}
"#,
        content = quote(&base64::engine::general_purpose::STANDARD.encode(&after.0)),
        hash = quote(&sha256(&after.0)),
    )
}

/// The hash the file had when an apply refused because it changed, from
/// the run's exit code and stderr (`None`: it did not refuse so).
pub fn changed_since(exit_code: Option<i64>, stderr: &str) -> Option<String> {
    if exit_code != Some(i64::from(CHANGED_EXIT)) {
        return None;
    }
    stderr.lines().find_map(|line| {
        let now = line.strip_prefix(CHANGED_WORD)?.trim();
        Some(now.to_string())
    })
}

/// What a card and the agent are told when an apply refused because the
/// file changed since its proposal.
pub fn changed_text(change: &FileChange, now: &str) -> String {
    let short = |hash: &str| hash.chars().take(12).collect::<String>();
    let what = match now {
        "absent" => "it is gone".to_string(),
        "symlink" => "it is a symlink now".to_string(),
        "moved" => "its folder now resolves to another place".to_string(),
        hash => format!(
            "sha256 was {}, now {}",
            short(&change.expected()),
            short(hash)
        ),
    };
    format!(
        "Not applied: {path} changed since this was proposed ({what}). Nothing was written. \
         Read it again and propose the change against what it holds now.",
        path = change.path,
    )
}

/// Applies `old → new` replacements to `text`, each `old` found exactly
/// once unless `all` (then at least once).
pub fn apply_edits(text: &str, edits: &[Edit]) -> Result<String, EditError> {
    let mut out = text.to_string();
    for (n, edit) in edits.iter().enumerate() {
        if edit.old.is_empty() {
            return Err(EditError::EmptyOld(n + 1));
        }
        let count = occurrences(&out, &edit.old);
        match (count, edit.all) {
            (0, _) => return Err(EditError::NotFound(n + 1)),
            (1, _) | (_, true) => out = out.replace(edit.old.as_str(), &edit.new),
            (many, false) => return Err(EditError::Ambiguous(n + 1, many)),
        }
    }
    Ok(out)
}

/// How often `needle` occurs in `text`, overlapping ones counted (`\n\n`
/// occurs twice in `\n\n\n`), so "exactly once" means it.
fn occurrences(text: &str, needle: &str) -> usize {
    let mut count = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find(needle) {
        count += 1;
        let start = from + at;
        from = start + text[start..].chars().next().map_or(1, char::len_utf8);
    }
    count
}

/// One exact replacement. Models trained on other agents' edit tools
/// name its fields their way; the common spellings are taken too.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edit {
    #[serde(alias = "old_string", alias = "old_text")]
    pub old: String,
    #[serde(alias = "new_string", alias = "new_text")]
    pub new: String,
    #[serde(default, alias = "replace_all")]
    pub all: bool,
}

/// Why replacements could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("edit {0}: `old` is empty; name the exact text to replace")]
    EmptyOld(usize),
    #[error(
        "edit {0}: `old` is not in the file as it is now (after the edits before it); read the file again and copy the text exactly, whitespace included"
    )]
    NotFound(usize),
    #[error(
        "edit {0}: `old` occurs {1} times; add surrounding lines so it is unique, or set `all` to replace every one"
    )]
    Ambiguous(usize, usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn existing(text: &str) -> Existing {
        crate::domain::file::example(text)
    }

    #[test]
    fn paths_must_be_absolute_and_plain() {
        assert!(check_path("/etc/nginx/nginx.conf").is_ok());
        for bad in [
            "etc/x",
            "/etc/../shadow",
            "/etc/./x",
            "/etc//x",
            "/etc/",
            "/",
            "/a\nb",
        ] {
            assert!(check_path(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_read_is_parsed_into_meta_and_bytes() {
        let body = base64::engine::general_purpose::STANDARD.encode("a=1\nb=2\n");
        let out = format!("folder /etc\nfile\n640 0 33 root www-data 8 1\n{body}\n");
        let read = parse_read("/etc/x", &out).expect("read");
        assert_eq!(read.path, "/etc/x");
        let got = read.existing.expect("a file");
        assert_eq!(got.content.0, b"a=1\nb=2\n");
        assert_eq!(got.meta.mode, "640");
        assert_eq!(got.meta.group, "www-data");
        assert_eq!(got.meta.sha256, sha256(b"a=1\nb=2\n"));
        let absent = parse_read("/srv/link/x", "folder /etc\nabsent\n").expect("absent");
        assert_eq!(absent.path, "/etc/x", "the folder as resolved");
        assert_eq!(absent.existing, None);
        assert_eq!(
            parse_read("/x", "folder /\nabsent\n").expect("root").path,
            "/x"
        );
        assert!(matches!(
            parse_read("/etc/x", "folder /etc\nsymlink\n/etc/y\n"),
            Err(ReadError::Symlink { .. })
        ));
        assert!(matches!(
            parse_read(
                "/etc/x",
                "folder /etc\nfile\n644 0 0 root root 99999999 1\n"
            ),
            Err(ReadError::TooLarge { .. })
        ));
        let binary = base64::engine::general_purpose::STANDARD.encode([0xff, 0, 1]);
        let out = format!("folder /etc\nfile\n644 0 0 root root 3 1\n{binary}\n");
        assert_eq!(
            parse_read("/etc/x", &out),
            Err(ReadError::Binary("/etc/x".into()))
        );
        assert!(parse_read("/etc/x", "folder /etc\nfile\n644 0 0\n").is_err());
        assert_eq!(
            parse_read("/etc/x", "nofolder\n"),
            Err(ReadError::NoFolder("/etc/x".into()))
        );
        assert!(matches!(
            parse_read("/srv/x", "unsafe /srv is writable by others (mode 777)\n"),
            Err(ReadError::UnsafeFolder { .. })
        ));
        assert!(parse_read("/etc/x", "file\n").is_err(), "no folder line");
    }

    /// Run by bash here: a symlinked folder resolves to its target, a
    /// folder others can write is refused (unless sticky), and kernel
    /// filesystems are refused before anything runs.
    #[test]
    fn the_folder_is_resolved_and_must_be_safe() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("dir");
        let real = dir.path().join("real");
        std::fs::create_dir(&real).expect("real");
        std::os::unix::fs::symlink(&real, dir.path().join("link")).expect("link");
        let read = |path: &std::path::Path| {
            let out = std::process::Command::new("bash")
                .arg("-c")
                .arg(read_script(path.to_str().expect("utf-8")))
                .output()
                .expect("bash");
            parse_read(
                path.to_str().expect("utf-8"),
                &String::from_utf8_lossy(&out.stdout),
            )
        };
        let got = read(&dir.path().join("link/app.conf")).expect("via the link");
        assert_eq!(got.path, real.join("app.conf").to_str().expect("utf-8"));
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        assert!(matches!(
            read(&real.join("app.conf")),
            Err(ReadError::UnsafeFolder { .. })
        ));
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
        assert!(read(&real.join("app.conf")).is_ok(), "sticky, as /tmp");
        for kernel in ["/proc/self/root/etc/sudoers", "/dev/null", "/sys/kernel/x"] {
            assert!(
                matches!(check_path(kernel), Err(ReadError::Kernel(_))),
                "{kernel}"
            );
        }
    }

    #[test]
    fn edits_are_exact_and_unique() {
        let text = "listen 80;\nlisten 80;\nroot /srv;\n";
        let edit = |old: &str, new: &str, all| Edit {
            old: old.into(),
            new: new.into(),
            all,
        };
        assert_eq!(
            apply_edits(text, &[edit("root /srv;", "root /var/www;", false)]),
            Ok("listen 80;\nlisten 80;\nroot /var/www;\n".into())
        );
        assert_eq!(
            apply_edits(text, &[edit("listen 80;", "listen 8080;", false)]),
            Err(EditError::Ambiguous(1, 2))
        );
        assert_eq!(
            apply_edits(text, &[edit("listen 80;", "listen 8080;", true)]),
            Ok("listen 8080;\nlisten 8080;\nroot /srv;\n".into())
        );
        assert_eq!(
            apply_edits(text, &[edit("nope", "x", false)]),
            Err(EditError::NotFound(1))
        );
        assert_eq!(
            apply_edits(text, &[edit("", "x", false)]),
            Err(EditError::EmptyOld(1))
        );
        assert_eq!(
            apply_edits("a\n\n\nb", &[edit("\n\n", "\n", false)]),
            Err(EditError::Ambiguous(1, 2)),
            "overlapping occurrences count"
        );
    }

    #[test]
    fn the_diff_names_the_path_and_the_gate_sees_a_plain_write() {
        let change = FileChange {
            path: "/etc/app/it's.conf".into(),
            before: Some(existing("a=1\nb=2\n")),
            after: Some(Bytes(b"a=1\nb=3\n".to_vec())),
            create_mode: None,
            restores: None,
        };
        let diff = change.diff();
        assert!(
            diff.starts_with("--- a/etc/app/it's.conf\n+++ b/etc/app/it's.conf\n"),
            "{diff}"
        );
        assert!(diff.contains("-b=2\n+b=3\n"), "{diff}");
        assert_eq!(change.gate_command(), r#"tee -- '/etc/app/it'\''s.conf'"#);
        let created = FileChange {
            before: None,
            ..change.clone()
        };
        assert!(created.diff().starts_with("--- /dev/null\n"));
        assert_eq!(created.expected(), "absent");
        let removed = FileChange {
            after: None,
            ..change
        };
        assert_eq!(removed.gate_command(), r#"rm -- '/etc/app/it'\''s.conf'"#);
        assert_eq!(removed.result_hash(), "absent");
    }

    #[test]
    fn writing_an_executable_file_is_what_the_gate_calls_destructive() {
        let script = FileChange {
            path: "/opt/app/run".into(),
            before: None,
            after: Some(Bytes(b"#!/bin/sh\nexec /opt/app/bin\n".to_vec())),
            create_mode: Some("755".into()),
            restores: None,
        };
        assert_eq!(
            script.gate_command(),
            "install -m 755 /dev/stdin /opt/app/run"
        );
        let class = nomos_classify::classify(&script.gate_command(), None).class;
        assert_eq!(class, nomos_classify::RiskClass::Destructive);
        // Rewriting a file that was executable is the same.
        let mut was = existing("#!/bin/sh\n");
        was.meta.mode = "750".into();
        let rewrite = FileChange {
            before: Some(was),
            create_mode: None,
            ..script.clone()
        };
        assert_eq!(
            rewrite.gate_command(),
            "install -m 750 /dev/stdin /opt/app/run"
        );
        // A plain file stays a plain write, a change.
        let plain = FileChange {
            create_mode: Some("640".into()),
            ..script
        };
        assert_eq!(plain.gate_command(), "tee -- /opt/app/run");
        let class = nomos_classify::classify(&plain.gate_command(), None).class;
        assert_eq!(class, nomos_classify::RiskClass::ConfigMutation);
    }

    #[test]
    fn a_change_round_trips_byte_for_byte() {
        let change = FileChange {
            path: "/etc/x".into(),
            before: Some(existing("é\r\n\ttab\n")),
            after: Some(Bytes(b"no newline at end".to_vec())),
            create_mode: Some("600".into()),
            restores: Some("0123abcd".into()),
        };
        let stored = serde_json::to_value(&change).expect("serialises");
        let back: FileChange = serde_json::from_value(stored).expect("reads back");
        assert_eq!(back, change);
    }

    #[test]
    fn only_the_changed_exit_with_its_line_is_a_refusal() {
        let code = Some(i64::from(CHANGED_EXIT));
        let line = "nomos-file-changed abc\n";
        assert_eq!(changed_since(code, line), Some("abc".into()));
        assert_eq!(changed_since(Some(1), line), None);
        assert_eq!(changed_since(None, line), None);
        assert_eq!(changed_since(code, "other\n"), None);
    }

    /// Runs `script` with bash on this machine.
    fn bash(script: String) -> std::process::Output {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(script)
            .output()
            .expect("bash")
    }

    /// A file in a fresh folder, resolved as a read resolves it (the apply
    /// refuses a path whose folder resolves elsewhere), with `text` and
    /// mode 640.
    fn a_file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().canonicalize().expect("real").join("app.conf");
        std::fs::write(&path, text).expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("mode");
        (dir, path)
    }

    fn mode(path: &std::path::Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).expect("meta").permissions().mode() & 0o7777
    }

    /// The apply script replaces the file keeping its mode, leaves no
    /// temporary file, and refuses (writing nothing) when the file is no
    /// longer what was proposed.
    #[test]
    fn the_apply_script_is_atomic_and_refuses_a_changed_file() {
        let (dir, path) = a_file("a=1\nb=2\n");
        let change = FileChange {
            path: path.to_str().expect("utf-8").to_string(),
            before: Some(existing("a=1\nb=2\n")),
            after: Some(Bytes(b"a=1\nb=3\n".to_vec())),
            create_mode: None,
            restores: None,
        };
        let out = bash(apply_script(&change));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(std::fs::read(&path).expect("read"), b"a=1\nb=3\n");
        assert_eq!(mode(&path), 0o640);
        // Applying it again: the file is no longer what was proposed.
        let out = bash(apply_script(&change));
        assert_eq!(out.status.code(), Some(CHANGED_EXIT));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&sha256(b"a=1\nb=3\n")), "{stderr}");
        assert_eq!(std::fs::read(&path).expect("read"), b"a=1\nb=3\n");
        let leftovers = std::fs::read_dir(dir.path()).expect("list").count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
    }

    /// It creates a file with the mode asked for and removes it again; a
    /// path through a symlinked folder (not resolved) is refused.
    #[test]
    fn the_apply_script_creates_removes_and_refuses_a_moved_folder() {
        let (_dir, path) = a_file("a=1\n");
        let new_path = path
            .with_file_name("new.conf")
            .to_str()
            .expect("utf-8")
            .to_string();
        let create = FileChange {
            path: new_path.clone(),
            before: None,
            after: Some(Bytes(b"x\n".to_vec())),
            create_mode: Some("600".into()),
            restores: None,
        };
        assert!(bash(apply_script(&create)).status.success());
        assert_eq!(mode(std::path::Path::new(&new_path)), 0o600);
        let remove = FileChange {
            before: Some(existing("x\n")),
            after: None,
            ..create
        };
        assert!(bash(apply_script(&remove)).status.success());
        assert!(!std::path::Path::new(&new_path).exists());
        let link = path.with_file_name("link");
        std::os::unix::fs::symlink(path.parent().expect("folder"), &link).expect("link");
        let via_link = FileChange {
            path: link.join("app.conf").to_str().expect("utf-8").to_string(),
            before: Some(existing("a=1\n")),
            after: Some(Bytes(b"x\n".to_vec())),
            create_mode: None,
            restores: None,
        };
        let out = bash(apply_script(&via_link));
        assert_eq!(out.status.code(), Some(CHANGED_EXIT));
        assert!(String::from_utf8_lossy(&out.stderr).contains("nomos-file-changed moved"));
        assert_eq!(std::fs::read(&path).expect("read"), b"a=1\n");
    }

    #[test]
    fn the_read_script_reads_what_the_apply_script_writes() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("r.conf");
        std::fs::write(&path, "line one\nline two\n").expect("write");
        let path_text = path.to_str().expect("utf-8");
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(read_script(path_text))
            .output()
            .expect("bash");
        let got = parse_read(path_text, &String::from_utf8_lossy(&out.stdout))
            .expect("read")
            .existing
            .expect("file");
        assert_eq!(got.content.0, b"line one\nline two\n");
        assert_eq!(got.meta.links, 1);
    }
}
