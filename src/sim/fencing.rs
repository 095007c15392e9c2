//! Section 4, "Fencing tokens": a chain of lock holders, some of which outlive their lease.
//!
//! Holder `k` (token `k`, counting from 1) is granted the lock at `g_k`, works for
//! `W_k + pause_k` (see [`HoldTime`]) and writes at `f_k = g_k + W_k + pause_k`. The lock is
//! free again at `min(f_k, g_k + TTL)`, and the next holder is granted at that moment. A write
//! is *stale* when `f_k > g_k + TTL`: the lease had already run out.
//!
//! Writes reach storage in time order. Without fencing storage applies everything, so a stale
//! write that arrives after a higher token's write silently replaces newer data. With fencing
//! storage refuses any token below the highest it has applied, so exactly those writes are
//! rejected instead. Both counts come from the same chain, so they are always equal: fencing
//! changes what happens to those writes, not how many there are.
//!
//! A single seeded chain (each holder depends on the previous one): `ChaCha8` seeded from the
//! seed, stream 0. Holder `k` draws its hold exactly as [`HoldTime`] describes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde::{Deserialize, Serialize};

use super::hold::HoldTime;
use super::mc::chunk_rng;
use super::params::{ParamSpec, ParamTable, Valid};
use super::schema::{FENCING_SWITCH, Schema, Switch, in_seconds};
use super::stats::Estimate;

crate::param_specs! {
    pub HOLDERS = new("holders", "", 10.0, 100_000.0, 500.0).whole().log();
    pub TTL_MS = new("ttl-ms", "ms", 10.0, 60_000.0, 1_000.0).log();
    pub TYPICAL_MS = new("typical-ms", "ms", 1.0, 10_000.0, 200.0).log();
}
/// The same spread as the TTL model's.
pub const SPREAD: ParamSpec = super::ttl::SPREAD;
pub const PAUSE_PROB: ParamSpec = ParamSpec {
    default: 0.02,
    ..super::ttl::PAUSE_PROB
};
crate::param_specs! {
    pub PAUSE_MEAN_MS = new("stall-mean-ms", "ms", 10.0, 60_000.0, 2_000.0).log();
}

/// How many holders a run keeps for the token ladder; later holders are only counted.
pub const LADDER_LIMIT: usize = 2_000;

/// Parameters of the fencing chain. `Default` gives the lesson's values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FencingParams {
    pub holders: u32,
    pub ttl_ms: f64,
    pub typical_ms: f64,
    pub spread: f64,
    #[serde(rename = "stall_prob")]
    pub pause_prob: f64,
    #[serde(rename = "stall_mean_ms")]
    pub pause_mean_ms: f64,
    pub fencing: bool,
}

// The order of scenario codes: holders first, then the times.
crate::param_table!(FencingParams {
    holders: HOLDERS,
    ttl_ms: TTL_MS,
    typical_ms: TYPICAL_MS,
    spread: SPREAD,
    pause_prob: PAUSE_PROB,
    pause_mean_ms: PAUSE_MEAN_MS,
} default { fencing: false });

impl FencingParams {
    /// The hold-time distribution, in milliseconds.
    ///
    /// # Panics
    /// If the parameters are invalid (a [`Valid`] set never is).
    pub fn hold_time(&self) -> HoldTime {
        HoldTime::new(
            self.typical_ms,
            self.spread,
            self.pause_prob,
            self.pause_mean_ms,
        )
        .expect("validated hold-time parameters")
    }

    /// The exact chance that one holder's write is stale: `P(hold > TTL)`.
    pub fn exact_stale_fraction(&self) -> f64 {
        self.hold_time().exceeds(self.ttl_ms)
    }
}

/// What storage did with a holder's write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Applied, and no higher token had written yet (a stale write can still be this:
    /// it overlapped the next holder, but landed first).
    Applied,
    /// Applied although a higher token had already written: newer data replaced by older
    /// (no fencing).
    Overwrote,
    /// Refused: storage had applied a higher token (fencing).
    Rejected,
}

