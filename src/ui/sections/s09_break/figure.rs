//! Section 9's figures: what each defence leaves (four counts per defence, exact beside
//! simulated), and how long the runs took against the TTL.

use std::sync::Arc;

use egui::{Color32, Rect, Response, Stroke, Ui, Vec2};
use egui_plot::{Bar, BarChart, GridMark, Line, Plot, PlotPoint, PlotTransform, Span, VLine};

use crate::sim::renewal::{Mode, RenewalAcc, RenewalSummary};
use crate::ui::Cx;
use crate::ui::kit::fmt::{fmt_compact, fmt_int, seconds};
use crate::ui::kit::labels::{Label, Labels, marks};
use crate::ui::kit::plot::{
    self, Hatch, KeyMark, decade_marks_every, error_bar, log_marks, palette,
};
use crate::ui::kit::widgets;

/// What the plots and the headline are drawn from.
#[derive(Clone)]
pub struct BreakView {
    pub acc: RenewalAcc,
    /// One summary per mode, in [`Mode::ALL`] order.
    pub modes: [RenewalSummary; 5],
    /// Exactly what fraction of jobs is expected in each bin of `acc.lengths`.
    pub exact_bins: Arc<Vec<f64>>,
}

/// The defence's name on its button and under its bars.
pub fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::None => t!("sections.break.mode.none"),
        Mode::Renewal => t!("sections.break.mode.renewal"),
        Mode::Fencing => t!("sections.break.mode.fencing"),
        Mode::Idempotent => t!("sections.break.mode.idempotency"),
        Mode::All => t!("sections.break.mode.all"),
    }
}

pub fn mode_index(mode: Mode) -> usize {
    Mode::ALL.iter().position(|m| *m == mode).unwrap_or(0)
}

/// Where a job-length bar starts on the log scale: half a job, so a bin with one job shows.
const LOG_FLOOR: f64 = -0.3;

const BAR_W: f64 = 0.18;

/// The four measures of each defence: offset in its group, fill, hatching.
const MEASURES: [(f64, Color32, Hatch); 4] = [
    (-0.3, palette::BLUE, Hatch::Solid),
    (-0.1, palette::VERMILION, Hatch::Rising),
    (0.1, palette::PURPLE, Hatch::Falling),
    (0.3, palette::YELLOW, Hatch::Level),
];

/// The four measures' names (`assets/break_story.ron`), in the order of [`MEASURES`].
fn measure_names() -> [&'static str; 4] {
    let w = &crate::lesson::content().break_story;
    [&w.ran_twice, &w.over_newer, &w.invoices_twice, &w.wasted].map(String::as_str)
}

/// The key of the defence figure.
pub fn bars_key(ink: Color32) -> Vec<KeyMark> {
    let mut key: Vec<KeyMark> = MEASURES
        .iter()
        .zip(measure_names())
        .map(|(&(_, fill, hatch), name)| KeyMark::Hatched(fill, hatch, name.into()))
        .collect();
    key.push(KeyMark::Line(
        ink,
        true,
        t!("sections.break.key.exact").into(),
    ));
    key.push(KeyMark::Interval(
        ink,
        t!("sections.break.key.interval").into(),
    ));
    key
}

/// One bar of the comparison: where, how tall, and its exact and interval marks.
struct ModeBar {
    x: f64,
    value: f64,
    exact: f64,
    interval: Option<(f64, f64)>,
    fill: Color32,
    hatch: Hatch,
    name: &'static str,
}

impl ModeBar {
    /// The highest mark of the bar (its top, exact line or interval).
    fn top(&self) -> f64 {
        self.value
            .max(self.exact)
            .max(self.interval.map_or(0.0, |c| c.1))
    }
}

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
        let measures = MEASURES.iter().zip(measure_names());
        for ((count, exact), (&(dx, fill, hatch), name)) in cells.into_iter().zip(measures) {
            let ci = s.fraction_of_runs(count);
            bars.push(ModeBar {
                x: i as f64 + dx,
                value: count as f64,
                exact: exact * runs,
                // A cell a defence removes is zero by construction: no interval to show.
                interval: (exact > 0.0).then_some((ci.lo * runs, ci.hi * runs)),
                fill,
                hatch,
                name,
            });
        }
    }
    bars
}

/// How many standard deviations of the largest expected count the defences' axis reaches
/// past it.
const SPREADS: f64 = 4.0;

