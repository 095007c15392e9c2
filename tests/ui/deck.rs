//! The lecture as a deck of authored slides, walked by Page Down alone from the first section
//! to the lecture's end at the supported sizes and types: every press shows one whole new
//! screen. At every build:
//!
//! - ink: the slide under the top bar shows words or a figure (never a blank screen);
//! - fit: nothing runs past the slide (a build that does not fit is a defect in how it was
//!   written: nothing pages, scrolls or shrinks to hide it);
//! - no scroll: a press never shows the screen before it moved up or down;
//! - the type's order: the headline a step (a tenth at least) above the body, and the body a
//!   step above a figure's tick labels (measured from the drawn text);
//! - the figure's share: a build with a figure gives it at least half the slide's height, and
//!   a section's figure keeps its place and size from build to build;
//! - the headline's room: a simulation slide's headline fits the room every such slide
//!   gives it (`SLIDE_HEADLINE_LINES`), so no figure moves for a longer one;
//! - the same build looks the same from a fresh start: two walks draw every build alike.

use egui::{Rect, ViewportId};
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::sections::{self, Kind};
use locks_lesson::ui::kit::readable;
use locks_lesson::ui::shell::column;

use crate::layout_walk::{App, Lecture, lecture_walk};

/// A text drawn on the slide: its words, where its letters are, where it may be drawn, and its
/// largest font size (points).
#[derive(Clone, Debug)]
struct Drawn {
    text: String,
    rect: Rect,
    clip: Rect,
    size: f32,
    /// Its lines.
    rows: usize,
}

/// The slide's top: the top bar's bottom (its type button).
fn slide_top(h: &App) -> f32 {
    let ppp = h.ctx.pixels_per_point();
    h.query_all_by(|n| n.label().is_some_and(|l| l.starts_with("Type ")))
        .filter_map(|n| crate::layout_walk::rect_of(&n.accesskit_node(), ppp))
        .map(|r| r.bottom())
        .fold(0.0, f32::max)
        + 4.0
}

/// Every text drawn on the slide, under the top bar.
fn slide_texts(h: &App, top: f32) -> Vec<Drawn> {
    fn walk(shape: &egui::Shape, clip: Rect, out: &mut Vec<Drawn>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, clip, out)),
            egui::Shape::Text(t) if !t.galley.text().trim().is_empty() => {
                let size = t
                    .galley
                    .job
                    .sections
                    .iter()
                    .map(|s| s.format.font_id.size)
                    .fold(0.0, f32::max);
                out.push(Drawn {
                    text: t.galley.text().to_owned(),
                    rect: t.visual_bounding_rect(),
                    clip,
                    size,
                    rows: t.galley.rows.len(),
                });
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, c.clip_rect, &mut out);
    }
    out.retain(|d| d.rect.top() >= top - 1.0 && d.rect.intersects(d.clip));
    out
}

/// What a slide shows, for comparing two: its texts and where they are, to a point.
type Print = Vec<(String, [i32; 4])>;

fn print(texts: &[Drawn]) -> Print {
    let mut p: Print = texts
        .iter()
        .map(|d| {
            let r = d.rect;
            let q = |v: f32| v.round() as i32;
            (
                d.text.clone(),
                [q(r.left()), q(r.top()), q(r.right()), q(r.bottom())],
            )
        })
        .collect();
    p.sort();
    p
}

/// The screen `now` is the screen `before` moved up or down, and nothing else.
fn only_moved(before: &Print, now: &Print) -> bool {
    if before.len() != now.len() || before.is_empty() || before == now {
        return false;
    }
    let mut a: Vec<_> = before.iter().collect();
    let mut b: Vec<_> = now.iter().collect();
    a.sort_by(|x, y| (&x.0, x.1[0]).cmp(&(&y.0, y.1[0])));
    b.sort_by(|x, y| (&x.0, x.1[0]).cmp(&(&y.0, y.1[0])));
    let dy = b[0].1[1] - a[0].1[1];
    dy != 0
        && a.iter()
            .zip(&b)
            .all(|(x, y)| x.0 == y.0 && x.1[0] == y.1[0] && (y.1[1] - x.1[1] - dy).abs() <= 1)
}

/// Looks like a tick label: a number, perhaps with a unit.
fn numeric(text: &str) -> bool {
    let t = text.trim();
    t.chars().next().is_some_and(|c| c.is_ascii_digit()) && t.chars().count() <= 12
}

/// The median of some sizes.
fn median(mut v: Vec<f32>) -> Option<f32> {
    v.sort_by(f32::total_cmp);
    v.get(v.len() / 2).copied()
}

