//! Reads that return secrets without naming a secret file: a container's
//! environment (`docker inspect`, `docker exec … env`), a disk read raw
//! (`dd if=/dev/sda`), names read from a file list (`file -f
//! /etc/shadow` prints each line), paths an awk program names in its own
//! text, a recursive search by default (`ag`), configuration a tool
//! assembles from a path (`systemd-analyze cat-config`), API credentials
//! a tool prints (`pvenode acme plugin config`, `kubectl get secret`).
//!
//! The environment is a secret too (decided for issue 29, class 3): a
//! Nomos session on a target runs what root's startup files export, and
//! homelab operators keep API tokens there (`export CF_API_TOKEN=…` in
//! `~/.bashrc`, which Debian's bash reads for SSH commands); a
//! container's or a service's environment is the application's, where
//! compose files, images and units keep database passwords. So printing
//! a whole environment (`env`, `printenv`, `set`, `declare -p`, `export
//! -p`, `ps e`, `systemctl show` of a unit's `Environment=`, `jq env`,
//! awk's `ENVIRON`) or one variable whose name says credential (`echo
//! $DB_PASSWORD`, `printenv AWS_SECRET_ACCESS_KEY`) needs a person.
//! Printing one ordinary variable (`printenv PATH`, `echo $HOME`) does
//! not.

use super::secrets;
use super::{Arg, Verdict, reads_secret};
use crate::options::{Reading, Value};
use crate::secret_paths::Folders;

/// Why `name args…` may print a secret it does not name, if it may.
/// Whether an LVM report asks for the volumes' tags, or every field
/// (`all`, `lv_all`).
fn asks_tags(lits: &[&str]) -> bool {
    lits.iter().any(|w| {
        let w = w.to_ascii_lowercase();
        w.contains("tags")
            || w.split(',').any(|f| {
                let f = f.trim_start_matches('+');
                f == "all" || f.ends_with("_all")
            })
    })
}

pub(super) fn reveals(name: &str, args: &[Arg], folders: &Folders) -> Option<Verdict> {
    // With no words, only the environment printers and `ag`'s kin print
    // anything hidden.
    let bare = matches!(
        name,
        "env"
            | "printenv"
            | "set"
            | "declare"
            | "typeset"
            | "export"
            | "readonly"
            | "ag"
            | "ack"
            | "ack-grep"
            | "ugrep"
            | "pt"
            | "sift"
            // Bare, they decode every packet of the first interface.
            | "tcpdump"
            | "tshark"
    );
    if args.is_empty() && !bare {
        return None;
    }
    // (`args` come respelled, one option and one value to a word, from
    // its one caller, `prints_hidden_secret`: the rules below read a value
    // as the word after its option.)
    let all: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    // Global options come before the verb (`systemctl --no-pager show`,
    // `docker -l error inspect`, `kubectl --sort-by X get`).
    let lits: Vec<&str> = super::from_verb(name, args);
    if let Some(verdict) = environment(name, args, &lits) {
        return Some(verdict);
    }
    match name {
        "docker" | "podman" | "nerdctl" => container_environment(name, &lits),
        "docker-compose" | "podman-compose" => {
            let mut words = vec!["compose"];
            words.extend(&lits);
            container_environment(name, &words)
        }
        // (Into a sink, `dd if=/dev/sda of=/dev/null` times a read and
        // prints only its counts.)
        // (The last `of=` counts, as dd reads its operands.)
        "dd" if lits
            .iter()
            .rev()
            .find_map(|w| w.strip_prefix("of="))
            .is_some_and(|out| matches!(out, "/dev/null" | "/dev/zero"))
            && args.iter().all(|a| a.literal().is_some()) =>
        {
            None
        }
        "dd" => args
            .iter()
            .filter_map(|a| a.raw().strip_prefix("if="))
            .find(|input| {
                secrets::may_print_secret(input, input.contains('$'), folders)
                    || crate::secret_paths::file_names_secret(input, folders)
            })
            .map(reads_secret),
        "awk" | "gawk" | "mawk" | "nawk" | "busybox" => awk_program(&lits),
        // An encrypted OSD's LVM tags hold its cephx lockbox secret (which
        // fetches the disk's key): `ceph-volume lvm|raw list`, and the
        // tags asked of `lvs` (thirty-second review).
        "ceph-volume" if lits.contains(&"list") => {
            Some(reads_secret("the OSDs' LVM tags, with their cephx lockbox secrets"))
        }
        // (Every field: `all`, `lv_all`; the same report from the display
        // commands' `-C`/`--columns`; thirty-third review.)
        "lvs" | "pvs" | "vgs" | "lvdisplay" | "pvdisplay" | "vgdisplay" if asks_tags(&lits) => {
            Some(reads_secret("the volumes' tags, where Ceph keeps its OSDs' lockbox secrets"))
        }
        // (lvm(8)'s own reports: the same fields by their command, and
        // `fullreport` without `-o` shows every one; review 140.)
        "lvm"
            if asks_tags(&lits)
                || (lits.contains(&"fullreport")
                && !lits
                    .iter()
                    .any(|w| matches!(*w, "-o" | "--options") || w.starts_with("--options="))) =>
        {
            Some(reads_secret("the volumes' tags, where Ceph keeps its OSDs' lockbox secrets"))
        }
        "tcpdump" => tcpdump_prints_payload(args),
        "ag" | "ack" | "ack-grep" | "ugrep" | "pt" | "sift" => {
            // `-g PATTERN` lists file names and reads no contents. (`-l`
            // still reads them: which files hold a word is an answer
            // about their contents, as with `grep -rl`.)
            if lits
                .iter()
                .any(|w| *w == "-g" || w.starts_with("--filename-pattern"))
            {
                return None;
            }
            let search = super::search::Search::new(name, &lits);
            let folders_named = search.folders();
            let reached = folders_named
                .iter()
                .find(|f| !f.starts_with('/') || search.reaches_secret(f));
            match (folders_named.is_empty(), reached) {
                (true, _) => Some(reads_secret("the working folder recursively")),
                (false, Some(folder)) => {
                    Some(reads_secret(&format!("the folder {folder} recursively")))
                }
                (false, None) => None,
            }
        }
        // `-p`/`-c` print the members (unless zipinfo's mode, which only
        // a first `-Z` selects: after the archive, `-Z` is a member's
        // name): a backup's keys and passwords, never named.
        "unzip"
            if !lits.first().is_some_and(|w| w.starts_with("-Z"))
                && lits.iter().any(|w| {
                    w.starts_with('-') && !w.starts_with("--") && w.contains(['p', 'c'])
                }) =>
        {
            Some(reads_secret("the files inside an archive, printed"))
        }
        "systemd-analyze" if lits.first() == Some(&"cat-config") => lits[1..]
            .iter()
            .filter(|w| !w.starts_with('-'))
            .find(|w| {
                // A name is its file and its `NAME.d` drop-ins; a name
                // ending in `.d` is a collection, every file in it
                // (`apt/auth.conf.d`).
                let w = w.trim_end_matches('/');
                let collection = if w.ends_with(".d") {
                    format!("{w}/x.conf")
                } else {
                    format!("{w}.d/x.conf")
                };
                w.contains("..")
                    || w.starts_with("environment.d")
                    || ["/etc/", "/run/", "/usr/lib/", "/"].iter().any(|root| {
                        [w, collection.as_str()].iter().any(|name| {
                            crate::secret_paths::names_secret_in(&format!("{root}{name}"), true, folders)
                        })
                    })
            })
            .map(|w| reads_secret(w)),
        "pvenode" if lits.starts_with(&["acme", "plugin"]) => Some(reads_secret(
            "an ACME DNS plugin's configuration (its API credentials)",
        )),
        "kubectl" | "oc" => kubectl(name, args, &lits),
        "k3s" | "microk8s" if all.first() == Some(&"kubectl") => {
            kubectl("kubectl", &args[1..], &super::from_verb("kubectl", &args[1..]))
        }
        // systemd's properties over D-Bus hold a unit's `Environment=`;
        // `systemd-analyze dump` prints every unit's.
        // (PID 1 by its unique name, `:1.1`, or a word only known at run
        // time may be systemd too.)
        "busctl"
            if matches!(lits.first(), Some(&"get-property" | &"introspect"))
                && (lits
                    .iter()
                    .any(|w| w.contains("systemd1") || w.starts_with(':'))
                    || args.iter().any(|a| a.literal().is_none())) =>
        {
            Some(reads_secret(
                "systemd's unit properties, `Environment=` included",
            ))
        }
        "systemd-analyze" if lits.first() == Some(&"dump") => {
            Some(reads_secret("every unit's state, `Environment=` included"))
        }
        // (`-F COREDUMP` lists the field's values: with `Storage=journal`
        // each is a core image.)
        "journalctl"
            if all.iter().any(|w| {
                w.contains("COREDUMP_ENVIRON")
                    || w.contains("COREDUMP=")
                    || *w == "COREDUMP"
                    || w.ends_with("-FCOREDUMP")
                    || w.ends_with("=COREDUMP")
            }) =>
        {
            Some(reads_secret(
                "a crashed process's environment, as its core dump recorded it",
            ))
        }
        // `zcat -r /etc` reads every file below.
        "zcat" | "gzip" | "gunzip" | "zgrep"
            if all.iter().any(|w| {
                *w == "-r"
                    || *w == "--recursive"
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('r'))
            }) =>
        {
            all.iter()
                .filter(|w| !w.starts_with('-'))
                .find(|w| crate::secret_paths::tree_may_hold_secrets(w) || !w.starts_with('/'))
                .map(|w| reads_secret(&format!("the folder {w} recursively")))
        }
        // `diff -r --from-file=/etc …` compares every file below; `diff
        // /etc/ssh /tmp/x` every file of the folder that the other one
        // has too (or, with `-N`, every file).
        "diff" => all
            .iter()
            .filter_map(|w| {
                w.strip_prefix("--from-file=")
                    .or_else(|| w.strip_prefix("--to-file="))
            })
            .find(|f| crate::secret_paths::tree_may_hold_secrets(f) || crate::secret_paths::secret_path(f))
            .or_else(|| {
                super::positionals(args, super::search::valued("diff"))
                    .into_iter()
                    .filter_map(Arg::literal)
                    .find(|w| {
                        secrets::folder_like(w)
                            && folders
                                .resolve_reading(w)
                                .iter()
                                .any(|f| crate::secret_paths::folder_with_secrets_in_it(f))
                    })
            })
            .map(|f| reads_secret(&format!("the folder {f}, compared file by file"))),
        // Every byte a traced program reads and writes (`strace chage -l
        // root` shows /etc/shadow), unless only counting.
        "strace" | "ltrace" if !only_counts(name, args) => Some(reads_secret(
            "what the traced program reads and writes, secrets included",
        )),
        "psql" | "pg_dump" | "pg_dumpall" | "pg_isready" | "pgbench" | "vacuumdb" | "reindexdb"
        | "createdb" | "clusterdb" | "mysql" | "mariadb" | "mysqladmin" | "mariadb-admin"
        | "mysqldump" | "mariadb-dump" | "mysqlshow" | "mysqlcheck" => foreign_socket(name, &lits)
            .map(|socket| {
                reads_secret(&format!(
                    "root's stored database password (`.pgpass`, `.my.cnf`), sent to whoever serves the socket {socket}"
                ))
            })
            .or_else(|| {
                matches!(name, "mysql" | "mariadb")
                    .then(|| mysql_credentials(&lits))
                    .flatten()
            }),
        // (Debian's yq is jq's wrapper, and runs jq's language; review
        // 129.)
        "jq" | "gojq" | "yq"
            if lits
                .iter()
                // (jq's lexer needs no blank: `import"x"`, `import#…`.)
                .any(|w| jq_keyword(w, "import") || jq_keyword(w, "include")) =>
        {
            Some(reads_secret("files its program imports"))
        }
        // A program read from a file or the input is not on the card
        // (`jq -n -f /dev/stdin <<< '$ENV'`).
        "jq" | "gojq" | "yq"
            if lits.iter().any(|w| {
                w.starts_with("--from-file")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('f'))
            }) =>
        {
            Some(reads_secret(
                "what a program it reads from a file may print, the environment included",
            ))
        }
        // `man /tmp/x.1` and `man -M DIR` format pages the command chooses,
        // whose `.so` requests include any file.
        "man"
            if lits.iter().any(|w| w.contains('/') && !w.starts_with('-'))
                || lits
                    .windows(2)
                    .any(|p| matches!(p[0], "-M" | "--manpath") && !p[1].starts_with("/usr/"))
                || lits.iter().any(|w| {
                    w.strip_prefix("--manpath=")
                        .is_some_and(|v| !v.starts_with("/usr/"))
                }) =>
        {
            Some(reads_secret(
                "a manual page from a folder the command chooses, which can include any file",
            ))
        }
        // Kernel keys among the settings: TCP Fast Open's, IPv6's
        // `stable_secret`.
        "sysctl"
            if lits
                .iter()
                .any(|w| w.contains("fastopen_key") || w.contains("stable_secret")) =>
        {
            Some(reads_secret(
                "kernel keys (TCP Fast Open, IPv6 stable_secret)",
            ))
        }
        // binutils read more options and files from `@FILE`, and so do
        // programs parsing with Go's kingpin (promtool, amtool, logcli)
        // and its fork fisk (nats; review 73).
        "nm" | "strings" | "objdump" | "readelf" | "size" | "ar" | "addr2line" | "c++filt"
        | "elfedit" | "ranlib" | "promtool" | "amtool" | "logcli" | "nats"
            // (A word only known at run time counts by its text: `"@$HOME/args"`
            // is an `@FILE` too; review 80.)
            if args
                .iter()
                .any(|a| a.raw().trim_start_matches(['"', '\'', '\\']).starts_with('@')) =>
        {
            Some(reads_secret(
                "options and files it reads from an `@FILE`, which are not on the card",
            ))
        }
        "git" => super::programs::git::contents(&lits, args, folders),
        "named-checkconf" => {
            let flags: String = lits
                .iter()
                .filter(|w| w.starts_with('-') && !w.starts_with("--"))
                .map(|w| &w[1..])
                .collect();
            (flags.contains('p') && !flags.contains('x')).then(|| {
                reads_secret(
                    "the DNS server's configuration, TSIG keys included (`-p` without `-x`)",
                )
            })
        }
        "file" | "du" | "wc" | "md5sum" | "sha1sum" | "sha256sum" | "sha512sum" | "b2sum"
        | "b3sum" | "cksum" | "stat" | "ls" | "find" => file_list(name, &lits, folders),
        // systemd-coredump keeps each crashed process's environment.
        "coredumpctl" | "journalctl"
            if lits.iter().any(|w| w.contains("COREDUMP_ENVIRON"))
                || (name == "journalctl"
                    && lits.iter().any(|w| w.contains("systemd-coredump"))
                    && lits.iter().any(|w| {
                        w.starts_with("-o") || w.starts_with("--output") || *w == "--all"
                    })) =>
        {
            Some(reads_secret("crashed processes' environments"))
        }
        // mikefarah's yq reads files and the environment from expressions.
        // (`eval` builds an expression from strings, `envsubst` expands
        // variables in any string: either reaches the forbidden ones.)
        "yq" if lits.iter().any(|w| {
            ["load", "strenv(", "env(", "$ENV", "eval", "envsubst"]
                .iter()
                .any(|f| w.contains(f))
        }) =>
        {
            Some(reads_secret(
                "files or the environment its expression loads",
            ))
        }
        "journalctl" => journal_fields(args),
        // `systemctl status` shows the unit's journal, its crashes too.
        "systemctl" => journal_fields(args),
        // A container's `lxc.environment` items are its environment.
        "lxc-info" if all.iter().any(|w| w.contains("lxc.environment")) => Some(reads_secret(
            "the container's environment (`lxc.environment`)",
        )),
        _ => None,
    }
}

