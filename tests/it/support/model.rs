//! A scripted OpenAI-compatible model server for agent tests. Unlike the
//! queue in `llm.rs`, it answers by looking at the conversation it is sent
//! (a function of the request body), so a multi-turn plan with background
//! executions and wake-ups does not depend on timing. It records every
//! request body for the tests to assert on. It answers `stream: true` with
//! server-sent events as OpenAI's API does (usage in a last chunk), and
//! whole JSON otherwise. This server is lenient on purpose (it checks no
//! provider's rules); the strict simulators are in `providers.rs`.
//!
//! Nomos sends its notes (results, wake-ups, the report request) as `user`
//! messages starting `[Nomos note] `, merged with a neighbouring `user`
//! message, or appended to the tool result they follow; [`last`] reads
//! such a note back as role `system`, so a brain can tell Nomos's words
//! from the operator's.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde_json::{Value, json};

type Brain = dyn Fn(&Value) -> Value + Send + Sync;
type Shared = (Arc<Brain>, Arc<Mutex<Vec<Value>>>);

pub(crate) struct Model {
    pub base_url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl Model {
    /// Starts a server whose reply message is `brain(request body)`.
    pub(crate) async fn start(brain: impl Fn(&Value) -> Value + Send + Sync + 'static) -> Model {
        let requests = Arc::new(Mutex::new(Vec::new()));
        let state: Shared = (Arc::new(brain), requests.clone());
        let app = Router::new()
            .route("/v1/chat/completions", post(answer))
            .with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move { axum::serve(listener, app).await });
        Model {
            base_url: format!("http://{addr}/v1"),
            requests,
        }
    }

    /// Every request body received so far.
    pub(crate) fn requests(&self) -> Vec<Value> {
        self.requests.lock().expect("lock").clone()
    }

    pub(crate) fn count(&self) -> usize {
        self.requests.lock().expect("lock").len()
    }
}

async fn answer(State((brain, requests)): State<Shared>, body: String) -> axum::response::Response {
    use axum::response::IntoResponse;
    let request: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    requests.lock().expect("lock").push(request.clone());
    let message = brain(&request);
    // Faults a brain can ask for (see `fault_*`).
    if let Some(ms) = message["__sleep_ms"].as_u64() {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
    }
    if let Some(status) = message["__status"].as_u64() {
        let code = axum::http::StatusCode::from_u16(u16::try_from(status).unwrap_or(500))
            .unwrap_or(axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        return (code, "{\"error\": {\"message\": \"scripted failure\"}}").into_response();
    }
    if let Some(raw) = message["__raw"].as_str() {
        return (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            raw.to_string(),
        )
            .into_response();
    }
    let usage = json!({"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110});
    if request["stream"] == true {
        return sse_response(sse_events(&message, Some(&usage)));
    }
    axum::Json(json!({
        "id": "scripted", "object": "chat.completion", "model": "scripted",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason(&message)}],
        "usage": usage
    }))
    .into_response()
}

/// `tool_calls` when the message calls tools, else `stop`.
pub(crate) fn finish_reason(message: &Value) -> &'static str {
    if message["tool_calls"]
        .as_array()
        .is_some_and(|c| !c.is_empty())
    {
        "tool_calls"
    } else {
        "stop"
    }
}

