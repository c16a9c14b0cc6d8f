//! `nomos llm-check`: what the configured endpoint can do for Nomos, found
//! by asking it: one request offering a tool (does the model call it?), a
//! second handing back the call, its result and the model's reasoning (is
//! the round trip accepted?), and the context window if the server says
//! it (OpenRouter's and vLLM's `/models`, llama.cpp's `/props`, Ollama's
//! `/api/show`). Each finding says what works, or what to change.

use std::time::Duration;

use serde_json::{Value, json};

use super::{Client, LlmError, Message, ToolSpec, Tools};
use crate::agent::llm::settings::LlmSettings;

/// One line of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub ok: bool,
    pub what: String,
    pub fix: Option<String>,
}

impl Finding {
    fn ok(what: impl Into<String>) -> Finding {
        Finding {
            ok: true,
            what: what.into(),
            fix: None,
        }
    }

    fn fail(what: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding {
            ok: false,
            what: what.into(),
            fix: Some(fix.into()),
        }
    }
}

/// The tool the check offers.
fn echo_tool() -> ToolSpec {
    ToolSpec::function(
        "echo_check",
        "Echoes a word back. Call it when asked to check the tools.",
        json!({"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}),
    )
}

/// Runs the check against `config`'s endpoint.
pub async fn run(config: &LlmSettings) -> Vec<Finding> {
    let client = match Client::new(config) {
        Ok(c) => c,
        Err(e) => return vec![Finding::fail(e.to_string(), "check [llm] base_url")],
    };
    let mut findings = vec![Finding::ok(settings(&client))];
    let tools = [echo_tool()];
    let mut conversation = vec![
        Message::system("You are checking that tool calls work. Use the tools you are given."),
        Message::user(
            "Call the tool echo_check with the text \"nomos\", then say what it returned.",
        ),
    ];
    let first = match client.complete(&conversation, Tools::Offer(&tools)).await {
        Ok(c) => c,
        Err(e) => {
            findings.push(Finding::fail(
                format!("request with a tool: {e}"),
                fix_for(&e),
            ));
            return findings;
        }
    };
    findings.push(usage_finding(first.last_prompt_tokens));
    if !first.reasoning.is_empty() {
        findings.push(Finding::ok(format!(
            "reasoning: returned ({} bytes, in {}); Nomos stores it and hands it back",
            first.reasoning.size(),
            reasoning_fields(&first.reasoning).join(", ")
        )));
    }
    let Some(call) = first.tool_calls.first().cloned() else {
        findings.push(Finding::fail(
            "tool calls: the model answered in words instead of calling the tool",
            "use a model with tool support; llama.cpp needs --jinja, vLLM \
             --enable-auto-tool-choice and a --tool-call-parser",
        ));
        return findings;
    };
    findings.push(Finding::ok(format!(
        "tool calls: the model called `{}`",
        call.function.name
    )));
    conversation.push(first.to_message());
    conversation.push(Message::tool_result(call.id, "{\"echo\": \"nomos\"}"));
    findings.push(
        match client.complete(&conversation, Tools::Offer(&tools)).await {
            Ok(_) if first.reasoning.is_empty() => {
                Finding::ok("tool results: accepted back with the call")
            }
            Ok(_) => Finding::ok("tool results and reasoning: accepted back with the call"),
            Err(e) => Finding::fail(
                format!("handing back the call and its result: {e}"),
                fix_for(&e),
            ),
        },
    );
    findings.push(context_finding(config, &client).await);
    findings
}

/// What Nomos will send, decided from the config.
fn settings(client: &Client) -> String {
    let p = client.params();
    format!(
        "endpoint {} model {}: {}, {}, context window {} tokens{}",
        client.endpoint(),
        p.model,
        if p.stream { "streamed" } else { "not streamed" },
        if p.reasoning_model {
            "OpenAI reasoning-model parameters (max_completion_tokens, no temperature)"
        } else {
            "standard parameters"
        },
        client.budget().context_tokens,
        if p.extra_body.is_empty() {
            String::new()
        } else {
            format!(
                ", extra body fields {}",
                p.extra_body.keys().cloned().collect::<Vec<_>>().join(", ")
            )
        }
    )
}

fn usage_finding(prompt_tokens: u64) -> Finding {
    if prompt_tokens > 0 {
        Finding::ok(format!(
            "usage: reported ({prompt_tokens} prompt tokens); the context budget uses it"
        ))
    } else {
        Finding::ok("usage: not reported; the context budget estimates from text length")
    }
}

fn reasoning_fields(r: &super::Reasoning) -> Vec<&'static str> {
    [
        ("reasoning_content", r.reasoning_content.is_some()),
        ("reasoning", r.reasoning.is_some()),
        ("reasoning_details", r.reasoning_details.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, present)| present.then_some(name))
    .collect()
}

/// What to change for an error.
fn fix_for(error: &LlmError) -> String {
    if let Some(fix) = error.fix() {
        return fix.to_string();
    }
    match error {
        LlmError::Unreachable { .. } => {
            "check that the server runs and `[llm] base_url` points at it (up to /v1)".into()
        }
        LlmError::Malformed { .. } => {
            "`[llm] base_url` must be an OpenAI-compatible API (up to /v1); try `stream = false`"
                .into()
        }
        LlmError::ContextLength { .. } => "give the model a larger window".into(),
        LlmError::Status { detail, .. } if detail.to_lowercase().contains("tool") => {
            "the model or server does not take tools: llama.cpp needs --jinja, vLLM \
             --enable-auto-tool-choice and a --tool-call-parser, Ollama a model with tool support"
                .into()
        }
        _ => "see the provider's message above".into(),
    }
}

/// The window the server reports, compared with the one Nomos assumes.
async fn context_finding(config: &LlmSettings, client: &Client) -> Finding {
    let assumed = client.budget().context_tokens;
    match reported_context(config).await {
        Some((n, source)) if n < assumed => Finding::fail(
            format!("context window: {source} reports {n} tokens, Nomos assumes {assumed}"),
            format!("set `[llm] context_tokens = {n}` (or give the server a larger window)"),
        ),
        Some((n, source)) => Finding::ok(format!(
            "context window: {source} reports {n} tokens; Nomos keeps to {assumed}"
        )),
        None => Finding::ok(format!(
            "context window: not reported by the endpoint; Nomos keeps to {assumed} tokens \
             (`[llm] context_tokens`)"
        )),
    }
}

/// Asks the server for its window, where it has a way to say it.
async fn reported_context(config: &LlmSettings) -> Option<(u64, &'static str)> {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .ok()?;
    let base = config.base_url.as_str().trim_end_matches('/').to_string();
    let root = base.strip_suffix("/v1").unwrap_or(&base).to_string();
    let get = |url: String| {
        let mut request = http.get(url);
        if let Some(key) = &config.api_key {
            request = request.bearer_auth(key.expose());
        }
        async move { request.send().await.ok()?.json::<Value>().await.ok() }
    };
    if let Some(n) = get(format!("{base}/models"))
        .await
        .and_then(|v| context_from_models(&v, &config.model))
    {
        return Some((n, "/models"));
    }
    if let Some(n) = get(format!("{root}/props"))
        .await
        .and_then(|v| context_from_props(&v))
    {
        return Some((n, "llama.cpp /props"));
    }
    let show = http
        .post(format!("{root}/api/show"))
        .json(&json!({"model": config.model}))
        .send()
        .await
        .ok()?
        .json::<Value>()
        .await
        .ok()?;
    context_from_show(&show).map(|n| (n, "Ollama /api/show"))
}

/// `context_length` (OpenRouter) or `max_model_len` (vLLM) of `model` in
/// a `/models` listing.
pub fn context_from_models(listing: &Value, model: &str) -> Option<u64> {
    let entry = listing
        .get("data")?
        .as_array()?
        .iter()
        .find(|m| m.get("id").and_then(Value::as_str) == Some(model))?;
    entry
        .get("context_length")
        .or_else(|| entry.get("max_model_len"))
        .and_then(Value::as_u64)
}

/// llama.cpp's `n_ctx` from `/props`.
pub fn context_from_props(props: &Value) -> Option<u64> {
    props
        .get("default_generation_settings")?
        .get("n_ctx")?
        .as_u64()
}

/// Ollama's window from `/api/show`: the `num_ctx` the model was given.
/// Without one Ollama uses its server default (4,096 to 262,144 tokens by
/// GPU memory, or `OLLAMA_CONTEXT_LENGTH`), which it does not report.
pub fn context_from_show(show: &Value) -> Option<u64> {
    show.get("parameters")
        .and_then(Value::as_str)
        .and_then(|p| {
            p.lines().find_map(|l| {
                let mut words = l.split_whitespace();
                (words.next() == Some("num_ctx")).then(|| words.next()?.parse().ok())?
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_read_where_servers_report_them() {
        let openrouter = json!({"data": [{"id": "other", "context_length": 1}, {"id": "google/gemini-3-pro-preview", "context_length": 1_048_576}]});
        assert_eq!(
            context_from_models(&openrouter, "google/gemini-3-pro-preview"),
            Some(1_048_576)
        );
        let vllm =
            json!({"object": "list", "data": [{"id": "Qwen/Qwen3-32B", "max_model_len": 32768}]});
        assert_eq!(context_from_models(&vllm, "Qwen/Qwen3-32B"), Some(32768));
        assert_eq!(context_from_models(&vllm, "missing"), None);
        assert_eq!(
            context_from_props(&json!({"default_generation_settings": {"n_ctx": 8192}})),
            Some(8192)
        );
        let show = json!({"parameters": "stop \"<|im_end|>\"\nnum_ctx 16384", "model_info": {"qwen3.context_length": 40960}});
        assert_eq!(context_from_show(&show), Some(16384));
        let trained =
            json!({"model_info": {"general.architecture": "qwen3", "qwen3.context_length": 40960}});
        assert_eq!(
            context_from_show(&trained),
            None,
            "the trained length is not the window"
        );
    }

    #[test]
    fn errors_come_with_a_fix() {
        let unreachable = LlmError::Unreachable {
            endpoint: "e".into(),
            reason: "refused".into(),
            attempts: 1,
        };
        assert!(fix_for(&unreachable).contains("base_url"));
        let tools = LlmError::Status {
            endpoint: "e".into(),
            status: 500,
            attempts: 1,
            detail: "tools param requires --jinja flag".into(),
        };
        assert!(fix_for(&tools).contains("--jinja"));
    }
}
