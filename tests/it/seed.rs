//! `nomos seed` on both backends: the shipped files import, a second run
//! changes nothing (equal row counts, nothing reported changed), an edit
//! is an update in place, and full-text search sees the imported knowledge
//! (on PostgreSQL with the planner statistics taken after the import).

use std::path::Path;

use nomos::inventory::{self, InventoryError};
use nomos::store::Store;
use sqlx::Connection;

use crate::support::{fresh_pg_database, repo_root, sqlite_url};

async fn seed_twice_changes_nothing(store: &Store) {
    let root = repo_root();
    let inv = root.join("seeds/inventory.yaml");
    let kb = root.join("seeds/knowledge.yaml");

    let first = inventory::seed(store, &inv, Some(&kb))
        .await
        .expect("first seed");
    assert!(first.changed());
    let entities = first.tables["entities"];
    assert!(entities.created >= 15, "{first}");
    assert_eq!((entities.updated, entities.unchanged), (0, 0));
    let before = store.table_counts().await.expect("counts");
    assert!(
        before["knowledge"] >= 10 && before["check_defs"] >= 5 && before["relationships"] >= 10,
        "{before:?}"
    );

    let second = inventory::seed(store, &inv, Some(&kb))
        .await
        .expect("second seed");
    let after = store.table_counts().await.expect("counts");
    assert_eq!(before, after, "a second seed changed row counts");
    assert!(!second.changed(), "second seed reported changes:\n{second}");
    assert_eq!(second.tables["entities"].unchanged, entities.created);

    // The seeded LXC without a host keeps no host attribute (it falls back
    // to the default host), but its runs_on edge points at that host.
    let caddy = store
        .get_entity("lxc:caddy")
        .await
        .expect("query")
        .expect("lxc:caddy");
    assert_eq!(caddy.attributes.0["vmid"], 121);
    assert!(caddy.attributes.0.get("host").is_none());
    let lxcs = store.list_entities(Some("lxc")).await.expect("list");
    assert!(
        lxcs.iter().all(|e| e.kind == "lxc") && lxcs.len() == 6,
        "{lxcs:?}"
    );

    // An edit updates exactly one row in place.
    let dir = tempfile::tempdir().expect("tempdir");
    let edited = dir.path().join("inventory.yaml");
    let text = std::fs::read_to_string(&inv).expect("read");
    let text = text.replace("Nightly rclone sync", "Hourly rclone sync");
    std::fs::write(&edited, text).expect("write");
    let third = inventory::seed(store, &edited, Some(&kb))
        .await
        .expect("third seed");
    assert_eq!(third.tables["entities"].updated, 1, "{third}");
    assert_eq!(third.tables["entities"].created, 0, "{third}");
    assert_eq!(store.table_counts().await.expect("counts"), after);
}

#[tokio::test]
async fn seed_is_idempotent_on_sqlite() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = sqlite_url(dir.path());
    let store = Store::open(&url).await.expect("open");
    seed_twice_changes_nothing(&store).await;

    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let hits: Vec<String> = sqlx::query_scalar(
        "SELECT k.slug FROM knowledge_fts f JOIN knowledge k ON k.rowid = f.rowid \
         WHERE knowledge_fts MATCH 'memlock' ORDER BY rank",
    )
    .fetch_all(&mut conn)
    .await
    .expect("fts query");
    assert_eq!(
        hits.first().map(String::as_str),
        Some("dragonfly-memlock"),
        "{hits:?}"
    );
}

#[tokio::test]
async fn seed_is_idempotent_on_postgres() {
    let url = fresh_pg_database().await;
    let store = Store::open(&url).await.expect("open");
    seed_twice_changes_nothing(&store).await;

    let mut conn = sqlx::PgConnection::connect(&url).await.expect("open");
    let hits: Vec<String> = sqlx::query_scalar(
        "SELECT slug FROM knowledge WHERE search @@ plainto_tsquery('english', 'memlock') \
         ORDER BY ts_rank(search, plainto_tsquery('english', 'memlock')) DESC",
    )
    .fetch_all(&mut conn)
    .await
    .expect("fts query");
    assert_eq!(
        hits.first().map(String::as_str),
        Some("dragonfly-memlock"),
        "{hits:?}"
    );
    // The import left the planner statistics of what it wrote (ANALYZE
    // writes them transactionally; autovacuum does not analyze a table of
    // a few dozen rows), so the first searches are planned, not guessed.
    let with_stats: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pg_stats WHERE tablename = 'knowledge' AND attname = 'search'",
    )
    .fetch_one(&mut conn)
    .await
    .expect("column statistics");
    assert_eq!(
        with_stats, 1,
        "no statistics of the search column after the import"
    );
}

#[tokio::test]
async fn invalid_inventory_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(&sqlite_url(dir.path())).await.expect("open");
    let bad = dir.path().join("inventory.yaml");
    std::fs::write(
        &bad,
        "hosts:\n  - name: strong\n    transport: local\n    default: true\nlxcs:\n  - name: a\n    vmid: 132\n  - name: b\n    vmid: 132\n",
    )
    .expect("write");
    let err = inventory::seed(&store, &bad, None::<&Path>)
        .await
        .expect_err("duplicate vmid");
    assert!(matches!(err, InventoryError::Invalid { .. }), "{err}");
    assert!(err.to_string().contains("share vmid 132"), "{err}");
    let counts = store.table_counts().await.expect("counts");
    assert_eq!(counts["entities"], 0);

    let kb = dir.path().join("knowledge.yaml");
    std::fs::write(
        &kb,
        "documents:\n  - slug: x\n    title: X\n    content: y\n    about: [host:nowhere]\n",
    )
    .expect("write");
    let good = dir.path().join("good.yaml");
    std::fs::write(&good, "hosts:\n  - name: strong\n    transport: local\n").expect("write");
    let err = inventory::seed(&store, &good, Some(&kb))
        .await
        .expect_err("unknown about");
    assert!(
        err.to_string()
            .contains("`host:nowhere` is not a known entity"),
        "{err}"
    );
    assert_eq!(store.table_counts().await.expect("counts")["entities"], 0);
}
