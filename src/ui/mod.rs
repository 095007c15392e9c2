//! The lesson's screens: one folder per section behind the [`Section`] trait (`sections/`),
//! the stage every simulation section stands on, and the shared widgets they are built from.

pub mod kit;
pub mod review;
pub mod sections;
pub mod share;
pub mod shell;
pub mod stage;

use crate::lesson::{self, SectionText};
use crate::runner::Runner;
use crate::sections::{Def, Kind, TextPage};

/// Something a section asks the app to do (the app applies it after the frame).
#[derive(Clone, Debug, PartialEq)]
pub enum AppEvent {
    /// Open the plain-language card of a glossary term.
    OpenTerm(String),
    /// Go to a section (1-10).
    GoTo(u8),
    /// Go to the lab and show one of its experiments (by id, e.g. `redlock`).
    OpenLab(String),
}

/// What a section may use while drawing.
pub struct Cx<'a> {
    pub runner: &'a Runner,
    pub events: &'a mut Vec<AppEvent>,
    /// Projector mode: larger marks, thicker lines.
    pub lecture: bool,
    /// Show final states instead of animations.
    pub reduced_motion: bool,
    /// Shortcuts pressed this frame that belong to the section (see [`shell::keymap`]); the app has
    /// already consumed their key presses.
    pub actions: &'a [shell::keymap::Action],
    /// The learner's answers and XP, saved to the progress file.
    pub progress: &'a mut crate::progress::ProgressFile,
    /// Simulation sections ask for a prediction before their first result.
    pub predictions: bool,
    /// Drawing a slide-ready figure (see [`Present::slide`]): no buttons, no hints about the
    /// mouse.
    pub slide: bool,
}

impl Cx<'_> {
    pub fn emit(&mut self, event: AppEvent) {
        self.events.push(event);
    }

    /// Marks section `n` finished and saves it (learners only: nothing is scored in lecture
    /// mode).
    pub fn mark_done(&mut self, n: u8) {
        if !self.lecture && !self.slide && !self.progress.get().finished(n) {
            self.progress
                .update(|p| p.mark_done(n, crate::progress::now_ms()));
        }
    }
}

/// One lesson page, and what every page has: its number, its words, its drawing and its
/// headline. What only some pages do, a page says it offers ([`Section::offers`]), and it is
/// asked for through a capability: [`Section::share`] (scenario codes, the figure's data and
/// its area) and [`Section::present`] (a lecture's builds, the presenter view and slides); a
/// page without one answers `None`.
///
/// The app draws the title, the introduction and the closing paragraphs from
/// `assets/lesson.ron`; the section draws everything in between.
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

    /// Whether a page the app draws around [`Section::ui`] is finished once read to its end
    /// (sections with something to do say `false` and mark themselves, see [`Cx::mark_done`]).
    fn done_by_reading(&self) -> bool {
        true
    }

    /// The computed headline as plain text (also the text description of the section's plot
    /// for screen readers). `None` while results are still coming in, or for text-only sections.
    fn summary(&self) -> Option<String> {
        None
    }

    /// What the page offers beside its `ui`: nothing (the default), a lecture's builds and
    /// slides ([`Present`]), or those and what it shares ([`Shareable`]).
    fn offers(&self) -> Offers<'_> {
        Offers::Nothing
    }

    /// The same, to apply a scenario code or step through the page's builds.
    fn offers_mut(&mut self) -> OffersMut<'_> {
        OffersMut::Nothing
    }

    /// What the page shares, if anything (see [`Shareable`]).
    fn share(&self) -> Option<&dyn Shareable> {
        match self.offers() {
            Offers::Both(page) => Some(page),
            _ => None,
        }
    }

    /// The same, to apply a scenario code.
    fn share_mut(&mut self) -> Option<&mut dyn Shareable> {
        match self.offers_mut() {
            OffersMut::Both(page) => Some(page),
            _ => None,
        }
    }

    /// How the page is presented, if it does more than show [`Section::ui`] (see [`Present`]).
    fn present(&self) -> Option<&dyn Present> {
        match self.offers() {
            Offers::Present(page) => Some(page),
            Offers::Both(page) => Some(page),
            Offers::Nothing => None,
        }
    }

    /// The same, to step through its builds or draw its audience view and slide.
    fn present_mut(&mut self) -> Option<&mut dyn Present> {
        match self.offers_mut() {
            OffersMut::Present(page) => Some(page),
            OffersMut::Both(page) => Some(page),
            OffersMut::Nothing => None,
        }
    }
}

