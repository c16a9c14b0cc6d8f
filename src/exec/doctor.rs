//! `nomos doctor`: checks every inventory host the way a run would reach
//! it (reachable, host key verified, key accepted, Proxmox tools present)
//! and says, per host, what is wrong and how to fix it; for a Proxmox host
//! also what `pct_create` will find there (storages for root disks and
//! templates, a standard Debian template, bridges and whether a gateway
//! can be proved from the host on each, quorum); and that the data dir is
//! private, as `nomos run` requires.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::target::{HostSpec, Transport};
use super::{ExecError, Executor, Limits, RunStatus, discard};
use crate::domain::Target;
use crate::domain::target::{self, HostAttrs};
use crate::store::{Store, StoreError};

/// One host's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    pub host: String,
    pub ok: bool,
    pub verdict: String,
    /// What to do about it, when not ok.
    pub fix: Option<String>,
}

/// The data dir's verdict, as a row like the hosts' (named `data_dir`):
/// open to other users, it fails with the `chmod 700` that fixes it
/// (`nomos run` refuses to start on it).
pub fn check_data_dir(data_dir: &std::path::Path) -> Check {
    use crate::store::at_rest::{AtRestError, chmod_fix, inspect_dir};
    match inspect_dir(data_dir) {
        Ok(verdict) => Check {
            host: "data_dir".into(),
            ok: true,
            verdict,
            fix: None,
        },
        Err(e) => {
            let (verdict, fix) = match &e {
                AtRestError::Exposed { path, mode } => (
                    format!(
                        "{} is open to other users (mode {}): `nomos run` refuses to start",
                        path.display(),
                        crate::store::at_rest::format_mode(*mode)
                    ),
                    chmod_fix(path),
                ),
                AtRestError::NotADirectory { .. } => (
                    e.to_string(),
                    "point data_dir at a folder (it is created when missing)".into(),
                ),
                AtRestError::Io { .. } => (
                    e.to_string(),
                    "check that Nomos's user can reach the path".into(),
                ),
            };
            Check {
                host: "data_dir".into(),
                ok: false,
                verdict,
                fix: Some(fix),
            }
        }
    }
}

const TOOLS_PRESENT: &str = "pct/pvesh/pveam present";

const PROBE: &str =
    "for t in pct pvesh pveam; do command -v $t >/dev/null 2>&1 || printf '%s ' $t; done; echo";

/// Checks every host entity.
pub async fn check_all(store: &Store, executor: &Executor) -> Result<Vec<Check>, StoreError> {
    let mut checks = Vec::new();
    for entity in store.list_entities(Some(Target::HOST)).await? {
        let proxmox = target::decode::<HostAttrs>(&entity.attributes.0).is_ok_and(|a| a.proxmox);
        match HostSpec::from_entity(&entity) {
            Ok(host) => {
                let check = check_host(executor, &host, proxmox).await;
                let survey = check.ok && check.verdict.contains(TOOLS_PRESENT);
                let reached = check.ok;
                checks.push(check);
                if reached {
                    checks.push(confinement_row(executor, &host).await);
                }
                if survey {
                    checks.push(proxmox_row(executor, &host).await);
                }
            }
            Err(e) => checks.push(Check {
                host: entity.slug.clone(),
                ok: false,
                verdict: e.to_string(),
                fix: Some("complete the host in the inventory and run `nomos seed`".into()),
            }),
        }
    }
    Ok(checks)
}

async fn check_host(executor: &Executor, host: &HostSpec, proxmox: bool) -> Check {
    let slug = Target::host_slug(&host.name);
    let limits = Limits {
        timeout: Duration::from_secs(20),
        output_cap: 4096,
    };
    let outcome = executor
        .run_on(host, PROBE, limits, discard(), CancellationToken::new())
        .await;
    let how = match host.transport {
        Transport::Local => "local".to_string(),
        Transport::Ssh => format!("{}@{}:{}", host.user, host.address, host.port),
    };
    match outcome {
        Ok(out) if out.status == RunStatus::Completed => {
            let missing = out.stdout.trim();
            if proxmox && !missing.is_empty() {
                Check {
                    host: slug,
                    ok: false,
                    verdict: format!("reached {how}, but {missing} not found"),
                    fix: Some("this host is marked proxmox: install Proxmox VE tools or fix the inventory".into()),
                }
            } else {
                let tools = if missing.is_empty() {
                    TOOLS_PRESENT
                } else {
                    "not a Proxmox host"
                };
                Check {
                    host: slug,
                    ok: true,
                    verdict: format!("ok: reached {how}, host key verified, {tools}"),
                    fix: None,
                }
            }
        }
        Ok(out) => Check {
            host: slug,
            ok: false,
            verdict: format!(
                "reached {how}, but the probe ended {}: {}",
                out.status.as_str(),
                out.tail(200).trim()
            ),
            fix: Some(
                if out.tail(400).contains("bash is not installed") {
                    "install bash on that host (`apt install bash`): Nomos runs every command with it"
                } else {
                    "check the login shell of the user on that host"
                }
                .into(),
            ),
        },
        Err(e) => Check {
            host: slug,
            ok: false,
            verdict: e.to_string(),
            fix: Some(fix_for(&e).to_string()),
        },
    }
}

