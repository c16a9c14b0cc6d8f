//! The rules for disks, partitions, volumes, file systems and what deletes
//! files: each arm judges one program (or family) by its flags and
//! subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    // lvm(8): `lvm CMD ARGS…` runs LVM's CMD, judged as CMD itself (`lvm
    // lvremove -y pve/data` is lvremove); its own reports (`fullreport`,
    // `version`, …) are its table's.
    // (Without a command it reads commands from its input, as a shell
    // does; review 107.)
    if name == "lvm" && args.iter().all(|a| a.raw().starts_with('-')) {
        return Some(Verdict::destructive(
            "`lvm` without a command runs the LVM commands it reads on its input",
        ));
    }
    if name == "lvm"
        && let Some(command) = args.first().and_then(Arg::literal)
        && !command.starts_with('-')
        && !matches!(
            command,
            "fullreport"
                | "version"
                | "formats"
                | "segtypes"
                | "types"
                | "help"
                | "pvs"
                | "vgs"
                | "lvs"
        )
    {
        // (`lvm config`, `lvm dumpconfig` are lvmconfig; review 108.)
        let v = match command {
            "config" | "dumpconfig" => {
                let mut named = args.to_vec();
                named[0] = Arg::literal_of("lvmconfig");
                w.invocation(&named, crate::Stdin::Unknown, depth + 1)
            }
            _ => w.invocation(args, crate::Stdin::Unknown, depth + 1),
        };
        return Some(v.prefixed("`lvm` runs it: "));
    }
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        "rm" | "unlink" | "shred" | "srm" | "truncate" | "blkdiscard" | "wipe" => {
            de("deletes or overwrites data")
        }
        "rmdir" => mu("removes empty directories"),
        // dmidecode(8): SMBIOS type 11, the OEM strings, is systemd's
        // channel for credentials (smbios-type-11(7); review 47): shown
        // by no `-t`/`-s`, `-t 11`, a handle, `--oem-string`, or a dump
        // file's tables.
        "dmidecode" if shows_oem_strings(name, args) => Verdict::mutation(
            "`dmidecode` shows SMBIOS type 11, the OEM strings systemd passes credentials in, \
             which holds secrets: its output would reach the model and the room",
        )
        .printing(crate::Output::Secret),
        // `set -m` (job control) puts each job in a process group of its
        // own, beyond the group a run is stopped by (review 49).
        "set"
            if args.iter().filter_map(Arg::literal).any(|w| {
                (w.starts_with('-') || w.starts_with('+'))
                    && !w.starts_with("--")
                    && w.contains('m')
            }) =>
        {
            mu("turns job control on: each job gets a process group of its own")
        }
        // ausearch(8): TTY and USER_TTY records hold what users typed
        // (pam_tty_audit(8): a password at a prompt among it): read-only
        // with a key (`-k`) or record types (`-m`) named plainly, none of
        // them (reviews 48, 49, 53). (Commands' arguments, EXECVE and
        // PROCTITLE, come with every syscall event a key or a type
        // selects; they are what `ps -ef` shows, not held secret.)
        "ausearch" if shows_typed_input(name, args) => Verdict::mutation(
            "`ausearch` shows the audit log's keystroke records (TTY, USER_TTY) unless `-k` or \
             `-m` names other records by name, which holds secrets",
        )
        .printing(crate::Output::Secret),
        // nstat(8): without `-a -s` it opens its history file
        // (`/tmp/.nstat.u0`) every run (blind corpus 36).
        // (Only `-a` with `-s` leaves the file alone: `-s` alone still
        // creates, locks and may truncate it; review 48.)
        "nstat" if !(has_flag(args, "s", &["noupdate"]) && has_flag(args, "a", &["ignore"])) => mu(
            "rewrites its history file (`/tmp/.nstat.uUID`) unless `-as` (`--ignore --noupdate`)",
        ),
        // blkid(8): its cache mode saves what it found to
        // /run/blkid/blkid.tab when run as root (blind corpus 39); low-level
        // probing (`-p`, `-i`), the type list (`-k`), help and version, and
        // `-c /dev/null` save none.
        "blkid"
            if !has_flag(
                args,
                "pikhV",
                &["probe", "info", "list-filesystems", "help", "version"],
            ) && !crate::tables::option_values(name, args, &["-c", "--cache-file"])
                .iter()
                .any(|v| v.as_ref().and_then(Arg::literal) == Some("/dev/null")) =>
        {
            mu(
                "saves its cache of devices (/run/blkid/blkid.tab) when run as root; `-p` or `-c /dev/null` save none",
            )
        }
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
        "multipath" => match multipath_command(args) {
            Multipath::Shows => ro("only shows maps, paths or its configuration"),
            Multipath::Builds => mu("builds or reloads multipath maps"),
            Multipath::EditsWwids => mu("edits its WWID file, which decides what becomes a map"),
            Multipath::Flushes => de("flushes multipath maps, and their disks go away"),
        },
        "wipefs" => either(
            has_flag(args, "ao", &["all", "offset"]) && !has_flag(args, "n", &["no-act"]),
            de("erases filesystem signatures"),
            ro("lists filesystem signatures"),
        ),
        // (As each one's parser reads the line: `-o -l` is a column list.)
        "fdisk" | "gdisk" | "cfdisk" => either(
            crate::rules::table_reads_option(name, args, &["l", "list"])
                .unwrap_or_else(|| has_flag(args, "l", &["list"])),
            ro("lists partitions"),
            de("rewrites a partition table"),
        ),
        // (sfdisk keeps the last action given: a `--part-*` setter, a
        // delete or a relocation after `-l` still writes, `-l` after them
        // only lists; review 70.)
        // (`--no-act` reads the script and prints the table it would
        // write, writing nothing; not with a backup of the old one.)
        "sfdisk"
            if has_flag(args, "n", &["no-act"])
                && !has_flag(args, "bO", &["backup", "backup-file", "move-data"]) =>
        {
            mu("only shows the partition table it would write (`--no-act`)")
        }
        "sfdisk" => either(
            match sfdisk_last_action(args) {
                Some(SfdiskAction::Lists) => true,
                Some(SfdiskAction::Part) => positionals(args, &["-o", "--output"]).len() == 2,
                Some(SfdiskAction::Writes) | None => false,
            },
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
            ];
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            if lits.iter().any(|w| CHANGES.contains(w)) || first_dynamic(args).is_some() {
                de("changes partitions")
            } else if has_flag(args, "l", &["list"]) || parted_only_prints(&lits) {
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
        "umount" | "swapoff" => de("takes a filesystem or swap away from what uses it"),
        "vgchange" | "lvchange"
            if args.iter().filter_map(Arg::literal).any(|a| {
                a == "-an" || a == "-aln" || a.starts_with("--activate=n") || a == "n"
            }) =>
        {
            de("deactivates volumes, taking what uses them down")
        }
        "zfs" => {
            let v = verb(&[]);
            if matches!(v.and_then(Arg::literal), Some("receive" | "recv"))
                && has_flag(args, "F", &[])
            {
                return Some(de("receive -F rolls the target back"));
            }
            // zfs-receive(8): `-A` deletes the saved state of an
            // interrupted receive, and what it had received (blind corpus
            // 228).
            if matches!(v.and_then(Arg::literal), Some("receive" | "recv"))
                && has_flag(args, "A", &[])
            {
                return Some(de(
                    "receive -A discards a partly received stream and its resume state",
                ));
            }
            // (A dry run, `-n`, was judged before.)
            if v.and_then(Arg::literal) == Some("send") {
                return Some(mu(
                    "streams a dataset's whole contents to whatever reads its output",
                ));
            }
            // zfs-diff(8): against a filesystem (or one snapshot alone),
            // libzfs takes a just-in-time snapshot of it to compare.
            if v.and_then(Arg::literal) == Some("diff")
                && positionals(args, &[])
                    .iter()
                    .filter(|w| w.literal().is_some_and(|l| l.contains('@')))
                    .count()
                    < 2
            {
                return Some(mu(
                    "`zfs diff` against a filesystem takes a snapshot of it to compare",
                ));
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
                    // (Showing only: the table proves `allow FS` with no
                    // permission and `mount` with no operand.)
                    "allow",
                    "mount",
                ],
                &["destroy", "rollback"],
            )
        }
        // `zpool import` and `zpool upgrade` with no pool and no `-a` list
        // what could be imported or upgraded. (To list, `import` scans the
        // devices through libblkid, which saves its cache as `blkid`
        // does, unless folders are named with `-d`; review 140.)
        "zpool"
            if matches!(verb(&[]).and_then(Arg::literal), Some("import" | "upgrade"))
                && positionals(args, &["-d", "-c", "-o", "-R", "-T"]).len() == 1
                && !has_flag(args, "a", &[]) =>
        {
            if verb(&[]).and_then(Arg::literal) == Some("import") && !has_flag(args, "dc", &[]) {
                mu(
                    "scans the devices through libblkid, which saves its cache (/run/blkid/blkid.tab)",
                )
            } else {
                ro("lists the pools that could be imported or upgraded")
            }
        }
        // zdb(8) at four `-d`s or more dumps objects' contents, an
        // encrypted dataset's wrapped master key among them (review 140).
        "zdb"
            if args
                .iter()
                .filter_map(Arg::literal)
                .filter(|w| w.starts_with('-') && !w.starts_with("--"))
                // (Each `-v` adds to every dump's level: `zdb -dvvv`,
                // `zdb -vvv pool`; review 143.)
                .map(|w| w.matches(['d', 'v']).count())
                .sum::<usize>()
                >= 3 =>
        {
            mu("dumps objects' contents, an encrypted dataset's wrapped keys among them")
        }
        // radosgw-admin(8) sets up the gateway's default realm, zone and
        // pools on a cluster that has none, whatever it is asked (review
        // 140; blind corpus 229).
        // (A line that names loss is the loss rules' to judge: `usage
        // trim`, `bucket rm`.)
        "radosgw-admin"
            if !args
                .iter()
                .filter_map(Arg::literal)
                .any(|w| names_loss(w) || w == "trim") =>
        {
            mu(
                "creates the gateway's default zone and pools on a cluster that has none, whatever it is asked",
            )
        }
        // zpool-import(8): `-F` (recovery mode) discards the last
        // transactions to make the pool importable, `-X` as many as it
        // takes (blind corpus 104); not `-n`, which only says whether it
        // could.
        // (`-T TXG` rewinds to a transaction group and implies `-FX`;
        // `--rewind-to-checkpoint` discards everything written since the
        // checkpoint; blind corpus 228.)
        "zpool"
            if verb(&[]).and_then(Arg::literal) == Some("import")
                && (has_flag(args, "FXT", &["rewind-to-checkpoint"]))
                && !has_flag(args, "n", &[]) =>
        {
            de("imports in recovery mode or rewound, discarding the pool's last transactions")
        }
        // zpool-events(8): `-c` clears the pools' event log.
        "zpool"
            if verb(&[]).and_then(Arg::literal) == Some("events") && has_flag(args, "c", &[]) =>
        {
            de("clears the pools' event log")
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
                // (The new device's contents are lost; a vdev added is
                // the pool's for good.)
                "add",
                "attach",
                "replace",
                "split",
                "detach",
                "export",
                "offline",
                "remove",
                "clear",
                "reguid",
                // (A pool's new features are on for good: an older system or
                // GRUB may no longer read it, the boot pool among them;
                // blind corpus 79. Without a pool or `-a` it only lists.)
                "upgrade",
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
                "get-feature",
                "self-test-log",
                "effects-log",
                "endurance-log",
                "sanitize-log",
                "supported-log-pages",
                "id-ns-desc",
                "ns-descs",
                "show-topology",
                "get-property",
                "ana-log",
                "primary-ctrl-caps",
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
            } else if hdparm_only_gets(args) {
                ro("reads drive information")
            } else {
                mu("changes drive settings")
            }
        }
        _ => return None,
    })
}

