//! Section 1, "Why a lock": lost updates on a shared counter.
//!
//! Two runs per setting, one without and one with the lock (same parameters and seed), drawn
//! as the counter climbing over simulated time and animated by the playback; the mode the
//! learner chose stands out, the other is faded for comparison. A second run averages the
//! lost updates over eight seeds for every number of workers: beside the counter on a wide
//! stage, in the reading column otherwise.

mod real;
mod runs;

use std::sync::Arc;

use egui::{RichText, TextStyle, Ui, Vec2, vec2};
use egui_plot::{HLine, Line, LineStyle, MarkerShape, Plot, PlotPoints, Points, VLine};

use self::real::RealThreads;
use self::runs::{CURVE_SEEDS, Key, Pair, spawn_curve, spawn_runs};
use super::Cx;
use super::fmt::{fmt_int, fmt_ms};
use super::keymap::Action;
use super::pairs::{PairsBuilder, PairsReader};
use super::plot::{self, KeyMark, palette};
use super::stage::{Experiment, Rerun, Stage, builds};
use super::widgets::{self, Playback};
use crate::runner::Runner;
use crate::sim::ParamTable;
use crate::sim::counter::{self, CounterParams};

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

/// The section's own part: its settings, its two runs, the playback and the real threads.
pub struct Counter {
    pub params: CounterParams,
    runs: Rerun<Key, Arc<Pair>>,
    curve: Rerun<Key, Vec<[f64; 2]>>,
    pub playback: Playback,
    /// The lost-updates curve was drawn beside the counter in the last frame.
    curve_beside: bool,
    /// The optional experiment on real threads (not seeded).
    real: RealThreads,
}

impl Default for Counter {
    fn default() -> Self {
        Self {
            params: CounterParams::default(),
            runs: Rerun::default(),
            curve: Rerun::default(),
            playback: Playback::new(4.0),
            curve_beside: false,
            real: RealThreads::default(),
        }
    }
}

/// What the two counter runs depend on (the lock only chooses which one the headline tells).
fn runs_key(p: &CounterParams, seed: u64) -> Key {
    (CounterParams { lock: false, ..*p }, seed)
}

