//! The gate's state machine on both databases: exactly-once decisions under
//! a 20-way race, windows (same action and target vs other, expiry
//! boundary, revoke, config vs destructive, none on a hypervisor, for
//! opaque work or with four-eyes), "already queued", expiry, refusals, and assent
//! that only reaches the preceding turn's non-destructive approvals.

use std::sync::Arc;

use nomos::approvals::{ApprovalSettings, Gate, Outcome, Refusal, Request};
use nomos::domain::{ApprovalStatus, ExecutionStatus, RiskClass, Via, WindowKind};
use nomos::gate::approvers::Approvers;
use nomos::store::Store;
use nomos::store::executions::{self, Answer, Answered, Approval, Proposed};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::support::{fresh_pg_database, sqlite_url};

const OPERATOR: &str = "@operator:localhost";
/// The requester and a second approver of the four-eyes test.
const ASKER: &str = "@asker:localhost";
const SECOND: &str = "@second:localhost";

/// Runs `scenario` on a fresh SQLite and a fresh PostgreSQL store.
async fn on_both<F, Fut>(scenario: F)
where
    F: Fn(Store, &'static str) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let dir = tempfile::tempdir().expect("tempdir");
    let sqlite = Store::open(&sqlite_url(dir.path())).await.expect("sqlite");
    scenario(sqlite, "sqlite").await;
    let pg = Store::open(&fresh_pg_database().await)
        .await
        .expect("postgres");
    scenario(pg, "postgres").await;
}

fn gate(store: &Store, approvers: &[&str]) -> Gate {
    Gate::new(
        store.clone(),
        Approvers::new(approvers.iter().copied()),
        ApprovalSettings::default(),
    )
}

fn request(session: Uuid, target: &str, command: &str) -> Request {
    Request {
        session_id: Some(session),
        work: nomos::domain::Work::command(),
        target: target.into(),
        command: command.into(),
        purpose: "test".into(),
        window: None,
        declared_risk: None,
        requested_by: "agent".into(),
        turn_id: None,
    }
}

/// The work of a `pct_create` of container `hostname`.
fn container(hostname: &str) -> nomos::domain::Work {
    let new = serde_json::from_value(serde_json::json!({"hostname": hostname, "ip": "dhcp"}))
        .expect("a container");
    nomos::domain::Work::PctCreate(Box::new(new))
}

/// A fixed instant, so expiry boundaries are exact.
fn t0() -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_900_000_000).expect("time")
}

/// A typed message that replies to no card.
fn typed<'a>(
    actor: &'a str,
    message: &'a str,
    candidates: &'a [Uuid],
) -> nomos::approvals::Typed<'a> {
    nomos::approvals::Typed {
        actor,
        message,
        event: None,
        candidates,
        replied_to: None,
        said_at: None,
    }
}

fn awaiting(outcome: &Proposed) -> Approval {
    match outcome {
        Proposed::Awaiting { approval, .. } => approval.clone(),
        other => panic!("expected an approval to be needed, got {other:?}"),
    }
}

