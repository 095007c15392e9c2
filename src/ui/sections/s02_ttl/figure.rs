//! Section 2's figure: the unsafe fraction and the crash wait against the TTL, on log–log axes.
//! Plot coordinates are `log10` of the TTL and of the unsafe fraction; the crash wait has its own
//! axis on the right.

use egui::{RichText, Ui};
use egui_plot::{HPlacement, Line, LineStyle, MarkerShape, Plot, PlotPoint, PlotUi, Points, VLine};

use super::{CurrentResult, LADDER_TTLS, LadderResult, Ttl};
use crate::lesson::quantity::{fraction_label, seconds};
use crate::sim::ttl;
use crate::ui::Cx;
use crate::ui::kit::labels::{Label, Labels, Mark, marks};
use crate::ui::kit::plot::{self, error_bar, log_marks_every, palette};
use crate::ui::kit::readable;
use crate::ui::kit::widgets;

/// The lowest fraction the figure shows, as a power of ten.
pub(super) const FLOOR_DECADE: f64 = -16.0;
/// The top of the figure, as a power of ten (room above a fraction of 1 for "your TTL").
const TOP_DECADE: f64 = 1.6;
/// Decades of unsafe fraction per decade of crash wait on the right-hand axis.
const WAIT_SCALE: f64 = 4.0;
/// The crash wait at the bottom of the figure, as a power of ten (0.1 s).
const WAIT_FLOOR_DECADE: f64 = -1.0;

/// Where a crash wait of `w` seconds sits on the plot's (log-fraction) y axis.
fn wait_to_y(w: f64) -> f64 {
    FLOOR_DECADE + WAIT_SCALE * (w.log10() - WAIT_FLOOR_DECADE)
}

fn y_to_wait(y: f64) -> f64 {
    10f64.powf((y - FLOOR_DECADE) / WAIT_SCALE + WAIT_FLOOR_DECADE)
}

/// Labelled decades of the fraction the plot shows at least (every fourth of its 17.6).
const TICK_ROWS: f32 = 4.4;

/// Where the height of the line on how to read the figure is kept (in each window).
fn read_height_id(ui: &Ui) -> egui::Id {
    egui::Id::unique(("s2-how-to-read-height", ui.ctx().viewport_id()))
}

/// The least height of the figure with its line on how to read it (last frame's).
pub(super) fn readable_height(ui: &Ui, cx: &Cx<'_>) -> f32 {
    let above = if cx.lecture {
        0.0
    } else {
        crate::ui::stage::layout::remembered(ui, read_height_id(ui)).unwrap_or(0.0)
    };
    // (Both axes' titles whole: their shortest words at least.)
    let titles = plot::y_title_height(ui, &[t!("sections.ttl.axis_y.shortest")]).max(
        plot::y_title_height(ui, &[t!("sections.ttl.axis_right.shortest")]),
    );
    readable::readable_height(ui, TICK_ROWS).max(titles) + above
}

/// The unsafe fraction's colour (the curve, the left axis).
const FRACTION_COLOR: egui::Color32 = palette::BLUE;
/// The crash wait's colour (its line, the right axis).
const WAIT_COLOR: egui::Color32 = palette::VERMILION;
/// The simulation's colour (its dots and intervals).
const SIM_COLOR: egui::Color32 = palette::GREEN;

/// Where an unsafe `fraction` sits on the y axis: its power of ten, none under the floor.
fn to_y(fraction: f64) -> f64 {
    if fraction > 0.0 {
        fraction.log10().max(FLOOR_DECADE)
    } else {
        FLOOR_DECADE
    }
}

/// The line on how to read the figure, above it (none on a projector: the lecturer says it);
/// returns the height left for the figure out of `height`.
fn how_to_read(ui: &mut Ui, cx: &Cx<'_>, height: f32) -> f32 {
    // (On a projector the lecturer says it: the figure keeps the room.)
    if cx.lecture {
        return height;
    }
    // One line above the figure on how to read it.
    let how = RichText::new(t!("sections.ttl.how_to_read")).weak();
    let read = ui.add(egui::Label::new(how).wrap());
    let above = read.rect.height() + ui.spacing().item_spacing.y;
    crate::ui::stage::layout::remember(ui, read_height_id(ui), above);
    height - above
}

