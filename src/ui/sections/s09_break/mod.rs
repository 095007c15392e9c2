//! Section 9, "Break it": a nightly billing job with no defence, lock renewal, fencing,
//! idempotency keys and all three stacked, side by side on the same simulated runs, and the
//! distribution of run lengths against the TTL.
//!
//! One simulation serves all five defences (every run draws the same values whatever the
//! mode), so choosing a defence only changes what the headline describes; everything else
//! reruns it.

pub mod figure;
mod lengths;

use std::sync::{Arc, OnceLock};

use egui::{RichText, Ui, Vec2};

use crate::lesson::quantity::{fmt_int, fmt_pct, seconds, spread_words};
use crate::lesson::{self, BreakStory, fill};
use crate::runner::{Runner, Task};
use crate::sim::renewal::{self, Mode, RenewalParams, RenewalSim};
use crate::sim::{ParamTable, Valid};
use crate::ui::Cx;
use crate::ui::kit::plot::{self, KeyMark};
use crate::ui::kit::widgets;
use crate::ui::stage::mc_stream::{count_slider, percent_slider, spawn_mc};
use crate::ui::stage::{Experiment, Presets, Rerun, RunStatus, Stage};
pub use figure::BreakView;
use figure::{bars_key, mode_index, mode_name, modes_plot};
use lengths::{lengths_key, lengths_plot};

/// From this figure width the job-length histogram sits beside the defences' bars; below it,
/// in the reading column.
const BESIDE: f32 = 1100.0;

/// Section 9 on the stage.
pub type BreakIt = Stage<Break>;

/// What one simulation depends on: the parameters with the mode left out, and the seed.
type RunKey = (RenewalParams, u64);

/// The section's own part: its run (the settings' mode picks the defence the headline
/// describes).
#[derive(Default)]
pub struct Break {
    run: Rerun<RunKey, BreakView>,
    /// The figure's ink (the theme's strongest text colour), as last drawn, for its key.
    ink: Option<egui::Color32>,
}

/// Section 9, ready for the lesson (nothing runs until it is first shown): its presets are
/// the defences, in lesson order.
pub fn section() -> BreakIt {
    let presets = Presets::new(Mode::ALL.len(), |p, i| RenewalParams {
        mode: Mode::ALL[i],
        ..*p
    });
    Stage::with_presets(Break::default(), presets)
}

fn run_key(p: &RenewalParams, seed: u64) -> RunKey {
    (
        RenewalParams {
            mode: Mode::None,
            ..*p
        },
        seed,
    )
}

fn spawn(runner: &Runner, params: RenewalParams, seed: u64) -> Task<BreakView> {
    let sim = RenewalSim::new(&Valid::clamped(params));
    // Worked out once, on the worker thread, with the first report.
    let exact = OnceLock::new();
    spawn_mc(runner, "renewal", sim, seed, move |sim, acc| BreakView {
        acc: acc.clone(),
        modes: Mode::ALL.map(|m| sim.summary_for(acc, seed, m)),
        exact_bins: Arc::clone(exact.get_or_init(|| Arc::new(exact_bins(sim.params())))),
    })
}

/// Exactly what fraction of jobs is expected in each bin of the job-length histogram.
fn exact_bins(params: &RenewalParams) -> Vec<f64> {
    let hold = params.hold_time();
    let edges = params.histogram().edges();
    let tail: Vec<f64> = edges.iter().map(|&e| hold.exceeds(e)).collect();
    tail.windows(2).map(|w| (w[0] - w[1]).max(0.0)).collect()
}

impl Break {
    /// The computed headline at the settings `p`: what the chosen defence leaves, and what it
    /// cannot reach.
    pub fn headline_for(&self, p: &RenewalParams, view: &BreakView) -> String {
        self.headline_in(p, view, p.mode, false)
    }

