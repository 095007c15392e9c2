//! The lesson's screens: one file per section behind the [`Section`] trait, and the shared
//! widgets they are built from.

pub mod a11y;
pub mod export;
pub mod fmt;
pub mod glossary;
pub mod keymap;
pub mod lab_page;
pub mod lab_timeline;
pub mod lecture;
pub mod mc_stream;
pub mod overlay;
pub mod pager;
pub mod pairs;
pub mod playback;
pub mod playlist;
pub mod plot;
pub mod pointer;
pub mod predictions;
pub mod presenter;
pub mod quiz;
pub mod s01_why_lock;
pub mod s02_ttl;
pub mod s03_stale;
pub mod s04_fencing;
pub mod s04_ladder;
pub mod s05_histogram;
pub mod s05_where;
pub mod s07_who;
pub mod s09_bars;
pub mod s09_break;
pub mod s10_next;
pub mod section_list;
pub mod share;
pub mod slide;
pub mod stage;
pub mod text_section;
pub mod tools;
pub mod topbar;
pub mod widgets;
pub mod xp;

use crate::lesson::{self, SectionText};
use crate::runner::Runner;

/// Something a section asks the app to do (the app applies it after the frame).
#[derive(Clone, Debug, PartialEq)]
pub enum AppEvent {
    /// Open the plain-language card of a glossary term.
    OpenTerm(String),
    /// Go to a section (1-10).
    GoTo(u8),
}

/// What a section may use while drawing.
pub struct Cx<'a> {
    pub runner: &'a Runner,
    pub events: &'a mut Vec<AppEvent>,
    /// Projector mode: larger marks, thicker lines.
    pub lecture: bool,
    /// Show final states instead of animations.
    pub reduced_motion: bool,
    /// Shortcuts pressed this frame that belong to the section (see [`keymap`]); the app has
    /// already consumed their key presses.
    pub actions: &'a [keymap::Action],
    /// The learner's answers and XP, saved to the progress file.
    pub progress: &'a mut crate::progress::Store,
    /// Simulation sections ask for a prediction before their first result.
    pub predictions: bool,
    /// Drawing a slide-ready figure (see [`slide`]): no buttons, no hints about the mouse.
    pub slide: bool,
}

impl Cx<'_> {
    pub fn emit(&mut self, event: AppEvent) {
        self.events.push(event);
    }
}

/// One lesson section. The app draws the title, the introduction and the closing
/// paragraphs from `assets/lesson.ron`; the section draws everything in between.
pub trait Section {
    /// Its number, 1-10 (its place in the lesson and in `assets/lesson.ron`).
    fn number(&self) -> u8;

    /// Draws the interactive part, the headline and the "how this is computed" note.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>);

    /// The section's words.
    fn text(&self) -> &'static SectionText {
        lesson::content().section(self.number())
    }

    fn title(&self) -> &'static str {
        &self.text().title
    }

    /// True when the section draws its whole page (title and words included): the
    /// simulation sections, built on the [`stage`]. Otherwise the app draws the title, the
    /// introduction and the closing words around [`Section::ui`].
    fn whole_page(&self) -> bool {
        false
    }

    /// The computed headline as plain text (also the text description of the section's plot
    /// for screen readers). `None` while results are still coming in, or for text-only sections.
    fn summary(&self) -> Option<String> {
        None
    }

    /// The parameters and seed that reproduce what is on screen, as `key=value` pairs, for
    /// scenario codes. `None` when the section has nothing to share.
    fn scenario(&self) -> Option<Vec<(String, String)>> {
        None
    }

    /// Applies pairs produced by [`Section::scenario`]. Must change nothing and return a clear
    /// message when any pair is unknown, malformed or out of range.
    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let _ = pairs;
        Err("this section has no settings to share".into())
    }

    /// A clicker's Page Down (`forward`) or Page Up, before the app changes section: a
    /// section with build steps (a quiz's reveal and next question, a story's moments) shows
    /// its next or previous step and returns true. False, the default, lets the app move on.
    fn step(&mut self, forward: bool, lecture: bool) -> bool {
        let _ = (forward, lecture);
        false
    }

    /// Page Down or Page Up has just opened this section, from the section before it
    /// (`at_end` false) or after it: a section with build steps starts at its first step or
    /// its last, as a slide deck does.
    fn arrive(&mut self, at_end: bool, lecture: bool) {
        let _ = (at_end, lecture);
    }

    /// What the audience window of the presenter view shows: the title, the headline and the
    /// stage, without the words. By default the title and the interactive part.
    fn audience(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        let text = self.text();
        pager::column(ui, ("audience", text.number), true, |ui| {
            stage::layout::title(ui, text, true);
            self.ui(ui, cx);
        });
    }

    /// What the presenter's console shows and the audience must not see yet (a quiz's answer
    /// before the reveal).
    fn lecturer_only(&self) -> Option<String> {
        None
    }

    /// The data behind the section's main plot as CSV (header line first).
    fn csv(&self) -> Option<String> {
        None
    }

    /// Where the main plot was drawn in the last frame, in points, with its axes, their
    /// labels and the legend (the area a PNG export saves).
    fn plot_rect(&self) -> Option<egui::Rect> {
        None
    }

    /// Draws the section's slide (see [`slide::show`]) and returns true; false when the
    /// section has no figure.
    fn slide(&mut self, _ui: &mut egui::Ui, _cx: &mut Cx<'_>) -> bool {
        false
    }
}

/// Every section, in lesson order.
pub fn all_sections() -> Vec<Box<dyn Section>> {
    all_sections_with(lab_page::LabPage::new())
}

/// How each section of the lesson is made, in lesson order: one entry per section, so a
/// section number can never fall through to a fallback (a test holds the count to the
/// lesson's data).
pub const SECTIONS: [fn() -> Box<dyn Section>; 10] = [
    || Box::new(s01_why_lock::section()),
    || Box::new(s02_ttl::section()),
    || Box::new(s03_stale::section()),
    || Box::new(s04_fencing::section()),
    || Box::new(s05_where::section()),
    || {
        Box::new(quiz::QuizSection::new(
            &crate::lesson::content().quizzes.which,
        ))
    },
    || Box::new(s07_who::Who::new()),
    || {
        Box::new(quiz::QuizSection::new(
            &crate::lesson::content().quizzes.interview,
        ))
    },
    || Box::new(s09_break::section()),
    || Box::new(s10_next::Next::new()),
];

/// Every section, with the lab page as given (its server may come from the command line).
pub fn all_sections_with(lab: lab_page::LabPage) -> Vec<Box<dyn Section>> {
    SECTIONS
        .iter()
        .map(|make| make())
        // The lab comes after the lesson's sections: reachable from the section list and the
        // links in sections 3, 5 and 9, never by turning pages.
        .chain(std::iter::once(Box::new(lab) as Box<dyn Section>))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_section_per_number_of_the_lesson() {
        assert_eq!(SECTIONS.len(), usize::from(crate::lesson::section_count()));
        for (i, make) in SECTIONS.iter().enumerate() {
            let section = make();
            assert_eq!(usize::from(section.number()), i + 1);
        }
    }
}