/// What a `multipath` line does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Multipath {
    Shows,
    Builds,
    EditsWwids,
    Flushes,
}

/// The command `multipath args` runs, as multipath-tools 0.9's `main()`
/// picks it: each command option replaces the one before (`-ll -F`
/// flushes), `-d` makes a dry run only of the default build, and `-t` and
/// `-h` print and exit where they stand. A line its table cannot read
/// (an unknown option, a word only known at run time) builds, the cautious
/// side.
fn multipath_command(args: &[Arg]) -> Multipath {
    let Some(line) = crate::tables::reading("multipath", args) else {
        return Multipath::Builds;
    };
    let mut command = Multipath::Builds;
    let mut dry_run = false;
    for given in &line.options {
        match given.name {
            "t" | "h" => return Multipath::Shows,
            "l" | "T" => (command, dry_run) = (Multipath::Shows, false),
            "d" if command == Multipath::Builds => dry_run = true,
            "f" | "F" => (command, dry_run) = (Multipath::Flushes, false),
            "a" | "w" | "W" => (command, dry_run) = (Multipath::EditsWwids, false),
            // Path checks for udev: not plainly harmless.
            "c" | "C" | "u" | "U" => (command, dry_run) = (Multipath::Builds, false),
            _ => {}
        }
    }
    if dry_run { Multipath::Shows } else { command }
}

