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

/// Decides what a reaction means: ✅ approves, and nothing else does (a
/// 👍, ✔ or ☑ is a casual "seen" or "nice" in a room, and an approval
/// opens a window); ❌ refuses, with its look-alikes (refusing runs
/// nothing); the bot's own reactions and any other emoji mean nothing.
pub fn reaction(facts: &ReactionFacts<'_>) -> ReactionAction {
    if facts.sender == facts.own_user {
        return ReactionAction::Ignore(Ignored::OwnEvent);
    }
    // Clients add or drop the emoji variation selector.
    let key: String = facts.key.chars().filter(|c| *c != '\u{fe0f}').collect();
    match key.as_str() {
        "✅" => ReactionAction::Decide(Answer::Approve),
        "❌" | "✖" | "👎" | "🚫" => ReactionAction::Decide(Answer::Deny),
        "↩" | "⎌" => ReactionAction::Undo,
        _ => ReactionAction::Ignore(Ignored::NotADecision),
    }
}

/// Where the sync stream stands: what the sync loop publishes after each
/// sync, and what an event handler reads while its batch is dispatched
/// (so the value of the sync before).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Batch {
    /// How many syncs have ended.
    pub number: u64,
    /// The last sync succeeded: the next batch continues a live stream.
    /// The first batch after a start, and the first after a failed sync,
    /// catch up on what happened meanwhile.
    pub live: bool,
}

/// How a decision reached the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// In a live batch that was dispatched in full, moments after it was
    /// sent: a redaction of it in the same batch was recorded before the
    /// decision counts, and a later one withdraws what has not started.
    Live,
    /// Anything else (a catch-up batch, a batch cut short by an error, a
    /// stall or a shutdown, a late event, a redaction that could not be
    /// recorded): its redaction may not have been seen, so the homeserver
    /// is asked whether it still stands before it counts.
    CatchUp,
}

/// What is known of a decision's delivery once its batch has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delivery {
    /// The stream as the handler saw it (the sync before its batch).
    pub seen: Batch,
    /// The stream once the batch ended; `None` when it did not end in
    /// time.
    pub ended: Option<Batch>,
    /// How long before the handler ran the event was stamped (its
    /// `origin_server_ts`, the sending homeserver's clock); `None` when
    /// that stamp is ahead of this clock, which says nothing about
    /// lateness.
    pub age: Option<std::time::Duration>,
    /// Every redaction seen so far was recorded (none failed to be).
    pub redactions_recorded: bool,
}

/// An event handled this long after it was stamped is not live
/// (federation delay, a stalled sync), whatever its batch.
pub const LATE: std::time::Duration = std::time::Duration::from_secs(30);

/// How a decision arrived. Live only when its batch continued a live
/// stream and was dispatched in full by a sync that succeeded (the very
/// next one), so every redaction in it went through the redaction
/// handler; and when nothing says it is late or that a redaction was lost.
pub fn arrival(delivery: Delivery) -> Arrival {
    let Delivery {
        seen,
        ended,
        age,
        redactions_recorded,
    } = delivery;
    let in_full = ended.is_some_and(|end| end.live && end.number == seen.number.wrapping_add(1));
    let late = age.is_some_and(|age| age > LATE);
    if seen.live && in_full && !late && redactions_recorded {
        Arrival::Live
    } else {
        Arrival::CatchUp
    }
}

/// A sync answering faster than this did not wait for events.
pub const FAST_SYNC: std::time::Duration = std::time::Duration::from_millis(20);

/// The sync loop's count of quick answers running.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pace {
    /// Quick answers running, whatever they carried.
    pub quick: u32,
    /// Quick answers running that did not move the sync position.
    pub empty: u32,
}

/// After this many quick answers with nothing new, the loop pauses: the
/// homeserver is not long-polling.
pub const EMPTY_BEFORE_PAUSE: u32 = 2;
/// After this many quick answers of any kind, it pauses too: a steady
/// stream (or a server that ignores the timeout but moves the position)
/// gets at most this many syncs between pauses.
pub const QUICK_BEFORE_PAUSE: u32 = 8;

