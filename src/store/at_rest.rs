//! The bot's own files at rest: the data dir is the owner's alone (0700),
//! and so is every file Nomos writes there (0600): the SQLite database with
//! its conversations, command output and audit trail, the instance lock,
//! the Matrix session (an access token) and the Matrix stores (the keys of
//! every encrypted room).
//!
//! The modes are set on each path Nomos creates, not through the process
//! umask: a umask is process-wide, so it would also apply to the commands
//! the local transport runs for the operator and to every file they write.
//! SQLite gives its `-wal`/`-shm`/`-journal` files the mode of the database
//! file they belong to, so creating (or tightening) the database file
//! first covers them; files an earlier version left open are tightened
//! when they are next opened.
//!
//! A data dir that already exists open to other users is not fixed
//! behind the operator's back: Nomos refuses to start and says how to fix
//! it ([`AtRestError::Exposed`]).

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The mode of the data dir and of every folder Nomos creates in it.
pub const DIR_MODE: u32 = 0o700;
/// The mode of every file Nomos writes.
pub const FILE_MODE: u32 = 0o600;
/// Permission bits that give group or others any access.
const OPEN_BITS: u32 = 0o077;

/// Why the bot's files cannot be kept private.
#[derive(Debug, thiserror::Error)]
pub enum AtRestError {
    /// The data dir exists with group or world permissions.
    #[error(
        "refusing to start: the data dir {path} is open to other users (mode {mode}); it holds \
         the database, the Matrix login and the keys of encrypted rooms. Fix: {fix}",
        path = .path.display(),
        mode = format_mode(*.mode),
        fix = chmod_fix(.path)
    )]
    Exposed { path: PathBuf, mode: u32 },
    #[error("the data dir {} exists but is not a directory", .path.display())]
    NotADirectory { path: PathBuf },
    #[error("cannot prepare {}: {source}", .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl AtRestError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> AtRestError + '_ {
        move |source| AtRestError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A mode as `chmod` writes it (`0755`).
pub fn format_mode(mode: u32) -> String {
    format!("{:04o}", mode & 0o7777)
}

/// The command that makes `path` the owner's alone, quoted for a shell.
pub fn chmod_fix(path: &Path) -> String {
    let text = path.to_string_lossy();
    format!("chmod 700 {}", shell_escape::unix::escape(text))
}

/// Makes sure the data dir exists and is the owner's alone: created 0700
/// (with any missing parents) when absent; refused, with the fix, when it
/// exists open to group or others.
pub fn ensure_private_dir(path: &Path) -> Result<(), AtRestError> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_dir() => Err(AtRestError::NotADirectory {
            path: path.to_path_buf(),
        }),
        Ok(meta) if meta.permissions().mode() & OPEN_BITS != 0 => Err(AtRestError::Exposed {
            path: path.to_path_buf(),
            mode: meta.permissions().mode(),
        }),
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            create_private_dir_all(path).map_err(AtRestError::io(path))?;
            tracing::info!(path = %path.display(), "created the data dir (mode 0700)");
            Ok(())
        }
        Err(e) => Err(AtRestError::io(path)(e)),
    }
}

/// The verdict on the data dir for `nomos doctor`: `Ok` with what it
/// found, or the problem (with its fix). A missing dir is fine: `nomos
/// run` creates it private.
pub fn inspect_dir(path: &Path) -> Result<String, AtRestError> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_dir() => Err(AtRestError::NotADirectory {
            path: path.to_path_buf(),
        }),
        Ok(meta) if meta.permissions().mode() & OPEN_BITS != 0 => Err(AtRestError::Exposed {
            path: path.to_path_buf(),
            mode: meta.permissions().mode(),
        }),
        Ok(meta) => Ok(format!(
            "ok: {} is private (mode {})",
            path.display(),
            format_mode(meta.permissions().mode())
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(format!(
            "ok: {} does not exist yet; `nomos run` creates it with mode 0700",
            path.display()
        )),
        Err(e) => Err(AtRestError::io(path)(e)),
    }
}

/// `mkdir -p` with mode 0700 for every folder it creates (existing ones
/// are left as they are).
pub fn create_private_dir_all(path: &Path) -> std::io::Result<()> {
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(DIR_MODE)
        .create(path)
}

/// Opens `path` for reading and writing, creating it with mode 0600 when
/// it does not exist (an existing file keeps its content).
pub fn open_private(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(FILE_MODE)
        .open(path)
}

/// Writes `bytes` to `path` atomically (a temporary file, synced, then
/// renamed), readable by the owner only.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(FILE_MODE)
        .open(&tmp)?;
    // A leftover temporary file from a crash keeps its old mode.
    file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE))?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// A file or folder whose mode [`tighten`] narrowed: (path, old mode, new