/// What the curve depends on: everything but the lock and the number of workers.
fn curve_key(p: &CounterParams, seed: u64) -> Key {
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

/// The colour and width factor of each mode, `[without, with]`: the chosen one in full and
/// thicker, the other faded and thinner.
fn mode_styles(lock: bool) -> [(egui::Color32, f32); 2] {
    let chosen = |c: egui::Color32| (c, 1.3);
    let faded = |c: egui::Color32| (c.gamma_multiply(0.4), 0.7);
    if lock {
        [faded(palette::VERMILION), chosen(palette::BLUE)]
    } else {
        [chosen(palette::VERMILION), faded(palette::BLUE)]
    }
}

impl Counter {
    /// The headline for a finished pair of runs.
    pub fn headline_for(&self, pair: &Pair) -> String {
        let p = &pair.key.0;
        let should = fmt_int(p.expected());
        if self.params.lock {
            let r = &pair.on.run;
            format!(
                "With the lock, {} workers made {should} increments and the counter says {}: \
                 {} updates were lost, because each worker read only after the previous one had written.",
                p.workers,
                fmt_int(r.final_counter),
                fmt_int(r.lost_updates),
            )
        } else {
            let r = &pair.off.run;
            format!(
                "{} workers added up {should} increments but the counter says {}: {} updates \
                 were overwritten by workers that had read an old value.",
                p.workers,
                fmt_int(r.final_counter),
                fmt_int(r.lost_updates),
            )
        }
    }

    /// The counter over simulated time, both modes, up to the playback position, with a line
    /// of words under it; fills `size`.
    fn counter_plot(&self, ui: &mut Ui, cx: &Cx<'_>, pair: &Pair, size: Vec2) {
        let end = pair.on.run.elapsed_ms.max(pair.off.run.elapsed_ms);
        let t = self.playback.position * end;
        let (off_pts, off_now, off_done) = pair.off.until(t);
        let (on_pts, on_now, on_done) = pair.on.until(t);
        let should = pair.key.0.expected() as f64;
        let w = plot::line_width(cx);
        let lock = self.params.lock;
        let [(c_off, w_off), (c_on, w_on)] = mode_styles(lock);
        let mut lines = [
            Line::new("without a lock", PlotPoints::Owned(off_pts))
                .color(c_off)
                .width(w * w_off),
            Line::new("with the lock", PlotPoints::Owned(on_pts))
                .color(c_on)
                .width(w * w_on),
        ];
        if !lock {
            // The chosen mode last, so that it is drawn on top.
            lines.reverse();
        }
        let words = format!(
            "At {}: without a lock {} writes have left the counter at {}; with the lock {} writes, counter {}.",
            fmt_ms(t),
            fmt_int(off_done as u64),
            fmt_int(off_now),
            fmt_int(on_done as u64),
            fmt_int(on_now),
        );
        let galley = egui::WidgetText::from(words).into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            size.x,
            TextStyle::Body,
        );
        let top = top_room(ui);
        let height = size.y - top - galley.size().y - 2.0 * ui.spacing().item_spacing.y;
        let response = Plot::new("s1-counter")
            .width(size.x)
            .height(height.max(120.0))
            .x_axis_label("simulated time (ms)")
            .y_axis_label("counter")
            .include_x(0.0)
            .include_x(end)
            .include_y(0.0)
            .include_y(should * 1.05)
            .allow_scroll(false)
            .show(ui, |p| {
                p.hline(
                    HLine::new("should be W·N", should)
                        .color(plot::colour(cx, palette::GREY))
                        .width(w * 0.8)
                        .style(LineStyle::dashed_loose()),
                );
                for line in lines {
                    p.line(line);
                }
            })
            .response;
        widgets::describe_plot(&response, "Plot: the counter over time", "");
        ui.label(galley);
    }

    /// Mean lost updates against the number of workers, the current number marked.
    fn curve_plot(&self, ui: &mut Ui, cx: &Cx<'_>, size: Vec2) {
        let pts = self.curve.latest().cloned().unwrap_or_default();
        let w = plot::line_width(cx);
        let workers = self.params.workers;
        let description = match (pts.first(), pts.last(), self.curve.finished()) {
            (Some(first), Some(last), true) => format!(
                "Without a lock, {} updates are lost on average over {CURVE_SEEDS} seeds with one \
                 worker and {} with {} workers.",
                fmt_int(first[1].round() as u64),
                fmt_int(last[1].round() as u64),
                last[0],
            ),
            _ => "The curve is still being computed.".to_owned(),
        };
        let top = top_room(ui);
        let response = Plot::new("s1-curve")
            .width(size.x)
            .height(size.y - top)
            .x_axis_label("workers")
            .y_axis_label(format!("lost updates (mean over {CURVE_SEEDS} seeds)"))
            .include_x(0.0)
            .include_x(counter::WORKERS.max + 0.5)
            .include_y(0.0)
            .allow_scroll(false)
            .show(ui, |p| {
                p.vline(
                    VLine::new(format!("now: {workers} workers"), f64::from(workers))
                        .color(plot::colour(cx, palette::GREY))
                        .width(w * 0.6),
                );
                p.line(
                    Line::new("without a lock", pts.clone())
                        .color(palette::VERMILION)
                        .width(w),
                );
                p.points(
                    Points::new("", pts)
                        .color(palette::VERMILION)
                        .radius(plot::marker_radius(cx)),
                );
            })
            .response;
        widgets::describe_plot(
            &response,
            "Plot: lost updates against the number of workers",
            &description,
        );
    }
}

/// Leaves room above a plot for its top tick's label; returns the height used.
fn top_room(ui: &mut Ui) -> f32 {
    let top = 0.5 * ui.text_style_height(&TextStyle::Body);
    ui.add_space(top);
    top
}

/// A figure's title line.
fn title(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).strong());
}

impl Experiment for Counter {
    crate::stage_params!(1, CounterParams);

    fn settings(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.table(&self.params).flag("lock", self.params.lock)
    }

    fn read_settings(&self, r: &mut PairsReader<'_>) -> Result<CounterParams, String> {
        r.table_and_flag(CounterParams::default(), "lock", |p| &mut p.lock)
    }

    fn refresh(&mut self, runner: &Runner, seed: u64) {
        self.params = self.params.clamped_all();
        let p = self.params;
        if self
            .runs
            .ensure(runs_key(&p, seed), |&k| spawn_runs(runner, k))
        {
            self.playback.restart();
        }
        self.curve
            .ensure(curve_key(&p, seed), |&k| spawn_curve(runner, k));
    }

    fn headline(&self) -> Option<String> {
        self.runs.latest().map(|pair| self.headline_for(pair))
    }

    fn failure(&self) -> Option<String> {
        self.runs.failed().or_else(|| self.curve.failed())
    }

    fn busy(&self) -> bool {
        !self.runs.finished() || !self.curve.finished()
    }

    fn key(&mut self, action: Action) {
        match action {
            Action::ToggleLock => self.params.lock = !self.params.lock,
            other => builds::playback_key(&mut self.playback, other, PLAYBACK_STEPS),
        }
    }

