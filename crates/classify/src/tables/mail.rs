//! Mail servers' own tools (blind corpus 95): Postfix 3.7's lookups and
//! queue file printer, its instance list and status; Rspamd 3.4's client
//! and its configuration test and help; pflogsumm 1.1's log summary.
//! Each keeps its reading forms: no table rebuilt (`postmap` without
//! `-q`/`-s`), no key deleted (`-d`), no other configuration folder
//! (`-c`), no password on the line (`rspamc -P`), no configuration dump
//! (`rspamadm configdump` prints passwords and keys), no remote server.

use super::*;

/// A lookup table Postfix reads from a local file of its own (`hash:`,
/// `regexp:`, … or a plain path), none of which is a secret by its name
/// (`sasl_passwd` is). Not a table read from a server (`ldap:`,
/// `mysql:`, `proxy:`), nor `lmdb:` (its readers write the lock file).
fn postfix_table(value: &str) -> bool {
    let path = match value.split_once(':') {
        Some((kind, path)) => {
            let local = matches!(
                kind,
                "hash" | "btree" | "cdb" | "dbm" | "regexp" | "pcre" | "cidr" | "texthash"
            );
            if !local {
                return false;
            }
            path
        }
        None => value,
    };
    (path.starts_with("/etc/postfix/") || path == "/etc/aliases")
        && plain_path(path)
        && read_file(path)
}

/// postmap(1)/postalias(1): `-q KEY TABLE…` looks one key up, `-s
/// TABLE…` lists a table; without either it rebuilds the table.
/// Postfix's getopt stops at the first operand (`postmap TABLE -s`
/// rebuilds it; review 82).
const POSTMAP: Spec = Spec {
    flags: "bfhmNnvs",
    valued: "q",
    required: &["q", "s"],
    operands: Operands::Names {
        at_most: 4,
        test: postfix_table,
    },
    permute: false,
    ..Spec::POSIX
};

/// A queue ID, or a queue file under Postfix's spool.
fn postfix_queue_file(value: &str) -> bool {
    let id = !value.is_empty() && value.bytes().all(|b| b.is_ascii_alphanumeric());
    let spooled = value.starts_with("/var/spool/postfix/") && plain_path(value);
    id || spooled
}

/// postcat(1): a queued message printed (its envelope, headers, body).
const POSTCAT: Spec = Spec {
    flags: "behoqrv",
    operands: Operands::Names {
        at_most: 8,
        test: postfix_queue_file,
    },
    permute: false,
    ..Spec::POSIX
};

/// postmulti(1) `-l`: the instances listed (not `-x`, `-p`: they run).
const POSTMULTI: Spec = Spec {
    flags: "lav",
    valued: "gi",
    required: &["l"],
    operands: Operands::None,
    permute: false,
    ..Spec::POSIX
};

/// postfix(1) `status` (not `check`: it creates missing folders).
const POSTFIX: Spec = Spec {
    flags: "v",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&NO_OPERANDS),
        }],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// This host's own Rspamd controller (`localhost:11334`).
fn loopback_endpoint(value: &str) -> bool {
    let host = match value.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => value,
    };
    matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

/// rspamc(1): the controller's counters and uptime, read.
const RSPAMC: Spec = Spec {
    flags: "j",
    valued: "h",
    long: &["json", "ucl", "compact", "help"],
    long_valued: &["connect"],
    checked: &[("h", loopback_endpoint), ("connect", loopback_endpoint)],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "stat|uptime|counters|fuzzystat",
            spec: Some(&NO_OPERANDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `rspamadm configtest [-q|-s]` and `confighelp [-k] [-l] [OPTION]`.
const RSPAMADM_CONFIGTEST: Spec = Spec {
    flags: "qs",
    long: &["quiet", "strict", "help"],
    operands: Operands::None,
    ..Spec::GNU
};
const RSPAMADM_CONFIGHELP: Spec = Spec {
    flags: "jklc",
    long: &["json", "keyword", "long", "compact", "help"],
    operands: Operands::AtMost(4),
    ..Spec::GNU
};
const RSPAMADM: Spec = Spec {
    long: &["version", "help"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "configtest",
                spec: Some(&RSPAMADM_CONFIGTEST),
            },
            Verb {
                names: "confighelp",
                spec: Some(&RSPAMADM_CONFIGHELP),
            },
        ],
        bare_ok: false,
    },
    ..Spec::ORDERED
};