/// Whether `parted [OPTIONS] DEVICE COMMAND…`'s commands only print:
/// `print [free|all|list|devices]`, `unit UNIT` (how sizes are shown),
/// `help`; and at least one `print`.
fn parted_only_prints(lits: &[&str]) -> bool {
    let mut words = lits
        .iter()
        .filter(|w| !w.starts_with('-'))
        .skip(1)
        .peekable();
    let mut printed = false;
    while let Some(word) = words.next() {
        match *word {
            "print" | "p" => {
                printed = true;
                words.next_if(|w| matches!(**w, "free" | "all" | "list" | "devices"));
            }
            "unit" | "u" => {
                if words.next().is_none() {
                    return false;
                }
            }
            "help" => {}
            // `align-check TYPE N`: whether partition N is aligned
            // (blind corpus 47).
            "align-check" | "align" => {
                let kind = words.next();
                let number = words.next();
                if !matches!(kind.copied(), Some("optimal" | "opt" | "minimal" | "min"))
                    || !number.is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                {
                    return false;
                }
                printed = true;
            }
            _ => return false,
        }
    }
    printed
}

/// Whether dmidecode's line shows SMBIOS type 11 (the OEM strings).
fn shows_oem_strings(name: &str, args: &[Arg]) -> bool {
    let value = |names: &[&str]| crate::tables::option_values(name, args, names);
    let types = value(&["-t", "--type"]);
    let strings = value(&["-s", "--string"]);
    let elsewhere = !value(&["-H", "--handle", "--oem-string", "--from-dump"]).is_empty();
    // (A type as `strtoul(…, 0)` reads it: `11`, `0x0b`, `013`; any word
    // it cannot read may be one.)
    let number = |t: &str| {
        let t = t.trim();
        match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None if t.len() > 1 && t.starts_with('0') => u64::from_str_radix(t, 8).ok(),
            None => t.parse::<u64>().ok(),
        }
    };
    let keyword = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphabetic());
    let eleven = types.iter().any(|v| {
        v.as_ref().and_then(Arg::literal).is_none_or(|l| {
            l.split(',')
                .any(|t| !keyword(t.trim()) && number(t).is_none_or(|n| n == 11))
        })
    });
    elsewhere || eleven || (types.is_empty() && strings.is_empty())
}

