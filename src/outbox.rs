//! The outbox: every message, card, card edit and attached file goes into
//! the store before it is sent, and a worker delivers it, retrying with
//! backoff until the homeserver takes it. A homeserver outage delays what
//! Nomos says but loses none of it, and what was queued before a crash is
//! sent after the restart.
//!
//! Promises, and how they are kept:
//! - Order: a room's operations are delivered in the order they were
//!   queued; one that cannot be delivered holds back the rest of its room
//!   (never other rooms).
//! - No duplicates: each row carries a transaction id, reused on every
//!   attempt, so a send that reached the homeserver before the connection
//!   dropped is not posted twice.
//! - No stale flood: of several queued edits of one card only the newest
//!   is sent; the others are `superseded`.
//! - References across the queue: a message sent while the homeserver is
//!   away gets the id `outbox:SEQ`; a card threaded under it (or a reply to
//!   it) is resolved to the real event id when it is delivered.
//! - Secrets: every text is redacted before it is stored.
//!
//! [`Outbox`] is the [`Surface`] the agent sees; a [`Carrier`] (the Matrix
//! client) does the sending. The choice of what to send next is the pure
//! function [`plan`].

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use tokio::sync::{Notify, oneshot};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;
use uuid::Uuid;

use crate::chat::{Card, Outbound, Surface, SurfaceError, SurfaceFuture};
use crate::domain::OutboxOp;
use crate::redact::Redactor;
use crate::store::outbox::{NewItem, OutboxRow};
use crate::store::{Store, StoreError, Survives};

/// How a carrier sends. Like [`Surface`], plus the transaction id the
/// outbox keeps for each operation (the same on every attempt).
pub trait Carrier: Send + Sync + 'static {
    /// Posts a message; returns its event id.
    fn send<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        message: &'a Outbound,
    ) -> SurfaceFuture<'a, String>;
    /// Posts a card (in `thread`); returns its event id.
    fn post_card<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, String>;
    /// Edits a card to show its new state.
    fn update_card<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()>;
    /// Attaches a text file next to a card.
    fn attach<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        card: &'a Card,
        name: &'a str,
        text: &'a str,
    ) -> SurfaceFuture<'a, ()>;
    /// Typing notices are not queued: a late one means nothing.
    fn typing<'a>(&'a self, room: &'a str, on: bool) -> SurfaceFuture<'a, ()>;
    /// Resolves once what was delivered before the call has come back
    /// through the room's own stream (the homeserver has handed it out to
    /// the room's clients), or at once where there is no such stream.
    fn echoed(&self) -> SurfaceFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }
    /// Whether an execution's card was delivered to `room` (see
    /// [`Surface::card_shown`]).
    fn card_shown<'a>(&'a self, _room: &'a str, _execution: uuid::Uuid) -> SurfaceFuture<'a, bool> {
        Box::pin(async { Ok(true) })
    }
}

/// One queued operation, as stored (JSON in `outbox.payload`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Item {
    Message {
        message: Outbound,
    },
    Card {
        thread: Option<String>,
        card: Card,
    },
    Edit {
        card: Card,
    },
    Attach {
        card: Card,
        name: String,
        text: String,
    },
}

impl Item {
    fn op(&self) -> OutboxOp {
        match self {
            Item::Message { .. } => OutboxOp::Message,
            Item::Card { .. } => OutboxOp::Card,
            Item::Edit { .. } => OutboxOp::Edit,
            Item::Attach { .. } => OutboxOp::Attach,
        }
    }

    fn execution(&self) -> Option<Uuid> {
        match self {
            Item::Message { .. } => None,
            Item::Card { card, .. } | Item::Edit { card } | Item::Attach { card, .. } => {
                Some(card.execution_id)
            }
        }
    }

