//! Section 2, "The lock must expire": the TTL trade-off.
//!
//! Two Monte Carlo runs stream in from the parallel driver: one at the chosen TTL (the
//! headline's simulated check) and one at a fixed ladder of TTLs (the simulated points beside
//! the exact curve). Moving the TTL restarts only the first; the ladder depends on everything
//! but the TTL. The figure (log–log axes) is drawn in `figure.rs`.

use std::sync::Arc;

mod figure;

use egui::{RichText, Ui, Vec2};
use egui_plot::MarkerShape;

use super::Cx;
use super::fmt::{fmt_int, fmt_rate, fmt_s, fmt_share, share_of, spread_words, trim_num};
use super::mc_stream::{count_slider, percent_slider};
use super::pairs::{PairsBuilder, PairsReader};
use super::plot::{KeyMark, palette};
use super::stage::{Experiment, Rerun, Stage};
use super::widgets;
use crate::runner::parallel::{self, Options};
use crate::runner::{Reporter, Runner, Task};
use crate::sim::mc::Chunked;
use crate::sim::stats::Estimate;
use crate::sim::ttl::{self, TtlAcc, TtlParams, TtlSim};
use crate::sim::{ParamTable, Valid};

/// TTLs of the simulated points (1-2-5 steps over the slider's range).
pub const LADDER_TTLS: [f64; 11] = [0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0];
/// Points on the exact curve.
const CURVE_POINTS: usize = 240;

/// The spec's three scenarios: lesson defaults with these TTLs.
pub const PRESET_TTLS: [f64; 3] = [1.0, 10.0, 60.0];

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
            "With a {t} TTL, {} last longer than their lock ({} at one grant every {}), \
             and when a holder really crashes, the next worker can wait up to {t} for the lock.",
            share_of(c.exact, "lock holds"),
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
}

fn spawn_current(runner: &Runner, params: TtlParams, seed: u64) -> Task<CurrentResult> {
    runner.spawn("ttl-current", move |r: &Reporter<CurrentResult>| {
        let exact = params.exact_unsafe_fraction();
        let sim = TtlSim::new(&Valid::clamped(params));
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
        let sim = TtlSim::sweep(&Valid::clamped(params), &LADDER_TTLS);
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

/// The simulated check at the chosen TTL, in the headline's words.
fn simulated_check(c: &CurrentResult) -> String {
    let e = c.estimate;
    let seen = if e.count > 0 {
        format!(
            "{} of {} holds outlived the lock, {} (95 % interval: {} to {})",
            fmt_int(e.count),
            fmt_int(e.n),
            fmt_share(e.value),
            fmt_share(e.lo).trim_start_matches("about "),
            fmt_share(e.hi).trim_start_matches("about "),
        )
    } else {
        format!(
            "none of {} holds outlived the lock, so the share is likely at most {}",
            fmt_int(e.n),
            fmt_share(e.hi).trim_start_matches("about "),
        )
    };
    format!(
        "Simulated check at {}: {seen}. Exact: {}.",
        fmt_s(c.ttl_s),
        fmt_share(c.exact)
    )
}

impl Experiment for Ttl {
    crate::stage_params!(2, TtlParams);

    fn settings(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.table(&self.params)
    }

    fn read_settings(&self, r: &mut PairsReader<'_>) -> Result<TtlParams, String> {
        r.table(TtlParams::default())
    }

    fn refresh(&mut self, runner: &Runner, seed: u64) {
        self.params = self.params.clamped_all();
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

    fn legend(&self, cx: &Cx<'_>) -> Vec<KeyMark> {
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
                "none seen in the run: likely at most this share".into(),
            ),
            KeyMark::Line(
                palette::VERMILION,
                true,
                "longest wait after a crash (right axis)".into(),
            ),
            KeyMark::Line(
                palette::GREY,
                false,
                if cx.slide || cx.lecture {
                    "your TTL".into()
                } else {
                    "your TTL (click or drag on the plot to move it)".into()
                },
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
        widgets::table_slider(ui, &mut self.params, &ttl::TTL_S);
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>) -> bool {
        let p = &mut self.params;
        ui.label(RichText::new("How long holds take").strong());
        widgets::table_slider(ui, p, &ttl::TYPICAL_S);
        widgets::table_slider(ui, p, &ttl::SPREAD)
            .on_hover_text("How much work times vary around the typical one (σ of the log-normal)");
        ui.label(RichText::new(spread_words("holds", p.typical_s, p.spread)).weak());
        percent_slider(ui, &ttl::STALL_PROB, &mut p.stall_prob, true);
        widgets::table_slider(ui, p, &ttl::STALL_MEAN_S);
        ui.add_space(4.0);
        ui.label(RichText::new("Counting").strong());
        count_slider(ui, &ttl::HOLDS, &mut p.holds)
            .on_hover_text("More holds make the simulated points more precise, and take longer");
        widgets::table_slider(ui, p, &ttl::GRANT_INTERVAL_S)
            .on_hover_text("Only used for the per-day figure");
        true
    }

    fn details(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>) {
        let Some(c) = self.current.latest() else {
            return;
        };
        let e = c.estimate;
        if e.n > 0 {
            ui.label(simulated_check(c));
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
