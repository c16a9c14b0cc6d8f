//! The `nomos` command line: the binary's edge, where errors become
//! messages for the operator and an exit code.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use tokio_util::sync::CancellationToken;

use nomos::chat::parse;
use nomos::config::{Config, Purpose};
use nomos::domain::RiskClass;
use nomos::inventory;
use nomos::logging::{self, LogFormat};
use nomos::store::{Store, redact_url};

#[derive(Parser)]
#[command(
    name = "nomos",
    version,
    about = "An operations agent for a Proxmox homelab, living in Matrix rooms"
)]
struct Cli {
    /// Log line format.
    #[arg(long, global = true, value_enum, default_value = "text")]
    log_format: LogFormat,
    /// Log level when RUST_LOG is not set (info; warn for `chat`, whose
    /// conversation shares the terminal).
    #[arg(long, global = true)]
    log_level: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
struct ConfigArg {
    /// The TOML config file.
    #[arg(long, short, env = "NOMOS_CONFIG")]
    config: PathBuf,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot: migrate the store, log in to Matrix, answer rooms.
    Run(ConfigArg),
    /// Talk to the agent at this terminal instead of in Matrix: type what
    /// you need; answer a card with `y` or `n`, or type its phrase.
    Chat(ConfigArg),
    /// Validate a config file; names the offending key on error.
    CheckConfig {
        #[command(flatten)]
        config: ConfigArg,
        /// Also fail when a secret's environment variable is unset here
        /// (by default that is a warning: it may be set where Nomos runs).
        #[arg(long)]
        require_env: bool,
        /// What the config is for: `run` (the Matrix bot: `[matrix]` and
        /// `[access]` required) or `chat` (the console: both optional).
        #[arg(long = "for", value_enum, default_value_t = CheckFor::Run)]
        check_for: CheckFor,
    },
    /// Apply pending database migrations.
    Migrate(ConfigArg),
    /// Import the inventory and knowledge files (idempotent: upsert by slug).
    Seed(ConfigArg),
    /// Classify a shell command as the risk gate would: its class, the
    /// reason, and each segment with its own class and reason.
    Classify {
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// The caller's own estimate, which can only raise the result.
        #[arg(long, value_name = "CLASS")]
        declared: Option<RiskClass>,
        /// The command (after `--`; several words are joined by spaces).
        #[arg(required = true, last = true, value_name = "COMMAND")]
        command: Vec<String>,
    },
    /// Check every inventory host: reachable, host key verified, key
    /// accepted, Proxmox tools present. One line per host with a fix.
    Doctor(ConfigArg),
    /// Run a read-only command on a target through the executor. Anything
    /// else is refused: changes go through the bot's approvals.
    Exec {
        #[command(flatten)]
        config: ConfigArg,
        /// host:NAME or lxc:NAME
        target: String,
        /// Run the command under the confinement without asking the
        /// classifier first (to see what the confinement alone stops);
        /// refused on a target that cannot be confined.
        #[arg(long)]
        skip_classifier: bool,
        /// The command (after `--`).
        #[arg(required = true, last = true, value_name = "COMMAND")]
        command: Vec<String>,
    },
    /// List the entities the store knows.
    Entities {
        #[command(flatten)]
        config: ConfigArg,
        /// Only this type (host, lxc, service, network).
        #[arg(long = "type")]
        kind: Option<String>,
        /// One JSON object per line instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Show the audit trail, newest first: who proposed and decided what,
    /// via what route, the risk class, the target and the result.
    Audit(AuditArgs),
    /// Check the `[llm]` endpoint: one request with a tool, the call and
    /// the model's reasoning handed back, the context window if the server
    /// reports it; what works, and the fix for what does not.
    LlmCheck(ConfigArg),
}

#[derive(clap::Args)]
struct AuditArgs {
    #[command(flatten)]
    config: ConfigArg,
    /// How far back: 30m, 2h, 7d, 2w, a date (2025-06-01, from midnight
    /// UTC) or an RFC 3339 time.
    #[arg(long, default_value = "7d", value_parser = parse::parse_since)]
    since: parse::Since,
    /// Only this room's sessions (a room id such as !abc:example.org).
    #[arg(long)]
    room: Option<String>,
    /// Only rows about this target (host:NAME or lxc:NAME).
    #[arg(long, value_parser = parse::parse_target)]
    target: Option<String>,
    /// Only what this user did or asked for (@name:server).
    #[arg(long, value_parser = parse::parse_user)]
    user: Option<String>,
    /// At most this many rows, the newest (default: all).
    #[arg(long, value_name = "N")]
    limit: Option<u32>,
    /// One JSON array instead of a table.
    #[arg(long)]
    json: bool,
}

/// `print!` for what a subcommand answers on standard output. A reader
/// that went away (`nomos classify … | head -1`) ends the program quietly
/// (status 141, as a shell reports SIGPIPE), instead of the panic
/// `print!` would raise.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        let written = write!(stdout, $($arg)*).and_then(|()| stdout.flush());
        if let Err(e) = written {
            closed_or_report(&e);
        }
    }};
}

