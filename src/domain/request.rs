//! What is asked to run ([`Request`]) and the record it becomes
//! ([`Execution`]): its work, where it runs, how it was judged, where it is
//! in its life and what it left.

use time::OffsetDateTime;
use uuid::Uuid;

use super::execution::{ExecutionKind, ExecutionStatus};
use super::windows::WindowNote;
use super::work::{Report, Work};
use nomos_classify::{NetworkUse, RiskClass};

/// Something to run, as the agent or a `!run` command asks for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub session_id: Option<Uuid>,
    pub target: String,
    pub command: String,
    pub purpose: String,
    pub work: Work,
    /// The window it runs through, when the gate lets one stand for the
    /// approval (set by the gate, never by the asker).
    pub window: Option<WindowNote>,
    /// The caller's own estimate; it can only raise the classified risk.
    pub declared_risk: Option<RiskClass>,
    pub requested_by: String,
    /// The agent turn that proposed it (`None` for `!run` and the CLI).
    pub turn_id: Option<Uuid>,
}

impl Request {
    pub fn kind(&self) -> ExecutionKind {
        self.work.kind()
    }
}

/// One execution: what it runs, where, how it was judged, where it is in
/// its life and what it left.
#[derive(Debug, Clone)]
pub struct Execution {
    pub id: Uuid,
    pub session_id: Option<Uuid>,
    pub target: String,
    pub command: String,
    pub purpose: String,
    pub work: Work,
    /// The window it ran through, if no one answered its own card.
    pub window: Option<WindowNote>,
    /// The snapshot taken before it, recorded the moment it was taken (so
    /// a crash during the work loses nothing).
    pub snapshot_taken: Option<String>,
    pub risk_class: RiskClass,
    pub declared_risk: Option<RiskClass>,
    /// What of the network its command uses (a confined run gets that).
    pub network: NetworkUse,
    pub status: ExecutionStatus,
    pub requested_by: String,
    pub exit_code: Option<i64>,
    pub output_tail: Option<String>,
    pub truncated: bool,
    pub result: Option<Report>,
    pub created_at: OffsetDateTime,
    pub started_at: Option<OffsetDateTime>,
    pub finished_at: Option<OffsetDateTime>,
    pub updated_at: OffsetDateTime,
    pub turn_id: Option<Uuid>,
    /// When its result was handed back to the agent (see `continuation`).
    pub continued_at: Option<OffsetDateTime>,
    /// The fleet execution it is one target of (its decision is the
    /// fleet's; it has no card or session of its own).
    pub parent_id: Option<Uuid>,
}

impl Execution {
    pub fn kind(&self) -> ExecutionKind {
        self.work.kind()
    }

    /// The snapshot taken before it: in its report once the work ended,
    /// else as recorded when it was taken.
    pub fn snapshot_name(&self) -> Option<&str> {
        self.result
            .as_ref()
            .and_then(Report::snapshot)
            .or(self.snapshot_taken.as_deref())
    }
}
