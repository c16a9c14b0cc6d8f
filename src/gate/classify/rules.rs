//! What each program does, judged from its name and arguments: the table
//! of known inspection commands, the flags and subcommands that make a
//! tool write or destroy, the wrappers to look through, and the shells and
//! interpreters whose input is itself a program.

use brush_parser::ast::{Command, CommandPrefixOrSuffixItem, SimpleCommand};

use super::words::{self, Arg};
use super::{Stdin, Verdict, Walker};

// ---------------------------------------------------------------------------
// Argument helpers.

/// Literal arguments up to `--`.
fn options(args: &[Arg]) -> impl Iterator<Item = &str> {
    args.iter()
        .filter_map(Arg::literal)
        .take_while(|a| *a != "--")
        .filter(|a| a.starts_with('-') && a.len() > 1)
}

/// Whether a short flag (`-x`, also inside clusters like `-rxf`) or a long
/// one (`--name`, `--name=value`) is present.
fn has_flag(args: &[Arg], shorts: &str, longs: &[&str]) -> bool {
    options(args).any(|opt| {
        if let Some(long) = opt.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            longs.contains(&name)
        } else {
            let cluster = &opt[1..];
            cluster.chars().any(|c| shorts.contains(c))
        }
    })
}

/// Whether a long flag starting with `prefix` is present (`--vacuum-size`).
fn has_long_prefix(args: &[Arg], prefix: &str) -> bool {
    options(args).any(|opt| {
        opt.strip_prefix("--")
            .is_some_and(|l| l.starts_with(prefix))
    })
}

/// Positional arguments: not options, skipping the values of the options
/// listed in `takes_value`; everything after `--`.
fn positionals<'a>(args: &'a [Arg], takes_value: &[&str]) -> Vec<&'a Arg> {
    let mut out = Vec::new();
    let mut skip_next = false;
    let mut rest = false;
    for arg in args {
        if rest {
            out.push(arg);
            continue;
        }
        if skip_next {
            skip_next = false;
            continue;
        }
        match arg.literal() {
            Some("--") => rest = true,
            Some(a) if a.starts_with('-') && a.len() > 1 => {
                if takes_value.contains(&a) {
                    skip_next = true;
                }
            }
            _ => out.push(arg),
        }
    }
    out
}

/// The index in `args` of the first positional argument (see [`positionals`]).
fn first_positional_index(args: &[Arg], takes_value: &[&str]) -> Option<usize> {
    let mut skip_next = false;
    for (i, arg) in args.iter().enumerate() {
        if skip_next {
            skip_next = false;
            continue;
        }
        match arg.literal() {
            Some("--") => return (i + 1 < args.len()).then_some(i + 1),
            Some(a) if a.starts_with('-') && a.len() > 1 => {
                if takes_value.contains(&a) {
                    skip_next = true;
                }
            }
            _ => return Some(i),
        }
    }
    None
}

fn first_dynamic(args: &[Arg]) -> Option<&Arg> {
    args.iter().find(|a| a.is_dynamic())
}

/// For tools whose safety depends on their flags: an argument only known
/// at run time could be any flag.
fn unknown_arg(program: &str, args: &[Arg]) -> Option<Verdict> {
    first_dynamic(args).map(|a| {
        Verdict::mutation(format!(
            "`{program}` has an argument only known at run time (`{}`), which could be a writing flag",
            a.raw()
        ))
    })
}

/// `when` if the condition holds, else `otherwise`.
fn either(condition: bool, when: Verdict, otherwise: Verdict) -> Verdict {
    if condition { when } else { otherwise }
}

/// Judges `program VERB …` from tables of verbs.
fn by_verb(program: &str, verb: Option<&Arg>, read: &[&str], destructive: &[&str]) -> Verdict {
    match verb {
        None => Verdict::read_only(format!("`{program}` without a subcommand only prints")),
        Some(v) => match v.literal() {
            None if destructive.is_empty() => {
                Verdict::mutation(format!("`{program}` subcommand only known at run time"))
            }
            None => Verdict::destructive(format!(
                "`{program}` subcommand only known at run time (`{}`)",
                v.raw()
            )),
            Some(v) if read.contains(&v) => {
                Verdict::read_only(format!("`{program} {v}` only inspects"))
            }
            Some(v) if destructive.contains(&v) => {
                Verdict::destructive(format!("`{program} {v}` loses data or availability"))
            }
            Some(v) => Verdict::mutation(format!("`{program} {v}` changes state")),
        },
    }
}

// ---------------------------------------------------------------------------
// Tables.

/// Inspection commands with no writing flags: read-only whatever their
/// arguments (output redirection is judged separately).
#[rustfmt::skip]
const READERS: &[&str] = &[
    "cat", "tac", "head", "tail", "wc", "grep", "egrep", "fgrep", "zgrep", "zegrep", "rg", "ag",
    "less", "more", "most", "file", "stat", "df", "du", "free", "uptime", "uname", "whoami", "id",
    "groups", "w", "who", "last", "lastb", "lastlog", "pwd", "echo", "printf", "true", "false",
    "test", "[", "which", "whereis", "type", "printenv", "ps", "pgrep", "pidof", "top", "htop",
    "atop", "btop", "lsblk", "blkid", "lscpu", "lsmem", "lspci", "lsusb", "lsof", "lsmod",
    "modinfo", "netstat", "ping", "ping6", "traceroute", "traceroute6", "tracepath", "mtr", "dig",
    "nslookup", "host", "getent", "jq", "cut", "column", "diff", "cmp", "comm", "md5sum", "sha1sum",
    "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "od", "hexdump",
    "strings", "realpath", "readlink", "dirname", "basename", "seq", "sleep", "tree", "zcat",
    "bzcat", "xzcat", "zstdcat", "zless", "zmore", "nl", "fold", "fmt", "pr", "paste", "join",
    "expand", "unexpand", "rev", "tr", "base64", "base32", "basenc", "expr", "bc", "cal", "ncal",
    "locale", "tty", "nproc", "arch", "sensors", "vmstat", "iostat", "mpstat", "pidstat", "sar",
    "findmnt", "lsns", "mountpoint", "getconf", "numfmt", "pveversion", "lsattr", "getfacl",
    "hostid", "logname", "users", "dnsdomainname", "lslocks", "lsipc", "ldd", "readelf", "objdump",
    "nm", "man", "info", "apropos", "whatis", "help", "lsb_release", "ssh-keyscan", "iptables-save",
    "ip6tables-save", "dpkg-query", "apt-cache", "yes", "env", "timeout", "uuidgen", "ls", "dir",
    "vdir", "stty", "tput", "dmidecode", "lshw", "inxi", "iotop", "iftop", "nload", "glances",
    "pvs", "vgs", "lvs", "pvdisplay", "vgdisplay", "lvdisplay", "pvscan", "vgscan", "lvscan", "zdb",
    "arcstat", "arc_summary", "named-checkconf", "named-checkzone", "look", "cd", "pushd", "popd",
    "dirs", ":", "shopt", "wait", "hash", "history", "exit", "return", "break", "continue",
    "unalias", "ulimit", "umask", "read", "getopts", "shift", "let", "jobs", "times", "caller",
    "set", "unset",
];

#[rustfmt::skip]
const SHELLS: &[&str] = &[
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "rbash",
];

#[rustfmt::skip]
const INTERPRETERS: &[&str] = &[
    "perl", "ruby", "node", "nodejs", "php", "lua", "tclsh", "Rscript", "deno", "bun",
];

/// Environment variables that change which program runs or what code it
/// loads: setting them makes what follows unknowable.
#[rustfmt::skip]
const DANGEROUS_VARIABLES: &[&str] = &[
    "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "BASH_ENV", "ENV", "IFS", "PROMPT_COMMAND",
    "PS4", "SHELLOPTS", "BASHOPTS", "GLOBIGNORE", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME",
    "PERL5LIB", "PERL5OPT", "RUBYLIB", "RUBYOPT", "NODE_OPTIONS", "NODE_PATH", "GIT_SSH_COMMAND",
    "GIT_EXEC_PATH",
];

/// Where writing is harmless.
#[rustfmt::skip]
const SINKS: &[&str] = &[
    "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2",
    "/proc/self/fd/1", "/proc/self/fd/2",
];

