//! The Matrix side of the tests: Synapse accounts, logged-in clients,
//! rooms (plain and encrypted), and what a person does and reads there:
//! messages, thread replies, reactions and redactions; the room's events
//! as raw JSON; the bot's cards, their edits and reactions.

use std::time::Duration;

use hmac::{Hmac, Mac};
use matrix_sdk::Client;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::room::MessagesOptions;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{Annotation, Thread};
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::message::{Relation, RoomMessageEventContent};
use matrix_sdk::ruma::events::{InitialStateEvent, StateEventType};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, uint};
use serde_json::Value;
use sha1::Sha1;

use super::{eventually, require_env, unique};

/// How long a test waits for anything to happen in a room.
pub(crate) const LIMIT: Duration = Duration::from_secs(60);

/// A Synapse account made for one test.
pub(crate) struct Account {
    pub user_id: String,
    pub localpart: String,
    pub password: String,
}

/// Registers a new non-admin user through Synapse's shared-secret admin API.
pub(crate) async fn register(homeserver: &str, prefix: &str) -> Account {
    let secret = require_env("NOMOS_TEST_REGISTRATION_SECRET");
    let localpart = format!("{prefix}{}", unique());
    let password = format!("pw-{}", unique());
    let http = reqwest::Client::new();
    let endpoint = format!("{homeserver}/_synapse/admin/v1/register");
    let nonce: Value = http
        .get(&endpoint)
        .send()
        .await
        .expect("nonce request")
        .json()
        .await
        .expect("nonce json");
    let nonce = nonce["nonce"].as_str().expect("nonce").to_string();
    let mut mac = Hmac::<Sha1>::new_from_slice(secret.as_bytes()).expect("hmac key");
    mac.update(format!("{nonce}\0{localpart}\0{password}\0notadmin").as_bytes());
    let body = serde_json::json!({
        "nonce": nonce,
        "username": localpart,
        "password": password,
        "admin": false,
        "mac": hex::encode(mac.finalize().into_bytes()),
    });
    let response = http
        .post(&endpoint)
        .json(&body)
        .send()
        .await
        .expect("register");
    let status = response.status();
    let reply: Value = response.json().await.expect("register json");
    assert!(
        status.is_success(),
        "registering {localpart} failed: {status} {reply}"
    );
    Account {
        user_id: reply["user_id"].as_str().expect("user_id").to_string(),
        localpart,
        password,
    }
}

/// A Matrix client logged in as `account` at the homeserver URL given
/// (as Nomos does, whatever the login answer advertises).
pub(crate) async fn login(homeserver: &str, account: &Account) -> Client {
    log_in(client_of(homeserver), account).await
}

/// [`login`] with matrix-sdk's SQLite stores in `store`, encrypted with
/// `passphrase` (a client that keeps its keys, as a bot must).
#[allow(dead_code)] // the Matrix bench's reference bot
pub(crate) async fn login_with_store(
    homeserver: &str,
    account: &Account,
    store: &std::path::Path,
    passphrase: &str,
) -> Client {
    log_in(
        client_of(homeserver).sqlite_store(store, Some(passphrase)),
        account,
    )
    .await
}

fn client_of(homeserver: &str) -> matrix_sdk::ClientBuilder {
    Client::builder()
        .homeserver_url(homeserver)
        .respect_login_well_known(false)
}

async fn log_in(builder: matrix_sdk::ClientBuilder, account: &Account) -> Client {
    let client = builder.build().await.expect("client");
    client
        .matrix_auth()
        .login_username(&account.localpart, &account.password)
        .initial_device_display_name("nomos-it")
        .send()
        .await
        .expect("login");
    client
}

/// A new room made by `client`, inviting `invite`.
pub(crate) async fn create_room(client: &Client, invite: &[&str]) -> OwnedRoomId {
    let mut request = create_room::v3::Request::new();
    request.invite = invite
        .iter()
        .map(|u| OwnedUserId::try_from(*u).expect("user id"))
        .collect();
    request.name = Some(format!("nomos-it-{}", unique()));
    client
        .create_room(request)
        .await
        .expect("create room")
        .room_id()
        .to_owned()
}

