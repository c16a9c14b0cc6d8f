//! Approvals, the gate's front door: proposals go in, decisions come back, and nothing
//! else in Nomos writes an approval. It classifies a proposal, reads the
//! session's windows, applies the policy and records the result; it checks
//! that a decider is an approver and that the route fits the risk class
//! before recording a decision exactly once.

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use std::sync::Arc;

use crate::domain::Target;
use crate::domain::{ActionRun, Admission, ApprovalStatus, RiskClass, Via, WindowNote, Work};
use crate::exec::confine::Confinability;
use crate::gate::approvers::Approvers;
use crate::gate::classify::{Classification, Egress, classify, classify_with};
use crate::gate::{assent, phrase, policy};
use crate::redact::Redactor;
pub use crate::store::executions::Request;
use crate::store::executions::{
    self, Answer, Answered, Answering, Approval, Execution, Proposed, WindowDurations, WindowPlan,
};
use crate::store::{Store, StoreError};

/// Timing settings of the approvals (see `[gate]` in the config).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApprovalSettings {
    pub approval_ttl: Duration,
    pub windows: WindowDurations,
}

impl Default for ApprovalSettings {
    fn default() -> Self {
        ApprovalSettings {
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
    /// It is the phrase of several waiting cards and replies to none of
    /// them: nothing was decided. The executions it could mean.
    Ambiguous(Vec<Uuid>),
    /// It was no waiting phrase.
    NoMatch,
}

/// A decider's power level in a room, read from its state.
#[derive(Debug, Clone, Copy)]
pub struct RoomPower<'a> {
    pub room: &'a str,
    pub level: i64,
}

/// Who decides, by what route, and with which event.
#[derive(Debug, Clone, Copy)]
pub struct Decider<'a> {
    pub actor: &'a str,
    /// The actor's power level in the card's room, as the front end read
    /// it from the room state (see `[access] approver_power_level`).
    pub room_power: Option<RoomPower<'a>>,
    pub via: Via,
    /// The event that carried the decision (so a redaction can withdraw it).
    pub event: Option<&'a str>,
    /// The room whose inbound record `event` is claimed in, with the
    /// decision (see [`executions::Answering::claimed_in`]).
    pub claimed_in: Option<&'a str>,
    /// An approval also claims its execution to run, in the decision's
    /// commit (see [`executions::Answering::starts`]): for a caller that
    /// starts the work at once.
    pub starts: bool,
}

impl<'a> Decider<'a> {
    /// A decider with no room power and no event (commands, the console).
    pub fn new(actor: &'a str, via: Via) -> Self {
        Decider {
            actor,
            room_power: None,
            via,
            event: None,
            claimed_in: None,
            starts: false,
        }
    }
}

/// A typed message that may be a confirmation phrase.
#[derive(Debug, Clone, Copy)]
pub struct Typed<'a> {
    pub actor: &'a str,
    pub message: &'a str,
    pub event: Option<&'a str>,
    /// The pending approvals it may confirm (its thread's cards).
    pub candidates: &'a [Uuid],
    /// The execution whose card it replies to, if it replies to one: then
    /// only that card can be decided by it.
    pub replied_to: Option<Uuid>,
    /// When it was written, where the surface posts cards (Matrix): a card
    /// that reached the room later cannot be what it confirms.
    pub said_at: Option<OffsetDateTime>,
}

// Returned once per decision, never stored in bulk: the size difference
// between the variants costs nothing worth an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Outcome {
    Answered(Answered),
    Refused(Refusal),
}

#[derive(Clone)]
pub struct Gate {
    store: Store,
    approvers: Approvers,
    timing: ApprovalSettings,
    four_eyes: bool,
    /// `[gate] egress_allow`; the inventory's hosts are added per proposal.
    egress_allow: Vec<String>,
    /// What a card masks: a request whose work it would mask cannot be
    /// put before an approver ([`Gate::unreviewable`]).
    redactor: Redactor,
    /// Targets found unable to be confined (shared with the executor).
    confinability: Option<Arc<Confinability>>,
}

