//! "Why a lock" and the stale holder on the stage: pictures at a laptop's size and on a
//! projector, and the check that the whole main figure and the primary controls are in view
//! without scrolling.

use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::app::LessonApp;
use locks_lesson::sections::number;

/// The app at `section` in a window of `size` pixels. The harness measures its window in
/// points, and lecture mode zooms to 150 %: a 1280×800 projector shows 853×533 points.
fn stage_app(
    section: u8,
    size: [f32; 2],
    lecture: bool,
    wgpu: bool,
) -> Harness<'static, LessonApp> {
    // Measured heights (plot key, headline and controls) settle over a few frames.
    crate::harness::open(section)
        .lecture(lecture)
        .pixels(size, 1.0)
        .wgpu(wgpu)
        .settle(6)
        .build()
}

const LEARNER: [f32; 2] = [1280.0, 720.0];
const LECTURE: [f32; 2] = [1280.0, 800.0];

/// The main figure (with its axes, titles and key) lies inside the window, and the primary
/// controls lie inside it too, below the figure and clear of it.
fn assert_in_view(h: &Harness<'static, LessonApp>, n: u8, controls: &[&str], what: &str) {
    let window = h.ctx.content_rect();
    let figure: Rect = crate::harness::plot_rect(h, n).expect("the figure was drawn");
    assert!(
        window.contains_rect(figure),
        "{what}: figure {figure:?} is not inside the window {window:?}"
    );
    assert!(
        figure.height() >= 180.0,
        "{what}: figure {figure:?} is too short"
    );
    for label in controls {
        let rect = h
            .query_all_by_label(label)
            .next()
            .unwrap_or_else(|| panic!("{what}: no control '{label}'"))
            .rect();
        assert!(
            window.contains_rect(rect),
            "{what}: '{label}' at {rect:?} is out of the window {window:?}"
        );
        assert!(
            rect.top() >= figure.bottom() - 0.5,
            "{what}: '{label}' at {rect:?} overlaps the figure {figure:?}"
        );
    }
}

#[test]
fn section_1_figure_and_controls_are_in_view() {
    for (size, lecture) in [(LEARNER, false), (LECTURE, true)] {
        let h = stage_app(1, size, lecture, false);
        let what = format!("section 1 at {size:?}, lecture {lecture}");
        // (A slide's one row: the lock and the workers; K, S and X drive the animation.)
        let controls: &[&str] = if lecture {
            &["Use a lock", "Workers"]
        } else {
            &["Use a lock", "Workers", "Pause", "Step"]
        };
        assert_in_view(&h, 1, controls, &what);
    }
}

#[test]
fn section_3_figure_and_controls_are_in_view() {
    for (size, lecture) in [(LEARNER, false), (LECTURE, true)] {
        let h = stage_app(3, size, lecture, false);
        let what = format!("section 3 at {size:?}, lecture {lecture}");
        // (A slide's one row: fencing and the moment on show; its builds are the moments.)
        let controls: &[&str] = if lecture {
            &["Storage checks fencing tokens"]
        } else {
            &[
                "A's pause",
                "Lock TTL",
                "Storage checks fencing tokens",
                "Step",
            ]
        };
        assert_in_view(&h, 3, controls, &what);
    }
}

#[test]
fn section_1_fades_the_mode_not_chosen_and_names_the_seeds() {
    let mut h = stage_app(1, LEARNER, false, false);
    assert!(h.query_by_label("without a lock (on show)").is_some());
    assert!(
        h.query_by_label("with the lock (thin, for comparison)")
            .is_some()
    );
    h.get_by_label("Use a lock").click();
    h.run_steps(3);
    assert!(h.query_by_label("with the lock (on show)").is_some());
    assert!(
        h.query_by_label("without a lock (thin, for comparison)")
            .is_some()
    );
    // The lost-updates curve (in the reading column at this width) says what it averages.
    let description = h
        .query_all(By::new().predicate(|n| n.role() == egui::Role::Image))
        .find(|n| {
            n.accesskit_node().label().as_deref()
                == Some("Plot: lost updates against the number of workers")
        })
        .expect("the curve is drawn")
        .accesskit_node()
        .description()
        .unwrap_or_default();
    assert!(description.contains("over 8 seeds"), "{description}");
}

#[test]
fn section_1_starts_its_runs_only_when_first_shown() {
    let mut h = stage_app(2, LEARNER, false, false);
    assert!(
        h.state().section(number("why-lock")).summary().is_none(),
        "section 1 has not run before it is shown"
    );
    assert!(h.state().section(number("stale")).summary().is_none());
    h.state_mut().go_to(number("why-lock"));
    h.run_steps(3);
    assert!(h.state().section(number("why-lock")).summary().is_some());
}
