//! The executor: where commands touch machines.
//!
//! [`Executor::run`] resolves a target (`host:NAME`, `lxc:NAME`) from the
//! store's entities, wraps LXC commands in `pct exec` with correct quoting,
//! and runs them over a pooled SSH connection ([`ssh`]) or, for hosts that
//! opt in, on this machine ([`local`]). Every run has a hard timeout that
//! closes the channel, a cancel token, an output cap that keeps the tail,
//! and a live stream of output chunks. A non-zero exit is a failure with
//! its output, never a success.
//!
//! [`runner`] drives an approved execution through the store's state
//! machine; [`pct_create`] creates containers with its pre-flights.
//! Every transport runs commands with bash, the grammar the classifier
//! reads ([`shell`]).

pub mod apt_preview;
mod capture;
pub mod confine;
pub mod doctor;
pub mod file_edit;
pub mod fleet;
pub mod local;
pub mod pct_create;
pub mod pve;
pub mod runner;
pub mod shell;
pub mod snapshot;
pub mod ssh;
pub mod target;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio_util::sync::CancellationToken;

use crate::domain::{NetworkUse, SnapshotPolicy};
use crate::store::Store;
pub use capture::{Capture, Output};
use target::{HostSpec, Resolver, Transport};

/// Bounds of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Hard limit: the channel is closed and the run reports `timed_out`.
    pub timeout: Duration,
    /// Bytes kept of each of stdout and stderr (the tail).
    pub output_cap: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(600),
            output_cap: 1024 * 1024,
        }
    }
}

pub use crate::domain::RunStatus;
use crate::domain::Target;

/// The result of a run. Serialised with serde into the execution row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RunOutcome {
    pub status: RunStatus,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    /// The tail of standard output (lossy UTF-8), at most the cap.
    pub stdout: String,
    pub stderr: String,
    pub stdout_bytes: u64,
    pub stderr_bytes: u64,
    /// Whether either stream was longer than the cap.
    pub truncated: bool,
    pub duration_ms: u64,
    /// Why the run ended, when it is not the exit code (timeout, cancel,
    /// a lost connection).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What the confinement did to this run, when it matters to the
    /// reader: what it stopped, or that the run was not confined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confinement: Option<String>,
}

impl RunOutcome {
    /// What the execution's report keeps of it.
    pub fn report(&self) -> crate::domain::RunReport {
        crate::domain::RunReport {
            status: Some(self.status),
            exit_code: self.exit_code,
            signal: self.signal.clone(),
            stdout: Some(self.stdout.clone()),
            stderr: Some(self.stderr.clone()),
            stdout_bytes: Some(self.stdout_bytes),
            stderr_bytes: Some(self.stderr_bytes),
            truncated: self.truncated,
            duration_ms: Some(self.duration_ms),
            note: self.note.clone(),
            confinement: self.confinement.clone(),
            ..crate::domain::RunReport::default()
        }
    }

    /// The last `max` bytes of stdout then stderr, for status messages.
    pub fn tail(&self, max: usize) -> String {
        let mut text = self.stdout.clone();
        if !self.stderr.is_empty() {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&self.stderr);
        }
        if text.len() <= max {
            return text;
        }
        let mut start = text.len() - max;
        while !text.is_char_boundary(start) {
            start += 1;
        }
        text[start..].to_string()
    }

    pub(crate) fn from_parts(
        status: RunStatus,
        exit_code: Option<i32>,
        signal: Option<String>,
        stdout: Capture,
        stderr: Capture,
        started: Instant,
        note: Option<String>,
    ) -> Self {
        RunOutcome {
            status,
            exit_code,
            signal,
            truncated: stdout.truncated() || stderr.truncated(),
            stdout_bytes: stdout.total(),
            stderr_bytes: stderr.total(),
            stdout: stdout.into_string(),
            stderr: stderr.into_string(),
            duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            note,
            confinement: None,
        }
    }
}

/// Which stream a chunk of live output came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// Receives output as it arrives (front ends show a live tail).
/// The note of a run cancelled before its command started (nothing of
/// it ran; a snapshot may have been taken).
pub const NOT_STARTED: &str = "cancelled before it started";

pub type OutputSink = Arc<dyn Fn(Stream, &[u8]) + Send + Sync>;

/// A sink that drops everything.
pub fn discard() -> OutputSink {
    Arc::new(|_, _| {})
}

