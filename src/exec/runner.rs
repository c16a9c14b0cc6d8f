//! Runs an approved execution through the store's state machine: claim it
//! (`approved → running`, exactly once), run it, and record how it ended
//! with its result serialised by serde. A run that could not start (host
//! down, wrong host key) is a failure with the reason, never lost.

use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;
use tracing::Instrument;
use uuid::Uuid;

use super::file_edit;
use super::{Executor, OutputSink, RunOutcome, discard, fleet, pct_create, snapshot};
use crate::domain::{
    ExecutionStatus, FileChanged, KnowledgeEdit, Report, RunReport, SnapshotPlan, Work,
    file::FileChange,
};
use crate::store::executions::{self, Execution, Finish};
use crate::store::knowledge::EditApplied;
use crate::store::{Store, StoreError};

/// Bytes of output kept in the execution row (the full result keeps the
/// executor's larger tail).
pub const ROW_TAIL_BYTES: usize = 4096;

/// What happened to an execution handed to [`execute`].
#[derive(Debug, Clone)]
pub enum Executed {
    /// Someone else claimed it (or it was not approved): nothing ran.
    NotClaimed,
    /// It ran (or failed to start) and its end is recorded.
    Finished {
        execution: Box<Execution>,
        status: ExecutionStatus,
    },
}

/// Claims and runs execution `id`.
pub async fn execute(
    store: &Store,
    executor: &Executor,
    id: Uuid,
    sink: OutputSink,
    cancel: CancellationToken,
) -> Result<Executed, StoreError> {
    let watch = Watch {
        sink,
        progress: fleet::Progress::default(),
        ready: None,
    };
    execute_notify(store, executor, Start::Claim(id), watch, cancel, |_| {}).await
}

/// Where a run starts from: an execution it claims (`approved` →
/// `running`), or one its approval's own commit claimed already
/// ([`executions::Answering::starts`]).
#[derive(Debug)]
pub enum Start {
    Claim(Uuid),
    Claimed(Box<Execution>),
}

impl Start {
    pub fn id(&self) -> Uuid {
        match self {
            Start::Claim(id) => *id,
            Start::Claimed(execution) => execution.id,
        }
    }
}

/// What a caller follows of a run while it goes: its output, and a
/// fleet's report.
pub struct Watch {
    pub sink: OutputSink,
    pub progress: fleet::Progress,
    /// Resolves (or is dropped) when the run may start: once the room
    /// shows it running, so the command's start does not compete with
    /// that edit for the machine (at most [`READY_WITHIN`] later).
    pub ready: Option<tokio::sync::oneshot::Receiver<()>>,
}

/// The longest a claimed run waits for its [`Watch::ready`].
pub const READY_WITHIN: std::time::Duration = std::time::Duration::from_millis(500);

/// Like [`execute`] from `start`, calling `claimed` with the row as soon
/// as it is `running` (so a card can say so before the command ends).
pub async fn execute_notify(
    store: &Store,
    executor: &Executor,
    start: Start,
    watch: Watch,
    cancel: CancellationToken,
    claimed: impl FnOnce(&Execution) + Send,
) -> Result<Executed, StoreError> {
    // Whether the claim is on the disk yet: an approval's own claim was
    // committed without waiting for it (`executions::answer`).
    let (execution, on_disk) = match start {
        Start::Claim(id) => match executions::claim(store, id, OffsetDateTime::now_utc()).await? {
            Some(execution) => (execution, true),
            None => return Ok(Executed::NotClaimed),
        },
        Start::Claimed(execution) if execution.status == ExecutionStatus::Running => {
            (*execution, false)
        }
        Start::Claimed(execution) => {
            tracing::warn!(execution = %execution.id, status = execution.status.as_str(), "handed a run that is not running; not started");
            return Ok(Executed::NotClaimed);
        }
    };
    let id = execution.id;
    tracing::debug!(execution = %id, "claimed to run");
    claimed(&execution);
    let mut watch = watch;
    if let Some(ready) = watch.ready.take() {
        tokio::select! {
            _ = ready => {}
            () = tokio::time::sleep(READY_WITHIN) => {}
            () = cancel.cancelled() => {}
        }
    }
    if !on_disk {
        // Nothing runs before its claim is on the disk. Once the running
        // edit has left: before, this commit's wait for the disk would
        // hold the database's write lock while the edit is queued.
        executions::record_start(store, &execution, OffsetDateTime::now_utc()).await?;
    }
    let span = tracing::info_span!("execution", execution = %id, target = %execution.target);
    run_claimed(store, executor, execution, watch, cancel)
        .instrument(span)
        .await
}

