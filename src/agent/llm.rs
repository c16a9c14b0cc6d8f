//! The model client: any OpenAI-compatible chat-completions endpoint with
//! tool calling (DeepSeek, OpenAI, OpenRouter, vLLM, Ollama, llama.cpp).
//!
//! Requests and responses are serde types, never formatted strings.
//! Failures that may pass (429, 5xx, timeouts, refused connections) are
//! retried with exponential backoff and jitter, honouring `Retry-After`; a
//! reply that is empty or a refusal is asked again once, then reported.
//! Reasoning (`reasoning_content`, `<think>…</think>`) never reaches the
//! reply. The API key is sent as a bearer token and never logged.

use std::time::Duration;

use backon::{BackoffBuilder, ExponentialBuilder};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::config::LlmConfig;

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// `system`, `user`, `assistant` or `tool`.
    pub role: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// For `tool` messages: the call this answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
}

impl Message {
    pub fn system(text: impl Into<String>) -> Self {
        Message::text("system", text)
    }
    pub fn user(text: impl Into<String>) -> Self {
        Message::text("user", text)
    }
    pub fn assistant(text: impl Into<String>) -> Self {
        Message::text("assistant", text)
    }
    pub fn tool_result(call_id: impl Into<String>, text: impl Into<String>) -> Self {
        Message {
            tool_call_id: Some(call_id.into()),
            ..Message::text("tool", text)
        }
    }
    fn text(role: &str, text: impl Into<String>) -> Self {
        Message {
            role: role.to_string(),
            content: Some(text.into()),
            tool_calls: Vec::new(),
            tool_call_id: None,
        }
    }
}

/// A tool call the model asked for. `arguments` is JSON text as the model
/// wrote it (it may be malformed; the tool layer answers that).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    #[serde(rename = "type", default = "function_type")]
    pub kind: String,
    pub function: FunctionCall,
}

fn function_type() -> String {
    "function".to_string()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionCall {
    pub name: String,
    #[serde(default, deserialize_with = "arguments_text")]
    pub arguments: String,
}

/// Arguments as JSON text. Some servers send an object instead of the
/// string the API specifies; it is taken as its JSON text.
fn arguments_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => s,
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

/// A tool offered to the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolSpec {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub function: FunctionSpec,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FunctionSpec {
    pub name: String,
    pub description: String,
    /// JSON schema of the arguments.
    pub parameters: Value,
}

impl ToolSpec {
    pub fn function(
        name: impl Into<String>,
        description: impl Into<String>,
        parameters: Value,
    ) -> Self {
        ToolSpec {
            kind: "function",
            function: FunctionSpec {
                name: name.into(),
                description: description.into(),
                parameters,
            },
        }
    }
}

#[derive(Debug, Serialize)]
struct Request<'a> {
    model: &'a str,
    messages: &'a [Message],
    #[serde(skip_serializing_if = "Option::is_none")]
    tools: Option<&'a [ToolSpec]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_tokens: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    temperature: Option<f32>,
    stream: bool,
}

#[derive(Debug, Deserialize)]
struct Response {
    #[serde(default)]
    choices: Vec<Choice>,
    #[serde(default)]
    usage: Option<Usage>,
}

#[derive(Debug, Deserialize)]
struct Choice {
    message: ResponseMessage,
    #[serde(default)]
    finish_reason: Option<String>,
}

/// The assistant message as received. `reasoning_content` is deliberately
/// not read: reasoning never reaches the reply.
#[derive(Debug, Deserialize)]
struct ResponseMessage {
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    tool_calls: Vec<ToolCall>,
}

/// Token counts the endpoint reported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    #[serde(default)]
    pub prompt_tokens: u64,
    #[serde(default)]
    pub completion_tokens: u64,
}

/// A model reply: text, tool calls, or both.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    pub content: String,
    pub tool_calls: Vec<ToolCall>,
    pub finish_reason: Option<String>,
    /// Summed over every request this completion took (retries included).
    pub usage: Usage,
    /// HTTP attempts made.
    pub attempts: u32,
}

impl Completion {
    /// As an assistant message for the history.
    pub fn to_message(&self) -> Message {
        Message {
            role: "assistant".into(),
            content: (!self.content.is_empty()).then(|| self.content.clone()),
            tool_calls: self.tool_calls.clone(),
            tool_call_id: None,
        }
    }
}

/// Why the model gave no usable reply. Messages are fit for a room.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LlmError {
    #[error(
        "the model endpoint {endpoint} answered {status} after {attempts} attempt(s): {detail}"
    )]
    Status {
        endpoint: String,
        status: u16,
        attempts: u32,
        detail: String,
    },
    #[error("the model endpoint {endpoint} did not answer ({reason}) after {attempts} attempt(s)")]
    Unreachable {
        endpoint: String,
        reason: String,
        attempts: u32,
    },
    #[error("the model endpoint {endpoint} sent a reply that is not a chat completion: {reason}")]
    Malformed { endpoint: String, reason: String },
    #[error("the model replied with nothing twice")]
    Empty,
    #[error("the model refused twice: {0}")]
    Refusal(String),
}

