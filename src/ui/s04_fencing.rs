//! Section 4, "Fencing tokens": a long chain of lock holders under a short TTL, as a token
//! ladder (time across, token up), with fencing off and on counted side by side.
//!
//! Also home of the small plot key the timeline sections share: egui_plot's legend shows
//! colours only, and these plots tell their marks apart by shape as well.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Line, MarkerShape, Plot, PlotBounds, Points};

use super::fmt::{fmt_int, fmt_ms, fmt_pct};
use super::mc_stream::{count_slider, percent_slider};
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::plot::{self, KeyMark, cross, grid_label, key_row, nice_grid, palette};
use super::widgets;
use super::{Cx, Section};
use crate::runner::{Runner, Task};
use crate::sim::fencing::{self, Fate, FencingParams, FencingRun, Holder, LADDER_LIMIT};

/// The same chain with fencing off and on.
pub struct Pair {
    pub off: FencingRun,
    pub on: FencingRun,
}

impl Pair {
    pub fn shown(&self, fencing: bool) -> &FencingRun {
        if fencing { &self.on } else { &self.off }
    }
}

const LEASE: Color32 = palette::BLUE;
const OVERRUN: Color32 = palette::ORANGE;
const APPLIED: Color32 = palette::GREEN;
const LATE_FIRST: Color32 = palette::PURPLE;
const OVERWROTE: Color32 = palette::VERMILION;
const REJECTED: Color32 = palette::SKY;

/// How a holder's write shows on the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    OnTime,
    /// Late, but it reached storage before any newer write.
    LateFirst,
    Overwrote,
    Rejected,
}

pub fn mark(h: &Holder) -> Mark {
    match (h.fate, h.stale) {
        (Fate::Overwrote, _) => Mark::Overwrote,
        (Fate::Rejected, _) => Mark::Rejected,
        (Fate::Applied, true) => Mark::LateFirst,
        (Fate::Applied, false) => Mark::OnTime,
    }
}

pub struct Fencing {
    pub params: FencingParams,
    pub seed: u64,
    task: Task<Arc<Pair>>,
    started: (FencingParams, u64),
    plot_rect: Option<egui::Rect>,
    /// Set by "Reset view": the ladder shows the whole chain again on the next frame.
    reset_view: bool,
    /// Set by "Zoom to the first stale write".
    zoom_to: Option<PlotBounds>,
}

impl Fencing {
    pub fn new(runner: &Runner) -> Self {
        let params = FencingParams::default();
        let seed = 1;
        Self {
            params,
            seed,
            task: spawn(runner, params, seed),
            started: (
                FencingParams {
                    fencing: false,
                    ..params
                },
                seed,
            ),
            plot_rect: None,
            reset_view: false,
            zoom_to: None,
        }
    }

    fn refresh(&mut self, runner: &Runner) {
        self.params = self.params.clamped();
        // Both modes are always computed: the toggle only changes which one is drawn.
        let key = (
            FencingParams {
                fencing: false,
                ..self.params
            },
            self.seed,
        );
        if key != self.started {
            self.task = spawn(runner, key.0, self.seed);
            self.started = key;
            self.reset_view = true;
        }
    }

