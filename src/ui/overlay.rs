//! The keyboard map: every shortcut, generated from [`keymap::SHORTCUTS`] (the table the key
//! handling itself reads) and the keys egui's widgets handle, so the map cannot disagree with
//! what the keys do.

use egui::{RichText, Ui};

use super::keymap::{self, SHORTCUTS};

/// Title of the keyboard map (also its accessible name).
pub const TITLE: &str = "Keyboard shortcuts";

/// Shows the keyboard map while `open`; Escape, a click outside or the Close button close it.
pub fn show(ctx: &egui::Context, open: &mut bool) {
    if !*open {
        return;
    }
    let modal = egui::Modal::new(egui::Id::unique("keyboard-map")).show(ctx, |ui| {
        let max_h = ui.ctx().content_rect().height() * 0.85;
        ui.set_max_width(ui.ctx().content_rect().width() * 0.9);
        ui.heading(TITLE);
        ui.add_space(4.0);
        let mut close = false;
        egui::ScrollArea::vertical()
            .max_height(max_h - 80.0)
            .show(ui, |ui| {
                ui.columns(2, |cols| {
                    let half = SHORTCUTS.len().div_ceil(2);
                    rows(
                        &mut cols[0],
                        "map-left",
                        SHORTCUTS[..half]
                            .iter()
                            .map(|s| (s.keys_text, s.description)),
                    );
                    rows(
                        &mut cols[1],
                        "map-right",
                        SHORTCUTS[half..]
                            .iter()
                            .map(|s| (s.keys_text, s.description)),
                    );
                    cols[1].add_space(8.0);
                    cols[1].label(RichText::new("In a control").strong());
                    rows(
                        &mut cols[1],
                        "map-widgets",
                        keymap::WIDGET_KEYS.iter().copied(),
                    );
                });
            });
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button("Close").clicked() {
                close = true;
            }
            ui.label(RichText::new("or press Escape").weak());
        });
        close
    });
    if modal.inner || modal.should_close() {
        *open = false;
    }
}

fn rows<'a>(ui: &mut Ui, id: &str, items: impl Iterator<Item = (&'a str, &'a str)>) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for (keys, what) in items {
                ui.label(RichText::new(keys).code().strong());
                ui.label(what);
                ui.end_row();
            }
        });
}
