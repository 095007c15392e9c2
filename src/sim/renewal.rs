//! Section 9, "Break it": three defences against a job that outlives its lock.
//!
//! Monte Carlo over `runs` jobs. A job runs for `L` (log-normal around `typical_s`) and, with
//! probability `stall_prob`, the whole process freezes for `S ~ Exp(mean stall_mean_s)` (see
//! [`HoldTime`]). When a job loses its lock, a second worker takes the lock and runs the job
//! again: a duplicate.
//!
//! - [`Mode::None`]: the lock is lost when `L + S > TTL`; the duplicate's side effects
//!   (an invoice, an email) happen twice, so every duplicate is harmful.
//! - [`Mode::Renewal`]: a watchdog thread keeps extending the lock while the process lives, so
//!   only a freeze that stops the watchdog too can lose it: lost when `S > TTL`.
//! - [`Mode::Fencing`]: lost as without a defence, but storage refuses the stale holder's
//!   writes: no harm, though the work is wasted.
//!
//! Every run draws the same values whatever the mode, so one simulation counts all three;
//! the mode only picks what is reported. Exact fractions: `P(L + S > TTL)` by integration
//! (see [`crate::sim::exact`]) and `p · e^(−TTL/s)` with renewal.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::hold::HoldTime;
use super::mc::{Chunked, chunk_rng};
use super::params::{ParamError, ParamSpec};
use super::stats::{Estimate, Histogram, Spacing};

pub const TTL_S: ParamSpec = ParamSpec {
    flag: "ttl-s",
    label: "Lock TTL",
    unit: "s",
    min: 1.0,
    max: 300.0,
    default: 30.0,
    log: true,
    integer: false,
};
pub const TYPICAL_S: ParamSpec = ParamSpec {
    flag: "typical-s",
    label: "Typical job length",
    unit: "s",
    min: 0.1,
    max: 120.0,
    default: 8.0,
    log: true,
    integer: false,
};
pub const SPREAD: ParamSpec = ParamSpec {
    flag: "spread",
    label: "Job-length spread",
    unit: "",
    min: 0.0,
    max: 1.5,
    default: 0.45,
    log: false,
    integer: false,
};
pub const STALL_PROB: ParamSpec = ParamSpec {
    flag: "stall-prob",
    label: "Stall probability",
    unit: "",
    min: 0.0,
    max: 0.2,
    default: 0.002,
    log: false,
    integer: false,
};
pub const STALL_MEAN_S: ParamSpec = ParamSpec {
    flag: "stall-mean-s",
    label: "Mean stall",
    unit: "s",
    min: 0.1,
    max: 600.0,
    default: 20.0,
    log: true,
    integer: false,
};
pub const RUNS: ParamSpec = ParamSpec {
    flag: "runs",
    label: "Simulated jobs",
    unit: "",
    min: 1_000.0,
    max: 100_000_000.0,
    default: 50_000.0,
    log: true,
    integer: true,
};

/// Runs per chunk (about half a millisecond of work for one core).
pub const CHUNK: u64 = 1 << 14;

/// Bins of the job-length histogram.
pub const HIST_BINS: usize = 120;

/// The defence in place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    None,
    Renewal,
    Fencing,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::None, Mode::Renewal, Mode::Fencing];

    /// The name used on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::None => "none",
            Mode::Renewal => "renewal",
            Mode::Fencing => "fencing",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A mode name that is not `none`, `renewal` or `fencing`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--mode must be one of none, renewal, fencing (got {})",
            self.0
        )
    }
}

impl std::error::Error for UnknownMode {}

impl FromStr for Mode {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Mode::ALL
            .into_iter()
            .find(|m| m.as_str() == s)
            .ok_or_else(|| UnknownMode(s.to_owned()))
    }
}

/// Parameters of the "break it" model. `Default` gives the lesson's values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenewalParams {
    pub ttl_s: f64,
    pub typical_s: f64,
    pub spread: f64,
    pub stall_prob: f64,
    pub stall_mean_s: f64,
    pub runs: u64,
    pub mode: Mode,
}

