//! Section 9, "Break it": a nightly billing job with no defence, lock renewal, fencing,
//! idempotency keys and all three stacked, side by side on the same simulated runs, and the
//! distribution of run lengths against the TTL.

use std::sync::{Arc, OnceLock};

use egui::{Color32, Pos2, Rect, RichText, Stroke, Ui};
use egui_plot::{Bar, BarChart, GridMark, Line, Plot, PlotPoint, PlotTransform, Span, Text, VLine};

use super::fmt::fmt_compact;
use super::fmt::{fmt_int, fmt_pct, fmt_seconds, fmt_sig};
use super::mc_stream::{self, McStream};
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::plot::{self, palette};
use super::widgets;
use super::{Cx, Section};
use crate::runner::Runner;
use crate::sim::renewal::{self, Mode, RenewalAcc, RenewalParams, RenewalSim, RenewalSummary};

/// The four measures shown for each defence.
const DUPLICATES: Color32 = palette::BLUE;
const STALE_LANDED: Color32 = palette::VERMILION;
const INVOICES_TWICE: Color32 = palette::PURPLE;
const WASTED: Color32 = palette::YELLOW;

/// Where a job-length bar starts on the log scale: half a job, so a bin with one job shows.
const LOG_FLOOR: f64 = -0.3;

/// How each measure's bars are patterned, so they differ without colour too.
#[derive(Clone, Copy, PartialEq)]
enum Pattern {
    Solid,
    /// Diagonal stripes rising to the right.
    Rising,
    /// Horizontal stripes.
    Level,
    /// Diagonal stripes falling to the right.
    Falling,
}

/// What the plots and the headline are drawn from.
pub struct BreakView {
    pub acc: RenewalAcc,
    /// One summary per mode, in [`Mode::ALL`] order.
    pub modes: [RenewalSummary; 5],
    /// Exactly what share of jobs is expected in each bin of `acc.lengths`.
    pub exact_bins: Arc<Vec<f64>>,
}

pub struct BreakIt {
    /// The model's parameters; `mode` is the defence the headline and plot focus on.
    pub params: RenewalParams,
    pub seed: u64,
    run: McStream<BreakView>,
    /// The parameters and seed the running simulation was started with (mode aside: one
    /// simulation serves all five).
    started: (RenewalParams, u64),
    plot_rect: Option<Rect>,
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::None => "No defence",
        Mode::Renewal => "Renewal",
        Mode::Fencing => "Fencing",
        Mode::Idempotent => "Idempotency",
        Mode::All => "All three",
    }
}

fn mode_index(mode: Mode) -> usize {
    Mode::ALL.iter().position(|m| *m == mode).unwrap_or(0)
}

fn spawn(runner: &Runner, params: RenewalParams, seed: u64) -> McStream<BreakView> {
    // The sliders clamp every value, so the parameters are always valid.
    let sim = RenewalSim::new(&params).expect("clamped parameters");
    // Worked out once, on the worker thread, with the first report.
    let exact = OnceLock::new();
    McStream::spawn(runner, "renewal", sim, seed, move |sim, acc| BreakView {
        acc: acc.clone(),
        modes: Mode::ALL.map(|m| sim.summary_for(acc, seed, m)),
        exact_bins: Arc::clone(exact.get_or_init(|| Arc::new(exact_bins(sim.params())))),
    })
}

/// Exactly what share of jobs is expected in each bin of the job-length histogram.
fn exact_bins(params: &RenewalParams) -> Vec<f64> {
    let hold = params.hold_time();
    let edges = params.histogram().edges();
    let tail: Vec<f64> = edges.iter().map(|&e| hold.exceeds(e)).collect();
    tail.windows(2).map(|w| (w[0] - w[1]).max(0.0)).collect()
}

impl BreakIt {
    pub fn new(runner: &Runner) -> Self {
        let params = RenewalParams::default();
        let seed = 1;
        Self {
            params,
            seed,
            run: spawn(runner, params, seed),
            started: (
                RenewalParams {
                    mode: Mode::None,
                    ..params
                },
                seed,
            ),
            plot_rect: None,
        }
    }

