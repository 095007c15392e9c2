//! Plot pieces every figure shares: the colours, line widths and marker sizes, one plot key
//! (egui_plot's legend shows colours only; these figures tell marks apart by shape too), grid
//! marks on linear and log axes, error bars and crosses.

use egui::{Color32, Stroke, Ui, pos2, vec2};
use egui_plot::{GridMark, Line, MarkerShape};

use crate::ui::Cx;

/// Okabe–Ito colours: distinguishable with every common colour-vision deficiency.
pub mod palette {
    use egui::Color32;
    pub const ORANGE: Color32 = Color32::from_rgb(0xE6, 0x9F, 0x00);
    pub const SKY: Color32 = Color32::from_rgb(0x56, 0xB4, 0xE9);
    pub const GREEN: Color32 = Color32::from_rgb(0x00, 0x9E, 0x73);
    pub const YELLOW: Color32 = Color32::from_rgb(0xF0, 0xE4, 0x42);
    pub const BLUE: Color32 = Color32::from_rgb(0x00, 0x72, 0xB2);
    pub const VERMILION: Color32 = Color32::from_rgb(0xD5, 0x5E, 0x00);
    pub const PURPLE: Color32 = Color32::from_rgb(0xCC, 0x79, 0xA7);
    pub const GREY: Color32 = Color32::from_rgb(0x88, 0x88, 0x88);

    /// Projector variants of the colours a projector washes out on white (each at least 3.5:1
    /// against white; the grey 7:1, as it also colours text). Every colour of the palette, as
    /// drawn on a projector, has at least 3:1 against white (WCAG 1.4.11).
    pub const SKY_PROJECTOR: Color32 = Color32::from_rgb(0x1F, 0x86, 0xC9);
    pub const YELLOW_PROJECTOR: Color32 = Color32::from_rgb(0xA6, 0x7C, 0x00);
    pub const GREY_PROJECTOR: Color32 = Color32::from_rgb(0x59, 0x59, 0x59);
    pub const ORANGE_PROJECTOR: Color32 = Color32::from_rgb(0xB3, 0x6B, 0x00);

    /// `c`, or its projector variant in lecture mode.
    pub fn for_projector(lecture: bool, c: Color32) -> Color32 {
        match c {
            _ if !lecture => c,
            SKY => SKY_PROJECTOR,
            YELLOW => YELLOW_PROJECTOR,
            GREY => GREY_PROJECTOR,
            ORANGE => ORANGE_PROJECTOR,
            other => other,
        }
    }
}

/// The palette colour `c` as drawn in this mode (darker light blue, yellow and grey on a
/// projector).
pub fn colour(cx: &Cx<'_>, c: Color32) -> Color32 {
    palette::for_projector(cx.lecture, c)
}

/// Space to leave left of a plot whose y axis has egui_plot's own title: egui_plot draws the
/// rotated title a quarter of its line height left of the plot's own rect, so the tops of
/// its letters are cut where the plot touches the edge of what may be drawn.
pub fn axis_room(ui: &Ui) -> f32 {
    (ui.text_style_height(&egui::TextStyle::Body) * 0.3).ceil() + 2.0
}

/// Draws a plot `width` wide with [`axis_room`] on its left: `add_plot` gets the plot's width.
pub fn with_axis_room<R>(ui: &mut Ui, width: f32, add_plot: impl FnOnce(&mut Ui, f32) -> R) -> R {
    let room = axis_room(ui);
    ui.horizontal_top(|ui| {
        ui.add_space(room);
        ui.vertical(|ui| add_plot(ui, width - room)).inner
    })
    .inner
}

/// The first of `titles` (longest first) that fits whole along a y axis of a plot `height`
/// tall: egui_plot centres the rotated title on the axis, which is the plot's height less the
/// x axis's tick labels and title, and draws no more of it than fits.
pub fn y_title(ui: &Ui, height: f32, titles: &[&str]) -> String {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let axis = height - 2.6 * row;
    let width = |t: &str| {
        ui.painter()
            .layout_no_wrap(t.to_owned(), font.clone(), Color32::WHITE)
            .size()
            .x
    };
    if let Some(fits) = titles.iter().find(|t| width(t) <= axis) {
        return (*fits).to_owned();
    }
    // Not even the shortest fits (a longer language, a short figure): it is cut short, with
    // an ellipsis, rather than cut off by the figure's edge.
    let shortest = titles.last().copied().unwrap_or_default();
    let mut words: Vec<char> = shortest.chars().collect();
    while !words.is_empty() {
        words.pop();
        let cut = format!("{}…", words.iter().collect::<String>().trim_end());
        if width(&cut) <= axis {
            return cut;
        }
    }
    String::new()
}