    fn progress(&self, ui: &mut Ui) {
        self.curve
            .progress_ui(ui, "Computing the lost-updates curve", "worker counts");
    }

    fn legend(&self, _cx: &Cx<'_>) -> Vec<KeyMark> {
        let lock = self.params.lock;
        let [(c_off, _), (c_on, _)] = mode_styles(lock);
        let (off, on) = if lock {
            (
                "without a lock (faded, for comparison)",
                "with the lock (chosen)",
            )
        } else {
            (
                "without a lock (chosen)",
                "with the lock (faded, for comparison)",
            )
        };
        let mut key = vec![
            KeyMark::Line(c_off, false, off.into()),
            KeyMark::Line(c_on, false, on.into()),
            KeyMark::Line(
                palette::GREY,
                true,
                format!("should be W·N = {}", fmt_int(self.params.expected())),
            ),
        ];
        if self.curve_beside {
            key.push(KeyMark::Shape(
                MarkerShape::Circle,
                palette::VERMILION,
                format!("right: lost updates without a lock, mean over {CURVE_SEEDS} seeds"),
            ));
        }
        key
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, size: Vec2) {
        let Some(pair) = self.runs.latest().cloned() else {
            ui.allocate_space(size);
            return;
        };
        // A result left over from other settings stays still until the new one is in.
        if self.runs.key() == Some(&pair.key) {
            self.playback.tick(ui, cx.reduced_motion);
        }
        self.curve_beside = size.x >= CURVE_BESIDE;
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
                    title(ui, "The counter over time");
                    self.counter_plot(ui, cx, &pair, vec2(left, h));
                });
                ui.vertical(|ui| {
                    title(
                        ui,
                        "Lost updates without a lock, against the number of workers",
                    );
                    self.curve_plot(ui, cx, vec2(right, h));
                });
            });
        } else {
            self.counter_plot(ui, cx, &pair, size);
        }
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let p = &mut self.params;
        let sliders = |ui: &mut Ui, p: &mut CounterParams| {
            widgets::table_slider(ui, p, &counter::WORKERS);
            widgets::table_slider(ui, p, &counter::INCREMENTS);
        };
        let lock = |ui: &mut Ui, p: &mut CounterParams| {
            ui.checkbox(&mut p.lock, "Use a lock").on_hover_text(
                "Each worker takes a first-come, first-served lock before reading and releases it after writing",
            );
        };
        // The toggle and both sliders on one row when they fit, one below the other if not.
        let others = widgets::text_width(ui, "Use a lock") + 50.0;
        let labels = [counter::WORKERS.label, counter::INCREMENTS.label];
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

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>) -> bool {
        let p = &mut self.params;
        ui.label(RichText::new("One increment").strong());
        widgets::table_slider(ui, p, &counter::THINK_MS);
        widgets::table_slider(ui, p, &counter::GAP_MS);
        true
    }

    fn details(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        if let Some(pair) = self.runs.latest() {
            let (off, on) = (&pair.off.run, &pair.on.run);
            ui.add_space(4.0);
            ui.label(format!(
                "The price of the lock: the same {} increments took {} of simulated time with the \
                 lock and {} without it ({:.1}× as long), because workers had to wait for each other.",
                fmt_int(pair.key.0.expected()),
                fmt_ms(on.elapsed_ms),
                fmt_ms(off.elapsed_ms),
                on.elapsed_ms / off.elapsed_ms.max(f64::MIN_POSITIVE),
            ));
        }
        if !self.curve_beside {
            ui.add_space(8.0);
            title(
                ui,
                "Lost updates without a lock, against the number of workers",
            );
            let width = ui.available_width();
            self.curve_plot(ui, cx, vec2(width, CURVE_HEIGHT));
        }
        ui.add_space(6.0);
        let p = &self.params;
        self.real.ui(ui, cx.runner, p.workers, p.increments);
    }

    fn observed(&self) -> Option<(f64, String)> {
        // The counter without the lock, as a share of every increment made.
        let pair = self.runs.fresh()?;
        let total = self.params.expected();
        let shown = pair.off.run.final_counter;
        Some((
            shown as f64 / total.max(1) as f64,
            format!("{} of {}", fmt_int(shown), fmt_int(total)),
        ))
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        let p = &self.params;
        vec![
            ("workers", p.workers.to_string()),
            ("increments", fmt_int(u64::from(p.increments))),
            ("total", fmt_int(p.expected())),
        ]
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        ("simulated time (ms)", "counter")
    }

    fn csv(&self) -> Option<String> {
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
