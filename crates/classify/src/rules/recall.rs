//! Destructive work that reads as a mere change (issue 29, class 11):
//! programs that run code they were handed (a Makefile's recipes, a
//! package's maintainer scripts, a library loaded by name, a batch of `ip`
//! commands, a detached `screen` or `tmux` command nobody watches), and
//! changes that put another file or folder in place of the system's own
//! (`mount --bind` over `/usr/bin`, `systemctl link`, a new executable).

use super::{Arg, Verdict};

/// Why `name args…` is destructive although it only looks like a change.
/// The programs [`judge`] has rules for (a quick test before any work).
#[rustfmt::skip]
const PROGRAMS: &[&str] = &[
    "angie", "apache2", "apache2ctl", "apachectl", "apt", "apt-get", "aptitude", "arptables-restore",
    "iptables-legacy-restore", "ip6tables-legacy-restore", "iptables-nft-restore",
    "ip6tables-nft-restore", "ebtables-nft-restore", "ebtables-legacy-restore",
    "arptables-nft-restore", "arptables-legacy-restore",
    "badblocks", "bmake", "bridge", "bun", "bunx", "caddy", "ceph", "chmod",
    "cmake", "corosync-cfgtool", "createdb", "devlink", "dpkg", "ebtables-restore", "git", "gitlab-rails", "gmake",
    "gsed", "haproxy", "httpd", "install", "ip", "ip6tables-restore", "iptables-restore", "iscsiadm",
    "just", "k3s", "kubectl", "ltrace", "make", "man", "microk8s", "mount",
    "nft", "nginx", "ninja", "npm", "npx", "oc", "openresty", "openssl",
    "pct", "pvesh", "pg_dump", "pg_isready", "pgbench", "pnpm", "psql", "qemu-img", "qm",
    "rados", "rbd", "rdma", "reindexdb", "route", "scons", "screen", "sed", "service", "setcap",
    "setpriv",
    "ssh", "ssh-add", "ssh-agent", "ssh-keygen", "sshd", "strace", "sysctl", "systemctl",
    "systemd-analyze", "tc", "tmux", "traefik", "vacuumdb", "xargs", "yarn",
    // (Review 85.)
    "compgen", "history",
];

