//! Fleet work over the test SSH server and a simulated Proxmox host of
//! its own (127.0.2.13, and 127.0.2.15 for the second test) with twelve
//! containers: one card for a change on
//! all of them, one decision, batches of four, one failing target and a
//! threshold of one (the rollout stops; the card says which ran, which
//! failed and which were skipped; each changed container was snapshotted
//! first); a read-only query over the set answered as one table; a
//! destructive one whose phrase names the target count; the fleet's undo
//! (↩️ on its card) as one card rolling back the eight that changed.

use std::path::PathBuf;
use std::sync::Arc;

use nomos::agent::{Agent, AgentSettings};
use nomos::chat::recording::{Recorded, Recording};
use nomos::domain::fleet::{MemberState, Stopped};
use nomos::domain::{ExecutionStatus, RiskClass, short_id};
use nomos::inventory;
use nomos::store::Store;
use nomos::store::executions::{self, Execution};

use crate::support::sim_lab::{self, share};
use crate::support::sqlite_url;

/// The simulated hosts, one per test (they run in parallel).
const ROLLOUT_HOST: &str = "127.0.2.13";
const QUERY_HOST: &str = "127.0.2.15";
const OP: &str = "@op:hs";
const ROOM: &str = "!fleet:hs";
/// Containers c01..c12, VMIDs 201..212.
const COUNT: u32 = 12;
/// The container whose run fails.
const FAILING: u32 = 206;

struct Lab {
    state: PathBuf,
    store: Store,
    agent: Agent,
    surface: Arc<Recording>,
    work: tempfile::TempDir,
    _shutdown: tokio_util::sync::DropGuard,
}

impl Lab {
    async fn start(host: &str) -> Lab {
        let (state, lxcs) = sim_lab::containers(host, COUNT);
        let work = tempfile::tempdir().expect("work dir");
        share(work.path());
        let inventory = work.path().join("inventory.yaml");
        let named: Vec<(&str, u32)> = lxcs.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        std::fs::write(&inventory, sim_lab::inventory(host, &named)).expect("inventory");
        let store = Store::open(&sqlite_url(work.path())).await.expect("store");
        inventory::seed(&store, &inventory, None)
            .await
            .expect("seed");
        let surface = Arc::new(Recording::default());
        let (agent, shutdown) = crate::support::start_agent(
            &store,
            OP,
            None,
            surface.clone(),
            // Live edits as often as a running card may have them: a
            // fleet's card still changes at most once a second.
            AgentSettings {
                status_interval: std::time::Duration::from_millis(50),
                ..AgentSettings::default()
            },
        );
        Lab {
            state,
            store,
            agent,
            surface,
            work,
            _shutdown: shutdown.drop_guard(),
        }
    }

    async fn command(&self, body: &str) -> String {
        sim_lab::command(&self.agent, ROOM, OP, body).await
    }

    async fn latest(&self) -> Execution {
        sim_lab::latest(&self.store, ROOM).await
    }

    async fn row(&self, execution: &Execution) -> Execution {
        self.store
            .get_execution(execution.id)
            .await
            .expect("get")
            .expect("row")
    }

    fn card(&self, execution: &Execution) -> String {
        self.surface
            .last_card(execution.id)
            .map(|c| c.markdown())
            .unwrap_or_default()
    }

    fn memory(&self, vmid: u32) -> String {
        sim_lab::memory(&self.state, vmid)
    }

    fn set_memory(&self, vmid: u32, value: &str) {
        sim_lab::set_memory(&self.state, vmid, value);
    }

    fn marker(&self, vmid: u32) -> PathBuf {
        self.work.path().join(format!("ct-{vmid}"))
    }
}

