//! Section 4's figure: the token ladder (time across, token up) with the fencing off/on
//! counts in a box beside it (the box is drawn in `counts.rs`).
//!
//! Zoomed out, the ladder of hundreds of holders is a diagonal line with a few crosses on it,
//! so the figure opens on the first late write, and a button shows the whole chain.

use egui::{Align, Color32, Layout, Rect, Sense, Ui, UiBuilder, Vec2};
use egui_plot::{Bar, BarChart, Line, MarkerShape, Plot, PlotBounds, PlotUi, Points};

use super::counts::{COUNT_GAP, counts_box, counts_widths};
use crate::lesson::quantity::fmt_int;
use crate::sim::fencing::{Fate, FencingRun, Holder};
use crate::ui::Cx;
use crate::ui::kit::plot::{self, KeyMark, cross, grid_label, nice_grid, palette};
use crate::ui::kit::widgets;

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
const LATE_FIRST: Color32 = palette::SKY;
const OVERWROTE: Color32 = palette::VERMILION;
/// As section 3 and the lab draw a write storage refused.
const REJECTED: Color32 = palette::PURPLE;

/// Below this figure width the counts sit above the ladder instead of beside it.
const SIDE_BY_SIDE: f32 = 560.0;

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

/// What the ladder's view is asked to do on its next frame.
#[derive(Default)]
pub struct LadderView {
    /// A new chain is coming: frame its first late write once it is drawn.
    pub fresh: bool,
    /// Show the whole chain.
    reset: bool,
    zoom_to: Option<PlotBounds>,
    /// What the ladder showed last (a slide of the figure shows the same).
    shown: Option<PlotBounds>,
}

impl LadderView {
    /// The next frame shows what the last one did: for drawing the figure elsewhere.
    pub fn again(&mut self) {
        if self.zoom_to.is_none() && !self.reset {
            self.zoom_to = self.shown;
        }
    }

    pub fn whole_chain(&mut self) {
        self.reset = true;
        self.zoom_to = None;
    }

    pub fn zoom(&mut self, bounds: PlotBounds) {
        self.zoom_to = Some(bounds);
    }

    /// What to do with `run` this frame: reset to the whole chain, and/or set these bounds.
    /// `current` says whether `run` is the chain of the present settings.
    fn take(&mut self, run: &FencingRun, current: bool) -> (bool, Option<PlotBounds>) {
        if self.fresh && current {
            self.fresh = false;
            return match first_late_bounds(run) {
                Some(b) => (true, Some(b)),
                None => (true, None),
            };
        }
        (std::mem::take(&mut self.reset), self.zoom_to.take())
    }
}

/// The plot key: what each mark the ladder draws means, with how many of them the chain has
/// (a mark the chain has none of is not listed).
pub fn legend(run: &FencingRun, fencing: bool) -> Vec<KeyMark> {
    let count = |m: Mark| run.ladder.iter().filter(|h| mark(h) == m).count() as u64;
    let words = |key: &str, m: Mark| crate::lesson::fill(key, &[("count", fmt_int(count(m)))]);
    let mut marks = vec![KeyMark::Bar(
        LEASE,
        t!("sections.fencing.key.holding").into(),
    )];
    if run.ladder.iter().any(|h| h.stale) {
        // (Drawn as a line from the lease's end to the late write.)
        marks.push(KeyMark::Line(
            OVERRUN,
            false,
            t!("sections.fencing.key.overrun").into(),
        ));
    }
    marks.push(KeyMark::Shape(
        MarkerShape::Circle,
        APPLIED,
        words(t!("sections.fencing.key.applied"), Mark::OnTime),
    ));
    let (last, shape, colour, key) = if fencing {
        (
            Mark::Rejected,
            MarkerShape::Square,
            REJECTED,
            t!("sections.fencing.key.rejected"),
        )
    } else {
        (
            Mark::Overwrote,
            MarkerShape::Cross,
            OVERWROTE,
            t!("sections.fencing.key.overwrote"),
        )
    };
    for (m, shape, colour, key) in [
        (
            Mark::LateFirst,
            MarkerShape::Diamond,
            LATE_FIRST,
            t!("sections.fencing.key.late_first"),
        ),
        (last, shape, colour, key),
    ] {
        if count(m) > 0 {
            marks.push(KeyMark::Shape(shape, colour, words(key, m)));
        }
    }
    marks
}

