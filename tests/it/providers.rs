//! Strict provider simulators, one per family of endpoint Nomos is run
//! against, and the agent's scenario suite run on each of them.
//!
//! Each simulator enforces the rules its provider documents (or its server
//! source implements) and answers a broken request with that provider's
//! own error body, as of the version named here:
//!
//! - **DeepSeek V4, thinking mode** (api-docs.deepseek.com "Thinking Mode",
//!   V4 models of 2026-04-24): thinking on by default; every assistant
//!   message with `tool_calls` must carry its `reasoning_content` back, or
//!   400 "Missing `reasoning_content` field in the assistant message at
//!   message index N. …"; tool calls must be followed by their results
//!   ("An assistant message with 'tool_calls' must be followed by tool
//!   messages responding to each 'tool_call_id'. (insufficient tool
//!   messages following tool_calls message)"); unknown models get "Model
//!   Not Exist". While a request waits it sends keep-alives: blank lines
//!   (whole JSON) or `: keep-alive` comments (event stream).
//! - **OpenRouter, Gemini 3 route** (openrouter.ai docs "Reasoning tokens:
//!   preserving reasoning blocks", "Errors", "Streaming", as read on
//!   2026-12-01, the version whose `reasoning.effort` runs from "none" to
//!   "xhigh"): replies carry
//!   `reasoning` and `reasoning_details` (an encrypted block holding the
//!   thought signature of the tool call); a later request whose tool-call
//!   message lacks that block gets OpenRouter's 400 "Provider returned
//!   error" wrapping Google's "Function call is missing a thought_signature
//!   in functionCall parts. …"; a failing upstream ends a 200 stream with
//!   `finish_reason: "error"` and an `error` object; `: OPENROUTER
//!   PROCESSING` comments keep the stream alive.
//! - **OpenAI reasoning model `gpt-5-mini`** (platform.openai.com chat
//!   completions reference and reasoning guide, as read on 2026-12-01: the
//!   reference marks `max_tokens` "deprecated in favor of
//!   `max_completion_tokens`" and "not compatible with o-series models";
//!   the refusal texts are the API's own, as users have quoted them):
//!   `max_tokens` gets 400
//!   "Unsupported parameter: 'max_tokens' is not supported with this model.
//!   Use 'max_completion_tokens' instead."; a temperature other than 1 gets
//!   "Unsupported value: 'temperature' does not support 0.2 with this
//!   model. Only the default (1) value is supported."; an argument it does
//!   not define gets "Unrecognized request argument supplied: X", a field
//!   it does not define on a message "Additional properties are not
//!   allowed ('X' was unexpected) - 'messages.N'"; every tool call must be answered
//!   ("… The following tool_call_ids did not have response messages: …")
//!   and every tool message must answer one ("Invalid parameter: messages
//!   with role 'tool' must be a response to a preceeding message with
//!   'tool_calls'.").
//! - **llama.cpp `llama-server --jinja` with a strict template** (server
//!   source `tools/server/server-context.cpp` at commit 001d906a6d86; Qwen3's
//!   template raising 'System message must be at the beginning.', Mistral's
//!   'After the optional system message, conversation roles must alternate
//!   user/assistant/user/assistant/...', Qwen3's 'No user query found in
//!   messages.'), rendered inside the request, so a violation is HTTP 500
//!   with llama.cpp's `server_error` body; a prompt of `n_ctx` tokens or
//!   more (the server tests `n_tokens >= n_ctx`) gets 400
//!   `exceed_context_size_error` "request (N tokens) exceeds the available
//!   context size (M tokens), try increasing it" with `n_prompt_tokens` and
//!   `n_ctx` beside it (builds before the numbers were added said "the
//!   request exceeds the available context size, try increasing it").
//!   Served with `--reasoning-format none`, so a
//!   reply's reasoning arrives in `content`, ending in `</think>` (the
//!   template opened the block in the prompt).
//! - **Ollama, default 4,096-token window** (server/prompt.go `chatPrompt`
//!   at commit fb30760): a prompt over `num_ctx` is not refused: whole
//!   messages are dropped from the front until it fits, system messages and
//!   the last message always kept. The simulator counts each such cut.
//! - **Anthropic's OpenAI-compatible endpoint** (platform.claude.com "OpenAI
//!   SDK compatibility", the version whose quick start uses
//!   `claude-opus-4-6`, as read on 2026-12-01): its "Error message
//!   compatibility" section says the layer keeps OpenAI's error format
//!   while the messages themselves are not OpenAI's, so refusals come as
//!   `{"error": {"message", "type", "param", "code"}}` (not the Messages
//!   API's `{"type": "error", "error": …}` envelope) carrying the Messages
//!   API's wording: a request whose history has tool calls or results
//!   must define `tools`, or 400 "Requests which include `tool_use` or
//!   `tool_result` blocks must define tools."; every tool call must be
//!   answered in the next message; overload is 529 `overloaded_error`.
//!
//! Outage texts are each provider's documented overload answer. Tokens
//! are counted without a tokenizer, differently from Nomos's own estimate
//! (words of up to 6 characters, runs of punctuation in pairs), so a
//! client that trusted characters / 4 blindly would overflow.
//!
//! Each simulator fails the client as it was before issue 19 in at least
//! one way, named on its test.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use nomos::agent::llm::Client;
use nomos::agent::turn::TurnReport;
use nomos::agent::{Agent, AgentSettings, Handled};
use nomos::chat::Inbound;
use nomos::chat::recording::Recording;
use nomos::config::{Config, Purpose};
use nomos::domain::Role;
use nomos::store::Store;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::model::{self, call, last, mentions, messages, run, say};
use crate::support::sqlite_url;

/// Marks the reasoning every simulator sends: it must never reach a room.
const PRIVATE: &str = "(private reasoning)";

/// The provider families.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    DeepSeek,
    OpenRouter,
    OpenAiReasoning,
    LlamaCpp,
    Ollama,
    Anthropic,
}

impl Family {
    /// The `[llm]` lines the tests run this family with. The model names
    /// are the README's and the example config's (checked by
    /// `example_config_blocks_load`), the rest is not a copy of them:
    /// `context_tokens` is the simulator's window where it enforces one,
    /// a server left small (Ollama's default 4,096; llama.cpp started with
    /// `-c 16384`) where the README advises 32,768, so that the budget is
    /// exercised; elsewhere it is left at Nomos's default. The OpenAI
    /// lines keep the `max_tokens` and `temperature` the old example
    /// suggested, which Nomos must translate.
    pub(crate) fn config(self) -> &'static str {
        match self {
            Family::DeepSeek => {
                "model = \"deepseek-v4-pro\"\napi_key = \"sk-test-deepseek-0123456789abcdef\""
            }
            Family::OpenRouter => {
                "model = \"google/gemini-3-pro-preview\"\napi_key = \"sk-or-v1-test0123456789abcdef\""
            }
            // The keys the old example config suggested: they must be
            // translated, not sent as they are.
            Family::OpenAiReasoning => {
                "model = \"gpt-5-mini\"\napi_key = \"sk-test-openai-0123456789abcdef\"\nmax_tokens = 4096\ntemperature = 0.2"
            }
            Family::LlamaCpp => "model = \"local\"\ncontext_tokens = 16384",
            Family::Ollama => "model = \"qwen3:14b\"\ncontext_tokens = 4096",
            Family::Anthropic => {
                "model = \"claude-sonnet-4-5\"\napi_key = \"sk-ant-test-0123456789abcdef\"\nmax_tokens = 8192"
            }
        }
    }

    /// The provider's own answer when it is down or overloaded.
    fn overloaded(self) -> (u16, Value) {
        match self {
            Family::DeepSeek => (
                503,
                json!({"error": {"message": "Server overloaded, please try again later.", "type": "server_error", "param": null, "code": "server_overloaded"}}),
            ),
            Family::OpenRouter => (
                503,
                json!({"error": {"code": 503, "message": "No available model provider that meets your routing requirements"}}),
            ),
            Family::OpenAiReasoning => (
                503,
                json!({"error": {"message": "The engine is currently overloaded, please try again later", "type": "server_error", "param": null, "code": null}}),
            ),
            Family::LlamaCpp => (
                503,
                json!({"error": {"code": 503, "message": "Loading model", "type": "unavailable_error"}}),
            ),
            Family::Ollama => (
                503,
                json!({"error": {"message": "server busy, please try again.  maximum pending requests exceeded", "type": "api_error", "param": null, "code": null}}),
            ),
            Family::Anthropic => (
                529,
                json!({"error": {"message": "Overloaded", "type": "overloaded_error", "param": null, "code": null}}),
            ),
        }
    }

    /// The model's window, where the simulator enforces one.
    fn window(self) -> Option<u64> {
        match self {
            Family::LlamaCpp => Some(16_384),
            Family::Ollama => Some(4096),
            _ => None,
        }
    }
}