/// The least height of a plot along whose y axis the shortest of `titles` fits whole (see
/// [`y_title`]): a figure is never given less, so no axis title is cut short.
pub fn y_title_height(ui: &Ui, titles: &[&str]) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let shortest = titles.last().copied().unwrap_or_default();
    let width = ui
        .painter()
        .layout_no_wrap(shortest.to_owned(), font, Color32::WHITE)
        .size()
        .x;
    width + 2.6 * ui.text_style_height(&egui::TextStyle::Body) + 2.0
}

/// egui_plot fades a tick label in while the room between two ticks grows from its least to
/// its full (20 to 30 points on a y axis, 60 to 80 on an x axis): on a cramped chart the
/// numbers are then grey on white at under 2:1. These spacings draw a label whole or not at
/// all: at full strength once it has a tick row of room (`readable::tick_row`, 22 points and more) (x: a number's width), else left out.
const Y_LABEL_SPACING: f32 = 21.0;
const X_LABEL_SPACING: f32 = 60.0;

/// A y axis whose tick labels are drawn whole or not at all (see [`Y_LABEL_SPACING`]).
pub fn y_axis<'a>() -> egui_plot::AxisHints<'a> {
    egui_plot::AxisHints::new_y().label_spacing(Y_LABEL_SPACING..=Y_LABEL_SPACING + 0.01)
}

/// An x axis whose tick labels are drawn whole or not at all.
pub fn x_axis<'a>() -> egui_plot::AxisHints<'a> {
    egui_plot::AxisHints::new_x().label_spacing(X_LABEL_SPACING..=X_LABEL_SPACING + 0.01)
}

