//! The quiz shared by "Which protection?" (section 6) and "Interview angle" (section 8).
//!
//! One question at a time. The number keys choose (1-4 or 1-3), Enter or Space goes on, the
//! mouse works too. After an answer: right or wrong, the XP it earned and the reason, with
//! links to the glossary cards. Answers are saved to the progress file at once.
//!
//! In lecture mode nothing is scored or saved (the class answers, not the person at the
//! keyboard): every question starts unanswered, a number key marks the class's vote, and the
//! right answer and its reason stay hidden until R reveals them.

use egui::{Color32, RichText, Stroke, Ui};

use super::keymap::Action;
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::plot::palette;
use super::widgets;
use super::{AppEvent, Cx};
use crate::lesson::{self, Question};
use crate::progress::{self, Progress, Recorded, XP_PER_QUESTION};

/// How a quiz names its items.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// "scenario" or "question".
    pub item: &'static str,
    pub items: &'static str,
    /// Heading of the explanation: "Why" or "Model answer".
    pub why: &'static str,
}

/// The question on screen and what has happened to it during this visit.
#[derive(Clone, Debug, Default)]
struct Visit {
    chosen: Option<usize>,
    /// What saving the choice did (`None` in lecture mode and for an earlier answer).
    recorded: Option<Recorded>,
    /// The answer shown is one given earlier (read from the progress file).
    earlier: bool,
    /// A wrong answer given earlier, shown as a hint while the question is asked again.
    previous: Option<usize>,
    /// Lecture mode: the answer has been revealed.
    revealed: bool,
}

/// What to bring into view after the quiz changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scroll {
    /// The question (it just changed).
    Question,
    /// The explanation and the "next" button (an answer was just given or revealed).
    Feedback,
}

/// What the learner did this frame, applied once after drawing.
#[derive(Default)]
struct Intent {
    choose: Option<(usize, bool)>,
    go_on: bool,
    reveal: bool,
    jump: Option<usize>,
    results: bool,
    retry_missed: bool,
}

pub struct Quiz {
    section: u8,
    words: Words,
    /// Index of the question on screen.
    current: usize,
    /// The results are on screen instead of a question.
    finished: bool,
    visit: Visit,
    /// Whether the first frame has placed the quiz (it needs the progress to do so).
    placed: bool,
    /// The mode the current visit started in.
    lecture: bool,
    /// Move keyboard focus to the "next" button (the answer was given from a focused button).
    focus_next: bool,
    /// Bring part of the quiz into view on the next frame.
    scroll: Option<Scroll>,
    /// A question asked for by a scenario code.
    pending_jump: Option<usize>,
    /// The progress reset this quiz was placed after (a reset elsewhere starts it over).
    seen_reset: u64,
    headline: Option<String>,
}

impl Quiz {
    /// The quiz of section 6 or 8.
    pub fn new(section: u8, words: Words) -> Self {
        Self {
            section,
            words,
            current: 0,
            finished: false,
            visit: Visit::default(),
            placed: false,
            lecture: false,
            focus_next: false,
            scroll: None,
            pending_jump: None,
            seen_reset: 0,
            headline: None,
        }
    }