/// `println!`, as [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => {{
        out!("{}\n", format_args!($($arg)*))
    }};
}

/// Ends the program quietly when standard output's reader has gone, with
/// the status a shell gives a program SIGPIPE ended (128 + 13), so a
/// pipeline's `pipefail` still sees it did not finish; reports any other
/// write error on standard error.
fn closed_or_report(e: &std::io::Error) {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(141);
    }
    eprintln!("error: cannot write to standard output: {e}");
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let level = cli.log_level.as_deref().unwrap_or(match cli.command {
        Command::Chat(_) => "warn",
        _ => "info",
    });
    logging::init(cli.log_format, level);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(dispatch(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => match e.downcast_ref::<ExitWith>() {
            Some(ExitWith(code)) => ExitCode::from(u8::try_from(*code).unwrap_or(1)),
            None => {
                eprintln!("error: {e:#}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Ends the program with this exit code, having already said why.
#[derive(Debug)]
struct ExitWith(i32);

impl std::fmt::Display for ExitWith {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit status {}", self.0)
    }
}

impl std::error::Error for ExitWith {}

/// Loads the configuration for `purpose`; from here on its secrets are
/// masked in logs.
fn load(path: &Path, purpose: Purpose) -> anyhow::Result<Config> {
    let config = Config::load(path, purpose)?;
    let _ = nomos::redact::global().set(nomos::redact::Redactor::new(config.secrets()));
    Ok(config)
}

async fn open_store(config: &Config) -> anyhow::Result<Store> {
    Store::open(&config.database_url)
        .await
        .with_context(|| format!("opening {}", redact_url(&config.database_url)))
}

async fn dispatch(command: Command) -> anyhow::Result<()> {
    match command {
        Command::CheckConfig {
            config,
            require_env,
            check_for,
        } => check_config(&config.config, require_env, check_for),
        Command::Migrate(arg) => migrate(&arg.config).await,
        Command::Seed(arg) => seed(&arg.config).await,
        Command::Entities { config, kind, json } => entities(&config.config, kind, json).await,
        Command::Classify {
            json,
            declared,
            command,
        } => classify(&command.join(" "), declared, json),
        Command::Doctor(arg) => doctor(&arg.config).await,
        Command::Exec {
            config,
            target,
            skip_classifier,
            command,
        } => exec(&config.config, &target, &command.join(" "), skip_classifier).await,
        Command::Chat(arg) => chat(&arg.config).await,
        Command::Audit(args) => audit(args).await,
        Command::LlmCheck(arg) => llm_check(&arg.config).await,
        Command::Run(arg) => run(&arg.config).await,
    }
}

/// `nomos check-config`: the file loads; without `--require-env`, unset
/// secret variables are warnings (the service's environment may differ
/// from this shell's), not errors.
fn check_config(path: &Path, require_env: bool, check_for: CheckFor) -> anyhow::Result<()> {
    let purpose = match check_for {
        CheckFor::Run => Purpose::Run,
        CheckFor::Chat => Purpose::Chat,
    };
    let command = match check_for {
        CheckFor::Run => "nomos run",
        CheckFor::Chat => "nomos chat",
    };
    let config = if require_env {
        load(path, purpose)?
    } else {
        let unset = std::cell::RefCell::new(Vec::new());
        let env = |name: &str| {
            std::env::var(name).ok().or_else(|| {
                unset.borrow_mut().push(name.to_string());
                Some("unset".to_string())
            })
        };
        let config = Config::load_with_env(path, purpose, &env)?;
        for name in unset.borrow().iter() {
            eprintln!("warning: environment variable {name} is not set here; `{command}` needs it");
        }
        config
    };
    match check_for {
        CheckFor::Run => outln!(
            "{}: ok for `{command}` (matrix user {}, {} operator(s), database {})",
            path.display(),
            config.matrix()?.user,
            config.access.operators.len(),
            redact_url(&config.database_url)
        ),
        CheckFor::Chat => outln!(
            "{}: ok for `{command}` (database {})",
            path.display(),
            redact_url(&config.database_url)
        ),
    }
    Ok(())
}

/// What `check-config` checks a config for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CheckFor {
    /// `nomos run`, the Matrix bot.
    Run,
    /// `nomos chat`, the console.
    Chat,
}

/// `nomos migrate`: applies the schema's migrations.
async fn migrate(path: &Path) -> anyhow::Result<()> {
    let config = load(path, Purpose::Offline)?;
    let store = Store::connect(&config.database_url).await?;
    let applied = store.migrate().await?;
    outln!(
        "{} at {}: {applied} migration(s) applied, {} in total",
        store.backend(),
        redact_url(&config.database_url),
        store.applied_migrations().await?
    );
    Ok(())
}

/// `nomos seed`: imports the inventory and knowledge files.
async fn seed(path: &Path) -> anyhow::Result<()> {
    let config = load(path, Purpose::Offline)?;
    let store = open_store(&config).await?;
    let report = inventory::seed(
        &store,
        &config.inventory.file,
        config.inventory.knowledge_file.as_deref(),
    )
    .await?;
    out!("{report}");
    if !report.changed() {
        outln!("nothing changed");
    }
    Ok(())
}

/// `nomos entities`: the store's entities, as a table or JSON lines.
async fn entities(path: &Path, kind: Option<String>, json: bool) -> anyhow::Result<()> {
    let config = load(path, Purpose::Offline)?;
    let store = open_store(&config).await?;
    let entities = store.list_entities(kind.as_deref()).await?;
    if json {
        for e in &entities {
            outln!("{}", serde_json::to_string(e)?);
        }
    } else if entities.is_empty() {
        outln!(
            "no entities{}",
            kind.map(|k| format!(" of type {k}")).unwrap_or_default()
        );
    } else {
        let width = entities.iter().map(|e| e.slug.len()).max().unwrap_or(0);
        for e in &entities {
            let summary = summarize(&e.attributes.0);
            outln!("{:<width$}  {}", e.slug, summary);
        }
    }
    Ok(())
}

/// `nomos classify`: the gate's verdict on a command, segment by segment.
fn classify(command: &str, declared: Option<RiskClass>, json: bool) -> anyhow::Result<()> {
    let c = nomos::gate::classify::classify(command, declared);
    if json {
        outln!("{}", serde_json::to_string(&c)?);
        return Ok(());
    }
    outln!("{}: {}", c.class, c.reason);
    let width = c
        .segments
        .iter()
        .map(|s| s.command.chars().count())
        .max()
        .unwrap_or(0)
        .min(60);
    for s in &c.segments {
        outln!(
            "  {:<15} {:<width$}  {}",
            s.class.as_str(),
            s.command,
            s.reason
        );
    }
    Ok(())
}

/// `nomos doctor`: what each host and the data folder need.
async fn doctor(path: &Path) -> anyhow::Result<()> {
    let config = load(path, Purpose::Offline)?;
    let store = open_store(&config).await?;
    let executor = nomos::exec::Executor::new(store.clone(), config.exec.clone());
    let mut checks = nomos::exec::doctor::check_all(&store, &executor).await?;
    if checks.is_empty() {
        anyhow::bail!("the store knows no hosts: run `nomos seed` first");
    }
    checks.insert(0, nomos::exec::doctor::check_data_dir(&config.data_dir));
    let width = checks.iter().map(|c| c.host.len()).max().unwrap_or(0);
    for c in &checks {
        let mark = if c.ok { "ok  " } else { "FAIL" };
        match &c.fix {
            Some(fix) => outln!("{mark} {:<width$}  {} (fix: {fix})", c.host, c.verdict),
            None => outln!("{mark} {:<width$}  {}", c.host, c.verdict),
        }
    }
    let failed = checks.iter().filter(|c| !c.ok).count();
    if failed > 0 {
        anyhow::bail!("{failed} of {} check(s) need attention", checks.len());
    }
    Ok(())
}

/// `nomos exec`: runs a read-only command on a target, streaming its
/// output; anything else is refused (exit 2) and belongs in the room.
async fn exec(path: &Path, target: &str, command: &str, skip: bool) -> anyhow::Result<()> {
    let config = load(path, Purpose::Offline)?;
    let store = open_store(&config).await?;
    // One classification, with the gate's egress policy, as in the room.
    let egress = nomos::approvals::egress_policy(&store, &config.egress_allow).await?;
    let classification = nomos::gate::classify::classify_with(command, None, &egress);
    if !skip && classification.class != RiskClass::ReadOnly {
        eprintln!(
            "refused: this command is {} ({}). `nomos exec` only runs read-only commands; \
             ask the bot in its room, where changes wait for an approval.",
            classification.class, classification.reason
        );
        return Err(ExitWith(2).into());
    }
    let executor = nomos::exec::Executor::new(store, config.exec.clone());
    let sink: nomos::exec::OutputSink = std::sync::Arc::new(|stream, data| {
        use std::io::Write;
        let _ = match stream {
            nomos::exec::Stream::Stdout => std::io::stdout().write_all(data),
            nomos::exec::Stream::Stderr => std::io::stderr().write_all(data),
        };
    });
    let cancel = tokio_util::sync::CancellationToken::new();
    let interrupt = cancel.clone();
    tokio::spawn(async move {
        wait_for_signal().await;
        interrupt.cancel();
    });
    let limits = config.exec.limits;
    let outcome = if skip {
        let resolved = executor.resolver().resolve(target, command).await?;
        if resolved.host.transport != nomos::domain::Transport::Local || resolved.vmid.is_some() {
            eprintln!(
                "refused: {target} cannot be confined from here (only hosts with the local \
                 transport can this round), and --skip-classifier runs only confined"
            );
            return Err(ExitWith(2).into());
        }
        // Bypassed, the classifier proved no destination: the command may
        // look at the host's network, and open no IP socket.
        let network = classification
            .network
            .min(nomos::domain::NetworkUse::Inspects);
        let work = nomos::exec::Unattended::own(command, network);
        executor
            .run_confined(&resolved.host, work, limits, sink, cancel)
            .await?
    } else {
        let work = nomos::exec::Unattended::own(command, classification.network);
        executor
            .run_unattended(target, work, limits, sink, cancel)
            .await?
    };
    for note in outcome.note.iter().chain(&outcome.confinement) {
        eprintln!("nomos: {note}");
    }
    match exit_code(&outcome) {
        0 => Ok(()),
        code => Err(ExitWith(code).into()),
    }
}

/// The exit status `nomos exec` ends with, as timeout(1) and shells use.
fn exit_code(outcome: &nomos::exec::RunOutcome) -> i32 {
    match outcome.status {
        nomos::exec::RunStatus::Completed => 0,
        nomos::exec::RunStatus::TimedOut => 124,
        nomos::exec::RunStatus::Cancelled => 130,
        nomos::exec::RunStatus::Failed => outcome.exit_code.filter(|c| *c != 0).unwrap_or(1),
    }
}

/// `nomos chat`: the agent on this terminal.
async fn chat(path: &Path) -> anyhow::Result<()> {
    let config = load(path, Purpose::Chat)?;
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    nomos::app::chat(config, input, Box::new(std::io::stdout())).await?;
    Ok(())
}

/// `nomos run`: the service, until a signal.
async fn run(path: &Path) -> anyhow::Result<()> {
    let config = load(path, Purpose::Run)?;
    let shutdown = CancellationToken::new();
    let signal = shutdown.clone();
    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("signal received; shutting down");
        signal.cancel();
    });
    nomos::app::run(config, shutdown).await?;
    Ok(())
}

/// `nomos llm-check`: one line per finding; exit status 1 when one
/// needs a fix.
async fn llm_check(path: &Path) -> anyhow::Result<()> {
    let config = load(path, Purpose::Chat)?;
    let Some(llm) = &config.llm else {
        anyhow::bail!(
            "{} has no [llm] section: there is no model to check",
            path.display()
        );
    };
    let findings = nomos::agent::llm::check::run(llm).await;
    for f in &findings {
        match &f.fix {
            Some(fix) => outln!("FAIL {} (fix: {fix})", f.what),
            None => outln!("ok   {}", f.what),
        }
    }
    if findings.iter().any(|f| !f.ok) {
        return Err(ExitWith(1).into());
    }
    Ok(())
}

/// `nomos audit`: the filtered trail as a table, or as one JSON array for
/// export.
async fn audit(args: AuditArgs) -> anyhow::Result<()> {
    let config = load(&args.config.config, Purpose::Offline)?;
    let store = open_store(&config).await?;
    let filter = nomos::store::audit::Filter {
        room: args.room,
        target: args.target,
        user: args.user,
        since: args.since.resolve(time::OffsetDateTime::now_utc()),
        limit: args.limit,
    };
    let records = store.audit_trail(&filter).await?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&records)?);
    } else if records.is_empty() {
        outln!("no audit rows match");
    } else {
        out!("{}", audit_table(&records));
    }
    Ok(())
}

