//! What goes over the wire, decided in pure functions: the conversation
//! normalised so every chat template accepts it, and the request body with
//! each endpoint's parameter rules.
//!
//! Normalisation: exactly one leading `system` message, the first message
//! (the instructions, byte-stable so a provider can cache them); Nomos's
//! notes anywhere after it, a first turn's included, become `user` messages marked
//! [`NOTE_PREFIX`] (llama.cpp's Qwen3 template raises "System message must
//! be at the beginning." for a later one), or, right after tool results,
//! part of the last result; consecutive `user` messages, and consecutive
//! `assistant` messages without tool calls, are merged, and an operator's
//! message right after tool results follows a short assistant line
//! (Mistral and Gemma templates raise "Conversation roles must alternate"
//! and ignore tool calls and results when they check); the conversation
//! after the system message starts with a `user` message; reasoning goes
//! back only to the model that produced it.

use serde_json::{Map, Value, json};

use super::message::{Message, ToolSpec};
use crate::domain::Role;

/// How a note from Nomos (not the operator) starts when it travels as a
/// `user` message.
pub const NOTE_PREFIX: &str = "[Nomos note] ";

/// Said when the conversation kept for the model starts mid-way.
const LEFT_OUT: &str = "The start of this conversation was left out.";

/// Stands between tool results and the operator's next message when the
/// turn ended without an answer (the model failed, Nomos stopped):
/// templates that check alternation (Mistral's) skip tool calls and their
/// results, so they would see two user messages in a row.
pub const NO_ANSWER: &str = "(This turn ended here without an answer.)";

/// What the model may do with tools in this request.
#[derive(Debug, Clone, Copy)]
pub enum Tools<'a> {
    /// No tools offered (a conversation without tool history).
    None,
    /// Tools offered; the model chooses.
    Offer(&'a [ToolSpec]),
    /// Tools described but not callable (`tool_choice: "none"`): the
    /// final status report. Endpoints that check tool history against the
    /// tool list (Anthropic's) need them; local models otherwise type
    /// tool-call markup as text.
    Describe(&'a [ToolSpec]),
}

/// The per-endpoint parameter rules, decided once from the config.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    pub model: String,
    pub max_tokens: Option<u32>,
    pub temperature: Option<f32>,
    /// OpenAI reasoning models: `max_completion_tokens`, no temperature.
    pub reasoning_model: bool,
    pub stream: bool,
    /// Merged over the body last (provider switches).
    pub extra_body: Map<String, Value>,
}

/// Whether `model` at `base_url` is an OpenAI reasoning model (o1, o3,
/// o4, gpt-5 families), which rejects `max_tokens` ("Use
/// 'max_completion_tokens' instead") and any temperature but 1. Routers
/// that translate parameters themselves (OpenRouter) are left alone.
pub fn is_openai_reasoning_model(base_url: &str, model: &str) -> bool {
    if base_url.contains("openrouter.ai") {
        return false;
    }
    let name = model.rsplit('/').next().unwrap_or(model).to_lowercase();
    let family = |prefix: &str| {
        name.strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', '.', '_']))
    };
    name.starts_with("gpt-5")
        || ["o1", "o3", "o4", "o4-mini", "o3-mini"]
            .iter()
            .any(|p| family(p))
}

/// The request body for `messages` (already normalised) with `tools`.
pub fn request_body(params: &Params, messages: &[Message], tools: Tools<'_>) -> Value {
    let mut body = Map::new();
    body.insert("model".into(), json!(params.model));
    body.insert("messages".into(), json!(messages));
    match tools {
        Tools::Offer(specs) if !specs.is_empty() => {
            body.insert("tools".into(), json!(specs));
        }
        Tools::Describe(specs) if !specs.is_empty() => {
            body.insert("tools".into(), json!(specs));
            body.insert("tool_choice".into(), json!("none"));
        }
        _ => {}
    }
    if let Some(n) = params.max_tokens {
        let key = if params.reasoning_model {
            "max_completion_tokens"
        } else {
            "max_tokens"
        };
        body.insert(key.into(), json!(n));
    }
    if let Some(t) = params.temperature
        && !params.reasoning_model
    {
        body.insert("temperature".into(), json!(t));
    }
    body.insert("stream".into(), json!(params.stream));
    if params.stream {
        body.insert("stream_options".into(), json!({"include_usage": true}));
    }
    for (key, value) in &params.extra_body {
        body.insert(key.clone(), value.clone());
    }
    Value::Object(body)
}

