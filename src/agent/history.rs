//! History replay: stored messages back into model messages, and the cut
//! applied to tool results when they are stored.
//!
//! Replay keeps earlier turns' tool calls and their results, so the model
//! remembers what it ran and what came back, and each assistant message's
//! reasoning, which thinking models require back with their tool calls. It also repairs what a crash
//! or the history limit can leave behind: a tool call without a result gets
//! one saying so, and a result whose call is gone is dropped, because
//! chat-completions endpoints reject unpaired tool messages.

use std::collections::HashSet;

use super::llm::budget::truncate;
use super::llm::{Message, Reasoning, ToolCall};
use crate::domain::Role;
use crate::store::messages::StoredMessage;

/// Said in place of a result that was never recorded.
pub const NO_RESULT: &str =
    "{\"error\": \"no result was recorded for this call (Nomos stopped during the turn)\"}";

/// How older turns are shortened on replay: tool results of all but the
/// latest `recent_turns` turns are cut further, to `old_result_bytes`. The
/// model keeps every call and the gist of its result; the prompt stops
/// growing by whole command outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compaction {
    pub recent_turns: usize,
    pub old_result_bytes: usize,
}

impl Compaction {
    /// No shortening beyond what was stored.
    pub const NONE: Compaction = Compaction {
        recent_turns: usize::MAX,
        old_result_bytes: usize::MAX,
    };
}

/// Stored messages as the model should see them again, oldest first.
pub fn replay(rows: &[StoredMessage], compaction: Compaction) -> Vec<Message> {
    let mut turns: Vec<uuid::Uuid> = Vec::new();
    for id in rows.iter().filter_map(|r| r.turn_id) {
        if turns.last() != Some(&id) && !turns.contains(&id) {
            turns.push(id);
        }
    }
    let old: HashSet<uuid::Uuid> = turns
        .iter()
        .rev()
        .skip(compaction.recent_turns)
        .copied()
        .collect();
    let mut out: Vec<Message> = Vec::with_capacity(rows.len());
    // Calls of the latest assistant message still waiting for a result.
    let mut open: Vec<String> = Vec::new();
    let mut answered: HashSet<String> = HashSet::new();
    for row in rows {
        if row.role != Role::Tool {
            close_open_calls(&mut out, &mut open);
        }
        match row.role {
            Role::User => out.push(Message::user(user_text(
                row.sender.as_deref(),
                &row.content,
            ))),
            Role::System => out.push(Message::system(row.content.clone())),
            Role::Assistant => {
                let calls: Vec<ToolCall> = row
                    .tool_calls
                    .as_ref()
                    .and_then(|v| serde_json::from_value(v.0.clone()).ok())
                    .unwrap_or_default();
                open = calls.iter().map(|c| c.id.clone()).collect();
                answered.clear();
                let mut message = Message::assistant(row.content.clone());
                if row.content.is_empty() {
                    message.content = None;
                }
                message.tool_calls = calls;
                message.reasoning = row
                    .reasoning
                    .as_ref()
                    .map(|r| Reasoning::from_stored(&r.0))
                    .unwrap_or_default();
                if message.content.is_none() && message.tool_calls.is_empty() {
                    continue;
                }
                out.push(message);
            }
            Role::Tool => {
                let Some(id) = row.tool_call_id.as_deref() else {
                    continue;
                };
                if let Some(pos) = open.iter().position(|c| c == id)
                    && answered.insert(id.to_string())
                {
                    open.remove(pos);
                    let content = match row.turn_id {
                        Some(turn) if old.contains(&turn) => {
                            truncate(&row.content, compaction.old_result_bytes)
                        }
                        _ => row.content.clone(),
                    };
                    out.push(Message::tool_result(id, content));
                }
            }
        }
    }
    close_open_calls(&mut out, &mut open);
    // A replay that starts with tool results (their call fell outside the
    // limit) was already cleaned above; one that starts with an assistant
    // message is fine for every endpoint we know.
    out
}

fn close_open_calls(out: &mut Vec<Message>, open: &mut Vec<String>) {
    for id in open.drain(..) {
        out.push(Message::tool_result(id, NO_RESULT));
    }
}

