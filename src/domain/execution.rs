//! Executions and approvals: what kind of work, which state it is in, the
//! moves between states the store may make, and the route a decision took.
//!
//! ```text
//! pending_approval ─→ approved ─→ running ─→ completed | failed | timed_out | cancelled | interrupted
//!        └─→ denied | expired        └─→ interrupted (a restart)
//! approved ─→ pending_approval (its approval withdrawn before it started)
//! ```

use uuid::Uuid;

use super::text::text_enum;

/// The short id of an execution, as cards, commands and snapshot names
/// show it: the random end of the UUIDv7 (its start is a timestamp shared
/// by cards made together).
pub fn short_id(id: uuid::Uuid) -> String {
    let hex = id.simple().to_string();
    hex[hex.len() - 8..].to_string()
}

/// Whether `text` names execution `id`: its short id or a longer end of
/// its id (at least 6 hex digits; dashes, case, backticks and surrounding
/// space ignored), as cards, `!` commands and the console take it.
pub fn names_id(id: Uuid, text: &str) -> bool {
    id_suffix(text).is_some_and(|wanted| id.simple().to_string().ends_with(&wanted))
}

/// The end of an id `text` gives, normalised (see [`names_id`]); `None`
/// when it is not shaped like one.
pub fn id_suffix(text: &str) -> Option<String> {
    let wanted = text
        .trim()
        .trim_matches('`')
        .to_ascii_lowercase()
        .replace('-', "");
    (wanted.len() >= 6 && wanted.chars().all(|c| c.is_ascii_hexdigit())).then_some(wanted)
}

/// What an execution runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExecutionKind {
    /// A shell command on a target.
    Run,
    /// A new container, through the `pct_create` tool's own steps.
    PctCreate,
    /// A file written whole, edited or restored: checked against the hash
    /// it had when proposed and replaced atomically (`exec::file_edit`).
    WriteFile,
    /// One command for a set of targets, rolled out in batches: each
    /// target runs as an execution of its own under this one
    /// (`exec::fleet`).
    Fleet,
    /// A change to an operator's knowledge entry, written to Nomos's own
    /// store once approved (never through a window).
    Knowledge,
}

text_enum!(ExecutionKind, "execution kind", {
    Run => "run",
    PctCreate => "pct_create",
    WriteFile => "write_file",
    Fleet => "fleet",
    Knowledge => "knowledge",
});

/// Where an execution is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExecutionStatus {
    PendingApproval,
    Approved,
    Running,
    Completed,
    Failed,
    TimedOut,
    Cancelled,
    Interrupted,
    Denied,
    Expired,
}

text_enum!(ExecutionStatus, "execution status", {
    PendingApproval => "pending_approval",
    Approved => "approved",
    Running => "running",
    Completed => "completed",
    Failed => "failed",
    TimedOut => "timed_out",
    Cancelled => "cancelled",
    Interrupted => "interrupted",
    Denied => "denied",
    Expired => "expired",
});

impl ExecutionStatus {
    /// States it never leaves.
    pub fn is_terminal(self) -> bool {
        match self {
            ExecutionStatus::PendingApproval
            | ExecutionStatus::Approved
            | ExecutionStatus::Running => false,
            ExecutionStatus::Completed
            | ExecutionStatus::Failed
            | ExecutionStatus::TimedOut
            | ExecutionStatus::Cancelled
            | ExecutionStatus::Interrupted
            | ExecutionStatus::Denied
            | ExecutionStatus::Expired => true,
        }
    }

    /// How a run the executor reports can end (`interrupted` is the
    /// store's own ending for runs a restart found unfinished).
    pub fn is_run_ending(self) -> bool {
        matches!(
            self,
            ExecutionStatus::Completed
                | ExecutionStatus::Failed
                | ExecutionStatus::TimedOut
                | ExecutionStatus::Cancelled
        )
    }

