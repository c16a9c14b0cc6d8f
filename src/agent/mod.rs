//! The agent: what turns an operator's sentence into a sequence of gated
//! steps and keeps going until the job is done.
//!
//! [`Agent`] is the conversation's front door for every surface: an
//! operator's message becomes a typed confirmation, chat assent, or a turn
//! of the model ([`turn`]); a decision on a card ([`Agent::decide`]) is
//! recorded by the gate and, when it approves, handed to the
//! [`dispatch::Dispatcher`] to run in the background. When an execution
//! ends, the [`continuation`] worker wakes the agent in its session while
//! the session's approval window is open, so a plan runs to its end with
//! one approval. The agent never imports a front end: it speaks through
//! [`Surface`].

pub mod commands;
pub mod continuation;
pub mod dispatch;
pub mod fleet;
pub mod history;
pub mod llm;
pub mod prompt;
pub(crate) mod propose;
pub mod tools;
pub mod turn;
mod undo;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use crate::approvals::{Confirmation, Decider, Gate, Outcome};
use crate::chat::{Card, Inbound, Outbound, Surface, strings};
use crate::domain::{RiskClass, Role};
use crate::exec::Executor;
use crate::gate::assent;
use crate::store::executions::{self, Answer, Answered, Approval, Execution};
use crate::store::{Store, StoreError};
use dispatch::Dispatcher;

/// What became of a proposal.
#[derive(Debug)]
pub(crate) enum Proposing {
    /// Recorded: the request as recorded (with its card's notes) and what
    /// the gate decided.
    Made(Box<(executions::Request, crate::approvals::Proposal)>),
    /// Not recorded: its card could not show all of it; why, in words for
    /// the model or the operator.
    Unreviewable(String),
}

/// How the agent works a turn (see `[agent]` in the config).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentSettings {
    /// The instructions (SOUL.md).
    pub soul: String,
    /// Tool calls per turn before a final status report is asked for.
    pub max_iterations: usize,
    /// Tool results are cut to this many bytes when stored for replay.
    pub result_cap_bytes: usize,
    /// Earlier messages replayed each turn.
    pub history_messages: i64,
    /// Turns whose tool results are replayed as stored; older ones are cut
    /// to a quarter of `result_cap_bytes`. By default every turn's are:
    /// a result cut again later changes bytes a provider has cached, and
    /// the context window's fitting shortens the conversation when it
    /// outgrows the model's window.
    pub recent_turns: usize,
    /// How long a command that runs at once is waited for inside the turn.
    pub inline_wait: Duration,
    /// Bytes of a command's output a tool result carries within its turn.
    pub tool_output_bytes: usize,
    /// Least time between two live edits of a running execution's card.
    pub status_interval: Duration,
    /// How `http_get` fetches (see `[http]` in the config).
    pub fetch: crate::fetch::FetchSettings,
}

/// The instructions built into Nomos.
pub const SOUL: &str = include_str!("../../SOUL.md");

