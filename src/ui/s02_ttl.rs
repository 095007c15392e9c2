//! Section 2, "The lock must expire": the TTL trade-off.
//!
//! Two Monte Carlo runs stream in from the parallel driver: one at the chosen TTL (the
//! headline's simulated check) and one at a fixed ladder of TTLs (the simulated points beside
//! the exact curve). Moving the TTL restarts only the first; the ladder depends on everything
//! but the TTL. The figure is drawn on log–log axes: plot coordinates are `log10` of the TTL
//! and of the unsafe share, and the crash wait has its own axis on the right.

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{RichText, Ui};
use egui_plot::{
    AxisHints, GridMark, HPlacement, Line, LineStyle, MarkerShape, Plot, PlotPoint, Points, Text,
    VLine,
};

use super::mc_stream::{count_slider, percent_slider};
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::s04_fencing::{KeyMark, key_row};
use super::widgets::{self, fmt_int, fmt_pct, fmt_sig, palette};
use super::{Cx, Section};
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
/// Runs shorter than this show no progress bar.
const PROGRESS_AFTER: Duration = Duration::from_millis(300);

/// The spec's three scenarios: lesson defaults with these TTLs.
pub const PRESET_TTLS: [f64; 3] = [1.0, 10.0, 60.0];

/// Where a crash wait of `w` seconds sits on the plot's (log-share) y axis.
fn wait_to_y(w: f64) -> f64 {
    FLOOR_DECADE + WAIT_SCALE * (w.log10() - WAIT_FLOOR_DECADE)
}

fn y_to_wait(y: f64) -> f64 {
    10f64.powf((y - FLOOR_DECADE) / WAIT_SCALE + WAIT_FLOOR_DECADE)
}

/// A share of `10^exp` (`exp` ≤ 0) in words: `1 in 10⁴`, or `1` for every hold. (The
/// default fonts have superscript digits but no superscript minus.)
pub fn share_label(exp: i32) -> String {
    if exp >= 0 {
        return "1".into();
    }
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = exp
        .unsigned_abs()
        .to_string()
        .bytes()
        .map(|d| SUP[usize::from(d - b'0')])
        .collect();
    format!("1 in 10{digits}")
}

/// A time in seconds for an axis or a sentence (`0.1 s`, `10 s`, `300 s`).
pub fn fmt_s(v: f64) -> String {
    format!("{} s", trim_num(v))
}

/// A number with up to three significant digits and no trailing zeros (`2`, `0.002`).
pub fn trim_num(v: f64) -> String {
    let n = fmt_sig(v, 3);
    if n.contains('.') && !n.contains('e') {
        n.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        n
    }
}

/// Two significant digits without a trailing `.0` (`2`, `2.5`, `24`).
fn trim_sig2(v: f64) -> String {
    let n = fmt_sig(v, 2);
    if n.contains('.') && !n.contains('e') {
        n.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        n
    }
}

