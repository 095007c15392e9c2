//! Section 5, "Where the lock lives": locks lost when a Redis primary fails over.
//!
//! Grants arrive at `rate` per second. The primary crashes; a grant made `a` seconds before
//! the crash (within the window `w = window_s`) is lost if its copy to the replica, which
//! takes `D ~ Exp(mean lag)`, had not finished: `D > a`. Each lost lock is granted a second
//! time, to another client, with probability `contention` (someone else wanted it while its
//! holder was still working). A consensus store only grants what a majority already has, so
//! it loses nothing.
//!
//! Exact: the expected number lost is `∫₀^w rate·e^(−a/lag) da = rate·lag·(1 − e^(−w/lag))`,
//! and the expected number granted twice is that times `contention`.
//!
//! # How one failover is drawn
//! Grants form a Poisson process and each is lost independently with chance `e^(−a/lag)`, so
//! the lost grants form a thinned Poisson process: their number is exactly
//! `Poisson(rate·lag·(1 − e^(−w/lag)))`, and the number granted twice is
//! `Binomial(lost, contention)`. Drawing those two numbers is the same random experiment as
//! drawing every grant and every replication delay, at a cost that does not grow with the
//! rate. (A test checks it against the grant-by-grant simulation.)

use std::fmt;
use std::str::FromStr;

use rand_distr::{Binomial, Distribution, Poisson};
use serde::{Deserialize, Serialize};

use super::mc::{Chunked, chunk_rng};
use super::params::Valid;
use super::schema::{NamedParam, Schema};
use super::stats::{Estimate, Histogram, Spacing};

crate::param_specs! {
    pub RATE = new("rate", "/s", 1.0, 10_000.0, 500.0).log();
    pub LAG_MS = new("lag-ms", "ms", 0.1, 1_000.0, 5.0).log();
    pub WINDOW_S = new("window-s", "s", 0.1, 60.0, 5.0).log();
    pub CONTENTION = new("contention", "", 0.0, 1.0, 0.1);
    pub FAILOVERS = new("failovers", "", 100.0, 100_000_000.0, 10_000.0).whole().log();
}

/// Failovers per chunk.
pub const CHUNK: u64 = 1 << 12;

/// At most this many histogram bins; wider distributions get wider bins.
pub const MAX_BINS: usize = 100;

/// Where the lock lives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Store {
    /// A Redis primary with an asynchronously copied replica.
    #[default]
    Redis,
    /// A consensus store (ZooKeeper, etcd, Chubby): grants only what a majority has.
    Consensus,
}

impl Store {
    pub const ALL: [Store; 2] = [Store::Redis, Store::Consensus];

    /// The name used on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Store::Redis => "redis",
            Store::Consensus => "consensus",
        }
    }
}

impl fmt::Display for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A store name that is not `redis` or `consensus`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStore(pub String);

impl fmt::Display for UnknownStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--store must be one of redis, consensus (got {})",
            self.0
        )
    }
}

impl std::error::Error for UnknownStore {}

impl FromStr for Store {
    type Err = UnknownStore;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Store::ALL
            .into_iter()
            .find(|m| m.as_str() == s)
            .ok_or_else(|| UnknownStore(s.to_owned()))
    }
}

/// Parameters of the failover model. `Default` gives the lesson's values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailoverParams {
    pub rate: f64,
    pub lag_ms: f64,
    pub window_s: f64,
    pub contention: f64,
    pub failovers: u64,
    pub store: Store,
}

// In the order of the command line. The window before the crash is the model's constant in
// the lesson (only the command line changes it), so scenario codes leave it out.
crate::param_table!(FailoverParams {
    rate: RATE,
    lag_ms: LAG_MS,
    window_s: WINDOW_S,
    contention: CONTENTION,
    failovers: FAILOVERS,
} fixed: [WINDOW_S] default { store: Store::Redis });