/// The conversation as every endpoint and chat template accepts it (see
/// the module documentation). Reasoning from another model than `model`
/// is dropped.
pub fn normalise(messages: &[Message], model: &str) -> Vec<Message> {
    let mut out: Vec<Message> = Vec::with_capacity(messages.len());
    let mut system: Option<String> = None;
    for m in messages {
        let mut m = m.clone();
        if m.role == Role::System {
            let text = m.content.take().unwrap_or_default();
            if system.is_none() && out.is_empty() {
                // The first message is the system prompt; every later
                // system message is a note (a first turn's too, so the
                // prompt is the same bytes in every request).
                system = Some(text);
                continue;
            }
            let note = format!("{NOTE_PREFIX}{text}");
            // A note right after tool results travels with the last of
            // them (a user message there breaks Mistral's alternation).
            if let Some(result) = out.last_mut().filter(|l| l.role == Role::Tool) {
                let content = result.content.take().unwrap_or_default();
                result.content = Some(format!("{content}\n\n{note}"));
                continue;
            }
            m = Message::user(note);
        }
        if m.role == Role::User && out.last().is_some_and(|l| l.role == Role::Tool) {
            out.push(Message::assistant(NO_ANSWER));
        }
        if m.role == Role::Assistant {
            if m.reasoning
                .model
                .as_deref()
                .is_some_and(|from| from != model)
            {
                m.reasoning = Default::default();
            }
            if m.content.as_deref().is_none_or(str::is_empty) && m.tool_calls.is_empty() {
                continue;
            }
        }
        if out.is_empty() && m.role != Role::User {
            out.push(Message::user(format!("{NOTE_PREFIX}{LEFT_OUT}")));
        }
        push_merged(&mut out, m);
    }
    if let Some(text) = system {
        out.insert(0, Message::system(text));
    }
    out
}

/// Gives every tool-calling assistant message without reasoning an empty
/// `reasoning_content`, for a thinking endpoint that refused history
/// stored before reasoning was kept ("Missing `reasoning_content` field
/// in the assistant message at message index N"). Returns how many.
pub fn fill_reasoning_content(messages: &mut [Message]) -> usize {
    let mut filled = 0;
    for m in messages
        .iter_mut()
        .filter(|m| m.role == Role::Assistant && !m.tool_calls.is_empty())
    {
        if m.reasoning.reasoning_content.is_none() {
            m.reasoning.reasoning_content = Some(String::new());
            filled += 1;
        }
    }
    filled
}