/// What a page offers beside its `ui` (see [`Section::offers`]).
pub enum Offers<'a> {
    Nothing,
    /// A lecture's builds, the presenter view and slides.
    Present(&'a dyn Present),
    /// Those, and a scenario code, the figure's data and its area.
    Both(&'a dyn SharesAndPresents),
}

/// What a page offers, to be changed (see [`Section::offers_mut`]).
pub enum OffersMut<'a> {
    Nothing,
    Present(&'a mut dyn Present),
    Both(&'a mut dyn SharesAndPresents),
}

/// A page that shares and presents: any [`Shareable`] that is [`Present`].
pub trait SharesAndPresents: Shareable + Present {}

impl<T: Shareable + Present> SharesAndPresents for T {}

/// A page that can be shared: its scenario code, the data behind its figure and the area a
/// PNG export saves. Offered through [`Section::share`].
pub trait Shareable {
    /// The parameters and seed that reproduce what is on screen, as `key=value` pairs, for
    /// scenario codes. `None` when the page has nothing to share now.
    fn scenario(&self) -> Option<Vec<(String, String)>> {
        None
    }

    /// Applies pairs produced by [`Shareable::scenario`]. Must change nothing and return a
    /// clear message when any pair is unknown, malformed or out of range.
    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let _ = pairs;
        Err(nothing_to_share())
    }

    /// The data behind the page's main plot as CSV (header line first).
    fn csv(&self) -> Option<String> {
        None
    }

    /// Where the main plot was drawn in the last frame, in points, with its axes, their
    /// labels and the legend (the area a PNG export saves).
    fn plot_rect(&self) -> Option<egui::Rect> {
        None
    }
}

/// Why a scenario code cannot be applied to a page that shares nothing.
pub fn nothing_to_share() -> String {
    t!("app.scenario.nothing_to_share").into()
}

/// A clicker's press: Page Down (`forward`) or Page Up, and the builds it may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    /// Page Down; Page Up when false.
    pub forward: bool,
    /// Lecture mode is on (a learner's presses take no builds: they turn the section).
    pub lecture: bool,
    /// The builds this press may take.
    pub reach: Reach,
}

/// Which of a page's builds a [`Press`] may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Any of them.
    Page,
    /// Only those that keep a playlist's prepared run as prepared (the class's prediction
    /// revealed, a story's moments, a quiz question's answer), while the playlist leads.
    Prepared,
}

impl Press {
    /// Page Down (`forward`) or Page Up, free to take any of the page's builds.
    pub fn new(forward: bool, lecture: bool) -> Self {
        Self {
            forward,
            lecture,
            reach: Reach::Page,
        }
    }

    /// The same press, taking only the builds `reach` names.
    pub fn reaching(self, reach: Reach) -> Self {
        Self { reach, ..self }
    }
}

/// The lecture's one protocol: the builds a clicker's Page Down and Page Up step through (a
/// quiz's reveal, a story's moments, a stage's presets, the lab's parts), as a slide deck's.
/// A page offers it through [`Present`], and the app asks the page on show once a press
/// (`src/app/clicker.rs`). Every simulation section's [`stage::Stage`] answers it from the
/// stage's data: a hidden result's reveal, then its presets and its page's steps (see
/// [`stage::builds`]). By default there is one build and a press takes nothing.
pub trait Builds {
    /// A press before the app moves on: shows the next or previous build the press may take
    /// (see [`Reach`]) and returns true. False, past either end or outside lecture mode, lets
    /// the app move on (a playlist's next run, the next section).
    fn press(&mut self, press: Press) -> bool {
        let _ = press;
        false
    }

