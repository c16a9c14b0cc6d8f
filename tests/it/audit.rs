//! The audit trail read back: proposals and decisions recorded through the
//! real gate in two rooms, on SQLite and PostgreSQL, then filtered by room,
//! target, user and time, newest first; `!audit` answering from its own
//! room only; and `nomos audit` exporting the trail as one JSON array.

use std::sync::Arc;

use nomos::agent::{Agent, AgentSettings};
use nomos::approvals::{ApprovalSettings, Gate, Outcome, Request};
use nomos::chat::recording::Recording;
use nomos::chat::{Inbound, Kind};
use nomos::domain::{ExecutionStatus, RiskClass, Via};
use nomos::gate::approvers::Approvers;
use nomos::store::Store;
use nomos::store::audit::{Action, Filter, Record};
use nomos::store::executions::{self, Answer, Answered, Approval, Finish, Proposed};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::support::{fresh_pg_database, sqlite_url};

const ROOM_A: &str = "!a:hs";
const ROOM_B: &str = "!b:hs";
const OP_A: &str = "@op-a:hs";
const OP_B: &str = "@op-b:hs";
const ALICE: &str = "@alice:hs";
const CAROL: &str = "@carol:hs";

/// A fixed instant, so `since` boundaries are exact.
fn t0() -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_900_000_000).expect("time")
}

fn secs(n: i64) -> OffsetDateTime {
    t0() + Duration::seconds(n)
}

fn request(session: Uuid, target: &str, command: &str, by: &str) -> Request {
    Request {
        session_id: Some(session),
        work: nomos::domain::Work::command(),
        target: target.into(),
        command: command.into(),
        purpose: "audit test".into(),
        window: None,
        declared_risk: None,
        requested_by: by.into(),
        turn_id: None,
    }
}

fn awaiting(outcome: &Proposed) -> Approval {
    match outcome {
        Proposed::Awaiting { approval, .. } => approval.clone(),
        other => panic!("expected an approval to be needed, got {other:?}"),
    }
}

async fn decide(gate: &Gate, approval: &Approval, actor: &str, via: Via, answer: Answer, at: i64) {
    match gate
        .decide(approval, actor, via, answer, secs(at))
        .await
        .expect("decide")
    {
        Outcome::Answered(Answered::Won { .. }) => {}
        other => panic!("{actor} should have decided, got {other:?}"),
    }
}

/// What the two rooms did, by execution.
struct Lab {
    session_a: Uuid,
    /// Room A: `systemctl restart caddy` on lxc:caddy, asked by Alice,
    /// approved by OP_A with a reaction.
    caddy: Uuid,
    /// Room A: `uptime` on host:strong, asked by Alice, run by policy.
    uptime: Uuid,
    /// Room B: `systemctl restart nginx` on lxc:caddy, asked by Carol,
    /// refused by OP_B with `!deny`.
    nginx: Uuid,
}