/// Why a command could not be run at all (as opposed to running and
/// failing). Messages say what to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    #[error(
        "unknown target `{0}`: targets are host:NAME or lxc:NAME as listed by `nomos entities`"
    )]
    UnknownTarget(String),
    #[error("target {target}: {reason}")]
    BadTarget { target: String, reason: String },
    #[error("cannot connect to {host} at {addr}: {reason}")]
    Connect {
        host: String,
        addr: String,
        reason: String,
    },
    #[error(
        "the host key of {host} is {presented}, but the inventory pins {pinned}; if {host} was reinstalled, \
         check the new key on the host (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub) and update host_key_fingerprint"
    )]
    HostKey {
        host: String,
        presented: String,
        pinned: String,
    },
    #[error("the host key of {host} ({presented}) is not trusted: {reason}")]
    UnknownHostKey {
        host: String,
        presented: String,
        reason: String,
    },
    #[error(
        "{host} rejected the key {key} for user {user}: add its public key to that user's authorized_keys"
    )]
    Auth {
        host: String,
        user: String,
        key: String,
    },
    #[error("cannot read the SSH key {path}: {reason}")]
    Key { path: String, reason: String },
    #[error("the SSH session with {host} failed: {reason}")]
    Channel { host: String, reason: String },
    #[error("cannot start the local shell: {0}")]
    Spawn(String),
    #[error("the command contains a NUL byte, which no shell can run")]
    Nul,
    #[error("{reason}: a command no one approved runs only under it, so this one did not run")]
    NoConfinement { reason: String },
    #[error(
        "{target} cannot be confined ({reason}), so this did not run: with [gate] unconfined = ask, \
         read-only work there waits for an approval; propose it again"
    )]
    Unconfinable { target: String, reason: String },
}

/// Where a confined run goes, with the helper it runs under.
#[derive(Clone, Copy)]
struct ConfinedPlace<'a> {
    host: &'a HostSpec,
    vmid: Option<u32>,
    shipment: &'static confine::Shipment,
}

fn missing_helper() -> ExecError {
    ExecError::NoConfinement {
        reason: "nomos-confine is not installed beside nomos (or at $NOMOS_CONFINE)".into(),
    }
}

/// Adds to a failed confined run what the confinement stopped, if that
/// is what it ran into.
fn note_confinement(outcome: &mut RunOutcome) {
    if outcome.status == RunStatus::Failed {
        outcome.confinement = confine::stopped_by(outcome.exit_code, &outcome.stderr);
    }
}

/// ExecSettings of the executor (see `[exec]` in the config).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecSettings {
    pub limits: Limits,
    pub connect_timeout: Duration,
    pub max_channels_per_host: usize,
    /// Host keys of hosts without a pinned fingerprint are checked here.
    pub known_hosts: Option<std::path::PathBuf>,
    /// Record an unknown host's key in `known_hosts` on first contact.
    pub trust_on_first_use: bool,
    /// Snapshots of containers before approved work (hosts and containers
    /// may say otherwise in their `snapshots` attribute).
    pub snapshots: SnapshotPolicy,
    /// Nomos's own snapshots kept per container; older ones are deleted.
    pub snapshot_keep: usize,
    /// Nomos's own snapshots older than this are deleted too (the newest
    /// is always kept); `None`: no limit by age.
    pub snapshot_max_age: Option<Duration>,
    /// Read-only work on a target that cannot be confined (`[gate]
    /// unconfined`).
    pub unconfined: confine::Unconfined,
}

impl Default for ExecSettings {
    fn default() -> Self {
        ExecSettings {
            limits: Limits::default(),
            connect_timeout: Duration::from_secs(10),
            max_channels_per_host: 8,
            known_hosts: None,
            trust_on_first_use: false,
            snapshots: SnapshotPolicy::On,
            snapshot_keep: 3,
            snapshot_max_age: Some(Duration::from_secs(30 * 86_400)),
            unconfined: confine::Unconfined::Ask,
        }
    }
}

/// A command no person watches run, as the confinement needs to know it.
#[derive(Debug, Clone, Copy)]
pub struct Unattended<'a> {
    pub command: &'a str,
    /// What of the network it uses, as its one classification found
    /// (the confinement gives it that and no more).
    pub network: NetworkUse,
    /// A person approved this read-only work (it waited for them because
    /// the target cannot be confined): it may then run unconfined, and
    /// its note says so.
    pub approved: bool,
}

impl<'a> Unattended<'a> {
    /// Nomos's own read, which nobody approved.
    pub fn own(command: &'a str, network: NetworkUse) -> Self {
        Unattended {
            command,
            network,
            approved: false,
        }
    }
}

/// Runs commands on targets. Cheap to clone; the SSH pool is shared.
#[derive(Clone)]
pub struct Executor {
    resolver: Resolver,
    pool: Arc<ssh::Pool>,
    settings: ExecSettings,
    confinability: Arc<confine::Confinability>,
    /// Per host (and container): whether the helper confines there.
    probed: Arc<std::sync::Mutex<std::collections::HashMap<String, Result<(), String>>>>,
}

