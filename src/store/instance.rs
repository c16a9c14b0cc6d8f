//! The single-instance guard: two `nomos run` on one database would both
//! claim events, run approved work and send edits, so the second refuses to
//! start.
//!
//! SQLite: an exclusive `flock` on `DATABASE.lock` (next to the database
//! file, mode 0600), holding the owner's PID for the error message. PostgreSQL: a
//! session-level advisory lock on a connection of its own, held for the
//! life of the process. Both are released by the operating system or the
//! server when the process dies, however it dies (kill -9 included), so a
//! crash never leaves a stale lock behind.

use std::io::{Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::path::PathBuf;
use std::str::FromStr;

use sqlx::Connection;
use sqlx::sqlite::SqliteConnectOptions;

use super::{StoreError, redact_url};

/// The advisory lock key on PostgreSQL ("nomos" in ASCII).
pub const ADVISORY_KEY: i64 = 0x6e_6f6d_6f73;

/// Held while this process runs; dropping it releases the lock.
pub struct InstanceLock {
    _held: Held,
}

/// Each variant is kept only for what dropping it releases.
enum Held {
    File {
        _file: std::fs::File,
    },
    Postgres {
        _conn: Box<sqlx::PgConnection>,
    },
    /// An in-memory SQLite database: nothing to share, nothing to lock.
    Nothing,
}

impl std::fmt::Debug for InstanceLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self._held {
            Held::File { .. } => "InstanceLock(file)",
            Held::Postgres { .. } => "InstanceLock(advisory)",
            Held::Nothing => "InstanceLock(none)",
        })
    }
}

/// Takes the lock for the database at `url`, or says who holds it.
pub async fn lock(url: &str) -> Result<InstanceLock, StoreError> {
    if url.starts_with("sqlite:") {
        let options =
            SqliteConnectOptions::from_str(url).map_err(|source| StoreError::Connect {
                url: redact_url(url),
                source,
            })?;
        let file = options.get_filename();
        if file.as_os_str().is_empty() || file.to_string_lossy().contains(":memory:") {
            return Ok(InstanceLock {
                _held: Held::Nothing,
            });
        }
        let mut path = file.as_os_str().to_owned();
        path.push(".lock");
        lock_file(PathBuf::from(path))
    } else {
        lock_postgres(url).await
    }
}

fn lock_file(path: PathBuf) -> Result<InstanceLock, StoreError> {
    let io = |source: std::io::Error| StoreError::LockFile {
        path: path.clone(),
        source,
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        super::at_rest::create_private_dir_all(parent).map_err(|source| StoreError::Folder {
            path: parent.to_path_buf(),
            source,
        })?;
    }
    let mut file = super::at_rest::open_private(&path).map_err(io)?;
    super::at_rest::report_tightened(&super::at_rest::tighten(&path), true);
    // SAFETY: flock on a file descriptor this function owns; no memory is
    // shared with the call.
    let taken = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
    if !taken {
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::WouldBlock {
            return Err(io(error));
        }
        let mut owner = String::new();
        let _ = file.read_to_string(&mut owner);
        let owner = owner.trim();
        return Err(StoreError::Locked(format!(
            "another Nomos is already running on this database ({} is locked{}); \
             stop it first, or give this one its own data_dir or database_url",
            path.display(),
            if owner.is_empty() {
                String::new()
            } else {
                format!(" by PID {owner}")
            }
        )));
    }
    file.set_len(0).map_err(io)?;
    file.rewind().map_err(io)?;
    writeln!(file, "{}", std::process::id()).map_err(io)?;
    file.flush().map_err(io)?;
    Ok(InstanceLock {
        _held: Held::File { _file: file },
    })
}

async fn lock_postgres(url: &str) -> Result<InstanceLock, StoreError> {
    let mut conn =
        sqlx::PgConnection::connect(url)
            .await
            .map_err(|source| StoreError::Connect {
                url: redact_url(url),
                source,
            })?;
    sqlx::query("SET application_name = 'nomos (instance lock)'")
        .execute(&mut conn)
        .await?;
    let taken: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(ADVISORY_KEY)
        .fetch_one(&mut conn)
        .await?;
    if !taken {
        let holder: Option<(i32, Option<String>)> = sqlx::query_as(
            "SELECT a.pid, host(a.client_addr) FROM pg_locks l \
             JOIN pg_stat_activity a ON a.pid = l.pid \
             WHERE l.locktype = 'advisory' AND l.granted AND l.database = \
             (SELECT oid FROM pg_database WHERE datname = current_database()) \
             AND l.objid = ($1 & 4294967295)::bigint::oid LIMIT 1",
        )
        .bind(ADVISORY_KEY)
        .fetch_optional(&mut conn)
        .await
        .unwrap_or(None);
        let who = match holder {
            Some((pid, Some(addr))) => format!(" (server process {pid}, client {addr})"),
            Some((pid, None)) => format!(" (server process {pid})"),
            None => String::new(),
        };
        return Err(StoreError::Locked(format!(
            "another Nomos is already running on this database: it holds the advisory \
             lock {ADVISORY_KEY}{who}; stop it first, or point database_url elsewhere"
        )));
    }
    Ok(InstanceLock {
        _held: Held::Postgres {
            _conn: Box::new(conn),
        },
    })
}