#[tokio::test]
async fn a_fleet_change_rolls_out_in_batches_and_stops_at_its_threshold() {
    let lab = Lab::start(ROLLOUT_HOST).await;
    let marks = lab.work.path().display().to_string();
    let reply = lab
        .command(&format!(
            "!run lxc:* batch:4 stop-after:1 -- touch {marks}/ct-$NOMOS_SIM_CT && test \"$NOMOS_SIM_CT\" != {FAILING}"
        ))
        .await;
    let fleet = lab.latest().await;
    assert_eq!(fleet.status, ExecutionStatus::PendingApproval, "{reply}");
    assert_eq!(fleet.risk_class, RiskClass::ConfigMutation, "{reply}");
    let plan = fleet.work.fleet().expect("fleet work").clone();
    assert_eq!(plan.members.len(), COUNT as usize);
    assert!(
        plan.members
            .iter()
            .all(|m| m.class == RiskClass::ConfigMutation),
        "{plan:?}"
    );
    // The card lists every target and the plan before anyone decides;
    // nothing has run.
    let card = lab.card(&fleet);
    for i in 1..=COUNT {
        assert!(card.contains(&format!("`lxc:c{i:02}`")), "{card}");
    }
    assert!(card.contains("12 containers"), "{card}");
    assert!(card.contains("4 at a time (3 batches)"), "{card}");
    assert!(card.contains("after the first failure"), "{card}");
    assert!(card.contains("snapshotted before its run"), "{card}");
    assert!(
        executions::members_of(&lab.store, fleet.id)
            .await
            .expect("members")
            .is_empty()
    );
    assert!(!lab.marker(201).exists());

    // One decision for the set.
    let began = std::time::Instant::now();
    let reply = lab
        .command(&format!("!approve {}", short_id(fleet.id)))
        .await;
    lab.agent.settle().await;
    let took = began.elapsed().as_secs_f64();
    let edits = lab
        .surface
        .all()
        .into_iter()
        .filter(|r| matches!(r, Recorded::Update { card, .. } if card.execution_id == fleet.id))
        .count();
    // The claim's edit and the final one, and at most one a second between.
    assert!(
        edits as f64 <= took.ceil() + 2.0,
        "{edits} edits in {took:.1} s"
    );
    let done = lab.row(&fleet).await;
    assert_eq!(
        done.status,
        ExecutionStatus::Failed,
        "{reply}\n{:?}",
        done.output_tail
    );
    let report = done
        .result
        .as_ref()
        .and_then(|r| r.fleet())
        .expect("a rollout report")
        .clone();
    assert_eq!(report.stopped, Some(Stopped::Threshold { failures: 1 }));
    for (i, m) in report.members.iter().enumerate() {
        let vmid = 201 + i as u32;
        let expected = match vmid {
            FAILING => MemberState::Failed,
            201..=208 => MemberState::Completed,
            _ => MemberState::Skipped,
        };
        assert_eq!(m.state, expected, "{vmid}: {m:?}");
        // The first two batches ran (the failing one too); the third
        // never started.
        assert_eq!(lab.marker(vmid).exists(), vmid <= 208, "{vmid}");
        match m.state {
            MemberState::Skipped => assert!(m.execution.is_none() && m.snapshot.is_none()),
            _ => assert!(
                m.snapshot
                    .as_deref()
                    .is_some_and(|s| s.starts_with("nomos-")),
                "{vmid}: {m:?}"
            ),
        }
    }
    assert_eq!(report.members[5].exit_code, Some(1));
    let members = executions::members_of(&lab.store, fleet.id)
        .await
        .expect("members");
    assert_eq!(members.len(), 8, "one execution per target that ran");
    assert!(
        members
            .iter()
            .all(|m| m.parent_id == Some(fleet.id) && m.session_id.is_none())
    );

    let card = lab.card(&done);
    assert!(card.contains("❌ failed"), "{card}");
    assert!(card.contains("7 done · 1 failed · 4 skipped"), "{card}");
    assert!(card.contains("reached the threshold of 1"), "{card}");
    assert!(card.contains("lxc:c06  failed      exit 1"), "{card}");
    assert!(card.contains("lxc:c12  skipped"), "{card}");
    assert!(card.contains("Approved by @op:hs"), "{card}");

    // One target's output, by the fleet's id.
    let out = lab
        .command(&format!("!output {} lxc:c06", short_id(fleet.id)))
        .await;
    assert!(out.contains("failed · exit 1"), "{out}");
    let out = lab
        .command(&format!("!output {} lxc:c12", short_id(fleet.id)))
        .await;
    assert!(out.contains("did not run"), "{out}");

    // A target that changed is undone by its own id, from its snapshot.
    let first = members
        .iter()
        .find(|m| m.target == "lxc:c01")
        .expect("c01 ran");
    let snapshot = first.snapshot_name().expect("snapshotted").to_string();
    let reply = lab.command(&format!("!undo {}", short_id(first.id))).await;
    let undo = lab.latest().await;
    assert_eq!(
        undo.command,
        format!("pct rollback 201 {snapshot} --start"),
        "{reply}"
    );
    assert_eq!(undo.status, ExecutionStatus::PendingApproval);
    lab.command(&format!("!deny {}", short_id(undo.id))).await;

    // ↩️ on the fleet card (`!undo` of the fleet): one destructive card
    // rolling back every target that changed, each on its host to the
    // snapshot taken before its own run; the phrase names the count.
    for vmid in 201..=212 {
        lab.set_memory(vmid, "2048");
    }
    assert!(lab.surface.last_card(fleet.id).expect("card").offers_undo());
    let reply = lab.command(&format!("!undo {}", short_id(fleet.id))).await;
    let undo = lab.latest().await;
    assert_eq!(undo.status, ExecutionStatus::PendingApproval, "{reply}");
    assert_eq!(undo.risk_class, RiskClass::Destructive);
    let plan = undo.work.fleet().expect("fleet undo").clone();
    assert_eq!(plan.members.len(), 8, "the eight targets that changed");
    let card = lab.card(&undo);
    for i in 1..=8 {
        assert!(card.contains(&format!("`lxc:c{i:02}`")), "{card}");
        assert!(
            card.contains(&format!("pct rollback {}", 200 + i)),
            "{card}"
        );
    }
    assert!(!card.contains("lxc:c09"), "{card}");
    let phrase = lab
        .store
        .approval_for_execution(undo.id)
        .await
        .expect("approval")
        .expect("one")
        .confirmation_phrase
        .expect("a phrase");
    assert!(phrase.ends_with(" 8 containers"), "{phrase}");
    lab.agent
        .on_message(&sim_lab::said(ROOM, OP, &phrase))
        .await
        .expect("phrase");
    lab.agent.settle().await;
    let undone = lab.row(&undo).await;
    assert_eq!(
        undone.status,
        ExecutionStatus::Completed,
        "{:?}",
        undone.output_tail
    );
    for vmid in 201..=212 {
        let expected = if vmid <= 208 { "512" } else { "2048" };
        assert_eq!(lab.memory(vmid), expected, "{vmid}");
    }
}

