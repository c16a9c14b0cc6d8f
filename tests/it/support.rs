//! Shared helpers: service addresses from the environment, throwaway
//! databases, Synapse accounts, and polling with a deadline.

use std::future::Future;
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use sha1::Sha1;
use sqlx::Connection;

/// The value of a variable `scripts/test` sets; panics (fails the test)
/// when it is missing, so no test passes by skipping its service.
pub fn require_env(name: &str) -> String {
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{name} is not set: run the tests through scripts/test, which starts the services they need"
        ),
    }
}

/// A short unique lowercase suffix for names (users, databases).
pub fn unique() -> String {
    uuid::Uuid::now_v7().simple().to_string()[20..].to_string()
}

/// A fresh, empty PostgreSQL database on the test server; returns its URL.
pub async fn fresh_pg_database() -> String {
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
pub fn sqlite_url(dir: &std::path::Path) -> String {
    format!("sqlite://{}", dir.join("nomos.db").display())
}

/// A Synapse account made for one test.
pub struct Account {
    pub user_id: String,
    pub localpart: String,
    pub password: String,
}

/// Registers a new non-admin user through Synapse's shared-secret admin API.
pub async fn register(homeserver: &str, prefix: &str) -> Account {
    let secret = require_env("NOMOS_TEST_REGISTRATION_SECRET");
    let localpart = format!("{prefix}{}", unique());
    let password = format!("pw-{}", unique());
    let http = reqwest::Client::new();
    let endpoint = format!("{homeserver}/_synapse/admin/v1/register");
    let nonce: serde_json::Value = http
        .get(&endpoint)
        .send()
        .await
        .expect("nonce request")
        .json()
        .await
        .expect("nonce json");
    let nonce = nonce["nonce"].as_str().expect("nonce").to_string();
    let mut mac = Hmac::<Sha1>::new_from_slice(secret.as_bytes()).expect("hmac key");
    mac.update(format!("{nonce}\0{localpart}\0{password}\0notadmin").as_bytes());
    let body = serde_json::json!({
        "nonce": nonce,
        "username": localpart,
        "password": password,
        "admin": false,
        "mac": hex::encode(mac.finalize().into_bytes()),
    });
    let response = http
        .post(&endpoint)
        .json(&body)
        .send()
        .await
        .expect("register");
    let status = response.status();
    let reply: serde_json::Value = response.json().await.expect("register json");
    assert!(
        status.is_success(),
        "registering {localpart} failed: {status} {reply}"
    );
    Account {
        user_id: reply["user_id"].as_str().expect("user_id").to_string(),
        localpart,
        password,
    }
}

/// Polls `probe` every 200 ms until it yields a value, or panics after
/// `limit` naming what was awaited.
pub async fn eventually<T, F, Fut>(what: &str, limit: Duration, mut probe: F) -> T
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
pub fn repo_root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A Matrix client logged in as `account` at the homeserver URL given
/// (as Nomos does, whatever the login answer advertises).
pub async fn login(homeserver: &str, account: &Account) -> matrix_sdk::Client {
    let client = matrix_sdk::Client::builder()
        .homeserver_url(homeserver)
        .respect_login_well_known(false)
        .build()
        .await
        .expect("client");
    client
        .matrix_auth()
        .login_username(&account.localpart, &account.password)
        .initial_device_display_name("nomos-it")
        .send()
        .await
        .expect("login");
    client
}

/// The bot of `toml` (a `nomos run` config, relative paths under `dir`)
/// running in this process; cancel the token to stop it.
pub fn start_bot(
    toml: &str,
    dir: &std::path::Path,
) -> (
    tokio_util::sync::CancellationToken,
    tokio::task::JoinHandle<Result<(), nomos::app::RunError>>,
) {
    let config = nomos::config::Config::from_toml(
        toml,
        "it.toml".as_ref(),
        dir,
        nomos::config::Purpose::Run,
        &|_| None,
    )
    .expect("config");
    let shutdown = tokio_util::sync::CancellationToken::new();
    let running = tokio::spawn(nomos::app::run(config, shutdown.clone()));
    (shutdown, running)
}

/// An agent on `store` for tests: `approver` decides, commands run on the
/// store's inventory, what it says goes to `surface`, with `settings`.
/// Cancel the token to stop it.
pub fn start_agent(
    store: &nomos::store::Store,
    approver: &str,
    llm: Option<nomos::agent::llm::Client>,
    surface: std::sync::Arc<nomos::chat::recording::Recording>,
    settings: nomos::agent::Settings,
) -> (nomos::agent::Agent, tokio_util::sync::CancellationToken) {
    use nomos::gate::approvers::Approvers;
    use nomos::gate::decisions::{Gate, Timing};
    let shutdown = tokio_util::sync::CancellationToken::new();
    let agent = nomos::agent::Agent::start(
        nomos::agent::Parts {
            store: store.clone(),
            gate: Gate::new(store.clone(), Approvers::new([approver]), Timing::default()),
            executor: nomos::exec::Executor::new(store.clone(), Default::default()),
            llm,
            surface,
            surface_kind: "matrix",
            settings,
        },
        shutdown.clone(),
    );
    (agent, shutdown)
}
