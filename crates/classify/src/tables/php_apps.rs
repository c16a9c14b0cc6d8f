//! PHP applications' own command lines, as `php SITE/occ` or `php
//! SITE/artisan` runs them (rules/programs/php_apps.rs finds them):
//! Nextcloud's `occ` (Nextcloud 27–30, "Using the occ command") and
//! Laravel's `artisan` (Laravel 10–11). Both are Symfony Console
//! applications: options anywhere on the line, a valued option's value
//! attached (`--output=json`) or the next word, `-vvv` a cluster. Each
//! keeps only its listings and status reports, with the options that pick
//! what to show and how; everything else the application's code does is
//! judged as PHP run (the interpreter's verdict).
//!
//! Left out on purpose: `occ config:list --private` and
//! `files_external:list --show-password` (they print the passwords the
//! plain forms omit), `config:system:get`/`config:app:get` of a setting
//! named like a credential or holding a connection's (`dbpassword`,
//! `secret`, `passwordsalt`, `objectstore`, `redis`, `mail_smtppassword`),
//! `user:setting` (Nextcloud keeps remember-me tokens as settings' names),
//! `integrity:check-core` (it stores its result in the app config),
//! `update:check` and `app:update --showonly` (they ask Nextcloud's
//! servers); artisan's `config:show` (the configuration's passwords),
//! `migrate --pretend` (it still creates the migrations table where there
//! is none), `queue:monitor` and `db:monitor` (they dispatch events the
//! application may act on).

use super::*;

/// Symfony Console's own options, valid before and after the command.
const SYMFONY_LONG: &[&str] = &[
    "help",
    "quiet",
    "version",
    "ansi",
    "no-ansi",
    "no-interaction",
    "verbose",
    "no-warnings",
];

/// A command with Symfony's options and `--output` only.
const OCC_REPORT: Spec = Spec {
    flags: "hqVnv",
    long: SYMFONY_LONG,
    long_valued: &["output"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A report about one user, group, app or address: its name.
const OCC_ABOUT: Spec = Spec {
    operands: Operands::Names {
        at_most: 2,
        test: plain_name,
    },
    ..OCC_REPORT
};

/// `user:list`, `group:list`, `background-job:list`: pages of a list.
const OCC_LIST: Spec = Spec {
    flags: "hqVnvie",
    valued: "loc",
    long: &[
        "help",
        "quiet",
        "version",
        "ansi",
        "no-ansi",
        "no-interaction",
        "verbose",
        "no-warnings",
        "info",
        "disabled",
        "all",
        "count-dirs",
        "exit-code",
        "enabled",
    ],
    long_valued: &["output", "limit", "offset", "class", "shipped"],
    ..OCC_REPORT
};

/// `config:list [APP]`: without `--private`, passwords and secrets are
/// left out of it.
const OCC_CONFIG_LIST: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: plain_name,
    },
    ..OCC_REPORT
};

/// `config:system:get NAME [KEY…]`, `config:app:get APP NAME`: one
/// setting that is no credential.
const OCC_SETTING: Spec = Spec {
    operands: Operands::Names {
        at_most: 4,
        test: no_credential_setting,
    },
    ..OCC_REPORT
};

/// `files_external:list [USER]`: without `--show-password`, the mounts'
/// passwords, keys and tokens are hidden.
const OCC_MOUNTS: Spec = Spec {
    flags: "hqVnva",
    long: &[
        "help",
        "quiet",
        "version",
        "ansi",
        "no-ansi",
        "no-interaction",
        "verbose",
        "no-warnings",
        "all",
        "full",
        "mount-options",
    ],
    operands: Operands::Names {
        at_most: 1,
        test: plain_name,
    },
    ..OCC_REPORT
};

