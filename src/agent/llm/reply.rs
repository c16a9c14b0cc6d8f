//! Reading what the endpoint sent back, in pure functions: a whole JSON
//! chat completion, or server-sent events fed line by line (content,
//! reasoning and tool-call fragments joined, keep-alive comments skipped,
//! an error event kept). Reasoning is separated from the answer, both the
//! structured fields and `<think>` text; a tool call without an id gets
//! one, so its result can be paired with it.

use serde_json::Value;

use super::errors::message_of;
use super::message::{FunctionCall, Reasoning, ToolCall, Usage};

/// One reply as received, before the client judges it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reply {
    /// The text as sent, reasoning tags included.
    pub content: String,
    pub reasoning: Reasoning,
    pub tool_calls: Vec<ToolCall>,
    pub finish_reason: Option<String>,
    pub usage: Option<Usage>,
    /// An error the endpoint reported inside a 200 answer (OpenRouter
    /// does, mid-stream or in the body).
    pub error: Option<String>,
}

/// A whole (non-streamed) chat completion. Keep-alive blank lines around
/// it (DeepSeek sends them while a request waits) are ignored.
pub fn parse_completion(text: &str) -> Result<Reply, String> {
    let value: Value = serde_json::from_str(text.trim()).map_err(|e| e.to_string())?;
    let mut reply = Reply {
        usage: usage_of(&value),
        ..Reply::default()
    };
    let choice = value.get("choices").and_then(|c| c.get(0));
    let Some(choice) = choice else {
        if value.get("error").is_some() {
            reply.error = message_of(&value);
            return Ok(reply);
        }
        return Err("no choices".into());
    };
    let message = choice.get("message").unwrap_or(&Value::Null);
    reply.content = text_of(message.get("content"));
    reply.reasoning = reasoning_of(message);
    reply.tool_calls = message
        .get("tool_calls")
        .and_then(Value::as_array)
        .map(|calls| calls.iter().map(tool_call_of).collect())
        .unwrap_or_default();
    reply.finish_reason = choice
        .get("finish_reason")
        .and_then(Value::as_str)
        .map(str::to_string);
    reply.error = choice
        .get("error")
        .or_else(|| value.get("error"))
        .and_then(|e| message_of(&serde_json::json!({ "error": e })));
    Ok(reply)
}

/// Server-sent events as they arrive, one line at a time.
#[derive(Debug, Default)]
pub struct Stream {
    reply: Reply,
    calls: Vec<PartialCall>,
    details: Vec<Value>,
    /// `data: [DONE]` was seen.
    pub done: bool,
    /// Events with data were seen.
    pub events: usize,
}

#[derive(Debug, Default)]
struct PartialCall {
    index: Option<u64>,
    id: Option<String>,
    name: String,
    arguments: String,
}

impl Stream {
    /// Takes one line of the event stream (without its newline).
    pub fn line(&mut self, line: &str) -> Result<(), String> {
        let line = line.trim_end_matches('\r');
        let Some(data) = line.strip_prefix("data:") else {
            // Blank lines end events; `:` lines are comments (keep-alives);
            // `event:`, `id:` and `retry:` carry nothing Nomos needs.
            return Ok(());
        };
        let data = data.trim();
        if data == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        if data.is_empty() {
            return Ok(());
        }
        let chunk: Value = serde_json::from_str(data)
            .map_err(|e| format!("an event is not JSON ({e}): {}", cut(data)))?;
        self.events += 1;
        self.chunk(&chunk);
        Ok(())
    }

    fn chunk(&mut self, chunk: &Value) {
        if let Some(usage) = usage_of(chunk) {
            self.reply.usage = Some(usage);
        }
        if chunk.get("error").is_some() {
            self.reply.error = message_of(chunk);
        }
        let Some(choice) = chunk.get("choices").and_then(|c| c.get(0)) else {
            return;
        };
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            self.reply.finish_reason = Some(reason.to_string());
        }
        let Some(delta) = choice.get("delta").or_else(|| choice.get("message")) else {
            return;
        };
        self.reply.content.push_str(&text_of(delta.get("content")));
        for (key, slot) in [
            (
                "reasoning_content",
                &mut self.reply.reasoning.reasoning_content,
            ),
            ("reasoning", &mut self.reply.reasoning.reasoning),
        ] {
            if let Some(piece) = delta.get(key).and_then(Value::as_str) {
                slot.get_or_insert_with(String::new).push_str(piece);
            }
        }
        if let Some(details) = delta.get("reasoning_details").and_then(Value::as_array) {
            for detail in details {
                merge_detail(&mut self.details, detail);
            }
        }
        if let Some(calls) = delta.get("tool_calls").and_then(Value::as_array) {
            for call in calls {
                self.call_fragment(call);
            }
        }
    }

    fn call_fragment(&mut self, fragment: &Value) {
        let index = fragment.get("index").and_then(Value::as_u64);
        let id = fragment
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty());
        let existing = match index {
            Some(i) => self.calls.iter().position(|c| c.index == Some(i)),
            // No index: a new id starts a new call, anything else
            // continues the last one.
            None if id.is_some() => None,
            None => self.calls.len().checked_sub(1),
        };
        let at = existing.unwrap_or_else(|| {
            self.calls.push(PartialCall {
                index,
                ..PartialCall::default()
            });
            self.calls.len() - 1
        });
        let call = &mut self.calls[at];
        if let Some(id) = id {
            call.id = Some(id.to_string());
        }
        let function = fragment.get("function").unwrap_or(&Value::Null);
        if let Some(name) = function.get("name").and_then(Value::as_str)
            && !name.is_empty()
        {
            call.name = name.to_string();
        }
        match function.get("arguments") {
            Some(Value::String(piece)) => call.arguments.push_str(piece),
            Some(Value::Null) | None => {}
            Some(other) => call.arguments.push_str(&other.to_string()),
        }
    }

    /// The reply the events added up to.
    pub fn finish(mut self) -> Reply {
        self.reply.tool_calls = self
            .calls
            .into_iter()
            .map(|c| ToolCall {
                id: c.id.unwrap_or_else(fresh_call_id),
                kind: "function".into(),
                function: FunctionCall {
                    name: c.name,
                    arguments: c.arguments,
                },
            })
            .collect();
        if !self.details.is_empty() {
            self.reply.reasoning.reasoning_details = Some(Value::Array(self.details));
        }
        self.reply
    }
}

