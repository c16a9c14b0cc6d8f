//! The system prompt: the instructions (SOUL.md) and a compact snapshot of
//! the fleet as it is now, so the model starts each turn from the live
//! inventory and health rather than from memory.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// The system prompt for a turn.
pub fn system(soul: &str, snapshot: &str, now: OffsetDateTime) -> String {
    let now = now.replace_nanosecond(0).unwrap_or(now);
    format!(
        "{}\n\n## The fleet now\n\nAs of {}:\n{}",
        soul.trim_end(),
        now.format(&Rfc3339).unwrap_or_default(),
        snapshot.trim_end()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_is_the_soul_then_the_fleet() {
        let text = system(
            "# Nomos\nBe careful.\n",
            "- host: host:strong\n",
            OffsetDateTime::UNIX_EPOCH,
        );
        assert!(text.starts_with("# Nomos\nBe careful.\n\n## The fleet now"));
        assert!(text.contains("As of 1970-01-01T00:00:00Z:\n- host: host:strong"));
    }
}
