//! Windows and the policy's answer: what a window covers, which windows are
//! open for a session, and what a proposal needs given them. The gate
//! computes a [`Admission`]; the store records it and keeps the windows.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::execution::Via;
use super::text::text_enum;

/// What a window lets run without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WindowKind {
    /// Config mutations on one target.
    Assent,
    /// One destructive action on one target.
    Destructive,
}

text_enum!(WindowKind, "window kind", {
    Assent => "assent",
    Destructive => "destructive",
});

/// The windows open for the proposal's session right now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpenWindows {
    /// The targets open assent windows cover (config_mutation on them runs
    /// without asking): the targets of the approved cards, and the guests
    /// approved work created, never the whole conversation.
    pub assent: Vec<String>,
    /// Open destructive windows, each for one action on one target.
    pub destructive: Vec<ActionOn>,
}

impl OpenWindows {
    /// Whether an assent window covers changes on `target`.
    pub fn assent_covers(&self, target: &str) -> bool {
        self.assent.iter().any(|t| t == target.trim())
    }

    /// Whether any assent window is open (the agent then carries on with
    /// its plan when a result comes in).
    pub fn any_assent(&self) -> bool {
        !self.assent.is_empty()
    }
}

/// One destructive action on one target (`stop` on `lxc:web`): what a
/// typed phrase authorises, and what the window it opens covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionOn {
    pub action: String,
    pub target: String,
}

/// What a proposal needs before it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Admission {
    /// Run at once; `via` is `Policy` (read-only) or `Window`.
    RunNow { via: Via },
    /// Wait for an approval (reaction, assent, `!approve`).
    NeedsApproval,
    /// Wait for this exact phrase from an approver.
    NeedsTypedConfirmation { phrase: String },
}

/// The window a run went through, kept with the execution so its card and
/// the model's result say whose window let it run unasked and until when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowNote {
    pub kind: WindowKind,
    pub opened_by: String,
    #[serde(with = "time::serde::rfc3339")]
    pub opened_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    pub expires_at: OffsetDateTime,
}