    /// The headline for the chain as drawn.
    pub fn headline(&self, pair: &Pair) -> String {
        let run = pair.shown(self.params.fencing);
        let n = run.stale_writes;
        let h = u64::from(run.params.holders);
        let m = run.late_after_newer;
        let first = format!(
            "{} of {} lock holders were still working when their lease ran out.",
            fmt_int(n),
            fmt_int(h)
        );
        let writes = |k: u64| {
            if k == 1 {
                "write".to_owned()
            } else {
                "writes".to_owned()
            }
        };
        if n == 0 {
            return format!(
                "{first} No write was stale, so storage never saw an old token after a newer one."
            );
        }
        if m == 0 {
            return format!(
                "{first} Each of their stale writes still reached storage before any newer one, so this time no newer data was replaced."
            );
        }
        if self.params.fencing {
            format!(
                "{first} {} of their stale {} arrived after a newer holder's write, and storage rejected {}: \
                 newer data was never replaced.",
                fmt_int(m),
                writes(m),
                if m == 1 {
                    "it".to_owned()
                } else {
                    format!("all {} of them", fmt_int(m))
                },
            )
        } else {
            format!(
                "{first} {} of their stale {} arrived after a newer holder's write, and {} old data silently \
                 replaced new data, without any error.",
                fmt_int(m),
                writes(m),
                if m == 1 {
                    "that one time".to_owned()
                } else {
                    format!("each of those {} times", fmt_int(m))
                },
            )
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        let p = &mut self.params;
        ui.checkbox(&mut p.fencing, "Storage checks fencing tokens")
            .on_hover_text("Storage remembers the highest token it has applied and refuses any write with a lower one");
        ui.add_space(4.0);
        widgets::param_slider(ui, &fencing::TTL_MS, &mut p.ttl_ms);
        widgets::param_slider(ui, &fencing::TYPICAL_MS, &mut p.typical_ms);
        widgets::param_slider(ui, &fencing::SPREAD, &mut p.spread);
        percent_slider(ui, &fencing::STALL_PROB, &mut p.stall_prob, true);
        widgets::param_slider(ui, &fencing::STALL_MEAN_MS, &mut p.stall_mean_ms);
        let mut holders = u64::from(p.holders);
        count_slider(ui, &fencing::HOLDERS, &mut holders);
        p.holders = holders as u32;
        if ui.button("Reset to lesson defaults").clicked() {
            *p = FencingParams::default();
        }
    }

    /// The latest finished chain pair, if any.
    fn latest(&self) -> Option<Arc<Pair>> {
        self.task.snapshot().result.clone()
    }
}

/// The token ladder. Returns where it was drawn.
fn ladder(
    ui: &mut Ui,
    cx: &Cx<'_>,
    run: &FencingRun,
    width: f32,
    height: f32,
    reset: bool,
    zoom_to: Option<PlotBounds>,
) -> egui::Rect {
    let r = plot::marker_radius(cx);
    let lw = plot::line_width(cx);
    let holders = &run.ladder;
    let s = |ms: f64| ms / 1000.0;
    let lease: Vec<Bar> = holders
        .iter()
        .map(|h| {
            let end = h.write_ms.min(h.lease_end_ms);
            Bar::new(h.token as f64, s(end - h.granted_ms))
                .base_offset(s(h.granted_ms))
                .width(0.7)
        })
        .collect();
    // The staircase of grants: readable however far the view is zoomed out.
    let stairs: Vec<[f64; 2]> = holders
        .iter()
        .flat_map(|h| {
            let k = h.token as f64;
            [[s(h.granted_ms), k], [s(h.write_ms.min(h.lease_end_ms)), k]]
        })
        .collect();
    let points = |m: Mark| -> Vec<[f64; 2]> {
        holders
            .iter()
            .filter(|h| mark(h) == m)
            .map(|h| [s(h.write_ms), h.token as f64])
            .collect()
    };
    let last = holders.last();
    let x_end = last.map_or(1.0, |_| {
        s(holders.iter().map(|h| h.write_ms).fold(0.0, f64::max))
    });
    let y_end = last.map_or(1.0, |h| h.token as f64);

    let mut plot = Plot::new("s4-ladder")
        .width(width)
        .height(height)
        .x_axis_label("simulated time (s)")
        .y_axis_label("fencing token (grant number)")
        .include_x(0.0)
        .include_x(x_end)
        .include_y(0.0)
        .include_y(y_end + 1.0)
        .allow_scroll(false)
        .allow_double_click_reset(true)
        .x_grid_spacer(|g| nice_grid(g, 0.0))
        .y_grid_spacer(|g| nice_grid(g, 1.0))
        .x_axis_formatter(|m, _| grid_label(m))
        .y_axis_formatter(|m, _| grid_label(m));
    if reset {
        plot = plot.reset();
    }
    let response = plot
        .show(ui, |p| {
            if let Some(b) = zoom_to {
                p.set_plot_bounds(b);
            }
            // Zoomed out, hundreds of on-time writes would bury the few that matter: the staircase
            // stands for them until the view is close enough to tell them apart.
            let crowded = p.plot_bounds().height() > 120.0;
            p.bar_chart(BarChart::new("", lease).color(LEASE).horizontal());
            p.line(
                Line::new("", stairs)
                    .color(LEASE)
                    .width(if crowded { lw * 0.6 } else { lw * 0.4 })
                    .allow_band(false),
            );
            for h in holders.iter().filter(|h| h.stale) {
                let k = h.token as f64;
                p.line(
                    Line::new("", vec![[s(h.lease_end_ms), k], [s(h.write_ms), k]])
                        .color(OVERRUN)
                        .width(lw),
                );
            }
            if !crowded {
                p.points(
                    Points::new("", points(Mark::OnTime))
                        .color(APPLIED)
                        .radius(r)
                        .shape(MarkerShape::Circle),
                );
            }
            let big = r * 2.0;
            p.points(
                Points::new("", points(Mark::LateFirst))
                    .color(LATE_FIRST)
                    .radius(big)
                    .shape(MarkerShape::Diamond),
            );
            for [x, y] in points(Mark::Overwrote) {
                cross(p, x, y, big * 1.1, lw * 1.2, OVERWROTE);
            }
            p.points(
                Points::new("", points(Mark::Rejected))
                    .color(REJECTED)
                    .radius(big)
                    .shape(MarkerShape::Square),
            );
        })
        .response;
    widgets::describe_plot(
        &response,
        "Plot: fencing tokens over time, with every write applied, overwritten or rejected",
        "",
    );
    response.rect
}

/// Bounds around the first write that arrived behind a newer one (or the first late write).
fn first_late_bounds(run: &FencingRun) -> Option<PlotBounds> {
    let h = run
        .ladder
        .iter()
        .find(|h| matches!(mark(h), Mark::Overwrote | Mark::Rejected))
        .or_else(|| run.ladder.iter().find(|h| h.stale))?;
    let (t0, t1) = (h.granted_ms / 1000.0, h.write_ms / 1000.0);
    let tokens_meanwhile = run
        .ladder
        .iter()
        .filter(|o| o.granted_ms <= h.write_ms && o.token > h.token)
        .count() as f64;
    let pad = (t1 - t0) * 0.15 + 0.2;
    Some(PlotBounds::from_min_max(
        [t0 - pad, h.token as f64 - 3.0],
        [t1 + pad, h.token as f64 + tokens_meanwhile + 3.0],
    ))
}

fn spawn(runner: &Runner, params: FencingParams, seed: u64) -> Task<Arc<Pair>> {
    runner.spawn("fencing", move |_| {
        let off = fencing::run(
            &FencingParams {
                fencing: false,
                ..params
            },
            seed,
        )
        .expect("clamped parameters");
        let on = fencing::run(
            &FencingParams {
                fencing: true,
                ..params
            },
            seed,
        )
        .expect("clamped parameters");
        Arc::new(Pair { off, on })
    })
}

/// Counts for both modes side by side; the mode on screen in bold.
fn counts_table(ui: &mut Ui, pair: &Pair, fencing_on: bool) {
    let cell = |ui: &mut Ui, text: String, strong: bool| {
        if strong {
            ui.label(RichText::new(text).strong());
        } else {
            ui.label(text);
        }
    };
    egui::Grid::new("s4-counts")
        .num_columns(3)
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.label("");
            cell(ui, "Fencing off".into(), !fencing_on);
            cell(ui, "Fencing on".into(), fencing_on);
            ui.end_row();
            let counts = |r: &FencingRun| {
                [
                    r.stale_writes,
                    r.late_after_newer,
                    r.overwritten,
                    r.rejected,
                ]
            };
            let names = [
                "Stale writes",
                "… after a newer write",
                "Newer data silently replaced",
                "Rejected by storage",
            ];
            for ((name, off), on) in names.iter().zip(counts(&pair.off)).zip(counts(&pair.on)) {
                ui.label(*name);
                cell(ui, fmt_int(off), !fencing_on);
                cell(ui, fmt_int(on), fencing_on);
                ui.end_row();
            }
        });
}

