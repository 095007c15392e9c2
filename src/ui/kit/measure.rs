//! How wide words and rows of sliders are, before they are drawn.

use egui::Ui;

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
    ui.spacing().interact_size.x.max(text_width(
        ui,
        crate::lesson::catalogue::tf("stage.fmt.s", &[("n", "00.0")]),
    ))
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
