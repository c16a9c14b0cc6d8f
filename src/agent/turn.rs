//! One turn of the agent: build the prompt (instructions, fleet snapshot,
//! replayed history, what is new), then ask the model and run the tools it
//! calls until it answers in words, at most `max_iterations` times; on
//! exhaustion one last call without tools asks for a status report, so a
//! turn always ends with an outcome in the room.
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

use super::history::{Compaction, replay, truncate, user_text};
use super::llm::{Completion, Message};
use super::tools::{TurnCtx, fleet_snapshot};
use super::{Agent, AgentError, Handled, prompt};
use crate::chat::{Inbound, Outbound, strings};
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
            notes: vec![strings::continue_after_results().to_string()],
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
    let settings = &inner.settings;
    let Some(session_row) = store.get_session(session).await? else {
        return Err(AgentError::Store(crate::store::StoreError::Invalid(
            format!("session {session} does not exist"),
        )));
    };
    let room = session_row.room_id;

    // The past, before anything of this turn is stored.
    let rows = store.history(session, settings.history_messages).await?;
    // Who the turn's proposals are for (the four-eyes rule reads it): the
    // operator who spoke, else, for a continuation, whoever asked for the
    // work whose results woke it, else the last operator who spoke.
    let requested_by = input
        .user
        .as_ref()
        .map(|u| u.sender.clone())
        .or_else(|| {
            results
                .iter()
                .map(|e| &e.requested_by)
                .find(|r| r.starts_with('@'))
                .cloned()
        })
        .or_else(|| {
            rows.iter()
                .rev()
                .find(|r| r.role == "user")
                .and_then(|r| r.sender.clone())
        })
        .unwrap_or_else(|| "nomos".to_string());

    // What is new: results first (they happened before), then the
    // operator's words, then notes.
    let mut new: Vec<NewMessage> = Vec::new();
    if !results.is_empty() {
        new.push(system_note(
            turn_id,
            results_note(&results, settings.result_cap_bytes),
        ));
    }
    if let Some(user) = &input.user {
        new.push(NewMessage {
            turn_id: Some(turn_id),
            role: "user".into(),
            sender: Some(user.sender.clone()),
            content: user.body.clone(),
            ..NewMessage::default()
        });
    }
    for note in &input.notes {
        new.push(system_note(turn_id, note.clone()));
    }
    for message in &new {
        store.append_message(session, message).await?;
    }

    let Some(llm) = &inner.llm else {
        agent
            .say(&room, reply_to(&input, strings::no_model(), true))
            .await;
        return Ok(Handled::Unavailable);
    };

    let snapshot = fleet_snapshot(store).await?;
    let mut messages = vec![Message::system(prompt::system(
        &settings.soul,
        &snapshot,
        OffsetDateTime::now_utc(),
    ))];
    messages.extend(replay(
        &rows,
        Compaction {
            recent_turns: settings.recent_turns,
            old_result_bytes: settings.result_cap_bytes / 4,
        },
    ));
    for m in &new {
        messages.push(match m.role.as_str() {
            "user" => Message::user(user_text(m.sender.as_deref(), &m.content)),
            _ => Message::system(m.content.clone()),
        });
    }

    let specs = inner.tools.specs();
    let mut ctx = TurnCtx {
        agent: agent.clone(),
        session,
        turn: turn_id,
        room: room.clone(),
        requested_by,
        thread: None,
        proposed: HashMap::new(),
    };
    let mut report = TurnReport {
        turn_id,
        iterations: 0,
        tool_calls: 0,
        exhausted: false,
        prompt_tokens: 0,
        completion_tokens: 0,
        reply: String::new(),
    };
    typing(agent, &room, true).await;
    let outcome = async {
        loop {
            if report.iterations >= settings.max_iterations {
                report.exhausted = true;
                messages.push(Message::system(strings::report_now(
                    settings.max_iterations,
                )));
                let completion = llm.complete(&messages, None).await?;
                record(agent, session, turn_id, &completion, &mut report).await?;
                break Ok::<String, AgentError>(completion.content);
            }
            let completion = llm.complete(&messages, Some(&specs)).await?;
            record(agent, session, turn_id, &completion, &mut report).await?;
            messages.push(completion.to_message());
            if completion.tool_calls.is_empty() {
                break Ok(completion.content);
            }
            report.iterations += 1;
            if !completion.content.trim().is_empty() {
                // Words alongside tool calls are the plan: cards thread under it.
                let id = agent
                    .say(&room, reply_to(&input, completion.content.clone(), false))
                    .await;
                if ctx.thread.is_none() {
                    ctx.thread = id;
                }
            }
            for call in &completion.tool_calls {
                report.tool_calls += 1;
                let result = inner.tools.call(&mut ctx, call).await;
                store
                    .append_message(
                        session,
                        &NewMessage {
                            turn_id: Some(turn_id),
                            role: "tool".into(),
                            content: truncate(&result, settings.result_cap_bytes),
                            tool_call_id: Some(call.id.clone()),
                            ..NewMessage::default()
                        },
                    )
                    .await?;
                messages.push(Message::tool_result(call.id.clone(), result));
            }
        }
    }
    .await;
    typing(agent, &room, false).await;

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
            agent
                .say(&room, reply_to(&input, reply.clone(), false))
                .await;
            report.reply = reply;
            Ok(Handled::Turn(report))
        }
        Err(AgentError::Llm(e)) => {
            tracing::warn!(error = %e, "the model failed during a turn");
            agent
                .say(&room, reply_to(&input, strings::model_failed(&e), true))
                .await;
            Ok(Handled::Unavailable)
        }
        Err(e) => Err(e),
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
    agent
        .inner
        .store
        .append_message(
            session,
            &NewMessage {
                turn_id: Some(turn_id),
                role: "assistant".into(),
                content: completion.content.clone(),
                tool_calls,
                prompt_tokens: Some(completion.usage.prompt_tokens as i64),
                completion_tokens: Some(completion.usage.completion_tokens as i64),
                ..NewMessage::default()
            },
        )
        .await?;
    Ok(())
}

fn system_note(turn_id: Uuid, content: String) -> NewMessage {
    NewMessage {
        turn_id: Some(turn_id),
        role: "system".into(),
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
    let mut text = String::from(strings::results_heading());
    for e in results {
        let result = super::tools::run_result(e, per);
        text.push_str(&format!(
            "\n- {} `{}` on `{}` ({}): {}",
            crate::chat::card::short_id(e.id),
            e.command,
            e.target,
            e.purpose,
            result
        ));
    }
    text
}
