//! Auto-continuation: when an execution ends, wake the agent in the session
//! that proposed it, so a plan goes on step after step without anyone
//! typing "continue".
//!
//! The worker hears of finished executions from the dispatcher, and on
//! start sweeps the store for results nobody has seen (a restart, a missed
//! notice). [`Agent::wake`] decides: only while the session's approval
//! window is open (or for work that needed no approval), and each result
//! is marked seen by one conditional update, so the agent is never woken
//! twice for it. A result left unseen reaches the agent with the
//! operator's next message instead.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::Agent;
use super::dispatch::Finished;
use crate::store::executions;

/// Runs until `shutdown` is cancelled or the dispatcher is gone.
pub async fn run(
    agent: Agent,
    mut finished: mpsc::UnboundedReceiver<Finished>,
    shutdown: CancellationToken,
) {
    let unread = agent.dispatcher().unread();
    match executions::sessions_with_unseen_results(agent.store()).await {
        Ok(sessions) => {
            for session in sessions {
                let agent = agent.clone();
                agent.clone().inner.wakes.spawn(async move {
                    if let Err(e) = agent.wake(session, None).await {
                        tracing::warn!(%session, error = %e, "cannot continue the session");
                    }
                });
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot look for unseen results"),
    }
    loop {
        let event = tokio::select! {
            () = shutdown.cancelled() => return,
            event = finished.recv() => event,
        };
        let Some(event) = event else {
            return;
        };
        let Finished {
            execution,
            session: Some(session),
        } = event
        else {
            unread.read();
            continue;
        };
        let agent = agent.clone();
        // Each wake in its own task: a long turn in one room must not hold
        // up another room's results.
        let wakes = agent.inner.wakes.clone();
        wakes.spawn(async move {
            if let Err(e) = agent.wake(session, Some(execution)).await {
                tracing::warn!(%session, %execution, error = %e, "cannot continue after the execution");
            }
        });
        unread.read();
    }
}
