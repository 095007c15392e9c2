//! Fuzzing as property tests: arbitrary bytes and strings fed to every parser of outside input
//! (scenario codes, the progress file, every `sim` flag). In every case: no panic, no hang,
//! and either a clear error or a valid result. Case counts are fixed, so CI time is bounded.

use std::sync::mpsc;
use std::time::Duration;

use clap::{CommandFactory, Parser};
use locks_lesson::cli::{Cli, Command, ModelRun, SimModel};
use locks_lesson::progress::{Progress, ProgressFile, VERSION};
use locks_lesson::scenario;
use locks_lesson::ui::{self, Section};
use proptest::prelude::*;

/// The lesson's sections before the lab.
const LESSON: u8 = locks_lesson::sections::lesson_count();
use locks_lesson::ui::Shareable;
use proptest::test_runner::{Config, TestRunner};

/// The longest any property may take: a parser that loops for ever fails the test instead of
/// hanging CI.
const HANG: Duration = Duration::from_secs(120);

/// Runs `property` on another thread and fails if it does not end within [`HANG`].
fn without_hanging(name: &str, property: impl FnOnce() + Send + 'static) {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        property();
        let _ = tx.send(());
    });
    match rx.recv_timeout(HANG) {
        Ok(()) => worker.join().unwrap(),
        // The property panicked: show its message.
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{name}: no answer after {HANG:?}"),
    }
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

/// Text that looks like a scenario code often enough to get past the first checks: the tag,
/// a section, then parts made of code characters and separators.
fn code_like() -> impl Strategy<Value = String> {
    let part = "[A-Za-z0-9._]{0,8}";
    (
        prop_oneof![
            Just("LL1".to_owned()),
            Just("ll1".to_owned()),
            Just("LL2".to_owned()),
            "[A-Z]{0,3}[0-9]?",
        ],
        prop_oneof![
            (0u16..300).prop_map(|n| format!("S{n}")),
            "[A-Za-z0-9]{0,4}"
        ],
        proptest::collection::vec((part, "( |-|--)"), 0..14),
    )
        .prop_map(|(tag, section, parts)| {
            let mut code = format!("{tag}-{section}");
            for (p, sep) in parts {
                code.push_str(&sep);
                code.push_str(&p);
            }
            code
        })
}

/// The sections' current settings: what `decode` is given as its template.
fn templates() -> Vec<(u8, Vec<(String, String)>)> {
    ui::all_sections()
        .iter()
        .filter_map(|s| {
            s.share()
                .and_then(Shareable::scenario)
                .map(|p| (s.number(), p))
        })
        .collect()
}

#[test]
fn scenario_codes_of_any_text_give_a_message_or_a_valid_run() {
    without_hanging("scenario codes", || {
        let templates = templates();
        let any_text = prop_oneof![any::<String>(), code_like(), ".{0,400}"];
        runner(2000)
            .run(&any_text, |code| {
                match scenario::section_of(&code) {
                    Ok(n) => {
                        prop_assert!((1..=LESSON).contains(&n))
                    }
                    Err(e) => prop_assert!(!e.to_string().is_empty()),
                }
                for (n, template) in &templates {
                    match scenario::decode(&code, Some(template)) {
                        Ok((section, pairs)) => {
                            prop_assert_eq!(section, *n);
                            prop_assert_eq!(pairs.len(), template.len());
                            for ((k, _), (tk, _)) in pairs.iter().zip(template) {
                                prop_assert_eq!(k, tk);
                            }
                        }
                        Err(e) => prop_assert!(e.to_string().len() > 20, "{e}"),
                    }
                }
                Ok(())
            })
            .unwrap();
    });
}

#[test]
fn decoded_codes_with_any_values_are_applied_or_refused_whole() {
    without_hanging("section values", || {
        let sections = std::cell::RefCell::new(ui::all_sections());
        let value = prop_oneof![
            "[A-Za-z0-9._]{1,12}",
            "-?[0-9]{1,25}(\\.[0-9]{1,20})?(E-?[0-9]{1,4})?",
            Just("NAN".to_owned()),
            Just("INF".to_owned()),
            Just("Y".to_owned()),
            Just("N".to_owned()),
        ];
        let case = (0..10usize, proptest::collection::vec(value, 0..16));
        runner(600)
            .run(&case, |(i, values)| {
                let mut sections = sections.borrow_mut();
                let section: &mut Box<dyn Section> = &mut sections[i];
                let Some(template) = section.share().and_then(Shareable::scenario) else {
                    return Ok(());
                };
                // A code with these values and a correct check letter.
                let pairs: Vec<(String, String)> = template
                    .iter()
                    .map(|(k, _)| k.clone())
                    .zip(
                        values
                            .iter()
                            .cloned()
                            .chain(std::iter::repeat("1".to_owned())),
                    )
                    .collect();
                let code = scenario::encode(section.number(), &pairs);
                let Ok((_, decoded)) = scenario::decode(&code, Some(&template)) else {
                    return Ok(());
                };
                match section.share_mut().unwrap().apply_scenario(&decoded) {
                    // Applied: the section now reports valid settings of the same shape.
                    Ok(()) => {
                        let now = section
                            .share()
                            .and_then(Shareable::scenario)
                            .expect("still has settings");
                        prop_assert_eq!(now.len(), template.len());
                    }
                    // Refused whole: nothing changed.
                    Err(e) => {
                        prop_assert!(!e.is_empty());
                        prop_assert_eq!(
                            section.share().and_then(Shareable::scenario).unwrap(),
                            template
                        );
                    }
                }
                Ok(())
            })
            .unwrap();
    });
}

