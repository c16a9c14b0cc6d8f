//! A bot as a separate `nomos run` process, for the tests that kill it,
//! signal it or scrape it: its config file, inventory and data dir, and
//! helpers to read what it did in a room.

use std::path::PathBuf;
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use serde_json::{Value, json};

use crate::matrix_agent::{body, edits, events};
use crate::matrix_skeleton::{create_room, login, membership};
use crate::support::{Account, eventually, require_env};

pub(crate) const LIMIT: Duration = Duration::from_secs(60);

/// Where the bot runs its commands.
pub(crate) enum Host {
    /// In the bot's own process (for in-process and simple tests).
    Local,
    /// Over SSH to the test server on loopback (a killed bot's commands
    /// die with its connection).
    Ssh,
}

/// Config text added to a bot's file: to `[llm]`, at the top level (before
/// any section), and whole sections at the end.
#[derive(Default, Clone, Copy)]
pub(crate) struct Extra<'a> {
    pub llm: &'a str,
    pub top: &'a str,
    pub tail: &'a str,
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
        let Extra {
            llm: llm_extra,
            top,
            tail,
        } = extra;
        let dir = tempfile::tempdir().expect("tempdir");
        let inventory = match host {
            Host::Local => {
                "hosts:\n  - name: lab\n    transport: local\n    default: true\n".to_string()
            }
            Host::Ssh => format!(
                "hosts:\n  - name: lab\n    transport: ssh\n    address: 127.0.0.1\n    port: {port}\n    \
                 user: {user}\n    key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    default: true\n",
                port = require_env("NOMOS_TEST_SSH_PORT"),
                user = require_env("NOMOS_TEST_SSH_USER"),
                key = require_env("NOMOS_TEST_SSH_KEY"),
                fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
            ),
        };
        std::fs::write(dir.path().join("inventory.yaml"), inventory).expect("inventory");
        let operators: Vec<String> = operators.iter().map(|o| format!("\"{o}\"")).collect();
        let toml = format!(
            "data_dir = \"{data}\"\n{top}\n[matrix]\nhomeserver = \"{homeserver}\"\nuser = \"{user}\"\n\
             password = \"{pw}\"\n[access]\noperators = [{ops}]\n[llm]\nbase_url = \"{model_url}\"\n\
             model = \"scripted\"\n{llm_extra}\n[inventory]\nfile = \"inventory.yaml\"\n{tail}\n",
            data = dir.path().join("data").display(),
            user = bot.user_id,
            pw = bot.password,
            ops = operators.join(", "),
        );
        let config = dir.path().join("nomos.toml");
        std::fs::write(&config, toml).expect("config");
        Setup { dir, config }
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

/// An operator's client in a fresh room with the bot, once it joined.
pub(crate) async fn room_with_bot(
    homeserver: &str,
    operator: &Account,
    bot: &Account,
    others: &[&str],
) -> (Client, OwnedRoomId) {
    let op = login(homeserver, operator).await;
    let mut invite = vec![bot.user_id.as_str()];
    invite.extend_from_slice(others);
    let room = create_room(&op, &invite).await;
    eventually("the bot to join", LIMIT, || async {
        (membership(&op, &room, &bot.user_id).await.as_deref() == Some("join")).then_some(())
    })
    .await;
    (op, room)
}

/// The bot's messages whose body contains `needle` (edits excluded).
pub(crate) async fn bot_messages(
    client: &Client,
    room: &RoomId,
    bot: &str,
    needle: &str,
) -> Vec<Value> {
    events(client, room)
        .await
        .into_iter()
        .filter(|ev| {
            ev["sender"] == bot
                && ev["type"] == "m.room.message"
                && ev["content"]["m.relates_to"]["rel_type"] != "m.replace"
                && body(ev).contains(needle)
        })
        .collect()
}

/// Waits for an edit of `card` containing `needle`.
pub(crate) async fn edit_saying(
    client: &Client,
    room: &RoomId,
    bot: &str,
    card: &str,
    needle: &str,
) -> String {
    eventually(&format!("the card to say {needle}"), LIMIT, || async {
        edits(client, room, bot, card)
            .await
            .into_iter()
            .find(|b| b.contains(needle))
    })
    .await
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
        let (role, content) = crate::model::last(req);
        match role.as_str() {
            "user" if content.contains(trigger) => {
                let calls: Vec<(&str, String)> = jobs
                    .iter()
                    .map(|(command, purpose)| run_args(command, purpose))
                    .collect();
                crate::model::call(&calls)
            }
            "tool" => crate::model::say("They wait for your decision."),
            "system" => crate::model::say(after_results),
            _ => crate::model::say("Noted."),
        }
    }
}
