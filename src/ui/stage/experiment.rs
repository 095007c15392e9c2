//! What a simulation section has of its own: the [`Experiment`] a [`super::Stage`] shows,
//! and the two macros that write its common parts.

use egui::{Ui, Vec2};

use super::builds::Choices;
use crate::runner::Runner;
use crate::ui::kit::plot::KeyMark;
use crate::ui::{Builds, Cx};

/// The headline, failure and busy state of an [`Experiment`] whose results come from one
/// [`super::Rerun`] in its field `run`, headlined by its method `headline_for(&view)`: write
/// `one_run_status!();` in the `impl Experiment`.
#[macro_export]
macro_rules! one_run_status {
    () => {
        fn headline(&self) -> Option<String> {
            self.run.latest().map(|v| self.headline_for(v))
        }

        fn failure(&self) -> Option<String> {
            self.run.failed()
        }

        fn busy(&self) -> bool {
            !self.run.finished()
        }
    };
}

/// The section's id and its parameters, kept in its field `params`: write
/// `stage_params!("ttl", Params);` in the `impl Experiment` (the number is the section's
/// place in [`crate::sections`]).
#[macro_export]
macro_rules! stage_params {
    ($id:expr, $params:ty) => {
        type Params = $params;

        fn number(&self) -> u8 {
            $crate::sections::number($id)
        }

        fn params(&self) -> $params {
            self.params
        }

        fn set_params(&mut self, params: $params) {
            self.params = params;
        }
    };
}

/// What a simulation section has of its own: its settings, its runs, its figure, its controls
/// and its prediction. Its builds (the clicker's steps) are its [`Builds`], most of them its
/// [`Choices`].
pub trait Experiment: Builds + Choices {
    /// Everything a run depends on besides the seed (what scenario codes carry).
    type Params: crate::scenario::Settings;

    /// The section's number, 1-10.
    fn number(&self) -> u8;

    fn params(&self) -> Self::Params;

    /// Takes new parameters (already valid: from a slider, a preset or a scenario code).
    fn set_params(&mut self, params: Self::Params);

    /// What the section's scenario code carries: its parameters, and whatever else a code
    /// needs to show the page as it is (section 5's step).
    fn shared(&self) -> Self::Params {
        self.params()
    }

    /// Takes what a scenario code carried (see [`Self::shared`]).
    fn set_shared(&mut self, params: Self::Params) {
        self.set_params(params);
    }

    /// Whether the section's results depend on a seed (section 3's story does not).
    fn seeded(&self) -> bool {
        true
    }

    /// Starts the runs whose inputs changed and takes the results that came in. The stage
    /// calls it once a frame before drawing, and once more after the frame's input only when
    /// that changed the settings or the seed (so a change starts its run in the same frame);
    /// cheap when nothing changed.
    fn refresh(&mut self, runner: &Runner, seed: u64);

    /// The computed headline; `None` while the results are still coming in.
    fn headline(&self) -> Option<String>;

    /// The headline on a slide, where it says less than a learner's (the lecturer's notes
    /// say the rest); the learner's where `None`.
    fn slide_headline(&self) -> Option<String> {
        None
    }

    /// Every headline the page says at these settings in its other builds or choices (on a
    /// `slide`, the slide's), where they differ in length: the headline keeps the room of the
    /// tallest, so a build or a click that changes it moves nothing under it (section 3's
    /// moments, section 5's Redlock, section 9's defences).
    fn other_headlines(&self, _slide: bool) -> Vec<String> {
        Vec::new()
    }

    /// Why a run failed, if one did.
    fn failure(&self) -> Option<String>;

    /// True while a run is going (the stage keeps the run status fresh).
    fn busy(&self) -> bool;

    /// The run status (progress bars) of long runs; nothing for short ones.
    fn run_status(&self, _ui: &mut Ui) {}

    /// The plot key under the figure.
    fn legend(&self, _cx: &Cx<'_>) -> Vec<KeyMark> {
        Vec::new()
    }

    /// The least height of the figure (without its key) at which its axis ticks are drawn:
    /// the stage never gives it less, and lets the page scroll instead. By default a plot
    /// whose y axis shows four tick labels.
    fn readable_height(&self, ui: &Ui, _cx: &Cx<'_>) -> f32 {
        crate::ui::kit::readable::readable_height(
            ui,
            crate::ui::kit::readable::value_axis_rows(ui.ctx()),
        )
    }

    /// Draws the main figure, axes, titles and marks, filling `size`.
    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, size: Vec2);

    /// The primary controls, always in view under the figure (presets, two to four sliders,
    /// playback).
    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>);

    /// Told before each frame's controls whether a prediction is being asked (a control
    /// whose value would answer it can wait until it is made).
    fn asking(&mut self, _asking: bool) {}

    /// Settings that stay in the drawer ("More settings"); `false` when there are none.
    fn more_settings(&mut self, _ui: &mut Ui, _cx: &mut Cx<'_>) -> bool {
        false
    }

    /// Which paragraphs of the section's introduction go with what the stage shows now
    /// (one idea per step); `None`, the default, shows them all.
    fn intro_paragraphs(&self) -> Option<Vec<usize>> {
        None
    }

    /// Extra matter for the reading column: the numbers behind the headline, tables, a
    /// second figure.
    fn details(&mut self, _ui: &mut Ui, _cx: &mut Cx<'_>) {}

    /// The data behind the main figure as CSV (header line first).
    fn csv(&self) -> Option<String>;

    /// The value the section's prediction is checked against (in the units of the bands in
    /// `assets/predictions.ron`), and the same in words; `None` until the run has it.
    fn observed(&self) -> Option<(f64, String)> {
        None
    }

    /// The settings on screen, as the model that judges the prediction takes them.
    fn settings(&self) -> Option<crate::predict::ModelParams> {
        None
    }

    /// Values for the `{name}` slots of the prediction prompt, from the current settings.
    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        self.settings()
            .map(|s| s.prompt_values())
            .unwrap_or_default()
    }

    /// Whether the prediction prompt is true of the current settings; it is asked only then
    /// (the model's settings say: section 3's story, section 5's Redis store).
    fn prompt_fits(&self) -> bool {
        self.settings().is_some_and(|s| s.prompt_fits())
    }

    /// The figure's axis titles (x, y), for its empty state while the result is hidden.
    fn axis_titles(&self) -> (&'static str, &'static str) {
        ("", "")
    }

    /// A section key pressed (play, step, reset, fencing, the lock).
    fn key(&mut self, _action: crate::ui::shell::keymap::Action) {}
}