    /// Every terminal state.
    pub fn terminal() -> impl Iterator<Item = ExecutionStatus> {
        ExecutionStatus::ALL
            .iter()
            .copied()
            .filter(|s| s.is_terminal())
    }

    /// Whether the state machine allows the move from `self` to `next`.
    pub fn may_become(self, next: ExecutionStatus) -> bool {
        use ExecutionStatus::*;
        match self {
            PendingApproval => matches!(next, Approved | Denied | Expired),
            Approved => matches!(next, Running | PendingApproval | Interrupted),
            Running => next.is_run_ending() || next == Interrupted,
            Completed | Failed | TimedOut | Cancelled | Interrupted | Denied | Expired => false,
        }
    }
}

/// How a run ended, as the executor reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RunStatus {
    Completed,
    Failed,
    TimedOut,
    Cancelled,
}

text_enum!(RunStatus, "run status", {
    Completed => "completed",
    Failed => "failed",
    TimedOut => "timed_out",
    Cancelled => "cancelled",
});

impl RunStatus {
    /// The execution state a run that ended so is recorded in.
    pub fn execution_status(self) -> ExecutionStatus {
        match self {
            RunStatus::Completed => ExecutionStatus::Completed,
            RunStatus::Failed => ExecutionStatus::Failed,
            RunStatus::TimedOut => ExecutionStatus::TimedOut,
            RunStatus::Cancelled => ExecutionStatus::Cancelled,
        }
    }
}

/// Where an approval is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ApprovalStatus {
    Pending,
    Approved,
    Denied,
    Expired,
}

text_enum!(ApprovalStatus, "approval status", {
    Pending => "pending",
    Approved => "approved",
    Denied => "denied",
    Expired => "expired",
});

/// How a decision was reached, as recorded in the audit log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Via {
    /// A ✅/❌ reaction on the card.
    Reaction,
    /// Plain chat assent ("go ahead").
    Assent,
    /// The typed confirmation phrase.
    Typed,
    /// A `!approve` / `!deny` command.
    Command,
    /// Read-only work, run by policy.
    Policy,
    /// An open assent or destructive window.
    Window,
    /// The approval timed out.
    Expiry,
    /// Nomos itself (proposals, starts, finishes, restarts).
    System,
}

text_enum!(Via, "decision route", {
    Reaction => "reaction",
    Assent => "assent",
    Typed => "typed",
    Command => "command",
    Policy => "policy",
    Window => "window",
    Expiry => "expiry",
    System => "system",
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_unknown_words_are_named() {
        for s in ExecutionStatus::ALL {
            assert_eq!(s.as_str().parse::<ExecutionStatus>(), Ok(*s));
        }
        for v in Via::ALL {
            assert_eq!(v.as_str().parse::<Via>(), Ok(*v));
        }
        let err = "runing".parse::<ExecutionStatus>().unwrap_err();
        assert_eq!(err.to_string(), "`runing` is not a known execution status");
    }

    #[test]
    fn the_state_machine_only_moves_forward() {
        use ExecutionStatus::*;
        assert!(PendingApproval.may_become(Approved));
        assert!(Approved.may_become(Running));
        assert!(Approved.may_become(PendingApproval));
        assert!(Running.may_become(Completed));
        assert!(Running.may_become(Interrupted));
        assert!(!PendingApproval.may_become(Running));
        assert!(!Running.may_become(Approved));
        for s in ExecutionStatus::terminal() {
            assert!(
                ExecutionStatus::ALL.iter().all(|n| !s.may_become(*n)),
                "{s}"
            );
        }
        assert_eq!(ExecutionStatus::terminal().count(), 7);
    }

    #[test]
    fn serde_uses_the_stored_words() {
        let json = serde_json::to_string(&ExecutionKind::PctCreate).unwrap();
        assert_eq!(json, "\"pct_create\"");
        let back: ExecutionKind = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ExecutionKind::PctCreate);
        assert!(serde_json::from_str::<Via>("\"telepathy\"").is_err());
    }
}
