//! The `ssh` transport: one pooled russh connection per host, many
//! channels over it (bounded per host), key authentication, and the host
//! key pinned by its SHA256 fingerprint from the inventory. A dead
//! connection is replaced on the next run. Connecting has a deadline, so a
//! host that is down fails in seconds, not minutes.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::{HashAlg, PrivateKeyWithHashAlg, PublicKey, PublicKeyOrCertificate};
use tokio::sync::{Mutex, Semaphore};
use tokio_util::sync::CancellationToken;

use super::confine::{Profile, Shipment};
use super::local::humanize;
use super::target::HostSpec;
use super::{ExecError, Limits, Output, OutputSink, RunOutcome, RunStatus, Stream};
use crate::domain::Target;

/// The remote side of a run. Without a terminal, OpenSSH leaves a command
/// running when its channel closes, so a timeout or cancel would only stop
/// *our* waiting. The command runs with bash ([`super::shell`]),
/// in a session of its own (`setsid`), and a watcher blocked on the
/// channel's standard input kills that whole process group when the
/// channel closes; on a normal end the watcher is dismissed and the
/// command's exit status is returned unchanged.
///
/// Confined (`confined`: the helper's hash and the network profile),
/// bash starts under the helper installed on the host
/// ([`super::confine::remote_path`]).
///
/// Programs are found through `path` (the host's, [`HostSpec::search_path`])
/// and the supervisor is `/bin/sh` by absolute path ([`super::shell`]).
pub fn supervised(command: &str, confined: Option<(&str, Profile)>, path: &str) -> String {
    let bash = match confined {
        Some((hash, profile)) => super::shell::bash_under(&format!(
            "{} {} --",
            super::confine::remote_path(hash),
            profile.args()
        )),
        None => super::shell::bash_on_first_argument(),
    };
    let watchdog = super::shell::supervisor(
        &format!(
            "if command -v setsid >/dev/null 2>&1; then setsid {bash} </dev/null & else {bash} </dev/null & fi"
        ),
        r#"kill -KILL -"$p" "$p""#,
        Some(path),
    );
    format!(
        "{} -c {} nomos-run {}",
        super::shell::SH,
        shell_escape::unix::escape(watchdog.into()),
        shell_escape::unix::escape(command.into())
    )
}

/// How a host's key is verified.
#[derive(Debug, Clone)]
enum Trust {
    /// The inventory's SHA256 fingerprint.
    Pinned(String),
    /// A known_hosts file; with `learn`, an unknown host is recorded
    /// (trust on first use) while a changed key is still refused.
    KnownHosts { path: PathBuf, learn: bool },
}

/// What the handshake saw, for error messages.
#[derive(Debug, Default)]
struct Seen {
    fingerprint: Option<String>,
    problem: Option<String>,
}

/// Checks the server's key before anything is sent.
struct Verifier {
    trust: Trust,
    host: String,
    port: u16,
    seen: Arc<StdMutex<Seen>>,
}

/// The outcome of a run cancelled before its command was sent.
fn not_started(limits: Limits) -> RunOutcome {
    let out = Output::new(limits.output_cap);
    RunOutcome::from_parts(
        RunStatus::Cancelled,
        None,
        None,
        out.stdout,
        out.stderr,
        Instant::now(),
        Some(super::NOT_STARTED.into()),
    )
}

impl Verifier {
    fn verdict(&self, key: &PublicKey) -> Result<bool, String> {
        match &self.trust {
            Trust::Pinned(pinned) => Ok(key.fingerprint(HashAlg::Sha256).to_string() == *pinned),
            Trust::KnownHosts { path, learn } => {
                match russh::keys::check_known_hosts_path(&self.host, self.port, key, path) {
                    Ok(true) => Ok(true),
                    Ok(false) if *learn => russh::keys::known_hosts::learn_known_hosts_path(&self.host, self.port, key, path)
                        .map(|()| {
                            tracing::warn!(host = %self.host, file = %path.display(), "trusting a new host key on first use");
                            true
                        })
                        .map_err(|e| format!("cannot record the key in {}: {e}", path.display())),
                    Ok(false) => Err(format!("the host is not in {}", path.display())),
                    Err(e) => Err(format!("{} says: {e}", path.display())),
                }
            }
        }
    }
}

