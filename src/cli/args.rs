//! The flags of each `sim` model, read as text so that a bad value's message names the flag
//! and its range.

use std::collections::BTreeSet;
use std::marker::PhantomData;
use std::sync::Mutex;

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};

use super::Output;
use crate::sim::counter::CounterParams;
use crate::sim::failover::{FailoverParams, Store};
use crate::sim::fencing::{self, FencingParams};
use crate::sim::renewal::{Mode, RenewalParams};
use crate::sim::stale::StaleParams;
use crate::sim::ttl::TtlParams;
use crate::sim::{ParamError, ParamSpec, ParamTable, Valid};

pub use super::Common;

/// A number read as text so that the message for a bad value names the flag and its range.
pub(crate) fn number(spec: &ParamSpec, raw: &str) -> Result<f64, ParamError> {
    let v: f64 = raw
        .trim()
        .parse()
        .map_err(|_| ParamError::new(spec, format!("'{raw}'")))?;
    spec.check(v)
}

/// A model's parameter table as the command line shows it: each parameter under its own flag,
/// or under a flag in seconds for a parameter the model keeps in milliseconds (the
/// millisecond flag then stays as a hidden alias).
pub trait CliTable: ParamTable {
    /// The flag in seconds that stands for the `i`-th parameter, if it has one.
    fn in_seconds(_i: usize) -> Option<&'static ParamSpec> {
        None
    }
}

impl CliTable for CounterParams {}
impl CliTable for TtlParams {}
impl CliTable for StaleParams {}
impl CliTable for FailoverParams {}
impl CliTable for RenewalParams {}

impl CliTable for FencingParams {
    fn in_seconds(i: usize) -> Option<&'static ParamSpec> {
        match Self::TABLE.get(i)?.flag {
            "ttl-ms" => Some(&FENCING_TTL_S),
            "typical-ms" => Some(&FENCING_TYPICAL_S),
            "stall-mean-ms" => Some(&FENCING_STALL_MEAN_S),
            _ => None,
        }
    }
}

/// Text that lives as long as the program (clap wants `'static` defaults): each distinct
/// text is kept once.
fn lasting(text: String) -> &'static str {
    static KEPT: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = kept.get(text.as_str()) {
        return t;
    }
    let t: &'static str = Box::leak(text.into_boxed_str());
    kept.insert(t);
    t
}

/// A numeric flag, read as text so that the message for a bad value names the flag.
fn numeric_arg(spec: &'static ParamSpec) -> Arg {
    Arg::new(spec.flag)
        .long(spec.flag)
        .value_name(lasting(spec.flag.to_uppercase().replace('-', "_")))
        .default_value(lasting(default_text(spec)))
        .allow_hyphen_values(true)
        .help(help(spec))
}

/// The numeric flags of a model, one for each entry of its parameter table, as given.
#[derive(Debug)]
pub struct TableArgs<P> {
    /// Per table entry: the text of its own flag, or of its flag in seconds.
    raw: Vec<(Option<String>, Option<String>)>,
    model: PhantomData<P>,
}

impl<P: CliTable> TableArgs<P> {
    /// `base` with every table parameter read from its flag (or its default), checked.
    pub fn params(&self, base: P) -> Result<Valid<P>, ParamError> {
        let mut p = base;
        for (i, (spec, (own, seconds))) in P::TABLE.iter().zip(&self.raw).enumerate() {
            let v = match (own, seconds, P::in_seconds(i)) {
                (Some(raw), _, _) => number(spec, raw)?,
                (None, Some(raw), Some(s)) => number(s, raw)? * 1000.0,
                _ => spec.default,
            };
            p.set(i, v);
        }
        Valid::checked(p)
    }
}

