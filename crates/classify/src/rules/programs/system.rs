//! The rules for power, processes, schedules, logs, clock, kernel settings
//! and accounts: each arm judges one program (or family) by its flags and
//! subcommands. Part of [`super::specific`].

use super::*;

/// busctl(1)'s options that take a value (systemd 252).
const BUSCTL_VALUED: &[&str] = &[
    "-H",
    "--host",
    "-M",
    "--machine",
    "--address",
    "--timeout",
    "--size",
    "--json",
    "--match",
    "--destination",
    "--augment-creds",
    "--auto-start",
    "--allow-interactive-authorization",
    "--expect-reply",
    "--watch-bind",
    "--list",
];

/// systemd's own services, always running or started on demand to answer
/// and exit again (hostnamed, timedated, localed): starting one changes
/// nothing.
const BUS_SERVICES_HARMLESS: &[&str] = &[
    "org.freedesktop.DBus",
    "org.freedesktop.systemd1",
    "org.freedesktop.login1",
    "org.freedesktop.hostname1",
    "org.freedesktop.timedate1",
    "org.freedesktop.locale1",
    "org.freedesktop.resolve1",
    "org.freedesktop.network1",
    "org.freedesktop.machine1",
    "org.freedesktop.timesync1",
];

/// The service `busctl` sends a message to that the bus may start for it
/// (D-Bus activation: `introspect`, `tree`, `get-property`, `call` name a
/// service; PackageKit, udisks, a snap's daemon start on the first
/// message): none when `--auto-start` is off or the service is one of
/// systemd's own ([`BUS_SERVICES_HARMLESS`]).
fn busctl_starts_service(args: &[Arg]) -> Option<String> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    // The last one given counts.
    let auto_start =
        lits.iter()
            .enumerate()
            .rev()
            .find_map(|(i, w)| match w.strip_prefix("--auto-start") {
                Some(v) if v.starts_with('=') => Some(v[1..].to_string()),
                Some("") => lits.get(i + 1).map(|v| (*v).to_string()),
                _ => None,
            });
    if auto_start.is_some_and(|v| matches!(v.as_str(), "0" | "no" | "n" | "false" | "f" | "off")) {
        return None;
    }
    let words = positionals(args, BUSCTL_VALUED);
    let verb = words.first().and_then(|a| a.literal())?;
    if !matches!(
        verb,
        "introspect" | "tree" | "get-property" | "call" | "set-property"
    ) {
        return None;
    }
    words[1..]
        .iter()
        .take(if verb == "tree" { usize::MAX } else { 1 })
        .map(|a| a.raw().trim_matches(['\'', '"']).to_string())
        .find(|service| !BUS_SERVICES_HARMLESS.contains(&service.as_str()))
}

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        "reboot" | "poweroff" | "halt" | "kexec" => de("stops the machine"),
        // bash's `fc` re-runs (`-s`) or edits and runs history lines;
        // `-l` only lists them (review 124).
        "fc" if !has_flag(args, "l", &[]) => de("runs commands from the shell's history"),
        // ldd(1) may run a program's own interpreter to list its
        // libraries: one outside the system's folders is someone's code
        // (review 124).
        "ldd"
            if args.iter().any(|a| {
                a.literal().is_none_or(|w| {
                    !w.starts_with('-')
                        && ![
                            "/usr/bin/",
                            "/usr/sbin/",
                            "/bin/",
                            "/sbin/",
                            "/usr/lib/",
                            "/lib/",
                            "/lib64/",
                            "/usr/libexec/",
                            "/usr/local/bin/",
                            "/usr/local/sbin/",
                        ]
                        .iter()
                        .any(|d| w.starts_with(d) && !w.contains(".."))
                })
            }) =>
        {
            de("may run the file's own program interpreter, code the card does not show")
        }
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
            // Only before any process id: `kill 1234 -l` signals 1234.
            let first = args.first().and_then(Arg::literal).unwrap_or("");
            if matches!(first, "-l" | "-L" | "--list" | "--table") || first.starts_with("--list=") {
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
            } else if has_flag(args, "e", &["edit"]) {
                mu("edits the crontab")
            } else {
                // `crontab FILE`, `crontab -` and a bare `crontab` (its
                // input) install a whole crontab (`-u USER`'s too).
                de(
                    "installs a crontab from a file or its input: its commands run later, as its user (root's: as root)",
                )
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
        "date" => either(
            date_sets(args)
                || positionals(
                    args,
                    &["-d", "--date", "-f", "--file", "-r", "--reference", "-I"],
                )
                .iter()
                .any(|a| a.literal().is_none_or(|l| !l.starts_with('+'))),
            mu("sets the clock"),
            ro("prints the date"),
        ),
        "needrestart" => {
            // (Its restart mode, `-r l` only: without `-r` the
            // configuration's mode applies, which may restart services.)
            // (Batch, nagios and OpenMetrics modes, `-b`, `-p`, `-o`,
            // never restart anything: README.batch.md; blind corpus 113.)
            let modes = crate::tables::option_values(name, args, &["-r"]);
            let batch =
                crate::rules::table_reads_option(name, args, &["b", "p", "o"]).unwrap_or(false);
            let list_only = (batch || !modes.is_empty())
                && modes
                    .iter()
                    .all(|m| m.as_ref().and_then(Arg::literal) == Some("l"));
            either(
                !list_only,
                mu("may restart services: its restart mode is not `-r l`"),
                ro("lists what needs a restart"),
            )
        }
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
        "networkctl"
            if matches!(
                verb(&[]).and_then(Arg::literal),
                Some("down" | "delete" | "forcerenew")
            ) =>
        {
            de("takes a link down or deletes it")
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
        // An account left without a password (`passwd -d`, `usermod -p ''`,
        // `chpasswd` with an empty one): anyone may log in as it where
        // empty passwords are taken (a console, `su` under `nullok`).
        "passwd" | "usermod" if empties_password(name, args) => {
            de("leaves an account without a password, which anyone may then log in as")
        }
        "useradd" | "adduser" | "usermod" | "gpasswd" | "addgroup"
            if let Some(group) = privileged_group_given(name, args) =>
        {
            de(&format!(
                "puts an account in `{group}`, whose members act as root (sudo, the Docker or LXD socket, raw disks)"
            ))
        }
        "useradd" | "adduser" | "usermod" | "passwd" | "chpasswd" | "groupadd" | "addgroup"
        | "groupmod" | "gpasswd" | "chage" => mu("changes accounts"),
        // Only root's own configurations: another file is parsed (and its
        // lines echoed in errors) whatever it holds, its `include`s too.
        "logrotate" => either(
            has_flag(args, "d", &["debug"])
                && positionals(args, &[]).iter().all(|a| {
                    a.literal().is_some_and(|p| {
                        p == "/etc/logrotate.conf"
                            || p.strip_prefix("/etc/logrotate.d/")
                                .is_some_and(|f| !f.is_empty() && !f.contains(['/', '*', '?', '[']))
                    })
                }),
            ro("only shows what it would rotate (debug mode)"),
            // (Forced too: a rotation is what the daily run does; blind
            // corpora 108 and 112 call it a change, 120 a loss.)
            mu("rotates logs and runs their scripts, or reads a configuration from elsewhere"),
        ),
        "ssh-copy-id" => de(
            "adds a key to the remote account's authorized_keys: whoever holds its private half logs in",
        ),
        // ipmitool 1.8.19: `chassis power off|cycle|reset|soft|diag` and
        // `power …` cut or restart the machine the BMC runs.
        "ipmitool" if let Some(why) = ipmi_loses(args) => de(why),
        // corosync-cmapctl(8) without a prefix lists every key, an inline
        // `totem.key` among them.
        // (`-m stats`: the statistics map, counters only; review 139.)
        "corosync-cmapctl"
            if positionals(args, &["-m", "-p"]).is_empty()
                && !args
                    .windows(2)
                    .any(|p| p[0].literal() == Some("-m") && p[1].literal() == Some("stats")) =>
        {
            mu("lists every key of the map, a shared key written inline (`totem.key`) among them")
        }
        "userdel" | "deluser" | "groupdel" | "delgroup" => de("deletes accounts"),
        "busctl" if let Some(service) = busctl_starts_service(args) => mu(&format!(
            "may start `{service}` by D-Bus activation (a message to a service that is not running starts it; `--auto-start=no` does not)"
        )),
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
                                // systemd-analyze's reports.
                                | "unit-files"
                                | "capability"
                                | "filesystems"
                                | "architectures"
                                | "has-tpm2"
                                | "condition"
                                | "compare-versions"
                                | "pcrs"
                                | "image-policy"
                                | "smbios11"
                                // udevadm's wait for its queue (blind
                                // corpus 100).
                                | "settle"
                        ) =>
                {
                    ro("shows status")
                }
                Some(Some(
                    "terminate-session" | "terminate-user" | "terminate-seat" | "kill-session"
                    | "kill-user" | "poweroff" | "reboot" | "terminate" | "kill" | "remove"
                    // (`machinectl clean` removes images; `stop` is
                    // `poweroff`'s other name: blind corpus 220.)
                    | "clean-images" | "clean" | "stop",
                )) => de("stops sessions or machines"),
                Some(Some(_)) => mu("changes system settings"),
            }
        }
        "visudo" => either(
            has_flag(args, "c", &["check"]),
            ro("checks sudoers"),
            mu("edits sudoers"),
        ),
        // modprobe(8), kmod 30: its configuration (`-c`), what it would
        // load (`-D`, `-n`, `-R`), as its parser reads the line; otherwise
        // it loads modules (blind corpus 79).
        "modprobe" => either(
            crate::rules::table_reads_option(
                name,
                args,
                &[
                    "c",
                    "D",
                    "n",
                    "R",
                    "showconfig",
                    "show-depends",
                    "dry-run",
                    "resolve-alias",
                ],
            ) == Some(true),
            ro("only shows its configuration or what it would load"),
            mu("loads kernel modules"),
        ),
        // rtcwake(8) `-m off|disk|mem|standby|freeze` powers the machine off
        // or suspends it until the alarm (not `-m no|show|on`, `-n`).
        "rtcwake" if rtcwake_sleeps(args) => de("powers the machine off or suspends it"),
        // upsmon(8) `-c fsd` forces every system on the UPS to shut down;
        // apcupsd `--killpower`/`-k` cuts the UPS's output (blind corpus
        // 92).
        "upsmon"
            if args
                .windows(2)
                .any(|p| p[0].literal() == Some("-c") && p[1].literal() == Some("fsd")) =>
        {
            de("forces every system on the UPS to shut down")
        }
        "apcupsd"
            if args
                .iter()
                .any(|a| matches!(a.literal(), Some("--killpower" | "-k"))) =>
        {
            de("cuts the UPS's output power")
        }
        // gpg(1) makes its home folder, keyrings and trust database even
        // to list them (the syscall oracle saw `mkdir("/root/.gnupg")`
        // for `gpg --list-keys`), and without a command option it guesses
        // one from its operands (it may decrypt them).
        "gpg" | "gpg2" => {
            mu("writes its home folder, keyrings and trust database, even to list keys")
        }
        _ => return None,
    })
}

