//! What the `!` commands answer, and the room's replies to messages
//! Nomos cannot take.

use time::OffsetDateTime;

use crate::chat::card::{Audience, human_duration};
use crate::chat::parse::Command;
use crate::chat::{Inbound, Outbound};
use crate::domain::short_id;
use crate::domain::{ApprovalStatus, ExecutionStatus, RiskClass, Via, WindowKind};
use crate::store::executions::{Approval, Execution};
use crate::store::knowledge::Hit;
use crate::store::windows::Window;

/// The `!help` text. Lists only commands that work in this build.
pub fn help() -> String {
    let mut text = String::from(
        "**Nomos** runs operations on this homelab for its operators. \
         Tell me what you need in plain words; anything that changes a machine waits for your approval.\n\n\
         Commands that work without the agent:\n",
    );
    for (usage, what) in crate::chat::parse::USAGE {
        text.push_str(&format!("- `{usage}`: {what}\n"));
    }
    text
}

pub fn unknown_command(name: &str) -> String {
    format!("I don't know the command `!{name}`. Send `!help` for the list.")
}

pub fn usage(usage: &str) -> String {
    format!("Usage: `{usage}`. Send `!help` for the list.")
}

/// A command that could not be carried out.
pub fn command_failed(error: &dyn std::fmt::Display) -> String {
    format!("That command failed: {error}")
}

/// A message longer than the configured limit.
pub fn message_too_long(limit: usize) -> String {
    format!(
        "That message is longer than {limit} bytes, so I did not read it. Put long logs in a file \
         or a paste, and tell me what to look for."
    )
}

/// `!retry` with nothing to retry.
pub fn nothing_to_retry() -> String {
    "There is no unanswered message to retry: my last turn in this room finished.".to_string()
}

// Replies of the commands that act (`agent::commands`).

fn one_line(command: &str) -> String {
    crate::chat::card::one_line(command, 120)
}

/// `!revoke`.
pub fn windows_revoked(closed: u64) -> String {
    match closed {
        0 => "No window was open.".to_string(),
        n => format!("Closed {n} window(s): from now on every change waits for an approval again."),
    }
}

/// `!new`.
pub fn new_conversation() -> String {
    "Started a fresh conversation: the agent no longer sees the earlier one. \
     Cards already posted can still be decided."
        .to_string()
}

/// `!status`.
pub fn status(
    snapshot: &str,
    running: usize,
    waiting: usize,
    windows: usize,
    model: bool,
) -> String {
    let model = if model {
        "connected"
    } else {
        "not configured (only `!` commands work)"
    };
    format!(
        "**Fleet**\n{snapshot}\n**Here:** {running} running, {waiting} waiting for a decision, {windows} window(s) open. Model: {model}."
    )
}

/// `!pending`.
pub fn pending(waiting: &[(Execution, Approval)], audience: Audience) -> String {
    if waiting.is_empty() {
        return "Nothing is waiting for a decision here.".into();
    }
    let mut text = String::from("**Waiting for a decision:**\n");
    for (execution, approval) in waiting {
        let needs = match &approval.confirmation_phrase {
            Some(phrase) => format!("type `{phrase}`"),
            None => match audience {
                Audience::Room => format!("`!approve {}` or ✅", short_id(execution.id)),
                Audience::Console => format!("`y {}`", short_id(execution.id)),
            },
        };
        text.push_str(&format!(
            "- `{}` {} on `{}`: `{}` ({needs})\n",
            short_id(execution.id),
            execution.risk_class,
            execution.target,
            one_line(&execution.command),
        ));
    }
    text
}

/// `!executions`.
pub fn recent(executions: &[Execution]) -> String {
    if executions.is_empty() {
        return "No executions in this conversation yet.".into();
    }
    let mut text = String::from("**Latest executions:**\n");
    for e in executions {
        let took = match (e.started_at, e.finished_at) {
            (Some(s), Some(f)) => format!(", {}", human_duration((f - s).unsigned_abs())),
            _ => String::new(),
        };
        let exit = e
            .exit_code
            .map(|c| format!(", exit {c}"))
            .unwrap_or_default();
        text.push_str(&format!(
            "- `{}` **{}**{exit}{took} on `{}`: `{}`\n",
            short_id(e.id),
            e.status,
            e.target,
            one_line(&e.command)
        ));
    }
    text
}

