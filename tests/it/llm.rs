//! The model client against a scripted OpenAI-compatible server running
//! in-process: it answers from a script and records every request body, so
//! the tests assert what Nomos sends as well as how it handles replies.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use nomos::agent::llm::{Client, LlmError, Message, ToolSpec, Tools};
use nomos::config::Config;
use nomos::domain::Role;
use serde_json::{Value, json};

/// One scripted answer: status, body, optional Retry-After, delay.
#[derive(Clone)]
struct Reply {
    status: u16,
    body: Value,
    retry_after: Option<&'static str>,
    delay: Duration,
}

fn ok(message: Value) -> Reply {
    Reply {
        status: 200,
        body: json!({
            "id": "x", "object": "chat.completion", "model": "scripted",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}
        }),
        retry_after: None,
        delay: Duration::ZERO,
    }
}

fn status(code: u16) -> Reply {
    Reply {
        status: code,
        body: json!({"error": {"message": "busy"}}),
        retry_after: None,
        delay: Duration::ZERO,
    }
}

#[derive(Default)]
struct Script {
    replies: Mutex<VecDeque<Reply>>,
    requests: Mutex<Vec<(Value, Option<String>)>>,
}

async fn answer(State(script): State<Arc<Script>>, headers: HeaderMap, body: String) -> Response {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let parsed: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    script.requests.lock().expect("lock").push((parsed, auth));
    let reply = script.replies.lock().expect("lock").pop_front();
    let Some(reply) = reply else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "script exhausted").into_response();
    };
    tokio::time::sleep(reply.delay).await;
    let mut response = (
        StatusCode::from_u16(reply.status).expect("status"),
        axum::Json(reply.body),
    )
        .into_response();
    if let Some(after) = reply.retry_after {
        response
            .headers_mut()
            .insert("retry-after", after.parse().expect("header"));
    }
    response
}

/// Starts the scripted server; returns it and a client configured for it.
async fn scripted(replies: Vec<Reply>, extra_llm: &str) -> (Arc<Script>, Client) {
    let script = Arc::new(Script::default());
    script.replies.lock().expect("lock").extend(replies);
    let app = Router::new()
        .route("/v1/chat/completions", post(answer))
        .with_state(script.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    let toml = format!(
        "data_dir = \"/tmp\"\n[matrix]\nhomeserver = \"http://127.0.0.1:1\"\nuser = \"@n:x\"\npassword = \"p\"\n\
         [access]\noperators = [\"@o:x\"]\n[llm]\nbase_url = \"http://{addr}/v1\"\nmodel = \"scripted\"\n\
         api_key = \"sk-test-secret\"\n{extra_llm}\n[inventory]\nfile = \"x.yaml\"\n"
    );
    let client = client_of(&toml);
    (script, client)
}

fn run_tool() -> ToolSpec {
    ToolSpec::function(
        "run",
        "Run a shell command on a target.",
        json!({"type": "object", "properties": {"target": {"type": "string"}, "command": {"type": "string"}}, "required": ["target", "command"]}),
    )
}

#[tokio::test]
async fn sends_tools_history_and_key_and_reads_tool_calls() {
    let call = json!({"role": "assistant", "content": null, "reasoning_content": "secret thoughts",
        "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "run", "arguments": "{\"target\":\"host:strong\",\"command\":\"uptime\"}"}}]});
    let (script, client) = scripted(vec![ok(call)], "").await;
    let history = vec![
        Message::system("You are Nomos."),
        Message::user("how is strong?"),
    ];
    let tools = [run_tool()];
    let reply = client
        .complete(&history, Tools::Offer(&tools))
        .await
        .expect("completes");
    assert_eq!(reply.tool_calls.len(), 1);
    assert_eq!(reply.tool_calls[0].function.name, "run");
    assert!(
        reply.content.is_empty(),
        "reasoning never reaches the reply: {:?}",
        reply.content
    );
    assert_eq!(reply.usage.prompt_tokens, 100);

    let (body, auth) = script.requests.lock().expect("lock")[0].clone();
    assert_eq!(auth.as_deref(), Some("Bearer sk-test-secret"));
    assert_eq!(body["model"], "scripted");
    assert_eq!(body["stream"], true);
    assert_eq!(body["stream_options"]["include_usage"], true);
    assert_eq!(body["tools"][0]["type"], "function");
    assert_eq!(body["tools"][0]["function"]["name"], "run");
    assert_eq!(
        body["tools"][0]["function"]["parameters"]["required"],
        json!(["target", "command"])
    );
    assert_eq!(
        body["messages"],
        json!([{"role": "system", "content": "You are Nomos."}, {"role": "user", "content": "how is strong?"}])
    );

    // Replaying the call and its result is sent back verbatim.
    let (script, client) = scripted(
        vec![ok(
            json!({"role": "assistant", "content": "<think>hm</think>strong is up."}),
        )],
        "",
    )
    .await;
    let mut replay = history.clone();
    replay.push(reply.to_message());
    replay.push(Message::tool_result("call_1", "up 3 days"));
    let answer = client
        .complete(&replay, Tools::Describe(&tools))
        .await
        .expect("completes");
    assert_eq!(answer.content, "strong is up.");
    let requests = script.requests.lock().expect("lock");
    let sent = &requests[0].0;
    assert_eq!(sent["tool_choice"], "none", "described, not callable");
    assert_eq!(sent["messages"][2]["tool_calls"][0]["id"], "call_1");
    assert_eq!(
        sent["messages"][2]["reasoning_content"], "secret thoughts",
        "reasoning goes back with its tool calls"
    );
    assert_eq!(
        sent["messages"][3],
        json!({"role": "tool", "content": "up 3 days", "tool_call_id": "call_1"})
    );
}

