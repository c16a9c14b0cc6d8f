//! The Matrix [`Carrier`] behind the outbox: messages as `m.notice` with HTML from markdown
//! and the markdown as plain body; cards in the plan's thread (`m.thread`
//! with the reply fallback) with the bot's ✅/❌ under the ones a reaction
//! can decide; card updates as `m.replace` edits; the bot's reactions
//! removed once a card is decided, so nobody taps a stale card.
//!
//! Which event shows which card, and the bot's own reactions, are kept in
//! the store (`matrix_events`, `matrix_reactions`), so edits and clean-up
//! work after a restart too.

use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseFileInfo};
use matrix_sdk::room::reply::{EnforceThread, Reply};
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{self, Annotation, InReplyTo, Replacement, Thread};
use matrix_sdk::ruma::events::room::message::AddMentions;
use matrix_sdk::ruma::events::room::message::{
    Relation, RoomMessageEventContent, RoomMessageEventContentWithoutRelation,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedTransactionId, UInt};
use matrix_sdk::{Client, Room, RoomState};

use crate::chat::{Card, Outbound, SurfaceError, SurfaceFuture, render};
use crate::outbox::Carrier;
use crate::store::Store;
use crate::store::matrix::CardEvent;
use std::collections::HashMap;

/// How long after a decided card's edit the bot's ✅/❌ under it are taken
/// away: past the moment the homeserver hands the edit to the room's
/// clients (tens of milliseconds here), soon enough that nobody reaches
/// for a reaction that no longer decides anything.
const REACTIONS_WITHDRAWN_AFTER: std::time::Duration = std::time::Duration::from_millis(400);

#[derive(Clone)]
pub struct MatrixCarrier {
    client: Client,
    store: Store,
    /// One removal of the bot's reactions at a time: each card edit after
    /// a decision starts one, and two at once would read the same stored
    /// reactions and redact each twice.
    withdrawing: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// The bot's sync batches, for [`Carrier::echoed`].
    batches: tokio::sync::watch::Receiver<super::meaning::Batch>,
    /// Which event shows which execution's card, as the store has it.
    shown: Shown,
}

/// The events showing executions' cards, remembered once read: an
/// execution's card (its first, `card_of_execution`) never changes, and
/// every edit of a card needs it, the ✅'s running edit first.
#[derive(Clone, Default)]
struct Shown(std::sync::Arc<std::sync::Mutex<HashMap<uuid::Uuid, CardEvent>>>);

/// Cards remembered at most; past it the memory starts again (the store
/// still has them all).
const SHOWN_REMEMBERED: usize = 4096;

impl Shown {
    fn get(&self, execution: uuid::Uuid) -> Option<CardEvent> {
        let cards = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        cards.get(&execution).cloned()
    }

    fn remember(&self, execution: uuid::Uuid, card: &CardEvent) {
        let mut cards = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if cards.len() >= SHOWN_REMEMBERED {
            cards.clear();
        }
        cards.insert(execution, card.clone());
    }
}

fn fail(room: &str, reason: impl ToString) -> SurfaceError {
    SurfaceError {
        room: room.to_string(),
        reason: reason.to_string(),
        transient: false,
    }
}

/// A failed request to the homeserver: transient unless the homeserver
/// answered with a Matrix error that is neither rate limiting nor a server
/// fault (the network, a timeout, a 5xx: all worth another try).
fn failed(
    room: &str,
    error: Option<&matrix_sdk::ruma::api::error::Error>,
    text: String,
) -> SurfaceError {
    use matrix_sdk::ruma::api::error::ErrorKind;
    let transient = match error {
        None => true,
        Some(e) if e.status_code.is_server_error() => true,
        Some(e) => matches!(e.error_kind(), Some(ErrorKind::LimitExceeded { .. })),
    };
    SurfaceError {
        room: room.to_string(),
        reason: text,
        transient,
    }
}

fn failed_request(room: &str, error: &matrix_sdk::Error) -> SurfaceError {
    failed(room, error.as_client_api_error(), error.to_string())
}

