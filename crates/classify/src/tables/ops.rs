//! Operators' everyday tools the held-out corpora of stop 68 used (blind
//! corpora 117–122): tuned's and sysstat's reports, perf's readers,
//! Gitea's and Forgejo's admin listings, WP-CLI's listings, mail and
//! DNSSEC printers. (Not Java's keytool: the JVM writes
//! /tmp/hsperfdata_USER/PID however it is run; the syscall oracle saw
//! it.) Each keeps its reading forms only: no profile
//! switched, no file written (`perf stat -o`, `perf record`), no script
//! run (`perf script -s`, `wp --exec`, `--require`), no update check
//! against the internet (`wp plugin list` without `--skip-update-check`),
//! no setting printed whose name says it holds a credential.

use super::*;

/// tuned-adm(8), tuned 2.21: `list`, `active`, `recommend`,
/// `profile_info`; `profile`, `off`, `auto_profile`, `profile_mode`
/// change the system; `verify` has the daemon write its findings to its
/// log (review 96).
const TUNED_ADM: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|active|recommend",
                spec: Some(&NO_OPERANDS),
            },
            Verb {
                names: "profile_info",
                spec: Some(&TUNED_PROFILE_INFO),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const TUNED_PROFILE_INFO: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// sadf(1), sysstat 12.6: prints a day's data file in other formats, to
/// standard output only. After `--`, sar's display options (sar's `-o`,
/// which saves, is none of them: refused).
const SADF: Spec = Spec {
    flags: "CcdghjlprTtUVxH",
    valued: "OPse",
    // (`-O pcparchive=FILE` writes a PCP archive; review 96.)
    checked: &[("O", |v| !v.contains("pcparchive"))],
    // (`-1`: yesterday's file, `-2` the day before.)
    numeric: true,
    operands: Operands::Names {
        at_most: 64,
        test: sar_display_word,
    },
    ..Spec::POSIX
};

fn sar_display_word(word: &str) -> bool {
    !word.starts_with("-o") && !word.starts_with("--") && !word.contains(['$', '`'])
}

/// `perf` (linux-tools 6.x) readers of data already recorded, or of
/// counters and samples of running processes (numbers and symbols, no
/// memory contents): `report`, `diff`, `script` without a
/// script (`-s`, `-g` generate or run one), `list`, `version`, `evlist`,
/// `top`, `stat` without an output file or a command run before or after
/// (`--pre`, `--post`), `sched timehist`, `probe -l`. Not `record`,
/// `trace` (syscall arguments, file names and strings), not `annotate`
/// (it runs objdump), not `kvm stat live`'s file options.
const PERF_REPORT: Spec = Spec {
    flags: "nTvqfgG",
    valued: "isFMk",
    long: &[
        "stdio",
        "tui",
        "no-children",
        "children",
        "header",
        "header-only",
        "show-nr-samples",
        "hide-unresolved",
        "quiet",
        "verbose",
        "force",
        "demangle",
        "no-demangle",
        "group",
        "raw-trace",
    ],
    long_valued: &[
        "input",
        "sort",
        "fields",
        "comm",
        "dsos",
        "symbols",
        "pid",
        "tid",
        "percent-limit",
        "call-graph",
        "max-stack",
        "time",
        "cpu",
        "symfs",
        "kallsyms",
        "vmlinux",
    ],
    checked: &[
        ("sort", no_source_lines),
        ("s", no_source_lines),
        ("fields", no_source_lines),
        ("F", no_source_lines),
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// An event list naming no file: `-e prog.o`, `-e trace.c` load (or
/// build) a BPF program in perf 6.5 and older (review 96).
fn no_bpf_file(value: &str) -> bool {
    !value.contains(['/', '.'])
}

/// A sort key or field list that names no source line (`srcline`,
/// `srcfile`, `srcline_from`…: perf runs addr2line for them).
fn no_source_lines(value: &str) -> bool {
    !value.contains("src")
}

const PERF_DIFF: Spec = Spec {
    operands: Operands::AtMost(2),
    ..PERF_REPORT
};

const PERF_SCRIPT: Spec = Spec {
    flags: "fvqG",
    valued: "iFCk",
    long: &["header", "show-task-events", "show-mmap-events", "demangle"],
    long_valued: &[
        "input", "fields", "cpu", "comm", "pid", "tid", "time", "symfs",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// `perf stat` and `perf lock contention`: the command after `--` (or
/// the first operand) is run, and judged on its own; `-p`/`-a` attach to
/// what runs already.
const PERF_STAT: Spec = Spec {
    flags: "aAdnvqBSc",
    valued: "epItxCGrM",
    long: &[
        "all-cpus",
        "no-aggr",
        "detailed",
        "null",
        "verbose",
        "quiet",
        "big-num",
        "per-socket",
        "per-die",
        "per-core",
        "per-thread",
        "per-node",
        "topdown",
        "metric-only",
        "scale",
    ],
    long_valued: &[
        "event",
        "pid",
        "tid",
        "interval-print",
        "field-separator",
        "cpu",
        "cgroup",
        "metrics",
        "repeat",
        "delay",
        "timeout",
    ],
    checked: &[("e", no_bpf_file), ("event", no_bpf_file)],
    operands: Operands::Command {
        skip: 0,
        assignments: false,
        joined: false,
        between: Between::Nothing,
    },
    permute: false,
    ..Spec::POSIX
};

const PERF_LOCK_CONTENTION: Spec = Spec {
    flags: "abtv",
    valued: "ipEMk",
    long: &["all-cpus", "use-bpf", "threads", "verbose", "lock-addr"],
    long_valued: &[
        "input",
        "pid",
        "entries",
        "max-stack",
        "type-filter",
        "lock-filter",
    ],
    ..PERF_STAT
};

const PERF_TOP: Spec = Spec {
    flags: "aKUgnzv",
    valued: "epsdcCFr",
    long: &[
        "all-cpus",
        "hide-kernel-symbols",
        "hide-user-symbols",
        "stdio",
        "tui",
        "zero",
    ],
    long_valued: &[
        "event",
        "pid",
        "tid",
        "sort",
        "delay",
        "count",
        "cpu",
        "freq",
        "fields",
        "comm",
        "symbols",
        "percent-limit",
    ],
    checked: &[
        ("e", no_bpf_file),
        ("event", no_bpf_file),
        ("sort", no_source_lines),
        ("s", no_source_lines),
        ("fields", no_source_lines),
    ],
    operands: Operands::None,
    ..Spec::GNU
};

const PERF_SCHED_TIMEHIST: Spec = Spec {
    flags: "swSMVng",
    valued: "ik",
    long_valued: &["input", "time", "cpu", "pid", "tid", "max-stack"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `perf probe -l`/`--list` only lists the probes defined.
const PERF_PROBE_LIST: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// `gitea`/`forgejo` (Gitea 1.21, Forgejo 7): `admin user list`, `admin
/// auth list`, `manager processes` (the running server's own list), the
/// version. Not `doctor` (it writes `doctor.log` where it runs unless
/// told otherwise, and `--fix` mends). (`-c app.ini`: a file holding
/// the server's secrets, which a parse error may quote: it asks.)
const GITEA: Spec = Spec {
    long: &["version", "help"],
    flags: "vh",
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "admin",
                spec: Some(&GITEA_ADMIN),
            },
            Verb {
                names: "manager",
                spec: Some(&GITEA_MANAGER),
            },
        ],
        bare_ok: false,
    },
    permute: false,
    ..GITEA_GLOBAL
};

/// (Not `-w`/`--work-path`, `-C`/`--custom-path`: another folder's
/// `app.ini`, which `-c` already asks for; review 97.)
/// (Nor `-c`/`--config`: a configuration of the caller's choosing names
/// the database the CLI opens or creates, and the data folder its setup
/// makes; review 98.)
const GITEA_GLOBAL: Spec = Spec {
    operands: Operands::None,
    other: &Other {
        valued: "c",
        long_valued: &["config"],
        ..Other::NONE
    },
    ..Spec::GNU
};

verbs_then!(GITEA_ADMIN_LIST, "list", GITEA_LIST, false);

const GITEA_ADMIN: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "user|auth",
            spec: Some(&GITEA_ADMIN_LIST),
        }],
        bare_ok: false,
    },
    ..GITEA_GLOBAL
};

