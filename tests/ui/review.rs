//! The spaced review in the window: the top bar's count, opened with its key, answered with
//! 1-4 and Space to the summary, each grade saved with FSRS's next date; a session takes
//! everything the top bar counts; an item graded Again comes back in the session; the grade
//! buttons say when each grade brings the item back; section 10's lists; nothing in lecture
//! mode.

use locks_lesson::sections::number;
use std::fs;
use std::path::{Path, PathBuf};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::progress::Progress;
use locks_lesson::review::{self, Clock, DAY_MS, ItemKind, Sched};

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
    assert!(n >= 5, "{n} due");
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
        if item.kind == ItemKind::Prediction {
            prediction_question = h
                .query_by_label_contains("TTL and one grant every")
                .map(|n| n.accesskit_node().label().unwrap_or_default());
        }
        answer(&mut h, item);
        press(&mut h, digit(1 + k % 4));
    }
    // The ones graded Again come back before the session ends (nothing else is left: they
    // need not wait for their step), and this time they are known.
    let again: Vec<_> = items.iter().step_by(4).collect();
    for _ in &again {
        let page = h.state().review().expect("the session goes on");
        let item = page.current().expect("an item graded Again").clone();
        assert!(page.asked_again() && again.contains(&&item), "{item}");
        assert!(h.query_by_label_contains("you chose Again").is_some());
        answer(&mut h, &item);
        press(&mut h, Key::Num3);
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
        let mut expected = Sched::graded(prev.as_ref(), NEXT_DAY, grade);
        if grade == review::Grade::Again {
            expected = Sched::graded(Some(&expected), NEXT_DAY, review::Grade::Good);
        }
        let saved = &after.review[&item.key()];
        assert_eq!(saved.due, expected.due, "{item}");
        assert!(saved.due > NEXT_DAY);
    }
    let shown = after.review["prediction:ttl"].shown.expect("settings kept");
    assert!(
        shown.variant.is_some() && shown.band != Some(2),
        "{shown:?}"
    );
    // The lesson's first tries (and their XP) are kept; a quiz question answered here is
    // its latest answer.
    assert_eq!(after.xp, before.xp);
    for (id, a) in &before.answers {
        let b = &after.answers[id];
        assert_eq!((b.first_try, b.first_at), (a.first_try, a.first_at), "{id}");
        let asked = items
            .iter()
            .any(|i| i.kind == ItemKind::Quiz && i.id == *id);
        assert_eq!(b.choice, if asked { 0 } else { a.choice }, "{id}");
    }
    // Nothing is due any more: the button is gone, and Space closes the summary.
    press(&mut h, Key::Space);
    assert!(h.state().review().is_none());
    assert!(h.query_by_label_contains("Review: ").is_none());
}

/// Answers the item on screen with the first choice (a recall card: shows it).
fn answer(h: &mut Harness<'static, LessonApp>, item: &review::ItemId) {
    if item.kind != ItemKind::Term {
        press(h, Key::Num1);
    }
    press(h, Key::Space);
    assert!(
        h.query_by_label_contains("How well did you know it?")
            .is_some(),
        "{item}: the answer is shown"
    );
}

#[test]
fn a_session_takes_everything_the_top_bar_counts() {
    // Two months on, everything the lesson asked is due, and the day's new cards with it:
    // more than one screenful of a short session.
    let (_dir, path) = prepared();
    let later = NEXT_DAY + 60 * DAY_MS;
    let mut h = open(&path, later, false);
    let before = Progress::from_bytes(&fs::read(&path).unwrap()).unwrap();
    let n = review::plan(&before, later).due.len();
    assert!(n > 20, "{n} due");
    assert!(h.query_by_label(&format!("Review: {n} due")).is_some());
    press(&mut h, Key::V);
    assert_eq!(h.state().review().unwrap().items().len(), n);
    for _ in 0..n {
        let item = h.state().review().unwrap().current().unwrap().clone();
        answer(&mut h, &item);
        press(&mut h, Key::Num3);
    }
    assert!(h.query_by_label("Review done").is_some());
    assert!(
        h.query_by_label_contains(&format!("{n} items reviewed"))
            .is_some()
    );
    press(&mut h, Key::Space);
    assert!(
        h.query_by_label_contains("Review: ").is_none(),
        "nothing is left due after the session"
    );
}

