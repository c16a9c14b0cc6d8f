//! What approvals say beyond their cards: phrases, four-eyes, ambiguous
//! or late assent, withdrawn approvals, and work a restart interrupted.

/// A ✅ on destructive work.
pub fn needs_phrase(phrase: &str, destructive: bool, may_type: bool) -> String {
    let what = match destructive {
        true => "destructive work",
        false => "a change longer than its card shows (read the attached diff)",
    };
    match may_type {
        true => format!(
            "A reaction cannot approve {what}. To run it, type exactly `{phrase}` in this thread."
        ),
        false => format!(
            "A reaction cannot approve {what}. To run it, an operator types exactly `{phrase}` \
             in this thread (Nomos reads only operators' messages)."
        ),
    }
}

/// Four-eyes: the requester typed the phrase of their own destructive work.
pub fn four_eyes(phrase: &str) -> String {
    format!(
        "Four-eyes rule: destructive work needs its confirmation from another approver, not the \
         one who asked for it. Someone else must type `{phrase}`."
    )
}

/// A typed phrase that fits several waiting cards, replying to none.
pub fn phrase_ambiguous(short_ids: &[String]) -> String {
    let example = short_ids.first().map_or("ID", String::as_str);
    format!(
        "That phrase fits {} waiting cards ({}), so nothing runs. Reply to the card you mean \
         with the phrase, or type the phrase followed by the card's id (the phrase, a space, \
         `{example}`).",
        short_ids.len(),
        code_list(short_ids)
    )
}

/// Chat assent that found no card it could be about.
pub fn assent_found_no_card(short_ids: &[String]) -> String {
    format!(
        "Nothing was approved: the waiting card(s) {} came after your message or from a turn \
         that had not finished when you wrote it. React ✅ on the card you mean, or say so again.",
        code_list(short_ids)
    )
}

/// A redacted ✅ withdrew an approval before the work started.
pub fn approval_withdrawn(by: &str) -> String {
    format!("{by} withdrew the approval before it started: the card waits for a decision again.")
}

/// A redacted ✅ after the work had started.
pub fn withdrawn_too_late(short_id: &str) -> String {
    format!(
        "The ✅ on `{short_id}` was removed, but it had already started: nothing was undone. \
         Use `!cancel {short_id}` to stop it if it is still running."
    )
}

/// After a restart: what was running (or approved) when Nomos stopped.
/// Each entry is (short id, target, command).
pub fn interrupted_report(executions: &[(String, String, String)]) -> String {
    let mut text = String::from(
        "Nomos restarted. These executions were interrupted when it stopped; none of them was \
         run again:\n",
    );
    for (id, target, command) in executions {
        let command = crate::chat::card::one_line(command, 80);
        text.push_str(&format!("- `{id}` on `{target}`: `{command}`\n"));
    }
    text.push_str("Check their state on the target before running them again.");
    text
}

fn code_list(items: &[String]) -> String {
    items
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A sender over the per-sender limit (see `matrix::flood`).
pub fn flooded(sender: &str, burst: u32, per_second: u32) -> String {
    format!(
        "`{sender}`: too many reactions and messages at once (more than {burst} in a burst, \
         {per_second} a second after that). Nomos ignores yours until they slow down; \
         repeat anything that mattered."
    )
}

/// A decision from an event the access settings do not trust.
pub fn untrusted_decision(why: crate::domain::deciders::Untrusted) -> String {
    use crate::domain::deciders::{Device, Untrusted};
    let reason = match why {
        Untrusted::NotEncrypted => "it was not encrypted, and `[access]` takes decisions and \
             instructions from encrypted events only (`require_encrypted_decisions` or \
             `require_verified_devices`). Many clients send reactions unencrypted even in an \
             encrypted room: type it in an encrypted room instead (`go ahead`, the phrase, or \
             `!approve ID`)"
            .to_string(),
        Untrusted::Device(Device::NotTheSenders) => "it was encrypted by a session that does \
             not belong to its sender: a forgery"
            .to_string(),
        Untrusted::Device(device) => format!(
            "it came from a session {}, and `[access] require_verified_devices` is on: verify \
             that session from another one (or with the recovery key) and decide again",
            match device {
                Device::Unsigned => "its owner has not verified",
                Device::IdentityChanged => "whose owner's identity changed since it was verified",
                Device::NotTheSenders
                | Device::Unknown
                | Device::Verified
                | Device::SignedByOwner => "Nomos cannot link to its owner",
            }
        ),
    };
    format!("That decided nothing: {reason}.")
}
