//! Section 7's cards (`assets/systems.ron`): each system, the question asked before its card
//! opens, and the Redlock debate's two sides.

use serde::Deserialize;

/// A card of section 7, "Who lives by this".
#[derive(Clone, Debug, Deserialize)]
pub struct SystemCard {
    pub id: String,
    pub name: String,
    pub tagline: String,
    pub points: Vec<String>,
    /// How many of the points each of its facts slides shows in a lecture, in order (they
    /// add up to the points' count): a card's facts are split where they are written, each
    /// slide written to fit at every supported type.
    pub slides: Vec<usize>,
    /// What plays the fencing-token role there.
    pub fencing_role: String,
    /// The question the learner answers before the card opens.
    pub ask: SystemAsk,
    /// The two positions of a debate, side by side, and the lesson's own conclusion (the
    /// Redlock card only).
    #[serde(default)]
    pub debate: Option<Debate>,
}

/// "Where is its fencing token?": plausible places, one of them right.
#[derive(Clone, Debug, Deserialize)]
pub struct SystemAsk {
    pub question: String,
    pub options: Vec<String>,
    /// The right option, counted from 0.
    pub correct: usize,
    /// Why, said after any answer.
    pub why: String,
    /// Why each option is not the answer, in the options' order (empty for the right one):
    /// said when the class or the learner chose it.
    #[serde(default)]
    pub wrong: Vec<String>,
}

/// A debate: each side's position and what it is right about, then the lesson's conclusion.
#[derive(Clone, Debug, Deserialize)]
pub struct Debate {
    pub sides: Vec<DebateSide>,
    pub conclusion: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DebateSide {
    pub who: String,
    pub position: String,
    pub right_about: String,
}
