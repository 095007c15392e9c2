//! Predict, then run: the prompt before a simulation section's first result, judged against
//! the run, remembered in the progress file (format 2), and the lecture flow.

use crate::harness::app_with;
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::predict::{self, XP_PER_PREDICTION};
use locks_lesson::progress::{self, Progress, ProgressFile};
use locks_lesson::sections::number;

fn asking(section: u8, lecture: bool) -> Harness<'static, LessonApp> {
    app_with(AppOptions {
        section: Some(section),
        ask_predictions: true,
        lecture,
        ..Default::default()
    })
}

fn record(h: &Harness<'static, LessonApp>, id: &str) -> Option<predict::Record> {
    h.state().progress().get().predictions.get(id).cloned()
}

#[test]
fn the_result_stays_hidden_until_a_prediction_is_made() {
    let mut h = asking(2, false);
    assert!(h.query_by_label_contains("Predict first").is_some());
    assert!(
        h.state_mut().section_mut(number("ttl")).summary().is_none(),
        "no headline while the prompt waits"
    );
    assert!(h.query_by_label_contains("Simulated check").is_none());
    // The figure shows its axes and an empty state, not a blank.
    let plot = h.get_by_label("Plot: the result");
    assert!(
        plot.accesskit_node()
            .description()
            .is_some_and(|d| d.starts_with("Your prediction first"))
    );
    // Enter alone does nothing until a choice is made.
    h.key_press(Key::Enter);
    h.run_steps(3);
    assert!(h.query_by_label_contains("Predict first").is_some());
}

#[test]
fn keys_predict_and_the_run_decides_the_band() {
    let mut h = asking(2, false);
    let p = predict::prompt_for(number("ttl")).unwrap();
    h.key_press(Key::Num3);
    h.run_steps(2);
    h.key_press(Key::Enter);
    h.run_steps(4);
    assert!(h.query_by_label_contains("Predict first").is_none());
    let r = record(&h, &p.id).expect("recorded");
    assert_eq!(r.choice, Some(2));
    // The right band is the one that holds the model's exact value at these settings.
    let ttl = locks_lesson::sim::ttl::TtlParams::default();
    let truth = predict::truth(&predict::ModelParams::new(ttl));
    assert_eq!(r.right, Some(2));
    assert_eq!(p.right_choices(&truth), vec![2]);
    let per_day = ttl.per_day(ttl.exact_unsafe_fraction());
    assert!((r.observed - per_day).abs() < 1e-9 * per_day);
    assert!(
        r.close(),
        "about 2.4 a day is every 3 hours to every 7 days"
    );
    assert_eq!(h.state().progress().get().xp, XP_PER_PREDICTION);
    assert!(
        h.query_by_label_contains("You predicted \u{201c}Every 3 hours to 7 days\u{201d}")
            .is_some()
    );
    assert!(crate::harness::summary(&mut h, "ttl").starts_with("With a 10\u{a0}s TTL"));
}

#[test]
fn a_miss_earns_nothing_and_is_asked_only_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    let options = || AppOptions {
        section: Some(number("ttl")),
        ask_predictions: true,
        progress_file: Some(path.clone()),
        ..Default::default()
    };
    let mut h = app_with(options());
    h.key_press(Key::Num1);
    h.key_press(Key::Enter);
    h.run_steps(4);
    let r = record(&h, "predict-ttl-overrun").unwrap();
    assert!(!r.close());
    assert_eq!(h.state().progress().get().xp, 0);
    drop(h);
    // The next start remembers it: no prompt, the result at once.
    let mut h = app_with(options());
    assert!(h.query_by_label_contains("Predict first").is_none());
    assert!(h.state_mut().section_mut(number("ttl")).summary().is_some());
}

#[test]
fn just_show_me_skips_without_scoring() {
    let mut h = asking(2, false);
    h.get_by_label("Just show me").click();
    h.run_steps(4);
    let r = record(&h, "predict-ttl-overrun").unwrap();
    assert_eq!(r.choice, None);
    assert!(!r.close());
    assert!(h.state_mut().section_mut(number("ttl")).summary().is_some());
}

#[test]
fn a_pasted_scenario_code_skips_the_prompt() {
    let mut h = asking(2, false);
    let pairs = vec![("ttl-s".to_owned(), "60".to_owned())];
    crate::harness::apply_scenario(&mut h, 2, &pairs).unwrap();
    h.run_steps(3);
    assert!(h.query_by_label_contains("Predict first").is_none());
    assert!(crate::harness::summary(&mut h, "ttl").starts_with("With a 60\u{a0}s TTL"));
    assert!(
        record(&h, "predict-ttl-overrun").is_none(),
        "nothing predicted"
    );
}

