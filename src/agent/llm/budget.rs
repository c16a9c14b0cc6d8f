//! The context budget, in pure functions: how many tokens a request will
//! take, and how a turn's conversation is shortened to fit the model's
//! window before it is sent (rather than sent whole and cut silently from
//! the front, as Ollama does, or refused, as the others do).
//!
//! Size is estimated without a tokenizer: from the prompt size the
//! endpoint reported for the previous request plus characters / 4 for what
//! was added since, or, when the conversation changed, characters / 4
//! scaled by the tokens-per-estimate ratio the endpoint's last report
//! showed. To fit, in order: older tool results of this turn are cut to
//! the stored size, tool results of earlier turns are cut to a gist,
//! earlier turns are left out oldest first (a note says so), and this
//! turn's newest results are cut last.

use super::message::{Message, ToolSpec};
use crate::domain::Role;

/// Framing tokens per message (role, separators).
const PER_MESSAGE: u64 = 4;
/// Tool results of earlier turns are cut to this when space is short.
const OLD_RESULT_BYTES: usize = 512;
/// Older tool results of this turn are cut to this when space is short.
const TURN_RESULT_BYTES: usize = 4096;
/// The start of the note that says earlier turns were left out.
pub const LEFT_OUT_NOTE: &str = "Earlier messages of this conversation were left out";
/// The start of the note that says earlier steps of this turn were left out.
pub const STEPS_NOTE: &str = "Earlier tool calls of this turn were left out";
/// Steps (tool calls with their results) of this turn always kept.
const KEEP_STEPS: usize = 2;

/// Characters / 4 of `messages` and `tools`, plus framing.
pub fn estimate(messages: &[Message], tools: &[ToolSpec]) -> u64 {
    let text: u64 = messages
        .iter()
        .map(|m| (m.size() as u64).div_ceil(4) + PER_MESSAGE)
        .sum();
    text + tools_estimate(tools)
}

/// Characters / 4 of the tool schemas as sent.
pub fn tools_estimate(tools: &[ToolSpec]) -> u64 {
    if tools.is_empty() {
        return 0;
    }
    (serde_json::to_string(tools).map_or(0, |s| s.len()) as u64).div_ceil(4)
}

/// Whether the instructions and the full tool schemas would take more
/// than half of what the window leaves for the prompt (Ollama's default
/// 4,096 tokens: they alone take ~3,500): then [`compact_tools`] is sent.
pub fn needs_compact_tools(
    fixed_messages: &[Message],
    tools: &[ToolSpec],
    budget: Budget,
    ratio: f64,
) -> bool {
    let fixed = estimate(fixed_messages, tools) as f64 * ratio;
    fixed > budget.prompt_limit() as f64 / 2.0
}

/// Tool schemas for a small window: each tool's description cut to its
/// first clause (up to the first `. ` or `: `), the descriptions of its
/// parameters and the schema's refinements (`additionalProperties`,
/// `minItems`) left out (names, types, enums and required lists stay).
pub fn compact_tools(tools: &[ToolSpec]) -> Vec<ToolSpec> {
    tools
        .iter()
        .map(|t| {
            let mut t = t.clone();
            let d = &t.function.description;
            let end = [". ", ": "]
                .iter()
                .filter_map(|stop| d.find(stop))
                .min()
                .unwrap_or(d.len())
                .min(d.find('\n').unwrap_or(d.len()));
            let first = d[..end].trim().trim_end_matches('.');
            t.function.description = format!("{first}.");
            strip_descriptions(&mut t.function.parameters);
            t
        })
        .collect()
}

