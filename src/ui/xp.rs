//! Progress in the app's frame: XP in the top bar, ✔ beside finished quizzes in the section
//! list, and the one-time notice about the progress file.

use egui::{RichText, Ui};

use super::glossary::Glossary;
use super::widgets;
use crate::progress::{Progress, Store};

/// Top-bar items: the XP total and the glossary button (for a right-to-left layout). Where
/// the bar is crowded (a large zoom on a small screen) they shrink to symbols, and vanish
/// rather than overlap other controls; the G key and section 10 still reach both.
pub fn top_bar(ui: &mut Ui, store: &Store, glossary: &mut Glossary) {
    let p = store.progress();
    let room = ui.available_width();
    let full = room >= 190.0;
    if room < 100.0 {
        return;
    }
    let (glossary_text, xp_text) = if full {
        ("Glossary".to_owned(), format!("★ {} XP", p.xp))
    } else {
        ("📖".to_owned(), format!("★ {}", p.xp))
    };
    let r = ui
        .selectable_label(glossary.index_open(), glossary_text)
        .on_hover_text("Glossary: every plain-language card, with a search box (G)");
    if r.clicked() {
        glossary.toggle_index();
    }
    if full {
        ui.separator();
    }
    ui.label(RichText::new(xp_text).strong()).on_hover_text(format!(
        "XP from the quizzes: {} of {}. Each question answered right at the first try gives {}.",
        p.xp,
        Progress::max_xp(),
        crate::progress::XP_PER_QUESTION
    ));
}

/// The mark after a section's name in the section list: " ✔" for a finished quiz.
pub fn section_mark(store: &Store, section: u8) -> &'static str {
    if store.progress().completed.contains(&section) {
        " ✔"
    } else {
        ""
    }
}

/// A strip under the top bar while there is something to tell about the progress file.
pub fn notice(ui: &mut Ui, store: &mut Store) {
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
                RichText::new("Progress file")
                    .strong()
                    .color(widgets::warn_color(ui)),
            );
            ui.label(text);
            if ui.button("OK").on_hover_text("Hide this message").clicked() {
                store.dismiss_notice();
            }
        });
        ui.add_space(4.0);
    });
}
