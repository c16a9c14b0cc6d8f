//! The model client: any OpenAI-compatible chat-completions endpoint with
//! tool calling (DeepSeek, OpenAI, OpenRouter, Anthropic's compatibility
//! endpoint, vLLM, Ollama, llama.cpp).
//!
//! This module owns the network edge: it sends the body [`wire`] builds
//! from the normalised conversation, reads the answer as server-sent
//! events (or whole JSON) with an idle timeout — any byte, keep-alive
//! blank lines and SSE comments included, counts as the endpoint being
//! alive — and retries what may pass: 429 and passing 5xx with
//! exponential backoff and jitter (honouring `Retry-After`), a timeout at
//! most once. What [`errors::classify`] calls final (a template error,
//! a 4xx) is reported at once with the provider's own words, secrets
//! masked. A reply that is empty or a refusal is asked again once.
//! Reasoning is kept out of the reply text and returned opaque, to be
//! stored and handed back ([`message::Reasoning`]); it is never logged.
//! The API key is sent as a bearer token and never logged.

pub mod budget;
pub mod check;
pub mod errors;
pub mod message;
pub mod reply;
pub mod settings;
pub mod wire;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use backon::{BackoffBuilder, ExponentialBuilder};
use serde_json::Value;

use crate::agent::llm::settings::LlmSettings;
use crate::redact::Redactor;
pub use errors::LlmError;
use errors::Recovery;
pub use message::{
    Completion, FunctionCall, FunctionSpec, Message, Reasoning, ToolCall, ToolSpec, Usage,
};
use reply::Reply;
pub use reply::{is_refusal, strip_reasoning};
pub use wire::Tools;

/// The window assumed when `[llm] context_tokens` is not set.
pub const DEFAULT_CONTEXT_TOKENS: u64 = 65_536;
/// Ollama's default window on a machine with little GPU memory; Ollama
/// cuts a longer prompt from the front without saying so.
pub const OLLAMA_CONTEXT_TOKENS: u64 = 4096;
/// Most bytes read of an answer (a runaway stream is cut here).
const MAX_BODY: usize = 32 * 1024 * 1024;
/// Most bytes read of an error body.
const MAX_ERROR_BODY: usize = 64 * 1024;

/// Client settings (see `[llm]` in the config).
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    endpoint: String,
    params: wire::Params,
    api_key: Option<crate::redact::Secret>,
    idle: Duration,
    max_retries: usize,
    min_backoff: Duration,
    budget: budget::Budget,
    /// Tokens per estimated token, × 1000, from the last report.
    ratio: Arc<AtomicU64>,
    /// The window the endpoint named when it refused a prompt as too
    /// long (0: none yet); later turns keep inside it.
    named_window: Arc<AtomicU64>,
    /// The endpoint refused tool calls handed back without reasoning:
    /// older ones get an empty `reasoning_content` from then on.
    wants_reasoning: Arc<std::sync::atomic::AtomicBool>,
    redactor: Redactor,
    stats: Arc<LlmStats>,
}

/// What the model endpoint did, for `/metrics`: completions asked for,
/// how many failed, and how long they took.
#[derive(Debug, Default)]
pub struct LlmStats {
    pub requests: AtomicU64,
    pub errors: AtomicU64,
    /// Total seconds spent waiting for completions, in microseconds.
    pub latency_micros: AtomicU64,
    /// The last completion's latency, in microseconds.
    pub last_latency_micros: AtomicU64,
}

/// A failed attempt and what to do about it.
struct Failure {
    error: LlmError,
    verdict: Recovery,
    retry_after: Option<Duration>,
    timeout: bool,
}

