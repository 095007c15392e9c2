//! The command line: open the lesson, or run one model headless with `sim`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};

use crate::runner::parallel;
use crate::sim::counter::{self, CounterParams};
use crate::sim::failover::{self, FailoverParams, FailoverSim, Store};
use crate::sim::fencing::{self, FencingParams};
use crate::sim::renewal::{self, Mode, RenewalParams, RenewalSim};
use crate::sim::stale::{self, StaleParams};
use crate::sim::stats::Estimate;
use crate::sim::ttl::{self, TtlParams, TtlSim};
use crate::sim::{ParamError, ParamSpec};

/// Exit status for malformed or out-of-range command-line values.
pub const USAGE_ERROR: u8 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "locks-lesson",
    version,
    about = "Distributed locks, lesson 8: why a lock that merely expires is not a safe lock",
    after_help = "Run without a command to open the lesson. Keys: PageDown/PageUp or Right/Left \
                  move between sections, Home/End jump to the first/last."
)]
pub struct Cli {
    /// Open in lecture (projector) mode.
    #[arg(long)]
    pub lecture: bool,
    /// Open at section N (1-10).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_section)]
    pub section: Option<u8>,
    /// Keep quiz progress in this file instead of the platform's data folder.
    #[arg(long, value_name = "PATH")]
    pub progress_file: Option<PathBuf>,
    /// Graphics back end: glow (OpenGL, the default; works on old laptops and virtual
    /// machines) or wgpu (Vulkan, Metal, DirectX). If the chosen one fails, the other is tried.
    #[arg(long, value_enum, default_value_t = RendererChoice::Glow)]
    pub renderer: RendererChoice,
    /// Open on this scenario code (as shown in the app's bottom bar).
    #[arg(long, value_name = "CODE", value_parser = parse_code)]
    pub scenario: Option<String>,
    /// Walk through the scenario codes in FILE (one a line, `#` comments) with Page Down.
    #[arg(long, value_name = "FILE")]
    pub playlist: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

fn parse_code(raw: &str) -> Result<String, String> {
    let code = raw.trim();
    crate::ui::playlist::check_code(code)
        .map(|_| code.to_owned())
        .map_err(|e| format!("must be a scenario code of this lesson: {e}"))
}

fn parse_section(raw: &str) -> Result<u8, String> {
    raw.trim()
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=crate::lesson::section_count()).contains(n))
        .ok_or_else(|| {
            format!(
                "must be an integer from 1 to {}",
                crate::lesson::section_count()
            )
        })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RendererChoice {
    Glow,
    Wgpu,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one of the lesson's models headless and print its result.
    Sim {
        #[command(subcommand)]
        model: SimModel,
    },
}

#[derive(Debug, Subcommand)]
pub enum SimModel {
    /// Section 1: workers incrementing a shared counter, with or without a lock.
    Counter(CounterArgs),
    /// Section 2: how many lock holds outlive their TTL (Monte Carlo and exact).
    Ttl(TtlArgs),
    /// Section 3: a paused holder wakes after its lock expired (no randomness).
    Stale(StaleArgs),
    /// Section 4: a chain of lock holders; stale writes with and without fencing tokens.
    Fencing(FencingArgs),
    /// Section 5: locks lost when a Redis primary fails over (Monte Carlo and exact).
    Failover(FailoverArgs),
    /// Section 9: a billing job that outlives its lock, with no defence, renewal, fencing,
    /// idempotency or all three.
    Renewal(RenewalArgs),
}

