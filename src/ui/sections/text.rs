//! The words the app draws around a section that is not built on the stage: its title,
//! introduction and closing paragraphs.

use egui::{RichText, Ui};

use crate::lesson;
use crate::ui::{Cx, Section, Shareable, kit::widgets};

/// The lesson's header line (course, place in it, length) and its one-paragraph summary:
/// drawn where the lesson starts.
pub fn lesson_header(ui: &mut Ui, cx: &mut Cx<'_>) {
    let lesson = &lesson::content().lesson;
    ui.label(RichText::new(lesson.header()).strong());
    widgets::paragraph(ui, &lesson.summary, cx);
}

/// The page of a section that is not built on the stage (quizzes' fallback, words-only
/// sections): its title, the introduction, the section's part and the closing words, in one
/// scrolling column (in lecture mode the section's part only, paged).
pub fn page(ui: &mut Ui, section: &mut dyn Section, cx: &mut Cx<'_>) {
    let text = section.text();
    crate::ui::shell::column::column(ui, ("section-scroll", text.number), cx.lecture, |ui| {
        ui.set_max_width(ui.available_width().min(1400.0));
        ui.add_space(8.0);
        if cx.lecture {
            // A slide: the top bar carries the title, and the words are the lecturer's notes.
            section.ui(ui, cx);
            widgets::describe_main_plot(
                ui.ctx(),
                section.share().and_then(Shareable::plot_rect),
                section.summary(),
            );
            return;
        }
        let place = tf!(
            "sections.page.place",
            &[
                ("number", text.number.to_string()),
                ("subtitle", text.subtitle.clone()),
            ],
        );
        ui.label(RichText::new(place).weak());
        crate::ui::kit::a11y::add_heading(
            ui,
            RichText::new(&text.title)
                .size(ui.style().text_styles[&egui::TextStyle::Heading].size * 1.3),
            0,
        );
        ui.add_space(6.0);
        for p in &text.intro {
            widgets::paragraph(ui, p, cx);
        }
        ui.add_space(6.0);
        section.ui(ui, cx);
        widgets::describe_main_plot(
            ui.ctx(),
            section.share().and_then(Shareable::plot_rect),
            section.summary(),
        );
        if !text.after.is_empty() {
            ui.add_space(10.0);
            for p in &text.after {
                widgets::paragraph(ui, p, cx);
            }
        }
        // Read to the end: the last words are in view.
        if section.done_by_reading() && ui.cursor().top() <= ui.clip_rect().bottom() + 1.0 {
            cx.mark_done(text.number);
        }
        ui.add_space(24.0);
    });
}