/// One target of a fleet, run to its recorded end (see
/// [`fleet::MemberRun`]): a boxed future of a plain function, as the
/// runner runs fleets and a fleet's targets through the runner again.
fn run_member(
    store: Store,
    executor: Executor,
    id: Uuid,
    cancel: CancellationToken,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Execution>> + Send>> {
    Box::pin(async move {
        let ran = execute(&store, &executor, id, discard(), cancel).await;
        if let Err(e) = &ran {
            tracing::warn!(execution = %id, error = %e, "a fleet target's run could not be recorded");
        }
        // Its row says what became of it, whatever the runner returned
        // (an end that could not be recorded leaves it `running`, which
        // the report shows as failed rather than "never ran").
        store.get_execution(id).await.ok().flatten()
    })
}

/// Runs a claimed execution and records how it ended. (A separate future
/// so its span is entered on every poll, never held across an await.)
async fn run_claimed(
    store: &Store,
    executor: &Executor,
    execution: Execution,
    watch: Watch,
    cancel: CancellationToken,
) -> Result<Executed, StoreError> {
    let id = execution.id;
    let Watch { sink, progress, .. } = watch;
    let limits = executor.settings().limits;
    let end = match &execution.work {
        Work::PctCreate(new) => {
            match pct_create::run(executor, store, new, limits, sink, cancel).await {
                Ok(created) => Finish {
                    status: ExecutionStatus::Completed,
                    exit_code: Some(0),
                    output_tail: Some(created.summary()),
                    truncated: false,
                    result: Report::Created(created),
                },
                Err(e) => failed(e.to_string()),
            }
        }
        Work::Run { snapshot, .. } => {
            let command = execution.command.clone();
            let work = Planned {
                execution: &execution,
                command: &command,
                snapshot: snapshot.as_ref(),
            };
            run_command(store, executor, work, limits, sink, cancel).await
        }
        Work::WriteFile { change, snapshot } => {
            let work = Planned {
                execution: &execution,
                command: "",
                snapshot: snapshot.as_ref(),
            };
            write_file(store, executor, work, change, limits, sink, cancel).await
        }
        Work::Fleet(plan) => {
            let crew = (store, executor, run_member as fleet::MemberRun);
            fleet::roll_out(crew, &execution, plan, &progress, cancel).await
        }
        Work::Knowledge(edit) => write_knowledge(store, &execution, edit).await,
    };
    let status = end.status;
    executions::finish(store, id, &end, OffsetDateTime::now_utc()).await?;
    tracing::info!(status = status.as_str(), "execution finished");
    Ok(Executed::Finished {
        execution: Box::new(execution),
        status,
    })
}

/// Applies a file change: its script refuses, writing nothing, when the
/// file is no longer what the card showed. When a snapshot would be taken
/// first, the file is checked before it too, so a change that cannot
/// apply costs no snapshot (and prunes none of the older ones).
async fn write_file(
    store: &Store,
    executor: &Executor,
    work: Planned<'_>,
    change: &FileChange,
    limits: super::Limits,
    sink: OutputSink,
    cancel: CancellationToken,
) -> Finish {
    if matches!(work.snapshot, Some(SnapshotPlan::Take)) {
        match changed_now(executor, &work.execution.target, change).await {
            Ok(None) => {}
            Ok(Some(now)) => return refused(change, &now, failed(String::new())),
            Err(e) => {
                return failed(format!(
                    "{} could not be checked before the snapshot, so nothing ran: {e}",
                    change.path
                ));
            }
        }
    }
    let script = file_edit::apply_script(change);
    let end = run_command(
        store,
        executor,
        Planned {
            command: &script,
            ..work
        },
        limits,
        sink,
        cancel,
    )
    .await;
    match file_edit::changed_since(end.exit_code, end.result.streams().1) {
        Some(now) => refused(change, &now, end),
        None => end,
    }
}

/// Writes an approved change to an operator's knowledge entry, with its
/// audit row, in one transaction of the store: nothing when the entry is no
/// longer what the card showed. (A crash after that transaction and before
/// the end is recorded leaves the execution interrupted; running it again
/// could write nothing, as the entry then differs from the card's.)
async fn write_knowledge(store: &Store, execution: &Execution, edit: &KnowledgeEdit) -> Finish {
    let slug = edit.slug.as_str();
    let audit = crate::store::audit::Entry {
        at: OffsetDateTime::now_utc(),
        actor: &execution.requested_by,
        via: crate::domain::Via::System,
        action: crate::store::audit::Action::KnowledgeWritten,
        execution_id: Some(execution.id),
        approval_id: None,
        risk_class: Some(execution.risk_class),
        detail: serde_json::json!({
            "slug": slug,
            "outcome": "updated",
            "title": edit.after.title,
            "written_by": "operator",
            "approved_on_card": true,
        }),
    };
    match store.apply_knowledge_edit(edit, &audit).await {
        Ok(EditApplied::Written) => {
            let note = format!("knowledge `{slug}` written as its card showed it");
            Finish {
                status: ExecutionStatus::Completed,
                exit_code: Some(0),
                output_tail: Some(note.clone()),
                truncated: false,
                result: Report::Ran(RunReport {
                    status: Some(crate::domain::RunStatus::Completed),
                    exit_code: Some(0),
                    note: Some(note),
                    ..RunReport::default()
                }),
            }
        }
        Ok(EditApplied::Changed) => failed(format!(
            "knowledge `{slug}` changed after its card was made, so nothing was written; \
             propose the change again against what it holds now"
        )),
        Err(e) => failed(format!("knowledge `{slug}` could not be written: {e}")),
    }
}

/// What the file is now, when it is not what `change` expects (`None`:
/// as expected), or why it cannot be read.
async fn changed_now(
    executor: &Executor,
    target: &str,
    change: &FileChange,
) -> Result<Option<String>, file_edit::ReadError> {
    let read = file_edit::read(executor, target, &change.path).await?;
    let now = if read.path != change.path {
        "moved".to_string()
    } else {
        read.existing
            .map_or_else(|| "absent".to_string(), |e| e.meta.sha256)
    };
    Ok((now != change.expected()).then_some(now))
}

/// `end`, made the refusal of a change whose file is `now` something else.
fn refused(change: &FileChange, now: &str, mut end: Finish) -> Finish {
    let text = file_edit::changed_text(change, now);
    end.status = ExecutionStatus::Failed;
    end.exit_code = Some(i64::from(file_edit::CHANGED_EXIT));
    end.output_tail = Some(text.clone());
    if let Report::Ran(run) = &mut end.result {
        run.error = None;
        run.file_changed = Some(FileChanged {
            path: change.path.clone(),
            now: now.to_string(),
        });
        run.note = Some(text);
    }
    end
}

/// A command of an execution, and the snapshot its card promised.
#[derive(Clone, Copy)]
struct Planned<'a> {
    execution: &'a Execution,
    command: &'a str,
    snapshot: Option<&'a SnapshotPlan>,
}

