//! Section 1, "Why a lock": lost updates on a shared counter.
//!
//! The worked example every interactive section follows: parameters in the section's state,
//! simulations started through the [`Runner`] whenever they change (never on the UI thread),
//! plots drawn from the latest snapshot, a computed headline and a "how" note.

use egui::{RichText, Ui};
use egui_plot::{Legend, Line, Plot, PlotPoint, PlotPoints, Points, VLine};

use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::widgets::{self, Playback, fmt_int, fmt_ms, palette};
use super::{Cx, Section};
use crate::runner::real_threads::{self, RealRun};
use crate::runner::{Runner, Task};
use crate::sim::counter::{self, CounterParams, CounterRun};

/// Seeds averaged for each point of the lost-updates curve.
const CURVE_SEEDS: u64 = 8;
/// Most points drawn for one counter line.
const MAX_POINTS: usize = 1500;

/// One run without and one with the lock, same parameters and seed.
pub struct Pair {
    pub off: Series,
    pub on: Series,
}

/// A run plus its counter line, thinned out for drawing.
pub struct Series {
    pub run: CounterRun,
    points: Vec<PlotPoint>,
}

impl Series {
    fn new(run: CounterRun) -> Self {
        let step = (run.writes.len() / MAX_POINTS).max(1);
        let mut points = vec![PlotPoint::new(0.0, 0.0)];
        points.extend(
            run.writes
                .iter()
                .enumerate()
                .filter(|(i, _)| i % step == 0 || *i + 1 == run.writes.len())
                .map(|(_, w)| PlotPoint::new(w.t_ms, w.counter as f64)),
        );
        Self { run, points }
    }

    /// The line up to simulated time `t_ms`, and the counter and number of writes by then.
    fn until(&self, t_ms: f64) -> (Vec<PlotPoint>, u64, usize) {
        let n = self.points.partition_point(|p| p.x <= t_ms);
        let done = self.run.writes.partition_point(|w| w.t_ms <= t_ms);
        let counter = if done == 0 {
            0
        } else {
            self.run.writes[done - 1].counter
        };
        let mut pts = self.points[..n].to_vec();
        if t_ms > 0.0 && t_ms < self.run.elapsed_ms {
            pts.push(PlotPoint::new(t_ms, counter as f64));
        }
        (pts, counter, done)
    }
}

pub struct WhyLock {
    pub params: CounterParams,
    pub seed: u64,
    runs: Task<Pair>,
    curve: Task<Vec<[f64; 2]>>,
    /// The parameters the running tasks were started with.
    started: (CounterParams, u64),
    pub playback: Playback,
    /// Where the counter plot was drawn last frame.
    plot_rect: Option<egui::Rect>,
    /// The optional experiment on real threads (not seeded).
    real: Option<Task<Option<RealRun>>>,
}

/// Pause between read and write in the real-threads experiment (timed on the clock).
const REAL_THINK: std::time::Duration = std::time::Duration::from_micros(100);

impl WhyLock {
    pub fn new(runner: &Runner) -> Self {
        let params = CounterParams::default();
        let seed = 1;
        Self {
            params,
            seed,
            runs: spawn_runs(runner, params, seed),
            curve: spawn_curve(runner, params, seed),
            started: (params, seed),
            playback: Playback::new(4.0),
            plot_rect: None,
            real: None,
        }
    }

    /// Starts new simulations if the parameters changed since the last ones.
    fn refresh(&mut self, runner: &Runner) {
        let key = CounterParams {
            lock: false,
            ..self.params
        };
        let (old, old_seed) = self.started;
        if key == old && self.seed == old_seed {
            return;
        }
        self.runs = spawn_runs(runner, key, self.seed);
        let curve_changed = old.increments != key.increments
            || old.think_ms != key.think_ms
            || old.gap_ms != key.gap_ms
            || old_seed != self.seed;
        if curve_changed {
            self.curve = spawn_curve(runner, key, self.seed);
        }
        self.started = (key, self.seed);
        self.playback.restart();
    }