impl Client {
    pub fn new(config: &LlmSettings) -> Result<Client, LlmError> {
        let base = config.base_url.as_str().trim_end_matches('/').to_string();
        let endpoint = format!("{base}/chat/completions");
        // No total timeout: a thinking model may stream for many minutes;
        // silence is what is limited (see `read`).
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| LlmError::Unreachable {
                endpoint: endpoint.clone(),
                reason: e.to_string(),
                attempts: 0,
            })?;
        let reasoning_model = config
            .reasoning_model
            .unwrap_or_else(|| wire::is_openai_reasoning_model(&base, &config.model));
        let context_tokens =
            config
                .context_tokens
                .unwrap_or(if config.base_url.port() == Some(11434) {
                    OLLAMA_CONTEXT_TOKENS
                } else {
                    DEFAULT_CONTEXT_TOKENS
                });
        let reply_tokens = config
            .max_tokens
            .map_or((context_tokens / 8).min(4096), u64::from)
            .min(context_tokens / 4);
        let secrets = config.api_key.iter().map(|k| k.expose().to_string());
        Ok(Client {
            http,
            endpoint,
            params: wire::Params {
                model: config.model.clone(),
                max_tokens: config.max_tokens,
                temperature: config.temperature,
                reasoning_model,
                stream: config.stream,
                extra_body: config.extra_body.clone(),
            },
            api_key: config.api_key.clone(),
            idle: config.timeout,
            max_retries: config.max_retries,
            min_backoff: Duration::from_millis(500),
            budget: budget::Budget {
                context_tokens,
                reply_tokens,
            },
            ratio: Arc::new(AtomicU64::new(1000)),
            named_window: Arc::new(AtomicU64::new(0)),
            wants_reasoning: Arc::default(),
            redactor: Redactor::new(secrets),
            stats: Arc::default(),
        })
    }

    pub fn stats(&self) -> Arc<LlmStats> {
        self.stats.clone()
    }

    /// Shortens the first backoff (tests).
    pub fn with_min_backoff(mut self, delay: Duration) -> Self {
        self.min_backoff = delay;
        self
    }

    /// The context window the prompt is kept inside: the configured one,
    /// or the smaller one the endpoint named.
    pub fn budget(&self) -> budget::Budget {
        match self.named_window.load(Relaxed) {
            0 => self.budget,
            named => self.budget.within(named),
        }
    }

    /// Remembers the window the endpoint named in a context-length error.
    pub fn learn_window(&self, tokens: u64) {
        let known = self.named_window.load(Relaxed);
        if known == 0 || tokens < known {
            tracing::warn!(
                tokens,
                configured = self.budget.context_tokens,
                "the model endpoint named a smaller context window than configured; keeping inside it (set [llm] context_tokens)"
            );
            self.named_window.store(tokens, Relaxed);
        }
    }

    /// The request parameters as decided from the config.
    pub fn params(&self) -> &wire::Params {
        &self.params
    }

    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    /// Tokens the endpoint counted per token estimated, last time.
    pub fn token_ratio(&self) -> f64 {
        self.ratio.load(Relaxed) as f64 / 1000.0
    }

    /// Asks for the next assistant message.
    pub async fn complete(
        &self,
        messages: &[Message],
        tools: Tools<'_>,
    ) -> Result<Completion, LlmError> {
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
        tools: Tools<'_>,
    ) -> Result<Completion, LlmError> {
        let mut sending = Sending {
            normalised: wire::normalise(messages, &self.params.model),
            body: Value::Null,
            tools,
            filled: self.wants_reasoning.load(Relaxed),
        };
        // Everything reaches the provider masked, whatever its role or
        // route: what commands and fetches returned (a read-only `cat` of a
        // file holding a token), results delivered later in a wake turn or
        // a system note, and what people typed.
        // The model's own words come back too: its tool calls' arguments
        // and its reasoning.
        for m in &mut sending.normalised {
            if let Some(content) = &m.content {
                m.content = Some(self.mask(content));
            }
            for call in &mut m.tool_calls {
                call.function.arguments = self.mask_arguments(&call.function.arguments);
            }
            let reasoning = &mut m.reasoning;
            for text in [&mut reasoning.reasoning_content, &mut reasoning.reasoning]
                .into_iter()
                .flatten()
            {
                *text = self.mask(text);
            }
        }
        if sending.filled {
            wire::fill_reasoning_content(&mut sending.normalised);
        }
        sending.body = wire::request_body(&self.params, &sending.normalised, tools);
        let specs = match tools {
            Tools::Offer(s) | Tools::Describe(s) => s,
            Tools::None => &[],
        };
        let estimated = budget::estimate(&sending.normalised, specs);
        let mut usage = Usage::default();
        let mut attempts = 0;
        let mut again = None;
        for _ in 0..2 {
            let (reply, tries) = self.send(&mut sending).await?;
            attempts += tries;
            let used = reply.usage.unwrap_or_default();
            usage.prompt_tokens += used.prompt_tokens;
            usage.completion_tokens += used.completion_tokens;
            if used.prompt_tokens > 0 {
                let ratio = budget::ratio(used.prompt_tokens, estimated);
                self.ratio.store((ratio * 1000.0) as u64, Relaxed);
            }
            tracing::debug!(
                finish_reason = reply.finish_reason.as_deref().unwrap_or(""),
                tool_calls = reply.tool_calls.len(),
                reasoning_bytes = reply.reasoning.size(),
                "model replied"
            );
            match judge(reply) {
                Judged::Again(error) => {
                    tracing::warn!(%error, "no usable reply; asking again");
                    again = Some(error);
                }
                Judged::Fail(error) => return Err(error),
                Judged::Answer(content, mut reply) => {
                    reply.reasoning.model = Some(self.params.model.clone());
                    return Ok(Completion {
                        content,
                        tool_calls: reply.tool_calls,
                        finish_reason: reply.finish_reason,
                        reasoning: reply.reasoning,
                        usage,
                        last_prompt_tokens: used.prompt_tokens,
                        attempts,
                    });
                }
            }
        }
        Err(again.unwrap_or(LlmError::Empty {
            finish_reason: None,
        }))
    }

    /// Sends the body; when a thinking endpoint refuses older tool calls
    /// without reasoning (history from before it was kept), hands back
    /// empty reasoning for them, once.
    async fn send(&self, sending: &mut Sending<'_>) -> Result<(Reply, u32), LlmError> {
        match self.request(&sending.body).await {
            Err(e) if !sending.filled && wants_reasoning_content(&e) => {
                sending.filled = true;
                self.wants_reasoning.store(true, Relaxed);
                if wire::fill_reasoning_content(&mut sending.normalised) == 0 {
                    return Err(e);
                }
                tracing::warn!(
                    "the endpoint wants reasoning back for older tool calls; sending it empty"
                );
                sending.body = wire::request_body(&self.params, &sending.normalised, sending.tools);
                self.request(&sending.body).await
            }
            other => other,
        }
    }

    /// One completion request, retried on failures that may pass: up to
    /// `max_retries` times for 429 and passing 5xx, once for a timeout.
    async fn request(&self, body: &Value) -> Result<(Reply, u32), LlmError> {
        let mut delays = ExponentialBuilder::default()
            .with_min_delay(self.min_backoff)
            .with_max_delay(Duration::from_secs(20))
            .with_max_times(self.max_retries)
            .with_jitter()
            .build();
        let mut attempts = 0u32;
        let mut timeouts = 0;
        loop {
            attempts += 1;
            let failure = match self.attempt(body).await {
                Ok(reply) => match self.errored(reply) {
                    Ok(reply) => return Ok((reply, attempts)),
                    Err(failure) => failure,
                },
                Err(failure) => failure,
            };
            let error = with_attempts(failure.error, attempts);
            if failure.verdict != Recovery::Retry {
                return Err(error);
            }
            if failure.timeout {
                timeouts += 1;
                if timeouts > 1 {
                    return Err(error);
                }
            }
            let Some(delay) = delays.next() else {
                return Err(error);
            };
            let delay = failure.retry_after.unwrap_or(delay);
            tracing::warn!(attempt = attempts, delay_ms = delay.as_millis() as u64, error = %error, "model request failed; retrying");
            tokio::time::sleep(delay).await;
        }
    }

    /// A 200 answer that carries an error (OpenRouter's `finish_reason:
    /// "error"`) with nothing usable is a failure that may pass.
    fn errored(&self, reply: Reply) -> Result<Reply, Failure> {
        let failed = reply.finish_reason.as_deref() == Some("error")
            || (reply.error.is_some() && reply.finish_reason.is_none());
        if !failed || (!reply.tool_calls.is_empty() && reply.error.is_none()) {
            return Ok(reply);
        }
        let detail = reply.error.map(|e| self.mask(&e));
        let verdict = match &detail {
            Some(d) if errors::classify(500, d) == Recovery::ContextLength => {
                Recovery::ContextLength
            }
            _ => Recovery::Retry,
        };
        Err(Failure {
            error: match verdict {
                Recovery::ContextLength => LlmError::ContextLength {
                    limit: detail.as_deref().and_then(errors::context_limit),
                    detail: detail.unwrap_or_default(),
                },
                _ => LlmError::Finished {
                    reason: reply.finish_reason.unwrap_or_else(|| "error".into()),
                    detail,
                },
            },
            verdict,
            retry_after: None,
            timeout: false,
        })
    }

    /// One HTTP exchange.
    async fn attempt(&self, body: &Value) -> Result<Reply, Failure> {
        let mut request = self.http.post(&self.endpoint).json(body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key.expose());
        }
        let mut response = match tokio::time::timeout(self.idle, request.send()).await {
            Err(_) => return Err(self.timed_out()),
            Ok(Err(e)) => {
                return Err(Failure {
                    error: self.unreachable(e.to_string()),
                    verdict: if e.is_connect() || e.is_request() || e.is_timeout() {
                        Recovery::Retry
                    } else {
                        Recovery::Final
                    },
                    retry_after: None,
                    timeout: e.is_timeout(),
                });
            }
            Ok(Ok(response)) => response,
        };
        let status = response.status();
        if !status.is_success() {
            return Err(self.refused(response).await);
        }
        let streamed = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        if streamed {
            self.read_stream(&mut response).await
        } else {
            let bytes = self.read(&mut response, MAX_BODY).await?;
            let text = String::from_utf8_lossy(&bytes);
            reply::parse_completion(&text).map_err(|reason| self.malformed(reason))
        }
    }

    /// A non-2xx answer: the provider's words, classified.
    async fn refused(&self, mut response: reqwest::Response) -> Failure {
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|s| Duration::from_secs(s.min(60)));
        let body = match self.read(&mut response, MAX_ERROR_BODY).await {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(failure) => return failure,
        };
        let detail = self.mask(&errors::provider_message(&body));
        let verdict = errors::classify(status, &detail);
        let error = match verdict {
            Recovery::ContextLength => LlmError::ContextLength {
                limit: errors::context_limit(&body),
                detail,
            },
            _ => LlmError::Status {
                endpoint: self.endpoint.clone(),
                status,
                attempts: 1,
                detail,
            },
        };
        Failure {
            error,
            verdict,
            retry_after,
            timeout: false,
        }
    }

    /// Reads an event stream to its end (or `[DONE]`).
    async fn read_stream(&self, response: &mut reqwest::Response) -> Result<Reply, Failure> {
        let mut stream = reply::Stream::default();
        let mut pending: Vec<u8> = Vec::new();
        let mut total = 0usize;
        while let Some(chunk) = self.chunk(response).await? {
            total += chunk.len();
            if total > MAX_BODY {
                return Err(self.malformed("the stream is larger than 32 MiB".into()));
            }
            pending.extend_from_slice(&chunk);
            while let Some(at) = pending.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = pending.drain(..=at).collect();
                let text = String::from_utf8_lossy(&line[..line.len() - 1]).into_owned();
                stream.line(&text).map_err(|r| self.malformed(r))?;
            }
            if stream.done {
                break;
            }
        }
        if !pending.is_empty() {
            let text = String::from_utf8_lossy(&pending).into_owned();
            stream.line(&text).map_err(|r| self.malformed(r))?;
        }
        if stream.events == 0 {
            return Err(self.malformed("the event stream ended without an event".into()));
        }
        Ok(stream.finish())
    }

    /// The whole body, up to `max` bytes, with the idle timeout between
    /// chunks.
    async fn read(&self, response: &mut reqwest::Response, max: usize) -> Result<Vec<u8>, Failure> {
        let mut bytes = Vec::new();
        while let Some(chunk) = self.chunk(response).await? {
            let room = max.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            if bytes.len() >= max {
                break;
            }
        }
        Ok(bytes)
    }

    /// The next chunk of the body, or a timeout when the endpoint stays
    /// silent for the idle timeout.
    async fn chunk(&self, response: &mut reqwest::Response) -> Result<Option<Vec<u8>>, Failure> {
        match tokio::time::timeout(self.idle, response.chunk()).await {
            Err(_) => Err(self.timed_out()),
            Ok(Ok(chunk)) => Ok(chunk.map(|c| c.to_vec())),
            Ok(Err(e)) => Err(Failure {
                error: self.unreachable(format!("the connection broke mid-answer: {e}")),
                verdict: Recovery::Retry,
                retry_after: None,
                timeout: false,
            }),
        }
    }

    /// A tool call's JSON arguments with every secret masked inside their
    /// strings, so they stay JSON (as text, when they are not JSON); the
    /// text as it was when nothing is masked.
    fn mask_arguments(&self, arguments: &str) -> String {
        fn strings(value: &mut Value, mask: &dyn Fn(&str) -> String) {
            match value {
                Value::String(s) => *s = mask(s),
                Value::Array(items) => items.iter_mut().for_each(|v| strings(v, mask)),
                Value::Object(map) => map.values_mut().for_each(|v| strings(v, mask)),
                Value::Null | Value::Bool(_) | Value::Number(_) => {}
            }
        }
        // Parsed first: a secret written with JSON escapes (`\u0041`, `\"`)
        // matches only once decoded.
        match serde_json::from_str::<Value>(arguments) {
            Ok(value) => {
                let mut masked = value.clone();
                strings(&mut masked, &|s| self.mask(s));
                match masked == value {
                    true => arguments.to_string(),
                    false => masked.to_string(),
                }
            }
            Err(_) => self.mask(arguments),
        }
    }

    /// `text` with the API key, every configured secret and the secrets
    /// Nomos made or read since (the store's passphrase) masked.
    fn mask(&self, text: &str) -> String {
        let own = self.redactor.clean(text);
        let own = match crate::redact::global().get() {
            Some(global) => global.clean(&own),
            None => own,
        };
        crate::redact::late_masked(&own)
    }

    fn timed_out(&self) -> Failure {
        Failure {
            error: self.unreachable(format!(
                "timed out: nothing arrived for {} s",
                self.idle.as_secs_f64()
            )),
            verdict: Recovery::Retry,
            retry_after: None,
            timeout: true,
        }
    }

    fn unreachable(&self, reason: String) -> LlmError {
        LlmError::Unreachable {
            endpoint: self.endpoint.clone(),
            reason: self.mask(&reason),
            attempts: 1,
        }
    }

    fn malformed(&self, reason: String) -> Failure {
        Failure {
            error: LlmError::Malformed {
                endpoint: self.endpoint.clone(),
                reason: self.mask(&reason),
            },
            verdict: Recovery::Final,
            retry_after: None,
            timeout: false,
        }
    }
}

