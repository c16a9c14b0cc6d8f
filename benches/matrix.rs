//! Matrix latencies and memory, against the local Synapse, with the
//! release `nomos` binary as the bot:
//!
//! - approval to run: from the operator's ✅ being sent (300 ms after the
//!   card is ready, as a person reads it first) to the card's "running"
//!   edit arriving at the operator's client, in a plain room and in an
//!   encrypted one;
//! - finish to edit: from the execution's end (as recorded in the store)
//!   to its final edit arriving: one way, bot → homeserver → operator;
//! - each against a reference bot in the same run, their rounds taking
//!   turns (one of the reference's, one of Nomos's), a few lines of
//!   matrix-sdk that edit their own message the moment they see a reaction
//!   to it, in the same kind of room (encrypted too, for the encrypted
//!   figures): ✅ → edit is the same two-way trip (operator → homeserver →
//!   bot → homeserver → operator), and the reference's own edit, from the
//!   moment it sends it to its arrival, is the same one-way trip as the
//!   final edit. Baselines have the shape of what they are compared with,
//!   so Nomos minus the reference is Nomos's own work: the reference keeps
//!   its state and keys in matrix-sdk's SQLite stores, encrypted with a
//!   passphrase and committed without an fsync, as Nomos's are (a bot that
//!   decrypts must keep its keys across restarts; matrix-sdk's in-memory
//!   store is for tests), so matrix-sdk's own store work is on both sides;
//! - for context only (no verdict): the homeserver's echo of a plain
//!   message in a room where no bot listens;
//! - memory: the bot's RSS idle after start, and after 100 rooms and
//!   2,000 messages.
//!
//! Run with `scripts/bench` (it starts Synapse and sets the variables).

// Test code: a failed expectation is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

#[path = "goals.rs"]
mod goals;

#[path = "../tests/it/support/mod.rs"]
#[allow(dead_code, unused_imports)]
mod support;

use std::time::{Duration, Instant};

use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::events::reaction::{OriginalSyncReactionEvent, ReactionEventContent};
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::message::{
    OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId};
use matrix_sdk::{Client, Room};
use nomos::matrix::flood;
use time::OffsetDateTime;
use tokio::sync::mpsc;