impl Default for AgentSettings {
    fn default() -> Self {
        AgentSettings {
            soul: SOUL.to_string(),
            max_iterations: 40,
            result_cap_bytes: 4096,
            history_messages: 200,
            recent_turns: usize::MAX,
            inline_wait: Duration::from_secs(20),
            tool_output_bytes: 16 * 1024,
            status_interval: Duration::from_secs(2),
            fetch: crate::fetch::FetchSettings::default(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Llm(#[from] llm::LlmError),
}

/// What became of an operator's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handled {
    /// It was the typed phrase of a destructive card, which now runs.
    Confirmed(Uuid),
    /// It was assent: these approvals of the last turn were granted.
    Assented(Vec<Uuid>),
    /// It started a turn of the agent.
    Turn(turn::TurnReport),
    /// The agent could not take it (no model configured, or it failed);
    /// the room was told.
    Unavailable,
    /// Nothing was decided and the room was told why: a phrase the gate
    /// refused (four-eyes rule), a phrase that fits several cards, or
    /// assent with no card it could be about.
    Refused,
}

/// Counts the continuation worker keeps (for tests and metrics).
#[derive(Debug, Default)]
pub struct Stats {
    /// Finished executions that woke the agent.
    pub woken: AtomicU64,
    /// Finished executions left for the operator (no open window).
    pub left: AtomicU64,
    /// Finished executions whose result a turn had already taken.
    pub already_seen: AtomicU64,
}

/// The parts an [`Agent`] is made of.
pub struct Parts {
    pub store: Store,
    pub gate: Gate,
    pub executor: Executor,
    /// `None` when no model is configured: `!` commands still work.
    pub llm: Option<llm::Client>,
    pub surface: Arc<dyn Surface>,
    /// `matrix` or `console` (recorded on the session).
    pub surface_kind: crate::domain::SurfaceKind,
    pub settings: AgentSettings,
}

#[derive(Clone)]
pub struct Agent {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    gate: Gate,
    llm: Option<llm::Client>,
    surface: Arc<dyn Surface>,
    surface_kind: crate::domain::SurfaceKind,
    dispatcher: Dispatcher,
    tools: tools::Registry,
    fetcher: Result<crate::fetch::Fetcher, String>,
    settings: AgentSettings,
    /// One turn at a time per session.
    locks: Mutex<HashMap<Uuid, Arc<tokio::sync::Mutex<()>>>>,
    /// Each session's room, as read once (a session never moves): a
    /// decision's room check reads it here, not from the store again.
    session_rooms: Mutex<HashMap<Uuid, String>>,
    stats: Stats,
    /// Turns the continuation worker started.
    wakes: TaskTracker,
    /// The continuation worker and the expiry sweep.
    background: TaskTracker,
}

impl Agent {
    /// Builds the agent and starts its continuation worker, which stops
    /// when `shutdown` is cancelled.
    pub fn start(parts: Parts, shutdown: CancellationToken) -> Agent {
        // Building a client fails only when TLS cannot be set up at all;
        // then `http_get` reports it on every call.
        let fetcher =
            crate::fetch::Fetcher::new(parts.settings.fetch.clone()).map_err(|e| e.to_string());
        let (finished_tx, finished_rx) = tokio::sync::mpsc::unbounded_channel();
        // The gate asks before read-only work where the executor found it
        // cannot confine it.
        let gate = parts
            .gate
            .with_confinability(parts.executor.confinability());
        let dispatcher = Dispatcher::new(
            parts.store.clone(),
            parts.executor,
            parts.surface.clone(),
            finished_tx,
            parts.settings.status_interval,
        );
        let agent = Agent {
            inner: Arc::new(Inner {
                store: parts.store,
                gate,
                llm: parts.llm,
                surface: parts.surface,
                surface_kind: parts.surface_kind,
                dispatcher,
                tools: tools::Registry::standard(),
                fetcher,
                settings: parts.settings,
                locks: Mutex::new(HashMap::new()),
                session_rooms: Mutex::new(HashMap::new()),
                stats: Stats::default(),
                wakes: TaskTracker::new(),
                background: TaskTracker::new(),
            }),
        };
        let background = &agent.inner.background;
        background.spawn(continuation::run(
            agent.clone(),
            finished_rx,
            shutdown.clone(),
        ));
        background.spawn(expiry(agent.clone(), shutdown));
        background.close();
        agent
    }

    /// Waits up to `within` for the continuation worker and the expiry
    /// sweep to end (they end when the agent's `shutdown` is cancelled);
    /// `false` when they did not.
    pub async fn join_background(&self, within: Duration) -> bool {
        tokio::time::timeout(within, self.inner.background.wait())
            .await
            .is_ok()
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    pub fn gate(&self) -> &Gate {
        &self.inner.gate
    }

    pub fn dispatcher(&self) -> &Dispatcher {
        &self.inner.dispatcher
    }

    /// The model client's counters, when a model is configured.
    pub fn llm_stats(&self) -> Option<Arc<llm::LlmStats>> {
        self.inner.llm.as_ref().map(llm::Client::stats)
    }

    pub fn stats(&self) -> &Stats {
        &self.inner.stats
    }

    pub fn tools(&self) -> &tools::Registry {
        &self.inner.tools
    }

    /// Waits until the agent has nothing left to do on its own: no
    /// execution running, no result unread, no continuation turn going.
    /// (`nomos chat` with piped input, tests, shutdown.)
    pub async fn settle(&self) {
        let changes = self.inner.dispatcher.changes();
        loop {
            // Listening before looking: a change in between is not lost.
            let changed = changes.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            self.inner.dispatcher.wait().await;
            self.inner.wakes.close();
            self.inner.wakes.wait().await;
            if self.inner.dispatcher.is_idle() && self.inner.wakes.is_empty() {
                return;
            }
            changed.await;
        }
    }

    /// Shutdown: nothing new starts; running executions get `grace` to
    /// finish; what still runs then is marked `interrupted` (and shown so
    /// on its card) before its channel is closed.
    pub async fn stop(&self, grace: Duration) {
        let dispatcher = &self.inner.dispatcher;
        let running = dispatcher.running();
        if running > 0 {
            tracing::info!(
                running,
                grace_secs = grace.as_secs(),
                "waiting for running executions"
            );
        }
        if dispatcher.close(grace).await {
            return;
        }
        let store = &self.inner.store;
        match executions::interrupt_running(store, OffsetDateTime::now_utc()).await {
            Ok(interrupted) => {
                dispatcher.cancel_all(Duration::from_secs(5)).await;
                for execution in &interrupted {
                    tracing::warn!(execution = %execution.id, "still running at shutdown; marked interrupted");
                    self.show_in_session(execution).await;
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot mark the running executions interrupted");
                dispatcher.cancel_all(Duration::from_secs(5)).await;
            }
        }
    }

    /// After a restart: shows each interrupted execution and each expired
    /// approval on its card, and tells each room what was interrupted.
    pub async fn report_restart(&self, interrupted: &[Execution], expired: &[Approval]) {
        let store = &self.inner.store;
        let mut by_room: std::collections::BTreeMap<String, Vec<&Execution>> =
            std::collections::BTreeMap::new();
        for execution in interrupted {
            self.show_in_session(execution).await;
            if let Some(session) = execution.session_id
                && let Ok(Some(session)) = store.get_session(session).await
            {
                by_room.entry(session.room_id).or_default().push(execution);
            }
        }
        for approval in expired {
            if let Ok(Some(execution)) = store.get_execution(approval.execution_id).await {
                self.show_in_session(&execution).await;
            }
        }
        for (room, executions) in by_room {
            let lines: Vec<(String, String, String)> = executions
                .iter()
                .map(|e| {
                    (
                        crate::domain::short_id(e.id),
                        e.target.clone(),
                        e.command.clone(),
                    )
                })
                .collect();
            self.say(
                &room,
                Outbound::notice(strings::approvals::interrupted_report(&lines)),
            )
            .await;
        }
    }

    /// Shows an execution's state on its card, in the room of its session.
    pub async fn show_in_session(&self, execution: &Execution) {
        let store = &self.inner.store;
        let room = match execution.session_id {
            Some(session) => store
                .get_session(session)
                .await
                .ok()
                .flatten()
                .map(|s| s.room_id),
            None => None,
        };
        let Some(room) = room else {
            return;
        };
        let approval = store
            .approval_for_execution(execution.id)
            .await
            .ok()
            .flatten();
        self.show(&room, execution, approval.as_ref()).await;
    }

    /// An operator's message in a room: a typed confirmation, assent, or
    /// words for the model. The front end has already checked that the
    /// sender is an operator and that the message was not handled before.
    pub async fn on_message(&self, inbound: &Inbound) -> Result<Handled, AgentError> {
        let store = &self.inner.store;
        let session = store
            .open_session(&inbound.room, self.inner.surface_kind)
            .await?;
        let now = OffsetDateTime::now_utc();
        let pending = executions::pending_approvals(store, session.id, None).await?;

        let in_scope = |execution: &Uuid| {
            inbound
                .phrase_scope
                .as_ref()
                .is_none_or(|scope| scope.contains(execution))
        };
        if let Some(why) = inbound.untrusted {
            // Never a decision, and never a turn either: what a turn
            // proposes can run through an open window, which would be a
            // decision by other means. Said so, so nobody thinks it acted.
            let notice = Outbound {
                kind: crate::chat::Kind::Notice,
                ..Outbound::reply(inbound, strings::approvals::untrusted_decision(why))
            };
            self.say(&inbound.room, notice).await;
            return Ok(Handled::Refused);
        }
        let destructive: Vec<Uuid> = pending
            .iter()
            .filter(|(e, a)| a.confirmation_phrase.is_some() && in_scope(&e.id))
            .map(|(_, a)| a.id)
            .collect();
        if !destructive.is_empty()
            && let Some(handled) = self.confirmation(inbound, &destructive, now).await?
        {
            return Ok(handled);
        }

        let may_decide =
            inbound.untrusted.is_none() && self.inner.gate.approvers().may_decide(&inbound.sender);
        if may_decide && assent::is_assent(&inbound.body) {
            return self.assent(inbound, session.id, now).await;
        }
        self.turn(session.id, turn::Input::from_user(inbound)).await
    }

    /// A message as a typed confirmation of one of `candidates`; `None`
    /// when it is no waiting phrase.
    async fn confirmation(
        &self,
        inbound: &Inbound,
        candidates: &[Uuid],
        now: OffsetDateTime,
    ) -> Result<Option<Handled>, AgentError> {
        let typed = crate::approvals::Typed {
            actor: &inbound.sender,
            message: &inbound.body,
            event: Some(&inbound.event_id),
            candidates,
            replied_to: inbound.replied_card,
            said_at: inbound.said_at,
        };
        let notice = |text: String| Outbound {
            kind: crate::chat::Kind::Notice,
            ..Outbound::reply(inbound, text)
        };
        Ok(Some(match self.inner.gate.confirm(&typed, now).await? {
            Confirmation::Approved(approval) => {
                self.approved(&inbound.room, &approval).await?;
                Handled::Confirmed(approval.execution_id)
            }
            Confirmation::NotByRequester { phrase } => {
                self.say(
                    &inbound.room,
                    notice(strings::approvals::four_eyes(&phrase)),
                )
                .await;
                Handled::Refused
            }
            Confirmation::Ambiguous(executions) => {
                let ids: Vec<String> = executions
                    .iter()
                    .map(|id| crate::domain::short_id(*id))
                    .collect();
                self.say(
                    &inbound.room,
                    notice(strings::approvals::phrase_ambiguous(&ids)),
                )
                .await;
                Handled::Refused
            }
            Confirmation::NoMatch => return Ok(None),
        }))
    }

    /// An approver's plain assent: approves the waiting cards of the last
    /// turn that had finished when it was said, among those already in the
    /// room then. It takes the session's lock, as turns do, so it never
    /// reads a turn half-way. With nothing of that turn waiting, the
    /// operator agrees with a plan the agent only described: the agent is
    /// told to carry it out, unless other cards are waiting (they need
    /// their own ✅, and the operator is told so).
    async fn assent(
        &self,
        inbound: &Inbound,
        session: Uuid,
        now: OffsetDateTime,
    ) -> Result<Handled, AgentError> {
        let said_at = inbound.said_at.unwrap_or(now);
        let cards_posted = inbound.said_at.is_some();
        let (granted, unseen) = {
            let lock = self.session_lock(session);
            let _held = lock.lock().await;
            if self
                .inner
                .store
                .is_redacted_by(&inbound.event_id, &inbound.sender)
                .await?
            {
                // Taken back while it waited for the turn to end.
                return Ok(Handled::Refused);
            }
            let (mut asked, unseen) = self.assent_scope(session, said_at, cards_posted).await?;
            if let Some(card) = inbound.replied_card {
                // A reply to one card agrees to that card only.
                let only = self.inner.store.approval_for_execution(card).await?;
                asked.retain(|id| only.as_ref().is_some_and(|a| a.id == *id));
            }
            let granted = self
                .inner
                .gate
                .assent(
                    &inbound.sender,
                    &inbound.body,
                    Some(&inbound.event_id),
                    &asked,
                    now,
                )
                .await?;
            (granted, unseen)
        };
        if !granted.is_empty() {
            for approval in &granted {
                self.approved(&inbound.room, approval).await?;
            }
            return Ok(Handled::Assented(
                granted.iter().map(|a| a.execution_id).collect(),
            ));
        }
        if !unseen.is_empty() {
            let ids: Vec<String> = unseen
                .iter()
                .map(|id| crate::domain::short_id(*id))
                .collect();
            self.say(
                &inbound.room,
                Outbound {
                    kind: crate::chat::Kind::Notice,
                    ..Outbound::reply(inbound, strings::approvals::assent_found_no_card(&ids))
                },
            )
            .await;
            return Ok(Handled::Refused);
        }
        let input = turn::Input::from_user(inbound)
            .with_note(strings::turn::carry_out_the_plan().to_string());
        self.turn(session, input).await
    }

    /// What assent said at `said_at` may approve: the waiting approvals of
    /// the last turn finished by then whose cards were in the room by then.
    /// Also the waiting executions it could not have been about (cards of
    /// a later or unfinished turn, or posted after it), for the notice.
    async fn assent_scope(
        &self,
        session: Uuid,
        said_at: OffsetDateTime,
        cards_posted: bool,
    ) -> Result<(Vec<Uuid>, Vec<Uuid>), AgentError> {
        let store = &self.inner.store;
        let last = store.last_finished_turn(session, said_at).await?;
        let mut asked = Vec::new();
        let mut unseen = Vec::new();
        for (execution, approval) in executions::pending_approvals(store, session, None).await? {
            let Some(turn) = execution.turn_id else {
                continue; // an operator's own `!run`: only its card decides it
            };
            match last {
                Some((last, _)) if turn == last => {
                    if store
                        .card_shown_by(execution.id, said_at, cards_posted)
                        .await?
                    {
                        asked.push(approval.id);
                    } else {
                        unseen.push(execution.id);
                    }
                }
                Some((_, finished)) if execution.created_at <= finished => {}
                _ => unseen.push(execution.id),
            }
        }
        Ok((asked, unseen))
    }

    /// A decision on a card by any route (reaction, command, console),
    /// recorded by the gate, with everything the front end knows of the
    /// decider; an approval starts the execution. A decision made in a
    /// room other than the card's is ignored, whatever route it came by.
    pub async fn decide(
        &self,
        room: &str,
        approval: &Approval,
        decider: &Decider<'_>,
        answer: Answer,
    ) -> Result<Outcome, StoreError> {
        let execution = self
            .inner
            .store
            .get_execution(approval.execution_id)
            .await?;
        self.decide_on(room, approval, execution, decider, answer)
            .await
    }

    /// [`Agent::decide`] for a caller that has read the approval's
    /// execution already (beside the approval, on the ✅'s path).
    pub async fn decide_on(
        &self,
        room: &str,
        approval: &Approval,
        execution: Option<crate::domain::Execution>,
        decider: &Decider<'_>,
        answer: Answer,
    ) -> Result<Outcome, StoreError> {
        let Some(execution) = self.in_room(execution, room).await? else {
            tracing::warn!(approval = %approval.id, room, actor = decider.actor, "ignored a decision made outside the card's room");
            return Ok(Outcome::Answered(Answered::NotFound));
        };
        // Approved work starts at once: its claim commits with the
        // approval (unless Nomos is stopping, when it stays approved).
        let decider = Decider {
            starts: !self.inner.dispatcher.is_closed(),
            ..*decider
        };
        let outcome = self
            .inner
            .gate
            .decide_on(
                approval,
                &execution,
                &decider,
                answer,
                OffsetDateTime::now_utc(),
            )
            .await?;
        if let Outcome::Answered(Answered::Won {
            approval,
            execution,
            claimed,
            ..
        }) = &outcome
        {
            match answer {
                // Claimed by this decision's own commit: run by this call
                // alone (a row that was `running` already is not claimed).
                Answer::Approve if *claimed => {
                    let (room, execution) = (room.to_string(), (**execution).clone());
                    self.inner
                        .dispatcher
                        .start_claimed(room, approval.clone(), execution);
                }
                Answer::Approve => self.approved(room, approval).await?,
                Answer::Deny => self.show(room, execution, Some(approval)).await,
            }
        }
        Ok(outcome)
    }

    /// The execution, when its card belongs to `room` (its session's
    /// room).
    async fn in_room(
        &self,
        execution: Option<crate::domain::Execution>,
        room: &str,
    ) -> Result<Option<crate::domain::Execution>, StoreError> {
        let store = &self.inner.store;
        let Some(execution) = execution else {
            return Ok(None);
        };
        let Some(session) = execution.session_id else {
            return Ok(None);
        };
        let known = self
            .inner
            .session_rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&session)
            .cloned();
        let session_room = match known {
            Some(known) => Some(known),
            None => {
                let read = store.get_session(session).await?.map(|s| s.room_id);
                if let Some(read) = &read {
                    self.inner
                        .session_rooms
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .insert(session, read.clone());
                }
                read
            }
        };
        Ok((session_room.as_deref() == Some(room)).then_some(execution))
    }

    /// A decision's event was redacted (a ✅ taken back): before the work
    /// started, the approval is withdrawn and the card waits again; after,
    /// the thread is told it was too late.
    /// Returns how many decisions the event had made.
    pub async fn withdraw(&self, room: &str, event: &str, by: &str) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let now = OffsetDateTime::now_utc();
        let withdrawn = executions::withdraw(store, room, event, by, now).await?;
        let count = withdrawn.len();
        for withdrawn in withdrawn {
            match withdrawn {
                executions::Withdrawn::BackToPending {
                    approval,
                    execution,
                } => {
                    tracing::info!(approval = %approval.id, execution = %execution.id, by, "approval withdrawn before it started");
                    self.show(room, &execution, Some(&approval)).await;
                    let notice = Outbound::notice(strings::approvals::approval_withdrawn(by));
                    self.say(room, self.in_card_thread(execution.id, notice).await)
                        .await;
                }
                executions::Withdrawn::TooLate { execution, .. } => {
                    let short = crate::domain::short_id(execution.id);
                    let notice = Outbound::notice(strings::approvals::withdrawn_too_late(&short));
                    self.say(room, self.in_card_thread(execution.id, notice).await)
                        .await;
                }
            }
        }
        Ok(count)
    }

    /// `message` placed in the thread of the execution's card (the card's
    /// own thread, or one rooted at the card), so it is read beside the
    /// card it is about; as it is where the card is not known (the console).
    async fn in_card_thread(&self, execution: Uuid, mut message: Outbound) -> Outbound {
        match self.inner.store.card_of_execution(execution).await {
            Ok(Some(card)) => message.thread = Some(card.thread_root.unwrap_or(card.event_id)),
            Ok(None) => {}
            Err(e) => tracing::warn!(%execution, error = %e, "cannot find the card's thread"),
        }
        message
    }

    /// An approval was granted: run the execution. Its card says who
    /// approved it, and how, in the "running" edit the dispatcher makes as
    /// soon as the run is claimed (an "approved" edit first would only put
    /// a round trip between the ✅ and "running").
    async fn approved(&self, room: &str, approval: &Approval) -> Result<(), StoreError> {
        self.inner
            .dispatcher
            .start_approved(room.to_string(), approval.clone());
        Ok(())
    }

    /// Proposes a request: classifies it once, with the gate's egress
    /// policy ([`crate::approvals::Gate::classify`]), settles what its card
    /// must say beyond the command ([`Agent::prepare`]), and hands both to
    /// the gate, unless its card could not show it whole
    /// ([`crate::approvals::Gate::unreviewable`]).
    async fn propose(
        &self,
        request: executions::Request,
        now: time::OffsetDateTime,
    ) -> Result<Proposing, StoreError> {
        if let Some(why) = fleet::waiting_overlap(&self.inner.store, &request).await? {
            return Ok(Proposing::Unreviewable(why));
        }
        let gate = self.gate();
        let mut request = request;
        let classification = match request.work.fleet() {
            Some(plan) => {
                let (classification, plan) = gate.classify_fleet(&request, plan.clone()).await?;
                request.work = crate::domain::Work::Fleet(Box::new(plan));
                classification
            }
            None => gate.classify(&request).await?,
        };
        if let Some(why) = gate.unreviewable(&request, classification.class) {
            tracing::info!(target = %request.target, "refused a proposal its card could not show");
            return Ok(Proposing::Unreviewable(why));
        }
        let request = self.prepare(request, &classification).await;
        let proposal = gate
            .propose_classified(&request, classification, now)
            .await?;
        Ok(Proposing::Made(Box::new((request, proposal))))
    }

    /// Settles, before a request is proposed, what its card must say
    /// beyond the command, and puts it in the request's work, so the
    /// execution is created with it (its card shows it from the start and
    /// no approval can come before it): whether a container is
    /// snapshotted first (the runner takes it), and what a dry run of a
    /// package change says it will do.
    async fn prepare(
        &self,
        mut request: executions::Request,
        classification: &crate::gate::classify::Classification,
    ) -> executions::Request {
        let executor = self.inner.dispatcher.executor();
        match &mut request.work {
            crate::domain::Work::PctCreate(_) | crate::domain::Work::Knowledge(_) => {
                return request;
            }
            crate::domain::Work::Fleet(plan) => {
                plan_fleet_snapshots(executor, plan).await;
                return request;
            }
            crate::domain::Work::Run { .. } | crate::domain::Work::WriteFile { .. } => {}
        }
        let class = classification.class;
        if let Some(plan) = crate::exec::snapshot::plan(executor, &request.target, class).await {
            request.work.plan_snapshot(plan);
        }
        if let crate::domain::Work::Run { preview, .. } = &mut request.work
            && class != crate::domain::RiskClass::ReadOnly
        {
            *preview =
                crate::exec::apt_preview::preview(executor, &request.target, classification).await;
        }
        request
    }

    /// Posts an execution's card in `thread`.
    pub async fn post_card(
        &self,
        room: &str,
        thread: Option<&str>,
        execution: &Execution,
        approval: Option<&Approval>,
    ) {
        let card = Card::new(execution, approval);
        if let Err(e) = self.inner.surface.post_card(room, thread, &card).await {
            tracing::warn!(execution = %execution.id, error = %e, "cannot post the card");
            return;
        }
        if let Some(file) = card.file.as_ref().filter(|f| f.is_cut()) {
            // The card shows the start of a long diff; the whole of it
            // goes beside the card as a file.
            let name = crate::chat::file_view::FileView::attachment_name(&card.short_id());
            // Through the same visibility pass as the card's lines.
            let bytes = crate::domain::file::diff_shown(&file.diff).into_bytes();
            if let Err(e) = self.inner.surface.attach(room, &card, name, bytes).await {
                tracing::warn!(execution = %execution.id, error = %e, "cannot attach the diff");
            }
        }
    }

    /// Shows an execution's current state on its card.
    pub async fn show(&self, room: &str, execution: &Execution, approval: Option<&Approval>) {
        let card = Card::new(execution, approval);
        if let Err(e) = self.inner.surface.update_card(room, &card).await {
            tracing::warn!(execution = %execution.id, error = %e, "cannot update the card");
        }
    }

    /// Expires approvals nobody decided in time and shows it on their
    /// cards. Returns how many expired.
    pub async fn expire_due(&self) -> Result<usize, StoreError> {
        let store = &self.inner.store;
        let expired = executions::expire_due(store, OffsetDateTime::now_utc()).await?;
        for approval in &expired {
            if let Some(execution) = store.get_execution(approval.execution_id).await? {
                self.show_in_session(&execution).await;
            }
        }
        Ok(expired.len())
    }

    /// `!retry`: asks the model again about the operator's last message
    /// when the last turn did not end with an answer (the model failed or
    /// timed out). Returns `false` when there is nothing to retry.
    pub async fn retry(&self, inbound: &Inbound) -> Result<bool, AgentError> {
        let store = &self.inner.store;
        let session = store
            .open_session(&inbound.room, self.inner.surface_kind)
            .await?;
        let last = store.history(session.id, 1).await?;
        let answered = match last.last() {
            None => true,
            Some(m) => m.role == Role::Assistant && m.tool_calls.is_none(),
        };
        if answered {
            return Ok(false);
        }
        tracing::info!(session = %session.id, by = %inbound.sender, "retrying the last turn");
        let input = turn::Input {
            user: None,
            notes: vec![strings::turn::retry_note().to_string()],
        };
        self.turn(session.id, input).await?;
        Ok(true)
    }

    /// Runs one turn in `session`, one at a time per session, handing the
    /// agent every result it has not seen yet.
    async fn turn(&self, session: Uuid, input: turn::Input) -> Result<Handled, AgentError> {
        let lock = self.session_lock(session);
        let _held = lock.lock().await;
        let results =
            executions::take_results(&self.inner.store, session, None, OffsetDateTime::now_utc())
                .await?;
        turn::run(self, session, input, results).await
    }

    /// Wakes the agent in `session` because an execution there finished,
    /// if the session's approval window is open or the execution needed no
    /// approval. Otherwise (and for an operator's own `!run`) its result
    /// waits for the operator's next message.
    /// `trigger` is the execution that finished (`None` for the sweep
    /// after a restart).
    pub async fn wake(&self, session: Uuid, trigger: Option<Uuid>) -> Result<bool, AgentError> {
        let store = &self.inner.store;
        let now = OffsetDateTime::now_utc();
        let windows = store.open_windows(session, now).await?;
        let (by_policy, from_agent) = match trigger {
            Some(id) => match store.get_execution(id).await? {
                Some(e) => (e.risk_class == RiskClass::ReadOnly, e.turn_id.is_some()),
                None => (false, false),
            },
            None => (false, true),
        };
        if !from_agent {
            // An operator's own `!run`: its card shows the result; the
            // agent hears of it with the next message.
            self.inner.stats.left.fetch_add(1, Ordering::SeqCst);
            return Ok(false);
        }
        if !windows.any_assent() && !by_policy {
            self.inner.stats.left.fetch_add(1, Ordering::SeqCst);
            tracing::info!(%session, ?trigger, "an execution finished with no open window; not continuing");
            return Ok(false);
        }
        let lock = self.session_lock(session);
        let _held = lock.lock().await;
        let results = executions::take_results(store, session, None, now).await?;
        if results.is_empty() {
            // Already handed over (inside a turn, or by another wake).
            self.inner.stats.already_seen.fetch_add(1, Ordering::SeqCst);
            return Ok(false);
        }
        self.inner.stats.woken.fetch_add(1, Ordering::SeqCst);
        tracing::info!(%session, results = results.len(), "continuing after an execution finished");
        turn::run(self, session, turn::Input::wake(), results).await?;
        Ok(true)
    }

    fn session_lock(&self, session: Uuid) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self
            .inner
            .locks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Sessions no turn holds or waits for lose their entry.
        locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        locks.entry(session).or_default().clone()
    }

    /// Tells a room something, logging when it cannot.
    pub(crate) async fn say(&self, room: &str, message: Outbound) -> Option<String> {
        match self.inner.surface.send(room, message).await {
            Ok(id) => Some(id),
            Err(e) => {
                tracing::warn!(room, error = %e, "cannot post to the room");
                None
            }
        }
    }
}

/// Settles each target's snapshot as its own card would (a snapshot
/// before a change to a container, where one can be taken), a few
/// targets at a time: each takes two reads on its host.
async fn plan_fleet_snapshots(executor: &Executor, plan: &mut crate::domain::fleet::FleetPlan) {
    const AT_ONCE: usize = 8;
    let permits = Arc::new(tokio::sync::Semaphore::new(AT_ONCE));
    let mut planning = tokio::task::JoinSet::new();
    for (i, member) in plan.members.iter().enumerate() {
        let (executor, permits) = (executor.clone(), permits.clone());
        let (target, class) = (member.target.clone(), member.class);
        planning.spawn(async move {
            let _permit = permits.acquire_owned().await;
            (
                i,
                crate::exec::snapshot::plan(&executor, &target, class).await,
            )
        });
    }
    while let Some(planned) = planning.join_next().await {
        if let Ok((i, snapshot)) = planned
            && let Some(member) = plan.members.get_mut(i)
        {
            member.snapshot = snapshot;
        }
    }
}

/// Expires overdue approvals every few seconds until shutdown.
async fn expiry(agent: Agent, shutdown: CancellationToken) {
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        match agent.expire_due().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(expired = n, "approvals expired without a decision"),
            Err(e) => tracing::warn!(error = %e, "cannot expire approvals"),
        }
    }
}