/// How read-only work is confined on a host, as one row (`host:NAME
/// confinement`): the helper's own description from inside the
/// confinement, in words; failing when it cannot be confined, with what
/// `[gate] unconfined` then does.
async fn confinement_row(executor: &Executor, host: &HostSpec) -> Check {
    let slug = format!("{} confinement", Target::host(&host.name));
    match executor.probe_confinement(host).await {
        Ok(probe) => Check {
            host: slug,
            ok: true,
            verdict: super::confine::describe(&probe),
            fix: None,
        },
        Err(e) => Check {
            host: slug,
            ok: false,
            verdict: format!(
                "cannot be confined ({}); read-only work there {}",
                match e {
                    ExecError::Unconfinable { reason, .. } | ExecError::NoConfinement { reason } => reason,
                    other => other.to_string(),
                },
                match executor.settings().unconfined {
                    super::confine::Unconfined::Ask => "waits for an approval ([gate] unconfined = ask)",
                    super::confine::Unconfined::Run => "runs unconfined ([gate] unconfined = run)",
                }
            ),
            fix: Some(
                "install nomos-confine beside nomos; the host needs Linux 5.12+ of this machine type".into(),
            ),
        },
    }
}

/// What to do about a host Nomos could not reach.
fn fix_for(error: &ExecError) -> &'static str {
    match error {
        ExecError::Connect { .. } => {
            "check address and port, that sshd runs, and any firewall between"
        }
        ExecError::HostKey { .. } => {
            "verify the host, then update host_key_fingerprint (ssh-keygen -lf on the host)"
        }
        ExecError::UnknownHostKey { .. } => {
            "add host_key_fingerprint to the inventory (ssh-keyscan HOST | ssh-keygen -lf -), or record it in [exec] known_hosts"
        }
        ExecError::Auth { .. } => "add the public key of key_path to that user's authorized_keys",
        ExecError::Key { .. } => {
            "check key_path: an unencrypted OpenSSH private key readable by Nomos"
        }
        _ => "see the message",
    }
}

/// What `pct_create` will find on a Proxmox host, as one row
/// (`host:NAME proxmox`): it fails when a container could not be created
/// with the defaults, and says why.
/// Why the doctor could not read what a host offers.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct ReadFailed(String);

impl From<super::pve::ParseError> for ReadFailed {
    fn from(e: super::pve::ParseError) -> Self {
        ReadFailed(e.to_string())
    }
}

/// The doctor's reads: a command that does not complete is a failure
/// with its output.
struct DoctorRead<'a> {
    executor: &'a Executor,
    host: &'a HostSpec,
}

impl super::pve::HostRead for DoctorRead<'_> {
    type Error = ReadFailed;
    fn read(
        &mut self,
        command: String,
    ) -> impl std::future::Future<Output = Result<String, ReadFailed>> + Send {
        let (executor, host) = (self.executor, self.host);
        async move {
            let limits = Limits {
                timeout: Duration::from_secs(20),
                output_cap: 256 * 1024,
            };
            let out = executor
                .run_on(host, &command, limits, discard(), CancellationToken::new())
                .await
                .map_err(|e| ReadFailed(e.to_string()))?;
            if out.status == RunStatus::Completed {
                Ok(out.stdout)
            } else {
                Err(ReadFailed(format!(
                    "`{command}` failed: {}",
                    out.tail(300).trim()
                )))
            }
        }
    }
}

async fn proxmox_row(executor: &Executor, host: &HostSpec) -> Check {
    let survey = async {
        let offer = super::pve::offer(&mut DoctorRead { executor, host }).await?;
        Ok::<_, ReadFailed>(proxmox_verdict(
            offer.quorum,
            &offer.rootdir,
            &offer.holders,
            &offer.cached,
            &offer.bridges,
        ))
    };
    let row = format!("{} proxmox", Target::host(&host.name));
    match survey.await {
        Ok((ok, verdict, fix)) => Check {
            host: row,
            ok,
            verdict,
            fix,
        },
        Err(e) => Check {
            host: row,
            ok: false,
            verdict: e.to_string(),
            fix: Some("run the command on the host as the inventory's user to see why".into()),
        },
    }
}

