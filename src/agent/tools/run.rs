//! `run`: propose a shell command on a host or inside a container.
//!
//! The proposal goes to the gate. What it decides is what the model is
//! told: ran at once (with the result, when it finishes within the inline
//! wait), running in the background, waiting for an approval or a typed
//! phrase, or already queued. Every execution gets its card in the plan's
//! thread. [`submit`] is shared with `pct_create`.

use serde::Deserialize;
use serde_json::{Value, json};
use time::OffsetDateTime;

use super::{Tool, ToolError, ToolFuture, ToolResult, TurnCtx, args};
use crate::agent::propose::Submitted;
use crate::domain::short_id;
use crate::domain::{ExecutionKind, ExecutionStatus, Report, RiskClass, Target, Via, Work};
use crate::store::executions::{self, Approval, Execution, Request};
use crate::store::{Store, StoreError};

pub(super) struct Run;

/// Longest command accepted.
pub(super) const MAX_COMMAND_BYTES: usize = 16 * 1024;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    target: String,
    command: String,
    purpose: String,
    #[serde(default)]
    declared_risk: Option<RiskClass>,
}

impl Tool for Run {
    fn name(&self) -> &'static str {
        "run"
    }

    fn description(&self) -> &'static str {
        "Run a shell command on a target. `target` is `host:NAME` (a host of the inventory: over \
         SSH, or on Nomos's own machine for a local host) or `lxc:NAME` (inside that container: it is wrapped in `pct exec` for you, with a UTF-8 locale \
         and DEBIAN_FRONTEND=noninteractive; do not add `pct exec` yourself). A risk gate classifies \
         the command: read-only commands run at once and their result comes back here; changes wait \
         for an operator's approval and destructive work for a typed confirmation phrase, and you \
         are woken with the result when it has run. A non-zero exit is a failure: read the output, \
         diagnose, and try a different fix. Never propose the same command twice while it waits. \
         `declared_risk` can only raise the class, never lower it."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "target": {
                    "type": "string",
                    "description": "`host:NAME` or `lxc:NAME`, as listed by list_entities."
                },
                "command": {
                    "type": "string",
                    "description": "The command, in bash syntax (Nomos runs every command with bash). One step: each failure should be visible."
                },
                "purpose": {
                    "type": "string",
                    "description": "Why, in a few words; shown to the operator on the card."
                },
                "declared_risk": {
                    "type": "string",
                    "enum": ["read_only", "config_mutation", "destructive"],
                    "description": "Optional: your own estimate, when the command is riskier than it looks."
                }
            },
            "required": ["target", "command", "purpose"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: Args = args(self.name(), raw)?;
            let command = a.command.trim();
            if command.is_empty() {
                return Err(ToolError::Refused("`command` is empty".into()));
            }
            if command.contains('\0') {
                return Err(ToolError::Refused("`command` contains a NUL byte".into()));
            }
            if command.len() > MAX_COMMAND_BYTES {
                return Err(ToolError::Refused(format!(
                    "`command` is {} bytes; the limit is {MAX_COMMAND_BYTES}. Split the work or write a script file in steps.",
                    command.len()
                )));
            }
            if a.purpose.trim().is_empty() {
                return Err(ToolError::Refused(
                    "`purpose` is empty: say in a few words why this runs".into(),
                ));
            }
            check_target(ctx, &a.target).await?;
            let request = Request {
                session_id: Some(ctx.session),
                target: a.target.trim().to_string(),
                command: command.to_string(),
                purpose: a.purpose.trim().to_string(),
                work: Work::command(),
                window: None,
                declared_risk: a.declared_risk,
                requested_by: ctx.requested_by.clone(),
                turn_id: Some(ctx.turn),
            };
            submit(ctx, request).await
        })
    }
}

/// The target must be a known host or container.
pub(super) async fn check_target(ctx: &TurnCtx, target: &str) -> Result<(), ToolError> {
    let target = target.trim();
    let form = target.parse::<Target>();
    if form.is_ok() && ctx.agent.store().get_entity(target).await?.is_some() {
        return Ok(());
    }
    let mut known: Vec<String> = Vec::new();
    for kind in Target::KINDS {
        for e in ctx.agent.store().list_entities(Some(kind)).await? {
            known.push(e.slug);
        }
    }
    let why = match form {
        Ok(_) => format!("there is no `{target}` in the inventory"),
        Err(e) => e.to_string(),
    };
    Err(ToolError::Refused(format!(
        "{why}. Known targets: {}",
        if known.is_empty() {
            "none".to_string()
        } else {
            known.join(", ")
        }
    )))
}

