//! The plot key under a figure: a row of swatches (bars, lines, markers, hatched bars,
//! intervals), each with its words, drawn in the mode's colours; and the hatching and markers
//! the figures draw with.

use egui::{Color32, Stroke, Ui, pos2, vec2};
use egui_plot::MarkerShape;

use super::{colour, line_width, marker_radius};
use crate::ui::Cx;

/// One entry of a plot key.
pub enum KeyMark {
    /// A filled bar swatch.
    Bar(Color32, String),
    /// A line; dashed when `true`.
    Line(Color32, bool, String),
    /// A filled marker.
    Shape(MarkerShape, Color32, String),
    /// An outlined marker.
    Hollow(MarkerShape, Color32, String),
    /// A bar filled in full colour, hatched with [`Hatch`] (bars told apart without colour).
    Hatched(Color32, Hatch, String),
    /// A vertical interval with caps (a 95 % interval).
    Interval(Color32, String),
}

/// How a bar is hatched, so that bars differ without colour too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hatch {
    Solid,
    /// Diagonal stripes rising to the right.
    Rising,
    /// Horizontal stripes.
    Level,
    /// Diagonal stripes falling to the right.
    Falling,
}

/// The ink of hatching: dark enough on every palette colour, in both themes.
pub const HATCH_INK: Color32 = Color32::from_black_alpha(160);

/// Paints `hatch` over `rect` (already filled), clipped to it.
pub fn paint_hatch(painter: &egui::Painter, rect: egui::Rect, hatch: Hatch, ink: Color32) {
    let painter = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
    let stroke = Stroke::new(1.5, ink);
    let gap = 6.0;
    let h = rect.height();
    // Diagonals start every `gap` points along the bottom (rising) or top (falling) edge,
    // from one height left of the rect so that its left part is covered too.
    let diagonals = |from_top: bool| {
        let (y, dy) = if from_top {
            (rect.top(), h)
        } else {
            (rect.bottom(), -h)
        };
        let mut k = 0.0;
        while k < rect.width() + h {
            let start = pos2(rect.left() + k - h, y);
            painter.line_segment([start, start + vec2(h, dy)], stroke);
            k += gap;
        }
    };
    match hatch {
        Hatch::Solid => {}
        Hatch::Rising => diagonals(false),
        Hatch::Falling => diagonals(true),
        Hatch::Level => {
            let mut y = rect.bottom() - gap / 2.0;
            while y > rect.top() {
                painter.line_segment([pos2(rect.left(), y), pos2(rect.right(), y)], stroke);
                y -= gap;
            }
        }
    }
}

/// A row of key entries under a plot, wrapping between entries (never inside one).
pub fn key_row(ui: &mut Ui, cx: &Cx<'_>, marks: &[KeyMark]) {
    ui.scope(|ui| key_row_at(ui, cx, marks));
}

