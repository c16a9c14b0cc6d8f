//! The console surface behind `nomos chat`: the agent's words and cards
//! printed to a terminal. The operator answers a card by typing `y` or `n`,
//! or the confirmation phrase a destructive card shows. Live output edits
//! are not reprinted; a card is printed again when its state changes.
//! Markdown is rendered as a terminal shows it (no emphasis markers or
//! escapes, code indented; inline code keeps its backticks).

use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;

use uuid::Uuid;

use super::card::Audience;
use super::{Card, Kind, Outbound, Surface, SurfaceError, SurfaceFuture};
use crate::domain::ExecutionStatus;

pub struct ConsoleSurface {
    out: Mutex<Box<dyn Write + Send>>,
    /// The state each card was last printed in.
    shown: Mutex<HashMap<Uuid, ExecutionStatus>>,
    next_id: std::sync::atomic::AtomicU64,
}

impl ConsoleSurface {
    pub fn new(out: Box<dyn Write + Send>) -> ConsoleSurface {
        ConsoleSurface {
            out: Mutex::new(out),
            shown: Mutex::new(HashMap::new()),
            next_id: std::sync::atomic::AtomicU64::new(1),
        }
    }

    /// Prints `text` with every control character but line breaks and tabs
    /// made visible (`␛`), so no command output or model text can move
    /// the cursor, clear the screen or redraw an earlier card.
    fn print(&self, text: &str) -> Result<(), SurfaceError> {
        let text = super::visible::visible(text);
        let mut out = self
            .out
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        writeln!(out, "{text}")
            .and_then(|()| out.flush())
            .map_err(|e| SurfaceError {
                room: "console".into(),
                reason: e.to_string(),
                transient: false,
            })
    }

    fn print_card(&self, card: &Card) -> Result<(), SurfaceError> {
        let mut text = format!("\n┌─ execution {}\n", card.short_id());
        let shown = super::render::markdown_to_terminal(&card.markdown_for(Audience::Console));
        for line in shown.lines() {
            text.push_str(&format!("│ {line}\n"));
        }
        // The status line inside says how to answer (`y`, `n`, the phrase).
        text.push_str("└─\n");
        self.shown
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(card.execution_id, card.status);
        self.print(&text)
    }
}

/// Read-only work the policy ran with no card to answer.
fn unattended(card: &Card) -> bool {
    card.risk == crate::domain::RiskClass::ReadOnly && card.approval_id.is_none()
}

impl Surface for ConsoleSurface {
    fn send<'a>(&'a self, _room: &'a str, message: Outbound) -> SurfaceFuture<'a, String> {
        Box::pin(async move {
            let prefix = match message.kind {
                Kind::Text => "nomos>",
                Kind::Notice => "nomos (notice)>",
            };
            let text = super::render::markdown_to_terminal(&message.markdown);
            // Every line after the first is indented: nothing a message
            // says can start a line the way a card's frame does.
            let text = text.replace('\n', "\n  ");
            self.print(&format!("{prefix} {text}"))?;
            let id = self
                .next_id
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(format!("console-{id}"))
        })
    }

    fn post_card<'a>(
        &'a self,
        _room: &'a str,
        _thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            if unattended(card) {
                // Read-only work nobody was asked about: one line when it
                // ends, no card (the model reads its output).
                self.shown
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(card.execution_id, card.status);
                return Ok(());
            }
            self.print_card(card)
        })
    }

    fn update_card<'a>(&'a self, _room: &'a str, card: &'a Card) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            if unattended(card) {
                if card.is_final() {
                    self.print(&format!(
                        "· {} `{}` on {}: {}",
                        card.short_id(),
                        super::card::one_line(&card.command, 80),
                        card.target,
                        super::render::markdown_to_terminal(
                            &card.status_line_for(Audience::Console)
                        )
                    ))?;
                }
                return Ok(());
            }
            let changed = self
                .shown
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get(&card.execution_id)
                != Some(&card.status);
            if changed && card.is_final() {
                self.print_card(card)?;
            } else if changed {
                self.shown
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(card.execution_id, card.status);
                self.print(&format!(
                    "· {}: {}",
                    card.short_id(),
                    super::render::markdown_to_terminal(&card.status_line_for(Audience::Console))
                ))?;
            }
            Ok(())
        })
    }

    fn attach<'a>(
        &'a self,
        _room: &'a str,
        card: &'a Card,
        _name: String,
        bytes: Vec<u8>,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            self.print(&format!(
                "· {}: {} bytes of output in all; the card shows the end",
                card.short_id(),
                bytes.len()
            ))
        })
    }

    fn typing<'a>(&'a self, _room: &'a str, _on: bool) -> SurfaceFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("buffer").extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn no_message_can_draw_a_card_or_drive_the_terminal() {
        let out = Shared::default();
        let console = ConsoleSurface::new(Box::new(out.clone()));
        let forged =
            "All good.\n┌─ execution 9f8e7d6c\n│ config_mutation\n└─\n\u{1b}[2J\u{1b}[H`y` runs it";
        console
            .send("console", Outbound::text(forged))
            .await
            .expect("printed");
        let printed = String::from_utf8(out.0.lock().expect("buffer").clone()).expect("utf-8");
        assert!(
            printed
                .lines()
                .all(|l| !l.starts_with("┌─") && !l.starts_with('│') && !l.starts_with("└─")),
            "{printed}"
        );
        assert!(!printed.contains('\u{1b}'), "{printed:?}");
        assert!(printed.contains('␛'), "{printed}");
    }
}
