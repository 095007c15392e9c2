//! What the layout walk checks inside figures: every plot shows its axes' tick labels (and
//! section 3's timeline every lane's name) at a readable contrast, no axis title is cut
//! short, and no two words inside a figure overprint; and, on a projector, that a stage never
//! scrolls (a clicker cannot reach what is below its fold).

use egui::accesskit::Role;
use egui::{Color32, Rect};
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::lesson::catalogue::t;
use locks_lesson::sections::{self, Kind};
use locks_lesson::ui::kit::readable;
use locks_lesson::ui::shell::lecture::contrast_ratio;

use crate::layout_walk::{App, rect_of};

/// The least contrast of a tick label against what it is drawn on (WCAG AA for text).
const TICK_CONTRAST: f32 = 4.5;

/// A text painted in the last frame: its words, where its letters are, its colour as drawn
/// (its alpha included) and whether it is turned (an axis title along the y axis).
struct Painted {
    text: String,
    /// Where its letters are, and the part of that which is drawn (inside its clip).
    rect: Rect,
    shown: Rect,
    clip: Rect,
    colour: Color32,
    turned: bool,
}

fn painted(h: &App) -> Vec<Painted> {
    fn walk(shape: &egui::Shape, clip: Rect, out: &mut Vec<Painted>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, clip, out)),
            egui::Shape::Text(t) if !t.galley.text().trim().is_empty() => {
                let format = t.galley.job.sections.first().map(|s| s.format.color);
                let colour = t
                    .override_text_color
                    .or(format.filter(|c| *c != Color32::PLACEHOLDER))
                    .unwrap_or(t.fallback_color)
                    .gamma_multiply(t.opacity_factor);
                out.push(Painted {
                    text: t.galley.text().to_owned(),
                    rect: t.visual_bounding_rect(),
                    shown: t.visual_bounding_rect().intersect(clip),
                    clip,
                    colour,
                    turned: t.angle.abs() > 1e-3,
                });
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, clipped.clip_rect, &mut out);
    }
    out
}

/// `c` (premultiplied) drawn over the opaque `under`.
fn over(c: Color32, under: Color32) -> Color32 {
    let a = f32::from(c.a()) / 255.0;
    let mix = |x: u8, y: u8| (f32::from(x) + f32::from(y) * (1.0 - a)).round().min(255.0) as u8;
    Color32::from_rgb(
        mix(c.r(), under.r()),
        mix(c.g(), under.g()),
        mix(c.b(), under.b()),
    )
}

/// The plots drawn in the last frame (their frames, inside the axes) with their names.
fn plot_frames(h: &App) -> Vec<(String, Rect)> {
    let ppp = h.ctx.pixels_per_point();
    h.query_all_by(|n| n.role() == Role::Image)
        .filter_map(|n| {
            let node = n.accesskit_node();
            let r = rect_of(&node, ppp)?;
            let label = node.label().map(|l| l.to_string()).unwrap_or_default();
            (r.width() >= 20.0 && r.height() >= 20.0).then_some((label, r))
        })
        .collect()
}

/// Where menus, popups and windows over the page are (their words cover a figure, they do
/// not overprint it).
fn floating(h: &App) -> Vec<Rect> {
    let ppp = h.ctx.pixels_per_point();
    h.query_all_by(|n| {
        matches!(n.role(), Role::Menu | Role::Dialog | Role::Tooltip)
            || (n.role() == Role::Window && n.parent().is_some())
    })
    .filter_map(|n| rect_of(&n.accesskit_node(), ppp))
    .collect()
}