/// How often something that happens `per_day` times a day happens, in words.
pub fn fmt_rate(per_day: f64) -> String {
    if !per_day.is_finite() {
        "—".into()
    } else if per_day >= 0.95 {
        format!("about {} a day", fmt_sig(per_day, 2))
    } else if per_day <= 0.0 {
        "never".into()
    } else if per_day * 365.25 >= 0.95 {
        format!("about once every {} days", trim_sig2(1.0 / per_day))
    } else {
        format!(
            "about once every {} years",
            trim_sig2(1.0 / (per_day * 365.25))
        )
    }
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

/// A task plus when it started (for the progress bar).
struct Running<R> {
    task: Task<R>,
    since: Instant,
}

impl<R> Running<R> {
    fn new(task: Task<R>) -> Self {
        Self {
            task,
            since: Instant::now(),
        }
    }

    /// The progress bar's fraction, if the run is long enough to need one.
    fn progress(&self) -> Option<(f32, u64, u64)> {
        let snap = self.task.snapshot();
        (!snap.finished && self.since.elapsed() >= PROGRESS_AFTER)
            .then(|| (snap.progress(), snap.done, snap.total))
    }
}

pub struct TtlTradeoff {
    pub params: TtlParams,
    pub seed: u64,
    current: Running<CurrentResult>,
    ladder: Running<LadderResult>,
    current_key: (TtlParams, u64),
    ladder_key: (TtlParams, u64),
    /// The last results that arrived (kept while a replacement starts).
    last_current: Option<CurrentResult>,
    last_ladder: Option<LadderResult>,
    plot_rect: Option<egui::Rect>,
}

/// What the current-TTL run depends on (the grant interval only scales the per-day figure).
fn current_key(p: &TtlParams, seed: u64) -> (TtlParams, u64) {
    (
        TtlParams {
            grant_interval_s: ttl::GRANT_INTERVAL_S.default,
            ..*p
        },
        seed,
    )
}

/// What the ladder depends on: everything but the TTL and the grant interval.
fn ladder_key(p: &TtlParams, seed: u64) -> (TtlParams, u64) {
    (
        TtlParams {
            ttl_s: ttl::TTL_S.default,
            grant_interval_s: ttl::GRANT_INTERVAL_S.default,
            ..*p
        },
        seed,
    )
}

impl TtlTradeoff {
    pub fn new(runner: &Runner) -> Self {
        let params = TtlParams::default();
        let seed = 1;
        let mut s = Self {
            params,
            seed,
            current: Running::new(spawn_current(runner, params, seed)),
            ladder: Running::new(spawn_ladder(runner, params, seed)),
            current_key: current_key(&params, seed),
            ladder_key: ladder_key(&params, seed),
            last_current: None,
            last_ladder: None,
            plot_rect: None,
        };
        s.adopt();
        s
    }

    /// Restarts whichever run the changed settings affect.
    fn refresh(&mut self, runner: &Runner) {
        self.params = self.params.clamped();
        let ck = current_key(&self.params, self.seed);
        if ck != self.current_key {
            self.current = Running::new(spawn_current(runner, self.params, self.seed));
            self.current_key = ck;
        }
        let lk = ladder_key(&self.params, self.seed);
        if lk != self.ladder_key {
            self.ladder = Running::new(spawn_ladder(runner, self.params, self.seed));
            self.ladder_key = lk;
        }
        self.adopt();
    }

    /// Takes the latest snapshots.
    fn adopt(&mut self) {
        let current = self.current.task.snapshot();
        if current.failed.is_some() {
            self.last_current = None; // The section shows the failure instead.
        } else if let Some(r) = current.result {
            self.last_current = Some(r);
        }
        if let Some(r) = self.ladder.task.snapshot().result.clone() {
            self.last_ladder = Some(r);
        }
    }

    /// The exact share at the chosen TTL, once known for these settings.
    fn current(&self) -> Option<CurrentResult> {
        self.last_current
    }

    /// The headline for an exact unsafe share at the chosen TTL.
    pub fn headline(&self, c: &CurrentResult) -> String {
        let p = &self.params;
        let exact = c.exact;
        let t = fmt_s(c.ttl_s);
        format!(
            "With a {t} TTL, {} of lock holds last longer than their lock ({} at one grant every {}), \
             and when a holder really crashes, the next worker can wait up to {t} for the lock.",
            fmt_pct(exact),
            fmt_rate(p.per_day(exact)),
            fmt_s(p.grant_interval_s),
        )
    }

    fn apply_preset(&mut self, ttl_s: f64) {
        self.params = TtlParams {
            ttl_s,
            holds: self.params.holds,
            ..TtlParams::default()
        };
    }

    fn is_preset(&self, ttl_s: f64) -> bool {
        self.params
            == TtlParams {
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
                let selected = self.is_preset(t);
                if ui
                    .selectable_label(selected, format!("TTL {}", fmt_s(t)))
                    .on_hover_text("Lesson defaults with this TTL")
                    .clicked()
                {
                    self.apply_preset(t);
                }
            }
            ui.label(format!(
                "(work around {}, and {} in 1,000 holds stall for about {})",
                fmt_s(d.typical_s),
                trim_num(d.stall_prob * 1000.0),
                fmt_s(d.stall_mean_s)
            ));
        });
    }

    fn sliders(&mut self, ui: &mut Ui) {
        let p = &mut self.params;
        widgets::param_slider(ui, &ttl::TTL_S, &mut p.ttl_s);
        ui.add_space(4.0);
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
        ui.add_space(4.0);
        if ui.button("Reset to lesson defaults").clicked() {
            *p = TtlParams::default();
        }
    }

    /// The figure. Returns the new TTL when the user clicked or dragged on it.
    fn figure(
        &self,
        ui: &mut Ui,
        cx: &Cx<'_>,
        width: f32,
        height: f32,
    ) -> (egui::Rect, Option<f64>) {
        let w = widgets::line_width(cx);
        let r = widgets::marker_radius(cx);
        let p = self.params;
        let ladder = self.last_ladder.clone();
        let current = self.current();
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
                pu.vline(VLine::new("", x).color(palette::GREY).width(w * 0.6));
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
        (
            response.response.rect,
            response.inner.map(|t| ttl::TTL_S.clamp(t)),
        )
    }
}