/// Approvals measured per kind of room: 300, or `NOMOS_BENCH_ROUNDS` for
/// a quick look (the figures worth reporting come from 300). Over 100
/// rounds a p99 is the second-largest trip, so one stall of the disk or
/// the homeserver in either bot's rounds moved the added p99 by 5-10 ms
/// between runs of the same code (docs/PERFORMANCE.md); over 300 it is
/// the fourth-largest.
fn approvals() -> usize {
    std::env::var("NOMOS_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(300)
}
/// Rounds run first and not counted: an encrypted room's first message
/// shares the room key, which is not what an approval costs.
const WARMUP: usize = 2;
/// How long the operator looks at a card before tapping ✅, for both bots:
/// far less than a person needs to read one, and enough for the bot's sync
/// to be done with the card's own echoes (a tap within milliseconds of the
/// card lands while the bot's sync still carries its own messages, a race
/// no person can cause, and which then decides the figure).
const READING: Duration = Duration::from_millis(300);
const ROOMS: usize = 100;
const MESSAGES: usize = 2_000;

/// A message as the operator's client received it.
#[derive(Debug, Clone)]
struct Seen {
    at: Instant,
    wall: OffsetDateTime,
    sender: String,
    event_id: String,
    /// For edits: the event edited.
    edits: Option<String>,
    body: String,
    /// The homeserver's receive time (ms since the epoch).
    server_ms: u64,
}

/// The least a bot can do between a ✅ and an edit: on "refcard N" from
/// someone else it posts "card N"; on a reaction to one of its messages it
/// edits that message to "running". Same sync loop as Nomos (long polls
/// back to back).
/// Each edit's send time goes to `sent` as (edited event, wall time just
/// before the send).
async fn reference_bot(
    hs: &str,
    account: &support::matrix::Account,
    store: &std::path::Path,
    sent: mpsc::UnboundedSender<(String, OffsetDateTime)>,
) -> Client {
    use matrix_sdk::ruma::events::room::message::ReplacementMetadata;
    let client = persistent(hs, account, store).await;
    client.add_event_handler(
        |ev: OriginalSyncRoomMessageEvent, room: Room, client: Client| async move {
            if client.user_id() == Some(ev.sender.as_ref()) {
                return;
            }
            if let Some(n) = ev.content.body().strip_prefix("refcard ") {
                let _ = room
                    .send(RoomMessageEventContent::notice_plain(format!("card {n}")))
                    .await;
            }
        },
    );
    client.add_event_handler(
        move |ev: OriginalSyncReactionEvent, room: Room, client: Client| {
            let sent = sent.clone();
            async move {
                if client.user_id() == Some(ev.sender.as_ref()) {
                    return;
                }
                let edit = RoomMessageEventContent::notice_plain("running").make_replacement(
                    ReplacementMetadata::new(ev.content.relates_to.event_id.clone(), None),
                );
                let _ = sent.send((
                    ev.content.relates_to.event_id.to_string(),
                    OffsetDateTime::now_utc(),
                ));
                let _ = room.send(edit).await;
            }
        },
    );
    sync_back_to_back(&client);
    client
}

/// A logged-in client whose stores are matrix-sdk's SQLite ones in
/// `store`, set up as Nomos sets up its own (a passphrase, and commits
/// without an fsync: `nomos::matrix::store_sync`), after its first sync.
async fn persistent(
    hs: &str,
    account: &support::matrix::Account,
    store: &std::path::Path,
) -> Client {
    nomos::matrix::store_sync::relax_matrix_stores();
    let client =
        support::matrix::login_with_store(hs, account, store, "reference bot's store passphrase")
            .await;
    client
        .sync_once(SyncSettings::default())
        .await
        .expect("first sync");
    client
}

/// A logged-in client that has had its first sync (nothing before it is
/// seen by the handlers added afterwards).
async fn logged_in(hs: &str, account: &support::matrix::Account) -> Client {
    let client = support::matrix::login(hs, account).await;
    client
        .sync_once(SyncSettings::default())
        .await
        .expect("first sync");
    client
}

/// Long polls back to back, as Nomos syncs: matrix-sdk's own `sync()`
/// waits a second after a quick answer, which would time its pauses, not
/// the homeserver.
fn sync_back_to_back(client: &Client) {
    use tracing::Instrument;
    let syncing = client.clone();
    let who = client.user_id().map(|u| u.localpart().to_string());
    tokio::spawn(
        async move {
            loop {
                let settings = SyncSettings::default().timeout(Duration::from_secs(30));
                if syncing.sync_once(settings).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
        .instrument(tracing::debug_span!("bench_sync", who)),
    );
}

struct Operator {
    client: Client,
    seen: mpsc::UnboundedReceiver<Seen>,
    /// (event id, homeserver receive time, sender, reacted-to event) of reactions.
    reactions: mpsc::UnboundedReceiver<(String, u64, String, String)>,
}

impl Operator {
    async fn login(hs: &str, account: &support::matrix::Account) -> Operator {
        let client = logged_in(hs, account).await;
        let (tx, seen) = mpsc::unbounded_channel();
        let (tx_reactions, reactions) = mpsc::unbounded_channel();
        client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent| {
            let tx = tx.clone();
            async move {
                let (edits, body) = match &ev.content.relates_to {
                    Some(Relation::Replacement(r)) => (
                        Some(r.event_id.to_string()),
                        r.new_content.msgtype.body().to_string(),
                    ),
                    _ => (None, ev.content.body().to_string()),
                };
                let _ = tx.send(Seen {
                    at: Instant::now(),
                    wall: OffsetDateTime::now_utc(),
                    sender: ev.sender.to_string(),
                    event_id: ev.event_id.to_string(),
                    edits,
                    body,
                    server_ms: ev.origin_server_ts.get().into(),
                });
            }
        });
        client.add_event_handler(move |ev: OriginalSyncReactionEvent| {
            let tx_reactions = tx_reactions.clone();
            async move {
                let _ = tx_reactions.send((
                    ev.event_id.to_string(),
                    ev.origin_server_ts.get().into(),
                    ev.sender.to_string(),
                    ev.content.relates_to.event_id.to_string(),
                ));
            }
        });
        sync_back_to_back(&client);
        Operator {
            client,
            seen,
            reactions,
        }
    }

    /// The next message matching `want`, skipping others.
    async fn next(&mut self, what: &str, want: impl Fn(&Seen) -> bool) -> Seen {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            match tokio::time::timeout_at(deadline, self.seen.recv()).await {
                Ok(Some(s)) if want(&s) => return s,
                Ok(Some(_)) => continue,
                _ => panic!("timed out waiting for {what}"),
            }
        }
    }

    /// Waits until `bot` has offered its ✅ and ❌ under `card`: a person
    /// taps the bot's ✅, so the card is ready once both are shown.
    async fn offered(&mut self, card: &str, bot: &str) {
        let mut offered = 0;
        while offered < 2 {
            match tokio::time::timeout(Duration::from_secs(60), self.reactions.recv()).await {
                Ok(Some((_, _, sender, target))) if sender == bot && target == card => offered += 1,
                Ok(Some(_)) => continue,
                _ => panic!("the bot never offered its reactions"),
            }
        }
    }

    /// Taps ✅ on `card` in `room`; returns the reaction's event id.
    async fn approve(&self, room: &OwnedRoomId, card: &str) -> String {
        use std::future::IntoFuture;
        use tracing::Instrument;
        let card = OwnedEventId::try_from(card).expect("card event id");
        self.room(room)
            .send(ReactionEventContent::new(Annotation::new(
                card,
                "✅".into(),
            )))
            .into_future()
            .instrument(tracing::debug_span!("bench_approve"))
            .await
            .expect("react")
            .response
            .event_id
            .to_string()
    }

    /// The homeserver's receive time of our reaction `id`.
    async fn reaction_time(&mut self, id: &str) -> u64 {
        loop {
            match tokio::time::timeout(Duration::from_secs(60), self.reactions.recv()).await {
                Ok(Some((seen, ms, _, _))) if seen == id => return ms,
                Ok(Some(_)) => continue,
                _ => panic!("the reaction never came back"),
            }
        }
    }

    fn room(&self, id: &OwnedRoomId) -> Room {
        self.client.get_room(id).expect("room known")
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// The process's resident set in KiB; `None` when it cannot be read (a
/// missing figure fails the bench, it is never a zero).
fn rss_kib(pid: u32) -> Option<u64> {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .filter(|kib| *kib > 0)
}

/// The two kinds of room measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RoomKind {
    Plain,
    /// Encrypted from its first event (`m.megolm.v1.aes-sha2`), as the
    /// rooms people use are.
    Encrypted,
}

impl RoomKind {
    fn name(self) -> &'static str {
        match self {
            RoomKind::Plain => "plain room",
            RoomKind::Encrypted => "encrypted room",
        }
    }

    /// The approval goals (p50, p99) for this kind of room.
    fn approval_goals(self) -> (goals::Goal, goals::Goal) {
        match self {
            RoomKind::Plain => (goals::APPROVAL_ADDED_P50, goals::APPROVAL_ADDED_P99),
            RoomKind::Encrypted => (
                goals::APPROVAL_ADDED_P50_ENCRYPTED,
                goals::APPROVAL_ADDED_P99_ENCRYPTED,
            ),
        }
    }
}

async fn new_room(op: &Operator, bot: &str) -> OwnedRoomId {
    new_room_of(op, bot, RoomKind::Plain).await
}

async fn new_room_of(op: &Operator, bot: &str, kind: RoomKind) -> OwnedRoomId {
    use matrix_sdk::ruma::events::InitialStateEvent;
    use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
    let mut request = create_room::v3::Request::new();
    request.invite = vec![OwnedUserId::try_from(bot).expect("bot id")];
    if kind == RoomKind::Encrypted {
        request.initial_state = vec![
            InitialStateEvent::with_empty_state_key(
                RoomEncryptionEventContent::with_recommended_defaults(),
            )
            .to_raw_any(),
        ];
    }
    op.client
        .create_room(request)
        .await
        .expect("room")
        .room_id()
        .to_owned()
}

async fn wait_joined(op: &Operator, room: &OwnedRoomId, bot: &str) {
    let bot = OwnedUserId::try_from(bot).expect("id");
    support::eventually("the bot to join", Duration::from_secs(60), || async {
        let member = op
            .room(room)
            .get_member_no_sync(&bot)
            .await
            .ok()
            .flatten()?;
        (member.membership() == &matrix_sdk::ruma::events::room::member::MembershipState::Join)
            .then_some(())
    })
    .await;
}

/// `nomos run` as a process for `bot`, `operator` deciding, with no
/// model and no health checks, its files in `dir`.
fn start_nomos(
    hs: &str,
    bot: &support::matrix::Account,
    operator: &support::matrix::Account,
    dir: &std::path::Path,
) -> tokio::process::Child {
    std::fs::write(
        dir.join("inventory.yaml"),
        "hosts:\n  - name: here\n    transport: local\n    default: true\n",
    )
    .expect("inventory");
    let config = dir.join("nomos.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = \"{data}\"\n[matrix]\nhomeserver = \"{hs}\"\nuser = \"{bot}\"\npassword = \"{pw}\"\n\
             [access]\noperators = [\"{op}\"]\n[inventory]\nfile = \"inventory.yaml\"\n[health]\nenabled = false\n",
            data = dir.join("data").display(),
            bot = bot.user_id,
            pw = bot.password,
            op = operator.user_id,
        ),
    )
    .expect("config");
    // `NOMOS_BENCH_BOT_LOG=debug`: the bot's own log, on the bench's
    // output, for where its time goes (a diagnostic run: logging costs).
    let level = std::env::var("NOMOS_BENCH_BOT_LOG").unwrap_or_else(|_| "warn".into());
    tokio::process::Command::new(env!("CARGO_BIN_EXE_nomos"))
        .args(["--log-level", &level, "run", "--config"])
        .arg(&config)
        .kill_on_drop(true)
        .spawn()
        .expect("start the bot")
}

