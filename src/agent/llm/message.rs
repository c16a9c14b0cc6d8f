//! The conversation as the model client sees it: messages, tool calls,
//! tool offers, token usage, and the reasoning a model sent alongside a
//! message, kept opaque so it can be handed back exactly as received.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::Role;

/// Reasoning that came with an assistant message, field by field as the
/// endpoint sent it: DeepSeek and llama.cpp say `reasoning_content`,
/// Ollama, vLLM and OpenRouter `reasoning`, OpenRouter also
/// `reasoning_details` (signed or encrypted blocks that must come back
/// unmodified). Nomos never reads it; it is stored with the message and
/// sent back on later requests under the same names, because thinking
/// models reject a tool-call history without it. Its `Debug` shows only
/// its size, so it never reaches a log or a room.
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Reasoning {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_details: Option<Value>,
    /// The model that produced it: reasoning (signatures above all) is
    /// only handed back to the model it came from. Not sent.
    #[serde(skip)]
    pub model: Option<String>,
}

impl std::fmt::Debug for Reasoning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Reasoning({} bytes)", self.size())
    }
}

impl Reasoning {
    pub fn is_empty(&self) -> bool {
        self.reasoning_content.is_none()
            && self.reasoning.is_none()
            && self.reasoning_details.is_none()
    }

    /// Bytes it takes in a request (for the context budget).
    pub fn size(&self) -> usize {
        self.reasoning_content.as_ref().map_or(0, String::len)
            + self.reasoning.as_ref().map_or(0, String::len)
            + self
                .reasoning_details
                .as_ref()
                .map_or(0, |v| v.to_string().len())
    }

    /// As stored with the message (the `reasoning` column): the fields and
    /// the model they came from. `None` when there is nothing to keep.
    pub fn to_stored(&self) -> Option<Value> {
        if self.is_empty() {
            return None;
        }
        let mut value = serde_json::to_value(self).ok()?;
        if let (Value::Object(map), Some(model)) = (&mut value, &self.model) {
            map.insert("model".into(), Value::String(model.clone()));
        }
        Some(value)
    }

    /// Read back from the `reasoning` column; anything unreadable is none.
    pub fn from_stored(value: &Value) -> Reasoning {
        let mut reasoning: Reasoning = serde_json::from_value(value.clone()).unwrap_or_default();
        reasoning.model = value
            .get("model")
            .and_then(Value::as_str)
            .map(str::to_string);
        reasoning
    }
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// For `tool` messages: the call this answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// For `assistant` messages: what the model thought, handed back.
    #[serde(flatten, default)]
    pub reasoning: Reasoning,
}

impl Message {
    pub fn system(text: impl Into<String>) -> Self {
        Message::text(Role::System, text)
    }
    pub fn user(text: impl Into<String>) -> Self {
        Message::text(Role::User, text)
    }
    pub fn assistant(text: impl Into<String>) -> Self {
        Message::text(Role::Assistant, text)
    }
    pub fn tool_result(call_id: impl Into<String>, text: impl Into<String>) -> Self {
        Message {
            tool_call_id: Some(call_id.into()),
            ..Message::text(Role::Tool, text)
        }
    }
    fn text(role: Role, text: impl Into<String>) -> Self {
        Message {
            role,
            content: Some(text.into()),
            tool_calls: Vec::new(),
            tool_call_id: None,
            reasoning: Reasoning::default(),
        }
    }

    /// Bytes of text it carries (content, call arguments, reasoning).
    pub fn size(&self) -> usize {
        self.content.as_ref().map_or(0, String::len)
            + self
                .tool_calls
                .iter()
                .map(|c| c.id.len() + c.function.name.len() + c.function.arguments.len())
                .sum::<usize>()
            + self.reasoning.size()
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
    /// What the model thought, to be stored and handed back.
    pub reasoning: Reasoning,
    /// Summed over every request this completion took (retries included).
    pub usage: Usage,
    /// The prompt size the endpoint reported for the request that gave
    /// this reply (0 when it reported none).
    pub last_prompt_tokens: u64,
    /// HTTP attempts made.
    pub attempts: u32,
}

impl Completion {
    /// As an assistant message for the history.
    pub fn to_message(&self) -> Message {
        Message {
            role: Role::Assistant,
            content: (!self.content.is_empty()).then(|| self.content.clone()),
            tool_calls: self.tool_calls.clone(),
            tool_call_id: None,
            reasoning: self.reasoning.clone(),
        }
    }
}

/// An assistant message calling `run` with call id `id` (for tests).
#[cfg(test)]
pub(crate) fn calling(id: &str) -> Message {
    Message {
        content: None,
        tool_calls: vec![ToolCall {
            id: id.into(),
            kind: "function".into(),
            function: FunctionCall {
                name: "run".into(),
                arguments: "{}".into(),
            },
        }],
        ..Message::assistant("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
            json!({"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "run", "arguments": "{\"a\":1}"}}]})
        );
        let r = serde_json::to_value(Message::tool_result("c1", "ok")).expect("json");
        assert_eq!(
            r,
            json!({"role": "tool", "content": "ok", "tool_call_id": "c1"})
        );
    }

    #[test]
    fn reasoning_goes_back_under_the_names_it_came_with() {
        let m = Message {
            reasoning: Reasoning {
                reasoning_content: Some("thought".into()),
                reasoning_details: Some(json!([{"type": "reasoning.encrypted", "data": "xyz"}])),
                model: Some("m".into()),
                ..Reasoning::default()
            },
            ..Message::assistant("hi")
        };
        let json = serde_json::to_value(&m).expect("json");
        assert_eq!(json["reasoning_content"], "thought");
        assert_eq!(json["reasoning_details"][0]["data"], "xyz");
        assert!(json.get("reasoning").is_none());
        assert!(json.get("model").is_none(), "the origin is not sent");
        assert!(format!("{:?}", m.reasoning).ends_with(" bytes)"));
        assert!(!format!("{m:?}").contains("thought"));

        let stored = m.reasoning.to_stored().expect("stored");
        assert_eq!(stored["model"], "m");
        assert_eq!(Reasoning::from_stored(&stored), m.reasoning);
        assert_eq!(Reasoning::default().to_stored(), None);
        assert_eq!(Reasoning::from_stored(&json!("junk")), Reasoning::default());
    }
}
