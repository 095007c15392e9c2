//! Parameter ranges shared by the command line (validation, messages) and the UI (sliders).

use std::fmt;
use std::ops::Deref;

/// One model parameter: its command-line flag, its range and default, and how to show it.
///
/// The same constant drives the `sim` command's validation and the slider in the lesson,
/// so the two can never disagree about what is allowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    /// Command-line flag without the leading dashes, e.g. `"think-ms"`.
    pub flag: &'static str,
    /// The parameter's words when they are not the flag's (`"typical-s.job"`): the catalogue
    /// holds its label once, under `stage.param.WORDS`, for the slider and `--help` alike.
    pub words: Option<&'static str>,
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
    /// A number from `min` to `max` on a linear slider (`.whole()`: integers only; `.log()`:
    /// a logarithmic slider).
    pub const fn new(
        flag: &'static str,
        unit: &'static str,
        min: f64,
        max: f64,
        default: f64,
    ) -> Self {
        Self {
            flag,
            words: None,
            unit,
            min,
            max,
            default,
            log: false,
            integer: false,
        }
    }

    /// The same, its label the catalogue's `stage.param.WORDS` rather than the flag's.
    pub const fn words(self, words: &'static str) -> Self {
        Self {
            words: Some(words),
            ..self
        }
    }

    /// The catalogue key of the parameter's label (`stage.param.ttl-s`).
    pub fn label_key(&self) -> String {
        format!("stage.param.{}", self.words.unwrap_or(self.flag))
    }

    /// The same for whole numbers only.
    pub const fn whole(self) -> Self {
        Self {
            integer: true,
            ..self
        }
    }

    /// The same on a logarithmic slider (the range spans decades).
    pub const fn log(self) -> Self {
        Self { log: true, ..self }
    }

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

/// A field of a parameter set: stored as `f64`, `u64` or `u32`, handled as `f64` by tables.
pub trait TableValue: Copy {
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
}

impl TableValue for f64 {
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(v: f64) -> Self {
        v
    }
}

impl TableValue for u64 {
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(v: f64) -> Self {
        v.round().max(0.0) as u64
    }
}

impl TableValue for u32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(v: f64) -> Self {
        v.round().clamp(0.0, f64::from(u32::MAX)) as u32
    }
}

/// A model's numeric parameters as one table: one [`ParamSpec`] per field, in the order of
/// scenario codes and of the command line's help. The table drives clamping, validation,
/// the sliders, the scenario-code pairs and the JSON keys, so they cannot disagree.
pub trait ParamTable: Copy + Default {
    const TABLE: &'static [&'static ParamSpec];

    /// Parameters the lesson keeps fixed (only the command line changes them): scenario
    /// codes leave them out.
    const FIXED: &'static [&'static ParamSpec] = &[];

    /// Whether the `i`-th parameter is one a scenario code carries.
    fn in_scenario(i: usize) -> bool {
        Self::TABLE
            .get(i)
            .is_some_and(|s| !Self::FIXED.iter().any(|f| f.flag == s.flag))
    }

    /// The `i`-th parameter of [`Self::TABLE`].
    fn get(&self, i: usize) -> f64;
    fn set(&mut self, i: usize, v: f64);

    /// Every value clamped into its range (NaN becomes the default): valid by construction.
    fn clamped_all(mut self) -> Self {
        for (i, spec) in Self::TABLE.iter().enumerate() {
            let v = spec.clamp(self.get(i));
            self.set(i, v);
        }
        self
    }

    /// Checks every value against its range, naming the first bad one.
    fn check_all(&self) -> Result<(), ParamError> {
        for (i, spec) in Self::TABLE.iter().enumerate() {
            spec.check(self.get(i))?;
        }
        Ok(())
    }

    /// The position of the parameter with this flag.
    fn index_of(flag: &str) -> Option<usize> {
        Self::TABLE.iter().position(|s| s.flag == flag)
    }
}

/// Parameters that passed through their table: every value is in its range. Only
/// [`Valid::clamped`] (what a slider does, infallible) and [`Valid::checked`] (what the
/// command line does) make one, so a model built from it cannot fail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valid<P>(P);

impl<P: ParamTable> Valid<P> {
    /// Every value clamped into its range (NaN becomes the default).
    pub fn clamped(params: P) -> Self {
        Self(params.clamped_all())
    }

    /// The parameters as they are, or the first value outside its range.
    pub fn checked(params: P) -> Result<Self, ParamError> {
        params.check_all()?;
        Ok(Self(params))
    }

    /// The parameters themselves.
    pub fn get(self) -> P {
        self.0
    }
}

impl<P: ParamTable> Default for Valid<P> {
    fn default() -> Self {
        Self::clamped(P::default())
    }
}

impl<P> Deref for Valid<P> {
    type Target = P;

    fn deref(&self) -> &P {
        &self.0
    }
}