/// Latencies of one kind of round, in ms: as the operator's client saw
/// them and between the homeserver's receive times.
#[derive(Default)]
struct Trips {
    client: Vec<f64>,
    server: Vec<f64>,
    /// For context: the client figure's first leg (sent → the
    /// homeserver's receive time) and last (the homeserver's receive time
    /// of the answer → its arrival at the operator), in ms.
    legs: Vec<(f64, f64)>,
}

impl Trips {
    fn with_capacity(n: usize) -> Trips {
        Trips {
            client: Vec::with_capacity(n),
            server: Vec::with_capacity(n),
            legs: Vec::with_capacity(n),
        }
    }

    /// One round: as the operator's client saw it, and between the
    /// homeserver's receive times (ms).
    fn record(&mut self, client_ms: f64, server_ms: f64) {
        self.client.push(client_ms);
        self.server.push(server_ms);
    }

    /// The legs of a two-way round around its homeserver span: from
    /// `sent` (wall clock) to the homeserver's receive time of the first
    /// event (`first_ms`), and from that of the answer (`answer_ms`) to
    /// its arrival at the operator (`seen`).
    fn record_legs(
        &mut self,
        sent: OffsetDateTime,
        first_ms: u64,
        answer_ms: u64,
        seen: OffsetDateTime,
    ) {
        let ms = |t: OffsetDateTime| (t.unix_timestamp_nanos() / 1_000) as f64 / 1000.0;
        self.legs
            .push((first_ms as f64 - ms(sent), ms(seen) - answer_ms as f64));
    }
}

