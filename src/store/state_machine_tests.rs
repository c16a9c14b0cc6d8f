//! The execution and approval state machines, driven through the store's
//! own functions on a SQLite file in a temporary folder: no service, so
//! `cargo test --lib` runs them on a bare machine. Every move the domain
//! allows is made once and seen in the rows, and the moves it does not
//! allow are refused (a second claim, a second finish, a second answer).

use std::collections::BTreeSet;

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::Store;
use super::executions::{
    self, Answer, Answered, Answering, Classified, Finish, Proposed, Request, WindowPlan, Withdrawn,
};
use crate::domain::{
    Admission, ApprovalStatus, ExecutionStatus, NetworkUse, Report, RiskClass, SurfaceKind, Via,
    Work,
};

const ROOM: &str = "!room:test";
const OPERATOR: &str = "@op:test";

fn t(seconds: i64) -> OffsetDateTime {
    OffsetDateTime::UNIX_EPOCH + Duration::days(20_000) + Duration::seconds(seconds)
}

/// The operator's answer at `t(1)` by `via`, carried by `event`, its
/// event not claimed and its work not started by the answer.
fn answering(approval: Uuid, via: Via, answer: Answer, event: &str) -> Answering<'_> {
    Answering {
        approval_id: approval,
        actor: OPERATOR,
        via,
        answer,
        now: t(1),
        event: Some(event),
        claimed_in: None,
        starts: false,
    }
}

/// A store in a fresh folder (kept alive by the returned guard).
async fn store() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}", dir.path().join("nomos.db").display());
    (Store::open(&url).await.expect("store"), dir)
}

/// Records what it sees: every execution and approval state each row went
/// through, as (from, to) pairs.
#[derive(Default)]
struct Seen {
    executions: BTreeSet<(ExecutionStatus, ExecutionStatus)>,
    approvals: BTreeSet<(ApprovalStatus, ApprovalStatus)>,
}

struct Lab {
    store: Store,
    session: Uuid,
    seen: Seen,
    n: u32,
    _dir: tempfile::TempDir,
}

impl Lab {
    async fn new() -> Lab {
        let (store, dir) = store().await;
        let session = store
            .open_session(ROOM, SurfaceKind::Matrix)
            .await
            .expect("session")
            .id;
        Lab {
            store,
            session,
            seen: Seen::default(),
            n: 0,
            _dir: dir,
        }
    }

    /// Proposes a new command of `class` as the gate would admit it.
    async fn propose(&mut self, class: RiskClass, admission: Admission) -> Proposed {
        self.n += 1;
        let request = Request {
            session_id: Some(self.session),
            target: "lxc:web".into(),
            command: format!("step {}", self.n),
            purpose: "test".into(),
            work: Work::command(),
            window: None,
            declared_risk: None,
            requested_by: OPERATOR.into(),
            turn_id: None,
        };
        let classified = Classified {
            class,
            network: NetworkUse::None,
        };
        executions::propose(
            &self.store,
            &request,
            classified,
            &admission,
            t(0),
            Duration::minutes(10),
        )
        .await
        .expect("propose")
    }

    /// A pending change and its approval id.
    async fn waiting(&mut self) -> (Uuid, Uuid) {
        match self
            .propose(RiskClass::ConfigMutation, Admission::NeedsApproval)
            .await
        {
            Proposed::Awaiting {
                execution,
                approval,
            } => {
                assert_eq!(execution.status, ExecutionStatus::PendingApproval);
                assert_eq!(approval.status, ApprovalStatus::Pending);
                (execution.id, approval.id)
            }
            other => panic!("not waiting: {other:?}"),
        }
    }

    async fn answer(&mut self, approval: Uuid, answer: Answer, event: &str) -> Answered {
        let answering = answering(approval, Via::Reaction, answer, event);
        let before = self.statuses(approval).await;
        let answered = executions::answer(&self.store, &answering, &WindowPlan::default())
            .await
            .expect("answer");
        self.note(approval, before).await;
        answered
    }

    /// The approval's and its execution's states.
    async fn statuses(&self, approval: Uuid) -> (ApprovalStatus, ExecutionStatus) {
        let a = self
            .store
            .get_approval(approval)
            .await
            .expect("read")
            .expect("approval");
        let e = self
            .store
            .get_execution(a.execution_id)
            .await
            .expect("read")
            .expect("execution");
        (a.status, e.status)
    }

    async fn note(&mut self, approval: Uuid, before: (ApprovalStatus, ExecutionStatus)) {
        let after = self.statuses(approval).await;
        if before.0 != after.0 {
            self.seen.approvals.insert((before.0, after.0));
        }
        if before.1 != after.1 {
            self.seen.executions.insert((before.1, after.1));
        }
    }

    async fn status(&self, id: Uuid) -> ExecutionStatus {
        self.store
            .get_execution(id)
            .await
            .expect("read")
            .expect("execution")
            .status
    }

