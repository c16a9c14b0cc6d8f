//! Every sentence the bot says to people, kept together so tone and wording
//! stay consistent and reviewable in one place.

/// The `!help` text. Lists only commands that work in this build.
pub fn help() -> String {
    let mut text = String::from(
        "**Nomos** runs operations on this homelab for its operators. \
         Tell me what you need in plain words; anything that changes a machine waits for your approval.\n\n\
         Commands that work without the agent:\n",
    );
    for (usage, what) in super::commands::USAGE {
        text.push_str(&format!("- `{usage}`: {what}\n"));
    }
    text
}

pub fn unknown_command(name: &str) -> String {
    format!("I don't know the command `!{name}`. Send `!help` for the list.")
}

pub fn agent_unavailable() -> String {
    "The agent is not connected in this build yet; only `!` commands work. Send `!help` for the list."
        .to_string()
}
