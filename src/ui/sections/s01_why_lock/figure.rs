//! Section 1's figure: the counter climbing over simulated time in both modes, and the lost
//! updates against the number of workers.

use egui::{RichText, TextStyle, Ui, Vec2};
use egui_plot::{HLine, Line, LineStyle, Plot, PlotPoints, Points, VLine};

use super::Counter;
use super::runs::{CURVE_SEEDS, Pair};
use crate::lesson::quantity::{duration_ms, fmt_int};
use crate::sim::counter::{self, CounterParams};
use crate::ui::Cx;
use crate::ui::kit::plot::{self, palette};
use crate::ui::kit::widgets;

/// The colour and width factor of each mode, `[without, with]`: the chosen one in full and
/// thicker, the other faded and thinner. On a projector the faded line keeps 3:1 against
/// white (WCAG 1.4.11) and is told apart by its width.
pub(super) fn mode_styles(lock: bool, lecture: bool) -> [(egui::Color32, f32); 2] {
    let chosen = |c: egui::Color32| (c, 1.3);
    let (alpha, width) = if lecture { (0.85, 0.6) } else { (0.4, 0.7) };
    let faded = |c: egui::Color32| (c.gamma_multiply(alpha), width);
    if lock {
        [faded(palette::VERMILION), chosen(palette::BLUE)]
    } else {
        [chosen(palette::VERMILION), faded(palette::BLUE)]
    }
}

impl Counter {
    /// The counter over simulated time, both modes, up to the playback position, with a line
    /// of words under it; fills `size`.
    pub(super) fn counter_plot(
        &self,
        ui: &mut Ui,
        cx: &Cx<'_>,
        p: &CounterParams,
        pair: &Pair,
        size: Vec2,
    ) {
        let end = pair.on.run.elapsed_ms.max(pair.off.run.elapsed_ms);
        let now_ms = self.playback.position * end;
        let (off_pts, off_now, off_done) = pair.off.until(now_ms);
        let (on_pts, on_now, on_done) = pair.on.until(now_ms);
        let should = pair.key.0.expected() as f64;
        let w = plot::line_width(cx);
        let lock = p.lock;
        let [(c_off, w_off), (c_on, w_on)] = mode_styles(lock, cx.lecture);
        let mut lines = [
            Line::new(
                t!("sections.why-lock.line.without"),
                PlotPoints::Owned(off_pts),
            )
            .color(c_off)
            .width(w * w_off),
            Line::new(t!("sections.why-lock.line.with"), PlotPoints::Owned(on_pts))
                .color(c_on)
                .width(w * w_on),
        ];
        if !lock {
            // The chosen mode last, so that it is drawn on top.
            lines.reverse();
        }
        let words = tf!(
            "sections.why-lock.now",
            &[
                ("time", duration_ms(now_ms)),
                ("without_writes", fmt_int(off_done as u64)),
                ("without_counter", fmt_int(off_now)),
                ("with_writes", fmt_int(on_done as u64)),
                ("with_counter", fmt_int(on_now)),
            ],
        );
        let galley = egui::WidgetText::from(words).into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            size.x,
            TextStyle::Body,
        );
        // (On a slide the counts are the headline's to say: the plot takes the line's room.)
        let live_line = !crate::ui::kit::style::on_slide(ui.ctx());
        let line_h = if live_line {
            galley.size().y + ui.spacing().item_spacing.y
        } else {
            0.0
        };
        let top = top_room(ui);
        let height = size.y - top - line_h - ui.spacing().item_spacing.y;
        let height = height.max(120.0);
        // Counts in 1–2–5 steps, a labelled step at least two rows of type apart.
        let top = should * 1.05;
        let least_step =
            (top * 2.0 * f64::from(crate::ui::kit::labels::row(ui)) / f64::from(height)).max(1.0);
        let counter = plot::solid_ticks(Plot::new("s1-counter"))
            .width(size.x)
            .height(height)
            .y_grid_spacer(move |g| plot::nice_grid(g, least_step))
            .x_axis_label(t!("sections.why-lock.axis_x"))
            .y_axis_label(t!("sections.why-lock.axis_y"))
            .include_x(0.0)
            .include_x(end)
            .include_y(0.0)
            .include_y(should * 1.05)
            .allow_scroll(false);
        let response = plot::show(ui, "s1-counter", counter, |p| {
            p.hline(
                HLine::new(t!("sections.why-lock.line.should_be"), should)
                    .color(plot::colour(cx, palette::GREY))
                    .width(w * 0.8)
                    .style(LineStyle::dashed_loose()),
            );
            for line in lines {
                p.line(line);
            }
        })
        .response;
        widgets::describe_plot(&response, t!("sections.why-lock.plot.counter"), "");
        if live_line {
            ui.label(galley);
        }
    }

    /// Mean lost updates against the number of workers, the current number marked.
    pub(super) fn curve_plot(&self, ui: &mut Ui, cx: &Cx<'_>, p: &CounterParams, size: Vec2) {
        let pts = self.curve.latest().cloned().unwrap_or_default();
        let w = plot::line_width(cx);
        let workers = p.workers;
        let description = match (pts.first(), pts.last(), self.curve.finished()) {
            (Some(first), Some(last), true) => tf!(
                "sections.why-lock.plot.curve.described",
                &[
                    ("one", fmt_int(first[1].round() as u64)),
                    ("seeds", CURVE_SEEDS.to_string()),
                    ("many", fmt_int(last[1].round() as u64)),
                    ("workers", last[0].to_string()),
                ],
            ),
            _ => t!("sections.why-lock.plot.curve.computing").to_owned(),
        };
        let top = top_room(ui);
        let seeds = [("seeds", CURVE_SEEDS.to_string())];
        let full_title = tf!("sections.why-lock.curve.axis_y.long", &seeds);
        let short_title = tf!("sections.why-lock.curve.axis_y.short", &seeds);
        let curve = plot::solid_ticks(Plot::new("s1-curve"))
            .width(size.x)
            .height(size.y - top)
            .x_axis_label(t!("sections.why-lock.curve.axis_x"))
            .y_axis_label(plot::y_title(
                ui,
                size.y - top,
                &[
                    &full_title,
                    &short_title,
                    t!("sections.why-lock.curve.axis_y.shortest"),
                ],
            ))
            .include_x(0.0)
            .include_x(counter::WORKERS.max + 0.5)
            .include_y(0.0)
            .allow_scroll(false);
        let response = plot::show(ui, "s1-curve", curve, |p| {
            p.vline(
                VLine::new(
                    tf!(
                        "sections.why-lock.curve.now",
                        &[("workers", workers.to_string())],
                    ),
                    f64::from(workers),
                )
                .color(plot::colour(cx, palette::GREY))
                .width(w * 0.6),
            );
            p.line(
                Line::new(t!("sections.why-lock.line.without"), pts.clone())
                    .color(palette::VERMILION)
                    .width(w),
            );
            p.points(
                Points::new("", pts)
                    .color(palette::VERMILION)
                    .radius(plot::marker_radius(cx)),
            );
        })
        .response;
        widgets::describe_plot(&response, t!("sections.why-lock.plot.curve"), &description);
    }
}

