//! Parameter ranges shared by the command line (validation, messages) and the UI (sliders).

use std::fmt;

/// One model parameter: its command-line flag, its range and default, and how to show it.
///
/// The same constant drives the `sim` command's validation and the slider in the lesson,
/// so the two can never disagree about what is allowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// Command-line flag without the leading dashes, e.g. `"think-ms"`.
    pub flag: &'static str,
    /// Short label for a slider, e.g. `"Think time"`.
    pub label: &'static str,
    /// Unit shown after the value (`""` when the value has no unit).
    pub unit: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    /// Whether a slider should move on a logarithmic scale (the range spans decades).
    pub log: bool,
    /// Whether only whole numbers are allowed.
    pub integer: bool,
}

impl ParamSpec {
    /// Checks `value` against the range; NaN and infinities are always rejected.
    pub fn check(&self, value: f64) -> Result<f64, ParamError> {
        let whole = !self.integer || value.fract() == 0.0;
        if value.is_finite() && value >= self.min && value <= self.max && whole {
            Ok(value)
        } else {
            Err(ParamError::new(self, value.to_string()))
        }
    }

    /// Clamps `value` into the range (NaN becomes the default): what a slider does.
    pub fn clamp(&self, value: f64) -> f64 {
        if value.is_nan() {
            return self.default;
        }
        let v = value.clamp(self.min, self.max);
        if self.integer { v.round() } else { v }
    }

    /// The valid range in words, e.g. `"an integer from 1 to 20"`.
    pub fn range_text(&self) -> String {
        if self.integer {
            format!(
                "an integer from {} to {}",
                fmt_num(self.min),
                fmt_num(self.max)
            )
        } else {
            format!(
                "a number from {} to {}",
                fmt_num(self.min),
                fmt_num(self.max)
            )
        }
    }
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// A parameter outside its range, or not a number at all.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamError {
    pub flag: &'static str,
    pub range: String,
    pub value: String,
}

impl ParamError {
    pub fn new(spec: &ParamSpec, value: impl Into<String>) -> Self {
        Self {
            flag: spec.flag,
            range: spec.range_text(),
            value: value.into(),
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--{} must be {} (got {})",
            self.flag, self.range, self.value
        )
    }
}

impl std::error::Error for ParamError {}

#[cfg(test)]
mod tests {
    use super::*;

    const W: ParamSpec = ParamSpec {
        flag: "workers",
        label: "Workers",
        unit: "",
        min: 1.0,
        max: 20.0,
        default: 5.0,
        log: false,
        integer: true,
    };

    #[test]
    fn check_accepts_the_range_and_rejects_everything_else() {
        assert_eq!(W.check(1.0), Ok(1.0));
        assert_eq!(W.check(20.0), Ok(20.0));
        for bad in [0.0, 21.0, 2.5, f64::NAN, f64::INFINITY, -3.0] {
            let e = W.check(bad).unwrap_err();
            assert_eq!(e.flag, "workers");
        }
        assert_eq!(
            W.check(0.0).unwrap_err().to_string(),
            "--workers must be an integer from 1 to 20 (got 0)"
        );
    }

    #[test]
    fn clamp_never_leaves_the_range() {
        assert_eq!(W.clamp(f64::NAN), 5.0);
        assert_eq!(W.clamp(99.0), 20.0);
        assert_eq!(W.clamp(-1.0), 1.0);
        assert_eq!(W.clamp(3.4), 3.0);
    }
}