/// mode).
pub type Tightened = (PathBuf, u32, u32);

/// Takes group and other permissions off `path` and, for a folder,
/// everything below it (symbolic links are left alone). Returns what
/// changed, for the caller to report. A file that cannot be changed (not
/// ours, a read-only mount) is reported as a warning and skipped: the
/// private data dir around it still keeps others out.
pub fn tighten(path: &Path) -> Vec<Tightened> {
    let mut changed = Vec::new();
    tighten_into(path, 0, &mut changed);
    changed
}

fn tighten_into(path: &Path, depth: usize, changed: &mut Vec<Tightened>) {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return;
    };
    if meta.file_type().is_symlink() {
        return;
    }
    let mode = meta.permissions().mode();
    if mode & OPEN_BITS != 0 {
        let narrowed = mode & !OPEN_BITS;
        match std::fs::set_permissions(path, std::fs::Permissions::from_mode(narrowed)) {
            Ok(()) => changed.push((path.to_path_buf(), mode, narrowed)),
            Err(e) => tracing::warn!(
                path = %path.display(),
                mode = %format_mode(mode),
                "cannot make this file private: {e}"
            ),
        }
    }
    // The data dir holds a few levels at most; the bound keeps a stray
    // deep tree from turning start-up into a crawl.
    if meta.is_dir()
        && depth < 8
        && let Ok(entries) = std::fs::read_dir(path)
    {
        for entry in entries.flatten() {
            tighten_into(&entry.path(), depth + 1, changed);
        }
    }
}

/// Logs what [`tighten`] changed: at info for files an earlier version
/// (or someone) left open, at debug for files a library just created.
pub fn report_tightened(changed: &[Tightened], preexisting: bool) {
    for (path, from, to) in changed {
        if preexisting {
            tracing::info!(
                path = %path.display(),
                from = %format_mode(*from),
                to = %format_mode(*to),
                "made a file of the data dir private"
            );
        } else {
            tracing::debug!(
                path = %path.display(),
                from = %format_mode(*from),
                to = %format_mode(*to),
                "made a new file private"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o7777
    }

    #[test]
    fn a_missing_data_dir_is_created_private_and_an_open_one_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("a/b/data");
        ensure_private_dir(&data).expect("created");
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&dir.path().join("a")), 0o700);
        ensure_private_dir(&data).expect("private: accepted");

        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o750)).expect("chmod");
        let err = ensure_private_dir(&data).expect_err("0750 is refused");
        let text = err.to_string();
        assert!(text.contains("mode 0750"), "{text}");
        assert!(
            text.contains(&format!("chmod 700 {}", data.display())),
            "{text}"
        );
        assert!(inspect_dir(&data).is_err());
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        assert!(inspect_dir(&data).expect("ok").starts_with("ok"));
    }

    #[test]
    fn the_fix_quotes_a_path_for_the_shell() {
        assert_eq!(
            chmod_fix(Path::new("/srv/my data")),
            "chmod 700 '/srv/my data'"
        );
        assert_eq!(
            chmod_fix(Path::new("/var/lib/nomos")),
            "chmod 700 /var/lib/nomos"
        );
    }

    #[test]
    fn tighten_narrows_files_and_folders_and_reports_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sub = dir.path().join("matrix");
        std::fs::create_dir(&sub).expect("mkdir");
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let file = sub.join("session.json");
        std::fs::write(&file, "{}").expect("write");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let private = dir.path().join("private");
        std::fs::write(&private, "x").expect("write");
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).expect("chmod");

        let changed = tighten(dir.path());
        assert_eq!(mode(&sub), 0o700);
        assert_eq!(mode(&file), 0o600);
        let paths: Vec<&Path> = changed.iter().map(|(p, _, _)| p.as_path()).collect();
        assert!(paths.contains(&sub.as_path()) && paths.contains(&file.as_path()));
        assert!(!paths.contains(&private.as_path()), "{changed:?}");
        assert!(
            tighten(dir.path()).is_empty(),
            "a second pass changes nothing"
        );
    }

    #[test]
    fn private_writes_and_opens_are_0600() {
        let dir = tempfile::tempdir().expect("tempdir");
        let written = dir.path().join("secret");
        write_private(&written, b"value").expect("write");
        assert_eq!(mode(&written), 0o600);
        assert_eq!(std::fs::read(&written).expect("read"), b"value");
        let opened = dir.path().join("lock");
        open_private(&opened).expect("open");
        assert_eq!(mode(&opened), 0o600);
    }
}
