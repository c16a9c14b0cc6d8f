//! `!undo ID` (and ↩️ on a card): proposes taking execution ID back, on a
//! card of its own, through the gate like any change.
//!
//! - A file change is undone by writing back the bytes the file held
//!   before, byte for byte (or removing a file it created). The undo
//!   checks first that the file still holds what the change wrote: if
//!   someone changed it since, restoring would silently lose that, so it
//!   refuses and says so.
//! - Other work on a container is undone by rolling the container back to
//!   the snapshot taken before it: destructive (everything changed on the
//!   container since is lost), so it takes the typed phrase.

use uuid::Uuid;

use super::Agent;
use super::propose::propose_and_show;
use crate::chat::Inbound;
use crate::chat::strings::commands as replies;
use crate::domain::Target;
use crate::domain::file::FileChange;
use crate::domain::{ExecutionStatus, KnowledgeEdit, RiskClass, Work, short_id};
use crate::exec::file_edit;
use crate::store::StoreError;
use crate::store::executions::{self, Execution, Request};

/// `!undo ID` from `inbound`'s sender.
pub(super) async fn undo(
    agent: &Agent,
    inbound: &Inbound,
    session: Uuid,
    id: &str,
) -> Result<String, StoreError> {
    let found = match executions::find_in_session(agent.store(), session, id).await? {
        Some(execution) => Some(execution),
        None => match executions::find_member_in_session(agent.store(), session, id).await? {
            Some(member) => Some(member),
            None => earlier_in_room(agent, &inbound.room, id).await?,
        },
    };
    let Some(execution) = found else {
        return Ok(replies::no_execution(id));
    };
    let request = match &execution.work {
        Work::WriteFile { change, .. } => restore_file(agent, &execution, change).await,
        Work::Run { .. } | Work::PctCreate(_) => roll_back(agent, &execution).await,
        Work::Fleet(_) => roll_back_fleet(agent, &execution).await?,
        Work::Knowledge(edit) => restore_knowledge(agent, &execution, edit).await?,
    };
    match request {
        Ok(mut request) => {
            request.session_id = Some(session);
            request.requested_by = inbound.sender.clone();
            propose_and_show(agent, inbound, request).await
        }
        Err(answer) => Ok(answer),
    }
}

/// Whether a fleet target's work may have changed its container: a
/// snapshot was taken and its command started (it ended, failed, timed
/// out, was cut by a restart, or was cancelled while it ran).
fn changed(member: &Execution) -> bool {
    let not_started = member
        .result
        .as_ref()
        .and_then(|r| r.ran())
        .is_some_and(|run| {
            run.error.is_some() || run.note.as_deref() == Some(crate::exec::NOT_STARTED)
        });
    member.snapshot_name().is_some()
        && !not_started
        && matches!(
            member.status,
            ExecutionStatus::Completed
                | ExecutionStatus::Failed
                | ExecutionStatus::TimedOut
                | ExecutionStatus::Cancelled
                | ExecutionStatus::Interrupted
        )
}

/// The undo of fleet work: one fleet card rolling back every target that
/// changed (each to the snapshot taken before its own run, on its host),
/// with the rollbacks that are impossible named; or why there is none.
async fn roll_back_fleet(
    agent: &Agent,
    fleet: &Execution,
) -> Result<Result<Request, String>, StoreError> {
    let short = short_id(fleet.id);
    if !fleet.status.is_terminal() {
        // Mid-rollout: later batches still run; undo once it has ended.
        return Ok(Err(replies::not_finished(&short, fleet.status)));
    }
    let mut members = Vec::new();
    let mut lines = Vec::new();
    let mut impossible = Vec::new();
    // Each target's own row says whether it changed (the fleet's report
    // can be one a crash froze mid-run).
    for member in executions::members_of(agent.store(), fleet.id).await? {
        if !changed(&member) {
            continue;
        }
        match roll_back(agent, &member).await {
            Ok(one) => {
                lines.push(format!(
                    "{}  # {} on {}",
                    one.command, member.target, one.target
                ));
                members.push(crate::domain::fleet::FleetMember {
                    command: Some(one.command),
                    about: Some(member.target.clone()),
                    ..crate::domain::fleet::FleetMember::new(one.target)
                });
            }
            Err(why) => impossible.push(format!("{}: {why}", member.target)),
        }
    }
    if members.is_empty() {
        return Ok(Err(match impossible.is_empty() {
            true => replies::nothing_to_undo(&short),
            false => replies::cannot_undo(&short, &impossible.join("; ")),
        }));
    }
    let count = members.len();
    let command = lines.join("\n");
    let subjects: Vec<String> = members.iter().map(|m| m.subject().to_string()).collect();
    if let Some(why) = super::fleet::card_refusal(&command, &subjects) {
        return Ok(Err(replies::cannot_undo(&short, &why)));
    }
    let plan = crate::domain::fleet::FleetPlan {
        selector: format!("undo of {short}"),
        members,
        batch_size: crate::domain::fleet::DEFAULT_BATCH,
        // Every rollback is tried, whatever another's fate.
        stop_after: u32::try_from(count).unwrap_or(u32::MAX),
    };
    Ok(Ok(Request {
        session_id: None,
        target: plan.selector.clone(),
        command,
        purpose: replies::undo_fleet_purpose(&short, count, &impossible),
        work: Work::Fleet(Box::new(plan)),
        window: None,
        declared_risk: Some(RiskClass::Destructive),
        requested_by: String::new(),
        turn_id: None,
    }))
}

