//! The Matrix front end: one [`Surface`] among others, and the only module
//! that imports `matrix_sdk`.
//!
//! It logs in (restoring the saved device), accepts invites from operators
//! only, turns room events into facts for [`meaning`], and carries out the
//! decision: answering commands, handing plain words to the agent. Every
//! inbound event is claimed in the store before it is acted on, so a
//! restart or a repeated sync batch never answers twice.

pub mod flood;
pub mod meaning;
pub mod session;
pub mod settings;
pub mod store_sync;
pub mod surface;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::deserialized_responses::EncryptionInfo;
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter as SyncFilter;
use matrix_sdk::ruma::events::reaction::OriginalSyncReactionEvent;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContentWithoutRelation,
};
use matrix_sdk::ruma::events::room::redaction::OriginalSyncRoomRedactionEvent;
use matrix_sdk::{Client, Room, RoomState};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

use crate::agent::{self, Agent};
use crate::chat::{Inbound, Outbound, Surface, strings};
use crate::domain::deciders::{Device, Protection};
use crate::metrics::SyncClock;
use crate::outbox::{Outbox, OutboxStats};
use crate::store::Store;
use meaning::{
    Arrival, Batch, InviteAction, MessageAction, MessageFacts, Placement, ReactionAction,
    ReactionFacts,
};
use settings::{AccessSettings, MatrixSettings};
pub use surface::MatrixCarrier;

#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    #[error("cannot use {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("Matrix client error: {0}")]
    Client(String),
    #[error("Matrix login failed: {0}")]
    Login(String),
    #[error(
        "the saved session in {path} belongs to {stored}, but matrix.user is {configured}; \
         fix matrix.user or move the old data_dir away"
    )]
    SessionMismatch {
        path: PathBuf,
        stored: String,
        configured: String,
    },
    #[error("Matrix sync failed: {0}")]
    Sync(String),
}

/// What the event handlers share.
#[derive(Clone)]
struct BotContext {
    store: Store,
    access: Arc<AccessSettings>,
    surface: Arc<dyn Surface>,
    agent: Agent,
    max_message_bytes: usize,
    /// The sync stream after the last sync that ended (a handler reads it
    /// while its own batch is dispatched): how many ended and whether the
    /// last one succeeded. A decision waits for the end of its own batch,
    /// so a redaction later in the same batch (a ✅ added and taken back
    /// while Nomos was busy or down) is recorded before the decision is
    /// taken.
    batches: tokio::sync::watch::Receiver<Batch>,
    /// `false` once a redaction could not be recorded (until a restart):
    /// decisions then ask the homeserver whether they still stand.
    redactions_recorded: Arc<std::sync::atomic::AtomicBool>,
    /// Every handler spawned for an event; shutdown waits for them before
    /// the outbox is flushed and the store closed.
    tasks: TaskTracker,
    /// Per-sender limits on what deciders send.
    limiter: Arc<std::sync::Mutex<flood::Limiter>>,
}

impl BotContext {
    /// Whether an event from `sender` (who could decide in `room`) is
    /// within their limit; the first one over it tells the room.
    fn admitted(&self, room: &Room, sender: &str) -> bool {
        let admission = match self.limiter.lock() {
            Ok(mut limiter) => limiter.admit(sender, std::time::Instant::now()),
            // A panic while holding it: nothing is limited rather than
            // everything refused.
            Err(poisoned) => poisoned
                .into_inner()
                .admit(sender, std::time::Instant::now()),
        };
        match admission {
            flood::Admission::Admit => true,
            flood::Admission::Drop { notice } => {
                tracing::warn!(sender, "over the per-sender limit; ignored");
                if notice {
                    let text = strings::approvals::flooded(sender, flood::BURST, flood::PER_SECOND);
                    self.notify(room.room_id().as_str(), Outbound::notice(text));
                }
                false
            }
        }
    }

    /// Sends `notice` to `room` from a task of its own.
    fn notify(&self, room: &str, notice: Outbound) {
        let (surface, room) = (self.surface.clone(), room.to_string());
        self.tasks.spawn(async move {
            if let Err(e) = surface.send(&room, notice).await {
                tracing::warn!(error = %e, "cannot send the notice");
            }
        });
    }
}

/// Waits until the sync batch that was being dispatched when `seen` was
/// read has ended (bounded, should sync stall); returns the stream then,
/// or `None` when it did not end in time.
async fn after_this_batch(
    batches: &tokio::sync::watch::Receiver<Batch>,
    seen: Batch,
) -> Option<Batch> {
    let mut batches = batches.clone();
    match tokio::time::timeout(
        Duration::from_secs(10),
        batches.wait_for(|b| b.number != seen.number),
    )
    .await
    {
        Ok(Ok(ended)) => Some(*ended),
        _ => None,
    }
}

/// What the front end shares with the metrics endpoint.
#[derive(Clone)]
pub struct FrontEnd {
    pub outbox: Arc<OutboxStats>,
    pub sync: Arc<SyncClock>,
}