/// Removes `description`, `additionalProperties` and `minItems` from a
/// JSON schema and its nested schemas (not from `properties`, where they
/// could be parameters' names).
fn strip_descriptions(schema: &mut serde_json::Value) {
    let Some(map) = schema.as_object_mut() else {
        return;
    };
    for refinement in ["description", "additionalProperties", "minItems"] {
        map.remove(refinement);
    }
    if let Some(props) = map.get_mut("properties").and_then(|p| p.as_object_mut()) {
        for sub in props.values_mut() {
            strip_descriptions(sub);
        }
    }
    if let Some(items) = map.get_mut("items") {
        strip_descriptions(items);
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(list) = map.get_mut(key).and_then(|l| l.as_array_mut()) {
            list.iter_mut().for_each(strip_descriptions);
        }
    }
}

/// How many tokens the endpoint counted per token estimated, from one
/// report, kept within reason.
pub fn ratio(reported: u64, estimated: u64) -> f64 {
    if reported == 0 || estimated == 0 {
        return 1.0;
    }
    (reported as f64 / estimated as f64).clamp(0.5, 3.0)
}

/// The window and what is kept free in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The model's context window.
    pub context_tokens: u64,
    /// Kept free for the reply.
    pub reply_tokens: u64,
}

impl Budget {
    /// Tokens the prompt (messages and tools) may take: the window less
    /// the reply and a 5 % margin for estimation error.
    pub fn prompt_limit(&self) -> u64 {
        (self.context_tokens - self.context_tokens / 20).saturating_sub(self.reply_tokens)
    }

    /// The most a single tool result may carry into the conversation, in
    /// bytes: about a quarter of the prompt limit.
    pub fn result_cap(&self) -> usize {
        usize::try_from(self.prompt_limit())
            .unwrap_or(usize::MAX)
            .clamp(1024, 64 * 1024)
    }

    /// This budget in a window of at most `tokens`.
    pub fn within(&self, tokens: u64) -> Budget {
        let context_tokens = self.context_tokens.min(tokens).max(1024);
        Budget {
            context_tokens,
            reply_tokens: self.reply_tokens.min(context_tokens / 8),
        }
    }

    /// A budget for a window the endpoint itself named (after it refused
    /// a prompt as too long), never larger than this one.
    pub fn shrunk_to(&self, named: Option<u64>) -> Budget {
        let smaller = self.context_tokens * 3 / 4;
        self.within(named.map_or(smaller, |n| n.min(smaller)))
    }
}

/// The prompt does not fit even with everything optional left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the instructions, tools and this turn need about {needed} tokens; the window leaves {limit}"
)]
pub struct TooSmall {
    pub needed: u64,
    pub limit: u64,
}

/// The conversation of one turn as it is being sent: where this turn
/// starts, what the last report measured, and how tokens relate to text.
#[derive(Debug, Clone)]
pub struct ContextWindow {
    pub budget: Budget,
    /// Index of the first message of this turn (after the system prompt
    /// and the replayed history).
    pub turn_start: usize,
    /// The first `.0` messages were last sent and measured `.1` tokens.
    anchor: Option<(usize, u64)>,
    /// Tokens the endpoint counts per token estimated.
    ratio: f64,
    tools: u64,
}

/// What fitting did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fitted {
    /// Earlier messages left out.
    pub dropped: usize,
    /// Tool results cut.
    pub cut: usize,
}

impl ContextWindow {
    pub fn new(budget: Budget, turn_start: usize, tools: &[ToolSpec], ratio: f64) -> ContextWindow {
        ContextWindow {
            budget,
            turn_start,
            anchor: None,
            ratio,
            tools: tools_estimate(tools),
        }
    }

    /// After a reply: the first `sent` messages measured `prompt_tokens`.
    pub fn measured(&mut self, sent: usize, prompt_tokens: u64, ratio: f64) {
        self.ratio = ratio;
        self.anchor = (prompt_tokens > 0).then_some((sent, prompt_tokens));
    }

    /// The estimated prompt size of `messages` with the tools.
    pub fn tokens(&self, messages: &[Message]) -> u64 {
        let scaled = |m: &[Message]| (estimate(m, &[]) as f64 * self.ratio).ceil() as u64;
        match self.anchor {
            Some((sent, measured)) if sent <= messages.len() => {
                measured + scaled(&messages[sent..])
            }
            _ => scaled(messages) + (self.tools as f64 * self.ratio).ceil() as u64,
        }
    }

