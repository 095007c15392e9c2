//! Every section can be finished, and the section list ticks it: a simulation section once
//! its prediction is made and its result seen (or its last preset reached), a words-only
//! section once read to the end; the progress file keeps it, and older files still load.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::lesson;
use locks_lesson::progress::Progress;
use locks_lesson::sections::number;

type App = Harness<'static, LessonApp>;

/// The section list's entry for section `n`, ticked or not.
fn entry(n: u8, ticked: bool) -> String {
    let title = &lesson::content().section(n).title;
    if ticked {
        format!("{n}. {title} ✔")
    } else {
        format!("{n}. {title}")
    }
}

fn is_ticked(h: &App, n: u8) -> bool {
    let ticked = h.query_by_label(&entry(n, true)).is_some();
    assert_ne!(
        ticked,
        h.query_by_label(&entry(n, false)).is_some(),
        "section {n} is listed once"
    );
    ticked
}

fn press(h: &mut App, key: Key) {
    h.key_press(key);
    h.run_steps(3);
}

#[test]
fn a_simulation_section_is_done_once_predicted_and_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    let mut h = crate::harness::open_with(AppOptions {
        section: Some(number("ttl")),
        ask_predictions: true,
        progress_file: Some(path.clone()),
        ..Default::default()
    })
    .build();
    assert!(!is_ticked(&h, 2), "not before the prediction");
    press(&mut h, Key::Num3);
    assert!(!is_ticked(&h, 2), "a choice alone does not finish it");
    press(&mut h, Key::Enter);
    h.run_steps(3);
    assert!(is_ticked(&h, 2), "predicted and run: finished");
    assert!(h.state().progress().get().done.contains_key("ttl"));
    // The file keeps it: a new window opens with the tick.
    drop(h);
    let h = crate::harness::open_with(AppOptions {
        section: Some(number("why-lock")),
        progress_file: Some(path),
        ..Default::default()
    })
    .build();
    assert!(is_ticked(&h, 2), "the progress file kept it");
    assert!(!is_ticked(&h, 1));
}

#[test]
fn reaching_the_last_defence_finishes_section_9() {
    let mut h = crate::harness::open("break").build();
    assert!(!is_ticked(&h, 9), "opening it is not enough");
    for _ in 0..3 {
        press(&mut h, Key::N);
        assert!(!is_ticked(&h, 9), "not before the last defence");
    }
    press(&mut h, Key::N);
    assert!(is_ticked(&h, 9), "all three defences stacked: finished");
}

#[test]
fn a_words_only_section_is_done_once_read_to_the_end() {
    // A window too short for section 10's whole page: not read yet.
    let mut h = crate::harness::open("next").build();
    assert!(!is_ticked(&h, 10), "its last words are below the fold");
    // The learner scrolls down with the mouse wheel to its last words: read.
    let over_page = h.ctx.content_rect().center();
    for _ in 0..40 {
        if is_ticked(&h, 10) {
            break;
        }
        h.event(egui::Event::PointerMoved(over_page));
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -200.0),
            phase: egui::TouchPhase::Move,
            modifiers: egui::Modifiers::NONE,
            source: egui::MouseWheelSource::Unknown,
        });
        h.run_steps(3);
    }
    assert!(is_ticked(&h, 10), "read to the end: finished");
}

#[test]
fn a_progress_file_without_finished_sections_still_loads() {
    let old = "(version: 2, xp: 0, last_section: Some(3), completed: [], answers: {})";
    let p = Progress::from_bytes(old.as_bytes()).expect("an older file loads");
    assert!(p.done.is_empty());
    assert_eq!(p.last_section.as_deref(), Some("stale"));
    // And a new file's finished sections survive a round trip, a merge and a reset.
    let mut p = Progress::default();
    assert!(p.mark_done(4, 1_000));
    assert!(!p.mark_done(4, 2_000), "only once");
    let back = Progress::from_bytes(p.to_ron().as_bytes()).unwrap();
    assert_eq!(back.done.get("fencing"), Some(&1_000));
    assert!(back.completed.contains("fencing"));
    let mut other = Progress::default();
    other.mark_done(7, 500);
    other.merge(&back);
    assert!(other.completed.contains("fencing") && other.completed.contains("who"));
    other.reset(3_000);
    assert!(other.completed.is_empty());
}