    /// The headline for defence `mode`, in short on a `slide` (the lecturer's notes say the
    /// rest).
    fn headline_in(&self, p: &RenewalParams, view: &BreakView, mode: Mode, slide: bool) -> String {
        let [none, renewal, _, _, _] = &view.modes;
        let s = &view.modes[mode_index(mode)];
        let w = words();
        let template = match (mode, slide) {
            (Mode::None, false) => &w.none,
            (Mode::Renewal, false) => &w.renewal,
            (Mode::Fencing, false) => &w.fencing,
            (Mode::Idempotent, false) => &w.idempotent,
            (Mode::All, false) => &w.all,
            (Mode::None, true) => &w.slide.none,
            (Mode::Renewal, true) => &w.slide.renewal,
            (Mode::Fencing, true) => &w.slide.fencing,
            (Mode::Idempotent, true) => &w.slide.idempotent,
            (Mode::All, true) => &w.slide.all,
        };
        let c = &s.counts;
        fill(
            template,
            &[
                ("lost", &fmt_int(s.lost_lock)),
                ("runs", &fmt_int(view.acc.runs)),
                ("share", &fmt_pct(s.fraction.value)),
                ("over_newer", &fmt_int(s.late_over_newer)),
                ("ttl", &seconds(p.ttl_s)),
                ("none_lost", &fmt_int(none.lost_lock)),
                ("renewal_lost", &fmt_int(renewal.lost_lock)),
                ("twice", &fmt_int(c.double_effects)),
                ("wasted", &fmt_int(c.wasted)),
            ],
        )
    }

    /// The job-length histogram with its title and key, against the TTL `ttl_s`.
    fn lengths(&self, ui: &mut Ui, cx: &Cx<'_>, view: &BreakView, ttl_s: f64, size: Vec2) {
        let ink = ui.visuals().strong_text_color();
        let w = words();
        ui.label(RichText::new(&w.lengths_title).strong());
        ui.label(&w.lengths_caption);
        plot::with_axis_room(ui, size.x, |ui, w| {
            lengths_plot(ui, cx, view, ttl_s, Vec2::new(w, size.y));
        });
        plot::key_row(ui, cx, &lengths_key(ink, ttl_s));
    }
}

/// The section's words (`assets/break_story.ron`).
pub fn words() -> &'static BreakStory {
    &lesson::content().break_story
}

impl Experiment for Break {
    type Params = RenewalParams;
    const ID: &'static str = "break";

    fn refresh(
        &mut self,
        runner: &Runner,
        p: &mut RenewalParams,
        seed: u64,
        status: &mut RunStatus,
    ) {
        *p = p.clamped_all();
        let key = run_key(p, seed);
        self.run.ensure(key, |(p, seed)| spawn(runner, *p, *seed));
        status.show(
            &self.run,
            t!("sections.break.progress"),
            t!("sections.break.things.runs"),
        );
    }

    fn headline(&self, p: &RenewalParams) -> Option<String> {
        self.run.latest().map(|v| self.headline_for(p, v))
    }

    fn slide_headline(&self, p: &RenewalParams) -> Option<String> {
        self.run
            .latest()
            .map(|v| self.headline_in(p, v, p.mode, true))
    }

    fn other_headlines(&self, p: &RenewalParams, slide: bool) -> Vec<String> {
        // Every defence's, from the one run that computes all five.
        let Some(v) = self.run.latest() else {
            return Vec::new();
        };
        Mode::ALL
            .iter()
            .map(|&mode| self.headline_in(p, v, mode, slide))
            .collect()
    }

