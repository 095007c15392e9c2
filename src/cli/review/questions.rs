//! `locks-lesson review --questions`: the spaced review's fresh prediction questions, as the
//! review would ask them, with the answers the models judge right (text, or `--json`).

use std::process::ExitCode;

use serde_json::{Value, json};

use super::ReviewArgs;
use crate::predict::{self, Prompt};
use crate::review::questions::{self, Fresh};
use crate::sim::ParamSpec;

/// `--count`: questions per prediction.
const COUNT: ParamSpec = ParamSpec::new("count", "", 1.0, 20.0, 1.0).whole();
/// `--draw`: where the settings' draws start.
const DRAW: ParamSpec = ParamSpec::new("draw", "", 0.0, u32::MAX as f64, 0.0).whole();

/// Runs `review --questions`.
pub fn run(args: &ReviewArgs) -> ExitCode {
    let number = |spec: &ParamSpec, raw: &str| {
        raw.trim()
            .parse::<f64>()
            .map_err(|_| crate::sim::ParamError::new(spec, raw))
            .and_then(|v| spec.check(v))
    };
    let count = number(&COUNT, args.count.as_deref().unwrap_or("1"));
    let draw = number(&DRAW, args.draw.as_deref().unwrap_or("0"));
    let (count, draw) = match (count, draw) {
        (Ok(c), Ok(d)) => (c as usize, d as u64),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(crate::cli::USAGE_ERROR);
        }
    };
    let asked: Vec<(&Prompt, Fresh)> = predict::prompts()
        .iter()
        .flat_map(|p| questions::series(p.section, count, draw))
        .map(|f| (f.prompt(), f))
        .collect();
    if args.json {
        let all: Vec<Value> = asked.iter().map(|(p, f)| to_json(p, f)).collect();
        println!("{}", json!({ "draw": draw, "questions": all }));
    } else {
        for (p, f) in &asked {
            print!("{}", to_text(p, f));
        }
    }
    ExitCode::SUCCESS
}

/// One question as JSON: where it comes from, its settings as the `sim` command's flags, the
/// question and its choices, the right ones, and the model's answer.
pub fn to_json(prompt: &Prompt, f: &Fresh) -> Value {
    let settings: serde_json::Map<String, Value> = f
        .settings
        .flags()
        .into_iter()
        .map(|(k, v)| (k, Value::String(v)))
        .collect();
    let t = &f.truth;
    json!({
        "section": f.settings.section_id(),
        "section_number": f.section,
        "prediction": prompt.id,
        "draw": f.variant,
        "model": f.settings.section_id(),
        "settings": settings,
        "question": crate::lesson::plain(&f.question()),
        "choices": prompt.choices.iter().map(|c| c.label.clone()).collect::<Vec<_>>(),
        "right": f.right,
        "right_labels": prompt.labels(&f.right),
        "value": finite(t.value),
        "interval": [finite(t.lo), finite(t.hi)],
        "exact": t.exact,
        "answer": t.text,
        "why": crate::lesson::plain(&prompt.why(t, &f.right)),
    })
}

fn finite(v: f64) -> Value {
    if v.is_finite() { json!(v) } else { Value::Null }
}

/// One question in words: the question, its numbered choices with the right ones marked,
/// the settings and the model's answer.
pub fn to_text(prompt: &Prompt, f: &Fresh) -> String {
    let flags: Vec<String> = f
        .settings
        .flags()
        .into_iter()
        .map(|(k, v)| format!("--{k} {v}"))
        .collect();
    let mut out = format!(
        "[{} · {} · draw {}] {}\n",
        f.settings.section_id(),
        prompt.id,
        f.variant,
        crate::lesson::plain(&f.question())
    );
    for (i, c) in prompt.choices.iter().enumerate() {
        let mark = if f.right.contains(&i) { "*" } else { " " };
        out.push_str(&format!("  {mark} {} {}\n", i + 1, c.label));
    }
    out.push_str(&format!("  settings: {}\n", flags.join(" ")));
    out.push_str(&format!("  model: {}\n\n", f.truth.text));
    out
}