/// Groups whose members act as root: sudo's, the root group, the Docker
/// and LXD sockets', raw disk access.
const PRIVILEGED_GROUPS: &[&str] = &[
    "sudo", "wheel", "root", "admin", "docker", "lxd", "disk", "shadow", "libvirt", "kvm",
];

/// The privileged group an account command adds someone to: `usermod -G
/// LIST`/`-aG LIST`, `useradd -G LIST`/`-g GROUP`, `gpasswd -a USER
/// GROUP`/`-M USERS GROUP`, `adduser USER GROUP`/`addgroup USER GROUP`;
/// `usermod -u 0` makes a second root.
fn privileged_group_given(name: &str, args: &[Arg]) -> Option<String> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let listed = |list: &str| {
        list.split(',')
            .find(|g| PRIVILEGED_GROUPS.contains(g))
            .map(str::to_string)
    };
    let valued = |shorts: &[&str], longs: &[&str]| -> Vec<String> {
        let mut out = Vec::new();
        for (i, w) in lits.iter().enumerate() {
            for s in shorts {
                // (A cluster ending in the letter takes the next word:
                // `-ou 0`, `-aG sudo`.)
                let letter = &s[s.len() - 1..];
                let ends_cluster = w.starts_with('-')
                    && !w.starts_with("--")
                    && w.len() > 2
                    && w.ends_with(letter);
                if w == s || ends_cluster {
                    out.extend(lits.get(i + 1).map(|v| v.to_string()));
                } else if let Some(v) = w.strip_prefix(s).filter(|v| !v.is_empty()) {
                    out.push(v.to_string());
                }
            }
            for l in longs {
                if w == l {
                    out.extend(lits.get(i + 1).map(|v| v.to_string()));
                } else if let Some(v) = w.strip_prefix(l).and_then(|v| v.strip_prefix('=')) {
                    out.push(v.to_string());
                }
            }
        }
        out
    };
    match name {
        "usermod" | "useradd" => {
            if valued(&["-u"], &["--uid"]).iter().any(|u| u == "0") {
                return Some("root (uid 0)".to_string());
            }
            valued(&["-G", "-aG", "-g"], &["--groups", "--gid"])
                .iter()
                .find_map(|l| listed(l))
        }
        "gpasswd" => {
            let operands: Vec<&&str> = lits.iter().filter(|w| !w.starts_with('-')).collect();
            let adds = lits
                .iter()
                .any(|w| matches!(*w, "-a" | "--add" | "-M" | "--members"));
            adds.then(|| operands.last().and_then(|g| listed(g)))
                .flatten()
        }
        // `adduser USER GROUP`: the second operand is the group.
        _ => {
            let operands: Vec<&&str> = lits.iter().filter(|w| !w.starts_with('-')).collect();
            match operands.as_slice() {
                [_, group] => listed(group),
                _ => None,
            }
        }
    }
}

