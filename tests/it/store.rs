//! Migrations on both backends: a fresh database gets every table, a second
//! run applies nothing, and the backend-specific parts (WAL, FTS5,
//! tsvector) are really there.

use nomos::domain::OutboxOp;
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
    // The search layout: the tsvector kept in the row, the index without
    // a pending list (knowledge search reads one per candidate).
    let storage: String = sqlx::query_scalar(
        "SELECT a.attstorage::text FROM pg_attribute a \
         WHERE a.attrelid = 'knowledge'::regclass AND a.attname = 'search'",
    )
    .fetch_one(&mut conn)
    .await
    .expect("search storage");
    assert_eq!(storage, "m", "the tsvector is stored in the row (MAIN)");
    let options: Option<Vec<String>> = sqlx::query_scalar(
        "SELECT reloptions FROM pg_class WHERE oid = 'knowledge_search'::regclass",
    )
    .fetch_one(&mut conn)
    .await
    .expect("index options");
    assert_eq!(options, Some(vec!["fastupdate=off".to_string()]));
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

/// The outbox table on both backends: queue order, the event a sent row
/// made, retries, counts, and pruning of finished rows only.
#[tokio::test]
async fn the_outbox_keeps_order_results_and_prunes_only_finished_rows() {
    use nomos::store::outbox::NewItem;
    let dir = tempfile::tempdir().expect("tempdir");
    let urls = [
        crate::support::sqlite_url(dir.path()),
        crate::support::fresh_pg_database().await,
    ];
    for url in urls {
        let store = Store::open(&url).await.expect("store");
        let item = |room| NewItem {
            room_id: room,
            op: OutboxOp::Message,
            execution_id: None,
            payload: "{}",
        };
        let a = store.outbox_enqueue(&item("!a:hs")).await.expect("a");
        let b = store.outbox_enqueue(&item("!a:hs")).await.expect("b");
        let c = store.outbox_enqueue(&item("!b:hs")).await.expect("c");
        assert!(a < b && b < c, "{url}: sequence numbers grow");
        let pending = store.outbox_pending(10).await.expect("pending");
        let seqs: Vec<i64> = pending.iter().map(|r| r.seq).collect();
        assert_eq!(seqs, vec![a, b, c], "{url}");
        assert_ne!(
            pending[0].txn_id, pending[1].txn_id,
            "{url}: one txn id each"
        );

        store
            .outbox_finish(a, "sent", Some("$made:hs"), None)
            .await
            .expect("sent");
        assert_eq!(
            store.outbox_event_id(a).await.expect("event").as_deref(),
            Some("$made:hs")
        );
        assert_eq!(store.outbox_event_id(b).await.expect("event"), None);
        retries_wait_and_only_finished_rows_are_pruned(&store, &url, (a, b, c)).await;
        store.close().await;
    }
}

/// Of the rows `a` (sent), `b` and `c`: a retried row waits with its
/// attempt counted, a finished row cannot be finished again, the counts
/// add up, and pruning takes finished rows only.
async fn retries_wait_and_only_finished_rows_are_pruned(
    store: &Store,
    url: &str,
    (a, b, c): (i64, i64, i64),
) {
    let later = time::OffsetDateTime::now_utc() + time::Duration::seconds(30);
    store
        .outbox_retry_at(b, later, "connection refused")
        .await
        .expect("retry");
    let row = store
        .outbox_pending(10)
        .await
        .expect("pending")
        .into_iter()
        .find(|r| r.seq == b)
        .expect("b still pending");
    assert_eq!(row.attempts, 1, "{url}");
    assert!(
        row.next_attempt_at > time::OffsetDateTime::now_utc(),
        "{url}"
    );
    // A finished row cannot be finished again.
    store
        .outbox_finish(a, "failed", None, Some("late"))
        .await
        .expect("noop");
    store
        .outbox_finish(c, "superseded", None, None)
        .await
        .expect("superseded");
    assert_eq!(store.outbox_depth().await.expect("depth"), 1, "{url}");
    let counts = store.outbox_counts().await.expect("counts");
    assert_eq!(
        counts,
        vec![
            ("pending".to_string(), 1),
            ("sent".to_string(), 1),
            ("superseded".to_string(), 1)
        ],
        "{url}"
    );
    let future = time::OffsetDateTime::now_utc() + time::Duration::minutes(1);
    assert_eq!(store.outbox_prune(future).await.expect("prune"), 2, "{url}");
    assert_eq!(
        store.outbox_depth().await.expect("depth"),
        1,
        "{url}: pending stays"
    );
}