/// Joins a streamed `reasoning_details` fragment into the blocks so far:
/// a fragment with the index and type of an earlier block continues it
/// (its text pieces appended, its other fields taken), anything else is a
/// new block.
fn merge_detail(blocks: &mut Vec<Value>, fragment: &Value) {
    let index = fragment.get("index");
    let kind = fragment.get("type");
    let same = blocks
        .iter_mut()
        .find(|b| index.is_some() && b.get("index") == index && b.get("type") == kind);
    let (Some(block), Some(fields)) = (same, fragment.as_object()) else {
        blocks.push(fragment.clone());
        return;
    };
    for (key, value) in fields {
        let appended = match (key.as_str(), block.get(key), value) {
            ("text" | "summary" | "data", Some(Value::String(old)), Value::String(new)) => {
                Some(Value::String(format!("{old}{new}")))
            }
            _ if value.is_null() => None,
            _ => Some(value.clone()),
        };
        if let (Some(v), Some(map)) = (appended, block.as_object_mut()) {
            map.insert(key.clone(), v);
        }
    }
}

fn usage_of(value: &Value) -> Option<Usage> {
    value
        .get("usage")
        .filter(|u| u.is_object())
        .and_then(|u| serde_json::from_value(u.clone()).ok())
}

/// Message content: a string, or a list of text parts.
fn text_of(content: Option<&Value>) -> String {
    match content {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect(),
        _ => String::new(),
    }
}

fn reasoning_of(message: &Value) -> Reasoning {
    let text = |key: &str| message.get(key).and_then(Value::as_str).map(str::to_string);
    Reasoning {
        reasoning_content: text("reasoning_content"),
        reasoning: text("reasoning"),
        reasoning_details: message
            .get("reasoning_details")
            .filter(|d| !d.is_null())
            .cloned(),
        model: None,
    }
}

fn tool_call_of(call: &Value) -> ToolCall {
    let function = call.get("function").unwrap_or(&Value::Null);
    ToolCall {
        id: call
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map_or_else(fresh_call_id, str::to_string),
        kind: "function".into(),
        function: FunctionCall {
            name: function
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            arguments: match function.get("arguments") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Null) | None => String::new(),
                Some(other) => other.to_string(),
            },
        },
    }
}

/// An id for a tool call the endpoint sent without one: nine letters and
/// digits, the form Mistral's templates insist on.
pub fn fresh_call_id() -> String {
    let hex = uuid::Uuid::now_v7().simple().to_string();
    hex[hex.len() - 9..].to_string()
}