fn failed_http(room: &str, error: &matrix_sdk::HttpError) -> SurfaceError {
    failed(room, error.as_client_api_error(), error.to_string())
}

fn event_id(room: &str, id: &str) -> Result<OwnedEventId, SurfaceError> {
    OwnedEventId::try_from(id).map_err(|e| fail(room, format!("bad event id {id}: {e}")))
}

fn txn_id(txn: &str) -> OwnedTransactionId {
    OwnedTransactionId::from(txn)
}

/// An edit of a card's event to show `card`: the whole card as the new
/// content, and only its status line as the fallback a client without
/// edits shows (ruma's `make_replacement` repeats the whole card there,
/// which doubles what every edit costs to send, store, encrypt and hand
/// out).
fn replacement(card: &Card, original: OwnedEventId) -> RoomMessageEventContent {
    let new: RoomMessageEventContentWithoutRelation = content(&card.markdown()).into();
    let mut edit = RoomMessageEventContent::notice_plain(format!("* {}", card.status_line()));
    edit.relates_to = Some(Relation::Replacement(Replacement::new(original, new)));
    edit
}

/// A notice with HTML rendered from `markdown`.
fn content(markdown: &str) -> RoomMessageEventContent {
    RoomMessageEventContent::notice_html(markdown, render::markdown_to_html(markdown))
}

impl MatrixCarrier {
    pub fn new(
        client: Client,
        store: Store,
        batches: tokio::sync::watch::Receiver<super::meaning::Batch>,
    ) -> Self {
        MatrixCarrier {
            client,
            store,
            withdrawing: Default::default(),
            batches,
            shown: Shown::default(),
        }
    }

    fn joined(&self, room: &str) -> Result<Room, SurfaceError> {
        let room_id = OwnedRoomId::try_from(room).map_err(|e| fail(room, e))?;
        self.client
            .get_room(&room_id)
            .filter(|r| r.state() == RoomState::Joined)
            .ok_or_else(|| fail(room, "the bot is not in this room"))
    }

    async fn post(
        &self,
        room: &str,
        txn: &str,
        mut message: RoomMessageEventContent,
        thread: Option<&str>,
        reply_to: Option<&str>,
    ) -> Result<OwnedEventId, SurfaceError> {
        let joined = self.joined(room)?;
        message.relates_to = match (thread, reply_to) {
            (Some(root), _) => {
                let root = event_id(room, root)?;
                Some(Relation::Thread(Thread::plain(root.clone(), root)))
            }
            (None, Some(reply)) => Some(Relation::Reply(relation::Reply::new(InReplyTo::new(
                event_id(room, reply)?,
            )))),
            (None, None) => None,
        };
        let sent = joined
            .send(message)
            .with_transaction_id(txn_id(txn))
            .await
            .map_err(|e| failed_request(room, &e))?;
        Ok(sent.response.event_id)
    }

    /// The event showing `card`, if it was posted.
    async fn shown(&self, room: &str, card: &Card) -> Result<Option<CardEvent>, SurfaceError> {
        if let Some(shown) = self.shown.get(card.execution_id) {
            return Ok(Some(shown));
        }
        let shown = self
            .store
            .card_of_execution(card.execution_id)
            .await
            .map_err(|e| store_failed(room, e))?;
        if let Some(shown) = &shown {
            self.shown.remember(card.execution_id, shown);
        }
        Ok(shown)
    }

    /// Puts the bot's ✅/❌ (or ❌ alone) under a pending card, recording
    /// each so it is removed once the card is decided.
    async fn offer_reactions(
        &self,
        room: &str,
        txn: &str,
        card_event: &OwnedEventId,
        card: &Card,
    ) -> Result<(), SurfaceError> {
        let offered = card.offered_reactions();
        if offered.is_empty() {
            return Ok(());
        }
        let joined = self.joined(room)?;
        for (n, key) in offered.iter().copied().enumerate() {
            let reaction =
                ReactionEventContent::new(Annotation::new(card_event.clone(), key.to_string()));
            match joined
                .send(reaction)
                .with_transaction_id(txn_id(&format!("{txn}-r{n}")))
                .await
            {
                Ok(sent) => self
                    .store
                    .record_bot_reaction(
                        sent.response.event_id.as_str(),
                        room,
                        card_event.as_str(),
                        key,
                    )
                    .await
                    .map_err(|e| store_failed(room, e))?,
                Err(e) => tracing::warn!(room, error = %e, "cannot add {key} to the card"),
            }
        }
        Ok(())
    }