#[tokio::test]
async fn rate_limits_and_server_errors_are_retried_with_backoff() {
    let mut limited = status(429);
    limited.retry_after = Some("0");
    let (script, client) = scripted(
        vec![
            limited,
            status(502),
            ok(json!({"role": "assistant", "content": "fine"})),
        ],
        "",
    )
    .await;
    let reply = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .expect("completes after retries");
    assert_eq!(reply.content, "fine");
    assert_eq!(reply.attempts, 3);
    assert_eq!(script.requests.lock().expect("lock").len(), 3);

    // Retries are bounded; a 4xx other than 429 is not retried.
    let (script, client) = scripted(
        vec![status(503), status(503), status(503)],
        "max_retries = 2",
    )
    .await;
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            LlmError::Status {
                status: 503,
                attempts: 3,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(script.requests.lock().expect("lock").len(), 3);
    let (script, client) = scripted(vec![status(401)], "").await;
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            LlmError::Status {
                status: 401,
                attempts: 1,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(script.requests.lock().expect("lock").len(), 1);
    assert!(!err.to_string().contains("sk-test-secret"));
}

#[tokio::test]
async fn empty_and_refusing_replies_are_asked_again_once() {
    let empty = || ok(json!({"role": "assistant", "content": "  "}));
    let (script, client) = scripted(
        vec![empty(), ok(json!({"role": "assistant", "content": "here"}))],
        "",
    )
    .await;
    let reply = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .expect("second answer");
    assert_eq!(reply.content, "here");
    assert_eq!(reply.usage.prompt_tokens, 200, "usage counts both requests");
    assert_eq!(script.requests.lock().expect("lock").len(), 2);

    let (_, client) = scripted(vec![empty(), empty()], "").await;
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(matches!(err, LlmError::Empty { .. }), "{err}");

    let refusal =
        || ok(json!({"role": "assistant", "content": "I'm sorry, but I can't help with that."}));
    let (_, client) = scripted(vec![refusal(), refusal()], "").await;
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(matches!(err, LlmError::Refusal(_)), "{err}");
}

#[tokio::test]
async fn timeouts_and_a_down_endpoint_are_reported() {
    let mut slow = ok(json!({"role": "assistant", "content": "late"}));
    slow.delay = Duration::from_secs(3);
    // However many retries 5xx get, a timeout is retried once.
    let (script, client) = scripted(
        vec![slow.clone(), slow.clone(), slow],
        "timeout_secs = 1\nmax_retries = 3",
    )
    .await;
    let started = std::time::Instant::now();
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(
        matches!(err, LlmError::Unreachable { attempts: 2, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("timed out"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(script.requests.lock().expect("lock").len(), 2);

    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let toml = format!(
        "data_dir = \"/tmp\"\n[matrix]\nhomeserver = \"http://127.0.0.1:1\"\nuser = \"@n:x\"\npassword = \"p\"\n\
         [access]\noperators = [\"@o:x\"]\n[llm]\nbase_url = \"http://127.0.0.1:{closed}/v1\"\nmodel = \"m\"\nmax_retries = 1\n\
         [inventory]\nfile = \"x.yaml\"\n"
    );
    let client = client_of(&toml);
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(
        matches!(err, LlmError::Unreachable { attempts: 2, .. }),
        "{err}"
    );
}

/// The model client of a config's `[llm]` section, with short backoffs.
fn client_of(toml: &str) -> Client {
    let config = Config::from_toml(
        toml,
        "t.toml".as_ref(),
        "/".as_ref(),
        nomos::config::Purpose::Run,
        &|_| None,
    )
    .expect("config");
    Client::new(config.llm.as_ref().expect("llm section"))
        .expect("client")
        .with_min_backoff(Duration::from_millis(10))
}

/// A chat-template error is a 500 that no retry cures: reported at once,
/// with the server's whole message and no secret in it.
#[tokio::test]
async fn deterministic_errors_are_not_retried_and_are_quoted_whole() {
    let message = "\n------------\nWhile executing CallExpression at line 85, column 32 in source:\n...first %}↵ {{- raise_exception('System message must be at the beginnin...\n^\nError: Jinja Exception: System message must be at the beginning. (key sk-test-secret)";
    let reply = Reply {
        status: 500,
        body: json!({"error": {"code": 500, "message": message, "type": "server_error"}}),
        retry_after: None,
        delay: Duration::ZERO,
    };
    let (script, client) = scripted(vec![reply.clone(), reply], "").await;
    let err = client
        .complete(&[Message::user("hi")], Tools::None)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            LlmError::Status {
                status: 500,
                attempts: 1,
                ..
            }
        ),
        "{err}"
    );
    assert!(!err.is_outage());
    let text = err.to_string();
    assert!(
        text.contains("Jinja Exception: System message must be at the beginning."),
        "{text}"
    );
    assert!(
        text.contains("While executing CallExpression"),
        "whole: {text}"
    );
    assert!(!text.contains("sk-test-secret"), "{text}");
    assert_eq!(script.requests.lock().expect("lock").len(), 1);
}

/// What a read-only command printed reaches the provider with its secrets
/// masked: a `cat` of a file holding a key or a token must not send it.
#[tokio::test]
async fn tool_results_reach_the_model_with_secrets_masked() {
    let (script, client) =
        scripted(vec![ok(json!({"role": "assistant", "content": "ok"}))], "").await;
    let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----";
    let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    let call = Message {
        role: Role::Assistant,
        content: None,
        tool_calls: serde_json::from_value(json!([{"id": "call_1", "type": "function",
            "function": {"name": "run", "arguments": "{\"target\":\"host:a\",\"command\":\"cat /root/notes\"}"}}]))
        .expect("calls"),
        tool_call_id: None,
        reasoning: Default::default(),
    };
    let history = vec![
        Message::system("You are Nomos."),
        Message::user("what is in the notes?"),
        call,
        Message::tool_result(
            "call_1",
            format!("deploy key:\n{key}\ntoken {token} and the api key sk-test-secret\n"),
        ),
    ];
    let tools = [run_tool()];
    client
        .complete(&history, Tools::Offer(&tools))
        .await
        .expect("completes");
    let requests = script.requests.lock().expect("lock");
    let sent = requests[0].0["messages"][3]["content"]
        .as_str()
        .expect("tool content")
        .to_string();
    assert!(sent.contains("deploy key:"), "the rest stays: {sent}");
    for secret in ["b3BlbnNzaC1rZXktdjEAAAAA", token, "sk-test-secret"] {
        assert!(!sent.contains(secret), "{secret} reached the model: {sent}");
    }
    assert!(sent.contains("[REDACTED]"), "{sent}");
}

/// Results that reach the model later (a wake turn's system note after an
/// approved change or a `!run`), what people typed and what the model said
/// reach the provider masked too: masking does not depend on the route.
#[tokio::test]
async fn every_message_reaches_the_model_with_secrets_masked() {
    let (script, client) =
        scripted(vec![ok(json!({"role": "assistant", "content": "ok"}))], "").await;
    let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    let history = vec![
        Message::system("You are Nomos."),
        Message::user(format!("use the token {token} please")),
        Message::assistant(format!("I will use {token}.")),
        Message::system(format!(
            "Execution 1a2b3c4d completed: exit 0\nAPI_TOKEN={token}\n"
        )),
    ];
    client
        .complete(&history, Tools::None)
        .await
        .expect("completes");
    let requests = script.requests.lock().expect("lock");
    let messages = requests[0].0["messages"]
        .as_array()
        .expect("messages")
        .clone();
    assert_eq!(messages.len(), 4);
    for m in &messages[1..] {
        let sent = m["content"].as_str().expect("content");
        assert!(!sent.contains(token), "reached the model: {sent}");
        assert!(sent.contains("[REDACTED]"), "{sent}");
    }
}

/// The model's own words go back masked too: a tool call's arguments
/// (still JSON) and its reasoning.
#[tokio::test]
async fn tool_call_arguments_and_reasoning_reach_the_model_masked() {
    let (script, client) =
        scripted(vec![ok(json!({"role": "assistant", "content": "ok"}))], "").await;
    let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    let arguments = json!({
        "target": "host:here",
        "command": format!("curl -H 'Authorization: token {token}' http://127.0.0.1/"),
        "purpose": "check the API",
    })
    .to_string();
    let call: Message = serde_json::from_value(json!({
        "role": "assistant",
        "content": null,
        "tool_calls": [{"id": "c1", "type": "function",
                        "function": {"name": "run", "arguments": arguments}}],
        "reasoning_content": format!("The token is {token}."),
    }))
    .expect("an assistant message");
    let result: Message = serde_json::from_value(json!({
        "role": "tool", "tool_call_id": "c1", "content": "{\"exit_code\":0}"
    }))
    .expect("a tool message");
    let history = vec![
        Message::system("You are Nomos."),
        Message::user("check the API"),
        call,
        result,
    ];
    client
        .complete(&history, Tools::None)
        .await
        .expect("completes");
    let requests = script.requests.lock().expect("lock");
    let body = requests[0].0.to_string();
    assert!(!body.contains(token), "reached the model: {body}");
    let sent = requests[0].0["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .find_map(|m| m["tool_calls"][0]["function"]["arguments"].as_str())
        .expect("the call's arguments")
        .to_string();
    let parsed: Value = serde_json::from_str(&sent).expect("still JSON");
    assert!(
        parsed["command"]
            .as_str()
            .is_some_and(|c| c.contains("[REDACTED]") && c.starts_with("curl -H")),
        "{parsed}"
    );
    assert_eq!(parsed["target"], "host:here");
}
