//! A simulation section's descriptor: one value per model that the registry holds and that
//! the command line, scenario codes and the app read, so that none of them lists the models.
//!
//! A model is declared as a [`Sim`] (its settings' type, its name and help on the command
//! line, its headless report) in [`super::models`]; [`Model`] is what the rest of the program
//! sees of it, through `&'static dyn Model` in [`super::SECTIONS`]. Its page is the window's.

use std::fmt;

use clap::{ArgMatches, Args, FromArgMatches};

use super::flags::{Common, Output, TableArgs, Threads, UsageError};
use super::judged::{Judged, ModelParams};
use super::pairs::Pairs;
use super::run::{ModelRun, Report, Run};
use super::settings::{Settings, model_pairs, read_model};
use crate::sim::Valid;
use crate::sim::params::{ParamSpec, ParamTable};

/// How a model's runs vary: what `sim NAME` takes besides the model's own parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// No randomness at all: no seed (section 3's story).
    Story,
    /// One seeded run on one thread: `--seed`.
    Seeded,
    /// A Monte Carlo model split into chunks: `--seed` and `--threads`.
    MonteCarlo,
}

/// One simulation section's model, as the command line, scenario codes and the app see it.
pub trait Model: Sync {
    /// The model's name on the command line (`sim NAME`) and in its report.
    fn name(&self) -> &'static str;

    /// Whether the model's results depend on a seed.
    fn seeded(&self) -> bool;

    /// The `sim NAME` subcommand of section `number`: its help and its flags, from the
    /// model's schema.
    fn command(&self, number: u8) -> clap::Command;

    /// The run `sim NAME` asks for, its flags read and checked.
    fn run_of_flags(&self, args: &ArgMatches) -> Result<ModelRun, UsageError>;

    /// The run a scenario code's pairs describe, on one thread per core.
    fn run_of_scenario(&self, pairs: &[(String, String)]) -> Result<ModelRun, UsageError>;

    /// The pairs the section writes at its defaults (seed 1 where seeded): the keys and
    /// shapes of its scenario codes.
    fn default_pairs(&self) -> Pairs;

    /// Reads pairs as the section does, changing nothing: a message for a bad one.
    fn check(&self, pairs: &[(String, String)]) -> Result<(), String>;

    /// The model's numeric parameters (its table), whose labels the sliders show.
    fn params(&self) -> &'static [&'static ParamSpec];

    /// How the review asks the section's prediction again at settings of its own.
    fn review(&self) -> Review;

    /// The settings the lesson asks the section's prediction at: the model's defaults.
    fn lesson_settings(&self) -> ModelParams;

    /// Whether `settings` are this model's.
    fn judges(&self, settings: &ModelParams) -> bool;
}

/// How the review draws a section's prediction afresh ([`crate::review`]'s fresh questions).
#[derive(Clone, Copy, Debug)]
pub struct Review {
    /// The parameters drawn over their sliders' ranges, by flag: the ones the question names
    /// or its note states. The others keep the lesson's values.
    pub drawn: &'static [&'static str],
    /// A sentence put before the question that states drawn settings the question does not
    /// name (its `{slots}` are the question's), or `None`.
    pub note: Option<fn() -> &'static str>,
}

impl fmt::Debug for dyn Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Model({})", self.name())
    }
}

impl PartialEq for dyn Model {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for dyn Model {}

/// A model's descriptor: its settings type `S` (what scenario codes carry; `S::Model` is what
/// the command line and the model read), and what differs between models.
pub struct Sim<S: Settings> {
    /// The model's name on the command line.
    pub name: &'static str,
    /// The line under `sim --help`, after "Section N: ": a closure that reads the section's
    /// `about` entry from the catalogue.
    pub about: fn() -> &'static str,
    pub runs: Runs,
    /// How the review asks the section's prediction again.
    pub review: Review,
    /// Runs the model and adds its outputs to the report (which already holds the model's
    /// name, its parameters and its seed).
    pub report: fn(&Valid<S::Model>, &Run, &mut Report),
}

impl<S: Settings> Sim<S>
where
    S::Model: Judged,
{
    fn run(&self, params: Valid<S::Model>, run: Run) -> ModelRun {
        let (name, seeded, report) = (self.name, self.seeded(), self.report);
        ModelRun::new(name, move || {
            let mut r = Report::head::<S::Model>(name, &params, seeded.then_some(run.seed));
            report(&params, &run, &mut r);
            r
        })
    }
}

impl<S: Settings> Model for Sim<S>
where
    S::Model: Judged,
{
    fn name(&self) -> &'static str {
        self.name
    }

    fn seeded(&self) -> bool {
        self.runs != Runs::Story
    }

    fn command(&self, number: u8) -> clap::Command {
        let cmd = TableArgs::<S::Model>::augment_args(clap::Command::new(self.name));
        let cmd = match self.runs {
            Runs::MonteCarlo => Threads::augment_args(cmd),
            _ => cmd,
        };
        let cmd = match self.runs {
            Runs::Story => Output::augment_args(cmd),
            _ => Common::augment_args(cmd),
        };
        // Last: the flattened options bring help lines of their own.
        cmd.about(format!("Section {number}: {}", (self.about)()))
            .long_about(None)
    }

