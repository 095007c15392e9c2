//! Section 2, "The lock must expire": the TTL trade-off.
//!
//! Two Monte Carlo runs stream in from the parallel driver: one at the chosen TTL (the
//! headline's simulated check) and one at a fixed ladder of TTLs (the simulated points beside
//! the exact curve). Moving the TTL restarts only the first; the ladder depends on everything
//! but the TTL. The figure is drawn on log–log axes: plot coordinates are `log10` of the TTL
//! and of the unsafe share, and the crash wait has its own axis on the right.

use std::sync::Arc;

use egui::{RichText, Ui, Vec2};
use egui_plot::{
    AxisHints, HPlacement, Line, LineStyle, MarkerShape, Plot, PlotPoint, Points, Text, VLine,
};

use super::Cx;
use super::fmt::{fmt_int, fmt_pct, fmt_rate, fmt_s, share_label, trim_num};
use super::mc_stream::{count_slider, percent_slider};
use super::pairs::{PairsBuilder, PairsReader};
use super::plot::{self, KeyMark, decade_marks, error_bar, log_marks, palette};
use super::stage::{Experiment, Rerun, Stage};
use super::widgets;
use crate::runner::parallel::{self, Options};
use crate::runner::{Reporter, Runner, Task};
use crate::sim::mc::Chunked;
use crate::sim::stats::Estimate;
use crate::sim::ttl::{self, TtlAcc, TtlParams, TtlSim};

/// TTLs of the simulated points (1-2-5 steps over the slider's range).
pub const LADDER_TTLS: [f64; 11] = [0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0];
/// Points on the exact curve.
const CURVE_POINTS: usize = 240;
/// The lowest share the figure shows, as a power of ten.
const FLOOR_DECADE: f64 = -16.0;
/// Decades of unsafe share per decade of crash wait on the right-hand axis.
const WAIT_SCALE: f64 = 4.0;
/// The crash wait at the bottom of the figure, as a power of ten (0.1 s).
const WAIT_FLOOR_DECADE: f64 = -1.0;

/// The spec's three scenarios: lesson defaults with these TTLs.
pub const PRESET_TTLS: [f64; 3] = [1.0, 10.0, 60.0];

/// Where a crash wait of `w` seconds sits on the plot's (log-share) y axis.
fn wait_to_y(w: f64) -> f64 {
    FLOOR_DECADE + WAIT_SCALE * (w.log10() - WAIT_FLOOR_DECADE)
}

fn y_to_wait(y: f64) -> f64 {
    10f64.powf((y - FLOOR_DECADE) / WAIT_SCALE + WAIT_FLOOR_DECADE)
}

/// The simulated ladder and the exact curve, as they stream in.
#[derive(Clone)]
pub struct LadderResult {
    /// `(TTL, exact unsafe share)` over the whole TTL range.
    pub curve: Arc<Vec<[f64; 2]>>,
    /// One estimate per [`LADDER_TTLS`] entry.
    pub estimates: Vec<Estimate>,
    pub holds_done: u64,
}

/// The run at the chosen TTL.
#[derive(Clone, Copy)]
pub struct CurrentResult {
    /// The TTL this run is for.
    pub ttl_s: f64,
    pub exact: f64,
    pub estimate: Estimate,
}

type Key = (TtlParams, u64);

/// Section 2 on the stage.
pub type TtlTradeoff = Stage<Ttl>;

/// The section's own part: its settings and its two runs.
#[derive(Default)]
pub struct Ttl {
    pub params: TtlParams,
    current: Rerun<Key, CurrentResult>,
    ladder: Rerun<Key, LadderResult>,
}

/// What the current-TTL run depends on (the grant interval only scales the per-day figure).
fn current_key(p: &TtlParams, seed: u64) -> Key {
    (
        TtlParams {
            grant_interval_s: ttl::GRANT_INTERVAL_S.default,
            ..*p
        },
        seed,
    )
}

/// What the ladder depends on: everything but the TTL and the grant interval.
fn ladder_key(p: &TtlParams, seed: u64) -> Key {
    (
        TtlParams {
            ttl_s: ttl::TTL_S.default,
            grant_interval_s: ttl::GRANT_INTERVAL_S.default,
            ..*p
        },
        seed,
    )
}

