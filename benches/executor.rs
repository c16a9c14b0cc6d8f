//! Executor benchmark: 200 `true` commands over 4 loopback SSH hosts,
//! through Nomos's pooled connections, versus one `ssh` process per
//! command, versus OpenSSH ControlMaster multiplexing. Each approach runs
//! the same commands with the same concurrency; the table shows wall time
//! and ratios measured in the same run.
//!
//! A fleet row does the same at a rollout's scale: 1,000 commands over 50
//! loopback hosts (four more sshd processes, `NOMOS_BENCH_FLEET_HOSTS`),
//! 50 at a time, through the pool and through ControlMaster, with the
//! memory Nomos holds per connected host.
//!
//! Run with `scripts/bench` (it starts the loopback SSH server).

// Test code: a failed expectation is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "goals.rs"]
mod goals;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nomos::exec::{self, ExecSettings, Executor, Limits};
use nomos::store::Store;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

const COMMANDS: usize = 200;
const HOSTS: usize = 4;
const CONCURRENCY: usize = 8;

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| {
        panic!("{name} is not set: run scripts/bench, which starts the SSH server")
    })
}

struct Server {
    user: String,
    port: String,
    key: String,
    fingerprint: String,
}

fn ssh_args_to(server: &Server, address: &str, extra: &[String]) -> Vec<String> {
    let mut args: Vec<String> = [
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-i",
        &server.key,
        "-p",
        &server.port,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().cloned());
    args.push(format!("{}@{address}", server.user));
    args.push("true".into());
    args
}

/// A workload: `commands` × `true`, `concurrency` at a time, command `i`
/// on host `i % addresses.len()` (named `host:{prefix}{h}` in the
/// inventory).
struct Load {
    commands: usize,
    concurrency: usize,
    addresses: Vec<String>,
    prefix: &'static str,
}

impl Load {
    /// The 4 hosts of the main table, 127.0.0.1-4.
    fn main() -> Load {
        Load {
            commands: COMMANDS,
            concurrency: CONCURRENCY,
            addresses: (1..=HOSTS).map(|h| format!("127.0.0.{h}")).collect(),
            prefix: "h",
        }
    }

    fn hosts(&self) -> usize {
        self.addresses.len()
    }
}

/// Runs every command of `load` as one `ssh` process (with `extra(h)`
/// options for host `h`); the wall time.
async fn run_ssh_processes(
    server: &Arc<Server>,
    load: &Load,
    extra: impl Fn(usize) -> Vec<String>,
) -> Duration {
    let permits = Arc::new(Semaphore::new(load.concurrency));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..load.commands {
        let h = i % load.hosts();
        let args = ssh_args_to(server, &load.addresses[h], &extra(h));
        let permits = permits.clone();
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await.expect("semaphore");
            let status = tokio::process::Command::new("ssh")
                .args(&args)
                .status()
                .await
                .expect("ssh runs");
            assert!(status.success(), "ssh failed: {status}");
        }));
    }
    for t in tasks {
        t.await.expect("task");
    }
    started.elapsed()
}

/// Runs every command of `load` through Nomos's pool; the wall time.
async fn run_pool(executor: &Executor, load: &Load) -> Duration {
    let permits = Arc::new(Semaphore::new(load.concurrency));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..load.commands {
        let executor = executor.clone();
        let permits = permits.clone();
        let target = format!("host:{}{}", load.prefix, i % load.hosts());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await.expect("semaphore");
            let out = executor
                .run(
                    &target,
                    "true",
                    Limits::default(),
                    exec::discard(),
                    CancellationToken::new(),
                )
                .await
                .expect("runs");
            assert_eq!(out.exit_code, Some(0));
        }));
    }
    for t in tasks {
        t.await.expect("task");
    }
    started.elapsed()
}

/// A store whose inventory has `load`'s hosts (and, with `local`, the
/// local host `here`), in `dir`.
async fn store_with_hosts(dir: &Path, server: &Server, load: &Load, local: bool) -> Store {
    let mut yaml = String::from("hosts:\n");
    for (h, address) in load.addresses.iter().enumerate() {
        yaml.push_str(&format!(
            "  - name: {}{h}\n    transport: ssh\n    address: {address}\n    port: {}\n    user: {}\n    key_path: {}\n    host_key_fingerprint: \"{}\"\n",
            load.prefix, server.port, server.user, server.key, server.fingerprint
        ));
    }
    if local {
        yaml.push_str("  - name: here\n    transport: local\n");
    }
    std::fs::create_dir_all(dir).expect("dir");
    let inventory = dir.join("inventory.yaml");
    std::fs::write(&inventory, yaml).expect("inventory");
    let store = Store::open(&format!("sqlite://{}", dir.join("bench.db").display()))
        .await
        .expect("store");
    nomos::inventory::seed(&store, &inventory, None)
        .await
        .expect("seed");
    store
}

