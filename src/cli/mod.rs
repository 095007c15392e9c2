//! The command line: open the lesson, or run one model headless with `sim`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgMatches, FromArgMatches, Parser, Subcommand, ValueEnum};

pub mod lab;
mod report;
pub mod review;
pub mod sweep;

pub use crate::sections::flags::*;
pub use crate::sections::run::*;
pub use report::*;

use crate::options::AppOptions;
use crate::sections::{self, Model};

/// Exit status for malformed or out-of-range command-line values.
pub const USAGE_ERROR: u8 = 2;

/// How the lesson's window is opened (`run_native` of the launch module), handed in by the
/// executables, so the command line stands below the window.
pub type OpenWindow = fn(AppOptions, eframe::Renderer) -> ExitCode;

/// The program: reads the command line, then runs `sim` or `lab`, or opens the lesson with
/// `open`. Both executables call it: `locks-lesson` (on Windows a windowed program, without a
/// console) and `locks-lesson-cli` (a console program, for `--help`, `--version` and `sim` in
/// a terminal).
pub fn main(open: OpenWindow) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) if mistyped(e.kind()) => {
            // A word the program does not know: clap's own message, with its "did you mean"
            // tip when a flag or command is near, the usage and the pointer to --help.
            let _ = e.print();
            return ExitCode::from(USAGE_ERROR);
        }
        Err(e) => {
            // One line naming the flag and its range, not a page of usage.
            let text = e.render().to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(USAGE_ERROR);
        }
    };
    crate::lesson::language::set(cli.language);
    match &cli.command {
        Some(Command::Sim {
            scenario,
            json,
            model,
        }) => run_sim_command(scenario.as_deref(), *json, model.as_deref()),
        Some(Command::Lab { experiment }) => lab::run_lab(experiment),
        Some(Command::Review(args)) => review::run_review(args),
        None => {
            let renderer = match cli.renderer {
                RendererChoice::Glow => eframe::Renderer::Glow,
                RendererChoice::Wgpu => eframe::Renderer::Wgpu,
            };
            open(app_options(&cli), renderer)
        }
    }
}

/// Whether clap refused a word it does not know (a flag or a command, perhaps mistyped), as
/// opposed to a known flag's malformed value (refused in one line naming the flag).
fn mistyped(kind: clap::error::ErrorKind) -> bool {
    use clap::error::ErrorKind;
    matches!(
        kind,
        ErrorKind::UnknownArgument | ErrorKind::InvalidSubcommand
    )
}

/// `sim NAME` as given: the model of that name and its flags. The subcommands come from the
/// registry ([`crate::sections`]), one for each simulation section.
#[derive(Clone, Debug)]
pub struct SimModel {
    pub model: &'static dyn Model,
    /// The model's flags, read by the model's descriptor.
    pub args: ArgMatches,
}

impl SimModel {
    /// The model's name on the command line.
    pub fn name(&self) -> &'static str {
        self.model.name()
    }
}

impl FromArgMatches for SimModel {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let found = m
            .subcommand()
            .and_then(|(name, args)| Some((sections::model_named(name)?.1, args)));
        match found {
            Some((model, args)) => Ok(Self {
                model,
                args: args.clone(),
            }),
            None => Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand)),
        }
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Subcommand for SimModel {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        sections::models().fold(cmd, |cmd, (n, m)| cmd.subcommand(m.command(n)))
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        sections::model_named(name).is_some()
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
    /// Open at section N (its range from the list of sections), or at the section with this
    /// id (`lab`).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = parse_section,
        help = section_help()
    )]
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
    #[arg(long, value_name = "FILE", value_parser = crate::scenario::playlist::parse_arg)]
    pub playlist: Option<PathBuf>,
    /// The lab's Redis server (its URL, e.g. redis://127.0.0.1:6379): the lab page uses it
    /// instead of starting a server of its own. Nothing connects until Run is pressed.
    #[arg(long, value_name = "URL", conflicts_with = "etcd")]
    pub redis: Option<String>,
    /// The lab's etcd server (the URL of its JSON gateway, e.g. http://127.0.0.1:2379).
    #[arg(long, value_name = "URL")]
    pub etcd: Option<String>,
    /// The language of the words: en (English) or en-XA (a pseudo-language: the same words
    /// accented and a third longer, to check that every word comes from the catalogue and
    /// that layouts leave room for a translation).
    #[arg(long, value_name = "TAG", default_value = "en", value_parser = parse_language)]
    pub language: crate::lesson::language::Language,
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
        lab_in_lecture: None,
        clock: crate::review::Clock::from_env(),
    }
}

fn parse_code(raw: &str) -> Result<String, String> {
    let code = raw.trim();
    crate::scenario::check(code)
        .map(|_| code.to_owned())
        .map_err(|e| format!("must be a scenario code of this lesson: {e}"))
}

fn parse_language(raw: &str) -> Result<crate::lesson::language::Language, String> {
    crate::lesson::language::Language::from_tag(raw)
        .ok_or_else(|| "must be one of: en, en-XA".to_owned())
}

/// `--section`'s help, its numbers counted from the list of sections.
fn section_help() -> String {
    format!(
        "Open at section N (1-{}, or {} for the lab), or at the section with this id (`lab`)",
        sections::lesson_count(),
        sections::lab()
    )
}

fn parse_section(raw: &str) -> Result<u8, String> {
    let raw = raw.trim();
    raw.parse::<u8>()
        .ok()
        .filter(|n| (1..=sections::lab()).contains(n))
        .or_else(|| sections::number_of(raw))
        .ok_or_else(|| {
            format!(
                "must be a section from 1 to {}, {} (or lab) for the lab, or a section's id such as ttl",
                sections::lesson_count(),
                sections::lab()
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
    /// What the spaced review has due today (reads the progress file, changes nothing).
    Review(review::ReviewArgs),
}

/// Runs a `sim` command: prints its result; or one line naming the bad flag and exits 2; or
/// one line naming the model and what failed and exits 1.
pub fn run_sim(model: &SimModel) -> ExitCode {
    let name = model.name();
    let out = match output(model) {
        Ok(out) => out,
        Err(e) => return finish(name, || Err(e)),
    };
    match &out.sweep {
        Some(sweep) => {
            let sweep = sweep.clone();
            let precision = out.precision;
            finish(name, || {
                sweep::sweep(&sweep, precision).map(|csv| print!("{csv}"))
            })
        }
        None => finish(name, || report(model).map(|r| print(&r, &out))),
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
            let job = match ModelRun::of_scenario(code) {
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
            let name = job.model();
            finish(name, || {
                print(&job.report(), &out);
                Ok(())
            })
        }
        (None, None) => {
            let names: Vec<&str> = sections::models().map(|(_, m)| m.name()).collect();
            eprintln!(
                "error: sim needs a MODEL ({}) or --scenario CODE",
                names.join(", ")
            );
            ExitCode::from(USAGE_ERROR)
        }
    }
}