/// A y axis titled by the first of `titles` that fits, in `colour`, its decades labelled by
/// `label` (given the axis value and its decade) every `every`-th one at or under 1.
fn side_axis(
    ui: &Ui,
    height: f32,
    titles: &[&str],
    (colour, every): (egui::Color32, i32),
    label: fn(f64, i32) -> String,
) -> egui_plot::AxisHints<'static> {
    plot::y_axis()
        .label(RichText::new(plot::y_title(ui, height, titles)).color(colour))
        .formatter(move |m, _| {
            let e = m.value.round() as i32;
            if (m.value - f64::from(e)).abs() < 1e-6 && e % every == 0 && e <= 0 {
                label(m.value, e)
            } else {
                String::new()
            }
        })
}

/// The empty figure of `width` × `height`: the TTL along x, the unsafe fraction up the left
/// axis and the crash wait up the right one.
fn frame(ui: &Ui, width: f32, height: f32) -> Plot<'static> {
    // Labels every second decade (every fourth on the right), fewer when the plot is
    // short: never two labels closer than a label is tall.
    let span = TOP_DECADE - FLOOR_DECADE;
    let every = readable::thinned_every(ui, height, span, 2);
    let every_right = readable::thinned_every(ui, height, span, 4);
    let left = side_axis(
        ui,
        height,
        &[
            t!("sections.ttl.axis_y"),
            t!("sections.ttl.axis_y.short"),
            t!("sections.ttl.axis_y.shortest"),
        ],
        (FRACTION_COLOR, every),
        |_, e| fraction_label(e),
    )
    .placement(HPlacement::Left);
    let right = side_axis(
        ui,
        height,
        &[
            t!("sections.ttl.axis_right"),
            t!("sections.ttl.axis_right.short"),
            t!("sections.ttl.axis_right.shortest"),
        ],
        (WAIT_COLOR, every_right),
        |y, _| seconds(y_to_wait(y)),
    )
    .tick_label_color(WAIT_COLOR)
    .placement(HPlacement::Right);
    let x_axis = plot::x_axis()
        .label(t!("sections.ttl.axis_x"))
        .formatter(|m, _| {
            let e = m.value.round() as i32;
            if (m.value - f64::from(e)).abs() < 1e-6 {
                seconds(10f64.powi(e))
            } else {
                String::new()
            }
        });

    let x_max = ttl::TTL_S.max.log10();
    let x_min = ttl::TTL_S.min.log10();
    plot::fixed_view(Plot::new("s2-tradeoff"))
        .width(width)
        .height(height)
        .custom_x_axes(vec![x_axis])
        .custom_y_axes(vec![left, right])
        .x_grid_spacer(|g| log_marks_every(g.bounds, &[1.0, 2.0, 5.0], 2))
        .y_grid_spacer(move |g| plot::decade_marks_every(g.bounds, every))
        .include_x(x_min - 0.05)
        .include_x(x_max + 0.05)
        .include_y(FLOOR_DECADE)
        .include_y(TOP_DECADE)
        .show_x(false)
        .show_y(false)
}