/// Declares parameter constants one to a line:
/// `param_specs! { pub TTL_S = new("ttl-s", "s", 0.1, 300.0, 10.0).log(); }`
/// (flag, slider label, unit, min, max, default; `.whole()` for integers, `.log()` for a
/// logarithmic slider).
#[macro_export]
macro_rules! param_specs {
    ($($(#[$meta:meta])* $vis:vis $name:ident = $kind:ident($($arg:expr),+ $(,)?) $(.$modifier:ident($($marg:expr)?))*;)+) => {
        $(
            $(#[$meta])*
            $vis const $name: $crate::sim::params::ParamSpec =
                $crate::sim::params::ParamSpec::$kind($($arg),+)$(.$modifier($($marg)?))*;
        )+
    };
}

/// Implements [`ParamTable`] for a parameter struct: `param_table!(Params { field: SPEC, .. })`,
/// optionally followed by `fixed: [SPEC, ..]` (see [`ParamTable::FIXED`]).
#[macro_export]
macro_rules! param_table {
    // With `default { other: value, .. }`: also `Default`, each table field at its spec's
    // default and the fields outside the table as given.
    ($ty:ty { $($field:ident: $spec:expr),+ $(,)? } $(fixed: [$($fixed:expr),* $(,)?])?
        default { $($other:ident: $value:expr),* $(,)? }) => {
        $crate::param_table!($ty { $($field: $spec),+ } $(fixed: [$($fixed),*])?);

        impl Default for $ty {
            fn default() -> Self {
                Self {
                    $($field: $crate::sim::params::TableValue::from_f64($spec.default),)+
                    $($other: $value,)*
                }
            }
        }
    };
    ($ty:ty { $($field:ident: $spec:expr),+ $(,)? } $(fixed: [$($fixed:expr),* $(,)?])?) => {
        impl $crate::sim::params::ParamTable for $ty {
            const TABLE: &'static [&'static $crate::sim::params::ParamSpec] = &[$(&$spec),+];
            $(const FIXED: &'static [&'static $crate::sim::params::ParamSpec] = &[$(&$fixed),*];)?

            fn get(&self, i: usize) -> f64 {
                let values = [$($crate::sim::params::TableValue::to_f64(self.$field)),+];
                values.get(i).copied().unwrap_or(f64::NAN)
            }

            fn set(&mut self, i: usize, v: f64) {
                let mut k = 0usize;
                $(
                    if k == i {
                        self.$field = $crate::sim::params::TableValue::from_f64(v);
                    }
                    k += 1;
                )+
                let _ = k;
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: ParamSpec = ParamSpec {
        flag: "workers",
        words: None,
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

    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    struct Two {
        workers: u32,
        think: f64,
    }
    const THINK: ParamSpec = ParamSpec {
        flag: "think",
        words: None,
        unit: "ms",
        min: 0.1,
        max: 20.0,
        default: 2.0,
        log: true,
        integer: false,
    };
    crate::param_table!(Two {
        workers: W,
        think: THINK
    } fixed: [THINK]);

    #[test]
    fn a_table_reads_writes_clamps_and_checks_every_field() {
        let mut p = Two {
            workers: 3,
            think: 0.5,
        };
        assert_eq!(p.get(0), 3.0);
        assert_eq!(p.get(1), 0.5);
        assert!(p.get(2).is_nan());
        p.set(0, 40.0);
        p.set(1, f64::NAN);
        assert_eq!(p.check_all().unwrap_err().flag, "workers");
        let c = p.clamped_all();
        assert_eq!(
            c,
            Two {
                workers: 20,
                think: 2.0
            }
        );
        assert_eq!(c.check_all(), Ok(()));
        assert_eq!(Two::index_of("think"), Some(1));
        assert_eq!(Two::index_of("nope"), None);
        assert!(Two::in_scenario(0) && !Two::in_scenario(1) && !Two::in_scenario(2));
    }

    #[test]
    fn valid_parameters_are_clamped_or_checked() {
        let wild = Two {
            workers: 0,
            think: f64::INFINITY,
        };
        let v = Valid::clamped(wild);
        assert_eq!((v.workers, v.think), (1, 20.0));
        assert_eq!(v.check_all(), Ok(()));
        assert_eq!(Valid::checked(wild).unwrap_err().flag, "workers");
        let fine = Two {
            workers: 4,
            think: 1.0,
        };
        assert_eq!(Valid::checked(fine).map(Valid::get), Ok(fine));
        assert_eq!(Valid::clamped(fine).get(), fine);
    }

    #[test]
    fn clamp_never_leaves_the_range() {
        assert_eq!(W.clamp(f64::NAN), 5.0);
        assert_eq!(W.clamp(99.0), 20.0);
        assert_eq!(W.clamp(-1.0), 1.0);
        assert_eq!(W.clamp(3.4), 3.0);
    }
}
