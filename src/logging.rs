//! Log output: human-readable lines by default, one JSON object per line
//! with `--log-format json`. The level comes from `RUST_LOG` when set
//! (e.g. `RUST_LOG=nomos=debug`), else from `--log-level`.
//!
//! Every line passes through [`crate::redact`] on its way out: token
//! shapes always, the configured secrets once the configuration is loaded
//! ([`crate::redact::global`]), and secrets Nomos makes itself later (the
//! generated passphrase of the Matrix store, [`mask`]).

use std::io::{IsTerminal, Write};
use std::sync::RwLock;

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
    // server-side key backup is set up, which Nomos does not use. Its HTTP
    // client logs every failed request at ERROR, including the expected
    // 404s of asking whether a room is encrypted (before the first message
    // to a room) or whether secret storage is set up (at start); every
    // request error also reaches the Nomos code that made the request,
    // which reports it in its own words, so those lines are noise.
    let fallback = format!(
        "{default_level},matrix_sdk=warn,matrix_sdk_crypto=warn,matrix_sdk_base=warn,sqlx=warn,\
         matrix_sdk_crypto::backups=error,matrix_sdk::http_client=off"
    );
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(fallback));
    // Colours for a terminal only: in a file or the journal, escape codes
    // would split `ERROR` from the text around it.
    let builder = tracing_subscriber::fmt()
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(filter)
        .with_writer(|| Redacting(std::io::stderr()));
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .try_init(),
    };
}

/// Secrets learnt after start-up, masked in every later line.
static LATE_SECRETS: RwLock<Vec<String>> = RwLock::new(Vec::new());

/// Masks `secret` in every log line from now on (the configured secrets
/// are masked already; this is for the ones Nomos generates or reads from
/// its data dir). Secrets shorter than six characters are ignored, as in
/// [`crate::redact::Redactor`].
pub fn mask(secret: &str) {
    if secret.chars().count() < 6 {
        return;
    }
    if let Ok(mut secrets) = LATE_SECRETS.write()
        && !secrets.iter().any(|s| s == secret)
    {
        secrets.push(secret.to_string());
    }
}

/// A log writer that masks secrets. The formatter hands over each event as
/// one buffer, so a secret is never split between two writes.
struct Redacting<W>(W);

impl<W: Write> Write for Redacting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let fallback = crate::redact::Redactor::default();
        let redactor = crate::redact::global().get().unwrap_or(&fallback);
        let mut clean = redactor.redact(&text);
        if let Ok(late) = LATE_SECRETS.read() {
            for secret in late.iter() {
                if clean.contains(secret.as_str()) {
                    clean = clean.replace(secret.as_str(), crate::redact::MASK).into();
                }
            }
        }
        self.0.write_all(clean.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_lose_their_tokens() {
        let mut out = Redacting(Vec::new());
        out.write_all(b"calling with Bearer abcdefghijklmnopqrstu\n")
            .unwrap_or_default();
        assert_eq!(
            String::from_utf8_lossy(&out.0),
            "calling with Bearer [REDACTED]\n"
        );
    }

    #[test]
    fn late_secrets_are_masked() {
        mask("0123456789abcdef-late");
        mask("abc");
        let mut out = Redacting(Vec::new());
        out.write_all(b"opening with 0123456789abcdef-late; abc stays\n")
            .unwrap_or_default();
        assert_eq!(
            String::from_utf8_lossy(&out.0),
            "opening with [REDACTED]; abc stays\n"
        );
    }
}
