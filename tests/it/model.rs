//! A scripted OpenAI-compatible model server for agent tests. Unlike the
//! queue in `llm.rs`, it answers by looking at the conversation it is sent
//! (a function of the request body), so a multi-turn plan with background
//! executions and wake-ups does not depend on timing. It records every
//! request body for the tests to assert on.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde_json::{Value, json};

type Brain = dyn Fn(&Value) -> Value + Send + Sync;
type Shared = (Arc<Brain>, Arc<Mutex<Vec<Value>>>);

pub struct Model {
    pub base_url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl Model {
    /// Starts a server whose reply message is `brain(request body)`.
    pub async fn start(brain: impl Fn(&Value) -> Value + Send + Sync + 'static) -> Model {
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
    pub fn requests(&self) -> Vec<Value> {
        self.requests.lock().expect("lock").clone()
    }

    pub fn count(&self) -> usize {
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
    axum::Json(json!({
        "id": "scripted", "object": "chat.completion", "model": "scripted",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}
    }))
    .into_response()
}

/// The endpoint answers with this HTTP status.
pub fn fault_status(status: u16) -> Value {
    json!({ "__status": status })
}

/// The endpoint says nothing for `ms` milliseconds (then fails with 504).
pub fn fault_hang(ms: u64) -> Value {
    json!({ "__sleep_ms": ms, "__status": 504 })
}

/// The endpoint answers 200 with a body that is not a chat completion.
pub fn fault_malformed() -> Value {
    json!({ "__raw": "{\"choices\": [{\"message\": oops" })
}

/// An assistant message in words.
pub fn say(text: &str) -> Value {
    json!({"role": "assistant", "content": text})
}

/// An assistant message calling tools: `(name, arguments as JSON text)`.
pub fn call(calls: &[(&str, String)]) -> Value {
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
pub fn run(target: &str, command: &str, purpose: &str) -> Value {
    call(&[(
        "run",
        json!({"target": target, "command": command, "purpose": purpose}).to_string(),
    )])
}

/// The messages of a request.
pub fn messages(request: &Value) -> &[Value] {
    request["messages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// The last message of a request, as (role, content).
pub fn last(request: &Value) -> (String, String) {
    let m = messages(request).last().cloned().unwrap_or(Value::Null);
    (
        m["role"].as_str().unwrap_or("").to_string(),
        m["content"].as_str().unwrap_or("").to_string(),
    )
}

/// Whether any message of the request contains `text`.
pub fn mentions(request: &Value, text: &str) -> bool {
    messages(request)
        .iter()
        .any(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
}
