//! The quiz sections ("Which protection?", "Interview angle"), one type for every quiz the
//! lesson's data declares (`assets/quizzes.ron`: the section, its words, its keys and its
//! questions).
//!
//! One question at a time. The number keys choose, Enter or Space goes on, the mouse works
//! too. After an answer: right or wrong, the XP it earned and the reason, with links to the
//! glossary cards. Answers are saved to the progress file at once. In lecture mode nothing is
//! scored, and Page Down steps through the quiz like a slide deck's builds.
//!
//! [`state`] is the quiz without drawing (and its tests), `words` the sentences it shows;
//! [`view`] draws it.

mod answer;
mod results;
mod reveal;
pub mod state;
pub mod view;
mod words;

use egui::Ui;

use crate::lesson;
use crate::scenario::{Pairs, settings};
use crate::sections::QuizId;
use crate::ui::shell::keymap::{Action, key_text};
use crate::ui::{
    Builds, Cx, Offers, OffersMut, Present, Press, Reach, Section, Shareable, kit::widgets,
};
use state::QuizState;

pub struct QuizSection {
    quiz: QuizId,
    pub state: QuizState,
    /// Move keyboard focus to the "next" button (the answer was given from a focused button).
    focus_next: bool,
    /// Bring part of the quiz into view on the next frame.
    scroll: Option<view::Scroll>,
    headline: Option<String>,
}

impl QuizSection {
    /// The section showing `quiz` (at its place in [`crate::sections`]).
    pub fn new(quiz: QuizId) -> Self {
        Self {
            quiz,
            state: QuizState::new(settings::quiz_of(quiz)),
            focus_next: false,
            scroll: None,
            headline: None,
        }
    }

    /// Number keys in use: one per answer.
    pub fn keys(&self) -> usize {
        self.state.quiz().keys
    }
}

impl Section for QuizSection {
    fn number(&self) -> u8 {
        self.state.section()
    }

    fn whole_page(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        if !self.state.questions().is_empty() {
            self.page(ui, cx);
        }
    }

    fn summary(&self) -> Option<String> {
        self.headline.clone()
    }

    fn offers(&self) -> Offers<'_> {
        Offers::Both(self)
    }

    fn offers_mut(&mut self) -> OffersMut<'_> {
        OffersMut::Both(self)
    }
}

/// A quiz shares the question on screen.
impl Shareable for QuizSection {
    /// The question on screen (`question=<id>`); `None` on the results.
    fn scenario(&self) -> Option<Pairs> {
        let q = self.state.question()?;
        Some(settings::quiz_pairs(&q.id))
    }

    /// Goes to the question a scenario code names. Changes nothing on an unknown key or id.
    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        if let Some(i) = settings::read_quiz(self.quiz, pairs)? {
            self.state.jump_later(i);
        }
        Ok(())
    }
}

/// A quiz in the presenter view: the question on show, its answer for the console only.
impl Present for QuizSection {
    fn audience(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        if !self.state.questions().is_empty() {
            self.audience_page(ui, cx);
        }
    }

    /// The question on screen (the headline is for the console and screen readers).
    fn shown_words(&self) -> Option<String> {
        match self.state.question() {
            // (A lecture's answer is a build of its own: its verdict is its headline.)
            Some(q) if self.state.lecture() && self.state.feedback_visible() => Some(
                self.state
                    .verdict()
                    .map_or_else(|| lesson::plain(&q.why), |(_, v)| v.to_string()),
            ),
            Some(q) => Some(lesson::plain(&q.prompt)),
            None => self.summary(),
        }
    }

    /// The right answer, until it is shown to everyone; then why it is right (the reveal
    /// leaves that to the speaker).
    fn lecturer_only(&self) -> Option<String> {
        let q = self.state.question()?;
        if self.state.feedback_visible() {
            let why = &self.state.quiz().why_label;
            return Some(format!("{why}: {}", lesson::plain(&q.why)));
        }
        let answer = q.answers.get(q.correct)?;
        Some(tf!(
            "sections.quiz.lecturer",
            &[
                ("number", (q.correct + 1).to_string()),
                ("answer", lesson::plain(answer)),
            ],
        ))
    }
}

/// A quiz in a lecture: each question, then its answer revealed.
impl Builds for QuizSection {
    /// Lecture mode: the answer revealed, then the next question; back, the answer hidden,
    /// then the question before, revealed. A playlist's prepared question takes only its
    /// reveal (the class votes, Page Down reveals; the next one is the playlist's).
    fn press(&mut self, press: Press) -> bool {
        let taken = match press.reach {
            Reach::Page => true,
            Reach::Prepared => press.forward && !self.state.feedback_visible(),
        };
        let before = self.state.current();
        if !(taken && self.state.step(press.forward, press.lecture)) {
            return false;
        }
        let revealed = self.state.current() == before && self.state.feedback_visible();
        self.scroll = Some(if revealed {
            view::Scroll::Feedback
        } else {
            view::Scroll::Question
        });
        true
    }

    fn arrive(&mut self, press: Press) {
        self.state.arrive(!press.forward, press.lecture);
    }

    /// The question on show (`question-1`), or its answer revealed (`answer-1`).
    fn build(&self) -> String {
        let Some(i) = self.state.current() else {
            return String::new();
        };
        let what = if self.state.feedback_visible() {
            "answer"
        } else {
            "question"
        };
        format!("{what}-{}", i + 1)
    }
}

/// The "how this is computed" note of a section without a model or a seed.
pub fn how_note(ui: &mut Ui, how: &str, cx: &mut Cx<'_>) {
    if how.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(t!("sections.quiz.how"))
        .default_open(true)
        .show(ui, |ui| {
            widgets::paragraph(ui, how, cx);
        });
}

/// The first and the last of `n` number keys that choose an answer, for a sentence's
/// `{first}` and `{last}` slots (as the keymap writes them).
pub fn choose_keys(n: usize) -> [(&'static str, String); 2] {
    let key = |i: usize| {
        let shown = u8::try_from(i).map_or("", |k| key_text(Action::Choose(k)));
        if shown.is_empty() {
            i.to_string()
        } else {
            shown.to_owned()
        }
    };
    [("first", key(1)), ("last", key(n))]
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
