//! Configuration: the one TOML file an operator writes.
//!
//! This module owns parsing (unknown keys are errors, via
//! `deny_unknown_fields`), semantic validation (every error names the
//! offending key), resolution of secrets from the environment
//! (`password_env`, `store_passphrase_env`, `api_key_env`) and of relative
//! paths (against the config file's folder). Nothing else reads the TOML
//! or the environment for settings. `config/nomos.example.toml` documents
//! every key.

use std::path::{Path, PathBuf};

use matrix_sdk::ruma::OwnedUserId;
use serde::Deserialize;
use url::Url;

use crate::agent::llm::settings::{DEFAULT_LLM_IDLE_SECS, LlmSettings};
use crate::inventory::InventorySettings;
use crate::matrix::settings::{AccessSettings, MatrixSettings};
use crate::redact::Secret;

/// A configuration problem, phrased for the operator who has to fix it.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path} is not valid: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("config key `{key}`: {reason}")]
    Invalid { key: &'static str, reason: String },
}

impl ConfigError {
    fn invalid(key: &'static str, reason: impl Into<String>) -> Self {
        ConfigError::Invalid {
            key,
            reason: reason.into(),
        }
    }
}

// ---------------------------------------------------------------------------
// The file as written.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    data_dir: PathBuf,
    database_url: Option<String>,
    matrix: Option<RawMatrix>,
    access: Option<RawAccess>,
    llm: Option<RawLlm>,
    inventory: RawInventory,
    #[serde(default)]
    gate: RawGate,
    #[serde(default)]
    exec: RawExec,
    #[serde(default)]
    agent: RawAgent,
    #[serde(default)]
    http: RawHttp,
    #[serde(default)]
    health: RawHealth,
    #[serde(default)]
    service: RawService,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawService {
    shutdown_grace_secs: Option<u64>,
    flush_secs: Option<u64>,
    metrics_listen: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHealth {
    enabled: Option<bool>,
    ops_room: Option<String>,
    concurrency: Option<usize>,
    stale_floor_secs: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHttp {
    allow_hosts: Option<Vec<String>>,
    max_bytes: Option<usize>,
    timeout_secs: Option<u64>,
    max_redirects: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAgent {
    soul_file: Option<PathBuf>,
    max_iterations: Option<usize>,
    result_cap_bytes: Option<usize>,
    history_messages: Option<i64>,
    inline_wait_secs: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExec {
    timeout_secs: Option<u64>,
    output_cap_bytes: Option<usize>,
    connect_timeout_secs: Option<u64>,
    max_channels_per_host: Option<usize>,
    known_hosts: Option<PathBuf>,
    trust_on_first_use: Option<bool>,
    snapshots: Option<String>,
    snapshot_keep: Option<usize>,
    snapshot_max_age_days: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGate {
    approval_ttl_minutes: Option<i64>,
    assent_window_minutes: Option<i64>,
    destructive_window_minutes: Option<i64>,
    egress_allow: Option<Vec<String>>,
    unconfined: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatrix {
    homeserver: String,
    user: String,
    password: Option<String>,
    password_env: Option<String>,
    store_passphrase: Option<String>,
    store_passphrase_env: Option<String>,
    device_name: Option<String>,
    max_message_bytes: Option<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAccess {
    operators: Vec<String>,
    approver_power_level: Option<i64>,
    approver_power_rooms: Option<Vec<String>>,
    approver_power_users: Option<Vec<String>>,
    four_eyes: Option<bool>,
    require_encrypted_decisions: Option<bool>,
    require_verified_devices: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLlm {
    base_url: String,
    model: String,
    api_key: Option<String>,
    api_key_env: Option<String>,
    timeout_secs: Option<u64>,
    max_tokens: Option<u32>,
    temperature: Option<f32>,
    max_retries: Option<usize>,
    stream: Option<bool>,
    context_tokens: Option<u64>,
    reasoning_model: Option<bool>,
    extra_body: Option<toml::Table>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInventory {
    file: PathBuf,
    knowledge_file: Option<PathBuf>,
}

// ---------------------------------------------------------------------------
// The validated configuration the rest of the program uses.

#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    /// Always set after loading: an absent `database_url` becomes the SQLite
    /// file `DATA_DIR/nomos.db`.
    pub database_url: String,
    /// Set only when loaded for [`Purpose::Run`] (which requires it); the
    /// other subcommands never talk to Matrix, so they never need its
    /// password.
    pub matrix: Option<MatrixSettings>,
    /// Without an `[access]` section (the console, offline commands):
    /// nobody is listed.
    pub access: AccessSettings,
    /// `None`: no model; chat gets a notice and `!` commands still work.
    pub llm: Option<LlmSettings>,
    pub inventory: InventorySettings,
    pub gate: crate::approvals::ApprovalSettings,
    /// Hosts read-only commands may reach besides loopback, the lab's
    /// private addresses and the inventory (`[gate] egress_allow`).
    pub egress_allow: Vec<String>,
    pub exec: crate::exec::ExecSettings,
    pub agent: crate::agent::AgentSettings,
    pub health: crate::health::HealthSettings,
    pub service: ServiceSettings,
    /// Every secret that could be resolved, for masking in logs and rooms,
    /// whether or not this purpose uses it.
    secrets: Vec<Secret>,
}

/// What a subcommand needs of the file. Each requires only the sections
/// and secrets it uses, so `nomos seed` works without the Matrix password
/// and `nomos chat` without a `[matrix]` section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// `nomos run`: `[matrix]` with its password, `[access]` with at least
    /// one operator, and the model's key when `[llm]` names one.
    Run,
    /// `nomos chat`: the model's key when `[llm]` names one; `[matrix]` and
    /// `[access]` are optional.
    Chat,
    /// `seed`, `migrate`, `entities`, `doctor`, `exec`: no secret is
    /// required; the sections present are still validated.
    Offline,
}

impl Purpose {
    fn needs_matrix(self) -> bool {
        matches!(self, Purpose::Run)
    }

    fn needs_model_key(self) -> bool {
        matches!(self, Purpose::Run | Purpose::Chat)
    }

    fn command(self) -> &'static str {
        match self {
            Purpose::Run => "nomos run",
            Purpose::Chat => "nomos chat",
            Purpose::Offline => "this command",
        }
    }
}

/// How the service runs: shutdown and the metrics endpoint.
#[derive(Debug, Clone)]
pub struct ServiceSettings {
    /// On SIGTERM, running executions get this long to finish.
    pub shutdown_grace: std::time::Duration,
    /// Then queued messages get this long to reach the homeserver.
    pub flush: std::time::Duration,
    /// `/healthz` and `/metrics` listen here (loopback only); `None`: off.
    pub metrics_listen: Option<std::net::SocketAddr>,
}

impl Default for ServiceSettings {
    fn default() -> Self {
        ServiceSettings {
            shutdown_grace: std::time::Duration::from_secs(30),
            flush: std::time::Duration::from_secs(10),
            metrics_listen: None,
        }
    }
}

/// Request-body keys Nomos writes itself; `extra_body` may not replace them.
const RESERVED_BODY_KEYS: &[&str] = &["model", "messages", "tools", "tool_choice", "stream"];

impl Config {
    /// The configured secrets, for [`crate::redact::Redactor`]: the Matrix
    /// password and store passphrase, the model's API key, the database
    /// password. (A generated store passphrase is added where it is read,
    /// see [`crate::app::run`].)
    pub fn secrets(&self) -> Vec<String> {
        let mut secrets: Vec<String> = self
            .secrets
            .iter()
            .map(|s| s.expose().to_string())
            .collect();
        if let Some(password) = Url::parse(&self.database_url)
            .ok()
            .and_then(|u| u.password().map(str::to_string))
        {
            if let Ok(decoded) = percent_encoding::percent_decode_str(&password).decode_utf8() {
                secrets.push(decoded.into_owned());
            }
            secrets.push(password);
        }
        secrets
    }

    /// The Matrix settings, or an error naming the missing section.
    pub fn matrix(&self) -> Result<&MatrixSettings, ConfigError> {
        self.matrix.as_ref().ok_or_else(|| {
            ConfigError::invalid(
                "matrix",
                "the [matrix] section was not loaded: only `nomos run` talks to Matrix",
            )
        })
    }

    /// Reads, parses and validates the config file for `purpose`, taking
    /// secrets from the process environment.
    pub fn load(path: &Path, purpose: Purpose) -> Result<Config, ConfigError> {
        Config::load_with_env(path, purpose, &|name| std::env::var(name).ok())
    }

    /// Like [`Config::load`] with an injected environment lookup.
    pub fn load_with_env(
        path: &Path,
        purpose: Purpose,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        Config::from_toml(&text, path, base, purpose, env)
    }

    /// Parses and validates config text. `origin` names the file in errors,
    /// `base_dir` anchors relative paths, `env` looks up environment
    /// variables (injected so tests need not touch the process environment).
    pub fn from_toml(
        text: &str,
        origin: &Path,
        base_dir: &Path,
        purpose: Purpose,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: origin.to_path_buf(),
            message: e.to_string(),
        })?;
        let data_dir = anchor(base_dir, &raw.data_dir);
        let database_url = match raw.database_url {
            Some(url) => validate_database_url(&url)?,
            None => format!("sqlite://{}", data_dir.join("nomos.db").display()),
        };
        let mut secrets = Vec::new();
        let matrix = match raw.matrix {
            Some(m) => validate_matrix(m, purpose, env, &mut secrets)?,
            None if purpose.needs_matrix() => {
                return Err(ConfigError::invalid(
                    "matrix",
                    format!(
                        "section [matrix] is missing; {} needs homeserver, user and password_env",
                        purpose.command()
                    ),
                ));
            }
            None => None,
        };
        let access = match raw.access {
            Some(a) => validate_access(a)?,
            None if purpose.needs_matrix() => {
                return Err(ConfigError::invalid(
                    "access",
                    format!(
                        "section [access] is missing; {} needs `operators`, the people it answers",
                        purpose.command()
                    ),
                ));
            }
            None => AccessSettings::default(),
        };
        let llm = raw
            .llm
            .map(|l| validate_llm(l, purpose, env, &mut secrets))
            .transpose()?;
        Ok(Config {
            database_url,
            matrix,
            access,
            llm,
            secrets,
            gate: validate_gate(&raw.gate)?,
            egress_allow: validate_egress(raw.gate.egress_allow.as_deref().unwrap_or_default())?,
            exec: crate::exec::ExecSettings {
                unconfined: validate_unconfined(raw.gate.unconfined.as_deref())?,
                ..validate_exec(&raw.exec, base_dir)?
            },
            health: validate_health(&raw.health)?,
            service: validate_service(&raw.service)?,
            agent: crate::agent::AgentSettings {
                fetch: validate_http(&raw.http)?,
                ..validate_agent(&raw.agent, base_dir)?
            },
            inventory: InventorySettings {
                file: anchor(base_dir, &raw.inventory.file),
                knowledge_file: raw.inventory.knowledge_file.map(|p| anchor(base_dir, &p)),
            },
            data_dir,
        })
    }
}

fn anchor(base: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    }
}

fn validate_database_url(url: &str) -> Result<String, ConfigError> {
    let scheme_ok = ["sqlite:", "postgres://", "postgresql://"]
        .iter()
        .any(|prefix| url.starts_with(prefix));
    if scheme_ok {
        Ok(url.to_string())
    } else {
        Err(ConfigError::invalid(
            "database_url",
            "must start with sqlite:, postgres:// or postgresql:// (leave it out to use SQLite under data_dir)",
        ))
    }
}

fn parse_http_url(key: &'static str, value: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(value)
        .map_err(|e| ConfigError::invalid(key, format!("`{value}` is not a URL: {e}")))?;
    match url.scheme() {
        "http" | "https" => Ok(url),
        other => Err(ConfigError::invalid(
            key,
            format!("scheme `{other}` is not supported; use http:// or https://"),
        )),
    }
}

fn parse_user_id(key: &'static str, value: &str) -> Result<OwnedUserId, ConfigError> {
    OwnedUserId::try_from(value).map_err(|e| {
        ConfigError::invalid(
            key,
            format!("`{value}` is not a full Matrix user ID like @name:example.org ({e})"),
        )
    })
}

/// Resolves a secret given inline or through an environment variable.
/// Exactly one of the two may be set, unless `required` is false and both
/// are absent.
fn resolve_secret(
    inline_key: &'static str,
    env_key: &'static str,
    inline: Option<String>,
    env_name: Option<String>,
    required: bool,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<Secret>, ConfigError> {
    match (inline, env_name) {
        (Some(_), Some(_)) => Err(ConfigError::invalid(
            env_key,
            format!("set either `{inline_key}` or `{env_key}`, not both"),
        )),
        (Some(value), None) if value.is_empty() => {
            Err(ConfigError::invalid(inline_key, "is empty"))
        }
        (Some(value), None) => Ok(Some(Secret::new(value))),
        (None, Some(name)) => match env(&name) {
            Some(value) if !value.is_empty() => Ok(Some(Secret::new(value))),
            Some(_) => Err(ConfigError::invalid(
                env_key,
                format!("environment variable {name} is empty"),
            )),
            None => Err(ConfigError::invalid(
                env_key,
                format!("environment variable {name} is not set"),
            )),
        },
        (None, None) if required => Err(ConfigError::invalid(
            inline_key,
            format!("is required: set `{inline_key}` or `{env_key}`"),
        )),
        (None, None) => Ok(None),
    }
}

/// The `[matrix]` section, validated whatever the purpose; `None` unless
/// the purpose talks to Matrix. Its password is required only then, but
/// kept for masking whenever it resolves.
fn validate_matrix(
    raw: RawMatrix,
    purpose: Purpose,
    env: &dyn Fn(&str) -> Option<String>,
    secrets: &mut Vec<Secret>,
) -> Result<Option<MatrixSettings>, ConfigError> {
    let homeserver = parse_http_url("matrix.homeserver", &raw.homeserver)?;
    let user = parse_user_id("matrix.user", &raw.user)?;
    let device_name = raw.device_name.unwrap_or_else(|| "nomos".to_string());
    if device_name.trim().is_empty() {
        return Err(ConfigError::invalid("matrix.device_name", "is empty"));
    }
    let max_message_bytes = raw.max_message_bytes.unwrap_or(DEFAULT_MAX_MESSAGE_BYTES);
    if !(256..=1 << 20).contains(&max_message_bytes) {
        return Err(ConfigError::invalid(
            "matrix.max_message_bytes",
            format!("must be between 256 and 1048576, not {max_message_bytes}"),
        ));
    }
    // Resolved (and kept for masking) whatever the purpose, like the
    // password; only `nomos run` needs it.
    let store_passphrase = match resolve_secret(
        "matrix.store_passphrase",
        "matrix.store_passphrase_env",
        raw.store_passphrase,
        raw.store_passphrase_env,
        false,
        env,
    ) {
        Ok(p) => p,
        Err(e) if purpose.needs_matrix() => return Err(e),
        Err(_) => None,
    };
    secrets.extend(store_passphrase.clone());
    let password = match resolve_secret(
        "matrix.password",
        "matrix.password_env",
        raw.password,
        raw.password_env,
        purpose.needs_matrix(),
        env,
    ) {
        Ok(Some(p)) => p,
        Err(e) if purpose.needs_matrix() => return Err(e),
        Ok(None) | Err(_) => return Ok(None),
    };
    secrets.push(password.clone());
    if !purpose.needs_matrix() {
        return Ok(None);
    }
    Ok(Some(MatrixSettings {
        homeserver,
        user,
        password,
        store_passphrase,
        device_name,
        max_message_bytes,
    }))
}

/// Messages longer than this (16 KiB) are not read: nobody types that
/// much, and a pasted log belongs in a file.
pub const DEFAULT_MAX_MESSAGE_BYTES: usize = 16 * 1024;

fn validate_access(raw: RawAccess) -> Result<AccessSettings, ConfigError> {
    if raw.operators.is_empty() {
        return Err(ConfigError::invalid(
            "access.operators",
            "names nobody: list at least one full Matrix user ID, or nobody can talk to the bot",
        ));
    }
    let operators = raw
        .operators
        .iter()
        .map(|op| parse_user_id("access.operators", op))
        .collect::<Result<Vec<_>, _>>()?;
    let approver_power = validate_power(&raw)?;
    Ok(AccessSettings {
        operators,
        approver_power,
        decision_events: crate::domain::deciders::EventRequirements {
            encrypted: raw.require_encrypted_decisions.unwrap_or(false),
            signed_device: raw.require_verified_devices.unwrap_or(false),
        },
        four_eyes: raw.four_eyes.unwrap_or(false),
    })
}

/// The power-level rule: a level, and the rooms or users it counts for
/// (a level alone would make every room admin, in any room an operator
/// invited the bot to, an approver).
fn validate_power(
    raw: &RawAccess,
) -> Result<Option<crate::domain::deciders::PowerRule>, ConfigError> {
    let rooms = raw.approver_power_rooms.clone().unwrap_or_default();
    let users = raw.approver_power_users.clone().unwrap_or_default();
    let Some(level) = raw.approver_power_level else {
        if !rooms.is_empty() || !users.is_empty() {
            let key = if rooms.is_empty() {
                "access.approver_power_users"
            } else {
                "access.approver_power_rooms"
            };
            return Err(ConfigError::invalid(
                key,
                "means nothing without access.approver_power_level: set the level too, or remove it",
            ));
        }
        return Ok(None);
    };
    if !(0..=1_000_000).contains(&level) {
        return Err(ConfigError::invalid(
            "access.approver_power_level",
            format!("must be between 0 and 1000000, not {level}"),
        ));
    }
    if rooms.is_empty() && users.is_empty() {
        return Err(ConfigError::invalid(
            "access.approver_power_level",
            "counts only where access.approver_power_rooms (room IDs) or \
             access.approver_power_users (user IDs) says: list at least one, \
             or every admin of any room the bot is in could approve",
        ));
    }
    for room in &rooms {
        matrix_sdk::ruma::OwnedRoomId::try_from(room.as_str()).map_err(|e| {
            ConfigError::invalid(
                "access.approver_power_rooms",
                format!("{room:?} is not a room ID like \"!abc:example.org\": {e}"),
            )
        })?;
    }
    for user in &users {
        parse_user_id("access.approver_power_users", user)?;
    }
    Ok(Some(crate::domain::deciders::PowerRule {
        level,
        rooms: rooms.into_iter().collect(),
        users: users.into_iter().collect(),
    }))
}

fn validate_agent(
    raw: &RawAgent,
    base_dir: &Path,
) -> Result<crate::agent::AgentSettings, ConfigError> {
    let defaults = crate::agent::AgentSettings::default();
    let within =
        |key: &'static str, value: Option<u64>, default: u64, min: u64, max: u64| match value {
            None => Ok(default),
            Some(v) if (min..=max).contains(&v) => Ok(v),
            Some(v) => Err(ConfigError::invalid(
                key,
                format!("must be between {min} and {max}, not {v}"),
            )),
        };
    let soul = match &raw.soul_file {
        None => defaults.soul.clone(),
        Some(path) => {
            let path = anchor(base_dir, path);
            std::fs::read_to_string(&path).map_err(|e| {
                ConfigError::invalid(
                    "agent.soul_file",
                    format!("cannot read {}: {e}", path.display()),
                )
            })?
        }
    };
    Ok(crate::agent::AgentSettings {
        soul,
        max_iterations: within(
            "agent.max_iterations",
            raw.max_iterations.map(|v| v as u64),
            defaults.max_iterations as u64,
            1,
            200,
        )? as usize,
        result_cap_bytes: within(
            "agent.result_cap_bytes",
            raw.result_cap_bytes.map(|v| v as u64),
            defaults.result_cap_bytes as u64,
            512,
            1 << 20,
        )? as usize,
        history_messages: within(
            "agent.history_messages",
            raw.history_messages.map(|v| u64::try_from(v).unwrap_or(0)),
            defaults.history_messages as u64,
            1,
            10_000,
        )? as i64,
        inline_wait: std::time::Duration::from_secs(within(
            "agent.inline_wait_secs",
            raw.inline_wait_secs,
            defaults.inline_wait.as_secs(),
            0,
            600,
        )?),
        ..defaults
    })
}

fn validate_service(raw: &RawService) -> Result<ServiceSettings, ConfigError> {
    let d = ServiceSettings::default();
    let secs = |key: &'static str, value: Option<u64>, default: std::time::Duration| match value {
        None => Ok(default),
        Some(v) if v <= 3600 => Ok(std::time::Duration::from_secs(v)),
        Some(v) => Err(ConfigError::invalid(
            key,
            format!("must be between 0 and 3600 seconds, not {v}"),
        )),
    };
    let metrics_listen = match &raw.metrics_listen {
        None => None,
        Some(text) => {
            let addr: std::net::SocketAddr = text.parse().map_err(|_| {
                ConfigError::invalid(
                    "service.metrics_listen",
                    format!("`{text}` is not an address and port like 127.0.0.1:9464"),
                )
            })?;
            if !addr.ip().is_loopback() {
                return Err(ConfigError::invalid(
                    "service.metrics_listen",
                    format!(
                        "`{text}` is not a loopback address; the metrics endpoint has no \
                         authentication, so it listens on 127.0.0.1 or ::1 only"
                    ),
                ));
            }
            Some(addr)
        }
    };
    Ok(ServiceSettings {
        shutdown_grace: secs(
            "service.shutdown_grace_secs",
            raw.shutdown_grace_secs,
            d.shutdown_grace,
        )?,
        flush: secs("service.flush_secs", raw.flush_secs, d.flush)?,
        metrics_listen,
    })
}

fn validate_health(raw: &RawHealth) -> Result<crate::health::HealthSettings, ConfigError> {
    let d = crate::health::HealthSettings::default();
    if let Some(room) = &raw.ops_room
        && !(room.starts_with('!') && room.contains(':'))
    {
        return Err(ConfigError::invalid(
            "health.ops_room",
            format!("`{room}` is not a room ID (it looks like !abc123:example.org)"),
        ));
    }
    let concurrency = raw.concurrency.unwrap_or(d.concurrency);
    if !(1..=64).contains(&concurrency) {
        return Err(ConfigError::invalid(
            "health.concurrency",
            format!("must be between 1 and 64, not {concurrency}"),
        ));
    }
    let floor = raw.stale_floor_secs.unwrap_or(d.stale_floor_secs);
    if !(60..=86_400).contains(&floor) {
        return Err(ConfigError::invalid(
            "health.stale_floor_secs",
            format!("must be between 60 and 86400, not {floor}"),
        ));
    }
    Ok(crate::health::HealthSettings {
        enabled: raw.enabled.unwrap_or(d.enabled),
        ops_room: raw.ops_room.clone(),
        concurrency,
        stale_floor_secs: floor,
    })
}

fn validate_http(raw: &RawHttp) -> Result<crate::fetch::FetchSettings, ConfigError> {
    let d = crate::fetch::FetchSettings::default();
    let max_bytes = raw.max_bytes.unwrap_or(d.max_bytes);
    if !(1024..=16 << 20).contains(&max_bytes) {
        return Err(ConfigError::invalid(
            "http.max_bytes",
            format!("must be between 1024 and 16777216, not {max_bytes}"),
        ));
    }
    let timeout = raw.timeout_secs.unwrap_or(d.timeout.as_secs());
    if !(1..=120).contains(&timeout) {
        return Err(ConfigError::invalid(
            "http.timeout_secs",
            format!("must be between 1 and 120, not {timeout}"),
        ));
    }
    let max_redirects = raw.max_redirects.unwrap_or(d.max_redirects);
    if max_redirects > 10 {
        return Err(ConfigError::invalid(
            "http.max_redirects",
            format!("must be at most 10, not {max_redirects}"),
        ));
    }
    let mut allow_hosts = Vec::new();
    for host in raw.allow_hosts.iter().flatten() {
        let h = host.trim().to_ascii_lowercase();
        if h.is_empty() || h.contains('/') || h.contains(' ') {
            return Err(ConfigError::invalid(
                "http.allow_hosts",
                format!("`{host}` is not a host name or address"),
            ));
        }
        allow_hosts.push(h);
    }
    Ok(crate::fetch::FetchSettings {
        allow_hosts,
        max_bytes,
        timeout: std::time::Duration::from_secs(timeout),
        max_redirects,
    })
}

/// `[gate] egress_allow`: host names, addresses, or `.domain` for a
/// domain and everything under it. No URLs, ports or wildcards.
fn validate_egress(hosts: &[String]) -> Result<Vec<String>, ConfigError> {
    for host in hosts {
        let plain = host.trim_start_matches('.');
        let ok = !plain.is_empty()
            && plain
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
        if !ok {
            return Err(ConfigError::invalid(
                "gate.egress_allow",
                format!(
                    "`{host}` is not a host name, an address or a `.domain` (no scheme, port, path or wildcard)"
                ),
            ));
        }
    }
    Ok(hosts.to_vec())
}

fn validate_gate(raw: &RawGate) -> Result<crate::approvals::ApprovalSettings, ConfigError> {
    let minutes = |key: &'static str, value: Option<i64>, default: i64, max: i64| match value {
        None => Ok(time::Duration::minutes(default)),
        Some(m) if (1..=max).contains(&m) => Ok(time::Duration::minutes(m)),
        Some(m) => Err(ConfigError::invalid(
            key,
            format!("must be between 1 and {max} minutes, not {m}"),
        )),
    };
    Ok(crate::approvals::ApprovalSettings {
        approval_ttl: minutes(
            "gate.approval_ttl_minutes",
            raw.approval_ttl_minutes,
            60,
            7 * 24 * 60,
        )?,
        windows: crate::store::executions::WindowDurations {
            assent: minutes(
                "gate.assent_window_minutes",
                raw.assent_window_minutes,
                30,
                24 * 60,
            )?,
            destructive: minutes(
                "gate.destructive_window_minutes",
                raw.destructive_window_minutes,
                15,
                24 * 60,
            )?,
        },
    })
}

fn validate_exec(raw: &RawExec, base_dir: &Path) -> Result<crate::exec::ExecSettings, ConfigError> {
    let defaults = crate::exec::ExecSettings::default();
    let secs =
        |key: &'static str, value: Option<u64>, default: std::time::Duration, max: u64| match value
        {
            None => Ok(default),
            Some(s) if (1..=max).contains(&s) => Ok(std::time::Duration::from_secs(s)),
            Some(s) => Err(ConfigError::invalid(
                key,
                format!("must be between 1 and {max} seconds, not {s}"),
            )),
        };
    let cap = raw.output_cap_bytes.unwrap_or(defaults.limits.output_cap);
    if !(1024..=64 * 1024 * 1024).contains(&cap) {
        return Err(ConfigError::invalid(
            "exec.output_cap_bytes",
            "must be between 1024 and 67108864",
        ));
    }
    let channels = raw
        .max_channels_per_host
        .unwrap_or(defaults.max_channels_per_host);
    if !(1..=64).contains(&channels) {
        return Err(ConfigError::invalid(
            "exec.max_channels_per_host",
            "must be between 1 and 64",
        ));
    }
    let trust_on_first_use = raw.trust_on_first_use.unwrap_or(false);
    if trust_on_first_use && raw.known_hosts.is_none() {
        return Err(ConfigError::invalid(
            "exec.trust_on_first_use",
            "needs exec.known_hosts: the file where first-seen host keys are recorded",
        ));
    }
    Ok(crate::exec::ExecSettings {
        limits: crate::exec::Limits {
            timeout: secs(
                "exec.timeout_secs",
                raw.timeout_secs,
                defaults.limits.timeout,
                24 * 3600,
            )?,
            output_cap: cap,
        },
        connect_timeout: secs(
            "exec.connect_timeout_secs",
            raw.connect_timeout_secs,
            defaults.connect_timeout,
            300,
        )?,
        max_channels_per_host: channels,
        known_hosts: raw.known_hosts.as_deref().map(|p| anchor(base_dir, p)),
        trust_on_first_use,
        snapshots: match raw.snapshots.as_deref() {
            None => defaults.snapshots,
            Some(word) => word.parse().map_err(|_| {
                ConfigError::invalid(
                    "exec.snapshots",
                    format!("is `{word}`; use on, off or destructive"),
                )
            })?,
        },
        snapshot_keep: snapshot_keep(raw.snapshot_keep, defaults.snapshot_keep)?,
        snapshot_max_age: snapshot_max_age(raw.snapshot_max_age_days, defaults.snapshot_max_age)?,
        unconfined: defaults.unconfined,
    })
}

/// `[gate] unconfined`: `ask` (the default) or `run`.
fn validate_unconfined(raw: Option<&str>) -> Result<crate::exec::confine::Unconfined, ConfigError> {
    raw.map_or(Ok(crate::exec::confine::Unconfined::Ask), |word| {
        word.parse()
            .map_err(|why: String| ConfigError::invalid("gate.unconfined", why))
    })
}

/// `[exec] snapshot_keep`: 1 to 100.
fn snapshot_keep(raw: Option<usize>, default: usize) -> Result<usize, ConfigError> {
    match raw {
        None => Ok(default),
        Some(n) if (1..=100).contains(&n) => Ok(n),
        Some(n) => Err(ConfigError::invalid(
            "exec.snapshot_keep",
            format!("must be between 1 and 100, not {n}"),
        )),
    }
}

/// `[exec] snapshot_max_age_days`: up to ten years; 0 for no limit.
fn snapshot_max_age(
    raw: Option<u64>,
    default: Option<std::time::Duration>,
) -> Result<Option<std::time::Duration>, ConfigError> {
    match raw {
        None => Ok(default),
        Some(0) => Ok(None),
        Some(days) if days <= 3650 => Ok(Some(std::time::Duration::from_secs(days * 86_400))),
        Some(days) => Err(ConfigError::invalid(
            "exec.snapshot_max_age_days",
            format!("must be at most 3650 (0: no limit by age), not {days}"),
        )),
    }
}

fn validate_llm(
    raw: RawLlm,
    purpose: Purpose,
    env: &dyn Fn(&str) -> Option<String>,
    secrets: &mut Vec<Secret>,
) -> Result<LlmSettings, ConfigError> {
    let base_url = parse_http_url("llm.base_url", &raw.base_url)?;
    if raw.model.trim().is_empty() {
        return Err(ConfigError::invalid("llm.model", "is empty"));
    }
    let api_key = match resolve_secret(
        "llm.api_key",
        "llm.api_key_env",
        raw.api_key,
        raw.api_key_env,
        false,
        env,
    ) {
        Ok(key) => key,
        Err(e) if purpose.needs_model_key() => return Err(e),
        // Offline commands never call the model; an unset key is not
        // their problem.
        Err(_) => None,
    };
    secrets.extend(api_key.clone());
    let timeout = match raw.timeout_secs {
        None => std::time::Duration::from_secs(DEFAULT_LLM_IDLE_SECS),
        Some(s) if (1..=3600).contains(&s) => std::time::Duration::from_secs(s),
        Some(s) => {
            return Err(ConfigError::invalid(
                "llm.timeout_secs",
                format!("must be between 1 and 3600, not {s}"),
            ));
        }
    };
    if let Some(t) = raw.temperature
        && !(0.0..=2.0).contains(&t)
    {
        return Err(ConfigError::invalid(
            "llm.temperature",
            format!("must be between 0 and 2, not {t}"),
        ));
    }
    if raw.max_tokens == Some(0) {
        return Err(ConfigError::invalid("llm.max_tokens", "must be at least 1"));
    }
    let max_retries = raw.max_retries.unwrap_or(3);
    if max_retries > 10 {
        return Err(ConfigError::invalid(
            "llm.max_retries",
            "must be at most 10",
        ));
    }
    if let Some(n) = raw.context_tokens
        && !(2048..=10_000_000).contains(&n)
    {
        return Err(ConfigError::invalid(
            "llm.context_tokens",
            format!("must be between 2048 and 10000000, not {n}"),
        ));
    }
    Ok(LlmSettings {
        base_url,
        model: raw.model,
        api_key,
        timeout,
        max_tokens: raw.max_tokens,
        temperature: raw.temperature,
        max_retries,
        stream: raw.stream.unwrap_or(true),
        context_tokens: raw.context_tokens,
        reasoning_model: raw.reasoning_model,
        extra_body: extra_body(raw.extra_body)?,
    })
}

/// `[llm] extra_body` as JSON, refusing the keys Nomos writes itself.
fn extra_body(
    table: Option<toml::Table>,
) -> Result<serde_json::Map<String, serde_json::Value>, ConfigError> {
    let Some(table) = table else {
        return Ok(serde_json::Map::new());
    };
    if let Some(key) = table
        .keys()
        .find(|k| RESERVED_BODY_KEYS.contains(&k.as_str()))
    {
        return Err(ConfigError::invalid(
            "llm.extra_body",
            format!("`{key}` is written by Nomos itself and cannot be set here"),
        ));
    }
    match serde_json::to_value(&table) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(_) => Ok(serde_json::Map::new()),
        Err(e) => Err(ConfigError::invalid(
            "llm.extra_body",
            format!("cannot be sent as JSON: {e}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
data_dir = "data"

[matrix]
homeserver = "http://127.0.0.1:8008"
user = "@nomos:localhost"
password_env = "NOMOS_TEST_PW"

[access]
operators = ["@alice:localhost"]

[llm]
base_url = "http://127.0.0.1:9999/v1"
model = "scripted"

[inventory]
file = "../seeds/inventory.yaml"
"#;

    fn env_with_pw(name: &str) -> Option<String> {
        (name == "NOMOS_TEST_PW").then(|| "hunter2".to_string())
    }

    fn parse(text: &str) -> Result<Config, ConfigError> {
        parse_for(text, Purpose::Run, &env_with_pw)
    }

    fn parse_for(
        text: &str,
        purpose: Purpose,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        Config::from_toml(
            text,
            Path::new("nomos.toml"),
            Path::new("/etc/nomos"),
            purpose,
            env,
        )
    }

    #[test]
    fn good_config_resolves_paths_secrets_and_default_database() {
        let config = parse(GOOD).expect("valid config");
        assert_eq!(config.data_dir, PathBuf::from("/etc/nomos/data"));
        assert_eq!(config.database_url, "sqlite:///etc/nomos/data/nomos.db");
        assert_eq!(
            config.matrix().expect("matrix").password.expose(),
            "hunter2"
        );
        assert_eq!(config.matrix().expect("matrix").device_name, "nomos");
        assert_eq!(
            config.inventory.file,
            PathBuf::from("/etc/nomos/../seeds/inventory.yaml")
        );
        assert!(
            config
                .llm
                .as_ref()
                .and_then(|l| l.api_key.as_ref())
                .is_none()
        );
        assert_eq!(config.gate.windows.assent, time::Duration::minutes(30));
        assert_eq!(config.gate.windows.destructive, time::Duration::minutes(15));
        assert_eq!(config.gate.approval_ttl, time::Duration::minutes(60));
        assert!(config.access.is_operator("@alice:localhost"));
        assert!(!config.access.is_operator("@mallory:localhost"));
        assert!(!config.access.is_operator("alice"));
    }

    #[test]
    fn a_power_level_counts_only_where_the_config_names_it() {
        let access = |extra: &str| {
            GOOD.replace(
                "operators = [\"@alice:localhost\"]",
                &format!("operators = [\"@alice:localhost\"]\n{extra}"),
            )
        };
        // A level alone would make any room's admin an approver.
        let err = parse(&access("approver_power_level = 50"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("access.approver_power_level"), "{err}");
        assert!(err.contains("approver_power_rooms"), "{err}");
        for (bad, key) in [
            (
                "approver_power_level = 50\napprover_power_rooms = [\"ops\"]",
                "access.approver_power_rooms",
            ),
            (
                "approver_power_level = 50\napprover_power_users = [\"bob\"]",
                "access.approver_power_users",
            ),
            (
                "approver_power_rooms = [\"!r:localhost\"]",
                "access.approver_power_rooms",
            ),
            (
                "approver_power_level = -1\napprover_power_users = [\"@bob:localhost\"]",
                "access.approver_power_level",
            ),
        ] {
            let err = parse(&access(bad)).unwrap_err().to_string();
            assert!(err.contains(key), "{bad}: {err}");
        }
        let config = parse(&access(
            "approver_power_level = 50\napprover_power_rooms = [\"!ops:localhost\"]\n\
             require_verified_devices = true",
        ))
        .expect("valid");
        let rule = config.access.approver_power.as_ref().expect("a power rule");
        assert_eq!(rule.level, 50);
        assert!(rule.applies("@bob:localhost", "!ops:localhost"));
        assert!(!rule.applies("@bob:localhost", "!elsewhere:localhost"));
        assert!(config.access.is_operator("@alice:localhost"));
        assert!(config.access.decision_events.signed_device);
        assert!(!config.access.decision_events.encrypted);
        let plain = parse(GOOD).expect("valid");
        assert_eq!(plain.access.approver_power, None);
        assert_eq!(
            plain.access.decision_events,
            crate::domain::deciders::EventRequirements::default()
        );
    }

    #[test]
    fn snapshot_settings_are_read_and_bad_ones_named() {
        let config = parse(GOOD).expect("valid config");
        assert_eq!(config.exec.snapshots, crate::domain::SnapshotPolicy::On);
        assert_eq!(config.exec.snapshot_keep, 3);
        assert_eq!(
            config.exec.snapshot_max_age,
            Some(std::time::Duration::from_secs(30 * 86_400))
        );
        let set = format!(
            "{GOOD}\n[exec]\nsnapshots = \"destructive\"\nsnapshot_keep = 5\nsnapshot_max_age_days = 0\n"
        );
        let config = parse(&set).expect("valid");
        assert_eq!(config.exec.snapshot_max_age, None, "0: no limit by age");
        assert_eq!(
            config.exec.snapshots,
            crate::domain::SnapshotPolicy::DestructiveOnly
        );
        assert_eq!(config.exec.snapshot_keep, 5);
        for (bad, key) in [
            ("snapshots = \"always\"", "exec.snapshots"),
            ("snapshot_keep = 0", "exec.snapshot_keep"),
            (
                "snapshot_max_age_days = 99999",
                "exec.snapshot_max_age_days",
            ),
        ] {
            let err = parse(&format!("{GOOD}\n[exec]\n{bad}\n"))
                .unwrap_err()
                .to_string();
            assert!(err.contains(key), "{err}");
        }
    }

    #[test]
    fn unknown_key_is_named() {
        let text = GOOD.replace("password_env", "passwrd_env");
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.contains("passwrd_env"), "{err}");
    }

    #[test]
    fn unknown_top_level_table_is_named() {
        let text = format!("{GOOD}\n[llmm]\nmodel = \"x\"\n");
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.contains("llmm"), "{err}");
    }

    #[test]
    fn missing_required_key_is_named() {
        let text = GOOD.replace("model = \"scripted\"\n", "");
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.contains("model"), "{err}");
    }

    #[test]
    fn unset_secret_env_names_key_and_variable() {
        let text = GOOD.replace("NOMOS_TEST_PW", "NOMOS_NOT_SET");
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.contains("matrix.password_env"), "{err}");
        assert!(err.contains("NOMOS_NOT_SET"), "{err}");
    }

    #[test]
    fn both_inline_and_env_secret_is_an_error() {
        let text = GOOD.replace(
            "password_env = \"NOMOS_TEST_PW\"",
            "password_env = \"NOMOS_TEST_PW\"\npassword = \"inline\"",
        );
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.contains("not both"), "{err}");
    }

    #[test]
    fn missing_password_is_named() {
        let text = GOOD.replace("password_env = \"NOMOS_TEST_PW\"\n", "");
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.contains("matrix.password"), "{err}");
    }

    #[test]
    fn llm_key_from_env() {
        let text = GOOD.replace(
            "model = \"scripted\"",
            "model = \"scripted\"\napi_key_env = \"NOMOS_TEST_PW\"",
        );
        let config = parse(&text).expect("valid");
        assert_eq!(
            config
                .llm
                .as_ref()
                .and_then(|l| l.api_key.as_ref())
                .map(Secret::expose),
            Some("hunter2")
        );
    }

    #[test]
    fn bad_values_name_their_key() {
        let cases = [
            (
                "user = \"@nomos:localhost\"",
                "user = \"nomos\"",
                "matrix.user",
            ),
            (
                "homeserver = \"http://127.0.0.1:8008\"",
                "homeserver = \"ftp://x\"",
                "matrix.homeserver",
            ),
            (
                "operators = [\"@alice:localhost\"]",
                "operators = []",
                "access.operators",
            ),
            (
                "operators = [\"@alice:localhost\"]",
                "operators = [\"Alice\"]",
                "access.operators",
            ),
            (
                "data_dir = \"data\"",
                "data_dir = \"data\"\ndatabase_url = \"mysql://x\"",
                "database_url",
            ),
            (
                "[inventory]",
                "[gate]\nassent_window_minutes = 0\n[inventory]",
                "gate.assent_window_minutes",
            ),
            (
                "[inventory]",
                "[exec]\ntrust_on_first_use = true\n[inventory]",
                "exec.trust_on_first_use",
            ),
            (
                "[inventory]",
                "[exec]\ntimeout_secs = 0\n[inventory]",
                "exec.timeout_secs",
            ),
            (
                "model = \"scripted\"",
                "model = \"scripted\"\ncontext_tokens = 100",
                "llm.context_tokens",
            ),
            (
                "model = \"scripted\"",
                "model = \"scripted\"\n[llm.extra_body]\nstream = false",
                "llm.extra_body",
            ),
        ];
        for (from, to, key) in cases {
            let err = parse(&GOOD.replace(from, to)).unwrap_err().to_string();
            assert!(err.contains(key), "{to}: {err}");
        }
    }

    #[test]
    fn provider_settings_are_read() {
        let text = GOOD.replace(
            "model = \"scripted\"",
            "model = \"deepseek-v4-pro\"\ncontext_tokens = 131072\nstream = false\n\
             reasoning_model = false\nmax_tokens = 8192\n\
             [llm.extra_body]\nreasoning_effort = \"high\"\nthinking = { type = \"enabled\" }",
        );
        let config = parse(&text).expect("valid");
        let llm = config.llm.expect("llm");
        assert_eq!(llm.context_tokens, Some(131_072));
        assert!(!llm.stream);
        assert_eq!(llm.reasoning_model, Some(false));
        assert_eq!(
            serde_json::Value::Object(llm.extra_body),
            serde_json::json!({"reasoning_effort": "high", "thinking": {"type": "enabled"}})
        );
        let defaults = parse(GOOD).expect("valid").llm.expect("llm");
        assert!(defaults.stream);
        assert_eq!(defaults.timeout.as_secs(), DEFAULT_LLM_IDLE_SECS);
        assert!(defaults.extra_body.is_empty());
    }

    #[test]
    fn secrets_never_print() {
        let config = parse(GOOD).expect("valid");
        let dump = format!("{config:?}");
        assert!(!dump.contains("hunter2"), "{dump}");
        assert_eq!(config.matrix().expect("matrix").password.to_string(), "***");
    }

    #[test]
    fn each_purpose_requires_only_what_it_uses() {
        let nothing_set = |_: &str| None;
        let keyed = GOOD.replace(
            "model = \"scripted\"",
            "model = \"scripted\"\napi_key_env = \"NOMOS_TEST_KEY\"",
        );
        // Offline commands: neither the Matrix password nor the model key.
        let offline = parse_for(&keyed, Purpose::Offline, &nothing_set).expect("offline");
        assert!(offline.matrix.is_none());
        assert!(
            offline
                .llm
                .as_ref()
                .and_then(|l| l.api_key.as_ref())
                .is_none()
        );
        // ... but a value that is wrong is still named.
        let err = parse_for(
            &keyed.replace("@nomos:localhost", "nomos"),
            Purpose::Offline,
            &nothing_set,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("matrix.user"), "{err}");
        // The console needs the model key, not Matrix.
        let err = parse_for(&keyed, Purpose::Chat, &nothing_set)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("llm.api_key_env") && err.contains("NOMOS_TEST_KEY"),
            "{err}"
        );
        let only_key = |name: &str| (name == "NOMOS_TEST_KEY").then(|| "sk-test".to_string());
        let chat = parse_for(&keyed, Purpose::Chat, &only_key).expect("chat");
        assert!(chat.matrix.is_none());
        // The bot needs both.
        let err = parse_for(&keyed, Purpose::Run, &only_key)
            .unwrap_err()
            .to_string();
        assert!(err.contains("matrix.password_env"), "{err}");
    }

    #[test]
    fn console_config_needs_no_matrix_or_access_section() {
        let start = GOOD.find("[matrix]").expect("matrix");
        let end = GOOD.find("[llm]").expect("llm");
        let console = format!("{}{}", &GOOD[..start], &GOOD[end..]);
        let config = parse_for(&console, Purpose::Chat, &|_| None).expect("chat without [matrix]");
        assert!(config.access.operators.is_empty());
        let err = parse_for(&console, Purpose::Run, &|_| None)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("[matrix]") && err.contains("nomos run"),
            "{err}"
        );
        let no_access = GOOD.replace("[access]\noperators = [\"@alice:localhost\"]\n", "");
        let err = parse_for(&no_access, Purpose::Run, &env_with_pw)
            .unwrap_err()
            .to_string();
        assert!(err.contains("[access]"), "{err}");
    }

    #[test]
    fn store_passphrase_from_env_is_a_masked_secret() {
        let text = GOOD.replace(
            "password_env = \"NOMOS_TEST_PW\"",
            "password_env = \"NOMOS_TEST_PW\"\nstore_passphrase_env = \"NOMOS_TEST_STORE\"",
        );
        let env = |name: &str| match name {
            "NOMOS_TEST_PW" => Some("hunter2".to_string()),
            "NOMOS_TEST_STORE" => Some("correct horse battery".to_string()),
            _ => None,
        };
        let config = parse_for(&text, Purpose::Run, &env).expect("valid");
        let matrix = config.matrix().expect("matrix");
        assert_eq!(
            matrix.store_passphrase.as_ref().map(Secret::expose),
            Some("correct horse battery")
        );
        assert!(
            config
                .secrets()
                .contains(&"correct horse battery".to_string())
        );
        assert!(!format!("{config:?}").contains("correct horse"));
        // Unset for the bot: named; absent: generated later, not an error.
        let err = parse_for(&text, Purpose::Run, &env_with_pw)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("matrix.store_passphrase_env") && err.contains("NOMOS_TEST_STORE"),
            "{err}"
        );
        let plain = parse(GOOD).expect("valid");
        assert!(plain.matrix().expect("matrix").store_passphrase.is_none());
        let both = GOOD.replace(
            "password_env = \"NOMOS_TEST_PW\"",
            "password_env = \"NOMOS_TEST_PW\"\nstore_passphrase = \"inline passphrase\"\n\
             store_passphrase_env = \"NOMOS_TEST_STORE\"",
        );
        let err = parse_for(&both, Purpose::Run, &env)
            .unwrap_err()
            .to_string();
        assert!(err.contains("not both"), "{err}");
    }

    #[test]
    fn secrets_resolved_but_unused_are_still_masked() {
        let config = parse_for(GOOD, Purpose::Offline, &env_with_pw).expect("offline");
        assert!(config.matrix.is_none());
        assert!(config.secrets().contains(&"hunter2".to_string()));
    }
}
