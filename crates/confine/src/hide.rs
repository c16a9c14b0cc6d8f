//! What the confined command must not see: the secret files and folders
//! (the classifier's list, matched on the real paths found on this
//! machine, not on the command's words), and the sockets of daemons that
//! act on root's word (systemd, D-Bus, Docker, containerd, QEMU's monitor,
//! Proxmox's daemons, …): a read-only command talks to none of them.

use std::path::{Path, PathBuf};

use nomos_classify::secrets;

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
];

/// At most this many folder entries are looked at in all (a bound on the
/// cost per command); past it the search stops and says so.
const BUDGET: usize = 60_000;

/// Sockets under /run a read-only command may still reach: logging, and
/// the user-record lookups `id` and `ls -l` make.
const SOCKETS_ALLOWED: &[&str] = &[
    "/run/systemd/journal/",
    "/run/systemd/userdb/",
    "/run/nscd/",
];

/// What to hide.
#[derive(Debug, Default)]
pub struct Hidden {
    /// Folders covered by an empty, read-only folder.
    pub folders: Vec<PathBuf>,
    /// Files (secrets and daemon sockets) covered by a node that cannot be
    /// opened.
    pub files: Vec<PathBuf>,
    /// Whether the search stopped at its budget.
    pub cut: bool,
    /// Whether secrets are searched by name (no guard refuses them on
    /// open): then also in the machine's /tmp, once it is in place.
    pub by_name: bool,
}

/// Finds the secret folders, the secret files by name (with `by_name`),
/// and the daemon sockets.
pub fn find(by_name: bool) -> Hidden {
    let mut hidden = Hidden {
        by_name,
        ..Hidden::default()
    };
    for folder in secrets::folders() {
        let path = Path::new(folder.trim_end_matches('/'));
        if path.is_dir() {
            hidden.folders.push(path.to_path_buf());
        }
    }
    let mut budget = BUDGET;
    for (root, depth) in SEARCHED.iter().filter(|_| by_name) {
        walk(Path::new(root), *depth, &mut budget, &mut |path, kind| {
            let text = path.to_string_lossy();
            if kind.is_file() && secrets::is_secret_path(&text) && !under(&hidden.folders, path) {
                hidden.files.push(path.to_path_buf());
            }
        });
    }
    walk(Path::new("/run"), 6, &mut budget, &mut |path, kind| {
        use std::os::unix::fs::FileTypeExt;
        let text = path.to_string_lossy();
        if kind.is_socket() && !SOCKETS_ALLOWED.iter().any(|a| text.starts_with(a)) {
            hidden.files.push(path.to_path_buf());
        }
    });
    hidden.cut = budget == 0;
    hidden
}

/// What to cover below `dir` (the machine's /tmp): its sockets, and with
/// `by_name` its secret files too (eight levels deep at most).
pub fn below(dir: &Path, by_name: bool) -> Vec<PathBuf> {
    use std::os::unix::fs::FileTypeExt;
    let mut found = Vec::new();
    let mut budget = 20_000;
    walk(dir, 8, &mut budget, &mut |path, kind| {
        let secret = by_name && kind.is_file() && secrets::is_secret_path(&path.to_string_lossy());
        if kind.is_socket() || secret {
            found.push(path.to_path_buf());
        }
    });
    found
}

fn under(folders: &[PathBuf], path: &Path) -> bool {
    folders.iter().any(|f| path.starts_with(f))
}

/// Visits entries below `dir` without following symbolic links.
fn walk(
    dir: &Path,
    depth: usize,
    budget: &mut usize,
    visit: &mut dyn FnMut(&Path, std::fs::FileType),
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() {
            if depth > 1 {
                walk(&path, depth - 1, budget, visit);
            }
        } else {
            visit(&path, kind);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