/// Records, through the gate and the executor's store calls:
///
/// | at  | room | row |
/// | --- | ---- | --- |
/// | 0   | A | proposed caddy (Alice) |
/// | 5   | B | proposed nginx (Carol) |
/// | 10  | A | approved caddy (OP_A, reaction), then its assent window |
/// | 15  | B | denied nginx (OP_B, command) |
/// | 20  | A | proposed uptime (Alice), approved by policy (nomos) |
/// | 21  | A | started uptime |
/// | 22  | A | finished uptime, exit 0 |
/// | 30  | A | windows revoked (OP_A, command) |
async fn record_two_rooms(store: &Store) -> Lab {
    let gate = Gate::new(
        store.clone(),
        Approvers::new([OP_A, OP_B]),
        ApprovalSettings::default(),
    );
    let a = store
        .open_session(ROOM_A, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("a")
        .id;
    let b = store
        .open_session(ROOM_B, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("b")
        .id;

    let caddy = gate
        .propose(
            &request(a, "lxc:caddy", "systemctl restart caddy", ALICE),
            secs(0),
        )
        .await
        .expect("propose caddy");
    let caddy_approval = awaiting(&caddy.outcome);
    let nginx = gate
        .propose(
            &request(b, "lxc:caddy", "systemctl restart nginx", CAROL),
            secs(5),
        )
        .await
        .expect("propose nginx");
    let nginx_approval = awaiting(&nginx.outcome);
    decide(
        &gate,
        &caddy_approval,
        OP_A,
        Via::Reaction,
        Answer::Approve,
        10,
    )
    .await;
    decide(&gate, &nginx_approval, OP_B, Via::Command, Answer::Deny, 15).await;

    let uptime = gate
        .propose(&request(a, "host:strong", "uptime", ALICE), secs(20))
        .await
        .expect("propose uptime");
    let uptime = match uptime.outcome {
        Proposed::RunNow { execution, via } => {
            assert_eq!(via, Via::Policy);
            execution.id
        }
        other => panic!("uptime should run at once, got {other:?}"),
    };
    executions::claim(store, uptime, secs(21))
        .await
        .expect("claim")
        .expect("claimed");
    let end = Finish {
        status: ExecutionStatus::Completed,
        exit_code: Some(0),
        output_tail: Some("up 3 days".into()),
        truncated: false,
        result: nomos::domain::Report::Ran(nomos::domain::RunReport {
            exit_code: Some(0),
            ..Default::default()
        }),
    };
    assert!(
        executions::finish(store, uptime, &end, secs(22))
            .await
            .expect("finish")
    );
    let revoked = store
        .revoke_windows(a, OP_A, Via::Command, secs(30))
        .await
        .expect("revoke");
    assert_eq!(revoked, 1, "the approval opened one assent window");
    Lab {
        session_a: a,
        caddy: caddy_approval.execution_id,
        uptime,
        nginx: nginx_approval.execution_id,
    }
}

fn filter() -> Filter {
    Filter {
        room: None,
        target: None,
        user: None,
        since: t0() - Duration::hours(1),
        limit: None,
    }
}

/// (action, execution) of each row, in the order given.
fn shape(records: &[Record]) -> Vec<(Action, Option<Uuid>)> {
    records.iter().map(|r| (r.action, r.execution_id)).collect()
}

fn assert_newest_first(records: &[Record], what: &str) {
    for pair in records.windows(2) {
        assert!(
            (pair[0].at, pair[0].id) > (pair[1].at, pair[1].id),
            "{what}: not newest first: {pair:?}"
        );
    }
}

async fn trail(store: &Store, filter: Filter, what: &str) -> Vec<Record> {
    let records = store.audit_trail(&filter).await.expect(what);
    assert_newest_first(&records, what);
    records
}

/// (action, execution) of the rows `filter` reads, checked newest first.
async fn shape_of(store: &Store, filter: Filter, what: &str) -> Vec<(Action, Option<Uuid>)> {
    shape(&trail(store, filter, what).await)
}

fn in_room(room: &str) -> Filter {
    Filter {
        room: Some(room.into()),
        ..filter()
    }
}

async fn assert_filters(store: Store, backend: &str) {
    let lab = record_two_rooms(&store).await;
    assert_rooms_are_apart(&store, &lab, backend).await;
    assert_targets_and_users(&store, &lab, backend).await;
    assert_time_and_limit(&store, &lab, backend).await;
    store.close().await;
}

/// Each room reads everything that happened there and nothing else, with
/// the execution joined and the words typed.
async fn assert_rooms_are_apart(store: &Store, lab: &Lab, backend: &str) {
    let (caddy, uptime, nginx) = (lab.caddy, lab.uptime, lab.nginx);
    let room_a = trail(store, in_room(ROOM_A), "room A").await;
    assert_eq!(
        shape(&room_a),
        vec![
            (Action::WindowsRevoked, None),
            (Action::Finished, Some(uptime)),
            (Action::Started, Some(uptime)),
            (Action::Approved, Some(uptime)),
            (Action::Proposed, Some(uptime)),
            (Action::WindowOpened, None),
            (Action::Approved, Some(caddy)),
            (Action::Proposed, Some(caddy)),
        ],
        "{backend}: {room_a:#?}"
    );
    assert!(room_a.iter().all(|r| r.room.as_deref() == Some(ROOM_A)));
    let finished = &room_a[1];
    assert_eq!(finished.command.as_deref(), Some("uptime"), "{backend}");
    assert_eq!(finished.requested_by.as_deref(), Some(ALICE));
    assert_eq!(finished.execution_status, Some(ExecutionStatus::Completed));
    assert_eq!(finished.exit_code, Some(0));
    assert_eq!(finished.risk_class, Some(RiskClass::ReadOnly));
    assert_eq!(finished.target.as_deref(), Some("host:strong"));
    let by_policy = &room_a[3];
    assert_eq!(
        (by_policy.actor.as_str(), by_policy.via),
        ("nomos", Via::Policy)
    );
    let approved = &room_a[6];
    assert_eq!(
        (approved.actor.as_str(), approved.via),
        (OP_A, Via::Reaction)
    );
    assert_eq!(approved.risk_class, Some(RiskClass::ConfigMutation));
    assert_eq!(approved.at, secs(10));
    assert!(approved.approval_id.is_some());
    let window = &room_a[5];
    assert_eq!((window.actor.as_str(), window.via), (OP_A, Via::Reaction));
    assert_eq!(window.detail["session"], serde_json::json!(lab.session_a));

    let room_b = trail(store, in_room(ROOM_B), "room B").await;
    assert_eq!(
        shape(&room_b),
        vec![
            (Action::Denied, Some(nginx)),
            (Action::Proposed, Some(nginx))
        ],
        "{backend}"
    );
    assert_eq!(
        (room_b[0].actor.as_str(), room_b[0].via),
        (OP_B, Via::Command)
    );
    assert_eq!(room_b[0].execution_status, Some(ExecutionStatus::Denied));
    let nowhere = in_room("!elsewhere:hs");
    assert!(trail(store, nowhere, "no such room").await.is_empty());
}

/// A target across rooms or within one; a user as actor or requester.
async fn assert_targets_and_users(store: &Store, lab: &Lab, backend: &str) {
    let (caddy, nginx) = (lab.caddy, lab.nginx);
    let caddy_everywhere = Filter {
        target: Some("lxc:caddy".into()),
        ..filter()
    };
    assert_eq!(
        shape_of(store, caddy_everywhere, "lxc:caddy").await,
        vec![
            (Action::Denied, Some(nginx)),
            // The approval's assent window, for its target.
            (Action::WindowOpened, None),
            (Action::Approved, Some(caddy)),
            (Action::Proposed, Some(nginx)),
            (Action::Proposed, Some(caddy)),
        ],
        "{backend}"
    );
    let caddy_in_a = Filter {
        target: Some("lxc:caddy".into()),
        ..in_room(ROOM_A)
    };
    assert_eq!(
        shape_of(store, caddy_in_a, "lxc:caddy in A").await,
        vec![
            (Action::WindowOpened, None),
            (Action::Approved, Some(caddy)),
            (Action::Proposed, Some(caddy))
        ],
        "{backend}"
    );
    let op_a = Filter {
        user: Some(OP_A.into()),
        ..filter()
    };
    assert_eq!(
        shape_of(store, op_a, "OP_A").await,
        vec![
            (Action::WindowsRevoked, None),
            (Action::WindowOpened, None),
            (Action::Approved, Some(caddy)),
        ],
        "{backend}"
    );
    let carol = Filter {
        user: Some(CAROL.into()),
        ..filter()
    };
    assert_eq!(
        shape_of(store, carol, "Carol").await,
        vec![
            (Action::Denied, Some(nginx)),
            (Action::Proposed, Some(nginx))
        ],
        "{backend}"
    );
    let alice_in_b = Filter {
        user: Some(ALICE.into()),
        ..in_room(ROOM_B)
    };
    assert!(trail(store, alice_in_b, "Alice in B").await.is_empty());
    // A filter value is data, never SQL.
    let injection = Filter {
        target: Some("x' OR '1'='1".into()),
        user: Some("@x:hs' OR 1=1 --".into()),
        ..filter()
    };
    assert!(trail(store, injection, "quotes").await.is_empty());
}

/// From an instant on, inclusive; and only the newest N.
async fn assert_time_and_limit(store: &Store, lab: &Lab, backend: &str) {
    let uptime = lab.uptime;
    let recent = Filter {
        since: secs(21),
        ..in_room(ROOM_A)
    };
    assert_eq!(
        shape_of(store, recent, "since 21 s").await,
        vec![
            (Action::WindowsRevoked, None),
            (Action::Finished, Some(uptime)),
            (Action::Started, Some(uptime)),
        ],
        "{backend}"
    );
    let later = Filter {
        since: secs(31),
        ..filter()
    };
    assert!(trail(store, later, "after everything").await.is_empty());
    let newest_two = Filter {
        limit: Some(2),
        ..in_room(ROOM_A)
    };
    assert_eq!(
        shape_of(store, newest_two, "limit 2").await,
        vec![
            (Action::WindowsRevoked, None),
            (Action::Finished, Some(uptime))
        ],
        "{backend}"
    );
}

#[tokio::test]
async fn the_audit_trail_filters_by_room_target_user_and_time_on_sqlite() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(&sqlite_url(dir.path())).await.expect("sqlite");
    assert_filters(store, "sqlite").await;
}

#[tokio::test]
async fn the_audit_trail_filters_by_room_target_user_and_time_on_postgres() {
    let store = Store::open(&fresh_pg_database().await)
        .await
        .expect("postgres");
    assert_filters(store, "postgres").await;
}

/// An agent with no model on a fresh SQLite store with one local host;
/// dropping the guard stops it.
async fn agent_without_model(dir: &std::path::Path) -> (Agent, tokio_util::sync::DropGuard) {
    let inventory_file = dir.join("inventory.yaml");
    std::fs::write(
        &inventory_file,
        "hosts:\n  - name: here\n    transport: local\n    default: true\n",
    )
    .expect("inventory");
    let store = Store::open(&sqlite_url(dir)).await.expect("store");
    nomos::inventory::seed(&store, &inventory_file, None)
        .await
        .expect("seed");
    let (agent, shutdown) = crate::support::start_agent(
        &store,
        OP_A,
        None,
        Arc::new(Recording::default()),
        AgentSettings::default(),
    );
    (agent, shutdown.drop_guard())
}

/// Runs a `!` command as OP_A in `room`; returns the answer's text.
async fn command(agent: &Agent, room: &str, text: &str) -> String {
    let inbound = Inbound {
        room: room.into(),
        sender: OP_A.into(),
        event_id: format!("$cmd{}", Uuid::now_v7().simple()),
        body: text.into(),
        ..Inbound::default()
    };
    let parsed = nomos::chat::parse::parse(text).expect("a command");
    let out = nomos::agent::commands::execute(agent, &inbound, &parsed)
        .await
        .expect("command")
        .expect("an answer");
    assert_eq!(out.kind, Kind::Notice);
    out.markdown
}

/// `!audit` through the agent's command path, with no model: each room
/// reads its own trail, narrowed as asked, and a wrong argument is named.
#[tokio::test]
async fn bang_audit_answers_from_this_room_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (agent, _stop) = agent_without_model(dir.path()).await;
    let id_in = |answer: String| answer.split('`').nth(1).expect("an id").to_string();
    let touch = |name: &str| format!("!run host:here touch {}", dir.path().join(name).display());
    let a = id_in(command(&agent, ROOM_A, &touch("in-a")).await);
    command(&agent, ROOM_A, &format!("!deny {a}")).await;
    let b = id_in(command(&agent, ROOM_B, &touch("in-b")).await);

    let trail_a = command(&agent, ROOM_A, "!audit").await;
    assert!(
        trail_a.starts_with("**Audit trail of this room** since "),
        "{trail_a}"
    );
    assert!(trail_a.contains(&a) && !trail_a.contains(&b), "{trail_a}");
    let denied = trail_a.find("**denied** by @op-a:hs via command");
    let proposed = trail_a.find("**proposed** by @op-a:hs");
    assert!(
        denied.is_some() && proposed.is_some() && denied < proposed,
        "newest first:\n{trail_a}"
    );
    assert!(
        trail_a.contains("config_mutation · `host:here`") && trail_a.contains("→ denied"),
        "{trail_a}"
    );
    let trail_b = command(&agent, ROOM_B, "!audit host:here @op-a:hs 1h").await;
    assert!(trail_b.contains(&b) && !trail_b.contains(&a), "{trail_b}");
    assert!(trail_b.contains("→ pending_approval"), "{trail_b}");
    assert!(!trail_b.contains("**denied**"), "{trail_b}");

    let nothing = command(&agent, ROOM_A, "!audit lxc:nothing").await;
    assert!(
        nothing.starts_with("Nothing in this room's audit trail since ")
            && nothing.ends_with(" UTC for `lxc:nothing`."),
        "{nothing}"
    );
    let wrong = command(&agent, ROOM_A, "!audit vm:caddy").await;
    assert!(
        wrong.starts_with("`vm:caddy` is not a target") && wrong.contains("`host:NAME`"),
        "{wrong}"
    );
}

