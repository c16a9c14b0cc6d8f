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

use crate::domain::SnapshotPolicy;
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

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Completed,
    Failed,
    TimedOut,
    Cancelled,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Completed => "completed",
            RunStatus::Failed => "failed",
            RunStatus::TimedOut => "timed_out",
            RunStatus::Cancelled => "cancelled",
        }
    }

    /// The execution state a run that ended so is recorded in.
    pub fn execution_status(self) -> crate::domain::ExecutionStatus {
        use crate::domain::ExecutionStatus;
        match self {
            RunStatus::Completed => ExecutionStatus::Completed,
            RunStatus::Failed => ExecutionStatus::Failed,
            RunStatus::TimedOut => ExecutionStatus::TimedOut,
            RunStatus::Cancelled => ExecutionStatus::Cancelled,
        }
    }
}

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
}

impl RunOutcome {
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
    #[error(
        "nomos-confine is not installed beside nomos (or at $NOMOS_CONFINE): a command no one \
         approved runs only under it, so this one did not run"
    )]
    NoConfinement,
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
        }
    }
}

/// Runs commands on targets. Cheap to clone; the SSH pool is shared.
#[derive(Clone)]
pub struct Executor {
    resolver: Resolver,
    pool: Arc<ssh::Pool>,
    settings: ExecSettings,
}

impl Executor {
    pub fn new(store: Store, settings: ExecSettings) -> Self {
        Executor {
            resolver: Resolver::new(store),
            pool: Arc::new(ssh::Pool::new(&settings)),
            settings,
        }
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

    /// Runs a command no person approved on `target`: under the
    /// confinement ([`confine`]) where the target can be confined, which
    /// this round is a host with the local transport; elsewhere as
    /// [`Executor::run`] does (see the README's "Confinement"). A confined
    /// run that the confinement stopped says so in its note.
    pub async fn run_unattended(
        &self,
        target: &str,
        command: &str,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let resolved = self.resolver.resolve(target, command).await?;
        if resolved.host.transport != Transport::Local || resolved.vmid.is_some() {
            return self
                .run_on(&resolved.host, &resolved.command, limits, sink, cancel)
                .await;
        }
        self.run_confined(&resolved.host, command, limits, sink, cancel)
            .await
    }

    /// Runs `command` confined on a local `host`; refuses when the helper
    /// is missing (nothing falls back to running unconfined).
    pub async fn run_confined(
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
        let helper = confine::helper().ok_or(ExecError::NoConfinement)?;
        let confined = local::Confined {
            helper: &helper,
            net: confine::net_for(command),
        };
        let workdir = host.workdir.as_deref();
        let mut outcome =
            local::run(command, workdir, limits, sink, cancel, Some(confined)).await?;
        if outcome.status == RunStatus::Failed && outcome.note.is_none() {
            outcome.note = confine::stopped_by(outcome.exit_code, &outcome.stderr);
        }
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
                local::run(command, host.workdir.as_deref(), limits, sink, cancel, None).await
            }
            Transport::Ssh => self.pool.run(host, command, limits, sink, cancel).await,
        }
    }
}