    fn legend(&self, _cx: &Cx<'_>, _p: &RenewalParams) -> Vec<KeyMark> {
        bars_key(self.ink.unwrap_or(plot::palette::GREY))
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut RenewalParams, size: Vec2) {
        self.ink = Some(ui.visuals().strong_text_color());
        let beside = size.x >= BESIDE;
        // A slide walks the defences: those to come are named under the axis, not drawn.
        let shown = if cx.lecture {
            mode_index(p.mode) + 1
        } else {
            Mode::ALL.len()
        };
        ui.ctx().data_mut(|d| d.insert_temp(beside_id(), beside));
        let Some(view) = self.run.latest().cloned() else {
            ui.allocate_space(size);
            return;
        };
        if beside {
            let gap = 16.0;
            let bars_w = (size.x - gap) * 0.58;
            let lengths_w = size.x - gap - bars_w;
            ui.horizontal_top(|ui| {
                modes_plot(ui, cx, &view, (p.mode, shown), Vec2::new(bars_w, size.y));
                ui.add_space(gap);
                // The title and caption above the plot and its key below take what they
                // took in the last frame (at first a guess of seven lines): the column is as
                // tall as the room, never taller.
                let words_id = egui::Id::unique(("s09-lengths-words", ui.ctx().viewport_id()));
                let body = ui.text_style_height(&egui::TextStyle::Body);
                let words: f32 = ui
                    .ctx()
                    .data(|d| d.get_temp(words_id))
                    .unwrap_or(7.0 * body + 20.0);
                let plot_h = (size.y - words).max(120.0);
                let column = ui.vertical(|ui| {
                    self.lengths(ui, cx, &view, p.ttl_s, Vec2::new(lengths_w, plot_h));
                });
                let took = column.response.rect.height() - plot_h;
                if (took - words).abs() > 0.5 {
                    ui.ctx().data_mut(|d| d.insert_temp(words_id, took));
                    ui.ctx().request_repaint();
                }
            });
        } else {
            modes_plot(ui, cx, &view, (p.mode, shown), size);
        }
    }