    /// The headline for the finished runs.
    pub fn headline(&self, pair: &Pair) -> String {
        let p = &self.params;
        let should = fmt_int(p.expected());
        if p.lock {
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

    fn controls(&mut self, ui: &mut Ui) {
        let p = &mut self.params;
        widgets::slider_grid(
            ui,
            "s1-controls",
            vec![
                Box::new(|ui| {
                    widgets::param_slider_u32(ui, &counter::WORKERS, &mut p.workers);
                }),
                Box::new(|ui| {
                    widgets::param_slider_u32(ui, &counter::INCREMENTS, &mut p.increments);
                }),
                Box::new(|ui| {
                    widgets::param_slider(ui, &counter::THINK_MS, &mut p.think_ms);
                }),
                Box::new(|ui| {
                    widgets::param_slider(ui, &counter::GAP_MS, &mut p.gap_ms);
                }),
            ],
        );
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.params.lock, "Use a lock")
                .on_hover_text("Each worker takes a first-come, first-served lock before reading and releases it after writing");
            if ui.button("Reset to lesson defaults").clicked() {
                self.params = CounterParams::default();
                self.playback.restart();
            }
        });
    }
}

/// The counter over simulated time, both modes, up to the playback position. Returns where
/// the plot was drawn.
fn counter_plot(
    ui: &mut Ui,
    cx: &Cx<'_>,
    pair: &Pair,
    params: &CounterParams,
    position: f64,
    height: f32,
    description: &str,
) -> egui::Rect {
    let end = pair.on.run.elapsed_ms.max(pair.off.run.elapsed_ms);
    let t = position * end;
    let (off_pts, off_now, off_done) = pair.off.until(t);
    let (on_pts, on_now, on_done) = pair.on.until(t);
    let should = params.expected() as f64;
    let w = widgets::line_width(cx);
    let (w_off, w_on) = if params.lock {
        (w * 0.6, w * 1.4)
    } else {
        (w * 1.4, w * 0.6)
    };
    // The scope's rect takes in the axes and their labels (for a PNG export).
    let drawn = ui.scope(|ui| {
        Plot::new("s1-counter")
            .height(height)
            .legend(Legend::default().position(egui_plot::Corner::RightBottom))
            .x_axis_label("simulated time (ms)")
            .y_axis_label("counter")
            .include_x(0.0)
            .include_x(end)
            .include_y(0.0)
            .include_y(should * 1.05)
            .allow_scroll(false)
            .show(ui, |p| {
                p.hline(
                    egui_plot::HLine::new(
                        format!("should be W·N = {}", fmt_int(should as u64)),
                        should,
                    )
                    .color(palette::GREY)
                    .width(w * 0.8)
                    .style(egui_plot::LineStyle::dashed_loose()),
                );
                p.line(
                    Line::new("without a lock", PlotPoints::Owned(off_pts))
                        .color(palette::VERMILION)
                        .width(w_off),
                );
                p.line(
                    Line::new("with the lock", PlotPoints::Owned(on_pts))
                        .color(palette::BLUE)
                        .width(w_on),
                );
            })
            .response
    });
    let response = drawn.inner;
    widgets::describe_plot(&response, "Plot: the counter over time", description);
    ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "At {}: without a lock {} writes have left the counter at {}; with the lock {} writes, counter {}.",
                fmt_ms(t),
                fmt_int(off_done as u64),
                fmt_int(off_now),
                fmt_int(on_done as u64),
                fmt_int(on_now),
            ));
        });
    drawn.response.rect
}

