//! The `local` transport: runs a command with bash ([`super::shell`]) on
//! the bot's own machine, for development, the demo lab and a Nomos that runs on the
//! Proxmox host itself (a host opts in with `transport: local`, and may
//! name a `workdir` the commands start in).
//!
//! The command runs in its own process group, so a timeout or cancel kills
//! everything it started. It must also die with Nomos, as an SSH command
//! dies with its connection: a kill -9 of Nomos runs no destructor, so the
//! command is started under the same kind of watcher as on SSH hosts, one
//! blocked on a pipe that only Nomos holds open. When Nomos dies, however
//! it dies, the kernel closes that pipe and the watcher kills the group.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;
use tokio::process::Command;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::{ExecError, Limits, Output, OutputSink, RunOutcome, RunStatus, Stream};

/// The `sh` program that supervises `$1` for the local transport. The
/// command (run by bash, see [`super::shell`]) gets no input; a watcher
/// reads the supervisor's own standard input (a pipe whose other end only
/// Nomos holds) and, at its end, kills the whole process group: the
/// supervisor, the command and all it started. On a normal end the
/// watcher is dismissed and the command's status returned.
///
/// Confined, bash starts under the helper given as `$2` (see
/// [`super::confine`]) with the profile's options.
fn supervisor(confined: Option<super::confine::Profile>, path: Option<&str>) -> String {
    let bash = match confined {
        Some(profile) => super::shell::bash_under(&format!("\"$2\" {} --", profile.args())),
        None => super::shell::bash_on_first_argument(),
    };
    // The group is the supervisor's own (`process_group(0)` below).
    super::shell::supervisor(&format!("{bash} </dev/null &"), "kill -KILL 0", path)
}

/// A run under the confinement: the helper and the network profile.
#[derive(Debug, Clone, Copy)]
pub struct Confined<'a> {
    pub helper: &'a Path,
    pub profile: super::confine::Profile,
}

/// Where a local command runs: the folder it starts in (and its HOME)
/// and the search path it gets (`None`: Nomos's own).
#[derive(Debug, Clone, Copy, Default)]
pub struct Place<'a> {
    pub workdir: Option<&'a Path>,
    pub path: Option<&'a str>,
}

impl<'a> Place<'a> {
    /// The place a local-transport host names.
    pub fn of(host: &'a super::target::HostSpec) -> Self {
        Place {
            workdir: host.workdir.as_deref(),
            path: host.path.as_deref(),
        }
    }
}

pub async fn run(
    command: &str,
    place: Place<'_>,
    limits: Limits,
    sink: OutputSink,
    cancel: CancellationToken,
    confined: Option<Confined<'_>>,
) -> Result<RunOutcome, ExecError> {
    let started = Instant::now();
    let mut child = spawn(command, place, confined)?;
    let pid = child.id();
    // Held, never written: its end (Nomos gone) is what the watcher waits for.
    let _lifeline = child.stdin.take();
    let (tx, mut rx) = mpsc::channel::<(Stream, Vec<u8>)>(64);
    if let Some(out) = child.stdout.take() {
        tokio::spawn(pump(out, Stream::Stdout, tx.clone()));
    }
    if let Some(err) = child.stderr.take() {
        tokio::spawn(pump(err, Stream::Stderr, tx.clone()));
    }
    drop(tx);
    let mut out = Output::new(limits.output_cap);
    let end = collect(&mut child, &mut rx, &sink, &mut out, limits, &cancel).await?;
    kill_group(pid);
    match end {
        Ended::Stopped(status, note) => {
            let _ = child.wait().await;
            Ok(RunOutcome::from_parts(
                status,
                None,
                None,
                out.stdout,
                out.stderr,
                started,
                Some(note),
            ))
        }
        Ended::Exited(status) => {
            let code = status.code();
            let signal = std::os::unix::process::ExitStatusExt::signal(&status)
                .map(|s| format!("signal {s}"));
            let run_status = if code == Some(0) {
                RunStatus::Completed
            } else {
                RunStatus::Failed
            };
            Ok(RunOutcome::from_parts(
                run_status, code, signal, out.stdout, out.stderr, started, None,
            ))
        }
    }
}

