//! The `ssh` transport: one pooled russh connection per host, many
//! channels over it (bounded per host), key authentication, and the host
//! key pinned by its SHA256 fingerprint from the inventory. A dead
//! connection is replaced on the next run. Connecting has a deadline, so a
//! host that is down fails in seconds, not minutes.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::{HashAlg, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use tokio::sync::{Mutex, Semaphore};
use tokio_util::sync::CancellationToken;

use super::local::humanize;
use super::target::HostSpec;
use super::{Capture, ExecError, Limits, OutputSink, RunOutcome, RunStatus, Stream};

/// The remote side of a run. Without a terminal, OpenSSH leaves a command
/// running when its channel closes, so a timeout or cancel would only stop
/// *our* waiting. The command runs
/// in a session of its own (`setsid`), and a watcher blocked on the
/// channel's standard input kills that whole process group when the
/// channel closes; on a normal end the watcher is dismissed and the
/// command's exit status is returned unchanged.
pub fn supervised(command: &str) -> String {
    const WATCHDOG: &str = r#"exec 3<&0
if command -v setsid >/dev/null 2>&1; then setsid sh -c "$1" </dev/null & else sh -c "$1" </dev/null & fi
p=$!
{ read -r _ <&3; kill -KILL -"$p" "$p"; } 2>/dev/null &
w=$!
wait "$p"; s=$?
kill "$w" 2>/dev/null
exit "$s""#;
    format!(
        "sh -c {} nomos-run {}",
        shell_escape::unix::escape(WATCHDOG.into()),
        shell_escape::unix::escape(command.into())
    )
}

/// Checks the server's key against the pinned fingerprint.
struct Pinned {
    pinned: String,
    presented: Arc<StdMutex<Option<String>>>,
}

impl client::Handler for Pinned {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        let fingerprint = match key {
            PublicKeyOrCertificate::PublicKey { key, .. } => {
                key.fingerprint(HashAlg::Sha256).to_string()
            }
            // Host certificates are not pinned by fingerprint; refuse them.
            PublicKeyOrCertificate::Certificate(_) => "a host certificate".to_string(),
        };
        let matches = fingerprint == self.pinned;
        if let Ok(mut slot) = self.presented.lock() {
            *slot = Some(fingerprint);
        }
        Ok(matches)
    }
}

struct Connection {
    handle: Handle<Pinned>,
    channels: Arc<Semaphore>,
}

/// One host's place in the pool: its live connection, if any. Locked while
/// connecting, so a burst of runs opens one connection, not many.
type Slot = Arc<Mutex<Option<Arc<Connection>>>>;

/// The pool. `opened()` counts connections made, for tests and metrics.
pub struct Pool {
    slots: Mutex<HashMap<String, Slot>>,
    opened: AtomicU64,
    connect_timeout: Duration,
    max_channels: usize,
}

impl Pool {
    pub fn new(connect_timeout: Duration, max_channels: usize) -> Self {
        Pool {
            slots: Mutex::new(HashMap::new()),
            opened: AtomicU64::new(0),
            connect_timeout,
            max_channels: max_channels.max(1),
        }
    }