/// One round's figures: ✅ → running edit (two-way, with its legs) and
/// the one-way trip of a later edit.
struct Round {
    /// (operator's client ms, homeserver ms)
    approval: (f64, f64),
    /// (✅ sent, the ✅'s receipt ms, the edit's receipt ms, the edit seen)
    legs: (OffsetDateTime, u64, u64, OffsetDateTime),
    edit: (f64, f64),
}

impl Round {
    fn record(self, (approval, edit): &mut (Trips, Trips)) {
        approval.record(self.approval.0, self.approval.1);
        let (sent, first, answer, seen) = self.legs;
        approval.record_legs(sent, first, answer, seen);
        edit.record(self.edit.0, self.edit.1);
    }
}

/// The reference bot: the least any bot can do between a ✅ and an edit,
/// in its own room of the kind measured.
struct Reference {
    user_id: String,
    room: OwnedRoomId,
    sent: mpsc::UnboundedReceiver<(String, OffsetDateTime)>,
    _client: Client,
    _store: tempfile::TempDir,
}

impl Reference {
    async fn start(hs: &str, op: &Operator, kind: RoomKind) -> Reference {
        let account = support::matrix::register(hs, "refbot").await;
        let (sent_tx, sent) = mpsc::unbounded_channel();
        let store = tempfile::tempdir().expect("the reference bot's store folder");
        let client = reference_bot(hs, &account, store.path(), sent_tx).await;
        let room = new_room_of(op, &account.user_id, kind).await;
        support::eventually(
            "the reference bot to join",
            Duration::from_secs(60),
            || async { client.join_room_by_id(&room).await.ok().map(|_| ()) },
        )
        .await;
        wait_joined(op, &room, &account.user_id).await;
        Reference {
            user_id: account.user_id,
            room,
            sent,
            _client: client,
            _store: store,
        }
    }

