//! The transport-neutral conversation layer: what came in ([`Inbound`]),
//! what goes out ([`Outbound`]), the [`Surface`] a front end implements, and
//! the `!` commands that work without the LLM.
//!
//! The agent core talks to rooms only through these types, never through
//! `matrix_sdk`: Matrix is one surface, the console another, and tests use a
//! recording one.

pub mod commands;
pub mod render;
pub mod strings;

use std::future::Future;

/// A message from a person, already vetted by the front end (an operator's
/// plain message in a room the bot is in).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inbound {
    /// The room (session) it was said in.
    pub room: String,
    /// The full user ID of whoever said it.
    pub sender: String,
    /// The front end's id for the message, for replies.
    pub event_id: String,
    pub body: String,
}

/// A message for a room. `markdown` is rendered to HTML by the front end,
/// with the markdown itself as the plain-text body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outbound {
    pub markdown: String,
    /// Answer to this message (the front end shows it as a reply).
    pub in_reply_to: Option<String>,
}

impl Outbound {
    pub fn reply(to: &Inbound, markdown: impl Into<String>) -> Self {
        Outbound {
            markdown: markdown.into(),
            in_reply_to: Some(to.event_id.clone()),
        }
    }
}

/// A sending failure on a surface.
#[derive(Debug, thiserror::Error)]
#[error("could not send to {room}: {reason}")]
pub struct SurfaceError {
    pub room: String,
    pub reason: String,
}

/// Where conversations happen: a Matrix homeserver, a console, a test
/// recorder. Returns the id the surface gave the sent message.
pub trait Surface: Send + Sync {
    fn send(
        &self,
        room: &str,
        message: Outbound,
    ) -> impl Future<Output = Result<String, SurfaceError>> + Send;
}
