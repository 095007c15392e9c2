//! What a simulation section has of its own: the [`Experiment`] a [`super::Stage`] shows.
//!
//! Four methods are required: its runs ([`Experiment::refresh`], which also tells the stage
//! which runs to wait for), its [`Experiment::headline`], its [`Experiment::figure`] and its
//! [`Experiment::controls`]. What every page has besides is the stage's data, handed to the
//! page where it is needed: the settings and the seed, the run status the page fills, the
//! presets (section 2's TTLs, section 4's fencing, section 5's stores, section 9's defences,
//! see [`super::Presets`]) and the lecture's builds made of them. The rest is optional, with
//! defaults that say nothing: the plot key, the settings drawer, the numbers in the reading
//! column, the CSV, the prediction's answer, and the page's own steps within a build
//! ([`Steps`]: section 3's moments, section 5's two ideas at the Redis row).

use egui::{Ui, Vec2};

use super::run::RunStatus;
use crate::runner::Runner;
use crate::ui::Cx;
use crate::ui::kit::plot::KeyMark;
use crate::ui::shell::keymap::Action;

/// A page's own steps within the lecture's build on show: section 3's moments of its story,
/// section 5's two ideas at the Redis row. A page has one by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    /// How many at these settings (none while a story is still being told).
    pub count: usize,
    /// The one on show, from 0.
    pub at: usize,
    /// The build's name in the speaker notes where the page names it (`moment-3`,
    /// `choice-1-cost`); `None` leaves it to the stage (the preset on show).
    pub name: Option<String>,
}

impl Steps {
    /// One step, named by the stage.
    pub fn one() -> Self {
        Self {
            count: 1,
            at: 0,
            name: None,
        }
    }
}

/// What a simulation section has of its own: its runs, its headline, its figure and its
/// controls. Its settings (`p`) are the stage's, lent to each method.
pub trait Experiment {
    /// Everything a run depends on besides the seed (what scenario codes carry).
    type Params: crate::scenario::Settings;

    /// The section's id in the registry ([`crate::sections`]), which gives its number.
    const ID: &'static str;

    /// Whether the section's results depend on a seed (section 3's story does not).
    const SEEDED: bool = true;

    /// Whether a scenario code carries the page's [`Steps`] (section 5's second idea does; a
    /// story's moment does not): only steps a code does not carry keep a playlist's prepared
    /// run as prepared.
    const STEPS_IN_CODE: bool = false;

    /// Starts the runs whose inputs changed and takes the results that came in, and tells
    /// `status` the runs the stage waits for (and shows the progress of). The stage calls it
    /// once a frame before drawing, and once more after the frame's input only when that
    /// changed the settings or the seed (so a change starts its run in the same frame); cheap
    /// when nothing changed. It may bring the settings into range.
    fn refresh(&mut self, runner: &Runner, p: &mut Self::Params, seed: u64, status: &mut RunStatus);

    /// The computed headline; `None` while the results are still coming in.
    fn headline(&self, p: &Self::Params) -> Option<String>;

