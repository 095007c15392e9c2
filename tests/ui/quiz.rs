//! The quizzes, XP, review, reset and the glossary, driven through the real app.

use locks_lesson::sections::number;
use std::path::{Path, PathBuf};

use egui::Key;
use egui::accesskit::{Live, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::lesson::{self, Question};
use locks_lesson::progress::{Progress, ProgressFile, XP_PER_QUESTION};

fn app_with(
    section: Option<u8>,
    file: Option<&Path>,
    lecture: bool,
) -> Harness<'static, LessonApp> {
    crate::harness::app_with(AppOptions {
        section,
        progress_file: file.map(Path::to_path_buf),
        lecture,
        ..Default::default()
    })
}

fn which() -> &'static [Question] {
    &lesson::content().quizzes.which
}

fn interview() -> &'static [Question] {
    &lesson::content().quizzes.interview
}

fn digit(n: usize) -> Key {
    [Key::Num1, Key::Num2, Key::Num3, Key::Num4][n]
}

fn press(h: &mut Harness<'static, LessonApp>, key: Key) {
    h.key_press(key);
    h.run_steps(2);
}

/// The progress file once the app's writer has saved every change so far.
fn on_disk(h: &Harness<'static, LessonApp>, path: &Path) -> Progress {
    on_disk_opt(h, path).expect("the progress file was written and loads")
}

fn temp_file() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    (dir, path)
}

/// The XP total in the top bar.
fn xp_label(xp: u32) -> String {
    format!("★ {xp} XP")
}

#[test]
fn answering_by_keyboard_earns_xp_and_saves_at_once() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("which")), Some(&path), false);
    let qs = which();
    assert!(
        h.query_by_label(&xp_label(0)).is_some(),
        "the top bar shows 0 XP"
    );
    assert!(h.query_by_label_contains("Scenario 1 of").is_some());

    // Right answer to the first scenario.
    press(&mut h, digit(qs[0].correct));
    assert!(
        h.query_by_label(&xp_label(XP_PER_QUESTION)).is_some(),
        "20 XP in the top bar"
    );
    assert!(h.query_by_label_contains("✔ Right. +20 XP").is_some());
    let p = on_disk(&h, &path);
    let a = p.answer(&qs[0].id).expect("saved right after the answer");
    assert_eq!(
        (a.choice, a.correct, a.first_try),
        (qs[0].correct, true, true)
    );
    assert_eq!(p.xp, XP_PER_QUESTION);

    // A second key does not change the answer.
    press(&mut h, digit((qs[0].correct + 1) % 4));
    assert_eq!(
        on_disk(&h, &path).answer(&qs[0].id).unwrap().choice,
        qs[0].correct
    );

    // Enter goes on; a wrong answer earns nothing and is saved too.
    press(&mut h, Key::Enter);
    assert_eq!(crate::harness::build_of(&h), "question-2");
    let wrong = (qs[1].correct + 1) % 4;
    press(&mut h, digit(wrong));
    assert!(h.query_by_label_contains("✖ Not this one").is_some());
    assert!(
        h.query_by_label(&xp_label(XP_PER_QUESTION)).is_some(),
        "still 20 XP"
    );
    let p = on_disk(&h, &path);
    assert_eq!(
        p.answer(&qs[1].id).map(|a| (a.choice, a.correct)),
        Some((wrong, false))
    );
    assert_eq!(p.xp, XP_PER_QUESTION);

    // Space goes on as well.
    press(&mut h, Key::Space);
    assert!(h.query_by_label_contains("Scenario 3 of").is_some());
}

#[test]
fn section_8_uses_three_keys() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("interview")), Some(&path), false);
    press(&mut h, Key::Num4);
    assert!(
        on_disk_opt(&h, &path).is_none_or(|p| p.answers.is_empty()),
        "4 is not an answer here"
    );
    press(&mut h, digit(interview()[0].correct));
    assert!(h.query_by_label_contains("Model answer").is_some());
    assert_eq!(on_disk(&h, &path).xp, XP_PER_QUESTION);
}

fn on_disk_opt(h: &Harness<'static, LessonApp>, path: &Path) -> Option<Progress> {
    assert!(
        h.state().progress().wait_saved(),
        "the writer saved every change"
    );
    std::fs::read(path)
        .ok()
        .and_then(|b| Progress::from_bytes(&b).ok())
}

