//! What the confined command must not see: the secret files and folders
//! (the classifier's list, matched on the real paths found on this
//! machine, not on the command's words), and the sockets of daemons that
//! act on root's word (systemd, D-Bus, Docker, containerd, QEMU's monitor,
//! Proxmox's daemons, …): a read-only command talks to none of them.

use std::path::{Path, PathBuf};

use nomos_classify::secrets;

use crate::remembered;

/// Where secrets are looked for by name, and how deep. Secrets deeper or
/// elsewhere are still behind their folders when the folder is listed
/// (`/etc/pve/priv/`), and behind file modes otherwise.
const SEARCHED: &[(&str, usize)] = &[
    ("/etc", 5),
    ("/root", 4),
    ("/home", 5),
    ("/srv", 5),
    ("/opt", 4),
    ("/var/lib", 2),
    ("/var/backups", 2),
    ("/usr/local/etc", 4),
    ("/tmp", 6),
];

/// At most this many folder entries are looked at in all (a bound on the
/// cost per command); past it the search stops and says so.
const BUDGET: usize = 60_000;

/// Sockets a read-only command may still reach: none by name (journald's
/// sockets too are covered: a message logged is a file written).
const SOCKETS_ALLOWED: &[&str] = &[];

/// Prefixes of sockets a read-only command may still reach: the user-record
/// lookups `id` and `ls -l` make (a read-only Varlink service).
const SOCKET_FOLDERS_ALLOWED: &[&str] = &["/run/systemd/userdb/"];

/// Where daemons keep their sockets, searched with a budget of their own
/// (so a large home folder cannot use it up), and how deep.
const SOCKET_PLACES: &[(&str, usize)] = &[
    ("/run", 32),
    ("/tmp", 5),
    ("/var/lib", 4),
    ("/var/spool", 4),
];

/// Folders of package managers: thousands of files, never a socket (the
/// search skips them to stay cheap per command).
const SOCKETLESS: &[&str] = &[
    "/var/lib/dpkg",
    "/var/lib/apt",
    "/var/lib/ucf",
    "/var/lib/rpm",
];

/// Entries looked at for sockets at most.
const SOCKET_BUDGET: usize = 60_000;

/// What to hide.
#[derive(Debug, Default)]
pub(crate) struct Hidden {
    /// Folders covered by an empty, read-only folder.
    pub folders: Vec<PathBuf>,
    /// Files (secrets and daemon sockets) covered by a node that cannot be
    /// opened.
    pub files: Vec<PathBuf>,
    /// Whether a search stopped at its budget (then the confinement is
    /// not built: what was not searched may not be hidden).
    pub cut: bool,
}

/// Finds the secret folders, the secret files by name (with `by_name`),
/// and the daemon sockets (with `sockets`: where the seccomp filter lets
/// the command open Unix sockets at all).
pub(crate) fn find(by_name: bool, sockets: bool) -> Hidden {
    let mut hidden = Hidden::default();
    for folder in secrets::folders() {
        let path = Path::new(folder.trim_end_matches('/'));
        if path.is_dir() {
            hidden.folders.push(path.to_path_buf());
        }
    }
    let mut names_cut = false;
    if by_name {
        (hidden.files, names_cut) = by_name_remembered(&hidden.folders);
    }
    let mut budget = SOCKET_BUDGET;
    for (place, depth) in SOCKET_PLACES.iter().filter(|_| sockets) {
        walk_skipping(
            Path::new(place),
            *depth,
            &mut budget,
            SOCKETLESS,
            &mut |path, kind| {
                use std::os::unix::fs::FileTypeExt;
                let text = path.to_string_lossy();
                let allowed = SOCKETS_ALLOWED.contains(&text.as_ref())
                    || SOCKET_FOLDERS_ALLOWED.iter().any(|a| text.starts_with(a));
                if kind.is_socket() && !allowed {
                    hidden.files.push(path.to_path_buf());
                }
            },
        );
    }
    hidden.cut = names_cut || budget == 0;
    hidden
}

