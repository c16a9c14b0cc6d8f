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
//! far as bash gets; the test prints how many ran for real. Generated
//! commands go through the same oracle: every option of every table (and
//! of every subcommand), with a value where it takes one, and read-only
//! corpus commands combined in pipes, lists, substitutions, loops and
//! conditionals; those the classifier calls read-only are run and judged.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use nomos::domain::RiskClass;
use nomos::gate::classify::{classify, corpus};

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
    ("apt-mark", APT),
    // tar runs the (de)compressor its options name.
    (
        "tar",
        &[
            "gzip", "bzip2", "xz", "lzip", "lzma", "lzop", "zstd", "compress", "gunzip",
        ],
    ),
    // On a machine whose pip is pyenv's shim (this one), the shim is a
    // bash script that finds the real pip.
    ("pip", PYENV),
    ("pip3", PYENV),
    // (This machine's `convert` is a stand-in for ImageMagick's, a Python
    // program run by pyenv's shims; the run at 11000be met it.)
    ("convert", PYENV),
    ("magick", PYENV),
    ("python3", PYENV),
    ("python", PYENV),
    ("apt-get", APT),
    ("apt-cache", APT),
    ("dpkg", &["dpkg-query", "dpkg-deb", "tar"]),
    ("watch", &["sh"]),
    // awk runs a pipe's command through the shell (popen): the command,
    // a string literal of the program, is judged as a script of its own
    // (stop 77).
    ("awk", &["sh"]),
    ("gawk", &["sh"]),
    ("mawk", &["sh"]),
    // The gzip wrappers decompress to standard output with gzip.
    ("zcat", &["gzip"]),
    ("zgrep", &["gzip", "grep"]),
    ("zegrep", &["gzip", "grep"]),
    // less runs its input preprocessor (LESSOPEN, which zless sets to
    // gzip) through the shell.
    ("zless", &["gzip", "less", "sh", "bash"]),
    ("zmore", &["gzip", "more", "sh", "bash"]),
    ("gunzip", &["gzip"]),
    // `locale -m` reads the compressed charmaps through gzip.
    ("locale", &["gzip"]),
    // man-db formats a page with groff's filters and shows it with a pager.
    ("man", MAN),
    // sysstat's sar reads its counters through sadc.
    ("sar", &["sadc"]),
    // Debian's lsb_release is a shell script.
    ("lsb_release", &["getopt", "sed", "cat", "grep"]),
    // util-linux's fsck runs the checker of the filesystem's type with its
    // options (`-n` among them): fsck.ext2 is e2fsck (run 68's seed
    // 1796453564736262980: `fsck -n /etc/hosts`).
    (
        "fsck",
        &[
            "fsck.ext2",
            "fsck.ext3",
            "fsck.ext4",
            "e2fsck",
            "fsck.vfat",
            "fsck.fat",
            "fsck.msdos",
            "fsck.xfs",
            "fsck.btrfs",
            "fsck.minix",
            "fsck.cramfs",
        ],
    ),
];