const GITEA_LIST: Spec = Spec {
    long: &["admin"],
    ..GITEA_GLOBAL
};

const GITEA_MANAGER: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "processes",
            spec: Some(&GITEA_PROCESSES),
        }],
        bare_ok: false,
    },
    ..GITEA_GLOBAL
};

const GITEA_PROCESSES: Spec = Spec {
    long: &["flat", "no-system", "stacktraces", "json"],
    ..GITEA_GLOBAL
};

/// WP-CLI 2.x's global options that only choose the site and its output
/// (not `--require`, `--exec`: PHP run; not `--prompt`).
const WP_GLOBAL_LONG: &[&str] = &[
    // (WP-CLI refuses to run as root without it; it lifts that check only.)
    "allow-root",
    "skip-plugins",
    "skip-themes",
    "skip-packages",
    "no-color",
    "color",
    "quiet",
    "debug",
];
const WP_GLOBAL_VALUED: &[&str] = &["path", "url", "user", "context"];

/// `wp` (WP-CLI 2.x): listings and single settings. `plugin list` and
/// `theme list` only with `--skip-update-check` (otherwise WordPress asks
/// api.wordpress.org for updates); `option get`, `config get` of a name
/// that is no credential's (`mailserver_pass`, `DB_PASSWORD`, the salts).
/// (WP-CLI's values only come as `--name=value`: `--url eval-file` is
/// the flag `--url` then the command `eval-file`; review 98. So its
/// valued options are optional ones, checked when given a value.)
const WP: Spec = Spec {
    long: WP_GLOBAL_LONG,
    long_optional: WP_GLOBAL_VALUED,
    checked: &[("path", site_folder)],
    // (Without `--path` WP-CLI loads the WordPress of the working folder
    // or a parent: any folder's PHP; review 97.)
    required: &["path"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "core",
                spec: Some(&WP_CORE),
            },
            Verb {
                names: "plugin|theme",
                spec: Some(&WP_EXTENSIONS),
            },
            Verb {
                names: "user|role|post|comment|cron|db|maintenance-mode",
                spec: Some(&WP_LISTS),
            },
            Verb {
                names: "config",
                spec: Some(&WP_CONFIG_GET),
            },
            Verb {
                names: "option",
                spec: Some(&WP_OPTION_GET),
            },
        ],
        bare_ok: false,
    },
    permute: false,
    ..Spec::POSIX
};