/// The ladder and the counts, filling `size`. `current`: the pair is the present settings'.
/// Returns the least height the figure needs as drawn in this frame: the counts box and the
/// view buttons do not shrink with the ladder (the stage gives it that much from the next
/// frame on; meanwhile what does not fit is cut, never drawn over what is under it).
pub fn figure(
    ui: &mut Ui,
    cx: &Cx<'_>,
    pair: &Pair,
    fencing: bool,
    size: Vec2,
    view: &mut LadderView,
    current: bool,
) -> f32 {
    // Drawn in exactly `size`, what does not fit cut: a figure that drew taller than its room
    // would keep that room at this type for good (see `stage::note_overflow`).
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    let mut inside = ui.new_child(
        UiBuilder::new()
            .max_rect(rect)
            .layout(Layout::top_down(Align::Min)),
    );
    // (Cut at the bottom only: the y axis's title is drawn in the margin on the left.)
    let clip = ui.clip_rect();
    inside.set_clip_rect(clip.intersect(Rect::everything_above(rect.bottom())));
    let ui = &mut inside;
    let run = pair.shown(fencing);
    let (reset, zoom) = view.take(run, current);
    let (names, col) = counts_widths(ui);
    let m = ui.style().spacing.window_margin;
    let chrome = 2.0 * (col + COUNT_GAP) + f32::from(m.left + m.right) + 2.0;
    // Row names on one line when that leaves the ladder enough room or the height is short;
    // wrapped into a narrower, taller box otherwise.
    let names_w = if names + chrome <= 0.4 * size.x || size.y < 300.0 {
        names
    } else {
        (0.34 * size.x - chrome).max(110.0)
    };
    let box_w = names_w + chrome;
    let gap = ui.spacing().item_spacing.x * 2.0;
    // A slide shows the ladder alone at every size and Type: its key counts each kind of
    // write, and the headline says what fencing changed.
    if !cx.lecture && size.x >= SIDE_BY_SIDE {
        ui.horizontal_top(|ui| {
            let ladder_w = size.x - box_w - gap;
            view.shown = Some(ladder(
                ui,
                cx,
                run,
                ladder_w,
                size.y,
                reset,
                [zoom, view.shown],
            ));
            ui.add_space(gap - ui.spacing().item_spacing.x);
            ui.vertical(|ui| {
                counts_box(ui, pair, fencing, [names_w, col]);
                if !cx.slide {
                    view_buttons(ui, run, view);
                }
            })
            .response
            .rect
            .height()
        })
        .inner
    } else if cx.lecture {
        view.shown = Some(ladder(
            ui,
            cx,
            run,
            size.x,
            size.y,
            reset,
            [zoom, view.shown],
        ));
        LADDER_LEAST
    } else {
        let top = ui.cursor().top();
        ui.scope(|ui| {
            counts_box(ui, pair, fencing, [names, col]);
            if !cx.slide {
                view_buttons(ui, run, view);
            }
        });
        let used = ui.cursor().top() - top;
        view.shown = Some(ladder(
            ui,
            cx,
            run,
            size.x,
            size.y - used,
            reset,
            [zoom, view.shown],
        ));
        used + LADDER_LEAST
    }
}

/// The ladder is never drawn lower than this.
const LADDER_LEAST: f32 = 120.0;

/// The view buttons: the whole chain, or its first late write.
fn view_buttons(ui: &mut Ui, run: &FencingRun, view: &mut LadderView) {
    // (A slide's room is the ladder's: it shows the view chosen, without the buttons.)
    if crate::ui::kit::style::on_slide(ui.ctx()) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(t!("sections.fencing.view.whole"))
            .on_hover_text(t!("sections.fencing.view.whole.hover"))
            .clicked()
        {
            view.whole_chain();
        }
        if let Some(b) = first_late_bounds(run)
            && ui
                .button(t!("sections.fencing.view.first"))
                .on_hover_text(t!("sections.fencing.view.first.hover"))
                .clicked()
        {
            view.zoom(b);
        }
    });
}

/// The empty ladder of `width` × `height`: time across from zero to `x_end`, tokens up from
/// zero to past `y_end`, labelled marks far enough apart to read at any size.
fn ladder_frame(
    ui: &Ui,
    [width, height]: [f32; 2],
    [x_end, y_end]: [f64; 2],
    close_up: bool,
) -> Plot<'static> {
    // (Tokens' labels a little closer on a slide, whose ladder is short: two at least.)
    let y_spacing = if crate::ui::kit::style::on_slide(ui.ctx()) {
        28.0
    } else {
        40.0
    };
    plot::solid_ticks(Plot::new("s4-ladder"))
        .width(width.max(LADDER_LEAST))
        .height(height.max(LADDER_LEAST))
        // (A close-up says so: the headline counts the whole run, the view shows a part.)
        .x_axis_label(if close_up {
            plot::x_title(
                ui,
                width.max(LADDER_LEAST),
                &[
                    t!("sections.fencing.axis_x.close_up.long"),
                    t!("sections.fencing.axis_x.close_up"),
                ],
            )
        } else {
            t!("sections.fencing.axis_x").to_owned()
        })
        .y_axis_label(plot::y_title(
            ui,
            height.max(LADDER_LEAST),
            &[
                t!("sections.fencing.axis_y.long"),
                t!("sections.fencing.axis_y"),
            ],
        ))
        .include_x(0.0)
        .include_x(x_end)
        .include_y(0.0)
        .include_y(y_end + 1.0)
        .allow_scroll(false)
        .allow_double_click_reset(true)
        // Labelled marks far enough apart to read at any size (tokens: whole numbers), in
        // points of the frame, which the axes' numbers and titles leave narrower than the
        // plot (egui_plot's base step is the value of its 8-point least grid spacing).
        .x_grid_spacer(|g| {
            let step = g.base_step_size / 8.0 * 70.0;
            nice_grid(g, step)
        })
        .y_grid_spacer(move |g| {
            let step = (g.base_step_size / 8.0 * y_spacing).max(1.0);
            nice_grid(g, step)
        })
        .x_axis_formatter(|m, _| grid_label(m))
        // A label on the plot's top edge would be cut in half: it is left out.
        .y_axis_formatter(move |m, range| {
            let half_label = (range.end() - range.start()) * 10.0 / f64::from(height);
            if range.end() - m.value < half_label {
                String::new()
            } else {
                grid_label(m)
            }
        })
}

