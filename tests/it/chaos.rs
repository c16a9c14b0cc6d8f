//! Chaos: the bot under faults, against a real Synapse, real SSH and real
//! databases. Each test prints what it injected and what was lost, as
//! `chaos: …` lines (run with `--no-capture` to see them).
//!
//! - kill -9 during a running execution, then a restart;
//! - the homeserver unreachable for 20 s while an execution finishes (a
//!   TCP proxy between the bot and Synapse drops every connection and
//!   refuses new ones: the other tests share this Synapse, so it is cut
//!   off from the bot rather than stopped);
//! - 50 reactions and assents racing on 10 cards from 3 approvers;
//! - the model answering 500, then hanging past the timeout, then
//!   malformed JSON;
//! - a second bot on the same database (SQLite and PostgreSQL);
//! - SIGTERM with executions running.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use std::path::{Path, PathBuf};

use matrix_sdk::Client;
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use serde_json::Value;

use crate::support::matrix::{
    Account, LIMIT, body, bot_messages, card, edit_saying, edits, events, login, react, register,
    room_with_bot, send,
};
use crate::support::model::{Model, fault_hang, fault_malformed, fault_status, last, say};
use crate::support::process::{Extra, Host, Setup, proposing, shared_dir, signal};
use crate::support::scenario::Scenario;
use crate::support::{eventually, fresh_pg_database, require_env};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_kill_9_during_a_running_execution_over_ssh() {
    kill_9_during_a_running_execution(Host::Ssh, "ssh").await;
}

/// The local transport (the demo lab, a Nomos on the Proxmox host itself):
/// its command must die with Nomos too, though no destructor runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_kill_9_during_a_running_execution_on_the_local_transport() {
    kill_9_during_a_running_execution(Host::Local, "local").await;
}

/// A bot as a process with two jobs proposed: a slow one (which the
/// kill interrupts) and a quick one (left waiting for a decision).
struct TwoJobs {
    s: Scenario,
    _model: Model,
    _work: tempfile::TempDir,
    setup: Setup,
    op: Client,
    room: OwnedRoomId,
    slow: PathBuf,
    quick: PathBuf,
    quick_cmd: String,
}

impl TwoJobs {
    /// Registers the accounts, starts the model and the bot's first
    /// process (returned) on `host`, and a room with it.
    async fn start(host: Host) -> (TwoJobs, tokio::process::Child) {
        let s = Scenario::new().await;
        let work = shared_dir();
        let slow = work.path().join("slow");
        let quick = work.path().join("quick");
        let (slow_cmd, quick_cmd) = (
            format!("sleep 8; touch {}", slow.display()),
            format!("touch {}", quick.display()),
        );
        let brain = proposing(
            "start both jobs",
            vec![
                (slow_cmd.clone(), "the slow job".into()),
                (quick_cmd.clone(), "the quick job".into()),
            ],
            "Noted.",
        );
        let model = Model::start(brain).await;
        let setup = s.setup(&model.base_url, host, Extra::default());
        let first = setup.spawn(1);
        let (op, room) = s.room(&[]).await;
        let lab = TwoJobs {
            s,
            _model: model,
            _work: work,
            setup,
            op,
            room,
            slow,
            quick,
            quick_cmd,
        };
        (lab, first)
    }
}