/// Whether an ipmitool line cuts or cycles power: `chassis power
/// off|cycle|reset|soft|diag` or `power off|…`.
/// What an `ipmitool` line loses (ipmitool(1), 1.8.19): `chassis power
/// off|cycle|reset|soft|diag` and `power …` cut or restart the machine
/// the BMC runs; `sel clear|delete` lose the hardware event log; `raw`
/// and `i2c` send the BMC any request (power and firmware ones among
/// them), `hpm`/`fwum` flash its firmware.
fn ipmi_loses(args: &[Arg]) -> Option<&'static str> {
    // ipmi_main.c's getopt string: these take a value; GNU getopt
    // permutes, so options may stand between the command's words.
    const VALUED: &str = "IHdPfUpCLAtTmzSlbBekyORNDZo";
    let mut operands: Vec<&str> = Vec::new();
    let mut value_next = false;
    for word in args.iter().filter_map(Arg::literal) {
        if value_next {
            value_next = false;
        } else if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) {
            // A valued letter takes the rest of the cluster or the next word.
            if let Some(at) = cluster.find(|c| VALUED.contains(c)) {
                value_next = at + 1 == cluster.len();
            }
        } else {
            operands.push(word);
        }
    }
    let pair = |first: &str, then: &[&str]| {
        operands
            .windows(2)
            .any(|p| p[0] == first && then.contains(&p[1]))
    };
    // ipmi_chassis.c: `down` is `off`, `acpi` is `soft`.
    if pair(
        "power",
        &["off", "down", "cycle", "reset", "soft", "acpi", "diag"],
    ) {
        Some("cuts or cycles a machine's power through its BMC")
    } else if pair("sel", &["clear", "delete"]) {
        Some("clears the BMC's hardware event log")
    } else if pair("fru", &["write", "edit", "upgEkey"]) {
        Some("overwrites a field-replaceable unit's inventory memory")
    } else if pair("reset", &["cold", "warm"])
        && operands.iter().any(|w| matches!(*w, "mc" | "bmc"))
    {
        // (The BMC restarts: the machine's remote console, power control
        // and sensors are gone until it is back; blind corpus 92.)
        Some("restarts the BMC, the machine's only remote console and power control")
    } else if operands
        .iter()
        .any(|w| matches!(*w, "raw" | "i2c" | "hpm" | "fwum"))
    {
        Some("sends the BMC a raw request or new firmware (power and flash commands among them)")
    } else if pair("user", &["set", "disable", "priv"])
        || pair("lan", &["set"])
        || pair("channel", &["setaccess"])
    {
        // (`bmc` is `mc`'s old name; a user's password or access, or the
        // BMC's LAN channel, changed: who manages the machine remotely is
        // locked out; review 115.)
        Some("changes the BMC's users or LAN channel, which can lock out its remote console")
    } else if operands.iter().any(|w| matches!(*w, "exec" | "bridge")) {
        Some("runs ipmitool commands from a file the line does not show")
    } else {
        None
    }
}