impl client::Handler for Verifier {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        let PublicKeyOrCertificate::PublicKey { key, .. } = key else {
            // Host certificates are not supported; refuse rather than guess.
            if let Ok(mut seen) = self.seen.lock() {
                seen.problem =
                    Some("the host offered a certificate, which Nomos does not verify".into());
            }
            return Ok(false);
        };
        let verdict = self.verdict(key);
        if let Ok(mut seen) = self.seen.lock() {
            seen.fingerprint = Some(key.fingerprint(HashAlg::Sha256).to_string());
            seen.problem = verdict.as_ref().err().cloned();
        }
        Ok(verdict.unwrap_or(false))
    }
}

struct Connection {
    handle: Handle<Verifier>,
}

/// One host's place in the pool: its live connection, if any. Locked while
/// connecting, so a burst of runs opens one connection, not many.
type Slot = Arc<Mutex<Option<Arc<Connection>>>>;

/// The pool. `opened()` counts connections made, for tests and metrics.
pub struct Pool {
    slots: Mutex<HashMap<String, Slot>>,
    bounds: StdMutex<HashMap<String, Arc<Semaphore>>>,
    opened: AtomicU64,
    connect_timeout: Duration,
    max_channels: usize,
    known_hosts: Option<PathBuf>,
    trust_on_first_use: bool,
}

impl Pool {
    pub fn new(settings: &super::ExecSettings) -> Self {
        Pool {
            slots: Mutex::new(HashMap::new()),
            bounds: StdMutex::new(HashMap::new()),
            opened: AtomicU64::new(0),
            connect_timeout: settings.connect_timeout,
            max_channels: settings.max_channels_per_host.max(1),
            known_hosts: settings.known_hosts.clone(),
            trust_on_first_use: settings.trust_on_first_use,
        }
    }

    /// The semaphore bounding concurrent commands on `host`.
    fn bound(&self, host: &HostSpec) -> Arc<Semaphore> {
        let mut bounds = self
            .bounds
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        bounds
            .entry(host.pool_key())
            .or_insert_with(|| Arc::new(Semaphore::new(self.max_channels)))
            .clone()
    }

    /// How many SSH connections this pool has opened so far.
    pub fn opened(&self) -> u64 {
        self.opened.load(Ordering::Relaxed)
    }

    /// How many pooled connections are open now.
    pub async fn live(&self) -> usize {
        let slots: Vec<Slot> = self.slots.lock().await.values().cloned().collect();
        let mut live = 0;
        for slot in slots {
            if let Ok(slot) = slot.try_lock()
                && slot.as_ref().is_some_and(|c| !c.handle.is_closed())
            {
                live += 1;
            }
        }
        live
    }

    /// The live connection to `host`, opening one if there is none.
    async fn connection(&self, host: &HostSpec) -> Result<Arc<Connection>, ExecError> {
        let slot = {
            let mut slots = self.slots.lock().await;
            slots.entry(host.pool_key()).or_default().clone()
        };
        let mut slot = slot.lock().await;
        if let Some(conn) = slot.as_ref()
            && !conn.handle.is_closed()
        {
            return Ok(conn.clone());
        }
        let conn = Arc::new(self.connect(host).await?);
        *slot = Some(conn.clone());
        Ok(conn)
    }

    async fn forget(&self, host: &HostSpec) {
        let slots = self.slots.lock().await;
        if let Some(slot) = slots.get(&host.pool_key()) {
            *slot.lock().await = None;
        }
    }