type Brain = dyn Fn(&Value) -> Value + Send + Sync;

/// A refusal: HTTP status and body.
type Reject = (u16, Value);

/// One simulated endpoint.
pub(crate) struct Sim {
    pub family: Family,
    brain: Box<Brain>,
    /// Every chat request as received.
    pub requests: Mutex<Vec<Value>>,
    /// Every refusal sent: status and body.
    pub rejected: Mutex<Vec<(u16, String)>>,
    /// Ollama: requests cut from the front to fit the window.
    pub truncations: AtomicUsize,
    /// Answer every request with the provider's overload error.
    pub down: AtomicBool,
    /// DeepSeek: how long a request waits in the queue (keep-alives).
    pub queue: Mutex<Duration>,
    /// llama.cpp: the server's `n_ctx` (changeable per test).
    pub n_ctx: Mutex<u64>,
    /// OpenRouter: the thought signature issued per tool-call id.
    signatures: Mutex<HashMap<String, String>>,
}

/// How a simulator answers: status, content type, and the body in parts
/// written after their delays.
struct Answer {
    status: u16,
    content_type: &'static str,
    parts: Vec<(Duration, String)>,
}

impl Answer {
    fn json(status: u16, body: &Value) -> Answer {
        Answer {
            status,
            content_type: "application/json",
            parts: vec![(Duration::ZERO, body.to_string())],
        }
    }
}

impl Sim {
    /// Starts a simulator of `family` answering with `brain`; returns it
    /// and its base URL (up to /v1).
    pub(crate) async fn start(
        family: Family,
        brain: impl Fn(&Value) -> Value + Send + Sync + 'static,
    ) -> (Arc<Sim>, String) {
        let sim = Arc::new(Sim {
            family,
            brain: Box::new(brain),
            requests: Mutex::default(),
            rejected: Mutex::default(),
            truncations: AtomicUsize::new(0),
            down: AtomicBool::new(false),
            queue: Mutex::new(Duration::ZERO),
            n_ctx: Mutex::new(family.window().unwrap_or(u64::MAX)),
            signatures: Mutex::default(),
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let served = sim.clone();
        tokio::spawn(async move {
            while let Ok((conn, _)) = listener.accept().await {
                tokio::spawn(handle(conn, served.clone()));
            }
        });
        (sim, format!("http://{addr}/v1"))
    }

    pub(crate) fn requests(&self) -> Vec<Value> {
        self.requests.lock().expect("lock").clone()
    }

    pub(crate) fn rejected(&self) -> Vec<(u16, String)> {
        self.rejected.lock().expect("lock").clone()
    }

    fn answer(&self, method: &str, path: &str, body: &str) -> Answer {
        match (method, path) {
            ("POST", "/v1/chat/completions") => self.chat(body),
            ("GET", "/props") if self.family == Family::LlamaCpp => Answer::json(
                200,
                &json!({"default_generation_settings": {"n_ctx": *self.n_ctx.lock().expect("lock")}}),
            ),
            ("GET", "/v1/models") if self.family == Family::OpenRouter => Answer::json(
                200,
                &json!({"data": [{"id": "google/gemini-3-pro-preview", "context_length": 1_048_576}]}),
            ),
            _ => Answer::json(
                404,
                &json!({"error": {"message": format!("no route {path}")}}),
            ),
        }
    }

    fn chat(&self, body: &str) -> Answer {
        let request: Value = serde_json::from_str(body).unwrap_or(Value::Null);
        self.requests.lock().expect("lock").push(request.clone());
        if self.down.load(Ordering::SeqCst) {
            return self.refuse(self.family.overloaded());
        }
        let seen = match self.check(&request) {
            Ok(seen) => seen,
            Err(reject) => return self.refuse(reject),
        };
        let mut message = (self.brain)(&seen);
        if let Some(cause) = message["__error_finish"].as_str() {
            return self.error_finish(&request, cause);
        }
        self.decorate(&mut message);
        let usage = json!({"prompt_tokens": count_request(&seen), "completion_tokens": 20});
        self.reply(&request, &message, &usage)
    }

    fn refuse(&self, (status, body): Reject) -> Answer {
        self.rejected
            .lock()
            .expect("lock")
            .push((status, body.to_string()));
        Answer::json(status, &body)
    }

    /// The family's rules; the request as the model sees it.
    fn check(&self, request: &Value) -> Result<Value, Reject> {
        match self.family {
            Family::DeepSeek => deepseek(request).map(|()| request.clone()),
            Family::OpenRouter => self.openrouter(request).map(|()| request.clone()),
            Family::OpenAiReasoning => openai(request).map(|()| request.clone()),
            Family::LlamaCpp => {
                let n_ctx = *self.n_ctx.lock().expect("lock");
                llamacpp(request, n_ctx).map(|()| request.clone())
            }
            Family::Ollama => Ok(self.ollama(request)),
            Family::Anthropic => anthropic(request).map(|()| request.clone()),
        }
    }
}

// ---------------------------------------------------------------------------
// The rules of each family.

fn msgs(request: &Value) -> &[Value] {
    messages(request)
}

fn has_calls(m: &Value) -> bool {
    m["role"] == "assistant" && m["tool_calls"].as_array().is_some_and(|c| !c.is_empty())
}

/// Tool calls and results paired as chat completions require: the first
/// violation, as (message index, the call ids left unanswered) or a tool
/// message answering nothing (`None`).
fn unpaired(messages: &[Value]) -> Option<(usize, Option<Vec<String>>)> {
    let mut open: Vec<String> = Vec::new();
    let mut opened_at = 0;
    for (i, m) in messages.iter().enumerate() {
        if m["role"] == "tool" {
            let id = m["tool_call_id"].as_str().unwrap_or("");
            match open.iter().position(|c| c == id) {
                Some(p) => {
                    open.remove(p);
                }
                None => return Some((i, None)),
            }
            continue;
        }
        if !open.is_empty() {
            return Some((opened_at, Some(open)));
        }
        if has_calls(m) {
            opened_at = i;
            open = m["tool_calls"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c["id"].as_str().map(str::to_string))
                .collect();
        }
    }
    (!open.is_empty()).then_some((opened_at, Some(open)))
}

fn openai_error(message: String, kind: &str, param: Value, code: Value) -> Reject {
    (
        400,
        json!({"error": {"message": message, "type": kind, "param": param, "code": code}}),
    )
}

/// DeepSeek V4 in thinking mode.
fn deepseek(request: &Value) -> Result<(), Reject> {
    let model = request["model"].as_str().unwrap_or("");
    if !["deepseek-v4-pro", "deepseek-v4-flash"].contains(&model) {
        return Err(openai_error(
            "Model Not Exist".into(),
            "invalid_request_error",
            Value::Null,
            json!("invalid_request_error"),
        ));
    }
    if unpaired(msgs(request)).is_some() {
        return Err(openai_error(
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)".into(),
            "invalid_request_error",
            Value::Null,
            json!("invalid_request_error"),
        ));
    }
    let thinking = request["thinking"]["type"] != "disabled";
    if thinking
        && let Some(i) = msgs(request)
            .iter()
            .position(|m| has_calls(m) && !m["reasoning_content"].is_string())
    {
        return Err(openai_error(
            format!(
                "Missing `reasoning_content` field in the assistant message at message index {i}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls"
            ),
            "invalid_request_error",
            Value::Null,
            json!("invalid_request_error"),
        ));
    }
    Ok(())
}

impl Sim {
    /// OpenRouter routing to Gemini 3: thought signatures must come back.
    fn openrouter(&self, request: &Value) -> Result<(), Reject> {
        let model = request["model"].as_str().unwrap_or("");
        if model != "google/gemini-3-pro-preview" {
            return Err((
                400,
                json!({"error": {"message": format!("{model} is not a valid model ID"), "code": 400}}),
            ));
        }
        let signatures = self.signatures.lock().expect("lock");
        for (i, m) in msgs(request).iter().enumerate() {
            let Some(first) = m["tool_calls"].get(0) else {
                continue;
            };
            let id = first["id"].as_str().unwrap_or("");
            let Some(signature) = signatures.get(id) else {
                continue;
            };
            let returned = m["reasoning_details"].as_array().is_some_and(|details| {
                details.iter().any(|d| {
                    d["type"] == "reasoning.encrypted" && d["data"].as_str() == Some(signature)
                })
            });
            if !returned {
                let name = first["function"]["name"].as_str().unwrap_or("");
                let google = json!({"error": {"code": 400, "message": format!("Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:{name}` , position {}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.", i + 1), "status": "INVALID_ARGUMENT"}});
                return Err((
                    400,
                    json!({"error": {"code": 400, "message": "Provider returned error", "metadata": {"raw": google.to_string(), "provider_name": "Google AI Studio"}}, "user_id": "user_sim"}),
                ));
            }
        }
        Ok(())
    }