/// kubectl's `-f`/`--filename` takes a file, a folder or a URL (`get`,
/// `describe`, `top`, `events`, …): a URL is fetched, from anywhere and
/// with whatever its path carries; so may a value only known at run time.
/// (`logs -f` follows: its table reads it as a flag.)
fn kubectl_fetches(line: &Reading) -> Option<Verdict> {
    line.values(&["f", "filename"])
        .any(|v| match v {
            Some(Value::Text(t)) => t.contains("://"),
            Some(Value::RunTime(_)) => true,
            None => false,
        })
        .then(|| {
            Verdict::mutation(
                "kubectl fetches its manifest from a URL, which may be anywhere and carry data",
            )
        })
}

/// Whether `kubectl describe KIND …` may print a pod template's `env:`:
/// its kind (the operand after the verb, `KIND[.GROUP][/NAME]`) is not one
/// known to hold none, is only known at run time, or its objects come from
/// a file (`-f`).
fn describes_env(line: &Reading) -> bool {
    // Kinds that hold no pod template and no data.
    const PLAIN: &[&str] = &[
        "node",
        "nodes",
        "no",
        "namespace",
        "namespaces",
        "ns",
        "service",
        "services",
        "svc",
        "ingress",
        "ingresses",
        "ing",
        "pv",
        "persistentvolume",
        "persistentvolumes",
        "pvc",
        "persistentvolumeclaim",
        "persistentvolumeclaims",
        "storageclass",
        "storageclasses",
        "sc",
        "endpoints",
        "ep",
        "event",
        "events",
        "ev",
        "priorityclass",
        "priorityclasses",
        "pc",
        "lease",
        "leases",
        "networkpolicy",
        "networkpolicies",
        "netpol",
        "ingressclass",
        "ingressclasses",
        // (Access rules, accounts, quotas and the API's own records; stop
        // 73, blind corpus 166.)
        "clusterrole",
        "clusterroles",
        "role",
        "roles",
        "rolebinding",
        "rolebindings",
        "clusterrolebinding",
        "clusterrolebindings",
        "serviceaccount",
        "serviceaccounts",
        "sa",
        "limitrange",
        "limitranges",
        "limits",
        "resourcequota",
        "resourcequotas",
        "quota",
        "endpointslice",
        "endpointslices",
        "runtimeclass",
        "runtimeclasses",
        "csinode",
        "csinodes",
        "csidriver",
        "csidrivers",
        "volumeattachment",
        "volumeattachments",
        // (cert-manager's: names, issuers and dates; the key is in a
        // secret.)
        "certificate",
        "certificates",
        "cert",
        "certs",
    ];
    // The API groups of Kubernetes itself: a kind qualified by any other
    // is a custom resource (`services.serving.knative.dev` holds a pod
    // template; `nodes.longhorn.io` is no node).
    const GROUPS: &[&str] = &[
        "",
        "apps",
        "batch",
        "policy",
        "networking.k8s.io",
        "events.k8s.io",
        "storage.k8s.io",
        "rbac.authorization.k8s.io",
        "scheduling.k8s.io",
        "coordination.k8s.io",
        "discovery.k8s.io",
        "node.k8s.io",
        "cert-manager.io",
    ];
    if line.values(&["f", "filename"]).next().is_some() {
        return true;
    }
    let Some(kind) = line.operands.get(1).and_then(|a| a.literal()) else {
        return true;
    };
    let kind = kind.split('/').next().unwrap_or(kind).to_ascii_lowercase();
    // (A version first, `nodes.v1.`, is not read: asked.)
    let (kind, group) = kind.split_once('.').unwrap_or((kind.as_str(), ""));
    !(PLAIN.contains(&kind) && GROUPS.contains(&group))
}

