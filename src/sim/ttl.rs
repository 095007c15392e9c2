//! Section 2, "The lock must expire": how often a lock hold outlives its TTL.
//!
//! Monte Carlo over `holds` lock holds. A hold lasts `W + pause` (see [`HoldTime`]): log-normal
//! work around `typical_s`, plus, with probability `pause_prob`, a freeze of
//! `S ~ Exp(mean pause_mean_s)`. A hold is unsafe when it lasts longer than the TTL: the lock
//! expired while its holder was still working. The exact fraction is
//! `(1 − p)·P(W > TTL) + p·P(W + S > TTL)` (see [`exact::hold_exceeds`]).
//!
//! # How one hold is drawn
//! Most holds need nothing but 32 random bits. Without a pause, `W > TTL` exactly when
//! `Z > x` with `x = ln(TTL/typical)/spread`, an event of probability `q = Q(x)`; so a hold
//! is one of three things: paused (probability `p`), unsafe without a pause
//! (`(1 − p)·q`) or safe (the rest). One uniform draw against the cumulative cuts `p` and
//! `p + (1 − p)·q` decides which, exactly to 2^-64 (see [`Cut`]): its upper 32 bits settle
//! it except when they tie with a cut, and only then are 32 more drawn. One 64-bit output of
//! the generator serves two holds. Only paused holds draw a real `W` (normal) and `S`
//! (exponential) and compare `W + S` with the TTL. The simulated distribution is therefore
//! exactly the model's, with no `exp` or normal draw on the common path.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::exact;
use super::hold::HoldTime;
use super::mc::{Chunked, Cut, Draw, chunk_rng, classify};
use super::params::Valid;
use super::schema::Schema;
use super::stats::Estimate;

crate::param_specs! {
    pub TTL_S = new("ttl-s", "s", 0.1, 300.0, 10.0).log();
    pub TYPICAL_S = new("typical-s", "s", 0.01, 10.0, 0.2).log();
    pub SPREAD = new("spread", "", 0.0, 1.5, 0.5);
    pub PAUSE_PROB = new("stall-prob", "", 0.0, 0.2, 0.002);
    pub PAUSE_MEAN_S = new("stall-mean-s", "s", 0.1, 60.0, 5.0).log();
    pub HOLDS = new("holds", "", 1_000.0, 100_000_000.0, 60_000.0).whole().log();
    pub GRANT_INTERVAL_S = new("grant-interval-s", "s", 0.1, 3_600.0, 10.0).log();
}

/// Seconds in a day, for the per-day figure.
pub const DAY_S: f64 = 86_400.0;

/// Holds per chunk (about 0.2 ms of work for one core).
pub const CHUNK: u64 = 1 << 16;

/// Parameters of the TTL model. `Default` gives the lesson's values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TtlParams {
    pub ttl_s: f64,
    pub typical_s: f64,
    pub spread: f64,
    #[serde(rename = "stall_prob")]
    pub pause_prob: f64,
    #[serde(rename = "stall_mean_s")]
    pub pause_mean_s: f64,
    pub holds: u64,
    pub grant_interval_s: f64,
}

crate::param_table!(TtlParams {
    ttl_s: TTL_S,
    typical_s: TYPICAL_S,
    spread: SPREAD,
    pause_prob: PAUSE_PROB,
    pause_mean_s: PAUSE_MEAN_S,
    holds: HOLDS,
    grant_interval_s: GRANT_INTERVAL_S,
} default {});

impl TtlParams {
    /// The hold-time distribution.
    ///
    /// # Panics
    /// If the parameters are invalid (a [`Valid`] set never is).
    pub fn hold_time(&self) -> HoldTime {
        HoldTime::new(
            self.typical_s,
            self.spread,
            self.pause_prob,
            self.pause_mean_s,
        )
        .expect("validated hold-time parameters")
    }

    /// The exact unsafe fraction at this TTL.
    pub fn exact_unsafe_fraction(&self) -> f64 {
        self.exact_unsafe_at(self.ttl_s)
    }

    /// The exact unsafe fraction if the TTL were `ttl_s` (other parameters unchanged).
    pub fn exact_unsafe_at(&self, ttl_s: f64) -> f64 {
        exact::hold_exceeds(
            ttl_s,
            self.typical_s,
            self.spread,
            self.pause_prob,
            self.pause_mean_s,
        )
    }

