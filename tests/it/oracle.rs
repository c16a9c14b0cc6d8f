//! The syscall oracle: every command the classifier corpus says is
//! read-only is run for real, with bash as Nomos runs it, under `strace -f`
//! in a throwaway root (tests/fixtures/oracle/sandbox.sh: read-only mounts,
//! a private /tmp, no network), and the trace is judged. A read-only command
//! may not open a file for writing (outside /dev/null, the terminal and
//! temporary files it creates in its private /tmp), create, remove, rename,
//! truncate, chmod or chown anything, signal a process it did not start, or
//! run a program the command does not name unless that program is itself
//! judged read-only or is a documented helper of one it names. Commands
//! whose programs are not installed here (Proxmox's tools, ZFS, …) run as
//! far as bash gets; the test prints how many ran for real.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use nomos::gate::RiskClass;
use nomos::gate::classify::{classify, corpus, words_of};

/// What apt runs by design: the dpkg database, signature checks, and its
/// acquire methods (`/usr/lib/apt/methods/*`; there is no network here).
const APT: &[&str] = &[
    "dpkg",
    "dpkg-query",
    "apt-config",
    "gpgv",
    "sqv",
    "apt-key",
    "http",
    "https",
    "file",
    "store",
    "copy",
];

/// Programs a named program runs by design, with the effect of the one
/// named (apt's helpers, `watch` running its command through `sh -c`).
const HELPERS: &[(&str, &[&str])] = &[
    ("apt", APT),
    ("apt-get", APT),
    ("apt-cache", APT),
    ("dpkg", &["dpkg-query", "dpkg-deb", "tar"]),
    ("watch", &["sh"]),
    // The gzip wrappers decompress to standard output with gzip.
    ("zcat", &["gzip"]),
    ("zgrep", &["gzip", "grep"]),
    ("zegrep", &["gzip", "grep"]),
    ("zless", &["gzip", "less"]),
    ("zmore", &["gzip", "more"]),
    // man-db formats a page with groff's filters and shows it with a pager.
    ("man", MAN),
    // sysstat's sar reads its counters through sadc.
    ("sar", &["sadc"]),
    // Debian's lsb_release is a shell script.
    ("lsb_release", &["getopt", "sed", "cat", "grep"]),
];

/// What man-db runs to format and show a page.
const MAN: &[&str] = &[
    "preconv", "tbl", "eqn", "pic", "troff", "grotty", "groff", "nroff", "col", "pager", "less",
    "more", "cat", "zsoelim", "manconv", "gtbl", "geqn", "gpic", "iconv",
];

/// Paths a read-only command may open for writing (or replace): the null
/// device and the terminal, and one judgment call: apt's simulation
/// (`apt-get -s`) rewrites its planner log, a log and no package state.
fn harmless_path(path: &str, named: &BTreeSet<String>) -> bool {
    let home_config = std::env::var("HOME")
        .map(|home| format!("{home}/.config"))
        .unwrap_or_default();
    matches!(path, "/dev/null" | "/dev/tty" | "/dev/full" | "/dev/zero")
        || path.starts_with("/dev/pts/")
        || (path == "/var/log/apt/eipp.log.xz"
            && ["apt", "apt-get"].iter().any(|a| named.contains(*a)))
        // man-db keeps formatted pages in its cache.
        || (path.starts_with("/var/cache/man/") && named.contains("man"))
        // procps's top makes its (empty) rc directory if it is missing.
        || ((path == home_config || path == format!("{home_config}/procps"))
            && named.contains("top"))
}

/// The first quoted string of a trace line's arguments (the path).
fn first_path(line: &str) -> Option<&str> {
    let start = line.find('"')? + 1;
    let end = start + line[start..].find('"')?;
    Some(&line[start..end])
}

/// The pid a trace line starts with.
fn pid_of(line: &str) -> Option<u32> {
    line.split_whitespace().next()?.parse().ok()
}