/// `NAME=value` before a command, or as a statement.
pub(super) fn assignment(name: &str) -> Verdict {
    if DANGEROUS_VARIABLES.contains(&name) {
        Verdict::destructive(format!(
            "sets {name}, which changes what program or code runs"
        ))
    } else {
        Verdict::read_only(format!("sets the variable {name}"))
    }
}

/// Writing output to `target` (a redirection, `tee`, `dd of=`).
pub(super) fn write_target(target: &Arg) -> Verdict {
    let Some(path) = target.literal() else {
        return Verdict::destructive(format!(
            "writes to `{}`, a target only known at run time",
            target.raw()
        ));
    };
    if SINKS.contains(&path) {
        Verdict::read_only(format!("discards output to {path}"))
    } else if path == "/proc/sysrq-trigger" || path.starts_with("/dev/") {
        Verdict::destructive(format!("writes to the device {path}"))
    } else {
        Verdict::mutation(format!("writes to {path}"))
    }
}

// ---------------------------------------------------------------------------
// Pipelines into shells.

fn simple_argv(simple: &SimpleCommand) -> Vec<Arg> {
    simple
        .word_or_name
        .iter()
        .chain(
            simple
                .suffix
                .iter()
                .flat_map(|s| s.0.iter())
                .filter_map(|i| match i {
                    CommandPrefixOrSuffixItem::Word(w)
                    | CommandPrefixOrSuffixItem::AssignmentWord(_, w) => Some(w),
                    _ => None,
                }),
        )
        .map(|w| words::analyse(&w.value).arg)
        .collect()
}

