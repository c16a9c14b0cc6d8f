//! The agent creating containers in a simulated three-host Proxmox lab
//! over real SSH (the strict shims of tests/fixtures/pve on the lab
//! addresses 127.0.2.4-127.0.2.6): a ZFS host with no `local-lvm`, an
//! LVM-thin host with a TurnKey appliance cached next to Debian, and a host
//! whose container bridge has no address. DHCP and static addresses, the
//! card naming the storage and template before approval, the gateway
//! proved from the host or from inside, a failed start registered once,
//! and no second container of a hostname: neither one Nomos registered nor
//! one it never did (a `pct create` that finished after a timeout or crash).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use nomos::agent::llm::Client;
use nomos::agent::llm::settings::LlmSettings;
use nomos::agent::{Agent, AgentSettings};
use nomos::chat::Inbound;
use nomos::chat::recording::Recording;
use nomos::domain::{ExecutionStatus, Via};
use nomos::inventory;
use nomos::store::Store;
use nomos::store::executions::{self, Answer, Execution};
use serde_json::{Value, json};

use crate::support::model::{Model, call, last, messages, say};
use crate::support::{require_env, sqlite_url};

const OP: &str = "@op:hs";
const ROOM: &str = "!lab:hs";

/// A lab host's simulated state, wiped and seeded.
fn host_state(address: &str, files: &[(&str, &str)]) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let state = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(address);
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(state.join("vms")).expect("state");
    std::fs::create_dir_all(state.join("templates")).expect("templates");
    for (name, text) in files {
        std::fs::write(state.join(name), text).expect("seed");
    }
    let share = |path: &Path| {
        let mode = if path.is_dir() { 0o777 } else { 0o666 };
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    };
    share(&state);
    for dir in ["vms", "templates"] {
        share(&state.join(dir));
        for entry in std::fs::read_dir(state.join(dir)).expect("list").flatten() {
            share(&entry.path());
        }
    }
    for (name, _) in files {
        share(&state.join(name));
    }
    state
}

fn inventory_text(addresses: &[&str]) -> String {
    let mut text = String::from("hosts:\n");
    for (name, address) in ["zfs", "lvm", "l2"].iter().zip(addresses) {
        text.push_str(&format!(
            "  - name: {name}\n    transport: ssh\n    address: {address}\n    port: {port}\n    user: {user}\n    \
             key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    path: {path}\n{default}",
            port = require_env("NOMOS_TEST_SSH_PORT"),
            user = require_env("NOMOS_TEST_SSH_USER"),
            path = require_env("NOMOS_TEST_SSH_PATH"),
            key = require_env("NOMOS_TEST_SSH_KEY"),
            fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
            default = if *name == "lvm" { "    default: true\n" } else { "" },
        ));
    }
    text
}

/// The scripted model: each request names the containers to create.
fn brain(req: &Value) -> Value {
    let (role, content) = last(req);
    let create = |args: Value| ("pct_create", args.to_string());
    match role.as_str() {
        "user" if content.contains("build the lab") => call(&[
            create(json!({"hostname": "web", "host": "zfs"})),
            create(json!({"hostname": "db", "ip": "192.168.1.50/24", "gateway": "192.168.1.1"})),
            create(json!({"hostname": "edge", "host": "l2", "bridge": "vmbr1",
                          "ip": "10.20.0.5/24", "gateway": "10.20.0.1"})),
        ]),
        "user" if content.contains("flaky") => {
            call(&[create(json!({"hostname": "flaky", "host": "zfs"}))])
        }
        "user" if content.contains("ghost") => {
            call(&[create(json!({"hostname": "ghost", "host": "zfs"}))])
        }
        "user" if content.contains("on ext4") => call(&[create(
            json!({"hostname": "odd", "host": "zfs", "storage": "local-lvm"}),
        )]),
        "tool" => say("The cards wait for you."),
        _ => say("Done."),
    }
}