/// kubectl's `-o` formats (lower-cased, as kubectl reads them; `None` for
/// one only known at run time), in every spelling pflag takes, as its
/// table reads the line.
fn kubectl_formats(line: &Reading) -> Vec<Option<String>> {
    line.values(&["o", "output"])
        .map(|v| match v {
            // pflag takes `-o=yaml` as `yaml`.
            Some(Value::Text(t)) => Some(
                t.strip_prefix('=')
                    .unwrap_or(t)
                    .trim_matches(['\'', '"'])
                    .to_ascii_lowercase(),
            ),
            // (Unquoted, a JSONPath index is a bracket glob,
            // `custom-columns=R:.status.containerStatuses[0].restartCount`:
            // a file it matches differs only there, a path no less plain;
            // blind corpus 166.)
            Some(Value::RunTime(raw)) if crate::options::index_globs_only(raw) => {
                Some(raw.to_ascii_lowercase())
            }
            Some(Value::RunTime(_)) | None => None,
        })
        .collect()
}

/// Whether a kubectl output format (lower case) names only plain fields:
/// `jsonpath=…` or `custom-columns=…` whose every path ends at a field
/// from [`KUBERNETES_PLAIN_FIELDS`] and passes through none that holds
/// values an application put there (`env`, `data`, `annotations`, a
/// container's `args`), with no recursive descent (`..`).
fn kubectl_plain_fields(format: &str) -> bool {
    let Some((kind, body)) = format.split_once('=') else {
        return false;
    };
    let paths: Option<Vec<(&str, bool)>> = match kind {
        "jsonpath" | "jsonpath-as-json" => jsonpath_paths(body),
        "custom-columns" => body
            .split(',')
            .map(|column| column.split_once(':').map(|(_, path)| (path, true)))
            .collect(),
        _ => None,
    };
    paths.is_some_and(|paths| {
        paths.iter().any(|(_, printed)| *printed)
            && paths
                .iter()
                .all(|(p, printed)| plain_field_path(p, *printed))
    })
}

/// The field paths of a JSONPath template (`{range .items[*]}{.x}{"\t"}
/// {end}`): each block's path, and whether it is printed (a `range`'s
/// is iterated over); literals and `end` hold none. `None` for a block
/// that does not end.
fn jsonpath_paths(template: &str) -> Option<Vec<(&str, bool)>> {
    let mut paths = Vec::new();
    let mut at = 0;
    while let Some(open) = template[at..].find('{').map(|o| at + o) {
        // The block ends at the first `}` outside quotes (a literal's
        // quotes may hold a brace).
        let mut quote = None;
        let mut close = None;
        for (i, c) in template[open + 1..].char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '}') => {
                    close = Some(open + 1 + i);
                    break;
                }
                _ => {}
            }
        }
        let close = close?;
        let block = template[open + 1..close].trim();
        at = close + 1;
        if block == "end" || block.starts_with(['"', '\'']) {
            continue;
        }
        match block.strip_prefix("range ") {
            Some(list) => paths.push((list.trim(), false)),
            None => paths.push((block, true)),
        }
    }
    Some(paths)
}

/// Whether a JSONPath (lower case) reads a plain field: relative, no
/// recursive descent, filters aside its names pass through nothing an
/// application fills, and, `printed`, it ends at a plain field (a list
/// `range` iterates over is not printed).
fn plain_field_path(path: &str, printed: bool) -> bool {
    if !path.starts_with(['.', '@']) || path.contains("..") {
        return false;
    }
    // Filters and indices out (`[?(@.type=="Ready")]`, `[*]`, `[0]`).
    let mut names = String::new();
    let mut depth = 0usize;
    for c in path.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => names.push(c),
            _ => {}
        }
    }
    if depth != 0 {
        return false;
    }
    const FILLED: &[&str] = &[
        "env",
        "envfrom",
        "data",
        "stringdata",
        "binarydata",
        "annotations",
        "args",
        "command",
        "managedfields",
        "secret",
        "secrets",
        "token",
        "password",
        "auth",
    ];
    let segments: Vec<&str> = names
        .trim_start_matches('@')
        .split('.')
        .filter(|s| !s.is_empty())
        .collect();
    (!printed
        || segments
            .last()
            .is_some_and(|leaf| KUBERNETES_PLAIN_FIELDS.contains(leaf)))
        && !segments.iter().any(|s| FILLED.contains(s))
}

/// Fields of Kubernetes objects that hold names, counts, states and
/// addresses, nothing an application fills in (lower case).
#[rustfmt::skip]
const KUBERNETES_PLAIN_FIELDS: &[&str] = &[
    "name", "namespace", "image", "phase", "replicas", "readyreplicas", "availablereplicas",
    "updatedreplicas", "unavailablereplicas", "currentreplicas", "restartcount", "nodename",
    "podip", "podips", "hostip", "ip", "hostname", "host", "ready", "started", "qosclass",
    "storage", "unschedulable", "kubeletversion", "containerruntimeversion", "osimage",
    "kernelversion", "architecture", "operatingsystem", "type", "reason", "message",
    "lasttimestamp", "firsttimestamp", "creationtimestamp", "starttime", "count", "memory", "cpu",
    "storageclassname", "volumename", "accessmodes", "clusterip", "clusterips", "externalips",
    "nodeport", "port", "targetport", "protocol", "status", "state", "robustness", "conditions",
    "containerstatuses", "kind", "apiversion", "uid", "schedule", "suspend", "lastscheduletime",
    "completiontime", "succeeded", "failed", "active", "exitcode", "startedat", "finishedat",
    "containerid", "imageid", "capacity", "allocatable", "limits", "requests", "resources",
    "servicename", "ingress", "loadbalancer", "nodeinfo", "addresses", "labels", "ports",
    "images", "restartpolicy", "serviceaccountname", "priority", "priorityclassname",
    // (Blind corpus 78.)
    "taints", "persistentvolumereclaimpolicy", "reclaimpolicy", "volumemode", "provisioner",
];

/// kubectl's log level (`--v=N`, `--v N`): from 8 it prints the API's
/// response bodies. A level that is not a plain number counts as high.
fn kubectl_dumps_bodies(line: &Reading) -> bool {
    line.values(&["v"]).any(|v| match v {
        Some(Value::Text(t)) => t.parse::<u32>().map_or(true, |n| n >= 8),
        Some(Value::RunTime(_)) | None => true,
    })
}

/// journalctl(1) output modes that print every field of an entry.
const ALL_FIELDS: &[&str] = &[
    "verbose",
    "export",
    "json",
    "json-pretty",
    "json-sse",
    "json-seq",
];

/// journalctl's short options that take a value (the rest of the word, or
/// the next word), as its getopt string has them; `-b` and `-n` take one
/// only in the same word (`-n5`; a next word only when it is a number).
const JOURNALCTL_VALUED: &str = "DSUcutpgoFiMT";
const JOURNALCTL_OPTIONAL: &str = "bn";

