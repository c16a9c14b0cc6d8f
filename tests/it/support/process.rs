//! A bot as a separate `nomos run` process, for the tests that kill it,
//! signal it or scrape it: its config file, inventory and data dir (which
//! a bot in this process can use as well), the signals, and a scripted
//! model that proposes jobs.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

pub(crate) use super::bot::Extra;
use super::bot::{RunningBot, config_toml, local_inventory};
use super::matrix::Account;
use super::require_env;

pub(crate) use super::matrix::LIMIT;

/// Where the bot runs its commands.
pub(crate) enum Host {
    /// In the bot's own process, on the host `lab` (for in-process and
    /// simple tests).
    Local,
    /// In the bot's own process, on the host `here` (the brains of the
    /// in-process room tests run their commands on `host:here`).
    Here,
    /// Over SSH to the test server on loopback, on the host `lab` (a
    /// killed bot's commands die with its connection).
    Ssh,
}

/// A bot's files: config, inventory, data dir.
pub(crate) struct Setup {
    dir: tempfile::TempDir,
    pub config: PathBuf,
}

impl Setup {
    pub(crate) fn new(
        homeserver: &str,
        bot: &Account,
        operators: &[&str],
        model_url: &str,
        host: Host,
        extra: Extra<'_>,
    ) -> Setup {
        let dir = tempfile::tempdir().expect("tempdir");
        match host {
            Host::Local => local_inventory(dir.path(), "lab"),
            Host::Here => local_inventory(dir.path(), "here"),
            Host::Ssh => std::fs::write(
                dir.path().join("inventory.yaml"),
                format!(
                    "hosts:\n  - name: lab\n    transport: ssh\n    address: 127.0.0.1\n    port: {port}\n    \
                     user: {user}\n    key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    default: true\n    \
                     path: {path}\n",
                    port = require_env("NOMOS_TEST_SSH_PORT"),
                    user = require_env("NOMOS_TEST_SSH_USER"),
                    path = require_env("NOMOS_TEST_SSH_PATH"),
                    key = require_env("NOMOS_TEST_SSH_KEY"),
                    fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
                ),
            )
            .expect("inventory"),
        }
        let toml = config_toml(dir.path(), homeserver, bot, operators, model_url, extra);
        let config = dir.path().join("nomos.toml");
        std::fs::write(&config, toml).expect("config");
        Setup { dir, config }
    }

    /// The folder holding the config, the inventory and the data dir.
    pub(crate) fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The config file's text.
    pub(crate) fn toml(&self) -> String {
        std::fs::read_to_string(&self.config).expect("config")
    }

    /// The bot of this config in this process (see [`RunningBot`]).
    pub(crate) fn start_in_process(&self) -> RunningBot {
        RunningBot::start(&self.toml(), self.dir())
    }

    pub(crate) fn sqlite(&self) -> PathBuf {
        self.dir.path().join("data").join("nomos.db")
    }

    pub(crate) fn url(&self) -> String {
        format!("sqlite://{}", self.sqlite().display())
    }

    pub(crate) async fn store(&self) -> nomos::store::Store {
        nomos::store::Store::connect(&self.url())
            .await
            .expect("store")
    }

    /// (command, status) of every execution.
    pub(crate) async fn executions(&self) -> Vec<(String, String)> {
        let pool = sqlx::SqlitePool::connect(&self.url()).await.expect("pool");
        let rows = sqlx::query_as("SELECT command, status FROM executions")
            .fetch_all(&pool)
            .await
            .expect("executions");
        pool.close().await;
        rows
    }

    /// How many audit rows record `action`.
    pub(crate) async fn audited(&self, action: &str) -> i64 {
        let pool = sqlx::SqlitePool::connect(&self.url()).await.expect("pool");
        let n = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE action = $1")
            .bind(action)
            .fetch_one(&pool)
            .await
            .expect("audit");
        pool.close().await;
        n
    }

    pub(crate) fn log(&self, n: usize) -> PathBuf {
        self.dir.path().join(format!("bot-{n}.log"))
    }

    /// Starts `nomos run` as a child process, its output in `bot-N.log`.
    pub(crate) fn spawn(&self, n: usize) -> tokio::process::Child {
        let log = std::fs::File::create(self.log(n)).expect("log");
        let err = log.try_clone().expect("log");
        tokio::process::Command::new(env!("CARGO_BIN_EXE_nomos"))
            .args(["run", "--config"])
            .arg(&self.config)
            .env("RUST_LOG", "nomos=debug")
            .env("RUST_BACKTRACE", "0")
            .stdout(log)
            .stderr(err)
            .kill_on_drop(true)
            .spawn()
            .expect("spawn nomos run")
    }

    pub(crate) fn read_log(&self, n: usize) -> String {
        std::fs::read_to_string(self.log(n)).unwrap_or_default()
    }
}

impl Drop for Setup {
    /// A failing test shows what its bots logged.
    fn drop(&mut self) {
        if std::thread::panicking() {
            for n in 1..=2 {
                let log = self.read_log(n);
                if !log.is_empty() {
                    let tail: Vec<&str> = log.lines().rev().take(80).collect();
                    let tail: Vec<&str> = tail.into_iter().rev().collect();
                    eprintln!("--- bot {n} log (last 80 lines) ---\n{}", tail.join("\n"));
                }
            }
        }
    }
}

/// A directory the SSH user can write markers into.
pub(crate) fn shared_dir() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).expect("chmod");
    dir
}

pub(crate) fn run_args(command: &str, purpose: &str) -> (&'static str, String) {
    (
        "run",
        json!({"target": "host:lab", "command": command, "purpose": purpose}).to_string(),
    )
}

pub(crate) fn signal(child: &tokio::process::Child, signal: i32) {
    let pid = child.id().expect("pid");
    // SAFETY: kill(2) on our own child's pid.
    let sent = unsafe { libc::kill(i32::try_from(pid).expect("pid"), signal) };
    assert_eq!(sent, 0, "kill");
}

/// A scripted model that proposes `jobs` (command, purpose) on `host:lab`
/// when an operator's message contains `trigger`, says they wait for a
/// decision, answers `after_results` when woken by results, and "Noted."
/// to anything else.
pub(crate) fn proposing(
    trigger: &'static str,
    jobs: Vec<(String, String)>,
    after_results: &'static str,
) -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    move |req: &Value| {
        let (role, content) = super::model::last(req);
        match role.as_str() {
            "user" if content.contains(trigger) => {
                let calls: Vec<(&str, String)> = jobs
                    .iter()
                    .map(|(command, purpose)| run_args(command, purpose))
                    .collect();
                super::model::call(&calls)
            }
            "tool" => super::model::say("They wait for your decision."),
            "system" => super::model::say(after_results),
            _ => super::model::say("Noted."),
        }
    }
}
