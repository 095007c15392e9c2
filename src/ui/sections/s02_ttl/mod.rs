//! Section 2, "The lock must expire": the TTL trade-off.
//!
//! Two Monte Carlo runs stream in from the parallel driver: one at the chosen TTL (the
//! headline's simulated check) and one at a fixed ladder of TTLs (the simulated points beside
//! the exact curve). Moving the TTL restarts only the first; the ladder depends on everything
//! but the TTL. The figure (log–log axes) is drawn in `figure.rs`.

use std::sync::{Arc, OnceLock};

mod figure;

use egui::{RichText, Ui, Vec2};
use egui_plot::MarkerShape;

use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::{
    fmt_fraction, fmt_int, fmt_rate, fraction_of, seconds, spread_words, trim_num,
};
use crate::lesson::section_words;
use crate::runner::{Runner, Task};
use crate::sim::stats::Estimate;
use crate::sim::ttl::{self, TtlParams, TtlSim};
use crate::sim::{ParamTable, Valid};
use crate::ui::Cx;
use crate::ui::kit::plot::{KeyMark, palette};
use crate::ui::kit::widgets;
use crate::ui::stage::mc_stream::{count_slider, percent_slider, spawn_mc};
use crate::ui::stage::{Experiment, Presets, Rerun, RunStatus, Stage};
use serde::Deserialize;

/// TTLs of the simulated points (1-2-5 steps over the slider's range).
pub const LADDER_TTLS: [f64; 11] = [0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0];
/// Points on the exact curve.
const CURVE_POINTS: usize = 240;

/// The spec's three scenarios: lesson defaults with these TTLs.
pub const PRESET_TTLS: [f64; 3] = [1.0, 10.0, 60.0];

/// The simulated ladder and the exact curve, as they stream in.
#[derive(Clone)]
pub struct LadderResult {
    /// `(TTL, exact unsafe fraction)` over the whole TTL range.
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

type RunKey = (TtlParams, u64);

/// Section 2 on the stage.
pub type TtlTradeoff = Stage<Ttl>;

/// The section's own part: its two runs.
#[derive(Default)]
pub struct Ttl {
    current: Rerun<RunKey, CurrentResult>,
    ladder: Rerun<RunKey, LadderResult>,
}

/// What the current-TTL run depends on (the grant interval only scales the per-day figure).
fn current_key(p: &TtlParams, seed: u64) -> RunKey {
    (
        TtlParams {
            grant_interval_s: ttl::GRANT_INTERVAL_S.default,
            ..*p
        },
        seed,
    )
}

/// What the ladder depends on: everything but the TTL and the grant interval.
fn ladder_key(p: &TtlParams, seed: u64) -> RunKey {
    (
        TtlParams {
            ttl_s: ttl::TTL_S.default,
            grant_interval_s: ttl::GRANT_INTERVAL_S.default,
            ..*p
        },
        seed,
    )
}

/// Section 2, ready for the lesson (nothing runs until it is first shown): its presets are
/// [`PRESET_TTLS`].
pub fn section() -> TtlTradeoff {
    let presets = Presets::new(PRESET_TTLS.len(), |p, i| preset(p, PRESET_TTLS[i]));
    Stage::with_presets(Ttl::default(), presets)
}

/// The preset of `ttl_s`: the lesson's settings with that TTL, keeping the number of holds of
/// `p`.
fn preset(p: &TtlParams, ttl_s: f64) -> TtlParams {
    TtlParams {
        ttl_s,
        holds: p.holds,
        ..TtlParams::default()
    }
}

impl Ttl {
    /// The headline for an exact unsafe fraction at the chosen TTL.
    pub fn headline_for(&self, p: &TtlParams, c: &CurrentResult) -> String {
        self.fill(p, &words().headline, c)
    }

    /// `template` (the learner's headline or the slide's) filled for `c` at the settings `p`.
    fn fill(&self, p: &TtlParams, template: &str, c: &CurrentResult) -> String {
        crate::lesson::fill(
            template,
            &[
                ("ttl", seconds(c.ttl_s)),
                (
                    "share",
                    fraction_of(c.exact, t!("sections.ttl.things.lock_holds")),
                ),
                ("per_day", fmt_rate(p.per_day(c.exact))),
                ("interval", seconds(p.grant_interval_s)),
            ],
        )
    }