/// Hands a request to the gate and follows what it decided.
pub(super) async fn submit(ctx: &mut TurnCtx, request: Request) -> ToolResult {
    let key = (request.target.clone(), turn_key(&request));
    if let Some(&id) = ctx.proposed.get(&key) {
        let status = ctx
            .agent
            .store()
            .get_execution(id)
            .await?
            .map(|e| e.status.as_str())
            .unwrap_or("");
        return Ok(json!({
            "status": "already_queued",
            "execution_id": short_id(id),
            "current_status": status,
            "note": "You already proposed this exact command in this turn. Do not propose it again."
        }));
    }
    let kind = request.kind();
    let agent = ctx.agent.clone();
    let room = ctx.room.clone();
    let submitted = agent
        .submit(request, &room, async |purpose: &str| {
            ctx.thread_root(purpose).await
        })
        .await?;
    match submitted {
        Submitted::Started {
            execution,
            via,
            class,
            done,
        } => {
            ctx.proposed.insert(key, execution.id);
            run_now(ctx, &execution, via, class, done).await
        }
        Submitted::Awaiting {
            execution,
            approval,
            class,
            reason,
        } => {
            ctx.proposed.insert(key, execution.id);
            let surface = ctx.agent.inner.surface_kind;
            Ok(awaiting(&execution, &approval, class, &reason, surface))
        }
        Submitted::Unreviewable(why) => Err(ToolError::Refused(why)),
        Submitted::AlreadyQueued {
            execution,
            approval,
        } => {
            ctx.proposed.insert(key, execution.id);
            let note = match kind {
                ExecutionKind::WriteFile => {
                    "A change to this file on this target is already waiting for approval. Wait for it; \
                     once it has run, propose further changes against what the file then holds."
                }
                ExecutionKind::Knowledge => {
                    "A change to this knowledge entry is already waiting for approval. Wait for it; \
                     once it is decided, propose further changes against what the entry then holds."
                }
                ExecutionKind::Run | ExecutionKind::PctCreate | ExecutionKind::Fleet => {
                    "The same command on the same target is already waiting for approval. Do not propose it again."
                }
            };
            Ok(json!({
                "status": "already_queued",
                "execution_id": short_id(execution.id),
                "current_status": execution.status,
                "needs": approval.and_then(|a| a.confirmation_phrase).map(|p| format!("the phrase `{p}`")),
                "note": note
            }))
        }
    }
}

/// What makes a proposal "the same" within a turn: its command, and for a
/// file or knowledge change also what it expects and what it makes (a second,
/// different change to one file, or the same change proposed again after
/// the file changed under it, is not a repeat).
fn turn_key(request: &Request) -> String {
    match (request.work.file(), request.work.knowledge()) {
        (Some(change), _) => format!(
            "{} # {} -> {}",
            request.command,
            change.expected(),
            change.result_hash()
        ),
        (None, Some(edit)) => format!(
            "{} # {} -> {}",
            request.command,
            edit.before.hash(),
            edit.after.hash()
        ),
        (None, None) => request.command.clone(),
    }
}

/// Starts work that may run now and waits a little for it: its result,
/// or word that it still runs and will wake the agent.
async fn run_now(
    ctx: &mut TurnCtx,
    execution: &Execution,
    via: Via,
    class: RiskClass,
    done: tokio::sync::oneshot::Receiver<Option<Execution>>,
) -> ToolResult {
    let wait = ctx.agent.inner.settings.inline_wait;
    let mut result = ran_now(ctx, execution, via, class, done, wait).await?;
    // Run through a window, nobody was asked this time: the model is told
    // whose window it was, as the card tells the room.
    if let Some(window) = &execution.window
        && let Some(fields) = result.as_object_mut()
    {
        fields.insert(
            "approved_through_window".into(),
            json!({
                "opened_by": window.opened_by,
                "kind": window.kind,
                "open_until": window.expires_at.unix_timestamp(),
                "note": "No one was asked for this run: an earlier approval's window covered it.",
            }),
        );
    }
    Ok(result)
}

/// What running `execution` now gave back within `wait`.
async fn ran_now(
    ctx: &mut TurnCtx,
    execution: &Execution,
    via: Via,
    class: RiskClass,
    done: tokio::sync::oneshot::Receiver<Option<Execution>>,
    wait: std::time::Duration,
) -> ToolResult {
    match tokio::time::timeout(wait, done).await {
        Ok(Ok(Some(finished))) => {
            // Seen here, so the continuation worker does not wake the
            // agent for it again.
            executions::take_results(
                ctx.agent.store(),
                ctx.session,
                Some(finished.id),
                OffsetDateTime::now_utc(),
            )
            .await?;
            let bytes = ctx.agent.inner.settings.tool_output_bytes;
            if finished.work.fleet().is_some() {
                // A fleet query answers as one table of its targets.
                return Ok(finished_table(ctx.agent.store(), &finished, bytes).await?);
            }
            Ok(finished_result(&finished, bytes))
        }
        _ => Ok(json!({
            "execution_id": short_id(execution.id),
            "status": ExecutionStatus::Running,
            "risk_class": class,
            "approved_via": via,
            "note": "Still running in the background. You will be woken with its result; do not poll."
        })),
    }
}

