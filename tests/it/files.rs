//! File changes through `edit_file`, over the test SSH server and a
//! simulated Proxmox host of their own (127.0.2.10), inside a container
//! `web` on LVM-thin (`pct exec`; snapshotted first, as any change): the card shows a unified diff with the file's
//! owner, mode and hash before approval; the approved change is applied
//! atomically with the mode kept and no temporary file left; `!undo` puts
//! the old bytes back exactly; a file changed after the proposal is not
//! touched, its card says why and the agent is told to read it again; a
//! write to a critical file takes its own typed phrase; a package change's
//! card shows its `apt-get -s` dry run.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use nomos::agent::llm::Client;
use nomos::agent::llm::settings::LlmSettings;
use nomos::agent::{Agent, AgentSettings};
use nomos::chat::Inbound;
use nomos::chat::recording::Recording;
use nomos::domain::{ExecutionKind, ExecutionStatus, RiskClass, short_id};
use nomos::inventory;
use nomos::store::Store;
use nomos::store::executions::{self, Execution};
use serde_json::{Value, json};

use crate::support::model::{self, Model};
use crate::support::sim_lab::{self, share};
use crate::support::{require_env, sqlite_url};

const HOST: &str = "127.0.2.10";
const OP: &str = "@op:hs";
const ROOM: &str = "!files:hs";

/// What the file holds at first: CRLF, a tab, no newline at the end and
/// a non-ASCII letter, so "byte for byte" means something.
const ORIGINAL: &[u8] = "listen 80\r\nroot /srv\tdata\n# café".as_bytes();

struct Lab {
    store: Store,
    agent: Agent,
    surface: Arc<Recording>,
    model: Model,
    work: tempfile::TempDir,
    _shutdown: tokio_util::sync::DropGuard,
}