/// How the Matrix front end stops: what it waits for, and for how long.
#[derive(Debug, Clone, Copy)]
pub struct Stopping {
    /// Running executions get this long to finish before they are marked
    /// `interrupted`.
    pub grace: Duration,
    /// Queued messages get this long to reach the homeserver.
    pub flush: Duration,
}

/// Who the bot is and whom it listens to.
#[derive(Debug, Clone, Copy)]
pub struct Setup<'a> {
    pub matrix: &'a MatrixSettings,
    pub access: &'a AccessSettings,
    /// The folder the Matrix session and stores live in (`matrix/`).
    pub data_dir: &'a std::path::Path,
}

/// Runs the bot until `shutdown` is cancelled or sync fails for good.
/// `make_agent` builds the agent around the Matrix surface once the client
/// exists.
pub async fn run(
    setup: Setup<'_>,
    store: Store,
    shutdown: CancellationToken,
    stopping: Stopping,
    redactor: crate::redact::Redactor,
    make_agent: impl FnOnce(Arc<dyn Surface>, FrontEnd) -> Agent,
) -> Result<(), MatrixError> {
    let matrix = setup.matrix;
    let (client, own_user) = log_in(matrix, setup.data_dir).await?;
    store_sync::discard_outbound_room_keys(&client).await;
    let outbox_stop = CancellationToken::new();
    let (batch_done, batches) = tokio::sync::watch::channel(Batch::default());
    let outbox = Outbox::start(
        store.clone(),
        MatrixCarrier::new(client.clone(), store.clone(), batches.clone()),
        redactor,
        outbox_stop.clone(),
    );
    let surface: Arc<dyn Surface> = outbox.clone();
    let clock = Arc::new(SyncClock::default());
    let agent = make_agent(
        surface.clone(),
        FrontEnd {
            outbox: outbox.stats(),
            sync: clock.clone(),
        },
    );
    let ctx = BotContext {
        store: store.clone(),
        access: Arc::new(setup.access.clone()),
        surface,
        agent: agent.clone(),
        max_message_bytes: matrix.max_message_bytes,
        batches,
        redactions_recorded: Arc::new(std::sync::atomic::AtomicBool::new(true)),
        tasks: TaskTracker::new(),
        limiter: Arc::default(),
    };
    let handlers = ctx.tasks.clone();

    invites_while_down(&client, &ctx, own_user.as_str()).await;
    client.add_event_handler_context(ctx);
    client.add_event_handler(on_invite);
    client.add_event_handler(on_message);
    client.add_event_handler(on_reaction);
    client.add_event_handler(on_redaction);

    tracing::info!(user = %own_user, "Nomos is listening");
    let result = tokio::select! {
        result = sync_until_stopped(&client, &clock, &batch_done, &shutdown) => result,
        () = shutdown.cancelled() => Ok(()),
    };
    tracing::info!("no longer taking new work; stopping");
    agent.stop(stopping.grace).await;
    handlers.close();
    if tokio::time::timeout(stopping.grace, handlers.wait())
        .await
        .is_err()
    {
        tracing::warn!(
            left = handlers.len(),
            "event handlers still busy at shutdown"
        );
    }
    flush(&outbox, stopping.flush).await;
    outbox_stop.cancel();
    result
}

/// Logs in (restoring the saved device) and returns the client and its
/// user. After a new login, one sync learns the rooms and the sync
/// position without answering anything said before the bot existed.
async fn log_in(
    matrix: &MatrixSettings,
    data_dir: &std::path::Path,
) -> Result<(Client, matrix_sdk::ruma::OwnedUserId), MatrixError> {
    let connected = session::connect(matrix, data_dir).await?;
    let client = connected.client;
    let own_user = client
        .user_id()
        .ok_or_else(|| MatrixError::Login("no user id after login".into()))?
        .to_owned();
    if connected.fresh_login {
        client
            .sync_once(SyncSettings::default())
            .await
            .map_err(|e| MatrixError::Sync(e.to_string()))?;
    }
    Ok((client, own_user))
}

/// Events of one room a sync may carry before the homeserver cuts its
/// timeline: Synapse's default, with no filter, is 10, so a burst of more
/// between two syncs (a busy room, a catch-up after a restart) would
/// reach the bot cut, its earlier events never seen.
const TIMELINE_LIMIT: u32 = 500;

/// The sync loop's filter: a room timeline of up to [`TIMELINE_LIMIT`]
/// events.
fn sync_filter_definition() -> FilterDefinition {
    use matrix_sdk::ruma::api::client::filter::{RoomEventFilter, RoomFilter};
    let mut timeline = RoomEventFilter::default();
    timeline.limit = Some(TIMELINE_LIMIT.into());
    let mut rooms = RoomFilter::default();
    rooms.timeline = timeline;
    let mut definition = FilterDefinition::default();
    definition.room = rooms;
    definition
}