/// The checks of one build (see the module): its problems, named `what`. Returns what the
/// slide shows and where its figure is (a simulation section's, with its key).
fn check_build(h: &App, what: &str, problems: &mut Vec<String>) -> (Print, Option<Rect>) {
    let n = h.state().current_section();
    let window = h.ctx.content_rect();
    let top = slide_top(h);
    let slide = Rect::from_min_max(egui::pos2(window.left(), top), window.max);
    let texts = slide_texts(h, top);
    if std::env::var("DECK_DUMP").is_ok_and(|d| what.contains(&d)) {
        for d in &texts {
            eprintln!(
                "  {:?} {:.1}pt {:?}",
                d.rect,
                d.size,
                d.text.chars().take(40).collect::<String>()
            );
        }
    }
    let figures: Vec<_> = readable::drawn_figures(&h.ctx, ViewportId::ROOT)
        .into_iter()
        .filter(|f| f.section == n)
        .collect();
    if texts.is_empty() && figures.is_empty() {
        problems.push(format!("{what}: a blank slide"));
    }
    let over = column::overflow(&h.ctx, ViewportId::ROOT);
    if over > 0.5 {
        problems.push(format!(
            "{what}: the build runs {over:.0} points past the slide"
        ));
    }
    for d in &texts {
        let r = d.rect.shrink2(egui::vec2(1.5, 1.0));
        if !slide.expand(0.5).contains_rect(r) || !d.clip.expand(0.5).contains_rect(r) {
            let t: String = d.text.chars().take(50).collect();
            problems.push(format!("{what}: '{t}' at {:?} is cut", d.rect));
        }
    }
    for f in &figures {
        if !slide.expand(1.0).contains_rect(f.rect) {
            problems.push(format!(
                "{what}: the figure {:?} runs past the slide",
                f.rect
            ));
        }
    }
    // The figure with its key, as the page drew it (a prediction asked has none yet).
    let figure = h
        .state()
        .section(n)
        .share()
        .and_then(|s| s.plot_rect())
        .filter(|_| !figures.is_empty())
        .map(|r| figures.iter().fold(r, |r, f| r.union(f.rect)));
    // (A figure's own words: its numbers, axis titles and labels, and its key.)
    let in_figure = |d: &Drawn| {
        figures
            .iter()
            .any(|f| f.rect.expand(24.0).contains_rect(d.rect))
            || figure.is_some_and(|f| f.expand(2.0).contains_rect(d.rect))
    };
    let summary = locks_lesson::ui::shown_words(h.state().section(n)).unwrap_or_default();
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let summary = flat(&summary);
    let headlines: Vec<&Drawn> = texts
        .iter()
        .filter(|d| d.text.chars().count() > 12 && summary.contains(&flat(&d.text)))
        .collect();
    let headline = headlines.iter().map(|d| d.size).fold(0.0, f32::max);
    let model = matches!(sections::get(n).map(|d| d.kind), Some(Kind::Model(_)));
    // A simulation slide's headline is written to fit its room.
    let lines = locks_lesson::ui::stage::layout::SLIDE_HEADLINE_LINES;
    if let Some(d) = headlines
        .iter()
        .find(|d| d.size == headline && d.rows > lines)
        && model
    {
        let t: String = d.text.chars().take(50).collect();
        problems.push(format!(
            "{what}: the headline '{t}…' takes {} lines, past the slide's {lines}",
            d.rows
        ));
    }
    let body = median(
        texts
            .iter()
            .filter(|d| {
                !in_figure(d) && d.text.chars().count() > 12 && !summary.contains(&flat(&d.text))
            })
            .map(|d| d.size)
            .collect(),
    );
    let ticks = texts
        .iter()
        .filter(|d| in_figure(d) && numeric(&d.text))
        .map(|d| d.size)
        .fold(0.0, f32::max);
    if let Some(body) = body {
        // A clear step each way: a tenth at least.
        if headline > 0.0 && headline < 1.1 * body {
            problems.push(format!(
                "{what}: the headline ({headline:.1} pt) is not a step above the body ({body:.1} pt)"
            ));
        }
        if ticks > 0.9 * body {
            problems.push(format!(
                "{what}: tick labels ({ticks:.1} pt) are not a step below the body ({body:.1} pt)"
            ));
        }
    }
    let lab = n == sections::lab();
    if (model || lab)
        && let Some(f) = figure
        && f.height() + 1.0 < slide.height() * 0.5
    {
        if std::env::var("DECK_DEBUG").is_ok() {
            for g in &figures {
                eprintln!(
                    "{what}: figure {:?} room {} drawn {}",
                    g.rect, g.room, g.drawn
                );
            }
        }
        problems.push(format!(
            "{what}: the figure is {:.0} of the slide's {:.0} points, under half",
            f.height(),
            slide.height()
        ));
    }
    (print(&texts), figure.filter(|_| model))
}

