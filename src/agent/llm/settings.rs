//! How Nomos talks to its model: the `[llm]` settings, validated by
//! [`crate::config`] and read by the client ([`super::Llm`]) and
//! `nomos llm-check`.

use url::Url;

use crate::redact::Secret;

#[derive(Debug, Clone)]
pub struct LlmSettings {
    pub base_url: Url,
    pub model: String,
    /// `None` for local servers (Ollama, llama.cpp) that need no key.
    pub api_key: Option<Secret>,
    /// How long the endpoint may send nothing at all (no token, no
    /// keep-alive) before the request is given up. There is no limit on
    /// the whole request while bytes keep arriving.
    pub timeout: std::time::Duration,
    /// Cap on the reply, sent as `max_tokens` or, for OpenAI reasoning
    /// models, `max_completion_tokens`.
    pub max_tokens: Option<u32>,
    /// Never sent to OpenAI reasoning models (they accept only 1).
    pub temperature: Option<f32>,
    /// Retries of a request that failed with 429 or a passing 5xx; a
    /// timeout is retried at most once.
    pub max_retries: usize,
    /// Ask for the reply as server-sent events (`stream: true`).
    pub stream: bool,
    /// The model's context window in tokens, if the operator set it; the
    /// prompt is kept inside it.
    pub context_tokens: Option<u64>,
    /// Whether the endpoint takes OpenAI reasoning-model parameters
    /// (`max_completion_tokens`, no temperature); `None`: decided from
    /// the model name and endpoint.
    pub reasoning_model: Option<bool>,
    /// Merged into every request body (provider switches such as
    /// DeepSeek's `thinking`).
    pub extra_body: serde_json::Map<String, serde_json::Value>,
}

impl LlmSettings {
    /// An endpoint and model with every other setting at its default.
    pub fn new(base_url: Url, model: impl Into<String>) -> LlmSettings {
        LlmSettings {
            base_url,
            model: model.into(),
            api_key: None,
            timeout: std::time::Duration::from_secs(DEFAULT_LLM_IDLE_SECS),
            max_tokens: None,
            temperature: None,
            max_retries: 3,
            stream: true,
            context_tokens: None,
            reasoning_model: None,
            extra_body: serde_json::Map::new(),
        }
    }
}

/// Seconds the model endpoint may stay silent before a request is given up.
pub const DEFAULT_LLM_IDLE_SECS: u64 = 120;