    fn run_of_flags(&self, args: &ArgMatches) -> Result<ModelRun, UsageError> {
        let table = TableArgs::<S::Model>::from_arg_matches(args)?;
        let params = table.params(<S::Model as Default>::default())?;
        let seed = match self.runs {
            Runs::Story => 1,
            _ => Common::from_arg_matches(args)?.seed,
        };
        let threads = match self.runs {
            Runs::MonteCarlo => Threads::from_arg_matches(args)?.count()?,
            _ => 0,
        };
        Ok(self.run(params, Run { seed, threads }))
    }

    fn run_of_scenario(&self, pairs: &[(String, String)]) -> Result<ModelRun, UsageError> {
        let (settings, seed) = read_model::<S>(pairs, self.seeded()).map_err(UsageError)?;
        let params = Valid::checked(settings.model())?;
        let run = Run {
            seed: seed.unwrap_or(1),
            threads: 0,
        };
        Ok(self.run(params, run))
    }

    fn default_pairs(&self) -> Pairs {
        model_pairs(&S::default(), self.seeded().then_some(1))
    }

    fn check(&self, pairs: &[(String, String)]) -> Result<(), String> {
        read_model::<S>(pairs, self.seeded()).map(drop)
    }

    fn params(&self) -> &'static [&'static ParamSpec] {
        <S::Model as ParamTable>::TABLE
    }

    fn review(&self) -> Review {
        self.review
    }

    fn lesson_settings(&self) -> ModelParams {
        ModelParams::new(<S::Model as Default>::default())
    }

    fn judges(&self, settings: &ModelParams) -> bool {
        settings.model::<S::Model>().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Schema;
    use crate::sim::params::ParamSpec;

    /// A toy model: one number, doubled.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Toy {
        size: u32,
    }

    // A real model's flag has its label in `assets/ui/stage.ron`; the toy borrows one.
    const SIZE: ParamSpec = ParamSpec::new("size", "", 1.0, 9.0, 3.0)
        .whole()
        .words("holders");
    crate::param_table!(Toy { size: SIZE } default {});
    impl Schema for Toy {}

    /// Its prediction: how big the doubled number is.
    impl Judged for Toy {
        fn truth(&self) -> crate::sections::truth::Truth {
            let v = f64::from(self.size * 2);
            crate::sections::truth::Truth::exact(v, v.to_string())
        }

        fn prompt_values(&self) -> Vec<(&'static str, String)> {
            vec![("size", self.size.to_string())]
        }
    }

    /// A new section's descriptor: what its file in `src/sections/models/` holds.
    const TOY: Sim<Toy> = Sim {
        name: "toy",
        about: || "a number, doubled",
        runs: Runs::Seeded,
        review: Review {
            drawn: &["size"],
            note: None,
        },
        report: |p, run, r| {
            r.put("doubled", serde_json::json!(p.size * 2 + run.seed as u32));
        },
    };

    #[test]
    fn a_toy_model_gets_its_command_its_report_and_its_codes() {
        let toy: &'static dyn Model = &TOY;
        let cmd = clap::Command::new("sim").subcommand(toy.command(12));
        let sub = cmd
            .clone()
            .find_subcommand("toy")
            .cloned()
            .expect("sim toy");
        assert_eq!(
            sub.get_about().map(ToString::to_string).as_deref(),
            Some("Section 12: a number, doubled")
        );
        let m = cmd
            .try_get_matches_from(["sim", "toy", "--size", "4", "--seed", "1"])
            .expect("the flags parse");
        let (_, args) = m.subcommand().expect("a model");
        let report = toy.run_of_flags(args).expect("valid flags").report();
        let fields: Vec<String> = report
            .fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(fields, ["model=\"toy\"", "size=4", "seed=1", "doubled=9"]);
        let bad = clap::Command::new("sim")
            .subcommand(toy.command(12))
            .try_get_matches_from(["sim", "toy", "--size", "10"])
            .expect("read as text");
        let e = toy
            .run_of_flags(bad.subcommand().unwrap().1)
            .err()
            .expect("out of range");
        assert_eq!(
            e.to_string(),
            "--size must be an integer from 1 to 9 (got 10)"
        );

        let pairs = toy.default_pairs();
        let want = [("size", "3"), ("seed", "1")].map(|(k, v)| (k.to_owned(), v.to_owned()));
        assert_eq!(pairs, want);
        assert_eq!(toy.check(&pairs), Ok(()));
        assert!(toy.check(&[("size".into(), "0".into())]).is_err());
        let from_code = toy.run_of_scenario(&pairs).expect("valid pairs").report();
        assert_eq!(from_code.fields.get("doubled"), Some(&serde_json::json!(7)));

        let mut asked = toy.lesson_settings();
        assert!(toy.judges(&asked) && asked.model::<Toy>() == Some(&Toy { size: 3 }));
        assert_eq!(asked.truth().value, 6.0);
        assert!(asked.set("size", 20.0), "clamped into its range");
        assert_eq!(asked.flags(), [("size".to_owned(), "9".to_owned())]);
        assert_eq!(asked.prompt_values(), [("size", "9".to_owned())]);
        assert!(asked.prompt_fits() && asked.truth_of(Some("other")).is_none());
    }
}