pub(super) fn judge(name: &str, args: &[Arg]) -> Option<Verdict> {
    if !PROGRAMS.contains(&name) {
        return None;
    }
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let has = |w: &str| lits.contains(&w);
    let verb = lits.iter().find(|w| !w.starts_with('-')).copied();
    let de = |why: &str| Some(Verdict::destructive(format!("`{name}` {why}")));
    match name {
        // bash expands `-W` words as it completes: a substitution in
        // them runs (`compgen -W '$(cmd)' x`).
        // (`compgen -C CMD`, `-F FUNC`: a command run for the matches.)
        "compgen"
            if lits
                .iter()
                .any(|w| w.contains("$(") || w.contains('`') || *w == "-C" || *w == "-F") =>
        {
            de("expands its word list or runs a command to make its matches")
        }
        // `history -w` over the history file itself (`$HISTFILE`, no
        // file named, or one named for a history): a script's list is
        // empty, so the operator's history is lost.
        "history"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('w'))
                && lits
                    .iter()
                    .filter(|w| !w.starts_with('-'))
                    .all(|w| w.contains("history")) =>
        {
            de("writes the session's history (empty, in a script) over its history file")
        }
        "make" | "gmake" | "bmake" | "ninja" | "scons" | "just" | "npx" | "bunx" => {
            de("runs the recipes its build file holds, which can be any command")
        }
        // gitlab-rails(1) `runner CODE|FILE`, `console`, `dbconsole`: Ruby
        // (or SQL) run inside GitLab, with its database (blind corpus 83:
        // `Ci::JobArtifact.find_each(&:destroy)`).
        "gitlab-rails"
            if matches!(
                verb,
                Some("runner" | "r" | "console" | "c" | "dbconsole" | "db")
            ) =>
        {
            de("runs Ruby or SQL inside GitLab, with its whole database")
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
        "openssl"
            if lits
                .iter()
                .any(|w| *w == "-config" || w.starts_with("-config=")) =>
        {
            de("loads a configuration, which can load engines and providers")
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
        // (`--dry-run=client|server` sends nothing that persists.)
        "kubectl" | "oc" | "k3s" | "microk8s"
            if kube_verb(args).is_some_and(|v| KUBE_DESTRUCTIVE.contains(&v))
                && !kube_dry_run(&lits) =>
        {
            de("deletes, drains or runs commands in a cluster's workloads")
        }
        // `apply --prune` deletes every object of the selector that the
        // manifests no longer hold; `apply --force` deletes and creates
        // again what it cannot patch.
        "kubectl" | "oc" | "k3s" | "microk8s"
            if kube_verb(args) == Some("apply")
                && lits.iter().any(|w| {
                    matches!(*w, "--prune" | "--prune=true" | "--force" | "--force=true")
                })
                && !kube_dry_run(&lits) =>
        {
            de("applies with `--prune` or `--force`, which delete objects")
        }
        "git" => super::programs::git::recalled(&lits).and_then(&de),
        // `verify` runs `man` for each `Documentation=man:` of the unit it
        // reads, with the arguments the unit chooses.
        "systemd-analyze"
            if lits.contains(&"verify")
                && !lits.iter().any(|w| w.starts_with("--man=no"))
                && lits.iter().any(|w| {
                    w.contains('/')
                        && ![
                            "/etc/systemd/",
                            "/lib/systemd/",
                            "/usr/lib/systemd/",
                            "/run/systemd/",
                        ]
                        .iter()
                        .any(|own| w.starts_with(own))
                }) =>
        {
            de("verifies a unit by running the man pages it names, with the unit's own arguments")
        }
        // Ceph builds its configuration's path from the cluster's name
        // (`/etc/ceph/$cluster.conf`, then `$cluster.conf`) and its
        // keyring's and admin socket's from the client's: a name that is a
        // path loads a file anyone may have written, whose
        // `crush_location_hook` runs and whose `admin_socket` replaces any
        // file.
        "ceph" | "rbd" | "rados" if ceph_name_is_a_path(&lits) => de(
            "builds its configuration's path from a name that is a path, a file whose settings run programs",
        ),
        // Debian's `service` hands the name to systemctl unquoted (`exec
        // systemctl ${ACTION} ${UNIT}`): a name holding spaces or globs is
        // several words there, options included (`-H host`, `-o export`).
        "service"
            if lits.first().is_some_and(|w| {
                !matches!(*w, "--status-all" | "--help" | "-h" | "--version")
                    && (w.starts_with('-')
                        || !w.bytes().all(|b| {
                            b.is_ascii_alphanumeric()
                                || matches!(b, b'@' | b'.' | b'_' | b':' | b'-')
                        }))
            }) =>
        {
            de(
                "passes its service name to `systemctl` unquoted, where its words are read as options",
            )
        }
        // A VMDK descriptor names its extents, and qemu-img opens each
        // (any local file: a watchdog, a serial line) even for `info`.
        "qemu-img"
            if verb == Some("info")
                && lits.iter().enumerate().any(|(i, w)| {
                    let lower = w.to_ascii_lowercase();
                    lower.ends_with(".vmdk")
                        || lower.ends_with(".ova")
                        || lower == "-fvmdk"
                        || (lower == "vmdk" && i > 0 && lits[i - 1] == "-f")
                }) =>
        {
            de("opens the files a VMDK descriptor names as its extents, whatever they are")
        }
        // Without a command, ceph reads commands from its input, whatever
        // options that only choose the cluster or the output come first
        // (`ceph -f json < FILE`; review 98): not with one that acts
        // alone (`-s`, `-w`, `--watch-warn`, `--version`, `--help`).
        "ceph"
            if ceph_operands(&lits).is_empty()
                && !lits.iter().any(|w| {
                    matches!(
                        *w,
                        "-s" | "--status" | "-w" | "-v" | "--version" | "-h" | "--help"
                    ) || w.starts_with("--watch")
                        || (w.starts_with('-') && !w.starts_with("--") && w.contains(['s', 'w']))
                }) =>
        {
            de("runs the commands it reads from its input, which are not on the card")
        }
        // (Any prefix getopt_long takes, `--proc`, `--p`; the value
        // attached or the next word; review 124.)
        "xargs"
            if lits.iter().enumerate().any(|(i, w)| {
                let Some(long) = w.strip_prefix("--") else {
                    return false;
                };
                let (name, value) = match long.split_once('=') {
                    Some((name, value)) => (name, Some(value)),
                    None => (long, lits.get(i + 1).copied()),
                };
                !name.is_empty()
                    && "process-slot-var".starts_with(name)
                    && value.is_some_and(|v| super::loads_code(v) || v == "IFS" || super::steers(v))
            }) =>
        {
            de("sets a variable that loads code in every command it starts")
        }
        // libpq's `options=` hands the server settings such as
        // `session_preload_libraries`, which load code into it.
        "psql" | "pg_dump" | "pg_isready" | "pgbench" | "vacuumdb" | "reindexdb" | "createdb"
            if lits
                .iter()
                .any(|w| w.contains("options=") || w.contains("PGOPTIONS")) =>
        {
            de("passes server settings (`options=`), which can load libraries into the server")
        }
        // libpq 18's `sslkeylogfile=` appends the session's TLS keys to
        // any file (`/etc/cron.d/x`, `/root/.bashrc`).
        "psql" | "pg_dump" | "pg_isready" | "pgbench" | "vacuumdb" | "reindexdb" | "createdb"
            if lits
                .iter()
                .any(|w| w.to_ascii_lowercase().contains("sslkeylogfile")) =>
        {
            de("appends its TLS keys to the file `sslkeylogfile=` names, which can be any file")
        }
        "sed" | "gsed"
            if lits.iter().any(|w| {
                *w == "-f"
                    || w.starts_with("--file")
                    || (w.starts_with("-f") && !w.starts_with("--"))
                    || (w.starts_with('-')
                        && !w.starts_with("--")
                        && w.ends_with('f')
                        && w.len() > 2)
            }) =>
        {
            de(
                "runs a script from a file or its input, which can write files and run commands (`w`, `e`)",
            )
        }
        "badblocks"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(['n', 'w'])) =>
        {
            de("writes test patterns over the device")
        }
        "corosync-cfgtool"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && w.contains(['k', 'H', 'R'])) =>
        {
            de("kills a node, shuts corosync down or reloads the cluster's configuration")
        }
        // (`-r` in a cluster or with its value stuck, `-qr all`,
        // `-rall`; `--repair` by any prefix, `--r=all`; review 111.)
        "qemu-img"
            if lits.first() == Some(&"check")
                && lits.iter().any(|w| {
                    let long = w.split('=').next().unwrap_or(w);
                    (w.starts_with('-') && !w.starts_with("--") && w.contains('r'))
                        || (long.len() > 2 && "--repair".starts_with(long))
                }) =>
        {
            de("repairs the image in place")
        }
        "strace" | "ltrace"
            if lits.iter().any(|w| {
                w.contains("inject=")
                    || w.contains("fault=")
                    || w.starts_with("--inject")
                    || w.starts_with("--fault")
            }) =>
        {
            de("makes a running program's system calls fail or return what it is told")
        }
        "nginx" | "angie" | "openresty" | "apachectl" | "apache2ctl" | "apache2" | "httpd"
        | "haproxy" | "caddy" | "traefik" | "sshd"
            if foreign_configuration(name, &lits) =>
        {
            de(
                "loads a configuration from outside its own folder, which can load modules and run code",
            )
        }
        // (ssh's own words: not the remote command's, `ssh nas hdparm -I
        // /dev/sdd`; blind corpus 80. OpenSSH reads options after the host
        // too, `ssh nas -I lib cmd`: those count.)
        "ssh" | "ssh-add" | "ssh-agent"
            if lits[..crate::tables::command_index(name, args)
                .filter(|i| lits.get(*i).is_some_and(|w| !w.starts_with('-')))
                .map_or(lits.len(), |i| i.min(lits.len()))]
                .iter()
                .any(|w| {
                    w.starts_with("-I")
                        || (name == "ssh-add" && (w.starts_with("-s") || w.starts_with("-e")))
                        || (name == "ssh-agent" && w.starts_with("-P"))
                }) =>
        {
            de("loads a PKCS#11 library, whose code runs")
        }
        "iscsiadm"
            if lits.iter().any(|w| {
                matches!(*w, "-u" | "--logout" | "delete" | "-U" | "--logoutall")
                    || w.starts_with("--op=delete")
                    || w.starts_with("--logoutall")
            }) =>
        {
            de("logs out of a target or deletes a record, and the disks it gave go away")
        }
        "route"
            if lits
                .iter()
                .any(|w| matches!(*w, "del" | "delete" | "flush")) =>
        {
            de("deletes a route, which can cut the host off the network")
        }
        "man"
            if lits
                .iter()
                .any(|w| (w.starts_with("-H") && w.len() > 2) || w.starts_with("--html=")) =>
        {
            de("runs the browser command it is given")
        }
        // (iproute2 reads `--batch` as `-batch`: one `-` is dropped.)
        "ip" | "bridge" | "tc" | "devlink" | "rdma"
            if lits.iter().any(|w| {
                let w = w
                    .strip_prefix('-')
                    .filter(|x| x.starts_with('-'))
                    .unwrap_or(w);
                matches!(w, "-b" | "-force") || w.starts_with("-batch") || w.starts_with("-ba")
            }) =>
        {
            de("runs a batch of commands that is not on the card")
        }
        "nft"
            if lits.iter().any(|w| {
                matches!(*w, "-f" | "--file")
                    || w.starts_with("--file=")
                    || (w.starts_with("-f") && w.len() > 2)
            }) && !super::table_gives(name, args, &["c", "check"]) =>
        {
            de("loads a ruleset from a file, which can cut the host off the network")
        }
        // (`--test` as iptables-restore's table reads it: `--table --test`
        // names a table.)
        "iptables-restore"
        | "ip6tables-restore"
        | "iptables-legacy-restore"
        | "ip6tables-legacy-restore"
        | "iptables-nft-restore"
        | "ip6tables-nft-restore"
            if !super::table_gives(name, args, &["t", "test"]) =>
        {
            de("replaces the firewall's rules with ones that are not on the card")
        }
        "ebtables-restore"
        | "arptables-restore"
        | "ebtables-nft-restore"
        | "ebtables-legacy-restore"
        | "arptables-nft-restore"
        | "arptables-legacy-restore"
            if !lits.iter().any(|w| matches!(*w, "-t" | "--test")) =>
        {
            de("replaces the firewall's rules with ones that are not on the card")
        }
        "systemctl"
            if matches!(
                verb,
                Some("set-environment" | "import-environment" | "daemon-reexec")
            ) =>
        {
            de("changes what every unit runs or the environment it runs with")
        }
        "chmod" if lits.iter().any(|w| setuid_mode(w)) => {
            de("makes a program run as its owner (setuid or setgid)")
        }
        "setcap" | "setpriv" if name == "setcap" => {
            de("gives a program capabilities, which run with root's powers")
        }
        // (pvesh's create and set of a guest take the same parameter;
        // review 135.)
        // (Any prefix Getopt::Long takes as no other option, `--hook`;
        // review 135. Not a command `exec` runs, after its `--`.)
        "qm" | "pct" | "pvesh"
            if super::pve_given(&lits, "hookscript").any(|(i, _)| {
                let given = lits[i].trim_start_matches('-');
                let given = given.split('=').next().unwrap_or(given);
                given.len() >= 3 && !(lits.contains(&"exec") && lits[..i].contains(&"--"))
            }) =>
        {
            de("sets a hook script, which runs as root at every start and stop")
        }
        // (Set, `NAME=VALUE` with or without `-w`; not read: `sysctl
        // kernel.core_pattern`; blind corpus 187.)
        "sysctl"
            if lits.iter().any(|w| {
                (w.contains("core_pattern")
                    || w.contains("kernel.modprobe")
                    || w.contains("kernel/modprobe")
                    || w.contains("hotplug"))
                    && w.contains('=')
            }) =>
        {
            de("points the kernel at a program it runs as root")
        }
        "screen" if lits.contains(&"-X") => {
            de("types or runs a command in a session nobody watches")
        }
        "tmux"
            if lits
                .first()
                .is_some_and(|w| *w == "-c" || w.starts_with("-c")) =>
        {
            de("runs a command through a shell")
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

/// The verb of `kubectl` (or `k3s kubectl`), after its global options.
pub(super) fn kube_verb(args: &[Arg]) -> Option<&str> {
    let args = match args.first().and_then(Arg::literal) {
        Some("kubectl") => &args[1..],
        _ => args,
    };
    super::from_verb("kubectl", args).first().copied()
}

/// A server told to load a configuration file from outside its own folder
/// under `/etc` (`nginx -c /tmp/x.conf`, `haproxy -f /tmp/x.cfg`), or
/// directives that load code (`nginx -g 'load_module …;'`, `apachectl -C
/// 'LoadModule …'`).
fn foreign_configuration(name: &str, lits: &[&str]) -> bool {
    let (own, options): (&str, &[&str]) = match name {
        "nginx" | "angie" | "openresty" => ("/etc/nginx/", &["-c", "-p"]),
        "apachectl" | "apache2ctl" | "apache2" => ("/etc/apache2/", &["-f", "-d"]),
        "httpd" => ("/etc/httpd/", &["-f", "-d"]),
        "haproxy" => ("/etc/haproxy/", &["-f"]),
        "caddy" => ("/etc/caddy/", &["--config", "-config"]),
        "sshd" => ("/etc/ssh/", &["-f"]),
        _ => ("/etc/traefik/", &["--configfile", "--configFile"]),
    };
    let files: Vec<&str> = lits
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            if options.contains(w) {
                // (The next word whatever it is: getopt and pflag take
                // `-f -x.conf` as the file `-x.conf`; review 78.)
                lits.get(i + 1).copied()
            } else {
                options
                    .iter()
                    .find_map(|o| w.strip_prefix(&format!("{o}=")))
            }
        })
        .collect();
    let loads = lits.iter().any(|w| {
        let lower = w.to_ascii_lowercase();
        lower.contains("load_module")
            || lower.contains("loadmodule")
            || lower.contains("lua-load")
            || lower.contains("perl_modules")
    });
    loads
        || files
            .iter()
            .any(|f| !crate::secret_paths::normalised(f).starts_with(own))
}