/// The sync filter, uploaded once and then named by its id: a filter
/// given inline is parsed and checked against its JSON schema by the
/// homeserver on every sync (Synapse 1.163: about 5 ms of its one
/// thread each time, spent while it prepares the other members' syncs).
/// The name holds what the definition sets, so a changed definition is
/// uploaded anew; inline only when the upload fails.
async fn sync_filter(client: &Client) -> SyncFilter {
    let definition = sync_filter_definition();
    let name = format!("nomos-sync-timeline-{TIMELINE_LIMIT}");
    match client.get_or_upload_filter(&name, definition.clone()).await {
        Ok(id) => SyncFilter::FilterId(id),
        Err(e) => {
            tracing::warn!(error = %e, "cannot upload the sync filter; it goes with each sync");
            SyncFilter::FilterDefinition(definition)
        }
    }
}

/// Acts on the invites that arrived while the bot was down.
async fn invites_while_down(client: &Client, ctx: &BotContext, own_user: &str) {
    for room in client.invited_rooms() {
        match room.invite_details().await {
            Ok(details) => {
                let inviter = details.inviter_id.to_string();
                act_on_invite(ctx, room, own_user, own_user, &inviter);
            }
            Err(e) => tracing::warn!(room = %room.room_id(), error = %e, "cannot read invite"),
        }
    }
}

/// Gives queued messages `within` to reach the homeserver.
async fn flush(outbox: &Outbox<MatrixCarrier>, within: Duration) {
    match outbox.flush(within).await {
        Ok(0) => tracing::info!("every message reached the homeserver"),
        Ok(left) => tracing::warn!(
            left,
            "messages still queued; they are sent on the next start"
        ),
        Err(e) => tracing::error!(error = %e, "cannot read the outbox"),
    }
}