/// One holder on the token ladder.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Holder {
    pub token: u64,
    pub granted_ms: f64,
    /// When its lease ran out (`granted + TTL`), whether or not it still held the lock.
    pub lease_end_ms: f64,
    pub write_ms: f64,
    /// The write came after the lease ran out.
    pub stale: bool,
    pub fate: Fate,
}

/// One chain of holders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FencingRun {
    pub params: FencingParams,
    pub seed: u64,
    /// Writes that came after their lease had run out.
    pub stale_writes: u64,
    /// Stale writes that arrived after a higher token's write: the ones that replace newer
    /// data without fencing and are refused with it (the same writes either way).
    pub late_after_newer: u64,
    /// `late_after_newer` when fencing is off, else 0.
    pub overwritten: u64,
    /// `late_after_newer` when fencing is on, else 0.
    pub rejected: u64,
    /// The stale fraction with its 95 % interval.
    pub stale_fraction: Estimate,
    /// The last write's time: the length of the chain.
    pub end_ms: f64,
    /// The first [`LADDER_LIMIT`] holders, in token order.
    pub ladder: Vec<Holder>,
}

/// Runs one chain. Equal parameters and seed give an identical result on every platform.
pub fn run(params: &Valid<FencingParams>, seed: u64) -> FencingRun {
    let p = **params;
    let hold = p.hold_time();
    let mut rng = chunk_rng(seed, 0);
    let n = p.holders as usize;
    let mut ladder: Vec<Holder> = Vec::with_capacity(n.min(LADDER_LIMIT));
    // Writes not yet delivered, earliest first: (time, token).
    let mut pending: BinaryHeap<Reverse<(OrdF64, u64)>> = BinaryHeap::new();
    let mut highest = 0u64;
    let (mut stale_writes, mut late) = (0u64, 0u64);
    let mut end_ms = 0.0f64;
    let mut deliver = |t: f64, token: u64, ladder: &mut Vec<Holder>| {
        let behind = token < highest;
        highest = highest.max(token);
        late += u64::from(behind);
        end_ms = end_ms.max(t);
        if let Some(h) = ladder.get_mut(token as usize - 1) {
            h.fate = match (behind, p.fencing) {
                (false, _) => Fate::Applied,
                (true, false) => Fate::Overwrote,
                (true, true) => Fate::Rejected,
            };
        }
    };

    let mut granted = 0.0f64;
    for k in 1..=n as u64 {
        let h = hold.sample_parts(&mut rng);
        let write = granted + h.total();
        let lease_end = granted + p.ttl_ms;
        let stale = write > lease_end;
        stale_writes += u64::from(stale);
        if ladder.len() < LADDER_LIMIT {
            ladder.push(Holder {
                token: k,
                granted_ms: granted,
                lease_end_ms: lease_end,
                write_ms: write,
                stale,
                fate: Fate::Applied,
            });
        }
        pending.push(Reverse((OrdF64(write), k)));
        let next_grant = write.min(lease_end);
        // Every later holder writes strictly after `next_grant` (work time is positive), so
        // everything due by then can be delivered now.
        while let Some(Reverse((OrdF64(t), token))) = pending.peek().copied() {
            if t > next_grant {
                break;
            }
            pending.pop();
            deliver(t, token, &mut ladder);
        }
        granted = next_grant;
    }
    while let Some(Reverse((OrdF64(t), token))) = pending.pop() {
        deliver(t, token, &mut ladder);
    }

    FencingRun {
        params: p,
        seed,
        stale_writes,
        late_after_newer: late,
        overwritten: if p.fencing { 0 } else { late },
        rejected: if p.fencing { late } else { 0 },
        stale_fraction: Estimate::proportion(stale_writes, n as u64),
        end_ms,
        ladder,
    }
}

/// `f64` ordered by `total_cmp`, for the delivery queue (times are never NaN).
#[derive(Clone, Copy, Debug, PartialEq)]
struct OrdF64(f64);

