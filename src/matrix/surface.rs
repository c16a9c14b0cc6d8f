//! The Matrix [`Surface`]: messages as `m.notice` with HTML from markdown
//! and the markdown as plain body; cards in the plan's thread (`m.thread`
//! with the reply fallback) with the bot's ✅/❌ under the ones a reaction
//! can decide; card updates as `m.replace` edits; the bot's reactions
//! removed once a card is decided, so nobody taps a stale card.
//!
//! Which event shows which card, and the bot's own reactions, are kept in
//! the store (`matrix_events`, `matrix_reactions`), so edits and clean-up
//! work after a restart too.

use matrix_sdk::attachment::AttachmentConfig;
use matrix_sdk::room::reply::{EnforceThread, Reply};
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{self, Annotation, InReplyTo, Thread};
use matrix_sdk::ruma::events::room::message::AddMentions;
use matrix_sdk::ruma::events::room::message::{
    Relation, ReplacementMetadata, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId};
use matrix_sdk::{Client, Room, RoomState};

use crate::chat::{Card, Outbound, Surface, SurfaceError, SurfaceFuture, render};
use crate::store::Store;

/// The reactions the bot offers on a card that takes them.
pub const OFFERED: [&str; 2] = ["✅", "❌"];

#[derive(Clone)]
pub struct MatrixSurface {
    client: Client,
    store: Store,
}

fn fail(room: &str, reason: impl ToString) -> SurfaceError {
    SurfaceError {
        room: room.to_string(),
        reason: reason.to_string(),
    }
}

fn event_id(room: &str, id: &str) -> Result<OwnedEventId, SurfaceError> {
    OwnedEventId::try_from(id).map_err(|e| fail(room, format!("bad event id {id}: {e}")))
}

/// A notice with HTML rendered from `markdown`.
fn content(markdown: &str) -> RoomMessageEventContent {
    RoomMessageEventContent::notice_html(markdown, render::markdown_to_html(markdown))
}

impl MatrixSurface {
    pub fn new(client: Client, store: Store) -> Self {
        MatrixSurface { client, store }
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
        let sent = joined.send(message).await.map_err(|e| fail(room, e))?;
        Ok(sent.response.event_id)
    }

    /// The event showing `card`, if it was posted.
    async fn shown(
        &self,
        room: &str,
        card: &Card,
    ) -> Result<Option<crate::store::matrix::CardEvent>, SurfaceError> {
        self.store
            .card_of_execution(card.execution_id)
            .await
            .map_err(|e| fail(room, e))
    }

    /// Removes the bot's ✅/❌ from a decided card.
    async fn withdraw_reactions(&self, room: &str, card_event: &str) -> Result<(), SurfaceError> {
        let reactions = self
            .store
            .take_bot_reactions(card_event)
            .await
            .map_err(|e| fail(room, e))?;
        if reactions.is_empty() {
            return Ok(());
        }
        let joined = self.joined(room)?;
        for reaction in reactions {
            let id = event_id(room, &reaction)?;
            if let Err(e) = joined.redact(&id, Some("decided"), None).await {
                tracing::warn!(room, reaction, error = %e, "cannot remove the bot's reaction");
            }
        }
        Ok(())
    }
}

impl Surface for MatrixSurface {
    fn send<'a>(&'a self, room: &'a str, message: Outbound) -> SurfaceFuture<'a, String> {
        Box::pin(async move {
            let id = self
                .post(
                    room,
                    content(&message.markdown),
                    message.thread.as_deref(),
                    message.in_reply_to.as_deref(),
                )
                .await?;
            Ok(id.to_string())
        })
    }

    fn post_card<'a>(
        &'a self,
        room: &'a str,
        thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let id = self
                .post(room, content(&card.markdown()), thread, None)
                .await?;
            self.store
                .record_matrix_event(id.as_str(), room, "card", Some(card.execution_id), thread)
                .await
                .map_err(|e| fail(room, e))?;
            if card.takes_reactions() {
                let joined = self.joined(room)?;
                for key in OFFERED {
                    let reaction =
                        ReactionEventContent::new(Annotation::new(id.clone(), key.to_string()));
                    match joined.send(reaction).await {
                        Ok(sent) => self
                            .store
                            .record_bot_reaction(
                                sent.response.event_id.as_str(),
                                room,
                                id.as_str(),
                                key,
                            )
                            .await
                            .map_err(|e| fail(room, e))?,
                        Err(e) => tracing::warn!(room, error = %e, "cannot add {key} to the card"),
                    }
                }
            }
            Ok(())
        })
    }

    fn update_card<'a>(&'a self, room: &'a str, card: &'a Card) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            let Some(shown) = self.shown(room, card).await? else {
                // Never posted (the homeserver was down then): post it now.
                return self.post_card(room, None, card).await;
            };
            let original = event_id(room, &shown.event_id)?;
            let edit = content(&card.markdown())
                .make_replacement(ReplacementMetadata::new(original, None));
            self.joined(room)?
                .send(edit)
                .await
                .map_err(|e| fail(room, e))?;
            if !card.takes_reactions() {
                self.withdraw_reactions(room, &shown.event_id).await?;
            }
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
                    &mime::TEXT_PLAIN_UTF_8,
                    bytes,
                    AttachmentConfig::new().reply(Some(reply)),
                )
                .await
                .map_err(|e| fail(room, e))?;
            Ok(())
        })
    }

    fn typing<'a>(&'a self, room: &'a str, on: bool) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            self.joined(room)?
                .typing_notice(on)
                .await
                .map_err(|e| fail(room, e))
        })
    }
}
