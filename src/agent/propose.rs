//! The one way a request becomes work: [`Agent::submit`] classifies it
//! once and records it (through [`Agent::propose`]), posts its card, and
//! starts what may run now. The model's tools, the `!run` command and
//! undo all come through here; each only phrases what happened for its
//! reader (a tool result, a chat reply).

use time::OffsetDateTime;
use tokio::sync::oneshot;

use super::{Agent, Proposing};
use crate::chat::Inbound;
use crate::chat::strings::commands as replies;
use crate::domain::{RiskClass, Via, short_id};
use crate::store::StoreError;
use crate::store::executions::{Approval, Execution, Proposed, Request};

/// What came of a submitted request.
#[derive(Debug)]
pub enum Submitted {
    /// Approved by policy or a window: its card is posted and it has
    /// started; `done` answers with the row once it has ended.
    Started {
        execution: Box<Execution>,
        via: Via,
        class: RiskClass,
        done: oneshot::Receiver<Option<Execution>>,
    },
    /// Its card is posted and it waits for a person (`reason`: the
    /// classifier's word on why).
    Awaiting {
        execution: Box<Execution>,
        approval: Box<Approval>,
        class: RiskClass,
        reason: String,
    },
    /// The same command on the same target already waits in this
    /// conversation; nothing new was made or posted.
    AlreadyQueued {
        execution: Box<Execution>,
        approval: Option<Box<Approval>>,
    },
    /// Not recorded: its card could not show all of it; why.
    Unreviewable(String),
}

impl Agent {
    /// Proposes `request`, posts its card in `room` (in the thread `thread`
    /// gives, asked only when there is a card to post) and starts it when
    /// it may run now.
    pub async fn submit(
        &self,
        request: Request,
        room: &str,
        thread: impl AsyncFnOnce(&str) -> Option<String>,
    ) -> Result<Submitted, StoreError> {
        let (request, proposal) = match self.propose(request, OffsetDateTime::now_utc()).await? {
            Proposing::Made(made) => *made,
            Proposing::Unreviewable(why) => return Ok(Submitted::Unreviewable(why)),
        };
        let class = proposal.classification.class;
        Ok(match proposal.outcome {
            Proposed::RunNow { execution, via } => {
                let thread = thread(&request.purpose).await;
                self.post_card(room, thread.as_deref(), &execution, None)
                    .await;
                let done = self.dispatcher().start(room.to_string(), execution.id);
                Submitted::Started {
                    execution: Box::new(execution),
                    via,
                    class,
                    done,
                }
            }
            Proposed::Awaiting {
                execution,
                approval,
            } => {
                let thread = thread(&request.purpose).await;
                self.post_card(room, thread.as_deref(), &execution, Some(&approval))
                    .await;
                Submitted::Awaiting {
                    execution: Box::new(execution),
                    approval: Box::new(approval),
                    class,
                    reason: proposal.classification.reason,
                }
            }
            Proposed::AlreadyQueued {
                execution,
                approval,
            } => Submitted::AlreadyQueued {
                execution: Box::new(execution),
                approval: approval.map(Box::new),
            },
        })
    }
}

/// A `!` command's request, submitted with its card in the command's
/// thread; the reply says what happened.
pub(super) async fn propose_and_show(
    agent: &Agent,
    inbound: &Inbound,
    request: Request,
) -> Result<String, StoreError> {
    let thread = Some(inbound.event_id.clone());
    let submitted = agent
        .submit(request, &inbound.room, async |_: &str| thread)
        .await?;
    Ok(match submitted {
        Submitted::Started {
            execution,
            via,
            class,
            ..
        } => replies::running_now(&short_id(execution.id), class, via),
        Submitted::Awaiting {
            execution,
            approval,
            class,
            ..
        } => replies::run_waits(
            &short_id(execution.id),
            class,
            approval.confirmation_phrase.as_deref(),
            agent.inner.surface_kind.into(),
        ),
        Submitted::AlreadyQueued { execution, .. } => {
            replies::already_waiting(&short_id(execution.id))
        }
        Submitted::Unreviewable(why) => why,
    })
}