/// `!run` on a target the inventory does not have.
pub fn unknown_target(target: &str) -> String {
    format!("There is no `{target}` in the inventory. Targets look like `host:NAME` or `lxc:NAME`.")
}

/// `!run` of work that may run at once.
pub fn running_now(short: &str, class: RiskClass, via: Via) -> String {
    format!("Running `{short}` now ({class}, {via}).")
}

/// `!run` of work that waits for a person.
pub fn run_waits(
    short: &str,
    class: RiskClass,
    phrase: Option<&str>,
    audience: Audience,
) -> String {
    match (phrase, audience) {
        (Some(phrase), Audience::Room) => {
            format!("`{short}` is {class}: type `{phrase}` in its thread to run it.")
        }
        (Some(phrase), Audience::Console) => {
            format!("`{short}` is {class}: type `{phrase}` to run it.")
        }
        (None, Audience::Room) => format!("`{short}` is {class}: it waits for an approval."),
        (None, Audience::Console) => {
            format!("`{short}` is {class}: it waits for an approval (`y {short}` runs it).")
        }
    }
}

/// `!run` of a command already waiting.
pub fn already_waiting(short: &str) -> String {
    format!("The same command is already waiting as `{short}`.")
}

/// A bare `y` or `n` at the console with no card it can answer.
pub fn nothing_waiting_for_y() -> String {
    "Nothing is waiting for approval: `y` and `n` answer cards (a destructive card takes its \
     typed phrase). Say what you want done in words."
        .to_string()
}

/// A bare `y` at the console while several cards wait.
pub fn y_names_one_of(short_ids: &[String]) -> String {
    let list: Vec<String> = short_ids.iter().map(|id| format!("`y {id}`")).collect();
    format!(
        "{} cards are waiting, so a bare `y` approves none of them: type {} for the one you mean.",
        short_ids.len(),
        list.join(" or ")
    )
}

/// `y ID` or `n ID` at the console naming no card a `y`/`n` can answer.
pub fn no_waiting_card(id: &str) -> String {
    let id = id.replace('`', "'");
    format!(
        "No card `{id}` is waiting for a `y` or `n` in this conversation (`!pending` lists them; \
         a destructive card takes its typed phrase)."
    )
}

/// An id that names no execution of the conversation.
pub fn no_execution(id: &str) -> String {
    format!("No execution `{id}` in this conversation.")
}

/// `!approve`/`!deny` of work that ran by policy or window.
pub fn needed_no_approval(id: &str, status: ExecutionStatus) -> String {
    format!("`{id}` needed no approval; it is {status}.")
}

/// `!approve` that decided.
/// It repeats what was approved, so an id typed from elsewhere shows the
/// room the command and target it decided.
pub fn approved(execution: &Execution) -> String {
    decided(execution, "Approved", "it runs now")
}

/// `!deny` that decided.
pub fn refused(execution: &Execution) -> String {
    decided(execution, "Refused", "it will not run")
}

fn decided(execution: &Execution, what: &str, then: &str) -> String {
    use crate::chat::visible::{fenced, flat_line, visible};
    format!(
        "{what} `{}` on `{}`; {then}:\n{}",
        short_id(execution.id),
        flat_line(&execution.target, 120).replace('`', "'"),
        fenced(&visible(&execution.command), "")
    )
}

/// `!approve`/`!deny` of a card that has not reached the room yet.
pub fn card_not_shown(short: &str) -> String {
    format!(
        "The card of `{short}` has not reached this room yet, so nobody here has seen it: \
         decide once it shows."
    )
}

/// `!approve`/`!deny` of a card decided before.
pub fn already_decided(short: &str, status: ApprovalStatus, by: Option<&str>) -> String {
    let by = by.map(|by| format!(" by {by}")).unwrap_or_default();
    format!("`{short}` was already {status}{by}.")
}

/// An execution without its approval row.
pub fn no_approval(short: &str) -> String {
    format!("No approval for `{short}`.")
}

/// `!approve`/`!deny` from someone who is not an approver.
pub fn not_an_approver() -> String {
    "Only approvers can decide cards.".to_string()
}

/// `!approve` of destructive work.
pub fn approve_needs_phrase(short: &str, phrase: &str, destructive: bool) -> String {
    let why = match destructive {
        true => "is destructive",
        false => "is longer than its card shows (read the attached diff)",
    };
    format!("`{short}` {why}: type `{phrase}` in its thread to run it.")
}

