//! Section 9's first figure: what each defence leaves (four counts per defence, exact beside
//! simulated). How long the runs took against the TTL is in `lengths.rs`.

use std::sync::Arc;

use egui::{Color32, Rect, Stroke, Ui, Vec2};
use egui_plot::{Bar, BarChart, GridMark, Line, Plot, PlotPoint, PlotTransform, PlotUi, Span};

use crate::lesson::quantity::{fmt_compact, fmt_int};
use crate::sim::renewal::{Mode, RenewalAcc, RenewalSummary};
use crate::ui::Cx;
use crate::ui::kit::labels::{Label, Labels, marks};
use crate::ui::kit::plot::{self, Hatch, KeyMark, error_bar, palette};
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

/// The chart's bars, one a measure of each defence in its measure's fill, each named with
/// its count for the pointer and the screen reader.
fn chart_bars(cx: &Cx<'_>, bars: &[ModeBar], ink: Color32) -> Vec<Bar> {
    bars.iter()
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
        .collect()
}

/// The empty defences' figure filling `size`: the defences named under their groups, the runs
/// counted up the y axis from zero to `top`, a labelled step at least `least_step`.
fn modes_frame(ui: &Ui, view: &BreakView, size: Vec2, top: f64, least_step: f64) -> Plot<'static> {
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
    plot::fixed_view(Plot::new("s9-modes"))
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
        })
}

/// Over each bar: its 95 % interval, its exact count as a short dashed line, and its count
/// in words just above (one a group, and any bar whose count differs from the group's first).
fn bar_marks(p: &mut PlotUi<'_>, labels: &mut Labels, bars: &[ModeBar], ink: Color32, w: f32) {
    for (i, b) in bars.iter().enumerate() {
        if let Some((lo, hi)) = b.interval {
            labels.avoid_marks(error_bar(p, b.x, lo, hi, ink, w * 0.6));
        }
        let exact = vec![[b.x - BAR_W * 0.5, b.exact], [b.x + BAR_W * 0.5, b.exact]];
        labels.avoid_marks(marks::line(&exact, w).collect::<Vec<_>>());
        p.line(
            Line::new("", exact)
                .color(ink)
                .width(w)
                .style(egui_plot::LineStyle::dashed_dense())
                .allow_hover(false),
        );
        // One count per group (its first bar's), and any zero, each just above its own
        // bar and interval, a line higher where two would meet; another bar's count (the
        // headline says it) only where it fits just above its bar, never floating over it.
        let group = i - i % MEASURES.len();
        let first = &bars[group];
        if i % MEASURES.len() != 0 && b.value == first.value {
            continue;
        }
        let label = Label::new(
            PlotPoint::new(b.x, b.top()),
            egui::Align2::CENTER_BOTTOM,
            fmt_compact(b.value),
        )
        .offset(egui::vec2(0.0, -3.0))
        .within_x(b.x - 0.5, b.x + 0.5);
        let counted = i == group || b.value == 0.0;
        labels.add(
            if counted {
                label.over().priority(2)
            } else {
                label.fixed().priority(1)
            }
            .strong(),
        );
    }
}

/// Duplicate runs, stale writes that landed, invoices sent twice and wasted work for the
/// first `shown` defences (a slide walks them one build at a time; the axes are the whole
/// figure's from the first, so nothing moves as the groups come in), filling `size`.
pub fn modes_plot(
    ui: &mut Ui,
    cx: &Cx<'_>,
    view: &BreakView,
    (focus, shown): (Mode, usize),
    size: Vec2,
) {
    let runs = view.acc.runs.max(1) as f64;
    let all = mode_bars(view, runs);
    // A row of room over the data's top for the counts, which sit above their intervals (at
    // most a quarter of a short plot: its axis keeps its numbers).
    let room = crate::ui::kit::labels::headroom(ui, size.y, 1).min(0.25);
    let top = modes_top(view, &all) / (1.0 - room);
    let bars: Vec<ModeBar> = all
        .into_iter()
        .filter(|b| (b.x.round() as usize) < shown)
        .collect();
    // A labelled step of at least two rows of type, so a short plot keeps its numbers.
    let least_step = (top * 2.0 * f64::from(crate::ui::kit::labels::row(ui))
        / f64::from(size.y.max(1.0)))
    .max(1.0);
    let w = plot::line_width(cx);
    let ink = ui.visuals().strong_text_color();
    let chart_bars = chart_bars(cx, &bars, ink);
    let mut labels = Labels::new("s9-modes");
    labels.avoid_marks(marks::bars(&chart_bars, false));
    let modes = modes_frame(ui, view, size, top, least_step);
    let resp = plot::show(ui, "s9-modes", modes, |p| {
        let f = mode_index(focus) as f64;
        let tint = ink.gamma_multiply(0.08);
        p.span(Span::new("", f - 0.47..=f + 0.47).fill(tint));
        labels.tinted(f - 0.47, f + 0.47, tint);
        p.bar_chart(
            BarChart::new(t!("sections.break.axis_y"), chart_bars)
                .element_formatter(Box::new(|b, _| b.name.clone())),
        );
        bar_marks(p, &mut labels, &bars, ink, w);
    });
    labels.paint(ui, &resp.transform, ink, ink);
    paint_bar_hatches(ui, &resp.transform, &bars);
    widgets::describe_plot(
        &resp.response,
        &crate::lesson::content().break_story.bars_description,
        "",
    );
}

/// The hatching over each hatched bar with a count, clipped to the plot's frame.
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

#[cfg(test)]
mod tests {
    use super::*;

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