/// A vertical 95 % interval with small caps.
fn error_bar(
    pu: &mut egui_plot::PlotUi<'_>,
    x: f64,
    lo: f64,
    hi: f64,
    color: egui::Color32,
    width: f32,
) {
    let cap = 0.03;
    pu.line(
        Line::new("", vec![[x, lo], [x, hi]])
            .color(color)
            .width(width),
    );
    for y in [lo, hi] {
        pu.line(
            Line::new("", vec![[x - cap, y], [x + cap, y]])
                .color(color)
                .width(width),
        );
    }
}

/// Grid marks on a log10 axis: every decade (labelled), and `minor` multiples inside it.
fn log_marks(bounds: (f64, f64), minor: &[f64]) -> Vec<GridMark> {
    let mut marks = Vec::new();
    let (lo, hi) = bounds;
    for d in (lo.floor() as i32)..=(hi.ceil() as i32) {
        for &m in minor {
            let v = f64::from(d) + m.log10();
            if v >= lo && v <= hi {
                let step = if m == 1.0 { 1.0 } else { 0.1 };
                marks.push(GridMark {
                    value: v,
                    step_size: step,
                });
            }
        }
    }
    marks
}

/// Grid marks every decade of the share, stronger every second decade (the ones the share
/// axis labels; the crash-wait axis labels every fourth).
fn decade_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    let (lo, hi) = bounds;
    ((lo.floor() as i32)..=(hi.ceil() as i32))
        .filter(|&d| f64::from(d) >= lo && f64::from(d) <= hi)
        .map(|d| {
            // Every labelled decade gets the same weight, so all labels look alike.
            let step = if d % 2 == 0 { 4.0 } else { 1.0 };
            GridMark {
                value: f64::from(d),
                step_size: step,
            }
        })
        .collect()
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

impl Section for TtlTradeoff {
    fn number(&self) -> u8 {
        2
    }

    fn summary(&self) -> Option<String> {
        self.current().map(|c| self.headline(&c))
    }

    fn scenario(&self) -> Option<Pairs> {
        let p = &self.params;
        Some(
            PairsBuilder::default()
                .num(&ttl::TTL_S, p.ttl_s)
                .num(&ttl::TYPICAL_S, p.typical_s)
                .num(&ttl::SPREAD, p.spread)
                .num(&ttl::STALL_PROB, p.stall_prob)
                .num(&ttl::STALL_MEAN_S, p.stall_mean_s)
                .num(&ttl::HOLDS, p.holds as f64)
                .num(&ttl::GRANT_INTERVAL_S, p.grant_interval_s)
                .seed(self.seed)
                .build(),
        )
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let mut r = PairsReader::new(pairs);
        let d = TtlParams::default();
        let p = TtlParams {
            ttl_s: r.num(&ttl::TTL_S)?.unwrap_or(d.ttl_s),
            typical_s: r.num(&ttl::TYPICAL_S)?.unwrap_or(d.typical_s),
            spread: r.num(&ttl::SPREAD)?.unwrap_or(d.spread),
            stall_prob: r.num(&ttl::STALL_PROB)?.unwrap_or(d.stall_prob),
            stall_mean_s: r.num(&ttl::STALL_MEAN_S)?.unwrap_or(d.stall_mean_s),
            holds: r.num(&ttl::HOLDS)?.map_or(d.holds, |v| v as u64),
            grant_interval_s: r.num(&ttl::GRANT_INTERVAL_S)?.unwrap_or(d.grant_interval_s),
        };
        let seed = r.seed()?.unwrap_or(self.seed);
        r.finish()?;
        self.params = p;
        self.seed = seed;
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        let ladder = self.last_ladder.as_ref()?;
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
        if let Some(c) = self.current() {
            let (t, e) = (c.ttl_s, c.estimate);
            out.push_str(&format!("chosen_exact,{t},{},,,,,{t}\n", c.exact));
            out.push_str(&format!(
                "chosen_simulated,{t},{},{},{},{},{},{t}\n",
                e.value, e.lo, e.hi, e.count, e.n
            ));
        }
        Some(out)
    }