/// The exact curve of the unsafe fraction, and the simulated ladder's dots with their
/// intervals (an open ▽ for an upper bound where none was seen).
fn ladder_marks(pu: &mut PlotUi<'_>, labels: &mut Labels, l: &LadderResult, w: f32, r: f32) {
    let exact: Vec<[f64; 2]> = l
        .curve
        .iter()
        .filter(|c| c[1] > 10f64.powf(FLOOR_DECADE))
        .map(|c| [c[0].log10(), c[1].log10()])
        .collect();
    labels.avoid_marks(marks::line(&exact, w).collect::<Vec<_>>());
    pu.line(
        Line::new("", exact)
            .color(FRACTION_COLOR)
            .width(w)
            .allow_band(false),
    );
    if l.holds_done == 0 {
        return;
    }
    let mut seen = Vec::new();
    let mut bounds = Vec::new();
    for (t, e) in LADDER_TTLS.iter().zip(&l.estimates) {
        let x = t.log10();
        if e.count > 0 {
            seen.push([x, to_y(e.value)]);
            let (lo, hi) = (to_y(e.lo), to_y(e.hi));
            labels.avoid_marks(error_bar(pu, x, lo, hi, SIM_COLOR, w * 0.7));
        } else if e.hi > 10f64.powf(FLOOR_DECADE) {
            bounds.push([x, to_y(e.hi)]);
        }
    }
    let dot = |p: &[f64; 2], r: f32| Mark::Dot(PlotPoint::new(p[0], p[1]), r);
    labels.avoid_marks(seen.iter().map(|p| dot(p, r)).collect::<Vec<_>>());
    let r_bound = r * 1.2;
    labels.avoid_marks(bounds.iter().map(|p| dot(p, r_bound)).collect::<Vec<_>>());
    pu.points(
        Points::new("", seen)
            .color(SIM_COLOR)
            .radius(r)
            .shape(MarkerShape::Circle),
    );
    pu.points(
        Points::new("", bounds)
            .color(SIM_COLOR)
            .radius(r * 1.2)
            .shape(MarkerShape::Down)
            .filled(false),
    );
}

/// The crash wait against the TTL (a dashed straight line on these axes), and the chosen
/// TTL: a grey vertical line with its words hung from the top, and a ◆ on the wait line.
fn wait_and_ttl(pu: &mut PlotUi<'_>, labels: &mut Labels, cx: &Cx<'_>, ttl_s: f64, w: f32, r: f32) {
    // The crash wait grows with the TTL: a straight line on these axes.
    let waits: Vec<[f64; 2]> = [ttl::TTL_S.min, ttl::TTL_S.max]
        .iter()
        .map(|&t| [t.log10(), wait_to_y(t)])
        .collect();
    labels.avoid_marks(marks::line(&waits, w).collect::<Vec<_>>());
    pu.line(
        Line::new("", waits)
            .color(WAIT_COLOR)
            .width(w)
            .style(LineStyle::dashed_loose()),
    );

    let x = ttl_s.log10();
    labels.avoid_marks([Mark::Vertical(x, w * 0.6)]);
    pu.vline(
        VLine::new("", x)
            .color(plot::colour(cx, palette::GREY))
            .width(w * 0.6),
    );
    // Hung from the top of the plot: never cut, however short it is.
    let (dx, align) = if x > 1.6 {
        (-6.0, egui::Align2::RIGHT_TOP)
    } else {
        (6.0, egui::Align2::LEFT_TOP)
    };
    labels.add(
        Label::new(
            PlotPoint::new(x, TOP_DECADE),
            align,
            if cx.lecture {
                tf!("sections.ttl.mark.shown", &[("ttl", seconds(ttl_s))])
            } else {
                tf!("sections.ttl.mark.yours", &[("ttl", seconds(ttl_s))])
            },
        )
        .or(seconds(ttl_s))
        .offset(egui::vec2(dx, 0.0))
        .strong()
        .priority(3),
    );
    labels.avoid(PlotPoint::new(x, wait_to_y(ttl_s)), r * 1.6);
    pu.points(
        Points::new("", vec![[x, wait_to_y(ttl_s)]])
            .color(WAIT_COLOR)
            .radius(r * 1.6)
            .shape(MarkerShape::Diamond),
    );
}

