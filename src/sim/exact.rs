//! Exact values the simulations are checked against: the standard normal distribution, and
//! the chance that a log-normal work time, possibly plus an exponential pause, outlasts a
//! deadline.
//!
//! The normal tail is computed directly (a series near the centre, a continued fraction in
//! the tail) so that tiny probabilities such as `P(Z > 9)` keep their full relative accuracy
//! instead of drowning in `1 − Φ(x)`. Integrals use adaptive Gauss–Legendre quadrature.

use std::f64::consts::{PI, SQRT_2};
use std::sync::OnceLock;

/// `1 / sqrt(2π)`.
const INV_SQRT_2PI: f64 = 0.398_942_280_401_432_7;

/// The standard normal density `φ(x)`.
pub fn normal_pdf(x: f64) -> f64 {
    INV_SQRT_2PI * (-0.5 * x * x).exp()
}

/// The standard normal upper tail `Q(x) = P(Z > x) = 1 − Φ(x)`, with full relative accuracy
/// in both tails (about 1e-15; `Q(38.5)` underflows to 0).
pub fn normal_sf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 1.0 - normal_sf(-x);
    }
    if x < 2.5 {
        // Φ(x) − ½ = φ(x) · Σ x^(2k+1) / (1·3·5···(2k+1)): every term positive, no cancellation.
        let x2 = x * x;
        let mut term = x;
        let mut sum = x;
        let mut k = 1.0;
        while term > 1e-17 * sum {
            k += 2.0;
            term *= x2 / k;
            sum += term;
        }
        return 0.5 - normal_pdf(x) * sum;
    }
    if x > 38.6 {
        return 0.0;
    }
    // Mills ratio as a continued fraction: Q(x) = φ(x) / (x + 1/(x + 2/(x + 3/(x + …)))),
    // evaluated by the modified Lentz method.
    let tiny = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..5000 {
        let a = k as f64;
        d = x + a * d;
        if d.abs() < tiny {
            d = tiny;
        }
        c = x + a / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    normal_pdf(x) / f
}

/// The standard normal distribution function `Φ(x) = P(Z ≤ x)`.
pub fn normal_cdf(x: f64) -> f64 {
    normal_sf(-x)
}

/// `ln Φ(x)`, accurate far into the lower tail (where `Φ` itself would underflow it falls
/// back on the asymptotic expansion).
fn ln_normal_cdf(x: f64) -> f64 {
    if x > -38.0 {
        normal_cdf(x).ln()
    } else {
        // ln Φ(x) ≈ −x²/2 − ln(−x·sqrt(2π)) + ln(1 − 1/x² + 3/x⁴).
        let x2 = x * x;
        -0.5 * x2 - (-x * (2.0 * PI).sqrt()).ln() + (1.0 - 1.0 / x2 + 3.0 / (x2 * x2)).ln()
    }
}

/// The standard normal quantile `Φ⁻¹(p)`: the `x` with `Φ(x) = p`. Returns `−∞` for `p = 0`,
/// `+∞` for `p = 1` and NaN outside `[0, 1]`.
///
/// Newton's method on `ln Φ(x) = ln p`: `ln Φ` is concave and increasing, so the iteration
/// converges monotonically from any start, to about 1e-15 relative.
pub fn normal_quantile(p: f64) -> f64 {
    if !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    if p > 0.5 {
        return -quantile_lower(1.0 - p);
    }
    quantile_lower(p)
}

/// Quantile for `0 < p ≤ ½`; the answer is at most 0.
fn quantile_lower(p: f64) -> f64 {
    let target = p.ln();
    // A start below the root: the tail bound Φ(x) ≤ φ(x)/|x| puts the root above this.
    let mut x = -(-2.0 * target).sqrt() - 1.0;
    for _ in 0..200 {
        let lc = ln_normal_cdf(x);
        // d/dx ln Φ(x) = φ(x)/Φ(x), computed in logs to survive the far tail.
        let slope = (-0.5 * x * x - 0.5 * (2.0 * PI).ln() - lc).exp();
        let step = (target - lc) / slope;
        x += step;
        if step.abs() <= 1e-15 * x.abs().max(1.0) {
            break;
        }
    }
    x.min(0.0)
}

/// `erfc(x) = 2·Q(x·√2)`.
pub fn erfc(x: f64) -> f64 {
    2.0 * normal_sf(x * SQRT_2)
}

