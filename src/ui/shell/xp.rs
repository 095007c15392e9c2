//! Progress in the app's frame: XP in the top bar, ✔ beside finished quizzes in the section
//! list, and the one-time notice about the progress file.

use egui::{RichText, Ui};

use crate::progress::ProgressFile;
use crate::ui::kit::widgets;

/// The mark after a section's name in the section list: " ✔" for a finished section.
pub fn section_mark(store: &ProgressFile, section: u8) -> &'static str {
    if store.get().finished(section) {
        " ✔"
    } else {
        ""
    }
}

/// A strip under the top bar while there is something to tell about the progress file.
pub fn notice(ui: &mut Ui, store: &mut ProgressFile) {
    store.poll();
    if store.writing() {
        // The outcome of the save under way is shown as soon as it is known.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    }
    let Some(text) = store.notice().map(str::to_owned) else {
        return;
    };
    egui::Panel::top("progress-notice").show(ui, |ui| {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(t!("app.progress_notice.title"))
                    .strong()
                    .color(widgets::warn_color(ui)),
            );
            ui.label(text);
            if ui
                .button(t!("app.notice.ok"))
                .on_hover_text(t!("app.progress_notice.hide"))
                .clicked()
            {
                store.dismiss_notice();
            }
        });
        ui.add_space(4.0);
    });
}