#[test]
fn lecture_mode_votes_reveals_with_r_and_saves_nothing() {
    let mut h = asking(2, true);
    assert!(h.query_by_label_contains("Predict first").is_some());
    // Enter does not reveal in lecture mode: R does, after the show of hands.
    h.key_press(Key::Num3);
    h.key_press(Key::Enter);
    h.run_steps(3);
    assert!(h.query_by_label_contains("Predict first").is_some());
    h.key_press(Key::R);
    h.run_steps(4);
    assert!(h.query_by_label_contains("Predict first").is_none());
    assert!(
        h.query_by_label_contains("The class predicted").is_some()
            || h.query_by_label_contains("The class: ").is_some(),
        "the recorded majority is named"
    );
    assert!(h.state().progress().get().predictions.is_empty());
    assert_eq!(h.state().progress().get().xp, 0);
}

#[test]
fn a_version_1_file_loads_whole_and_is_rewritten_as_version_2() {
    let v1 = include_str!("../fixtures/progress-v1.ron");
    assert!(v1.contains("version: 1"));
    let p = Progress::from_bytes(v1.as_bytes()).expect("a format-1 file is read");
    assert_eq!(p.answers.len(), 5);
    assert_eq!(p.xp, 40);
    assert_eq!(p.last_section.as_deref(), Some("interview"));
    assert!(p.predictions.is_empty());

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    std::fs::write(&path, v1).unwrap();
    let mut store = ProgressFile::open(path.clone());
    assert!(
        store.notice().is_none(),
        "no complaint about the old format"
    );
    assert_eq!(store.get().answers.len(), 5);
    store.update(|p| {
        p.record_prediction(
            "predict-ttl-overrun",
            predict::Record {
                choice: Some(2),
                right: Some(2),
                observed: 2.4,
                observed_text: "about 2.4 a day".into(),
                at: progress::now_ms(),
            },
        )
    });
    drop(store);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(&format!("version: {}", progress::VERSION)));
    let back = Progress::from_bytes(text.as_bytes()).unwrap();
    assert_eq!(back.answers, p.answers, "every answer survives");
    assert_eq!(back.last_section.as_deref(), Some("interview"));
    assert_eq!(back.xp, 40 + XP_PER_PREDICTION);
}

#[test]
fn two_windows_merge_each_others_predictions() {
    let at = |choice, at| predict::Record {
        choice: Some(choice),
        right: Some(2),
        observed: 2.4,
        observed_text: "about 2.4 a day".into(),
        at,
    };
    let mut a = Progress::default();
    a.record_prediction("predict-ttl-overrun", at(2, 100));
    let mut b = Progress::default();
    b.record_prediction("predict-ttl-overrun", at(0, 50));
    b.record_prediction("predict-lost-updates", at(4, 60));
    a.merge(&b);
    assert_eq!(a.predictions.len(), 2);
    assert_eq!(
        a.predictions["predict-ttl-overrun"].choice,
        Some(0),
        "the first prediction counts"
    );
}

#[test]
fn every_simulation_section_asks_and_judges_by_its_own_run() {
    for (n, _) in locks_lesson::sections::models() {
        let p = predict::prompt_for(n).unwrap();
        let mut h = asking(n, false);
        assert!(
            h.query_by_label_contains("Predict first").is_some(),
            "section {n} asks first"
        );
        assert!(
            h.state_mut().section_mut(n).summary().is_none(),
            "section {n}"
        );
        h.key_press(Key::Num1);
        h.run_steps(2);
        h.key_press(Key::Enter);
        h.run_steps(4);
        let r = record(&h, &p.id).unwrap_or_else(|| panic!("section {n}: no record"));
        assert_eq!(r.choice, Some(0), "section {n}");
        // Judged by the model at the settings on screen (the lesson's own).
        let id = locks_lesson::sections::id(n).unwrap();
        let truth = predict::truth(&predict::ModelParams::lesson(id).unwrap());
        let right = p.right_choices(&truth);
        assert!(!right.is_empty(), "section {n}: {truth:?}");
        assert_eq!(r.right, p.pick(&truth, &right, Some(0)), "section {n}");
        assert!(!r.observed_text.is_empty());
        assert!(
            h.state_mut().section_mut(n).summary().is_some(),
            "section {n}"
        );
    }
}

#[test]
fn the_lesson_defaults_give_the_results_the_lesson_is_built_on() {
    // The surprise is the lesson: at the defaults, the naive answer is the wrong one.
    let expect = [(1, 4), (2, 2), (3, 0), (4, 2), (5, 2), (9, 2)];
    for (n, right) in expect {
        let p = predict::prompt_for(n).unwrap();
        let mut h = asking(n, false);
        h.get_by_label("Just show me").click();
        h.run_steps(4);
        let r = record(&h, &p.id).unwrap();
        assert_eq!(r.right, Some(right), "section {n}: {}", r.observed_text);
    }
}
