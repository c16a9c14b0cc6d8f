//! LXC's own reports and the confinement its containers run under, as
//! the host sees them (blind corpus 130): lxc-top, lxc-monitor,
//! lxc-config, lxc-wait, a user's subordinate ids, AppArmor's parser in
//! its printing modes, capsh's report. Not LXC's `-o`/`--logfile` (a log
//! written where the caller says) nor `--rcfile`, which every lxc tool
//! takes.

use super::*;

/// lxc-top(1), LXC 5: `-d DELAY`, `-s SORT`, `-r`, `-b` (batch), the
/// common `-P LXCPATH`, `-q`, `-l LEVEL`.
const LXC_TOP: Spec = Spec {
    flags: "rbq",
    valued: "dsPl",
    long: &["reverse", "batch", "quiet"],
    long_valued: &["delay", "sort", "lxcpath", "logpriority"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lxc-monitor(1): `-n NAME` (a regular expression of names), `-P`,
/// `-q`, `-l`. Not `-Q`/`--quit` (stops lxc-monitord).
const LXC_MONITOR: Spec = Spec {
    flags: "q",
    valued: "nPl",
    long: &["quiet"],
    long_valued: &["name", "lxcpath", "logpriority"],
    operands: Operands::None,
    ..Spec::GNU
};

/// lxc-config(1): `-l` (the keys), or one key's value.
const LXC_CONFIG: Spec = Spec {
    flags: "l",
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// lxc-wait(1): `-n NAME -s STATES [-t TIMEOUT]`, `-P`, `-q`, `-l`.
const LXC_WAIT: Spec = Spec {
    flags: "q",
    valued: "nstPl",
    long: &["quiet"],
    long_valued: &["name", "state", "timeout", "lxcpath", "logpriority"],
    operands: Operands::None,
    ..Spec::GNU
};

/// getsubids(1), shadow 4.13: `[-g] USER`, the user's subordinate uid
/// (or gid) ranges.
const GETSUBIDS: Spec = Spec {
    flags: "gh",
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// apparmor_parser(8), AppArmor 3: `-N`/`--names` (the profiles' names)
/// and `-p`/`--preprocess` (the profile expanded) print and load nothing;
/// `-I DIR`, `-b DIR`, `-q`, `-M FILE` (features) alongside. Without
/// one of them it loads, replaces or removes profiles in the kernel.
const APPARMOR_PARSER: Spec = Spec {
    flags: "Npq",
    valued: "IbM",
    long: &["names", "preprocess", "quiet"],
    long_valued: &["Include", "base", "features-file"],
    required: &["N", "names", "p", "preprocess"],
    ..Spec::GNU
};

/// capsh(1), libcap 2.66: its report of the process's capabilities
/// (`--print`, `--current`), a mask decoded (`--decode=HEX`), a
/// capability's support (`--supports=NAME`): nothing after them runs
/// (its rule reads the line; any other option changes the process or
/// runs a shell).
const CAPSH: Spec = Spec {
    long: &["print", "current"],
    long_optional: &["decode", "supports"],
    operands: Operands::None,
    ..Spec::GNU
};

/// machinectl(1), systemd 257: machines, images and transfers listed,
/// a machine's or an image's status and properties. Not `-H`/`-M`
/// (another host or container), nor any verb that starts, stops,
/// clones, removes or imports.
const MACHINECTL_REPORT: Spec = Spec {
    flags: "alq",
    valued: "pno",
    long: &[
        "no-pager",
        "no-legend",
        "all",
        "full",
        "value",
        "quiet",
        "no-ask-password",
    ],
    long_valued: &["property", "output", "lines", "max-addresses"],
    operands: Operands::Read,
    ..Spec::GNU
};

const MACHINECTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|list-images|list-transfers|status|show|image-status|show-image",
            spec: Some(&MACHINECTL_REPORT),
        }],
        bare_ok: true,
    },
    ..MACHINECTL_REPORT
};

const BUILDAH_LIST: Spec = Spec {
    flags: "aqn",
    long: &["all", "quiet", "noheading", "no-trunc", "json", "digests"],
    long_valued: &["format", "filter"],
    operands: Operands::None,
    ..Spec::GNU
};