#[test]
fn enter_on_a_focused_button_goes_on_only_once() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("which")), Some(&path), false);
    let qs = which();
    // Tab to the right answer's button and press Enter: that answers it, and the keyboard
    // moves to the "next" button.
    let right = lesson::plain(&qs[0].answers[qs[0].correct]);
    h.get_by_label_contains(&right).focus();
    h.run_steps(1);
    press(&mut h, Key::Enter);
    assert!(h.query_by_label_contains("✔ Right").is_some());
    h.run_steps(2);
    // One Enter: one step, even though a button has the keyboard.
    press(&mut h, Key::Enter);
    assert!(
        h.query_by_label_contains("Scenario 2 of").is_some(),
        "moved on exactly one scenario"
    );
    assert_eq!(on_disk(&h, &path).answers.len(), 1);
}

#[test]
fn the_mouse_answers_too() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("which")), Some(&path), false);
    let q = &which()[0];
    h.get_by_label_contains(&lesson::plain(&q.answers[q.correct]))
        .click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("✔ Right").is_some());
    // The button may sit below the fold: scroll it into view first, as a person would.
    h.get_by_label_contains("Next scenario").scroll_to_me();
    h.run_steps(6);
    h.get_by_label_contains("Next scenario").click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("Scenario 2 of").is_some());
    assert_eq!(on_disk(&h, &path).xp, XP_PER_QUESTION);
}

#[test]
fn lecture_mode_hides_the_answer_until_r_and_scores_nothing() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("which")), Some(&path), true);
    let q = &which()[0];
    let vote = (q.correct + 1) % 4;
    press(&mut h, digit(vote));
    // (The slide marks the class's vote on its answer; the console's hint names it.)
    assert_eq!(crate::harness::build_of(&h), "question-1");
    assert!(
        h.state()
            .section(number("which"))
            .present()
            .and_then(|p| p.lecturer_only())
            .is_some(),
        "the console has the answer"
    );
    assert!(
        h.query_by_label_contains("The answer is").is_none(),
        "hidden before R"
    );
    assert!(h.query_by_label_contains("✔ Right").is_none());
    press(&mut h, Key::Enter);
    assert_eq!(
        crate::harness::build_of(&h),
        "question-1",
        "Enter does not skip the reveal"
    );
    press(&mut h, Key::R);
    assert!(
        h.query_by_label_contains(&format!("The class chose {}", vote + 1))
            .is_some()
    );
    assert!(
        h.query_by_label_contains(&format!("the answer is {}", q.correct + 1))
            .is_some()
    );
    press(&mut h, Key::Enter);
    assert_eq!(crate::harness::build_of(&h), "question-2");
    assert!(
        on_disk_opt(&h, &path).is_none_or(|p| p.answers.is_empty()),
        "nothing scored in lecture mode"
    );
}

#[test]
fn review_takes_the_learner_back_to_missed_questions() {
    let (_dir, path) = temp_file();
    let (w, i) = (&which()[2], &interview()[1]);
    {
        let mut store = ProgressFile::open(path.clone());
        store.record(&w.id, (w.correct + 1) % 4, false);
        store.record(&i.id, (i.correct + 1) % 3, false);
    }
    let mut h = app_with(Some(number("next")), Some(&path), false);
    h.get_by_label("Review missed questions (2) ▶").click();
    h.run_steps(3);
    assert_eq!(h.state().current_id(), "which");
    assert!(h.query_by_label_contains("Scenario 3 of").is_some());
    assert!(
        h.query_by_label_contains("Reviewing missed questions")
            .is_some()
    );
    press(&mut h, digit(w.correct));
    assert!(
        h.query_by_label_contains("No XP this time").is_some(),
        "a retry earns no XP"
    );
    press(&mut h, Key::Enter);
    h.run_steps(2);
    assert_eq!(
        h.state().current_id(),
        "interview",
        "the next missed question is in section 8"
    );
    assert!(h.query_by_label_contains("Question 2 of").is_some());
    press(&mut h, digit(i.correct));
    press(&mut h, Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "next", "back to the summary");
    assert!(h.query_by_label_contains("Nothing to review").is_some());
    let p = on_disk(&h, &path);
    assert!(p.missed().is_empty());
    assert_eq!(p.xp, 0);
}

