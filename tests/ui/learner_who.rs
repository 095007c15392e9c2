//! Section 7: the learner says where each system's fencing token is before its card opens;
//! a wrong choice names the right one; the Redlock card sets the two sides side by side and
//! gives its conclusion only once the learner (in a lecture, the class) has judged them; the
//! number keys answer, in lecture mode too.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::LessonApp;
use locks_lesson::lesson::{self, SystemCard};
use locks_lesson::sections::number;

type App = Harness<'static, LessonApp>;

fn cards() -> &'static [SystemCard] {
    &lesson::content().systems
}

fn digit(n: usize) -> Key {
    [Key::Num1, Key::Num2, Key::Num3, Key::Num4][n]
}

/// How many cards are open (each open card shows its "Fencing token here" box).
fn open_cards(h: &App) -> usize {
    h.query_all_by_label("Fencing token here").count()
}

/// A learner's number key for the next open question: a question out of view is brought into
/// view by the first press (and not answered), then answered by the second.
fn answer_by_key(h: &mut App, key: Key, answered: impl Fn(&App) -> bool) {
    for _ in 0..2 {
        h.key_press(key);
        h.run_steps(3);

        if answered(h) {
            return;
        }
    }
    panic!("two presses of {key:?} answered nothing");
}

/// A learner's page with every card up to the Redlock debate's answered by its number key;
/// and the debate card's place.
fn open_up_to_the_debate() -> (App, usize) {
    let mut h = crate::harness::open("who").build();
    let debate = cards()
        .iter()
        .position(|c| c.debate.is_some())
        .expect("a debate card");
    for c in &cards()[..=debate] {
        answer_card(&mut h, digit(c.ask.correct));
    }
    (h, debate)
}

/// The next card's question answered by `key`.
fn answer_card(h: &mut App, key: Key) {
    let before = open_cards(h);
    answer_by_key(h, key, |h| open_cards(h) > before);
}

#[test]
fn choosing_opens_the_card_and_a_wrong_choice_names_the_right_one() {
    let mut h = crate::harness::open("who").build();
    assert_eq!(open_cards(&h), 0, "every card waits for its question");
    let chubby = &cards()[0];
    assert!(h.query_by_label_contains(&chubby.ask.question).is_some());
    // The right option, by its number key.
    h.key_press(digit(chubby.ask.correct));
    h.run_steps(3);
    assert_eq!(open_cards(&h), 1);
    assert!(h.query_by_label_contains("✔ Right").is_some());
    // A wrong option on the next card, reached by the keyboard (focus, then Enter): the card
    // opens and names the right one.
    let zk = &cards()[1];
    let wrong = (zk.ask.correct + 1) % zk.ask.options.len();
    let button = format!("{}  {}", wrong + 1, lesson::plain(&zk.ask.options[wrong]));
    h.get_by_label(&button).focus();
    h.run_steps(1);
    h.key_press(Key::Enter);
    h.run_steps(3);
    assert_eq!(open_cards(&h), 2);
    let right = lesson::plain(&zk.ask.options[zk.ask.correct]);
    let said = h
        .query_by_label_contains("✖ Not this one")
        .expect("wrong-answer feedback");
    let text = said
        .accesskit_node()
        .label()
        .or(said.accesskit_node().value());
    assert!(
        text.is_some_and(|t| t.contains(&right)),
        "the feedback names the right option, {right}"
    );
    // Not finished until every card is answered.
    let title = &lesson::content().section(number("who")).title;
    assert!(h.query_by_label(&format!("7. {title} ✔")).is_none());
    // (The rest by focus and Enter: a number key would judge the Redlock debate once it is in view.)
    for c in &cards()[2..] {
        let right = format!(
            "{}  {}",
            c.ask.correct + 1,
            lesson::plain(&c.ask.options[c.ask.correct])
        );
        h.get_by_label(&right).focus();
        h.run_steps(1);
        h.key_press(Key::Enter);
        h.run_steps(3);
    }
    assert_eq!(open_cards(&h), cards().len());
    assert!(h.query_by_label(&format!("7. {title} ✔")).is_some());
}

/// A number key never answers a question out of view: the first press brings the next open
/// question into view, the second answers it.
#[test]
fn a_number_key_answers_only_a_question_in_view() {
    let mut h = crate::harness::open("who").build();
    h.key_press(digit(cards()[0].ask.correct));
    h.run_steps(3);
    assert_eq!(
        open_cards(&h),
        1,
        "the first question, in view, is answered"
    );
    let window = h.ctx.content_rect();
    let next = &cards()[1].ask.question;
    let at = |h: &App| h.get_by_label_contains(next).rect();
    assert!(
        at(&h).top() > window.bottom(),
        "the opened card pushes the next question out of view: {:?}",
        at(&h)
    );
    h.key_press(digit(cards()[1].ask.correct));
    h.run_steps(3);
    assert_eq!(
        open_cards(&h),
        1,
        "a press with no question in view answers nothing"
    );
    assert!(
        window.contains_rect(at(&h)),
        "it brings the next question into view: {:?}",
        at(&h)
    );
    h.key_press(digit(cards()[1].ask.correct));
    h.run_steps(3);
    assert_eq!(open_cards(&h), 2, "the question in view is answered");
}

