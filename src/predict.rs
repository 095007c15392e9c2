//! Predict, then run: the prompts asked before a simulation section shows its result, how a
//! prediction is judged, and the record the progress file keeps of it.
//!
//! The prompts and their bands are data, in each simulation section's own word file
//! (`predictions` in `assets/sections/ID.ron`, see [`Prompt`] for their fields). A prediction is judged
//! against the model's own answer at the settings asked ([`truth`], which each model gives
//! beside its descriptor in the registry: [`crate::sections::Judged`]): the bands that hold
//! the exact value, or that the Monte Carlo interval touches, are right (several may be); a
//! band whose words claim "none" or "all" is a single point, right only where the model's
//! structure fixes the value there.

use std::collections::BTreeMap;

use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::{fmt_count, pct_rounded, trim_num};
use crate::lesson::section_words;

use serde::{Deserialize, Serialize};

pub use crate::sections::ModelParams;
pub use crate::sections::truth::{Fact, RUNS, Truth, Z};

/// The model's answer to the section's own prediction at `settings`.
pub fn truth(settings: &ModelParams) -> Truth {
    settings.truth()
}

/// XP for a first prediction that was right (a band that holds the model's answer).
pub const XP_PER_PREDICTION: u32 = 10;

/// One choice: a label, the band `[lo, hi)` of values it stands for (`lo == hi`: exactly that
/// value, for words that claim "none" or "all"), and why the answer is what it is when this
/// choice is right.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// The label; `{lo}` and `{hi}` are filled from the band in the prompt's unit.
    pub label: String,
    pub lo: f64,
    pub hi: f64,
    /// One sentence on the result when this choice is right (with glossary links); empty:
    /// the prompt's own. It claims nothing that changes with the settings: a sentence that
    /// does is one of `whys`, with the condition under which it is true.
    #[serde(default)]
    pub why: String,
    /// Sentences on the result true only under a condition, tried in order before `why`.
    #[serde(default)]
    pub whys: Vec<Why>,
}

/// A sentence on the result that claims a magnitude or a direction, and the condition under
/// which that claim is true: each named quantity of the model's answer ([`Truth::fact`],
/// `value` for the answer itself) in `[lo, hi)`. Its `{name}` slots are filled from the same
/// quantities, in words.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Why {
    pub when: BTreeMap<String, (f64, f64)>,
    pub text: String,
}

impl Why {
    /// Whether the condition holds for the answer `t` (a quantity it does not have: no).
    pub fn holds(&self, t: &Truth) -> bool {
        self.when
            .iter()
            .all(|(name, &(lo, hi))| t.fact(name).is_some_and(|v| v >= lo && v < hi))
    }
}

/// Where a prompt is asked.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Asked {
    /// In the lesson and, at settings of its own, in the review.
    #[default]
    Both,
    /// In the lesson only: its answer follows from the question's words, or cannot change
    /// with the settings, so the review asks the section's other prompts instead.
    Lesson,
    /// In the review only.
    Review,
}

impl Choice {
    /// A band of one value: its words claim exactly that ("none", "all").
    pub fn point(&self) -> bool {
        self.lo == self.hi
    }

    /// Whether the band holds `v` (a point band only its own value).
    pub fn holds(&self, v: f64) -> bool {
        if self.point() {
            v == self.lo
        } else {
            v >= self.lo && v < self.hi
        }
    }

    /// Whether the closed interval `[lo, hi]` meets the band (a range band only).
    fn touches(&self, lo: f64, hi: f64) -> bool {
        !self.point() && lo <= self.hi && hi >= self.lo
    }
}

/// The unit of a prompt's bands, for the numbers its labels state.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Unit {
    /// The choices are alternatives, not numbers.
    #[default]
    None,
    /// A fraction, stated as a percentage.
    Percent,
    /// Times a day, stated as how often ("every 5 minutes").
    PerDay,
    /// A count.
    Count,
}

