//! Plot pieces every figure shares: the colours, line widths and marker sizes, axes whose
//! titles and tick labels are drawn whole, error bars and crosses; one plot key
//! ([`key`]: egui_plot's legend shows colours only; these figures tell marks apart by shape
//! too) and grid marks on linear and log axes ([`grid`]).

mod edges;
mod grid;
mod key;

pub use edges::{SLIDE_PLOT_TEXT, TickLabels, show, tick_labels, y_range, y_ranges};
pub use grid::{
    decade_marks, decade_marks_every, grid_label, log_marks, log_marks_every, nice_grid,
    spaced_x_grid, whole_x_grid,
};
pub use key::{HATCH_INK, Hatch, KeyMark, key_row, marker_shapes, paint_hatch, paint_marker};

use egui::{Color32, FontId, Ui};
use egui_plot::Line;

use crate::ui::Cx;
use crate::ui::kit::labels::Mark;

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
    (crate::ui::kit::readable::figure_text_height(ui) * 0.3).ceil() + 2.0
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
    let row = crate::ui::kit::readable::figure_text_height(ui);
    fit_title(ui, height - 2.6 * row, titles)
}

/// The first of `titles` (longest first) that fits whole under a plot `width` wide (its
/// y axis's tick labels and title beside it take about four rows): egui_plot centres the
/// title under the plot and draws it on one line, cut where the figure ends.
pub fn x_title(ui: &Ui, width: f32, titles: &[&str]) -> String {
    let row = crate::ui::kit::readable::figure_text_height(ui);
    fit_title(ui, width - 4.0 * row, titles)
}

/// Names under `count` evenly spaced bars of a plot `width` wide (as for [`x_title`], its y
/// axis beside it takes about three rows), and the font they fit in: each name a line where
/// every two neighbours fit between their bars' middles with a gap, else a word a line, in the
/// body type or as much smaller as they need, never under the projector's least text size.
/// (egui_plot drops a tick label wider than its step: give these marks a step of
/// [`BAR_NAME_STEP`], so that only this fitting decides.)
pub fn bar_names(ui: &Ui, width: f32, count: usize, names: &[&str]) -> BarNames {
    let body = crate::ui::kit::labels::font(ui);
    let row = crate::ui::kit::readable::figure_text_height(ui);
    // (From one bar's middle to the next, less a gap of half a row; 5 % margins at the ends.)
    let room = ((width - 3.0 * row) / (count.max(1) as f32 * 1.1) - 0.5 * row).max(1.0);
    // The most room two neighbours need: half of each.
    let needs = |names: &[String], font: &FontId| {
        let w: Vec<f32> = names
            .iter()
            .map(|n| {
                ui.painter()
                    .layout_no_wrap(n.clone(), font.clone(), Color32::WHITE)
                    .size()
                    .x
            })
            .collect();
        w.windows(2)
            .map(|p| 0.5 * (p[0] + p[1]))
            .fold(w.first().copied().unwrap_or(0.0) * 0.5, f32::max)
    };
    let one_line: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    if needs(&one_line, &body) <= room {
        return BarNames {
            names: one_line,
            font: body,
            taller: 0.0,
        };
    }
    let stacked: Vec<String> = names.iter().map(|n| n.replace(' ', "\n")).collect();
    let least = crate::ui::kit::readable::MIN_TEXT_PX / ui.ctx().pixels_per_point();
    let scale = (room / needs(&stacked, &body).max(1.0)).min(1.0);
    let size = (body.size * scale).max(least.min(body.size));
    let font = FontId::new(size, body.family);
    let line = ui.ctx().fonts_mut(|f| f.row_height(&font));
    BarNames {
        names: stacked,
        font,
        taller: (2.0 * line - row).max(0.0),
    }
}

/// Names laid out under bars by [`bar_names`].
pub struct BarNames {
    /// A name a bar, in order.
    pub names: Vec<String>,
    /// The font they fit in.
    pub font: FontId,
    /// How much taller the x axis is than with one line in the body type (a plot's y axis is
    /// that much shorter: see [`y_title`]).
    pub taller: f32,
}

/// The step of the marks under bars named with [`bar_names`]: wide enough that egui_plot
/// never drops a name for being wider than one bar.
pub const BAR_NAME_STEP: f64 = 3.0;

