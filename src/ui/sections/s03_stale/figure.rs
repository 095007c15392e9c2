//! Section 3's figure: the story as a lane timeline (A, the lock service, B, storage), drawn
//! up to the current moment of the playback.

use egui::{Align2, Ui, vec2};
use egui_plot::{
    Bar, BarChart, GridMark, LineStyle, MarkerShape, Plot, PlotPoint, PlotUi, Points, VLine,
};

use super::Story;
use super::story::words_of_story as story_words;
use crate::lesson::fill;
use crate::lesson::quantity::seconds;
use crate::sim::stale::{Event, EventKind, Lane, StaleRun, TOKEN_A, TOKEN_B, WORK_S, Worker};
use crate::ui::Cx;
use crate::ui::kit::labels::{Label, Labels, Mark, marks};
use crate::ui::kit::plot::{self, cross, palette};
use crate::ui::kit::widgets;

/// A grant's arrow to its holder.
mod grant;

/// The y axis's span in lanes: from under storage's lane (its verdicts' words) to over A's
/// (the lease's end), and egui_plot's margin of a twentieth at either end: egui_plot names a
/// lane only where lanes are a tick row apart.
pub const LANE_SPAN: f64 = (Y_TOP - Y_BOTTOM) * 1.1;
const Y_BOTTOM: f64 = -0.8;
const Y_TOP: f64 = 4.05;

/// Where each lane sits on the plot's y axis (top to bottom: A, lock service, B, storage).
fn lane_y(lane: Lane) -> f64 {
    match lane {
        Lane::A => 3.0,
        Lane::LockService => 2.0,
        Lane::B => 1.0,
        Lane::Storage => 0.0,
    }
}

fn lane_name(y: f64) -> &'static str {
    match y.round() as i64 {
        3 => "A",
        2 => t!("sections.stale.lane.lock_service"),
        1 => "B",
        0 => t!("sections.stale.lane.storage"),
        _ => "",
    }
}

pub const A_COLOR: egui::Color32 = palette::BLUE;
pub const B_COLOR: egui::Color32 = palette::ORANGE;
pub const APPLIED: egui::Color32 = palette::GREEN;
pub const OVERWROTE: egui::Color32 = palette::VERMILION;
/// (Not a blue: A's bars are blue.)
pub const REFUSED: egui::Color32 = palette::PURPLE;

/// A bar on a lane from `start` to `end`, cut at the current time `now`.
fn lane_bar(
    lane: Lane,
    start: f64,
    end: f64,
    now: f64,
    width: f64,
    fill: egui::Color32,
    stroke: egui::Color32,
) -> Option<Bar> {
    if start > now || end <= start {
        return None;
    }
    let end = end.min(now);
    Some(
        Bar::new(lane_y(lane), end - start)
            .base_offset(start)
            .width(width)
            .fill(fill)
            .stroke(egui::Stroke::new(1.5, stroke)),
    )
}

/// What the timeline's parts share: the run, the moment shown, the pens and the story's times.
struct Scene<'a> {
    run: &'a StaleRun,
    now: f64,
    a_color: egui::Color32,
    b_color: egui::Color32,
    refused: egui::Color32,
    /// Line width and marker radius.
    w: f32,
    r: f32,
    /// A lane bar's thickness, in lanes: thicker on a slide, whose words on the bars are
    /// large against its short lanes.
    bar: f64,
    /// When A wakes from its pause.
    frozen_until: f64,
    /// Whether A writes after its lease ran out.
    late: bool,
    /// When A's lease ends: it expires, or A releases it.
    lease_a_end: f64,
}

/// The bars on the lanes, with the marks of the two a label sits inside (A's pause and A's
/// lease), where they are drawn yet.
struct LaneBars {
    bars: Vec<Bar>,
    paused: Option<Mark>,
    lease: Option<Mark>,
}

