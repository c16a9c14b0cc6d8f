//! Every sentence the bot says to people, kept together so tone and wording
//! stay consistent and reviewable in one place.

/// The `!help` text. Lists only commands that work in this build.
pub fn help() -> String {
    let mut text = String::from(
        "**Nomos** runs operations on this homelab for its operators. \
         Tell me what you need in plain words; anything that changes a machine waits for your approval.\n\n\
         Commands that work without the agent:\n",
    );
    for (usage, what) in super::parse::USAGE {
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

/// A typed phrase that fits several waiting cards, replying to none.
pub fn phrase_ambiguous(short_ids: &[String]) -> String {
    format!(
        "That phrase fits {} waiting cards ({}), so nothing runs. Reply to the card you mean \
         with the phrase.",
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

fn code_list(items: &[String]) -> String {
    items
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>()
        .join(", ")
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

// !audit
// ---------------------------------------------------------------------------
// The audit trail as a room reads it; its arguments' errors.

use crate::chat::card::{one_line, short_id};
use crate::chat::parse::{AUDIT_USAGE, AuditArgError, AuditQuery};
use crate::store::audit::{Action, Record};

/// `!audit` with an argument it cannot read: what was wrong, then every
/// form it takes.
pub fn audit_usage(error: &AuditArgError) -> String {
    format!(
        "{error}. Usage: `{AUDIT_USAGE}`, where TARGET is `host:NAME` or `lxc:NAME`, USER a full \
         Matrix id like `@alice:example.org`, and SINCE how far back: `30m`, `2h`, `7d`, `2w`, a \
         date like `2025-06-01` or an RFC 3339 time like `2025-06-01T14:00:00Z` (7 days when left \
         out)."
    )
}

/// The `!audit` answer: the room's rows from `since` on, newest first, one
/// line each. `limit` is how many were asked for; reaching it says so.
pub fn audit_report(
    records: &[Record],
    query: &AuditQuery,
    since: time::OffsetDateTime,
    limit: usize,
) -> String {
    let mut scope = format!("since {} UTC", audit_time(since));
    if let Some(target) = &query.target {
        scope.push_str(&format!(" for `{}`", one_line(target, 60)));
    }
    if let Some(user) = &query.user {
        scope.push_str(&format!(" involving {user}"));
    }
    if records.is_empty() {
        return format!("Nothing in this room's audit trail {scope}.");
    }
    let mut text = format!("**Audit trail of this room** {scope}, newest first:\n");
    for record in records {
        text.push_str(&audit_line(record));
        text.push('\n');
    }
    if records.len() >= limit {
        text.push_str(&format!(
            "Only the newest {limit} are shown: narrow it with a target, a @user or a later time, \
             or export everything with `nomos audit --json`.\n"
        ));
    }
    text
}

/// One audit row: when, what, who, how, the risk class, the target, the
/// execution (short id and command) and how that execution stands now.
pub fn audit_line(record: &Record) -> String {
    let mut line = format!(
        "- `{}` **{}** by {} via {}",
        audit_time(record.at),
        audit_action(record.action),
        record.actor,
        record.via.as_str()
    );
    if let Some(risk) = record.risk_class {
        line.push_str(&format!(" · {risk}"));
    }
    if let Some(target) = &record.target {
        line.push_str(&format!(" · `{}`", one_line(target, 60)));
    }
    if let Some(window) = audit_window(record) {
        line.push_str(&format!(" · {window}"));
    }
    if let Some(id) = record.execution_id {
        line.push_str(&format!(" · `{}`", short_id(id)));
    }
    if let Some(command) = &record.command {
        line.push_str(&format!(" `{}`", one_line(command, 60)));
    }
    if let Some(status) = &record.execution_status {
        line.push_str(&format!(" → {status}"));
        if let Some(code) = record.exit_code {
            line.push_str(&format!(", exit {code}"));
        }
    }
    line
}

fn audit_action(action: Action) -> &'static str {
    match action {
        Action::Proposed => "proposed",
        Action::Approved => "approved",
        Action::Denied => "denied",
        Action::Withdrawn => "withdrawn",
        Action::Expired => "expired",
        Action::WindowOpened => "window opened",
        Action::WindowsRevoked => "windows revoked",
        Action::Started => "started",
        Action::Finished => "finished",
        Action::Cancelled => "cancelled",
        Action::Interrupted => "interrupted",
    }
}

/// What a window row opened or closed, from its detail.
fn audit_window(record: &Record) -> Option<String> {
    let detail = &record.detail;
    match record.action {
        Action::WindowOpened => {
            let kind = detail.get("kind").and_then(|k| k.as_str()).unwrap_or("an");
            let until = detail
                .get("expires_at")
                .and_then(|t| t.as_i64())
                .and_then(|t| time::OffsetDateTime::from_unix_timestamp(t).ok())
                .map(|t| format!(" until {}", audit_time(t)))
                .unwrap_or_default();
            let action = detail
                .get("action")
                .and_then(|a| a.as_str())
                .map(|a| format!(" for `{}`", one_line(a, 30)))
                .unwrap_or_default();
            Some(format!("{kind} window{action}{until}"))
        }
        Action::WindowsRevoked => {
            let count = detail.get("count").and_then(|c| c.as_u64()).unwrap_or(0);
            Some(format!("{count} window(s) closed"))
        }
        _ => None,
    }
}

/// `2025-06-01 14:03`, in UTC.
fn audit_time(at: time::OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

#[cfg(test)]
mod audit_tests {
    use serde_json::json;
    use time::OffsetDateTime;
    use time::macros::datetime;
    use uuid::Uuid;

    use super::*;
    use crate::chat::parse::Since;
    use crate::domain::{ExecutionStatus, RiskClass, Via};

    fn record(at: OffsetDateTime, action: Action, actor: &str, via: Via) -> Record {
        Record {
            id: 1,
            at,
            action,
            actor: actor.into(),
            via,
            risk_class: Some(RiskClass::ConfigMutation),
            room: Some("!a:hs".into()),
            target: Some("lxc:caddy".into()),
            execution_id: Some(Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_3f2a_9c1d)),
            approval_id: None,
            command: Some("systemctl restart caddy".into()),
            requested_by: Some("@alice:hs".into()),
            execution_status: Some(ExecutionStatus::Completed),
            exit_code: Some(0),
            detail: json!({}),
        }
    }

    fn query() -> AuditQuery {
        AuditQuery {
            target: None,
            user: None,
            since: Since::DEFAULT,
        }
    }

    #[test]
    fn a_line_says_when_what_who_how_risk_target_id_command_and_result() {
        let line = audit_line(&record(
            datetime!(2025-06-01 14:03:27 UTC),
            Action::Approved,
            "@op:hs",
            Via::Reaction,
        ));
        assert_eq!(
            line,
            "- `2025-06-01 14:03` **approved** by @op:hs via reaction · config_mutation · \
             `lxc:caddy` · `3f2a9c1d` `systemctl restart caddy` → completed, exit 0"
        );
    }

    #[test]
    fn window_rows_say_what_they_opened_or_closed() {
        let mut opened = record(
            datetime!(2025-06-01 14:03 UTC),
            Action::WindowOpened,
            "@op:hs",
            Via::Typed,
        );
        opened.execution_id = None;
        opened.command = None;
        opened.execution_status = None;
        opened.exit_code = None;
        opened.risk_class = None;
        opened.detail = json!({
            "kind": "destructive",
            "action": "stop",
            "expires_at": datetime!(2025-06-01 14:18 UTC).unix_timestamp(),
        });
        assert_eq!(
            audit_line(&opened),
            "- `2025-06-01 14:03` **window opened** by @op:hs via typed · `lxc:caddy` · \
             destructive window for `stop` until 2025-06-01 14:18"
        );
        let mut revoked = opened.clone();
        revoked.action = Action::WindowsRevoked;
        revoked.via = Via::Command;
        revoked.target = None;
        revoked.detail = json!({ "count": 2 });
        assert!(
            audit_line(&revoked)
                .ends_with("**windows revoked** by @op:hs via command · 2 window(s) closed"),
            "{}",
            audit_line(&revoked)
        );
    }

    #[test]
    fn the_report_keeps_the_given_order_and_says_when_it_was_cut() {
        let newer = record(
            datetime!(2025-06-01 14:05 UTC),
            Action::Finished,
            "nomos",
            Via::System,
        );
        let older = record(
            datetime!(2025-06-01 14:01 UTC),
            Action::Proposed,
            "@alice:hs",
            Via::System,
        );
        let since = datetime!(2025-05-25 14:00 UTC);
        let mut narrowed = query();
        narrowed.target = Some("lxc:caddy".into());
        narrowed.user = Some("@alice:hs".into());
        let text = audit_report(&[newer.clone(), older.clone()], &narrowed, since, 20);
        assert!(
            text.starts_with(
                "**Audit trail of this room** since 2025-05-25 14:00 UTC for `lxc:caddy` \
                 involving @alice:hs, newest first:\n"
            ),
            "{text}"
        );
        let finished = text.find("**finished**").expect("finished");
        let proposed = text.find("**proposed**").expect("proposed");
        assert!(finished < proposed, "{text}");
        assert!(!text.contains("Only the newest"), "{text}");
        let cut = audit_report(&[newer, older], &query(), since, 2);
        assert!(cut.contains("Only the newest 2 are shown"), "{cut}");
        assert_eq!(
            audit_report(&[], &query(), since, 20),
            "Nothing in this room's audit trail since 2025-05-25 14:00 UTC."
        );
    }

    #[test]
    fn long_commands_are_shortened_to_one_line() {
        let mut long = record(
            datetime!(2025-06-01 14:03 UTC),
            Action::Proposed,
            "@alice:hs",
            Via::System,
        );
        long.command = Some(format!("echo {}\nrm -rf /", "x".repeat(200)));
        let line = audit_line(&long);
        assert!(line.contains("…"), "{line}");
        assert!(!line.contains('\n') && !line.contains("rm -rf"), "{line}");
    }
}