/// A leaf's own options besides the globals: output formats and filters.
const WP_LEAF: Spec = Spec {
    long: &[
        "allow-root",
        "skip-plugins",
        "skip-themes",
        "skip-packages",
        "no-color",
        "color",
        "quiet",
        "debug",
        "extra",
        "human-readable",
        "tables",
        "all-tables",
        "skip-update-check",
    ],
    long_optional: &[
        "path",
        "url",
        "user",
        "context",
        "format",
        "fields",
        "field",
        "role",
        "status",
        "post_type",
        "post_status",
        "size_format",
        "number",
        "orderby",
        "order",
        "network",
    ],
    checked: &[
        ("path", site_folder),
        ("fields", no_password_field),
        ("field", no_password_field),
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// A site's folder where the web server's sites live (`--path` loads its
/// wp-config.php and plugins: PHP run; review 96).
pub(crate) fn site_folder(path: &str) -> bool {
    ["/var/www/", "/srv/", "/opt/", "/usr/share/wordpress"]
        .iter()
        .any(|root| path.starts_with(root))
        && !path.contains("..")
        && !path.contains(['$', '`', '*', '?'])
}

/// A field list that prints no password hash (`user_pass`).
fn no_password_field(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    !(lower.contains("pass") || lower.contains("key") || lower.contains("activation"))
}

verbs_then!(WP_CORE, "version|is-installed", WP_LEAF, false);

const WP_EXTENSION_LIST: Spec = Spec {
    required: &["skip-update-check"],
    ..WP_LEAF
};

verbs_then!(WP_EXTENSIONS, "list", WP_EXTENSION_LIST, false);

const WP_LISTS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|count|size|status",
                spec: Some(&WP_LEAF),
            },
            Verb {
                names: "event|schedule",
                spec: Some(&WP_CRON_LIST),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

verbs_then!(WP_CRON_LIST, "list", WP_LEAF, false);

/// `wp config get` only of WordPress's own constants whose values are no
/// secret: a plugin's constants hold its keys under any name
/// (`AS3CF_SETTINGS`, `ACF_PRO_LICENSE`; review 98).
const WP_CONFIG_NAME: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: core_constant,
    },
    ..WP_LEAF
};

