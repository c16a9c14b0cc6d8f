//! Log output: human-readable lines by default, one JSON object per line
//! with `--log-format json`. The level comes from `RUST_LOG` when set
//! (e.g. `RUST_LOG=nomos=debug`), else from `--log-level`.

use tracing_subscriber::EnvFilter;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Installs the global subscriber. Calling it twice is harmless (the second
/// call keeps the first subscriber).
pub fn init(format: LogFormat, default_level: &str) {
    // matrix-sdk is chatty at info; keep its warnings and our own level.
    // Its key-backup module warns on every encrypted message when no
    // server-side key backup is set up, which Nomos does not use.
    let fallback = format!(
        "{default_level},matrix_sdk=warn,matrix_sdk_crypto=warn,matrix_sdk_base=warn,sqlx=warn,\
         matrix_sdk_crypto::backups=error"
    );
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(fallback));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .try_init(),
    };
}
