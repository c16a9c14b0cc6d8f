//! The database: connection, migrations, and the one place that knows there
//! are two backends.
//!
//! SQLite (WAL) is the default; PostgreSQL serves larger installs. Both get
//! the same tables from their own migration folder (`migrations/sqlite`,
//! `migrations/postgres`). Queries are written once with `$N` placeholders,
//! which both drivers accept, and run against whichever pool is open through
//! [`on_pool!`]. Each table belongs to one submodule, which is the only code
//! that writes it.

pub mod at_rest;
pub mod audit;
pub mod entities;
mod execution_row;
pub mod executions;
pub mod health;
pub mod instance;
pub mod knowledge;
pub mod matrix;
pub mod messages;
pub mod outbox;
pub mod sessions;
#[cfg(test)]
mod state_machine_tests;
pub mod turns;
pub mod windows;

use std::collections::BTreeMap;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

static SQLITE_MIGRATOR: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("./migrations/postgres");

/// A store failure, with the operation that failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open database {url}: {source}")]
    Connect { url: String, source: sqlx::Error },
    #[error("cannot prepare the database folder {path}: {source}")]
    Folder {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Locked(String),
    #[error("cannot use the lock file {path}: {source}")]
    LockFile {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}

/// Which database engine a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        })
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the open pool, whichever backend it is.
/// The body is compiled once per backend, so the same `sqlx::query` text and
/// binds serve both.
macro_rules! on_pool {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.db {
            $crate::store::Db::Sqlite($pool) => $body,
            $crate::store::Db::Postgres($pool) => $body,
        }
    };
}
pub(crate) use on_pool;

/// An open transaction on either backend. Table modules take `&mut Tx` so a
/// caller (the seed import, say) can group their writes atomically while
/// each module stays the only writer of its tables.
pub enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

impl Tx {
    pub async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await?,
            Tx::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }
}

/// Runs `$body` with `$conn` bound to the transaction's connection. Use
/// `&mut *$conn` as the executor of each query.
macro_rules! on_tx {
    ($tx:expr, |$conn:ident| $body:expr) => {
        match $tx {
            $crate::store::Tx::Sqlite(t) => {
                let $conn: &mut sqlx::SqliteConnection = &mut **t;
                $body
            }
            $crate::store::Tx::Postgres(t) => {
                let $conn: &mut sqlx::PgConnection = &mut **t;
                $body
            }
        }
    };
}
pub(crate) use on_tx;

/// Handle to the database. Cheap to clone (pools are shared).
#[derive(Debug, Clone)]
pub struct Store {
    pub(crate) db: Db,
    /// SQLite only (a file database): connections that commit without
    /// waiting for the disk, for [`Survives::Crash`] writes.
    relaxed: Option<SqlitePool>,
}

/// What a write must survive. Every commit survives Nomos itself crashing
/// (the database has it); `PowerLoss` commits also wait for the disk
/// (SQLite fsyncs, PostgreSQL waits for its WAL flush), which costs a
/// millisecond or more on the paths that matter most (a ✅'s "running"
/// edit). `Crash` is for writes whose loss in a power cut costs nothing:
/// what the next start redoes anyway, what a later durable write
/// replaces, or what nothing acts on until a durable write follows (an
/// approval's claim: its command starts after the durable start record).
/// Later `PowerLoss` commits carry earlier `Crash` ones to the disk with
/// them (both databases write one log in commit order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Survives {
    PowerLoss,
    Crash,
}

/// The tables whose row counts [`Store::table_counts`] reports.
pub const TABLES: &[&str] = &[
    "sessions",
    "messages",
    "entities",
    "relationships",
    "entity_status",
    "check_defs",
    "metric_samples",
    "executions",
    "approvals",
    "audit_log",
    "windows",
    "knowledge",
    "knowledge_entities",
    "matrix_events",
    "matrix_inbound",
    "matrix_reactions",
    "outbox",
];