    fn plot_rect(&self) -> Option<egui::Rect> {
        self.plot_rect
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let before = self.params;
        self.presets(ui);
        self.refresh(cx.runner);
        ui.add_space(6.0);
        match self.current() {
            Some(c) => {
                widgets::headline(ui, &self.headline(&c));
            }
            None => {
                let failed = self.current.task.snapshot().failed.clone();
                widgets::no_result_yet(ui, failed.as_deref(), None);
            }
        }
        ui.add_space(8.0);

        // The figure with its controls beside it; stacked when the window is narrow.
        let avail = ui.available_width();
        let side = 390.0_f32;
        let wide = avail >= 900.0;
        let plot_w = if wide { avail - side - 16.0 } else { avail };
        let height = (ui.available_height() * 0.55).clamp(300.0, 520.0);
        let mut clicked = None;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(plot_w);
                // The whole figure, axes and labels included, for the PNG export.
                let drawn = ui.scope(|ui| self.figure(ui, cx, plot_w, height));
                let (_, c) = drawn.inner;
                self.plot_rect = Some(drawn.response.rect);
                clicked = c;
            });
            if wide {
                ui.add_space(12.0);
                ui.vertical(|ui| {
                    ui.spacing_mut().slider_width = 150.0;
                    self.sliders(ui);
                });
            }
        });
        if !wide {
            self.sliders(ui);
        }
        if let Some(t) = clicked {
            self.params.ttl_s = t;
        }
        key_row(
            ui,
            cx,
            &[
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
            ],
        );

        for (name, running) in [
            ("at your TTL", self.current.progress()),
            ("for the simulated points", self.ladder.progress()),
        ] {
            if let Some((f, done, total)) = running {
                ui.add(egui::ProgressBar::new(f).text(format!(
                    "simulating {name}: {} of {} holds",
                    fmt_int(done),
                    fmt_int(total)
                )));
            }
        }

        if let Some(c) = self.current() {
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
        ui.add_space(6.0);
        if widgets::how_computed(ui, &self.text().how, self.seed, cx) {
            self.seed = widgets::next_seed(self.seed);
        }
        // Settings changed further down this frame start their runs now, not at the next input.
        self.refresh(cx.runner);
        if self.params != before {
            // The headline above was drawn with the old settings: draw again at once.
            ui.ctx().request_repaint();
        }
        if !self.current.task.is_finished() || !self.ladder.task.is_finished() {
            // Runs report when they have news; this makes the progress bar appear on time.
            ui.ctx().request_repaint_after(PROGRESS_AFTER);
        }
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

    #[test]
    fn rates_read_well() {
        assert_eq!(fmt_rate(2.43), "about 2.4 a day");
        assert_eq!(fmt_rate(0.1), "about once every 10 days");
        assert_eq!(fmt_rate(1.0 / 365.25 / 24.0), "about once every 24 years");
        assert_eq!(fmt_rate(0.0), "never");
        assert_eq!(fmt_rate(0.5), "about once every 2 days");
        assert_eq!(fmt_s(0.1), "0.1 s");
        assert_eq!(fmt_s(10.0), "10 s");
        assert_eq!(fmt_s(300.0), "300 s");
    }

    #[test]
    fn marks_label_the_right_decades() {
        let m = decade_marks((-16.0, 0.3));
        assert_eq!(m.len(), 17);
        assert_eq!(m.iter().filter(|g| g.step_size == 4.0).count(), 9);
        let x = log_marks((-1.05, 2.53), &[1.0, 2.0, 5.0]);
        assert_eq!(x.iter().filter(|g| g.step_size == 1.0).count(), 4);
    }
}