/// systemd-coredump logs each crash as a journal entry whose fields hold
/// the crashed process's environment (`COREDUMP_ENVIRON`, whatever
/// `Storage=` says) and, with `Storage=journal`, its memory (`COREDUMP`);
/// `journalctl -u UNIT` selects a unit's crashes too. So an output mode
/// that prints every field (`-o json`, `export`, `verbose`, …, in any
/// spelling or option order), or `--output-fields` naming a `COREDUMP*`
/// field, prints them; naming only other fields (`-o json
/// --output-fields=MESSAGE,_PID`) does not. A mode that is not a plain
/// word counts as every field. Entries matched by the unit that logged
/// them (`_SYSTEMD_UNIT=sshd.service`, a field journald sets itself) are
/// not systemd-coredump's, unless a `+` or a unit option (`-u`, which
/// adds a unit's crashes) widens the match.
fn journal_fields(args: &[Arg]) -> Option<Verdict> {
    let mut mode: Option<Option<&str>> = None;
    // Every `--output-fields` given (journalctl adds them up).
    let mut fields: Vec<Option<&str>> = Vec::new();
    let mut words = args.iter().map(Arg::literal);
    while let Some(word) = words.next() {
        let Some(word) = word else { continue };
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = long
                .split_once('=')
                .map_or((long, None), |(n, v)| (n, Some(v)));
            let mut value = || inline.or_else(|| words.next().flatten());
            match name {
                "output" => mode = Some(value()),
                "output-fields" => fields.push(value()),
                _ => {}
            }
        } else if let Some(cluster) = word.strip_prefix('-') {
            let valued = |c| JOURNALCTL_VALUED.contains(c) || JOURNALCTL_OPTIONAL.contains(c);
            if let Some(at) = cluster.find(valued) {
                let rest = &cluster[at + 1..];
                let optional = cluster[at..].starts_with(|c| JOURNALCTL_OPTIONAL.contains(c));
                let value = match (rest.is_empty(), optional) {
                    (false, _) => Some(rest),
                    (true, true) => None,
                    (true, false) => words.next().flatten(),
                };
                if cluster[at..].starts_with('o') {
                    mode = Some(value);
                }
            }
        }
    }
    let names_coredump = |list: &str| {
        list.split(',')
            .any(|f| f.trim().to_ascii_uppercase().starts_with("COREDUMP"))
    };
    if fields.iter().flatten().any(|list| names_coredump(list)) {
        return Some(reads_secret("a crashed process's core dump fields"));
    }
    // Named fields only, each list a plain word that names some.
    let listed_only = !fields.is_empty()
        && fields
            .iter()
            .all(|list| list.is_some_and(|l| !l.trim().is_empty()));
    let lits: Vec<Option<&str>> = args.iter().map(Arg::literal).collect();
    let units: Vec<&str> = lits
        .iter()
        .filter_map(|w| w.and_then(|w| w.strip_prefix("_SYSTEMD_UNIT=")))
        .collect();
    let widened = lits.iter().any(|w| match w {
        Some(w) => {
            *w == "+"
                || w.starts_with("-u")
                || w.starts_with("--unit")
                || w.starts_with("--user-unit")
        }
        None => true,
    });
    let logged_by_units = !units.is_empty()
        && !widened
        && units
            .iter()
            .all(|u| !u.to_ascii_lowercase().contains("coredump"));
    let every_field = match mode {
        Some(Some(m)) => ALL_FIELDS.contains(&m),
        Some(None) => true,
        None => false,
    };
    (every_field && !listed_only && !logged_by_units).then(|| {
        reads_secret(
            "every field of the journal's entries, crashed processes' environments \
             (`COREDUMP_ENVIRON`) included; name the fields wanted with `--output-fields`",
        )
    })
}

/// Whether a variable's name says it holds a credential.
pub(crate) fn credential_name(name: &str) -> bool {
    // Every part below is three letters or more.
    if name.len() < 3 {
        return name.eq_ignore_ascii_case("pw");
    }
    let upper = name.to_ascii_uppercase();
    [
        "SECRET",
        "TOKEN",
        "PASSW",
        "PASSPHRASE",
        "CREDENTIAL",
        "PRIVATE",
        "API_KEY",
        "APIKEY",
        "ACCESS_KEY",
        "AUTH",
        "_KEY",
        "_PWD",
        "COOKIE",
        "SESSION",
        "DATABASE_URL",
        "_DSN",
        "CONNECTION_STRING",
        "_PASS",
        "PASS_",
        "WEBHOOK",
        "PSK",
        "BINDPW",
        "SSHPASS",
        "JWT",
        "BEARER",
        "CRED",
        "_PW",
        "TOTP",
        "_PAT",
        // Connection strings that carry a password.
        "MONGODB_URI",
        "MONGO_URL",
        "REDIS_URL",
        "AMQP_URL",
        "BROKER_URL",
        "DB_URL",
        "DB_URI",
        "POSTGRES_URL",
        "MYSQL_URL",
    ]
    .iter()
    .any(|part| upper.contains(part))
        && upper != "SSH_AUTH_SOCK"
        || matches!(upper.as_str(), "PASS" | "PW" | "PWD_HASH")
        // The same words run into the name without a separator
        // (`PVEPASS`, `ROOTPW`, `MASTERKEY`, `SLACKHOOK`), before a number
        // or a `_` qualifier (`PVEPASS2`, `ROOTPW_PROD`): not the working
        // folder's `PWD`/`OLDPWD`.
        || (!matches!(upper.as_str(), "PWD" | "OLDPWD")
            && upper
                .match_indices('_')
                .map(|(at, _)| &upper[..at])
                .chain(std::iter::once(upper.as_str()))
                .map(|stem| stem.trim_end_matches(|c: char| c.is_ascii_digit() || c == '_'))
                .any(|stem| {
                    ["PASS", "PW", "PWD", "KEY", "KEYS", "HOOK", "DSN", "_BOT"]
                        .iter()
                        .any(|end| stem.ends_with(end))
                }))
        || ["HOOK", "PRIV"].iter().any(|part| upper.contains(part))
}

/// Whether a variable bash, a login or sshd sets holds only plain facts
/// (where the session is, who it is, the shell's own counters): printing
/// it prints no credential. Every other variable a command reads without
/// setting it first comes from the environment, which is where
/// credentials are kept, under names no list can know (`$PVE_TICKET`,
/// `$HASS_LLAT`): that read asks.
pub(crate) fn plain_environment(name: &str) -> bool {
    PLAIN_ENVIRONMENT.contains(&name)
}

#[rustfmt::skip]
const PLAIN_ENVIRONMENT: &[&str] = &[
    // A login's and sshd's.
    "HOME", "PATH", "USER", "LOGNAME", "SHELL", "MAIL", "TERM", "LANG", "LANGUAGE", "TZ",
    "PWD", "OLDPWD", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "HOSTNAME", "TMPDIR",
    "DISPLAY", "EDITOR", "VISUAL", "PAGER", "COLUMNS", "LINES", "DEBIAN_FRONTEND",
    // bash's own (bash(1), Shell Variables).
    "BASH", "BASHPID", "BASH_VERSION", "BASH_VERSINFO", "BASH_SUBSHELL", "BASH_LINENO",
    "BASH_SOURCE", "BASH_REMATCH", "BASH_COMMAND", "BASH_ARGC", "BASH_ARGV", "BASH_ARGV0",
    "EUID", "UID", "PPID", "GROUPS", "HOSTTYPE", "MACHTYPE", "OSTYPE", "SHLVL", "RANDOM",
    "SRANDOM", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "LINENO", "FUNCNAME",
    "PIPESTATUS", "IFS", "OPTIND", "OPTARG", "OPTERR", "REPLY", "MAPFILE", "DIRSTACK",
    "HISTFILE", "HISTSIZE", "HISTFILESIZE", "HISTCMD", "PS1", "PS2", "PS3", "PS4", "_",
    // The locale's categories (not any `LC_` name: Debian's sshd accepts
    // `LC_*` from the client, a common way to pass values along).
    "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES",
    "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
    "XDG_RUNTIME_DIR", "XDG_SESSION_ID", "XDG_SESSION_TYPE", "XDG_SESSION_CLASS",
    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_DIRS",
    "XDG_CONFIG_DIRS",
    // LinuxServer.io's images: the ids and the mask their service runs
    // with (blind corpus 183).
    "PUID", "PGID", "UMASK",
];

/// Variables a word expands (`$X`, `${X}`, `${X:-…}`).
pub(crate) fn expanded_names(raw: &str) -> Vec<&str> {
    raw.match_indices('$')
        .filter_map(|(at, _)| {
            let rest = raw[at + 1..].trim_start_matches('{');
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (end > 0).then(|| &rest[..end])
        })
        .collect()
}

/// A credential variable among a program's words, which it may print
/// (`echo`, the error message of `ls /x$DB_PASSWORD`, `set -x` traces);
/// not one curl only authenticates a read with: it goes to the service
/// it belongs to and is printed nowhere.
fn credential_given<'a>(name: &str, args: &'a [Arg]) -> Option<&'a str> {
    let authenticating = super::authenticating_args(name, args);
    args.iter()
        .filter(|a| a.is_dynamic() && !authenticating.iter().any(|x| std::ptr::eq(*x, *a)))
        .flat_map(|a| expanded_names(a.raw()))
        .find(|v| credential_name(v))
}

