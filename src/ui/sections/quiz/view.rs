//! Drawing the quiz: the page, the navigator, the question and its answers, the verdict, the
//! results. Everything it shows comes from [`super::state`]; it turns keys and clicks into
//! [`Input`]s.

use egui::accesskit::Live;
use egui::{Align, RichText, Stroke, TextStyle, Ui, vec2};

/// A question's prompt on a slide: this much larger than the body (its answers).
pub(super) const PROMPT: f32 = 1.1;

use super::QuizSection;
use super::answer::AnswerButton;
use super::state::{Input, Mark, Tone};
use crate::lesson::{self, SectionText};
use crate::ui::kit::plot::palette;
use crate::ui::shell::keymap::{Action, SHORTCUTS, key_text};
use crate::ui::stage::layout;
use crate::ui::{AppEvent, Cx, kit::widgets};

/// Answer buttons and the verdict are never wider than this (points): lines stay readable.
const MAX_WIDTH: f32 = 900.0;

/// What to bring into view after the quiz changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scroll {
    /// The question (it just changed).
    Question,
    /// The verdict and the "next" button (an answer was just given or revealed).
    Feedback,
}

/// What was pressed or clicked this frame, applied in order.
#[derive(Default)]
pub(super) struct Inputs {
    pub(super) list: Vec<Input>,
    /// A choice came from a focused answer button: the keyboard then moves to "next".
    pub(super) by_focus: bool,
}

