//! Section 3, "The stale holder": one paused lock holder, step by step. No randomness.
//!
//! Worker A is granted the lock with token 33 at `t = 0`, works for a second and freezes at
//! `t = 1 s` for `pause_s`. If it wakes in time (`1 + pause ≤ TTL`) it writes, releases the
//! lock, and B (waiting) is granted token 34 at that moment and writes one second later.
//! Otherwise the lock expires at the TTL, B is granted token 34 then and writes at `TTL + 1`,
//! and A writes as soon as it wakes, at `1 + pause`. Storage applies writes in time order;
//! with fencing it refuses a token below the highest it has applied.
//!
//! Writes at the same instant are applied in the order they were scheduled (as in the counter
//! model): A scheduled its write when it froze, before B was granted, so with
//! `pause = TTL` A's write goes first and B's write replaces it: no harm done.
//! A write at the very instant of expiry (`1 + pause = TTL`) is still inside the lease.

use serde::{Deserialize, Serialize};

use super::params::Valid;
use super::schema::{FENCING_SWITCH, Schema, Switch};

crate::param_specs! {
    pub PAUSE_S = new("pause-s", "s", 0.0, 30.0, 14.0);
    pub TTL_S = new("ttl-s", "s", 1.0, 30.0, 10.0);
}

/// A's token.
pub const TOKEN_A: u64 = 33;
/// B's token.
pub const TOKEN_B: u64 = 34;
/// When A freezes, and how long B works before writing.
pub const WORK_S: f64 = 1.0;

/// Parameters of the stale-holder story. `Default` gives the lesson's values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StaleParams {
    pub pause_s: f64,
    pub ttl_s: f64,
    pub fencing: bool,
}

crate::param_table!(StaleParams {
    pause_s: PAUSE_S,
    ttl_s: TTL_S,
} default { fencing: false });

impl StaleParams {}

/// How the story ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A finished inside its lease; B only started afterwards.
    NoOverlap,
    /// A's late write landed after B's and replaced it (no fencing): silent corruption.
    Overwritten,
    /// A's late write came after B's token was seen, and storage refused it (fencing).
    Rejected,
    /// A wrote after its lease expired but before B wrote: both held the lock at once, and
    /// this time B's later write hid it.
    OverlapHarmless,
}

impl Outcome {
    /// The name used on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::NoOverlap => "no_overlap",
            Outcome::Overwritten => "overwritten",
            Outcome::Rejected => "rejected",
            Outcome::OverlapHarmless => "overlap_harmless",
        }
    }
}

/// The timeline lane an event belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lane {
    A,
    LockService,
    B,
    Storage,
}

/// Who an event is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Worker {
    A,
    B,
}

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// The lock service granted the lock.
    Granted { to: Worker, token: u64 },
    /// A froze (a GC pause, a paused VM).
    Paused,
    /// A woke up, unaware of the time it lost.
    Resumed,
    /// The lease ran out while its holder was still working.
    Expired { token: u64 },
    /// The holder gave the lock back.
    Released { token: u64 },
    /// A worker sent its write with its token.
    Wrote { token: u64 },
    /// Storage applied a write; `replaced_newer` when it replaced data from a higher token.
    Applied { token: u64, replaced_newer: bool },
    /// Storage refused a write: it had already applied `highest`.
    Refused { token: u64, highest: u64 },
}

/// One step of the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub t_s: f64,
    pub lane: Lane,
    pub kind: EventKind,
}

/// The story's result: outcome, key times, and every event in the order it happens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StaleRun {
    pub params: StaleParams,
    pub outcome: Outcome,
    /// When A writes (it wakes at `1 + pause` and writes at once).
    pub a_write_s: f64,
    /// When B writes.
    pub b_write_s: f64,
    /// When A's lease runs out (it may have released the lock before).
    pub expiry_s: f64,
    /// When B is granted the lock.
    pub b_granted_s: f64,
    /// Events in the order they happen (ties in scheduling order).
    pub events: Vec<Event>,
}

/// Plays the story. Deterministic: the same parameters always give the same run.
pub fn run(params: &Valid<StaleParams>) -> StaleRun {
    let p = **params;
    let a_write = WORK_S + p.pause_s;
    let mut story = Timeline {
        events: Vec::new(),
        wakes: (p.pause_s > 0.0).then_some(a_write),
        highest: 0,
    };
    story.granted(0.0, Worker::A, TOKEN_A);
    if story.wakes.is_some() {
        story.push(WORK_S, Lane::A, EventKind::Paused);
    }
    let (outcome, b_granted, b_write) = if a_write <= p.ttl_s {
        in_time(&mut story, a_write)
    } else {
        late(&mut story, &p, a_write)
    };
    StaleRun {
        params: p,
        outcome,
        a_write_s: a_write,
        b_write_s: b_write,
        expiry_s: p.ttl_s,
        b_granted_s: b_granted,
        events: story.events,
    }
}