impl FailoverParams {
    /// Expected locks lost per failover: `rate·lag·(1 − e^(−window/lag))` (0 for consensus).
    pub fn expected_lost(&self) -> f64 {
        match self.store {
            Store::Consensus => 0.0,
            Store::Redis => {
                let lag = self.lag_ms / 1_000.0;
                // −expm1(−x) = 1 − e^(−x) without cancellation for a short window.
                self.rate * lag * -(-self.window_s / lag).exp_m1()
            }
        }
    }

    /// Expected locks granted to two clients per failover: lost × contention.
    pub fn expected_double_granted(&self) -> f64 {
        self.expected_lost() * self.contention
    }

    /// The histogram layout for locks lost per failover: whole numbers from 0 to well past
    /// the mean (`mean + 6·sqrt(mean) + 10`), in at most [`MAX_BINS`] bins of equal whole width.
    pub fn histogram(&self) -> Histogram {
        let m = self.expected_lost();
        let top = (m + 6.0 * m.sqrt() + 10.0).ceil();
        let width = (top / MAX_BINS as f64).ceil().max(1.0);
        let bins = (top / width).ceil() as usize;
        Histogram::new(0.0, bins as f64 * width, bins, Spacing::Linear)
    }
}

/// What a chunk (or a whole run) of failovers adds up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailoverAcc {
    pub failovers: u64,
    pub lost: u64,
    pub lost_sq: u128,
    pub double: u64,
    pub double_sq: u128,
    /// Locks lost per failover.
    pub lost_hist: Histogram,
}

/// The result the command line and the headline report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailoverSummary {
    pub params: FailoverParams,
    pub seed: u64,
    pub expected_lost: f64,
    pub expected_double_granted: f64,
    /// Mean locks lost per failover, with its 95 % interval.
    pub mean_lost: Estimate,
    /// Mean locks granted twice per failover, with its 95 % interval.
    pub mean_double_granted: Estimate,
}

/// The failover Monte Carlo.
#[derive(Clone, Debug)]
pub struct FailoverSim {
    params: FailoverParams,
    lost: Option<Poisson<f64>>,
    empty_hist: Histogram,
}

impl FailoverSim {
    pub fn new(params: &Valid<FailoverParams>) -> Self {
        let mean = params.expected_lost();
        // The mean is positive for Redis at every valid setting (at least 1·1e-4).
        let lost = (mean > 0.0).then(|| Poisson::new(mean).expect("finite positive mean"));
        Self {
            params: **params,
            lost,
            empty_hist: params.histogram(),
        }
    }

    pub fn params(&self) -> &FailoverParams {
        &self.params
    }

    pub fn summary(&self, acc: &FailoverAcc, seed: u64) -> FailoverSummary {
        FailoverSummary {
            params: self.params,
            seed,
            expected_lost: self.params.expected_lost(),
            expected_double_granted: self.params.expected_double_granted(),
            mean_lost: Estimate::mean_of_counts(acc.lost, acc.lost_sq, acc.failovers),
            mean_double_granted: Estimate::mean_of_counts(acc.double, acc.double_sq, acc.failovers),
        }
    }
}

impl Chunked for FailoverSim {
    type Acc = FailoverAcc;
    const CHUNK_SIZE: u64 = CHUNK;

    fn samples(&self) -> u64 {
        self.params.failovers
    }

    fn empty(&self) -> FailoverAcc {
        FailoverAcc {
            failovers: 0,
            lost: 0,
            lost_sq: 0,
            double: 0,
            double_sq: 0,
            lost_hist: self.empty_hist.clone(),
        }
    }

    fn run_chunk(&self, seed: u64, chunk: u64) -> FailoverAcc {
        let n = self.chunk_len(chunk);
        let mut acc = self.empty();
        acc.failovers = n;
        let Some(poisson) = &self.lost else {
            acc.lost_hist.bins[0] = n;
            return acc;
        };
        let mut rng = chunk_rng(seed, chunk);
        let c = self.params.contention;
        for _ in 0..n {
            let lost = poisson.sample(&mut rng) as u64;
            let double = if lost == 0 || c == 0.0 {
                0
            } else {
                Binomial::new(lost, c)
                    .expect("valid binomial")
                    .sample(&mut rng)
            };
            acc.lost += lost;
            acc.lost_sq += u128::from(lost) * u128::from(lost);
            acc.double += double;
            acc.double_sq += u128::from(double) * u128::from(double);
            acc.lost_hist.add(lost as f64);
        }
        acc
    }