/// The Redlock card of a learner's page: its two sides next to each other, and its conclusion
/// held back until the learner judges them.
#[test]
fn the_redlock_card_sets_both_sides_side_by_side_then_the_conclusion() {
    let (mut h, debate) = open_up_to_the_debate();
    assert_eq!(open_cards(&h), debate + 1);
    let d = cards()[debate].debate.as_ref().unwrap();
    let sides: Vec<_> = d
        .sides
        .iter()
        .map(|s| h.get_by_label(&s.who).rect())
        .collect();
    assert_eq!(sides.len(), 2);
    assert!(
        (sides[0].top() - sides[1].top()).abs() < 1.0 && sides[0].right() < sides[1].left(),
        "the two sides sit next to each other: {sides:?}"
    );
    let concluded = |h: &App| concluded(h, d);
    // The conclusion waits for the judgement of the two sides.
    assert!(
        !concluded(&h),
        "the conclusion is not shown beside the sides it asks to judge"
    );
    let both = d.sides.len() + 1;
    let both_button = format!("{both}  Each is right about something");
    assert!(
        h.query_by_label(&both_button).is_some(),
        "the judgement is asked"
    );
    h.get_by_label(&both_button).click_accesskit();
    h.run_steps(3);
    assert!(concluded(&h), "the judgement shows the conclusion");
    let conclusion = h.get_by_label("The lesson's conclusion").rect();
    let side = h.get_by_label(&d.sides[0].who).rect();
    assert!(
        conclusion.top() > side.bottom(),
        "the conclusion comes after both"
    );
    assert!(h.query_by_label_contains("Your judgement: ").is_some());
    // The cards after it still ask.
    assert_eq!(open_cards(&h), debate + 1);
}

/// A lecture's section 7 is a deck: one Page Down, one build. The debate card's sides come one
/// at a time, then the class's judgement is asked (a number key records the vote and shows no
/// conclusion), and only R or Page Down shows the conclusion.
#[test]
fn in_a_lecture_the_redlock_conclusion_waits_for_the_class_s_judgement() {
    let mut h = crate::harness::open("who").lecture(true).build();
    let debate = cards()
        .iter()
        .position(|c| c.debate.is_some())
        .expect("a debate card");
    let d = cards()[debate].debate.as_ref().unwrap();
    let build = |h: &App| crate::harness::build_of(h);
    for _ in 0..40 {
        if build(&h) == format!("debate-{}", debate + 1) {
            break;
        }
        if build(&h).starts_with("side-") {
            // Each side alone on its slide: who, and the position.
            let shown: Vec<_> = d
                .sides
                .iter()
                .filter(|s| h.query_by_label(&s.who).is_some())
                .collect();
            assert_eq!(shown.len(), 1, "{}: one side a slide", build(&h));
        }
        h.key_press(Key::PageDown);
        h.run_steps(3);
    }
    assert_eq!(build(&h), format!("debate-{}", debate + 1));
    let concluded = |h: &App| concluded(h, d);
    let both = d.sides.len() + 1;
    let both_button = format!("{both}  Each is right about something");
    assert!(!concluded(&h), "the judgement is asked first");
    h.key_press(digit(both - 1));
    h.run_steps(3);
    assert!(!concluded(&h), "a vote alone shows no conclusion");
    let vote = h.get_by_label(&both_button).accesskit_node().toggled();
    assert_eq!(
        vote,
        Some(egui::accesskit::Toggled::True),
        "the class's vote shows"
    );
    h.key_press(Key::R);
    h.run_steps(3);
    assert!(concluded(&h), "R shows the conclusion");
    assert!(
        h.query_by_label_contains("The class's judgement: ")
            .is_some()
    );
    // Page Up takes it back, Page Down shows it again.
    h.key_press(Key::PageUp);
    h.run_steps(3);
    assert!(!concluded(&h));
    h.key_press(Key::PageDown);
    h.run_steps(3);
    assert!(concluded(&h));
}

/// Once the Redlock card is open, its judgement is the open question in view: the number keys
/// judge the debate, and then answer the card after it.
#[test]
fn the_number_keys_judge_the_debate_in_view() {
    let (mut h, debate) = open_up_to_the_debate();
    assert!(h.query_by_label("The lesson's conclusion").is_none());
    answer_by_key(&mut h, Key::Num1, |h| {
        h.query_by_label("The lesson's conclusion").is_some()
    });
    for c in &cards()[debate + 1..] {
        answer_card(&mut h, digit(c.ask.correct));
    }
    assert_eq!(open_cards(&h), cards().len());
}

#[test]
fn lecture_mode_answers_with_the_number_keys() {
    let mut h = crate::harness::open("who").lecture(true).build();
    let build = |h: &App| crate::harness::build_of(h);
    for (i, c) in cards().iter().enumerate() {
        while build(&h) != format!("ask-{}", i + 1) {
            h.key_press(Key::PageDown);
            h.run_steps(3);
        }
        // A number key records the class's vote; the answer comes only with the reveal.
        h.key_press(digit(c.ask.correct));
        h.run_steps(3);
        assert_eq!(
            build(&h),
            format!("ask-{}", i + 1),
            "a vote alone reveals nothing"
        );
        assert!(h.query_by_label_contains("✔ Right").is_none());
        h.key_press(Key::R);
        h.run_steps(3);
        assert_eq!(build(&h), format!("answer-{}", i + 1));
        // The right option marked where it stood.
        assert!(h.query_by_label_contains("  ✔").is_some(), "card {i}");
        // Then the card's fencing token, a slide of its own.
        h.key_press(Key::PageDown);
        h.run_steps(3);
        assert_eq!(open_cards(&h), 1, "card {i}: its token");
    }
}

/// Whether the debate's conclusion is on screen (its title and its words come together).
fn concluded(h: &App, d: &locks_lesson::lesson::Debate) -> bool {
    let words = lesson::plain(&d.conclusion);
    let title = h.query_by_label("The lesson's conclusion").is_some();
    let shown = h.query_by_label_contains(&words[..40]).is_some();
    assert_eq!(title, shown, "the conclusion comes with its title");
    title
}
