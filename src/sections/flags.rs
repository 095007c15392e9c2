//! The flags of each `sim` model, read as text so that a bad value's message names the flag
//! and its range: the model's own (from its schema), the seed, the threads and how the result
//! is printed. A descriptor builds its `sim NAME` subcommand from them.

use std::collections::BTreeSet;
use std::marker::PhantomData;
use std::sync::Mutex;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::sim::{ParamError, ParamSpec, Schema, Valid};

/// What the `stall` in the flag names means, said once under a model's flags.
pub const STALL_MEANS: &str = "In the flag names, \"stall\" is the lesson's process pause: \
    --stall-prob is the chance of one, --stall-mean-s the mean of its length (exponential).";

/// A number read as text so that the message for a bad value names the flag and its range.
pub(crate) fn number(spec: &ParamSpec, raw: &str) -> Result<f64, ParamError> {
    let v: f64 = raw
        .trim()
        .parse()
        .map_err(|_| ParamError::new(spec, format!("'{raw}'")))?;
    spec.check(v)
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
    /// The model's parameter set by name, as given.
    named: Option<String>,
    /// Whether the model's switch was given.
    switch: bool,
    model: PhantomData<P>,
}

impl<P: Schema> TableArgs<P> {
    /// `base` with the named parameter, every table parameter read from its flag (or its
    /// default) and the switch set from their flags, checked.
    pub fn params(&self, base: P) -> Result<Valid<P>, UsageError> {
        let mut p = base;
        if let (Some(c), Some(raw)) = (P::NAMED, &self.named) {
            (c.set)(&mut p, raw.trim()).map_err(UsageError)?;
        }
        for (i, (spec, (own, seconds))) in P::TABLE.iter().zip(&self.raw).enumerate() {
            let v = match (own, seconds, P::in_seconds(i)) {
                (Some(raw), _, _) => number(spec, raw)?,
                (None, Some(raw), Some(s)) => number(s, raw)? * 1000.0,
                _ => spec.default,
            };
            p.set(i, v);
        }
        if let Some((_, _, field)) = P::SWITCH {
            *field(&mut p) = self.switch;
        }
        Ok(Valid::checked(p)?)
    }
}

impl<P: Schema> FromArgMatches for TableArgs<P> {
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
            named: P::NAMED.and_then(|c| m.get_one::<String>(c.flag).cloned()),
            switch: P::SWITCH.is_some_and(|(flag, ..)| m.get_flag(flag)),
            model: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl<P: Schema> Args for TableArgs<P> {
    fn augment_args(cmd: Command) -> Command {
        let cmd = P::TABLE
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
            });
        let cmd = match P::NAMED {
            Some(c) => cmd.arg(
                Arg::new(c.flag)
                    .long(c.flag)
                    .value_name(lasting(c.flag.to_uppercase()))
                    .default_value(c.default)
                    .allow_hyphen_values(true)
                    .help(c.help),
            ),
            None => cmd,
        };
        // The flag names keep the model's word; the help says once what it means.
        let cmd = if P::TABLE.iter().any(|s| s.flag == "stall-prob") {
            cmd.after_help(STALL_MEANS)
        } else {
            cmd
        };
        match P::SWITCH {
            Some((flag, help, _)) => cmd.arg(
                Arg::new(flag)
                    .long(flag)
                    .action(ArgAction::SetTrue)
                    .help(help),
            ),
            None => cmd,
        }
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// Help text for a flag, from its range.
pub fn help(spec: &ParamSpec) -> String {
    let unit = if spec.unit.is_empty() {
        String::new()
    } else {
        format!(" ({})", spec.unit)
    };
    let label = crate::lesson::catalogue::t(&spec.label_key());
    format!("{label}{unit}: {}", spec.range_text())
}

/// A flag's default as text, from its range.
fn default_text(spec: &ParamSpec) -> String {
    format!("{}", spec.default)
}

crate::param_specs! {
    /// `--threads`: how many worker threads a Monte Carlo run uses (results never depend on it).
    pub THREADS = new("threads", "", 0.0, 1024.0, 0.0).whole();
}

/// `--threads`' help (a flag of the terminal's only, with no slider).
fn threads_help() -> String {
    format!(
        "Worker threads, 0 for one per core (the result is the same for any count): {}",
        THREADS.range_text()
    )
}

/// The thread count of Monte Carlo models.
#[derive(Debug, Args)]
pub struct Threads {
    #[arg(long, default_value_t = default_text(&THREADS), allow_hyphen_values = true, help = threads_help())]
    pub threads: String,
}

impl Threads {
    pub fn count(&self) -> Result<usize, ParamError> {
        Ok(number(&THREADS, &self.threads)? as usize)
    }
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
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_precision)]
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

/// `--precision N`: 1 to 17 significant digits.
pub fn parse_precision(raw: &str) -> Result<usize, String> {
    raw.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=17).contains(n))
        .ok_or_else(|| "must be an integer from 1 to 17".to_owned())
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
    use crate::sim::ParamTable;
    use crate::sim::fencing::FencingParams;
    use crate::sim::ttl::TtlParams;
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
        assert_eq!((p.ttl_ms, p.pause_mean_ms), (500.0, 300.0));
        assert!(read(&["--ttl-s", "0.5", "--ttl-ms", "500"]).is_err());
        let e = read(&["--typical-s", "11"]).unwrap_err();
        assert_eq!(e, "--typical-s must be a number from 0.001 to 10 (got 11)");
        let e = read(&["--typical-ms", "0"]).unwrap_err();
        assert!(e.starts_with("--typical-ms must be"), "{e}");
    }
}
