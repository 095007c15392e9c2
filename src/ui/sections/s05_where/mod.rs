//! Section 5, "Where the lock lives": locks lost when a Redis primary fails over, against a
//! consensus store that loses none, and the comparison table of the five stores.

mod controls;
pub mod figure;
mod table;
mod words;

pub use crate::sections::models::where_params as settings;

use std::sync::Arc;

use egui::{RichText, Ui, Vec2, vec2};

use crate::lesson::quantity::fmt_count;
use crate::runner::{Runner, Task};
use crate::sim::failover::{self, FailoverSim, Store};
use crate::sim::{ParamTable, Valid};
use crate::ui::Cx;
use crate::ui::kit::plot::KeyMark;
use crate::ui::stage::mc_stream::{count_slider, percent_slider, spawn_mc};
use crate::ui::stage::{Experiment, Presets, Rerun, RunStatus, Stage, Steps};
use figure::{BARS, EXACT, FailoverView, SIMULATED, comparison_plot, histogram_plot, numbers};
use settings::{WhereParams, model_store, row, stores};
pub use words::twice_words;

type RunKey = (WhereParams, u64);

/// Section 5 on the stage.
pub type WhereLock = Stage<Where>;

/// Section 5, ready for the lesson (nothing runs until it is first shown): its presets are
/// the stores, in lesson order.
pub fn section() -> WhereLock {
    let presets = Presets::new(stores().len(), |p, i| WhereParams { store: i, ..*p });
    Stage::with_presets(Where::default(), presets)
}

/// The section's own part: its run, and the idea on show at the Redis row.
#[derive(Default)]
pub struct Where {
    run: Rerun<RunKey, Arc<FailoverView>>,
    /// At the Redis row: the second idea, what a lost lock costs (granted twice), instead
    /// of the first, how many locks a failover loses. (Kept apart from the settings, whose
    /// `twice` stays off, so that a change of step neither reruns the model nor counts as
    /// a change of settings; codes carry it: see [`Experiment::shared`].)
    twice: bool,
    /// The prediction is being asked: the lag, which with the rate would give its answer
    /// away, waits until it is made.
    asking: bool,
    /// The height Redlock's list of failure modes takes at the figure's width (its figure is
    /// words, measured at every store: the stage keeps that much room at all of them).
    redlock_height: f32,
}

/// The paragraphs of the introduction for each idea, in `assets/lesson.ron`'s order: the
/// failover's loss (with what Redis is), what "granted twice" means, why consensus differs,
/// and Redlock.
const INTRO_LOSS: usize = 0;
const INTRO_TWICE: usize = 1;
const INTRO_CONSENSUS: usize = 2;
const INTRO_REDLOCK: usize = 3;

/// True for the single Redis row, the one with a replica to fail over to.
fn is_replicated(store: usize) -> bool {
    !row(store).consensus && !is_redlock(store)
}

/// True for the Redlock row: its step shows Redlock's own failure modes, not the model.
fn is_redlock(store: usize) -> bool {
    row(store).id == "redlock"
}

fn lab_words() -> &'static crate::lab::failover::text::LabFailover {
    crate::lab::failover::text::words()
}

/// The link to the lab's experiment for this store (every store has one).
fn lab_link(ui: &mut Ui, cx: &mut Cx<'_>, store: usize) {
    if let Some(link) = lab_words().section5.get(&row(store).id)
        && ui.link(&link.text).clicked()
    {
        cx.emit(crate::ui::AppEvent::OpenLab(link.experiment.clone()));
    }
}

fn spawn(runner: &Runner, p: WhereParams, seed: u64) -> Task<Arc<FailoverView>> {
    let sim = FailoverSim::new(&Valid::clamped(p.model));
    spawn_mc(runner, "failover", sim, seed, move |sim, acc| {
        Arc::new(FailoverView {
            acc: acc.clone(),
            summary: sim.summary(acc, seed),
            store: p.store,
        })
    })
}

impl Where {
    /// A replicated store's histogram, or a consensus store's comparison, filling `size`.
    fn store_figure(&self, ui: &mut Ui, cx: &mut Cx<'_>, size: Vec2) {
        match self.run.latest() {
            Some(v) if row(v.store).consensus => comparison_plot(ui, cx, v, size),
            Some(v) => {
                histogram_plot(ui, cx, v, size, self.twice);
            }
            None => {
                ui.allocate_space(size);
            }
        }
    }
}

impl Experiment for Where {
    type Params = WhereParams;
    const ID: &'static str = "where";
    const STEPS_IN_CODE: bool = true;

    fn shared(&self, p: &WhereParams) -> WhereParams {
        WhereParams {
            twice: self.twice && is_replicated(p.store),
            ..*p
        }
    }

    fn set_shared(&mut self, p: &mut WhereParams, code: WhereParams) {
        self.twice = code.twice && is_replicated(code.store);
        *p = WhereParams {
            twice: false,
            ..code
        };
    }