    /// One round: ✅ → its edit (two-way) and its own edit's trip to the
    /// operator (one-way).
    async fn round(&mut self, op: &mut Operator, i: usize) -> Round {
        op.room(&self.room)
            .send(RoomMessageEventContent::text_plain(format!("refcard {i}")))
            .await
            .expect("refcard");
        let want = format!("card {i}");
        let me = self.user_id.clone();
        let card = op
            .next("the reference card", |s| {
                s.sender == me && s.edits.is_none() && s.body == want
            })
            .await;
        tokio::time::sleep(READING).await;
        let sent = Instant::now();
        let sent_wall = OffsetDateTime::now_utc();
        let reaction = op.approve(&self.room, &card.event_id).await;
        let edited = op
            .next("the reference edit", |s| {
                s.edits.as_deref() == Some(card.event_id.as_str())
            })
            .await;
        let reaction_ms = op.reaction_time(&reaction).await;
        let edit_sent = loop {
            match tokio::time::timeout(Duration::from_secs(60), self.sent.recv()).await {
                Ok(Some((card_id, at))) if card_id == card.event_id => break at,
                Ok(Some(_)) => continue,
                _ => panic!("the reference bot never reported its edit"),
            }
        };
        Round {
            approval: (
                (edited.at - sent).as_secs_f64() * 1000.0,
                edited.server_ms as f64 - reaction_ms as f64,
            ),
            legs: (sent_wall, reaction_ms, edited.server_ms, edited.wall),
            edit: (
                (edited.wall - edit_sent).as_seconds_f64() * 1000.0,
                edited.server_ms as f64 - (edit_sent.unix_timestamp_nanos() / 1_000_000) as f64,
            ),
        }
    }
}

/// One kind of room's rounds, Nomos's and the reference's taking turns,
/// so both meet the same homeserver (its database grows through the
/// run) and the same machine.
async fn rounds(
    hs: &str,
    op: &mut Operator,
    (room, kind): (&OwnedRoomId, RoomKind),
    bot: &str,
    (store, dir): (&nomos::store::Store, &std::path::Path),
) -> Measured {
    let mut reference = Reference::start(hs, op, kind).await;
    let mut nomos = (
        Trips::with_capacity(approvals()),
        Trips::with_capacity(approvals()),
    );
    let mut baseline = (
        Trips::with_capacity(approvals()),
        Trips::with_capacity(approvals()),
    );
    for i in 0..WARMUP + approvals() {
        let theirs = reference.round(op, i).await;
        let ours = nomos_round(op, (room, kind), bot, (store, dir), i).await;
        if i >= WARMUP {
            theirs.record(&mut baseline);
            ours.record(&mut nomos);
        }
    }
    Measured {
        kind,
        nomos,
        reference: baseline,
    }
}

/// Context: the homeserver's own round trip for a plain message, in a
/// room where no bot listens (a bot answering each one would load the
/// homeserver and the operator's sync while it is measured).
async fn echo_rounds(op: &mut Operator, operator: &str) -> Vec<f64> {
    let quiet = op
        .client
        .create_room(create_room::v3::Request::new())
        .await
        .expect("a room of the operator's own")
        .room_id()
        .to_owned();
    support::eventually("the quiet room", Duration::from_secs(60), || async {
        op.client.get_room(&quiet).map(|_| ())
    })
    .await;
    let mut echo = Vec::with_capacity(approvals());
    for i in 0..approvals() {
        let text = format!("echo {i}");
        let sent = Instant::now();
        op.room(&quiet)
            .send(RoomMessageEventContent::text_plain(&text))
            .await
            .expect("send");
        let got = op
            .next("the echo", |s| s.sender == operator && s.body == text)
            .await;
        echo.push((got.at - sent).as_secs_f64() * 1000.0);
    }
    echo
}