/// Options every model shares.
#[derive(Debug, Args)]
pub struct Common {
    /// Seed of the random streams (equal seeds give identical results).
    #[arg(long, default_value_t = 1, allow_hyphen_values = true, value_parser = parse_seed)]
    pub seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn parse_seed(raw: &str) -> Result<u64, String> {
    raw.trim()
        .parse::<u64>()
        .map_err(|_| format!("must be an integer from 0 to {}", u64::MAX))
}

/// A number read as text so that the message for a bad value names the flag and its range.
fn number(spec: &ParamSpec, raw: &str) -> Result<f64, ParamError> {
    let v: f64 = raw
        .trim()
        .parse()
        .map_err(|_| ParamError::new(spec, format!("'{raw}'")))?;
    spec.check(v)
}

#[derive(Debug, Args)]
pub struct CounterArgs {
    #[arg(long, default_value = "5", help = help(&counter::WORKERS))]
    pub workers: String,
    #[arg(long, default_value = "200", help = help(&counter::INCREMENTS))]
    pub increments: String,
    #[arg(long, default_value = "2", help = help(&counter::THINK_MS))]
    pub think_ms: String,
    #[arg(long, default_value = "2", help = help(&counter::GAP_MS))]
    pub gap_ms: String,
    /// Take a FIFO lock around each read-think-write.
    #[arg(long)]
    pub lock: bool,
    #[command(flatten)]
    pub common: Common,
}

/// Help text for a flag, from its range.
pub fn help(spec: &ParamSpec) -> String {
    let unit = if spec.unit.is_empty() {
        String::new()
    } else {
        format!(" ({})", spec.unit)
    };
    format!("{}{unit}: {}", spec.label, spec.range_text())
}

/// A flag's default as text, from its range.
fn default_text(spec: &ParamSpec) -> String {
    format!("{}", spec.default)
}

/// `--threads`: how many worker threads a Monte Carlo run uses (results never depend on it).
pub const THREADS: ParamSpec = ParamSpec {
    flag: "threads",
    label: "Worker threads, 0 for one per core (the result is the same for any count)",
    unit: "",
    min: 0.0,
    max: 1024.0,
    default: 0.0,
    log: false,
    integer: true,
};

/// The thread count of Monte Carlo models.
#[derive(Debug, Args)]
pub struct Threads {
    #[arg(long, default_value_t = default_text(&THREADS), allow_hyphen_values = true, help = help(&THREADS))]
    pub threads: String,
}

impl Threads {
    fn count(&self) -> Result<usize, ParamError> {
        Ok(number(&THREADS, &self.threads)? as usize)
    }
}

#[derive(Debug, Args)]
pub struct TtlArgs {
    #[arg(long, default_value_t = default_text(&ttl::TTL_S), allow_hyphen_values = true, help = help(&ttl::TTL_S))]
    pub ttl_s: String,
    #[arg(long, default_value_t = default_text(&ttl::TYPICAL_S), allow_hyphen_values = true, help = help(&ttl::TYPICAL_S))]
    pub typical_s: String,
    #[arg(long, default_value_t = default_text(&ttl::SPREAD), allow_hyphen_values = true, help = help(&ttl::SPREAD))]
    pub spread: String,
    #[arg(long, default_value_t = default_text(&ttl::STALL_PROB), allow_hyphen_values = true, help = help(&ttl::STALL_PROB))]
    pub stall_prob: String,
    #[arg(long, default_value_t = default_text(&ttl::STALL_MEAN_S), allow_hyphen_values = true, help = help(&ttl::STALL_MEAN_S))]
    pub stall_mean_s: String,
    #[arg(long, default_value_t = default_text(&ttl::HOLDS), allow_hyphen_values = true, help = help(&ttl::HOLDS))]
    pub holds: String,
    #[arg(long, default_value_t = default_text(&ttl::GRANT_INTERVAL_S), allow_hyphen_values = true, help = help(&ttl::GRANT_INTERVAL_S))]
    pub grant_interval_s: String,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub common: Common,
}

impl TtlArgs {
    pub fn params(&self) -> Result<TtlParams, ParamError> {
        Ok(TtlParams {
            ttl_s: number(&ttl::TTL_S, &self.ttl_s)?,
            typical_s: number(&ttl::TYPICAL_S, &self.typical_s)?,
            spread: number(&ttl::SPREAD, &self.spread)?,
            stall_prob: number(&ttl::STALL_PROB, &self.stall_prob)?,
            stall_mean_s: number(&ttl::STALL_MEAN_S, &self.stall_mean_s)?,
            holds: number(&ttl::HOLDS, &self.holds)? as u64,
            grant_interval_s: number(&ttl::GRANT_INTERVAL_S, &self.grant_interval_s)?,
        })
    }
}

#[derive(Debug, Args)]
pub struct StaleArgs {
    #[arg(long, default_value_t = default_text(&stale::PAUSE_S), allow_hyphen_values = true, help = help(&stale::PAUSE_S))]
    pub pause_s: String,
    #[arg(long, default_value_t = default_text(&stale::TTL_S), allow_hyphen_values = true, help = help(&stale::TTL_S))]
    pub ttl_s: String,
    /// Storage checks fencing tokens and refuses an older token's write.
    #[arg(long)]
    pub fencing: bool,
    #[command(flatten)]
    pub common: Common,
}

impl StaleArgs {
    pub fn params(&self) -> Result<StaleParams, ParamError> {
        Ok(StaleParams {
            pause_s: number(&stale::PAUSE_S, &self.pause_s)?,
            ttl_s: number(&stale::TTL_S, &self.ttl_s)?,
            fencing: self.fencing,
        })
    }
}

#[derive(Debug, Args)]
pub struct FencingArgs {
    #[arg(long, default_value_t = default_text(&fencing::HOLDERS), allow_hyphen_values = true, help = help(&fencing::HOLDERS))]
    pub holders: String,
    #[arg(long, default_value_t = default_text(&fencing::TTL_MS), allow_hyphen_values = true, help = help(&fencing::TTL_MS))]
    pub ttl_ms: String,
    #[arg(long, default_value_t = default_text(&fencing::TYPICAL_MS), allow_hyphen_values = true, help = help(&fencing::TYPICAL_MS))]
    pub typical_ms: String,
    #[arg(long, default_value_t = default_text(&fencing::SPREAD), allow_hyphen_values = true, help = help(&fencing::SPREAD))]
    pub spread: String,
    #[arg(long, default_value_t = default_text(&fencing::STALL_PROB), allow_hyphen_values = true, help = help(&fencing::STALL_PROB))]
    pub stall_prob: String,
    #[arg(long, default_value_t = default_text(&fencing::STALL_MEAN_MS), allow_hyphen_values = true, help = help(&fencing::STALL_MEAN_MS))]
    pub stall_mean_ms: String,
    /// Storage checks fencing tokens and refuses an older token's write.
    #[arg(long)]
    pub fencing: bool,
    #[command(flatten)]
    pub common: Common,
}

impl FencingArgs {
    pub fn params(&self) -> Result<FencingParams, ParamError> {
        Ok(FencingParams {
            holders: number(&fencing::HOLDERS, &self.holders)? as u32,
            ttl_ms: number(&fencing::TTL_MS, &self.ttl_ms)?,
            typical_ms: number(&fencing::TYPICAL_MS, &self.typical_ms)?,
            spread: number(&fencing::SPREAD, &self.spread)?,
            stall_prob: number(&fencing::STALL_PROB, &self.stall_prob)?,
            stall_mean_ms: number(&fencing::STALL_MEAN_MS, &self.stall_mean_ms)?,
            fencing: self.fencing,
        })
    }
}

#[derive(Debug, Args)]
pub struct FailoverArgs {
    #[arg(long, default_value_t = default_text(&failover::RATE), allow_hyphen_values = true, help = help(&failover::RATE))]
    pub rate: String,
    #[arg(long, default_value_t = default_text(&failover::LAG_MS), allow_hyphen_values = true, help = help(&failover::LAG_MS))]
    pub lag_ms: String,
    #[arg(long, default_value_t = default_text(&failover::WINDOW_S), allow_hyphen_values = true, help = help(&failover::WINDOW_S))]
    pub window_s: String,
    #[arg(long, default_value_t = default_text(&failover::CONTENTION), allow_hyphen_values = true, help = help(&failover::CONTENTION))]
    pub contention: String,
    #[arg(long, default_value_t = default_text(&failover::FAILOVERS), allow_hyphen_values = true, help = help(&failover::FAILOVERS))]
    pub failovers: String,
    /// Where the lock lives: redis (asynchronous replica) or consensus (majority).
    #[arg(long, default_value = "redis", allow_hyphen_values = true)]
    pub store: String,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub common: Common,
}

impl FailoverArgs {
    pub fn params(&self) -> Result<FailoverParams, UsageError> {
        Ok(FailoverParams {
            rate: number(&failover::RATE, &self.rate)?,
            lag_ms: number(&failover::LAG_MS, &self.lag_ms)?,
            window_s: number(&failover::WINDOW_S, &self.window_s)?,
            contention: number(&failover::CONTENTION, &self.contention)?,
            failovers: number(&failover::FAILOVERS, &self.failovers)? as u64,
            store: self.store.trim().parse::<Store>()?,
        })
    }
}

#[derive(Debug, Args)]
pub struct RenewalArgs {
    #[arg(long, default_value_t = default_text(&renewal::TTL_S), allow_hyphen_values = true, help = help(&renewal::TTL_S))]
    pub ttl_s: String,
    #[arg(long, default_value_t = default_text(&renewal::TYPICAL_S), allow_hyphen_values = true, help = help(&renewal::TYPICAL_S))]
    pub typical_s: String,
    #[arg(long, default_value_t = default_text(&renewal::SPREAD), allow_hyphen_values = true, help = help(&renewal::SPREAD))]
    pub spread: String,
    #[arg(long, default_value_t = default_text(&renewal::STALL_PROB), allow_hyphen_values = true, help = help(&renewal::STALL_PROB))]
    pub stall_prob: String,
    #[arg(long, default_value_t = default_text(&renewal::STALL_MEAN_S), allow_hyphen_values = true, help = help(&renewal::STALL_MEAN_S))]
    pub stall_mean_s: String,
    #[arg(long, default_value_t = default_text(&renewal::RUNS), allow_hyphen_values = true, help = help(&renewal::RUNS))]
    pub runs: String,
    /// The defence: none, renewal (a watchdog extends the lock), fencing (the database refuses
    /// the older token), idempotent (every effect carries a key; a repeat changes nothing) or
    /// all (the three stacked).
    #[arg(long, default_value = "none", allow_hyphen_values = true)]
    pub mode: String,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub common: Common,
}

impl RenewalArgs {
    pub fn params(&self) -> Result<RenewalParams, UsageError> {
        Ok(RenewalParams {
            ttl_s: number(&renewal::TTL_S, &self.ttl_s)?,
            typical_s: number(&renewal::TYPICAL_S, &self.typical_s)?,
            spread: number(&renewal::SPREAD, &self.spread)?,
            stall_prob: number(&renewal::STALL_PROB, &self.stall_prob)?,
            stall_mean_s: number(&renewal::STALL_MEAN_S, &self.stall_mean_s)?,
            runs: number(&renewal::RUNS, &self.runs)? as u64,
            mode: self.mode.trim().parse::<Mode>()?,
        })
    }
}

/// A bad command-line value: the one-line message names the flag and what it accepts.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for UsageError {
    fn from(e: E) -> Self {
        Self(e.to_string())
    }
}

