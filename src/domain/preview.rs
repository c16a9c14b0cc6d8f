//! A dry run's word on a package change, made when the change is proposed
//! (`apt-get -s` with the same arguments) and kept in the execution's
//! work, so the card says what will be installed, upgraded
//! and removed before anyone approves it.

use serde::{Deserialize, Serialize};

/// Names of packages a card lists before it says "and N more".
pub const LISTED: usize = 12;

/// What `apt-get -s` said a package change will do.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PackagePreview {
    /// The dry run that was asked (`apt-get -s install nginx`).
    pub command: String,
    pub installs: Vec<String>,
    pub upgrades: Vec<String>,
    pub removes: Vec<String>,
    /// Why the change would fail, or the dry run could not say (apt's
    /// `E:` line, or how the dry run failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

impl PackagePreview {
    /// Nothing would change.
    pub fn is_empty(&self) -> bool {
        self.installs.is_empty() && self.upgrades.is_empty() && self.removes.is_empty()
    }
}