    /// Puts the bot's ↩️ under a finished card that can be undone, so an
    /// operator undoes it with one tap. Not recorded among the reactions
    /// withdrawn when a card is decided: it stays. Best effort: `!undo`
    /// works without it.
    async fn offer_undo(&self, room: &str, card_event: &OwnedEventId) {
        let Ok(joined) = self.joined(room) else {
            return;
        };
        let reaction = ReactionEventContent::new(Annotation::new(
            card_event.clone(),
            crate::matrix::meaning::UNDO_KEY.to_string(),
        ));
        if let Err(e) = joined
            .send(reaction)
            // One per card, however many times it is edited once final.
            .with_transaction_id(txn_id(&format!(
                "undo-{}",
                card_event.as_str().trim_start_matches('$')
            )))
            .await
        {
            tracing::warn!(room, error = %e, "cannot offer ↩️ on the card");
        }
    }

    /// Removes the bot's ✅/❌ from a decided card; each is forgotten once
    /// the homeserver took its removal, so a retry removes the rest.
    async fn withdraw_reactions(
        &self,
        room: &str,
        txn: &str,
        card_event: &str,
    ) -> Result<(), SurfaceError> {
        let _one_at_a_time = self.withdrawing.lock().await;
        let reactions = self
            .store
            .bot_reactions(card_event)
            .await
            .map_err(|e| store_failed(room, e))?;
        if reactions.is_empty() {
            return Ok(());
        }
        let joined = self.joined(room)?;
        for reaction in reactions {
            let id = event_id(room, &reaction)?;
            let txn = txn_id(&format!("{txn}-{}", reaction.trim_start_matches('$')));
            match joined.redact(&id, Some("decided"), Some(txn)).await {
                Ok(_) => {}
                Err(e) => {
                    let error = failed_http(room, &e);
                    if error.transient {
                        return Err(error);
                    }
                    // Already gone, or not ours to remove: nothing to retry.
                    tracing::warn!(room, reaction, error = %e, "cannot remove the bot's reaction");
                }
            }
            self.store
                .forget_bot_reaction(&reaction)
                .await
                .map_err(|e| store_failed(room, e))?;
        }
        Ok(())
    }
}

/// The media type of an attached file, from its name: diffs are
/// `text/x-diff` (clients offer them as such), anything else plain text.
fn attachment_type(name: &str) -> mime::Mime {
    if name.ends_with(".diff") {
        "text/x-diff; charset=utf-8"
            .parse()
            .unwrap_or(mime::TEXT_PLAIN_UTF_8)
    } else {
        mime::TEXT_PLAIN_UTF_8
    }
}

/// A store failure while sending: worth another try.
fn store_failed(room: &str, error: crate::store::StoreError) -> SurfaceError {
    SurfaceError {
        room: room.to_string(),
        reason: error.to_string(),
        transient: true,
    }
}