impl Default for RenewalParams {
    fn default() -> Self {
        Self {
            ttl_s: TTL_S.default,
            typical_s: TYPICAL_S.default,
            spread: SPREAD.default,
            stall_prob: STALL_PROB.default,
            stall_mean_s: STALL_MEAN_S.default,
            runs: RUNS.default as u64,
            mode: Mode::None,
        }
    }
}

impl RenewalParams {
    /// Rejects any value outside its [`ParamSpec`] range (NaN and infinities included).
    pub fn validate(&self) -> Result<(), ParamError> {
        TTL_S.check(self.ttl_s)?;
        TYPICAL_S.check(self.typical_s)?;
        SPREAD.check(self.spread)?;
        STALL_PROB.check(self.stall_prob)?;
        STALL_MEAN_S.check(self.stall_mean_s)?;
        RUNS.check(self.runs as f64)?;
        Ok(())
    }

    /// Clamps every value into its range: what the sliders guarantee.
    pub fn clamped(self) -> Self {
        Self {
            ttl_s: TTL_S.clamp(self.ttl_s),
            typical_s: TYPICAL_S.clamp(self.typical_s),
            spread: SPREAD.clamp(self.spread),
            stall_prob: STALL_PROB.clamp(self.stall_prob),
            stall_mean_s: STALL_MEAN_S.clamp(self.stall_mean_s),
            runs: RUNS.clamp(self.runs as f64) as u64,
            mode: self.mode,
        }
    }

    /// The job-length distribution.
    ///
    /// # Panics
    /// If the parameters are invalid (call [`RenewalParams::validate`] first).
    pub fn hold_time(&self) -> HoldTime {
        HoldTime::new(
            self.typical_s,
            self.spread,
            self.stall_prob,
            self.stall_mean_s,
        )
        .expect("validated hold-time parameters")
    }

    /// Exactly the fraction of jobs that lose their lock (and are run twice) in `mode`.
    pub fn exact_lost_fraction(&self, mode: Mode) -> f64 {
        let h = self.hold_time();
        match mode {
            Mode::None | Mode::Fencing => h.exceeds(self.ttl_s),
            Mode::Renewal => h.stall_exceeds(self.ttl_s),
        }
    }

    /// Exactly the fraction of jobs whose duplicate does harm in `mode` (0 with fencing).
    pub fn exact_harmful_fraction(&self, mode: Mode) -> f64 {
        match mode {
            Mode::Fencing => 0.0,
            _ => self.exact_lost_fraction(mode),
        }
    }

    /// The exact lost fraction in the parameters' own mode.
    pub fn exact_fraction(&self) -> f64 {
        self.exact_lost_fraction(self.mode)
    }

    /// The histogram layout for job lengths (work plus stall): log-spaced from half the
    /// shortest typical jobs (or an eighth of the TTL) to four times the longer of the TTL and
    /// the longest typical jobs, so the TTL always falls inside.
    pub fn histogram(&self) -> Histogram {
        let wide = (4.0 * self.spread).exp();
        let lo = 0.5 * (self.typical_s / wide).min(self.ttl_s / 4.0);
        let hi = 4.0 * (self.typical_s * wide).max(self.ttl_s);
        Histogram::new(lo, hi, HIST_BINS, Spacing::Log)
    }
}

/// What a chunk (or a whole run) counts, for all three modes at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenewalAcc {
    pub runs: u64,
    /// Jobs with `L + S > TTL`: lost without renewal.
    pub lost_plain: u64,
    /// Jobs with `S > TTL`: lost even with renewal.
    pub lost_stall: u64,
    /// Job lengths `L + S`.
    pub lengths: Histogram,
}

/// The counts one mode reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenewalSummary {
    pub params: RenewalParams,
    pub seed: u64,
    /// Jobs that lost their lock while still running.
    pub lost_lock: u64,
    /// Jobs run a second time by another worker (one per lost lock).
    pub duplicates: u64,
    /// Duplicates whose side effects happened twice.
    pub harmful: u64,
    /// Duplicates whose side effects were refused: harmless, but the work was done for nothing.
    pub wasted: u64,
    /// `lost_lock / runs` with its 95 % interval.
    pub fraction: Estimate,
    /// The exact lost fraction.
    pub exact_fraction: f64,
}

