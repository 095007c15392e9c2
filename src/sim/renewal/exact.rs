//! Section 9's exact fractions by quadrature: how many runs lose their lock, and how many of
//! their late writes land over newer data, with and without renewal.
//!
//! A run works `L = typical · e^(σZ)` and, with probability `p`, is paused for
//! `S ~ Exp(mean s)` just before its effects; it acts at `H = L + S` (`H = L` without a
//! pause). The repeat draws its own `H₂` the same way. With `c = p(1 − p/2)`:
//!
//! - `D = P(H > T)`, the section-2 fraction ([`crate::sim::exact::hold_exceeds`]).
//! - `W = P(H > T + H₂) = E over L₂ of [Q_L(u) + c·(A(u) − B(u))]` at `u = T + L₂`, where
//!   `Q_L(u) = P(L > u)`, `A(u) = E[e^(−(u−L)/s); L ≤ u]` and `B(u) = E[e^(−(L−u)/s); L > u]`.
//!   (The four cases of who paused: the difference of two independent pauses is Laplace, and
//!   `P(L + S − S₂ > u) = Q_L + A/2 − B/2`, `P(L + S > u) = Q_L + A`, `P(L − S₂ > u) = Q_L − B`.)
//! - `D_r = p · E[e^(−R(L)/s)]` with `R = T − (L mod T/3)`, the lease left when the pause
//!   strikes, since a watchdog renews every third of the TTL from the grant.
//! - `W_r = D_r · E[e^(−H₂/s)] = D_r · E[e^(−L/s)] · (1 − p/2)` (a pause's own
//!   `E[e^(−S/s)]` is ½).
//!
//! Integrals run over `z`, where `L = typical · e^(σz)`, on `|z| ≤ 10` (the normal mass left
//! out is below 1e-23), by the adaptive Gauss–Legendre quadrature of
//! [`crate::sim::exact::integrate`], with breakpoints at every scale each integrand has.
//! `E[e^(−R/s)]` is periodic in `L`: every period of the watchdog is a panel of its own until
//! the periods are fine beside the density's own scale, and from there on the sum over
//! periods is the integral plus its Euler–Maclaurin corrections.

use serde::{Deserialize, Serialize};

use super::Mode;
use crate::sim::exact::{gl_panel, hold_exceeds, integrate, normal_pdf, normal_sf};

/// The `z` range the integrals cover.
const Z: f64 = 10.0;
/// Relative accuracy asked of each integral.
const TOL: f64 = 1e-11;
/// From this many watchdog periods per unit of the density's own scale on, the sum over the
/// periods is replaced by the integral and its Euler–Maclaurin corrections (the first term
/// left out is then below 1e-9 relative).
const PERIODS_PER_SCALE: f64 = 30.0;

/// The exact fractions of all runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Fractions {
    /// `D`: runs that lose their lock without renewal.
    pub lost: f64,
    /// `W`: runs whose late write lands over the repeat's newer one, without renewal.
    pub over_newer: f64,
    /// `D_r`: runs that lose their lock with renewal.
    pub lost_renewed: f64,
    /// `W_r`: runs whose late write lands over newer data with renewal.
    pub over_newer_renewed: f64,
}

impl Fractions {
    /// The lost fraction and the fraction of late writes over newer data under `mode`'s timing
    /// (with or without renewal).
    pub fn timing(&self, mode: Mode) -> (f64, f64) {
        if mode.renews() {
            (self.lost_renewed, self.over_newer_renewed)
        } else {
            (self.lost, self.over_newer)
        }
    }
}

/// The billing job as the integrals need it: its length distribution, its pauses and its
/// lock's TTL.
#[derive(Clone, Copy, Debug)]
pub struct BillingJob {
    pub ttl: f64,
    pub typical: f64,
    pub spread: f64,
    pub p: f64,
    pub s: f64,
}

impl BillingJob {
    /// Every fraction.
    pub fn fractions(&self) -> Fractions {
        // Without pauses nothing is lost with renewal.
        let lost_renewed = if self.p > 0.0 {
            self.p * self.renewal_weight()
        } else {
            0.0
        };
        let over_newer_renewed = if lost_renewed > 0.0 {
            lost_renewed * self.repeat_weight()
        } else {
            0.0
        };
        Fractions {
            lost: hold_exceeds(self.ttl, self.typical, self.spread, self.p, self.s),
            over_newer: self.over_newer(),
            lost_renewed,
            over_newer_renewed,
        }
    }