    pub fn questions(&self) -> &'static [Question] {
        progress::quiz_questions(self.section)
    }

    /// Number keys in use: one per answer.
    pub fn keys(&self) -> usize {
        self.questions().first().map_or(0, |q| q.answers.len())
    }

    /// Index of the question on screen (`None` while the results are shown).
    pub fn current(&self) -> Option<usize> {
        (!self.finished).then_some(self.current)
    }

    /// The computed headline of the last frame.
    pub fn headline(&self) -> Option<String> {
        self.headline.clone()
    }

    /// The question on screen, for scenario codes (`question=<id>`); `None` on the results.
    pub fn scenario(&self) -> Option<Pairs> {
        let q = self.question()?;
        Some(PairsBuilder::default().text("question", &q.id).build())
    }

    /// Goes to the question a scenario code names. Changes nothing on an unknown key or id.
    pub fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let ids: Vec<&str> = self.questions().iter().map(|q| q.id.as_str()).collect();
        let mut r = PairsReader::new(pairs);
        let id = r.choice("question", &ids)?;
        r.finish()?;
        if let Some(i) = id.and_then(|id| ids.iter().position(|x| *x == id)) {
            self.pending_jump = Some(i);
        }
        Ok(())
    }

    /// Starts a visit of question `i`: in lecture mode always unanswered; otherwise a question
    /// answered right earlier shows that answer, and one answered wrong is asked again.
    fn enter(&mut self, i: usize, progress: &Progress) {
        self.current = i.min(self.questions().len().saturating_sub(1));
        self.finished = false;
        self.visit = Visit::default();
        if self.lecture {
            return;
        }
        if let Some(q) = self.questions().get(self.current)
            && let Some(a) = progress.answer(&q.id)
        {
            if a.correct {
                self.visit.chosen = Some(a.choice);
                self.visit.earlier = true;
            } else {
                self.visit.previous = Some(a.choice);
            }
        }
    }

    /// First frame: the first question not answered yet, or the results when all are.
    fn place(&mut self, progress: &Progress) {
        self.placed = true;
        if self.lecture {
            self.enter(0, progress);
            return;
        }
        match self
            .questions()
            .iter()
            .position(|q| progress.answer(&q.id).is_none())
        {
            Some(i) => self.enter(i, progress),
            None => {
                self.enter(0, progress);
                self.finished = !self.questions().is_empty();
            }
        }
    }

    fn question(&self) -> Option<&'static Question> {
        if self.finished {
            None
        } else {
            self.questions().get(self.current)
        }
    }

    /// Whether the question on screen is the head of the review queue.
    fn reviewing(&self, cx: &Cx<'_>) -> bool {
        !self.lecture
            && self
                .question()
                .is_some_and(|q| cx.progress.review.front().is_some_and(|id| *id == q.id))
    }

    fn choose(&mut self, choice: usize, from_focus: bool, cx: &mut Cx<'_>) {
        let Some(q) = self.question() else { return };
        if choice >= q.answers.len() {
            return;
        }
        if self.lecture {
            if !self.visit.revealed {
                self.visit.chosen = Some(choice);
            }
            return;
        }
        if self.visit.chosen.is_some() {
            return;
        }
        self.visit.chosen = Some(choice);
        self.visit.recorded = Some(cx.progress.record(&q.id, choice, choice == q.correct));
        self.focus_next = from_focus;
        self.scroll = Some(Scroll::Feedback);
    }

    /// Enter, Space or the "next" button.
    fn go_on(&mut self, cx: &mut Cx<'_>) {
        if self.finished {
            cx.emit(AppEvent::GoTo((self.section + 1).min(10)));
            return;
        }
        let answered = if self.lecture {
            self.visit.revealed
        } else {
            self.visit.chosen.is_some()
        };
        if !answered {
            return;
        }
        if self.reviewing(cx) {
            cx.progress.review.pop_front();
            match cx
                .progress
                .review
                .front()
                .and_then(|id| progress::question(id))
            {
                Some((s, _)) if s == self.section => self.pick_up_review(cx),
                Some((s, _)) => cx.emit(AppEvent::GoTo(s)),
                None => {
                    cx.progress.review.clear();
                    cx.emit(AppEvent::GoTo(10));
                    self.finished = true;
                }
            }
            return;
        }
        if self.current + 1 < self.questions().len() {
            let p = cx.progress.progress().clone();
            self.enter(self.current + 1, &p);
        } else if self.lecture {
            // On to the next section, like a slide deck; the quiz starts over next time.
            cx.emit(AppEvent::GoTo((self.section + 1).min(10)));
            self.enter(0, &Progress::default());
        } else {
            self.finished = true;
        }
    }

    /// Takes the head of the review queue if it is one of this quiz's questions: it is asked
    /// again even if it was answered right since.
    fn pick_up_review(&mut self, cx: &Cx<'_>) {
        if self.lecture {
            return;
        }
        let Some(id) = cx.progress.review.front() else {
            return;
        };
        let Some(i) = self.questions().iter().position(|q| q.id == *id) else {
            return;
        };
        if !self.finished && self.current == i {
            return;
        }
        self.enter(i, cx.progress.progress());
        if self.visit.earlier {
            // Asked again: show it unanswered.
            self.visit = Visit {
                previous: self.visit.chosen,
                ..Visit::default()
            };
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        if self.questions().is_empty() {
            return;
        }
        let reset_at = cx.progress.progress().reset_at;
        if cx.lecture != self.lecture || !self.placed || reset_at != self.seen_reset {
            self.lecture = cx.lecture;
            self.seen_reset = reset_at;
            let p = cx.progress.progress().clone();
            self.place(&p);
        }
        if let Some(i) = self.pending_jump.take() {
            let p = cx.progress.progress().clone();
            self.enter(i, &p);
        }
        self.pick_up_review(cx);

        // Keys first, so this frame already shows their effect.
        let keys = self.keys();
        let mut intent = Intent::default();
        for action in cx.actions {
            match *action {
                Action::Choose(n) if (1..=keys).contains(&usize::from(n)) => {
                    intent.choose = Some((usize::from(n) - 1, false));
                }
                Action::Continue => intent.go_on = true,
                Action::Reveal => intent.reveal = true,
                _ => {}
            }
        }
        self.apply(std::mem::take(&mut intent), cx);

        if self.reviewing(cx) {
            self.review_banner(ui, cx);
        }
        self.navigator(ui, cx, &mut intent);
        ui.add_space(6.0);
        if self.finished {
            self.results(ui, cx, &mut intent);
        } else {
            self.question_ui(ui, cx, &mut intent);
        }

        let headline = self.compute_headline(cx.progress.progress());
        ui.add_space(10.0);
        widgets::headline(ui, &headline);
        self.headline = Some(headline);
        ui.add_space(6.0);
        how_note(ui, &lesson::content().section(self.section).how, cx);

        let changed = intent.choose.is_some()
            || intent.go_on
            || intent.reveal
            || intent.jump.is_some()
            || intent.results
            || intent.retry_missed;
        self.apply(intent, cx);
        if changed {
            ui.ctx().request_repaint();
        }
    }

    fn apply(&mut self, intent: Intent, cx: &mut Cx<'_>) {
        if let Some((choice, from_focus)) = intent.choose {
            self.choose(choice, from_focus, cx);
        }
        if intent.reveal && self.lecture && !self.finished && !self.visit.revealed {
            self.visit.revealed = true;
            self.scroll = Some(Scroll::Feedback);
        }
        let before = (self.current, self.finished);
        if intent.go_on {
            self.go_on(cx);
        }
        if let Some(i) = intent.jump {
            cx.progress.review.clear();
            let p = cx.progress.progress().clone();
            self.enter(i, &p);
        }
        if intent.results {
            cx.progress.review.clear();
            self.finished = true;
        }
        if intent.retry_missed {
            let missed: Vec<String> = self
                .questions()
                .iter()
                .filter(|q| {
                    cx.progress
                        .progress()
                        .answer(&q.id)
                        .is_some_and(|a| !a.correct)
                })
                .map(|q| q.id.clone())
                .collect();
            cx.progress.review = missed.into();
            self.pick_up_review(cx);
        }
        if (self.current, self.finished) != before {
            self.scroll = Some(Scroll::Question);
        }
    }

    fn review_banner(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        ui.horizontal_wrapped(|ui| {
            let left = cx.progress.review.len();
            ui.label(
                RichText::new(format!(
                    "Reviewing missed questions: {left} to go (this one included)."
                ))
                .strong(),
            );
            if ui.button("Stop reviewing").clicked() {
                cx.progress.review.clear();
            }
        });
        ui.add_space(4.0);
    }

    /// One button per question (with ✔/✖ once answered) and one for the results.
    fn navigator(&mut self, ui: &mut Ui, cx: &Cx<'_>, intent: &mut Intent) {
        let row = ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", capitalise(self.words.items)));
            for (i, q) in self.questions().iter().enumerate() {
                let mark = if self.lecture {
                    ""
                } else {
                    match cx.progress.progress().answer(&q.id) {
                        Some(a) if a.correct => " ✔",
                        Some(_) => " ✖",
                        None => "",
                    }
                };
                let selected = !self.finished && i == self.current;
                let r = ui
                    .add(egui::Button::selectable(
                        selected,
                        format!("{}{mark}", i + 1),
                    ))
                    .on_hover_text(format!("Go to {} {}", self.words.item, i + 1));
                if r.clicked() {
                    intent.jump = Some(i);
                }
            }
            if !self.lecture {
                let r = ui.add(egui::Button::selectable(self.finished, "Results"));
                if r.clicked() {
                    intent.results = true;
                }
            }
        });
        if self.scroll == Some(Scroll::Question) {
            self.scroll = None;
            row.response.scroll_to_me(Some(egui::Align::TOP));
        }
    }

    fn question_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, intent: &mut Intent) {
        let Some(q) = self.question() else { return };
        let n = self.questions().len();
        let reveal = self.feedback_visible();
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;

        ui.label(
            RichText::new(format!(
                "{} {} of {n}",
                capitalise(self.words.item),
                self.current + 1
            ))
            .weak(),
        );
        ui.scope(|ui| {
            // The prompt a little larger than body text, for the back of the room.
            if let Some(f) = ui.style_mut().text_styles.get_mut(&egui::TextStyle::Body) {
                f.size = body * 1.2;
            }
            widgets::paragraph(ui, &q.prompt, cx);
        });

        let width = ui.available_width().min(900.0);
        let right = palette::GREEN;
        let wrong = widgets::warn_color(ui);
        for (i, answer) in q.answers.iter().enumerate() {
            let text = lesson::plain(answer);
            let is_right = i == q.correct;
            let is_chosen = self.visit.chosen == Some(i);
            let chooser = if self.lecture {
                "class vote"
            } else {
                "your answer"
            };
            let (mark, stroke) = if reveal && is_right {
                ("✔ right", Stroke::new(2.5, right))
            } else if reveal && is_chosen {
                (
                    if self.lecture {
                        "✖ class vote"
                    } else {
                        "✖ your answer"
                    },
                    Stroke::new(2.5, wrong),
                )
            } else if is_chosen {
                (
                    chooser,
                    Stroke::new(2.5, ui.visuals().selection.stroke.color),
                )
            } else {
                (
                    "",
                    Stroke::new(1.0, ui.visuals().widgets.inactive.bg_stroke.color),
                )
            };
            let key = RichText::new(format!(" {} ", i + 1))
                .monospace()
                .strong()
                .size(body * 1.1);
            let label = RichText::new(text).size(body * 1.1);
            let locked = if self.lecture {
                self.visit.revealed
            } else {
                self.visit.chosen.is_some()
            };
            let mut button = egui::Button::new((
                key,
                label,
                egui::Atom::grow(),
                RichText::new(mark).size(body * 1.2),
            ))
            .wrap()
            .min_size(egui::vec2(width, body * 2.1))
            .stroke(stroke);
            if reveal && !is_right && !is_chosen {
                button = button.fill(Color32::TRANSPARENT);
            }
            let r = ui.add_enabled(!locked || is_chosen || (reveal && is_right), button);
            let r = if locked {
                r
            } else {
                r.on_hover_text(format!("Key {}", i + 1))
            };
            if r.clicked() && !locked {
                intent.choose = Some((i, r.has_focus()));
            }
        }
        ui.add_space(6.0);

        if reveal {
            self.feedback(ui, cx, q, intent);
        } else if self.lecture {
            ui.horizontal_wrapped(|ui| {
                let vote = match self.visit.chosen {
                    Some(c) => format!("Class vote: answer {}. ", c + 1),
                    None => String::new(),
                };
                ui.label(format!(
                    "{vote}Let the class vote, then press R to reveal the answer."
                ));
                if ui.button("Reveal (R)").clicked() {
                    intent.reveal = true;
                }
            });
        } else {
            let keys = q.answers.len();
            let hint = match self.visit.previous {
                Some(p) => format!(
                    "Last time you chose {}, which was not right. Choose again with 1–{keys} or the mouse.",
                    p + 1
                ),
                None => format!("Choose with the keys 1–{keys} or the mouse."),
            };
            ui.label(RichText::new(hint).weak());
        }
    }

    fn feedback_visible(&self) -> bool {
        if self.lecture {
            self.visit.revealed
        } else {
            self.visit.chosen.is_some()
        }
    }

    fn feedback(
        &mut self,
        ui: &mut Ui,
        cx: &mut Cx<'_>,
        q: &'static Question,
        intent: &mut Intent,
    ) {
        let right_text = format!(
            "{}, “{}”",
            q.correct + 1,
            lesson::plain(&q.answers[q.correct])
        );
        let correct = self.visit.chosen == Some(q.correct);
        let (colour, verdict) = if self.lecture {
            let vote = match self.visit.chosen {
                Some(c) if c == q.correct => "The class chose it: right. ".to_owned(),
                Some(c) => format!("The class chose {}. ", c + 1),
                None => String::new(),
            };
            (
                ui.visuals().text_color(),
                format!("{vote}The answer is {right_text}."),
            )
        } else if correct {
            let xp = match self.visit.recorded {
                Some(r) if r.first => format!("+{} XP.", r.xp),
                Some(_) => "No XP this time: XP counts only first answers.".to_owned(),
                None => "You answered this one right earlier.".to_owned(),
            };
            (palette::GREEN, format!("✔ Right. {xp}"))
        } else {
            let xp = match self.visit.recorded {
                Some(r) if r.first => {
                    "No XP for this one. It waits for you in the review in the last section."
                }
                _ => "No XP this time.",
            };
            (
                widgets::warn_color(ui),
                format!("✖ Not this one: the answer is {right_text}. {xp}"),
            )
        };
        egui::Frame::new()
            .fill(ui.visuals().faint_bg_color)
            .stroke(Stroke::new(1.5, colour))
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(14, 10))
            .show(ui, |ui| {
                ui.set_width(ui.available_width().min(900.0));
                let size = ui.style().text_styles[&egui::TextStyle::Body].size * 1.15;
                ui.label(RichText::new(verdict).strong().size(size).color(colour));
                ui.add_space(4.0);
                ui.label(RichText::new(self.words.why).strong());
                widgets::paragraph(ui, &q.why, cx);
            });
        ui.add_space(6.0);
        let last = self.current + 1 == self.questions().len();
        let label = if self.reviewing(cx) {
            if cx.progress.review.len() > 1 {
                "Next missed question ▶".to_owned()
            } else {
                "Finish the review ▶".to_owned()
            }
        } else if last {
            if self.lecture {
                format!(
                    "Next section: {} ▶",
                    lesson::content().section((self.section + 1).min(10)).title
                )
            } else {
                "See your results ▶".to_owned()
            }
        } else {
            format!("Next {} ▶", self.words.item)
        };
        let r = ui
            .add(
                egui::Button::new(RichText::new(label).strong()).min_size(egui::vec2(
                    0.0,
                    ui.style().text_styles[&egui::TextStyle::Body].size * 2.0,
                )),
            )
            .on_hover_text("Enter or Space");
        if std::mem::take(&mut self.focus_next) {
            r.request_focus();
        }
        if self.scroll == Some(Scroll::Feedback) {
            self.scroll = None;
            r.scroll_to_me(Some(egui::Align::BOTTOM));
        }
        if r.clicked() {
            intent.go_on = true;
        }
    }

    fn results(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, intent: &mut Intent) {
        let p = cx.progress.progress();
        let qs = self.questions();
        let first = qs
            .iter()
            .filter(|q| p.answer(&q.id).is_some_and(|a| a.first_try))
            .count();
        let missed = qs
            .iter()
            .filter(|q| p.answer(&q.id).is_some_and(|a| !a.correct))
            .count();
        ui.label(RichText::new("Your results").heading());
        egui::Grid::new(("quiz-results", self.section))
            .num_columns(3)
            .spacing([12.0, 6.0])
            .striped(true)
            .show(ui, |ui| {
                for (i, q) in qs.iter().enumerate() {
                    let (mark, colour, note) = match p.answer(&q.id) {
                        Some(a) if a.correct && a.first_try => {
                            ("✔", palette::GREEN, format!("+{XP_PER_QUESTION} XP"))
                        }
                        Some(a) if a.correct => {
                            ("✔", palette::GREEN, "right at a later try".to_owned())
                        }
                        Some(_) => ("✖", widgets::warn_color(ui), "to review".to_owned()),
                        None => (
                            "·",
                            ui.visuals().weak_text_color(),
                            "not answered".to_owned(),
                        ),
                    };
                    ui.label(RichText::new(mark).color(colour).strong());
                    let prompt = lesson::plain(&q.prompt);
                    if ui
                        .link(format!("{}. {}", i + 1, shorten(&prompt, 90)))
                        .on_hover_text(prompt)
                        .clicked()
                    {
                        intent.jump = Some(i);
                    }
                    ui.label(note);
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        ui.label(format!(
            "Right at the first try: {first} of {}, worth {} XP.",
            qs.len(),
            first as u32 * XP_PER_QUESTION
        ));
        ui.horizontal_wrapped(|ui| {
            if missed > 0
                && ui
                    .button(format!("Try the missed ones again ({missed})"))
                    .clicked()
            {
                intent.retry_missed = true;
            }
            let next = (self.section + 1).min(10);
            if ui
                .button(
                    RichText::new(format!(
                        "Next section: {} ▶",
                        lesson::content().section(next).title
                    ))
                    .strong(),
                )
                .on_hover_text("Enter or Space")
                .clicked()
            {
                intent.go_on = true;
            }
        });
    }

    fn compute_headline(&self, p: &Progress) -> String {
        let qs = self.questions();
        let n = qs.len();
        if self.lecture {
            return if self.finished {
                format!(
                    "Lecture mode: {n} {} to discuss; nothing is scored.",
                    self.words.items
                )
            } else {
                format!(
                    "Lecture mode: {} {} of {n}. Let the class vote, then reveal with R; nothing is scored.",
                    self.words.item,
                    self.current + 1
                )
            };
        }
        let answered = qs.iter().filter(|q| p.answer(&q.id).is_some()).count();
        let first = qs
            .iter()
            .filter(|q| p.answer(&q.id).is_some_and(|a| a.first_try))
            .count();
        let xp = first as u32 * XP_PER_QUESTION;
        let max = n as u32 * XP_PER_QUESTION;
        if answered == 0 {
            format!("{n} {} to answer, worth up to {max} XP.", self.words.items)
        } else {
            format!(
                "You have answered {answered} of {n} {}; {first} right at the first try, worth {xp} of {max} XP.",
                self.words.items
            )
        }
    }
}

/// The "how this is computed" note of a section without a model or a seed.
pub fn how_note(ui: &mut Ui, how: &str, cx: &mut Cx<'_>) {
    if how.is_empty() {
        return;
    }
    egui::CollapsingHeader::new("How this is computed")
        .default_open(true)
        .show(ui, |ui| {
            widgets::paragraph(ui, how, cx);
        });
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// At most `max` characters, cut at a word and ended with "…".
pub fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let cut: String = s.chars().take(max).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", cut[..at].trim_end_matches([',', ';', ':', '.']))
}
