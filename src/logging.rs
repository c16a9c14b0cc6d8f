//! Log output: human-readable lines by default, one JSON object per line
//! with `--log-format json`. The level comes from `RUST_LOG` when set
//! (e.g. `RUST_LOG=nomos=debug`), else from `--log-level`.
//!
//! The default filter keeps matrix-sdk at WARN and drops the lines it
//! writes for things that are expected in a healthy bot ([`EXPECTED`]): a
//! healthy start and an approval in an encrypted room log no ERROR and no
//! matrix-sdk WARN. `RUST_LOG` replaces the whole filter, so an operator
//! who asks for a target (`RUST_LOG=info,matrix_sdk::http_client=debug`)
//! sees those lines again.
//!
//! Every line passes through [`crate::redact`] on its way out: token
//! shapes always, the configured secrets once the configuration is loaded
//! ([`crate::redact::global`]), and secrets Nomos makes itself later (the
//! generated passphrase of the Matrix store, [`mask`]).

use std::io::{IsTerminal, Write};

use tracing::field::{Field, Visit};
use tracing::{Event, Metadata, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::{FilterExt, LevelFilter};
use tracing_subscriber::layer::{Context, Filter, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Lines matrix-sdk 0.18 writes in normal operation, as (target, text of
/// the message): dropped by the default filter, every other line of those
/// targets kept.
///
/// - `matrix_sdk_crypto::backups` warns "Trying to backup room keys but no
///   backup key was found" on every sync once the bot holds room keys:
///   Nomos does not use server-side key backup.
/// - `matrix_sdk::http_client` logs every failed request at ERROR,
///   including the expected 404s of asking whether secret storage is set
///   up (`m.secret_storage.default_key`, twice at each start) and whether
///   a room is encrypted (before its first message); the callers treat a
///   404 as "not there". Other request errors (refused connections, 5xx,
///   401) still show.
pub const EXPECTED: &[(&str, &str)] = &[
    (
        "matrix_sdk_crypto::backups",
        "Trying to backup room keys but no backup key was found",
    ),
    ("matrix_sdk::http_client", "status_code: 404"),
    // On a first login the device's own /keys/query can race its
    // /keys/upload, and the answer lacks the device for a moment (seen in
    // other matrix-sdk bots' logs right before "Marking account as
    // shared"). A device really deleted loses its access token, which
    // Nomos reports itself.
    (
        "matrix_sdk_crypto::identities::manager",
        "Our own device might have been deleted",
    ),
];

/// The default directives: our level, and the chatty libraries at WARN.
fn default_directives(default_level: &str) -> String {
    format!("{default_level},matrix_sdk=warn,matrix_sdk_crypto=warn,matrix_sdk_base=warn,sqlx=warn")
}

/// Installs the global subscriber. Calling it twice is harmless (the second
/// call keeps the first subscriber).
pub fn init(format: LogFormat, default_level: &str) {
    let (filter, from_env) = match EnvFilter::try_from_default_env() {
        Ok(filter) => (filter, true),
        Err(_) => (EnvFilter::new(default_directives(default_level)), false),
    };
    let filter = filter.and(ExpectedNoise { active: !from_env });
    // Colours for a terminal only: in a file or the journal, escape codes
    // would split `ERROR` from the text around it.
    let layer = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(|| Redacting(std::io::stderr()));
    let registry = tracing_subscriber::registry();
    let _ = match format {
        LogFormat::Text => registry
            .with(tracing_subscriber::Layer::with_filter(layer, filter))
            .try_init(),
        LogFormat::Json => registry
            .with(tracing_subscriber::Layer::with_filter(
                layer.json().flatten_event(true).with_current_span(true),
                filter,
            ))
            .try_init(),
    };
}

/// Drops the [`EXPECTED`] lines (when `active`: the default filter, not
/// an operator's `RUST_LOG`).
struct ExpectedNoise {
    active: bool,
}

impl ExpectedNoise {
    fn watches(&self, target: &str) -> bool {
        self.active && EXPECTED.iter().any(|(t, _)| *t == target)
    }
}

impl<S: Subscriber> Filter<S> for ExpectedNoise {
    fn enabled(&self, _meta: &Metadata<'_>, _cx: &Context<'_, S>) -> bool {
        true
    }

    fn callsite_enabled(&self, meta: &'static Metadata<'static>) -> tracing::subscriber::Interest {
        if self.watches(meta.target()) {
            tracing::subscriber::Interest::sometimes()
        } else {
            tracing::subscriber::Interest::always()
        }
    }

    fn event_enabled(&self, event: &Event<'_>, _cx: &Context<'_, S>) -> bool {
        let target = event.metadata().target();
        if !self.watches(target) {
            return true;
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        !EXPECTED
            .iter()
            .any(|(t, text)| *t == target && message.0.contains(text))
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(LevelFilter::TRACE)
    }
}

/// The `message` field of an event, as text.
struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0 = value.to_string();
        }
    }
}

/// Masks `secret` in every log line from now on (the configured secrets
/// are masked already; this is for the ones Nomos generates or reads from
/// its data dir), and in what is sent to the model (see
/// [`crate::redact::learn`]).
pub fn mask(secret: &str) {
    crate::redact::learn(secret);
}

/// A log writer that masks secrets. The formatter hands over each event as
/// one buffer, so a secret is never split between two writes.
struct Redacting<W>(W);

impl<W: Write> Write for Redacting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let fallback = crate::redact::Redactor::default();
        let redactor = crate::redact::global().get().unwrap_or(&fallback);
        let clean = crate::redact::late_masked(&redactor.redact(&text));
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

    /// What a subscriber with the default filter (at `info`) writes for
    /// the events `emit` sends.
    fn logged(active: bool, emit: impl FnOnce()) -> String {
        use std::sync::{Arc, Mutex};
        #[derive(Clone, Default)]
        struct Buffer(Arc<Mutex<Vec<u8>>>);
        impl Write for Buffer {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                if let Ok(mut inner) = self.0.lock() {
                    inner.extend_from_slice(buf);
                }
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Buffer::default();
        let out = buffer.clone();
        let filter = EnvFilter::new(default_directives("info")).and(ExpectedNoise { active });
        // (No time stamps: `…:44.404686Z` holds the `404` the test looks
        // for.)
        let layer = tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .without_time()
            .with_writer(move || out.clone());
        let subscriber = tracing_subscriber::registry()
            .with(tracing_subscriber::Layer::with_filter(layer, filter));
        tracing::subscriber::with_default(subscriber, emit);
        let bytes = buffer.0.lock().map(|b| b.clone()).unwrap_or_default();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    const HTTP: &str = "matrix_sdk::http_client";
    const BACKUPS: &str = "matrix_sdk_crypto::backups";

    fn emit_sdk_lines() {
        let not_found = "Api(Server(MatrixError(Error { status_code: 404, body: Standard(\
            StandardErrorBody { kind: NotFound, message: \"Account data not found\" }) })))";
        tracing::error!(target: HTTP, "Error while sending request: {not_found}");
        tracing::error!(target: HTTP, "Error while sending request: connection refused");
        tracing::warn!(target: BACKUPS, "Trying to backup room keys but no backup key was found");
        tracing::warn!(target: BACKUPS, "Trying to backup room keys but the backup key wasn't uploaded");
        tracing::info!(target: "matrix_sdk::client", "chatty");
        tracing::info!(target: "nomos::app", "store ready");
    }

    #[test]
    fn expected_sdk_noise_is_dropped_and_nothing_else() {
        let text = logged(true, emit_sdk_lines);
        assert!(!text.contains("status_code: 404"), "{text}");
        assert!(!text.contains("no backup key was found"), "{text}");
        assert!(
            text.contains("ERROR matrix_sdk::http_client") && text.contains("connection refused"),
            "{text}"
        );
        assert!(text.contains("wasn't uploaded"), "{text}");
        assert!(!text.contains("chatty"), "{text}");
        assert!(text.contains("store ready"), "{text}");
        // An operator's RUST_LOG sees them again.
        let all = logged(false, emit_sdk_lines);
        assert!(
            all.contains("status_code: 404") && all.contains("no backup key was found"),
            "{all}"
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