impl Gate {
    pub fn new(store: Store, approvers: Approvers, timing: ApprovalSettings) -> Self {
        Gate {
            store,
            approvers,
            timing,
            four_eyes: false,
            egress_allow: Vec::new(),
            redactor: Redactor::default(),
            confinability: None,
        }
    }

    /// Where the executor found targets it cannot confine: read-only work
    /// there then waits for an approval (`[gate] unconfined = ask`).
    pub fn with_confinability(mut self, known: Arc<Confinability>) -> Self {
        self.confinability = Some(known);
        self
    }

    /// Hosts read-only commands may reach besides loopback, the lab's
    /// private addresses and the inventory.
    pub fn with_egress_allow(mut self, hosts: Vec<String>) -> Self {
        self.egress_allow = hosts;
        self
    }

    /// What a card masks: the configured secrets and every token shape.
    pub fn with_redactor(mut self, redactor: Redactor) -> Self {
        self.redactor = redactor;
        self
    }

    /// Why `request`, of `class`, cannot be put before an approver: part
    /// of what would run or be written looks like a secret, which a card
    /// never shows, so a ✅ would approve text nobody could read (a
    /// heredoc between private-key markers, `TOKEN=$(curl …|sh)` shaped
    /// like a token). Read-only work that runs confined needs no approver
    /// and is not refused; read-only work on a target that cannot confine
    /// it waits for one (`[gate] unconfined = ask`), so it is.
    pub fn unreviewable(&self, request: &Request, class: RiskClass) -> Option<String> {
        if class == RiskClass::ReadOnly && !self.read_only_asks(request) {
            return None;
        }
        // The diff as its card (and its attachment) shows it: the lines
        // removed count as much as the lines added (a `-` line masked
        // hides what goes away).
        let diff = request
            .work
            .diff()
            .map(|diff| crate::domain::file::diff_shown(&diff));
        // As the outbox masks it: the configured secrets, and those Nomos
        // made since (the store's passphrase).
        let masked = |text: &str| {
            self.redactor.clean(text) != text || crate::redact::late_masked(text) != text
        };
        let what = if masked(&request.command) {
            "the command"
        } else if diff.as_deref().is_some_and(masked) {
            "the change (its old or new content)"
        } else {
            return None;
        };
        Some(format!(
            "not proposed: {what} holds text shaped like a secret (a private key, a token, a \
             password in a URL), which a card never shows, so an approver could not read what \
             they approve. Keep the secret in a file on the target and have the command or \
             file refer to it, or ask the operator to do this step by hand."
        ))
    }

    /// Whether read-only `request` waits for an approval: some target of
    /// it cannot confine it.
    fn read_only_asks(&self, request: &Request) -> bool {
        let Some(known) = self.confinability.as_ref() else {
            return false;
        };
        match request.work.fleet() {
            Some(plan) => plan
                .members
                .iter()
                .any(|m| known.read_only_needs_approval(&m.target)),
            None => known.read_only_needs_approval(&request.target),
        }
    }

    /// Why `http_get` may not fetch `url` with no one asked, if it may
    /// not: a fetch is egress like `curl`'s. It reaches only the hosts
    /// `[gate] egress_allow` names (never a lab machine's address, public
    /// or not), and only plain page addresses: a query string, a user in
    /// the URL or a long path can carry data out. The words tell the model
    /// to propose `curl` with `run` instead, which a person approves.
    /// `also`: further hosts the fetcher was allowed (`[http]
    /// allow_hosts`).
    pub async fn fetch_refusal(
        &self,
        url: &str,
        also: &[String],
    ) -> Result<Option<String>, StoreError> {
        Ok(self.fetch_rule(also).await?.refusal(url))
    }

    /// [`Gate::fetch_refusal`]'s rule with the lists read once, for every
    /// address a fetch goes to (each redirect is judged as the first URL).
    pub async fn fetch_rule(&self, also: &[String]) -> Result<FetchRule, StoreError> {
        Ok(FetchRule {
            inventory: egress_policy(&self.store, &[]).await?,
            allowed: Egress::new(self.egress_allow.iter().chain(also)),
        })
    }

    /// Where read-only commands may send ([`egress_policy`]).
    async fn egress(&self) -> Result<Egress, StoreError> {
        egress_policy(&self.store, &self.egress_allow).await
    }

