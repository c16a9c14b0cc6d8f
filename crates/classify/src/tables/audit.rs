//! What a security audit reads (Debian 12 bookworm): the kernel audit
//! system's status, rules and logs (auditd 3.0.9's `auditctl`, `ausearch`,
//! `aureport`), file capabilities (libcap2-bin 2.66's `getcap`), PAM's
//! failed-login records (pam 1.5.2's `faillock`), and Alpine's OpenRC
//! service listing (`rc-status`, OpenRC 0.52) and package database
//! (apk-tools 2.14's `apk`). Each keeps only its listing forms: no rule
//! change (`auditctl -a`, `-w`, `-D`, `-e`, `-b`, `-f`, `-r`), no message
//! into the audit log (`auditctl -m`), no checkpoint file (`ausearch
//! --checkpoint`), no input file of the caller's choosing (`-if`: any
//! file), no keystroke report (`aureport --tty`: what users typed, a
//! password at a prompt among it), no reset (`faillock --reset`), no apk
//! index refresh or other repository (`-U`, `-X`, `--repository`).

use super::*;

/// getcap(8): the capabilities set on files (`-r` walks folders; only
/// extended attributes are read).
const GETCAP: Spec = Spec {
    flags: "hnrv",
    ..Spec::POSIX
};

/// auditctl(8): the kernel's audit status (`-s`) and its rules (`-l`).
const AUDITCTL: Spec = Spec {
    flags: "hlsv",
    operands: Operands::None,
    ..Spec::POSIX
};

/// ausearch(8): searches the audit logs. Its options are short letters
/// and two-letter words with one dash (`-ts today`, `-ua 0`) or long ones.
const AUSEARCH: Spec = Spec {
    flags: "hilrvw",
    valued: "acefkmnopx",
    long: &[
        "help",
        "interpret",
        "line-buffered",
        "raw",
        "version",
        "word",
        "just-one",
        "input-logs",
        "extra-keys",
        "extra-labels",
        "extra-obj2",
        "extra-time",
    ],
    long_valued: &[
        "event",
        "arch",
        "comm",
        "exit",
        "file",
        "format",
        "ga",
        "ge",
        "gi",
        "gid-all",
        "gid-effective",
        "gid",
        "hn",
        "host",
        "key",
        "message",
        "node",
        "object",
        "pid",
        "pp",
        "ppid",
        "sc",
        "syscall",
        "se",
        "context",
        "session",
        "sv",
        "success",
        "te",
        "end",
        "ts",
        "start",
        "tm",
        "terminal",
        "ua",
        "uid-all",
        "ue",
        "uid-effective",
        "ui",
        "uid",
        "ul",
        "loginuid",
        "uu",
        "uuid",
        "vm",
        "vm-name",
        "executable",
        "escape",
        "eoe-timeout",
    ],
    single_dash_long: true,
    // (`-ts 12/01/2026 08:00:00`: a time after the date.)
    operands: Operands::Read,
    ..Spec::POSIX
};

/// aureport(8): summary reports of the audit logs.
const AUREPORT: Spec = Spec {
    flags: "acefhiklmnprstuvx",
    long: &[
        "au",
        "auth",
        "avc",
        "comm",
        "config",
        "cr",
        "crypto",
        "event",
        "file",
        "failed",
        "host",
        "help",
        "interpret",
        "input-logs",
        "key",
        "login",
        "mods",
        "ma",
        "mac",
        "anomaly",
        "node",
        "nc",
        "no-config",
        "pid",
        "response",
        "syscall",
        "success",
        "summary",
        "log",
        "tm",
        "terminal",
        "user",
        "version",
        "vm",
        "virt",
        "executable",
        "integrity",
    ],
    long_valued: &["te", "end", "ts", "start", "escape"],
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::POSIX
};

/// faillock(8): the failed-login records of one user or all.
const FAILLOCK: Spec = Spec {
    long: &["help"],
    // (Not `--dir`: any folder, whose files named like a user it prints.)
    long_valued: &["user"],
    operands: Operands::None,
    ..Spec::GNU
};