/// The secret files by name outside `folders`, from the last search where
/// nothing it listed has changed since (see [`crate::remembered`]), else
/// searched; whether the search stopped at its budget.
fn by_name_remembered(folders: &[PathBuf]) -> (Vec<PathBuf>, bool) {
    let record = remembered::place();
    let mut budget = BUDGET;
    let mut found = Vec::new();
    let mut visit = |path: &Path, kind: std::fs::FileType| {
        let text = path.to_string_lossy();
        if kind.is_file() && secrets::is_secret_path(&text) && !under(folders, path) {
            found.push(path.to_path_buf());
        }
    };
    if let Some(walked) = record.as_deref().and_then(remembered::recall) {
        // What changed too recently to be remembered is searched again.
        for (folder, depth) in &walked.fresh {
            walk_skipping(folder, *depth, &mut budget, &[], &mut visit);
        }
        found.extend(walked.found);
        return (found, budget == 0);
    }
    let mut walked = remembered::Walked::default();
    let own = record.as_deref().and_then(Path::parent);
    for (root, depth) in SEARCHED {
        let mut walk = Walk {
            budget: &mut budget,
            skip: &[],
            record: Some(Recording {
                walked: &mut walked,
                own,
                now: remembered::now(),
            }),
        };
        walk.below(Path::new(root), *depth, &mut visit);
    }
    walked.found = found;
    let cut = budget == 0;
    if let (Some(record), false) = (&record, cut) {
        remembered::keep(record, &walked);
    }
    (walked.found, cut)
}

fn under(folders: &[PathBuf], path: &Path) -> bool {
    folders.iter().any(|f| path.starts_with(f))
}

/// Visits entries below `dir` without following symbolic links, not
/// entering the folders in `skip`.
fn walk_skipping(
    dir: &Path,
    depth: usize,
    budget: &mut usize,
    skip: &[&str],
    visit: &mut dyn FnMut(&Path, std::fs::FileType),
) {
    Walk {
        budget,
        skip,
        record: None,
    }
    .below(dir, depth, visit);
}

/// A walk over folders: its budget of entries, the folders it does not
/// enter, and where the folders it lists are recorded.
struct Walk<'a> {
    budget: &'a mut usize,
    skip: &'a [&'a str],
    record: Option<Recording<'a>>,
}

/// Where a walk records the folders it lists, each as it was just before
/// it was listed; a folder that changed too recently, and `own` (the
/// record's folder, changed by every record written), as to be searched
/// again each time, with all below it.
struct Recording<'a> {
    walked: &'a mut remembered::Walked,
    own: Option<&'a Path>,
    now: i64,
}

impl Walk<'_> {
    fn below(&mut self, dir: &Path, depth: usize, visit: &mut dyn FnMut(&Path, std::fs::FileType)) {
        if self.skip.iter().any(|s| dir == Path::new(s)) {
            return;
        }
        let mut fresh = false;
        if let Some(record) = &mut self.record {
            match remembered::Listed::now(dir) {
                Some(listed) if record.own != Some(dir) && listed.settled(record.now) => {
                    record.walked.listed.push(listed)
                }
                _ => {
                    record.walked.fresh.push((dir.to_path_buf(), depth));
                    fresh = true;
                }
            }
        }
        // Nothing below a folder searched again each time is recorded.
        let recording = if fresh { self.record.take() } else { None };
        self.list(dir, depth, visit);
        if recording.is_some() {
            self.record = recording;
        }
    }

    fn list(&mut self, dir: &Path, depth: usize, visit: &mut dyn FnMut(&Path, std::fs::FileType)) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            if *self.budget == 0 {
                return;
            }
            *self.budget -= 1;
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let path = entry.path();
            if kind.is_dir() {
                if depth > 1 {
                    self.below(&path, depth - 1, visit);
                }
            } else {
                visit(&path, kind);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(
        dir: &Path,
        depth: usize,
        budget: &mut usize,
        visit: &mut dyn FnMut(&Path, std::fs::FileType),
    ) {
        walk_skipping(dir, depth, budget, &[], visit);
    }

    #[test]
    fn secret_names_are_found_and_ordinary_files_are_not() {
        let dir = std::env::temp_dir().join(format!("nomos-confine-hide-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("app/.ssh")).expect("dirs");
        for name in [
            "app/.env",
            "app/.ssh/id_ed25519",
            "app/server.key",
            "app/readme.txt",
        ] {
            std::fs::write(dir.join(name), "x").expect("write");
        }
        let mut found = Vec::new();
        let mut budget = 100;
        walk(&dir, 4, &mut budget, &mut |p, k| {
            if k.is_file() && secrets::is_secret_path(&p.to_string_lossy()) {
                found.push(
                    p.strip_prefix(&dir)
                        .expect("below")
                        .to_string_lossy()
                        .to_string(),
                );
            }
        });
        found.sort();
        std::fs::remove_dir_all(&dir).expect("clean");
        assert_eq!(found, ["app/.env", "app/.ssh/id_ed25519", "app/server.key"]);
    }

    #[test]
    fn the_walk_stops_at_its_budget() {
        let mut budget = 3;
        let mut seen = 0;
        walk(Path::new("/usr/bin"), 1, &mut budget, &mut |_, _| seen += 1);
        assert_eq!(budget, 0);
        assert!(seen <= 3);
    }
}