#[test]
fn reset_needs_a_confirmation() {
    let (_dir, path) = temp_file();
    let q = &which()[0];
    ProgressFile::open(path.clone()).record(&q.id, q.correct, true);
    let mut h = app_with(Some(number("next")), Some(&path), false);
    assert!(h.query_by_label(&xp_label(XP_PER_QUESTION)).is_some());
    h.get_by_label("Reset progress…").click();
    h.run_steps(3);
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert_eq!(
        on_disk(&h, &path).xp,
        XP_PER_QUESTION,
        "cancel keeps everything"
    );
    h.get_by_label("Reset progress…").click();
    h.run_steps(3);
    h.get_by_label("Reset progress").click();
    h.run_steps(3);
    assert!(h.query_by_label(&xp_label(0)).is_some());
    assert!(on_disk(&h, &path).answers.is_empty());
}

#[test]
fn finished_quizzes_are_ticked_in_the_section_list() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("interview")), Some(&path), false);
    let title = &lesson::content().section(number("interview")).title;
    let ticked = format!("8. {title} ✔");
    for q in interview() {
        assert!(h.query_by_label(&ticked).is_none());
        press(&mut h, digit(q.correct));
        press(&mut h, Key::Enter);
    }
    assert!(h.query_by_label(&ticked).is_some());
    assert!(
        h.query_by_label(&xp_label(interview().len() as u32 * XP_PER_QUESTION))
            .is_some()
    );
    assert!(h.query_by_label("Your results").is_some());
    assert!(on_disk(&h, &path).completed.contains("interview"));
}

#[test]
fn the_last_section_is_kept_in_the_progress_file() {
    let (_dir, path) = temp_file();
    {
        let mut h = app_with(None, Some(&path), false);
        assert_eq!(h.state().current_id(), "why-lock");
        press(&mut h, Key::End);
        press(&mut h, Key::PageUp);
        assert_eq!(h.state().current_id(), "break");
    }
    // Closing the window (dropping the app) finished the last write.
    let saved = Progress::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(saved.last_section.as_deref(), Some("break"));
    let h = app_with(None, Some(&path), false);
    assert_eq!(h.state().current_id(), "break");
}

#[test]
fn a_damaged_file_is_reported_once() {
    let (dir, path) = temp_file();
    std::fs::write(&path, "garbage(((").unwrap();
    let mut h = app_with(Some(number("which")), Some(&path), false);
    assert!(h.query_by_label_contains("progress.ron.bad-").is_some());
    h.get_by_label("OK").click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("It was kept as").is_none());
    drop(h);
    let h = app_with(Some(number("which")), Some(&path), false);
    assert!(
        h.query_by_label_contains("It was kept as").is_none(),
        "told once"
    );
    assert!(path.exists(), "a fresh file replaced it");
    let backups = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("progress.ron.bad-")
        })
        .count();
    assert_eq!(backups, 1, "the damaged file was kept once");
}

#[test]
fn the_glossary_index_lists_and_finds_every_card() {
    let mut h = app_with(Some(number("why-lock")), None, false);
    press(&mut h, Key::G);
    assert!(h.state().glossary_index_open());
    let total = lesson::content().glossary.len();
    assert!(h.query_by_label(&format!("{total} cards")).is_some());
    for t in &lesson::content().glossary {
        assert!(
            h.query_all_by_label(&t.name).count() >= 1,
            "{} listed",
            t.name
        );
    }
    let target = &lesson::content().glossary[total / 2];
    h.get_by_label("Search").focus();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text(&target.name.to_lowercase());
    h.run_steps(3);
    assert!(h.query_by_label_contains("cards match").is_some());
    h.get_all_by_label(&target.name).last().unwrap().click();
    h.run_steps(3);
    assert_eq!(h.state().open_term(), Some(target.id.as_str()));
    press(&mut h, Key::Escape);
    assert_eq!(h.state().open_term(), None);
    assert!(
        h.state().glossary_index_open(),
        "Escape closes the card first"
    );
}

#[test]
fn see_also_opens_the_other_card_and_back_returns() {
    let mut h = app_with(Some(number("why-lock")), None, false);
    let term = lesson::content()
        .glossary
        .iter()
        .find(|t| !t.see_also.is_empty())
        .unwrap();
    let other = lesson::content().term(&term.see_also[0]).unwrap();
    h.state_mut().open_card(&term.id);
    h.run_steps(3);
    assert!(h.query_by_label_contains("Think of it like this").is_some());
    h.get_all_by_label(&other.name).last().unwrap().click();
    h.run_steps(3);
    assert_eq!(h.state().open_term(), Some(other.id.as_str()));
    h.get_by_label(&format!("Back to {}", term.name)).click();
    h.run_steps(3);
    assert_eq!(h.state().open_term(), Some(term.id.as_str()));
}