/// Section 2, ready for the lesson (nothing runs until it is first shown).
pub fn section() -> TtlTradeoff {
    Stage::new(Ttl::default())
}

impl Ttl {
    /// The headline for an exact unsafe share at the chosen TTL.
    pub fn headline_for(&self, c: &CurrentResult) -> String {
        let p = &self.params;
        let t = fmt_s(c.ttl_s);
        format!(
            "With a {t} TTL, {} of lock holds last longer than their lock ({} at one grant every {}), \
             and when a holder really crashes, the next worker can wait up to {t} for the lock.",
            fmt_pct(c.exact),
            fmt_rate(p.per_day(c.exact)),
            fmt_s(p.grant_interval_s),
        )
    }

    fn preset(&self, ttl_s: f64) -> TtlParams {
        TtlParams {
            ttl_s,
            holds: self.params.holds,
            ..TtlParams::default()
        }
    }

    fn presets(&mut self, ui: &mut Ui) {
        let d = TtlParams::default();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Scenarios:").strong());
            for t in PRESET_TTLS {
                let preset = self.preset(t);
                if ui
                    .selectable_label(self.params == preset, format!("TTL {}", fmt_s(t)))
                    .on_hover_text("Lesson defaults with this TTL")
                    .clicked()
                {
                    self.params = preset;
                }
            }
            ui.label(format!(
                "(work around {}, and {} in 1,000 holds are paused for about {})",
                fmt_s(d.typical_s),
                trim_num(d.stall_prob * 1000.0),
                fmt_s(d.stall_mean_s)
            ));
        });
    }

    fn draw(&self, ui: &mut Ui, cx: &Cx<'_>, width: f32, height: f32) -> Option<f64> {
        let w = plot::line_width(cx);
        let r = plot::marker_radius(cx);
        let p = self.params;
        let ladder = self.ladder.latest().cloned();
        let current = self.current.latest().copied();
        let share_color = palette::BLUE;
        let wait_color = palette::VERMILION;
        let sim_color = palette::GREEN;
        let text_color = ui.visuals().text_color();
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let to_y = |share: f64| {
            if share > 0.0 {
                share.log10().max(FLOOR_DECADE)
            } else {
                FLOOR_DECADE
            }
        };

        let left = AxisHints::new_y()
            .label(RichText::new("holds that outlive the TTL").color(share_color))
            .formatter(|m, _| {
                let e = m.value.round() as i32;
                if (m.value - f64::from(e)).abs() < 1e-6 && e % 2 == 0 && e <= 0 {
                    share_label(e)
                } else {
                    String::new()
                }
            })
            .placement(HPlacement::Left);
        let right = AxisHints::new_y()
            .label(RichText::new("longest wait after a crash").color(wait_color))
            .formatter(|m, _| {
                let e = m.value.round() as i32;
                if (m.value - f64::from(e)).abs() < 1e-6 && e % 4 == 0 && e <= 0 {
                    fmt_s(y_to_wait(m.value))
                } else {
                    String::new()
                }
            })
            .tick_label_color(wait_color)
            .placement(HPlacement::Right);
        let x_axis = AxisHints::new_x()
            .label("lock TTL (log scale)")
            .formatter(|m, _| {
                let e = m.value.round() as i32;
                if (m.value - f64::from(e)).abs() < 1e-6 {
                    fmt_s(10f64.powi(e))
                } else {
                    String::new()
                }
            });

        let x_max = ttl::TTL_S.max.log10();
        let x_min = ttl::TTL_S.min.log10();
        let response = Plot::new("s2-tradeoff")
            .width(width)
            .height(height)
            .custom_x_axes(vec![x_axis])
            .custom_y_axes(vec![left, right])
            .x_grid_spacer(|g| log_marks(g.bounds, &[1.0, 2.0, 5.0]))
            .y_grid_spacer(|g| decade_marks(g.bounds))
            .include_x(x_min - 0.05)
            .include_x(x_max + 0.05)
            .include_y(FLOOR_DECADE)
            .include_y(1.6)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .allow_double_click_reset(false)
            .show_x(false)
            .show_y(false)
            .show(ui, |pu| {
                if let Some(l) = &ladder {
                    let exact: Vec<[f64; 2]> = l
                        .curve
                        .iter()
                        .filter(|c| c[1] > 10f64.powf(FLOOR_DECADE))
                        .map(|c| [c[0].log10(), c[1].log10()])
                        .collect();
                    pu.line(
                        Line::new("", exact)
                            .color(share_color)
                            .width(w)
                            .allow_band(false),
                    );
                    if l.holds_done > 0 {
                        let mut seen = Vec::new();
                        let mut bounds = Vec::new();
                        for (t, e) in LADDER_TTLS.iter().zip(&l.estimates) {
                            let x = t.log10();
                            if e.count > 0 {
                                seen.push([x, to_y(e.value)]);
                                error_bar(pu, x, to_y(e.lo), to_y(e.hi), sim_color, w * 0.7);
                            } else if e.hi > 10f64.powf(FLOOR_DECADE) {
                                bounds.push([x, to_y(e.hi)]);
                            }
                        }
                        pu.points(
                            Points::new("", seen)
                                .color(sim_color)
                                .radius(r)
                                .shape(MarkerShape::Circle),
                        );
                        pu.points(
                            Points::new("", bounds)
                                .color(sim_color)
                                .radius(r * 1.2)
                                .shape(MarkerShape::Down)
                                .filled(false),
                        );
                    }
                }
                // The crash wait grows with the TTL: a straight line on these axes.
                let waits: Vec<[f64; 2]> = [ttl::TTL_S.min, ttl::TTL_S.max]
                    .iter()
                    .map(|&t| [t.log10(), wait_to_y(t)])
                    .collect();
                pu.line(
                    Line::new("", waits)
                        .color(wait_color)
                        .width(w)
                        .style(LineStyle::dashed_loose()),
                );

                let x = p.ttl_s.log10();
                pu.vline(
                    VLine::new("", x)
                        .color(plot::colour(cx, palette::GREY))
                        .width(w * 0.6),
                );
                pu.text(
                    Text::new(
                        "",
                        PlotPoint::new(if x > 1.6 { x - 0.03 } else { x + 0.03 }, 0.35),
                        RichText::new(format!("your TTL: {}", fmt_s(p.ttl_s)))
                            .strong()
                            .size(body),
                    )
                    .color(text_color)
                    .anchor(if x > 1.6 {
                        egui::Align2::RIGHT_BOTTOM
                    } else {
                        egui::Align2::LEFT_BOTTOM
                    }),
                );
                pu.points(
                    Points::new("", vec![[x, wait_to_y(p.ttl_s)]])
                        .color(wait_color)
                        .radius(r * 1.6)
                        .shape(MarkerShape::Diamond),
                );
                if let Some(c) = current {
                    let x = c.ttl_s.log10();
                    let below = c.exact < 10f64.powf(FLOOR_DECADE);
                    let shape = if below {
                        MarkerShape::Down
                    } else {
                        MarkerShape::Diamond
                    };
                    pu.points(
                        Points::new("", vec![[x, to_y(c.exact)]])
                            .color(share_color)
                            .radius(r * 1.6)
                            .shape(shape),
                    );
                    if below {
                        pu.text(
                            Text::new(
                                "",
                                PlotPoint::new(x, FLOOR_DECADE + 0.6),
                                format!("below {}", share_label(FLOOR_DECADE as i32)),
                            )
                            .color(text_color)
                            .anchor(egui::Align2::RIGHT_BOTTOM),
                        );
                    }
                    let e = c.estimate;
                    if e.n > 0 && e.count > 0 {
                        error_bar(pu, x, to_y(e.lo), to_y(e.hi), sim_color, w * 0.7);
                        pu.points(
                            Points::new("", vec![[x, to_y(e.value)]])
                                .color(sim_color)
                                .radius(r),
                        );
                    } else if e.n > 0 {
                        // None seen at this TTL: only an upper bound.
                        pu.points(
                            Points::new("", vec![[x, to_y(e.hi)]])
                                .color(sim_color)
                                .radius(r * 1.2)
                                .shape(MarkerShape::Down)
                                .filled(false),
                        );
                    }
                }
                let pointer = pu.pointer_coordinate();
                let resp = pu.response();
                if resp.clicked() || resp.dragged() {
                    pointer.map(|pt| 10f64.powf(pt.x))
                } else {
                    None
                }
            });
        widgets::describe_plot(
            &response.response,
            "Plot: share of lock holds that outlive the TTL, and the wait after a crash, against the TTL",
            "",
        );
        response.inner.map(|t| ttl::TTL_S.clamp(t))
    }
}