/// One of Nomos's rounds: ✅ → the card's running edit, and the
/// execution's end → its final edit (the end as the bot's `store`
/// recorded it).
async fn nomos_round(
    op: &mut Operator,
    (room, kind): (&OwnedRoomId, RoomKind),
    bot: &str,
    (store, dir): (&nomos::store::Store, &std::path::Path),
    i: usize,
) -> Round {
    // A change (it writes a file), so it waits for the ✅; the window
    // that approval opens is revoked at the end of each round. It runs
    // long enough for "running" to be shown: an edit still queued when a
    // newer one comes is dropped, by design.
    let command = format!("sleep 0.3; touch {}/ran-{kind:?}-{i}", dir.display());
    op.room(room)
        .send(RoomMessageEventContent::text_plain(format!(
            "!run host:here {command}"
        )))
        .await
        .expect("!run");
    let card = op
        .next("the card", |s| {
            s.sender == bot && s.edits.is_none() && s.body.contains(&command)
        })
        .await;
    // Ready for a person's tap: the bot's ✅/❌ are there and it has
    // answered the `!run`. (Tapping earlier puts the ✅ behind the rest
    // of the bot's answer in its queue: not what a person sees.)
    op.offered(&card.event_id, bot).await;
    op.next("the !run answer", |s| {
        s.sender == bot && s.edits.is_none() && s.body.contains("waits for an approval")
    })
    .await;
    tokio::time::sleep(READING).await;
    let sent = Instant::now();
    let sent_wall = OffsetDateTime::now_utc();
    let reaction = op.approve(room, &card.event_id).await;
    let running = op
        .next("the running edit", |s| {
            s.edits.as_deref() == Some(card.event_id.as_str()) && s.body.contains("running")
        })
        .await;
    let reaction_ms = op.reaction_time(&reaction).await;
    assert!(
        running.server_ms >= reaction_ms,
        "the running edit predates the ✅: the command did not wait for approval"
    );
    let done = op
        .next("the final edit", |s| {
            s.edits.as_deref() == Some(card.event_id.as_str()) && s.body.contains("completed")
        })
        .await;
    let finished = last_finished_at(store, room).await;
    revoke(op, room, bot).await;
    Round {
        approval: (
            (running.at - sent).as_secs_f64() * 1000.0,
            (running.server_ms - reaction_ms) as f64,
        ),
        legs: (sent_wall, reaction_ms, running.server_ms, running.wall),
        edit: (
            (done.wall - finished).as_seconds_f64() * 1000.0,
            done.server_ms as f64 - (finished.unix_timestamp_nanos() / 1_000_000) as f64,
        ),
    }
}

/// When the room's latest execution finished, as the store recorded it.
async fn last_finished_at(store: &nomos::store::Store, room: &OwnedRoomId) -> OffsetDateTime {
    let session = store
        .open_session(room.as_str(), nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("session");
    nomos::store::executions::recent_in_session(store, session.id, 1)
        .await
        .expect("executions")
        .first()
        .and_then(|e| e.finished_at)
        .expect("finished")
}

/// Sends `!revoke` and waits for its answer.
async fn revoke(op: &mut Operator, room: &OwnedRoomId, bot: &str) {
    op.room(room)
        .send(RoomMessageEventContent::text_plain("!revoke"))
        .await
        .expect("!revoke");
    op.next("!revoke's answer", |s| {
        s.sender == bot && (s.body.contains("Closed") || s.body.contains("No window"))
    })
    .await;
}

/// Memory under load: 100 rooms, 2,000 messages answered.
async fn load(op: &mut Operator, bot: &str) {
    let mut rooms = Vec::with_capacity(ROOMS);
    for _ in 0..ROOMS {
        rooms.push(new_room(op, bot).await);
    }
    for r in &rooms {
        wait_joined(op, r, bot).await;
    }
    // The bot limits each sender (`nomos::matrix::flood`): a burst, then
    // so many a second, far above a person typing. The load keeps within
    // it (half the burst in hand, a tenth below the rate): over it, the
    // bot would rightly ignore the operator.
    let burst = (flood::BURST / 2) as usize;
    let rate = f64::from(flood::PER_SECOND) * 0.9;
    let start = tokio::time::Instant::now();
    for i in 0..MESSAGES {
        if i >= burst {
            let due = Duration::from_secs_f64((i - burst) as f64 / rate);
            tokio::time::sleep_until(start + due).await;
        }
        let r = &rooms[i % ROOMS];
        op.room(r)
            .send(RoomMessageEventContent::text_plain(format!("status {i}?")))
            .await
            .expect("send");
    }
    let mut answered = 0;
    while answered < MESSAGES {
        op.next("the bot's answers", |s| {
            s.sender == bot && s.body.contains("No language model")
        })
        .await;
        answered += 1;
    }
}

/// `NOMOS_BENCH_TRACE=FILE`: the bench's own clients (the operator's,
/// the reference bot's) log to FILE, filtered by `RUST_LOG`, for a look
/// at their side of the trips (the bot logs on its own output).
fn trace_own_clients() {
    let Ok(path) = std::env::var("NOMOS_BENCH_TRACE") else {
        return;
    };
    let file = std::fs::File::create(&path).expect("NOMOS_BENCH_TRACE names a file to write");
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::sync::Mutex::new(file))
        .with_ansi(false)
        .init();
}

