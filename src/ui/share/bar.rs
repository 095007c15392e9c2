//! The bar at the bottom of the window: the scenario code, its buttons and the sharing
//! buttons, with the bar's settings at its right end.

use egui::{RichText, Ui};

use super::Share;
use crate::ui::Section;
use crate::ui::kit::widgets;
use crate::ui::shell::keymap::{Action, key_text};

impl Share {
    /// The bar at the bottom of the window: the section's code and the save buttons. Returns
    /// the actions its buttons asked for (the app applies them like their shortcuts).
    /// `settings` draws at the right end of the bar, in `settings_width` points.
    pub fn bar(
        &mut self,
        ui: &mut Ui,
        section: &dyn Section,
        lecture: bool,
        (settings_width, settings): (f32, impl FnOnce(&mut Ui)),
    ) -> Vec<Action> {
        let mut actions = Vec::new();
        // (On a projector the top bar's title slot shows the notice: `lecture_notice`.)
        if let Some(n) = self.notice.clone().filter(|_| !lecture) {
            ui.horizontal_wrapped(|ui| {
                let color = if n.error {
                    widgets::warn_color(ui)
                } else {
                    ui.visuals().strong_text_color()
                };
                let icon = if n.error { "⚠" } else { "✔" };
                ui.label(RichText::new(format!("{icon} {}", n.text)).color(color));
                if ui
                    .small_button(t!("share.notice.dismiss"))
                    .on_hover_text(t!("share.notice.dismiss.hint"))
                    .clicked()
                {
                    self.notice = None;
                }
            });
        }
        // The settings keep their room at the right end of the first row; the code and its
        // buttons wrap in the rest, a button that does not fit going to the next row whole
        // (its words never wrap into a column).
        let gap = ui.spacing().item_spacing.x;
        let left = (ui.available_width() - settings_width - gap).max(0.0);
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(
                egui::vec2(left, 0.0),
                egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true),
                |ui| {
                    ui.set_width(left);
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    self.code_row(ui, section, lecture, &mut actions);
                },
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), settings);
        });
        actions
    }

    /// The scenario code, its buttons and (not on a projector) the sharing buttons.
    fn code_row(
        &mut self,
        ui: &mut Ui,
        section: &dyn Section,
        lecture: bool,
        actions: &mut Vec<Action>,
    ) {
        match Self::code_of(section) {
            Some(code) => {
                ui.label(t!("share.code.label"));
                let size = if lecture { 20.0 } else { 16.0 };
                ui.add(
                    egui::Label::new(RichText::new(&code).monospace().size(size).strong())
                        .selectable(true),
                )
                .on_hover_text(t!("share.code.hint"));
                let key = [("key", key_text(Action::CopyScenario))];
                if ui
                    .button(t!("share.code.copy"))
                    .on_hover_text(tf!("share.code.copy.hint", &key))
                    .clicked()
                {
                    actions.push(Action::CopyScenario);
                }
                // Lecture mode: Ctrl+Shift+A (the projector's bar has no room for it).
                let key = [("key", key_text(Action::AddToPlaylist))];
                if !lecture
                    && ui
                        .button(t!("share.playlist.add"))
                        .on_hover_text(tf!("share.playlist.add.hint", &key))
                        .clicked()
                {
                    actions.push(Action::AddToPlaylist);
                }
            }
            None => {
                ui.label(RichText::new(t!("share.code.none")).weak());
            }
        }
        // On the projector: the code and the Copy button only (the rest stays on the
        // keyboard: Ctrl+Shift+V, Ctrl+E, Ctrl+Shift+E).
        if !lecture {
            self.sharing_buttons(ui, section, actions);
        }
    }
}
