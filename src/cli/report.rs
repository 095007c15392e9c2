//! `sim`'s runs: each model's job from its flags or from a scenario code, run to the end and
//! reported as JSON fields in order (and as text).

use serde_json::{Map, Value, json};

use super::{Output, SimModel, UsageError};
use crate::runner::parallel;
use crate::sections::Kind;
use crate::sim::stats::Estimate;
use crate::sim::{ParamSpec, Schema};

/// Debug builds fail this Monte Carlo chunk when the variable holds its number (for the tests
/// of failed runs; release builds ignore it).
pub const FAIL_CHUNK_VAR: &str = "LOCKS_LESSON_FAIL_CHUNK";

/// How a headless run is carried out: its seed and its thread count (0: one per core).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub seed: u64,
    pub threads: usize,
}

impl Run {
    /// Runs a Monte Carlo model to the end (a failed chunk panics with its message).
    pub fn to_end<M: crate::sim::mc::Chunked>(&self, sim: &M) -> M::Acc {
        let (seed, threads) = (self.seed, self.threads);
        #[cfg(debug_assertions)]
        if let Some(at) = std::env::var(FAIL_CHUNK_VAR)
            .ok()
            .and_then(|v| v.parse().ok())
        {
            return parallel::run_to_end(&parallel::FailAt { model: sim, at }, seed, threads);
        }
        parallel::run_to_end(sim, seed, threads)
    }
}

/// Output of one `sim` run: JSON fields in order, and the text form.
pub struct Report {
    pub fields: Map<String, Value>,
}

impl Report {
    fn new() -> Self {
        Self { fields: Map::new() }
    }

    /// A report's first fields: the model's name, its table, its choice and its switch if it
    /// has them, and the seed if it has one.
    pub fn head<P: Schema>(model: &str, p: &P, seed: Option<u64>) -> Self {
        let mut r = Self::new();
        r.put("model", json!(model)).table(p);
        if let Some(c) = P::CHOICE {
            r.put(c.flag, json!((c.name)(p)));
        }
        if let Some((flag, _, field)) = P::SWITCH {
            let mut copy = *p;
            r.put(flag, json!(*field(&mut copy)));
        }
        if let Some(seed) = seed {
            r.put("seed", json!(seed));
        }
        r
    }

    /// Adds a field after the others.
    pub fn put(&mut self, key: &str, value: Value) -> &mut Self {
        self.fields.insert(key.to_owned(), value);
        self
    }
    /// Every parameter of the model's table under its flag name with '-' as '_' (a time the
    /// model keeps in milliseconds also under its flag in seconds, first); whole numbers as
    /// integers.
    fn table<P: Schema>(&mut self, p: &P) -> &mut Self {
        let key = |spec: &ParamSpec| spec.flag.replace('-', "_");
        for (i, spec) in P::TABLE.iter().enumerate() {
            let v = p.get(i);
            if let Some(s) = P::in_seconds(i) {
                self.put(&key(s), json!(v / 1000.0));
            }
            let value = if spec.integer {
                json!(v as u64)
            } else {
                json!(v)
            };
            self.put(&key(spec), value);
        }
        self
    }
    pub(crate) fn print(&self, out: &Output) {
        if out.json {
            println!("{}", Value::Object(self.fields.clone()));
        } else {
            for (k, v) in &self.fields {
                println!("{k:>24}  {}", text(v, out.precision));
            }
        }
    }
}

/// An estimate's 95 % interval as `[lo, hi]`.
pub fn ci(e: &Estimate) -> Value {
    json!([e.lo, e.hi])
}

/// One model run, its parameters checked: what `sim MODEL` and `sim --scenario` both run.
pub struct Job {
    model: &'static str,
    run: Box<dyn FnOnce() -> Report>,
}

impl Job {
    /// The run of `model` that `run` carries out.
    pub fn new(model: &'static str, run: impl FnOnce() -> Report + 'static) -> Self {
        Self {
            model,
            run: Box::new(run),
        }
    }

    /// The job a model's flags describe.
    pub fn of(model: &SimModel) -> Result<Self, UsageError> {
        model.model.job(&model.args)
    }

    /// The job a scenario code stands for: its section's model at the code's settings and
    /// seed, on one thread per core.
    pub fn of_scenario(code: &str) -> Result<Self, UsageError> {
        let (n, pairs) = crate::scenario::check(code).map_err(UsageError)?;
        let Some(Kind::Model(model)) = crate::sections::get(n).map(|d| d.kind) else {
            return Err(UsageError(format!("section {n} has no model to run")));
        };
        model.scenario_job(&pairs)
    }

    /// The name of the model the job runs.
    pub fn model(&self) -> &'static str {
        self.model
    }

    /// Runs the model to the end.
    pub fn report(self) -> Report {
        (self.run)()
    }
}

/// How a model's result is printed.
pub fn output(model: &SimModel) -> Result<Output, UsageError> {
    use clap::FromArgMatches;
    Ok(Output::from_arg_matches(&model.args)?)
}

/// The result of one `sim` model run.
pub fn report(model: &SimModel) -> Result<Report, UsageError> {
    Job::of(model).map(Job::report)
}

/// `v` rounded to `digits` significant digits, written without an exponent or trailing zeros.
pub fn round_sig(v: f64, digits: usize) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let magnitude = v.abs().log10().floor() as i32;
    let decimals = digits as i32 - 1 - magnitude;
    if decimals >= 0 {
        let text = format!("{v:.*}", decimals as usize);
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            text
        }
    } else {
        let unit = 10f64.powi(-decimals);
        format!("{}", (v / unit).round() * unit)
    }
}

/// A value as printed in text and CSV: decimals limited to `precision` significant digits.
pub fn text(v: &Value, precision: Option<usize>) -> String {
    match (v, precision) {
        (Value::String(s), _) => s.clone(),
        (Value::Number(n), Some(p)) if n.is_f64() => round_sig(n.as_f64().unwrap_or(0.0), p),
        (Value::Array(items), _) => {
            let parts: Vec<String> = items.iter().map(|i| text(i, precision)).collect();
            format!("[{}]", parts.join(", "))
        }
        (other, _) => other.to_string(),
    }
}
