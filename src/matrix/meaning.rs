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

/// Where the sync stream stood when a batch of events was dispatched.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Batch {
    /// How many batches had been dispatched before this one.
    pub number: u64,
    /// The sync before this batch succeeded: the batch continues a live
    /// stream. The first batch after a start, and the first after a failed
    /// sync, catch up on what happened meanwhile.
    pub live: bool,
}

/// How a decision reached the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// In a live batch, moments after it was sent: a redaction of it comes
    /// in the same batch (recorded before the decision counts) or later
    /// (it then withdraws what has not started).
    Live,
    /// In a catch-up batch, or long after it was sent: its redaction may
    /// sit in a batch not seen yet, so the homeserver is asked whether it
    /// still stands before it counts.
    CatchUp,
}

/// An event handled this long after the homeserver received it is not
/// live (federation delay, a stalled sync), whatever its batch.
pub const LATE: std::time::Duration = std::time::Duration::from_secs(30);

/// How an event arrived: from the batch it came in and its age (the
/// homeserver's receive time to now; `None` when that time is ahead of
/// the bot's clock, which says nothing about lateness).
pub fn arrival(batch: Batch, age: Option<std::time::Duration>) -> Arrival {
    match (batch.live, age) {
        (false, _) => Arrival::CatchUp,
        (true, Some(age)) if age > LATE => Arrival::CatchUp,
        (true, _) => Arrival::Live,
    }
}

/// A sync answering faster than this with nothing new did not wait for
/// events.
pub const FAST_SYNC: std::time::Duration = std::time::Duration::from_millis(20);

/// After this many such answers running, the sync loop pauses briefly
/// rather than hammer a homeserver that does not long-poll.
pub const SPINS_BEFORE_PAUSE: u32 = 2;

/// How many syncs running have answered at once with nothing new, after
/// one that took `elapsed` and `moved` the sync position or not. A fast
/// answer that carries events is the room being busy, never a reason to
/// pause: a pause then would delay the next ✅ by as much.
pub fn spins(before: u32, elapsed: std::time::Duration, moved: bool) -> u32 {
    if elapsed < FAST_SYNC && !moved {
        before.saturating_add(1)
    } else {
        0
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
    fn only_empty_instant_syncs_count_towards_a_pause() {
        use std::time::Duration;
        let quick = Duration::from_millis(3);
        let waited = Duration::from_secs(30);
        // A busy room: quick answers with events never pause.
        let mut n = 0;
        for _ in 0..10 {
            n = spins(n, quick, true);
        }
        assert_eq!(n, 0);
        // A homeserver answering at once with nothing: a pause after two.
        n = spins(0, quick, false);
        assert!(n < SPINS_BEFORE_PAUSE);
        n = spins(n, quick, false);
        assert!(n >= SPINS_BEFORE_PAUSE);
        // A long poll that ended by its timeout resets the count.
        assert_eq!(spins(n, waited, false), 0);
        assert_eq!(spins(n, FAST_SYNC, false), 0);
    }

    #[test]
    fn only_caught_up_or_late_decisions_ask_the_homeserver() {
        use std::time::Duration;
        let live = Batch {
            number: 7,
            live: true,
        };
        let first = Batch {
            number: 0,
            live: false,
        };
        let fresh = Some(Duration::from_millis(40));
        assert_eq!(arrival(live, fresh), Arrival::Live);
        assert_eq!(
            arrival(live, None),
            Arrival::Live,
            "a clock ahead says nothing"
        );
        assert_eq!(arrival(live, Some(LATE)), Arrival::Live);
        assert_eq!(
            arrival(live, Some(LATE + Duration::from_millis(1))),
            Arrival::CatchUp
        );
        assert_eq!(arrival(first, fresh), Arrival::CatchUp);
        assert_eq!(arrival(first, None), Arrival::CatchUp);
        // After a failed sync the next batch catches up, however fresh.
        let after_failure = Batch {
            number: 12,
            live: false,
        };
        assert_eq!(arrival(after_failure, fresh), Arrival::CatchUp);
    }

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