fn spawn_current(runner: &Runner, params: TtlParams, seed: u64) -> Task<CurrentResult> {
    runner.spawn("ttl-current", move |r: &Reporter<CurrentResult>| {
        let exact = params.exact_unsafe_fraction();
        let sim = TtlSim::new(&params).expect("clamped parameters");
        let make = |acc: &TtlAcc| CurrentResult {
            ttl_s: params.ttl_s,
            exact,
            estimate: sim.estimate(acc, 0),
        };
        r.report(make(&sim_empty(&sim)), 0, params.holds);
        make(&stream(&sim, seed, r, &make))
    })
}

fn spawn_ladder(runner: &Runner, params: TtlParams, seed: u64) -> Task<LadderResult> {
    runner.spawn("ttl-ladder", move |r: &Reporter<LadderResult>| {
        let curve = Arc::new(params.exact_curve(CURVE_POINTS));
        let sim = TtlSim::sweep(&params, &LADDER_TTLS).expect("clamped parameters");
        let make = |acc: &TtlAcc| LadderResult {
            curve: Arc::clone(&curve),
            estimates: (0..LADDER_TTLS.len())
                .map(|i| sim.estimate(acc, i))
                .collect(),
            holds_done: acc.holds,
        };
        r.report(make(&sim_empty(&sim)), 0, params.holds);
        make(&stream(&sim, seed, r, &make))
    })
}

