//! The lesson's sections, in order: the one list that the app, the command line, the tests and
//! the benchmarks walk. A section is known by its id (`"ttl"`) everywhere: in `assets/`, in the
//! tests and in file names. Its number is only its place in [`SECTIONS`] (from 1), shown on
//! screen and carried by scenario codes; the lab is the last entry, after the lesson's own
//! sections.
//!
//! A simulation section is one [`Model`] descriptor (see [`model`]): its parameters (a
//! [`Schema`](crate::sim::Schema)), its report for `sim`, its scenario settings, and beside it
//! how its prediction is judged on its model ([`Judged`], see [`judged`]): the model's answer
//! at given settings, the words its prompt is filled with, what the review draws and avoids.
//! The command line builds `sim NAME` from it, scenario codes read and check their values
//! through it, the stage, the review and `review --questions` judge predictions through it,
//! and the window finds each section's page by its id. None of them lists the models.
//!
//! This module and everything under it stand below the command line and the window: they use
//! the models, the runner and the words, and nothing above them (the test
//! `tests/data/layers.rs` holds every module to its place).
//!
//! Adding a simulation section takes four new files and four edits (`tests/toy/run.sh` adds a
//! toy section this way to a scratch copy of the crate and checks the count):
//!
//! 1. a model file, `src/sim/NAME.rs` (its parameters with `param_table!` and their
//!    `impl Schema`, the model itself), and its line `pub mod NAME;` in `src/sim/mod.rs`;
//! 2. its descriptor, `src/sections/models/NAME.rs`: `pub const MODEL: Sim<Params>` naming the
//!    model on the command line, its help line, the settings its review question draws and its
//!    report; and `impl Judged for` its parameters: the model's answer to its prediction (a
//!    [`Truth`](truth::Truth)), the values of its prompt's `{slots}`, and where it differs from
//!    the defaults, when the prompt's story holds, other quantities its review asks, what the
//!    review draws or avoids; and its line `pub mod NAME;` in `src/sections/models/mod.rs`;
//! 3. one line in [`SECTIONS`] here, where it goes in the lesson (before the summary, `next`):
//!    `model("ID", &models::NAME::MODEL, false)`;
//! 4. its page, `src/ui/sections/sNN_ID/mod.rs`: the page's `Experiment` (whose `settings(p)`
//!    hand the stage `ModelParams::new(*p)`), its figure (in `figure.rs` beside it when it is
//!    large) and the type of its headlines, read with
//!    [`section_words::headlines`](crate::lesson::section_words::headlines); and in
//!    `src/ui/sections/mod.rs` its line `pub mod sNN_ID;` and its page's line in the table of
//!    pages, `("ID", || Box::new(sNN_ID::section()))`;
//! 5. its words, `assets/sections/ID.ron` ([`crate::lesson::section_words`]): its text in the
//!    lesson, its speaker notes, its prediction (with the phrases that would give it away), its
//!    headlines' templates and its page's own words (legends, axis titles, buttons, its
//!    parameters' labels), which the build embeds and numbers by the list here;
//! 6. its snapshot images, blessed once (`UPDATE_SNAPSHOTS=1`): the tests that walk this list
//!    draw every section.
//!
//! Counted: four files created (`src/sim/NAME.rs`, `src/sections/models/NAME.rs`,
//! `src/ui/sections/sNN_ID/mod.rs`, `assets/sections/ID.ron`) besides its snapshot images, and
//! four edited (`src/sim/mod.rs`, `src/sections/models/mod.rs`, this file and
//! `src/ui/sections/mod.rs`). No shared word file, no template type and no other list
//! changes: the command line (`sim NAME`), scenario codes, the prediction's judging, the
//! review, the lecture's notes, the app and the tests that walk this list (pictures,
//! accessibility, layout, giveaways) follow from the line here; the tests that recompute each
//! model's answer on their own (`tests/data/judging.rs`, `tests/cli/review.rs`) leave a model
//! they do not know to its own tests. The lesson's length is the minutes its notes plan, added
//! up; what the lesson's own tests state of its shape (its titles in order, the numbers of its
//! quizzes and summary) is the lesson's to update when it grows.
//!
//! # One idea, one name
//!
//! A section's id names its parts too, except where the model says what it simulates rather
//! than what the section asks. Where they differ:
//!
//! | id         | its parts                                                                 |
//! |------------|---------------------------------------------------------------------------|
//! | `why-lock` | model `counter` (`sim counter`, [`crate::sim::counter`]), folder `s01_why_lock` |
//! | `where`    | model `failover` (`sim failover`, [`crate::sim::failover`]); its lock stores are [`crate::sim::failover::Store`] |
//! | `break`    | model `renewal` (`sim renewal`, [`crate::sim::renewal`])                  |
//! | `who`      | [`TextPage::Who`], the systems' cards                                     |
//! | `which`, `interview` | [`QuizId::Which`], [`QuizId::Interview`]                        |
//!
//! `ttl`, `stale`, `fencing`, `next` and `lab` name their parts the same. Across the code,
//! "progress" is only the learner's record (the progress file; a run has a *status* and a
//! fraction *completed*), "Store" only a lock store, "share" only sharing (an
//! amount out of one is a *fraction*), "snapshot" only a test image (what a run makes known
//! is what it has *published*), and a process that freezes *pauses* (the command line's
//! flags keep the word "stall", see [`flags::STALL_MEANS`]). A type name means one thing:
//! [`Kind`] is a section's kind of page (a review item's is an `ItemKind`, an exported file's
//! a `FileKind`); a model's headless run is a [`ModelRun`] (the billing job of section `break`
//! is a `BillingJob`); a prediction's [`Choice`](crate::predict::Choice) is one of its bands
//! (a model's parameter chosen by name, `--store` or `--mode`, is a
//! [`NamedParam`](crate::sim::schema::NamedParam)).

