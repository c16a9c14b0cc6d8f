//! Object stores and file sync run in the lab (blind corpus 99): Ceph's
//! RADOS Gateway administered on its own cluster, Garage's node CLI,
//! Syncthing's CLI against its own daemon. Each speaks only to the
//! service on its host, with that service's own credentials, which it
//! never prints here: no user's keys (`radosgw-admin user info`, `garage
//! key info --show-secret`), no zone's system key (`zone get`), no API
//! key or GUI password (`syncthing cli config gui apikey get`). The S3
//! clients (`mc`, `aws s3`, `s3cmd`, `rclone`) name their remotes by
//! aliases their configuration resolves, and authenticate from secret
//! files: no table here, they ask.

use super::*;

/// radosgw-admin(8), Ceph 18: the options that choose what is shown
/// (a user, a bucket, an object, dates, a zone); not `-c`/`--conf`
/// (another cluster's configuration), `--fix`, `--check-objects`,
/// `--sync-stats`, `--purge-*`, `--yes-i-really-mean-it`.
const RGW_BASE: Spec = Spec {
    long: &["include-all", "warnings-only", "help"],
    long_valued: &[
        "uid",
        "subuser",
        "bucket",
        "bucket-id",
        "object",
        "tenant",
        "max-entries",
        "start-date",
        "end-date",
        "show-log-entries",
        "show-log-sum",
        "categories",
        "format",
        "marker",
        "shard-id",
        "period",
        "realm",
        "realm-id",
        "rgw-realm",
        "zonegroup",
        "zonegroup-id",
        "rgw-zonegroup",
        "rgw-zone",
        "zone-id",
        "source-zone",
        "cluster",
        "id",
        "name",
    ],
    operands: Operands::None,
    ..Spec::GNU
};
const RGW: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "user",
                spec: Some(&RGW_USER),
            },
            Verb {
                names: "bucket",
                spec: Some(&RGW_BUCKET),
            },
            Verb {
                names: "usage",
                spec: Some(&RGW_SHOW),
            },
            Verb {
                names: "gc|realm|zonegroup|zone|lc|quota",
                spec: Some(&RGW_LIST),
            },
            Verb {
                names: "reshard",
                spec: Some(&RGW_RESHARD),
            },
            Verb {
                names: "object",
                spec: Some(&RGW_OBJECT),
            },
            Verb {
                names: "period",
                spec: Some(&RGW_PERIOD),
            },
            Verb {
                names: "sync",
                spec: Some(&RGW_STATUS),
            },
            Verb {
                names: "metadata",
                spec: Some(&RGW_METADATA),
            },
        ],
        bare_ok: false,
    },
    ..RGW_BASE
};
const RGW_NONE: Spec = RGW_BASE;
/// The level after a noun: only the verbs named.
macro_rules! rgw_verbs {
    ($name:ident, $verbs:literal) => {
        const $name: Spec = Spec {
            operands: Operands::Verbs {
                verbs: &[Verb {
                    names: $verbs,
                    spec: Some(&RGW_NONE),
                }],
                bare_ok: false,
            },
            ..RGW_BASE
        };
    };
}
// (`user stats` without `--sync-stats`, which writes them; not `info`,
// which prints the user's keys.)
rgw_verbs!(RGW_USER, "list|stats");
rgw_verbs!(RGW_SHOW, "show");
rgw_verbs!(RGW_LIST, "list");
rgw_verbs!(RGW_RESHARD, "list|status");
rgw_verbs!(RGW_OBJECT, "stat");
rgw_verbs!(RGW_PERIOD, "get|get-current|list");
rgw_verbs!(RGW_STATUS, "status");
rgw_verbs!(RGW_LIMIT, "check");
/// `bucket list|stats|check` (`check` without `--fix`), `bucket limit
/// check`, `bucket sync status`.
const RGW_BUCKET: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|stats|check",
                spec: Some(&RGW_NONE),
            },
            Verb {
                names: "limit",
                spec: Some(&RGW_LIMIT),
            },
            Verb {
                names: "sync",
                spec: Some(&RGW_STATUS),
            },
        ],
        bare_ok: false,
    },
    ..RGW_BASE
};
/// `metadata list [SECTION]`: the keys of a section, not `metadata get`
/// (a user's record, with its keys).
const RGW_METADATA: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list",
            spec: Some(&RGW_SECTION),
        }],
        bare_ok: false,
    },
    ..RGW_BASE
};
const RGW_SECTION: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| {
            matches!(
                w,
                "user" | "bucket" | "bucket.instance" | "otp" | "roles" | "topic"
            )
        },
    },
    ..RGW_BASE
};