impl CounterArgs {
    pub fn params(&self) -> Result<CounterParams, ParamError> {
        Ok(CounterParams {
            workers: number(&counter::WORKERS, &self.workers)? as u32,
            increments: number(&counter::INCREMENTS, &self.increments)? as u32,
            think_ms: number(&counter::THINK_MS, &self.think_ms)?,
            gap_ms: number(&counter::GAP_MS, &self.gap_ms)?,
            lock: self.lock,
        })
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
    let s = sim.summary(&parallel::run_to_end(&sim, seed, threads), seed);
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
    let s = sim.summary(&parallel::run_to_end(&sim, seed, threads), seed);
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
    let s = sim.summary(&parallel::run_to_end(&sim, seed, threads), seed);
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

/// Runs a `sim` command: prints its result, or one line naming the bad flag and exits 2.
pub fn run_sim(model: &SimModel) -> ExitCode {
    let (result, as_json) = match model {
        SimModel::Counter(a) => (sim_counter(a), a.common.json),
        SimModel::Ttl(a) => (sim_ttl(a), a.common.json),
        SimModel::Stale(a) => (sim_stale(a), a.common.json),
        SimModel::Fencing(a) => (sim_fencing(a), a.common.json),
        SimModel::Failover(a) => (sim_failover(a), a.common.json),
        SimModel::Renewal(a) => (sim_renewal(a), a.common.json),
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
