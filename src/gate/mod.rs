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
//! Everything here is a pure function of its inputs: no I/O, no clock
//! reads (callers pass `now`), so each rule has a unit test. The gate
//! neither reads nor imports the store: [`crate::approvals`] is the front
//! door that applies these rules to what the store holds, and the state
//! machine that records proposals and decisions lives in
//! `store::executions`; windows in `store::windows`.

pub mod approvers;
pub mod assent;
pub mod phrase;
pub mod policy;

/// The classifier lives in its own crate (`crates/classify`): it depends on
/// nothing of Nomos, so it builds, tests, fuzzes and benches alone.
pub use nomos_classify as classify;
