//! How long a worker holds a lock: log-normal work, sometimes plus a pause.
//!
//! Shared by the TTL, fencing and "break it" models. `W = typical · exp(spread · Z)` with
//! `Z ~ N(0, 1)` (so `typical` is the median and `spread` the standard deviation of `ln W`),
//! and with probability `pause_prob` the worker also freezes for `S ~ Exp(mean pause_mean)`.

use std::fmt;

use rand::Rng;
use rand_distr::{Distribution, Exp1, StandardNormal};

use super::exact;
use super::mc::Cut;

/// Why a [`HoldTime`] could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldError {
    /// `typical` must be finite and above 0.
    Typical,
    /// `spread` must be finite and at least 0.
    Spread,
    /// `pause_prob` must be in `[0, 1]`.
    PauseProb,
    /// `pause_mean` must be finite and above 0.
    PauseMean,
}

impl fmt::Display for HoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HoldError::Typical => "typical work time must be finite and positive",
            HoldError::Spread => "spread must be finite and not negative",
            HoldError::PauseProb => "stall probability must be between 0 and 1",
            HoldError::PauseMean => "stall mean must be finite and positive",
        })
    }
}

impl std::error::Error for HoldError {}

/// The hold-time distribution `W + (pause ? S : 0)`; sampling returns the total.
///
/// One sample draws, in this order: `Z` (standard normal), 64 bits for the pause decision,
/// and `S` (standard exponential) only when the hold pauses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HoldTime {
    typical: f64,
    spread: f64,
    pause_prob: f64,
    pause_mean: f64,
    pause: Cut,
}

/// One sampled hold, in parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hold {
    /// The work itself.
    pub work: f64,
    /// The freeze added to it (0 when the hold did not pause).
    pub pause: f64,
}

impl Hold {
    /// Work plus pause.
    pub fn total(&self) -> f64 {
        self.work + self.pause
    }
}

impl HoldTime {
    /// A hold-time distribution; see the module documentation for the meaning of each value.
    pub fn new(
        typical: f64,
        spread: f64,
        pause_prob: f64,
        pause_mean: f64,
    ) -> Result<Self, HoldError> {
        if !(typical.is_finite() && typical > 0.0) {
            return Err(HoldError::Typical);
        }
        if !(spread.is_finite() && spread >= 0.0) {
            return Err(HoldError::Spread);
        }
        if !(0.0..=1.0).contains(&pause_prob) {
            return Err(HoldError::PauseProb);
        }
        if !(pause_mean.is_finite() && pause_mean > 0.0) {
            return Err(HoldError::PauseMean);
        }
        Ok(Self {
            typical,
            spread,
            pause_prob,
            pause_mean,
            pause: Cut::new(pause_prob),
        })
    }

    pub fn typical(&self) -> f64 {
        self.typical
    }
    pub fn spread(&self) -> f64 {
        self.spread
    }
    pub fn pause_prob(&self) -> f64 {
        self.pause_prob
    }
    pub fn pause_mean(&self) -> f64 {
        self.pause_mean
    }

    /// The chance of pausing as a cut for 64-bit draws.
    pub(crate) fn pause_cut(&self) -> Cut {
        self.pause
    }

    /// Exactly `P(W + pause > t)`.
    pub fn exceeds(&self, t: f64) -> f64 {
        exact::hold_exceeds(
            t,
            self.typical,
            self.spread,
            self.pause_prob,
            self.pause_mean,
        )
    }

    /// Exactly `P(W > t)`: the work alone.
    pub fn work_exceeds(&self, t: f64) -> f64 {
        exact::lognormal_exceeds(t, self.typical, self.spread)
    }

    /// Exactly `P(paused and S > t)`: the pause alone.
    pub fn pause_exceeds(&self, t: f64) -> f64 {
        self.pause_prob * (-t / self.pause_mean).exp()
    }

    /// A work time `W`.
    #[inline]
    pub fn sample_work<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        let z: f64 = StandardNormal.sample(rng);
        self.typical * (self.spread * z).exp()
    }

    /// A pause length `S`, given that the hold pauses.
    #[inline]
    pub fn sample_pause_length<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        let e: f64 = Exp1.sample(rng);
        self.pause_mean * e
    }

    /// One hold, in parts.
    #[inline]
    pub fn sample_parts<R: Rng + ?Sized>(&self, rng: &mut R) -> Hold {
        let work = self.sample_work(rng);
        let pause = if self.pause.sample(rng) {
            self.sample_pause_length(rng)
        } else {
            0.0
        };
        Hold { work, pause }
    }
}

impl Distribution<f64> for HoldTime {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        self.sample_parts(rng).total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::mc::chunk_rng;
    use crate::sim::stats::Estimate;

    #[test]
    fn rejects_bad_parameters() {
        assert_eq!(HoldTime::new(0.0, 0.5, 0.0, 1.0), Err(HoldError::Typical));
        assert_eq!(HoldTime::new(1.0, -0.1, 0.0, 1.0), Err(HoldError::Spread));
        assert_eq!(
            HoldTime::new(1.0, f64::NAN, 0.0, 1.0),
            Err(HoldError::Spread)
        );
        assert_eq!(HoldTime::new(1.0, 0.5, 1.5, 1.0), Err(HoldError::PauseProb));
        assert_eq!(
            HoldTime::new(1.0, 0.5, f64::NAN, 1.0),
            Err(HoldError::PauseProb)
        );
        assert_eq!(
            HoldTime::new(1.0, 0.5, 0.1, f64::INFINITY),
            Err(HoldError::PauseMean)
        );
        assert!(HoldTime::new(1.0, 0.0, 1.0, 1.0).is_ok());
    }

    #[test]
    fn median_is_typical_and_pauses_happen_at_their_rate() {
        let h = HoldTime::new(2.0, 0.7, 0.1, 3.0).unwrap();
        let mut rng = chunk_rng(11, 0);
        let n = 100_000u64;
        let (mut below, mut pauses, mut pause_sum) = (0u64, 0u64, 0.0);
        for _ in 0..n {
            let hold = h.sample_parts(&mut rng);
            below += u64::from(hold.work < 2.0);
            if hold.pause > 0.0 {
                pauses += 1;
                pause_sum += hold.pause;
            }
        }
        // Binomial standard deviations: 158 for the median, 95 for the pauses; allow 4.
        assert!(below.abs_diff(50_000) < 632, "{below}");
        assert!(pauses.abs_diff(10_000) < 380, "{pauses}");
        // Mean of ~10,000 exponentials with mean 3: standard error 0.03.
        let mean = pause_sum / pauses as f64;
        assert!((mean - 3.0).abs() < 0.15, "{mean}");
    }

    #[test]
    fn exact_tail_matches_sampling() {
        let h = HoldTime::new(0.2, 0.5, 0.05, 2.0).unwrap();
        let mut rng = chunk_rng(3, 0);
        let n = 200_000;
        let over = (0..n).filter(|_| h.sample(&mut rng) > 1.0).count() as u64;
        assert!(
            Estimate::proportion(over, n).contains(h.exceeds(1.0)),
            "{over}"
        );
    }
}
