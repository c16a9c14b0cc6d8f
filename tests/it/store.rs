//! Migrations on both backends: a fresh database gets every table, a second
//! run applies nothing, and the backend-specific parts (WAL, FTS5,
//! tsvector) are really there.

use nomos::domain::OutboxOp;
use nomos::store::{Backend, Store, TABLES};
use serde_json::json;
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
    use nomos::store::{Survives, outbox::NewItem};
    let dir = tempfile::tempdir().expect("tempdir");
    let urls = [
        crate::support::sqlite_url(dir.path()),
        crate::support::fresh_pg_database().await,
    ];
    for url in urls {
        let store = Store::open(&url).await.expect("store");
        let item = |room, survives| NewItem {
            room_id: room,
            op: OutboxOp::Message,
            execution_id: None,
            payload: "{}",
            survives,
        };
        // A row that need only survive a crash is committed by another
        // connection (SQLite) or transaction setting (PostgreSQL): it
        // still takes its place in the one order.
        let (durable, crash) = (Survives::PowerLoss, Survives::Crash);
        let a = store
            .outbox_enqueue(&item("!a:hs", durable))
            .await
            .expect("a");
        let b = store
            .outbox_enqueue(&item("!a:hs", crash))
            .await
            .expect("b");
        let c = store
            .outbox_enqueue(&item("!b:hs", durable))
            .await
            .expect("c");
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

/// Rows written before the execution's work and report were types (their
/// `params` and `result` as the code then wrote them, with a window and a
/// snapshot name beside a container's flat fields) load on both backends
/// as what they meant, with no data migration.
#[tokio::test]
async fn executions_written_by_earlier_code_load_as_typed_work() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sqlite = sqlite_url(dir.path());
    let pg = fresh_pg_database().await;
    for (url, backend) in [(sqlite, Backend::Sqlite), (pg, Backend::Postgres)] {
        let store = Store::open(&url).await.expect("open");
        let ids = insert_old_rows(&url, backend).await;
        let run = store
            .get_execution(ids[0])
            .await
            .expect("read")
            .expect("row");
        assert_eq!(
            run.work.snapshot(),
            Some(&nomos::domain::SnapshotPlan::Take)
        );
        assert_eq!(
            run.work.preview().map(|p| p.installs.clone()),
            Some(vec!["nginx".to_string()])
        );
        assert_eq!(
            run.window.as_ref().map(|w| w.opened_by.as_str()),
            Some("@ops:lab")
        );
        assert_eq!(run.snapshot_name(), Some("nomos-0a1b2c3d"));
        let report = run.result.as_ref().expect("report");
        assert_eq!(report.streams(), ("ok\n", ""), "{backend:?}");
        let write = store
            .get_execution(ids[1])
            .await
            .expect("read")
            .expect("row");
        assert_eq!(
            write.work.file().map(|f| f.path.as_str()),
            Some("/etc/motd")
        );
        assert_eq!(
            write
                .result
                .as_ref()
                .and_then(|r| r.file_changed())
                .map(|f| f.now.as_str()),
            Some("absent")
        );
        let made = store
            .get_execution(ids[2])
            .await
            .expect("read")
            .expect("row");
        let new = made.work.container().expect("a container");
        assert_eq!(
            (new.hostname.as_str(), new.privileged, new.vmid),
            ("web", false, None)
        );
        assert!(
            made.window.is_some(),
            "{backend:?}: the window beside a container's fields"
        );
        assert!(matches!(&made.result, Some(nomos::domain::Report::Created(c)) if c.vmid == 120));
        // A row this version cannot read is an error naming it, never a
        // plan read as absent.
        let bad = insert_row(
            &url,
            backend,
            "run",
            json!({"snapshot_plan": {"plan": "take"}}),
            None,
        )
        .await;
        let err = store
            .get_execution(bad)
            .await
            .expect_err("unreadable params");
        assert!(err.to_string().contains(&bad.to_string()), "{err}");
        // In a list it is left out with a warning: a restart's
        // reconciliation still runs and reports the readable rows.
        let stuck = insert_row(&url, backend, "run", json!({}), None).await;
        set_running(&url, backend, &[bad, stuck]).await;
        let interrupted =
            nomos::store::executions::interrupt_running(&store, time::OffsetDateTime::now_utc())
                .await
                .expect("reconciliation runs past an unreadable row");
        let ids: Vec<uuid::Uuid> = interrupted.iter().map(|e| e.id).collect();
        assert_eq!(ids, vec![stuck], "{backend:?}");
    }
}

/// Marks rows `running`, as a crash leaves them.
async fn set_running(url: &str, backend: Backend, ids: &[uuid::Uuid]) {
    let sql = "UPDATE executions SET status = 'running' WHERE id = $1";
    for id in ids {
        match backend {
            Backend::Sqlite => {
                let mut conn = sqlx::SqliteConnection::connect(url).await.expect("sqlite");
                sqlx::query(sql)
                    .bind(id)
                    .execute(&mut conn)
                    .await
                    .expect("update");
            }
            Backend::Postgres => {
                let mut conn = sqlx::PgConnection::connect(url).await.expect("postgres");
                sqlx::query(sql)
                    .bind(id)
                    .execute(&mut conn)
                    .await
                    .expect("update");
            }
        }
    }
}

