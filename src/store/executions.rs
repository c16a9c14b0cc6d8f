//! Executions and their approvals: the `executions` and `approvals` tables
//! and the state machine over them.
//!
//! ```text
//! pending_approval ─→ approved ─→ running ─→ completed | failed | timed_out | cancelled | interrupted
//!        └─→ denied | expired
//! ```
//!
//! Every transition is one conditional UPDATE (`… WHERE status = 'pending'`)
//! inside a transaction that also writes its audit row, so a duplicate
//! reaction, two approvers at once or a restart can never decide (or run)
//! anything twice. Work the policy lets run at once is inserted `approved`
//! (decided by policy or window) and is claimed into `running` by the
//! executor through the same conditional UPDATE as approved work: one start
//! path for everything.

use serde_json::json;
use sqlx::types::Json;
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::audit::{self, Action};
use super::execution_row::{self, ExecutionRow};
use super::windows::{self, Window};
use super::{Store, StoreError, Survives, Tx, on_pool, on_tx};
use crate::domain::{
    Admission, ApprovalStatus, ExecutionStatus, NOMOS_ACTOR, NetworkUse, Report, RiskClass, Via,
    WindowKind,
};
pub use crate::domain::{Execution, Request};

/// What the gate's one classification of a request settled, recorded with
/// the execution: its class, and what of the network a confined run of it
/// is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Classified {
    pub class: RiskClass,
    pub network: NetworkUse,
}

/// How long windows last once an approval opens them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowDurations {
    pub assent: Duration,
    pub destructive: Duration,
}

/// The windows an approval opens, as the gate decided: an assent window,
/// and for destructive work one destructive window per action in
/// `destructive_actions` (none when the gate allows no window there).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WindowPlan {
    pub durations: WindowDurations,
    pub destructive_actions: Vec<String>,
    /// The targets the assent window covers: the approved card's, and a
    /// guest the approved work creates (a deploy flows on to it).
    pub assent_targets: Vec<String>,
}

/// One answer to one approval, as a decider gave it.
#[derive(Debug, Clone, Copy)]
pub struct Answering<'a> {
    pub approval_id: Uuid,
    pub actor: &'a str,
    pub via: Via,
    pub answer: Answer,
    pub now: OffsetDateTime,
    /// The event that carried it (a reaction, a message), so that its
    /// redaction can withdraw it; `None` where there is no such event.
    pub event: Option<&'a str>,
    /// The room whose inbound record `event` is claimed in, in the
    /// decision's own transaction: the event is handled once, and its
    /// claim and its decision commit together. `None`: not claimed here.
    pub claimed_in: Option<&'a str>,
    /// An approval also claims its execution to run (`approved` →
    /// `running`, as [`claim`] does) in the same commit, for a caller that
    /// starts it at once: the ✅'s path waits for the disk once, not twice.
    pub starts: bool,
}

