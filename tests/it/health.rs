//! Health checks against real local servers (HTTP, TCP, TLS through
//! `openssl s_server`) and the test SSH server (disk usage with `df`, ping
//! through the simulated Proxmox host); entity status and samples; the
//! staleness sweep with a controlled clock; one alert for ten failures.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;
use nomos::chat::recording::Recording;
use nomos::domain::HealthStatus;
use nomos::exec::{ExecSettings, Executor};
use nomos::health::{HealthSettings, Monitor};
use nomos::inventory;
use nomos::store::Store;
use nomos::store::health::CheckDef;
use time::OffsetDateTime;

use crate::support::{eventually, free_port, require_env, sqlite_url};

const OPS: &str = "!ops:hs";

struct Lab {
    store: Store,
    monitor: Arc<Monitor>,
    posted: Arc<Recording>,
    _dir: tempfile::TempDir,
}

/// A store seeded with `checks` (inventory YAML) on a simulated host
/// `host:sim` reached over the test SSH server at 127.0.0.9.
async fn lab(checks: &str) -> Lab {
    lab_on(None, checks).await
}

/// A lab on the database at `url`, or a fresh SQLite file.
async fn lab_on(url: Option<String>, checks: &str) -> Lab {
    let dir = tempfile::tempdir().expect("dir");
    let state = Path::new(&require_env("NOMOS_TEST_SIM_STATE")).join("127.0.0.9");
    std::fs::create_dir_all(&state).expect("state");
    std::fs::write(state.join("reachable"), "any 10.9.9.9\n").expect("reachable");
    {
        use std::os::unix::fs::PermissionsExt;
        for p in [&state, &state.join("reachable")] {
            let mode = if p.is_dir() { 0o777 } else { 0o666 };
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
        }
    }
    let inv = dir.path().join("inventory.yaml");
    std::fs::write(
        &inv,
        format!(
            "hosts:\n  - name: sim\n    transport: ssh\n    address: 127.0.0.9\n    port: {port}\n    user: {user}\n    \
             key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    default: true\n    path: {path}\n\
             services:\n  - name: web\n    runs_on: host:sim\n\
             checks:\n{checks}",
            port = require_env("NOMOS_TEST_SSH_PORT"),
            user = require_env("NOMOS_TEST_SSH_USER"),
            path = require_env("NOMOS_TEST_SSH_PATH"),
            key = require_env("NOMOS_TEST_SSH_KEY"),
            fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
        ),
    )
    .expect("inventory");
    let url = url.unwrap_or_else(|| sqlite_url(dir.path()));
    let store = Store::open(&url).await.expect("store");
    inventory::seed(&store, &inv, None).await.expect("seed");
    let posted = Arc::new(Recording::default());
    let monitor = Arc::new(Monitor::new(
        store.clone(),
        Executor::new(store.clone(), ExecSettings::default()),
        Some(posted.clone()),
        HealthSettings {
            ops_room: Some(OPS.into()),
            ..HealthSettings::default()
        },
    ));
    Lab {
        store,
        monitor,
        posted,
        _dir: dir,
    }
}

impl Lab {
    async fn check(&self, slug: &str) -> CheckDef {
        self.store
            .enabled_checks()
            .await
            .expect("checks")
            .into_iter()
            .find(|c| c.slug == slug)
            .unwrap_or_else(|| panic!("no check {slug}"))
    }

    async fn status(&self, entity: &str) -> (HealthStatus, Option<String>) {
        let rows = self.store.entity_health().await.expect("health");
        let row = rows.into_iter().find(|h| h.slug == entity).expect("entity");
        (row.status, row.detail)
    }
}