/// The Proxmox row's verdict from what the host said: (ok, verdict, fix).
pub fn proxmox_verdict(
    quorum: super::pve::Quorum,
    rootdir: &[super::pve::Storage],
    holders: &[super::pve::Storage],
    cached: &[String],
    bridges: &[super::pve::Bridge],
) -> (bool, String, Option<String>) {
    use super::pve::Quorum;
    let list = |s: &[super::pve::Storage]| {
        s.iter()
            .map(|s| format!("{} ({})", s.id, s.kind))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let bridge_list = bridges
        .iter()
        .map(|b| match &b.cidr {
            Some(cidr) => format!("{} {cidr} (gateway proved from the host)", b.name),
            None => format!(
                "{} no address (gateway checked inside the container)",
                b.name
            ),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let debian = super::pve::newest_debian(cached);
    let verdict = format!(
        "root disks on: {}; templates on: {} ({} cached, newest standard Debian: {}); bridges: {}; {}",
        if rootdir.is_empty() {
            "none".into()
        } else {
            list(rootdir)
        },
        if holders.is_empty() {
            "none".into()
        } else {
            list(holders)
        },
        cached.len(),
        debian.map_or("none", String::as_str),
        if bridges.is_empty() {
            "none".into()
        } else {
            bridge_list
        },
        match quorum {
            Quorum::Standalone => "standalone node",
            Quorum::Quorate => "cluster quorate",
            Quorum::Lost => "cluster WITHOUT quorum",
        }
    );
    let fix = if quorum == Quorum::Lost {
        Some(
            "bring the cluster's other nodes back (`pvecm status`): without quorum nothing can be created",
        )
    } else if rootdir.is_empty() {
        Some("enable `Container` content on a storage (Datacenter → Storage) for root disks")
    } else if debian.is_none() {
        Some(
            "`pveam update && pveam download local debian-13-standard_…` (see `pveam available --section system`)",
        )
    } else if bridges.is_empty() {
        Some("create a Linux bridge (e.g. vmbr0) for containers")
    } else {
        None
    };
    (fix.is_none(), verdict, fix.map(str::to_string))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_data_dir_row_fails_open_and_passes_private() {
        let dir = tempfile::tempdir().expect("tempdir");
        let data = dir.path().join("data");
        assert!(check_data_dir(&data).ok, "missing: run creates it");
        std::fs::create_dir(&data).expect("mkdir");
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let check = check_data_dir(&data);
        assert!(!check.ok);
        assert!(check.verdict.contains("mode 0755"), "{}", check.verdict);
        assert_eq!(
            check.fix.as_deref(),
            Some(format!("chmod 700 {}", data.display()).as_str())
        );
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        assert!(check_data_dir(&data).ok);
    }

    #[test]
    fn the_proxmox_row_says_what_pct_create_will_find() {
        use crate::exec::pve::{Bridge, Quorum, Storage};
        let zfs = vec![Storage {
            id: "local-zfs".into(),
            kind: "zfspool".into(),
            avail: None,
        }];
        let local = vec![Storage {
            id: "local".into(),
            kind: "dir".into(),
            avail: None,
        }];
        let cached = vec![
            "local:vztmpl/debian-12-turnkey-core_18.0-1_amd64.tar.gz".to_string(),
            "local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst".to_string(),
        ];
        let bridges = vec![
            Bridge {
                name: "vmbr0".into(),
                cidr: Some("192.168.1.5/24".into()),
            },
            Bridge {
                name: "vmbr1".into(),
                cidr: None,
            },
        ];
        let (ok, verdict, fix) =
            proxmox_verdict(Quorum::Standalone, &zfs, &local, &cached, &bridges);
        assert!(ok, "{verdict} {fix:?}");
        for part in [
            "root disks on: local-zfs (zfspool)",
            "templates on: local (dir) (2 cached",
            "debian-13-standard_13.1-2",
            "vmbr0 192.168.1.5/24 (gateway proved from the host)",
            "vmbr1 no address (gateway checked inside the container)",
            "standalone node",
        ] {
            assert!(verdict.contains(part), "{part} missing: {verdict}");
        }
        let (ok, _, fix) = proxmox_verdict(Quorum::Lost, &zfs, &local, &cached, &bridges);
        assert!(!ok && fix.is_some_and(|f| f.contains("pvecm")));
        let (ok, _, fix) = proxmox_verdict(Quorum::Quorate, &[], &local, &cached, &bridges);
        assert!(!ok && fix.is_some_and(|f| f.contains("Container")));
        let (ok, _, fix) = proxmox_verdict(Quorum::Quorate, &zfs, &local, &cached[..1], &bridges);
        assert!(!ok && fix.is_some_and(|f| f.contains("pveam download")));
    }
}