impl Default for WindowDurations {
    fn default() -> Self {
        WindowDurations {
            assent: Duration::minutes(30),
            destructive: Duration::minutes(15),
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Approval {
    pub id: Uuid,
    pub execution_id: Uuid,
    pub risk_class: RiskClass,
    pub status: ApprovalStatus,
    pub confirmation_phrase: Option<String>,
    pub requested_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub decided_at: Option<OffsetDateTime>,
    pub decided_by: Option<String>,
    pub decided_via: Option<Via>,
    /// The event that decided it, where one did (see [`Answering::event`]).
    pub decided_event: Option<String>,
}

impl Approval {
    pub fn risk(&self) -> RiskClass {
        self.risk_class
    }
}

/// What [`propose`] did.
#[derive(Debug, Clone)]
pub enum Proposed {
    /// Approved by policy or a window; the executor may claim it now.
    RunNow { execution: Execution, via: Via },
    /// Waiting for a decision (with a phrase for destructive work).
    Awaiting {
        execution: Execution,
        approval: Approval,
    },
    /// The same command on the same target is already waiting in this
    /// session; nothing new was created.
    AlreadyQueued {
        execution: Execution,
        approval: Option<Approval>,
    },
}

/// The answer of a decider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Approve,
    Deny,
}

/// What [`decide`] did.
#[derive(Debug, Clone)]
pub enum Answered {
    /// This call decided the approval (and moved the execution).
    Won {
        approval: Approval,
        execution: Box<Execution>,
        windows: Vec<Window>,
        /// This call's commit also claimed the execution to run
        /// ([`Answering::starts`]): the caller runs it, and only then.
        claimed: bool,
    },
    /// Someone or something decided it first, it expired, or the route is
    /// not allowed for its class; here is how it stands.
    Lost(Approval),
    NotFound,
    /// The event that carried it was handled before (a sync batch
    /// delivered again after a restart): nothing changed.
    Repeated,
}

const EXECUTION_COLUMNS: &str = "id, session_id, kind, target, command, purpose, params, risk_class, declared_risk, \
     network, status, requested_by, exit_code, output_tail, truncated, result, created_at, started_at, finished_at, updated_at, \
     turn_id, continued_at, parent_id";
const APPROVAL_COLUMNS: &str = "id, execution_id, risk_class, status, confirmation_phrase, requested_at, expires_at, \
     decided_at, decided_by, decided_via, decided_event";

/// The execution whose card is the event `$1` in the room `$2`.
const CARD_EXECUTION: &str = "SELECT execution_id FROM matrix_events \
     WHERE event_id = $1 AND room_id = $2 AND role = 'card'";

async fn execution_in(tx: &mut Tx, id: Uuid) -> Result<Execution, StoreError> {
    let sql = format!("SELECT {EXECUTION_COLUMNS} FROM executions WHERE id = $1");
    let row = on_tx!(tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?);
    Execution::try_from(row)
}

async fn approval_in(tx: &mut Tx, id: Uuid) -> Result<Option<Approval>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = $1");
    on_tx!(tx, |conn| Ok(sqlx::query_as::<_, Approval>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?))
}

async fn approval_of_execution(
    tx: &mut Tx,
    execution_id: Uuid,
) -> Result<Option<Approval>, StoreError> {
    let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE execution_id = $1");
    on_tx!(tx, |conn| Ok(sqlx::query_as::<_, Approval>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(execution_id)
    .fetch_optional(&mut *conn)
    .await?))
}

/// Records a proposal of class `risk_class` (as classified, already raised
/// by any declared risk) as the gate decided it: ready to run, or waiting for
/// an approval that expires after `approval_ttl`. An identical pending
/// proposal in the same session is returned instead of a new one.
pub async fn propose(
    store: &Store,
    new: &Request,
    classified: Classified,
    decision: &Admission,
    now: OffsetDateTime,
    approval_ttl: Duration,
) -> Result<Proposed, StoreError> {
    let risk_class = classified.class;
    let mut tx = store.begin().await?;
    let id = Uuid::now_v7();
    let status = match decision {
        Admission::RunNow { .. } => ExecutionStatus::Approved,
        Admission::NeedsApproval | Admission::NeedsTypedConfirmation { .. } => {
            ExecutionStatus::PendingApproval
        }
    };
    if !insert_execution(&mut tx, id, new, classified, status, now).await? {
        let execution = queued_twin(&mut tx, new).await?;
        let approval = approval_of_execution(&mut tx, execution.id).await?;
        tx.commit().await?;
        return Ok(Proposed::AlreadyQueued {
            execution,
            approval,
        });
    }
    let audited = |action, actor, via| audit::Entry {
        at: now,
        actor,
        via,
        action,
        execution_id: Some(id),
        approval_id: None,
        risk_class: Some(risk_class),
        detail: json!({ "target": new.target, "command": new.command, "purpose": new.purpose }),
    };
    audit::record(
        &mut tx,
        &audited(Action::Proposed, &new.requested_by, Via::System),
    )
    .await?;
    let outcome = match decision {
        Admission::RunNow { via } => {
            audit::record(&mut tx, &audited(Action::Approved, NOMOS_ACTOR, *via)).await?;
            Proposed::RunNow {
                execution: execution_in(&mut tx, id).await?,
                via: *via,
            }
        }
        Admission::NeedsApproval => {
            let approval =
                insert_approval(&mut tx, id, risk_class, None, now, approval_ttl).await?;
            Proposed::Awaiting {
                execution: execution_in(&mut tx, id).await?,
                approval,
            }
        }
        Admission::NeedsTypedConfirmation { phrase } => {
            let approval =
                insert_approval(&mut tx, id, risk_class, Some(phrase), now, approval_ttl).await?;
            Proposed::Awaiting {
                execution: execution_in(&mut tx, id).await?,
                approval,
            }
        }
    };
    tx.commit().await?;
    Ok(outcome)
}

/// Inserts the execution row; `false` when the same command on the same
/// target already waits in the session (the insert did nothing).
async fn insert_execution(
    tx: &mut Tx,
    id: Uuid,
    new: &Request,
    classified: Classified,
    status: ExecutionStatus,
    now: OffsetDateTime,
) -> Result<bool, StoreError> {
    let params = execution_row::params_of(&new.work, new.window.as_ref())?;
    let inserted = on_tx!(tx, |conn| {
        sqlx::query(
        "INSERT INTO executions (id, session_id, kind, target, command, purpose, params, risk_class, \
         declared_risk, status, requested_by, created_at, updated_at, turn_id, network) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14) \
         ON CONFLICT (session_id, target, command) WHERE status = 'pending_approval' DO NOTHING",
    )
    .bind(id)
    .bind(new.session_id)
    .bind(new.kind())
    .bind(&new.target)
    .bind(&new.command)
    .bind(&new.purpose)
    .bind(Json(&params))
    .bind(classified.class)
    .bind(new.declared_risk)
    .bind(status)
    .bind(&new.requested_by)
    .bind(now)
    .bind(new.turn_id)
    .bind(classified.network)
    .execute(&mut *conn)
    .await?
    .rows_affected()
    });
    Ok(inserted > 0)
}

/// The identical proposal already waiting in the session.
async fn queued_twin(tx: &mut Tx, new: &Request) -> Result<Execution, StoreError> {
    let sql = format!(
        "SELECT {EXECUTION_COLUMNS} FROM executions WHERE session_id = $1 AND target = $2 \
         AND command = $3 AND status = 'pending_approval'"
    );
    let row = on_tx!(tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(new.session_id)
    .bind(&new.target)
    .bind(&new.command)
    .fetch_one(&mut *conn)
    .await?);
    Execution::try_from(row)
}

/// Inserts the pending approval of execution `id`.
async fn insert_approval(
    tx: &mut Tx,
    execution_id: Uuid,
    risk_class: RiskClass,
    phrase: Option<&str>,
    now: OffsetDateTime,
    ttl: Duration,
) -> Result<Approval, StoreError> {
    let approval_id = Uuid::now_v7();
    on_tx!(tx, |conn| {
        sqlx::query(
        "INSERT INTO approvals (id, execution_id, risk_class, status, confirmation_phrase, requested_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(approval_id)
    .bind(execution_id)
    .bind(risk_class)
    .bind(ApprovalStatus::Pending)
    .bind(phrase)
    .bind(now)
    .bind(now + ttl)
    .execute(&mut *conn)
    .await?
    .rows_affected()
    });
    approval_in(tx, approval_id)
        .await?
        .ok_or_else(|| StoreError::Invalid("approval vanished".into()))
}

/// Decides a pending approval, exactly once. The first caller to run the
/// conditional UPDATE wins; every other concurrent or later call gets
/// [`Answered::Lost`] with the approval as it stands. Destructive work can
/// only be approved `via` a typed confirmation (denying is always allowed).
/// An approval opens the windows of `plan`.
pub async fn answer(
    store: &Store,
    answering: &Answering<'_>,
    plan: &WindowPlan,
) -> Result<Answered, StoreError> {
    // An approval that starts its run commits without waiting for the
    // disk, so that its "running" edit leaves at once; its run starts only
    // after [`record_start`]'s commit, which waits for the disk and carries
    // this one with it. A power cut in between loses the decision, and
    // nothing has run. Every other answer waits for the disk here.
    let starts = answering.starts && answering.answer == Answer::Approve;
    let survives = if starts {
        Survives::Crash
    } else {
        Survives::PowerLoss
    };
    let mut tx = store.begin_for(survives).await?;
    if let (Some(event), Some(room)) = (answering.event, answering.claimed_in)
        && !super::matrix::claim_inbound_in(&mut tx, event, room, answering.now).await?
    {
        tx.commit().await?; // nothing was written
        return Ok(Answered::Repeated);
    }
    let Some(approval) = record_answer(&mut tx, answering).await? else {
        // Someone else's answer (or none pending): as it stands.
        let found = approval_in(&mut tx, answering.approval_id).await?;
        tx.commit().await?;
        return Ok(found.map_or(Answered::NotFound, Answered::Lost));
    };
    let (status, action) = match answering.answer {
        Answer::Approve => (ExecutionStatus::Approved, Action::Approved),
        Answer::Deny => (ExecutionStatus::Denied, Action::Denied),
    };
    // Approved work that starts now goes from waiting to running in one
    // statement (a statement less on the ✅'s way): its claim.
    let moved = if starts {
        start_waiting_execution(&mut tx, approval.execution_id, answering.now).await?
    } else {
        move_waiting_execution(&mut tx, approval.execution_id, status, answering.now).await?
    };
    let claimed_with_move = starts && moved.is_some();
    let execution = match moved {
        Some(execution) => execution,
        None => execution_in(&mut tx, approval.execution_id).await?,
    };
    let entry = audit::Entry {
        at: answering.now,
        actor: answering.actor,
        via: answering.via,
        action,
        execution_id: Some(execution.id),
        approval_id: Some(approval.id),
        risk_class: Some(approval.risk()),
        detail: json!({ "target": execution.target, "command": execution.command }),
    };
    audit::record(&mut tx, &entry).await?;
    let (execution, claimed) = if claimed_with_move {
        (execution, true)
    } else if starts {
        // Approved already (not by this answer): claimed as the runner
        // would.
        match claim_row_in(&mut tx, execution.id, answering.now).await? {
            Some(running) => (running, true),
            None => (execution, false),
        }
    } else {
        (execution, false)
    };
    let opened = match answering.answer {
        Answer::Approve => open_windows(&mut tx, answering, &approval, &execution, plan).await?,
        Answer::Deny => Vec::new(),
    };
    tx.commit().await?;
    tracing::debug!(approval = %approval.id, "the answer committed");
    Ok(Answered::Won {
        approval,
        execution: Box::new(execution),
        windows: opened,
        claimed,
    })
}

/// The conditional UPDATE that decides an approval: the decided approval
/// for the one caller that moved it out of `pending`, `None` for any other.
async fn record_answer(
    tx: &mut Tx,
    answering: &Answering<'_>,
) -> Result<Option<Approval>, StoreError> {
    let status = match answering.answer {
        Answer::Approve => ApprovalStatus::Approved,
        Answer::Deny => ApprovalStatus::Denied,
    };
    let sql = format!(
        "UPDATE approvals SET status = $2, decided_at = $3, decided_by = $4, decided_via = $5, decided_event = $6 \
         WHERE id = $1 AND status = 'pending' AND expires_at > $3 \
         AND ($2 = 'denied' OR risk_class <> 'destructive' OR $5 = 'typed') \
         AND ($2 = 'denied' OR $6 IS NULL OR NOT EXISTS \
              (SELECT 1 FROM redactions r WHERE r.event_id = $6 AND r.redacted_by = $4)) \
         RETURNING {APPROVAL_COLUMNS}"
    );
    on_tx!(tx, |conn| Ok(sqlx::query_as::<_, Approval>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(answering.approval_id)
    .bind(status)
    .bind(answering.now)
    .bind(answering.actor)
    .bind(answering.via)
    .bind(answering.event)
    .fetch_optional(&mut *conn)
    .await?))
}

/// Moves a waiting execution to `status` (the approval's answer); the row
/// as it now is, `None` when it was no longer waiting.
async fn move_waiting_execution(
    tx: &mut Tx,
    id: Uuid,
    status: ExecutionStatus,
    now: OffsetDateTime,
) -> Result<Option<Execution>, StoreError> {
    debug_assert!(ExecutionStatus::PendingApproval.may_become(status));
    let sql = format!(
        "UPDATE executions SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'pending_approval' \
         RETURNING {EXECUTION_COLUMNS}"
    );
    let row = on_tx!(tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(id)
    .bind(status)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?);
    row.map(Execution::try_from).transpose()
}

/// An approved execution claimed in the approval's own commit: from
/// waiting straight to running (`approved` is never stored for it; its
/// audit says it was approved, then started), `None` when it was not
/// waiting.
async fn start_waiting_execution(
    tx: &mut Tx,
    id: Uuid,
    now: OffsetDateTime,
) -> Result<Option<Execution>, StoreError> {
    debug_assert!(ExecutionStatus::PendingApproval.may_become(ExecutionStatus::Approved));
    debug_assert!(ExecutionStatus::Approved.may_become(ExecutionStatus::Running));
    let sql = format!(
        "UPDATE executions SET status = 'running', started_at = $2, updated_at = $2 \
         WHERE id = $1 AND status = 'pending_approval' RETURNING {EXECUTION_COLUMNS}"
    );
    let row = on_tx!(tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?);
    row.map(Execution::try_from).transpose()
}

/// Opens the windows an approval opens (see [`WindowPlan`]).
async fn open_windows(
    tx: &mut Tx,
    answering: &Answering<'_>,
    approval: &Approval,
    execution: &Execution,
    plan: &WindowPlan,
) -> Result<Vec<Window>, StoreError> {
    let Some(session_id) = execution.session_id else {
        return Ok(Vec::new());
    };
    let opening = |kind, scope, lasts| windows::Opening {
        session_id,
        kind,
        scope,
        approval_id: Some(approval.id),
        opened_by: answering.actor,
        via: answering.via,
        now: answering.now,
        lasts,
    };
    let mut opened = Vec::new();
    for target in &plan.assent_targets {
        let scope = Some(("", target.as_str()));
        opened.push(
            windows::open(
                tx,
                opening(WindowKind::Assent, scope, plan.durations.assent),
            )
            .await?,
        );
    }
    if approval.risk() == RiskClass::Destructive {
        for action in &plan.destructive_actions {
            let scope = Some((action.as_str(), execution.target.as_str()));
            opened.push(
                windows::open(
                    tx,
                    opening(WindowKind::Destructive, scope, plan.durations.destructive),
                )
                .await?,
            );
        }
    }
    Ok(opened)
}

/// What [`withdraw`] did.
#[derive(Debug, Clone)]
pub enum Withdrawn {
    /// The approval is pending again and its execution waits for a new
    /// decision; the windows it opened are closed.
    BackToPending {
        approval: Approval,
        execution: Box<Execution>,
    },
    /// The work had already started (or finished): nothing was undone.
    TooLate {
        approval: Approval,
        execution: Box<Execution>,
    },
}

/// Withdraws the approvals `event` gave in `room` (its ✅, phrase or
/// assent was redacted by `actor`, who gave them: someone else's redaction
/// withdraws nothing), each whose work has not started: one conditional
/// UPDATE against the executor's claim, so either the claim or the
/// withdrawal wins, never both. One event can have approved several cards
/// (assent); each is withdrawn on its own. The windows the decision opened
/// close either way.
pub async fn withdraw(
    store: &Store,
    room: &str,
    event: &str,
    actor: &str,
    now: OffsetDateTime,
) -> Result<Vec<Withdrawn>, StoreError> {
    let sql = format!(
        "SELECT {APPROVAL_COLUMNS} FROM approvals WHERE decided_event = $1 AND status = 'approved' \
         AND decided_by = $3 \
         AND execution_id IN (SELECT e.id FROM executions e JOIN sessions s ON s.id = e.session_id \
         WHERE s.room_id = $2) ORDER BY requested_at, id"
    );
    let found = on_pool!(store, |pool| sqlx::query_as::<_, Approval>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(event)
    .bind(room)
    .bind(actor)
    .fetch_all(pool)
    .await?);
    let mut outcomes = Vec::with_capacity(found.len());
    for approval in found {
        outcomes.push(withdraw_one(store, approval, event, actor, now).await?);
    }
    Ok(outcomes)
}

async fn withdraw_one(
    store: &Store,
    approval: Approval,
    event: &str,
    actor: &str,
    now: OffsetDateTime,
) -> Result<Withdrawn, StoreError> {
    let mut tx = store.begin().await?;
    let moved = on_tx!(&mut tx, |conn| {
        sqlx::query(
        "UPDATE executions SET status = 'pending_approval', updated_at = $2 WHERE id = $1 AND status = 'approved'",
    )
    .bind(approval.execution_id)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected()
    });
    if moved == 0 {
        windows::close_opened_by(&mut tx, approval.id, now).await?;
        let execution = execution_in(&mut tx, approval.execution_id).await?;
        tx.commit().await?;
        return Ok(Withdrawn::TooLate {
            approval,
            execution: Box::new(execution),
        });
    }
    on_tx!(&mut tx, |conn| {
        sqlx::query(
        "UPDATE approvals SET status = 'pending', decided_at = NULL, decided_by = NULL, decided_via = NULL, \
         decided_event = NULL WHERE id = $1",
    )
    .bind(approval.id)
    .execute(&mut *conn)
    .await
    .map(|_| ())?
    });
    let closed = windows::close_opened_by(&mut tx, approval.id, now).await?;
    audit::record(
        &mut tx,
        &audit::Entry {
            at: now,
            actor,
            via: Via::Reaction,
            action: Action::Withdrawn,
            execution_id: Some(approval.execution_id),
            approval_id: Some(approval.id),
            risk_class: Some(approval.risk()),
            detail: json!({ "event": event, "windows_closed": closed }),
        },
    )
    .await?;
    let approval = approval_in(&mut tx, approval.id)
        .await?
        .ok_or_else(|| StoreError::Invalid("approval vanished".into()))?;
    let execution = execution_in(&mut tx, approval.execution_id).await?;
    tx.commit().await?;
    Ok(Withdrawn::BackToPending {
        approval,
        execution: Box::new(execution),
    })
}

/// Expires every pending approval whose deadline has passed (deny by
/// timeout), moving its execution to `expired`. Returns what expired.
pub async fn expire_due(store: &Store, now: OffsetDateTime) -> Result<Vec<Approval>, StoreError> {
    let mut tx = store.begin().await?;
    let expired: Vec<Approval> = {
        let sql = format!(
            "UPDATE approvals SET status = 'expired', decided_at = $1, decided_by = 'nomos', decided_via = 'expiry' \
             WHERE status = 'pending' AND expires_at <= $1 RETURNING {APPROVAL_COLUMNS}"
        );
        on_tx!(&mut tx, |conn| sqlx::query_as::<_, Approval>(
            sqlx::AssertSqlSafe(sql)
        )
        .bind(now)
        .fetch_all(&mut *conn)
        .await?)
    };
    for approval in &expired {
        on_tx!(&mut tx, |conn| {
            sqlx::query(
            "UPDATE executions SET status = 'expired', updated_at = $2 WHERE id = $1 AND status = 'pending_approval'"
        )
        .bind(approval.execution_id)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        });
        audit::record(
            &mut tx,
            &audit::Entry {
                at: now,
                actor: NOMOS_ACTOR,
                via: Via::Expiry,
                action: Action::Expired,
                execution_id: Some(approval.execution_id),
                approval_id: Some(approval.id),
                risk_class: Some(approval.risk()),
                detail: json!({ "expires_at": approval.expires_at.unix_timestamp() }),
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(expired)
}

impl Store {
    pub async fn get_execution(&self, id: Uuid) -> Result<Option<Execution>, StoreError> {
        let sql = format!("SELECT {EXECUTION_COLUMNS} FROM executions WHERE id = $1");
        let row = on_pool!(self, |pool| sqlx::query_as::<_, ExecutionRow>(
            sqlx::AssertSqlSafe(sql.clone())
        )
        .bind(id)
        .fetch_optional(pool)
        .await?);
        row.map(Execution::try_from).transpose()
    }

    /// The approval an execution waited for, if it needed one.
    pub async fn approval_for_execution(
        &self,
        execution: Uuid,
    ) -> Result<Option<Approval>, StoreError> {
        let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE execution_id = $1");
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, Approval>(
            sqlx::AssertSqlSafe(sql)
        )
        .bind(execution)
        .fetch_optional(pool)
        .await?))
    }

    /// [`Store::approval_for_execution`] of the execution whose card is
    /// `event` in `room` (as [`Store::card_in_room`] finds it), in one
    /// statement: read beside the card itself on a ✅'s way.
    pub async fn approval_for_card(
        &self,
        room: &str,
        event: &str,
    ) -> Result<Option<Approval>, StoreError> {
        let sql = format!(
            "SELECT {APPROVAL_COLUMNS} FROM approvals WHERE execution_id = ({CARD_EXECUTION})"
        );
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, Approval>(
            sqlx::AssertSqlSafe(sql)
        )
        .bind(event)
        .bind(room)
        .fetch_optional(pool)
        .await?))
    }

    /// [`Store::get_execution`] of the execution whose card is `event` in
    /// `room`, in one statement (see [`Store::approval_for_card`]).
    pub async fn execution_for_card(
        &self,
        room: &str,
        event: &str,
    ) -> Result<Option<Execution>, StoreError> {
        let sql =
            format!("SELECT {EXECUTION_COLUMNS} FROM executions WHERE id = ({CARD_EXECUTION})");
        let row = on_pool!(self, |pool| sqlx::query_as::<_, ExecutionRow>(
            sqlx::AssertSqlSafe(sql.clone())
        )
        .bind(event)
        .bind(room)
        .fetch_optional(pool)
        .await?);
        row.map(Execution::try_from).transpose()
    }

    pub async fn get_approval(&self, id: Uuid) -> Result<Option<Approval>, StoreError> {
        let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = $1");
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, Approval>(
            sqlx::AssertSqlSafe(sql.clone())
        )
        .bind(id)
        .fetch_optional(pool)
        .await?))
    }
}