    /// Ollama: cut whole messages from the front until the prompt fits,
    /// keeping system messages and the last message.
    fn ollama(&self, request: &Value) -> Value {
        let n_ctx = *self.n_ctx.lock().expect("lock");
        let all = msgs(request).to_vec();
        let tools = count_tokens(&request["tools"].to_string());
        let mut start = 0;
        while start + 1 < all.len() {
            let kept: Vec<&Value> = all[..start]
                .iter()
                .filter(|m| m["role"] == "system")
                .chain(&all[start..])
                .collect();
            let size: u64 = kept.iter().map(|m| count_message(m)).sum::<u64>() + tools;
            if size <= n_ctx {
                break;
            }
            start += 1;
        }
        let dropped = all[..start]
            .iter()
            .filter(|m| m["role"] != "system")
            .count();
        if dropped == 0 {
            return request.clone();
        }
        self.truncations.fetch_add(1, Ordering::SeqCst);
        let kept: Vec<Value> = all[..start]
            .iter()
            .filter(|m| m["role"] == "system")
            .chain(&all[start..])
            .cloned()
            .collect();
        let mut seen = request.clone();
        seen["messages"] = Value::Array(kept);
        seen
    }
}

/// An OpenAI reasoning model.
fn openai(request: &Value) -> Result<(), Reject> {
    openai_parameters(request)?;
    openai_arguments(request)?;
    openai_messages(request)
}

/// An OpenAI reasoning model's rules for parameters: no `max_tokens`, the
/// default temperature only, `tool_choice` only with tools.
fn openai_parameters(request: &Value) -> Result<(), Reject> {
    if request.get("max_tokens").is_some() {
        return Err(openai_error(
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.".into(),
            "invalid_request_error",
            json!("max_tokens"),
            json!("unsupported_parameter"),
        ));
    }
    if let Some(t) = request["temperature"].as_f64()
        && (t - 1.0).abs() > f64::EPSILON
    {
        return Err(openai_error(
            format!(
                "Unsupported value: 'temperature' does not support {t} with this model. Only the default (1) value is supported."
            ),
            "invalid_request_error",
            json!("temperature"),
            json!("unsupported_value"),
        ));
    }
    if request.get("tool_choice").is_some() && request.get("tools").is_none() {
        return Err(openai_error(
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.".into(),
            "invalid_request_error",
            json!("tool_choice"),
            Value::Null,
        ));
    }
    Ok(())
}

/// Only the arguments the chat completions reference defines.
fn openai_arguments(request: &Value) -> Result<(), Reject> {
    const ARGUMENTS: &[&str] = &[
        "model",
        "messages",
        "tools",
        "tool_choice",
        "stream",
        "stream_options",
        "max_completion_tokens",
        "temperature",
        "top_p",
        "n",
        "stop",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "user",
        "response_format",
        "seed",
        "parallel_tool_calls",
        "reasoning_effort",
        "store",
        "metadata",
        "service_tier",
        "verbosity",
        "prompt_cache_key",
        "safety_identifier",
    ];
    if let Some(key) = request
        .as_object()
        .and_then(|o| o.keys().find(|k| !ARGUMENTS.contains(&k.as_str())))
    {
        return Err(openai_error(
            format!("Unrecognized request argument supplied: {key}"),
            "invalid_request_error",
            Value::Null,
            Value::Null,
        ));
    }
    Ok(())
}

/// Only the fields a message may have; tool results paired with their
/// calls.
fn openai_messages(request: &Value) -> Result<(), Reject> {
    const DEFINED: &[&str] = &[
        "role",
        "content",
        "name",
        "tool_calls",
        "tool_call_id",
        "refusal",
        "audio",
        "function_call",
    ];
    for (i, m) in msgs(request).iter().enumerate() {
        if let Some(key) = m
            .as_object()
            .and_then(|o| o.keys().find(|k| !DEFINED.contains(&k.as_str())))
        {
            return Err(openai_error(
                format!(
                    "Additional properties are not allowed ('{key}' was unexpected) - 'messages.{i}'"
                ),
                "invalid_request_error",
                Value::Null,
                Value::Null,
            ));
        }
    }
    match unpaired(msgs(request)) {
        Some((_, None)) => Err(openai_error(
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.".into(),
            "invalid_request_error",
            json!("messages.[].role"),
            Value::Null,
        )),
        Some((i, Some(ids))) => Err(openai_error(
            format!("An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: {}", ids.join(", ")),
            "invalid_request_error",
            json!(format!("messages.[{i}].role")),
            Value::Null,
        )),
        None => Ok(()),
    }
}

/// llama.cpp's 500 for a Jinja template that raised `message`.
fn jinja_error(message: &str) -> Reject {
    (
        500,
        json!({"error": {"code": 500, "message": format!("\n------------\nWhile executing CallExpression at line 85, column 32 in source:\n...first %}}↵            {{{{- raise_exception('{message}...\n                                           ^\nError: Jinja Exception: {message}"), "type": "server_error"}}),
    )
}

/// llama-server with a strict template and a window of `n_ctx`.
fn llamacpp(request: &Value, n_ctx: u64) -> Result<(), Reject> {
    let all = msgs(request);
    if all.iter().skip(1).any(|m| m["role"] == "system") {
        return Err(jinja_error("System message must be at the beginning."));
    }
    if !all.iter().any(|m| m["role"] == "user") {
        return Err(jinja_error("No user query found in messages."));
    }
    // Mistral's check: tool results and tool-calling messages aside, the
    // roles after the system message alternate, starting with the user.
    let turns: Vec<&str> = all
        .iter()
        .filter(|m| m["role"] != "system" && m["role"] != "tool" && !has_calls(m))
        .map(|m| m["role"].as_str().unwrap_or(""))
        .collect();
    let alternates = turns
        .iter()
        .enumerate()
        .all(|(i, r)| *r == if i % 2 == 0 { "user" } else { "assistant" });
    if !alternates {
        return Err(jinja_error(
            "After the optional system message, conversation roles must alternate user/assistant/user/assistant/...",
        ));
    }
    // The server refuses a prompt that leaves no room for one token.
    let n = count_request(request);
    if n >= n_ctx {
        return Err((
            400,
            json!({"error": {"code": 400, "message": format!("request ({n} tokens) exceeds the available context size ({n_ctx} tokens), try increasing it"), "type": "exceed_context_size_error", "n_prompt_tokens": n, "n_ctx": n_ctx}}),
        ));
    }
    Ok(())
}

/// Anthropic's OpenAI-compatible endpoint.
fn anthropic(request: &Value) -> Result<(), Reject> {
    // OpenAI's error format, Anthropic's words.
    let error =
        |message: String| openai_error(message, "invalid_request_error", Value::Null, Value::Null);
    let tool_history = msgs(request)
        .iter()
        .any(|m| has_calls(m) || m["role"] == "tool");
    let tools = request["tools"].as_array().is_some_and(|t| !t.is_empty());
    if tool_history && !tools {
        return Err(error(
            "Requests which include `tool_use` or `tool_result` blocks must define tools.".into(),
        ));
    }
    if let Some((i, Some(ids))) = unpaired(msgs(request)) {
        return Err(error(format!(
            "messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately after: {}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
            ids.join(", ")
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Tokens, counted unlike Nomos: a word of up to 6 characters is a token, a
// run of punctuation a token per 2 characters.

fn count_tokens(text: &str) -> u64 {
    let mut tokens = 0u64;
    let mut word = 0u64;
    let mut punct = 0u64;
    let flush = |word: &mut u64, punct: &mut u64, tokens: &mut u64| {
        *tokens += word.div_ceil(6) + punct.div_ceil(2);
        *word = 0;
        *punct = 0;
    };
    for c in text.chars() {
        if c.is_alphanumeric() {
            if punct > 0 {
                tokens += punct.div_ceil(2);
                punct = 0;
            }
            word += 1;
        } else if c.is_whitespace() {
            flush(&mut word, &mut punct, &mut tokens);
        } else {
            if word > 0 {
                tokens += word.div_ceil(6);
                word = 0;
            }
            punct += 1;
        }
    }
    flush(&mut word, &mut punct, &mut tokens);
    tokens
}

fn count_message(m: &Value) -> u64 {
    let text = [
        m["content"].as_str().unwrap_or(""),
        &m["tool_calls"].to_string(),
        m["reasoning_content"].as_str().unwrap_or(""),
    ]
    .join(" ");
    count_tokens(&text) + 4
}

/// The prompt size of a request: its messages and tool schemas.
fn count_request(request: &Value) -> u64 {
    let tools = if request["tools"].is_array() {
        count_tokens(&request["tools"].to_string())
    } else {
        0
    };
    msgs(request).iter().map(count_message).sum::<u64>() + tools
}

// ---------------------------------------------------------------------------
// Answers.

impl Sim {
    /// What each family adds to a reply: its reasoning, where it keeps it.
    fn decorate(&self, message: &mut Value) {
        let thought = format!("{PRIVATE} The operator's request comes first.");
        match self.family {
            Family::DeepSeek => message["reasoning_content"] = json!(thought),
            Family::Ollama => message["reasoning"] = json!(thought),
            Family::OpenRouter => {
                let mut details = vec![
                    json!({"type": "reasoning.text", "text": thought, "format": "google-gemini-v1", "index": 0}),
                ];
                if let Some(id) = message["tool_calls"][0]["id"].as_str() {
                    let signature = format!("sig-{}", crate::support::unique());
                    self.signatures
                        .lock()
                        .expect("lock")
                        .insert(id.to_string(), signature.clone());
                    details.push(json!({"type": "reasoning.encrypted", "data": signature, "id": id, "format": "google-gemini-v1", "index": 1}));
                }
                message["reasoning"] = json!(thought);
                message["reasoning_details"] = Value::Array(details);
            }
            Family::LlamaCpp => {
                if let Some(text) = message["content"].as_str().filter(|t| !t.is_empty()) {
                    message["content"] = json!(format!("{thought}\n</think>\n\n{text}"));
                }
            }
            Family::OpenAiReasoning | Family::Anthropic => {}
        }
    }

    /// The reply, streamed when asked, with the family's keep-alives.
    fn reply(&self, request: &Value, message: &Value, usage: &Value) -> Answer {
        let streamed = request["stream"] == true;
        let mut parts = self.keep_alives(streamed);
        if streamed {
            for event in model::sse_events(message, Some(usage)) {
                parts.push((Duration::ZERO, format!("data: {event}\n\n")));
            }
        } else {
            let body = json!({"id": "sim", "object": "chat.completion", "model": request["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": model::finish_reason(message)}],
                "usage": usage});
            parts.push((Duration::ZERO, body.to_string()));
        }
        Answer {
            status: 200,
            content_type: if streamed {
                "text/event-stream"
            } else {
                "application/json"
            },
            parts,
        }
    }

    /// DeepSeek keeps a queued request alive with blank lines (JSON) or
    /// `: keep-alive` comments (events); OpenRouter with a comment.
    fn keep_alives(&self, streamed: bool) -> Vec<(Duration, String)> {
        match self.family {
            Family::DeepSeek => {
                let queue = *self.queue.lock().expect("lock");
                let beat = Duration::from_millis(200);
                let beats = (queue.as_millis() / beat.as_millis()) as usize;
                let line = if streamed { ": keep-alive\n\n" } else { "\n" };
                (0..beats).map(|_| (beat, line.to_string())).collect()
            }
            Family::OpenRouter if streamed => {
                vec![(Duration::ZERO, ": OPENROUTER PROCESSING\n\n".to_string())]
            }
            _ => Vec::new(),
        }
    }

    /// OpenRouter: the upstream failed after the answer started.
    fn error_finish(&self, request: &Value, cause: &str) -> Answer {
        let error = json!({"code": "server_error", "message": cause});
        if request["stream"] == true {
            let chunk = json!({"id": "gen-sim", "object": "chat.completion.chunk", "model": request["model"],
                "provider": "Google AI Studio", "error": error,
                "choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "error"}]});
            return Answer {
                status: 200,
                content_type: "text/event-stream",
                parts: vec![
                    (Duration::ZERO, ": OPENROUTER PROCESSING\n\n".into()),
                    (Duration::ZERO, format!("data: {chunk}\n\n")),
                    (Duration::ZERO, "data: [DONE]\n\n".into()),
                ],
            };
        }
        Answer::json(
            200,
            &json!({"id": "gen-sim", "object": "chat.completion", "model": request["model"],
                "choices": [{"index": 0, "finish_reason": "error", "native_finish_reason": "MALFORMED_FUNCTION_CALL",
                    "message": {"role": "assistant", "content": null}, "error": error}]}),
        )
    }
}

/// Serves one HTTP/1.1 exchange on `conn`, closing it after the answer
/// (its parts written after their delays, so keep-alives are real).
async fn handle(mut conn: tokio::net::TcpStream, sim: Arc<Sim>) {
    let mut data = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let head_end = loop {
        match conn.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => data.extend_from_slice(&buf[..n]),
        }
        if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_string();
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())
                .flatten()
        })
        .unwrap_or(0);
    while data.len() < head_end + length {
        match conn.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => data.extend_from_slice(&buf[..n]),
        }
    }
    let mut first = head.lines().next().unwrap_or("").split(' ');
    let method = first.next().unwrap_or("").to_string();
    let path = first.next().unwrap_or("").to_string();
    let body = String::from_utf8_lossy(&data[head_end..head_end + length]).to_string();
    let answer = sim.answer(&method, &path, &body);
    let reason = match answer.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Error",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nConnection: close\r\n\r\n",
        answer.status, answer.content_type
    );
    if conn.write_all(head.as_bytes()).await.is_err() {
        return;
    }
    for (delay, part) in answer.parts {
        tokio::time::sleep(delay).await;
        if conn.write_all(part.as_bytes()).await.is_err() || conn.flush().await.is_err() {
            return;
        }
    }
    let _ = conn.shutdown().await;
}

// ---------------------------------------------------------------------------
// The agent on a simulator.

const OP: &str = "@op:hs";
const ROOM: &str = "!providers:hs";

struct Fx {
    dir: tempfile::TempDir,
    agent: Agent,
    surface: Arc<Recording>,
    sim: Arc<Sim>,
    _shutdown: tokio_util::sync::DropGuard,
}

impl Fx {
    /// The agent with a `local` host, configured for `family` as the
    /// example config says, plus `extra` `[llm]` lines.
    async fn new(family: Family, extra: &str) -> Fx {
        Fx::configured(family, &format!("{}\n{extra}", family.config())).await
    }

    /// The agent with these `[llm]` lines (besides `base_url`).
    async fn configured(family: Family, llm: &str) -> Fx {
        Fx::on(None, family, llm).await
    }

    /// On the database at `url`, or a fresh SQLite file.
    async fn on(url: Option<String>, family: Family, llm: &str) -> Fx {
        let dir = tempfile::tempdir().expect("tempdir");
        let inventory = dir.path().join("inventory.yaml");
        std::fs::write(
            &inventory,
            "hosts:\n  - name: here\n    transport: local\n    default: true\n",
        )
        .expect("inventory");
        std::fs::write(dir.path().join("input"), "hello from the input\n").expect("input");
        let (sim, base_url) = Sim::start(family, scenario_brain(dir.path().to_path_buf())).await;
        let llm = client(&base_url, llm, dir.path());
        let url = url.unwrap_or_else(|| sqlite_url(dir.path()));
        let store = Store::open(&url).await.expect("store");
        nomos::inventory::seed(&store, &inventory, None)
            .await
            .expect("seed");
        let surface = Arc::new(Recording::default());
        let (agent, shutdown) = crate::support::start_agent(
            &store,
            OP,
            Some(llm),
            surface.clone(),
            AgentSettings::default(),
        );
        Fx {
            dir,
            agent,
            surface,
            sim,
            _shutdown: shutdown.drop_guard(),
        }
    }

    async fn say(&self, body: &str) -> Handled {
        let inbound = Inbound {
            room: ROOM.into(),
            sender: OP.into(),
            event_id: format!("$in{}", uuid::Uuid::now_v7().simple()),
            body: body.into(),
            ..Inbound::default()
        };
        self.agent.on_message(&inbound).await.expect("on_message")
    }

    async fn turn(&self, body: &str) -> TurnReport {
        match self.say(body).await {
            Handled::Turn(report) => report,
            other => panic!(
                "{:?}: expected a turn for {body:?}, got {other:?}; rejected: {:?}; notices: {:?}",
                self.sim.family,
                self.sim.rejected(),
                self.surface.notices()
            ),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Nothing the room was told carries the model's reasoning.
    fn assert_no_reasoning_in_the_room(&self) {
        for text in self.surface.said().iter().chain(&self.surface.notices()) {
            assert!(
                !text.contains(PRIVATE) && !text.contains("</think>"),
                "{:?}: reasoning reached the room: {text}",
                self.sim.family
            );
        }
    }
}

/// A config file for an endpoint at `base_url` with these `[llm]` lines.
fn config_text(base_url: &str, llm: &str, dir: &std::path::Path) -> String {
    format!(
        "data_dir = \"{data}\"\n[llm]\nbase_url = \"{base_url}\"\n{llm}\n\
         [inventory]\nfile = \"{inventory}\"\n",
        data = dir.join("data").display(),
        inventory = dir.join("inventory.yaml").display(),
    )
}

/// The model client a config with these `[llm]` lines makes.
fn client(base_url: &str, llm: &str, dir: &std::path::Path) -> Client {
    let toml = config_text(base_url, llm, dir);
    let config = Config::from_toml(&toml, "nomos.toml".as_ref(), dir, Purpose::Chat, &|_| None)
        .expect("config");
    Client::new(config.llm.as_ref().expect("[llm]"))
        .expect("client")
        .with_min_backoff(Duration::from_millis(10))
}

/// The model of the scenario suite: reads what the conversation shows,
/// as `model.rs` brains do.
fn scenario_brain(dir: PathBuf) -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    move |req| {
        let (role, content) = last(req);
        let asked = |text: &str| {
            messages(req).iter().any(|m| {
                m["role"] == "user" && m["content"].as_str().is_some_and(|c| c.contains(text))
            })
        };
        let step = |n: u8| format!("touch {}", dir.join(format!("step{n}")).display());
        let read = || {
            run(
                "host:here",
                &format!("cat {}", dir.join("input").display()),
                "read the input",
            )
        };
        match role.as_str() {
            "user" if content.contains("look around") => call(&[("list_entities", "{}".into())]),
            "user" if content.contains("set it up") || content.contains("check the input") => {
                read()
            }
            "user" if content.contains("anything else") => {
                if mentions(req, "hello from the input") {
                    say("I remember: the input said hello.")
                } else {
                    say("I do not remember the input.")
                }
            }
            "tool" if asked("look around") && req["tool_choice"] != "none" => {
                call(&[("list_entities", "{}".into())])
            }
            "tool" if content.contains("hello from the input") && asked("set it up") => {
                run("host:here", &step(2), "step 2")
            }
            "tool" if content.contains("hello from the input") => say("The input says hello."),
            "tool" if content.contains("pending_approval") => {
                say("Step 2 waits for your approval.")
            }
            "tool" if content.contains("step3") && content.contains("completed") => {
                say("All three steps are done.")
            }
            "system" if content.contains("Report to the operator") => {
                say("Status: I looked around and found nothing wrong.")
            }
            "system" if mentions(req, "Results since your last turn") => {
                let done = messages(req).iter().any(|m| {
                    m["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("step3") && c.contains("completed"))
                });
                if done {
                    say("All three steps are done.")
                } else {
                    run("host:here", &step(3), "step 3")
                }
            }
            _ => say("I am not sure what to do."),
        }
    }
}

/// The scenario suite: a read-only step, history replayed on a second
/// message, an approved change that continues by itself, the 40-call
/// iteration cap, and an outage. Nothing is refused until the outage, no
/// reasoning reaches the room, and nothing is cut from the front.
async fn suite(family: Family) {
    tokio::time::timeout(Duration::from_secs(120), scenarios(family))
        .await
        .unwrap_or_else(|_| panic!("{family:?}: the scenario suite took over two minutes"));
}

async fn scenarios(family: Family) {
    let fx = Fx::new(family, "max_retries = 1").await;

    let read = fx.turn("check the input please").await;
    assert_eq!(read.reply, "The input says hello.", "{family:?}");

    let again = fx.turn("anything else?").await;
    assert_eq!(
        again.reply, "I remember: the input said hello.",
        "{family:?}"
    );

    let plan = fx.turn("set it up please").await;
    assert_eq!(plan.reply, "Step 2 waits for your approval.", "{family:?}");
    assert!(matches!(fx.say("go ahead").await, Handled::Assented(ids) if ids.len() == 1));
    fx.agent.settle().await;
    assert!(fx.path("step2").exists(), "{family:?}: step 2 ran");
    assert!(
        fx.path("step3").exists(),
        "{family:?}: step 3 ran without a new message"
    );
    assert_eq!(
        fx.surface.said().last().map(String::as_str),
        Some("All three steps are done."),
        "{family:?}: {:?}",
        fx.sim.rejected()
    );

    the_iteration_cap_and_nothing_refused_or_cut(&fx, family).await;
    an_outage_is_reported_with_the_providers_words(&fx, family).await;
}

/// The 40-call iteration cap ends with a report asked without tools but
/// with them described; no request was refused, cut from the front, or
/// over the context window.
async fn the_iteration_cap_and_nothing_refused_or_cut(fx: &Fx, family: Family) {
    let capped = fx.turn("look around").await;
    assert!(capped.exhausted, "{family:?}");
    assert_eq!(capped.iterations, 40, "{family:?}");
    assert_eq!(
        capped.reply,
        "Status: I looked around and found nothing wrong."
    );
    let report = fx.sim.requests().pop().expect("the report request");
    assert_eq!(report["tool_choice"], "none", "{family:?}");
    assert!(
        report["tools"].is_array(),
        "{family:?}: tools stay described"
    );

    assert_eq!(
        fx.sim.rejected(),
        Vec::new(),
        "{family:?}: refused requests"
    );
    assert_eq!(
        fx.sim.truncations.load(Ordering::SeqCst),
        0,
        "{family:?}: cut from the front"
    );
    for request in fx.sim.requests() {
        // Ollama cuts a prompt over `num_ctx`; llama.cpp refuses one that
        // fills `n_ctx`.
        if let Some(window) = family.window() {
            let most = if family == Family::LlamaCpp {
                window - 1
            } else {
                window
            };
            assert!(
                count_request(&request) <= most,
                "{family:?}: over the window"
            );
        }
    }
}

/// An outage: the operator is told the model is not answering, in the
/// provider's own words.
async fn an_outage_is_reported_with_the_providers_words(fx: &Fx, family: Family) {
    fx.sim.down.store(true, Ordering::SeqCst);
    assert_eq!(fx.say("are you there?").await, Handled::Unavailable);
    let notice = fx.surface.notices().pop().expect("a notice");
    let (_, body) = family.overloaded();
    let words = nomos::agent::llm::errors::provider_message(&body.to_string());
    assert!(notice.contains("not answering"), "{family:?}: {notice}");
    assert!(
        notice.contains(&words),
        "{family:?}: the provider's words: {notice}"
    );
    assert!(notice.contains("!retry"), "{family:?}: {notice}");
    assert_eq!(fx.sim.rejected().len(), 2, "{family:?}: one retry");
    fx.assert_no_reasoning_in_the_room();
}

/// The client before issue 19 dropped `reasoning_content` on arrival:
/// the second request of every tool-using turn got DeepSeek's 400.
#[tokio::test]
async fn deepseek_thinking_runs_the_scenario_suite() {
    suite(Family::DeepSeek).await;
}

/// Before: `reasoning_details` dropped (400 "missing a thought_signature"
/// on the second request of a tool turn).
#[tokio::test]
async fn openrouter_gemini_runs_the_scenario_suite() {
    suite(Family::OpenRouter).await;
}

/// Before: `max_tokens` and `temperature = 0.2` sent as configured (400
/// on the first request).
#[tokio::test]
async fn openai_reasoning_runs_the_scenario_suite() {
    suite(Family::OpenAiReasoning).await;
}

/// Before: the wake-up's results note was a `system` message mid-way
/// (500 "System message must be at the beginning.", retried 3 times), and
/// reasoning before `</think>` reached the room.
#[tokio::test]
async fn llamacpp_strict_template_runs_the_scenario_suite() {
    suite(Family::LlamaCpp).await;
}

/// Before: no budget; the history and the 40-call turn went whole into a
/// 4,096-token window, cut from the front without a word.
#[tokio::test]
async fn ollama_small_window_runs_the_scenario_suite() {
    suite(Family::Ollama).await;
}

/// Before: the final report was asked without `tools` while the history
/// had tool calls (400 "must define tools").
#[tokio::test]
async fn anthropic_compatible_runs_the_scenario_suite() {
    suite(Family::Anthropic).await;
}

/// Before: a 120 s total timeout on a non-streamed request fired while
/// DeepSeek kept the queued request alive with blank lines, and was
/// reported as a malformed reply. Now only silence times out.
#[tokio::test]
async fn deepseek_keep_alives_hold_a_queued_request_open() {
    for stream in [true, false] {
        let fx = Fx::new(
            Family::DeepSeek,
            &format!("timeout_secs = 1\nstream = {stream}"),
        )
        .await;
        *fx.sim.queue.lock().expect("lock") = Duration::from_millis(1600);
        let report = fx.turn("check the input please").await;
        assert_eq!(report.reply, "The input says hello.", "stream {stream}");
        assert_eq!(fx.sim.requests().len(), 2, "no request was given up");
        assert!(fx.sim.rejected().is_empty());
        fx.assert_no_reasoning_in_the_room();
    }
}

/// Before: a Gemini `finish_reason: "error"` with null content became
/// "the model replied with nothing twice", the cause lost.
#[tokio::test]
async fn openrouter_error_finish_names_its_cause() {
    for stream in [true, false] {
        let dir = tempfile::tempdir().expect("dir");
        let (sim, base_url) = Sim::start(
            Family::OpenRouter,
            |_| json!({"__error_finish": "Provider disconnected unexpectedly"}),
        )
        .await;
        let llm = client(
            &base_url,
            &format!(
                "{}\nstream = {stream}\nmax_retries = 2",
                Family::OpenRouter.config()
            ),
            dir.path(),
        );
        let err = llm
            .complete(
                &[nomos::agent::llm::Message::user("hi")],
                nomos::agent::llm::Tools::None,
            )
            .await
            .unwrap_err();
        let text = err.to_string();
        assert!(text.contains("finish_reason \"error\""), "{text}");
        assert!(
            text.contains("Provider disconnected unexpectedly"),
            "{text}"
        );
        assert!(err.is_outage(), "it may pass: {text}");
        assert_eq!(sim.requests().len(), 3, "retried like a 5xx");
    }
}

/// Before: no budget, and a context-length 400 was "the model is not
/// answering … send `!retry`", which fails the same way. Now the endpoint's
/// window is learnt, the conversation shortened and sent once more; when
/// even the instructions do not fit, the room is told so plainly.
#[tokio::test]
async fn llamacpp_context_overflow_is_shortened_once_then_said_plainly() {
    let fx = Fx::configured(
        Family::LlamaCpp,
        "model = \"local\"\ncontext_tokens = 65536",
    )
    .await;
    let filler: String = (0..1500)
        .map(|i| format!("line {i:04} of padding\n"))
        .collect();
    // The run tool keeps the end of a long output; so does the cut.
    std::fs::write(fx.path("input"), format!("{filler}hello from the input\n")).expect("input");
    *fx.sim.n_ctx.lock().expect("lock") = 7000;
    let report = fx.turn("check the input please").await;
    assert_eq!(report.reply, "The input says hello.");
    let rejected = fx.sim.rejected();
    assert_eq!(rejected.len(), 1, "{rejected:?}");
    assert!(
        rejected[0].1.contains("exceed_context_size_error")
            && rejected[0].1.contains("try increasing it"),
        "{rejected:?}"
    );
    // The next turn keeps inside the window it learnt.
    let again = fx.turn("anything else?").await;
    assert_eq!(again.reply, "I remember: the input said hello.");
    assert_eq!(fx.sim.rejected().len(), 1, "no second overflow");

    let fx = Fx::configured(
        Family::LlamaCpp,
        "model = \"local\"\ncontext_tokens = 65536",
    )
    .await;
    *fx.sim.n_ctx.lock().expect("lock") = 1500;
    assert_eq!(fx.say("check the input please").await, Handled::Unavailable);
    let notice = fx.surface.notices().pop().expect("a notice");
    assert!(notice.contains("no longer fits"), "{notice}");
    assert!(notice.contains("!new"), "{notice}");
    assert!(!notice.contains("!retry"), "{notice}");
    assert_eq!(
        fx.sim.rejected().len(),
        1,
        "asked once, not retried blindly"
    );
}

/// The simulators' refusals as their servers send them. llama.cpp refuses
/// a prompt that fills `n_ctx` (its test is `>=`) with the suffix its
/// server adds, and Nomos still reads that, and the wording of builds
/// before the numbers, as a context-length error naming the window.
/// Anthropic's compatible endpoint refuses in OpenAI's error format.
#[test]
fn simulated_refusals_are_the_providers_own() {
    use nomos::agent::llm::errors::{Recovery, classify, context_limit, provider_message};
    let request = json!({"model": "local", "messages": [
        {"role": "system", "content": "You are Nomos."},
        {"role": "user", "content": "check the input please"}]});
    let n = count_request(&request);
    assert!(llamacpp(&request, n + 1).is_ok());
    let (status, body) = llamacpp(&request, n).expect_err("a prompt that fills n_ctx");
    assert_eq!(status, 400);
    assert_eq!(
        body["error"]["message"],
        format!(
            "request ({n} tokens) exceeds the available context size ({n} tokens), try increasing it"
        )
    );
    assert_eq!(body["error"]["type"], "exceed_context_size_error");
    let older = json!({"error": {"code": 400, "message": "the request exceeds the available context size, try increasing it",
        "type": "exceed_context_size_error", "n_prompt_tokens": n, "n_ctx": n}});
    for body in [body.to_string(), older.to_string()] {
        assert_eq!(
            classify(400, &provider_message(&body)),
            Recovery::ContextLength,
            "{body}"
        );
        assert_eq!(context_limit(&body), Some(n), "{body}");
    }

    let history = json!({"model": "claude-sonnet-4-5", "messages": [
        {"role": "user", "content": "check the input please"},
        {"role": "assistant", "tool_calls": [{"id": "toolu_1", "type": "function", "function": {"name": "run", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "toolu_1", "content": "hello"}]});
    let (status, body) = anthropic(&history).expect_err("tool history without tools");
    assert_eq!(status, 400);
    let (overload, busy) = Family::Anthropic.overloaded();
    assert_eq!(overload, 529);
    for body in [&body, &busy] {
        assert!(body.get("type").is_none(), "not OpenAI's format: {body}");
        let error = body["error"].as_object().expect("an error object");
        for key in ["message", "type", "param", "code"] {
            assert!(error.contains_key(key), "no {key}: {body}");
        }
    }
    assert_eq!(
        provider_message(&body.to_string()),
        "Requests which include `tool_use` or `tool_result` blocks must define tools."
    );
    assert_eq!(provider_message(&busy.to_string()), "Overloaded");
    assert_eq!(classify(529, "Overloaded"), Recovery::Retry);
}

/// The per-provider blocks of `config/nomos.example.toml` (the commented
/// `#   key = value` runs after "Configs that work, per provider:"), as
/// (provider, `[llm]` lines).
fn example_blocks() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/config/nomos.example.toml"
    ))
    .expect("example config");
    let start = text
        .find("# Configs that work, per provider:")
        .expect("the per-provider blocks");
    let mut blocks = Vec::new();
    let (mut name, mut lines) = (String::new(), String::new());
    let mut heading = false;
    for line in text[start..].lines().skip(1) {
        if let Some(kv) = line.strip_prefix("#   ") {
            lines.push_str(kv);
            lines.push('\n');
            continue;
        }
        if !lines.is_empty() {
            blocks.push((name.clone(), std::mem::take(&mut lines)));
        }
        let Some(comment) = line.strip_prefix('#') else {
            break;
        };
        let comment = comment.trim();
        if comment.is_empty() {
            heading = true;
        } else if heading {
            heading = false;
            name = comment
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches(':')
                .to_string();
        }
    }
    blocks
}

/// Every per-provider block of the example config loads as an `[llm]`
/// section and makes a client, has its row in the README's model table,
/// and every simulated family runs on a model the example names.
#[test]
fn example_config_blocks_load() {
    let blocks = example_blocks();
    let names: Vec<&str> = blocks.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "DeepSeek",
            "OpenAI",
            "OpenRouter",
            "Anthropic",
            "vLLM",
            "Ollama",
            "llama.cpp"
        ]
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("inventory.yaml"), "hosts: []\n").expect("inventory");
    for (name, lines) in &blocks {
        let toml = format!(
            "data_dir = \"{data}\"\n[llm]\n{lines}[inventory]\nfile = \"inventory.yaml\"\n",
            data = dir.path().join("data").display(),
        );
        let config = Config::from_toml(
            &toml,
            "nomos.toml".as_ref(),
            dir.path(),
            Purpose::Chat,
            &|_| Some("sk-test-example-0123456789abcdef".into()),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}\n{toml}"));
        let llm = config.llm.as_ref().expect("[llm]");
        if let Err(e) = Client::new(llm) {
            panic!("{name}: {e}");
        }
        let base_url = lines
            .lines()
            .find_map(|l| l.strip_prefix("base_url = "))
            .and_then(|v| v.split('"').nth(1))
            .unwrap_or_else(|| panic!("{name}: no base_url"));
        assert!(
            readme.contains(&format!("| {name} | `{base_url}` |")),
            "{name}: no README row for {base_url}"
        );
    }
    for family in [
        Family::DeepSeek,
        Family::OpenRouter,
        Family::OpenAiReasoning,
        Family::LlamaCpp,
        Family::Ollama,
        Family::Anthropic,
    ] {
        let model = family
            .config()
            .lines()
            .find(|l| l.starts_with("model = "))
            .expect("a model line");
        assert!(
            blocks
                .iter()
                .any(|(_, lines)| lines.lines().any(|l| l.starts_with(model))),
            "{family:?}: {model} is not in the example config"
        );
    }
}

/// Runs `nomos llm-check` on a config for `base_url` with these `[llm]`
/// lines; returns (success, stdout).
async fn llm_check(base_url: &str, llm: &str) -> (bool, String) {
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("inventory.yaml"), "hosts: []\n").expect("inventory");
    let config = dir.path().join("nomos.toml");
    std::fs::write(&config, config_text(base_url, llm, dir.path())).expect("config");
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_nomos"))
        .args(["llm-check", "--config"])
        .arg(&config)
        .env_remove("RUST_LOG")
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(60), out)
        .await
        .expect("llm-check ends")
        .expect("run nomos llm-check");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stdout.contains("sk-test") && !stderr.contains("sk-test"),
        "a key leaked:\n{stdout}\n{stderr}"
    );
    (
        out.status.success(),
        format!("{stdout}\n--- stderr\n{stderr}"),
    )
}

