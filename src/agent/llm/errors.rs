//! Why a model request failed, and what to do about it: the provider's own
//! error text read out of its body (in full, secrets masked), and a pure
//! classification of each failure as worth retrying, a context overflow,
//! or final (asking again would fail the same way).

use serde_json::Value;

/// Longest provider error text quoted (a Jinja template error with its
/// source excerpt fits; a runaway HTML page does not).
const DETAIL_CAP: usize = 8 * 1024;

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
        /// The provider's own message.
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
    /// The conversation does not fit the model's context window.
    #[error("the conversation does not fit the model's context window{}: {detail}", limit_text(*.limit))]
    ContextLength {
        /// The window the provider named, if it did.
        limit: Option<u64>,
        detail: String,
    },
    /// The model stopped with nothing usable, for this reason.
    #[error("the model stopped with finish_reason \"{reason}\" and no answer{}", detail_text(.detail))]
    Finished {
        reason: String,
        detail: Option<String>,
    },
    #[error("the model replied with nothing twice (finish_reason {})", .finish_reason.as_deref().unwrap_or("not given"))]
    Empty { finish_reason: Option<String> },
    #[error("the model refused twice: {0}")]
    Refusal(String),
}

fn limit_text(limit: Option<u64>) -> String {
    limit.map_or_else(String::new, |n| format!(" ({n} tokens)"))
}

fn detail_text(detail: &Option<String>) -> String {
    detail
        .as_deref()
        .map_or_else(String::new, |d| format!(": {d}"))
}

impl LlmError {
    /// Whether asking again later may work (the endpoint was down, slow,
    /// busy or said something unreadable), as opposed to a request the
    /// endpoint refuses as it is.
    pub fn is_outage(&self) -> bool {
        match self {
            LlmError::Status { status, detail, .. } => classify(*status, detail) == Recovery::Retry,
            LlmError::Unreachable { .. } | LlmError::Malformed { .. } | LlmError::Empty { .. } => {
                true
            }
            LlmError::Finished { reason, .. } => reason == "error",
            LlmError::ContextLength { .. } | LlmError::Refusal(_) => false,
        }
    }

    /// What the operator can change when the endpoint refuses a request.
    pub fn fix(&self) -> Option<&'static str> {
        match self {
            LlmError::Status { status: 401, .. } | LlmError::Status { status: 403, .. } => {
                Some("check the API key (`[llm] api_key_env`)")
            }
            LlmError::Status { status: 404, .. } => {
                Some("check `[llm] base_url` (up to /v1) and `[llm] model`")
            }
            LlmError::Status { status: 402, .. } => Some("add credit to the provider account"),
            LlmError::Status { detail, .. } if detail.contains("max_completion_tokens") => {
                Some("set `[llm] reasoning_model = true`")
            }
            LlmError::Status { detail, .. } if detail.contains("temperature") => {
                Some("remove `[llm] temperature` or set `[llm] reasoning_model = true`")
            }
            LlmError::Finished { reason, .. } if reason == "length" => {
                Some("raise `[llm] max_tokens` (thinking counts against it)")
            }
            _ => None,
        }
    }
}

/// What to do after a failed request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovery {
    /// A failure that may pass: rate limits, overload, a proxy timeout.
    Retry,
    /// The prompt is larger than the model's window.
    ContextLength,
    /// The same request will fail the same way.
    Final,
}

/// Texts of errors that no retry cures although they come as 5xx:
/// llama.cpp renders chat templates inside the request and answers 500
/// when a Jinja template raises (Qwen3 "System message must be at the
/// beginning.", Mistral/Gemma "Conversation roles must alternate …").
const DETERMINISTIC: &[&str] = &[
    "jinja",
    "raise_exception",
    "chat template",
    "system message must be at the beginning",
    "conversation roles must alternate",
    "no user query found",
    "unable to generate parser",
    "not supported",
    "unsupported",
    "invalid_request_error",
    "must be a response to a preceeding message",
    "must be followed by tool messages",
];

