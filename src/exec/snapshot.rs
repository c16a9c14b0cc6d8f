//! Snapshots before risky container work: before approved config_mutation
//! or destructive work runs on an `lxc:` target, Nomos takes
//! `pct snapshot VMID nomos-SHORTID`, so `!undo` can roll the container
//! back. Only snapshots named `nomos-…` are Nomos's: pruning keeps the
//! newest `keep` of them and never touches another.
//!
//! Whether a container can be snapshotted is decided before approval, so
//! the card says so: its root disk and every mount point must be volumes
//! on a storage whose type can snapshot a container volume (pve-storage
//! 9.1.7 `volume_has_feature`: lvmthin, zfspool, zfs over iSCSI, rbd,
//! btrfs; dir, nfs, cifs, glusterfs and lvm snapshot only qcow2, which a
//! container volume never is). A bind or device mount (an `mpN` whose
//! source is a path) is no volume, so pve-container 6.1.10's feature check
//! fails on it too. The parsers are pure functions over `pct` and `pvesh`
//! output; taking, rolling back and pruning run over the executor like any
//! command, and are Nomos's own steps of the approved work (the card
//! promised them), not proposals of their own.

use std::collections::HashMap;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::target::Container;
use super::{Executor, Limits, RunStatus, discard};
use crate::domain::{RiskClass, SnapshotPlan, SnapshotPolicy};

/// The prefix of every snapshot Nomos makes.
pub const PREFIX: &str = "nomos-";

/// Storage types whose container volumes can be snapshotted.
pub const CAPABLE: &[&str] = &["lvmthin", "zfspool", "zfs", "rbd", "btrfs"];

/// The snapshot taken before execution `short_id` (its card's id).
pub fn name_for(short_id: &str) -> String {
    format!("{PREFIX}{short_id}")
}

/// Whether the policy wants a snapshot before work of this class.
pub fn wanted(policy: SnapshotPolicy, class: RiskClass) -> bool {
    match (policy, class) {
        (_, RiskClass::ReadOnly) | (SnapshotPolicy::Off, _) => false,
        (SnapshotPolicy::On, RiskClass::ConfigMutation | RiskClass::Destructive) => true,
        (SnapshotPolicy::DestructiveOnly, RiskClass::Destructive) => true,
        (SnapshotPolicy::DestructiveOnly, RiskClass::ConfigMutation) => false,
    }
}

/// Why `pct config` output describes a container that cannot be
/// snapshotted, given the host's storage types by id; `None` when it can.
pub fn impossible(config: &str, storage_types: &HashMap<String, String>) -> Option<String> {
    for (key, source) in disks(config) {
        if source.starts_with('/') {
            return Some(format!(
                "{key} is a bind or device mount ({source}), which Proxmox cannot snapshot"
            ));
        }
        let Some((storage, _volume)) = source.split_once(':') else {
            return Some(format!("{key} has no storage volume ({source})"));
        };
        match storage_types.get(storage) {
            Some(kind) if CAPABLE.contains(&kind.as_str()) => {}
            Some(kind) => {
                return Some(format!(
                    "{key} is on storage {storage} ({kind}), which cannot snapshot containers"
                ));
            }
            None => {
                return Some(format!(
                    "{key} is on storage {storage}, which the host does not list"
                ));
            }
        }
    }
    None
}

/// The container's disks in `pct config` output: `rootfs` and each `mpN`,
/// with its source (`STORAGE:VOLUME`, or a path for a bind mount).
fn disks(config: &str) -> impl Iterator<Item = (&str, &str)> {
    config.lines().filter_map(|line| {
        let (key, value) = line.split_once(':')?;
        let key = key.trim();
        (key == "rootfs" || is_mount_point(key))
            .then(|| (key, value.trim().split(',').next().unwrap_or("").trim()))
    })
}

