//! Every sentence the bot says to people, kept together so tone and wording
//! stay consistent and reviewable in one place, one module per feature:
//!
//! - [`commands`]: what the `!` commands answer, and replies to messages
//!   Nomos cannot take;
//! - [`turn`]: the agent's turns: notes handed to the model, and what the
//!   room hears when a turn cannot go on;
//! - [`approvals`]: phrases, four-eyes, assent, withdrawn approvals,
//!   interrupted work;
//! - [`audit`]: the audit trail as a room reads it;
//! - [`alerts`]: health changes in the ops room.
//!
//! Cards render their own lines (`chat::card`), next to the state they
//! show.

pub mod alerts;
pub mod approvals;
pub mod audit;
pub mod commands;
pub mod turn;
