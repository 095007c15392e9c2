//! Section 9, "Break it": a nightly billing job that must run once, and three defences
//! against a run that outlives its lock.
//!
//! The job has two kinds of effect: it writes its result to a database, which can check a
//! fencing token, and it sends invoices through an outside provider, which cannot check tokens
//! but drops a request whose idempotency key it has already seen.
//!
//! Monte Carlo over `runs` jobs (model v2: timing decides what a late write does). A run works
//! for `L` (log-normal around `typical_s`); with probability `pause_prob` a pause
//! `S ~ Exp(mean pause_mean_s)` strikes at the end of the work, just before its effects, and
//! the run acts at `H = L + S` (see [`HoldTime`]).
//!
//! - Without renewal the run loses its lock iff `H > TTL`. A second worker takes the lock at
//!   once and repeats the job, acting at `TTL + H₂` (its own `H₂`, drawn the same way).
//! - With renewal, a watchdog renews every `TTL/3` from the grant while the process runs, so
//!   the pause finds `R = TTL − (L mod TTL/3)` left on the lease: the run loses its lock iff
//!   `S > R`, and the repeat starts at `L + R` and acts at `L + R + H₂`.
//! - The first run's database write is stale in every lost-lock run, but it lands over newer
//!   data only if it arrives after the repeat's write (`H > TTL + H₂`; with renewal
//!   `S > R + H₂`). One that arrives first is accepted and then overwritten by the repeat.
//! - Fencing refuses a write over newer data (the storage has applied the newer token);
//!   idempotency makes it a no-op. Only an idempotency key stops the invoices going out a
//!   second time, and the repeat's work is wasted in every mode.
//!
//! Every run draws the same values whatever the mode, so one simulation counts all five; the
//! mode only picks what is reported. The exact fractions come by quadrature (see [`exact`]);
//! the cells a defence removes are exactly zero, in the counts and in the exact values alike.

pub mod exact;

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::hold::HoldTime;
use super::mc::{Chunked, chunk_rng};
use super::params::{ParamSpec, Valid};
use super::schema::{NamedParam, Schema};
use super::stats::{Estimate, Histogram, Spacing};

