//! `nomos doctor`: checks every inventory host the way a run would reach
//! it (reachable, host key verified, key accepted, Proxmox tools present)
//! and says, per host, what is wrong and how to fix it; and that the data
//! dir is private, as `nomos run` requires.

use std::time::Duration;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::target::{HostSpec, Transport};
use super::{ExecError, Executor, Limits, RunStatus, discard};
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

const PROBE: &str =
    "for t in pct pvesh pveam; do command -v $t >/dev/null 2>&1 || printf '%s ' $t; done; echo";

/// Checks every host entity.
pub async fn check_all(store: &Store, executor: &Executor) -> Result<Vec<Check>, StoreError> {
    let mut checks = Vec::new();
    for entity in store.list_entities(Some("host")).await? {
        let proxmox = entity
            .attributes
            .0
            .get("proxmox")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let check = match HostSpec::from_entity(&entity) {
            Ok(host) => check_host(executor, &host, proxmox).await,
            Err(e) => Check {
                host: entity.slug.clone(),
                ok: false,
                verdict: e.to_string(),
                fix: Some("complete the host in the inventory and run `nomos seed`".into()),
            },
        };
        checks.push(check);
    }
    Ok(checks)
}

async fn check_host(executor: &Executor, host: &HostSpec, proxmox: bool) -> Check {
    let slug = format!("host:{}", host.name);
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
                    "pct/pvesh/pveam present"
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
        Err(e) => {
            let fix = match &e {
                ExecError::Connect { .. } => {
                    "check address and port, that sshd runs, and any firewall between"
                }
                ExecError::HostKey { .. } => {
                    "verify the host, then update host_key_fingerprint (ssh-keygen -lf on the host)"
                }
                ExecError::UnknownHostKey { .. } => {
                    "add host_key_fingerprint to the inventory (ssh-keyscan HOST | ssh-keygen -lf -), or record it in [exec] known_hosts"
                }
                ExecError::Auth { .. } => {
                    "add the public key of key_path to that user's authorized_keys"
                }
                ExecError::Key { .. } => {
                    "check key_path: an unencrypted OpenSSH private key readable by Nomos"
                }
                _ => "see the message",
            };
            Check {
                host: slug,
                ok: false,
                verdict: e.to_string(),
                fix: Some(fix.to_string()),
            }
        }
    }
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
}