fn run_now_via(outcome: &Proposed) -> Via {
    match outcome {
        Proposed::RunNow { via, .. } => *via,
        other => panic!("expected to run now, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_deciders_have_exactly_one_winner() {
    on_both(|store, backend| async move {
        let deciders: Vec<String> = (0..20).map(|i| format!("@op{i}:localhost")).collect();
        let names: Vec<&str> = deciders.iter().map(String::as_str).collect();
        let gate = Arc::new(gate(&store, &names));
        let session = store
            .open_session(
                &format!("!race-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let proposal = gate
            .propose(
                &request(session.id, "lxc:caddy", "systemctl restart caddy"),
                t0(),
            )
            .await
            .expect("propose");
        let approval = awaiting(&proposal.outcome);

        let mut tasks = Vec::new();
        for (i, who) in deciders.iter().enumerate() {
            let (gate, approval, who) = (gate.clone(), approval.clone(), who.clone());
            let answer = if i % 2 == 0 {
                Answer::Approve
            } else {
                Answer::Deny
            };
            tasks.push(tokio::spawn(async move {
                gate.decide(
                    &approval,
                    &who,
                    Via::Reaction,
                    answer,
                    t0() + Duration::seconds(1),
                )
                .await
            }));
        }
        let mut winners = Vec::new();
        let mut losers = 0;
        for task in tasks {
            match task.await.expect("task").expect("decide") {
                Outcome::Answered(Answered::Won { approval, .. }) => winners.push(approval),
                Outcome::Answered(Answered::Lost(_)) => losers += 1,
                other => panic!("{backend}: unexpected {other:?}"),
            }
        }
        assert_eq!(winners.len(), 1, "{backend}: exactly one winner");
        assert_eq!(losers, 19, "{backend}");
        one_decision_is_audited_and_the_execution_follows_it(&store, &approval, &winners, backend)
            .await;
    })
    .await;
}

/// One decision row, the winner's, is audited, and the execution follows
/// the winner.
async fn one_decision_is_audited_and_the_execution_follows_it(
    store: &Store,
    approval: &Approval,
    winners: &[Approval],
    backend: &str,
) {
    let winner = &winners[0];
    let audit = store
        .audit_for_execution(approval.execution_id)
        .await
        .expect("audit");
    let decisions: Vec<_> = audit
        .iter()
        .filter(|r| {
            r.action == nomos::store::audit::Action::Approved
                || r.action == nomos::store::audit::Action::Denied
        })
        .collect();
    assert_eq!(decisions.len(), 1, "{backend}: one decision row: {audit:?}");
    assert_eq!(
        decisions[0].actor,
        winner.decided_by.clone().expect("decided_by")
    );
    assert_eq!(decisions[0].via, Via::Reaction);
    assert_eq!(decisions[0].risk_class, Some(RiskClass::ConfigMutation));
    let execution = store
        .get_execution(approval.execution_id)
        .await
        .expect("get")
        .expect("exists");
    let follows = match winner.status {
        ApprovalStatus::Approved => ExecutionStatus::Approved,
        ApprovalStatus::Denied => ExecutionStatus::Denied,
        other => panic!("{backend}: the winner left the approval {other}"),
    };
    assert_eq!(
        execution.status, follows,
        "{backend}: execution follows the winner"
    );
    println!(
        "{backend}: 20 deciders, 1 winner ({} via reaction, {}), 19 lost",
        winner.decided_by.as_deref().unwrap_or("?"),
        winner.status
    );
}

#[tokio::test]
async fn windows_cover_their_class_action_and_target_until_they_expire() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let session = store
            .open_session(
                &format!("!win-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let s = session.id;

        destructive_work_needs_its_exact_phrase(&store, &gate, s, backend).await;
        a_destructive_window_covers_its_action_and_target_until_it_expires(&gate, s, backend).await;
        the_assent_window_covers_config_for_30_minutes(&gate, s, backend).await;
    })
    .await;
}

/// Destructive work needs its phrase: a reaction is refused, even by the
/// store when the gate is bypassed; the exact phrase approves and opens
/// an assent and a destructive window.
async fn destructive_work_needs_its_exact_phrase(
    store: &Store,
    gate: &Gate,
    s: Uuid,
    backend: &str,
) {
    // Destructive work needs its phrase: a reaction is refused.
    let stop = gate
        .propose(&request(s, "lxc:web", "systemctl stop caddy"), t0())
        .await
        .expect("propose");
    let approval = awaiting(&stop.outcome);
    assert_eq!(
        approval.confirmation_phrase.as_deref(),
        Some("confirm stop lxc:web")
    );
    let refused = gate
        .decide(&approval, OPERATOR, Via::Reaction, Answer::Approve, t0())
        .await
        .expect("decide");
    assert!(
        matches!(refused, Outcome::Refused(Refusal::NeedsPhrase)),
        "{backend}: {refused:?}"
    );
    // Even bypassing the gate, the store refuses a loose approval of destructive work.
    let raw = executions::answer(
        store,
        &executions::Answering {
            approval_id: approval.id,
            actor: OPERATOR,
            via: Via::Reaction,
            answer: Answer::Approve,
            now: t0(),
            event: None,
            claimed_in: None,
            starts: false,
        },
        &Default::default(),
    )
    .await
    .expect("raw");
    assert!(matches!(raw, Answered::Lost(_)), "{backend}: {raw:?}");
    assert!(matches!(
        gate.confirm(&typed(OPERATOR, "yes", &[approval.id]), t0())
            .await
            .expect("confirm"),
        nomos::approvals::Confirmation::NoMatch
    ));
    let confirmed = gate
        .confirm(
            &typed(OPERATOR, " confirm stop lxc:web ", &[approval.id]),
            t0(),
        )
        .await
        .expect("confirm");
    assert!(
        matches!(confirmed, nomos::approvals::Confirmation::Approved(_)),
        "{backend}: the exact phrase approves"
    );

    let open = store.list_windows(s, t0()).await.expect("windows");
    assert_eq!(open.len(), 2, "{backend}: assent + destructive: {open:?}");
    let destructive = open
        .iter()
        .find(|w| w.kind == WindowKind::Destructive)
        .expect("a destructive window");
    assert_eq!(destructive.action.as_deref(), Some("systemctl stop"));
    assert_eq!(destructive.target.as_deref(), Some("lxc:web"));
}

/// The same action on the same target runs within the window, up to its
/// last second; another action, a mixed command, the expiry instant and
/// another target each need their own phrase.
async fn a_destructive_window_covers_its_action_and_target_until_it_expires(
    gate: &Gate,
    s: Uuid,
    backend: &str,
) {
    // The same action on the same target runs within the window, up to
    // its last second.
    let almost = t0() + Duration::minutes(15) - Duration::seconds(1);
    let again = gate
        .propose(&request(s, "lxc:web", "systemctl stop nginx"), almost)
        .await
        .expect("propose");
    assert_eq!(run_now_via(&again.outcome), Via::Window, "{backend}");
    // Another destructive action on that target needs its own phrase,
    // and so does a command mixing the covered action with another.
    // The same verb by another program is another action: the window is
    // keyed by the program and its verb, not by the word `stop`.
    for command in [
        "rm -rf /var/lib/caddy",
        "systemctl stop caddy; mkfs.ext4 /dev/sdb",
        "docker stop web",
        "pct stop 101",
        "service caddy stop",
    ] {
        let other = gate
            .propose(&request(s, "lxc:web", command), t0())
            .await
            .expect("propose");
        assert!(
            awaiting(&other.outcome).confirmation_phrase.is_some(),
            "{backend}: {command} must not run from a `stop` window"
        );
    }
    // At the expiry instant it is closed.
    let later = gate
        .propose(
            &request(s, "lxc:web", "systemctl stop redis"),
            t0() + Duration::minutes(15),
        )
        .await
        .expect("propose");
    awaiting(&later.outcome);
    // Another target always needs its own phrase.
    let other = gate
        .propose(&request(s, "lxc:db", "systemctl stop caddy"), t0())
        .await
        .expect("propose");
    assert_eq!(
        awaiting(&other.outcome).confirmation_phrase.as_deref(),
        Some("confirm stop lxc:db")
    );
}

/// The approval also opened the assent window: config mutations run,
/// until 30 minutes have passed; read-only work runs by policy.
async fn the_assent_window_covers_config_for_30_minutes(gate: &Gate, s: Uuid, backend: &str) {
    // The approval (on lxc:web) also opened the assent window for its
    // target: config mutations there run, until 30 minutes have passed.
    let restart = gate
        .propose(
            &request(s, "lxc:web", "systemctl restart caddy"),
            t0() + Duration::minutes(29),
        )
        .await
        .expect("propose");
    assert_eq!(run_now_via(&restart.outcome), Via::Window, "{backend}");
    // Not on another container, nor on the host under it: the window
    // covers the approved card's target, not the conversation.
    for elsewhere in ["lxc:caddy", "host:pve"] {
        let other = gate
            .propose(
                &request(s, elsewhere, "systemctl restart caddy"),
                t0() + Duration::minutes(1),
            )
            .await
            .expect("propose");
        awaiting(&other.outcome);
    }
    let reload = gate
        .propose(
            &request(s, "lxc:web", "systemctl reload caddy"),
            t0() + Duration::minutes(30),
        )
        .await
        .expect("propose");
    awaiting(&reload.outcome);

    // Read-only work runs by policy, window or not.
    let status = gate
        .propose(
            &request(s, "lxc:caddy", "systemctl status caddy"),
            t0() + Duration::hours(5),
        )
        .await
        .expect("propose");
    assert_eq!(run_now_via(&status.outcome), Via::Policy);
}

#[tokio::test]
async fn no_destructive_window_on_a_hypervisor_for_opaque_work_or_with_four_eyes() {
    const SECOND: &str = "@second:localhost";
    on_both(|store, backend| async move {
        let gates = [
            ("plain", gate(&store, &[OPERATOR, SECOND])),
            (
                "four-eyes",
                gate(&store, &[OPERATOR, SECOND]).with_four_eyes(true),
            ),
        ];
        for (rule, gate) in gates {
            let session = store
                .open_session(
                    &format!("!nowin-{rule}-{backend}:localhost"),
                    nomos::domain::SurfaceKind::Matrix,
                )
                .await
                .expect("session");
            let s = session.id;
            // (target, first command, a second command with the same action)
            let mut cases = vec![
                ("host:pve", "pct stop 160", "pct stop 161"),
                ("lxc:web", "bash -c \"$CMD\"", "bash -c \"$OTHER\""),
            ];
            if rule == "four-eyes" {
                cases.push(("lxc:web", "systemctl stop caddy", "systemctl stop nginx"));
            }
            for (target, first, second) in cases {
                let proposed = gate
                    .propose(&request(s, target, first), t0())
                    .await
                    .expect("propose");
                let approval = awaiting(&proposed.outcome);
                let phrase = approval.confirmation_phrase.clone().expect("phrase");
                let confirmed = gate
                    .confirm(&typed(SECOND, &phrase, &[approval.id]), t0())
                    .await
                    .expect("confirm");
                assert!(
                    matches!(confirmed, nomos::approvals::Confirmation::Approved(_)),
                    "{backend}/{rule}: {first}: {confirmed:?}"
                );
                let next = gate
                    .propose(&request(s, target, second), t0() + Duration::minutes(1))
                    .await
                    .expect("propose");
                assert!(
                    awaiting(&next.outcome).confirmation_phrase.is_some(),
                    "{backend}/{rule}: `{second}` on {target} ran from a window"
                );
            }
            let windows = store.list_windows(s, t0()).await.expect("list");
            assert!(
                windows.iter().all(|w| w.kind == WindowKind::Assent),
                "{backend}/{rule}: no destructive window may open: {windows:?}"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn assent_window_never_runs_destructive_work_and_revoke_closes_it() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let session = store.open_session(&format!("!rev-{backend}:localhost"), nomos::domain::SurfaceKind::Matrix).await.expect("session");
        let s = session.id;
        let install = gate.propose(&request(s, "lxc:typetype", "apt-get install -y curl"), t0()).await.expect("propose");
        let approval = awaiting(&install.outcome);
        let decided = gate.decide(&approval, OPERATOR, Via::Reaction, Answer::Approve, t0()).await.expect("decide");
        assert!(matches!(decided, Outcome::Answered(Answered::Won { ref windows, .. }) if windows.len() == 1), "{backend}: {decided:?}");

        let next = gate.propose(&request(s, "lxc:typetype", "systemctl enable --now typetype"), t0()).await.expect("propose");
        assert_eq!(run_now_via(&next.outcome), Via::Window);
        let rm = gate.propose(&request(s, "lxc:typetype", "rm -rf /opt/old"), t0()).await.expect("propose");
        assert!(awaiting(&rm.outcome).confirmation_phrase.is_some(), "{backend}: destructive never runs from an assent window");

        let revoked = store.revoke_windows(s, OPERATOR, Via::Command, t0() + Duration::minutes(1)).await.expect("revoke");
        assert_eq!(revoked, 1);
        assert!(store.list_windows(s, t0() + Duration::minutes(1)).await.expect("list").is_empty());
        let after = gate.propose(&request(s, "lxc:typetype", "systemctl restart typetype"), t0() + Duration::minutes(2)).await.expect("propose");
        awaiting(&after.outcome);
        // Windows belong to their session.
        let other = store.open_session(&format!("!other-{backend}:localhost"), nomos::domain::SurfaceKind::Matrix).await.expect("session");
        assert!(store.list_windows(other.id, t0()).await.expect("list").is_empty());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn identical_pending_proposals_are_already_queued() {
    on_both(|store, backend| async move {
        let gate = Arc::new(gate(&store, &[OPERATOR]));
        let session = store
            .open_session(
                &format!("!dup-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let gate = gate.clone();
            let req = request(session.id, "lxc:caddy", "systemctl restart caddy");
            tasks.push(tokio::spawn(async move { gate.propose(&req, t0()).await }));
        }
        let mut new = Vec::new();
        let mut queued = Vec::new();
        for task in tasks {
            match task.await.expect("task").expect("propose").outcome {
                Proposed::Awaiting { execution, .. } => new.push(execution.id),
                Proposed::AlreadyQueued {
                    execution,
                    approval,
                } => {
                    assert!(approval.is_some());
                    queued.push(execution.id)
                }
                other => panic!("{backend}: {other:?}"),
            }
        }
        assert_eq!(new.len(), 1, "{backend}");
        assert!(
            queued.iter().all(|id| *id == new[0]),
            "{backend}: every repeat names the first"
        );
        let audit = store.audit_for_execution(new[0]).await.expect("audit");
        assert_eq!(
            audit
                .iter()
                .filter(|r| r.action == nomos::store::audit::Action::Proposed)
                .count(),
            1,
            "{backend}"
        );
        // The same command on another target is a different proposal.
        let other = gate
            .propose(
                &request(session.id, "lxc:other", "systemctl restart caddy"),
                t0(),
            )
            .await
            .expect("propose");
        awaiting(&other.outcome);
    })
    .await;
}

#[tokio::test]
async fn strangers_are_refused_denials_and_expiry_move_the_execution() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let session = store
            .open_session(
                &format!("!exp-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let s = session.id;
        let first = awaiting(
            &gate
                .propose(&request(s, "lxc:a", "systemctl restart a"), t0())
                .await
                .expect("p")
                .outcome,
        );
        let refused = gate
            .decide(
                &first,
                "@mallory:localhost",
                Via::Reaction,
                Answer::Approve,
                t0(),
            )
            .await
            .expect("decide");
        assert!(matches!(refused, Outcome::Refused(Refusal::NotAnApprover)));
        assert_eq!(
            store
                .get_approval(first.id)
                .await
                .expect("get")
                .expect("row")
                .status,
            ApprovalStatus::Pending
        );

        a_denial_moves_the_execution_and_opens_nothing(&store, &gate, s, &first, backend).await;
        expiry_moves_the_execution_and_a_late_decision_loses(&store, &gate, s, backend).await;
    })
    .await;
}

/// The operator's denial wins, the execution is denied and no window
/// opens.
async fn a_denial_moves_the_execution_and_opens_nothing(
    store: &Store,
    gate: &Gate,
    s: Uuid,
    first: &Approval,
    backend: &str,
) {
    let denied = gate
        .decide(first, OPERATOR, Via::Reaction, Answer::Deny, t0())
        .await
        .expect("decide");
    assert!(matches!(denied, Outcome::Answered(Answered::Won { .. })));
    assert_eq!(
        store
            .get_execution(first.execution_id)
            .await
            .expect("get")
            .expect("row")
            .status,
        ExecutionStatus::Denied
    );
    assert!(
        store.list_windows(s, t0()).await.expect("list").is_empty(),
        "{backend}: a denial opens nothing"
    );
}

/// An approval expires at its deadline, not a second before; the
/// execution is expired, a decision at the deadline loses, and the audit
/// says so.
async fn expiry_moves_the_execution_and_a_late_decision_loses(
    store: &Store,
    gate: &Gate,
    s: Uuid,
    backend: &str,
) {
    let second = awaiting(
        &gate
            .propose(&request(s, "lxc:b", "systemctl restart b"), t0())
            .await
            .expect("p")
            .outcome,
    );
    let deadline = second.expires_at;
    assert!(
        executions::expire_due(store, deadline - Duration::seconds(1))
            .await
            .expect("sweep")
            .is_empty()
    );
    let expired = executions::expire_due(store, deadline)
        .await
        .expect("sweep");
    assert_eq!(
        expired.iter().map(|a| a.id).collect::<Vec<_>>(),
        vec![second.id],
        "{backend}"
    );
    assert_eq!(
        store
            .get_execution(second.execution_id)
            .await
            .expect("get")
            .expect("row")
            .status,
        ExecutionStatus::Expired
    );
    let late = gate
        .decide(&second, OPERATOR, Via::Reaction, Answer::Approve, deadline)
        .await
        .expect("decide");
    match late {
        Outcome::Answered(Answered::Lost(a)) => {
            assert_eq!(a.status, ApprovalStatus::Expired)
        }
        other => panic!("{backend}: {other:?}"),
    }
    let audit = store
        .audit_for_execution(second.execution_id)
        .await
        .expect("audit");
    let actions: Vec<&str> = audit.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(actions, vec!["proposed", "expired"], "{backend}");
    assert_eq!(audit[1].via, Via::Expiry);
}

#[tokio::test]
async fn assent_approves_only_the_last_turns_non_destructive_work() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let session = store
            .open_session(
                &format!("!assent-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let older = awaiting(
            &gate
                .propose(&request(session.id, "lxc:a", "systemctl restart a"), t0())
                .await
                .expect("p")
                .outcome,
        );
        let mine = awaiting(
            &gate
                .propose(
                    &request(session.id, "lxc:b", "apt-get install -y curl"),
                    t0(),
                )
                .await
                .expect("p")
                .outcome,
        );
        let destructive = awaiting(
            &gate
                .propose(&request(session.id, "lxc:b", "rm -rf /srv/old"), t0())
                .await
                .expect("p")
                .outcome,
        );
        let last_turn = [mine.id, destructive.id];

        assert!(
            gate.assent(OPERATOR, "yes, but wait", None, &last_turn, t0())
                .await
                .expect("assent")
                .is_empty()
        );
        assert!(
            gate.assent("@mallory:localhost", "go ahead", None, &last_turn, t0())
                .await
                .expect("assent")
                .is_empty()
        );
        let approved = gate
            .assent(OPERATOR, "go ahead", None, &last_turn, t0())
            .await
            .expect("assent");
        assert_eq!(
            approved.iter().map(|a| a.id).collect::<Vec<_>>(),
            vec![mine.id],
            "{backend}"
        );
        assert_eq!(approved[0].decided_via, Some(Via::Assent));
        for (id, status) in [
            (older.id, ApprovalStatus::Pending),
            (destructive.id, ApprovalStatus::Pending),
            (mine.id, ApprovalStatus::Approved),
        ] {
            assert_eq!(
                store
                    .get_approval(id)
                    .await
                    .expect("get")
                    .expect("row")
                    .status,
                status,
                "{backend}"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn four_eyes_needs_another_approver_for_destructive_work() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[ASKER, SECOND]).with_four_eyes(true);
        let session = store
            .open_session(&format!("!eyes-{backend}:localhost"), nomos::domain::SurfaceKind::Matrix)
            .await
            .expect("session");
        let asked = |command: &str| Request {
            requested_by: ASKER.into(),
            ..request(session.id, "host:strong", command)
        };
        let destroy = gate
            .propose(&asked("pct destroy 160"), t0())
            .await
            .expect("propose");
        let approval = awaiting(&destroy.outcome);
        let phrase = approval.confirmation_phrase.clone().expect("phrase");

        // The asker's own phrase is refused, and says why.
        let own = gate
            .confirm(&typed(ASKER, &phrase, &[approval.id]), t0())
            .await
            .expect("confirm");
        assert!(
            matches!(&own, nomos::approvals::Confirmation::NotByRequester { phrase: p } if *p == phrase),
            "{backend}: {own:?}"
        );
        let still = store.get_approval(approval.id).await.expect("get").expect("row");
        assert_eq!(still.status, ApprovalStatus::Pending, "{backend}");
        let by_command = gate
            .decide(&approval, ASKER, Via::Typed, Answer::Approve, t0())
            .await
            .expect("decide");
        assert!(
            matches!(by_command, Outcome::Refused(Refusal::SameRequester)),
            "{backend}: {by_command:?}"
        );

        // The asker may still refuse their own work.
        let other = gate
            .propose(&asked("pct destroy 161"), t0())
            .await
            .expect("propose");
        let other = awaiting(&other.outcome);
        let denied = gate
            .decide(&other, ASKER, Via::Command, Answer::Deny, t0())
            .await
            .expect("deny");
        assert!(
            matches!(denied, Outcome::Answered(Answered::Won { .. })),
            "{backend}: {denied:?}"
        );

        // A second approver's phrase runs it.
        let theirs = gate
            .confirm(&typed(SECOND, &phrase, &[approval.id]), t0())
            .await
            .expect("confirm");
        assert!(
            matches!(theirs, nomos::approvals::Confirmation::Approved(_)),
            "{backend}: {theirs:?}"
        );

    without_four_eyes_the_askers_phrase_is_enough(&store, backend).await;
    })
    .await;
}

/// Without the rule, the asker's phrase is enough (in a session of its
/// own: the approval of the four-eyes test opened a window on its own).
async fn without_four_eyes_the_askers_phrase_is_enough(store: &Store, backend: &str) {
    // Without the rule, the asker's phrase is enough (in a session of
    // its own: the approval above opened a window on this one).
    let relaxed = gate_without_rule(store);
    let fresh = store
        .open_session(
            &format!("!eyes-off-{backend}:localhost"),
            nomos::domain::SurfaceKind::Matrix,
        )
        .await
        .expect("session");
    let again = relaxed
        .propose(
            &Request {
                requested_by: ASKER.into(),
                ..request(fresh.id, "host:strong", "pct destroy 162")
            },
            t0(),
        )
        .await
        .expect("propose");
    let again = awaiting(&again.outcome);
    let phrase = again.confirmation_phrase.clone().expect("phrase");
    let own = relaxed
        .confirm(&typed(ASKER, &phrase, &[again.id]), t0())
        .await
        .expect("confirm");
    assert!(
        matches!(own, nomos::approvals::Confirmation::Approved(_)),
        "{backend}: {own:?}"
    );
}

fn gate_without_rule(store: &Store) -> Gate {
    gate(store, &["@asker:localhost", "@second:localhost"])
}

#[tokio::test]
async fn a_privileged_container_needs_its_own_phrase_every_time() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let session = store
            .open_session(
                &format!("!priv-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let create = |name: &str| Request {
            work: container(name),
            declared_risk: Some(RiskClass::Destructive),
            ..request(
                session.id,
                "host:strong",
                &format!("pct_create host=strong hostname={name} privileged=1"),
            )
        };
        let first = gate.propose(&create("a"), t0()).await.expect("propose");
        let approval = awaiting(&first.outcome);
        assert_eq!(
            approval.confirmation_phrase.as_deref(),
            Some("confirm pct_create host:strong"),
            "{backend}"
        );
        let confirmed = gate
            .confirm(
                &typed(OPERATOR, "confirm pct_create host:strong", &[approval.id]),
                t0(),
            )
            .await
            .expect("confirm");
        assert!(
            matches!(confirmed, nomos::approvals::Confirmation::Approved(_)),
            "{backend}: {confirmed:?}"
        );
        let second = gate.propose(&create("b"), t0()).await.expect("propose");
        assert!(
            awaiting(&second.outcome).confirmation_phrase.is_some(),
            "{backend}: a second privileged container ran from a window"
        );
    })
    .await;
}

#[tokio::test]
async fn a_withdrawn_approval_waits_again_and_closes_its_windows_unless_the_work_started() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let room = format!("!withdraw-{backend}:localhost");
        let session = store.open_session(&room, nomos::domain::SurfaceKind::Matrix).await.expect("session");
        let s = session.id;
        let decider = nomos::approvals::Decider {
            event: Some("$tick"),
            ..nomos::approvals::Decider::new(OPERATOR, Via::Reaction)
        };
        let first = gate
            .propose(&request(s, "lxc:web", "systemctl restart caddy"), t0())
            .await
            .expect("propose");
        let approval = awaiting(&first.outcome);
        let decided = gate
            .decide_as(&approval, &decider, Answer::Approve, t0())
            .await
            .expect("decide");
        assert!(matches!(decided, Outcome::Answered(Answered::Won { .. })), "{backend}");
        assert_eq!(store.list_windows(s, t0()).await.expect("list").len(), 1);

        // Someone else's redaction of it withdraws nothing.
        let theirs = executions::withdraw(&store, &room, "$tick", "@moderator:localhost", t0())
            .await
            .expect("withdraw");
        assert!(theirs.is_empty(), "{backend}: {theirs:?}");
        // Another room's redaction of that event withdraws nothing.
        let none = executions::withdraw(&store, "!other:localhost", "$tick", OPERATOR, t0())
            .await
            .expect("withdraw");
        assert!(none.is_empty(), "{backend}: {none:?}");

        let back = executions::withdraw(&store, &room, "$tick", OPERATOR, t0())
            .await
            .expect("withdraw");
        assert!(
            matches!(back.as_slice(), [executions::Withdrawn::BackToPending { approval, execution }]
                if approval.status == ApprovalStatus::Pending && execution.status == ExecutionStatus::PendingApproval),
            "{backend}: {back:?}"
        );
        assert!(store.list_windows(s, t0()).await.expect("list").is_empty(), "{backend}: its window closed");
        assert!(
            executions::claim(&store, approval.execution_id, t0()).await.expect("claim").is_none(),
            "{backend}: withdrawn work cannot be claimed"
        );

        // Approved again and started: withdrawing is too late.
        let again = store.get_approval(approval.id).await.expect("get").expect("row");
        gate.decide_as(&again, &decider, Answer::Approve, t0()).await.expect("decide");
        assert!(executions::claim(&store, approval.execution_id, t0()).await.expect("claim").is_some());
        let late = executions::withdraw(&store, &room, "$tick", OPERATOR, t0())
            .await
            .expect("withdraw");
        assert!(
            matches!(late.as_slice(), [executions::Withdrawn::TooLate { execution, .. }] if execution.status == ExecutionStatus::Running),
            "{backend}: {late:?}"
        );
        assert!(
            store.list_windows(s, t0()).await.expect("list").is_empty(),
            "{backend}: too late to stop the work, not to close its windows"
        );

    a_decision_by_a_withdrawn_event_is_refused_but_a_denial_stands(&store, &gate, &room, s, backend).await;
    })
    .await;
}

/// A reaction's decision claims its event in the same commit: an event
/// already handled (a sync batch delivered again after a restart) decides
/// nothing, and one that decides is recorded as handled.
#[tokio::test]
async fn a_decision_claims_its_event_in_the_same_commit() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let room = format!("!claim-{backend}:localhost");
        let session = store
            .open_session(&room, nomos::domain::SurfaceKind::Matrix)
            .await
            .expect("session");
        let proposed = gate
            .propose(
                &request(session.id, "lxc:web", "systemctl restart caddy"),
                t0(),
            )
            .await
            .expect("propose");
        let approval = awaiting(&proposed.outcome);
        let tick = |event| nomos::approvals::Decider {
            event: Some(event),
            claimed_in: Some(room.as_str()),
            starts: false,
            ..nomos::approvals::Decider::new(OPERATOR, Via::Reaction)
        };

        assert!(
            store
                .claim_inbound_event("$seen", &room)
                .await
                .expect("claim")
        );
        let repeated = gate
            .decide_as(&approval, &tick("$seen"), Answer::Approve, t0())
            .await
            .expect("decide");
        assert!(
            matches!(repeated, Outcome::Answered(Answered::Repeated)),
            "{backend}: {repeated:?}"
        );
        let still = store
            .get_approval(approval.id)
            .await
            .expect("get")
            .expect("row");
        assert_eq!(
            still.status,
            ApprovalStatus::Pending,
            "{backend}: a repeated event decided"
        );

        let won = gate
            .decide_as(&approval, &tick("$fresh"), Answer::Approve, t0())
            .await
            .expect("decide");
        assert!(
            matches!(won, Outcome::Answered(Answered::Won { .. })),
            "{backend}: {won:?}"
        );
        assert!(
            !store
                .claim_inbound_event("$fresh", &room)
                .await
                .expect("claim"),
            "{backend}: the deciding event was not recorded as handled"
        );
    })
    .await;
}