    /// Fleet work classified target by target (each as a single `run`
    /// there would be, declared actions of the target included): the plan
    /// with every member's class and network, and the classification of
    /// the highest, which the card and the decision carry.
    pub async fn classify_fleet(
        &self,
        request: &Request,
        mut plan: crate::domain::fleet::FleetPlan,
    ) -> Result<(Classification, crate::domain::fleet::FleetPlan), StoreError> {
        let mut highest: Option<Classification> = None;
        for member in &mut plan.members {
            let one = Request {
                target: member.target.clone(),
                command: member
                    .command
                    .clone()
                    .unwrap_or_else(|| request.command.clone()),
                work: Work::command(),
                ..request.clone()
            };
            let mut c = self.classify(&one).await?;
            member.class = c.class;
            member.network = c.network;
            if highest.as_ref().is_none_or(|h| c.class > h.class) {
                c.reason = format!("on {}: {}", member.target, c.reason);
                highest = Some(c);
            }
        }
        let classification = match highest {
            Some(c) => c,
            None => self.classify(request).await?,
        };
        Ok((classification, plan))
    }

    /// The one classification of a request, with the egress policy: what
    /// [`Gate::propose_classified`] decides on and the execution records.
    pub async fn classify(&self, request: &Request) -> Result<Classification, StoreError> {
        if request.work.knowledge().is_some() {
            // Not a command: a write to Nomos's own store, judged by its
            // kind. What later conversations read changes, so a person
            // approves it on its card (never a window: see
            // `propose_classified`).
            return Ok(Classification {
                class: request
                    .declared_risk
                    .map_or(RiskClass::ConfigMutation, |d| {
                        d.max(RiskClass::ConfigMutation)
                    }),
                reason: "a change to an operator's knowledge entry".into(),
                segments: Vec::new(),
                network: nomos_classify::NetworkUse::None,
            });
        }
        let egress = self.egress().await?;
        let mut classification = classify_with(&request.command, request.declared_risk, &egress);
        if request.work.declared().is_none()
            && let Some(floor) = self.declared_floor(request).await?
            && floor.risk > classification.class
        {
            // A plain command that starts a declared action's program on
            // its target is judged at least at the operator's class: `run`
            // is not a way around the class the inventory gave it.
            classification.reason = format!(
                "it starts the program of the declared action `{}`, {} by the inventory ({})",
                floor.name, floor.risk, classification.reason
            );
            classification.class = floor.risk;
        }
        if let Some(action) = request.work.declared() {
            // The operator declared this command and its class in the
            // inventory; the classifier's guess for a program it cannot
            // read gives way (its network reading stays: a read-only
            // action still runs confined with what it proved).
            classification.reason = format!(
                "the operator's declared action `{}`, {} by the inventory (the classifier said {}: {})",
                action.name, action.risk, classification.class, classification.reason
            );
            classification.class = action.risk;
        }
        Ok(classification)
    }

    /// The highest-class declared action on the request's target whose
    /// command (its words before the first slot) the request's command
    /// holds, word for word (`/srv/shop/ctl  'wipe' all` holds
    /// `/srv/shop/ctl wipe {what}`).
    async fn declared_floor(&self, request: &Request) -> Result<Option<ActionRun>, StoreError> {
        let kind = crate::domain::action::ACTION_KIND;
        let words = command_words(&request.command);
        let mut floor: Option<ActionRun> = None;
        for entity in self.store.list_entities(Some(kind)).await? {
            let Ok(action) = crate::domain::target::decode::<crate::domain::DeclaredAction>(
                &entity.attributes.0,
            ) else {
                continue;
            };
            let fixed = command_words(action.command.split('{').next().unwrap_or(""));
            if fixed.is_empty() {
                continue;
            }
            if action.target.trim() == request.target.trim()
                && words.windows(fixed.len()).any(|w| w == fixed.as_slice())
                && floor.as_ref().is_none_or(|f| action.risk > f.risk)
            {
                floor = Some(ActionRun {
                    name: action.name.clone(),
                    risk: action.risk,
                });
            }
        }
        Ok(floor)
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
        let classification = self.classify(request).await?;
        self.propose_classified(request, classification, now).await
    }