/// A room with the bot, encrypted from its first event.
pub(crate) async fn encrypted_room(op: &Client, bot: &Account) -> OwnedRoomId {
    let mut request = create_room::v3::Request::new();
    request.invite = vec![bot.user_id.as_str().try_into().expect("user id")];
    request.initial_state = vec![
        InitialStateEvent::with_empty_state_key(
            RoomEncryptionEventContent::with_recommended_defaults(),
        )
        .to_raw_any(),
    ];
    op.create_room(request)
        .await
        .expect("create room")
        .room_id()
        .to_owned()
}

/// The membership of `user` in `room` as `client` sees it on the server.
pub(crate) async fn membership(client: &Client, room: &RoomId, user: &str) -> Option<String> {
    let request = get_state_event_for_key::v3::Request::new(
        room.to_owned(),
        StateEventType::RoomMember,
        user.to_string(),
    );
    let response = client.send(request).await.ok()?;
    let content: Value = serde_json::from_str(response.event_or_content.get()).ok()?;
    content["membership"].as_str().map(str::to_string)
}

/// Waits (as `what`) until `user` has joined `room`.
pub(crate) async fn joined(what: &str, client: &Client, room: &RoomId, user: &str) {
    eventually(what, LIMIT, || async {
        (membership(client, room, user).await.as_deref() == Some("join")).then_some(())
    })
    .await;
}

/// An operator's client in a fresh room with the bot, once it joined.
pub(crate) async fn room_with_bot(
    homeserver: &str,
    operator: &Account,
    bot: &Account,
    others: &[&str],
) -> (Client, OwnedRoomId) {
    let op = login(homeserver, operator).await;
    let mut invite = vec![bot.user_id.as_str()];
    invite.extend_from_slice(others);
    let room = create_room(&op, &invite).await;
    joined("the bot to join", &op, &room, &bot.user_id).await;
    (op, room)
}

/// `inviter` invites `account`, whose `client` then joins `room`.
pub(crate) async fn invite_and_join(
    inviter: &Client,
    client: &Client,
    room: &RoomId,
    account: &Account,
) {
    inviter
        .get_room(room)
        .expect("room")
        .invite_user_by_id(&OwnedUserId::try_from(account.user_id.as_str()).expect("id"))
        .await
        .expect("invite");
    client.join_room_by_id(room).await.expect("joins");
}

/// One sync of `client`, waiting at most 300 ms for news.
pub(crate) async fn sync_briefly(client: &Client) -> matrix_sdk::Result<()> {
    client
        .sync_once(SyncSettings::default().timeout(Duration::from_millis(300)))
        .await
        .map(|_| ())
}

/// Every event of the room as raw JSON, oldest first: paged back to the
/// room's creation. A fetch that fails fails the test (an empty list would
/// make every "nothing happened" check pass).
pub(crate) async fn events(client: &Client, room: &RoomId) -> Vec<Value> {
    let room = client
        .get_room(room)
        .unwrap_or_else(|| panic!("{room} is not known to {:?}", client.user_id()));
    let mut all: Vec<Value> = Vec::new();
    let mut from: Option<String> = None;
    loop {
        let mut options = MessagesOptions::backward();
        options.limit = uint!(300);
        options.from = from.clone();
        let page = room
            .messages(options)
            .await
            .unwrap_or_else(|e| panic!("reading the room's events: {e}"));
        all.extend(
            page.chunk
                .iter()
                .filter_map(|ev| ev.raw().deserialize_as::<Value>().ok()),
        );
        match page.end {
            Some(end) if !page.chunk.is_empty() => from = Some(end),
            _ => break,
        }
    }
    all.reverse();
    all
}

/// The room's events as the operator reads them, decrypted: synced first
/// so the keys the bot sent have arrived.
pub(crate) async fn synced_events(op: &Client, room: &RoomId) -> Vec<Value> {
    let _ = sync_briefly(op).await;
    events(op, room).await
}

