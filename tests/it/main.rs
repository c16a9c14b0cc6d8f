//! Integration tests, one binary so matrix-sdk is linked once. Services are
//! real and started by `scripts/test`: Synapse (NOMOS_TEST_HOMESERVER,
//! NOMOS_TEST_REGISTRATION_SECRET) and PostgreSQL (NOMOS_TEST_DATABASE_URL).
//! A missing service is a failure, never a skip.

// Test code: a failed expectation is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod agent;
mod approvals;
mod at_rest;
mod audit;
mod chaos;
mod cli;
mod demo;
mod deps;
mod exec;
mod fetch;
mod files;
mod fleet;
mod fuzz;
mod gate;
mod health;
mod knowledge;
mod lab;
mod llm;
mod log_hygiene;
mod matrix_agent;
mod matrix_fleet;
mod matrix_skeleton;
mod matrix_undo;
mod oracle;
mod providers;
mod pve_sim;
mod seed;
mod service;
mod store;
mod support;
mod undo;