fn sim_empty(sim: &TtlSim) -> TtlAcc {
    sim.empty()
}

/// Runs `sim` on the parallel driver, publishing the merged prefix as it grows (at most
/// every 30 ms); stops early when cancelled (the partial result is then discarded).
fn stream<R>(sim: &TtlSim, seed: u64, r: &Reporter<R>, make: &impl Fn(&TtlAcc) -> R) -> TtlAcc {
    let done = parallel::run(sim, seed, &Options::default(), r.cancel_flag(), |p| {
        r.report(make(p.acc), p.samples_done, p.samples);
    });
    parallel::settle(done, || sim.empty())
}

impl Experiment for Ttl {
    type Params = TtlParams;

    fn number(&self) -> u8 {
        2
    }

    fn params(&self) -> TtlParams {
        self.params
    }

    fn set_params(&mut self, params: TtlParams) {
        self.params = params;
    }

    fn settings(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.table(&self.params)
    }

    fn read_settings(&self, r: &mut PairsReader<'_>) -> Result<TtlParams, String> {
        r.table(TtlParams::default())
    }

    fn refresh(&mut self, runner: &Runner, seed: u64) {
        self.params = self.params.clamped();
        let p = self.params;
        self.current
            .ensure(current_key(&p, seed), |_| spawn_current(runner, p, seed));
        self.ladder
            .ensure(ladder_key(&p, seed), |_| spawn_ladder(runner, p, seed));
    }

    fn headline(&self) -> Option<String> {
        self.current.latest().map(|c| self.headline_for(c))
    }

    fn failure(&self) -> Option<String> {
        self.current.failed().or_else(|| self.ladder.failed())
    }

    fn busy(&self) -> bool {
        !self.current.finished() || !self.ladder.finished()
    }

    fn choices(&self) -> (usize, Option<usize>) {
        let on = PRESET_TTLS
            .iter()
            .position(|&t| self.params == self.preset(t));
        (PRESET_TTLS.len(), on)
    }

    fn choose(&mut self, i: usize) {
        self.params = self.preset(PRESET_TTLS[i]);
    }

    fn progress(&self, ui: &mut Ui) {
        self.current
            .progress_ui(ui, "Simulating at your TTL", "holds");
        self.ladder
            .progress_ui(ui, "Simulating the points", "holds");
    }