impl Store {
    /// Opens a pool for `url` (`sqlite:` or `postgres://`). A SQLite file and
    /// its folder are created when missing, private to the owner (see
    /// [`prepare_sqlite_file`]); SQLite runs in WAL mode with foreign keys
    /// on.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let connect_err = |source| StoreError::Connect {
            url: redact_url(url),
            source,
        };
        if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)
                .map_err(connect_err)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                // Every commit fsynced: a decision, a claim or a queued
                // message survives a power loss too (matrix-sdk's stores
                // run at NORMAL: `matrix::store_sync`).
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10));
            // (`sqlite::memory:` names a shared in-memory database, not
            // a file.)
            let in_memory = url.contains(":memory:") || url.contains("mode=memory");
            if !in_memory {
                prepare_sqlite_file(options.get_filename())?;
            }
            let relaxed = if in_memory {
                None // a second pool would be a second database
            } else {
                let relaxed = options.clone().synchronous(SqliteSynchronous::Normal);
                Some(
                    SqlitePoolOptions::new()
                        .max_connections(2)
                        .connect_with(relaxed)
                        .await
                        .map_err(connect_err)?,
                )
            };
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .connect_with(options)
                .await
                .map_err(connect_err)?;
            Ok(Store {
                db: Db::Sqlite(pool),
                relaxed,
            })
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await
                .map_err(connect_err)?;
            Ok(Store {
                db: Db::Postgres(pool),
                relaxed: None,
            })
        } else {
            Err(StoreError::Invalid(format!(
                "database URL {} must start with sqlite: or postgres://",
                redact_url(url)
            )))
        }
    }

    /// Connects and brings the schema up to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let store = Store::connect(url).await?;
        store.migrate().await?;
        Ok(store)
    }

    /// Begins a write transaction. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so concurrent writers queue on the busy timeout
    /// instead of failing when a snapshot they read has gone stale.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(match &self.db {
            Db::Sqlite(pool) => Tx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Db::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    /// [`Store::begin`] for a write that need only survive a crash
    /// ([`Survives::Crash`]).
    pub async fn begin_relaxed(&self) -> Result<Tx, StoreError> {
        Ok(match (&self.db, &self.relaxed) {
            (Db::Sqlite(_), Some(relaxed)) => {
                Tx::Sqlite(relaxed.begin_with("BEGIN IMMEDIATE").await?)
            }
            // In memory: one pool, one database.
            (Db::Sqlite(_), None) => return self.begin().await,
            (Db::Postgres(pool), _) => {
                let mut tx = pool.begin().await?;
                sqlx::query("SET LOCAL synchronous_commit = off")
                    .execute(&mut *tx)
                    .await?;
                Tx::Postgres(tx)
            }
        })
    }

    /// [`Store::begin`] or [`Store::begin_relaxed`], as `survives` asks.
    pub async fn begin_for(&self, survives: Survives) -> Result<Tx, StoreError> {
        match survives {
            Survives::PowerLoss => self.begin().await,
            Survives::Crash => self.begin_relaxed().await,
        }
    }

    pub fn backend(&self) -> Backend {
        match self.db {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies pending migrations; returns how many were applied now.
    pub async fn migrate(&self) -> Result<usize, StoreError> {
        let before = self.applied_migrations().await?;
        match &self.db {
            Db::Sqlite(pool) => SQLITE_MIGRATOR.run(pool).await?,
            Db::Postgres(pool) => POSTGRES_MIGRATOR.run(pool).await?,
        }
        let total = self.applied_migrations().await?;
        let applied = total.saturating_sub(before);
        tracing::info!(backend = %self.backend(), applied, total, "database schema is up to date");
        Ok(applied)
    }

    /// Number of migrations recorded as applied (0 on an empty database).
    pub async fn applied_migrations(&self) -> Result<usize, StoreError> {
        let exists: bool = on_pool!(self, |pool| {
            let sql = match self.backend() {
                Backend::Sqlite => {
                    "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations')"
                }
                Backend::Postgres => "SELECT to_regclass('_sqlx_migrations') IS NOT NULL",
            };
            sqlx::query_scalar(sql).fetch_one(pool).await?
        });
        if !exists {
            return Ok(0);
        }
        let n: i64 = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success")
                .fetch_one(pool)
                .await?
        });
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// Row counts of every table in [`TABLES`].
    pub async fn table_counts(&self) -> Result<BTreeMap<&'static str, i64>, StoreError> {
        let mut counts = BTreeMap::new();
        for &table in TABLES {
            // Table names come from the constant list above, never from input.
            let sql = format!("SELECT COUNT(*) FROM {table}");
            let n: i64 = on_pool!(self, |pool| {
                sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
                    .fetch_one(pool)
                    .await?
            });
            counts.insert(table, n);
        }
        Ok(counts)
    }

    pub async fn close(&self) {
        if let Some(relaxed) = &self.relaxed {
            relaxed.close().await;
        }
        on_pool!(self, |pool| pool.close().await)
    }
}

