//! Section 5's figure, the fraction of failovers losing each number of locks, and the numbers
//! behind it.

use egui::{RichText, Ui, Vec2};
use egui_plot::{Bar, BarChart, LineStyle, Plot, PlotUi, VLine};

use crate::lesson::quantity::{fmt_count, fmt_int, fmt_pct};
use crate::sim::failover::{FailoverAcc, FailoverParams, FailoverSummary, Store};
use crate::sim::stats::Estimate;
use crate::ui::Cx;
use crate::ui::kit::labels::{self, Label, Labels, Mark, marks};
use crate::ui::kit::plot::{self, palette};
use crate::ui::kit::widgets;

pub const BARS: egui::Color32 = palette::SKY;
pub const EXACT: egui::Color32 = palette::VERMILION;
pub const SIMULATED: egui::Color32 = palette::GREY;

/// What the plot and the headline are drawn from: the merged failovers so far.
pub struct FailoverView {
    pub acc: FailoverAcc,
    pub summary: FailoverSummary,
    /// The row of the store table this run is for.
    pub store: usize,
}

/// The colour of the mean number of locks granted twice (the Redis row's second step).
pub const TWICE: egui::Color32 = palette::PURPLE;

/// The histogram's bars: the share of failovers (in percent) losing each number of locks,
/// one bar a bin with any, each named with its numbers for the pointer.
fn histogram_bars(cx: &Cx<'_>, view: &FailoverView) -> Vec<Bar> {
    let h = &view.acc.lost_hist;
    let n = view.acc.failovers.max(1) as f64;
    let width = (h.hi - h.lo) / h.bins.len() as f64;
    h.bins
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(i, &c)| {
            // Bin i holds the whole numbers i·width .. (i+1)·width − 1.
            let first = h.lo + i as f64 * width;
            let centre = first + (width - 1.0) / 2.0;
            let label = if width > 1.0 {
                let (from, to) = (first.to_string(), (first + width - 1.0).to_string());
                tf!("sections.where.bar.range", &[("from", from), ("to", to)])
            } else {
                tf!("sections.where.bar.one", &[("lost", first.to_string())])
            };
            Bar::new(centre, 100.0 * c as f64 / n)
                .width(width * 0.9)
                .name(label)
                // (As the key draws a bar: a lighter fill inside its colour's outline.)
                .fill(plot::colour(cx, BARS).gamma_multiply(0.6))
                .stroke(egui::Stroke::new(1.5, plot::colour(cx, BARS)))
        })
        .collect()
}

/// The top of the histogram's y axis and its least labelled step, for a plot `height` tall.
fn histogram_top(ui: &Ui, view: &FailoverView, height: f32) -> (f64, f64) {
    let h = &view.acc.lost_hist;
    let width = (h.hi - h.lo) / h.bins.len() as f64;
    // Shares of failovers, to the tallest bar the model gives (its exact Poisson share, and
    // four standard errors of the run's count more), and a row above for the labels: the
    // axis holds still as the run streams in and between the two steps, which share the run.
    let peak = crate::sim::failover::poisson_peak_bin(
        view.summary.expected_lost,
        h.lo,
        width,
        h.bins.len(),
    );
    let failovers = view.summary.params.failovers.max(1) as f64;
    let spread = 4.0 * (peak * (1.0 - peak) / failovers).sqrt();
    let room = labels::headroom(ui, height, 1);
    let top = (100.0 * (peak + spread)).clamp(1.0, 100.0) / (1.0 - room);
    let least_step = top * 2.0 * f64::from(labels::row(ui)) / f64::from(height.max(1.0));
    (top, least_step)
}

/// The histogram's x range, `[left, right]`: the bars, the exact mean (and with `twice` the
/// mean granted twice), hugging the data.
fn histogram_x_range(view: &FailoverView, twice: bool) -> [f64; 2] {
    let h = &view.acc.lost_hist;
    let width = (h.hi - h.lo) / h.bins.len() as f64;
    let last = h
        .bins
        .iter()
        .rposition(|&c| c > 0)
        .map_or(0.0, |i| (i + 1) as f64 * width);
    let exact = view.summary.expected_lost;
    let right = last.max(exact + 1.0).max(4.0) + width * 0.5;
    // Hug the data: a distribution far from zero gets the width of the plot.
    let first = h
        .bins
        .iter()
        .position(|&c| c > 0)
        .map_or(0.0, |i| i as f64 * width);
    let left = (first - 2.0 * width).min(exact - 1.0).max(0.0) - 0.5;
    let left = if twice {
        left.min(view.summary.expected_double_granted - 0.5)
    } else {
        left
    };
    [left, right]
}

