//! The rules for Proxmox (pct, qm, pvesh, pvesm, …) and container engines:
//! each arm judges one program (or family) by its flags and subcommands.
//! Part of [`super::specific`].

use super::*;

/// kubectl's verbs that change objects, which `--dry-run` only shows.
const KUBE_DRY_VERBS: &[&str] = &[
    "apply",
    "create",
    "delete",
    "drain",
    "cordon",
    "uncordon",
    "scale",
    "label",
    "annotate",
    "taint",
    "patch",
    "expose",
    "autoscale",
];

/// What a kubectl line does, for the rule above: a change (any of
/// [`KUBE_DRY_VERBS`], whichever word the table takes for the verb; not
/// the verb `auth can-i` asks about), a `wait`, under a dry run its own
/// parser reads, printing whole objects (`-o` but `name`, `--template`,
/// before or after the verb: cobra applies them to the subcommand), and
/// the files `-f`/`-k` name (review 70).
struct KubeLine<'a> {
    changes: bool,
    waits: bool,
    dry_run: bool,
    prints_objects: bool,
    files: Vec<&'a str>,
}

fn kube_line(args: &[Arg]) -> KubeLine<'_> {
    let lits: Vec<&str> = args
        .iter()
        .filter_map(Arg::literal)
        .take_while(|w| *w != "--")
        .collect();
    let changes = lits
        .iter()
        .enumerate()
        .any(|(at, w)| KUBE_DRY_VERBS.contains(w) && (at == 0 || lits[at - 1] != "can-i"));
    let value_of = |at: usize, short: &str, long: &str| -> Option<&str> {
        let w = lits[at];
        if w == short || w == long {
            lits.get(at + 1).copied()
        } else {
            w.strip_prefix(&format!("{long}="))
                .or_else(|| w.strip_prefix(short).filter(|v| !v.is_empty()))
                .map(|v| v.trim_start_matches('='))
        }
    };
    let prints_objects = (0..lits.len()).any(|at| {
        lits[at].starts_with("--template")
            || value_of(at, "-o", "--output").is_some_and(|v| v != "name")
    });
    // (`logs -f` follows; elsewhere `-f` names files.)
    let follows = lits.contains(&"logs");
    // (`-f a,b`: kubectl's string slice splits its value at commas, each
    // a file or folder of its own; review 72.)
    let files = (0..lits.len())
        .filter_map(|at| {
            (!follows)
                .then(|| value_of(at, "-f", "--filename"))
                .flatten()
                .or_else(|| value_of(at, "-k", "--kustomize"))
        })
        .flat_map(|value| value.split(','))
        .collect();
    KubeLine {
        changes,
        waits: lits.contains(&"wait"),
        dry_run: crate::rules::recall::kube_dry_run(&lits),
        prints_objects,
        files,
    }
}

