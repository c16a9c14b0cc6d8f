//! The audit trail: the append-only `audit_log` table. Every proposal,
//! decision, window, start and finish writes one row: who, via what, when,
//! which execution and approval, which risk class. Rows are written inside
//! the transaction of the change they record, so neither exists alone.

use serde::Serialize;
use serde_json::Value;
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, Tx, on_pool, on_tx};
use crate::gate::RiskClass;
use crate::gate::policy::Via;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Proposed,
    Approved,
    Denied,
    Expired,
    WindowOpened,
    WindowsRevoked,
    Started,
    Finished,
    Cancelled,
    Interrupted,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Proposed => "proposed",
            Action::Approved => "approved",
            Action::Denied => "denied",
            Action::Expired => "expired",
            Action::WindowOpened => "window_opened",
            Action::WindowsRevoked => "windows_revoked",
            Action::Started => "started",
            Action::Finished => "finished",
            Action::Cancelled => "cancelled",
            Action::Interrupted => "interrupted",
        }
    }
}

/// One row to append.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub at: OffsetDateTime,
    pub actor: &'a str,
    pub via: Via,
    pub action: Action,
    pub execution_id: Option<Uuid>,
    pub approval_id: Option<Uuid>,
    pub risk_class: Option<RiskClass>,
    pub detail: Value,
}

/// A stored row.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub at: OffsetDateTime,
    pub actor: String,
    pub via: String,
    pub action: String,
    pub execution_id: Option<Uuid>,
    pub approval_id: Option<Uuid>,
    pub risk_class: Option<String>,
    pub detail: Json<Value>,
}

/// Appends `entry` inside `tx`.
pub async fn record(tx: &mut Tx, entry: &Entry<'_>) -> Result<(), StoreError> {
    on_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO audit_log (at, actor, via, action, execution_id, approval_id, risk_class, detail) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(entry.at)
        .bind(entry.actor)
        .bind(entry.via.as_str())
        .bind(entry.action.as_str())
        .bind(entry.execution_id)
        .bind(entry.approval_id)
        .bind(entry.risk_class.map(RiskClass::as_str))
        .bind(Json(&entry.detail))
        .execute(&mut *conn)
        .await?;
        Ok(())
    })
}

impl Store {
    /// The audit rows of one execution, oldest first.
    pub async fn audit_for_execution(
        &self,
        execution_id: Uuid,
    ) -> Result<Vec<AuditRow>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, AuditRow>(
            "SELECT id, at, actor, via, action, execution_id, approval_id, risk_class, detail \
             FROM audit_log WHERE execution_id = $1 ORDER BY id",
        )
        .bind(execution_id)
        .fetch_all(pool)
        .await?))
    }
}