    fn merge(&self, into: &mut FailoverAcc, other: &FailoverAcc) {
        into.failovers += other.failovers;
        into.lost += other.lost;
        into.lost_sq += other.lost_sq;
        into.double += other.double;
        into.double_sq += other.double_sq;
        into.lost_hist.merge(&other.lost_hist);
    }
}

impl Schema for FailoverParams {
    const NAMED: Option<NamedParam<Self>> = Some(NamedParam {
        flag: "store",
        default: "redis",
        help: "Where the lock lives: redis (asynchronous replica) or consensus (majority)",
        set: |p, raw| {
            p.store = raw.parse().map_err(|e: UnknownStore| e.to_string())?;
            Ok(())
        },
        name: |p| p.store.as_str(),
    });
}

/// The largest share of failovers any bin of `width` whole numbers from `lo` holds (`bins`
/// of them) when the losses are exactly `Poisson(mean)`: the histogram's tallest bar, as the
/// model gives it. Summed in logarithms, so a large mean neither underflows nor overflows.
pub fn poisson_peak_bin(mean: f64, lo: f64, width: f64, bins: usize) -> f64 {
    if mean.is_nan() || mean <= 0.0 {
        // Every failover loses nothing: the first bin holds them all.
        return if lo <= 0.0 { 1.0 } else { 0.0 };
    }
    let width = width.max(1.0).round() as u64;
    let first = lo.max(0.0).round() as u64;
    let last = first + width * bins as u64;
    let ln_mean = mean.ln();
    let mut ln_p = -mean;
    let (mut peak, mut bin) = (0.0_f64, 0.0);
    for k in 0..last {
        if k > 0 {
            ln_p += ln_mean - (k as f64).ln();
        }
        if k >= first {
            bin += ln_p.exp();
            if (k + 1 - first).is_multiple_of(width) {
                peak = peak.max(bin);
                bin = 0.0;
            }
        }
    }
    peak
}

#[cfg(test)]
mod tests {
    /// Poisson(2.5)'s tallest whole number is 2, e^−2.5·2.5²/2 ≈ 25.65 %; in bins of two
    /// from 0, {2, 3} holds 25.65 + 21.38 %; no loss at all puts everything in the first bin.
    #[test]
    fn the_tallest_bin_of_a_poisson_count() {
        let p2 = (-2.5f64).exp() * 2.5 * 2.5 / 2.0;
        assert!((super::poisson_peak_bin(2.5, 0.0, 1.0, 20) - p2).abs() < 1e-12);
        let pair = p2 * (1.0 + 2.5 / 3.0);
        assert!((super::poisson_peak_bin(2.5, 0.0, 2.0, 10) - pair).abs() < 1e-12);
        assert_eq!(super::poisson_peak_bin(0.0, 0.0, 1.0, 20), 1.0);
        // A large mean: about 1/√(2πμ) at its mode, without overflow.
        let big = super::poisson_peak_bin(10_000.0, 0.0, 1.0, 20_000);
        assert!(
            (big - 1.0 / (2.0 * std::f64::consts::PI * 10_000.0).sqrt()).abs() < 1e-5,
            "{big}"
        );
    }

    use super::*;
    use crate::sim::params::{ParamError, ParamTable};

    /// The model on parameters checked first, as the command line does.
    fn checked_sim(p: &FailoverParams) -> Result<FailoverSim, ParamError> {
        Valid::checked(*p).map(|v| FailoverSim::new(&v))
    }
    use crate::sim::mc::run_sequential;
    use rand_distr::Exp;

    #[test]
    fn spec_figures() {
        let p = FailoverParams::default();
        assert!(
            (p.expected_lost() - 2.5).abs() < 1e-12,
            "{}",
            p.expected_lost()
        );
        assert!((p.expected_double_granted() - 0.25).abs() < 1e-12);
        let c = FailoverParams {
            store: Store::Consensus,
            ..p
        };
        assert_eq!((c.expected_lost(), c.expected_double_granted()), (0.0, 0.0));
    }

