//! Approvals that authorise exactly what the person read, in a real
//! Synapse room: a phrase that fits two cards decides only the one it
//! replies to; chat assent racing a continuation turn approves nothing of
//! that turn; a ✅ redacted while the bot was down decides nothing; a ✅
//! redacted after the work started says it was too late, in the card's
//! thread; a typed phrase opens a window for its action on its target
//! only, and with four-eyes on no window stands in for the second person.

use std::path::{Path, PathBuf};
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use serde_json::{Value, json};

use crate::support::bot::RunningBot;
use crate::support::matrix::{
    LIMIT, body, bot_said, card, create_room, edits, events, invite_and_join, joined, login,
    phrase_of, react, redact, register, send_in_thread, sync_briefly,
};
use crate::support::model::{Model, call, last, mentions, run, say};
use crate::support::process::{Extra, Host, Setup};
use crate::support::scenario::Scenario;
use crate::support::{eventually, require_env};

/// Sends `text` in the room, outside any thread.
async fn send(client: &Client, room: &RoomId, text: &str) {
    crate::support::matrix::send(client, room, text, None).await;
}

/// The scripted model: one scenario per operator request.
fn brain(dir: &Path) -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    let file = |name: &str| dir.join(name).display().to_string();
    let (one, two, seen, b, slow, marker) = (
        file("one"),
        file("two"),
        file("seen"),
        file("b"),
        file("slow"),
        file("marker"),
    );
    move |req| {
        let (role, content) = last(req);
        let touch_b = format!("touch {b}");
        match role.as_str() {
            "user" if content.contains("remove both") => {
                let rm = |path: &str| {
                    json!({"target": "host:here", "command": format!("rm -f {path}"), "purpose": "remove"})
                        .to_string()
                };
                call(&[("run", rm(&one)), ("run", rm(&two))])
            }
            "user" if content.contains("look then change") => run(
                "host:here",
                &format!("sleep 2; cat {seen}"),
                "look before changing",
            ),
            "user" if content.contains("create slowly") => run(
                "host:here",
                &format!("sleep 4; touch {slow}"),
                "slow change",
            ),
            // "in the box: CMD" runs CMD in the container `box`.
            "user" if content.contains("in the box: ") => run(
                "lxc:box",
                content
                    .split_once("in the box: ")
                    .map_or("", |(_, command)| command.trim()),
                "as asked",
            ),
            "user" if content.contains("create the marker") => {
                run("host:here", &format!("touch {marker}"), "marker")
            }
            // The continuation after the look: propose the change.
            "system" if !mentions(req, &touch_b) => run("host:here", &touch_b, "the change"),
            // The continuation is still thinking while its card is out.
            "tool" if content.contains("pending_approval") && mentions(req, &touch_b) => {
                let mut slow_answer = say("It waits for your decision.");
                slow_answer["__sleep_ms"] = json!(6000);
                slow_answer
            }
            "tool" if content.contains("pending_approval") => say("Waiting for you."),
            "tool" => say(&format!(
                "Looking; I will carry on with the result: {}",
                content.chars().take(400).collect::<String>()
            )),
            _ => say("Done."),
        }
    }
}

/// A room with the bot's files and the operator's client; the bot itself
/// is started (and restarted) by the tests. The scripted model works in
/// the test's own folder.
struct Room {
    s: Scenario,
    setup: Setup,
    op: Client,
    room: OwnedRoomId,
    dir: tempfile::TempDir,
    _model: Model,
}

impl Room {
    async fn new(name: &str) -> Room {
        let s = Scenario::named(&format!("nomos-{name}"), &format!("op-{name}")).await;
        let dir = tempfile::tempdir().expect("dir");
        let model = Model::start(brain(dir.path())).await;
        let setup = s.setup(
            &model.base_url,
            Host::Here,
            Extra {
                tail: "[agent]\ninline_wait_secs = 1",
                ..Extra::default()
            },
        );
        let op = login(&s.hs, &s.operator).await;
        let room = create_room(&op, &[s.b()]).await;
        Room {
            s,
            setup,
            op,
            room,
            dir,
            _model: model,
        }
    }