#[tokio::test]
async fn a_fleet_query_answers_as_a_table_and_a_destructive_set_names_its_count() {
    let lab = Lab::start(QUERY_HOST).await;
    // Read-only: runs at once, confined on every target.
    let reply = lab
        // (A variable of the environment would be asked: its value is not
        // the command's. The container's name comes from `hostname`.)
        .command("!run lxc:c0* batch:9 -- echo php-8.$(hostname)")
        .await;
    lab.agent.settle().await;
    let query = lab.row(&lab.latest().await).await;
    assert_eq!(query.risk_class, RiskClass::ReadOnly, "{reply}");
    assert_eq!(
        query.status,
        ExecutionStatus::Completed,
        "{reply}\n{:?}",
        query.output_tail
    );
    let table = nomos::agent::tools::fleet_table(&lab.store, &query, 16 * 1024)
        .await
        .expect("table");
    let rows = table["targets"].as_array().expect("rows");
    assert_eq!(rows.len(), 9, "{table}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["target"], format!("lxc:c{:02}", i + 1), "{table}");
        assert_eq!(row["state"], "completed", "{table}");
        assert_eq!(row["output"], format!("php-8.c{:02}", i + 1), "{table}");
    }
    assert!(lab.card(&query).contains("9 done"), "{}", lab.card(&query));

    // Destructive: the phrase names the set by its count; a ✅ or
    // `!approve` cannot run it.
    let reply = lab
        .command(&format!(
            "!run lxc:c1* -- rm -rf {}/gone",
            lab.work.path().display()
        ))
        .await;
    let wipe = lab.latest().await;
    assert_eq!(wipe.risk_class, RiskClass::Destructive, "{reply}");
    let approval = lab
        .store
        .approval_for_execution(wipe.id)
        .await
        .expect("approval")
        .expect("one");
    let phrase = approval.confirmation_phrase.expect("a phrase");
    assert!(phrase.ends_with(" 3 containers"), "{phrase}");
    assert!(reply.contains(&phrase), "{reply}");
    let refused = lab
        .command(&format!("!approve {}", short_id(wipe.id)))
        .await;
    assert!(refused.contains(&phrase), "{refused}");
    assert_eq!(
        lab.row(&wipe).await.status,
        ExecutionStatus::PendingApproval
    );

    // The same command on an overlapping set waits once, not twice.
    let again = lab
        .command(&format!(
            "!run lxc:c11,lxc:c01 -- rm -rf {}/gone",
            lab.work.path().display()
        ))
        .await;
    assert!(
        again.contains("already waits for a decision on lxc:c11"),
        "{again}"
    );
    assert_eq!(lab.latest().await.id, wipe.id, "nothing new proposed");

    // Bad selectors are answered, not proposed.
    let before = lab.latest().await.id;
    let reply = lab.command("!run os=arch -- uptime").await;
    assert!(reply.contains("matches no target"), "{reply}");
    assert_eq!(lab.latest().await.id, before);
}
