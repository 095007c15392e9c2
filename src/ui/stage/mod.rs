//! The stage: one skeleton for every simulation section.
//!
//! A section says only what differs ([`Experiment`]): how to start its runs, its headline,
//! its figure and its controls. [`Stage`] holds what every section has: the settings and the
//! seed, the run status the page fills, the presets and the lecture's builds made of them
//! ([`Presets`], see [`builds`]). It does everything else: the page layout (a reading column
//! beside the pinned stage on wide windows, the stage first on narrow ones and in lecture
//! mode), the headline or the waiting/failed state, the figure sized to the height that is
//! left, the plot key, the settings drawer, scenario codes and the export rectangle.

pub mod builds;
pub mod chrome;
pub mod experiment;
mod fit;
pub mod layout;
pub mod mc_stream;
pub(crate) mod memory;
pub mod predict;
pub mod run;
mod share;

use egui::{Rect, Ui, Vec2};

use crate::runner::Runner;
use crate::ui::{Cx, Offers, OffersMut, Present, Section, kit::widgets};

pub use builds::Presets;
pub use experiment::{Experiment, Steps};
use layout::Pieces;
pub use run::{Rerun, RunStatus};

/// A build of a stage: its settings, seed and name.
type Reveal<P> = (P, u64, String);

/// A simulation section: an [`Experiment`] on the shared skeleton.
pub struct Stage<E: Experiment> {
    pub exp: E,
    /// The settings on screen: with the seed, what the runs depend on and a code carries.
    pub params: E::Params,
    pub seed: u64,
    /// The settings the page's buttons, N and the lecture's builds step through.
    presets: Presets<E::Params>,
    /// The page's runs, as its last refresh told them.
    status: RunStatus,
    /// The figure and its key as drawn in the last frame (what a PNG export saves).
    plot_rect: Option<Rect>,
    /// The settings drawer is open.
    drawer: bool,
    /// The prediction asked before the result is shown.
    gate: predict::Gate,
    /// Lecture mode: the class's vote of a prediction revealed by the clicker (Page Up
    /// goes back to the question).
    /// Kept with the build it was revealed at (its settings, seed and name).
    asked: Option<(Option<usize>, Reveal<E::Params>)>,
    /// The line on the prediction and the run it speaks of: back when that run is (Page Up
    /// to the build the class predicted).
    said: Option<(E::Params, u64, predict::Verdict)>,
    /// The settings and seed the runs were last refreshed for.
    refreshed: Option<(E::Params, u64)>,
}

impl<E: Experiment> Stage<E> {
    /// The section's number, 1-10.
    pub fn number(&self) -> u8 {
        crate::sections::number(E::ID)
    }

    /// The computed headline; `None` while the results are still coming in.
    pub fn computed_headline(&self) -> Option<String> {
        self.exp.headline(&self.params)
    }

    /// The build on show, as a reveal is kept with: its settings, seed and name.
    fn revealed_at(&self) -> Reveal<E::Params> {
        (self.params, self.seed, crate::ui::Builds::build(self))
    }

    /// The headline a slide shows: the page's slide headline, else its headline.
    fn slide_headline(&self) -> Option<String> {
        self.exp
            .slide_headline(&self.params)
            .or_else(|| self.computed_headline())
    }

    /// Notes the line on the prediction with its run, or (`back`) brings it back with that
    /// run.
    fn keep_said(&mut self, back: bool) {
        let now = (self.params, self.seed);
        if let predict::Gate::Open { verdict } = &mut self.gate {
            match (verdict.as_ref(), &self.said) {
                (Some(v), _) => self.said = Some((now.0, now.1, v.clone())),
                (None, Some((p, seed, v))) if back && *p == now.0 && *seed == now.1 => {
                    *verdict = Some(v.clone());
                }
                _ => {}
            }
        }
    }

    /// A stage at the lesson's settings and seed, without presets. Nothing runs until the
    /// section is first shown.
    pub fn new(exp: E) -> Self {
        Self::with_presets(exp, Presets::none())
    }

