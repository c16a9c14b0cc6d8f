//! The `local` transport: runs a command with `sh -c` on the bot's own
//! machine, for development and tests (a host opts in with
//! `transport: local`). The command runs in its own process group so a
//! timeout or cancel kills everything it started.

use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;
use tokio::process::Command;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::{Capture, ExecError, Limits, OutputSink, RunOutcome, RunStatus, Stream};

pub async fn run(
    command: &str,
    limits: Limits,
    sink: OutputSink,
    cancel: CancellationToken,
) -> Result<RunOutcome, ExecError> {
    let started = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| ExecError::Spawn(e.to_string()))?;
    let pid = child.id();
    let (tx, mut rx) = mpsc::channel::<(Stream, Vec<u8>)>(64);
    if let Some(out) = child.stdout.take() {
        tokio::spawn(pump(out, Stream::Stdout, tx.clone()));
    }
    if let Some(err) = child.stderr.take() {
        tokio::spawn(pump(err, Stream::Stderr, tx.clone()));
    }
    drop(tx);

    let mut stdout = Capture::new(limits.output_cap);
    let mut stderr = Capture::new(limits.output_cap);
    let deadline = tokio::time::sleep(limits.timeout);
    tokio::pin!(deadline);
    let mut exit = None;
    let mut ended: Option<(RunStatus, String)> = None;
    let mut pipes_open = true;
    loop {
        tokio::select! {
            chunk = rx.recv(), if pipes_open => match chunk {
                Some((stream, data)) => {
                    sink(stream, &data);
                    match stream {
                        Stream::Stdout => stdout.push(&data),
                        Stream::Stderr => stderr.push(&data),
                    }
                }
                None => pipes_open = false,
            },
            status = child.wait(), if exit.is_none() => {
                exit = Some(status.map_err(|e| ExecError::Spawn(e.to_string()))?);
            }
            () = &mut deadline => {
                ended = Some((RunStatus::TimedOut, format!("timed out after {}", humanize(limits.timeout))));
                break;
            }
            () = cancel.cancelled() => {
                ended = Some((RunStatus::Cancelled, "cancelled".to_string()));
                break;
            }
        }
        if exit.is_some() && !pipes_open {
            break;
        }
        if exit.is_some() {
            // The shell is gone; something it started in the background
            // may hold the pipes. Collect what is buffered, then stop.
            match tokio::time::timeout(Duration::from_millis(200), rx.recv()).await {
                Ok(Some((stream, data))) => {
                    sink(stream, &data);
                    match stream {
                        Stream::Stdout => stdout.push(&data),
                        Stream::Stderr => stderr.push(&data),
                    }
                }
                _ => break,
            }
        }
    }
    if let Some((status, note)) = ended {
        kill_group(pid);
        let _ = child.wait().await;
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
    kill_group(pid);
    let status = exit.ok_or_else(|| ExecError::Spawn("the shell vanished".into()))?;
    let code = status.code();
    let signal =
        std::os::unix::process::ExitStatusExt::signal(&status).map(|s| format!("signal {s}"));
    let run_status = if code == Some(0) {
        RunStatus::Completed
    } else {
        RunStatus::Failed
    };
    Ok(RunOutcome::from_parts(
        run_status, code, signal, stdout, stderr, started, None,
    ))
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
