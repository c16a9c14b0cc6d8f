//! Prompt size per turn: a scripted 20-turn operations session in which
//! every turn reads a 20 KB command output, sent by Nomos (results cut to
//! 4 KB when stored, older turns' results cut further on replay) versus a
//! naive agent that replays every result as the model first saw it. Tokens
//! are estimated as bytes / 4 of the request's messages. Also checks that
//! every replayed tool result still follows its call, and measures how
//! much of each request repeats the previous request's prefix byte for
//! byte (what a provider's prompt cache can serve).
//!
//! Run with `scripts/bench` (or `cargo bench --bench prompt_tokens`).

// Test code: a failed expectation is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/it/support/model.rs"]
#[allow(dead_code)]
mod model;

#[path = "goals.rs"]
mod goals;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use nomos::agent::{Agent, AgentSettings, Parts};
use nomos::chat::{Card, Inbound, Outbound, Surface, SurfaceFuture};
use serde_json::Value;

const TURNS: usize = 20;

struct Quiet;

impl Surface for Quiet {
    fn send<'a>(&'a self, _: &'a str, _: Outbound) -> SurfaceFuture<'a, String> {
        Box::pin(async { Ok("$x".into()) })
    }
    fn post_card<'a>(
        &'a self,
        _: &'a str,
        _: Option<&'a str>,
        _: &'a Card,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }
    fn update_card<'a>(&'a self, _: &'a str, _: &'a Card) -> SurfaceFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }
    fn attach<'a>(
        &'a self,
        _: &'a str,
        _: &'a Card,
        _: String,
        _: Vec<u8>,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }
    fn typing<'a>(&'a self, _: &'a str, _: bool) -> SurfaceFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }
}

fn tokens(messages: &[Value]) -> usize {
    serde_json::to_string(messages).map_or(0, |s| s.len()) / 4
}

