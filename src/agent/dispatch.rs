//! Runs approved executions in the background and keeps their cards live.
//!
//! [`Dispatcher::start`] claims an execution through the store (so it runs
//! once, whoever asks twice), runs it, edits its card while it runs (at
//! most once per `status_interval`, with elapsed time and output tail) and
//! once more when it ends, then tells the continuation worker. Each run can
//! be cancelled by id.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Notify, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;
use uuid::Uuid;

use crate::chat::{Card, Surface};
use crate::domain::fleet::FleetReport;
use crate::exec::runner::{self, Executed, Start};
use crate::exec::{Executor, OutputSink, Stream};
use crate::store::Store;
use crate::store::executions::{Approval, Execution};

/// An execution ended (sent to the continuation worker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finished {
    pub execution: Uuid,
    pub session: Option<Uuid>,
}

/// Output kept for a running card.
const LIVE_TAIL_BYTES: usize = 4096;

/// Output longer than this many lines is also attached as a file.
const ATTACH_OVER_LINES: usize = 15;

#[derive(Clone)]
pub struct Dispatcher {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    executor: Executor,
    surface: Arc<dyn Surface>,
    finished: mpsc::UnboundedSender<Finished>,
    status_interval: Duration,
    running: Mutex<HashMap<Uuid, CancellationToken>>,
    tasks: TaskTracker,
    /// Finished notices sent but not yet taken up by the worker.
    unread: Arc<Unread>,
    /// Set on shutdown: nothing new starts.
    closed: AtomicBool,
    /// Cancelled on shutdown: a fleet's rollout starts no further batch.
    stopping: CancellationToken,
}

/// Finished notices the continuation worker has not taken up yet, and a
/// signal for whoever waits for the agent to settle.
#[derive(Default)]
pub(super) struct Unread {
    count: AtomicUsize,
    changed: Arc<Notify>,
}

impl Unread {
    /// The worker took one notice up.
    pub(super) fn read(&self) {
        self.count.fetch_sub(1, Ordering::SeqCst);
        self.changed.notify_waiters();
    }
}

impl Dispatcher {
    pub fn new(
        store: Store,
        executor: Executor,
        surface: Arc<dyn Surface>,
        finished: mpsc::UnboundedSender<Finished>,
        status_interval: Duration,
    ) -> Dispatcher {
        Dispatcher {
            inner: Arc::new(Inner {
                store,
                executor,
                surface,
                finished,
                status_interval,
                running: Mutex::new(HashMap::new()),
                tasks: TaskTracker::new(),
                unread: Arc::new(Unread::default()),
                closed: AtomicBool::new(false),
                stopping: CancellationToken::new(),
            }),
        }
    }

    pub fn executor(&self) -> &Executor {
        &self.inner.executor
    }

    /// Starts execution `id` (already approved) in the background; the
    /// receiver gets its final row, or `None` when it did not run here
    /// (someone else claimed it, or it was not approved).
    pub fn start(&self, room: String, id: Uuid) -> oneshot::Receiver<Option<Execution>> {
        self.launch(room, Start::Claim(id), None)
    }

    /// [`Dispatcher::start`] for an execution whose approval was just
    /// granted: its card is drawn from `approval` as it stands, not read
    /// again.
    pub fn start_approved(
        &self,
        room: String,
        approval: Approval,
    ) -> oneshot::Receiver<Option<Execution>> {
        let start = Start::Claim(approval.execution_id);
        self.launch(room, start, Some(approval))
    }

    /// [`Dispatcher::start_approved`] for an execution its approval's own
    /// commit claimed (`running` already: see
    /// [`crate::store::executions::Answering::starts`]).
    pub fn start_claimed(
        &self,
        room: String,
        approval: Approval,
        execution: Execution,
    ) -> oneshot::Receiver<Option<Execution>> {
        self.launch(room, Start::Claimed(Box::new(execution)), Some(approval))
    }

    /// Whether it has stopped taking new work (Nomos is stopping).
    pub fn is_closed(&self) -> bool {
        self.inner.closed.load(Ordering::SeqCst)
    }

    fn launch(
        &self,
        room: String,
        start: Start,
        approval: Option<Approval>,
    ) -> oneshot::Receiver<Option<Execution>> {
        let id = start.id();
        let (tx, rx) = oneshot::channel();
        if self.inner.closed.load(Ordering::SeqCst) {
            // Shutting down: it stays approved (or claimed by its
            // approval), and the stop's or the next start's reconciliation
            // reports it as interrupted.
            tracing::info!(execution = %id, "not started: Nomos is stopping");
            let _ = tx.send(None);
            return rx;
        }
        let inner = self.inner.clone();
        let span = tracing::info_span!("dispatch", execution = %id);
        self.inner.tasks.spawn(
            async move {
                let end = inner.run(&room, start, approval).await;
                let _ = tx.send(end);
                inner.unread.changed.notify_waiters();
            }
            .instrument(span),
        );
        rx
    }