/// wp-config.php's documented constants (WordPress's "Editing
/// wp-config.php"), the database user's name and host among them, not
/// its password, the keys or the salts.
fn core_constant(name: &str) -> bool {
    matches!(
        name,
        "DB_NAME"
            | "DB_USER"
            | "DB_HOST"
            | "DB_CHARSET"
            | "DB_COLLATE"
            | "table_prefix"
            | "ABSPATH"
            | "WP_DEBUG"
            | "WP_DEBUG_LOG"
            | "WP_DEBUG_DISPLAY"
            | "SCRIPT_DEBUG"
            | "SAVEQUERIES"
            | "WP_HOME"
            | "WP_SITEURL"
            | "WP_CONTENT_DIR"
            | "WP_CONTENT_URL"
            | "WP_PLUGIN_DIR"
            | "WP_LANG_DIR"
            | "WP_TEMP_DIR"
            | "UPLOADS"
            | "WP_MEMORY_LIMIT"
            | "WP_MAX_MEMORY_LIMIT"
            | "WP_CACHE"
            | "WP_ENVIRONMENT_TYPE"
            | "WP_AUTO_UPDATE_CORE"
            | "AUTOMATIC_UPDATER_DISABLED"
            | "DISABLE_WP_CRON"
            | "WP_POST_REVISIONS"
            | "EMPTY_TRASH_DAYS"
            | "FORCE_SSL_ADMIN"
            | "DISALLOW_FILE_EDIT"
            | "DISALLOW_FILE_MODS"
            | "FS_METHOD"
            | "COOKIE_DOMAIN"
            | "WP_DEFAULT_THEME"
            | "MULTISITE"
            | "WP_ALLOW_MULTISITE"
            | "SUBDOMAIN_INSTALL"
            | "DOMAIN_CURRENT_SITE"
            | "PATH_CURRENT_SITE"
            | "WPLANG"
    )
}

/// `wp option get` only of WordPress's own options whose values are no
/// secret: a plugin keeps its API keys under any name (`wp_mail_smtp`,
/// `woocommerce_stripe_settings`; review 96).
const WP_OPTION_NAME: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: core_option,
    },
    ..WP_LEAF
};

fn core_option(name: &str) -> bool {
    matches!(
        name,
        "siteurl"
            | "home"
            | "blogname"
            | "blogdescription"
            | "admin_email"
            | "active_plugins"
            | "template"
            | "stylesheet"
            | "permalink_structure"
            | "timezone_string"
            | "gmt_offset"
            | "WPLANG"
            | "db_version"
            | "blog_public"
            | "users_can_register"
            | "default_role"
            | "upload_path"
            | "cron"
    )
}

verbs_then!(WP_CONFIG_GET, "get", WP_CONFIG_NAME, false);
verbs_then!(WP_OPTION_GET, "get", WP_OPTION_NAME, false);

/// `sendmail -bp` (Postfix's and Exim's): the mail queue listed, as
/// `mailq` does.
const SENDMAIL_BP: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// `spamassassin --lint` (its configuration checked), `-V`; sa-learn's
/// `--dump magic|data|all` (the Bayes database tied read-only); spamc's
/// `-K` (a ping of the local spamd); `opendkim -n` (its configuration
/// checked, no other file: `-x` left out).
const FLAGS_ONLY: Spec = Spec {
    flags: "D",
    long: &["debug"],
    operands: Operands::None,
    ..Spec::POSIX
};

const SA_LEARN_DUMP: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: bayes_part,
    },
    ..Spec::POSIX
};

fn bayes_part(word: &str) -> bool {
    matches!(word, "magic" | "data" | "all")
}

/// `dnssec-settime -p FIELDS KEY` (BIND 9.18): the key's times printed;
/// any other option sets one. BIND's parser stops at the first operand
/// (FIELDS), so a word after it is no option.
const DNSSEC_SETTIME_PRINT: Spec = Spec {
    valued: "K",
    flags: "u",
    operands: Operands::Names {
        at_most: 2,
        test: plain_operand,
    },
    permute: false,
    ..Spec::POSIX
};

fn plain_operand(word: &str) -> bool {
    !word.is_empty() && !word.starts_with('-') && !word.contains(['$', '`'])
}

