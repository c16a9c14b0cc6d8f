//! Tools whose effect depends on their flags or subcommands: storage and
//! partitioning, services, packages, containers, Proxmox, ZFS, firewalls,
//! git, text tools with writing modes (sed -i, awk system, sort -o, tee),
//! curl/wget, and the rest of the specific rules.

use super::super::words::Arg;
use super::*;

/// Programs whose effect depends on flags or subcommands.
pub(super) fn specific(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    let dry_run = match name {
        "zfs" | "zpool" => has_short(args, 'n', ""),
        "lvremove" | "lvreduce" | "vgremove" | "pvremove" | "lvresize" => {
            has_flag(args, "t", &["test"])
        }
        _ => false,
    };
    if dry_run {
        return Some(mu(
            "only rehearses (a dry run), yet its subcommand is not proven harmless",
        ));
    }
    if let Some(option) = runs_a_program(name, args) {
        return Some(de(&format!(
            "runs the program given to `{option}`, which is not on the card"
        )));
    }
    Some(match name {
        "jobs" if has_flag(args, "x", &[]) => de("runs a command (`jobs -x`)"),
        "hash" if has_flag(args, "p", &[]) => {
            de("makes a command name run another program (`hash -p`)")
        }
        "set"
            if args.iter().filter_map(Arg::literal).any(|a| {
                (a.starts_with('-') && !a.starts_with("--") && a.contains('k')) || a == "keyword"
            }) =>
        {
            de("makes later `NAME=VALUE` words a command's environment (`set -k`)")
        }
        "rm" | "unlink" | "shred" | "srm" | "truncate" | "blkdiscard" | "wipe" => {
            de("deletes or overwrites data")
        }
        "rmdir" => mu("removes empty directories"),
        "dd" => {
            // Every `of=` counts: dd keeps the last, so one sink in front
            // of a disk (`of=/dev/null of=/dev/sda`) hides nothing.
            let targets: Vec<Arg> = args
                .iter()
                .filter_map(|a| match a.literal() {
                    Some(l) => l.strip_prefix("of=").map(Arg::literal_of),
                    None if a.raw().contains("of=") => Some(a.clone()),
                    None => None,
                })
                .collect();
            let target = targets
                .iter()
                .find(|t| !t.literal().is_some_and(|p| SINKS.contains(&p)))
                .or(targets.first())
                .cloned();
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
                "ldVFs",
                &["list", "dump", "json", "verify", "show-size", "list-free"],
            ),
            ro("lists partitions"),
            de("rewrites a partition table"),
        ),
        "sgdisk" => either(
            has_flag(args, "piv", &["print", "info", "verify"])
                && !has_flag(
                    args,
                    "ZzondtcCgGmNRsUxe",
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
            // `parted DEV CMD…`: every command word counts, not the last.
            const CHANGES: &[&str] = &[
                "mklabel",
                "mktable",
                "mkpart",
                "mkpartfs",
                "rm",
                "resizepart",
                "resize",
                "rescue",
                "name",
                "set",
                "toggle",
                "disk_set",
                "disk_toggle",
                "move",
                "cp",
                "mkfs",
                "type",
                "align-check",
            ];
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            if lits.iter().any(|w| CHANGES.contains(w)) || first_dynamic(args).is_some() {
                de("changes partitions")
            } else if has_flag(args, "l", &["list"]) || lits.last() == Some(&"print") {
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
            if args.iter().filter_map(Arg::literal).any(|a| {
                matches!(a, "-l" | "-L" | "--list" | "--table") || a.starts_with("--list=")
            }) {
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
            let scripts: Vec<&str> = sed_expressions(args);
            let scripts = if scripts.is_empty() {
                // The first operand, with options' values skipped as getopt
                // does (`-nl 5 'w /tmp/x'`: 5 is `-l`'s).
                match sed_first_operand(args) {
                    Some(arg) => match arg.literal() {
                        Some(script) => vec![script],
                        None => return Some(mu("has a script only known at run time")),
                    },
                    None => Vec::new(),
                }
            } else {
                scripts
            };
            if scripts.iter().any(|s| super::sed::runs(s)) {
                de("script runs commands (`e`)")
            } else if scripts.iter().any(|s| super::sed::writes_or_reads_files(s)) {
                mu("script writes files or runs commands (w/W/e)")
            } else {
                ro("prints a transformation")
            }
        }
        "awk" | "gawk" | "mawk" | "nawk" => {
            if let Some(v) = unknown_arg(name, args) {
                return Some(v);
            }
            if has_short(args, 'l', "fFvEeiW") || has_flag(args, "", &["load"]) {
                return Some(de("loads a native extension, which can do anything"));
            }
            if has_flag(args, "fiE", &["file", "include", "exec"]) {
                return Some(de(
                    "runs an awk program file, which may write files or run any command",
                ));
            }
            // `-e TEXT`/`--source=TEXT` (gawk): program text from an option.
            let sources = script_args(args, &["-e", "--source"])
                .into_iter()
                .map(str::to_string)
                .chain(
                    args.iter()
                        .filter_map(Arg::literal)
                        .filter_map(|a| a.strip_prefix("--source=").map(str::to_string)),
                )
                .collect::<Vec<_>>()
                .join("\n");
            if sources.contains("system") || sources.replace("||", " ").contains('|') {
                return Some(de("program runs commands (`system`, a pipe to a command)"));
            }
            let program = positionals(args, &["-F", "-v", "--field-separator", "--assign"])
                .first()
                .and_then(|a| a.literal())
                .unwrap_or("");
            let written = super::awk::output(program, &w.folders);
            let program = program.replace("||", " ");
            if program.contains("system")
                || program.contains('|')
                || program.contains("@load")
                || super::awk::indirect_call(&program)
            {
                de(
                    "program runs commands (`system`, a pipe to a command, `@load`, an indirect call)",
                )
            } else if let Some(v) = written {
                v
            } else if ["getline", "close(", "fflush", "@include", "SYMTAB"]
                .iter()
                .any(|t| program.contains(t))
            {
                mu("program may write files, run commands or read any variable")
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
                v = v.max(write_target(target, &w.folders));
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
        "less" | "more" | "most" | "zless" | "zmore"
            if args.iter().any(|a| {
                let word = a.raw().trim_start_matches(['\'', '"']);
                word.starts_with('+') && !pager_motion(word)
            }) =>
        {
            de("runs a pager command given with `+` (`+!cmd` runs a program)")
        }
        "umount" | "swapoff" => de("takes a filesystem or swap away from what uses it"),
        "ifdown" => de("takes a network interface down"),
        "wg-quick" if verb(&[]).and_then(Arg::literal) == Some("down") => {
            de("takes a WireGuard tunnel down")
        }
        "networkctl"
            if matches!(
                verb(&[]).and_then(Arg::literal),
                Some("down" | "delete" | "forcerenew")
            ) =>
        {
            de("takes a link down or deletes it")
        }
        "vgchange" | "lvchange"
            if args.iter().filter_map(Arg::literal).any(|a| {
                a == "-an" || a == "-aln" || a.starts_with("--activate=n") || a == "n"
            }) =>
        {
            de("deactivates volumes, taking what uses them down")
        }
        "pve-firewall" if verb(&[]).and_then(Arg::literal) == Some("stop") => {
            de("stops the firewall")
        }
        "pvenode" if verb(&[]).and_then(Arg::literal) == Some("stopall") => {
            de("stops every guest on the node")
        }
        "qm" | "pct"
            if matches!(
                verb(&[]).and_then(Arg::literal),
                Some("set" | "move-disk" | "move-volume" | "move_disk" | "sendkey")
            ) && args
                .iter()
                .filter_map(Arg::literal)
                .any(|a| matches!(a, "--delete" | "-delete") || a.contains("ctrl-alt-del")) =>
        {
            de("deletes volumes or settings, or resets the guest")
        }
        "sysctl" if first_dynamic(args).is_some() => {
            mu("has a parameter only known at run time, which could set a value")
        }
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
            // GNU tar opens `HOST:FILE` through rsh/ssh (`rmt` on the
            // host) unless `--force-local`.
            let remote = !args.iter().any(|a| a.literal() == Some("--force-local"))
                && args.iter().filter_map(Arg::literal).any(|a| {
                    let value = a.strip_prefix("--file=").unwrap_or(a);
                    let value = value
                        .strip_prefix('-')
                        .filter(|v| !v.starts_with('-'))
                        .and_then(|cluster| cluster.find('f').map(|i| &cluster[i + 1..]))
                        .unwrap_or(value);
                    value
                        .split_once(':')
                        .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/'))
                });
            if remote {
                mu("opens an archive on another host through a remote shell")
            } else if has_flag(args, "t", &["list"]) || old_style.contains('t') {
                ro("lists an archive")
            } else {
                mu("creates or extracts an archive")
            }
        }
        "unzip" => either(
            has_flag(args, "ltvZp", &[]),
            ro("lists an archive"),
            mu("extracts an archive"),
        ),
        "gzip" | "bzip2" | "xz" | "zstd" | "lz4" | "gunzip" | "bunzip2" | "unxz" | "unzstd"
        | "lzma" => {
            if has_flag(args, "clt", &["stdout", "to-stdout", "list", "test"]) {
                ro("writes to standard output")
            } else if has_flag(args, "f", &["force"]) {
                de("replaces files, overwriting any that exist (`-f`)")
            } else {
                mu("replaces files with (de)compressed ones")
            }
        }
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
                (Some("mo" | "mon" | "monitor"), _) => ro("watches network events"),
                // `ip address s` is `show` (ipaddress.c).
                (Some("a" | "ad" | "addr" | "address"), Some("s")) => ro("shows addresses"),
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
                "-P",
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
            let v = by_verb(name, verb(values), SYSTEMCTL_READ, SYSTEMCTL_DESTRUCTIVE);
            // `disable --now` stops the unit too.
            let stops = matches!(verb(values).and_then(Arg::literal), Some("disable"));
            if stops && has_flag(args, "", &["now"]) && v.class == crate::RiskClass::ConfigMutation
            {
                de("stops the unit now (`--now`)")
            } else {
                v
            }
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
            // `-s` as its own option: a letter inside `-tbookworm-backports`
            // is `-t`'s value, not a simulation.
            if has_short(args, 's', "octaq")
                || has_flag(
                    args,
                    "",
                    &["simulate", "dry-run", "just-print", "no-act", "recon"],
                )
            {
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
                &[
                    "purge",
                    "autopurge",
                    "remove",
                    "autoremove",
                    "full-upgrade",
                    "dist-upgrade",
                ],
            );
            if purge && v.class == crate::RiskClass::ConfigMutation {
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
            if has_flag(args, "Pr", &["purge", "remove"]) {
                de("purges packages and their configuration")
            } else if has_flag(
                args,
                "lLsSpcICV",
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
                // qm guest cmd VMID COMMAND, or the older qm agent VMID COMMAND
                let skip = if lits.first() == Some(&"agent") { 2 } else { 3 };
                let cmd = lits
                    .iter()
                    .skip(skip)
                    .find(|a| !a.starts_with('-'))
                    .copied()
                    .unwrap_or("");
                let sub = if skip == 2 { Some(&"cmd") } else { lits.get(1) };
                return Some(match sub {
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
                    Some(&"cmd") if cmd == "shutdown" || cmd.starts_with("suspend") => {
                        de("shuts the guest down or suspends it")
                    }
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
        "pvesh"
            if verb(&[]).and_then(Arg::literal) == Some("create")
                && args.iter().map(Arg::raw).any(|a| {
                    let last = a.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                    matches!(
                        last,
                        "stop"
                            | "shutdown"
                            | "stopall"
                            | "reboot"
                            | "reset"
                            | "suspend"
                            | "rollback"
                    ) || matches!(a, "shutdown" | "reboot")
                }) =>
        {
            de("stops, shuts down or rolls back through the API")
        }
        // API paths whose GET reaches the internet (ACME directories and
        // terms) or answers with credentials (ACME DNS plugins' tokens,
        // cloud-init user data with passwords).
        "pvesh"
            if args.iter().filter_map(Arg::literal).any(|a| {
                // PVE's router drops empty parts (`/cloudinit//dump`).
                let a = a
                    .split('/')
                    .filter(|p| !p.is_empty())
                    .collect::<Vec<_>>()
                    .join("/");
                a.starts_with("cluster/acme")
                    || a.contains("cloudinit/dump")
                    || a.contains("acme/")
                    || a.ends_with("acme")
            }) =>
        {
            mu("asks the API for data fetched from the internet or holding credentials")
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
            let stops = lits.iter().any(|a| matches!(*a, "stopped" | "disabled"))
                && lits.contains(&"set")
                || lits.contains(&"crm-command")
                    && lits
                        .iter()
                        .any(|a| matches!(*a, "stop" | "node-maintenance"));
            if lits
                .iter()
                .any(|a| matches!(*a, "delete" | "remove" | "destroy" | "purge"))
                || stops
            {
                de("deletes configuration or stops what it manages")
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
                            | "groupconfig"
                            | "permissions"
                            | "ls"
                            | "info"
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
            &[
                "destroy",
                "labelclear",
                "create",
                "split",
                "detach",
                "export",
                "offline",
                "remove",
                "clear",
                "reguid",
            ],
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
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            let drops = has_flag(args, "P", &["policy"])
                && lits.iter().any(|a| matches!(*a, "DROP" | "REJECT"));
            if has_flag(args, "FXD", &["flush", "delete-chain", "delete"]) || drops {
                de("flushes, deletes or blocks firewall rules")
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
        "ufw"
            if verb(&[]).and_then(Arg::literal) == Some("default")
                && args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|a| matches!(a, "deny" | "reject")) =>
        {
            de("blocks traffic by default, which can cut off SSH")
        }
        "ufw" => by_verb(
            name,
            verb(&[]),
            &["status", "show", "version", "help", "app"],
            &["reset", "delete"],
        ),
        "git" => git(args),
        // A database client with no statement reads statements from its
        // input (or opens a prompt).
        "psql"
            if !(has_short(args, 'c', "dFhpRU")
                || has_short(args, 'l', "dFhpRU")
                || has_flag(args, "", &["command", "list", "version", "help"])) =>
        {
            mu("reads statements from its input")
        }
        "mysql" | "mariadb"
            if !(has_short(args, 'e', "DhPuS")
                || has_flag(args, "", &["execute", "version", "help"])) =>
        {
            mu("reads statements from its input")
        }
        "redis-cli" | "valkey-cli"
            if positionals(
                args,
                &["-h", "-p", "-n", "-r", "-i", "--pattern", "--count"],
            )
            .is_empty()
                && !args.iter().filter_map(Arg::literal).any(|a| {
                    matches!(
                        a,
                        "--scan"
                            | "--bigkeys"
                            | "--memkeys"
                            | "--hotkeys"
                            | "--latency"
                            | "--latency-history"
                            | "--latency-dist"
                            | "--stat"
                            | "--version"
                            | "--help"
                    )
                }) =>
        {
            mu("reads commands from its input")
        }
        // `chage -l` and `passwd -S` only show an account's ageing or status.
        "chage"
            if args
                .iter()
                .any(|a| matches!(a.literal(), Some("-l" | "--list"))) =>
        {
            ro("shows a password's ageing")
        }
        "passwd"
            if args
                .iter()
                .any(|a| matches!(a.literal(), Some("-S" | "--status"))) =>
        {
            ro("shows a password's status")
        }
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
                        || v.ends_with("-status")
                        || v == "hostname"
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
    "clean", "freeze", "mask",
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
/// curl's short options that take a value (their letters in a cluster
/// after one of these are the value, `-XGET` is not `-T`).
const CURL_VALUED: &str = "AbcCdDeEFhHKmoQrtTuUwxXYyz";

fn curl(args: &[Arg]) -> Verdict {
    let short = |c: char| has_short(args, c, CURL_VALUED);
    if short('T') || short('d') || short('F') || has_flag(args, "", CURL_SENDS) {
        return Verdict::mutation("`curl` sends data");
    }
    let output_is_sink = matches!(
        option_value(args, &["-o", "--output"]).as_deref(),
        None | Some("/dev/null" | "-")
    );
    if short('O') || short('c') || has_flag(args, "", CURL_WRITES) || !output_is_sink {
        return Verdict::mutation("`curl` writes files");
    }
    let attached = args.iter().filter_map(Arg::literal).find_map(|a| {
        a.strip_prefix("-X")
            .filter(|m| !m.is_empty())
            .map(str::to_string)
    });
    match option_value(args, &["-X", "--request"]).or(attached) {
        Some(m) if m.eq_ignore_ascii_case("DELETE") => {
            Verdict::destructive("`curl` sends a DELETE request, which removes what it names")
        }
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

/// The scripts given with `-e` as getopt reads them: `-e S`, `-eS`, a
/// cluster ending in it (`-ne S`), `--expression S`, `--expression=S`.
fn sed_expressions(args: &[Arg]) -> Vec<&str> {
    let mut out = Vec::new();
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        let Some(text) = arg.literal() else { continue };
        if text == "--" {
            break;
        }
        if let Some(value) = text.strip_prefix("--expression=") {
            out.push(value);
        } else if text == "--expression" {
            out.extend(words.next().and_then(Arg::literal));
        } else if let Some(cluster) = text.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            // `-f FILE` and `-l N` take values too; the first of the three
            // takes the rest of the word or the next one.
            if let Some(at) = cluster.find(['e', 'f', 'l']) {
                let value = &cluster[at + 1..];
                let value = if value.is_empty() {
                    words.next().and_then(Arg::literal)
                } else {
                    Some(value)
                };
                if cluster.as_bytes()[at] == b'e' {
                    out.extend(value);
                }
            }
        }
    }
    out
}

/// sed's first operand (its script when no `-e` is given).
fn sed_first_operand(args: &[Arg]) -> Option<&Arg> {
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        let Some(text) = arg.literal() else {
            return Some(arg);
        };
        if text == "--" {
            return words.next();
        }
        if text == "--line-length" || text == "--file" || text == "--expression" {
            words.next();
        } else if text.starts_with("--") {
        } else if let Some(cluster) = text.strip_prefix('-').filter(|c| !c.is_empty()) {
            if let Some(at) = cluster.find(['e', 'f', 'l'])
                && cluster.len() == at + 1
            {
                words.next();
            }
        } else {
            return Some(arg);
        }
    }
    None
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
                if inner[0].raw().contains("{}") {
                    return Verdict::destructive("`find -exec {}` runs the files it finds");
                }
                // GNU find puts each name found wherever `{}` appears in
                // a word, not only in a word of its own: `sh -c 'cat {}'`
                // runs whatever a file's name says.
                let inner: Vec<Arg> = inner
                    .iter()
                    .map(|a| match a.literal() {
                        Some(text) if text != "{}" && text.contains("{}") => {
                            Arg::dynamic(format!("<{text} with a found name spliced in>"))
                        }
                        _ => a.clone(),
                    })
                    .collect();
                let v = w
                    .invocation(&inner, Stdin::Unknown, depth)
                    .prefixed("`find -exec` runs: ");
                verdict = verdict.max(v).max(find_shows_secrets(args, &inner));
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

/// Whether `find … -exec PROGRAM {}` shows the contents of secret files:
/// the names it looks for (`-name '*.key'`) may be secrets, or, with no
/// name to narrow it, the folders it searches hold some (`find /root
/// -exec cat {} \;`).
fn find_shows_secrets(args: &[Arg], inner: &[Arg]) -> Verdict {
    let program = inner
        .first()
        .and_then(Arg::literal)
        .map(|p| p.rsplit('/').next().unwrap_or(p));
    if !program.is_some_and(secrets::shows_contents) {
        return Verdict::read_only("`find -exec` shows no contents");
    }
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let valued = |options: &[&str]| -> Vec<&str> {
        lits.windows(2)
            .filter(|p| options.contains(&p[0]))
            .map(|p| p[1])
            .collect()
    };
    let names = valued(&["-name", "-iname"]);
    let paths = valued(&["-path", "-ipath", "-wholename", "-iwholename"]);
    // Whatever the names asked for, a starting folder that holds secrets
    // may hold one that matches (`find /etc/NetworkManager -name
    // '*.nmconnection' -exec grep psk {} +`).
    // find's own options come before the starting points (`-P`, `-L`,
    // `-H`, `-D debugopts`, `-Olevel`).
    let mut words = lits.iter().peekable();
    while let Some(w) = words.peek() {
        match **w {
            "-P" | "-L" | "-H" => {
                words.next();
            }
            "-D" => {
                words.next();
                words.next();
            }
            o if o.starts_with("-O") => {
                words.next();
            }
            _ => break,
        }
    }
    let start_holds = words
        .take_while(|w| !w.starts_with('-') && !matches!(**w, "(" | "!"))
        .any(|dir| secrets::folder_holds_secrets(dir));
    let secret = start_holds
        || names.iter().any(|n| secrets::name_pattern_names_secret(n))
        || paths.iter().any(|p| secrets::names_secret(p, true));
    if secret {
        super::reads_secret("the files `find` finds")
    } else {
        Verdict::read_only("`find -exec` shows no secret")
    }
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
    // The words from the subcommand on (`-C DIR` before it is not its).
    let start = pos
        .first()
        .and_then(|v| args.iter().position(|a| std::ptr::eq(a, *v)))
        .unwrap_or(0);
    let rest: Vec<&str> = args[start..].iter().filter_map(Arg::literal).collect();
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
                        | "get"
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
        Some("reflog")
            if pos
                .get(1)
                .and_then(|a| a.literal())
                .is_some_and(|s| matches!(s, "expire" | "delete")) =>
        {
            Verdict::destructive("`git reflog expire` drops the history that recovers lost work")
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

/// A pager's `+` start command that only moves or searches (`+G`, `+F`,
/// `+50`, `+/error`); anything else (`+!cmd`, `+|cmd`, `+s file`, `+v`)
/// may run a program or write a file.
fn pager_motion(word: &str) -> bool {
    let command = word.trim_start_matches('+');
    matches!(command, "G" | "g" | "F" | "")
        || command.chars().all(|c| c.is_ascii_digit())
        || (command.starts_with('/') && !command.contains(['!', '|']))
}

/// Long options that name a program the tool runs, per tool, each with
/// the shortest prefix GNU's parser takes for it there (`--compress-p=sh`
/// is `--compress-program`; `--checkpoint=1` is an option of its own).
const RUNS_A_PROGRAM: &[(&str, &[(&str, usize)])] = &[
    ("sort", &[("compress-program", 3)]),
    ("rg", &[("pre", 3)]),
    ("ag", &[("pager", 3)]),
    (
        "tar",
        &[
            ("to-command", 4),
            ("use-compress-program", 3),
            ("checkpoint-action", 11),
            ("info-script", 3),
            ("new-volume-script", 4),
            ("rsh-command", 3),
            ("rmt-command", 3),
        ],
    ),
    ("rsync", &[("rsh", 3), ("rsync-path", 3)]),
    (
        "git",
        &[("upload-pack", 3), ("receive-pack", 3), ("exec", 4)],
    ),
    ("man", &[("pager", 3), ("html", 2)]),
];

/// The first option of `args` that names a program `name` runs.
fn runs_a_program(name: &str, args: &[Arg]) -> Option<String> {
    let (_, options) = RUNS_A_PROGRAM.iter().find(|(n, _)| *n == name)?;
    args.iter()
        .filter_map(Arg::literal)
        .take_while(|a| *a != "--")
        .filter_map(|a| a.strip_prefix("--"))
        .map(|a| match a.split_once('=') {
            Some((word, value)) => (word, Some(value)),
            None => (a, None),
        })
        .find(|(word, value)| {
            // A pager that only prints (`--pager=cat`) runs nothing new.
            value.is_none_or(|v| v != "cat")
                && options
                    .iter()
                    .any(|(o, min)| word.len() >= *min && o.starts_with(*word))
        })
        .map(|(word, _)| format!("--{word}"))
}