    /// `press` has just opened this page, from the section before it (Page Down) or after it
    /// (Page Up): a page with builds starts at its first or its last, as a slide deck does.
    fn arrive(&mut self, press: Press) {
        let _ = press;
    }

    /// A playlist has just opened one of its runs here: in lecture mode the run starts at its
    /// first build (the prediction asked, a story at its first moment).
    fn replay(&mut self, lecture: bool) {
        let _ = lecture;
    }

    /// The build on show, by the name its speaker notes have (`assets/notes.ron`, or the
    /// section's own `assets/sections/ID.ron`): "predict", "choice-2", "question-1",
    /// "answer-1"; empty for a page of one build.
    fn build(&self) -> String {
        String::new()
    }

    /// The next Page Down stays on this build: it finishes telling it (section 1's counter
    /// still climbing). The console's "Page Down shows" then names this build.
    fn holds(&self) -> bool {
        false
    }
}

/// A page with more to a lecture than its drawing: its [`Builds`], the presenter view's two
/// windows and a slide. Offered through [`Section::present`].
pub trait Present: Section + Builds {
    /// Shows the named part of the page (the lab's experiments); others ignore it.
    fn open_part(&mut self, id: &str) {
        let _ = id;
    }

    /// What the audience window of the presenter view shows: the title, the headline and the
    /// stage, without the words. By default the title and the interactive part.
    fn audience(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        audience(self, ui, cx);
    }

    /// What the presenter's console shows and the audience must not see yet (a quiz's answer
    /// before the reveal).
    fn lecturer_only(&self) -> Option<String> {
        None
    }

    /// The title the top bar shows over this page's slides, where it is not the section's
    /// (the lab names the experiment on show).
    fn slide_title(&self) -> Option<String> {
        None
    }

    /// The words a slide of this page shows at this step besides its title (the lecture's
    /// rehearsal reads them back from the screen): the headline unless the page says.
    fn shown_words(&self) -> Option<String> {
        self.summary()
    }

    /// Draws the page's slide (see [`share::slide::show`]) and returns true; false when the
    /// page has no figure.
    fn slide(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) -> bool {
        let _ = (ui, cx);
        false
    }
}

/// The audience window's view of a page that says nothing else (see [`Present::audience`]):
/// its title and its interactive part.
pub fn audience<S: Section + ?Sized>(page: &mut S, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
    let text = page.text();
    shell::column::column(ui, ("audience", text.number), true, |ui| {
        stage::layout::title(ui, text, true);
        page.ui(ui, cx);
    });
}

/// The words a slide of `page` shows at this step (see [`Present::shown_words`]).
pub fn shown_words(page: &dyn Section) -> Option<String> {
    page.present()
        .map_or_else(|| page.summary(), Present::shown_words)
}

/// Every section, in lesson order.
pub fn all_sections() -> Vec<Box<dyn Section>> {
    all_sections_with(sections::lab::LabPage::new())
}

/// The page of a section of the registry ([`crate::sections`]). The lab's page is made by
/// the caller (its server may come from the command line).
pub fn make(def: &Def) -> Option<Box<dyn Section>> {
    Some(match def.kind {
        Kind::Model(_) => sections::model_page(def.id)?,
        Kind::Quiz(id) => Box::new(sections::quiz::QuizSection::new(id)),
        Kind::Text(TextPage::Who) => Box::new(sections::s07_who::Who::new()),
        Kind::Text(TextPage::Next) => Box::new(sections::s10_next::Next::new()),
        Kind::Lab => return None,
    })
}

/// Every section of the registry, with the lab page as given.
pub fn all_sections_with(lab: sections::lab::LabPage) -> Vec<Box<dyn Section>> {
    let mut lab = Some(lab);
    crate::sections::SECTIONS
        .iter()
        .filter_map(|def| make(def).or_else(|| Some(Box::new(lab.take()?))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_page_per_section_of_the_registry() {
        let pages = all_sections();
        assert_eq!(pages.len(), crate::sections::SECTIONS.len());
        for (page, (n, def)) in pages.iter().zip(crate::sections::all()) {
            assert_eq!(page.number(), n);
            assert_eq!(page.text().id, def.id);
        }
    }
}
