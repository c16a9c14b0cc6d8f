//! Who may decide: the operators named in the config (full Matrix user
//! IDs), and, when configured, room members whose power level in the
//! card's room (as the front end read it from the room state) is at or
//! above a threshold, but only in the rooms or for the users the config
//! lists for it (a room admin elsewhere, in any room an operator invited
//! the bot to, is nobody here). The bot itself, display names and
//! anything the LLM writes never count.

use std::collections::HashSet;

pub use crate::domain::deciders::PowerRule;

#[derive(Debug, Clone, Default)]
pub struct Approvers {
    allowlist: HashSet<String>,
    power: Option<PowerRule>,
}

impl Approvers {
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(users: I) -> Self {
        Approvers {
            allowlist: users.into_iter().map(Into::into).collect(),
            power: None,
        }
    }

    /// Also lets members at or above the rule's level decide, where the
    /// rule applies.
    pub fn with_power(mut self, rule: Option<PowerRule>) -> Self {
        self.power = rule;
        self
    }

    /// Whether `user` may decide in `room` given its power level there
    /// (when the front end knows it).
    pub fn may_decide_in(&self, user: &str, room: &str, room_power: Option<i64>) -> bool {
        self.may_decide(user)
            || matches!((&self.power, room_power),
                (Some(rule), Some(p)) if p >= rule.level && rule.applies(user, room))
    }

    /// Whether `user` (a full user ID) is on the list: decides anywhere.
    pub fn may_decide(&self, user: &str) -> bool {
        self.allowlist.contains(user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(rooms: &[&str], users: &[&str]) -> Option<PowerRule> {
        Some(PowerRule {
            level: 50,
            rooms: rooms.iter().map(|s| s.to_string()).collect(),
            users: users.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn power_levels_count_only_when_configured() {
        let plain = Approvers::new(["@alice:hs"]);
        assert!(!plain.may_decide_in("@bob:hs", "!r:hs", Some(100)));
        let with = Approvers::new(["@alice:hs"]).with_power(rule(&["!r:hs"], &[]));
        assert!(with.may_decide_in("@bob:hs", "!r:hs", Some(50)));
        assert!(with.may_decide_in("@bob:hs", "!r:hs", Some(100)));
        assert!(!with.may_decide_in("@bob:hs", "!r:hs", Some(49)));
        assert!(!with.may_decide_in("@bob:hs", "!r:hs", None));
        assert!(with.may_decide_in("@alice:hs", "!other:hs", None));
    }

    #[test]
    fn power_counts_only_in_the_listed_rooms_or_for_the_listed_users() {
        let by_room = Approvers::new(["@alice:hs"]).with_power(rule(&["!ops:hs"], &[]));
        // An admin of a room the config does not name is nobody there.
        assert!(!by_room.may_decide_in("@bob:hs", "!elsewhere:hs", Some(100)));
        assert!(by_room.may_decide_in("@bob:hs", "!ops:hs", Some(50)));
        assert!(!by_room.may_decide_in("@bob:hs", "!ops:hs", Some(49)));
        assert!(!by_room.may_decide_in("@bob:hs", "!x:hs", Some(50)));
        let by_user = Approvers::new(["@alice:hs"]).with_power(rule(&[], &["@bob:hs"]));
        assert!(by_user.may_decide_in("@bob:hs", "!any:hs", Some(50)));
        assert!(!by_user.may_decide_in("@bob:hs", "!any:hs", Some(10)));
        assert!(!by_user.may_decide_in("@carol:hs", "!any:hs", Some(100)));
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
