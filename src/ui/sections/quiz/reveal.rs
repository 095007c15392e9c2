//! A lecture's reveal build: the question build again, the prompt and every answer where they
//! stood, now marked (✔ the answer, ✖ the class's wrong vote; nothing fades), with the verdict
//! under them in the headline's size. Why the answer is right is the speaker's (the build's
//! note says it), so the reveal is the question's screen plus its marks and one line, the
//! same at every window and Type the question fits.

use egui::Ui;
use egui::accesskit::Live;
use egui::{RichText, TextStyle};

use super::QuizSection;
use super::view::{Inputs, PROMPT};
use crate::ui::Cx;
use crate::ui::kit::widgets;

impl QuizSection {
    /// The reveal build: the prompt, the marked answers and the verdict.
    pub(super) fn reveal_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, inputs: &mut Inputs) {
        self.prompt_ui(ui, cx);
        self.answers(ui, inputs, true);
        let Some((tone, verdict)) = self.state.verdict() else {
            return;
        };
        let colour = super::view::tone_colour(ui, tone, ui.visuals().strong_text_color());
        // (A step above the prompt, which is a little larger than the body.)
        let headline = TextStyle::Name(widgets::HEADLINE.into());
        let body = ui.style().text_styles[&TextStyle::Body].size;
        let size = ui
            .style()
            .text_styles
            .get(&headline)
            .map_or(0.0, |font| font.size)
            .max(body * PROMPT * 1.1);
        ui.add_space(4.0);
        let r = ui.label(RichText::new(verdict).size(size).color(colour));
        ui.ctx()
            .accesskit_node_builder(r.id, |node| node.set_live(Live::Polite));
    }
}
