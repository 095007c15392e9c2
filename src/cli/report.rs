//! `sim`'s runs on the command line: a model's run from its flags or from a scenario code, and
//! its report printed as JSON or as text.

use serde_json::Value;

use super::{Output, SimModel, UsageError};
use crate::sections::{Kind, ModelRun, Report};

impl ModelRun {
    /// The run a model's flags describe.
    pub fn of(model: &SimModel) -> Result<Self, UsageError> {
        model.model.run_of_flags(&model.args)
    }

    /// The run a scenario code stands for: its section's model at the code's settings and
    /// seed, on one thread per core.
    pub fn of_scenario(code: &str) -> Result<Self, UsageError> {
        let (n, pairs) = crate::scenario::check(code).map_err(UsageError)?;
        let Some(Kind::Model(model)) = crate::sections::get(n).map(|d| d.kind) else {
            return Err(UsageError(format!("section {n} has no model to run")));
        };
        model.run_of_scenario(&pairs)
    }
}

/// Prints a report: one JSON object, or one line per field.
pub(crate) fn print(report: &Report, out: &Output) {
    if out.json {
        println!("{}", Value::Object(report.fields.clone()));
    } else {
        for (k, v) in &report.fields {
            println!("{k:>24}  {}", text(v, out.precision));
        }
    }
}

/// How a model's result is printed.
pub fn output(model: &SimModel) -> Result<Output, UsageError> {
    use clap::FromArgMatches;
    Ok(Output::from_arg_matches(&model.args)?)
}

/// The result of one `sim` model run.
pub fn report(model: &SimModel) -> Result<Report, UsageError> {
    ModelRun::of(model).map(ModelRun::report)
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
