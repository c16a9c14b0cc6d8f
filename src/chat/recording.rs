//! A surface that only records: what the agent, the dispatcher and the
//! health monitor would have shown, in order, for tests and benchmarks to
//! read back. Nothing is sent anywhere.

use std::sync::Mutex;

use uuid::Uuid;

use super::{Card, Kind, Outbound, Surface, SurfaceFuture};

/// One thing a surface was asked to show.
#[derive(Debug, Clone, PartialEq)]
pub enum Recorded {
    Said {
        room: String,
        message: Outbound,
    },
    Card {
        room: String,
        card: Card,
    },
    Update {
        room: String,
        card: Card,
    },
    File {
        room: String,
        execution: Uuid,
        name: String,
        bytes: usize,
    },
}

#[derive(Debug, Default)]
pub struct Recording {
    seen: Mutex<Vec<Recorded>>,
    /// Cards are recorded but not shown yet (as an outbox whose homeserver
    /// is away would hold them).
    holding: std::sync::atomic::AtomicBool,
}

impl Recording {
    /// Holds cards back from the room (`true`) or shows them (`false`).
    pub fn hold_cards(&self, on: bool) {
        self.holding.store(on, std::sync::atomic::Ordering::SeqCst);
    }

    fn push(&self, r: Recorded) -> usize {
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.push(r);
        seen.len()
    }

    /// Everything, oldest first.
    pub fn all(&self) -> Vec<Recorded> {
        self.seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Messages of `kind`, as (room, markdown).
    pub fn messages(&self, kind: Kind) -> Vec<(String, String)> {
        self.all()
            .into_iter()
            .filter_map(|r| match r {
                Recorded::Said { room, message } if message.kind == kind => {
                    Some((room, message.markdown))
                }
                _ => None,
            })
            .collect()
    }

    /// The agent's words.
    pub fn said(&self) -> Vec<String> {
        self.messages(Kind::Text)
            .into_iter()
            .map(|(_, t)| t)
            .collect()
    }

    /// Notices.
    pub fn notices(&self) -> Vec<String> {
        self.messages(Kind::Notice)
            .into_iter()
            .map(|(_, t)| t)
            .collect()
    }

    /// Cards as first posted.
    pub fn cards(&self) -> Vec<Card> {
        self.all()
            .into_iter()
            .filter_map(|r| match r {
                Recorded::Card { card, .. } => Some(card),
                _ => None,
            })
            .collect()
    }

    /// The last state shown of an execution's card.
    pub fn last_card(&self, execution: Uuid) -> Option<Card> {
        self.all().into_iter().rev().find_map(|r| match r {
            Recorded::Update { card, .. } | Recorded::Card { card, .. }
                if card.execution_id == execution =>
            {
                Some(card)
            }
            _ => None,
        })
    }

    /// Files attached, as (execution, name, size).
    pub fn files(&self) -> Vec<(Uuid, String, usize)> {
        self.all()
            .into_iter()
            .filter_map(|r| match r {
                Recorded::File {
                    execution,
                    name,
                    bytes,
                    ..
                } => Some((execution, name, bytes)),
                _ => None,
            })
            .collect()
    }
}

impl Surface for Recording {
    fn send<'a>(&'a self, room: &'a str, message: Outbound) -> SurfaceFuture<'a, String> {
        Box::pin(async move {
            let n = self.push(Recorded::Said {
                room: room.to_string(),
                message,
            });
            Ok(format!("$recorded{n}"))
        })
    }

    fn post_card<'a>(
        &'a self,
        room: &'a str,
        _thread: Option<&'a str>,
        card: &'a Card,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            self.push(Recorded::Card {
                room: room.to_string(),
                card: card.clone(),
            });
            Ok(())
        })
    }

    fn update_card<'a>(&'a self, room: &'a str, card: &'a Card) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            self.push(Recorded::Update {
                room: room.to_string(),
                card: card.clone(),
            });
            Ok(())
        })
    }

    fn attach<'a>(
        &'a self,
        room: &'a str,
        card: &'a Card,
        name: String,
        bytes: Vec<u8>,
    ) -> SurfaceFuture<'a, ()> {
        Box::pin(async move {
            self.push(Recorded::File {
                room: room.to_string(),
                execution: card.execution_id,
                name,
                bytes: bytes.len(),
            });
            Ok(())
        })
    }

    fn typing<'a>(&'a self, _room: &'a str, _on: bool) -> SurfaceFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn card_shown<'a>(&'a self, _room: &'a str, _execution: Uuid) -> SurfaceFuture<'a, bool> {
        let shown = !self.holding.load(std::sync::atomic::Ordering::SeqCst);
        Box::pin(async move { Ok(shown) })
    }
}