    fn work(&self, z: f64) -> f64 {
        self.typical * (self.spread * z).exp()
    }

    /// The `z` at which the work is `w`.
    fn z_of(&self, w: f64) -> f64 {
        (w / self.typical).ln() / self.spread
    }

    /// `P(L > u)`.
    fn work_exceeds(&self, u: f64) -> f64 {
        if self.spread == 0.0 {
            return if self.typical > u { 1.0 } else { 0.0 };
        }
        normal_sf(self.z_of(u))
    }

    /// `W = P(H > T + H₂)`.
    fn over_newer(&self) -> f64 {
        let c = self.p * (1.0 - self.p / 2.0);
        if self.spread == 0.0 {
            // Both works are the same: only the pauses differ.
            return c * (-self.ttl / self.s).exp();
        }
        let inner = |z2: f64| {
            let u = self.ttl + self.work(z2);
            let mut v = self.work_exceeds(u);
            if c > 0.0 {
                v += c * (self.below(u) - self.above(u));
            }
            normal_pdf(z2) * v.max(0.0)
        };
        // The integrand is smooth on the scale of one unit of `z₂` whatever the parameters
        // (`u`'s place in the first run's distribution moves at most as fast as `z₂`), so one
        // 20-point Gauss–Legendre panel per unit suffices.
        unit_breaks(-Z, Z)
            .windows(2)
            .map(|w| gl_panel(&inner, w[0], w[1]))
            .sum()
    }

    /// `A(u) = E[e^(−(u−L)/s); L ≤ u]`: panels from `L = u` downwards until the rest is
    /// negligible (below `a` the integral is at most `Φ(a)·e^(−(u − L(a))/s)`).
    fn below(&self, u: f64) -> f64 {
        let zu = self.z_of(u);
        if zu <= -Z {
            return 0.0;
        }
        let top = zu.min(Z);
        let f = |z: f64| normal_pdf(z) * (-(u - self.work(z)).max(0.0) / self.s).exp();
        let rest = |a: f64| normal_sf(-a) * (-(u - self.work(a)).max(0.0) / self.s).exp();
        outward(f, &away(top, -Z, self.s / (self.spread * u)), rest)
    }

    /// `B(u) = E[e^(−(L−u)/s); L > u]`: panels from `L = u` upwards until the rest is
    /// negligible (above `b` it is at most `Q(b)·e^(−(L(b) − u)/s)`).
    fn above(&self, u: f64) -> f64 {
        let zu = self.z_of(u);
        if zu >= Z {
            return 0.0;
        }
        let bottom = zu.max(-Z);
        let f = |z: f64| normal_pdf(z) * (-(self.work(z) - u).max(0.0) / self.s).exp();
        let rest = |b: f64| normal_sf(b) * (-(self.work(b) - u).max(0.0) / self.s).exp();
        outward(f, &away(bottom, Z, self.s / (self.spread * u)), rest)
    }

    /// `E[e^(−H₂/s)] = E[e^(−L/s)] · (1 − p/2)`.
    fn repeat_weight(&self) -> f64 {
        let plain = if self.spread == 0.0 {
            (-self.typical / self.s).exp()
        } else {
            let f = |z: f64| normal_pdf(z) * (-self.work(z) / self.s).exp();
            integrate(f, &unit_breaks(-Z, Z), TOL)
        };
        plain * (1.0 - self.p / 2.0)
    }

    /// `E[e^(−R(L)/s)]` with `R = T − (L mod T/3)`.
    fn renewal_weight(&self) -> f64 {
        self.renewal_weight_from(PERIODS_PER_SCALE)
    }