/// `!undo` of work that changed no file and had no snapshot taken before.
pub fn nothing_to_undo(short: &str) -> String {
    format!(
        "`{short}` has nothing to undo: it changed no file through write_file/edit_file, and no snapshot was taken before it (Nomos takes one only before approved changes on a container whose storage can snapshot)."
    )
}

/// `!undo` of a file change that was never applied.
pub fn file_never_written(short: &str, status: crate::domain::ExecutionStatus) -> String {
    format!("`{short}` did not write its file (it is {status}): there is nothing to undo.")
}

/// `!undo` of a knowledge change that did not write.
pub fn knowledge_never_written(short: &str, status: crate::domain::ExecutionStatus) -> String {
    format!(
        "`{short}` did not write its knowledge entry (it is {status}): there is nothing to undo."
    )
}

/// Why a knowledge change cannot be undone safely: the entry changed again
/// (or was already put back).
pub fn knowledge_changed_after(slug: &str) -> String {
    format!(
        "knowledge `{slug}` no longer holds what the change wrote, so putting the old text back would lose what changed since"
    )
}

/// The purpose on a knowledge restore's card.
pub fn knowledge_restore_purpose(short: &str, slug: &str) -> String {
    format!("undo `{short}`: put back what knowledge `{slug}` held before it")
}

/// `!undo` of work that has not ended yet.
pub fn not_finished(short: &str, status: crate::domain::ExecutionStatus) -> String {
    format!("`{short}` has not finished (it is {status}): there is nothing to undo yet.")
}

/// Why a file change cannot be undone: its folder now resolves elsewhere.
pub fn moved(path: &str, now: &str) -> String {
    format!("{path} now resolves to {now}, so its folder changed since the change was written")
}

/// `!undo` of a file change whose file already holds what it held before.
pub fn already_undone(short: &str, path: &str) -> String {
    format!("{path} already holds what it held before `{short}`: there is nothing to undo.")
}

/// Why a file change cannot be undone safely: the file changed again.
pub fn changed_after(path: &str) -> String {
    format!(
        "{path} changed after it was written, so putting the old content back would lose those changes too; change it with edit_file instead"
    )
}

/// The purpose on a file restore's card.
pub fn restore_purpose(short: &str, path: &str) -> String {
    format!("undo `{short}`: put back what {path} held before it")
}

/// `!undo` whose container cannot be found any more.
pub fn cannot_undo(short: &str, why: &str) -> String {
    format!("Cannot undo `{short}`: {why}")
}

/// The purpose on an undo's card.
pub fn undo_purpose(short: &str, target: &str, snapshot: &str) -> String {
    format!(
        "undo `{short}`: roll {target} back to snapshot {snapshot} (everything changed on it since is lost)"
    )
}

/// `!cancel` of a run going here.
pub fn cancelling(short: &str) -> String {
    format!("Cancelling `{short}`: its card will say when it has stopped.")
}

/// `!cancel` of a run another process started.
pub fn not_running_here(short: &str) -> String {
    format!("`{short}` is not running in this Nomos process; it cannot be cancelled here.")
}

/// `!cancel` of finished work.
pub fn already_ended(short: &str, status: ExecutionStatus) -> String {
    format!("`{short}` already ended: it is {status}.")
}

/// `!windows`.
pub fn windows(open: &[Window], now: OffsetDateTime) -> String {
    if open.is_empty() {
        return "No approval window is open: every change waits for an approval.".into();
    }
    let mut text = String::from("**Open windows** (`!revoke` closes them):\n");
    for w in open {
        let left = human_duration((w.expires_at - now).unsigned_abs());
        let what = match (&w.target, &w.action) {
            (Some(target), Some(action)) => format!("`{action}` on `{target}`"),
            // From before windows named their action: it covers nothing.
            (Some(target), None) if w.kind == WindowKind::Assent => {
                format!("changes on `{target}`")
            }
            (Some(target), None) => format!("nothing destructive on `{target}` (an old window)"),
            (None, _) => "nothing (an old window)".to_string(),
        };
        text.push_str(&format!(
            "- {what} run without asking for {left} more (opened by {} via {})\n",
            w.opened_by, w.opened_via
        ));
    }
    text
}

/// `!kb`.
pub fn knowledge(query: &str, hits: &[Hit]) -> String {
    if hits.is_empty() {
        return format!("Nothing written down matches “{query}”.");
    }
    let mut text = String::new();
    for hit in hits {
        text.push_str(&format!(
            "- **{}** (`{}`, {}): {}\n",
            hit.title,
            hit.slug,
            hit.kind,
            hit.snippet.replace('\n', " ")
        ));
    }
    text
}
/// `!run SELECTOR …` that names no usable set.
pub fn no_fleet(why: &str) -> String {
    format!("Nothing proposed: {why}.")
}

