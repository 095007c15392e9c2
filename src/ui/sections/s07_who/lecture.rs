//! Section 7 in a lecture: each card's question on the screenful on show, then its answer
//! (a debate's conclusion) revealed by Page Down.

use super::{Step, Who, cards};
use crate::lesson;
use crate::ui::{Builds, Present, Press, Reach};

/// The cards' builds: each question in view, then its answer revealed.
impl Builds for Who {
    /// Lecture mode, on the screenful on show only ([`Reach::InView`]): Page Down reveals the
    /// first step still asking (a card's answer, the debate's conclusion) once its question
    /// is on the screenful; Page Up hides the last one revealed while its question is.
    fn press(&mut self, press: Press) -> bool {
        if !press.lecture || press.reach != Reach::InView {
            return false;
        }
        let last_done = Self::steps().into_iter().rev().find(|&s| self.is_done(s));
        match (press.forward, self.in_view) {
            (true, (Some(step), _)) if self.lecture => self.show_step(step, true),
            (false, (_, Some(step))) if self.lecture && last_done == Some(step) => {
                self.show_step(step, false)
            }
            _ => return false,
        }
        self.in_view = (None, None);
        true
    }

    /// The first step still asking (`card-1`, or `judge-2` for card 2's debate), or
    /// `cards-done` once all are revealed.
    fn build(&self) -> String {
        match self.pending() {
            Some(Step::Card(i)) => format!("card-{}", i + 1),
            Some(Step::Judge(i)) => format!("judge-{}", i + 1),
            None => "cards-done".to_owned(),
        }
    }
}

/// The cards in the presenter view: the answer still asked for the console only.
impl Present for Who {
    /// The cards' questions show before their answers: the summary is for the console and
    /// screen readers only.
    fn shown_words(&self) -> Option<String> {
        None
    }

    fn lecturer_only(&self) -> Option<String> {
        let (c, answer) = match self.pending().filter(|_| self.lecture)? {
            Step::Card(i) => {
                let c = &cards()[i];
                (c, &c.ask.options[c.ask.correct])
            }
            Step::Judge(i) => {
                let c = &cards()[i];
                (c, &c.debate.as_ref()?.conclusion)
            }
        };
        Some(tf!(
            "sections.who.lecturer",
            &[
                ("system", c.name.clone()),
                ("answer", lesson::plain(answer)),
            ],
        ))
    }

    fn build_in_view(&self) -> Option<bool> {
        Some(self.lecture && self.in_view.0.is_some())
    }
}