/// `db:add-missing-indices --dry-run` (and columns, primary keys): the
/// SQL it would run, printed instead.
const OCC_DRY_RUN: Spec = Spec {
    long: &[
        "help",
        "quiet",
        "version",
        "ansi",
        "no-ansi",
        "no-interaction",
        "verbose",
        "no-warnings",
        "dry-run",
    ],
    required: &["dry-run"],
    ..OCC_REPORT
};

/// Commands that only print without an operand or option of their own
/// (`maintenance:mode` shows the mode; `--on` sets it; `trashbin:size`
/// shows the limit, a size sets it; `log:manage` shows the logging).
const OCC_SHOW: Spec = Spec {
    flags: "hqVnv",
    long: SYMFONY_LONG,
    long_valued: &[],
    ..OCC_REPORT
};

/// `occ` (Nextcloud 27–30).
const OCC: Spec = Spec {
    flags: "hqVnv",
    long: SYMFONY_LONG,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|check|app:list|encryption:status|security:certificates\
                        |encryption:show-key-storage-root",
                spec: Some(&OCC_LIST),
            },
            Verb {
                names: "user:list|group:list|background-job:list|user:report",
                spec: Some(&OCC_LIST),
            },
            Verb {
                names: "user:info|user:lastseen|group:info|dav:list-calendars\
                        |dav:list-addressbooks|twofactorauth:state|app:getpath\
                        |security:bruteforce:attempts",
                spec: Some(&OCC_ABOUT),
            },
            Verb {
                names: "config:list",
                spec: Some(&OCC_CONFIG_LIST),
            },
            Verb {
                names: "config:system:get|config:app:get",
                spec: Some(&OCC_SETTING),
            },
            Verb {
                names: "files_external:list",
                spec: Some(&OCC_MOUNTS),
            },
            Verb {
                names: "db:add-missing-indices|db:add-missing-columns\
                        |db:add-missing-primary-keys",
                spec: Some(&OCC_DRY_RUN),
            },
            Verb {
                names: "maintenance:mode|trashbin:size|log:manage|list",
                spec: Some(&OCC_SHOW),
            },
        ],
        bare_ok: true,
    },
    permute: false,
    ..Spec::GNU
};

/// A user's, group's, app's or address's name: a plain word.
fn plain_name(word: &str) -> bool {
    !word.is_empty()
        && !word.starts_with('-')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._@:-".contains(c))
}

/// A setting's name that names no credential, nor a connection's whole
/// settings (`objectstore`, `redis`, `ldap…`: their arrays hold the
/// password). Nextcloud's own: `dbpassword`, `passwordsalt`, `secret`,
/// `mail_smtppassword`, `proxyuserpwd`; apps' under any name with `pass`,
/// `secret`, `key`, `token`.
fn no_credential_setting(word: &str) -> bool {
    const HOLDS: &[&str] = &[
        "pass",
        "pwd",
        "secret",
        "salt",
        "key",
        "token",
        "auth",
        "cred",
        "private",
        "cookie",
        "objectstore",
        "redis",
        "memcache",
        "ldap",
        "smtp",
        "s3",
        "dsn",
        "proxy",
        "oauth",
        "oidc",
        "saml",
        "cert",
        "bearer",
        "session",
        "otp",
        "hash",
        "sign",
    ];
    let lower = word.to_ascii_lowercase();
    plain_name(word) && !HOLDS.iter().any(|h| lower.contains(h))
}

/// Laravel 10–11's `artisan` listings.
const ARTISAN_REPORT: Spec = Spec {
    flags: "hqVnv",
    long: &[
        "help",
        "quiet",
        "version",
        "ansi",
        "no-ansi",
        "no-interaction",
        "verbose",
        "no-warnings",
        "json",
        "counts",
        "views",
        "types",
        "next",
        "realpath",
        "pending",
        "reverse",
        "except-vendor",
        "only-vendor",
    ],
    long_valued: &[
        "env",
        "only",
        "database",
        "path",
        "timezone",
        "event",
        "method",
        "action",
        "name",
        "domain",
        "except-path",
        "sort",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// `db:table TABLE`, `model:show MODEL`: one table's or model's columns.
const ARTISAN_ABOUT: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: class_or_table,
    },
    ..ARTISAN_REPORT
};

