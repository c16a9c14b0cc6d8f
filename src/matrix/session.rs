//! The bot's Matrix login, persisted under `DATA_DIR/matrix/` so a restart
//! restores the same device (and with it the crypto store that encrypted
//! rooms depend on) instead of logging in as a new one.
//!
//! The matrix-sdk stores (`matrix/store/`: room state and the crypto store
//! with the keys of every encrypted room) are encrypted with a passphrase:
//! `matrix.store_passphrase(_env)` when configured, else one Nomos
//! generates on first start (32 random bytes, hex) and keeps beside the
//! session in `matrix/store-passphrase` (mode 0600). Such a random value is
//! the store key itself; a chosen passphrase is stretched by matrix-sdk. A store an earlier
//! version created unencrypted is recognised (its databases hold no
//! `cipher`) and opened as it is, with a warning saying how to re-create
//! it: re-encrypting in place is not possible, and opening it with a
//! passphrase would look like an empty store and lose the device.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::store::RoomLoadSettings;
use matrix_sdk::{Client, SqliteStoreConfig};
use sqlx::Connection;

use super::MatrixError;
use super::settings::MatrixSettings;
use crate::redact::Secret;
use crate::store::at_rest;

/// Where the client keeps its state and crypto stores and the session.
pub struct Paths {
    /// `DATA_DIR/matrix`: everything below is the bot's Matrix identity.
    pub dir: PathBuf,
    pub store: PathBuf,
    pub session: PathBuf,
    /// The generated store passphrase (when none is configured).
    pub passphrase: PathBuf,
}

impl Paths {
    pub fn under(data_dir: &Path) -> Paths {
        let base = data_dir.join("matrix");
        Paths {
            store: base.join("store"),
            session: base.join("session.json"),
            passphrase: base.join(PASSPHRASE_FILE),
            dir: base,
        }
    }
}

/// The file, beside `session.json`, that keeps a generated passphrase.
pub const PASSPHRASE_FILE: &str = "store-passphrase";

/// The matrix-sdk databases that tell whether a store is encrypted (the
/// crypto store holds the room keys; the state store is opened with it).
const PROBED_DATABASES: &[&str] = &["matrix-sdk-crypto.sqlite3", "matrix-sdk-state.sqlite3"];

/// What is on disk in `matrix/store/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreState {
    /// Nothing yet (or databases matrix-sdk never finished creating).
    New,
    /// Created with a passphrase: its databases hold a `cipher`.
    Encrypted,
    /// Created without one, by an earlier version of Nomos.
    Unencrypted,
}

/// How the stores are opened.
#[derive(Debug, Clone)]
pub enum StoreKey {
    /// Encrypted with this passphrase, from the config or from the file.
    Passphrase { secret: Secret, from_file: bool },
    /// A store an earlier version created unencrypted; it stays so.
    Unencrypted,
}

impl StoreKey {
    /// The passphrase, to be masked wherever Nomos writes text.
    pub fn secret(&self) -> Option<&Secret> {
        match self {
            StoreKey::Passphrase { secret, .. } => Some(secret),
            StoreKey::Unencrypted => None,
        }
    }
}

/// Whether the store in `store_dir` exists and is encrypted: a database
/// whose key-value table exists but holds no `cipher` was made without a
/// passphrase.
pub async fn store_state(store_dir: &Path) -> Result<StoreState, MatrixError> {
    let mut state = StoreState::New;
    for name in PROBED_DATABASES {
        let path = store_dir.join(name);
        if !path.is_file() {
            continue;
        }
        let probe_err = |e: sqlx::Error| {
            MatrixError::Client(format!(
                "cannot read the Matrix store {}: {e}",
                path.display()
            ))
        };
        let options = sqlx::sqlite::SqliteConnectOptions::from_str("sqlite:")
            .map_err(probe_err)?
            .filename(&path)
            .create_if_missing(false);
        let mut conn = sqlx::SqliteConnection::connect_with(&options)
            .await
            .map_err(probe_err)?;
        let has_kv: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kv')",
        )
        .fetch_one(&mut conn)
        .await
        .map_err(probe_err)?;
        let has_cipher: bool = if has_kv {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM kv WHERE key = 'cipher')")
                .fetch_one(&mut conn)
                .await
                .map_err(probe_err)?
        } else {
            false
        };
        let _ = conn.close().await;
        match (has_kv, has_cipher) {
            (true, false) => return Ok(StoreState::Unencrypted),
            (true, true) => state = StoreState::Encrypted,
            (false, _) => {}
        }
    }
    Ok(state)
}

