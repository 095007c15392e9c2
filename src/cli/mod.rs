//! The command line: open the lesson, or run one model headless with `sim`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};

mod args;
pub mod extra;
pub mod lab;

pub use args::*;

use crate::options::AppOptions;
use crate::runner::parallel;
use crate::sections::Kind;
use crate::sim::counter;
use crate::sim::counter::CounterParams;
use crate::sim::failover::FailoverParams;
use crate::sim::failover::FailoverSim;
use crate::sim::fencing;
use crate::sim::fencing::FencingParams;
use crate::sim::renewal::RenewalParams;
use crate::sim::renewal::RenewalSim;
use crate::sim::stale;
use crate::sim::stale::StaleParams;
use crate::sim::stats::Estimate;
use crate::sim::ttl::TtlParams;
use crate::sim::ttl::TtlSim;
use crate::sim::{Model, ParamSpec, Schema, Valid};

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
        Some(Command::Lab { experiment }) => lab::run_lab(experiment),
        None => {
            let renderer = match cli.renderer {
                RendererChoice::Glow => eframe::Renderer::Glow,
                RendererChoice::Wgpu => eframe::Renderer::Wgpu,
            };
            crate::launch::run_native(app_options(&cli), renderer)
        }
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
    /// The model these flags run.
    pub fn model(&self) -> Model {
        match self {
            SimModel::Counter(_) => Model::Counter,
            SimModel::Ttl(_) => Model::Ttl,
            SimModel::Stale(_) => Model::Stale,
            SimModel::Fencing(_) => Model::Fencing,
            SimModel::Failover(_) => Model::Failover,
            SimModel::Renewal(_) => Model::Renewal,
        }
    }

    /// The model's name on the command line.
    pub fn name(&self) -> &'static str {
        self.model().name()
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
    #[arg(long, value_name = "FILE", value_parser = crate::ui::share::playlist::parse_arg)]
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

/// How the app opens, from the command line.
pub fn app_options(cli: &Cli) -> AppOptions {
    AppOptions {
        section: cli.section,
        progress_file: cli
            .progress_file
            .clone()
            .or_else(crate::progress::default_path),
        lecture: cli.lecture,
        presenter: cli.presenter,
        inline_runner: false,
        export_dir: None,
        ask_predictions: true,
        scenario: cli.scenario.clone(),
        playlist: cli.playlist.clone(),
        lab_server: match (&cli.redis, &cli.etcd) {
            (Some(url), _) => Some((crate::lab::ServerKind::Redis, url.clone())),
            (None, Some(url)) => Some((crate::lab::ServerKind::Etcd, url.clone())),
            (None, None) => None,
        },
    }
}

fn parse_code(raw: &str) -> Result<String, String> {
    let code = raw.trim();
    crate::scenario::check(code)
        .map(|_| code.to_owned())
        .map_err(|e| format!("must be a scenario code of this lesson: {e}"))
}

fn parse_section(raw: &str) -> Result<u8, String> {
    raw.trim()
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=crate::sections::lesson_count()).contains(n))
        .ok_or_else(|| {
            format!(
                "must be an integer from 1 to {}",
                crate::sections::lesson_count()
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
        experiment: lab::LabCommand,
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

/// Runs a `sim` command: prints its result; or one line naming the bad flag and exits 2; or
/// one line naming the model and what failed and exits 1.
pub fn run_sim(model: &SimModel) -> ExitCode {
    let name = model.name();
    let out = output(model);
    match &out.sweep {
        Some(sweep) => {
            let sweep = sweep.clone();
            let precision = out.precision;
            finish(name, || {
                extra::sweep(&sweep, precision).map(|csv| print!("{csv}"))
            })
        }
        None => finish(name, || report(model).map(|r| r.print(out))),
    }
}

/// Runs `job`: prints, or one line for a bad value (exit 2) or a failing model (exit 1).
fn finish(model: &str, job: impl FnOnce() -> Result<(), UsageError>) -> ExitCode {
    // A failing model is reported in one line below, not as a panic report.
    std::panic::set_hook(Box::new(|_| {}));
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(USAGE_ERROR)
        }
        Err(panic) => {
            let message = crate::runner::panic_message(panic.as_ref());
            eprintln!("error: the {model} simulation failed: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `sim --scenario CODE` (or a MODEL, or neither: a one-line error).
pub fn run_sim_command(scenario: Option<&str>, json: bool, model: Option<&SimModel>) -> ExitCode {
    match (scenario, model) {
        (_, Some(m)) => run_sim(m),
        (Some(code), None) => {
            let job = match Job::of_scenario(code) {
                Ok(job) => job,
                Err(e) => {
                    eprintln!("error: --scenario: {e}");
                    return ExitCode::from(USAGE_ERROR);
                }
            };
            let out = Output {
                json,
                precision: None,
                sweep: None,
            };
            let name = job.model().name();
            finish(name, || {
                job.report().print(&out);
                Ok(())
            })
        }
        (None, None) => {
            let names: Vec<&str> = Model::ALL.iter().map(|m| m.name()).collect();
            eprintln!(
                "error: sim needs a MODEL ({}) or --scenario CODE",
                names.join(", ")
            );
            ExitCode::from(USAGE_ERROR)
        }
    }
}
