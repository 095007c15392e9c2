//! Two small pieces the stage draws itself, around what its experiment draws: the figure's
//! empty state while a prediction is asked, and the seed row.

use egui::{RichText, Ui};

use super::layout::MIN_FIGURE_HEIGHT;
use crate::ui::kit::{plot, widgets};

/// The figure's empty state while its result is hidden: its axes, and a word on why.
pub fn empty_figure(ui: &mut Ui, n: u8, size: egui::Vec2, x: &str, y: &str) {
    let body = ui.style().text_styles[&egui::TextStyle::Body].size;
    let waiting = t!("stage.figure.waiting");
    let empty = plot::solid_ticks(egui_plot::Plot::new(("empty-figure", n)))
        .width(size.x)
        .height(size.y.max(MIN_FIGURE_HEIGHT))
        .x_axis_label(x)
        .y_axis_label(y)
        .x_axis_formatter(|_, _| String::new())
        .y_axis_formatter(|_, _| String::new())
        .include_x(0.0)
        .include_x(1.0)
        .include_y(0.0)
        .include_y(1.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .show_x(false)
        .show_y(false);
    let shown = plot::show(ui, "empty-figure", empty, |pu| {
        pu.text(egui_plot::Text::new(
            "",
            egui_plot::PlotPoint::new(0.5, 0.5),
            RichText::new(waiting).size(body * 1.2),
        ));
    });
    widgets::describe_plot(&shown.response, t!("stage.figure.name"), waiting);
}

/// The seed and a button for a new one. Returns true when a new seed was asked for.
pub fn seed_row(ui: &mut Ui, seed: u64) -> bool {
    ui.label(RichText::new(tf!("stage.seed", &[("seed", seed.to_string())])).monospace());
    ui.button(t!("stage.seed.new"))
        .on_hover_text(t!("stage.seed.new.hint"))
        .clicked()
}