    /// [`BillingJob::renewal_weight`], summing the periods one by one until there are
    /// `periods_per_scale` of them to the density's scale.
    fn renewal_weight_from(&self, periods_per_scale: f64) -> f64 {
        let period = self.ttl / 3.0;
        let h = |x: f64| (-(self.ttl - x) / self.s).exp();
        if self.spread == 0.0 {
            return h(self.typical % period);
        }
        let (lo, hi) = (self.work(-Z), self.work(Z));
        // Beyond `cut` the periods are fine beside the density's scale `L·σ/(σ + |z|)`.
        let fine_from = (periods_per_scale * (1.0 + Z / self.spread)).ceil();
        let cut = fine_from * period;
        // Steps towards each period's end, where `h` is steepest when pauses are short.
        let steps: Vec<f64> = std::iter::successors(Some(self.s / 4.0), |d| Some(d * 4.0))
            .take_while(|&d| d < period)
            .collect();
        let mut breaks = vec![-Z];
        let first = (lo / period).floor() as u64;
        let last = (hi.min(cut) / period).floor() as u64;
        for k in first..=last {
            let end = (k + 1) as f64 * period;
            for l in steps.iter().rev().map(|d| end - d).chain([end]) {
                if l > lo && l < hi.min(cut) {
                    breaks.push(self.z_of(l));
                }
            }
        }
        breaks.push(if hi > cut { self.z_of(cut) } else { Z });
        let f = |z: f64| normal_pdf(z) * h(self.work(z) % period);
        let direct = integrate(f, &breaks, TOL);
        if hi <= cut {
            return direct;
        }
        // Σ over the periods k ≥ fine_from of the density at cut + kτ + x: the integral plus
        // its Euler–Maclaurin corrections, f/2 − τf′/12.
        let folded = |x: f64| {
            let l = cut + x;
            let z = self.z_of(l);
            let dens = normal_pdf(z) / (self.spread * l);
            let slope = -dens * (1.0 + z / self.spread) / l;
            let sum = normal_sf(z) / period + dens / 2.0 - period * slope / 12.0;
            h(x) * sum.max(0.0)
        };
        let mut xs: Vec<f64> = vec![0.0];
        xs.extend(steps.iter().rev().map(|d| period - d).filter(|&x| x > 0.0));
        xs.push(period);
        direct + integrate(folded, &xs, TOL)
    }
}

/// `lo`, every whole number strictly between, and `hi`.
fn unit_breaks(lo: f64, hi: f64) -> Vec<f64> {
    let mut out = vec![lo];
    let mut z = lo.floor() + 1.0;
    while z < hi {
        out.push(z);
        z += 1.0;
    }
    out.push(hi);
    out
}

/// Breakpoints from `from` to `to` (either way round), in that order: steps of `scale/256`,
/// doubling, up to a distance of 1 (where an integrand that changes on the scale `scale`
/// near `from` needs them), and every whole number.
fn away(from: f64, to: f64, scale: f64) -> Vec<f64> {
    let direction = (to - from).signum();
    let mut out = unit_breaks(from.min(to), from.max(to));
    let mut d = scale / 256.0;
    while d < 1.0 && d < (to - from).abs() {
        out.push(from + direction * d);
        d *= 2.0;
    }
    out.sort_by(|a, b| (direction * a).total_cmp(&(direction * b)));
    out.dedup();
    out
}