    /// Shortens `messages` until they fit the budget (see the module
    /// documentation). `messages[0]` is the system prompt.
    pub fn fit(&mut self, messages: &mut Vec<Message>) -> Result<Fitted, TooSmall> {
        let limit = self.budget.prompt_limit();
        let mut fitted = Fitted::default();
        if self.tokens(messages) <= limit {
            return Ok(fitted);
        }
        // Whatever changes below invalidates the measured prefix.
        self.anchor = None;
        let newest = newest_results(messages, self.turn_start);
        fitted.cut += cut_results(messages, self.turn_start..newest, TURN_RESULT_BYTES);
        if self.tokens(messages) <= limit {
            return Ok(fitted);
        }
        fitted.cut += cut_results(messages, 1..self.turn_start, OLD_RESULT_BYTES);
        while self.tokens(messages) > limit {
            let gone = self.drop_oldest_turn(messages);
            if gone == 0 {
                break;
            }
            fitted.dropped += gone;
        }
        while self.tokens(messages) > limit {
            let gone = self.drop_oldest_step(messages);
            if gone == 0 {
                break;
            }
            fitted.dropped += gone;
        }
        for cap in [2048, OLD_RESULT_BYTES] {
            if self.tokens(messages) <= limit {
                break;
            }
            let end = messages.len();
            fitted.cut += cut_results(messages, self.turn_start..end, cap);
        }
        let needed = self.tokens(messages);
        if needed > limit {
            return Err(TooSmall { needed, limit });
        }
        Ok(fitted)
    }

    /// Leaves out the oldest replayed turn (up to the next message an
    /// operator or Nomos said after the agent), keeping one note saying
    /// how many messages are gone. Returns how many were left out.
    fn drop_oldest_turn(&mut self, messages: &mut Vec<Message>) -> usize {
        let had_note = messages.get(1).is_some_and(is_left_out_note);
        let first = if had_note { 2 } else { 1 };
        if first >= self.turn_start {
            return 0;
        }
        let end = (first + 1..self.turn_start)
            .find(|&j| starts_turn(&messages[j]) && !starts_turn(&messages[j - 1]))
            .unwrap_or(self.turn_start);
        let gone = end - first;
        let before = if had_note {
            left_out_count(&messages[1])
        } else {
            0
        };
        messages.drain(first..end);
        self.turn_start -= gone;
        let note = Message::system(format!(
            "{LEFT_OUT_NOTE} ({} messages) to fit the model's context window.",
            before + gone
        ));
        if had_note {
            messages[1] = note;
        } else {
            messages.insert(1, note);
            self.turn_start += 1;
        }
        gone
    }
}

impl ContextWindow {
    /// Leaves out this turn's oldest step (a tool-calling message and its
    /// results) while more than [`KEEP_STEPS`] remain, keeping one note
    /// before the first remaining step. Returns how many messages went.
    fn drop_oldest_step(&mut self, messages: &mut Vec<Message>) -> usize {
        let steps: Vec<usize> = (self.turn_start..messages.len())
            .filter(|&i| messages[i].role == Role::Assistant && !messages[i].tool_calls.is_empty())
            .collect();
        if steps.len() <= KEEP_STEPS {
            return 0;
        }
        let first = steps[0];
        let end = (first + 1..messages.len())
            .find(|&j| messages[j].role != Role::Tool)
            .unwrap_or(messages.len());
        let gone = end - first;
        messages.drain(first..end);
        let noted = first > 0 && is_note(&messages[first - 1], STEPS_NOTE);
        let before = if noted {
            left_out_count(&messages[first - 1])
        } else {
            0
        };
        let note = Message::system(format!(
            "{STEPS_NOTE} ({} messages) to fit the model's context window; the executions \
             they started are recorded (get_execution_status).",
            before + gone
        ));
        if noted {
            messages[first - 1] = note;
        } else {
            messages.insert(first, note);
        }
        gone
    }
}