    /// The same, with its presets.
    pub fn with_presets(exp: E, presets: Presets<E::Params>) -> Self {
        Self {
            exp,
            params: E::Params::default(),
            seed: 1,
            presets,
            status: RunStatus::default(),
            plot_rect: None,
            drawer: false,
            gate: predict::Gate::default(),
            asked: None,
            said: None,
            refreshed: None,
        }
    }

    /// Starts the runs whose inputs changed and takes the results that came in.
    fn refresh(&mut self, runner: &Runner) {
        let mut status = RunStatus::default();
        self.exp
            .refresh(runner, &mut self.params, self.seed, &mut status);
        self.status = status;
        self.refreshed = Some((self.params, self.seed));
    }

    /// Once all of a frame's input is read: refreshes again only when it changed the settings
    /// or the seed since the refresh before drawing (a control, the drawer, the seed button, a
    /// drag on the figure), so that the change starts its run in the same frame.
    fn refresh_changed(&mut self, runner: &Runner) {
        if self.refreshed != Some((self.params, self.seed)) {
            self.refresh(runner);
        }
    }

    /// The result is hidden until a prediction is made or skipped.
    pub fn result_hidden(&self) -> bool {
        self.gate.hides()
    }

    /// The section is finished once its result is on screen after the learner predicted it
    /// (or asked to just see it), or once the learner reached its last preset (TTL, store,
    /// defence).
    fn mark_done(&self, cx: &mut Cx<'_>) {
        let n = self.number();
        if cx.progress.get().finished(n) || self.gate.hides() {
            return;
        }
        let predicted = crate::predict::prompt_for(n)
            .is_some_and(|p| cx.progress.get().predictions.contains_key(&p.id));
        let count = self.presets.count();
        let last = count > 0 && self.preset() == Some(count - 1);
        if (predicted || last) && self.computed_headline().is_some() {
            cx.mark_done(n);
        }
    }
}

/// The stage draws the pieces its layout places.
impl<E: Experiment> Pieces for Stage<E> {
    fn now(&self) -> layout::Now {
        layout::Now {
            n: self.number(),
            hidden: self.gate.hides(),
            drawer: self.drawer,
            choice: self.preset(),
            seed: E::SEEDED.then_some(self.seed),
        }
    }

    fn intro(&self) -> Option<Vec<usize>> {
        self.exp.intro_paragraphs(&self.params)
    }

    fn details(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.exp.details(ui, cx, &self.params);
    }

    /// The headline, or what stands in for it: the prediction prompt, the waiting or the
    /// failed state. Under it, the verdict on the prediction.
    fn headline(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let prompt = crate::predict::prompt_for(self.number());
        if let Some(p) = prompt
            && self.gate.hides()
        {
            let text = crate::lesson::fill(&p.prompt, &self.exp.prompt_values(&self.params));
            self.gate.prompt_ui(ui, p, &text, cx);
            return;
        }
        // A result that says less (fencing switched, another preset) keeps the room of the
        // longest one: the figure and the buttons stay where they were.
        let id = memory::memory_id(ui, "stage-headline-room", self.number());
        let keep = !cx.lecture;
        let headline = if cx.lecture {
            self.slide_headline()
        } else {
            self.computed_headline()
        };
        widgets::steady_height(ui, id, keep, |ui| {
            match headline {
                Some(h) => {
                    let mut others = self.exp.other_headlines(&self.params, cx.lecture);
                    if cx.lecture {
                        // Every simulation slide's headline has the same room, written to fit
                        // it: its figure starts at the same height all through the lecture.
                        others.push("\n".repeat(layout::SLIDE_HEADLINE_LINES - 1));
                    }
                    widgets::headline_in_room(ui, &h, &others);
                }
                None => {
                    let failed = self.status.failed();
                    widgets::no_result_yet(ui, failed.as_deref(), Some(t!("stage.simulating")));
                }
            }
            // (On a slide the class's verdict takes the controls' row: see `controls`.)
            if prompt.is_some() && self.exp.result_told() && !cx.lecture {
                self.gate.verdict_ui(ui, cx);
            }
        });
    }

