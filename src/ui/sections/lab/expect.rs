//! What the learner (or the class) expects of an experiment, asked before its run as the
//! sections ask theirs: the question, two numbered choices, and after the run the verdict.

use egui::{RichText, Ui};

use crate::lesson::catalogue::t;
use crate::ui::Cx;
use crate::ui::kit::widgets;
use crate::ui::shell::keymap::{Action, key_text, key_texts};

/// An experiment's question and its two choices (the first: the outcome `true`).
pub struct Question<'a> {
    pub question: &'a str,
    pub choices: [&'a str; 2],
}

impl Question<'_> {
    /// The number keys: 1 or 2 chooses (others do nothing here).
    pub fn keys(cx: &Cx<'_>, chosen: &mut Option<bool>) {
        for a in cx.actions {
            match a {
                Action::Choose(1) => *chosen = Some(true),
                Action::Choose(2) => *chosen = Some(false),
                _ => {}
            }
        }
    }

    /// The question with its choices, numbered for the keys, and how to answer it; or, in
    /// that line's place, `note` (a Page Down waiting for the run: in view wherever the
    /// question is).
    pub fn ui(&self, ui: &mut Ui, cx: &Cx<'_>, chosen: &mut Option<bool>, note: Option<&str>) {
        // As large as a simulation section's question (`stage::predict`): on a slide, the
        // question is the build's headline.
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let size = body * if cx.lecture { 1.25 } else { 1.0 };
        widgets::panel_frame(ui).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(self.question).size(size).strong()).wrap());
            ui.horizontal_wrapped(|ui| {
                for (i, (value, words)) in [true, false].into_iter().zip(self.choices).enumerate() {
                    let label = RichText::new(format!("{}  {words}", i + 1)).size(size);
                    if ui.selectable_label(*chosen == Some(value), label).clicked() {
                        *chosen = Some(value);
                    }
                }
            });
            if let Some(note) = note {
                ui.add(egui::Label::new(RichText::new(note).strong()).wrap());
            } else if !cx.slide && (!cx.lecture || crate::ui::shell::presenter::is_console(ui)) {
                // (A lecture's hint is the console's: the class sees the question.)
                let keys = format!(
                    "{}–{}",
                    key_text(Action::Choose(1)),
                    key_text(Action::Choose(2))
                );
                let hint = if cx.lecture {
                    let run = [key_text(Action::NextSection), key_text(Action::Reveal)].join(" / ");
                    tf!("lab.expect.hint.lecture", &[("keys", keys), ("run", run)])
                } else {
                    tf!("lab.expect.hint.learner", &[("keys", keys)])
                };
                ui.label(RichText::new(hint).weak());
            }
        });
    }

    /// Under the result: what was expected, marked right or wrong against what happened
    /// (`got`: the outcome the first choice names).
    pub fn verdict(&self, ui: &mut Ui, chosen: Option<bool>, got: bool, lecture: bool) {
        let Some(said) = chosen else { return };
        let words = if said {
            self.choices[0]
        } else {
            self.choices[1]
        };
        let (mark, colour) = if said == got {
            ("✔", ui.visuals().text_color())
        } else {
            ("✖", widgets::warn_color(ui))
        };
        // (A slide names the choice in short: its words before their colon. The headline
        // above says what happened.)
        let words = if lecture {
            crate::lesson::short_name(words)
        } else {
            words
        };
        let values = [("mark", mark), ("said", words)];
        let line = if lecture {
            tf!("lab.expected.class", &values)
        } else {
            tf!("lab.expected", &values)
        };
        ui.label(RichText::new(line).color(colour));
    }
}

/// The line under a result that names the rerun key.
pub fn rerun_hint(ui: &mut Ui) {
    let key = key_texts(Action::Rerun).join(", ");
    ui.label(RichText::new(tf!("lab.rerun.hint", &[("key", key)])).weak());
}

/// The words for "on" and "off" of a setting.
pub fn on_off(on: bool) -> &'static str {
    t(if on {
        key!("lab.settings.on")
    } else {
        key!("lab.settings.off")
    })
}

/// The lab page's side of the question: its keys, and whether a part may run.
impl super::LabPage {
    /// The section's keys: the number keys vote while the question is asked; R runs the part
    /// in a lecture (as Page Down does); Shift+R runs it again.
    pub(super) fn keys(&mut self, cx: &Cx<'_>) {
        let p = self.part;
        if !self.result_shown(p) {
            let chosen = match p.checked_sub(1) {
                Some(i) => &mut self.failover.expected[i],
                None => &mut self.expected,
            };
            Question::keys(cx, chosen);
        }
        for a in cx.actions {
            match a {
                Action::Reveal if cx.lecture => {
                    self.build_in_part();
                }
                Action::Rerun if cx.lecture || self.ready(p) => {
                    self.held = false;
                    self.start = true;
                }
                _ => {}
            }
        }
    }

    /// Whether a learner may run part `p`: they said what they expect first (or it ran).
    pub(super) fn ready(&self, p: usize) -> bool {
        self.has_result(p)
            || match p.checked_sub(1) {
                Some(i) => self.failover.expected[i].is_some(),
                None => self.expected.is_some(),
            }
    }

    /// The stale holder's question.
    pub(super) fn question() -> Question<'static> {
        Question {
            question: t!("lab.expect.stale.question"),
            choices: [t!("lab.expect.stale.a"), t!("lab.expect.stale.b")],
        }
    }
}