/// Whole environments and credential variables printed (see the module's
/// note).
fn environment(name: &str, args: &[Arg], lits: &[&str]) -> Option<Verdict> {
    let whole = |what: &str| Some(reads_secret(&format!("{what}, where credentials are kept")));
    let operands: Vec<&str> = lits
        .iter()
        .filter(|w| !w.starts_with('-'))
        .copied()
        .collect();
    // Any program given a credential variable may print it (`echo`, the
    // error message of `ls /x$DB_PASSWORD`, `realpath`, `set -x` traces).
    if let Some(var) = credential_given(name, args) {
        return Some(reads_secret(&format!("the variable {var}")));
    }
    match name {
        "printenv" if operands.is_empty() => whole("the environment"),
        // Any variable of the environment but the plain ones, whatever
        // its name says (`printenv PVE_TICKET`).
        "printenv" => operands
            .iter()
            .find(|v| credential_name(v) || !plain_environment(v))
            .map(|v| reads_secret(&format!("the variable {v}"))),
        "env" if env_runs_nothing(lits, args.len()) => whole("the environment"),
        "set" if args.is_empty() => whole("every variable of the shell"),
        // (Without names, an option that picks functions or an attribute
        // no environment's variable has prints none of those; any other,
        // `-x`, `-p`, `-g`, `-I`, `--`, prints them; review 99.)
        "declare" | "typeset" | "export" | "readonly" | "local" if operands.is_empty() => {
            let no_environment = name != "export"
                && !lits.is_empty()
                && lits.iter().all(|w| {
                    w.strip_prefix('-').is_some_and(|o| {
                        !o.is_empty() && o.chars().all(|c| "aAfFilrtu".contains(c))
                    })
                });
            (!no_environment)
                .then(|| reads_secret("every exported variable, where credentials are kept"))
        }
        "ps" if ps_shows_environment(lits) => whole("every process's environment"),
        "systemctl" if lits.first() == Some(&"show-environment") => {
            whole("the service manager's environment")
        }
        // The unit files themselves: their `Environment=` lines, drop-ins
        // (`override.conf`, where `systemctl edit` puts them) included.
        // (Not of units that run nothing, timers, targets, paths, slices,
        // automounts: systemd reads no `Environment=` in them; blind
        // corpora 158, 173, 178.)
        // (Options anywhere, systemd's getopt permuting; a glob whose
        // written end is the kind, `'*.timer'`, names units of that kind
        // alone; review 119.)
        "systemctl"
            if lits.first() == Some(&"cat")
                && !lits[1..].iter().all(|w| {
                    matches!(*w, "--no-pager" | "--full" | "-l" | "--quiet" | "-q")
                        || (!w.starts_with('-')
                            && [".timer", ".target", ".path", ".slice", ".automount"]
                                .iter()
                                .any(|kind| {
                                    w.strip_suffix(kind)
                                        .is_some_and(|stem| !stem.ends_with(['[', '\\']))
                                })
                            && !w.contains(['?', '[']))
                }) =>
        {
            Some(reads_secret(
                "a unit's files, whose `Environment=` lines hold credentials",
            ))
        }
        "systemd-analyze"
            if lits.first() == Some(&"cat-config")
                && lits[1..]
                    .iter()
                    .any(|w| !w.starts_with('-') && unit_config(w)) =>
        {
            Some(reads_secret(
                "a unit's files, whose `Environment=` lines hold credentials",
            ))
        }
        "systemctl" if lits.first() == Some(&"show") => {
            let properties: Vec<&str> = lits
                .iter()
                .enumerate()
                .filter_map(|(i, w)| match *w {
                    // (`--value` takes none: it only drops the names;
                    // review 139.)
                    "-p" | "-P" | "--property" => lits.get(i + 1).copied(),
                    _ => w
                        .strip_prefix("--property=")
                        .or_else(|| w.strip_prefix("-p").filter(|v| !v.is_empty()))
                        .or_else(|| w.strip_prefix("-P").filter(|v| !v.is_empty())),
                })
                .collect();
            // (`EnvironmentFiles` names files, no value; blind corpus 58.)
            let env = properties.is_empty()
                || properties.iter().flat_map(|p| p.split(',')).any(|p| {
                    matches!(
                        p,
                        "Environment" | "SetCredential" | "SetCredentialEncrypted"
                    ) || !p.bytes().all(|b| b.is_ascii_alphanumeric())
                });
            env.then(|| {
                reads_secret("a unit's `Environment=` settings, where credentials are kept")
            })
        }
        // Whichever word is the program (`--tab` takes no value,
        // `--argfile` two, after `--` it may start with `-`): any word
        // reading the environment counts.
        "jq" | "gojq" | "yq" => lits
            .iter()
            .find(|program| {
                program.contains("$ENV")
                    // jq 1.6 reads `$` and the name as two tokens: blanks
                    // and `#` comments may stand between (`$ ENV`).
                    || program.split('$').skip(1).any(|after| {
                        after.starts_with(|c: char| c.is_whitespace() || c == '#')
                    })
                    || program
                        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                        .any(|t| t == "env")
            })
            .map(|_| {
                reads_secret("the environment through `env`/`$ENV`, where credentials are kept")
            }),
        "awk" | "gawk" | "mawk" | "nawk" if lits.iter().any(|w| w.contains("ENVIRON")) => {
            whole("the environment through `ENVIRON`")
        }
        _ => None,
    }
}

