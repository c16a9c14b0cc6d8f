//! The `!` commands that act: they work without the model, through the
//! same gate, store and dispatcher as the agent. Parsing is
//! [`crate::chat::parse`]; each command here reads or changes one thing
//! and answers in a sentence or a short list.

use time::OffsetDateTime;
use uuid::Uuid;

use super::{Agent, AgentError};
use crate::approvals::{Outcome, Refusal};
use crate::chat::card::{human_duration, short_id};
use crate::chat::parse::{self, AuditQuery, Command};
use crate::chat::{Inbound, Kind, Outbound};
use crate::domain::{ExecutionKind, ExecutionStatus, Via};
use crate::store::StoreError;
use crate::store::audit;
use crate::store::executions::{self, Answer, Answered, Proposed, Request};

/// Carries out `command` for `inbound`'s sender (an operator) and returns
/// the answer for the room.
pub async fn execute(
    agent: &Agent,
    inbound: &Inbound,
    command: &Command,
) -> Result<Option<Outbound>, AgentError> {
    if let Some(out) = parse::answer(command, inbound) {
        return Ok(Some(notice(out)));
    }
    if *command == Command::Retry {
        // The turn answers for itself; only "nothing to retry" needs words.
        return Ok(match agent.retry(inbound).await? {
            true => None,
            false => Some(notice(Outbound::reply(
                inbound,
                crate::chat::strings::nothing_to_retry(),
            ))),
        });
    }
    let store = agent.store();
    let session = store
        .open_session(&inbound.room, agent.inner.surface_kind)
        .await?
        .id;
    let text = match command {
        Command::Status => status(agent, session).await?,
        Command::Pending => pending(agent, session).await?,
        Command::Executions => recent(agent, session).await?,
        Command::Run { target, command } => run(agent, inbound, session, target, command).await?,
        Command::Approve(id) => {
            approve_or_deny(agent, inbound, session, id, Answer::Approve).await?
        }
        Command::Deny(id) => approve_or_deny(agent, inbound, session, id, Answer::Deny).await?,
        Command::Cancel(id) => cancel(agent, inbound, session, id).await?,
        Command::Windows => windows(agent, session).await?,
        Command::Revoke => {
            let n = store
                .revoke_windows(
                    session,
                    &inbound.sender,
                    Via::Command,
                    OffsetDateTime::now_utc(),
                )
                .await?;
            match n {
                0 => "No window was open.".to_string(),
                n => format!(
                    "Closed {n} window(s): from now on every change waits for an approval again."
                ),
            }
        }
        Command::New => {
            store.close_session(&inbound.room).await?;
            "Started a fresh conversation: the agent no longer sees the earlier one. \
             Cards already posted can still be decided."
                .to_string()
        }
        Command::Kb(query) => kb(agent, query).await?,
        Command::Audit(query) => audit_trail(agent, inbound, query).await?,
        Command::Help
        | Command::Usage(_)
        | Command::AuditUsage(_)
        | Command::Unknown(_)
        | Command::Retry => String::new(),
    };
    Ok(Some(notice(Outbound::reply(inbound, text))))
}

fn notice(mut out: Outbound) -> Outbound {
    out.kind = Kind::Notice;
    out
}

async fn status(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let store = agent.store();
    let snapshot = super::tools::fleet_snapshot(store).await?;
    let pending = executions::pending_approvals(store, session, None).await?;
    let windows = store
        .list_windows(session, OffsetDateTime::now_utc())
        .await?;
    let model = if agent.inner.llm.is_some() {
        "connected"
    } else {
        "not configured (only `!` commands work)"
    };
    Ok(format!(
        "**Fleet**\n{snapshot}\n**Here:** {} running, {} waiting for a decision, {} window(s) open. Model: {model}.",
        agent.dispatcher().running(),
        pending.len(),
        windows.len()
    ))
}