/// Syncs until `shutdown`: one long poll after another, each started as
/// soon as the last one answered. (matrix-sdk's own sync loop waits a
/// whole second after a sync that came less than a second after the one
/// before, which put up to a second between an operator's ✅ and the bot
/// seeing it whenever events came close together.) A homeserver that goes
/// away is waited for, with backoff and the sync position kept; only a
/// rejected login ends the loop.
async fn sync_until_stopped(
    client: &Client,
    clock: &Arc<SyncClock>,
    batch_done: &tokio::sync::watch::Sender<Batch>,
    shutdown: &CancellationToken,
) -> Result<(), MatrixError> {
    let mut delay = Duration::from_secs(1);
    let mut pace = meaning::Pace::default();
    let mut position: Option<String> = None;
    let filter = sync_filter(client).await;
    loop {
        if shutdown.is_cancelled() {
            return Ok(());
        }
        let settings = SyncSettings::default()
            .filter(filter.clone())
            .timeout(Duration::from_secs(30));
        let started = std::time::Instant::now();
        tracing::trace!("syncing");
        let synced = client.sync_once(settings).await;
        batch_done.send_modify(|b| {
            *b = Batch {
                number: b.number.wrapping_add(1),
                live: synced.is_ok(),
            }
        });
        match synced {
            Ok(response) => {
                clock.tick();
                delay = Duration::from_secs(1);
                tracing::trace!(took_ms = started.elapsed().as_millis(), "synced");
                let moved = position.as_deref() != Some(response.next_batch.as_str());
                position = Some(response.next_batch);
                let pause;
                (pace, pause) = meaning::pace(pace, started.elapsed(), moved);
                if pause {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            Err(e)
                if e.client_api_error_kind().is_some_and(|k| {
                    matches!(
                        k,
                        matrix_sdk::ruma::api::error::ErrorKind::UnknownToken { .. }
                    )
                }) =>
            {
                return Err(MatrixError::Sync(format!(
                    "the homeserver no longer accepts the bot's login: {e}"
                )));
            }
            Err(e) => {
                tracing::warn!(error = %e, retry_in_secs = delay.as_secs(), "sync failed; waiting for the homeserver");
                tokio::select! {
                    () = shutdown.cancelled() => return Ok(()),
                    () = tokio::time::sleep(delay) => {}
                }
                delay = (delay * 2).min(Duration::from_secs(30));
            }
        }
    }
}

async fn on_invite(
    event: StrippedRoomMemberEvent,
    room: Room,
    client: Client,
    ctx: Ctx<BotContext>,
) {
    if event.content.membership != MembershipState::Invite {
        return;
    }
    let Some(own_user) = client.user_id() else {
        return;
    };
    act_on_invite(
        &ctx,
        room,
        event.state_key.as_str(),
        own_user.as_str(),
        event.sender.as_str(),
    );
}

/// Joins or declines in the background (joins are retried: a homeserver may
/// not be ready for the join the instant it sends the invite).
fn act_on_invite(ctx: &BotContext, room: Room, invitee: &str, own_user: &str, inviter: &str) {
    let action = meaning::invite(invitee, own_user, ctx.access.is_operator(inviter));
    let span = tracing::info_span!("invite", room = %room.room_id(), inviter = %inviter);
    match action {
        InviteAction::NotForUs => {}
        InviteAction::Join => {
            ctx.tasks.clone().spawn(
                async move {
                    let mut delay = Duration::from_millis(500);
                    for attempt in 1..=6 {
                        match room.join().await {
                            Ok(()) => {
                                tracing::info!("joined on an operator's invite");
                                return;
                            }
                            Err(e) => {
                                tracing::warn!(attempt, error = %e, "join failed; retrying");
                                tokio::time::sleep(delay).await;
                                delay *= 2;
                            }
                        }
                    }
                    tracing::error!("giving up joining after 6 attempts");
                }
                .instrument(span),
            );
        }
        InviteAction::Decline => {
            ctx.tasks.clone().spawn(
                async move {
                    tracing::info!("declining an invite from someone who is not an operator");
                    if let Err(e) = room.leave().await {
                        tracing::warn!(error = %e, "cannot decline the invite");
                    }
                }
                .instrument(span),
            );
        }
    }
}

async fn on_message(
    event: OriginalSyncRoomMessageEvent,
    room: Room,
    client: Client,
    encryption: Option<EncryptionInfo>,
    ctx: Ctx<BotContext>,
) {
    let Some(own_user) = own_user_in(&room, &client) else {
        return;
    };
    let received_at = time::OffsetDateTime::now_utc();
    let sender = event.sender.as_str();
    let is_reply = match &event.content.relates_to {
        Some(Relation::Reply(_)) => true,
        Some(Relation::Thread(thread)) => thread.in_reply_to.is_some(),
        _ => false,
    };
    let text = meaning::without_reply_fallback(event.content.body(), is_reply);
    let facts = MessageFacts {
        sender,
        own_user: own_user.as_str(),
        sender_is_operator: ctx.access.is_operator(sender),
        msgtype: event.content.msgtype(),
        is_edit: matches!(event.content.relates_to, Some(Relation::Replacement(_))),
        body: text,
        max_bytes: ctx.max_message_bytes,
    };
    let action = meaning::message(&facts);
    let span = tracing::info_span!("message", room = %room.room_id(), event = %event.event_id, sender = %sender);
    async {
        if let MessageAction::Ignore(why) = action {
            tracing::debug!(?why, "ignored");
            return;
        }
        // The history a room just joined brings is nobody's word to the
        // bot: not answered, not claimed, not counted against a limit.
        if said_before_joining(&room, &own_user, event.origin_server_ts).await {
            tracing::info!("said before the bot joined the room; not answered");
            return;
        }
        if !ctx.admitted(&room, sender) {
            return;
        }
        let room_id = room.room_id().to_string();
        if !claim(&ctx.store, event.event_id.as_str(), &room_id).await {
            return;
        }
        let placement = placement(event.content.relates_to.as_ref());
        let (phrase_scope, replied_card) = card_context(&ctx.store, &room_id, &placement).await;
        let inbound = Inbound {
            phrase_scope: Some(phrase_scope),
            replied_card,
            // The sender's homeserver clock, but never later than when the
            // message reached us: a clock ahead must not let a message seem
            // to come after cards it could not have seen.
            said_at: Some(server_time(event.origin_server_ts).min(received_at)),
            room: room_id.clone(),
            sender: sender.to_string(),
            event_id: event.event_id.to_string(),
            body: text.to_string(),
            untrusted: ctx
                .access
                .decision_events
                .judge(protection(encryption.as_ref()))
                .err(),
        };
        let ctx = ctx.clone();
        let seen = *ctx.batches.borrow();
        ctx.tasks.clone().spawn(
            async move {
                after_this_batch(&ctx.batches, seen).await;
                if still_said(&ctx.store, &inbound.event_id, &inbound.sender).await {
                    answer_message(&ctx, &inbound, action).await;
                }
            }
            .in_current_span(),
        );
    }
    .instrument(span)
    .await;
}

/// Whether a message was said before the bot's membership in `room`
/// began: the sync that brings a room just joined carries its recent
/// history (up to [`TIMELINE_LIMIT`] events), which nobody said to the
/// bot. Read from the bot's member event (matrix-sdk stores a batch's
/// state before its handlers run); `false` when that event is a profile
/// change (it no longer tells when the bot joined) or cannot be read.
async fn said_before_joining(
    room: &Room,
    own_user: &matrix_sdk::ruma::UserId,
    said: matrix_sdk::ruma::MilliSecondsSinceUnixEpoch,
) -> bool {
    use matrix_sdk::deserialized_responses::SyncOrStrippedState;
    use matrix_sdk::ruma::events::SyncStateEvent;
    match room.get_member_no_sync(own_user).await {
        Ok(Some(member)) => {
            let event = member.event();
            let joined_then = match &**event {
                SyncOrStrippedState::Sync(SyncStateEvent::Original(ev)) => ev
                    .unsigned
                    .prev_content
                    .as_ref()
                    .is_none_or(|before| before.membership != MembershipState::Join),
                _ => false,
            };
            joined_then && event.origin_server_ts().is_some_and(|joined| said < joined)
        }
        Ok(None) => false,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the bot's membership");
            false
        }
    }
}

/// Claims an inbound event so it is handled once; `false` when it was
/// already handled or cannot be claimed (then it is not answered: without
/// the claim there is no promise to answer once).
async fn claim(store: &Store, event_id: &str, room_id: &str) -> bool {
    match store.claim_inbound_event(event_id, room_id).await {
        Ok(true) => true,
        Ok(false) => {
            tracing::debug!("already handled");
            false
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot record the event; not answering it");
            false
        }
    }
}

/// The cards a message in this place can confirm by phrase, and the card
/// it replies to (each empty when the store cannot say).
async fn card_context(
    store: &Store,
    room_id: &str,
    placement: &Placement,
) -> (Vec<uuid::Uuid>, Option<uuid::Uuid>) {
    let phrase_scope = match phrase_scope(store, room_id, placement).await {
        Ok(scope) => scope,
        Err(e) => {
            tracing::error!(error = %e, "cannot read the cards of the thread");
            Vec::new()
        }
    };
    let replied_card = match replied_card(store, room_id, placement).await {
        Ok(card) => card,
        Err(e) => {
            tracing::error!(error = %e, "cannot read the card it replies to");
            None
        }
    };
    (phrase_scope, replied_card)
}

/// Whether the message or reaction still stands (not redacted before its
/// turn came).
async fn still_said(store: &Store, event_id: &str, sender: &str) -> bool {
    match store.is_redacted_by(event_id, sender).await {
        Ok(false) => true,
        Ok(true) => {
            tracing::info!("taken back before it was handled; ignored");
            false
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot read the redactions; not answering");
            false
        }
    }
}

/// Carries out what the message means and answers in the room.
async fn answer_message(ctx: &BotContext, inbound: &Inbound, action: MessageAction) {
    let reply = match action {
        MessageAction::Command(command) => {
            match agent::commands::execute(&ctx.agent, inbound, &command).await {
                Ok(reply) => reply,
                Err(e) => {
                    tracing::error!(error = %e, "command failed");
                    Some(Outbound::reply(
                        inbound,
                        strings::commands::command_failed(&e),
                    ))
                }
            }
        }
        MessageAction::Chat => match ctx.agent.on_message(inbound).await {
            Ok(handled) => {
                tracing::debug!(?handled, "handled");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "the agent failed");
                Some(Outbound::reply(inbound, strings::turn::agent_failed(&e)))
            }
        },
        MessageAction::TooLong => {
            tracing::info!(
                bytes = inbound.body.len(),
                "refused a message over the length limit"
            );
            Some(Outbound {
                kind: crate::chat::Kind::Notice,
                ..Outbound::reply(
                    inbound,
                    strings::commands::message_too_long(ctx.max_message_bytes),
                )
            })
        }
        MessageAction::Ignore(_) => None,
    };
    if let Some(reply) = reply
        && let Err(e) = ctx.surface.send(&inbound.room, reply).await
    {
        tracing::error!(error = %e, "cannot answer");
    }
}