    /// The figure with its key, in exactly `size` (the key's height is the last frame's).
    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, size: Vec2) {
        let legend = self.exp.legend(cx, &self.params);
        let id = memory::key_height_id(ui, self.number());
        let key_h = if legend.is_empty() {
            0.0
        } else {
            layout::remembered(ui, id).unwrap_or(30.0)
        };
        let readable = self.figure_floor(ui, cx);
        let fig = Vec2::new(size.x, (size.y - key_h).max(readable));
        let n = self.number();
        if self.gate.hides() {
            let (x, y) = self.exp.axis_titles();
            let drawn = ui.scope(|ui| chrome::empty_figure(ui, n, size, x, y));
            self.plot_rect = Some(drawn.response.rect);
            return;
        }
        let drawn = ui.scope(|ui| {
            ui.set_width(size.x);
            let (exp, params) = (&mut self.exp, &mut self.params);
            let plot = ui.scope(|ui| exp.figure(ui, cx, params, fig)).response.rect;
            // A figure that drew taller than its room (the stage makes room for it from the
            // next frame on; the layout walks hold every figure to its room).
            if plot.height() > fig.y + 0.5 {
                layout::note_overflow(ui, n, plot.height() - fig.y);
            }
            crate::ui::kit::readable::record_figure(
                ui,
                crate::ui::kit::readable::DrawnFigure {
                    section: n,
                    rect: plot.union(egui::Rect::from_min_size(plot.min, fig)),
                    readable,
                    room: fig.y,
                    drawn: plot.height(),
                },
            );
            if !legend.is_empty() {
                // A key that says less keeps its room: the figure does not jump.
                let keep = !cx.lecture;
                let key = ui.scope(|ui| {
                    widgets::steady_height(ui, id, keep, |ui| {
                        crate::ui::kit::plot::key_row(ui, cx, &legend)
                    })
                });
                let h = key.response.rect.height() + ui.spacing().item_spacing.y;
                layout::remember_slide(ui, cx, id, h);
            } else {
                // No key: none of the last one's room is kept (the stage's need would depend
                // on the step it came from).
                layout::remember_slide(ui, cx, id, 0.0);
            }
        });
        self.plot_rect = Some(drawn.response.rect);
    }

    /// The least height the figure gets: what its ticks need, and never less than the
    /// stage's floor.
    fn figure_floor(&self, ui: &Ui, cx: &Cx<'_>) -> f32 {
        self.exp
            .readable_height(ui, cx, &self.params)
            .max(layout::min_figure_height(cx.lecture))
    }

    /// Controls, the drawer's switch, the seed and the run status: the stage's bottom strip.
    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let asking = self.result_hidden();
        self.exp.asking(asking);
        let told = crate::predict::prompt_for(self.number()).is_some()
            && self.exp.result_told()
            && self.exp.answers_at(&self.params);
        if cx.lecture && told && self.gate.has_verdict() {
            // On a slide the class's verdict is the build's one row under the figure (the
            // live controls come back with the next build).
            self.drawer = false;
            self.gate.verdict_ui(ui, cx);
            return;
        }
        self.exp.controls(ui, cx, &mut self.params);
        if cx.lecture {
            // On the projector: the live controls only (the seed and the drawer are the
            // learner's; Ctrl+Shift+C still copies the run's code).
            self.drawer = false;
            self.status.ui(ui);
            return;
        }
        ui.horizontal_wrapped(|ui| {
            let label = if self.drawer {
                t!("stage.settings.hide")
            } else {
                t!("stage.settings.more")
            };
            if ui
                .selectable_label(self.drawer, label)
                .on_hover_text(t!("stage.settings.hint"))
                .clicked()
            {
                self.drawer = !self.drawer;
            }
            if E::SEEDED {
                ui.separator();
                if chrome::seed_row(ui, self.seed) {
                    self.seed = widgets::next_seed(self.seed);
                }
            }
        });
        self.status.ui(ui);
    }

    /// The drawer: its title and the reset on one line, then every setting.
    fn drawer(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(t!("stage.settings.title")).strong());
            ui.add_space(12.0);
            if ui.button(t!("stage.settings.reset")).clicked() {
                self.params = E::Params::default();
            }
        });
        ui.spacing_mut().slider_width = (ui.available_width() * 0.25).clamp(110.0, 200.0);
        if !self.exp.more_settings(ui, cx, &mut self.params) {
            ui.label(t!("stage.settings.none"));
        }
    }
}

