//! The Matrix front end's settings: how it logs in (`[matrix]`) and whom
//! it listens to (`[access]`), validated by [`crate::config`].

use matrix_sdk::ruma::OwnedUserId;
use url::Url;

use crate::domain::deciders::{EventRequirements, PowerRule};
use crate::redact::Secret;

#[derive(Debug, Clone)]
pub struct MatrixSettings {
    pub homeserver: Url,
    pub user: OwnedUserId,
    pub password: Secret,
    /// Encrypts the Matrix state and crypto stores. `None`: Nomos
    /// generates one on first start and keeps it in
    /// `DATA_DIR/matrix/store-passphrase` (see [`super::session`]).
    pub store_passphrase: Option<Secret>,
    pub device_name: String,
    /// Longer messages from rooms are refused with a notice, not read.
    pub max_message_bytes: usize,
}

#[derive(Debug, Clone, Default)]
pub struct AccessSettings {
    pub operators: Vec<OwnedUserId>,
    /// Room members at or above a power level may also decide cards with
    /// ✅/❌ in the rooms or for the users this names (only operators talk
    /// to the agent and use commands).
    pub approver_power: Option<PowerRule>,
    /// What a decision's event must be (encrypted, from a signed device).
    pub decision_events: EventRequirements,
    /// Destructive work needs its phrase from an approver other than the
    /// one who asked for it.
    pub four_eyes: bool,
}

impl AccessSettings {
    /// Whether this full Matrix user ID is on the operator allowlist.
    /// Display names never count; only the exact ID does.
    pub fn is_operator(&self, user: &str) -> bool {
        self.operators.iter().any(|op| op.as_str() == user)
    }

    /// The power rule, for the gate.
    pub fn power_rule(&self) -> Option<PowerRule> {
        self.approver_power.clone()
    }
}
