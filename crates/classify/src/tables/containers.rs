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

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
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
