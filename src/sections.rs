//! The lesson's sections, in order: the one list that the app, the command line, the tests and
//! the benchmarks walk. A section's number is its place in [`SECTIONS`] (from 1); the lab is the
//! last entry, after the lesson's own sections.
//!
//! Adding a simulation section takes a model file (`src/sim/`), a section folder
//! (`src/ui/sections/`), one line here and its words in `assets/`.

use crate::sim::Model;

/// What kind of page a section is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A seeded simulation of one model: a stage with a prediction, a figure and controls.
    Model(Model),
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
    /// "Who lives by this": the systems' cards.
    Systems,
    /// "Where to go next": reading, the summary and the review.
    Next,
}

/// One section of the lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Def {
    /// Its id in `assets/lesson.ron` and in scenario codes' files; stable.
    pub id: &'static str,
    pub kind: Kind,
    /// The section's words end with a link to the lab, which runs its story on a real server
    /// (section 5 links each store to its own experiment instead).
    pub lab_link: bool,
}

const fn model(id: &'static str, model: Model, lab_link: bool) -> Def {
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
pub const SECTIONS: [Def; 11] = [
    model("why-lock", Model::Counter, false),
    model("ttl", Model::Ttl, false),
    model("stale", Model::Stale, true),
    model("fencing", Model::Fencing, false),
    model("where", Model::Failover, false),
    other("which", Kind::Quiz(QuizId::Which)),
    other("who", Kind::Text(TextPage::Systems)),
    other("interview", Kind::Quiz(QuizId::Interview)),
    model("break", Model::Renewal, true),
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
pub fn models() -> impl Iterator<Item = (u8, Model)> {
    all().filter_map(|(n, d)| match d.kind {
        Kind::Model(m) => Some((n, m)),
        _ => None,
    })
}

/// The section that runs this model.
pub fn of_model(model: Model) -> u8 {
    models()
        .find(|&(_, m)| m == model)
        .map(|(n, _)| n)
        .expect("every model has a section")
}

/// The number of the section with this id.
pub fn number_of(id: &str) -> Option<u8> {
    all().find(|(_, d)| d.id == id).map(|(n, _)| n)
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
        for m in Model::ALL {
            assert_eq!(models().filter(|&(_, x)| x == m).count(), 1, "{m:?}");
            assert_eq!(get(of_model(m)).map(|d| d.kind), Some(Kind::Model(m)));
        }
        let ids: std::collections::BTreeSet<_> = SECTIONS.iter().map(|d| d.id).collect();
        assert_eq!(ids.len(), SECTIONS.len(), "ids are unique");
        assert_eq!(number_of("break"), Some(9));
    }
}
