//! The keyboard map: every shortcut, generated from [`keymap::SHORTCUTS`] (the table the key
//! handling itself reads) and the keys egui's widgets handle, so the map cannot disagree with
//! what the keys do.

use egui::{RichText, Ui};

use crate::ui::shell::CatalogueText;
use crate::ui::shell::keymap::{self, SHORTCUTS};

/// Title of the keyboard map (also its accessible name).
pub const TITLE: CatalogueText = CatalogueText::new(|| t!("app.keys_help.title"));

/// The narrowest a column of the map may be (points): a wider map takes two or three.
const MIN_COLUMN_WIDTH: f32 = 330.0;
/// Type size of the map's rows (points).
const ROW_TEXT: f32 = 14.0;
/// The same on a slide: the projector's smallest text (20 px on 768 lines), small enough for
/// the whole map to fit without scrolling.
const SLIDE_ROW_TEXT: f32 =
    crate::ui::shell::lecture::MIN_TEXT_PX / crate::ui::shell::lecture::LECTURE_ZOOM_768;

/// One row of the map: keys that do the same thing, and what they do.
struct Row {
    keys: Vec<&'static str>,
    what: String,
}

/// The table's rows, neighbours with the same description joined (1-5, B and ".", ? and F1).
fn rows() -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for s in SHORTCUTS {
        let what = s.description();
        match rows.last_mut() {
            Some(last) if last.what == what => last.keys.push(s.keys_text()),
            _ => rows.push(Row {
                keys: vec![s.keys_text()],
                what,
            }),
        }
    }
    rows
}

/// Shows the keyboard map while `open` (in lecture mode, in the projector's smallest type);
/// Escape, a click outside or the Close button close it.
pub fn show(ctx: &egui::Context, open: &mut bool, lecture: bool) {
    if !*open {
        return;
    }
    let screen = ctx.content_rect();
    let width = (screen.width() * 0.96 - 24.0).min(1300.0);
    let modal = egui::Modal::new(egui::Id::unique("keyboard-map")).show(ctx, |ui| {
        ui.set_width(width);
        // (A slide's type is large: there the title is as large as the body text.)
        let title = if lecture {
            let body = ui.style().text_styles[&egui::TextStyle::Body].size;
            RichText::new(TITLE.get()).strong().size(body)
        } else {
            RichText::new(TITLE.get())
        };
        crate::ui::kit::a11y::add_heading(ui, title, 0);
        let mut close = false;
        let rows = rows();
        let widget_rows: Vec<Row> = keymap::widget_keys()
            .into_iter()
            .map(|(k, what)| Row {
                keys: vec![k],
                what,
            })
            .collect();
        let min_column = if lecture { 230.0 } else { MIN_COLUMN_WIDTH };
        let columns = ((width / min_column).floor() as usize).clamp(1, 3);
        egui::ScrollArea::vertical()
            .max_height(screen.height() - if lecture { 70.0 } else { 110.0 })
            .show(ui, |ui| {
                ui.spacing_mut().item_spacing.y = 2.0;
                for style in [egui::TextStyle::Body, egui::TextStyle::Monospace] {
                    if let Some(f) = ui.style_mut().text_styles.get_mut(&style) {
                        f.size = if lecture { SLIDE_ROW_TEXT } else { ROW_TEXT };
                    }
                }
                if columns == 1 {
                    list(ui, &rows);
                    widget_keys(ui, &widget_rows);
                    return;
                }
                // Everything in one sequence, cut into columns of about equal height (the
                // keys egui's controls handle come last, under their own heading).
                let lines = |r: &Row| 1.0 + r.what.len() as f32 / 24.0;
                let total: f32 = rows.iter().chain(&widget_rows).map(lines).sum::<f32>() + 1.0;
                let per = total / columns as f32;
                ui.columns(columns, |cols| {
                    let mut rest: &[Row] = &rows;
                    for (i, col) in cols.iter_mut().enumerate() {
                        let mut take = 0;
                        let mut height = 0.0;
                        while take < rest.len() && (height < per - 0.5 || i + 1 == columns) {
                            height += lines(&rest[take]);
                            take += 1;
                        }
                        list(col, &rest[..take]);
                        rest = &rest[take..];
                        if i + 1 == columns {
                            widget_keys(col, &widget_rows);
                        }
                    }
                });
            });
        ui.horizontal(|ui| {
            if ui.button(t!("app.dialog.close")).clicked() {
                close = true;
            }
            let escape = [("key", t!("keys.widget_keys.escape"))];
            ui.label(RichText::new(tf!("app.keys_help.or_press", &escape)).weak());
        });
        close
    });
    if modal.inner || modal.should_close() {
        *open = false;
    }
}

fn widget_keys(ui: &mut Ui, rows: &[Row]) {
    ui.add_space(4.0);
    ui.label(RichText::new(t!("app.keys_help.in_a_control")).strong());
    list(ui, rows);
}

/// One row per action: its keys in a fixed-width column, what it does beside it (wrapping).
fn list(ui: &mut Ui, rows: &[Row]) {
    // (Room for "Ctrl+Shift+C" in the map's type.)
    let key_width = ui.style().text_styles[&egui::TextStyle::Monospace].size * 8.6;
    for row in rows {
        ui.horizontal_top(|ui| {
            let size = egui::vec2(key_width, ui.spacing().interact_size.y.min(20.0));
            let layout = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
            ui.allocate_ui_with_layout(size, layout, |ui| {
                ui.set_min_width(key_width);
                ui.spacing_mut().item_spacing.x = 4.0;
                for (i, keys) in row.keys.iter().enumerate() {
                    if i > 0 {
                        ui.label(RichText::new("/").weak());
                    }
                    ui.label(RichText::new(*keys).code().strong());
                }
            });
            ui.add(egui::Label::new(row.what.as_str()).wrap());
        });
    }
}
