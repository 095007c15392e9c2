//! The spaced review in the window: the top bar's count, opened with its key, answered with
//! 1-4 and Space to the summary, each grade saved with FSRS's next date; section 10's list;
//! nothing in lecture mode.

use locks_lesson::sections::number;
use std::fs;
use std::path::{Path, PathBuf};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::progress::Progress;
use locks_lesson::review::{self, Clock, DAY_MS, Kind, Sched};

/// When the v2 fixture's learner finished the lesson.
const FINISHED: u64 = 1_796_100_000_000;
/// The next morning.
const NEXT_DAY: u64 = FINISHED + DAY_MS + 3_600_000;

fn prepared() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/progress-v2.ron");
    fs::copy(fixture, &path).unwrap();
    (dir, path)
}

fn open(path: &Path, now: u64, lecture: bool) -> Harness<'static, LessonApp> {
    crate::harness::app_with(AppOptions {
        progress_file: Some(path.to_path_buf()),
        clock: Clock::fixed(now),
        lecture,
        ..Default::default()
    })
}

fn press(h: &mut Harness<'static, LessonApp>, key: Key) {
    h.key_press(key);
    h.run_steps(2);
}

fn digit(n: usize) -> Key {
    [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5][n - 1]
}

#[test]
fn the_next_day_a_review_by_keyboard_reaches_its_summary_and_saves_each_grade() {
    let (_dir, path) = prepared();
    let mut h = open(&path, NEXT_DAY, false);
    let before = Progress::from_bytes(&fs::read(&path).unwrap()).unwrap();
    let plan = review::plan(&before, NEXT_DAY);
    let n = plan.due.len();
    assert!((5..=review::SESSION_MAX).contains(&n), "{n} due");
    assert!(
        h.query_by_label(&format!("Review: {n} due")).is_some(),
        "the top bar offers the review"
    );
    press(&mut h, Key::V);
    let page = h.state().review().expect("V opens the review");
    let items = page.items().to_vec();
    assert_eq!(items.len(), n);
    let ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    assert!(
        ids.contains(&"gc-pause-fix") && ids.contains(&"last-in-stock"),
        "{ids:?}"
    );
    assert!(ids.contains(&"ttl"), "the wrong prediction: {ids:?}");
    assert!(h.query_by_label(&format!("Item 1 of {n}")).is_some());

    let mut prediction_question = None;
    for (k, item) in items.iter().enumerate() {
        assert!(
            h.query_by_label(&format!("Item {} of {n}", k + 1))
                .is_some(),
            "{item}"
        );
        if item.kind == Kind::Term {
            // A recall card: Space shows it.
            press(&mut h, Key::Space);
        } else {
            if item.kind == Kind::Prediction {
                prediction_question = h
                    .query_by_label_contains("TTL and one grant every")
                    .map(|n| n.accesskit_node().label().unwrap_or_default());
            }
            press(&mut h, Key::Num1);
            press(&mut h, Key::Space);
        }
        assert!(
            h.query_by_label_contains("How well did you know it?")
                .is_some(),
            "{item}: the answer is shown"
        );
        press(&mut h, digit(1 + k % 4));
    }
    assert!(h.query_by_label("Review done").is_some(), "the summary");
    assert!(
        h.query_by_label_contains(&format!("{n} items reviewed"))
            .is_some()
    );

    // The prediction was asked at a TTL the lesson did not use (the lesson's was 10 s).
    let q = prediction_question.expect("the TTL prediction was asked");
    assert!(!q.contains("With a 10\u{a0}s TTL"), "{q}");
    // Every grade is in the file, with the date FSRS gives for that grade.
    assert!(h.state().progress().wait_saved());
    let after = Progress::from_bytes(&fs::read(&path).unwrap()).unwrap();
    for (k, item) in items.iter().enumerate() {
        let grade = review::Grade::ALL[k % 4];
        let prev = review::schedule::current(&before, item);
        let expected = Sched::graded(prev.as_ref(), NEXT_DAY, grade);
        let saved = &after.review[&item.key()];
        assert_eq!(saved.due, expected.due, "{item}");
        assert!(saved.due > NEXT_DAY);
    }
    let shown = after.review["prediction:ttl"].shown.expect("settings kept");
    assert!(
        shown.variant.is_some() && shown.band != Some(2),
        "{shown:?}"
    );
    assert_eq!(
        after.answers, before.answers,
        "the lesson's answers are kept"
    );
    // Nothing is due any more: the button is gone, and Space closes the summary.
    press(&mut h, Key::Space);
    assert!(h.state().review().is_none());
    assert!(h.query_by_label_contains("Review: ").is_none());
}

#[test]
fn section_10_lists_what_is_due_and_when_the_rest_comes_back() {
    let (_dir, path) = prepared();
    let mut h = open(&path, NEXT_DAY, false);
    h.state_mut().go_to(number("next"));
    h.run_steps(3);
    assert!(h.query_by_label_contains("Due today: ").is_some());
    assert!(h.query_by_label_contains("Coming back later:").is_some());
    assert!(
        h.query_all_by_label_contains("— in 2 days")
            .next()
            .is_some()
    );
}

#[test]
fn nothing_is_due_on_the_lessons_day_nor_in_lecture_mode() {
    let (_dir, path) = prepared();
    let mut h = open(&path, FINISHED + 3_600_000, false);
    assert!(
        h.query_by_label_contains("Review: ").is_none(),
        "nothing due yet"
    );
    let (_dir2, path2) = prepared();
    let mut h2 = open(&path2, NEXT_DAY, true);
    assert!(h2.query_by_label_contains("Review: ").is_none());
    press(&mut h2, Key::V);
    assert!(h2.state().review().is_none(), "no review in lecture mode");
    // A lesson in progress is never interrupted: the app opens on its section.
    press(&mut h, Key::V);
    assert!(h.state().review().is_some(), "open on request only");
}