    /// The exact curve `(TTL, unsafe fraction)` at `points` TTLs spaced evenly on a log scale
    /// over the whole TTL range (at least two points).
    pub fn exact_curve(&self, points: usize) -> Vec<[f64; 2]> {
        let n = points.max(2);
        let ratio = TTL_S.max / TTL_S.min;
        (0..n)
            .map(|i| {
                let t = if i + 1 == n {
                    TTL_S.max
                } else {
                    TTL_S.min * ratio.powf(i as f64 / (n - 1) as f64)
                };
                [t, self.exact_unsafe_at(t)]
            })
            .collect()
    }

    /// After a real crash, the next worker waits for the lock to expire: up to one TTL.
    pub fn crash_wait_s(&self) -> f64 {
        self.ttl_s
    }

    /// Unsafe holds per day at one grant every `grant_interval_s`, for a given fraction.
    pub fn per_day(&self, fraction: f64) -> f64 {
        fraction * DAY_S / self.grant_interval_s
    }
}

/// The TTL Monte Carlo at one or several TTLs over the same simulated holds.
///
/// Build with [`TtlSim::new`] (the parameters' own TTL) or [`TtlSim::sweep`] (several TTLs at
/// once, for the curve), then run it with `mc::run_sequential` or the parallel runner.
#[derive(Clone, Debug)]
pub struct TtlSim {
    params: TtlParams,
    ttls: Vec<f64>,
    hold: HoldTime,
    /// Below this cut a hold pauses.
    pause: Cut,
    /// For each TTL: below this cut (and not below `pause`) a hold is unsafe without a pause.
    unsafe_cuts: Vec<Cut>,
}

impl TtlSim {
    /// The model at the parameters' own TTL.
    pub fn new(params: &Valid<TtlParams>) -> Self {
        Self::sweep(params, &[params.ttl_s])
    }

    /// The model at each TTL in `ttls` (each clamped into the TTL range; none means the
    /// parameters' own), all counted over the same holds. Only the listed TTLs are counted.
    pub fn sweep(params: &Valid<TtlParams>, ttls: &[f64]) -> Self {
        let ttls: Vec<f64> = if ttls.is_empty() {
            vec![params.ttl_s]
        } else {
            ttls.iter().map(|&t| TTL_S.clamp(t)).collect()
        };
        let hold = params.hold_time();
        let pause = hold.pause_cut();
        let plain = 1.0 - params.pause_prob;
        let unsafe_cuts = ttls
            .iter()
            .map(|&t| pause.plus(plain * hold.work_exceeds(t)))
            .collect();
        Self {
            params: **params,
            ttls,
            hold,
            pause,
            unsafe_cuts,
        }
    }

    pub fn params(&self) -> &TtlParams {
        &self.params
    }

    /// The TTLs counted, in the order of [`TtlAcc::unsafe_counts`].
    pub fn ttls(&self) -> &[f64] {
        &self.ttls
    }

    /// Simulated estimate at TTL number `i` (a Wilson interval around the fraction).
    pub fn estimate(&self, acc: &TtlAcc, i: usize) -> Estimate {
        Estimate::proportion(acc.unsafe_counts[i], acc.holds)
    }

    /// The whole result for the first TTL, as the command line and the headline report it.
    pub fn summary(&self, acc: &TtlAcc, seed: u64) -> TtlSummary {
        let est = self.estimate(acc, 0);
        let exact = self.params.exact_unsafe_at(self.ttls[0]);
        TtlSummary {
            params: TtlParams {
                ttl_s: self.ttls[0],
                ..self.params
            },
            seed,
            unsafe_holds: est.count,
            unsafe_fraction: est,
            exact_unsafe_fraction: exact,
            unsafe_per_day: self.params.per_day(exact),
            crash_wait_s: self.ttls[0],
        }
    }

    /// A paused hold: draw its real work and pause times.
    #[inline(never)]
    fn paused_total(&self, rng: &mut ChaCha8Rng) -> f64 {
        self.hold.sample_work(rng) + self.hold.sample_pause_length(rng)
    }

    /// Fast path for a single TTL: 32 random bits per hold that does not pause.
    fn chunk_one(&self, rng: &mut ChaCha8Rng, n: u64, acc: &mut TtlAcc) {
        let ttl = self.ttls[0];
        let (pause, cut) = (self.pause, self.unsafe_cuts[0]);
        let (mut unsafe_holds, mut paused) = (0u64, 0u64);
        let mut one = |word: u32, rng: &mut ChaCha8Rng| {
            let class = classify(word, &pause, &cut, rng);
            unsafe_holds += u64::from(class == 1);
            if class == 0 {
                paused += 1;
                unsafe_holds += u64::from(self.paused_total(rng) > ttl);
            }
        };
        for _ in 0..n / 2 {
            let u = rng.next_u64();
            one((u >> 32) as u32, rng);
            one(u as u32, rng);
        }
        if n % 2 == 1 {
            let word = rng.next_u32();
            one(word, rng);
        }
        acc.unsafe_counts[0] += unsafe_holds;
        acc.paused += paused;
    }

