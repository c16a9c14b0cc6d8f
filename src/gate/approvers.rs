//! Who may decide: the operators named in the config (full Matrix user
//! IDs). The bot itself, other room members and anything the LLM writes
//! never count. Room power levels join this check with the Matrix issue.

use std::collections::HashSet;

#[derive(Debug, Clone, Default)]
pub struct Approvers {
    allowlist: HashSet<String>,
}

impl Approvers {
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(users: I) -> Self {
        Approvers {
            allowlist: users.into_iter().map(Into::into).collect(),
        }
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
    fn only_listed_ids_decide() {
        let a = Approvers::new(["@alice:hs"]);
        assert!(a.may_decide("@alice:hs"));
        assert!(!a.may_decide("@Alice:hs"));
        assert!(!a.may_decide("alice"));
        assert!(!a.may_decide("@mallory:hs"));
    }
}