    fn refresh(&mut self, runner: &Runner) {
        self.params = self.params.clamped();
        let key = RenewalParams {
            mode: Mode::None,
            ..self.params
        };
        if (key, self.seed) != self.started {
            self.run = spawn(runner, key, self.seed);
            self.started = (key, self.seed);
        }
    }

    /// The computed headline: what the chosen defence leaves, and what it cannot reach.
    pub fn headline(&self, view: &BreakView) -> String {
        let [none, renewal, _, _, _] = &view.modes;
        let s = &view.modes[mode_index(self.params.mode)];
        let runs = fmt_int(view.acc.runs);
        let ttl = fmt_sig(self.params.ttl_s, 2);
        let lost = format!(
            "{} of {runs} runs ({})",
            fmt_int(s.lost_lock),
            fmt_pct(s.fraction.value)
        );
        let c = &s.counts;
        match self.params.mode {
            Mode::None => format!(
                "With no defence, {lost} outlived the {ttl}\u{a0}s TTL and were run again: each time \
                 a stale write landed over newer data and the invoices went out twice. Renewal would \
                 leave {} such runs; fencing would protect the data but not the invoices; \
                 idempotency keys would protect both.",
                fmt_int(renewal.lost_lock),
            ),
            Mode::Renewal => format!(
                "With renewal, {lost} still lost the lock, each to a pause longer than the \
                 {ttl}\u{a0}s TTL, against {} with no defence. Each of them still landed a stale \
                 write and sent its invoices twice: renewal makes the harm rarer, not impossible.",
                fmt_int(none.lost_lock),
            ),
            Mode::Fencing => format!(
                "With fencing, {lost} still lost the lock and were run again. The database refused \
                 every stale write, so none landed, but the invoice provider cannot check \
                 tokens: {} runs sent their invoices twice.",
                fmt_int(c.double_effects),
            ),
            Mode::Idempotent => format!(
                "With idempotency keys, {lost} still lost the lock and were run again, but every \
                 repeated write and invoice carried a key already used, so none of them did harm. \
                 The work of those {} runs was still wasted.",
                fmt_int(c.wasted),
            ),
            Mode::All => format!(
                "With all three stacked, {lost} lost the lock, as few as with renewal alone, and \
                 none of them did harm: the database refused their stale writes and the provider \
                 dropped their repeated invoices. Only the stack removes both harms and keeps the \
                 wasted work as rare as renewal does."
            ),
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        let p = &mut self.params;
        widgets::slider_grid(
            ui,
            "s9-controls",
            vec![
                Box::new(|ui| {
                    widgets::param_slider(ui, &renewal::TTL_S, &mut p.ttl_s);
                }),
                Box::new(|ui| {
                    widgets::param_slider(ui, &renewal::TYPICAL_S, &mut p.typical_s);
                }),
                Box::new(|ui| {
                    widgets::param_slider(ui, &renewal::SPREAD, &mut p.spread).on_hover_text(
                        "How much run lengths vary around the typical one (σ of the log-normal)",
                    );
                }),
                Box::new(|ui| {
                    mc_stream::percent_slider(ui, &renewal::STALL_PROB, &mut p.stall_prob, true).on_hover_text(
                        "The chance that a run's whole process is paused once (a long garbage-collection pause, a swapped-out virtual machine)",
                    );
                }),
                Box::new(|ui| {
                    widgets::param_slider(ui, &renewal::STALL_MEAN_S, &mut p.stall_mean_s);
                }),
                Box::new(|ui| {
                    mc_stream::count_slider(ui, &renewal::RUNS, &mut p.runs)
                        .on_hover_text("More runs: steadier counts, but a longer simulation");
                }),
            ],
        );
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Look at:").strong());
            for mode in Mode::ALL {
                ui.selectable_value(&mut self.params.mode, mode, mode_name(mode));
            }
            ui.separator();
            if ui.button("Reset to lesson defaults").clicked() {
                self.params = RenewalParams::default();
            }
        });
    }
}