/// Commands run one after another for the confinement's cost.
const SEQUENTIAL: usize = 100;

/// `true` run [`SEQUENTIAL`] times one at a time on `target`, unconfined
/// then confined (after one warm-up each: the helper shipped, the
/// connection open); the two wall times.
async fn confinement_cost(executor: &Executor, target: &str) -> (Duration, Duration) {
    let run = |confined: bool| {
        let executor = executor.clone();
        let target = target.to_string();
        async move {
            let (sink, never) = (exec::discard(), CancellationToken::new());
            let limits = Limits::default();
            let out = if confined {
                executor
                    .run_unattended(
                        &target,
                        nomos::exec::Unattended::own("true", nomos::domain::NetworkUse::None),
                        limits,
                        sink,
                        never,
                    )
                    .await
            } else {
                executor.run(&target, "true", limits, sink, never).await
            };
            let out = out.expect("runs");
            assert_eq!(out.exit_code, Some(0), "{target}: {out:?}");
        }
    };
    let mut times = [Duration::ZERO; 2];
    for (i, confined) in [false, true].into_iter().enumerate() {
        run(confined).await;
        let started = Instant::now();
        for _ in 0..SEQUENTIAL {
            run(confined).await;
        }
        times[i] = started.elapsed();
    }
    (times[0], times[1])
}

fn control_path(dir: &Path, host: usize) -> PathBuf {
    dir.join(format!("cm-{host}"))
}

#[tokio::main]
async fn main() {
    let server = Arc::new(Server {
        user: env("NOMOS_TEST_SSH_USER"),
        port: env("NOMOS_TEST_SSH_PORT"),
        key: env("NOMOS_TEST_SSH_KEY"),
        fingerprint: env("NOMOS_TEST_SSH_FINGERPRINT"),
    });
    let dir = tempfile::tempdir().expect("tempdir");
    let load = Load::main();
    let store = store_with_hosts(dir.path(), &server, &load, true).await;
    let executor = Executor::new(store, ExecSettings::default());

    // Warm up each approach once per host (connections, caches).
    for h in 0..HOSTS {
        executor
            .run(
                &format!("host:h{h}"),
                "true",
                Limits::default(),
                exec::discard(),
                CancellationToken::new(),
            )
            .await
            .expect("warm-up");
    }
    let pool = run_pool(&executor, &load).await;
    assert_eq!(
        executor.pool().opened(),
        HOSTS as u64,
        "one connection per host"
    );

    let plain = run_ssh_processes(&server, &load, |_| Vec::new()).await;

    let multiplexed = run_control_master(&server, dir.path(), &load).await;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!();
    println!(
        "Executor: {COMMANDS} × `true` over {HOSTS} loopback SSH hosts, {CONCURRENCY} at a time"
    );
    println!();
    println!("| approach | wall time | per command | vs Nomos pool |");
    println!("|---|---:|---:|---:|");
    for (name, d) in [
        ("Nomos pooled russh", pool),
        ("one `ssh` process per command", plain),
        ("OpenSSH ControlMaster", multiplexed),
    ] {
        println!(
            "| {name} | {:.0} ms | {:.2} ms | {:.2}× |",
            ms(d),
            ms(d) / COMMANDS as f64,
            d.as_secs_f64() / pool.as_secs_f64()
        );
    }
    let (plain_ssh, confined_ssh) = confinement_cost(&executor, "host:h0").await;
    let (plain_local, confined_local) = confinement_cost(&executor, "host:here").await;
    println!();
    println!("Confinement: {SEQUENTIAL} × `true` one at a time, with and without nomos-confine");
    println!();
    println!("| target | unconfined | confined | added per command |");
    println!("|---|---:|---:|---:|");
    for (name, plain, confined) in [
        (
            "SSH host (the test user, user namespace)",
            plain_ssh,
            confined_ssh,
        ),
        (
            "local host (root, secret guard)",
            plain_local,
            confined_local,
        ),
    ] {
        println!(
            "| {name} | {:.2} ms | {:.2} ms | {:.2} ms |",
            ms(plain) / SEQUENTIAL as f64,
            ms(confined) / SEQUENTIAL as f64,
            (ms(confined) - ms(plain)) / SEQUENTIAL as f64
        );
    }
    let added =
        |plain: Duration, confined: Duration| Some((ms(confined) - ms(plain)) / SEQUENTIAL as f64);
    let mut verdicts = goals::Verdicts::default();
    verdicts.judge(goals::CONFINEMENT_ADDED_SSH, added(plain_ssh, confined_ssh));
    verdicts.judge(
        goals::CONFINEMENT_ADDED_LOCAL,
        added(plain_local, confined_local),
    );
    verdicts.judge(
        goals::EXECUTOR_VS_SSH,
        Some(plain.as_secs_f64() / pool.as_secs_f64()),
    );
    verdicts.judge(
        goals::EXECUTOR_VS_CONTROLMASTER,
        Some(multiplexed.as_secs_f64() / pool.as_secs_f64()),
    );
    let fleet = fleet_row(&server, dir.path()).await;
    verdicts.judge(goals::FLEET_VS_CONTROLMASTER, fleet);
    verdicts.finish();
}