/// The audit rows as a table with a header, one row per line, the command
/// last (shortened to one line).
fn audit_table(records: &[nomos::store::audit::Record]) -> String {
    let dash = || "-".to_string();
    let rows: Vec<[String; 9]> = records
        .iter()
        .map(|r| {
            [
                r.at.to_offset(time::UtcOffset::UTC)
                    .format(time::macros::format_description!(
                        "[year]-[month]-[day]T[hour]:[minute]:[second]Z"
                    ))
                    .unwrap_or_else(|_| r.at.to_string()),
                r.action.as_str().to_string(),
                r.actor.clone(),
                r.via.as_str().to_string(),
                r.risk_class.map_or_else(dash, |c| c.as_str().to_string()),
                r.target.clone().unwrap_or_else(dash),
                r.execution_id.map_or_else(dash, nomos::domain::short_id),
                audit_result(r),
                r.command
                    .as_deref()
                    .map_or_else(dash, |c| first_line(c, 80)),
            ]
        })
        .collect();
    let header = [
        "TIME", "ACTION", "ACTOR", "VIA", "RISK", "TARGET", "ID", "RESULT", "COMMAND",
    ]
    .map(str::to_string);
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text
}

/// The RESULT column: how the execution stands now (with its exit code),
/// or what a window row opened or closed.
fn audit_result(r: &nomos::store::audit::Record) -> String {
    use nomos::store::audit::Action;
    let detail = |key: &str| r.detail.get(key).cloned().unwrap_or_default();
    match (&r.execution_status, r.exit_code, r.action) {
        (Some(status), Some(code), _) => format!("{status} ({code})"),
        (Some(status), None, _) => status.to_string(),
        (None, _, Action::WindowOpened) => match detail("kind").as_str() {
            Some(kind) => format!("{kind} window"),
            None => "window".to_string(),
        },
        (None, _, Action::WindowsRevoked) => format!("{} closed", detail("count")),
        (None, _, _) => "-".to_string(),
    }
}

/// The first line of `text`, at most `max` characters, with `…` when cut
/// (the full text is in `--json`).
fn first_line(text: &str, max: usize) -> String {
    let first = text.lines().next().unwrap_or("");
    let mut line: String = first.chars().take(max).collect();
    if line.len() < text.len() {
        line.push('…');
    }
    line
}

/// A one-line summary of an entity's main attributes for `nomos entities`.
fn summarize(attributes: &serde_json::Value) -> String {
    const KEYS: &[&str] = &[
        "vmid", "host", "address", "cidr", "ip", "gateway", "bridge", "runs_on", "url",
    ];
    KEYS.iter()
        .filter_map(|k| {
            attributes.get(*k).map(|v| match v {
                serde_json::Value::String(s) => format!("{k}={s}"),
                other => format!("{k}={other}"),
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