/// Records in a running execution's params that snapshot `name` was taken
/// before its work (`Execution::snapshot_name` reads it), so a crash during the
/// work still leaves it to `!undo`.
pub async fn record_snapshot(store: &Store, id: Uuid, name: &str) -> Result<(), StoreError> {
    let Some(execution) = store.get_execution(id).await? else {
        return Ok(());
    };
    let params = execution_row::params_of(&execution.work, execution.window.as_ref())?;
    let params = execution_row::with_snapshot_taken(params, name);
    on_pool!(store, |pool| {
        sqlx::query("UPDATE executions SET params = $2 WHERE id = $1 AND status = 'running'")
            .bind(id)
            .bind(Json(&params))
            .execute(pool)
            .await?
            .rows_affected()
    });
    Ok(())
}

/// The end of a run, as the executor reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Finish {
    /// `completed`, `failed`, `timed_out` or `cancelled`.
    pub status: ExecutionStatus,
    pub exit_code: Option<i64>,
    pub output_tail: Option<String>,
    pub truncated: bool,
    /// The full report.
    pub result: Report,
}

/// Moves an approved execution to `running`. Returns it only to the one
/// caller that made the move: a second claim (a duplicate event, a second
/// worker, a restart) gets `None`, so nothing runs twice.
pub async fn claim(
    store: &Store,
    id: Uuid,
    now: OffsetDateTime,
) -> Result<Option<Execution>, StoreError> {
    let mut tx = store.begin().await?;
    let claimed = claim_in(&mut tx, id, now).await?;
    tx.commit().await?;
    Ok(claimed)
}

