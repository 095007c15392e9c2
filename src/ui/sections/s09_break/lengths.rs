//! Section 9's second figure: how long the runs took against the TTL, the job lengths'
//! distribution on log axes with the exact expectation beside it.

use egui::{Color32, Response, Ui, Vec2};
use egui_plot::{Bar, BarChart, GridMark, Line, Plot, VLine};

use super::figure::BreakView;
use crate::lesson::quantity::{fmt_int, seconds};
use crate::ui::Cx;
use crate::ui::kit::plot::{self, KeyMark, decade_marks_every, log_marks, palette};
use crate::ui::kit::widgets;

/// Where a job-length bar starts on the log scale: half a job, so a bin with one job shows.
const LOG_FLOOR: f64 = -0.3;

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

/// The TTL line's words, in the key and the figure's description.
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
}