fn key_row_at(ui: &mut Ui, cx: &Cx<'_>, marks: &[KeyMark]) {
    let r = marker_radius(cx) * 1.3;
    let lw = line_width(cx);
    // On a slide the key is the figure's own words: a step below the body, as its numbers
    // and axis titles are (`SLIDE_PLOT_TEXT`), and its rows keep close: the room is the figure's.
    if crate::ui::kit::style::on_slide(ui.ctx()) {
        ui.spacing_mut().item_spacing.y = 2.0;
        if let Some(body) = ui.style_mut().text_styles.get_mut(&egui::TextStyle::Body) {
            body.size *= super::SLIDE_PLOT_TEXT;
        }
    }
    let full = ui.available_width();
    ui.horizontal_wrapped(|ui| {
        for (i, m) in marks.iter().enumerate() {
            let text = match m {
                KeyMark::Bar(_, t)
                | KeyMark::Line(_, _, t)
                | KeyMark::Shape(_, _, t)
                | KeyMark::Hollow(_, _, t)
                | KeyMark::Hatched(_, _, t)
                | KeyMark::Interval(_, t) => t,
            };
            let swatch = vec2(26.0, ui.text_style_height(&egui::TextStyle::Body));
            // An entry wider than the key wraps beside its swatch.
            let widest = full - swatch.x - 3.0 * ui.spacing().item_spacing.x;
            let galley = egui::WidgetText::from(text.as_str()).into_galley(
                ui,
                Some(egui::TextWrapMode::Wrap),
                widest.max(40.0),
                egui::TextStyle::Body,
            );
            let gap = if i > 0 { 14.0 } else { 0.0 };
            let needed = gap + swatch.x + galley.size().x + 3.0 * ui.spacing().item_spacing.x;
            if i > 0 && ui.available_size_before_wrap().x < needed {
                ui.end_row();
            } else {
                ui.add_space(gap);
            }
            let (rect, _) = ui.allocate_exact_size(swatch, egui::Sense::hover());
            let painter = ui.painter();
            let c = rect.center();
            let m = &projector_mark(cx, m);
            match m {
                KeyMark::Bar(color, _) => {
                    let bar = egui::Rect::from_center_size(c, vec2(22.0, 10.0));
                    painter.rect(
                        bar,
                        2.0,
                        color.gamma_multiply(0.6),
                        Stroke::new(1.5, *color),
                        egui::StrokeKind::Inside,
                    );
                }
                KeyMark::Line(color, dashed, _) => {
                    let (a, b) = (pos2(rect.left() + 1.0, c.y), pos2(rect.right() - 1.0, c.y));
                    if *dashed {
                        painter.extend(egui::Shape::dashed_line(
                            &[a, b],
                            Stroke::new(lw, *color),
                            6.0,
                            4.0,
                        ));
                    } else {
                        painter.line_segment([a, b], Stroke::new(lw, *color));
                    }
                }
                KeyMark::Shape(shape, color, _) => {
                    paint_marker(painter, c, r, *shape, *color, true)
                }
                KeyMark::Hollow(shape, color, _) => {
                    paint_marker(painter, c, r, *shape, *color, false)
                }
                KeyMark::Hatched(color, hatch, _) => {
                    let bar = egui::Rect::from_center_size(c, vec2(22.0, rect.height() - 2.0));
                    painter.rect_filled(bar, 2.0, *color);
                    paint_hatch(painter, bar, *hatch, HATCH_INK);
                    painter.rect_stroke(
                        bar,
                        2.0,
                        Stroke::new(1.0, ui.visuals().strong_text_color()),
                        egui::StrokeKind::Inside,
                    );
                }
                KeyMark::Interval(color, _) => {
                    let s = Stroke::new(lw * 0.7, *color);
                    let (top, bottom) = (rect.top() + 2.0, rect.bottom() - 2.0);
                    painter.line_segment([pos2(c.x, top), pos2(c.x, bottom)], s);
                    for y in [top, bottom] {
                        painter.line_segment([pos2(c.x - 4.0, y), pos2(c.x + 4.0, y)], s);
                    }
                }
            }
            ui.add(egui::Label::new(galley));
        }
    });
}

/// The mark's swatch in this mode's colours (the text is left out: it is drawn already).
fn projector_mark(cx: &Cx<'_>, m: &KeyMark) -> KeyMark {
    let c = |c: &Color32| colour(cx, *c);
    match m {
        KeyMark::Bar(k, _) => KeyMark::Bar(c(k), String::new()),
        KeyMark::Line(k, d, _) => KeyMark::Line(c(k), *d, String::new()),
        KeyMark::Shape(s, k, _) => KeyMark::Shape(*s, c(k), String::new()),
        KeyMark::Hollow(s, k, _) => KeyMark::Hollow(*s, c(k), String::new()),
        KeyMark::Hatched(k, h, _) => KeyMark::Hatched(c(k), *h, String::new()),
        KeyMark::Interval(k, _) => KeyMark::Interval(c(k), String::new()),
    }
}

/// Draws a marker of `shape`: the key's swatch and, where a figure paints its own marks with
/// it, the mark on the figure, so that both are the same.
pub fn paint_marker(
    painter: &egui::Painter,
    c: egui::Pos2,
    r: f32,
    shape: MarkerShape,
    color: Color32,
    filled: bool,
) {
    painter.extend(marker_shapes(c, r, shape, color, filled));
}