impl QuizSection {
    /// The whole page. Wide learner windows: the words in a reading column beside the quiz.
    /// Narrow windows: the quiz first under a one-line title, the words below it, so the
    /// question, the answers and the verdict are in view at once. Lecture mode: the quiz only
    /// (the top bar has the title, the console the words).
    pub(super) fn page(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let n = self.state.section();
        let text = lesson::content().section(n);
        if layout::is_wide(ui.available_width(), cx.lecture) {
            layout::reading_column(ui, n, |ui| {
                layout::title(ui, text, false);
                words(ui, cx, text);
            });
            egui::CentralPanel::no_frame().show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt(("quiz-scroll", n))
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.add_space(8.0);
                        self.body(ui, cx);
                    });
            });
            return;
        }
        crate::ui::shell::column::column(ui, ("quiz-page", n), cx.lecture, |ui| {
            if cx.lecture {
                // A slide: the top bar carries the title; the words are the lecturer's.
                ui.add_space(4.0);
                self.body(ui, cx);
                return;
            }
            layout::title(ui, text, true);
            self.body(ui, cx);
            ui.add_space(8.0);
            egui::CollapsingHeader::new(t!("sections.quiz.words"))
                .id_salt(("quiz-words", n))
                .default_open(!cx.lecture)
                .show(ui, |ui| words(ui, cx, text));
            ui.add_space(16.0);
        });
    }

    /// The audience window of the presenter view: the title, the question and its answers.
    /// The marks and the verdict come from the same state as the console's, so the right
    /// answer shows here only once it is revealed.
    pub(super) fn audience_page(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let n = self.state.section();
        crate::ui::shell::column::column(ui, ("quiz-audience", n), true, |ui| {
            layout::title(ui, lesson::content().section(n), true);
            ui.set_max_width((ui.available_width() - 12.0).min(MAX_WIDTH));
            let mut clicked = Inputs::default();
            if self.state.current().is_some() {
                self.question_ui(ui, cx, &mut clicked);
            } else if let Some(h) = &self.headline {
                widgets::headline(ui, h);
            }
            self.run(clicked, cx);
        });
    }

    /// The quiz itself: headline, navigator, question, answers and verdict (or the results).
    fn body(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        // A margin on the right, clear of the window's edge and the scroll bar.
        ui.set_max_width((ui.available_width() - 12.0).min(MAX_WIDTH));
        self.state.sync(cx.lecture, cx.progress);
        // Keys first, so this frame already shows what they did.
        let keys = self.state.quiz().keys;
        let mut pressed = Inputs::default();
        for action in cx.actions {
            pressed.list.extend(match *action {
                Action::Choose(k) if (1..=keys).contains(&usize::from(k)) => {
                    Some(Input::Choose(usize::from(k) - 1))
                }
                Action::Continue => Some(Input::GoOn),
                Action::Reveal => Some(Input::Reveal),
                _ => None,
            });
        }
        self.run(pressed, cx);

        let headline = self.state.headline(cx.progress.get());
        if !cx.lecture {
            // In lecture mode it would only repeat the line under the answers. It keeps the
            // room of its longest wording: an answer never moves the buttons under the mouse.
            widgets::headline_in_room(ui, &headline, &[self.state.longest_headline()]);
            ui.add_space(4.0);
        }
        self.headline = Some(headline);
        let mut clicked = Inputs::default();
        if self.state.reviewing(cx.progress) {
            review_banner(ui, cx, &mut clicked);
        }
        // (A slide has no buttons to move between questions: Page Down and Page Up do, and
        // the console says where the quiz stands.)
        if !cx.lecture {
            self.navigator(ui, cx, &mut clicked);
        }
        if self.state.current().is_some() {
            self.question_ui(ui, cx, &mut clicked);
        } else {
            self.results(ui, cx, &mut clicked);
        }
        if !clicked.list.is_empty() {
            ui.ctx().request_repaint();
        }
        self.run(clicked, cx);
    }

    /// Applies inputs to the state and turns what they did into scrolling, focus and events.
    fn run(&mut self, inputs: Inputs, cx: &mut Cx<'_>) {
        for input in inputs.list {
            let out = self.state.apply(input, cx.progress);
            if out.moved {
                self.scroll = Some(Scroll::Question);
            }
            if out.feedback {
                self.scroll = Some(Scroll::Feedback);
                self.focus_next = inputs.by_focus && !self.state.lecture();
            }
            if let Some(n) = out.go_to {
                cx.emit(AppEvent::GoTo(n));
            }
        }
    }

    /// One button per question (with ✔/✖ once answered) and one for the results.
    fn navigator(&mut self, ui: &mut Ui, cx: &Cx<'_>, inputs: &mut Inputs) {
        let quiz = self.state.quiz();
        let lecture = self.state.lecture();
        let row = ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", super::words::capitalise(&quiz.items)));
            for (i, q) in quiz.iter().enumerate() {
                let answer = cx.progress.get().answer(&q.id).filter(|_| !lecture);
                let values = [
                    ("item", super::words::capitalise(&quiz.item)),
                    ("number", (i + 1).to_string()),
                ];
                let (mark, name) = match answer {
                    Some(a) if a.correct => (" ✔", tf!("sections.quiz.nav.name.right", &values)),
                    Some(_) => (" ✖", tf!("sections.quiz.nav.name.wrong", &values)),
                    None => ("", tf!("sections.quiz.nav.name", &values)),
                };
                let selected = self.state.current() == Some(i);
                // Room for a mark from the start: the row never wraps anew once answered.
                let room = widgets::text_width(ui, format!("{} ✖", i + 1))
                    + 2.0 * ui.spacing().button_padding.x;
                let r = ui
                    .add(
                        egui::Button::selectable(selected, format!("{}{mark}", i + 1))
                            .min_size(vec2(room, 0.0)),
                    )
                    .on_hover_text(tf!(
                        "sections.quiz.nav.go",
                        &[("item", quiz.item.clone()), ("number", (i + 1).to_string())],
                    ));
                ui.ctx()
                    .accesskit_node_builder(r.id, |node| node.set_label(name));
                if r.clicked() {
                    inputs.list.push(Input::Jump(i));
                }
            }
            if !lecture {
                let finished = self.state.current().is_none();
                if ui
                    .add(egui::Button::selectable(
                        finished,
                        t!("sections.quiz.nav.results"),
                    ))
                    .clicked()
                {
                    inputs.list.push(Input::Results);
                }
            }
            if self.state.current().is_some() {
                ui.add_space(8.0);
                self.place(ui);
            }
        });
        // (A lecture's page is the pager's: it shows whole screenfuls.)
        if self.scroll == Some(Scroll::Question) && !cx.lecture {
            self.scroll = None;
            row.response.scroll_to_me(Some(Align::TOP));
        }
    }

    /// "Scenario 3 of 9".
    fn place(&self, ui: &mut Ui) {
        let Some(i) = self.state.current() else {
            return;
        };
        let quiz = self.state.quiz();
        let item = super::words::capitalise(&quiz.item);
        let place = tf!(
            "sections.quiz.nav.place",
            &[
                ("item", item),
                ("number", (i + 1).to_string()),
                ("n", quiz.len().to_string()),
            ],
        );
        let place = RichText::new(place).weak();
        ui.add(egui::Label::new(place).wrap_mode(egui::TextWrapMode::Extend));
    }

    fn question_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, inputs: &mut Inputs) {
        if self.state.question().is_none() {
            return;
        }
        // A lecture's answer is a build of its own: the question's screen, marked, and the
        // verdict (see `reveal`).
        let lecture = self.state.lecture();
        if lecture && self.state.feedback_visible() {
            self.reveal_ui(ui, cx, inputs);
            return;
        }
        self.prompt_ui(ui, cx);
        self.answers(ui, inputs, true);
        if self.state.feedback_visible() {
            self.feedback(ui, cx, inputs);
            return;
        }
        // (On the projector R and Page Down reveal: the button is the console's.)
        if lecture && !crate::ui::shell::presenter::is_console(ui) {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            let hint = RichText::new(self.state.hint());
            if lecture {
                let reveal = tf!("sections.quiz.reveal", &[("key", key_text(Action::Reveal))]);
                if ui.button(reveal).clicked() {
                    inputs.list.push(Input::Reveal);
                }
            } else {
                ui.label(hint.weak());
            }
        });
    }

    /// The question's prompt, a little larger than body text for the back of the room (in a
    /// lecture [`PROMPT`] times the body).
    pub(super) fn prompt_ui(&self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let Some(q) = self.state.question() else {
            return;
        };
        let larger = if self.state.lecture() { PROMPT } else { 1.15 };
        ui.scope(|ui| {
            let body = ui.style().text_styles[&TextStyle::Body].size;
            if let Some(f) = ui.style_mut().text_styles.get_mut(&TextStyle::Body) {
                f.size = body * larger;
            }
            compact(ui);
            widgets::paragraph(ui, &q.prompt, cx);
        });
    }

    /// Every answer as a button with its mark (after a reveal, the `others` faded, or left
    /// out).
    pub(super) fn answers(&mut self, ui: &mut Ui, inputs: &mut Inputs, others: bool) {
        let Some(q) = self.state.question() else {
            return;
        };
        let width = ui.available_width().min(MAX_WIDTH);
        let spacing = ui.spacing().item_spacing.y;
        ui.spacing_mut().item_spacing.y = (spacing - 2.0).max(2.0);
        for (k, answer) in q.answers.iter().enumerate() {
            let mark = self.state.mark(k);
            if !others && mark == Mark::Other {
                continue;
            }
            // (In a lecture the other answers stay as they stood: nothing fades on a reveal.)
            let mark = if self.state.lecture() && mark == Mark::Other {
                Mark::Open
            } else {
                mark
            };
            let button = AnswerButton {
                key: k + 1,
                text: lesson::plain(answer),
                mark,
                mark_text: self.state.mark_text(k),
                width,
            };
            let r = ui.add_enabled(mark != Mark::Other, button);
            let key = tf!("sections.quiz.answer.key", &[("key", (k + 1).to_string())]);
            ui.ctx()
                .accesskit_node_builder(r.id, |node| node.set_description(key));
            if r.clicked() && !self.state.feedback_visible() {
                inputs.list.push(Input::Choose(k));
                inputs.by_focus = r.has_focus();
            }
        }
        ui.spacing_mut().item_spacing.y = spacing;
    }

    /// The verdict (announced to screen readers), the explanation and the "next" button.
    pub(super) fn feedback(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, inputs: &mut Inputs) {
        let (Some(q), Some((tone, verdict))) = (self.state.question(), self.state.verdict()) else {
            return;
        };
        let colour = tone_colour(ui, tone, ui.visuals().text_color());
        egui::Frame::new()
            .fill(ui.visuals().faint_bg_color)
            .stroke(Stroke::new(1.5, colour))
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(12, 8))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                compact(ui);
                // (The build's headline: on a slide in the headline's size.)
                let headline = TextStyle::Name(widgets::HEADLINE.into());
                let size = match ui.style().text_styles.get(&headline) {
                    Some(font) if self.state.lecture() => font.size,
                    _ => ui.style().text_styles[&TextStyle::Body].size * 1.1,
                };
                let r = ui.label(RichText::new(verdict).strong().size(size).color(colour));
                ui.ctx()
                    .accesskit_node_builder(r.id, |node| node.set_live(Live::Polite));
                ui.add_space(2.0);
                ui.label(RichText::new(&self.state.quiz().why_label).strong());
                widgets::paragraph(ui, &q.why, cx);
            });
        ui.add_space(4.0);
        if self.state.lecture() {
            // (Page Down goes on: no button to reach on a projector.)
            return;
        }
        let label = self.state.next_label(cx.progress);
        let height = ui.style().text_styles[&TextStyle::Body].size * 2.0;
        let r = ui
            .add(egui::Button::new(RichText::new(label).strong()).min_size(vec2(0.0, height)))
            .on_hover_text(continue_keys());
        if std::mem::take(&mut self.focus_next) {
            r.request_focus();
        }
        if self.scroll == Some(Scroll::Feedback) && !cx.lecture {
            self.scroll = None;
            r.scroll_to_me(Some(Align::BOTTOM));
        }
        if r.clicked() {
            inputs.list.push(Input::GoOn);
        }
    }
}

