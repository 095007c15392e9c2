//! The command line: open the lesson, or run one model headless with `sim`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};

use crate::sim::counter::{self, CounterParams};
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
    #[command(subcommand)]
    pub command: Option<Command>,
}

fn parse_section(raw: &str) -> Result<u8, String> {
    raw.trim()
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=10).contains(n))
        .ok_or_else(|| "must be an integer from 1 to 10".to_owned())
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
}

/// Options every model shares.
#[derive(Debug, Args)]
pub struct Common {
    /// Seed of the random streams (equal seeds give identical results).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
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
                println!("{k:>24}  {v}");
            }
        }
    }
}

fn sim_counter(args: &CounterArgs) -> Result<Report, ParamError> {
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

/// Runs a `sim` command: prints its result, or one line naming the bad flag and exits 2.
pub fn run_sim(model: &SimModel) -> ExitCode {
    let (result, as_json) = match model {
        SimModel::Counter(a) => (sim_counter(a), a.common.json),
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
