//! Projects read from a folder others may write (review 123): a Helm
//! chart or a compose project is a folder whose files the tool reads as
//! its own, following symbolic links (Helm's loader includes a linked
//! file's contents; compose-go reads the project's `.env` through one) and
//! fetching what they name (a chart's `values.schema.json` `$ref` URLs,
//! compose's `include:` of a git remote). In a folder anyone or a
//! service may write (`/tmp`, a user's home, `/srv`), those files are
//! someone else's choice: a link to `/etc/shadow` is printed as root, a
//! `$ref` reaches any host. The card shows only the folder.

use super::*;
use crate::secret_paths::Folders;

/// Helm's commands that load a chart, and the words that may name it as
/// a folder: every word after the verb that is no option (an option's
/// value too: a folder named like one is still a folder helm may load),
/// and `.` for those whose chart defaults to the working folder (`helm
/// lint`); review 125.
fn helm_chart<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    let words: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    // (From the first word that is a verb: a global option's value may
    // stand before it, `helm -n web show values /tmp/chart`; every word
    // after it may be the chart; review 128.)
    let Some(at) = words.iter().position(|w| {
        matches!(
            *w,
            "show"
                | "inspect"
                | "template"
                | "install"
                | "upgrade"
                | "lint"
                | "package"
                | "dependency"
                | "dep"
                | "dependencies"
        )
    }) else {
        return Vec::new();
    };
    let mut all = words[at + 1..].to_vec();
    if matches!(
        words[at],
        "lint" | "package" | "dependency" | "dep" | "dependencies"
    ) {
        all.push(".");
    }
    all
}

/// The folder a compose project is read from: `-f FILE`'s folder,
/// `--project-directory DIR`, or the working folder.
fn compose_folders(lits: &[&str]) -> Option<Vec<String>> {
    let at = lits.iter().position(|w| *w == "compose")?;
    let words = &lits[at + 1..];
    // (Its projects list and its version load no project: only right
    // after `compose`, no option's value taken for them, `-p ls`;
    // review 127.)
    if words
        .first()
        .is_some_and(|verb| matches!(*verb, "ls" | "version"))
    {
        return None;
    }
    let mut folders = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let value = |name: &str| match w.strip_prefix(name) {
            Some(rest) if rest.starts_with('=') => Some(rest[1..].to_string()),
            Some("") => words.get(i + 1).map(|v| (*v).to_string()),
            // (A short option's value attached: `-f/tmp/x/compose.yml`.)
            Some(rest) if name.len() == 2 => Some(rest.to_string()),
            _ => None,
        };
        if let Some(file) =
            value("--file").or_else(|| (!w.starts_with("--")).then(|| value("-f")).flatten())
        {
            let folder = file
                .rsplit_once('/')
                .map_or(".", |(dir, _)| dir)
                .to_string();
            folders.push(if folder.is_empty() {
                "/".to_string()
            } else {
                folder
            });
        } else if let Some(dir) = value("--project-directory") {
            folders.push(dir);
        }
        i += 1;
    }
    if folders.is_empty() {
        folders.push(".".to_string());
    }
    Some(folders)
}

/// Whether anyone, or a user other than root, may write `path`'s folder:
/// the world-writable folders and users' homes (a service's folder under
/// `/opt` or `/srv` is root's to set up, where compose projects live).
fn others_write(path: &str) -> bool {
    const FOLDERS: &[&str] = &[
        "/tmp",
        "/var/tmp",
        "/dev/shm",
        "/run/shm",
        "/home",
        "/run/user",
        "/var/lock",
        "/run/lock",
        // (The RHEL family's `/usr/tmp` is `/var/tmp`; samba's print
        // spool is sticky and open to all; review 128.)
        "/usr/tmp",
        "/var/spool/samba",
    ];
    path.contains("/../")
        || path.ends_with("/..")
        // (A guest's tree, which the guest writes: review 125.)
        || super::programs::git::in_guest(&format!("{}/", path.trim_end_matches('/')))
        || FOLDERS
            .iter()
            .any(|f| path == *f || path.strip_prefix(f).is_some_and(|r| r.starts_with('/')))
}

/// A web server's document folders, written by its account.
fn web_root(path: &str) -> bool {
    ["/var/www", "/srv/www", "/srv/http", "/usr/share/nginx/html"]
        .iter()
        .any(|f| path == *f || path.strip_prefix(f).is_some_and(|r| r.starts_with('/')))
        || path.contains("/public_html")
}

/// A project in a folder others may write ([`others_write`]) read by
/// `name`: Helm's chart commands, any `docker compose` command.
pub(crate) fn judge(name: &str, args: &[Arg], folders: &Folders) -> Option<Verdict> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let places: Vec<String> = match name {
        // (A chart from a repository, `bitnami/nginx`, is a folder first
        // if one of that name is there: helm's LocateChart stats it.)
        "helm" => helm_chart(&lits).into_iter().map(str::to_string).collect(),
        "docker" | "podman" | "nerdctl" => compose_folders(&lits)?,
        "docker-compose" | "podman-compose" => {
            let mut with = vec!["compose"];
            with.extend(lits.iter().copied());
            compose_folders(&with)?
        }
        // WP-CLI reads `wp-cli.yml` from the working folder and each one
        // above it (`ssh:` runs the command elsewhere, `require:` loads a
        // PHP file): a web root is written by the web server's account
        // (review 132).
        // (Or any folder others write, `/tmp`: wp-cli looks upward from
        // there too; review 133.)
        "wp" if folders
            .resolve(".")
            .iter()
            .chain(folders.places_of(".").iter())
            .any(|p| web_root(p) || others_write(p))
            || folders.unknown() =>
        {
            vec![".".to_string()]
        }
        "wp" => return None,
        _ => return None,
    };
    if name == "wp" {
        return Some(Verdict::mutation(
            "`wp` reads `wp-cli.yml` from the working folder, a web root the web server's \
             account writes: it may run the command on another host or load any PHP file",
        ));
    }
    // (A relative place after a `cd` only known at run time may be
    // anywhere.)
    let shared = places
        .iter()
        .flat_map(|p| folders.resolve(p))
        .any(|p| others_write(&p))
        // (As written too: `/proc/PID/root/…` resolves to the host's own
        // view, but is the process's root.)
        || places.iter().any(|p| others_write(p))
        // (And as spelled, by its text alone: `cd / && cd proc/1/root/x`,
        // `//proc/…`; review 127.)
        || places
            .iter()
            .flat_map(|p| folders.places_of(p))
            .any(|p| others_write(&p))
        || ((folders.unknown() || folders.through_proc())
            && places.iter().any(|p| !p.starts_with('/')));
    shared.then(|| {
        Verdict::mutation(format!(
            "`{name}` reads a project from a folder others may write: its files (linked anywhere, \
             a secret among them) and the addresses it names are not on the card"
        ))
    })
}