/// Commands of the fleet row, and how many run at once (one per host).
const FLEET_COMMANDS: usize = 1000;
const FLEET_CONCURRENCY: usize = 50;

/// The resident memory of this process, in KiB.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

/// The fleet row: [`FLEET_COMMANDS`] × `true` over the fleet hosts, pool
/// versus ControlMaster; prints the table and returns ControlMaster time
/// over pool time.
async fn fleet_row(server: &Arc<Server>, dir: &Path) -> Option<f64> {
    let load = Load {
        commands: FLEET_COMMANDS,
        concurrency: FLEET_CONCURRENCY,
        addresses: env("NOMOS_BENCH_FLEET_HOSTS")
            .split(',')
            .map(str::to_string)
            .collect(),
        prefix: "f",
    };
    let hosts = load.hosts();
    let fleet_dir = dir.join("fleet");
    let store = store_with_hosts(&fleet_dir, server, &load, false).await;
    let executor = Executor::new(store, ExecSettings::default());
    // Memory per connected host: one command per host, one at a time,
    // between two readings (the pass itself spawns a thousand tasks).
    let before = rss_kib();
    let connect = Load {
        commands: hosts,
        concurrency: 1,
        addresses: load.addresses.clone(),
        prefix: load.prefix,
    };
    run_pool(&executor, &connect).await;
    let after = rss_kib();
    // A first pass warms what a rollout would (tasks, buffers); the
    // second is measured.
    let cold = run_pool(&executor, &load).await;
    let pool = run_pool(&executor, &load).await;
    assert_eq!(
        executor.pool().opened(),
        hosts as u64,
        "one connection per host"
    );
    let multiplexed = run_control_master(server, &fleet_dir, &load).await;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!();
    println!(
        "Fleet: {FLEET_COMMANDS} × `true` over {hosts} loopback SSH hosts, {FLEET_CONCURRENCY} at a time"
    );
    println!();
    println!("| approach | wall time | per command | vs Nomos pool |");
    println!("|---|---:|---:|---:|");
    for (name, d) in [
        ("Nomos pooled russh (connections open)", pool),
        ("Nomos pooled russh (first pass)", cold),
        ("OpenSSH ControlMaster (masters open)", multiplexed),
    ] {
        println!(
            "| {name} | {:.0} ms | {:.2} ms | {:.2}× |",
            ms(d),
            ms(d) / FLEET_COMMANDS as f64,
            d.as_secs_f64() / pool.as_secs_f64()
        );
    }
    println!();
    println!(
        "Nomos's memory per connected host: {:.0} KiB ({} KiB resident before connecting, {} KiB with {hosts} hosts connected)",
        after.saturating_sub(before) as f64 / hosts as f64,
        before,
        after
    );
    Some(multiplexed.as_secs_f64() / pool.as_secs_f64())
}

/// OpenSSH's ControlMaster: one master connection per host of `load`,
/// then its commands as multiplexed clients (the masters closed after);
/// returns the wall time of the commands.
async fn run_control_master(server: &Arc<Server>, dir: &Path, load: &Load) -> Duration {
    let control = |h: usize, more: &[&str]| {
        let mut extra = vec!["-S".to_string(), control_path(dir, h).display().to_string()];
        extra.extend(more.iter().map(|s| s.to_string()));
        let mut args = ssh_args_to(server, &load.addresses[h], &extra);
        args.pop(); // no command
        args
    };
    for h in 0..load.hosts() {
        let status = std::process::Command::new("ssh")
            .args(control(h, &["-M", "-f", "-N"]))
            .status()
            .expect("master");
        assert!(
            status.success(),
            "ControlMaster for {} failed",
            load.addresses[h]
        );
    }
    let cm_dir = dir.to_path_buf();
    let multiplexed = run_ssh_processes(server, load, move |h| {
        vec!["-S".into(), control_path(&cm_dir, h).display().to_string()]
    })
    .await;
    for h in 0..load.hosts() {
        let _ = std::process::Command::new("ssh")
            .args(control(h, &["-O", "exit"]))
            .output();
    }
    multiplexed
}