/// What in `trace` breaks "read-only" for `command`.
fn violations(command: &str, trace: &str) -> Vec<String> {
    let traced: BTreeSet<u32> = trace.lines().filter_map(pid_of).collect();
    let named: BTreeSet<String> = words_of(command)
        .iter()
        .map(|w| w.rsplit('/').next().unwrap_or(w).to_string())
        .collect();
    let helpers: BTreeSet<&str> = HELPERS
        .iter()
        .filter(|(program, _)| named.contains(*program))
        .flat_map(|(_, helpers)| helpers.iter().copied())
        .collect();
    let mut temporary: BTreeSet<String> = BTreeSet::new();
    let mut found = Vec::new();
    let mut first_exec = true;
    for line in trace.lines() {
        let Some(call) = line.split_whitespace().nth(1) else {
            continue;
        };
        let name = call.split('(').next().unwrap_or("");
        if call.starts_with("<...") {
            continue; // the end of a call already judged
        }
        let path = first_path(line).unwrap_or("");
        let bad = match name {
            "open" | "openat" | "openat2" | "creat" => {
                let writes = name == "creat"
                    || [
                        "O_WRONLY",
                        "O_RDWR",
                        "O_CREAT",
                        "O_TRUNC",
                        "O_APPEND",
                        "O_TMPFILE",
                    ]
                    .iter()
                    .any(|f| line.contains(f));
                let temp = path.starts_with("/tmp")
                    && (line.contains("O_EXCL") || line.contains("O_TMPFILE"));
                if temp {
                    temporary.insert(path.to_string());
                }
                writes && !temp && !harmless_path(path, &named)
            }
            "unlink" | "unlinkat" => !temporary.contains(path) && !harmless_path(path, &named),
            // A private directory under /tmp is the command's own (dpkg-deb's
            // unpacking directory).
            "mkdir" | "mkdirat" | "rmdir" => {
                let own_temp =
                    path.starts_with("/tmp/") && (name != "rmdir" || temporary.contains(path));
                if own_temp {
                    temporary.insert(path.to_string());
                }
                !own_temp && !harmless_path(path, &named)
            }
            "rename" | "renameat" | "renameat2" | "truncate" | "ftruncate" | "chmod" | "fchmod"
            | "fchmodat" | "chown" | "fchown" | "lchown" | "fchownat" | "symlink" | "symlinkat"
            | "link" | "linkat" | "mknod" | "mknodat" => true,
            "kill" | "tkill" | "tgkill" => {
                let args: Vec<&str> = line
                    .split_once('(')
                    .map(|(_, a)| a.split([',', ')']).map(str::trim).collect())
                    .unwrap_or_default();
                let target = args.get(if name == "tgkill" { 1 } else { 0 });
                let signal = args.get(if name == "tgkill" { 2 } else { 1 });
                let own = target
                    .and_then(|t| t.parse::<u32>().ok())
                    .is_some_and(|t| traced.contains(&t));
                !(own || signal == Some(&"0"))
            }
            "execve" | "execveat" if line.contains(") = 0") => {
                let program = path.rsplit('/').next().unwrap_or(path);
                let allowed = std::mem::take(&mut first_exec)
                    || named.contains(program)
                    || helpers.contains(program)
                    || classify(program, None).class == RiskClass::ReadOnly;
                !allowed
            }
            _ => false,
        };
        if bad {
            found.push(line.to_string());
        }
    }
    found
}

/// Runs `command` in the sandbox and returns its trace.
fn trace_of(command: &str) -> String {
    let script = crate::support::repo_root().join("tests/fixtures/oracle/sandbox.sh");
    let out = std::process::Command::new(script)
        .arg(command)
        .output()
        .expect("the sandbox runs");
    let trace = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        trace.contains("execve("),
        "the sandbox traced nothing for {command:?} (exit {:?}): {trace}",
        out.status.code()
    );
    trace
}

#[test]
fn the_oracle_judges_its_own_examples() {
    let own = |s: &str| s.to_string();
    // A write, a removal, a foreign signal and an unnamed program are caught.
    let trace = [
        own(r#"30 execve("/usr/bin/bash", ["bash"], 0x1) = 0"#),
        own(r#"31 openat(AT_FDCWD, "/etc/x", O_WRONLY|O_CREAT|O_TRUNC, 0666) = -1 EROFS (Read-only file system)"#),
        own(r#"31 unlinkat(AT_FDCWD, "/etc/hosts", 0) = -1 EROFS (Read-only file system)"#),
        own("31 kill(1, SIGTERM) = -1 EPERM (Operation not permitted)"),
        own(r#"32 execve("/usr/sbin/reboot", ["reboot"], 0x1) = 0"#),
    ]
    .join("\n");
    assert_eq!(violations("cat /etc/hosts", &trace).len(), 4, "{trace}");
    // Reading, temp files, the null device and own threads are fine.
    let trace = [
        own(r#"30 execve("/usr/bin/bash", ["bash"], 0x1) = 0"#),
        own(r#"31 execve("/usr/bin/sort", ["sort"], 0x1) = 0"#),
        own(r#"31 openat(AT_FDCWD, "/etc/passwd", O_RDONLY|O_CLOEXEC) = 3"#),
        own(r#"31 openat(AT_FDCWD, "/tmp/sortAb12", O_RDWR|O_CREAT|O_EXCL, 0600) = 4"#),
        own(r#"31 unlink("/tmp/sortAb12") = 0"#),
        own(r#"31 openat(AT_FDCWD, "/dev/null", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3"#),
        own("32 tgkill(31, 31, SIGURG) = 0"),
    ]
    .join("\n");
    assert!(violations("sort /etc/passwd", &trace).is_empty());
}

#[test]
fn read_only_commands_write_nothing_and_run_nothing_else() {
    let commands: Vec<String> = corpus()
        .into_iter()
        .filter(|(class, _)| *class == RiskClass::ReadOnly)
        .map(|(_, command)| command)
        .collect();
    assert!(commands.len() >= 100, "{}", commands.len());
    let next = AtomicUsize::new(0);
    let ran_programs = AtomicUsize::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(command) = commands.get(i) else {
                        break;
                    };
                    let trace = trace_of(command);
                    if trace.matches(") = 0").count() > 0
                        && trace
                            .lines()
                            .filter(|l| l.contains("execve(") && l.contains(") = 0"))
                            .count()
                            > 1
                    {
                        ran_programs.fetch_add(1, Ordering::SeqCst);
                    }
                    let found = violations(command, &trace);
                    if !found.is_empty() {
                        failures
                            .lock()
                            .expect("lock")
                            .push(format!("{command}\n    {}", found.join("\n    ")));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("lock");
    let ran = ran_programs.load(Ordering::SeqCst);
    println!(
        "oracle: {} read-only corpus commands run under strace in a read-only root; {ran} ran at least \
         one program of theirs here (the rest are shell built-ins or programs not installed on this \
         machine, e.g. Proxmox's and ZFS's tools); {} wrote or ran something else",
        commands.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "commands the classifier calls read-only that write or run something else:\n{}",
        failures.join("\n")
    );
}