/// Nodes and weights of 20-point Gauss–Legendre quadrature on `[−1, 1]`.
fn gauss_legendre_20() -> &'static [(f64, f64); 20] {
    static NODES: OnceLock<[(f64, f64); 20]> = OnceLock::new();
    NODES.get_or_init(|| {
        const N: usize = 20;
        let mut out = [(0.0, 0.0); N];
        for (i, slot) in out.iter_mut().enumerate() {
            // Newton's method on P_N from the Chebyshev-like first guess.
            let mut x = (PI * (i as f64 + 0.75) / (N as f64 + 0.5)).cos();
            let mut dp = 0.0;
            for _ in 0..100 {
                let (mut p0, mut p1) = (1.0, x);
                for k in 2..=N {
                    let k = k as f64;
                    let p2 = ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k;
                    p0 = p1;
                    p1 = p2;
                }
                dp = N as f64 * (x * p1 - p0) / (x * x - 1.0);
                let dx = p1 / dp;
                x -= dx;
                if dx.abs() < 1e-16 {
                    break;
                }
            }
            *slot = (x, 2.0 / ((1.0 - x * x) * dp * dp));
        }
        out
    })
}

pub(crate) fn gl_panel(f: &impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let mid = 0.5 * (a + b);
    let half = 0.5 * (b - a);
    gauss_legendre_20()
        .iter()
        .map(|&(x, w)| w * f(mid + half * x))
        .sum::<f64>()
        * half
}

/// Refines `[a, b]` (whose single-panel estimate is `whole`) until halving changes the
/// estimate by at most `tol` (or by rounding noise), spending at most `budget` refinements.
fn adaptive(
    f: &impl Fn(f64) -> f64,
    a: f64,
    b: f64,
    whole: f64,
    tol: f64,
    budget: &mut u32,
) -> f64 {
    let m = 0.5 * (a + b);
    let left = gl_panel(f, a, m);
    let right = gl_panel(f, m, b);
    let split = left + right;
    let diff = (split - whole).abs();
    if diff <= tol || diff <= 1e-14 * split.abs() || *budget == 0 || !(m > a && m < b) {
        return split;
    }
    *budget -= 1;
    adaptive(f, a, m, left, tol, budget) + adaptive(f, m, b, right, tol, budget)
}

/// `∫ f` over the panels between consecutive `breaks` (sorted ascending), to a relative
/// accuracy of about `rel_tol` of the whole integral. `f` must be non-negative and finite.
///
/// Each panel is refined by halving until the 20-point Gauss–Legendre estimate stops
/// changing; a fixed budget of refinements bounds the work whatever the integrand.
pub fn integrate(f: impl Fn(f64) -> f64, breaks: &[f64], rel_tol: f64) -> f64 {
    let panels: Vec<(f64, f64)> = breaks
        .windows(2)
        .filter(|w| w[1] > w[0])
        .map(|w| (w[0], w[1]))
        .collect();
    let rough: Vec<f64> = panels.iter().map(|&(a, b)| gl_panel(&f, a, b)).collect();
    let total: f64 = rough.iter().sum();
    // The rough total can miss a sharp peak that falls between nodes, but the breakpoints
    // are placed at every scale the integrand has, so it is within a small factor.
    let tol = (rel_tol * total).max(f64::MIN_POSITIVE) / panels.len().max(1) as f64;
    let mut budget = 20_000;
    panels
        .iter()
        .zip(&rough)
        .map(|(&(a, b), &r)| adaptive(&f, a, b, r, tol, &mut budget))
        .sum()
}

/// `P(W > t)` for a log-normal `W = typical · exp(spread · Z)`.
///
/// With `spread = 0`, `W = typical` exactly.
pub fn lognormal_exceeds(t: f64, typical: f64, spread: f64) -> f64 {
    if spread == 0.0 {
        return if typical > t { 1.0 } else { 0.0 };
    }
    normal_sf((t / typical).ln() / spread)
}