fn is_mount_point(key: &str) -> bool {
    key.strip_prefix("mp")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// The snapshot names `pct listsnapshot` prints, oldest first. The
/// listing is a tree (`` `-> name  YYYY-MM-DD HH:MM:SS  description``, one
/// more leading space per level, `current` last), and after a rollback a
/// branch can list a newer snapshot before an older one, so the order is
/// the time each was taken (local time, to the second; ties keep the
/// listing's order).
pub fn listed(output: &str) -> Vec<String> {
    listed_at(output).into_iter().map(|s| s.name).collect()
}

/// A snapshot as `pct listsnapshot` shows it: its name and when it was
/// taken (the host's local time; `None` when the line has none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub name: String,
    pub taken: Option<time::PrimitiveDateTime>,
}

/// [`listed`], with the time each was taken.
pub fn listed_at(output: &str) -> Vec<Listed> {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    let mut found: Vec<Listed> = output
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("`->")?;
            let mut words = rest.split_whitespace();
            let name = words.next()?.to_string();
            let taken = match (words.next(), words.next()) {
                (Some(date), Some(clock)) => {
                    time::PrimitiveDateTime::parse(&format!("{date} {clock}"), format).ok()
                }
                _ => None,
            };
            (name != "current").then_some(Listed { name, taken })
        })
        .collect();
    // Sorted by time; a snapshot without one keeps its place among those
    // before it (the sort is stable, and None sorts first).
    found.sort_by_key(|s| s.taken);
    found
}

/// Whether a snapshot is one Nomos made: `nomos-` and the 8 hex digits
/// of an execution's short id (an operator's `nomos-before-upgrade` is not).
pub fn is_ours(name: &str) -> bool {
    name.strip_prefix(PREFIX).is_some_and(|id| {
        id.len() == 8
            && id
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
    })
}

/// How many of its own snapshots of a container Nomos keeps, and for how
/// long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// The newest this many are kept.
    pub keep: usize,
    /// Older ones than this (measured from the newest snapshot of the
    /// container, on the host's clock) go even within `keep`; `None`: no
    /// limit by age.
    pub max_age: Option<std::time::Duration>,
}

/// Nomos's own snapshots to delete, oldest first: those beyond the newest
/// `keep`, and those older than `max_age`; never the newest of Nomos's,
/// never another's.
pub fn to_prune(listed: &[Listed], retention: Retention) -> Vec<String> {
    let ours: Vec<&Listed> = listed.iter().filter(|s| is_ours(&s.name)).collect();
    let extra = ours.len().saturating_sub(retention.keep);
    let newest = listed.iter().filter_map(|s| s.taken).max();
    let too_old = |s: &Listed| match (retention.max_age, s.taken, newest) {
        (Some(max), Some(taken), Some(newest)) => (newest - taken).unsigned_abs() > max,
        _ => false,
    };
    let last = ours.len().saturating_sub(1);
    ours.iter()
        .enumerate()
        .filter(|(i, s)| *i < last && (*i < extra || too_old(s)))
        .map(|(_, s)| s.name.clone())
        .collect()
}

/// The commands, with nothing from outside in them but a VMID and names
/// Nomos made.
pub fn take_command(vmid: u32, name: &str) -> String {
    format!("pct snapshot {vmid} {name} --description 'taken by Nomos before approved work'")
}

pub fn list_command(vmid: u32) -> String {
    format!("pct listsnapshot {vmid}")
}

pub fn delete_command(vmid: u32, name: &str) -> String {
    format!("pct delsnapshot {vmid} {name}")
}

pub fn rollback_command(vmid: u32, name: &str) -> String {
    format!("pct rollback {vmid} {name} --start")
}

pub fn config_command(vmid: u32) -> String {
    format!("pct config {vmid}")
}

/// Time one snapshot command may take (a snapshot of a large volume is
/// quick on the storages that can take one).
const LIMITS: Limits = Limits {
    timeout: Duration::from_secs(120),
    output_cap: 64 * 1024,
};

/// Decides, before approval, whether work of `class` on `target` gets a
/// snapshot first: `None` when none is wanted (not a container, read-only
/// work, or the policy says no), else whether one can be taken.
pub async fn plan(executor: &Executor, target: &str, class: RiskClass) -> Option<SnapshotPlan> {
    if class == RiskClass::ReadOnly {
        return None;
    }
    // A target that does not resolve fails the work itself, with its own
    // error; no note about snapshots is needed then.
    let container = executor.resolver().container_of(target).await.ok()??;
    let policy = container.snapshots.unwrap_or(executor.settings().snapshots);
    if !wanted(policy, class) {
        return None;
    }
    let probed = match config_and_types(executor, &container).await {
        Ok(probed) => probed,
        Err(why) => {
            return Some(SnapshotPlan::Impossible {
                why: format!("it could not be checked: {why}"),
            });
        }
    };
    Some(match impossible(&probed.0, &probed.1) {
        None => SnapshotPlan::Take,
        Some(why) => SnapshotPlan::Impossible { why },
    })
}

