//! The lecturer's Type (Ctrl+Plus) enlarges every figure's text on the projector, and a
//! section's y axis holds still while Page Down walks its steps (the lab's too).

use std::collections::BTreeMap;

use egui::{Key, Modifiers, Rect};
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::AppOptions;
use locks_lesson::sections;

use crate::harness::{self, hold_window};
use crate::layout_walk::{App, painted_texts_where, rect_of};

const PROJECTOR: [f32; 2] = [1024.0, 768.0];

/// Section `n` in a lecture on a 1024×768 projector, its result shown, at a Type `steps`
/// tenths above 100 %.
fn lecture_at(n: u8, steps: usize) -> App {
    let mut h = harness::open_with(AppOptions {
        lecture: true,
        section: Some(n),
        ..Default::default()
    })
    .pixels(PROJECTOR, 1.0)
    .build();
    for _ in 0..steps {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
        hold_window(&mut h, PROJECTOR, 4);
    }
    hold_window(&mut h, PROJECTOR, 8);
    h
}

/// The heights on screen, in pixels, of the texts drawn inside section `n`'s figure by its
/// plots (their tick labels, axis titles and the labels on their marks), tallest first. The
/// words laid out around the plots as labels and buttons (the key, section 4's counts box and
/// view buttons) are the slide's words, which yield where it does not fit: they are left out.
fn figure_text_px(h: &App, n: u8) -> Vec<f32> {
    let plot: Rect = harness::plot_rect(h, n).expect("the figure is drawn");
    let ppp = h.ctx.pixels_per_point();
    let words: Vec<Rect> = h
        .query_all_by(|node| matches!(node.role(), egui::Role::Label | egui::Role::Button))
        .filter_map(|node| rect_of(&node.accesskit_node(), ppp))
        .filter(|r| plot.expand(2.0).contains(r.center()))
        .collect();
    let mut heights: Vec<f32> =
        painted_texts_where(h, &|t| !t.galley.text().trim().is_empty() && t.angle == 0.0)
            .into_iter()
            .filter(|(_, r, _)| plot.expand(2.0).contains(r.center()))
            .filter(|(_, r, _)| !words.iter().any(|w| w.expand(1.0).contains(r.center())))
            .map(|(_, r, _)| r.height() * ppp)
            .collect();
    heights.sort_by(|a, b| b.total_cmp(a));
    heights
}

/// The median of `v` (sorted).
fn median(v: &[f32]) -> f32 {
    v[v.len() / 2]
}

