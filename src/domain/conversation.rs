//! Who said a message in a conversation, as the model's wire formats and
//! the `messages` table name it; which front end a conversation is held on;
//! and the name Nomos acts under.

use super::text::text_enum;

/// Messages name a role explicitly; the default (for a message built
/// field by field) is a person's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Role {
    /// Instructions and notes from Nomos itself.
    System,
    /// A person in the room.
    #[default]
    User,
    /// The model.
    Assistant,
    /// A tool's result, answering one of the assistant's calls.
    Tool,
}

text_enum!(Role, "message role", {
    System => "system",
    User => "user",
    Assistant => "assistant",
    Tool => "tool",
});

/// The front end a conversation is held on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SurfaceKind {
    /// A Matrix room.
    Matrix,
    /// `nomos chat` at a terminal.
    Console,
}

text_enum!(SurfaceKind, "surface", {
    Matrix => "matrix",
    Console => "console",
});

/// The actor Nomos itself is recorded as (proposals it approves by policy,
/// starts, finishes, restarts), beside people's Matrix ids.
pub const NOMOS_ACTOR: &str = "nomos";