#[test]
fn tab_to_a_term_and_enter_opens_its_card() {
    let mut h = app_with(Some(number("why-lock")), None, false);
    let (id, shown) = lesson::content()
        .section(number("why-lock"))
        .intro
        .iter()
        .flat_map(|p| lesson::spans(p))
        .find_map(|s| match s {
            lesson::Span::Term { id, shown } => Some((id.to_owned(), shown.to_owned())),
            lesson::Span::Plain(_) => None,
        })
        .unwrap();
    h.get_by_label(&shown).focus();
    h.run_steps(1);
    press(&mut h, Key::Enter);
    assert_eq!(h.state().open_term(), Some(id.as_str()));
    assert_eq!(h.state().current_id(), "why-lock");
}

// ---------------------------------------------------------------- pictures

fn snapshot_app(section: &str) -> Harness<'static, LessonApp> {
    // No progress file: nothing on screen depends on a temporary path.
    crate::harness::open(section).wgpu(true).build()
}

#[test]
fn snapshot_which_after_a_wrong_answer() {
    let mut h = snapshot_app("which");
    let q = &which()[0];
    press(&mut h, digit((q.correct + 2) % 4));
    h.run_steps(3);
    h.snapshot("which_wrong_answer");
}

#[test]
fn snapshot_who_cards() {
    let mut h = snapshot_app("who");
    h.snapshot("who_cards");
}

#[test]
fn snapshot_interview_with_a_question_to_review() {
    let mut h = snapshot_app("interview");
    let qs = interview();
    press(&mut h, digit(qs[0].correct));
    press(&mut h, Key::Enter);
    press(&mut h, digit((qs[1].correct + 1) % 3));
    press(&mut h, Key::End);
    h.run_steps(3);
    h.snapshot("interview_review");
}

#[test]
fn snapshot_glossary_card_over_the_index() {
    let mut h = snapshot_app("why-lock");
    press(&mut h, Key::G);
    h.state_mut().open_card("fencing-token");
    h.run_steps(3);
    h.snapshot("glossary_card");
}

#[test]
fn lecture_mode_moves_to_the_next_section_after_the_last_question() {
    let mut h = app_with(Some(number("interview")), None, true);
    let last = interview().last().unwrap();
    let pairs = vec![("question".to_owned(), last.id.clone())];
    crate::harness::apply_scenario(&mut h, 8, &pairs).unwrap();
    h.run_steps(2);
    assert_eq!(
        crate::harness::build_of(&h),
        format!("question-{}", interview().len())
    );
    press(&mut h, Key::R);
    press(&mut h, Key::Enter);
    assert_eq!(h.state().current_id(), "break");
    h.state_mut().go_to(number("interview"));
    h.run_steps(2);
    assert_eq!(
        crate::harness::build_of(&h),
        "question-1",
        "starts over for the next class"
    );
}

#[test]
fn scenario_codes_name_a_question_strictly() {
    let mut h = app_with(Some(number("which")), None, false);
    let third = &which()[2];
    let code = |k: &str, v: &str| vec![(k.to_owned(), v.to_owned())];
    let s = h.state_mut().section_mut(number("which"));
    assert!(
        s.share_mut()
            .unwrap()
            .apply_scenario(&code("question", "no-such-question"))
            .is_err()
    );
    assert!(
        s.share_mut()
            .unwrap()
            .apply_scenario(&code("questoin", &third.id))
            .is_err()
    );
    s.share_mut()
        .unwrap()
        .apply_scenario(&code("question", &third.id))
        .unwrap();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Scenario 3 of").is_some());
    assert_eq!(
        crate::harness::scenario(&h, 6),
        Some(code("question", &third.id))
    );
}

#[test]
fn a_reset_starts_the_quizzes_over() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("interview")), Some(&path), false);
    for q in interview() {
        press(&mut h, digit(q.correct));
        press(&mut h, Key::Enter);
    }
    assert!(h.query_by_label("Your results").is_some());
    press(&mut h, Key::End);
    h.get_by_label("Reset progress…").click();
    h.run_steps(3);
    h.get_by_label("Reset progress").click();
    h.run_steps(3);
    press(&mut h, Key::PageUp);
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "interview");
    assert!(h.query_by_label("Your results").is_none());
    assert!(h.query_by_label_contains("Question 1 of").is_some());
    assert!(
        h.query_by_label_contains("✔ Right").is_none(),
        "nothing answered any more"
    );
}

