//! One turn of the agent: build the prompt (instructions, fleet snapshot,
//! replayed history, what is new), then ask the model and run the tools it
//! calls until it answers in words, at most `max_iterations` times; on
//! exhaustion one last call, tools described but not callable, asks for a
//! status report, so a turn always ends with an outcome in the room.
//!
//! Before each call the conversation is fitted to the model's context
//! window ([`ContextWindow`]); a context-length refusal from the endpoint shortens
//! it to the window the endpoint named and asks once more, then tells the
//! room plainly. Tool results go to the model whole within their turn, up
//! to a share of the window.
//!
//! Everything said in the turn is stored as it happens (tool results cut
//! to `result_cap_bytes`), with the token usage the endpoint reported, so
//! the next turn can replay it and a crash loses at most the step in
//! flight.

use std::collections::HashMap;

use serde_json::Value;
use time::OffsetDateTime;
use tracing::Instrument;
use uuid::Uuid;

use super::history::{Compaction, replay, user_text};
use super::llm::budget::{ContextWindow, Fitted, compact_tools, needs_compact_tools, truncate};
use super::llm::{Client, Completion, LlmError, Message, ToolCall, ToolSpec, Tools};
use super::tools::{TurnCtx, fleet_snapshot};
use super::{Agent, AgentError, Handled, prompt};
use crate::chat::{Inbound, Outbound, strings};
use crate::domain::Role;
use crate::store::executions::Execution;
use crate::store::messages::NewMessage;

/// What starts a turn.
#[derive(Debug, Clone, Default)]
pub struct Input {
    /// An operator's message, if one started it.
    pub user: Option<Inbound>,
    /// System notes after the message (never stored as a user turn).
    pub notes: Vec<String>,
}

impl Input {
    pub fn from_user(inbound: &Inbound) -> Input {
        Input {
            user: Some(inbound.clone()),
            notes: Vec::new(),
        }
    }

    /// A turn the continuation worker starts: results came in.
    pub fn wake() -> Input {
        Input {
            user: None,
            notes: vec![strings::turn::continue_after_results().to_string()],
        }
    }

    pub fn with_note(mut self, note: String) -> Input {
        self.notes.push(note);
        self
    }
}

/// How a turn went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnReport {
    pub turn_id: Uuid,
    /// Model calls that asked for tools.
    pub iterations: usize,
    pub tool_calls: usize,
    /// The tool budget ran out and a status report was asked for.
    pub exhausted: bool,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// What the agent said last.
    pub reply: String,
}

impl TurnReport {
    fn new(turn_id: Uuid) -> TurnReport {
        TurnReport {
            turn_id,
            iterations: 0,
            tool_calls: 0,
            exhausted: false,
            prompt_tokens: 0,
            completion_tokens: 0,
            reply: String::new(),
        }
    }
}

/// Runs a turn in `session`. The caller holds the session's lock and has
/// taken `results`, the executions the agent has not seen yet.
pub(super) async fn run(
    agent: &Agent,
    session: Uuid,
    input: Input,
    results: Vec<Execution>,
) -> Result<Handled, AgentError> {
    let turn_id = Uuid::now_v7();
    let span = tracing::info_span!("turn", %session, turn = %turn_id);
    let store = &agent.inner.store;
    store
        .start_turn(turn_id, session, OffsetDateTime::now_utc())
        .await?;
    let outcome = run_in_span(agent, session, turn_id, input, results)
        .instrument(span)
        .await;
    // Finished however it ended: assent may now approve its cards.
    store
        .finish_turn(turn_id, OffsetDateTime::now_utc())
        .await?;
    outcome
}

