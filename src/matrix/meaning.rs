//! What a Matrix event means, read as a plain function over plain facts
//! (no client, no network), so every rule here has a unit test. The caller
//! gathers the facts from the event and acts on what it means.

use crate::chat::parse::{self, Command};
use crate::store::executions::Answer;

/// The facts about a room message that decide what to do with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageFacts<'a> {
    pub sender: &'a str,
    pub own_user: &'a str,
    pub sender_is_operator: bool,
    /// The `msgtype` (`m.text`, `m.notice`, `m.emote`, …).
    pub msgtype: &'a str,
    /// The event replaces another (an edit, `m.replace`).
    pub is_edit: bool,
    pub body: &'a str,
    /// Longer bodies are not read.
    pub max_bytes: usize,
}

/// Why a message is ignored (for debug logs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ignored {
    OwnEvent,
    Notice,
    Edit,
    NotText,
    NotOperator,
    /// A reaction that is neither ✅ nor ❌.
    NotADecision,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MessageAction {
    Ignore(Ignored),
    Command(Command),
    /// Plain words for the agent.
    Chat,
    /// An operator's message over the length limit: refused with a notice,
    /// never parsed or handed to the agent.
    TooLong,
}

/// Decides what to do with a room message. Only operators' plain text
/// messages do anything; notices, edits and the bot's own events never do.
pub fn message(facts: &MessageFacts<'_>) -> MessageAction {
    if facts.sender == facts.own_user {
        return MessageAction::Ignore(Ignored::OwnEvent);
    }
    if facts.msgtype == "m.notice" {
        return MessageAction::Ignore(Ignored::Notice);
    }
    if facts.is_edit {
        return MessageAction::Ignore(Ignored::Edit);
    }
    if facts.msgtype != "m.text" {
        return MessageAction::Ignore(Ignored::NotText);
    }
    if !facts.sender_is_operator {
        return MessageAction::Ignore(Ignored::NotOperator);
    }
    if facts.body.len() > facts.max_bytes {
        return MessageAction::TooLong;
    }
    match parse::parse(facts.body) {
        Some(command) => MessageAction::Command(command),
        None => MessageAction::Chat,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InviteAction {
    Join,
    /// Decline, so the invite does not linger or get re-examined on every
    /// start.
    Decline,
    /// Not an invite of ours (someone else in the room was invited).
    NotForUs,
}

/// Decides what to do with an invite: join only when an operator invited us.
pub fn invite(invitee: &str, own_user: &str, inviter_is_operator: bool) -> InviteAction {
    if invitee != own_user {
        InviteAction::NotForUs
    } else if inviter_is_operator {
        InviteAction::Join
    } else {
        InviteAction::Decline
    }
}

/// The facts about a reaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReactionFacts<'a> {
    pub sender: &'a str,
    pub own_user: &'a str,
    /// The reaction's key (an emoji).
    pub key: &'a str,
}

/// The reaction the bot offers under a card it can undo.
pub const UNDO_KEY: &str = "↩️";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReactionAction {
    Ignore(Ignored),
    /// A decision on whatever card it reacts to (the gate checks that the
    /// sender is an approver and the card takes reactions).
    Decide(Answer),
    /// ↩️ on a card: `!undo` of its execution, from an operator.
    Undo,
}

/// Decides what a reaction means: ✅ approves, ❌ refuses (with their
/// common look-alikes); the bot's own reactions and any other emoji mean
/// nothing.
pub fn reaction(facts: &ReactionFacts<'_>) -> ReactionAction {
    if facts.sender == facts.own_user {
        return ReactionAction::Ignore(Ignored::OwnEvent);
    }
    // Clients add or drop the emoji variation selector.
    let key: String = facts.key.chars().filter(|c| *c != '\u{fe0f}').collect();
    match key.as_str() {
        "✅" | "✔" | "☑" | "👍" => ReactionAction::Decide(Answer::Approve),
        "❌" | "✖" | "👎" | "🚫" => ReactionAction::Decide(Answer::Deny),
        "↩" | "⎌" => ReactionAction::Undo,
        _ => ReactionAction::Ignore(Ignored::NotADecision),
    }
}

/// Where a message sits, for typed confirmations: the thread it is in and
/// the event it replies to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Placement {
    pub thread_root: Option<String>,
    pub reply_to: Option<String>,
}

