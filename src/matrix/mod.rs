//! The Matrix front end: one [`Surface`] among others, and the only module
//! that imports `matrix_sdk`.
//!
//! It logs in (restoring the saved device), accepts invites from operators
//! only, turns room events into facts for [`decide`], and carries out the
//! decision: answering commands, handing plain words to the agent. Every
//! inbound event is claimed in the store before it is acted on, so a
//! restart or a repeated sync batch never answers twice.

pub mod decide;
pub mod session;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::ruma::events::relation::{InReplyTo, Reply};
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId};
use matrix_sdk::{Client, LoopCtrl, Room, RoomState};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

use crate::chat::{self, Inbound, Outbound, SurfaceError, strings};
use crate::config::{AccessConfig, Config};
use crate::store::Store;
use decide::{InviteAction, MessageAction, MessageFacts};

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

/// Sends to Matrix rooms: markdown as HTML with a plain-text body, as
/// `m.notice` (the convention for bots, and never a trigger for other bots).
#[derive(Clone)]
pub struct MatrixSurface {
    client: Client,
}

impl MatrixSurface {
    pub fn new(client: Client) -> Self {
        MatrixSurface { client }
    }

    /// Posts a notice (the agent and cards arrive with the Matrix surface's
    /// full implementation).
    pub async fn send(&self, room: &str, message: Outbound) -> Result<String, SurfaceError> {
        let fail = |reason: String| SurfaceError {
            room: room.to_string(),
            reason,
        };
        let room_id = OwnedRoomId::try_from(room).map_err(|e| fail(e.to_string()))?;
        let joined = self
            .client
            .get_room(&room_id)
            .filter(|r| r.state() == RoomState::Joined)
            .ok_or_else(|| fail("the bot is not in this room".into()))?;
        let html = chat::render::markdown_to_html(&message.markdown);
        let mut content = RoomMessageEventContent::notice_html(message.markdown, html);
        if let Some(reply_to) = message.in_reply_to {
            let event_id = OwnedEventId::try_from(reply_to).map_err(|e| fail(e.to_string()))?;
            content.relates_to = Some(Relation::Reply(Reply::new(InReplyTo::new(event_id))));
        }
        let sent = joined
            .send(content)
            .await
            .map_err(|e| fail(e.to_string()))?;
        Ok(sent.response.event_id.to_string())
    }
}

/// What the event handlers share.
#[derive(Clone)]
struct BotContext {
    store: Store,
    access: Arc<AccessConfig>,
    surface: MatrixSurface,
}

/// Runs the bot until `shutdown` is cancelled or sync fails for good.
pub async fn run(
    config: &Config,
    store: Store,
    shutdown: CancellationToken,
) -> Result<(), MatrixError> {
    let connected = session::connect(&config.matrix, &config.data_dir).await?;
    let client = connected.client;
    let own_user = client
        .user_id()
        .ok_or_else(|| MatrixError::Login("no user id after login".into()))?
        .to_owned();

    if connected.fresh_login {
        // A new login: learn the rooms and the sync position without
        // answering anything said before the bot existed.
        client
            .sync_once(SyncSettings::default())
            .await
            .map_err(|e| MatrixError::Sync(e.to_string()))?;
    }

    let ctx = BotContext {
        store,
        access: Arc::new(config.access.clone()),
        surface: MatrixSurface::new(client.clone()),
    };

    // Invites that arrived while the bot was down.
    for room in client.invited_rooms() {
        match room.invite_details().await {
            Ok(details) => {
                let inviter = details.inviter_id.to_string();
                act_on_invite(&ctx, room, own_user.as_str(), own_user.as_str(), &inviter);
            }
            Err(e) => tracing::warn!(room = %room.room_id(), error = %e, "cannot read invite"),
        }
    }

    client.add_event_handler_context(ctx);
    client.add_event_handler(on_invite);
    client.add_event_handler(on_message);

    tracing::info!(user = %own_user, "Nomos is listening");
    let settings = SyncSettings::default().timeout(Duration::from_secs(30));
    let stop = shutdown.clone();
    let sync = client.sync_with_callback(settings, move |_| {
        let stop = stop.clone();
        async move {
            if stop.is_cancelled() {
                LoopCtrl::Break
            } else {
                LoopCtrl::Continue
            }
        }
    });
    tokio::select! {
        result = sync => result.map_err(|e| MatrixError::Sync(e.to_string())),
        () = shutdown.cancelled() => {
            tracing::info!("shutting down the Matrix front end");
            Ok(())
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
    let action = decide::invite(invitee, own_user, ctx.access.is_operator(inviter));
    let span = tracing::info_span!("invite", room = %room.room_id(), inviter = %inviter);
    match action {
        InviteAction::NotForUs => {}
        InviteAction::Join => {
            tokio::spawn(
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
            tokio::spawn(
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
    ctx: Ctx<BotContext>,
) {
    if room.state() != RoomState::Joined {
        return;
    }
    let Some(own_user) = client.user_id() else {
        return;
    };
    let sender = event.sender.as_str();
    let facts = MessageFacts {
        sender,
        own_user: own_user.as_str(),
        sender_is_operator: ctx.access.is_operator(sender),
        msgtype: event.content.msgtype(),
        is_edit: matches!(event.content.relates_to, Some(Relation::Replacement(_))),
        body: event.content.body(),
    };
    let action = decide::message(&facts);
    let span = tracing::info_span!("message", room = %room.room_id(), event = %event.event_id, sender = %sender);
    async {
        if let MessageAction::Ignore(why) = action {
            tracing::debug!(?why, "ignored");
            return;
        }
        let room_id = room.room_id().to_string();
        match ctx
            .store
            .claim_inbound_event(event.event_id.as_str(), &room_id)
            .await
        {
            Ok(true) => {}
            Ok(false) => {
                tracing::debug!("already handled");
                return;
            }
            Err(e) => {
                // Without the claim we cannot promise to answer once; stay silent.
                tracing::error!(error = %e, "cannot record the event; not answering it");
                return;
            }
        }
        let inbound = Inbound {
            room: room_id.clone(),
            sender: sender.to_string(),
            event_id: event.event_id.to_string(),
            body: event.content.body().to_string(),
        };
        let reply = match action {
            MessageAction::Command(command) => chat::commands::answer(&command, &inbound),
            MessageAction::Chat => Outbound::reply(&inbound, strings::agent_unavailable()),
            MessageAction::Ignore(_) => return,
        };
        if let Err(e) = ctx.surface.send(&room_id, reply).await {
            tracing::error!(error = %e, "cannot answer");
        }
    }
    .instrument(span)
    .await;
}