/// An assistant message as the chunks of an OpenAI event stream: the
/// role, reasoning and content in pieces, each tool call as a first
/// fragment with id and name and its arguments in two halves, the finish
/// chunk, the usage chunk (`stream_options.include_usage`), `[DONE]`.
pub(crate) fn sse_events(message: &Value, usage: Option<&Value>) -> Vec<String> {
    let chunk = |delta: Value, finish: Value| {
        json!({"id": "scripted", "object": "chat.completion.chunk", "model": "scripted",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
        .to_string()
    };
    let mut events = vec![chunk(
        json!({"role": "assistant", "content": ""}),
        Value::Null,
    )];
    for key in ["reasoning_content", "reasoning", "content"] {
        if let Some(text) = message[key].as_str() {
            for piece in halves(text) {
                events.push(chunk(json!({ key: piece }), Value::Null));
            }
        }
    }
    if let Some(details) = message.get("reasoning_details").filter(|d| d.is_array()) {
        events.push(chunk(json!({"reasoning_details": details}), Value::Null));
    }
    for (i, call) in message["tool_calls"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let mut first = json!({"index": i, "type": "function",
            "function": {"name": call["function"]["name"], "arguments": ""}});
        if let Some(id) = call.get("id") {
            first["id"] = id.clone();
        }
        events.push(chunk(json!({"tool_calls": [first]}), Value::Null));
        let args = call["function"]["arguments"].as_str().unwrap_or("");
        for piece in halves(args) {
            events.push(chunk(
                json!({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}),
                Value::Null,
            ));
        }
    }
    events.push(chunk(json!({}), json!(finish_reason(message))));
    if let Some(usage) = usage {
        events.push(
            json!({"id": "scripted", "object": "chat.completion.chunk", "choices": [], "usage": usage})
                .to_string(),
        );
    }
    events.push("[DONE]".to_string());
    events
}

/// `text` in two pieces, split on a character boundary.
fn halves(text: &str) -> Vec<String> {
    let mut mid = text.len() / 2;
    while !text.is_char_boundary(mid) {
        mid -= 1;
    }
    [&text[..mid], &text[mid..]]
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

/// An event-stream response of these `data:` payloads.
pub(crate) fn sse_response(events: Vec<String>) -> axum::response::Response {
    use axum::response::IntoResponse;
    let body: String = events.iter().map(|e| format!("data: {e}\n\n")).collect();
    (
        [(axum::http::header::CONTENT_TYPE, "text/event-stream")],
        body,
    )
        .into_response()
}

/// The endpoint answers with this HTTP status.
pub(crate) fn fault_status(status: u16) -> Value {
    json!({ "__status": status })
}

/// The endpoint says nothing for `ms` milliseconds (then fails with 504).
pub(crate) fn fault_hang(ms: u64) -> Value {
    json!({ "__sleep_ms": ms, "__status": 504 })
}

/// The endpoint answers 200 with a body that is not a chat completion.
pub(crate) fn fault_malformed() -> Value {
    json!({ "__raw": "{\"choices\": [{\"message\": oops" })
}

/// An assistant message in words.
pub(crate) fn say(text: &str) -> Value {
    json!({"role": "assistant", "content": text})
}

/// An assistant message calling tools: `(name, arguments as JSON text)`.
pub(crate) fn call(calls: &[(&str, String)]) -> Value {
    let calls: Vec<Value> = calls
        .iter()
        .enumerate()
        .map(|(i, (name, args))| {
            json!({
                "id": format!("call_{}_{i}", uuid::Uuid::now_v7().simple()),
                "type": "function",
                "function": {"name": name, "arguments": args}
            })
        })
        .collect();
    json!({"role": "assistant", "content": null, "tool_calls": calls})
}

/// A `run` call.
pub(crate) fn run(target: &str, command: &str, purpose: &str) -> Value {
    call(&[(
        "run",
        json!({"target": target, "command": command, "purpose": purpose}).to_string(),
    )])
}

/// The messages of a request.
pub(crate) fn messages(request: &Value) -> &[Value] {
    request["messages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// How Nomos's notes start on the wire.
pub(crate) const NOTE: &str = "[Nomos note] ";

/// The last message of a request, as (role, content), with Nomos's notes
/// read back as what they are: a `user` or `tool` message that ends with
/// a note is (`system`, the note's text); a `user` message whose note is
/// followed by the operator's words (`@sender: …`) is (`user`, those
/// words), and of operator messages merged into one, the last is taken.
pub(crate) fn last(request: &Value) -> (String, String) {
    let m = messages(request).last().cloned().unwrap_or(Value::Null);
    let role = m["role"].as_str().unwrap_or("").to_string();
    let content = m["content"].as_str().unwrap_or("").to_string();
    if role != "user" && role != "tool" {
        return (role, content);
    }
    // The last note in the message (a turn opens with the fleet note, so
    // a message can start with one and end with another).
    let at = content
        .rfind(&format!("\n\n{NOTE}"))
        .map(|i| i + 2)
        .or_else(|| content.starts_with(NOTE).then_some(0));
    let Some(at) = at else {
        // Operator messages in a row (a turn that failed) travel merged:
        // the last one is what was said last.
        if role == "user"
            && let Some(i) = content.rfind("\n\n@")
        {
            return (role, content[i + 2..].to_string());
        }
        return (role, content);
    };
    let note = &content[at + NOTE.len()..];
    match note.find("\n\n@") {
        Some(words) => ("user".into(), note[words + 2..].to_string()),
        None => ("system".into(), note.to_string()),
    }
}

/// Whether a message of a request is Nomos's note (not an operator's).
pub(crate) fn is_note(message: &Value) -> bool {
    message["role"] == "user"
        && message["content"]
            .as_str()
            .is_some_and(|c| c.starts_with(NOTE))
}

/// Whether any message of the request contains `text`.
pub(crate) fn mentions(request: &Value, text: &str) -> bool {
    messages(request)
        .iter()
        .any(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
}
