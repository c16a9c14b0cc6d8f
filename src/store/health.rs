//! Health as observed: the `metric_samples` and `entity_status` tables, and
//! reading `check_defs`. A check's result is a sample; an entity's status
//! is the worst of its enabled checks' latest samples, or `stale` when
//! nothing observed it for too long. A status change is one conditional
//! write whose caller learns the transition, so an alert is posted once per
//! change however many checks fail in a row.

use serde_json::Value;
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, Tx, on_pool, on_tx};
use crate::domain::{CheckKind, HealthStatus};

/// A check as the scheduler runs it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CheckDef {
    pub id: Uuid,
    pub slug: String,
    pub target_id: Uuid,
    /// The target entity's slug.
    pub target: String,
    pub kind: CheckKind,
    pub interval_secs: i64,
    pub spec: Json<Value>,
    pub created_at: OffsetDateTime,
}

/// An entity's status changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transition {
    pub entity: String,
    pub from: HealthStatus,
    pub to: HealthStatus,
    pub detail: Option<String>,
}

impl Store {
    /// Every enabled check with its target's slug.
    pub async fn enabled_checks(&self) -> Result<Vec<CheckDef>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_as::<_, CheckDef>(
            "SELECT c.id, c.slug, c.target_id, e.slug AS target, c.kind, c.interval_secs, c.spec, c.created_at \
             FROM check_defs c JOIN entities e ON e.id = c.target_id WHERE c.enabled = TRUE ORDER BY c.slug",
        )
        .fetch_all(pool)
        .await?)
        })
    }

    /// Records a check's result and recomputes its entity's status.
    /// Returns the transition when the status changed.
    pub async fn record_check(
        &self,
        check: &CheckDef,
        status: HealthStatus,
        value: Option<f64>,
        detail: &str,
        at: OffsetDateTime,
    ) -> Result<Option<Transition>, StoreError> {
        match status {
            HealthStatus::Healthy | HealthStatus::Degraded | HealthStatus::Unhealthy => {}
            HealthStatus::Unknown | HealthStatus::Stale => {
                return Err(StoreError::Invalid(format!(
                    "`{status}` is not a check result"
                )));
            }
        }
        let mut tx = self.begin().await?;
        insert_sample(&mut tx, check, status, value, detail, at).await?;
        let (latest, previous) = latest_and_previous(&mut tx, check.target_id).await?;
        // Checks not run yet have no sample (a NULL status): they do not count.
        let (worst, worst_detail) = latest
            .into_iter()
            .filter_map(|(s, d)| s.map(|s| (s, d)))
            .max_by_key(|(s, _)| s.severity())
            .unwrap_or_else(|| (status, Some(detail.to_string())));
        let from = previous.map_or(HealthStatus::Unknown, |(s, _)| s);
        on_tx!(&mut tx, |conn| {
            sqlx::query(
                "INSERT INTO entity_status (entity_id, status, detail, last_check_at, changed_at) \
                 VALUES ($1, $2, $3, $4, $4) \
                 ON CONFLICT (entity_id) DO UPDATE SET status = $2, detail = $3, last_check_at = $4, \
                 changed_at = CASE WHEN entity_status.status = $2 THEN entity_status.changed_at ELSE $4 END",
            )
            .bind(check.target_id)
            .bind(worst)
            .bind(&worst_detail)
            .bind(at)
            .execute(&mut *conn)
            .await?
            .rows_affected()
        });
        tx.commit().await?;
        Ok((from != worst).then(|| Transition {
            entity: check.target.clone(),
            from,
            to: worst,
            detail: worst_detail,
        }))
    }

    /// Marks `stale` every monitored entity not observed for three times
    /// its fastest check interval (at least `floor_secs`), once. Returns the
    /// transitions.
    pub async fn sweep_stale(
        &self,
        now: OffsetDateTime,
        floor_secs: i64,
    ) -> Result<Vec<Transition>, StoreError> {
        // (entity, slug, fastest interval, status, last check, first check created)
        type Observed = (
            Uuid,
            String,
            i64,
            Option<HealthStatus>,
            Option<OffsetDateTime>,
            OffsetDateTime,
        );
        let rows: Vec<Observed> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT e.id, e.slug, MIN(c.interval_secs), s.status, s.last_check_at, MIN(c.created_at) \
                 FROM entities e JOIN check_defs c ON c.target_id = e.id AND c.enabled = TRUE \
                 LEFT JOIN entity_status s ON s.entity_id = e.id \
                 GROUP BY e.id, e.slug, s.status, s.last_check_at",
            )
            .fetch_all(pool)
            .await?
        });
        let mut transitions = Vec::new();
        for (id, slug, fastest, status, last, first_check) in rows {
            let limit = time::Duration::seconds((fastest.saturating_mul(3)).max(floor_secs));
            let seen = last.unwrap_or(first_check);
            let from = status.unwrap_or(HealthStatus::Unknown);
            if from == HealthStatus::Stale || now - seen < limit {
                continue;
            }
            let detail = format!(
                "not observed for {} min (limit {} min)",
                (now - seen).whole_minutes(),
                limit.whole_minutes()
            );
            let moved = on_pool!(self, |pool| {
                sqlx::query(
                "INSERT INTO entity_status (entity_id, status, detail, last_check_at, changed_at) \
                 VALUES ($1, 'stale', $2, $3, $4) \
                 ON CONFLICT (entity_id) DO UPDATE SET status = 'stale', detail = $2, changed_at = $4 \
                 WHERE entity_status.status <> 'stale'",
            )
            .bind(id)
            .bind(&detail)
            .bind(last)
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected()
            });
            if moved > 0 {
                transitions.push(Transition {
                    entity: slug,
                    from,
                    to: HealthStatus::Stale,
                    detail: Some(detail),
                });
            }
        }
        Ok(transitions)
    }

    /// When a check's samples were taken, newest first (tests of the
    /// scheduler's spacing).
    pub async fn sample_times(
        &self,
        check: Uuid,
        limit: i64,
    ) -> Result<Vec<OffsetDateTime>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_scalar(
                "SELECT ts FROM metric_samples WHERE check_id = $1 ORDER BY ts DESC, id DESC LIMIT $2",
            )
            .bind(check)
            .bind(limit)
            .fetch_all(pool)
            .await?)
        })
    }

    /// A check's samples, newest first (tests, `!status` details).
    pub async fn samples(
        &self,
        check: Uuid,
        limit: i64,
    ) -> Result<Vec<(HealthStatus, Option<f64>, Option<String>)>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_as(
            "SELECT status, value, detail FROM metric_samples WHERE check_id = $1 ORDER BY ts DESC, id DESC LIMIT $2",
        )
        .bind(check)
        .bind(limit)
        .fetch_all(pool)
        .await?)
        })
    }
}