crate::param_specs! {
    pub TTL_S = new("ttl-s", "s", 1.0, 300.0, 30.0).log();
    pub TYPICAL_S = new("typical-s", "s", 0.1, 120.0, 8.0).log().words("typical-s.job");
}
pub const SPREAD: ParamSpec = ParamSpec {
    words: Some("spread.job"),
    default: 0.45,
    ..super::ttl::SPREAD
};
/// The same pause probability as the TTL model's.
pub const PAUSE_PROB: ParamSpec = super::ttl::PAUSE_PROB;
crate::param_specs! {
    pub PAUSE_MEAN_S = new("stall-mean-s", "s", 0.1, 600.0, 20.0).log();
    pub RUNS = new("runs", "", 1_000.0, 100_000_000.0, 50_000.0).whole().log();
}

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
    /// A watchdog extends the lock while the process runs.
    Renewal,
    /// The database refuses a write whose token is older than one it has applied.
    Fencing,
    /// Every effect carries a key derived from the job; a repeat changes nothing.
    Idempotent,
    /// All three stacked.
    All,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::None,
        Mode::Renewal,
        Mode::Fencing,
        Mode::Idempotent,
        Mode::All,
    ];

    /// The name used on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::None => "none",
            Mode::Renewal => "renewal",
            Mode::Fencing => "fencing",
            Mode::Idempotent => "idempotent",
            Mode::All => "all",
        }
    }

    /// Whether a watchdog renews the lock.
    pub fn renews(self) -> bool {
        matches!(self, Mode::Renewal | Mode::All)
    }

    /// Whether the database checks fencing tokens.
    pub fn fences(self) -> bool {
        matches!(self, Mode::Fencing | Mode::All)
    }

    /// Whether every effect carries an idempotency key.
    pub fn idempotent(self) -> bool {
        matches!(self, Mode::Idempotent | Mode::All)
    }

    /// Whether a late run's database write that arrives after the repeat's lands over the
    /// newer data: fencing refuses it, idempotency makes it a no-op.
    pub fn stale_write_lands(self) -> bool {
        !self.fences() && !self.idempotent()
    }

    /// Whether a late run's invoices go out a second time: only an idempotency key stops
    /// them, since the provider cannot check tokens.
    pub fn effect_repeats(self) -> bool {
        !self.idempotent()
    }

    /// What `lost` runs that lost their lock, `over_newer` of whose late writes arrived after
    /// the repeat's, add up to in this mode (counts or fractions). The cells a defence removes
    /// are `T::default()`: exactly zero.
    pub fn effects<T: Copy + Default>(self, lost: T, over_newer: T) -> Effects<T> {
        let zero = T::default();
        let keep = |yes: bool, v: T| if yes { v } else { zero };
        Effects {
            duplicates: lost,
            stale_writes_landed: keep(self.stale_write_lands(), over_newer),
            double_effects: keep(self.effect_repeats(), lost),
            // Every run with a late write over newer data also sent its invoices twice.
            harmful: if self.effect_repeats() {
                lost
            } else {
                keep(self.stale_write_lands(), over_newer)
            },
            wasted: lost,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A mode name that is not one of [`Mode::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Mode::ALL.iter().map(|m| m.as_str()).collect();
        write!(
            f,
            "--mode must be one of {} (got {})",
            names.join(", "),
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

/// What the runs that lost their lock cost in one mode, as counts or as fractions of all runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Effects<T> {
    /// Runs repeated by a second worker (one per lost lock).
    pub duplicates: T,
    /// Late database writes that arrived after the repeat's and were applied over its newer
    /// result.
    pub stale_writes_landed: T,
    /// Invoices sent a second time.
    pub double_effects: T,
    /// Runs with any harm: a stale write landed or an invoice went out twice.
    pub harmful: T,
    /// Runs whose work was done for nothing (every duplicate, in every mode).
    pub wasted: T,
}

impl<T: Copy> Effects<T> {
    /// The five quantities with their JSON names, in display order.
    pub fn named(&self) -> [(&'static str, T); 5] {
        [
            ("duplicates", self.duplicates),
            ("stale_writes_landed", self.stale_writes_landed),
            ("double_effects", self.double_effects),
            ("harmful", self.harmful),
            ("wasted", self.wasted),
        ]
    }
}

/// Parameters of the "break it" model. `Default` gives the lesson's values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenewalParams {
    pub ttl_s: f64,
    pub typical_s: f64,
    pub spread: f64,
    #[serde(rename = "stall_prob")]
    pub pause_prob: f64,
    #[serde(rename = "stall_mean_s")]
    pub pause_mean_s: f64,
    pub runs: u64,
    pub mode: Mode,
}

crate::param_table!(RenewalParams {
    ttl_s: TTL_S,
    typical_s: TYPICAL_S,
    spread: SPREAD,
    pause_prob: PAUSE_PROB,
    pause_mean_s: PAUSE_MEAN_S,
    runs: RUNS,
} default { mode: Mode::None });

impl RenewalParams {
    /// The job-length distribution.
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

    /// The integrals' view of the parameters.
    fn job(&self) -> exact::BillingJob {
        exact::BillingJob {
            ttl: self.ttl_s,
            typical: self.typical_s,
            spread: self.spread,
            p: self.pause_prob,
            s: self.pause_mean_s,
        }
    }

    /// Every exact fraction (`D`, `W`, `D_r`, `W_r`), by quadrature: some milliseconds of work.
    pub fn exact_fractions(&self) -> exact::Fractions {
        self.job().fractions()
    }

    /// The histogram layout for job lengths (work plus pause): log-spaced from half the
    /// shortest typical jobs (or an eighth of the TTL) to four times the longer of the TTL and
    /// the longest typical jobs, so the TTL always falls inside.
    pub fn histogram(&self) -> Histogram {
        let wide = (4.0 * self.spread).exp();
        let lo = 0.5 * (self.typical_s / wide).min(self.ttl_s / 4.0);
        let hi = 4.0 * (self.typical_s * wide).max(self.ttl_s);
        Histogram::new(lo, hi, HIST_BINS, Spacing::Log)
    }
}

/// What a chunk (or a whole run) counts, for all five modes at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenewalAcc {
    pub runs: u64,
    /// Runs with `H > TTL`: lost without renewal.
    pub lost_plain: u64,
    /// Runs with `H > TTL + H₂`: their late write arrives after the repeat's (no renewal).
    pub over_newer_plain: u64,
    /// Runs with `S > R`: lost even with renewal.
    pub lost_renewed: u64,
    /// Runs with `S > R + H₂`: their late write arrives after the repeat's, with renewal.
    pub over_newer_renewed: u64,
    /// Run lengths `H = L + S`.
    pub lengths: Histogram,
}

impl RenewalAcc {
    /// The runs that lost their lock and, of those, the late writes that arrived after the
    /// repeat's, under `mode`'s timing (with or without renewal).
    pub fn timing(&self, mode: Mode) -> (u64, u64) {
        if mode.renews() {
            (self.lost_renewed, self.over_newer_renewed)
        } else {
            (self.lost_plain, self.over_newer_plain)
        }
    }
}

/// The counts one mode reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenewalSummary {
    pub params: RenewalParams,
    pub seed: u64,
    /// Runs that lost their lock while still running.
    pub lost_lock: u64,
    /// Of those, the runs whose late write arrived after the repeat's, whether or not a
    /// defence then stopped it.
    pub late_over_newer: u64,
    /// What those runs cost: duplicates, stale writes that landed over newer data, invoices
    /// sent twice, runs with any harm, wasted work.
    pub counts: Effects<u64>,
    /// The same, exactly, as fractions of all runs.
    pub exact: Effects<f64>,
    /// `lost_lock / runs` with its 95 % interval.
    pub fraction: Estimate,
    /// The exact lost fraction.
    pub exact_fraction: f64,
    /// The exact fraction of `late_over_newer`.
    pub exact_late_over_newer: f64,
}

impl RenewalSummary {
    /// A count as a fraction of all runs, with its 95 % interval.
    pub fn fraction_of_runs(&self, count: u64) -> Estimate {
        Estimate::proportion(count, self.fraction.n)
    }
}

/// The "break it" Monte Carlo. Build with [`RenewalSim::new`], run with
/// `mc::run_sequential` or the parallel runner, read with [`RenewalSim::summary`].
#[derive(Clone, Debug)]
pub struct RenewalSim {
    params: RenewalParams,
    hold: HoldTime,
    empty_hist: Histogram,
    /// The exact fractions, worked out at the first summary (on whichever thread asks first) and
    /// shared by every clone.
    exact: Arc<OnceLock<exact::Fractions>>,
}

impl RenewalSim {
    pub fn new(params: &Valid<RenewalParams>) -> Self {
        Self {
            params: **params,
            hold: params.hold_time(),
            empty_hist: params.histogram(),
            exact: Arc::default(),
        }
    }

    pub fn params(&self) -> &RenewalParams {
        &self.params
    }

    /// The exact fractions, computed once.
    pub fn exact_fractions(&self) -> &exact::Fractions {
        self.exact.get_or_init(|| self.params.exact_fractions())
    }

    /// The counts for `mode` (not necessarily the parameters' own).
    pub fn summary_for(&self, acc: &RenewalAcc, seed: u64, mode: Mode) -> RenewalSummary {
        let (lost, over_newer) = acc.timing(mode);
        let (exact_lost, exact_over_newer) = self.exact_fractions().timing(mode);
        RenewalSummary {
            params: RenewalParams {
                mode,
                ..self.params
            },
            seed,
            lost_lock: lost,
            late_over_newer: over_newer,
            counts: mode.effects(lost, over_newer),
            exact: mode.effects(exact_lost, exact_over_newer),
            fraction: Estimate::proportion(lost, acc.runs),
            exact_fraction: exact_lost,
            exact_late_over_newer: exact_over_newer,
        }
    }

    /// The counts for the parameters' own mode.
    pub fn summary(&self, acc: &RenewalAcc, seed: u64) -> RenewalSummary {
        self.summary_for(acc, seed, self.params.mode)
    }
}

impl Chunked for RenewalSim {
    type Acc = RenewalAcc;
    const CHUNK_SIZE: u64 = CHUNK;

    fn samples(&self) -> u64 {
        self.params.runs
    }

    fn empty(&self) -> RenewalAcc {
        RenewalAcc {
            runs: 0,
            lost_plain: 0,
            over_newer_plain: 0,
            lost_renewed: 0,
            over_newer_renewed: 0,
            lengths: self.empty_hist.clone(),
        }
    }

    /// One run draws its work, whether it pauses and for how long (see [`HoldTime`]); a run
    /// that loses its lock in either timing then draws the repeat's `H₂` the same way.
    fn run_chunk(&self, seed: u64, chunk: u64) -> RenewalAcc {
        let mut rng = chunk_rng(seed, chunk);
        let n = self.chunk_len(chunk);
        let ttl = self.params.ttl_s;
        let period = ttl / 3.0;
        let mut acc = self.empty();
        acc.runs = n;
        for _ in 0..n {
            let h = self.hold.sample_parts(&mut rng);
            let total = h.total();
            acc.lengths.add(total);
            // The lease left when the pause strikes, with a watchdog renewing every TTL/3.
            let left = if h.pause > 0.0 {
                ttl - h.work % period
            } else {
                f64::INFINITY
            };
            let lost = total > ttl;
            let lost_renewed = h.pause > left;
            if lost || lost_renewed {
                let repeat = self.hold.sample_parts(&mut rng).total();
                acc.lost_plain += u64::from(lost);
                acc.over_newer_plain += u64::from(total > ttl + repeat);
                acc.lost_renewed += u64::from(lost_renewed);
                acc.over_newer_renewed += u64::from(h.pause > left + repeat);
            }
        }
        acc
    }

    fn merge(&self, into: &mut RenewalAcc, other: &RenewalAcc) {
        into.runs += other.runs;
        into.lost_plain += other.lost_plain;
        into.over_newer_plain += other.over_newer_plain;
        into.lost_renewed += other.lost_renewed;
        into.over_newer_renewed += other.over_newer_renewed;
        into.lengths.merge(&other.lengths);
    }
}

impl Schema for RenewalParams {
    const NAMED: Option<NamedParam<Self>> = Some(NamedParam {
        flag: "mode",
        default: "none",
        help: "The defence: none, renewal (a watchdog extends the lock), fencing (the database \
               refuses the older token), idempotent (every effect carries a key; a repeat \
               changes nothing) or all (the three stacked)",
        set: |p, raw| {
            p.mode = raw.parse().map_err(|e: UnknownMode| e.to_string())?;
            Ok(())
        },
        name: |p| p.mode.as_str(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::params::ParamError;
    use crate::sim::testutil::assert_rejects_out_of_range;

    /// The model on parameters checked first, as the command line does.
    fn checked_sim(p: &RenewalParams) -> Result<RenewalSim, ParamError> {
        Valid::checked(*p).map(|v| RenewalSim::new(&v))
    }
    use crate::runner::parallel::run_to_end;
    use crate::sim::mc::run_sequential;

    /// The spec's table, cell by cell: `D` and `W` without renewal, `D_r` and `W_r` with
    /// it, and the cells a defence removes exactly zero.
    #[test]
    fn exact_table_follows_the_spec() {
        let sim = checked_sim(&RenewalParams::default()).unwrap();
        let x = *sim.exact_fractions();
        let (d, w, dr, wr) = (x.lost, x.over_newer, x.lost_renewed, x.over_newer_renewed);
        // About a third of the lost locks' late writes land over newer data at the defaults.
        assert!((0.3..0.36).contains(&(w / d)), "{x:?}");
        assert!(wr < dr && dr < d && w < d, "{x:?}");
        let acc = sim.empty();
        let row = |m: Mode| {
            let e = sim.summary_for(&acc, 1, m).exact;
            [
                e.duplicates,
                e.stale_writes_landed,
                e.double_effects,
                e.wasted,
            ]
        };
        assert_eq!(row(Mode::None), [d, w, d, d]);
        assert_eq!(row(Mode::Renewal), [dr, wr, dr, dr]);
        assert_eq!(row(Mode::Fencing), [d, 0.0, d, d]);
        assert_eq!(row(Mode::Idempotent), [d, 0.0, 0.0, d]);
        assert_eq!(row(Mode::All), [dr, 0.0, 0.0, dr]);
        // Harm: fencing protects the data but not the invoices; only idempotency (alone or
        // stacked) removes both.
        let harm: Vec<f64> = Mode::ALL
            .iter()
            .map(|&m| sim.summary_for(&acc, 1, m).exact.harmful)
            .collect();
        assert_eq!(harm, [d, dr, d, 0.0, 0.0]);
    }

    /// Monte Carlo against the quadrature at the defaults and at two other settings, in both
    /// timings: each of the four counts lies within 4 standard errors of its exact
    /// expectation (binomial; a chance below 1e-4 per check of failing by accident).
    #[test]
    fn counts_agree_with_the_quadrature_at_several_settings() {
        let settings = [
            RenewalParams {
                runs: 1_000_000,
                ..Default::default()
            },
            RenewalParams {
                ttl_s: 10.0,
                typical_s: 5.0,
                spread: 0.8,
                pause_prob: 0.05,
                pause_mean_s: 8.0,
                runs: 200_000,
                mode: Mode::Renewal,
            },
            RenewalParams {
                ttl_s: 3.0,
                typical_s: 2.0,
                spread: 0.3,
                pause_prob: 0.1,
                pause_mean_s: 2.0,
                runs: 200_000,
                mode: Mode::Renewal,
            },
            // Watchdog periods of a third of a second against runs spread over decades.
            RenewalParams {
                ttl_s: 1.0,
                typical_s: 20.0,
                spread: 1.0,
                pause_prob: 0.1,
                pause_mean_s: 0.5,
                runs: 200_000,
                mode: Mode::All,
            },
        ];
        for p in settings {
            let sim = checked_sim(&p).unwrap();
            let acc = run_sequential(&sim, 7);
            let x = sim.exact_fractions();
            let n = acc.runs as f64;
            for (name, count, fraction) in [
                ("D", acc.lost_plain, x.lost),
                ("W", acc.over_newer_plain, x.over_newer),
                ("D_r", acc.lost_renewed, x.lost_renewed),
                ("W_r", acc.over_newer_renewed, x.over_newer_renewed),
            ] {
                let sd = (n * fraction * (1.0 - fraction)).sqrt();
                let off = (count as f64 - n * fraction).abs();
                assert!(
                    off <= 4.0 * sd,
                    "{name} at {p:?}: {count} against {:.1} (sd {sd:.1})",
                    n * fraction
                );
            }
        }
    }

    #[test]
    fn one_simulation_serves_all_modes() {
        let p = RenewalParams {
            runs: 400_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let acc = run_sequential(&sim, 2);
        assert_eq!(acc.lengths.total(), 400_000);
        let s: Vec<RenewalSummary> = Mode::ALL
            .iter()
            .map(|&m| sim.summary_for(&acc, 2, m))
            .collect();
        let [none, renewal, fencing, idempotent, all] = [&s[0], &s[1], &s[2], &s[3], &s[4]];
        assert!(none.lost_lock > 0 && renewal.lost_lock > 0);
        assert!(renewal.lost_lock < none.lost_lock);
        for x in [fencing, idempotent] {
            assert_eq!(x.lost_lock, none.lost_lock, "{x:?}");
        }
        assert_eq!(all.lost_lock, renewal.lost_lock);
        // The zero cells are zero exactly, in the counts and the exact values alike.
        for x in [fencing, idempotent, all] {
            assert_eq!(
                (x.counts.stale_writes_landed, x.exact.stale_writes_landed),
                (0, 0.0)
            );
        }
        for x in [idempotent, all] {
            assert_eq!((x.counts.double_effects, x.exact.double_effects), (0, 0.0));
            assert_eq!((x.counts.harmful, x.exact.harmful), (0, 0.0));
        }
        // Only some late writes arrive after the repeat's; the timing, not the defence,
        // decides which.
        assert!(0 < none.late_over_newer && none.late_over_newer < none.lost_lock);
        assert_eq!(none.counts.stale_writes_landed, none.late_over_newer);
        assert_eq!(renewal.counts.stale_writes_landed, renewal.late_over_newer);
        assert!(renewal.late_over_newer <= renewal.lost_lock);
        assert_eq!(fencing.late_over_newer, none.late_over_newer);
        assert_eq!(all.late_over_newer, renewal.late_over_newer);
        // Fencing leaves every invoice sent twice.
        assert_eq!(fencing.counts.double_effects, none.counts.double_effects);
        assert_eq!(fencing.counts.harmful, fencing.lost_lock);
        for x in &s {
            assert_eq!(x.counts.duplicates, x.lost_lock);
            assert_eq!(x.counts.wasted, x.lost_lock);
            assert!(x.fraction.contains(x.exact_fraction), "{x:?}");
        }
    }

    #[test]
    fn every_mode_and_cell_agrees_with_its_exact_value() {
        // For every mode and every non-zero cell, the exact fraction lies inside the 95 %
        // interval of the simulated one at about the expected rate. Misses over 40 seeds
        // ≈ Binomial(40, 0.05), mean 2; at least 34 inside fails by chance below 1 %.
        let p = RenewalParams {
            runs: 20_000,
            ..Default::default()
        };
        let sim = checked_sim(&p).unwrap();
        let accs: Vec<RenewalAcc> = (0..40u64).map(|s| run_sequential(&sim, s)).collect();
        for mode in Mode::ALL {
            let exact = sim.summary_for(&accs[0], 0, mode).exact;
            for (name, fraction) in exact.named() {
                let inside = accs
                    .iter()
                    .enumerate()
                    .filter(|(seed, acc)| {
                        let s = sim.summary_for(acc, *seed as u64, mode);
                        let count = s.counts.named().iter().find(|c| c.0 == name).unwrap().1;
                        if fraction == 0.0 {
                            assert_eq!(count, 0, "{mode} {name}");
                        }
                        s.fraction_of_runs(count).contains(fraction)
                    })
                    .count();
                assert!(inside >= 34, "{mode} {name}: {inside} of 40");
            }
        }
    }

    #[test]
    fn equal_seeds_give_the_same_bits_on_any_thread_count() {
        let sim = checked_sim(&RenewalParams {
            runs: 70_001,
            spread: 0.9,
            ..Default::default()
        })
        .unwrap();
        let reference = run_sequential(&sim, 21);
        for threads in [1, 2, 3, 8] {
            let acc = run_to_end(&sim, 21, threads);
            assert_eq!(acc, reference, "{threads} threads");
            for mode in Mode::ALL {
                assert_eq!(
                    sim.summary_for(&acc, 21, mode),
                    sim.summary_for(&reference, 21, mode)
                );
            }
        }
        assert_eq!(run_sequential(&sim, 21), reference);
        assert_ne!(run_sequential(&sim, 22), reference);
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
        for mode in Mode::ALL {
            assert_eq!(mode.as_str().parse::<Mode>(), Ok(mode));
        }
        let e = "always".parse::<Mode>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "--mode must be one of none, renewal, fencing, idempotent, all (got always)"
        );
    }

    #[test]
    fn rejects_out_of_range() {
        let also = [("spread", 1.6), ("runs", 999.0), ("stall-prob", f64::NAN)];
        assert_rejects_out_of_range(checked_sim, &also);
    }

    mod props {
        use super::*;
        use crate::sim::testutil::any_params;
        use proptest::prelude::*;

        fn params() -> impl Strategy<Value = RenewalParams> {
            let mode = prop::sample::select(Mode::ALL.to_vec());
            (any_params(&[(RUNS, 20_000.0)]), mode)
                .prop_map(|(p, mode)| RenewalParams { mode, ..p })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn any_valid_parameters_run_cleanly(p in params(), seed in any::<u64>()) {
                let sim = checked_sim(&p).unwrap();
                let acc = run_sequential(&sim, seed);
                prop_assert_eq!(acc.lengths.total(), p.runs);
                // Renewal can only help, run by run, and a write over newer data needs a lost lock.
                prop_assert!(acc.lost_renewed <= acc.lost_plain);
                prop_assert!(acc.over_newer_renewed <= acc.over_newer_plain);
                prop_assert!(acc.over_newer_plain <= acc.lost_plain);
                prop_assert!(acc.over_newer_renewed <= acc.lost_renewed);
                for mode in Mode::ALL {
                    let s = sim.summary_for(&acc, seed, mode);
                    prop_assert!((0.0..=1.0).contains(&s.exact_fraction));
                    prop_assert!(s.fraction.lo <= s.fraction.value && s.fraction.value <= s.fraction.hi);
                    let c = s.counts;
                    prop_assert!(c.harmful <= c.duplicates);
                    prop_assert!(c.stale_writes_landed.max(c.double_effects) <= c.harmful);
                    prop_assert_eq!(c.wasted, c.duplicates);
                    // Idempotency removes every harm, with or without the other defences.
                    if mode.idempotent() {
                        prop_assert_eq!(c.harmful, 0);
                        prop_assert_eq!(s.exact.harmful, 0.0);
                    }
                }
                // The same for the exact fractions.
                let x = sim.exact_fractions();
                let at_most = |a: f64, b: f64| a <= b * (1.0 + 1e-9) + 1e-300;
                prop_assert!(at_most(x.lost_renewed, x.lost), "{:?}", x);
                prop_assert!(at_most(x.over_newer_renewed, x.over_newer), "{:?}", x);
                prop_assert!(at_most(x.over_newer, x.lost), "{:?}", x);
                prop_assert!(at_most(x.over_newer_renewed, x.lost_renewed), "{:?}", x);
            }
        }
    }

    /// Any input a slider, a flag or a code can carry, clamped, runs without a NaN.
    #[test]
    fn clamped_extremes_run_without_nan() {
        use crate::sim::mc::run_sequential;
        use crate::sim::testutil::{EXTREMES, filled};
        for fill in EXTREMES {
            let sim = RenewalSim::new(&filled(fill));
            let s = sim.summary(&run_sequential(&sim, 1), 1);
            assert!(s.fraction.value.is_finite() && s.exact_fraction.is_finite());
        }
    }
}