// ---------------------------------------------------------------- a clicker in lecture mode

/// Whether the question on screen is `i` (1-based) of section 8, and whether its answer shows.
fn at_question(h: &Harness<'static, LessonApp>, i: usize) -> (bool, bool) {
    // (The slide's build: question `i` asked, or its answer revealed.)
    let build = crate::harness::build_of(h);
    let interview = h.state().current_id() == "interview";
    let answer = build == format!("answer-{i}");
    (
        interview && (answer || build == format!("question-{i}")),
        interview && answer && h.query_by_label_contains("The answer is").is_some(),
    )
}

#[test]
fn page_down_reveals_then_moves_on_and_page_up_walks_back() {
    let mut h = app_with(Some(number("who")), None, true);
    let n = interview().len();
    // Section 7's cards need several screenfuls at the lecture's type (each card starts one of
    // its own): Page Down shows them first.
    for _ in 0..30 {
        press(&mut h, Key::PageDown);
        if h.state().current_id() == "interview" {
            break;
        }
    }
    assert_eq!(h.state().current_id(), "interview");
    for i in 1..=n {
        assert_eq!(at_question(&h, i), (true, false), "question {i} asked");
        // A page longer than the window is shown a screenful at a time, before the reveal
        // and before the next question.
        for _ in 0..6 {
            press(&mut h, Key::PageDown);
            if at_question(&h, i).1 {
                break;
            }
        }
        assert_eq!(at_question(&h, i), (true, true), "question {i} revealed");
        for _ in 0..6 {
            press(&mut h, Key::PageDown);
            if !at_question(&h, i).1 || h.state().current_id() != "interview" {
                break;
            }
            assert!(at_question(&h, i).0, "question {i} still on screen");
        }
    }
    assert_eq!(
        h.state().current_id(),
        "break",
        "only then the next section"
    );

    // Back: into the last question, revealed, then through the same steps.
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "interview");
    for i in (1..=n).rev() {
        assert_eq!(at_question(&h, i), (true, true), "question {i} revealed");
        // Back through the explanation's screenfuls, then to the question before its reveal.
        for _ in 0..6 {
            press(&mut h, Key::PageUp);
            if !at_question(&h, i).1 {
                break;
            }
        }
        assert_eq!(at_question(&h, i), (true, false), "question {i} hidden");
        press(&mut h, Key::PageUp);
    }
    assert_eq!(h.state().current_id(), "who");
    // The arrows a clicker may send step the same way (through section 7's screenfuls).
    for _ in 0..16 {
        press(&mut h, Key::ArrowRight);
        if at_question(&h, 1).1 {
            break;
        }
    }
    assert_eq!(at_question(&h, 1), (true, true));
}

#[test]
fn a_learner_s_page_down_still_changes_section() {
    let mut h = app_with(Some(number("which")), None, false);
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "who");
    press(&mut h, Key::PageUp);
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "where");
}

// ---------------------------------------------------------------- screen readers

#[test]
fn answers_carry_their_key_and_the_verdict_is_announced() {
    let mut h = app_with(Some(number("which")), None, false);
    let q = &which()[0];
    let answer_names = |h: &Harness<'static, LessonApp>| -> Vec<(String, Option<String>)> {
        q.answers
            .iter()
            .map(|a| {
                let text = lesson::plain(a);
                let node = h.get(By::new().role(Role::Button).label_contains(&text));
                let ak = node.accesskit_node();
                (ak.label().unwrap_or_default(), ak.description())
            })
            .collect()
    };
    for answered in [false, true] {
        for (k, (name, description)) in answer_names(&h).into_iter().enumerate() {
            assert_eq!(name.trim(), name, "no spaces around {name:?}");
            assert!(name.starts_with(&format!("{} ", k + 1)), "{name}");
            assert_eq!(
                description.as_deref(),
                Some(format!("Key {}", k + 1).as_str())
            );
        }
        if !answered {
            press(&mut h, digit((q.correct + 1) % 4));
        }
    }
    let verdict = h.get_by_label_contains("✖ Not this one");
    assert_eq!(
        verdict.accesskit_node().live(),
        Live::Polite,
        "the verdict is a polite live region"
    );
    // The navigator says what each button is.
    let third = h.get_by_role_and_label(Role::Button, "Scenario 3");
    assert!(third.accesskit_node().description().is_some());
    assert!(
        h.query_by_role_and_label(Role::Button, "Scenario 1, answered wrong")
            .is_some()
    );
}

