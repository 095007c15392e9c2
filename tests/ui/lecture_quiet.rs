//! A quiet projector: a notice is a toast that moves nothing and Escape closes; no mouse-only
//! hints on a slide.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use locks_lesson::app::AppOptions;

const CTRL_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

#[test]
fn a_notice_on_the_projector_is_a_toast_that_moves_nothing_and_escape_closes() {
    let mut h = crate::harness::open_with(AppOptions {
        section: Some(2),
        lecture: true,
        ..Default::default()
    })
    .pixels([1024.0, 768.0], 1.0)
    .build();
    let before = h.state().section(2).plot_rect().expect("the figure");
    h.key_press_modifiers(CTRL_SHIFT, Key::C);
    crate::harness::hold_window(&mut h, [1024.0, 768.0], 3);
    let shown = |h: &egui_kittest::Harness<'static, locks_lesson::app::LessonApp>| {
        h.state()
            .tools()
            .share
            .notice()
            .map(|n| n.text.clone())
            .filter(|t| t.contains("Copied the scenario code"))
    };
    assert!(shown(&h).is_some(), "the copy is told");
    let toast = h
        .query_all_by_label_contains("Copied the scenario code")
        .next()
        .map(|n| n.rect())
        .expect("as a toast on screen");
    let window = h.ctx.content_rect();
    assert!(window.contains_rect(toast), "{toast:?} in {window:?}");
    let after = h.state().section(2).plot_rect().expect("the figure");
    assert_eq!(before, after, "the toast moved the stage");
    h.key_press(Key::Escape);
    crate::harness::hold_window(&mut h, [1024.0, 768.0], 3);
    assert!(shown(&h).is_none(), "Escape closes the toast");
    assert_eq!(h.state().current_section(), 2);
}

#[test]
fn a_slide_has_no_mouse_only_hints() {
    let hint = "click or drag";
    let learner = crate::harness::open(2).build();
    assert!(
        learner.query_all_by_label_contains(hint).next().is_some(),
        "a learner is told the plot can be clicked"
    );
    let lecture = crate::harness::open(2)
        .lecture(true)
        .pixels([1280.0, 800.0], 1.0)
        .build();
    assert!(
        lecture.query_all_by_label_contains(hint).next().is_none(),
        "a slide shows no hint for a mouse nobody holds"
    );
}