/// Paints `pattern` over `rect` (already filled), clipped to it.
fn paint_pattern(painter: &egui::Painter, rect: Rect, pattern: Pattern, ink: Color32) {
    let painter = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
    let stroke = Stroke::new(1.5, ink);
    let gap = 6.0;
    match pattern {
        Pattern::Solid => {}
        Pattern::Rising => {
            let span = rect.width() + rect.height();
            let mut k = 0.0;
            while k < span {
                let start = Pos2::new(rect.left() + k - rect.height(), rect.bottom());
                painter.line_segment(
                    [start, start + egui::vec2(rect.height(), -rect.height())],
                    stroke,
                );
                k += gap;
            }
        }
        Pattern::Falling => {
            let span = rect.width() + rect.height();
            let mut k = 0.0;
            while k < span {
                let start = Pos2::new(rect.left() + k - rect.height(), rect.top());
                painter.line_segment(
                    [start, start + egui::vec2(rect.height(), rect.height())],
                    stroke,
                );
                k += gap;
            }
        }
        Pattern::Level => {
            let mut y = rect.bottom() - gap / 2.0;
            while y > rect.top() {
                painter.line_segment(
                    [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
                    stroke,
                );
                y -= gap;
            }
        }
    }
}

/// The mark of a legend entry drawn outside a plot.
#[derive(Clone, Copy)]
enum Key {
    /// A bar's fill and pattern.
    Swatch(Color32, Pattern),
    /// A dashed line.
    Dashed(Color32),
    /// A solid line.
    Solid(Color32),
    /// A short vertical line (an interval).
    Upright(Color32),
}

const KEY_SIZE: egui::Vec2 = egui::vec2(26.0, 16.0);

fn paint_key(ui: &Ui, rect: Rect, key: Key) {
    let painter = ui.painter();
    match key {
        Key::Swatch(fill, pattern) => {
            painter.rect_filled(rect, 2.0, fill);
            paint_pattern(painter, rect, pattern, Color32::from_black_alpha(170));
            painter.rect_stroke(
                rect,
                2.0,
                Stroke::new(1.0, ui.visuals().strong_text_color()),
                egui::StrokeKind::Inside,
            );
        }
        Key::Dashed(c) => {
            painter.extend(egui::Shape::dashed_line(
                &[rect.left_center(), rect.right_center()],
                Stroke::new(3.0, c),
                5.0,
                3.0,
            ));
        }
        Key::Solid(c) => {
            painter.line_segment(
                [rect.left_center(), rect.right_center()],
                Stroke::new(3.0, c),
            );
        }
        Key::Upright(c) => {
            painter.line_segment(
                [rect.center_top(), rect.center_bottom()],
                Stroke::new(3.0, c),
            );
        }
    }
}

/// A legend below a plot: entries flow into as many rows as the width needs, and an entry's
/// mark always stays beside its words.
fn legend(ui: &mut Ui, entries: &[(Key, &str)]) {
    let gap = 16.0;
    let inner = ui.spacing().item_spacing.x;
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let widths: Vec<f32> = entries
        .iter()
        .map(|(_, text)| {
            let galley = ui
                .painter()
                .layout_no_wrap((*text).to_owned(), font.clone(), color);
            KEY_SIZE.x + inner + galley.size().x
        })
        .collect();
    let full = ui.available_width();
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    for (i, w) in widths.iter().enumerate() {
        let row = rows.last_mut().expect("at least one row");
        if !row.is_empty() && used + gap + w > full {
            rows.push(vec![i]);
            used = *w;
        } else {
            used += if row.is_empty() { *w } else { gap + w };
            row.push(i);
        }
    }
    for row in rows {
        ui.horizontal(|ui| {
            for (n, i) in row.into_iter().enumerate() {
                if n > 0 {
                    ui.add_space(gap - inner);
                }
                let (key, text) = entries[i];
                let (rect, _) = ui.allocate_exact_size(KEY_SIZE, egui::Sense::hover());
                paint_key(ui, rect, key);
                ui.add(egui::Label::new(text).extend());
            }
        });
    }
}

/// One bar of the comparison: where, how tall, and its exact and interval marks.
struct ModeBar {
    x: f64,
    value: f64,
    exact: f64,
    interval: Option<(f64, f64)>,
    fill: Color32,
    pattern: Pattern,
    name: &'static str,
}

const BAR_W: f64 = 0.18;

/// The four measures of each defence: offset in its group, fill, pattern, name.
const MEASURES: [(f64, Color32, Pattern, &str); 4] = [
    (-0.3, DUPLICATES, Pattern::Solid, "duplicate runs"),
    (-0.1, STALE_LANDED, Pattern::Rising, "stale writes landed"),
    (0.1, INVOICES_TWICE, Pattern::Falling, "invoices sent twice"),
    (0.3, WASTED, Pattern::Level, "wasted work"),
];

fn mode_bars(view: &BreakView, runs: f64) -> Vec<ModeBar> {
    let mut bars = Vec::new();
    for (i, s) in view.modes.iter().enumerate() {
        let c = &s.counts;
        let e = &s.exact;
        let cells = [
            (c.duplicates, e.duplicates),
            (c.stale_writes_landed, e.stale_writes_landed),
            (c.double_effects, e.double_effects),
            (c.wasted, e.wasted),
        ];
        for ((count, exact), (dx, fill, pattern, name)) in cells.into_iter().zip(MEASURES) {
            let ci = s.share(count);
            bars.push(ModeBar {
                x: i as f64 + dx,
                value: count as f64,
                exact: exact * runs,
                // A cell a defence removes is zero by construction: no interval to show.
                interval: (exact > 0.0).then_some((ci.lo * runs, ci.hi * runs)),
                fill,
                pattern,
                name,
            });
        }
    }
    bars
}

/// Duplicate runs, stale writes that landed, invoices sent twice and wasted work for each
/// defence. Returns the plot's rect.
fn modes_plot(ui: &mut Ui, cx: &Cx<'_>, view: &BreakView, focus: Mode, height: f32) -> Rect {
    let runs = view.acc.runs.max(1) as f64;
    let bars = mode_bars(view, runs);
    let top = bars
        .iter()
        .map(|b| b.value.max(b.exact).max(b.interval.map_or(0.0, |c| c.1)))
        .fold(1.0, f64::max);
    let w = plot::line_width(cx);
    let ink = ui.visuals().strong_text_color();
    let chart_bars: Vec<Bar> = bars
        .iter()
        .map(|b| {
            Bar::new(b.x, b.value)
                .width(BAR_W)
                .fill(b.fill)
                .stroke(Stroke::new(1.0, ink))
                .name(format!("{}: {}", b.name, fmt_int(b.value as u64)))
        })
        .collect();
    let label_y = top * 0.02;
    let label_size = egui::TextStyle::Body.resolve(ui.style()).size;
    let resp = Plot::new("s9-modes")
        .height(height)
        .y_axis_label(format!("runs (of {})", fmt_int(view.acc.runs)))
        .include_x(-0.5)
        .include_x(Mode::ALL.len() as f64 - 0.5)
        .include_y(0.0)
        .include_y(top * 1.18)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .show_grid([false, true])
        .y_axis_formatter(|m, _| {
            if m.value >= 0.0 && m.value.fract() == 0.0 {
                fmt_int(m.value as u64)
            } else {
                String::new()
            }
        })
        .x_grid_spacer(|_| {
            // egui_plot drops a tick label wider than one step. Neighbouring names are short
            // enough to leave room for the widest, so the step is counted a little wider.
            (0..Mode::ALL.len())
                .map(|i| GridMark {
                    value: i as f64,
                    step_size: 1.4,
                })
                .collect()
        })
        .x_axis_formatter(|m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-9 && (0.0..Mode::ALL.len() as f64).contains(&i) {
                mode_name(Mode::ALL[i as usize]).to_owned()
            } else {
                String::new()
            }
        })
        .show(ui, |p| {
            let f = mode_index(focus) as f64;
            p.span(Span::new("", f - 0.47..=f + 0.47).fill(ink.gamma_multiply(0.08)));
            p.bar_chart(
                BarChart::new("runs", chart_bars)
                    .element_formatter(Box::new(|b, _| b.name.clone())),
            );
            for (i, b) in bars.iter().enumerate() {
                if let Some((lo, hi)) = b.interval {
                    p.line(
                        Line::new("", vec![[b.x, lo], [b.x, hi]])
                            .color(ink)
                            .width(w * 0.6)
                            .allow_hover(false),
                    );
                }
                p.line(
                    Line::new(
                        "",
                        vec![[b.x - BAR_W * 0.6, b.exact], [b.x + BAR_W * 0.6, b.exact]],
                    )
                    .color(ink)
                    .width(w)
                    .style(egui_plot::LineStyle::dashed_dense())
                    .allow_hover(false),
                );
                // One count per group, plus any bar that differs from it (a zero), so the
                // labels of four bars never run into each other.
                let first = &bars[i - i % MEASURES.len()];
                if i % MEASURES.len() != 0 && b.value == first.value {
                    continue;
                }
                let y = b.value.max(b.exact).max(b.interval.map_or(0.0, |c| c.1)) + label_y;
                p.text(
                    Text::new(
                        "",
                        PlotPoint::new(b.x, y),
                        RichText::new(fmt_compact(b.value))
                            .size(label_size)
                            .strong(),
                    )
                    .anchor(egui::Align2::CENTER_BOTTOM)
                    .color(ink),
                );
            }
        });
    paint_bar_patterns(ui, &resp.transform, &bars);
    let mut entries: Vec<(Key, &str)> = MEASURES
        .iter()
        .map(|&(_, fill, pattern, name)| (Key::Swatch(fill, pattern), name))
        .collect();
    entries.extend([
        (Key::Dashed(ink), "exact expected"),
        (Key::Upright(ink), "95 % interval"),
    ]);
    legend(ui, &entries);
    widgets::describe_plot(
        &resp.response,
        "Plot: for each defence, runs repeated after losing the lock, stale writes that landed, \
         invoices sent twice and wasted work; a count a defence removes is zero by construction",
        "",
    );
    resp.response.rect
}

