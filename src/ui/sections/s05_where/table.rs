//! Section 5's comparison of the five stores: what each does on a failover, whether it gives
//! a fencing token, and the store in short, the chosen one highlighted.

use egui::{RichText, Ui};

use super::Where;
use super::settings::stores;
use crate::lesson::StoreRow;

impl Where {
    /// block per store when it is not.
    pub(super) fn table(&self, ui: &mut Ui, chosen: usize) {
        let highlight = ui.visuals().selection.bg_fill.gamma_multiply(0.45);
        let strong = ui.visuals().strong_text_color();
        let style = move |t: &str, selected: bool| {
            let t = RichText::new(t);
            if selected { t.color(strong) } else { t }
        };
        let name = |i: usize, row: &StoreRow| {
            if i == chosen {
                tf!("sections.where.table.chosen", &[("store", &row.name)])
            } else {
                row.name.clone()
            }
        };
        let heads = [
            t!("sections.where.table.on_failover"),
            t!("sections.where.table.fencing_token"),
            t!("sections.where.table.in_short"),
        ];
        let total = ui.available_width();
        if total < 560.0 {
            for (i, row) in stores().iter().enumerate() {
                let selected = i == chosen;
                let fill = if selected {
                    highlight
                } else {
                    egui::Color32::TRANSPARENT
                };
                egui::Frame::new()
                    .fill(fill)
                    .inner_margin(6)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.label(style(&name(i, row), selected).strong());
                        for (head, text) in
                            heads
                                .iter()
                                .zip([&row.on_failover, &row.fencing_token, &row.in_short])
                        {
                            ui.horizontal_wrapped(|ui| {
                                ui.label(RichText::new(format!("{head}:")).weak());
                                ui.label(style(text, selected));
                            });
                        }
                    });
            }
            return;
        }
        let gap = 16.0;
        let name_w = (total * 0.17).max(110.0);
        let col_w = ((total - name_w - 3.0 * gap) / 3.0 - 4.0).max(100.0);
        let cell = |ui: &mut Ui, width: f32, text: RichText| {
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.add(egui::Label::new(text).wrap());
            });
        };
        egui::Grid::new("s5-stores")
            .num_columns(4)
            .spacing([gap, 8.0])
            .with_row_color(move |row, _style| (row > 0 && row - 1 == chosen).then_some(highlight))
            .show(ui, |ui| {
                cell(
                    ui,
                    name_w,
                    RichText::new(t!("sections.where.table.store")).strong(),
                );
                for head in heads {
                    cell(ui, col_w, RichText::new(head).strong());
                }
                ui.end_row();
                for (i, row) in stores().iter().enumerate() {
                    let selected = i == chosen;
                    cell(ui, name_w, style(&name(i, row), selected).strong());
                    for text in [&row.on_failover, &row.fencing_token, &row.in_short] {
                        cell(ui, col_w, style(text, selected));
                    }
                    ui.end_row();
                }
            });
    }
}
