//! Per-sender limits on what can decide or command: reactions, redactions
//! and messages from people who could decide (operators, and the members
//! the power rule names). Everyone else's events are dropped before this,
//! at no cost. A token bucket per sender: a burst of [`BURST`] events, then
//! [`PER_SECOND`] a second; past that their events are ignored and the
//! room is told once (again at most every [`NOTICE_EVERY`]).
//!
//! Plain data over an injected clock, so the rule is unit-tested; the
//! front end holds one behind a lock.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Events a sender may send at once.
pub const BURST: u32 = 60;
/// Events a sender may send a second, sustained.
pub const PER_SECOND: u32 = 10;
/// A sender is told at most this often that their events are ignored.
pub const NOTICE_EVERY: Duration = Duration::from_secs(60);
/// Senders remembered before full buckets are forgotten.
const REMEMBERED: usize = 10_000;

/// What to do with one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    Admit,
    /// Over the limit: ignore it, and tell the room when `notice`.
    Drop {
        notice: bool,
    },
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
    noticed: Option<Instant>,
}

/// The buckets of every sender seen.
#[derive(Debug, Default)]
pub struct Limiter {
    buckets: HashMap<String, Bucket>,
}

impl Limiter {
    /// Counts one event from `sender` at `now`.
    pub fn admit(&mut self, sender: &str, now: Instant) -> Admission {
        if self.buckets.len() >= REMEMBERED && !self.buckets.contains_key(sender) {
            self.forget_full(now);
        }
        let bucket = self.buckets.entry(sender.to_string()).or_insert(Bucket {
            tokens: f64::from(BURST),
            at: now,
            noticed: None,
        });
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * f64::from(PER_SECOND)).min(f64::from(BURST));
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Admission::Admit;
        }
        let notice = bucket
            .noticed
            .is_none_or(|at| now.saturating_duration_since(at) >= NOTICE_EVERY);
        if notice {
            bucket.noticed = Some(now);
        }
        Admission::Drop { notice }
    }

    /// Forgets senders whose bucket has refilled (they lose nothing).
    fn forget_full(&mut self, now: Instant) {
        let full = Duration::from_secs_f64(f64::from(BURST) / f64::from(PER_SECOND));
        self.buckets.retain(|_, b| {
            now.saturating_duration_since(b.at) < full
                || b.noticed
                    .is_some_and(|at| now.saturating_duration_since(at) < NOTICE_EVERY)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds_and_the_room_is_told_once() {
        let mut limiter = Limiter::default();
        let start = Instant::now();
        for _ in 0..BURST {
            assert_eq!(limiter.admit("@op:hs", start), Admission::Admit);
        }
        assert_eq!(
            limiter.admit("@op:hs", start),
            Admission::Drop { notice: true }
        );
        assert_eq!(
            limiter.admit("@op:hs", start),
            Admission::Drop { notice: false }
        );
        // Another sender has a bucket of their own.
        assert_eq!(limiter.admit("@other:hs", start), Admission::Admit);
        // A second later, PER_SECOND more pass.
        let later = start + Duration::from_secs(1);
        for _ in 0..PER_SECOND {
            assert_eq!(limiter.admit("@op:hs", later), Admission::Admit);
        }
        assert_eq!(
            limiter.admit("@op:hs", later),
            Admission::Drop { notice: false }
        );
        // Told again only after NOTICE_EVERY.
        let much_later = start + NOTICE_EVERY;
        for _ in 0..BURST {
            limiter.admit("@op:hs", much_later);
        }
        assert_eq!(
            limiter.admit("@op:hs", much_later),
            Admission::Drop { notice: true }
        );
    }

    #[test]
    fn a_steady_human_pace_is_never_limited() {
        let mut limiter = Limiter::default();
        let start = Instant::now();
        for i in 0..10_000u64 {
            let at = start + Duration::from_millis(i * 1000 / u64::from(PER_SECOND));
            assert_eq!(limiter.admit("@op:hs", at), Admission::Admit, "event {i}");
        }
    }

    #[test]
    fn memory_stays_bounded_under_many_senders() {
        let mut limiter = Limiter::default();
        let start = Instant::now();
        for i in 0..(REMEMBERED * 3) {
            let at = start + Duration::from_secs(i as u64 * 7);
            limiter.admit(&format!("@u{i}:hs"), at);
        }
        assert!(limiter.buckets.len() <= REMEMBERED + 1);
    }
}