    /// Cancels a running execution; `false` when it is not running here.
    pub fn cancel(&self, id: Uuid) -> bool {
        let running = self
            .inner
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match running.get(&id) {
            Some(token) => {
                token.cancel();
                true
            }
            None => false,
        }
    }

    /// Stops taking new work; waits up to `grace` for what runs. Returns
    /// `true` when everything finished in time; otherwise the remaining
    /// runs are cancelled (the caller marks them `interrupted` first, so
    /// the cancellation does not overwrite that).
    pub async fn close(&self, grace: Duration) -> bool {
        self.inner.closed.store(true, Ordering::SeqCst);
        self.inner.stopping.cancel();
        self.inner.tasks.close();
        tokio::time::timeout(grace, self.inner.tasks.wait())
            .await
            .is_ok()
    }

    /// Cancels every run still going and waits up to `within` for them to
    /// wind down.
    pub async fn cancel_all(&self, within: Duration) {
        for token in self
            .inner
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .values()
        {
            token.cancel();
        }
        let _ = tokio::time::timeout(within, self.inner.tasks.wait()).await;
    }

    /// Executions running now.
    pub fn running(&self) -> usize {
        self.inner
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    /// Waits until every execution started so far has ended.
    pub async fn wait(&self) {
        self.inner.tasks.close();
        self.inner.tasks.wait().await;
    }

    /// Whether nothing is running and every finished notice was read.
    pub fn is_idle(&self) -> bool {
        self.inner.tasks.is_empty() && self.inner.unread.count.load(Ordering::SeqCst) == 0
    }

    /// The unread finished notices (the worker marks them read).
    pub(super) fn unread(&self) -> Arc<Unread> {
        self.inner.unread.clone()
    }

    /// Resolves at the next change that can make the dispatcher idle: a
    /// run ending, a notice read. Create it before checking [`is_idle`]
    /// (and `enable` it) so no change is missed in between.
    ///
    /// [`is_idle`]: Dispatcher::is_idle
    pub(super) fn changes(&self) -> Arc<Notify> {
        self.inner.unread.changed.clone()
    }
}

impl Inner {
    async fn run(
        self: &Arc<Self>,
        room: &str,
        start: Start,
        approval: Option<Approval>,
    ) -> Option<Execution> {
        let id = start.id();
        let tail = Arc::new(Mutex::new(LiveTail::default()));
        let sink: OutputSink = {
            let tail = tail.clone();
            Arc::new(move |_: Stream, bytes: &[u8]| {
                if let Ok(mut t) = tail.lock() {
                    t.push(bytes);
                }
            })
        };
        let cancel = CancellationToken::new();
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id, cancel.clone());

        let done = CancellationToken::new();
        let (started_tx, started_rx) = oneshot::channel();
        let (ready_tx, ready_rx) = oneshot::channel();
        let progress = crate::exec::fleet::Progress::until(self.stopping.clone());
        let live = {
            let me = self.clone();
            let room = room.to_string();
            let seen = Seen {
                tail: tail.clone(),
                progress: progress.clone(),
            };
            let done = done.clone();
            tokio::spawn(async move {
                me.live_updates(&room, (started_rx, ready_tx, approval), seen, done)
                    .await
            })
        };
        let watch = runner::Watch {
            sink,
            progress,
            ready: Some(ready_rx),
        };
        let executed = runner::execute_notify(
            &self.store,
            &self.executor,
            start,
            watch,
            cancel,
            move |row| {
                let _ = started_tx.send(row.clone());
            },
        )
        .await;
        done.cancel();
        let _ = live.await;
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&id);

