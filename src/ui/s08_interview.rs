//! Section 8, "Interview angle": a quiz (see [`super::quiz`]).

use egui::Ui;

use super::quiz::{Quiz, Words};
use super::{Cx, Section};

pub struct Interview {
    pub quiz: Quiz,
}

impl Default for Interview {
    fn default() -> Self {
        Self::new()
    }
}

impl Interview {
    pub fn new() -> Self {
        Self {
            quiz: Quiz::new(
                8,
                Words {
                    item: "question",
                    items: "questions",
                    why: "Model answer",
                },
            ),
        }
    }
}

impl Section for Interview {
    fn number(&self) -> u8 {
        8
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.quiz.ui(ui, cx);
    }

    fn summary(&self) -> Option<String> {
        self.quiz.headline()
    }

    fn scenario(&self) -> Option<Vec<(String, String)>> {
        self.quiz.scenario()
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        self.quiz.apply_scenario(pairs)
    }
}