/// A decision carried by an event already taken back is refused, even
/// when its handling began before the redaction; a denial is never
/// undone by a redaction.
async fn a_decision_by_a_withdrawn_event_is_refused_but_a_denial_stands(
    store: &Store,
    gate: &Gate,
    room: &str,
    s: Uuid,
    backend: &str,
) {
    // A decision carried by an event already taken back is refused,
    // even when its handling began before the redaction.
    let next = gate
        .propose(&request(s, "lxc:web", "systemctl restart redis"), t0())
        .await
        .expect("propose");
    let next = awaiting(&next.outcome);
    // Someone else's redaction of the operator's ✅ takes back nothing of
    // theirs (else a moderator could withdraw an approver's word unseen).
    store
        .record_redaction("$untick", room, "@moderator:localhost")
        .await
        .expect("record");
    assert!(
        !store
            .is_redacted_by("$untick", OPERATOR)
            .await
            .expect("read"),
        "{backend}"
    );
    store
        .record_redaction("$untick", room, OPERATOR)
        .await
        .expect("record");
    let untick = nomos::approvals::Decider {
        event: Some("$untick"),
        ..nomos::approvals::Decider::new(OPERATOR, Via::Reaction)
    };
    let refused = gate
        .decide_as(&next, &untick, Answer::Approve, t0())
        .await
        .expect("decide");
    assert!(
        matches!(refused, Outcome::Answered(Answered::Lost(_))),
        "{backend}: {refused:?}"
    );
    let still = store
        .get_approval(next.id)
        .await
        .expect("get")
        .expect("row");
    assert_eq!(still.status, ApprovalStatus::Pending, "{backend}");
    // A denial is never undone by a redaction.
    let denied = gate
        .decide_as(&next, &untick, Answer::Deny, t0())
        .await
        .expect("deny");
    assert!(
        matches!(denied, Outcome::Answered(Answered::Won { .. })),
        "{backend}: {denied:?}"
    );
}