/// A plot whose axes' tick labels are drawn whole or not at all: call before the axes'
/// titles and formatters are set.
pub fn solid_ticks(plot: egui_plot::Plot<'_>) -> egui_plot::Plot<'_> {
    plot.custom_x_axes(vec![x_axis()])
        .custom_y_axes(vec![y_axis()])
}

/// A plot that stays as drawn: no dragging, zooming, scrolling or resetting by the reader
/// (clicks on it are left to the section); its tick labels whole or left out.
pub fn fixed_view(plot: egui_plot::Plot<'_>) -> egui_plot::Plot<'_> {
    solid_ticks(plot)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
}

/// Line width for plots: at least 2 px, thicker on a projector.
pub fn line_width(cx: &Cx<'_>) -> f32 {
    if cx.lecture { 3.5 } else { 2.5 }
}

/// Marker radius for plots.
pub fn marker_radius(cx: &Cx<'_>) -> f32 {
    if cx.lecture { 5.0 } else { 3.5 }
}

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

fn key_scale_id() -> egui::Id {
    egui::Id::unique("plot-key-scale")
}

/// The share of its type a figure's key is drawn at: on a slide that does not fit, the key's
/// words yield with the stage's other words (the plot keeps its type).
pub fn set_key_scale(ctx: &egui::Context, scale: f32) {
    ctx.data_mut(|d| d.insert_temp(key_scale_id(), scale));
}

/// A row of key entries under a plot, wrapping between entries (never inside one).
pub fn key_row(ui: &mut Ui, cx: &Cx<'_>, marks: &[KeyMark]) {
    let scale: f32 = ui.ctx().data(|d| d.get_temp(key_scale_id())).unwrap_or(1.0);
    ui.scope(|ui| {
        if scale < 1.0 && scale > 0.0 {
            crate::ui::kit::style::unscale_type(ui, 1.0 / scale);
        }
        key_row_at(ui, cx, marks);
    });
}

fn key_row_at(ui: &mut Ui, cx: &Cx<'_>, marks: &[KeyMark]) {
    let r = marker_radius(cx) * 1.3;
    let lw = line_width(cx);
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
            let galley = egui::WidgetText::from(text.as_str()).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            );
            let swatch = vec2(26.0, ui.text_style_height(&egui::TextStyle::Body));
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

/// Draws a marker the way egui_plot draws `Points` of that shape.
pub fn paint_marker(
    painter: &egui::Painter,
    c: egui::Pos2,
    r: f32,
    shape: MarkerShape,
    color: Color32,
    filled: bool,
) {
    let stroke = Stroke::new(if filled { 1.0 } else { 1.5 }, color);
    let fill = if filled { color } else { Color32::TRANSPARENT };
    let poly = |pts: Vec<egui::Pos2>| {
        if filled {
            egui::Shape::convex_polygon(pts, fill, stroke)
        } else {
            egui::Shape::closed_line(pts, stroke)
        }
    };
    let shape = match shape {
        MarkerShape::Circle => {
            if filled {
                egui::Shape::circle_filled(c, r, color)
            } else {
                egui::Shape::circle_stroke(c, r, stroke)
            }
        }
        MarkerShape::Square => poly(vec![
            c + vec2(-r, -r),
            c + vec2(r, -r),
            c + vec2(r, r),
            c + vec2(-r, r),
        ]),
        MarkerShape::Diamond => poly(vec![
            c + vec2(0.0, -r),
            c + vec2(r, 0.0),
            c + vec2(0.0, r),
            c + vec2(-r, 0.0),
        ]),
        MarkerShape::Down => poly(vec![
            c + vec2(-r, -r * 0.6),
            c + vec2(r, -r * 0.6),
            c + vec2(0.0, r),
        ]),
        MarkerShape::Up => poly(vec![
            c + vec2(0.0, -r),
            c + vec2(r, r * 0.6),
            c + vec2(-r, r * 0.6),
        ]),
        _ => {
            // Cross: two diagonal strokes.
            let s = Stroke::new(2.0, color);
            let d = r * std::f32::consts::FRAC_1_SQRT_2 * 1.4;
            painter.line_segment([c + vec2(-d, -d), c + vec2(d, d)], s);
            painter.line_segment([c + vec2(-d, d), c + vec2(d, -d)], s);
            return;
        }
    };
    painter.add(shape);
}

/// Grid marks at 1–2–5 steps, about eight labelled ones across the visible range, and no
/// labelled step below `min_major` (0 for none).
pub fn nice_grid(input: egui_plot::GridInput, min_major: f64) -> Vec<egui_plot::GridMark> {
    let (lo, hi) = input.bounds;
    let range = hi - lo;
    if !(range.is_finite() && range > 0.0) {
        return Vec::new();
    }
    let raw = (range / 8.0).max(min_major);
    let mag = 10f64.powf(raw.log10().floor());
    let major = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag);
    let minor = major / 5.0;
    let first = (lo / minor).ceil() as i64;
    let last = (hi / minor).floor() as i64;
    (first..=last)
        .map(|i| {
            let v = i as f64 * minor;
            let on_major = (v / major - (v / major).round()).abs() < 1e-9;
            egui_plot::GridMark {
                value: v,
                step_size: if on_major { major } else { minor },
            }
        })
        .collect()
}

/// A grid label with as many decimals as its step needs (`25.5` on a 0.5 step, `20` on 20).
pub fn grid_label(m: egui_plot::GridMark) -> String {
    let decimals = (-m.step_size.log10().floor()).max(0.0) as usize;
    format!("{:.*}", decimals, m.value)
}

/// Notes the y range plot `id` was drawn with (for the tests that hold an axis still across
/// a lecture's steps).
pub fn note_y_range(ui: &Ui, id: &str, bounds: &egui_plot::PlotBounds) {
    let key = egui::Id::unique(("plot-y-range", id, ui.ctx().viewport_id()));
    let y = [bounds.min()[1], bounds.max()[1]];
    ui.ctx().data_mut(|d| d.insert_temp(key, y));
}

/// The y range plot `id` was last drawn with in the main window (see [`note_y_range`]).
pub fn y_range(ctx: &egui::Context, id: &str) -> Option<[f64; 2]> {
    let key = egui::Id::unique(("plot-y-range", id, egui::ViewportId::ROOT));
    ctx.data(|d| d.get_temp(key))
}

/// A bold ✕ of `size` points around `(x, y)` (egui_plot's own cross is hair-thin when large).
pub fn cross(p: &mut egui_plot::PlotUi<'_>, x: f64, y: f64, size: f32, width: f32, color: Color32) {
    let d = p.transform().dvalue_dpos();
    let (dx, dy) = (f64::from(size) * d[0].abs(), f64::from(size) * d[1].abs());
    p.line(
        Line::new("", vec![[x - dx, y - dy], [x + dx, y + dy]])
            .color(color)
            .width(width),
    );
    p.line(
        Line::new("", vec![[x - dx, y + dy], [x + dx, y - dy]])
            .color(color)
            .width(width),
    );
}

/// A vertical 95 % interval with small caps.
pub fn error_bar(
    pu: &mut egui_plot::PlotUi<'_>,
    x: f64,
    lo: f64,
    hi: f64,
    color: egui::Color32,
    width: f32,
) {
    let cap = 0.03;
    pu.line(
        Line::new("", vec![[x, lo], [x, hi]])
            .color(color)
            .width(width),
    );
    for y in [lo, hi] {
        pu.line(
            Line::new("", vec![[x - cap, y], [x + cap, y]])
                .color(color)
                .width(width),
        );
    }
}

/// Grid marks on a log10 axis: every decade (labelled), and `minor` multiples inside it.
pub fn log_marks(bounds: (f64, f64), minor: &[f64]) -> Vec<GridMark> {
    let mut marks = Vec::new();
    let (lo, hi) = bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 400.0 {
        return marks;
    }
    for d in (lo.floor() as i32)..=(hi.ceil() as i32) {
        for &m in minor {
            let v = f64::from(d) + m.log10();
            if v >= lo && v <= hi {
                let step = if m == 1.0 { 1.0 } else { 0.1 };
                marks.push(GridMark {
                    value: v,
                    step_size: step,
                });
            }
        }
    }
    marks
}

/// Grid marks every decade of the fraction, stronger every second decade (the ones the fraction
/// axis labels; the crash-wait axis labels every fourth).
pub fn decade_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    decade_marks_every(bounds, 2)
}

