//! A section that is only words (its title, introduction and closing paragraphs, which the
//! app draws around every section).

use egui::{RichText, Ui};

use super::{Cx, Section, widgets};
use crate::lesson;

/// The lesson's header line (course, place in it, length) and its one-paragraph summary:
/// drawn where the lesson starts.
pub fn lesson_header(ui: &mut Ui, cx: &mut Cx<'_>) {
    let lesson = &lesson::content().lesson;
    ui.label(RichText::new(lesson.header()).strong());
    widgets::paragraph(ui, &lesson.summary, cx);
}

pub struct TextSection {
    number: u8,
}

impl TextSection {
    pub fn new(number: u8) -> Self {
        Self { number }
    }
}

impl Section for TextSection {
    fn number(&self) -> u8 {
        self.number
    }

    fn ui(&mut self, _ui: &mut egui::Ui, _cx: &mut Cx<'_>) {}
}