fn paint_bar_patterns(ui: &Ui, transform: &PlotTransform, bars: &[ModeBar]) {
    let painter = ui.painter().with_clip_rect(*transform.frame());
    for b in bars
        .iter()
        .filter(|b| b.pattern != Pattern::Solid && b.value > 0.0)
    {
        let a = transform.position_from_point(&PlotPoint::new(b.x - BAR_W / 2.0, 0.0));
        let c = transform.position_from_point(&PlotPoint::new(b.x + BAR_W / 2.0, b.value));
        paint_pattern(
            &painter,
            Rect::from_two_pos(a, c).shrink(1.0),
            b.pattern,
            Color32::from_black_alpha(150),
        );
    }
}

/// Grid marks at 1, 2 and 5 times powers of ten on a log10 axis.
fn log_marks(input: egui_plot::GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    let mut marks = Vec::new();
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 30.0 {
        return marks;
    }
    for decade in (lo.floor() as i32)..=(hi.ceil() as i32) {
        for (m, step) in [(1.0_f64, 1.0), (2.0, 0.3), (5.0, 0.3)] {
            let v = f64::from(decade) + m.log10();
            if v >= lo && v <= hi {
                marks.push(GridMark {
                    value: v,
                    step_size: step,
                });
            }
        }
    }
    marks
}