/// Whether jq program text holds `keyword` as a token: not inside a
/// name or after `.` or `$`, and followed by anything but a name's
/// letter (`import "x"`, `import"x"`, `import#…` and a comment, the
/// path on the next line; review 129).
fn jq_keyword(text: &str, keyword: &str) -> bool {
    text.match_indices(keyword).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + keyword.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Whether `env`'s words are only options, their values and assignments
/// (so it prints the environment).
fn env_runs_nothing(lits: &[&str], words: usize) -> bool {
    if lits.len() != words {
        return false;
    }
    let mut skip = false;
    for w in lits {
        if skip {
            skip = false;
        } else if matches!(*w, "-u" | "--unset" | "-C" | "--chdir") {
            skip = true;
        } else if !w.starts_with('-') && !w.contains('=') {
            return false;
        }
    }
    true
}

/// `ps e`, `ps auxe`, `ps -ef e`, `ps eww`: BSD's `e` adds each process's
/// environment (`-e` is "every process", which shows none).
fn ps_shows_environment(lits: &[&str]) -> bool {
    const VALUED: &[&str] = &[
        "-o", "-O", "-p", "-u", "-U", "-g", "-G", "-C", "-t", "-q", "--format", "--sort", "k", "o",
        "O", "p", "U", "t",
    ];
    // `ps -auxe`: procps reads a dash cluster with BSD letters as BSD.
    let bsd_dashed = lits.iter().any(|w| {
        w.starts_with('-')
            && !w.starts_with("--")
            && w.contains('e')
            && w.len() >= 3
            && w.contains(['x', 'u', 's', 'g'])
    });
    // (procps-ng's `environ` format key, `ps -o environ=`, `docker top
    // web -eo pid,environ`; review 124.)
    let environ_key = lits.iter().any(|w| {
        w.split([',', '=', ' ', ':'])
            .any(|key| key.trim_start_matches("-o").trim_start_matches("--format") == "environ")
    });
    environ_key
        || bsd_dashed
        || lits.iter().enumerate().any(|(i, w)| {
            // (Or a dash cluster that ends in one: `-eo user`; review
            // 134.)
            let after_value = i > 0
                && (VALUED.contains(&lits[i - 1])
                    || (lits[i - 1].starts_with('-')
                        && !lits[i - 1].starts_with("--")
                        && lits[i - 1]
                            .ends_with(['o', 'O', 'p', 'u', 'U', 'g', 'G', 'C', 't', 'q'])));
            // (A BSD cluster's letters up to one that takes the rest as
            // its value: `ep1`, `eU0`, `eopid,args`; review 136.)
            !w.starts_with('-')
                && !after_value
                && w.len() <= 64
                && w.chars()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .scan(false, |valued, c| {
                        (!*valued).then(|| {
                            *valued = "pUtoOkq".contains(c);
                            c
                        })
                    })
                    .any(|c| c == 'e')
        })
}

/// podman-top(1)'s format descriptors and their AIX codes (`%C` is
/// pcpu); none shows a process's environment.
#[rustfmt::skip]
const PODMAN_TOP_DESCRIPTORS: &[&str] = &[
    "args", "capamb", "capbnd", "capeff", "capinh", "capprm", "comm", "etime", "group",
    "hgroup", "hgroups", "hpid", "huser", "label", "nice", "pcpu", "pgid", "pid", "ppid",
    "rgroup", "ruser", "seccomp", "state", "stime", "time", "tty", "user", "vsz", "%C", "%G",
    "%P", "%U", "%a", "%c", "%g", "%n", "%p", "%r", "%t", "%u", "%x", "%y", "%z",
];

/// Whether a Go template over a volume reads only its plain fields: every
/// action a list of `.Name`, `.Mountpoint`, `.Driver`, `.Scope` and
/// `.CreatedAt` with blanks, never `.` alone, `.Options`, `json` or a
/// function.
fn volume_format_plain(format: &str) -> bool {
    const PLAIN: &[&str] = &[".Name", ".Mountpoint", ".Driver", ".Scope", ".CreatedAt"];
    // A format without an action is a named one (`json`): everything.
    if !format.contains("{{") {
        return false;
    }
    let mut rest = format;
    while let Some(open) = rest.find("{{") {
        let Some(close) = rest[open..].find("}}") else {
            return false;
        };
        let action = rest[open + 2..open + close].trim_matches(['-', ' ']);
        if action.is_empty() || !action.split_whitespace().all(|w| PLAIN.contains(&w)) {
            return false;
        }
        rest = &rest[open + close + 2..];
    }
    !rest.contains("}}")
}

/// Whether `docker events` prints its default lines, every attribute (a
/// container's labels) among them: no format, or an empty one last
/// (`docker events -f` is `--filter`: the events' format has no short
/// option; review 114), unless every `type=` filter (they are or'ed)
/// names networks, volumes or the daemon, whose events carry the
/// engine's own attributes.
fn events_show_attributes(words: &[&str]) -> bool {
    let values = |option: &str| {
        let prefix = format!("{option}=");
        words
            .iter()
            .enumerate()
            .filter_map(|(i, w)| {
                if *w == option || (option == "--filter" && *w == "-f") {
                    words.get(i + 1).copied()
                } else {
                    w.strip_prefix(prefix.as_str())
                }
            })
            .collect::<Vec<&str>>()
    };
    let formatted = values("--format")
        .last()
        .is_some_and(|f| !f.trim().is_empty());
    let types: Vec<&str> = values("--filter")
        .into_iter()
        .filter_map(|f| f.strip_prefix("type="))
        .collect();
    let unlabelled = !types.is_empty()
        && types
            .iter()
            .all(|t| matches!(*t, "network" | "volume" | "daemon"));
    !formatted && !unlabelled
}

/// Whether a container listing prints full command lines, which hold the
/// arguments a container got (`redis-server --requirepass …`; review
/// 114): `--no-trunc` with the default row, a named format (`table`,
/// `json`: the whole row) or `{{.Command}}`; not `-q` as a word of its
/// own (not a format's text, `--format "-q {{.Command}}"`; review 115).
fn listing_shows_commands(words: &[&str]) -> bool {
    let quiet = words.iter().any(|w| {
        *w == "--quiet"
            || (w.len() > 1
                && w.starts_with('-')
                && w[1..].bytes().all(|b| b.is_ascii_alphabetic())
                && w.contains('q'))
    });
    let formats = secrets::docker_formats(words);
    words.contains(&"--no-trunc")
        && ((formats.is_empty() && !quiet)
            || formats
                .iter()
                .any(|f| f.contains("Command") || !f.contains("{{")))
}

/// `docker inspect` without a format that leaves the environment out,
/// `docker exec C env`, `docker compose config` (the compose file with
/// its `.env` values filled in).
fn container_environment(name: &str, words: &[&str]) -> Option<Verdict> {
    // The words that are not options nor the values of options that take
    // one (`compose -f FILE config`, `exec -u USER C env`).
    const VALUED: &[&str] = &[
        "-f",
        "--file",
        "-p",
        "--project-name",
        "--project-directory",
        "--env-file",
        "--profile",
        "--ansi",
        "--progress",
        "-u",
        "--user",
        "-w",
        "--workdir",
        "-e",
        "--env",
        "--format",
        "--type",
        "-n",
        "--tail",
        "--since",
        "--until",
    ];
    let verbs: Vec<&str> = super::plain_words(words, VALUED);
    let inspect = matches!(
        verbs.as_slice(),
        ["inspect", ..] | ["container" | "image", "inspect", ..]
    );
    // Labels through a listing's format (Traefik's `basicauth.users`
    // holds password hashes; thirty-third review).
    let listing = matches!(
        verbs.as_slice(),
        ["ps" | "images", ..]
            | ["container" | "image", "ls" | "list" | "ps", ..]
            | ["compose", "ps" | "images", ..]
    );
    // (`compose ls` shows a project's name, state and files, never a
    // label, in any format.)
    // (And the whole summary, `--format json`, `{{json .}}`, `{{.}}`, with
    // them; and every event's attributes, which are the labels: `docker
    // events`; thirty-fourth review.)
    let events = matches!(verbs.as_slice(), ["events", ..] | ["system", "events", ..]);
    let labels = super::secrets::format_shows_labels(words);
    let commands = listing && listing_shows_commands(words);
    if commands {
        return Some(reads_secret(&format!(
            "containers' command lines in full through `{name}`, their arguments (passwords among them)"
        )));
    }
    if (listing && labels) || (events && (labels || events_show_attributes(words))) {
        return Some(reads_secret(&format!(
            "containers' labels through `{name}` (a proxy's password hashes)"
        )));
    }
    // A volume's driver options hold a CIFS or NFS share's credentials
    // (`--opt o=addr=…,username=…,password=…`), in any output form.
    let volume = matches!(verbs.as_slice(), ["volume", "inspect", ..])
        || (inspect
            && words.iter().enumerate().any(|(i, w)| {
                *w == "--type=volume" || (*w == "--type" && words.get(i + 1) == Some(&"volume"))
            }));
    // Repeated, an option's last value counts (pflag): every format given
    // is checked.
    let formats = secrets::docker_formats(words);
    // Unless every format names only a volume's plain fields
    // (`--format '{{.Name}} {{.Mountpoint}}'`).
    let plain_fields = !formats.is_empty() && formats.iter().all(|f| volume_format_plain(f));
    if volume && !plain_fields {
        return Some(reads_secret(&format!(
            "a volume's driver options through `{name} volume inspect` (a share's password)"
        )));
    }
    if inspect {
        // The last `--type` decides.
        let other_object = words
            .iter()
            .enumerate()
            .filter_map(|(i, w)| match *w {
                "--type" => words.get(i + 1).copied(),
                _ => w.strip_prefix("--type="),
            })
            .next_back()
            .is_some_and(|k| matches!(k, "volume" | "network" | "node" | "plugin"));
        let shows_env = !other_object
            && (formats.is_empty()
                || formats.iter().any(|f| {
                    secrets::format_shows_secrets(f) || !secrets::template_fields_plain(f)
                }));
        return shows_env.then(|| {
            reads_secret(&format!(
                "the container's configuration through `{name} inspect`, environment (passwords, keys) included"
            ))
        });
    }
    // Names only, or nothing at all (`-q`: the model is only checked);
    // an option's value is neither (`--profile -q` names a profile).
    let is_value = |i: usize| i > 0 && VALUED.contains(&words[i - 1]);
    let names_only = words
        .iter()
        .enumerate()
        .filter(|(i, _)| !is_value(*i))
        .any(|(_, w)| {
            matches!(
                *w,
                "--services"
                    | "--volumes"
                    | "--profiles"
                    | "--images"
                    | "--networks"
                    | "--hash"
                    | "-q"
                    | "--quiet"
            )
        });
    if matches!(verbs.as_slice(), ["compose", "config", ..]) && !names_only {
        return Some(reads_secret(&format!(
            "the compose project through `{name} compose config`, its `.env` values filled in"
        )));
    }
    // `docker history --no-trunc`: every build step in full, the `ENV`
    // and `ARG` values baked into the image included.
    let history = verbs.first() == Some(&"history") || verbs.starts_with(&["image", "history"]);
    if history && words.contains(&"--no-trunc") {
        return Some(reads_secret(&format!(
            "an image's build steps in full through `{name} history --no-trunc`, its baked-in variables included"
        )));
    }
    // `docker top C auxe`: ps's `e` shows the container's environment.
    let top = verbs.first() == Some(&"top") || verbs.starts_with(&["container", "top"]);
    // (podman's own descriptors, `user pid %C etime`, hold no
    // environment; a word it does not know goes to ps; blind corpus 49.)
    let descriptors = &verbs[2.min(verbs.len())..];
    let podman_own = name == "podman"
        && !descriptors.is_empty()
        && descriptors
            .iter()
            .all(|d| PODMAN_TOP_DESCRIPTORS.contains(d));
    if top && !podman_own && ps_shows_environment(descriptors) {
        return Some(reads_secret(&format!(
            "the environment of the container's processes through `{name} top`"
        )));
    }
    let exec = verbs.first() == Some(&"exec") || verbs.starts_with(&["container", "exec"]);
    let printers = ["env", "printenv", "set", "export", "declare", "compgen"];
    (exec && verbs.iter().any(|w| printers.contains(w))).then(|| {
        reads_secret(&format!(
            "the container's environment through `{name} exec`, where applications keep passwords and keys"
        ))
    })
}

/// Paths an awk program names in its own text (`BEGIN { while ((getline
/// l < "/etc/shadow") > 0) print l }`), and programs that pick their
/// files at run time (`ARGV[1] = …`, `getline < name`).
fn awk_program(words: &[&str]) -> Option<Verdict> {
    let valued = ["-F", "-v", "-f", "--field-separator", "--assign", "--file"];
    let program = words
        .iter()
        .enumerate()
        .find(|(i, w)| !(w.starts_with('-') || *i > 0 && valued.contains(&words[i - 1])))
        .map(|(_, w)| w)?;
    let quoted: Vec<&str> = program.split('"').skip(1).step_by(2).collect();
    if let Some(path) = quoted
        .iter()
        .find(|q| crate::secret_paths::names_secret(q, false))
    {
        return Some(reads_secret(path));
    }
    let compact: String = program.chars().filter(|c| !c.is_whitespace()).collect();
    // `ARGV` named at all: `split(s, ARGV)` and a function given it by
    // reference refill it as surely as `ARGV[1] = …`.
    let names_argv = program
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == "ARGV");
    let picks_files = names_argv
        || compact.contains("ARGV[")
        || compact.contains("ARGC=")
        || compact.contains("getline<")
        || compact.contains("getline<$")
        || compact.contains("getlinevar<");
    picks_files
        .then(|| reads_secret("files the awk program chooses at run time (`ARGV`, `getline <`)"))
}

