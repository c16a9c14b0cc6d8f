//! `/healthz` and `/metrics` (Prometheus text format) on a loopback
//! address (`[service] metrics_listen`).
//!
//! Values are read when scraped: executions by state, pending approvals
//! and outbox depth from the store; sync lag from the Matrix front end's
//! clock; model requests, errors and latency from the model client; the
//! SSH pool's live connections from the executor. Nothing is sampled in
//! the background, so an idle bot does no work for its metrics.
//!
//! `/healthz` answers 200 when the store answers and the last sync is
//! recent (under [`SYNC_STALE`]), else 503 with the reason, so a service
//! manager or a container health check can restart a wedged bot.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::registry::Registry;
use tokio_util::sync::CancellationToken;

use crate::agent::Agent;
use crate::outbox::OutboxStats;
use crate::store::{Store, executions};

/// A sync older than this makes `/healthz` fail (the long poll is 30 s).
pub const SYNC_STALE: Duration = Duration::from_secs(120);

/// The Matrix front end's sync clock: when the last sync answered.
#[derive(Debug, Default)]
pub struct SyncClock {
    /// Unix milliseconds; 0 before the first sync.
    last_ms: AtomicI64,
}

impl SyncClock {
    pub fn tick(&self) {
        self.last_ms.store(now_ms(), Ordering::Relaxed);
    }

    /// Seconds since the last sync; `None` before the first.
    pub fn lag(&self) -> Option<f64> {
        match self.last_ms.load(Ordering::Relaxed) {
            0 => None,
            last => Some((now_ms() - last).max(0) as f64 / 1000.0),
        }
    }
}

fn now_ms() -> i64 {
    i64::try_from(time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000)
        .unwrap_or(i64::MAX)
}

/// What the endpoint reads from.
#[derive(Clone)]
pub struct Observed {
    pub store: Store,
    pub agent: Agent,
    pub outbox: Arc<OutboxStats>,
    pub sync: Arc<SyncClock>,
}

/// Serves until `shutdown`. A port that cannot be bound is logged, not
/// fatal: the bot is more use running without metrics than not running.
pub async fn serve(listen: SocketAddr, observed: Observed, shutdown: CancellationToken) {
    let app = axum::Router::new()
        .route("/healthz", axum::routing::get(healthz))
        .route("/metrics", axum::routing::get(metrics))
        .with_state(observed);
    let listener = match tokio::net::TcpListener::bind(listen).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(%listen, error = %e, "cannot listen for /metrics and /healthz");
            return;
        }
    };
    tracing::info!(%listen, "serving /healthz and /metrics");
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(async move { shutdown.cancelled().await })
        .await;
    if let Err(e) = served {
        tracing::error!(error = %e, "the metrics endpoint stopped");
    }
}

async fn healthz(State(o): State<Observed>) -> impl IntoResponse {
    let (code, body) = health(&o).await;
    (code, [(header::CONTENT_TYPE, "application/json")], body)
}

/// The health verdict and its JSON body.
pub async fn health(o: &Observed) -> (StatusCode, String) {
    let store_ok = o.store.outbox_depth().await.is_ok();
    let lag = o.sync.lag();
    let sync_ok = lag.is_some_and(|l| l < SYNC_STALE.as_secs_f64());
    let ok = store_ok && sync_ok;
    let body = serde_json::json!({
        "status": if ok { "ok" } else { "unhealthy" },
        "store": if store_ok { "ok" } else { "unreachable" },
        "sync_lag_seconds": lag,
        "sync": match lag {
            None => "no sync yet",
            Some(_) if sync_ok => "ok",
            Some(_) => "stale",
        },
    });
    let code = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, body.to_string())
}

async fn metrics(State(o): State<Observed>) -> impl IntoResponse {
    match render(&o).await {
        Ok(text) => (
            StatusCode::OK,
            [(
                header::CONTENT_TYPE,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )],
            text,
        ),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("cannot read the metrics: {e}\n"),
        ),
    }
}

type Labels = Vec<(String, String)>;

/// The metrics, in the Prometheus/OpenMetrics text format.
pub async fn render(o: &Observed) -> Result<String, crate::store::StoreError> {
    let (by_state, pending) = executions::counts(&o.store).await?;
    let depth = o.store.outbox_depth().await?;
    let live_ssh = o.agent.dispatcher().executor().pool().live().await;

    let mut registry = <Registry>::with_prefix("nomos");
    let executions = Family::<Labels, Gauge>::default();
    for state in crate::domain::ExecutionStatus::ALL {
        let count = by_state
            .iter()
            .find(|(s, _)| s == state)
            .map_or(0, |(_, n)| *n);
        executions
            .get_or_create(&vec![("state".to_string(), state.to_string())])
            .set(count);
    }
    registry.register("executions", "Executions by state", executions);
    registry.register(
        "approvals_pending",
        "Approvals waiting for a decision",
        ConstGauge::new(pending),
    );
    registry.register(
        "outbox_depth",
        "Messages, cards and edits queued for the homeserver",
        ConstGauge::new(depth),
    );
    register_front_end(&mut registry, o, live_ssh);
    if let Some(llm) = o.agent.llm_stats() {
        register_llm(&mut registry, &llm);
    }
    registry.register(
        "agent_woken",
        "Finished executions that woke the agent",
        ConstCounter::new(load(&o.agent.stats().woken)),
    );
    let mut text = String::new();
    prometheus_client::encoding::text::encode(&mut text, &registry)
        .map_err(|e| crate::store::StoreError::Invalid(format!("cannot encode metrics: {e}")))?;
    Ok(text)
}

fn load(a: &std::sync::atomic::AtomicU64) -> u64 {
    a.load(Ordering::Relaxed)
}

/// The outbox, sync and SSH pool figures.
fn register_front_end(registry: &mut Registry, o: &Observed, live_ssh: usize) {
    registry.register(
        "outbox_sent",
        "Outbox operations the homeserver took",
        ConstCounter::new(load(&o.outbox.sent)),
    );
    registry.register(
        "outbox_retries",
        "Outbox delivery attempts that failed and were retried",
        ConstCounter::new(load(&o.outbox.retries)),
    );
    registry.register(
        "outbox_failed",
        "Outbox operations the homeserver refused for good",
        ConstCounter::new(load(&o.outbox.failed)),
    );
    registry.register(
        "sync_lag_seconds",
        "Seconds since the last Matrix sync answered (-1 before the first)",
        ConstGauge::new(o.sync.lag().unwrap_or(-1.0)),
    );
    registry.register(
        "ssh_connections",
        "Pooled SSH connections open now",
        ConstGauge::new(i64::try_from(live_ssh).unwrap_or(i64::MAX)),
    );
    registry.register(
        "ssh_connections_opened",
        "SSH connections opened since start",
        ConstCounter::new(o.agent.dispatcher().executor().pool().opened()),
    );
}

/// The model client's figures.
fn register_llm(registry: &mut Registry, llm: &crate::agent::llm::LlmStats) {
    registry.register(
        "llm_requests",
        "Completions asked of the model",
        ConstCounter::new(load(&llm.requests)),
    );
    registry.register(
        "llm_errors",
        "Completions that failed after retries",
        ConstCounter::new(load(&llm.errors)),
    );
    registry.register(
        "llm_latency_seconds",
        "Seconds spent waiting for completions, in total",
        ConstCounter::new(load(&llm.latency_micros) as f64 / 1e6),
    );
    registry.register(
        "llm_last_latency_seconds",
        "The last completion's latency",
        ConstGauge::new(load(&llm.last_latency_micros) as f64 / 1e6),
    );
}