    /// Draws the main figure, axes, titles and marks, filling `size` (a click on it may
    /// change the settings).
    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut Self::Params, size: Vec2);

    /// The primary controls, always in view under the figure (presets, two to four sliders,
    /// playback).
    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut Self::Params);

    /// What the section's scenario code carries: its settings, and whatever else a code needs
    /// to show the page as it is (section 5's step).
    fn shared(&self, p: &Self::Params) -> Self::Params {
        *p
    }

    /// Takes what a scenario code carried (see [`Self::shared`]) into the settings `p`.
    fn set_shared(&mut self, p: &mut Self::Params, code: Self::Params) {
        *p = code;
    }

    /// The headline on a slide, where it says less than a learner's (the lecturer's notes
    /// say the rest); the learner's where `None`.
    fn slide_headline(&self, _p: &Self::Params) -> Option<String> {
        None
    }

    /// Every headline the page says at these settings in its other builds or presets (on a
    /// `slide`, the slide's), where they differ in length: the headline keeps the room of the
    /// tallest, so a build or a click that changes it moves nothing under it (section 3's
    /// moments, section 5's Redlock, section 9's defences).
    fn other_headlines(&self, _p: &Self::Params, _slide: bool) -> Vec<String> {
        Vec::new()
    }

    /// The plot key under the figure.
    fn legend(&self, _cx: &Cx<'_>, _p: &Self::Params) -> Vec<KeyMark> {
        Vec::new()
    }

    /// The least height of the figure (without its key) at which its axis ticks are drawn:
    /// the stage never gives it less, and lets the page scroll instead. By default a plot
    /// whose y axis shows four tick labels.
    fn readable_height(&self, ui: &Ui, _cx: &Cx<'_>, _p: &Self::Params) -> f32 {
        crate::ui::kit::readable::readable_height(
            ui,
            crate::ui::kit::readable::value_axis_rows(ui.ctx()),
        )
    }

    /// Told before each frame's controls whether a prediction is being asked (a control
    /// whose value would answer it can wait until it is made).
    fn asking(&mut self, _asking: bool) {}

    /// Settings that stay in the drawer ("More settings"); `false` when there are none.
    fn more_settings(&mut self, _ui: &mut Ui, _cx: &mut Cx<'_>, _p: &mut Self::Params) -> bool {
        false
    }

    /// Which paragraphs of the section's introduction go with what the stage shows now
    /// (one idea per step); `None`, the default, shows them all.
    fn intro_paragraphs(&self, _p: &Self::Params) -> Option<Vec<usize>> {
        None
    }

    /// Extra matter for the reading column: the numbers behind the headline, tables, a
    /// second figure.
    fn details(&mut self, _ui: &mut Ui, _cx: &mut Cx<'_>, _p: &Self::Params) {}

    /// The data behind the main figure as CSV (header line first).
    fn csv(&self, _p: &Self::Params) -> Option<String> {
        None
    }

    /// The value the section's prediction is checked against (in the units of the bands in
    /// its word file's predictions), and the same in words; `None` until the run has it.
    fn observed(&self, _p: &Self::Params) -> Option<(f64, String)> {
        None
    }

    /// The settings on screen, as the model that judges the prediction takes them.
    fn settings(&self, _p: &Self::Params) -> Option<crate::predict::ModelParams> {
        None
    }

    /// Values for the `{name}` slots of the prediction prompt, from the current settings.
    fn prompt_values(&self, p: &Self::Params) -> Vec<(&'static str, String)> {
        self.settings(p)
            .map(|s| s.prompt_values())
            .unwrap_or_default()
    }

    /// Whether the prediction prompt is true of the current settings; it is asked only then
    /// (the model's settings say: section 3's story, section 5's Redis store).
    fn prompt_fits(&self, p: &Self::Params) -> bool {
        self.settings(p).is_some_and(|s| s.prompt_fits())
    }

    /// The figure's axis titles (x, y), for its empty state while the result is hidden.
    fn axis_titles(&self) -> (&'static str, &'static str) {
        ("", "")
    }

    /// A section key pressed (play, step, reset, fencing, the lock); N and Shift+N, the
    /// presets, are the stage's.
    fn key(&mut self, _p: &mut Self::Params, _action: Action) {}

    /// The page's own steps within the build on show (see [`Steps`]): one by default.
    fn steps(&self, _p: &Self::Params) -> Steps {
        Steps::one()
    }

    /// Shows step `step` (below the count [`Self::steps`] gives).
    fn show_step(&mut self, _p: &Self::Params, _step: usize) {}

    /// The lecture opens the page here at its first step (going back, `forward` false: its
    /// last), or a playlist's run starts here at its first. By default the step is shown;
    /// a story opens paused, told or not, even before it is ready.
    fn open(&mut self, p: &Self::Params, forward: bool) {
        let count = self.steps(p).count;
        if count > 0 {
            self.show_step(p, if forward { 0 } else { count - 1 });
        }
    }

    /// The figure is about to be drawn for a slide: it should show what the window shows.
    fn before_slide(&mut self) {}

    /// Whether the result is told whole (a story stepped moment by moment is not, before its
    /// last): only then does the line on the prediction say what the run gave.
    fn result_told(&self) -> bool {
        true
    }

    /// Whether a slide's result is still being told (section 1's counter climbing): a Page
    /// Down then tells it at once ([`Experiment::tell_now`]) and goes no further, so no press
    /// skips a result the class has not seen. By default nothing is.
    fn telling(&self) -> bool {
        false
    }

    /// Tells at once what [`Experiment::telling`] is telling.
    fn tell_now(&mut self) {}

    /// Whether a slide at `p` answers the class's prediction. A page whose builds walk to
    /// the answer (section 9 shows one defence a build) keeps the class's verdict until the
    /// build that answers it; by default the reveal answers it at once.
    fn answers_at(&self, _p: &Self::Params) -> bool {
        true
    }
}