impl KubeLine<'_> {
    /// Whether the rule judges the line (else the tables and other rules).
    fn asks(&self) -> bool {
        self.changes || self.waits || !self.files.is_empty()
    }

    /// A file named by `-f`/`-k` that is not one plain manifest: kubectl
    /// prints a document without `kind` whole in its error, a folder's
    /// every such file (review 70).
    fn unplain_file(&self, folders: &crate::secret_paths::Folders) -> Option<&str> {
        self.files.iter().copied().find(|f| {
            let manifest = [".yaml", ".yml", ".json"].iter().any(|e| f.ends_with(e));
            // (kubectl globs a path that does not exist itself:
            // `'/etc/proxmox-backup/*.json'`; review 73.)
            !manifest
                // (And `\`, which Go's glob reads as an escape:
                // `tf\a.json` is `tfa.json`; review 74.)
                || f.contains(['*', '?', '[', '\\'])
                || f.contains("://")
                || crate::rules::secrets::folder_like(f)
                || crate::rules::names_secret(&Arg::literal_of(*f), folders)
                || crate::secret_paths::credential_settings_file(f).is_some()
        })
    }
}

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        "pve-firewall" if verb(&[]).and_then(Arg::literal) == Some("stop") => {
            de("stops the firewall")
        }
        "pvenode" if verb(&[]).and_then(Arg::literal) == Some("stopall") => {
            de("stops every guest on the node")
        }
        "qm" | "pct"
            if matches!(
                verb(&[]).and_then(Arg::literal),
                Some("set" | "move-disk" | "move-volume" | "move_disk" | "sendkey")
            ) && args
                .iter()
                .filter_map(Arg::literal)
                // (SysRq's reboot, power-off and crash keys too: `b`,
                // `o`, `c`; review 130.)
                .any(|a| matches!(a, "--delete" | "-delete") || sendkey_resets(a)) =>
        {
            de("deletes volumes or settings, or resets the guest")
        }
        // `qm disk move|unlink`, `move-disk`, `move-volume`: `--delete`
        // removes the source volume after the move, `--force` the
        // unlinked one (Proxmox booleans, in any spelling).
        "qm" | "pct" if moves_or_unlinks_deleting(args) => {
            de("deletes the volume it moves away from or unlinks")
        }
        "docker" | "podman" | "nerdctl" => docker(name, args),
        // What a change would do, sent as a dry run (`--dry-run=client`
        // sends nothing; `=server` is checked and thrown away by the API
        // server); its options are proved by the table (no `-o` but
        // `name`, no `-k`, no file from a URL, no `--from-file`).
        // (`k3s kubectl` and `microk8s kubectl` too: the same table.)
        "kubectl" | "oc" | "k3s" | "microk8s"
            if matches!(name, "kubectl" | "oc")
                || args.first().and_then(Arg::literal) == Some("kubectl") =>
        {
            // (Read once; no later arm judges these names.)
            let line = kube_line(args);
            if !line.asks() {
                return None;
            }
            if let Some(file) = line.unplain_file(&w.folders) {
                mu(&format!(
                    "reads {file}, whose text kubectl prints whole when it is no manifest"
                ))
            } else if line.prints_objects {
                mu("prints the objects it reads or would change, Secrets' data among them")
            } else if !line.changes {
                ro("only reads the cluster's objects")
            } else if line.dry_run {
                ro("only shows what the change would do (`--dry-run`)")
            } else {
                mu("changes the cluster's objects")
            }
        }
        "docker-compose" | "podman-compose" => compose(name, args),
        // pct(1) `df`: for a container that is not running, pve-container
        // sets the `mounted` lock in its configuration and mounts every
        // volume to measure it (`PVE::CLI::pct`, `df`); which it is, the
        // text cannot show.
        "pct" if verb(&[]).and_then(Arg::literal) == Some("df") => mu(
            "mounts a stopped container's volumes, under a lock in its configuration, to measure them",
        ),
        "pvesm"
            if verb(&[]).and_then(Arg::literal) == Some("prune-backups")
                && super::pve_boolean(
                    &args.iter().filter_map(Arg::literal).collect::<Vec<_>>(),
                    "dry-run",
                ) =>
        {
            ro("only lists the backups a prune would remove (a dry run)")
        }
        // (`qm disk rescan --dryrun 1`, `pct rescan --dryrun 1`: the
        // unused volumes a rescan would add, printed, no configuration
        // written; blind corpora 140, 146.)
        "qm" | "pct" if rescan_dry_run(name, args) => {
            ro("only lists the volumes a rescan would add (a dry run)")
        }
        "pct" => by_verb(
            name,
            verb(&[]),
            &[
                "list",
                "status",
                "config",
                "pending",
                "df",
                "listsnapshot",
                "cpusets",
                "help",
            ],
            &[
                "destroy",
                "stop",
                "shutdown",
                "reboot",
                "rollback",
                "restore",
                "delsnapshot",
                "suspend",
                "template",
            ],
        ),
        // (Its table proves only the network and meta data.)
        "qm" if args.first().and_then(Arg::literal) == Some("cloudinit")
            && matches!(args.get(1).and_then(Arg::literal), Some("dump" | "pending")) =>
        {
            ro("prints the cloud-init data it would give the guest")
        }
        "qm" => {
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            if lits.first() == Some(&"guest") || lits.first() == Some(&"agent") {
                // qm guest cmd VMID COMMAND, or the older qm agent VMID COMMAND
                let skip = if lits.first() == Some(&"agent") { 2 } else { 3 };
                let cmd = lits
                    .iter()
                    .skip(skip)
                    .find(|a| !a.starts_with('-'))
                    .copied()
                    .unwrap_or("");
                let sub = if skip == 2 { Some(&"cmd") } else { lits.get(1) };
                return Some(match sub {
                    Some(&"cmd") | None
                        if cmd.starts_with("get-")
                            || matches!(
                                cmd,
                                "info"
                                    | "ping"
                                    | "network-get-interfaces"
                                    | "fsinfo"
                                    | "fsfreeze-status"
                            ) =>
                    {
                        ro("queries the guest agent")
                    }
                    Some(&"exec-status") => ro("reads a guest command's status"),
                    Some(&"cmd") if cmd == "shutdown" || cmd.starts_with("suspend") => {
                        de("shuts the guest down or suspends it")
                    }
                    _ => mu("changes the guest through its agent"),
                });
            }
            by_verb(
                name,
                verb(&[]),
                &[
                    "list",
                    "status",
                    "config",
                    "showcmd",
                    "pending",
                    "listsnapshot",
                    "help",
                    "wait",
                    // (Fed only `info` queries: `rules::loss` makes any
                    // other monitor session destructive.)
                    "monitor",
                ],
                &[
                    "destroy",
                    "stop",
                    "shutdown",
                    "reset",
                    "reboot",
                    "rollback",
                    "delsnapshot",
                    "suspend",
                    "template",
                ],
            )
        }
        // (`post` names the same call as `create`; review 99.)
        "pvesh"
            if matches!(verb(&[]).and_then(Arg::literal), Some("create" | "post"))
                && args.iter().any(|a| {
                    // (The word's value: quotes and escapes out, the value
                    // of `--command=reboot` too; review 59.)
                    let a = a.raw().replace(['\'', '"', '\\'], "");
                    let a = a
                        .strip_prefix("--command=")
                        .or_else(|| a.strip_prefix("-command="))
                        .unwrap_or(&a);
                    let last = a.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                    matches!(
                        last,
                        "stop"
                            | "shutdown"
                            | "stopall"
                            | "reboot"
                            | "reset"
                            | "suspend"
                            | "suspendall"
                            | "hibernate"
                            | "rollback"
                            | "fsfreeze-freeze"
                    ) || matches!(a, "shutdown" | "reboot")
                }) =>
        {
            de("stops, shuts down or rolls back through the API")
        }
        // QEMU's human monitor through the API (`…/qemu/ID/monitor
        // --command …`): any command but an `info` or `help` query may
        // quit, reset, reload a snapshot or pull a drive (`q`,
        // `system_reset`, `loadvm`, `drive_del`), as `qm monitor`'s
        // (review 135).
        "pvesh"
            if matches!(verb(&[]).and_then(Arg::literal), Some("create" | "post"))
                && monitor_acts(args) =>
        {
            de("passes a command to QEMU's monitor (`quit`, `system_reset`, `loadvm`, `drive_del`)")
        }
        // A deletion through the API, whatever the path (an auth realm, an
        // IPAM: blind corpus 89), before the reading rules below.
        "pvesh" if verb(&[]).and_then(Arg::literal) == Some("delete") => {
            de("deletes through the API: what it names is gone")
        }
        // API paths whose GET reaches the internet (ACME directories and
        // terms) or answers with credentials (ACME DNS plugins' tokens,
        // cloud-init user data with passwords).
        "pvesh" if args.iter().filter_map(Arg::literal).any(api_path_reveals) => {
            mu("asks the API for data fetched from the internet or holding credentials")
        }
        // `/cluster/acm${u:-e/plugins}`: a path only known at run time
        // may be any of those.
        "pvesh"
            if args.iter().enumerate().any(|(i, a)| {
                // This node's own name is no other path.
                // (Not `$HOSTNAME`: the command may set it; review 59.)
                let rest = ["$(hostname)", "$(hostname -s)"]
                    .iter()
                    .fold(a.raw().to_string(), |t, n| t.replace(n, "x"));
                // (The value of an option that takes one is no path:
                // `--since $(date -d '-3 days' +%s)`; blind corpus 46.)
                let value = i > 0
                    && args[i - 1].literal().is_some_and(|o| {
                        matches!(
                            o,
                            "--since"
                                | "--until"
                                | "--limit"
                                | "--start"
                                | "--typefilter"
                                | "--statusfilter"
                                | "--userfilter"
                                | "--vmid"
                                | "--max"
                                | "--lastentries"
                                | "--timeframe"
                        )
                    });
                // (Nor is the node's name any help to a path that reveals:
                // `/nodes/$(hostname)/report`; review 58.)
                // (The word's value, quotes and escapes taken out:
                // `"/nodes/$(hostname)/report"`; review 59.)
                let unquoted = rest.replace(['\'', '"', '\\'], "");
                a.is_dynamic()
                    && (rest.contains(['$', '`']) && !value || api_path_reveals(&unquoted))
            }) =>
        {
            mu("asks the API for a path only known at run time, or one that reveals")
        }
        "pvesh" => by_verb(
            name,
            verb(&[]),
            &["get", "ls", "usage", "help"],
            &["delete"],
        ),
        "pveam" => by_verb(name, verb(&[]), &["list", "available", "help"], &[]),
        "pvesm" => by_verb(
            name,
            verb(&[]),
            &[
                "status",
                "list",
                "scan",
                "path",
                "help",
                "nfsscan",
                "cifsscan",
                "glusterfsscan",
                "iscsiscan",
                "lvmscan",
                "lvmthinscan",
                "zfsscan",
                // (The storage plugin API's version; review 139.)
                "apiinfo",
            ],
            &["free", "remove"],
        ),
        // (`updatecerts --force`: the node's certificates made anew, what
        // pinned the old ones broken; blind corpus 65.)
        "pvecm"
            if verb(&[]).and_then(Arg::literal) == Some("updatecerts")
                && args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|a| matches!(a.trim_start_matches('-'), "force" | "f" | "force=1")) =>
        {
            de("`updatecerts --force` makes the node's certificates anew")
        }
        "pvecm" => by_verb(
            name,
            verb(&[]),
            // (`apiver`: the cluster API's version; review 139.)
            &["status", "nodes", "help", "qdevice", "apiver"],
            // (`expected`: fewer votes make a quorum, and a node cut off
            // may act alone beside the others: split brain; blind 82.)
            &["delnode", "expected"],
        ),
        // (`sync` overwrites the destination's datasets, `destroy` drops a
        // job and its snapshots; `create` writes the job into
        // /etc/cron.d/pve-zsync, which root runs; blind corpus 190.)
        "pve-zsync" => by_verb(
            name,
            verb(&[]),
            &["list", "status", "help"],
            &["sync", "destroy", "create"],
        ),
        "pveum" | "pveceph" | "pvesr" | "pve-firewall" | "ha-manager" | "pvenode"
        | "pvesubscription" => {
            let lits: Vec<&str> = args
                .iter()
                .filter_map(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .collect();
            // (`--state=stopped` too; `pveceph stop` stops every Ceph
            // daemon of the node; review 59.)
            // (`add … --state stopped` too: the guest stopped as it is
            // put under HA; review 61.)
            let stops = (lits.iter().any(|a| matches!(*a, "stopped" | "disabled"))
                || args.iter().filter_map(Arg::literal).any(|a| {
                    a.trim_start_matches('-').starts_with("state=")
                        && (a.ends_with("=stopped") || a.ends_with("=disabled"))
                }))
                && (lits.contains(&"set") || lits.contains(&"add"))
                || (name == "pveceph" && lits.first() == Some(&"stop"))
                || lits.contains(&"crm-command")
                    && lits
                        .iter()
                        .any(|a| matches!(*a, "stop" | "node-maintenance"));
            // (`pvesr update JOB --remove_job full|local`: the job and its
            // replicated volumes removed; blind corpus 131.)
            let removes_job = name == "pvesr"
                && args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|a| a.trim_start_matches('-').starts_with("remove_job"));
            if removes_job
                || lits.iter().any(|a| {
                    matches!(*a, "delete" | "remove" | "destroy" | "purge")
                        // (Old and joined spellings: `groupdel`,
                        // `groupremove`; blind corpus 62.)
                        || crate::rules::joined_loss(a)
                })
                || stops
            {
                de("deletes configuration or stops what it manages")
            } else if lits.is_empty()
                || lits.iter().any(|a| {
                    matches!(
                        *a,
                        "list"
                            | "status"
                            | "show"
                            | "get"
                            | "config"
                            | "help"
                            | "read"
                            | "compile"
                            | "localnet"
                            | "groupconfig"
                            | "permissions"
                            | "ls"
                            | "info"
                            | "log"
                            // (pve-firewall's rule check of one packet;
                            // blind corpus 103.)
                            | "simulate"
                            // (`pveceph osd details 3`: an OSD's metadata
                            // and devices; review 140.)
                            | "details"
                    )
                }) && !lits.iter().any(|a| {
                    matches!(
                        *a,
                        "set"
                            | "add"
                            | "create"
                            | "modify"
                            | "update"
                            | "start"
                            | "stop"
                            | "restart"
                    )
                })
            {
                ro("inspects")
            } else {
                mu("changes cluster configuration")
            }
        }
        "vzdump" => mu("writes a backup"),
        "qmrestore" => de("restores a VM over its current state"),
        _ => return None,
    })
}

