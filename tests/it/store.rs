//! Migrations on both backends: a fresh database gets every table, a second
//! run applies nothing, and the backend-specific parts (WAL, FTS5,
//! tsvector) are really there.

use nomos::store::{Backend, Store, TABLES};
use sqlx::Connection;

use crate::support::{fresh_pg_database, sqlite_url};

async fn migrate_twice(url: &str, backend: Backend) -> Store {
    let store = Store::connect(url).await.expect("connect");
    assert_eq!(store.backend(), backend);
    assert_eq!(store.applied_migrations().await.expect("count"), 0);
    let first = store.migrate().await.expect("first migration");
    assert!(first >= 1, "nothing applied on an empty database");
    assert_eq!(store.migrate().await.expect("second migration"), 0);
    let counts = store.table_counts().await.expect("every table exists");
    assert_eq!(counts.len(), TABLES.len());
    assert!(counts.values().all(|&n| n == 0), "{counts:?}");
    store
}

#[tokio::test]
async fn sqlite_migrations_create_schema_with_wal_and_fts5() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = sqlite_url(dir.path());
    let store = migrate_twice(&url, Backend::Sqlite).await;
    store.close().await;

    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .expect("pragma");
    assert_eq!(mode, "wal");
    let fts: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'knowledge_fts'")
            .fetch_one(&mut conn)
            .await
            .expect("fts lookup");
    assert_eq!(fts, 1);
}

#[tokio::test]
async fn postgres_migrations_create_schema_with_tsvector() {
    let url = fresh_pg_database().await;
    let store = migrate_twice(&url, Backend::Postgres).await;
    store.close().await;

    let mut conn = sqlx::PgConnection::connect(&url).await.expect("open");
    let kind: String = sqlx::query_scalar(
        "SELECT data_type FROM information_schema.columns WHERE table_name = 'knowledge' AND column_name = 'search'",
    )
    .fetch_one(&mut conn)
    .await
    .expect("search column");
    assert_eq!(kind, "tsvector");
}

#[tokio::test]
async fn state_changes_are_guarded_by_the_schema() {
    // A status outside the state machine is refused by the database itself.
    let dir = tempfile::tempdir().expect("tempdir");
    let url = sqlite_url(dir.path());
    Store::open(&url).await.expect("open");
    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let now = time::OffsetDateTime::now_utc();
    let err = sqlx::query(
        "INSERT INTO executions (id, kind, target, command, risk_class, status, requested_by, created_at, updated_at) \
         VALUES ($1, 'run', 'host:strong', 'uptime', 'read_only', 'half_done', '@a:x', $2, $2)",
    )
    .bind(uuid::Uuid::now_v7())
    .bind(now)
    .execute(&mut conn)
    .await
    .expect_err("bogus status must be rejected");
    assert!(err.to_string().contains("CHECK"), "{err}");
}