/// [`claim`] inside a caller's transaction.
async fn claim_in(
    tx: &mut Tx,
    id: Uuid,
    now: OffsetDateTime,
) -> Result<Option<Execution>, StoreError> {
    let Some(execution) = claim_row_in(tx, id, now).await? else {
        return Ok(None);
    };
    record_start_in(tx, &execution, now).await?;
    Ok(Some(execution))
}

/// Records that a run its approval claimed ([`Answering::starts`]) starts
/// now: the commit that waits for the disk before its command may start.
pub async fn record_start(
    store: &Store,
    execution: &Execution,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    let mut tx = store.begin().await?;
    record_start_in(&mut tx, execution, now).await?;
    tx.commit().await?;
    Ok(())
}

async fn record_start_in(
    tx: &mut Tx,
    execution: &Execution,
    now: OffsetDateTime,
) -> Result<(), StoreError> {
    audit::record(
        tx,
        &audit::Entry {
            at: now,
            actor: NOMOS_ACTOR,
            via: Via::System,
            action: Action::Started,
            execution_id: Some(execution.id),
            approval_id: None,
            risk_class: Some(execution.risk_class),
            detail: json!({ "target": execution.target }),
        },
    )
    .await
}

/// The move `approved` → `running` (the row, without its audit entry).
async fn claim_row_in(
    tx: &mut Tx,
    id: Uuid,
    now: OffsetDateTime,
) -> Result<Option<Execution>, StoreError> {
    let sql = format!(
        "UPDATE executions SET status = 'running', started_at = $2, updated_at = $2 \
         WHERE id = $1 AND status = 'approved' RETURNING {EXECUTION_COLUMNS}"
    );
    let claimed = on_tx!(&mut *tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?);
    claimed.map(Execution::try_from).transpose()
}