#[test]
fn type_130_enlarges_every_simulation_figures_text() {
    let mut checked = 0;
    let mut flat = Vec::new();
    for (n, _) in sections::models() {
        let normal = figure_text_px(&lecture_at(n, 0), n);
        let larger_app = lecture_at(n, 3);
        assert!(
            (larger_app.state().tools().lecture.type_factor() - 1.3).abs() < 1e-3,
            "Ctrl+Plus three times is Type 130 %"
        );
        let larger = figure_text_px(&larger_app, n);
        assert!(
            !normal.is_empty() && !larger.is_empty(),
            "section {n}: no text in its figure"
        );
        let (a, b) = (median(&normal), median(&larger));
        eprintln!("section {n}: figure text {a:.1} px at Type 100 %, {b:.1} px at 130 %");
        // (Where the slide's words can yield no more, its type is lowered a little: the
        // figure's text still grows.)
        if b <= a * 1.05 {
            flat.push(n);
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} simulation sections");
    assert!(
        flat.is_empty(),
        "sections whose figure text Type does not enlarge: {flat:?}"
    );
}

/// Section `n` in a lecture at a Type `steps` tenths above 100 %, walked through its builds
/// (its presets, stores or defences) with the press a clicker gives; `each` sees every build,
/// numbered from 0. Returns the app at its last build.
fn walk_builds(n: u8, steps: usize, mut each: impl FnMut(&App, usize)) -> App {
    let mut h = lecture_at(n, steps);
    for build in 0..16 {
        each(&h, build);
        let stepped = h
            .state_mut()
            .section_mut(n)
            .present_mut()
            .is_some_and(|p| p.press(locks_lesson::ui::Press::new(true, true)));
        if !stepped {
            break;
        }
        hold_window(&mut h, PROJECTOR, 4);
    }
    h
}

/// Walks section `n`'s lecture steps and returns the y range each of its plots showed at
/// each, by the plot's name; and how many plots it drew.
fn y_ranges(n: u8) -> (BTreeMap<String, Vec<[f64; 2]>>, usize) {
    let mut ranges: BTreeMap<String, Vec<[f64; 2]>> = BTreeMap::new();
    let h = walk_builds(n, 0, |h, _| {
        for (plot, y) in locks_lesson::ui::kit::plot::y_ranges(&h.ctx) {
            ranges.entry(plot).or_default().push(y);
        }
    });
    let plots = h.ctx.data(|d| d.count::<egui_plot::PlotMemory>());
    (ranges, plots)
}

/// Every simulation section's plots keep their y axes while Page Down walks the section's
/// builds (a bar or curve that changes is seen to change, not the axis under it); and every
/// plot a section draws tells the range it was drawn with, so a new figure is held to it too.
#[test]
fn every_simulation_figure_keeps_its_y_axis_across_the_builds() {
    let mut walked = 0;
    for (n, _) in sections::models() {
        let (ranges, plots) = y_ranges(n);
        assert!(
            ranges.len() >= plots.min(1),
            "section {n} drew {plots} plots and noted the y range of {}",
            ranges.len()
        );
        for (plot, seen) in &ranges {
            eprintln!("section {n} {plot}: {} steps, {:?}", seen.len(), seen[0]);
            for r in seen {
                assert_eq!(*r, seen[0], "section {n}: {plot}'s y axis moved: {seen:?}");
            }
        }
        if n == sections::number("where") {
            let steps = ranges.get("s5-histogram").map_or(0, Vec::len);
            assert!(steps >= 4, "the walk through the stores drew {steps} steps");
        }
        walked += usize::from(!ranges.is_empty());
    }
    assert!(walked >= 5, "only {walked} sections with plots");
}

/// The lab's figures through the lecture's steps on a projector (each part asked, run and
/// shown, its runs replayed): every plot it draws tells the range it was drawn with, and each
/// keeps it from step to step (a store's diagram has its own lanes, so its own name).
#[test]
fn every_lab_figure_notes_its_y_axis_and_keeps_it() {
    let mut ranges: BTreeMap<String, Vec<[f64; 2]>> = BTreeMap::new();
    let mut plots = 0;
    crate::layout_walk::lab_lecture_at(PROJECTOR, 0, |w| {
        for (plot, y) in locks_lesson::ui::kit::plot::y_ranges(&w.h.ctx) {
            ranges.entry(plot).or_default().push(y);
        }
        plots = plots.max(w.h.ctx.data(|d| d.count::<egui_plot::PlotMemory>()));
    });
    assert!(
        plots > 0 && ranges.len() >= plots,
        "the lab drew {plots} plots and noted the y range of {}: {:?}",
        ranges.len(),
        ranges.keys()
    );
    let diagrams = ranges
        .keys()
        .filter(|k| k.starts_with("lab-failover"))
        .count();
    assert!(
        ranges.contains_key("lab-timeline") && diagrams >= 3,
        "the stale holder's timeline and a diagram for each store: {:?}",
        ranges.keys()
    );
    for (plot, seen) in &ranges {
        eprintln!("the lab's {plot}: {} steps, {:?}", seen.len(), seen[0]);
        for r in seen {
            assert_eq!(*r, seen[0], "the lab's {plot}: its y axis moved: {seen:?}");
        }
    }
}

/// Every simulation figure keeps the numbers on its axes on a projector at every Type the
/// lecturer may choose, through all of its section's builds: each plot draws at least two
/// whole tick labels under it and two beside it (a figure that gives way loses its x axis's
/// numbers first: section 2's did on 1024×768 at Type 150 %, a type the slides are no longer
/// written for).
#[test]
fn every_figure_keeps_its_axes_numbers_at_every_type() {
    let mut lost = Vec::new();
    let mut seen = 0;
    for (n, _) in sections::models() {
        for steps in [0, 2, 3] {
            walk_builds(n, steps, |h, build| {
                let at = format!("section {n} at Type {} %, build {build}", 100 + 10 * steps);
                note_lost(&at, &h.ctx, &mut seen, &mut lost);
            });
        }
    }
    assert_none_lost(seen, 30, &lost);
}

/// Notes each plot drawn in `ctx`'s last pass (at `at`), and each with fewer than two whole
/// tick labels on either axis.
fn note_lost(at: &str, ctx: &egui::Context, seen: &mut usize, lost: &mut Vec<String>) {
    for (plot, kept) in locks_lesson::ui::kit::plot::tick_labels(ctx) {
        *seen += 1;
        if kept.x < 2 || kept.y < 2 {
            lost.push(format!("{at}: {plot} drew {kept:?}"));
        }
    }
}

/// Fails on a figure that lost its axes' numbers, or where fewer than `least` plots were seen.
fn assert_none_lost(seen: usize, least: usize, lost: &[String]) {
    assert!(seen >= least, "only {seen} plots looked at");
    assert!(
        lost.is_empty(),
        "figures that lost their axes' numbers:\n{}",
        lost.join("\n")
    );
}

/// The lab's figures keep the numbers on their axes too, through its lecture's steps on a
/// projector at every Type: the stale holder's timeline and every store's lane diagram draw at
/// least two whole tick labels under them (time) and two beside them (the lanes' names). A
/// figure with nothing drawn yet (before its run) is left out.
#[test]
fn every_lab_figure_keeps_its_axes_numbers_at_every_type() {
    let mut lost = Vec::new();
    let mut seen = 0;
    for steps in [0, 2, 3] {
        crate::layout_walk::lab_lecture_at(PROJECTOR, steps, |w| {
            // (A figure on a later screenful of the page is not on show.)
            let root = egui::ViewportId::ROOT;
            let shown = None::<egui::Rect>;
            let on_show = locks_lesson::ui::kit::readable::drawn_figures(&w.h.ctx, root)
                .iter()
                .any(|f| shown.is_none_or(|s| s.expand(1.0).contains_rect(f.rect)));
            if !on_show {
                return;
            }
            let at = format!("the lab at Type {} %", 100 + 10 * steps);
            note_lost(&at, &w.h.ctx, &mut seen, &mut lost);
        });
    }
    // (Each part's figure, the stale holder's and each failover experiment's, at each Type.)
    assert_none_lost(seen, 15, &lost);
}