/// The key the stores open with: none for an unencrypted store from an
/// earlier version; else the configured passphrase, else the one in the
/// passphrase file, generated (and kept, mode 0600) on first start. An
/// encrypted store whose passphrase file is gone is an error, never a
/// silent new store.
pub async fn store_key(config: &MatrixSettings, data_dir: &Path) -> Result<StoreKey, MatrixError> {
    let paths = Paths::under(data_dir);
    let state = store_state(&paths.store).await?;
    if state == StoreState::Unencrypted {
        return Ok(StoreKey::Unencrypted);
    }
    if let Some(secret) = &config.store_passphrase {
        return Ok(StoreKey::Passphrase {
            secret: secret.clone(),
            from_file: false,
        });
    }
    if let Some(secret) = read_passphrase(&paths.passphrase)? {
        return Ok(StoreKey::Passphrase {
            secret,
            from_file: true,
        });
    }
    if state == StoreState::Encrypted {
        return Err(MatrixError::Client(format!(
            "the Matrix store in {store} is encrypted, but its passphrase file {file} is missing \
             and matrix.store_passphrase is not set: restore {file} from the backup of the data \
             dir, or set the passphrase the store was made with; or, to start over as a new \
             device, stop Nomos and move {dir} away",
            store = paths.store.display(),
            file = paths.passphrase.display(),
            dir = paths.dir.display(),
        )));
    }
    let secret = generate_passphrase().map_err(|source| MatrixError::Io {
        path: PathBuf::from("/dev/urandom"),
        source,
    })?;
    at_rest::create_private_dir_all(&paths.dir).map_err(|source| MatrixError::Io {
        path: paths.dir.clone(),
        source,
    })?;
    at_rest::write_private(&paths.passphrase, secret.expose().as_bytes()).map_err(|source| {
        MatrixError::Io {
            path: paths.passphrase.clone(),
            source,
        }
    })?;
    tracing::info!(
        file = %paths.passphrase.display(),
        "generated the passphrase of the Matrix store (back it up with the data dir)"
    );
    Ok(StoreKey::Passphrase {
        secret,
        from_file: true,
    })
}