    async fn connect(&self, host: &HostSpec) -> Result<Connection, ExecError> {
        let addr = format!("{}:{}", host.address, host.port);
        let connect_err = |reason: String| ExecError::Connect {
            host: host.name.clone(),
            addr: addr.clone(),
            reason,
        };
        let trust = self.trust_for(host)?;
        let key =
            russh::keys::load_secret_key(&host.key_path, None).map_err(|e| ExecError::Key {
                path: host.key_path.display().to_string(),
                reason: e.to_string(),
            })?;
        let seen = Arc::new(StdMutex::new(Seen::default()));
        let handler = Verifier {
            trust: trust.clone(),
            host: host.address.clone(),
            port: host.port,
            seen: seen.clone(),
        };
        let config = Arc::new(client::Config {
            inactivity_timeout: None,
            keepalive_interval: Some(Duration::from_secs(30)),
            keepalive_max: 3,
            nodelay: true,
            ..Default::default()
        });
        let connecting = client::connect(config, (host.address.as_str(), host.port), handler);
        let mut handle = match tokio::time::timeout(self.connect_timeout, connecting).await {
            Err(_) => {
                return Err(connect_err(format!(
                    "no answer within {}",
                    humanize(self.connect_timeout)
                )));
            }
            Ok(Err(e)) => return Err(handshake_error(host, e, trust, &seen, connect_err)),
            Ok(Ok(handle)) => handle,
        };
        self.authenticate(host, &mut handle, key, connect_err)
            .await?;
        self.opened.fetch_add(1, Ordering::Relaxed);
        tracing::debug!(host = %host.name, %addr, "SSH connection opened");
        Ok(Connection { handle })
    }

    /// How `host`'s key is verified: its pinned fingerprint, else the
    /// known_hosts file; a host with neither is refused.
    fn trust_for(&self, host: &HostSpec) -> Result<Trust, ExecError> {
        match (&host.fingerprint, &self.known_hosts) {
            (Some(fingerprint), _) => Ok(Trust::Pinned(fingerprint.clone())),
            (None, Some(path)) => Ok(Trust::KnownHosts {
                path: path.clone(),
                learn: self.trust_on_first_use,
            }),
            (None, None) => Err(ExecError::BadTarget {
                target: Target::host_slug(&host.name),
                reason: "no host_key_fingerprint in the inventory and no [exec] known_hosts file; \
                         Nomos does not talk to hosts it cannot verify"
                    .into(),
            }),
        }
    }

    /// Public-key authentication as the host's user, in time.
    async fn authenticate(
        &self,
        host: &HostSpec,
        handle: &mut Handle<Verifier>,
        key: russh::keys::PrivateKey,
        connect_err: impl Fn(String) -> ExecError,
    ) -> Result<(), ExecError> {
        let hash = handle
            .best_supported_rsa_hash()
            .await
            .map_err(|e| connect_err(e.to_string()))?
            .flatten();
        let auth = tokio::time::timeout(
            self.connect_timeout,
            handle.authenticate_publickey(
                &host.user,
                PrivateKeyWithHashAlg::new(Arc::new(key), hash),
            ),
        )
        .await
        .map_err(|_| connect_err("authentication did not finish in time".into()))?
        .map_err(|e| connect_err(e.to_string()))?;
        if auth.success() {
            Ok(())
        } else {
            Err(ExecError::Auth {
                host: host.name.clone(),
                user: host.user.clone(),
                key: host.key_path.display().to_string(),
            })
        }
    }

    /// Runs `command` on `host` over a channel of the pooled connection.
    pub async fn run(
        &self,
        host: &HostSpec,
        command: &str,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        self.run_as(
            host,
            &supervised(command, None, host.search_path()),
            limits,
            sink,
            cancel,
        )
        .await
    }

    /// Runs `command` on `host` under the confinement (the helper must be
    /// installed: [`Pool::install_helper`]).
    pub async fn run_confined(
        &self,
        host: &HostSpec,
        command: &str,
        confined: (&str, Profile),
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let supervised = supervised(command, Some(confined), host.search_path());
        self.run_as(host, &supervised, limits, sink, cancel).await
    }