    /// Several TTLs: each hold's draw is compared with every TTL's cut.
    fn chunk_many(&self, rng: &mut ChaCha8Rng, n: u64, acc: &mut TtlAcc) {
        for _ in 0..n {
            let word = rng.next_u32();
            let mut draw = Draw::new(word);
            if draw.below(&self.pause, rng) {
                acc.paused += 1;
                let total = self.paused_total(rng);
                for (c, &t) in acc.unsafe_counts.iter_mut().zip(&self.ttls) {
                    *c += u64::from(total > t);
                }
            } else {
                for (c, cut) in acc.unsafe_counts.iter_mut().zip(&self.unsafe_cuts) {
                    *c += u64::from(draw.below(cut, rng));
                }
            }
        }
    }
}

/// What a chunk (or a whole run) of the TTL model counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TtlAcc {
    pub holds: u64,
    /// Holds longer than each TTL of the model, in [`TtlSim::ttls`] order.
    pub unsafe_counts: Vec<u64>,
    /// Holds that paused.
    #[serde(rename = "stalled")]
    pub paused: u64,
}

impl Chunked for TtlSim {
    type Acc = TtlAcc;
    const CHUNK_SIZE: u64 = CHUNK;

    fn samples(&self) -> u64 {
        self.params.holds
    }

    fn empty(&self) -> TtlAcc {
        TtlAcc {
            holds: 0,
            unsafe_counts: vec![0; self.ttls.len()],
            paused: 0,
        }
    }

    fn run_chunk(&self, seed: u64, chunk: u64) -> TtlAcc {
        let mut rng = chunk_rng(seed, chunk);
        let n = self.chunk_len(chunk);
        let mut acc = self.empty();
        acc.holds = n;
        if self.ttls.len() == 1 {
            self.chunk_one(&mut rng, n, &mut acc);
        } else {
            self.chunk_many(&mut rng, n, &mut acc);
        }
        acc
    }

    fn merge(&self, into: &mut TtlAcc, other: &TtlAcc) {
        into.holds += other.holds;
        into.paused += other.paused;
        for (a, b) in into.unsafe_counts.iter_mut().zip(&other.unsafe_counts) {
            *a += b;
        }
    }
}

/// The TTL model's result at one TTL.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TtlSummary {
    pub params: TtlParams,
    pub seed: u64,
    /// Simulated holds that outlived the TTL.
    pub unsafe_holds: u64,
    /// Their fraction with its 95 % interval.
    pub unsafe_fraction: Estimate,
    pub exact_unsafe_fraction: f64,
    /// Exact unsafe holds per day at one grant every `grant_interval_s`.
    pub unsafe_per_day: f64,
    /// The longest wait for the lock after a real crash.
    pub crash_wait_s: f64,
}

impl Schema for TtlParams {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::params::{ParamError, ParamTable};

    /// The model on parameters checked first, as the command line does.
    fn checked_sim(p: &TtlParams) -> Result<TtlSim, ParamError> {
        Valid::checked(*p).map(|v| TtlSim::new(&v))
    }
    use crate::sim::mc::run_sequential;

    fn rel(a: f64, b: f64) -> f64 {
        ((a - b) / b).abs()
    }

    #[test]
    fn spec_figures() {
        let p = TtlParams::default();
        // mpmath references (30 digits) for the exact formula.
        assert!(rel(p.exact_unsafe_fraction(), 2.833_050_838_690_338e-4) < 1e-6);
        assert!(rel(p.exact_unsafe_at(1.0), 2.356_039_084_685_342e-3) < 1e-6);
        assert!(rel(p.exact_unsafe_at(60.0), 1.286_203_090_889_317e-8) < 1e-6);
        assert!(rel(p.exact_unsafe_at(300.0), 1.833_050_448_245_828e-29) < 1e-6);
        // The spec's rounded figures: ≈ 0.028 %, ≈ 0.24 %, ≈ 1.3e-8, about 2.4 a day.
        assert!((p.exact_unsafe_fraction() * 100.0 - 0.028).abs() < 0.0005);
        assert!((p.exact_unsafe_at(1.0) * 100.0 - 0.24).abs() < 0.005);
        assert!((p.exact_unsafe_at(60.0) - 1.3e-8).abs() < 0.05e-8);
        assert!((p.per_day(p.exact_unsafe_fraction()) - 2.4).abs() < 0.05);
        assert_eq!(p.crash_wait_s(), 10.0);
    }

