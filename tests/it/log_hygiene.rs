//! What an operator sees in the log of a healthy bot: `nomos run` as a
//! process with the default log filter (no `RUST_LOG`), started against
//! Synapse, one approval in an encrypted room (a card, the operator's ✅,
//! the run, the edit and the agent's follow-up), then SIGTERM. Nothing in
//! that is an error, so the log has no ERROR line, and matrix-sdk's
//! expected noise (the missing key backup on every sync, the 404s of
//! probing for secret storage and room encryption) is no WARN either.

use std::path::Path;
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;

use crate::support::eventually;
use crate::support::matrix::{
    LIMIT, body, edits, encrypted_room, joined, login, react, send, sync_briefly, synced_events,
};
use crate::support::model::Model;
use crate::support::process::{Extra, Host, Setup, proposing, signal};
use crate::support::scenario::Scenario;

/// `nomos run` with the defaults an operator gets: no `RUST_LOG`, the
/// default level, its stderr in `bot-1.log`.
fn spawn_with_default_logging(setup: &Setup) -> tokio::process::Child {
    let log = std::fs::File::create(setup.log(1)).expect("log");
    let err = log.try_clone().expect("log");
    tokio::process::Command::new(env!("CARGO_BIN_EXE_nomos"))
        .args(["run", "--config"])
        .arg(&setup.config)
        .env_remove("RUST_LOG")
        .env("RUST_BACKTRACE", "0")
        .stdout(log)
        .stderr(err)
        .kill_on_drop(true)
        .spawn()
        .expect("spawn nomos run")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_hygiene_an_approval_in_an_encrypted_room_logs_no_error() {
    let s = Scenario::new().await;
    let work = tempfile::tempdir().expect("work dir");
    let made = work.path().join("made");
    let command = format!("touch {}", made.display());
    let model = Model::start(proposing(
        "create the marker",
        vec![(command, "create the marker".into())],
        "Done, as approved.",
    ))
    .await;
    let setup = s.setup(&model.base_url, Host::Local, Extra::default());
    let mut child = spawn_with_default_logging(&setup);

    let op = login(&s.hs, &s.operator).await;
    let room = encrypted_room(&op, &s.bot).await;
    joined("the bot to join", &op, &room, s.b()).await;
    // The operator's client learns the room (and that it is encrypted).
    let _ = sync_briefly(&op).await;

    one_approval_to_its_follow_up(&op, &room, s.b(), &made).await;
    // A few more syncs, each of which used to warn about the key backup.
    tokio::time::sleep(Duration::from_secs(3)).await;
    signal(&child, libc::SIGTERM);
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("the bot stops on SIGTERM")
        .expect("wait");
    assert!(status.success(), "exit: {status}");
    the_log_has_no_error_and_no_sdk_warning(&setup.read_log(1));
}

/// The card (decrypted), the operator's ✅, the run of `made`'s command,
/// the edit saying completed and the agent's follow-up.
async fn one_approval_to_its_follow_up(op: &Client, room: &RoomId, b: &str, made: &Path) {
    send(op, room, "please create the marker", None).await;
    let card = eventually("the card, decrypted", LIMIT, || async {
        synced_events(op, room).await.into_iter().find_map(|ev| {
            (ev["sender"] == b
                && body(&ev).contains("touch ")
                && ev["content"]["m.relates_to"]["rel_type"] == "m.thread")
                .then(|| ev["event_id"].as_str().map(str::to_string))
                .flatten()
        })
    })
    .await;
    react(op, room, &card, "✅").await;
    eventually("the command to run", LIMIT, || async {
        made.exists().then_some(())
    })
    .await;
    eventually("the card to say completed", LIMIT, || async {
        let _ = synced_events(op, room).await;
        edits(op, room, b, &card)
            .await
            .into_iter()
            .find(|e| e.contains("completed"))
    })
    .await;
    eventually("the agent's follow-up", LIMIT, || async {
        synced_events(op, room)
            .await
            .iter()
            .any(|ev| ev["sender"] == b && body(ev) == "Done, as approved.")
            .then_some(())
    })
    .await;
}

/// The log was captured at the default level, holds no ERROR line and no
/// WARN line of matrix-sdk.
fn the_log_has_no_error_and_no_sdk_warning(log: &str) {
    assert!(
        log.contains(" INFO ") && log.contains("logged in; session saved"),
        "the log was captured at the default level:\n{log}"
    );
    let errors: Vec<&str> = log.lines().filter(|l| l.contains(" ERROR ")).collect();
    assert!(errors.is_empty(), "ERROR lines:\n{}", errors.join("\n"));
    let sdk_warnings: Vec<&str> = log
        .lines()
        .filter(|l| l.contains(" WARN ") && l.contains("matrix_sdk"))
        .collect();
    assert!(
        sdk_warnings.is_empty(),
        "matrix-sdk warnings:\n{}",
        sdk_warnings.join("\n")
    );
}