    /// The item with every text a person will read redacted.
    fn redacted(self, redactor: &Redactor) -> Item {
        let card = |mut c: Card| {
            c.command = redactor.clean(&c.command);
            c.purpose = redactor.clean(&c.purpose);
            c.output_tail = c.output_tail.map(|t| redactor.clean(&t));
            if let Some(file) = c.file.as_mut() {
                file.diff = redactor.clean(&file.diff);
            }
            c
        };
        match self {
            Item::Message { mut message } => {
                message.markdown = redactor.clean(&message.markdown);
                Item::Message { message }
            }
            Item::Card { thread, card: c } => Item::Card {
                thread,
                card: card(c),
            },
            Item::Edit { card: c } => Item::Edit { card: card(c) },
            Item::Attach {
                card: c,
                name,
                text,
            } => Item::Attach {
                card: card(c),
                name,
                text: redactor.clean(&text),
            },
        }
    }
}

/// The id handed out for a message not delivered yet.
pub fn placeholder(seq: i64) -> String {
    format!("outbox:{seq}")
}

/// The queue position behind a placeholder id.
pub fn parse_placeholder(id: &str) -> Option<i64> {
    id.strip_prefix("outbox:")?.parse().ok()
}

/// The wait before attempt `attempts + 1`: 0.5 s doubling, at most 8 s, so
/// a homeserver back from an outage hears from Nomos within seconds.
pub fn backoff(attempts: i32) -> Duration {
    let exp = u32::try_from(attempts.clamp(0, 4)).unwrap_or(4);
    Duration::from_millis(500 * 2u64.pow(exp))
}

/// What the worker does with a pending row in this pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Send it now.
    Deliver(i64),
    /// A newer edit of the same card is queued: skip this one.
    Supersede(i64),
}

/// Decides this pass: the first pending row of each room is delivered
/// when it is due (a row waiting for its retry holds back its room); an
/// edit with a newer edit of the same card queued behind it is superseded
/// without holding anything back. `rows` are in queue order.
pub fn plan(rows: &[OutboxRow], now: OffsetDateTime) -> Vec<Step> {
    let mut newest_edit: HashMap<Uuid, i64> = HashMap::new();
    for row in rows.iter().filter(|r| r.op == OutboxOp::Edit) {
        if let Some(execution) = row.execution_id {
            newest_edit.insert(execution, row.seq);
        }
    }
    let mut held: HashSet<&str> = HashSet::new();
    let mut steps = Vec::new();
    for row in rows {
        let stale_edit = row.op == OutboxOp::Edit
            && row
                .execution_id
                .and_then(|e| newest_edit.get(&e))
                .is_some_and(|&newest| newest > row.seq);
        if stale_edit {
            steps.push(Step::Supersede(row.seq));
            continue;
        }
        if held.contains(row.room_id.as_str()) {
            continue;
        }
        held.insert(row.room_id.as_str());
        if row.next_attempt_at <= now {
            steps.push(Step::Deliver(row.seq));
        }
    }
    steps
}

/// How long a caller waits for its operation before going on (it stays
/// queued and is delivered later).
const CALLER_WAIT: Duration = Duration::from_secs(5);
/// One delivery attempt's limit (the Matrix client retries inside it).
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(15);
/// Attempts at an operation the homeserver refuses before giving it up.
const MAX_REFUSALS: i32 = 3;
/// How long a typing notice may take before it is skipped.
const TYPING_WAIT: Duration = Duration::from_secs(2);
/// How long delivered (or given up) operations are kept.
const KEEP_DONE: time::Duration = time::Duration::days(7);
/// How often the worker forgets old ones.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// Rows the worker looks at per pass.
const BATCH: i64 = 200;

/// How an operation ended, for a caller waiting on it.
#[derive(Debug, Clone)]
enum Delivered {
    Sent(Option<String>),
    Failed(String),
}

/// Counters for `/metrics`.
#[derive(Debug, Default)]
pub struct OutboxStats {
    pub sent: AtomicU64,
    pub superseded: AtomicU64,
    pub failed: AtomicU64,
    pub retries: AtomicU64,
}