/// Whether ausearch's line may show keystroke records: no key (`-k`,
/// `--key`) and no record types (`-m`, `--message`), or a type list with
/// TTY, USER_TTY or ALL, or a type not written as a plain name: a number,
/// which ausearch reads with `strtoul` (`01319`, `1319x` are TTY), or
/// libaudit's `UNKNOWN[1319]` (review 53).
fn shows_typed_input(name: &str, args: &[Arg]) -> bool {
    let value = |names: &[&str]| crate::tables::option_values(name, args, names);
    let keys = value(&["-k", "--key"]);
    let types = value(&["-m", "--message"]);
    let typed = types.iter().any(|v| {
        v.as_ref().and_then(Arg::literal).is_none_or(|l| {
            l.split(',').any(|t| {
                let t = t.to_ascii_uppercase();
                !t.starts_with(|c: char| c.is_ascii_alphabetic())
                    || !t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    || t.starts_with("UNKNOWN")
                    || matches!(t.as_str(), "TTY" | "USER_TTY" | "ALL")
            })
        })
    });
    typed || (types.is_empty() && keys.is_empty())
}

/// Whether hdparm(8)'s options only get: the flags that never set
/// (`-I`, `-i`, `-g`, `-C`, `-t`, `-T`, `-v`, `-q`, `-h`), and those that
/// get a setting alone and set it with a value (`-W`, `-B`, `-N`, …), with
/// no value: none attached (`-W0`), and no number as the next word
/// (`-W 0`: hdparm takes it there too).
fn hdparm_only_gets(args: &[Arg]) -> bool {
    const NEVER_SET: &str = "IigCtTvqh";
    const GET_SET: &str = "WBNMaAcdmru";
    let words: Vec<Option<&str>> = args.iter().map(Arg::literal).collect();
    let mut got = false;
    for (i, word) in words.iter().enumerate() {
        let Some(word) = word else {
            return false;
        };
        let Some(cluster) = word
            .strip_prefix('-')
            .filter(|c| !c.is_empty() && !c.starts_with('-'))
        else {
            continue;
        };
        for (at, letter) in cluster.char_indices() {
            if NEVER_SET.contains(letter) {
                got = true;
            } else if GET_SET.contains(letter) {
                // (A value: digits right after the letter, `-W0`,
                // `-Np1000`; or, the letter last, a number as the next
                // word.)
                let value = |w: &str| w.starts_with(|c: char| c.is_ascii_digit() || c == 'p');
                let rest = &cluster[at + 1..];
                let next = words.get(i + 1).map(|n| n.is_none_or(value));
                if value(rest) || (rest.is_empty() && next == Some(true)) {
                    return false;
                }
                got = true;
            } else {
                return false;
            }
        }
    }
    got
}