/// The prompt of one section, asked before its result is shown (the review asks a section's
/// other prompts). A simulation section lists them in its word file, `predictions: [ … ]`:
///
/// `prompt` may use `{name}` slots filled from the settings asked. `giveaways` (a lesson
/// prompt's) are phrases that would settle the prediction for the reader: the section's words
/// above it never say them (`tests/data/giveaways.rs`). Each choice is a band `[lo, hi)` of the
/// value the section's model gives; `lo == hi` is a band of that one value, for words that
/// claim "none" or "all": it is right only where the model's structure fixes the value there.
/// A label's `{lo}` and `{hi}` are filled from its band in the prompt's `unit` (Percent,
/// PerDay: how often, Count), and its first letter is made a capital. A choice's `why` is one
/// sentence on the result when that choice is right, with `[[term]]` links to the glossary (the
/// prompt's `why` stands for the bands without one); `cases` are the whys the model names for
/// alternatives. A sentence that claims a magnitude or a direction true only at some settings
/// goes in `whys`, each with its condition: `when` gives a range `[lo, hi)` of each named
/// quantity of the model's answer (`value` is the answer itself; the others are the facts each
/// model's judging lists, beside its descriptor in `src/sections/models/`), and the first whose
/// condition holds is shown, else the plain `why`, which claims nothing that changes with the
/// settings. `{name}` slots in a why are filled from the same quantities. `asked`: Lesson (the
/// review asks the section's other prompts instead, as its answer follows from the words or
/// cannot change with the settings), Review, or Both (the default); `measure`: what the model
/// answers it with when not the section's own quantity, another its judging names (LastWrite,
/// InvoicesTwice). `ordered: true` marks bands that are ranges of one quantity, in order: there
/// a neighbour of a right band is "close". `margin`: the spaced review asks only at settings
/// whose value is clear of every cut-off by this factor.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prompt {
    /// The section, by its id in the assets (`"ttl"`), as its number.
    #[serde(deserialize_with = "crate::sections::number_by_id")]
    pub section: u8,
    /// The key of its record in the progress file.
    pub id: String,
    /// The question; `{name}` slots are filled from the settings ([`ModelParams::prompt_values`]).
    pub prompt: String,
    /// Phrases that would settle the prediction for the reader, which the section's words above
    /// it never say (a lesson prompt's; the data tests hold the words to them).
    #[serde(default)]
    pub giveaways: Vec<String>,
    pub choices: Vec<Choice>,
    /// The choices are ordered ranges of one quantity, so a neighbour of a right one is
    /// close; otherwise they are alternatives, and a wrong one is simply wrong.
    #[serde(default)]
    pub ordered: bool,
    #[serde(default)]
    pub unit: Unit,
    /// How near a cut-off a value is too near for the review to ask: within this factor of it.
    #[serde(default = "one")]
    pub margin: f64,
    /// The sentence on the result for a band without a why of its own.
    #[serde(default)]
    pub why: String,
    /// The same, true only under a condition (tried in order before `why`).
    #[serde(default)]
    pub whys: Vec<Why>,
    /// The why of a case the model names ([`Truth::case`]), where one band's why would not do.
    #[serde(default)]
    pub cases: BTreeMap<String, String>,
    /// Where it is asked: in the lesson, in the review, or both.
    #[serde(default)]
    pub asked: Asked,
    /// What the model answers it with: `None`, the section's own quantity; or another of its
    /// model's, by the name the model gives it (`LastWrite`: [`crate::sections::Measure`]).
    #[serde(default, deserialize_with = "measure_name")]
    pub measure: Option<String>,
}

fn one() -> f64 {
    1.0
}

/// A measure's name, written as a bare word (`measure: LastWrite`).
fn measure_name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    struct Name;
    impl serde::de::Visitor<'_> for Name {
        type Value = Option<String>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a measure name")
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(Some(v.to_owned()))
        }
    }
    d.deserialize_identifier(Name)
}

impl Prompt {
    /// Every choice that is right by the model's answer `t`: the ones the model names, for
    /// alternatives; otherwise a point band where the structure fixes the value there, and
    /// every range band that holds the exact value or meets the Monte Carlo interval.
    pub fn right_choices(&self, t: &Truth) -> Vec<usize> {
        if let Some(c) = &t.choices {
            return c.clone();
        }
        self.right_within(t, t.lo, t.hi)
    }