async fn run_in_span(
    agent: &Agent,
    session: Uuid,
    turn_id: Uuid,
    input: Input,
    results: Vec<Execution>,
) -> Result<Handled, AgentError> {
    let inner = &agent.inner;
    let store = &inner.store;
    let Some(session_row) = store.get_session(session).await? else {
        return Err(AgentError::Store(crate::store::StoreError::Invalid(
            format!("session {session} does not exist"),
        )));
    };
    let room = session_row.room_id;
    // The past, before anything of this turn is stored.
    let rows = store
        .history(session, inner.settings.history_messages)
        .await?;
    let requested_by = requester(&input, &results, &rows);
    let new = record_inputs(agent, session, turn_id, &input, &results).await?;
    let Some(llm) = &inner.llm else {
        agent
            .say(&room, reply_to(&input, strings::turn::no_model(), true))
            .await;
        return Ok(Handled::Unavailable);
    };
    let (messages, turn_start) = conversation(agent, &rows, &new).await?;
    let mut specs = inner.tools.specs_for(&inner.store).await?;
    // What every request of the turn carries: the prompt and the fleet note.
    let fixed = [messages[0].clone(), messages[turn_start].clone()];
    if needs_compact_tools(&fixed, &specs, llm.budget(), llm.token_ratio()) {
        tracing::debug!("small context window: sending compact tool schemas");
        specs = compact_tools(&specs);
    }
    let window = ContextWindow::new(llm.budget(), turn_start, &specs, llm.token_ratio());
    let mut work = TurnLoop {
        agent,
        llm,
        input: &input,
        specs: &specs,
        messages,
        window,
        ctx: TurnCtx {
            agent: agent.clone(),
            session,
            turn: turn_id,
            room: room.clone(),
            requested_by,
            thread: None,
            proposed: HashMap::new(),
        },
        report: TurnReport::new(turn_id),
    };
    typing(agent, &room, true).await;
    let outcome = work.tool_loop().await;
    typing(agent, &room, false).await;
    conclude(agent, &input, &room, outcome, work.report).await
}

/// Who the turn's proposals are for (the four-eyes rule reads it): the
/// operator who spoke, else, for a continuation, every operator who
/// asked for the work whose results woke it (none of them may confirm
/// its destructive next step alone), else the last operator who spoke.
fn requester(
    input: &Input,
    results: &[Execution],
    rows: &[crate::store::messages::StoredMessage],
) -> String {
    let last_speaker = rows
        .iter()
        .rev()
        .find(|r| r.role == Role::User)
        .and_then(|r| r.sender.as_deref());
    let woke_by: Vec<&str> = results.iter().map(|e| e.requested_by.as_str()).collect();
    requester_of(
        input.user.as_ref().map(|u| u.sender.as_str()),
        &woke_by,
        last_speaker,
    )
}

/// [`requester`] over plain data: the sender of the turn's message, the
/// requesters recorded on the results that woke it, the last operator
/// who spoke.
fn requester_of(sender: Option<&str>, woke_by: &[&str], last_speaker: Option<&str>) -> String {
    if let Some(sender) = sender {
        return sender.to_string();
    }
    let people: Vec<&str> = woke_by
        .iter()
        .flat_map(|r| crate::domain::requesters(r))
        .filter(|r| r.starts_with('@'))
        .collect();
    if !people.is_empty() {
        return crate::domain::join_requesters(people);
    }
    last_speaker
        .unwrap_or(crate::domain::NOMOS_ACTOR)
        .to_string()
}

/// Stores what is new this turn, in order: results first (they happened
/// before), then the operator's words, then notes. Returns them.
async fn record_inputs(
    agent: &Agent,
    session: Uuid,
    turn_id: Uuid,
    input: &Input,
    results: &[Execution],
) -> Result<Vec<NewMessage>, AgentError> {
    let mut new: Vec<NewMessage> = Vec::new();
    if !results.is_empty() {
        new.push(system_note(
            turn_id,
            results_note(results, agent.inner.settings.result_cap_bytes),
        ));
    }
    if let Some(user) = &input.user {
        new.push(NewMessage {
            turn_id: Some(turn_id),
            role: Role::User,
            sender: Some(user.sender.clone()),
            content: user.body.clone(),
            ..NewMessage::default()
        });
    }
    for note in &input.notes {
        new.push(system_note(turn_id, note.clone()));
    }
    for message in &new {
        agent.inner.store.append_message(session, message).await?;
    }
    Ok(new)
}