/// The durable [`Surface`]: see the module docs.
pub struct Outbox<T: Carrier> {
    store: Store,
    transport: T,
    redactor: Redactor,
    wake: Notify,
    waiters: tokio::sync::Mutex<HashMap<i64, oneshot::Sender<Delivered>>>,
    /// Rows queued since the worker last read the table, in the order
    /// they were committed (each pushed under `waiters`, right after its
    /// commit): the worker takes them from here rather than reading them
    /// back (the express lane, issue 33).
    express: std::sync::Mutex<Vec<OutboxRow>>,
    stats: Arc<OutboxStats>,
}

impl<T: Carrier> Outbox<T> {
    /// The outbox and its worker, which runs until `stop` is cancelled.
    pub fn start(
        store: Store,
        transport: T,
        redactor: Redactor,
        stop: CancellationToken,
    ) -> Arc<Outbox<T>> {
        let outbox = Arc::new(Outbox {
            store,
            transport,
            redactor,
            wake: Notify::new(),
            waiters: tokio::sync::Mutex::new(HashMap::new()),
            express: std::sync::Mutex::new(Vec::new()),
            stats: Arc::new(OutboxStats::default()),
        });
        tokio::spawn(outbox.clone().supervise(stop));
        outbox
    }

    /// Runs the worker, starting it again should it ever panic: a dead
    /// worker would silently stop everything Nomos says.
    async fn supervise(self: Arc<Self>, stop: CancellationToken) {
        loop {
            match tokio::spawn(self.clone().work(stop.clone())).await {
                Ok(()) => return,
                Err(e) if e.is_panic() => {
                    tracing::error!("the outbox worker panicked; starting it again");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                Err(_) => return,
            }
        }
    }

    pub fn stats(&self) -> Arc<OutboxStats> {
        self.stats.clone()
    }

    /// Waits until nothing is queued, at most `within`; returns how many
    /// operations are still queued.
    pub async fn flush(&self, within: Duration) -> Result<i64, StoreError> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let depth = self.store.outbox_depth().await?;
            if depth == 0 || tokio::time::Instant::now() >= deadline {
                return Ok(depth);
            }
            self.wake.notify_one();
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Stores an operation and wakes the worker; returns its sequence
    /// number.
    async fn enqueue(&self, room: &str, item: Item) -> Result<i64, SurfaceError> {
        self.queue(room, (item, Survives::PowerLoss), None).await
    }

    /// Stores an operation (registering `waiter` for its outcome) and wakes
    /// the worker; returns its sequence number.
    async fn queue(
        &self,
        room: &str,
        (item, survives): (Item, Survives),
        waiter: Option<oneshot::Sender<Delivered>>,
    ) -> Result<i64, SurfaceError> {
        let item = item.redacted(&self.redactor);
        let payload = serde_json::to_string(&item).map_err(|e| SurfaceError {
            room: room.to_string(),
            reason: format!("cannot encode the message: {e}"),
            transient: false,
        })?;
        let mut waiters = self.waiters.lock().await;
        let row = self
            .store
            .outbox_enqueue_row(&NewItem {
                room_id: room,
                op: item.op(),
                execution_id: item.execution(),
                payload: &payload,
                survives,
            })
            .await
            .map_err(|e| SurfaceError {
                room: room.to_string(),
                reason: format!("cannot queue the message: {e}"),
                transient: true,
            })?;
        let seq = row.seq;
        if let Some(tx) = waiter {
            waiters.insert(seq, tx);
        }
        self.express_lane().push(row);
        drop(waiters);
        tracing::debug!(room, seq, "queued");
        self.wake.notify_one();
        Ok(seq)
    }

    /// Queues `item` and waits a little for it to be delivered. `Ok(None)`:
    /// still queued (it will be delivered later).
    async fn submit(&self, room: &str, item: Item) -> Result<(i64, Option<String>), SurfaceError> {
        let (tx, rx) = oneshot::channel();
        let seq = self
            .queue(room, (item, Survives::PowerLoss), Some(tx))
            .await?;
        match tokio::time::timeout(CALLER_WAIT, rx).await {
            Ok(Ok(Delivered::Sent(id))) => Ok((seq, id)),
            Ok(Ok(Delivered::Failed(reason))) => Err(SurfaceError {
                room: room.to_string(),
                reason,
                transient: false,
            }),
            // Timed out, or the worker stopped: it stays queued.
            Ok(Err(_)) | Err(_) => {
                self.waiters.lock().await.remove(&seq);
                tracing::info!(
                    room,
                    seq,
                    "the homeserver has not taken it yet; it stays queued"
                );
                Ok((seq, None))
            }
        }
    }

    async fn notify(&self, seq: i64, outcome: Delivered) {
        if let Some(tx) = self.waiters.lock().await.remove(&seq) {
            let _ = tx.send(outcome);
        }
    }

    /// The worker: delivers what is due, sleeps until the next retry or a
    /// new operation.
    async fn work(self: Arc<Self>, stop: CancellationToken) {
        let mut pruned_at: Option<tokio::time::Instant> = None;
        // The pending rows, when the worker knows them all: those it has
        // not finished, and the express lane's. `None`: read the table.
        let mut known: Option<Vec<OutboxRow>> = None;
        loop {
            if pruned_at.is_none_or(|t| t.elapsed() >= PRUNE_EVERY) {
                pruned_at = Some(tokio::time::Instant::now());
                let before = OffsetDateTime::now_utc() - KEEP_DONE;
                match self.store.outbox_prune(before).await {
                    Ok(0) => {}
                    Ok(n) => tracing::debug!(rows = n, "pruned the outbox"),
                    Err(e) => tracing::warn!(error = %e, "cannot prune the outbox"),
                }
            }
            let rows = match known.take() {
                Some(mut rows) => {
                    rows.append(&mut self.express_lane());
                    rows
                }
                None => match self.read_pending().await {
                    Ok(rows) => rows,
                    Err(e) => {
                        tracing::error!(error = %e, "cannot read the outbox");
                        tokio::select! {
                            () = stop.cancelled() => return,
                            () = tokio::time::sleep(Duration::from_secs(1)) => continue,
                        }
                    }
                },
            };
            let now = OffsetDateTime::now_utc();
            let (progressed, left) = self.run_steps(&rows, now).await;
            // All still pending are known unless the read was cut at the
            // batch, or a row waits for a retry (its time is the table's).
            let whole = (rows.len() as i64) < BATCH;
            known = left.filter(|_| whole);
            if progressed {
                continue;
            }
            let next_retry = rows
                .iter()
                .map(|r| r.next_attempt_at - now)
                .filter(|d| d.is_positive())
                .min()
                .and_then(|d| Duration::try_from(d).ok())
                .unwrap_or(Duration::from_secs(60));
            tokio::select! {
                () = stop.cancelled() => return,
                () = self.wake.notified() => {}
                // (A quiet minute reads the table again, whatever it knew.)
                () = tokio::time::sleep(next_retry) => known = None,
            }
        }
    }

    /// The pending rows as the table holds them, the express lane emptied
    /// in the same step: read under the lock `queue` commits under, every
    /// row is either in this read or pushed to the lane after it.
    async fn read_pending(&self) -> Result<Vec<OutboxRow>, StoreError> {
        let waiters = self.waiters.lock().await;
        let rows = self.store.outbox_pending(BATCH).await;
        self.express_lane().clear();
        drop(waiters);
        rows
    }

    /// The express lane, locked.
    fn express_lane(&self) -> std::sync::MutexGuard<'_, Vec<OutboxRow>> {
        // (A panic while it was held left nothing half done in it.)
        self.express
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Runs `plan`'s steps over `rows`: whether any was taken, and the
    /// rows still pending when each finished one was recorded (`None`
    /// when one waits for a retry or a record failed: the table knows).
    async fn run_steps(
        &self,
        rows: &[OutboxRow],
        now: OffsetDateTime,
    ) -> (bool, Option<Vec<OutboxRow>>) {
        let steps = plan(rows, now);
        let progressed = !steps.is_empty();
        let mut finished = HashSet::new();
        let mut certain = true;
        for step in steps {
            match step {
                Step::Supersede(seq) => {
                    if let Err(e) = self
                        .store
                        .outbox_finish(seq, "superseded", None, None)
                        .await
                    {
                        tracing::error!(seq, error = %e, "cannot update the outbox");
                        certain = false;
                    }
                    finished.insert(seq);
                    self.stats.superseded.fetch_add(1, Ordering::Relaxed);
                    self.notify(seq, Delivered::Sent(None)).await;
                }
                Step::Deliver(seq) => {
                    if let Some(row) = rows.iter().find(|r| r.seq == seq) {
                        certain &= self.deliver(row).await;
                        finished.insert(seq);
                    }
                }
            }
        }
        let left = rows
            .iter()
            .filter(|r| !finished.contains(&r.seq))
            .cloned()
            .collect();
        (progressed, certain.then_some(left))
    }

    /// Delivers one row; whether its end (sent or given up) is recorded.
    async fn deliver(&self, row: &OutboxRow) -> bool {
        let span = tracing::debug_span!("outbox", seq = row.seq, room = %row.room_id, op = %row.op);
        self.deliver_in_span(row).instrument(span).await
    }

    async fn deliver_in_span(&self, row: &OutboxRow) -> bool {
        tracing::debug!("sending");
        let item: Item = match serde_json::from_str(&row.payload) {
            Ok(item) => item,
            Err(e) => {
                let reason = format!("unreadable outbox entry: {e}");
                tracing::error!(%reason);
                return self.give_up(row.seq, &reason).await;
            }
        };
        let attempt = tokio::time::timeout(ATTEMPT_TIMEOUT, self.attempt(row, &item)).await;
        let result = attempt.unwrap_or_else(|_| {
            Err(SurfaceError {
                room: row.room_id.clone(),
                reason: format!("no answer within {} s", ATTEMPT_TIMEOUT.as_secs()),
                transient: true,
            })
        });
        match result {
            Ok(event) => {
                tracing::debug!("delivered");
                let recorded = self
                    .store
                    .outbox_finish(row.seq, "sent", event.as_deref(), None)
                    .await;
                if let Err(e) = &recorded {
                    tracing::error!(error = %e, "sent, but cannot record it");
                }
                if row.attempts > 0 {
                    tracing::info!(attempts = row.attempts + 1, "delivered after retrying");
                }
                self.stats.sent.fetch_add(1, Ordering::Relaxed);
                self.notify(row.seq, Delivered::Sent(event)).await;
                recorded.is_ok()
            }
            Err(e) if !e.transient && row.attempts + 1 >= MAX_REFUSALS => {
                tracing::error!(error = %e.reason, "the homeserver refused it {MAX_REFUSALS} times; giving up");
                self.give_up(row.seq, &e.reason).await
            }
            Err(e) => {
                let wait = backoff(row.attempts);
                if row.attempts == 0 {
                    tracing::warn!(error = %e.reason, "cannot deliver; will retry until the homeserver takes it");
                } else {
                    tracing::debug!(error = %e.reason, attempts = row.attempts + 1, "still cannot deliver");
                }
                self.stats.retries.fetch_add(1, Ordering::Relaxed);
                let next = OffsetDateTime::now_utc() + wait;
                if let Err(e) = self.store.outbox_retry_at(row.seq, next, &e.reason).await {
                    tracing::error!(error = %e, "cannot update the outbox");
                }
                // Still pending, until a time the table keeps.
                false
            }
        }
    }

    /// Gives an operation up; whether that is recorded.
    async fn give_up(&self, seq: i64, reason: &str) -> bool {
        let recorded = self
            .store
            .outbox_finish(seq, "failed", None, Some(reason))
            .await;
        if let Err(e) = &recorded {
            tracing::error!(error = %e, "cannot update the outbox");
        }
        self.stats.failed.fetch_add(1, Ordering::Relaxed);
        self.notify(seq, Delivered::Failed(reason.to_string()))
            .await;
        recorded.is_ok()
    }

    /// One attempt; the event id it made, if any.
    async fn attempt(&self, row: &OutboxRow, item: &Item) -> Result<Option<String>, SurfaceError> {
        let room = row.room_id.as_str();
        let txn = row.txn_id.as_str();
        match item {
            Item::Message { message } => {
                let mut message = message.clone();
                message.thread = self.resolve(message.thread).await;
                message.in_reply_to = self.resolve(message.in_reply_to).await;
                self.transport.send(room, txn, &message).await.map(Some)
            }
            Item::Card { thread, card } => {
                let thread = self.resolve(thread.clone()).await;
                self.transport
                    .post_card(room, txn, thread.as_deref(), card)
                    .await
                    .map(Some)
            }
            Item::Edit { card } => self
                .transport
                .update_card(room, txn, card)
                .await
                .map(|()| None),
            Item::Attach { card, name, text } => self
                .transport
                .attach(room, txn, card, name, text)
                .await
                .map(|()| None),
        }
    }

    /// A placeholder id made real (`None` when the message it stood for
    /// was never delivered: the relation is dropped, the message is not).
    async fn resolve(&self, id: Option<String>) -> Option<String> {
        let id = id?;
        let Some(seq) = parse_placeholder(&id) else {
            return Some(id);
        };
        match self.store.outbox_event_id(seq).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(seq, error = %e, "cannot resolve a queued message's id");
                None
            }
        }
    }
}