async fn kill_9_during_a_running_execution(host: Host, transport: &str) {
    let (lab, mut first) = TwoJobs::start(host).await;
    let (op, room, b) = (&lab.op, &lab.room, lab.s.b());

    send(op, room, "start both jobs", None).await;
    let (slow_card, _) = card(op, room, b, "sleep 8").await;
    let (quick_card, _) = card(op, room, b, &lab.quick_cmd).await;
    react(op, room, &slow_card, "✅").await;
    edit_saying(op, room, b, &slow_card, "running").await;

    signal(&first, libc::SIGKILL);
    let status = first.wait().await.expect("wait");
    let killed_at = Instant::now();
    assert!(!status.success(), "kill -9 ends it: {status:?}");

    let mut second = lab.setup.spawn(2);
    let (interrupted, report) = the_restart_reports_the_interrupted_job(&lab, &slow_card).await;

    // The pending card survived the crash and can still be decided.
    react(op, room, &quick_card, "✅").await;
    edit_saying(op, room, b, &quick_card, "completed").await;
    assert!(lab.quick.exists(), "the quick job ran after the restart");

    // The slow job's command died with the connection and never re-ran.
    let waited = Duration::from_secs(12).saturating_sub(killed_at.elapsed());
    tokio::time::sleep(waited).await;
    assert!(
        !lab.slow.exists(),
        "the interrupted command finished or re-ran"
    );

    let (statuses, slow_cards) = one_interrupted_one_completed_none_twice(&lab).await;
    signal(&second, libc::SIGTERM);
    let _ = tokio::time::timeout(Duration::from_secs(20), second.wait()).await;
    let count = |status: &str| statuses.iter().filter(|s| **s == status).count();
    println!(
        "chaos: injected kill -9 during 1 running execution ({transport}); after restart: \
         interrupted {}, re-run {}, pending card decided and ran {}, report posted {}, \
         cards posted twice {}, still running {} ({})",
        count("interrupted"),
        usize::from(lab.slow.exists()),
        count("completed"),
        report.len(),
        slow_cards.saturating_sub(1),
        count("running"),
        interrupted.lines().last().unwrap_or("")
    );
}

/// After the restart the slow card is edited to interrupted and one
/// restart report names it: (the edit, the reports).
async fn the_restart_reports_the_interrupted_job(
    lab: &TwoJobs,
    slow_card: &str,
) -> (String, Vec<Value>) {
    let (op, room, b) = (&lab.op, &lab.room, lab.s.b());
    let interrupted = edit_saying(op, room, b, slow_card, "interrupted").await;
    let report = eventually("the restart report", LIMIT, || async {
        let found = bot_messages(op, room, b, "Nomos restarted").await;
        (!found.is_empty()).then_some(found)
    })
    .await;
    assert_eq!(report.len(), 1, "one report: {report:?}");
    assert!(body(&report[0]).contains("sleep 8"), "{}", body(&report[0]));
    (interrupted, report)
}

/// One execution interrupted, one completed, none left running, and the
/// slow card posted once: (the statuses, how many slow cards).
async fn one_interrupted_one_completed_none_twice(lab: &TwoJobs) -> (Vec<String>, usize) {
    let (op, room, b) = (&lab.op, &lab.room, lab.s.b());
    let executions = lab.setup.executions().await;
    let statuses: Vec<&str> = executions.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == "interrupted").count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == "completed").count(),
        1,
        "{statuses:?}"
    );
    assert!(!statuses.contains(&"running"), "{statuses:?}");
    let slow_cards = bot_messages(op, room, b, "sleep 8")
        .await
        .into_iter()
        .filter(|ev| ev["content"]["m.relates_to"]["rel_type"] == "m.thread")
        .count();
    assert_eq!(slow_cards, 1, "the card was not posted twice");
    let statuses = statuses.into_iter().map(str::to_string).collect();
    (statuses, slow_cards)
}

/// A TCP proxy that can be cut: while cut, it drops every connection and
/// refuses new ones, as an unreachable homeserver does.
struct Proxy {
    url: String,
    cut: Arc<AtomicBool>,
    dropped: Arc<AtomicUsize>,
    epoch: Arc<AtomicUsize>,
}