/// A model that calls the check's tool, then says what it returned.
fn check_brain(req: &Value) -> Value {
    match last(req).0.as_str() {
        "tool" => say("It returned nomos."),
        _ => call(&[("echo_check", json!({"text": "nomos"}).to_string())]),
    }
}

/// `nomos llm-check` says what works and, for what does not, the fix.
#[tokio::test]
async fn llm_check_reports_what_works_and_the_fix() {
    let (_sim, base_url) = Sim::start(Family::DeepSeek, check_brain).await;
    let (ok, out) = llm_check(&base_url, Family::DeepSeek.config()).await;
    assert!(ok, "{out}");
    for line in [
        "ok   tool calls: the model called `echo_check`",
        "ok   reasoning: returned",
        "reasoning_content",
        "ok   tool results and reasoning: accepted back with the call",
        "ok   usage: reported",
        "ok   context window: not reported by the endpoint",
    ] {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }

    // llama.cpp reports a smaller window than configured.
    let (_sim, base_url) = Sim::start(Family::LlamaCpp, check_brain).await;
    let (ok, out) = llm_check(&base_url, "model = \"local\"\ncontext_tokens = 65536").await;
    assert!(!ok, "{out}");
    assert!(
        out.contains("FAIL context window: llama.cpp /props reports 16384 tokens, Nomos assumes 65536 (fix: set `[llm] context_tokens = 16384`"),
        "{out}"
    );

    // An OpenAI reasoning model with its rules turned off: the provider's
    // own words, and what to set.
    let (_sim, base_url) = Sim::start(Family::OpenAiReasoning, check_brain).await;
    let (ok, out) = llm_check(
        &base_url,
        &format!(
            "{}\nreasoning_model = false",
            Family::OpenAiReasoning.config()
        ),
    )
    .await;
    assert!(!ok, "{out}");
    assert!(
        out.contains("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."),
        "{out}"
    );
    assert!(
        out.contains("(fix: set `[llm] reasoning_model = true`)"),
        "{out}"
    );
}