fn base(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// If this pipeline stage decodes or transforms its data (so what it feeds a
/// shell is hidden from review), a short description of it.
pub(super) fn decodes_or_transforms(command: &Command) -> Option<String> {
    let Command::Simple(simple) = command else {
        return Some("a compound command".to_string());
    };
    let argv = simple_argv(simple);
    // Look through wrappers: the first word that names a known transformer.
    for (i, arg) in argv.iter().enumerate() {
        let Some(word) = arg.literal() else {
            return Some(format!("`{}`", arg.raw()));
        };
        let name = base(word);
        let rest = &argv[i + 1..];
        let decoding = match name {
            "base64" | "base32" | "basenc" => has_flag(rest, "dD", &["decode"]),
            "xxd" => has_flag(rest, "r", &["revert"]),
            "gzip" | "bzip2" | "xz" | "zstd" | "lz4" | "lzma" => {
                has_flag(rest, "d", &["decompress", "uncompress"])
            }
            "openssl" => has_flag(rest, "d", &[]),
            "echo" => has_flag(rest, "e", &[]) || rest.iter().any(|a| a.raw().contains('\\')),
            "printf" => rest
                .iter()
                .any(|a| a.raw().contains('\\') || a.raw().contains('%')),
            "gunzip" | "zcat" | "bunzip2" | "bzcat" | "unxz" | "xzcat" | "unzstd" | "zstdcat"
            | "uudecode" | "rev" | "tr" | "sed" | "awk" | "gawk" | "mawk" | "iconv" | "perl"
            | "ruby" | "node" | "php" | "eval" => true,
            n if n.starts_with("python") => true,
            _ => false,
        };
        if decoding {
            return Some(name.to_string());
        }
        if !matches!(
            name,
            "sudo" | "doas" | "env" | "nice" | "nohup" | "stdbuf" | "timeout" | "command" | "exec"
        ) {
            return None;
        }
    }
    None
}

/// The exact text an `echo`/`printf` of literal words prints, when it is
/// plain (no escapes, no format directives).
pub(super) fn literal_output(simple: &SimpleCommand) -> Option<String> {
    let argv = simple_argv(simple);
    let (program, rest) = argv.split_first()?;
    let name = base(program.literal()?);
    if rest
        .iter()
        .any(|a| a.kind != words::ArgKind::Literal || a.text.contains('\\'))
    {
        return None;
    }
    let words: Vec<&str> = rest.iter().map(|a| a.text.as_str()).collect();
    match name {
        "echo" => {
            let words: Vec<&str> = words.into_iter().skip_while(|w| *w == "-n").collect();
            if words.first().is_some_and(|w| w.starts_with('-')) {
                return None;
            }
            Some(words.join(" "))
        }
        "printf" if words.len() == 1 && !words[0].contains('%') => Some(words[0].to_string()),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// The judge.

/// `PROGRAM --version` (or `--help`, `-V`) alone only prints, whatever the
/// program: worth knowing so a version check never waits for approval.
pub(super) fn only_prints_version(argv: &[Arg]) -> Option<Verdict> {
    let [program, flag] = argv else { return None };
    let name = program.literal().filter(|_| !program.is_glob())?;
    let name = base(name);
    if SHELLS.contains(&name)
        || matches!(
            name,
            "sudo" | "env" | "eval" | "exec" | "xargs" | "timeout" | "nice" | "nohup"
        )
    {
        return None;
    }
    matches!(
        flag.literal(),
        Some("--version" | "--help" | "-V" | "-version")
    )
    .then(|| Verdict::read_only(format!("`{name}` only prints its version or usage")))
}

/// Judges `name args…`. `name` is the program's base name.
pub(super) fn judge(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    if let Some(v) = wrapper(w, name, args, stdin.clone(), depth) {
        return v;
    }
    if SHELLS.contains(&name) {
        return shell(w, name, args, stdin, depth);
    }
    if name.starts_with("python") || INTERPRETERS.contains(&name) {
        return interpreter(w, name, args, stdin, depth);
    }
    if name.starts_with("mkfs") || matches!(name, "mke2fs" | "mkswap" | "mkdosfs" | "mkntfs") {
        return Verdict::destructive(format!("`{name}` creates a filesystem, erasing the device"));
    }
    if let Some(v) = specific(w, name, args, depth) {
        return v;
    }
    if READERS.contains(&name) {
        return Verdict::read_only(format!("`{name}` only inspects"));
    }
    Verdict::mutation(format!("`{name}` is not a known inspection command"))
}

/// Wrappers that run another command: judged by what they run.
fn wrapper(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    let via = |inner: Verdict| Some(inner.prefixed(&format!("via `{name}`: ")));
    let run_from = |w: &mut Walker, i: Option<usize>, stdin: Stdin<'_>| match i {
        Some(i) => via(w.invocation(&args[i..], stdin, depth)),
        None => None,
    };
    match name {
        "sudo" => {
            if has_flag(args, "lvV", &["list", "validate", "version"])
                && first_positional_index(args, SUDO_VALUES).is_none()
            {
                return Some(Verdict::read_only("`sudo` only lists or validates"));
            }
            if has_flag(args, "e", &["edit"]) {
                return Some(Verdict::mutation("`sudo -e` edits files"));
            }
            match first_positional_index(args, SUDO_VALUES) {
                Some(i) => via(w.invocation(&args[i..], stdin, depth)),
                None => Some(Verdict::mutation("`sudo` opens a root shell")),
            }
        }
        "doas" => run_from(w, first_positional_index(args, &["-u", "-C"]), stdin),
        "runuser" => {
            if has_flag(args, "c", &["command"]) {
                return Some(inline_script(
                    w,
                    name,
                    args,
                    &["-u", "-g", "-G", "-s", "--user", "--group", "--shell"],
                    depth,
                ));
            }
            run_from(
                w,
                first_positional_index(args, &["-u", "-g", "-G", "--user", "--group"]),
                stdin,
            )
        }
        "su" => {
            if has_flag(args, "c", &["command"]) {
                return Some(inline_script(
                    w,
                    name,
                    args,
                    &["-s", "--shell", "-g", "-G", "--group"],
                    depth,
                ));
            }
            Some(Verdict::mutation("`su` opens a shell as another user"))
        }
        "env" => {
            if has_flag(args, "S", &["split-string"]) {
                return Some(inline_script(
                    w,
                    name,
                    args,
                    &["-u", "--unset", "-C", "--chdir"],
                    depth,
                ));
            }
            let mut i = 0;
            let mut verdict = Verdict::read_only("`env` prints the environment");
            let mut skip_next = false;
            while i < args.len() {
                let a = &args[i];
                if skip_next {
                    skip_next = false;
                } else if let Some(lit) = a.literal() {
                    if lit == "--" {
                        i += 1;
                        break;
                    } else if lit.starts_with('-') {
                        skip_next = matches!(lit, "-u" | "--unset" | "-C" | "--chdir");
                    } else if let Some((var, _)) = lit.split_once('=') {
                        verdict = verdict.max(assignment(var));
                    } else {
                        break;
                    }
                } else {
                    return Some(Verdict::destructive(format!(
                        "`env` runs `{}`, only known at run time",
                        a.raw()
                    )));
                }
                i += 1;
            }
            if i < args.len() {
                Some(verdict.max(via(w.invocation(&args[i..], stdin, depth))?))
            } else {
                Some(verdict)
            }
        }
        "timeout" => {
            // timeout [OPTION] DURATION COMMAND…
            let i = first_positional_index(args, &["-s", "--signal", "-k", "--kill-after"])?;
            match args.get(i + 1) {
                Some(_) => via(w.invocation(&args[i + 1..], stdin, depth)),
                None => Some(Verdict::read_only("`timeout` without a command")),
            }
        }
        "nice" | "ionice" | "chrt" | "nohup" | "setsid" | "stdbuf" | "unbuffer" | "time"
        | "chroot" | "nsenter" | "flock" | "taskset" | "busybox" | "builtin" | "exec"
        | "strace" | "ltrace" => {
            let values: &[&str] = match name {
                "nice" => &["-n", "--adjustment"],
                "ionice" => &["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"],
                "chrt" => &["-p"],
                "stdbuf" => &["-i", "-o", "-e"],
                "nsenter" => &["-t", "--target", "-S", "-G", "--setuid", "--setgid"],
                "flock" => &["-w", "--timeout", "-E", "--conflict-exit-code"],
                "strace" | "ltrace" => &["-e", "-o", "-p", "-s", "-u", "-E"],
                _ => &[],
            };
            if name == "flock" && has_flag(args, "c", &["command"]) {
                return Some(inline_script(w, name, args, values, depth));
            }
            if matches!(name, "strace" | "ltrace") && has_flag(args, "p", &[]) {
                return Some(Verdict::read_only(format!(
                    "`{name}` attaches to a process to watch it"
                )));
            }
            let first = first_positional_index(args, values);
            // chroot DIR CMD, flock FILE CMD, chrt PRIO CMD, taskset MASK CMD:
            // the first positional is not the command.
            let first = match name {
                "chroot" | "flock" | "chrt" | "taskset" => first.map(|i| i + 1),
                _ => first,
            };
            match first {
                Some(i) if i < args.len() => via(w.invocation(&args[i..], stdin, depth)),
                _ if name == "exec" => Some(Verdict::read_only("`exec` only redirects")),
                _ if name == "chroot" => Some(Verdict::mutation("`chroot` opens a shell")),
                _ => Some(Verdict::read_only(format!(
                    "`{name}` without a command only prints"
                ))),
            }
        }
        "command" => {
            if has_flag(args, "vV", &[]) {
                return Some(Verdict::read_only("`command -v` looks a program up"));
            }
            run_from(w, first_positional_index(args, &[]), stdin)
        }
        "xargs" => {
            let values = &[
                "-I",
                "-i",
                "-n",
                "-P",
                "-L",
                "-l",
                "-s",
                "-d",
                "-E",
                "-e",
                "-a",
                "--arg-file",
                "--max-args",
                "--max-procs",
                "--max-lines",
                "--delimiter",
                "--replace",
                "--eof",
                "--max-chars",
                "--process-slot-var",
            ];
            match first_positional_index(args, values) {
                Some(i) => {
                    // The rest of its arguments come from the input.
                    let mut argv = args[i..].to_vec();
                    argv.push(Arg::dynamic("<arguments from input>"));
                    via(w.invocation(&argv, Stdin::Unknown, depth))
                }
                None => Some(Verdict::read_only("`xargs` without a command echoes")),
            }
        }
        "watch" => {
            let values = &["-n", "--interval", "-d", "-q", "--equexit"];
            let i = first_positional_index(args, values)?;
            if has_flag(args, "x", &["exec"]) {
                via(w.invocation(&args[i..], stdin, depth))
            } else {
                Some(joined_script(w, name, &args[i..], depth))
            }
        }
        "ssh" => {
            let values = &[
                "-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-W", "-b", "-c", "-E", "-e",
                "-I", "-m", "-O", "-Q", "-S", "-w", "-B",
            ];
            let i = first_positional_index(args, values)?;
            if args.len() > i + 1 {
                Some(joined_script(w, name, &args[i + 1..], depth))
            } else {
                Some(Verdict::mutation("`ssh` opens a remote shell"))
            }
        }
        "systemd-run" => {
            let values = &[
                "-u",
                "--unit",
                "-p",
                "--property",
                "--description",
                "--slice",
                "-E",
                "--setenv",
                "-H",
                "--host",
                "-M",
                "--machine",
                "--uid",
                "--gid",
                "--on-calendar",
                "--on-active",
                "--on-boot",
                "--on-startup",
                "--on-unit-active",
                "--on-unit-inactive",
                "-d",
                "--working-directory",
                "--nice",
                "--timer-property",
                "--path-property",
                "--socket-property",
            ];
            let i = first_positional_index(args, values)?;
            Some(
                Verdict::mutation("`systemd-run` starts a transient unit").max(via(w.invocation(
                    &args[i..],
                    stdin,
                    depth,
                ))?),
            )
        }
        "lxc-attach" => {
            let dashdash = args.iter().position(|a| a.literal() == Some("--"))?;
            via(w.invocation(&args[dashdash + 1..], stdin, depth))
        }
        "pct" if args.first().and_then(Arg::literal) == Some("exec") => {
            // pct exec VMID [--] COMMAND…
            let rest = args.get(2..).unwrap_or(&[]);
            let rest = match rest.first().and_then(Arg::literal) {
                Some("--") => &rest[1..],
                _ => rest,
            };
            if rest.is_empty() {
                return Some(Verdict::mutation("`pct exec` without a command"));
            }
            via(w.invocation(rest, stdin, depth))
        }
        "qm" if args.first().and_then(Arg::literal) == Some("guest")
            && args.get(1).and_then(Arg::literal) == Some("exec") =>
        {
            // qm guest exec VMID [--] COMMAND…
            let rest = args.get(3..).unwrap_or(&[]);
            let options_end = rest.iter().position(|a| a.literal() == Some("--"));
            let rest = match options_end {
                Some(i) => &rest[i + 1..],
                None => {
                    let i = first_positional_index(
                        rest,
                        &["--timeout", "--pass-stdin", "--synchronous"],
                    )
                    .unwrap_or(rest.len());
                    &rest[i..]
                }
            };
            if rest.is_empty() {
                return Some(Verdict::mutation("`qm guest exec` without a command"));
            }
            via(w.invocation(rest, stdin, depth))
        }
        "docker" | "podman"
            if args
                .iter()
                .filter_map(Arg::literal)
                .find(|a| !a.starts_with('-'))
                == Some("exec") =>
        {
            let i = args.iter().position(|a| a.literal() == Some("exec"))?;
            let rest = &args[i + 1..];
            let values = &[
                "-e",
                "--env",
                "--env-file",
                "-u",
                "--user",
                "-w",
                "--workdir",
                "--detach-keys",
            ];
            let container = first_positional_index(rest, values)?;
            let command = &rest[container + 1..];
            if command.is_empty() {
                return Some(Verdict::mutation(format!(
                    "`{name} exec` without a command"
                )));
            }
            via(w.invocation(command, Stdin::Unknown, depth))
        }
        "ip" if args
            .iter()
            .filter_map(Arg::literal)
            .find(|a| !a.starts_with('-'))
            == Some("netns")
            && args.iter().filter_map(Arg::literal).any(|a| a == "exec") =>
        {
            let i = args.iter().position(|a| a.literal() == Some("exec"))?;
            args.get(i + 2)
                .and_then(|_| via(w.invocation(&args[i + 2..], stdin, depth)))
        }
        "trap" => {
            let handler = args
                .iter()
                .find(|a| a.literal().is_none_or(|l| !l.starts_with('-')))?;
            if args.len() < 2 {
                return Some(Verdict::read_only("`trap` lists handlers"));
            }
            match handler.literal() {
                Some(text) => Some(w.script(text, depth + 1).prefixed("`trap` will run: ")),
                None => Some(Verdict::destructive(
                    "`trap` installs a handler only known at run time",
                )),
            }
        }
        "eval" => Some(Verdict::destructive(
            "`eval` runs text as a command, which cannot be reviewed",
        )),
        "source" | "." => Some(Verdict::mutation(format!(
            "`{name}` runs a script file whose contents are unknown"
        ))),
        "alias" if !args.is_empty() => Some(Verdict::destructive(
            "`alias` can make any command name run something else",
        )),
        "export" | "declare" | "typeset" | "local" | "readonly" => {
            let mut verdict = Verdict::read_only(format!("`{name}` sets shell variables"));
            for a in args {
                match a.literal() {
                    Some(lit) if !lit.starts_with('-') => {
                        let var = lit.split_once('=').map_or(lit, |(v, _)| v);
                        verdict = verdict.max(assignment(var));
                    }
                    Some(_) => {}
                    None => {
                        verdict = verdict.max(Verdict::destructive(format!(
                            "`{name}` sets a variable only known at run time (`{}`)",
                            a.raw()
                        )))
                    }
                }
            }
            Some(verdict)
        }
        _ => None,
    }
}

#[rustfmt::skip]
const SUDO_VALUES: &[&str] = &[
    "-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host",
    "--prompt", "--close-from", "--chdir", "--role", "--type", "--other-user", "--command-timeout",
];

/// `runner -c 'script'`: the script's text is the first positional argument.
fn inline_script(
    w: &mut Walker,
    runner: &str,
    args: &[Arg],
    values: &[&str],
    depth: usize,
) -> Verdict {
    let positional = positionals(args, values);
    match positional.first() {
        Some(text) => match text.literal() {
            Some(script) => w
                .script(script, depth + 1)
                .prefixed(&format!("`{runner} -c` runs: ")),
            None => Verdict::destructive(format!(
                "`{runner} -c` runs `{}`, only known at run time",
                text.raw()
            )),
        },
        None => Verdict::mutation(format!("`{runner} -c` without a script")),
    }
}

/// `watch CMD…`, `ssh HOST CMD…`: the words are joined and run by a shell.
fn joined_script(w: &mut Walker, runner: &str, words: &[Arg], depth: usize) -> Verdict {
    if let Some(d) = first_dynamic(words) {
        return Verdict::destructive(format!(
            "`{runner}` runs `{}`, only known at run time",
            d.raw()
        ));
    }
    let text: Vec<&str> = words.iter().map(|a| a.text.as_str()).collect();
    w.script(&text.join(" "), depth + 1)
        .prefixed(&format!("`{runner}` runs: "))
}

fn shell(w: &mut Walker, name: &str, args: &[Arg], stdin: Stdin<'_>, depth: usize) -> Verdict {
    let mut c_mode = false;
    let mut reads_stdin = false;
    let mut skip_next = false;
    let mut rest = false;
    for a in args {
        if skip_next {
            skip_next = false;
            continue;
        }
        let Some(lit) = a.literal() else {
            return Verdict::destructive(format!(
                "`{name}` gets `{}`, only known at run time",
                a.raw()
            ));
        };
        if !rest && lit == "--" {
            rest = true;
            continue;
        }
        if !rest && (lit.starts_with('-') || lit.starts_with('+')) && lit.len() > 1 {
            if lit == "--version" || lit == "--help" {
                return Verdict::read_only(format!("`{name} {lit}` only prints"));
            }
            if lit.starts_with("--") {
                continue;
            }
            let cluster = &lit[1..];
            c_mode |= cluster.contains('c');
            reads_stdin |= cluster.contains('s');
            skip_next = cluster.ends_with('o') || cluster.ends_with('O');
            continue;
        }
        if c_mode {
            return w
                .script(lit, depth + 1)
                .prefixed(&format!("`{name} -c` runs: "));
        }
        if reads_stdin {
            break;
        }
        return Verdict::mutation(format!(
            "`{name}` runs the script file {lit}, whose contents are unknown"
        ));
    }
    if c_mode {
        return Verdict::mutation(format!("`{name} -c` without a script"));
    }
    w.stdin_script(stdin, name, depth)
}

fn interpreter(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    if args.len() == 1 && has_flag(args, "V", &["version", "help"])
        || args
            .iter()
            .filter_map(Arg::literal)
            .any(|a| a == "--version")
    {
        return Verdict::read_only(format!("`{name} --version` only prints"));
    }
    if has_flag(args, "ceEr", &[]) {
        return Verdict::mutation(format!("`{name}` runs inline code, which is not analysed"));
    }
    if name.starts_with("python") && has_flag(args, "m", &[]) {
        return Verdict::mutation(format!("`{name} -m` runs a module"));
    }
    match positionals(args, &["-W", "-X", "-I"])
        .first()
        .map(|a| a.literal())
    {
        Some(Some("-")) | None => w.stdin_script(stdin, name, depth),
        Some(Some(file)) => Verdict::mutation(format!(
            "`{name}` runs the script {file}, whose contents are unknown"
        )),
        Some(None) => {
            Verdict::destructive(format!("`{name}` runs a script only known at run time"))
        }
    }
}

/// Programs whose effect depends on flags or subcommands.
fn specific(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        "rm" | "unlink" | "shred" | "srm" | "truncate" | "blkdiscard" | "wipe" => {
            de("deletes or overwrites data")
        }
        "rmdir" => mu("removes empty directories"),
        "dd" => {
            let target = args.iter().find_map(|a| match a.literal() {
                Some(l) => l.strip_prefix("of=").map(Arg::literal_of),
                None if a.raw().contains("of=") => Some(a.clone()),
                None => None,
            });
            match target {
                None => ro("reads to standard output"),
                Some(t) if t.literal().is_some_and(|p| SINKS.contains(&p)) => {
                    ro("writes to a sink")
                }
                Some(t) => Verdict::destructive(format!("`dd` overwrites {}", t.raw())),
            }
        }
        "wipefs" => either(
            has_flag(args, "ao", &["all", "offset"]) && !has_flag(args, "n", &["no-act"]),
            de("erases filesystem signatures"),
            ro("lists filesystem signatures"),
        ),
        "fdisk" | "gdisk" | "cfdisk" => either(
            has_flag(args, "l", &["list"]),
            ro("lists partitions"),
            de("rewrites a partition table"),
        ),
        "sfdisk" => either(
            has_flag(
                args,
                "ldV",
                &["list", "dump", "json", "verify", "show-size"],
            ),
            ro("lists partitions"),
            de("rewrites a partition table"),
        ),
        "sgdisk" => either(
            has_flag(args, "piv", &["print", "info", "verify"])
                && !has_flag(
                    args,
                    "ZzondtcC",
                    &[
                        "zap",
                        "zap-all",
                        "new",
                        "delete",
                        "typecode",
                        "change-name",
                        "clear",
                    ],
                ),
            ro("prints partitions"),
            de("rewrites a partition table"),
        ),
        "parted" => {
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            if has_flag(args, "l", &["list"]) || lits.last() == Some(&"print") {
                ro("prints partitions")
            } else {
                de("changes partitions")
            }
        }
        "pvcreate" | "pvremove" | "vgremove" | "lvremove" | "lvreduce" => {
            de("removes or overwrites LVM volumes")
        }
        "lvresize" => {
            if args.iter().filter_map(Arg::literal).any(|a| {
                a.starts_with('-')
                    && a.len() > 1
                    && a[1..].starts_with(|c: char| c.is_ascii_digit())
            }) {
                de("shrinks a volume")
            } else {
                mu("resizes a volume")
            }
        }
        "mdadm" => {
            if has_flag(
                args,
                "SfC",
                &["stop", "zero-superblock", "fail", "remove", "create"],
            ) {
                de("stops, fails or recreates an array")
            } else if has_flag(
                args,
                "DEQ",
                &["detail", "examine", "query", "detail-platform"],
            ) {
                ro("inspects arrays")
            } else {
                mu("changes an array")
            }
        }
        "reboot" | "poweroff" | "halt" | "kexec" => de("stops the machine"),
        "shutdown" => either(
            has_flag(args, "c", &[]),
            mu("cancels a shutdown"),
            de("stops the machine"),
        ),
        "init" | "telinit" => match args.first().and_then(Arg::literal) {
            Some("q" | "Q" | "u" | "U") => mu("reloads init"),
            _ => de("changes the runlevel"),
        },
        "kill" | "pkill" | "killall" | "skill" => {
            if has_flag(args, "lL", &["list", "table"]) {
                return Some(ro("lists signals"));
            }
            let signal = signal_of(args);
            match signal.as_deref() {
                Some("0") => ro("only checks a process exists"),
                Some("HUP" | "1" | "USR1" | "10" | "USR2" | "12" | "WINCH" | "28") => {
                    mu("sends a reload signal")
                }
                _ => de("stops processes"),
            }
        }
        "crontab" => {
            if has_flag(args, "r", &["remove"]) {
                de("deletes the crontab")
            } else if has_flag(args, "l", &["list"]) {
                ro("lists the crontab")
            } else {
                mu("replaces the crontab")
            }
        }
        "journalctl" => {
            if has_long_prefix(args, "vacuum") {
                de("deletes journal files")
            } else if has_flag(
                args,
                "",
                &[
                    "rotate",
                    "flush",
                    "sync",
                    "relinquish-var",
                    "smart-relinquish-var",
                    "setup-keys",
                    "update-catalog",
                ],
            ) {
                mu("changes the journal")
            } else {
                ro("reads logs")
            }
        }
        "find" => return Some(find(w, args, depth)),
        "sed" => {
            if has_flag(args, "i", &["in-place"]) {
                return Some(mu("edits files in place"));
            }
            if let Some(v) = unknown_arg(name, args) {
                return Some(v);
            }
            if has_flag(args, "f", &["file"]) {
                return Some(mu("runs a sed script file, which may write files"));
            }
            let scripts: Vec<&str> = script_args(args, &["-e", "--expression"]);
            let scripts = if scripts.is_empty() {
                positionals(args, &["-l", "--line-length"])
                    .first()
                    .and_then(|a| a.literal())
                    .into_iter()
                    .collect()
            } else {
                scripts
            };
            if scripts.iter().any(|s| sed_writes(s)) {
                mu("script writes files or runs commands (w/W/e)")
            } else {
                ro("prints a transformation")
            }
        }
        "awk" | "gawk" | "mawk" | "nawk" => {
            if let Some(v) = unknown_arg(name, args) {
                return Some(v);
            }
            if has_flag(args, "fi", &["file", "include", "load"]) {
                return Some(mu(
                    "runs an awk program file, which may write files or run commands",
                ));
            }
            let program = positionals(args, &["-F", "-v", "--field-separator", "--assign"])
                .first()
                .and_then(|a| a.literal())
                .unwrap_or("");
            if ["system", "|", ">", "getline", "close(", "fflush"]
                .iter()
                .any(|t| program.contains(t))
            {
                mu("program may write files or run commands")
            } else {
                ro("prints a transformation")
            }
        }
        "sort" | "shuf" => either(
            has_flag(args, "o", &["output"]),
            mu("writes its output file"),
            ro("sorts its input"),
        ),
        "uniq" | "xxd" => either(
            positionals(
                args,
                &["-f", "-s", "-w", "-c", "-g", "-l", "-n", "-o", "-s"],
            )
            .len()
                >= 2,
            mu("writes its output file"),
            ro("only prints"),
        ),
        "tee" => {
            let mut v = ro("copies its input to standard output");
            for target in positionals(args, &[]) {
                v = v.max(write_target(target));
            }
            v
        }
        "split" | "csplit" => mu("writes files"),
        "date" => either(
            has_flag(args, "s", &["set"])
                || positionals(
                    args,
                    &["-d", "--date", "-f", "--file", "-r", "--reference", "-I"],
                )
                .iter()
                .any(|a| a.literal().is_none_or(|l| !l.starts_with('+'))),
            mu("sets the clock"),
            ro("prints the date"),
        ),
        "hostname" => either(
            has_flag(args, "bF", &["file", "boot"]) || !positionals(args, &[]).is_empty(),
            mu("sets the host name"),
            ro("prints the host name"),
        ),
        "hwclock" => either(
            has_flag(
                args,
                "ws",
                &["systohc", "hctosys", "set", "adjust", "systz"],
            ),
            mu("sets a clock"),
            ro("reads the hardware clock"),
        ),
        "dmesg" => either(
            has_flag(
                args,
                "cCnDE",
                &[
                    "clear",
                    "read-clear",
                    "console-level",
                    "console-off",
                    "console-on",
                ],
            ),
            mu("changes the kernel log"),
            ro("reads the kernel log"),
        ),
        "sysctl" => either(
            has_flag(args, "wp", &["write", "load", "system"])
                || args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|a| a.contains('=')),
            mu("sets kernel parameters"),
            ro("reads kernel parameters"),
        ),
        "ss" => either(
            has_flag(args, "K", &["kill"]),
            de("kills sockets"),
            ro("lists sockets"),
        ),
        "curl" => unknown_arg(name, args).unwrap_or_else(|| curl(args)),
        "wget" => {
            let to_stdout = matches!(
                option_value(args, &["-O", "--output-document"]).as_deref(),
                Some("-" | "/dev/null")
            ) || args
                .iter()
                .filter_map(Arg::literal)
                .any(|a| a == "-qO-" || a == "-O-");
            if has_flag(args, "", &["spider"]) || to_stdout {
                ro("fetches a URL without saving it")
            } else {
                mu("downloads a file")
            }
        }
        "openssl" => either(
            args.iter()
                .filter_map(Arg::literal)
                .any(|a| a == "-out" || a == "-keyout"),
            mu("writes files"),
            ro("inspects certificates or keys"),
        ),
        "tar" | "bsdtar" => {
            let old_style = args
                .first()
                .and_then(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .unwrap_or("");
            if has_flag(args, "t", &["list"]) || old_style.contains('t') {
                ro("lists an archive")
            } else {
                mu("creates or extracts an archive")
            }
        }
        "unzip" => either(
            has_flag(args, "ltvZ", &[]),
            ro("lists an archive"),
            mu("extracts an archive"),
        ),
        "gzip" | "bzip2" | "xz" | "zstd" | "lz4" | "gunzip" | "bunzip2" | "unxz" | "unzstd"
        | "lzma" => either(
            has_flag(args, "clt", &["stdout", "to-stdout", "list", "test"]),
            ro("writes to standard output"),
            mu("replaces files with (de)compressed ones"),
        ),
        "ip" => {
            let object = verb(&[
                "-n", "-netns", "-f", "-family", "-b", "-batch", "-rc", "-l", "-loops",
            ]);
            let rest: Vec<&str> = args
                .iter()
                .filter_map(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .collect();
            let action = rest.get(1).copied();
            if first_dynamic(args).is_some() {
                return Some(mu("has arguments only known at run time"));
            }
            match (object.and_then(Arg::literal), action) {
                (None, _) => ro("prints usage"),
                (
                    _,
                    None | Some("show" | "list" | "lst" | "ls" | "sh" | "get" | "monitor" | "help"),
                ) => ro("shows network state"),
                (_, Some("del" | "delete" | "flush")) => de("removes network configuration"),
                _ if rest.contains(&"down") => de("takes a link down"),
                _ => mu("changes network configuration"),
            }
        }
        "systemctl" => {
            let values = &[
                "-H",
                "--host",
                "-M",
                "--machine",
                "-t",
                "--type",
                "-p",
                "--property",
                "-s",
                "--signal",
                "--state",
                "-n",
                "--lines",
                "-o",
                "--output",
                "--root",
                "--kill-whom",
                "--job-mode",
                "--what",
                "--timestamp",
                "--boot-loader-entry",
                "--reboot-argument",
                "--message",
                "--when",
            ];
            if has_flag(args, "", &["version", "help", "failed"]) && verb(values).is_none() {
                return Some(ro("only lists"));
            }
            by_verb(name, verb(values), SYSTEMCTL_READ, SYSTEMCTL_DESTRUCTIVE)
        }
        "service" => {
            if has_flag(args, "", &["status-all", "version", "help"]) {
                return Some(ro("lists services"));
            }
            by_verb(
                name,
                positionals(args, &[]).get(1).copied(),
                &["status"],
                &["stop", "force-stop"],
            )
        }
        "apt" | "apt-get" | "aptitude" => {
            if has_flag(
                args,
                "s",
                &["simulate", "dry-run", "just-print", "no-act", "recon"],
            ) {
                return Some(ro("only simulates"));
            }
            let purge = has_flag(args, "", &["purge"]);
            let v = by_verb(
                name,
                verb(&[
                    "-o",
                    "--option",
                    "-c",
                    "--config-file",
                    "-t",
                    "--target-release",
                    "-a",
                    "--host-architecture",
                ]),
                &[
                    "list",
                    "search",
                    "show",
                    "showsrc",
                    "policy",
                    "depends",
                    "rdepends",
                    "changelog",
                    "help",
                    "moo",
                    "madison",
                    "showpkg",
                    "stats",
                    "why",
                    "why-not",
                    "versions",
                ],
                &["purge", "autopurge"],
            );
            if purge && v.class == crate::gate::RiskClass::ConfigMutation {
                de("purges packages and their configuration")
            } else {
                v
            }
        }
        "apt-mark" => by_verb(
            name,
            verb(&[]),
            &[
                "showhold",
                "showauto",
                "showmanual",
                "showinstall",
                "showremove",
                "showpurge",
            ],
            &[],
        ),
        "dpkg" => {
            if has_flag(args, "P", &["purge"]) {
                de("purges packages and their configuration")
            } else if has_flag(
                args,
                "lLsSpcIC",
                &[
                    "list",
                    "listfiles",
                    "status",
                    "search",
                    "print-avail",
                    "contents",
                    "info",
                    "get-selections",
                    "print-architecture",
                    "print-foreign-architectures",
                    "compare-versions",
                    "audit",
                    "verify",
                    "version",
                    "help",
                ],
            ) {
                ro("inspects packages")
            } else {
                mu("changes packages")
            }
        }
        "docker" | "podman" | "nerdctl" => docker(name, args),
        "docker-compose" | "podman-compose" => compose(name, args),
        "pct" => by_verb(
            name,
            verb(&[]),
            &[
                "list",
                "status",
                "config",
                "pending",
                "df",
                "listsnapshot",
                "cpusets",
                "help",
            ],
            &[
                "destroy",
                "stop",
                "shutdown",
                "reboot",
                "rollback",
                "restore",
                "delsnapshot",
                "suspend",
                "template",
            ],
        ),
        "qm" => {
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            if lits.first() == Some(&"guest") || lits.first() == Some(&"agent") {
                // qm guest cmd VMID COMMAND
                let cmd = lits
                    .iter()
                    .skip(3)
                    .find(|a| !a.starts_with('-'))
                    .copied()
                    .unwrap_or("");
                return Some(match lits.get(1) {
                    Some(&"cmd") | None
                        if cmd.starts_with("get-")
                            || matches!(
                                cmd,
                                "info" | "ping" | "network-get-interfaces" | "fsinfo"
                            ) =>
                    {
                        ro("queries the guest agent")
                    }
                    Some(&"exec-status") => ro("reads a guest command's status"),
                    _ => mu("changes the guest through its agent"),
                });
            }
            by_verb(
                name,
                verb(&[]),
                &[
                    "list",
                    "status",
                    "config",
                    "showcmd",
                    "pending",
                    "listsnapshot",
                    "help",
                    "wait",
                ],
                &[
                    "destroy",
                    "stop",
                    "shutdown",
                    "reset",
                    "reboot",
                    "rollback",
                    "delsnapshot",
                    "suspend",
                    "template",
                ],
            )
        }
        "pvesh" => by_verb(
            name,
            verb(&[]),
            &["get", "ls", "usage", "help"],
            &["delete"],
        ),
        "pveam" => by_verb(name, verb(&[]), &["list", "available", "help"], &[]),
        "pvesm" => by_verb(
            name,
            verb(&[]),
            &[
                "status",
                "list",
                "scan",
                "path",
                "extractconfig",
                "help",
                "nfsscan",
                "cifsscan",
                "glusterfsscan",
                "iscsiscan",
                "lvmscan",
                "lvmthinscan",
                "zfsscan",
            ],
            &["free", "remove"],
        ),
        "pvecm" => by_verb(
            name,
            verb(&[]),
            &["status", "nodes", "help", "qdevice"],
            &["delnode"],
        ),
        "pveum" | "pveceph" | "pvesr" | "pve-firewall" | "ha-manager" | "pvenode"
        | "pvesubscription" => {
            let lits: Vec<&str> = args
                .iter()
                .filter_map(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .collect();
            if lits
                .iter()
                .any(|a| matches!(*a, "delete" | "remove" | "destroy" | "purge"))
            {
                de("deletes configuration")
            } else if lits.is_empty()
                || lits.iter().any(|a| {
                    matches!(
                        *a,
                        "list"
                            | "status"
                            | "show"
                            | "get"
                            | "config"
                            | "help"
                            | "read"
                            | "compile"
                            | "localnet"
                    )
                }) && !lits.iter().any(|a| {
                    matches!(
                        *a,
                        "set"
                            | "add"
                            | "create"
                            | "modify"
                            | "update"
                            | "start"
                            | "stop"
                            | "restart"
                    )
                })
            {
                ro("inspects")
            } else {
                mu("changes cluster configuration")
            }
        }
        "vzdump" => mu("writes a backup"),
        "qmrestore" => de("restores a VM over its current state"),
        "zfs" => {
            let v = verb(&[]);
            if matches!(v.and_then(Arg::literal), Some("receive" | "recv"))
                && has_flag(args, "F", &[])
            {
                return Some(de("receive -F rolls the target back"));
            }
            by_verb(
                name,
                v,
                &[
                    "list",
                    "get",
                    "holds",
                    "diff",
                    "userspace",
                    "groupspace",
                    "projectspace",
                    "help",
                    "version",
                    "send",
                    "wait",
                ],
                &["destroy", "rollback"],
            )
        }
        "zpool" => by_verb(
            name,
            verb(&[]),
            &[
                "list", "status", "get", "iostat", "history", "events", "help", "version", "wait",
            ],
            &["destroy", "labelclear", "create", "split"],
        ),
        "mount" => either(
            positionals(args, &["-t", "-O", "--types"]).is_empty()
                && !has_flag(args, "a", &["all"]),
            ro("lists mounts"),
            mu("mounts a filesystem"),
        ),
        "swapon" => either(
            has_flag(args, "s", &["show", "summary"]) || args.is_empty(),
            ro("lists swap"),
            mu("enables swap"),
        ),
        "iptables" | "ip6tables" | "iptables-legacy" | "iptables-nft" | "ip6tables-legacy"
        | "ip6tables-nft" | "ebtables" | "arptables" => {
            if has_flag(args, "FX", &["flush", "delete-chain"]) {
                de("flushes firewall rules")
            } else if has_flag(args, "LSC", &["list", "list-rules", "check"])
                && !has_flag(args, "Z", &["zero"])
            {
                ro("lists firewall rules")
            } else {
                mu("changes firewall rules")
            }
        }
        "nft" => {
            let lits: Vec<&str> = args
                .iter()
                .filter_map(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .collect();
            match lits.first() {
                None => either(
                    has_flag(args, "f", &["file"]),
                    mu("loads a ruleset"),
                    ro("prints usage"),
                ),
                Some(&"list") => ro("lists the ruleset"),
                Some(&("flush" | "delete" | "destroy")) => de("removes firewall rules"),
                _ => mu("changes firewall rules"),
            }
        }
        "ufw" => by_verb(
            name,
            verb(&[]),
            &["status", "show", "version", "help", "app"],
            &["reset"],
        ),
        "git" => git(args),
        "useradd" | "adduser" | "usermod" | "passwd" | "chpasswd" | "groupadd" | "addgroup"
        | "groupmod" | "gpasswd" | "chage" => mu("changes accounts"),
        "userdel" | "deluser" | "groupdel" | "delgroup" => de("deletes accounts"),
        "rsync" => {
            if has_flag(args, "n", &["dry-run", "list-only"]) {
                ro("only lists what it would copy")
            } else if has_long_prefix(args, "delete")
                || has_flag(args, "", &["remove-source-files"])
            {
                de("deletes files at the destination or source")
            } else {
                mu("copies files")
            }
        }
        "timedatectl" | "hostnamectl" | "localectl" | "resolvectl" | "networkctl" | "loginctl"
        | "busctl" | "coredumpctl" | "systemd-analyze" | "bootctl" | "machinectl" | "homectl"
        | "userdbctl" | "udevadm" => {
            match verb(&[
                "-H",
                "--host",
                "-M",
                "--machine",
                "-p",
                "--property",
                "-o",
                "--output",
            ])
            .map(|a| a.literal())
            {
                None => ro("shows status"),
                Some(None) => mu("subcommand only known at run time"),
                Some(Some(v))
                    if v.starts_with("list")
                        || v.starts_with("show")
                        || v.starts_with("status")
                        || v.starts_with("query")
                        || v.starts_with("get")
                        || v.starts_with("dump")
                        || v.starts_with("cat")
                        || v.starts_with("verify")
                        || v.starts_with("info")
                        || matches!(
                            v,
                            "help"
                                | "blame"
                                | "critical-chain"
                                | "security"
                                | "time"
                                | "statistics"
                                | "monitor"
                                | "calendar"
                                | "timestamp"
                                | "timespan"
                                | "syscall-filter"
                                | "unit-paths"
                                | "log-level"
                                | "domain"
                                | "dns"
                                | "lldp"
                                | "introspect"
                                | "tree"
                        ) =>
                {
                    ro("shows status")
                }
                Some(Some(
                    "terminate-session" | "terminate-user" | "terminate-seat" | "kill-session"
                    | "kill-user" | "poweroff" | "reboot" | "terminate" | "kill" | "remove"
                    | "clean-images",
                )) => de("stops sessions or machines"),
                Some(Some(_)) => mu("changes system settings"),
            }
        }
        "nginx" => match option_value(args, &["-s"]).as_deref() {
            Some("stop" | "quit") => de("stops the web server"),
            Some(_) => mu("signals the web server"),
            None if has_flag(args, "tTvVh?", &[]) => ro("tests or prints configuration"),
            None => mu("starts the web server"),
        },
        "caddy" => by_verb(
            name,
            verb(&["--config", "--adapter", "--address"]),
            &[
                "validate",
                "version",
                "list-modules",
                "build-info",
                "environ",
                "adapt",
                "help",
                "hash-password",
                "fmt",
            ],
            &["stop"],
        ),
        "apachectl" | "apache2ctl" => by_verb(
            name,
            verb(&[]),
            &["configtest", "-t", "-S", "status", "fullstatus", "-v", "-V"],
            &["stop", "graceful-stop"],
        ),
        "certbot" => by_verb(
            name,
            verb(&[]),
            &["certificates", "plugins", "help"],
            &["delete", "revoke"],
        ),
        "smartctl" => either(
            has_flag(
                args,
                "tsoSX",
                &["test", "smart", "offlineauto", "saveauto", "abort", "set"],
            ),
            mu("changes drive settings or starts a test"),
            ro("reads drive health"),
        ),
        "nvme" => by_verb(
            name,
            verb(&[]),
            &[
                "list",
                "smart-log",
                "id-ctrl",
                "id-ns",
                "list-subsys",
                "error-log",
                "fw-log",
                "show-regs",
                "list-ns",
                "list-ctrl",
                "version",
                "help",
            ],
            &[
                "format",
                "sanitize",
                "delete-ns",
                "write-zeroes",
                "write-uncor",
                "detach-ns",
            ],
        ),
        "hdparm" => {
            if options(args).any(|o| {
                o.starts_with("--security-erase")
                    || o.starts_with("--trim-sector")
                    || o.starts_with("--write-sector")
                    || o == "--fwdownload"
            }) {
                de("erases or overwrites the drive")
            } else if has_flag(args, "iIgCtT", &[]) && !has_flag(args, "SBMWyYZ", &[]) {
                ro("reads drive information")
            } else {
                mu("changes drive settings")
            }
        }
        "tcpdump" => either(
            has_flag(args, "w", &[]),
            mu("writes a capture file"),
            ro("watches traffic"),
        ),
        "nc" | "ncat" | "netcat" => either(
            has_flag(args, "z", &["zero"]),
            ro("probes a port"),
            mu("opens a raw connection that can send data"),
        ),
        "ssh-keygen" => either(
            has_flag(args, "lFyBD", &[]) && !has_flag(args, "R", &[]),
            ro("inspects keys"),
            mu("changes keys or known hosts"),
        ),
        "visudo" => either(
            has_flag(args, "c", &["check"]),
            ro("checks sudoers"),
            mu("edits sudoers"),
        ),
        "sshd" => either(
            has_flag(args, "tTV", &[]),
            ro("checks its configuration"),
            mu("starts an SSH server"),
        ),
        "haproxy" => either(
            has_flag(args, "cvV", &[]),
            ro("checks its configuration"),
            mu("starts a proxy"),
        ),
        "alias" => ro("lists aliases"),
        "printf" if has_flag(args, "v", &[]) => ro("sets a shell variable"),
        _ => return None,
    })
}

#[rustfmt::skip]
const SYSTEMCTL_READ: &[&str] = &[
    "status", "show", "cat", "list-units", "list-unit-files", "list-timers", "list-sockets",
    "list-dependencies", "list-jobs", "list-machines", "list-automounts", "list-paths", "is-active",
    "is-enabled", "is-failed", "is-system-running", "get-default", "show-environment", "help",
];

#[rustfmt::skip]
const SYSTEMCTL_DESTRUCTIVE: &[&str] = &[
    "stop", "kill", "isolate", "poweroff", "reboot", "halt", "kexec", "rescue", "emergency",
    "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "soft-reboot", "default",
    "clean", "freeze",
];

fn signal_of(args: &[Arg]) -> Option<String> {
    if let Some(v) = option_value(args, &["-s", "--signal", "-n"]) {
        return Some(v.trim_start_matches("SIG").to_ascii_uppercase());
    }
    options(args)
        .find(|o| !o.starts_with("--") && o.len() > 1)
        .map(|o| o[1..].trim_start_matches("SIG").to_ascii_uppercase())
        .filter(|s| s.chars().all(|c| c.is_ascii_alphanumeric()) && s != "L")
}

/// The value of an option given as `-X value`, `-Xvalue`, `--name value`
/// or `--name=value`.
fn option_value(args: &[Arg], names: &[&str]) -> Option<String> {
    for (i, a) in args.iter().enumerate() {
        let Some(lit) = a.literal() else { continue };
        for name in names {
            if lit == *name {
                return args.get(i + 1).map(|v| v.raw().to_string());
            }
            if name.starts_with("--") {
                if let Some(v) = lit.strip_prefix(&format!("{name}=")) {
                    return Some(v.to_string());
                }
            } else if lit.len() > name.len() && lit.starts_with(name) {
                return Some(lit[name.len()..].to_string());
            }
        }
    }
    None
}

/// Flags with which curl sends data to the server or writes it locally.
#[rustfmt::skip]
const CURL_SENDS: &[&str] = &[
    "upload-file", "data", "data-binary", "data-raw", "data-urlencode", "data-ascii", "json", "form",
    "form-string",
];
#[rustfmt::skip]
const CURL_WRITES: &[&str] = &[
    "remote-name", "remote-name-all", "output-dir", "cookie-jar", "dump-header", "create-dirs",
];

/// curl is read-only when it only fetches to standard output (or
/// `-o /dev/null`) with a GET, HEAD or OPTIONS request.
fn curl(args: &[Arg]) -> Verdict {
    if has_flag(args, "TdF", CURL_SENDS) {
        return Verdict::mutation("`curl` sends data");
    }
    let output_is_sink = matches!(
        option_value(args, &["-o", "--output"]).as_deref(),
        None | Some("/dev/null" | "-")
    );
    if has_flag(args, "Oc", CURL_WRITES) || !output_is_sink {
        return Verdict::mutation("`curl` writes files");
    }
    match option_value(args, &["-X", "--request"]) {
        Some(m) if !matches!(m.to_ascii_uppercase().as_str(), "GET" | "HEAD" | "OPTIONS") => {
            Verdict::mutation("`curl` sends a changing HTTP request")
        }
        _ => Verdict::read_only("`curl` fetches a URL to standard output"),
    }
}

/// The values of an option that can repeat (`-e SCRIPT -e SCRIPT`).
fn script_args<'a>(args: &'a [Arg], names: &[&str]) -> Vec<&'a str> {
    args.windows(2)
        .filter(|pair| pair[0].literal().is_some_and(|l| names.contains(&l)))
        .filter_map(|pair| pair[1].literal())
        .collect()
}

/// Whether a sed script has a command that writes a file (`w`, `W`) or runs
/// one (`e`), outside the pattern parts.
fn sed_writes(script: &str) -> bool {
    script.split([';', '\n', '}']).any(|command| {
        let command = command.trim_start_matches(|c: char| {
            c.is_ascii_digit() || matches!(c, ',' | '$' | ' ' | '!' | '{')
        });
        let after_address = if let Some(rest) = command.strip_prefix('/') {
            rest.split_once('/').map_or("", |(_, r)| r)
        } else {
            command
        };
        let after_address = after_address.trim_start();
        if after_address.starts_with('w')
            || after_address.starts_with('W')
            || after_address.starts_with('e')
        {
            return true;
        }
        // s/a/b/w FILE or s/a/b/e
        if let Some(rest) = after_address.strip_prefix('s')
            && let Some(delim) = rest.chars().next()
        {
            let parts: Vec<&str> = rest[delim.len_utf8()..].splitn(3, delim).collect();
            if let Some(flags) = parts.get(2) {
                return flags.contains('w') || flags.contains('e');
            }
        }
        false
    })
}

fn find(w: &mut Walker, args: &[Arg], depth: usize) -> Verdict {
    let mut verdict = Verdict::read_only("`find` only lists");
    let mut i = 0;
    while i < args.len() {
        match args[i].literal() {
            Some("-delete") => return Verdict::destructive("`find -delete` deletes what it finds"),
            Some("-exec" | "-execdir" | "-ok" | "-okdir") => {
                let end = args[i + 1..]
                    .iter()
                    .position(|a| matches!(a.literal(), Some(";" | "+")))
                    .map_or(args.len(), |p| i + 1 + p);
                let inner = &args[i + 1..end];
                if inner.is_empty() {
                    return Verdict::mutation("`find -exec` without a command");
                }
                let v = w
                    .invocation(inner, Stdin::Unknown, depth)
                    .prefixed("`find -exec` runs: ");
                verdict = verdict.max(v);
                i = end;
            }
            Some("-fprint" | "-fprint0" | "-fprintf" | "-fls") => {
                verdict = verdict.max(Verdict::mutation("`find` writes its results to a file"));
            }
            None => {
                verdict = verdict.max(Verdict::mutation(format!(
                    "`find` has an argument only known at run time (`{}`), which could be -delete",
                    args[i].raw()
                )));
            }
            _ => {}
        }
        i += 1;
    }
    verdict
}

fn docker(name: &str, args: &[Arg]) -> Verdict {
    let values = &[
        "-H",
        "--host",
        "--context",
        "-c",
        "--config",
        "-l",
        "--log-level",
        "--tlscacert",
        "--tlscert",
        "--tlskey",
    ];
    let pos = positionals(args, values);
    let Some(first) = pos.first() else {
        return Verdict::read_only(format!("`{name}` without a command prints usage"));
    };
    let Some(verb) = first.literal() else {
        return Verdict::destructive(format!("`{name}` command only known at run time"));
    };
    const READ: &[&str] = &[
        "ps", "images", "inspect", "logs", "stats", "version", "info", "top", "port", "diff",
        "history", "events", "search", "help", "ls", "list", "df",
    ];
    const DESTRUCTIVE: &[&str] = &[
        "rm", "rmi", "kill", "stop", "prune", "remove", "delete", "pause", "down",
    ];
    match verb {
        "compose" => {
            let i = args
                .iter()
                .position(|a| a.literal() == Some("compose"))
                .map_or(args.len(), |i| i + 1);
            compose(&format!("{name} compose"), &args[i..])
        }
        "container" | "image" | "volume" | "network" | "system" | "builder" | "buildx"
        | "context" | "node" | "service" | "stack" | "plugin" | "secret" | "config" | "swarm"
        | "trust" | "manifest" | "checkpoint" | "machine" | "pod" => by_verb(
            &format!("{name} {verb}"),
            pos.get(1).copied(),
            READ,
            DESTRUCTIVE,
        ),
        _ => by_verb(name, Some(first), READ, DESTRUCTIVE),
    }
}

fn compose(name: &str, args: &[Arg]) -> Verdict {
    let values = &[
        "-f",
        "--file",
        "-p",
        "--project-name",
        "--env-file",
        "--profile",
        "--project-directory",
        "--ansi",
        "--parallel",
        "--progress",
    ];
    by_verb(
        name,
        positionals(args, values).first().copied(),
        &[
            "ps", "logs", "config", "ls", "images", "top", "version", "port", "events", "help",
        ],
        &["down", "rm", "kill", "stop", "pause"],
    )
}

fn git(args: &[Arg]) -> Verdict {
    let values = &["-C", "-c", "--git-dir", "--work-tree", "--namespace"];
    let pos = positionals(args, values);
    let verb = pos.first().and_then(|a| a.literal());
    let rest: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let has = |f: &str| rest.contains(&f);
    match verb {
        None if pos.is_empty() => Verdict::read_only("`git` without a command prints usage"),
        None => Verdict::destructive("`git` command only known at run time"),
        Some(
            "status" | "log" | "diff" | "show" | "blame" | "describe" | "rev-parse" | "ls-files"
            | "ls-remote" | "ls-tree" | "shortlog" | "grep" | "cat-file" | "rev-list" | "help"
            | "version" | "whatchanged" | "show-ref" | "for-each-ref" | "merge-base" | "name-rev"
            | "count-objects" | "fsck" | "verify-commit" | "verify-tag",
        ) => Verdict::read_only("`git` only inspects"),
        Some("clean") if !has("-n") && !has("--dry-run") => {
            Verdict::destructive("`git clean` deletes untracked files")
        }
        Some("clean") => Verdict::read_only("`git clean -n` only lists"),
        Some("reset") if has("--hard") || has("--merge") || has("--keep") => {
            Verdict::destructive("`git reset --hard` discards changes")
        }
        Some("push")
            if has("-f")
                || has("--force")
                || has("--force-with-lease")
                || has("--delete")
                || has("-d")
                || has("--mirror")
                || rest.iter().any(|a| {
                    a.starts_with("--force") || a.starts_with(':') || a.starts_with("+")
                }) =>
        {
            Verdict::destructive("`git push` rewrites or deletes remote history")
        }
        Some("branch") if has("-D") || has("-d") || has("--delete") || has("-M") => {
            Verdict::destructive("`git branch -D` deletes a branch")
        }
        Some("branch" | "tag" | "remote" | "stash" | "config" | "reflog" | "worktree")
            if pos.len() == 1
                && rest.iter().all(|a| a.starts_with('-') || Some(*a) == verb)
                && !has("-d")
                && !has("-D")
                && !has("--delete") =>
        {
            Verdict::read_only("`git` only lists")
        }
        Some("remote" | "config" | "reflog" | "stash" | "worktree")
            if pos.get(1).and_then(|a| a.literal()).is_some_and(|s| {
                matches!(
                    s,
                    "show"
                        | "get-url"
                        | "list"
                        | "-l"
                        | "--list"
                        | "--get"
                        | "--get-all"
                        | "--get-regexp"
                )
            }) =>
        {
            Verdict::read_only("`git` only inspects")
        }
        Some("config")
            if has("--get")
                || has("--list")
                || has("-l")
                || has("--get-all")
                || has("--get-regexp") =>
        {
            Verdict::read_only("`git config` only reads")
        }
        Some("stash")
            if pos
                .get(1)
                .and_then(|a| a.literal())
                .is_some_and(|s| matches!(s, "drop" | "clear")) =>
        {
            Verdict::destructive("`git stash drop` deletes stashed changes")
        }
        Some("checkout") if has("--") || has(".") || has("-f") || has("--force") => {
            Verdict::destructive("`git checkout` discards local changes")
        }
        Some("restore") => Verdict::destructive("`git restore` discards local changes"),
        Some("filter-branch" | "filter-repo") => Verdict::destructive("rewrites history"),
        Some("gc") if rest.iter().any(|a| a.starts_with("--prune")) => {
            Verdict::destructive("`git gc --prune` deletes objects")
        }
        Some(_) => Verdict::mutation("`git` changes the repository"),
    }
}
