//! The domain's vocabulary, as types: the states of executions and
//! approvals and their allowed transitions, risk classes, the route a
//! decision took (`Via`), conversation roles, health statuses, outbox
//! operations, and the typed attributes of hosts and containers.
//!
//! This is the leaf every other layer shares: it imports nothing of Nomos
//! but the classifier's [`RiskClass`]. `store` writes and reads these types
//! (each is stored as the text its CHECK constraint names), `gate` decides
//! with them, and neither imports the other (`src/layers.rs` fails on
//! such an import). Every enum is matched exhaustively: a new state or
//! class is a compile error wherever it must be handled, not a string that
//! falls through to a default.

mod text;
pub(crate) use text::text_enum;

pub mod action;
pub mod container;
pub mod conversation;
pub mod deciders;
pub mod execution;
pub mod file;
pub mod fleet;
pub mod health;
pub mod knowledge;
pub mod outbox;
pub mod preview;
pub mod request;
pub mod target;
pub mod visible;
pub mod windows;
pub mod work;

pub use action::{ActionRun, DeclaredAction};
pub use container::{Created, NewContainer};
pub use conversation::{NOMOS_ACTOR, Role, SurfaceKind, is_requester, join_requesters, requesters};
pub use execution::{
    ApprovalStatus, ExecutionKind, ExecutionStatus, RunStatus, Via, names_id, short_id,
};
pub use health::{CheckKind, HealthStatus};
pub use knowledge::{EntryText, KnowledgeAuthor, KnowledgeEdit, KnowledgeKind};
pub use nomos_classify::{NetworkUse, RiskClass, UnknownRiskClass};
pub use outbox::OutboxOp;
pub use request::{Execution, Request};
pub use target::{
    HostAttrs, LxcAttrs, NotATarget, SnapshotPlan, SnapshotPolicy, Target, Transport,
};
pub use text::UnknownWord;
pub use windows::{ActionOn, Admission, OpenWindows, WindowKind, WindowNote};
pub use work::{FileChanged, Report, RunReport, Work};