/// buildah(1), 1.3x: its images and working containers listed, its
/// store's information, its version. Not `inspect` (an image's
/// configuration, its environment with it), `from`, `run`, `commit`,
/// `push`, `rm`, `rmi`, `prune`.
const BUILDAH: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "images|containers",
                spec: Some(&BUILDAH_LIST),
            },
            Verb {
                names: "info|version",
                spec: Some(&BUILDAH_LIST),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

const UMOCI_READ: Spec = Spec {
    long: &["json"],
    long_valued: &["layout", "image"],
    operands: Operands::None,
    ..Spec::GNU
};

/// umoci(1), 0.4: an OCI layout's tags listed (`ls`), an image's history
/// and layers (`stat`). Not `unpack`, `repack`, `gc`, `rm`, `tag`,
/// `config`, `insert`.
const UMOCI: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ls|list|stat",
            spec: Some(&UMOCI_READ),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// An operand of an Incus (or LXD) listing: an instance, pool, network or
/// image name, or a list filter (`status=running`, `type=container`). Not
/// a remote's (`images:debian/12`, `lab:web01`: another server, the
/// internet's image servers), except the local one.
fn incus_operand(word: &str) -> bool {
    if word == "local:" {
        return true;
    }
    let local = word.strip_prefix("local:").unwrap_or(word);
    !local.is_empty()
        && !local.starts_with('-')
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '=' | '/' | ','))
}

/// A configuration key `incus config get` prints alone: not one that may
/// hold a secret (`environment.*`, the instance's `cloud-init.*` and
/// old `user.*` user-data with its passwords, a key named for one).
fn incus_key(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    incus_operand(word)
        && !["environment.", "cloud-init.", "user.", "volatile."]
            .iter()
            .any(|p| lower.starts_with(p))
        && !["pass", "secret", "token", "key", "cert", "auth"]
            .iter()
            .any(|w| lower.contains(w))
}

/// Incus's (and LXD's) global flags, taken anywhere (cobra): the project,
/// quiet, verbose and debug output.
macro_rules! incus_spec {
    ($($field:ident : $value:expr),* $(,)?) => {
        Spec {
            flags: "qv",
            long: &["quiet", "verbose", "debug", "all-projects", "show-log", "resources", "fast"],
            long_valued: &["project", "columns", "format"],
            valued: "cf",
            $($field: $value,)*
            ..Spec::GNU
        }
    };
}

const INCUS_NAMES: Spec =
    incus_spec!(operands: Operands::Names { at_most: 8, test: incus_operand });
const INCUS_NONE: Spec = incus_spec!(operands: Operands::None);
const INCUS_KEY: Spec = incus_spec!(operands: Operands::Exactly { count: 2, test: incus_key });

const INCUS_LISTS: &[Verb] = &[
    Verb {
        names: "list|ls",
        spec: Some(&INCUS_NAMES),
    },
    Verb {
        names: "info|show-log",
        spec: Some(&INCUS_NAMES),
    },
];

const INCUS_CONFIG: Spec = incus_spec!(operands: Operands::Verbs {
    verbs: &[
        Verb { names: "get", spec: Some(&INCUS_KEY) },
        Verb { names: "trust", spec: Some(&INCUS_LISTED) },
    ],
    bare_ok: false,
});

const INCUS_LISTED: Spec = incus_spec!(operands: Operands::Verbs {
    verbs: INCUS_LISTS,
    bare_ok: false,
});

const INCUS_STORAGE_VOLUME: Spec = incus_spec!(operands: Operands::Verbs {
    verbs: &[Verb { names: "list|ls|info", spec: Some(&INCUS_NAMES) }],
    bare_ok: false,
});

const INCUS_STORAGE: Spec = incus_spec!(operands: Operands::Verbs {
    verbs: &[
        Verb { names: "list|ls|info", spec: Some(&INCUS_NAMES) },
        Verb { names: "volume", spec: Some(&INCUS_STORAGE_VOLUME) },
    ],
    bare_ok: false,
});

const INCUS_NETWORK: Spec = incus_spec!(operands: Operands::Verbs {
    verbs: &[Verb { names: "list|ls|info|list-leases|list-allocations", spec: Some(&INCUS_NAMES) }],
    bare_ok: false,
});