    async fn claim(&mut self, id: Uuid) -> bool {
        let before = self.status(id).await;
        let claimed = executions::claim(&self.store, id, t(2))
            .await
            .expect("claim")
            .is_some();
        self.moved(id, before).await;
        claimed
    }

    async fn finish(&mut self, id: Uuid, status: ExecutionStatus) -> bool {
        let before = self.status(id).await;
        let end = Finish {
            status,
            exit_code: Some(0),
            output_tail: None,
            truncated: false,
            result: Report::not_started(String::new()),
        };
        let done = executions::finish(&self.store, id, &end, t(3))
            .await
            .expect("finish");
        self.moved(id, before).await;
        done
    }

    async fn moved(&mut self, id: Uuid, before: ExecutionStatus) {
        let after = self.status(id).await;
        if after != before {
            self.seen.executions.insert((before, after));
        }
    }
}

#[tokio::test]
async fn every_allowed_move_is_made_and_the_others_are_refused() {
    let mut lab = Lab::new().await;
    every_ending(&mut lab).await;
    denied_and_expired(&mut lab).await;
    withdrawn(&mut lab).await;
    policy_runs_at_once(&mut lab).await;
    let allowed: BTreeSet<(ExecutionStatus, ExecutionStatus)> = ExecutionStatus::ALL
        .iter()
        .flat_map(|a| ExecutionStatus::ALL.iter().map(move |b| (*a, *b)))
        .filter(|(a, b)| a.may_become(*b))
        .collect();
    assert_eq!(lab.seen.executions, allowed, "every allowed execution move");
    use ApprovalStatus::*;
    let approval_moves: BTreeSet<(ApprovalStatus, ApprovalStatus)> = [
        (Pending, Approved),
        (Pending, Denied),
        (Pending, Expired),
        (Approved, Pending),
    ]
    .into_iter()
    .collect();
    assert_eq!(lab.seen.approvals, approval_moves, "every approval move");
}

/// Approved by a person, claimed once, finished once, in each ending.
async fn every_ending(lab: &mut Lab) {
    for ending in [
        ExecutionStatus::Completed,
        ExecutionStatus::Failed,
        ExecutionStatus::TimedOut,
        ExecutionStatus::Cancelled,
    ] {
        let (id, approval) = lab.waiting().await;
        let event = format!("$ok-{ending}");
        assert!(matches!(
            lab.answer(approval, Answer::Approve, &event).await,
            Answered::Won { .. }
        ));
        assert!(matches!(
            lab.answer(approval, Answer::Deny, "$late").await,
            Answered::Lost(_)
        ));
        assert!(lab.claim(id).await, "the first claim runs it");
        assert!(!lab.claim(id).await, "a second claim runs nothing");
        assert!(lab.finish(id, ending).await);
        assert!(!lab.finish(id, ExecutionStatus::Completed).await);
        assert_eq!(lab.status(id).await, ending);
    }
}

/// Denied, and expired.
async fn denied_and_expired(lab: &mut Lab) {
    // Denied.
    let (id, approval) = lab.waiting().await;
    assert!(matches!(
        lab.answer(approval, Answer::Deny, "$no").await,
        Answered::Won { .. }
    ));
    assert!(!lab.claim(id).await, "denied work never runs");
    assert_eq!(lab.status(id).await, ExecutionStatus::Denied);

    // Expired.
    let (id, approval) = lab.waiting().await;
    let before = lab.statuses(approval).await;
    let expired = executions::expire_due(&lab.store, t(0) + Duration::minutes(11))
        .await
        .expect("expire");
    assert!(expired.iter().any(|a| a.id == approval));
    lab.note(approval, before).await;
    assert_eq!(lab.status(id).await, ExecutionStatus::Expired);
}