    /// The presets (on a projector without the words on what they share: the lecturer's).
    fn presets(&mut self, ui: &mut Ui, p: &mut TtlParams, lecture: bool) {
        let d = TtlParams::default();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t!("sections.ttl.presets")).strong());
            for ttl_s in PRESET_TTLS {
                let preset = preset(p, ttl_s);
                let label = tf!("sections.ttl.preset", &[("ttl", seconds(ttl_s))]);
                if ui
                    .selectable_label(*p == preset, label)
                    .on_hover_text(t!("sections.ttl.preset.hover"))
                    .clicked()
                {
                    *p = preset;
                }
            }
            if lecture {
                return;
            }
            ui.label(tf!(
                "sections.ttl.presets.share",
                &[
                    ("typical", seconds(d.typical_s)),
                    ("paused", trim_num(d.pause_prob * 1000.0)),
                    ("of", fmt_int(1000)),
                    ("pause", seconds(d.pause_mean_s)),
                ],
            ));
        });
    }
}

fn spawn_current(runner: &Runner, params: TtlParams, seed: u64) -> Task<CurrentResult> {
    let sim = TtlSim::new(&Valid::clamped(params));
    // The exact value is worked out on the worker, with the first report.
    let exact = OnceLock::new();
    spawn_mc(runner, "ttl-current", sim, seed, move |sim, acc| {
        CurrentResult {
            ttl_s: params.ttl_s,
            exact: *exact.get_or_init(|| params.exact_unsafe_fraction()),
            estimate: sim.estimate(acc, 0),
        }
    })
}

fn spawn_ladder(runner: &Runner, params: TtlParams, seed: u64) -> Task<LadderResult> {
    let sim = TtlSim::sweep(&Valid::clamped(params), &LADDER_TTLS);
    let curve = OnceLock::new();
    spawn_mc(runner, "ttl-ladder", sim, seed, move |sim, acc| {
        LadderResult {
            curve: Arc::clone(curve.get_or_init(|| Arc::new(params.exact_curve(CURVE_POINTS)))),
            estimates: (0..LADDER_TTLS.len())
                .map(|i| sim.estimate(acc, i))
                .collect(),
            holds_done: acc.holds,
        }
    })
}

/// The simulated check at the chosen TTL, in the headline's words.
fn simulated_check(c: &CurrentResult) -> String {
    let e = c.estimate;
    let words = words();
    let bound = |v: f64| fmt_fraction(v).trim_start_matches("about ").to_owned();
    let values = [
        ("count", fmt_int(e.count)),
        ("holds", fmt_int(e.n)),
        ("share", fmt_fraction(e.value)),
        ("lo", bound(e.lo)),
        ("hi", bound(e.hi)),
    ];
    let seen = if e.count > 0 {
        &words.check_seen
    } else {
        &words.check_none
    };
    crate::lesson::fill(
        &words.check,
        &[
            ("ttl", seconds(c.ttl_s)),
            ("seen", crate::lesson::fill(seen, &values)),
            ("exact", fmt_fraction(c.exact)),
        ],
    )
}

impl Experiment for Ttl {
    type Params = TtlParams;
    const ID: &'static str = "ttl";

    fn refresh(&mut self, runner: &Runner, p: &mut TtlParams, seed: u64, status: &mut RunStatus) {
        *p = p.clamped_all();
        let p = *p;
        self.current
            .ensure(current_key(&p, seed), |_| spawn_current(runner, p, seed));
        self.ladder
            .ensure(ladder_key(&p, seed), |_| spawn_ladder(runner, p, seed));
        let holds = t!("sections.ttl.things.holds");
        status.show(&self.current, t!("sections.ttl.progress.current"), holds);
        status.show(&self.ladder, t!("sections.ttl.progress.ladder"), holds);
    }

    fn slide_headline(&self, p: &TtlParams) -> Option<String> {
        let slide = &words().slide;
        self.current.latest().map(|c| self.fill(p, slide, c))
    }

    fn headline(&self, p: &TtlParams) -> Option<String> {
        self.current.latest().map(|c| self.headline_for(p, c))
    }