    fn right_within(&self, t: &Truth, lo: f64, hi: f64) -> Vec<usize> {
        let fixed_point = |v: f64| self.choices.iter().any(|c| c.point() && c.lo == v);
        (0..self.choices.len())
            .filter(|&i| {
                let c = &self.choices[i];
                if c.point() {
                    t.fixed == Some(c.lo)
                } else if t.fixed.is_some_and(fixed_point) {
                    false
                } else if t.exact && lo == hi {
                    c.holds(lo)
                } else {
                    c.touches(lo, hi)
                }
            })
            .collect()
    }

    /// The one band the answer lies in, clear of every cut-off by the prompt's margin (and its
    /// interval); `None` when it lies near a cut-off or several choices are right.
    pub fn settled(&self, t: &Truth) -> Option<usize> {
        let right = self.right_choices(t);
        if t.choices.is_some() || t.fixed.is_some() {
            return (right.len() == 1).then(|| right[0]);
        }
        let wide = self.right_within(t, t.lo / self.margin, t.hi * self.margin);
        (wide.len() == 1 && right == wide).then(|| wide[0])
    }

    /// How `choice` compares with the right choices.
    pub fn judge(&self, choice: usize, right: &[usize]) -> Judgement {
        if right.contains(&choice) {
            Judgement::Right
        } else if self.ordered && right.iter().any(|r| r.abs_diff(choice) == 1) {
            Judgement::Close
        } else {
            Judgement::Wrong
        }
    }

    /// How `choice` compares with the right choice `right` (`None`: none was known).
    pub fn judge_against(&self, choice: usize, right: Option<usize>) -> Judgement {
        self.judge(choice, right.as_slice())
    }

    /// The right choice to name: the band that holds the value, else the first right one.
    pub fn named(&self, t: &Truth, right: &[usize]) -> Option<usize> {
        right
            .iter()
            .copied()
            .find(|&r| self.choices[r].holds(t.value))
            .or(right.first().copied())
    }

    /// Why the answer is what it is, its slots filled from the answer: the model's case, or
    /// the named right band's why (its first whose condition holds, else its plain one).
    pub fn why(&self, t: &Truth, right: &[usize]) -> String {
        let text = t
            .case
            .and_then(|c| self.cases.get(c))
            .map(String::as_str)
            .or_else(|| self.named(t, right).map(|r| self.why_at(r, t)))
            .unwrap_or("");
        let values: Vec<(&str, String)> =
            t.facts.iter().map(|f| (f.name, f.text.clone())).collect();
        crate::lesson::fill(text, &values)
    }

    /// The why of choice `i` when it is right with the answer `t`, slots unfilled: the first of
    /// its own conditional sentences that holds, else its plain one, else the prompt's (its
    /// conditional ones first).
    pub fn why_at(&self, i: usize, t: &Truth) -> &str {
        if let Some(c) = self.choices.get(i) {
            if let Some(w) = c.whys.iter().find(|w| w.holds(t)) {
                return &w.text;
            }
            if !c.why.is_empty() {
                return &c.why;
            }
        }
        self.whys
            .iter()
            .find(|w| w.holds(t))
            .map_or(&self.why, |w| &w.text)
    }

    /// Every sentence that can be shown as the why of choice `i` (slots unfilled).
    pub fn whys_of(&self, i: usize) -> Vec<&str> {
        let Some(c) = self.choices.get(i) else {
            return Vec::new();
        };
        let own = c.whys.iter().map(|w| w.text.as_str());
        let rest: Vec<&str> = if c.why.is_empty() {
            self.whys
                .iter()
                .map(|w| w.text.as_str())
                .chain([self.why.as_str()])
                .collect()
        } else {
            vec![c.why.as_str()]
        };
        own.chain(rest).filter(|w| !w.is_empty()).collect()
    }

