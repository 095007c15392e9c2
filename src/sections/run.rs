//! A model's headless runs: the run a descriptor makes from its flags or from a scenario
//! code's pairs, run to the end and reported as JSON fields in order. The command line prints
//! them (`sim`).

use serde_json::{Map, Value, json};

use crate::runner::parallel;
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

    /// A report's first fields: the model's name, its table, its named parameter and its switch
    /// if it has them, and the seed if it has one.
    pub fn head<P: Schema>(model: &str, p: &P, seed: Option<u64>) -> Self {
        let mut r = Self::new();
        r.put("model", json!(model)).table(p);
        if let Some(c) = P::NAMED {
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
}

/// An estimate's 95 % interval as `[lo, hi]`.
pub fn ci(e: &Estimate) -> Value {
    json!([e.lo, e.hi])
}

/// One model run, its parameters checked: what `sim MODEL` and `sim --scenario` both run.
pub struct ModelRun {
    model: &'static str,
    run: Box<dyn FnOnce() -> Report>,
}

impl ModelRun {
    /// The run of `model` that `run` carries out.
    pub fn new(model: &'static str, run: impl FnOnce() -> Report + 'static) -> Self {
        Self {
            model,
            run: Box::new(run),
        }
    }

    /// The name of the model it runs.
    pub fn model(&self) -> &'static str {
        self.model
    }

    /// Runs the model to the end.
    pub fn report(self) -> Report {
        (self.run)()
    }
}
