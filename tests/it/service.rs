//! The service around the bot, as an operator runs it: `/healthz` and
//! `/metrics` on loopback, secrets kept out of rooms and logs, and the
//! limit on message length.

use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;
use serde_json::Value;

use crate::support::matrix::{body, bot_messages, events, send};
use crate::support::model::{Model, say};
use crate::support::process::{Extra, Host, LIMIT, signal};
use crate::support::scenario::Scenario;
use crate::support::{eventually, free_port};

async fn get(url: &str) -> Option<(u16, String)> {
    let response = reqwest::get(url).await.ok()?;
    let status = response.status().as_u16();
    Some((status, response.text().await.ok()?))
}

/// The value of a metric line `name` (with labels) in the text format.
fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_metrics_redaction_and_message_limits() {
    let s = Scenario::new().await;
    let model = Model::start(|_: &Value| say("Understood.")).await;
    let port = free_port();
    let tail = format!("[service]\nmetrics_listen = \"127.0.0.1:{port}\"");
    let setup = s.setup(
        &model.base_url,
        Host::Local,
        Extra {
            tail: &tail,
            top: "",
            llm: "api_key = \"sk-test-abcdefghijklmnopqrstuvwxyz\"",
            ..Extra::default()
        },
    );
    let mut child = setup.spawn(1);
    let base = format!("http://127.0.0.1:{port}");

    let (code, health) = eventually("/healthz to answer 200", LIMIT, || async {
        get(&format!("{base}/healthz"))
            .await
            .filter(|(code, _)| *code == 200)
    })
    .await;
    let health: Value = serde_json::from_str(&health).expect("healthz is JSON");
    assert_eq!(code, 200);
    assert_eq!(health["status"], "ok", "{health}");
    assert!(health["sync_lag_seconds"].as_f64().is_some(), "{health}");

    let (op, room) = s.room(&[]).await;
    secrets_are_masked_on_the_card(&op, &room, s.b(), &s.bot.password).await;
    a_message_over_the_limit_is_refused_unread(&op, &room, s.b(), &model).await;
    the_metrics_show_the_run(&base).await;

    signal(&child, libc::SIGTERM);
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("stops")
        .expect("wait");
    assert!(status.success(), "{status:?}");
    let log = setup.read_log(1);
    assert!(
        !log.contains(&s.bot.password),
        "the password reached the log"
    );
    assert!(
        !log.contains("sk-test-abcdefghijklmnopqrstuvwxyz"),
        "the API key reached the log"
    );
    assert!(log.contains("serving /healthz and /metrics"), "{log}");
}

/// Secrets in a command's output are masked on the card: the configured
/// Matrix password and a token-shaped string.
async fn secrets_are_masked_on_the_card(op: &Client, room: &RoomId, b: &str, password: &str) {
    let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    send(
        op,
        room,
        &format!("!run host:lab echo {password} {token}"),
        None,
    )
    .await;
    let edited = eventually("the card's final edit", LIMIT, || async {
        events(op, room)
            .await
            .into_iter()
            .filter(|ev| ev["sender"] == b)
            .map(|ev| {
                ev["content"]["m.new_content"]["body"]
                    .as_str()
                    .unwrap_or("")
                    .to_string()
            })
            .find(|text| text.contains("completed"))
    })
    .await;
    assert!(!edited.contains(password), "{edited}");
    assert!(!edited.contains(token), "{edited}");
    assert!(edited.contains("[REDACTED]"), "{edited}");
}

/// An operator's message over the limit is refused unread: it never
/// reaches the model.
async fn a_message_over_the_limit_is_refused_unread(
    op: &Client,
    room: &RoomId,
    b: &str,
    model: &Model,
) {
    send(op, room, &"x".repeat(20_000), None).await;
    let refusal = eventually("the refusal", LIMIT, || async {
        let found = bot_messages(op, room, b, "longer than 16384 bytes").await;
        found.into_iter().next()
    })
    .await;
    assert!(body(&refusal).contains("did not read it"));
    assert_eq!(model.count(), 0, "the long message reached the model");
}

/// `/metrics` counts the completed run, nothing pending, the messages
/// sent and a sync lag; it declares the SSH gauge.
async fn the_metrics_show_the_run(base: &str) {
    let text = eventually("the metrics to show the run", LIMIT, || async {
        let (code, text) = get(&format!("{base}/metrics")).await?;
        (code == 200 && metric(&text, "nomos_executions{state=\"completed\"}") == Some(1.0))
            .then_some(text)
    })
    .await;
    for (name, want) in [
        ("nomos_approvals_pending", Some(0.0)),
        ("nomos_outbox_depth", Some(0.0)),
        ("nomos_executions{state=\"running\"}", Some(0.0)),
        ("nomos_llm_requests_total", Some(0.0)),
    ] {
        assert_eq!(metric(&text, name), want, "{name} in\n{text}");
    }
    let sent = metric(&text, "nomos_outbox_sent_total").expect("outbox_sent");
    assert!(
        sent >= 3.0,
        "card, edits and refusal were sent: {sent}\n{text}"
    );
    let lag = metric(&text, "nomos_sync_lag_seconds").expect("sync lag");
    assert!((0.0..60.0).contains(&lag), "{lag}");
    assert!(
        text.contains("# TYPE nomos_ssh_connections gauge"),
        "{text}"
    );
}