fn nomos(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_nomos"))
        .args(args)
        .env_remove("NOMOS_CONFIG")
        .env_remove("RUST_LOG")
        .output()
        .expect("run nomos")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A config with no Matrix section, password or model, in `dir`.
fn offline_config(dir: &std::path::Path) -> std::path::PathBuf {
    let config = dir.join("nomos.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = \"{}\"\n[inventory]\nfile = \"inventory.yaml\"\n",
            dir.join("data").display()
        ),
    )
    .expect("config");
    config
}

/// Into the config's store, five minutes ago: in room A a proposal by
/// Alice that OP_A approves a second later (with its window), in room B
/// one by Carol. Returns room A's execution and when it was approved.
async fn record_for_cli(config: &std::path::Path) -> (Uuid, OffsetDateTime) {
    let loaded =
        nomos::config::Config::load(config, nomos::config::Purpose::Offline).expect("load");
    let store = Store::open(&loaded.database_url).await.expect("store");
    let gate = Gate::new(
        store.clone(),
        Approvers::new([OP_A]),
        ApprovalSettings::default(),
    );
    let now = OffsetDateTime::now_utc() - Duration::minutes(5);
    let a = store
        .open_session(ROOM_A, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("a")
        .id;
    let b = store
        .open_session(ROOM_B, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("b")
        .id;
    let caddy = request(a, "lxc:caddy", "systemctl restart caddy", ALICE);
    let asked = gate.propose(&caddy, now).await.expect("propose");
    let approval = awaiting(&asked.outcome);
    let later = now + Duration::seconds(1);
    let decided = gate
        .decide(&approval, OP_A, Via::Reaction, Answer::Approve, later)
        .await
        .expect("decide");
    assert!(
        matches!(decided, Outcome::Answered(Answered::Won { .. })),
        "{decided:?}"
    );
    let nginx = request(b, "lxc:caddy", "systemctl restart nginx", CAROL);
    gate.propose(&nginx, now).await.expect("propose in B");
    store.close().await;
    (approval.execution_id, later)
}

/// `nomos audit --json` exports the filtered trail as one JSON array.
#[tokio::test]
async fn nomos_audit_json_exports_the_filtered_trail() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = offline_config(dir.path());
    let (execution, approved_at) = record_for_cli(&config).await;
    let config = config.to_str().expect("utf-8");
    let export = |args: &[&str]| {
        let out = nomos(&[&["audit", "--config", config, "--json"][..], args].concat());
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let rows: Vec<serde_json::Value> =
            serde_json::from_slice(&out.stdout).expect("one JSON array");
        rows
    };

    let room_a = export(&["--room", ROOM_A]);
    let actions: Vec<&str> = room_a.iter().filter_map(|r| r["action"].as_str()).collect();
    assert_eq!(
        actions,
        ["window_opened", "approved", "proposed"],
        "{room_a:#?}"
    );
    assert!(room_a.iter().all(|r| r["room"] == ROOM_A), "{room_a:#?}");
    let approved = &room_a[1];
    assert_eq!(approved["actor"], OP_A);
    assert_eq!(approved["via"], "reaction");
    assert_eq!(approved["risk_class"], "config_mutation");
    assert_eq!(approved["target"], "lxc:caddy");
    assert_eq!(approved["command"], "systemctl restart caddy");
    assert_eq!(approved["requested_by"], ALICE);
    assert_eq!(approved["execution_status"], "approved");
    assert_eq!(approved["execution_id"], serde_json::json!(execution));
    let at = approved["at"].as_str().expect("at");
    let at = OffsetDateTime::parse(at, &time::format_description::well_known::Rfc3339)
        .expect("RFC 3339");
    assert_eq!(at.unix_timestamp(), approved_at.unix_timestamp());

    let everywhere = export(&["--target", "lxc:caddy", "--user", CAROL]);
    assert_eq!(everywhere.len(), 1, "{everywhere:#?}");
    assert_eq!(everywhere[0]["room"], ROOM_B);
    assert_eq!(export(&["--limit", "2"]).len(), 2);
    assert_eq!(export(&[]).len(), 4, "the default week holds every row");
    assert!(export(&["--since", "1m"]).is_empty());
    assert!(export(&["--since", "2099-01-01"]).is_empty());
}

/// Without `--json`, a table with a header; a wrong option is named.
#[tokio::test]
async fn nomos_audit_prints_a_table_and_names_wrong_options() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = offline_config(dir.path());
    record_for_cli(&config).await;
    let config = config.to_str().expect("utf-8");
    let out = nomos(&["audit", "--config", config, "--room", ROOM_A]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(
        lines[0].starts_with("TIME") && lines[0].contains("COMMAND"),
        "{table}"
    );
    assert!(lines[1].contains("assent window"), "{table}");
    assert!(
        lines[2].contains("approved") && lines[2].contains(OP_A) && lines[2].contains("reaction"),
        "{table}"
    );

    for (args, needle) in [
        (["--since", "yesterday"], "`yesterday` is not a time"),
        (["--target", "vm:x"], "`vm:x` is not a target"),
        (["--user", "alice"], "`alice` is not a full Matrix user id"),
    ] {
        let out = nomos(&[&["audit", "--config", config][..], &args[..]].concat());
        assert!(!out.status.success(), "{args:?}");
        assert!(text(&out.stderr).contains(needle), "{}", text(&out.stderr));
    }
}