/// The purpose on a fleet undo's card.
pub fn undo_fleet_purpose(short: &str, count: usize, impossible: &[String]) -> String {
    let mut text = format!(
        "undo `{short}`: roll {count} container{} back to the snapshot taken before each one's run (everything changed on them since is lost)",
        if count == 1 { "" } else { "s" }
    );
    if !impossible.is_empty() {
        text.push_str(&format!("; not undoable: {}", impossible.join("; ")));
    }
    text
}

/// `!output` on a card that is not fleet work.
pub fn not_a_fleet(short: &str) -> String {
    format!("`{short}` is not fleet work; its card shows its output.")
}

/// `!output` for a target that never ran (skipped, or not on the card).
pub fn member_never_ran(short: &str, target: &str) -> String {
    format!(
        "`{}` did not run as part of `{short}` (it was skipped, or is not one of its targets).",
        crate::chat::visible::flat_line(target, 64).replace('`', "'")
    )
}

/// `!output`: one target's status and output.
pub fn member_output(short: &str, member: &Execution) -> String {
    let (stdout, stderr) = member
        .result
        .as_ref()
        .map_or(("", ""), crate::domain::Report::streams);
    let mut text = if stdout.is_empty() && stderr.is_empty() {
        member.output_tail.clone().unwrap_or_default()
    } else if stderr.is_empty() {
        stdout.to_string()
    } else {
        format!("{stdout}\n--- stderr ---\n{stderr}")
    };
    if text.trim().is_empty() {
        text = "(no output)".into();
    }
    // The end of a long output (the whole stays in the store).
    const SHOWN: usize = 12 * 1024;
    if text.len() > SHOWN {
        let mut start = text.len() - SHOWN;
        while !text.is_char_boundary(start) {
            start += 1;
        }
        text = format!("…\n{}", &text[start..]);
    }
    let exit = member
        .exit_code
        .map_or(String::new(), |c| format!(" · exit {c}"));
    format!(
        "`{}` of `{short}` (`{}`): {}{exit}\n{}",
        crate::chat::visible::flat_line(&member.target, 64).replace('`', "'"),
        crate::domain::short_id(member.id),
        member.status,
        crate::chat::visible::fenced(&crate::chat::visible::visible(&text), "")
    )
}

/// The answer to a command that needs nothing but words.
pub fn answer(command: &Command, to: &Inbound) -> Option<Outbound> {
    let text = match command {
        Command::Help => help(),
        Command::Unknown(word) => unknown_command(word),
        Command::Usage(what) => usage(what),
        Command::AuditUsage(error) => super::audit::audit_usage(error),
        _ => return None,
    };
    Some(Outbound::reply(to, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_audit_usage_answer_names_the_problem_and_the_accepted_forms() {
        let Some(Command::AuditUsage(error)) = crate::chat::parse::parse("!audit vm:x") else {
            panic!("`!audit vm:x` is a usage error");
        };
        let inbound = Inbound::default();
        let out = answer(&Command::AuditUsage(error), &inbound).expect("answer");
        for needle in [
            "`vm:x`",
            "host:NAME",
            "@alice:example.org",
            "7d",
            "2025-06-01",
        ] {
            assert!(
                out.markdown.contains(needle),
                "{needle} in {}",
                out.markdown
            );
        }
    }

    #[test]
    fn help_lists_help_and_replies_to_the_message() {
        let inbound = Inbound {
            phrase_scope: None,
            room: "!r:x".into(),
            sender: "@a:x".into(),
            event_id: "$e".into(),
            body: "!help".into(),
            ..Inbound::default()
        };
        let out = answer(&Command::Help, &inbound).expect("help");
        assert!(out.markdown.contains("`!help`"));
        assert!(out.markdown.contains("`!run TARGET COMMAND`"));
        assert!(out.markdown.contains("`!audit [TARGET] [@USER] [SINCE]`"));
        assert_eq!(out.in_reply_to.as_deref(), Some("$e"));
        let unknown = answer(&Command::Unknown("nope".into()), &inbound).expect("unknown");
        assert!(unknown.markdown.contains("`!nope`"));
        assert!(answer(&Command::Status, &inbound).is_none());
    }
}
