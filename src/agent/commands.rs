//! The `!` commands that act: they work without the model, through the
//! same gate, store and dispatcher as the agent. Parsing is
//! [`crate::chat::parse`]; each command here reads or changes one thing
//! and answers in a sentence or a short list.

use time::OffsetDateTime;
use uuid::Uuid;

use super::propose::propose_and_show;
use super::{Agent, AgentError};
use crate::approvals::{Outcome, Refusal};
use crate::chat::parse::{AuditQuery, Command};
use crate::chat::strings::commands as replies;
use crate::chat::{Inbound, Kind, Outbound};
use crate::domain::short_id;
use crate::domain::{ExecutionStatus, Via, Work};
use crate::store::StoreError;
use crate::store::audit;
use crate::store::executions::{self, Answer, Answered, Request};

/// Whether `command` decides a card or makes work run.
fn decides_or_runs(command: &Command) -> bool {
    match command {
        Command::Run { .. }
        | Command::RunFleet(_)
        | Command::Approve(_)
        | Command::Deny(_)
        | Command::Undo(_)
        | Command::Retry => true,
        Command::Help
        | Command::Status
        | Command::Pending
        | Command::Executions
        | Command::Output { .. }
        | Command::Cancel(_)
        | Command::Windows
        | Command::Revoke
        | Command::New
        | Command::Kb(_)
        | Command::Audit(_)
        | Command::Usage(_)
        | Command::AuditUsage(_)
        | Command::Unknown(_) => false,
    }
}