    /// How many SSH connections this pool has opened so far.
    pub fn opened(&self) -> u64 {
        self.opened.load(Ordering::Relaxed)
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
        let pinned = host.fingerprint.clone().ok_or_else(|| ExecError::BadTarget {
            target: format!("host:{}", host.name),
            reason: "no host_key_fingerprint in the inventory; Nomos does not talk to hosts it cannot verify".into(),
        })?;
        let key =
            russh::keys::load_secret_key(&host.key_path, None).map_err(|e| ExecError::Key {
                path: host.key_path.display().to_string(),
                reason: e.to_string(),
            })?;
        let presented = Arc::new(StdMutex::new(None));
        let handler = Pinned {
            pinned: pinned.clone(),
            presented: presented.clone(),
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
            Ok(Err(e)) => {
                let seen = presented.lock().ok().and_then(|s| s.clone());
                return Err(match (e, seen) {
                    (russh::Error::UnknownKey, Some(seen)) => ExecError::HostKey {
                        host: host.name.clone(),
                        presented: seen,
                        pinned,
                    },
                    (e, _) => connect_err(e.to_string()),
                });
            }
            Ok(Ok(handle)) => handle,
        };
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
        if !auth.success() {
            return Err(ExecError::Auth {
                host: host.name.clone(),
                user: host.user.clone(),
                key: host.key_path.display().to_string(),
            });
        }
        self.opened.fetch_add(1, Ordering::Relaxed);
        tracing::debug!(host = %host.name, %addr, "SSH connection opened");
        Ok(Connection {
            handle,
            channels: Arc::new(Semaphore::new(self.max_channels)),
        })
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
        if command.contains('\0') {
            return Err(ExecError::Nul);
        }
        let started = Instant::now();
        let deadline = tokio::time::Instant::now() + limits.timeout;
        // A pooled connection can die between runs; one fresh retry.
        let mut attempt = 0;
        let (conn, mut channel) = loop {
            let conn = self.connection(host).await?;
            match conn.handle.channel_open_session().await {
                Ok(channel) => break (conn, channel),
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
        };
        let _permit =
            conn.channels
                .clone()
                .acquire_owned()
                .await
                .map_err(|e| ExecError::Channel {
                    host: host.name.clone(),
                    reason: e.to_string(),
                })?;
        channel
            .exec(true, supervised(command))
            .await
            .map_err(|e| ExecError::Channel {
                host: host.name.clone(),
                reason: e.to_string(),
            })?;

        let mut stdout = Capture::new(limits.output_cap);
        let mut stderr = Capture::new(limits.output_cap);
        let mut exit_code: Option<i32> = None;
        let mut signal: Option<String> = None;
        let mut ended: Option<(RunStatus, String)> = None;
        loop {
            tokio::select! {
                msg = channel.wait() => match msg {
                    Some(ChannelMsg::Data { data }) => {
                        sink(Stream::Stdout, &data);
                        stdout.push(&data);
                    }
                    Some(ChannelMsg::ExtendedData { data, ext: 1 }) => {
                        sink(Stream::Stderr, &data);
                        stderr.push(&data);
                    }
                    Some(ChannelMsg::ExitStatus { exit_status }) => {
                        exit_code = Some(i32::try_from(exit_status).unwrap_or(i32::MAX));
                    }
                    Some(ChannelMsg::ExitSignal { signal_name, .. }) => {
                        signal = Some(format!("{signal_name:?}"));
                    }
                    Some(ChannelMsg::Close) | None => break,
                    Some(_) => {}
                },
                () = tokio::time::sleep_until(deadline) => {
                    ended = Some((RunStatus::TimedOut, format!("timed out after {}", humanize(limits.timeout))));
                    break;
                }
                () = cancel.cancelled() => {
                    ended = Some((RunStatus::Cancelled, "cancelled".to_string()));
                    break;
                }
            }
        }
        if let Some((status, note)) = ended {
            // End the command's input: the watcher in `supervised` then
            // kills the command's process group and the server finishes
            // the channel. (No SSH signal request: OpenSSH would kill the
            // session's group, watcher included, and leave the command
            // running.) Wait briefly for that, then close our end.
            let _ = channel.eof().await;
            let drain = tokio::time::sleep(Duration::from_secs(2));
            tokio::pin!(drain);
            loop {
                tokio::select! {
                    msg = channel.wait() => match msg {
                        Some(ChannelMsg::Close) | None => break,
                        Some(ChannelMsg::Data { data }) => stdout.push(&data),
                        Some(ChannelMsg::ExtendedData { data, .. }) => stderr.push(&data),
                        Some(_) => {}
                    },
                    () = &mut drain => break,
                }
            }
            let _ = channel.close().await;
            return Ok(RunOutcome::from_parts(
                status,
                None,
                None,
                stdout,
                stderr,
                started,
                Some(note),
            ));
        }
        let (status, note) = match (exit_code, &signal) {
            (Some(0), None) => (RunStatus::Completed, None),
            (Some(_), _) | (None, Some(_)) => (RunStatus::Failed, None),
            (None, None) => (
                RunStatus::Failed,
                Some(
                    "the connection closed before the command reported an exit status".to_string(),
                ),
            ),
        };
        Ok(RunOutcome::from_parts(
            status, exit_code, signal, stdout, stderr, started, note,
        ))
    }
}