    /// Puts the helper on `host` unless it is there (with the right
    /// hash): its bytes travel only when it is not. (The executor asks
    /// once per host and container: see `Executor::run_unattended`.)
    pub async fn install_helper(
        &self,
        host: &HostSpec,
        shipment: &Shipment,
    ) -> Result<(), ExecError> {
        let path = super::confine::remote_path(&shipment.hash);
        let check = super::confine::has_helper(&path, &shipment.hash);
        if self.send(host, &check, &[]).await?.0 == Some(0) {
            return Ok(());
        }
        let script = super::confine::install_script(shipment);
        let (code, stderr) = self.send(host, &script, &shipment.bytes).await?;
        if code != Some(0) {
            return Err(ExecError::Unconfinable {
                target: Target::host_slug(&host.name),
                reason: if stderr.trim().is_empty() {
                    format!("installing the confinement helper failed (exit {code:?})")
                } else {
                    stderr.trim().to_string()
                },
            });
        }
        Ok(())
    }

    /// Puts the helper (already on `host`) into container `vmid` with `pct
    /// push`, unless it is there with the right hash (the container's root
    /// owns the folder).
    pub async fn install_in_container(
        &self,
        host: &HostSpec,
        vmid: u32,
        shipment: &Shipment,
    ) -> Result<(), ExecError> {
        let path = super::confine::remote_path(&shipment.hash);
        let check = super::confine::has_helper("\"$1\"", &shipment.hash);
        let check = shell_escape::unix::escape(check.into());
        let inside = super::target::in_container(vmid, host.search_path());
        let sh = super::shell::SH;
        let script = format!(
            "f={path}\n\
             {inside} {sh} -c {check} sh \"$f\" && exit 0\n\
             {inside} mkdir -p \"${{f%/*}}\" && \
             LC_ALL=C.UTF-8 pct push {vmid} \"$f\" \"$f\" --perms 0755"
        );
        let (code, stderr) = self.send(host, &script, &[]).await?;
        if code != Some(0) {
            return Err(ExecError::Unconfinable {
                target: format!("lxc {vmid} on {}", Target::host(&host.name)),
                reason: format!(
                    "the confinement helper could not be put in the container: {}",
                    stderr.trim()
                ),
            });
        }
        Ok(())
    }

    /// Runs Nomos's own `sh` script on `host` with `input` as its standard
    /// input; its exit code and standard error.
    async fn send(
        &self,
        host: &HostSpec,
        script: &str,
        input: &[u8],
    ) -> Result<(Option<i32>, String), ExecError> {
        let channel_err = |e: russh::Error| ExecError::Channel {
            host: host.name.clone(),
            reason: e.to_string(),
        };
        let _permit = self
            .bound(host)
            .acquire_owned()
            .await
            .map_err(|e| ExecError::Channel {
                host: host.name.clone(),
                reason: e.to_string(),
            })?;
        let (_conn, mut channel) = self.open_channel(host).await?;
        let script = format!("{}\n{script}", super::shell::fix_path(host.search_path()));
        let command = format!(
            "{} -c {} nomos-install",
            super::shell::SH,
            shell_escape::unix::escape(script.into())
        );
        channel.exec(true, command).await.map_err(channel_err)?;
        channel.data(input).await.map_err(channel_err)?;
        channel.eof().await.map_err(channel_err)?;
        let limits = Limits {
            timeout: Duration::from_secs(60),
            output_cap: 64 * 1024,
        };
        let mut out = Output::new(limits.output_cap);
        let deadline = tokio::time::Instant::now() + limits.timeout;
        let sink = super::discard();
        let never = CancellationToken::new();
        match pump(&mut channel, &sink, &mut out, deadline, limits, &never).await {
            End::Exited { exit_code, .. } => Ok((exit_code, out.stderr.into_string())),
            End::Stopped { note, .. } => Ok((None, note)),
        }
    }