/// Runs a command, with the snapshot its card promised taken first (and
/// Nomos's older snapshots of the container pruned after). Work whose
/// snapshot cannot be taken does not run.
async fn run_command(
    store: &Store,
    executor: &Executor,
    work: Planned<'_>,
    limits: super::Limits,
    sink: OutputSink,
    cancel: CancellationToken,
) -> Finish {
    let Planned {
        execution, command, ..
    } = work;
    let snapshot = match work.snapshot {
        Some(SnapshotPlan::Take) => match snapshot_before(executor, execution).await {
            Ok(taken) => Some(taken),
            Err(why) => {
                return failed(format!(
                    "the snapshot before it could not be taken, so it did not run: {why}"
                ));
            }
        },
        Some(SnapshotPlan::Impossible { .. }) | None => None,
    };
    if let Some((_, name)) = &snapshot {
        if let Err(e) = executions::record_snapshot(store, execution.id, name).await {
            tracing::warn!(error = %e, "cannot record the snapshot taken");
        }
        if cancel.is_cancelled() {
            // Cancelled while the snapshot was taken: the work never starts.
            return Finish {
                status: crate::domain::ExecutionStatus::Cancelled,
                exit_code: None,
                output_tail: Some(super::NOT_STARTED.into()),
                truncated: false,
                result: Report::Ran(RunReport {
                    snapshot: Some(name.clone()),
                    note: Some(super::NOT_STARTED.into()),
                    ..RunReport::default()
                }),
            };
        }
    }
    // Read-only work runs confined; where it cannot be, only once a
    // person approved it.
    let ran = if execution.risk_class == nomos_classify::RiskClass::ReadOnly {
        let work = super::Unattended {
            command,
            network: execution.network,
            approved: approved_by_a_person(store, execution).await,
        };
        executor
            .run_unattended(&execution.target, work, limits, sink, cancel)
            .await
    } else {
        executor
            .run(&execution.target, command, limits, sink, cancel)
            .await
    };
    let mut end = match ran {
        Ok(outcome) => from_outcome(&outcome),
        Err(e) => failed(e.to_string()),
    };
    if let Some((container, name)) = snapshot {
        if let Report::Ran(run) = &mut end.result {
            run.snapshot = Some(name);
        }
        let retention = snapshot::Retention {
            keep: executor.settings().snapshot_keep,
            max_age: executor.settings().snapshot_max_age,
        };
        let pruned = snapshot::prune(executor, &container, retention).await;
        if !pruned.is_empty() {
            tracing::info!(?pruned, "pruned older Nomos snapshots");
        }
    }
    end
}