/// The container's config and the host's storage types by id.
async fn config_and_types(
    executor: &Executor,
    container: &Container,
) -> Result<(String, HashMap<String, String>), String> {
    let config = run(executor, container, &config_command(container.vmid)).await?;
    let json = run(executor, container, super::pve::ALL_STORAGES).await?;
    let storages = super::pve::storages(&json).map_err(|e| e.to_string())?;
    let types = storages.into_iter().map(|s| (s.id, s.kind)).collect();
    Ok((config, types))
}

/// Why rolling the container back to `name` cannot work now: the snapshot
/// is gone (pruned or deleted), or it is on ZFS, where Proxmox rolls back
/// only to the newest snapshot, and newer ones were taken since.
pub async fn rollback_blocker(
    executor: &Executor,
    container: &Container,
    name: &str,
) -> Option<String> {
    if !is_ours(name) {
        return Some(format!("`{name}` is not a snapshot Nomos took"));
    }
    let listing = match run(executor, container, &list_command(container.vmid)).await {
        Ok(listing) => listed(&listing),
        Err(why) => return Some(format!("cannot list the container's snapshots: {why}")),
    };
    let Some(at) = listing.iter().position(|n| n == name) else {
        return Some(format!(
            "snapshot {name} is gone (Nomos keeps only its newest few, or someone deleted it)"
        ));
    };
    let newer = &listing[at + 1..];
    if newer.is_empty() {
        return None;
    }
    let (config, types) = match config_and_types(executor, container).await {
        Ok(probed) => probed,
        Err(why) => return Some(format!("cannot read the container's storage: {why}")),
    };
    let on_zfs = disks(&config).any(|(key, source)| {
        key == "rootfs"
            && source
                .split_once(':')
                .and_then(|(storage, _)| types.get(storage))
                .is_some_and(|kind| matches!(kind.as_str(), "zfspool" | "zfs"))
    });
    on_zfs.then(|| {
        format!(
            "its root disk is on ZFS, where Proxmox rolls back only to the newest snapshot, and {} came after {name}",
            newer.join(", ")
        )
    })
}

/// Takes snapshot `name` of the container.
pub async fn take(executor: &Executor, container: &Container, name: &str) -> Result<(), String> {
    run(executor, container, &take_command(container.vmid, name))
        .await
        .map(|_| ())
}

/// Deletes Nomos's snapshots of the container that `retention` lets go;
/// returns those deleted. Failures are logged, never fatal: the work
/// itself is done.
pub async fn prune(
    executor: &Executor,
    container: &Container,
    retention: Retention,
) -> Vec<String> {
    let listing = match run(executor, container, &list_command(container.vmid)).await {
        Ok(listing) => listing,
        Err(e) => {
            tracing::warn!(vmid = container.vmid, error = %e, "cannot list snapshots to prune");
            return Vec::new();
        }
    };
    let mut deleted = Vec::new();
    for name in to_prune(&listed_at(&listing), retention) {
        match run(executor, container, &delete_command(container.vmid, &name)).await {
            Ok(_) => deleted.push(name),
            Err(e) => {
                tracing::warn!(vmid = container.vmid, %name, error = %e, "cannot prune a snapshot")
            }
        }
    }
    deleted
}