/// The top of the defences' axis: the most runs any measure is expected to reach in the whole
/// run, `μ = n·p` (`n` the parameters' count of runs, however far the run has got; `p` the
/// largest exact fraction of the five defences, the same for every defence's build), and
/// [`SPREADS`] standard deviations of that count more (each run counts or not, on its own: a
/// binomial count, `σ = √(n·p·(1 − p))`). A count passes it by chance alone (at the defaults
/// in under 1 in 10,000 runs: the test works out the binomial tail); only then does the axis
/// reach further, to keep every bar whole. (A 95 % interval may reach past the top: it is
/// drawn to the frame's edge.)
fn modes_top(view: &BreakView, bars: &[ModeBar]) -> f64 {
    bars.iter()
        .map(|b| b.value.max(b.exact))
        .fold(expected_top(view).max(1.0), f64::max)
}

/// `μ + SPREADS·σ` of [`modes_top`].
fn expected_top(view: &BreakView) -> f64 {
    let n = view.modes[0].params.runs.max(view.acc.runs) as f64;
    let p = view
        .modes
        .iter()
        .flat_map(|s| s.exact.named().map(|(_, e)| e))
        .fold(0.0, f64::max);
    n * p + SPREADS * (n * p * (1.0 - p)).sqrt()
}

/// Duplicate runs, stale writes that landed, invoices sent twice and wasted work for each
/// defence, filling `size`.
pub fn modes_plot(ui: &mut Ui, cx: &Cx<'_>, view: &BreakView, focus: Mode, size: Vec2) {
    let runs = view.acc.runs.max(1) as f64;
    let bars = mode_bars(view, runs);
    // A row of room over the data's top for the counts, which sit above their intervals (at
    // most a quarter of a short plot: its axis keeps its numbers).
    let room = crate::ui::kit::labels::headroom(ui, size.y, 1).min(0.25);
    let top = modes_top(view, &bars) / (1.0 - room);
    // A labelled step of at least two rows of type, so a short plot keeps its numbers.
    let least_step = (top * 2.0 * f64::from(crate::ui::kit::labels::row(ui))
        / f64::from(size.y.max(1.0)))
    .max(1.0);
    let w = plot::line_width(cx);
    let ink = ui.visuals().strong_text_color();
    let chart_bars: Vec<Bar> = bars
        .iter()
        .map(|b| {
            Bar::new(b.x, b.value)
                .width(BAR_W)
                .fill(plot::colour(cx, b.fill))
                .stroke(Stroke::new(1.0, ink))
                .name(tf!(
                    "sections.break.bar",
                    &[
                        ("measure", b.name.to_owned()),
                        ("count", fmt_int(b.value as u64)),
                    ],
                ))
        })
        .collect();
    let mut labels = Labels::new("s9-modes");
    labels.avoid_marks(marks::bars(&chart_bars, false));
    // The whole title where the axis is long enough for it (a short one is cut otherwise).
    let long_title = tf!(
        "sections.break.axis_y.long",
        &[("runs", fmt_int(view.acc.runs))],
    );
    let all: Vec<&str> = Mode::ALL.iter().map(|m| mode_name(*m)).collect();
    let plot::BarNames {
        names,
        font: names_font,
        taller,
    } = plot::bar_names(ui, size.x, Mode::ALL.len(), &all);
    let y_title = plot::y_title(
        ui,
        size.y - taller,
        &[&long_title, t!("sections.break.axis_y")],
    )
    .to_owned();
    let modes = plot::fixed_view(Plot::new("s9-modes"))
        .width(size.x)
        .height(size.y)
        .y_axis_label(y_title)
        .custom_x_axes(vec![plot::x_axis().tick_label_font(names_font)])
        .x_axis_label(plot::x_title(
            ui,
            size.x,
            &[
                t!("sections.break.axis_x.long"),
                t!("sections.break.axis_x"),
            ],
        ))
        .include_x(-0.5)
        .include_x(Mode::ALL.len() as f64 - 0.5)
        // The axis from zero to the top and a row for the counts, no margin. It holds still
        // from run to run and from defence to defence.
        .include_y(0.0)
        .include_y(top)
        .set_margin_fraction(egui::vec2(0.05, 0.0))
        .show_grid([false, true])
        .y_grid_spacer(move |g| plot::nice_grid(g, least_step))
        .y_axis_formatter(|m, range| {
            // None at the top edge, where half the label would be cut off.
            let room = 0.03 * (range.end() - range.start());
            if m.value >= 0.0 && m.value.fract() == 0.0 && m.value < range.end() - room {
                fmt_int(m.value as u64)
            } else {
                String::new()
            }
        })
        .x_grid_spacer(|_| {
            // (The names are laid out to fit one bar's room: see `plot::bar_names`.)
            (0..Mode::ALL.len())
                .map(|i| GridMark {
                    value: i as f64,
                    step_size: plot::BAR_NAME_STEP,
                })
                .collect()
        })
        .x_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-9 && (0.0..names.len() as f64).contains(&i) {
                names[i as usize].clone()
            } else {
                String::new()
            }
        });
    let resp = plot::show(ui, "s9-modes", modes, |p| {
        let f = mode_index(focus) as f64;
        let tint = ink.gamma_multiply(0.08);
        p.span(Span::new("", f - 0.47..=f + 0.47).fill(tint));
        labels.tinted(f - 0.47, f + 0.47, tint);
        p.bar_chart(
            BarChart::new(t!("sections.break.axis_y"), chart_bars)
                .element_formatter(Box::new(|b, _| b.name.clone())),
        );
        for (i, b) in bars.iter().enumerate() {
            if let Some((lo, hi)) = b.interval {
                labels.avoid_marks(error_bar(p, b.x, lo, hi, ink, w * 0.6));
            }
            let exact = vec![[b.x - BAR_W * 0.6, b.exact], [b.x + BAR_W * 0.6, b.exact]];
            labels.avoid_marks(marks::line(&exact, w).collect::<Vec<_>>());
            p.line(
                Line::new("", exact)
                    .color(ink)
                    .width(w)
                    .style(egui_plot::LineStyle::dashed_dense())
                    .allow_hover(false),
            );
            // One count per group, plus any bar that differs from it (a zero), so the
            // labels of four bars never run into each other; each just above its own bar
            // and interval (never floating at a neighbour's height), moved aside by the
            // labels' layout where two would meet.
            let group = i - i % MEASURES.len();
            let first = &bars[group];
            if i % MEASURES.len() != 0 && b.value == first.value {
                continue;
            }
            labels.add(
                Label::new(
                    PlotPoint::new(b.x, b.top()),
                    egui::Align2::CENTER_BOTTOM,
                    fmt_compact(b.value),
                )
                .offset(egui::vec2(0.0, -3.0))
                .within_x(b.x - 0.5, b.x + 0.5)
                .strong()
                .priority(2),
            );
        }
    });
    labels.paint(ui, &resp.transform, ink, ink);
    paint_bar_hatches(ui, &resp.transform, &bars);
    widgets::describe_plot(
        &resp.response,
        &crate::lesson::content().break_story.bars_description,
        "",
    );
}

