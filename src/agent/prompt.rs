//! The system prompt and the fleet note. The prompt is the instructions
//! (SOUL.md) alone, the same bytes in every request of a conversation, so
//! a provider that caches a repeated prefix (DeepSeek, OpenAI, Anthropic)
//! bills it at a fraction. What changes (the time, the fleet's health) is
//! a system note placed after the replayed history, at the start of the
//! turn, so the model starts each turn from the live inventory and health
//! rather than from memory, without breaking the cached prefix.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// The system prompt: the instructions, and at the console what differs
/// from a room (the same bytes for every request on one front end).
pub fn system(soul: &str, surface: crate::domain::SurfaceKind) -> String {
    match surface {
        crate::domain::SurfaceKind::Matrix => soul.trim_end().to_string(),
        crate::domain::SurfaceKind::Console => format!("{}\n\n{CONSOLE}", soul.trim_end()),
    }
}

/// What the instructions say of rooms, as it is at the console.
const CONSOLE: &str = "## This conversation is at a terminal\n\n\
This conversation is `nomos chat` at a terminal, not a chat room: there are no reactions and \
no threads. The operator answers a card by typing `y` or `n` (or `y ID` for one card), and \
a destructive card by typing its phrase (followed by the card's id when several cards share \
it). Where these instructions speak of a ✅, a room or a thread, read the console's way.";

/// The note that opens a turn: the time and the fleet now.
pub fn fleet_now(snapshot: &str, now: OffsetDateTime) -> String {
    let now = now.replace_nanosecond(0).unwrap_or(now);
    format!(
        "## The fleet now\n\nAs of {}:\n{}",
        now.format(&Rfc3339).unwrap_or_default(),
        snapshot.trim_end()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_is_the_soul_and_the_fleet_is_a_note() {
        use crate::domain::SurfaceKind;
        let soul = "# Nomos\nBe careful.\n";
        let room = system(soul, SurfaceKind::Matrix);
        assert_eq!(room, "# Nomos\nBe careful.");
        assert!(!room.contains("As of"));
        let console = system(soul, SurfaceKind::Console);
        assert!(
            console.starts_with(&room) && console.contains("`y`"),
            "{console}"
        );
        let note = fleet_now("- host: host:strong\n", OffsetDateTime::UNIX_EPOCH);
        assert!(note.starts_with("## The fleet now"));
        assert!(note.contains("As of 1970-01-01T00:00:00Z:\n- host: host:strong"));
    }
}
