//! The executor against a real OpenSSH server on loopback, with Proxmox
//! simulated by shell shims on its PATH (tests/fixtures/pve). Each test uses
//! its own loopback address (127.0.0.N), which the shims treat as a
//! separate host with its own state.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nomos::approvals::{ApprovalSettings, Gate, Outcome, Request};
use nomos::domain::{ExecutionStatus, RiskClass, Via};
use nomos::exec::pct_create::PctCreateError;
use nomos::exec::runner::{self, Executed};
use nomos::exec::{self, ExecError, ExecSettings, Executor, Limits, RunStatus, Stream};
use nomos::gate::approvers::Approvers;
use nomos::inventory;
use nomos::store::Store;
use nomos::store::audit::Action;
use nomos::store::executions::{Answer, Answered, Proposed};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;

use crate::support::{require_env, sqlite_url};

const DEBIAN_12: &str = "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst";
const DEBIAN_13: &str = "local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst";

/// A simulated Proxmox host on one loopback address, with a store whose
/// inventory names it as the default host `host:sim`. The shims keep their
/// state per address (layout: tests/fixtures/pve/README.md) and `Sim::new`
/// wipes it, so tests that may run in parallel never share one: 127.0.0.2
/// exit codes, .3 lxc commands, .4 pct_create, .5 down host and wrong key,
/// .6 cancel, .7 many commands, .8 approved executions, .9 health
/// (health.rs), .10 timeouts, .11 huge output, .12 known_hosts, .13
/// restart, .14 dead connection, .15 the shell, .16 the simulator's own
/// tests (pve_sim.rs). A second sshd on the same port serves the lab
/// addresses 127.0.2.1-127.0.2.10 (NOMOS_TEST_LAB_ADDRESSES): .1-.3
/// pve_sim.rs's three-host lab, .4-.6 the agent's three-host lab below,
/// .7 the doctor test (cli.rs), .8 the window tests (approvals.rs), .9
/// snapshots and undo (undo.rs), .10 file edits (files.rs), .11 the
/// confinement on SSH hosts and in containers (below).
struct Sim {
    state: PathBuf,
    store: Store,
    executor: Executor,
    _dir: tempfile::TempDir,
}

impl Sim {
    /// `pct_create::run` with `params` on this host.
    async fn create(
        &self,
        params: serde_json::Value,
    ) -> Result<exec::pct_create::Created, PctCreateError> {
        let params: nomos::domain::NewContainer =
            serde_json::from_value(params).map_err(|e| PctCreateError::Params(e.to_string()))?;
        exec::pct_create::run(
            &self.executor,
            &self.store,
            &params,
            limits(30),
            exec::discard(),
            CancellationToken::new(),
        )
        .await
    }

    /// The `pct create` runs the host logged so far.
    fn creates(&self) -> usize {
        std::fs::read_to_string(self.state.join("log"))
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with("pct create "))
            .count()
    }

    async fn new(address: &str, lxcs: &str) -> Sim {
        Sim::with(
            address,
            lxcs,
            &require_env("NOMOS_TEST_SSH_FINGERPRINT"),
            &require_env("NOMOS_TEST_SSH_PORT"),
        )
        .await
    }

    async fn with(address: &str, lxcs: &str, fingerprint: &str, port: &str) -> Sim {
        let settings = ExecSettings {
            connect_timeout: Duration::from_secs(3),
            ..ExecSettings::default()
        };
        Sim::with_settings(address, lxcs, fingerprint, port, settings).await
    }

    /// A simulated host; an empty `fingerprint` leaves the pin out.
    async fn with_settings(
        address: &str,
        lxcs: &str,
        fingerprint: &str,
        port: &str,
        settings: ExecSettings,
    ) -> Sim {
        let key = require_env("NOMOS_TEST_SSH_KEY");
        let state = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(address);
        let _ = std::fs::remove_dir_all(&state);
        std::fs::create_dir_all(state.join("vms")).expect("state dir");

        // A stock LVM-thin host (the shims' defaults) with two templates
        // on `local`, a second bridge with an address, and a gateway that
        // answers only through that bridge.
        std::fs::create_dir_all(state.join("templates")).expect("templates dir");
        let cached = [DEBIAN_12, DEBIAN_13]
            .map(|t| format!("{}\n", t.trim_start_matches("local:vztmpl/")))
            .concat();
        std::fs::write(state.join("templates/local"), cached).expect("templates");
        std::fs::write(
            state.join("bridges"),
            "vmbr0 192.168.1.5/24 gw=192.168.1.1 ports=eno1\nvmbr1 192.168.8.17/28 ports=eno2\n",
        )
        .expect("bridges");
        std::fs::write(state.join("reachable"), "vmbr1 192.168.8.18\n").expect("reachable");
        // The shims run as the SSH user and write here too.
        for path in [
            state.clone(),
            state.join("vms"),
            state.join("templates"),
            state.join("templates/local"),
            state.join("bridges"),
            state.join("reachable"),
        ] {
            share(&path);
        }
        let dir = tempfile::tempdir().expect("tempdir");
        let inventory = dir.path().join("inventory.yaml");
        let pin = if fingerprint.is_empty() {
            String::new()
        } else {
            format!("    host_key_fingerprint: \"{fingerprint}\"\n")
        };
        std::fs::write(
            &inventory,
            format!(
                "hosts:\n  - name: sim\n    transport: ssh\n    address: {address}\n    port: {port}\n    user: {user}\n    \
                 key_path: {key}\n    path: {path}\n{pin}    default: true\n{lxcs}",
                user = require_env("NOMOS_TEST_SSH_USER"),
                path = require_env("NOMOS_TEST_SSH_PATH"),
            ),
        )
        .expect("inventory");
        let store = Store::open(&sqlite_url(dir.path())).await.expect("store");
        inventory::seed(&store, &inventory, None)
            .await
            .expect("seed");
        Sim {
            executor: Executor::new(store.clone(), settings),
            store,
            state,
            _dir: dir,
        }
    }

    /// Adds a running container to the simulated host.
    fn container(&self, vmid: u32, name: &str) {
        let file = self.state.join("vms").join(vmid.to_string());
        std::fs::write(
            &file,
            format!("name={name}\nstatus=running\ntemplate={DEBIAN_13}\nnet0=name=eth0,bridge=vmbr0,ip=dhcp\n"),
        )
        .expect("vm file");
        share(&file);
    }

    fn vm(&self, vmid: u32) -> Option<String> {
        std::fs::read_to_string(self.state.join("vms").join(vmid.to_string())).ok()
    }

    fn vm_count(&self) -> usize {
        std::fs::read_dir(self.state.join("vms"))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    /// The audit actions of an execution, oldest first.
    async fn audit_actions(&self, id: uuid::Uuid) -> Vec<nomos::store::audit::Action> {
        let rows = self.store.audit_for_execution(id).await.expect("audit");
        rows.into_iter().map(|r| r.action).collect()
    }

    /// The execution row `id`.
    async fn row(&self, id: uuid::Uuid) -> nomos::store::executions::Execution {
        self.store
            .get_execution(id)
            .await
            .expect("get")
            .expect("row")
    }

    /// Hands an execution to the runner, as the bot does once it is approved.
    async fn execute(&self, id: uuid::Uuid) -> Executed {
        runner::execute(
            &self.store,
            &self.executor,
            id,
            exec::discard(),
            CancellationToken::new(),
        )
        .await
        .expect("execute")
    }

    async fn run(
        &self,
        target: &str,
        command: &str,
        limits: Limits,
    ) -> Result<exec::RunOutcome, ExecError> {
        self.executor
            .run(
                target,
                command,
                limits,
                exec::discard(),
                CancellationToken::new(),
            )
            .await
    }
}