/// Whether a `qm`/`pct` line moves a volume with `--delete` on, or unlinks
/// one with `--force` on.
fn moves_or_unlinks_deleting(args: &[Arg]) -> bool {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let words: Vec<&str> = lits
        .iter()
        .filter(|w| !w.starts_with('-'))
        .copied()
        .collect();
    let (first, second) = (words.first().copied(), words.get(1).copied());
    let moves = matches!(
        first,
        Some("move-disk" | "move_disk" | "move-volume" | "move_volume")
    ) || (first == Some("disk") && second == Some("move"));
    let unlinks = first == Some("unlink") || (first == Some("disk") && second == Some("unlink"));
    (moves && super::pve_boolean(&lits, "delete"))
        || (unlinks && super::pve_boolean(&lits, "force"))
}

/// Whether a pvesh line (`args`, after `pvesh`) calls a VM's monitor
/// (`…/monitor`) with a command other than an `info` or `help` query (one
/// only known at run time too).
fn monitor_acts(args: &[Arg]) -> bool {
    let monitor = args
        .iter()
        .filter_map(Arg::literal)
        .any(|w| w.trim_end_matches('/').ends_with("/monitor") && w.contains("qemu"));
    if !monitor {
        return false;
    }
    // (The last one given, in any spelling Getopt::Long takes: `-c`,
    // `--comm`; review 138. A value only known at run time may be any.)
    let lits: Vec<&str> = args.iter().map(|a| a.literal().unwrap_or("$")).collect();
    let Some((i, glued)) = super::super::pve_given(&lits, "command").last() else {
        return false;
    };
    let Some(text) = glued.or_else(|| lits.get(i + 1).copied()) else {
        return false;
    };
    if text.contains('$') && args.iter().any(Arg::is_dynamic) {
        return true;
    }
    let first = text.split_whitespace().next().unwrap_or("");
    !matches!(first, "info" | "i" | "help" | "h" | "?")
}

