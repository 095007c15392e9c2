//! `locks-lesson review --due`: what the spaced review has due today, for a learner's own
//! reminder script. It reads the progress file and changes nothing.
//!
//! `locks-lesson review --questions`: the review's fresh prediction questions, with their
//! settings and the answers the models judge right, for a lecturer's homework sheet.

mod questions;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde_json::{Value, json};

use crate::progress::clock::days_between;
use crate::review::{self, Clock, Plan, PlanItem};

/// The flags of `review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// Print the items due today.
    #[arg(long, conflicts_with = "questions")]
    pub due: bool,
    /// Print the review's fresh prediction questions: each section's settings, the question,
    /// its choices and the ones the model judges right.
    #[arg(long)]
    pub questions: bool,
    /// With --questions: how many questions per prediction (1 to 20).
    #[arg(long, value_name = "N")]
    pub count: Option<String>,
    /// With --questions: the draw the settings start from (0 to 4294967295); the same draw
    /// prints the same questions.
    #[arg(long, value_name = "N")]
    pub draw: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The progress file to read (otherwise the one in the platform's data folder).
    #[arg(long, value_name = "PATH")]
    pub progress_file: Option<PathBuf>,
}

/// Runs `review`.
pub fn run_review(args: &ReviewArgs) -> ExitCode {
    if args.questions {
        return questions::run(args);
    }
    if args.count.is_some() || args.draw.is_some() {
        eprintln!("error: --count and --draw go with --questions");
        return ExitCode::from(super::USAGE_ERROR);
    }
    if !args.due {
        eprintln!("error: review needs --due or --questions");
        return ExitCode::from(super::USAGE_ERROR);
    }
    let path = args
        .progress_file
        .clone()
        .or_else(crate::progress::default_path);
    let progress = match path.as_deref().map(load).transpose() {
        Ok(p) => p.flatten().unwrap_or_default(),
        Err(e) => {
            eprintln!("error: --progress-file: {e}");
            return ExitCode::from(super::USAGE_ERROR);
        }
    };
    let now = Clock::from_env().now();
    let plan = review::plan(&progress, now);
    if args.json {
        println!("{}", to_json(&plan, now));
    } else {
        print!("{}", to_text(&plan, now));
    }
    ExitCode::SUCCESS
}

/// The file's progress (`None`: no file yet), or why it cannot be used.
fn load(path: &Path) -> Result<Option<crate::progress::Progress>, String> {
    match crate::progress::read_only(path) {
        Ok(None) => Ok(None),
        Ok(Some(Ok(p))) => Ok(Some(p)),
        Ok(Some(Err(damage))) => Err(format!("{} cannot be used: {damage}", path.display())),
        Err(e) => Err(format!("{} cannot be read: {e}", path.display())),
    }
}

fn entry_json(e: &PlanItem) -> Value {
    json!({
        "kind": e.item.kind.name(),
        "id": e.item.id,
        "section": e.item.section(),
        "due_ms": e.due,
    })
}

/// The plan as one JSON object: `due` (today, in review order) and `later` (soonest first),
/// each item named by its kind and its id in the assets.
pub fn to_json(plan: &Plan, now: u64) -> Value {
    json!({
        "now_ms": now,
        "due": plan.due.iter().map(entry_json).collect::<Vec<_>>(),
        "later": plan.later.iter().map(entry_json).collect::<Vec<_>>(),
        "next_due_ms": plan.next_due(),
    })
}

/// The plan in words: one line per item due, then when the next one comes back.
pub fn to_text(plan: &Plan, now: u64) -> String {
    let w = review::words();
    let fill = crate::lesson::fill;
    let mut out = if plan.due.is_empty() {
        format!("{}\n", w.cli_none)
    } else {
        format!(
            "{}\n",
            fill(&w.cli_due, &[("n", plan.due.len().to_string())])
        )
    };
    for e in &plan.due {
        out.push_str(&format!("  {:<10} {}\n", e.item.kind.name(), e.item.id));
    }
    if let Some(next) = plan.next_due() {
        out.push_str(&fill(
            &w.cli_next,
            &[("when", w.in_days(days_between(now, next)))],
        ));
        out.push('\n');
    }
    out
}
