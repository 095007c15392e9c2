//! Predict, then run, on the stage: the prompt that comes before a section's result, the
//! hidden result while it waits, and the verdict once the run is revealed.
//!
//! Learners predict once per section (the first time they open it); the prediction is judged
//! against the model's answer at the settings on screen ([`predict::truth`]) and kept in the
//! progress file. In lecture mode
//! the class predicts by a show of hands: the lecturer may record the majority with a number
//! key, R reveals, and nothing is scored or saved.

use egui::{RichText, Ui};

use crate::predict::{self, ModelParams, Prompt, Record};
use crate::progress::now_ms;
use crate::ui::shell::keymap::{Action, key_text};
use crate::ui::{Cx, kit::widgets};

/// Where a section's prediction stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Gate {
    /// Not yet decided (before the section was first shown).
    #[default]
    Unknown,
    /// Waiting for a prediction; the result is hidden. `reveal` is set once the learner
    /// asked to see the result while the run was still going.
    Asking { chosen: Option<usize>, reveal: bool },
    /// The result is shown; `verdict` is the sentence about the prediction, until dismissed.
    Open { verdict: Option<Verdict> },
}

/// The line on a prediction, and why the answer is what it is at those settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub line: String,
    pub why: String,
}

impl Gate {
    /// The result is hidden.
    pub fn hides(&self) -> bool {
        matches!(self, Gate::Asking { .. })
    }

    /// Decides, on the section's first showing, whether to ask.
    pub fn start(&mut self, section: u8, cx: &Cx<'_>) {
        if *self != Gate::Unknown {
            return;
        }
        *self = match predict::prompt_for(section) {
            Some(p) if cx.lecture || !cx.progress.get().predictions.contains_key(&p.id) => {
                Gate::Asking {
                    chosen: None,
                    reveal: false,
                }
            }
            _ => Gate::Open { verdict: None },
        };
    }

    /// Skips the prompt without a prediction (a pasted scenario code: the run is to be seen).
    pub fn skip(&mut self) {
        if !matches!(self, Gate::Open { .. }) {
            *self = Gate::Open { verdict: None };
        }
    }

    /// The settings changed: the verdict spoke of the run before, so it goes (one truth on
    /// screen).
    pub fn forget_verdict(&mut self) {
        if let Gate::Open { verdict } = self {
            *verdict = None;
        }
    }

    /// Asks for the hidden result (as R does in lecture mode); false when nothing is hidden
    /// or the reveal was already asked for.
    pub fn ask_reveal(&mut self) -> bool {
        match self {
            Gate::Asking { reveal, .. } if !*reveal => {
                *reveal = true;
                true
            }
            _ => false,
        }
    }

    /// Takes the section's key presses: number keys choose, Enter (or R in lecture mode)
    /// reveals.
    pub fn keys(&mut self, cx: &Cx<'_>, choices: usize) {
        let Gate::Asking { chosen, reveal } = self else {
            return;
        };
        for a in cx.actions {
            match *a {
                Action::Choose(n) if (1..=choices).contains(&usize::from(n)) => {
                    *chosen = Some(usize::from(n) - 1);
                }
                Action::Continue if !cx.lecture && chosen.is_some() => *reveal = true,
                Action::Reveal if cx.lecture => *reveal = true,
                _ => {}
            }
        }
    }

    /// Reveals once asked to and the run has its value; judges the prediction by the model's
    /// answer at `settings` (every right choice counts) and records it (learners).
    pub fn settle(
        &mut self,
        prompt: &Prompt,
        observed: Option<(f64, String)>,
        settings: Option<ModelParams>,
        cx: &mut Cx<'_>,
    ) {
        let Gate::Asking {
            chosen,
            reveal: true,
        } = *self
        else {
            return;
        };
        let (Some((value, text)), Some(settings)) = (observed, settings) else {
            return;
        };
        let truth = predict::truth(&settings);
        let right = prompt.right_choices(&truth);
        let kept = prompt.pick(&truth, &right, chosen);
        let line = verdict(prompt, chosen, &right, &text, cx.lecture);
        let why = prompt.why(&truth, &right);
        let record = Record {
            choice: chosen,
            right: kept,
            observed: value,
            observed_text: text,
            at: now_ms(),
        };
        if cx.lecture {
            // The class's show of hands, for section 10's look back (not saved).
            cx.progress.class.record_prediction(&prompt.id, record);
        } else {
            cx.progress
                .update(|p| p.record_prediction(&prompt.id, record));
        }
        *self = Gate::Open {
            verdict: (!line.is_empty()).then_some(Verdict { line, why }),
        };
    }