/// A request being sent: the conversation as normalised, its body.
struct Sending<'a> {
    normalised: Vec<Message>,
    body: Value,
    tools: Tools<'a>,
    /// Empty reasoning was already filled in once.
    filled: bool,
}

/// What to make of a reply.
#[derive(Debug, PartialEq)]
enum Judged {
    /// Usable: the answer's text (reasoning removed) and the reply.
    Answer(String, Reply),
    /// Empty or a refusal: worth asking once more; the error if not.
    Again(LlmError),
    /// Stopped for a reason asking again will not change.
    Fail(LlmError),
}

/// Judges a reply: tool calls or words are an answer; nothing at all
/// because of the length limit or a content filter is a failure that names
/// its `finish_reason`; nothing otherwise, or a boilerplate refusal, is
/// worth asking once more.
fn judge(reply: Reply) -> Judged {
    let content = strip_reasoning(&reply.content);
    if !reply.tool_calls.is_empty() {
        return Judged::Answer(content, reply);
    }
    if content.is_empty() {
        return match reply.finish_reason.as_deref() {
            Some(reason @ ("length" | "content_filter")) => Judged::Fail(LlmError::Finished {
                reason: reason.to_string(),
                detail: reply.error,
            }),
            _ => Judged::Again(LlmError::Empty {
                finish_reason: reply.finish_reason,
            }),
        };
    }
    if is_refusal(&content) {
        return Judged::Again(LlmError::Refusal(content.chars().take(200).collect()));
    }
    Judged::Answer(content, reply)
}

