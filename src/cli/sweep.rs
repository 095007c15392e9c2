//! The command line for slides and homework: `--precision`, `--sweep` and `sim --scenario`.

use std::fmt::Write as _;

use clap::{CommandFactory, Parser};
use serde_json::Value;

use super::report::{round_sig, text};
use super::{Cli, Command, UsageError, report};

/// Most steps a sweep may take.
pub const MAX_STEPS: usize = 1000;

/// A parsed `--sweep PARAM=FROM:TO:STEPS`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub param: String,
    pub values: Vec<f64>,
}

/// Reads `PARAM=FROM:TO:STEPS`; `STEPS` evenly spaced values from `FROM` to `TO`.
pub fn parse_sweep(raw: &str) -> Result<Sweep, String> {
    let bad = |why: &str| {
        format!("--sweep: {why} (expected PARAM=FROM:TO:STEPS, e.g. ttl-s=1:60:20; got '{raw}')")
    };
    let (param, range) = raw.split_once('=').ok_or_else(|| bad("no '='"))?;
    let parts: Vec<&str> = range.split(':').collect();
    let [from, to, steps] = parts[..] else {
        return Err(bad("FROM:TO:STEPS needs three parts"));
    };
    let num = |s: &str| s.trim().parse::<f64>().ok().filter(|v| v.is_finite());
    let (Some(from), Some(to)) = (num(from), num(to)) else {
        return Err(bad("FROM and TO must be numbers"));
    };
    let steps = steps
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (2..=MAX_STEPS).contains(n))
        .ok_or_else(|| bad(&format!("STEPS must be an integer from 2 to {MAX_STEPS}")))?;
    let values = (0..steps)
        .map(|i| {
            let v = from + (to - from) * i as f64 / (steps - 1) as f64;
            // Twelve significant digits: 0.1 + 0.2 is written 0.3.
            round_sig(v, 12).parse().unwrap_or(v)
        })
        .collect();
    Ok(Sweep {
        param: param.trim().trim_start_matches("--").to_owned(),
        values,
    })
}

/// The numeric flags a model's sweep may vary.
fn sweepable(model: &str) -> Vec<String> {
    let cli = Cli::command();
    let Some(sub) = cli
        .find_subcommand("sim")
        .and_then(|s| s.find_subcommand(model))
    else {
        return Vec::new();
    };
    // A numeric flag has a number for its default (a choice by name has a name; the output
    // options have none).
    let numeric = |a: &clap::Arg| {
        a.get_default_values()
            .first()
            .and_then(|v| v.to_str())
            .is_some_and(|v| v.parse::<f64>().is_ok())
    };
    sub.get_arguments()
        .filter(|a| a.get_action().takes_values() && !a.is_hide_set() && numeric(a))
        .filter_map(|a| a.get_long())
        .map(str::to_owned)
        .collect()
}

/// The command line of this process without `--sweep` and any value of `param`.
fn base_args(argv: &[String], param: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in argv {
        if std::mem::take(&mut skip) {
            continue;
        }
        let flag = |name: &str| a == &format!("--{name}");
        let joined = |name: &str| a.starts_with(&format!("--{name}="));
        if flag("sweep") || flag(param) {
            skip = true;
        } else if !joined("sweep") && !joined(param) {
            out.push(a.clone());
        }
    }
    out
}

/// `--sweep`: runs the model once per value and returns the CSV (header, one row a value).
pub fn sweep(raw: &str, precision: Option<usize>) -> Result<String, UsageError> {
    sweep_args(&std::env::args().collect::<Vec<_>>(), raw, precision)
}

/// [`sweep`] for a given command line (`argv[0]` is the program).
pub fn sweep_args(
    argv: &[String],
    raw: &str,
    precision: Option<usize>,
) -> Result<String, UsageError> {
    let s = parse_sweep(raw).map_err(UsageError)?;
    let model = argv
        .iter()
        .skip_while(|a| *a != "sim")
        .nth(1)
        .cloned()
        .unwrap_or_default();
    let allowed = sweepable(&model);
    if !allowed.contains(&s.param) {
        return Err(UsageError(format!(
            "--sweep: '{}' is not a numeric parameter of {model} (one of: {})",
            s.param,
            allowed.join(", ")
        )));
    }
    let base = base_args(argv, &s.param);
    let mut csv = String::new();
    for v in &s.values {
        let mut args = base.clone();
        args.extend([format!("--{}", s.param), format!("{v}")]);
        let cli = Cli::try_parse_from(&args).map_err(|e| {
            UsageError(
                e.render()
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_owned(),
            )
        })?;
        let Some(Command::Sim { model: Some(m), .. }) = cli.command else {
            return Err(UsageError("--sweep needs a model".into()));
        };
        let r = report(&m)?;
        if csv.is_empty() {
            let names: Vec<String> = r
                .fields
                .iter()
                .flat_map(|(k, v)| match v {
                    Value::Array(_) => vec![format!("{k}_lo"), format!("{k}_hi")],
                    _ => vec![k.clone()],
                })
                .collect();
            let _ = writeln!(csv, "{}", names.join(","));
        }
        let cells: Vec<String> = r
            .fields
            .values()
            .flat_map(|v| match v {
                Value::Array(items) => items.iter().map(|i| text(i, precision)).collect(),
                other => vec![text(other, precision)],
            })
            .collect();
        let _ = writeln!(csv, "{}", cells.join(","));
    }
    Ok(csv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn significant_digits() {
        assert_eq!(round_sig(0.000_283_456, 3), "0.000283");
        assert_eq!(round_sig(2.0, 3), "2");
        assert_eq!(round_sig(836.251_567, 4), "836.3");
        assert_eq!(round_sig(123_456.0, 2), "120000");
        assert_eq!(round_sig(-1.26e-8, 2), "-0.000000013");
        assert_eq!(round_sig(0.0, 3), "0");
    }

    #[test]
    fn sweeps_are_read_and_checked() {
        let s = parse_sweep("ttl-s=1:2:3").unwrap();
        assert_eq!(s.param, "ttl-s");
        assert_eq!(s.values, [1.0, 1.5, 2.0]);
        assert_eq!(
            parse_sweep("--spread=0:0.3:4").unwrap().values,
            [0.0, 0.1, 0.2, 0.3]
        );
        for bad in [
            "ttl-s",
            "ttl-s=1:2",
            "ttl-s=a:2:3",
            "ttl-s=1:2:1",
            "ttl-s=1:2:1001",
        ] {
            let e = parse_sweep(bad).unwrap_err();
            assert!(e.starts_with("--sweep:"), "{e}");
        }
    }

    #[test]
    fn only_numeric_flags_are_swept() {
        let ttl = sweepable("ttl");
        assert!(ttl.contains(&"ttl-s".to_owned()) && ttl.contains(&"seed".to_owned()));
        assert!(!sweepable("renewal").contains(&"mode".to_owned()));
        assert!(!sweepable("counter").contains(&"lock".to_owned()));
    }

    #[test]
    fn the_sweep_leaves_out_its_own_flags() {
        let argv: Vec<String> = [
            "x",
            "sim",
            "ttl",
            "--ttl-s",
            "3",
            "--sweep",
            "ttl-s=1:2:2",
            "--seed=4",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(base_args(&argv, "ttl-s"), ["x", "sim", "ttl", "--seed=4"]);
    }
}