impl<P: CliTable> FromArgMatches for TableArgs<P> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let text = |flag: &str| m.get_one::<String>(flag).cloned();
        let raw = P::TABLE
            .iter()
            .enumerate()
            .map(|(i, spec)| match P::in_seconds(i) {
                Some(s) => (text(spec.flag), text(s.flag)),
                None => (text(spec.flag), None),
            })
            .collect();
        Ok(Self {
            raw,
            model: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl<P: CliTable> Args for TableArgs<P> {
    fn augment_args(cmd: Command) -> Command {
        P::TABLE
            .iter()
            .enumerate()
            .fold(cmd, |cmd, (i, &spec)| match P::in_seconds(i) {
                // The flag in seconds is shown; the one in milliseconds (scenario codes of
                // section 4 use it) is hidden and has no default of its own.
                Some(s) => cmd.arg(numeric_arg(s)).arg(
                    Arg::new(spec.flag)
                        .long(spec.flag)
                        .value_name(lasting(spec.flag.to_uppercase().replace('-', "_")))
                        .hide(true)
                        .allow_hyphen_values(true)
                        .conflicts_with(s.flag),
                ),
                None => cmd.arg(numeric_arg(spec)),
            })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

#[derive(Debug, Args)]
pub struct CounterArgs {
    #[command(flatten)]
    pub table: TableArgs<CounterParams>,
    /// Take a FIFO lock around each read-think-write.
    #[arg(long)]
    pub lock: bool,
    #[command(flatten)]
    pub common: Common,
}

impl CounterArgs {
    pub fn params(&self) -> Result<Valid<CounterParams>, ParamError> {
        self.table.params(CounterParams {
            lock: self.lock,
            ..Default::default()
        })
    }
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

crate::param_specs! {
    /// `--threads`: how many worker threads a Monte Carlo run uses (results never depend on it).
    pub THREADS = whole("threads", "Worker threads, 0 for one per core (the result is the same for any count)", "", 0.0, 1024.0, 0.0);
}

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
    #[command(flatten)]
    pub table: TableArgs<TtlParams>,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub common: Common,
}

impl TtlArgs {
    pub fn params(&self) -> Result<Valid<TtlParams>, ParamError> {
        self.table.params(TtlParams::default())
    }
}

#[derive(Debug, Args)]
pub struct StaleArgs {
    #[command(flatten)]
    pub table: TableArgs<StaleParams>,
    /// Storage checks fencing tokens and refuses an older token's write.
    #[arg(long)]
    pub fencing: bool,
    /// (The story has no randomness: no seed.)
    #[command(flatten)]
    pub out: Output,
}

impl StaleArgs {
    pub fn params(&self) -> Result<Valid<StaleParams>, ParamError> {
        self.table.params(StaleParams {
            fencing: self.fencing,
            ..Default::default()
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
    #[command(flatten)]
    pub table: TableArgs<FencingParams>,
    /// Storage checks fencing tokens and refuses an older token's write.
    #[arg(long)]
    pub fencing: bool,
    #[command(flatten)]
    pub common: Common,
}

impl FencingArgs {
    pub fn params(&self) -> Result<Valid<FencingParams>, ParamError> {
        self.table.params(FencingParams {
            fencing: self.fencing,
            ..Default::default()
        })
    }
}

#[derive(Debug, Args)]
pub struct FailoverArgs {
    #[command(flatten)]
    pub table: TableArgs<FailoverParams>,
    /// Where the lock lives: redis (asynchronous replica) or consensus (majority).
    #[arg(long, default_value = "redis", allow_hyphen_values = true)]
    pub store: String,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub common: Common,
}

impl FailoverArgs {
    pub fn params(&self) -> Result<Valid<FailoverParams>, UsageError> {
        let store = self.store.trim().parse::<Store>()?;
        Ok(self.table.params(FailoverParams {
            store,
            ..Default::default()
        })?)
    }
}

#[derive(Debug, Args)]
pub struct RenewalArgs {
    #[command(flatten)]
    pub table: TableArgs<RenewalParams>,
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
    pub fn params(&self) -> Result<Valid<RenewalParams>, UsageError> {
        let mode = self.mode.trim().parse::<Mode>()?;
        Ok(self.table.params(RenewalParams {
            mode,
            ..Default::default()
        })?)
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Fencing {
        #[command(flatten)]
        table: TableArgs<FencingParams>,
    }

    #[derive(Debug, Parser)]
    struct Ttl {
        #[command(flatten)]
        table: TableArgs<TtlParams>,
    }

    fn ttl(args: &[&str]) -> Result<TtlParams, String> {
        let argv = std::iter::once("x").chain(args.iter().copied());
        let parsed = Ttl::try_parse_from(argv).map_err(|e| e.to_string())?;
        parsed
            .table
            .params(TtlParams::default())
            .map(Valid::get)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn every_table_flag_is_read_and_defaults_fill_the_rest() {
        assert_eq!(ttl(&[]), Ok(TtlParams::default()));
        let mut argv = Vec::new();
        let mut want = TtlParams::default();
        for (i, spec) in TtlParams::TABLE.iter().enumerate() {
            argv.push(format!("--{}", spec.flag));
            argv.push(format!("{}", spec.max));
            want.set(i, spec.max);
        }
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        assert_eq!(ttl(&argv), Ok(want));
    }

    #[test]
    fn a_bad_value_names_its_flag_and_range() {
        for spec in TtlParams::TABLE {
            let flag = format!("--{}", spec.flag);
            let e = ttl(&[&flag, "-1e9"]).unwrap_err();
            assert_eq!(e, ParamError::new(spec, "-1000000000").to_string());
            let e = ttl(&[&flag, "lots"]).unwrap_err();
            assert!(e.starts_with(&format!("{flag} must be")), "{e}");
        }
    }

    #[test]
    fn fencing_times_come_in_seconds_or_in_milliseconds() {
        let read = |args: &[&str]| {
            let argv = std::iter::once("x").chain(args.iter().copied());
            Fencing::try_parse_from(argv)
                .map_err(|e| e.to_string())
                .and_then(|f| {
                    f.table
                        .params(FencingParams::default())
                        .map_err(|e| e.to_string())
                })
        };
        assert_eq!(read(&[]).unwrap().get(), FencingParams::default());
        let p = read(&["--ttl-s", "0.5", "--stall-mean-ms", "300"]).unwrap();
        assert_eq!((p.ttl_ms, p.stall_mean_ms), (500.0, 300.0));
        assert!(read(&["--ttl-s", "0.5", "--ttl-ms", "500"]).is_err());
        let e = read(&["--typical-s", "11"]).unwrap_err();
        assert_eq!(e, "--typical-s must be a number from 0.001 to 10 (got 11)");
        let e = read(&["--typical-ms", "0"]).unwrap_err();
        assert!(e.starts_with("--typical-ms must be"), "{e}");
    }
}
