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
//! Left out on purpose (review 109 read them in Nextcloud's and
//! Laravel's source): `config:list` (it masks only the settings Nextcloud
//! knows; an app's `elastic_host` URL with its password, an OIDC client's
//! secret, print), `files_external:list` (without `--show-password` it
//! still prints an S3 mount's `secret`), `background-job:list` (jobs'
//! arguments, federation's shared-secret token among them), `user:info`
//! (it creates the home folder of a user who never logged in),
//! `config:system:get` of any setting but config.sample.php's plain ones
//! (`dbreplica`, `onlyoffice`, `log.condition` hold secrets under plain
//! names), `config:app:get` of an app's own settings, `user:setting`
//! (remember-me tokens are settings' names), `integrity:check-core` (it
//! stores its result), `update:check` and `app:update --showonly` (they
//! ask Nextcloud's servers); artisan's `config:show` and `db:show` (the
//! configuration's passwords, the connection's URL), `migrate --pretend`
//! (it still creates the migrations table where there is none),
//! `queue:monitor` and `db:monitor` (they dispatch events the application
//! may act on).

use super::*;

/// Symfony Console's own options, valid before and after the command,
/// and a command's own (`symfony_long!("dry-run")`).
macro_rules! symfony_long {
    ($($own:literal),*) => {
        &[
            "help",
            "quiet",
            "version",
            "ansi",
            "no-ansi",
            "no-interaction",
            "verbose",
            "no-warnings",
            $($own),*
        ]
    };
}

const SYMFONY_LONG: &[&str] = symfony_long!();

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

/// `user:list`, `group:list`: pages of a list.
const OCC_LIST: Spec = Spec {
    flags: "hqVnvie",
    valued: "loc",
    long: symfony_long!(
        "info",
        "disabled",
        "all",
        "count-dirs",
        "exit-code",
        "enabled"
    ),
    long_valued: &["output", "limit", "offset", "class", "shipped"],
    ..OCC_REPORT
};

/// `config:system:get NAME`: one of Nextcloud's own settings that holds
/// no credential. Not by a word list: the command masks nothing, and
/// settings under plain names hold passwords and secrets (`dbreplica`,
/// `onlyoffice`'s `jwt_secret`, `log.condition`'s `shared_secret`;
/// review 109).
const OCC_SYSTEM_SETTING: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            // config.sample.php's settings that hold no credential.
            names: "trusted_domains|overwrite.cli.url|overwritehost|overwriteprotocol\
                        |overwritewebroot|version|installed|maintenance\
                        |maintenance_window_start|datadirectory|dbtype|dbname|dbhost|dbport\
                        |dbtableprefix|loglevel|logfile|log_type|logtimezone\
                        |default_phone_region|default_language|default_locale|memcache.local\
                        |memcache.distributed|memcache.locking|filelocking.enabled\
                        |trusted_proxies|forwarded_for_headers|htaccess.RewriteBase\
                        |updater.release.channel|appstoreenabled|mail_domain|mail_from_address\
                        |mail_smtpmode|mail_smtphost|mail_smtpport|theme|enable_previews\
                        |preview_max_x|preview_max_y|enabledPreviewProviders\
                        |check_data_directory_permissions|upgrade.disable-web\
                        |config_is_read_only|skeletondirectory",
            spec: Some(&OCC_SETTING_INDEX),
        }],
        bare_ok: false,
    },
    ..OCC_REPORT
};

/// An array setting's entry by its index (`trusted_domains 1`).
const OCC_SETTING_INDEX: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()),
    },
    ..OCC_REPORT
};

/// `config:app:get APP NAME`: an app's state every app has, none of its
/// own settings (apps keep credentials under any name: Talk's
/// `turn_servers`, Social Login's `oauth_providers`; reviews 109, 110).
const OCC_APP_SETTING: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "*",
            spec: Some(&OCC_APP_STATE),
        }],
        bare_ok: false,
    },
    ..OCC_REPORT
};
const OCC_APP_STATE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "enabled|installed_version|types|backgroundjobs_mode|lastcron|lastupdatedat",
            spec: Some(&OCC_REPORT),
        }],
        bare_ok: false,
    },
    ..OCC_REPORT
};

/// `db:add-missing-indices --dry-run` (and columns, primary keys): the
/// SQL it would run, printed instead.
const OCC_DRY_RUN: Spec = Spec {
    long: symfony_long!("dry-run"),
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
                        |encryption:show-key-storage-root|encryption:list-modules",
                spec: Some(&OCC_LIST),
            },
            Verb {
                names: "user:list|group:list|user:report",
                spec: Some(&OCC_LIST),
            },
            Verb {
                names: "user:lastseen|group:info|dav:list-calendars\
                        |dav:list-addressbooks|twofactorauth:state|app:getpath\
                        |security:bruteforce:attempts|help",
                spec: Some(&OCC_ABOUT),
            },
            Verb {
                names: "config:system:get",
                spec: Some(&OCC_SYSTEM_SETTING),
            },
            Verb {
                names: "config:app:get",
                spec: Some(&OCC_APP_SETTING),
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
    word_of(word, "._@:-")
}

/// A word of letters, digits and `also`, no option.
fn word_of(word: &str, also: &str) -> bool {
    !word.is_empty()
        && !word.starts_with('-')
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || also.contains(c))
}

/// Laravel 10–11's `artisan` listings.
const ARTISAN_REPORT: Spec = Spec {
    flags: "hqVnv",
    long: symfony_long!(
        "json",
        "counts",
        "views",
        "types",
        "next",
        "realpath",
        "pending",
        "reverse",
        "except-vendor",
        "only-vendor"
    ),
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
                        |event:list|channel:list|inspire",
                spec: Some(&ARTISAN_REPORT),
            },
            Verb {
                names: "db:table|model:show|help",
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
    word_of(word, "_\\.")
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
            "occ user:lastseen bob",
            "occ group:list --output=json_pretty",
            "occ help status",
            "occ encryption:list-modules",
            "occ config:system:get trusted_domains",
            "occ config:system:get overwrite.cli.url",
            "occ config:system:get trusted_domains 1",
            "occ config:app:get core backgroundjobs_mode",
            "occ config:app:get richdocuments enabled",
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
            "occ files_external:list --output=json",
            "occ config:list system",
            "occ config:list",
            "occ background-job:list",
            "occ user:info bob",
            "occ config:system:get dbreplica",
            "occ config:system:get onlyoffice",
            "occ config:system:get log.condition",
            "occ config:app:get spreed turn_servers",
            "occ config:app:get sociallogin oauth_providers",
            "occ config:system:get trusted_domains x",
            "occ config:system:get dbpassword 0",
            "occ config:app:get fulltextsearch_elasticsearch elastic_host",
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
            "artisan help migrate",
            "artisan db:table users",
            "artisan model:show App\\Models\\User",
            "artisan event:list",
            "artisan env",
            "artisan model:prune --pretend",
        ],
        not: &[
            "artisan config:show database",
            "artisan db:show",
            "artisan db:show --json",
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
