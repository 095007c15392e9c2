//! The lab's four-lane timeline (A, lock service, B, storage), drawn from a real run's
//! measured times, in the same visual language as section 3.

use egui::{Align2, Color32, Ui, vec2};
use egui_plot::{Bar, BarChart, MarkerShape, PlotPoint, PlotUi, Points};

use super::lanes;
use crate::lab::LabRun;
use crate::lesson::quantity::seconds;
use crate::ui::Cx;
use crate::ui::kit::labels::{Label, Labels, Mark, marks};
use crate::ui::kit::plot::{self, KeyMark, cross, key_row, palette};

const A_COLOR: Color32 = palette::BLUE;
const B_COLOR: Color32 = palette::ORANGE;
const APPLIED: Color32 = palette::GREEN;
const OVERWROTE: Color32 = palette::VERMILION;
/// (Not a blue: A's bars are blue.)
const REFUSED: Color32 = palette::PURPLE;

/// The lanes' heights and names.
fn lanes() -> Vec<(f64, String)> {
    vec![
        (3.0, "A".to_owned()),
        (2.0, t!("lab.figure.lane.lock_service").to_owned()),
        (1.0, "B".to_owned()),
        (0.0, t!("lab.figure.lane.storage").to_owned()),
    ]
}

/// Seconds from milliseconds.
fn s(ms: f64) -> f64 {
    ms / 1000.0
}

/// A horizontal bar on lane `y` from `from` to `to` (seconds).
fn bar(y: f64, from: f64, to: f64, height: f64, fill: Color32, stroke: Color32) -> Option<Bar> {
    (to > from).then(|| {
        Bar::new(y, to - from)
            .base_offset(from)
            .width(height)
            .fill(fill)
            .stroke(egui::Stroke::new(1.5, stroke))
    })
}

/// A write travelling from its client's lane down to storage, and storage's verdict there.
struct Write {
    at: f64,
    from_lane: f64,
    color: Color32,
    verdict: Verdict,
    label: String,
    /// Words to the right of the mark (the later write) or to the left.
    right: bool,
}

enum Verdict {
    Applied,
    Overwrote,
    Refused,
}

fn draw_write(p: &mut PlotUi<'_>, w: &Write, lw: f32, r: f32, labels: &mut Labels) {
    let down = vec![[w.at, w.from_lane - 0.27], [w.at, 0.3]];
    labels.avoid_marks(marks::line(&down, lw).collect::<Vec<_>>());
    p.line(egui_plot::Line::new("", down).color(w.color).width(lw));
    p.points(
        Points::new("", vec![[w.at, 0.3]])
            .color(w.color)
            .radius(r * 0.6)
            .shape(MarkerShape::Down),
    );
    let mark = |shape, color| {
        Points::new("", vec![[w.at, 0.0]])
            .color(color)
            .shape(shape)
            .radius(r)
    };
    match w.verdict {
        Verdict::Applied => p.points(mark(MarkerShape::Circle, APPLIED)),
        Verdict::Refused => p.points(mark(MarkerShape::Square, REFUSED)),
        Verdict::Overwrote => labels.avoid_marks([cross(p, w.at, 0.0, r, lw * 1.2, OVERWROTE)]),
    }
    labels.avoid(PlotPoint::new(w.at, 0.3), r * 0.6);
    labels.avoid(PlotPoint::new(w.at, 0.0), r + 2.0);
    // (Room for a row of words under storage's lane, where a narrow figure puts them.)
    let gap = r + 6.0;
    let (dx, anchor) = if w.right {
        (gap, Align2::LEFT_CENTER)
    } else {
        (-gap, Align2::RIGHT_CENTER)
    };
    let l = Label::new(PlotPoint::new(w.at, 0.0), anchor, w.label.clone())
        .offset(vec2(dx, 0.0))
        .within_y(-1.1, 0.55)
        .priority(3);
    labels.add(if matches!(w.verdict, Verdict::Applied) {
        l
    } else {
        l.strong()
    });
}

