//! The keyboard map: every shortcut, generated from [`keymap::SHORTCUTS`] (the table the key
//! handling itself reads) and the keys egui's widgets handle, so the map cannot disagree with
//! what the keys do.

use egui::{RichText, Ui};

use super::keymap::{self, SHORTCUTS};

/// Title of the keyboard map (also its accessible name).
pub const TITLE: &str = "Keyboard shortcuts";

/// Below this width (in points) the map is one column instead of two.
const TWO_COLUMNS_FROM: f32 = 1000.0;

/// Shows the keyboard map while `open`; Escape, a click outside or the Close button close it.
pub fn show(ctx: &egui::Context, open: &mut bool) {
    if !*open {
        return;
    }
    let screen = ctx.content_rect();
    let width = (screen.width() * 0.92 - 32.0).min(1300.0);
    let modal = egui::Modal::new(egui::Id::unique("keyboard-map")).show(ctx, |ui| {
        ui.set_width(width);
        super::a11y::add_heading(ui, TITLE, 0);
        ui.add_space(4.0);
        let mut close = false;
        let rows: Vec<(&str, &str)> = SHORTCUTS
            .iter()
            .map(|s| (s.keys_text, s.description))
            .collect();
        egui::ScrollArea::vertical()
            .max_height(screen.height() * 0.9 - 120.0)
            .show(ui, |ui| {
                if width >= TWO_COLUMNS_FROM {
                    ui.columns(2, |cols| {
                        let half = rows.len().div_ceil(2);
                        list(&mut cols[0], &rows[..half]);
                        list(&mut cols[1], &rows[half..]);
                        widget_keys(&mut cols[1]);
                    });
                } else {
                    list(ui, &rows);
                    widget_keys(ui);
                }
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

fn widget_keys(ui: &mut Ui) {
    ui.add_space(8.0);
    ui.label(RichText::new("In a control").strong());
    list(ui, keymap::WIDGET_KEYS);
}

/// One row per key: the key in a fixed-width column, what it does beside it (wrapping).
fn list(ui: &mut Ui, rows: &[(&str, &str)]) {
    let key_width = 150.0;
    for (keys, what) in rows {
        ui.horizontal_top(|ui| {
            let size = egui::vec2(key_width, ui.spacing().interact_size.y);
            let layout = egui::Layout::left_to_right(egui::Align::Center);
            ui.allocate_ui_with_layout(size, layout, |ui| {
                ui.set_min_width(key_width);
                ui.label(RichText::new(*keys).code().strong());
            });
            ui.add(egui::Label::new(*what).wrap());
        });
    }
}
