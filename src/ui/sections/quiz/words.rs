//! The words the quiz shows: the verdict, the hint under the answers, the "next" button and
//! the computed headline, all worked out from the [`QuizState`] alone.

use super::state::{QuizState, Tone, after};
use crate::lesson;
use crate::progress::{Progress, Store, XP_PER_QUESTION};

impl QuizState {
    /// The verdict once it is visible: right or wrong and the XP, or in lecture mode the
    /// class's vote and the answer.
    pub fn verdict(&self) -> Option<(Tone, String)> {
        let q = self.question().filter(|_| self.feedback_visible())?;
        let right = format!(
            "{}, “{}”",
            q.correct + 1,
            lesson::plain(&q.answers[q.correct])
        );
        if self.lecture() {
            let vote = match self.visit().chosen {
                Some(c) if c == q.correct => "The class chose it: right. ".to_owned(),
                Some(c) => format!("The class chose {}. ", c + 1),
                None => String::new(),
            };
            return Some((Tone::Plain, format!("{vote}The answer is {right}.")));
        }
        let first = self.visit().recorded.map(|r| r.first);
        Some(if self.visit().chosen == Some(q.correct) {
            let xp = match self.visit().recorded {
                Some(r) if r.first => format!("+{} XP.", r.xp),
                Some(_) => "No XP this time: XP counts only first answers.".to_owned(),
                None => "You answered this one right earlier.".to_owned(),
            };
            (Tone::Right, format!("✔ Right. {xp}"))
        } else {
            let xp = if first == Some(true) {
                "No XP for this one. It waits for you in the review in the last section."
            } else {
                "No XP this time."
            };
            (
                Tone::Wrong,
                format!("✖ Not this one: the answer is {right}. {xp}"),
            )
        })
    }

    /// The line under the answers before the verdict.
    pub fn hint(&self) -> String {
        let keys = self.quiz().keys;
        if self.lecture() {
            let vote = match self.visit().chosen {
                Some(c) => format!("Class vote: answer {}. ", c + 1),
                None => String::new(),
            };
            return format!("{vote}Let the class vote, then press R to reveal the answer.");
        }
        match self.visit().previous {
            Some(p) => format!(
                "Last time you chose {}, which was not right. Choose again with 1–{keys} or the mouse.",
                p + 1
            ),
            None => format!("Choose with the keys 1–{keys} or the mouse."),
        }
    }

    /// The label of the button that goes on after the verdict.
    pub fn next_label(&self, store: &Store) -> String {
        if self.reviewing(store) {
            return if store.review.len() > 1 {
                "Next missed question ▶".to_owned()
            } else {
                "Finish the review ▶".to_owned()
            };
        }
        if !self.is_last() {
            format!("Next {} ▶", self.quiz().item)
        } else if self.lecture() {
            next_section_label(self.section())
        } else {
            "See your results ▶".to_owned()
        }
    }

    /// The computed headline: what is left to answer and the XP so far.
    /// The longest headline this quiz shows a learner (every question answered right): the
    /// room the headline keeps.
    pub fn longest_headline(&self) -> String {
        let n = self.questions().len();
        let max = n as u32 * XP_PER_QUESTION;
        let items = &self.quiz().items;
        answered_line(n, n, items, n, max, max)
    }

    pub fn headline(&self, p: &Progress) -> String {
        let qs = self.questions();
        let n = qs.len();
        let items = &self.quiz().items;
        if self.lecture() {
            return match self.current() {
                None => format!("Lecture mode: {n} {items} to discuss; nothing is scored."),
                Some(i) => format!(
                    "Lecture mode: {} {} of {n}. Let the class vote, then reveal with R; nothing is scored.",
                    self.quiz().item,
                    i + 1
                ),
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
            format!("{n} {items} to answer, worth up to {max} XP.")
        } else {
            answered_line(answered, n, items, first, xp, max)
        }
    }
}

/// The headline once some are answered.
fn answered_line(
    answered: usize,
    n: usize,
    items: &str,
    first: usize,
    xp: u32,
    max: u32,
) -> String {
    format!(
        "You have answered {answered} of {n} {items}; {first} right at the first try, worth {xp} of {max} XP."
    )
}

/// "Next section: <title> ▶".
pub fn next_section_label(section: u8) -> String {
    let next = after(section);
    format!("Next section: {} ▶", lesson::content().section(next).title)
}

/// The text with its first letter upper case ("scenario" → "Scenario").
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