/// A valid progress file to cut and mutate.
fn good_file() -> Vec<u8> {
    let mut p = Progress::default();
    let q = &locks_lesson::lesson::content().quizzes;
    for (i, x) in q.which.iter().chain(&q.interview).enumerate() {
        p.record(&x.id, i % x.answers.len(), i % 2 == 0, 1_000 + i as u64);
    }
    p.visit(4);
    p.to_ron().into_bytes()
}

/// Checks what `from_bytes` made of `bytes`: a consistent progress, or a clear reason.
fn check_loaded(bytes: &[u8]) -> Result<(), TestCaseError> {
    match Progress::from_bytes(bytes) {
        Ok(p) => {
            prop_assert_eq!(p.version, VERSION);
            prop_assert_eq!(p.xp, p.earned_xp(), "XP is recomputed");
            prop_assert!(p.xp <= Progress::max_xp());
            prop_assert!(
                p.last_visited()
                    .is_none_or(|n| (1..=locks_lesson::sections::lab()).contains(&n))
            );
            prop_assert_eq!(p.last_section.is_some(), p.last_visited().is_some());
        }
        Err(damage) => prop_assert!(damage.to_string().len() > 10, "{damage}"),
    }
    Ok(())
}

#[test]
fn progress_files_of_any_bytes_load_or_are_set_aside() {
    without_hanging("progress files", || {
        let good = good_file();
        let len = good.len();
        let mutated = (
            0..=len,
            proptest::collection::vec((0..len, any::<u8>()), 0..8),
        )
            .prop_map(move |(cut, flips)| {
                let mut bytes = good.clone();
                for (at, b) in flips {
                    bytes[at] = b;
                }
                bytes.truncate(cut);
                bytes
            });
        let any_bytes = prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..2000),
            any::<String>().prop_map(String::into_bytes),
            mutated,
        ];
        runner(3000).run(&any_bytes, |b| check_loaded(&b)).unwrap();

        // Through the file: never a panic, and either the progress or a notice (with the bad
        // file kept aside).
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("progress.ron");
        let few_bytes = proptest::collection::vec(any::<u8>(), 0..600);
        runner(150)
            .run(&few_bytes, |b| {
                std::fs::write(&path, &b).unwrap();
                let store = ProgressFile::open(path.clone());
                let loaded = Progress::from_bytes(&b).is_ok();
                prop_assert_eq!(store.notice().is_none(), loaded, "{:?}", store.notice());
                prop_assert_eq!(path.exists(), loaded, "a bad file is moved aside");
                Ok(())
            })
            .unwrap();
    });
}

/// Every `sim` model and each of its flags that takes a value, from the command's definition.
fn sim_flags() -> Vec<(String, String)> {
    let cli = Cli::command();
    let sim = cli.find_subcommand("sim").expect("a sim command");
    let mut flags = Vec::new();
    for model in sim.get_subcommands() {
        for arg in model.get_arguments() {
            if let Some(long) = arg.get_long()
                && arg.get_action().takes_values()
            {
                flags.push((model.get_name().to_owned(), long.to_owned()));
            }
        }
    }
    flags
}

/// Reads the parameters of a parsed `sim` command as `run_sim` does, without running it.
fn params(model: &SimModel) -> Result<(), String> {
    ModelRun::of(model).map(drop).map_err(|e| e.to_string())
}

#[test]
fn every_sim_flag_takes_any_text_with_a_clear_error_or_a_valid_value() {
    without_hanging("sim flags", || {
        let flags = sim_flags();
        assert!(flags.len() >= 30, "{} flags found", flags.len());
        let value = prop_oneof![
            any::<String>(),
            "-?[0-9]{0,30}(\\.[0-9]{0,30})?([eE][-+]?[0-9]{1,5})?",
            "[ \t]*[-+]?(inf|nan|infinity|NaN|1e400|0x10|1_000)[ \t]*",
            "(redis|consensus|none|renewal|fencing|REDIS| redis )",
        ];
        let case = (0..flags.len(), value);
        runner(4000)
            .run(&case, |(i, value)| {
                let (model, flag) = &flags[i];
                let argv = ["locks-lesson", "sim", model, &format!("--{flag}"), &value];
                match Cli::try_parse_from(argv) {
                    Ok(cli) => {
                        let Some(Command::Sim {
                            model: Some(parsed),
                            ..
                        }) = &cli.command
                        else {
                            return Err(TestCaseError::fail("parsed as another command"));
                        };
                        if let Err(msg) = params(parsed) {
                            prop_assert!(msg.contains(&format!("--{flag}")), "{flag}: {msg}");
                        }
                    }
                    Err(err) => {
                        let first = err.render().to_string();
                        let first = first.lines().next().unwrap_or_default();
                        prop_assert!(first.starts_with("error:"), "{flag}: {first}");
                    }
                }
                Ok(())
            })
            .unwrap();
    });
}

#[test]
fn the_window_flags_take_any_text_with_a_clear_error_or_a_valid_value() {
    without_hanging("window flags", || {
        runner(1500)
            .run(&(0..2usize, any::<String>()), |(i, value)| {
                let flag = ["--section", "--renderer"][i];
                match Cli::try_parse_from(["locks-lesson", flag, &value]) {
                    Ok(cli) => {
                        let lab = locks_lesson::sections::lab();
                        let in_range = cli.section.is_none_or(|n| (1..=lab).contains(&n));
                        prop_assert!(in_range)
                    }
                    Err(err) => {
                        let text = err.render().to_string();
                        prop_assert!(text.starts_with("error:"), "{text}");
                    }
                }
                Ok(())
            })
            .unwrap();
    });
}