/// Takes the snapshot of the execution's container; its name.
async fn snapshot_before(
    executor: &Executor,
    execution: &Execution,
) -> Result<(super::target::Container, String), String> {
    let container = executor
        .resolver()
        .container_of(&execution.target)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{} is not a container", execution.target))?;
    let name = snapshot::name_for(&crate::domain::short_id(execution.id));
    snapshot::take(executor, &container, &name).await?;
    tracing::info!(%name, vmid = container.vmid, "snapshot taken before the work");
    Ok((container, name))
}

fn from_outcome(outcome: &RunOutcome) -> Finish {
    // What the confinement did is part of what the card and the model read.
    let tail = match &outcome.confinement {
        Some(said) => {
            let tail = outcome.tail(ROW_TAIL_BYTES.saturating_sub(said.len() + 4));
            let sep = if tail.is_empty() || tail.ends_with('\n') {
                ""
            } else {
                "\n"
            };
            format!("{tail}{sep}⛔ {said}")
        }
        None => outcome.tail(ROW_TAIL_BYTES),
    };
    Finish {
        status: outcome.status.execution_status(),
        exit_code: outcome.exit_code.map(i64::from),
        output_tail: Some(tail),
        truncated: outcome.truncated,
        result: Report::Ran(outcome.report()),
    }
}

fn failed(error: String) -> Finish {
    Finish {
        status: ExecutionStatus::Failed,
        exit_code: None,
        output_tail: Some(error.clone()),
        truncated: false,
        result: Report::not_started(error),
    }
}

/// Whether a person (not the policy) approved execution `id` (for a
/// fleet's target: the fleet).
async fn approved_by_a_person(store: &Store, execution: &Execution) -> bool {
    let id = execution.parent_id.unwrap_or(execution.id);
    match store.approval_for_execution(id).await {
        Ok(Some(approval)) => approval
            .decided_via
            .is_some_and(|via| via != crate::domain::Via::Policy),
        _ => false,
    }
}