/// The three simulated hosts' states: pve1 with ZFS and Debian 13, pve2
/// with LVM and Debian 12 (and a TurnKey appliance), pve3 with an
/// address-less bridge and Debian 13 on NFS.
fn host_states(addresses: &[String]) -> Vec<PathBuf> {
    let debian13 = "debian-13-standard_13.1-2_amd64.tar.zst\n";
    vec![
        host_state(
            &addresses[0],
            &[
                ("node", "pve1\n"),
                (
                    "storage",
                    "local dir vztmpl,iso,backup\nlocal-zfs zfspool rootdir,images\n",
                ),
                ("templates/local", debian13),
                ("reachable", "vmbr0 192.168.1.1\n"),
            ],
        ),
        host_state(
            &addresses[1],
            &[
                ("node", "pve2\n"),
                (
                    "templates/local",
                    "debian-12-turnkey-wordpress_18.2-1_amd64.tar.gz\ndebian-12-standard_12.12-1_amd64.tar.zst\n",
                ),
                ("reachable", "vmbr0 192.168.1.1\n"),
            ],
        ),
        host_state(
            &addresses[2],
            &[
                ("node", "pve3\n"),
                (
                    "bridges",
                    "vmbr0 192.168.50.3/24 gw=192.168.50.1 ports=eno1\nvmbr1 ports=eno2\n",
                ),
                (
                    "templates/local",
                    "debian-12-turnkey-core_18.1-1_amd64.tar.gz\n",
                ),
                (
                    "storage",
                    "local dir vztmpl,iso,backup,rootdir\nlocal-lvm lvmthin rootdir,images\nnas nfs vztmpl,backup\n",
                ),
                ("templates/nas", debian13),
                ("reachable", "vmbr1 10.20.0.1\n"),
            ],
        ),
    ]
}

struct Lab {
    _dir: tempfile::TempDir,
    store: Store,
    agent: Agent,
    surface: Arc<Recording>,
    model: Model,
    states: Vec<PathBuf>,
    _shutdown: tokio_util::sync::DropGuard,
}

impl Lab {
    async fn start() -> Lab {
        let addresses: Vec<String> = require_env("NOMOS_TEST_LAB_ADDRESSES")
            .split(',')
            .skip(3)
            .take(3)
            .map(str::to_string)
            .collect();
        assert_eq!(addresses.len(), 3, "the lab addresses 127.0.2.4-6");
        let states = host_states(&addresses);
        let dir = tempfile::tempdir().expect("tempdir");
        let refs: Vec<&str> = addresses.iter().map(String::as_str).collect();
        let inventory_file = dir.path().join("inventory.yaml");
        std::fs::write(&inventory_file, inventory_text(&refs)).expect("inventory");
        let store = Store::open(&sqlite_url(dir.path())).await.expect("store");
        inventory::seed(&store, &inventory_file, None)
            .await
            .expect("seed");
        let model = Model::start(brain).await;
        let llm = Client::new(&LlmSettings {
            timeout: Duration::from_secs(10),
            max_retries: 1,
            ..LlmSettings::new(url::Url::parse(&model.base_url).expect("url"), "scripted")
        })
        .expect("client");
        let surface = Arc::new(Recording::default());
        let (agent, shutdown) = crate::support::start_agent(
            &store,
            OP,
            Some(llm),
            surface.clone(),
            AgentSettings::default(),
        );
        Lab {
            _dir: dir,
            store,
            agent,
            surface,
            model,
            states,
            _shutdown: shutdown.drop_guard(),
        }
    }

    async fn say(&self, body: &str) {
        let inbound = Inbound {
            room: ROOM.into(),
            sender: OP.into(),
            event_id: format!("$lab{}", uuid::Uuid::now_v7().simple()),
            body: body.into(),
            ..Inbound::default()
        };
        self.agent.on_message(&inbound).await.expect("on_message");
    }

    /// Approves every waiting card (none is destructive here).
    async fn approve_all(&self) -> Vec<Execution> {
        let session = self
            .store
            .open_session(ROOM, nomos::domain::SurfaceKind::Matrix)
            .await
            .expect("session");
        let waiting = executions::pending_approvals(&self.store, session.id, None)
            .await
            .expect("pending");
        for (_, approval) in &waiting {
            self.agent
                .decide(
                    ROOM,
                    approval,
                    &nomos::approvals::Decider::new(OP, Via::Command),
                    Answer::Approve,
                )
                .await
                .expect("decide");
        }
        self.agent.settle().await;
        let mut done = Vec::new();
        for (execution, _) in waiting {
            done.push(
                self.store
                    .get_execution(execution.id)
                    .await
                    .expect("read")
                    .expect("row"),
            );
        }
        done
    }

    /// What the tools answered the model, oldest first (each request
    /// repeats the history, so an answer may be listed more than once).
    fn tool_answers(&self) -> Vec<String> {
        self.model
            .requests()
            .iter()
            .flat_map(|r| messages(r).to_vec())
            .filter(|m| m["role"] == "tool")
            .filter_map(|m| m["content"].as_str().map(str::to_string))
            .collect()
    }

