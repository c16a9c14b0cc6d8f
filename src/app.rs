//! Wiring for `nomos run`: check that the data dir is private, open the
//! store (migrating it), then run the front ends until shutdown. Kept
//! apart from `main` so integration tests start the very same bot
//! in-process.

use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::matrix::{self, MatrixError};
use crate::store::executions;
use crate::store::{Store, StoreError, redact_url};

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    AtRest(#[from] crate::store::at_rest::AtRestError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Matrix(#[from] MatrixError),
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Inventory(#[from] crate::inventory::InventoryError),
    #[error("cannot set up the model client: {0}")]
    Llm(#[from] crate::agent::llm::LlmError),
}

/// What both front ends start from: the instance lock, the store
/// (migrated, reconciled after a crash, with the inventory imported), what
/// the reconciliation found, and the model client, if any.
struct Prepared {
    lock: crate::store::instance::InstanceLock,
    store: Store,
    reconciled: Reconciled,
    llm: Option<crate::agent::llm::Client>,
}

/// Before anything is written: the data dir must be the owner's alone
/// (created 0700 when missing, refused with the fix when open to others).
async fn prepare(config: &Config) -> Result<Prepared, RunError> {
    crate::store::at_rest::ensure_private_dir(&config.data_dir)?;
    let lock = crate::store::instance::lock(&config.database_url).await?;
    let store = Store::connect(&config.database_url).await?;
    let applied = store.migrate().await?;
    tracing::info!(
        database = %redact_url(&config.database_url),
        backend = %store.backend(),
        migrations_applied = applied,
        "store ready"
    );
    let reconciled = reconcile(&store).await?;
    let report = crate::inventory::seed(
        &store,
        &config.inventory.file,
        config.inventory.knowledge_file.as_deref(),
    )
    .await?;
    tracing::info!(%report, "inventory loaded");
    let llm = config
        .llm
        .as_ref()
        .map(crate::agent::llm::Client::new)
        .transpose()?;
    if llm.is_none() {
        tracing::warn!("no [llm] configured: plain messages get a notice, `!` commands work");
    }
    Ok(Prepared {
        lock,
        store,
        reconciled,
        llm,
    })
}

/// The agent as configured, speaking through `surface`. `extra_approver`
/// is the console's operator.
fn start_agent(
    config: &Config,
    store: &Store,
    surface: std::sync::Arc<dyn crate::chat::Surface>,
    surface_kind: crate::domain::SurfaceKind,
    llm: Option<crate::agent::llm::Client>,
    extra_approver: Option<String>,
    shutdown: CancellationToken,
) -> crate::agent::Agent {
    let approvers: Vec<String> = config
        .access
        .operators
        .iter()
        .map(|u| u.to_string())
        .chain(extra_approver)
        .collect();
    crate::agent::Agent::start(
        crate::agent::Parts {
            store: store.clone(),
            gate: crate::approvals::Gate::new(
                store.clone(),
                crate::gate::approvers::Approvers::new(approvers)
                    .with_power(config.access.power_rule()),
                config.gate,
            )
            .with_four_eyes(config.access.four_eyes)
            .with_egress_allow(config.egress_allow.clone())
            .with_redactor(crate::redact::Redactor::new(config.secrets())),
            executor: crate::exec::Executor::new(store.clone(), config.exec.clone()),
            llm,
            surface,
            surface_kind,
            settings: config.agent.clone(),
        },
        shutdown,
    )
}

/// Runs the bot until `shutdown` is cancelled, then stops cleanly: no new
/// work, running executions get the grace period, the outbox is flushed.
pub async fn run(config: Config, shutdown: CancellationToken) -> Result<(), RunError> {
    let Prepared {
        lock,
        store,
        reconciled,
        llm,
    } = prepare(&config).await?;
    let redactor = redactor(&config).await?;
    let stopping = matrix::Stopping {
        grace: config.service.shutdown_grace,
        flush: config.service.flush,
    };
    let background = Background {
        tasks: TaskTracker::new(),
        agent: Default::default(),
        stop: shutdown.clone(),
    };
    let setup = matrix::Setup {
        matrix: config.matrix()?,
        access: &config.access,
        data_dir: &config.data_dir,
    };
    let result = matrix::run(
        setup,
        store.clone(),
        shutdown,
        stopping,
        redactor,
        |surface, front| {
            let agent = start_agent(
                &config,
                &store,
                surface.clone(),
                crate::domain::SurfaceKind::Matrix,
                llm,
                None,
                background.stop.clone(),
            );
            background.start(&config, &store, &agent, surface, front, reconciled);
            agent
        },
    )
    .await;
    background.join(config.service.shutdown_grace).await;
    store.close().await;
    drop(lock);
    result.map_err(RunError::from)
}

/// The redactor for rooms and logs: the configured secrets, and the
/// store's passphrase (generated now on a first start).
async fn redactor(config: &Config) -> Result<crate::redact::Redactor, RunError> {
    let store_key = matrix::session::store_key(config.matrix()?, &config.data_dir).await?;
    let mut secrets = config.secrets();
    if let Some(secret) = store_key.secret() {
        crate::logging::mask(secret.expose());
        secrets.push(secret.expose().to_string());
    }
    Ok(crate::redact::Redactor::new(secrets))
}

/// What runs beside the Matrix front end: the health monitor, the restart
/// report and the metrics server, all awaited before the store closes.
struct Background {
    tasks: TaskTracker,
    agent: std::sync::OnceLock<crate::agent::Agent>,
    /// Cancelled by shutdown, or by [`Background::join`] when sync ended
    /// on its own.
    stop: CancellationToken,
}

impl Background {
    fn start(
        &self,
        config: &Config,
        store: &Store,
        agent: &crate::agent::Agent,
        surface: std::sync::Arc<dyn crate::chat::Surface>,
        front: matrix::FrontEnd,
        reconciled: Reconciled,
    ) {
        let monitor = std::sync::Arc::new(crate::health::Monitor::new(
            store.clone(),
            crate::exec::Executor::new(store.clone(), config.exec.clone()),
            Some(surface),
            config.health.clone(),
        ));
        self.tasks.spawn(monitor.run(self.stop.clone()));
        let reporter = agent.clone();
        self.tasks.spawn(async move {
            reporter
                .report_restart(&reconciled.interrupted, &reconciled.expired)
                .await;
        });
        if let Some(listen) = config.service.metrics_listen {
            let observed = crate::metrics::Observed {
                store: store.clone(),
                agent: agent.clone(),
                outbox: front.outbox,
                sync: front.sync,
            };
            self.tasks
                .spawn(crate::metrics::serve(listen, observed, self.stop.clone()));
        }
        let _ = self.agent.set(agent.clone());
    }

    /// Stops everything (sync may have ended on its own, with a homeserver
    /// gone for good) and waits up to `grace` for it.
    async fn join(&self, grace: Duration) {
        self.stop.cancel();
        self.tasks.close();
        if tokio::time::timeout(grace, self.tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!("background tasks did not stop in time");
        }
        if let Some(agent) = self.agent.get()
            && !agent.join_background(grace).await
        {
            tracing::warn!("the agent's background work did not stop in time");
        }
    }
}

/// What start-up reconciliation changed, to be reported in the rooms.
#[derive(Debug, Default)]
pub struct Reconciled {
    /// Executions a crash left running (or approved but not started).
    pub interrupted: Vec<executions::Execution>,
    /// Approvals that expired while Nomos was down.
    pub expired: Vec<executions::Approval>,
}

/// Start-up reconciliation: what a crash left `running` becomes
/// `interrupted` (nothing re-runs by itself), and approvals that expired
/// while Nomos was down are expired now. Windows need nothing: their
/// expiry is a stored time, so a restart never extends them.
pub async fn reconcile(store: &Store) -> Result<Reconciled, StoreError> {
    let now = time::OffsetDateTime::now_utc();
    let interrupted = executions::interrupt_running(store, now).await?;
    for execution in &interrupted {
        tracing::warn!(execution = %execution.id, target = %execution.target, "execution was running when Nomos stopped; marked interrupted");
    }
    let expired = executions::expire_due(store, now).await?;
    if !interrupted.is_empty() || !expired.is_empty() {
        tracing::info!(
            interrupted = interrupted.len(),
            expired = expired.len(),
            "reconciled the store after a restart"
        );
    }
    Ok(Reconciled {
        interrupted,
        expired,
    })
}

/// The errors of `nomos chat`.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error(transparent)]
    Start(#[from] RunError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Agent(#[from] crate::agent::AgentError),
    #[error("cannot read the console: {0}")]
    Input(#[from] std::io::Error),
}

/// The console session's room.
pub const CONSOLE_ROOM: &str = "console";

/// `nomos chat`: the agent at a terminal. Lines from `input` are the
/// operator's messages (`y`/`n` answer the waiting cards); everything the
/// agent says goes to `output`. At the end of the input, waits for what is
/// still running and the turns it wakes, then returns.
pub async fn chat(
    config: Config,
    input: impl tokio::io::AsyncBufRead + Unpin,
    output: Box<dyn std::io::Write + Send>,
) -> Result<(), ChatError> {
    let Prepared {
        lock,
        store,
        reconciled,
        llm,
    } = prepare(&config).await?;
    let operator = config
        .access
        .operators
        .first()
        .map(|u| u.to_string())
        .unwrap_or_else(|| "@console:localhost".to_string());
    let shutdown = CancellationToken::new();
    let surface: std::sync::Arc<dyn crate::chat::Surface> =
        std::sync::Arc::new(crate::chat::console::ConsoleSurface::new(output));
    let agent = start_agent(
        &config,
        &store,
        surface.clone(),
        crate::domain::SurfaceKind::Console,
        llm,
        Some(operator.clone()),
        shutdown.clone(),
    );
    // The inventory's health checks run as under `nomos run`, so the fleet
    // the model reads is observed, not "unknown"; alerts print here.
    let monitor = std::sync::Arc::new(crate::health::Monitor::new(
        store.clone(),
        crate::exec::Executor::new(store.clone(), config.exec.clone()),
        Some(surface),
        config.health.clone(),
    ));
    let health = tokio::spawn(monitor.run(shutdown.clone()));
    agent
        .report_restart(&reconciled.interrupted, &reconciled.expired)
        .await;
    read_console(&agent, &operator, input).await?;
    agent.settle().await;
    shutdown.cancel();
    if tokio::time::timeout(Duration::from_secs(5), health)
        .await
        .is_err()
    {
        tracing::warn!("the health checks did not stop in time");
    }
    if !agent.join_background(Duration::from_secs(5)).await {
        tracing::warn!("the agent's background work did not stop in time");
    }
    store.close().await;
    drop(lock);
    Ok(())
}

/// The operator's lines, one at a time until the end of the input (or
/// `quit`): `y`/`n` answers, `!` commands, or words to the agent.
async fn read_console(
    agent: &crate::agent::Agent,
    operator: &str,
    input: impl tokio::io::AsyncBufRead + Unpin,
) -> Result<(), ChatError> {
    use tokio::io::AsyncBufReadExt;

    let mut lines = input.lines();
    while let Some(line) = lines.next_line().await? {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if matches!(line, "quit" | "exit" | "/quit") {
            break;
        }
        if let Some(answer) = console_answer(line)
            && answered_at_console(agent, operator, &answer).await?
        {
            continue;
        }
        let inbound = crate::chat::Inbound {
            phrase_scope: None,
            replied_card: None,
            said_at: None,
            room: CONSOLE_ROOM.to_string(),
            sender: operator.to_string(),
            event_id: uuid::Uuid::now_v7().to_string(),
            body: line.to_string(),
            // The console is the operator at the machine.
            untrusted: None,
        };
        match crate::chat::parse::parse(line) {
            // The same `!` commands as in a room, with the same parser.
            Some(command) => console_command(agent, &inbound, &command).await,
            None => {
                agent.on_message(&inbound).await?;
            }
        }
    }
    Ok(())
}

/// Carries out a `!` command typed at the console and prints its answer.
async fn console_command(
    agent: &crate::agent::Agent,
    inbound: &crate::chat::Inbound,
    command: &crate::chat::parse::Command,
) {
    let reply = match crate::agent::commands::execute(agent, inbound, command).await {
        Ok(reply) => reply,
        Err(e) => Some(crate::chat::Outbound::notice(
            crate::chat::strings::commands::command_failed(&e),
        )),
    };
    if let Some(reply) = reply {
        agent.say(CONSOLE_ROOM, reply).await;
    }
}

/// An answer to cards typed at the console.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ConsoleAnswer {
    answer: executions::Answer,
    /// `y ID`, `n ID`: that card only.
    card: Option<String>,
    /// A bare `y` or `n`, which only ever answers cards (`yes`, `no` with
    /// nothing to decide are the operator's words to the agent).
    bare: bool,
}

/// `y`/`yes`, `n`/`no`, alone or followed by a card's id, at the console.
fn console_answer(line: &str) -> Option<ConsoleAnswer> {
    let lower = line.trim().to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next()?;
    let card = words.next().map(str::to_string);
    if words.next().is_some() {
        return None;
    }
    let answer = match first {
        "y" | "yes" => executions::Answer::Approve,
        "n" | "no" => executions::Answer::Deny,
        _ => return None,
    };
    // `no way`, `yes facade`: words, not an id (a short id is 8 hex
    // digits; a longer prefix of the full id may be typed too).
    if card
        .as_deref()
        .is_some_and(|id| id.len() < 8 || !id.chars().all(|c| c.is_ascii_hexdigit() || c == '-'))
    {
        return None;
    }
    Some(ConsoleAnswer {
        answer,
        bare: card.is_none() && first.len() == 1,
        card,
    })
}

/// Carries out a console answer; `false` when it decided nothing and the
/// line goes to the agent as the operator's words.
async fn answered_at_console(
    agent: &crate::agent::Agent,
    operator: &str,
    answer: &ConsoleAnswer,
) -> Result<bool, StoreError> {
    let decided = match answer_cards(agent, operator, answer).await? {
        Ok(decided) => decided,
        Err(several) => {
            let said = crate::chat::strings::commands::y_names_one_of(&several);
            agent
                .say(CONSOLE_ROOM, crate::chat::Outbound::notice(said))
                .await;
            return Ok(true);
        }
    };
    if decided > 0 {
        return Ok(true);
    }
    let said = match (&answer.card, answer.bare) {
        (Some(id), _) => crate::chat::strings::commands::no_waiting_card(id),
        (None, true) => crate::chat::strings::commands::nothing_waiting_for_y(),
        (None, false) => return Ok(false),
    };
    agent
        .say(CONSOLE_ROOM, crate::chat::Outbound::notice(said))
        .await;
    Ok(true)
}

/// Answers the waiting cards of the console session that the answer can
/// decide: the one it names; with no id, `n` refuses every one and `y`
/// approves the only one (destructive cards need their phrase). Returns
/// how many were decided, or, for a `y` with no id while several cards
/// wait, their short ids: a `y` typed as a new card printed must not
/// approve what the operator has not read.
async fn answer_cards(
    agent: &crate::agent::Agent,
    operator: &str,
    console: &ConsoleAnswer,
) -> Result<Result<usize, Vec<String>>, StoreError> {
    let answer = console.answer;
    let session = agent
        .store()
        .open_session(CONSOLE_ROOM, crate::domain::SurfaceKind::Console)
        .await?;
    let pending = executions::pending_approvals(agent.store(), session.id, None).await?;
    let named = |execution: &executions::Execution| {
        console
            .card
            .as_deref()
            .is_none_or(|id| crate::domain::names_id(execution.id, id))
    };
    let answerable: Vec<_> = pending
        .into_iter()
        .filter(|(execution, approval)| {
            named(execution)
                && !(answer == executions::Answer::Approve
                    && approval.confirmation_phrase.is_some())
        })
        .collect();
    if answer == executions::Answer::Approve && console.card.is_none() && answerable.len() > 1 {
        return Ok(Err(answerable
            .iter()
            .map(|(e, _)| crate::domain::short_id(e.id))
            .collect()));
    }
    let mut decided = 0;
    for (_, approval) in answerable {
        let outcome = agent
            .decide(
                CONSOLE_ROOM,
                &approval,
                &crate::approvals::Decider::new(operator, crate::domain::Via::Command),
                answer,
            )
            .await?;
        if matches!(
            outcome,
            crate::approvals::Outcome::Answered(executions::Answered::Won { .. })
        ) {
            decided += 1;
        }
    }
    Ok(Ok(decided))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn console_answers_are_y_and_n_alone_or_with_an_id() {
        let a = |line: &str| console_answer(line);
        let approve = executions::Answer::Approve;
        let deny = executions::Answer::Deny;
        assert_eq!(
            a("y"),
            Some(ConsoleAnswer {
                answer: approve,
                card: None,
                bare: true
            })
        );
        assert_eq!(
            a(" YES "),
            Some(ConsoleAnswer {
                answer: approve,
                card: None,
                bare: false
            })
        );
        assert_eq!(
            a("n 3f2a9c1d"),
            Some(ConsoleAnswer {
                answer: deny,
                card: Some("3f2a9c1d".into()),
                bare: false
            })
        );
        for words in [
            "yes please",
            "no way",
            "y es",
            "yes do it now",
            "yeah",
            "y 12",
            "yes facade",
            "no decade",
        ] {
            assert_eq!(a(words), None, "{words}");
        }
    }
}