/// The mean number of locks granted twice: a purple vertical line with its value in words at
/// the top.
fn twice_mark(p: &mut PlotUi<'_>, labels: &mut Labels, twice: f64, top: f64, w: f32) {
    p.vline(VLine::new("", twice).color(TWICE).width(w * 1.2));
    labels.avoid_marks([Mark::Vertical(twice, w * 1.2)]);
    labels.add(
        Label::new(
            egui_plot::PlotPoint::new(twice, top),
            egui::Align2::LEFT_TOP,
            tf!("sections.where.key.twice", &[("value", fmt_count(twice))]),
        )
        .or(fmt_count(twice))
        .offset(egui::vec2(6.0, 2.0))
        .strong()
        .priority(3),
    );
}

/// Fraction of failovers losing each number of locks, with the exact and simulated means,
/// filling `size`. `twice`: also mark the mean number of locks per failover granted twice
/// while their first holder still works (the Redis row's second step).
pub fn histogram_plot(ui: &mut Ui, cx: &Cx<'_>, view: &FailoverView, size: Vec2, twice: bool) {
    let bars = histogram_bars(cx, view);
    let (top, least_step) = histogram_top(ui, view, size.y);
    let exact = view.summary.expected_lost;
    let simulated = view.summary.mean_lost.value;
    let [left, right] = histogram_x_range(view, twice);
    let w = plot::line_width(cx);
    let mut labels = Labels::new("s5-histogram");
    labels.avoid_marks(marks::bars(&bars, false));
    labels.avoid_marks([
        Mark::Vertical(exact, w * 1.2),
        Mark::Vertical(simulated, w * 0.9),
    ]);
    let histogram = plot::fixed_view(Plot::new("s5-histogram"))
        .width(size.x)
        .height(size.y)
        .x_axis_label(t!("sections.where.axis_x"))
        .y_axis_label(plot::y_title(
            ui,
            size.y,
            &[
                t!("sections.where.axis_y"),
                t!("sections.where.axis_y.short"),
            ],
        ))
        .include_x(left)
        .include_x(right)
        .include_y(0.0)
        .include_y(top)
        // From zero, no margin under it; a labelled step of at least two rows of type.
        .set_margin_fraction(egui::vec2(0.05, 0.0))
        .y_grid_spacer(move |g| plot::nice_grid(g, least_step))
        // (Each bar a count of locks: labelled by its whole number where there is room.)
        .x_grid_spacer(plot::whole_x_grid);
    let response = plot::show(ui, "s5-histogram", histogram, |p| {
        p.bar_chart(
            BarChart::new("", bars)
                .color(plot::colour(cx, BARS))
                .element_formatter(Box::new(|b, _| {
                    let fraction = fmt_pct(b.value / 100.0);
                    tf!(
                        "sections.where.bar.hover",
                        &[("bar", &b.name), ("share", &fraction)],
                    )
                })),
        );
        p.vline(VLine::new("", exact).color(EXACT).width(w * 1.2));
        if twice {
            twice_mark(p, &mut labels, view.summary.expected_double_granted, top, w);
        }
        p.vline(
            VLine::new("", simulated)
                .color(plot::colour(cx, SIMULATED))
                .width(w * 0.9)
                .style(LineStyle::dashed_loose()),
        );
    });
    let ink = ui.visuals().text_color();
    labels.paint(
        ui,
        &response.transform,
        ink,
        ui.visuals().strong_text_color(),
    );
    let response = response.response;
    widgets::describe_plot(&response, t!("sections.where.plot.histogram"), "");
}