/// The reasoning column round-trips through PostgreSQL as through SQLite:
/// the second turn replays the first turn's tool call with its
/// `reasoning_content`, or DeepSeek refuses it.
#[tokio::test]
async fn deepseek_reasoning_round_trips_through_postgres() {
    let url = crate::support::fresh_pg_database().await;
    let fx = Fx::on(Some(url), Family::DeepSeek, Family::DeepSeek.config()).await;
    assert_eq!(
        fx.turn("check the input please").await.reply,
        "The input says hello."
    );
    assert_eq!(
        fx.turn("anything else?").await.reply,
        "I remember: the input said hello."
    );
    let replayed = fx.sim.requests().pop().expect("request");
    let call = messages(&replayed)
        .iter()
        .find(|m| has_calls(m))
        .expect("the first turn's call is replayed");
    assert!(
        call["reasoning_content"]
            .as_str()
            .is_some_and(|r| r.starts_with(PRIVATE)),
        "{call}"
    );
    assert!(fx.sim.rejected().is_empty(), "{:?}", fx.sim.rejected());
    fx.assert_no_reasoning_in_the_room();
}

/// History stored before reasoning was kept has tool calls without it:
/// DeepSeek refuses that once, and Nomos hands the old calls back with
/// empty reasoning, as the thinking mode accepts, instead of failing every
/// turn of the conversation.
#[tokio::test]
async fn deepseek_accepts_history_from_before_reasoning_was_kept() {
    use nomos::store::messages::NewMessage;
    let fx = Fx::new(Family::DeepSeek, "").await;
    let store = fx.agent.store();
    let session = store
        .open_session(ROOM, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("session")
        .id;
    let old_turn = Some(uuid::Uuid::now_v7());
    let calls = json!([{"id": "call_old", "type": "function", "function": {"name": "list_entities", "arguments": "{}"}}]);
    for m in [
        NewMessage {
            role: Role::User,
            sender: Some(OP.into()),
            content: "what is there?".into(),
            ..NewMessage::default()
        },
        NewMessage {
            role: Role::Assistant,
            tool_calls: Some(calls),
            ..NewMessage::default()
        },
        NewMessage {
            role: Role::Tool,
            content: "{\"items\": []}".into(),
            tool_call_id: Some("call_old".into()),
            ..NewMessage::default()
        },
        NewMessage {
            role: Role::Assistant,
            content: "Nothing yet.".into(),
            ..NewMessage::default()
        },
    ] {
        store
            .append_message(
                session,
                &NewMessage {
                    turn_id: old_turn,
                    ..m
                },
            )
            .await
            .expect("append");
    }
    let report = fx.turn("check the input please").await;
    assert_eq!(report.reply, "The input says hello.");
    let rejected = fx.sim.rejected();
    assert_eq!(rejected.len(), 1, "{rejected:?}");
    assert!(
        rejected[0].1.contains("Missing `reasoning_content` field"),
        "{rejected:?}"
    );
}

/// The bot in a real Synapse room on a strict provider: the operator asks,
/// a read-only step runs, a change waits for ✅, and after it the agent
/// carries on by itself to the end; a second message is answered from the
/// replayed history; no reasoning reaches the room and the provider
/// refuses nothing.
async fn in_a_room(family: Family) {
    use crate::support::bot::{RunningBot, local_inventory};
    use crate::support::scenario::Scenario;

    let s = Scenario::named("nomos-prov", "op-prov").await;
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("input"), "hello from the input\n").expect("input");
    local_inventory(dir.path(), "here");
    let (sim, base_url) = Sim::start(family, scenario_brain(dir.path().to_path_buf())).await;
    let toml = format!(
        "data_dir = \"{data}\"\n[matrix]\nhomeserver = \"{hs}\"\nuser = \"{user}\"\npassword = \"{pw}\"\n\
         [access]\noperators = [\"{op}\"]\n[llm]\nbase_url = \"{base_url}\"\n{llm}\n\
         [inventory]\nfile = \"inventory.yaml\"\n",
        data = dir.path().join("data").display(),
        hs = s.hs,
        user = s.bot.user_id,
        pw = s.bot.password,
        op = s.operator.user_id,
        llm = family.config(),
    );
    let bot = RunningBot::start(&toml, dir.path());
    let (op, room) = s.room(&[]).await;
    let b = s.b();

    the_agent_carries_on_to_the_end_and_remembers(&op, &room, b, dir.path()).await;
    let replay = sim
        .requests()
        .into_iter()
        .rev()
        .find(|r| last(r).1.contains("anything else"))
        .expect("the second message's request");
    let calls: Vec<&Value> = messages(&replay).iter().filter(|m| has_calls(m)).collect();
    assert!(!calls.is_empty(), "{family:?}: no tool call replayed");
    if family == Family::DeepSeek {
        for call in calls {
            assert!(
                call["reasoning_content"]
                    .as_str()
                    .is_some_and(|r| r.starts_with(PRIVATE)),
                "the reasoning did not come back: {call}"
            );
        }
    }

    // The simulators' reasoning reached no event of the room.
    for ev in crate::support::matrix::events(&op, &room).await {
        let text = ev["content"].to_string();
        assert!(
            !text.contains(PRIVATE) && !text.contains("</think>"),
            "{family:?}: reasoning reached the room: {ev}"
        );
    }
    let refused = sim.rejected.lock().expect("lock").clone();
    assert!(refused.is_empty(), "{family:?} refused: {refused:?}");
    bot.stop().await;
}