fn is_note(m: &Message, start: &str) -> bool {
    m.role == Role::System && m.content.as_deref().is_some_and(|c| c.starts_with(start))
}

/// An operator's message or a note from Nomos.
fn starts_turn(m: &Message) -> bool {
    m.role == Role::User || m.role == Role::System
}

fn is_left_out_note(m: &Message) -> bool {
    is_note(m, LEFT_OUT_NOTE)
}

fn left_out_count(m: &Message) -> usize {
    m.content
        .as_deref()
        .and_then(|c| c.split('(').nth(1))
        .and_then(|c| c.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Where this turn's last run of tool results starts (the results the
/// model has not answered yet).
fn newest_results(messages: &[Message], turn_start: usize) -> usize {
    let mut at = messages.len();
    while at > turn_start && messages[at - 1].role == Role::Tool {
        at -= 1;
    }
    at
}

/// Cuts the tool results in `range` to `cap` bytes; returns how many.
fn cut_results(messages: &mut [Message], range: std::ops::Range<usize>, cap: usize) -> usize {
    let mut cut = 0;
    for m in &mut messages[range] {
        if m.role == Role::Tool
            && let Some(text) = &m.content
            && text.len() > cap
        {
            m.content = Some(truncate(text, cap));
            cut += 1;
        }
    }
    cut
}

/// `text` cut to at most `cap` bytes for storage: the start and the end
/// kept (a command's verdict is usually at the end), with a marker saying
/// how much is gone.
pub fn truncate(text: &str, cap: usize) -> String {
    if text.len() <= cap {
        return text.to_string();
    }
    let marker_room = 48;
    let budget = cap.saturating_sub(marker_room);
    let head_len = floor_boundary(text, budget / 4);
    let tail_start = ceil_boundary(text, text.len() - (budget - budget / 4));
    let cut = tail_start - head_len;
    let out = format!(
        "{}\n[… {cut} bytes cut …]\n{}",
        &text[..head_len],
        &text[tail_start..]
    );
    debug_assert!(out.len() <= cap, "{} > {cap}", out.len());
    out
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_keeps_both_ends_within_the_cap() {
        let text: String = (0..2000).map(|i| format!("line {i}\n")).collect();
        let cut = truncate(&text, 4096);
        assert!(cut.len() <= 4096, "{}", cut.len());
        assert!(cut.starts_with("line 0\n"));
        assert!(cut.ends_with("line 1999\n"));
        assert!(cut.contains("bytes cut"));
        assert_eq!(truncate("short", 4096), "short");
        let wide = "é".repeat(5000);
        assert!(truncate(&wide, 1000).len() <= 1000);
    }

    use crate::agent::llm::message::calling as call;

    /// System prompt, `turns` earlier turns each with a 4 KB result,
    /// then this turn's message.
    fn conversation(turns: usize) -> (Vec<Message>, usize) {
        let mut m = vec![Message::system("s".repeat(400))];
        for t in 0..turns {
            m.push(Message::user(format!("op: turn {t}")));
            m.push(call(&format!("c{t}")));
            m.push(Message::tool_result(format!("c{t}"), "r".repeat(4000)));
            m.push(Message::assistant(format!("answer {t}")));
        }
        let start = m.len();
        m.push(Message::user("op: now"));
        (m, start)
    }

    #[test]
    fn estimates_use_the_last_report_plus_new_text() {
        let messages = vec![Message::user("x".repeat(400))];
        assert_eq!(estimate(&messages, &[]), 104);
        let mut w = ContextWindow::new(
            Budget {
                context_tokens: 10_000,
                reply_tokens: 500,
            },
            1,
            &[],
            1.0,
        );
        assert_eq!(w.tokens(&messages), 104);
        w.measured(1, 300, 2.0);
        let mut more = messages.clone();
        more.push(Message::tool_result("c", "y".repeat(40)));
        assert_eq!(w.tokens(&more), 300 + 2 * 14);
        assert_eq!(ratio(300, 100), 3.0);
        assert_eq!(ratio(0, 100), 1.0);
    }

    #[test]
    fn a_conversation_that_fits_is_left_alone() {
        let (mut m, start) = conversation(2);
        let before = m.clone();
        let budget = Budget {
            context_tokens: 100_000,
            reply_tokens: 1000,
        };
        let mut w = ContextWindow::new(budget, start, &[], 1.0);
        assert_eq!(w.fit(&mut m), Ok(Fitted::default()));
        assert_eq!(m, before);
    }

    #[test]
    fn older_results_are_cut_then_old_turns_left_out_oldest_first() {
        let (mut m, start) = conversation(6);
        // 6 turns of ~1 k tokens each; cut to a gist they take ~155 each.
        let budget = Budget {
            context_tokens: 1000,
            reply_tokens: 100,
        };
        let mut w = ContextWindow::new(budget, start, &[], 1.0);
        let fitted = w.fit(&mut m).expect("fits");
        assert_eq!(fitted.cut, 6);
        assert!(fitted.dropped > 0, "{fitted:?}");
        assert!(w.tokens(&m) <= budget.prompt_limit());
        assert_eq!(m[0].role, Role::System);
        assert!(is_left_out_note(&m[1]), "{:?}", m[1]);
        assert_eq!(m[2].role, Role::User, "a whole turn is left out");
        assert_eq!(m.last().and_then(|l| l.content.as_deref()), Some("op: now"));
        assert_eq!(m[w.turn_start].content.as_deref(), Some("op: now"));
        // The oldest went first: the newest earlier turn is still there.
        assert!(m.iter().any(|x| x.content.as_deref() == Some("answer 5")));
        assert!(!m.iter().any(|x| x.content.as_deref() == Some("answer 0")));
        // Fitting again keeps one note and counts on.
        let dropped = fitted.dropped;
        let mut w2 = ContextWindow::new(
            Budget {
                context_tokens: 700,
                reply_tokens: 100,
            },
            w.turn_start,
            &[],
            1.0,
        );
        let again = w2.fit(&mut m).expect("fits");
        // Once only the note is left of the history, nothing more goes.
        let mut bare = vec![
            Message::system("s"),
            Message::system(format!("{LEFT_OUT_NOTE} (3 messages) to fit.")),
            Message::user("x".repeat(40_000)),
        ];
        let mut w3 = ContextWindow::new(budget, 2, &[], 1.0);
        assert!(w3.fit(&mut bare).is_err());
        assert_eq!(bare.len(), 3);
        assert_eq!(m.iter().filter(|x| is_left_out_note(x)).count(), 1);
        assert_eq!(left_out_count(&m[1]), dropped + again.dropped);
    }

    #[test]
    fn this_turns_results_are_cut_last_and_a_hopeless_window_is_said() {
        let mut m = vec![
            Message::system("s"),
            Message::user("op: read it"),
            call("a"),
            Message::tool_result("a", "x".repeat(20_000)),
            call("b"),
            Message::tool_result("b", "y".repeat(20_000)),
        ];
        let budget = Budget {
            context_tokens: 3000,
            reply_tokens: 200,
        };
        let mut w = ContextWindow::new(budget, 1, &[], 1.0);
        let fitted = w.fit(&mut m).expect("fits");
        assert!(fitted.cut >= 2);
        assert!(
            m[3].content
                .as_deref()
                .is_some_and(|c| c.len() <= TURN_RESULT_BYTES)
        );
        assert!(m[5].content.as_deref().is_some_and(|c| c.len() <= 2048));

        let mut huge = vec![Message::system("s".repeat(40_000)), Message::user("hi")];
        let mut w = ContextWindow::new(budget, 1, &[], 1.0);
        let err = w.fit(&mut huge).unwrap_err();
        assert!(err.needed > err.limit);
    }

    #[test]
    fn a_long_turn_leaves_out_its_oldest_steps() {
        let mut m = vec![Message::system("s"), Message::user("op: look around")];
        for i in 0..30 {
            m.push(call(&format!("c{i}")));
            m.push(Message::tool_result(format!("c{i}"), "e".repeat(400)));
        }
        let budget = Budget {
            context_tokens: 1000,
            reply_tokens: 100,
        };
        let mut w = ContextWindow::new(budget, 1, &[], 1.0);
        let fitted = w.fit(&mut m).expect("fits");
        assert!(fitted.dropped > 0);
        assert!(w.tokens(&m) <= budget.prompt_limit());
        assert_eq!(m[1].content.as_deref(), Some("op: look around"));
        assert!(is_note(&m[2], STEPS_NOTE), "{:?}", m[2]);
        assert_eq!(left_out_count(&m[2]), fitted.dropped);
        // The newest steps stay, each call still followed by its result.
        assert_eq!(
            m.last().and_then(|l| l.tool_call_id.as_deref()),
            Some("c29")
        );
        assert_eq!(m[3].tool_calls.len(), 1);
        assert_eq!(m[4].tool_call_id, Some(m[3].tool_calls[0].id.clone()));
    }

    #[test]
    fn small_windows_get_compact_tool_schemas() {
        let tools = [ToolSpec::function(
            "run",
            "Run a shell command on a target. It waits for approval when needed.\nMore.",
            serde_json::json!({"type": "object", "required": ["description"], "properties": {
                "description": {"type": "string", "description": "why"},
                "target": {"type": "string", "description": "host:NAME", "enum": ["host:a"]},
                "steps": {"type": "array", "items": {"type": "string", "description": "one"}}
            }}),
        )];
        let compact = compact_tools(&tools);
        assert_eq!(
            compact[0].function.description,
            "Run a shell command on a target."
        );
        let colon = compact_tools(&[ToolSpec::function(
            "get",
            "Look up an execution: its status and output.",
            serde_json::json!({"type": "object", "additionalProperties": false, "properties": {}}),
        )]);
        assert_eq!(colon[0].function.description, "Look up an execution.");
        assert!(
            colon[0]
                .function
                .parameters
                .get("additionalProperties")
                .is_none()
        );
        let p = &compact[0].function.parameters;
        assert!(
            p["properties"]["description"].is_object(),
            "a parameter named description stays"
        );
        assert!(p["properties"]["description"].get("description").is_none());
        assert_eq!(p["properties"]["target"]["enum"][0], "host:a");
        assert!(
            p["properties"]["steps"]["items"]
                .get("description")
                .is_none()
        );
        assert_eq!(p["required"][0], "description");
        let system = Message::system("s".repeat(8000));
        let small = Budget {
            context_tokens: 4096,
            reply_tokens: 512,
        };
        let large = Budget {
            context_tokens: 65_536,
            reply_tokens: 4096,
        };
        assert!(needs_compact_tools(
            std::slice::from_ref(&system),
            &tools,
            small,
            1.0
        ));
        assert!(!needs_compact_tools(
            std::slice::from_ref(&system),
            &tools,
            large,
            1.0
        ));
    }

    #[test]
    fn budgets_shrink_to_what_the_endpoint_named() {
        let b = Budget {
            context_tokens: 65_536,
            reply_tokens: 4096,
        };
        assert_eq!(b.prompt_limit(), 65_536 - 3276 - 4096);
        assert_eq!(
            b.shrunk_to(Some(8192)),
            Budget {
                context_tokens: 8192,
                reply_tokens: 1024
            }
        );
        assert_eq!(b.shrunk_to(None).context_tokens, 49_152);
        assert_eq!(
            b.within(8192),
            Budget {
                context_tokens: 8192,
                reply_tokens: 1024
            }
        );
        assert_eq!(b.within(100_000), b);
        assert_eq!(b.result_cap(), 58_164);
    }
}