/// The socket a database client is pointed at outside the server's own
/// folder (`psql -h /tmp/x`, `host=/home/bob`, `mysql -S /tmp/x.sock`):
/// whoever listens there is asked for, and given, the password the
/// client keeps for root (libpq answers a clear-text request from
/// `.pgpass`, whose `*` lines match any host; the MariaDB client sends
/// `.my.cnf`'s to a server that asks for `mysql_clear_password`).
fn foreign_socket<'a>(name: &str, words: &[&'a str]) -> Option<&'a str> {
    let postgres = !name.starts_with("mysql") && !name.starts_with("mariadb");
    let (short, long, own): (&str, &str, &[&str]) = if postgres {
        ("-h", "--host", &["/run/postgresql", "/var/run/postgresql"])
    } else {
        ("-S", "--socket", &["/run/mysqld/", "/var/run/mysqld/"])
    };
    let values = words.iter().enumerate().flat_map(|(i, w)| {
        let mut found: Vec<&'a str> = Vec::new();
        if *w == short || *w == long {
            found.extend(words.get(i + 1).copied());
        } else if let Some(v) = w.strip_prefix(long).and_then(|v| v.strip_prefix('=')) {
            found.push(v);
        } else if let Some(v) = w.strip_prefix(short).filter(|v| !v.is_empty()) {
            found.push(v);
        } else if postgres {
            // Connection strings: `host=/tmp/x dbname=…`, and URIs whose
            // host is a folder (`postgresql://%2Ftmp%2Fx/db`,
            // `…?host=/tmp/x`).
            found.extend(
                w.split(|c: char| crate::egress::c_space(c) || matches!(c, '&' | '?'))
                    .filter_map(|kv| kv.strip_prefix("host=")),
            );
            if w.contains("://%2F") || w.contains("://%2f") {
                found.push(w);
            }
            // (`host = /tmp/x`: a spelling not read here, so any host.)
            if w.contains("host") && crate::egress::spaced_conninfo(w) {
                found.push(w);
            }
        }
        found
    });
    let mut values = values;
    values.find(|v| {
        let v = v.trim_matches(['\'', '"']);
        let folder = v.starts_with('/')
            || v.starts_with('@')
            || v.contains("://%2")
            || v.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("%2f"))
            || crate::egress::spaced_conninfo(v);
        let normal = crate::secret_paths::normalised(v);
        let at_home = own.iter().any(|dir| {
            normal == dir.trim_end_matches('/')
                || normal.starts_with(&format!("{}/", dir.trim_end_matches('/')))
        });
        folder && !at_home
    })
}

/// `mysql -D mysql -e 'SELECT * FROM user'`: the account table, password
/// hashes included, named without its database.
fn mysql_credentials(words: &[&str]) -> Option<Verdict> {
    let in_mysql = words
        .windows(2)
        .any(|p| matches!(p[0], "-D" | "--database") && p[1] == "mysql")
        || words
            .iter()
            .any(|w| *w == "--database=mysql" || *w == "-Dmysql" || *w == "mysql");
    let tables = [
        "user",
        "global_priv",
        "slave_master_info",
        "servers",
        "password_history",
    ];
    let names = words.iter().any(|w| {
        w.to_ascii_lowercase()
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|t| tables.contains(&t))
    });
    (in_mysql && names).then(|| reads_secret("the server's accounts and password hashes"))
}

/// tcpdump's options that take a value (tcpdump 4.99).
const TCPDUMP_VALUED: &[&str] = &[
    "-B",
    "-Q",
    "-T",
    "-c",
    "-i",
    "-j",
    "-r",
    "-s",
    "-y",
    "-E",
    "-F",
    "-M",
    "-m",
    "-V",
    "-w",
    "-W",
    "-C",
    "-G",
    "-Z",
    "-z",
    "--interface",
    "--time-stamp-type",
    "--snapshot-length",
    "--buffer-size",
    "--direction",
    "--linktype",
    "--time-stamp-precision",
];

/// Whether a tracer only counts calls: its own `-c` (`--summary-only`)
/// and, for strace, no `-C` (`--summary`), which prints every call too
/// (ltrace's `-C` only demangles names). Read among the tracer's own
/// options: the traced command's (`strace bash -c …`, `strace grep -c`)
/// count for nothing.
fn only_counts(name: &str, args: &[Arg]) -> bool {
    let own = super::own_options(args, super::wrappers::TRACER_VALUED);
    let valued = super::wrappers::TRACER_VALUED_SHORTS;
    let counts = super::has_short(own, 'c', valued) || super::has_flag(own, "", &["summary-only"]);
    let prints = name == "strace"
        && (super::has_short(own, 'C', valued) || super::has_flag(own, "", &["summary"]));
    counts && !prints
}

/// (None in Linux's range of client ports, 32768 to 60999: a client's
/// connection from one to port 80 is printed as HTTP, tcpdump choosing
/// its printer by either port; review 114. WireGuard's 51820 is there.)
/// Ports whose traffic tcpdump prints no text of at its usual verbosity:
/// encrypted (SSH, TLS, the Proxmox API, WireGuard, Kubernetes' API), names
/// only (DNS, DHCP, NTP, NFS's calls and the RPC binder's), or ports it has
/// no printer for (tcpdump 4.99's print-tcp.c and print-udp.c: corosync,
/// iSCSI, Ceph's monitors, PostgreSQL, MariaDB, Prometheus, Grafana, Home
/// Assistant, Jellyfin, RDP, VNC, iperf3), of which it shows the headers
/// alone without `-A`/`-X`. FTP, SMTP, HTTP on 80 and 8080, SNMP, syslog,
/// RADIUS, SIP, Redis, SMB and the rest print their first line, community
/// string or command: passwords and tokens in clear. (No tunnel either:
/// VXLAN and Geneve print the packets they carry.)
#[rustfmt::skip]
const TCPDUMP_QUIET_PORTS: &[&str] = &[
    "22", "53", "67", "68", "111", "123", "443", "546", "547", "853", "993", "995", "2049",
    "3000", "3260", "3300", "3306", "3389", "5201", "5404", "5405", "5406", "5432", "5900",
    "6443", "6789", "8006", "8007", "8096", "8123", "8443", "9090", "9100",
    "ssh", "domain", "https", "bootps", "bootpc", "ntp", "sunrpc", "nfs", "postgresql", "mysql",
];

/// Ethernet types whose frames tcpdump prints no text of: ARP, LACP and
/// the other slow protocols, LLDP, PTP.
const TCPDUMP_QUIET_ETHERTYPES: &[&str] = &["0x0806", "0x806", "0x8809", "0x88cc", "0x88f7", "arp"];

/// pcap-filter(7)'s tests of TCP flags that keep to resets: a reset
/// carries no data (RFC 9293 allows diagnostic text; Linux sends none).
/// Written without blanks and parentheses.
const TCPDUMP_QUIET_FLAG_TESTS: &[&str] = &[
    "tcp[tcpflags]&tcp-rst!=0",
    "tcp[tcpflags]&tcp-rst==tcp-rst",
    "tcp[tcpflags]&tcp-rst=tcp-rst",
    "tcp[tcpflags]==tcp-rst",
    "tcp[tcpflags]=tcp-rst",
    "tcp[13]&4!=0",
    "tcp[13]&4==4",
    "tcp[13]&4=4",
];

