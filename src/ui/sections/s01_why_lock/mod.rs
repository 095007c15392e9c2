//! Section 1, "Why a lock": lost updates on a shared counter.
//!
//! Two runs per setting, one without and one with the lock (same parameters and seed), drawn
//! as the counter climbing over simulated time and animated by the playback; the mode the
//! learner chose stands out, the other is faded for comparison. A second run averages the
//! lost updates over eight seeds for every number of workers: beside the counter on a wide
//! stage, in the reading column otherwise.

mod figure;
mod real;
mod runs;

use std::sync::Arc;

use egui::{RichText, TextStyle, Ui, Vec2, vec2};
use egui_plot::MarkerShape;

use self::figure::{mode_styles, title};
use self::real::RealThreads;
use self::runs::{CURVE_SEEDS, Pair, RunKey, spawn_curve, spawn_runs};
use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::{duration_ms, fmt_int};
use crate::lesson::section_words;
use crate::runner::Runner;
use crate::sim::ParamTable;
use crate::sim::counter::{self, CounterParams};
use crate::ui::Cx;
use crate::ui::kit::plot::{self, KeyMark, palette};
use crate::ui::kit::widgets::{self, Playback};
use crate::ui::shell::keymap::Action;
use crate::ui::stage::{Experiment, Rerun, RunStatus, Stage, builds};
use serde::Deserialize;

/// From this stage width (points) the lost-updates curve sits beside the counter.
const CURVE_BESIDE: f32 = 900.0;
/// Height of the lost-updates curve when it sits in the reading column.
const CURVE_HEIGHT: f32 = 240.0;
/// Steps of the counter animation (the Step button and the S key).
const PLAYBACK_STEPS: f64 = 40.0;

/// Section 1 on the stage.
pub type WhyLock = Stage<Counter>;

/// Section 1, ready for the lesson (nothing runs until it is first shown).
pub fn section() -> WhyLock {
    Stage::new(Counter::default())
}

/// The section's own part: its two runs, the playback and the real threads.
pub struct Counter {
    runs: Rerun<RunKey, Arc<Pair>>,
    curve: Rerun<RunKey, Vec<[f64; 2]>>,
    pub playback: Playback,
    /// The lost-updates curve was drawn beside the counter in the last frame.
    curve_beside: bool,
    /// The figure was last drawn on a slide.
    on_slide: bool,
    /// The optional experiment on real threads (not seeded).
    real: RealThreads,
}

impl Default for Counter {
    fn default() -> Self {
        Self {
            runs: Rerun::default(),
            curve: Rerun::default(),
            playback: Playback::new(4.0),
            curve_beside: false,
            on_slide: false,
            real: RealThreads::default(),
        }
    }
}

/// What the two counter runs depend on (the lock only chooses which one the headline tells).
fn runs_key(p: &CounterParams, seed: u64) -> RunKey {
    (CounterParams { lock: false, ..*p }, seed)
}

/// What the curve depends on: everything but the lock and the number of workers.
fn curve_key(p: &CounterParams, seed: u64) -> RunKey {
    let workers = counter::WORKERS.default as u32;
    (
        CounterParams {
            lock: false,
            workers,
            ..*p
        },
        seed,
    )
}

impl Counter {
    /// The headline for a finished pair of runs, with the lock on or off as in `settings`.
    pub fn headline_for(&self, settings: &CounterParams, pair: &Pair) -> String {
        let p = &pair.key.0;
        let words = words();
        let (template, r) = if settings.lock {
            (&words.with_lock, &pair.on.run)
        } else {
            (&words.without_lock, &pair.off.run)
        };
        crate::lesson::fill(
            template,
            &[
                ("workers", p.workers.to_string()),
                ("expected", fmt_int(p.expected())),
                ("counter", fmt_int(r.final_counter)),
                ("lost", fmt_int(r.lost_updates)),
            ],
        )
    }
}

impl Counter {
    /// The headline while the counter climbs, with the lock on or off as in `settings`.
    fn climbing(&self, settings: &CounterParams, pair: &Pair) -> String {
        let p = &pair.key.0;
        let words = words();
        let template = if settings.lock {
            &words.climbing_with_lock
        } else {
            &words.climbing
        };
        crate::lesson::fill(
            template,
            &[
                ("workers", p.workers.to_string()),
                ("expected", fmt_int(p.expected())),
            ],
        )
    }
}

impl Experiment for Counter {
    type Params = CounterParams;
    const ID: &'static str = "why-lock";

    fn refresh(
        &mut self,
        runner: &Runner,
        p: &mut CounterParams,
        seed: u64,
        status: &mut RunStatus,
    ) {
        *p = p.clamped_all();
        let p = *p;
        if self
            .runs
            .ensure(runs_key(&p, seed), |&k| spawn_runs(runner, k))
        {
            self.playback.restart();
        }
        self.curve
            .ensure(curve_key(&p, seed), |&k| spawn_curve(runner, k));
        status.watch(&self.runs);
        status.show(
            &self.curve,
            t!("sections.why-lock.progress.curve"),
            t!("sections.why-lock.progress.unit"),
        );
    }

