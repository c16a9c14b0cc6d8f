//! Snapshots before risky container work, and `!undo`, over the test SSH
//! server and a simulated Proxmox host of its own (127.0.2.9): an approved
//! change on a container on LVM-thin gets `pct snapshot VMID nomos-ID`
//! first and says so on its card before approval; `!undo ID` proposes the
//! rollback on a destructive card whose phrase rolls the container back;
//! pruning keeps the newest Nomos snapshots and never another's; a
//! container on directory storage gets a card saying no snapshot is
//! possible, and nothing to undo.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use nomos::agent::{Agent, AgentSettings};
use nomos::chat::Inbound;
use nomos::chat::recording::Recording;
use nomos::domain::ExecutionStatus;
use nomos::inventory;
use nomos::store::Store;
use nomos::store::executions::Execution;

use crate::support::sim_lab::{self, share};
use crate::support::{require_env, sqlite_url};

const HOST: &str = "127.0.2.9";
const OP: &str = "@op:hs";
const ROOM: &str = "!undo:hs";

/// The host, its two containers and an agent over them.
struct Lab {
    state: PathBuf,
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
        // `box` on LVM-thin (can snapshot), `flat` on a directory (cannot).
        container(&state, 150, "box", "local-lvm:vm-150-disk-0,size=8G");
        container(&state, 151, "flat", "local:151/vm-151-disk-0.raw,size=8G");
        let work = tempfile::tempdir().expect("work dir");
        share(work.path());
        let inventory = work.path().join("inventory.yaml");
        std::fs::write(
            &inventory,
            sim_lab::inventory(HOST, &[("box", 150), ("flat", 151)]),
        )
        .expect("inventory");
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
            state,
            store,
            agent,
            surface,
            work,
            _shutdown: shutdown.drop_guard(),
        }
    }

    /// An operator's `!` command; the bot's answer.
    async fn command(&self, body: &str) -> String {
        sim_lab::command(&self.agent, ROOM, OP, body).await
    }

    /// What the operator types in the room (a phrase).
    async fn say(&self, body: &str) {
        self.agent
            .on_message(&said(body))
            .await
            .expect("on_message");
    }

    /// The newest execution of the room.
    async fn latest(&self) -> Execution {
        sim_lab::latest(&self.store, ROOM).await
    }

    /// The card as last shown for an execution.
    fn card(&self, execution: &Execution) -> String {
        self.surface
            .last_card(execution.id)
            .map(|c| c.markdown())
            .unwrap_or_default()
    }

    fn vm(&self, vmid: u32) -> String {
        std::fs::read_to_string(self.state.join("vms").join(vmid.to_string())).expect("vm file")
    }

    /// A key of the container's config, as the simulator stores it
    /// (`key=value` or `key='value'`).
    fn vm_value(&self, vmid: u32, key: &str) -> String {
        self.vm(vmid)
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .map(|v| v.trim_matches('\'').to_string())
            .unwrap_or_default()
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.state.join("log")).unwrap_or_default()
    }

    /// Proposes a change on `target`, approves it if it waits, and waits
    /// for its end.
    async fn approved_change(&self, target: &str, file: &str) -> Execution {
        let path = self.work.path().join(file);
        let reply = self
            .command(&format!("!run {target} touch {}", path.display()))
            .await;
        let execution = self.latest().await;
        // The first change waits for its approval; after it, the room's
        // assent window lets changes run at once, snapshot first as well.
        if execution.status == ExecutionStatus::PendingApproval {
            let id = nomos::domain::short_id(execution.id);
            self.command(&format!("!approve {id}")).await;
        } else {
            assert!(reply.contains("now"), "{reply}");
        }
        self.agent.settle().await;
        self.store
            .get_execution(execution.id)
            .await
            .expect("get")
            .expect("row")
    }

    /// The snapshots `pct listsnapshot` shows for `vmid`.
    /// (The listing is the test's own look at the simulator, not the
    /// behaviour under test: a run that did not exit 0 is tried again, a
    /// few times, and then fails with what it said; run 145 once saw an
    /// empty listing.)
    async fn snapshots(&self, vmid: u32) -> Vec<String> {
        let mut said = String::new();
        for _ in 0..3 {
            let out = sim_lab::run_on_host(&self.agent, &format!("pct listsnapshot {vmid}")).await;
            if out.exit_code == Some(0) {
                return nomos::exec::snapshot::listed(&out.stdout);
            }
            said = format!(
                "{:?} exit {:?}: {} {}",
                out.status, out.exit_code, out.stdout, out.stderr
            );
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        panic!("pct listsnapshot {vmid} failed three times: {said}");
    }
}

/// A message from the operator in the room.
fn said(body: &str) -> Inbound {
    sim_lab::said(ROOM, OP, body)
}

fn container(state: &std::path::Path, vmid: u32, name: &str, rootfs: &str) {
    let file = state.join("vms").join(vmid.to_string());
    std::fs::write(
        &file,
        format!(
            "name={name}\nstatus=running\nmemory=512\nrootfs={rootfs}\nnet0=name=eth0,bridge=vmbr0,ip=dhcp\n"
        ),
    )
    .expect("vm file");
    share(&file);
}