/// garage(1), Garage 1.0, against its own node (no `-h`/`--rpc-host`,
/// `-s`/`--rpc-secret`, `-c`/`--config`): the cluster's status and
/// layout, buckets' and workers' lists and details, keys' list, block
/// errors.
const GARAGE: Spec = Spec {
    flags: "hV",
    long: &["help", "version"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status",
                spec: Some(&GARAGE_NONE),
            },
            Verb {
                names: "stats",
                spec: Some(&GARAGE_STATS),
            },
            Verb {
                names: "bucket|worker",
                spec: Some(&GARAGE_LISTS),
            },
            Verb {
                names: "key",
                spec: Some(&GARAGE_KEY),
            },
            Verb {
                names: "layout",
                spec: Some(&GARAGE_LAYOUT),
            },
            Verb {
                names: "block",
                spec: Some(&GARAGE_BLOCK),
            },
            Verb {
                names: "node",
                spec: Some(&GARAGE_NODE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};
const GARAGE_NONE: Spec = Spec {
    flags: "h",
    long: &["help"],
    operands: Operands::None,
    ..Spec::GNU
};
const GARAGE_STATS: Spec = Spec {
    flags: "ah",
    long: &["all-nodes", "detailed", "help"],
    ..GARAGE_NONE
};
const GARAGE_ONE: Spec = Spec {
    operands: Operands::AtMost(1),
    ..GARAGE_NONE
};
/// `bucket|key|worker list|info NAME`.
const GARAGE_LISTS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|info",
            spec: Some(&GARAGE_ONE),
        }],
        bare_ok: false,
    },
    ..GARAGE_NONE
};
// (`key list`, not `key info`: before Garage 0.9 it prints the secret
// key without `--show-secret`; review 87.)
verbs_then!(GARAGE_KEY, "list", GARAGE_NONE, false);
verbs_then!(GARAGE_LAYOUT, "show|history", GARAGE_NONE, false);
verbs_then!(GARAGE_BLOCK, "list-errors|info", GARAGE_ONE, false);
verbs_then!(GARAGE_NODE, "id", GARAGE_NONE, false);

/// A word of `syncthing cli config …`: a section, an id, a setting or
/// `get`/`list`; not an action that changes the configuration or dumps
/// it whole, nor the GUI's API key or password.
fn syncthing_config_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    !word.is_empty()
        && !word.starts_with('-')
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        && !matches!(
            lower.as_str(),
            "set" | "unset" | "add" | "delete" | "remove" | "reset" | "dump-json" | "dump-yaml"
        )
        && !["apikey", "password", "pass", "secret", "token", "key"]
            .iter()
            .any(|w| lower.contains(w))
}

