//! Predict, then run: the prompts asked before a simulation section shows its result, how a
//! prediction is judged against the run, and the record the progress file keeps of it.
//!
//! The prompts and their bands are data (`assets/predictions.ron`). Whether a prediction was
//! close is decided from the run at the settings on screen: the right choice is the band that
//! holds the value the section's run reports, never a number typed in.

use crate::lesson::language::{self, PerLanguage};

use serde::{Deserialize, Serialize};

/// XP for a first prediction that was right (the band that holds the run's value).
pub const XP_PER_PREDICTION: u32 = 10;

/// One choice: a label and the band `[lo, hi)` of values it stands for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub label: String,
    pub lo: f64,
    pub hi: f64,
}

impl Choice {
    pub fn holds(&self, v: f64) -> bool {
        v >= self.lo && v < self.hi
    }
}

/// The prompt of one section.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prompt {
    /// The section, by its id in the assets (`"ttl"`), as its number.
    #[serde(deserialize_with = "crate::sections::number_by_id")]
    pub section: u8,
    /// The key of its record in the progress file.
    pub id: String,
    /// The question; `{name}` slots are filled by the section from its settings.
    pub prompt: String,
    pub choices: Vec<Choice>,
    /// One sentence on why the result is what it is (with glossary links).
    pub why: String,
    /// The choices are ordered ranges of one quantity, so a neighbour of the right one is
    /// close; otherwise they are alternatives, and a wrong one is simply wrong.
    #[serde(default)]
    pub ordered: bool,
}

impl Prompt {
    /// The choice whose band holds `observed` (`None` when no band does).
    pub fn right_choice(&self, observed: f64) -> Option<usize> {
        self.choices.iter().position(|c| c.holds(observed))
    }

    /// How `choice` compares with the run's value.
    pub fn judge(&self, choice: usize, observed: f64) -> Judgement {
        self.judge_against(choice, self.right_choice(observed))
    }

    /// How `choice` compares with the right choice `right` (`None`: no band holds the run).
    pub fn judge_against(&self, choice: usize, right: Option<usize>) -> Judgement {
        match right {
            Some(r) if r == choice => Judgement::Right,
            Some(r) if self.ordered && r.abs_diff(choice) == 1 => Judgement::Close,
            _ => Judgement::Wrong,
        }
    }

    /// How far `choice` is from the right one, in choices (0: right).
    pub fn miss(&self, choice: usize, observed: f64) -> usize {
        self.right_choice(observed)
            .map_or(self.choices.len(), |r| r.abs_diff(choice))
    }
}

/// How a prediction compares with the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The chosen band holds the run's value.
    Right,
    /// One band off, on a prompt whose bands are ordered ranges.
    Close,
    Wrong,
}

/// Every prompt (parsed on first use).
pub fn prompts() -> &'static [Prompt] {
    static PROMPTS: PerLanguage<Vec<Prompt>> = PerLanguage::new();
    PROMPTS.get(|_| {
        ron::from_str(&language::asset(include_str!("../assets/predictions.ron")))
            .unwrap_or_else(|e| panic!("assets/predictions.ron is malformed: {e}"))
    })
}

/// The prompt of a section, if it has one.
pub fn prompt_for(section: u8) -> Option<&'static Prompt> {
    prompts().iter().find(|p| p.section == section)
}

/// What the progress file keeps of a prediction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The choice made, counted from 0; `None` when the learner chose "Just show me".
    pub choice: Option<usize>,
    /// The right choice for the run it was checked against.
    pub right: Option<usize>,
    /// The run's value, and the same in words as it was shown.
    pub observed: f64,
    pub observed_text: String,
    /// When it was made, in ms since the Unix epoch (the earlier record wins a merge).
    pub at: u64,
}

impl Record {
    /// A prediction whose choice was the right one.
    pub fn close(&self) -> bool {
        self.choice.is_some() && self.choice == self.right
    }

    /// Choices between the prediction and the right one (0 when close, none when skipped).
    pub fn miss(&self) -> Option<usize> {
        Some(self.choice?.abs_diff(self.right?))
    }

    /// Merges another window's record of the same prompt: only the first prediction counts.
    pub fn merge(&mut self, other: &Record) {
        if (other.at, other.choice.is_none()) < (self.at, self.choice.is_none()) {
            *self = other.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_simulation_section_has_one_prompt_with_ordered_bands() {
        for (section, _) in crate::sections::models() {
            let p = prompt_for(section).unwrap_or_else(|| panic!("section {section}"));
            assert!(p.choices.len() >= 3, "section {section}");
            for c in &p.choices {
                assert!(c.lo < c.hi, "{}: {}", p.id, c.label);
            }
            // No two bands overlap, so exactly one choice can be right.
            for (i, a) in p.choices.iter().enumerate() {
                for b in &p.choices[i + 1..] {
                    assert!(a.hi <= b.lo || b.hi <= a.lo, "{}: overlapping bands", p.id);
                }
            }
        }
        let mut ids: Vec<_> = prompts().iter().map(|p| &p.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), prompts().len(), "ids are unique");
    }

    #[test]
    fn the_band_holding_the_value_is_right() {
        let p = prompt_for(1).unwrap();
        assert_eq!(p.right_choice(1.0), Some(0), "all counted");
        assert_eq!(p.right_choice(0.335), Some(4));
        assert_eq!(p.right_choice(0.6), Some(2), "bands include their low end");
        assert_eq!(p.right_choice(-1.0), None);
        assert_eq!(p.miss(4, 0.335), 0);
        assert_eq!(p.miss(0, 0.335), 4);
    }

    #[test]
    fn the_first_prediction_wins_a_merge() {
        let first = Record {
            choice: Some(1),
            right: Some(1),
            observed: 2.0,
            observed_text: "2".into(),
            at: 10,
        };
        let later = Record {
            choice: Some(3),
            at: 20,
            ..first.clone()
        };
        let mut a = later.clone();
        a.merge(&first);
        assert_eq!(a, first);
        let mut b = first.clone();
        b.merge(&later);
        assert_eq!(b, first);
        assert!(first.close() && !later.close());
        assert_eq!(later.miss(), Some(2));
        let skipped = Record {
            choice: None,
            ..first.clone()
        };
        assert!(!skipped.close());
        assert_eq!(skipped.miss(), None);
    }
}