async fn insert_old_rows(url: &str, backend: Backend) -> [uuid::Uuid; 3] {
    let window = json!({"kind": "assent", "opened_by": "@ops:lab",
                        "opened_at": "2026-12-01T10:00:00Z", "expires_at": "2026-12-01T10:30:00Z"});
    let run = insert_row(
        url,
        backend,
        "run",
        json!({"snapshot": {"plan": "take"}, "snapshot_taken": "nomos-0a1b2c3d", "window": window,
               "preview": {"command": "apt-get -s install nginx", "installs": ["nginx"],
                           "upgrades": [], "removes": []}}),
        Some(
            json!({"status": "completed", "exit_code": 0, "signal": null, "stdout": "ok\n",
                    "stderr": "", "stdout_bytes": 3, "stderr_bytes": 0, "truncated": false,
                    "duration_ms": 9, "snapshot": "nomos-0a1b2c3d"}),
        ),
    )
    .await;
    let write = insert_row(
        url,
        backend,
        "write_file",
        json!({"file": {"path": "/etc/motd", "before": null, "after": "aGk="}}),
        Some(json!({"file_changed": {"path": "/etc/motd", "now": "absent"}, "note": "changed"})),
    )
    .await;
    let made = insert_row(
        url,
        backend,
        "pct_create",
        json!({"hostname": "web", "privileged": "false", "vmid": "0", "host": "pve",
               "storage": "local-lvm", "template": "local:vztmpl/debian-12.tar.zst",
               "nesting": true, "window": window}),
        Some(
            json!({"entity": "lxc:web", "hostname": "web", "vmid": 120, "host": "pve",
                    "template": "local:vztmpl/debian-12.tar.zst", "bridge": "vmbr0", "ip": "dhcp",
                    "gateway": null, "notes": [], "steps": []}),
        ),
    )
    .await;
    [run, write, made]
}

async fn insert_row(
    url: &str,
    backend: Backend,
    kind: &str,
    params: serde_json::Value,
    result: Option<serde_json::Value>,
) -> uuid::Uuid {
    let id = uuid::Uuid::now_v7();
    let now = time::OffsetDateTime::now_utc();
    let sql = "INSERT INTO executions (id, kind, target, command, purpose, params, risk_class, status, \
               requested_by, result, created_at, updated_at) \
               VALUES ($1, $2, 'lxc:web', $3, 'old', $4, 'config_mutation', 'completed', '@a:x', $5, $6, $6)";
    let command = format!("old {kind} {id}");
    let params = sqlx::types::Json(params);
    let result = result.map(sqlx::types::Json);
    match backend {
        Backend::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(url).await.expect("sqlite");
            sqlx::query(sql)
                .bind(id)
                .bind(kind)
                .bind(&command)
                .bind(params)
                .bind(result)
                .bind(now)
                .execute(&mut conn)
                .await
                .expect("insert");
        }
        Backend::Postgres => {
            let mut conn = sqlx::PgConnection::connect(url).await.expect("postgres");
            sqlx::query(sql)
                .bind(id)
                .bind(kind)
                .bind(&command)
                .bind(params)
                .bind(result)
                .bind(now)
                .execute(&mut conn)
                .await
                .expect("insert");
        }
    }
    id
}

/// Fleet rows on both backends (migration 0015): a fleet execution with
/// its plan and report read back typed, its members (the fleet as
/// parent, no session of their own, approved by the fleet's decision,
/// found by their short id in the fleet's session), and no member
/// started once the fleet no longer runs.
/// A ✅'s reads from its card's event (the approval and the execution
/// behind the card, in one statement each) find what the execution's own
/// reads find, on both backends, and nothing for another room's event, a
/// plan or an unknown event.
#[tokio::test]
async fn a_cards_approval_and_execution_are_read_from_its_event_on_both_backends() {
    use nomos::domain::{Admission, NetworkUse, RiskClass, SurfaceKind, Work};
    use nomos::store::executions::{self, Classified, Proposed, Request};

    let dir = tempfile::tempdir().expect("tempdir");
    for url in [sqlite_url(dir.path()), fresh_pg_database().await] {
        let store = Store::open(&url).await.expect("open");
        let session = store
            .open_session("!cards:x", SurfaceKind::Matrix)
            .await
            .expect("session");
        let request = Request {
            session_id: Some(session.id),
            target: "host:here".into(),
            command: "touch /tmp/x".into(),
            purpose: "test".into(),
            work: Work::Run {
                snapshot: None,
                preview: None,
                action: None,
            },
            window: None,
            declared_risk: None,
            requested_by: "@op:x".into(),
            turn_id: None,
        };
        let classified = Classified {
            class: RiskClass::ConfigMutation,
            network: NetworkUse::None,
        };
        let proposed = executions::propose(
            &store,
            &request,
            classified,
            &Admission::NeedsApproval,
            time::OffsetDateTime::now_utc(),
            time::Duration::minutes(5),
        )
        .await
        .expect("propose");
        let Proposed::Awaiting {
            execution,
            approval,
        } = proposed
        else {
            panic!("awaits an approval: {proposed:?}");
        };
        store
            .record_matrix_event("$card", "!cards:x", "card", Some(execution.id), None)
            .await
            .expect("record");
        store
            .record_matrix_event("$plan", "!cards:x", "plan", Some(execution.id), None)
            .await
            .expect("record");
        let found = store
            .approval_for_card("!cards:x", "$card")
            .await
            .expect("read");
        assert_eq!(found.map(|a| a.id), Some(approval.id), "{url}");
        let found = store
            .execution_for_card("!cards:x", "$card")
            .await
            .expect("read");
        assert_eq!(found.map(|e| e.id), Some(execution.id), "{url}");
        for (room, event) in [
            ("!other:x", "$card"),
            ("!cards:x", "$plan"),
            ("!cards:x", "$none"),
        ] {
            let approval = store.approval_for_card(room, event).await.expect("read");
            let execution = store.execution_for_card(room, event).await.expect("read");
            assert!(
                approval.is_none() && execution.is_none(),
                "{url}: {room} {event}"
            );
        }
    }
}