/// A finishes inside its lease and hands the lock on: the outcome, B's grant and B's write.
fn in_time(story: &mut Timeline, a_write: f64) -> (Outcome, f64, f64) {
    let b_granted = a_write;
    let b_write = b_granted + WORK_S;
    let applied = |token| EventKind::Applied {
        token,
        replaced_newer: false,
    };
    story.a_writes(a_write);
    story.push(a_write, Lane::Storage, applied(TOKEN_A));
    story.push(a_write, Lane::A, EventKind::Released { token: TOKEN_A });
    story.granted(b_granted, Worker::B, TOKEN_B);
    story.b_writes(b_write);
    story.push(b_write, Lane::Storage, applied(TOKEN_B));
    (Outcome::NoOverlap, b_granted, b_write)
}

/// A's lease runs out before it writes: B takes the lock, and storage gets both writes in
/// time order. The outcome, B's grant and B's write.
fn late(story: &mut Timeline, p: &StaleParams, a_write: f64) -> (Outcome, f64, f64) {
    let expiry = p.ttl_s;
    let b_granted = expiry;
    let b_write = expiry + WORK_S;
    story.push(
        expiry,
        Lane::LockService,
        EventKind::Expired { token: TOKEN_A },
    );
    story.granted(b_granted, Worker::B, TOKEN_B);
    // A's write was scheduled first (when it froze), so it goes first on a tie.
    let a_first = a_write <= b_write;
    if a_first {
        story.a_writes(a_write);
        story.stored(a_write, TOKEN_A, p.fencing);
        story.b_writes(b_write);
        story.stored(b_write, TOKEN_B, p.fencing);
    } else {
        story.b_writes(b_write);
        story.stored(b_write, TOKEN_B, p.fencing);
        story.a_writes(a_write);
        story.stored(a_write, TOKEN_A, p.fencing);
    }
    let outcome = match (a_first, p.fencing) {
        (true, _) => Outcome::OverlapHarmless,
        (false, false) => Outcome::Overwritten,
        (false, true) => Outcome::Rejected,
    };
    (outcome, b_granted, b_write)
}

/// The story's events as they are told.
struct Timeline {
    events: Vec<Event>,
    /// When A wakes, if it froze.
    wakes: Option<f64>,
    /// The highest token storage has applied.
    highest: u64,
}

impl Timeline {
    fn push(&mut self, t_s: f64, lane: Lane, kind: EventKind) {
        self.events.push(Event { t_s, lane, kind });
    }

    fn granted(&mut self, t_s: f64, to: Worker, token: u64) {
        self.push(t_s, Lane::LockService, EventKind::Granted { to, token });
    }

    /// A wakes (if it froze) and sends its write at once.
    fn a_writes(&mut self, t_s: f64) {
        if let Some(woke) = self.wakes {
            self.push(woke, Lane::A, EventKind::Resumed);
        }
        self.push(t_s, Lane::A, EventKind::Wrote { token: TOKEN_A });
    }

    fn b_writes(&mut self, t_s: f64) {
        self.push(t_s, Lane::B, EventKind::Wrote { token: TOKEN_B });
    }

    /// Storage gets a write with `token`: with `fencing` it refuses one older than a token
    /// it has applied.
    fn stored(&mut self, t_s: f64, token: u64, fencing: bool) {
        let highest = self.highest;
        let kind = if fencing && token < highest {
            EventKind::Refused { token, highest }
        } else {
            EventKind::Applied {
                token,
                replaced_newer: token < highest,
            }
        };
        self.highest = highest.max(token);
        self.push(t_s, Lane::Storage, kind);
    }
}

impl Schema for StaleParams {
    const SWITCH: Option<Switch<Self>> = Some(("fencing", FENCING_SWITCH, |p| &mut p.fencing));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::params::ParamError;

    /// The model on parameters checked first, as the command line does.
    fn checked_run(p: &StaleParams) -> Result<StaleRun, ParamError> {
        Valid::checked(*p).map(|v| run(&v))
    }

    fn outcome(pause_s: f64, ttl_s: f64, fencing: bool) -> Outcome {
        checked_run(&StaleParams {
            pause_s,
            ttl_s,
            fencing,
        })
        .unwrap()
        .outcome
    }

    #[test]
    fn the_lesson_default_overwrites_b() {
        let r = checked_run(&StaleParams::default()).unwrap();
        assert_eq!(r.outcome, Outcome::Overwritten);
        assert_eq!(
            (r.a_write_s, r.b_write_s, r.expiry_s, r.b_granted_s),
            (15.0, 11.0, 10.0, 10.0)
        );
        let last = r.events.last().unwrap();
        assert_eq!(last.lane, Lane::Storage);
        assert_eq!(
            last.kind,
            EventKind::Applied {
                token: TOKEN_A,
                replaced_newer: true
            }
        );
    }

