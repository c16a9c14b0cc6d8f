//! Nomos: an operations agent for a Proxmox homelab that lives in Matrix
//! rooms. See `DESIGN.md` in the shared folder for the architecture; each
//! module's own doc comment says what it owns.
#![recursion_limit = "256"]

pub mod agent;
pub mod app;
pub mod approvals;
pub mod chat;
pub mod config;
pub mod domain;
pub mod exec;
pub mod fetch;
pub mod gate;
pub mod health;
pub mod inventory;
mod layers;
pub mod logging;
pub mod matrix;
pub mod metrics;
pub mod outbox;
pub mod redact;
pub mod store;
