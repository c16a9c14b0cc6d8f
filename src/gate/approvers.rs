//! Who may decide: the operators named in the config (full Matrix user
//! IDs), and, when configured, room members whose power level in the
//! card's room (as the front end read it from the room state) is at or
//! above a threshold. The bot itself, display names and anything the LLM
//! writes never count.

use std::collections::HashSet;

#[derive(Debug, Clone, Default)]
pub struct Approvers {
    allowlist: HashSet<String>,
    power_threshold: Option<i64>,
}

impl Approvers {
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(users: I) -> Self {
        Approvers {
            allowlist: users.into_iter().map(Into::into).collect(),
            power_threshold: None,
        }
    }

    /// Also lets room members at or above `level` decide.
    pub fn with_power_threshold(mut self, level: Option<i64>) -> Self {
        self.power_threshold = level;
        self
    }

    /// The power level that makes a room member an approver, if any.
    pub fn power_threshold(&self) -> Option<i64> {
        self.power_threshold
    }

    /// Whether `user`, with this power level in the card's room (when the
    /// front end knows it), may approve or deny.
    pub fn may_decide_with_power(&self, user: &str, room_power: Option<i64>) -> bool {
        self.may_decide(user)
            || matches!((self.power_threshold, room_power), (Some(min), Some(p)) if p >= min)
    }

    /// Whether `user` (a full user ID) may approve or deny.
    pub fn may_decide(&self, user: &str) -> bool {
        self.allowlist.contains(user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_levels_count_only_when_configured() {
        let plain = Approvers::new(["@alice:hs"]);
        assert!(!plain.may_decide_with_power("@bob:hs", Some(100)));
        let with = Approvers::new(["@alice:hs"]).with_power_threshold(Some(50));
        assert!(with.may_decide_with_power("@bob:hs", Some(50)));
        assert!(with.may_decide_with_power("@bob:hs", Some(100)));
        assert!(!with.may_decide_with_power("@bob:hs", Some(49)));
        assert!(!with.may_decide_with_power("@bob:hs", None));
        assert!(with.may_decide_with_power("@alice:hs", None));
    }

    #[test]
    fn only_listed_ids_decide() {
        let a = Approvers::new(["@alice:hs"]);
        assert!(a.may_decide("@alice:hs"));
        assert!(!a.may_decide("@Alice:hs"));
        assert!(!a.may_decide("alice"));
        assert!(!a.may_decide("@mallory:hs"));
    }
}
