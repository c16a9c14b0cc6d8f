//! What loses guests, backups or the cluster's access in Proxmox VE and
//! PBS: `pvesh`, `pvesm`, `vzdump`, `qm`/`pct`, `pveum`, `pveam`,
//! corosync, HA, the backup client and manager, LXC's own tools.

use super::*;

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    match name {
        "pvesh" if pvesh_loses(lits) => de("`pvesh` deletes, blocks or wipes".into()),
        // A PBS user's password changed: PVE's storage logs in with the
        // old one (its `.pw` file), and every backup fails (review 136).
        "proxmox-backup-manager"
            if has("user") && has("update") && lits.iter().any(|w| w.starts_with("--password")) =>
        {
            de("changes a PBS user's password, which the backup clients log in with".into())
        }
        // (Review 123: as `ifreload -a` does on a PVE node.)
        "proxmox-backup-manager" if has("network") && has("reload") => {
            de("applies the PBS host's pending network changes, which can cut it off".into())
        }
        "pvesm" if has("prune-backups") && !super::super::pve_boolean(lits, "dry-run") => {
            de("`pvesm prune-backups` deletes backups".into())
        }
        // A storage switched off: every guest disk and backup on it gone
        // from the cluster until it is enabled (blind corpus 62).
        "pvesm" if verb == Some("set") && super::super::pve_boolean(lits, "disable") => {
            de("`pvesm set --disable` takes a storage, its guests' disks and backups away".into())
        }
        "vzdump"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "--remove" | "-remove" | "--prune-backups" | "-prune-backups"
                )
            }) || lits
                .windows(2)
                .any(|p| matches!(p[0], "--mode" | "-mode") && p[1] == "stop") =>
        {
            de("`vzdump` deletes old backups or stops the guest".into())
        }
        // `pct push VMID FILE DEST`: DEST inside the guest written over, a
        // file the guest's system needs, runs or trusts for access among
        // them (blind corpus 114: `authorized_keys`, `pg_hba.conf`).
        // `qm guest file-write VMID FILE CONTENT`: the agent writes FILE
        // over (review 92).
        "qm" if verb == Some("guest")
            && guest_file_needed(
                lits.iter()
                    .position(|w| *w == "file-write")
                    .and_then(|i| lits.get(i + 2))
                    .copied(),
            ) =>
        {
            de("`qm guest file-write` writes over a guest file the guest runs, trusts for access or needs".into())
        }
        "pct" if verb == Some("push") && pushes_over_code(lits) => {
            de("`pct push` writes over a guest file the guest runs, trusts for access or needs".into())
        }
        // `pct pull VMID FILE DEST` and `pvesm export VOLUME FORMAT FILE`:
        // a host file written as root, with what the guest or volume holds
        // (review 130).
        "pct" if verb == Some("pull") && host_file_needed(operands(lits).get(3).copied()) => {
            de("`pct pull` writes a guest's file over one the host runs, trusts for access or needs".into())
        }
        "pvesm" if verb == Some("export") && host_file_needed(operands(lits).get(3).copied()) => {
            de("`pvesm export` writes a volume's stream over a file the host needs".into())
        }
        // (`--base`: `zfs recv -F` into the existing volume, rolled back
        // to the base; review 130.)
        "pvesm" if verb == Some("import") && has("--base") => {
            de("`pvesm import --base` receives over an existing volume, rolling it back".into())
        }

        "qm" if has("unlink") || lits.iter().any(|w| w.starts_with("fsfreeze-freeze")) => {
            de("`qm` unlinks a disk or freezes the guest's filesystems".into())
        }
        // Root's powers over the whole cluster given away (thirty-first
        // review): an administrator role on `/`, or an API token that is
        // not separated from its user (root@pam's token is root).
        "pveum" if ((has("acl") && has("modify")) || has("aclmod")) && makes_cluster_admin(lits) => {
            de("`pveum` makes someone an administrator of the whole cluster".into())
        }
        // Access taken away: the `NoAccess` role given on a path (it
        // overrides what other roles grant there), or a role's privileges
        // emptied (review 59).
        // (A role's privileges given anew replace the old ones; the
        // Backup Server's ACLs too; `--purge`, the old spelling of
        // remove-vanished; review 60.)
        "pveum" | "proxmox-backup-manager"
            if lits
                .iter()
                .any(|w| {
                    w.split(|c: char| matches!(c, ',' | ';' | '=' | '\0') || c.is_whitespace())
                        .any(|r| r == "NoAccess")
                })
                || (has("role") && has("modify") && lits.iter().any(|w| w.trim_start_matches('-').starts_with("privs")))
                || (has("sync") && super::super::pve_boolean(lits, "purge")) =>
        {
            de("`pveum` takes access away: the NoAccess role on a path, or a role emptied of privileges".into())
        }
        "pveum" if has("token") && (has("add") || has("modify")) && privsep_off(lits) => {
            de("`pveum` makes an API token with all its user's powers (privilege separation off)".into())
        }
        // A guest given the host (thirty-first review): a host disk passed
        // through (the guest may overwrite it), a host system folder bind
        // mounted into a container, or its AppArmor confinement lifted.
        // A network card's link taken down (`--net0 …,link_down=1`): the
        // guest is cut off (blind corpus 52).
        "qm" | "pct"
            if verb == Some("set")
                && lits.iter().any(|w| {
                    w.split(',').any(|kv| {
                        kv.split_once('=').is_some_and(|(k, v)| {
                            k == "link_down" && ["1", "true", "yes", "on"].iter().any(|t| v.eq_ignore_ascii_case(t))
                        })
                    })
                }) =>
        {
            de("takes a guest's network link down".into())
        }
        "qm" | "pct" if matches!(verb, Some("set" | "create")) && gives_guest_the_host(lits) => {
            de(format!(
                "`{name}` gives a guest the host's disk, system folders or unconfined access"
            ))
        }
        // A host disk or system disk copied into a guest (its password
        // hashes and keys with it).
        "qm" if imports_host_disk(lits) => {
            de("`qm` copies a host disk into a guest".into())
        }
        // The same API through `pvesh` (thirty-second review).
        // (`PUT /nodes/{node}/network` applies the pending interface
        // changes: ifupdown2 reloads every interface, and a mistake cuts
        // the host off; blind corpus 69.)
        "pvesh"
            if matches!(verb, Some("set" | "put"))
                && lits.iter().any(|w| {
                    let parts: Vec<&str> = w.split('/').filter(|p| !p.is_empty()).collect();
                    matches!(parts.as_slice(), ["nodes", _, "network"])
                }) =>
        {
            de("`pvesh set /nodes/NODE/network` applies the pending network changes, which can cut the host off".into())
        }
        "pvesh" if matches!(verb, Some("set" | "create" | "put" | "post")) => {
            pvesh_grants(lits).and_then(|why| de(format!("`pvesh` {why}")))
        }
        "qm" if matches!(verb, Some("monitor" | "terminal")) => {
            de("`qm monitor` passes commands to QEMU (`quit`, `system_reset`)".into())
        }
        // (`--stop` kills the backup running now; blind corpus 160.)
        "vzdump" if lits.iter().any(|w| matches!(*w, "--stop" | "-stop")) => {
            de("`vzdump --stop` kills the running backup".into())
        }
        // (A datastore set offline: every backup and restore on it
        // fails until it is back; blind corpus 160.)
        "proxmox-backup-manager"
            if has("datastore")
                && lits.windows(2).any(|p| {
                    // (The property string's key may be written:
                    // `type=offline`; review 130.)
                    matches!(p[0], "--maintenance-mode" | "-maintenance-mode")
                        && (p[1].starts_with("offline")
                            || p[1].split(',').any(|kv| kv == "type=offline"))
                }) =>
        {
            de("`proxmox-backup-manager` takes a datastore offline".into())
        }
        // pvesr's node-internal steps remove replication snapshots and
        // volumes; `crm-command disarm-ha` releases every watchdog and
        // takes resources out of HA; a realm's enforced TFA locks out
        // every user without a key, root@pam included; a remote
        // migration with `--delete` destroys the source guest (review
        // 130).
        "pvesr" if matches!(verb, Some("prepare-local-job" | "finalize-local-job")) => {
            de("`pvesr` removes replication snapshots or volumes".into())
        }
        "ha-manager" if has("crm-command") && has("disarm-ha") => {
            de("`ha-manager crm-command disarm-ha` takes every resource out of HA's watch".into())
        }
        "pveum" if has("realm") && has("--tfa") => {
            de("`pveum realm` enforces a second factor, locking out users without one".into())
        }
        "qm" | "pct"
            if matches!(verb, Some("remote-migrate" | "remote_migrate"))
                && super::super::pve_boolean(lits, "delete") =>
        {
            de("a remote migration with `--delete` destroys the source guest".into())
        }
        "vzdump" if lits.iter().any(|w| matches!(*w, "--script" | "-script")) => {
            de("`vzdump --script` runs a hook script".into())
        }
        "pveam" if matches!(verb, Some("remove")) => de("`pveam remove` deletes a template".into()),
        "corosync-cfgtool" if has("-H") => de("`corosync-cfgtool -H` shuts corosync down".into()),
        // corosync-keygen(8) writes a new key over /etc/corosync/authkey
        // (or `-k FILE`): the nodes holding the old one no longer join
        // (blind corpus 131).
        "corosync-keygen" if !lits.iter().any(|w| matches!(*w, "-h" | "--help")) => {
            de("`corosync-keygen` writes a new cluster key over the one the nodes share".into())
        }
        // corosync-quorumtool(8) `-e N`: expected votes lowered, a node cut
        // off may make a quorum alone (split brain); `-v N` a node's
        // votes, `-k` kills a node (blind corpus 82).
        "corosync-quorumtool"
            if lits.iter().any(|w| {
                w.starts_with('-') && !w.starts_with("--") && w[1..].contains(['e', 'v', 'k', 'f'])
            }) =>
        {
            // (`-f` unregisters the quorum device by force, its votes with
            // it: corosync-quorumtool(8) "*DANGEROUS*"; blind corpus 222.)
            de("`corosync-quorumtool` changes the votes a quorum needs, unregisters the quorum device or kills a node".into())
        }
        "lxc-stop" | "lxc-destroy" | "lxc-freeze" | "lxc-kill" => {
            de(format!("`{name}` stops or removes a container"))
        }
        // (A prune with `--dry-run` on only lists what it would remove.)
        "proxmox-backup-client"
            if lits.iter().any(|w| matches!(*w, "forget" | "destroy" | "remove"))
                || (has("prune") && !super::super::pve_boolean(lits, "dry-run"))
                || (has("namespace") && has("delete"))
                || (has("restore") && lits.iter().any(|w| *w == "/" || critical(w))) =>
        {
            de("`proxmox-backup-client` deletes backup snapshots".into())
        }
        // proxmox-backup-client(1): without `--repository` the server is
        // `$PBS_REPOSITORY`'s, which the text does not show (review 47).
        "proxmox-backup-client"
            if lits
                .iter()
                .any(|w| matches!(*w, "list" | "status" | "snapshot" | "prune" | "version"))
                && !lits
                    .iter()
                    .any(|w| *w == "--repository" || w.starts_with("--repository=")) =>
        {
            Some(Verdict::mutation(
                "`proxmox-backup-client` without `--repository` reaches the server \
                 `$PBS_REPOSITORY` names, which the command does not show",
            ))
        }
        // (A password login caches its ticket in
        // `$XDG_RUNTIME_DIR/proxmox-backup/tickets`, the client's own
        // session of two hours, mode 0600, which the user's password
        // already opens; on the target the confinement's read-only view
        // keeps even that from being written: a listing stays a read.
        // Review 47 judged it a change; blind corpora 157 and earlier
        // wrote every such listing as read-only.)
        "proxmox-backup-manager"
            if lits.iter().any(|w| {
                matches!(*w, "remove" | "prune" | "destroy" | "delete")
                    || w.starts_with("--destroy")
            }) || (has("prune-job") && has("run"))
                // (Garbage collection removes every chunk no snapshot
                // refers to; blind corpus 46.)
                || (has("garbage-collection") && has("start"))
                || (has("disk")
                    && lits
                        .iter()
                        .any(|w| matches!(*w, "wipe" | "initialize" | "create"))) =>
        {
            de("`proxmox-backup-manager` removes a datastore, job or its data".into())
        }
        // The Home Assistant CLI: `ha backups remove SLUG`, `ha … reset`.
        "ha" if lits
            .iter()
            .any(|w| matches!(*w, "remove" | "delete" | "wipe" | "reset" | "uninstall"))
            || (has("host") && lits.iter().any(|w| matches!(*w, "shutdown" | "reboot")))
            || (has("backups") && has("restore")) =>
        {
            de("`ha` removes a backup or an add-on, restores over the running system, or stops the host".into())
        }
        // `ha core|addons|supervisor stop`: the service is down until
        // someone starts it (a restart comes back: a change).
        "ha" if has("stop") => {
            de("`ha … stop` stops Home Assistant or one of its add-ons".into())
        }
        // `ha factory-reset` (the data disk wiped), `ha os datadisk move`
        // (the new disk formatted), `ha os boot-slot` (a reboot into the
        // other system).
        "ha" if lits
            .iter()
            .any(|w| matches!(*w, "factory-reset" | "datadisk" | "boot-slot")) =>
        {
            de("`ha` wipes or moves the data disk, or reboots into the other system".into())
        }
        _ => None,
    }
}