/// A verdict's colour: green when right, the warning colour when wrong, else `plain`.
pub(super) fn tone_colour(ui: &Ui, tone: Tone, plain: egui::Color32) -> egui::Color32 {
    match tone {
        Tone::Right => palette::GREEN,
        Tone::Wrong => widgets::warn_color(ui),
        Tone::Plain => plain,
    }
}

fn review_banner(ui: &mut Ui, cx: &Cx<'_>, inputs: &mut Inputs) {
    ui.horizontal_wrapped(|ui| {
        let left = cx.progress.review.len();
        let text = tf!("sections.quiz.review", &[("left", left.to_string())]);
        ui.label(RichText::new(text).strong());
        if ui.button(t!("sections.quiz.review.stop")).clicked() {
            inputs.list.push(Input::StopReview);
        }
    });
}

/// The section's words: the explanation, how it is computed, the closing words.
fn words(ui: &mut Ui, cx: &mut Cx<'_>, text: &SectionText) {
    for p in &text.intro {
        widgets::paragraph(ui, p, cx);
    }
    ui.add_space(4.0);
    if !cx.lecture {
        // How answers are scored: nothing is scored in lecture mode.
        super::how_note(ui, &text.how, cx);
    }
    for p in &text.after {
        widgets::paragraph(ui, p, cx);
    }
    ui.add_space(12.0);
}

/// The keys that go on (Enter or Space), as the keymap writes them.
pub(super) fn continue_keys() -> String {
    let mut keys = SHORTCUTS
        .iter()
        .filter(|s| s.action == Action::Continue)
        .map(|s| s.keys_text());
    let first = keys.next().unwrap_or_default();
    match keys.next() {
        Some(second) => tf!(
            "sections.quiz.continue_keys",
            &[("first", first), ("second", second)],
        ),
        None => first.to_owned(),
    }
}

/// Smaller gaps between lines (the paragraphs' space after them shrinks with them).
pub(super) fn compact(ui: &mut Ui) {
    let gap = &mut ui.spacing_mut().item_spacing.y;
    *gap = (*gap * 0.5).max(2.0);
}