/// How the providers say a prompt is too long.
const CONTEXT: &[&str] = &[
    "maximum context length",
    "context_length_exceeded",
    "context length exceeded",
    "exceeds the available context size",
    "exceed_context_size_error",
    "prompt is too long",
    "reduce the length of the messages",
    "input is too long",
    "too many tokens",
    "context window",
    "maximum model length",
    "exceeds the maximum number of tokens",
    "input tokens exceed",
];

/// Decides from the HTTP status and the provider's message.
pub fn classify(status: u16, message: &str) -> Recovery {
    let lower = message.to_lowercase();
    if CONTEXT.iter().any(|p| lower.contains(p)) {
        return Recovery::ContextLength;
    }
    let passing = status == 408 || status == 409 || status == 429 || status >= 500;
    if !passing || status == 501 {
        return Recovery::Final;
    }
    if status != 429 && DETERMINISTIC.iter().any(|p| lower.contains(p)) {
        return Recovery::Final;
    }
    Recovery::Retry
}

/// The provider's own message from an error body: `error.message` (with
/// OpenRouter's `metadata.raw`, the upstream provider's words, after it),
/// a top-level `message` or `detail`, or the body itself when it is not
/// JSON. Whole, up to [`DETAIL_CAP`], on one line of reasonable length.
pub fn provider_message(body: &str) -> String {
    let text = match serde_json::from_str::<Value>(body.trim()) {
        Ok(value) => message_of(&value).unwrap_or_else(|| value.to_string()),
        Err(_) => body.trim().to_string(),
    };
    let text = if text.is_empty() {
        "(no error text)".to_string()
    } else {
        text
    };
    cap(&text, DETAIL_CAP)
}

/// The message inside an error object, if there is one.
pub fn message_of(value: &Value) -> Option<String> {
    let error = value.get("error").unwrap_or(value);
    let message = match error {
        Value::String(s) => Some(s.clone()),
        Value::Object(map) => map
            .get("message")
            .or_else(|| map.get("detail"))
            .map(|m| m.as_str().map_or_else(|| m.to_string(), str::to_string)),
        _ => None,
    }?;
    let raw = error
        .get("metadata")
        .and_then(|m| m.get("raw"))
        .map(|r| r.as_str().map_or_else(|| r.to_string(), str::to_string));
    let provider = error
        .get("metadata")
        .and_then(|m| m.get("provider_name"))
        .and_then(Value::as_str);
    Some(match (raw, provider) {
        (Some(raw), Some(p)) => format!("{message} ({p}: {raw})"),
        (Some(raw), None) => format!("{message} ({raw})"),
        _ => message,
    })
}

/// The context window a context-length error names, if it names one
/// ("maximum context length is 8192 tokens", llama.cpp's `n_ctx` or
/// "available context size (4096 tokens)", Anthropic's "> 200000 maximum").
pub fn context_limit(body: &str) -> Option<u64> {
    if let Ok(value) = serde_json::from_str::<Value>(body.trim())
        && let Some(n) = value
            .get("error")
            .and_then(|e| e.get("n_ctx"))
            .and_then(Value::as_u64)
    {
        return Some(n);
    }
    let lower = body.to_lowercase();
    for marker in [
        "maximum context length is ",
        "context size (",
        "context length is only ",
    ] {
        if let Some(at) = lower.find(marker)
            && let Some(n) = leading_number(&lower[at + marker.len()..])
        {
            return Some(n);
        }
    }
    let at = lower.find(" maximum")?;
    let before = lower[..at].rsplit("> ").next()?;
    leading_number(before)
}