/// A consensus store beside the single Redis server at the same grants and lag: the exact
/// mean loss of one failover, Redis's computed, the consensus store's zero by construction.
pub fn comparison_plot(ui: &mut Ui, cx: &Cx<'_>, view: &FailoverView, size: Vec2) {
    let p = &view.summary.params;
    let redis = FailoverParams {
        store: Store::Redis,
        ..*p
    }
    .expected_lost();
    let name = super::settings::row(view.store).name.clone();
    let redis_name = super::settings::stores()
        .iter()
        .find(|r| !r.consensus && r.id != "redlock")
        .map_or_else(|| "Redis".to_owned(), |r| r.name.clone());
    let names = [redis_name, name];
    let values = [redis, p.expected_lost()];
    let bars: Vec<Bar> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            Bar::new(i as f64, v)
                .width(0.5)
                .name(&names[i])
                // (As the key draws a bar: a lighter fill inside its colour's outline.)
                .fill(plot::colour(cx, BARS).gamma_multiply(0.6))
                .stroke(egui::Stroke::new(1.5, plot::colour(cx, BARS)))
        })
        .collect();
    // A row above the taller bar for its value.
    let top = redis.max(1.0) * 1.1 / (1.0 - labels::headroom(ui, size.y, 1));
    let ink = ui.visuals().strong_text_color();
    let mut labels = Labels::new("s5-comparison");
    labels.avoid_marks(marks::bars(&bars, false));
    let comparison = plot::fixed_view(Plot::new("s5-comparison"))
        .width(size.x)
        .height(size.y)
        .x_axis_label(plot::x_title(
            ui,
            size.x,
            &[
                t!("sections.where.comparison.axis_x"),
                t!("sections.where.comparison.axis_x.short"),
            ],
        ))
        .y_axis_label(plot::y_title(
            ui,
            size.y,
            &[
                t!("sections.where.comparison.axis_y"),
                t!("sections.where.comparison.axis_y.short"),
            ],
        ))
        .x_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && (0.0..2.0).contains(&i) {
                names[i as usize].clone()
            } else {
                String::new()
            }
        })
        .include_x(-0.6)
        .include_x(1.6)
        .include_y(0.0)
        .include_y(top);
    let response = plot::show(ui, "s5-comparison", comparison, |pu| {
        pu.bar_chart(BarChart::new(t!("sections.where.comparison.bars"), bars));
        for (i, v) in values.iter().enumerate() {
            labels.add(
                Label::new(
                    egui_plot::PlotPoint::new(i as f64, *v),
                    egui::Align2::CENTER_BOTTOM,
                    fmt_count(*v),
                )
                .offset(egui::vec2(0.0, -4.0))
                .strong()
                .priority(2),
            );
        }
    });
    labels.paint(ui, &response.transform, ink, ink);
    let response = response.response;
    widgets::describe_plot(&response, t!("sections.where.plot.comparison"), "");
}

/// The numbers behind the histogram.
pub fn numbers(ui: &mut Ui, view: &FailoverView) {
    let s = &view.summary;
    let interval = |e: &Estimate| {
        let (value, lo, hi) = (fmt_count(e.value), fmt_count(e.lo), fmt_count(e.hi));
        // (An interval narrower than the value's third digit says the value alone.)
        if lo == hi {
            value
        } else {
            interval_words(value, lo, hi)
        }
    };
    let zero_fraction = view.acc.lost_hist.bins.first().copied().unwrap_or(0) as f64
        / view.acc.failovers.max(1) as f64;
    let zero = tf!(
        "sections.where.numbers.zero_value",
        &[
            ("share", fmt_pct(zero_fraction)),
            ("exact", fmt_pct((-s.expected_lost).exp())),
        ],
    );
    let done = tf!(
        "sections.where.numbers.done_value",
        &[
            ("done", fmt_int(view.acc.failovers)),
            ("total", fmt_int(s.params.failovers)),
        ],
    );
    let (mean_label, run_label) = if s.params.store == crate::sim::failover::Store::Consensus {
        (
            t!("sections.where.numbers.model_mean"),
            t!("sections.where.numbers.counted"),
        )
    } else {
        (
            t!("sections.where.numbers.simulated_mean"),
            t!("sections.where.numbers.simulated"),
        )
    };
    let rows = [
        (
            t!("sections.where.numbers.lost"),
            RichText::new(fmt_count(s.expected_lost)).strong(),
        ),
        (mean_label, RichText::new(interval(&s.mean_lost))),
        (
            t!("sections.where.numbers.twice"),
            RichText::new(fmt_count(s.expected_double_granted)).strong(),
        ),
        (mean_label, RichText::new(interval(&s.mean_double_granted))),
        (t!("sections.where.numbers.zero"), RichText::new(zero)),
        (run_label, RichText::new(done)),
    ];
    // Both columns wrap, so the grid stays inside a narrow reading column.
    let gap = 16.0;
    let label_w = (ui.available_width() * 0.55).max(120.0);
    let value_w = (ui.available_width() - label_w - gap).max(90.0);
    let cell = widgets::wrapped_label;
    egui::Grid::new("s5-numbers")
        .num_columns(2)
        .spacing([gap, 6.0])
        .striped(true)
        .show(ui, |ui| {
            for (label, value) in rows {
                cell(ui, label_w, RichText::new(label));
                cell(ui, value_w, value);
                ui.end_row();
            }
        });
}

/// An estimate and its interval, written.
fn interval_words(value: String, lo: String, hi: String) -> String {
    tf!(
        "sections.where.numbers.interval",
        &[("value", value), ("lo", lo), ("hi", hi)],
    )
}