// ---------------------------------------------------------------- on one screen

/// The app in a window of `size` pixels, drawn for snapshots. Lecture mode zooms to 150 %:
/// the harness counts its size in points, so the window is that many pixels at 150 %.
fn sized_app(section: u8, size: [f32; 2], lecture: bool) -> Harness<'static, LessonApp> {
    crate::harness::open(section)
        .lecture(lecture)
        .pixels(size, 1.0)
        .wgpu(true)
        .build()
}

/// Answers the first question wrongly (lecture mode: the class votes wrongly, then R).
fn answer_wrongly(h: &mut Harness<'static, LessonApp>, q: &Question, lecture: bool) {
    press(h, digit((q.correct + 1) % q.answers.len()));
    if lecture {
        press(h, Key::R);
    }
    h.run_steps(4);
}

/// The question, every answer and the verdict lie between the top bar and the bottom bar.
fn assert_all_in_view(h: &Harness<'static, LessonApp>, q: &Question, what: &str) {
    let top = crate::harness::next_arrow(h).bottom();
    let bottom = crate::harness::page_bottom(h);
    let inside = |r: egui::Rect, name: &str| {
        assert!(
            r.top() >= top && r.bottom() <= bottom,
            "{what}: {name} at {r:?} is not between {top} and {bottom}"
        );
    };
    let first_words = match lesson::spans(&q.prompt).first() {
        Some(lesson::Span::Plain(p)) => p.to_string(),
        _ => panic!("the prompt starts with plain words"),
    };
    // A lecture's answer is a build of its own: the right answer and the verdict (the question
    // and its choices were the build before).
    let lecture = h.state().lecture();
    if !lecture {
        inside(h.get_by_label(&first_words).rect(), "the question");
    }
    for (k, a) in q.answers.iter().enumerate() {
        if lecture && k != q.correct {
            continue;
        }
        let text = lesson::plain(a);
        let node = h.get(By::new().role(Role::Button).label_contains(&text));
        inside(node.rect(), &text);
    }
    // (Nodes inside a live region report its setting too: take the label itself.)
    let verdict = h.get(
        By::new()
            .role(Role::Label)
            .label_contains("nswer is")
            .predicate(|n| n.live() == Live::Polite),
    );
    inside(verdict.rect(), "the verdict");
}

/// The button to the next question, in view (in lecture mode the explanation may take the
/// clicker's next screenful: Page Down shows it).
fn assert_next_in_view(h: &mut Harness<'static, LessonApp>, section: u8, lecture: bool) {
    let item = &lesson::content().quiz(section).unwrap().item;
    let next = format!("Next {item} ▶");
    if lecture {
        // (A slide has no button to reach: Page Down goes on to the next question.)
        assert!(h.query_by_label(&next).is_none());
        h.key_press(Key::PageDown);
        crate::harness::hold_window(h, [1280.0, 800.0], 4);
        assert_eq!(crate::harness::build_of(h), "question-2");
        return;
    }
    let bottom = crate::harness::page_bottom(h);
    let shown = |h: &Harness<'static, LessonApp>| h.get_by_label(&next).rect().bottom() <= bottom;
    let r = h.get_by_label(&next).rect();
    assert!(
        shown(h) && r.top() >= 0.0,
        "section {section}: the next button at {r:?} is not in view"
    );
}

/// Section `section` at 1280×720, or in lecture mode at 1280×800, after a wrong answer:
/// everything in view.
fn fits_with_its_verdict(section: u8, lecture: bool) {
    let q = &lesson::content().quiz(section).unwrap()[0];
    let (size, name) = if lecture {
        ([1280.0, 800.0], "lecture_1280x800")
    } else {
        ([1280.0, 720.0], "1280x720")
    };
    let mut h = sized_app(section, size, lecture);
    let ppp = h.ctx.pixels_per_point();
    let window = h.ctx.content_rect().size() * ppp;
    assert_eq!(
        window.round(),
        egui::Vec2::from(size),
        "the window's pixels"
    );
    answer_wrongly(&mut h, q, lecture);
    assert_all_in_view(&h, q, &format!("section {section}, {name}"));
    assert_next_in_view(&mut h, section, lecture);
}

