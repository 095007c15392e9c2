//! The stage at every size the lesson is used at: the headline and the whole main figure of
//! every simulation section in view without scrolling (the figure above the bottom bar), the
//! figure growing with the window.

use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;

/// The simulation sections, from the registry.
fn sim_sections() -> Vec<u8> {
    locks_lesson::sections::models().map(|(n, _)| n).collect()
}

/// The app at `section` in a window of `size` pixels (the harness counts points; lecture
/// mode shows 150 % type).
fn at(section: u8, size: [f32; 2], lecture: bool, wgpu: bool) -> Harness<'static, LessonApp> {
    // Measured heights (key, headline, controls, bottom bar) settle over a few frames.
    crate::harness::open(section)
        .lecture(lecture)
        .pixels(size, 1.0)
        .wgpu(wgpu)
        .settle(8)
        .build()
}

/// Where the page may draw: below the top bar and above the bottom bar.
fn page_area(h: &Harness<'static, LessonApp>) -> Rect {
    let window = h.ctx.content_rect();
    let top = crate::harness::next_arrow(h).bottom();
    let bottom = crate::harness::page_bottom(h);
    Rect::from_x_y_ranges(window.x_range(), top..=bottom)
}

/// The whole figure (axes, titles and key) lies in the page area; returns it.
fn figure_in_view(h: &Harness<'static, LessonApp>, n: u8, what: &str) -> Rect {
    let area = page_area(h);
    let figure = crate::harness::plot_rect(h, n).expect("the figure was drawn");
    assert!(
        area.expand(0.5).contains_rect(figure),
        "{what}: section {n}'s figure {figure:?} is not inside {area:?}"
    );
    assert!(
        figure.height() >= 150.0,
        "{what}: section {n}'s figure {figure:?} is a strip"
    );
    figure
}

/// The headline is on screen, whole.
fn headline_in_view(h: &mut Harness<'static, LessonApp>, n: u8, what: &str) {
    let area = page_area(h);
    // (A slide's headline may be the summary in short.)
    let text = locks_lesson::ui::kit::a11y::headline_on_screen(&h.ctx)
        .or_else(|| h.state_mut().section_mut(n).summary())
        .expect("a headline");
    let first: String = text.chars().take(40).collect();
    let rect = h
        .query_all_by_label_contains(&first)
        .map(|node| node.rect())
        .find(|r| r.height() > 0.0)
        .unwrap_or_else(|| panic!("{what}: section {n} shows no headline"));
    assert!(
        area.expand(0.5).contains_rect(rect),
        "{what}: section {n}'s headline {rect:?} is not inside {area:?}"
    );
}

#[test]
fn a_laptop_shows_headline_and_whole_figure_in_every_section() {
    for size in [[1280.0, 720.0], [1366.0, 768.0], [1920.0, 1080.0]] {
        for n in sim_sections() {
            let what = format!("{}×{}", size[0], size[1]);
            let mut h = at(n, size, false, false);
            figure_in_view(&h, n, &what);
            headline_in_view(&mut h, n, &what);
        }
    }
}

#[test]
fn a_projector_shows_headline_and_whole_figure() {
    for size in [[1280.0, 800.0], [1366.0, 768.0]] {
        for n in sim_sections() {
            let what = format!("lecture {}×{}", size[0], size[1]);
            let mut h = at(n, size, true, false);
            figure_in_view(&h, n, &what);
            headline_in_view(&mut h, n, &what);
        }
    }
}

#[test]
fn an_old_projector_shows_the_whole_figure() {
    for n in sim_sections() {
        let h = at(n, [1024.0, 768.0], true, false);
        figure_in_view(&h, n, "lecture 1024×768");
    }
}

#[test]
fn the_figure_grows_with_the_window() {
    for n in sim_sections() {
        let small = figure_in_view(&at(n, [1280.0, 720.0], false, false), n, "1280×720");
        let big = figure_in_view(&at(n, [3840.0, 2160.0], false, false), n, "3840×2160");
        assert!(
            big.width() > 2.0 * small.width() && big.height() > 2.0 * small.height(),
            "section {n}: {small:?} at 1280×720 but only {big:?} at 3840×2160"
        );
    }
}