    /// The prompt, in the headline's place.
    pub fn prompt_ui(&mut self, ui: &mut Ui, prompt: &Prompt, text: &str, cx: &Cx<'_>) {
        let Gate::Asking { chosen, reveal } = self else {
            return;
        };
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let big = if cx.lecture { 1.25 } else { 1.1 };
        widgets::panel_frame(ui).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(t!("stage.predict.title")).strong().size(body));
            ui.label(RichText::new(text).size(body * big));
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                for (i, c) in prompt.choices.iter().enumerate() {
                    let label = RichText::new(format!("{}  {}", i + 1, c.label)).size(body * big);
                    if ui.selectable_label(*chosen == Some(i), label).clicked() {
                        *chosen = Some(i);
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                let (go, hint) = if cx.lecture {
                    let key = [("key", key_text(Action::Reveal))];
                    let go = tf!("stage.predict.reveal", &key);
                    (go, t!("stage.predict.reveal.hint"))
                } else {
                    let key = [("key", key_text(Action::Continue))];
                    let go = tf!("stage.predict.check", &key);
                    (go, t!("stage.predict.check.hint"))
                };
                let enabled = cx.lecture || chosen.is_some();
                // (On the projector R and Page Down reveal: the button is the console's.)
                let slide = cx.lecture && !crate::ui::shell::presenter::is_console(ui);
                if !slide && ui.add_enabled(enabled, egui::Button::new(go)).clicked() {
                    *reveal = true;
                }
                if !cx.lecture && ui.button(t!("stage.predict.just_show")).clicked() {
                    *chosen = None;
                    *reveal = true;
                }
                if *reveal {
                    ui.label(t!("stage.predict.waiting"));
                } else if !cx.lecture {
                    // (A lecture's hint is the lecturer's: the keyboard map and the notes.)
                    ui.label(RichText::new(hint).weak());
                }
            });
        });
    }

    /// Whether a verdict is on show (until dismissed, or the settings change).
    pub fn has_verdict(&self) -> bool {
        matches!(self, Gate::Open { verdict: Some(_) })
    }

    /// The verdict under the headline, until dismissed.
    pub fn verdict_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let Gate::Open {
            verdict: Some(Verdict { line: text, why }),
        } = self
        else {
            return;
        };
        if cx.lecture {
            // On the projector: the one line (the why is the lecturer's to tell; nothing to
            // click).
            ui.label(RichText::new(text.as_str()).strong());
            return;
        }
        let mut dismiss = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(text.as_str()).strong());
            if ui
                .small_button(t!("stage.predict.ok"))
                .on_hover_text(t!("stage.predict.ok.hint"))
                .clicked()
            {
                dismiss = true;
            }
        });
        widgets::paragraph(ui, why, cx);
        if dismiss {
            *self = Gate::Open { verdict: None };
        }
    }
}

