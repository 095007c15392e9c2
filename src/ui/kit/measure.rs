//! How wide words and rows of sliders are, before they are drawn; and what a frame measured, kept for the next.

use egui::{Id, Ui};

/// The width of `text` (in the body font unless it says otherwise), unwrapped.
pub fn text_width(ui: &Ui, text: impl Into<egui::WidgetText>) -> f32 {
    text.into()
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x
}

/// The width of a slider's value box (its widest usual value, `00.0 s`).
pub fn value_width(ui: &Ui) -> f32 {
    ui.spacing()
        .interact_size
        .x
        .max(text_width(ui, tf!("stage.fmt.s", &[("n", "00.0")])))
}

/// The slider width that puts sliders labelled `labels`, with their values, and `others`
/// points of other controls on one row; `None` when the sliders would be shorter than 56
/// points there (stack them instead).
pub fn row_slider_width(ui: &Ui, labels: &[&str], others: f32) -> Option<f32> {
    let gap = ui.spacing().item_spacing.x;
    let value = value_width(ui);
    let words: f32 = labels.iter().map(|l| text_width(ui, *l)).sum();
    let n = labels.len() as f32;
    // (A value box may be a little wider than its digits, and widths round up: keep two gaps'
    // room at the end.)
    let room = ui.available_width() - others - words - n * (value + 3.0 * gap) - 3.0 * gap;
    let width = room / n;
    (width >= 56.0).then_some(width.min(220.0))
}

/// A size measured in one frame, with the zoom it was measured at.
#[derive(Clone, Copy)]
struct Measured {
    h: f32,
    zoom: f32,
}

/// Keeps a measured size (a height, a width) for the next frame (and draws again at once when it changed).
pub fn remember(ui: &Ui, id: Id, h: f32) {
    let zoom = ui.ctx().pixels_per_point();
    if remembered(ui, id).is_none_or(|o| (o - h).abs() > 0.5) {
        ui.ctx()
            .data_mut(|d| d.insert_temp(id, Measured { h, zoom }));
        ui.ctx().request_repaint();
    }
}

/// A size [`remember`]ed in an earlier frame, if it was measured at today's zoom. A height
/// measured at another type size (the frame after the lecturer's type changed, or a slide's
/// type came down to fit) says nothing of this one: the first frame at a new zoom lays out
/// without it, and nothing that only ever grows (a figure's overflow) learns from that
/// frame's mistakes.
pub fn remembered(ui: &Ui, id: Id) -> Option<f32> {
    let zoom = ui.ctx().pixels_per_point();
    ui.ctx()
        .data(|d| d.get_temp::<Measured>(id))
        .filter(|m| (m.zoom - zoom).abs() < 1e-4)
        .map(|m| m.h)
}