/// Carries out `command` for `inbound`'s sender (an operator) and returns
/// the answer for the room.
pub async fn execute(
    agent: &Agent,
    inbound: &Inbound,
    command: &Command,
) -> Result<Option<Outbound>, AgentError> {
    if let Some(out) = replies::answer(command, inbound) {
        return Ok(Some(notice(out)));
    }
    // From an event `[access]` does not trust, nothing that decides or
    // runs (a `!run`, an undo or a retried turn could go through an open
    // window): only what reads, and what stops.
    if let Some(why) = inbound.untrusted
        && decides_or_runs(command)
    {
        return Ok(Some(notice(Outbound::reply(
            inbound,
            crate::chat::strings::approvals::untrusted_decision(why),
        ))));
    }
    if *command == Command::Retry {
        // The turn answers for itself; only "nothing to retry" needs words.
        return Ok(match agent.retry(inbound).await? {
            true => None,
            false => Some(notice(Outbound::reply(
                inbound,
                crate::chat::strings::commands::nothing_to_retry(),
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
        Command::RunFleet(fleet) => run_fleet(agent, inbound, session, fleet).await?,
        Command::Output { id, target } => output(agent, session, id, target).await?,
        Command::Approve(id) => {
            approve_or_deny(agent, inbound, session, id, Answer::Approve).await?
        }
        Command::Deny(id) => approve_or_deny(agent, inbound, session, id, Answer::Deny).await?,
        Command::Cancel(id) => cancel(agent, inbound, session, id).await?,
        Command::Undo(id) => super::undo::undo(agent, inbound, session, id).await?,
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
            replies::windows_revoked(n)
        }
        Command::New => {
            store.close_session(&inbound.room).await?;
            replies::new_conversation()
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
    Ok(replies::status(
        &snapshot,
        agent.dispatcher().running(),
        pending.len(),
        windows.len(),
        agent.inner.llm.is_some(),
    ))
}

async fn pending(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let pending = executions::pending_approvals(agent.store(), session, None).await?;
    Ok(replies::pending(&pending, agent.inner.surface_kind.into()))
}

async fn recent(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let recent = executions::recent_in_session(agent.store(), session, 10).await?;
    Ok(replies::recent(&recent))
}

async fn run(
    agent: &Agent,
    inbound: &Inbound,
    session: Uuid,
    target: &str,
    command: &str,
) -> Result<String, StoreError> {
    if agent.store().get_entity(target).await?.is_none() {
        return Ok(replies::unknown_target(target));
    }
    let request = Request {
        session_id: Some(session),
        target: target.to_string(),
        command: command.to_string(),
        purpose: format!("!run by {}", inbound.sender),
        work: Work::command(),
        window: None,
        declared_risk: None,
        requested_by: inbound.sender.clone(),
        turn_id: None,
    };
    propose_and_show(agent, inbound, request).await
}

/// `!run SELECTOR -- COMMAND`: one fleet card for the set.
async fn run_fleet(
    agent: &Agent,
    inbound: &Inbound,
    session: Uuid,
    args: &crate::chat::parse::FleetArgs,
) -> Result<String, StoreError> {
    let ask = super::fleet::FleetAsk {
        selector: &args.selector,
        batch: args.batch,
        stop_after: args.stop_after,
        command: &args.command,
        purpose: format!("!run by {}", inbound.sender),
        requested_by: &inbound.sender,
        session: Some(session),
        turn: None,
        declared_risk: None,
    };
    match super::fleet::request(agent.store(), ask).await? {
        Ok(request) => propose_and_show(agent, inbound, request).await,
        Err(why) => Ok(replies::no_fleet(&why)),
    }
}

/// `!output ID TARGET`: what one target of a fleet card printed.
async fn output(
    agent: &Agent,
    session: Uuid,
    id: &str,
    target: &str,
) -> Result<String, StoreError> {
    let Some(fleet) = executions::find_in_session(agent.store(), session, id).await? else {
        return Ok(replies::no_execution(id));
    };
    if fleet.work.fleet().is_none() {
        return Ok(replies::not_a_fleet(&short_id(fleet.id)));
    }
    Ok(
        match super::fleet::member_output(agent.store(), &fleet, target).await? {
            Some(member) => replies::member_output(&short_id(fleet.id), &member),
            None => replies::member_never_ran(&short_id(fleet.id), target),
        },
    )
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
        return Ok(replies::no_execution(id));
    };
    let Some(approval) = store.approval_for_execution(execution.id).await? else {
        return Ok(replies::needed_no_approval(id, execution.status));
    };
    let short = short_id(execution.id);
    if !agent
        .inner
        .surface
        .card_shown(&inbound.room, execution.id)
        .await
        .unwrap_or(false)
    {
        return Ok(replies::card_not_shown(&short));
    }
    let outcome = agent
        .decide(
            &inbound.room,
            &approval,
            &crate::approvals::Decider::new(&inbound.sender, Via::Command),
            answer,
        )
        .await?;
    Ok(match outcome {
        Outcome::Answered(Answered::Won { .. }) => match answer {
            Answer::Approve => replies::approved(&execution),
            Answer::Deny => replies::refused(&execution),
        },
        Outcome::Answered(Answered::Lost(a)) => {
            replies::already_decided(&short, a.status, a.decided_by.as_deref())
        }
        Outcome::Answered(Answered::NotFound) => replies::no_approval(&short),
        // A command's decision claims no event (its message was claimed
        // when it arrived): as it stood when read.
        Outcome::Answered(Answered::Repeated) => {
            replies::already_decided(&short, approval.status, approval.decided_by.as_deref())
        }
        Outcome::Refused(Refusal::NotAnApprover) => replies::not_an_approver(),
        Outcome::Refused(Refusal::SameRequester) => crate::chat::strings::approvals::four_eyes(
            approval
                .confirmation_phrase
                .as_deref()
                .unwrap_or("the phrase"),
        ),
        Outcome::Refused(Refusal::NeedsPhrase) => replies::approve_needs_phrase(
            &short,
            approval
                .confirmation_phrase
                .as_deref()
                .unwrap_or("the phrase"),
            approval.risk() == crate::domain::RiskClass::Destructive,
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
        return Ok(replies::no_execution(id));
    };
    let short = short_id(execution.id);
    match execution.status {
        ExecutionStatus::Running | ExecutionStatus::Approved => {
            Ok(if agent.dispatcher().cancel(execution.id) {
                replies::cancelling(&short)
            } else {
                replies::not_running_here(&short)
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
        | ExecutionStatus::Expired) => Ok(replies::already_ended(&short, ended)),
    }
}

async fn windows(agent: &Agent, session: Uuid) -> Result<String, StoreError> {
    let now = OffsetDateTime::now_utc();
    let windows = agent.store().list_windows(session, now).await?;
    Ok(replies::windows(&windows, now))
}

async fn kb(agent: &Agent, query: &str) -> Result<String, StoreError> {
    let hits = agent.store().search_knowledge(query, 5).await?;
    Ok(replies::knowledge(query, &hits))
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
    Ok(crate::chat::strings::audit::audit_report(
        &records,
        query,
        since,
        AUDIT_ROWS as usize,
    ))
}