    /// [`Gate::propose`] with the request's classification already made
    /// by [`Gate::classify`] (the one a front end prepared the card with).
    pub async fn propose_classified(
        &self,
        request: &Request,
        classification: Classification,
        now: OffsetDateTime,
    ) -> Result<Proposal, StoreError> {
        let fleet = request.work.fleet();
        // Fleet work is never run through a window: its decision is its
        // own card's, for exactly the targets it lists. Nor is a change
        // to an operator's knowledge entry: each is its own card's.
        let windowless = fleet.is_some() || request.work.knowledge().is_some();
        let listed = match request.session_id {
            Some(session) if !windowless => self.store.list_windows(session, now).await?,
            _ => Vec::new(),
        };
        let windows = crate::store::windows::allowed_by(&listed);
        let actions = actions_of(&request.work, &classification);
        let windowable = window_actions_of(&request.work, &classification);
        let confined = !self.read_only_asks(request);
        let proposed = policy::Candidate {
            class: classification.class,
            target: &request.target,
            actions: &windowable,
            four_eyes: self.four_eyes,
            confined,
            unshown_lines: unshown_lines(&request.work),
        };
        // A fleet's phrase names the set by its count (`confirm apt-get
        // 12 containers`): the card lists which.
        let named = match fleet {
            Some(plan) => crate::domain::fleet::count_label(&plan.subjects()),
            None => request.target.clone(),
        };
        let decision = policy::admit(proposed, &windows, || match proposed.unshown_lines {
            Some(lines) => phrase::phrase_for_lines(
                &actions,
                classification.class == RiskClass::Destructive,
                lines,
                &named,
            ),
            None => phrase::phrase_for(&actions, &named),
        });
        let classified = executions::Classified {
            class: classification.class,
            network: classification.network,
        };
        let through = match decision {
            Admission::RunNow { via: Via::Window } => crate::store::windows::covering(
                &listed,
                &request.target,
                classification.class == RiskClass::Destructive,
                &windowable,
            ),
            _ => None,
        };
        // The gate alone says which window a run went through.
        let request = &with_window_note(request, through);
        let outcome = executions::propose(
            &self.store,
            request,
            classified,
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
        self.decide_as(approval, &Decider::new(actor, via), answer, now)
            .await
    }

    /// [`Gate::decide`] with everything the front end knows of the decider.
    pub async fn decide_as(
        &self,
        approval: &Approval,
        decider: &Decider<'_>,
        answer: Answer,
        now: OffsetDateTime,
    ) -> Result<Outcome, StoreError> {
        let Some(execution) = self.store.get_execution(approval.execution_id).await? else {
            return Ok(Outcome::Answered(Answered::NotFound));
        };
        self.decide_on(approval, &execution, decider, answer, now)
            .await
    }

    /// [`Gate::decide_as`] for a caller that has read the approval's
    /// execution already.
    pub async fn decide_on(
        &self,
        approval: &Approval,
        execution: &Execution,
        decider: &Decider<'_>,
        answer: Answer,
        now: OffsetDateTime,
    ) -> Result<Outcome, StoreError> {
        let Decider {
            actor,
            room_power,
            via,
            event,
            claimed_in,
            starts,
        } = *decider;
        let (room, level) = match room_power {
            Some(RoomPower { room, level }) => (room, Some(level)),
            None => ("", None),
        };
        if !self.approvers.may_decide_in(actor, room, level) {
            tracing::info!(approval = %approval.id, actor, "ignored a decision from someone who is not an approver");
            return Ok(Outcome::Refused(Refusal::NotAnApprover));
        }
        let destructive_approval =
            answer == Answer::Approve && approval.risk() == RiskClass::Destructive;
        let needs_phrase = answer == Answer::Approve
            && !policy::loose_approval_allowed(
                approval.risk(),
                approval.confirmation_phrase.as_deref(),
            );
        if needs_phrase && via != Via::Typed {
            return Ok(Outcome::Refused(Refusal::NeedsPhrase));
        }
        if self.four_eyes
            && destructive_approval
            && crate::domain::is_requester(&execution.requested_by, actor)
        {
            tracing::info!(approval = %approval.id, actor, "four-eyes: the requester cannot confirm their own destructive work");
            return Ok(Outcome::Refused(Refusal::SameRequester));
        }
        let plan = self.window_plan(approval, execution);
        let answering = Answering {
            approval_id: approval.id,
            actor,
            via,
            answer,
            now,
            event,
            claimed_in,
            starts,
        };
        let decided = executions::answer(&self.store, &answering, &plan).await?;
        Ok(Outcome::Answered(decided))
    }

    /// The windows approving `approval` opens: the assent window, and for
    /// destructive work one window per action its phrase named, unless the
    /// target or the four-eyes rule allows none.
    fn window_plan(&self, approval: &Approval, execution: &Execution) -> WindowPlan {
        let destructive_actions = if approval.risk() == RiskClass::Destructive
            && policy::destructive_windows_allowed(&execution.target, self.four_eyes)
        {
            window_actions_of(&execution.work, &classify(&execution.command, None))
        } else {
            Vec::new()
        };
        // A container's creation covers the container it creates, not the
        // hypervisor it runs on (changes there ask again).
        // A fleet's covers the targets its card listed.
        // A knowledge change opens none: the next one asks again.
        let assent_targets = match (created_guest(execution), execution.work.fleet()) {
            _ if execution.work.knowledge().is_some() => Vec::new(),
            (Some(guest), _) => vec![guest],
            (None, Some(plan)) => plan.targets(),
            (None, None) => vec![execution.target.trim().to_string()],
        };
        WindowPlan {
            durations: self.timing.windows,
            destructive_actions,
            assent_targets,
        }
    }

    /// An approver's chat message as assent: when it is plain assent,
    /// approves the pending non-destructive approvals among `last_turn`
    /// (the approvals the agent's immediately preceding turn asked for).
    /// Returns the approvals this call decided.
    pub async fn assent(
        &self,
        actor: &str,
        message: &str,
        event: Option<&str>,
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
            if approval.status != ApprovalStatus::Pending
                || !policy::loose_approval_allowed(
                    approval.risk(),
                    approval.confirmation_phrase.as_deref(),
                )
            {
                continue;
            }
            let decider = Decider {
                event,
                ..Decider::new(actor, Via::Assent)
            };
            if let Outcome::Answered(Answered::Won { approval, .. }) = self
                .decide_as(&approval, &decider, Answer::Approve, now)
                .await?
            {
                approved.push(approval);
            }
        }
        Ok(approved)
    }

