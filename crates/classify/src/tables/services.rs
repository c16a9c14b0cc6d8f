//! The command-line clients of services a homelab runs in its guests:
//! Flux (fluxcd/flux2 2.x), Argo CD (argo-cd 2.x), cert-manager's `cmctl`
//! (2.x), the NATS CLI (nats-io/natscli 0.1), Ollama (0.5), and the VPN
//! controls strongSwan's `swanctl` (5.9), Headscale (0.23) and OpenVPN
//! (2.6). Each keeps
//! its listing, status and log forms, with the options that choose what to
//! show and how. Every option that names another endpoint, credential,
//! kubeconfig or configuration file stays out (flux's and cmctl's
//! `--kubeconfig`, `--server`, `--token`, `--as`; argocd's `--server`,
//! `--auth-token`, `--config`, `--header`, `--insecure`, `--loglevel`,
//! whose `debug` logs the requests; nats's `--server`, `--creds`,
//! `--user`, `--password`, `--nkey`, `--tls*`); a change verb (flux's
//! `reconcile`, `suspend`, `delete`, argocd's `sync`, `refresh`, nats's
//! `pub`, `sub`, `stream add`) is no read.
//!
//! (Blind corpora 77, 78 and 61: the corpora's reads of these programs
//! were all asked, as programs nothing knew.)

use super::*;

/// Flux's and cmctl's persistent options (pflag: anywhere on the line)
/// that only choose the namespace and the kubeconfig's context.
const FLUX_GLOBAL: Spec = Spec {
    flags: "h",
    valued: "n",
    long: &["help", "verbose"],
    long_valued: &["namespace", "context", "timeout"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `flux get|events|stats|tree|trace|version|logs`: the kinds and
/// names to show (any words: each is a kind or an object's name).
const FLUX_SHOW: Spec = Spec {
    flags: "Ahf",
    valued: "nlo",
    long: &[
        "all-namespaces",
        "no-header",
        "help",
        "verbose",
        "compact",
        "client",
        "pre",
        "follow",
    ],
    long_valued: &[
        "namespace",
        "context",
        "timeout",
        "label-selector",
        "status-selector",
        "output",
        "for",
        "types",
        "kind",
        "name",
        "api-version",
        "level",
        "since",
        "tail",
        "flux-namespace",
        "components",
        "components-extra",
    ],
    operands: Operands::Read,
    ..FLUX_GLOBAL
};

/// flux(1), fluxcd/flux2 2.x (cobra). Not `export` (`--with-credentials`
/// prints Secrets, and an alert provider's `address` may hold a webhook's
/// token), `diff`/`build` (they read a local folder whole), nor any
/// change: `reconcile`, `suspend`, `resume`, `create`, `delete`,
/// `install`, `bootstrap`, `uninstall`. Not `check`: it asks
/// api.github.com for the latest release first (`fluxCheck`; review 73).
const FLUX: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "get|events|stats|tree|trace|version|logs",
            spec: Some(&FLUX_SHOW),
        }],
        bare_ok: false,
    },
    ..FLUX_GLOBAL
};

/// An Argo CD output format that prints no manifest or spec: an
/// application's spec holds its Helm values and parameters, whose
/// passwords `-o yaml|json` would print.
fn argocd_table_output(value: &str) -> bool {
    matches!(value, "wide" | "name" | "tree" | "tree=detailed")
}

/// argocd's options for its reads: only the transport (`--grpc-web`),
/// the application's namespace and project, and a table's format.
const ARGOCD_SHOW: Spec = Spec {
    flags: "h",
    valued: "Nplo",
    long: &["grpc-web", "help", "show-operation", "client", "short"],
    long_valued: &[
        "app-namespace",
        "project",
        "selector",
        "output",
        "revision",
        "repo",
        "cluster",
    ],
    checked: &[("o", argocd_table_output), ("output", argocd_table_output)],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

verbs_then!(
    ARGOCD_APP,
    "list|get|history|diff|resources",
    ARGOCD_SHOW,
    false
);
verbs_then!(ARGOCD_LIST, "list", ARGOCD_SHOW, false);
verbs_then!(ARGOCD_ACCOUNT, "get-user-info", ARGOCD_SHOW, false);

/// argocd(1), argo-cd 2.x (cobra): applications listed, shown (as a
/// table), their history, their resources and their diff (Argo CD masks a
/// Secret's data in a diff). Not `app get --refresh|--hard-refresh` (a
/// refresh is a request the controller acts on), `app diff --local`
/// (reads a folder whole), `app manifests`, `context NAME` (switches the
/// current context), nor any change (`sync`, `set`, `delete`, `rollback`,
/// `terminate-op`, `login`, `logout`).
const ARGOCD: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "app",
                spec: Some(&ARGOCD_APP),
            },
            Verb {
                names: "cluster|repo|proj",
                spec: Some(&ARGOCD_LIST),
            },
            Verb {
                names: "account",
                spec: Some(&ARGOCD_ACCOUNT),
            },
            Verb {
                names: "version",
                spec: Some(&ARGOCD_SHOW),
            },
        ],
        bare_ok: false,
    },
    flags: "h",
    long: &["grpc-web", "help"],
    ..Spec::GNU
};

/// `cmctl check api`, `cmctl status certificate NAME`, `cmctl version`.
const CMCTL_SHOW: Spec = Spec {
    long_valued: &["namespace", "context", "wait", "interval", "output"],
    operands: Operands::AtMost(1),
    ..FLUX_GLOBAL
};

verbs_then!(CMCTL_CHECK, "api", CMCTL_SHOW, false);
verbs_then!(CMCTL_STATUS, "certificate", CMCTL_SHOW, false);