async fn pending(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let pending = executions::pending_approvals(agent.store(), session, None).await?;
    if pending.is_empty() {
        return Ok("Nothing is waiting for a decision here.".into());
    }
    let mut text = String::from("**Waiting for a decision:**\n");
    for (execution, approval) in &pending {
        let needs = match &approval.confirmation_phrase {
            Some(phrase) => format!("type `{phrase}`"),
            None => format!("`!approve {}` or ✅", short_id(execution.id)),
        };
        text.push_str(&format!(
            "- `{}` {} on `{}`: `{}` ({needs})\n",
            short_id(execution.id),
            execution.risk_class,
            execution.target,
            one_line(&execution.command),
        ));
    }
    Ok(text)
}

async fn recent(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let recent = executions::recent_in_session(agent.store(), session, 10).await?;
    if recent.is_empty() {
        return Ok("No executions in this conversation yet.".into());
    }
    let mut text = String::from("**Latest executions:**\n");
    for e in &recent {
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
    Ok(text)
}

async fn run(
    agent: &Agent,
    inbound: &Inbound,
    session: Uuid,
    target: &str,
    command: &str,
) -> Result<String, StoreError> {
    if agent.store().get_entity(target).await?.is_none() {
        return Ok(format!(
            "There is no `{target}` in the inventory. Targets look like `host:NAME` or `lxc:NAME`."
        ));
    }
    let request = Request {
        session_id: Some(session),
        kind: ExecutionKind::Run,
        target: target.to_string(),
        command: command.to_string(),
        purpose: format!("!run by {}", inbound.sender),
        params: serde_json::json!({}),
        declared_risk: None,
        requested_by: inbound.sender.clone(),
        turn_id: None,
    };
    let proposal = agent
        .gate()
        .propose(&request, OffsetDateTime::now_utc())
        .await?;
    let thread = Some(inbound.event_id.as_str());
    Ok(match proposal.outcome {
        Proposed::RunNow { execution, via } => {
            agent
                .post_card(&inbound.room, thread, &execution, None)
                .await;
            agent.dispatcher().start(inbound.room.clone(), execution.id);
            format!(
                "Running `{}` now ({}, {}).",
                short_id(execution.id),
                proposal.classification.class.as_str(),
                via.as_str()
            )
        }
        Proposed::Awaiting {
            execution,
            approval,
        } => {
            agent
                .post_card(&inbound.room, thread, &execution, Some(&approval))
                .await;
            format!(
                "`{}` is {}: {}",
                short_id(execution.id),
                proposal.classification.class.as_str(),
                match &approval.confirmation_phrase {
                    Some(phrase) => format!("type `{phrase}` in its thread to run it."),
                    None => "it waits for an approval.".to_string(),
                }
            )
        }
        Proposed::AlreadyQueued { execution, .. } => format!(
            "The same command is already waiting as `{}`.",
            short_id(execution.id)
        ),
    })
}

async fn approve_or_deny(
    agent: &Agent,
    inbound: &Inbound,
    session: Uuid,
    id: &str,
    answer: Answer,
) -> Result<String, StoreError> {
    let store = agent.store();
    let Some(execution) = executions::find_in_session(store, session, id).await? else {
        return Ok(format!("No execution `{id}` in this conversation."));
    };
    let Some(approval) = store.approval_for_execution(execution.id).await? else {
        return Ok(format!(
            "`{id}` needed no approval; it is {}.",
            execution.status
        ));
    };
    let short = short_id(execution.id);
    let outcome = agent
        .decide(
            &inbound.room,
            &approval,
            &inbound.sender,
            Via::Command,
            answer,
        )
        .await?;
    Ok(match outcome {
        Outcome::Answered(Answered::Won { .. }) => match answer {
            Answer::Approve => format!("Approved `{short}`: it runs now."),
            Answer::Deny => format!("Refused `{short}`: it will not run."),
        },
        Outcome::Answered(Answered::Lost(a)) => format!(
            "`{short}` was already {}{}.",
            a.status,
            a.decided_by
                .map(|by| format!(" by {by}"))
                .unwrap_or_default()
        ),
        Outcome::Answered(Answered::NotFound) => format!("No approval for `{short}`."),
        Outcome::Refused(Refusal::NotAnApprover) => "Only approvers can decide cards.".to_string(),
        Outcome::Refused(Refusal::SameRequester) => crate::chat::strings::four_eyes(
            approval
                .confirmation_phrase
                .as_deref()
                .unwrap_or("the phrase"),
        ),
        Outcome::Refused(Refusal::NeedsPhrase) => format!(
            "`{short}` is destructive: type `{}` in its thread to run it.",
            approval
                .confirmation_phrase
                .as_deref()
                .unwrap_or("the phrase")
        ),
    })
}

async fn cancel(
    agent: &Agent,
    inbound: &Inbound,
    session: Uuid,
    id: &str,
) -> Result<String, StoreError> {
    let Some(execution) = executions::find_in_session(agent.store(), session, id).await? else {
        return Ok(format!("No execution `{id}` in this conversation."));
    };
    let short = short_id(execution.id);
    match execution.status {
        ExecutionStatus::Running | ExecutionStatus::Approved => {
            Ok(if agent.dispatcher().cancel(execution.id) {
                format!("Cancelling `{short}`: its card will say when it has stopped.")
            } else {
                format!(
                    "`{short}` is not running in this Nomos process; it cannot be cancelled here."
                )
            })
        }
        ExecutionStatus::PendingApproval => {
            approve_or_deny(agent, inbound, session, id, Answer::Deny).await
        }
        ended @ (ExecutionStatus::Completed
        | ExecutionStatus::Failed
        | ExecutionStatus::TimedOut
        | ExecutionStatus::Cancelled
        | ExecutionStatus::Interrupted
        | ExecutionStatus::Denied
        | ExecutionStatus::Expired) => Ok(format!("`{short}` already ended: it is {ended}.")),
    }
}

async fn windows(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let now = OffsetDateTime::now_utc();
    let windows = agent.store().list_windows(session, now).await?;
    if windows.is_empty() {
        return Ok("No approval window is open: every change waits for an approval.".into());
    }
    let mut text = String::from("**Open windows** (`!revoke` closes them):\n");
    for w in &windows {
        let left = human_duration((w.expires_at - now).unsigned_abs());
        let what = match (&w.target, &w.action) {
            (Some(target), Some(action)) => format!("`{action}` on `{target}`"),
            // From before windows named their action: it covers nothing.
            (Some(target), None) => format!("nothing destructive on `{target}` (an old window)"),
            (None, _) => "changes in this room".to_string(),
        };
        text.push_str(&format!(
            "- {what} run without asking for {left} more (opened by {} via {})\n",
            w.opened_by, w.opened_via
        ));
    }
    Ok(text)
}

async fn kb(agent: &Agent, query: &str) -> Result<String, StoreError> {
    let hits = agent.store().search_knowledge(query, 5).await?;
    if hits.is_empty() {
        return Ok(format!("Nothing written down matches “{query}”."));
    }
    let mut text = String::new();
    for hit in &hits {
        text.push_str(&format!(
            "- **{}** (`{}`, {}): {}\n",
            hit.title,
            hit.slug,
            hit.kind,
            hit.snippet.replace('\n', " ")
        ));
    }
    Ok(text)
}

/// Rows `!audit` shows at most.
const AUDIT_ROWS: u32 = 20;

/// `!audit`: the trail of the room the command was typed in, and of no
/// other room, newest first.
async fn audit_trail(
    agent: &Agent,
    inbound: &Inbound,
    query: &AuditQuery,
) -> Result<String, StoreError> {
    let since = query.since.resolve(OffsetDateTime::now_utc());
    let filter = audit::Filter {
        room: Some(inbound.room.clone()),
        target: query.target.clone(),
        user: query.user.clone(),
        since,
        limit: Some(AUDIT_ROWS),
    };
    let records = agent.store().audit_trail(&filter).await?;
    Ok(crate::chat::strings::audit_report(
        &records,
        query,
        since,
        AUDIT_ROWS as usize,
    ))
}

fn one_line(command: &str) -> String {
    crate::chat::card::one_line(command, 120)
}