async fn http_server() -> u16 {
    let app = Router::new()
        .route("/ok", get(|| async { "all good: ready" }))
        .route(
            "/fail",
            get(|| async { (StatusCode::BAD_GATEWAY, "upstream down") }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move { axum::serve(listener, app).await });
    port
}

#[tokio::test]
async fn http_and_tcp_checks_land_on_the_target_entity() {
    let port = http_server().await;
    let closed = free_port();
    let lab = lab(&format!(
        "  - name: web-ok\n    target: service:web\n    interval_secs: 60\n    http:\n      url: http://127.0.0.1:{port}/ok\n      body_contains: ready\n\
         \x20 - name: web-body\n    target: service:web\n    interval_secs: 60\n    http:\n      url: http://127.0.0.1:{port}/ok\n      body_contains: nope\n\
         \x20 - name: web-fail\n    target: service:web\n    interval_secs: 60\n    http:\n      url: http://127.0.0.1:{port}/fail\n\
         \x20 - name: port-open\n    target: host:sim\n    interval_secs: 60\n    tcp:\n      host: 127.0.0.1\n      port: {port}\n\
         \x20 - name: port-closed\n    target: host:sim\n    interval_secs: 60\n    tcp:\n      host: 127.0.0.1\n      port: {closed}\n"
    ))
    .await;
    let now = OffsetDateTime::now_utc();
    let ok = lab
        .monitor
        .check_once(&lab.check("web-ok").await, now)
        .await
        .expect("check");
    assert_eq!(ok.status, HealthStatus::Healthy, "{}", ok.detail);
    assert!(ok.value.is_some_and(|ms| ms >= 0.0));
    assert_eq!(lab.status("service:web").await.0, HealthStatus::Healthy);

    let body = lab
        .monitor
        .check_once(&lab.check("web-body").await, now)
        .await
        .expect("check");
    assert_eq!(body.status, HealthStatus::Unhealthy);
    assert!(body.detail.contains("lacks \"nope\""), "{}", body.detail);
    let fail = lab
        .monitor
        .check_once(&lab.check("web-fail").await, now)
        .await
        .expect("check");
    assert!(fail.detail.contains("HTTP 502"), "{}", fail.detail);
    // The entity is as bad as its worst check.
    assert_eq!(lab.status("service:web").await.0, HealthStatus::Unhealthy);

    let open = lab
        .monitor
        .check_once(&lab.check("port-open").await, now)
        .await
        .expect("check");
    assert_eq!(open.status, HealthStatus::Healthy);
    let shut = lab
        .monitor
        .check_once(&lab.check("port-closed").await, now)
        .await
        .expect("check");
    assert_eq!(shut.status, HealthStatus::Unhealthy);
    assert!(shut.detail.contains(&closed.to_string()), "{}", shut.detail);

    // Counted once per entity, not per check.
    let rows = lab.store.entity_health().await.expect("health");
    let monitored: Vec<&str> = rows
        .iter()
        .filter(|h| h.monitored)
        .map(|h| h.slug.as_str())
        .collect();
    assert_eq!(monitored, ["host:sim", "service:web"]);
    let samples = lab
        .store
        .samples(lab.check("web-fail").await.id, 10)
        .await
        .expect("samples");
    assert_eq!(samples.len(), 1);
    assert_eq!(samples[0].0, HealthStatus::Unhealthy);
}

/// `openssl s_server` with a certificate valid for `days`.
struct TlsServer {
    child: std::process::Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Drop for TlsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn tls_server(days: u32) -> TlsServer {
    let dir = tempfile::tempdir().expect("dir");
    let status = std::process::Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
        ])
        .args(["-days", &days.to_string(), "-subj", "/CN=localhost"])
        .arg("-keyout")
        .arg(dir.path().join("key.pem"))
        .arg("-out")
        .arg(dir.path().join("cert.pem"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("openssl (installed by scripts/test)");
    assert!(status.success(), "openssl req failed");
    let port = free_port();
    let child = std::process::Command::new("openssl")
        .args(["s_server", "-quiet", "-accept"])
        .arg(format!("127.0.0.1:{port}"))
        .arg("-cert")
        .arg(dir.path().join("cert.pem"))
        .arg("-key")
        .arg(dir.path().join("key.pem"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("openssl s_server");
    TlsServer {
        child,
        port,
        _dir: dir,
    }
}

#[tokio::test]
async fn tls_days_left_disk_over_ssh_and_ping_from_the_host() {
    let tls = tls_server(10);
    let lab = lab(&format!(
        "  - name: cert\n    target: service:web\n    interval_secs: 3600\n    tls:\n      host: localhost\n      port: {}\n      warn_days: 14\n\
         \x20 - name: root-disk\n    target: host:sim\n    interval_secs: 300\n    disk:\n      path: /\n      warn_percent: 100\n\
         \x20 - name: root-disk-warn\n    target: host:sim\n    interval_secs: 300\n    disk:\n      path: /\n      warn_percent: 1\n\
         \x20 - name: gw-up\n    target: host:sim\n    interval_secs: 60\n    ping:\n      host: 10.9.9.9\n\
         \x20 - name: gw-down\n    target: host:sim\n    interval_secs: 60\n    ping:\n      host: 10.9.9.10\n",
        tls.port
    ))
    .await;
    let check = lab.check("cert").await;
    let cert = eventually(
        "the TLS server to answer",
        Duration::from_secs(15),
        || async {
            let o = lab
                .monitor
                .check_once(&check, OffsetDateTime::now_utc())
                .await
                .expect("check");
            o.value.is_some().then_some(o)
        },
    )
    .await;
    assert_eq!(cert.status, HealthStatus::Degraded, "{}", cert.detail);
    let days = cert.value.expect("days");
    assert!((9.0..=10.1).contains(&days), "{days}");
    assert!(cert.detail.contains("expires in"), "{}", cert.detail);

    let now = OffsetDateTime::now_utc();
    disk_checks_read_usage_over_ssh(&lab, now).await;
    ping_checks_run_from_the_host(&lab, now).await;
}

/// `df` over SSH: the usage against `warn_percent` 100 and 1.
async fn disk_checks_read_usage_over_ssh(lab: &Lab, now: OffsetDateTime) {
    let disk = lab
        .monitor
        .check_once(&lab.check("root-disk").await, now)
        .await
        .expect("check");
    let percent = disk.value.expect("percent");
    assert!((0.0..=100.0).contains(&percent));
    assert_eq!(
        disk.status,
        if percent >= 100.0 {
            HealthStatus::Unhealthy
        } else {
            HealthStatus::Healthy
        }
    );
    let warn = lab
        .monitor
        .check_once(&lab.check("root-disk-warn").await, now)
        .await
        .expect("check");
    assert_eq!(warn.status, HealthStatus::Degraded, "{}", warn.detail);
}

/// `ping` from the host: the round trip when it answers, the host's
/// words when it does not.
async fn ping_checks_run_from_the_host(lab: &Lab, now: OffsetDateTime) {
    let up = lab
        .monitor
        .check_once(&lab.check("gw-up").await, now)
        .await
        .expect("check");
    assert_eq!(up.status, HealthStatus::Healthy, "{}", up.detail);
    assert_eq!(up.value, Some(0.3), "the round trip from the ping output");
    let down = lab
        .monitor
        .check_once(&lab.check("gw-down").await, now)
        .await
        .expect("check");
    assert_eq!(down.status, HealthStatus::Unhealthy);
    assert!(
        down.detail.contains("does not answer from host:sim"),
        "{}",
        down.detail
    );
}

#[tokio::test]
async fn ten_failures_make_one_alert_then_one_recovery() {
    alerts(None).await;
}

#[tokio::test]
async fn alerts_and_staleness_on_postgres() {
    alerts(Some(crate::support::fresh_pg_database().await)).await;
    staleness(Some(crate::support::fresh_pg_database().await)).await;
}

async fn alerts(database: Option<String>) {
    let closed = free_port();
    let lab = lab_on(database, &format!(
        "  - name: flappy\n    target: service:web\n    interval_secs: 60\n    tcp:\n      host: 127.0.0.1\n      port: {closed}\n"
    ))
    .await;
    let check = lab.check("flappy").await;
    let now = OffsetDateTime::now_utc();
    for _ in 0..10 {
        lab.monitor.check_once(&check, now).await.expect("check");
    }
    assert_eq!(lab.posted.notices().len(), 1, "{:?}", lab.posted.notices());
    assert!(lab.posted.notices()[0].contains("**service:web** is unhealthy"));
    assert_eq!(lab.posted.messages(nomos::chat::Kind::Notice)[0].0, OPS);

    // It comes back: one recovery notice.
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", closed))
        .await
        .expect("bind the port");
    for _ in 0..3 {
        lab.monitor.check_once(&check, now).await.expect("check");
    }
    drop(listener);
    let texts = lab.posted.notices();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts[1].contains("recovered"), "{}", texts[1]);
    assert_eq!(lab.store.samples(check.id, 100).await.expect("s").len(), 13);
}

#[tokio::test]
async fn unobserved_entities_go_stale_once_on_a_controlled_clock() {
    staleness(None).await;
}

async fn staleness(database: Option<String>) {
    let port = http_server().await;
    let lab = lab_on(database, &format!(
        "  - name: web\n    target: service:web\n    interval_secs: 60\n    http:\n      url: http://127.0.0.1:{port}/ok\n"
    ))
    .await;
    let check = lab.check("web").await;
    let t0 = OffsetDateTime::now_utc();
    lab.monitor.check_once(&check, t0).await.expect("check");
    assert_eq!(lab.status("service:web").await.0, HealthStatus::Healthy);
    // 3 × 60 s is 3 minutes, but the floor is 5 minutes.
    assert_eq!(
        lab.monitor
            .sweep(t0 + time::Duration::minutes(4))
            .await
            .expect("sweep"),
        0
    );
    assert_eq!(
        lab.monitor
            .sweep(t0 + time::Duration::minutes(6))
            .await
            .expect("sweep"),
        1
    );
    let (status, detail) = lab.status("service:web").await;
    assert_eq!(status, HealthStatus::Stale);
    assert!(detail.is_some_and(|d| d.contains("not observed for 6 min")));
    assert_eq!(
        lab.monitor
            .sweep(t0 + time::Duration::minutes(9))
            .await
            .expect("sweep"),
        0,
        "stale once"
    );
    assert_eq!(lab.posted.notices().len(), 1);
    assert!(lab.posted.notices()[0].contains("is stale"));
    // Observed again: it recovers.
    lab.monitor
        .check_once(&check, t0 + time::Duration::minutes(10))
        .await
        .expect("check");
    assert_eq!(lab.status("service:web").await.0, HealthStatus::Healthy);
    assert_eq!(lab.posted.notices().len(), 2);
}

#[tokio::test]
async fn the_scheduler_runs_checks_at_their_interval() {
    let port = http_server().await;
    let lab = lab("  []\n").await;
    // A one-second interval (the inventory insists on ten at least).
    let web_id = lab
        .store
        .get_entity("service:web")
        .await
        .expect("get")
        .expect("entity")
        .id;
    let mut tx = lab.store.begin().await.expect("tx");
    nomos::store::entities::upsert_check(
        &mut tx,
        &nomos::store::entities::NewCheck {
            slug: "web-fast".into(),
            target: "service:web".into(),
            kind: "http".into(),
            interval_secs: 1,
            spec: serde_json::json!({"url": format!("http://127.0.0.1:{port}/ok"), "expect_status": 200}),
            enabled: true,
        },
        web_id,
    )
    .await
    .expect("check");
    tx.commit().await.expect("commit");
    let check = lab.check("web-fast").await;
    let stop = tokio_util::sync::CancellationToken::new();
    let running = tokio::spawn(lab.monitor.clone().run(stop.clone()));
    eventually("four scheduled runs", Duration::from_secs(20), || async {
        let n = lab.store.samples(check.id, 10).await.ok()?.len();
        (n >= 4).then_some(())
    })
    .await;
    stop.cancel();
    running.await.expect("scheduler stops");
    assert_eq!(lab.status("service:web").await.0, HealthStatus::Healthy);
    // Spaced by the interval (jitter keeps each gap within 0.9-1.1 of it;
    // the first run comes early, so its gap is not judged): never a burst,
    // and never a pause of several intervals.
    let mut times = lab.store.sample_times(check.id, 10).await.expect("times");
    times.reverse();
    let gaps: Vec<f64> = times
        .windows(2)
        .skip(1)
        .map(|w| (w[1] - w[0]).as_seconds_f64())
        .collect();
    assert!(gaps.len() >= 2, "{times:?}");
    assert!(
        gaps.iter().all(|g| (0.85..5.0).contains(g)),
        "gaps between runs of a 1 s check: {gaps:?}"
    );
}