/// cmctl(1), cert-manager/cmctl 2.x (cobra): the API's readiness, a
/// Certificate's status, the version. Not `inspect secret` (it reads a
/// TLS Secret), `renew`, `approve`, `deny`, `create`, `convert`, `x`.
const CMCTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "check",
                spec: Some(&CMCTL_CHECK),
            },
            Verb {
                names: "status",
                spec: Some(&CMCTL_STATUS),
            },
            Verb {
                names: "version",
                spec: Some(&CMCTL_SHOW),
            },
        ],
        bare_ok: false,
    },
    ..FLUX_GLOBAL
};

/// The NATS CLI's options for its reports: a saved context (its server
/// and credentials are the operator's), a timeout, JSON, names only.
const NATS_SHOW: Spec = Spec {
    flags: "jna",
    long: &["json", "names", "all", "help"],
    long_valued: &["context", "timeout"],
    checked: &[("context", nats_context_name)],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

verbs_then!(
    NATS_STREAM,
    "ls|list|info|report|subjects",
    NATS_SHOW,
    false
);
verbs_then!(NATS_KV, "ls|list|status|info", NATS_SHOW, false);
verbs_then!(NATS_SERVER, "ls|list|info|ping", NATS_SHOW, false);

/// nats(1), nats-io/natscli 0.1 (fisk): streams, consumers, key-value
/// buckets and servers listed and reported, the account's limits. Not
/// `stream view|get` nor `kv get|history|watch` (message and value
/// contents), `sub` (a JetStream subscription may acknowledge what it
/// reads), `context` (`info` shows a context's credentials), nor any
/// change (`pub`, `request`, `add`, `edit`, `rm`, `purge`, `backup`).
const NATS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "stream|str|consumer|con|obj|object",
                spec: Some(&NATS_STREAM),
            },
            Verb {
                names: "kv",
                spec: Some(&NATS_KV),
            },
            Verb {
                names: "server|srv",
                spec: Some(&NATS_SERVER),
            },
        ],
        bare_ok: false,
    },
    long_valued: &["context", "timeout"],
    checked: &[("context", nats_context_name)],
    ..Spec::GNU
};

/// A saved NATS context by its name: natscli loads any readable path
/// ending in `.json` as a context, whose server, credentials and
/// resolvers (`op://`, `nsc://` run programs) are then the file's
/// (review 80).
fn nats_context_name(value: &str) -> bool {
    !value.is_empty()
        && !value.ends_with(".json")
        && !value.starts_with('.')
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// `ollama show MODEL` and the lists.
const OLLAMA_SHOW: Spec = Spec {
    flags: "hv",
    long: &[
        "help",
        "verbose",
        "license",
        "modelfile",
        "parameters",
        "system",
        "template",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// ollama(1) 0.5 (cobra): the models pulled and loaded, one model's
/// details; `--version`. The server it asks is `OLLAMA_HOST`'s (a setting
/// on the line is judged on its own). Not `run` (a prompt loads a model
/// and keeps it loaded), `pull`, `push`, `create`, `cp`, `rm`, `stop`,
/// `serve`.
const OLLAMA: Spec = Spec {
    flags: "hv",
    long: &["help", "version"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|ls|ps|show",
            spec: Some(&OLLAMA_SHOW),
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};

/// swanctl(8), strongSwan 5.9: the command is the first option, and each
/// command's own options follow. Only long spellings are read, with the
/// short ones no other command takes first: `-r` is `--reload-settings`
/// first and `--raw` after, `-i` `--initiate` first and `--ike` after,
/// `-v` `--version` first and `--debug LEVEL` after. Not `--uri` (another
/// VICI socket, or a TCP address), `+FILE` (options read from a file),
/// `--monitor-sa`, `--counters` (`--reset`), nor any change.
const SWANCTL: Spec = Spec {
    flags: "lLPxABgST",
    long: &[
        "list-sas",
        "list-pols",
        "list-conns",
        "list-certs",
        "list-authorities",
        "list-pools",
        "list-algs",
        "stats",
        "version",
        "log",
        "raw",
        "pretty",
        "noblock",
        "leases",
        "utc",
        "help",
    ],
    long_valued: &["ike", "ike-id", "child", "type", "subject", "name"],
    operands: Operands::None,
    ..Spec::GNU
};

/// headscale's options for its lists: the output's format, the user.
/// Not `-o`/`--output`: a machine format prints each node's whole
/// pre-auth key (`Node.Proto()` embeds it, headscale 0.23 to 0.26;
/// review 73).
const HEADSCALE_SHOW: Spec = Spec {
    // (`--tags`/`-t` is a boolean in `nodes list`: the next word is no
    // value of it; review 80.)
    flags: "ht",
    valued: "u",
    long: &["help", "tags"],
    long_valued: &["user"],
    operands: Operands::None,
    ..Spec::GNU
};

verbs_then!(HEADSCALE_LIST, "list|ls", HEADSCALE_SHOW, false);
verbs_then!(HEADSCALE_POLICY, "get", HEADSCALE_SHOW, false);

/// headscale(1) 0.23 (cobra): nodes, users and routes listed, the ACL
/// policy, the version. Not `preauthkeys list` (it prints the keys whole),
/// `-c`/`--config`, nor any change (`nodes register|delete|expire|move`,
/// `users create|destroy|rename`, `routes enable`).
const HEADSCALE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "nodes|node|machines|machine|users|user|namespaces|routes|route|r",
                spec: Some(&HEADSCALE_LIST),
            },
            Verb {
                names: "policy",
                spec: Some(&HEADSCALE_POLICY),
            },
            Verb {
                names: "version",
                spec: Some(&HEADSCALE_SHOW),
            },
        ],
        bare_ok: false,
    },
    ..HEADSCALE_SHOW
};

