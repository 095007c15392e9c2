//! What a prediction is judged against: the model's own answer at given settings ([`Truth`]),
//! from an exact formula where the model has one, from the model's structure where a band
//! claims "none" or "all", and from several seeded runs with a stated interval otherwise.
//!
//! Each model works its answer out beside its descriptor (`src/sections/models/NAME.rs`, its
//! [`super::Judged`]); this file holds the answer's plain data and what they share. The lesson's
//! stage, the spaced review and the command line judge with the same code.

use crate::lesson::quantity::fmt_count;

/// Seeded runs behind a Monte Carlo answer (seeds 1 to this).
pub const RUNS: u64 = 8;
/// Standard errors on either side of a Monte Carlo mean: the interval every band it touches is
/// accepted from (about 99.7 % of such intervals hold the model's expected value).
pub const Z: f64 = 3.0;

/// The model's answer at some settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Truth {
    /// The value in the units of the prompt's bands: exact, or the mean of [`RUNS`] runs.
    pub value: f64,
    /// An interval that holds the model's expected value: `value..=value` when exact, the
    /// mean ± [`Z`] standard errors otherwise.
    pub lo: f64,
    pub hi: f64,
    /// Whether `value` is exact (a formula, a deterministic story, the model's structure).
    pub exact: bool,
    /// The value the model's structure fixes, where it does (every increment counted with one
    /// worker; no write over newer data when every hold is alike): only there is a band whose
    /// words claim "none" or "all" right.
    pub fixed: Option<f64>,
    /// For a prompt of alternatives: the choices that are right.
    pub choices: Option<Vec<usize>>,
    /// Which of the prompt's `cases` explains the answer (`None`: the right band's own why).
    pub case: Option<&'static str>,
    /// The answer in words.
    pub text: String,
    /// Other quantities of the model at these settings, by name: the conditions of the whys
    /// ([`crate::predict::Why`]) are read from them, and their slots filled with their words.
    pub facts: Vec<Fact>,
}

/// A named quantity of the model's answer, and the same in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    pub name: &'static str,
    pub value: f64,
    pub text: String,
}

impl Fact {
    pub fn new(name: &'static str, value: f64, text: String) -> Self {
        Self { name, value, text }
    }
}

impl Truth {
    /// The quantity named `name`: the answer's own value for `value`, else one of its facts.
    pub fn fact(&self, name: &str) -> Option<f64> {
        if name == "value" {
            return Some(self.value);
        }
        self.facts.iter().find(|f| f.name == name).map(|f| f.value)
    }

    /// The same with these facts.
    pub(crate) fn with(self, facts: Vec<Fact>) -> Self {
        Self { facts, ..self }
    }

    /// An exact value (`fixed` too when the structure makes it so).
    pub(crate) fn exact(value: f64, text: String) -> Self {
        Self {
            value,
            lo: value,
            hi: value,
            exact: true,
            fixed: None,
            choices: None,
            case: None,
            text,
            facts: Vec::new(),
        }
    }

    /// The same, for a prompt of alternatives whose right ones are `choices`.
    pub(crate) fn alternatives(self, choices: Vec<usize>) -> Self {
        Self {
            choices: Some(choices),
            ..self
        }
    }

    /// The mean of seeded runs' values with its interval; `floor` is the least standard error
    /// (the values' own granularity, so that runs that all agree still leave some room).
    pub(crate) fn sampled(values: &[f64], floor: f64, text: String) -> Self {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt().max(floor);
        Self {
            value: mean,
            lo: (mean - Z * se).max(0.0),
            hi: mean + Z * se,
            exact: false,
            ..Self::exact(mean, text)
        }
    }
}

/// A count for a sentence: thousands grouped, else up to three significant figures without
/// trailing zeros (`72`, `0.07`, `1,234`).
pub(crate) fn count_words(v: f64) -> String {
    if v >= 1_000.0 {
        fmt_count(v)
    } else {
        crate::lesson::quantity::trim_num(v)
    }
}