/// A reply's own words: clients that follow the older spec start a reply's
/// body with a fallback quote of the message it answers (`> <@a:hs> …`
/// lines, then an empty line). That quote is not what the person typed, so
/// a typed phrase or a `!command` is read without it. Only for replies.
pub fn without_reply_fallback(body: &str, is_reply: bool) -> &str {
    if !is_reply || !body.starts_with("> ") {
        return body;
    }
    let mut rest = body;
    while rest.starts_with('>') {
        match rest.find('\n') {
            Some(end) => rest = &rest[end + 1..],
            None => return "",
        }
    }
    rest.strip_prefix('\n').unwrap_or(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_undo_arrow_asks_for_an_undo() {
        let facts = |key| ReactionFacts {
            sender: "@op:hs",
            own_user: "@bot:hs",
            key,
        };
        assert_eq!(reaction(&facts("↩\u{fe0f}")), ReactionAction::Undo);
        assert_eq!(reaction(&facts("↩")), ReactionAction::Undo);
        assert_eq!(
            reaction(&ReactionFacts {
                sender: "@bot:hs",
                ..facts("↩")
            }),
            ReactionAction::Ignore(Ignored::OwnEvent)
        );
    }

    #[test]
    fn reactions() {
        let r = |sender, key| {
            reaction(&ReactionFacts {
                sender,
                own_user: "@nomos:hs",
                key,
            })
        };
        assert_eq!(r("@op:hs", "✅"), ReactionAction::Decide(Answer::Approve));
        assert_eq!(
            r("@op:hs", "✔\u{fe0f}"),
            ReactionAction::Decide(Answer::Approve)
        );
        assert_eq!(r("@op:hs", "❌"), ReactionAction::Decide(Answer::Deny));
        assert_eq!(
            r("@op:hs", "🎉"),
            ReactionAction::Ignore(Ignored::NotADecision)
        );
        assert_eq!(
            r("@nomos:hs", "✅"),
            ReactionAction::Ignore(Ignored::OwnEvent)
        );
    }

    fn facts(body: &str) -> MessageFacts<'_> {
        MessageFacts {
            sender: "@alice:hs",
            own_user: "@nomos:hs",
            sender_is_operator: true,
            msgtype: "m.text",
            is_edit: false,
            body,
            max_bytes: 64,
        }
    }

    #[test]
    fn an_operators_long_message_is_refused_unread() {
        let long = "x".repeat(65);
        assert_eq!(message(&facts(&long)), MessageAction::TooLong);
        let command = format!("!run host:a {}", "y".repeat(60));
        assert_eq!(message(&facts(&command)), MessageAction::TooLong);
        assert_eq!(message(&facts(&"x".repeat(64))), MessageAction::Chat);
        // A stranger's long message is ignored, not answered.
        let stranger = MessageFacts {
            sender_is_operator: false,
            ..facts(&long)
        };
        assert_eq!(
            message(&stranger),
            MessageAction::Ignore(Ignored::NotOperator)
        );
    }

    #[test]
    fn operator_command_and_chat() {
        assert_eq!(
            message(&facts("!help")),
            MessageAction::Command(Command::Help)
        );
        assert_eq!(message(&facts("deploy typetype")), MessageAction::Chat);
    }

    #[test]
    fn ignores_what_must_never_trigger() {
        let own = MessageFacts {
            sender: "@nomos:hs",
            ..facts("!help")
        };
        assert_eq!(message(&own), MessageAction::Ignore(Ignored::OwnEvent));
        let notice = MessageFacts {
            msgtype: "m.notice",
            ..facts("!help")
        };
        assert_eq!(message(&notice), MessageAction::Ignore(Ignored::Notice));
        let edit = MessageFacts {
            is_edit: true,
            ..facts("!help")
        };
        assert_eq!(message(&edit), MessageAction::Ignore(Ignored::Edit));
        let emote = MessageFacts {
            msgtype: "m.emote",
            ..facts("!help")
        };
        assert_eq!(message(&emote), MessageAction::Ignore(Ignored::NotText));
        let stranger = MessageFacts {
            sender: "@mallory:hs",
            sender_is_operator: false,
            ..facts("!help")
        };
        assert_eq!(
            message(&stranger),
            MessageAction::Ignore(Ignored::NotOperator)
        );
    }

    #[test]
    fn invites() {
        assert_eq!(invite("@nomos:hs", "@nomos:hs", true), InviteAction::Join);
        assert_eq!(
            invite("@nomos:hs", "@nomos:hs", false),
            InviteAction::Decline
        );
        assert_eq!(invite("@bob:hs", "@nomos:hs", true), InviteAction::NotForUs);
    }

    #[test]
    fn reply_fallbacks_are_not_the_message() {
        let quoted = "> <@nomos:hs> **destructive** `rm -f /x`\n> type `confirm rm host:here`\n\nconfirm rm host:here";
        assert_eq!(without_reply_fallback(quoted, true), "confirm rm host:here");
        // Not a reply: the text is what it is.
        assert_eq!(without_reply_fallback(quoted, false), quoted);
        assert_eq!(
            without_reply_fallback("confirm rm host:here", true),
            "confirm rm host:here"
        );
        // A reply whose own words start with a quote keep them after the fallback.
        assert_eq!(
            without_reply_fallback("> <@a:hs> hi\n\n> quoted\nmine", true),
            "> quoted\nmine"
        );
        assert_eq!(without_reply_fallback("> only a quote", true), "");
    }
}