/// The conversation sent this turn: the system prompt (the instructions,
/// the same bytes every turn), the replayed history, the fleet now (not
/// stored: each turn has its own), then what is new. Also where this turn
/// starts in it (at the fleet note).
/// Everything that changes between turns comes after the history, so each
/// request repeats the previous one's prefix.
async fn conversation(
    agent: &Agent,
    rows: &[crate::store::messages::StoredMessage],
    new: &[NewMessage],
) -> Result<(Vec<Message>, usize), AgentError> {
    let settings = &agent.inner.settings;
    let snapshot = fleet_snapshot(&agent.inner.store).await?;
    let mut messages = vec![Message::system(prompt::system(
        &settings.soul,
        agent.inner.surface_kind,
    ))];
    messages.extend(replay(
        rows,
        Compaction {
            recent_turns: settings.recent_turns,
            old_result_bytes: settings.result_cap_bytes / 4,
        },
    ));
    let turn_start = messages.len();
    messages.push(Message::system(prompt::fleet_now(
        &snapshot,
        OffsetDateTime::now_utc(),
    )));
    for m in new {
        messages.push(match m.role {
            Role::User => Message::user(user_text(m.sender.as_deref(), &m.content)),
            Role::System | Role::Assistant | Role::Tool => Message::system(m.content.clone()),
        });
    }
    Ok((messages, turn_start))
}

/// Tells the room how the turn ended: the reply, or why the model failed.
async fn conclude(
    agent: &Agent,
    input: &Input,
    room: &str,
    outcome: Result<String, AgentError>,
    mut report: TurnReport,
) -> Result<Handled, AgentError> {
    match outcome {
        Ok(reply) => {
            tracing::info!(
                iterations = report.iterations,
                tool_calls = report.tool_calls,
                prompt_tokens = report.prompt_tokens,
                completion_tokens = report.completion_tokens,
                exhausted = report.exhausted,
                "turn finished"
            );
            agent.say(room, reply_to(input, reply.clone(), false)).await;
            report.reply = reply;
            Ok(Handled::Turn(report))
        }
        Err(AgentError::Llm(e)) => {
            tracing::warn!(error = %e, "the model failed during a turn");
            agent
                .say(room, reply_to(input, failure_notice(&e), true))
                .await;
            Ok(Handled::Unavailable)
        }
        Err(e) => Err(e),
    }
}

/// A turn at work: the model, the conversation so far and its window, the
/// tools' context and the running report.
struct TurnLoop<'a> {
    agent: &'a Agent,
    llm: &'a Client,
    input: &'a Input,
    specs: &'a [ToolSpec],
    messages: Vec<Message>,
    window: ContextWindow,
    ctx: TurnCtx,
    report: TurnReport,
}