impl Proxy {
    async fn start(upstream: &str) -> Proxy {
        let upstream = upstream
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let cut = Arc::new(AtomicBool::new(false));
        let dropped = Arc::new(AtomicUsize::new(0));
        let epoch = Arc::new(AtomicUsize::new(0));
        let (c, d, e) = (cut.clone(), dropped.clone(), epoch.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else {
                    continue;
                };
                if c.load(Ordering::SeqCst) {
                    d.fetch_add(1, Ordering::SeqCst);
                    drop(inbound);
                    continue;
                }
                let upstream = upstream.clone();
                let (c, e) = (c.clone(), e.clone());
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(&upstream).await else {
                        return;
                    };
                    let born = e.load(Ordering::SeqCst);
                    let copy = tokio::io::copy_bidirectional(&mut inbound, &mut outbound);
                    let watch = async {
                        loop {
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            if c.load(Ordering::SeqCst) || e.load(Ordering::SeqCst) != born {
                                return;
                            }
                        }
                    };
                    tokio::select! {
                        _ = copy => {}
                        () = watch => {}
                    }
                });
            }
        });
        Proxy {
            url: format!("http://{addr}"),
            cut,
            dropped,
            epoch,
        }
    }

    fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        self.epoch.fetch_add(1, Ordering::SeqCst);
    }

    fn restore(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_homeserver_away_for_20_s_while_an_execution_finishes() {
    let hs = require_env("NOMOS_TEST_HOMESERVER");
    let proxy = Proxy::start(&hs).await;
    let s = Scenario::new().await;
    let work = tempfile::tempdir().expect("tempdir");
    let done = work.path().join("done");
    let command = format!(
        "sleep 4; echo finished-while-away; touch {}",
        done.display()
    );
    let brain = proposing(
        "run the job",
        vec![(command.clone(), "a job that ends during the outage".into())],
        "The job is done; nothing else to do.",
    );
    let model = Model::start(brain).await;
    // The bot reaches Synapse only through the proxy; people connect directly.
    let setup = s.setup_at(&proxy.url, &model.base_url, Host::Local, Extra::default());
    let mut child = setup.spawn(1);
    let (op, room) = s.room(&[]).await;
    let b = s.b();

    send(&op, &room, "run the job", None).await;
    let (card_id, _) = card(&op, &room, b, "finished-while-away").await;
    react(&op, &room, &card_id, "✅").await;
    edit_saying(&op, &room, b, &card_id, "running").await;

    let store = setup.store().await;
    let queued = the_job_finishes_while_the_homeserver_is_away(
        &proxy, &store, &op, &room, b, &card_id, &done,
    )
    .await;
    let restored_at = Instant::now();

    let final_edit = edit_saying(&op, &room, b, &card_id, "completed").await;
    let delivered_after = restored_at.elapsed();
    assert!(final_edit.contains("finished-while-away"), "{final_edit}");
    let (follow_ups, completed_edits, counts, failed) =
        everything_arrives_once_after_it(&store, &op, &room, b, &card_id).await;
    assert!(
        child.try_wait().expect("try_wait").is_none(),
        "the bot died during the outage"
    );
    signal(&child, libc::SIGTERM);
    let _ = tokio::time::timeout(Duration::from_secs(20), child.wait()).await;
    println!(
        "chaos: injected a 20 s homeserver outage ({} connections refused) while 1 execution \
         finished; {queued} operation(s) queued; final edit delivered {:.1} s after the homeserver \
         came back; outbox {counts}; failed {failed}, final edits {completed_edits}, \
         follow-ups {follow_ups}",
        proxy.dropped.load(Ordering::SeqCst),
        delivered_after.as_secs_f64(),
    );
}

/// Cuts the homeserver off for 20 s: the job finishes meanwhile, its
/// final edit is queued and none gets through; then it comes back.
/// Returns how many operations were queued.
async fn the_job_finishes_while_the_homeserver_is_away(
    proxy: &Proxy,
    store: &nomos::store::Store,
    op: &Client,
    room: &RoomId,
    b: &str,
    card_id: &str,
    done: &Path,
) -> i64 {
    proxy.cut();
    let cut_at = Instant::now();
    eventually("the job to finish during the outage", LIMIT, || async {
        done.exists().then_some(())
    })
    .await;
    let queued = eventually("the final edit to be queued", LIMIT, || async {
        let depth = store.outbox_depth().await.ok()?;
        (depth > 0).then_some(depth)
    })
    .await;
    let before = edits(op, room, b, card_id).await;
    assert!(
        !before.iter().any(|e| e.contains("completed")),
        "an edit got through the cut: {before:?}"
    );
    tokio::time::sleep(Duration::from_secs(20).saturating_sub(cut_at.elapsed())).await;
    proxy.restore();
    queued
}

/// Once the homeserver is back: the follow-up and the final edit arrive
/// once each, the outbox drains and nothing in it failed. Returns (the
/// follow-ups, the completed edits, the outbox counts, the failed ones).
async fn everything_arrives_once_after_it(
    store: &nomos::store::Store,
    op: &Client,
    room: &RoomId,
    b: &str,
    card_id: &str,
) -> (usize, usize, String, i64) {
    let follow_up = eventually("the agent's follow-up", LIMIT, || async {
        let found = bot_messages(op, room, b, "The job is done").await;
        (!found.is_empty()).then_some(found)
    })
    .await;
    eventually("the outbox to drain", LIMIT, || async {
        (store.outbox_depth().await.ok()? == 0).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let follow_up_again = bot_messages(op, room, b, "The job is done").await;
    assert_eq!(follow_up.len(), 1);
    assert_eq!(follow_up_again.len(), 1, "the follow-up arrived twice");
    let completed_edits = edits(op, room, b, card_id)
        .await
        .into_iter()
        .filter(|e| e.contains("completed"))
        .count();
    assert_eq!(completed_edits, 1, "the final edit arrived twice");
    let counts = store.outbox_counts().await.expect("counts");
    let failed: i64 = counts
        .iter()
        .filter(|(s, _)| s == "failed")
        .map(|(_, n)| n)
        .sum();
    assert_eq!(failed, 0, "{counts:?}");
    let counts = format!("{counts:?}");
    (follow_up_again.len(), completed_edits, counts, failed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chaos_50_reactions_and_assents_race_on_10_cards() {
    let hs = require_env("NOMOS_TEST_HOMESERVER");
    let bot = register(&hs, "nomos").await;
    let approvers = [
        register(&hs, "ap1").await,
        register(&hs, "ap2").await,
        register(&hs, "ap3").await,
    ];
    let work = tempfile::tempdir().expect("tempdir");
    let ledger = work.path().join("ledger");
    let jobs = (0..10)
        .map(|n| {
            (
                format!("echo card-{n} >> {}", ledger.display()),
                format!("append line {n}"),
            )
        })
        .collect();
    let brain = proposing("ten appends", jobs, "Noted.");
    let model = Model::start(brain).await;
    let ids: Vec<&str> = approvers.iter().map(|a| a.user_id.as_str()).collect();
    let setup = Setup::new(
        &hs,
        &bot,
        &ids,
        &model.base_url,
        Host::Local,
        Extra::default(),
    );
    let mut child = setup.spawn(1);
    let (clients, room) = three_approvers_in_a_room(&hs, &approvers, &bot).await;
    let b = bot.user_id.as_str();

    send(&clients[0], &room, "please do the ten appends", None).await;
    let mut cards = Vec::new();
    for n in 0..10 {
        let (id, _) = card(&clients[0], &room, b, &format!("card-{n} >>")).await;
        cards.push(id);
    }
    let sent = fifty_racing_decisions(&clients, &room, &cards, b).await;
    assert_eq!(sent, 50, "30 reactions and 20 assents reached the room");

    for card_id in &cards {
        edit_saying(&clients[0], &room, b, card_id, "completed").await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    // Counted from what the commands wrote: each card's line, how often.
    let text = std::fs::read_to_string(&ledger).expect("ledger");
    let runs: Vec<usize> = (0..10)
        .map(|n| text.lines().filter(|l| *l == format!("card-{n}")).count())
        .collect();
    let duplicates: usize = runs.iter().map(|t| t.saturating_sub(1)).sum();
    let lost = runs.iter().filter(|t| **t == 0).count();
    let completed = setup
        .executions()
        .await
        .iter()
        .filter(|(_, s)| s == "completed")
        .count();
    let approvals = setup.audited("approved").await;
    let started = setup.audited("started").await;
    signal(&child, libc::SIGTERM);
    let _ = tokio::time::timeout(Duration::from_secs(20), child.wait()).await;
    println!(
        "chaos: injected {sent} racing decisions (reactions and assents) from 3 approvers on 10 \
         cards; executions completed {completed}, approvals recorded {approvals}, starts {started}, \
         duplicates {duplicates}, lost {lost}"
    );
    assert_eq!(runs, vec![1; 10], "runs per card:\n{text}");
    assert_eq!((duplicates, lost, completed), (0, 0, 10));
    assert_eq!(approvals, 10, "one approval per card");
    assert_eq!(started, 10, "one start per card");
}

/// The first approver's room with the bot, the other two joined: their
/// three clients and the room.
async fn three_approvers_in_a_room(
    hs: &str,
    approvers: &[Account; 3],
    bot: &Account,
) -> (Vec<Client>, OwnedRoomId) {
    let others: Vec<&str> = approvers[1..].iter().map(|a| a.user_id.as_str()).collect();
    let (first, room) = room_with_bot(hs, &approvers[0], bot, &others).await;
    let mut clients = vec![first];
    for account in &approvers[1..] {
        let client = login(hs, account).await;
        client.join_room_by_id(&room).await.expect("join");
        clients.push(client);
    }
    (clients, room)
}

/// 30 ✅ reactions (each approver on each card) and 20 "go ahead"s, sent
/// at once from the three clients; returns how many reached the room.
async fn fifty_racing_decisions(
    clients: &[Client],
    room: &OwnedRoomId,
    cards: &[String],
    b: &str,
) -> usize {
    // Everyone syncs so the reactions all reach a known card.
    for client in clients {
        let _ = client
            .sync_once(matrix_sdk::config::SyncSettings::default())
            .await;
    }
    let mut racing = tokio::task::JoinSet::new();
    for (i, client) in clients.iter().enumerate() {
        let client = client.clone();
        let room = room.clone();
        let cards = cards.to_vec();
        racing.spawn(async move {
            for (n, card) in cards.iter().enumerate() {
                react(&client, &room, card, "✅").await;
                // Two of the three approvers also say "go ahead" per card.
                if (n + i) % 3 != 0 {
                    send(&client, &room, "go ahead", None).await;
                }
            }
        });
    }
    while racing.join_next().await.is_some() {}
    events(&clients[0], room)
        .await
        .iter()
        .filter(|ev| {
            ev["sender"] != b
                && (ev["type"] == "m.reaction"
                    || (ev["type"] == "m.room.message" && body(ev) == "go ahead"))
        })
        .count()
}

/// A model that fails each of three questions its own way (500, a hang
/// far past the bot's timeout, malformed JSON) until `healthy` is set.
fn failing_brain(healthy: Arc<AtomicBool>) -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    move |req: &Value| {
        let (role, content) = last(req);
        if healthy.load(Ordering::SeqCst) {
            return say("Back again: all three questions are answered now.");
        }
        match (role.as_str(), content.as_str()) {
            (_, c) if c.contains("first question") => fault_status(500),
            // Far past the bot's 2 s timeout and the test's patience:
            // only a bot that enforces its timeout reports this one.
            (_, c) if c.contains("second question") => fault_hang(600_000),
            (_, c) if c.contains("third question") => fault_malformed(),
            _ => say("Noted."),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_model_fails_500_then_hangs_then_sends_garbage() {
    let s = Scenario::new().await;
    let healthy = Arc::new(AtomicBool::new(false));
    let model = Model::start(failing_brain(healthy.clone())).await;
    let setup = s.setup(
        &model.base_url,
        Host::Local,
        Extra {
            llm: "timeout_secs = 2\nmax_retries = 1",
            ..Extra::default()
        },
    );
    let mut child = setup.spawn(1);
    let (op, room) = s.room(&[]).await;
    let b = s.b();

    each_fault_gets_its_notice_and_commands_keep_working(&op, &room, b).await;
    assert!(
        child.try_wait().expect("try_wait").is_none(),
        "the bot died"
    );

    healthy.store(true, Ordering::SeqCst);
    send(&op, &room, "!retry", None).await;
    eventually("the retried answer", LIMIT, || async {
        let found = bot_messages(&op, &room, b, "Back again").await;
        (!found.is_empty()).then_some(())
    })
    .await;
    signal(&child, libc::SIGTERM);
    let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("stops")
        .expect("wait");
    assert!(status.success(), "{status:?}\n{}", setup.read_log(1));
    // Counted in the room at the end: one notice per fault, no more.
    let all_notices = bot_messages(&op, &room, b, "language model is not answering")
        .await
        .len();
    let pending_answers = bot_messages(&op, &room, b, "Nothing is waiting for a decision")
        .await
        .len();
    let retried = bot_messages(&op, &room, b, "Back again").await.len();
    println!(
        "chaos: injected model faults 500, a hang far past the 2 s timeout, malformed JSON; \
         notices {all_notices} for 3 faults, !pending answered {pending_answers} of 3, \
         !retry answered {retried}, bot stayed up until SIGTERM, then {status}"
    );
    assert_eq!((all_notices, pending_answers, retried), (3, 3, 1));
}

/// The three questions, each answered by a notice that names its fault
/// and offers `!retry`; a `!pending` after each is answered meanwhile.
async fn each_fault_gets_its_notice_and_commands_keep_working(op: &Client, room: &RoomId, b: &str) {
    let mut notices = Vec::new();
    for (n, question) in ["first question", "second question", "third question"]
        .into_iter()
        .enumerate()
    {
        send(op, room, &format!("the {question}, please"), None).await;
        let found = eventually(&format!("notice {}", n + 1), LIMIT, || async {
            let found = bot_messages(op, room, b, "language model is not answering").await;
            (found.len() > n).then_some(found)
        })
        .await;
        notices.push(body(&found[n]).to_string());
        // The `!` commands keep working while the model is down.
        send(op, room, "!pending", None).await;
    }
    assert!(notices[0].contains("500"), "{}", notices[0]);
    assert!(
        notices[1].contains("timed out") || notices[1].contains("timeout"),
        "the hang is reported as a timeout: {}",
        notices[1]
    );
    assert!(
        notices[2].contains("not a chat completion"),
        "{}",
        notices[2]
    );
    for notice in &notices {
        assert!(notice.contains("!retry"), "{notice}");
    }
    eventually("the !pending answers", LIMIT, || async {
        let answers = bot_messages(op, room, b, "Nothing is waiting for a decision")
            .await
            .len();
        (answers >= 3).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_a_second_bot_on_the_same_database_refuses_to_start() {
    // No homeserver is needed: the lock is taken before logging in.
    let unused = Account {
        localpart: "nobody".into(),
        user_id: "@nobody:localhost".into(),
        password: "unused-password".into(),
    };
    a_second_bot_on_sqlite_is_refused(&unused).await;
    let (code, pg_stderr) = a_second_bot_on_postgres_is_refused(&unused).await;
    println!(
        "chaos: injected a second `nomos run` on a database in use (SQLite, PostgreSQL): refused \
         twice with exit {code:?}: {}",
        pg_stderr.lines().last().unwrap_or("")
    );
}

/// The files of a bot that never reaches a homeserver or a model.
fn unreachable_bot(unused: &Account, top: &str) -> Setup {
    Setup::new(
        "http://127.0.0.1:9",
        unused,
        &["@op:localhost"],
        "http://127.0.0.1:9/v1",
        Host::Local,
        Extra {
            top,
            ..Extra::default()
        },
    )
}

/// `nomos run` on `setup`'s config, to its end.
async fn run_to_the_end(setup: &Setup) -> std::process::Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_nomos"))
        .args(["run", "--config"])
        .arg(&setup.config)
        .output()
        .await
        .expect("run")
}

/// SQLite: the first bot's lock file refuses a second, naming the PID,
/// and is free once its holder is gone.
async fn a_second_bot_on_sqlite_is_refused(unused: &Account) {
    let setup = unreachable_bot(unused, "");
    std::fs::create_dir_all(setup.sqlite().parent().expect("dir")).expect("data dir");
    // A data dir open to others is refused before the lock is looked at.
    std::fs::set_permissions(
        setup.sqlite().parent().expect("dir"),
        <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o700),
    )
    .expect("chmod");
    let url = format!("sqlite://{}", setup.sqlite().display());
    let held = nomos::store::instance::lock(&url)
        .await
        .expect("first lock");
    let out = run_to_the_end(&setup).await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the second bot started: {stderr}");
    assert!(stderr.contains("already running"), "{stderr}");
    assert!(
        stderr.contains(&std::process::id().to_string()),
        "names the PID: {stderr}"
    );
    drop(held);
    let again = nomos::store::instance::lock(&url).await;
    assert!(again.is_ok(), "the lock is free once its holder is gone");
    drop(again);
}

/// PostgreSQL: the advisory lock refuses a second bot. Returns its exit
/// code and stderr.
async fn a_second_bot_on_postgres_is_refused(unused: &Account) -> (Option<i32>, String) {
    let pg = fresh_pg_database().await;
    let extra = format!("database_url = \"{pg}\"");
    let setup = unreachable_bot(unused, &extra);
    let held = nomos::store::instance::lock(&pg)
        .await
        .expect("first pg lock");
    let out = run_to_the_end(&setup).await;
    let pg_stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !out.status.success(),
        "the second bot started on PostgreSQL: {pg_stderr}"
    );
    assert!(pg_stderr.contains("already running"), "{pg_stderr}");
    drop(held);
    (out.status.code(), pg_stderr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_sigterm_with_executions_running() {
    let s = Scenario::new().await;
    let work = tempfile::tempdir().expect("tempdir");
    let short_done = work.path().join("short");
    let long_done = work.path().join("long");
    let (short_cmd, long_cmd) = (
        format!("sleep 2; touch {}", short_done.display()),
        format!("sleep 60; touch {}", long_done.display()),
    );
    let brain = proposing(
        "two jobs",
        vec![
            (short_cmd.clone(), "a short job".into()),
            (long_cmd.clone(), "a long job".into()),
        ],
        "Noted.",
    );
    let model = Model::start(brain).await;
    let setup = s.setup(
        &model.base_url,
        Host::Local,
        Extra {
            tail: "[service]\nshutdown_grace_secs = 6\nflush_secs = 10",
            ..Extra::default()
        },
    );
    let mut child = setup.spawn(1);
    let (op, room) = s.room(&[]).await;
    let b = s.b();

    send(&op, &room, "start the two jobs", None).await;
    let (short_card, _) = card(&op, &room, b, "sleep 2;").await;
    let (long_card, _) = card(&op, &room, b, "sleep 60;").await;
    react(&op, &room, &short_card, "✅").await;
    react(&op, &room, &long_card, "✅").await;
    edit_saying(&op, &room, b, &short_card, "running").await;
    edit_saying(&op, &room, b, &long_card, "running").await;

    signal(&child, libc::SIGTERM);
    let signalled = Instant::now();
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("exits within the grace period and the flush")
        .expect("wait");
    let took = signalled.elapsed();
    let log = setup.read_log(1);
    assert!(status.success(), "exit status {status:?}\n{log}");
    assert!(took < Duration::from_secs(20), "took {took:?}");
    assert!(short_done.exists(), "the short job was allowed to finish");
    assert!(!long_done.exists());
    the_short_job_completed_and_the_long_one_was_interrupted(
        &setup,
        (&op, &room, b),
        (&short_card, &long_card),
        &format!("{status} after {:.1} s", took.as_secs_f64()),
    )
    .await;
}

/// After the SIGTERM: the short job completed, the long one interrupted,
/// both cards say so, the outbox was flushed and nothing still runs.
async fn the_short_job_completed_and_the_long_one_was_interrupted(
    setup: &Setup,
    (op, room, b): (&Client, &RoomId, &str),
    (short_card, long_card): (&str, &str),
    exit: &str,
) {
    let store = setup.store().await;
    let executions = setup.executions().await;
    let status_of = |needle: &str| {
        executions
            .iter()
            .find(|(c, _)| c.contains(needle))
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    };
    assert_eq!(status_of("sleep 2;"), "completed");
    assert_eq!(status_of("sleep 60;"), "interrupted");
    assert_eq!(
        store.outbox_depth().await.expect("depth"),
        0,
        "flushed before exit"
    );
    edit_saying(op, room, b, short_card, "completed").await;
    edit_saying(op, room, b, long_card, "interrupted").await;
    let running = executions.iter().filter(|(_, s)| s == "running").count();
    let depth = store.outbox_depth().await.expect("depth");
    println!(
        "chaos: injected SIGTERM with 2 executions running (grace 6 s): {exit}; \
         short job {}, long job {}, outbox depth {depth}, still running {running}",
        status_of("sleep 2;"),
        status_of("sleep 60;"),
    );
    assert_eq!(running, 0);
}
