//! Running one check: HTTP GET (status, optional body match), TCP connect,
//! TLS certificate days left, disk usage over SSH (`df`), and ping from a
//! Proxmox host. Each returns a [`Result`] of status, value and a detail a
//! person can act on; the scheduler records it.

use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use time::OffsetDateTime;

use super::specs::{DiskCheck, HttpCheck, PingCheck, TcpCheck, TlsCheck};
use crate::domain::Target;
use crate::domain::{CheckKind, HealthStatus, NetworkUse};
use crate::exec::{Executor, RunStatus, Unattended, discard};
use crate::store::health::CheckDef;

/// What one run of a check found.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// `healthy`, `degraded` or `unhealthy`.
    pub status: HealthStatus,
    /// Latency in ms, days left, percent used: the check's number.
    pub value: Option<f64>,
    pub detail: String,
}

impl Reading {
    fn healthy(value: Option<f64>, detail: impl Into<String>) -> Reading {
        Reading {
            status: HealthStatus::Healthy,
            value,
            detail: detail.into(),
        }
    }
    fn degraded(value: Option<f64>, detail: impl Into<String>) -> Reading {
        Reading {
            status: HealthStatus::Degraded,
            value,
            detail: detail.into(),
        }
    }
    fn unhealthy(value: Option<f64>, detail: impl Into<String>) -> Reading {
        Reading {
            status: HealthStatus::Unhealthy,
            value,
            detail: detail.into(),
        }
    }
}

/// Time one check may take.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(10);

fn spec<T: DeserializeOwned>(check: &CheckDef) -> Result<T, Reading> {
    serde_json::from_value(check.spec.0.clone()).map_err(|e| {
        Reading::unhealthy(None, format!("check {} is misconfigured: {e}", check.slug))
    })
}

/// Runs `check` once.
pub async fn run(check: &CheckDef, http: &reqwest::Client, executor: &Executor) -> Reading {
    let result = match check.kind {
        CheckKind::Http => match spec::<HttpCheck>(check) {
            Ok(s) => http_check(http, &s).await,
            Err(o) => o,
        },
        CheckKind::Tcp => match spec::<TcpCheck>(check) {
            Ok(s) => tcp_check(&s).await,
            Err(o) => o,
        },
        CheckKind::Tls => match spec::<TlsCheck>(check) {
            Ok(s) => tls_check(&s, OffsetDateTime::now_utc()).await,
            Err(o) => o,
        },
        CheckKind::Disk => match spec::<DiskCheck>(check) {
            Ok(s) => disk_check(executor, &check.target, &s).await,
            Err(o) => o,
        },
        CheckKind::Ping => match spec::<PingCheck>(check) {
            Ok(s) => ping_check(executor, &check.target, &s).await,
            Err(o) => o,
        },
    };
    tracing::debug!(check = %check.slug, status = result.status.as_str(), detail = %result.detail, "checked");
    result
}

async fn http_check(http: &reqwest::Client, s: &HttpCheck) -> Reading {
    let started = Instant::now();
    let response = match http.get(&s.url).timeout(CHECK_TIMEOUT).send().await {
        Ok(r) => r,
        Err(e) => {
            let why = if e.is_timeout() {
                "timed out".to_string()
            } else {
                e.to_string()
            };
            return Reading::unhealthy(None, format!("GET {} failed: {why}", s.url));
        }
    };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let status = response.status().as_u16();
    if status != s.expect_status {
        return Reading::unhealthy(
            Some(ms),
            format!(
                "HTTP {status} from {} (expected {})",
                s.url, s.expect_status
            ),
        );
    }
    if let Some(needle) = &s.body_contains {
        let body = response.text().await.unwrap_or_default();
        if !body.contains(needle.as_str()) {
            return Reading::unhealthy(
                Some(ms),
                format!("HTTP {status} but the body lacks {needle:?}"),
            );
        }
    }
    Reading::healthy(Some(ms), format!("HTTP {status} in {ms:.0} ms"))
}

async fn tcp_check(s: &TcpCheck) -> Reading {
    let started = Instant::now();
    match tokio::time::timeout(
        CHECK_TIMEOUT,
        tokio::net::TcpStream::connect((s.host.as_str(), s.port)),
    )
    .await
    {
        Ok(Ok(_)) => {
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            Reading::healthy(
                Some(ms),
                format!("{}:{} accepts connections", s.host, s.port),
            )
        }
        Ok(Err(e)) => Reading::unhealthy(None, format!("{}:{}: {e}", s.host, s.port)),
        Err(_) => Reading::unhealthy(None, format!("{}:{}: no answer", s.host, s.port)),
    }
}

async fn tls_check(s: &TlsCheck, now: OffsetDateTime) -> Reading {
    match super::tls::certificate_expiry(&s.host, s.port, CHECK_TIMEOUT).await {
        Ok(expiry) => judge_expiry(expiry, now, s.warn_days),
        Err(e) => Reading::unhealthy(None, format!("{}:{}: {e}", s.host, s.port)),
    }
}

