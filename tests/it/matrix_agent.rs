//! The whole bot in a real Synapse room: the operator asks, the agent (a
//! scripted model) proposes, the card appears in the plan's thread with
//! the bot's ✅/❌, a stranger's ✅ does nothing, the operator's runs it, the
//! card is edited live to `completed` and loses its reactions; destructive
//! work ignores ✅ and the phrase outside the thread, and runs on the
//! phrase typed in the thread. In an encrypted room: ✅, the phrase and ❌.

use std::path::Path;
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::room::MessagesOptions;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{Annotation, Thread};
use matrix_sdk::ruma::events::room::message::{Relation, RoomMessageEventContent};
use matrix_sdk::ruma::{Int, OwnedEventId, OwnedUserId, RoomId, uint};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::matrix_skeleton::{create_room, login, membership};
use crate::model::{Model, last, run, say};
use crate::support::{Account, eventually, register, require_env};

const LIMIT: Duration = Duration::from_secs(60);

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

pub(crate) fn body(ev: &Value) -> &str {
    ev["content"]["body"].as_str().unwrap_or("")
}

fn relates(ev: &Value, rel: &str, to: &str) -> bool {
    ev["content"]["m.relates_to"]["rel_type"] == rel
        && ev["content"]["m.relates_to"]["event_id"] == to
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

/// Sends `!revoke` and waits for its answer (a new one, not an earlier
/// `!revoke`'s), so the next change asks again.
async fn revoke(client: &Client, room: &RoomId, bot: &str) {
    let answers = || async {
        events(client, room)
            .await
            .iter()
            .filter(|ev| {
                ev["sender"] == bot
                    && (body(ev).starts_with("Closed") || body(ev).starts_with("No window"))
            })
            .count()
    };
    let before = answers().await;
    send(client, room, "!revoke", None).await;
    eventually("!revoke to answer", LIMIT, || async {
        (answers().await > before).then_some(())
    })
    .await;
}

/// The confirmation phrase a card's text asks for.
pub(crate) fn phrase_in(text: &str) -> String {
    let start = text.find("`confirm ").expect("the phrase in backticks") + 1;
    text[start..].split('`').next().expect("phrase").to_string()
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

/// The keys of the bot's live (not redacted) reactions on `card`.
async fn bot_reactions(client: &Client, room: &RoomId, bot: &str, card: &str) -> Vec<String> {
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

pub(crate) async fn react(client: &Client, room: &RoomId, card: &str, key: &str) {
    let room = client.get_room(room).expect("room");
    let id = OwnedEventId::try_from(card).expect("event id");
    room.send(ReactionEventContent::new(Annotation::new(id, key.into())))
        .await
        .expect("react");
}

pub(crate) async fn send(client: &Client, room: &RoomId, text: &str, thread: Option<(&str, &str)>) {
    let room = client.get_room(room).expect("room");
    let mut content = RoomMessageEventContent::text_plain(text);
    if let Some((root, latest)) = thread {
        content.relates_to = Some(Relation::Thread(Thread::plain(
            OwnedEventId::try_from(root).expect("root"),
            OwnedEventId::try_from(latest).expect("latest"),
        )));
    }
    room.send(content).await.expect("send");
}

fn brain(dir: &Path) -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    let made = dir.join("made");
    let victim = dir.join("victim");
    move |req| {
        let (role, content) = last(req);
        match role.as_str() {
            "user" if content.contains("create the marker") => run(
                "host:here",
                &format!("touch {}", made.display()),
                "create the marker",
            ),
            "user" if content.contains("remove the victim") => run(
                "host:here",
                &format!("rm -f {}", victim.display()),
                "remove the victim file",
            ),
            "tool" if content.contains("pending_approval") => say("It waits for your decision."),
            "system" => say("Done, as approved."),
            _ => say("Noted."),
        }
    }
}

/// The bot running in-process with a SQLite store in its own data_dir.
struct Bot {
    _dir: tempfile::TempDir,
    shutdown: CancellationToken,
    running: tokio::task::JoinHandle<Result<(), nomos::app::RunError>>,
}

impl Bot {
    fn start(hs: &str, bot: &Account, operator: &str, model_url: &str, access: &str) -> Bot {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("inventory.yaml"),
            "hosts:\n  - name: here\n    transport: local\n    default: true\n",
        )
        .expect("inventory");
        let toml = format!(
            "data_dir = \"{data}\"\n[matrix]\nhomeserver = \"{hs}\"\nuser = \"{bot}\"\npassword = \"{pw}\"\n\
             [access]\noperators = [\"{operator}\"]\n{access}\n[llm]\nbase_url = \"{model_url}\"\nmodel = \"scripted\"\n\
             [inventory]\nfile = \"inventory.yaml\"\n",
            data = dir.path().join("data").display(),
            bot = bot.user_id,
            pw = bot.password,
        );
        let (shutdown, running) = crate::support::start_bot(&toml, dir.path());
        Bot {
            _dir: dir,
            shutdown,
            running,
        }
    }

    async fn stop(self) {
        self.shutdown.cancel();
        let result = tokio::time::timeout(Duration::from_secs(20), self.running)
            .await
            .expect("bot stops")
            .expect("bot task");
        assert!(result.is_ok(), "{result:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_reactions_phrases_and_live_edits_in_a_real_room() {
    let hs = require_env("NOMOS_TEST_HOMESERVER");
    let bot = register(&hs, "nomos").await;
    let operator = register(&hs, "op").await;
    let stranger = register(&hs, "str").await;

    let work = tempfile::tempdir().expect("work dir");
    let made = work.path().join("made");
    let victim = work.path().join("victim");
    std::fs::write(&victim, "precious\n").expect("victim");
    let model = Model::start(brain(work.path())).await;
    let bot_run = Bot::start(
        &hs,
        &bot,
        &operator.user_id,
        &model.base_url,
        "approver_power_level = 50",
    );

    let op = login(&hs, &operator).await;
    let other = login(&hs, &stranger).await;
    let room = create_room(&op, &[&bot.user_id, &stranger.user_id]).await;
    eventually("the bot to join", LIMIT, || async {
        (membership(&op, &room, &bot.user_id).await.as_deref() == Some("join")).then_some(())
    })
    .await;
    other.join_room_by_id(&room).await.expect("stranger joins");
    let b = bot.user_id.as_str();

    // A change: the card in the plan's thread, with the bot's ✅ and ❌.
    send(&op, &room, "please create the marker", None).await;
    let (card_id, _root) = card(&op, &room, b, "touch ").await;
    eventually("the bot's reactions", LIMIT, || async {
        let keys = bot_reactions(&op, &room, b, &card_id).await;
        (keys.len() == 2).then_some(keys)
    })
    .await;

    // A stranger's ✅ decides nothing.
    react(&other, &room, &card_id, "✅").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(!made.exists(), "a stranger's reaction ran the command");
    assert!(edits(&op, &room, b, &card_id).await.is_empty());

    // The operator's ✅ runs it; the card is edited to completed and
    // loses the bot's reactions.
    react(&op, &room, &card_id, "✅").await;
    let final_body = eventually("the card to say completed", LIMIT, || async {
        edits(&op, &room, b, &card_id)
            .await
            .into_iter()
            .find(|body| body.contains("completed"))
    })
    .await;
    assert!(made.exists());
    assert!(final_body.contains("touch "), "{final_body}");
    assert!(
        final_body.contains(&operator.user_id),
        "who decided: {final_body}"
    );
    // The stranger's ✅ came first; had it counted, an edit would name them.
    let all_edits = edits(&op, &room, b, &card_id).await;
    assert!(
        all_edits.iter().all(|e| !e.contains(&stranger.user_id)),
        "{all_edits:?}"
    );
    eventually("the bot's reactions to go", LIMIT, || async {
        bot_reactions(&op, &room, b, &card_id)
            .await
            .is_empty()
            .then_some(())
    })
    .await;
    // Each of the bot's reactions was removed once, though every edit after
    // the decision (approved, running, completed) asks for their removal.
    let redacted: Vec<String> = events(&op, &room)
        .await
        .iter()
        .filter(|ev| ev["type"] == "m.room.redaction" && ev["sender"] == b)
        .filter_map(|ev| {
            ev["redacts"]
                .as_str()
                .or(ev["content"]["redacts"].as_str())
                .map(str::to_string)
        })
        .collect();
    let mut once = redacted.clone();
    once.sort();
    once.dedup();
    assert!(
        redacted.len() >= 2,
        "the ✅ and ❌ were removed: {redacted:?}"
    );
    assert_eq!(
        redacted.len(),
        once.len(),
        "a reaction removed twice: {redacted:?}"
    );
    eventually("the agent to carry on after the result", LIMIT, || async {
        events(&op, &room)
            .await
            .iter()
            .any(|ev| ev["sender"] == b && body(ev) == "Done, as approved.")
            .then_some(())
    })
    .await;

    // Destructive: the phrase, only in the thread.
    send(&op, &room, "please remove the victim", None).await;
    let (danger_id, root) = card(&op, &room, b, "rm -f").await;
    let danger = events(&op, &room)
        .await
        .into_iter()
        .find(|ev| ev["event_id"] == danger_id.as_str())
        .expect("card event");
    let phrase = phrase_in(body(&danger));
    assert!(phrase.starts_with("confirm "), "{phrase}");
    react(&op, &room, &danger_id, "✅").await;
    eventually(
        "the bot to say a reaction cannot approve it",
        LIMIT,
        || async {
            events(&op, &room)
                .await
                .iter()
                .any(|ev| ev["sender"] == b && body(ev).contains("cannot approve destructive"))
                .then_some(())
        },
    )
    .await;
    // Checked only now: the bot's offered reactions go out right after a
    // card, so by the time it has answered the ✅ they are all here. A
    // destructive card offers ❌ only (a ❌ refuses it; ✅ cannot run it).
    assert_eq!(
        bot_reactions(&op, &room, b, &danger_id).await,
        ["❌"],
        "only ❌ on a destructive card"
    );
    send(&op, &room, &phrase, None).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(
        victim.exists(),
        "a ✅ or the phrase outside the thread ran it"
    );

    send(&op, &room, &phrase, Some((&root, &danger_id))).await;
    eventually("the destructive card to say completed", LIMIT, || async {
        edits(&op, &room, b, &danger_id)
            .await
            .into_iter()
            .find(|body| body.contains("completed"))
    })
    .await;
    assert!(!victim.exists());
    eventually("the destructive card's ❌ to go", LIMIT, || async {
        bot_reactions(&op, &room, b, &danger_id)
            .await
            .is_empty()
            .then_some(())
    })
    .await;

    // A ❌ refuses destructive work: the next such card is denied by it
    // (the phrase's window closed first, so that card waits).
    revoke(&op, &room, b).await;
    send(&op, &room, "please remove the victim", None).await;
    let second = eventually("a second destructive card", LIMIT, || {
        other_card(&op, &room, b, "rm -f", &danger_id)
    })
    .await;
    eventually("the ❌ offered on it", LIMIT, || async {
        (bot_reactions(&op, &room, b, &second).await == ["❌"]).then_some(())
    })
    .await;
    react(&op, &room, &second, "❌").await;
    eventually("the card to say denied", LIMIT, || async {
        edits(&op, &room, b, &second)
            .await
            .into_iter()
            .find(|body| body.contains("denied"))
    })
    .await;

    // A long output goes along as a file in the card's thread.
    let long = work.path().join("long.txt");
    let lines: String = (1..=40).map(|i| format!("line {i}\n")).collect();
    std::fs::write(&long, &lines).expect("long file");
    send(
        &op,
        &room,
        &format!("!run host:here cat {}", long.display()),
        None,
    )
    .await;
    let file = eventually("the output file", LIMIT, || async {
        events(&op, &room).await.into_iter().find(|ev| {
            ev["sender"] == b
                && ev["content"]["msgtype"] == "m.file"
                && body(ev).ends_with("-output.txt")
        })
    })
    .await;
    assert_eq!(file["content"]["m.relates_to"]["rel_type"], "m.thread");

    // The commands see it all.
    send(&op, &room, "!executions", None).await;
    eventually("!executions to list both", LIMIT, || async {
        events(&op, &room).await.iter().find_map(|ev| {
            let text = body(ev);
            (ev["sender"] == b
                && text.contains("Latest executions")
                && text.matches("completed").count() >= 2)
                .then_some(())
        })
    })
    .await;

    // A moderator at the configured power level may decide by reaction.
    let moderator = register(&hs, "mod").await;
    let moder = login(&hs, &moderator).await;
    let op_room = op.get_room(&room).expect("room");
    op_room
        .invite_user_by_id(&OwnedUserId::try_from(moderator.user_id.as_str()).expect("id"))
        .await
        .expect("invite");
    moder.join_room_by_id(&room).await.expect("moderator joins");
    let moderator_id = OwnedUserId::try_from(moderator.user_id.as_str()).expect("id");
    // The operator's client learns the room's power levels first.
    op.sync_once(matrix_sdk::config::SyncSettings::default().timeout(Duration::from_millis(300)))
        .await
        .expect("sync");
    op_room
        .update_power_levels(vec![(&moderator_id, Int::from(50))])
        .await
        .expect("power level");
    std::fs::remove_file(&made).expect("reset the marker");
    // Close any window left open, so the next change asks.
    revoke(&op, &room, b).await;
    send(&op, &room, "please create the marker again", None).await;
    let again = eventually("a second card", LIMIT, || {
        other_card(&op, &room, b, "touch ", &card_id)
    })
    .await;
    react(&moder, &room, &again, "✅").await;
    eventually("the moderator's ✅ to run it", LIMIT, || async {
        made.exists().then_some(())
    })
    .await;

    bot_run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn it_works_in_an_encrypted_room() {
    use matrix_sdk::config::SyncSettings;
    use matrix_sdk::ruma::api::client::room::create_room;
    use matrix_sdk::ruma::events::InitialStateEvent;
    use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;

    let hs = require_env("NOMOS_TEST_HOMESERVER");
    let bot = register(&hs, "nomos").await;
    let operator = register(&hs, "op").await;
    let work = tempfile::tempdir().expect("work dir");
    let made = work.path().join("made");
    let model = Model::start(brain(work.path())).await;
    let bot_run = Bot::start(&hs, &bot, &operator.user_id, &model.base_url, "");
    let b = bot.user_id.as_str();

    let op = login(&hs, &operator).await;
    let mut request = create_room::v3::Request::new();
    request.invite = vec![bot.user_id.as_str().try_into().expect("user id")];
    request.initial_state = vec![
        InitialStateEvent::with_empty_state_key(
            RoomEncryptionEventContent::with_recommended_defaults(),
        )
        .to_raw_any(),
    ];
    let room = op
        .create_room(request)
        .await
        .expect("create room")
        .room_id()
        .to_owned();
    eventually("the bot to join", LIMIT, || async {
        (membership(&op, &room, b).await.as_deref() == Some("join")).then_some(())
    })
    .await;
    let sync = SyncSettings::default().timeout(Duration::from_millis(300));
    op.sync_once(sync.clone()).await.expect("sync");
    let encrypted = op
        .get_room(&room)
        .expect("room")
        .latest_encryption_state()
        .await
        .expect("encryption state")
        .is_encrypted();
    assert!(encrypted, "the room is encrypted");

    send(&op, &room, "please create the marker", None).await;
    let card_id = eventually("the card, decrypted", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        let r = op.get_room(&room)?;
        let mut options = MessagesOptions::backward();
        options.limit = uint!(100);
        let page = r.messages(options).await.ok()?;
        page.chunk.iter().find_map(|ev| {
            let json = ev.raw().deserialize_as::<Value>().ok()?;
            (json["sender"] == b && body(&json).contains("touch "))
                .then(|| {
                    assert!(
                        ev.encryption_info().is_some(),
                        "the card was sent encrypted"
                    );
                    json["event_id"].as_str().map(str::to_string)
                })
                .flatten()
        })
    })
    .await;
    react(&op, &room, &card_id, "✅").await;
    eventually(
        "the command to run after an encrypted ✅",
        LIMIT,
        || async {
            op.sync_once(sync.clone()).await.ok()?;
            made.exists().then_some(())
        },
    )
    .await;
    eventually("the edit saying completed", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        edits(&op, &room, b, &card_id)
            .await
            .into_iter()
            .find(|body| body.contains("completed"))
    })
    .await;

    // Destructive work in the encrypted room: the typed phrase, encrypted,
    // in the card's thread, runs it.
    let victim = work.path().join("victim");
    std::fs::write(&victim, "precious\n").expect("victim");
    send(&op, &room, "please remove the victim", None).await;
    let (danger, root, text) = eventually("the destructive card, decrypted", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        events(&op, &room).await.into_iter().find_map(|ev| {
            (ev["sender"] == b
                && body(&ev).contains("rm -f")
                && ev["content"]["m.relates_to"]["rel_type"] == "m.thread")
                .then(|| {
                    (
                        ev["event_id"].as_str().unwrap_or("").to_string(),
                        ev["content"]["m.relates_to"]["event_id"]
                            .as_str()
                            .unwrap_or("")
                            .to_string(),
                        body(&ev).to_string(),
                    )
                })
        })
    })
    .await;
    let phrase = phrase_in(&text);
    send(&op, &room, &phrase, Some((&root, &danger))).await;
    eventually("the phrase to run it", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        (!victim.exists()).then_some(())
    })
    .await;

    // A ❌ on a card, encrypted, refuses it.
    std::fs::remove_file(&made).expect("reset the marker");
    send(&op, &room, "!revoke", None).await;
    eventually("the windows to close", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        events(&op, &room)
            .await
            .iter()
            .any(|ev| ev["sender"] == b && body(ev).starts_with("Closed"))
            .then_some(())
    })
    .await;
    send(&op, &room, "please create the marker again", None).await;
    let second = eventually("a second card", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        other_card(&op, &room, b, "touch ", &card_id).await
    })
    .await;
    react(&op, &room, &second, "❌").await;
    eventually("the card to say denied", LIMIT, || async {
        op.sync_once(sync.clone()).await.ok()?;
        edits(&op, &room, b, &second)
            .await
            .into_iter()
            .find(|body| body.contains("denied"))
    })
    .await;
    assert!(!made.exists(), "a ❌ ran the command");
    bot_run.stop().await;
}