    fn headline(&self, p: &CounterParams) -> Option<String> {
        self.runs.latest().map(|pair| self.headline_for(p, pair))
    }

    /// On a slide, while the counter climbs, what the workers are doing: the class never
    /// reads a count the figure has not reached (a learner's headline has it at once).
    fn slide_headline(&self, p: &CounterParams) -> Option<String> {
        let pair = self.runs.latest()?;
        (self.playback.position < 1.0).then(|| self.climbing(p, pair))
    }

    /// On a slide, told once the counter has climbed to its end: the line on the class's
    /// prediction waits for the count it speaks of.
    fn result_told(&self) -> bool {
        !self.on_slide || self.playback.position >= 1.0
    }

    /// On a slide, while the counter climbs.
    fn telling(&self) -> bool {
        !self.result_told()
    }

    /// The counter at its end at once.
    fn tell_now(&mut self) {
        self.playback.position = 1.0;
        self.playback.playing = false;
    }

    fn other_headlines(&self, p: &CounterParams, slide: bool) -> Vec<String> {
        match self.runs.latest() {
            Some(pair) if slide => vec![self.climbing(p, pair), self.headline_for(p, pair)],
            _ => Vec::new(),
        }
    }

    fn key(&mut self, p: &mut CounterParams, action: Action) {
        match action {
            Action::ToggleLock => p.lock = !p.lock,
            other => builds::playback_key(&mut self.playback, other, PLAYBACK_STEPS),
        }
    }