/// Grid marks at whole powers of ten on a log10 count axis.
fn decade_marks(input: egui_plot::GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 30.0 {
        return Vec::new();
    }
    ((lo.ceil() as i32).max(0)..=(hi.floor() as i32))
        .map(|d| GridMark {
            value: f64::from(d),
            step_size: 1.0,
        })
        .collect()
}

/// The job-length distribution on log axes, the TTL marked, the exact expectation beside it.
fn lengths_plot(ui: &mut Ui, cx: &Cx<'_>, view: &BreakView, ttl: f64, height: f32) {
    let h = &view.acc.lengths;
    let exact = &view.exact_bins;
    let edges = h.edges();
    let ink = ui.visuals().strong_text_color();
    let mut within = Vec::new();
    let mut beyond = Vec::new();
    let mut peak: f64 = 1.0;
    for (i, &c) in h.bins.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let (a, b) = (edges[i].log10(), edges[i + 1].log10());
        let y = (c as f64).log10();
        peak = peak.max(c as f64);
        let bar = Bar::new((a + b) / 2.0, y - LOG_FLOOR)
            .base_offset(LOG_FLOOR)
            .width((b - a) * 0.92)
            .name(format!(
                "{} to {} s: {} runs",
                fmt_sig(edges[i], 3),
                fmt_sig(edges[i + 1], 3),
                fmt_int(c)
            ));
        if edges[i] >= ttl {
            beyond.push(bar)
        } else {
            within.push(bar)
        }
    }
    // The exact expectation, where at least half a job is expected in a bin.
    let exact_pts: Vec<[f64; 2]> = exact
        .iter()
        .enumerate()
        .map(|(i, e)| (i, e * view.acc.runs as f64))
        .filter(|(_, e)| *e >= 0.5)
        .map(|(i, e)| [(edges[i].log10() + edges[i + 1].log10()) / 2.0, e.log10()])
        .collect();
    let w = plot::line_width(cx);
    let lengths = Plot::new("s9-lengths")
        .height(height)
        .x_axis_label("run length, work plus any pause (log scale)")
        .y_axis_label("runs per bin (log scale)")
        .include_x(edges[0].log10())
        .include_x(edges[edges.len() - 1].log10())
        .include_y(LOG_FLOOR)
        .include_y(peak.log10() + 1.2)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .x_grid_spacer(log_marks)
        .y_grid_spacer(decade_marks)
        .x_axis_formatter(|m, _| fmt_seconds(10f64.powf(m.value)))
        .y_axis_formatter(|m, _| {
            if m.value >= 0.0 {
                fmt_int(10f64.powf(m.value).round() as u64)
            } else {
                String::new()
            }
        })
        .show(ui, |p| {
            p.bar_chart(
                BarChart::new("finished within the TTL", within)
                    .color(palette::SKY)
                    .element_formatter(Box::new(|b, _| b.name.clone())),
            );
            p.bar_chart(
                BarChart::new("outlived the TTL", beyond)
                    .color(palette::VERMILION)
                    .element_formatter(Box::new(|b, _| b.name.clone())),
            );
            p.line(
                Line::new("exact expected", exact_pts)
                    .color(ink)
                    .width(w * 0.8)
                    .style(egui_plot::LineStyle::dashed_dense()),
            );
            p.vline(
                VLine::new(format!("TTL {}", fmt_seconds(ttl)), ttl.log10())
                    .color(palette::GREEN)
                    .width(w * 1.2),
            );
        });
    let ttl_text = format!("the TTL, {}", fmt_seconds(ttl));
    let outlived: u64 = h
        .bins
        .iter()
        .enumerate()
        .filter(|(i, _)| edges[*i] >= ttl)
        .map(|(_, &c)| c)
        .sum();
    widgets::describe_plot(
        &lengths.response,
        "Plot: how long the runs took, against the TTL (log scales)",
        &format!(
            "Of {} simulated runs, at least {} ran longer than {ttl_text}.",
            fmt_int(view.acc.runs),
            fmt_int(outlived)
        ),
    );
    legend(
        ui,
        &[
            (
                Key::Swatch(palette::SKY, Pattern::Solid),
                "finished within the TTL",
            ),
            (
                Key::Swatch(palette::VERMILION, Pattern::Solid),
                "outlived the TTL",
            ),
            (Key::Solid(palette::GREEN), &ttl_text),
            (Key::Dashed(ink), "exact expected"),
        ],
    );
}