/// Lets the SSH test user (who runs the shims) write `path` too.
fn share(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = if path.is_dir() { 0o777 } else { 0o666 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// The home folder of the test SSH server's user.
fn ssh_user_home() -> PathBuf {
    let user = require_env("NOMOS_TEST_SSH_USER");
    let out = std::process::Command::new("getent")
        .args(["passwd", &user])
        .output()
        .expect("getent");
    let line = String::from_utf8(out.stdout).expect("utf-8");
    PathBuf::from(line.split(':').nth(5).expect("a home field"))
}

fn limits(timeout_secs: u64) -> Limits {
    Limits {
        timeout: Duration::from_secs(timeout_secs),
        output_cap: 64 * 1024,
    }
}

#[tokio::test]
async fn exit_codes_streams_and_failures() {
    let sim = Sim::new("127.0.0.2", "").await;
    let ok = sim
        .run("host:sim", "echo out; echo err >&2", limits(10))
        .await
        .expect("runs");
    assert_eq!((ok.status, ok.exit_code), (RunStatus::Completed, Some(0)));
    assert_eq!((ok.stdout.as_str(), ok.stderr.as_str()), ("out\n", "err\n"));

    // A non-zero exit is a failure, with its output (the swallowed-exit bug).
    let failed = sim
        .run(
            "host:sim",
            "echo 'CT 132 already exists' >&2; exit 3",
            limits(10),
        )
        .await
        .expect("runs");
    assert_eq!(
        (failed.status, failed.exit_code),
        (RunStatus::Failed, Some(3))
    );
    assert!(failed.stderr.contains("already exists"));

    let missing = sim
        .run("host:nowhere", "true", limits(10))
        .await
        .unwrap_err();
    assert_eq!(missing, ExecError::UnknownTarget("host:nowhere".into()));
    let bad = sim.run("vm:x", "true", limits(10)).await.unwrap_err();
    assert!(
        bad.to_string()
            .contains("targets are host:NAME or lxc:NAME"),
        "{bad}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lxc_commands_pass_through_pct_exec_unchanged() {
    let sim = Sim::new("127.0.0.3", "lxcs:\n  - name: box\n    vmid: 150\n").await;
    sim.container(150, "box");
    // The container gets the locale and non-interactive apt settings.
    let env = sim
        .run("lxc:box", "echo $LANG $LC_ALL $DEBIAN_FRONTEND", limits(10))
        .await
        .expect("runs");
    assert_eq!(env.stdout, "C.UTF-8 C.UTF-8 noninteractive\n");
    assert!(sim.state.join("log").exists());
    let log = std::fs::read_to_string(sim.state.join("log")).expect("log");
    assert!(
        log.contains("pct exec 150 -- /usr/bin/env PATH=") && log.contains(" LANG=C.UTF-8 "),
        "{log}"
    );

    // Non-ASCII arrives intact: `pct` (Perl) decodes its arguments with the
    // host session's locale, and Nomos's SSH session has none, so without
    // the UTF-8 locale Nomos gives it, `é` would arrive as U+FFFD (the
    // simulated pct does what the real one does).
    for text in ["é", "café € ✓", "naïve\nzweite Zeile ü"] {
        let quoted = format!("'{}'", text.replace('\'', r"'\''"));
        let out = sim
            .run("lxc:box", &format!("printf %s {quoted}"), limits(10))
            .await
            .expect("runs");
        assert_eq!(out.stdout, text, "{out:?}");
        assert!(!out.stdout.contains('\u{fffd}'), "{out:?}");
    }

    // Property: any text with quotes, backslashes, $, backticks and newlines
    // reaches the container's shell byte for byte.
    let strategy = "[ -~\\n'\"\\\\$`é]{0,60}";
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..40 {
        let payload = strategy.new_tree(&mut runner).expect("value").current();
        let quoted = format!("'{}'", payload.replace('\'', r"'\''"));
        let out = sim
            .run("lxc:box", &format!("printf %s {quoted}"), limits(10))
            .await
            .expect("runs");
        assert_eq!(out.stdout, payload, "payload {payload:?}");
        assert_eq!(out.status, RunStatus::Completed);
    }
    assert_eq!(
        sim.executor.pool().opened(),
        1,
        "41 runs over one pooled connection"
    );
}

#[tokio::test]
async fn timeouts_close_the_channel_in_time() {
    let sim = Sim::new("127.0.0.10", "").await;
    let started = Instant::now();
    let out = sim
        .run(
            "host:sim",
            "sleep 10",
            Limits {
                timeout: Duration::from_secs(2),
                output_cap: 1024,
            },
        )
        .await
        .expect("runs");
    let took = started.elapsed();
    assert_eq!(out.status, RunStatus::TimedOut);
    assert!(
        out.note
            .as_deref()
            .is_some_and(|n| n.contains("timed out after 2s")),
        "{:?}",
        out.note
    );
    assert!(took < Duration::from_secs(3), "took {took:?}");
    println!("sleep 10 with a 2 s limit ended as timed_out after {took:?}");
}

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::test]
async fn huge_output_stays_capped_and_memory_bounded() {
    let sim = Sim::new("127.0.0.11", "").await;
    let streamed = Arc::new(AtomicU64::new(0));
    let counter = streamed.clone();
    let sink: exec::OutputSink = Arc::new(move |stream, data| {
        if stream == Stream::Stdout {
            counter.fetch_add(data.len() as u64, Ordering::Relaxed);
        }
    });
    let before = peak_rss_kib();
    let cap = 1024 * 1024;
    let out = sim
        .executor
        .run(
            "host:sim",
            "head -c 100000000 /dev/zero",
            Limits {
                timeout: Duration::from_secs(60),
                output_cap: cap,
            },
            sink,
            CancellationToken::new(),
        )
        .await
        .expect("runs");
    let grew_mib = peak_rss_kib().saturating_sub(before) / 1024;
    assert_eq!(out.status, RunStatus::Completed);
    assert_eq!(out.stdout_bytes, 100_000_000);
    assert_eq!(
        streamed.load(Ordering::Relaxed),
        100_000_000,
        "every chunk reached the live sink"
    );
    assert!(out.truncated);
    assert_eq!(out.stdout.len(), cap);
    assert!(
        grew_mib < 64,
        "peak memory grew by {grew_mib} MiB for 100 MB of output"
    );
    println!(
        "100 MB of output in {} ms; peak memory grew by {grew_mib} MiB; kept {} bytes",
        out.duration_ms,
        out.stdout.len()
    );
}

#[tokio::test]
async fn a_down_host_fails_fast_and_a_wrong_host_key_is_refused() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let down = Sim::with(
        "127.0.0.5",
        "",
        &require_env("NOMOS_TEST_SSH_FINGERPRINT"),
        &closed.to_string(),
    )
    .await;
    let started = Instant::now();
    let err = down.run("host:sim", "true", limits(10)).await.unwrap_err();
    assert!(matches!(err, ExecError::Connect { .. }), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "took {:?}",
        started.elapsed()
    );

    let wrong = "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    let spoofed = Sim::with("127.0.0.5", "", wrong, &require_env("NOMOS_TEST_SSH_PORT")).await;
    let err = spoofed
        .run("host:sim", "touch /tmp/nomos-should-not-exist", limits(10))
        .await
        .unwrap_err();
    match &err {
        ExecError::HostKey {
            presented, pinned, ..
        } => {
            assert_eq!(presented, &require_env("NOMOS_TEST_SSH_FINGERPRINT"));
            assert_eq!(pinned, wrong);
        }
        other => panic!("expected a host key refusal, got {other}"),
    }
    assert!(
        err.to_string().contains("update host_key_fingerprint"),
        "{err}"
    );
}

#[tokio::test]
async fn cancel_stops_the_remote_command() {
    let sim = Sim::new("127.0.0.6", "").await;
    let cancel = CancellationToken::new();
    let trigger = cancel.clone();
    // Cancel only once the remote command is seen running, so "gone
    // afterwards" proves the cancel killed it.
    let seen = tokio::spawn(async move {
        let running = crate::support::eventually(
            "the remote sleep to start",
            Duration::from_secs(10),
            || async { (remote_sleep_running() == Some(true)).then_some(()) },
        )
        .await;
        trigger.cancel();
        running
    });
    let out = sim
        .executor
        .run(
            "host:sim",
            "sleep 31337",
            limits(60),
            exec::discard(),
            cancel,
        )
        .await
        .expect("runs");
    seen.await
        .expect("the command was seen running before the cancel");
    assert_eq!(out.status, RunStatus::Cancelled);
    // The remote command itself is gone, not just our wait for it.
    crate::support::eventually(
        "the remote sleep to be killed",
        Duration::from_secs(5),
        || async { (remote_sleep_running() == Some(false)).then_some(()) },
    )
    .await;
}

/// Whether `sleep 31337` runs on this machine (`None`: pgrep failed).
fn remote_sleep_running() -> Option<bool> {
    let ps = std::process::Command::new("pgrep")
        .args(["-f", "sleep 3133[7]"])
        .output()
        .ok()?;
    Some(!ps.stdout.is_empty())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_commands_share_one_connection() {
    let sim = Arc::new(Sim::new("127.0.0.7", "").await);
    let mut tasks = Vec::new();
    for i in 0..30 {
        let sim = sim.clone();
        tasks.push(tokio::spawn(async move {
            sim.run("host:sim", &format!("echo {i}"), limits(20)).await
        }));
    }
    for (i, task) in tasks.into_iter().enumerate() {
        let out = task.await.expect("task").expect("runs");
        assert_eq!(out.stdout.trim(), i.to_string());
    }
    assert_eq!(sim.executor.pool().opened(), 1);
}

#[tokio::test]
async fn pct_create_with_its_pre_flights() {
    let sim = Sim::new("127.0.0.4", "").await;
    sim.container(121, "caddy");
    sim.container(132, "rclone");

    a_bare_create_takes_dhcp_the_newest_debian_and_a_free_vmid(&sim).await;
    bad_templates_gateways_and_names_are_refused(&sim).await;
    a_cluster_without_quorum_is_refused(&sim).await;
    an_unregistered_container_of_that_name_is_refused(&sim).await;
    a_late_gateway_is_found_from_inside(&sim).await;
}

/// DHCP by default, no gateway, newest Debian, a free VMID; the
/// container is registered and a target at once. A requested VMID that
/// is taken falls back to a free one, and says so.
async fn a_bare_create_takes_dhcp_the_newest_debian_and_a_free_vmid(sim: &Sim) {
    // DHCP by default, no gateway, newest Debian, a free VMID.
    let created = sim
        .create(serde_json::json!({"hostname": "typetype", "nesting": 1}))
        .await
        .expect("created");
    assert_eq!(created.vmid, 100);
    assert_eq!(created.template, DEBIAN_13);
    assert_eq!(
        (created.ip.as_str(), created.gateway.as_deref()),
        ("dhcp", None)
    );
    let vm = sim.vm(100).expect("container exists");
    assert!(vm.contains("status=running"), "{vm}");
    assert!(vm.contains("ip=dhcp") && !vm.contains("gw="), "{vm}");
    assert!(vm.contains("nesting=1"), "{vm}");
    let entity = sim
        .store
        .get_entity("lxc:typetype")
        .await
        .expect("query")
        .expect("registered");
    assert_eq!(entity.attributes.0["vmid"], 100);
    assert_eq!(entity.attributes.0["host"], "sim");
    // It is a target at once.
    let inside = sim
        .run("lxc:typetype", "echo hello from $LANG", limits(10))
        .await
        .expect("runs");
    assert_eq!(inside.stdout, "hello from C.UTF-8\n");

    // A requested VMID that is taken falls back to a free one, and says so.
    let moved = sim
        .create(serde_json::json!({"hostname": "romm2", "vmid": 132}))
        .await
        .expect("created");
    assert_ne!(moved.vmid, 132);
    assert!(
        moved
            .notes
            .iter()
            .any(|n| n.contains("132 is taken by rclone")),
        "{:?}",
        moved.notes
    );
    assert!(
        sim.vm(132).expect("rclone").contains("name=rclone"),
        "rclone untouched"
    );
}

/// A template that is not cached and an unreachable gateway are refused
/// before anything is created (the right bridge works); so are a
/// hostname taken and one that is not a hostname.
async fn bad_templates_gateways_and_names_are_refused(sim: &Sim) {
    // A template that is not cached is refused before anything is created.
    let count = sim.vm_count();
    let err = sim
        .create(serde_json::json!({"hostname": "x1", "template": "debian-13.0-1"}))
        .await
        .unwrap_err();
    assert!(matches!(err, PctCreateError::Template(_)), "{err}");
    assert!(err.to_string().contains(DEBIAN_13), "{err}");

    // An unreachable gateway fails in seconds, with advice not to guess.
    let started = Instant::now();
    let err = sim.create(serde_json::json!({"hostname": "x2", "ip": "192.168.8.20/28", "gateway": "192.168.8.18", "bridge": "vmbr0"})).await.unwrap_err();
    assert!(
        matches!(err, PctCreateError::GatewayUnreachable { .. }),
        "{err}"
    );
    assert!(
        err.to_string().contains("Do not guess another gateway"),
        "{err}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(sim.vm_count(), count, "nothing was created");

    // The right bridge for that gateway works, and the gateway is set.
    let fixed = sim.create(serde_json::json!({"hostname": "x2", "ip": "192.168.8.20/28", "gateway": "192.168.8.18", "bridge": "vmbr1", "privileged": "false"})).await.expect("created");
    let vm = sim.vm(fixed.vmid).expect("exists");
    assert!(
        vm.contains("ip=192.168.8.20/28,gw=192.168.8.18") && vm.contains("bridge=vmbr1"),
        "{vm}"
    );
    assert!(vm.contains("unprivileged='1'"), "{vm}");

    // The same hostname twice is refused.
    let err = sim
        .create(serde_json::json!({"hostname": "typetype"}))
        .await
        .unwrap_err();
    assert!(matches!(err, PctCreateError::Exists { .. }), "{err}");
    let err = sim
        .create(serde_json::json!({"hostname": "Bad_Name"}))
        .await
        .unwrap_err();
    assert!(matches!(err, PctCreateError::Params(_)), "{err}");
}

/// A cluster without quorum: refused, before any `pct create`, both at
/// the proposal (plan) and when approved (run).
async fn a_cluster_without_quorum_is_refused(sim: &Sim) {
    // A cluster without quorum: refused, before any `pct create`, both at
    // the proposal (plan) and when approved (run).
    let cluster = sim.state.join("cluster");
    std::fs::write(&cluster, "quorate 0\nname lab\n").expect("cluster");
    share(&cluster);
    let (count, before) = (sim.vm_count(), sim.creates());
    let params: nomos::domain::NewContainer =
        serde_json::from_value(serde_json::json!({"hostname": "quorumless"})).expect("params");
    let err = exec::pct_create::plan(&sim.executor, &sim.store, &params, limits(30))
        .await
        .unwrap_err();
    assert!(matches!(err, PctCreateError::NoQuorum { .. }), "{err}");
    let err = sim
        .create(serde_json::json!({"hostname": "quorumless"}))
        .await
        .unwrap_err();
    assert!(matches!(err, PctCreateError::NoQuorum { .. }), "{err}");
    assert!(
        err.to_string().contains("has no quorum") && err.to_string().contains("pvecm status"),
        "{err}"
    );
    let log = std::fs::read_to_string(sim.state.join("log")).expect("log");
    assert!(
        log.contains("pvesh get /cluster/status"),
        "quorum was asked: {log}"
    );
    assert_eq!(sim.creates(), before, "no pct create ran: {log}");
    assert_eq!(sim.vm_count(), count);
    std::fs::remove_file(&cluster).expect("quorate again");
}

/// A container of that hostname on the cluster that Nomos never
/// registered: refused, naming its VMID, and no second one is made.
async fn an_unregistered_container_of_that_name_is_refused(sim: &Sim) {
    // A container of that hostname on the cluster that Nomos never
    // registered (its `pct create` finished after a timeout or a crash):
    // refused, naming its VMID, and no second one is made.
    sim.container(180, "ghost");
    let before = sim.creates();
    let err = sim
        .create(serde_json::json!({"hostname": "ghost"}))
        .await
        .unwrap_err();
    assert!(
        matches!(err, PctCreateError::OnCluster { vmid: 180, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("VMID 180 on node pve"), "{err}");
    assert_eq!(sim.creates(), before, "no pct create ran");
    assert!(
        sim.store
            .get_entity("lxc:ghost")
            .await
            .expect("read")
            .is_none()
    );
}

/// A bridge without an address on the host: the gateway is checked from
/// inside once the container runs, and retried while its network comes
/// up.
async fn a_late_gateway_is_found_from_inside(sim: &Sim) {
    // A bridge without an address on the host: the gateway is checked from
    // inside once the container runs, and retried while its network comes
    // up (here the gateway answers about three seconds after `pct start`).
    std::fs::write(
        sim.state.join("bridges"),
        "vmbr0 192.168.1.5/24 gw=192.168.1.1 ports=eno1\nvmbr1 192.168.8.17/28 ports=eno2\nvmbr2 ports=eno3\n",
    )
    .expect("bridges");
    let log_path = sim.state.join("log");
    let reachable = sim.state.join("reachable");
    let starts = |text: &str| text.lines().filter(|l| l.starts_with("pct start ")).count();
    let starts_before = starts(&std::fs::read_to_string(&log_path).unwrap_or_default());
    let late_gateway = std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if starts(&std::fs::read_to_string(&log_path).unwrap_or_default()) > starts_before {
                std::thread::sleep(Duration::from_secs(3));
                let mut text = std::fs::read_to_string(&reachable).unwrap_or_default();
                text.push_str("vmbr2 10.30.0.1\n");
                std::fs::write(&reachable, text).expect("reachable");
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    });
    let late = sim.create(serde_json::json!({"hostname": "late", "bridge": "vmbr2", "ip": "10.30.0.5/24", "gateway": "10.30.0.1"}))
        .await
        .expect("created");
    assert!(late_gateway.join().expect("thread"), "pct start ran");
    assert!(
        late.notes
            .iter()
            .any(|n| n.contains("checked from inside") && n.contains("10.30.0.1 answers")),
        "a gateway that answers a few seconds after the start is found: {:?}",
        late.notes
    );
}

#[tokio::test]
async fn approved_executions_run_once_through_the_state_machine() {
    let sim = Sim::new("127.0.0.8", "").await;
    let gate = Gate::new(
        sim.store.clone(),
        Approvers::new(["@op:hs"]),
        ApprovalSettings::default(),
    );
    let session = sim
        .store
        .open_session("!exec:hs", nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("session");
    let request = |command: &str| Request {
        session_id: Some(session.id),
        work: nomos::domain::Work::command(),
        target: "host:sim".into(),
        command: command.into(),
        purpose: "test".into(),
        window: None,
        declared_risk: None,
        requested_by: "agent".into(),
        turn_id: None,
    };
    let now = OffsetDateTime::now_utc();
    a_change_runs_once_after_its_approval(&sim, &gate, &request, now).await;
    read_only_work_runs_by_policy_and_a_failure_keeps_its_output(&sim, &gate, &request, now).await;
    what_the_confinement_stops_is_on_the_record(&sim, &request, now).await;
}

/// A write recorded as read-only (as a classifier hole would let through:
/// here written to the store directly) runs confined: nothing is written,
/// and the row's output, which the card and the model read, ends with
/// what the confinement stopped.
async fn what_the_confinement_stops_is_on_the_record(
    sim: &Sim,
    request: &impl Fn(&str) -> Request,
    now: OffsetDateTime,
) {
    // Outside /tmp, which is the confined command's own.
    let marker = ssh_user_home().join(format!("hole-{}", crate::support::unique()));
    let forged = nomos::store::executions::propose(
        &sim.store,
        &request(&format!("touch {}", marker.display())),
        nomos::store::executions::Classified {
            class: RiskClass::ReadOnly,
            network: nomos::domain::NetworkUse::None,
        },
        &nomos::domain::Admission::RunNow { via: Via::Policy },
        now,
        time::Duration::minutes(5),
    )
    .await
    .expect("propose");
    let Proposed::RunNow { execution, .. } = forged else {
        panic!("recorded as read-only")
    };
    sim.execute(execution.id).await;
    let row = sim.row(execution.id).await;
    assert_eq!(row.status, ExecutionStatus::Failed);
    assert!(!marker.exists(), "the write happened");
    let tail = row.output_tail.unwrap_or_default();
    assert!(
        tail.contains("⛔ the confinement stopped it") && tail.contains("propose it as a change"),
        "{tail}"
    );
}

/// A target the helper cannot confine (this round: a container of a
/// local-transport host): the first read-only run there does not run and
/// says why, and the gate then asks before read-only work there. Under
/// `[gate] unconfined = run` it runs and says it ran unconfined.
#[tokio::test]
async fn read_only_work_where_nothing_confines_it_waits_for_a_person() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inventory = dir.path().join("inventory.yaml");
    std::fs::write(
        &inventory,
        "hosts:\n  - name: here\n    transport: local\n    default: true\nlxcs:\n  - name: ct\n    vmid: 170\n",
    )
    .expect("inventory");
    let store = Store::open(&sqlite_url(dir.path())).await.expect("store");
    inventory::seed(&store, &inventory, None)
        .await
        .expect("seed");
    let executor = Executor::new(store.clone(), ExecSettings::default());
    let gate = Gate::new(
        store.clone(),
        Approvers::new(["@op:hs"]),
        ApprovalSettings::default(),
    )
    .with_confinability(executor.confinability());
    let request = Request {
        session_id: None,
        work: nomos::domain::Work::command(),
        target: "lxc:ct".into(),
        command: "cat /etc/hostname".into(),
        purpose: "test".into(),
        window: None,
        declared_risk: None,
        requested_by: "agent".into(),
        turn_id: None,
    };
    let now = OffsetDateTime::now_utc();
    let first = gate.propose(&request, now).await.expect("propose");
    let Proposed::RunNow { execution, .. } = first.outcome else {
        panic!("not yet known to be unconfinable: runs by policy")
    };
    runner::execute(
        &store,
        &executor,
        execution.id,
        exec::discard(),
        CancellationToken::new(),
    )
    .await
    .expect("execute");
    let row = store
        .get_execution(execution.id)
        .await
        .expect("get")
        .expect("row");
    assert_eq!(row.status, ExecutionStatus::Failed);
    let tail = row.output_tail.unwrap_or_default();
    assert!(
        tail.contains("cannot be confined") && tail.contains("propose it again"),
        "{tail}"
    );
    let again = gate
        .propose(
            &Request {
                command: "cat /etc/os-release".into(),
                ..request.clone()
            },
            now,
        )
        .await
        .expect("propose");
    assert!(
        matches!(again.outcome, Proposed::Awaiting { .. }),
        "{:?}",
        again.outcome
    );

    let lenient = Executor::new(
        store.clone(),
        ExecSettings {
            unconfined: exec::confine::Unconfined::Run,
            ..ExecSettings::default()
        },
    );
    let ran = lenient
        .run_unattended(
            "lxc:ct",
            exec::Unattended::own("true", nomos::domain::NetworkUse::None),
            limits(10),
            exec::discard(),
            CancellationToken::new(),
        )
        .await
        .expect("runs");
    let said = ran.confinement.unwrap_or_default();
    assert!(
        said.contains("ran unconfined ([gate] unconfined = run)"),
        "{said}"
    );
}

/// A change waits for its approval, then runs once, completed, with its
/// output and result recorded and each step audited.
async fn a_change_runs_once_after_its_approval(
    sim: &Sim,
    gate: &Gate,
    request: &impl Fn(&str) -> Request,
    now: OffsetDateTime,
) {
    let proposal = gate
        .propose(
            &request(&format!(
                "touch /tmp/nomos-it-{} && echo touched",
                crate::support::unique()
            )),
            now,
        )
        .await
        .expect("propose");
    let Proposed::Awaiting {
        approval,
        execution,
    } = proposal.outcome
    else {
        panic!("needs approval")
    };
    // Not approved yet: nothing runs.
    assert!(matches!(
        sim.execute(execution.id).await,
        Executed::NotClaimed
    ));
    let decided = gate
        .decide(&approval, "@op:hs", Via::Reaction, Answer::Approve, now)
        .await
        .expect("decide");
    assert!(matches!(decided, Outcome::Answered(Answered::Won { .. })));
    let first = sim.execute(execution.id).await;
    assert!(
        matches!(
            first,
            Executed::Finished {
                status: ExecutionStatus::Completed,
                ..
            }
        ),
        "{first:?}"
    );
    let again = sim.execute(execution.id).await;
    assert!(
        matches!(again, Executed::NotClaimed),
        "an execution never runs twice"
    );

    let row = sim
        .store
        .get_execution(execution.id)
        .await
        .expect("get")
        .expect("row");
    assert_eq!((row.status.as_str(), row.exit_code), ("completed", Some(0)));
    assert_eq!(row.output_tail.as_deref(), Some("touched\n"));
    let result = serde_json::to_value(row.result.expect("result")).expect("json");
    assert_eq!(result["status"], "completed");
    assert_eq!(result["stdout"], "touched\n");
    let actions = sim.audit_actions(execution.id).await;
    // (The assent window the approval opened is audited on its own row.)
    assert_eq!(
        actions,
        [
            Action::Proposed,
            Action::Approved,
            Action::Started,
            Action::Finished
        ]
    );
}

/// Read-only work runs by policy; a failure is recorded with its output.
async fn read_only_work_runs_by_policy_and_a_failure_keeps_its_output(
    sim: &Sim,
    gate: &Gate,
    request: &impl Fn(&str) -> Request,
    now: OffsetDateTime,
) {
    // Read-only work runs by policy; a failure is recorded with its output.
    let failing = gate
        .propose(&request("ls /definitely/not/here"), now)
        .await
        .expect("propose");
    let Proposed::RunNow { execution, .. } = failing.outcome else {
        panic!("read-only runs now")
    };
    sim.execute(execution.id).await;
    let row = sim.row(execution.id).await;
    assert_eq!(row.status, ExecutionStatus::Failed);
    assert!(row.exit_code.is_some_and(|c| c != 0));
    assert!(
        row.output_tail
            .as_deref()
            .is_some_and(|t| t.contains("No such file")),
        "{:?}",
        row.output_tail
    );
}

#[tokio::test]
async fn known_hosts_and_trust_on_first_use() {
    let port = require_env("NOMOS_TEST_SSH_PORT");
    let files = tempfile::tempdir().expect("tempdir");
    let known_hosts = files.path().join("known_hosts");
    std::fs::write(&known_hosts, "").expect("empty known_hosts");
    let settings = |tofu| ExecSettings {
        connect_timeout: Duration::from_secs(3),
        known_hosts: Some(known_hosts.clone()),
        trust_on_first_use: tofu,
        ..ExecSettings::default()
    };

    // No pin, not in known_hosts, no trust on first use: refused.
    let strict = Sim::with_settings("127.0.0.12", "", "", &port, settings(false)).await;
    let err = strict
        .run("host:sim", "true", limits(10))
        .await
        .unwrap_err();
    assert!(matches!(err, ExecError::UnknownHostKey { .. }), "{err}");

    // Trust on first use records the key, and the host then runs commands.
    let tofu = Sim::with_settings("127.0.0.12", "", "", &port, settings(true)).await;
    let out = tofu
        .run("host:sim", "echo trusted", limits(10))
        .await
        .expect("runs");
    assert_eq!(out.stdout, "trusted\n");
    let recorded = std::fs::read_to_string(&known_hosts).expect("read");
    assert!(
        recorded.contains(&format!("[127.0.0.12]:{port}")),
        "{recorded}"
    );
    let strict_again = Sim::with_settings("127.0.0.12", "", "", &port, settings(false)).await;
    assert!(
        strict_again
            .run("host:sim", "true", limits(10))
            .await
            .is_ok(),
        "a recorded key is trusted"
    );

    // A changed key is refused even with trust on first use.
    let other_key = std::fs::read_to_string(format!("{}.pub", require_env("NOMOS_TEST_SSH_KEY")))
        .expect("another ed25519 key");
    std::fs::write(&known_hosts, format!("[127.0.0.12]:{port} {other_key}")).expect("write");
    let changed = Sim::with_settings("127.0.0.12", "", "", &port, settings(true)).await;
    let err = changed
        .run("host:sim", "true", limits(10))
        .await
        .unwrap_err();
    assert!(matches!(err, ExecError::UnknownHostKey { .. }), "{err}");
    assert!(err.to_string().contains("not trusted"), "{err}");
}

#[tokio::test]
async fn a_restart_interrupts_what_was_running_and_runs_nothing_again() {
    let sim = Sim::new("127.0.0.13", "").await;
    let gate = Gate::new(
        sim.store.clone(),
        Approvers::new(["@op:hs"]),
        ApprovalSettings::default(),
    );
    let request = Request {
        session_id: None,
        work: nomos::domain::Work::command(),
        target: "host:sim".into(),
        command: "uptime".into(),
        purpose: "test".into(),
        window: None,
        declared_risk: None,
        requested_by: "agent".into(),
        turn_id: None,
    };
    let Proposed::RunNow { execution, .. } = gate
        .propose(&request, OffsetDateTime::now_utc())
        .await
        .expect("propose")
        .outcome
    else {
        panic!("read-only runs now")
    };
    // A crash after the claim: the row says running, nothing will finish it.
    nomos::store::executions::claim(&sim.store, execution.id, OffsetDateTime::now_utc())
        .await
        .expect("claim")
        .expect("claimed");
    nomos::app::reconcile(&sim.store).await.expect("reconcile");
    let row = sim
        .store
        .get_execution(execution.id)
        .await
        .expect("get")
        .expect("row");
    assert_eq!(row.status, ExecutionStatus::Interrupted);
    let again = sim.execute(execution.id).await;
    assert!(
        matches!(again, Executed::NotClaimed),
        "an interrupted execution does not re-run by itself"
    );
    let actions = sim.audit_actions(execution.id).await;
    assert_eq!(
        actions,
        [
            Action::Proposed,
            Action::Approved,
            Action::Started,
            Action::Interrupted
        ]
    );
}

/// The sshd processes serving this test process's connections to `port`
/// (found with `ss`: our side's local ports, then the server side of each).
fn sshd_serving_us(port: &str) -> Vec<u32> {
    let me = std::process::id();
    let ss = |filter: &str| {
        let out = std::process::Command::new("ss")
            .args(["-tnpH", "state", "established", filter])
            .output()
            .expect("ss runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let mut pids = Vec::new();
    for line in ss(&format!("( dport = :{port} )"))
        .lines()
        .filter(|l| l.contains(&format!("pid={me},")))
    {
        let local_port = line
            .split_whitespace()
            .nth(2)
            .and_then(|a| a.rsplit(':').next())
            .unwrap_or_default()
            .to_string();
        for server in ss(&format!("( sport = :{port} and dport = :{local_port} )")).lines() {
            pids.extend(
                server
                    .split("pid=")
                    .skip(1)
                    .filter_map(|p| p.split(',').next()?.parse::<u32>().ok()),
            );
        }
    }
    pids
}

#[tokio::test]
async fn a_dead_pooled_connection_is_replaced() {
    let sim = Sim::new("127.0.0.14", "").await;
    assert_eq!(
        sim.run("host:sim", "echo one", limits(10))
            .await
            .expect("runs")
            .stdout,
        "one\n"
    );
    assert_eq!(sim.executor.pool().opened(), 1);
    let port = require_env("NOMOS_TEST_SSH_PORT");
    let pids = sshd_serving_us(&port);
    assert!(!pids.is_empty(), "found the sshd process of our connection");
    for pid in &pids {
        // SAFETY: kill(2) on a pid we just read from ss; no memory effects.
        unsafe {
            libc::kill(*pid as i32, libc::SIGKILL);
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let out = sim
        .run("host:sim", "echo two", limits(10))
        .await
        .expect("runs after the connection died");
    assert_eq!(out.stdout, "two\n");
    assert_eq!(
        sim.executor.pool().opened(),
        2,
        "one new connection replaced the dead one"
    );
}

/// Every transport runs what the gate judged with the grammar it judged
/// it in (bash), without startup files: the test SSH server sets
/// `BASH_ENV` to a script that leaves a file behind, and `printf x
/// &>/dev/null touch F` is one harmless `printf` to bash but `printf x &`
/// then `touch F` to dash.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_transport_runs_bash_as_the_classifier_reads_it() {
    let sim = Sim::new("127.0.0.15", "lxcs:\n  - name: box\n    vmid: 150\n").await;
    sim.container(150, "box");
    let trap = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join("bash_env_was_read");
    let work = tempfile::tempdir().expect("tempdir");
    share(work.path());
    for (n, target) in ["host:sim", "lxc:box", "local"].into_iter().enumerate() {
        let touched = work.path().join(format!("touched-{n}"));
        let command = format!(
            "printf x &>/dev/null touch {}; printf '%s' \"$BASH_VERSION\"",
            touched.display()
        );
        assert_eq!(
            nomos::gate::classify::classify(&command, None).class,
            RiskClass::ReadOnly,
            "the gate reads it as harmless"
        );
        let out = if target == "local" {
            exec::local::run(
                &command,
                exec::local::Place::default(),
                limits(10),
                exec::discard(),
                CancellationToken::new(),
                None,
            )
            .await
            .expect("runs")
        } else {
            sim.run(target, &command, limits(10)).await.expect("runs")
        };
        assert_eq!(out.status, RunStatus::Completed, "{target}: {out:?}");
        assert!(!out.stdout.is_empty(), "{target}: not run by bash");
        assert!(!touched.exists(), "{target}: read as dash, `touch` ran");
    }
    assert!(!trap.exists(), "a command started bash with BASH_ENV read");
}

/// `command` run on `target` as read-only work that needs no network, the
/// way the executor runs what no person approved (confined).
async fn unattended_run(executor: &Executor, target: &str, command: &str) -> exec::RunOutcome {
    executor
        .run_unattended(
            target,
            exec::Unattended::own(command, nomos::domain::NetworkUse::None),
            limits(20),
            exec::discard(),
            CancellationToken::new(),
        )
        .await
        .expect("runs")
}

/// Read-only work over SSH and inside a container runs under the shipped
/// confinement: it reads as before; a write, a secret read and a signal
/// to a process of the SSH user are stopped and said (while the same
/// signal, unconfined, reaches it: the check can fail); the helper went
/// to the host once and into the container with `pct push`.
#[tokio::test]
async fn read_only_work_on_ssh_hosts_and_containers_runs_confined() {
    let sim = Sim::new("127.0.2.11", "lxcs:\n  - name: jail\n    vmid: 160\n").await;
    sim.container(160, "jail");
    let user = require_env("NOMOS_TEST_SSH_USER");
    // A secret of the SSH user's own, which no file mode keeps from it.
    let home = ssh_user_home();
    let secret_dir = home.join("confine-test-app");
    std::fs::create_dir_all(&secret_dir).expect("app dir");
    std::fs::write(secret_dir.join(".env"), "API_TOKEN=canary-51c3\n").expect("secret");
    share(&secret_dir);
    share(&secret_dir.join(".env"));
    let marker = secret_dir.join("written");
    let mut sentinel = std::process::Command::new("setpriv")
        .args([
            "--reuid",
            &user,
            "--regid",
            &user,
            "--init-groups",
            "sleep",
            "120",
        ])
        .spawn()
        .expect("sentinel");
    let unattended = |target: &'static str, command: String| {
        let executor = sim.executor.clone();
        async move { unattended_run(&executor, target, &command).await }
    };
    for target in ["host:sim", "lxc:jail"] {
        let read = unattended(target, "cat /etc/hostname; uname -s".into()).await;
        assert_eq!(read.status, RunStatus::Completed, "{target}: {read:?}");
        let plain = sim
            .executor
            .run(
                target,
                "cat /etc/hostname; uname -s",
                limits(20),
                exec::discard(),
                CancellationToken::new(),
            )
            .await
            .expect("runs");
        assert_eq!(read.stdout, plain.stdout, "{target}: a read reads the same");

        let write = unattended(target, format!("touch {}", marker.display())).await;
        assert_eq!(write.status, RunStatus::Failed, "{target}: {write:?}");
        assert!(
            write.stderr.contains("Read-only file system"),
            "{target}: {write:?}"
        );
        assert!(
            write
                .confinement
                .as_deref()
                .is_some_and(|n| n.contains("propose it as a change")),
            "{target}: {write:?}"
        );
        assert!(!marker.exists(), "{target}: the write happened");

        let secret = unattended(target, format!("cat {}/.env", secret_dir.display())).await;
        assert_eq!(secret.status, RunStatus::Failed, "{target}: {secret:?}");
        assert!(
            !secret.stdout.contains("canary"),
            "{target}: the secret was shown"
        );

        let signal = unattended(target, format!("kill -0 {}", sentinel.id())).await;
        assert_eq!(signal.status, RunStatus::Failed, "{target}: {signal:?}");
    }
    let control = sim
        .run(
            "host:sim",
            &format!("kill -0 {}", sentinel.id()),
            limits(20),
        )
        .await
        .expect("runs");
    assert_eq!(
        control.status,
        RunStatus::Completed,
        "unconfined, the signal reaches it: {control:?}"
    );
    assert!(
        sentinel.try_wait().expect("wait").is_none(),
        "the sentinel lives"
    );
    sentinel.kill().expect("kill");
    let _ = sentinel.wait();
    std::fs::remove_dir_all(&secret_dir).expect("clean up");
    // The container was checked for the helper once (the simulated
    // container shares this machine's files, so it had it: no push).
    let log = std::fs::read_to_string(sim.state.join("log")).unwrap_or_default();
    let checks = log
        .lines()
        .filter(|l| {
            l.starts_with("pct exec 160 -- /usr/bin/env PATH=") && l.contains(" /bin/sh -c case ")
        })
        .count();
    assert_eq!(checks, 1, "{log}");
}

/// Where the secret guard cannot run (the SSH test user), the confinement
/// remembers its search for secret names between commands, beside the
/// helper: a record the test adds a harmless file to is used (that file
/// is hidden), and any change to a folder the search listed makes the
/// next command search again (a secret created there is hidden, the
/// harmless file readable again).
#[tokio::test]
async fn the_remembered_secret_search_holds_only_while_nothing_changed() {
    let sim = Sim::new("127.0.2.16", "").await;
    let home = ssh_user_home();
    let dir = home.join("confine-remembered");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("plain.txt"), "plain-7d1e\n").expect("plain");
    share(&dir);
    share(&dir.join("plain.txt"));
    let run = |command: String| {
        let executor = sim.executor.clone();
        async move { unattended_run(&executor, "host:sim", &command).await }
    };
    let hash = &exec::confine::shipment().expect("the helper is built").hash;
    let record = home.join(format!(".cache/nomos/confine-{hash}.secrets"));
    let plain = format!("cat {}/plain.txt", dir.display());
    // Other tests change folders the search lists (this home, /tmp): a
    // record can be outdated before it is used; try a few times.
    let mut used = false;
    for _ in 0..8 {
        // The folder settles (a folder changed in the last 2 s is
        // searched each time, not remembered).
        tokio::time::sleep(Duration::from_millis(2200)).await;
        run("true".into()).await;
        let text = std::fs::read_to_string(&record).unwrap_or_default();
        if !text
            .lines()
            .any(|l| l.starts_with("d ") && l.ends_with(&format!(" {}", dir.display())))
        {
            continue;
        }
        std::fs::write(&record, format!("{text}f {}/plain.txt\n", dir.display())).expect("add");
        let out = run(plain.clone()).await;
        if out.status == RunStatus::Failed && !out.stdout.contains("plain-7d1e") {
            used = true;
            break;
        }
    }
    assert!(used, "the remembered search was never used");
    std::fs::write(dir.join(".env"), "API_TOKEN=canary-0b7a\n").expect("secret");
    share(&dir.join(".env"));
    let secret = run(format!("cat {}/.env", dir.display())).await;
    assert_eq!(secret.status, RunStatus::Failed, "{secret:?}");
    assert!(!secret.stdout.contains("canary"), "a new secret was shown");
    let again = run(plain).await;
    assert_eq!(again.status, RunStatus::Completed, "{again:?}");
    assert!(
        again.stdout.contains("plain-7d1e"),
        "searched again: {again:?}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// The network a confined run is given is what the proposal's one
/// classification found, recorded with the execution: none for a command
/// that starts no network program (no IP or Unix socket at all: the
/// host's listener is out of reach), the host's network without IP sockets for one that
/// only looks (`ss`), and IP sockets only for one whose every destination
/// the egress check proved (`curl` to loopback). Each level is checked
/// against a real listener on this machine's loopback.
#[tokio::test]
async fn a_confined_run_gets_the_network_its_classification_found() {
    let sim = Sim::new("127.0.2.12", "").await;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("listen");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("addr").port();
    let accepted = || {
        let mut n = 0;
        while listener.accept().is_ok() {
            n += 1;
        }
        n
    };
    let gate = Gate::new(
        sim.store.clone(),
        Approvers::new(["@op:lab"]),
        ApprovalSettings::default(),
    );
    // `ran-42` shows the command ran (an error from the SSH connection
    // itself would say nothing of the confinement).
    let probe = format!("echo ran-$((6*7)); exec 3<>/dev/tcp/127.0.0.1/{port} && echo connected");
    let cases = [
        // (command as proposed, what it uses, what it may do)
        (
            format!("cat /etc/hostname; {probe}"),
            nomos::domain::NetworkUse::None,
            // No IP socket at all (nor a Unix one): the host's listener
            // is out of reach.
            "Address family not supported",
        ),
        (
            format!("ss -ltn; {probe}"),
            nomos::domain::NetworkUse::Inspects,
            "Address family not supported",
        ),
        (
            // No answer comes (nothing serves the listener): `-m 1` ends it.
            format!("curl -s -m 1 -o /dev/null http://127.0.0.1:{port}/; {probe}"),
            nomos::domain::NetworkUse::Reaches,
            "connected",
        ),
    ];
    for (command, network, says) in cases {
        // The class comes from the probe's `exec 3<>`: the test records
        // the run as read-only to see what the confinement alone allows.
        let request = Request {
            session_id: None,
            work: nomos::domain::Work::command(),
            target: "host:sim".into(),
            command: command.clone(),
            purpose: "test".into(),
            window: None,
            declared_risk: None,
            requested_by: "agent".into(),
            turn_id: None,
        };
        let classified = gate.classify(&request).await.expect("classify");
        assert_eq!(classified.network, network, "{command}");
        let forged = nomos::store::executions::propose(
            &sim.store,
            &request,
            nomos::store::executions::Classified {
                class: RiskClass::ReadOnly,
                network: classified.network,
            },
            &nomos::domain::Admission::RunNow { via: Via::Policy },
            OffsetDateTime::now_utc(),
            time::Duration::minutes(5),
        )
        .await
        .expect("propose");
        let Proposed::RunNow { execution, .. } = forged else {
            panic!("recorded to run")
        };
        assert_eq!(execution.network, network, "recorded with the execution");
        sim.execute(execution.id).await;
        let row = sim.row(execution.id).await;
        let tail = row.output_tail.clone().unwrap_or_default();
        assert!(
            tail.contains("ran-42") && tail.contains(says),
            "{command}: {network}: {tail}"
        );
        let reached = accepted();
        match network {
            nomos::domain::NetworkUse::Reaches => {
                assert_eq!(row.status, ExecutionStatus::Completed, "{tail}");
                assert!(reached >= 1, "{command}: the listener saw nothing");
            }
            _ => {
                assert_eq!(row.status, ExecutionStatus::Failed, "{command}: {tail}");
                assert_eq!(reached, 0, "{command}: reached the host's loopback");
            }
        }
    }
}