/// Whether rtcwake(8) is told to power off or suspend (`-m MODE`,
/// `--mode=MODE`, `-mMODE`), not only to show or set the alarm, nor a
/// dry run (`-n`, `--dry-run`).
fn rtcwake_sleeps(args: &[Arg]) -> bool {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    if lits.iter().any(|w| matches!(*w, "-n" | "--dry-run")) || lits.len() < args.len() {
        return lits.len() < args.len();
    }
    let mode = lits.iter().enumerate().find_map(|(i, w)| match *w {
        "-m" | "--mode" => lits.get(i + 1).copied(),
        _ => w
            .strip_prefix("--mode=")
            .or_else(|| w.strip_prefix("-m").filter(|m| !m.is_empty())),
    });
    // (Without `-m`, the default is `standby`.)
    !matches!(mode, Some("no" | "show" | "on" | "disable"))
}

/// Whether `passwd`/`usermod` removes an account's password: `passwd -d`
/// (`--delete`, or in a cluster: `-dq`), `usermod -p ''` (`--password=`).
fn empties_password(name: &str, args: &[Arg]) -> bool {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    match name {
        "passwd" => lits.iter().any(|w| {
            *w == "--delete" || (w.starts_with('-') && !w.starts_with("--") && w.contains('d'))
        }),
        _ => args.iter().enumerate().any(|(i, a)| match a.literal() {
            Some("-p" | "--password") => args.get(i + 1).and_then(Arg::literal) == Some(""),
            Some(w) => w == "--password=",
            None => false,
        }),
    }
}

/// Whether date(1)'s words set the clock (`-s`, `--set`, a cluster with
/// `s`), the values of its options that take one aside (`date -d '-6
/// hours' +%s`: `-6 hours` is a date, not options; blind corpus 46).
fn date_sets(args: &[Arg]) -> bool {
    let mut words = args.iter().filter_map(Arg::literal);
    while let Some(word) = words.next() {
        match word {
            "--" => return false,
            "-d" | "--date" | "-f" | "--file" | "-r" | "--reference" => {
                words.next();
            }
            // (getopt_long: `--s`, `--se` are `--set`.)
            _ if word
                .strip_prefix("--")
                .and_then(|w| w.split('=').next())
                .is_some_and(|name| !name.is_empty() && "set".starts_with(name)) =>
            {
                return true;
            }
            _ if word.starts_with('-') && !word.starts_with("--") => {
                // The letters before the first that takes a value.
                let letters = word[1..].split(['d', 'f', 'r', 'I']).next().unwrap_or("");
                if letters.contains('s') {
                    return true;
                }
                // (`-ud '-3 days'`: the value is the next word.)
                if letters.len() + 2 == word.len() && word.ends_with(['d', 'f', 'r']) {
                    words.next();
                }
            }
            _ => {}
        }
    }
    false
}