/// The run's bars on the lanes: A works then sleeps, the lock service holds A's lease then
/// B's, B waits then works; with the mark of A's pause, where its words go.
fn lane_bars(run: &LabRun) -> (Vec<Bar>, Option<Mark>) {
    let (frozen, woke) = (s(run.a_frozen_ms), s(run.a_woke_ms));
    let (a_write, b_write, b_granted) = (s(run.a_write_ms), s(run.b_write_ms), s(run.b_granted_ms));
    let a_lease_end = run.expiry_ms.map_or(a_write, s);
    let solid = |c: Color32| c.gamma_multiply(0.85);
    let faint = |c: Color32| c.gamma_multiply(0.35);
    let paused = bar(3.0, frozen, woke, 0.5, faint(palette::GREY), A_COLOR);
    let paused_bar = paused.as_ref().map(|b| marks::bar(b, true));
    let bars: Vec<Bar> = [
        bar(3.0, 0.0, frozen, 0.5, solid(A_COLOR), A_COLOR),
        paused,
        bar(2.0, 0.0, a_lease_end, 0.5, faint(A_COLOR), A_COLOR),
        bar(2.0, b_granted, b_write, 0.5, faint(B_COLOR), B_COLOR),
        bar(
            1.0,
            0.0,
            b_granted,
            0.12,
            faint(palette::GREY),
            palette::GREY,
        ),
        bar(1.0, b_granted, b_write, 0.5, solid(B_COLOR), B_COLOR),
    ]
    .into_iter()
    .flatten()
    .collect();
    (bars, paused_bar)
}

/// The run's two writes, B's then A's, each with storage's verdict and its words.
fn writes(run: &LabRun) -> [Write; 2] {
    let (a_write, b_write) = (s(run.a_write_ms), s(run.b_write_ms));
    let (a_tok, b_tok) = (run.a_token, run.b_token);
    let a_later = a_write > b_write;
    [
        Write {
            at: b_write,
            from_lane: 1.0,
            color: B_COLOR,
            verdict: Verdict::Applied,
            label: tf!("lab.figure.applied", &[("token", b_tok.to_string())]),
            right: !a_later,
        },
        Write {
            at: a_write,
            from_lane: 3.0,
            color: A_COLOR,
            verdict: match (run.a_applied, a_later) {
                (false, _) => Verdict::Refused,
                (true, true) => Verdict::Overwrote,
                (true, false) => Verdict::Applied,
            },
            label: {
                let tokens = [("token", a_tok.to_string()), ("newer", b_tok.to_string())];
                match (run.a_applied, a_later) {
                    (false, _) => tf!("lab.figure.refused", &tokens),
                    (true, true) => tf!("lab.figure.overwrote", &tokens),
                    (true, false) => tf!("lab.figure.applied", &tokens),
                }
            },
            right: a_later,
        },
    ]
}

/// The run's moments on the lanes: where A's lock was gone (a dashed line and its time), A's
/// last renewal (a ◆ on the lock service's lane), the words of A's pause and both tokens.
fn moments(
    p: &mut PlotUi<'_>,
    labels: &mut Labels,
    run: &LabRun,
    paused_bar: Option<Mark>,
    lw: f32,
    r: f32,
) {
    if let Some(expiry) = run.expiry_ms.map(s) {
        lanes::moment_line(p, labels, expiry, palette::GREY, lw * 0.6);
        let gone = tf!("lab.figure.lock_gone", &[("time", seconds(expiry))]);
        labels.add(
            Label::new(PlotPoint::new(expiry, 3.4), Align2::RIGHT_BOTTOM, gone)
                .offset(vec2(-4.0, 0.0))
                .within_y(3.3, 3.95)
                .priority(2),
        );
    }
    let renewed = s(run.a_last_renewal_ms);
    if renewed > 0.0 {
        p.points(
            Points::new("", vec![[renewed, 2.0]])
                .color(A_COLOR)
                .shape(MarkerShape::Diamond)
                .radius(r * 0.7),
        );
        labels.avoid(PlotPoint::new(renewed, 2.0), r * 0.7);
    }
    let (frozen, woke) = (s(run.a_frozen_ms), s(run.a_woke_ms));
    if let Some(paused_bar) = paused_bar {
        labels.add(
            Label::new(
                PlotPoint::new((frozen + woke) / 2.0, 3.0),
                Align2::CENTER_CENTER,
                tf!("lab.figure.paused", &[("time", seconds(woke - frozen))]),
            )
            .or(seconds(woke - frozen))
            .inside(paused_bar)
            .priority(2),
        );
    }
    for (at, tok) in [(s(run.b_granted_ms), run.b_token), (0.0, run.a_token)] {
        labels.add(
            Label::new(
                PlotPoint::new(at, 2.3),
                Align2::LEFT_BOTTOM,
                tf!("lab.figure.token", &[("token", tok.to_string())]),
            )
            .offset(vec2(4.0, 0.0))
            .within_y(2.2, 2.8)
            .priority(2),
        );
    }
}