/// Mean lost updates against the number of workers, with the current number marked.
fn curve_plot(ui: &mut Ui, cx: &Cx<'_>, curve: &Task<Vec<[f64; 2]>>, workers: u32, height: f32) {
    let snap = curve.snapshot();
    let pts = snap.result.clone().unwrap_or_default();
    let w = widgets::line_width(cx);
    let response = Plot::new("s1-curve")
        .height(height)
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .x_axis_label("workers")
        .y_axis_label(format!("lost updates (mean of {CURVE_SEEDS})"))
        .include_x(0.0)
        .include_x(counter::WORKERS.max + 0.5)
        .include_y(0.0)
        .allow_scroll(false)
        .show(ui, |p| {
            p.vline(
                VLine::new(format!("now: {workers} workers"), f64::from(workers))
                    .color(palette::GREY)
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
                    .radius(widgets::marker_radius(cx)),
            );
        })
        .response;
    let description = match (pts_first_last(&snap.result), snap.finished) {
        (Some((first, last)), true) => format!(
            "Without a lock, {} updates are lost on average with one worker and {} with {} workers.",
            fmt_int(first[1].round() as u64),
            fmt_int(last[1].round() as u64),
            last[0],
        ),
        _ => "The curve is still being computed.".to_owned(),
    };
    widgets::describe_plot(
        &response,
        "Plot: lost updates against the number of workers",
        &description,
    );
    if !snap.finished {
        ui.add(egui::ProgressBar::new(snap.progress()).text("computing the curve"));
    }
}

fn pts_first_last(pts: &Option<Vec<[f64; 2]>>) -> Option<([f64; 2], [f64; 2])> {
    let pts = pts.as_ref()?;
    Some((*pts.first()?, *pts.last()?))
}

impl WhyLock {
    /// "Beyond the model": the same increments on real operating-system threads.
    fn real_threads(&mut self, ui: &mut Ui, cx: &Cx<'_>) {
        egui::CollapsingHeader::new("Beyond the model: real threads on this computer").show(ui, |ui| {
            let (w, n) = (self.params.workers, self.params.increments);
            ui.label(format!(
                "{w} operating-system threads each add one {} times: read the shared number, wait \
                 {} µs, write back what was read plus one. First with nothing in between, then \
                 holding a real mutex. This is not seeded: the scheduler decides, so every run differs.",
                fmt_int(u64::from(n)),
                REAL_THINK.as_micros(),
            ));
            let running = self.real.as_ref().is_some_and(|t| !t.is_finished());
            ui.horizontal(|ui| {
                let label = if self.real.is_some() { "Run again on real threads" } else { "Run on real threads" };
                if ui.add_enabled(!running, egui::Button::new(label)).clicked() {
                    self.real = Some(cx.runner.spawn("real-threads", move |r| {
                        real_threads::run(w, n, REAL_THINK, r.cancel_flag())
                    }));
                }
                if running {
                    ui.spinner();
                    ui.label("running…");
                }
            });
            let result = self.real.as_ref().and_then(|t| t.snapshot().result.flatten());
            if let Some(r) = result {
                let should = u64::from(r.threads) * u64::from(r.increments);
                ui.label(format!(
                    "Without synchronisation the number ended at {} of {} ({} lost) in {}. With the \
                     mutex it ended at {} of {} in {}.",
                    fmt_int(r.unsynchronised),
                    fmt_int(should),
                    fmt_int(should - r.unsynchronised.min(should)),
                    fmt_ms(r.unsynchronised_ms),
                    fmt_int(r.with_mutex),
                    fmt_int(should),
                    fmt_ms(r.with_mutex_ms),
                ));
            }
        });
    }
}

fn spawn_runs(runner: &Runner, params: CounterParams, seed: u64) -> Task<Pair> {
    runner.spawn("counter", move |_| {
        let off = CounterParams {
            lock: false,
            ..params
        };
        let on = CounterParams {
            lock: true,
            ..params
        };
        // The UI clamps every slider, so the parameters are always valid.
        let run = |p: &CounterParams| counter::run(p, seed).expect("clamped parameters");
        Pair {
            off: Series::new(run(&off)),
            on: Series::new(run(&on)),
        }
    })
}