/// Client settings (see `[llm]` in the config).
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    endpoint: String,
    model: String,
    api_key: Option<crate::config::Secret>,
    max_tokens: Option<u32>,
    temperature: Option<f32>,
    max_retries: usize,
    min_backoff: Duration,
    stats: std::sync::Arc<LlmStats>,
}

/// What the model endpoint did, for `/metrics`: completions asked for,
/// how many failed, and how long they took.
#[derive(Debug, Default)]
pub struct LlmStats {
    pub requests: std::sync::atomic::AtomicU64,
    pub errors: std::sync::atomic::AtomicU64,
    /// Total seconds spent waiting for completions, in microseconds.
    pub latency_micros: std::sync::atomic::AtomicU64,
    /// The last completion's latency, in microseconds.
    pub last_latency_micros: std::sync::atomic::AtomicU64,
}

impl Client {
    pub fn new(config: &LlmConfig) -> Result<Client, LlmError> {
        let endpoint = format!(
            "{}/chat/completions",
            config.base_url.as_str().trim_end_matches('/')
        );
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| LlmError::Unreachable {
                endpoint: endpoint.clone(),
                reason: e.to_string(),
                attempts: 0,
            })?;
        Ok(Client {
            http,
            endpoint,
            model: config.model.clone(),
            api_key: config.api_key.clone(),
            max_tokens: config.max_tokens,
            temperature: config.temperature,
            max_retries: config.max_retries,
            min_backoff: Duration::from_millis(500),
            stats: std::sync::Arc::default(),
        })
    }

    pub fn stats(&self) -> std::sync::Arc<LlmStats> {
        self.stats.clone()
    }

    /// Shortens the first backoff (tests).
    pub fn with_min_backoff(mut self, delay: Duration) -> Self {
        self.min_backoff = delay;
        self
    }

    /// Asks for the next assistant message. `tools: None` asks for a plain
    /// answer (used for the final status report).
    pub async fn complete(
        &self,
        messages: &[Message],
        tools: Option<&[ToolSpec]>,
    ) -> Result<Completion, LlmError> {
        use std::sync::atomic::Ordering::Relaxed;
        let started = std::time::Instant::now();
        let result = self.complete_once(messages, tools).await;
        let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.stats.requests.fetch_add(1, Relaxed);
        self.stats.latency_micros.fetch_add(micros, Relaxed);
        self.stats.last_latency_micros.store(micros, Relaxed);
        if result.is_err() {
            self.stats.errors.fetch_add(1, Relaxed);
        }
        result
    }

    async fn complete_once(
        &self,
        messages: &[Message],
        tools: Option<&[ToolSpec]>,
    ) -> Result<Completion, LlmError> {
        let mut usage = Usage::default();
        let mut attempts = 0;
        let mut last_refusal = None;
        for _ in 0..2 {
            let (reply, used, tries) = self.request(messages, tools).await?;
            usage.prompt_tokens += used.prompt_tokens;
            usage.completion_tokens += used.completion_tokens;
            attempts += tries;
            let content = strip_reasoning(reply.message.content.as_deref().unwrap_or(""));
            if reply.message.tool_calls.is_empty() {
                if content.trim().is_empty() {
                    tracing::warn!("the model replied with nothing; asking again");
                    continue;
                }
                if is_refusal(&content) {
                    tracing::warn!("the model refused; asking again");
                    last_refusal = Some(content);
                    continue;
                }
            }
            return Ok(Completion {
                content,
                tool_calls: reply.message.tool_calls,
                finish_reason: reply.finish_reason,
                usage,
                attempts,
            });
        }
        Err(match last_refusal {
            Some(text) => LlmError::Refusal(text.chars().take(200).collect()),
            None => LlmError::Empty,
        })
    }

    /// One completion request, retried on failures that may pass.
    async fn request(
        &self,
        messages: &[Message],
        tools: Option<&[ToolSpec]>,
    ) -> Result<(Choice, Usage, u32), LlmError> {
        let body = Request {
            model: &self.model,
            messages,
            tools: tools.filter(|t| !t.is_empty()),
            max_tokens: self.max_tokens,
            temperature: self.temperature,
            stream: false,
        };
        let mut delays = ExponentialBuilder::default()
            .with_min_delay(self.min_backoff)
            .with_max_delay(Duration::from_secs(20))
            .with_max_times(self.max_retries)
            .with_jitter()
            .build();
        let mut attempts = 0u32;
        loop {
            attempts += 1;
            let mut request = self.http.post(&self.endpoint).json(&body);
            if let Some(key) = &self.api_key {
                request = request.bearer_auth(key.expose());
            }
            let started = std::time::Instant::now();
            let (retryable, error, retry_after) =
                match request.send().await {
                    Ok(response) if response.status().is_success() => {
                        let text = response.text().await.map_err(|e| LlmError::Malformed {
                            endpoint: self.endpoint.clone(),
                            reason: e.to_string(),
                        })?;
                        let parsed: Response =
                            serde_json::from_str(&text).map_err(|e| LlmError::Malformed {
                                endpoint: self.endpoint.clone(),
                                reason: e.to_string(),
                            })?;
                        tracing::debug!(
                            attempts,
                            ms = started.elapsed().as_millis() as u64,
                            "model replied"
                        );
                        let usage = parsed.usage.unwrap_or_default();
                        let choice = parsed.choices.into_iter().next().ok_or_else(|| {
                            LlmError::Malformed {
                                endpoint: self.endpoint.clone(),
                                reason: "no choices".into(),
                            }
                        })?;
                        return Ok((choice, usage, attempts));
                    }
                    Ok(response) => {
                        let status = response.status();
                        let retry_after = response
                            .headers()
                            .get(reqwest::header::RETRY_AFTER)
                            .and_then(|v| v.to_str().ok())
                            .and_then(|v| v.trim().parse::<u64>().ok())
                            .map(|s| Duration::from_secs(s.min(60)));
                        let detail: String = response
                            .text()
                            .await
                            .unwrap_or_default()
                            .chars()
                            .take(300)
                            .collect();
                        let retryable = status.as_u16() == 429 || status.is_server_error();
                        (
                            retryable,
                            LlmError::Status {
                                endpoint: self.endpoint.clone(),
                                status: status.as_u16(),
                                attempts,
                                detail,
                            },
                            retry_after,
                        )
                    }
                    Err(e) => (
                        e.is_timeout() || e.is_connect() || e.is_request(),
                        LlmError::Unreachable {
                            endpoint: self.endpoint.clone(),
                            reason: if e.is_timeout() {
                                "timed out".into()
                            } else {
                                e.to_string()
                            },
                            attempts,
                        },
                        None,
                    ),
                };
            match (retryable, delays.next()) {
                (true, Some(delay)) => {
                    let delay = retry_after.unwrap_or(delay);
                    tracing::warn!(attempt = attempts, delay_ms = delay.as_millis() as u64, error = %error, "model request failed; retrying");
                    tokio::time::sleep(delay).await;
                }
                _ => return Err(error),
            }
        }
    }
}