/// A change on `box`, its snapshot, then `!undo` rolling the container's
/// config back; then pruning, which keeps the newest three of Nomos's and
/// the operator's own snapshot.
#[tokio::test]
async fn a_change_is_snapshotted_first_and_undo_rolls_it_back() {
    let lab = Lab::start().await;
    let done = lab.approved_change("lxc:box", "first").await;
    assert_eq!(
        done.status,
        ExecutionStatus::Completed,
        "{:?}",
        done.output_tail
    );
    let id = nomos::domain::short_id(done.id);
    let name = format!("nomos-{id}");
    assert_eq!(done.snapshot_name(), Some(name.as_str()));
    assert_eq!(
        done.snapshot_taken.as_deref(),
        Some(name.as_str()),
        "recorded the moment it was taken"
    );
    let log = lab.log();
    let snap_at = log
        .find(&format!("pct snapshot 150 {name}"))
        .expect("snapshot logged");
    let exec_at = log.rfind("pct exec 150").expect("exec logged");
    assert!(snap_at < exec_at, "the snapshot comes first:\n{log}");
    assert!(
        lab.card(&done)
            .contains(&format!("Snapshot `{name}` was taken"))
    );

    // The container changes after the work; the rollback brings it back.
    let vm = lab
        .vm(150)
        .replace("memory=512", "memory=2048")
        .replace("memory='512'", "memory='2048'");
    std::fs::write(lab.state.join("vms/150"), vm).expect("change");
    let reply = lab.command(&format!("!undo {id}")).await;
    let undo = lab.latest().await;
    assert_eq!(undo.command, format!("pct rollback 150 {name} --start"));
    assert_eq!(undo.target, "host:sim");
    assert_eq!(undo.status, ExecutionStatus::PendingApproval, "{reply}");
    let approval = lab
        .store
        .approval_for_execution(undo.id)
        .await
        .expect("approval")
        .expect("one");
    let phrase = approval.confirmation_phrase.expect("destructive: a phrase");
    assert!(reply.contains(&phrase), "{reply}");
    lab.say(&phrase).await;
    lab.agent.settle().await;
    let rolled = lab
        .store
        .get_execution(undo.id)
        .await
        .expect("get")
        .expect("row");
    assert_eq!(
        rolled.status,
        ExecutionStatus::Completed,
        "{:?}",
        rolled.output_tail
    );
    assert_eq!(lab.vm_value(150, "memory"), "512", "{}", lab.vm(150));
    assert_eq!(lab.vm_value(150, "status"), "running", "started again");

    pruning_keeps_the_newest_and_never_anothers(&lab).await;
    // The first snapshot is pruned by now: its undo says so, proposing
    // nothing.
    let before = lab.latest().await.id;
    let reply = lab.command(&format!("!undo {id}")).await;
    assert!(reply.contains("is gone"), "{reply}");
    assert_eq!(lab.latest().await.id, before, "no rollback was proposed");
}

async fn pruning_keeps_the_newest_and_never_anothers(lab: &Lab) {
    // (The rollback's start task may still hold the container's lock:
    // the operator's snapshot is taken once it is free, and must exit 0.)
    let mut said = String::new();
    for _ in 0..20 {
        let out = sim_lab::run_on_host(&lab.agent, "pct snapshot 150 before-upgrade").await;
        if out.exit_code == Some(0) {
            said.clear();
            break;
        }
        said = format!("{:?}: {} {}", out.exit_code, out.stdout, out.stderr);
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(said.is_empty(), "operator's snapshot: {said}");
    let mut newest = Vec::new();
    for n in 0..4 {
        let done = lab.approved_change("lxc:box", &format!("more-{n}")).await;
        assert_eq!(
            done.status,
            ExecutionStatus::Completed,
            "{:?}",
            done.output_tail
        );
        newest.push(format!("nomos-{}", nomos::domain::short_id(done.id)));
    }
    let left = lab.snapshots(150).await;
    let ours: Vec<&String> = left.iter().filter(|n| n.starts_with("nomos-")).collect();
    assert_eq!(ours.len(), 3, "keeps three (the default): {left:?}");
    for name in &newest[1..] {
        assert!(left.contains(name), "{name} kept: {left:?}");
    }
    assert!(left.contains(&"before-upgrade".to_string()), "{left:?}");
}

/// On directory storage the card says before approval that no snapshot is
/// possible; the work runs without one and there is nothing to undo.
#[tokio::test]
async fn a_container_that_cannot_be_snapshotted_says_so_before_approval() {
    let lab = Lab::start().await;
    lab.command(&format!(
        "!run lxc:flat touch {}",
        lab.work.path().join("flat").display()
    ))
    .await;
    let waiting = lab.latest().await;
    let card = lab.card(&waiting);
    assert!(
        card.contains("No snapshot is possible"),
        "{card}\nwork {:?}\nlog {}",
        waiting.work,
        lab.log()
    );
    assert!(card.contains("local (dir)"), "{card}");
    let id = nomos::domain::short_id(waiting.id);
    lab.command(&format!("!approve {id}")).await;
    lab.agent.settle().await;
    let done = lab
        .store
        .get_execution(waiting.id)
        .await
        .expect("get")
        .expect("row");
    assert_eq!(done.status, ExecutionStatus::Completed);
    assert!(!lab.log().contains("pct snapshot 151"), "{}", lab.log());
    let reply = lab.command(&format!("!undo {id}")).await;
    assert!(reply.contains("no snapshot was taken before it"), "{reply}");
}