impl Section for BreakIt {
    fn number(&self) -> u8 {
        9
    }

    fn summary(&self) -> Option<String> {
        let snap = self.run.snapshot();
        snap.result.as_ref().map(|v| self.headline(v))
    }

    fn scenario(&self) -> Option<Pairs> {
        let p = &self.params;
        Some(
            PairsBuilder::default()
                .num(&renewal::TTL_S, p.ttl_s)
                .num(&renewal::TYPICAL_S, p.typical_s)
                .num(&renewal::SPREAD, p.spread)
                .num(&renewal::STALL_PROB, p.stall_prob)
                .num(&renewal::STALL_MEAN_S, p.stall_mean_s)
                .num(&renewal::RUNS, p.runs as f64)
                .text("mode", p.mode.as_str())
                .seed(self.seed)
                .build(),
        )
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let mut r = PairsReader::new(pairs);
        let d = RenewalParams::default();
        let names: Vec<&str> = Mode::ALL.iter().map(|m| m.as_str()).collect();
        let p = RenewalParams {
            ttl_s: r.num(&renewal::TTL_S)?.unwrap_or(d.ttl_s),
            typical_s: r.num(&renewal::TYPICAL_S)?.unwrap_or(d.typical_s),
            spread: r.num(&renewal::SPREAD)?.unwrap_or(d.spread),
            stall_prob: r.num(&renewal::STALL_PROB)?.unwrap_or(d.stall_prob),
            stall_mean_s: r.num(&renewal::STALL_MEAN_S)?.unwrap_or(d.stall_mean_s),
            runs: r.num(&renewal::RUNS)?.map_or(d.runs, |v| v as u64),
            mode: match r.choice("mode", &names)? {
                Some(m) => m.parse().map_err(|e: renewal::UnknownMode| e.to_string())?,
                None => d.mode,
            },
        };
        let seed = r.seed()?.unwrap_or(self.seed);
        r.finish()?;
        self.params = p;
        self.seed = seed;
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        let snap = self.run.snapshot();
        let view = snap.result.as_ref()?;
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

    fn plot_rect(&self) -> Option<Rect> {
        self.plot_rect
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.controls(ui);
        self.refresh(cx.runner);
        ui.add_space(8.0);

        // Before the snapshot is held: the progress bar reads it too.
        self.run.progress_ui(ui, "simulating runs");
        let snap = self.run.snapshot();
        let Some(view) = snap.result.as_ref() else {
            // Nothing merged yet: the progress bar above shows once the wait is noticeable.
            widgets::no_result_yet(ui, snap.failed.as_deref(), None);
            return;
        };
        widgets::headline(ui, &self.headline(view));
        ui.add_space(8.0);
        let height = (ui.available_height() * 0.42).clamp(220.0, 380.0);
        let mut rect = None;
        let focus = self.params.mode;
        let ttl = self.params.ttl_s;
        widgets::side_by_side(
            ui,
            |ui| {
                ui.label(RichText::new("What each defence leaves").strong());
                // The whole figure, axes and labels included, for the PNG export.
                rect = Some(
                    ui.scope(|ui| modes_plot(ui, cx, view, focus, height))
                        .response
                        .rect,
                );
            },
            |ui| {
                ui.label(RichText::new("How long the runs took").strong());
                lengths_plot(ui, cx, view, ttl, height);
            },
        );
        self.plot_rect = rect;
        drop(snap);
        ui.add_space(6.0);
        if widgets::how_computed(ui, &self.text().how, self.seed, cx) {
            self.seed = widgets::next_seed(self.seed);
        }
    }
}
