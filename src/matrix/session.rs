//! The bot's Matrix login, persisted under `DATA_DIR/matrix/` so a restart
//! restores the same device (and with it the crypto store that encrypted
//! rooms depend on) instead of logging in as a new one.

use std::io::Write;
use std::path::{Path, PathBuf};

use matrix_sdk::Client;
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::store::RoomLoadSettings;

use super::MatrixError;
use crate::config::MatrixConfig;

/// Where the client keeps its state and crypto stores and the session.
pub struct Paths {
    pub store: PathBuf,
    pub session: PathBuf,
}

impl Paths {
    pub fn under(data_dir: &Path) -> Paths {
        let base = data_dir.join("matrix");
        Paths {
            store: base.join("store"),
            session: base.join("session.json"),
        }
    }
}

/// A logged-in client, and whether this login is new (no saved session:
/// the room history that predates it is not answered).
pub struct Connected {
    pub client: Client,
    pub fresh_login: bool,
}

/// Builds a client with a persistent store and logs it in: restoring the
/// saved session when there is one, or logging in with the password and
/// saving the new session.
pub async fn connect(config: &MatrixConfig, data_dir: &Path) -> Result<Connected, MatrixError> {
    let paths = Paths::under(data_dir);
    std::fs::create_dir_all(&paths.store).map_err(|source| MatrixError::Io {
        path: paths.store.clone(),
        source,
    })?;
    let client = Client::builder()
        .homeserver_url(config.homeserver.as_str())
        // The configured URL is the one to use, on the first login as on
        // every restart (a restored session uses it too), even when the
        // homeserver advertises another in its login answer.
        .respect_login_well_known(false)
        .sqlite_store(&paths.store, None)
        .build()
        .await
        .map_err(|e| MatrixError::Client(e.to_string()))?;

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

fn read_session(path: &Path) -> Result<Option<MatrixSession>, MatrixError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(MatrixError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| MatrixError::Client(format!("{} is not a saved session: {e}", path.display())))
}

/// Writes the session (it holds the access token) readable by the owner
/// only, atomically.
fn write_session(path: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let io_err = |source| MatrixError::Io {
        path: path.to_path_buf(),
        source,
    };
    let json = serde_json::to_vec(session).map_err(|e| MatrixError::Client(e.to_string()))?;
    let tmp = path.with_extension("json.tmp");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&tmp).map_err(io_err)?;
    file.write_all(&json).map_err(io_err)?;
    file.sync_all().map_err(io_err)?;
    std::fs::rename(&tmp, path).map_err(io_err)?;
    Ok(())
}