    async fn run_as(
        &self,
        host: &HostSpec,
        supervised: &str,
        limits: Limits,
        sink: OutputSink,
        cancel: CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let channel_err = |e: String| ExecError::Channel {
            host: host.name.clone(),
            reason: e,
        };
        // The per-host bound on concurrent commands, taken before a
        // channel is opened (and kept across reconnects). The time limit
        // counts from when the command may start: a command queued behind
        // others (a fleet's batch on one host) is not timed out, or cut
        // the moment it starts, for its wait.
        let _permit = tokio::select! {
            biased;
            () = cancel.cancelled() => return Ok(not_started(limits)),
            permit = self.bound(host).acquire_owned() => {
                permit.map_err(|e| channel_err(e.to_string()))?
            }
        };
        let started = Instant::now();
        let deadline = tokio::time::Instant::now() + limits.timeout;
        let (_conn, mut channel) = self.open_channel(host).await?;
        if cancel.is_cancelled() {
            // Cancelled while the channel opened: the command never starts.
            return Ok(not_started(limits));
        }
        channel
            .exec(true, supervised)
            .await
            .map_err(|e| channel_err(e.to_string()))?;
        let mut out = Output::new(limits.output_cap);
        let end = pump(&mut channel, &sink, &mut out, deadline, limits, &cancel).await;
        let (status, exit_code, signal, note) = match end {
            End::Exited { exit_code, signal } => {
                let (status, note) = verdict(exit_code, signal.as_deref());
                (status, exit_code, signal, note)
            }
            End::Stopped { status, note } => {
                wind_down(&mut channel, &mut out).await;
                (status, None, None, Some(note))
            }
        };
        Ok(RunOutcome::from_parts(
            status, exit_code, signal, out.stdout, out.stderr, started, note,
        ))
    }

    /// A session channel on the pooled connection; a pooled connection can
    /// die between runs, so one fresh retry.
    async fn open_channel(
        &self,
        host: &HostSpec,
    ) -> Result<(Arc<Connection>, russh::Channel<client::Msg>), ExecError> {
        let mut attempt = 0;
        loop {
            let conn = self.connection(host).await?;
            match conn.handle.channel_open_session().await {
                Ok(channel) => return Ok((conn, channel)),
                Err(e) if attempt == 0 => {
                    tracing::info!(host = %host.name, error = %e, "pooled connection is dead; reconnecting");
                    self.forget(host).await;
                    attempt += 1;
                }
                Err(e) => {
                    return Err(ExecError::Channel {
                        host: host.name.clone(),
                        reason: e.to_string(),
                    });
                }
            }
        }
    }
}

/// Why a handshake failed: a pinned key that differs, a key known_hosts
/// does not trust, or the connection's own error.
fn handshake_error(
    host: &HostSpec,
    error: russh::Error,
    trust: Trust,
    seen: &StdMutex<Seen>,
    connect_err: impl Fn(String) -> ExecError,
) -> ExecError {
    let (fingerprint, problem) = seen
        .lock()
        .map(|s| (s.fingerprint.clone(), s.problem.clone()))
        .unwrap_or_default();
    match (error, trust) {
        (russh::Error::UnknownKey, Trust::Pinned(pinned)) => ExecError::HostKey {
            host: host.name.clone(),
            presented: fingerprint.unwrap_or_else(|| "unknown".into()),
            pinned,
        },
        (russh::Error::UnknownKey, Trust::KnownHosts { .. }) => ExecError::UnknownHostKey {
            host: host.name.clone(),
            presented: fingerprint.unwrap_or_else(|| "unknown".into()),
            reason: problem.unwrap_or_else(|| "not trusted".into()),
        },
        (e, _) => connect_err(e.to_string()),
    }
}

/// How the channel's command ended.
enum End {
    /// It ended by itself, with an exit status or a signal (or neither,
    /// when the connection closed first).
    Exited {
        exit_code: Option<i32>,
        signal: Option<String>,
    },
    /// Nomos stopped it: a timeout or a cancellation.
    Stopped { status: RunStatus, note: String },
}

/// Streams the command's output until it ends, times out or is cancelled.
async fn pump(
    channel: &mut russh::Channel<client::Msg>,
    sink: &OutputSink,
    out: &mut Output,
    deadline: tokio::time::Instant,
    limits: Limits,
    cancel: &CancellationToken,
) -> End {
    let mut exit_code: Option<i32> = None;
    let mut signal: Option<String> = None;
    loop {
        tokio::select! {
            msg = channel.wait() => match msg {
                Some(ChannelMsg::Data { data }) => {
                    sink(Stream::Stdout, &data);
                    out.stdout.push(&data);
                }
                Some(ChannelMsg::ExtendedData { data, ext: 1 }) => {
                    sink(Stream::Stderr, &data);
                    out.stderr.push(&data);
                }
                Some(ChannelMsg::ExitStatus { exit_status }) => {
                    exit_code = Some(i32::try_from(exit_status).unwrap_or(i32::MAX));
                }
                Some(ChannelMsg::ExitSignal { signal_name, .. }) => {
                    signal = Some(format!("{signal_name:?}"));
                }
                Some(ChannelMsg::Close) | None => return End::Exited { exit_code, signal },
                Some(_) => {}
            },
            () = tokio::time::sleep_until(deadline) => {
                let note = format!("timed out after {}", humanize(limits.timeout));
                return End::Stopped { status: RunStatus::TimedOut, note };
            }
            () = cancel.cancelled() => {
                return End::Stopped { status: RunStatus::Cancelled, note: "cancelled".to_string() };
            }
        }
    }
}

