//! The audit trail: the append-only `audit_log` table. Every proposal,
//! decision, window, start and finish writes one row: who, via what, when,
//! which execution and approval, which risk class. Rows are written inside
//! the transaction of the change they record, so neither exists alone.
//! It is read back, filtered by room, target, user and time and joined with
//! the executions the rows are about, by `!audit` and `nomos audit`.

use serde::Serialize;
use serde_json::Value;
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Backend, Store, StoreError, Tx, on_pool, on_tx};
use crate::domain::text_enum;
use crate::domain::{ExecutionStatus, RiskClass, Via};

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Proposed,
    Approved,
    Denied,
    /// An approval taken back (its ✅ redacted) before the work started.
    Withdrawn,
    Expired,
    WindowOpened,
    WindowsRevoked,
    Started,
    Finished,
    Cancelled,
    Interrupted,
    /// The agent wrote a knowledge entry (created or changed it).
    KnowledgeWritten,
}

text_enum!(Action, "audit action", {
    Proposed => "proposed",
    Approved => "approved",
    Denied => "denied",
    Withdrawn => "withdrawn",
    Expired => "expired",
    WindowOpened => "window_opened",
    WindowsRevoked => "windows_revoked",
    Started => "started",
    Finished => "finished",
    Cancelled => "cancelled",
    Interrupted => "interrupted",
    KnowledgeWritten => "knowledge_written",
});

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
    pub via: Via,
    pub action: Action,
    pub execution_id: Option<Uuid>,
    pub approval_id: Option<Uuid>,
    pub risk_class: Option<RiskClass>,
    pub detail: Json<Value>,
}

impl Store {
    /// Appends `entry` on its own.
    pub async fn audit(&self, entry: &Entry<'_>) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(())
    }
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
        .bind(entry.via)
        .bind(entry.action)
        .bind(entry.execution_id)
        .bind(entry.approval_id)
        .bind(entry.risk_class)
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

/// Which audit rows to read (see [`Store::audit_trail`]). Every value is
/// bound into the query, never written into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    /// Only rows of this room's sessions: the session of the row's
    /// execution or, for window rows, the session in their detail.
    pub room: Option<String>,
    /// Only rows about this target (`host:NAME`, `lxc:NAME`): the
    /// execution's target, or a destructive window's.
    pub target: Option<String>,
    /// Only rows this user did, or that are about work this user asked for.
    pub user: Option<String>,
    /// Only rows at or after this instant.
    pub since: OffsetDateTime,
    /// At most this many rows, the newest; `None` for all of them.
    pub limit: Option<u32>,
}

/// One audit row with the execution it is about, as `!audit` and
/// `nomos audit` show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    pub id: i64,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    pub action: Action,
    /// Who did it: a person, or `nomos` itself.
    pub actor: String,
    pub via: Via,
    /// The row's own risk class, else its execution's.
    pub risk_class: Option<RiskClass>,
    /// The room of the session the row belongs to.
    pub room: Option<String>,
    pub target: Option<String>,
    pub execution_id: Option<Uuid>,
    pub approval_id: Option<Uuid>,
    pub command: Option<String>,
    /// Who asked for the execution.
    pub requested_by: Option<String>,
    /// The execution's state now (its result once it has finished).
    pub execution_status: Option<ExecutionStatus>,
    pub exit_code: Option<i64>,
    pub detail: Value,
}

/// A [`Record`] as the database returns it, before its words are checked.
#[derive(sqlx::FromRow)]
struct RecordRow {
    id: i64,
    at: OffsetDateTime,
    action: Action,
    actor: String,
    via: Via,
    risk_class: Option<RiskClass>,
    room: Option<String>,
    target: Option<String>,
    execution_id: Option<Uuid>,
    approval_id: Option<Uuid>,
    command: Option<String>,
    requested_by: Option<String>,
    execution_status: Option<ExecutionStatus>,
    exit_code: Option<i64>,
    detail: Json<Value>,
}

impl From<RecordRow> for Record {
    fn from(row: RecordRow) -> Record {
        Record {
            id: row.id,
            at: row.at,
            action: row.action,
            actor: row.actor,
            via: row.via,
            risk_class: row.risk_class,
            room: row.room,
            target: row.target,
            execution_id: row.execution_id,
            approval_id: row.approval_id,
            command: row.command,
            requested_by: row.requested_by,
            execution_status: row.execution_status,
            exit_code: row.exit_code,
            detail: row.detail.0,
        }
    }
}

/// The query behind [`Store::audit_trail`]. The two backends differ only in
/// how a JSON field of `detail` is read and how a session id compares with
/// the id written there; both fragments are constants, never input.
fn trail_sql(backend: Backend) -> String {
    let (detail_target, window_session) = match backend {
        Backend::Sqlite => (
            "json_extract(a.detail, '$.target')",
            "lower(hex(ws.id)) = replace(json_extract(a.detail, '$.session'), '-', '')",
        ),
        Backend::Postgres => (
            "(a.detail ->> 'target')",
            "ws.id::text = (a.detail ->> 'session')",
        ),
    };
    format!(
        "SELECT a.id, a.at, a.action, a.actor, a.via, \
                COALESCE(a.risk_class, e.risk_class) AS risk_class, \
                COALESCE(s.room_id, ws.room_id) AS room, \
                COALESCE(e.target, {detail_target}) AS target, \
                a.execution_id, a.approval_id, e.command, e.requested_by, \
                e.status AS execution_status, e.exit_code, a.detail \
         FROM audit_log a \
         LEFT JOIN executions e ON e.id = a.execution_id \
         LEFT JOIN sessions s ON s.id = e.session_id \
         LEFT JOIN sessions ws ON a.execution_id IS NULL AND {window_session} \
         WHERE a.at >= $1 \
           AND ($2 IS NULL OR COALESCE(s.room_id, ws.room_id) = $2) \
           AND ($3 IS NULL OR COALESCE(e.target, {detail_target}) = $3) \
           AND ($4 IS NULL OR a.actor = $4 OR e.requested_by = $4) \
         ORDER BY a.at DESC, a.id DESC \
         LIMIT $5"
    )
}

impl Store {
    /// The audit trail matching `filter`, newest first, each row with the
    /// execution it is about.
    pub async fn audit_trail(&self, filter: &Filter) -> Result<Vec<Record>, StoreError> {
        let sql = trail_sql(self.backend());
        let since = filter.since.to_offset(time::UtcOffset::UTC);
        let limit = filter.limit.map_or(i64::MAX, i64::from);
        let rows = on_pool!(self, |pool| sqlx::query_as::<_, RecordRow>(
            sqlx::AssertSqlSafe(sql.clone())
        )
        .bind(since)
        .bind(filter.room.as_deref())
        .bind(filter.target.as_deref())
        .bind(filter.user.as_deref())
        .bind(limit)
        .fetch_all(pool)
        .await?);
        Ok(rows.into_iter().map(Record::from).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back() {
        for action in Action::ALL {
            assert_eq!(action.as_str().parse::<Action>(), Ok(*action));
        }
        assert!("approve".parse::<Action>().is_err());
    }

    #[test]
    fn the_trail_query_binds_every_filter() {
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let sql = trail_sql(backend);
            for n in 1..=5 {
                assert!(sql.contains(&format!("${n}")), "{backend}: ${n}");
            }
            assert!(sql.contains("ORDER BY a.at DESC, a.id DESC"));
        }
    }
}
