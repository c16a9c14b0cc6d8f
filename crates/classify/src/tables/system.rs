//! System inspection: processes (procps), devices and mounts (util-linux),
//! sysstat, systemd's tools, hardware listers, packages (dpkg, APT), the
//! manual readers and binutils' ELF readers (Debian 12 bookworm; from each
//! `--help` and man page; resolvectl's from the systemd-resolved 252.39 man
//! page, as it is not installed here).
//!
//! Left without a table on purpose: `ldd` (its man page: it may execute the
//! program it inspects), `htop`, `btop`, `atop`, `iotop` and `glances`
//! (full-screen tools that kill, renice or run configured actions on keys
//! read from standard input, which a pipe can feed; htop and btop also
//! write their configuration on exit; glances' configuration runs commands
//! on alerts, and it exports and serves data), and `service`, whose second
//! operand is the action (`service nginx stop`): only `service
//! --status-all` is listed.
//!
//! Some programs change things with no option at all, by an operand
//! (`fdisk /dev/sda`, `sfdisk /dev/sda < table`, `kill 1`, `sysctl a=b`,
//! `apt-get install x` without `-s`): where the table cannot tell, the
//! operands are `None` (kill, hostname, mount, swapon, crontab...), or
//! the rule in `rules/programs.rs` that only calls the listing forms
//! read-only decides (fdisk, sfdisk, sysctl, apt-get's simulated verbs).

use super::*;

// ---------------------------------------------------------------------------
// procps 2:4.0.2-3, sysvinit-utils 3.06-4 (pidof), util-linux 2.38.1 (last)

/// ps(1), procps 4.0.2: its own parser (no abbreviations); BSD options
/// without a dash (`aux`) are words it reads, all harmless; `-123` is a PID.
const PS: Spec = Spec {
    // (`-Z`: each process's security context, AppArmor's profile.)
    flags: "AadeNcfFjlMPyHLmTVwZ",
    valued: "CGgpqstUuOo",
    long: &[
        "deselect",
        "context",
        "cumulative",
        "forest",
        "headers",
        "no-headers",
        "info",
        "version",
        "help",
    ],
    long_valued: &[
        "Group",
        "group",
        "pid",
        "ppid",
        "quick-pid",
        "sid",
        "tty",
        "User",
        "user",
        "format",
        "cols",
        "columns",
        "width",
        "lines",
        "rows",
        "sort",
    ],
    abbrev: false,
    numeric: true,
    ..Spec::GNU
};

/// pgrep(1), procps 4.0.2 (pgrep only matches; pkill is another entry).
const PGREP: Spec = Spec {
    flags: "lavwcfinoxLAhV",
    valued: "dgGOPstuUFr",
    long: &[
        "list-name",
        "list-full",
        "inverse",
        "lightweight",
        "count",
        "full",
        "ignore-case",
        "newest",
        "oldest",
        "exact",
        "logpidfile",
        "ignore-ancestors",
        "help",
        "version",
    ],
    long_valued: &[
        "delimiter",
        "pgroup",
        "group",
        "older",
        "parent",
        "session",
        "terminal",
        "euid",
        "uid",
        "pidfile",
        "runstates",
        "cgroup",
        "ns",
        "nslist",
    ],
    ..Spec::GNU
};

/// pidof(8), sysvinit-utils 3.06.
const PIDOF: Spec = Spec {
    flags: "scnqxz",
    valued: "do",
    ..Spec::GNU
};

/// top(1), procps 4.0.2. Interactive top needs a terminal on standard
/// input (it stops with "failed tty get" otherwise), so no pipe can type
/// its kill or renice keys.
const TOP: Spec = Spec {
    flags: "bcHhiOSsV1",
    valued: "dEenopUu",
    optional: "w",
    long: &[
        "batch",
        "cmdline-toggle",
        "threads-show",
        "help",
        "idle-toggle",
        "list-fields",
        "accum-time-toggle",
        "secure-mode",
        "version",
        "single-cpu-toggle",
    ],
    long_valued: &[
        "delay",
        "scale-summary-mem",
        "scale-task-mem",
        "iterations",
        "sort-override",
        "pid",
        "filter-any-user",
        "filter-only-euser",
    ],
    long_optional: &["width"],
    operands: Operands::None,
    ..Spec::GNU
};

/// free(1), procps 4.0.2.
const FREE: Spec = Spec {
    flags: "bkmghltvwV",
    valued: "sc",
    long: &[
        "bytes",
        "kilo",
        "mega",
        "giga",
        "tera",
        "peta",
        "kibi",
        "mebi",
        "gibi",
        "tebi",
        "pebi",
        "human",
        "si",
        "lohi",
        "total",
        "committed",
        "wide",
        "help",
        "version",
    ],
    long_valued: &["seconds", "count"],
    operands: Operands::None,
    ..Spec::GNU
};

/// uptime(1), procps 4.0.2.
const UPTIME: Spec = Spec {
    flags: "phsV",
    long: &["pretty", "help", "since", "version"],
    operands: Operands::None,
    ..Spec::GNU
};

/// w(1), procps 4.0.2.
const W: Spec = Spec {
    flags: "husfoiV",
    long: &[
        "no-header",
        "no-current",
        "short",
        "from",
        "old-style",
        "ip-addr",
        "help",
        "version",
    ],
    ..Spec::GNU
};

/// who(1), coreutils 9.1 (`--lookup` asks DNS for the hosts' names).
const WHO: Spec = Spec {
    flags: "abdHlmpqrstTwu",
    long: &[
        "all", "boot", "dead", "heading", "ips", "lookup", "login", "process", "count", "runlevel",
        "short", "time", "mesg", "message", "writable", "users", "help", "version",
    ],
    ..Spec::GNU
};

/// last(1) and lastb(1), util-linux 2.38.1 (`-f` reads another wtmp).
const LAST: Spec = Spec {
    flags: "adFiRwxhV",
    valued: "fnstp",
    long: &[
        "hostlast",
        "dns",
        "fulltimes",
        "ip",
        "nohostname",
        "fullnames",
        "system",
        "help",
        "version",
    ],
    long_valued: &["file", "limit", "since", "until", "present", "time-format"],
    numeric: true,
    ..Spec::GNU
};

/// lastlog(8), login 1:4.13 (shadow): `-C` clears and `-S` sets a record;
/// `-R` chroots.
const LASTLOG: Spec = Spec {
    flags: "h",
    valued: "btu",
    long: &["help"],
    long_valued: &["before", "time", "user"],
    operands: Operands::None,
    ..Spec::GNU
};

/// update-alternatives(1), dpkg 1.21: `--display`, `--query`, `--list`
/// NAME and `--get-selections` show the links (not `--set`, `--auto`,
/// `--install`, `--remove*`, `--config`, `--set-selections`, nor
/// `--log`, `--altdir`, `--admindir`: another file written or read).
const UPDATE_ALTERNATIVES: Spec = Spec {
    long: &[
        "display",
        "query",
        "list",
        "get-selections",
        "quiet",
        "verbose",
        "debug",
        "help",
        "version",
    ],
    operands: Operands::AtMost(1),
    required: &[
        "display",
        "query",
        "list",
        "get-selections",
        "help",
        "version",
    ],
    ..Spec::GNU
};

