//! The search for secrets by name, remembered between commands. Where
//! the secret guard cannot run (not root of the machine: an SSH login
//! user, root in a container), every command's confinement walks `/etc`,
//! the homes and the rest for secret names: about 2.5 ms on a small
//! Debian host, most of the confinement's cost per command. Its result
//! only changes when a folder it listed changes, so it is kept beside
//! the helper (`<helper>.secrets`, in Nomos's own cache folder on the
//! target) with each listed folder's identity: device, inode and change
//! time (`ctime`, which the kernel sets on every entry added, removed or
//! renamed in the folder, or a change to its mode, and which no one can
//! set back). A later command re-reads the folders' identities (one
//! `statx` each, about a tenth of the entries) and uses the result only
//! if every one is the same; else it walks again.
//!
//! What keeps it exact:
//! - the identity is read before the folder is listed, so a change
//!   during the listing shows as a different identity next time;
//! - a result is not kept when any listed folder changed in the last
//!   [`SETTLE_SECS`] seconds: a change in the same clock tick as the
//!   listing could leave the change time as it was;
//! - a mount over a listed folder changes its device and inode;
//! - the user and groups that walked are part of the record (what a
//!   walk can list depends on them); a new helper has a new file.
//!
//! The record is Nomos's own file, written by the helper before the
//! command's view is made read-only; the command can neither write nor
//! (as a covered secret would be) rely on it. A record that is missing,
//! damaged or from someone else is ignored and rewritten.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A listed folder changed this recently (seconds): the walk is not kept.
const SETTLE_SECS: i64 = 2;
const HEADER: &str = "nomos-confine secrets 1";

/// A folder as it was when the walk listed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Listed {
    pub path: PathBuf,
    dev: u64,
    ino: u64,
    ctime: (i64, i64),
}

impl Listed {
    /// The folder at `path` as it is now; `None` if it cannot be read.
    pub(crate) fn now(path: &Path) -> Option<Listed> {
        let meta = std::fs::metadata(path).ok()?;
        Some(Listed {
            path: path.to_path_buf(),
            dev: meta.dev(),
            ino: meta.ino(),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        })
    }

    /// Whether it last changed long enough before `now` (seconds since
    /// the epoch) that a later change cannot leave its change time as is.
    pub(crate) fn settled(&self, now: i64) -> bool {
        self.ctime.0 <= now - SETTLE_SECS
    }
}

/// Seconds since the epoch.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A walk's result: the folders it listed (settled ones), the folders to
/// search again each time with the depth to search them to, and the
/// files it found outside those.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Walked {
    pub listed: Vec<Listed>,
    pub fresh: Vec<(PathBuf, usize)>,
    pub found: Vec<PathBuf>,
}

/// Who walks: what a walk can list depends on it.
fn walker() -> String {
    // SAFETY: getuid/getgid cannot fail; getgroups fills our buffer.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let mut groups = vec![0 as libc::gid_t; 256];
    let n = unsafe { libc::getgroups(groups.len() as libc::c_int, groups.as_mut_ptr()) };
    groups.truncate(usize::try_from(n).unwrap_or(0));
    groups.sort_unstable();
    let groups: Vec<String> = groups.iter().map(u32::to_string).collect();
    format!("{uid} {gid} {}", groups.join(","))
}

/// Where the record is kept: beside the running helper.
pub(crate) fn place() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let mut name = exe.file_name()?.to_os_string();
    name.push(".secrets");
    Some(exe.with_file_name(name))
}

/// The last walk, if every folder it remembered is as it was. Once a
/// folder searched each time has settled, the walk is made again (and
/// then remembers it).
pub(crate) fn recall(record: &Path) -> Option<Walked> {
    let text = std::fs::read_to_string(record).ok()?;
    let walked = parse(&text, &walker())?;
    let now = now();
    let unchanged = walked
        .listed
        .iter()
        .all(|l| Listed::now(&l.path).as_ref() == Some(l));
    let settled = walked.fresh.iter().any(|(folder, _)| {
        Some(folder.as_path()) != record.parent()
            && Listed::now(folder).is_some_and(|l| l.settled(now))
    });
    (unchanged && !settled).then_some(walked)
}

/// Keeps `walked` for later commands (the files found below a folder
/// searched each time are found again then). Failing to write it costs
/// only time.
pub(crate) fn keep(record: &Path, walked: &Walked) {
    let text = render(walked, &walker());
    let temp = record.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&temp, text).is_err() || std::fs::rename(&temp, record).is_err() {
        let _ = std::fs::remove_file(&temp);
    }
}

fn render(walked: &Walked, walker: &str) -> String {
    let mut text = format!("{HEADER} {walker}\n");
    for l in &walked.listed {
        let (dev, ino, (s, ns)) = (l.dev, l.ino, l.ctime);
        text.push_str(&format!("d {dev} {ino} {s} {ns} {}\n", escape(&l.path)));
    }
    for (folder, depth) in &walked.fresh {
        text.push_str(&format!("a {depth} {}\n", escape(folder)));
    }
    let again = |f: &PathBuf| walked.fresh.iter().any(|(folder, _)| f.starts_with(folder));
    for f in walked.found.iter().filter(|f| !again(f)) {
        text.push_str(&format!("f {}\n", escape(f)));
    }
    text
}