impl Carrier for MatrixCarrier {
    /// The next sync batch to end: the long poll under way when an event is
    /// sent is answered with it.
    fn echoed(&self) -> SurfaceFuture<'_, ()> {
        let mut batches = self.batches.clone();
        Box::pin(async move {
            let seen = batches.borrow_and_update().number;
            let _ = batches.wait_for(|b| b.number != seen).await;
            Ok(())
        })
    }

    fn send<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        message: &'a Outbound,
    ) -> SurfaceFuture<'a, String> {
        Box::pin(async move {
            let id = self
                .post(
                    room,
                    txn,
                    content(&message.markdown),
                    message.thread.as_deref(),
                    message.in_reply_to.as_deref(),
                )
                .await?;
            Ok(id.to_string())
        })
    }

    fn card_shown<'a>(&'a self, room: &'a str, execution: uuid::Uuid) -> SurfaceFuture<'a, bool> {
        Box::pin(async move {
            let card = self
                .store
                .card_of_execution(execution)
                .await
                .map_err(|e| store_failed(room, e))?;
            Ok(card.is_some_and(|c| c.room_id == room))
        })
    }

    fn post_card<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, String> {
        Box::pin(async move {
            let id = self
                .post(room, txn, content(&card.markdown()), thread, None)
                .await?;
            self.store
                .record_matrix_event(id.as_str(), room, "card", Some(card.execution_id), thread)
                .await
                .map_err(|e| store_failed(room, e))?;
            // Read back now, off the ✅'s way: its running edit needs it.
            // (Best effort: the card is posted, and an edit reads it again.)
            if let Err(e) = self.shown(room, card).await {
                tracing::debug!(room, error = %e.reason, "cannot read the card back");
            }
            self.offer_reactions(room, txn, &id, card).await?;
            Ok(id.to_string())
        })
    }

    fn update_card<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let Some(shown) = self.shown(room, card).await? else {
                // Never posted (it was refused): post it now.
                return self.post_card(room, txn, None, card).await.map(|_| ());
            };
            let original = event_id(room, &shown.event_id)?;
            let edit = replacement(card, original.clone());
            self.joined(room)?
                .send(edit)
                .with_transaction_id(txn_id(txn))
                .await
                .map_err(|e| failed_request(room, &e))?;
            if card.is_pending()
                && self
                    .store
                    .bot_reactions(&shown.event_id)
                    .await
                    .map_err(|e| store_failed(room, e))?
                    .is_empty()
            {
                // Back to pending (its approval was withdrawn): offer the
                // reactions again, as on a new card.
                self.offer_reactions(room, txn, &original, card).await?;
            }
            if card.offers_undo() {
                self.offer_undo(room, &original).await;
            }
            if !card.is_pending() {
                // Off the queue's path: the next edit (the card going from
                // approved to running) should not wait for two redactions.
                // And a moment later: sent at once, the redactions reach
                // the homeserver while it hands this edit to everyone's
                // sync, and delay it (measured by `scripts/bench matrix`).
                // A reaction whose removal fails stays recorded and is
                // removed with the card's next edit.
                let me = self.clone();
                let (room, txn, card_event) =
                    (room.to_string(), txn.to_string(), shown.event_id.clone());
                tokio::spawn(async move {
                    tokio::time::sleep(REACTIONS_WITHDRAWN_AFTER).await;
                    if let Err(e) = me.withdraw_reactions(&room, &txn, &card_event).await {
                        tracing::debug!(room, error = %e.reason, "the bot's reactions stay for now");
                    }
                });
            }
            Ok(())
        })
    }

    fn attach<'a>(
        &'a self,
        room: &'a str,
        txn: &'a str,
        card: &'a Card,
        name: &'a str,
        text: &'a str,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let Some(shown) = self.shown(room, card).await? else {
                return Ok(());
            };
            let reply = Reply {
                event_id: event_id(room, &shown.event_id)?,
                enforce_thread: EnforceThread::MaybeThreaded,
                add_mentions: AddMentions::No,
            };
            self.joined(room)?
                .send_attachment(
                    name,
                    &attachment_type(name),
                    text.as_bytes().to_vec(),
                    AttachmentConfig::new()
                        .info(AttachmentInfo::File(BaseFileInfo {
                            // Clients show the size before anyone opens it.
                            size: UInt::new(text.len() as u64),
                        }))
                        .reply(Some(reply))
                        .txn_id(txn_id(txn)),
                )
                .await
                .map_err(|e| failed_request(room, &e))?;
            Ok(())
        })
    }

    fn typing<'a>(&'a self, room: &'a str, on: bool) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            self.joined(room)?
                .typing_notice(on)
                .await
                .map_err(|e| failed_request(room, &e))
        })
    }
}