#[test]
fn section_6_fits_a_laptop() {
    fits_with_its_verdict(6, false);
}

#[test]
fn section_6_fits_a_projector() {
    fits_with_its_verdict(6, true);
}

#[test]
fn section_8_fits_a_laptop() {
    fits_with_its_verdict(8, false);
}

#[test]
fn section_8_fits_a_projector() {
    fits_with_its_verdict(8, true);
}

/// In each quiz the right answer is the longest option in at most a third of the questions:
/// length must not give the answer away.
#[test]
fn the_right_answer_is_rarely_the_longest() {
    for quiz in lesson::content().quizzes.all() {
        let longest = quiz
            .iter()
            .filter(|q| {
                let len = |i: usize| lesson::plain(&q.answers[i]).chars().count();
                (0..q.answers.len()).all(|i| i == q.correct || len(i) < len(q.correct))
            })
            .count();
        assert!(
            longest * 3 <= quiz.len(),
            "section {}: the right answer is the longest in {longest} of {} questions",
            quiz.section,
            quiz.len()
        );
    }
}

/// On a narrow window, after a wrong answer, every answer button has the same width and stays
/// inside the window's width, and the longest answer wraps (beside its key, which the drawing keeps
/// in a column of its own).
#[test]
fn answers_share_one_width_and_wrap_inside_the_window() {
    let mut h = crate::harness::app("interview");
    h.set_size(egui::vec2(720.0, 560.0));
    let q = interview()
        .iter()
        .max_by_key(|q| q.answers.iter().map(|a| a.len()).max())
        .unwrap();
    let pairs = vec![("question".to_owned(), q.id.clone())];
    crate::harness::apply_scenario(&mut h, 8, &pairs).unwrap();
    h.run_steps(3);
    answer_wrongly(&mut h, q, false);
    let window = h.ctx.content_rect();
    let rects: Vec<egui::Rect> = q
        .answers
        .iter()
        .map(|a| {
            let text = lesson::plain(a);
            h.get(By::new().role(Role::Button).label_contains(&text))
                .rect()
        })
        .collect();
    for r in &rects {
        assert!((r.width() - rects[0].width()).abs() < 0.5, "{rects:?}");
        let across = window.x_range();
        assert!(
            across.contains(r.left()) && across.contains(r.right()),
            "{r:?} outside {window:?}"
        );
    }
    // The answers are drawn at 1.1 × body size; a button two text rows high has wrapped.
    let style = h.ctx.global_style();
    let size = style.text_styles[&egui::TextStyle::Body].size * 1.1;
    let row = h
        .ctx
        .fonts_mut(|f| f.row_height(&egui::FontId::proportional(size)));
    let longest = (0..q.answers.len())
        .max_by_key(|&i| q.answers[i].len())
        .unwrap();
    assert!(
        rects[longest].height() >= 2.0 * row,
        "the longest answer wraps at this width (rows of {row}): {rects:?}"
    );
}

/// Filled rectangles painted inside the XP bar of section 10 (its track, and its fill if any).
fn xp_bar_fills(h: &Harness<'static, LessonApp>) -> usize {
    let max = Progress::max_xp();
    let xp = h.state().progress().get().xp;
    let bar = h.get_by_label(&format!("{xp} of {max} XP")).rect();
    h.output()
        .shapes
        .iter()
        .filter(|c| match &c.shape {
            egui::Shape::Rect(r) => bar.expand(0.5).contains_rect(r.rect) && r.fill.a() > 0,
            _ => false,
        })
        .count()
}

#[test]
fn the_xp_bar_is_empty_at_zero_xp() {
    let (_dir, path) = temp_file();
    let mut h = app_with(Some(number("next")), Some(&path), false);
    assert_eq!(
        xp_bar_fills(&h),
        1,
        "the track only: no dot of fill at 0 XP"
    );
    let q = &which()[0];
    ProgressFile::open(path.clone()).record(&q.id, q.correct, true);
    // A progress change from another window arrives with this window's next save.
    h.state_mut().go_to(number("break"));
    h.run_steps(2);
    h.state_mut().go_to(number("next"));
    h.run_steps(3);
    assert!(h.state().progress().wait_saved());
    h.run_steps(3);
    assert_eq!(h.state().progress().get().xp, XP_PER_QUESTION);
    assert_eq!(xp_bar_fills(&h), 2, "the track and the fill");
}