impl Lab {
    /// The host with container `vmid` named `web` (each test has its own
    /// VMID on the shared host, so tests running at once never meet on
    /// one container's snapshot lock), a model that edits `app.conf` when
    /// asked to, and the file written by the SSH user with mode 664.
    async fn start(vmid: u32) -> Lab {
        fresh_container(vmid);
        let work = tempfile::tempdir().expect("work dir");
        // Writable by the SSH user, and sticky as /tmp is: Nomos edits
        // in place only in folders nobody else can swap files in.
        std::fs::set_permissions(work.path(), sticky_dir()).expect("chmod");
        let inventory = work.path().join("inventory.yaml");
        std::fs::write(&inventory, sim_lab::inventory(HOST, &[("web", vmid)])).expect("inventory");
        let store = Store::open(&sqlite_url(work.path())).await.expect("store");
        inventory::seed(&store, &inventory, None)
            .await
            .expect("seed");
        let path = work.path().join("app.conf").display().to_string();
        let model = Model::start(move |request| brain(request, &path)).await;
        let llm = Client::new(&LlmSettings {
            timeout: Duration::from_secs(20),
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
        let lab = Lab {
            store,
            agent,
            surface,
            model,
            work,
            _shutdown: shutdown.drop_guard(),
        };
        lab.as_ssh_user(&format!(
            "printf '%s' {} | base64 -d > {path} && chmod 664 {path}",
            base64_of(ORIGINAL),
            path = lab.path().display()
        ))
        .await;
        lab
    }

    fn path(&self) -> PathBuf {
        self.work.path().join("app.conf")
    }

    /// Runs a command on the host as the SSH user (outside the gate: the
    /// test's own hands).
    async fn as_ssh_user(&self, command: &str) {
        let out = sim_lab::run_on_host(&self.agent, command).await;
        assert_eq!(out.exit_code, Some(0), "{command}: {}", out.stderr);
    }

    async fn say(&self, body: &str) {
        self.agent
            .on_message(&said(body))
            .await
            .expect("on_message");
        self.agent.settle().await;
    }

    async fn command(&self, body: &str) -> String {
        sim_lab::command(&self.agent, ROOM, OP, body).await
    }

    async fn latest(&self) -> Execution {
        sim_lab::latest(&self.store, ROOM).await
    }

    async fn reload(&self, execution: &Execution) -> Execution {
        self.store
            .get_execution(execution.id)
            .await
            .expect("get")
            .expect("row")
    }

    /// Approves it if it waits (an open window may have run it), then
    /// waits for its end.
    async fn approve(&self, execution: &Execution) -> Execution {
        if execution.status == ExecutionStatus::PendingApproval {
            let reply = self
                .command(&format!("!approve {}", short_id(execution.id)))
                .await;
            assert!(!reply.contains("No execution"), "{reply}");
        }
        self.agent.settle().await;
        self.reload(execution).await
    }

    /// The phrase its approval waits for.
    async fn phrase(&self, execution: &Execution) -> String {
        self.store
            .approval_for_execution(execution.id)
            .await
            .expect("approval")
            .and_then(|a| a.confirmation_phrase)
            .expect("a phrase")
    }

    fn card(&self, execution: &Execution) -> String {
        self.surface
            .last_card(execution.id)
            .map(|c| c.markdown())
            .unwrap_or_default()
    }

    /// Files beside app.conf other than the inventory, the database and
    /// app.conf itself: a temporary file left behind would show here.
    fn leftovers(&self) -> Vec<String> {
        std::fs::read_dir(self.work.path())
            .expect("list")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("nomos-write"))
            .collect()
    }
}

/// Container `vmid` named `web` on LVM-thin, running, on the shared host,
/// with whatever an earlier run left of it (snapshots, disk) removed.
fn fresh_container(vmid: u32) {
    let state = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(HOST);
    if std::fs::create_dir_all(state.join("vms")).is_ok() {
        let _ = std::fs::set_permissions(&state, shared_dir());
        let _ = std::fs::set_permissions(state.join("vms"), shared_dir());
    }
    for stale in std::fs::read_dir(state.join("vms")).expect("vms") {
        let stale = stale.expect("entry").path();
        let name = stale
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if name.starts_with(&format!("{vmid}.")) {
            let _ = std::fs::remove_file(&stale);
        }
    }
    let vm = state.join(format!("vms/{vmid}"));
    std::fs::write(
        &vm,
        format!(
            "name=web\nstatus=running\nmemory=512\nrootfs=local-lvm:vm-{vmid}-disk-0,size=8G\n\
             net0=name=eth0,bridge=vmbr0,ip=dhcp\n"
        ),
    )
    .expect("vm");
    share(&vm);
}

/// The scripted model: asked to change the port, it edits app.conf; told
/// a result, it reports it.
fn brain(request: &Value, path: &str) -> Value {
    let (role, content) = model::last(request);
    if role == "user" && content.contains("port") {
        return tool(
            "edit_file",
            json!({
                "target": "lxc:web",
                "path": path,
                "edits": [{ "old": "listen 80\r\n", "new": "listen 8080\r\n" }],
                "purpose": "serve on port 8080"
            }),
        );
    }
    if role == "user" && content.contains("foreign") {
        return tool(
            "edit_file",
            json!({
                "target": "lxc:web",
                "path": format!("{path}.foreign"),
                "edits": [{ "old": "a", "new": "b" }],
                "purpose": "edit another user's file"
            }),
        );
    }
    if role == "user" && content.contains("fstab") {
        return tool(
            "write_file",
            json!({
                "target": "lxc:web",
                "path": "/etc/fstab",
                "content": "proc /proc proc defaults 0 0\n",
                "purpose": "simplify the mounts"
            }),
        );
    }
    if role == "user" && content.contains("big file") {
        return tool(
            "write_file",
            json!({
                "target": "lxc:web",
                "path": format!("{path}.big"),
                "content": big(),
                "purpose": "a large generated config",
                "mode": "0600"
            }),
        );
    }
    for (asked, package) in [("install nginx", "nginx"), ("install nope", "nope")] {
        if role == "user" && content.contains(asked) {
            return model::run(
                "lxc:web",
                &format!("apt-get install -y {package}"),
                "install a package",
            );
        }
    }
    if role == "tool" {
        return model::say("The change waits for your approval.");
    }
    model::say("Done.")
}

/// A call of tool `name` with `args`.
fn tool(name: &str, args: Value) -> Value {
    model::call(&[(name, args.to_string())])
}

fn said(body: &str) -> Inbound {
    sim_lab::said(ROOM, OP, body)
}

fn sticky_dir() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o1777)
}

