//! The command line: open the lesson, or run one model headless with `sim`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};

mod args;
pub mod extra;

pub use args::*;

use crate::runner::parallel;
use crate::sim::counter;
use crate::sim::failover::FailoverSim;
use crate::sim::fencing;
use crate::sim::renewal::RenewalSim;
use crate::sim::stale;
use crate::sim::stats::Estimate;
use crate::sim::ttl::TtlSim;
use crate::sim::{ParamSpec, Valid};

/// Exit status for malformed or out-of-range command-line values.
pub const USAGE_ERROR: u8 = 2;

/// The program: reads the command line, then runs `sim` or `lab`, or opens the lesson. Both
/// executables call it: `locks-lesson` (on Windows a windowed program, without a console) and
/// `locks-lesson-cli` (a console program, for `--help`, `--version` and `sim` in a terminal).
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => {
            // One line naming the flag and its range, not a page of usage.
            let text = e.render().to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(USAGE_ERROR);
        }
    };
    match &cli.command {
        Some(Command::Sim {
            scenario,
            json,
            model,
        }) => run_sim_command(scenario.as_deref(), *json, model.as_deref()),
        Some(Command::Lab { experiment }) => crate::lab::cli::run_lab(experiment),
        None => crate::app::run_native(&cli),
    }
}

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
    /// Open the presenter view: the audience window for the projector, and this window as
    /// the lecturer's console with the speaker notes and the clock.
    #[arg(long)]
    pub presenter: bool,
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
    /// The lab's Redis server (its URL, e.g. redis://127.0.0.1:6379): the lab page uses it
    /// instead of starting a server of its own. Nothing connects until Run is pressed.
    #[arg(long, value_name = "URL", conflicts_with = "etcd")]
    pub redis: Option<String>,
    /// The lab's etcd server (the URL of its JSON gateway, e.g. http://127.0.0.1:2379).
    #[arg(long, value_name = "URL")]
    pub etcd: Option<String>,
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
        /// Run the model and settings of a scenario code from the app instead of a MODEL.
        #[arg(long, value_name = "CODE")]
        scenario: Option<String>,
        /// Print one JSON object instead of text (with --scenario).
        #[arg(long)]
        json: bool,
        #[command(subcommand)]
        model: Option<Box<SimModel>>,
    },
    /// Run an experiment against a real lock server (Redis or etcd) on this computer.
    Lab {
        #[command(subcommand)]
        experiment: crate::lab::cli::LabCommand,
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
    #[command(flatten)]
    pub out: Output,
}

/// How a model's result is printed.
#[derive(Debug, Args)]
pub struct Output {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Significant digits of decimal numbers in text and CSV output: 1 to 17.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = extra::parse_precision)]
    pub precision: Option<usize>,
    /// Run once per value of a parameter and print one CSV row per value, e.g.
    /// --sweep ttl-s=1:60:20 (FROM and TO in the flag's unit, STEPS from 2 to 1000).
    #[arg(long, value_name = "PARAM=FROM:TO:STEPS", allow_hyphen_values = true)]
    pub sweep: Option<String>,
}