fn spawn_curve(runner: &Runner, params: CounterParams, seed: u64) -> Task<Vec<[f64; 2]>> {
    runner.spawn("lost-curve", move |r| {
        let seeds: Vec<u64> = (0..CURVE_SEEDS).map(|i| seed.wrapping_add(i)).collect();
        let max = counter::WORKERS.max as u32;
        let mut pts = Vec::with_capacity(max as usize);
        for w in 1..=max {
            if r.cancelled() {
                break;
            }
            pts.push([f64::from(w), counter::mean_lost(&params, w, &seeds)]);
            r.report(pts.clone(), u64::from(w), u64::from(max));
        }
        pts
    })
}

impl Section for WhyLock {
    fn number(&self) -> u8 {
        1
    }

    fn summary(&self) -> Option<String> {
        let snap = self.runs.snapshot();
        snap.result.as_ref().map(|pair| self.headline(pair))
    }

    fn scenario(&self) -> Option<Pairs> {
        let p = &self.params;
        Some(
            PairsBuilder::default()
                .num(&counter::WORKERS, f64::from(p.workers))
                .num(&counter::INCREMENTS, f64::from(p.increments))
                .num(&counter::THINK_MS, p.think_ms)
                .num(&counter::GAP_MS, p.gap_ms)
                .flag("lock", p.lock)
                .seed(self.seed)
                .build(),
        )
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let mut r = PairsReader::new(pairs);
        let d = CounterParams::default();
        let p = CounterParams {
            workers: r.num(&counter::WORKERS)?.map_or(d.workers, |v| v as u32),
            increments: r
                .num(&counter::INCREMENTS)?
                .map_or(d.increments, |v| v as u32),
            think_ms: r.num(&counter::THINK_MS)?.unwrap_or(d.think_ms),
            gap_ms: r.num(&counter::GAP_MS)?.unwrap_or(d.gap_ms),
            lock: r.flag("lock")?.unwrap_or(d.lock),
        };
        let seed = r.seed()?.unwrap_or(self.seed);
        r.finish()?;
        self.params = p;
        self.seed = seed;
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        let snap = self.runs.snapshot();
        let pair = snap.result.as_ref()?;
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

    fn plot_rect(&self) -> Option<egui::Rect> {
        self.plot_rect
    }

    fn animating(&self) -> bool {
        self.playback.playing
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.controls(ui);
        self.refresh(cx.runner);
        ui.add_space(8.0);

        let snap = self.runs.snapshot();
        let Some(pair) = snap.result.as_ref() else {
            widgets::no_result_yet(ui, snap.failed.as_deref(), Some("simulating"));
            return;
        };
        self.playback.tick(ui, cx.reduced_motion);
        widgets::headline(ui, &self.headline(pair));
        ui.add_space(8.0);

        let height = (ui.available_height() * 0.45).clamp(220.0, 420.0);
        let mut rect = None;
        let headline = self.headline(pair);
        let (params, playback, curve) = (&self.params, &mut self.playback, &self.curve);
        widgets::side_by_side(
            ui,
            |ui| {
                ui.label(RichText::new("The counter over time").strong());
                rect = Some(counter_plot(
                    ui,
                    cx,
                    pair,
                    params,
                    playback.position,
                    height,
                    &headline,
                ));
                if !cx.reduced_motion {
                    playback.ui(ui, 40.0);
                }
            },
            |ui| {
                ui.label(RichText::new("Lost updates against the number of workers").strong());
                curve_plot(ui, cx, curve, params.workers, height);
            },
        );
        self.plot_rect = rect;
        ui.add_space(8.0);

        let (off, on) = (&pair.off.run, &pair.on.run);
        ui.add_space(4.0);
        ui.label(format!(
            "The price of the lock: the same {} increments took {} of simulated time with the lock \
             and {} without it ({:.1}× as long), because workers had to wait for each other.",
            fmt_int(self.params.expected()),
            fmt_ms(on.elapsed_ms),
            fmt_ms(off.elapsed_ms),
            on.elapsed_ms / off.elapsed_ms.max(f64::MIN_POSITIVE),
        ));
        drop(snap);
        ui.add_space(6.0);
        if widgets::how_computed(ui, &self.text().how, self.seed, cx) {
            self.seed = widgets::next_seed(self.seed);
        }
        self.real_threads(ui, cx);
    }
}