/// What pyenv's shims run to find the real program.
const PYENV: &[&str] = &[
    "bash",
    "pyenv",
    "pyenv-exec",
    "pyenv-hooks",
    "pyenv-latest",
    "pyenv-prefix",
    "pyenv-version-name",
    "pyenv-version-file",
    "pyenv-version-file-read",
    "pyenv-which",
    "pyenv-root",
    "pyenv-sh-shell",
    "pyenv-version",
    "head",
    "cat",
    "sed",
    "grep",
    "uname",
    "sort",
    "ls",
    "readlink",
    "dirname",
    "basename",
    "pip",
    "pip3",
    "python",
    "python3",
    "python3.11",
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
        // libdevmapper makes its device folder when it is missing (a real
        // host has it; the sandbox's /dev does not).
        || (matches!(path, "/dev" | "/dev/mapper") && named.contains("dmsetup"))
        // sysvinit's pidof writes its complaints to the console.
        || (path == "/dev/console" && named.contains("pidof"))
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

/// The programs `command` names: its words with the shell's punctuation
/// trimmed (`x="$(getent` names getent), each also by its base name.
fn named_programs(command: &str) -> BTreeSet<String> {
    command
        .split_whitespace()
        .map(|w| {
            let w = w.rsplit(['(', '`', '"', '\'', '=']).next().unwrap_or(w);
            let w = w.trim_end_matches([')', ';', '"', '\'', '`']);
            w.rsplit('/').next().unwrap_or(w).to_string()
        })
        .collect()
}

/// Whether an open of `path` (by the call `name`, traced as `line`) writes
/// somewhere that matters: a file of the command's own made with O_EXCL or
/// O_TMPFILE under /tmp is noted in `temporary` and does not.
fn opens_for_writing(
    name: &str,
    line: &str,
    path: &str,
    named: &BTreeSet<String>,
    temporary: &mut BTreeSet<String>,
) -> bool {
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
    let temp = path.starts_with("/tmp") && (line.contains("O_EXCL") || line.contains("O_TMPFILE"));
    if temp {
        temporary.insert(path.to_string());
    }
    writes && !temp && !harmless_path(path, named)
}

/// Whether a kill, tkill or tgkill (`name`, traced as `line`) signals a
/// process outside the `traced` ones, other than with signal 0.
fn signals_another_process(name: &str, line: &str, traced: &BTreeSet<u32>) -> bool {
    let args: Vec<&str> = line
        .split_once('(')
        .map(|(_, a)| a.split([',', ')']).map(str::trim).collect())
        .unwrap_or_default();
    // tgkill names the thread group first: a signal between the
    // command's own threads (Go's SIGURG preemption) stays inside
    // it even when the thread itself made no traced call.
    let target = args.first();
    // (A call strace shows as `kill(1234, 0 <unfinished ...>` when
    // another process's line came between: the signal is its first word.)
    let signal = args
        .get(if name == "tgkill" { 2 } else { 1 })
        .and_then(|s| s.split_whitespace().next());
    let own = target
        .and_then(|t| t.parse::<u32>().ok())
        .is_some_and(|t| traced.contains(&t));
    !(own || signal == Some("0"))
}

/// What in `trace` breaks "read-only" for `command`.
fn violations(command: &str, trace: &str) -> Vec<String> {
    let traced: BTreeSet<u32> = trace.lines().filter_map(pid_of).collect();
    let named = named_programs(command);
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
                opens_for_writing(name, line, path, &named, &mut temporary)
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
            "kill" | "tkill" | "tgkill" => signals_another_process(name, line, &traced),
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

/// Runs `command` in the sandbox (killed after `seconds`) and returns its
/// trace.
fn trace_of(command: &str, seconds: u32) -> String {
    let script = crate::support::repo_root().join("tests/fixtures/oracle/sandbox.sh");
    let out = std::process::Command::new(script)
        .arg(command)
        .env("NOMOS_ORACLE_TIMEOUT", seconds.to_string())
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
        // Signal 0 probes; strace may cut the line where another came.
        own("31 kill(1234, 0 <unfinished ...>"),
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
    let (ran, failures) = run_all(&commands, 5);
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

/// Values given to an option that takes one: a number, a file to read,
/// and a path outside /tmp that an option which writes would create (the
/// read-only root refuses it, and the trace shows the attempt). Each
/// option gets one, in turn.
const VALUES: &[&str] = &["1", "/etc/hosts", "/srv/nomos-oracle"];

/// Every option of `spec` written out once, with a value where it takes
/// one (`n` picks which).
fn options_of(spec: &nomos::gate::classify::tables::Spec) -> Vec<String> {
    let value = |n: usize| VALUES[n % VALUES.len()];
    let dash = if spec.single_dash_long { "-" } else { "--" };
    let mut out: Vec<String> = Vec::new();
    out.extend(spec.flags.chars().map(|c| format!("-{c}")));
    out.extend(spec.optional.chars().map(|c| format!("-{c}")));
    out.extend(spec.long.iter().map(|l| format!("{dash}{l}")));
    out.extend(spec.long_optional.iter().map(|l| format!("{dash}{l}")));
    let n = out.len();
    out.extend(
        spec.valued
            .chars()
            .enumerate()
            .map(|(i, c)| format!("-{c} {}", value(n + i))),
    );
    let n = out.len();
    out.extend(spec.long_valued.iter().enumerate().map(|(i, l)| {
        let v = value(n + i);
        if spec.single_dash_long {
            format!("-{l} {v}")
        } else {
            format!("--{l}={v}")
        }
    }));
    if spec.numeric {
        out.push("-5".to_string());
    }
    out
}

/// One command per option of every table (per subcommand too), each with
/// a file operand where the program reads some: option fuzzing over the
/// tables, in the shapes Nomos's property tests use.
fn generated_from_tables() -> Vec<String> {
    use nomos::gate::classify::tables::{Operands, entries};
    let mut out = BTreeSet::new();
    for entry in entries() {
        let program = entry.names[0];
        let mut specs = vec![(program.to_string(), entry.spec)];
        if let Operands::Verbs { verbs, .. } = entry.spec.operands {
            for verb in verbs {
                for name in verb.names.split('|').filter(|n| *n != "*") {
                    specs.push((format!("{program} {name}"), verb.spec.unwrap_or(entry.spec)));
                }
            }
        }
        for (prefix, spec) in specs {
            let operand = match spec.operands {
                Operands::Read => " /etc/hosts",
                Operands::None
                | Operands::AtMost(_)
                | Operands::Names { .. }
                | Operands::Exactly { .. }
                | Operands::Verbs { .. } => "",
                // Wrappers run a command of their own: `true` stands in.
                Operands::Command { skip: 0, .. } => " true",
                Operands::Command { .. } => continue,
            };
            out.insert(format!("{prefix}{operand}"));
            for option in options_of(spec) {
                out.insert(format!("{prefix} {option}{operand}"));
            }
        }
    }
    out.into_iter().collect()
}

/// A small deterministic generator: the same seed picks the same inputs.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n.max(1)
    }

    /// `count` of `items`, without repeats (all of them when fewer).
    fn sample(&mut self, items: &[String], count: usize) -> Vec<String> {
        let mut pool = items.to_vec();
        let mut out = Vec::new();
        while out.len() < count && !pool.is_empty() {
            let i = self.below(pool.len());
            out.push(pool.swap_remove(i));
        }
        out
    }
}

/// Read-only corpus commands combined the ways shells combine commands
/// (pipes, lists, substitutions, loops, conditionals).
fn generated_shapes(read_only: &[String], pick: &mut Pick, count: usize) -> Vec<String> {
    let simple: Vec<&String> = read_only
        .iter()
        .filter(|c| !c.contains('\n') && c.len() < 80)
        .collect();
    let shapes: [fn(&str, &str) -> String; 6] = [
        |a, b| format!("{a} | {b}"),
        |a, b| format!("{a} && {b}"),
        |a, b| format!("{a} 2>/dev/null; {b}"),
        |a, _| format!("x=\"$({a})\"; echo \"$x\""),
        |a, _| format!("for i in 1 2; do {a}; done"),
        |a, b| format!("if {a} >/dev/null; then {b}; fi"),
    ];
    (0..count)
        .map(|n| {
            let a = simple[pick.below(simple.len())];
            let b = simple[pick.below(simple.len())];
            shapes[n % shapes.len()](a, b)
        })
        .collect()
}

/// Runs `commands` in the sandbox, four at a time; returns how many ran a
/// program of theirs and the violations found.
fn run_all(commands: &[String], seconds: u32) -> (usize, Vec<String>) {
    let next = AtomicUsize::new(0);
    let ran_programs = AtomicUsize::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                while let Some(command) = commands.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let trace = trace_of(command, seconds);
                    let execs = trace
                        .lines()
                        .filter(|l| l.contains("execve(") && l.contains(") = 0"))
                        .count();
                    if execs > 1 {
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
    (
        ran_programs.load(Ordering::SeqCst),
        failures.into_inner().expect("lock"),
    )
}

/// How many generated commands of each kind one run tries: a fresh
/// sample each run (the tables give over ten thousand), replayed with
/// `NOMOS_FUZZ_SEED`.
const TABLE_SAMPLE: usize = 700;
const SHAPE_SAMPLE: usize = 100;

#[test]
fn generated_read_only_commands_write_nothing_and_run_nothing_else() {
    let seed = crate::fuzz::seed();
    let mut pick = Pick(seed);
    let corpus_read_only: Vec<String> = corpus()
        .into_iter()
        .filter(|(class, _)| *class == RiskClass::ReadOnly)
        .map(|(_, command)| command)
        .collect();
    let judged_read_only = |commands: Vec<String>| -> Vec<String> {
        commands
            .into_iter()
            .filter(|c| classify(c, None).class == RiskClass::ReadOnly)
            .collect()
    };
    let tables = generated_from_tables();
    let from_tables = judged_read_only(tables.clone());
    let shapes = generated_shapes(&corpus_read_only, &mut pick, SHAPE_SAMPLE);
    let from_shapes = judged_read_only(shapes.clone());
    assert!(
        from_tables.len() >= 1000,
        "only {} generated commands judged read-only",
        from_tables.len()
    );
    // `NOMOS_ORACLE_SAMPLE=N` runs more (or all) of them.
    let sample = std::env::var("NOMOS_ORACLE_SAMPLE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(TABLE_SAMPLE);
    let mut commands = pick.sample(&from_tables, sample);
    commands.extend(from_shapes.iter().cloned());
    // A shorter leash than the corpus's: some options follow or wait by
    // design (`tail -f`, `journalctl -f`), and what they do in the first
    // two seconds shows what they do.
    let (ran, failures) = run_all(&commands, 2);
    println!(
        "oracle (generated, seed {seed}): {} commands from every option of every table, {} judged \
         read-only, {sample} of them run; {} combined shapes, {} judged read-only and run; \
         {ran} ran a program of theirs here; {} wrote or ran something else",
        tables.len(),
        from_tables.len(),
        shapes.len(),
        from_shapes.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "generated commands the classifier calls read-only that write or run something else \
         (replay with NOMOS_FUZZ_SEED={seed}):\n{}",
        failures.join("\n")
    );
}