impl<E: Experiment> Section for Stage<E> {
    fn number(&self) -> u8 {
        Stage::number(self)
    }

    fn whole_page(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let before = self.params;
        let seed_before = self.seed;
        let prompt = crate::predict::prompt_for(self.number())
            .filter(|_| cx.predictions && self.exp.prompt_fits(&self.params));
        if prompt.is_some() {
            self.gate.start(self.number(), cx);
        } else {
            self.gate.skip();
        }
        if let Some(p) = prompt {
            self.gate.keys(cx, p.choices.len());
        }
        self.keys(cx.actions);
        // The runs as the keys left them, with the results that came in since the last frame:
        // what the page draws. The one refresh of a frame whose input changes nothing.
        self.refresh(cx.runner);
        layout::page(self, ui, cx);
        self.refresh_changed(cx.runner);
        if let Some(p) = prompt {
            let asked = match self.gate {
                predict::Gate::Asking { chosen, .. } => Some(chosen),
                _ => None,
            };
            let (observed, settings) = (
                self.exp.observed(&self.params),
                self.exp.settings(&self.params),
            );
            self.gate.settle(p, observed, settings, cx);
            if asked.is_some() && !self.gate.hides() {
                let at = self.revealed_at();
                self.asked = asked.filter(|_| cx.lecture).map(|chosen| (chosen, at));
                ui.ctx().request_repaint();
            }
        }
        self.mark_done(cx);
        self.keep_said(false);
        if self.params != before || self.seed != seed_before {
            // What was drawn above used the old settings: draw again at once.
            self.gate.forget_verdict();
            ui.ctx().request_repaint();
        }
        if self.status.busy() {
            ui.ctx().request_repaint_after(run::QUIET);
        }
    }

    fn offers(&self) -> Offers<'_> {
        Offers::Both(self)
    }

    fn offers_mut(&mut self) -> OffersMut<'_> {
        OffersMut::Both(self)
    }

    fn summary(&self) -> Option<String> {
        if self.gate.hides() {
            return None;
        }
        self.computed_headline()
    }
}

/// A stage in the presenter view and on a slide.
impl<E: Experiment> Present for Stage<E> {
    fn audience(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let before = self.params;
        // The console's figure is the one a PNG export saves.
        let plot_rect = self.plot_rect;
        layout::audience(self, ui, cx);
        // (The console's frame, just before, refreshed the runs.)
        self.refresh_changed(cx.runner);
        self.plot_rect = plot_rect;
        if self.params != before {
            ui.ctx().request_repaint_of(egui::ViewportId::ROOT);
        }
    }

    fn shown_words(&self) -> Option<String> {
        // (A slide's headline may be the summary in short.)
        if self.gate.hides() {
            return None;
        }
        self.slide_headline()
    }

    fn slide(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) -> bool {
        let headline = if self.gate.hides() {
            Some(t!("stage.slide.hidden").to_owned())
        } else {
            self.slide_headline()
        };
        let values = [
            ("n", self.number().to_string()),
            ("title", self.title().to_owned()),
        ];
        let heading = tf!("stage.kicker", &values);
        let frame = crate::ui::share::slide::Frame {
            heading: &heading,
            headline,
            code: crate::ui::share::Share::code_of(self),
        };
        // The window's figure stays the one the page knows of.
        self.exp.before_slide();
        let plot_rect = self.plot_rect;
        crate::ui::share::slide::show(ui, cx, &frame, |ui, cx, size| self.figure(ui, cx, size));
        self.plot_rect = plot_rect;
        true
    }
}