fn shared_dir() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o777)
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("meta").permissions().mode() & 0o7777
}

/// 60 KiB of text: near the limit of what one command line carries
/// base64-encoded through `ssh`, `pct exec` and `bash -c`.
fn big() -> String {
    (0..1000)
        .map(|i| format!("{i:04} {}\n", "x".repeat(55)))
        .collect()
}

fn edited() -> Vec<u8> {
    "listen 8080\r\nroot /srv\tdata\n# café".as_bytes().to_vec()
}

#[tokio::test]
async fn an_edit_is_a_diff_card_applied_atomically_and_undone_byte_for_byte() {
    let lab = Lab::start(160).await;
    lab.say("please set the port to 8080").await;
    let proposed = lab.latest().await;
    assert_eq!(proposed.kind(), ExecutionKind::WriteFile);
    assert_eq!(proposed.status, ExecutionStatus::PendingApproval);
    assert_eq!(proposed.risk_class, RiskClass::ConfigMutation);
    let id = short_id(proposed.id);
    let card = lab.card(&proposed);
    let hash = nomos::exec::file_edit::sha256(ORIGINAL);
    for needle in [
        "```diff\n",
        "-listen 80␍\n+listen 8080␍\n",
        " root /srv\tdata\n",
        "mode 664",
        &hash[..12],
        &format!("✏️ Writes `{}`", lab.path().display()),
    ] {
        assert!(card.contains(needle), "{needle:?} missing from:\n{card}");
    }
    assert!(card.contains("Waiting for approval"), "{card}");
    assert_eq!(
        std::fs::read(lab.path()).expect("read"),
        ORIGINAL,
        "nothing before approval"
    );

    let done = lab.approve(&proposed).await;
    assert_eq!(
        done.status,
        ExecutionStatus::Completed,
        "{:?}",
        done.output_tail
    );
    assert_eq!(std::fs::read(lab.path()).expect("read"), edited());
    assert_eq!(mode_of(&lab.path()), 0o664, "the mode is kept");
    assert!(lab.leftovers().is_empty(), "{:?}", lab.leftovers());
    let card = lab.card(&done);
    assert!(card.contains(&format!("`!undo {id}`")), "{card}");
    assert!(card.contains("completed"), "{card}");
    assert!(
        card.contains(&format!("Snapshot `nomos-{id}` of the container was taken")),
        "{card}"
    );

    // Undo: a card of its own that writes the old bytes back.
    lab.command(&format!("!undo {id}")).await;
    let restore = lab.latest().await;
    assert_ne!(restore.id, done.id, "the undo is a new execution");
    assert_eq!(restore.kind(), ExecutionKind::WriteFile);
    let card = lab.card(&restore);
    assert!(
        card.contains(&format!("↩️ Undo of `{id}`: restores")),
        "{card}"
    );
    assert!(card.contains("-listen 8080␍\n+listen 80␍\n"), "{card}");
    let restored = lab.approve(&restore).await;
    assert_eq!(
        restored.status,
        ExecutionStatus::Completed,
        "{:?}",
        restored.output_tail
    );
    assert_eq!(
        std::fs::read(lab.path()).expect("read"),
        ORIGINAL,
        "byte for byte"
    );
    assert_eq!(mode_of(&lab.path()), 0o664);

    let again = lab.command(&format!("!undo {id}")).await;
    assert!(
        again.contains("already holds what it held before"),
        "{again}"
    );
    // After `!new`, the card's ↩️ (which names the full id) still finds it.
    lab.command("!new").await;
    let later = lab.command(&format!("!undo {}", done.id)).await;
    assert!(
        later.contains("already holds what it held before"),
        "{later}"
    );
    let short = lab.command(&format!("!undo {id}")).await;
    assert!(
        short.contains("No execution"),
        "a short id is this conversation's: {short}"
    );
}

