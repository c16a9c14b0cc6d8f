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
    if let Some(why) = card_refusal(ask.command, &targets) {
        return Ok(Err(why));
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

/// Why a fleet card could not show `command` and `targets` whole, if it
/// could not: the card lists every target and shows the command, in its
/// post and each edit (HTML beside the text, twice in an edit), which
/// must stay inside a Matrix event.
pub(crate) fn card_refusal(command: &str, targets: &[String]) -> Option<String> {
    let shown =
        crate::chat::fleet_view::cost(command) + targets.iter().map(|t| t.len() + 4).sum::<usize>();
    (shown > CARD_BUDGET).then(|| {
        format!(
            "a card could not show it whole ({} targets and a {}-byte command): narrow the selector or shorten the command",
            targets.len(),
            command.len()
        )
    })
}

/// What `work` runs where: each target with its command (a fleet's own
/// per target, else the execution's).
fn runs(target: &str, command: &str, work: &Work) -> Vec<(String, String)> {
    match work.fleet() {
        Some(plan) => plan
            .members
            .iter()
            .map(|m| {
                let c = m.command.as_deref().unwrap_or(command);
                (m.target.clone(), c.trim().to_string())
            })
            .collect(),
        None => vec![(target.trim().to_string(), command.trim().to_string())],
    }
}

/// Why `request` may not be proposed now, when fleet work is involved:
/// the same command already waits for a decision on one of its targets
/// (a fleet card and a single one, or two fleet cards), and one assent
/// would run it twice there. (Two identical single proposals are the
/// store's to answer: "already queued".)
pub(crate) async fn waiting_overlap(
    store: &Store,
    request: &Request,
) -> Result<Option<String>, StoreError> {
    let Some(session) = request.session_id else {
        return Ok(None);
    };
    let mine = runs(&request.target, &request.command, &request.work);
    for (waiting, _) in executions::pending_approvals(store, session, None).await? {
        if waiting.work.fleet().is_none() && request.work.fleet().is_none() {
            continue;
        }
        let theirs = runs(&waiting.target, &waiting.command, &waiting.work);
        let shared: Vec<&str> = mine
            .iter()
            .filter(|run| theirs.contains(run))
            .map(|(target, _)| target.as_str())
            .collect();
        if !shared.is_empty() {
            return Ok(Some(format!(
                "not proposed: the same command already waits for a decision on {} (card `{}`): decide that card first",
                shared.join(", "),
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