/// Whether a Ceph client's `--cluster`, `--id`, `--user` or `--name`
/// (in any form) is anything but a plain name (`ceph`, `client.admin`):
/// Ceph puts these in file paths.
fn ceph_name_is_a_path(lits: &[&str]) -> bool {
    const NAMED: &[&str] = &["--cluster", "--id", "--user", "--name", "-n"];
    let plain = |v: &str| {
        !v.is_empty()
            && !v.starts_with('.')
            && v.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    };
    lits.iter().enumerate().any(|(i, w)| {
        let value = match w.split_once('=') {
            Some((option, value)) if NAMED.contains(&option) => Some(value),
            _ if NAMED.contains(w) => Some(lits.get(i + 1).copied().unwrap_or("")),
            _ => None,
        };
        value.is_some_and(|v| !plain(v))
    })
}

/// `u+s`, `g+s`, `4755`, `2755`, `+s`.
fn setuid_mode(word: &str) -> bool {
    let symbolic =
        (word.contains('+') || word.contains('=')) && word.contains('s') && !word.starts_with('-');
    let digits: Vec<u32> = word.chars().filter_map(|c| c.to_digit(8)).collect();
    let octal = word.len() == 4 && digits.len() == 4 && (digits[0] & 6) != 0;
    symbolic || octal
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

/// `--dry-run=client` or `--dry-run=server` (the last one given before
/// any `--`), or the
/// bare `--dry-run` older kubectl reads as `client`; `none` runs it.
pub(super) fn kube_dry_run(lits: &[&str]) -> bool {
    // kubectl's options that take no value (pflag's booleans): any other
    // option word without `=` takes the next word as its value, a
    // `--dry-run=client` after `-n` among them (review 70).
    #[rustfmt::skip]
    const BOOLEAN: &[&str] = &[
        "--all", "-A", "--all-namespaces", "--overwrite", "--force", "--ignore-daemonsets",
        "--delete-emptydir-data", "--delete-local-data", "--server-side", "--force-conflicts",
        "--now", "--wait", "--recursive", "-R", "--ignore-not-found", "--disable-eviction",
        "--record", "--local", "--list", "--dry-run", "--prune",
    ];
    // (Only kubectl's own words: after `--` they are a command's.)
    let words: Vec<&str> = lits.iter().take_while(|w| **w != "--").copied().collect();
    words
        .iter()
        .enumerate()
        .rev()
        .find_map(|(at, w)| {
            let dry = match *w {
                "--dry-run" => true,
                _ => matches!(w.strip_prefix("--dry-run=")?, "client" | "server"),
            };
            let swallowed = at.checked_sub(1).is_some_and(|before| {
                let option = words[before];
                option.starts_with('-') && !option.contains('=') && !BOOLEAN.contains(&option)
            });
            (!swallowed).then_some(dry)
        })
        .unwrap_or(false)
}

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
    // Any mount counts: a tmpfs over `/etc/cron.d` hides what is there
    // and puts what the command chooses in its place, as a bind does.
    let operands: Vec<&str> = lits
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            let valued = *i > 0
                && matches!(
                    lits[i - 1],
                    "-t" | "-o" | "-O" | "--types" | "--options" | "-L" | "-U"
                );
            !w.starts_with('-') && !valued
        })
        .map(|(_, w)| *w)
        .collect();
    let binds = operands.len() >= 2;
    let target = operands.last()?;
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
        "/var",
        "/var/log",
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