    /// An approver's message as a typed confirmation: approves the pending
    /// destructive approval among the candidates whose phrase the message
    /// is, exactly, and whose card was in the room when it was written. A
    /// reply decides only the card it replies to; when several cards share
    /// the phrase and the message replies to none, nothing is decided.
    pub async fn confirm(
        &self,
        typed: &Typed<'_>,
        now: OffsetDateTime,
    ) -> Result<Confirmation, StoreError> {
        if !self.approvers.may_decide(typed.actor) {
            return Ok(Confirmation::NoMatch);
        }
        let mut matching = Vec::new();
        let mut named_by_id = false;
        for id in typed.candidates {
            let Some(approval) = self.store.get_approval(*id).await? else {
                continue;
            };
            let named = approval
                .confirmation_phrase
                .as_deref()
                .map_or(phrase::Named::No, |expected| {
                    phrase::names_card(typed.message, expected, approval.execution_id)
                });
            let fits = named != phrase::Named::No;
            named_by_id |= named == phrase::Named::PhraseAndId;
            let seen = match typed.said_at {
                Some(at) => {
                    self.store
                        .card_shown_by(approval.execution_id, at, true)
                        .await?
                }
                None => true,
            };
            if approval.status == ApprovalStatus::Pending && fits && seen {
                matching.push(approval);
            }
        }
        if let Some(card) = typed.replied_to {
            // A reply names its card: no other card can be what it meant.
            matching.retain(|a| a.execution_id == card);
        }
        if named_by_id {
            // So does the phrase followed by a card's id.
            matching.retain(|a| {
                a.confirmation_phrase.as_deref().is_some_and(|expected| {
                    phrase::names_card(typed.message, expected, a.execution_id)
                        == phrase::Named::PhraseAndId
                })
            });
        }
        if matching.len() > 1 {
            return Ok(Confirmation::Ambiguous(
                matching.iter().map(|a| a.execution_id).collect(),
            ));
        }
        let Some(approval) = matching.into_iter().next() else {
            return Ok(Confirmation::NoMatch);
        };
        let decider = Decider {
            event: typed.event,
            ..Decider::new(typed.actor, Via::Typed)
        };
        Ok(
            match self
                .decide_as(&approval, &decider, Answer::Approve, now)
                .await?
            {
                Outcome::Answered(Answered::Won { approval, .. }) => {
                    Confirmation::Approved(approval)
                }
                Outcome::Refused(Refusal::SameRequester) => Confirmation::NotByRequester {
                    phrase: approval.confirmation_phrase.unwrap_or_default(),
                },
                _ => Confirmation::NoMatch,
            },
        )
    }
}