pub mod flags;
pub mod judged;
pub mod model;
pub mod models;
pub mod pairs;
pub mod run;
pub mod settings;
pub mod truth;

pub use judged::{Judged, Measure, ModelParams};
pub use model::{Model, Review, Runs, Sim};
pub use pairs::Pairs;
pub use run::{ModelRun, Report, Run};

/// What kind of page a section is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A seeded simulation of one model: a stage with a prediction, a figure and controls.
    Model(&'static dyn Model),
    /// A quiz from `assets/quizzes.ron`.
    Quiz(QuizId),
    /// Words and cards only.
    Text(TextPage),
    /// Experiments on real lock servers.
    Lab,
}

/// The lesson's quizzes (`assets/quizzes.ron`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuizId {
    /// "Which protection?"
    Which,
    /// "Interview angle"
    Interview,
}

/// The pages of words and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextPage {
    /// "Who lives by this" (section `who`): the systems' cards.
    Who,
    /// "Where to go next": reading, the summary and the review.
    Next,
}

/// One section of the lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Def {
    /// Its id in the assets (`assets/lesson.ron`, `assets/sections/ID.ron`) and in scenario
    /// codes' files; stable.
    pub id: &'static str,
    pub kind: Kind,
    /// The section's words end with a link to the lab, which runs its story on a real server
    /// (section 5 links each store to its own experiment instead).
    pub lab_link: bool,
}

const fn model(id: &'static str, model: &'static dyn Model, lab_link: bool) -> Def {
    Def {
        id,
        kind: Kind::Model(model),
        lab_link,
    }
}

const fn other(id: &'static str, kind: Kind) -> Def {
    Def {
        id,
        kind,
        lab_link: false,
    }
}

/// Every section, in lesson order; the lab last.
pub const SECTIONS: &[Def] = &[
    model("why-lock", &models::counter::MODEL, false),
    model("ttl", &models::ttl::MODEL, false),
    model("stale", &models::stale::MODEL, true),
    model("fencing", &models::fencing::MODEL, false),
    model("where", &models::failover::MODEL, false),
    other("which", Kind::Quiz(QuizId::Which)),
    other("who", Kind::Text(TextPage::Who)),
    other("interview", Kind::Quiz(QuizId::Interview)),
    model("break", &models::renewal::MODEL, true),
    other("next", Kind::Text(TextPage::Next)),
    other("lab", Kind::Lab),
];