#[tokio::test]
async fn a_file_changed_after_the_proposal_is_left_alone_and_the_card_says_so() {
    let lab = Lab::start(161).await;
    lab.say("please set the port to 8080").await;
    let proposed = lab.latest().await;
    assert_eq!(proposed.status, ExecutionStatus::PendingApproval);
    // Someone edits the file by hand before the approval.
    lab.as_ssh_user(&format!(
        "printf '\\n# by hand\\n' >> {}",
        lab.path().display()
    ))
    .await;
    let mut by_hand = ORIGINAL.to_vec();
    by_hand.extend_from_slice(b"\n# by hand\n");

    let ended = lab.approve(&proposed).await;
    assert_eq!(ended.status, ExecutionStatus::Failed);
    assert_eq!(ended.exit_code, Some(113));
    assert_eq!(
        std::fs::read(lab.path()).expect("read"),
        by_hand,
        "untouched"
    );
    assert!(lab.leftovers().is_empty(), "{:?}", lab.leftovers());
    let card = lab.card(&ended);
    assert!(card.contains("changed since this was proposed"), "{card}");
    let log = std::fs::read_to_string(
        PathBuf::from(require_env("NOMOS_TEST_SIM_STATE"))
            .join(HOST)
            .join("log"),
    )
    .unwrap_or_default();
    assert!(
        !log.contains("pct snapshot 161"),
        "a change that cannot apply costs no snapshot:\n{log}"
    );
    assert!(card.contains("Nothing was written"), "{card}");
    // The agent heard why, with what to do next.
    crate::support::eventually("the agent is told", Duration::from_secs(20), || async {
        lab.model
            .requests()
            .iter()
            .any(|r| r.to_string().contains("Read it again"))
            .then_some(())
    })
    .await;
    let undo = lab.command(&format!("!undo {}", short_id(ended.id))).await;
    assert!(undo.contains("did not write its file"), "{undo}");
}

/// A write to a file the host needs is destructive: its card asks for the
/// typed phrase of its own (no window stands for it) and says why. The
/// test never types it (and the SSH user could not write /etc/fstab).
#[tokio::test]
async fn a_write_to_a_critical_file_needs_its_own_phrase() {
    let lab = Lab::start(162).await;
    lab.say("rewrite the fstab").await;
    let proposed = lab.latest().await;
    assert_eq!(proposed.kind(), ExecutionKind::WriteFile);
    assert_eq!(proposed.risk_class, RiskClass::Destructive);
    assert_eq!(proposed.status, ExecutionStatus::PendingApproval);
    let card = lab.card(&proposed);
    assert!(card.contains("`confirm write_file lxc:web`"), "{card}");
    assert!(card.contains("✏️ Writes `/etc/fstab`"), "{card}");
    assert!(card.contains("+proc /proc proc defaults 0 0"), "{card}");
    let approve = lab
        .command(&format!("!approve {}", short_id(proposed.id)))
        .await;
    assert!(approve.contains("confirm write_file lxc:web"), "{approve}");
    assert_eq!(
        lab.reload(&proposed).await.status,
        ExecutionStatus::PendingApproval
    );
}

