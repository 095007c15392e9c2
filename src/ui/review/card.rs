//! What one review item shows: its kind, the question, the choices and the answer, from the
//! assets (a prediction from a fresh run of its model).

use crate::review::{ItemId, ItemKind, words};

use crate::review::questions::Fresh;

/// One item, ready to ask.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Card {
    /// What kind of item, and from where.
    pub kind: String,
    pub question: String,
    /// The choices (none: a recall card, answered in the learner's head).
    pub choices: Vec<String>,
    /// The right choices (several can be; none on a recall card).
    pub right: Vec<usize>,
    /// Whether a neighbour of a right choice is close (a prediction's ordered bands).
    pub ordered: bool,
    /// What the answer side says (the right answer, why; a term's card).
    pub answer: Vec<String>,
}

/// The card of `item`; a prediction needs its fresh run (`None` while it runs).
pub fn card(item: &ItemId, fresh: Option<&Fresh>) -> Option<Card> {
    let w = words();
    let content = crate::lesson::content();
    let fill = crate::lesson::fill;
    let plain = crate::lesson::plain;
    let section = item.section().map(|s| s.to_string()).unwrap_or_default();
    match item.kind {
        ItemKind::Quiz => {
            let (_, q) = crate::progress::question(&item.id)?;
            let right = q.answers.get(q.correct)?;
            Some(Card {
                kind: fill(&w.kind_quiz, &[("section", section)]),
                question: plain(&q.prompt),
                choices: q.answers.iter().map(|a| plain(a)).collect(),
                right: vec![q.correct],
                ordered: false,
                answer: vec![
                    fill(&w.right_answer, &[("answer", plain(right))]),
                    plain(&q.why),
                ],
            })
        }
        ItemKind::Token => {
            let c = content.systems.iter().find(|c| c.id == item.id)?;
            let right = c.ask.options.get(c.ask.correct)?;
            Some(Card {
                kind: w.kind_token.clone(),
                question: plain(&c.ask.question),
                choices: c.ask.options.iter().map(|o| plain(o)).collect(),
                right: vec![c.ask.correct],
                ordered: false,
                answer: vec![
                    fill(&w.right_answer, &[("answer", plain(right))]),
                    plain(&c.ask.why),
                ],
            })
        }
        ItemKind::Term => {
            let t = content.glossary.iter().find(|t| t.id == item.id)?;
            Some(Card {
                kind: w.kind_term.clone(),
                question: t.name.clone(),
                choices: Vec::new(),
                right: Vec::new(),
                ordered: false,
                answer: vec![plain(&t.text), plain(&t.analogy)],
            })
        }
        ItemKind::Prediction => {
            let f = fresh?;
            let prompt = f.prompt();
            let answer = prompt.labels(&f.right).join(&w.answers_joiner);
            Some(Card {
                kind: fill(&w.kind_prediction, &[("section", section)]),
                question: plain(&f.question()),
                choices: prompt.choices.iter().map(|c| c.label.clone()).collect(),
                right: f.right.clone(),
                ordered: prompt.ordered,
                answer: vec![
                    fill(
                        &w.model_gave,
                        &[("observed", f.truth.text.clone()), ("answer", answer)],
                    ),
                    plain(&prompt.why(&f.truth, &f.right)),
                ],
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_of_the_deck_has_a_card() {
        for item in crate::review::deck() {
            let fresh = item
                .prompt()
                .and_then(|p| crate::review::questions::pick(p.section, None, 0));
            let c = card(&item, fresh.as_ref()).unwrap_or_else(|| panic!("{item}"));
            assert!(!c.question.is_empty() && !c.answer.is_empty(), "{item}");
            assert!(!c.question.contains("[["), "{item}: markup left");
            if item.kind == ItemKind::Term {
                assert!(c.choices.is_empty());
            } else {
                assert!(
                    !c.right.is_empty() && c.right.iter().all(|&r| r < c.choices.len()),
                    "{item}"
                );
            }
        }
    }
}