/// Appends `m`, merging it into the last message when both are `user`
/// messages, or both `assistant` messages and the earlier has no calls.
fn push_merged(out: &mut Vec<Message>, m: Message) {
    if let Some(last) = out.last_mut()
        && last.role == m.role
        && (m.role == Role::User || (m.role == Role::Assistant && last.tool_calls.is_empty()))
    {
        let joined = [last.content.take(), m.content]
            .into_iter()
            .flatten()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n");
        last.content = Some(joined);
        last.tool_calls = m.tool_calls;
        if !m.reasoning.is_empty() {
            last.reasoning = m.reasoning;
        }
        return;
    }
    out.push(m);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::llm::message::Reasoning;

    fn roles(m: &[Message]) -> Vec<&str> {
        m.iter().map(|m| m.role.as_str()).collect()
    }

    use crate::agent::llm::message::calling;

    #[test]
    fn one_system_message_leads_and_notes_travel_as_user_messages() {
        let m = normalise(
            &[
                Message::system("You are Nomos."),
                Message::user("op: restart nginx"),
                Message::system("The operator agreed."),
                calling("c1"),
                Message::tool_result("c1", "ok"),
                Message::assistant("Done."),
                Message::system("Results since your last turn: …"),
                Message::system("You were woken."),
            ],
            "m",
        );
        assert_eq!(
            roles(&m),
            ["system", "user", "assistant", "tool", "assistant", "user"]
        );
        assert_eq!(
            m[1].content.as_deref(),
            Some("op: restart nginx\n\n[Nomos note] The operator agreed.")
        );
        assert_eq!(
            m[5].content.as_deref(),
            Some("[Nomos note] Results since your last turn: …\n\n[Nomos note] You were woken.")
        );
    }

    #[test]
    fn notes_after_tool_results_ride_with_them_and_words_get_an_answer_between() {
        let m = normalise(
            &[
                Message::system("s"),
                Message::user("op: look around"),
                calling("c1"),
                Message::tool_result("c1", "ok"),
                Message::system("Report now."),
            ],
            "m",
        );
        assert_eq!(roles(&m), ["system", "user", "assistant", "tool"]);
        assert_eq!(
            m[3].content.as_deref(),
            Some("ok\n\n[Nomos note] Report now.")
        );
        // A turn that failed after its tool results, then the operator.
        let m = normalise(
            &[
                Message::system("s"),
                Message::user("op: look around"),
                calling("c1"),
                Message::tool_result("c1", "ok"),
                Message::user("op: hello?"),
            ],
            "m",
        );
        assert_eq!(
            roles(&m),
            ["system", "user", "assistant", "tool", "assistant", "user"]
        );
        assert_eq!(m[4].content.as_deref(), Some(NO_ANSWER));
    }

    #[test]
    fn a_failed_turn_leaves_no_two_user_messages_in_a_row() {
        let m = normalise(
            &[
                Message::system("s"),
                Message::user("op: first (the model failed)"),
                Message::user("op: second"),
                Message::assistant("One."),
                Message::assistant("Two."),
                Message::assistant(""),
            ],
            "m",
        );
        assert_eq!(roles(&m), ["system", "user", "assistant"]);
        assert_eq!(
            m[1].content.as_deref(),
            Some("op: first (the model failed)\n\nop: second")
        );
        assert_eq!(m[2].content.as_deref(), Some("One.\n\nTwo."));
    }

    #[test]
    fn a_conversation_cut_short_starts_with_a_user_message() {
        let m = normalise(
            &[Message::system("s"), Message::assistant("earlier answer")],
            "m",
        );
        assert_eq!(roles(&m), ["system", "user", "assistant"]);
        assert!(
            m[1].content
                .as_deref()
                .is_some_and(|c| c.starts_with(NOTE_PREFIX))
        );
    }

    #[test]
    fn reasoning_goes_back_only_to_its_own_model() {
        let mut call = calling("c1");
        call.reasoning = Reasoning {
            reasoning_content: Some("because".into()),
            model: Some("deepseek-v4-pro".into()),
            ..Reasoning::default()
        };
        let history = [
            Message::system("s"),
            Message::user("u"),
            call,
            Message::tool_result("c1", "ok"),
        ];
        let same = normalise(&history, "deepseek-v4-pro");
        assert_eq!(
            same[2].reasoning.reasoning_content.as_deref(),
            Some("because")
        );
        let other = normalise(&history, "gpt-5-mini");
        assert!(other[2].reasoning.is_empty());
    }

    #[test]
    fn old_tool_calls_get_an_empty_reasoning_content_when_asked() {
        let mut m = vec![
            Message::user("u"),
            calling("c1"),
            Message::tool_result("c1", "ok"),
            Message::assistant("done"),
        ];
        assert_eq!(fill_reasoning_content(&mut m), 1);
        assert_eq!(m[1].reasoning.reasoning_content.as_deref(), Some(""));
        assert!(m[3].reasoning.is_empty());
        assert_eq!(fill_reasoning_content(&mut m), 0);
    }

    fn params() -> Params {
        Params {
            model: "m".into(),
            max_tokens: Some(1000),
            temperature: Some(0.2),
            reasoning_model: false,
            stream: true,
            extra_body: Map::new(),
        }
    }

    #[test]
    fn reasoning_models_get_their_own_parameters() {
        let spec = [ToolSpec::function("run", "Run.", json!({"type": "object"}))];
        let body = request_body(&params(), &[Message::user("hi")], Tools::Offer(&spec));
        assert_eq!(body["max_tokens"], 1000);
        assert!((body["temperature"].as_f64().unwrap_or(0.0) - 0.2).abs() < 1e-6);
        assert_eq!(body["stream"], true);
        assert_eq!(body["stream_options"]["include_usage"], true);
        assert!(body.get("tool_choice").is_none());

        let reasoning = Params {
            reasoning_model: true,
            stream: false,
            ..params()
        };
        let body = request_body(&reasoning, &[Message::user("hi")], Tools::Describe(&spec));
        assert_eq!(body["max_completion_tokens"], 1000);
        assert!(body.get("max_tokens").is_none());
        assert!(body.get("temperature").is_none());
        assert!(body.get("stream_options").is_none());
        assert_eq!(body["tool_choice"], "none");
        assert_eq!(body["tools"][0]["function"]["name"], "run");
    }

    #[test]
    fn extra_body_is_merged_last() {
        let mut extra = Map::new();
        extra.insert("thinking".into(), json!({"type": "enabled"}));
        extra.insert("temperature".into(), json!(1));
        let body = request_body(
            &Params {
                extra_body: extra,
                ..params()
            },
            &[],
            Tools::None,
        );
        assert_eq!(body["thinking"]["type"], "enabled");
        assert_eq!(body["temperature"], 1);
        assert!(body.get("tools").is_none());
    }

    #[test]
    fn openai_reasoning_models_are_recognised() {
        let openai = "https://api.openai.com/v1";
        for model in [
            "gpt-5",
            "gpt-5-mini",
            "gpt-5.1",
            "o3",
            "o4-mini",
            "o1-preview",
            "openai/gpt-5",
        ] {
            assert!(is_openai_reasoning_model(openai, model), "{model}");
        }
        for model in [
            "gpt-4.1-mini",
            "gpt-4o",
            "o3x",
            "deepseek-v4-pro",
            "qwen3:14b",
        ] {
            assert!(!is_openai_reasoning_model(openai, model), "{model}");
        }
        assert!(!is_openai_reasoning_model(
            "https://openrouter.ai/api/v1",
            "openai/gpt-5"
        ));
    }
}