/// Whether `pct push`'s destination (its third operand, options and
/// their values aside) is a file the guest runs, trusts for access or
/// needs to boot and log in.
fn pushes_over_code(lits: &[&str]) -> bool {
    let mut operands = Vec::new();
    let mut words = lits.iter().skip_while(|w| **w != "push").skip(1);
    while let Some(w) = words.next() {
        if w.starts_with('-') {
            // (`--perms 0600`, `--user x`, `--group x`: each takes a value.)
            if !w.contains('=') {
                words.next();
            }
        } else {
            operands.push(*w);
        }
    }
    guest_file_needed(operands.get(2).copied())
}

/// The words that are no option nor an option's value (Proxmox's
/// options each take one, booleans aside: a `-`-word's next word is
/// taken as its value unless it is itself an option).
fn operands<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut words = lits.iter().peekable();
    while let Some(w) = words.next() {
        if w.starts_with('-') {
            if !w.contains('=') && words.peek().is_some_and(|n| !n.starts_with('-')) {
                words.next();
            }
        } else {
            out.push(*w);
        }
    }
    out
}

/// Whether a host file, written over, is one the host runs, trusts for
/// access or needs.
fn host_file_needed(dest: Option<&str>) -> bool {
    dest.is_some_and(|dest| {
        dest != "-"
            && (super::critical(dest)
                || super::super::persist::runs_code(dest, &crate::secret_paths::Folders::home()))
    })
}

/// Whether a file inside a guest, written over, is one the guest runs,
/// trusts for access or needs (as the host's own would be).
fn guest_file_needed(dest: Option<&str>) -> bool {
    dest.is_some_and(|dest| {
        super::critical(dest)
            || super::super::persist::runs_code(dest, &crate::secret_paths::Folders::home())
    })
}