impl<T: Carrier> Surface for Outbox<T> {
    fn send<'a>(&'a self, room: &'a str, message: Outbound) -> SurfaceFuture<'a, String> {
        Box::pin(async move {
            let (seq, id) = self.submit(room, Item::Message { message }).await?;
            Ok(id.unwrap_or_else(|| placeholder(seq)))
        })
    }

    // Cards, edits and files return once they are queued: nothing waits on
    // their event ids, the queue keeps them in order, and a caller that
    // waited would hold up what comes next (the "running" edit behind the
    // "approved" one, the agent's next step behind a card).
    fn post_card<'a>(
        &'a self,
        room: &'a str,
        thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let item = Item::Card {
                thread: thread.map(str::to_string),
                card: card.clone(),
            };
            self.enqueue(room, item).await.map(|_| ())
        })
    }

    fn update_card<'a>(&'a self, room: &'a str, card: &'a Card) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let item = Item::Edit { card: card.clone() };
            self.enqueue(room, item).await.map(|_| ())
        })
    }

    fn show_card<'a>(
        &'a self,
        room: &'a str,
        card: &'a Card,
        within: Duration,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let (tx, rx) = oneshot::channel();
            // A running card's first edit: should a power cut lose it, the
            // next start edits the card anyway (the run interrupted), so
            // it does not wait for the disk on the ✅'s path.
            let item = Item::Edit { card: card.clone() };
            let deadline = tokio::time::Instant::now() + within;
            let seq = self.queue(room, (item, Survives::Crash), Some(tx)).await?;
            if tokio::time::timeout_at(deadline, rx).await.is_err() {
                // Still queued: delivered when the homeserver takes it.
                self.waiters.lock().await.remove(&seq);
                return Ok(());
            }
            // And handed out: what waits for it (a command's start) does
            // not compete with the homeserver's delivery to the room.
            let _ = tokio::time::timeout_at(deadline, self.transport.echoed()).await;
            Ok(())
        })
    }

    fn attach<'a>(
        &'a self,
        room: &'a str,
        card: &'a Card,
        name: String,
        bytes: Vec<u8>,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let item = Item::Attach {
                card: card.clone(),
                name,
                text: String::from_utf8_lossy(&bytes).into_owned(),
            };
            self.enqueue(room, item).await.map(|_| ())
        })
    }

    fn typing<'a>(&'a self, room: &'a str, on: bool) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            // Never worth waiting for: a homeserver that is away would hold
            // the agent's turn for as long as it is away.
            match tokio::time::timeout(TYPING_WAIT, self.transport.typing(room, on)).await {
                Ok(result) => result,
                Err(_) => Ok(()),
            }
        })
    }

    fn card_shown<'a>(&'a self, room: &'a str, execution: uuid::Uuid) -> SurfaceFuture<'a, bool> {
        self.transport.card_shown(room, execution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, room: &str, op: &str, execution: Option<u128>, due_in_s: i64) -> OutboxRow {
        OutboxRow {
            seq,
            room_id: room.into(),
            op: op.parse().expect("an op"),
            execution_id: execution.map(Uuid::from_u128),
            payload: String::new(),
            txn_id: format!("t{seq}"),
            attempts: 0,
            next_attempt_at: OffsetDateTime::UNIX_EPOCH + time::Duration::seconds(1000 + due_in_s),
        }
    }

    fn now() -> OffsetDateTime {
        OffsetDateTime::UNIX_EPOCH + time::Duration::seconds(1000)
    }

    #[test]
    fn one_delivery_per_room_in_queue_order() {
        let rows = [
            row(1, "!a", "message", None, 0),
            row(2, "!a", "card", Some(1), 0),
            row(3, "!b", "message", None, 0),
        ];
        assert_eq!(plan(&rows, now()), vec![Step::Deliver(1), Step::Deliver(3)]);
    }

    #[test]
    fn a_row_waiting_for_its_retry_holds_back_its_room_only() {
        let rows = [
            row(1, "!a", "message", None, 5),
            row(2, "!a", "message", None, 0),
            row(3, "!b", "message", None, 0),
        ];
        assert_eq!(plan(&rows, now()), vec![Step::Deliver(3)]);
    }

    #[test]
    fn older_edits_of_a_card_are_superseded_by_the_newest() {
        let rows = [
            row(1, "!a", "edit", Some(7), 0),
            row(2, "!a", "edit", Some(8), 0),
            row(3, "!a", "edit", Some(7), 0),
            row(4, "!a", "edit", Some(7), 0),
        ];
        assert_eq!(
            plan(&rows, now()),
            vec![Step::Supersede(1), Step::Deliver(2), Step::Supersede(3)]
        );
    }

    #[test]
    fn a_card_post_is_never_superseded() {
        let rows = [
            row(1, "!a", "card", Some(7), 0),
            row(2, "!a", "edit", Some(7), 0),
        ];
        assert_eq!(plan(&rows, now()), vec![Step::Deliver(1)]);
    }

    /// A carrier that records what it delivers, refusing (as a busy
    /// homeserver would) the first attempt in the rooms of `refuse_once`.
    #[derive(Default)]
    struct Recorder {
        delivered: std::sync::Mutex<Vec<(String, String, String)>>,
        refuse_once: std::sync::Mutex<HashSet<String>>,
    }

    #[derive(Clone, Default)]
    struct Recording(Arc<Recorder>);

    impl Carrier for Recording {
        fn send<'a>(
            &'a self,
            room: &'a str,
            txn: &'a str,
            message: &'a Outbound,
        ) -> SurfaceFuture<'a, String> {
            Box::pin(async move {
                if self.0.refuse_once.lock().expect("lock").remove(room) {
                    return Err(SurfaceError {
                        room: room.into(),
                        reason: "busy".into(),
                        transient: true,
                    });
                }
                let mut delivered = self.0.delivered.lock().expect("lock");
                delivered.push((room.into(), txn.into(), message.markdown.clone()));
                Ok(format!("$e{}", delivered.len()))
            })
        }
        fn post_card<'a>(
            &'a self,
            _: &'a str,
            _: &'a str,
            _: Option<&'a str>,
            _: &'a Card,
        ) -> SurfaceFuture<'a, String> {
            Box::pin(async { Ok("$card".to_string()) })
        }
        fn update_card<'a>(&'a self, _: &'a str, _: &'a str, _: &'a Card) -> SurfaceFuture<'a, ()> {
            Box::pin(async { Ok(()) })
        }
        fn attach<'a>(
            &'a self,
            _: &'a str,
            _: &'a str,
            _: &'a Card,
            _: &'a str,
            _: &'a str,
        ) -> SurfaceFuture<'a, ()> {
            Box::pin(async { Ok(()) })
        }
        fn typing<'a>(&'a self, _: &'a str, _: bool) -> SurfaceFuture<'a, ()> {
            Box::pin(async { Ok(()) })
        }
    }

    /// The worker takes what was queued since its last read from memory
    /// (the express lane): every operation is still delivered exactly
    /// once, in its room's order, while other rooms queue at the same
    /// time and one room's first attempt is refused and retried; and the
    /// table ends with nothing pending.
    #[tokio::test]
    async fn the_express_lane_delivers_each_once_in_room_order() {
        let dir = tempfile::tempdir().expect("tempdir");
        let url = format!("sqlite://{}", dir.path().join("nomos.db").display());
        let store = Store::open(&url).await.expect("store");
        let recording = Recording::default();
        recording
            .0
            .refuse_once
            .lock()
            .expect("lock")
            .insert("!b:hs".to_string());
        let stop = CancellationToken::new();
        let outbox = Outbox::start(
            store.clone(),
            recording.clone(),
            Redactor::default(),
            stop.clone(),
        );
        let rooms = ["!a:hs", "!b:hs", "!c:hs"];
        let per_room = 40;
        let tasks = rooms.map(|room| {
            let outbox = outbox.clone();
            tokio::spawn(async move {
                for i in 0..per_room {
                    let message = Outbound {
                        markdown: format!("{room} {i}"),
                        ..Outbound::default()
                    };
                    outbox
                        .enqueue(room, Item::Message { message })
                        .await
                        .expect("queued");
                    if i % 7 == 0 {
                        tokio::task::yield_now().await;
                    }
                }
            })
        });
        for task in tasks {
            task.await.expect("task");
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while store.outbox_depth().await.expect("depth") > 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the outbox did not drain"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Queued to a worker that knows the table empty: taken from the
        // lane at once (a lost wake would leave them for a minute).
        for i in per_room..per_room + 5 {
            let message = Outbound {
                markdown: format!("!a:hs {i}"),
                ..Outbound::default()
            };
            outbox
                .enqueue("!a:hs", Item::Message { message })
                .await
                .expect("queued");
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while store.outbox_depth().await.expect("depth") > 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "a quiet worker missed new rows"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        stop.cancel();
        let delivered = recording.0.delivered.lock().expect("lock").clone();
        assert_eq!(
            delivered.len(),
            rooms.len() * per_room + 5,
            "each once: {delivered:?}"
        );
        let txns: HashSet<&str> = delivered.iter().map(|(_, t, _)| t.as_str()).collect();
        assert_eq!(txns.len(), delivered.len(), "a transaction delivered twice");
        for room in rooms {
            let order: Vec<&str> = delivered
                .iter()
                .filter(|(r, _, _)| r == room)
                .map(|(_, _, text)| text.as_str())
                .collect();
            let sent = if room == "!a:hs" {
                per_room + 5
            } else {
                per_room
            };
            let want: Vec<String> = (0..sent).map(|i| format!("{room} {i}")).collect();
            assert_eq!(order, want, "{room}'s order");
        }
        assert!(
            recording.0.refuse_once.lock().expect("lock").is_empty(),
            "the refusal happened"
        );
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!(backoff(0), Duration::from_millis(500));
        assert_eq!(backoff(1), Duration::from_secs(1));
        assert_eq!(backoff(4), Duration::from_secs(8));
        assert_eq!(backoff(40), Duration::from_secs(8));
        assert_eq!(backoff(-1), Duration::from_millis(500));
    }

    #[test]
    fn placeholders_round_trip() {
        assert_eq!(parse_placeholder(&placeholder(42)), Some(42));
        assert_eq!(parse_placeholder("$event:server"), None);
        assert_eq!(parse_placeholder("outbox:x"), None);
    }

    #[test]
    fn items_are_redacted_before_they_are_stored() {
        let r = Redactor::new(["topsecretvalue".to_string()]);
        let item = Item::Message {
            message: Outbound::text("the key is topsecretvalue"),
        }
        .redacted(&r);
        let Item::Message { message } = item else {
            unreachable!()
        };
        assert_eq!(message.markdown, "the key is [REDACTED]");
    }
}