    #[test]
    fn simulation_matches_the_closed_form() {
        let p = FailoverParams {
            failovers: 100_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let acc = run_sequential(&sim, 4);
        let s = sim.summary(&acc, 4);
        assert!(s.mean_lost.contains(2.5), "{:?}", s.mean_lost);
        assert!(
            s.mean_double_granted.contains(0.25),
            "{:?}",
            s.mean_double_granted
        );
        assert_eq!(acc.lost_hist.total(), 100_000);
        // Poisson(2.5): P(0) = e^-2.5 ≈ 8.2 %; 8,208 expected, sd ≈ 87.
        assert!(
            (7_850..8_560).contains(&acc.lost_hist.bins[0]),
            "{:?}",
            acc.lost_hist.bins
        );
    }

    #[test]
    fn exact_mean_is_inside_the_interval_at_the_expected_rate() {
        // Each run's interval misses with probability about 5 % (the normal approximation is
        // good here: 2,000 failovers of a Poisson(2.5) count). Misses over 40 seeds are then
        // about Binomial(40, 0.05): mean 2, and 7 or more happen with probability ≈ 0.005.
        let p = FailoverParams {
            failovers: 2_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let inside = (0..40u64)
            .filter(|&s| {
                sim.summary(&run_sequential(&sim, s), s)
                    .mean_lost
                    .contains(2.5)
            })
            .count();
        assert!(inside >= 34, "{inside} of 40");
    }

    #[test]
    fn consensus_loses_nothing() {
        let p = FailoverParams {
            store: Store::Consensus,
            failovers: 5_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let acc = run_sequential(&sim, 1);
        let s = sim.summary(&acc, 1);
        assert_eq!((acc.lost, acc.double), (0, 0));
        assert_eq!(acc.lost_hist.bins[0], 5_000);
        assert_eq!((s.mean_lost.value, s.mean_lost.hi), (0.0, 0.0));
    }

    /// The literal model, grant by grant: a Poisson stream of grants over the window before
    /// the crash, each lost if its replication delay outlasts its age.
    fn lost_grant_by_grant(p: &FailoverParams, rng: &mut rand_chacha::ChaCha8Rng) -> u64 {
        let gap = Exp::new(p.rate).unwrap();
        let lag = Exp::new(1_000.0 / p.lag_ms).unwrap();
        let mut age = gap.sample(rng);
        let mut lost = 0;
        while age < p.window_s {
            lost += u64::from(lag.sample(rng) > age);
            age += gap.sample(rng);
        }
        lost
    }

    #[test]
    fn thinning_shortcut_matches_the_grant_by_grant_model() {
        // Small numbers so the literal model is quick; a long lag makes the window matter.
        let p = FailoverParams {
            rate: 20.0,
            lag_ms: 800.0,
            window_s: 1.0,
            ..Default::default()
        };
        let n = 20_000u64;
        let mut rng = chunk_rng(99, 0);
        let mut hist = p.histogram();
        let (mut sum, mut sq) = (0u64, 0u128);
        for _ in 0..n {
            let l = lost_grant_by_grant(&p, &mut rng);
            sum += l;
            sq += u128::from(l) * u128::from(l);
            hist.add(l as f64);
        }
        let literal = Estimate::mean_of_counts(sum, sq, n);
        assert!(
            literal.contains(p.expected_lost()),
            "{literal:?} vs {}",
            p.expected_lost()
        );
        // Same distribution: compare P(0 lost) with the shortcut's e^(−mean).
        let zero = Estimate::proportion(hist.bins[0], n);
        assert!(zero.contains((-p.expected_lost()).exp()), "{zero:?}");
        // Poisson: variance equals the mean.
        let var = sq as f64 / n as f64 - (sum as f64 / n as f64).powi(2);
        assert!((var / p.expected_lost() - 1.0).abs() < 0.05, "{var}");
    }

    #[test]
    fn histogram_layout_has_whole_number_bins() {
        for rate in [1.0, 500.0, 10_000.0] {
            for lag in [0.1, 5.0, 1_000.0] {
                let p = FailoverParams {
                    rate,
                    lag_ms: lag,
                    window_s: 60.0,
                    ..Default::default()
                };
                let h = p.histogram();
                assert!(h.bins.len() <= MAX_BINS);
                let width = (h.hi - h.lo) / h.bins.len() as f64;
                assert_eq!(width.fract(), 0.0, "{h:?}");
                assert!(h.hi > p.expected_lost());
            }
        }
        let mut h = FailoverParams::default().histogram();
        h.add(3.0);
        assert_eq!(h.bins[3], 1);
    }

    #[test]
    fn largest_means_run() {
        let p = FailoverParams {
            rate: 10_000.0,
            lag_ms: 1_000.0,
            window_s: 60.0,
            contention: 1.0,
            failovers: 100,
            store: Store::Redis,
        };
        let sim = checked_sim(&p).unwrap();
        let s = sim.summary(&run_sequential(&sim, 1), 1);
        assert!(s.mean_lost.contains(p.expected_lost()), "{s:?}");
        assert_eq!(s.mean_lost.count, s.mean_double_granted.count);
    }

    #[test]
    fn stores_parse_and_ranges_hold() {
        assert_eq!("consensus".parse::<Store>(), Ok(Store::Consensus));
        assert_eq!(
            "zookeeper".parse::<Store>().unwrap_err().to_string(),
            "--store must be one of redis, consensus (got zookeeper)"
        );
        let e = checked_sim(&FailoverParams {
            contention: 1.1,
            ..Default::default()
        });
        assert_eq!(e.unwrap_err().flag, "contention");
        let e = FailoverParams {
            rate: -5.0,
            ..Default::default()
        }
        .check_all()
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "--rate must be a number from 1 to 10000 (got -5)"
        );
    }

    mod props {
        use super::*;
        use crate::sim::testutil::{any_value, up_to};
        use proptest::prelude::*;

        fn params() -> impl Strategy<Value = FailoverParams> {
            (
                any_value(RATE),
                any_value(LAG_MS),
                any_value(WINDOW_S),
                any_value(CONTENTION),
                up_to(FAILOVERS, 3_000.0),
                prop::sample::select(Store::ALL.to_vec()),
            )
                .prop_map(|(rate, lag_ms, window_s, contention, failovers, store)| {
                    FailoverParams {
                        rate,
                        lag_ms,
                        window_s,
                        contention,
                        failovers: failovers as u64,
                        store,
                    }
                })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn any_valid_parameters_run_cleanly(p in params(), seed in any::<u64>()) {
                let sim = checked_sim(&p).unwrap();
                let acc = run_sequential(&sim, seed);
                prop_assert_eq!(acc.lost_hist.total(), p.failovers);
                prop_assert!(acc.double <= acc.lost);
                let s = sim.summary(&acc, seed);
                for e in [s.mean_lost, s.mean_double_granted] {
                    prop_assert!(e.value.is_finite() && e.lo <= e.value && e.value <= e.hi);
                }
                prop_assert!(s.expected_lost.is_finite() && s.expected_lost >= 0.0);
                // The loss can never exceed the grants made in the window.
                prop_assert!(s.expected_lost <= p.rate * p.window_s * (1.0 + 1e-12));
                if p.store == Store::Consensus {
                    prop_assert_eq!(acc.lost, 0);
                }
            }
        }
    }

    /// Any input a slider, a flag or a code can carry, clamped, runs without a NaN.
    #[test]
    fn clamped_extremes_run_without_nan() {
        use crate::sim::mc::run_sequential;
        use crate::sim::testutil::{EXTREMES, filled};
        for fill in EXTREMES {
            let sim = FailoverSim::new(&filled(fill));
            let s = sim.summary(&run_sequential(&sim, 1), 1);
            assert!(s.mean_lost.value.is_finite() && s.expected_lost.is_finite());
        }
    }
}
