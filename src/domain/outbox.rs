//! What a queued outbox row asks the front end to do.

use super::text::text_enum;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutboxOp {
    /// Post a message.
    Message,
    /// Post an approval card.
    Card,
    /// Replace the text of a card or status message.
    Edit,
    /// Attach a file in a card's thread.
    Attach,
}

text_enum!(OutboxOp, "outbox operation", {
    Message => "message",
    Card => "card",
    Edit => "edit",
    Attach => "attach",
});