/// A person's message as the model reads it: who said it, then what.
pub fn user_text(sender: Option<&str>, body: &str) -> String {
    match sender {
        Some(who) => format!("{who}: {body}"),
        None => body.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use sqlx::types::Json;
    use uuid::Uuid;

    fn row(seq: i64, role: &str, content: &str) -> StoredMessage {
        let role: Role = role.parse().expect("a role");
        StoredMessage {
            id: Uuid::now_v7(),
            seq,
            turn_id: None,
            role,
            sender: (role == Role::User).then(|| "@op:hs".to_string()),
            content: content.into(),
            tool_calls: None,
            tool_call_id: None,
            prompt_tokens: None,
            completion_tokens: None,
            reasoning: None,
            created_at: time::OffsetDateTime::UNIX_EPOCH,
        }
    }

    fn call(seq: i64, ids: &[&str]) -> StoredMessage {
        let calls: Vec<_> = ids
            .iter()
            .map(|id| json!({"id": id, "type": "function", "function": {"name": "list_entities", "arguments": "{}"}}))
            .collect();
        StoredMessage {
            tool_calls: Some(Json(json!(calls))),
            ..row(seq, "assistant", "")
        }
    }

    fn result(seq: i64, id: &str) -> StoredMessage {
        StoredMessage {
            tool_call_id: Some(id.into()),
            ..row(seq, "tool", "{\"ok\":true}")
        }
    }

    #[test]
    fn replays_calls_and_results_in_order() {
        let rows = vec![
            row(1, "user", "check the fleet"),
            call(2, &["a", "b"]),
            result(3, "a"),
            result(4, "b"),
            row(5, "assistant", "All fine."),
        ];
        let m = replay(&rows, Compaction::NONE);
        let roles: Vec<&str> = m.iter().map(|m| m.role.as_str()).collect();
        assert_eq!(roles, ["user", "assistant", "tool", "tool", "assistant"]);
        assert_eq!(m[0].content.as_deref(), Some("@op:hs: check the fleet"));
        assert_eq!(m[1].content, None);
        assert_eq!(m[1].tool_calls.len(), 2);
        assert_eq!(m[3].tool_call_id.as_deref(), Some("b"));
    }

    #[test]
    fn reasoning_is_replayed_with_its_message() {
        let stored =
            json!({"reasoning_content": "check the fleet first", "model": "deepseek-v4-pro"});
        let rows = vec![
            row(1, "user", "check the fleet"),
            StoredMessage {
                reasoning: Some(Json(stored)),
                ..call(2, &["a"])
            },
            result(3, "a"),
        ];
        let m = replay(&rows, Compaction::NONE);
        assert_eq!(
            m[1].reasoning.reasoning_content.as_deref(),
            Some("check the fleet first")
        );
        assert_eq!(m[1].reasoning.model.as_deref(), Some("deepseek-v4-pro"));
        let json = serde_json::to_value(&m[1]).expect("json");
        assert_eq!(json["reasoning_content"], "check the fleet first");
    }

    #[test]
    fn a_call_without_a_result_gets_one_and_orphans_are_dropped() {
        let rows = vec![
            result(1, "gone"),
            row(2, "user", "hi"),
            call(3, &["x", "y"]),
            result(4, "x"),
            result(5, "x"),
            row(6, "system", "note"),
        ];
        let m = replay(&rows, Compaction::NONE);
        let roles: Vec<&str> = m.iter().map(|m| m.role.as_str()).collect();
        assert_eq!(roles, ["user", "assistant", "tool", "tool", "system"]);
        assert_eq!(m[3].tool_call_id.as_deref(), Some("y"));
        assert_eq!(m[3].content.as_deref(), Some(NO_RESULT));
    }

    #[test]
    fn a_call_left_open_at_the_end_is_closed() {
        let m = replay(&[row(1, "user", "go"), call(2, &["z"])], Compaction::NONE);
        assert_eq!(m.len(), 3);
        assert_eq!(m[2].tool_call_id.as_deref(), Some("z"));
    }

    #[test]
    fn older_turns_results_are_cut_further() {
        let turns: Vec<Uuid> = (0..4).map(|_| Uuid::now_v7()).collect();
        let long = "x".repeat(3000);
        let mut rows = Vec::new();
        for (i, turn) in turns.iter().enumerate() {
            let base = i as i64 * 3;
            let id = format!("c{i}");
            rows.push(StoredMessage {
                turn_id: Some(*turn),
                ..row(base + 1, "user", "go")
            });
            rows.push(StoredMessage {
                turn_id: Some(*turn),
                ..call(base + 2, &[id.as_str()])
            });
            rows.push(StoredMessage {
                turn_id: Some(*turn),
                content: long.clone(),
                ..result(base + 3, &id)
            });
        }
        let m = replay(
            &rows,
            Compaction {
                recent_turns: 2,
                old_result_bytes: 500,
            },
        );
        let sizes: Vec<usize> = m
            .iter()
            .filter(|m| m.role == Role::Tool)
            .map(|m| m.content.as_deref().map_or(0, str::len))
            .collect();
        assert!(sizes[0] <= 500 && sizes[1] <= 500, "{sizes:?}");
        assert_eq!(&sizes[2..], [3000, 3000]);
    }
}
