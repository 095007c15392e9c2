//! The review's one clock: the system's, or a fixed time that the tests set and move; and the
//! learner's calendar days, which the review counts in.
//!
//! It stands here, below the review (`crate::review` re-exports it), because the progress
//! file's handle carries it ([`super::ProgressFile::clock`]): every page that reads the
//! learner's record reads the time the same way, and a test that moves the clock moves it for
//! all of them. The review may use the progress file, never the other way round.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{Datelike, Local, TimeZone};

/// The environment variable that fixes the executable's review clock (milliseconds since the
/// Unix epoch), for the command-line tests and prepared screenshots.
pub const NOW_ENV: &str = "LOCKS_LESSON_NOW";

/// A day in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// Where the review reads the time.
#[derive(Clone, Debug, Default)]
pub enum Clock {
    /// The system clock.
    #[default]
    System,
    /// A time the holder sets (shared by the clones, so a test can move it on).
    Fixed(Arc<AtomicU64>),
}

impl Clock {
    /// A clock stopped at `ms` since the Unix epoch.
    pub fn fixed(ms: u64) -> Self {
        Clock::Fixed(Arc::new(AtomicU64::new(ms)))
    }

    /// The system clock, unless [`NOW_ENV`] holds a time (a number of milliseconds).
    pub fn from_env() -> Self {
        std::env::var(NOW_ENV)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .map_or(Clock::System, Clock::fixed)
    }

    /// Milliseconds since the Unix epoch.
    pub fn now(&self) -> u64 {
        match self {
            Clock::System => super::now_ms(),
            Clock::Fixed(t) => t.load(Ordering::Relaxed),
        }
    }

    /// Moves a fixed clock to `ms` (the system clock cannot be moved).
    pub fn set(&self, ms: u64) {
        if let Clock::Fixed(t) = self {
            t.store(ms, Ordering::Relaxed);
        }
    }
}

/// Local calendar days from `from` to `to` (negative when `to` is earlier).
pub fn days_between(from: u64, to: u64) -> i64 {
    let day = |t: u64| {
        Local
            .timestamp_millis_opt(t.min(i64::MAX as u64) as i64)
            .single()
            .map_or(t as i64 / DAY_MS as i64, |d| {
                i64::from(d.date_naive().num_days_from_ce())
            })
    };
    day(to) - day(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_clock_is_shared_by_its_clones() {
        let c = Clock::fixed(5);
        let d = c.clone();
        c.set(9);
        assert_eq!(d.now(), 9);
        assert!(Clock::System.now() > 1_600_000_000_000);
    }
}
