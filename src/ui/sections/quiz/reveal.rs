//! A lecture's reveal build: the question's prompt above, every answer with its mark (the
//! right one, the class's wrong vote, the others faded), then the verdict and why.
//!
//! The prompt is whole when the slide has room for it, else its first sentence, else left
//! out: which one fits is measured unseen in this build's own frame, at this window and this
//! Type, never remembered from an earlier build.

use egui::Ui;

use super::QuizSection;
use super::view::{Inputs, compact};
use crate::lesson;
use crate::ui::Cx;
use crate::ui::kit::widgets;
use crate::ui::shell::column;

/// How much of the prompt a reveal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prompt {
    Whole,
    /// Its first sentence.
    Short,
    Left,
}

/// What a reveal shows, and what it leaves out when the slide has no room for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tier {
    prompt: Prompt,
    /// The verdict's lines above the reason (the answers' marks say it too).
    verdict: bool,
    /// The answers neither right nor the class's, faded.
    others: bool,
}

impl Tier {
    fn index(self) -> usize {
        TIERS.iter().position(|t| *t == self).unwrap_or(0)
    }
}

/// The reveals, fullest first: the prompt goes first, then the faded answers, and the
/// verdict, the build's headline, last.
const TIERS: [Tier; 5] = [
    Tier {
        prompt: Prompt::Whole,
        verdict: true,
        others: true,
    },
    Tier {
        prompt: Prompt::Short,
        verdict: true,
        others: true,
    },
    Tier {
        prompt: Prompt::Left,
        verdict: true,
        others: true,
    },
    Tier {
        prompt: Prompt::Left,
        verdict: true,
        others: false,
    },
    Tier {
        prompt: Prompt::Left,
        verdict: false,
        others: false,
    },
];

impl QuizSection {
    /// The reveal build, with as much of the prompt as the slide has room for.
    pub(super) fn reveal_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, inputs: &mut Inputs) {
        let Some(q) = self.state.question() else {
            return;
        };
        let short = short_prompt(&q.prompt);
        let fits = TIERS
            .into_iter()
            .filter(|t| t.prompt != Prompt::Short || short.is_some())
            .find(|&t| {
                column::fits(ui, ("quiz-reveal-measured", t.index()), |ui| {
                    self.reveal_parts(ui, cx, t, &mut Inputs::default());
                })
            })
            .unwrap_or(TIERS[TIERS.len() - 1]);
        self.reveal_parts(ui, cx, fits, inputs);
    }

    /// The prompt, the answers marked, the verdict and why, as much of each as `tier` says.
    fn reveal_parts(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, tier: Tier, inputs: &mut Inputs) {
        let Some(q) = self.state.question() else {
            return;
        };
        let text = match tier.prompt {
            Prompt::Whole => Some(q.prompt.clone()),
            Prompt::Short => short_prompt(&q.prompt),
            Prompt::Left => None,
        };
        if let Some(text) = text {
            ui.scope(|ui| {
                compact(ui);
                widgets::paragraph(ui, &text, cx);
            });
        }
        self.answers(ui, inputs, tier.others);
        self.feedback(ui, cx, inputs, tier.verdict);
    }
}

/// The prompt's first sentence, in plain words; `None` when that is the whole prompt.
pub(super) fn short_prompt(prompt: &str) -> Option<String> {
    let plain = lesson::plain(prompt);
    let end = plain.find(". ")? + 1;
    Some(plain[..end].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_prompt_is_its_first_sentence() {
        assert_eq!(
            short_prompt("One [[lock]] here. Two there.").as_deref(),
            Some("One lock here.")
        );
        assert_eq!(short_prompt("Only one sentence."), None);
    }
}