/// The reply without `<think>…</think>` blocks (an unclosed one runs to the
/// end), trimmed.
pub fn strip_reasoning(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<think>") {
        out.push_str(&rest[..start]);
        match rest[start..].find("</think>") {
            Some(end) => rest = &rest[start + end + "</think>".len()..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string()
}

/// Boilerplate refusals (the model declining rather than answering).
pub fn is_refusal(text: &str) -> bool {
    const OPENINGS: &[&str] = &[
        "i'm sorry, but i can't",
        "i’m sorry, but i can’t",
        "i am sorry, but i cannot",
        "i cannot assist with",
        "i can't assist with",
        "i can't help with that",
        "i cannot help with that",
        "as an ai language model",
        "抱歉，我无法",
        "对不起，我不能",
        "很抱歉，我无法",
    ];
    let lower = text.trim().to_lowercase();
    lower.chars().count() < 400 && OPENINGS.iter().any(|o| lower.starts_with(o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasoning_is_removed() {
        assert_eq!(strip_reasoning("<think>plan\nmore</think>\nDone."), "Done.");
        assert_eq!(
            strip_reasoning("a <think>x</think>b<think>y</think> c"),
            "a b c"
        );
        assert_eq!(strip_reasoning("<think>never closed"), "");
        assert_eq!(strip_reasoning("plain"), "plain");
    }

    #[test]
    fn refusals_are_recognised() {
        assert!(is_refusal("I'm sorry, but I can't help with that request."));
        assert!(is_refusal("抱歉，我无法完成这个请求。"));
        assert!(!is_refusal("I checked caddy: it is running."));
        assert!(!is_refusal("Sorry for the delay: caddy is up."));
    }

    #[test]
    fn messages_serialise_as_the_api_expects() {
        let call = ToolCall {
            id: "c1".into(),
            kind: "function".into(),
            function: FunctionCall {
                name: "run".into(),
                arguments: "{\"a\":1}".into(),
            },
        };
        let m = Message {
            tool_calls: vec![call],
            content: None,
            ..Message::assistant("")
        };
        let json = serde_json::to_value(&m).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "run", "arguments": "{\"a\":1}"}}]})
        );
        let r = serde_json::to_value(Message::tool_result("c1", "ok")).expect("json");
        assert_eq!(
            r,
            serde_json::json!({"role": "tool", "content": "ok", "tool_call_id": "c1"})
        );
    }
}
