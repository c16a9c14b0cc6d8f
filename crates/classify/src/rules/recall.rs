//! Destructive work that reads as a mere change (issue 29, class 11):
//! programs that run code they were handed (a Makefile's recipes, a
//! package's maintainer scripts, a library loaded by name, a batch of `ip`
//! commands, a detached `screen` or `tmux` command nobody watches), and
//! changes that put another file or folder in place of the system's own
//! (`mount --bind` over `/usr/bin`, `systemctl link`, a new executable).

use super::{Arg, Verdict};

/// Why `name args…` is destructive although it only looks like a change.
pub(super) fn judge(name: &str, args: &[Arg]) -> Option<Verdict> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let has = |w: &str| lits.contains(&w);
    let verb = lits.iter().find(|w| !w.starts_with('-')).copied();
    let de = |why: &str| Some(Verdict::destructive(format!("`{name}` {why}")));
    match name {
        "make" | "gmake" | "bmake" | "ninja" | "scons" | "just" | "npx" | "bunx" => {
            de("runs the recipes its build file holds, which can be any command")
        }
        "cmake" if has("--build") || has("--install") || has("-P") => {
            de("runs a build's commands, which can be any command")
        }
        "npm" | "yarn" | "pnpm" | "bun"
            if matches!(
                verb,
                Some("run" | "run-script" | "exec" | "x" | "dlx" | "start" | "test")
            ) =>
        {
            de("runs a package script, which can be any command")
        }
        "dpkg"
            if lits.iter().any(|w| {
                matches!(*w, "-i" | "--install" | "--unpack")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
            }) =>
        {
            de("installs or unpacks a package file, whose maintainer scripts run as root")
        }
        "apt" | "apt-get" | "aptitude"
            if matches!(verb, Some("install" | "reinstall"))
                && lits.iter().any(|w| w.ends_with(".deb") && w.contains('/')) =>
        {
            de("installs a package file, whose maintainer scripts run as root")
        }
        "ssh-keygen" if lits.iter().any(|w| w.starts_with("-D") || *w == "-K") => {
            de("loads a PKCS#11 library, whose code runs")
        }
        "openssl"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "engine" | "-engine" | "-provider" | "-provider-path" | "-keyform=ENGINE"
                ) || w.starts_with("-engine=")
            }) =>
        {
            de("loads an engine or provider library, whose code runs")
        }
        "openssl" => openssl_output(&lits),
        "ip" if lits
            .iter()
            .any(|w| matches!(*w, "-b" | "-batch" | "-force" | "-bat" | "-ba")) =>
        {
            de("runs a batch of `ip` commands that is not on the card")
        }
        "screen" if screen_detached(&lits) => {
            de("starts a detached session running a command nobody watches")
        }
        "tmux" if lits.iter().any(|w| TMUX_RUNS.contains(w)) => {
            de("runs or types a command in a session nobody watches")
        }
        "kubectl" | "oc" if matches!(verb, Some(v) if KUBE_DESTRUCTIVE.contains(&v)) => {
            de("deletes, drains or runs commands in a cluster's workloads")
        }
        "mount" => mount_over_system(&lits).and_then(|target| {
            de(&format!(
                "puts another filesystem or folder over {target}, which the system runs from"
            ))
        }),
        "systemctl" if matches!(verb, Some("edit" | "link" | "revert")) => {
            de("replaces or edits a unit, whose commands run as root")
        }
        "systemctl"
            if matches!(
                verb,
                Some("enable" | "reenable" | "add-wants" | "add-requires")
            ) && lits.iter().skip(1).any(|w| w.starts_with('/')) =>
        {
            de("links a unit file from outside the unit folders, whose commands run as root")
        }
        "install"
            if !lits
                .iter()
                .any(|w| matches!(*w, "-d" | "--directory") || w.starts_with("-d"))
                && install_mode_executable(&lits) =>
        {
            de("puts an executable file in place, which runs as whatever calls it")
        }
        _ => None,
    }
}

/// tmux commands that run or type commands.
const TMUX_RUNS: &[&str] = &[
    "new",
    "new-session",
    "new-window",
    "neww",
    "split-window",
    "splitw",
    "respawn-pane",
    "respawnp",
    "respawn-window",
    "respawnw",
    "run-shell",
    "run",
    "send-keys",
    "send",
    "if-shell",
    "if",
    "pipe-pane",
    "pipep",
    "source-file",
    "source",
];

/// kubectl verbs that lose workloads or run commands in them.
const KUBE_DESTRUCTIVE: &[&str] = &[
    "delete", "drain", "exec", "run", "attach", "debug", "cp", "replace",
];

/// `screen -dm CMD`, `-dmS NAME CMD`, `-D -m CMD`: detached with a command.
fn screen_detached(lits: &[&str]) -> bool {
    let flags: String = lits
        .iter()
        .filter(|w| w.starts_with('-') && !w.starts_with("--"))
        .map(|w| &w[1..])
        .collect();
    (flags.contains('d') || flags.contains('D')) && flags.contains('m')
}

/// The target of `mount --bind|--rbind|--move|-o bind|-t overlay …` when
/// it is a system folder.
fn mount_over_system<'a>(lits: &[&'a str]) -> Option<&'a str> {
    let binds = lits.iter().any(|w| {
        matches!(
            *w,
            "--bind" | "--rbind" | "--move" | "-B" | "-R" | "-M" | "overlay"
        ) || w.contains("bind")
    });
    let target = lits.iter().rev().find(|w| !w.starts_with('-'))?;
    let path = target.trim_end_matches('/');
    let system = [
        "",
        "/usr",
        "/etc",
        "/bin",
        "/sbin",
        "/lib",
        "/lib64",
        "/boot",
        "/root",
        "/var/lib",
        "/proc",
        "/sys",
        "/dev",
        "/run",
        "/var/spool/cron",
        "/home",
    ];
    let under = [
        "/usr/", "/etc/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/boot/", "/root/",
    ];
    (binds && (system.contains(&path) || under.iter().any(|u| path.starts_with(u))))
        .then_some(*target)
}

/// `install` makes its files 0755 unless `-m` says otherwise.
fn install_mode_executable(lits: &[&str]) -> bool {
    let mode = lits.iter().enumerate().find_map(|(i, w)| match *w {
        "-m" | "--mode" => lits.get(i + 1).copied(),
        _ => w
            .strip_prefix("--mode=")
            .or_else(|| w.strip_prefix("-m").filter(|v| !v.is_empty())),
    });
    match mode {
        None => true,
        Some(mode) => {
            let digits: Vec<u32> = mode.chars().filter_map(|c| c.to_digit(8)).collect();
            if digits.len() == mode.len() {
                digits.iter().rev().take(3).any(|d| d & 1 == 1)
            } else {
                mode.contains('x')
            }
        }
    }
}

/// `openssl … -out FILE` over a file outside the scratch folders: a key
/// or certificate written there replaces the one in use.
fn openssl_output(lits: &[&str]) -> Option<Verdict> {
    let out = lits
        .windows(2)
        .find(|p| matches!(p[0], "-out" | "-keyout"))
        .map(|p| p[1])?;
    let scratch = out == "/dev/null"
        || out == "-"
        || out.starts_with("/tmp/")
        || out.starts_with("/dev/stdout");
    (!scratch).then(|| {
        Verdict::destructive(format!(
            "`openssl` writes {out}, over a key or certificate that may be in use"
        ))
    })
}
