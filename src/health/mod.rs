//! Fleet health: a scheduler runs the inventory's checks at their
//! intervals (with jitter, a bounded number at once), results land on the
//! target entity and as metric samples, entities nobody observed for too
//! long become `stale`, and a change into `unhealthy` or `stale` posts one
//! alert to the ops room (one recovery notice when it passes), never a
//! flood. `get_health_summary`, `!status` and the agent's fleet snapshot
//! read what this records.

pub mod checks;
pub mod specs;
pub mod tls;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use time::OffsetDateTime;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use crate::chat::strings::alerts;
use crate::chat::{Outbound, Surface};
use crate::domain::HealthStatus;
use crate::exec::Executor;
use crate::store::health::{CheckDef, Transition};
use crate::store::{Store, StoreError};

/// Settings of the health monitor (see `[health]` in the config).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HealthSettings {
    pub enabled: bool,
    /// Where alerts go (a Matrix room ID); none: only the store knows.
    pub ops_room: Option<String>,
    /// Checks running at once.
    pub concurrency: usize,
    /// An entity is stale after 3× its fastest check interval, at least this.
    pub stale_floor_secs: i64,
}

impl Default for HealthSettings {
    fn default() -> Self {
        HealthSettings {
            enabled: true,
            ops_room: None,
            concurrency: 8,
            stale_floor_secs: 300,
        }
    }
}

/// The ops room's message for a status change, if it deserves one: going
/// bad (unhealthy or stale) is an alert, coming back is a recovery, and
/// anything else (bad to worse, unknown to healthy) says nothing.
pub fn alert_text(t: &Transition) -> Option<String> {
    let bad = |s: HealthStatus| matches!(s, HealthStatus::Unhealthy | HealthStatus::Stale);
    let detail = t.detail.as_deref();
    if bad(t.to) && !bad(t.from) {
        Some(alerts::went_bad(&t.entity, t.to, detail))
    } else if bad(t.from) && !bad(t.to) && t.to != HealthStatus::Unknown {
        Some(alerts::recovered(&t.entity, t.to, detail))
    } else {
        None
    }
}

pub struct Monitor {
    store: Store,
    executor: Executor,
    http: reqwest::Client,
    surface: Option<Arc<dyn Surface>>,
    settings: HealthSettings,
    seed: Mutex<u64>,
}