impl TurnLoop<'_> {
    /// Asks the model and runs the tools it calls until it answers in
    /// words or the tool budget is spent.
    async fn tool_loop(&mut self) -> Result<String, AgentError> {
        let max = self.agent.inner.settings.max_iterations;
        loop {
            if self.report.iterations >= max {
                self.report.exhausted = true;
                return self.final_report().await;
            }
            let completion = ask(
                self.llm,
                &mut self.messages,
                &mut self.window,
                Tools::Offer(self.specs),
            )
            .await?;
            let (session, turn) = (self.ctx.session, self.ctx.turn);
            record(self.agent, session, turn, &completion, &mut self.report).await?;
            self.messages.push(completion.to_message());
            if completion.tool_calls.is_empty() {
                return Ok(completion.content);
            }
            self.report.iterations += 1;
            if !completion.content.trim().is_empty() {
                // Words alongside tool calls are the plan: cards thread under it.
                let plan = reply_to(self.input, completion.content.clone(), false);
                let id = self.agent.say(&self.ctx.room, plan).await;
                if self.ctx.thread.is_none() {
                    self.ctx.thread = id;
                }
            }
            for call in &completion.tool_calls {
                self.run_call(call).await?;
            }
        }
    }

    /// Runs one tool call; its result is stored cut for replay and goes to
    /// the model whole within the turn, up to a share of the window.
    async fn run_call(&mut self, call: &ToolCall) -> Result<(), AgentError> {
        let inner = &self.agent.inner;
        self.report.tool_calls += 1;
        let result = inner.tools.call(&mut self.ctx, call).await;
        let stored = NewMessage {
            turn_id: Some(self.ctx.turn),
            role: Role::Tool,
            content: truncate(&result, inner.settings.result_cap_bytes),
            tool_call_id: Some(call.id.clone()),
            ..NewMessage::default()
        };
        inner
            .store
            .append_message(self.ctx.session, &stored)
            .await?;
        let sent = truncate(&result, self.window.budget.result_cap());
        self.messages
            .push(Message::tool_result(call.id.clone(), sent));
        Ok(())
    }

    /// The tool budget is spent: one last call, tools described but not
    /// callable (`tool_choice: "none"`), asks for a status report. A model
    /// that calls tools anyway has its calls set aside.
    async fn final_report(&mut self) -> Result<String, AgentError> {
        let max = self.agent.inner.settings.max_iterations;
        self.messages
            .push(Message::system(strings::turn::report_now(max)));
        let mut completion = ask(
            self.llm,
            &mut self.messages,
            &mut self.window,
            Tools::Describe(self.specs),
        )
        .await?;
        if !completion.tool_calls.is_empty() {
            tracing::warn!(
                calls = completion.tool_calls.len(),
                "the model called tools when asked for its report; they are not run"
            );
            completion.tool_calls.clear();
        }
        if completion.content.trim().is_empty() {
            completion.content = strings::turn::report_missing(max);
        }
        let (session, turn) = (self.ctx.session, self.ctx.turn);
        record(self.agent, session, turn, &completion, &mut self.report).await?;
        Ok(completion.content)
    }
}

/// Sends the turn's conversation, fitted to the context window. When the
/// endpoint still says it is too long, the conversation is fitted to the
/// window the endpoint named (or three quarters of the assumed one) and
/// sent once more.
async fn ask(
    llm: &Client,
    messages: &mut Vec<Message>,
    window: &mut ContextWindow,
    tools: Tools<'_>,
) -> Result<Completion, AgentError> {
    fit(window, messages)?;
    let completion = match llm.complete(messages, tools).await {
        Err(LlmError::ContextLength { limit, detail }) => {
            tracing::warn!(
                ?limit,
                context_tokens = window.budget.context_tokens,
                "the endpoint says the prompt is too long; shortening it and asking once more"
            );
            if let Some(tokens) = limit {
                llm.learn_window(tokens);
            }
            window.budget = window.budget.shrunk_to(limit);
            fit(window, messages).map_err(|_| LlmError::ContextLength { limit, detail })?;
            llm.complete(messages, tools).await?
        }
        other => other?,
    };
    window.measured(
        messages.len(),
        completion.last_prompt_tokens,
        llm.token_ratio(),
    );
    Ok(completion)
}

/// Fits `messages` to the window, logging what was left out.
fn fit(window: &mut ContextWindow, messages: &mut Vec<Message>) -> Result<(), LlmError> {
    match window.fit(messages) {
        Ok(fitted) => {
            if fitted != Fitted::default() {
                tracing::info!(
                    dropped = fitted.dropped,
                    cut = fitted.cut,
                    context_tokens = window.budget.context_tokens,
                    "shortened the conversation to fit the model's context window"
                );
            }
            Ok(())
        }
        Err(too_small) => Err(LlmError::ContextLength {
            limit: Some(window.budget.context_tokens),
            detail: too_small.to_string(),
        }),
    }
}