/// The "break it" Monte Carlo. Build with [`RenewalSim::new`], run with
/// `mc::run_sequential` or the parallel runner, read with [`RenewalSim::summary`].
#[derive(Clone, Debug)]
pub struct RenewalSim {
    params: RenewalParams,
    hold: HoldTime,
    empty_hist: Histogram,
}

impl RenewalSim {
    pub fn new(params: &RenewalParams) -> Result<Self, ParamError> {
        params.validate()?;
        Ok(Self {
            params: *params,
            hold: params.hold_time(),
            empty_hist: params.histogram(),
        })
    }

    pub fn params(&self) -> &RenewalParams {
        &self.params
    }

    /// The counts for `mode` (not necessarily the parameters' own).
    pub fn summary_for(&self, acc: &RenewalAcc, seed: u64, mode: Mode) -> RenewalSummary {
        let lost = match mode {
            Mode::None | Mode::Fencing => acc.lost_plain,
            Mode::Renewal => acc.lost_stall,
        };
        let (harmful, wasted) = if mode == Mode::Fencing {
            (0, lost)
        } else {
            (lost, 0)
        };
        RenewalSummary {
            params: RenewalParams {
                mode,
                ..self.params
            },
            seed,
            lost_lock: lost,
            duplicates: lost,
            harmful,
            wasted,
            fraction: Estimate::proportion(lost, acc.runs),
            exact_fraction: self.params.exact_lost_fraction(mode),
        }
    }

    /// The counts for the parameters' own mode.
    pub fn summary(&self, acc: &RenewalAcc, seed: u64) -> RenewalSummary {
        self.summary_for(acc, seed, self.params.mode)
    }
}

impl Chunked for RenewalSim {
    type Acc = RenewalAcc;

    fn samples(&self) -> u64 {
        self.params.runs
    }

    fn chunk_size(&self) -> u64 {
        CHUNK
    }

    fn empty(&self) -> RenewalAcc {
        RenewalAcc {
            runs: 0,
            lost_plain: 0,
            lost_stall: 0,
            lengths: self.empty_hist.clone(),
        }
    }

    fn run_chunk(&self, seed: u64, chunk: u64) -> RenewalAcc {
        let mut rng = chunk_rng(seed, chunk);
        let n = self.chunk_len(chunk);
        let ttl = self.params.ttl_s;
        let mut acc = self.empty();
        acc.runs = n;
        for _ in 0..n {
            let h = self.hold.sample_parts(&mut rng);
            let total = h.total();
            acc.lost_plain += u64::from(total > ttl);
            acc.lost_stall += u64::from(h.stall > ttl);
            acc.lengths.add(total);
        }
        acc
    }