/// `P(W + S > t)` for a log-normal `W` (see [`lognormal_exceeds`]) plus an independent
/// exponential `S` with mean `pause_mean`:
///
/// `P(W > t) + E[exp(−(t − W)/pause_mean); W ≤ t]`,
///
/// the second term by adaptive quadrature over `z` (where `W = typical·e^(spread·z)`), with
/// breakpoints at both scales the integrand has: 1 around the normal bulk, and
/// `pause_mean / (spread · t)` near `W = t`, where the exponential factor is steepest.
/// Accurate to about 1e-10 relative.
pub fn lognormal_plus_exp_exceeds(t: f64, typical: f64, spread: f64, pause_mean: f64) -> f64 {
    if spread == 0.0 {
        return if typical > t {
            1.0
        } else {
            (-(t - typical) / pause_mean).exp()
        };
    }
    let x = (t / typical).ln() / spread;
    let tail = normal_sf(x);
    let lo = -39.0;
    if x <= lo {
        return tail;
    }
    let hi = x.min(39.0);
    let integrand = |z: f64| {
        let w = typical * (spread * z).exp();
        (-0.5 * z * z - (t - w).max(0.0) / pause_mean).exp() * INV_SQRT_2PI
    };
    let mut breaks = vec![lo];
    let mut z = lo.ceil();
    while z < hi {
        if z > lo {
            breaks.push(z);
        }
        z += 1.0;
    }
    // Geometric steps towards the upper end at the exponential factor's scale.
    if hi == x {
        let scale = pause_mean / (spread * t);
        let mut d = scale / 64.0;
        let mut near = Vec::new();
        while d < 1.0 {
            near.push(hi - d);
            d *= 2.0;
        }
        breaks.extend(near.into_iter().filter(|&b| b > lo));
    }
    breaks.push(hi);
    breaks.sort_by(f64::total_cmp);
    breaks.dedup();
    // Panels from the top down; stop once everything further left is provably negligible:
    // below `a` the integrand is at most φ(z)·exp(−(t − W(a))/s), whose integral is
    // Φ(a)·exp(−(t − W(a))/s).
    let mut sum = 0.0;
    let mut budget = 20_000;
    for w in breaks.windows(2).rev() {
        let (a, b) = (w[0], w[1]);
        let rough = gl_panel(&integrand, a, b);
        let tol = 1e-12 * (tail + sum + rough);
        sum += adaptive(&integrand, a, b, rough, tol, &mut budget);
        let w_a = typical * (spread * a).exp();
        let rest = normal_cdf(a) * (-(t - w_a).max(0.0) / pause_mean).exp();
        if rest <= 1e-14 * (tail + sum) {
            break;
        }
    }
    tail + sum
}