/// Whether a Proxmox API path (as pvesh takes it, or after `/api2/json/`
/// in a URL) asks for data fetched from the internet (ACME directories
/// and terms, a URL's metadata) or from another host (storage scans), or
/// answers with credentials (ACME DNS plugins' tokens, cloud-init user
/// data, OpenID client keys, IPAM and DNS plugin tokens, a guest's files
/// through its agent, Ceph's configuration database).
pub(in crate::rules) fn api_path_reveals(path: &str) -> bool {
    // PVE's router drops empty parts (`/cloudinit//dump`); a query is no
    // part of the path.
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let a = path
        .split('/')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("/");
    // (Not the built-in directory list, the plugins' schemas and the
    // accounts' names; review 130.)
    let acme_static = matches!(
        a.as_str(),
        "cluster/acme/directories" | "cluster/acme/challenge-schema" | "cluster/acme/account"
    );
    (a.starts_with("cluster/acme") && !acme_static)
        || a.contains("cloudinit/dump")
        || (a.contains("acme/") && !acme_static)
        || a.ends_with("acme")
        || a.starts_with("access/domains/")
        // (An IPAM's entries, `ipams/pve/status`, are addresses, not
        // the plugin's token; blind corpus 135.)
        // (Not an IPAM named `status`: `ipams/status` is its plugin.)
        || (a.starts_with("cluster/sdn/ipams")
            && !matches!(a.split('/').collect::<Vec<_>>()[..], [_, _, _, _, "status"]))
        || a.starts_with("cluster/sdn/dns")
        || a.contains("agent/file-read")
        || a.contains("ceph/cfg/db")
        || a.contains("ceph/cfg/value")
        // (Review 43: a URL's metadata fetched by the node, storage scans
        // of another host.)
        || a.contains("query-url-metadata")
        || a.contains("/scan/")
        || a.ends_with("/scan")
        // (Review 47: the subscription key, the enterprise repository's
        // password; a backup's guest configuration, `cipassword` in it.)
        || a.ends_with("/subscription")
        || a.contains("vzdump/extractconfig")
        // (The cluster's options, `http_proxy` with its `user:password@`;
        // the metric servers' settings; review 120.)
        || a == "cluster/options"
        || a.starts_with("cluster/metrics/server")
        // (Users with their `keys`, where a realm's enforced OATH keeps
        // each user's TOTP secret; notification targets, webhooks' URLs
        // and headers whole; review 130.)
        || a == "access/users"
        || (a.starts_with("access/users/") && a.matches('/').count() == 2)
        || a.starts_with("cluster/notifications/endpoints")
        // (A snapshot's configuration is not masked: `cipassword`;
        // review 50.)
        || (a.contains("/snapshot/") && a.ends_with("/config"))
        // (Review 58: the node's report is built from the raw guest
        // configurations, ceph.conf, `ceph config dump` and datacenter.cfg,
        // and runs dozens of programs as root (PVE/Report.pm); `cfg/raw`
        // returns /etc/pve/ceph.conf; `ceph/crush` writes the decompiled
        // map to /var/tmp and runs crushtool.)
        || a.ends_with("/report")
        || a.contains("/report/")
        || a.contains("ceph/cfg")
        || a.contains("ceph/crush")
        // (Review 59: files out of a backup, through a restore VM or PBS;
        // a registry or the Debian mirrors reached by the node.)
        || a.contains("file-restore")
        || a.contains("pxar-file-download")
        || a.contains("download-decoded")
        || (a.contains("datastore/") && a.ends_with("/download"))
        || a.contains("query-oci-repo-tags")
        || a.contains("apt/changelog")
        // (Review 60: the Backup Server's realms, OpenID's client key
        // among them, and its remotes' passwords.)
        // (Review 108: the Backup Server's tape drive GETs that write
        // its inventory, `read-label?inventorize=1`, `inventory`.)
        || (a.contains("tape/drive/")
            && (a.ends_with("/read-label") || a.ends_with("/inventory")))
        || a.starts_with("config/access/")
        || a.starts_with("config/remote")
}