#[tokio::test]
async fn a_phrase_replying_to_a_card_decides_that_card_or_nothing() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let session = store
            .open_session(
                &format!("!reply-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session");
        let propose = |command: &'static str| {
            let gate = &gate;
            async move {
                let p = gate
                    .propose(&request(session.id, "lxc:web", command), t0())
                    .await
                    .expect("propose");
                awaiting(&p.outcome)
            }
        };
        let a = propose("rm -f /var/cache/a").await;
        let b = propose("rm -f /var/lib/b").await;
        let phrase = a.confirmation_phrase.clone().expect("phrase");
        assert_eq!(b.confirmation_phrase.as_deref(), Some(phrase.as_str()));
        let both = [a.id, b.id];
        let replying_to = |card: Uuid| nomos::approvals::Typed {
            replied_to: Some(card),
            ..typed(OPERATOR, &phrase, &both)
        };
        let first = gate
            .confirm(&replying_to(a.execution_id), t0())
            .await
            .expect("confirm");
        assert!(
            matches!(&first, nomos::approvals::Confirmation::Approved(x) if x.id == a.id),
            "{backend}: {first:?}"
        );
        // The same reply again (a slow bot, a second approver): card A is
        // decided, and B, which it does not reply to, is not taken instead.
        let again = gate
            .confirm(&replying_to(a.execution_id), t0())
            .await
            .expect("confirm");
        assert!(
            matches!(again, nomos::approvals::Confirmation::NoMatch),
            "{backend}: {again:?}"
        );
        let b_now = store.get_approval(b.id).await.expect("get").expect("row");
        assert_eq!(b_now.status, ApprovalStatus::Pending, "{backend}");
    })
    .await;
}