/// The pace after a sync that took `elapsed` and `moved` the position or
/// not, and whether to pause now (the counts start again after a pause).
/// Quick answers that carry events are a busy room, not a reason to pause
/// at once: a pause then delays the next ✅ by as much.
pub fn pace(before: Pace, elapsed: std::time::Duration, moved: bool) -> (Pace, bool) {
    if elapsed >= FAST_SYNC {
        return (Pace::default(), false);
    }
    let now = Pace {
        quick: before.quick.saturating_add(1),
        empty: if moved {
            0
        } else {
            before.empty.saturating_add(1)
        },
    };
    if now.empty >= EMPTY_BEFORE_PAUSE || now.quick >= QUICK_BEFORE_PAUSE {
        (Pace::default(), true)
    } else {
        (now, false)
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
    fn quick_empty_answers_pause_soon_and_busy_ones_late() {
        use std::time::Duration;
        let quick = Duration::from_millis(3);
        let waited = Duration::from_secs(30);
        // A busy room: quick answers with events pause only every
        // QUICK_BEFORE_PAUSE answers.
        let mut pace_now = Pace::default();
        let mut pauses = 0;
        for _ in 0..(QUICK_BEFORE_PAUSE * 3) {
            let (next, pause) = pace(pace_now, quick, true);
            pace_now = next;
            pauses += u32::from(pause);
        }
        assert_eq!(pauses, 3);
        // A homeserver answering at once with nothing: a pause after two.
        let (after_one, pause) = pace(Pace::default(), quick, false);
        assert!(!pause);
        let (_, pause) = pace(after_one, quick, false);
        assert!(pause);
        // A long poll that ended by its timeout starts the count again.
        assert_eq!(pace(after_one, waited, false), (Pace::default(), false));
        assert_eq!(pace(after_one, FAST_SYNC, true), (Pace::default(), false));
    }

    #[test]
    fn only_a_fresh_decision_in_a_whole_live_batch_skips_the_homeserver() {
        use std::time::Duration;
        let seen = Batch {
            number: 7,
            live: true,
        };
        let next = Batch {
            number: 8,
            live: true,
        };
        let live = Delivery {
            seen,
            ended: Some(next),
            age: Some(Duration::from_millis(40)),
            redactions_recorded: true,
        };
        assert_eq!(arrival(live), Arrival::Live);
        assert_eq!(arrival(Delivery { age: None, ..live }), Arrival::Live);
        assert_eq!(
            arrival(Delivery {
                age: Some(LATE),
                ..live
            }),
            Arrival::Live
        );
        let catch_up = |d: Delivery| assert_eq!(arrival(d), Arrival::CatchUp, "{d:?}");
        // Late.
        catch_up(Delivery {
            age: Some(LATE + Duration::from_millis(1)),
            ..live
        });
        // The first batch after a start, or after a failed sync.
        catch_up(Delivery {
            seen: Batch {
                number: 0,
                live: false,
            },
            ended: Some(Batch {
                number: 1,
                live: true,
            }),
            ..live
        });
        // Its own sync failed part-way (the rest of the batch may be lost).
        catch_up(Delivery {
            ended: Some(Batch {
                number: 8,
                live: false,
            }),
            ..live
        });
        // The batch never ended in time (a stall, a shutdown).
        catch_up(Delivery {
            ended: None,
            ..live
        });
        // More than one sync ended meanwhile: not known to be its own.
        catch_up(Delivery {
            ended: Some(Batch {
                number: 9,
                live: true,
            }),
            ..live
        });
        // A redaction could not be recorded.
        catch_up(Delivery {
            redactions_recorded: false,
            ..live
        });
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
            r("@op:hs", "✅\u{fe0f}"),
            ReactionAction::Decide(Answer::Approve)
        );
        for casual in ["👍", "✔", "✔\u{fe0f}", "☑", "☑\u{fe0f}", "👌", "🆗"] {
            assert_eq!(
                r("@op:hs", casual),
                ReactionAction::Ignore(Ignored::NotADecision),
                "{casual}"
            );
        }
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
