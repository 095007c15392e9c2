//! `sim`'s runs: each model's job from its flags or from a scenario code, run to the end and
//! reported as JSON fields in order (and as text).

use serde_json::{Map, Value, json};

use super::{Output, SimModel, UsageError};
use crate::runner::parallel;
use crate::sections::Kind;
use crate::sim::counter::{self, CounterParams};
use crate::sim::failover::{FailoverParams, FailoverSim};
use crate::sim::fencing::{self, FencingParams};
use crate::sim::renewal::{RenewalParams, RenewalSim};
use crate::sim::stale::{self, StaleParams};
use crate::sim::stats::Estimate;
use crate::sim::ttl::{TtlParams, TtlSim};
use crate::sim::{Model, ParamSpec, Schema, Valid};

/// Debug builds fail this Monte Carlo chunk when the variable holds its number (for the tests
/// of failed runs; release builds ignore it).
pub const FAIL_CHUNK_VAR: &str = "LOCKS_LESSON_FAIL_CHUNK";

/// Runs a Monte Carlo model to the end (a failed chunk panics with its message).
fn to_end<M: crate::sim::mc::Chunked>(sim: &M, seed: u64, threads: usize) -> M::Acc {
    #[cfg(debug_assertions)]
    if let Some(at) = std::env::var(FAIL_CHUNK_VAR)
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return parallel::run_to_end(&parallel::FailAt { model: sim, at }, seed, threads);
    }
    parallel::run_to_end(sim, seed, threads)
}

/// Output of one `sim` run: JSON fields in order, and the text form.
pub struct Report {
    pub fields: Map<String, Value>,
}