/// The shapes of a marker of `shape` at `c`, `r` from its middle to its tips: every one of
/// egui_plot's shapes, each its own (a triangle points the way its name says; a cross, a plus
/// and an asterisk are strokes).
pub fn marker_shapes(
    c: egui::Pos2,
    r: f32,
    shape: MarkerShape,
    color: Color32,
    filled: bool,
) -> Vec<egui::Shape> {
    let stroke = Stroke::new(if filled { 1.0 } else { 1.5 }, color);
    let fill = if filled { color } else { Color32::TRANSPARENT };
    let poly = |pts: &[(f32, f32)]| {
        let pts = pts.iter().map(|&(x, y)| c + r * vec2(x, y)).collect();
        if filled {
            egui::Shape::convex_polygon(pts, fill, stroke)
        } else {
            egui::Shape::closed_line(pts, stroke)
        }
    };
    // (Strokes from the middle: a cross's, a plus's, an asterisk's arms.)
    let arms = |dirs: &[(f32, f32)]| {
        let s = Stroke::new((r * 0.3).max(2.0), color);
        dirs.iter()
            .map(|&(x, y)| egui::Shape::line_segment([c - r * vec2(x, y), c + r * vec2(x, y)], s))
            .collect::<Vec<_>>()
    };
    let (h, s3) = (0.5, 0.5 * 3f32.sqrt());
    // (The cross's arms reach as far as the square's corners.)
    let d = std::f32::consts::FRAC_1_SQRT_2 * 1.4;
    match shape {
        MarkerShape::Circle if filled => vec![egui::Shape::circle_filled(c, r, color)],
        MarkerShape::Circle => vec![egui::Shape::circle_stroke(c, r, stroke)],
        MarkerShape::Square => vec![poly(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)])],
        MarkerShape::Diamond => vec![poly(&[(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)])],
        MarkerShape::Down => vec![poly(&[(-1.0, -0.6), (1.0, -0.6), (0.0, 1.0)])],
        MarkerShape::Up => vec![poly(&[(0.0, -1.0), (1.0, 0.6), (-1.0, 0.6)])],
        MarkerShape::Left => vec![poly(&[(-1.0, 0.0), (h, -s3), (h, s3)])],
        MarkerShape::Right => vec![poly(&[(1.0, 0.0), (-h, s3), (-h, -s3)])],
        MarkerShape::Cross => arms(&[(d, d), (d, -d)]),
        MarkerShape::Plus => arms(&[(1.0, 0.0), (0.0, 1.0)]),
        MarkerShape::Asterisk => arms(&[(0.0, 1.0), (s3, h), (s3, -h)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every marker shape is drawn as its own: no shape falls back to another's (a key once
    /// drew egui_plot's ◀ as a ✕).
    #[test]
    fn every_marker_shape_is_drawn_as_itself() {
        let all = [
            MarkerShape::Circle,
            MarkerShape::Square,
            MarkerShape::Diamond,
            MarkerShape::Down,
            MarkerShape::Up,
            MarkerShape::Left,
            MarkerShape::Right,
            MarkerShape::Cross,
            MarkerShape::Plus,
            MarkerShape::Asterisk,
        ];
        let c = pos2(100.0, 100.0);
        let drawn: Vec<String> = all
            .iter()
            .map(|&s| format!("{:?}", marker_shapes(c, 6.0, s, Color32::RED, true)))
            .collect();
        for (i, a) in drawn.iter().enumerate() {
            for (j, b) in drawn.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} is drawn as {:?}", all[i], all[j]);
            }
        }
        // ◀ points left: its leftmost point is its tip, level with the middle.
        let left = marker_shapes(c, 6.0, MarkerShape::Left, Color32::RED, true);
        let egui::Shape::Path(path) = &left[0] else {
            panic!("{left:?}");
        };
        let tip = path.points.iter().min_by(|a, b| a.x.total_cmp(&b.x));
        assert_eq!(tip, Some(&pos2(94.0, 100.0)));
    }
}