/// Whether `qm disk rescan` or `pct rescan` is told to only show what it
/// would do: its `--dryrun`, read by its table as PVE's parser reads it
/// (alone, `-dryrun`, `--dryrun=1`, `--dryrun 1`; the last one given
/// counts: `--dryrun --dryrun 0` rescans, review 108), given alone or
/// with a true value (PVE's booleans: 1, true, yes, on).
fn rescan_dry_run(name: &str, args: &[Arg]) -> bool {
    let verb: &[&str] = match name {
        "qm" if args.first().and_then(Arg::literal) == Some("disk") => &["disk", "rescan"],
        _ => &["rescan"],
    };
    let words = args.iter().map(Arg::literal);
    words.take(verb.len()).eq(verb.iter().map(|v| Some(*v)))
        && crate::tables::reading(name, args)
            .and_then(|line| line.values(&["dryrun"]).last())
            .is_some_and(|value| match value {
                None => true,
                Some(crate::options::Value::Text(v)) => {
                    matches!(v, "1" | "true" | "yes" | "on")
                }
                Some(crate::options::Value::RunTime(_)) => false,
            })
}

/// Whether a key combination `qm sendkey` sends resets, powers off or
/// crashes the guest: Ctrl, Alt and Delete in any order and on either
/// side (`alt-ctrl-delete`, `ctrl_r-alt-delete`), or SysRq's `b`, `o` or
/// `c` (QEMU's names or the scancodes `0x30`, `0x18`, `0x2e`; review 135).
fn sendkey_resets(combo: &str) -> bool {
    let keys: Vec<String> = combo
        .split('-')
        .map(|k| {
            let k = k.to_ascii_lowercase();
            k.strip_suffix("_r")
                .or_else(|| k.strip_suffix("_l"))
                .map_or(k.clone(), str::to_string)
        })
        .collect();
    let has = |name: &str| keys.iter().any(|k| k == name);
    let delete = has("delete") || has("del") || has("kp_decimal") || has("0x53") || has("0xd3");
    let sysrq_key = ["b", "o", "c", "0x30", "0x18", "0x2e"]
        .iter()
        .any(|k| has(k));
    (has("ctrl") && has("alt") && delete) || (has("sysrq") && sysrq_key)
}