impl Report {
    fn new() -> Self {
        Self { fields: Map::new() }
    }
    fn put(&mut self, key: &str, value: Value) -> &mut Self {
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

fn sim_counter(p: Valid<CounterParams>, seed: u64) -> Report {
    let run = counter::run(&p, seed);
    let mut r = Report::new();
    r.put("model", json!("counter"))
        .table(&*p)
        .put("lock", json!(p.lock))
        .put("seed", json!(seed))
        .put("final_counter", json!(run.final_counter))
        .put("lost_updates", json!(run.lost_updates))
        .put("elapsed_ms", json!(run.elapsed_ms));
    r
}

/// An estimate's 95 % interval as `[lo, hi]`.
fn ci(e: &Estimate) -> Value {
    json!([e.lo, e.hi])
}

fn sim_ttl(p: Valid<TtlParams>, seed: u64, threads: usize) -> Report {
    let (mut r, s) = mc_sim(p, seed, threads, "ttl", TtlSim::new, TtlSim::summary);
    r.put("unsafe", json!(s.unsafe_holds))
        .put("unsafe_fraction", json!(s.unsafe_fraction.value))
        .put("unsafe_fraction_ci95", ci(&s.unsafe_fraction))
        .put("exact_unsafe_fraction", json!(s.exact_unsafe_fraction))
        .put("unsafe_per_day", json!(s.unsafe_per_day))
        .put("crash_wait_s", json!(s.crash_wait_s));
    r
}

fn sim_stale(p: Valid<StaleParams>) -> Report {
    let run = stale::run(&p);
    let mut r = Report::new();
    r.put("model", json!("stale"))
        .table(&*p)
        .put("fencing", json!(p.fencing))
        .put("outcome", json!(run.outcome.as_str()))
        .put("a_write_s", json!(run.a_write_s))
        .put("b_write_s", json!(run.b_write_s))
        .put("expiry_s", json!(run.expiry_s))
        .put("b_granted_s", json!(run.b_granted_s));
    r
}

fn sim_fencing(p: Valid<FencingParams>, seed: u64) -> Report {
    let run = fencing::run(&p, seed);
    let mut r = Report::new();
    r.put("model", json!("fencing"))
        .table(&*p)
        .put("fencing", json!(p.fencing))
        .put("seed", json!(seed))
        .put("stale_writes", json!(run.stale_writes))
        .put("overwritten", json!(run.overwritten))
        .put("rejected", json!(run.rejected))
        .put("stale_fraction", json!(run.stale_fraction.value))
        .put("stale_fraction_ci95", ci(&run.stale_fraction))
        .put("exact_stale_fraction", json!(p.exact_stale_fraction()));
    r
}

/// The start of a Monte Carlo model: its parameters and thread count read, the model made
/// by `new` run to the end and summed up by `summary`, and the report's first fields (the
/// model, its table, its choice if it has one, and the seed).
fn mc_sim<P: Schema, M: crate::sim::mc::Chunked, S>(
    p: Valid<P>,
    seed: u64,
    threads: usize,
    model: &str,
    new: fn(&Valid<P>) -> M,
    summary: fn(&M, &M::Acc, u64) -> S,
) -> (Report, S) {
    let sim = new(&p);
    let s = summary(&sim, &to_end(&sim, seed, threads), seed);
    let mut r = Report::new();
    r.put("model", json!(model)).table(&*p);
    if let Some(c) = P::CHOICE {
        r.put(c.flag, json!((c.name)(&p)));
    }
    r.put("seed", json!(seed));
    (r, s)
}

fn sim_failover(p: Valid<FailoverParams>, seed: u64, threads: usize) -> Report {
    let (mut r, s) = mc_sim(
        p,
        seed,
        threads,
        "failover",
        FailoverSim::new,
        FailoverSim::summary,
    );
    r.put("expected_lost", json!(s.expected_lost))
        .put("expected_double_granted", json!(s.expected_double_granted))
        .put("mean_lost", json!(s.mean_lost.value))
        .put("mean_lost_ci95", ci(&s.mean_lost))
        .put("mean_double_granted", json!(s.mean_double_granted.value))
        .put("mean_double_granted_ci95", ci(&s.mean_double_granted));
    r
}

fn sim_renewal(p: Valid<RenewalParams>, seed: u64, threads: usize) -> Report {
    let (mut r, s) = mc_sim(
        p,
        seed,
        threads,
        "renewal",
        RenewalSim::new,
        RenewalSim::summary,
    );
    r.put("lost_lock", json!(s.lost_lock));
    for (key, count) in s.counts.named() {
        r.put(key, json!(count));
    }
    r.put("fraction", json!(s.fraction.value))
        .put("fraction_ci95", ci(&s.fraction))
        .put("exact_fraction", json!(s.exact_fraction))
        .put("exact_stale_fraction", json!(s.exact.stale_writes_landed))
        .put("exact_harmful_fraction", json!(s.exact.harmful));
    r
}

/// One model run, its parameters checked: what `sim MODEL` and `sim --scenario` both run.
pub enum Job {
    Counter(Valid<CounterParams>, u64),
    Ttl(Valid<TtlParams>, u64, usize),
    Stale(Valid<StaleParams>),
    Fencing(Valid<FencingParams>, u64),
    Failover(Valid<FailoverParams>, u64, usize),
    Renewal(Valid<RenewalParams>, u64, usize),
}

impl Job {
    /// The job a model's flags describe.
    pub fn of(model: &SimModel) -> Result<Self, UsageError> {
        Ok(match model {
            SimModel::Counter(a) => Job::Counter(a.params()?, a.common.seed),
            SimModel::Ttl(a) => Job::Ttl(a.params()?, a.common.seed, a.threads.count()?),
            SimModel::Stale(a) => Job::Stale(a.params()?),
            SimModel::Fencing(a) => Job::Fencing(a.params()?, a.common.seed),
            SimModel::Failover(a) => Job::Failover(a.params()?, a.common.seed, a.threads.count()?),
            SimModel::Renewal(a) => Job::Renewal(a.params()?, a.common.seed, a.threads.count()?),
        })
    }

    /// The job a scenario code stands for: its section's model at the code's settings and
    /// seed, on one thread per core.
    pub fn of_scenario(code: &str) -> Result<Self, UsageError> {
        use crate::scenario::settings::ModelSettings as S;
        let (n, pairs) = crate::scenario::check(code).map_err(UsageError)?;
        let Some(Kind::Model(model)) = crate::sections::get(n).map(|d| d.kind) else {
            return Err(UsageError(format!("section {n} has no model to run")));
        };
        let (settings, seed) = S::read(model, &pairs).map_err(UsageError)?;
        let seed = seed.unwrap_or(1);
        Ok(match settings {
            S::Counter(p) => Job::Counter(Valid::checked(p)?, seed),
            S::Ttl(p) => Job::Ttl(Valid::checked(p)?, seed, 0),
            S::Stale(p) => Job::Stale(Valid::checked(p)?),
            S::Fencing(p) => Job::Fencing(Valid::checked(p)?, seed),
            S::Where(w) => Job::Failover(Valid::checked(w.model)?, seed, 0),
            S::Renewal(p) => Job::Renewal(Valid::checked(p)?, seed, 0),
        })
    }

    /// The model the job runs.
    pub fn model(&self) -> Model {
        match self {
            Job::Counter(..) => Model::Counter,
            Job::Ttl(..) => Model::Ttl,
            Job::Stale(..) => Model::Stale,
            Job::Fencing(..) => Model::Fencing,
            Job::Failover(..) => Model::Failover,
            Job::Renewal(..) => Model::Renewal,
        }
    }

    /// Runs the model to the end.
    pub fn report(self) -> Report {
        match self {
            Job::Counter(p, seed) => sim_counter(p, seed),
            Job::Ttl(p, seed, threads) => sim_ttl(p, seed, threads),
            Job::Stale(p) => sim_stale(p),
            Job::Fencing(p, seed) => sim_fencing(p, seed),
            Job::Failover(p, seed, threads) => sim_failover(p, seed, threads),
            Job::Renewal(p, seed, threads) => sim_renewal(p, seed, threads),
        }
    }
}

/// How a model's result is printed.
pub fn output(model: &SimModel) -> &Output {
    match model {
        SimModel::Stale(a) => &a.out,
        SimModel::Counter(a) => &a.common.out,
        SimModel::Fencing(a) => &a.common.out,
        SimModel::Ttl(a) => &a.common.out,
        SimModel::Failover(a) => &a.common.out,
        SimModel::Renewal(a) => &a.common.out,
    }
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