/// "You predicted X. The run: Y." and whether that was right (any right choice), close (one
/// band off a right one, where the bands are ranges of one number) or neither.
fn verdict(
    prompt: &Prompt,
    chosen: Option<usize>,
    right: &[usize],
    observed: &str,
    lecture: bool,
) -> String {
    // (On a slide the verdict is one short line: each band by its name, before its colon.)
    fn short(l: &str, lecture: bool) -> &str {
        if lecture {
            crate::lesson::short_name(l)
        } else {
            l
        }
    }
    let label = |i: usize| short(prompt.choices[i].label.as_str(), lecture);
    let Some(c) = chosen else {
        return if lecture {
            // Without the class's answer the headline says it all: no line to repeat it.
            String::new()
        } else {
            tf!("stage.verdict.none", &[("observed", observed)])
        };
    };
    let xp = predict::XP_PER_PREDICTION.to_string();
    let joiner = &crate::review::words().answers_joiner;
    let answers = prompt
        .labels(right)
        .into_iter()
        .map(|l| short(l, lecture))
        .collect::<Vec<_>>()
        .join(joiner);
    let values = [
        ("choice", label(c)),
        ("right", answers.as_str()),
        ("xp", xp.as_str()),
        ("observed", observed),
    ];
    let judgement = prompt.judge(c, right);
    match (lecture, judgement, !right.is_empty()) {
        (false, predict::Judgement::Right, _) => tf!("stage.verdict.you.right", &values),
        (true, predict::Judgement::Right, _) => tf!("stage.verdict.class.right", &values),
        (false, predict::Judgement::Close, _) => tf!("stage.verdict.you.close", &values),
        (true, predict::Judgement::Close, _) => tf!("stage.verdict.class.close", &values),
        (false, predict::Judgement::Wrong, true) => tf!("stage.verdict.you.wrong", &values),
        (true, predict::Judgement::Wrong, true) => tf!("stage.verdict.class.wrong", &values),
        (false, predict::Judgement::Wrong, false) => tf!("stage.verdict.you.unjudged", &values),
        (true, predict::Judgement::Wrong, false) => tf!("stage.verdict.class.unjudged", &values),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_name_the_prediction_and_the_run() {
        let p = predict::prompt_for(1).unwrap();
        let v = verdict(p, Some(4), &[4], "335 of 1,000", false);
        assert!(
            v.starts_with("You predicted \u{201c}Well under half"),
            "{v}"
        );
        assert!(v.contains("Right!") && v.contains("+10 XP"), "{v}");
        assert!(!v.contains("Close"), "exactly right is not 'close': {v}");
        let v = verdict(p, Some(0), &[4], "335 of 1,000", false);
        assert!(v.contains("The run: 335 of 1,000."), "{v}");
        assert!(v.contains("The answer: \u{201c}Well under half"), "{v}");
        assert!(!v.contains("XP") && !v.contains("Close") && !v.contains("Right"));
        // (On a slide, under the figure whose headline states the run: one short line.)
        let v = verdict(p, Some(4), &[4], "335", true);
        assert!(
            v.starts_with("✔ The class predicted") && v.contains("right") && !v.contains("XP"),
            "{v}"
        );
        // A miss names the right band by its short name.
        let v = verdict(p, Some(0), &[4], "335", true);
        assert!(
            v.starts_with("✖ The class: ")
                && v.contains("the answer: \u{201c}Well under half\u{201d}")
                && !v.contains("335"),
            "{v}"
        );
        assert_eq!(
            verdict(p, None, &[4], "335", true),
            "",
            "the headline says it"
        );
    }

    #[test]
    fn close_only_when_one_band_off_on_ordered_bands_and_every_right_choice_counts() {
        // Section 1's bands are ranges in order: the neighbour of the right one is close.
        let p = predict::prompt_for(1).unwrap();
        assert!(p.ordered);
        let v = verdict(p, Some(3), &[4], "335 of 1,000", false);
        assert!(v.ends_with("Close: one band off."), "{v}");
        assert!(!v.contains("XP") && !v.contains("Right"), "{v}");
        let v = verdict(p, Some(2), &[4], "335 of 1,000", false);
        assert!(!v.contains("Close"), "two bands off is not close: {v}");
        // Section 9's choices are alternatives: right, or wrong; several can be right.
        let p = predict::prompt_for(9).unwrap();
        assert!(!p.ordered);
        let both = [0, 2];
        for c in both {
            let v = verdict(p, Some(c), &both, "0 with idempotency keys", false);
            assert!(v.contains("Right! +10 XP") && !v.contains("Close"), "{v}");
        }
        let v = verdict(p, Some(1), &both, "0 with idempotency keys", false);
        assert!(!v.contains("Close") && !v.contains("Right"), "{v}");
        assert!(
            v.contains("\u{201c}Lock renewal\u{201d} or \u{201c}Idempotency keys\u{201d}"),
            "{v}"
        );
    }
}
