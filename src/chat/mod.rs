//! The transport-neutral conversation layer: what came in ([`Inbound`]),
//! what goes out ([`Outbound`]), the [`Surface`] a front end implements, and
//! the `!` commands that work without the LLM.
//!
//! The agent core talks to rooms only through these types, never through
//! `matrix_sdk`: Matrix is one surface, the console another, and tests use a
//! recording one.

pub mod card;
pub mod console;
pub mod file_view;
pub mod fleet_view;
pub mod parse;
pub mod recording;
pub mod render;
pub mod strings;
/// The visibility pass lives with the domain (the gate judges what a card
/// can show); the chat layer's cards and replies use it.
pub use crate::domain::visible;

use std::future::Future;
use std::pin::Pin;

pub use card::Card;

/// A message from a person, already vetted by the front end (an operator's
/// plain message in a room the bot is in).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Inbound {
    /// The room (session) it was said in.
    pub room: String,
    /// The full user ID of whoever said it.
    pub sender: String,
    /// The front end's id for the message, for replies.
    pub event_id: String,
    pub body: String,
    /// The executions whose typed confirmation this message may be: the
    /// cards in its thread or the card it replies to. `None` where the
    /// surface has no threads (the console): any card of the session.
    pub phrase_scope: Option<Vec<uuid::Uuid>>,
    /// The execution whose card the message replies to, if any: when a
    /// phrase fits several cards, only that one is decided.
    pub replied_card: Option<uuid::Uuid>,
    /// When it was said, by the homeserver's clock (`origin_server_ts`);
    /// `None` where the surface shows everything at once (the console).
    /// Assent approves only cards that were in the room by then.
    pub said_at: Option<time::OffsetDateTime>,
    /// Why the message may not decide anything (`[access]` asks more of a
    /// decision's event than it has); `None` where it may.
    pub untrusted: Option<crate::domain::deciders::Untrusted>,
}

/// How a message is meant: the agent's words, or a notice from the system
/// (status lines, errors, command answers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    /// The agent speaking: plans and outcomes.
    #[default]
    Text,
    /// Nomos itself: command answers, errors, reports.
    Notice,
}

/// A message for a room. `markdown` is rendered to HTML by the front end,
/// with the markdown itself as the plain-text body.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Outbound {
    pub markdown: String,
    /// Answer to this message (the front end shows it as a reply).
    pub in_reply_to: Option<String>,
    /// Post in the thread rooted at this message.
    pub thread: Option<String>,
    pub kind: Kind,
}

impl Outbound {
    pub fn reply(to: &Inbound, markdown: impl Into<String>) -> Self {
        Outbound {
            markdown: markdown.into(),
            in_reply_to: Some(to.event_id.clone()),
            ..Outbound::default()
        }
    }

    /// A notice from Nomos itself.
    pub fn notice(markdown: impl Into<String>) -> Self {
        Outbound {
            markdown: markdown.into(),
            kind: Kind::Notice,
            ..Outbound::default()
        }
    }

    /// The agent's words.
    pub fn text(markdown: impl Into<String>) -> Self {
        Outbound {
            markdown: markdown.into(),
            ..Outbound::default()
        }
    }
}

/// A sending failure on a surface.
#[derive(Debug, thiserror::Error)]
#[error("could not send to {room}: {reason}")]
pub struct SurfaceError {
    pub room: String,
    pub reason: String,
    /// Whether trying again later may succeed (the homeserver is down or
    /// busy) rather than never (it refused the message).
    pub transient: bool,
}

/// What a surface call returns: boxed so the trait can be shared as
/// `Arc<dyn Surface>` between the agent, the gate's front door and the
/// execution dispatcher.
pub type SurfaceFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, SurfaceError>> + Send + 'a>>;

/// Where conversations happen: a Matrix homeserver, a console, a test
/// recorder. Everything the agent and the gate need from a front end.
pub trait Surface: Send + Sync {
    /// Posts a message (a plan, an outcome, a notice); returns its id.
    fn send<'a>(&'a self, room: &'a str, message: Outbound) -> SurfaceFuture<'a, String>;

    /// Posts an execution's card, in the thread rooted at `thread` when
    /// given. A card that a reaction can decide invites one.
    fn post_card<'a>(
        &'a self,
        room: &'a str,
        thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()>;

    /// Shows a card's new state: a decision, running with its output tail,
    /// the final status. The surface finds its own message for the card.
    fn update_card<'a>(&'a self, room: &'a str, card: &'a Card) -> SurfaceFuture<'a, ()>;

    /// [`Surface::update_card`], returning once the room has the edit or
    /// `within` has passed (whichever first; the edit is still delivered
    /// later). A surface that shows an edit the moment it is made returns
    /// at once.
    fn show_card<'a>(
        &'a self,
        room: &'a str,
        card: &'a Card,
        within: std::time::Duration,
    ) -> SurfaceFuture<'a, ()> {
        let _ = within;
        self.update_card(room, card)
    }

    /// Attaches a long output as a file next to the execution's card.
    fn attach<'a>(
        &'a self,
        room: &'a str,
        card: &'a Card,
        name: String,
        bytes: Vec<u8>,
    ) -> SurfaceFuture<'a, ()>;

    /// Shows (or stops showing) that the agent is working.
    fn typing<'a>(&'a self, room: &'a str, on: bool) -> SurfaceFuture<'a, ()>;

    /// Whether the card of `execution` is in `room` for people to see (a
    /// decision by id answers only a card that was shown there). A surface
    /// that shows a card the moment it is posted says yes.
    fn card_shown<'a>(&'a self, _room: &'a str, _execution: uuid::Uuid) -> SurfaceFuture<'a, bool> {
        Box::pin(async { Ok(true) })
    }
}