/// Lines of a file or knowledge change its card cannot show (see
/// [`crate::domain::file::ShownDiff`]); `None` for other work or a diff
/// the card shows whole.
fn unshown_lines(work: &Work) -> Option<usize> {
    let shown = crate::domain::file::ShownDiff::of(&work.diff()?);
    shown.is_cut().then_some(shown.total)
}

/// The actions a destructive window may stand for (none for a container
/// creation, or when any destructive part is more than a plain command).
fn window_actions_of(work: &Work, classification: &Classification) -> Vec<String> {
    match work {
        // No destructive window stands for a container creation, a write
        // to a critical file or a declared action: each shows its own card
        // and phrase.
        // Nor for fleet work: its phrase names the set, which no window
        // extends to.
        Work::PctCreate(_)
        | Work::WriteFile { .. }
        | Work::Fleet(_)
        | Work::Knowledge(_)
        | Work::Run {
            action: Some(_), ..
        } => Vec::new(),
        Work::Run { action: None, .. } => phrase::window_actions(classification),
    }
}

/// The destructive actions of a proposal, as its phrase names them. A
/// container creation and a file write have one of their own
/// (`pct_create`: privileged ones are destructive-class; `write_file`: a
/// critical path), which no window covers.
fn actions_of(work: &Work, classification: &Classification) -> Vec<String> {
    match work {
        Work::PctCreate(_) | Work::WriteFile { .. } | Work::Knowledge(_) => {
            vec![work.kind().as_str().to_string()]
        }
        // A declared action's phrase names it (`confirm shop-wipe host:lab`).
        Work::Run {
            action: Some(action),
            ..
        } => vec![action.name.clone()],
        Work::Run { action: None, .. } | Work::Fleet(_) => phrase::actions(classification),
    }
}

/// `request` with the window it runs through (`None`: none), whatever
/// its asker put there.
fn with_window_note(request: &Request, note: Option<WindowNote>) -> Request {
    let mut noted = request.clone();
    noted.window = note;
    noted
}

/// The guest `execution` creates, if it creates one: `pct_create`'s new
/// container, which the approved plan goes on to set up.
fn created_guest(execution: &Execution) -> Option<String> {
    let hostname = execution.work.container()?.hostname.trim();
    (!hostname.is_empty()).then(|| Target::lxc_slug(hostname))
}

/// Longest path (and path segment) a fetch may ask for unasked: longer
/// ones can carry data out.
const FETCH_PATH_CHARS: usize = 120;
const FETCH_SEGMENT_CHARS: usize = 48;

/// A command's words, split at spaces and shell operators, quotes dropped.
fn command_words(command: &str) -> Vec<&str> {
    command
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')' | '`'))
        .map(|w| w.trim_matches(['\'', '"']))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Where `http_get` may go unasked, with its lists read ([`Gate::fetch_rule`]).
#[derive(Debug, Clone)]
pub struct FetchRule {
    allowed: Egress,
    inventory: Egress,
}