/// vmstat(8), procps 4.0.2: operands are the delay and count.
const VMSTAT: Spec = Spec {
    flags: "afmnsdDwtyhV",
    valued: "pS",
    long: &[
        "active",
        "forks",
        "slabs",
        "one-header",
        "stats",
        "disk",
        "disk-sum",
        "wide",
        "timestamp",
        "no-first",
        "help",
        "version",
    ],
    long_valued: &["partition", "unit"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// kill(1), procps 4.0.2, and the shell's: only the signal lists; any
/// operand is a process to signal (or, after `-l`, a number to name).
const KILL: Spec = Spec {
    // `-0` (or `-s 0`, `-n 0`) only checks that a process exists: the
    // rules read the signal and call every other one a change or worse,
    // so operands may follow.
    flags: "lL0",
    valued: "sn",
    checked: &[("s", signal_zero), ("n", signal_zero)],
    long: &["list", "table"],
    operands: Operands::Read,
    ..Spec::POSIX
};

/// Signal 0: no signal, only the check that the process exists.
fn signal_zero(value: &str) -> bool {
    matches!(value, "0" | "SIG0")
}

// ---------------------------------------------------------------------------
// util-linux 2.38.1-5+deb12u3 (fdisk and mount packages too)

/// lsblk(8).
const LSBLK: Spec = Spec {
    flags: "ADJMOPSabdfilmnprstyzhV",
    valued: "EIeowx",
    optional: "T",
    long: &[
        "noempty",
        "discard",
        "json",
        "merge",
        "output-all",
        "pairs",
        "scsi",
        "all",
        "bytes",
        "nodeps",
        "fs",
        "ascii",
        "list",
        "perms",
        "noheadings",
        "paths",
        "raw",
        "inverse",
        "topology",
        "shell",
        "zoned",
        "help",
        "version",
    ],
    long_valued: &[
        "dedup", "include", "exclude", "output", "width", "sort", "sysroot",
    ],
    long_optional: &["tree"],
    ..Spec::GNU
};

/// blkid(8), util-linux 2.38: `-g` rewrites the cache; `-c` names the
/// cache file, harmless as `/dev/null` (no cache read, none saved). In
/// its cache mode blkid saves the cache (`/run/blkid/blkid.tab`) when run
/// as root: the rules ask unless `-p`, `-i`, `-k` or `-c /dev/null`. Not
/// `-L`/`-U` (`--label`, `--uuid`): finding a device by a tag may send a
/// uevent when its `/dev/disk/by-*` link disagrees (`SEND_UEVENT`, on by
/// default; review 47).
const BLKID: Spec = Spec {
    flags: "dklpiDhV",
    valued: "costHSOun",
    long: &[
        "no-encoding",
        "list-filesystems",
        "list-one",
        "probe",
        "info",
        "no-part-details",
        "help",
        "version",
    ],
    long_valued: &[
        "output",
        "match-tag",
        "match-token",
        "hint",
        "size",
        "offset",
        "usages",
        "match-types",
        "cache-file",
    ],
    checked: &[("c", no_cache), ("cache-file", no_cache)],
    ..Spec::GNU
};

/// blkid's cache file `/dev/null`: none read, none saved.
fn no_cache(value: &str) -> bool {
    value == "/dev/null"
}

/// lscpu(1).
const LSCPU: Spec = Spec {
    flags: "abBcJxyhV",
    valued: "s",
    optional: "Cep",
    long: &[
        "all",
        "online",
        "bytes",
        "offline",
        "json",
        "hex",
        "physical",
        "output-all",
        "help",
        "version",
    ],
    long_valued: &["sysroot"],
    long_optional: &["caches", "extended", "parse"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lsmem(1).
const LSMEM: Spec = Spec {
    flags: "JPabnrhV",
    valued: "oSs",
    long: &[
        "json",
        "pairs",
        "all",
        "bytes",
        "noheadings",
        "output-all",
        "raw",
        "help",
        "version",
    ],
    long_valued: &["output", "split", "sysroot"],
    long_optional: &["summary"],
    operands: Operands::None,
    ..Spec::GNU
};

/// findmnt(8): `--poll` only watches. `-F`/`--tab-file` prints the lines
/// of the file it is given: only the system's mount tables.
const FINDMNT: Spec = Spec {
    flags: "smkAabCDefiJlnPRrUuvyxhV",
    valued: "wdNOoStTMF",
    checked: &[("F", mount_table), ("tab-file", mount_table)],
    optional: "p",
    long: &[
        "fstab",
        "mtab",
        "kernel",
        "all",
        "ascii",
        "bytes",
        "nocanonicalize",
        "canonicalize",
        "df",
        "evaluate",
        "first-only",
        "invert",
        "json",
        "list",
        "noheadings",
        "output-all",
        "pairs",
        "pseudo",
        "shadowed",
        "submounts",
        "raw",
        "real",
        "tree",
        "uniq",
        "notruncate",
        "nofsroot",
        "shell",
        "verify",
        "verbose",
        "vfs-all",
        "help",
        "version",
    ],
    long_valued: &[
        "tab-file",
        "timeout",
        "direction",
        "task",
        "options",
        "output",
        "source",
        "target",
        "mountpoint",
        "types",
    ],
    long_optional: &["poll"],
    ..Spec::GNU
};

/// The system's mount tables, as `findmnt --tab-file` reads them.
fn mount_table(value: &str) -> bool {
    matches!(
        value,
        "/etc/fstab" | "/etc/mtab" | "/proc/mounts" | "/proc/self/mounts" | "/proc/self/mountinfo"
    )
}

/// lsns(8).
const LSNS: Spec = Spec {
    flags: "JlnruWhV",
    valued: "optT",
    long: &[
        "json",
        "list",
        "noheadings",
        "raw",
        "notruncate",
        "nowrap",
        "output-all",
        "help",
        "version",
    ],
    long_valued: &["output", "task", "type", "tree"],
    ..Spec::GNU
};

/// mountpoint(1).
const MOUNTPOINT: Spec = Spec {
    flags: "dqxhV",
    long: &["fs-devno", "nofollow", "quiet", "devno", "help", "version"],
    ..Spec::GNU
};

/// lslocks(8).
const LSLOCKS: Spec = Spec {
    flags: "bJinruhV",
    valued: "op",
    long: &[
        "bytes",
        "json",
        "noinaccessible",
        "noheadings",
        "output-all",
        "raw",
        "notruncate",
        "help",
        "version",
    ],
    long_valued: &["output", "pid"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lsipc(1).
/// ipcs(1), util-linux 2.39: what IPC objects exist, their limits and
/// users; `-i ID` one of them.
const IPCS: Spec = Spec {
    flags: "mqsatpclubhV",
    valued: "i",
    long: &[
        "shmems",
        "queues",
        "semaphores",
        "all",
        "time",
        "pid",
        "creator",
        "limits",
        "summary",
        "bytes",
        "human",
        "help",
        "version",
    ],
    long_valued: &["id"],
    operands: Operands::None,
    ..Spec::GNU
};

const LSIPC: Spec = Spec {
    flags: "mqsgbceJnlPrtyhV",
    valued: "i",
    optional: "o",
    long: &[
        "shmems",
        "queues",
        "semaphores",
        "global",
        "noheadings",
        "notruncate",
        "bytes",
        "creator",
        "export",
        "json",
        "newline",
        "list",
        "numeric-perms",
        "raw",
        "time",
        "shell",
        "help",
        "version",
    ],
    long_valued: &["id", "time-format"],
    long_optional: &["output"],
    operands: Operands::None,
    ..Spec::GNU
};

/// dmesg(1): not `-c`/`-C` (clear), `-D`/`-E`/`-n` (console).
const DMESG: Spec = Spec {
    flags: "HJkPprSuwWxdeTthV",
    valued: "Ffls",
    optional: "L",
    long: &[
        "human",
        "json",
        "kernel",
        "nopager",
        "force-prefix",
        "raw",
        "noescape",
        "syslog",
        "userspace",
        "follow",
        "follow-new",
        "decode",
        "show-delta",
        "reltime",
        "ctime",
        "notime",
        "help",
        "version",
    ],
    long_valued: &[
        "file",
        "facility",
        "level",
        "buffer-size",
        "time-format",
        "since",
        "until",
    ],
    long_optional: &["color"],
    operands: Operands::None,
    ..Spec::GNU
};

/// hwclock(8): reading only (`--show`, `--get`, `--predict`,
/// `--param-get`); not `--set`, `--systohc`, `--hctosys`, `--systz`,
/// `--adjust`, `--param-set`, `--update-drift`, `--directisa`.
const HWCLOCK: Spec = Spec {
    flags: "rulvhV",
    valued: "f",
    long: &[
        "show",
        "get",
        "predict",
        "utc",
        "localtime",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["param-get", "rtc", "date"],
    operands: Operands::None,
    ..Spec::GNU
};

/// fdisk(8): the listing options; fdisk without `-l` edits the table
/// interactively, which the rule calls destructive.
const FDISK: Spec = Spec {
    flags: "lxshV",
    valued: "bot",
    optional: "Lu",
    long: &["list", "list-details", "getsz", "bytes", "help", "version"],
    long_valued: &["sector-size", "output", "type"],
    long_optional: &["color", "units"],
    ..Spec::GNU
};

/// sfdisk(8): the listing forms (`-l`, `-d`, `-J`, `-g`, `-F`, `-s`, `-T`,
/// `-V`); sfdisk with none of them reads a new table from standard input,
/// which the rule calls destructive. Not `--part-*`/`--disk-id` (they set
/// with one more operand), `-A`, `-r`, `--delete`, `--relocate`, `-b`/`-O`
/// (backup files), `-N`, `-n`.
const SFDISK: Spec = Spec {
    flags: "dJglFsTVGqhv",
    valued: "o",
    long: &[
        // `--part-type DEV N` (and label, uuid, attrs) without a value
        // prints it: the rule counts the operands.
        "part-type",
        "part-label",
        "part-uuid",
        "part-attrs",
        "dump",
        "json",
        "show-geometry",
        "list",
        "list-free",
        "show-size",
        "list-types",
        "verify",
        "show-pt-geometry",
        "bytes",
        "quiet",
        "help",
        "version",
    ],
    long_valued: &["output"],
    long_optional: &["color"],
    ..Spec::GNU
};

/// wipefs(8): listing signatures; not `-a`, `-o` (erase), `-b` (writes a
/// backup), `-f`, `--lock`.
const WIPEFS: Spec = Spec {
    // Not `-a`: even with `-n` wipefs opens the device for writing (the
    // syscall oracle caught it).
    flags: "iJnpqhV",
    valued: "Ot",
    long: &[
        "noheadings",
        "json",
        "no-act",
        "parsable",
        "quiet",
        "help",
        "version",
    ],
    long_valued: &["output", "types"],
    ..Spec::GNU
};

/// mount(8), listing only: no operand (any mounts), `-l`, `-t TYPE`.
const MOUNT: Spec = Spec {
    flags: "lvhV",
    valued: "t",
    long: &["show-labels", "verbose", "help", "version"],
    long_valued: &["types"],
    operands: Operands::None,
    ..Spec::GNU
};

/// swapon(8), listing only (`--show`, `-s`).
const SWAPON: Spec = Spec {
    flags: "shV",
    long: &["summary", "noheadings", "raw", "bytes", "help", "version"],
    long_optional: &["show"],
    operands: Operands::None,
    ..Spec::GNU
};

// ---------------------------------------------------------------------------
// sysstat 12.6.1-1: its own parser: `--dec=N` only with `=`, no
// abbreviations; options anywhere; words that optionally follow an option
// (`-u ALL`, `-p sda`, `-f FILE`) are left to be read as operands, so a
// following `-o` is still seen as an option.

/// iostat(1): `-f`/`+f` name another sysfs directory to read.
const IOSTAT: Spec = Spec {
    flags: "cdhkmNstVxyzHp",
    valued: "fgjo",
    long: &["compact", "human", "pretty"],
    long_optional: &["dec"],
    abbrev: false,
    ..Spec::GNU
};

/// mpstat(1).
const MPSTAT: Spec = Spec {
    flags: "AnTuV",
    valued: "INoP",
    long_optional: &["dec"],
    abbrev: false,
    ..Spec::GNU
};

/// pidstat(1): not `-e` (runs a program).
const PIDSTAT: Spec = Spec {
    flags: "dHhIlRrstuVvwU",
    valued: "CGpT",
    long: &["human"],
    long_optional: &["dec"],
    abbrev: false,
    ..Spec::GNU
};

/// sar(1): `-f FILE` reads a data file; not `-o` (writes one); `-NUM`
/// picks the file of NUM days ago.
const SAR: Spec = Spec {
    flags: "ABbCDdFHhIpqrSsetuVvWwyzf",
    valued: "ijmnP",
    long: &["help", "human", "pretty", "sadc"],
    long_optional: &["dec", "dev", "fs", "iface", "int"],
    abbrev: false,
    numeric: true,
    ..Spec::GNU
};

// ---------------------------------------------------------------------------
// systemd 252.38-1~deb12u1: getopt_long over the whole line. Never `-H`
// (another host), `-M` (a container), `--root`/`--image`.

/// systemctl(1)'s options that only choose what is listed or shown.
const SYSTEMCTL_OPTS: Spec = Spec {
    flags: "halrq",
    valued: "tpPno",
    long: &[
        "help",
        "version",
        "system",
        "user",
        "failed",
        "all",
        "full",
        "recursive",
        "reverse",
        // (list-dependencies' ordering views; blind corpus 123.)
        "after",
        "before",
        "with-dependencies",
        "show-types",
        "value",
        "quiet",
        "no-pager",
        "no-legend",
        "no-ask-password",
        "plain",
    ],
    long_valued: &[
        "type",
        "state",
        "property",
        "lines",
        "output",
        "timestamp",
        "legend",
    ],
    ..Spec::GNU
};

/// `systemctl log-level` and the like print with no operand, set with one.
const SYSTEMCTL_GET: Spec = Spec {
    operands: Operands::None,
    ..SYSTEMCTL_OPTS
};

/// `systemctl service-log-level UNIT` prints, with a level it sets.
const SYSTEMCTL_GET_ONE: Spec = Spec {
    operands: Operands::AtMost(1),
    ..SYSTEMCTL_OPTS
};

/// systemctl(1): the verbs that list or show.
const SYSTEMCTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list-units|list-automounts|list-sockets|list-timers|list-paths|\
                        list-unit-files|list-dependencies|list-machines|list-jobs|status|show|\
                        cat|help|is-active|is-failed|is-enabled|is-system-running|get-default|\
                        show-environment",
                spec: None,
            },
            Verb {
                names: "log-level|log-target|service-watchdogs",
                spec: Some(&SYSTEMCTL_GET),
            },
            Verb {
                names: "service-log-level|service-log-target",
                spec: Some(&SYSTEMCTL_GET_ONE),
            },
        ],
        bare_ok: true,
    },
    ..SYSTEMCTL_OPTS
};

/// journalctl(1): reading; not `--vacuum-*`, `--rotate`, `--flush`,
/// `--sync`, `--relinquish-var`, `--smart-relinquish-var`, `--setup-keys`,
/// `--update-catalog`, `--cursor-file` (updates the file), `-M`, `--root`,
/// `--image`. `-b` and `-n` take the next word when it parses as their
/// value (`-b -1`), so `-NUM` is allowed.
const JOURNALCTL: Spec = Spec {
    flags: "mkrxafqeNhl",
    valued: "DSUcutpgoF",
    optional: "bn",
    long: &[
        "system",
        "user",
        "merge",
        "dmesg",
        "reverse",
        "show-cursor",
        "utc",
        "catalog",
        "no-hostname",
        "no-full",
        "full",
        "all",
        "follow",
        "no-tail",
        "quiet",
        "no-pager",
        "pager-end",
        "help",
        "version",
        "fields",
        "list-boots",
        "disk-usage",
        "verify",
        "header",
        "list-catalog",
        "dump-catalog",
    ],
    long_valued: &[
        "directory",
        "file",
        "namespace",
        "since",
        "until",
        "cursor",
        "after-cursor",
        "unit",
        "user-unit",
        "identifier",
        "priority",
        "facility",
        "grep",
        "output",
        "output-fields",
        "field",
    ],
    long_optional: &["boot", "lines", "case-sensitive"],
    numeric: true,
    ..Spec::GNU
};

/// timedatectl(1): not `set-*`, `--adjust-system-clock`.
const TIMEDATECTL: Spec = Spec {
    flags: "ha",
    valued: "p",
    long: &[
        "help",
        "version",
        "no-pager",
        "no-ask-password",
        "monitor",
        "all",
        "value",
    ],
    long_valued: &["property"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|show|list-timezones|timesync-status|show-timesync|help",
            spec: None,
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

const HOSTNAMECTL_OPTS: Spec = Spec {
    flags: "h",
    long: &[
        "help",
        "version",
        "no-ask-password",
        "transient",
        "static",
        "pretty",
    ],
    long_valued: &["json"],
    operands: Operands::None,
    ..Spec::GNU
};

/// hostnamectl(1): `hostname`, `chassis`... print without a value and set
/// with one.
const HOSTNAMECTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|help",
                spec: None,
            },
            Verb {
                names: "hostname|icon-name|chassis|deployment|location",
                spec: Some(&HOSTNAMECTL_OPTS),
            },
        ],
        bare_ok: true,
    },
    ..HOSTNAMECTL_OPTS
};

/// localectl(1): not `set-*`.
const LOCALECTL: Spec = Spec {
    flags: "h",
    long: &["help", "version", "no-pager", "no-ask-password"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|list-locales|list-keymaps|list-x11-keymap-models|\
                    list-x11-keymap-layouts|list-x11-keymap-variants|list-x11-keymap-options|help",
            spec: None,
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// networkctl(1): not `up`, `down`, `delete`, `renew`, `forcerenew`,
/// `reconfigure`, `reload`.
const NETWORKCTL: Spec = Spec {
    flags: "hasl",
    valued: "n",
    long: &[
        "help",
        "version",
        "no-pager",
        "no-legend",
        "all",
        "stats",
        "full",
    ],
    long_valued: &["lines", "json"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|status|lldp|label|help",
            spec: None,
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// loginctl(1): not `terminate-*`, `kill-*`, `lock-*`, `activate`,
/// `enable-linger`, `attach`, `flush-devices`; not `-s`, `--kill-whom`.
const LOGINCTL: Spec = Spec {
    flags: "hal",
    valued: "pPno",
    long: &[
        "help",
        "version",
        "no-pager",
        "no-legend",
        "no-ask-password",
        "all",
        "value",
        "full",
    ],
    long_valued: &["property", "lines", "output"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list-sessions|session-status|show-session|list-users|user-status|show-user|\
                    list-seats|seat-status|show-seat|help",
            spec: None,
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// resolvectl(1), systemd-resolved 252.39 (its man page): `query`,
/// `service`, `openpgp` and `tlsa` look names up as `dig` does.
const RESOLVECTL_OPTS: Spec = Spec {
    flags: "46hj",
    valued: "iptc",
    long: &["help", "version", "no-pager"],
    long_valued: &[
        "interface",
        "protocol",
        "type",
        "class",
        "service-address",
        "service-txt",
        "cname",
        "validate",
        "synthesize",
        "cache",
        "zone",
        "trust-anchor",
        "network",
        "search",
        "legend",
        "json",
    ],
    long_optional: &["raw"],
    ..Spec::GNU
};

/// `resolvectl dns [LINK]` prints; with servers after the link it sets.
const RESOLVECTL_LINK: Spec = Spec {
    operands: Operands::AtMost(1),
    ..RESOLVECTL_OPTS
};

const RESOLVECTL_GET: Spec = Spec {
    operands: Operands::None,
    ..RESOLVECTL_OPTS
};

/// resolvectl(1): not `flush-caches`, `reset-*`, `revert`.
const RESOLVECTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "query|service|openpgp|tlsa|status|statistics|monitor|show-cache|\
                        show-server-state|help",
                spec: None,
            },
            Verb {
                names: "dns|domain|default-route|llmnr|mdns|dnsovertls|dnssec|nta",
                spec: Some(&RESOLVECTL_LINK),
            },
            Verb {
                names: "log-level",
                spec: Some(&RESOLVECTL_GET),
            },
        ],
        bare_ok: true,
    },
    ..RESOLVECTL_OPTS
};

/// service(8), init-system-helpers 1.65.2: nothing but its usage.
/// `--status-all` runs every init script with `status` (the syscall oracle
/// caught it running /etc/init.d/* and their helpers); its first operand is
/// a service and the second the action, which a table cannot check.
const SERVICE: Spec = Spec {
    flags: "h",
    long: &["help", "version"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "*",
            spec: Some(&SERVICE_ACTION),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// `service NAME status` (and `/etc/init.d/NAME status`): the init
/// script's own status action.
const SERVICE_ACTION: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&NOTHING_MORE),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const NOTHING_MORE: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// kdump-config(8), kdump-tools 1.8: the crash kernel's settings and
/// whether it is loaded (`show`, `status`). Not `load`, `unload`,
/// `savecore`, `propagate` (the SSH key copied to the dump host).
const KDUMP_CONFIG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|status|help",
            spec: Some(&NOTHING_MORE),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// systool(1), sysfsutils 2.1: a module's parameters and sections
/// (`-m MODULE`, `-v` every attribute, `-p` paths, `-A ATTR` one). Not
/// a bus's, a class's or a device's attributes (`-b`, `-c`: reading
/// some device files acts).
const SYSTOOL: Spec = Spec {
    flags: "vpaP",
    valued: "mA",
    required: &["m"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// hostname(1), hostname 3.23: printing; an operand, `-F` or `-b` sets
/// the name.
const HOSTNAME: Spec = Spec {
    flags: "aAdfiIsyvVh",
    long: &[
        "alias",
        "all-fqdns",
        "domain",
        "fqdn",
        "long",
        "ip-address",
        "all-ip-addresses",
        "short",
        "yp",
        "nis",
        "verbose",
        "version",
        "help",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

// ---------------------------------------------------------------------------
// Hardware

/// lspci(8), pciutils 1:3.9.0-4: not `-q`/`-Q` (ask a DNS database, write
/// a cache), `-H1`/`-H2`/`-A`/`-O` (direct hardware access), `-M` (bus
/// scan), `-x` (its man page: reading the whole config space can crash
/// some devices).
const LSPCI: Spec = Spec {
    flags: "mtvkbDPnG",
    valued: "sdipF",
    long: &["version", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// setpci(8), pciutils 3.9: a device's configuration registers read
/// (`setpci -s 01:00.0 COMMAND`, `CAP_EXP+8.w`); not `REG=VALUE`, which
/// writes them (the rules: destructive), nor `-H1`/`-H2`/`-A`/`-O`
/// (direct hardware access).
const SETPCI: Spec = Spec {
    flags: "fvDG",
    valued: "sd",
    long: &["dumpregs", "version", "help"],
    operands: Operands::Names {
        at_most: 16,
        test: |w| {
            !w.starts_with('-')
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '_' | '@'))
        },
    },
    ..Spec::GNU
};

/// hugeadm(8), libhugetlbfs 2.24: the huge page pools, mounts and sizes
/// shown; not the options that size pools, create mounts or set limits.
const HUGEADM: Spec = Spec {
    long: &[
        "pool-list",
        "list-all-mounts",
        "page-sizes",
        "page-sizes-all",
        "explain",
        "help",
    ],
    required: &[
        "pool-list",
        "list-all-mounts",
        "page-sizes",
        "page-sizes-all",
        "explain",
    ],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// lstopo(1), hwloc 2.9: the machine's topology drawn on the terminal
/// or standard output (`-`); not an output file (the operand), nor `-i`
/// (a topology read from elsewhere).
const LSTOPO: Spec = Spec {
    flags: "lpvscC",
    long: &[
        "logical",
        "physical",
        "verbose",
        "silent",
        "cpuset",
        "cpuset-only",
        "taskset",
        "no-caches",
        "no-useless-caches",
        "no-icaches",
        "no-io",
        "no-bridges",
        "whole-io",
        "merge",
        "no-collapse",
        "no-factorize",
        "ps",
        "top",
        "version",
        "help",
    ],
    long_valued: &["of", "only", "filter", "ignore"],
    checked: &[("of", |v| matches!(v, "console" | "ascii" | "txt" | "xml"))],
    operands: Operands::Names {
        at_most: 1,
        test: |w| w == "-",
    },
    abbrev: false,
    ..Spec::GNU
};

/// cloud-id(1), cloud-init 23: the platform the instance runs on.
const CLOUD_ID: Spec = Spec {
    flags: "jlh",
    long: &["json", "long", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lsusb(8), usbutils 1:014.
const LSUSB: Spec = Spec {
    flags: "vtVh",
    valued: "sdD",
    long: &["verbose", "tree", "version", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lsmod(8), kmod 30.
const LSMOD: Spec = Spec {
    long: &["help", "version"],
    operands: Operands::None,
    ..Spec::GNU
};

/// modinfo(8), kmod 30.
const MODINFO: Spec = Spec {
    flags: "V0adlpnh",
    valued: "Fbk",
    long: &[
        "version",
        "null",
        "author",
        "description",
        "license",
        "parameters",
        "filename",
        "help",
    ],
    long_valued: &["field", "basedir"],
    ..Spec::GNU
};

/// sensors(1), lm-sensors 1:3.6.0: not `-s` (writes the chips' settings).
const SENSORS: Spec = Spec {
    flags: "hAujvf",
    valued: "c",
    long: &["help", "no-adapter", "version", "fahrenheit", "bus-list"],
    long_valued: &["config-file"],
    ..Spec::GNU
};

/// dmidecode(8), 3.4: not `--dump-bin` (writes a file).
const DMIDECODE: Spec = Spec {
    flags: "quhV",
    valued: "dstH",
    long: &["quiet", "dump", "no-sysfs", "help", "version"],
    long_valued: &[
        "dev-mem",
        "string",
        "type",
        "handle",
        "from-dump",
        "oem-string",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// lshw(1), 02.19.git.2021.06.19: one-dash long options; not `-dump`
/// (writes a database), `-X`.
const LSHW: Spec = Spec {
    valued: "Cc",
    long: &[
        "html", "xml", "json", "short", "businfo", "quiet", "sanitize", "numeric", "notime",
        "version", "help",
    ],
    long_valued: &["class", "disable", "enable"],
    single_dash_long: true,
    abbrev: false,
    operands: Operands::None,
    ..Spec::GNU
};

/// smartctl(8), smartmontools 7.3: reading; not `-t` (starts a self-test),
/// `-C`, `-X` (aborts one), `-s` (sets), `-o`, `-S`, and not `-l`: some of
/// its logs set with a value (`-l scterc,70,70`, `-l scttempint,N`).
/// The logs `smartctl -l` reads (not `scterc,N,M` or `sataphy,reset`,
/// which set or reset).
fn smart_log(value: &str) -> bool {
    matches!(
        value,
        "error"
            | "xerror"
            | "selftest"
            | "xselftest"
            | "selective"
            | "directory"
            | "background"
            | "sasphy"
            | "sataphy"
            | "scttemp"
            | "scttempsts"
            | "scttemphist"
            | "sctstatus"
            | "scterc"
            | "devstat"
            | "ssd"
            | "nvmelog"
            | "defects"
    )
}

const SMARTCTL: Spec = Spec {
    flags: "hViaxHcA",
    valued: "gqdTbrnfvFPBl",
    optional: "j",
    long: &[
        "help",
        "usage",
        "version",
        "copyright",
        "license",
        "info",
        "all",
        "xall",
        "scan",
        "scan-open",
        "health",
        "capabilities",
        "attributes",
    ],
    long_valued: &[
        "get",
        "quietmode",
        "device",
        "tolerance",
        "badsum",
        "report",
        "nocheck",
        "format",
        "vendorattribute",
        "firmwarebug",
        "presets",
        "drivedb",
        "log",
    ],
    long_optional: &["identify", "json"],
    checked: &[("l", smart_log), ("log", smart_log)],
    ..Spec::GNU
};

/// The options of nvme-cli's reading subcommands.
const NVME_READ: Spec = Spec {
    flags: "vbHa",
    // (`get-feature -f FID -s SEL`: which feature, and its current,
    // default, saved or supported value.)
    valued: "onefsyc",
    long: &[
        "verbose",
        "raw-binary",
        "human-readable",
        "vendor-specific",
        "force",
        "all",
        "help",
    ],
    long_valued: &[
        "output-format",
        "namespace-id",
        "log-entries",
        "csi",
        "cntid",
        "feature-id",
        "sel",
        "offset",
    ],
    ..Spec::GNU
};

/// nvme(1), nvme-cli 2.4+really2.3: the subcommands that read.
const NVME: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|list-subsys|smart-log|id-ctrl|id-ns|error-log|fw-log|show-regs|\
                    list-ns|list-ctrl|version|help|get-feature|self-test-log|effects-log|\
                    endurance-log|sanitize-log|supported-log-pages|id-ns-desc|ns-descs|\
                    show-topology|get-property|ana-log|primary-ctrl-caps",
            spec: Some(&NVME_READ),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// hdparm(8), 9.65: the flags that never set (`-t`/`-T` time reads,
/// `-v` shows the settings), and those that get a setting alone and set
/// it with a value (`-W` shows the write cache, `-W0` turns it off): the
/// rule refuses a value, attached or the next word (hdparm takes a
/// number there too).
const HDPARM: Spec = Spec {
    flags: "IigCtTqhv",
    optional: "WBNMaAcdmru",
    ..Spec::GNU
};

/// sysctl(8), procps 4.0.2: reading; not `-w`, `-p`, `-f`, `--system`,
/// `--load`. A `NAME=VALUE` operand writes too: the rule catches it.
const SYSCTL: Spec = Spec {
    flags: "aAXnNeqbdhVo",
    valued: "r",
    long: &[
        "all",
        "values",
        "names",
        "deprecated",
        "binary",
        "help",
        "version",
    ],
    long_valued: &["pattern"],
    abbrev: false,
    ..Spec::GNU
};

/// lsof(8), 4.95.0: no option of this build writes (it has no `-D` device
/// cache); `+` options are words it reads. Options whose value may be the
/// next word are optional here, so that word is checked as an option.
const LSOF: Spec = Spec {
    flags: "?abhlnNOPQRtUvVXEMwfHC",
    valued: "cdepu",
    optional: "FgiKLorsSTxZ",
    abbrev: false,
    ..Spec::GNU
};

/// crontab(1), cron 3.0pl1: only `-l` (and `-u USER`); an operand
/// installs a file, `-r` removes, `-e` edits.
const CRONTAB: Spec = Spec {
    flags: "l",
    valued: "u",
    operands: Operands::None,
    ..Spec::POSIX
};

// ---------------------------------------------------------------------------
// binutils 2.40-2: no option of readelf or objdump writes; nm's
// `--plugin` loads code.

/// readelf(1).
const READELF: Spec = Spec {
    flags: "ahlSgtesCnrudVAcDLzIWTHv",
    valued: "xpR",
    optional: "wU",
    long: &[
        "all",
        "file-header",
        "program-headers",
        "segments",
        "section-headers",
        "sections",
        "section-groups",
        "section-details",
        "headers",
        "syms",
        "symbols",
        "dyn-syms",
        "lto-syms",
        "no-demangle",
        "recurse-limit",
        "no-recurse-limit",
        "notes",
        "relocs",
        "unwind",
        "dynamic",
        "version-info",
        "arch-specific",
        "archive-index",
        "use-dynamic",
        "lint",
        "enable-checks",
        "decompress",
        "process-links",
        "histogram",
        "wide",
        "silent-truncation",
        "help",
        "version",
    ],
    long_valued: &[
        "sym-base",
        "hex-dump",
        "string-dump",
        "relocated-dump",
        "dwarf-depth",
        "dwarf-start",
        "ctf",
        "ctf-parent",
        "ctf-symbols",
        "ctf-strings",
        "unicode",
    ],
    long_optional: &["demangle", "debug-dump", "sframe"],
    ..Spec::GNU
};

/// objdump(1).
const OBJDUMP: Spec = Spec {
    // Not `-i`/`--info`: it writes a scratch object file in /tmp without
    // O_EXCL (the syscall oracle caught it).
    // Not `-S`/`--source`/`--source-comment`, `-I`/`--include` or
    // `--prefix`: they print the source files the object's debug
    // information names, any file its author chose.
    flags: "afphxdDsgeGLtTrRvHlFwz",
    // Not `-b`/`--target`: `-b binary -s` dumps any file (a disk too).
    valued: "PmjME",
    optional: "CUW",
    long: &[
        "archive-headers",
        "file-headers",
        "private-headers",
        "headers",
        "section-headers",
        "all-headers",
        "disassemble-all",
        "full-contents",
        "debugging",
        "debugging-tags",
        "stabs",
        "process-links",
        "syms",
        "dynamic-syms",
        "reloc",
        "dynamic-reloc",
        "version",
        "help",
        "file-start-context",
        "line-numbers",
        "file-offsets",
        "recurse-limit",
        "no-recurse-limit",
        "wide",
        "disassemble-zeroes",
        "no-addresses",
        "prefix-addresses",
        "show-raw-insn",
        "no-show-raw-insn",
        "show-all-symbols",
        "special-syms",
        "inlines",
        "dwarf-check",
    ],
    long_valued: &[
        "private",
        "architecture",
        "section",
        "disassembler-options",
        "endian",
        "unicode",
        "start-address",
        "stop-address",
        "insn-width",
        "adjust-vma",
        "dwarf-depth",
        "dwarf-start",
        "ctf-parent",
        "disassembler-color",
    ],
    long_optional: &[
        "disassemble",
        "dwarf",
        "ctf",
        "sframe",
        "demangle",
        "visualize-jumps",
    ],
    ..Spec::GNU
};

/// nm(1): not `--plugin`.
const NM: Spec = Spec {
    flags: "aABDegjlnopPrSsuUWhV",
    valued: "ftX",
    optional: "C",
    long: &[
        "debug-syms",
        "print-file-name",
        "no-demangle",
        "recurse-limit",
        "no-recurse-limit",
        "dynamic",
        "extern-only",
        "just-symbols",
        "line-numbers",
        "numeric-sort",
        "no-sort",
        "portability",
        "reverse-sort",
        "print-size",
        "print-armap",
        "quiet",
        "size-sort",
        "special-syms",
        "synthetic",
        "undefined-only",
        "defined-only",
        "no-weak",
        "with-symbol-versions",
        "help",
        "version",
    ],
    long_valued: &["format", "ifunc-chars", "radix", "target", "unicode"],
    long_optional: &["demangle"],
    ..Spec::GNU
};

// ---------------------------------------------------------------------------
// Manuals: man-db 2.11.2, info 6.8, lsb-release 12.0

/// man(1): not `-P` (pager command), `-H` (browser), `-X`, `-t`/`-T`/`-Z`
/// (groff output), `-p` (preprocessors), `-C` (a configuration file can
/// name programs), `-u`/`-c` (rewrite caches), `-R`.
/// (Not `-l`/`--local-file`: a local page's `.so` request includes any
/// file, shown as text.)
const MAN: Spec = Spec {
    flags: "dDfkKwWiIa7h?V",
    valued: "LmMSseE",
    long: &[
        "debug",
        "default",
        "whatis",
        "apropos",
        "global-apropos",
        "where",
        "path",
        "location",
        "where-cat",
        "location-cat",
        "ignore-case",
        "match-case",
        "regex",
        "wildcard",
        "names-only",
        "all",
        "no-subpages",
        "ascii",
        "no-hyphenation",
        "nh",
        "no-justification",
        "nj",
        "help",
        "usage",
        "version",
    ],
    long_valued: &[
        "locale",
        "systems",
        "manpath",
        "sections",
        "extension",
        "encoding",
    ],
    long_optional: &["warnings"],
    ..Spec::GNU
};

/// apropos(1) and whatis(1): not `-C` (configuration file).
const APROPOS: Spec = Spec {
    flags: "dverwal?Vh",
    valued: "LmMs",
    long: &[
        "debug", "verbose", "exact", "regex", "wildcard", "and", "long", "help", "usage", "version",
    ],
    long_valued: &["locale", "systems", "manpath", "sections", "section"],
    ..Spec::GNU
};

/// info(1): not `-o` (writes nodes to a file), `-v` (variables),
/// `--dribble`, `--restore`, `--init-file`; `-d`/`--directory` only to
/// folders that hold no secret, each of a colon list, with or without its
/// slash (`info -d /etc/pve/priv tfa.cfg` shows that file; review 44).
const INFO: Spec = Spec {
    flags: "aOwh",
    valued: "kdfn",
    // (A node names its file, `(FILE)NODE`, and the node `*` is the whole
    // file; a manual given by its path, or any file's menu, leads to
    // another: manuals by name only, from the Info folders; review 78.)
    checked: &[
        ("d", info_path),
        ("directory", info_path),
        ("n", info_name),
        ("node", info_name),
        ("f", info_name),
        ("file", info_name),
    ],
    operands: Operands::Names {
        at_most: 8,
        test: info_name,
    },
    long: &[
        "all",
        "show-options",
        "usage",
        "subnodes",
        "where",
        "location",
        "help",
        "version",
        "vi-keys",
    ],
    long_valued: &["apropos", "directory", "file", "node", "index-search"],
    ..Spec::GNU
};

/// A manual, node or menu item by its name: no path, no file named in
/// parentheses.
fn info_name(value: &str) -> bool {
    !value.is_empty() && !value.starts_with('.') && !value.contains(['/', '(', ')'])
}

/// An Info search path: every folder of it holds no secret.
fn info_path(value: &str) -> bool {
    value.split(':').all(|dir| {
        !dir.is_empty()
            && dir.starts_with('/')
            && !dir.contains("..")
            && !crate::secret_paths::folder_with_secrets_in_it(dir)
            && !crate::secret_paths::tree_may_hold_secrets(dir)
    })
}

/// lsb_release(1).
const LSB_RELEASE: Spec = Spec {
    flags: "hvidrcas",
    long: &[
        "help",
        "version",
        "id",
        "description",
        "release",
        "codename",
        "all",
        "short",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

// ---------------------------------------------------------------------------
// Packages: dpkg 1.21.22, apt 2.6.1, aptitude 0.8.13. APT's own parser
// takes no abbreviations and reads `--no-X` as X off; never `-o`/`-c`
// (they set any configuration, `APT::Get::Simulate=false` or
// `DPkg::Pre-Invoke` among it).

/// dpkg(1): its actions are options; the reading ones only. Not `-i`,
/// `-r`, `-P`, `--configure`, `--unpack`, `--set-selections`, `-x`/`-X`/`-e`
/// (extract), `--root`, `--admindir`, `--force-*`.
/// (Not `-I`/`--info`, `-f`/`--field`: dpkg-deb unpacks the control part
/// into a folder it makes under /tmp (info_prepare's mkdtemp), as
/// dpkg-deb's own table left out; review 98.)
const DPKG: Spec = Spec {
    flags: "lLsSpcCV",
    long: &[
        "list",
        "listfiles",
        "status",
        "search",
        "print-avail",
        "contents",
        "fsys-tarfile",
        "get-selections",
        "print-architecture",
        "print-foreign-architectures",
        "compare-versions",
        "audit",
        "verify",
        "no-pager",
        "help",
        "version",
    ],
    long_valued: &["verify-format"],
    abbrev: false,
    ..Spec::GNU
};

/// dpkg-query(1): every action reads.
const DPKG_QUERY: Spec = Spec {
    flags: "lWsLSpch",
    valued: "f",
    long: &[
        "list",
        "show",
        "status",
        "listfiles",
        "search",
        "print-avail",
        "control-list",
        "control-show",
        "control-path",
        "load-avail",
        "no-pager",
        "help",
        "version",
    ],
    long_valued: &["showformat", "admindir"],
    abbrev: false,
    ..Spec::GNU
};

/// The options of apt-get's and apt's reading and simulating subcommands
/// (not `-a`: apt-get's takes an architecture, apt's none).
const APT_SUB: Spec = Spec {
    flags: "sqyVfh",
    valued: "t",
    long: &[
        "simulate",
        "just-print",
        "dry-run",
        "recon",
        "no-act",
        "quiet",
        "yes",
        "assume-yes",
        "assume-no",
        "verbose-versions",
        "fix-broken",
        "no-install-recommends",
        "install-suggests",
        "with-new-pkgs",
        "no-upgrade",
        "only-upgrade",
        "ignore-hold",
        "purge",
        "auto-remove",
        "autoremove",
        "no-remove",
        "trivial-only",
        "no-show-upgraded",
        "installed",
        "upgradable",
        "all-versions",
        "manual-installed",
        "names-only",
        "full",
        "help",
        "version",
    ],
    long_valued: &["target-release", "default-release", "host-architecture"],
    abbrev: false,
    ..Spec::GNU
};

/// apt's options for its listing verbs, where `-a` is `--all-versions`.
const APT_READ_SUB: Spec = Spec {
    flags: "sqyVfha",
    ..APT_SUB
};

/// apt-cache's options: not `-p`/`-s` (cache files it may write), `-g`.
const APT_CACHE_SUB: Spec = Spec {
    flags: "qifanh",
    long: &[
        "quiet",
        "important",
        "full",
        "all-versions",
        "no-all-versions",
        "names-only",
        "all-names",
        "recurse",
        "installed",
        "implicit",
        "no-pre-depends",
        "no-depends",
        "no-recommends",
        "no-suggests",
        "no-conflicts",
        "no-breaks",
        "no-replaces",
        "no-enhances",
        "no-generate",
        "help",
        "version",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// apt-mark's options: not `-f` (another state file).
const APT_MARK_SUB: Spec = Spec {
    flags: "qh",
    long: &["quiet", "help", "version"],
    abbrev: false,
    ..Spec::GNU
};

/// apt-get(8), apt(8): the reading verbs, and those that change packages,
/// which only simulate with `-s` (the rule calls them read-only only
/// then: without it install is a change, remove and purge worse).
const APT_VERBS: &[Verb] = &[
    Verb {
        names: "list|search|show|showsrc|policy|depends|rdepends|madison",
        spec: Some(&APT_READ_SUB),
    },
    // Not `changelog`: it downloads the changelog from the distribution's
    // servers (data sent off the host).
    Verb {
        names: "help",
        spec: Some(&APT_SUB),
    },
    Verb {
        names: "install|reinstall|remove|purge|upgrade|dist-upgrade|full-upgrade|autoremove|\
                autopurge",
        spec: Some(&APT_SUB),
    },
];

const APT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: APT_VERBS,
        bare_ok: true,
    },
    ..APT_SUB
};

/// apt-cache(8): not `gencaches`.
const APT_CACHE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|showsrc|showpkg|stats|dump|dumpavail|unmet|search|depends|rdepends|\
                    pkgnames|dotty|xvcg|policy|madison",
            spec: Some(&APT_CACHE_SUB),
        }],
        bare_ok: true,
    },
    ..APT_CACHE_SUB
};

/// apt-mark(8): the `show*` verbs; the others mark packages.
const APT_MARK: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "showhold|showauto|showmanual|showinstall|showremove|showpurge|help",
            spec: Some(&APT_MARK_SUB),
        }],
        bare_ok: false,
    },
    ..APT_MARK_SUB
};

/// aptitude's reading options: not `-u` (updates the lists), `-o`, `-d`,
/// `-P`, `--schedule-only`.
const APTITUDE_SUB: Spec = Spec {
    flags: "svqyDVZh",
    valued: "Fwt",
    long: &[
        "simulate",
        "verbose",
        "quiet",
        "assume-yes",
        "show-deps",
        "show-versions",
        "disable-columns",
        "help",
        "version",
    ],
    long_valued: &[
        "display-format",
        "width",
        "sort",
        "target-release",
        "group-by",
    ],
    abbrev: false,
    ..Spec::GNU
};

/// aptitude(8): bare, it is a full-screen package manager.
const APTITUDE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "search|show|versions|why|why-not|help",
                spec: Some(&APTITUDE_SUB),
            },
            Verb {
                names: "install|reinstall|remove|purge|upgrade|safe-upgrade|full-upgrade",
                spec: Some(&APTITUDE_SUB),
            },
        ],
        bare_ok: false,
    },
    ..APTITUDE_SUB
};

// ---------------------------------------------------------------------------
// Terminal: coreutils 9.1 (stty), ncurses-bin 6.4 (tput)

const STTY_PRINT: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// stty(1): printing only; any setting is an operand (`-echo` too, read as
/// unknown options here).
const STTY: Spec = Spec {
    flags: "ag",
    valued: "F",
    long: &["all", "save", "help", "version"],
    long_valued: &["file"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "size|speed",
            spec: Some(&STTY_PRINT),
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

const TPUT_CAP: Spec = Spec {
    flags: "x",
    valued: "T",
    operands: Operands::None,
    ..Spec::GNU
};

const TPUT_CAP_ONE: Spec = Spec {
    operands: Operands::AtMost(1),
    ..TPUT_CAP
};

const TPUT_CAP_TWO: Spec = Spec {
    operands: Operands::AtMost(2),
    ..TPUT_CAP
};

/// tput(1): capabilities that only print a string or a number; not
/// `init`, `reset`, `-S` (reads more names from standard input).
const TPUT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "cols|lines|colors|longname|sgr0|bold|dim|smul|rmul|rev|blink|smso|rmso|\
                        sitm|ritm|el|el1|ed|civis|cnorm|cvvis|sc|rc|clear|home|op",
                spec: Some(&TPUT_CAP),
            },
            Verb {
                names: "setaf|setab|setf|setb|hpa|vpa|cub|cuf|cuu|cud",
                spec: Some(&TPUT_CAP_ONE),
            },
            Verb {
                names: "cup",
                spec: Some(&TPUT_CAP_TWO),
            },
        ],
        bare_ok: false,
    },
    ..TPUT_CAP
};

#[rustfmt::skip]
/// mke2fs(8), e2fsprogs 1.47, as its dry run reads it: `-n` shows what it
/// would make (the rules prove `-n` is given; without it, it makes one).
/// Not `-c` (a bad-block scan), `-E`, `-d`, `-D`.
const MKE2FS_DRY_RUN: Spec = Spec {
    flags: "nqvFSj",
    valued: "tbILiNmOTgGC",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// mkfs.xfs(8), xfsprogs 6.1, as its dry run reads it: `-N` prints the
/// parameters without making the filesystem.
/// (Not `-d`, `-l` nor `-r`: `file,name=PATH` makes PATH, or empties it,
/// even in a dry run; reviews 50 and 52.)
const MKFS_XFS_DRY_RUN: Spec = Spec {
    flags: "Nqf",
    valued: "biLns",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// rc-update(8), OpenRC: `show` (the runlevels' services; not `add`,
/// `del`).
const RC_UPDATE: Spec = Spec {
    flags: "avs",
    long: &["all", "verbose", "stack"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show",
            spec: Some(&RC_UPDATE_SHOW),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};
const RC_UPDATE_SHOW: Spec = Spec {
    flags: "avs",
    long: &["all", "verbose", "stack"],
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};

/// rc-service(8), OpenRC: `-l` (the services), `-e NAME` (whether one
/// exists).
const RC_SERVICE: Spec = Spec {
    flags: "l",
    valued: "e",
    long: &["list"],
    long_valued: &["exists"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// systemd-escape(1): text turned into a unit name or back; nothing
/// read, nothing written.
const SYSTEMD_ESCAPE: Spec = Spec {
    flags: "pu",
    long: &["path", "unescape", "mangle", "instance"],
    long_valued: &["suffix", "template"],
    ..Spec::GNU
};

/// prlimit(1), util-linux 2.38: a process's limits shown (a resource
/// option without a value, `--nofile`, shows it; with one, `=1024`, it
/// sets: not in the table).
const PRLIMIT: Spec = Spec {
    valued: "po",
    long: &[
        "noheadings",
        "raw",
        "verbose",
        "core",
        "data",
        "nice",
        "fsize",
        "sigpending",
        "memlock",
        "rss",
        "nofile",
        "msgqueue",
        "rtprio",
        "stack",
        "cpu",
        "nproc",
        "as",
        "locks",
        "rttime",
    ],
    long_valued: &["pid", "output"],
    operands: Operands::None,
    ..Spec::GNU
};

/// locate(1), plocate 1.1 and mlocate 0.26: names in the index
/// `updatedb` made, matched, counted or checked to exist (names only,
/// never contents). Not `-d`/`--database` (another index file).
const LOCATE: Spec = Spec {
    // (Not `-r`/`--regexp`: a flag to plocate, mlocate's takes a value;
    // review 73.)
    flags: "ibcwe0AqSN",
    valued: "ln",
    long: &[
        "ignore-case",
        "basename",
        "count",
        "wholename",
        "existing",
        "null",
        "all",
        "quiet",
        "statistics",
        "literal",
        "regex",
        "help",
        "version",
    ],
    long_valued: &["limit"],
    ..Spec::GNU
};

/// btrfs(8), btrfs-progs 6.2: what the filesystem shows of itself
/// (`filesystem show|df|usage|du|label FS`, `device stats|usage` without
/// `-z`, `scrub status`, `subvolume list|show|get-default`, `qgroup
/// show`, `property get|list`, `balance status`, `replace status -1`,
/// `check` without a repairing option, `inspect-internal dump-super|
/// min-dev-size`, `version`). Blind corpus 111.
const BTRFS: Spec = Spec {
    flags: "vq",
    long_valued: &["format"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "filesystem|fi|fil",
                spec: Some(&BTRFS_FILESYSTEM),
            },
            Verb {
                names: "device|dev",
                spec: Some(&BTRFS_DEVICE),
            },
            Verb {
                names: "scrub|balance|replace",
                spec: Some(&BTRFS_STATUS),
            },
            Verb {
                names: "subvolume|sub|subvol",
                spec: Some(&BTRFS_SUBVOLUME),
            },
            Verb {
                names: "qgroup",
                spec: Some(&BTRFS_QGROUP),
            },
            Verb {
                names: "property|prop",
                spec: Some(&BTRFS_PROPERTY),
            },
            Verb {
                names: "check",
                spec: Some(&BTRFS_CHECK),
            },
            Verb {
                names: "inspect-internal|inspect",
                spec: Some(&BTRFS_INSPECT),
            },
            Verb {
                names: "version",
                spec: Some(&BTRFS_WORDS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};
/// The size units every report takes.
const BTRFS_WORDS: Spec = Spec {
    flags: "bhHkmgtTsdR",
    long: &[
        "raw",
        "human-readable",
        "iec",
        "si",
        "kbytes",
        "mbytes",
        "gbytes",
        "tbytes",
        "summarize",
        "all-devices",
        "mounted",
        "check",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const BTRFS_FILESYSTEM: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            // (btrfs-progs takes a command's unambiguous prefix: `fi sh`;
            // review 98.)
            names: "show|sho|sh|df|usage|du|label",
            spec: Some(&BTRFS_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const BTRFS_DEVICE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "stats|usage",
            spec: Some(&BTRFS_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const BTRFS_STATUS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&BTRFS_STATUS_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const BTRFS_STATUS_WORDS: Spec = Spec {
    flags: "dR1",
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const BTRFS_SUBVOLUME: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|show|get-default",
            spec: Some(&BTRFS_SUBVOLUME_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const BTRFS_SUBVOLUME_LIST: Spec = Spec {
    flags: "opacguqtRdsr",
    valued: "GC",
    long_valued: &["sort", "rootid", "uuid"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const BTRFS_QGROUP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show",
            spec: Some(&BTRFS_QGROUP_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const BTRFS_QGROUP_SHOW: Spec = Spec {
    flags: "pcreFf",
    long: &[
        "raw",
        "human-readable",
        "iec",
        "si",
        "kbytes",
        "mbytes",
        "gbytes",
        "tbytes",
        "sync",
    ],
    long_valued: &["sort"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const BTRFS_PROPERTY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "get|list",
            spec: Some(&BTRFS_PROPERTY_GET),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
/// `property get [-t TYPE] OBJECT [NAME]`: two operands at most (a third
/// would be `set`'s value).
const BTRFS_PROPERTY_GET: Spec = Spec {
    valued: "t",
    operands: Operands::AtMost(2),
    ..Spec::GNU
};
/// `check`: read-only unless told to repair (`--repair`, `--init-*`,
/// `--clear-space-cache`), none of which is here.
const BTRFS_CHECK: Spec = Spec {
    flags: "pQE",
    valued: "sbr",
    long: &[
        "readonly",
        "progress",
        "check-data-csum",
        "qgroup-report",
        "force",
    ],
    long_valued: &["super", "tree-root", "chunk-root", "mode", "subvol-extents"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};
const BTRFS_INSPECT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "dump-super|min-dev-size",
            spec: Some(&BTRFS_DUMP_SUPER),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const BTRFS_DUMP_SUPER: Spec = Spec {
    flags: "fa",
    valued: "s",
    long: &["full", "all", "force"],
    long_valued: &["bytenr", "id"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// dpkg-divert(1), dpkg-statoverride(1), dpkg 1.21: `--list [GLOB]`
/// (not `--add`, `--remove`, `--rename`, `--update`).
const DPKG_LISTS: Spec = Spec {
    long: &[
        "list",
        "listpackage",
        "truename",
        "quiet",
        "help",
        "version",
    ],
    required: &["list", "listpackage", "truename"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// debconf-show(1): a package's questions and answers; passwords are
/// printed as "(password omitted)" (`--listowners`, `--listdbs` list).
const DEBCONF_SHOW: Spec = Spec {
    long: &["listowners", "listdbs"],
    long_valued: &["db"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// deborphan(1), 1.7: libraries nothing depends on, from dpkg's status
/// (not `-A`/`-R`/`-k` (the keep file), `--add-keep`, `--del-keep`,
/// `--zero-keep`).
const DEBORPHAN: Spec = Spec {
    flags: "aPsnHdhvL",
    long: &[
        "list-keep",
        "all-packages",
        "priority",
        "show-section",
        "show-size",
        "nice-mode",
        "no-show-section",
        "show-deps",
        "guess-all",
        "libdevel",
        "guess-perl",
        "guess-python",
        "guess-pike",
        "guess-ruby",
        "guess-interpreters",
        "guess-section",
        "guess-dev",
        "guess-debug",
        "guess-common",
        "guess-data",
        "guess-doc",
        "guess-dummy",
        "guess-kernel",
        "guess-mono",
        "guess-only",
        "find-config",
        "no-show-section",
        "help",
        "version",
    ],
    long_valued: &["status-file"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// grub-script-check(1): a GRUB script's syntax.
const GRUB_SCRIPT_CHECK: Spec = Spec {
    flags: "v",
    long: &["verbose", "help", "version"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// snap(8) listings: `list`, `changes`, `services`, `version`,
/// `connections`, `warnings` (not `info`/`find`, which ask the store, nor
/// anything that installs, refreshes or removes).
const SNAP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            // (Not `warnings`: it writes the time it listed them, which a
            // later `snap okay` acknowledges up to; review 98.)
            names: "list|changes|services|version|connections|tasks",
            spec: Some(&SNAP_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const SNAP_LIST: Spec = Spec {
    long: &["all", "abs-time", "unicode", "color", "verbose"],
    long_valued: &["last"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// flatpak(1) listings: `list`, `info` of an installed ref, `remotes`,
/// `history`, `ps` (not `remote-ls`/`search`, which fetch, nor
/// `install`, `update`, `uninstall`, `repair`).
const FLATPAK: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|info|remotes|history|ps|--version",
            spec: Some(&FLATPAK_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const FLATPAK_LIST: Spec = Spec {
    flags: "dv",
    long: &[
        "app",
        "runtime",
        "all",
        "user",
        "system",
        "show-details",
        "show-disabled",
        "reverse",
        "verbose",
    ],
    long_valued: &["columns", "arch", "installation", "app-runtime"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// fstrim(8), util-linux 2.38: `-n`/`--dry-run` prints what it would
/// discard and discards nothing.
const FSTRIM: Spec = Spec {
    flags: "aAnvh",
    valued: "olm",
    long: &[
        "all",
        "fstab",
        "dry-run",
        "verbose",
        "quiet-unsupported",
        "help",
        "version",
    ],
    long_valued: &["offset", "length", "minimum", "listed-in"],
    required: &["n", "dry-run"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// multipathd(8) as a client: `show …`/`list …` of paths, maps,
/// topology, configuration, status (not `add`, `del`, `resize`,
/// `reconfigure`, `fail`, `reinstate`, `suspend`, `disablequeueing`).
const MULTIPATHD: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list",
            spec: Some(&MULTIPATHD_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const MULTIPATHD_SHOW: Spec = Spec {
    operands: Operands::Names {
        at_most: 4,
        test: |w| {
            w.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'%' | b'.' | b':' | b'/')
            })
        },
    },
    ..Spec::POSIX
};

/// xfs_growfs(8) `-n`: the filesystem's geometry, no change.
const XFS_GROWFS: Spec = Spec {
    flags: "n",
    required: &["n"],
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// e2label(8) with the device alone prints its label (a second operand
/// sets one).
const E2LABEL: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

#[rustfmt::skip]
/// pipx(1): the installed applications (`list`).
const PIPX: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list",
            spec: Some(&PIPX_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const PIPX_LIST: Spec = Spec {
    long: &["short", "include-injected", "json", "quiet"],
    operands: Operands::None,
    ..Spec::GNU
};

/// getpcaps(8), libcap 2.66: processes' capabilities by id.
const GETPCAPS: Spec = Spec {
    long: &["verbose", "ugly", "legacy", "iab"],
    operands: Operands::Names {
        at_most: 64,
        test: |w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()),
    },
    ..Spec::GNU
};

/// nut-scanner(8): the UPSes on the USB buses (`-U`); not its network
/// scans.
const NUT_SCANNER: Spec = Spec {
    flags: "Uq",
    long: &["usb_scan", "quiet"],
    required: &["U", "usb_scan"],
    operands: Operands::None,
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["kdump-config"],
        spec: &KDUMP_CONFIG,
        read_only: &["kdump-config show", "kdump-config status"],
        not: &[
            "kdump-config load",
            "kdump-config unload",
            "kdump-config propagate",
        ],
    },
    Entry {
        names: &["systool"],
        spec: &SYSTOOL,
        read_only: &["systool -m kvm_intel -v", "systool -vm vfio_pci"],
        not: &["systool -c net -v", "systool -b pci -v", "systool"],
    },
    Entry {
        names: &["pipx"],
        spec: &PIPX,
        read_only: &["pipx list", "pipx list --short"],
        not: &["pipx install x", "pipx upgrade-all"],
    },
    Entry {
        names: &["getpcaps"],
        spec: &GETPCAPS,
        read_only: &["getpcaps 1", "getpcaps --verbose 1 2"],
        not: &["getpcaps x"],
    },
    Entry {
        names: &["nut-scanner"],
        spec: &NUT_SCANNER,
        read_only: &["nut-scanner -U", "nut-scanner -qU"],
        not: &["nut-scanner -C", "nut-scanner -S -s 10.0.0.1 -e 10.0.0.254"],
    },
    Entry {
        names: &["btrfs"],
        spec: &BTRFS,
        read_only: &[
            "btrfs filesystem usage -T /mnt/data",
            "btrfs device stats /mnt/data",
            "btrfs scrub status /mnt/data",
            "btrfs check --readonly /dev/sdc",
            "btrfs property get /mnt/data/.snapshots/x ro",
            "btrfs subvolume list -o /mnt/data",
            "btrfs fi show",
            "btrfs qgroup show -pcre /mnt/data",
        ],
        not: &[
            "btrfs device stats -z /mnt/data",
            "btrfs scrub start /mnt/data",
            "btrfs check --repair /dev/sdc",
            "btrfs property set /mnt/x ro false",
            "btrfs subvolume delete /mnt/x",
            "btrfs filesystem label /dev/sdc newlabel",
            "btrfs balance start /mnt/data",
            "btrfs filesystem resize max /mnt/data",
            "btrfs property get /mnt/x ro true extra",
        ],
    },
    Entry {
        names: &["dpkg-divert", "dpkg-statoverride"],
        spec: &DPKG_LISTS,
        read_only: &[
            "dpkg-divert --list",
            "dpkg-statoverride --list",
            "dpkg-divert --list '*pve*'",
        ],
        not: &[
            "dpkg-divert --add /usr/bin/x",
            "dpkg-statoverride --remove /usr/bin/x",
            "dpkg-divert --rename --add /x",
        ],
    },
    Entry {
        names: &["debconf-show"],
        spec: &DEBCONF_SHOW,
        read_only: &[
            "debconf-show unattended-upgrades",
            "debconf-show --listowners",
        ],
        not: &["debconf-show --bogus x"],
    },
    Entry {
        names: &["deborphan"],
        spec: &DEBORPHAN,
        read_only: &[
            "deborphan",
            "deborphan --guess-all",
            "deborphan -L",
            "deborphan --libdevel",
        ],
        not: &["deborphan -A libfoo", "deborphan --zero-keep"],
    },
    Entry {
        names: &["grub-script-check"],
        spec: &GRUB_SCRIPT_CHECK,
        read_only: &["grub-script-check /boot/grub/grub.cfg"],
        not: &["grub-script-check a b"],
    },
    Entry {
        names: &["snap"],
        spec: &SNAP,
        read_only: &["snap list --all", "snap changes", "snap services"],
        not: &[
            "snap refresh",
            "snap install x",
            "snap remove x",
            "snap info x",
            "snap find x",
            "snap warnings",
        ],
    },
    Entry {
        names: &["flatpak"],
        spec: &FLATPAK,
        read_only: &[
            "flatpak list --app --columns=application,version,origin",
            "flatpak remotes -d",
            "flatpak history",
        ],
        not: &[
            "flatpak update",
            "flatpak remote-ls flathub",
            "flatpak uninstall x",
            "flatpak repair",
        ],
    },
    Entry {
        names: &["fstrim"],
        spec: &FSTRIM,
        read_only: &["fstrim --dry-run -av", "fstrim -n /"],
        not: &["fstrim -av", "fstrim /"],
    },
    Entry {
        names: &["multipathd"],
        spec: &MULTIPATHD,
        read_only: &[
            "multipathd show paths",
            "multipathd show maps topology",
            "multipathd list config",
        ],
        not: &[
            "multipathd reconfigure",
            "multipathd del path sdb",
            "multipathd",
            "multipathd fail path sdb",
        ],
    },
    Entry {
        names: &["xfs_growfs"],
        spec: &XFS_GROWFS,
        read_only: &["xfs_growfs -n /mnt/data"],
        not: &["xfs_growfs /mnt/data", "xfs_growfs -d /mnt/data"],
    },
    Entry {
        names: &["e2label"],
        spec: &E2LABEL,
        read_only: &["e2label /dev/sdb1"],
        not: &["e2label /dev/sdb1 data"],
    },
    Entry {
        names: &["locate", "plocate", "mlocate"],
        spec: &LOCATE,
        read_only: &[
            "locate -i '*.iso'",
            "locate kworkerds",
            "locate -c -b --regex '\\.qcow2$'",
            "plocate -l 20 vm-100-disk",
        ],
        not: &["locate -d /tmp/db x", "locate --database=/root/x.db y"],
    },
    Entry {
        names: &["rc-update"],
        spec: &RC_UPDATE,
        read_only: &[
            "rc-update show",
            "rc-update show -v default",
            "rc-update -v show",
        ],
        not: &["rc-update add nginx default", "rc-update del nginx"],
    },
    Entry {
        names: &["rc-service"],
        spec: &RC_SERVICE,
        read_only: &["rc-service -l", "rc-service -e nginx"],
        not: &["rc-service -x nginx"],
    },
    Entry {
        names: &["systemd-escape"],
        spec: &SYSTEMD_ESCAPE,
        read_only: &[
            "systemd-escape -p --suffix=mount /mnt/pve/nas-backup",
            "systemd-escape -u 'a\\x2db'",
        ],
        not: &["systemd-escape --bogus x"],
    },
    Entry {
        names: &["prlimit"],
        spec: &PRLIMIT,
        read_only: &[
            "prlimit --pid 1234",
            "prlimit -p 1234 --nofile",
            "prlimit --pid 1 -o RESOURCE,SOFT,HARD",
        ],
        not: &[
            "prlimit --pid 1234 --nofile=1024",
            "prlimit --nofile=1024 sleep 9",
        ],
    },
    Entry {
        names: &["mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4"],
        spec: &MKE2FS_DRY_RUN,
        read_only: &[
            "mkfs.ext4 -n /dev/sdd1",
            "mke2fs -n -t ext4 -L data /dev/sdd1",
        ],
        not: &[
            "mkfs.ext4 /dev/sdd1",
            "mkfs.ext4 -n -c /dev/sdd1",
            "mkfs.ext4 -n -E nodiscard /dev/sdd1",
        ],
    },
    Entry {
        names: &["mkfs.xfs"],
        spec: &MKFS_XFS_DRY_RUN,
        read_only: &["mkfs.xfs -N /dev/sdd1"],
        not: &[
            "mkfs.xfs /dev/sdd1",
            "mkfs.xfs -f /dev/sdd1",
            "mkfs.xfs -N -l file,name=/etc/passwd,size=10m /dev/sdd1",
            "mkfs.xfs -N -rfile,name=/tmp/x,size=1g /dev/sdd1",
        ],
    },
    // procps
    Entry {
        names: &["ps"],
        spec: &PS,
        read_only: &[
            "ps aux",
            "ps -ef",
            "ps -eo pid,ppid,cmd,%mem --sort=-%mem",
            "ps axjf",
            "ps -p 1 -o comm=",
            "ps --forest -u www-data",
        ],
        not: &["ps aux $opts", "ps --bogus"],
    },
    Entry {
        names: &["pgrep"],
        spec: &PGREP,
        read_only: &[
            "pgrep -a nginx",
            "pgrep -f 'python3 app.py'",
            "pgrep -u root -l sshd",
            "pgrep --count --exact qemu",
        ],
        not: &["pgrep --signal KILL nginx", "pgrep -9 nginx"],
    },
    Entry {
        names: &["pidof"],
        spec: &PIDOF,
        read_only: &["pidof sshd", "pidof -s nginx", "pidof -x backup.sh"],
        not: &["pidof -k sshd"],
    },
    Entry {
        names: &["top"],
        spec: &TOP,
        read_only: &[
            "top -b -n 1",
            "top -bn1 -o %MEM",
            "top -b -n 2 -d 0.5 -p 1",
            "top -b -n1 -w512 -c",
        ],
        not: &["top -b -n 1 extra", "top -b -n1 -X"],
    },
    Entry {
        names: &["free"],
        spec: &FREE,
        read_only: &[
            "free -h",
            "free -m -t",
            "free --mebi --wide",
            "free -s 2 -c 3",
        ],
        not: &["free -h /etc"],
    },
    Entry {
        names: &["uptime"],
        spec: &UPTIME,
        read_only: &["uptime -p", "uptime --since"],
        not: &["uptime -x"],
    },
    Entry {
        names: &["w"],
        spec: &W,
        read_only: &["w -h", "w -i root"],
        not: &["w -z"],
    },
    Entry {
        names: &["who"],
        spec: &WHO,
        read_only: &["who -a", "who -b", "who -r", "who am i"],
        not: &["who -z"],
    },
    Entry {
        names: &["last", "lastb"],
        spec: &LAST,
        read_only: &[
            "last -n 20",
            "last -x reboot",
            "last -20 -F root",
            "lastb -n 10",
            "last -f /var/log/wtmp.1",
        ],
        not: &["last -z"],
    },
    Entry {
        names: &["update-alternatives"],
        spec: &UPDATE_ALTERNATIVES,
        read_only: &[
            "update-alternatives --display iptables",
            "update-alternatives --query java",
            "update-alternatives --list editor",
            "update-alternatives --get-selections",
        ],
        not: &[
            "update-alternatives --set iptables /usr/sbin/iptables-legacy",
            "update-alternatives --config editor",
            "update-alternatives --auto java",
            "update-alternatives --remove-all java",
            "update-alternatives --log /etc/x --display java",
            "update-alternatives java",
        ],
    },
    Entry {
        names: &["lastlog"],
        spec: &LASTLOG,
        read_only: &["lastlog -u root", "lastlog -t 7", "lastlog"],
        not: &["lastlog -C -u bob", "lastlog -S -u bob"],
    },
    Entry {
        names: &["vmstat"],
        spec: &VMSTAT,
        read_only: &["vmstat 1 5", "vmstat -s", "vmstat -d", "vmstat -w -S M 2 3"],
        not: &["vmstat 1 5 6", "vmstat -x"],
    },
    Entry {
        names: &["kill"],
        spec: &KILL,
        read_only: &[
            "kill -l",
            "kill -L",
            "kill -0 1234",
            "kill -s 0 1",
            "kill -n 0 1",
        ],
        not: &["kill -9 1", "kill 1234", "kill -9 1234", "kill -s 9 1"],
    },
    // util-linux
    Entry {
        names: &["lsblk"],
        spec: &LSBLK,
        read_only: &[
            "lsblk -f",
            "lsblk -o NAME,SIZE,TYPE,MOUNTPOINTS",
            "lsblk -J -b /dev/sda",
            "lsblk --tree=NAME -d",
        ],
        not: &["lsblk -q"],
    },
    Entry {
        names: &["blkid"],
        spec: &BLKID,
        read_only: &[
            "blkid -c /dev/null",
            "blkid -p -o export /dev/sda1",
            "blkid -c /dev/null -s UUID -o value /dev/sdb1",
            "blkid -p -i /dev/sdb",
            "blkid -k",
        ],
        not: &[
            "blkid -g",
            "blkid -c /tmp/cache /dev/sda1",
            "blkid",
            "blkid /dev/sda1",
            "blkid -s UUID -o value /dev/sdb1",
            "blkid -U 1234",
            "blkid -c /dev/null -c /tmp/c",
            "blkid -c /dev/null -L data",
            "blkid -p --uuid 1234",
        ],
    },
    Entry {
        names: &["lscpu"],
        spec: &LSCPU,
        read_only: &["lscpu", "lscpu -e", "lscpu --extended=CPU,NODE", "lscpu -J"],
        not: &["lscpu /dev/null"],
    },
    Entry {
        names: &["lsmem"],
        spec: &LSMEM,
        read_only: &["lsmem", "lsmem -a -o RANGE,SIZE", "lsmem --summary=only"],
        not: &["lsmem -z"],
    },
    Entry {
        names: &["findmnt"],
        spec: &FINDMNT,
        read_only: &[
            "findmnt",
            "findmnt -t ext4,xfs",
            "findmnt -n -o SOURCE /",
            "findmnt --verify",
            "findmnt -D",
        ],
        not: &["findmnt -Z"],
    },
    Entry {
        names: &["lsns"],
        spec: &LSNS,
        read_only: &["lsns", "lsns -t net", "lsns -p 1 -o NS,TYPE"],
        not: &["lsns -z"],
    },
    Entry {
        names: &["mountpoint"],
        spec: &MOUNTPOINT,
        read_only: &["mountpoint -q /mnt/backup", "mountpoint -d /"],
        not: &["mountpoint -z /"],
    },
    Entry {
        names: &["lslocks"],
        spec: &LSLOCKS,
        read_only: &["lslocks", "lslocks -p 1 -u"],
        not: &["lslocks /tmp"],
    },
    Entry {
        names: &["ipcs"],
        spec: &IPCS,
        read_only: &[
            "ipcs",
            "ipcs -a",
            "ipcs -m -p",
            "ipcs -lu",
            "ipcs -m -i 32768",
        ],
        not: &["ipcs -z"],
    },
    Entry {
        names: &["lsipc"],
        spec: &LSIPC,
        read_only: &["lsipc", "lsipc -m -b", "lsipc --global"],
        not: &["lsipc -z"],
    },
    Entry {
        names: &["dmesg"],
        spec: &DMESG,
        read_only: &[
            "dmesg -T",
            "dmesg --level=err,warn",
            "dmesg -H --color=always",
            "dmesg -T -l err -f kern",
        ],
        not: &["dmesg -c", "dmesg -C", "dmesg -n 1", "dmesg -D"],
    },
    Entry {
        names: &["hwclock"],
        spec: &HWCLOCK,
        read_only: &[
            "hwclock",
            "hwclock -r",
            "hwclock --show --utc",
            "hwclock --get --verbose",
        ],
        not: &[
            "hwclock --systohc",
            "hwclock -w",
            "hwclock --set --date '2024-01-01'",
        ],
    },
    Entry {
        names: &["fdisk"],
        spec: &FDISK,
        read_only: &[
            "fdisk -l",
            "fdisk -l /dev/sda",
            "fdisk -l -o Device,Size,Type /dev/nvme0n1",
        ],
        not: &["fdisk /dev/sda", "fdisk -l -w always /dev/sda"],
    },
    Entry {
        names: &["sfdisk"],
        spec: &SFDISK,
        read_only: &[
            "sfdisk -l /dev/sda",
            "sfdisk -d /dev/sda",
            "sfdisk --json /dev/vda",
            "sfdisk -V /dev/sda",
        ],
        not: &[
            "sfdisk /dev/sda",
            "sfdisk --delete /dev/sda 2",
            "sfdisk -d /dev/sda -b -O /tmp/x",
        ],
    },
    Entry {
        names: &["wipefs"],
        spec: &WIPEFS,
        read_only: &[
            "wipefs /dev/sdb",
            "wipefs -n /dev/sdb1",
            "wipefs -J /dev/sdb",
        ],
        not: &[
            "wipefs -a /dev/sdb",
            "wipefs -o 0x438 /dev/sdb1",
            "wipefs -b /dev/sdb",
        ],
    },
    Entry {
        names: &["mount"],
        spec: &MOUNT,
        read_only: &["mount", "mount -l", "mount -t ext4", "mount -l -t nfs4"],
        not: &["mount /dev/sdb1 /mnt", "mount -a", "mount -o remount,ro /"],
    },
    Entry {
        names: &["swapon"],
        spec: &SWAPON,
        read_only: &[
            "swapon --show",
            "swapon -s",
            "swapon --show=NAME,SIZE --bytes",
        ],
        not: &["swapon -a", "swapon /swapfile"],
    },
    // sysstat
    Entry {
        names: &["iostat"],
        spec: &IOSTAT,
        read_only: &[
            "iostat -x 1 3",
            "iostat -dxm sda 2",
            "iostat -p ALL",
            "iostat -o JSON --dec=1",
        ],
        not: &["iostat -Q"],
    },
    Entry {
        names: &["mpstat"],
        spec: &MPSTAT,
        read_only: &["mpstat -P ALL 1 3", "mpstat -I SUM 1"],
        not: &["mpstat -Q"],
    },
    Entry {
        names: &["pidstat"],
        spec: &PIDSTAT,
        read_only: &[
            "pidstat 1 5",
            "pidstat -d -p 1234 1",
            "pidstat -u -r -C nginx 2 3",
        ],
        not: &["pidstat -e /bin/sh -c id"],
    },
    Entry {
        names: &["sar"],
        spec: &SAR,
        read_only: &[
            "sar -u 1 3",
            "sar -n DEV 1 5",
            "sar -r -f /var/log/sysstat/sa01",
            "sar -q -s 09:00:00 -e 10:00:00",
        ],
        not: &[
            "sar -o /tmp/sa 1 5",
            "sar -f /var/log/sysstat/sa01 -o /tmp/x",
        ],
    },
    // systemd
    Entry {
        names: &["systemctl"],
        spec: &SYSTEMCTL,
        read_only: &[
            "systemctl status nginx",
            "systemctl --failed",
            "systemctl list-units --type=service --state=running",
            "systemctl show -p ActiveState sshd",
            "systemctl is-active --quiet caddy",
            "systemctl status caddy -l --no-pager -n 50",
        ],
        not: &[
            "systemctl restart nginx",
            "systemctl -H root@db status",
            "systemctl -P status reboot",
            "systemctl log-level debug",
        ],
    },
    Entry {
        names: &["journalctl"],
        spec: &JOURNALCTL,
        read_only: &[
            "journalctl -u nginx -n 100 --no-pager",
            "journalctl -b -1 -p err",
            "journalctl --since '1 hour ago' -f",
            "journalctl -k --disk-usage",
            "journalctl _SYSTEMD_UNIT=sshd.service -o json --output-fields=MESSAGE,_PID",
            "journalctl -o short-iso -n 20",
            "journalctl -u nginx -o cat",
        ],
        not: &[
            "journalctl --vacuum-time=1s",
            "journalctl --rotate",
            "journalctl --cursor-file=/tmp/c -u x",
            "journalctl -u nginx -o json",
            "journalctl -ojson-pretty -n 5",
            "journalctl --output=export",
            "journalctl -u x -o cat --output-fields=COREDUMP",
            "journalctl -a -o verbose",
        ],
    },
    Entry {
        names: &["timedatectl"],
        spec: &TIMEDATECTL,
        read_only: &[
            "timedatectl",
            "timedatectl status",
            "timedatectl show-timesync --all",
            "timedatectl list-timezones",
        ],
        not: &[
            "timedatectl set-time '2024-01-01 00:00'",
            "timedatectl set-ntp false",
        ],
    },
    Entry {
        names: &["hostnamectl"],
        spec: &HOSTNAMECTL,
        read_only: &[
            "hostnamectl",
            "hostnamectl status",
            "hostnamectl --json=short status",
        ],
        not: &["hostnamectl set-hostname db2", "hostnamectl hostname db2"],
    },
    Entry {
        names: &["localectl"],
        spec: &LOCALECTL,
        read_only: &["localectl", "localectl list-locales --no-pager"],
        not: &["localectl set-locale LANG=C.UTF-8"],
    },
    Entry {
        names: &["networkctl"],
        spec: &NETWORKCTL,
        read_only: &[
            "networkctl",
            "networkctl status eth0",
            "networkctl list --no-legend",
            "networkctl lldp",
        ],
        not: &["networkctl down eth0", "networkctl reload"],
    },
    Entry {
        names: &["loginctl"],
        spec: &LOGINCTL,
        read_only: &[
            "loginctl",
            "loginctl list-sessions",
            "loginctl show-session 3 -p Name",
            "loginctl show-user root -p Linger",
        ],
        not: &[
            "loginctl terminate-session 3",
            "loginctl enable-linger deploy",
        ],
    },
    Entry {
        names: &["resolvectl"],
        spec: &RESOLVECTL,
        read_only: &[
            "resolvectl status",
            "resolvectl query pve.lan",
            "resolvectl dns",
            "resolvectl dns eth0",
            "resolvectl statistics",
        ],
        // Looking up a name outside the lab sends it to the resolvers.
        not: &[
            "resolvectl flush-caches",
            "resolvectl dns eth0 1.1.1.1",
            "resolvectl revert eth0",
            "resolvectl query example.com",
        ],
    },
    Entry {
        names: &["service"],
        spec: &SERVICE,
        read_only: &[
            "service --version",
            "service nginx status",
            "/etc/init.d/nginx status",
        ],
        not: &["service nginx stop", "service nginx restart"],
    },
    Entry {
        names: &["hostname"],
        spec: &HOSTNAME,
        read_only: &["hostname", "hostname -f", "hostname -I", "hostname --short"],
        not: &[
            "hostname newname",
            "hostname -F /etc/hostname",
            "hostname -b x",
        ],
    },
    // hardware
    Entry {
        names: &["lspci"],
        spec: &LSPCI,
        read_only: &[
            "lspci",
            "lspci -nnk",
            "lspci -vvv -s 00:1f.2",
            "lspci -t -v",
        ],
        not: &["lspci -q", "lspci -xxxx", "lspci -H1"],
    },
    Entry {
        names: &["setpci"],
        spec: &SETPCI,
        read_only: &[
            "setpci -s 01:00.0 COMMAND",
            "setpci -s 01:00.0 CAP_EXP+12.w",
            "setpci -v -d 10de: VENDOR_ID.w",
            "setpci --dumpregs",
        ],
        not: &[
            "setpci -s 01:00.0 COMMAND=0000",
            "setpci -H1 -s 01:00.0 COMMAND",
            "setpci -s 01:00.0 $REG",
            "setpci -s 01:00.0 -f COMMAND=0:4",
        ],
    },
    Entry {
        names: &["hugeadm"],
        spec: &HUGEADM,
        read_only: &[
            "hugeadm --pool-list",
            "hugeadm --list-all-mounts",
            "hugeadm --page-sizes-all",
        ],
        not: &[
            "hugeadm --pool-pages-min 2MB:512",
            "hugeadm --create-mounts",
            "hugeadm --set-recommended-shmmax",
            "hugeadm",
        ],
    },
    Entry {
        names: &["lstopo", "lstopo-no-graphics", "hwloc-ls"],
        spec: &LSTOPO,
        read_only: &[
            "lstopo-no-graphics --no-io",
            "lstopo -p --of console",
            "lstopo-no-graphics -",
            "hwloc-ls --only core",
        ],
        not: &[
            "lstopo /tmp/topo.png",
            "lstopo --of png /tmp/x",
            "lstopo -i /tmp/x.xml",
            "lstopo-no-graphics /etc/motd",
        ],
    },
    Entry {
        names: &["cloud-id"],
        spec: &CLOUD_ID,
        read_only: &["cloud-id", "cloud-id -j", "cloud-id --long"],
        not: &["cloud-id -i /etc/shadow", "cloud-id x"],
    },
    Entry {
        names: &["lsusb"],
        spec: &LSUSB,
        read_only: &["lsusb", "lsusb -t", "lsusb -v -d 046d:c52b"],
        not: &["lsusb -z"],
    },
    Entry {
        names: &["lsmod"],
        spec: &LSMOD,
        read_only: &["lsmod"],
        not: &["lsmod -z"],
    },
    Entry {
        names: &["modinfo"],
        spec: &MODINFO,
        read_only: &[
            "modinfo zfs",
            "modinfo -F version nvidia",
            "modinfo -p kvm_intel",
        ],
        not: &["modinfo -z zfs"],
    },
    Entry {
        names: &["sensors"],
        spec: &SENSORS,
        read_only: &["sensors", "sensors -j", "sensors -f coretemp-isa-0000"],
        not: &["sensors -s"],
    },
    Entry {
        names: &["dmidecode"],
        spec: &DMIDECODE,
        read_only: &[
            "dmidecode -t memory",
            "dmidecode -s system-serial-number",
            "dmidecode --type 17 -q",
        ],
        not: &["dmidecode --dump-bin /tmp/dmi.bin"],
    },
    Entry {
        names: &["lshw"],
        spec: &LSHW,
        read_only: &[
            "lshw -short",
            "lshw -C disk",
            "lshw -class network -json",
            "lshw -businfo -quiet",
        ],
        not: &["lshw -dump /tmp/hw.db"],
    },
    Entry {
        names: &["smartctl"],
        spec: &SMARTCTL,
        read_only: &[
            "smartctl -a /dev/sda",
            "smartctl -H /dev/nvme0",
            "smartctl -x -d sat /dev/sdb",
            "smartctl --scan",
            "smartctl -j -A /dev/sda",
        ],
        not: &[
            "smartctl -t long /dev/sda",
            "smartctl -s off /dev/sda",
            "smartctl -l scterc,70,70 /dev/sda",
            "smartctl -X /dev/sda",
        ],
    },
    Entry {
        names: &["nvme"],
        spec: &NVME,
        read_only: &[
            "nvme list",
            "nvme smart-log /dev/nvme0",
            "nvme id-ctrl -H /dev/nvme0",
            "nvme list -o json",
            "nvme error-log /dev/nvme0 -e 16",
            "nvme get-feature /dev/nvme0 -f 0x02 -H",
            "nvme self-test-log /dev/nvme1",
        ],
        not: &[
            "nvme format /dev/nvme0n1",
            "nvme sanitize /dev/nvme0",
            "nvme smart-log /dev/nvme0 --namespace-id=1 -z",
        ],
    },
    Entry {
        names: &["hdparm"],
        spec: &HDPARM,
        read_only: &[
            "hdparm -I /dev/sda",
            "hdparm -tT /dev/sda",
            "hdparm -C /dev/sdb",
            "hdparm -W /dev/sda",
            "hdparm -B -N /dev/sdc",
        ],
        not: &[
            "hdparm -S 120 /dev/sda",
            "hdparm -W0 /dev/sda",
            "hdparm -W 0 /dev/sda",
            "hdparm -BW 1 /dev/sda",
            "hdparm -N p1000 /dev/sda",
            "hdparm --security-erase pw /dev/sda",
        ],
    },
    Entry {
        names: &["sysctl"],
        spec: &SYSCTL,
        read_only: &[
            "sysctl -a",
            "sysctl vm.swappiness",
            "sysctl -n net.ipv4.ip_forward",
            "sysctl -a -r 'net.ipv4.*'",
        ],
        not: &[
            "sysctl -w vm.swappiness=10",
            "sysctl -p",
            "sysctl --system",
            "sysctl kernel.panic=10",
        ],
    },
    Entry {
        names: &["lsof"],
        spec: &LSOF,
        read_only: &[
            "lsof -i :80",
            "lsof -nP -iTCP -sTCP:LISTEN",
            "lsof +D /var/log",
            "lsof -p 1234",
            "lsof -u www-data -a -c nginx",
        ],
        not: &["lsof -i :80 $more", "lsof -z"],
    },
    Entry {
        names: &["crontab"],
        spec: &CRONTAB,
        read_only: &["crontab -l", "crontab -l -u www-data", "crontab -u root -l"],
        not: &["crontab -r", "crontab -e", "crontab /tmp/new.cron"],
    },
    // binutils
    Entry {
        names: &["readelf"],
        spec: &READELF,
        read_only: &[
            "readelf -h /bin/ls",
            "readelf -d /usr/lib/x86_64-linux-gnu/libc.so.6",
            "readelf -Ws --dyn-syms /bin/true",
            "readelf --debug-dump=info x.o",
        ],
        not: &["readelf -h /bin/ls --bogus"],
    },
    Entry {
        names: &["objdump"],
        spec: &OBJDUMP,
        read_only: &[
            "objdump -p /bin/ls",
            "objdump -d -M intel /bin/true",
            "objdump --disassemble=main a.out",
            "objdump -x libfoo.so",
        ],
        not: &[
            "objdump -d /bin/ls --bogus",
            "objdump -S a.out",
            "objdump -dS a.out",
            "objdump --source-comment -d a.out",
        ],
    },
    Entry {
        names: &["nm"],
        spec: &NM,
        read_only: &[
            "nm -D /usr/lib/x86_64-linux-gnu/libssl.so.3",
            "nm -C --defined-only libfoo.a",
            "nm -an a.out",
        ],
        not: &["nm --plugin /tmp/evil.so a.out"],
    },
    // manuals
    Entry {
        names: &["man"],
        spec: &MAN,
        read_only: &[
            "man systemctl",
            "man 5 crontab",
            "man -k partition",
            "man -w ls",
        ],
        not: &[
            "man -P 'sh -c id' ls",
            "man -H ls",
            "man -C /tmp/man.conf ls",
        ],
    },
    Entry {
        names: &["apropos", "whatis"],
        spec: &APROPOS,
        read_only: &[
            "apropos partition",
            "apropos -s 8 -e mount",
            "whatis ls",
            "whatis -w 'ls*'",
        ],
        not: &["apropos -C /tmp/conf x"],
    },
    Entry {
        names: &["info"],
        spec: &INFO,
        read_only: &[
            "info coreutils",
            "info -f grep -n Usage",
            "info --apropos=sort",
            "info -w bash",
        ],
        not: &[
            "info -o /tmp/out coreutils",
            "info --dribble /tmp/keys bash",
            "info -n '(/etc/shadow)*'",
            "info --node='(/etc/pve/priv/authkey.key)*'",
            "info -f /tmp/x.info foo",
            "info ./x.info foo",
        ],
    },
    Entry {
        names: &["lsb_release"],
        spec: &LSB_RELEASE,
        read_only: &[
            "lsb_release -a",
            "lsb_release -cs",
            "lsb_release --short --release",
        ],
        not: &["lsb_release -z"],
    },
    // packages
    Entry {
        names: &["dpkg"],
        spec: &DPKG,
        read_only: &[
            "dpkg -l",
            "dpkg -l 'nginx*'",
            "dpkg -L openssh-server",
            "dpkg -S /usr/bin/ssh",
            "dpkg -s docker-ce",
            "dpkg --get-selections",
            "dpkg --print-architecture",
            "dpkg -c pkg.deb",
            "dpkg --compare-versions 1.2 lt 1.10",
        ],
        not: &[
            "dpkg -i pkg.deb",
            "dpkg -r nginx",
            "dpkg -P nginx",
            "dpkg --configure -a",
            "dpkg --set-selections",
            "dpkg -l -i x.deb",
        ],
    },
    Entry {
        names: &["dpkg-query"],
        spec: &DPKG_QUERY,
        read_only: &[
            "dpkg-query -W -f='${Package} ${Version}\\n'",
            "dpkg-query -l 'linux-image*'",
            "dpkg-query -S /etc/ssh/sshd_config",
            "dpkg-query --showformat='${Status}' --show nginx",
        ],
        not: &["dpkg-query -z"],
    },
    Entry {
        names: &["apt", "apt-get"],
        spec: &APT,
        read_only: &[
            "apt list --installed",
            "apt list --upgradable",
            "apt show nginx",
            "apt show -a nginx",
            "apt policy docker-ce",
            "apt-get -s upgrade",
            "apt-get install -s nginx",
            "apt-get -s -t bookworm-backports install linux-image-amd64",
            "apt search --names-only ^python3-",
        ],
        not: &[
            "apt-get install nginx",
            "apt-get remove -y nginx",
            "apt-get -o APT::Get::Simulate=false -s install x",
            "apt-get -c /tmp/apt.conf -s install x",
            "apt-get update",
            "apt-get -s install x --no-simulate",
            "apt-get -s install -a list remove",
        ],
    },
    Entry {
        names: &["apt-cache"],
        spec: &APT_CACHE,
        read_only: &[
            "apt-cache policy nginx",
            "apt-cache madison docker-ce",
            "apt-cache depends --recurse --no-recommends libc6",
            "apt-cache search --names-only zfs",
            "apt-cache showpkg openssl",
        ],
        not: &["apt-cache gencaches", "apt-cache -p /tmp/cache.bin show x"],
    },
    Entry {
        names: &["apt-mark"],
        spec: &APT_MARK,
        read_only: &[
            "apt-mark showhold",
            "apt-mark showmanual",
            "apt-mark showauto",
        ],
        not: &["apt-mark hold linux-image-amd64", "apt-mark auto nginx"],
    },
    Entry {
        names: &["aptitude"],
        spec: &APTITUDE,
        read_only: &[
            "aptitude search '~i nginx'",
            "aptitude why libssl3",
            "aptitude show -v nginx",
            "aptitude -s install nginx",
        ],
        not: &["aptitude", "aptitude install nginx", "aptitude -u search x"],
    },
    // terminal
    Entry {
        names: &["stty"],
        spec: &STTY,
        read_only: &["stty -a", "stty size", "stty -g"],
        not: &["stty -echo", "stty sane", "stty -F /dev/ttyS0 115200"],
    },
    Entry {
        names: &["tput"],
        spec: &TPUT,
        read_only: &[
            "tput cols",
            "tput lines",
            "tput setaf 1",
            "tput sgr0",
            "tput -T xterm colors",
            "tput cup 5 10",
        ],
        not: &["tput reset", "tput init", "tput -S", "tput cols reset"],
    },
];
