//! Estimates with 95 % confidence intervals, and histograms whose size does not depend on the
//! number of samples.
//!
//! Every Monte Carlo result in the lesson is shown with its interval: an [`Estimate`] is built
//! from integer counts (so merging partial results is exact and order-free), and its interval
//! never contains NaN, even for zero samples.

use serde::{Deserialize, Serialize};

/// The 97.5 % point of the standard normal distribution: a two-sided 95 % interval is
/// `estimate ± Z95 · standard error`.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A Monte Carlo estimate with its 95 % confidence interval `[lo, hi]`.
///
/// For a proportion, `count` events out of `n` trials and `value = count / n`; for a mean of
/// counts, `count` is the total of the counted quantity over `n` trials and `value` its mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub count: u64,
    pub n: u64,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Estimate {
    /// The fraction `count / n` with a Wilson score interval.
    ///
    /// Unlike the textbook `p ± z·sqrt(p(1−p)/n)`, the Wilson interval stays inside `[0, 1]`
    /// and still gives an upper bound (about `3.84 / n`) when nothing was counted, which is
    /// what a rare event such as an expired lock usually produces. With `n = 0` the interval
    /// is the whole of `[0, 1]` and the value 0.
    ///
    /// # Panics
    /// If `count > n`.
    pub fn proportion(count: u64, n: u64) -> Self {
        assert!(count <= n, "count {count} exceeds trials {n}");
        if n == 0 {
            return Self {
                count,
                n,
                value: 0.0,
                lo: 0.0,
                hi: 1.0,
            };
        }
        let nf = n as f64;
        let p = count as f64 / nf;
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / nf;
        let centre = (p + z2 / (2.0 * nf)) / denom;
        let half = Z95 / denom * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
        // At the ends the exact bound is 0 (or 1); rounding must not move it.
        let lo = if count == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        };
        let hi = if count == n {
            1.0
        } else {
            (centre + half).min(1.0)
        };
        Self {
            count,
            n,
            value: p,
            lo,
            hi,
        }
    }

    /// The mean of a non-negative count per trial, from the total `sum` and the total of
    /// squares `sum_sq` over `n` trials, with a normal-approximation interval
    /// `mean ± Z95 · sd / sqrt(n)` (clipped at 0). With `n = 0` the value is 0 and the
    /// interval `[0, 0]`.
    pub fn mean_of_counts(sum: u64, sum_sq: u128, n: u64) -> Self {
        if n == 0 {
            return Self {
                count: sum,
                n,
                value: 0.0,
                lo: 0.0,
                hi: 0.0,
            };
        }
        let nf = n as f64;
        let mean = sum as f64 / nf;
        // Sample variance from exact integer sums: n·Σx² − (Σx)² is computed in integers.
        let var = if n > 1 {
            let num = (n as u128 * sum_sq).saturating_sub(sum as u128 * sum as u128);
            num as f64 / (nf * (nf - 1.0))
        } else {
            0.0
        };
        let half = Z95 * (var / nf).sqrt();
        Self {
            count: sum,
            n,
            value: mean,
            lo: (mean - half).max(0.0),
            hi: mean + half,
        }
    }

    /// Whether `x` lies inside the interval (ends included).
    pub fn contains(&self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }
}

/// How a [`Histogram`]'s bins are spaced between its two ends.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Spacing {
    Linear,
    /// Equal ratios: for quantities spanning several decades (both ends must be positive).
    Log,
}

/// A fixed number of bins over `[lo, hi)`, plus counts below and above the range.
///
/// Its size is fixed at construction, so a histogram of a hundred million samples takes no
/// more memory than one of ten. Two histograms with the same layout merge by adding counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Histogram {
    pub lo: f64,
    pub hi: f64,
    pub spacing: Spacing,
    pub bins: Vec<u64>,
    /// Samples below `lo` (NaN is never counted anywhere).
    pub below: u64,
    /// Samples at or above `hi`.
    pub above: u64,
}

impl Histogram {
    /// `bins` equal bins over `[lo, hi)`.
    ///
    /// # Panics
    /// If the range is empty or not finite, `bins` is 0, or `Log` spacing has `lo <= 0`.
    pub fn new(lo: f64, hi: f64, bins: usize, spacing: Spacing) -> Self {
        assert!(
            lo.is_finite() && hi.is_finite() && lo < hi && bins > 0,
            "bad histogram range"
        );
        assert!(
            spacing == Spacing::Linear || lo > 0.0,
            "log histogram needs lo > 0"
        );
        Self {
            lo,
            hi,
            spacing,
            bins: vec![0; bins],
            below: 0,
            above: 0,
        }
    }

    /// Where `x` (inside the range) falls, in units of bins from `lo`. The linear case
    /// multiplies before dividing so that whole numbers land exactly on whole-number edges.
    fn position(&self, x: f64) -> f64 {
        let n = self.bins.len() as f64;
        match self.spacing {
            Spacing::Linear => (x - self.lo) * n / (self.hi - self.lo),
            Spacing::Log => (x / self.lo).ln() * n / (self.hi / self.lo).ln(),
        }
    }