/// Grid marks every decade, stronger every `every`-th one (the decades an axis labels).
pub fn decade_marks_every(bounds: (f64, f64), every: i32) -> Vec<GridMark> {
    let (lo, hi) = bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 400.0 {
        return Vec::new();
    }
    let every = every.max(1);
    ((lo.floor() as i32)..=(hi.ceil() as i32))
        .filter(|&d| f64::from(d) >= lo && f64::from(d) <= hi)
        .map(|d| {
            // Every labelled decade gets the same weight, so all labels look alike; its step
            // is the distance to the next labelled one, which egui_plot uses to keep labels
            // from overprinting.
            let step = if d % every == 0 {
                f64::from(every)
            } else {
                1.0
            };
            GridMark {
                value: f64::from(d),
                step_size: step,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_on_a_projector_has_3_to_1_against_white() {
        use crate::ui::shell::lecture::contrast_ratio;
        use palette::*;
        for c in [ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILION, PURPLE, GREY] {
            let shown = for_projector(true, c);
            let ratio = contrast_ratio(shown, Color32::WHITE);
            assert!(ratio >= 3.0, "{c:?} is drawn as {shown:?}: {ratio:.2}:1");
        }
        // (The learner's palette is left as it is: an orange of 2.3:1 is what a projector
        // washes out.)
        assert!(contrast_ratio(ORANGE, Color32::WHITE) < 3.0);
    }

    #[test]
    fn nice_grid_labels_round_numbers() {
        let marks = nice_grid(
            egui_plot::GridInput {
                bounds: (0.0, 118.0),
                base_step_size: 0.1,
            },
            0.0,
        );
        let major: Vec<f64> = marks
            .iter()
            .filter(|m| m.step_size == 20.0)
            .map(|m| m.value)
            .collect();
        assert_eq!(major, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        assert!(marks.iter().all(|m| m.value >= 0.0 && m.value <= 118.0));
        assert!(
            nice_grid(
                egui_plot::GridInput {
                    bounds: (1.0, 1.0),
                    base_step_size: 0.1
                },
                0.0
            )
            .is_empty()
        );
        // Tokens are whole numbers: never a labelled step below one.
        let tokens = nice_grid(
            egui_plot::GridInput {
                bounds: (105.0, 109.0),
                base_step_size: 0.01,
            },
            1.0,
        );
        assert!(
            tokens
                .iter()
                .filter(|m| m.step_size >= 1.0)
                .all(|m| m.value.fract() == 0.0)
        );
        let m = |value, step_size| egui_plot::GridMark { value, step_size };
        assert_eq!(grid_label(m(25.5, 0.5)), "25.5");
        assert_eq!(grid_label(m(20.0, 20.0)), "20");
        assert_eq!(grid_label(m(0.25, 0.05)), "0.25");
    }

    #[test]
    fn marks_label_the_right_decades() {
        let m = decade_marks((-16.0, 0.3));
        assert_eq!(m.len(), 17);
        // A labelled decade's step is the distance to the next labelled one.
        assert_eq!(m.iter().filter(|g| g.step_size == 2.0).count(), 9);
        assert_eq!(m, decade_marks_every((-16.0, 0.3), 2));
        let counts = decade_marks_every((-0.3, 4.5), 1);
        assert_eq!(counts.len(), 5);
        assert!(counts.iter().all(|g| g.step_size == 1.0));
        assert!(decade_marks_every((f64::NAN, 1.0), 1).is_empty());
        let x = log_marks((-1.05, 2.53), &[1.0, 2.0, 5.0]);
        assert_eq!(x.iter().filter(|g| g.step_size == 1.0).count(), 4);
    }
}