    #[test]
    fn fencing_rejects_the_late_write() {
        let r = checked_run(&StaleParams {
            fencing: true,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(r.outcome, Outcome::Rejected);
        assert_eq!(
            r.events.last().unwrap().kind,
            EventKind::Refused {
                token: TOKEN_A,
                highest: TOKEN_B
            }
        );
    }

    #[test]
    fn all_four_outcomes_and_their_edges() {
        assert_eq!(outcome(5.0, 10.0, false), Outcome::NoOverlap);
        // Waking exactly at expiry is still inside the lease.
        assert_eq!(outcome(9.0, 10.0, true), Outcome::NoOverlap);
        assert_eq!(outcome(9.5, 10.0, false), Outcome::OverlapHarmless);
        assert_eq!(outcome(9.5, 10.0, true), Outcome::OverlapHarmless);
        // Both write at TTL + 1: A's write was scheduled first and goes first.
        assert_eq!(outcome(10.0, 10.0, false), Outcome::OverlapHarmless);
        assert_eq!(outcome(10.001, 10.0, false), Outcome::Overwritten);
        assert_eq!(outcome(10.001, 10.0, true), Outcome::Rejected);
        // No pause: A writes at 1 s, inside even the shortest TTL.
        let r = checked_run(&StaleParams {
            pause_s: 0.0,
            ttl_s: 1.0,
            fencing: false,
        })
        .unwrap();
        assert_eq!(r.outcome, Outcome::NoOverlap);
        assert!(
            !r.events
                .iter()
                .any(|e| matches!(e.kind, EventKind::Paused | EventKind::Resumed))
        );
        assert_eq!(outcome(30.0, 1.0, false), Outcome::Overwritten);
    }

    #[test]
    fn events_are_in_time_order_and_b_is_granted_once() {
        for pause in [0.0, 3.0, 9.0, 9.5, 10.0, 14.0, 30.0] {
            for fencing in [false, true] {
                let r = checked_run(&StaleParams {
                    pause_s: pause,
                    ttl_s: 10.0,
                    fencing,
                })
                .unwrap();
                assert!(r.events.windows(2).all(|w| w[0].t_s <= w[1].t_s), "{r:?}");
                let grants_b = r
                    .events
                    .iter()
                    .filter(|e| matches!(e.kind, EventKind::Granted { to: Worker::B, .. }))
                    .count();
                assert_eq!(grants_b, 1);
                let stored = r.events.iter().filter(|e| e.lane == Lane::Storage).count();
                assert_eq!(stored, 2);
                assert!(r.b_write_s > r.b_granted_s);
            }
        }
    }

    #[test]
    fn rejects_out_of_range() {
        let e = checked_run(&StaleParams {
            pause_s: -1.0,
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "--pause-s must be a number from 0 to 30 (got -1)"
        );
        assert_eq!(
            checked_run(&StaleParams {
                ttl_s: f64::NAN,
                ..Default::default()
            })
            .unwrap_err()
            .flag,
            "ttl-s"
        );
        assert_eq!(outcome(0.0, 30.0, false), Outcome::NoOverlap);
    }

    mod props {
        use super::*;
        use crate::sim::testutil::any_value;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn outcome_follows_the_timing(
                pause_s in any_value(PAUSE_S),
                ttl_s in any_value(TTL_S),
                fencing in any::<bool>(),
            ) {
                let r = checked_run(&StaleParams { pause_s, ttl_s, fencing }).unwrap();
                prop_assert_eq!(r.a_write_s, 1.0 + pause_s);
                let want = if r.a_write_s <= ttl_s {
                    Outcome::NoOverlap
                } else if r.a_write_s <= ttl_s + 1.0 {
                    Outcome::OverlapHarmless
                } else if fencing {
                    Outcome::Rejected
                } else {
                    Outcome::Overwritten
                };
                prop_assert_eq!(r.outcome, want);
                prop_assert!(r.events.windows(2).all(|w| w[0].t_s <= w[1].t_s));
                prop_assert!(r.events.iter().all(|e| e.t_s.is_finite()));
            }
        }
    }

    /// Any input a slider, a flag or a code can carry, clamped, runs without a NaN.
    #[test]
    fn clamped_extremes_run_without_nan() {
        use crate::sim::testutil::{EXTREMES, filled};
        for fill in EXTREMES {
            let r = run(&filled(fill));
            assert!(
                r.a_write_s.is_finite() && r.expiry_s.is_finite(),
                "stale at {fill}"
            );
        }
    }
}
