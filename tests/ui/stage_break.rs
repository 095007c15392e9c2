//! "Break it" on the stage: its whole figure in view at a laptop's window and on a projector.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;
use locks_lesson::sim::renewal;

/// Section 9 in a `w`×`h` window, simulations run inline.
fn open(w: f32, h: f32, lecture: bool) -> Harness<'static, LessonApp> {
    crate::harness::open("break")
        .lecture(lecture)
        .pixels([w, h], 1.0)
        .dark()
        .wgpu(true)
        .settle(6)
        .build()
}

/// The figure, its axes and its key lie inside the window, above the controls; with
/// `with_controls`, the primary controls are in view too.
fn assert_in_view(h: &Harness<'static, LessonApp>, with_controls: bool) {
    // In points: lecture mode's zoom makes a 1280×800 window 853×533 points.
    let screen = h.ctx.content_rect();
    let rect = crate::harness::plot_rect(h, 9).expect("the figure was drawn");
    assert!(
        screen.contains_rect(rect),
        "figure {rect:?} outside the window {screen:?}"
    );
    assert!(rect.height() > 200.0, "the figure is a strip: {rect:?}");
    if !with_controls {
        // (A slide's builds are the defences, named by the figure and the headline: no row
        // of controls under it.)
        assert!(
            h.query_by_role_and_label(Role::Button, "No defence")
                .is_none()
        );
        return;
    }
    // Nothing of the figure or its key hides behind the controls below it.
    let controls = h.get_by_role_and_label(Role::Button, "No defence").rect();
    assert!(
        rect.bottom() <= controls.top(),
        "figure {rect:?} runs into the controls at {controls:?}"
    );
    for (role, label) in [
        (Role::Button, "No defence"),
        (Role::Button, "All three"),
        (Role::Slider, crate::harness::label(&renewal::TTL_S)),
        (Role::Slider, crate::harness::label(&renewal::TYPICAL_S)),
    ] {
        let node = h.get_by_role_and_label(role, label);
        assert!(
            screen.contains_rect(node.rect()),
            "{label} out of view: {:?}",
            node.rect()
        );
    }
}

#[test]
fn the_figure_is_in_view_on_a_laptop() {
    let h = open(1280.0, 720.0, false);
    assert_in_view(&h, true);
}

#[test]
fn the_figure_is_in_view_on_a_projector() {
    // The harness sizes its window in points: a 1280×800 projector at the lecture zoom.
    let mut h = open(1280.0, 800.0, true);
    crate::harness::hold_window(&mut h, [1280.0, 800.0], 8);
    let z = locks_lesson::ui::shell::lecture::lecture_zoom(egui::vec2(1280.0, 800.0), 1.0);
    assert!((h.ctx.zoom_factor() - z).abs() < 0.01);
    // On a projector the headline and the whole figure show, and no row of controls.
    assert_in_view(&h, false);
}
