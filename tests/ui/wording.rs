//! Small wording bugs a learner saw on screen: a line of a paragraph that starts with the
//! full stop after a glossary link, and section 10's "Which protection?:".

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::lesson;
use locks_lesson::sections::number;
use locks_lesson::ui::kit::widgets;
use locks_lesson::ui::sections::s10_next;

use crate::harness::app;

#[test]
fn the_punctuation_after_a_term_stays_on_its_line() {
    // Section 1's prediction feedback: "…: a lost update. With many workers…".
    let why = &locks_lesson::predict::prompt_for(number("why-lock"))
        .unwrap()
        .choices[4]
        .why;
    assert!(
        why.contains("[[lost-update|lost update]]. With many workers"),
        "{why}"
    );
    let mut tried = 0;
    for width in (160..=560).step_by(2) {
        let mut h = Harness::builder()
            .with_size(egui::vec2(width as f32, 400.0))
            .build_ui(|ui| {
                widgets::marked_text(ui, why);
            });
        h.run();
        let link = h.get_by_role_and_label(Role::Link, "lost update").rect();
        // A label's text is its AccessKit value.
        let text = |n: &egui_kittest::kittest::AccessKitNode<'_>| n.value().or_else(|| n.label());
        for node in h.query_all(
            By::new()
                .include_labels()
                .predicate(move |n| text(n).is_some_and(|t| t.starts_with('.'))),
        ) {
            let label = text(&node.accesskit_node()).unwrap_or_default();
            assert!(
                node.rect().top() < link.bottom() - 1.0,
                "at {width} px a line starts with \"{label}\" below the link at {link:?}"
            );
            tried += 1;
        }
    }
    assert!(tried > 100, "the full stop was found only {tried} times");
}

#[test]
fn glue_takes_the_punctuation_not_the_space() {
    assert_eq!(widgets::glue(". With many"), ".");
    assert_eq!(widgets::glue("'s sequencer"), "'s");
    assert_eq!(widgets::glue("):"), "):");
    assert_eq!(widgets::glue(" and more"), "");
    assert_eq!(widgets::glue("and more"), "");
}

#[test]
fn section_ten_puts_no_colon_after_a_question_mark() {
    assert_eq!(
        s10_next::labelled(number("which")),
        format!("{}. Which protection?", number("which"))
    );
    assert_eq!(
        s10_next::labelled(number("interview")),
        format!("{}. Interview angle:", number("interview"))
    );
    let h = app("next");
    assert!(h.query_all_by_label("6. Which protection?").count() > 0);
    for mark in ["?:", "!:", ".:"] {
        assert!(
            h.query_by_label_contains(mark).is_none(),
            "section 10 shows \"{mark}\""
        );
    }
    // The title really is a question: the check above is not empty.
    assert!(
        lesson::content()
            .section(number("which"))
            .title
            .ends_with('?')
    );
}
