//! Shared helpers: service addresses from the environment, throwaway
//! databases, free ports and polling with a deadline; in submodules, the
//! Matrix side ([`matrix`]), the bot in-process ([`bot`]) or as a process
//! ([`process`]), the scripted model server ([`model`]) and the common
//! prologue of the room tests ([`scenario`]), and the labs over a simulated
//! Proxmox host ([`sim_lab`]).

pub(crate) mod bot;
pub(crate) mod matrix;
pub(crate) mod model;
pub(crate) mod process;
pub(crate) mod scenario;
pub(crate) mod sim_lab;

use std::future::Future;
use std::time::{Duration, Instant};

use sqlx::Connection;

pub(crate) use bot::{start_agent, start_bot};

/// The value of a variable `scripts/test` sets; panics (fails the test)
/// when it is missing, so no test passes by skipping its service.
pub(crate) fn require_env(name: &str) -> String {
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{name} is not set: run the tests through scripts/test, which starts the services they need"
        ),
    }
}

/// A short unique lowercase suffix for names (users, databases).
pub(crate) fn unique() -> String {
    uuid::Uuid::now_v7().simple().to_string()[20..].to_string()
}

/// A fresh, empty PostgreSQL database on the test server; returns its URL.
pub(crate) async fn fresh_pg_database() -> String {
    let admin = require_env("NOMOS_TEST_DATABASE_URL");
    let name = format!("nomos_test_{}", unique());
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("connect to the test PostgreSQL server");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("create test database");
    let mut url = url::Url::parse(&admin).expect("database url");
    url.set_path(&name);
    url.to_string()
}

/// A SQLite URL for a new database file in `dir`.
pub(crate) fn sqlite_url(dir: &std::path::Path) -> String {
    format!("sqlite://{}", dir.join("nomos.db").display())
}

/// Polls `probe` every 200 ms until it yields a value, or panics after
/// `limit` naming what was awaited.
pub(crate) async fn eventually<T, F, Fut>(what: &str, limit: Duration, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let start = Instant::now();
    loop {
        if let Some(value) = probe().await {
            return value;
        }
        assert!(
            start.elapsed() < limit,
            "timed out after {limit:?} waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The repository root, for shipped files (seeds, example config).
/// How many rows of `action` the store's audit trail holds.
pub(crate) async fn audited(
    store: &nomos::store::Store,
    action: nomos::store::audit::Action,
) -> usize {
    store
        .audit_trail(&nomos::store::audit::Filter {
            room: None,
            target: None,
            user: None,
            since: time::OffsetDateTime::UNIX_EPOCH,
            limit: None,
        })
        .await
        .expect("the audit trail")
        .iter()
        .filter(|r| r.action == action)
        .count()
}

pub(crate) fn repo_root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A loopback port nobody listens on right now.
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}
