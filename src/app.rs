//! Wiring for `nomos run`: open the store (migrating it), then run the
//! front ends until shutdown. Kept apart from `main` so integration tests
//! start the very same bot in-process.

use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::matrix::{self, MatrixError};
use crate::store::executions;
use crate::store::{Store, StoreError, redact_url};

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Matrix(#[from] MatrixError),
}

/// Runs the bot until `shutdown` is cancelled.
pub async fn run(config: Config, shutdown: CancellationToken) -> Result<(), RunError> {
    let store = Store::connect(&config.database_url).await?;
    let applied = store.migrate().await?;
    tracing::info!(
        database = %redact_url(&config.database_url),
        backend = %store.backend(),
        migrations_applied = applied,
        "store ready"
    );
    reconcile(&store).await?;
    let result = matrix::run(&config, store.clone(), shutdown).await;
    store.close().await;
    result.map_err(RunError::from)
}

/// Start-up reconciliation: what a crash left `running` becomes
/// `interrupted` (nothing re-runs by itself), and approvals that expired
/// while Nomos was down are expired now. Windows need nothing: their
/// expiry is a stored time, so a restart never extends them.
pub async fn reconcile(store: &Store) -> Result<(), StoreError> {
    let now = time::OffsetDateTime::now_utc();
    let interrupted = executions::interrupt_running(store, now).await?;
    for execution in &interrupted {
        tracing::warn!(execution = %execution.id, target = %execution.target, "execution was running when Nomos stopped; marked interrupted");
    }
    let expired = executions::expire_due(store, now).await?;
    if !interrupted.is_empty() || !expired.is_empty() {
        tracing::info!(
            interrupted = interrupted.len(),
            expired = expired.len(),
            "reconciled the store after a restart"
        );
    }
    Ok(())
}