impl Section for Fencing {
    fn number(&self) -> u8 {
        4
    }

    fn summary(&self) -> Option<String> {
        let snap = self.task.snapshot();
        snap.result.as_ref().map(|pair| self.headline(pair))
    }

    fn scenario(&self) -> Option<Pairs> {
        let p = &self.params;
        Some(
            PairsBuilder::default()
                .num(&fencing::HOLDERS, f64::from(p.holders))
                .num(&fencing::TTL_MS, p.ttl_ms)
                .num(&fencing::TYPICAL_MS, p.typical_ms)
                .num(&fencing::SPREAD, p.spread)
                .num(&fencing::STALL_PROB, p.stall_prob)
                .num(&fencing::STALL_MEAN_MS, p.stall_mean_ms)
                .flag("fencing", p.fencing)
                .seed(self.seed)
                .build(),
        )
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let mut r = PairsReader::new(pairs);
        let d = FencingParams::default();
        let p = FencingParams {
            holders: r.num(&fencing::HOLDERS)?.map_or(d.holders, |v| v as u32),
            ttl_ms: r.num(&fencing::TTL_MS)?.unwrap_or(d.ttl_ms),
            typical_ms: r.num(&fencing::TYPICAL_MS)?.unwrap_or(d.typical_ms),
            spread: r.num(&fencing::SPREAD)?.unwrap_or(d.spread),
            stall_prob: r.num(&fencing::STALL_PROB)?.unwrap_or(d.stall_prob),
            stall_mean_ms: r.num(&fencing::STALL_MEAN_MS)?.unwrap_or(d.stall_mean_ms),
            fencing: r.flag("fencing")?.unwrap_or(d.fencing),
        };
        let seed = r.seed()?.unwrap_or(self.seed);
        r.finish()?;
        self.params = p;
        self.seed = seed;
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        let snap = self.task.snapshot();
        let pair = snap.result.as_ref()?;
        let run = pair.shown(self.params.fencing);
        let mut out = String::from("token,granted_ms,lease_end_ms,write_ms,stale,outcome\n");
        for h in &run.ladder {
            let outcome = match mark(h) {
                Mark::OnTime => "applied",
                Mark::LateFirst => "applied_late",
                Mark::Overwrote => "overwrote_newer",
                Mark::Rejected => "rejected",
            };
            out.push_str(&format!(
                "{},{},{},{},{},{outcome}\n",
                h.token, h.granted_ms, h.lease_end_ms, h.write_ms, h.stale
            ));
        }
        Some(out)
    }