/// Draws the run's timeline; returns where (axes and labels included).
pub fn timeline(ui: &mut Ui, cx: &Cx<'_>, run: &LabRun, height: f32) -> egui::Rect {
    let lw = plot::line_width(cx);
    let r = plot::marker_radius(cx) * 2.4;
    let text = ui.visuals().text_color();
    let end = s(run.a_write_ms).max(s(run.b_write_ms));
    let (bars, paused_bar) = lane_bars(run);
    let writes = writes(run);
    let pad = 0.3 + 1.6 * end / 4.0;
    let mut labels = Labels::new("lab-timeline");
    labels.avoid_marks(marks::bars(&bars, true));
    let timeline = lanes::lane_plot(
        "lab-timeline",
        height,
        t!("lab.figure.axis"),
        [-0.2, end + pad],
        [-1.1, 3.95],
        lanes(),
    );
    let response = plot::show(ui, "lab-timeline", timeline, |p| {
        p.bar_chart(BarChart::new("", bars).horizontal());
        moments(p, &mut labels, run, paused_bar, lw, r);
        for w in &writes {
            draw_write(p, w, lw, r, &mut labels);
        }
    });
    lanes::finish(ui, labels, response, text, t!("lab.figure.describe"))
}

/// The key under the timeline: only what this run's timeline draws (a refused write where
/// storage refused one, an overwrite where A's late write went through).
pub fn key(ui: &mut Ui, cx: &Cx<'_>, run: &LabRun) {
    key_row(ui, cx, &key_marks(run));
}

fn key_marks(run: &LabRun) -> Vec<KeyMark> {
    let a_later = run.a_write_ms > run.b_write_ms;
    let mut marks = vec![KeyMark::Bar(A_COLOR, t!("lab.figure.key.a_works").into())];
    if run.a_woke_ms > run.a_frozen_ms {
        marks.push(KeyMark::Bar(
            palette::GREY,
            t!("lab.figure.key.a_paused").into(),
        ));
    }
    marks.push(KeyMark::Bar(B_COLOR, t!("lab.figure.key.b_works").into()));
    if run.a_last_renewal_ms > 0.0 {
        marks.push(KeyMark::Shape(
            MarkerShape::Diamond,
            A_COLOR,
            t!("lab.figure.key.a_renewal").into(),
        ));
    }
    marks.push(KeyMark::Shape(
        MarkerShape::Circle,
        APPLIED,
        t!("lab.figure.key.applied").into(),
    ));
    match (run.a_applied, a_later) {
        (true, true) => marks.push(KeyMark::Shape(
            MarkerShape::Cross,
            OVERWROTE,
            t!("lab.figure.key.overwrote").into(),
        )),
        (false, _) => marks.push(KeyMark::Shape(
            MarkerShape::Square,
            REFUSED,
            t!("lab.figure.key.refused").into(),
        )),
        (true, false) => {}
    }
    marks
}
