//! The flags of each `sim` model, read as text so that a bad value's message names the flag
//! and its range.

use clap::Args;

use super::Output;
use crate::sim::counter::{self, CounterParams};
use crate::sim::failover::{self, FailoverParams, Store};
use crate::sim::fencing::{self, FencingParams};
use crate::sim::renewal::{self, Mode, RenewalParams};
use crate::sim::stale::{self, StaleParams};
use crate::sim::ttl::{self, TtlParams};
use crate::sim::{ParamError, ParamSpec};

pub use super::Common;

/// A number read as text so that the message for a bad value names the flag and its range.
pub(crate) fn number(spec: &ParamSpec, raw: &str) -> Result<f64, ParamError> {
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
    pub fn count(&self) -> Result<usize, ParamError> {
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
    /// (The story has no randomness: no seed.)
    #[command(flatten)]
    pub out: Output,
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

/// A flag in seconds for a model parameter kept in milliseconds.
const fn in_seconds(ms: &ParamSpec, flag: &'static str) -> ParamSpec {
    ParamSpec {
        flag,
        unit: "s",
        min: ms.min / 1000.0,
        max: ms.max / 1000.0,
        default: ms.default / 1000.0,
        ..*ms
    }
}

/// The fencing model's times in seconds, like the other lock-hold models (ttl, renewal).
pub const FENCING_TTL_S: ParamSpec = in_seconds(&fencing::TTL_MS, "ttl-s");
pub const FENCING_TYPICAL_S: ParamSpec = in_seconds(&fencing::TYPICAL_MS, "typical-s");
pub const FENCING_STALL_MEAN_S: ParamSpec = in_seconds(&fencing::STALL_MEAN_MS, "stall-mean-s");

#[derive(Debug, Args)]
pub struct FencingArgs {
    #[arg(long, default_value_t = default_text(&fencing::HOLDERS), allow_hyphen_values = true, help = help(&fencing::HOLDERS))]
    pub holders: String,
    #[arg(long, default_value_t = default_text(&FENCING_TTL_S), allow_hyphen_values = true, help = help(&FENCING_TTL_S))]
    pub ttl_s: String,
    #[arg(long, default_value_t = default_text(&FENCING_TYPICAL_S), allow_hyphen_values = true, help = help(&FENCING_TYPICAL_S))]
    pub typical_s: String,
    #[arg(long, default_value_t = default_text(&fencing::SPREAD), allow_hyphen_values = true, help = help(&fencing::SPREAD))]
    pub spread: String,
    #[arg(long, default_value_t = default_text(&fencing::STALL_PROB), allow_hyphen_values = true, help = help(&fencing::STALL_PROB))]
    pub stall_prob: String,
    #[arg(long, default_value_t = default_text(&FENCING_STALL_MEAN_S), allow_hyphen_values = true, help = help(&FENCING_STALL_MEAN_S))]
    pub stall_mean_s: String,
    /// The older flags in milliseconds (scenario codes of section 4 use them).
    #[arg(
        long,
        hide = true,
        allow_hyphen_values = true,
        conflicts_with = "ttl_s"
    )]
    pub ttl_ms: Option<String>,
    #[arg(
        long,
        hide = true,
        allow_hyphen_values = true,
        conflicts_with = "typical_s"
    )]
    pub typical_ms: Option<String>,
    #[arg(
        long,
        hide = true,
        allow_hyphen_values = true,
        conflicts_with = "stall_mean_s"
    )]
    pub stall_mean_ms: Option<String>,
    /// Storage checks fencing tokens and refuses an older token's write.
    #[arg(long)]
    pub fencing: bool,
    #[command(flatten)]
    pub common: Common,
}

impl FencingArgs {
    pub fn params(&self) -> Result<FencingParams, ParamError> {
        // A time in milliseconds, from the flag in seconds or its older twin in milliseconds.
        let ms = |s_spec: &ParamSpec, s: &str, ms_spec: &ParamSpec, ms: &Option<String>| match ms {
            Some(raw) => number(ms_spec, raw),
            None => Ok(number(s_spec, s)? * 1000.0),
        };
        Ok(FencingParams {
            holders: number(&fencing::HOLDERS, &self.holders)? as u32,
            ttl_ms: ms(&FENCING_TTL_S, &self.ttl_s, &fencing::TTL_MS, &self.ttl_ms)?,
            typical_ms: ms(
                &FENCING_TYPICAL_S,
                &self.typical_s,
                &fencing::TYPICAL_MS,
                &self.typical_ms,
            )?,
            spread: number(&fencing::SPREAD, &self.spread)?,
            stall_prob: number(&fencing::STALL_PROB, &self.stall_prob)?,
            stall_mean_ms: ms(
                &FENCING_STALL_MEAN_S,
                &self.stall_mean_s,
                &fencing::STALL_MEAN_MS,
                &self.stall_mean_ms,
            )?,
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
