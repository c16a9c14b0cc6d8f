//! The system prompt and the fleet note. The prompt is the instructions
//! (SOUL.md) alone, the same bytes in every request of a conversation, so
//! a provider that caches a repeated prefix (DeepSeek, OpenAI, Anthropic)
//! bills it at a fraction. What changes (the time, the fleet's health) is
//! a system note placed after the replayed history, at the start of the
//! turn, so the model starts each turn from the live inventory and health
//! rather than from memory, without breaking the cached prefix.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// The system prompt: the instructions.
pub fn system(soul: &str) -> String {
    soul.trim_end().to_string()
}

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
        let soul = "# Nomos\nBe careful.\n";
        assert_eq!(system(soul), system(soul), "the same bytes every time");
        assert!(!system(soul).contains("As of"));
        let note = fleet_now("- host: host:strong\n", OffsetDateTime::UNIX_EPOCH);
        assert!(note.starts_with("## The fleet now"));
        assert!(note.contains("As of 1970-01-01T00:00:00Z:\n- host: host:strong"));
    }
}