/// The first of `titles` no wider than `room`, or the last cut short with an ellipsis.
fn fit_title(ui: &Ui, room: f32, titles: &[&str]) -> String {
    let font = crate::ui::kit::labels::font(ui);
    let width = |t: &str| {
        ui.painter()
            .layout_no_wrap(t.to_owned(), font.clone(), Color32::WHITE)
            .size()
            .x
    };
    if let Some(fits) = titles.iter().find(|t| width(t) <= room) {
        return (*fits).to_owned();
    }
    // Not even the shortest fits (a longer language, a short figure): it is cut short, with
    // an ellipsis, rather than cut off by the figure's edge.
    let shortest = titles.last().copied().unwrap_or_default();
    let mut words: Vec<char> = shortest.chars().collect();
    while !words.is_empty() {
        words.pop();
        let cut = format!("{}…", words.iter().collect::<String>().trim_end());
        if width(&cut) <= room {
            return cut;
        }
    }
    String::new()
}

/// The least height of a plot along whose y axis the shortest of `titles` fits whole (see
/// [`y_title`]): a figure is never given less, so no axis title is cut short.
pub fn y_title_height(ui: &Ui, titles: &[&str]) -> f32 {
    let font = crate::ui::kit::labels::font(ui);
    let shortest = titles.last().copied().unwrap_or_default();
    let width = ui
        .painter()
        .layout_no_wrap(shortest.to_owned(), font, Color32::WHITE)
        .size()
        .x;
    width + 2.6 * crate::ui::kit::readable::figure_text_height(ui) + 2.0
}

/// egui_plot fades a tick label in while the room between two ticks grows from its least to
/// its full (20 to 30 points on a y axis, 60 to 80 on an x axis): on a cramped chart the
/// numbers are then grey on white at under 2:1. These spacings draw a label whole or not at
/// all: at full strength once it has a tick row of room (`readable::tick_row`, 22 points and more) (x: a number's width), else left out.
const Y_LABEL_SPACING: f32 = 21.0;
const X_LABEL_SPACING: f32 = 60.0;

/// A y axis whose tick labels are drawn whole or not at all (see [`Y_LABEL_SPACING`]).
pub fn y_axis<'a>() -> egui_plot::AxisHints<'a> {
    egui_plot::AxisHints::new_y()
        .label_spacing(Y_LABEL_SPACING..=Y_LABEL_SPACING + 0.01)
        .formatter(|m, _| grid_label(m))
}

/// An x axis whose tick labels are drawn whole or not at all.
pub fn x_axis<'a>() -> egui_plot::AxisHints<'a> {
    egui_plot::AxisHints::new_x()
        .label_spacing(X_LABEL_SPACING..=X_LABEL_SPACING + 0.01)
        .formatter(|m, _| grid_label(m))
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

/// A bold ✕ of `size` points around `(x, y)` (egui_plot's own cross is hair-thin when large);
/// returns the mark it draws.
pub fn cross(
    p: &mut egui_plot::PlotUi<'_>,
    x: f64,
    y: f64,
    size: f32,
    width: f32,
    color: Color32,
) -> Mark {
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
    Mark::Dot(egui_plot::PlotPoint::new(x, y), size + width / 2.0)
}

/// A vertical 95 % interval with small caps; returns the marks it draws (its stroke and caps).
pub fn error_bar(
    pu: &mut egui_plot::PlotUi<'_>,
    x: f64,
    lo: f64,
    hi: f64,
    color: egui::Color32,
    width: f32,
) -> [Mark; 3] {
    let cap = 0.03;
    let at = egui_plot::PlotPoint::new;
    let marks = [
        Mark::Stroke(at(x, lo), at(x, hi), width),
        Mark::Stroke(at(x - cap, lo), at(x + cap, lo), width),
        Mark::Stroke(at(x - cap, hi), at(x + cap, hi), width),
    ];
    // An interval shorter than a dot is hidden by it: its caps alone would draw a square
    // around the dot, a mark no key names.
    let span = (pu.screen_from_plot(at(x, lo)).y - pu.screen_from_plot(at(x, hi)).y).abs();
    if span < 6.0 * width {
        return marks;
    }
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
    marks
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
}