    /// Starts the bot on the config as written and waits for it to join.
    async fn start_bot(&self) -> RunningBot {
        let bot = self.setup.start_in_process();
        joined("the bot to join", &self.op, &self.room, self.b()).await;
        bot
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn b(&self) -> &str {
        self.s.b()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phrase_that_fits_two_cards_decides_only_the_card_it_replies_to() {
    let r = Room::new("phrase").await;
    std::fs::write(r.path("one"), "1").expect("one");
    std::fs::write(r.path("two"), "2").expect("two");
    let bot = r.start_bot().await;
    let (op, room, b) = (&r.op, &r.room, r.b());

    send(op, room, "please remove both").await;
    let one = r.path("one").display().to_string();
    let two = r.path("two").display().to_string();
    let (card_one, root) = card(op, room, b, &format!("rm -f {one}")).await;
    let (card_two, root_two) = card(op, room, b, &format!("rm -f {two}")).await;
    assert_eq!(root, root_two, "both cards in the plan's thread");
    let phrase = phrase_of(op, room, &card_one).await;
    assert_eq!(
        phrase,
        phrase_of(op, room, &card_two).await,
        "one phrase for both"
    );

    // In the thread but replying to neither: nothing runs, the bot asks.
    send_in_thread(op, room, &phrase, &root, None).await;
    eventually("the bot to ask which card", LIMIT, || async {
        bot_said(op, room, b, "fits 2 waiting cards")
            .await
            .then_some(())
    })
    .await;
    assert!(
        r.path("one").exists() && r.path("two").exists(),
        "an ambiguous phrase ran something"
    );

    // Replying to the second card: only it runs.
    send_in_thread(op, room, &phrase, &root, Some(&card_two)).await;
    eventually("the second card to complete", LIMIT, || async {
        edits(op, room, b, &card_two)
            .await
            .into_iter()
            .find(|e| e.contains("completed"))
    })
    .await;
    assert!(!r.path("two").exists());
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(
        r.path("one").exists(),
        "the phrase replying to card two ran card one"
    );
    assert!(
        edits(op, room, b, &card_one)
            .await
            .iter()
            .all(|e| !e.contains("approved") && !e.contains("completed")),
        "card one was decided"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn assent_racing_a_continuation_turn_approves_nothing_of_it() {
    let r = Room::new("race").await;
    std::fs::write(r.path("seen"), "state\n").expect("seen");
    let bot = r.start_bot().await;
    let (op, room, b) = (&r.op, &r.room, r.b());

    // Turn 1 looks (read-only, in the background) and ends; the result
    // wakes a continuation turn, which proposes the change and then keeps
    // thinking for six seconds.
    send(op, room, "look then change").await;
    let touch_b = format!("touch {}", r.path("b").display());
    let (card_b, _) = card(op, room, b, &touch_b).await;
    // The operator says "go ahead" while that turn is still running.
    send(op, room, "go ahead").await;
    eventually("the bot to say nothing was approved", LIMIT, || async {
        bot_said(op, room, b, "Nothing was approved")
            .await
            .then_some(())
    })
    .await;
    eventually("the continuation to finish", LIMIT, || async {
        bot_said(op, room, b, "It waits for your decision.")
            .await
            .then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(
        !r.path("b").exists(),
        "assent approved a card of a turn still running"
    );
    assert!(
        edits(op, room, b, &card_b).await.is_empty(),
        "the card was decided"
    );

    // Now that turn has finished and its card was there: assent approves it.
    send(op, room, "go ahead").await;
    eventually("the change to run", LIMIT, || async {
        r.path("b").exists().then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_mark_withdrawn_while_the_bot_was_down_decides_nothing() {
    let r = Room::new("down").await;
    let bot = r.start_bot().await;
    let (op, room, b) = (&r.op, &r.room, r.b());

    send(op, room, "please create the marker").await;
    let marker = r.path("marker");
    let (card_m, _) = card(op, room, b, &format!("touch {}", marker.display())).await;
    bot.stop().await;

    let tick = react(op, room, &card_m, "✅").await;
    redact(op, room, &tick).await;
    let bot = r.start_bot().await;
    // The bot catches up (it answers a command sent after the redaction).
    send(op, room, "!windows").await;
    eventually("the bot to catch up", LIMIT, || async {
        bot_said(op, room, b, "window").await.then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(!marker.exists(), "a withdrawn ✅ ran the command");
    assert!(
        edits(op, room, b, &card_m).await.is_empty(),
        "the card was decided"
    );

    // The card still waits: a new ✅ runs it.
    react(op, room, &card_m, "✅").await;
    eventually("the marker", LIMIT, || async {
        marker.exists().then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_mark_withdrawn_after_the_start_is_too_late_and_says_so() {
    let r = Room::new("late").await;
    let bot = r.start_bot().await;
    let (op, room, b) = (&r.op, &r.room, r.b());

    send(op, room, "please create slowly").await;
    let slow = r.path("slow");
    let (card_s, _) = card(op, room, b, &format!("touch {}", slow.display())).await;
    let tick = react(op, room, &card_s, "✅").await;
    eventually("the card to say running", LIMIT, || async {
        edits(op, room, b, &card_s)
            .await
            .into_iter()
            .find(|e| e.contains("running"))
    })
    .await;
    redact(op, room, &tick).await;
    let too_late = eventually("the bot to say it was too late", LIMIT, || async {
        events(op, room)
            .await
            .into_iter()
            .find(|ev| ev["sender"] == b && body(ev).contains("it had already started"))
    })
    .await;
    // Said beside the card: in its thread, not loose in the room.
    assert_eq!(
        too_late["content"]["m.relates_to"]["rel_type"], "m.thread",
        "{too_late}"
    );
    eventually("the work to finish anyway", LIMIT, || async {
        slow.exists().then_some(())
    })
    .await;
    bot.stop().await;
}

/// The loopback address of the simulated Proxmox host whose container
/// `box` (VMID 150) the window tests work in (scripts/lib.sh: the lab's
/// last address is this file's).
const BOX_HOST: &str = "127.0.2.8";

impl Room {
    /// Points the inventory at a simulated Proxmox host with one running
    /// container, `box`; returns a folder its commands may write.
    fn with_box(&self) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let share = |path: &Path, mode| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod")
        };
        let state = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(BOX_HOST);
        let _ = std::fs::remove_dir_all(&state);
        let files = state.join("box-files");
        std::fs::create_dir_all(state.join("vms")).expect("vms");
        std::fs::create_dir_all(&files).expect("files");
        let vm = state.join("vms/150");
        std::fs::write(
            &vm,
            "name=box\nstatus=running\ntemplate=local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst\n\
             net0=name=eth0,bridge=vmbr0,ip=dhcp\n",
        )
        .expect("vm");
        for dir in [&state, &state.join("vms"), &files] {
            share(dir, 0o777);
        }
        share(&vm, 0o666);
        std::fs::write(
            self.setup.dir().join("inventory.yaml"),
            format!(
                "hosts:\n  - name: pve\n    transport: ssh\n    address: {BOX_HOST}\n    port: {port}\n    \
                 user: {user}\n    key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    default: true\n    \
                 path: {path}\n\
                 lxcs:\n  - name: box\n    vmid: 150\n",
                port = require_env("NOMOS_TEST_SSH_PORT"),
                user = require_env("NOMOS_TEST_SSH_USER"),
                path = require_env("NOMOS_TEST_SSH_PATH"),
                key = require_env("NOMOS_TEST_SSH_KEY"),
                fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
            ),
        )
        .expect("inventory");
        files
    }

    /// A file in the container's folder, with something in it.
    fn box_file(files: &Path, name: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = files.join(name);
        std::fs::write(&path, "data\n").expect("box file");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).expect("chmod");
        path
    }
}

/// A typed `confirm rm lxc:box` opens a window for `rm` on `lxc:box`
/// only: a second `rm` there runs without asking, a `truncate` there
/// still waits for its own phrase. Then, with four-eyes on and that
/// window still open, nothing runs from it: the requester's own phrase is
/// refused and only another approver's runs the work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn windows_cover_their_action_and_four_eyes_ignores_them() {
    let r = Room::new("windows").await;
    let files = r.with_box();
    let (a, b_file, c, d) = (
        Room::box_file(&files, "a"),
        Room::box_file(&files, "b"),
        Room::box_file(&files, "c"),
        Room::box_file(&files, "d"),
    );
    let bot = r.start_bot().await;
    let phrase = a_phrase_opens_a_window_for_its_action_only(&r, &a, &b_file, &c).await;
    bot.stop().await;
    four_eyes_ignores_the_open_window(&r, &phrase, &d).await;
}

/// The first rm needs its own phrase, which opens the window; a second rm
/// on the same target runs from it; a truncate there asks again. Returns
/// the phrase.
async fn a_phrase_opens_a_window_for_its_action_only(
    r: &Room,
    a: &Path,
    b_file: &Path,
    c: &Path,
) -> String {
    let (op, room, b) = (&r.op, &r.room, r.b());
    // The first rm: its own phrase, which opens the window.
    let rm_a = format!("rm -f {}", a.display());
    send(op, room, &format!("in the box: {rm_a}")).await;
    let (card_a, root) = card(op, room, b, &rm_a).await;
    let phrase = phrase_of(op, room, &card_a).await;
    assert_eq!(phrase, "confirm rm lxc:box");
    send_in_thread(op, room, &phrase, &root, Some(&card_a)).await;
    eventually("a to be removed", LIMIT, || async {
        (!a.exists()).then_some(())
    })
    .await;

    // A second rm on the same target runs from the window.
    let rm_b = format!("rm -f {}", b_file.display());
    send(op, room, &format!("in the box: {rm_b}")).await;
    eventually("b to be removed without a phrase", LIMIT, || async {
        (!b_file.exists()).then_some(())
    })
    .await;

    // Another action on the same target asks again.
    let truncate_c = format!("truncate -s 0 {}", c.display());
    send(op, room, &format!("in the box: {truncate_c}")).await;
    let (card_c, _) = card(op, room, b, &truncate_c).await;
    assert_eq!(
        phrase_of(op, room, &card_c).await,
        "confirm truncate lxc:box"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        std::fs::read_to_string(c).expect("c"),
        "data\n",
        "truncate ran from the rm window"
    );
    phrase
}

/// Four-eyes on, a second approver, the rm window (of `phrase`) still
/// open: removing `d` waits, the requester's own phrase is refused and
/// the second approver's runs it.
async fn four_eyes_ignores_the_open_window(r: &Room, phrase: &str, d: &Path) {
    let (op, room, b) = (&r.op, &r.room, r.b());
    let second = register(&r.s.hs, "op2-windows").await;
    let op2 = login(&r.s.hs, &second).await;
    invite_and_join(op, &op2, room, &second).await;
    sync_briefly(&op2).await.expect("sync");
    let operator = op.user_id().expect("user id").to_string();
    let toml = r.setup.toml().replace(
        &format!("operators = [\"{operator}\"]"),
        &format!(
            "operators = [\"{operator}\", \"{}\"]\nfour_eyes = true",
            second.user_id
        ),
    );
    assert!(toml.contains("four_eyes = true"), "{toml}");
    let bot = RunningBot::start(&toml, r.setup.dir());
    let rm_d = format!("rm -f {}", d.display());
    send(op, room, &format!("in the box: {rm_d}")).await;
    let (card_d, root_d) = card(op, room, b, &rm_d).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(d.exists(), "a window stood in for the second person");
    // The requester's own phrase does not count.
    send_in_thread(op, room, phrase, &root_d, Some(&card_d)).await;
    eventually(
        "the bot to refuse the requester's phrase",
        LIMIT,
        || async {
            bot_said(op, room, b, "another approver")
                .await
                .then_some(())
        },
    )
    .await;
    assert!(
        d.exists(),
        "the requester approved their own destructive work"
    );
    // Another approver's does.
    send_in_thread(&op2, room, phrase, &root_d, Some(&card_d)).await;
    eventually("d to be removed", LIMIT, || async {
        (!d.exists()).then_some(())
    })
    .await;
    bot.stop().await;
}
