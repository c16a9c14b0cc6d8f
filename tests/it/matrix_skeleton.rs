//! The walking-skeleton bot against a real Synapse, driven by matrix-sdk
//! clients: it joins on an operator's invite and declines anyone else's,
//! and answers `!help` for the operator only.

use matrix_sdk::Client;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId};

use crate::support::eventually;
use crate::support::matrix::{
    Account, LIMIT, create_room, joined, login, membership, messages, register, send,
};
use crate::support::process::{Extra, Host, Setup};
use crate::support::scenario::Scenario;

/// The bot (with no model: the skeleton needs none), the operator and an
/// outsider, each with a client.
struct Skeleton {
    s: Scenario,
    outsider: Account,
    setup: Setup,
    op: Client,
    out: Client,
}

impl Skeleton {
    async fn new() -> Skeleton {
        let s = Scenario::new().await;
        let outsider = register(&s.hs, "out").await;
        let setup = s.setup("http://127.0.0.1:9/v1", Host::Here, Extra::default());
        let op = login(&s.hs, &s.operator).await;
        let out = login(&s.hs, &outsider).await;
        Skeleton {
            s,
            outsider,
            setup,
            op,
            out,
        }
    }

    /// The bot's messages, newest first, once one replies to `help`.
    async fn bot_answers_to(
        &self,
        what: &str,
        room: &OwnedRoomId,
        help: &OwnedEventId,
    ) -> Vec<(String, Option<String>, String)> {
        eventually(what, LIMIT, || async {
            let from_bot: Vec<_> = messages(&self.op, room)
                .await
                .into_iter()
                .filter(|(s, _, _)| s == self.s.b())
                .collect();
            from_bot
                .iter()
                .any(|(_, to, _)| to.as_deref() == Some(help.as_str()))
                .then_some(from_bot)
        })
        .await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skeleton_joins_for_operators_and_answers_help_for_operators_only() {
    let t = Skeleton::new().await;
    let bot = t.setup.start_in_process();
    let room = the_bot_joins_for_operators_only(&t).await;
    let operator_help = help_is_answered_for_the_operator_only(&t, &room).await;
    bot.stop().await;
    after_a_restart_each_help_is_answered_once(&t, &room, &operator_help).await;
}

/// The outsider's invite comes first and must be declined; the
/// operator's is accepted. Returns the operator's room.
async fn the_bot_joins_for_operators_only(t: &Skeleton) -> OwnedRoomId {
    let bot = t.s.b();
    let outsider_room = create_room(&t.out, &[bot]).await;
    let room = create_room(&t.op, &[bot, &t.outsider.user_id]).await;
    joined("the bot to join the operator's room", &t.op, &room, bot).await;
    let declined = eventually(
        "the bot to decline the outsider's invite",
        LIMIT,
        || async {
            match membership(&t.out, &outsider_room, bot).await.as_deref() {
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
    room
}

/// The outsider says !help first, then the operator: only the operator's
/// is answered. Returns the operator's !help.
async fn help_is_answered_for_the_operator_only(t: &Skeleton, room: &OwnedRoomId) -> OwnedEventId {
    t.out.join_room_by_id(room).await.expect("outsider joins");
    let outsider_help = send(&t.out, room, "!help", None).await;
    let operator_help = send(&t.op, room, "!help", None).await;

    let replies_to_operator = t
        .bot_answers_to(
            "the bot to answer the operator's !help",
            room,
            &operator_help,
        )
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
    operator_help
}

/// Restart on the same data_dir: same device, the old !help is not
/// answered again, a new one is answered once.
async fn after_a_restart_each_help_is_answered_once(
    t: &Skeleton,
    room: &OwnedRoomId,
    operator_help: &OwnedEventId,
) {
    let session_file = t.setup.dir().join("data/matrix/session.json");
    let device_before = device_id(&session_file);
    let bot = t.setup.start_in_process();
    let second_help = send(&t.op, room, "!help", None).await;
    let from_bot = t
        .bot_answers_to(
            "the restarted bot to answer the new !help",
            room,
            &second_help,
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
    bot.stop().await;
}

fn device_id(session_file: &std::path::Path) -> String {
    let text = std::fs::read_to_string(session_file).expect("session file saved");
    let session: serde_json::Value = serde_json::from_str(&text).expect("session json");
    session["device_id"]
        .as_str()
        .expect("device_id")
        .to_string()
}
