//! Wiring for `nomos run`: open the store (migrating it), then run the
//! front ends until shutdown. Kept apart from `main` so integration tests
//! start the very same bot in-process.

use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::matrix::{self, MatrixError};
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
    let result = matrix::run(&config, store.clone(), shutdown).await;
    store.close().await;
    result.map_err(RunError::from)
}