fn parse_seed(raw: &str) -> Result<u64, String> {
    raw.trim()
        .parse::<u64>()
        .map_err(|_| format!("must be an integer from 0 to {}", u64::MAX))
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
    fn table<P: CliTable>(&mut self, p: &P) -> &mut Self {
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
    fn print(&self, out: &Output) {
        if out.json {
            println!("{}", Value::Object(self.fields.clone()));
        } else {
            for (k, v) in &self.fields {
                println!("{k:>24}  {}", extra::text(v, out.precision));
            }
        }
    }
}

fn sim_counter(args: &CounterArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let run = counter::run(&p, args.common.seed);
    let mut r = Report::new();
    r.put("model", json!("counter"))
        .table(&*p)
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
    let (mut r, s) = mc_sim(args, "ttl", TtlSim::new, TtlSim::summary)?;
    r.put("unsafe", json!(s.unsafe_holds))
        .put("unsafe_fraction", json!(s.unsafe_fraction.value))
        .put("unsafe_fraction_ci95", ci(&s.unsafe_fraction))
        .put("exact_unsafe_fraction", json!(s.exact_unsafe_fraction))
        .put("unsafe_per_day", json!(s.unsafe_per_day))
        .put("crash_wait_s", json!(s.crash_wait_s));
    Ok(r)
}

fn sim_stale(args: &StaleArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
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
    Ok(r)
}

fn sim_fencing(args: &FencingArgs) -> Result<Report, UsageError> {
    let p = args.params()?;
    let run = fencing::run(&p, args.common.seed);
    let mut r = Report::new();
    r.put("model", json!("fencing"))
        .table(&*p)
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

/// The start of a Monte Carlo model: its parameters and thread count read, the model made
/// by `new` run to the end and summed up by `summary`, and the report's first fields (the
/// model, its table, its choice if it has one, and the seed).
fn mc_sim<P: CliTable, M: crate::sim::mc::Chunked, S>(
    args: &McArgs<P>,
    model: &str,
    new: fn(&Valid<P>) -> M,
    summary: fn(&M, &M::Acc, u64) -> S,
) -> Result<(Report, S), UsageError> {
    let p = args.params()?;
    let threads = args.threads.count()?;
    let seed = args.common.seed;
    let sim = new(&p);
    let s = summary(&sim, &to_end(&sim, seed, threads), seed);
    let mut r = Report::new();
    r.put("model", json!(model)).table(&*p);
    if let Some(c) = P::CHOICE {
        r.put(c.flag, json!((c.name)(&p)));
    }
    r.put("seed", json!(seed));
    Ok((r, s))
}

fn sim_failover(args: &FailoverArgs) -> Result<Report, UsageError> {
    let (mut r, s) = mc_sim(args, "failover", FailoverSim::new, FailoverSim::summary)?;
    r.put("expected_lost", json!(s.expected_lost))
        .put("expected_double_granted", json!(s.expected_double_granted))
        .put("mean_lost", json!(s.mean_lost.value))
        .put("mean_lost_ci95", ci(&s.mean_lost))
        .put("mean_double_granted", json!(s.mean_double_granted.value))
        .put("mean_double_granted_ci95", ci(&s.mean_double_granted));
    Ok(r)
}

fn sim_renewal(args: &RenewalArgs) -> Result<Report, UsageError> {
    let (mut r, s) = mc_sim(args, "renewal", RenewalSim::new, RenewalSim::summary)?;
    r.put("lost_lock", json!(s.lost_lock));
    for (key, count) in s.counts.named() {
        r.put(key, json!(count));
    }
    r.put("fraction", json!(s.fraction.value))
        .put("fraction_ci95", ci(&s.fraction))
        .put("exact_fraction", json!(s.exact_fraction))
        .put("exact_stale_fraction", json!(s.exact.stale_writes_landed))
        .put("exact_harmful_fraction", json!(s.exact.harmful));
    Ok(r)
}

/// The result of one `sim` model run, and how to print it.
pub fn report(model: &SimModel) -> (Result<Report, UsageError>, &Output) {
    match model {
        SimModel::Counter(a) => (sim_counter(a), &a.common.out),
        SimModel::Ttl(a) => (sim_ttl(a), &a.common.out),
        SimModel::Stale(a) => (sim_stale(a), &a.out),
        SimModel::Fencing(a) => (sim_fencing(a), &a.common.out),
        SimModel::Failover(a) => (sim_failover(a), &a.common.out),
        SimModel::Renewal(a) => (sim_renewal(a), &a.common.out),
    }
}

/// Runs a `sim` command: prints its result; or one line naming the bad flag and exits 2; or
/// one line naming the model and what failed and exits 1.
pub fn run_sim(model: &SimModel) -> ExitCode {
    // A failing model is reported in one line below, not as a panic report.
    std::panic::set_hook(Box::new(|_| {}));
    let run = std::panic::catch_unwind(|| report(model));
    let Ok((result, out)) = run else {
        let message = run.err().map(|p| crate::runner::panic_message(p.as_ref()));
        eprintln!(
            "error: the {} simulation failed: {}",
            model.name(),
            message.unwrap_or_default()
        );
        return ExitCode::FAILURE;
    };
    let result = match &out.sweep {
        Some(sweep) => extra::sweep(sweep, out.precision).map(|csv| print!("{csv}")),
        None => result.map(|r| r.print(out)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

/// `sim --scenario CODE` (or a MODEL, or neither: a one-line error).
pub fn run_sim_command(scenario: Option<&str>, json: bool, model: Option<&SimModel>) -> ExitCode {
    match (scenario, model) {
        (_, Some(m)) => run_sim(m),
        (Some(code), None) => match extra::scenario_args(code, json) {
            Ok(argv) => match Cli::try_parse_from(&argv) {
                Ok(Cli {
                    command: Some(Command::Sim { model: Some(m), .. }),
                    ..
                }) => run_sim(&m),
                Ok(_) => unreachable!("the arguments name a model"),
                Err(e) => {
                    eprintln!(
                        "error: --scenario: {}",
                        e.render().to_string().lines().next().unwrap_or("")
                    );
                    ExitCode::from(USAGE_ERROR)
                }
            },
            Err(e) => {
                eprintln!("error: --scenario: {e}");
                ExitCode::from(USAGE_ERROR)
            }
        },
        (None, None) => {
            eprintln!(
                "error: sim needs a MODEL (counter, ttl, stale, fencing, failover, renewal) or --scenario CODE"
            );
            ExitCode::from(USAGE_ERROR)
        }
    }
}