    /// The class asked which single defence prevents the harm: answered once the slides have
    /// shown all three on their own.
    fn answers_at(&self, p: &RenewalParams) -> bool {
        p.mode == Mode::Idempotent
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut RenewalParams) {
        if cx.lecture {
            // On the projector the defences are the builds, named by the figure and the
            // headline: the figure takes the row (the console keeps it).
            if !crate::ui::shell::presenter::is_console(ui) {
                return;
            }
            ui.horizontal_wrapped(|ui| {
                for mode in Mode::ALL {
                    ui.selectable_value(&mut p.mode, mode, mode_name(mode));
                }
            });
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t!("sections.break.defence")).strong());
            for mode in Mode::ALL {
                ui.selectable_value(&mut p.mode, mode, mode_name(mode));
            }
        });
        // Both sliders on one row wherever they fit: the figure keeps the height.
        let labels = [
            crate::ui::kit::params::label(&renewal::TTL_S),
            crate::ui::kit::params::label(&renewal::TYPICAL_S),
        ];
        let width = widgets::row_slider_width(ui, &labels, 12.0);
        let one_row = width.is_some();
        let mut both = |ui: &mut Ui| {
            if let Some(w) = width {
                ui.spacing_mut().slider_width = w.min(ui.spacing().slider_width);
            }
            widgets::table_slider(ui, p, &renewal::TTL_S);
            if one_row {
                ui.add_space(12.0);
            }
            widgets::table_slider(ui, p, &renewal::TYPICAL_S);
        };
        if one_row {
            ui.horizontal(both);
        } else {
            both(ui);
        }
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut RenewalParams) -> bool {
        let labels = [
            &renewal::SPREAD,
            &renewal::PAUSE_PROB,
            &renewal::PAUSE_MEAN_S,
            &renewal::RUNS,
        ]
        .map(crate::ui::kit::params::label);
        crate::ui::stage::layout::drawer_columns(
            ui,
            &labels,
            p,
            |ui, p| {
                ui.label(RichText::new(t!("sections.break.drawer.runs")).strong());
                widgets::table_slider(ui, p, &renewal::SPREAD)
                    .on_hover_text(t!("sections.break.drawer.spread.hover"));
                let things = t!("sections.break.things.runs");
                ui.add(
                    egui::Label::new(
                        RichText::new(spread_words(things, p.typical_s, p.spread)).weak(),
                    )
                    .wrap(),
                );
            },
            |ui, p| {
                ui.label(RichText::new(t!("sections.break.drawer.pauses")).strong());
                percent_slider(ui, &renewal::PAUSE_PROB, &mut p.pause_prob, true)
                    .on_hover_text(t!("sections.break.drawer.pause.hover"));
                widgets::table_slider(ui, p, &renewal::PAUSE_MEAN_S);
                ui.label(RichText::new(t!("sections.break.drawer.counting")).strong());
                count_slider(ui, &renewal::RUNS, &mut p.runs)
                    .on_hover_text(t!("sections.break.drawer.runs.hover"));
            },
        );
        true
    }

    fn details(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &RenewalParams) {
        let Some(view) = self.run.latest().cloned() else {
            return;
        };
        let s = &view.modes[mode_index(p.mode)];
        let e = s.fraction;
        ui.label(fill(
            &words().details,
            &[
                ("mode", mode_name(p.mode)),
                ("lost", &fmt_int(s.lost_lock)),
                ("runs", &fmt_int(view.acc.runs)),
                ("share", &fmt_pct(e.value)),
                ("lo", &fmt_pct(e.lo)),
                ("hi", &fmt_pct(e.hi)),
                ("exact", &fmt_pct(s.exact_fraction)),
                ("over_newer", &fmt_int(s.late_over_newer)),
                ("exact_over_newer", &fmt_pct(s.exact_late_over_newer)),
                ("landed", &fmt_int(s.counts.stale_writes_landed)),
            ],
        ));
        // On a wide stage the histogram sits beside the bars instead.
        let beside = ui
            .ctx()
            .data(|d| d.get_temp::<bool>(beside_id()))
            .unwrap_or(false);
        if !beside {
            ui.add_space(6.0);
            let w = ui.available_width();
            let size = Vec2::new(w, (w * 0.62).clamp(200.0, 320.0));
            self.lengths(ui, cx, &view, p.ttl_s, size);
        }
    }

    fn observed(&self, _p: &RenewalParams) -> Option<(f64, String)> {
        // Which single defence leaves no invoice sent twice (exactly): renewal 0, fencing 1,
        // idempotency 2, or 3 when not exactly one of them does.
        let view = self.run.fresh()?;
        let singles = [Mode::Renewal, Mode::Fencing, Mode::Idempotent];
        let twice = |m: Mode| {
            let i = Mode::ALL.iter().position(|x| *x == m).unwrap_or(0);
            &view.modes[i]
        };
        let clean: Vec<usize> = (0..singles.len())
            .filter(|&i| twice(singles[i]).exact.double_effects == 0.0)
            .collect();
        let value = if clean.len() == 1 {
            clean[0]
        } else {
            singles.len()
        };
        let count = |m| fmt_int(twice(m).counts.double_effects);
        Some((
            value as f64,
            tf!(
                "sections.break.observed",
                &[
                    ("renewal", count(Mode::Renewal)),
                    ("fencing", count(Mode::Fencing)),
                    ("idempotency", count(Mode::Idempotent)),
                ],
            ),
        ))
    }

    fn settings(&self, p: &RenewalParams) -> Option<crate::predict::ModelParams> {
        Some(crate::predict::ModelParams::new(*p))
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        (t!("sections.break.axis_x"), t!("sections.break.axis_y"))
    }

    fn csv(&self, _p: &RenewalParams) -> Option<String> {
        let view = self.run.latest()?;
        let runs = view.acc.runs as f64;
        let names = view.modes[0].counts.named().map(|(name, _)| name);
        let mut out = format!(
            "mode,runs,lost_lock,{},{}\n",
            names.join(","),
            names.map(|n| format!("exact_{n}")).join(",")
        );
        for s in &view.modes {
            let counts = s.counts.named().map(|(_, c)| c.to_string());
            let exact = s.exact.named().map(|(_, e)| (e * runs).to_string());
            out.push_str(&format!(
                "{},{},{},{},{}\n",
                s.params.mode.as_str(),
                view.acc.runs,
                s.lost_lock,
                counts.join(","),
                exact.join(","),
            ));
        }
        Some(out)
    }
}

fn beside_id() -> egui::Id {
    egui::Id::unique("s9-lengths-beside")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_run_serves_every_defence() {
        let p = RenewalParams::default();
        let q = RenewalParams {
            mode: Mode::All,
            ..p
        };
        assert_eq!(run_key(&p, 3), run_key(&q, 3));
        assert_ne!(run_key(&p, 3), run_key(&p, 4));
    }
}
