#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use locks_lesson::cli::{Cli, Command, run_sim_command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => {
            // One line naming the flag and its range, not a page of usage.
            let text = e.render().to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(locks_lesson::cli::USAGE_ERROR);
        }
    };
    match &cli.command {
        Some(Command::Sim {
            scenario,
            json,
            model,
        }) => run_sim_command(scenario.as_deref(), *json, model.as_ref()),
        None => locks_lesson::app::run_native(&cli),
    }
}