/// The ladder's marks: each holder's lease as a bar on its token's row and the staircase of
/// grants through them, a late write's overrun past its lease, and each write's mark (on-time
/// dots only when the view is not `crowded`).
fn ladder_marks(p: &mut PlotUi<'_>, cx: &Cx<'_>, holders: &[Holder], crowded: bool) {
    let r = plot::marker_radius(cx);
    let lw = plot::line_width(cx);
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
                .color(plot::colour(cx, OVERRUN))
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
            .color(plot::colour(cx, REJECTED))
            .radius(big)
            .shape(MarkerShape::Square),
    );
}

/// The token ladder.
fn ladder(
    ui: &mut Ui,
    cx: &Cx<'_>,
    run: &FencingRun,
    width: f32,
    height: f32,
    reset: bool,
    [zoom_to, before]: [Option<PlotBounds>; 2],
) -> PlotBounds {
    let holders = &run.ladder;
    let s = |ms: f64| ms / 1000.0;
    let x_end = s(holders.iter().map(|h| h.write_ms).fold(0.0, f64::max)).max(1.0);
    let y_end = holders.last().map_or(1.0, |h| h.token as f64);
    // (The view as it will be drawn: the one asked for, else the one kept since.)
    let close_up = !reset && zoom_to.or(before).is_some_and(|b| b.width() < 0.8 * x_end);
    let mut plot = ladder_frame(ui, [width, height], [x_end, y_end], close_up);
    if reset {
        plot = plot.reset();
    }
    if reset || zoom_to.is_some() {
        // The bounds take effect after this frame's marks are chosen: draw again.
        ui.ctx().request_repaint();
    }
    let response = plot::show(ui, "s4-ladder", plot, |p| {
        if let Some(b) = zoom_to {
            p.set_plot_bounds(b);
        }
        // Zoomed out, hundreds of on-time writes would bury the few that matter: the staircase
        // stands for them until the view is close enough to tell them apart.
        let shown = zoom_to.unwrap_or_else(|| p.plot_bounds());
        let crowded = shown.height() > 120.0;
        ladder_marks(p, cx, holders, crowded);
    });
    widgets::describe_plot(&response.response, t!("sections.fencing.plot"), "");
    zoom_to.unwrap_or(*response.transform.bounds())
}

/// Bounds around the first write that arrived behind a newer one (or the first late write).
pub fn first_late_bounds(run: &FencingRun) -> Option<PlotBounds> {
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
    // (Half a token's row past the rows shown: no bar or mark is cut at the top or bottom.)
    Some(PlotBounds::from_min_max(
        [t0 - pad, h.token as f64 - 2.5],
        [t1 + pad, h.token as f64 + tokens_meanwhile + 2.5],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Valid;
    use crate::sim::fencing::{self, FencingParams};

    pub fn pair(p: FencingParams, seed: u64) -> Pair {
        Pair {
            off: fencing::run(
                &Valid::checked(FencingParams {
                    fencing: false,
                    ..p
                })
                .unwrap(),
                seed,
            ),
            on: fencing::run(
                &Valid::checked(FencingParams { fencing: true, ..p }).unwrap(),
                seed,
            ),
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

    #[test]
    fn a_new_chain_opens_on_its_first_late_write_once_it_is_drawn() {
        let pr = pair(FencingParams::default(), 1);
        let mut view = LadderView {
            fresh: true,
            ..Default::default()
        };
        assert_eq!(view.take(&pr.off, false), (false, None), "an old chain");
        let (reset, zoom) = view.take(&pr.off, true);
        assert!(reset);
        assert_eq!(zoom, first_late_bounds(&pr.off));
        assert_eq!(view.take(&pr.off, true), (false, None), "only once");
        view.whole_chain();
        assert_eq!(view.take(&pr.off, true), (true, None));
        // No late write: the whole chain.
        let calm = pair(
            FencingParams {
                pause_prob: 0.0,
                ttl_ms: 60_000.0,
                ..Default::default()
            },
            1,
        );
        view.fresh = true;
        assert_eq!(view.take(&calm.off, true), (true, None));
    }
}
