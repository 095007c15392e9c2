//! `locks-lesson sim`: runs one model headless and prints its result.

use std::process::ExitCode;

use serde_json::{Map, Value, json};

use super::{
    CounterArgs, FailoverArgs, FencingArgs, RenewalArgs, SimModel, StaleArgs, TtlArgs, USAGE_ERROR,
    UsageError,
};
use crate::runner::{panic_message, parallel};
use crate::sim::counter;
use crate::sim::failover::FailoverSim;
use crate::sim::fencing;
use crate::sim::mc::Chunked;
use crate::sim::renewal::RenewalSim;
use crate::sim::stale;
use crate::sim::stats::Estimate;
use crate::sim::ttl::TtlSim;

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
    fn print(&self, as_json: bool) {
        if as_json {
            println!("{}", Value::Object(self.fields.clone()));
        } else {
            for (k, v) in &self.fields {
                match v {
                    Value::String(text) => println!("{k:>24}  {text}"),
                    other => println!("{k:>24}  {other}"),
                }
            }
        }
    }
}

fn sim_counter(args: &CounterArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let run = counter::run(&p, args.common.seed)?;
    let mut r = Report::new();
    r.put("model", json!("counter"))
        .put("workers", json!(p.workers))
        .put("increments", json!(p.increments))
        .put("think_ms", json!(p.think_ms))
        .put("gap_ms", json!(p.gap_ms))
        .put("lock", json!(p.lock))
        .put("seed", json!(args.common.seed))
        .put("final_counter", json!(run.final_counter))
        .put("lost_updates", json!(run.lost_updates))
        .put("elapsed_ms", json!(run.elapsed_ms));
    Ok(r)
}

/// An estimate's 95 % interval as `[lo, hi]`.
fn ci(e: &Estimate) -> Value {
    json!([e.lo, e.hi])
}

fn sim_ttl(args: &TtlArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let threads = args.threads.count()?;
    let seed = args.common.seed;
    let sim = TtlSim::new(&p)?;
    let s = sim.summary(&to_end(&sim, seed, threads), seed);
    let mut r = Report::new();
    r.put("model", json!("ttl"))
        .put("ttl_s", json!(p.ttl_s))
        .put("typical_s", json!(p.typical_s))
        .put("spread", json!(p.spread))
        .put("stall_prob", json!(p.stall_prob))
        .put("stall_mean_s", json!(p.stall_mean_s))
        .put("holds", json!(p.holds))
        .put("grant_interval_s", json!(p.grant_interval_s))
        .put("seed", json!(seed))
        .put("unsafe", json!(s.unsafe_holds))
        .put("unsafe_fraction", json!(s.unsafe_fraction.value))
        .put("unsafe_fraction_ci95", ci(&s.unsafe_fraction))
        .put("exact_unsafe_fraction", json!(s.exact_unsafe_fraction))
        .put("unsafe_per_day", json!(s.unsafe_per_day))
        .put("crash_wait_s", json!(s.crash_wait_s));
    Ok(r)
}

fn sim_stale(args: &StaleArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let run = stale::run(&p)?;
    let mut r = Report::new();
    r.put("model", json!("stale"))
        .put("pause_s", json!(p.pause_s))
        .put("ttl_s", json!(p.ttl_s))
        .put("fencing", json!(p.fencing))
        .put("seed", json!(args.common.seed))
        .put("outcome", json!(run.outcome.as_str()))
        .put("a_write_s", json!(run.a_write_s))
        .put("b_write_s", json!(run.b_write_s))
        .put("expiry_s", json!(run.expiry_s))
        .put("b_granted_s", json!(run.b_granted_s));
    Ok(r)
}

fn sim_fencing(args: &FencingArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let run = fencing::run(&p, args.common.seed)?;
    let mut r = Report::new();
    r.put("model", json!("fencing"))
        .put("holders", json!(p.holders))
        .put("ttl_ms", json!(p.ttl_ms))
        .put("typical_ms", json!(p.typical_ms))
        .put("spread", json!(p.spread))
        .put("stall_prob", json!(p.stall_prob))
        .put("stall_mean_ms", json!(p.stall_mean_ms))
        .put("fencing", json!(p.fencing))
        .put("seed", json!(args.common.seed))
        .put("stale_writes", json!(run.stale_writes))
        .put("overwritten", json!(run.overwritten))
        .put("rejected", json!(run.rejected))
        .put("stale_fraction", json!(run.stale_fraction.value))
        .put("stale_fraction_ci95", ci(&run.stale_fraction))
        .put("exact_stale_fraction", json!(p.exact_stale_fraction()));
    Ok(r)
}