    fn legend(&self, cx: &Cx<'_>, _p: &TtlParams) -> Vec<KeyMark> {
        vec![
            KeyMark::Line(palette::BLUE, false, t!("sections.ttl.key.exact").into()),
            KeyMark::Shape(
                MarkerShape::Circle,
                palette::GREEN,
                t!("sections.ttl.key.simulated").into(),
            ),
            KeyMark::Hollow(
                MarkerShape::Down,
                palette::GREEN,
                t!("sections.ttl.key.none_seen").into(),
            ),
            KeyMark::Line(
                palette::VERMILION,
                true,
                t!("sections.ttl.key.crash_wait").into(),
            ),
            KeyMark::Line(
                palette::GREY,
                false,
                if cx.lecture {
                    // (A class's slide: the TTL is the build's, not anyone's own.)
                    t!("sections.ttl.key.shown").into()
                } else if cx.slide {
                    t!("sections.ttl.key.yours").into()
                } else {
                    t!("sections.ttl.key.yours_movable").into()
                },
            ),
        ]
    }

    fn readable_height(&self, ui: &Ui, cx: &Cx<'_>, _p: &TtlParams) -> f32 {
        figure::readable_height(ui, cx)
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut TtlParams, size: Vec2) {
        if let Some(t) = self.draw(ui, cx, p.ttl_s, size.x, size.y) {
            p.ttl_s = t;
        }
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut TtlParams) {
        // On the projector the presets are the builds, and the headline names the one on show:
        // the figure takes the row (the console keeps it).
        if cx.lecture && !crate::ui::shell::presenter::is_console(ui) {
            return;
        }
        self.presets(ui, p, cx.lecture);
        if !cx.lecture {
            widgets::table_slider(ui, p, &ttl::TTL_S);
        }
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut TtlParams) -> bool {
        ui.label(RichText::new(t!("sections.ttl.drawer.holds")).strong());
        widgets::table_slider(ui, p, &ttl::TYPICAL_S);
        widgets::table_slider(ui, p, &ttl::SPREAD)
            .on_hover_text(t!("sections.ttl.drawer.spread.hover"));
        let things = t!("sections.ttl.things.holds");
        ui.label(RichText::new(spread_words(things, p.typical_s, p.spread)).weak());
        percent_slider(ui, &ttl::PAUSE_PROB, &mut p.pause_prob, true);
        widgets::table_slider(ui, p, &ttl::PAUSE_MEAN_S);
        ui.add_space(4.0);
        ui.label(RichText::new(t!("sections.ttl.drawer.counting")).strong());
        count_slider(ui, &ttl::HOLDS, &mut p.holds)
            .on_hover_text(t!("sections.ttl.drawer.holds.hover"));
        widgets::table_slider(ui, p, &ttl::GRANT_INTERVAL_S)
            .on_hover_text(t!("sections.ttl.drawer.interval.hover"));
        true
    }

    fn details(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, _p: &TtlParams) {
        let Some(c) = self.current.latest() else {
            return;
        };
        let e = c.estimate;
        if e.n > 0 {
            ui.label(simulated_check(c));
        }
    }

    fn observed(&self, p: &TtlParams) -> Option<(f64, String)> {
        // Only a run for the settings on screen counts.
        let key = self.current.key()?;
        if *key != current_key(p, key.1) {
            return None;
        }
        let c = self.current.current(key)?;
        let per_day = p.per_day(c.exact);
        Some((per_day, fmt_rate(per_day)))
    }

    fn settings(&self, p: &TtlParams) -> Option<crate::predict::ModelParams> {
        Some(crate::predict::ModelParams::new(*p))
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        (t!("sections.ttl.axis_x"), t!("sections.ttl.axis_y"))
    }

    fn csv(&self, _p: &TtlParams) -> Option<String> {
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

/// Section 2. Slots: `{ttl}`, `{share}`, `{per_day}`, `{interval}` in the headline; the
/// simulated check at the chosen TTL: `{seen}` (one of the two `check_` lines: `{count}`,
/// `{holds}`, `{share}`, `{lo}`, `{hi}`) and `{exact}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TtlWords {
    pub headline: String,
    /// The headline on a slide, in short (the same slots).
    pub slide: String,
    pub check: String,
    pub check_seen: String,
    pub check_none: String,
}

/// The templates of this section's headlines, once per language.
fn words() -> &'static TtlWords {
    static WORDS: PerLanguage<TtlWords> = PerLanguage::new();
    WORDS.get(|_| section_words::headlines("ttl"))
}