#[tokio::main]
async fn main() {
    trace_own_clients();
    let hs = support::require_env("NOMOS_TEST_HOMESERVER");
    let bot = support::matrix::register(&hs, "nomosbench").await;
    let operator = support::matrix::register(&hs, "opbench").await;
    let dir = tempfile::tempdir().expect("dir");
    let mut child = start_nomos(&hs, &bot, &operator, dir.path());
    let pid = child.id().expect("pid");

    let mut op = Operator::login(&hs, &operator).await;
    let room = new_room(&op, &bot.user_id).await;
    let encrypted = new_room_of(&op, &bot.user_id, RoomKind::Encrypted).await;
    wait_joined(&op, &room, &bot.user_id).await;
    wait_joined(&op, &encrypted, &bot.user_id).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let idle_rss = rss_kib(pid);
    let store = nomos::store::Store::open(&format!(
        "sqlite://{}",
        dir.path().join("data/nomos.db").display()
    ))
    .await
    .expect("the bot's store");

    let mut measured = Vec::new();
    // `NOMOS_BENCH_ROOMS=encrypted` (or `plain`) measures one kind only,
    // for a look at it (the other kind's goals are then not measured).
    let only = std::env::var("NOMOS_BENCH_ROOMS").unwrap_or_default();
    let kinds = [(RoomKind::Plain, &room), (RoomKind::Encrypted, &encrypted)];
    for (kind, room) in kinds
        .into_iter()
        .filter(|(kind, _)| only.is_empty() || kind.name().starts_with(only.as_str()))
    {
        let m = rounds(
            &hs,
            &mut op,
            (room, kind),
            &bot.user_id,
            (&store, dir.path()),
        )
        .await;
        measured.push(m);
    }
    let mut echo = echo_rounds(&mut op, &operator.user_id).await;
    echo.sort_by(f64::total_cmp);
    for m in &mut measured {
        m.sort();
    }
    // The latencies are printed before the load (a slow build or a busy
    // machine may not get through it, and they are measured by then).
    let mut verdicts = goals::Verdicts::default();
    report_latencies(&mut verdicts, &measured, &echo);
    load(&mut op, &bot.user_id).await;
    let loaded_rss = rss_kib(pid);
    child.kill().await.ok();
    report_memory(&mut verdicts, idle_rss, loaded_rss);
    verdicts.finish();
}

/// One kind of room's rounds: Nomos's and the reference bot's, each as
/// (✅ → running edit, execution end → final edit).
struct Measured {
    kind: RoomKind,
    nomos: (Trips, Trips),
    reference: (Trips, Trips),
}

impl Measured {
    fn sort(&mut self) {
        for trips in [
            &mut self.nomos.0,
            &mut self.nomos.1,
            &mut self.reference.0,
            &mut self.reference.1,
        ] {
            trips.client.sort_by(f64::total_cmp);
            trips.server.sort_by(f64::total_cmp);
        }
    }
}