/// A new file near the size limit travels whole through SSH and `pct
/// exec`, gets the mode asked for, and its undo removes it again.
#[tokio::test]
async fn a_large_new_file_travels_whole_and_its_undo_removes_it() {
    let lab = Lab::start(163).await;
    lab.say("write the big file").await;
    let proposed = lab.latest().await;
    assert_eq!(proposed.kind(), ExecutionKind::WriteFile);
    let card = lab.card(&proposed);
    assert!(card.contains("new file · mode 0600"), "{card}");
    assert!(
        card.contains("attached as"),
        "a 1000-line diff is attached: {card}"
    );
    // Nobody saw the whole diff on the card: no ✅, `!approve` or window
    // approves it, only the phrase naming how many lines the attachment
    // holds (whose lines went through the same visibility pass).
    let lines = 1003; // the two headers, the hunk line, 1000 added lines
    let phrase = format!("confirm {lines} lines lxc:web");
    assert!(card.contains(&format!("`{phrase}`")), "{card}");
    assert!(card.contains("Longer than this card shows"), "{card}");
    assert_eq!(lab.phrase(&proposed).await, phrase);
    let by_command = lab
        .command(&format!("!approve {}", short_id(proposed.id)))
        .await;
    assert!(by_command.contains(&phrase), "{by_command}");
    assert_eq!(
        lab.reload(&proposed).await.status,
        ExecutionStatus::PendingApproval
    );
    lab.say(&phrase).await;
    let done = lab.reload(&proposed).await;
    assert_eq!(
        done.status,
        ExecutionStatus::Completed,
        "{:?}",
        done.output_tail
    );
    let path = PathBuf::from(format!("{}.big", lab.path().display()));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), big());
    assert_eq!(mode_of(&path), 0o600);
    let id = short_id(done.id);
    lab.command(&format!("!undo {id}")).await;
    let removal = lab.latest().await;
    assert!(
        lab.card(&removal)
            .contains(&format!("↩️ Undo of `{id}`: removes"))
    );
    // Removing a file is destructive to the classifier, as `rm` is: the
    // undo of a creation takes the typed phrase.
    assert_eq!(removal.risk_class, RiskClass::Destructive);
    let phrase = lab.phrase(&removal).await;
    assert_eq!(phrase, format!("confirm write_file {lines} lines lxc:web"));
    lab.say(&phrase).await;
    let removed = lab.reload(&removal).await;
    assert_eq!(
        removed.status,
        ExecutionStatus::Completed,
        "{:?}",
        removed.output_tail
    );
    assert!(!path.exists(), "the file the change created is gone");
}

/// A package change's card says what `apt-get -s` with the same words
/// says it will do, before anyone approves it; an unknown package's card
/// says apt's error. (The simulated host's package list is its `apt`
/// state file, read by the apt-get shim.)
#[tokio::test]
async fn a_package_change_shows_its_dry_run_before_approval() {
    let lab = Lab::start(164).await;
    let state = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(HOST);
    let apt = state.join("apt");
    std::fs::write(
        &apt,
        "nginx 1.26.3-3 amd64 depends=nginx-common\n\
         nginx-common 1.26.3-3 all\n\
         curl 8.14.1-2 amd64 installed=8.14.1-2\n",
    )
    .expect("apt state");
    share(&apt);
    lab.say("please install nginx").await;
    let proposed = lab.latest().await;
    assert_eq!(proposed.command, "apt-get install -y nginx");
    assert_eq!(proposed.status, ExecutionStatus::PendingApproval);
    let card = lab.card(&proposed);
    assert!(
        card.contains(
            "📦 Dry run `apt-get -s install -y nginx`: installs 2 (nginx-common, nginx) · upgrades none · removes none"
        ),
        "{card}"
    );
    lab.command(&format!("!deny {}", short_id(proposed.id)))
        .await;

    lab.say("please install nope").await;
    let unknown = lab.latest().await;
    assert_ne!(unknown.id, proposed.id);
    let card = lab.card(&unknown);
    assert!(
        card.contains("says:\n```\nE: Unable to locate package nope\n```"),
        "{card}"
    );
}

/// In a sticky folder (as /tmp), a file another user owns is not edited
/// in place: its owner could swap it for a symlink between Nomos's steps.
/// The model is told why; nothing is proposed.
#[tokio::test]
async fn a_file_another_user_owns_in_a_sticky_folder_is_refused() {
    let lab = Lab::start(165).await;
    let foreign = PathBuf::from(format!("{}.foreign", lab.path().display()));
    std::fs::write(&foreign, "a\n").expect("write");
    let nobody = std::process::Command::new("chown")
        .arg("65534:65534")
        .arg(&foreign)
        .status()
        .expect("chown");
    assert!(
        nobody.success(),
        "the test runs as root (scripts/test needs it)"
    );
    lab.say("edit the foreign file").await;
    let session = lab
        .store
        .open_session(ROOM, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("session")
        .id;
    let proposed = executions::recent_in_session(&lab.store, session, 10)
        .await
        .expect("executions");
    assert!(proposed.is_empty(), "nothing proposed: {proposed:?}");
    let told = lab.model.requests().iter().any(|r| {
        r.to_string()
            .contains("in a folder where its owner could swap it")
    });
    assert!(told, "the model hears why");
    assert_eq!(std::fs::read(&foreign).expect("read"), b"a\n");
}
