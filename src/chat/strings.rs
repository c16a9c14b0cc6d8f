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

/// Told to the agent when an operator agrees and nothing is waiting.
pub fn carry_out_the_plan() -> &'static str {
    "The operator agreed with what you proposed, but no approval was pending. Carry out the plan you \
     just described now, by calling the tools; do not describe it again."
}

/// Told to the agent when it is woken by finished executions.
pub fn continue_after_results() -> &'static str {
    "You were woken because the executions above finished. Continue the plan with the next step, \
     or, if the work is done or you are blocked, say so plainly. Do not ask the operator to say \
     \"continue\"."
}

/// The start of the note that hands finished executions to the agent.
pub fn results_heading() -> &'static str {
    "Results since your last turn:"
}

/// Asked of the agent when its tool budget for the turn is spent.
pub fn report_now(iterations: usize) -> String {
    format!(
        "You have used all {iterations} tool calls of this turn. Do not call tools. Report to the \
         operator now: what you did, what state things are in, and what remains or blocks you."
    )
}

/// The message a plan's cards are threaded under when the agent gave no
/// plan text of its own.
pub fn plan_header(purpose: &str) -> String {
    let purpose = purpose.trim();
    if purpose.is_empty() {
        "**Plan**".to_string()
    } else {
        format!("**Plan:** {purpose}")
    }
}

/// Said when no model is configured.
pub fn no_model() -> String {
    "No language model is configured, so I cannot act on plain words. The `!` commands still \
     work: send `!help` for the list."
        .to_string()
}

/// Said when the model failed during a turn.
pub fn model_failed(error: &dyn std::fmt::Display) -> String {
    format!(
        "The language model is not answering, so I stopped here: {error}. Nothing more will run \
         from this turn. The `!` commands still work; send `!retry` to ask again."
    )
}

pub fn usage(usage: &str) -> String {
    format!("Usage: `{usage}`. Send `!help` for the list.")
}

/// A command that could not be carried out.
pub fn command_failed(error: &dyn std::fmt::Display) -> String {
    format!("That command failed: {error}")
}

/// The agent could not take a message.
pub fn agent_failed(error: &dyn std::fmt::Display) -> String {
    format!("I could not handle that: {error}. The `!` commands still work.")
}

/// A ✅ on destructive work.
pub fn needs_phrase(phrase: &str) -> String {
    format!(
        "A reaction cannot approve destructive work. To run it, type exactly `{phrase}` in this thread."
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

/// A message longer than the configured limit.
pub fn message_too_long(limit: usize) -> String {
    format!(
        "That message is longer than {limit} bytes, so I did not read it. Put long logs in a file \
         or a paste, and tell me what to look for."
    )
}

/// Four-eyes: the requester typed the phrase of their own destructive work.
pub fn four_eyes(phrase: &str) -> String {
    format!(
        "Four-eyes rule: destructive work needs its confirmation from another approver, not the \
         one who asked for it. Someone else must type `{phrase}`."
    )
}

/// `!retry` with nothing to retry.
pub fn nothing_to_retry() -> String {
    "There is no unanswered message to retry: my last turn in this room finished.".to_string()
}

/// Told to the agent on `!retry`.
pub fn retry_note() -> &'static str {
    "The model did not answer last time, so the operator asked to retry. Carry on with the \
     operator's last request from where it stopped."
}