impl<'a> Scene<'a> {
    /// The timeline of `run` at time `now`, in the pens `cx` asks for.
    fn new(cx: &Cx<'_>, run: &'a StaleRun, now: f64) -> Self {
        let late = run.a_write_s > run.expiry_s;
        Self {
            run,
            now,
            // The palette as a projector needs it (at least 3:1 against white).
            a_color: plot::colour(cx, A_COLOR),
            b_color: plot::colour(cx, B_COLOR),
            refused: plot::colour(cx, REFUSED),
            w: plot::line_width(cx),
            r: plot::marker_radius(cx) * 2.4,
            bar: 0.5,
            frozen_until: WORK_S + run.params.pause_s,
            late,
            lease_a_end: if late { run.expiry_s } else { run.a_write_s },
        }
    }

    /// The lanes' bars up to now: A works and freezes, the lock service holds A's lease then
    /// B's, B waits then works.
    fn lane_bars(&self) -> LaneBars {
        let (run, now) = (self.run, self.now);
        let (a_color, b_color) = (self.a_color, self.b_color);
        let mut bars = Vec::new();
        let mut add = |b: Option<Bar>| bars.extend(b);
        // (As the key draws a bar: its lighter fill inside its colour's outline.)
        let solid = |c: egui::Color32| c.gamma_multiply(0.6);
        let faint = |c: egui::Color32| c.gamma_multiply(0.35);
        // A: works, freezes, wakes and writes at once.
        add(lane_bar(
            Lane::A,
            0.0,
            WORK_S.min(run.a_write_s),
            now,
            self.bar,
            solid(a_color),
            a_color,
        ));
        let paused = lane_bar(
            Lane::A,
            WORK_S,
            self.frozen_until,
            now,
            self.bar,
            faint(palette::GREY),
            a_color,
        );
        let paused_bar = paused.as_ref().map(|b| marks::bar(b, true));
        add(paused);
        // The lock service: A's lease, then B's.
        let lease = lane_bar(
            Lane::LockService,
            0.0,
            self.lease_a_end,
            now,
            self.bar,
            faint(a_color),
            a_color,
        );
        let lease_bar = lease.as_ref().map(|b| marks::bar(b, true));
        add(lease);
        add(lane_bar(
            Lane::LockService,
            run.b_granted_s,
            run.b_write_s,
            now,
            self.bar,
            faint(b_color),
            b_color,
        ));
        // B: waits, then works.
        add(lane_bar(
            Lane::B,
            0.0,
            run.b_granted_s,
            now,
            0.12,
            faint(palette::GREY),
            palette::GREY,
        ));
        add(lane_bar(
            Lane::B,
            run.b_granted_s,
            run.b_write_s,
            now,
            self.bar,
            solid(b_color),
            b_color,
        ));
        LaneBars {
            bars,
            paused: paused_bar,
            lease: lease_bar,
        }
    }

    /// The line where A's lease ends (dashed when it expired, dotted when A released it) and
    /// its words, once that moment is shown.
    fn lease_end(&self, p: &mut PlotUi<'_>, labels: &mut Labels, cx: &Cx<'_>) {
        if self.now < self.lease_a_end {
            return;
        }
        let ttl_style = if self.late {
            LineStyle::dashed_dense()
        } else {
            LineStyle::dotted_loose()
        };
        labels.avoid_marks([Mark::Vertical(self.lease_a_end, self.w * 0.6)]);
        p.vline(
            VLine::new("", self.lease_a_end)
                .color(plot::colour(cx, palette::GREY))
                .width(self.w * 0.6)
                .style(ttl_style),
        );
        labels.add(
            Label::new(
                PlotPoint::new(self.lease_a_end, 3.4),
                Align2::RIGHT_BOTTOM,
                lease_words(&story_words().lease_ends_label),
            )
            .offset(vec2(-4.0, 0.0))
            .within_y(3.32, Y_TOP),
        );
    }