/// incus(1) 6.x and LXD's lxc(1) 5.x: listings of instances, their state
/// and log, images, profiles, storage, networks, snapshots, remotes,
/// projects, warnings, the cluster's members and trusted clients, and one
/// plain configuration key. Not `config show`, `profile show`, `query`
/// or `admin init --dump` (environment and cloud-init keys hold
/// passwords), nor `exec`, `console`, `monitor`, nor any other server's
/// (`images:`, `REMOTE:`).
const INCUS: Spec = incus_spec!(operands: Operands::Verbs {
    verbs: &[
        Verb { names: "list|ls|info", spec: Some(&INCUS_NAMES) },
        Verb { names: "version", spec: Some(&INCUS_NONE) },
        Verb { names: "config", spec: Some(&INCUS_CONFIG) },
        Verb {
            names: "profile|image|snapshot|remote|project|warning|cluster|operation",
            spec: Some(&INCUS_LISTED),
        },
        Verb { names: "storage", spec: Some(&INCUS_STORAGE) },
        Verb { names: "network", spec: Some(&INCUS_NETWORK) },
    ],
    bare_ok: false,
});

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["machinectl"],
        spec: &MACHINECTL,
        read_only: &[
            "machinectl list",
            "machinectl list-images",
            "machinectl status deb12 --no-pager",
            "machinectl show deb12 --property=State",
        ],
        not: &["machinectl -H pve2 list", "machinectl poweroff deb12", "machinectl clean --all"],
    },
    Entry {
        names: &["buildah"],
        spec: &BUILDAH,
        read_only: &["buildah images", "buildah containers --all", "buildah info"],
        not: &["buildah inspect --type image x", "buildah rmi -a", "buildah from alpine"],
    },
    Entry {
        names: &["umoci"],
        spec: &UMOCI,
        read_only: &["umoci ls --layout /srv/oci/alpine", "umoci stat --image /srv/oci/alpine:3.20 --json"],
        not: &["umoci gc --layout /srv/oci/alpine", "umoci unpack --image x bundle"],
    },
    Entry {
        names: &["incus", "lxc"],
        spec: &INCUS,
        read_only: &[
            "incus list",
            "incus list -c ns4tS --format csv",
            "incus info --show-log web01",
            "incus config get web01 limits.memory",
            "incus storage volume list default",
            "incus network list-leases incusbr0",
            "incus snapshot list web01",
            "lxc image list local: --format csv",
            "incus --project lab list",
            "incus config trust list",
        ],
        not: &[
            "incus config show web01 --expanded",
            "incus config get web01 environment.DB_PASSWORD",
            "incus image list images:",
            "incus list lab:",
            "incus exec web01 -- true",
            "incus profile show default",
            "incus delete web01",
            "incus query /1.0/instances",
        ],
    },
    Entry {
        names: &["lxc-top"],
        spec: &LXC_TOP,
        read_only: &["lxc-top -d 2 -s m", "lxc-top -b -d 5"],
        not: &["lxc-top -o /tmp/x.log", "lxc-top --rcfile /tmp/x"],
    },
    Entry {
        names: &["lxc-monitor"],
        spec: &LXC_MONITOR,
        read_only: &["lxc-monitor -n 101", "lxc-monitor -n '.*'"],
        not: &["lxc-monitor -Q", "lxc-monitor -o /tmp/x.log -n 101"],
    },
    Entry {
        names: &["lxc-config"],
        spec: &LXC_CONFIG,
        read_only: &["lxc-config -l", "lxc-config lxc.lxcpath"],
        not: &["lxc-config a b"],
    },
    Entry {
        names: &["lxc-wait"],
        spec: &LXC_WAIT,
        read_only: &["lxc-wait -n 101 -s RUNNING -t 30"],
        not: &["lxc-wait -n 101 -s RUNNING -o /tmp/x.log"],
    },
    Entry {
        names: &["getsubids"],
        spec: &GETSUBIDS,
        read_only: &["getsubids root", "getsubids -g root"],
        not: &["getsubids a b"],
    },
    Entry {
        names: &["apparmor_parser"],
        spec: &APPARMOR_PARSER,
        read_only: &["apparmor_parser -N /etc/apparmor.d/lxc-containers", "apparmor_parser -p /etc/apparmor.d/lxc-containers"],
        not: &["apparmor_parser -r /etc/apparmor.d/lxc-containers", "apparmor_parser /etc/apparmor.d/x", "apparmor_parser -R /etc/apparmor.d/x"],
    },
    Entry {
        names: &["capsh"],
        spec: &CAPSH,
        read_only: &["capsh --print", "capsh --decode=00000000a80425fb"],
        not: &["capsh --print -- -c reboot", "capsh --drop=cap_sys_admin --", "capsh --"],
    },
];