/// Where a message sits: its thread and the event it replies to.
fn placement(relation: Option<&Relation<RoomMessageEventContentWithoutRelation>>) -> Placement {
    match relation {
        Some(Relation::Thread(thread)) => Placement {
            thread_root: Some(thread.event_id.to_string()),
            reply_to: thread
                .in_reply_to
                .as_ref()
                .filter(|_| !thread.is_falling_back)
                .map(|r| r.event_id.to_string()),
        },
        Some(Relation::Reply(reply)) => Placement {
            thread_root: None,
            reply_to: Some(reply.in_reply_to.event_id.to_string()),
        },
        _ => Placement::default(),
    }
}

/// The executions whose typed phrase a message may be: the cards in its
/// thread and the card it replies to. Outside threads and replies, none.
async fn phrase_scope(
    store: &Store,
    room: &str,
    placement: &Placement,
) -> Result<Vec<uuid::Uuid>, crate::store::StoreError> {
    let mut scope = Vec::new();
    if let Some(root) = &placement.thread_root {
        scope.extend(store.cards_in_thread(room, root).await?);
    }
    scope.extend(replied_card(store, room, placement).await?);
    Ok(scope)
}

/// The execution whose card (in `room`) a message replies to.
async fn replied_card(
    store: &Store,
    room: &str,
    placement: &Placement,
) -> Result<Option<uuid::Uuid>, crate::store::StoreError> {
    let Some(reply) = &placement.reply_to else {
        return Ok(None);
    };
    Ok(store
        .card_in_room(room, reply)
        .await?
        .and_then(|card| card.execution_id))
}