/// What the room is told when the model fails: an outage (ask again
/// later, `!retry`), a conversation too long for the window, or a request
/// the endpoint refuses as it is (asking again would fail the same way).
fn failure_notice(error: &LlmError) -> String {
    match error {
        LlmError::ContextLength { .. } => strings::turn::context_exhausted(error),
        e if e.is_outage() => strings::turn::model_failed(e),
        e => strings::turn::model_refused(e, e.fix()),
    }
}

/// Stores an assistant message with its usage and adds it to the report.
async fn record(
    agent: &Agent,
    session: Uuid,
    turn_id: Uuid,
    completion: &Completion,
    report: &mut TurnReport,
) -> Result<(), AgentError> {
    report.prompt_tokens += completion.usage.prompt_tokens;
    report.completion_tokens += completion.usage.completion_tokens;
    let tool_calls = (!completion.tool_calls.is_empty())
        .then(|| serde_json::to_value(&completion.tool_calls).unwrap_or(Value::Null));
    let reasoning = completion.reasoning.to_stored();
    agent
        .inner
        .store
        .append_message(
            session,
            &NewMessage {
                turn_id: Some(turn_id),
                role: Role::Assistant,
                content: completion.content.clone(),
                tool_calls,
                prompt_tokens: Some(completion.usage.prompt_tokens as i64),
                completion_tokens: Some(completion.usage.completion_tokens as i64),
                reasoning,
                ..NewMessage::default()
            },
        )
        .await?;
    Ok(())
}

fn system_note(turn_id: Uuid, content: String) -> NewMessage {
    NewMessage {
        turn_id: Some(turn_id),
        role: Role::System,
        content,
        ..NewMessage::default()
    }
}

fn reply_to(input: &Input, markdown: String, notice: bool) -> Outbound {
    let mut out = if notice {
        Outbound::notice(markdown)
    } else {
        Outbound::text(markdown)
    };
    out.in_reply_to = input.user.as_ref().map(|u| u.event_id.clone());
    out
}

async fn typing(agent: &Agent, room: &str, on: bool) {
    if let Err(e) = agent.inner.surface.typing(room, on).await {
        tracing::debug!(error = %e, "cannot show typing");
    }
}

/// The note that hands finished executions to the agent.
pub fn results_note(results: &[Execution], cap: usize) -> String {
    let per = (cap / results.len().max(1)).max(512);
    let mut text = String::from(strings::turn::results_heading());
    for e in results {
        let result = super::tools::run_result(e, per);
        text.push_str(&format!(
            "\n- {} `{}` on `{}` ({}): {}",
            crate::domain::short_id(e.id),
            e.command,
            e.target,
            e.purpose,
            result
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::requester_of;

    #[test]
    fn a_turn_is_for_who_spoke_else_everyone_whose_work_woke_it() {
        let alice = "@alice:lab";
        // Someone spoke: the turn is theirs.
        assert_eq!(
            requester_of(Some(alice), &["@bob:lab"], Some("@bob:lab")),
            alice
        );
        // A continuation: the requesters of the work that woke it, not
        // whoever spoke last in the room.
        assert_eq!(requester_of(None, &[alice], Some("@bob:lab")), alice);
        // Results of work two operators asked for: both, so neither
        // confirms the destructive next step alone under four-eyes.
        let both = requester_of(
            None,
            &[alice, "nomos", "@bob:lab", alice],
            Some("@carol:lab"),
        );
        assert_eq!(both, "@alice:lab, @bob:lab");
        assert!(crate::domain::is_requester(&both, "@bob:lab"));
        // A continuation of a continuation keeps them all.
        assert_eq!(requester_of(None, &[&both], None), both);
        // Only Nomos's own work woke it: the last operator who spoke.
        assert_eq!(
            requester_of(None, &["nomos"], Some("@carol:lab")),
            "@carol:lab"
        );
        assert_eq!(requester_of(None, &[], None), "nomos");
    }
}
