//! A fleet execution's rollout: the approved card's targets run in
//! batches, each target as an execution of its own (claimed, run and
//! finished through the one state machine, with the snapshot its card
//! promised), the next batch only once the last has ended and the failures
//! are below the threshold. What each target did is recorded on the fleet
//! row after every end, so a crash leaves the rollout's last known state.

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::Executor;
use crate::domain::fleet::{
    FleetPlan, FleetReport, MemberReport, MemberState, Next, Rollout, Stopped,
};
use crate::domain::{Execution, ExecutionStatus, Report};
use crate::store::Store;
use crate::store::executions::{self, Finish};

/// A rollout's report as it goes, for whoever shows it live: the report
/// and a counter that moves with every change; and the signal that Nomos
/// is stopping, after which no further batch starts.
#[derive(Clone, Default)]
pub struct Progress {
    inner: Arc<Mutex<(u64, Option<FleetReport>)>>,
    stopping: CancellationToken,
}

impl Progress {
    /// A progress whose rollout starts no batch once `stopping` is
    /// cancelled (what runs is left to finish in the shutdown's grace).
    pub fn until(stopping: CancellationToken) -> Progress {
        Progress {
            inner: Arc::default(),
            stopping,
        }
    }

    /// Why no further batch may start now, if none may.
    fn halt(&self, cancel: &CancellationToken) -> Option<Stopped> {
        if cancel.is_cancelled() {
            Some(Stopped::Cancelled)
        } else if self.stopping.is_cancelled() {
            Some(Stopped::Shutdown)
        } else {
            None
        }
    }

    /// The latest report and its change counter.
    pub fn latest(&self) -> (u64, Option<FleetReport>) {
        match self.inner.lock() {
            Ok(g) => (g.0, g.1.clone()),
            Err(_) => (0, None),
        }
    }

    fn set(&self, report: &FleetReport) {
        if let Ok(mut g) = self.inner.lock() {
            g.0 += 1;
            g.1 = Some(report.clone());
        }
    }
}

/// Runs one target's execution to its recorded end (`None`: its end
/// could not be read). The runner hands its own in: it runs fleets, and a
/// fleet's targets through it again, so the rollout does not import it.
pub type MemberRun =
    fn(
        Store,
        Executor,
        Uuid,
        CancellationToken,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Execution>> + Send>>;

/// Characters of a target's last output line a report keeps.
const LINE_CHARS: usize = 160;

/// Rolls `plan` out for the claimed fleet execution `fleet`.
pub(super) async fn roll_out(
    (store, executor, run_member): (&Store, &Executor, MemberRun),
    fleet: &Execution,
    plan: &FleetPlan,
    progress: &Progress,
    cancel: CancellationToken,
) -> Finish {
    let mut report = FleetReport::waiting(plan);
    progress.set(&report);
    loop {
        match Rollout::next(plan, &report, progress.halt(&cancel)) {
            Next::Done => break,
            Next::Stop(why) => {
                Rollout::skip_rest(&mut report, why);
                break;
            }
            Next::Batch(batch) => {
                let crew = (store, executor, run_member);
                run_batch(crew, fleet, plan, &batch, &mut report, progress, &cancel).await;
            }
        }
    }
    if cancel.is_cancelled() && report.stopped.is_none() {
        // Cancelled during the last batch: said as such, not as failed.
        report.stopped = Some(Stopped::Cancelled);
    }
    progress.set(&report);
    finish_of(report)
}

/// Starts every member of `batch` at once and waits for all of them,
/// recording each end as it comes.
async fn run_batch(
    (store, executor, run_member): (&Store, &Executor, MemberRun),
    fleet: &Execution,
    plan: &FleetPlan,
    batch: &[usize],
    report: &mut FleetReport,
    progress: &Progress,
    cancel: &CancellationToken,
) {
    let mut running: JoinSet<(usize, Option<Execution>)> = JoinSet::new();
    for &i in batch {
        if progress.halt(cancel).is_some() {
            // Cancelled while the batch was starting: the rest stay
            // waiting, and the rollout skips them.
            break;
        }
        let member = &plan.members[i];
        let now = OffsetDateTime::now_utc();
        let id = match executions::start_member(store, fleet, member, now).await {
            Ok(row) => row.id,
            Err(e) => {
                let m = &mut report.members[i];
                m.state = MemberState::Failed;
                m.line = Some(format!("could not be recorded, so it did not run: {e}"));
                continue;
            }
        };
        report.members[i].state = MemberState::Running;
        report.members[i].execution = Some(id);
        let (store, executor, cancel) = (store.clone(), executor.clone(), cancel.child_token());
        let run = run_member(store, executor, id, cancel);
        running.spawn(async move { (i, run.await) });
    }
    note(store, fleet.id, report, progress).await;
    while let Some(joined) = running.join_next().await {
        let Ok((i, ended)) = joined else {
            continue;
        };
        if ended
            .as_ref()
            .is_some_and(|e| e.status == ExecutionStatus::Approved)
        {
            // Never claimed: nothing ran.
            report.members[i] = member_report(&report.members[i], None);
            note(store, fleet.id, report, progress).await;
            continue;
        }
        report.members[i] = member_report(&report.members[i], ended.as_ref());
        note(store, fleet.id, report, progress).await;
    }
}

/// Shows and records the report as it stands.
async fn note(store: &Store, fleet: Uuid, report: &FleetReport, progress: &Progress) {
    progress.set(report);
    if let Err(e) = executions::record_progress(store, fleet, &Report::Fleet(report.clone())).await
    {
        tracing::warn!(%fleet, error = %e, "cannot record the rollout's progress");
    }
}

/// A member's line once its execution ended (`None`: its row is gone or
/// it never ran, which is a failure to say so).
fn member_report(before: &MemberReport, ended: Option<&Execution>) -> MemberReport {
    let mut out = before.clone();
    let Some(row) = ended else {
        out.state = MemberState::Failed;
        out.line = Some("it did not run (its execution could not be claimed)".into());
        return out;
    };
    out.state = match row.status {
        ExecutionStatus::Completed => MemberState::Completed,
        ExecutionStatus::TimedOut => MemberState::TimedOut,
        ExecutionStatus::Cancelled => MemberState::Cancelled,
        ExecutionStatus::Interrupted => MemberState::Interrupted,
        ExecutionStatus::Failed
        | ExecutionStatus::PendingApproval
        | ExecutionStatus::Approved
        | ExecutionStatus::Running
        | ExecutionStatus::Denied
        | ExecutionStatus::Expired => MemberState::Failed,
    };
    out.exit_code = row.exit_code;
    out.snapshot = row.snapshot_name().map(str::to_string);
    out.line = row.output_tail.as_deref().and_then(last_line);
    out
}

/// The last line of `text` with something on it, cut to a card's width.
pub fn last_line(text: &str) -> Option<String> {
    let line = text.lines().rev().find(|l| !l.trim().is_empty())?.trim();
    Some(match line.char_indices().nth(LINE_CHARS) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    })
}