/// Every tool message answers a call of the assistant message before it,
/// and every call is answered.
fn paired(messages: &[Value]) -> bool {
    let mut open: Vec<String> = Vec::new();
    for m in messages {
        match m["role"].as_str() {
            Some("tool") => {
                let id = m["tool_call_id"].as_str().unwrap_or("");
                match open.iter().position(|c| c == id) {
                    Some(i) => {
                        open.remove(i);
                    }
                    None => return false,
                }
            }
            _ if !open.is_empty() => return false,
            Some("assistant") => {
                open = m["tool_calls"]
                    .as_array()
                    .map(|calls| {
                        calls
                            .iter()
                            .filter_map(|c| c["id"].as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default();
            }
            _ => {}
        }
    }
    open.is_empty()
}

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().expect("dir");
    for n in 1..=TURNS {
        let text: String = (0..1000)
            .map(|i| format!("turn {n:02} line {i:04} ok\n"))
            .collect();
        std::fs::write(dir.path().join(format!("out{n}.txt")), text).expect("file");
    }
    let files = dir.path().to_path_buf();
    let model = model::Model::start(move |req| {
        let (role, content) = model::last(req);
        match role.as_str() {
            "user" => {
                let n: usize = content
                    .rsplit(' ')
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(1);
                model::run(
                    "host:here",
                    &format!("cat {}", files.join(format!("out{n}.txt")).display()),
                    "read the log",
                )
            }
            _ => model::say("Read it; nothing alarming."),
        }
    })
    .await;

    let _agent = run_the_turns(dir.path(), &model.base_url).await;
    let (last_ratio, all_paired) = compare_with_a_naive_replay(&model).await;
    let cacheable = cacheable_share(&model.requests());
    let mut verdicts = goals::Verdicts::default();
    verdicts.judge(goals::PROMPT_CACHEABLE, Some(cacheable));
    // A broken tool-call pairing is no measurement worth judging.
    verdicts.judge(
        goals::PROMPT_SHARE,
        all_paired.then_some(last_ratio * 100.0),
    );
    verdicts.finish();
}

/// An agent on a store in `dir` with one local host and the model at
/// `model_url`, through the session's turns (returned, so it outlives
/// the measurement as before).
async fn run_the_turns(dir: &std::path::Path, model_url: &str) -> Agent {
    let inventory = dir.join("inventory.yaml");
    std::fs::write(
        &inventory,
        "hosts:\n  - name: here\n    transport: local\n    default: true\n",
    )
    .expect("inventory");
    let store = nomos::store::Store::open(&format!("sqlite://{}", dir.join("nomos.db").display()))
        .await
        .expect("store");
    nomos::inventory::seed(&store, &inventory, None)
        .await
        .expect("seed");
    let llm = nomos::agent::llm::Client::new(&nomos::agent::llm::settings::LlmSettings {
        timeout: Duration::from_secs(30),
        max_retries: 0,
        ..nomos::agent::llm::settings::LlmSettings::new(
            url::Url::parse(model_url).expect("url"),
            "scripted",
        )
    })
    .expect("client");
    let agent = Agent::start(
        Parts {
            store: store.clone(),
            gate: nomos::approvals::Gate::new(
                store.clone(),
                nomos::gate::approvers::Approvers::new(["@op:hs"]),
                Default::default(),
            ),
            executor: nomos::exec::Executor::new(store.clone(), Default::default()),
            llm: Some(llm),
            surface: Arc::new(Quiet),
            surface_kind: nomos::domain::SurfaceKind::Matrix,
            settings: AgentSettings::default(),
        },
        Default::default(),
    );
    for n in 1..=TURNS {
        agent
            .on_message(&Inbound {
                phrase_scope: None,
                replied_card: None,
                said_at: None,
                untrusted: None,
                room: "!bench:hs".into(),
                sender: "@op:hs".into(),
                event_id: format!("$m{n}"),
                body: format!("read log {n}"),
            })
            .await
            .expect("turn");
    }
    agent
}

/// Where `now` first differs from `before`: the message's index and role.
fn first_change(before: &[Value], now: &[Value]) -> String {
    match before.iter().zip(now).position(|(a, b)| a != b) {
        Some(i) => format!("message {i} ({})", now[i]["role"].as_str().unwrap_or("?")),
        None if now.len() > before.len() => format!("appended from message {}", before.len()),
        None => "none".to_string(),
    }
}

/// The share (in %) of all the session's prompt bytes (each request's
/// messages as JSON) that repeat the previous request's from its first
/// byte: "80% of prompt tokens sit in a prefix identical to the previous
/// request's". Prints the table, with each request's own share.
fn cacheable_share(requests: &[Value]) -> f64 {
    let texts: Vec<String> = requests
        .iter()
        .map(|r| serde_json::to_string(model::messages(r)).unwrap_or_default())
        .collect();
    println!("\nPrompt bytes that repeat the previous request's prefix\n");
    println!("| request | bytes | in the previous prefix | share | first change |");
    println!("| ---: | ---: | ---: | ---: | --- |");
    let mut shares = Vec::new();
    let (mut repeated, mut total) = (0usize, 0usize);
    for (i, pair) in texts.windows(2).enumerate() {
        let (before, now) = (pair[0].as_bytes(), pair[1].as_bytes());
        let common = before.iter().zip(now).take_while(|(a, b)| a == b).count();
        let share = common as f64 * 100.0 / now.len().max(1) as f64;
        shares.push(share);
        repeated += common;
        total += now.len();
        if i % 5 == 0 || i % 5 == 1 || i + 2 == texts.len() {
            println!(
                "| {} | {} | {common} | {share:.1}% | {} |",
                i + 2,
                now.len(),
                first_change(
                    model::messages(&requests[i]),
                    model::messages(&requests[i + 1])
                )
            );
        }
    }
    let mean = shares.iter().sum::<f64>() / shares.len().max(1) as f64;
    let lowest = shares.iter().copied().fold(f64::INFINITY, f64::min);
    let weighted = repeated as f64 * 100.0 / total.max(1) as f64;
    println!(
        "\n{weighted:.1}% of the prompt bytes of requests 2–{} repeat the previous request's \
         prefix; per request: mean {mean:.1}%, lowest {lowest:.1}% (new output in a turn is \
         never cached)",
        texts.len()
    );
    weighted
}

/// The prompt of each turn against a naive replay of every whole result;
/// prints the table and returns (the last turn's ratio, whether every
/// tool call kept its result).
async fn compare_with_a_naive_replay(model: &model::Model) -> (f64, bool) {
    let requests = model.requests();
    assert_eq!(requests.len(), TURNS * 2, "two model calls per turn");
    // Each result as the model first saw it, by call id.
    let mut full: HashMap<String, String> = HashMap::new();
    for r in requests.iter().skip(1).step_by(2) {
        for m in model::messages(r) {
            if m["role"] == "tool" {
                // First seen is in its own turn, whole; later requests
                // replay it cut.
                full.entry(m["tool_call_id"].as_str().unwrap_or("").to_string())
                    .or_insert_with(|| m["content"].as_str().unwrap_or("").to_string());
            }
        }
    }
    println!(
        "\nPrompt tokens per turn (bytes / 4), {TURNS}-turn session, 20 KB of output per turn\n"
    );
    println!("| turn | Nomos | naive full replay | Nomos / naive | pairs intact |");
    println!("| ---: | ---: | ---: | ---: | :---: |");
    let mut last_ratio = 0.0;
    let mut all_paired = true;
    for t in 1..=TURNS {
        let first = model::messages(&requests[(t - 1) * 2]);
        let naive: Vec<Value> = first
            .iter()
            .map(|m| {
                let mut m = m.clone();
                if m["role"] == "tool"
                    && let Some(whole) = m["tool_call_id"].as_str().and_then(|id| full.get(id))
                {
                    m["content"] = Value::String(whole.clone());
                }
                m
            })
            .collect();
        let ok = paired(first);
        all_paired &= ok;
        let (ours, theirs) = (tokens(first), tokens(&naive));
        last_ratio = ours as f64 / theirs as f64;
        if t == 1 || t % 5 == 0 {
            println!(
                "| {t} | {ours} | {theirs} | {:.0}% | {} |",
                last_ratio * 100.0,
                if ok { "yes" } else { "NO" }
            );
        }
    }
    println!(
        "\nAt turn {TURNS}: {:.0}% of naive, pairs {}",
        last_ratio * 100.0,
        if all_paired { "intact" } else { "BROKEN" }
    );
    (last_ratio, all_paired)
}
