//! GNU coreutils and the text tools that only read (Debian 12 bookworm:
//! coreutils 9.1; from each `--help` and man page).

use super::*;

/// ls(1), coreutils 9.1: every option only changes the listing.
const LS: Spec = Spec {
    flags: "1ABCDFGHLNQRSUXZabcdfghiklmnopqrstuvx",
    valued: "ITw",
    long: &[
        "all",
        "almost-all",
        "author",
        "context",
        "dereference",
        "dereference-command-line",
        "dereference-command-line-symlink-to-dir",
        "directory",
        "dired",
        "escape",
        "file-type",
        "full-time",
        "group-directories-first",
        "help",
        "hide-control-chars",
        "human-readable",
        "ignore-backups",
        "inode",
        "kibibytes",
        "literal",
        "no-group",
        "numeric-uid-gid",
        "quote-name",
        "recursive",
        "reverse",
        "show-control-chars",
        "si",
        "size",
        "version",
        "zero",
    ],
    long_valued: &[
        "block-size",
        "format",
        "hide",
        "ignore",
        "indicator-style",
        "quoting-style",
        "sort",
        "tabsize",
        "time",
        "time-style",
        "width",
    ],
    long_optional: &["classify", "color", "hyperlink"],
    ..Spec::GNU
};

/// cat(1), coreutils 9.1.
const CAT: Spec = Spec {
    flags: "AETbenstuv",
    long: &[
        "help",
        "number",
        "number-nonblank",
        "show-all",
        "show-ends",
        "show-nonprinting",
        "show-tabs",
        "squeeze-blank",
        "version",
    ],
    ..Spec::GNU
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["ls", "dir", "vdir"],
        spec: &LS,
        read_only: &["ls -la /etc", "ls -lh --sort=size /var/log", "ls --color=auto -w 80 /", "ls -- -o"],
        not: &["ls -l --output=/tmp/x", "ls $opts /etc"],
    },
    Entry {
        names: &["cat"],
        spec: &CAT,
        read_only: &["cat -n /etc/hosts", "cat /etc/os-release"],
        not: &["cat -z /etc/hosts", "cat /etc/shadow"],
    },
];
