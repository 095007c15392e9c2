//! Test helpers: proptest strategies that cover a parameter's whole range.

use proptest::prelude::*;

use super::params::ParamSpec;

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
