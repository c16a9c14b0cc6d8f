//! The risk gate: the only code that decides whether a command runs.
//!
//! - [`classify`]: what a shell command can do (read_only, config_mutation,
//!   destructive), parsed as a shell would, with a reason per segment.
//! - [`assent`]: whether a chat message is plain assent ("go ahead").
//! - [`phrase`]: the typed confirmation phrase for destructive work.
//! - [`policy`]: given a classified proposal and the open windows, run now,
//!   ask for approval, or ask for a typed confirmation.
//! - [`approvers`]: who may decide.
//!
//! - [`decisions`]: the [`Gate`] itself, the one way in: it classifies and
//!   records proposals, and checks deciders before recording decisions.
//!
//! Everything but [`decisions`] is a pure function of its inputs: no I/O,
//! no clock reads (callers pass `now`), so each rule has a unit test. The
//! state machine that records proposals and decisions lives in
//! `store::executions`; windows in `store::windows`.

pub mod approvers;
pub mod assent;
pub mod classify;
pub mod decisions;
pub mod phrase;
pub mod policy;

pub use decisions::{Gate, Outcome, Proposal, Refusal, Request, Timing};

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How much a command can change. Ordered: a class can be raised, never
/// lowered (`max` of two classes is the stricter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiskClass {
    /// Changes nothing: status, logs, listings. Runs at once.
    ReadOnly,
    /// Changes state, reversibly: install, restart, edit config.
    ConfigMutation,
    /// Loses data or availability: rm, mkfs, destroy, stop, reboot, purge.
    Destructive,
}

impl RiskClass {
    pub fn as_str(self) -> &'static str {
        match self {
            RiskClass::ReadOnly => "read_only",
            RiskClass::ConfigMutation => "config_mutation",
            RiskClass::Destructive => "destructive",
        }
    }
}

impl fmt::Display for RiskClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a risk class; use read_only, config_mutation or destructive")]
pub struct UnknownRiskClass(pub String);

impl clap::ValueEnum for RiskClass {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            RiskClass::ReadOnly,
            RiskClass::ConfigMutation,
            RiskClass::Destructive,
        ]
    }
    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.as_str()))
    }
}

impl FromStr for RiskClass {
    type Err = UnknownRiskClass;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "read_only" => Ok(RiskClass::ReadOnly),
            "config_mutation" => Ok(RiskClass::ConfigMutation),
            "destructive" => Ok(RiskClass::Destructive),
            other => Err(UnknownRiskClass(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_order_and_round_trip() {
        assert!(RiskClass::ReadOnly < RiskClass::ConfigMutation);
        assert!(RiskClass::ConfigMutation < RiskClass::Destructive);
        for class in [
            RiskClass::ReadOnly,
            RiskClass::ConfigMutation,
            RiskClass::Destructive,
        ] {
            assert_eq!(class.as_str().parse::<RiskClass>(), Ok(class));
            assert_eq!(
                serde_json::to_value(class).ok(),
                Some(serde_json::json!(class.as_str()))
            );
        }
        assert!("readonly".parse::<RiskClass>().is_err());
    }
}