/// Withdrawn before it started, not by someone else, too late once it
/// runs; then a restart interrupts what ran and what never started.
async fn withdrawn(lab: &mut Lab) {
    // Approved, then the ✅ withdrawn before it started: waiting again.
    let (id, approval) = lab.waiting().await;
    lab.answer(approval, Answer::Approve, "$withdrawn").await;
    let before = lab.statuses(approval).await;
    let withdrawn = executions::withdraw(&lab.store, ROOM, "$withdrawn", OPERATOR, t(2))
        .await
        .expect("withdraw");
    assert!(matches!(
        withdrawn.as_slice(),
        [Withdrawn::BackToPending { .. }]
    ));
    lab.note(approval, before).await;
    assert_eq!(lab.status(id).await, ExecutionStatus::PendingApproval);
    // Withdrawn by someone else's redaction: nothing moves.
    lab.answer(approval, Answer::Approve, "$again").await;
    let other = executions::withdraw(&lab.store, ROOM, "$again", "@else:test", t(2))
        .await
        .expect("withdraw");
    assert!(other.is_empty());
    // Too late once it runs.
    assert!(lab.claim(id).await);
    let late = executions::withdraw(&lab.store, ROOM, "$again", OPERATOR, t(3))
        .await
        .expect("withdraw");
    assert!(matches!(late.as_slice(), [Withdrawn::TooLate { .. }]));

    // A restart: what ran and what was approved but never started are
    // interrupted, and nothing runs again by itself.
    let (queued, approval) = lab.waiting().await;
    lab.answer(approval, Answer::Approve, "$queued").await;
    let (running_before, queued_before) = (lab.status(id).await, lab.status(queued).await);
    let interrupted = executions::interrupt_running(&lab.store, t(4))
        .await
        .expect("interrupt");
    let ids: BTreeSet<Uuid> = interrupted.iter().map(|e| e.id).collect();
    assert!(ids.contains(&id) && ids.contains(&queued), "{ids:?}");
    lab.moved(id, running_before).await;
    lab.moved(queued, queued_before).await;
    for id in [id, queued] {
        assert_eq!(lab.status(id).await, ExecutionStatus::Interrupted);
        assert!(!lab.claim(id).await);
    }
}

/// Read-only work the policy runs is recorded approved at once.
async fn policy_runs_at_once(lab: &mut Lab) {
    match lab
        .propose(RiskClass::ReadOnly, Admission::RunNow { via: Via::Policy })
        .await
    {
        Proposed::RunNow { execution, via } => {
            assert_eq!(
                (execution.status, via),
                (ExecutionStatus::Approved, Via::Policy)
            );
        }
        other => panic!("not run now: {other:?}"),
    }
}

#[tokio::test]
async fn destructive_work_is_approved_only_by_its_phrase() {
    let mut lab = Lab::new().await;
    let proposed = lab
        .propose(
            RiskClass::Destructive,
            Admission::NeedsTypedConfirmation {
                phrase: "confirm rm lxc:web".into(),
            },
        )
        .await;
    let Proposed::Awaiting { approval, .. } = proposed else {
        panic!("destructive work waits");
    };
    assert!(matches!(
        lab.answer(approval.id, Answer::Approve, "$tick").await,
        Answered::Lost(_)
    ));
    let typed = answering(approval.id, Via::Typed, Answer::Approve, "$typed");
    let answered = executions::answer(&lab.store, &typed, &WindowPlan::default())
        .await
        .expect("answer");
    assert!(matches!(answered, Answered::Won { .. }));
}

/// An approval that starts its work claims it in the same commit: the
/// execution is `running` from it, its trail says approved (then started,
/// once the runner's own commit records the start), nothing claims it
/// again, and a denial or a lost answer claims nothing.
#[tokio::test]
async fn an_approval_that_starts_claims_in_its_own_commit() {
    let mut lab = Lab::new().await;
    let answering = |approval, answer, event| Answering {
        starts: true,
        ..answering(approval, Via::Reaction, answer, event)
    };
    let plan = WindowPlan::default();
    let (id, approval) = lab.waiting().await;
    let won = executions::answer(
        &lab.store,
        &answering(approval, Answer::Approve, "$go"),
        &plan,
    )
    .await
    .expect("answer");
    let Answered::Won {
        execution, claimed, ..
    } = won
    else {
        panic!("the approval wins: {won:?}");
    };
    assert!(claimed, "this call claimed it");
    assert_eq!(execution.status, ExecutionStatus::Running);
    assert_eq!(execution.started_at, Some(t(1)));
    assert_eq!(lab.status(id).await, ExecutionStatus::Running);
    assert!(!lab.claim(id).await, "claimed once, by the approval");
    let trail_of = |store: Store| async move {
        store
            .audit_for_execution(id)
            .await
            .expect("trail")
            .iter()
            .map(|row| row.action.as_str().to_string())
            .collect::<Vec<String>>()
    };
    let before = trail_of(lab.store.clone()).await;
    assert_eq!(
        before.last().map(String::as_str),
        Some("approved"),
        "started only when the runner's commit says so: {before:?}"
    );
    executions::record_start(&lab.store, &execution, t(2))
        .await
        .expect("the start on the disk");
    let trail = trail_of(lab.store.clone()).await;
    let tail: Vec<&str> = trail
        .iter()
        .rev()
        .take(2)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(tail, ["approved", "started"], "{trail:?}");
    let late = answering(approval, Answer::Approve, "$again");
    assert!(matches!(
        executions::answer(&lab.store, &late, &plan)
            .await
            .expect("answer"),
        Answered::Lost(_)
    ));

    let (id, approval) = lab.waiting().await;
    let denied = answering(approval, Answer::Deny, "$no");
    assert!(matches!(
        executions::answer(&lab.store, &denied, &plan)
            .await
            .expect("answer"),
        Answered::Won { claimed: false, .. }
    ));
    assert_eq!(lab.status(id).await, ExecutionStatus::Denied);
}