/// How the fleet execution ends: completed when every target completed,
/// cancelled when someone stopped it or Nomos was stopping, failed
/// otherwise (the exit code is the number of targets that failed).
fn finish_of(report: FleetReport) -> Finish {
    let status = match report.stopped {
        _ if report.all_completed() => ExecutionStatus::Completed,
        Some(Stopped::Cancelled | Stopped::Shutdown) => ExecutionStatus::Cancelled,
        Some(Stopped::Threshold { .. }) | None => ExecutionStatus::Failed,
    };
    let failures = i64::from(report.failures());
    Finish {
        status,
        exit_code: Some(failures),
        output_tail: Some(report.summary()),
        truncated: false,
        result: Report::Fleet(report),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_line_with_words_is_kept_and_cut() {
        assert_eq!(last_line("a\nb\n\n  \n").as_deref(), Some("b"));
        assert_eq!(last_line(" \n"), None);
        let long = "é".repeat(200);
        let cut = last_line(&long).unwrap();
        assert_eq!(cut.chars().count(), LINE_CHARS + 1);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn a_rollout_ends_by_what_its_targets_did() {
        let mut report = FleetReport {
            members: vec![MemberReport {
                target: "lxc:a".into(),
                state: MemberState::Completed,
                execution: None,
                exit_code: Some(0),
                line: None,
                snapshot: None,
            }],
            stopped: None,
        };
        assert_eq!(finish_of(report.clone()).status, ExecutionStatus::Completed);
        report.members[0].state = MemberState::Failed;
        let end = finish_of(report.clone());
        assert_eq!(
            (end.status, end.exit_code),
            (ExecutionStatus::Failed, Some(1))
        );
        report.members[0].state = MemberState::Skipped;
        report.stopped = Some(Stopped::Cancelled);
        assert_eq!(finish_of(report.clone()).status, ExecutionStatus::Cancelled);
        report.stopped = Some(Stopped::Shutdown);
        assert_eq!(finish_of(report.clone()).status, ExecutionStatus::Cancelled);
        report.stopped = Some(Stopped::Threshold { failures: 1 });
        assert_eq!(finish_of(report).status, ExecutionStatus::Failed);
    }
}
