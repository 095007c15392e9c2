//! Test helpers: proptest strategies that cover a parameter's whole range.

use std::fmt;

use proptest::prelude::*;

use super::params::{ParamError, ParamSpec, ParamTable, Valid};

/// Any valid value of `spec`: its ends and default, and values spread over the range
/// (evenly on a log scale for log parameters, so every decade is visited).
pub fn any_value(spec: ParamSpec) -> BoxedStrategy<f64> {
    let spread: BoxedStrategy<f64> = if spec.log && spec.min > 0.0 {
        (spec.min.ln()..=spec.max.ln())
            .prop_map(move |l| spec.clamp(l.exp()))
            .boxed()
    } else {
        (spec.min..=spec.max)
            .prop_map(move |v| spec.clamp(v))
            .boxed()
    };
    prop_oneof![
        1 => Just(spec.min),
        1 => Just(spec.max),
        1 => Just(spec.default),
        6 => spread,
    ]
    .boxed()
}

/// Like [`any_value`], but capped at `cap` (for sample sizes, to keep tests quick).
pub fn up_to(spec: ParamSpec, cap: f64) -> BoxedStrategy<f64> {
    any_value(ParamSpec {
        max: cap,
        default: spec.default.min(cap),
        ..spec
    })
}

/// Any valid parameter set of `P`: each table entry from [`any_value`], or from [`up_to`] its
/// cap for the entries named in `caps`. Fields outside the table keep their defaults.
pub fn any_params<P>(caps: &[(ParamSpec, f64)]) -> BoxedStrategy<P>
where
    P: ParamTable + fmt::Debug + 'static,
{
    let values: Vec<BoxedStrategy<f64>> = P::TABLE
        .iter()
        .map(
            |&&spec| match caps.iter().find(|(c, _)| c.flag == spec.flag) {
                Some(&(_, cap)) => up_to(spec, cap),
                None => any_value(spec),
            },
        )
        .collect();
    values
        .prop_map(|values| {
            let mut p = P::default();
            for (i, v) in values.into_iter().enumerate() {
                p.set(i, v);
            }
            p
        })
        .boxed()
}

/// Checks that `run` refuses every value outside a table entry's range, naming that entry's
/// flag: for each entry, values below and above the range, NaN and the infinities (each set
/// on the defaults); and then each of the given `(flag, value)` pairs.
pub fn assert_rejects_out_of_range<P: ParamTable, T>(
    run: impl Fn(&P) -> Result<T, ParamError>,
    also: &[(&str, f64)],
) {
    let refused = |i: usize, v: f64| {
        let flag = P::TABLE[i].flag;
        let mut p = P::default();
        p.set(i, v);
        match run(&p) {
            Ok(_) => panic!("--{flag} = {v} was accepted"),
            Err(e) => assert_eq!(e.flag, flag, "--{flag} = {v}"),
        }
    };
    for (i, spec) in P::TABLE.iter().enumerate() {
        let bad = [
            spec.min - 1.0,
            spec.min / 2.0,
            spec.max + 1.0,
            spec.max * 2.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        let mut tried = 0;
        for v in bad {
            let mut p = P::default();
            p.set(i, v);
            // A whole-number field may round a value back into the range (-1 to 0, say).
            if spec.check(p.get(i)).is_err() {
                refused(i, v);
                tried += 1;
            }
        }
        assert!(tried > 0, "no value outside the range of --{}", spec.flag);
    }
    for &(flag, v) in also {
        let i = P::index_of(flag).unwrap_or_else(|| panic!("no parameter --{flag}"));
        refused(i, v);
    }
}

/// The values every slider's input is tried at beyond its range: not-a-number, the
/// infinities, the largest magnitudes and zero (each model's `clamped_extremes` test).
pub const EXTREMES: [f64; 6] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MAX,
    -f64::MAX,
    0.0,
];

/// Every table value set to `fill` and clamped into its range, except the Monte Carlo sample
/// count (kept small).
pub fn filled<P: ParamTable>(fill: f64) -> Valid<P> {
    let mut p = P::default();
    for (i, spec) in P::TABLE.iter().enumerate() {
        let small = ["holds", "failovers", "runs"].contains(&spec.flag);
        p.set(i, if small { spec.min } else { fill });
    }
    let v = Valid::clamped(p);
    assert_eq!(v.check_all(), Ok(()));
    v
}