/// In the room: a read-only step runs, the change waits for ✅, after it
/// the agent finishes by itself; then a second message is answered from
/// the replayed history.
async fn the_agent_carries_on_to_the_end_and_remembers(
    op: &matrix_sdk::Client,
    room: &matrix_sdk::ruma::RoomId,
    b: &str,
    dir: &std::path::Path,
) {
    use crate::support::eventually;
    use crate::support::matrix::{LIMIT, card, react, send};

    send(op, room, "set it up", None).await;
    let step2 = format!("touch {}", dir.join("step2").display());
    let (card_id, _) = card(op, room, b, &step2).await;
    react(op, room, &card_id, "✅").await;
    eventually("the agent to finish by itself", LIMIT, || async {
        crate::support::matrix::events(op, room)
            .await
            .iter()
            .any(|ev| {
                ev["sender"] == b && crate::support::matrix::body(ev) == "All three steps are done."
            })
            .then_some(())
    })
    .await;
    assert!(dir.join("step2").exists() && dir.join("step3").exists());

    // A second message the model can answer only from the replayed
    // history: the first message's tool calls (and, for DeepSeek, their
    // reasoning, or it refuses) go back with it.
    send(op, room, "anything else?", None).await;
    eventually("the answer from the history", LIMIT, || async {
        crate::support::matrix::events(op, room)
            .await
            .iter()
            .any(|ev| {
                ev["sender"] == b
                    && crate::support::matrix::body(ev) == "I remember: the input said hello."
            })
            .then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_on_strict_deepseek_thinking() {
    in_a_room(Family::DeepSeek).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_on_a_strict_llamacpp_template() {
    in_a_room(Family::LlamaCpp).await;
}
