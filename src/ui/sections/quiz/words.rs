//! The words the quiz shows: the verdict, the hint under the answers, the "next" button and
//! the computed headline, all worked out from the [`QuizState`] alone.

use super::choose_keys;
use super::state::{QuizState, Tone, after};
use crate::lesson;
use crate::progress::{Progress, ProgressFile, XP_PER_QUESTION};
use crate::ui::shell::keymap::{Action, key_text};

impl QuizState {
    /// The verdict once it is visible: right or wrong and the XP, or in lecture mode the
    /// class's vote and the answer.
    pub fn verdict(&self) -> Option<(Tone, String)> {
        let q = self.question().filter(|_| self.feedback_visible())?;
        let right = [
            ("number", (q.correct + 1).to_string()),
            ("answer", lesson::plain(&q.answers[q.correct])),
        ];
        if self.lecture() {
            let text = match self.visit().chosen {
                Some(c) if c == q.correct => tf!("sections.quiz.verdict.class_right", &right),
                Some(c) => {
                    let mut values = right.to_vec();
                    values.push(("chosen", (c + 1).to_string()));
                    tf!("sections.quiz.verdict.class_chose", &values)
                }
                None => tf!("sections.quiz.verdict.answer", &right),
            };
            return Some((Tone::Plain, text));
        }
        let first = self.visit().recorded.map(|r| r.first);
        Some(if self.visit().chosen == Some(q.correct) {
            let text = match self.visit().recorded {
                Some(r) if r.first => tf!(
                    "sections.quiz.verdict.right.xp",
                    &[("xp", r.xp.to_string())],
                ),
                Some(_) => t!("sections.quiz.verdict.right.no_xp").to_owned(),
                None => t!("sections.quiz.verdict.right.earlier").to_owned(),
            };
            (Tone::Right, text)
        } else {
            let text = if first == Some(true) {
                tf!("sections.quiz.verdict.wrong.first", &right)
            } else {
                tf!("sections.quiz.verdict.wrong.again", &right)
            };
            (Tone::Wrong, text)
        })
    }

    /// The line under the answers before the verdict.
    pub fn hint(&self) -> String {
        let keys = choose_keys(self.quiz().keys);
        if self.lecture() {
            let reveal = ("key", key_text(Action::Reveal).to_owned());
            return match self.visit().chosen {
                Some(c) => tf!(
                    "sections.quiz.hint.class_voted",
                    &[reveal, ("vote", (c + 1).to_string())],
                ),
                None => tf!("sections.quiz.hint.class", &[reveal]),
            };
        }
        match self.visit().previous {
            Some(p) => {
                let mut values = keys.to_vec();
                values.push(("previous", (p + 1).to_string()));
                tf!("sections.quiz.hint.again", &values)
            }
            None => tf!("sections.quiz.hint", &keys),
        }
    }

    /// The label of the button that goes on after the verdict.
    pub fn next_label(&self, store: &ProgressFile) -> String {
        if self.reviewing(store) {
            return if store.review.len() > 1 {
                t!("sections.quiz.next.missed").to_owned()
            } else {
                t!("sections.quiz.next.finish_review").to_owned()
            };
        }
        if !self.is_last() {
            tf!("sections.quiz.next", &[("item", &self.quiz().item)])
        } else if self.lecture() {
            next_section_label(self.section())
        } else {
            t!("sections.quiz.next.results").to_owned()
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
                None => tf!(
                    "sections.quiz.headline.lecture",
                    &[("n", &n.to_string()), ("items", items)],
                ),
                Some(i) => tf!(
                    "sections.quiz.headline.lecture.question",
                    &[
                        ("item", &self.quiz().item),
                        ("number", &(i + 1).to_string()),
                        ("n", &n.to_string()),
                        ("key", &key_text(Action::Reveal).to_owned()),
                    ],
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
            tf!(
                "sections.quiz.headline.none",
                &[
                    ("n", &n.to_string()),
                    ("items", items),
                    ("max", &max.to_string()),
                ],
            )
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
    tf!(
        "sections.quiz.headline.answered",
        &[
            ("answered", answered.to_string()),
            ("n", n.to_string()),
            ("items", items.to_owned()),
            ("first", first.to_string()),
            ("xp", xp.to_string()),
            ("max", max.to_string()),
        ],
    )
}

/// "Next section: <title> ▶".
pub fn next_section_label(section: u8) -> String {
    let next = after(section);
    tf!(
        "sections.quiz.next.section",
        &[("title", &lesson::content().section(next).title)],
    )
}

/// The text with its first letter upper case ("scenario" → "Scenario").
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