    /// Words on the bars, each inside the bar it names, or shorter, or left out: A's pause,
    /// A's lease, B's token once granted, and B's wait.
    fn bar_words(
        &self,
        labels: &mut Labels,
        paused: Option<Mark>,
        lease: Option<Mark>,
        b_granted: bool,
    ) {
        let (run, now) = (self.run, self.now);
        if let Some(paused_bar) = paused {
            let to = self.frozen_until.min(now);
            labels.add(
                Label::new(
                    PlotPoint::new((WORK_S + to) / 2.0, 3.0),
                    Align2::CENTER_CENTER,
                    tf!(
                        "sections.stale.mark.paused",
                        &[("pause", seconds(run.params.pause_s))],
                    ),
                )
                .or(seconds(run.params.pause_s))
                .inside(paused_bar)
                .priority(2),
            );
        }
        if let Some(lease_bar) = lease {
            let lease_to = self.lease_a_end.min(now);
            labels.add(
                Label::new(
                    PlotPoint::new(lease_to / 2.0, 2.0),
                    Align2::CENTER_CENTER,
                    lease_words(&story_words().lease_label),
                )
                .inside(lease_bar),
            );
        }
        if b_granted {
            // Level with B's lease on the lock service's lane, just past its end.
            labels.add(
                Label::new(
                    PlotPoint::new(run.b_write_s.min(now), 2.0),
                    Align2::LEFT_CENTER,
                    tf!(
                        "sections.stale.mark.token",
                        &[("token", TOKEN_B.to_string())],
                    ),
                )
                .or(TOKEN_B.to_string())
                .offset(vec2(4.0, 0.0))
                .within_y(1.6, 2.4)
                .priority(2),
            );
        }
        let waited = run.b_granted_s.min(now);
        labels.add(
            Label::new(
                PlotPoint::new(waited / 2.0, lane_y(Lane::B)),
                Align2::CENTER_BOTTOM,
                t!("sections.stale.mark.b_waits"),
            )
            .or(t!("sections.stale.mark.b_waits.short"))
            .offset(vec2(0.0, -4.0))
            .within_x(0.0, waited)
            // Over B's line, under the lock service's bars; or under it, over storage's words.
            .within_y(0.15, 2.0 - self.bar / 2.0),
        );
    }

    /// A write shown so far: an arrow from its writer's lane down to storage, or storage's
    /// verdict on its lane (a dot when applied, a ✕ when it overwrote newer data, a square
    /// when refused) with its words.
    fn write_mark(&self, p: &mut PlotUi<'_>, labels: &mut Labels, e: &Event) {
        let (w, r) = (self.w, self.r);
        let a_first = self.run.a_write_s <= self.run.b_write_s;
        let later = |token: u64| (token == TOKEN_A) != a_first;
        match e.kind {
            EventKind::Wrote { .. } => {
                let (from, c) = if e.lane == Lane::A {
                    (3.0, self.a_color)
                } else {
                    (1.0, self.b_color)
                };
                let down = vec![[e.t_s, from - 0.27], [e.t_s, 0.3]];
                labels.avoid_marks(marks::line(&down, w).collect::<Vec<_>>());
                p.line(egui_plot::Line::new("", down).color(c).width(w));
                p.points(
                    Points::new("", vec![[e.t_s, 0.3]])
                        .color(c)
                        .radius(r * 0.6)
                        .shape(MarkerShape::Down),
                );
                labels.avoid(PlotPoint::new(e.t_s, 0.3), r * 0.6);
            }
            EventKind::Applied {
                token,
                replaced_newer,
            } => {
                labels.avoid(PlotPoint::new(e.t_s, 0.0), r + 2.0);
                if replaced_newer {
                    labels.avoid_marks([cross(p, e.t_s, 0.0, r, w * 1.2, OVERWROTE)]);
                    let words = tf!(
                        "sections.stale.mark.overwrote",
                        &[("token", token.to_string()), ("newer", TOKEN_B.to_string())],
                    );
                    labels.add(storage_words(e.t_s, later(token), words, r).strong());
                } else {
                    p.points(
                        Points::new("", vec![[e.t_s, 0.0]])
                            .color(APPLIED)
                            .shape(MarkerShape::Circle)
                            .radius(r),
                    );
                    let words = tf!(
                        "sections.stale.mark.applied",
                        &[("token", token.to_string())],
                    );
                    labels.add(storage_words(e.t_s, later(token), words, r));
                }
            }
            EventKind::Granted { to, token } => self.grant_mark(p, labels, e.t_s, to, token),
            EventKind::Refused { token, .. } => {
                labels.avoid(PlotPoint::new(e.t_s, 0.0), r + 2.0);
                p.points(
                    Points::new("", vec![[e.t_s, 0.0]])
                        .color(self.refused)
                        .shape(MarkerShape::Square)
                        .radius(r),
                );
                let words = tf!(
                    "sections.stale.mark.refused",
                    &[("token", token.to_string())],
                );
                labels.add(storage_words(e.t_s, later(token), words, r).strong());
            }
            _ => {}
        }
    }
}