/// The latency table: Nomos against the reference, judged where the
/// operator is, for each kind of room; then the echo, for context.
fn report_latencies(verdicts: &mut goals::Verdicts, measured: &[Measured], echo: &[f64]) {
    println!(
        "\nMatrix latency over {} approvals per kind of room (ms), each against a reference bot making the same trips in the same kind of room\n",
        approvals()
    );
    println!(
        "| measure | room | where | Nomos p50 | Nomos p99 | reference p50 | reference p99 | added p50 | added p99 | goal p50 | goal p99 |"
    );
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |");
    for m in measured {
        let rows = [
            (
                "✅ sent → running edit (two-way)",
                (&m.nomos.0, &m.reference.0),
                m.kind.approval_goals(),
            ),
            (
                "execution ends → final edit (one-way)",
                (&m.nomos.1, &m.reference.1),
                (goals::FINAL_EDIT_ADDED_P50, goals::FINAL_EDIT_ADDED_P99),
            ),
        ];
        for (name, trips, goals) in rows {
            latency_rows(verdicts, (name, m.kind), trips, goals);
        }
    }
    report_legs(measured);
    let p = |v: &[f64]| (percentile(v, 0.5), percentile(v, 0.99));
    let (e50, e99) = p(echo);
    println!(
        "\nContext (no goal): echo of a plain message in a room without a bot, p50 {e50:.1} / p99 {e99:.1} ms"
    );
}

/// For context (no goal): where the ✅ → running edit time goes, as
/// medians of its three legs: the ✅ reaching the homeserver, the
/// homeserver's span (the bot's part), the edit reaching the operator.
fn report_legs(measured: &[Measured]) {
    println!(
        "\nContext (no goal): the ✅ → running edit trip in legs, p50 ms (the legs' medians do not add up to the whole's)\n"
    );
    println!("| room | bot | ✅ → homeserver | homeserver span | edit → operator | whole |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for m in measured {
        for (bot, trips) in [("Nomos", &m.nomos.0), ("reference", &m.reference.0)] {
            let median = |mut v: Vec<f64>| {
                v.sort_by(f64::total_cmp);
                percentile(&v, 0.5)
            };
            let first = median(trips.legs.iter().map(|l| l.0).collect());
            let last = median(trips.legs.iter().map(|l| l.1).collect());
            println!(
                "| {} | {bot} | {first:.1} | {:.1} | {last:.1} | {:.1} |",
                m.kind.name(),
                percentile(&trips.server, 0.5),
                percentile(&trips.client, 0.5),
            );
        }
    }
}

/// One measure's rows: where the operator is (judged; the final edit's
/// goal only in the plain room, where it has always been judged) and at
/// the homeserver (1 ms resolution, no client delivery: shown beside it).
fn latency_rows(
    verdicts: &mut goals::Verdicts,
    (name, kind): (&str, RoomKind),
    (nomos, reference): (&Trips, &Trips),
    (goal50, goal99): (goals::Goal, goals::Goal),
) {
    let p = |v: &[f64]| (percentile(v, 0.5), percentile(v, 0.99));
    let judged = name.starts_with('✅') || kind == RoomKind::Plain;
    let places = [
        (&nomos.client, &reference.client, "operator's client"),
        (&nomos.server, &reference.server, "homeserver"),
    ];
    for (i, (nomos, reference, place)) in places.into_iter().enumerate() {
        let (n50, n99) = p(nomos);
        let (r50, r99) = p(reference);
        let (a50, a99) = (n50 - r50, n99 - r99);
        let (g50, g99) = if i == 0 && judged {
            (
                verdicts.judge(goal50, Some(a50)),
                verdicts.judge(goal99, Some(a99)),
            )
        } else {
            ("(shown)".to_string(), "(shown)".to_string())
        };
        println!(
            "| {name} | {} | {place} | {n50:.1} | {n99:.1} | {r50:.1} | {r99:.1} | {a50:.1} | {a99:.1} | {g50} | {g99} |",
            kind.name()
        );
    }
}

/// The memory table: the bot's RSS idle and after the load.
fn report_memory(verdicts: &mut goals::Verdicts, idle_rss: Option<u64>, loaded_rss: Option<u64>) {
    println!("\nMemory of the bot (RSS)\n");
    println!("| state | MiB | goal |");
    println!("| --- | ---: | --- |");
    let mib = |k: Option<u64>| k.map(|k| k as f64 / 1024.0);
    let show = |v: Option<f64>| v.map_or_else(|| "none".to_string(), |v| format!("{v:.1}"));
    let idle = mib(idle_rss);
    let loaded = mib(loaded_rss);
    println!(
        "| idle after start | {} | {} |",
        show(idle),
        verdicts.judge(goals::RSS_IDLE, idle)
    );
    println!(
        "| after {ROOMS} rooms and {MESSAGES} messages | {} | {} |",
        show(loaded),
        verdicts.judge(goals::RSS_LOADED, loaded)
    );
}
