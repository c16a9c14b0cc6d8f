//! Fleet work in a real Synapse room, over a simulated Proxmox host of its
//! own (127.0.2.14) with twelve containers reached by real SSH: the agent
//! (a scripted model) proposes an upgrade of every container with
//! `run_fleet`, batches of four, one failing target, a threshold of one;
//! one card lists all twelve; the operator's ✅ runs it; the card is
//! edited live and ends saying which ran, which failed and which were
//! skipped; the bot offers ↩️ and the operator's ↩️ proposes one card
//! rolling back the eight that changed, run by its phrase typed in the
//! thread. Then a read-only question over the set comes back to the model
//! as one table.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use crate::support::eventually;
use crate::support::matrix::{
    LIMIT, body, bot_reactions, card, edit_saying, edits, events, phrase_in, react, send_in_thread,
    sync_briefly,
};
use crate::support::model::{Model, call, last, say};
use crate::support::process::{Extra, Host};
use crate::support::scenario::Scenario;
use crate::support::sim_lab::{self, share};

const HOST: &str = "127.0.2.14";

/// The model: an upgrade of every container on "upgrade", a read-only
/// question on "php"; it repeats what its tools answered, so the room
/// (and the test) read what the model was told.
fn brain(marks: PathBuf, told: Arc<Mutex<Vec<String>>>) -> impl Fn(&Value) -> Value + Send + Sync {
    move |req| {
        let (role, content) = last(req);
        match role.as_str() {
            "user" if content.ends_with(": upgrade every container") => call(&[(
                "run_fleet",
                json!({
                    "targets": "lxc:*",
                    "command": format!(
                        "touch {}/ct-$NOMOS_SIM_CT && test \"$NOMOS_SIM_CT\" != 206",
                        marks.display()
                    ),
                    "purpose": "upgrade every container",
                    "batch_size": 4,
                    "stop_after_failures": 1
                })
                .to_string(),
            )]),
            "user" if content.ends_with(": which containers run php") => call(&[(
                "run_fleet",
                json!({
                    "targets": "lxc:c0* on:sim",
                    "command": "echo php-8.$(hostname)",
                    "purpose": "find PHP versions"
                })
                .to_string(),
            )]),
            "tool" => {
                told.lock().expect("told").push(content.clone());
                if content.contains("\"targets\"") && content.contains("php-8.") {
                    say(&format!("PHP table: {content}"))
                } else {
                    say("It waits for your decision.")
                }
            }
            _ => say("Noted."),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_card_rolls_out_stops_and_undoes_in_a_real_room() {
    let (state, lxcs) = sim_lab::containers(HOST, 12);
    let work = tempfile::tempdir().expect("work");
    share(work.path());
    let told = Arc::new(Mutex::new(Vec::new()));
    let model = Model::start(brain(work.path().to_path_buf(), told.clone())).await;
    let s = Scenario::new().await;
    let setup = s.setup(&model.base_url, Host::Here, Extra::default());
    let named: Vec<(&str, u32)> = lxcs.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    std::fs::write(
        setup.dir().join("inventory.yaml"),
        sim_lab::inventory(HOST, &named),
    )
    .expect("inventory");
    let _bot = setup.start_in_process();
    let (op, room) = s.room(&[]).await;

    crate::support::matrix::send(&op, &room, "upgrade every container", None).await;
    let (fleet_card, thread) = card(&op, &room, s.b(), "12 containers").await;
    let first = events(&op, &room)
        .await
        .into_iter()
        .find(|ev| ev["event_id"] == fleet_card.as_str())
        .expect("the card");
    let text = body(&first).to_string();
    for i in 1..=12 {
        assert!(text.contains(&format!("`lxc:c{i:02}`")), "{text}");
    }
    assert!(text.contains("4 at a time (3 batches)"), "{text}");
    assert!(text.contains("Waiting for approval"), "{text}");
    assert!(
        !work.path().join("ct-201").exists(),
        "nothing ran before the ✅"
    );

    // One ✅ for the set; live edits, then the end.
    react(&op, &room, &fleet_card, "✅").await;
    let end = edit_saying(&op, &room, s.b(), &fleet_card, "❌ failed").await;
    assert!(end.contains("7 done · 1 failed · 4 skipped"), "{end}");
    assert!(end.contains("reached the threshold of 1"), "{end}");
    assert!(end.contains("lxc:c06  failed      exit 1"), "{end}");
    assert!(end.contains("lxc:c12  skipped"), "{end}");
    for vmid in 201..=212 {
        assert_eq!(
            work.path().join(format!("ct-{vmid}")).exists(),
            vmid <= 208,
            "{vmid}"
        );
    }
    let edited = edits(&op, &room, s.b(), &fleet_card).await;
    assert!(
        edited.iter().any(|b| b.contains("▶️ rolling out")),
        "a live edit while it ran: {edited:?}"
    );

    // ↩️: one card rolling back the eight that changed.
    eventually("the bot's ↩️ under the fleet card", LIMIT, || async {
        sync_briefly(&op).await.ok()?;
        bot_reactions(&op, &room, s.b(), &fleet_card)
            .await
            .iter()
            .any(|k| k == "↩️")
            .then_some(())
    })
    .await;
    for vmid in 201..=212 {
        sim_lab::set_memory(&state, vmid, "2048");
    }
    react(&op, &room, &fleet_card, "↩️").await;
    let (undo_card, undo_thread) = card(&op, &room, s.b(), "8 containers").await;
    let undo = events(&op, &room)
        .await
        .into_iter()
        .find(|ev| ev["event_id"] == undo_card.as_str())
        .expect("the undo card");
    let phrase = phrase_in(body(&undo));
    assert!(phrase.ends_with(" 8 containers"), "{phrase}");
    for vmid in 201..=208 {
        assert!(
            body(&undo).contains(&format!("pct rollback {vmid} ")),
            "{}",
            body(&undo)
        );
    }
    assert!(!body(&undo).contains("pct rollback 209"), "{}", body(&undo));
    send_in_thread(&op, &room, &phrase, &undo_thread, None).await;
    let done = edit_saying(&op, &room, s.b(), &undo_card, "✅ completed").await;
    assert!(done.contains("8 done"), "{done}");
    for vmid in 201..=212 {
        let expected = if vmid <= 208 { "512" } else { "2048" };
        assert_eq!(sim_lab::memory(&state, vmid), expected, "{vmid}");
    }
    let _ = thread;
    // Every event of both cards stays far below the 64 KiB limit.
    for ev in events(&op, &room).await {
        assert!(ev.to_string().len() < 32 * 1024, "{}", ev.to_string().len());
    }

    // A read-only question: at once, confined, one table for the model.
    crate::support::matrix::send(&op, &room, "which containers run php", None).await;
    eventually("the model's PHP table in the room", LIMIT, || async {
        sync_briefly(&op).await.ok()?;
        events(&op, &room)
            .await
            .into_iter()
            .find(|ev| body(ev).contains("PHP table"))
    })
    .await;
    let table = told
        .lock()
        .expect("told")
        .iter()
        .find(|t| t.contains("php-8."))
        .cloned()
        .expect("the table");
    let table: Value = serde_json::from_str(&table).expect("json");
    let rows = table["targets"].as_array().expect("rows");
    assert_eq!(rows.len(), 9, "{table}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["target"], format!("lxc:c{:02}", i + 1), "{table}");
        assert_eq!(row["output"], format!("php-8.c{:02}", i + 1), "{table}");
    }
}
