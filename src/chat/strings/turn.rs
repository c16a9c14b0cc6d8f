//! What the agent's turns say: the notes handed to the model (plan,
//! results, retry, budget) and what the room hears when a turn cannot go
//! on.

/// The room's notice of a knowledge entry the agent wrote: which, and
/// what changed (a diff, cut to its first lines), so a write that would
/// reach every later conversation never passes unseen.
pub fn knowledge_written(slug: &str, what: &str, title: &str, diff: &str) -> String {
    const LINES: usize = 30;
    let lines: Vec<&str> = diff.lines().collect();
    let mut shown = crate::chat::visible::visible(&lines[..lines.len().min(LINES)].join("\n"));
    if lines.len() > LINES {
        shown.push_str(&format!(
            "\n… {} more lines (`!kb {slug}`)",
            lines.len() - LINES
        ));
    }
    format!(
        "📝 The agent {what} the knowledge entry `{slug}` ({}):\n{}",
        crate::chat::visible::plain_line(title, 120),
        crate::chat::visible::fenced(&shown, "diff")
    )
}

/// Told to the agent when an operator agrees and nothing is waiting: the
/// operator's words, not an order, so a model that offered choices asks
/// which one instead of picking.
pub fn carry_out_the_plan() -> &'static str {
    "No approval was waiting for the operator's agreement above: take it as their words, not as \
     an order. If you described exactly one plan for them to agree to: Carry out the plan you \
     just described now, by calling the tools; do not describe it again. If you offered choices \
     or asked a question, ask which one they want instead of picking one yourself."
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

/// Said when the endpoint refuses the request as it is: asking again
/// would fail the same way.
pub fn model_refused(error: &dyn std::fmt::Display, fix: Option<&str>) -> String {
    let fix = fix.map_or_else(String::new, |f| format!(" To fix it: {f}."));
    format!(
        "The language model endpoint refused this request, so I stopped here: {error}. Asking \
         again unchanged would fail the same way.{fix} Nothing more will run from this turn; the \
         `!` commands still work."
    )
}

/// Said when the conversation does not fit the model's context window,
/// even shortened.
pub fn context_exhausted(error: &dyn std::fmt::Display) -> String {
    format!(
        "This conversation no longer fits the language model's context window, even with \
         earlier messages left out, so I stopped here ({error}). Send `!new` to start a fresh \
         conversation, or give the model a larger window (`[llm] context_tokens`, and on Ollama \
         `OLLAMA_CONTEXT_LENGTH`). Nothing more will run from this turn."
    )
}

/// The report asked for at the end of the tool budget did not come.
pub fn report_missing(iterations: usize) -> String {
    format!(
        "I used all {iterations} tool calls of this turn without finishing, and the model gave \
         no report. The executions above show where things stand; tell me how to go on."
    )
}

/// The agent could not take a message.
pub fn agent_failed(error: &dyn std::fmt::Display) -> String {
    format!("I could not handle that: {error}. The `!` commands still work.")
}

/// Told to the agent on `!retry`.
pub fn retry_note() -> &'static str {
    "The model did not answer last time, so the operator asked to retry. Carry on with the \
     operator's last request from where it stopped."
}