/// `model:prune --pretend`: the count of records it would prune.
const ARTISAN_PRUNE_PRETEND: Spec = Spec {
    long: &[
        "help",
        "quiet",
        "no-ansi",
        "no-interaction",
        "verbose",
        "pretend",
    ],
    long_valued: &["env", "model", "except", "path", "chunk"],
    required: &["pretend"],
    ..ARTISAN_REPORT
};

const ARTISAN: Spec = Spec {
    flags: "hqVnv",
    long: SYMFONY_LONG,
    long_valued: &["env"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "about|list|env|route:list|schedule:list|migrate:status|queue:failed\
                        |event:list|db:show|channel:list",
                spec: Some(&ARTISAN_REPORT),
            },
            Verb {
                names: "db:table|model:show",
                spec: Some(&ARTISAN_ABOUT),
            },
            Verb {
                names: "model:prune",
                spec: Some(&ARTISAN_PRUNE_PRETEND),
            },
        ],
        bare_ok: true,
    },
    permute: false,
    ..Spec::GNU
};

/// A table's name or a model's class (`App\Models\User`).
fn class_or_table(word: &str) -> bool {
    !word.is_empty()
        && !word.starts_with('-')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_\\.".contains(c))
}

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["occ"],
        spec: &OCC,
        read_only: &[
            "occ status --output=json",
            "occ",
            "occ -V",
            "occ user:list --limit 200",
            "occ user:list -l 50 --output json",
            "occ app:list --shipped=false",
            "occ user:info alice",
            "occ user:lastseen bob",
            "occ group:list --output=json_pretty",
            "occ background-job:list --limit 30",
            "occ config:system:get trusted_domains",
            "occ config:system:get overwrite.cli.url",
            "occ config:app:get core backgroundjobs_mode",
            "occ config:list system",
            "occ config:list",
            "occ files_external:list",
            "occ files_external:list --all --output=json",
            "occ encryption:status",
            "occ maintenance:mode",
            "occ trashbin:size",
            "occ security:bruteforce:attempts 192.168.1.77",
            "occ db:add-missing-indices --dry-run",
            "occ -vvv status",
        ],
        not: &[
            "occ config:list system --private",
            "occ config:list --private system",
            "occ config:system:get dbpassword",
            "occ config:system:get objectstore arguments",
            "occ config:system:get redis",
            "occ config:system:get passwordsalt",
            "occ config:system:get secret",
            "occ config:app:get user_ldap ldap_agent_password",
            "occ files_external:list --show-password",
            "occ maintenance:mode --on",
            "occ trashbin:size 10GB",
            "occ log:manage --level 0",
            "occ user:setting alice",
            "occ integrity:check-core",
            "occ update:check",
            "occ db:add-missing-indices",
            "occ files:scan --all",
            "occ user:delete bob",
            "occ stat",
        ],
    },
    Entry {
        names: &["artisan"],
        spec: &ARTISAN,
        read_only: &[
            "artisan about",
            "artisan about --only=environment",
            "artisan --version",
            "artisan migrate:status",
            "artisan route:list --path=api --method=GET",
            "artisan route:list --except-vendor",
            "artisan schedule:list",
            "artisan queue:failed",
            "artisan db:show --counts",
            "artisan db:table users",
            "artisan model:show App\\Models\\User",
            "artisan event:list",
            "artisan env",
            "artisan model:prune --pretend",
        ],
        not: &[
            "artisan config:show database",
            "artisan migrate --pretend",
            "artisan migrate",
            "artisan down --retry=60",
            "artisan model:prune",
            "artisan model:prune --model=App\\Models\\AuditLog",
            "artisan queue:monitor default",
            "artisan db:wipe --force",
            "artisan tinker",
            "artisan optimize:clear",
        ],
    },
];
