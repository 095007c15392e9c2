//! The sentences the sections fill from their runs: section 3's story, section 10's computed
//! headline and section 9's words, each a struct whose every field the asset must have.

use serde::Deserialize;

/// Section 3's story, told one event at a time, and its outcomes. `{name}` slots are filled
/// from the model's constants and results (see [`fill`](super::fill)).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaleStory {
    /// Slots: `{time}`, `{sentences}`.
    pub caption: String,
    /// Slots: `{token}` in the grant, expiry, release and write sentences; `{who}` in
    /// `wrote`; `{highest}` in `refused`.
    pub granted_a: String,
    pub granted_b: String,
    pub granted_b_after_expiry: String,
    pub paused: String,
    pub resumed_in_lease: String,
    pub resumed_late: String,
    pub expired: String,
    pub released: String,
    pub wrote: String,
    pub applied: String,
    pub applied_over_newer: String,
    pub refused: String,
    /// The headline per outcome.
    pub outcome: StaleOutcomes,
    /// The same on a slide, in short (the lecturer's notes say the rest).
    pub slide: StaleOutcomes,
    /// The timeline's labels on A's lease and at its end. Slot: `{token}`.
    pub lease_label: String,
    pub lease_ends_label: String,
    /// Slot: `{work}`.
    pub fixed_script: String,
}

/// The computed sentences of the sections without a word file of their own
/// (`assets/headlines.ron`): templates whose `{name}` slots the sections fill from their runs
/// with [`fill`](super::fill). A simulation section's are in its own word file, their type
/// beside its page ([`super::section_words::headlines`]).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Headlines {
    pub predictions: PredictionWords,
}

/// Section 10's count of the predictions that were right, by the number right (one, or any
/// other). Slots: `{right}`, `{whose}` ("your", "the class's"), `{made}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictionWords {
    pub right_one: String,
    pub right_many: String,
    /// Where one prediction was made: right or not (the same slots).
    pub only_one_right: String,
    pub only_one_wrong: String,
}

/// Section 3's headline per outcome. Slots: `{pause}`, `{ttl}`, `{a}` and `{b}` (A's and B's
/// write times), `{token_a}`, `{token_b}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaleOutcomes {
    pub not_paused: String,
    pub no_overlap: String,
    pub overwritten: String,
    pub rejected: String,
    pub overlap_harmless: String,
}

impl StaleOutcomes {
    /// Every sentence, in file order.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        vec![
            &mut self.not_paused,
            &mut self.no_overlap,
            &mut self.overwritten,
            &mut self.rejected,
            &mut self.overlap_harmless,
        ]
    }
}

impl Headlines {
    /// Every sentence, in file order.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        let p = &mut self.predictions;
        vec![
            &mut p.right_one,
            &mut p.right_many,
            &mut p.only_one_right,
            &mut p.only_one_wrong,
        ]
    }
}

/// Section 9's words around its run (see `assets/break_story.ron` for the slots).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakStory {
    /// The headline per defence. Slots: `{lost}`, `{runs}`, `{share}`, `{over_newer}`,
    /// `{ttl}`, `{none_lost}`, `{renewal_lost}`, `{twice}`, `{wasted}`.
    pub none: String,
    pub renewal: String,
    pub fencing: String,
    pub idempotent: String,
    pub all: String,
    /// The same on a slide, in short (the lecturer's notes say the rest); the same slots.
    pub slide: BreakHeadlines,
    /// The four bars of each defence, in order, as the figure and its key name them.
    pub ran_twice: String,
    pub over_newer: String,
    pub invoices_twice: String,
    pub wasted: String,
    /// What a screen reader hears for the defences' figure.
    pub bars_description: String,
    pub lengths_title: String,
    pub lengths_caption: String,
    /// Slots: `{mode}`, `{lost}`, `{runs}`, `{share}`, `{lo}`, `{hi}`, `{exact}`,
    /// `{over_newer}`, `{exact_over_newer}`.
    pub details: String,
}

/// Section 9's headline per defence on a slide.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakHeadlines {
    pub none: String,
    pub renewal: String,
    pub fencing: String,
    pub idempotent: String,
    pub all: String,
}

impl BreakStory {
    /// Every text, in file order.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        vec![
            &mut self.none,
            &mut self.renewal,
            &mut self.fencing,
            &mut self.idempotent,
            &mut self.all,
            &mut self.slide.none,
            &mut self.slide.renewal,
            &mut self.slide.fencing,
            &mut self.slide.idempotent,
            &mut self.slide.all,
            &mut self.ran_twice,
            &mut self.over_newer,
            &mut self.invoices_twice,
            &mut self.wasted,
            &mut self.bars_description,
            &mut self.lengths_title,
            &mut self.lengths_caption,
            &mut self.details,
        ]
    }
}
