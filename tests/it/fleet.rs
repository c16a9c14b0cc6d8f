//! Fleet work over the test SSH server and a simulated Proxmox host of
//! its own (127.0.2.13) with twelve containers: one card for a change on
//! all of them, one decision, batches of four, one failing target and a
//! threshold of one (the rollout stops; the card says which ran, which
//! failed and which were skipped; each changed container was snapshotted
//! first); a read-only query over the set answered as one table; a
//! destructive one whose phrase names the target count.

use std::path::PathBuf;
use std::sync::Arc;

use nomos::agent::{Agent, AgentSettings};
use nomos::chat::recording::Recording;
use nomos::domain::fleet::{MemberState, Stopped};
use nomos::domain::{ExecutionStatus, RiskClass, short_id};
use nomos::inventory;
use nomos::store::Store;
use nomos::store::executions::{self, Execution};

use crate::support::sim_lab::{self, share};
use crate::support::{require_env, sqlite_url};

const HOST: &str = "127.0.2.13";
const OP: &str = "@op:hs";
const ROOM: &str = "!fleet:hs";
/// Containers c01..c12, VMIDs 201..212.
const COUNT: u32 = 12;
/// The container whose run fails.
const FAILING: u32 = 206;

struct Lab {
    store: Store,
    agent: Agent,
    surface: Arc<Recording>,
    work: tempfile::TempDir,
    _shutdown: tokio_util::sync::DropGuard,
}

impl Lab {
    async fn start() -> Lab {
        let state = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(HOST);
        let _ = std::fs::remove_dir_all(&state);
        std::fs::create_dir_all(state.join("vms")).expect("state dir");
        share(&state);
        share(&state.join("vms"));
        let mut lxcs = Vec::new();
        for i in 1..=COUNT {
            let vmid = 200 + i;
            let name = format!("c{i:02}");
            let file = state.join("vms").join(vmid.to_string());
            std::fs::write(
                &file,
                format!(
                    "name={name}\nstatus=running\nmemory=512\nrootfs=local-lvm:vm-{vmid}-disk-0,size=8G\nnet0=name=eth0,bridge=vmbr0,ip=dhcp\n"
                ),
            )
            .expect("vm file");
            share(&file);
            lxcs.push((name, vmid));
        }
        let work = tempfile::tempdir().expect("work dir");
        share(work.path());
        let inventory = work.path().join("inventory.yaml");
        let named: Vec<(&str, u32)> = lxcs.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        std::fs::write(&inventory, sim_lab::inventory(HOST, &named)).expect("inventory");
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
            AgentSettings::default(),
        );
        Lab {
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

    fn marker(&self, vmid: u32) -> PathBuf {
        self.work.path().join(format!("ct-{vmid}"))
    }
}

#[tokio::test]
async fn a_fleet_change_rolls_out_in_batches_and_stops_at_its_threshold() {
    let lab = Lab::start().await;
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
    let reply = lab
        .command(&format!("!approve {}", short_id(fleet.id)))
        .await;
    lab.agent.settle().await;
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
    let reply = lab.command(&format!("!undo {}", short_id(fleet.id))).await;
    assert!(reply.contains("one by one"), "{reply}");
}

#[tokio::test]
async fn a_fleet_query_answers_as_a_table_and_a_destructive_set_names_its_count() {
    let lab = Lab::start().await;
    // Read-only: runs at once, confined on every target.
    let reply = lab
        .command("!run lxc:c0* batch:9 -- echo php-8.$NOMOS_SIM_CT")
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
    let table = nomos::agent::fleet::finished_table(&lab.store, &query, 16 * 1024)
        .await
        .expect("table");
    let rows = table["targets"].as_array().expect("rows");
    assert_eq!(rows.len(), 9, "{table}");
    for (i, row) in rows.iter().enumerate() {
        let vmid = 201 + i;
        assert_eq!(row["target"], format!("lxc:c{:02}", i + 1), "{table}");
        assert_eq!(row["state"], "completed", "{table}");
        assert_eq!(row["output"], format!("php-8.{vmid}"), "{table}");
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

    // Bad selectors are answered, not proposed.
    let before = lab.latest().await.id;
    let reply = lab.command("!run os=arch -- uptime").await;
    assert!(reply.contains("matches no target"), "{reply}");
    assert_eq!(lab.latest().await.id, before);
}