fn paint_bar_hatches(ui: &Ui, transform: &PlotTransform, bars: &[ModeBar]) {
    let painter = ui.painter().with_clip_rect(*transform.frame());
    for b in bars
        .iter()
        .filter(|b| b.hatch != Hatch::Solid && b.value > 0.0)
    {
        let a = transform.position_from_point(&PlotPoint::new(b.x - BAR_W / 2.0, 0.0));
        let c = transform.position_from_point(&PlotPoint::new(b.x + BAR_W / 2.0, b.value));
        plot::paint_hatch(
            &painter,
            Rect::from_two_pos(a, c).shrink(1.0),
            b.hatch,
            plot::HATCH_INK,
        );
    }
}

/// The key of the job-length figure.
pub fn lengths_key(ink: Color32, ttl: f64) -> Vec<KeyMark> {
    vec![
        KeyMark::Bar(palette::SKY, t!("sections.break.lengths.within").into()),
        KeyMark::Bar(
            palette::VERMILION,
            t!("sections.break.lengths.outlived").into(),
        ),
        KeyMark::Line(palette::GREEN, false, lengths_ttl_text(ttl)),
        KeyMark::Line(ink, true, t!("sections.break.key.exact").into()),
    ]
}

fn lengths_ttl_text(ttl: f64) -> String {
    tf!("sections.break.lengths.ttl", &[("ttl", seconds(ttl))])
}