/// `tcpdump` printing packets (live or from a capture file) shows what
/// clear protocols carry, the first line of each at any verbosity and
/// every line with `-v`: FTP's `PASS`, SMTP's `AUTH`, HTTP request lines
/// with their tokens, LDAP binds, SNMP communities. Not when it only lists (`-D`,
/// `-L`, `-J`, `--version`), nor when its filter keeps to quiet traffic:
/// only quiet ports ([`TCPDUMP_QUIET_PORTS`]) or ARP and ICMP, no `not`.
fn tcpdump_prints_payload(args: &[Arg]) -> Option<Verdict> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let lists = lits.iter().any(|w| {
        matches!(
            *w,
            "-D" | "--list-interfaces"
                | "-L"
                | "--list-data-link-types"
                | "-J"
                | "--list-time-stamp-types"
                | "--version"
                | "-h"
                | "--help"
        )
    });
    if lists {
        return None;
    }
    // (`-T resp|snmp|radius|…` reads any port's packets as that protocol:
    // Redis's `AUTH` on a quiet port.)
    let forced = super::has_short(args, 'T', "BQTcijrsyEFMmVwWCGZz")
        || lits.iter().any(|w| w.starts_with("--type"));
    let verbose = super::has_short(args, 'v', "BQTcijrsyEFMmVwWCGZz")
        || lits.iter().any(|w| w.starts_with("--verbose"));
    let words: Vec<String> = super::positionals(args, TCPDUMP_VALUED)
        .iter()
        .map(|a| a.raw().trim_matches(['\'', '"']).to_ascii_lowercase())
        .collect();
    let words: Vec<String> = words.iter().map(|w| w.replace("||", " or ")).collect();
    let tokens: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(|c: char| c.is_whitespace() || c == '(' || c == ')'))
        .filter(|t| !t.is_empty())
        .collect();
    // Each alternative must be quiet (`port 53 or tcp` is all of TCP);
    // within one, a quiet primitive narrows whatever else it says.
    let quiet = !forced
        && !tokens.is_empty()
        && tokens
            .split(|t| *t == "or")
            .all(|alternative| tcpdump_quiet_alternative(alternative, verbose));
    (!quiet).then(|| {
        reads_secret(
            "the traffic on the wire: clear protocols (FTP, SMTP, HTTP, SNMP) show their \
             passwords and tokens",
        )
    })
}

/// Whether one alternative of a tcpdump filter (its words between `or`s,
/// parentheses taken out) keeps to quiet traffic: one quiet primitive
/// narrows whatever else it says (`host X and port 53`), and no `not`
/// widens it.
fn tcpdump_quiet_alternative(alternative: &[&str], verbose: bool) -> bool {
    let mut quiet = 0;
    let mut i = 0;
    while let Some(t) = alternative.get(i) {
        match *t {
            "port" => match alternative.get(i + 1) {
                Some(p) if TCPDUMP_QUIET_PORTS.contains(p) => quiet += 1,
                _ => return false,
            },
            "arp" | "rarp" | "stp" | "igmp" => quiet += 1,
            // (With `-v`, an ICMP error's quoted packet is printed in
            // full, an SNMP request's community in it; review 114.)
            "icmp" | "icmp6" if !verbose => quiet += 1,
            "ether" if alternative.get(i + 1) == Some(&"proto") => match alternative.get(i + 2) {
                Some(e) if TCPDUMP_QUIET_ETHERTYPES.contains(&e.trim_start_matches('\\')) => {
                    quiet += 1;
                    i += 2;
                }
                _ => return false,
            },
            // A test of a packet's bytes (`tcp[tcpflags] & tcp-syn != 0`,
            // `icmp[icmptype] == icmp-echo`) only narrows what the rest
            // keeps; a reset, or ICMP without `-v`, is quiet itself.
            t if ["tcp[", "udp[", "ip[", "ip6[", "icmp[", "icmp6["]
                .iter()
                .any(|p| t.starts_with(p)) =>
            {
                // (The test runs to the next `and`.)
                let end = alternative[i..]
                    .iter()
                    .position(|w| matches!(*w, "and" | "&&"))
                    .map_or(alternative.len(), |n| i + n);
                let icmp = t.starts_with("icmp");
                if TCPDUMP_QUIET_FLAG_TESTS.contains(&alternative[i..end].concat().as_str())
                    || (icmp && !verbose)
                {
                    quiet += 1;
                }
                i = end;
                continue;
            }
            "not" | "portrange" | "proto" | "ether" | "len" | "less" | "greater" => return false,
            t if t.contains(['!', '[']) => return false,
            _ => {}
        }
        i += 1;
    }
    quiet > 0
}

/// Whether `systemd-analyze cat-config` of `name` shows a unit (and its
/// drop-ins): `systemd/system/x.service`, `/etc/systemd/user/x.service`.
fn unit_config(name: &str) -> bool {
    let units = [
        ".service",
        ".socket",
        ".mount",
        ".timer",
        ".path",
        ".swap",
        ".automount",
    ];
    name.contains("systemd/") && (units.iter().any(|u| name.ends_with(u)) || name.ends_with(".d"))
}

/// kubectl's reads that fetch from anywhere or print credentials; `words`
/// from the verb on.
fn kubectl(name: &str, args: &[Arg], words: &[&str]) -> Option<Verdict> {
    let line = crate::tables::reading(name, args);
    line.as_ref()
        .and_then(kubectl_fetches)
        .or_else(|| kubernetes_secret(words, line.as_ref()))
}

/// `kubectl get secret(s) -o yaml|json|jsonpath…`, `kubectl config view
/// --raw` (certificates and tokens), `kubectl describe secret` shows only
/// sizes. `words` from the verb on; the rest from the line as kubectl's
/// table reads it (`kubectl -o yaml get secret x`): a line it cannot read
/// is not proven read-only, and is a change whatever this finds.
fn kubernetes_secret(words: &[&str], line: Option<&Reading>) -> Option<Verdict> {
    let found = || Some(reads_secret("Kubernetes credentials"));
    let raw_config = words.starts_with(&["config", "view"])
        && words
            .iter()
            .any(|w| *w == "--raw" || w.starts_with("--raw="));
    // Every workload's full spec (its `env:` values) and every pod's log.
    if raw_config || words.starts_with(&["cluster-info", "dump"]) {
        return found();
    }
    let line = line?;
    if kubectl_dumps_bodies(line) {
        return Some(reads_secret(
            "the API's raw responses (`--v` of 8 or more prints their bodies: secrets' data, \
             workloads' `env:` values)",
        ));
    }
    let formats = kubectl_formats(line);
    let template = line.values(&["template"]).next().is_some();
    let output = !formats.is_empty() || template;
    let secret_kind = line.operands.iter().skip(1).any(|a| {
        a.literal().is_none_or(|w| {
            w.split(',').any(|w| {
                let w = w.to_ascii_lowercase();
                matches!(w.as_str(), "secret" | "secrets")
                    || w.starts_with("secret/")
                    || w.starts_with("secrets/")
            })
        })
    });
    // A workload's full spec carries its `env:` values, passwords inline;
    // named plain fields do not (`jsonpath={.status.phase}`; blind
    // corpus 49).
    let full_spec = template
        || formats.iter().any(|f| {
            f.as_ref().is_none_or(|w| {
                [
                    "yaml",
                    "json",
                    "jsonpath",
                    "go-template",
                    "template",
                    "custom-columns",
                ]
                .iter()
                .any(|f| w.starts_with(f))
                    && !kubectl_plain_fields(w)
            })
        });
    // (`rollout history -o yaml` prints each revision's whole template,
    // `env:` values included; review 54.)
    let gets = words.first() == Some(&"get") || words.starts_with(&["rollout", "history"]);
    // (Of a kind that holds no pod template and no data, a whole object
    // holds no credential either: `get nodes -o json`.)
    let get_secret = gets && output && (secret_kind || (full_spec && describes_env(line)));
    // `describe` lists each container's environment with its values, for
    // every kind that holds a pod template (and `all`, group-qualified
    // names, objects named by a file): only kinds without one pass.
    let describes = words.first() == Some(&"describe") && describes_env(line);
    (get_secret || describes).then(|| reads_secret("Kubernetes credentials"))
}

/// Options of metadata-only programs that read a list of names from a
/// file and print the names (`file -f /etc/shadow`, `du
/// --files0-from=/etc/shadow`), or a magic file (`file -m`).
fn file_list(name: &str, words: &[&str], folders: &Folders) -> Option<Verdict> {
    let lists: &[&str] = match name {
        "file" => &["-f", "--files-from", "-m", "--magic-file"],
        "du" => &["--files0-from", "-X", "--exclude-from"],
        "wc" | "find" => &["--files0-from"],
        "ls" | "stat" => &[],
        // `md5sum -c FILE` prints the names its lines hold.
        _ => &["-c", "--check"],
    };
    for (i, word) in words.iter().enumerate() {
        let (option, value) = match word.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ => (*word, words.get(i + 1).copied()),
        };
        if lists.contains(&option)
            && let Some(value) = value
            && crate::secret_paths::names_secret_in(value, true, folders)
        {
            return Some(reads_secret(value));
        }
        // Stuck to a short option (`-f/etc/shadow`).
        if let Some(stuck) = word.strip_prefix("-f").or_else(|| word.strip_prefix("-m"))
            && name == "file"
            && !word.starts_with("--")
            && !stuck.is_empty()
            && crate::secret_paths::names_secret_in(stuck, true, folders)
        {
            return Some(reads_secret(stuck));
        }
    }
    None
}
