//! Fleet work from the agent's side: a selector resolved over the
//! inventory into a fleet [`Request`] (the `run_fleet` tool and `!run
//! SELECTOR -- COMMAND` both come through here, then through the one
//! proposal path), a finished rollout as the table the model reads, and
//! one target's output for `!output`.

use serde_json::{Value, json};
use uuid::Uuid;

use crate::domain::fleet::{
    Candidate, DEFAULT_BATCH, DEFAULT_STOP_AFTER, FleetMember, FleetPlan, MAX_BATCH, Selector,
};
use crate::domain::{Execution, HostAttrs, RiskClass, Target, Work, short_id};
use crate::store::executions::{self, Request};
use crate::store::{Store, StoreError};

/// What a fleet card's target list and command may cost together.
const CARD_BUDGET: usize = 8 * 1024;

/// What a fleet request is made of.
#[derive(Debug, Clone)]
pub struct FleetAsk<'a> {
    pub selector: &'a str,
    pub batch: Option<u32>,
    pub stop_after: Option<u32>,
    pub command: &'a str,
    pub purpose: String,
    pub requested_by: &'a str,
    pub session: Option<Uuid>,
    pub turn: Option<Uuid>,
    pub declared_risk: Option<RiskClass>,
}

/// Resolves the selector over the inventory now and makes the request
/// (its members judged later, by the gate); `Err`: why not, in words for
/// whoever asked.
pub async fn request(
    store: &Store,
    ask: FleetAsk<'_>,
) -> Result<Result<Request, String>, StoreError> {
    let selector = match Selector::parse(ask.selector) {
        Ok(s) => s,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let mut entities = Vec::new();
    for kind in Target::KINDS {
        entities.extend(store.list_entities(Some(kind)).await?);
    }
    let default_host = entities
        .iter()
        .filter(|e| e.kind == Target::HOST)
        .find(|e| {
            crate::domain::target::decode::<HostAttrs>(&e.attributes.0).is_ok_and(|a| a.default)
        })
        .map(|e| Target::host_name(&e.slug).to_string());
    let candidates: Vec<Candidate<'_>> = entities
        .iter()
        .map(|e| Candidate {
            slug: &e.slug,
            attributes: &e.attributes.0,
        })
        .collect();
    let targets = match selector.resolve(&candidates, default_host.as_deref()) {
        Ok(t) => t,
        Err(e) => return Ok(Err(e.to_string())),
    };
    // The card lists every target and shows the command whole, in its
    // post and in each edit (HTML beside the text, twice in an edit):
    // past this it could not stay inside a Matrix event.
    let shown = crate::chat::fleet_view::cost(ask.command)
        + targets.iter().map(|t| t.len() + 4).sum::<usize>();
    if shown > CARD_BUDGET {
        return Ok(Err(format!(
            "a card could not show it whole ({} targets and a {}-byte command): narrow the selector or shorten the command",
            targets.len(),
            ask.command.len()
        )));
    }
    let batch = ask.batch.unwrap_or(DEFAULT_BATCH);
    if batch == 0 || batch > MAX_BATCH {
        return Ok(Err(format!(
            "a batch is 1 to {MAX_BATCH} targets at a time, not {batch}"
        )));
    }
    let stop_after = ask.stop_after.unwrap_or(DEFAULT_STOP_AFTER);
    if stop_after == 0 {
        return Ok(Err(
            "stop after at least 1 failure (give the target count to run every batch whatever fails)"
                .into(),
        ));
    }
    let plan = FleetPlan {
        selector: selector.to_string(),
        members: targets.into_iter().map(FleetMember::new).collect(),
        batch_size: batch,
        stop_after,
    };
    Ok(Ok(Request {
        session_id: ask.session,
        target: plan.selector.clone(),
        command: ask.command.to_string(),
        purpose: ask.purpose,
        work: Work::Fleet(Box::new(plan)),
        window: None,
        declared_risk: ask.declared_risk,
        requested_by: ask.requested_by.to_string(),
        turn_id: ask.turn,
    }))
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
                .map(|t| super::tools::tail(t.trim_end(), per_target.max(64)));
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

/// What one target of fleet execution `fleet` printed, if it ran.
pub async fn member_output(
    store: &Store,
    fleet: &Execution,
    target: &str,
) -> Result<Option<Execution>, StoreError> {
    let wanted = target.trim();
    Ok(executions::members_of(store, fleet.id)
        .await?
        .into_iter()
        .rev()
        .find(|e| e.target.eq_ignore_ascii_case(wanted)))
}
