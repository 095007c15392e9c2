//! Fencing tokens and "Where the lock lives" on the stage: pictures at a laptop's size and on
//! a projector, and the main figure whole inside the window at both.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;

/// The app at `section` in a `w`×`h` window, simulations inline.
fn stage_app(
    section: u8,
    size: [f32; 2],
    lecture: bool,
    wgpu: bool,
) -> Harness<'static, LessonApp> {
    // The plot key's height settles after a frame or two.
    crate::harness::open(section)
        .lecture(lecture)
        .pixels(size, 1.0)
        .wgpu(wgpu)
        .settle(6)
        .build()
}

const LEARNER: [f32; 2] = [1280.0, 720.0];
/// A 1280×800 projector at lecture mode's 150 %: the harness's size is in points, and the
/// zoom turns it into pixels.
const LECTURE: [f32; 2] = [1280.0 / 1.5, 800.0 / 1.5];

#[test]
fn the_main_figure_lies_inside_the_window() {
    for section in [4, 5] {
        for (size, lecture) in [(LEARNER, false), (LECTURE, true)] {
            let h = stage_app(section, size, lecture, false);
            let window = h.ctx.content_rect();
            let figure = crate::harness::plot_rect(&h, section).expect("the figure was drawn");
            assert!(
                window.contains_rect(figure),
                "section {section}, {size:?}, lecture {lecture}: figure {figure:?} outside {window:?}"
            );
            // The first of the primary controls under the figure: the figure and its key end
            // above it, not behind it.
            let first_control = match section {
                4 => Some("Storage checks fencing tokens"),
                // (A slide's builds are the stores: no row of controls under the figure.)
                _ if lecture => None,
                _ => Some("Where the lock lives:"),
            };
            let controls_top =
                first_control.map_or(window.bottom(), |c| h.get_by_label(c).rect().top());
            assert!(
                figure.bottom() <= controls_top + 1.0,
                "section {section}, {size:?}: figure {figure:?} runs into the controls at {controls_top}"
            );
            assert!(
                figure.height() >= 180.0 && figure.width() >= 400.0,
                "section {section}, {size:?}: a usable figure, not a strip: {figure:?}"
            );
        }
    }
}