fn parse(text: &str, walker: &str) -> Option<Walked> {
    let mut lines = text.lines();
    if lines.next()? != format!("{HEADER} {walker}") {
        return None;
    }
    let mut walked = Walked::default();
    for line in lines {
        let mut fields = line.split(' ');
        match fields.next()? {
            "d" => {
                let mut number = || fields.next()?.parse::<i64>().ok();
                let (dev, ino, s, ns) = (number()?, number()?, number()?, number()?);
                walked.listed.push(Listed {
                    dev: dev as u64,
                    ino: ino as u64,
                    ctime: (s, ns),
                    path: unescape(fields.next()?)?,
                });
            }
            "a" => {
                let depth = fields.next()?.parse().ok()?;
                walked.fresh.push((unescape(fields.next()?)?, depth));
            }
            "f" => walked.found.push(unescape(fields.next()?)?),
            _ => return None,
        }
    }
    Some(walked)
}

/// A path as one word of printable ASCII: every other byte, space and
/// backslash as `\ooo`.
fn escape(path: &Path) -> String {
    let mut out = String::new();
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_graphic() && b != b'\\' {
            out.push(b as char);
        } else {
            out.push_str(&format!("\\{b:03o}"));
        }
    }
    out
}

fn unescape(word: &str) -> Option<PathBuf> {
    let bytes = word.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            let digits = std::str::from_utf8(bytes.get(i + 1..i + 4)?).ok()?;
            out.push(u8::from_str_radix(digits, 8).ok()?);
            i += 4;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(PathBuf::from(OsStr::from_bytes(&out)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nomos-remembered-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    #[test]
    fn a_record_reads_back_as_written_whatever_the_names() {
        let walked = Walked {
            listed: vec![Listed {
                path: PathBuf::from(OsStr::from_bytes(b"/etc/a b\\c\n\xff")),
                dev: 2049,
                ino: u64::from(u32::MAX) + 7,
                ctime: (1_700_000_000, 999_999_999),
            }],
            fresh: vec![(PathBuf::from("/tmp"), 6)],
            found: vec![
                PathBuf::from("/etc/app/.env"),
                PathBuf::from("/home/x/id rsa"),
            ],
        };
        let text = render(&walked, "1000 1000 4,1000");
        assert_eq!(text.lines().count(), 5, "{text}");
        assert_eq!(parse(&text, "1000 1000 4,1000").as_ref(), Some(&walked));
        // Files below a folder searched each time are not remembered.
        let below = Walked {
            found: vec![PathBuf::from("/tmp/x/.env")],
            ..walked
        };
        let back = parse(&render(&below, "0 0 "), "0 0 ").expect("parses");
        assert!(back.found.is_empty() && back.fresh.len() == 1, "{back:?}");
        let walked = Walked {
            found: vec![PathBuf::from("/etc/app/.env")],
            ..below
        };
        let text = render(&walked, "1000 1000 4,1000");
        // Someone else's record, or a damaged one, is not used.
        assert_eq!(parse(&text, "0 0 0"), None);
        assert_eq!(parse(&format!("{text}x y\n"), "1000 1000 4,1000"), None);
        assert_eq!(parse("d 1 2\n", "1000 1000 4,1000"), None);
    }

    /// A change made right after another may fall in the same tick of
    /// the file system's clock (what `SETTLE_SECS` guards against): the
    /// test's changes are spaced.
    fn tick() {
        std::thread::sleep(std::time::Duration::from_millis(30));
    }

    #[test]
    fn a_record_holds_only_while_every_folder_listed_is_unchanged() {
        let dir = scratch("hold");
        let sub = dir.join("sub");
        std::fs::create_dir(&sub).expect("sub");
        let record = dir.join("record.secrets");
        let listed = |p: &Path| Listed::now(p).expect("listed");
        assert!(listed(&sub).settled(now() + SETTLE_SECS) && !listed(&sub).settled(now()));
        let walked = || Walked {
            listed: vec![listed(&dir), listed(&sub)],
            fresh: Vec::new(),
            found: vec![dir.join(".env")],
        };
        // A folder searched each time is searched until it settles.
        let fresh = Walked {
            fresh: vec![(sub.clone(), 1), (dir.clone(), 2)],
            ..Walked::default()
        };
        std::fs::write(&record, render(&fresh, &walker())).expect("write");
        assert!(recall(&record).is_some(), "not settled yet");
        let settled_fresh = Walked {
            fresh: vec![(std::path::PathBuf::from("/usr"), 1)],
            ..Walked::default()
        };
        std::fs::write(&record, render(&settled_fresh, &walker())).expect("write");
        assert_eq!(recall(&record), None, "settled: walked again");
        let before = walked();
        tick();
        keep(&record, &before);
        // Writing the record changed its folder: remembered as it was
        // before, it no longer holds.
        assert_eq!(recall(&record), None);
        let text = render(&walked(), &walker());
        std::fs::write(&record, text).expect("write");
        assert_eq!(
            recall(&record).map(|w| w.found),
            Some(vec![dir.join(".env")])
        );
        tick();
        std::fs::write(sub.join("new.key"), "k").expect("new file");
        assert_eq!(recall(&record), None, "a new entry changes the folder");
        let text = render(&walked(), &walker());
        std::fs::write(&record, text).expect("write");
        assert!(recall(&record).is_some());
        tick();
        std::fs::rename(sub.join("new.key"), sub.join("renamed")).expect("rename");
        assert_eq!(recall(&record), None, "a rename changes the folder");
        let text = render(&walked(), &walker());
        std::fs::write(&record, text).expect("write");
        tick();
        let mode = std::os::unix::fs::PermissionsExt::from_mode(0o700);
        std::fs::set_permissions(&sub, mode).expect("chmod");
        assert_eq!(recall(&record), None, "a mode change changes the folder");
        let text = render(&walked(), &walker());
        std::fs::write(&record, text).expect("write");
        std::fs::remove_dir_all(&sub).expect("remove");
        assert_eq!(recall(&record), None, "a folder gone");
        std::fs::remove_dir_all(&dir).expect("clean");
    }
}