/// pflogsumm(1) 1.1.5: a summary of Postfix's log files (or its input).
const PFLOGSUMM: Spec = Spec {
    flags: "eiqm",
    valued: "dhu",
    long: &[
        "problems-first",
        "rej-add-from",
        "no-no-msg-size",
        "smtpd-stats",
        "verbose-msg-detail",
        "iso-date-time",
        "zero-fill",
        "mailq",
        "no-bounce-detail",
        "no-deferral-detail",
        "no-reject-detail",
        "no-smtpd-warnings",
        "help",
        "version",
    ],
    long_valued: &[
        "detail",
        "bounce-detail",
        "deferral-detail",
        "reject-detail",
        "smtp-detail",
        "smtpd-warning-detail",
        "syslog-name",
    ],
    // (Perl's two-argument open reads each file: `'cmd|'` runs a command,
    // `'>FILE'` empties one; review 82.)
    operands: Operands::Names {
        at_most: 16,
        test: plain_log_file,
    },
    ..Spec::GNU
};

/// A log file Perl's two-argument open reads as a file: a plain path, or
/// `-` (the input).
fn plain_log_file(value: &str) -> bool {
    value == "-"
        || (!value.starts_with('-')
            && !value.is_empty()
            && value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-')))
}

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["postmap", "postalias"],
        spec: &POSTMAP,
        read_only: &[
            "postmap -q example.com hash:/etc/postfix/transport",
            "postmap -q 'user@spam.example' regexp:/etc/postfix/sender_access.regexp",
            "postmap -s hash:/etc/postfix/virtual",
            "postalias -q postmaster hash:/etc/aliases",
        ],
        not: &[
            "postmap hash:/etc/postfix/virtual",
            "postmap -d alice@example.com hash:/etc/postfix/virtual",
            "postmap -s hash:/etc/postfix/sasl_passwd",
            "postmap -q x ldap:/etc/postfix/ldap-users.cf",
            "postmap -q x hash:/tmp/x",
            "postmap -c /tmp -q x hash:/etc/postfix/virtual",
            "postmap -i hash:/etc/postfix/virtual",
            "postmap hash:/etc/postfix/virtual -s",
            "postalias hash:/etc/aliases -q root",
        ],
    },
    Entry {
        names: &["postcat"],
        spec: &POSTCAT,
        read_only: &["postcat -q 4F2A31C0D2", "postcat -hq 4F2A31C0D2", "postcat -e /var/spool/postfix/deferred/4/4F2A31C0D2"],
        not: &["postcat /etc/shadow", "postcat -c /tmp -q 4F2A31C0D2"],
    },
    Entry {
        names: &["postmulti"],
        spec: &POSTMULTI,
        read_only: &["postmulti -l", "postmulti -l -a"],
        not: &["postmulti -x postconf", "postmulti -p start", "postmulti -i postfix-out -e disable"],
    },
    Entry {
        names: &["postfix"],
        spec: &POSTFIX,
        read_only: &["postfix status"],
        not: &["postfix check", "postfix stop", "postfix flush", "postfix reload"],
    },
    Entry {
        names: &["rspamc"],
        spec: &RSPAMC,
        read_only: &["rspamc stat", "rspamc uptime", "rspamc -h localhost:11334 counters"],
        not: &["rspamc stat_reset", "rspamc -h evil.example:11334 stat", "rspamc learn_spam x.eml", "rspamc -P secret stat"],
    },
    Entry {
        names: &["rspamadm"],
        spec: &RSPAMADM,
        read_only: &["rspamadm configtest", "rspamadm confighelp dkim_signing"],
        not: &["rspamadm configdump", "rspamadm configtest -c /tmp/x.conf", "rspamadm dkim_keygen -d example.com", "rspamadm configwizard"],
    },
    Entry {
        names: &["pflogsumm"],
        spec: &PFLOGSUMM,
        read_only: &[
            "pflogsumm -d today /var/log/mail.log",
            "pflogsumm -d yesterday --problems-first --rej-add-from /var/log/mail.log",
            "pflogsumm --detail 5 -h 10 -u 10",
        ],
        not: &["pflogsumm --bogus /var/log/mail.log", "pflogsumm 'id|'", "pflogsumm '|id'", "pflogsumm '>/etc/postfix/main.cf'", "pflogsumm ' /var/log/mail.log'"],
    },
];