/// Execution `id` (a full id, as ↩️ on a card gives it) from an earlier
/// conversation of the same room: a card from before `!new` can still be
/// undone.
async fn earlier_in_room(
    agent: &Agent,
    room: &str,
    id: &str,
) -> Result<Option<Execution>, StoreError> {
    let Ok(id) = id.trim().parse::<Uuid>() else {
        return Ok(None);
    };
    let Some(execution) = agent.store().get_execution(id).await? else {
        return Ok(None);
    };
    let Some(session) = execution.session_id else {
        return Ok(None);
    };
    let here = agent
        .store()
        .get_session(session)
        .await?
        .is_some_and(|s| s.room_id == room);
    Ok(here.then_some(execution))
}

/// The request that writes back what a file change replaced, or why
/// there is none (the answer for the room).
/// The undo of a knowledge change: the same kind of card, putting back
/// what the entry held, only onto what the change wrote (a later change
/// would be lost otherwise).
async fn restore_knowledge(
    agent: &Agent,
    execution: &Execution,
    edit: &KnowledgeEdit,
) -> Result<Result<Request, String>, StoreError> {
    let short = short_id(execution.id);
    if !execution.status.is_terminal() {
        return Ok(Err(replies::not_finished(&short, execution.status)));
    }
    if execution.status != ExecutionStatus::Completed {
        return Ok(Err(replies::knowledge_never_written(
            &short,
            execution.status,
        )));
    }
    let now = agent.store().knowledge_entry(&edit.slug).await?;
    if now.as_ref().map(|(text, _)| text) != Some(&edit.after) {
        return Ok(Err(replies::cannot_undo(
            &short,
            &replies::knowledge_changed_after(&edit.slug),
        )));
    }
    let back = edit.inverse(&short);
    Ok(Ok(Request {
        session_id: execution.session_id,
        target: execution.target.clone(),
        command: back.command(),
        purpose: replies::knowledge_restore_purpose(&short, &edit.slug),
        work: Work::Knowledge(Box::new(back)),
        window: None,
        declared_risk: None,
        requested_by: execution.requested_by.clone(),
        turn_id: None,
    }))
}

async fn restore_file(
    agent: &Agent,
    execution: &Execution,
    change: &FileChange,
) -> Result<Request, String> {
    let short = short_id(execution.id);
    if !execution.status.is_terminal() {
        return Err(replies::not_finished(&short, execution.status));
    }
    // Only a change whose apply ran can have written the file: one denied,
    // expired, or refused because the file had changed wrote nothing,
    // whatever the file holds now.
    let refused = execution
        .result
        .as_ref()
        .is_some_and(|r| r.file_changed().is_some());
    if matches!(
        execution.status,
        ExecutionStatus::Denied | ExecutionStatus::Expired
    ) || refused
    {
        return Err(replies::file_never_written(&short, execution.status));
    }
    let executor = agent.dispatcher().executor();
    let read = file_edit::read(executor, &execution.target, &change.path)
        .await
        .map_err(|e| replies::cannot_undo(&short, &e.to_string()))?;
    if read.path != change.path {
        return Err(replies::cannot_undo(
            &short,
            &replies::moved(&change.path, &read.path),
        ));
    }
    let now = read.existing;
    let now_hash = now
        .as_ref()
        .map_or_else(|| "absent".to_string(), |e| e.meta.sha256.clone());
    if now_hash == change.expected() {
        // Whatever its status says, the file holds what it held before.
        return Err(match execution.status {
            ExecutionStatus::Completed => replies::already_undone(&short, &change.path),
            other => replies::file_never_written(&short, other),
        });
    }
    if now_hash != change.result_hash() {
        return Err(match execution.status {
            ExecutionStatus::Completed => {
                replies::cannot_undo(&short, &replies::changed_after(&change.path))
            }
            other => replies::file_never_written(&short, other),
        });
    }
    let restore = FileChange {
        path: change.path.clone(),
        before: now,
        after: change.before.as_ref().map(|e| e.content.clone()),
        create_mode: change.before.as_ref().map(|e| e.meta.mode.clone()),
        restores: Some(short.clone()),
    };
    Ok(Request {
        session_id: None,
        target: execution.target.clone(),
        command: restore.gate_command(),
        purpose: replies::restore_purpose(&short, &change.path),
        work: Work::write(restore),
        window: None,
        declared_risk: Some(RiskClass::ConfigMutation),
        requested_by: String::new(),
        turn_id: None,
    })
}

/// The request that rolls a container back to the snapshot taken before
/// the work, or why there is none.
async fn roll_back(agent: &Agent, execution: &Execution) -> Result<Request, String> {
    let short = short_id(execution.id);
    let Some(name) = execution.snapshot_name() else {
        return Err(replies::nothing_to_undo(&short));
    };
    let executor = agent.dispatcher().executor();
    let container = match executor.resolver().container_of(&execution.target).await {
        Ok(Some(container)) => container,
        Ok(None) => return Err(replies::nothing_to_undo(&short)),
        Err(e) => return Err(replies::cannot_undo(&short, &e.to_string())),
    };
    if let Some(why) = crate::exec::snapshot::rollback_blocker(executor, &container, name).await {
        return Err(replies::cannot_undo(&short, &why));
    }
    Ok(Request {
        session_id: None,
        target: Target::host_slug(&container.host.name),
        command: crate::exec::snapshot::rollback_command(container.vmid, name),
        purpose: replies::undo_purpose(&short, &execution.target, name),
        work: Work::command(),
        window: None,
        declared_risk: Some(RiskClass::Destructive),
        requested_by: String::new(),
        turn_id: None,
    })
}