/// rc-status(8): OpenRC's services by runlevel.
const RC_STATUS: Spec = Spec {
    flags: "aclmrsSuCqvhV",
    long: &[
        "all",
        "crashed",
        "list",
        "manual",
        "runlevel",
        "servicelist",
        "supervised",
        "unused",
        "nocolor",
        "quiet",
        "verbose",
        "help",
        "version",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// `apk info`: installed packages and their files, sizes, dependencies.
const APK_INFO: Spec = Spec {
    flags: "adeLPrRswWqv",
    long: &[
        "all",
        "description",
        "installed",
        "contents",
        "provides",
        "rdepends",
        "depends",
        "size",
        "webpage",
        "who-owns",
        "license",
        "install-if",
        "rinstall-if",
        "replaces",
        "triggers",
        "quiet",
        "verbose",
        "no-network",
    ],
    ..Spec::GNU
};

/// `apk version`: installed against indexed versions (from the cached
/// indexes: no refresh without `-U`).
const APK_VERSION: Spec = Spec {
    flags: "acIqv",
    valued: "lt",
    long: &["all", "check", "indexes", "quiet", "verbose", "no-network"],
    long_valued: &["limit", "test"],
    ..Spec::GNU
};

/// `apk search|list|policy|stats|dot`-free listings of the indexes.
const APK_LIST: Spec = Spec {
    flags: "adeoIOPuqrv",
    long: &[
        "all",
        "description",
        "exact",
        "origin",
        "installed",
        "orphaned",
        "available",
        "upgradable",
        "upgradeable",
        "depends",
        "providers",
        "rdepends",
        "quiet",
        "verbose",
        "no-network",
    ],
    ..Spec::GNU
};

/// apk(8), apk-tools 2.14: `info`, `version`, `search`, `list`, `policy`,
/// `stats`; global `-v`/`-q` and `--no-network` only.
const APK: Spec = Spec {
    flags: "qvhV",
    long: &[
        "quiet",
        "verbose",
        "no-network",
        "no-progress",
        "help",
        "version",
    ],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info",
                spec: Some(&APK_INFO),
            },
            Verb {
                names: "version",
                spec: Some(&APK_VERSION),
            },
            Verb {
                names: "search|list|policy|stats",
                spec: Some(&APK_LIST),
            },
            Verb {
                names: "audit",
                spec: Some(&APK_AUDIT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `apk audit`: the installed files that differ from their packages'
/// (names only; blind corpus 52).
const APK_AUDIT: Spec = Spec {
    flags: "r",
    long: &[
        "system",
        "backup",
        "check-permissions",
        "packages",
        "recursive",
    ],
    ..Spec::GNU
};

/// utmpdump(1), util-linux 2.38: a login record file as text (not `-o`,
/// which writes a file, nor `-r`, which writes binary records).
const UTMPDUMP: Spec = Spec {
    flags: "f",
    long: &["follow", "help", "version"],
    operands: Operands::Names {
        at_most: 1,
        test: login_record_file,
    },
    ..Spec::GNU
};

/// A record of logins, not a device nor any other file (its lines are
/// dumped as text): `/var/log/wtmp`, `/var/log/btmp`, their rotations,
/// `/var/run/utmp`, `/run/utmp` (review 56).
fn login_record_file(path: &str) -> bool {
    let rotated = |base: &str| {
        path.strip_prefix(base).is_some_and(|rest| {
            rest.is_empty()
                || (rest.starts_with('.') && rest[1..].bytes().all(|b| b.is_ascii_digit()))
        })
    };
    rotated("/var/log/wtmp")
        || rotated("/var/log/btmp")
        || matches!(path, "/var/run/utmp" | "/run/utmp")
}

/// chkrootkit(8), 0.58: its checks, quiet; not `-p DIRS` (the folders
/// of the programs it runs), `-e` (pasted into find(1)'s arguments),
/// `-x` (command strings through `eval`), `-r DIR` (runs that root's own
/// programs as the host's root; review 89).
const CHKROOTKIT: Spec = Spec {
    flags: "hVldqn",
    operands: Operands::Names {
        at_most: 64,
        test: |w| {
            w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"_-".contains(&b))
        },
    },
    ..Spec::POSIX
};

/// clamscan(1) and clamdscan(1), ClamAV 1.0: a scan that reports names
/// and findings; not `--remove`, `--move`, `--copy` (what it finds),
/// `-l`/`--log` (a file written), `--tempdir`, `--leave-temps`,
/// `-d`/`--database` (signatures of the caller's choosing: a match of
/// one is an answer about a file's contents), `--config-file`,
/// `--reload`, `-f`/`--file-list` (a line that names no file is echoed
/// in its error; review 89).
const CLAMSCAN: Spec = Spec {
    flags: "riozvVhm",
    long: &[
        "recursive",
        "infected",
        "suppress-ok-results",
        "no-summary",
        "bell",
        "quiet",
        "stdout",
        "allmatch",
        "detect-pua",
        "cross-fs",
        "official-db-only",
        "heuristic-alerts",
        "verbose",
        "version",
        "help",
        "fdpass",
        "multiscan",
        "stream",
        "ping",
        "wait",
    ],
    long_valued: &[
        "max-filesize",
        "max-scansize",
        "max-files",
        "max-recursion",
        "max-dir-recursion",
        "exclude",
        "exclude-dir",
        "include",
        "include-dir",
        "follow-dir-symlinks",
        "follow-file-symlinks",
    ],
    ..Spec::GNU
};

/// sigtool(1), ClamAV 1.0: a database's header and its signatures'
/// names; not `--unpack`, `--build`, `--decode-sigs` from input.
const SIGTOOL: Spec = Spec {
    flags: "ilfV",
    long: &["version", "help"],
    long_valued: &["info", "list-sigs", "find-sigs"],
    long_optional: &[],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// aulast(8), audit 3.0: logins from the audit log; not `--extract`
/// (writes `aulast.log`), `--stdin` or `-f` (another log).
const AULAST: Spec = Spec {
    long: &["bad", "proof", "debug"],
    long_valued: &["user", "tty"],
    operands: Operands::None,
    ..Spec::GNU
};

/// augenrules(8), audit 3.0: `--check` (whether the rules need
/// rebuilding); `--load` loads them.
const AUGENRULES: Spec = Spec {
    long: &["check"],
    required: &["check"],
    operands: Operands::None,
    ..Spec::GNU
};

/// aa-unconfined(8), AppArmor 3.0: processes with network sockets and no
/// profile.
const AA_UNCONFINED: Spec = Spec {
    long: &["paranoid", "with-ss", "with-netstat", "help"],
    long_valued: &["show"],
    operands: Operands::None,
    ..Spec::GNU
};

/// authselect(8), 1.4: the profile in use, its check, the profiles and
/// their features, what a profile would write (`test`, printed); not
/// `select`, `apply-changes`, `enable-feature`, `backup-*`.
const AUTHSELECT: Spec = Spec {
    flags: "rh",
    long: &["raw", "help", "version"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "current|check|list|show|list-features|requirements|test",
            spec: Some(&AUTHSELECT_PROFILE),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const AUTHSELECT_PROFILE: Spec = Spec {
    flags: "rh",
    long: &["raw", "help"],
    operands: Operands::AtMost(8),
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["chkrootkit"],
        spec: &CHKROOTKIT,
        read_only: &["chkrootkit -q", "chkrootkit -l", "chkrootkit sniffer"],
        not: &[
            "chkrootkit -p /tmp/bin",
            "chkrootkit -q /etc/shadow",
            "chkrootkit -q -r /mnt/vm105-root",
            "chkrootkit -x",
            "chkrootkit -e '/x -o -delete'",
        ],
    },
    Entry {
        names: &["clamscan", "clamdscan"],
        spec: &CLAMSCAN,
        read_only: &[
            "clamscan -r -i --no-summary /srv/share/incoming",
            "clamscan -r --infected --exclude-dir='^/sys' --max-filesize=100M /home",
            "clamdscan --fdpass -m -i /var/www",
        ],
        not: &[
            "clamscan -r --remove /srv",
            "clamscan -r -l /tmp/log /srv",
            "clamscan -d /tmp/x.ldb /etc/shadow",
            "clamscan --move=/tmp/q /srv",
            "clamdscan --reload",
            "clamscan -f /etc/shadow",
            "clamscan --file-list=/etc/shadow",
        ],
    },
    Entry {
        names: &["sigtool"],
        spec: &SIGTOOL,
        read_only: &[
            "sigtool --info /var/lib/clamav/daily.cld",
            "sigtool --list-sigs=/var/lib/clamav/main.cvd",
        ],
        not: &[
            "sigtool --unpack /var/lib/clamav/daily.cld",
            "sigtool --build x.cvd",
        ],
    },
    Entry {
        names: &["aulast"],
        spec: &AULAST,
        read_only: &["aulast --bad", "aulast --user alice --proof"],
        not: &["aulast --extract", "aulast -f /tmp/x"],
    },
    Entry {
        names: &["augenrules"],
        spec: &AUGENRULES,
        read_only: &["augenrules --check"],
        not: &["augenrules --load", "augenrules"],
    },
    Entry {
        names: &["aa-unconfined"],
        spec: &AA_UNCONFINED,
        read_only: &["aa-unconfined --paranoid", "aa-unconfined --show=network"],
        not: &["aa-unconfined --bogus"],
    },
    Entry {
        names: &["authselect"],
        spec: &AUTHSELECT,
        read_only: &[
            "authselect current",
            "authselect check",
            "authselect list",
            "authselect test sssd with-mkhomedir",
        ],
        not: &[
            "authselect select sssd --force",
            "authselect apply-changes",
            "authselect enable-feature with-faillock",
        ],
    },
    Entry {
        names: &["utmpdump"],
        spec: &UTMPDUMP,
        read_only: &["utmpdump /var/log/wtmp", "utmpdump /var/run/utmp"],
        not: &["utmpdump -o /tmp/x /var/log/wtmp", "utmpdump -r /tmp/x.txt"],
    },
    Entry {
        names: &["getcap"],
        spec: &GETCAP,
        read_only: &[
            "getcap -r /usr /bin /sbin",
            "getcap /usr/bin/ping",
            "getcap -v -r /opt",
        ],
        not: &["getcap -r / -o /tmp/x"],
    },
    Entry {
        names: &["auditctl"],
        spec: &AUDITCTL,
        read_only: &["auditctl -s", "auditctl -l", "auditctl -v"],
        not: &[
            "auditctl -D",
            "auditctl -e 0",
            "auditctl -w /etc/passwd -p wa -k identity",
            "auditctl -m hello",
            "auditctl -a always,exit -S execve",
        ],
    },
    Entry {
        names: &["ausearch"],
        spec: &AUSEARCH,
        read_only: &[
            "ausearch -k identity -i --start today",
            "ausearch -m USER_LOGIN -sv no -ts recent",
            "ausearch -m USER_AUTH -ts 12/01/2026 08:00:00 -te now -ua 0 --format text",
            "ausearch --just-one -k sudo -x /usr/bin/sudo",
        ],
        not: &[
            "ausearch --checkpoint /tmp/ck -k identity",
            "ausearch -if /etc/shadow",
            "ausearch --input /root/audit.log",
            "ausearch -m TTY -i",
            "ausearch -m USER_TTY,USER_LOGIN",
            "ausearch -ts today -i",
        ],
    },
    Entry {
        names: &["aureport"],
        spec: &AUREPORT,
        read_only: &[
            "aureport -au --failed --summary -i",
            "aureport -x --summary",
            "aureport -ts today -te now -l --failed",
        ],
        not: &[
            "aureport --tty",
            "aureport -if /etc/shadow",
            "aureport --input /tmp/x",
        ],
    },
    Entry {
        names: &["faillock"],
        spec: &FAILLOCK,
        read_only: &["faillock", "faillock --user root"],
        not: &[
            "faillock --user root --reset",
            "faillock --reset",
            "faillock --dir /etc/pve/priv --user root",
        ],
    },
    Entry {
        names: &["rc-status"],
        spec: &RC_STATUS,
        read_only: &[
            "rc-status -a",
            "rc-status default",
            "rc-status --crashed",
            "rc-status -s",
        ],
        not: &["rc-status -a x y"],
    },
    Entry {
        names: &["apk"],
        spec: &APK,
        read_only: &[
            "apk info -vv",
            "apk info -L openssh-server",
            "apk version -l '<'",
            "apk list --upgradable",
            "apk policy docker",
            "apk search -v nginx",
            "apk stats",
        ],
        not: &[
            "apk update",
            "apk add nginx",
            "apk del nginx",
            "apk -U version",
            "apk upgrade",
            "apk --repository http://x/ search y",
            "apk fix",
        ],
    },
];
