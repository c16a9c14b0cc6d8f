//! The bot in this test's process: `nomos run`'s wiring started from a
//! config text ([`start_bot`], [`RunningBot`]), or the agent alone on a
//! store ([`start_agent`]); and the config text every room test's bot
//! shares ([`config_toml`]).

use std::path::Path;
use std::time::Duration;

use super::matrix::Account;

/// Config text added to a bot's file: at the top level (before any
/// section), to `[access]`, to `[llm]`, and whole sections at the end.
#[derive(Default, Clone, Copy)]
pub(crate) struct Extra<'a> {
    pub top: &'a str,
    pub access: &'a str,
    pub llm: &'a str,
    pub tail: &'a str,
}

/// A `nomos run` config: data under `dir/data`, logged in as `bot` at
/// `homeserver`, `operators` deciding, the scripted model at `model_url`,
/// the inventory in `dir/inventory.yaml`, with `extra` added.
pub(crate) fn config_toml(
    dir: &Path,
    homeserver: &str,
    bot: &Account,
    operators: &[&str],
    model_url: &str,
    extra: Extra<'_>,
) -> String {
    let Extra {
        top,
        access,
        llm,
        tail,
    } = extra;
    let operators: Vec<String> = operators.iter().map(|o| format!("\"{o}\"")).collect();
    format!(
        "data_dir = \"{data}\"\n{top}\n[matrix]\nhomeserver = \"{homeserver}\"\nuser = \"{user}\"\n\
         password = \"{pw}\"\n[access]\noperators = [{ops}]\n{access}\n[llm]\nbase_url = \"{model_url}\"\n\
         model = \"scripted\"\n{llm}\n[inventory]\nfile = \"inventory.yaml\"\n{tail}\n",
        data = dir.join("data").display(),
        user = bot.user_id,
        pw = bot.password,
        ops = operators.join(", "),
    )
}

/// Writes `dir/inventory.yaml` with one local host, `name`, the default.
pub(crate) fn local_inventory(dir: &Path, name: &str) {
    std::fs::write(
        dir.join("inventory.yaml"),
        format!("hosts:\n  - name: {name}\n    transport: local\n    default: true\n"),
    )
    .expect("inventory");
}

/// A bot running in this process (see [`start_bot`]).
pub(crate) struct RunningBot {
    pub shutdown: tokio_util::sync::CancellationToken,
    pub running: tokio::task::JoinHandle<Result<(), nomos::app::RunError>>,
}

impl RunningBot {
    /// The bot of `toml` (relative paths under `dir`), started.
    pub(crate) fn start(toml: &str, dir: &Path) -> RunningBot {
        let (shutdown, running) = start_bot(toml, dir);
        RunningBot { shutdown, running }
    }

    /// Stops it and checks that it stops within 20 s, and cleanly.
    pub(crate) async fn stop(self) {
        self.shutdown.cancel();
        let result = tokio::time::timeout(Duration::from_secs(20), self.running)
            .await
            .expect("bot stops")
            .expect("bot task");
        assert!(result.is_ok(), "{result:?}");
    }
}

/// The bot of `toml` (a `nomos run` config, relative paths under `dir`)
/// running in this process; cancel the token to stop it.
pub(crate) fn start_bot(
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
pub(crate) fn start_agent(
    store: &nomos::store::Store,
    approver: &str,
    llm: Option<nomos::agent::llm::Client>,
    surface: std::sync::Arc<nomos::chat::recording::Recording>,
    settings: nomos::agent::AgentSettings,
) -> (nomos::agent::Agent, tokio_util::sync::CancellationToken) {
    use nomos::approvals::{ApprovalSettings, Gate};
    use nomos::gate::approvers::Approvers;
    let shutdown = tokio_util::sync::CancellationToken::new();
    let agent = nomos::agent::Agent::start(
        nomos::agent::Parts {
            store: store.clone(),
            gate: Gate::new(
                store.clone(),
                Approvers::new([approver]),
                ApprovalSettings::default(),
            ),
            executor: nomos::exec::Executor::new(store.clone(), Default::default()),
            llm,
            surface,
            surface_kind: nomos::domain::SurfaceKind::Matrix,
            settings,
        },
        shutdown.clone(),
    );
    (agent, shutdown)
}