    fn plot_rect(&self) -> Option<egui::Rect> {
        self.plot_rect
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let before = self.params;
        self.refresh(cx.runner);
        let Some(pair) = self.latest() else {
            let snap = self.task.snapshot();
            widgets::no_result_yet(ui, snap.failed.as_deref(), Some("simulating the chain"));
            return;
        };
        let run = pair.shown(self.params.fencing);
        widgets::headline(ui, &self.headline(&pair));
        ui.add_space(8.0);

        let mut reset = std::mem::take(&mut self.reset_view);
        let mut zoom = self.zoom_to.take();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("The token ladder").strong());
            if ui
                .button("Reset view")
                .on_hover_text("Show the whole chain again")
                .clicked()
            {
                reset = true;
                zoom = None;
            }
            if let Some(b) = first_late_bounds(run)
                && ui.button("Zoom to the first stale write").clicked()
            {
                zoom = Some(b);
            }
            ui.label(
                RichText::new("Drag to pan · Ctrl + wheel to zoom · right-drag a box to zoom in")
                    .weak(),
            );
        });

        // The ladder with the controls and counts beside it; stacked when the window is narrow.
        let avail = ui.available_width();
        let side = 400.0_f32;
        let wide = avail >= 900.0;
        let plot_w = if wide { avail - side - 16.0 } else { avail };
        let height = (ui.available_height() * 0.6).clamp(320.0, 560.0);
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(plot_w);
                // The whole figure, axes and labels included, for the PNG export.
                let drawn = ui.scope(|ui| ladder(ui, cx, run, plot_w, height, reset, zoom));
                self.plot_rect = Some(drawn.response.rect);
            });
            if wide {
                ui.add_space(12.0);
                ui.vertical(|ui| {
                    ui.spacing_mut().slider_width = 150.0;
                    self.controls(ui);
                    ui.add_space(8.0);
                    counts(ui, &pair, self.params.fencing);
                });
            }
        });
        if !wide {
            self.controls(ui);
            counts(ui, &pair, self.params.fencing);
        }
        let count = |m: Mark| run.ladder.iter().filter(|h| mark(h) == m).count() as u64;
        let mut marks = vec![
            KeyMark::Bar(LEASE, "holding the lock".into()),
            KeyMark::Bar(OVERRUN, "still working after its lease ran out".into()),
            KeyMark::Shape(
                MarkerShape::Circle,
                APPLIED,
                format!("write applied ({})", fmt_int(count(Mark::OnTime))),
            ),
            KeyMark::Shape(
                MarkerShape::Diamond,
                LATE_FIRST,
                format!(
                    "stale, but before any newer write ({})",
                    fmt_int(count(Mark::LateFirst))
                ),
            ),
        ];
        if self.params.fencing {
            marks.push(KeyMark::Shape(
                MarkerShape::Square,
                REJECTED,
                format!("rejected by storage ({})", fmt_int(count(Mark::Rejected))),
            ));
        } else {
            marks.push(KeyMark::Shape(
                MarkerShape::Cross,
                OVERWROTE,
                format!("overwrote newer data ({})", fmt_int(count(Mark::Overwrote))),
            ));
        }
        key_row(ui, cx, &marks);
        if run.ladder.len() < run.params.holders as usize {
            ui.label(
                RichText::new(format!(
                    "The ladder shows the first {} of {} holders; the counts cover all of them.",
                    fmt_int(LADDER_LIMIT as u64),
                    fmt_int(u64::from(run.params.holders))
                ))
                .weak(),
            );
        }
        ui.add_space(6.0);
        if widgets::how_computed(ui, &self.text().how, self.seed, cx) {
            self.seed = widgets::next_seed(self.seed);
        }
        // Settings changed this frame start their run now, not at the next input.
        self.refresh(cx.runner);
        if self.params != before {
            // The headline above was drawn with the old settings: draw again at once.
            ui.ctx().request_repaint();
        }
    }
}