/// What a card would mask cannot be put before an approver: a command or
/// a file's new content shaped like a secret (token shapes, a private key
/// block, a configured secret) is refused before any card exists; plain
/// changes and read-only work are not.
#[tokio::test]
async fn a_change_its_card_would_mask_cannot_be_put_before_an_approver() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(&sqlite_url(dir.path())).await.expect("sqlite");
    let gate = gate(&store, &[OPERATOR]).with_redactor(nomos::redact::Redactor::new([
        "hunter2-lab-pass".to_string(),
    ]));
    let s = Uuid::now_v7();
    let change = RiskClass::ConfigMutation;
    for command in [
        "echo 'x' > /etc/app.conf; export TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ0123456789",
        "printf '%s' 'hunter2-lab-pass' | chpasswd",
        "curl -s https://admin:s3cretpw@10.0.0.5/api -X POST",
    ] {
        let why = gate.unreviewable(&request(s, "lxc:web", command), change);
        assert!(
            why.as_deref().is_some_and(|w| w.contains("the command")),
            "{command}: {why:?}"
        );
        // Read-only work asks no approver.
        let read = gate.unreviewable(&request(s, "lxc:web", command), RiskClass::ReadOnly);
        assert_eq!(read, None, "{command}");
    }
    let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
    use base64::Engine as _;
    let secret = serde_json::from_value(serde_json::json!({
        "path": "/root/.ssh/id_ed25519",
        "before": null,
        "after": base64::engine::general_purpose::STANDARD.encode(key),
    }))
    .expect("a change");
    let write = Request {
        work: nomos::domain::Work::write(secret),
        ..request(s, "lxc:web", "write /root/.ssh/id_ed25519")
    };
    let why = gate.unreviewable(&write, change);
    assert!(
        why.as_deref().is_some_and(|w| w.contains("new content")),
        "{why:?}"
    );
    // A line the change removes counts as much as one it adds: masked on
    // the card, it would hide what goes away (or what stays around it).
    let old_content = "APP_PORT=80\nAPI_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ0123456789\n";
    let removes = serde_json::from_value(serde_json::json!({
        "path": "/etc/app.env",
        "before": {
            "meta": {"sha256": "0", "mode": "600", "uid": 0, "gid": 0, "owner": "root",
                     "group": "root", "size": old_content.len(), "links": 1},
            "content": base64::engine::general_purpose::STANDARD.encode(old_content),
        },
        "after": base64::engine::general_purpose::STANDARD.encode("APP_PORT=8080\n"),
    }))
    .expect("a change");
    let rewrite = Request {
        work: nomos::domain::Work::write(removes),
        ..request(s, "lxc:web", "write /etc/app.env")
    };
    let why = gate.unreviewable(&rewrite, change);
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("old or new content")),
        "{why:?}"
    );
    for plain in ["systemctl restart nginx", "rm -rf /var/cache/app"] {
        assert_eq!(
            gate.unreviewable(&request(s, "lxc:web", plain), RiskClass::Destructive),
            None,
            "{plain}"
        );
    }
    // Read-only work on a target that cannot confine it waits for a ✅
    // (`unconfined = ask`): its card must be readable too.
    let known = std::sync::Arc::new(nomos::exec::confine::Confinability::new(
        nomos::exec::confine::Unconfined::Ask,
    ));
    known.mark("lxc:old", "no user namespaces");
    let gate = gate.with_confinability(known);
    let masked = "curl -s -H 'Authorization: Bearer ghp_0123456789abcdefghijABCDEFGHIJ0123456789' http://10.0.0.5/";
    let why = gate.unreviewable(&request(s, "lxc:old", masked), RiskClass::ReadOnly);
    assert!(
        why.as_deref().is_some_and(|w| w.contains("the command")),
        "{why:?}"
    );
    assert_eq!(
        gate.unreviewable(&request(s, "lxc:web", masked), RiskClass::ReadOnly),
        None,
        "confined, it asks nobody"
    );
}