/// An event's `origin_server_ts` as a time (the epoch if out of range).
fn server_time(ts: matrix_sdk::ruma::MilliSecondsSinceUnixEpoch) -> time::OffsetDateTime {
    let nanos = i128::from(u64::from(ts.0)) * 1_000_000;
    time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

async fn on_reaction(
    event: OriginalSyncReactionEvent,
    room: Room,
    client: Client,
    encryption: Option<EncryptionInfo>,
    ctx: Ctx<BotContext>,
) {
    let Some(own_user) = own_user_in(&room, &client) else {
        return;
    };
    let sender = event.sender.as_str();
    let facts = ReactionFacts {
        sender,
        own_user: own_user.as_str(),
        key: &event.content.relates_to.key,
    };
    let answer = match meaning::reaction(&facts) {
        ReactionAction::Decide(answer) => Some(answer),
        ReactionAction::Undo => None,
        ReactionAction::Ignore(_) => return,
    };
    let room_id = room.room_id().to_string();
    // Nothing is read or stored for someone who cannot decide here, and
    // deciders are held to their limit, before any other work.
    let may_act = match answer {
        Some(_) => could_decide(&ctx, &room, sender).await,
        None => ctx.access.is_operator(sender),
    };
    if !may_act || !ctx.admitted(&room, sender) {
        return;
    }
    let target = event.content.relates_to.event_id.to_string();
    let span = tracing::info_span!("reaction", room = %room_id, event = %event.event_id, sender = %sender, card = %target);
    let untrusted = ctx
        .access
        .decision_events
        .judge(protection(encryption.as_ref()))
        .err();
    let ctx = ctx.clone();
    let seen = *ctx.batches.borrow();
    let age = age(event.origin_server_ts);
    let event_id = event.event_id.to_string();
    let sender = sender.to_string();
    ctx.tasks.clone().spawn(
        async move {
            tracing::debug!(age_ms = age.map(|a| a.as_millis()), "received");
            let ended = after_this_batch(&ctx.batches, seen).await;
            let reacted = Reacted {
                event_id,
                sender,
                target,
                untrusted,
                arrival: meaning::arrival(meaning::Delivery {
                    seen,
                    ended,
                    age,
                    redactions_recorded: ctx
                        .redactions_recorded
                        .load(std::sync::atomic::Ordering::SeqCst),
                }),
            };
            tracing::debug!(arrival = ?reacted.arrival, "its sync batch is dispatched");
            let done = match answer {
                Some(answer) => react(&ctx, &room, &reacted, answer).await,
                None => undo_reaction(&ctx, &room, &reacted).await,
            };
            if let Err(e) = done {
                tracing::error!(error = %e, "cannot act on the reaction");
            }
        }
        .instrument(span),
    );
}

/// How an event reached the bot, from what matrix-sdk's crypto store said
/// of it when it was decrypted (`None`: it was not encrypted).
fn protection(info: Option<&EncryptionInfo>) -> Protection {
    use matrix_sdk::deserialized_responses::{VerificationLevel, VerificationState};
    let Some(info) = info else {
        return Protection::Plain;
    };
    Protection::Encrypted(match &info.verification_state {
        VerificationState::Verified => Device::Verified,
        VerificationState::Unverified(level) => match level {
            VerificationLevel::UnverifiedIdentity => Device::SignedByOwner,
            VerificationLevel::VerificationViolation => Device::IdentityChanged,
            VerificationLevel::UnsignedDevice => Device::Unsigned,
            VerificationLevel::None(_) => Device::Unknown,
            VerificationLevel::MismatchedSender => Device::NotTheSenders,
        },
    })
}

/// A reaction the bot acts on, and how it arrived.
struct Reacted {
    event_id: String,
    sender: String,
    /// The event it reacts to.
    target: String,
    /// Why it may not decide (`[access]` asks more of its event).
    untrusted: Option<crate::domain::deciders::Untrusted>,
    arrival: Arrival,
}

/// How long ago an event was stamped by the homeserver it was sent to
/// (`None` when that stamp is ahead of this clock).
fn age(ts: matrix_sdk::ruma::MilliSecondsSinceUnixEpoch) -> Option<Duration> {
    let age = time::OffsetDateTime::now_utc() - server_time(ts);
    age.try_into().ok()
}

/// Whether the homeserver already shows `event_id` as redacted. A reaction
/// and its redaction arrive in one sync batch when the bot is syncing live,
/// and the decision waits for its batch; but in a catch-up after a restart
/// or a failed sync (or when the event is late) they can come in two, the
/// reaction first. Only then is the homeserver asked before the decision
/// counts: a live decision pays no round trip. `false` when it cannot be
/// asked: the redactions already recorded still refuse it, and a later
/// one still withdraws it.
async fn redacted_on_server(room: &Room, event_id: &str, sender: &str) -> bool {
    let Ok(id) = matrix_sdk::ruma::OwnedEventId::try_from(event_id) else {
        return false;
    };
    match room.event(&id, None).await {
        Ok(event) => event
            .raw()
            .get_field::<serde_json::Value>("unsigned")
            .ok()
            .flatten()
            // Taken back by its sender; anyone else's redaction takes
            // back nothing of theirs.
            .is_some_and(|unsigned| unsigned["redacted_because"]["sender"] == sender),
        Err(e) => {
            tracing::debug!(error = %e, "cannot ask the homeserver about the reaction");
            false
        }
    }
}

/// A ↩️ on a card from an operator: `!undo` of its execution, answered in
/// the card's thread.
async fn undo_reaction(
    ctx: &BotContext,
    matrix_room: &Room,
    reacted: &Reacted,
) -> Result<(), crate::store::StoreError> {
    let (event_id, sender) = (reacted.event_id.as_str(), reacted.sender.as_str());
    let target = reacted.target.as_str();
    let room = matrix_room.room_id().to_string();
    let Some(card) = ctx.store.card_in_room(&room, target).await? else {
        return Ok(());
    };
    let Some(execution) = card.execution_id else {
        return Ok(());
    };
    if !ctx.access.is_operator(sender) || !ctx.store.claim_inbound_event(event_id, &room).await? {
        return Ok(());
    }
    let inbound = Inbound {
        room: room.clone(),
        sender: sender.to_string(),
        event_id: card.thread_root.unwrap_or_else(|| target.to_string()),
        // An undo proposed from an untrusted ↩️ is refused like `!undo`.
        untrusted: reacted.untrusted,
        ..Inbound::default()
    };
    // The full id: the card may be from before a `!new`.
    let command = crate::chat::parse::Command::Undo(execution.to_string());
    match agent::commands::execute(&ctx.agent, &inbound, &command).await {
        Ok(Some(reply)) => {
            if let Err(e) = ctx.surface.send(&room, reply).await {
                tracing::error!(error = %e, "cannot answer the undo");
            }
        }
        Ok(None) => {}
        Err(e) => tracing::error!(error = %e, "the undo failed"),
    }
    Ok(())
}

/// A ✅/❌ on an event: a decision when the event is a card.
async fn react(
    ctx: &BotContext,
    matrix_room: &Room,
    reacted: &Reacted,
    answer: crate::store::executions::Answer,
) -> Result<(), crate::store::StoreError> {
    let (event_id, sender) = (reacted.event_id.as_str(), reacted.sender.as_str());
    let target = reacted.target.as_str();
    let room_id = matrix_room.room_id().to_string();
    let room = room_id.as_str();
    // The card, its approval, its execution and whether the ✅ was taken
    // back, read side by side (each found from the card's event). Only a
    // card of this room: a relation across rooms (a federated server can
    // send one) decides nothing.
    let (card, approval, row, said) = tokio::join!(
        ctx.store.card_in_room(room, target),
        ctx.store.approval_for_card(room, target),
        ctx.store.execution_for_card(room, target),
        still_said(&ctx.store, event_id, sender)
    );
    tracing::debug!("its card and approval read");
    let Some(card) = card? else {
        return Ok(()); // a reaction to anything else does nothing
    };
    let Some(approval) = approval? else {
        return Ok(());
    };
    // (The card's row and its approval's, read apart: the same execution.)
    let row = row?.filter(|row| Some(row.id) == card.execution_id);
    if let Some(why) = reacted.untrusted {
        // A card's decider is told, in its thread, how to decide instead.
        tracing::info!(?why, "a reaction from an untrusted event; ignored");
        let notice = Outbound {
            thread: card.thread_root.clone(),
            ..Outbound::notice(strings::approvals::untrusted_decision(why))
        };
        if let Err(e) = ctx.surface.send(room, notice).await {
            tracing::warn!(error = %e, "cannot explain the refused reaction");
        }
        return Ok(());
    }
    // Taken back in its own batch (recorded by then), or, when that batch
    // may not have been seen whole, on the homeserver.
    if !said {
        return Ok(());
    }
    if reacted.arrival == Arrival::CatchUp
        && redacted_on_server(matrix_room, event_id, sender).await
    {
        tracing::info!("taken back before it was handled; ignored");
        return Ok(());
    }
    let room_power = match &ctx.access.approver_power {
        Some(rule) if !ctx.access.is_operator(sender) && rule.applies(sender, room) => {
            power_level(matrix_room, sender)
                .await
                .map(|level| crate::approvals::RoomPower { room, level })
        }
        _ => None,
    };
    let decider = crate::approvals::Decider {
        actor: sender,
        room_power,
        via: crate::domain::Via::Reaction,
        event: Some(event_id),
        // Claimed with the decision, in one commit (the approval's path
        // pays one fsync, not two). A refusal writes nothing, so it
        // claims the event itself before answering.
        claimed_in: Some(room),
        // (The agent claims the work with the approval when it can run.)
        starts: false,
    };
    let outcome = ctx
        .agent
        .decide_on(room, &approval, row, &decider, answer)
        .await?;
    tracing::info!(?outcome, "reaction decided");
    if let crate::approvals::Outcome::Refused(crate::approvals::Refusal::NeedsPhrase) = outcome
        && ctx.store.claim_inbound_event(event_id, room).await?
    {
        let hint = Outbound {
            thread: card.thread_root.clone(),
            ..Outbound::notice(strings::approvals::needs_phrase(
                approval
                    .confirmation_phrase
                    .as_deref()
                    .unwrap_or("the phrase"),
                approval.risk() == crate::domain::RiskClass::Destructive,
                // Someone who decides by power level cannot type to the
                // bot (only operators' messages are read).
                ctx.access.is_operator(sender),
            ))
        };
        if let Err(e) = ctx.surface.send(room, hint).await {
            tracing::warn!(error = %e, "cannot explain the refused reaction");
        }
    }
    Ok(())
}

/// A redaction: an event taken back. It is recorded, so a decision the
/// event carries is refused even if its handling is under way (a ✅ added
/// and removed while Nomos was busy or down decides nothing); a decision it
/// already made is withdrawn if the work has not started and the redaction
/// is its decider's own. Denials, `!cancel` and `!revoke` are never undone
/// by a redaction.
async fn on_redaction(
    event: OriginalSyncRoomRedactionEvent,
    room: Room,
    client: Client,
    ctx: Ctx<BotContext>,
) {
    let Some(own_user) = own_user_in(&room, &client) else {
        return;
    };
    if event.sender == own_user {
        return; // the bot removing its own reactions
    }
    let Some(redacts) = event.content.redacts.clone().or(event.redacts.clone()) else {
        return;
    };
    let room_id = room.room_id().to_string();
    // Only a decider's own redaction withdraws anything (of theirs): no
    // one else's is stored. Not limited: taking a decision back is the
    // safe direction, and must not be lost to a limit.
    if !could_decide(&ctx, &room, event.sender.as_str()).await {
        return;
    }
    let span = tracing::info_span!("redaction", room = %room_id, event = %event.event_id, redacts = %redacts);
    let sender = event.sender.to_string();
    // Recorded before this handler returns, so before the batch counts as
    // dispatched: a decision from the same batch waits for it.
    if let Err(e) = ctx
        .store
        .record_redaction(redacts.as_str(), &room_id, &sender)
        .instrument(span.clone())
        .await
    {
        // From now on (until a restart) no decision skips the homeserver's
        // word on whether it still stands: this one may be among them.
        ctx.redactions_recorded
            .store(false, std::sync::atomic::Ordering::SeqCst);
        tracing::error!(parent: &span, error = %e, "cannot record the redaction");
        return;
    }
    let ctx = ctx.clone();
    ctx.tasks.clone().spawn(
        async move {
            // A decision from that event still being handled is refused by
            // the store from now on; one already made is withdrawn. Its
            // handler may be between its check and its write: look again
            // once that can have settled.
            for attempt in 0..2 {
                match ctx
                    .agent
                    .withdraw(&room_id, redacts.as_str(), &sender)
                    .await
                {
                    Ok(0) if attempt == 0 => tokio::time::sleep(Duration::from_secs(2)).await,
                    Ok(_) => break,
                    Err(e) => {
                        tracing::error!(error = %e, "cannot withdraw the decision");
                        break;
                    }
                }
            }
        }
        .instrument(span),
    );
}

/// Whether `sender` could decide a card in `room` now: an operator, or
/// someone the power rule applies to whose power level there (read from
/// the room state the bot holds, no request) reaches it. Checked before
/// anything else is read, stored or asked for their events.
async fn could_decide(ctx: &BotContext, room: &Room, sender: &str) -> bool {
    if ctx.access.is_operator(sender) {
        return true;
    }
    let Some(rule) = ctx
        .access
        .approver_power
        .as_ref()
        .filter(|rule| rule.applies(sender, room.room_id().as_str()))
    else {
        return false;
    };
    let Ok(user) = matrix_sdk::ruma::OwnedUserId::try_from(sender) else {
        return false;
    };
    match room.get_member_no_sync(&user).await {
        Ok(Some(member)) => level_of(&member).is_some_and(|level| level >= rule.level),
        _ => false,
    }
}

/// A member's power level (`None`: a kind this build does not know).
fn level_of(member: &matrix_sdk::room::RoomMember) -> Option<i64> {
    use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
    match member.power_level() {
        UserPowerLevel::Infinite => Some(i64::MAX),
        UserPowerLevel::Int(level) => Some(i64::from(level)),
        _ => None,
    }
}

/// `user`'s power level in `room`, from the room state.
async fn power_level(room: &Room, user: &str) -> Option<i64> {
    let user_id = matrix_sdk::ruma::OwnedUserId::try_from(user).ok()?;
    match room.get_member(&user_id).await {
        // A kind of power this build does not know: not an approver.
        Ok(Some(member)) => level_of(&member),
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(user, error = %e, "cannot read the power level");
            None
        }
    }
}

/// The bot's own user ID, for an event in a room it has joined (events in
/// rooms it left or was only invited to are not acted on).
fn own_user_in(room: &Room, client: &Client) -> Option<matrix_sdk::ruma::OwnedUserId> {
    if room.state() != RoomState::Joined {
        return None;
    }
    client.user_id().map(ToOwned::to_owned)
}