    /// The plain why of choice `i`: its own, or the prompt's.
    pub fn why_of(&self, i: usize) -> &str {
        match self.choices.get(i) {
            Some(c) if !c.why.is_empty() => &c.why,
            _ => &self.why,
        }
    }

    /// Whether the prompt is asked in the lesson.
    pub fn in_lesson(&self) -> bool {
        self.asked != Asked::Review
    }

    /// Whether the prompt is asked in the review.
    pub fn in_review(&self) -> bool {
        self.asked != Asked::Lesson
    }

    /// The model's answer to this prompt at `settings`.
    pub fn truth(&self, settings: &ModelParams) -> Truth {
        settings
            .truth_of(self.measure.as_deref())
            .unwrap_or_else(|| panic!("{}: its model has no {:?}", self.id, self.measure))
    }

    /// Whether this prompt's words are true of `settings`.
    pub fn fits(&self, settings: &ModelParams) -> bool {
        settings.fits(self.measure.as_deref())
    }

    /// The right choice to keep for `chosen`: itself when it is right, else the right one
    /// nearest to it (the named one when nothing was chosen).
    pub fn pick(&self, t: &Truth, right: &[usize], chosen: Option<usize>) -> Option<usize> {
        match chosen {
            Some(c) if right.contains(&c) => Some(c),
            Some(c) => right.iter().copied().min_by_key(|r| r.abs_diff(c)),
            None => self.named(t, right),
        }
    }

    /// The labels of `right`, as one phrase ("“A” or “B”").
    pub fn labels(&self, right: &[usize]) -> Vec<&str> {
        right
            .iter()
            .filter_map(|&r| self.choices.get(r))
            .map(|c| c.label.as_str())
            .collect()
    }

    /// Fills `{lo}` and `{hi}` in the labels from the bands, in the prompt's unit (a label that
    /// starts with one starts with a capital).
    fn state_ranges(&mut self) {
        let unit = self.unit;
        for c in &mut self.choices {
            let values = [("lo", unit.show(c.lo)), ("hi", unit.show(c.hi))];
            let label = crate::lesson::fill(&c.label, &values);
            let mut chars = label.chars();
            c.label = chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
        }
    }
}

impl Unit {
    /// A band's edge in words.
    pub fn show(self, v: f64) -> String {
        match self {
            Unit::None => String::new(),
            Unit::Percent => pct_rounded(v, 2),
            Unit::Count if v >= 1_000.0 => fmt_count(v),
            Unit::Count => trim_num(v),
            Unit::PerDay => crate::lesson::review_words::every(v),
        }
    }
}

/// How a prediction compares with the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The chosen band holds the model's answer.
    Right,
    /// One band off, on a prompt whose bands are ordered ranges.
    Close,
    Wrong,
}

/// Every prompt the lesson asks, one per simulation section (parsed on first use).
pub fn prompts() -> &'static [Prompt] {
    static LESSON: PerLanguage<Vec<Prompt>> = PerLanguage::new();
    LESSON.get(|_| {
        all_prompts()
            .iter()
            .filter(|p| p.in_lesson())
            .cloned()
            .collect()
    })
}

/// Every prompt, the review's own among them, in lesson order (parsed on first use).
pub fn all_prompts() -> &'static [Prompt] {
    #[derive(Deserialize)]
    struct Own {
        #[serde(default)]
        predictions: Vec<Prompt>,
    }
    static PROMPTS: PerLanguage<Vec<Prompt>> = PerLanguage::new();
    PROMPTS.get(|_| {
        let mut all: Vec<Prompt> = section_words::parts::<Own>()
            .into_iter()
            .flat_map(|(_, own)| own.predictions)
            .collect();
        for p in &mut all {
            p.state_ranges();
        }
        all
    })
}

/// The prompt a section asks in the lesson, if it has one.
pub fn prompt_for(section: u8) -> Option<&'static Prompt> {
    prompts().iter().find(|p| p.section == section)
}