impl Monitor {
    pub fn new(
        store: Store,
        executor: Executor,
        surface: Option<Arc<dyn Surface>>,
        settings: HealthSettings,
    ) -> Monitor {
        let http = reqwest::Client::builder()
            .timeout(checks::CHECK_TIMEOUT)
            .user_agent(concat!("nomos-health/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default();
        let seed = time::OffsetDateTime::now_utc().unix_timestamp_nanos() as u64 | 1;
        Monitor {
            store,
            executor,
            http,
            surface,
            settings,
            seed: Mutex::new(seed),
        }
    }

    /// Runs one check now and records it (alerting on a change).
    pub async fn check_once(
        &self,
        check: &CheckDef,
        at: OffsetDateTime,
    ) -> Result<checks::Reading, StoreError> {
        let outcome = checks::run(check, &self.http, &self.executor).await;
        let transition = self
            .store
            .record_check(check, outcome.status, outcome.value, &outcome.detail, at)
            .await?;
        if let Some(t) = transition {
            tracing::info!(entity = %t.entity, from = %t.from, to = %t.to, "health changed");
            self.alert(&t).await;
        }
        Ok(outcome)
    }

    /// Marks unobserved entities stale (alerting once each).
    pub async fn sweep(&self, now: OffsetDateTime) -> Result<usize, StoreError> {
        let transitions = self
            .store
            .sweep_stale(now, self.settings.stale_floor_secs)
            .await?;
        for t in &transitions {
            tracing::warn!(entity = %t.entity, "entity went stale");
            self.alert(t).await;
        }
        Ok(transitions.len())
    }

    async fn alert(&self, t: &Transition) {
        let (Some(surface), Some(room), Some(text)) =
            (&self.surface, &self.settings.ops_room, alert_text(t))
        else {
            return;
        };
        if let Err(e) = surface.send(room, Outbound::notice(text)).await {
            tracing::warn!(error = %e, "cannot post the health alert");
        }
    }

    /// A factor in [0.9, 1.1) (or a fraction for the first run).
    fn jitter(&self, span: Duration) -> Duration {
        let mut seed = self
            .seed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let fraction = (*seed % 10_000) as f64 / 10_000.0;
        span.mul_f64(fraction)
    }

    /// Runs the scheduler until `shutdown`, then waits for the checks
    /// still running (each is bounded by its own timeout).
    pub async fn run(self: Arc<Self>, shutdown: CancellationToken) {
        if !self.settings.enabled {
            return;
        }
        let mut schedule = Schedule::new(self.settings.concurrency.max(1));
        loop {
            let now = Instant::now();
            if now >= schedule.reload_at {
                self.reload(&mut schedule, now).await;
            }
            self.start_due(&mut schedule, now);
            if now >= schedule.sweep_at {
                if let Err(e) = self.sweep(OffsetDateTime::now_utc()).await {
                    tracing::warn!(error = %e, "cannot sweep for stale entities");
                }
                schedule.sweep_at = now + Duration::from_secs(30);
            }
            tokio::select! {
                () = shutdown.cancelled() => break,
                () = tokio::time::sleep(schedule.wait(now)) => {}
            }
        }
        schedule.tasks.close();
        let _ = tokio::time::timeout(checks::CHECK_TIMEOUT * 2, schedule.tasks.wait()).await;
    }

    /// Reads the enabled checks again; new ones are due soon (jittered).
    async fn reload(&self, schedule: &mut Schedule, now: Instant) {
        match self.store.enabled_checks().await {
            Ok(fresh) => {
                let ids: HashSet<Uuid> = fresh.iter().map(|c| c.id).collect();
                schedule.due.retain(|id, _| ids.contains(id));
                for c in &fresh {
                    let interval = interval_of(c);
                    schedule.due.entry(c.id).or_insert_with(|| {
                        now + self.jitter(interval.min(Duration::from_secs(30)))
                    });
                }
                schedule.checks = fresh;
            }
            Err(e) => tracing::warn!(error = %e, "cannot load the checks"),
        }
        schedule.reload_at = now + Duration::from_secs(60);
    }

    /// Starts every check that is due and not still running from before.
    fn start_due(self: &Arc<Self>, schedule: &mut Schedule, now: Instant) {
        for check in &schedule.checks {
            let Some(when) = schedule.due.get_mut(&check.id) else {
                continue;
            };
            if *when > now {
                continue;
            }
            let interval = interval_of(check);
            *when = now + interval.mul_f64(0.9) + self.jitter(interval.mul_f64(0.2));
            {
                let mut busy = schedule
                    .running
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if !busy.insert(check.id) {
                    continue; // the last run is still going
                }
            }
            let me = self.clone();
            let check = check.clone();
            let permits = schedule.permits.clone();
            let running = schedule.running.clone();
            schedule.tasks.spawn(async move {
                if let Ok(_permit) = permits.acquire().await
                    && let Err(e) = me.check_once(&check, OffsetDateTime::now_utc()).await
                {
                    tracing::warn!(check = %check.slug, error = %e, "cannot record the check");
                }
                running
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .remove(&check.id);
            });
        }
    }
}

/// The scheduler's state: the checks, when each is next due, which are
/// running, and the checks' tasks (awaited at shutdown).
struct Schedule {
    permits: Arc<Semaphore>,
    running: Arc<Mutex<HashSet<Uuid>>>,
    due: HashMap<Uuid, Instant>,
    checks: Vec<CheckDef>,
    reload_at: Instant,
    sweep_at: Instant,
    tasks: TaskTracker,
}

impl Schedule {
    fn new(concurrency: usize) -> Schedule {
        Schedule {
            permits: Arc::new(Semaphore::new(concurrency)),
            running: Arc::default(),
            due: HashMap::new(),
            checks: Vec::new(),
            reload_at: Instant::now(),
            sweep_at: Instant::now() + Duration::from_secs(30),
            tasks: TaskTracker::new(),
        }
    }

    /// How long to sleep: until the next due check, reload or sweep,
    /// between 50 ms and 1 s.
    fn wait(&self, now: Instant) -> Duration {
        let next = self
            .due
            .values()
            .copied()
            .chain([self.reload_at, self.sweep_at])
            .min()
            .unwrap_or(now + Duration::from_secs(1));
        next.saturating_duration_since(Instant::now())
            .clamp(Duration::from_millis(50), Duration::from_secs(1))
    }
}

fn interval_of(check: &CheckDef) -> Duration {
    Duration::from_secs(u64::try_from(check.interval_secs).unwrap_or(60).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(from: &str, to: &str) -> Transition {
        Transition {
            entity: "lxc:caddy".into(),
            from: from.parse().expect("a status"),
            to: to.parse().expect("a status"),
            detail: Some("HTTP 502".into()),
        }
    }

    #[test]
    fn alerts_on_going_bad_and_coming_back_only() {
        assert_eq!(
            alert_text(&t("healthy", "unhealthy")).as_deref(),
            Some("🔴 **lxc:caddy** is unhealthy: HTTP 502")
        );
        assert!(alert_text(&t("unknown", "stale")).is_some());
        assert!(alert_text(&t("unhealthy", "healthy")).is_some_and(|s| s.contains("recovered")));
        assert!(alert_text(&t("unhealthy", "stale")).is_none());
        assert!(alert_text(&t("unknown", "healthy")).is_none());
        assert!(alert_text(&t("healthy", "degraded")).is_none());
    }
}
