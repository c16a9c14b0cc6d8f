//! A file change and its undo in a real, encrypted Synapse room: the
//! agent (a scripted model) rewrites a config file with `write_file`; its
//! card shows the diff (a `language-diff` code block in the HTML body,
//! plain in the text body) and the whole long diff arrives beside it as
//! `ID.diff`; a ✅ cannot approve lines the card did not show, so the
//! operator types the phrase naming the diff's line count in the card's
//! thread, which applies it with the file's mode kept; the
//! bot then offers ↩️ under the finished card, and the operator's ↩️
//! proposes the restore on a card of its own, which puts the old bytes
//! back exactly.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use matrix_sdk::Client;
use matrix_sdk::ruma::OwnedRoomId;
use serde_json::{Value, json};

use crate::support::bot::RunningBot;
use crate::support::eventually;
use crate::support::matrix::{
    LIMIT, body, bot_reactions, edits, encrypted_room, events, joined, login, phrase_in, react,
    send, sync_briefly,
};
use crate::support::model::{Model, call, last, say};
use crate::support::process::{Extra, Host, Setup};
use crate::support::scenario::Scenario;

/// Lines the rewrite changes: more than a card shows, so the diff is
/// attached too.
const LINES: usize = 60;

fn original() -> Vec<u8> {
    let mut text: String = (0..LINES).map(|i| format!("key{i} = old\n")).collect();
    text.push_str("windows = line\r\n# no newline at the end, ü");
    text.into_bytes()
}

fn rewritten() -> String {
    (0..LINES).map(|i| format!("key{i} = new\n")).collect()
}

fn brain(path: PathBuf) -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    move |req| {
        let (role, content) = last(req);
        match role.as_str() {
            "user" if content.contains("rewrite the config") => call(&[(
                "write_file",
                json!({
                    "target": "host:here",
                    "path": path.display().to_string(),
                    "content": rewritten(),
                    "purpose": "switch every key to new"
                })
                .to_string(),
            )]),
            "tool" => say("It waits for your decision."),
            _ => say("Done."),
        }
    }
}

struct Lab {
    s: Scenario,
    _model: Model,
    _setup: Setup,
    bot: RunningBot,
    _work: tempfile::TempDir,
    path: PathBuf,
    op: Client,
    room: OwnedRoomId,
}

impl Lab {
    async fn start() -> Lab {
        let s = Scenario::new().await;
        let work = tempfile::tempdir().expect("work dir");
        let path = work.path().join("app.conf");
        std::fs::write(&path, original()).expect("config");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("mode");
        let model = Model::start(brain(path.clone())).await;
        let setup = s.setup(&model.base_url, Host::Here, Extra::default());
        let bot = setup.start_in_process();
        let op = login(&s.hs, &s.operator).await;
        let room = encrypted_room(&op, &s.bot).await;
        joined("the bot to join", &op, &room, s.b()).await;
        Lab {
            s,
            _model: model,
            _setup: setup,
            bot,
            _work: work,
            path,
            op,
            room,
        }
    }

    /// The bot's first message (not an edit) for which `found` holds,
    /// synced each time so encrypted events are readable.
    async fn bot_event(&self, what: &str, found: impl Fn(&Value) -> bool) -> Value {
        eventually(what, LIMIT, || async {
            sync_briefly(&self.op).await.ok()?;
            events(&self.op, &self.room).await.into_iter().find(|ev| {
                ev["sender"] == self.s.b()
                    && ev["type"] == "m.room.message"
                    && ev["content"]["m.relates_to"]["rel_type"] != "m.replace"
                    && found(ev)
            })
        })
        .await
    }

    async fn edit_saying(&self, what: &str, card: &str, word: &str) -> String {
        eventually(what, LIMIT, || async {
            sync_briefly(&self.op).await.ok()?;
            edits(&self.op, &self.room, self.s.b(), card)
                .await
                .into_iter()
                .find(|b| b.contains(word))
        })
        .await
    }