/// Starts the supervised command in its own process group, with a clean
/// bash environment and, when the host names one, its workdir as the
/// starting folder and HOME.
fn spawn(
    command: &str,
    place: Place<'_>,
    confined: Option<Confined<'_>>,
) -> Result<tokio::process::Child, ExecError> {
    let workdir = place.workdir;
    let mut shell = Command::new(super::shell::SH);
    shell
        .arg("-c")
        .arg(supervisor(confined.map(|c| c.profile), place.path))
        .arg("nomos-run")
        .arg(command);
    if let Some(c) = confined {
        shell.arg(c.helper);
    }
    shell
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    // Functions exported into Nomos's environment would be imported by
    // bash; the other variables that change bash are unset by `env -u`.
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BASH_FUNC_") {
            shell.env_remove(name);
        }
    }
    if let Some(dir) = workdir {
        if !dir.is_dir() {
            return Err(ExecError::Spawn(format!(
                "the host's workdir {} is not a folder here; create it or fix `workdir` in the inventory",
                dir.display()
            )));
        }
        shell.current_dir(dir).env("HOME", dir);
    }
    shell.spawn().map_err(|e| ExecError::Spawn(e.to_string()))
}

/// How a local command ended.
enum Ended {
    Exited(std::process::ExitStatus),
    /// Timed out or cancelled, with the note to show.
    Stopped(RunStatus, String),
}

/// Streams the output until the shell has exited and its pipes are drained
/// (or stay busy after it: then what is buffered is kept), the deadline
/// passes or the run is cancelled.
async fn collect(
    child: &mut tokio::process::Child,
    rx: &mut mpsc::Receiver<(Stream, Vec<u8>)>,
    sink: &OutputSink,
    out: &mut Output,
    limits: Limits,
    cancel: &CancellationToken,
) -> Result<Ended, ExecError> {
    let deadline = tokio::time::sleep(limits.timeout);
    tokio::pin!(deadline);
    let mut exit = None;
    let mut pipes_open = true;
    loop {
        tokio::select! {
            chunk = rx.recv(), if pipes_open => match chunk {
                Some((stream, data)) => {
                    sink(stream, &data);
                    out.push(stream, &data);
                }
                None => pipes_open = false,
            },
            status = child.wait(), if exit.is_none() => {
                exit = Some(status.map_err(|e| ExecError::Spawn(e.to_string()))?);
            }
            () = &mut deadline => {
                let note = format!("timed out after {}", humanize(limits.timeout));
                return Ok(Ended::Stopped(RunStatus::TimedOut, note));
            }
            () = cancel.cancelled() => {
                return Ok(Ended::Stopped(RunStatus::Cancelled, "cancelled".to_string()));
            }
        }
        let Some(status) = exit else {
            continue;
        };
        if !pipes_open {
            return Ok(Ended::Exited(status));
        }
        // The shell is gone; something it started in the background may
        // hold the pipes. Collect what is buffered, then stop.
        match tokio::time::timeout(Duration::from_millis(200), rx.recv()).await {
            Ok(Some((stream, data))) => {
                sink(stream, &data);
                out.push(stream, &data);
            }
            _ => return Ok(Ended::Exited(status)),
        }
    }
}

async fn pump<R: tokio::io::AsyncRead + Unpin>(
    mut reader: R,
    stream: Stream,
    tx: mpsc::Sender<(Stream, Vec<u8>)>,
) {
    let mut buf = vec![0u8; 32 * 1024];
    loop {
        match reader.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if tx.send((stream, buf[..n].to_vec())).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// Kills the command's whole process group (it was started as its leader).
fn kill_group(pid: Option<u32>) {
    if let Some(pid) = pid.and_then(|p| i32::try_from(p).ok()) {
        // SAFETY: kill(2) with a negative pid signals that process group;
        // it has no memory effects. An already-gone group returns ESRCH.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

pub(crate) fn humanize(d: Duration) -> String {
    let secs = d.as_secs();
    if secs >= 60 && secs.is_multiple_of(60) {
        format!("{}m", secs / 60)
    } else if secs >= 1 {
        format!("{secs}s")
    } else {
        format!("{}ms", d.as_millis())
    }
}