/// `(1 − p)·P(W > t) + p·P(W + S > t)`: the chance that a hold which pauses with probability
/// `p` (for an exponential time with mean `pause_mean`) lasts longer than `t`.
pub fn hold_exceeds(t: f64, typical: f64, spread: f64, p: f64, pause_mean: f64) -> f64 {
    let plain = lognormal_exceeds(t, typical, spread);
    if p == 0.0 {
        return plain;
    }
    (1.0 - p) * plain + p * lognormal_plus_exp_exceeds(t, typical, spread, pause_mean)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(a: f64, b: f64) -> f64 {
        ((a - b) / b).abs()
    }

    // Reference values computed with mpmath at 30 digits.
    #[test]
    fn normal_tail_matches_reference_values() {
        let cases = [
            (0.0, 0.5),
            (0.5, 0.308_537_538_725_986_9),
            (1.0, 0.158_655_253_931_457_05),
            (1.959_963_984_540_054, 0.025_000_000_000_000_01),
            (2.0, 0.022_750_131_948_179_21),
            (2.499, 0.006_227_215_551_988_516),
            (2.5, 0.006_209_665_325_776_135),
            (3.0, 0.001_349_898_031_630_094_6),
            (5.0, 2.866_515_718_791_939e-7),
            (9.0, 1.128_588_405_953_840_9e-19),
            (20.0, 2.753_624_118_606_233e-89),
            (37.0, 5.725_571_222_524_577e-300),
        ];
        for (x, q) in cases {
            let got = normal_sf(x);
            assert!(rel(got, q) < 2e-14, "Q({x}) = {got:e}, want {q:e}");
        }
        assert!(rel(normal_cdf(-3.0), 0.001_349_898_031_630_094_6) < 2e-14);
        assert_eq!(normal_sf(40.0), 0.0);
        assert_eq!(normal_sf(-40.0), 1.0);
        assert!(rel(erfc(1.0), 0.157_299_207_050_285_13) < 2e-14);
    }

    #[test]
    fn quantile_inverts_the_distribution() {
        assert!((normal_quantile(0.975) - 1.959_963_984_540_054).abs() < 1e-13);
        assert_eq!(normal_quantile(0.5), 0.0);
        assert!((normal_quantile(1e-10) + 6.361_340_902_404_056).abs() < 1e-11);
        assert!((normal_quantile(1e-300) + 37.047_096_299_361_2).abs() < 1e-9);
        for &p in &[1e-200, 1e-12, 0.001, 0.1, 0.3, 0.49, 0.6, 0.9, 0.999] {
            let x = normal_quantile(p);
            assert!(rel(normal_cdf(x), p) < 1e-12, "p {p} x {x}");
        }
        assert!(normal_quantile(-0.1).is_nan() && normal_quantile(1.5).is_nan());
        assert_eq!(normal_quantile(0.0), f64::NEG_INFINITY);
        assert_eq!(normal_quantile(1.0), f64::INFINITY);
    }

    #[test]
    fn gauss_legendre_is_exact_for_polynomials() {
        let nodes = gauss_legendre_20();
        let w: f64 = nodes.iter().map(|n| n.1).sum();
        assert!((w - 2.0).abs() < 1e-14);
        // ∫_{-1}^{1} x^38 dx = 2/39.
        let v: f64 = nodes.iter().map(|&(x, w)| w * x.powi(38)).sum();
        assert!(rel(v, 2.0 / 39.0) < 1e-13);
        let e = integrate(f64::exp, &[0.0, 1.0, 3.0], 1e-12);
        assert!(rel(e, 3f64.exp() - 1.0) < 1e-13);
    }

    #[test]
    fn pause_integral_matches_reference_values() {
        // P(W + S > t), mpmath quad with 30 digits.
        let cases = [
            // (t, typical, spread, pause mean, reference)
            (10.0, 0.2, 0.5, 5.0, 0.141_652_541_933_240_64),
            (1.0, 0.2, 0.5, 2.0, 0.680_536_993_963_336_9),
            (30.0, 8.0, 0.45, 20.0, 0.355_599_734_318_171_5),
            (300.0, 0.2, 1.5, 0.1, 5.433_321_267_433_457e-7),
            (60.0, 0.2, 0.5, 5.0, 6.431_015_454_446_583e-6),
            (0.1, 10.0, 0.01, 1.0, 1.0),
            (300.0, 0.01, 0.001, 0.1, 0.0),
        ];
        for (t, typ, sp, s, want) in cases {
            let got = lognormal_plus_exp_exceeds(t, typ, sp, s);
            let ok = if want == 0.0 {
                got < 1e-300
            } else {
                rel(got, want) < 1e-8
            };
            assert!(
                ok,
                "t {t} typ {typ} spread {sp} s {s}: {got:e} want {want:e}"
            );
        }
    }

    #[test]
    fn pause_integral_across_the_parameter_ranges() {
        // Random and extreme points (mpmath, 0.5-wide panels plus geometric steps near the end).
        let cases = [
            (1.3366, 0.0412, 0.9768, 126.7356, 0.990_027_124_791_337_3),
            (0.2125, 2.384, 1.3646, 0.1386, 0.985_094_291_967_926_2),
            (3.2199, 0.0193, 1.5, 0.1672, 0.000_373_344_947_380_460_2),
            (9.2502, 73.2519, 0.01, 380.7043, 1.0),
            (10.1545, 0.4151, 1.4644, 12.6813, 0.494_422_830_807_46),
            (68.8288, 0.0546, 0.01, 0.5126, 5.393_229_689_201_092e-59),
            (23.2184, 0.5549, 0.01, 308.2487, 0.929_114_465_342_953),
            (1.8083, 0.1031, 0.2705, 0.2038, 0.000_239_424_594_681_597_1),
            (1.1066, 1.0463, 1.5, 1.2243, 0.795_580_176_649_280_4),
            (255.9687, 0.0303, 1.5, 0.3752, 8.362_217_281_993_035e-10),
            (5.014, 0.0145, 0.01, 14.6211, 0.710_392_753_818_012_5),
            (110.6987, 0.1905, 0.01, 7.5251, 4.190_487_262_618_656e-7),
            (0.1, 0.01, 1.5, 0.1, 0.480_179_965_155_999_4),
            (300.0, 0.01, 1.5, 0.1, 3.156_251_937_765_597_5e-12),
            (300.0, 120.0, 1.5, 600.0, 0.793_218_254_179_449_2),
            (1.0, 120.0, 0.001, 0.1, 1.0),
            (300.0, 0.01, 0.001, 600.0, 0.606_540_768_646_257_4),
            (5.0, 5.001, 0.0001, 0.1, 0.999_957_597_208_837_6),
        ];
        for (t, typ, sp, s, want) in cases {
            let got = lognormal_plus_exp_exceeds(t, typ, sp, s);
            assert!(
                rel(got, want) < 1e-8,
                "t {t} typ {typ} spread {sp} s {s}: {got:e} want {want:e}"
            );
        }
    }

    #[test]
    fn zero_spread_is_a_fixed_work_time() {
        assert_eq!(lognormal_exceeds(1.0, 2.0, 0.0), 1.0);
        assert_eq!(lognormal_exceeds(2.0, 2.0, 0.0), 0.0);
        let v = lognormal_plus_exp_exceeds(10.0, 2.0, 0.0, 4.0);
        assert!(rel(v, (-2.0f64).exp()) < 1e-15);
        // A tiny spread is continuous with spread 0.
        let near = lognormal_plus_exp_exceeds(10.0, 2.0, 1e-6, 4.0);
        assert!(rel(near, v) < 1e-5, "{near} vs {v}");
    }

    #[test]
    fn hold_mixes_paused_and_plain() {
        let plain = lognormal_exceeds(10.0, 0.2, 0.5);
        let paused = lognormal_plus_exp_exceeds(10.0, 0.2, 0.5, 5.0);
        let p = hold_exceeds(10.0, 0.2, 0.5, 0.002, 5.0);
        assert!(rel(p, 0.998 * plain + 0.002 * paused) < 1e-15);
        assert_eq!(hold_exceeds(10.0, 0.2, 0.5, 0.0, 5.0), plain);
    }
}