/// A tick label on a log axis of seconds: decades only, and none so close to either end that
/// half of it would be cut off.
fn seconds_tick(m: GridMark, range: &std::ops::RangeInclusive<f64>) -> String {
    let d = m.value.round();
    let margin = 0.06 * (range.end() - range.start());
    let inside = m.value > range.start() + margin && m.value < range.end() - margin;
    if (m.value - d).abs() < 1e-9 && inside {
        seconds(10f64.powf(d))
    } else {
        String::new()
    }
}

/// The job-length distribution on log axes, the TTL marked, the exact expectation beside it,
/// with its key below, filling `size`. Returns the plot's response.
pub fn lengths_plot(ui: &mut Ui, cx: &Cx<'_>, view: &BreakView, ttl: f64, size: Vec2) -> Response {
    let h = &view.acc.lengths;
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
        peak = peak.max(c as f64);
        let bar = Bar::new((a + b) / 2.0, (c as f64).log10() - LOG_FLOOR)
            .base_offset(LOG_FLOOR)
            .width((b - a) * 0.92)
            .name(tf!(
                "sections.break.lengths.bar",
                &[
                    ("from", seconds(edges[i])),
                    ("to", seconds(edges[i + 1])),
                    ("runs", fmt_int(c)),
                ],
            ));
        if edges[i] >= ttl {
            beyond.push(bar)
        } else {
            within.push(bar)
        }
    }
    // The exact expectation, where at least half a job is expected in a bin.
    let exact_pts: Vec<[f64; 2]> = view
        .exact_bins
        .iter()
        .enumerate()
        .map(|(i, e)| (i, e * view.acc.runs as f64))
        .filter(|(_, e)| *e >= 0.5)
        .map(|(i, e)| [(edges[i].log10() + edges[i + 1].log10()) / 2.0, e.log10()])
        .collect();
    let w = plot::line_width(cx);
    // No bin holds more than all the runs: the axis reaches that far (and a little more for
    // the exact line's room), whatever the run has drawn so far.
    let runs = view.modes[0].params.runs.max(view.acc.runs).max(1) as f64;
    let y_top = runs.max(peak).log10() + 0.2;
    // Room for the widest count label, so that it is never cut on the left.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = fmt_int(10f64.powf(y_top.floor()) as u64);
    let label_w = ui.painter().layout_no_wrap(widest, font, ink).size().x + 10.0;
    let lengths = plot::fixed_view(Plot::new("s9-lengths"))
        .width(size.x)
        .height(size.y)
        .x_axis_label(t!("sections.break.lengths.axis_x"))
        .y_axis_label(plot::y_title(
            ui,
            size.y,
            &[
                t!("sections.break.lengths.axis_y.long"),
                t!("sections.break.lengths.axis_y"),
                t!("sections.break.axis_y"),
            ],
        ))
        .y_axis_min_width(label_w)
        .include_x(edges[0].log10())
        .include_x(edges[edges.len() - 1].log10())
        .include_y(LOG_FLOOR)
        .include_y(y_top)
        .x_grid_spacer(|g| log_marks(g.bounds, &[1.0, 2.0, 5.0]))
        .y_grid_spacer(|g| decade_marks_every(g.bounds, 1))
        .x_axis_formatter(seconds_tick)
        .y_axis_formatter(|m, _| {
            if m.value >= 0.0 && (m.value - m.value.round()).abs() < 1e-9 {
                fmt_int(10f64.powf(m.value).round() as u64)
            } else {
                String::new()
            }
        });
    let lengths = plot::show(ui, "s9-lengths", lengths, |p| {
        p.bar_chart(
            BarChart::new(t!("sections.break.lengths.within"), within)
                .color(plot::colour(cx, palette::SKY))
                .element_formatter(Box::new(|b, _| b.name.clone())),
        );
        p.bar_chart(
            BarChart::new(t!("sections.break.lengths.outlived"), beyond)
                .color(palette::VERMILION)
                .element_formatter(Box::new(|b, _| b.name.clone())),
        );
        p.line(
            Line::new(t!("sections.break.key.exact"), exact_pts)
                .color(ink)
                .width(w * 0.8)
                .style(egui_plot::LineStyle::dashed_dense()),
        );
        p.vline(
            VLine::new(lengths_ttl_text(ttl), ttl.log10())
                .color(palette::GREEN)
                .width(w * 1.2),
        );
    });
    let outlived: u64 = h
        .bins
        .iter()
        .enumerate()
        .filter(|(i, _)| edges[*i] >= ttl)
        .map(|(_, &c)| c)
        .sum();
    widgets::describe_plot(
        &lengths.response,
        t!("sections.break.lengths.plot"),
        &tf!(
            "sections.break.lengths.plot.described",
            &[
                ("runs", fmt_int(view.acc.runs)),
                ("outlived", fmt_int(outlived)),
                ("ttl", lengths_ttl_text(ttl)),
            ],
        ),
    );
    lengths.response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_ticks_label_decades_away_from_the_ends() {
        let m = |value| GridMark {
            value,
            step_size: 1.0,
        };
        let range = -0.2..=4.1;
        assert_eq!(seconds_tick(m(1.0), &range), "10\u{a0}s");
        assert_eq!(seconds_tick(m(0.3), &range), "");
        // 10,000 s sits at the right edge: no label, rather than half of one.
        assert_eq!(seconds_tick(m(4.0), &range), "");
        assert_eq!(seconds_tick(m(3.0), &range), "1,000\u{a0}s");
    }

    use crate::sim::params::Valid;
    use crate::sim::renewal::{RenewalParams, RenewalSim};

    /// Section 9's run at `params` and `seed`, to its end.
    fn view_at(params: RenewalParams, seed: u64) -> (BreakView, RenewalSim) {
        let sim = RenewalSim::new(&Valid::clamped(params));
        let acc = crate::sim::mc::run_sequential(&sim, seed);
        let view = BreakView {
            modes: Mode::ALL.map(|m| sim.summary_for(&acc, seed, m)),
            acc,
            exact_bins: Arc::default(),
        };
        (view, sim)
    }

    /// The chance that a binomial count of `n` tries at `p` each is above `top`.
    fn binomial_tail(n: u64, p: f64, top: f64) -> f64 {
        let first = top.floor() as u64 + 1;
        let mut log_term = first as f64 * p.ln() + (n - first) as f64 * (1.0 - p).ln();
        for i in 0..first {
            log_term += ((n - i) as f64 / (i + 1) as f64).ln();
        }
        let (mut term, mut sum) = (log_term.exp(), 0.0);
        for x in first..=n {
            sum += term;
            term *= (n - x) as f64 / (x + 1) as f64 * p / (1.0 - p);
            if term < sum * 1e-16 {
                break;
            }
        }
        sum
    }

    #[test]
    fn the_binomial_tail_matches_a_known_value() {
        // 10 fair coins: more than 7 heads is (45 + 10 + 1) / 1024.
        let tail = binomial_tail(10, 0.5, 7.0);
        assert!((tail - 56.0 / 1024.0).abs() < 1e-12, "{tail}");
    }

    /// At the defaults the defences' axis reaches a little past the expected bars: the tallest
    /// bar of the run the stage starts with (seed 1) fills at least 70 % of it, and no count
    /// passes its top but by a chance under 1 in 10,000 — the exact binomial tail of each of
    /// the four counts the bars show (locks lost and late writes over newer data, without and
    /// with renewal), added up. Runs at five more seeds keep the same top.
    #[test]
    fn the_defences_axis_is_filled_at_the_defaults_and_holds_for_every_run() {
        let params = RenewalParams::default();
        let (view, sim) = view_at(params, 1);
        let runs = view.acc.runs as f64;
        assert_eq!(view.acc.runs, params.runs);
        let top = modes_top(&view, &mode_bars(&view, runs));
        assert_eq!(top, expected_top(&view));
        let tallest = mode_bars(&view, runs)
            .iter()
            .map(|b| b.value)
            .fold(0.0, f64::max);
        eprintln!("the tallest bar {tallest} of an axis to {top:.1}");
        assert!(tallest / top >= 0.7, "{tallest} of {top:.1}");
        let x = sim.exact_fractions();
        let chance: f64 = [x.lost, x.over_newer, x.lost_renewed, x.over_newer_renewed]
            .into_iter()
            .map(|p| binomial_tail(params.runs, p, top))
            .sum();
        eprintln!("a count past the top: {chance:.2e}");
        assert!(chance < 1e-4, "{chance}");
        for seed in 2..=6 {
            let (view, _) = view_at(params, seed);
            let bars = mode_bars(&view, runs);
            assert_eq!(modes_top(&view, &bars), top, "seed {seed}");
        }
    }

    #[test]
    fn the_key_names_every_measure() {
        let key = bars_key(Color32::WHITE);
        assert_eq!(key.len(), MEASURES.len() + 2);
        assert_eq!(mode_index(Mode::Idempotent), 3);
    }
}
