//! A lecture's reveal build: the right answer and the class's wrong vote, each with its mark,
//! then the verdict and why. The prompt and the other answers were the build before (Page Up
//! brings them back); the reveal is the same at every window and Type, each question's
//! written to fit the slide at the largest Type the lecture supports.

use egui::Ui;

use super::QuizSection;
use super::view::Inputs;
use crate::ui::Cx;

impl QuizSection {
    /// The reveal build: the marked answers, the verdict and why.
    pub(super) fn reveal_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, inputs: &mut Inputs) {
        self.answers(ui, inputs, false);
        self.feedback(ui, cx, inputs);
    }
}