    fn refresh(&mut self, runner: &Runner, p: &mut WhereParams, seed: u64, status: &mut RunStatus) {
        p.store = p.store.min(stores().len() - 1);
        p.model.store = model_store(row(p.store));
        p.model = p.model.clamped_all();
        let p = *p;
        self.run.ensure((p, seed), |_| spawn(runner, p, seed));
        status.show(
            &self.run,
            t!("sections.where.progress"),
            t!("sections.where.progress.unit"),
        );
    }

    fn headline(&self, _p: &WhereParams) -> Option<String> {
        self.run.latest().map(|v| self.headline_for(v))
    }

    fn intro_paragraphs(&self, p: &WhereParams) -> Option<Vec<usize>> {
        let store = p.store;
        Some(if row(store).consensus {
            vec![INTRO_CONSENSUS]
        } else if is_redlock(store) {
            vec![INTRO_REDLOCK]
        } else if self.twice {
            vec![INTRO_TWICE]
        } else {
            vec![INTRO_LOSS]
        })
    }

    fn legend(&self, _cx: &Cx<'_>, _p: &WhereParams) -> Vec<KeyMark> {
        let Some(v) = self.run.latest().filter(|v| !is_redlock(v.store)) else {
            return Vec::new();
        };
        // A consensus store loses nothing by construction: its figure compares exact means.
        if v.summary.params.store == Store::Consensus {
            return vec![KeyMark::Bar(
                BARS,
                t!("sections.where.key.consensus").into(),
            )];
        }
        let value = |x: f64| [("value", fmt_count(x))];
        let twice = self.twice.then(|| {
            KeyMark::Line(
                figure::TWICE,
                false,
                tf!(
                    "sections.where.key.twice",
                    &value(v.summary.expected_double_granted),
                ),
            )
        });
        let mut marks = vec![
            KeyMark::Bar(BARS, t!("sections.where.key.bars").into()),
            KeyMark::Line(
                EXACT,
                false,
                tf!("sections.where.key.exact", &value(v.summary.expected_lost)),
            ),
            KeyMark::Line(
                SIMULATED,
                true,
                tf!(
                    "sections.where.key.simulated",
                    &value(v.summary.mean_lost.value),
                ),
            ),
        ];
        marks.extend(twice);
        marks
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut WhereParams, size: Vec2) {
        // Redlock's list takes the figure's room at every store (measured unseen at the
        // others'): choosing Redlock moves nothing under the figure.
        // (On a slide each store is a build of its own: Redlock's list keeps no room under
        // the others' figures.)
        let redlock = is_redlock(p.store);
        if cx.lecture && !redlock {
            self.redlock_height = 0.0;
            return self.store_figure(ui, cx, size);
        }
        let rect = egui::Rect::from_min_size(ui.cursor().min, vec2(size.x, f32::INFINITY));
        let builder = egui::UiBuilder::new().max_rect(rect);
        let builder = if redlock {
            builder
        } else {
            builder.invisible().sizing_pass()
        };
        let h = ui
            .new_child(builder)
            .scope(|ui| {
                ui.set_width(size.x);
                crate::ui::sections::lab::failover::redlock_modes(ui, cx);
            })
            .response
            .rect
            .height();
        if (h - self.redlock_height).abs() > 0.5 {
            self.redlock_height = h;
            ui.ctx().request_repaint();
        }
        if redlock {
            // The rest of the room stays empty: the figure takes its whole room (and no less
            // than the list, so a list taller than a first frame's room is seen as such).
            ui.allocate_space(vec2(size.x, size.y.max(h)));
            return;
        }
        self.store_figure(ui, cx, size);
    }

    fn readable_height(&self, ui: &Ui, _cx: &Cx<'_>, p: &WhereParams) -> f32 {
        // The histogram's value axis: three rows of tick labels (a labelled step is two rows,
        // see `figure::histogram_plot`) and a row above for the mean granted twice.
        let rows = if is_replicated(p.store) {
            3.0
        } else {
            crate::ui::kit::readable::value_axis_rows(ui.ctx())
        };
        crate::ui::kit::readable::readable_height(ui, rows).max(self.redlock_height)
    }

    fn slide_headline(&self, _p: &WhereParams) -> Option<String> {
        let v = self.run.latest()?;
        if is_redlock(v.store) {
            return Some(lab_words().redlock_slide.clone());
        }
        if row(v.store).consensus {
            return Some(Self::consensus_slide(v.store, &v.summary.params));
        }
        // What a lost lock costs, in short: when a lost lock is granted twice is the
        // lecturer's to say (the speaker notes).
        (self.twice && is_replicated(v.store))
            .then(|| twice_words(v.summary.expected_double_granted))
    }