/// Leaves room above a plot for its top tick's label; returns the height used.
pub(super) fn top_room(ui: &mut Ui) -> f32 {
    let top = 0.5 * ui.text_style_height(&TextStyle::Body);
    ui.add_space(top);
    top
}

/// A figure's title line.
pub(super) fn title(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).strong());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::shell::lecture::contrast_ratio;

    /// A line as it shows on white: its premultiplied colour over the background.
    fn on_white(c: egui::Color32) -> egui::Color32 {
        let rest = 255.0 - f32::from(c.a());
        let over = |v: u8| (f32::from(v) + rest).round().min(255.0) as u8;
        egui::Color32::from_rgb(over(c.r()), over(c.g()), over(c.b()))
    }

    #[test]
    fn the_faded_line_keeps_3_to_1_on_a_projector_and_fades_for_a_learner() {
        for lock in [false, true] {
            let [off, on] = mode_styles(lock, true);
            for (c, _) in [off, on] {
                let ratio = contrast_ratio(on_white(c), egui::Color32::WHITE);
                assert!(ratio >= 3.0, "lock {lock}: {c:?} shows at {ratio:.2}:1");
            }
            let faded = if lock { off } else { on };
            let learner = if lock {
                mode_styles(lock, false)[0]
            } else {
                mode_styles(lock, false)[1]
            };
            assert!(
                faded.1 < 1.0 && learner.1 < 1.0,
                "the faded line is thinner"
            );
            assert!(contrast_ratio(on_white(learner.0), egui::Color32::WHITE) < 3.0);
        }
    }
}
