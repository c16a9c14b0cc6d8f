//! The gate's front door: proposals go in, decisions come back, and nothing
//! else in Nomos writes an approval. It classifies a proposal, reads the
//! session's windows, applies the policy and records the result; it checks
//! that a decider is an approver and that the route fits the risk class
//! before recording a decision exactly once.

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::approvers::Approvers;
use super::classify::{Classification, classify};
use super::policy::{self, OpenWindows, Via};
use super::{assent, phrase};
pub use crate::store::executions::Request;
use crate::store::executions::{self, Answer, Approval, Decided, Proposed, WindowDurations};
use crate::store::{Store, StoreError};

/// Timing settings of the gate (see `[gate]` in the config).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub approval_ttl: Duration,
    pub windows: WindowDurations,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            approval_ttl: Duration::minutes(60),
            windows: WindowDurations::default(),
        }
    }
}

/// A proposal as recorded, with the classification behind it.
#[derive(Debug, Clone)]
pub struct Proposal {
    pub classification: Classification,
    pub outcome: Proposed,
}

/// Why a decision was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The decider is not an approver (or is the bot itself).
    NotAnApprover,
    /// Destructive work needs its typed phrase, not a reaction or assent.
    NeedsPhrase,
    /// Four-eyes rule: destructive work needs an approver other than the
    /// one who asked for it.
    SameRequester,
}

/// What a message did as a typed confirmation.
#[derive(Debug, Clone)]
pub enum Confirmation {
    /// It was the phrase of this approval, which it approved.
    Approved(Approval),
    /// It was a phrase, but from the one who asked for the work while the
    /// four-eyes rule is on.
    NotByRequester { phrase: String },
    /// It was no waiting phrase.
    NoMatch,
}

// Returned once per decision, never stored in bulk: the size difference
// between the variants costs nothing worth an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Outcome {
    Decided(Decided),
    Refused(Refusal),
}

#[derive(Clone)]
pub struct Gate {
    store: Store,
    approvers: Approvers,
    timing: Timing,
    four_eyes: bool,
}

impl Gate {
    pub fn new(store: Store, approvers: Approvers, timing: Timing) -> Self {
        Gate {
            store,
            approvers,
            timing,
            four_eyes: false,
        }
    }

    /// Turns on the four-eyes rule for destructive work.
    pub fn with_four_eyes(mut self, on: bool) -> Self {
        self.four_eyes = on;
        self
    }

    /// Who may decide.
    pub fn approvers(&self) -> &Approvers {
        &self.approvers
    }

    /// Classifies and records a request: ready to run (read-only, or within
    /// an open window), or waiting for an approval or a typed phrase.
    pub async fn propose(
        &self,
        request: &Request,
        now: OffsetDateTime,
    ) -> Result<Proposal, StoreError> {
        let classification = classify(&request.command, request.declared_risk);
        let windows = match request.session_id {
            Some(session) => self.store.open_windows(session, now).await?,
            None => OpenWindows::default(),
        };
        let decision = policy::decide(classification.class, &request.target, &windows, || {
            phrase::confirmation_phrase(&classification, &request.target)
        });
        let outcome = executions::propose(
            &self.store,
            request,
            classification.class,
            &decision,
            now,
            self.timing.approval_ttl,
        )
        .await?;
        Ok(Proposal {
            classification,
            outcome,
        })
    }

    /// Records `actor`'s answer to an approval, if `actor` may give it by
    /// this route. Exactly one concurrent caller can win.
    pub async fn decide(
        &self,
        approval: &Approval,
        actor: &str,
        via: Via,
        answer: Answer,
        now: OffsetDateTime,
    ) -> Result<Outcome, StoreError> {
        self.decide_with_power(approval, actor, None, via, answer, now)
            .await
    }

    /// [`Gate::decide`] for an actor whose power level in the card's room
    /// the front end read from the room state.
    pub async fn decide_with_power(
        &self,
        approval: &Approval,
        actor: &str,
        room_power: Option<i64>,
        via: Via,
        answer: Answer,
        now: OffsetDateTime,
    ) -> Result<Outcome, StoreError> {
        if !self.approvers.may_decide_with_power(actor, room_power) {
            tracing::info!(approval = %approval.id, actor, "ignored a decision from someone who is not an approver");
            return Ok(Outcome::Refused(Refusal::NotAnApprover));
        }
        if answer == Answer::Approve
            && !policy::loose_approval_allowed(approval.risk())
            && via != Via::Typed
        {
            return Ok(Outcome::Refused(Refusal::NeedsPhrase));
        }
        if self.four_eyes
            && answer == Answer::Approve
            && !policy::loose_approval_allowed(approval.risk())
            && self
                .store
                .get_execution(approval.execution_id)
                .await?
                .is_some_and(|e| e.requested_by == actor)
        {
            tracing::info!(approval = %approval.id, actor, "four-eyes: the requester cannot confirm their own destructive work");
            return Ok(Outcome::Refused(Refusal::SameRequester));
        }
        let decided = executions::decide(
            &self.store,
            approval.id,
            actor,
            via,
            answer,
            now,
            self.timing.windows,
        )
        .await?;
        Ok(Outcome::Decided(decided))
    }

    /// An approver's chat message as assent: when it is plain assent,
    /// approves the pending non-destructive approvals among `last_turn`
    /// (the approvals the agent's immediately preceding turn asked for).
    /// Returns the approvals this call decided.
    pub async fn assent(
        &self,
        actor: &str,
        message: &str,
        last_turn: &[Uuid],
        now: OffsetDateTime,
    ) -> Result<Vec<Approval>, StoreError> {
        if !self.approvers.may_decide(actor) || !assent::is_assent(message) {
            return Ok(Vec::new());
        }
        let mut approved = Vec::new();
        for id in last_turn {
            let Some(approval) = self.store.get_approval(*id).await? else {
                continue;
            };
            if approval.status != "pending" || !policy::loose_approval_allowed(approval.risk()) {
                continue;
            }
            if let Outcome::Decided(Decided::Won { approval, .. }) = self
                .decide(&approval, actor, Via::Assent, Answer::Approve, now)
                .await?
            {
                approved.push(approval);
            }
        }
        Ok(approved)
    }

    /// An approver's message as a typed confirmation: approves the pending
    /// destructive approval among `candidates` whose phrase the message is,
    /// exactly.
    pub async fn confirm(
        &self,
        actor: &str,
        message: &str,
        candidates: &[Uuid],
        now: OffsetDateTime,
    ) -> Result<Confirmation, StoreError> {
        if !self.approvers.may_decide(actor) {
            return Ok(Confirmation::NoMatch);
        }
        let mut refused = None;
        for id in candidates {
            let Some(approval) = self.store.get_approval(*id).await? else {
                continue;
            };
            let Some(expected) = approval.confirmation_phrase.as_deref() else {
                continue;
            };
            if approval.status != "pending" || !phrase::matches(message, expected) {
                continue;
            }
            match self
                .decide(&approval, actor, Via::Typed, Answer::Approve, now)
                .await?
            {
                Outcome::Decided(Decided::Won { approval, .. }) => {
                    return Ok(Confirmation::Approved(approval));
                }
                Outcome::Refused(Refusal::SameRequester) => {
                    refused = Some(expected.to_string());
                }
                _ => {}
            }
        }
        Ok(match refused {
            Some(phrase) => Confirmation::NotByRequester { phrase },
            None => Confirmation::NoMatch,
        })
    }
}