#[test]
fn the_grade_buttons_say_when_each_grade_brings_the_item_back() {
    let (_dir, path) = prepared();
    let mut h = open(&path, NEXT_DAY, false);
    let before = Progress::from_bytes(&fs::read(&path).unwrap()).unwrap();
    press(&mut h, Key::V);
    let item = h.state().review().unwrap().current().unwrap().clone();
    answer(&mut h, &item);
    let w = review::words();
    let step = format!("<{} min", review::LEARN_STEP_MS / 60_000);
    assert!(
        h.query_by_label(&format!("1  Again · {step}")).is_some(),
        "Again comes back in this session"
    );
    let mut days = Vec::new();
    for g in [
        review::Grade::Hard,
        review::Grade::Good,
        review::Grade::Easy,
    ] {
        let d = review::schedule::interval_days(&before, &item, NEXT_DAY, g);
        let label = format!(
            "{}  {} · {}",
            g.index() + 1,
            w.grades[g.index()],
            w.interval(d)
        );
        assert!(h.query_by_label(&label).is_some(), "{label}");
        // The interval is the date the grade saves.
        let prev = review::schedule::current(&before, &item);
        let due = Sched::graded(prev.as_ref(), NEXT_DAY, g).due;
        assert_eq!(review::schedule::days_between(NEXT_DAY, due), d, "{g:?}");
        days.push(d);
    }
    assert!(
        days.windows(2).all(|w| w[0] <= w[1]) && days[2] > days[0],
        "{days:?}"
    );
}

#[test]
fn a_missed_question_answered_right_in_the_review_leaves_section_10s_list() {
    let (_dir, path) = prepared();
    let mut h = open(&path, NEXT_DAY, false);
    let missed: Vec<String> = h
        .state()
        .progress()
        .get()
        .missed()
        .iter()
        .map(|(_, q)| q.id.clone())
        .collect();
    assert_eq!(missed.len(), 2, "{missed:?}");
    press(&mut h, Key::V);
    while let Some(item) = h.state().review().and_then(|p| p.current()).cloned() {
        let question =
            locks_lesson::progress::question(&item.id).filter(|_| item.kind == ItemKind::Quiz);
        match question {
            Some((_, q)) => {
                press(&mut h, digit(q.correct + 1));
                press(&mut h, Key::Space);
                assert!(h.query_by_label("Right.").is_some(), "{item}");
            }
            None => answer(&mut h, &item),
        }
        press(&mut h, Key::Num3);
    }
    press(&mut h, Key::Space);
    assert!(h.state().progress().get().missed().is_empty());
    h.state_mut().go_to(number("next"));
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Nothing to review").is_some(),
        "section 10's list follows the review's answers"
    );
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

/// The top bar keeps its title beside "Review: N due" at 1280×720 and at 1024×768: what
/// gives way folds into the menu, and the review's button stays in the bar.
#[test]
fn the_top_bar_keeps_its_title_beside_the_review() {
    let (_dir, path) = prepared();
    let before = Progress::from_bytes(&fs::read(&path).unwrap()).unwrap();
    let n = review::plan(&before, NEXT_DAY).due.len();
    let title = locks_lesson::ui::shell::topbar::TITLE.get();
    for size in [[1280.0, 720.0], [1024.0, 768.0]] {
        let mut h = crate::harness::open_with(AppOptions {
            progress_file: Some(path.clone()),
            clock: Clock::fixed(NEXT_DAY),
            ..Default::default()
        })
        .pixels(size, 1.0)
        .settle(4)
        .build();
        h.run_steps(2);
        let window = h.ctx.content_rect();
        let shown = h
            .query_by_label(title)
            .unwrap_or_else(|| panic!("{size:?}: the title is gone from the top bar"))
            .rect();
        let due = h.get_by_label(&format!("Review: {n} due")).rect();
        let next = h.get_by_label("Next section").rect();
        for (what, r) in [("title", shown), ("review", due), ("next", next)] {
            assert!(
                r.top() < 60.0 && window.contains_rect(r),
                "{size:?}: {what} {r:?}"
            );
        }
        assert!(
            !shown.intersects(due) && !shown.intersects(next),
            "{size:?}"
        );
        assert!(!due.intersects(next), "{size:?}");
    }
}
