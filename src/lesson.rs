//! The lesson's words, as data: section texts, glossary cards, quiz items, store table,
//! cards and reading list. All of it lives in `assets/*.ron`, embedded in the binary.
//!
//! Text may mark glossary terms as `[[term-id]]` or `[[term-id|shown words]]`; see
//! [`spans`]. Numbers that a model computes never appear here: the sections format them.

use std::sync::OnceLock;

use serde::Deserialize;

/// One lesson section's prose.
#[derive(Clone, Debug, Deserialize)]
pub struct SectionText {
    pub number: u8,
    pub id: String,
    pub title: String,
    /// A few words under the title in the section list.
    pub subtitle: String,
    /// Paragraphs shown above the interactive part.
    pub intro: Vec<String>,
    /// Paragraphs shown below the interactive part (may be empty).
    #[serde(default)]
    pub after: Vec<String>,
    /// The model in one or two lines, for the "how this is computed" note.
    #[serde(default)]
    pub how: String,
}

/// A plain-language card.
#[derive(Clone, Debug, Deserialize)]
pub struct Term {
    pub id: String,
    pub name: String,
    /// Two to four plain sentences (may mark other terms).
    pub text: String,
    /// An everyday analogy.
    pub analogy: String,
    #[serde(default)]
    pub see_also: Vec<String>,
}

/// One quiz question.
#[derive(Clone, Debug, Deserialize)]
pub struct Question {
    /// Stable id, stored in the progress file.
    pub id: String,
    pub prompt: String,
    pub answers: Vec<String>,
    /// Index into `answers`.
    pub correct: usize,
    /// Why the right answer is right (two or three sentences; may mark terms).
    pub why: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Quizzes {
    /// Section 6, "Which protection?": four answers each.
    pub which: Vec<Question>,
    /// Section 8, "Interview angle": three answers each; `why` is the model answer.
    pub interview: Vec<Question>,
}

/// A row of section 5's comparison table.
#[derive(Clone, Debug, Deserialize)]
pub struct Store {
    pub id: String,
    pub name: String,
    /// Whether grants are agreed by a majority (consensus) before they are given.
    pub consensus: bool,
    pub on_failover: String,
    pub fencing_token: String,
    pub in_short: String,
}

/// A card of section 7, "Who lives by this".
#[derive(Clone, Debug, Deserialize)]
pub struct SystemCard {
    pub id: String,
    pub name: String,
    pub tagline: String,
    pub points: Vec<String>,
    /// What plays the fencing-token role there.
    pub fencing_role: String,
}

/// An entry of section 10's reading list.
#[derive(Clone, Debug, Deserialize)]
pub struct Reading {
    pub title: String,
    pub authors: String,
    pub year: String,
    pub source: String,
    pub note: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Lesson {
    pub title: String,
    pub sections: Vec<SectionText>,
}

/// Everything, parsed once.
#[derive(Debug)]
pub struct Content {
    pub lesson: Lesson,
    pub glossary: Vec<Term>,
    pub quizzes: Quizzes,
    pub stores: Vec<Store>,
    pub systems: Vec<SystemCard>,
    pub reading: Vec<Reading>,
}

const LESSON: &str = include_str!("../assets/lesson.ron");
const GLOSSARY: &str = include_str!("../assets/glossary.ron");
const QUIZZES: &str = include_str!("../assets/quizzes.ron");
const STORES: &str = include_str!("../assets/stores.ron");
const SYSTEMS: &str = include_str!("../assets/systems.ron");
const READING: &str = include_str!("../assets/reading.ron");

fn parse<T: for<'de> Deserialize<'de>>(name: &str, text: &str) -> T {
    // The assets are part of the binary and checked by the tests below; a parse error here
    // is a build defect, not a user error.
    ron::from_str(text).unwrap_or_else(|e| panic!("assets/{name} is malformed: {e}"))
}

/// The lesson content (parsed on first use).
pub fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| Content {
        lesson: parse("lesson.ron", LESSON),
        glossary: parse("glossary.ron", GLOSSARY),
        quizzes: parse("quizzes.ron", QUIZZES),
        stores: parse("stores.ron", STORES),
        systems: parse("systems.ron", SYSTEMS),
        reading: parse("reading.ron", READING),
    })
}

impl Content {
    pub fn section(&self, number: u8) -> &SectionText {
        &self.lesson.sections[usize::from(number.clamp(1, 10)) - 1]
    }

    pub fn term(&self, id: &str) -> Option<&Term> {
        self.glossary.iter().find(|t| t.id == id)
    }
}

/// A piece of marked-up text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span<'a> {
    Plain(&'a str),
    /// A glossary term: its id and the words to show.
    Term {
        id: &'a str,
        shown: &'a str,
    },
}

/// Splits text marked with `[[id]]` / `[[id|shown]]` into spans. An unclosed `[[` is plain text.
pub fn spans(text: &str) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let Some(close) = rest[open + 2..].find("]]") else {
            break;
        };
        if open > 0 {
            out.push(Span::Plain(&rest[..open]));
        }
        let inner = &rest[open + 2..open + 2 + close];
        let (id, shown) = inner.split_once('|').unwrap_or((inner, inner));
        out.push(Span::Term {
            id: id.trim(),
            shown,
        });
        rest = &rest[open + 2 + close + 2..];
    }
    if !rest.is_empty() {
        out.push(Span::Plain(rest));
    }
    out
}

/// The text with the markup removed (what a screen reader or a search box should see).
pub fn plain(text: &str) -> String {
    spans(text)
        .into_iter()
        .map(|s| match s {
            Span::Plain(p) => p,
            Span::Term { shown, .. } => shown,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_splits_into_spans() {
        assert_eq!(
            spans("a [[ttl|TTL]] and [[lease]]."),
            vec![
                Span::Plain("a "),
                Span::Term {
                    id: "ttl",
                    shown: "TTL"
                },
                Span::Plain(" and "),
                Span::Term {
                    id: "lease",
                    shown: "lease"
                },
                Span::Plain("."),
            ]
        );
        assert_eq!(spans("open [[ only"), vec![Span::Plain("open [[ only")]);
        assert_eq!(plain("a [[ttl|TTL]]"), "a TTL");
    }

    #[test]
    fn ten_sections_in_order() {
        let c = content();
        assert_eq!(c.lesson.sections.len(), 10);
        for (i, s) in c.lesson.sections.iter().enumerate() {
            assert_eq!(usize::from(s.number), i + 1);
            assert!(
                !s.title.is_empty() && !s.intro.is_empty(),
                "section {}",
                s.number
            );
        }
    }

    #[test]
    fn every_marked_term_has_a_card() {
        let c = content();
        let mut texts: Vec<&str> = Vec::new();
        for s in &c.lesson.sections {
            texts.extend(s.intro.iter().map(String::as_str));
            texts.extend(s.after.iter().map(String::as_str));
        }
        for t in &c.glossary {
            texts.push(&t.text);
            for see in &t.see_also {
                assert!(
                    c.term(see).is_some(),
                    "card {} links to unknown card {see}",
                    t.id
                );
            }
        }
        for q in c.quizzes.which.iter().chain(&c.quizzes.interview) {
            texts.push(&q.why);
        }
        for text in texts {
            for span in spans(text) {
                if let Span::Term { id, .. } = span {
                    assert!(c.term(id).is_some(), "unknown term [[{id}]] in: {text}");
                }
            }
        }
    }
}