    fn merge(&self, into: &mut RenewalAcc, other: &RenewalAcc) {
        into.runs += other.runs;
        into.lost_plain += other.lost_plain;
        into.lost_stall += other.lost_stall;
        into.lengths.merge(&other.lengths);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::mc::run_sequential;

    fn rel(a: f64, b: f64) -> f64 {
        ((a - b) / b).abs()
    }

    #[test]
    fn spec_figures() {
        let p = RenewalParams::default();
        // mpmath references: 0.0023636522 and 0.00044626032.
        assert!(rel(p.exact_lost_fraction(Mode::None), 2.363_652_163_136_376e-3) < 1e-6);
        assert!(
            rel(
                p.exact_lost_fraction(Mode::Renewal),
                4.462_603_202_968_597e-4
            ) < 1e-12
        );
        assert_eq!(
            p.exact_lost_fraction(Mode::Fencing),
            p.exact_lost_fraction(Mode::None)
        );
        assert_eq!(p.exact_harmful_fraction(Mode::Fencing), 0.0);
        // The spec's rounded figures: ≈ 0.24 % and ≈ 0.045 %.
        assert!((p.exact_lost_fraction(Mode::None) * 100.0 - 0.24).abs() < 0.005);
        assert!((p.exact_lost_fraction(Mode::Renewal) * 100.0 - 0.045).abs() < 0.0005);
    }

    #[test]
    fn one_simulation_serves_all_modes() {
        let p = RenewalParams {
            runs: 400_000,
            ..Default::default()
        };
        let sim = RenewalSim::new(&p).unwrap();
        let acc = run_sequential(&sim, 2);
        assert_eq!(acc.lengths.total(), 400_000);
        let none = sim.summary_for(&acc, 2, Mode::None);
        let renewal = sim.summary_for(&acc, 2, Mode::Renewal);
        let fencing = sim.summary_for(&acc, 2, Mode::Fencing);
        assert_eq!(fencing.duplicates, none.duplicates);
        assert_eq!((fencing.harmful, fencing.wasted), (0, none.duplicates));
        assert_eq!((none.harmful, none.wasted), (none.duplicates, 0));
        assert!(renewal.lost_lock < none.lost_lock);
        for s in [&none, &renewal, &fencing] {
            assert!(s.fraction.contains(s.exact_fraction), "{s:?}");
        }
    }

    #[test]
    fn exact_value_is_inside_the_interval_at_the_expected_rate() {
        // As for the TTL model: misses over 40 seeds ≈ Binomial(40, 0.05), mean 2;
        // at least 34 inside fails by chance with probability below 1 %.
        let p = RenewalParams {
            runs: 20_000,
            ..Default::default()
        };
        let sim = RenewalSim::new(&p).unwrap();
        let exact = p.exact_fraction();
        let inside = (0..40u64)
            .filter(|&s| {
                sim.summary(&run_sequential(&sim, s), s)
                    .fraction
                    .contains(exact)
            })
            .count();
        assert!(inside >= 34, "{inside} of 40");
    }

    #[test]
    fn histogram_brackets_the_ttl_at_every_extreme() {
        for (ttl, typ, spread) in [(1.0, 120.0, 1.5), (300.0, 0.1, 0.0), (30.0, 8.0, 0.45)] {
            let p = RenewalParams {
                ttl_s: ttl,
                typical_s: typ,
                spread,
                ..Default::default()
            };
            let h = p.histogram();
            assert!(h.lo < ttl && ttl < h.hi, "{h:?}");
            assert!(h.lo < typ && typ < h.hi, "{h:?}");
        }
    }

    #[test]
    fn modes_parse() {
        assert_eq!("renewal".parse::<Mode>(), Ok(Mode::Renewal));
        let e = "always".parse::<Mode>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "--mode must be one of none, renewal, fencing (got always)"
        );
    }

    #[test]
    fn rejects_out_of_range() {
        let e = RenewalSim::new(&RenewalParams {
            spread: 1.6,
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(e.flag, "spread");
        let e = RenewalParams {
            runs: 999,
            ..Default::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(e.flag, "runs");
    }

    mod props {
        use super::*;
        use crate::sim::testutil::{any_value, up_to};
        use proptest::prelude::*;

        fn params() -> impl Strategy<Value = RenewalParams> {
            (
                any_value(TTL_S),
                any_value(TYPICAL_S),
                any_value(SPREAD),
                any_value(STALL_PROB),
                any_value(STALL_MEAN_S),
                up_to(RUNS, 20_000.0),
                prop::sample::select(Mode::ALL.to_vec()),
            )
                .prop_map(
                    |(ttl_s, typical_s, spread, stall_prob, stall_mean_s, runs, mode)| {
                        RenewalParams {
                            ttl_s,
                            typical_s,
                            spread,
                            stall_prob,
                            stall_mean_s,
                            runs: runs as u64,
                            mode,
                        }
                    },
                )
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn any_valid_parameters_run_cleanly(p in params(), seed in any::<u64>()) {
                let sim = RenewalSim::new(&p).unwrap();
                let acc = run_sequential(&sim, seed);
                prop_assert_eq!(acc.lengths.total(), p.runs);
                prop_assert!(acc.lost_stall <= acc.lost_plain);
                for mode in Mode::ALL {
                    let s = sim.summary_for(&acc, seed, mode);
                    prop_assert!((0.0..=1.0).contains(&s.exact_fraction));
                    prop_assert!(s.fraction.lo <= s.fraction.value && s.fraction.value <= s.fraction.hi);
                    prop_assert_eq!(s.harmful + s.wasted, s.duplicates);
                }
                // Renewal can only help.
                prop_assert!(
                    p.exact_lost_fraction(Mode::Renewal)
                        <= p.exact_lost_fraction(Mode::None) * (1.0 + 1e-9) + 1e-300
                );
            }
        }
    }
}