    #[test]
    fn curve_falls_with_the_ttl() {
        let c = TtlParams::default().exact_curve(50);
        assert_eq!(c.len(), 50);
        assert_eq!(c[0][0], 0.1);
        assert_eq!(c[49][0], 300.0);
        assert!(
            c.windows(2)
                .all(|w| w[1][1] <= w[0][1] && w[1][0] > w[0][0])
        );
        assert!(
            c.iter()
                .all(|p| p[1].is_finite() && (0.0..=1.0).contains(&p[1]))
        );
    }

    #[test]
    fn simulation_finds_the_exact_value() {
        let p = TtlParams {
            holds: 2_000_000,
            ttl_s: 1.0,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let acc = run_sequential(&sim, 42);
        assert_eq!(acc.holds, 2_000_000);
        let s = sim.summary(&acc, 42);
        assert!(s.unsafe_fraction.contains(s.exact_unsafe_fraction), "{s:?}");
        // About 0.2 % of holds pause: 4,000 of them, give or take 4 sd.
        assert!((3_750..4_250).contains(&acc.paused), "{}", acc.paused);
    }

    #[test]
    fn exact_value_is_inside_the_interval_at_the_expected_rate() {
        // Each run's 95 % interval misses the exact value with probability about 5 %, so the
        // number of misses over 40 seeds is close to Binomial(40, 0.05): mean 2, and
        // P(misses ≥ 7) ≈ 0.005. Wilson intervals at n·p ≈ 17 cover slightly less than 95 %,
        // so allow up to 6 misses (at least 34 of 40 inside).
        let p = TtlParams {
            holds: 60_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let exact = p.exact_unsafe_fraction();
        let inside = (0..40u64)
            .filter(|&seed| sim.estimate(&run_sequential(&sim, seed), 0).contains(exact))
            .count();
        assert!(inside >= 34, "{inside} of 40");
    }

    #[test]
    fn sweep_counts_each_ttl_like_a_single_run_would_in_distribution() {
        let p = TtlParams {
            holds: 400_000,
            ..Default::default()
        };
        let ttls = [0.3, 1.0, 3.0, 10.0];
        let sim = TtlSim::sweep(&Valid::checked(p).unwrap(), &ttls);
        let acc = run_sequential(&sim, 9);
        for (i, &t) in ttls.iter().enumerate() {
            let e = sim.estimate(&acc, i);
            assert!(e.contains(p.exact_unsafe_at(t)), "ttl {t}: {e:?}");
        }
        assert!(
            acc.unsafe_counts.windows(2).all(|w| w[0] >= w[1]),
            "{:?}",
            acc.unsafe_counts
        );
    }

    #[test]
    fn chunks_are_pure_and_sizes_add_up() {
        let p = TtlParams {
            holds: 150_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        assert_eq!(sim.chunks(), 3);
        assert_eq!(sim.chunk_len(2), 150_000 - 2 * CHUNK);
        assert_eq!(sim.run_chunk(5, 1), sim.run_chunk(5, 1));
        assert_ne!(sim.run_chunk(5, 1), sim.run_chunk(5, 0));
        assert_eq!(run_sequential(&sim, 5).holds, 150_000);
    }

    #[test]
    fn zero_spread_and_extremes() {
        // Spread 0 and no pauses: every hold lasts exactly `typical`.
        let fixed = TtlParams {
            spread: 0.0,
            pause_prob: 0.0,
            typical_s: 2.0,
            ttl_s: 1.0,
            holds: 5_000,
            ..Default::default()
        };
        let acc = run_sequential(&checked_sim(&fixed).unwrap(), 1);
        assert_eq!(acc.unsafe_counts[0], 5_000);
        assert_eq!(fixed.exact_unsafe_fraction(), 1.0);
        let safe = TtlParams {
            ttl_s: 3.0,
            ..fixed
        };
        assert_eq!(
            run_sequential(&checked_sim(&safe).unwrap(), 1).unsafe_counts[0],
            0
        );
        // Largest TTL, shortest work: nothing outlives it, and the upper bound is still > 0.
        let long = TtlParams {
            ttl_s: 300.0,
            holds: 1_000,
            ..Default::default()
        };
        let sim = checked_sim(&long).unwrap();
        let e = sim.estimate(&run_sequential(&sim, 1), 0);
        assert_eq!(e.count, 0);
        assert!(e.hi > 0.0 && e.contains(long.exact_unsafe_fraction()));
    }

    #[test]
    fn rejects_out_of_range() {
        let bad = TtlParams {
            ttl_s: 0.05,
            ..Default::default()
        };
        assert_eq!(checked_sim(&bad).unwrap_err().flag, "ttl-s");
        let bad = TtlParams {
            holds: 100_000_001,
            ..Default::default()
        };
        assert_eq!(bad.check_all().unwrap_err().flag, "holds");
        let bad = TtlParams {
            spread: f64::NAN,
            ..Default::default()
        };
        assert_eq!(bad.check_all().unwrap_err().flag, "spread");
        // A sweep keeps its TTLs in range; none means the parameters' own.
        let v = Valid::default();
        assert_eq!(TtlSim::sweep(&v, &[1.0, 400.0]).ttls(), [1.0, TTL_S.max]);
        assert_eq!(TtlSim::sweep(&v, &[]).ttls(), [v.ttl_s]);
        let c = TtlParams {
            ttl_s: f64::NAN,
            holds: 0,
            ..Default::default()
        }
        .clamped_all();
        assert!(c.check_all().is_ok());
    }

    mod props {
        use super::*;
        use crate::sim::testutil::{any_value, up_to};
        use proptest::prelude::*;

        fn params() -> impl Strategy<Value = TtlParams> {
            (
                any_value(TTL_S),
                any_value(TYPICAL_S),
                any_value(SPREAD),
                any_value(PAUSE_PROB),
                any_value(PAUSE_MEAN_S),
                up_to(HOLDS, 20_000.0),
                any_value(GRANT_INTERVAL_S),
            )
                .prop_map(
                    |(ttl_s, typical_s, spread, pause_prob, pause_mean_s, holds, gi)| TtlParams {
                        ttl_s,
                        typical_s,
                        spread,
                        pause_prob,
                        pause_mean_s,
                        holds: holds as u64,
                        grant_interval_s: gi,
                    },
                )
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn any_valid_parameters_run_cleanly(p in params(), seed in any::<u64>()) {
                prop_assert!(p.check_all().is_ok());
                let sim = checked_sim(&p).unwrap();
                let acc = run_sequential(&sim, seed);
                prop_assert_eq!(acc.holds, p.holds);
                let s = sim.summary(&acc, seed);
                let e = s.unsafe_fraction;
                prop_assert!(e.lo <= e.value && e.value <= e.hi && e.hi <= 1.0 && e.lo >= 0.0);
                prop_assert!((0.0..=1.0).contains(&s.exact_unsafe_fraction));
                prop_assert!(s.unsafe_per_day.is_finite() && s.unsafe_per_day >= 0.0);
            }

            #[test]
            fn exact_value_falls_as_the_ttl_grows(p in params(), a in any_value(TTL_S), b in any_value(TTL_S)) {
                let (short, long) = if a <= b { (a, b) } else { (b, a) };
                let (ps, pl) = (p.exact_unsafe_at(short), p.exact_unsafe_at(long));
                prop_assert!((0.0..=1.0).contains(&ps) && (0.0..=1.0).contains(&pl));
                prop_assert!(pl <= ps * (1.0 + 1e-8) + 1e-300, "{} > {}", pl, ps);
            }

            #[test]
            fn clamping_anything_gives_valid_parameters(
                v in proptest::collection::vec(any::<f64>(), 7),
                holds in any::<u64>(),
            ) {
                let p = TtlParams {
                    ttl_s: v[0], typical_s: v[1], spread: v[2], pause_prob: v[3],
                    pause_mean_s: v[4], holds, grant_interval_s: v[5],
                }
                .clamped_all();
                prop_assert!(p.check_all().is_ok(), "{:?}", p);
            }
        }
    }

    /// Any input a slider, a flag or a code can carry, clamped, runs without a NaN.
    #[test]
    fn clamped_extremes_run_without_nan() {
        use crate::sim::mc::run_sequential;
        use crate::sim::testutil::{EXTREMES, filled};
        for fill in EXTREMES {
            let sim = TtlSim::new(&filled(fill));
            let s = sim.summary(&run_sequential(&sim, 1), 1);
            assert!(s.unsafe_fraction.value.is_finite() && s.exact_unsafe_fraction.is_finite());
        }
    }
}