/// Every enabled check's latest result on an entity, and the entity's
/// recorded status before this one.
type Latest = Vec<(Option<HealthStatus>, Option<String>)>;

/// Appends one sample.
async fn insert_sample(
    tx: &mut Tx,
    check: &CheckDef,
    status: HealthStatus,
    value: Option<f64>,
    detail: &str,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    on_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO metric_samples (check_id, entity_id, ts, ok, value, detail, status) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(check.id)
        .bind(check.target_id)
        .bind(at)
        .bind(status != HealthStatus::Unhealthy)
        .bind(value)
        .bind(detail)
        .bind(status)
        .execute(&mut *conn)
        .await?;
    });
    Ok(())
}

/// The latest sample of each enabled check on `entity`, and the status
/// recorded for it before.
async fn latest_and_previous(
    tx: &mut Tx,
    entity: Uuid,
) -> Result<(Latest, Option<(HealthStatus, Option<String>)>), StoreError> {
    Ok(on_tx!(tx, |conn| {
        let latest: Latest = sqlx::query_as(
            "SELECT (SELECT m.status FROM metric_samples m WHERE m.check_id = c.id ORDER BY m.ts DESC, m.id DESC LIMIT 1), \
                    (SELECT m.detail FROM metric_samples m WHERE m.check_id = c.id ORDER BY m.ts DESC, m.id DESC LIMIT 1) \
             FROM check_defs c WHERE c.target_id = $1 AND c.enabled = TRUE",
        )
        .bind(entity)
        .fetch_all(&mut *conn)
        .await?;
        let previous: Option<(HealthStatus, Option<String>)> =
            sqlx::query_as("SELECT status, detail FROM entity_status WHERE entity_id = $1")
                .bind(entity)
                .fetch_optional(&mut *conn)
                .await?;
        (latest, previous)
    }))
}