    /// How many containers named `name` the simulated host has.
    fn count(&self, host: usize, name: &str) -> usize {
        std::fs::read_dir(self.states[host].join("vms"))
            .expect("vms")
            .flatten()
            .filter(|e| {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                text.contains(&format!("name={name}\n")) || text.contains(&format!("name='{name}'"))
            })
            .count()
    }

    /// The `pct create` runs the simulated host logged.
    fn creates(&self, host: usize) -> usize {
        std::fs::read_to_string(self.states[host].join("log"))
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with("pct create "))
            .count()
    }

    /// The config the simulated host keeps for the container `name`.
    fn vm(&self, host: usize, name: &str) -> String {
        std::fs::read_dir(self.states[host].join("vms"))
            .expect("vms")
            .flatten()
            .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
            .find(|text| {
                text.contains(&format!("name={name}\n")) || text.contains(&format!("name='{name}'"))
            })
            .unwrap_or_else(|| panic!("no container {name} on host {host}"))
    }
}

fn card_for<'a>(cards: &'a [nomos::chat::Card], hostname: &str) -> &'a nomos::chat::Card {
    cards
        .iter()
        .find(|c| c.command.contains(&format!("hostname={hostname} ")))
        .unwrap_or_else(|| panic!("no card for {hostname}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_agent_builds_a_three_host_lab_with_dhcp_and_static_addresses() {
    let lab = Lab::start().await;
    lab.say("build the lab").await;

    the_cards_name_what_the_hosts_offer(&lab).await;
    approved_the_three_containers_are_built_as_proposed(&lab).await;
    a_storage_the_host_lacks_gets_no_card(&lab).await;
    a_failed_start_leaves_a_registered_stopped_container(&lab).await;
    let creates_before = asking_again_is_refused_at_the_proposal(&lab).await;
    a_guest_only_on_the_cluster_is_refused_by_its_vmid(&lab, creates_before).await;
}

/// The cards name what the hosts offer, before anyone approves.
async fn the_cards_name_what_the_hosts_offer(lab: &Lab) {
    // The cards name what the hosts offer, before anyone approves.
    let cards = lab.surface.cards();
    let web = card_for(&cards, "web");
    assert!(
        web.command.contains("host=zfs") && web.command.contains("storage=local-zfs"),
        "{}",
        web.command
    );
    assert!(
        web.command
            .contains("template=local:vztmpl/debian-13-standard_13.1-2"),
        "{}",
        web.command
    );
    let db = card_for(&cards, "db");
    assert!(
        db.command.contains("host=lvm") && db.command.contains("storage=local-lvm"),
        "{}",
        db.command
    );
    assert!(
        db.command
            .contains("template=local:vztmpl/debian-12-standard_12.12-1"),
        "a TurnKey appliance is never the default: {}",
        db.command
    );
    let edge = card_for(&cards, "edge");
    assert!(
        edge.command
            .contains("template=nas:vztmpl/debian-13-standard")
            && edge.command.contains("gateway-check=inside-after-start"),
        "{}",
        edge.command
    );
}

/// Approved, the three containers are built on their hosts' storage,
/// bridges and gateways (an address-less bridge's gateway proved from
/// inside) and registered.
async fn approved_the_three_containers_are_built_as_proposed(lab: &Lab) {
    let done = lab.approve_all().await;
    assert_eq!(done.len(), 3);
    for execution in &done {
        assert_eq!(
            execution.status,
            ExecutionStatus::Completed,
            "{:?}",
            execution.result
        );
    }
    let web_vm = lab.vm(0, "web");
    assert!(
        web_vm.contains("local-zfs:"),
        "the root disk on ZFS: {web_vm}"
    );
    assert!(
        web_vm.contains("nesting=1"),
        "nesting for unprivileged: {web_vm}"
    );
    let db_vm = lab.vm(1, "db");
    assert!(
        db_vm.contains("ip=192.168.1.50/24") && db_vm.contains("gw=192.168.1.1"),
        "{db_vm}"
    );
    let edge_vm = lab.vm(2, "edge");
    assert!(
        edge_vm.contains("bridge=vmbr1") && edge_vm.contains("gw=10.20.0.1"),
        "{edge_vm}"
    );
    let edge_result = done
        .iter()
        .find(|e| e.command.contains("hostname=edge "))
        .and_then(|e| e.result.as_ref())
        .map(|r| serde_json::to_value(r).unwrap_or_default().to_string())
        .unwrap_or_default();
    assert!(
        edge_result.contains("checked from inside") && edge_result.contains("answers"),
        "the gateway of an address-less bridge is proved from inside: {edge_result}"
    );
    for name in ["web", "db", "edge"] {
        let entity = lab
            .store
            .get_entity(&format!("lxc:{name}"))
            .await
            .expect("read");
        assert!(entity.is_some(), "lxc:{name} registered");
    }
}

/// A storage the host does not have is refused at the proposal.
async fn a_storage_the_host_lacks_gets_no_card(lab: &Lab) {
    // A storage the host does not have is refused at the proposal.
    lab.say("put one on ext4 storage").await;
    assert!(
        lab.surface
            .cards()
            .iter()
            .all(|c| !c.command.contains("hostname=odd ")),
        "no card for a storage the host lacks"
    );
}

/// A start that fails leaves one registered, stopped container.
async fn a_failed_start_leaves_a_registered_stopped_container(lab: &Lab) {
    // A start that fails leaves one registered, stopped container.
    std::fs::write(lab.states[0].join("start_fails"), "").expect("start_fails");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            lab.states[0].join("start_fails"),
            std::fs::Permissions::from_mode(0o666),
        )
        .expect("chmod");
    }
    // (The approvals above opened the room's window: close it, so the
    // next card waits.)
    let session = lab
        .store
        .open_session(ROOM, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("session");
    lab.store
        .revoke_windows(
            session.id,
            OP,
            Via::Command,
            time::OffsetDateTime::now_utc(),
        )
        .await
        .expect("revoke");
    lab.say("create the flaky one").await;
    let failed = lab.approve_all().await;
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].status, ExecutionStatus::Failed);
    let flaky = lab
        .store
        .get_entity("lxc:flaky")
        .await
        .expect("read")
        .expect("registered although it did not start");
    assert_eq!(flaky.attributes.0["status"], "stopped");
    assert!(lab.vm(0, "flaky").contains("status=stopped"));
}