/// `syncthing cli`, Syncthing 1.27, against the daemon of its own home
/// (`--home`, `--config`, `--data`; not `--gui-address`, another
/// daemon, or `--gui-apikey`): status (`show system|connections|…`,
/// not `show config`, the whole configuration with its API key),
/// errors, a file's state, settings read (`config … get|list`). Not
/// `operations` (restarts, shutdowns, overrides, reverts), `errors
/// clear`, `config … set`.
const SYNCTHING_CLI: Spec = Spec {
    long: &["help"],
    long_valued: &["home", "config", "data"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "show",
                spec: Some(&SYNCTHING_SHOW),
            },
            Verb {
                names: "errors",
                spec: Some(&SYNCTHING_ERRORS),
            },
            Verb {
                names: "debug",
                spec: Some(&SYNCTHING_DEBUG),
            },
            Verb {
                names: "config",
                spec: Some(&SYNCTHING_CONFIG),
            },
        ],
        bare_ok: false,
    },
    permute: false,
    ..Spec::GNU
};
const SYNCTHING_SHOW: Spec = Spec {
    long: &["help"],
    operands: Operands::Names {
        at_most: 2,
        test: |w| {
            matches!(
                w,
                "system"
                    | "connections"
                    | "discovery"
                    | "usage"
                    | "version"
                    | "pending"
                    | "devices"
                    | "folders"
            )
        },
    },
    permute: false,
    ..Spec::GNU
};
const SYNCTHING_ERRORS: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| w == "show",
    },
    ..SYNCTHING_SHOW
};
/// `debug file FOLDER PATH`: what the daemon knows of one file.
const SYNCTHING_DEBUG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "file",
            spec: Some(&SYNCTHING_FILE),
        }],
        bare_ok: false,
    },
    ..SYNCTHING_SHOW
};
const SYNCTHING_FILE: Spec = Spec {
    operands: Operands::AtMost(2),
    ..SYNCTHING_SHOW
};
const SYNCTHING_CONFIG: Spec = Spec {
    operands: Operands::Names {
        at_most: 8,
        test: syncthing_config_word,
    },
    ..SYNCTHING_SHOW
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["radosgw-admin"],
        spec: &RGW,
        // (Its rules ask for every line: it creates the default zone and
        // pools on a cluster without a gateway; review 140.)
        read_only: &["radosgw-admin --help"],
        not: &[
            "radosgw-admin user list", "radosgw-admin zone list",
            "radosgw-admin user info --uid=nextcloud", "radosgw-admin zone get", "radosgw-admin metadata get user:alice",
            "radosgw-admin bucket check --bucket=media --fix", "radosgw-admin user stats --uid=alice --sync-stats",
            "radosgw-admin user rm --uid=bob --purge-data", "radosgw-admin bucket rm --bucket=x --purge-objects",
            "radosgw-admin usage trim --uid=x", "radosgw-admin -c /tmp/ceph.conf user list", "radosgw-admin key create --uid=x",
        ],
    },
    Entry {
        names: &["garage"],
        spec: &GARAGE,
        read_only: &[
            "garage status", "garage stats -a", "garage bucket list", "garage bucket info nextcloud", "garage key list",
            "garage layout show", "garage layout history", "garage worker list",
            "garage block list-errors", "garage node id",
        ],
        not: &[
            "garage key info nextcloud-key --show-secret", "garage key info nextcloud-key", "garage bucket delete scratch --yes", "garage layout apply --version 3",
            "garage -h 1a2b@203.0.113.5:3901 status", "garage -s abcd status", "garage repair --yes tables", "garage key create x",
        ],
    },
    Entry {
        names: &["syncthing cli"],
        spec: &SYNCTHING_CLI,
        read_only: &[
            "syncthing cli show system", "syncthing cli show connections", "syncthing cli show pending devices",
            "syncthing cli config folders list", "syncthing cli config folders photos-4k2x path get",
            "syncthing cli errors show", "syncthing cli debug file photos-4k2x 2024/05/IMG_0423.jpg",
            "syncthing cli --home=/var/lib/syncthing/.config/syncthing config devices list",
        ],
        not: &[
            "syncthing cli config gui apikey get", "syncthing cli config gui password get", "syncthing cli show config",
            "syncthing cli config folders photos path set /tmp", "syncthing cli operations restart",
            "syncthing cli operations folder-override photos", "syncthing cli errors clear", "syncthing cli config dump-json",
            "syncthing cli --gui-address http://203.0.113.5:8384 show system",
        ],
    },
];
