//! A learner's number keys on section 7: they answer the first open question in view (a card's
//! question, then the debate's judgement); with none in view, the first open one is brought
//! into view for the next press, so a key never answers what the learner cannot see.

use super::Who;

/// Where the page's open questions were when last drawn.
pub(super) struct Seen {
    /// The part of the page in view.
    view: egui::Rect,
    /// Each card still asking, with where its question and choices are.
    pub asks: Vec<(usize, egui::Rect)>,
    /// Where the debate's judgement is asked, while it is.
    pub judgement: Option<egui::Rect>,
    /// The question to bring into view on the next pass (a key pressed with none in view).
    pub bring: Option<Target>,
}

impl Default for Seen {
    fn default() -> Self {
        Self::new(egui::Rect::NOTHING)
    }
}

impl Seen {
    pub fn new(view: egui::Rect) -> Self {
        Self {
            view,
            asks: Vec::new(),
            judgement: None,
            bring: None,
        }
    }

    /// Whether `rect` is in view enough to be read: wholly, or at least 60 % of it.
    fn shows(&self, rect: egui::Rect) -> bool {
        let inside = rect.intersect(self.view);
        inside.is_positive() && inside.height() >= 0.6 * rect.height().min(self.view.height())
    }
}

/// What a number key answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Target {
    Card(usize),
    Judgement,
}

impl Who {
    /// The open question a number key answers now: the first in view, in the page's order.
    fn key_target(&self) -> Option<Target> {
        let seen = &self.seen;
        let cards = seen
            .asks
            .iter()
            .filter(|(i, _)| !self.is_open(*i))
            .map(|(i, r)| (Target::Card(*i), *r));
        let judgement = seen
            .judgement
            .filter(|_| self.judged.is_none())
            .map(|r| (Target::Judgement, r));
        cards
            .chain(judgement)
            .filter(|(_, r)| seen.shows(*r))
            .min_by(|a, b| a.1.top().total_cmp(&b.1.top()))
            .map(|(t, _)| t)
    }

    /// The card whose question shows the keys' hint: the one they answer, or the one they
    /// would bring into view.
    pub(super) fn key_card(&self) -> Option<usize> {
        match self.key_target() {
            Some(Target::Card(i)) => Some(i),
            Some(Target::Judgement) => None,
            None => match self.first_open() {
                Some(Target::Card(i)) => Some(i),
                _ => None,
            },
        }
    }

    /// Number key `k` (counted from 0): answers the open question in view, or brings the
    /// first open one into view.
    pub(super) fn key(&mut self, k: usize) {
        match self.key_target() {
            Some(Target::Card(i)) => self.choose(i, k),
            Some(Target::Judgement) => self.judge(k),
            None => self.seen.bring = self.first_open(),
        }
    }

    /// The first open question in the page's order: a card's, or the debate's judgement on
    /// its open card.
    fn first_open(&self) -> Option<Target> {
        let card = self.open_question();
        let debate = super::cards().iter().position(|c| c.debate.is_some());
        let judging = debate.filter(|&d| self.judged.is_none() && self.is_open(d));
        match (card, judging) {
            (Some(i), Some(d)) if d < i => Some(Target::Judgement),
            (Some(i), _) => Some(Target::Card(i)),
            (None, Some(_)) => Some(Target::Judgement),
            (None, None) => None,
        }
    }
}