impl FetchRule {
    /// Why `url` may not be fetched unasked, if it may not.
    pub fn refusal(&self, url: &str) -> Option<String> {
        fetch_verdict(url, &self.allowed, &self.inventory)
    }
}

/// [`Gate::fetch_refusal`]'s rule, over plain data: `allowed` holds the
/// configured hosts, `inventory` the lab's own.
pub fn fetch_verdict(url: &str, allowed: &Egress, inventory: &Egress) -> Option<String> {
    let ask = |why: String| {
        Some(format!(
            "http_get did not fetch it: {why}. To reach it anyway, propose `curl -s '<url>'` with \
             `run`: a card shows where it goes and a person approves it"
        ))
    };
    let Ok(parsed) = url::Url::parse(url.trim()) else {
        return ask(format!("`{}` is not a URL", url.trim()));
    };
    let Some(host) = parsed.host_str() else {
        return ask("the URL names no host".into());
    };
    if parsed.query().is_some_and(|q| !q.is_empty()) {
        return ask("the URL carries a query string, which can carry data out".into());
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return ask("the URL carries a user name or password".into());
    }
    let path = parsed.path();
    if path.len() > FETCH_PATH_CHARS
        || path
            .split('/')
            .any(|segment| segment.len() > FETCH_SEGMENT_CHARS)
    {
        return ask("the URL's path is long enough to carry data out".into());
    }
    // A lab machine first: an allowed domain may hold one
    // (`vps.example.net` under `.example.net`).
    if inventory.lists(host) {
        return ask(format!("`{host}` is a machine of this lab"));
    }
    if allowed.lists(host) {
        return None;
    }
    ask(format!(
        "`{host}` is not among the hosts `[gate] egress_allow` (or `[http] allow_hosts`) \
         lets it reach"
    ))
}

/// Where read-only commands may send: the hosts `[gate] egress_allow`
/// names and every host and service address the inventory names (with
/// loopback and the lab's private addresses, which [`Egress`] always
/// allows).
pub async fn egress_policy(store: &Store, allow: &[String]) -> Result<Egress, StoreError> {
    let entities = store.list_entities(None).await?;
    let inventory = entities.iter().flat_map(|e| {
        ["address", "url"]
            .into_iter()
            .filter_map(|key| e.attributes.0.get(key).and_then(|v| v.as_str()))
            .map(crate::gate::classify::egress::host_of)
    });
    Ok(Egress::new(
        allow
            .iter()
            .map(String::as_str)
            .chain(inventory)
            .collect::<Vec<_>>(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fetch_reaches_only_allowed_hosts_by_plain_addresses() {
        let allowed = Egress::new([
            "docs.example.org",
            ".debian.org",
            "wiki.lan",
            ".example.net",
        ]);
        let inventory = Egress::new(["vps.example.net", "203.0.113.9"]);
        let verdict = |url: &str| fetch_verdict(url, &allowed, &inventory);
        for ok in [
            "https://docs.example.org/install/",
            "https://wiki.debian.org/Docker",
            "http://deb.debian.org/debian/dists/trixie/Release",
            // Listed, although internal (`[http] allow_hosts`).
            "http://wiki.lan/Backups",
        ] {
            assert_eq!(verdict(ok), None, "{ok}");
        }
        for (url, why) in [
            ("https://attacker.example/", "not among the hosts"),
            ("https://docs.example.org/search?q=SECRET", "query string"),
            ("https://u:p@docs.example.org/", "user name"),
            (
                "https://docs.example.org/c2VjcmV0LXRva2VuLXJlYWQtYnktYS1yZWFkLW9ubHktY29tbWFuZA",
                "path",
            ),
            // A lab machine under an allowed domain is still a lab machine.
            ("https://vps.example.net/", "machine of this lab"),
            ("https://vps.example.net/admin/", "machine of this lab"),
            ("http://203.0.113.9/", "machine of this lab"),
            ("http://192.168.1.10/", "not among the hosts"),
            ("http://127.0.0.1:8080/", "not among the hosts"),
            ("not a url", "not a URL"),
        ] {
            let said = verdict(url).unwrap_or_default();
            assert!(
                said.contains(why) && said.contains("`run`"),
                "{url}: {said}"
            );
        }
    }
}
