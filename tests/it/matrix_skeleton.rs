//! The walking-skeleton bot against a real Synapse, driven by matrix-sdk
//! clients: it joins on an operator's invite and declines anyone else's,
//! and answers `!help` for the operator only.

use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
use matrix_sdk::ruma::events::StateEventType;
use matrix_sdk::ruma::events::room::message::RoomMessageEventContent;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId};
use tokio_util::sync::CancellationToken;

use crate::support::{eventually, register, require_env, unique};

const LIMIT: Duration = Duration::from_secs(60);

pub(crate) use crate::support::login;

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

/// The membership of `user` in `room` as `client` sees it on the server.
pub(crate) async fn membership(client: &Client, room: &RoomId, user: &str) -> Option<String> {
    let request = get_state_event_for_key::v3::Request::new(
        room.to_owned(),
        StateEventType::RoomMember,
        user.to_string(),
    );
    let response = client.send(request).await.ok()?;
    let content: serde_json::Value = serde_json::from_str(response.event_or_content.get()).ok()?;
    content["membership"].as_str().map(str::to_string)
}

/// (sender, replied-to event id, body) of the room's messages, newest
/// first: all of them (see [`crate::matrix_agent::events`]).
pub(crate) async fn messages(
    client: &Client,
    room: &RoomId,
) -> Vec<(String, Option<String>, String)> {
    crate::matrix_agent::events(client, room)
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

async fn say(client: &Client, room: &RoomId, body: &str) -> OwnedEventId {
    let room = client.get_room(room).expect("room known to sender");
    room.send(RoomMessageEventContent::text_plain(body))
        .await
        .expect("send")
        .response
        .event_id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skeleton_joins_for_operators_and_answers_help_for_operators_only() {
    let hs = require_env("NOMOS_TEST_HOMESERVER");
    let bot = register(&hs, "nomos").await;
    let operator = register(&hs, "op").await;
    let outsider = register(&hs, "out").await;

    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("inventory.yaml"),
        "hosts:\n  - name: here\n    transport: local\n    default: true\n",
    )
    .expect("inventory");
    let toml = format!(
        r#"data_dir = "{data}"
[matrix]
homeserver = "{hs}"
user = "{bot}"
password = "{pw}"
[access]
operators = ["{op}"]
[llm]
base_url = "http://127.0.0.1:9/v1"
model = "scripted"
[inventory]
file = "inventory.yaml"
"#,
        data = dir.path().join("data").display(),
        bot = bot.user_id,
        pw = bot.password,
        op = operator.user_id,
    );
    let (shutdown, running) = crate::support::start_bot(&toml, dir.path());

    let op = login(&hs, &operator).await;
    let out = login(&hs, &outsider).await;

    // The outsider's invite comes first and must be declined; the
    // operator's is accepted.
    let outsider_room = create_room(&out, &[&bot.user_id]).await;
    let room = create_room(&op, &[&bot.user_id, &outsider.user_id]).await;
    eventually("the bot to join the operator's room", LIMIT, || async {
        (membership(&op, &room, &bot.user_id).await.as_deref() == Some("join")).then_some(())
    })
    .await;
    let declined = eventually(
        "the bot to decline the outsider's invite",
        LIMIT,
        || async {
            match membership(&out, &outsider_room, &bot.user_id)
                .await
                .as_deref()
            {
                Some("invite") | None => None,
                Some(other) => Some(other.to_string()),
            }
        },
    )
    .await;
    assert_eq!(
        declined, "leave",
        "the bot must not join a non-operator's room"
    );

    // The outsider says !help first, then the operator.
    out.join_room_by_id(&room).await.expect("outsider joins");
    let outsider_help = say(&out, &room, "!help").await;
    let operator_help = say(&op, &room, "!help").await;

    let replies_to_operator =
        eventually("the bot to answer the operator's !help", LIMIT, || async {
            let msgs = messages(&op, &room).await;
            let from_bot: Vec<_> = msgs
                .into_iter()
                .filter(|(s, _, _)| s == &bot.user_id)
                .collect();
            from_bot
                .iter()
                .any(|(_, to, _)| to.as_deref() == Some(operator_help.as_str()))
                .then_some(from_bot)
        })
        .await;
    // The bot handles a room's events in order, so by the time the
    // operator's later !help is answered the outsider's has been seen.
    assert_eq!(
        replies_to_operator.len(),
        1,
        "exactly one answer expected: {replies_to_operator:?}"
    );
    let (_, to, body) = &replies_to_operator[0];
    assert_eq!(to.as_deref(), Some(operator_help.as_str()));
    assert_ne!(to.as_deref(), Some(outsider_help.as_str()));
    assert!(body.contains("`!help`"), "help text: {body}");

    stop(shutdown, running).await;
    let session_file = dir.path().join("data/matrix/session.json");
    let device_before = device_id(&session_file);

    // Restart on the same data_dir: same device, the old !help is not
    // answered again, a new one is answered once.
    let (shutdown, running) = crate::support::start_bot(&toml, dir.path());
    let second_help = say(&op, &room, "!help").await;
    let from_bot = eventually(
        "the restarted bot to answer the new !help",
        LIMIT,
        || async {
            let from_bot: Vec<_> = messages(&op, &room)
                .await
                .into_iter()
                .filter(|(s, _, _)| s == &bot.user_id)
                .collect();
            from_bot
                .iter()
                .any(|(_, to, _)| to.as_deref() == Some(second_help.as_str()))
                .then_some(from_bot)
        },
    )
    .await;
    let answered: Vec<_> = from_bot.iter().map(|(_, to, _)| to.clone()).collect();
    assert_eq!(
        answered,
        vec![
            Some(second_help.to_string()),
            Some(operator_help.to_string())
        ],
        "after a restart each !help is answered exactly once"
    );
    assert_eq!(
        device_id(&session_file),
        device_before,
        "a restart must keep the device"
    );
    stop(shutdown, running).await;
}

fn device_id(session_file: &std::path::Path) -> String {
    let text = std::fs::read_to_string(session_file).expect("session file saved");
    let session: serde_json::Value = serde_json::from_str(&text).expect("session json");
    session["device_id"]
        .as_str()
        .expect("device_id")
        .to_string()
}

async fn stop(
    shutdown: CancellationToken,
    running: tokio::task::JoinHandle<Result<(), nomos::app::RunError>>,
) {
    shutdown.cancel();
    let result = tokio::time::timeout(Duration::from_secs(20), running)
        .await
        .expect("bot stops on shutdown")
        .expect("bot task");
    assert!(result.is_ok(), "bot ended with {result:?}");
}