        match executed {
            Ok(Executed::NotClaimed) => {
                tracing::info!("not claimed: it already ran or is not approved");
                None
            }
            Ok(Executed::Finished { status, .. }) => {
                tracing::info!(status = status.as_str(), "finished");
                let row = self.store.get_execution(id).await.ok().flatten();
                if let Some(row) = &row {
                    self.show(room, row).await;
                    self.attach_long_output(room, row).await;
                    self.unread.count.fetch_add(1, Ordering::SeqCst);
                    if self
                        .finished
                        .send(Finished {
                            execution: id,
                            session: row.session_id,
                        })
                        .is_err()
                    {
                        self.unread.read();
                    }
                }
                row
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot record the execution");
                None
            }
        }
    }

    /// Edits the card while the execution runs: as soon as it is claimed
    /// (the run starts once that edit has left, `ready`), then at most once
    /// per interval while its output (or a fleet's report) changes; a
    /// fleet's card at most once a second.
    async fn live_updates(
        &self,
        room: &str,
        (started, ready, approval): (
            oneshot::Receiver<Execution>,
            oneshot::Sender<()>,
            Option<Approval>,
        ),
        seen: Seen,
        done: CancellationToken,
    ) {
        let mut ready = Some(ready);
        let row = tokio::select! {
            row = started => match row {
                Ok(row) => row,
                Err(_) => return, // never claimed
            },
            () = done.cancelled() => return,
        };
        let base = match &approval {
            Some(approval) => Card::new(&row, Some(approval)),
            None => self.card(&row).await,
        };
        // A fleet's first edit shows every target waiting: its rollout
        // starts only once that edit has left, so it has no report yet, and
        // a rollout shorter than a tick would otherwise never be shown
        // rolling out.
        let waiting = row.work.fleet().map(FleetReport::waiting);
        let fleet = waiting.is_some();
        let interval = if fleet {
            self.status_interval.max(FLEET_EDIT_INTERVAL)
        } else {
            self.status_interval
        };
        let mut shown_seq = None;
        // Ticks from the claim: the first edit's wait for its delivery
        // does not push the next ones back (a short rollout would end
        // before its first live report).
        let mut tick = tokio::time::Instant::now();
        loop {
            let (seq, text) = match seen.tail.lock() {
                Ok(t) => (t.seq, t.text()),
                Err(_) => (0, String::new()),
            };
            let (fleet_seq, report) = seen.progress.latest();
            if shown_seq != Some((seq, fleet_seq)) {
                shown_seq = Some((seq, fleet_seq));
                let mut card = base.clone();
                if fleet {
                    card.show_rollout(report.or_else(|| waiting.clone()));
                } else {
                    card.output_tail = Some(text);
                }
                card.elapsed = row
                    .started_at
                    .map(|s| (time::OffsetDateTime::now_utc() - s).unsigned_abs());
                let shown = match ready.take() {
                    Some(ready) => {
                        let shown = self
                            .surface
                            .show_card(room, &card, runner::READY_WITHIN)
                            .await;
                        let _ = ready.send(());
                        shown
                    }
                    None => self.surface.update_card(room, &card).await,
                };
                if let Err(e) = shown {
                    tracing::debug!(error = %e, "cannot edit the running card");
                }
            }
            // (Behind by more than one tick: one edit now, not a burst.)
            tick = (tick + interval).max(tokio::time::Instant::now());
            tokio::select! {
                () = done.cancelled() => return,
                () = tokio::time::sleep_until(tick) => {}
            }
        }
    }

    async fn card(&self, row: &Execution) -> Card {
        let approval = self
            .store
            .approval_for_execution(row.id)
            .await
            .ok()
            .flatten();
        Card::new(row, approval.as_ref())
    }

    /// Attaches the whole output when the card can show only its end.
    async fn attach_long_output(&self, room: &str, row: &Execution) {
        let Some(result) = row.result.as_ref() else {
            return;
        };
        let (stdout, stderr) = result.streams();
        let lines = stdout.lines().count() + stderr.lines().count();
        if lines <= ATTACH_OVER_LINES && stdout.len() + stderr.len() <= LIVE_TAIL_BYTES {
            return;
        }
        let mut file = String::with_capacity(stdout.len() + stderr.len() + 32);
        file.push_str(stdout);
        if !stderr.is_empty() {
            file.push_str("\n--- stderr ---\n");
            file.push_str(stderr);
        }
        let card = self.card(row).await;
        let name = format!("{}-output.txt", card.short_id());
        if let Err(e) = self
            .surface
            .attach(room, &card, name, file.into_bytes())
            .await
        {
            tracing::warn!(error = %e, "cannot attach the full output");
        }
    }

    async fn show(&self, room: &str, row: &Execution) {
        let card = self.card(row).await;
        if let Err(e) = self.surface.update_card(room, &card).await {
            tracing::warn!(error = %e, "cannot show how the execution ended");
        }
    }
}

/// Least time between two live edits of a fleet's card: a rollout over
/// many targets changes often, and a homeserver rate-limits edits.
const FLEET_EDIT_INTERVAL: Duration = Duration::from_secs(1);

/// What a live card shows of a run: its output, and a fleet's report.
struct Seen {
    tail: Arc<Mutex<LiveTail>>,
    progress: crate::exec::fleet::Progress,
}

/// The last few KB of a running command's output, with a counter that
/// changes whenever output arrives.
#[derive(Default)]
struct LiveTail {
    bytes: Vec<u8>,
    seq: u64,
}

impl LiveTail {
    fn push(&mut self, chunk: &[u8]) {
        self.seq += 1;
        self.bytes.extend_from_slice(chunk);
        if self.bytes.len() > LIVE_TAIL_BYTES * 2 {
            let cut = self.bytes.len() - LIVE_TAIL_BYTES;
            self.bytes.drain(..cut);
        }
    }

    fn text(&self) -> String {
        let start = self.bytes.len().saturating_sub(LIVE_TAIL_BYTES);
        String::from_utf8_lossy(&self.bytes[start..]).into_owned()
    }
}