/// dnssec-dsfromkey(1): a key's DS records printed; dnssec-verify(1): a
/// signed zone checked. Neither writes.
const DNSSEC_DSFROMKEY: Spec = Spec {
    flags: "12Ch",
    valued: "aTKcv",
    operands: Operands::AtMost(1),
    permute: false,
    ..Spec::POSIX
};

const DNSSEC_VERIFY: Spec = Spec {
    // (Not `-E ENGINE`: a library it loads; review 96.)
    flags: "xzqh",
    valued: "oIcv",
    operands: Operands::AtMost(1),
    permute: false,
    ..Spec::POSIX
};

/// systemd-tmpfiles(8): `--cat-config` and `--tldr` print the
/// configuration; `--dry-run` (systemd 256) reports what an action would
/// do (an older systemd refuses the option: nothing runs).
const SYSTEMD_TMPFILES: Spec = Spec {
    long: &[
        "cat-config",
        "tldr",
        "dry-run",
        "no-pager",
        "create",
        "clean",
        "remove",
        "boot",
        "graceful",
        "user",
    ],
    long_valued: &["prefix", "exclude-prefix"],
    required: &["cat-config", "tldr", "dry-run"],
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["systemd-tmpfiles"],
        spec: &SYSTEMD_TMPFILES,
        read_only: &[
            "systemd-tmpfiles --cat-config",
            "systemd-tmpfiles --dry-run --clean",
        ],
        not: &[
            "systemd-tmpfiles --clean",
            "systemd-tmpfiles --remove --boot",
        ],
    },
    Entry {
        names: &["sendmail -bp"],
        spec: &SENDMAIL_BP,
        read_only: &["sendmail -bp"],
        not: &["sendmail -bp x"],
    },
    Entry {
        names: &[
            "spamassassin --lint",
            "spamassassin -V",
            "spamassassin --version",
            "spamc -K",
            "opendkim -n",
        ],
        spec: &FLAGS_ONLY,
        read_only: &[
            "spamassassin --lint",
            "spamassassin --lint -D",
            "spamassassin -V",
            "spamc -K",
            "opendkim -n",
        ],
        not: &["spamassassin --lint /tmp/x", "opendkim -n -x /tmp/x.conf"],
    },
    Entry {
        names: &["sa-learn --dump"],
        spec: &SA_LEARN_DUMP,
        read_only: &["sa-learn --dump magic", "sa-learn --dump all"],
        not: &["sa-learn --dump magic --clear"],
    },
    Entry {
        names: &["dnssec-settime -p"],
        spec: &DNSSEC_SETTIME_PRINT,
        read_only: &["dnssec-settime -p all /var/lib/bind/keys/Klab.internal.+013+24817"],
        not: &[
            "dnssec-settime -p all -D now /var/lib/bind/keys/Kx",
            "dnssec-settime -D now Kx",
        ],
    },
    Entry {
        names: &["dnssec-dsfromkey"],
        spec: &DNSSEC_DSFROMKEY,
        read_only: &["dnssec-dsfromkey -2 /var/lib/bind/keys/Klab.internal.+013+24817.key"],
        not: &["dnssec-dsfromkey -f /tmp/zone -A lab.internal"],
    },
    Entry {
        names: &["dnssec-verify"],
        spec: &DNSSEC_VERIFY,
        read_only: &["dnssec-verify -o lab.internal /var/lib/bind/db.lab.internal.signed"],
        not: &["dnssec-verify -o lab.internal a b"],
    },
    Entry {
        names: &["tuned-adm"],
        spec: &TUNED_ADM,
        read_only: &[
            "tuned-adm active",
            "tuned-adm list",
            "tuned-adm recommend",
            "tuned-adm profile_info virtual-host",
        ],
        not: &[
            "tuned-adm profile virtual-host",
            "tuned-adm off",
            "tuned-adm verify",
        ],
    },
    Entry {
        names: &["sadf"],
        spec: &SADF,
        read_only: &[
            "sadf -d /var/log/sysstat/sa14 -- -u -P ALL",
            "sadf -j /var/log/sysstat/sa14 -- -r",
            "sadf -p -s 02:00:00 -e 03:00:00 /var/log/sysstat/sa15 -- -n DEV",
            "sadf -x -1 -- -q",
        ],
        not: &["sadf -d /var/log/sysstat/sa14 -- -o /etc/x"],
    },
    Entry {
        names: &["perf report"],
        spec: &PERF_REPORT,
        read_only: &["perf report -i /root/perf-101.data --stdio --no-children --sort comm,sym"],
        not: &[
            "perf report -i /root/x --objdump /tmp/x",
            "perf annotate -i /root/perf-zfs.data --stdio arc_read",
        ],
    },
    Entry {
        names: &["perf diff"],
        spec: &PERF_DIFF,
        read_only: &["perf diff /root/perf-before.data /root/perf-after.data"],
        not: &["perf diff a b c"],
    },
    Entry {
        names: &["perf script"],
        spec: &PERF_SCRIPT,
        read_only: &[
            "perf script -i /root/perf-101.data",
            "perf script -F comm,pid,ip,sym",
        ],
        not: &["perf script -s /tmp/x.py", "perf script -g python"],
    },
    Entry {
        names: &["perf stat"],
        spec: &PERF_STAT,
        read_only: &[
            "perf stat -e task-clock,context-switches -p 4242 -- sleep 10",
            "perf stat -a -I 1000 -e cycles,instructions -- sleep 5",
        ],
        not: &[
            "perf stat -o /etc/x -a -- sleep 1",
            "perf stat -- rm -rf /x",
            "perf stat --pre /tmp/x ls",
        ],
    },
    Entry {
        names: &["perf lock contention"],
        spec: &PERF_LOCK_CONTENTION,
        read_only: &["perf lock contention -a -b -- sleep 5"],
        not: &["perf lock contention -a -b -- rm -rf /x"],
    },
    Entry {
        names: &["perf top"],
        spec: &PERF_TOP,
        read_only: &[
            "perf top -p 4242 --sort comm,dso,sym",
            "perf top -U --sort sym",
        ],
        not: &["perf top --objdump /tmp/x"],
    },
    Entry {
        names: &["perf sched timehist"],
        spec: &PERF_SCHED_TIMEHIST,
        read_only: &["perf sched timehist -i /tmp/sched.data -s"],
        not: &["perf sched timehist -o /tmp/x"],
    },
    Entry {
        names: &["perf probe -l", "perf probe --list"],
        spec: &PERF_PROBE_LIST,
        read_only: &["perf probe -l"],
        not: &["perf probe -l -a x"],
    },
    Entry {
        names: &["perf list", "perf version", "perf evlist"],
        spec: &PERF_PROBE_LIST,
        read_only: &["perf list", "perf version", "perf evlist"],
        not: &["perf list --output /x"],
    },
    Entry {
        names: &["gitea", "forgejo"],
        spec: &GITEA,
        read_only: &[
            "gitea admin user list",
            "gitea admin user list --admin",
            "forgejo admin auth list",
            "gitea manager processes",
        ],
        not: &[
            "gitea doctor check",
            "gitea admin user list -c /etc/gitea/app.ini",
            "gitea admin user delete --id 3",
            "gitea admin user change-password -u x -p y",
        ],
    },
    Entry {
        names: &["wp"],
        spec: &WP,
        read_only: &[
            "wp --path=/var/www/html core version --extra",
            "wp --path=/var/www/html plugin list --skip-update-check --fields=name,status",
            "wp --path=/var/www/html user list --role=administrator --fields=ID,user_login",
            "wp --path=/var/www/html option get siteurl",
            "wp --path=/var/www/html maintenance-mode status",
            "wp --path=/var/www/html cron event list --fields=hook,next_run_relative",
            "wp --path=/var/www/html db size --tables --human-readable",
            "wp --path=/var/www/html config get table_prefix",
            "wp --path=/var/www/html post list --post_type=page --format=count",
            "wp --path=/var/www/html role list",
            "wp --path=/var/www/html comment count",
        ],
        not: &[
            "wp user list",
            "wp --path=/tmp/site user list --fields=ID",
            "wp --path=/var/www/html user list --fields=ID,user_activation_key",
            "wp plugin list",
            "wp option get mailserver_pass",
            "wp config get DB_PASSWORD",
            "wp option get wp_mail_smtp --format=json",
            "wp user list --fields=user_login,user_pass",
            "wp --path=/tmp/site user list",
            "wp --exec='system(\"id\");' core version",
            "wp --require=/tmp/x.php core version",
            "wp user delete 3 --yes",
            "wp db export /tmp/x.sql",
            "wp plugin update --all",
        ],
    },
];