/// The run at the chosen TTL: its exact fraction as a ◆ (a ▽ with words when under the
/// figure's floor), and its simulated dot with its interval, or an open ▽ for an upper bound.
fn current_marks(pu: &mut PlotUi<'_>, labels: &mut Labels, c: CurrentResult, w: f32, r: f32) {
    let x = c.ttl_s.log10();
    let below = c.exact < 10f64.powf(FLOOR_DECADE);
    let shape = if below {
        MarkerShape::Down
    } else {
        MarkerShape::Diamond
    };
    pu.points(
        Points::new("", vec![[x, to_y(c.exact)]])
            .color(FRACTION_COLOR)
            .radius(r * 1.6)
            .shape(shape),
    );
    labels.avoid(PlotPoint::new(x, to_y(c.exact)), r * 1.6);
    if below {
        labels.add(
            Label::new(
                PlotPoint::new(x, FLOOR_DECADE + 0.6),
                egui::Align2::RIGHT_BOTTOM,
                tf!(
                    "sections.ttl.mark.below",
                    &[("share", fraction_label(FLOOR_DECADE as i32))],
                ),
            )
            .priority(2),
        );
    }
    let e = c.estimate;
    if e.n > 0 && e.count > 0 {
        let (lo, hi) = (to_y(e.lo), to_y(e.hi));
        labels.avoid_marks(error_bar(pu, x, lo, hi, SIM_COLOR, w * 0.7));
        labels.avoid(PlotPoint::new(x, to_y(e.value)), r);
        pu.points(
            Points::new("", vec![[x, to_y(e.value)]])
                .color(SIM_COLOR)
                .radius(r),
        );
    } else if e.n > 0 {
        // None seen at this TTL: only an upper bound.
        labels.avoid(PlotPoint::new(x, to_y(e.hi)), r * 1.2);
        pu.points(
            Points::new("", vec![[x, to_y(e.hi)]])
                .color(SIM_COLOR)
                .radius(r * 1.2)
                .shape(MarkerShape::Down)
                .filled(false),
        );
    }
}

impl Ttl {
    /// Draws the figure in `width` × `height` at the TTL `ttl_s`, with a line on how to read
    /// it above; returns the TTL the reader clicked or dragged to.
    pub(super) fn draw(
        &self,
        ui: &mut Ui,
        cx: &Cx<'_>,
        ttl_s: f64,
        width: f32,
        height: f32,
    ) -> Option<f64> {
        let height = how_to_read(ui, cx, height);
        let w = plot::line_width(cx);
        let r = plot::marker_radius(cx);
        let ladder = self.ladder.latest().cloned();
        let current = self.current.latest().copied();
        let text_color = ui.visuals().text_color();

        let mut labels = Labels::new("s2-tradeoff");
        let tradeoff = frame(ui, width, height);
        let response = plot::show(ui, "s2-tradeoff", tradeoff, |pu| {
            if let Some(l) = &ladder {
                ladder_marks(pu, &mut labels, l, w, r);
            }
            wait_and_ttl(pu, &mut labels, cx, ttl_s, w, r);
            if let Some(c) = current {
                current_marks(pu, &mut labels, c, w, r);
            }
            let pointer = pu.pointer_coordinate();
            let resp = pu.response();
            if resp.clicked() || resp.dragged() {
                pointer.map(|pt| 10f64.powf(pt.x))
            } else {
                None
            }
        });
        labels.paint(
            ui,
            &response.transform,
            text_color,
            ui.visuals().strong_text_color(),
        );
        widgets::describe_plot(&response.response, t!("sections.ttl.plot"), "");
        response.inner.map(|t| widgets::snap(&ttl::TTL_S, t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_map_both_ways() {
        for w in [0.1, 1.0, 10.0, 300.0] {
            assert!((y_to_wait(wait_to_y(w)) - w).abs() < 1e-9 * w);
        }
        assert_eq!(wait_to_y(0.1), FLOOR_DECADE);
        assert!((wait_to_y(1000.0)).abs() < 1e-12);
        // The left axis speaks the headline's words.
        assert_eq!(fraction_label(FLOOR_DECADE as i32), "1 in 10,000 trillion");
    }
}
