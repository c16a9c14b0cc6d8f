//! Who may decide and with which events: the power-level rule (a room
//! power level counts only in the rooms or for the users the config
//! names) and how much a decision's event must be trusted (encrypted, from
//! a device its owner signed). Plain data and pure checks; the gate and
//! the Matrix front end both apply them.

use std::collections::HashSet;

/// When a room power level makes someone an approver.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PowerRule {
    /// At or above this level.
    pub level: i64,
    /// In these rooms (full room IDs), for anyone at the level.
    pub rooms: HashSet<String>,
    /// These users (full user IDs), in any room where they have the level.
    pub users: HashSet<String>,
}

impl PowerRule {
    /// Whether power in `room` can make `user` an approver at all (before
    /// the level is known: the cheap check that comes first).
    pub fn applies(&self, user: &str, room: &str) -> bool {
        self.rooms.contains(room) || self.users.contains(user)
    }
}

/// How the event that carries a decision reached the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protection {
    /// Sent in clear: in a room that is not encrypted, a reaction from a
    /// client that does not encrypt reactions, or an event sent around
    /// the room's encryption (which any client, or the homeserver itself,
    /// can make).
    Plain,
    /// Decrypted; what is known of the device that encrypted it.
    Encrypted(Device),
}

/// The sending device, as the bot's crypto store judged it when the event
/// was decrypted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Signed by its owner's identity, and that identity verified by the bot.
    Verified,
    /// Signed by its owner's identity (what a client shows as a verified
    /// session); the identity itself not verified by the bot.
    SignedByOwner,
    /// Its owner's identity changed since the bot verified it.
    IdentityChanged,
    /// Not signed by its owner's identity (a new login nobody confirmed).
    Unsigned,
    /// Unknown to the bot, or the key came from an unsafe source.
    Unknown,
    /// The event's sender does not own the device that encrypted it: a
    /// forgery, never a decision.
    NotTheSenders,
}

/// What the config asks of a decision's event (`[access]
/// require_encrypted_decisions`, `require_verified_devices`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EventRequirements {
    pub encrypted: bool,
    pub signed_device: bool,
}

/// Why an event may not carry a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Untrusted {
    /// Sent in clear where the config asks for encrypted decisions.
    NotEncrypted,
    /// From a device the config does not accept.
    Device(Device),
}

impl EventRequirements {
    /// Whether an event of this protection may carry a decision. By
    /// default any may: matrix-sdk based clients (Element X among them)
    /// send reactions unencrypted even in encrypted rooms, so refusing
    /// clear events would refuse their ✅. The config can ask for more.
    pub fn judge(self, protection: Protection) -> Result<(), Untrusted> {
        match protection {
            Protection::Plain if self.encrypted || self.signed_device => {
                Err(Untrusted::NotEncrypted)
            }
            Protection::Plain => Ok(()),
            Protection::Encrypted(device) => match device {
                Device::Verified | Device::SignedByOwner => Ok(()),
                Device::NotTheSenders => Err(Untrusted::Device(device)),
                Device::IdentityChanged | Device::Unsigned | Device::Unknown
                    if self.signed_device =>
                {
                    Err(Untrusted::Device(device))
                }
                Device::IdentityChanged | Device::Unsigned | Device::Unknown => Ok(()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_power_rule_applies_to_its_rooms_and_users_only() {
        let rule = PowerRule {
            level: 50,
            rooms: ["!ops:hs".to_string()].into(),
            users: ["@bob:hs".to_string()].into(),
        };
        assert!(rule.applies("@anyone:hs", "!ops:hs"));
        assert!(rule.applies("@bob:hs", "!elsewhere:hs"));
        assert!(!rule.applies("@carol:hs", "!elsewhere:hs"));
    }

    #[test]
    fn by_default_every_event_may_decide() {
        let any = EventRequirements::default();
        assert_eq!(any.judge(Protection::Plain), Ok(()));
        for device in [
            Device::Verified,
            Device::SignedByOwner,
            Device::IdentityChanged,
            Device::Unsigned,
            Device::Unknown,
        ] {
            assert_eq!(any.judge(Protection::Encrypted(device)), Ok(()));
        }
        // A forgery never decides.
        assert_eq!(
            any.judge(Protection::Encrypted(Device::NotTheSenders)),
            Err(Untrusted::Device(Device::NotTheSenders))
        );
    }

    #[test]
    fn requirements_refuse_what_they_name() {
        let encrypted = EventRequirements {
            encrypted: true,
            signed_device: false,
        };
        assert_eq!(
            encrypted.judge(Protection::Plain),
            Err(Untrusted::NotEncrypted)
        );
        assert_eq!(
            encrypted.judge(Protection::Encrypted(Device::Unsigned)),
            Ok(())
        );
        let signed = EventRequirements {
            encrypted: false,
            signed_device: true,
        };
        assert_eq!(
            signed.judge(Protection::Plain),
            Err(Untrusted::NotEncrypted)
        );
        for device in [Device::Unsigned, Device::Unknown, Device::IdentityChanged] {
            assert_eq!(
                signed.judge(Protection::Encrypted(device)),
                Err(Untrusted::Device(device))
            );
            assert_eq!(
                EventRequirements::default().judge(Protection::Encrypted(device)),
                Ok(())
            );
        }
        for device in [Device::Verified, Device::SignedByOwner] {
            assert_eq!(signed.judge(Protection::Encrypted(device)), Ok(()));
        }
    }
}