/// The words of a ceph line that are no option nor an option's value, as
/// ceph.in's parser and librados's configuration read them (ceph 18:
/// `-c`/`--conf`, `-i`/`--in-file`, `-o`/`--out-file`, `--id`/`--user`,
/// `-n`/`--name`, `--cluster`, `--admin-daemon`, `-f`/`--format`,
/// `--connect-timeout`, `--period`/`-p`, `--watch-channel`, `--setuser`,
/// `--setgroup`, `-k`/`--keyring`, `-m`/`--mon-host`; review 99).
fn ceph_operands<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    const VALUED: &[&str] = &[
        "-c",
        "--conf",
        "-i",
        "--in-file",
        "-o",
        "--out-file",
        "--id",
        "--user",
        "-n",
        "--name",
        "--cluster",
        "--admin-daemon",
        "-f",
        "--format",
        "--connect-timeout",
        "--period",
        "-p",
        "--watch-channel",
        "--setuser",
        "--setgroup",
        "-k",
        "--keyring",
        "-m",
        "--mon-host",
    ];
    let mut operands = Vec::new();
    let mut words = lits.iter();
    while let Some(w) = words.next() {
        if VALUED.contains(w) {
            words.next();
        } else if !w.starts_with('-') {
            operands.push(*w);
        }
    }
    operands
}