    /// Counts one sample.
    #[inline]
    pub fn add(&mut self, x: f64) {
        if x < self.lo {
            self.below += 1;
        } else if x >= self.hi {
            self.above += 1;
        } else if x.is_finite() {
            let last = self.bins.len() - 1;
            let i = (self.position(x) as usize).min(last);
            self.bins[i] += 1;
        }
    }

    /// Adds another histogram's counts.
    ///
    /// # Panics
    /// If the layouts differ.
    pub fn merge(&mut self, other: &Histogram) {
        assert!(
            self.lo == other.lo
                && self.hi == other.hi
                && self.spacing == other.spacing
                && self.bins.len() == other.bins.len(),
            "merging histograms with different bins"
        );
        for (a, b) in self.bins.iter_mut().zip(&other.bins) {
            *a += b;
        }
        self.below += other.below;
        self.above += other.above;
    }

    /// The `bins.len() + 1` bin edges, from `lo` to `hi`.
    pub fn edges(&self) -> Vec<f64> {
        let n = self.bins.len();
        (0..=n)
            .map(|i| {
                let f = i as f64 / n as f64;
                match self.spacing {
                    Spacing::Linear => self.lo + f * (self.hi - self.lo),
                    Spacing::Log => self.lo * (self.hi / self.lo).powf(f),
                }
            })
            .collect()
    }

    /// All samples counted, including those outside the range.
    pub fn total(&self) -> u64 {
        self.bins.iter().sum::<u64>() + self.below + self.above
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_example() {
        // 10 of 100: the Wilson 95 % interval is [0.05523, 0.17437] (to 5 places).
        let e = Estimate::proportion(10, 100);
        assert_eq!(e.value, 0.1);
        assert!((e.lo - 0.05523).abs() < 1e-5, "{e:?}");
        assert!((e.hi - 0.17437).abs() < 1e-5, "{e:?}");
    }

    #[test]
    fn zero_counts_still_give_an_upper_bound() {
        let e = Estimate::proportion(0, 60_000);
        assert_eq!((e.value, e.lo), (0.0, 0.0));
        // z²/(n + z²) ≈ 3.84 / 60,000.
        assert!(
            (e.hi - Z95 * Z95 / (60_000.0 + Z95 * Z95)).abs() < 1e-12,
            "{e:?}"
        );
        let all = Estimate::proportion(7, 7);
        assert_eq!((all.value, all.hi), (1.0, 1.0));
        assert!(all.lo > 0.5 && all.lo < 1.0);
        let none = Estimate::proportion(0, 0);
        assert_eq!((none.value, none.lo, none.hi), (0.0, 0.0, 1.0));
    }

    #[test]
    fn interval_narrows_with_more_samples() {
        let small = Estimate::proportion(5, 1_000);
        let big = Estimate::proportion(5_000, 1_000_000);
        assert!(big.hi - big.lo < (small.hi - small.lo) / 10.0);
        assert!(small.contains(0.005) && big.contains(0.005));
    }

    #[test]
    fn mean_of_counts_interval() {
        // Values 1, 2, 3, 4: mean 2.5, sample sd sqrt(5/3).
        let e = Estimate::mean_of_counts(10, 30, 4);
        assert_eq!(e.value, 2.5);
        let half = Z95 * (5.0f64 / 3.0 / 4.0).sqrt();
        assert!((e.hi - (2.5 + half)).abs() < 1e-12);
        assert!((e.lo - (2.5 - half)).abs() < 1e-12);
        let zero = Estimate::mean_of_counts(0, 0, 1000);
        assert_eq!((zero.value, zero.lo, zero.hi), (0.0, 0.0, 0.0));
        assert_eq!(Estimate::mean_of_counts(0, 0, 0).value, 0.0);
    }

    #[test]
    fn histogram_bins_and_merges() {
        let mut h = Histogram::new(0.0, 10.0, 5, Spacing::Linear);
        for x in [-1.0, 0.0, 1.9, 2.0, 9.99, 10.0, 50.0, f64::NAN] {
            h.add(x);
        }
        assert_eq!(h.bins, vec![2, 1, 0, 0, 1]);
        assert_eq!((h.below, h.above), (1, 2));
        let mut g = h.clone();
        g.merge(&h);
        assert_eq!(g.bins, vec![4, 2, 0, 0, 2]);
        assert_eq!(g.total(), 14);
        assert_eq!(h.edges(), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    }

    #[test]
    fn log_histogram_puts_decades_in_equal_bins() {
        let mut h = Histogram::new(0.01, 100.0, 4, Spacing::Log);
        for x in [0.02, 0.5, 5.0, 50.0, 0.001] {
            h.add(x);
        }
        assert_eq!(h.bins, vec![1, 1, 1, 1]);
        assert_eq!(h.below, 1);
        let e = h.edges();
        assert!((e[2] - 1.0).abs() < 1e-12 && (e[4] - 100.0).abs() < 1e-9);
    }
}