/// Days left as a status: expired is unhealthy, under `warn_days` degraded.
pub fn judge_expiry(expiry: OffsetDateTime, now: OffsetDateTime, warn_days: u32) -> Reading {
    let days = (expiry - now).as_seconds_f64() / 86_400.0;
    let value = Some((days * 10.0).round() / 10.0);
    if days < 0.0 {
        Reading::unhealthy(
            value,
            format!("the certificate expired {:.0} days ago", -days),
        )
    } else if days < f64::from(warn_days) {
        Reading::degraded(
            value,
            format!("the certificate expires in {days:.0} days (warning at {warn_days})"),
        )
    } else {
        Reading::healthy(
            value,
            format!("the certificate is valid for {days:.0} more days"),
        )
    }
}

async fn disk_check(executor: &Executor, target: &str, s: &DiskCheck) -> Reading {
    let command = format!("df -P -- {}", shell_escape::escape(s.path.as_str().into()));
    let limits = crate::exec::Limits {
        timeout: CHECK_TIMEOUT,
        ..executor.settings().limits
    };
    let outcome = match executor
        .run_unattended(
            target,
            Unattended::own(&command, NetworkUse::None),
            limits,
            discard(),
            Default::default(),
        )
        .await
    {
        Ok(o) => o,
        Err(e) => return Reading::unhealthy(None, format!("cannot read disk usage: {e}")),
    };
    if outcome.status != RunStatus::Completed {
        return Reading::unhealthy(
            None,
            format!("`{command}` failed: {}", outcome.tail(200).trim()),
        );
    }
    match df_percent(&outcome.stdout) {
        Some(p) => judge_disk(p, s.warn_percent, &s.path),
        None => Reading::unhealthy(None, format!("cannot read `{command}` output")),
    }
}

/// The use percentage of `df -P` output's last line.
pub fn df_percent(stdout: &str) -> Option<u8> {
    let line = stdout.lines().rev().find(|l| !l.trim().is_empty())?;
    let field = line.split_whitespace().nth(4)?;
    field.strip_suffix('%')?.parse().ok()
}

/// Usage as a status: from `warn` degraded, full unhealthy.
pub fn judge_disk(percent: u8, warn: u8, path: &str) -> Reading {
    let value = Some(f64::from(percent));
    if percent >= 100 {
        Reading::unhealthy(value, format!("{path} is full"))
    } else if percent >= warn {
        Reading::degraded(
            value,
            format!("{path} is {percent}% full (warning at {warn}%)"),
        )
    } else {
        Reading::healthy(value, format!("{path} is {percent}% full"))
    }
}

async fn ping_check(executor: &Executor, target: &str, s: &PingCheck) -> Reading {
    // From the target when it is a host, else from the default host: the
    // lab's machines see its networks, Nomos may not.
    let from = if Target::names_host(target) {
        target.to_string()
    } else {
        match executor.resolver().default_host().await {
            Ok(h) => Target::host_slug(&h.name),
            Err(e) => return Reading::unhealthy(None, format!("no host to ping from: {e}")),
        }
    };
    let command = format!(
        "ping -c 1 -W 2 -- {}",
        shell_escape::escape(s.host.as_str().into())
    );
    let limits = crate::exec::Limits {
        timeout: CHECK_TIMEOUT,
        ..executor.settings().limits
    };
    match executor
        .run_unattended(
            &from,
            // Its one destination is the inventory's own address.
            Unattended::own(&command, NetworkUse::Reaches),
            limits,
            discard(),
            Default::default(),
        )
        .await
    {
        Ok(o) if o.status == RunStatus::Completed => {
            let rtt = o
                .stdout
                .split("time=")
                .nth(1)
                .and_then(|t| t.split_whitespace().next())
                .and_then(|t| t.parse::<f64>().ok());
            Reading::healthy(rtt, format!("{} answers from {from}", s.host))
        }
        Ok(_) => Reading::unhealthy(None, format!("{} does not answer from {from}", s.host)),
        Err(e) => Reading::unhealthy(None, format!("cannot ping from {from}: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn df_output_is_read() {
        let out = "Filesystem 1024-blocks Used Available Capacity Mounted on\n/dev/sda1 100 42 58 42% /\n";
        assert_eq!(df_percent(out), Some(42));
        assert_eq!(df_percent("nonsense"), None);
        assert_eq!(judge_disk(42, 85, "/").status, HealthStatus::Healthy);
        assert_eq!(judge_disk(90, 85, "/").status, HealthStatus::Degraded);
        assert_eq!(judge_disk(100, 85, "/").status, HealthStatus::Unhealthy);
    }

    #[test]
    fn expiry_is_judged_in_days() {
        let now = OffsetDateTime::UNIX_EPOCH;
        let day = time::Duration::days(1);
        assert_eq!(
            judge_expiry(now + day * 30, now, 14).status,
            HealthStatus::Healthy
        );
        let soon = judge_expiry(now + day * 10, now, 14);
        assert_eq!(soon.status, HealthStatus::Degraded);
        assert_eq!(soon.value, Some(10.0));
        assert_eq!(
            judge_expiry(now - day * 2, now, 14).status,
            HealthStatus::Unhealthy
        );
    }
}