impl Executor {
    pub fn new(store: Store, settings: ExecSettings) -> Self {
        Executor {
            resolver: Resolver::new(store),
            pool: Arc::new(ssh::Pool::new(&settings)),
            confinability: Arc::new(confine::Confinability::new(settings.unconfined)),
            probed: Arc::default(),
            settings,
        }
    }

    /// The targets found unable to be confined (shared with the gate).
    pub fn confinability(&self) -> Arc<confine::Confinability> {
        self.confinability.clone()
    }

    pub fn settings(&self) -> &ExecSettings {
        &self.settings
    }

    pub fn pool(&self) -> &ssh::Pool {
        &self.pool
    }

    pub fn resolver(&self) -> &Resolver {
        &self.resolver
    }

    /// Runs `command` on `target` within `limits`.
    pub async fn run(
        &self,
        target: &str,
        command: &str,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let resolved = self.resolver.resolve(target, command).await?;
        tracing::debug!(target, host = %resolved.host.name, "resolved");
        self.run_on(&resolved.host, &resolved.command, limits, sink, cancel)
            .await
    }

    /// Runs a command no person approved on `target`, under the
    /// confinement ([`confine`]): on a local host by the helper beside
    /// Nomos; on an SSH host and inside its containers by the helper
    /// shipped there. A target that cannot be confined is recorded (the
    /// gate then asks before read-only work there) and, under `[gate]
    /// unconfined = ask`, nothing runs; under `run`, it runs unconfined and
    /// its note says so. A confined run the confinement stopped says so.
    pub async fn run_unattended(
        &self,
        target: &str,
        work: Unattended<'_>,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let Unattended {
            command, approved, ..
        } = work;
        if command.contains('\0') {
            return Err(ExecError::Nul);
        }
        let (host, vmid) = self.resolver.place(target).await?;
        let reason = match self.ensure_confinable(&host, vmid).await {
            Ok(shipment) => {
                let confined = ConfinedPlace {
                    host: &host,
                    vmid,
                    shipment,
                };
                return self.run_in(confined, work, limits, sink, cancel).await;
            }
            Err(ExecError::Unconfinable { reason, .. } | ExecError::NoConfinement { reason }) => {
                reason
            }
            Err(other) => return Err(other),
        };
        self.confinability.mark(target, &reason);
        if self.settings.unconfined == confine::Unconfined::Ask && !approved {
            return Err(ExecError::Unconfinable {
                target: target.to_string(),
                reason,
            });
        }
        let mut outcome = self.run(target, command, limits, sink, cancel).await?;
        let why = if approved {
            "approved by a person"
        } else {
            "[gate] unconfined = run"
        };
        outcome.confinement = Some(format!("ran unconfined ({why}): {reason}"));
        Ok(outcome)
    }

    /// The helper's shipment once it is known to confine on `host` (in
    /// container `vmid`): installed there, and its `--probe` answered from
    /// inside the confinement. Found once per place (a command's own exit
    /// status never decides it: a command can print anything).
    async fn ensure_confinable(
        &self,
        host: &HostSpec,
        vmid: Option<u32>,
    ) -> Result<&'static confine::Shipment, ExecError> {
        let key = format!("{}#{}", host.pool_key(), vmid.unwrap_or(0));
        let known = self
            .probed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(&key)
            .cloned();
        let verdict = match known {
            Some(verdict) => verdict,
            None => {
                let verdict = match self.probe(host, vmid).await {
                    Ok(_) => Ok(()),
                    Err(
                        ExecError::Unconfinable { reason, .. }
                        | ExecError::NoConfinement { reason },
                    ) => Err(reason),
                    Err(other) => return Err(other),
                };
                self.probed
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .insert(key, verdict.clone());
                verdict
            }
        };
        match verdict {
            Ok(()) => confine::shipment().ok_or_else(missing_helper),
            Err(reason) => Err(ExecError::Unconfinable {
                target: Target::host_slug(&host.name),
                reason,
            }),
        }
    }

    /// The helper's `--probe` line on `host` (in container `vmid`),
    /// shipping it there first, or why it cannot confine there.
    async fn probe(&self, host: &HostSpec, vmid: Option<u32>) -> Result<String, ExecError> {
        let shipment = self.prepare_confinement(host, vmid).await?;
        let limits = Limits {
            timeout: Duration::from_secs(20),
            output_cap: 4096,
        };
        let never = CancellationToken::new;
        let outcome = match (host.transport, vmid) {
            (Transport::Local, _) => {
                let helper = confine::helper().ok_or_else(missing_helper)?;
                let helper = shell_escape::unix::escape(helper.to_string_lossy()).into_owned();
                let probe = format!("{helper} --probe");
                let place = local::Place {
                    workdir: None,
                    path: host.path.as_deref(),
                };
                local::run(&probe, place, limits, discard(), never(), None).await?
            }
            (Transport::Ssh, None) => {
                let probe = format!("{} --probe", confine::remote_path(&shipment.hash));
                self.pool
                    .run(host, &probe, limits, discard(), never())
                    .await?
            }
            (Transport::Ssh, Some(vmid)) => {
                let helper = confine::remote_path(&shipment.hash);
                let probe = format!("f={helper}; LC_ALL=C.UTF-8 pct exec {vmid} -- \"$f\" --probe");
                self.pool
                    .run(host, &probe, limits, discard(), never())
                    .await?
            }
        };
        if outcome.status == RunStatus::Completed && outcome.stdout.starts_with("nomos-confine ") {
            return Ok(outcome.stdout.trim().to_string());
        }
        Err(ExecError::Unconfinable {
            target: Target::host_slug(&host.name),
            reason: outcome.tail(300).trim().to_string(),
        })
    }

    /// What confining a run on `host` (in container `vmid`) needs: the
    /// helper's shipment, installed there.
    async fn prepare_confinement(
        &self,
        host: &HostSpec,
        vmid: Option<u32>,
    ) -> Result<&'static confine::Shipment, ExecError> {
        let shipment = confine::shipment().ok_or_else(missing_helper)?;
        match (host.transport, vmid) {
            (Transport::Local, None) => {}
            (Transport::Local, Some(_)) => {
                return Err(ExecError::Unconfinable {
                    target: Target::host_slug(&host.name),
                    reason: "containers on a local-transport host are not confined yet".into(),
                });
            }
            (Transport::Ssh, vmid) => {
                self.pool.install_helper(host, shipment).await?;
                if let Some(vmid) = vmid {
                    self.pool.install_in_container(host, vmid, shipment).await?;
                }
            }
        }
        Ok(shipment)
    }

    /// Runs `command` under the helper, where `confined` says.
    async fn run_in(
        &self,
        confined: ConfinedPlace<'_>,
        work: Unattended<'_>,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let command = work.command;
        let profile = confine::profile(work.network).within(limits.timeout);
        let ConfinedPlace {
            host,
            vmid,
            shipment,
        } = confined;
        let mut outcome = match (host.transport, vmid) {
            (Transport::Local, _) => self.run_confined(host, work, limits, sink, cancel).await?,
            (Transport::Ssh, None) => {
                let how = (shipment.hash.as_str(), profile);
                self.pool
                    .run_confined(host, command, how, limits, sink, cancel)
                    .await?
            }
            (Transport::Ssh, Some(vmid)) => {
                let helper = confine::remote_path(&shipment.hash);
                let wrapped = target::lxc_command_confined(
                    vmid,
                    command,
                    &helper,
                    profile,
                    host.search_path(),
                )?;
                self.pool.run(host, &wrapped, limits, sink, cancel).await?
            }
        };
        note_confinement(&mut outcome);
        Ok(outcome)
    }

    /// The helper's `--probe` line on `host` (shipping it there first),
    /// or why it cannot confine there (for `nomos doctor`).
    pub async fn probe_confinement(&self, host: &HostSpec) -> Result<String, ExecError> {
        self.probe(host, None).await
    }

    /// Runs `work` confined on a local `host`; refuses when the helper
    /// is missing (nothing falls back to running unconfined).
    pub async fn run_confined(
        &self,
        host: &HostSpec,
        work: Unattended<'_>,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let command = work.command;
        if command.contains('\0') {
            return Err(ExecError::Nul);
        }
        let helper = confine::helper().ok_or_else(missing_helper)?;
        let confined = local::Confined {
            helper: &helper,
            profile: confine::profile(work.network).within(limits.timeout),
        };
        let place = local::Place::of(host);
        let mut outcome = local::run(command, place, limits, sink, cancel, Some(confined)).await?;
        note_confinement(&mut outcome);
        Ok(outcome)
    }

    /// Runs `command` as given on `host` (no target wrapping).
    pub async fn run_on(
        &self,
        host: &HostSpec,
        command: &str,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        if command.contains('\0') {
            return Err(ExecError::Nul);
        }
        match host.transport {
            Transport::Local => {
                local::run(command, local::Place::of(host), limits, sink, cancel, None).await
            }
            Transport::Ssh => self.pool.run(host, command, limits, sink, cancel).await,
        }
    }
}
