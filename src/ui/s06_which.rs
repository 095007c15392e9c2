//! Section 6, "Which protection?": a quiz (see [`super::quiz`]).

use egui::Ui;

use super::quiz::{Quiz, Words};
use super::{Cx, Section};

pub struct Which {
    pub quiz: Quiz,
}

impl Default for Which {
    fn default() -> Self {
        Self::new()
    }
}

impl Which {
    pub fn new() -> Self {
        Self {
            quiz: Quiz::new(
                6,
                Words {
                    item: "scenario",
                    items: "scenarios",
                    why: "Why",
                },
            ),
        }
    }
}

impl Section for Which {
    fn number(&self) -> u8 {
        6
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