/// A file's text, or `None` when there is no such file.
fn read_if_there(path: &Path) -> Result<Option<String>, MatrixError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(MatrixError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

fn read_passphrase(path: &Path) -> Result<Option<Secret>, MatrixError> {
    let Some(text) = read_if_there(path)? else {
        return Ok(None);
    };
    let text = text.trim();
    if text.is_empty() {
        return Err(MatrixError::Client(format!(
            "{} is empty: restore the store passphrase it held from the backup of the data dir",
            path.display()
        )));
    }
    Ok(Some(Secret::new(text)))
}

/// 32 random bytes from the kernel, as 64 hex digits.
fn generate_passphrase() -> std::io::Result<Secret> {
    let mut bytes = [0u8; 32];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(Secret::new(
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>(),
    ))
}

/// A logged-in client, and whether this login is new (no saved session:
/// the room history that predates it is not answered).
pub struct Connected {
    pub client: Client,
    pub fresh_login: bool,
}

/// Builds a client with a persistent, encrypted store and logs it in:
/// restoring the saved session when there is one, or logging in with the
/// password and saving the new session.
pub async fn connect(config: &MatrixSettings, data_dir: &Path) -> Result<Connected, MatrixError> {
    let paths = Paths::under(data_dir);
    let client = open_client(config, data_dir, &paths).await?;
    let saved = read_session(&paths.session)?;
    let fresh_login = saved.is_none();
    if let Some(session) = saved {
        if session.meta.user_id != config.user {
            return Err(MatrixError::SessionMismatch {
                path: paths.session,
                stored: session.meta.user_id.to_string(),
                configured: config.user.to_string(),
            });
        }
        tracing::info!(user = %session.meta.user_id, device = %session.meta.device_id, "restoring Matrix session");
        client
            .matrix_auth()
            .restore_session(session, RoomLoadSettings::default())
            .await
            .map_err(|e| MatrixError::Login(e.to_string()))?;
    } else {
        tracing::info!(user = %config.user, "logging in to Matrix with the password");
        client
            .matrix_auth()
            .login_username(config.user.as_str(), config.password.expose())
            .initial_device_display_name(&config.device_name)
            .send()
            .await
            .map_err(|e| MatrixError::Login(e.to_string()))?;
        let session = client
            .matrix_auth()
            .session()
            .ok_or_else(|| MatrixError::Login("the homeserver returned no session".into()))?;
        write_session(&paths.session, &session)?;
        tracing::info!(device = %session.meta.device_id, "logged in; session saved");
    }
    Ok(Connected {
        client,
        fresh_login,
    })
}

/// The client over the store in `paths`, opened with its key; every file
/// of `matrix/` private before and after (matrix-sdk creates its databases
/// with the process umask).
async fn open_client(
    config: &MatrixSettings,
    data_dir: &Path,
    paths: &Paths,
) -> Result<Client, MatrixError> {
    at_rest::create_private_dir_all(&paths.store).map_err(|source| MatrixError::Io {
        path: paths.store.clone(),
        source,
    })?;
    at_rest::report_tightened(&at_rest::tighten(&paths.dir), true);
    let key = store_key(config, data_dir).await?;
    if let Some(secret) = key.secret() {
        crate::logging::mask(secret.expose());
    } else {
        tracing::warn!(
            "the Matrix store in {store} was created unencrypted by an earlier Nomos; it keeps \
             working unencrypted{ignored}. To encrypt it: stop Nomos, move {dir} away and start \
             again (Nomos logs in as a new device with an encrypted store; messages sent to the \
             old device stay unreadable to the new one)",
            store = paths.store.display(),
            dir = paths.dir.display(),
            ignored = if config.store_passphrase.is_some() {
                ", and matrix.store_passphrase is not used for it"
            } else {
                ""
            },
        );
    }
    // Before the stores open: they commit without an fsync each.
    super::store_sync::relax_matrix_stores();
    let client = Client::builder()
        .homeserver_url(config.homeserver.as_str())
        // The configured URL is the one to use, on the first login as on
        // every restart (a restored session uses it too), even when the
        // homeserver advertises another in its login answer.
        .respect_login_well_known(false)
        .sqlite_store_with_config_and_cache_path(store_config(&paths.store, &key), None::<&Path>)
        .build()
        .await
        .map_err(|e| open_error(&e.to_string(), &key, paths))?;
    at_rest::report_tightened(&at_rest::tighten(&paths.dir), false);
    Ok(client)
}

/// The matrix-sdk store settings for `key`. A passphrase of exactly 64
/// hex digits (the generated one, or `openssl rand -hex 32`) holds 256
/// random bits already and is the store key itself; any other passphrase
/// goes through matrix-sdk's key derivation (PBKDF2, 200,000 rounds, run
/// for each of the four databases at every start).
fn store_config(path: &Path, key: &StoreKey) -> SqliteStoreConfig {
    let config = SqliteStoreConfig::new(path);
    match key.secret() {
        None => config,
        Some(secret) => match raw_key(secret.expose()) {
            Some(bytes) => config.key(Some(&bytes)),
            None => config.passphrase(Some(secret.expose())),
        },
    }
}

/// 64 hex digits as 32 bytes; anything else is a passphrase.
fn raw_key(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; 32];
    for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(bytes)
}

/// A store that does not open, with what to check for the key it had.
fn open_error(error: &str, key: &StoreKey, paths: &Paths) -> MatrixError {
    let hint = match key {
        StoreKey::Passphrase {
            from_file: false, ..
        } => " (is matrix.store_passphrase the passphrase this store was made with?)".to_string(),
        StoreKey::Passphrase {
            from_file: true, ..
        } => format!(
            " (it opens with the passphrase in {}: was that file replaced?)",
            paths.passphrase.display()
        ),
        StoreKey::Unencrypted => String::new(),
    };
    MatrixError::Client(format!(
        "cannot open the Matrix store in {}: {error}{hint}",
        paths.store.display()
    ))
}

fn read_session(path: &Path) -> Result<Option<MatrixSession>, MatrixError> {
    let Some(text) = read_if_there(path)? else {
        return Ok(None);
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| MatrixError::Client(format!("{} is not a saved session: {e}", path.display())))
}

/// Writes the session (it holds the access token) readable by the owner
/// only, atomically.
fn write_session(path: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let json = serde_json::to_vec(session).map_err(|e| MatrixError::Client(e.to_string()))?;
    at_rest::write_private(path, &json).map_err(|source| MatrixError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_64_hex_digits_are_a_raw_key() {
        let hex = "00ff".repeat(16);
        let key = raw_key(&hex).expect("64 hex digits");
        assert_eq!(key[0], 0x00);
        assert_eq!(key[1], 0xff);
        assert_eq!(key[31], 0xff);
        assert!(raw_key("correct horse battery staple").is_none());
        assert!(raw_key(&"a".repeat(63)).is_none());
        assert!(raw_key(&format!("{}g", "a".repeat(63))).is_none());
        let generated = generate_passphrase().expect("urandom");
        assert!(raw_key(generated.expose()).is_some());
        assert_ne!(
            generated.expose(),
            generate_passphrase().expect("urandom").expose()
        );
    }
}