/// The empty timeline of `size`: time along x from just before 0 to `end` and room for the
/// last verdict's words, the four lanes named down the y axis.
fn frame(size: egui::Vec2, end: f64) -> Plot<'static> {
    // Room on the right for the last verdict's words (about 160 points of text).
    let plot_px = f64::from((size.x - 110.0).max(300.0));
    let pad = (160.0 * (end + 1.5) / (plot_px - 160.0).max(140.0)).max(1.0);
    plot::fixed_view(Plot::new("s3-timeline"))
        .width(size.x)
        .height(size.y)
        .x_axis_label(t!("sections.stale.axis_x"))
        .include_x(-0.5)
        .include_x(end + pad)
        .include_y(Y_BOTTOM)
        .include_y(Y_TOP)
        .show_x(false)
        .show_y(false)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(|m, _| {
            if m.value < 0.0 {
                String::new()
            } else {
                crate::lesson::quantity::fmt_sig(m.value.round(), 6)
            }
        })
        .y_grid_spacer(|_| {
            (0..4)
                .map(|i| GridMark {
                    value: f64::from(i),
                    step_size: 1.0,
                })
                .collect()
        })
        .y_axis_formatter(|m, _| lane_name(m.value).to_owned())
}

/// The timeline up to time `now`, filling `size`.
pub fn timeline(
    ui: &mut Ui,
    cx: &Cx<'_>,
    story: &Story,
    now: f64,
    revealed: usize,
    finished: bool,
    size: egui::Vec2,
) {
    let run = &story.run;
    let scene = Scene::new(cx, run, now);
    let end = run.a_write_s.max(run.b_write_s).max(run.expiry_s);
    let shown: Vec<&Event> = story.steps[..revealed]
        .iter()
        .flat_map(|s| &run.events[s.events.clone()])
        .collect();
    let b_granted = shown
        .iter()
        .any(|e| matches!(e.kind, EventKind::Granted { to: Worker::B, .. }));
    let text_color = ui.visuals().text_color();
    let LaneBars {
        bars,
        paused,
        lease,
    } = scene.lane_bars();

    let mut labels = Labels::new("s3-timeline");
    labels.avoid_marks(marks::bars(&bars, true));
    let response = plot::show(ui, "s3-timeline", frame(size, end), |p| {
        p.bar_chart(BarChart::new("", bars).horizontal());
        scene.lease_end(p, &mut labels, cx);
        scene.bar_words(&mut labels, paused, lease, b_granted);
        // Writes travel down to storage; storage's verdict sits on its lane.
        for e in &shown {
            scene.write_mark(p, &mut labels, e);
        }
        if !finished {
            labels.avoid_marks([Mark::Vertical(now, scene.w * 0.5)]);
            p.vline(VLine::new("", now).color(text_color).width(scene.w * 0.5));
        }
    });
    let strong = ui.visuals().strong_text_color();
    labels.paint(ui, &response.transform, text_color, strong);
    widgets::describe_plot(&response.response, t!("sections.stale.plot"), "");
}

/// Storage's verdict in words: the later write's to the right of its mark, the earlier one's
/// to the left, so the two never collide however close the writes are; clear of the mark
/// (`r` points) and on the storage lane.
fn storage_words(t: f64, right: bool, text: String, r: f32) -> Label {
    let gap = r + 6.0;
    let (dx, align) = if right {
        (gap, Align2::LEFT_CENTER)
    } else {
        (-gap, Align2::RIGHT_CENTER)
    };
    Label::new(PlotPoint::new(t, 0.0), align, text)
        .offset(vec2(dx, 0.0))
        .within_y(-0.8, 0.55)
        .priority(3)
}

/// A label on A's lease (`assets/stale_story.ron`), with A's token.
fn lease_words(template: &str) -> String {
    fill(template, &[("token", &TOKEN_A.to_string())])
}