    fn other_headlines(&self, _p: &WhereParams, slide: bool) -> Vec<String> {
        // (A slide's stores are builds of their own, each with its own run: a learner's
        // click must not move the row under the mouse.)
        if slide {
            // (The consensus builds' headlines: the figure under them holds still.)
            let Some(v) = self.run.latest().filter(|v| row(v.store).consensus) else {
                return Vec::new();
            };
            (0..stores().len())
                .filter(|&i| row(i).consensus)
                .map(|i| Self::consensus_slide(i, &v.summary.params))
                .collect()
        } else {
            vec![lab_words().redlock_headline.clone()]
        }
    }

    fn asking(&mut self, asking: bool) {
        self.asking = asking;
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut WhereParams) {
        if cx.lecture {
            // On the projector the stores are the builds, named by the figure and the
            // headline: the figure takes the row (the console keeps it).
            if !crate::ui::shell::presenter::is_console(ui) {
                return;
            }
            ui.horizontal_wrapped(|ui| {
                for (i, row) in stores().iter().enumerate() {
                    let short = row.name.split(" (").next().unwrap_or(&row.name);
                    if ui.selectable_label(p.store == i, short).clicked() {
                        p.store = i;
                    }
                }
            });
            return;
        }
        self.learner_controls(ui, p);
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut WhereParams) -> bool {
        let p = &mut p.model;
        percent_slider(ui, &failover::CONTENTION, &mut p.contention, false);
        count_slider(ui, &failover::FAILOVERS, &mut p.failovers)
            .on_hover_text(t!("sections.where.failovers.hover"));
        true
    }

    fn details(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &WhereParams) {
        lab_link(ui, cx, p.store);
        ui.add_space(4.0);
        // The simulated numbers belong to the store that was simulated: the single Redis row
        // (a consensus store is not simulated; its zero is by construction).
        if let Some(v) = self.run.latest().filter(|v| is_replicated(v.store)) {
            ui.label(RichText::new(t!("sections.where.numbers")).strong());
            numbers(ui, v);
            ui.add_space(8.0);
        }
        ui.label(RichText::new(t!("sections.where.table")).strong());
        self.table(ui, p.store);
    }

    fn observed(&self, _p: &WhereParams) -> Option<(f64, String)> {
        // The exact mean loss of one failover (zero for a consensus store); none for Redlock,
        // whose step shows its own failure modes instead of the model.
        let view = self.run.fresh().filter(|v| !is_redlock(v.store))?;
        let lost = view.summary.expected_lost;
        Some((
            lost,
            tf!("sections.where.observed", &[("lost", fmt_count(lost))]),
        ))
    }

    fn settings(&self, p: &WhereParams) -> Option<crate::predict::ModelParams> {
        // The model of the store on screen (none for Redlock, whose step shows its own
        // failure modes).
        let store = p.store;
        let model = failover::FailoverParams {
            store: if is_replicated(store) {
                Store::Redis
            } else {
                Store::Consensus
            },
            ..p.model
        };
        (!is_redlock(store)).then_some(crate::predict::ModelParams::new(model))
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        (t!("sections.where.axis_x"), t!("sections.where.axis_y"))
    }

    fn csv(&self, _p: &WhereParams) -> Option<String> {
        let view = self.run.latest().filter(|v| !is_redlock(v.store))?;
        let h = &view.acc.lost_hist;
        let width = (h.hi - h.lo) / h.bins.len() as f64;
        let mut out = String::from("lost_from,lost_to,failovers,share\n");
        let n = view.acc.failovers.max(1) as f64;
        for (i, &c) in h.bins.iter().enumerate() {
            let first = h.lo + i as f64 * width;
            out.push_str(&format!(
                "{first},{},{c},{}\n",
                first + width - 1.0,
                c as f64 / n
            ));
        }
        Some(out)
    }

    /// The Redis row's two ideas, one build each: the loss, then what it costs
    /// (`choice-1-cost`, which codes carry); one step at the other stores.
    fn steps(&self, p: &WhereParams) -> Steps {
        if !is_replicated(p.store) {
            return Steps::one();
        }
        Steps {
            count: 2,
            at: usize::from(self.twice),
            name: self.twice.then(|| format!("choice-{}-cost", p.store + 1)),
        }
    }

    fn show_step(&mut self, _p: &WhereParams, step: usize) {
        self.twice = step == 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The question speaks of a Redis primary and its replica: it is asked, and judged, only
    /// while such a store is on show (a consensus row or Redlock before the reveal asks
    /// nothing, so "None" is never marked right against a store the question does not name).
    #[test]
    fn the_question_is_asked_only_of_a_replicated_store() {
        let w = Where::default();
        let mut p = WhereParams::default();
        for store in 0..stores().len() {
            p.store = store;
            assert_eq!(w.prompt_fits(&p), is_replicated(store), "{}", row(store).id);
        }
    }
}