    /// Approves `card` with ✅ unless it runs already (an open window).
    /// Approves a card that waits: a ✅, or, for a change longer than
    /// its card shows, the phrase naming its lines typed in the card's
    /// thread (after a ✅ is seen to be refused with a notice saying so).
    async fn approve(&self, card: &Value) {
        let text = body(card);
        if text.contains("Waiting for approval") {
            react(&self.op, &self.room, id(card), "✅").await;
        } else if text.contains("Longer than this card shows") {
            let phrase = phrase_in(text);
            assert!(phrase.ends_with(" lines host:here"), "{phrase}");
            react(&self.op, &self.room, id(card), "✅").await;
            self.bot_event("the refusal of the ✅", |ev| {
                body(ev).contains("A reaction cannot approve a change longer than its card shows")
                    && body(ev).contains(&phrase)
            })
            .await;
            let root = card["content"]["m.relates_to"]["event_id"]
                .as_str()
                .unwrap_or(id(card));
            send(&self.op, &self.room, &phrase, Some((root, id(card)))).await;
        }
    }
}

fn id(ev: &Value) -> &str {
    ev["event_id"].as_str().unwrap_or("")
}

/// The card's short id: the last `…` of its first line.
fn short_of(card: &Value) -> String {
    let first = body(card).lines().next().unwrap_or("");
    first
        .rsplit('`')
        .nth(1)
        .expect("the short id in backticks")
        .to_string()
}

fn mode_of(path: &Path) -> u32 {
    std::fs::metadata(path).expect("meta").permissions().mode() & 0o7777
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_diff_card_and_its_undo_arrow_in_an_encrypted_room() {
    let lab = Lab::start().await;
    send(&lab.op, &lab.room, "please rewrite the config", None).await;
    let card = lab
        .bot_event("the diff card", |ev| body(ev).contains("✏️ Writes"))
        .await;
    let text = body(&card).to_string();
    let html = card["content"]["formatted_body"].as_str().unwrap_or("");
    let short = short_of(&card);
    assert!(html.contains(r#"<code class="language-diff">"#), "{html}");
    assert!(text.contains("```diff\n"), "{text}");
    assert!(text.contains("\n-key0 = old\n"), "{text}");
    assert!(text.contains("mode 640"), "{text}");
    assert!(
        text.contains(&format!("attached as `{short}.diff`")),
        "{text}"
    );
    let attached = lab
        .bot_event("the whole diff as a file", |ev| {
            ev["content"]["msgtype"] == "m.file" && body(ev) == format!("{short}.diff")
        })
        .await;
    assert_eq!(
        attached["content"]["info"]["mimetype"],
        "text/x-diff; charset=utf-8"
    );
    assert_eq!(
        std::fs::read(&lab.path).expect("read"),
        original(),
        "nothing yet"
    );

    // The phrase naming its lines applies it (a ✅ is refused), keeping
    // the mode.
    lab.approve(&card).await;
    lab.edit_saying("the card to say completed", id(&card), "completed")
        .await;
    assert_eq!(
        std::fs::read_to_string(&lab.path).expect("read"),
        rewritten()
    );
    assert_eq!(mode_of(&lab.path), 0o640);

    // The bot offers ↩️; the operator's ↩️ proposes the restore.
    eventually("the bot's ↩️ under the finished card", LIMIT, || async {
        sync_briefly(&lab.op).await.ok()?;
        bot_reactions(&lab.op, &lab.room, lab.s.b(), id(&card))
            .await
            .iter()
            .any(|k| k == "↩️")
            .then_some(())
    })
    .await;
    react(&lab.op, &lab.room, id(&card), "↩️").await;
    let restore = lab
        .bot_event("the restore card", |ev| {
            body(ev).contains(&format!("↩️ Undo of `{short}`: restores"))
        })
        .await;
    lab.approve(&restore).await;
    lab.edit_saying("the restore to complete", id(&restore), "completed")
        .await;
    assert_eq!(
        std::fs::read(&lab.path).expect("read"),
        original(),
        "byte for byte"
    );
    assert_eq!(mode_of(&lab.path), 0o640);
    lab.bot.stop().await;
}