/// A refusal asking for `reasoning_content` on earlier assistant messages.
fn wants_reasoning_content(error: &LlmError) -> bool {
    matches!(error, LlmError::Status { status: 400, detail, .. } if detail.contains("reasoning_content"))
}

fn with_attempts(error: LlmError, n: u32) -> LlmError {
    match error {
        LlmError::Status {
            endpoint,
            status,
            detail,
            ..
        } => LlmError::Status {
            endpoint,
            status,
            attempts: n,
            detail,
        },
        LlmError::Unreachable {
            endpoint, reason, ..
        } => LlmError::Unreachable {
            endpoint,
            reason,
            attempts: n,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_judged() {
        let words = |text: &str, finish: Option<&str>| Reply {
            content: text.into(),
            finish_reason: finish.map(str::to_string),
            ..Reply::default()
        };
        assert!(matches!(
            judge(words("<think>hm</think> Done.", Some("stop"))),
            Judged::Answer(ref t, _) if t == "Done."
        ));
        assert_eq!(
            judge(words("", Some("length"))),
            Judged::Fail(LlmError::Finished {
                reason: "length".into(),
                detail: None
            })
        );
        assert_eq!(
            judge(words("  ", Some("stop"))),
            Judged::Again(LlmError::Empty {
                finish_reason: Some("stop".into())
            })
        );
        assert!(matches!(
            judge(words("I'm sorry, but I can't help with that.", None)),
            Judged::Again(LlmError::Refusal(_))
        ));
        let call = Reply {
            tool_calls: vec![ToolCall {
                id: "a".into(),
                kind: "function".into(),
                function: FunctionCall {
                    name: "run".into(),
                    arguments: "{}".into(),
                },
            }],
            ..words("", Some("tool_calls"))
        };
        assert!(matches!(judge(call), Judged::Answer(..)));
    }
}