/// The prompts the review asks of a section's prediction, in order.
pub fn review_prompts(section: u8) -> impl Iterator<Item = &'static Prompt> {
    all_prompts()
        .iter()
        .filter(move |p| p.section == section && p.in_review())
}

/// What the progress file keeps of a prediction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The choice made, counted from 0; `None` when the learner chose "Just show me".
    pub choice: Option<usize>,
    /// The right choice for the run it was checked against: the one chosen when it was one of
    /// the right ones (several can be), else the right one nearest to it ([`Prompt::pick`]).
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
    fn every_simulation_section_has_one_prompt_with_its_bands() {
        for (section, _) in crate::sections::models() {
            let p = prompt_for(section).unwrap_or_else(|| panic!("section {section}"));
            assert!(p.choices.len() >= 3, "section {section}");
            for c in &p.choices {
                assert!(c.lo <= c.hi, "{}: {}", p.id, c.label);
            }
            // No two range bands overlap: one value lies in one band.
            let ranges: Vec<_> = p.choices.iter().filter(|c| !c.point()).collect();
            for (i, a) in ranges.iter().enumerate() {
                for b in &ranges[i + 1..] {
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
    fn every_prompt_asks_a_quantity_its_model_has() {
        for p in all_prompts() {
            let id = crate::sections::id(p.section).expect("its section");
            let s = ModelParams::lesson(id).unwrap_or_else(|| panic!("{}: no model", p.id));
            assert_eq!(s.section_id(), id);
            assert!(s.truth_of(p.measure.as_deref()).is_some(), "{}", p.id);
        }
    }

    #[test]
    fn the_band_holding_the_value_is_right_and_a_point_band_only_where_fixed() {
        let p = prompt_for(1).unwrap();
        let exact = |v: f64| Truth {
            value: v,
            lo: v,
            hi: v,
            exact: true,
            fixed: None,
            choices: None,
            case: None,
            text: String::new(),
            facts: Vec::new(),
        };
        assert_eq!(p.right_choices(&exact(0.335)), vec![4]);
        assert_eq!(
            p.right_choices(&exact(0.6)),
            vec![2],
            "bands include their low end"
        );
        // "All of them" only where the structure fixes every increment counted.
        assert_eq!(p.right_choices(&exact(1.0)), Vec::<usize>::new());
        let all = Truth {
            fixed: Some(1.0),
            ..exact(1.0)
        };
        assert_eq!(p.right_choices(&all), vec![0]);
        // A Monte Carlo interval: every band it meets.
        let wide = Truth {
            lo: 0.55,
            hi: 0.65,
            exact: false,
            ..exact(0.6)
        };
        assert_eq!(p.right_choices(&wide), vec![2, 3]);
        assert_eq!(p.settled(&wide), None, "near a cut-off");
        assert_eq!(p.settled(&exact(0.2)), Some(4));
        assert_eq!(p.settled(&exact(0.59)), None, "within the margin of 0.6");
        assert_eq!(p.judge(3, &[2, 3]), Judgement::Right);
        assert_eq!(p.judge(4, &[2, 3]), Judgement::Close);
        assert_eq!(p.judge(0, &[2, 3]), Judgement::Wrong);
        assert_eq!(p.pick(&wide, &[2, 3], Some(0)), Some(2));
        assert_eq!(p.pick(&wide, &[2, 3], Some(3)), Some(3));
    }

    #[test]
    fn labels_state_the_range_they_cover() {
        let p = prompt_for(1).unwrap();
        assert_eq!(
            p.choices[2].label,
            "Most, but clearly not all: 60\u{a0}% to 90\u{a0}%"
        );
        for p in prompts() {
            for (i, c) in p.choices.iter().enumerate() {
                assert!(!c.label.contains('{'), "{}: {}", p.id, c.label);
                assert!(!p.why_of(i).is_empty(), "{}: {}", p.id, c.label);
            }
            if p.ordered {
                // Every range band states at least one of its edges in numbers.
                for c in p.choices.iter().filter(|c| !c.point()) {
                    assert!(c.label.chars().any(|ch| ch.is_ascii_digit()), "{}", c.label);
                }
            }
        }
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