/// `∫ f` over the panels between consecutive `breaks` (in either direction, taken in order),
/// one 20-point Gauss–Legendre panel each, stopping once `rest(b)`, a bound on everything
/// beyond `b`, is negligible. The breaks are graded towards the start, where the integrand is
/// steepest, so that it changes by at most a few powers of e across any panel that matters.
fn outward(f: impl Fn(f64) -> f64, breaks: &[f64], rest: impl Fn(f64) -> f64) -> f64 {
    let mut sum = 0.0;
    for w in breaks.windows(2) {
        let (a, b) = (w[0].min(w[1]), w[0].max(w[1]));
        if b > a {
            sum += gl_panel(&f, a, b);
        }
        if rest(w[1]) <= 1e-14 * sum {
            break;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(a: f64, b: f64) -> f64 {
        ((a - b) / b).abs()
    }

    fn job(ttl: f64, typical: f64, spread: f64, p: f64, s: f64) -> BillingJob {
        BillingJob {
            ttl,
            typical,
            spread,
            p,
            s,
        }
    }

    #[test]
    fn the_spec_figures_at_the_defaults() {
        // mpmath (20 digits) with the same formulas: 0.0023636522, 0.00076696454,
        // 0.00059339750, 0.00038845718.
        let s = job(30.0, 8.0, 0.45, 0.002, 20.0).fractions();
        assert!(rel(s.lost, 2.363_652_163_136_376e-3) < 1e-9, "{s:?}");
        assert!(rel(s.over_newer, 7.669_645_416_615_048e-4) < 1e-8, "{s:?}");
        assert!(
            rel(s.lost_renewed, 5.933_974_990_518_238e-4) < 1e-8,
            "{s:?}"
        );
        assert!(
            rel(s.over_newer_renewed, 3.884_571_775_365_178e-4) < 1e-8,
            "{s:?}"
        );
        // The spec's rounded figures: D ≈ 0.236 %, W ≈ 0.077 %, D_r ≈ 0.059 %, W_r ≈ 0.039 %.
        for (got, want) in [
            (s.lost, 0.236),
            (s.over_newer, 0.077),
            (s.lost_renewed, 0.059),
            (s.over_newer_renewed, 0.039),
        ] {
            assert!((got * 100.0 - want).abs() < 0.0005, "{got} vs {want} %");
        }
    }

    #[test]
    fn two_more_settings_match_their_references() {
        // mpmath (20 digits), the same formulas, each integral split at every kink.
        let cases = [
            (
                job(10.0, 5.0, 0.8, 0.05, 8.0),
                [
                    0.214_341_247_205_516_83,
                    0.095_719_208_410_661_06,
                    0.017_820_683_217_993_37,
                    0.008_875_806_079_654_205,
                ],
            ),
            (
                job(3.0, 2.0, 0.3, 0.1, 2.0),
                [
                    0.144_003_680_349_328_15,
                    0.025_054_900_177_528_357,
                    0.028_979_089_458_438_05,
                    0.010_136_731_702_354_206,
                ],
            ),
        ];
        for (j, want) in cases {
            let s = j.fractions();
            let got = [s.lost, s.over_newer, s.lost_renewed, s.over_newer_renewed];
            for (g, w) in got.into_iter().zip(want) {
                assert!(rel(g, w) < 1e-8, "{j:?}: {got:?} against {want:?}");
            }
        }
    }

    #[test]
    fn the_folded_tail_agrees_with_summing_ten_times_as_many_periods() {
        // Periods of a third of a second against runs of minutes spread over decades: the
        // sum runs over hundreds of periods one by one, then folds the rest.
        for j in [
            job(1.0, 20.0, 1.0, 0.1, 0.5),
            job(1.0, 120.0, 1.5, 0.2, 0.1),
            job(2.0, 3.0, 0.6, 0.05, 30.0),
        ] {
            let folded = j.renewal_weight();
            let longer = j.renewal_weight_from(10.0 * PERIODS_PER_SCALE);
            assert!(rel(folded, longer) < 1e-9, "{j:?}: {folded} vs {longer}");
        }
    }

    #[test]
    fn limits_are_exact() {
        // No spread: both works are the typical one and only the pauses differ.
        let j = job(30.0, 8.0, 0.0, 0.1, 20.0);
        let s = j.fractions();
        let left: f64 = 30.0 - 8.0 % 10.0;
        assert!(rel(s.lost, 0.1 * (-22.0f64 / 20.0).exp()) < 1e-14);
        assert!(rel(s.over_newer, 0.1 * 0.95 * (-1.5f64).exp()) < 1e-14);
        assert!(rel(s.lost_renewed, 0.1 * (-left / 20.0).exp()) < 1e-14);
        let repeat = (-8.0f64 / 20.0).exp() * 0.95;
        assert!(rel(s.over_newer_renewed, s.lost_renewed * repeat) < 1e-14);
        // No pauses: only work longer than the TTL loses the lock, and renewal saves it.
        let s = job(10.0, 8.0, 0.45, 0.0, 20.0).fractions();
        assert_eq!((s.lost_renewed, s.over_newer_renewed), (0.0, 0.0));
        assert!(s.over_newer > 0.0 && s.over_newer < s.lost);
        // Every fraction is a probability, and renewal never hurts, at the ends of the ranges.
        for j in [
            job(1.0, 120.0, 1.5, 1.0, 0.1),
            job(300.0, 0.1, 1.5, 0.2, 600.0),
            job(300.0, 0.1, 0.01, 0.2, 0.1),
            job(1.0, 0.1, 0.0, 0.2, 600.0),
        ] {
            let s = j.fractions();
            for v in [s.lost, s.over_newer, s.lost_renewed, s.over_newer_renewed] {
                assert!((0.0..=1.0).contains(&v), "{j:?}: {s:?}");
            }
            assert!(s.lost_renewed <= s.lost * (1.0 + 1e-9), "{j:?}: {s:?}");
            assert!(s.over_newer <= s.lost * (1.0 + 1e-9), "{j:?}: {s:?}");
        }
    }
}
