//! Fleet work from the agent's side: a selector resolved over the
//! inventory into a fleet [`Request`] (the `run_fleet` tool and `!run
//! SELECTOR -- COMMAND` both come through here, then through the one
//! proposal path), and one target's output for `!output`.

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
    if let Some(session) = ask.session
        && let Some(why) = waiting_overlap(store, session, ask.command, &targets).await?
    {
        return Ok(Err(why));
    }
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

/// Why the same command may not be proposed on `targets` now: it
/// already waits for a decision on some of them (on a fleet card or a
/// single one), and one assent would run it twice there.
async fn waiting_overlap(
    store: &Store,
    session: Uuid,
    command: &str,
    targets: &[String],
) -> Result<Option<String>, StoreError> {
    for (waiting, _) in executions::pending_approvals(store, session, None).await? {
        if waiting.command.trim() != command.trim() {
            continue;
        }
        let theirs = match waiting.work.fleet() {
            Some(plan) => plan.targets(),
            None => vec![waiting.target.clone()],
        };
        let shared: Vec<&String> = targets.iter().filter(|t| theirs.contains(t)).collect();
        if !shared.is_empty() {
            let names: Vec<&str> = shared.iter().map(|t| t.as_str()).collect();
            return Ok(Some(format!(
                "the same command already waits for a decision on {} (card `{}`): decide that card first",
                names.join(", "),
                short_id(waiting.id)
            )));
        }
    }
    Ok(None)
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
