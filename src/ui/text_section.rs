//! A section that is only words (its title, introduction and closing paragraphs, which the
//! app draws around every section).

use super::{Cx, Section};

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