/// What sfdisk(8) (util-linux 2.38) does: the last action its parser
/// meets wins (`main()` keeps one `act`).
#[derive(Clone, Copy)]
enum SfdiskAction {
    /// `-l`, `-d`, `-J`, `-F`, `-s` and their long names.
    Lists,
    /// `--part-type|label|uuid|attrs`: a show with two operands, a set
    /// with three.
    Part,
    /// `--delete`, `--relocate`, `-N` (one partition from the input).
    Writes,
}

fn sfdisk_last_action(args: &[Arg]) -> Option<SfdiskAction> {
    // (util-linux 2.38's `getopt_long` string and long options: only
    // these take their value as the next word; `--color`, `--lock`,
    // `--move-data` only joined, `--color=never`; review 71.)
    const VALUED_SHORT: &str = "NOoXYwWu";
    const VALUED_LONG: &[&str] = &[
        "partno",
        "backup-file",
        "output",
        "label",
        "label-nested",
        "wipe",
        "wipe-partitions",
        "unit",
        "backup-pt-sectors",
    ];
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let mut last = None;
    // (`-V` sets no action: alone it verifies, `if (verify && !act)`.)
    let mut verify = false;
    for word in crate::rules::option_words(&lits, VALUED_SHORT, VALUED_LONG) {
        use crate::rules::OptionWord::{Long, Short};
        last = match word {
            // (`-g`/`--show-geometry`, `-T`/`--list-types` only print too;
            // review 98.)
            Long(
                "list" | "dump" | "json" | "list-free" | "show-size" | "show-pt-geometry"
                | "show-geometry" | "list-types",
            )
            | Short('l' | 'd' | 'J' | 'F' | 's' | 'g' | 'T') => Some(SfdiskAction::Lists),
            Long("part-type" | "part-label" | "part-uuid" | "part-attrs") => {
                Some(SfdiskAction::Part)
            }
            Long(
                "delete" | "relocate" | "partno" | "activate" | "reorder" | "disk-id" | "change-id"
                | "id",
            )
            | Short('N' | 'A' | 'a' | 'r' | 'c') => Some(SfdiskAction::Writes),
            _ => last,
        };
        verify |= matches!(word, Long("verify") | Short('V'));
    }
    last.or(verify.then_some(SfdiskAction::Lists))
}