/// The counts for both modes, and the late fraction against its exact value.
fn counts(ui: &mut Ui, pair: &Pair, fencing_on: bool) {
    counts_table(ui, pair, fencing_on);
    let run = pair.shown(fencing_on);
    let e = run.stale_fraction;
    ui.add_space(4.0);
    ui.label(format!(
        "Stale: {} of holders (95 % interval {} to {}); exact chance {}. The chain ran for {} of simulated time.",
        fmt_pct(e.value),
        fmt_pct(e.lo),
        fmt_pct(e.hi),
        fmt_pct(run.params.exact_stale_fraction()),
        fmt_ms(run.end_ms),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(p: FencingParams, seed: u64) -> Pair {
        Pair {
            off: fencing::run(
                &FencingParams {
                    fencing: false,
                    ..p
                },
                seed,
            )
            .unwrap(),
            on: fencing::run(&FencingParams { fencing: true, ..p }, seed).unwrap(),
        }
    }

    #[test]
    fn marks_follow_the_fates() {
        let pr = pair(FencingParams::default(), 1);
        let off: Vec<Mark> = pr.off.ladder.iter().map(mark).collect();
        let on: Vec<Mark> = pr.on.ladder.iter().map(mark).collect();
        let n = |v: &[Mark], m: Mark| v.iter().filter(|x| **x == m).count() as u64;
        assert_eq!(n(&off, Mark::Overwrote), pr.off.overwritten);
        assert_eq!(n(&on, Mark::Rejected), pr.on.rejected);
        assert_eq!(n(&off, Mark::Rejected), 0);
        assert_eq!(n(&on, Mark::Overwrote), 0);
        // The same holders are late either way.
        assert_eq!(n(&off, Mark::LateFirst), n(&on, Mark::LateFirst));
    }

    #[test]
    fn first_late_bounds_frame_the_late_write() {
        let pr = pair(FencingParams::default(), 1);
        let b = first_late_bounds(&pr.off).expect("the default chain has late writes");
        let h = pr
            .off
            .ladder
            .iter()
            .find(|h| matches!(mark(h), Mark::Overwrote))
            .unwrap();
        assert!(b.min()[0] < h.granted_ms / 1000.0 && b.max()[0] > h.write_ms / 1000.0);
        assert!(b.min()[1] < h.token as f64 && b.max()[1] > h.token as f64);
    }
}