/// Asking again is refused at the proposal: no second card, nothing to
/// approve, no second container. Returns the `pct create` runs so far.
async fn asking_again_is_refused_at_the_proposal(lab: &Lab) -> usize {
    // Asking again is refused at the proposal: no second card, nothing to
    // approve, no second container.
    let cards_before = lab.surface.cards().len();
    let creates_before = lab.creates(0);
    lab.say("create the flaky one").await;
    assert!(
        lab.tool_answers()
            .iter()
            .any(|a| a.contains("`lxc:flaky` already exists")),
        "the retry was refused: {:?}",
        lab.tool_answers().last()
    );
    assert_eq!(
        lab.surface.cards().len(),
        cards_before,
        "no card for the retry"
    );
    assert!(
        lab.approve_all().await.is_empty(),
        "nothing waits for approval"
    );
    assert_eq!(
        lab.count(0, "flaky"),
        1,
        "asking again made no second container"
    );
    assert_eq!(lab.creates(0), creates_before, "no pct create ran");
    creates_before
}

/// A container whose `pct create` finished but that Nomos never
/// registered is only on the cluster: a new request for its hostname is
/// refused too, naming its VMID.
async fn a_guest_only_on_the_cluster_is_refused_by_its_vmid(lab: &Lab, creates_before: usize) {
    // A container whose `pct create` finished but that Nomos never
    // registered (it timed out or crashed first) is only on the cluster:
    // a new request for its hostname is refused too, naming its VMID.
    std::fs::remove_file(lab.states[0].join("start_fails")).expect("start works again");
    let ghost = lab.states[0].join("vms/150");
    std::fs::write(
        &ghost,
        "name='ghost'\nstatus=stopped\ntemplate='local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst'\n\
         rootfs='local-zfs:subvol-150-disk-0,size=8G'\nnet0='name=eth0,bridge=vmbr0,ip=dhcp'\n",
    )
    .expect("ghost");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&ghost, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    }
    assert!(
        lab.store
            .get_entity("lxc:ghost")
            .await
            .expect("read")
            .is_none(),
        "Nomos does not know it"
    );
    let cards_before = lab.surface.cards().len();
    lab.say("create the ghost one").await;
    let answers = lab.tool_answers();
    assert!(
        answers.iter().any(
            |a| a.contains("a guest named ghost already exists on the cluster")
                && a.contains("VMID 150 on node pve1")
        ),
        "refused, naming the VMID: {:?}",
        answers.last()
    );
    assert_eq!(lab.surface.cards().len(), cards_before, "no card for ghost");
    assert!(lab.approve_all().await.is_empty());
    assert_eq!(lab.count(0, "ghost"), 1, "no second ghost");
    assert_eq!(lab.creates(0), creates_before, "no pct create ran");
}
