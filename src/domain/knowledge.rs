//! What a piece of written-down knowledge is.

use super::text::text_enum;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KnowledgeKind {
    /// Reference: how something is set up.
    Document,
    /// What was found out while working on something.
    Investigation,
    /// Steps to follow.
    Runbook,
}

/// Who last wrote a knowledge entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KnowledgeAuthor {
    /// An operator: seeded from the inventory or knowledge files.
    Operator,
    /// The agent, through `upsert_knowledge`.
    Agent,
}

text_enum!(KnowledgeAuthor, "knowledge author", {
    Operator => "operator",
    Agent => "agent",
});

text_enum!(KnowledgeKind, "knowledge kind", {
    Document => "document",
    Investigation => "investigation",
    Runbook => "runbook",
});