/// An approval's assent window covers the approved card's target, and for
/// a `pct_create` card the guest it creates instead: a deploy flows on to
/// the new container without a human tick, and to nothing else (not the
/// hypervisor it was created on, not another container or host).
#[tokio::test]
async fn an_assent_window_covers_the_approved_target_and_the_guest_it_creates() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let s = store
            .open_session(
                &format!("!guest-{backend}:localhost"),
                nomos::domain::SurfaceKind::Matrix,
            )
            .await
            .expect("session")
            .id;
        let create = Request {
            work: container("typetype"),
            declared_risk: Some(RiskClass::ConfigMutation),
            ..request(
                s,
                "host:pve",
                "pct create 200 local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst \
                 --hostname typetype --net0 name=eth0,bridge=vmbr0,ip=dhcp",
            )
        };
        let proposed = gate.propose(&create, t0()).await.expect("propose");
        let approval = awaiting(&proposed.outcome);
        let decided = gate
            .decide(&approval, OPERATOR, Via::Reaction, Answer::Approve, t0())
            .await
            .expect("decide");
        assert!(
            matches!(decided, Outcome::Answered(Answered::Won { .. })),
            "{backend}: {decided:?}"
        );
        for (target, runs) in [
            ("lxc:typetype", true),
            // Not the hypervisor it was created on.
            ("host:pve", false),
            ("lxc:other", false),
            ("host:other", false),
        ] {
            let change = gate
                .propose(&request(s, target, "systemctl restart caddy"), t0())
                .await
                .expect("propose");
            match &change.outcome {
                Proposed::RunNow { via, execution } => {
                    assert!(runs, "{backend}: {target} ran from the window");
                    assert_eq!(*via, Via::Window);
                    // Its card and the model's result say whose window.
                    let note = execution.window.clone().expect("the window is noted");
                    assert_eq!(note.opened_by, OPERATOR, "{backend}");
                    assert_eq!(note.kind, WindowKind::Assent, "{backend}");
                    let card = nomos::chat::Card::new(execution, None).markdown();
                    assert!(
                        card.contains(&format!("Approved through the approval window {OPERATOR}"))
                            && card.contains("`!revoke`"),
                        "{backend}: {card}"
                    );
                }
                Proposed::Awaiting { .. } => assert!(!runs, "{backend}: {target} waits"),
                other => panic!("{other:?}"),
            }
        }
    })
    .await;
}