/// Records the end of a running execution (once: a second report of the
/// same run changes nothing and returns `false`).
pub async fn finish(
    store: &Store,
    id: Uuid,
    end: &Finish,
    now: OffsetDateTime,
) -> Result<bool, StoreError> {
    if !end.status.is_run_ending() {
        return Err(StoreError::Invalid(format!(
            "`{}` is not a finished state",
            end.status
        )));
    }
    let result = execution_row::result_of(&end.result)?;
    let mut tx = store.begin().await?;
    let done = on_tx!(&mut tx, |conn| {
        sqlx::query(
        "UPDATE executions SET status = $2, exit_code = $3, output_tail = $4, truncated = $5, result = $6, \
         finished_at = $7, updated_at = $7 WHERE id = $1 AND status = 'running'",
    )
    .bind(id)
    .bind(end.status)
    .bind(end.exit_code)
    .bind(&end.output_tail)
    .bind(end.truncated)
    .bind(Json(&result))
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected()
    });
    if done > 0 {
        audit::record(
            &mut tx,
            &audit::Entry {
                at: now,
                actor: NOMOS_ACTOR,
                via: Via::System,
                action: if end.status == ExecutionStatus::Cancelled {
                    Action::Cancelled
                } else {
                    Action::Finished
                },
                execution_id: Some(id),
                approval_id: None,
                risk_class: None,
                detail: json!({ "status": end.status, "exit_code": end.exit_code }),
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(done > 0)
}

/// Start-up reconciliation (and the end of a shutdown's grace period):
/// executions left `running`, and approved ones that never started, become
/// `interrupted` (nothing re-runs by itself). Returns them, for reporting.
pub async fn interrupt_running(
    store: &Store,
    now: OffsetDateTime,
) -> Result<Vec<Execution>, StoreError> {
    let mut tx = store.begin().await?;
    let sql = format!(
        "UPDATE executions SET status = 'interrupted', finished_at = $1, updated_at = $1 \
         WHERE status IN ('running', 'approved') RETURNING {EXECUTION_COLUMNS}"
    );
    let rows = on_tx!(&mut tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(now)
    .fetch_all(&mut *conn)
    .await?);
    let interrupted = execution_row::executions(rows);
    for execution in &interrupted {
        audit::record(
            &mut tx,
            &audit::Entry {
                at: now,
                actor: NOMOS_ACTOR,
                via: Via::System,
                action: Action::Interrupted,
                execution_id: Some(execution.id),
                approval_id: None,
                risk_class: Some(execution.risk_class),
                detail: json!({ "target": execution.target, "started_at": execution.started_at.map(|t| t.unix_timestamp()) }),
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(interrupted)
}

/// Executions by state, and approvals waiting for a decision (metrics).
pub async fn counts(store: &Store) -> Result<(Vec<(ExecutionStatus, i64)>, i64), StoreError> {
    let by_state = on_pool!(store, |pool| sqlx::query_as::<_, (ExecutionStatus, i64)>(
        "SELECT status, COUNT(*) FROM executions GROUP BY status ORDER BY status"
    )
    .fetch_all(pool)
    .await?);
    let pending = on_pool!(store, |pool| sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM approvals WHERE status = 'pending'"
    )
    .fetch_one(pool)
    .await?);
    Ok((by_state, pending))
}

fn terminal_list() -> String {
    ExecutionStatus::terminal()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Hands the session's finished results to the agent, each exactly once:
/// marks every terminal execution of `session` (or just `only`) that the
/// agent has not seen as continued, and returns those this call marked.
/// Two callers racing over the same result get it once between them.
pub async fn take_results(
    store: &Store,
    session: Uuid,
    only: Option<Uuid>,
    now: OffsetDateTime,
) -> Result<Vec<Execution>, StoreError> {
    let sql = format!(
        "UPDATE executions SET continued_at = $2 WHERE session_id = $1 AND continued_at IS NULL \
         AND status IN ({}) AND ($3 IS NULL OR id = $3) RETURNING {EXECUTION_COLUMNS}",
        terminal_list()
    );
    let mut tx = store.begin().await?;
    let rows = on_tx!(&mut tx, |conn| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(session)
    .bind(now)
    .bind(only)
    .fetch_all(&mut *conn)
    .await?);
    let mut taken = execution_row::executions(rows);
    tx.commit().await?;
    taken.sort_by_key(|e| (e.finished_at.unwrap_or(e.updated_at), e.id));
    Ok(taken)
}

/// Sessions with finished results of the agent's own proposals that it
/// has not seen (for the continuation worker's sweep after a restart).
pub async fn sessions_with_unseen_results(store: &Store) -> Result<Vec<Uuid>, StoreError> {
    let sql = format!(
        "SELECT DISTINCT session_id FROM executions WHERE continued_at IS NULL \
         AND session_id IS NOT NULL AND turn_id IS NOT NULL AND status IN ({})",
        terminal_list()
    );
    on_pool!(store, |pool| Ok(sqlx::query_scalar::<_, Uuid>(
        sqlx::AssertSqlSafe(sql)
    )
    .fetch_all(pool)
    .await?))
}

/// The session's pending approvals with their executions, oldest first;
/// with `turn`, only those that turn asked for.
pub async fn pending_approvals(
    store: &Store,
    session: Uuid,
    turn: Option<Uuid>,
) -> Result<Vec<(Execution, Approval)>, StoreError> {
    let sql = format!(
        "SELECT {APPROVAL_COLUMNS} FROM approvals WHERE status = 'pending' AND execution_id IN \
         (SELECT id FROM executions WHERE session_id = $1 AND ($2 IS NULL OR turn_id = $2)) \
         ORDER BY requested_at, id"
    );
    let approvals = on_pool!(store, |pool| sqlx::query_as::<_, Approval>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(session)
    .bind(turn)
    .fetch_all(pool)
    .await?);
    let mut pairs = Vec::with_capacity(approvals.len());
    for approval in approvals {
        if let Some(execution) = store.get_execution(approval.execution_id).await? {
            pairs.push((execution, approval));
        }
    }
    Ok(pairs)
}

/// The session's most recent executions, newest first.
pub async fn recent_in_session(
    store: &Store,
    session: Uuid,
    limit: i64,
) -> Result<Vec<Execution>, StoreError> {
    let sql = format!(
        "SELECT {EXECUTION_COLUMNS} FROM executions WHERE session_id = $1 \
         ORDER BY created_at DESC, id DESC LIMIT $2"
    );
    let rows = on_pool!(store, |pool| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(session)
    .bind(limit)
    .fetch_all(pool)
    .await?);
    Ok(execution_row::executions(rows))
}

/// An execution of the session by the short id its card shows (the end
/// of its UUID, at least 6 hex digits) or its full id.
pub async fn find_in_session(
    store: &Store,
    session: Uuid,
    id: &str,
) -> Result<Option<Execution>, StoreError> {
    let Some(wanted) = crate::domain::execution::id_suffix(id) else {
        return Ok(None);
    };
    let recent = recent_in_session(store, session, 1000).await?;
    Ok(recent
        .into_iter()
        .find(|e| e.id.simple().to_string().ends_with(&wanted)))
}

/// Records one target of the running fleet execution `fleet` as an
/// execution of its own, approved by the fleet's decision (its audit row
/// names the fleet), ready for the runner to claim. It has no session
/// and no card: the fleet's card shows it, and the fleet's result is what
/// the conversation hears.
pub async fn start_member(
    store: &Store,
    fleet: &Execution,
    member: &crate::domain::fleet::FleetMember,
    now: OffsetDateTime,
) -> Result<Execution, StoreError> {
    let id = Uuid::now_v7();
    let work = crate::domain::Work::Run {
        snapshot: member.snapshot.clone(),
        preview: None,
        action: None,
    };
    let params = execution_row::params_of(&work, None)?;
    let mut tx = store.begin().await?;
    let running = on_tx!(&mut tx, |conn| {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM executions WHERE id = $1 AND status = 'running'",
        )
        .bind(fleet.id)
        .fetch_one(&mut *conn)
        .await?
    });
    if running == 0 {
        return Err(StoreError::Invalid(format!(
            "fleet execution {} is not running",
            fleet.id
        )));
    }
    on_tx!(&mut tx, |conn| {
        sqlx::query(
            "INSERT INTO executions (id, session_id, kind, target, command, purpose, params, risk_class, \
             status, requested_by, created_at, updated_at, network, parent_id) \
             VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12)",
        )
        .bind(id)
        .bind(crate::domain::ExecutionKind::Run)
        .bind(&member.target)
        .bind(member.command.as_ref().unwrap_or(&fleet.command))
        .bind(&fleet.purpose)
        .bind(Json(&params))
        .bind(member.class)
        .bind(ExecutionStatus::Approved)
        .bind(&fleet.requested_by)
        .bind(now)
        .bind(member.network)
        .bind(fleet.id)
        .execute(&mut *conn)
        .await?
        .rows_affected()
    });
    audit::record(
        &mut tx,
        &audit::Entry {
            at: now,
            actor: NOMOS_ACTOR,
            via: Via::System,
            action: Action::Approved,
            execution_id: Some(id),
            approval_id: None,
            risk_class: Some(member.class),
            detail: json!({ "target": member.target, "fleet": fleet.id }),
        },
    )
    .await?;
    let execution = execution_in(&mut tx, id).await?;
    tx.commit().await?;
    Ok(execution)
}

/// Records a running fleet's report as it stands (so a crash leaves what
/// each target did).
pub async fn record_progress(store: &Store, id: Uuid, report: &Report) -> Result<(), StoreError> {
    let result = execution_row::result_of(report)?;
    on_pool!(store, |pool| {
        sqlx::query(
            "UPDATE executions SET result = $2, updated_at = $3 WHERE id = $1 AND status = 'running'",
        )
        .bind(id)
        .bind(Json(&result))
        .bind(OffsetDateTime::now_utc())
        .execute(pool)
        .await?
        .rows_affected()
    });
    Ok(())
}

/// The executions of fleet `fleet`'s targets, oldest first.
pub async fn members_of(store: &Store, fleet: Uuid) -> Result<Vec<Execution>, StoreError> {
    let sql = format!(
        "SELECT {EXECUTION_COLUMNS} FROM executions WHERE parent_id = $1 ORDER BY created_at, id"
    );
    let rows = on_pool!(store, |pool| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(fleet)
    .fetch_all(pool)
    .await?);
    Ok(execution_row::executions(rows))
}

/// One target's execution of a fleet of the session, by its short id.
pub async fn find_member_in_session(
    store: &Store,
    session: Uuid,
    id: &str,
) -> Result<Option<Execution>, StoreError> {
    let Some(wanted) = crate::domain::execution::id_suffix(id) else {
        return Ok(None);
    };
    let sql = format!(
        "SELECT {EXECUTION_COLUMNS} FROM executions WHERE parent_id IN \
         (SELECT id FROM executions WHERE session_id = $1) ORDER BY created_at DESC, id DESC LIMIT 5000"
    );
    let rows = on_pool!(store, |pool| sqlx::query_as::<_, ExecutionRow>(
        sqlx::AssertSqlSafe(sql)
    )
    .bind(session)
    .fetch_all(pool)
    .await?);
    Ok(execution_row::executions(rows)
        .into_iter()
        .find(|e| e.id.simple().to_string().ends_with(&wanted)))
}
