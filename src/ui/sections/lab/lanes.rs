//! What the lab's two lane diagrams (the run's timeline and a failover's) draw alike: the
//! empty plot with its lanes named up the y axis, a moment's dashed line, and the words painted
//! over the finished diagram.

use egui::{Color32, Ui};
use egui_plot::{LineStyle, Plot, PlotResponse, PlotUi, VLine};

use crate::ui::kit::labels::{Labels, Mark};
use crate::ui::kit::plot;
use crate::ui::kit::widgets;

/// An empty lane diagram of `height` that stays as drawn: time along x (titled `axis`) over
/// at least `x`, y over at least `y`, and each of `lanes` (its height and name) named on the y
/// axis with a grid line of its own.
pub(super) fn lane_plot<'a>(
    id: impl std::hash::Hash + std::fmt::Debug,
    height: f32,
    axis: &'static str,
    x: [f64; 2],
    y: [f64; 2],
    lanes: Vec<(f64, String)>,
) -> Plot<'a> {
    let heights: Vec<f64> = lanes.iter().map(|&(y, _)| y).collect();
    plot::fixed_view(Plot::new(id))
        .height(height)
        .x_axis_label(axis)
        .include_x(x[0])
        .include_x(x[1])
        .include_y(y[0])
        .include_y(y[1])
        .show_x(false)
        .show_y(false)
        .y_grid_spacer(move |_| {
            heights
                .iter()
                .map(|&y| egui_plot::GridMark {
                    value: y,
                    step_size: 1.0,
                })
                .collect()
        })
        .y_axis_formatter(move |m, _| {
            lanes
                .iter()
                .find(|(y, _)| (y - m.value).abs() < 0.01)
                .map_or(String::new(), |(_, n)| n.clone())
        })
}

/// A dashed vertical line across the lanes at moment `at`, `width` wide, that words keep
/// clear of.
pub(super) fn moment_line(
    p: &mut PlotUi<'_>,
    labels: &mut Labels,
    at: f64,
    color: Color32,
    width: f32,
) {
    labels.avoid_marks([Mark::Vertical(at, width)]);
    p.vline(
        VLine::new("", at)
            .color(color)
            .width(width)
            .style(LineStyle::dashed_dense()),
    );
}

/// The diagram's words painted over it (in `text`, the strong ones stronger) and its
/// description for a screen reader (`describe`); returns where the diagram is.
pub(super) fn finish(
    ui: &Ui,
    labels: Labels,
    response: PlotResponse<()>,
    text: Color32,
    describe: &str,
) -> egui::Rect {
    let strong = ui.visuals().strong_text_color();
    labels.paint(ui, &response.transform, text, strong);
    let response = response.response;
    widgets::describe_plot(&response, describe, "");
    response.rect
}