/// Ends a stopped command: closing its input makes the watcher in
/// [`supervised`] kill the command's process group, and the server then
/// finishes the channel. (No SSH signal request: OpenSSH would kill the
/// session's group, watcher included, and leave the command running.)
/// Waits briefly for that, then closes our end.
async fn wind_down(channel: &mut russh::Channel<client::Msg>, out: &mut Output) {
    let _ = channel.eof().await;
    let drain = tokio::time::sleep(Duration::from_secs(2));
    tokio::pin!(drain);
    loop {
        tokio::select! {
            msg = channel.wait() => match msg {
                Some(ChannelMsg::Close) | None => break,
                Some(ChannelMsg::Data { data }) => out.stdout.push(&data),
                Some(ChannelMsg::ExtendedData { data, .. }) => out.stderr.push(&data),
                Some(_) => {}
            },
            () = &mut drain => break,
        }
    }
    let _ = channel.close().await;
}

/// The status of a command that ended by itself.
fn verdict(exit_code: Option<i32>, signal: Option<&str>) -> (RunStatus, Option<String>) {
    match (exit_code, signal) {
        (Some(0), None) => (RunStatus::Completed, None),
        (Some(_), _) | (None, Some(_)) => (RunStatus::Failed, None),
        (None, None) => (
            RunStatus::Failed,
            Some("the connection closed before the command reported an exit status".to_string()),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::shell::SYSTEM_PATH;

    /// Programs planted first on the login PATH under the names the
    /// supervisor and the command use (`env`, `bash`, `setsid`, `sh`,
    /// `pct`): none runs, and the command finds its programs through the
    /// host's fixed path, whatever PATH the login gave.
    #[test]
    fn planted_programs_on_the_login_path_never_run() {
        let dir = tempfile::tempdir().expect("tempdir");
        let planted = dir.path().join("planted");
        std::fs::create_dir(&planted).expect("folder");
        let marker = dir.path().join("planted-ran");
        for name in ["env", "bash", "setsid", "sh", "pct", "printf"] {
            let program = planted.join(name);
            std::fs::write(
                &program,
                format!("#!/bin/sh\ntouch {}\nexit 97\n", marker.display()),
            )
            .expect("plant");
            let mut perms = std::fs::metadata(&program).expect("meta").permissions();
            std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
            std::fs::set_permissions(&program, perms).expect("chmod");
        }
        let line = supervised(
            "command -v pct || echo no-pct; printf '%s|%s' \"$BASH_VERSION\" \"$PATH\"",
            None,
            SYSTEM_PATH,
        );
        // As sshd would start it: the login shell reading the line, with
        // the login PATH (the planted folder first).
        let mut out = std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(&line)
            .env("PATH", format!("{}:/usr/bin:/bin", planted.display()))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("sh runs");
        // Held open until the end: its end is the supervisor's signal to
        // kill the command.
        let lifeline = out.stdin.take();
        let out = out.wait_with_output().expect("sh ends");
        drop(lifeline);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{out:?}");
        assert!(!marker.exists(), "a planted program ran: {out:?}");
        assert!(stdout.starts_with("no-pct\n"), "{stdout}");
        assert!(stdout.ends_with(&format!("|{SYSTEM_PATH}")), "{stdout}");
        assert!(!stdout.contains("no-pct\n|"), "not bash: {stdout}");
    }
}