    fn legend(&self, _cx: &Cx<'_>) -> Vec<KeyMark> {
        vec![
            KeyMark::Line(palette::BLUE, false, "unsafe share, exact".into()),
            KeyMark::Shape(
                MarkerShape::Circle,
                palette::GREEN,
                "simulated, with 95 % interval".into(),
            ),
            KeyMark::Hollow(
                MarkerShape::Down,
                palette::GREEN,
                "none seen: 95 % upper bound".into(),
            ),
            KeyMark::Line(
                palette::VERMILION,
                true,
                "longest wait after a crash (right axis)".into(),
            ),
            KeyMark::Line(
                palette::GREY,
                false,
                "your TTL (click or drag on the plot to move it)".into(),
            ),
        ]
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, size: Vec2) {
        if let Some(t) = self.draw(ui, cx, size.x, size.y) {
            self.params.ttl_s = t;
        }
    }

    fn controls(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>) {
        self.presets(ui);
        widgets::param_slider(ui, &ttl::TTL_S, &mut self.params.ttl_s);
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>) -> bool {
        let p = &mut self.params;
        ui.label(RichText::new("How long holds take").strong());
        widgets::param_slider(ui, &ttl::TYPICAL_S, &mut p.typical_s);
        widgets::param_slider(ui, &ttl::SPREAD, &mut p.spread);
        percent_slider(ui, &ttl::STALL_PROB, &mut p.stall_prob, true);
        widgets::param_slider(ui, &ttl::STALL_MEAN_S, &mut p.stall_mean_s);
        ui.add_space(4.0);
        ui.label(RichText::new("Counting").strong());
        count_slider(ui, &ttl::HOLDS, &mut p.holds)
            .on_hover_text("More holds make the simulated points more precise, and take longer");
        widgets::param_slider(ui, &ttl::GRANT_INTERVAL_S, &mut p.grant_interval_s)
            .on_hover_text("Only used for the per-day figure");
        true
    }

    fn details(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>) {
        let Some(c) = self.current.latest() else {
            return;
        };
        let e = c.estimate;
        if e.n > 0 {
            ui.label(format!(
                "Simulated check at {}: {} of {} holds outlived the lock ({}; 95 % interval {} to {}). Exact: {}.",
                fmt_s(c.ttl_s),
                fmt_int(e.count),
                fmt_int(e.n),
                fmt_pct(e.value),
                fmt_pct(e.lo),
                fmt_pct(e.hi),
                fmt_pct(c.exact),
            ));
        }
    }

    fn observed(&self) -> Option<(f64, String)> {
        // Only a run for the settings on screen counts.
        let key = self.current.key()?;
        if *key != current_key(&self.params, key.1) {
            return None;
        }
        let c = self.current.current(key)?;
        let per_day = self.params.per_day(c.exact);
        Some((per_day, fmt_rate(per_day)))
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ttl", fmt_s(self.params.ttl_s)),
            ("interval", fmt_s(self.params.grant_interval_s)),
        ]
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        ("lock TTL (log scale)", "holds that outlive the TTL")
    }

    fn csv(&self) -> Option<String> {
        let ladder = self.ladder.latest()?;
        let mut out =
            String::from("kind,ttl_s,unsafe_fraction,lo95,hi95,unsafe_holds,holds,crash_wait_s\n");
        for c in ladder.curve.iter() {
            out.push_str(&format!("exact,{},{},,,,,{}\n", c[0], c[1], c[0]));
        }
        for (t, e) in LADDER_TTLS.iter().zip(&ladder.estimates) {
            out.push_str(&format!(
                "simulated,{t},{},{},{},{},{},{t}\n",
                e.value, e.lo, e.hi, e.count, e.n
            ));
        }
        if let Some(c) = self.current.latest() {
            let (t, e) = (c.ttl_s, c.estimate);
            out.push_str(&format!("chosen_exact,{t},{},,,,,{t}\n", c.exact));
            out.push_str(&format!(
                "chosen_simulated,{t},{},{},{},{},{},{t}\n",
                e.value, e.lo, e.hi, e.count, e.n
            ));
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_map_both_ways() {
        for w in [0.1, 1.0, 10.0, 300.0] {
            assert!((y_to_wait(wait_to_y(w)) - w).abs() < 1e-9 * w);
        }
        assert_eq!(wait_to_y(0.1), FLOOR_DECADE);
        assert!((wait_to_y(1000.0)).abs() < 1e-12);
        assert_eq!(share_label(-12), "1 in 10¹²");
        assert_eq!(share_label(0), "1");
        assert_eq!(share_label(-4), "1 in 10⁴");
    }
}