/// The reply without reasoning text, trimmed: `<think>…</think>` blocks
/// (an unclosed one runs to the end), and everything before a `</think>`
/// that has no opening tag (templates that open the block in the prompt,
/// served without a reasoning parser, send `…</think>answer`).
pub fn strip_reasoning(text: &str) -> String {
    let mut rest = text;
    if let Some(close) = rest.find("</think>")
        && !rest[..close].contains("<think>")
    {
        rest = &rest[close + "</think>".len()..];
    }
    let mut out = String::with_capacity(rest.len());
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

fn cut(text: &str) -> String {
    text.chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reasoning_is_removed() {
        assert_eq!(strip_reasoning("<think>plan\nmore</think>\nDone."), "Done.");
        assert_eq!(
            strip_reasoning("a <think>x</think>b<think>y</think> c"),
            "a b c"
        );
        assert_eq!(strip_reasoning("<think>never closed"), "");
        assert_eq!(strip_reasoning("plain"), "plain");
        // The template opened the block; only its end came back.
        assert_eq!(
            strip_reasoning("The operator wants caddy.\nPlan it.</think>\n\nCaddy is up."),
            "Caddy is up."
        );
    }

    #[test]
    fn refusals_are_recognised() {
        assert!(is_refusal("I'm sorry, but I can't help with that request."));
        assert!(is_refusal("抱歉，我无法完成这个请求。"));
        assert!(!is_refusal("I checked caddy: it is running."));
        assert!(!is_refusal("Sorry for the delay: caddy is up."));
    }

    #[test]
    fn a_whole_completion_keeps_reasoning_apart_and_names_missing_ids() {
        let body = json!({
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": null, "reasoning_content": "think",
                "reasoning_details": [{"type": "reasoning.encrypted", "data": "sig", "id": "t1"}],
                "tool_calls": [
                    {"type": "function", "function": {"name": "run", "arguments": {"a": 1}}},
                    {"id": "", "function": {"name": "get_entity", "arguments": "{}"}}
                ]}}],
            "usage": {"prompt_tokens": 12, "completion_tokens": 3}
        });
        let reply = parse_completion(&format!("\n\n{body}\n")).expect("parses");
        assert_eq!(reply.reasoning.reasoning_content.as_deref(), Some("think"));
        assert_eq!(
            reply.reasoning.reasoning_details,
            Some(json!([{"type": "reasoning.encrypted", "data": "sig", "id": "t1"}]))
        );
        assert_eq!(reply.tool_calls.len(), 2);
        assert_eq!(reply.tool_calls[0].function.arguments, "{\"a\":1}");
        for call in &reply.tool_calls {
            assert_eq!(call.id.len(), 9, "{}", call.id);
            assert!(call.id.chars().all(|c| c.is_ascii_alphanumeric()));
        }
        assert_ne!(reply.tool_calls[0].id, reply.tool_calls[1].id);
        assert_eq!(reply.usage.map(|u| u.prompt_tokens), Some(12));
        assert!(parse_completion("{\"choices\": [{\"message\": oops").is_err());
        assert_eq!(parse_completion("{}"), Err("no choices".into()));
    }

    #[test]
    fn an_error_finish_keeps_the_providers_words() {
        let body = json!({"choices": [{"finish_reason": "error", "native_finish_reason": "MALFORMED_FUNCTION_CALL",
            "message": {"role": "assistant", "content": null},
            "error": {"code": 502, "message": "Provider returned error"}}]});
        let reply = parse_completion(&body.to_string()).expect("parses");
        assert_eq!(reply.finish_reason.as_deref(), Some("error"));
        assert_eq!(reply.error.as_deref(), Some("Provider returned error"));
    }

    #[test]
    fn a_stream_adds_up_fragments_and_skips_keep_alives() {
        let mut s = Stream::default();
        let lines = [
            ": keep-alive",
            "",
            ": OPENROUTER PROCESSING",
            r#"data: {"choices":[{"index":0,"delta":{"role":"assistant","reasoning_content":"Let me "}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"reasoning_content":"check."}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","text":"a","index":0}]}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"reasoning_details":[{"type":"reasoning.text","text":"b","signature":"s1","index":0}]}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"run","arguments":""}}]}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"target\":"}}]}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"host:a\"}"}}]}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"name":"list_entities","arguments":"{}"}}]}}]}"#,
            r#"data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            r#"data: {"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":7}}"#,
            "data: [DONE]",
        ];
        for line in lines {
            s.line(line).expect("line");
        }
        assert!(s.done);
        let reply = s.finish();
        assert_eq!(
            reply.reasoning.reasoning_content.as_deref(),
            Some("Let me check.")
        );
        assert_eq!(
            reply.reasoning.reasoning_details,
            Some(json!([{"type": "reasoning.text", "text": "ab", "signature": "s1", "index": 0}]))
        );
        assert_eq!(reply.tool_calls.len(), 2);
        assert_eq!(reply.tool_calls[0].id, "call_1");
        assert_eq!(
            reply.tool_calls[0].function.arguments,
            "{\"target\":\"host:a\"}"
        );
        assert_eq!(reply.tool_calls[1].function.name, "list_entities");
        assert_eq!(reply.tool_calls[1].id.len(), 9);
        assert_eq!(reply.finish_reason.as_deref(), Some("tool_calls"));
        assert_eq!(reply.usage.map(|u| u.completion_tokens), Some(7));
        assert!(reply.content.is_empty());
    }

    #[test]
    fn a_mid_stream_error_is_kept() {
        let mut s = Stream::default();
        s.line(r#"data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}"#)
            .expect("line");
        s.line(r#"data: {"error":{"code":"server_error","message":"Provider disconnected unexpectedly"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}"#)
            .expect("line");
        let reply = s.finish();
        assert_eq!(reply.content, "Hel");
        assert_eq!(reply.finish_reason.as_deref(), Some("error"));
        assert_eq!(
            reply.error.as_deref(),
            Some("Provider disconnected unexpectedly")
        );
        assert!(Stream::default().line("data: {oops").is_err());
    }
}
