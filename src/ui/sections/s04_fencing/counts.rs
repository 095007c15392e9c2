//! Section 4's counts box: how many writes were late, landed after a newer one, replaced it
//! or were rejected, with fencing off and on side by side.

use egui::{Frame, RichText, Ui};

use super::figure::Pair;
use crate::lesson::quantity::fmt_int;
use crate::sim::fencing::FencingRun;
use crate::ui::kit::widgets;

/// The rows of the counts box.
fn count_rows() -> [&'static str; 4] {
    [
        t!("sections.fencing.counts.stale"),
        t!("sections.fencing.counts.after_newer"),
        t!("sections.fencing.counts.replaced"),
        t!("sections.fencing.counts.rejected"),
    ]
}

/// The counts box's column heads: fencing off, fencing on.
fn count_heads() -> [&'static str; 2] {
    [
        t!("sections.fencing.counts.off"),
        t!("sections.fencing.counts.on"),
    ]
}

/// The counts box's text size: the figure's own (a step below the body on a slide).
fn table_size(ui: &Ui) -> f32 {
    crate::ui::kit::labels::font(ui).size
}

/// The counts box's widths: (row names, one count column).
pub(super) fn counts_widths(ui: &Ui) -> (f32, f32) {
    let size = table_size(ui);
    let names = count_rows()
        .iter()
        .map(|t| widgets::text_width(ui, RichText::new(*t).size(size)))
        .fold(0.0, f32::max);
    // Column heads wrap after their longest word ("Fencing").
    let head = count_heads()
        .iter()
        .flat_map(|h| h.split_whitespace())
        .map(|w| widgets::text_width(ui, RichText::new(w).size(size).strong()))
        .fold(0.0, f32::max);
    (names + 2.0, head + 2.0)
}

/// The room between the counts box's columns.
pub(super) const COUNT_GAP: f32 = 10.0;

/// Counts for both modes side by side, in a box; the mode on screen in bold.
/// Row names wrap at `names_w`, column heads at `col_w`.
pub(super) fn counts_box(ui: &mut Ui, pair: &Pair, fencing_on: bool, [names_w, col_w]: [f32; 2]) {
    let strong_if = |text: String, strong: bool| {
        let t = RichText::new(text);
        if strong { t.strong() } else { t }
    };
    let wrapped = widgets::wrapped_label;
    Frame::group(ui.style()).show(ui, |ui| {
        // (In the figure's own text size: a part of the figure.)
        let size = table_size(ui);
        if let Some(body) = ui.style_mut().text_styles.get_mut(&egui::TextStyle::Body) {
            body.size = size;
        }
        egui::Grid::new("s4-counts")
            .num_columns(3)
            .striped(true)
            .spacing([COUNT_GAP, 4.0])
            .show(ui, |ui| {
                let holders = fmt_int(u64::from(pair.off.params.holders));
                wrapped(
                    ui,
                    names_w,
                    RichText::new(tf!("sections.fencing.counts.all", &[("holders", holders)]))
                        .strong(),
                );
                let [off, on] = count_heads();
                wrapped(ui, col_w, strong_if(off.into(), !fencing_on));
                wrapped(ui, col_w, strong_if(on.into(), fencing_on));
                ui.end_row();
                let counts = |r: &FencingRun| {
                    [
                        r.stale_writes,
                        r.late_after_newer,
                        r.overwritten,
                        r.rejected,
                    ]
                };
                let rows = count_rows()
                    .into_iter()
                    .zip(counts(&pair.off))
                    .zip(counts(&pair.on));
                for ((name, off), on) in rows {
                    wrapped(ui, names_w, RichText::new(name));
                    ui.label(strong_if(fmt_int(off), !fencing_on));
                    ui.label(strong_if(fmt_int(on), fencing_on));
                    ui.end_row();
                }
            });
    });
}