fn sim_failover(args: &FailoverArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let threads = args.threads.count()?;
    let seed = args.common.seed;
    let sim = FailoverSim::new(&p)?;
    let s = sim.summary(&to_end(&sim, seed, threads), seed);
    let mut r = Report::new();
    r.put("model", json!("failover"))
        .put("rate", json!(p.rate))
        .put("lag_ms", json!(p.lag_ms))
        .put("window_s", json!(p.window_s))
        .put("contention", json!(p.contention))
        .put("failovers", json!(p.failovers))
        .put("store", json!(p.store.as_str()))
        .put("seed", json!(seed))
        .put("expected_lost", json!(s.expected_lost))
        .put("expected_double_granted", json!(s.expected_double_granted))
        .put("mean_lost", json!(s.mean_lost.value))
        .put("mean_lost_ci95", ci(&s.mean_lost))
        .put("mean_double_granted", json!(s.mean_double_granted.value))
        .put("mean_double_granted_ci95", ci(&s.mean_double_granted));
    Ok(r)
}

fn sim_renewal(args: &RenewalArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let threads = args.threads.count()?;
    let seed = args.common.seed;
    let sim = RenewalSim::new(&p)?;
    let s = sim.summary(&to_end(&sim, seed, threads), seed);
    let mut r = Report::new();
    r.put("model", json!("renewal"))
        .put("ttl_s", json!(p.ttl_s))
        .put("typical_s", json!(p.typical_s))
        .put("spread", json!(p.spread))
        .put("stall_prob", json!(p.stall_prob))
        .put("stall_mean_s", json!(p.stall_mean_s))
        .put("runs", json!(p.runs))
        .put("mode", json!(p.mode.as_str()))
        .put("seed", json!(seed))
        .put("lost_lock", json!(s.lost_lock));
    for (key, count) in s.counts.named() {
        r.put(key, json!(count));
    }
    r.put("fraction", json!(s.fraction.value))
        .put("fraction_ci95", ci(&s.fraction))
        .put("exact_fraction", json!(s.exact_fraction))
        .put("exact_harmful_fraction", json!(s.exact.harmful));
    Ok(r)
}

/// Debug builds fail this Monte Carlo chunk when the variable holds its number (for the tests
/// of failed runs; release builds ignore it).
pub const FAIL_CHUNK_VAR: &str = "LOCKS_LESSON_FAIL_CHUNK";

/// Runs a Monte Carlo model to the end (a failed chunk panics with its message).
fn to_end<M: Chunked>(sim: &M, seed: u64, threads: usize) -> M::Acc {
    #[cfg(debug_assertions)]
    if let Some(at) = std::env::var(FAIL_CHUNK_VAR)
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return parallel::run_to_end(&parallel::FailAt { model: sim, at }, seed, threads);
    }
    parallel::run_to_end(sim, seed, threads)
}

impl SimModel {
    /// The model's name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            SimModel::Counter(_) => "counter",
            SimModel::Ttl(_) => "ttl",
            SimModel::Stale(_) => "stale",
            SimModel::Fencing(_) => "fencing",
            SimModel::Failover(_) => "failover",
            SimModel::Renewal(_) => "renewal",
        }
    }
}

/// Runs a `sim` command: prints its result; or one line naming the bad flag and exits 2; or
/// one line naming the model and what failed and exits 1.
pub fn run_sim(model: &SimModel) -> ExitCode {
    // A failing model is reported in one line below, not as a panic report.
    std::panic::set_hook(Box::new(|_| {}));
    let run = std::panic::catch_unwind(|| sim_result(model));
    let Ok((result, as_json)) = run else {
        let message = run.err().map(|p| panic_message(p.as_ref()));
        eprintln!(
            "error: the {} simulation failed: {}",
            model.name(),
            message.unwrap_or_default()
        );
        return ExitCode::FAILURE;
    };
    match result {
        Ok(report) => {
            report.print(as_json);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

fn sim_result(model: &SimModel) -> (Result<Report, UsageError>, bool) {
    match model {
        SimModel::Counter(a) => (sim_counter(a), a.common.json),
        SimModel::Ttl(a) => (sim_ttl(a), a.common.json),
        SimModel::Stale(a) => (sim_stale(a), a.common.json),
        SimModel::Fencing(a) => (sim_fencing(a), a.common.json),
        SimModel::Failover(a) => (sim_failover(a), a.common.json),
        SimModel::Renewal(a) => (sim_renewal(a), a.common.json),
    }
}