/// Two waiting cards with one phrase: the phrase alone approves neither
/// (it names both), the phrase followed by one card's id approves that
/// card only, on both stores. The console has no replies, so this is how
/// it names a card.
#[tokio::test]
async fn the_phrase_and_a_cards_id_pick_one_of_two_cards_sharing_it() {
    on_both(|store, backend| async move {
        let gate = gate(&store, &[OPERATOR]);
        let s = store
            .open_session(
                &format!("!twins-{backend}:localhost"),
                nomos::domain::SurfaceKind::Console,
            )
            .await
            .expect("session")
            .id;
        let first = gate
            .propose(&request(s, "lxc:web", "rm -rf /srv/a"), t0())
            .await
            .expect("propose");
        let second = gate
            .propose(&request(s, "lxc:web", "rm -rf /srv/b"), t0())
            .await
            .expect("propose");
        let (a, b) = (awaiting(&first.outcome), awaiting(&second.outcome));
        let phrase = a.confirmation_phrase.clone().expect("a phrase");
        assert_eq!(b.confirmation_phrase.as_deref(), Some(phrase.as_str()));
        let both = [a.id, b.id];
        let alone = gate
            .confirm(&typed(OPERATOR, &phrase, &both), t0())
            .await
            .expect("confirm");
        assert!(
            matches!(alone, nomos::approvals::Confirmation::Ambiguous(ref ids) if ids.len() == 2),
            "{backend}: {alone:?}"
        );
        let named = format!("{phrase} {}", nomos::domain::short_id(b.execution_id));
        let picked = gate
            .confirm(&typed(OPERATOR, &named, &both), t0())
            .await
            .expect("confirm");
        match picked {
            nomos::approvals::Confirmation::Approved(approval) => {
                assert_eq!(approval.id, b.id, "{backend}");
            }
            other => panic!("{backend}: {other:?}"),
        }
        let a_now = store.get_approval(a.id).await.expect("read").expect("a");
        assert_eq!(a_now.status, ApprovalStatus::Pending, "{backend}");
    })
    .await;
}