fn leading_number(text: &str) -> Option<u64> {
    let digits: String = text
        .chars()
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// `text` cut to at most `max` bytes on a character boundary, marked.
pub fn cap(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{} … [{} more bytes]", &text[..end], text.len() - end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_are_classified_by_status_and_provider_text() {
        assert_eq!(classify(429, "Rate limit reached"), Recovery::Retry);
        assert_eq!(classify(503, "overloaded"), Recovery::Retry);
        assert_eq!(classify(502, "Provider returned error"), Recovery::Retry);
        assert_eq!(classify(401, "invalid api key"), Recovery::Final);
        assert_eq!(classify(400, "bad"), Recovery::Final);
        // llama.cpp's template errors are 500s that never pass.
        let jinja = "\n------------\nWhile executing CallExpression at line 85, column 32 in source:\n\
                     ...first %}↵ {{- raise_exception('System message must be at the beginnin...\n\
                     Error: Jinja Exception: System message must be at the beginning.";
        assert_eq!(classify(500, jinja), Recovery::Final);
        assert_eq!(
            classify(
                500,
                "Conversation roles must alternate user/assistant/user/assistant/..."
            ),
            Recovery::Final
        );
        // Context overflows, whatever the status.
        for text in [
            "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
            "request (4476 tokens) exceeds the available context size (4096 tokens)",
            "prompt is too long: 210000 tokens > 200000 maximum",
            "This endpoint's maximum context length is 131072 tokens. However, you requested about 150000 tokens",
        ] {
            assert_eq!(classify(400, text), Recovery::ContextLength, "{text}");
        }
    }

    #[test]
    fn the_providers_own_message_is_quoted_whole() {
        let deepseek = r#"{"error":{"message":"Missing `reasoning_content` field in the assistant message at message index 2. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}"#;
        let m = provider_message(deepseek);
        assert!(m.starts_with("Missing `reasoning_content` field"), "{m}");
        assert!(m.ends_with("#tool-calls"), "not cut: {m}");
        let openrouter = r#"{"error":{"code":400,"message":"Provider returned error","metadata":{"raw":"{\"error\":{\"message\":\"Function call is missing a thought_signature\"}}","provider_name":"Google AI Studio"}}}"#;
        let m = provider_message(openrouter);
        assert!(m.contains("Provider returned error"), "{m}");
        assert!(m.contains("Google AI Studio"), "{m}");
        assert!(m.contains("thought_signature"), "{m}");
        assert_eq!(provider_message("upstream timeout\n"), "upstream timeout");
        assert_eq!(provider_message(""), "(no error text)");
        let long = "x".repeat(20_000);
        assert!(provider_message(&long).len() < 8300);
    }

    #[test]
    fn context_limits_are_read_from_the_error() {
        assert_eq!(
            context_limit(
                r#"{"error":{"code":400,"message":"request (4476 tokens) exceeds the available context size (4096 tokens)","type":"exceed_context_size_error","n_prompt_tokens":4476,"n_ctx":4096}}"#
            ),
            Some(4096)
        );
        assert_eq!(
            context_limit("This model's maximum context length is 131,072 tokens. However"),
            Some(131_072)
        );
        assert_eq!(
            context_limit("prompt is too long: 210000 tokens > 200000 maximum"),
            Some(200_000)
        );
        assert_eq!(context_limit("something else"), None);
    }

    #[test]
    fn outages_and_refusals_are_told_apart() {
        let status = |status, detail: &str| LlmError::Status {
            endpoint: "e".into(),
            status,
            attempts: 1,
            detail: detail.into(),
        };
        assert!(status(500, "scripted failure").is_outage());
        assert!(
            !status(
                500,
                "Jinja Exception: System message must be at the beginning."
            )
            .is_outage()
        );
        assert!(!status(400, "Missing `reasoning_content`").is_outage());
        assert_eq!(
            status(401, "bad key").fix(),
            Some("check the API key (`[llm] api_key_env`)")
        );
        let finished = LlmError::Finished {
            reason: "error".into(),
            detail: Some("Provider disconnected unexpectedly".into()),
        };
        assert!(finished.is_outage());
        assert!(finished.to_string().contains("\"error\""));
        assert!(finished.to_string().contains("Provider disconnected"));
    }
}
