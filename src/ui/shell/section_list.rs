//! The list of sections at the left of the window, finished sections marked.

use egui::{RichText, Ui};

use crate::progress::ProgressFile;
use crate::ui::Section;

/// Draws the list; returns the section the learner clicked.
pub fn show(
    ui: &mut Ui,
    sections: &[Box<dyn Section>],
    current: usize,
    progress: &ProgressFile,
) -> Option<u8> {
    ui.add_space(6.0);
    crate::ui::kit::a11y::add_heading(ui, t!("app.section_list.title"), 1);
    ui.add_space(4.0);
    let mut go = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (i, section) in sections.iter().enumerate() {
            let text = section.text();
            let mark = crate::ui::shell::xp::section_mark(progress, text.number);
            let label = RichText::new(format!("{}. {}{mark}", text.number, text.title));
            let r = ui
                .add(
                    // One line each, whatever the language: a title that a finished mark
                    // would wrap is cut short instead (whole on hover), so that a mark never
                    // moves the sections below it.
                    egui::Button::selectable(i == current, label)
                        .truncate()
                        .min_size(egui::vec2(ui.available_width(), 0.0)),
                )
                .on_hover_text(format!("{}\n{}", text.title, text.subtitle));
            if r.clicked() {
                go = Some(text.number);
            }
        }
    });
    go
}