/// Walks the lecture at `px` and `type_steps` tenths of type above 100 %: the prints of its
/// builds, and the problems found.
fn walk(px: [f32; 2], type_steps: i32) -> (Vec<Print>, Vec<String>) {
    // (The class votes at every question: a build shows the vote and the verdict too.)
    let how = Lecture {
        px,
        type_steps,
        votes: true,
        layout: false,
    };
    let name = format!("{}×{} type {} %", px[0], px[1], 100 + 10 * type_steps);
    let mut prints: Vec<Print> = Vec::new();
    let mut problems = Vec::new();
    // The figure of the section's build before: a section's figure holds still (its axes,
    // height and key) from build to build.
    let mut last_figure: Option<(u8, Rect)> = None;
    lecture_walk(how, |w, step| {
        let n = w.h.state().current_section();
        let build = crate::harness::build_of(&w.h);
        let what = format!("{name} section {n} step {step} ({build})");
        let (p, figure) = check_build(&w.h, &what, &mut problems);
        if let Some(before) = prints.last()
            && only_moved(before, &p)
        {
            problems.push(format!("{what}: the press only moved the screen before it"));
        }
        // (Its place and size: the headline's room is the same on every slide.)
        if let (Some((m, before)), Some(now)) = (last_figure, figure)
            && m == n
            && ((before.bottom() - now.bottom()).abs() > 1.0
                || (before.top() - now.top()).abs() > 1.0
                || (before.width() - now.width()).abs() > 1.0)
        {
            problems.push(format!(
                "{what}: the figure moved from {before:?} to {now:?} since the build before"
            ));
        }
        last_figure = figure.map(|f| (n, f));
        prints.push(p);
    });
    (prints, problems)
}

fn deck_at(px: [f32; 2], type_steps: i32) {
    let (first, mut problems) = walk(px, type_steps);
    assert!(first.len() > 60, "only {} builds walked", first.len());
    // The same builds from a fresh start look the same.
    let (second, _) = walk(px, type_steps);
    for (i, (a, b)) in first.iter().zip(&second).enumerate() {
        if a != b {
            problems.push(format!("build {i} looks different from a fresh start"));
        }
    }
    if first.len() != second.len() {
        problems.push(format!("{} builds, then {}", first.len(), second.len()));
    }
    for p in &problems {
        eprintln!("{p}");
    }
    eprintln!("{} builds, {} problems", first.len(), problems.len());
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The projectors and types every build is written for: 1024×768 at Type 100, 120 and 130 %
/// (the largest), and 1280×800.
const DECKS: [([f32; 2], i32); 4] = [
    ([1024.0, 768.0], 0),
    ([1024.0, 768.0], 2),
    ([1024.0, 768.0], 3),
    ([1280.0, 800.0], 0),
];

#[test]
fn every_build_is_one_whole_screen_at_every_size_and_type() {
    for (px, type_steps) in DECKS {
        deck_at(px, type_steps);
    }
}

/// The lab's lecture (its runs replayed) at `px` and `type_steps`: every build checked.
fn lab_deck_at(px: [f32; 2], type_steps: i32) -> Vec<String> {
    let mut problems = Vec::new();
    let mut before: Option<Print> = None;
    let mut step = 0;
    crate::layout_walk::lab_lecture_at(px, type_steps, |w| {
        step += 1;
        let build = crate::harness::build_of(&w.h);
        let what = format!(
            "the lab {}×{} type {} % step {step} ({build})",
            px[0],
            px[1],
            100 + 10 * type_steps
        );
        let (p, _) = check_build(&w.h, &what, &mut problems);
        if before.as_ref().is_some_and(|b| only_moved(b, &p)) {
            problems.push(format!("{what}: the press only moved the screen before it"));
        }
        before = Some(p);
    });
    // (Each part's question and its result, the run in between pressed through; and the last
    // words.)
    let parts = locks_lesson::ui::sections::lab::PARTS;
    assert!(step > 2 * parts, "only {step} of the lab's builds walked");
    problems
}

#[test]
fn every_build_of_the_lab_is_one_whole_screen() {
    let mut problems = lab_deck_at([1024.0, 768.0], 0);
    problems.extend(lab_deck_at([1024.0, 768.0], 3));
    problems.extend(lab_deck_at([1280.0, 800.0], 0));
    for p in &problems {
        eprintln!("{p}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_blank_a_cut_and_a_scroll_are_found() {
    let a = vec![("word".to_owned(), [0, 10, 50, 30])];
    let moved = vec![("word".to_owned(), [0, 70, 50, 90])];
    assert!(only_moved(&a, &moved));
    assert!(!only_moved(&a, &a));
    let other = vec![("other".to_owned(), [0, 70, 50, 90])];
    assert!(!only_moved(&a, &other));
    assert!(numeric("10 s") && numeric("0.25") && !numeric("lock TTL"));
}