/// openvpn(8) 2.6: its version and the algorithms it offers, nothing
/// else (any other option configures a tunnel it would start).
const OPENVPN: Spec = Spec {
    long: &[
        "version",
        "show-ciphers",
        "show-digests",
        "show-tls",
        "show-groups",
        "show-curves",
        "show-engines",
        "help",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// logcli's options for its queries (kingpin: anywhere on the line). Not
/// `--username`/`--password`/`--bearer-token*`, `--tls-*`, the parallel
/// download options (`--parallel-*`, `--part-path-prefix` write part
/// files), `--tail` (follows).
const LOGCLI_SHOW: Spec = Spec {
    flags: "q",
    valued: "zo",
    long: &[
        "quiet",
        "stats",
        "help",
        "analyze-labels",
        "forward",
        "no-labels",
        "colored-output",
    ],
    long_valued: &[
        "addr",
        "org-id",
        "output",
        "timezone",
        "since",
        "from",
        "to",
        "limit",
        "step",
        "interval",
        "batch",
        "now",
        "exclude-label",
        "include-label",
        "labels-length",
    ],
    checked: &[("addr", super::apps::lab_url)],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// logcli(1), Grafana Loki 3: labels, series, log and metric queries, to
/// the Loki on `--addr` (a lab host) or `LOKI_ADDR` (a setting on the line
/// is judged on its own).
const LOGCLI: Spec = Spec {
    flags: "q",
    long: &["quiet", "help", "version"],
    long_valued: &["addr", "org-id"],
    checked: &[("addr", super::apps::lab_url)],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "labels|series|query|instant-query|stats|volume|volume_range",
            spec: Some(&LOGCLI_SHOW),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `netdatacli aclk-state [json]`.
const NETDATACLI_LEAF: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| w == "json",
    },
    ..Spec::POSIX
};

/// netdatacli(1), Netdata 1.4x: `ping`, `aclk-state`, `version`, `help`
/// (not `reload-health`, `save-database`, `reopen-logs`,
/// `shutdown-agent`, `fatal-agent`, `remove-stale-node`, `dumpconfig`).
const NETDATACLI: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ping|aclk-state|version|help",
            spec: Some(&NETDATACLI_LEAF),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// gitlab-ctl(1), GitLab Omnibus 16/17: the services' states and list.
/// Not `show-config` (the whole configuration, with its secrets),
/// `tail` (every log, from which `gitlab-rails` prints tokens), nor any
/// change (`reconfigure`, `restart`, `stop`, `cleanse`, `uninstall`,
/// `remove-accounts`).
const GITLAB_CTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|service-list",
            spec: Some(&ONE_SERVICE),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const ONE_SERVICE: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// gitlab-rake(1): the environment's report (`gitlab:env:info`). Not the
/// checks: their executor repairs what fails (`GitConfigCheck` writes the
/// git user's ~/.gitconfig), and the mail and LDAP checks log in to
/// servers that are often outside the lab (review 98). Any other task is
/// code that may change anything, and a `NAME=value` word sets a variable
/// for it.
const GITLAB_RAKE: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| w == "gitlab:env:info",
    },
    ..Spec::ORDERED
};

/// A `docker://` reference to a registry on a lab host. Not a local
/// store: `containers-storage:` creates the store (and its lock files)
/// where its `[driver@root+runroot]` says (review 74).
/// (Docker takes the first part of a reference for a registry only when
/// it has a `.` or a `:` or is `localhost`: `docker://2130706433/app` is
/// Docker Hub's `2130706433/app`; review 80.)
fn lab_image(word: &str) -> bool {
    word.strip_prefix("docker://").is_some_and(|rest| {
        let domain = rest.split('/').next().unwrap_or(rest);
        let host = domain.rsplit_once(':').map_or(domain, |(h, _)| h);
        let registry = domain.contains(['.', ':']) || domain == "localhost";
        rest.contains('/') && registry && crate::Egress::loopback_only().allows(host)
    })
}

/// A registry on a lab host as Docker reads a reference's first part:
/// only with a `.` or a `:`, or `localhost` (`10.0.10.5:5000`,
/// `registry.lan`); anything else is a Docker Hub name.
fn lab_registry(word: &str) -> bool {
    let host = word.rsplit_once(':').map_or(word, |(h, _)| h);
    let registry = word.contains(['.', ':']) || word == "localhost";
    let plain = word
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b':' | b'-' | b'_'));
    plain && registry && crate::Egress::loopback_only().allows(host)
}

/// An image or repository on a lab registry ([`lab_registry`]), as crane
/// and regctl name them: `REGISTRY/REPO[:TAG|@DIGEST]`.
fn lab_reference(word: &str) -> bool {
    word.split_once('/').is_some_and(|(registry, rest)| {
        lab_registry(registry)
            && !rest.is_empty()
            && rest.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'.' | b':' | b'-' | b'_' | b'/' | b'@')
            })
    })
}

/// `crane catalog REGISTRY`.
const CRANE_CATALOG: Spec = Spec {
    // (cobra reads the persistent flags after the subcommand too.)
    flags: "hv",
    long: &["full-ref", "help", "insecure", "verbose"],
    long_valued: &["platform"],
    operands: Operands::Exactly {
        count: 1,
        test: lab_registry,
    },
    ..Spec::GNU
};

/// `crane ls|digest|manifest|config IMAGE`.
const CRANE_IMAGE: Spec = Spec {
    flags: "hv",
    long: &[
        "full-ref",
        "omit-digest-tags",
        "help",
        "insecure",
        "verbose",
    ],
    long_valued: &["platform"],
    operands: Operands::Exactly {
        count: 1,
        test: lab_reference,
    },
    ..Spec::GNU
};

