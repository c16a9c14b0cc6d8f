//! What stops or removes services and packages: systemd and init
//! scripts, apt and pip, PostgreSQL's cluster tools, containers
//! (docker, podman, crictl, helm, kubectl), Pi-hole, Postfix, NUT,
//! kernel modules.

use super::*;

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    match name {
        // (Review 123: a service made unavailable to everyone: a store's
        // clients paused, a site put in maintenance, a resolver stopped or
        // told to refuse or block everything, every address banned, a
        // node's key expired, a PBS host's network applied.)
        "redis-cli" | "valkey-cli"
            if lits.windows(2).any(|p| {
                p[0].eq_ignore_ascii_case("client") && p[1].eq_ignore_ascii_case("pause")
            }) =>
        {
            de(format!("`{name}` pauses every client of the store"))
        }
        "occ" if has("maintenance:mode") && has("--on") => {
            de("puts Nextcloud in maintenance mode: every user gets an error".into())
        }
        "wp" if has("maintenance-mode") && has("activate") => {
            de("puts the WordPress site in maintenance mode for everyone".into())
        }
        "gitlab-ctl" if has("deploy-page") && has("up") => {
            de("serves GitLab's deploy page instead of the application".into())
        }
        // (Blind corpus 205: firmware compiled and flashed to a device.)
        "esphome" if has("run") || has("upload") || has("update-all") => {
            de("`esphome` flashes firmware to a device: its code runs there".into())
        }
        // (Blind corpus 203: a module from a file, its code run in the
        // kernel, whoever built it.)
        "insmod" => de("`insmod` loads a kernel module from a file: its code runs in the kernel".into()),
        "pdns_control" | "rec_control" if has("quit") || has("quit-nicely") => {
            de(format!("`{name}` stops the DNS server"))
        }
        "unbound-control"
            if has("local_zone")
                && lits
                    .iter()
                    .any(|w| {
                        matches!(
                            *w,
                            "refuse" | "deny" | "always_refuse" | "always_nxdomain" | "always_null"
                                | "always_deny" | "static"
                        )
                    }) =>
        {
            de("`unbound-control` makes the resolver refuse or null a zone's names".into())
        }
        // Pi-hole v6's settings: no upstream, no listening, no port
        // (review 132).
        "pihole-FTL"
            // (`--config KEY VALUE` sets; `--config KEY` prints.)
            if lits.windows(3).any(|p| {
                p[0] == "--config"
                    && matches!(p[1], "dns.upstreams" | "dns.listeningMode" | "dns.port")
            }) =>
        {
            de("`pihole-FTL --config` changes where DNS is answered or asked, for every client".into())
        }
        "pihole"
            if lits.iter().any(|w| matches!(*w, "--regex" | "--wild" | "regex" | "wildcard" | "-b" | "--black" | "--deny"))
                && lits.iter().any(|w| {
                    let w = w.trim_matches(['\'', '"']);
                    matches!(w, ".*" | "." | ".+" | "*" | "^.*$" | "^" | "$" | "^.")
                }) =>
        {
            de("`pihole` blocks every name for every client".into())
        }
        "cscli"
            if has("decisions")
                && has("add")
                && lits
                    .iter()
                    .any(|w| {
                        *w == "0.0.0.0"
                            || w
                                .rsplit_once('/')
                                .and_then(|(_, bits)| bits.parse::<u8>().ok())
                                .is_some_and(|bits| bits <= 24)
                    }) =>
        {
            de("`cscli` bans a whole address range, the operator's among it".into())
        }
        "headscale" if has("expire") || has("delete") => {
            de("`headscale` expires or deletes a node: it drops off the tailnet".into())
        }
        // A broker node or a cluster wiped or left, a fleet rebooted, a
        // server powered off through its BMC, objects set to expire
        // (review 92).
        "rabbitmqctl"
            if lits.iter().any(|w| {
                matches!(*w, "reset" | "force_reset" | "delete_vhost" | "delete_queue" | "purge_queue" | "forget_cluster_node")
            }) =>
        {
            de("`rabbitmqctl` wipes the node or deletes queues, vhosts or a member".into())
        }
        "microk8s" if verb == Some("reset") => de("`microk8s reset` wipes the cluster's state".into()),
        // (`dbctl restore`: the datastore replaced by an archive; review
        // 121.)
        "microk8s" if verb == Some("dbctl") && lits.contains(&"restore") => {
            de("`microk8s dbctl restore` replaces the cluster's datastore".into())
        }
        "ansible" if lits.windows(2).any(|p| matches!(p[0], "-m" | "--module-name") && matches!(p[1], "reboot" | "ansible.builtin.reboot")) => {
            de("`ansible -m reboot` reboots every host it names".into())
        }
        "racadm"
            if lits.iter().any(|w| {
                matches!(w.to_ascii_lowercase().as_str(), "powerdown" | "powercycle" | "hardreset" | "graceshutdown" | "racreset" | "racresetcfg")
            }) =>
        {
            de("`racadm` powers the server off or resets it or its controller".into())
        }
        // A Ceph object gateway's or MinIO's user suspended: every key of
        // it refused from then on (review 136).
        "radosgw-admin" if lits.windows(2).any(|p| p == ["user", "suspend"]) => {
            de("`radosgw-admin user suspend` stops every key of the user working".into())
        }
        "mc" if lits.windows(3).any(|p| p == ["admin", "user", "disable"]) => {
            de("`mc admin user disable` refuses the user's access key from then on".into())
        }
        "mc" if lits.contains(&"ilm") && lits.iter().any(|w| w.starts_with("--expire") || w.starts_with("--expiry") || w.starts_with("--noncurrent-expire")) => {
            de("`mc ilm` sets objects to expire: the bucket deletes them".into())
        }
        "aws" if lits.iter().any(|w| matches!(*w, "put-bucket-lifecycle-configuration" | "put-bucket-lifecycle")) => {
            de("`aws s3api` sets a lifecycle that deletes objects".into())
        }
        "systemctl"
            if matches!(verb, Some("start" | "restart" | "isolate"))
                && lits.iter().any(|w| {
                    matches!(
                        *w,
                        "poweroff.target"
                            | "reboot.target"
                            | "halt.target"
                            | "rescue.target"
                            | "emergency.target"
                            | "kexec.target"
                            | "shutdown.target"
                    )
                }) =>
        {
            de("`systemctl` starts a target that stops the machine or its services".into())
        }
        "apt" | "apt-get" | "aptitude"
            if lits
                .iter()
                .any(|w| w.contains("Pre-Invoke") || w.contains("Post-Invoke"))
                || matches!(verb, Some("install"))
                    && lits
                        .iter()
                        .any(|w| !w.starts_with('-') && w.len() > 1 && w.ends_with('-')) =>
        {
            de("`apt` runs a hook or removes the packages marked with `-`".into())
        }
        "pip" | "pip3" if matches!(verb, Some("uninstall")) => {
            de("`pip uninstall` removes packages".into())
        }
        "pg_ctlcluster" if lits.iter().any(|w| matches!(*w, "stop" | "restart")) => {
            de("`pg_ctlcluster` stops a PostgreSQL cluster".into())
        }
        "pg_dropcluster" | "dropdb" | "dropuser" => de(format!("`{name}` deletes a database")),
        // vacuumlo(1), PostgreSQL 16: the large objects no column refers
        // to, deleted unless `-n`/`--dry-run` (blind corpus 144).
        "vacuumlo"
            if !lits.iter().take_while(|w| **w != "--").any(|w| {
                *w == "--dry-run"
                    || w.strip_prefix('-')
                        .filter(|c| !c.starts_with('-'))
                        .is_some_and(|c| c.chars().take_while(|c| !"hlpU".contains(*c)).any(|c| c == 'n'))
            }) =>
        {
            de("`vacuumlo` deletes the large objects no column refers to".into())
        }
        // pgbackrest(1) 2.x: `expire` removes the backups and archive past
        // the retention it is given or configured, `stanza-delete` the
        // whole stanza's (blind corpus 144).
        // (A `backup` expires too, after it succeeds: with a retention
        // given on the line, the backups past it; review 107.)
        "pgbackrest"
            if lits.iter().any(|w| matches!(*w, "expire" | "stanza-delete"))
                || (lits.contains(&"backup")
                    && lits
                        .iter()
                        .any(|w| w.starts_with("--repo") && w.contains("-retention"))) =>
        {
            de("`pgbackrest` removes backups and their WAL archive".into())
        }
        // mysqlcheck(1): REPAIR TABLE may lose rows, `--use-frm` rebuilds
        // a table from its definition alone (blind corpus 102).
        // (Long options by any prefix, `--rep`, `--auto`; a cluster up
        // to its first valued letter, `-ruroot`; review 89.)
        "mysqlcheck" | "mariadb-check" | "mysqlrepair" | "mariadb-repair"
            if name.ends_with("repair")
                || lits.iter().any(|w| {
                    let long = w.strip_prefix("--").map(|l| l.split('=').next().unwrap_or(l));
                    long.is_some_and(|l| {
                        l.len() >= 3
                            && ["repair", "auto-repair", "use-frm"].iter().any(|o| o.starts_with(l))
                    }) || (w.starts_with('-')
                        && !w.starts_with("--")
                        && w[1..].chars().take_while(|c| !"uhPSpDW#".contains(*c)).any(|c| c == 'r'))
                }) =>
        {
            de(format!("`{name}` repairs tables, which may lose rows"))
        }
        // A backup copied or moved over the server's data folder.
        "mariadb-backup" | "mariabackup" | "xtrabackup"
            if has("--copy-back") || has("--move-back") || has("--force-non-empty-directories") =>
        {
            de(format!("`{name}` puts a backup in place of the server's data"))
        }
        // Syncthing's overrides and reverts throw away the other side's
        // changes or the local ones (its help calls them destructive).
        "syncthing"
            if lits
                .iter()
                .any(|w| matches!(*w, "folder-override" | "folder-revert" | "revert" | "override")) =>
        {
            de("`syncthing` overrides or reverts a folder's changes, which are lost".into())
        }
        // Maintenance without its safety margins deletes what a running
        // snapshot may still need.
        "kopia"
            if lits
                .iter()
                .any(|w| *w == "--safety=none" || w.starts_with("--delete"))
                || lits.windows(2).any(|p| p == ["--safety", "none"]) =>
        {
            de("`kopia` deletes snapshots or unreferenced data without its safety margins".into())
        }
        // The RADOS Gateway's deletions by other names: lifecycle rules
        // run now (`lc process`), expired objects removed, an object's
        // index entry dropped, bucket index logs trimmed (review 87).
        "radosgw-admin"
            if lits.windows(2).any(|p| {
                matches!(
                    p,
                    ["lc", "process"]
                        | ["objects", "expire"]
                        | ["object", "unlink"]
                        | ["bilog" | "mdlog" | "datalog", "autotrim" | "trim"]
                )
            }) =>
        {
            de("`radosgw-admin` deletes objects or the logs replication needs".into())
        }
        // CrowdSec's alerts, the history its decisions came from.
        "cscli" if verb == Some("alerts") && has("flush") => {
            de("`cscli alerts flush` deletes the alerts kept".into())
        }
        "docker" | "podman"
            if matches!(verb, Some("run" | "create"))
                && lits.iter().any(|w| {
                    w.starts_with("/:")
                        || w.contains("=/:")
                        || *w == "--privileged"
                        || w.starts_with("--pid=host")
                }) =>
        {
            de(format!(
                "`{name}` starts a container with the host's root or full privileges"
            ))
        }
        "docker" | "podman"
            if matches!(verb, Some("run" | "create"))
                && lits.iter().any(|w| {
                    let host = w.trim_start_matches("--volume=").trim_start_matches("-v");
                    host.split_once(':')
                        .is_some_and(|(h, _)| !h.is_empty() && (critical(h) || h == "/etc"))
                }) =>
        {
            de(format!(
                "`{name}` mounts a host folder the host needs into a container"
            ))
        }
        "invoke-rc.d" if lits.iter().any(|w| matches!(*w, "stop" | "force-stop")) => {
            de("`invoke-rc.d` stops a service".into())
        }
        "systemctl" if matches!(verb, Some("disable" | "mask")) => {
            de("`systemctl disable`/`mask` keeps a service from starting again".into())
        }
        // (Every unit enabled or disabled anew by the preset policy: what
        // the operator enabled by hand is lost; blind corpus 123.)
        "systemctl" if verb == Some("preset-all") => {
            de("`systemctl preset-all` resets every unit's enablement to the presets".into())
        }
        // (systemctl(1): `--force` twice skips stopping services and
        // unmounting; blind corpus 123.)
        "systemctl"
            if matches!(verb, Some("reboot" | "poweroff" | "halt" | "kexec"))
                && lits.iter().filter(|w| **w == "--force" || **w == "-f").count() >= 2 =>
        {
            de("`systemctl` stops the machine without stopping services or unmounting".into())
        }
        "rmmod" => {
            de("`rmmod` unloads a kernel module (a disk's or a network card's driver)".into())
        }
        // (Not a dry run, `-n -r`.)
        "modprobe"
            if (has("--remove")
                || lits
                    .iter()
                    .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('r')))
                && !has("--dry-run")
                && !lits
                    .iter()
                    .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('n')) =>
        {
            de("`modprobe -r` unloads a kernel module".into())
        }
        "pg_restore"
            if has("--clean")
                || lits
                    .iter()
                    .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('c')) =>
        {
            de("`pg_restore --clean` drops what is in the database first".into())
        }
        "docker" | "podman" if has("system") && has("reset") => de(format!(
            "`{name} system reset` deletes every container, image and volume"
        )),
        // helm(1) v3: `uninstall` (aliases `delete`, `del`, `un`) removes a
        // release's resources; `rollback` replaces the running release.
        "helm"
            if lits
                .iter()
                .any(|w| matches!(*w, "uninstall" | "delete" | "del" | "un" | "rollback")) =>
        {
            de("`helm` uninstalls a release or rolls it back".into())
        }
        // crictl(1): `rm`, `rmp` and `rmi` remove containers, pods and
        // images; `stop`, `stopp` stop them.
        "crictl"
            if lits
                .iter()
                .any(|w| matches!(*w, "rm" | "rmp" | "rmi" | "stop" | "stopp")) =>
        {
            de("`crictl` removes or stops containers, pods or images".into())
        }
        // pihole(8): `uninstall`; `-f`/`flush` empties the query log;
        // `--nuke` empties a list (blind corpus 94).
        "pihole"
            if lits
                .iter()
                .any(|w| {
                    matches!(
                        *w,
                        "uninstall" | "-f" | "flush" | "networkflush" | "arpflush" | "disable" | "--nuke"
                    )
                }) =>
        {
            de("`pihole` uninstalls itself or empties its query log or network table".into())
        }
        // doveadm-backup(1): a one-way sync that deletes from the
        // destination what the source lacks (blind corpus 95).
        "doveadm" if verb == Some("backup") => {
            de("`doveadm backup` deletes from its destination what the source lacks".into())
        }
        // WP-CLI: `search-replace` rewrites every matching row (unless
        // `--dry-run`), `site empty` deletes the content, `db import`
        // loads a dump over the database (blind corpus 122).
        "wp" if wp_loses(lits) => de("`wp` rewrites, empties or replaces the site's database".into()),
        // pm2-flush: every process's log files emptied.
        "pm2" if verb == Some("flush") => de("`pm2 flush` empties the processes' logs".into()),
        // doveadm-deduplicate(1): the duplicates are expunged (blind
        // corpus 117).
        "doveadm" if verb == Some("deduplicate") => {
            de("`doveadm deduplicate` expunges the messages it finds twice".into())
        }
        // named-journalprint(1), BIND 9.18: `-c SERIAL` compacts the
        // journal, discarding the transactions before it (blind corpus
        // 117).
        "named-journalprint" if lits.iter().any(|w| w.starts_with("-c")) => {
            de("`named-journalprint -c` discards the journal's older transactions".into())
        }
        // named-checkzone(1)/named-compilezone: `-o FILE` writes the zone
        // there, over the zone file it reads when they are the same
        // (comments and layout lost; blind corpus 117).
        "named-checkzone" | "named-compilezone" if zone_output_over_input(lits) => {
            de(format!("`{name} -o` writes the zone over the file it reads"))
        }
        // certutil(1) (NSS): `-D` deletes a certificate, `-F` a key from
        // the database (blind corpus 119).
        "certutil" if lits.iter().any(|w| matches!(*w, "-D" | "-F")) => {
            de("`certutil -D`/`-F` deletes a certificate or a key from the NSS database".into())
        }
        // dhcp_release(1): a client's lease given back, its address gone
        // (blind corpus 94).
        "dhcp_release" | "dhcp_release6" => {
            de(format!("`{name}` releases a client's lease, which loses its address"))
        }
        // smbcontrol(1): a share closed, a client's connections or the
        // daemon shut (blind corpus 52).
        "smbcontrol"
            if lits.iter().any(|w| {
                matches!(*w, "close-share" | "kill-client-ip" | "shutdown" | "close-denied-share")
            }) =>
        {
            de("`smbcontrol` closes a share or a client's connections, or stops the daemon".into())
        }
        // mosquitto_pub(1): an empty retained message (`-r` with `-n`,
        // `-m ''` or an empty file) deletes the topic's retained one, which
        // subscribers (Home Assistant's discovery) read as gone (blind
        // corpus 61).
        // transmission-remote(1): torrents removed (`-r`), their data
        // deleted too (`-rad`, `--remove-and-delete`, `--trash-torrent`).
        "transmission-remote"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "-r" | "--remove" | "-rad" | "--remove-and-delete" | "--trash-torrent" | "--exit"
                )
            }) =>
        {
            de("`transmission-remote` removes torrents, their data too with `-rad`".into())
        }
        "mosquitto_pub" if retains_nothing(lits) => {
            de("`mosquitto_pub` clears a topic's retained message".into())
        }
        // mosquitto_pub(1) telling a device to switch off, restart or
        // forget one (`cmnd/…/POWER -m OFF`, `…/set -m '{"state":"OFF"}'`,
        // `zigbee2mqtt/bridge/request/device/remove`); mosquitto_sub
        // `--remove-retained` deletes what it receives (blind corpus 63).
        "mosquitto_pub" if publishes_off(lits) => {
            de("`mosquitto_pub` tells a device to switch off, restart or be removed".into())
        }
        "mosquitto_sub" if lits.contains(&"--remove-retained") => {
            de("`mosquitto_sub --remove-retained` deletes the retained messages it receives".into())
        }
        // acme.sh: a certificate revoked, or taken out of renewal.
        "acme.sh"
            if lits.iter().any(|w| {
                matches!(*w, "--revoke" | "--remove" | "--uninstall" | "--deactivate" | "--deactivate-account")
            }) =>
        {
            de("`acme.sh` revokes a certificate or stops renewing it".into())
        }
        // (Its cron job written, or itself replaced by a download; blind
        // corpus 213.)
        "acme.sh"
            if lits
                .iter()
                .any(|w| matches!(*w, "--install-cronjob" | "--install" | "--upgrade")) =>
        {
            de("`acme.sh` writes a cron job or replaces itself with a download".into())
        }
        // ssh-agent(1) `-k`: the running agent killed, its keys gone
        // (blind corpus 215); python-kasa's `off`/`reboot`: a smart
        // plug's power cut (blind corpus 211).
        "ssh-agent" if lits.contains(&"-k") => de("`ssh-agent -k` kills the running agent".into()),
        "kasa" if lits.iter().any(|w| matches!(*w, "off" | "reboot" | "toggle")) => {
            de("`kasa` switches a smart plug's power off".into())
        }
        // atrm(1): queued jobs removed (blind corpus 58).
        "atrm" => de("`atrm` removes queued jobs".into()),
        // rndc(8): the name server stopped, a zone deleted (its files
        // too with `-clean`).
        "rndc" if lits.iter().any(|w| matches!(*w, "stop" | "halt" | "delzone")) => {
            de("`rndc` stops the name server or deletes a zone".into())
        }
        // Finalizers patched away: the object is deleted without the
        // cleanup they guard (a PVC's volume protection); k3s's
        // `--cluster-reset` forgets every other etcd member (blind corpus
        // 78).
        "kubectl" | "oc"
            if verb == Some("patch") && lits.iter().any(|w| w.contains("finalizers")) =>
        {
            de(format!("`{name} patch` removes or replaces an object's finalizers"))
        }
        // A user's credentials taken out of the kubeconfig (often the only
        // copy: k3s writes it once), a swarm's managers locked at each
        // restart behind a key printed once (review 136).
        "kubectl" | "oc"
            if verb == Some("config") && has("unset") && lits.iter().any(|w| w.starts_with("users.")) =>
        {
            de(format!("`{name} config unset users.…` deletes a user's credentials from the kubeconfig"))
        }
        "docker" if has("swarm") && has("update") && lits.iter().any(|w| w.starts_with("--autolock") && !w.ends_with("=false")) => {
            de("`docker swarm update --autolock` locks every restarted manager behind a key printed once".into())
        }
        // (A `NoExecute` taint evicts the node's pods; a rollout undone
        // goes back to the last revision; blind corpus 166.)
        "kubectl" | "oc"
            if (verb == Some("taint") && lits.iter().any(|w| w.contains("NoExecute") && !w.ends_with('-')))
                || (verb == Some("rollout") && has("undo")) =>
        {
            de(format!("`{name}` evicts a node's pods or rolls a workload back"))
        }
        // (`k3s ctr … rm|delete|prune`: containerd's images, containers,
        // snapshots removed.)
        "k3s"
            if has("ctr")
                && lits
                    .iter()
                    .any(|w| matches!(*w, "rm" | "remove" | "del" | "delete" | "prune")) =>
        {
            de("`k3s ctr` removes images, containers or snapshots".into())
        }
        // microk8s(1): its services stopped, the node taken out of the
        // cluster or another node removed, the cluster reset, an addon
        // (its workloads and storage) disabled (blind corpus 185).
        "microk8s"
            if matches!(
                lits.first().copied(),
                Some("stop" | "leave" | "remove-node" | "disable")
            ) =>
        {
            de("`microk8s` stops the cluster, leaves it, removes a node or disables an addon".into())
        }
        "k3s" if lits.iter().any(|w| w.starts_with("--cluster-reset")) => {
            de("`k3s --cluster-reset` resets the cluster's etcd to this one member".into())
        }
        // `kubectl scale --replicas=0`: the workload stops.
        "kubectl" | "oc" if replicas_zero(lits) && !crate::rules::recall::kube_dry_run(lits) => {
            de(format!("`{name} scale --replicas=0` stops the workload"))
        }
        "postsuper" if lits.iter().any(|w| w.starts_with("-d")) => {
            de("`postsuper -d` deletes queued mail".into())
        }
        // upscmd(8): the load switched off or cycled, the UPS shut down:
        // what it feeds loses power.
        "upscmd"
            if lits.iter().any(|w| {
                ["load.off", "load.cycle", "shutdown."].iter().any(|c| w.starts_with(c))
            }) =>
        {
            de("`upscmd` cuts the power of what the UPS feeds".into())
        }
        // Its init script passes `save` and `flush` on (`service
        // netfilter-persistent save`, `invoke-rc.d …`, `/etc/init.d/…`).
        "service" | "invoke-rc.d"
            if lits
                .iter()
                .find(|w| !w.starts_with('-'))
                .is_some_and(|s| super::super::base(s) == "netfilter-persistent")
                && lits.iter().any(|w| matches!(*w, "save" | "flush")) =>
        {
            de("`netfilter-persistent` writes over the firewall's boot rules or empties the running ones".into())
        }
        _ => None,
    }
}