/// What the model hears about work that waits for a person.
fn awaiting(
    execution: &Execution,
    approval: &Approval,
    class: RiskClass,
    why: &str,
    surface: crate::domain::SurfaceKind,
) -> Value {
    let needs = match (&approval.confirmation_phrase, surface) {
        (Some(phrase), _) if class == RiskClass::Destructive => format!(
            "destructive: an operator must type exactly `{phrase}`. Tell them plainly what will be lost."
        ),
        (Some(phrase), _) => format!(
            "a phrase: the change is longer than its card shows, so an operator must read the \
             attached diff and type exactly `{phrase}`. Tell them what the change does."
        ),
        (None, crate::domain::SurfaceKind::Matrix) => {
            "an operator's approval (a ✅ on the card or \"go ahead\" in the room)".into()
        }
        (None, crate::domain::SurfaceKind::Console) => format!(
            "the operator's approval: `y` at the console (or `y {}`)",
            short_id(execution.id)
        ),
    };
    json!({
        "execution_id": short_id(execution.id),
        "status": execution.status,
        "risk_class": class,
        "why": why,
        "needs": needs,
        "note": "Nothing has run yet. You may propose further independent steps; then end your turn \
                 saying what you are waiting for. You will be woken with the result once it has run."
    })
}

/// What the model is told about a finished execution: status, exit code,
/// and the tail of its output within `max_bytes`.
pub fn finished_result(execution: &Execution, max_bytes: usize) -> Value {
    let result = execution.result.as_ref();
    let (stdout, stderr) = result.map_or(("", ""), Report::streams);
    let mut out = json!({
        "execution_id": short_id(execution.id),
        "target": execution.target,
        "command": execution.command,
        "status": execution.status,
        "exit_code": execution.exit_code,
    });
    if let Some(note) = result.and_then(Report::note) {
        // What Nomos itself says of the run (a file changed under it).
        out["note"] = json!(note);
    }
    if let Some(report) = result.and_then(Report::fleet) {
        let mut report = report.clone();
        if execution.status == ExecutionStatus::Interrupted {
            // As a restart left it: what ran was cut, what waited never runs.
            report.interrupt();
        }
        // A rollout: one row per target (its last output line; the whole
        // is `!output ID TARGET`'s), as many as fit.
        out["summary"] = json!(report.summary());
        out["stopped"] = json!(report.stopped);
        let mut rows = Vec::new();
        let mut used = 0;
        for m in &report.members {
            let row = json!({
                "target": m.target, "state": m.state, "exit_code": m.exit_code,
                "last_line": m.line, "execution_id": m.execution.map(short_id),
            });
            used += row.to_string().len();
            if used > max_bytes {
                out["targets_cut"] = json!(report.members.len() - rows.len());
                break;
            }
            rows.push(row);
        }
        out["targets"] = json!(rows);
        return out;
    }
    if let Some(r) = result {
        if let Some(ms) = r.ran().and_then(|run| run.duration_ms) {
            out["duration_ms"] = json!(ms);
        }
        if r.has_streams() {
            out["stdout"] = json!(tail(stdout, max_bytes * 3 / 4));
            out["stderr"] = json!(tail(stderr, max_bytes / 4));
            if r.ran().is_some_and(|run| run.truncated)
                || stdout.len() > max_bytes * 3 / 4
                || stderr.len() > max_bytes / 4
            {
                out["output_cut"] = json!(true);
            }
        } else {
            // pct_create's report, or why a run could not start.
            let value = serde_json::to_value(r).unwrap_or_default();
            let text = value.to_string();
            out["result"] = if text.len() <= max_bytes {
                value
            } else {
                json!(tail(&text, max_bytes))
            };
        }
    } else if let Some(t) = &execution.output_tail {
        out["output"] = json!(tail(t, max_bytes));
    }
    out
}

/// A finished rollout as the model reads it: a row per target (state,
/// exit code, the end of its output within `max_bytes` shared by all).
pub async fn finished_table(
    store: &Store,
    fleet: &Execution,
    max_bytes: usize,
) -> Result<Value, StoreError> {
    let members = executions::members_of(store, fleet.id).await?;
    let report = fleet.result.as_ref().and_then(|r| r.fleet());
    let per_target = max_bytes / report.map_or(1, |r| r.members.len().max(1));
    let rows: Vec<Value> = report
        .map(|r| r.members.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|m| {
            let row = m
                .execution
                .and_then(|id| members.iter().find(|e| e.id == id));
            let output = row
                .and_then(|e| e.output_tail.as_deref())
                .map(|t| tail(t.trim_end(), per_target.max(64)));
            json!({
                "target": m.target,
                "state": m.state,
                "exit_code": m.exit_code,
                "output": output,
                "execution_id": m.execution.map(short_id),
            })
        })
        .collect();
    Ok(json!({
        "execution_id": short_id(fleet.id),
        "selector": fleet.target,
        "command": fleet.command,
        "status": fleet.status,
        "summary": report.map(|r| r.summary()),
        "stopped": report.and_then(|r| r.stopped),
        "targets": rows,
    }))
}

/// The last `max` bytes of `text`, on a character boundary.
pub(super) fn tail(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut start = text.len() - max;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tails_respect_char_boundaries() {
        assert_eq!(tail("abc", 10), "abc");
        assert_eq!(tail("abcdef", 3), "def");
        assert_eq!(tail("ééé", 3), "é");
    }
}