/// crane (go-containerregistry 0.20): a lab registry's catalog, tags,
/// digests and manifests, read with the login Docker keeps (sent to that
/// registry only). `--insecure` (plain HTTP, to the lab). Not `config`
/// (the image's configuration, its baked-in `Env` among it, as `docker
/// image inspect`), `auth` (prints the login), `export`/`pull` (write
/// files), `copy`,
/// `delete`, `tag`, `push`, `append`, `mutate`, `rebase`, `flatten`.
const CRANE: Spec = Spec {
    flags: "v",
    long: &["insecure", "verbose", "help"],
    long_valued: &["platform"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "catalog",
                spec: Some(&CRANE_CATALOG),
            },
            Verb {
                names: "ls|digest|manifest",
                spec: Some(&CRANE_IMAGE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `regctl repo ls REGISTRY`.
const REGCTL_REPO: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ls",
            spec: Some(&REGCTL_REGISTRY),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const REGCTL_REGISTRY: Spec = Spec {
    operands: Operands::Exactly {
        count: 1,
        test: lab_registry,
    },
    ..Spec::GNU
};
/// `regctl tag ls REPO`, `image digest IMAGE`, `manifest get IMAGE`, with
/// `--platform`. Not `image inspect|config` (the image's configuration,
/// its baked-in `Env` among it), `--format` (a Go template with regctl's
/// own functions).
const REGCTL_READS: Spec = Spec {
    long_valued: &["platform"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ls|digest|get",
            spec: Some(&REGCTL_IMAGE),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const REGCTL_IMAGE: Spec = Spec {
    long_valued: &["platform"],
    operands: Operands::Exactly {
        count: 1,
        test: lab_reference,
    },
    ..Spec::GNU
};

/// regctl (regclient 0.7): tags, repositories, digests, manifests and
/// image configs of a lab registry. Not `registry set|login` (write its
/// configuration), `image copy|delete|mod|export`, `tag delete`,
/// `manifest put|delete`, `blob`, `artifact`, `--host` (a registry's
/// settings, credentials among them, on the line).
const REGCTL: Spec = Spec {
    valued: "v",
    long_valued: &["verbosity", "logopt"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "repo",
                spec: Some(&REGCTL_REPO),
            },
            Verb {
                names: "tag|image|manifest",
                spec: Some(&REGCTL_READS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// ctr(8), containerd 1.7: the lists of images, containers, snapshots,
/// content, tasks, namespaces, plugins and leases (`ls`/`list`, `-q`),
/// and `version`. Not `info` (a container's spec, its environment among
/// it), `pull`, `rm`, `run`, `import`, `export`, `prune`, `tag`.
const CTR: Spec = Spec {
    valued: "an",
    long: &["debug", "help", "version"],
    long_valued: &["address", "namespace", "timeout", "connect-timeout"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "images|image|i|containers|container|c|snapshots|snapshot|content|tasks|task|t|namespaces|namespace|ns|plugins|plugin|leases",
                spec: Some(&CTR_OBJECTS),
            },
            Verb {
                names: "version",
                spec: Some(&CTR_LIST),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};
const CTR_OBJECTS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ls|list",
            spec: Some(&CTR_LIST),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const CTR_LIST: Spec = Spec {
    flags: "q",
    long: &["quiet"],
    long_valued: &["snapshotter", "filter"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `skopeo list-tags IMAGE`: its tags. Not `--creds`, `--authfile`,
/// `--cert-dir`, `--registries.d`.
const SKOPEO_LEAF: Spec = Spec {
    flags: "h",
    long: &["no-creds", "help"],
    long_valued: &["retry-times"],
    long_optional: &["tls-verify"],
    operands: Operands::Names {
        at_most: 1,
        test: lab_image,
    },
    ..Spec::GNU
};

/// `skopeo inspect --raw IMAGE`: the manifest as the registry stores it.
/// Without `--raw` skopeo prints a summary of the image's configuration,
/// its baked-in `Env` among it (as `docker image inspect`); `--config`
/// prints the configuration itself, `--format` any of its fields (stop
/// 67).
const SKOPEO_INSPECT: Spec = Spec {
    flags: "hn",
    long: &["raw", "no-creds", "help", "no-tags"],
    required: &["raw"],
    // (`--tls-verify` is a boolean: only `--tls-verify=BOOL` gives it a
    // value, and the next word is the image; review 80.)
    long_valued: &["retry-times", "override-arch", "override-os"],
    long_optional: &["tls-verify"],
    operands: Operands::Names {
        at_most: 1,
        test: lab_image,
    },
    ..Spec::GNU
};

/// skopeo(1) 1.13: images inspected and tags listed, on a registry on a
/// lab host or a local store. Not `copy`, `delete`, `sync`, `login`.
const SKOPEO: Spec = Spec {
    long: &["help", "version", "debug"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list-tags",
                spec: Some(&SKOPEO_LEAF),
            },
            Verb {
                names: "inspect",
                spec: Some(&SKOPEO_INSPECT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// ccache(1) 4.8: the statistics, the configuration, the version. Not
/// `-z` (zeroes the statistics), `-C`/`-c` (cleans), `-M`/`-F`/`-o`
/// (settings), `-X`, `--recompress`, `--evict-*`; any operand is a
/// compiler it would run.
const CCACHE: Spec = Spec {
    // (Not `-p`/`--show-config`, nor `-k` of the remote storage: ccache
    // prints its URL whole, a password or bearer token in it, and hides
    // them only in its logs; review 80.)
    flags: "sxVvh",
    valued: "k",
    checked: &[("k", ccache_setting), ("get-config", ccache_setting)],
    long: &[
        "show-stats",
        "show-compression",
        "print-stats",
        "version",
        "verbose",
        "help",
    ],
    long_valued: &["get-config"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A ccache setting that holds no credential.
fn ccache_setting(key: &str) -> bool {
    !key.is_empty()
        && !key.contains("storage")
        && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
}

/// rsyslogd(8) 8.2302: `-N LEVEL` checks the configuration and exits,
/// `-v` prints the version; without either it starts the daemon. Not
/// `-f` of another file (echoed in its errors, its `module(load=…)`
/// loaded): only the default one named; not `-o` (writes the whole
/// configuration to a file).
const RSYSLOGD: Spec = Spec {
    flags: "v",
    valued: "Nf",
    // (rsyslogd reads the level with `atoi`: `-N0`, `-Nx` start the
    // daemon; review 74.)
    checked: &[
        ("N", |v| {
            !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && v.bytes().any(|b| b != b'0')
        }),
        ("f", |v| v == "/etc/rsyslog.conf"),
    ],
    required: &["N", "v"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// Grafana Loki 3 and Promtail 3 (Go's `flag`): the configuration checked
/// (`-verify-config`, `-check-syntax`) or the version; without one the
/// server starts. Not `-print-config-stderr` (the whole configuration,
/// secrets included), `-dry-run`.
const LOKI: Spec = Spec {
    long: &["verify-config", "check-syntax", "version", "help"],
    long_valued: &["config.file"],
    long_optional: &["config.expand-env"],
    single_dash_long: true,
    required: &["verify-config", "check-syntax", "version"],
    operands: Operands::None,
    ..Spec::ORDERED
};

/// A Zabbix item key that only reads the host's own counters: no file
/// contents (`vfs.file.*`, `log[…]`), no command (`system.run`), no
/// connection (`net.tcp.port`, `web.page.*`, `net.dns*`).
pub(super) fn zabbix_local_key(key: &str) -> bool {
    // The agent's own keys, whole (item keys are one namespace: a
    // `UserParameter=vfs.fs.custom,CMD` under a built-in's prefix runs
    // CMD, and one named as a built-in stops the agent from starting;
    // review 98).
    const KEYS: &[&str] = &[
        "agent.hostname",
        "agent.ping",
        "agent.version",
        "agent.variant",
        "system.cpu.load",
        "system.cpu.num",
        "system.cpu.util",
        "system.cpu.switches",
        "system.cpu.intr",
        "system.cpu.discovery",
        "system.uptime",
        "system.hostname",
        "system.uname",
        "system.boottime",
        "system.localtime",
        "system.swap.size",
        "system.swap.in",
        "system.swap.out",
        "system.users.num",
        "system.sw.arch",
        "vm.memory.size",
        "vm.memory.utilization",
        "vfs.fs.size",
        "vfs.fs.inode",
        "vfs.fs.discovery",
        "vfs.fs.get",
        "vfs.dev.read",
        "vfs.dev.write",
        "vfs.dev.discovery",
        "net.if.in",
        "net.if.out",
        "net.if.total",
        "net.if.collisions",
        "net.if.discovery",
        "net.tcp.listen",
        "net.udp.listen",
        "net.tcp.socket.count",
        "net.udp.socket.count",
        "proc.num",
        "proc.mem",
        "proc.cpu.util",
        "kernel.maxfiles",
        "kernel.maxproc",
        "kernel.openfiles",
    ];
    let name = key.split('[').next().unwrap_or(key);
    KEYS.contains(&name) && !key.contains(['\n', '`', '$', ';', '|', '&'])
}

/// zabbix_agentd(8) and zabbix_agent2(8) 6/7: an item tested (`-t KEY`,
/// a host counter), the configuration tested (`-T`), the version;
/// without one the agent starts. Not `-p` (every item run: DNS look-ups,
/// user parameters' commands; review 74), `-c` (another configuration),
/// `-R` (runtime control).
#[rustfmt::skip]
const ZABBIX_AGENT: Spec = Spec {
    flags: "TVh",
    valued: "t",
    long: &["test-config", "version", "help"],
    long_valued: &["test"],
    checked: &[("t", zabbix_local_key), ("test", zabbix_local_key)],
    required: &["T", "V", "h", "t", "test-config", "version", "help", "test"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A zone's name after a pdnsutil report.
const PDNSUTIL_ZONE: Spec = Spec {
    flags: "v",
    long: &["verbose"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// pdnsutil(1), PowerDNS Authoritative 4.8: zones listed and checked,
/// their DNSSEC state shown (public parts only). Not `list-tsig-keys`
/// (the TSIG secrets), `export-zone-key` (a private key), `--config-dir`,
/// nor any change (`edit-zone`, `rectify-zone`, `delete-zone`,
/// `replace-rrset`, `secure-zone`, `increase-serial`).
const PDNSUTIL: Spec = Spec {
    flags: "v",
    long: &["verbose"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list-zone|list-all-zones|check-zone|check-all-zones|show-zone|list-keys",
            spec: Some(&PDNSUTIL_ZONE),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// pdns_control(1), PowerDNS 4.8: the server's liveness, version and
/// uptime (not `quit`, `cycle`, `purge`, `notify`, `set`, `reload`).
const PDNS_CONTROL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "rping|ping|version|uptime|status",
            spec: Some(&NOTHING_MORE),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const NOTHING_MORE: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

#[rustfmt::skip]
/// syslog-ng-ctl(1), syslog-ng 4.x: the running daemon's counters, its
/// health, its files, through its default control socket (not `-c`:
/// another socket). Not `stats --reset`, `query get --reset` (counters
/// zeroed), `--remove-orphans`, `reload`, `stop`, `config` (the
/// configuration, credentials among it), `verbose|debug|trace --set`.
const SYSLOG_NG_CTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "stats|healthcheck|list-files",
                spec: Some(&SYSLOG_NG_CTL_REPORT),
            },
            Verb {
                names: "query",
                spec: Some(&SYSLOG_NG_CTL_QUERY),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const SYSLOG_NG_CTL_REPORT: Spec = Spec {
    flags: "p",
    long: &["prometheus", "legacy"],
    operands: Operands::None,
    ..Spec::GNU
};
const SYSLOG_NG_CTL_QUERY: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|get",
            spec: Some(&SYSLOG_NG_CTL_PATTERN),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const SYSLOG_NG_CTL_PATTERN: Spec = Spec {
    long: &["sum"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// vector(1), Vector 0.3x: `validate --no-environment` (without it, the
/// sinks' health checks connect wherever they point), `list`, `graph`,
/// and `top` of a lab API. Not `tap` (the events themselves), `test`,
/// `generate`, `vrl`, `--watch-config`.
const VECTOR: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "validate",
                spec: Some(&VECTOR_VALIDATE),
            },
            Verb {
                names: "list|graph",
                spec: Some(&VECTOR_READ),
            },
            Verb {
                names: "top",
                spec: Some(&VECTOR_TOP),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};
const VECTOR_READ: Spec = Spec {
    valued: "cC",
    long: &["help"],
    long_valued: &[
        "config",
        "config-dir",
        "config-yaml",
        "config-toml",
        "config-json",
        "format",
    ],
    ..Spec::GNU
};
const VECTOR_VALIDATE: Spec = Spec {
    long: &["no-environment", "deny-warnings", "help"],
    required: &["no-environment"],
    ..VECTOR_READ
};
const VECTOR_TOP: Spec = Spec {
    valued: "ui",
    long: &["human-metrics", "no-reconnect", "help"],
    long_valued: &["url", "interval"],
    checked: &[("url", super::lab_url), ("u", super::lab_url)],
    operands: Operands::None,
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["syslog-ng-ctl"],
        spec: &SYSLOG_NG_CTL,
        read_only: &[
            "syslog-ng-ctl stats",
            "syslog-ng-ctl query list",
            "syslog-ng-ctl query get 'dst.*.dropped'",
            "syslog-ng-ctl query get --sum 'center.*.processed'",
            "syslog-ng-ctl healthcheck",
            "syslog-ng-ctl list-files",
        ],
        not: &[
            "syslog-ng-ctl stats --reset",
            "syslog-ng-ctl query get --reset 'dst.*'",
            "syslog-ng-ctl stats --remove-orphans",
            "syslog-ng-ctl reload",
            "syslog-ng-ctl config --preprocessed",
            "syslog-ng-ctl -c /tmp/s stats",
        ],
    },
    Entry {
        names: &["vector"],
        spec: &VECTOR,
        read_only: &[
            "vector validate --no-environment /etc/vector/vector.yaml",
            "vector validate --no-environment --config-dir /etc/vector/conf.d",
            "vector list",
            "vector graph --config /etc/vector/vector.yaml",
            "vector top --url http://10.0.0.45:8686/graphql",
        ],
        not: &[
            "vector validate /etc/vector/vector.yaml",
            "vector top --url http://example.com:8686/graphql",
            "vector tap --url http://127.0.0.1:8686/graphql",
            "vector",
            "vector --config /etc/vector/vector.yaml",
        ],
    },
    Entry {
        names: &["pdnsutil"],
        spec: &PDNSUTIL,
        read_only: &[
            "pdnsutil list-zone home.lan",
            "pdnsutil check-zone home.lan",
            "pdnsutil list-all-zones",
        ],
        not: &[
            "pdnsutil list-tsig-keys",
            "pdnsutil delete-zone home.lan",
            "pdnsutil --config-dir=/tmp/x list-all-zones",
            "pdnsutil export-zone-key home.lan 1",
        ],
    },
    Entry {
        names: &["pdns_control"],
        spec: &PDNS_CONTROL,
        read_only: &["pdns_control rping", "pdns_control version"],
        not: &[
            "pdns_control quit",
            "pdns_control purge",
            "pdns_control notify home.lan",
        ],
    },
    Entry {
        names: &["logcli"],
        spec: &LOGCLI,
        read_only: &[
            "logcli --addr=http://localhost:3100 labels",
            "logcli --addr=http://localhost:3100 query --since=1h --limit=200 '{host=\"pve2\"}'",
            "logcli --addr=http://localhost:3100 series --analyze-labels '{}'",
            "logcli --addr=http://localhost:3100 instant-query 'sum(count_over_time({job=\"syslog\"}[1h]))'",
            "logcli labels host --since=24h",
        ],
        not: &[
            "logcli --addr=http://evil.example:3100 labels",
            "logcli --password=x labels",
            "logcli query '{job=\"x\"}' --parallel-max-workers=4 --part-path-prefix=/tmp/p",
            "logcli query --tail '{job=\"x\"}'",
        ],
    },
    Entry {
        names: &["netdatacli"],
        spec: &NETDATACLI,
        read_only: &[
            "netdatacli ping",
            "netdatacli aclk-state",
            "netdatacli aclk-state json",
        ],
        not: &[
            "netdatacli shutdown-agent",
            "netdatacli reload-health",
            "netdatacli dumpconfig",
        ],
    },
    Entry {
        names: &["gitlab-ctl"],
        spec: &GITLAB_CTL,
        read_only: &[
            "gitlab-ctl status",
            "gitlab-ctl status puma",
            "gitlab-ctl service-list",
        ],
        not: &[
            "gitlab-ctl show-config",
            "gitlab-ctl tail",
            "gitlab-ctl reconfigure",
            "gitlab-ctl cleanse",
        ],
    },
    Entry {
        names: &["gitlab-rake"],
        spec: &GITLAB_RAKE,
        read_only: &["gitlab-rake gitlab:env:info"],
        not: &[
            "gitlab-rake gitlab:backup:create",
            "gitlab-rake gitlab:check SANITIZE=true",
            "gitlab-rake db:migrate",
            "gitlab-rake -T",
        ],
    },
    Entry {
        names: &["ctr", "k3s ctr"],
        spec: &CTR,
        read_only: &[
            "ctr -n k8s.io images ls -q",
            "k3s ctr -n k8s.io containers ls",
            "ctr -n k8s.io containers ls",
            "ctr -n k8s.io snapshots ls",
            "ctr -n k8s.io content ls",
            "ctr version",
            "ctr namespaces ls",
        ],
        not: &[
            "ctr -n k8s.io containers info x",
            "ctr images pull docker.io/library/alpine:latest",
            "ctr -n k8s.io images rm x",
            "ctr run x y",
            "ctr images export /tmp/x.tar x",
        ],
    },
    Entry {
        names: &["crane"],
        spec: &CRANE,
        read_only: &[
            "crane catalog --insecure 10.0.10.5:5000",
            "crane ls --insecure 10.0.10.5:5000/homepage",
            "crane digest 10.0.10.5:5000/homepage:1.4.2",
            "crane manifest registry.lan/app@sha256:abc",
        ],
        not: &[
            "crane ls homepage",
            "crane catalog index.docker.io",
            "crane manifest evil.example/app",
            "crane auth get 10.0.10.5:5000",
            "crane delete 10.0.10.5:5000/app:1",
            "crane export 10.0.10.5:5000/app /tmp/x.tar",
            "crane copy 10.0.10.5:5000/a 10.0.10.5:5000/b",
            "crane ls 2130706433/app",
            "crane config --insecure localhost:5000/caddy:2.8",
        ],
    },
    Entry {
        names: &["regctl"],
        spec: &REGCTL,
        read_only: &[
            "regctl tag ls 10.0.10.5:5000/immich-server",
            "regctl repo ls 10.0.10.5:5000",
            "regctl image digest 10.0.10.5:5000/grafana:11.2.0",
            "regctl manifest get --platform linux/amd64 10.0.10.5:5000/grafana:11.2.0",
        ],
        not: &[
            "regctl tag ls grafana/grafana",
            "regctl tag delete 10.0.10.5:5000/a:1",
            "regctl registry set 10.0.10.5:5000 --tls disabled",
            "regctl image copy 10.0.10.5:5000/a 10.0.10.5:5000/b",
            "regctl manifest get 10.0.10.5:5000/a:1 --format '{{jsonPretty .}}'",
            "regctl --host reg=10.0.10.5:5000,user=x,pass=y tag ls 10.0.10.5:5000/a",
            "regctl repo ls docker.io",
            "regctl image inspect 10.0.10.5:5000/grafana:11.2.0",
            "regctl image config 10.0.10.5:5000/grafana:11.2.0",
        ],
    },
    Entry {
        names: &["skopeo"],
        spec: &SKOPEO,
        read_only: &[
            "skopeo inspect --raw --tls-verify=false docker://localhost:5000/app:latest",
            "skopeo list-tags --tls-verify=false docker://localhost:5000/base/debian",
            "skopeo inspect --raw docker://registry.lan:5000/app:1",
        ],
        not: &[
            "skopeo inspect docker://registry.example.com/app",
            "skopeo copy docker://localhost:5000/a dir:/tmp/a",
            "skopeo inspect --creds u:p docker://localhost:5000/a",
            "skopeo delete docker://localhost:5000/a:1",
            "skopeo inspect containers-storage:localhost/app:1",
            "skopeo inspect 'containers-storage:[overlay@/etc/cron.d/x+/run/x]localhost/a'",
            "skopeo inspect --tls-verify docker://evil.example/app",
            "skopeo inspect --tls-verify 'containers-storage:[overlay@/etc/cron.d/x+/run/x]localhost/a'",
            "skopeo inspect docker://2130706433/app",
            "skopeo list-tags docker://0x7f000001/app",
            "skopeo inspect docker://registry.lan:5000/app:1",
            "skopeo inspect --raw --config docker://registry.lan:5000/app:1",
            "skopeo inspect --format '{{.Env}}' docker://registry.lan:5000/app:1",
        ],
    },
    Entry {
        names: &["ccache"],
        spec: &CCACHE,
        read_only: &[
            "ccache -s",
            "ccache --show-stats -v",
            "ccache -k max_size",
            "ccache --get-config=cache_dir",
            "ccache --version",
        ],
        not: &[
            "ccache -z",
            "ccache -C",
            "ccache gcc -c x.c",
            "ccache -M 10G",
            "ccache -p",
            "ccache --show-config",
            "ccache -k remote_storage",
            "ccache --get-config=secondary_storage",
        ],
    },
    Entry {
        names: &["rsyslogd"],
        spec: &RSYSLOGD,
        read_only: &[
            "rsyslogd -N1",
            "rsyslogd -N 1",
            "rsyslogd -v",
            "rsyslogd -N1 -f /etc/rsyslog.conf",
        ],
        not: &[
            "rsyslogd",
            "rsyslogd -n",
            "rsyslogd -N1 -f /tmp/x.conf",
            "rsyslogd -N1 -o /etc/x",
            "rsyslogd -N0",
            "rsyslogd -N x",
            "rsyslogd -N-0",
        ],
    },
    Entry {
        names: &["loki", "promtail"],
        spec: &LOKI,
        read_only: &[
            "loki -config.file=/etc/loki/config.yml -verify-config",
            "promtail -config.file=/etc/promtail/config.yml -check-syntax",
            "loki -version",
        ],
        not: &[
            "loki -config.file=/etc/loki/config.yml",
            "loki -config.file=/etc/loki/config.yml -print-config-stderr -verify-config",
            "promtail -config.file=/etc/promtail/config.yml -dry-run",
        ],
    },
    Entry {
        names: &["zabbix_agentd", "zabbix_agent2"],
        spec: &ZABBIX_AGENT,
        read_only: &[
            "zabbix_agent2 -t 'system.cpu.load[all,avg1]'",
            "zabbix_agent2 -T",
            "zabbix_agent2 -V",
            "zabbix_agentd -t 'vfs.fs.size[/,pfree]'",
            "zabbix_agentd -t 'proc.num[,,run]'",
        ],
        not: &[
            "zabbix_agent2",
            "zabbix_agent2 -t 'vfs.file.contents[/etc/shadow]'",
            "zabbix_agent2 -t 'system.run[id]'",
            "zabbix_agentd -t 'net.tcp.port[evil.example,80]'",
            "zabbix_agent2 -c /tmp/x.conf -T",
            "zabbix_agentd -R log_level_increase",
            "zabbix_agentd -p",
            "zabbix_agent2 --print",
        ],
    },
    Entry {
        names: &["swanctl"],
        spec: &SWANCTL,
        read_only: &[
            "swanctl --list-sas",
            "swanctl -l --ike site-b",
            "swanctl --list-conns",
            "swanctl --list-pols --raw",
            "swanctl --list-certs --utc",
            "swanctl --list-pools --leases",
            "swanctl --stats",
            "swanctl --version",
            "swanctl --list-authorities",
        ],
        not: &[
            "swanctl --initiate --child net",
            "swanctl -i --child net",
            "swanctl -r",
            "swanctl --terminate --ike site-b",
            "swanctl --load-all",
            "swanctl -q",
            "swanctl --list-sas --uri tcp://evil.example:4502",
            "swanctl +/tmp/opts",
            "swanctl --rekey --ike site-b",
            "swanctl --counters --reset",
        ],
    },
    Entry {
        names: &["headscale"],
        spec: &HEADSCALE,
        read_only: &[
            "headscale nodes list --tags",
            "headscale users list",
            "headscale routes list",
            "headscale nodes list --user homelab",
            "headscale policy get",
            "headscale version",
        ],
        not: &[
            "headscale preauthkeys list --user homelab",
            "headscale nodes list -o json",
            "headscale node ls --output=yaml",
            "headscale nodes delete -i 3 --force",
            "headscale users destroy homelab",
            "headscale nodes list -c /tmp/x.yaml",
            "headscale nodes expire -i 3",
            "headscale routes enable -r 4",
            "headscale nodes list --tags --output=json",
            "headscale nodes list --tags -ojson",
            "headscale nodes list --tags --config=/tmp/x.yaml",
        ],
    },
    Entry {
        names: &["openvpn"],
        spec: &OPENVPN,
        read_only: &[
            "openvpn --version",
            "openvpn --show-ciphers",
            "openvpn --show-tls",
        ],
        not: &[
            "openvpn --config /etc/openvpn/client.conf",
            "openvpn --genkey secret /etc/openvpn/ta.key",
            "openvpn --show-ciphers --config x.conf",
        ],
    },
    Entry {
        names: &["flux"],
        spec: &FLUX,
        read_only: &[
            "flux get kustomizations -A",
            "flux get sources git -n flux-system",
            "flux get all -A --status-selector ready=false",
            "flux logs --level=error --since=1h",
            "flux events -n flux-system --for Kustomization/apps",
            "flux tree kustomization apps --compact",
            "flux stats -A",
            "flux version --client",
            "flux -n monitoring get helmreleases",
        ],
        not: &[
            "flux reconcile kustomization apps --with-source",
            "flux suspend kustomization apps",
            "flux export source git flux-system --with-credentials",
            "flux get kustomizations --kubeconfig /tmp/k",
            "flux get all --server https://evil.example",
            "flux diff kustomization apps --path ./clusters/lab",
            "flux get kustomizations -w",
            "flux uninstall --silent",
            "flux get all --token abc",
            "flux check --pre",
        ],
    },
    Entry {
        names: &["argocd"],
        spec: &ARGOCD,
        read_only: &[
            "argocd app list",
            "argocd app get homepage",
            "argocd app history homepage",
            "argocd app diff homepage",
            "argocd app list -o wide -p default",
            "argocd cluster list",
            "argocd repo list",
            "argocd account get-user-info",
            "argocd version --client",
            "argocd app resources homepage --grpc-web",
        ],
        not: &[
            "argocd app get homepage -o yaml",
            "argocd app get homepage --hard-refresh",
            "argocd app diff homepage --local ./apps",
            "argocd app sync homepage",
            "argocd app list --server evil.example:443",
            "argocd app list --auth-token x",
            "argocd app manifests homepage",
            "argocd context lab",
            "argocd app get homepage --show-params",
            "argocd app delete homepage -y",
        ],
    },
    Entry {
        names: &["cmctl"],
        spec: &CMCTL,
        read_only: &[
            "cmctl check api --wait=30s",
            "cmctl status certificate -n monitoring grafana-tls",
            "cmctl version",
        ],
        not: &[
            "cmctl renew --all",
            "cmctl inspect secret -n monitoring grafana-tls",
            "cmctl check api --kubeconfig /tmp/k",
            "cmctl approve -n x req",
        ],
    },
    Entry {
        names: &["nats"],
        spec: &NATS,
        read_only: &[
            "nats stream ls",
            "nats stream info ORDERS --json",
            "nats consumer ls ORDERS",
            "nats consumer info ORDERS billing -j",
            "nats kv ls",
            "nats stream report",
            "nats --context lab server ping",
        ],
        not: &[
            "nats stream view ORDERS",
            "nats sub 'orders.>' --count 5",
            "nats kv get cfg token",
            "nats stream rm ORDERS -f",
            "nats -s nats://evil.example:4222 stream ls",
            "nats --creds /root/x.creds stream ls",
            "nats context info lab",
            "nats pub orders.new hi",
            "nats --context /tmp/x.json stream ls",
            "nats stream ls --context=./lab.json",
            "nats account info",
            "nats stream ls \"@$HOME/args\"",
            "logcli query '{job=\"x\"}' \"@$PWD/args\"",
        ],
    },
    Entry {
        names: &["ollama"],
        spec: &OLLAMA,
        read_only: &[
            "ollama list",
            "ollama ls",
            "ollama ps",
            "ollama show llama3.1:8b",
            "ollama show qwen2.5-coder:14b --modelfile",
            "ollama --version",
            "ollama show llama3.1:8b --parameters",
        ],
        not: &[
            "ollama run llama3.1:8b hi",
            "ollama pull llama3.1:8b",
            "ollama rm llama3.1:8b",
            "ollama stop llama3.1:8b",
            "ollama serve",
            "ollama cp a b",
        ],
    },
];