/// Every check of the figures on screen, as state `what`.
pub fn check_figures(h: &App, what: &str, problems: &mut Vec<String>) {
    let covers = floating(h);
    let texts: Vec<Painted> = painted(h)
        .into_iter()
        .filter(|p| p.shown.is_positive() && !covers.iter().any(|r| r.intersects(p.rect)))
        .collect();
    let figures = readable::drawn_figures(&h.ctx, egui::ViewportId::ROOT);
    let style = h.ctx.global_style();
    let row = style.text_styles[&egui::TextStyle::Body].size;
    let ground = style.visuals.panel_fill;
    let window = h.ctx.content_rect();
    for (name, frame) in plot_frames(h) {
        if !frame.intersects(window) {
            continue;
        }
        // The figure around the frame: its axes, titles and words.
        let region = figures
            .iter()
            .map(|f| f.rect)
            .find(|r| r.expand(1.0).contains_rect(frame))
            .unwrap_or_else(|| {
                Rect::from_min_max(
                    frame.min - egui::vec2(6.0 * row, 0.5 * row),
                    frame.max + egui::vec2(0.5 * row, 3.0 * row),
                )
            });
        let inside: Vec<&Painted> = texts
            .iter()
            .filter(|p| region.expand(1.0).contains(p.rect.center()))
            .collect();
        // A figure partly scrolled out of its column (a learner's page) is judged where it
        // is whole.
        let axes = inside.iter().filter(|p| !frame.contains(p.rect.center()));
        if axes.clone().any(|p| {
            !p.clip
                .expand(1.0)
                .contains_rect(frame.expand2(egui::vec2(0.0, row)))
        }) {
            continue;
        }
        let what = format!("{what}: figure '{name}'");
        let y_ticks: Vec<&Painted> = inside
            .iter()
            .filter(|p| {
                !p.turned
                    && p.rect.right() <= frame.left() + 1.0
                    && frame.y_range().contains(p.rect.center().y)
            })
            .copied()
            .collect();
        // (The figure waiting for a prediction has axes without numbers; the lab's measured
        // lane diagrams name their lanes inside the frame, on a time axis of their own.)
        let waiting = name == t("stage.figure.name");
        let lanes =
            [t("lab.figure.describe"), t("lab.failover.figure.describe")].contains(&name.as_str());
        if y_ticks.len() < 2 && !waiting && !lanes {
            problems.push(format!(
                "{what} {frame:?} shows {} tick labels on its y axis",
                y_ticks.len()
            ));
        }
        if name == t("sections.stale.plot") {
            let lanes = [
                "A",
                t("sections.stale.lane.lock_service"),
                "B",
                t("sections.stale.lane.storage"),
            ];
            for lane in lanes {
                if !y_ticks.iter().any(|p| p.text == lane) {
                    problems.push(format!("{what} {frame:?} lost the lane label '{lane}'"));
                }
            }
        }
        let x_ticks = inside.iter().copied().filter(|p| {
            !p.turned
                && p.rect.top() >= frame.bottom() - 1.0
                && frame.x_range().contains(p.rect.center().x)
                && p.rect.bottom() <= frame.bottom() + 2.0 * row
        });
        for p in y_ticks.iter().copied().chain(x_ticks) {
            let ratio = contrast_ratio(over(p.colour, ground), ground);
            if ratio < TICK_CONTRAST {
                problems.push(format!(
                    "{what}: the tick label '{}' at {:?} has contrast {ratio:.1}:1",
                    p.text, p.rect
                ));
            }
        }
        // (A popup covers the figure: its words are over the figure's, not beside them.)
        let popup = what.contains("popup");
        for (i, a) in inside.iter().enumerate().filter(|_| !popup) {
            if a.text.trim_end().ends_with('…') && a.turned {
                problems.push(format!("{what}: the axis title '{}' is cut short", a.text));
            }
            for b in &inside[i + 1..] {
                let x = a.shown.shrink(1.0).intersect(b.shown.shrink(1.0));
                let nested = a.rect.contains_rect(b.rect) || b.rect.contains_rect(a.rect);
                if x.width() > 1.0 && x.height() > 1.0 && !(nested && a.text == b.text) {
                    problems.push(format!(
                        "{what}: '{}' at {:?} overprints '{}' at {:?}",
                        a.text, a.rect, b.text, b.rect
                    ));
                }
            }
        }
    }
}

/// On a projector a simulation section's stage is one slide: nothing of it scrolls out of a
/// clicker's reach.
pub fn check_slide(h: &App, what: &str, problems: &mut Vec<String>) {
    let n = h.state().current_section();
    let model = matches!(sections::get(n).map(|d| d.kind), Some(Kind::Model(_)));
    if !h.state().lecture() || !model || h.state().presenter_view().is_open() {
        return;
    }
    let ppp = h.ctx.pixels_per_point();
    for bar in h.query_all_by(|n| n.role() == Role::ScrollBar) {
        if let Some(r) = rect_of(&bar.accesskit_node(), ppp) {
            problems.push(format!(
                "{what}: section {n}'s stage scrolls ({r:?}): what is below its fold is out of \
                 a clicker's reach"
            ));
        }
    }
}