/// (sender, replied-to event id, body) of the room's messages, newest
/// first: all of them (see [`events`]).
pub(crate) async fn messages(
    client: &Client,
    room: &RoomId,
) -> Vec<(String, Option<String>, String)> {
    events(client, room)
        .await
        .into_iter()
        .rev()
        .filter(|ev| ev["type"] == "m.room.message")
        .map(|ev| {
            (
                ev["sender"].as_str().unwrap_or_default().to_string(),
                ev["content"]["m.relates_to"]["m.in_reply_to"]["event_id"]
                    .as_str()
                    .map(str::to_string),
                ev["content"]["body"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            )
        })
        .collect()
}

/// An event's body, or "".
pub(crate) fn body(ev: &Value) -> &str {
    ev["content"]["body"].as_str().unwrap_or("")
}

/// Whether `ev` relates to `to` by `rel`.
pub(crate) fn relates(ev: &Value, rel: &str, to: &str) -> bool {
    ev["content"]["m.relates_to"]["rel_type"] == rel
        && ev["content"]["m.relates_to"]["event_id"] == to
}

/// Whether the bot said something containing `needle`.
pub(crate) async fn bot_said(client: &Client, room: &RoomId, bot: &str, needle: &str) -> bool {
    events(client, room)
        .await
        .iter()
        .any(|ev| ev["sender"] == bot && body(ev).contains(needle))
}

/// The bot's messages whose body contains `needle` (edits excluded).
pub(crate) async fn bot_messages(
    client: &Client,
    room: &RoomId,
    bot: &str,
    needle: &str,
) -> Vec<Value> {
    events(client, room)
        .await
        .into_iter()
        .filter(|ev| {
            ev["sender"] == bot
                && ev["type"] == "m.room.message"
                && ev["content"]["m.relates_to"]["rel_type"] != "m.replace"
                && body(ev).contains(needle)
        })
        .collect()
}

/// The bot's card whose body contains `needle`: (event id, thread root).
pub(crate) async fn card(
    client: &Client,
    room: &RoomId,
    bot: &str,
    needle: &str,
) -> (String, String) {
    eventually("the card", LIMIT, || async {
        events(client, room).await.into_iter().find_map(|ev| {
            (ev["sender"] == bot
                && ev["type"] == "m.room.message"
                && body(&ev).contains(needle)
                && ev["content"]["m.relates_to"]["rel_type"] == "m.thread")
                .then(|| {
                    (
                        ev["event_id"].as_str().unwrap_or("").to_string(),
                        ev["content"]["m.relates_to"]["event_id"]
                            .as_str()
                            .unwrap_or("")
                            .to_string(),
                    )
                })
        })
    })
    .await
}

/// A card of the bot in a thread whose body contains `needle`, other than
/// `not` (the event id of an earlier one), if it is there yet.
pub(crate) async fn other_card(
    client: &Client,
    room: &RoomId,
    bot: &str,
    needle: &str,
    not: &str,
) -> Option<String> {
    events(client, room).await.into_iter().find_map(|ev| {
        let id = ev["event_id"].as_str().unwrap_or("").to_string();
        (ev["sender"] == bot
            && body(&ev).contains(needle)
            && ev["content"]["m.relates_to"]["rel_type"] == "m.thread"
            && id != not)
            .then_some(id)
    })
}

/// The confirmation phrase a card's text asks for.
pub(crate) fn phrase_in(text: &str) -> String {
    let start = text.find("`confirm ").expect("the phrase in backticks") + 1;
    text[start..].split('`').next().expect("phrase").to_string()
}

/// The phrase the card `card` asks for.
pub(crate) async fn phrase_of(client: &Client, room: &RoomId, card: &str) -> String {
    let event = events(client, room)
        .await
        .into_iter()
        .find(|ev| ev["event_id"] == card)
        .expect("card event");
    phrase_in(body(&event))
}

/// The bodies of the bot's edits of `card`, oldest first.
pub(crate) async fn edits(client: &Client, room: &RoomId, bot: &str, card: &str) -> Vec<String> {
    events(client, room)
        .await
        .iter()
        .filter(|ev| ev["sender"] == bot && relates(ev, "m.replace", card))
        .map(|ev| {
            ev["content"]["m.new_content"]["body"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

/// Waits for an edit of `card` containing `needle`.
pub(crate) async fn edit_saying(
    client: &Client,
    room: &RoomId,
    bot: &str,
    card: &str,
    needle: &str,
) -> String {
    eventually(&format!("the card to say {needle}"), LIMIT, || async {
        edits(client, room, bot, card)
            .await
            .into_iter()
            .find(|b| b.contains(needle))
    })
    .await
}

/// The keys of the bot's live (not redacted) reactions on `card`.
pub(crate) async fn bot_reactions(
    client: &Client,
    room: &RoomId,
    bot: &str,
    card: &str,
) -> Vec<String> {
    events(client, room)
        .await
        .iter()
        .filter(|ev| {
            ev["type"] == "m.reaction" && ev["sender"] == bot && relates(ev, "m.annotation", card)
        })
        .map(|ev| {
            ev["content"]["m.relates_to"]["key"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

/// Reacts with `key` to `card`; returns the reaction's event id (to
/// redact it later).
pub(crate) async fn react(client: &Client, room: &RoomId, card: &str, key: &str) -> OwnedEventId {
    let room = client.get_room(room).expect("room");
    let id = OwnedEventId::try_from(card).expect("event id");
    room.send(ReactionEventContent::new(Annotation::new(id, key.into())))
        .await
        .expect("react")
        .response
        .event_id
}

/// Reacts with `key` to `card` through the plain client-server API, so
/// the reaction is not encrypted even in an encrypted room (what a
/// hostile client, or the homeserver, can send).
pub(crate) async fn react_in_clear(
    homeserver: &str,
    client: &Client,
    room: &RoomId,
    card: &str,
    key: &str,
) -> String {
    let token = client.access_token().expect("access token");
    let room: String = url::form_urlencoded::byte_serialize(room.as_str().as_bytes()).collect();
    let url = format!(
        "{homeserver}/_matrix/client/v3/rooms/{room}/send/m.reaction/clear-{}",
        unique()
    );
    let content = serde_json::json!({
        "m.relates_to": {"rel_type": "m.annotation", "event_id": card, "key": key}
    });
    let reply: Value = reqwest::Client::new()
        .put(url)
        .bearer_auth(token)
        .json(&content)
        .send()
        .await
        .expect("send the reaction")
        .json()
        .await
        .expect("its answer");
    reply["event_id"]
        .as_str()
        .unwrap_or_else(|| panic!("no event id: {reply}"))
        .to_string()
}

/// Withdraws `event` (a reaction, say).
pub(crate) async fn redact(client: &Client, room: &RoomId, event: &OwnedEventId) {
    client
        .get_room(room)
        .expect("room")
        .redact(event, Some("changed my mind"), None)
        .await
        .expect("redact");
}

/// Sends `text`, in the thread `(root, latest)` when given (with the
/// thread fallback); returns its event id.
pub(crate) async fn send(
    client: &Client,
    room: &RoomId,
    text: &str,
    thread: Option<(&str, &str)>,
) -> OwnedEventId {
    let room = client.get_room(room).expect("room");
    let mut content = RoomMessageEventContent::text_plain(text);
    if let Some((root, latest)) = thread {
        content.relates_to = Some(Relation::Thread(Thread::plain(
            OwnedEventId::try_from(root).expect("root"),
            OwnedEventId::try_from(latest).expect("latest"),
        )));
    }
    room.send(content).await.expect("send").response.event_id
}

/// Sends `text` in the thread `root`, as a reply to `reply_to` when given
/// (a real reply, not the thread fallback), with the quoted fallback some
/// clients still put before a reply's words.
pub(crate) async fn send_in_thread(
    client: &Client,
    room: &RoomId,
    text: &str,
    root: &str,
    reply_to: Option<&str>,
) {
    let room = client.get_room(room).expect("room");
    let body = match reply_to {
        Some(_) => format!("> <@nomos:localhost> the card\n> with its phrase\n\n{text}"),
        None => text.to_string(),
    };
    let mut content = RoomMessageEventContent::text_plain(body);
    let root = OwnedEventId::try_from(root).expect("root");
    let thread = match reply_to {
        Some(card) => Thread::reply(root, OwnedEventId::try_from(card).expect("card")),
        None => Thread::without_fallback(root),
    };
    content.relates_to = Some(Relation::Thread(thread));
    room.send(content).await.expect("send");
}