impl Eq for OrdF64 {}
impl PartialOrd for OrdF64 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OrdF64 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl Schema for FencingParams {
    const SWITCH: Option<Switch<Self>> = Some(("fencing", FENCING_SWITCH, |p| &mut p.fencing));

    fn in_seconds(i: usize) -> Option<&'static ParamSpec> {
        match Self::TABLE.get(i)?.flag {
            "ttl-ms" => Some(&TTL_S),
            "typical-ms" => Some(&TYPICAL_S),
            "stall-mean-ms" => Some(&PAUSE_MEAN_S),
            _ => None,
        }
    }
}

/// The model's times in seconds, like the other lock-hold models (ttl, renewal).
pub const TTL_S: ParamSpec = in_seconds(&TTL_MS, "ttl-s");
pub const TYPICAL_S: ParamSpec = in_seconds(&TYPICAL_MS, "typical-s");
pub const PAUSE_MEAN_S: ParamSpec = in_seconds(&PAUSE_MEAN_MS, "stall-mean-s");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::params::ParamError;
    use crate::sim::testutil::assert_rejects_out_of_range;

    /// The model on parameters checked first, as the command line does.
    fn checked_run(p: &FencingParams, seed: u64) -> Result<FencingRun, ParamError> {
        Valid::checked(*p).map(|v| run(&v, seed))
    }

    #[test]
    fn spec_figure_about_one_and_a_half_percent_stale() {
        let p = FencingParams::default();
        // mpmath: 0.014241341 (≈ 1.4 %, ≈ 7 of 500).
        assert!((p.exact_stale_fraction() - 0.014_241_341_471_922_34).abs() < 1e-9);
        // Mean stale count over many seeds: 500 · 0.01424 ≈ 7.1. The mean of 200 chains has
        // a standard error of about sqrt(7.1/200) ≈ 0.19, so 6.4–7.9 is about 4 sd wide.
        let total: u64 = (0..200)
            .map(|s| checked_run(&p, s).unwrap().stale_writes)
            .sum();
        let mean = total as f64 / 200.0;
        assert!((6.4..7.9).contains(&mean), "{mean}");
    }

    #[test]
    fn fencing_turns_every_overwrite_into_a_rejection() {
        let mut seen_late = 0;
        for seed in 0..30 {
            let off = checked_run(&FencingParams::default(), seed).unwrap();
            let on = checked_run(
                &FencingParams {
                    fencing: true,
                    ..Default::default()
                },
                seed,
            )
            .unwrap();
            assert_eq!(off.stale_writes, on.stale_writes);
            assert_eq!(off.overwritten, on.rejected);
            assert_eq!((off.rejected, on.overwritten), (0, 0));
            assert!(off.late_after_newer <= off.stale_writes);
            assert!(on.ladder.iter().all(|h| h.fate != Fate::Overwrote));
            assert!(off.ladder.iter().all(|h| h.fate != Fate::Rejected));
            // Only stale writes can arrive behind a newer one.
            assert!(
                off.ladder
                    .iter()
                    .all(|h| h.stale || h.fate == Fate::Applied)
            );
            let marked = off
                .ladder
                .iter()
                .filter(|h| h.fate == Fate::Overwrote)
                .count() as u64;
            assert_eq!(marked, off.overwritten);
            seen_late += off.late_after_newer;
        }
        // With a 2 s mean pause against a 1 s TTL most stale writes land behind newer ones.
        assert!(seen_late > 50, "{seen_late}");
    }

    #[test]
    fn chain_is_well_formed() {
        let r = checked_run(&FencingParams::default(), 3).unwrap();
        assert_eq!(r.ladder.len(), 500);
        for w in r.ladder.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(b.token, a.token + 1);
            assert_eq!(b.granted_ms, a.write_ms.min(a.lease_end_ms));
        }
        for h in &r.ladder {
            assert_eq!(h.stale, h.write_ms > h.lease_end_ms);
            assert!(h.write_ms > h.granted_ms);
        }
        assert_eq!(
            r.stale_writes,
            r.ladder.iter().filter(|h| h.stale).count() as u64
        );
        assert!(r.end_ms >= r.ladder.last().unwrap().write_ms);
        assert_eq!(checked_run(&FencingParams::default(), 3).unwrap(), r);
    }

    #[test]
    fn large_chains_keep_a_bounded_ladder() {
        let p = FencingParams {
            holders: 100_000,
            ..Default::default()
        };
        let r = checked_run(&p, 1).unwrap();
        assert_eq!(r.ladder.len(), LADDER_LIMIT);
        assert!(
            r.stale_fraction.contains(p.exact_stale_fraction()),
            "{:?}",
            r.stale_fraction
        );
    }

    #[test]
    fn extremes() {
        // Nothing can overrun a long TTL when work is fixed and nothing pauses.
        let calm = FencingParams {
            spread: 0.0,
            pause_prob: 0.0,
            ttl_ms: 60_000.0,
            ..Default::default()
        };
        let r = checked_run(&calm, 1).unwrap();
        assert_eq!((r.stale_writes, r.late_after_newer), (0, 0));
        assert!((r.end_ms - 500.0 * 200.0).abs() < 1e-6);
        // Every holder overruns: fixed work longer than the TTL.
        let doomed = FencingParams {
            spread: 0.0,
            pause_prob: 0.0,
            ttl_ms: 10.0,
            typical_ms: 10_000.0,
            ..Default::default()
        };
        let r = checked_run(&doomed, 1).unwrap();
        assert_eq!(r.stale_writes, 500);
        // All write 10 s after their grants, in token order: none lands behind a newer one.
        assert_eq!(r.late_after_newer, 0);
        let wild = FencingParams {
            spread: 1.5,
            pause_prob: 0.2,
            ttl_ms: 10.0,
            pause_mean_ms: 60_000.0,
            typical_ms: 1.0,
            ..Default::default()
        };
        let r = checked_run(&wild, 1).unwrap();
        assert!(r.late_after_newer > 0 && r.end_ms.is_finite());
    }

    #[test]
    fn rejects_out_of_range() {
        let also = [("holders", 5.0), ("ttl-ms", f64::INFINITY)];
        assert_rejects_out_of_range(|p: &FencingParams| checked_run(p, 1), &also);
    }

    mod props {
        use super::*;
        use crate::sim::testutil::any_params;
        use proptest::prelude::*;

        fn params() -> impl Strategy<Value = FencingParams> {
            (any_params(&[]), any::<bool>()).prop_map(|(p, fencing)| FencingParams { fencing, ..p })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(48))]

            #[test]
            fn any_valid_parameters_run_cleanly(p in params(), seed in any::<u64>()) {
                let r = checked_run(&p, seed).unwrap();
                prop_assert!(r.late_after_newer <= r.stale_writes);
                prop_assert!(r.stale_writes <= u64::from(p.holders));
                prop_assert_eq!(r.overwritten + r.rejected, r.late_after_newer);
                prop_assert_eq!(r.ladder.len(), (p.holders as usize).min(LADDER_LIMIT));
                prop_assert!(r.end_ms.is_finite() && r.end_ms > 0.0);
                prop_assert!(r.ladder.iter().all(|h| h.write_ms.is_finite() && h.write_ms > h.granted_ms));
                prop_assert!((0.0..=1.0).contains(&p.exact_stale_fraction()));
            }
        }
    }

    /// Any input a slider, a flag or a code can carry, clamped, runs without a NaN.
    #[test]
    fn clamped_extremes_run_without_nan() {
        use crate::sim::testutil::{EXTREMES, filled};
        for fill in EXTREMES {
            let r = run(&filled(fill), 1);
            assert!(r.end_ms.is_finite() && r.stale_fraction.value.is_finite());
        }
    }
}
