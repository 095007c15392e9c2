//! A quiet projector: a notice takes the title's place in the top bar, covers nothing of the
//! slide, moves nothing and Escape closes it; no mouse-only hints on a slide.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use locks_lesson::app::AppOptions;
use locks_lesson::sections::number;

const CTRL_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

#[test]
fn a_notice_on_the_projector_takes_the_titles_place_and_escape_closes_it() {
    let mut h = crate::harness::open_with(AppOptions {
        section: Some(number("ttl")),
        lecture: true,
        ..Default::default()
    })
    .pixels([1024.0, 768.0], 1.0)
    .build();
    let before = crate::harness::plot_rect(&h, 2).expect("the figure");
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
    // (Short on a projector: the code, whole.)
    let code = locks_lesson::ui::share::Share::code_of(h.state().section(number("ttl"))).unwrap();
    let toast = h
        .query_all_by_label_contains(&format!("Copied {code}"))
        .next()
        .map(|n| n.rect())
        .expect("on screen");
    let window = h.ctx.content_rect();
    assert!(window.contains_rect(toast), "{toast:?} in {window:?}");
    let after = crate::harness::plot_rect(&h, 2).expect("the figure");
    assert_eq!(before, after, "the notice moved the stage");
    // In the top bar, where the title was: above the slide's headline, over none of it.
    assert!(
        toast.bottom() <= after.top(),
        "{toast:?} above the figure {after:?}"
    );
    let title = locks_lesson::lesson::content()
        .section(number("ttl"))
        .title
        .clone();
    let in_bar = |h: &egui_kittest::Harness<'static, locks_lesson::app::LessonApp>| {
        h.query_all_by_label(&title)
            .filter(|n| n.rect().bottom() <= after.top())
            .count()
    };
    assert_eq!(in_bar(&h), 0, "the title gives its place to the notice");
    h.key_press(Key::Escape);
    crate::harness::hold_window(&mut h, [1024.0, 768.0], 3);
    assert!(shown(&h).is_none(), "Escape closes the notice");
    assert_eq!(in_bar(&h), 1, "and the title is back");
    assert_eq!(h.state().current_id(), "ttl");
}

#[test]
fn a_slide_has_no_mouse_only_hints() {
    let hint = "click or drag";
    let learner = crate::harness::open("ttl").build();
    assert!(
        learner.query_all_by_label_contains(hint).next().is_some(),
        "a learner is told the plot can be clicked"
    );
    let lecture = crate::harness::open("ttl")
        .lecture(true)
        .pixels([1280.0, 800.0], 1.0)
        .build();
    assert!(
        lecture.query_all_by_label_contains(hint).next().is_none(),
        "a slide shows no hint for a mouse nobody holds"
    );
}
