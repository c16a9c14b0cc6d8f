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

/// How several operators are recorded as the requesters of one proposal
/// (a continuation woken by the results of work several of them asked
/// for): their Matrix ids joined by this, which no Matrix id contains.
const REQUESTERS_SEPARATOR: &str = ", ";

/// The `requested_by` of a proposal asked for by `requesters` (in order,
/// each once).
pub fn join_requesters<'a>(requesters: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for r in requesters {
        if !seen.contains(&r) {
            seen.push(r);
        }
    }
    seen.join(REQUESTERS_SEPARATOR)
}

/// The requesters recorded in `requested_by`.
pub fn requesters(requested_by: &str) -> impl Iterator<Item = &str> {
    requested_by.split(REQUESTERS_SEPARATOR)
}

/// Whether `actor` is one of the requesters recorded in `requested_by`
/// (the four-eyes rule: none of them confirms the work).
pub fn is_requester(requested_by: &str, actor: &str) -> bool {
    requesters(requested_by).any(|r| r == actor)
}

#[cfg(test)]
mod requester_tests {
    use super::*;

    #[test]
    fn several_requesters_are_recorded_once_each_and_each_is_one() {
        let field = join_requesters(["@alice:lab", "@bob:lab", "@alice:lab"]);
        assert_eq!(field, "@alice:lab, @bob:lab");
        assert!(is_requester(&field, "@alice:lab") && is_requester(&field, "@bob:lab"));
        assert!(!is_requester(&field, "@carol:lab"));
        // A prefix or a joined pair is no requester.
        assert!(!is_requester(&field, "@alice"));
        assert!(!is_requester(&field, "@alice:lab, @bob:lab"));
        assert!(is_requester("@dave:lab", "@dave:lab"));
    }
}