#[tokio::test]
async fn fleet_rows_and_their_members_on_both_backends() {
    use nomos::domain::fleet::{FleetMember, FleetPlan, FleetReport};
    use nomos::domain::{
        Admission, ExecutionStatus, NetworkUse, Report, RiskClass, SurfaceKind, Via, Work, short_id,
    };
    use nomos::store::executions::{self, Classified, Finish, Proposed, Request};

    let dir = tempfile::tempdir().expect("tempdir");
    for url in [sqlite_url(dir.path()), fresh_pg_database().await] {
        let store = Store::open(&url).await.expect("open");
        let session = store
            .open_session("!fleet:x", SurfaceKind::Matrix)
            .await
            .expect("session");
        let member = |target: &str| FleetMember {
            class: RiskClass::ConfigMutation,
            ..FleetMember::new(target.to_string())
        };
        let plan = FleetPlan {
            selector: "lxc:*".into(),
            members: vec![
                FleetMember {
                    command: Some("echo its own".into()),
                    ..member("lxc:a")
                },
                member("lxc:b"),
            ],
            batch_size: 1,
            stop_after: 1,
        };
        let request = Request {
            session_id: Some(session.id),
            target: plan.selector.clone(),
            command: "touch /tmp/x".into(),
            purpose: "test".into(),
            work: Work::Fleet(Box::new(plan.clone())),
            window: None,
            declared_risk: None,
            requested_by: "@op:x".into(),
            turn_id: None,
        };
        let now = time::OffsetDateTime::now_utc();
        let classified = Classified {
            class: RiskClass::ConfigMutation,
            network: NetworkUse::None,
        };
        let admitted = Admission::RunNow { via: Via::Policy };
        let proposed = executions::propose(
            &store,
            &request,
            classified,
            &admitted,
            now,
            time::Duration::minutes(5),
        )
        .await
        .expect("propose");
        let Proposed::RunNow { execution, .. } = proposed else {
            panic!("runs now: {proposed:?}");
        };
        assert_eq!(execution.work.fleet(), Some(&plan), "{url}");
        let fleet = executions::claim(&store, execution.id, now)
            .await
            .expect("claim")
            .expect("claimed");
        let first = executions::start_member(&store, &fleet, &plan.members[0], now)
            .await
            .expect("member");
        assert_eq!(first.parent_id, Some(fleet.id));
        assert_eq!(first.session_id, None);
        assert_eq!(first.status, ExecutionStatus::Approved);
        assert_eq!(first.target, "lxc:a");
        assert_eq!(first.command, "echo its own", "a member's own command runs");
        let report = FleetReport::waiting(&plan);
        executions::record_progress(&store, fleet.id, &Report::Fleet(report.clone()))
            .await
            .expect("progress");
        let read = store
            .get_execution(fleet.id)
            .await
            .expect("get")
            .expect("row");
        assert_eq!(read.result.as_ref().and_then(|r| r.fleet()), Some(&report));
        assert_eq!(
            executions::members_of(&store, fleet.id)
                .await
                .expect("members")
                .len(),
            1
        );
        let found = executions::find_member_in_session(&store, session.id, &short_id(first.id))
            .await
            .expect("find");
        assert_eq!(found.map(|e| e.id), Some(first.id));
        let end = Finish {
            status: ExecutionStatus::Completed,
            exit_code: Some(0),
            output_tail: None,
            truncated: false,
            result: Report::Fleet(report),
        };
        executions::finish(&store, fleet.id, &end, now)
            .await
            .expect("finish");
        assert!(
            executions::start_member(&store, &fleet, &plan.members[1], now)
                .await
                .is_err(),
            "no member starts once the fleet has ended"
        );
        store.close().await;
    }
}