    fn legend(&self, cx: &Cx<'_>, p: &CounterParams) -> Vec<KeyMark> {
        let lock = p.lock;
        let [(c_off, _), (c_on, _)] = mode_styles(lock, cx.lecture);
        let (off, on) = if lock {
            (
                t!("sections.why-lock.key.without_compared"),
                t!("sections.why-lock.key.with_chosen"),
            )
        } else {
            (
                t!("sections.why-lock.key.without_chosen"),
                t!("sections.why-lock.key.with_compared"),
            )
        };
        let mut key = vec![
            KeyMark::Line(c_off, false, off.into()),
            KeyMark::Line(c_on, false, on.into()),
            KeyMark::Line(
                palette::GREY,
                true,
                tf!(
                    "sections.why-lock.key.should_be",
                    &[("total", fmt_int(p.expected()))],
                ),
            ),
        ];
        if self.curve_beside {
            key.push(KeyMark::Shape(
                MarkerShape::Circle,
                palette::VERMILION,
                tf!(
                    "sections.why-lock.key.curve_right",
                    &[("seeds", CURVE_SEEDS.to_string())],
                ),
            ));
        }
        key
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut CounterParams, size: Vec2) {
        let Some(pair) = self.runs.latest().cloned() else {
            ui.allocate_space(size);
            return;
        };
        // A result left over from other settings stays still until the new one is in.
        if self.runs.key() == Some(&pair.key) {
            self.playback.tick(ui, cx.reduced_motion);
        }
        self.curve_beside = size.x >= CURVE_BESIDE;
        self.on_slide = cx.lecture;
        if self.curve_beside {
            // Two figures: each with its title.
            let title_h = ui.text_style_height(&TextStyle::Body) + ui.spacing().item_spacing.y;
            let h = size.y - title_h;
            let gap = 16.0;
            let left = ((size.x - gap) * 0.55).floor();
            let right = size.x - gap - left;
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = gap;
                ui.vertical(|ui| {
                    title(ui, t!("sections.why-lock.title.counter"));
                    self.counter_plot(ui, cx, p, &pair, vec2(left, h));
                });
                ui.vertical(|ui| {
                    title(ui, t!("sections.why-lock.title.curve"));
                    self.curve_plot(ui, cx, p, vec2(right, h));
                });
            });
        } else {
            self.counter_plot(ui, cx, p, &pair, size);
        }
    }

    /// The plot's ticks, and above and beside it what does not shrink: the room at its top,
    /// the line of words under it (two lines where it wraps) and, with the curve beside it,
    /// the figures' titles.
    fn readable_height(&self, ui: &Ui, _cx: &Cx<'_>, _p: &CounterParams) -> f32 {
        let row = ui.text_style_height(&TextStyle::Body);
        let gap = ui.spacing().item_spacing.y;
        let titles = if self.curve_beside { row + gap } else { 0.0 };
        crate::ui::kit::readable::readable_height(
            ui,
            crate::ui::kit::readable::value_axis_rows(ui.ctx()),
        ) + 0.5 * row
            + 2.0 * row
            + 3.0 * gap
            + titles
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut CounterParams) {
        let sliders = |ui: &mut Ui, p: &mut CounterParams| {
            widgets::table_slider(ui, p, &counter::WORKERS);
            widgets::table_slider(ui, p, &counter::INCREMENTS);
        };
        let lock = |ui: &mut Ui, p: &mut CounterParams| {
            ui.checkbox(&mut p.lock, t!("sections.why-lock.lock"))
                .on_hover_text(t!("sections.why-lock.lock.hover"));
        };
        if cx.lecture {
            // A slide's one row: the lock and the workers (K, S and X drive the animation).
            ui.horizontal(|ui| {
                ui.spacing_mut().slider_width = 80.0;
                lock(ui, p);
                ui.separator();
                widgets::table_slider(ui, p, &counter::WORKERS);
            });
            return;
        }
        // The toggle and both sliders on one row when they fit, one below the other if not.
        let others = widgets::text_width(ui, t!("sections.why-lock.lock")) + 50.0;
        let labels = [
            crate::ui::kit::params::label(&counter::WORKERS),
            crate::ui::kit::params::label(&counter::INCREMENTS),
        ];
        if let Some(width) = widgets::row_slider_width(ui, &labels, others) {
            ui.horizontal(|ui| {
                ui.spacing_mut().slider_width = width;
                lock(ui, p);
                ui.separator();
                sliders(ui, p);
            });
        } else {
            lock(ui, p);
            sliders(ui, p);
        }
        if !cx.reduced_motion {
            self.playback.ui(ui, PLAYBACK_STEPS);
        }
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut CounterParams) -> bool {
        ui.label(RichText::new(t!("sections.why-lock.drawer.increment")).strong());
        widgets::table_slider(ui, p, &counter::THINK_MS);
        widgets::table_slider(ui, p, &counter::GAP_MS);
        true
    }

    fn details(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &CounterParams) {
        if let Some(pair) = self.runs.latest() {
            let (off, on) = (&pair.off.run, &pair.on.run);
            ui.add_space(4.0);
            ui.label(tf!(
                "sections.why-lock.price",
                &[
                    ("total", fmt_int(pair.key.0.expected())),
                    ("with", duration_ms(on.elapsed_ms)),
                    ("without", duration_ms(off.elapsed_ms)),
                    (
                        "ratio",
                        crate::lesson::quantity::trim_sig2(
                            on.elapsed_ms / off.elapsed_ms.max(f64::MIN_POSITIVE),
                        ),
                    ),
                ],
            ));
        }
        if !self.curve_beside {
            ui.add_space(8.0);
            title(ui, t!("sections.why-lock.title.curve"));
            let width = ui.available_width();
            plot::with_axis_room(ui, width, |ui, w| {
                self.curve_plot(ui, cx, p, vec2(w, CURVE_HEIGHT));
            });
        }
        ui.add_space(6.0);
        self.real.ui(ui, cx.runner, p.workers, p.increments);
    }

    fn observed(&self, p: &CounterParams) -> Option<(f64, String)> {
        // The counter without the lock, as a fraction of every increment made.
        let pair = self.runs.fresh()?;
        let total = p.expected();
        let shown = pair.off.run.final_counter;
        Some((
            shown as f64 / total.max(1) as f64,
            tf!(
                "sections.why-lock.observed",
                &[("counter", fmt_int(shown)), ("total", fmt_int(total))],
            ),
        ))
    }

    fn settings(&self, p: &CounterParams) -> Option<crate::predict::ModelParams> {
        Some(crate::predict::ModelParams::new(*p))
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        (
            t!("sections.why-lock.axis_x"),
            t!("sections.why-lock.axis_y"),
        )
    }

    fn csv(&self, _p: &CounterParams) -> Option<String> {
        let pair = self.runs.latest()?;
        let mut out = String::from("mode,time_ms,worker,counter,overwrote_an_update\n");
        for (mode, s) in [("without_lock", &pair.off), ("with_lock", &pair.on)] {
            for w in &s.run.writes {
                out.push_str(&format!(
                    "{mode},{},{},{},{}\n",
                    w.t_ms, w.worker, w.counter, w.overwrote
                ));
            }
        }
        Some(out)
    }
}

/// Section 1. Slots: `{workers}`, `{expected}`, `{counter}`, `{lost}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterWords {
    pub without_lock: String,
    /// While the counter climbs: `{workers}`, `{expected}`.
    pub climbing: String,
    pub climbing_with_lock: String,
    pub with_lock: String,
}

/// The templates of this section's headlines, once per language.
fn words() -> &'static CounterWords {
    static WORDS: PerLanguage<CounterWords> = PerLanguage::new();
    WORDS.get(|_| section_words::headlines("why-lock"))
}