/// Runs a `pct`/`pvesh` command on the container's host; its output, or
/// why it failed.
async fn run(executor: &Executor, container: &Container, command: &str) -> Result<String, String> {
    let outcome = executor
        .run_on(
            &container.host,
            command,
            LIMITS,
            discard(),
            CancellationToken::new(),
        )
        .await
        .map_err(|e| e.to_string())?;
    match outcome.status {
        RunStatus::Completed => Ok(outcome.stdout),
        RunStatus::Failed | RunStatus::TimedOut | RunStatus::Cancelled => Err(format!(
            "`{command}` ended {}: {}",
            outcome.status.as_str(),
            outcome.tail(400).trim()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types() -> HashMap<String, String> {
        [
            ("local", "dir"),
            ("local-lvm", "lvmthin"),
            ("tank", "zfspool"),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
    }

    #[test]
    fn capable_storage_and_volumes_only() {
        let ok = "arch: amd64\nrootfs: local-lvm:vm-150-disk-0,size=8G\nmp0: tank:subvol-150-disk-1,mp=/data\n";
        assert_eq!(impossible(ok, &types()), None);
        let dir = "rootfs: local:150/vm-150-disk-0.raw,size=8G\n";
        let why = impossible(dir, &types()).expect("dir cannot");
        assert!(why.contains("local (dir)"), "{why}");
        let bind = "rootfs: local-lvm:vm-150-disk-0,size=8G\nmp1: /srv/share,mp=/share\n";
        assert!(
            impossible(bind, &types())
                .expect("bind")
                .contains("bind or device mount")
        );
        let unknown = "rootfs: gone:vm-150-disk-0\n";
        assert!(
            impossible(unknown, &types())
                .expect("unknown")
                .contains("does not list")
        );
        // `mpx:` is not a mount point key; `memory:` is not a disk.
        assert_eq!(
            impossible("memory: 512\nmpx: /x\nrootfs: tank:a\n", &types()),
            None
        );
    }

    #[test]
    fn the_listing_is_read_oldest_first() {
        let tree = "`-> before-upgrade              2026-12-01 07:42:25     first line\n \
                    `-> nomos-b2                    2026-12-01 07:42:40     taken by Nomos\n \
                    `-> nomos-a1                    2026-12-01 07:42:35     taken by Nomos\n  \
                    `-> current                                           You are here!\n";
        assert_eq!(listed(tree), ["before-upgrade", "nomos-a1", "nomos-b2"]);
        assert!(listed("`-> current   You are here!\n").is_empty());
    }

    #[test]
    fn policy_and_pruning() {
        assert!(wanted(SnapshotPolicy::On, RiskClass::ConfigMutation));
        assert!(!wanted(SnapshotPolicy::On, RiskClass::ReadOnly));
        assert!(!wanted(
            SnapshotPolicy::DestructiveOnly,
            RiskClass::ConfigMutation
        ));
        assert!(wanted(
            SnapshotPolicy::DestructiveOnly,
            RiskClass::Destructive
        ));
        assert!(!wanted(SnapshotPolicy::Off, RiskClass::Destructive));
        let day = |d: u8| {
            time::PrimitiveDateTime::new(
                time::Date::from_calendar_date(2026, time::Month::November, d).expect("date"),
                time::Time::MIDNIGHT,
            )
        };
        let names: Vec<Listed> = [
            ("before-upgrade", 1),
            ("nomos-0000a1a1", 2),
            ("nomos-before-it", 3),
            ("nomos-0000b2b2", 20),
            ("nomos-0000c3c3", 28),
        ]
        .into_iter()
        .map(|(name, d)| Listed {
            name: name.to_string(),
            taken: Some(day(d)),
        })
        .collect();
        let by_count = |keep| Retention {
            keep,
            max_age: None,
        };
        assert_eq!(
            to_prune(&names, by_count(2)),
            vec!["nomos-0000a1a1".to_string()]
        );
        assert!(to_prune(&names, by_count(5)).is_empty());
        assert_eq!(
            to_prune(&names, by_count(0)),
            ["nomos-0000a1a1", "nomos-0000b2b2"],
            "never another's, never the newest"
        );
        let week = Retention {
            keep: 5,
            max_age: Some(std::time::Duration::from_secs(7 * 86_400)),
        };
        assert_eq!(
            to_prune(&names, week),
            ["nomos-0000a1a1", "nomos-0000b2b2"],
            "older than a week before the newest"
        );
        assert!(is_ours("nomos-0a1b2c3d"));
        assert!(
            !is_ours("nomos-before-it") && !is_ours("nomos-0A1B2C3D") && !is_ours("x-0a1b2c3d")
        );
    }
}
