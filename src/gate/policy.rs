//! The gate's decision for a classified proposal, given the windows open
//! now: run at once (by policy or by a window), ask for an approval, or ask
//! for a typed confirmation. Pure: the caller loads the windows.

use serde::{Deserialize, Serialize};

use super::RiskClass;

/// How a decision was reached, as recorded in the audit log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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

impl Via {
    pub fn as_str(self) -> &'static str {
        match self {
            Via::Reaction => "reaction",
            Via::Assent => "assent",
            Via::Typed => "typed",
            Via::Command => "command",
            Via::Policy => "policy",
            Via::Window => "window",
            Via::Expiry => "expiry",
            Via::System => "system",
        }
    }
}

/// The windows open for the proposal's session right now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpenWindows {
    /// An assent window (config_mutation runs without asking).
    pub assent: bool,
    /// Targets with an open destructive window.
    pub destructive_targets: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Run at once; `via` is `Policy` (read-only) or `Window`.
    RunNow { via: Via },
    /// Wait for an approval (reaction, assent, `!approve`).
    NeedsApproval,
    /// Wait for this exact phrase from an approver.
    NeedsTypedConfirmation { phrase: String },
}

/// Decides what a proposal of `class` on `target` needs. `phrase` is the
/// confirmation phrase to ask for if it comes to that.
pub fn decide(
    class: RiskClass,
    target: &str,
    windows: &OpenWindows,
    phrase: impl FnOnce() -> String,
) -> Decision {
    match class {
        RiskClass::ReadOnly => Decision::RunNow { via: Via::Policy },
        RiskClass::ConfigMutation if windows.assent => Decision::RunNow { via: Via::Window },
        RiskClass::ConfigMutation => Decision::NeedsApproval,
        RiskClass::Destructive if windows.destructive_targets.iter().any(|t| t == target) => {
            Decision::RunNow { via: Via::Window }
        }
        RiskClass::Destructive => Decision::NeedsTypedConfirmation { phrase: phrase() },
    }
}

/// Whether an approval of this class can be given by a reaction, chat
/// assent or `!approve` (destructive work needs its phrase).
pub fn loose_approval_allowed(class: RiskClass) -> bool {
    class != RiskClass::Destructive
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phrase() -> String {
        "confirm destroy lxc:a".to_string()
    }

    #[test]
    fn read_only_runs_by_policy() {
        let d = decide(
            RiskClass::ReadOnly,
            "lxc:a",
            &OpenWindows::default(),
            phrase,
        );
        assert_eq!(d, Decision::RunNow { via: Via::Policy });
    }

    #[test]
    fn config_mutation_needs_approval_unless_assent_window() {
        let none = OpenWindows::default();
        assert_eq!(
            decide(RiskClass::ConfigMutation, "lxc:a", &none, phrase),
            Decision::NeedsApproval
        );
        let assent = OpenWindows {
            assent: true,
            ..OpenWindows::default()
        };
        assert_eq!(
            decide(RiskClass::ConfigMutation, "lxc:a", &assent, phrase),
            Decision::RunNow { via: Via::Window }
        );
        // A destructive window on the target does not cover config mutations
        // by itself (an approval opens an assent window alongside it).
        let destructive_only = OpenWindows {
            assent: false,
            destructive_targets: vec!["lxc:a".into()],
        };
        assert_eq!(
            decide(
                RiskClass::ConfigMutation,
                "lxc:a",
                &destructive_only,
                phrase
            ),
            Decision::NeedsApproval
        );
    }

    #[test]
    fn destructive_needs_phrase_unless_window_for_same_target() {
        let assent = OpenWindows {
            assent: true,
            destructive_targets: vec!["lxc:a".into()],
        };
        assert_eq!(
            decide(RiskClass::Destructive, "lxc:a", &assent, phrase),
            Decision::RunNow { via: Via::Window }
        );
        assert_eq!(
            decide(RiskClass::Destructive, "lxc:b", &assent, phrase),
            Decision::NeedsTypedConfirmation { phrase: phrase() }
        );
        assert!(!loose_approval_allowed(RiskClass::Destructive));
        assert!(loose_approval_allowed(RiskClass::ConfigMutation));
    }
}