/// Whether a `mosquitto_pub` line publishes an empty retained message:
/// `-r`/`--retain` with `-n`/`--null-message`, `-m ''` or `-f /dev/null`
/// (short flags cluster: `-rn`).
fn retains_nothing(lits: &[&str]) -> bool {
    let short = |c: char| {
        lits.iter().any(|w| {
            w.starts_with('-')
                && !w.starts_with("--")
                && w[1..].chars().all(|f| "rndq012".contains(f))
                && w.contains(c)
        })
    };
    let retain = short('r') || lits.contains(&"--retain");
    let empty = short('n')
        || lits.contains(&"--null-message")
        || lits.windows(2).any(|p| {
            matches!(p[0], "-m" | "--message") && p[1].is_empty()
                || matches!(p[0], "-f" | "--file") && p[1] == "/dev/null"
        })
        || lits.contains(&"--message=");
    retain && empty
}

/// Whether a `mosquitto_pub` line tells a device to switch off, restart
/// or be removed: its topic names a removal or restart, or its message
/// is an off (`OFF`, `0`, `false`, `{"state":"OFF"}`) sent to a command
/// or set topic.
fn publishes_off(lits: &[&str]) -> bool {
    let value = |names: &[&str]| {
        lits.windows(2)
            .find(|p| names.contains(&p[0]))
            .map(|p| p[1].to_ascii_lowercase())
    };
    let topic = value(&["-t", "--topic"]).unwrap_or_default();
    let message = value(&["-m", "--message"]).unwrap_or_default();
    let parts: Vec<&str> = topic.split('/').collect();
    let removes = parts.iter().any(|p| {
        matches!(
            *p,
            "remove" | "delete" | "restart" | "reboot" | "factory_reset" | "reset"
        )
    });
    // (Shelly's Gen2 RPC over MQTT too, `DEVICE/rpc`; review 61.)
    let commands = parts.iter().any(|p| {
        matches!(
            *p,
            "set" | "command" | "cmnd" | "power" | "cmd" | "rpc" | "backlog"
        )
    });
    let tokens: Vec<&str> = message
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|t| !t.is_empty())
        .collect();
    let off = tokens.iter().any(|t| {
        matches!(
            *t,
            "off" | "false" | "restart" | "reboot" | "reset" | "factoryreset"
        )
    }) || tokens
        .windows(2)
        .any(|p| p[0].starts_with("power") && p[1] == "0")
        || message.trim() == "0";
    removes || (commands && off)
}

/// named-checkzone's `-o FILE` naming the zone file it reads (its last
/// operand): `named-checkzone [options] ZONE FILE`.
fn zone_output_over_input(lits: &[&str]) -> bool {
    let output = lits
        .windows(2)
        .find(|p| p[0] == "-o")
        .map(|p| p[1])
        .or_else(|| {
            lits.iter()
                .find_map(|w| w.strip_prefix("-o").filter(|v| !v.is_empty()))
        });
    output.is_some_and(|out| out != "-" && lits.last() == Some(&out))
}

/// Whether a WP-CLI line rewrites or replaces the site's data: its verb
/// words (after the global `--…` options) are `search-replace` without
/// `--dry-run`, `site empty`, `db import` or `db reset`.
fn wp_loses(lits: &[&str]) -> bool {
    let words: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with("--"))
        .collect();
    match words.as_slice() {
        ["search-replace", ..] => !lits.contains(&"--dry-run"),
        ["site", "empty", ..] | ["db", "import" | "reset", ..] => true,
        _ => false,
    }
}