/// Makes a SQLite database file the owner's alone before SQLite opens it:
/// a missing folder is created with mode 0700 and a missing file with mode
/// 0600 (an empty file is an empty database to SQLite), and a file an
/// earlier version left open (with its `-wal`, `-shm` and `-journal`) is
/// narrowed to 0600, said at info. SQLite creates its side files with the
/// database file's mode, so they follow. In-memory databases have no file.
pub fn prepare_sqlite_file(file: &std::path::Path) -> Result<(), StoreError> {
    if file.as_os_str().is_empty() || file.to_string_lossy().contains(":memory:") {
        return Ok(());
    }
    if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
        at_rest::create_private_dir_all(parent).map_err(|source| StoreError::Folder {
            path: parent.to_path_buf(),
            source,
        })?;
    }
    at_rest::open_private(file).map_err(|source| StoreError::Folder {
        path: file.to_path_buf(),
        source,
    })?;
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut path = file.as_os_str().to_owned();
        path.push(suffix);
        let path = std::path::PathBuf::from(path);
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            at_rest::report_tightened(&at_rest::tighten(&path), true);
        }
    }
    Ok(())
}

/// The URL with any password replaced, for logs and error messages.
pub fn redact_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            // Setting a password only fails for URLs that cannot have one,
            // and this one already has one.
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_passwords_only() {
        assert_eq!(
            redact_url("postgres://nomos:s3cret@db:5432/nomos"),
            "postgres://nomos:***@db:5432/nomos"
        );
        assert_eq!(
            redact_url("postgres://nomos@db/nomos"),
            "postgres://nomos@db/nomos"
        );
        assert_eq!(
            redact_url("sqlite:///var/lib/nomos/nomos.db"),
            "sqlite:///var/lib/nomos/nomos.db"
        );
    }

    #[tokio::test]
    async fn sqlite_migrates_once_and_creates_every_table() {
        let dir = tempfile::tempdir().expect("tempdir");
        let url = format!("sqlite://{}", dir.path().join("sub/nomos.db").display());
        let store = Store::connect(&url).await.expect("connect");
        assert!(store.migrate().await.expect("migrate") >= 1);
        assert_eq!(store.migrate().await.expect("migrate again"), 0);
        let counts = store.table_counts().await.expect("counts");
        assert_eq!(counts.len(), TABLES.len());
        assert!(counts.values().all(|&n| n == 0));
        let mode: String = on_pool!(store, |pool| sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(pool)
            .await
            .expect("pragma"));
        assert_eq!(mode, "wal");
    }

    /// Nomos's own store fsyncs every commit (FULL, 2), whatever the
    /// process does to other SQLite connections (matrix-sdk's stores run
    /// at NORMAL: `matrix::store_sync`).
    #[tokio::test]
    async fn own_store_syncs_every_commit() {
        let dir = tempfile::tempdir().expect("tempdir");
        let url = format!("sqlite://{}", dir.path().join("nomos.db").display());
        let store = Store::connect(&url).await.expect("connect");
        for _ in 0..3 {
            let level: i64 = on_pool!(store, |pool| sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(pool)
                .await
                .expect("pragma"));
            assert_eq!(level, 2, "Nomos's store must be FULL");
        }
        // Only writes asked to survive a crash alone commit at NORMAL (1),
        // and both kinds see each other's rows at once.
        for survives in [Survives::Crash, Survives::PowerLoss] {
            let mut tx = store.begin_for(survives).await.expect("begin");
            let level: i64 = on_tx!(&mut tx, |conn| sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(&mut *conn)
                .await
                .expect("pragma"));
            tx.commit().await.expect("commit");
            let want = match survives {
                Survives::Crash => 1,
                Survives::PowerLoss => 2,
            };
            assert_eq!(level, want, "{survives:?}");
        }
        let memory = Store::connect("sqlite::memory:").await.expect("in memory");
        assert!(
            memory.relaxed.is_none(),
            "an in-memory database has no second pool (it would be a second database)"
        );
    }

    #[tokio::test]
    async fn sqlite_files_are_private_and_old_open_ones_are_narrowed() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| {
            std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777
        };
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("new/nomos.db");
        let url = format!("sqlite://{}", file.display());
        let store = Store::open(&url).await.expect("open");
        store
            .table_counts()
            .await
            .expect("a query, so the WAL exists");
        assert_eq!(mode(dir.path().join("new").as_path()), 0o700);
        for suffix in ["", "-wal", "-shm"] {
            let path = std::path::PathBuf::from(format!("{}{suffix}", file.display()));
            assert_eq!(mode(&path), 0o600, "{}", path.display());
        }
        store.close().await;

        // A database an earlier version left readable to all.
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let store = Store::open(&url).await.expect("reopen");
        assert_eq!(mode(&file), 0o600);
        store.close().await;
    }
}