/// The section with this number (1 to [`all`]'s length).
pub fn get(number: u8) -> Option<&'static Def> {
    SECTIONS.get(usize::from(number).checked_sub(1)?)
}

/// Every section with its number.
pub fn all() -> impl Iterator<Item = (u8, &'static Def)> {
    (1u8..).zip(SECTIONS.iter())
}

/// How many sections the lesson has before the lab (the ones a lecture walks through).
pub const fn lesson_count() -> u8 {
    // The lab is the last entry.
    SECTIONS.len() as u8 - 1
}

/// The lab's number.
pub const fn lab() -> u8 {
    SECTIONS.len() as u8
}

/// The numbers of the simulation sections, with their models.
pub fn models() -> impl Iterator<Item = (u8, &'static dyn Model)> {
    all().filter_map(|(n, d)| match d.kind {
        Kind::Model(m) => Some((n, m)),
        _ => None,
    })
}

/// The model with this name on the command line, with its section's number.
pub fn model_named(name: &str) -> Option<(u8, &'static dyn Model)> {
    models().find(|(_, m)| m.name() == name)
}

/// The model of the section with this id (`None`: no such section, or not a simulation).
pub fn model_of(id: &str) -> Option<&'static dyn Model> {
    match all().find(|(_, d)| d.id == id)?.1.kind {
        Kind::Model(m) => Some(m),
        _ => None,
    }
}

/// The number of the section with this id.
pub fn number_of(id: &str) -> Option<u8> {
    all().find(|(_, d)| d.id == id).map(|(n, _)| n)
}

/// The number of the section with this id, which must be in the list (a section's own id).
pub fn number(id: &str) -> u8 {
    number_of(id).unwrap_or_else(|| panic!("no section with id {id}"))
}

/// Reads a section's id in an asset (`section: "ttl"`) as the section's number; an id that is
/// not in the list is an error.
pub fn number_by_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let id = <String as serde::Deserialize>::deserialize(d)?;
    number_of(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown section id '{id}'")))
}

/// The id of section `number`.
pub fn id(number: u8) -> Option<&'static str> {
    get(number).map(|d| d.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_matches_the_lesson_data() {
        let lesson = &crate::lesson::content().lesson.sections;
        assert_eq!(lesson.len(), usize::from(lesson_count()));
        for (text, (n, def)) in lesson.iter().zip(all()) {
            assert_eq!((text.number, text.id.as_str()), (n, def.id));
        }
        assert_eq!(get(lab()).map(|d| d.kind), Some(Kind::Lab));
        assert_eq!(get(0), None);
        assert_eq!(get(lab() + 1), None);
    }

    #[test]
    fn every_model_has_one_section() {
        let names: std::collections::BTreeSet<_> = models().map(|(_, m)| m.name()).collect();
        assert_eq!(names.len(), models().count(), "model names are unique");
        for (n, m) in models() {
            assert_eq!(model_named(m.name()).map(|(k, _)| k), Some(n));
            assert_eq!(get(n).map(|d| d.kind), Some(Kind::Model(m)));
        }
        let ids: std::collections::BTreeSet<_> = SECTIONS.iter().map(|d| d.id).collect();
        assert_eq!(ids.len(), SECTIONS.len(), "ids are unique");
        for (n, d) in all() {
            assert_eq!((number_of(d.id), id(n)), (Some(n), Some(d.id)));
        }
    }

    #[test]
    fn assets_name_sections_by_id() {
        #[derive(serde::Deserialize)]
        struct Keyed {
            #[serde(deserialize_with = "number_by_id")]
            section: u8,
        }
        let k: Keyed = ron::from_str(r#"(section: "break")"#).expect("an id");
        assert_eq!(k.section, number("break"));
        assert!(ron::from_str::<Keyed>("(section: 9)").is_err(), "a number");
        assert!(ron::from_str::<Keyed>(r#"(section: "nope")"#).is_err());
        assert_eq!(id(2), Some("ttl"));
    }
}
