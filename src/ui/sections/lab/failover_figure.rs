//! A failover run as a lane diagram: A on top, one lane per server or member, B at the
//! bottom; who holds the lock (or whose key a server keeps), when a server is down, and the
//! fault, restart, promotion and election marked, all at their measured times.

use egui::{Align2, Color32, Ui, vec2};
use egui_plot::{Bar as PlotBar, BarChart, MarkerShape, PlotPoint, PlotUi, Points};

use super::lanes;
use crate::lab::failover::{Event, FailoverRun, Span, Who};
use crate::lesson::quantity::duration_ms;
use crate::ui::Cx;
use crate::ui::kit::labels::{Label, Labels, marks};
use crate::ui::kit::plot::{self, KeyMark, cross, key_row, palette};

const A_COLOR: Color32 = palette::BLUE;
const B_COLOR: Color32 = palette::ORANGE;
const FAULT: Color32 = palette::VERMILION;
const BACK: Color32 = palette::GREEN;

fn who_color(w: Who) -> Color32 {
    match w {
        Who::A => A_COLOR,
        Who::B => B_COLOR,
    }
}

/// The lane's height on the plot: A at the top.
fn lane_y(run: &FailoverRun, lane: usize) -> f64 {
    (run.lanes.len() - 1 - lane) as f64
}

/// How far the diagram reaches: every event, and a little of what lasts beyond.
fn x_end(run: &FailoverRun) -> f64 {
    let last_event = run.marks.iter().map(|m| m.at_ms).fold(0.0, f64::max);
    let end = run.end_ms().max(last_event);
    // Very long spans (A's validity after a story of a few ms) are cut off at the right.
    let story = last_event.max(1.0);
    end.min(story * 1.6 + 5.0)
}

/// The mark's shape, colour and words.
fn mark_style(e: Event) -> (MarkerShape, Color32, &'static str) {
    match e {
        Event::Granted(w) => (
            MarkerShape::Circle,
            who_color(w),
            t!("lab.failover.mark.granted"),
        ),
        Event::Refused(w) => (
            MarkerShape::Square,
            who_color(w),
            t!("lab.failover.mark.refused"),
        ),
        Event::Killed => (MarkerShape::Cross, FAULT, t!("lab.failover.mark.killed")),
        Event::Restarted => (MarkerShape::Up, BACK, t!("lab.failover.mark.restarted")),
        Event::Promoted => (
            MarkerShape::Asterisk,
            BACK,
            t!("lab.failover.mark.promoted"),
        ),
        Event::Elected => (MarkerShape::Diamond, BACK, t!("lab.failover.mark.leader")),
        Event::LinkCut => (
            MarkerShape::Left,
            palette::GREY,
            t!("lab.failover.mark.link_cut"),
        ),
    }
}

/// The rows of the diagram's height its time axis (tick labels and title) takes.
const AXIS_ROWS: f32 = 3.0;
/// The plot's y range beyond the lanes: room for the fault's words above A's lane and below
/// B's.
const ABOVE: f64 = 0.7;
const BELOW: f64 = 0.6;

/// The marker's radius on the diagram: on a projector no larger than in a learner's window,
/// where Redlock's seven lanes must share a screenful with the key on a 1024×768 projector.
fn mark_radius(cx: &Cx<'_>) -> f32 {
    (plot::marker_radius(cx) * 2.0).min(7.0)
}

/// The height of one lane that holds a line of words above its mark and one below, each clear
/// of the mark and of the bar through it.
fn lane_height(ui: &Ui, cx: &Cx<'_>) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    2.0 * (mark_radius(cx) + 2.0 + row + 3.0)
}

/// The least height of the diagram of `lanes` lanes: every lane [`lane_height`] tall, and the
/// time axis.
pub fn least_height(ui: &Ui, cx: &Cx<'_>, lanes: usize) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let span = lanes as f32 - 1.0 + (ABOVE + BELOW) as f32;
    span * lane_height(ui, cx) + AXIS_ROWS * row
}

/// The least height of the diagram of `lanes` lanes on a projector where the one of
/// [`least_height`] takes more than a screenful (Redlock's seven lanes on 1024×768): each lane
/// as tall as its name on one line and its marks; the marks' words go beside them where there
/// is room, and the key names every kind of mark.
pub fn least_height_compact(ui: &Ui, cx: &Cx<'_>, lanes: usize) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let span = lanes as f32 - 1.0 + (ABOVE + BELOW) as f32;
    let lane = (row + 6.0).max(2.0 * mark_radius(cx) + 8.0);
    span * lane + AXIS_ROWS * row
}

/// A lane's name on the lane's axis: the server's part over its address (the diagram keeps its
/// width for the time axis); on one line where the lanes are only as tall as a line (see
/// [`least_height_compact`]), the loopback address shortened to its port.
fn lane_name(name: &str, one_line: bool) -> String {
    if one_line {
        name.replacen("127.0.0.1:", ":", 1)
    } else {
        // The address on a line of its own (a master's number stays with its part).
        match name.rfind(" 127.0.0.1:") {
            Some(i) => format!("{}\n{}", &name[..i], &name[i + 1..]),
            None => name.replacen(' ', "\n", 1),
        }
    }
}

/// The words that name the run's marks, each with the mark it stands at: a mark's own word,
/// and for a series of one event on one lane (B refused at every retry) the word once, with
/// how many, at the series' middle mark.
pub fn event_words(run: &FailoverRun) -> Vec<(usize, String)> {
    let mut order: Vec<usize> = (0..run.marks.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&run.marks[a], &run.marks[b]);
        (a.lane, a.at_ms)
            .partial_cmp(&(b.lane, b.at_ms))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut out = Vec::new();
    let mut series: Vec<usize> = Vec::new();
    let mut flush = |series: &mut Vec<usize>| {
        let Some(&first) = series.first() else { return };
        let word = mark_style(run.marks[first].event).2;
        let words = if series.len() > 1 {
            tf!(
                "lab.failover.mark.repeated",
                &[("what", word.to_owned()), ("n", series.len().to_string())],
            )
        } else {
            word.to_owned()
        };
        out.push((series[series.len() / 2], words));
        series.clear();
    };
    for i in order {
        let same = series.last().is_some_and(|&j| {
            run.marks[j].lane == run.marks[i].lane && run.marks[j].event == run.marks[i].event
        });
        if !same {
            flush(&mut series);
        }
        series.push(i);
    }
    flush(&mut series);
    out
}

/// The run's bars up to the diagram's `end`, `thick` high: who holds the lock on each lane
/// (in the holder's colour) and, thinner and grey, when a server is down.
fn lane_bars(run: &FailoverRun, end: f64, thick: f64) -> Vec<PlotBar> {
    run.bars
        .iter()
        .filter(|b| b.to_ms > b.from_ms && b.from_ms < end)
        .map(|b| {
            let (fill, stroke, h) = match b.span {
                Span::Holds(w) => (who_color(w).gamma_multiply(0.55), who_color(w), thick),
                Span::Down => (
                    palette::GREY.gamma_multiply(0.25),
                    palette::GREY,
                    thick * 0.45,
                ),
            };
            let to = b.to_ms.min(end);
            PlotBar::new(lane_y(run, b.lane), to - b.from_ms)
                .base_offset(b.from_ms)
                .width(h)
                .fill(fill)
                .stroke(egui::Stroke::new(1.0, stroke))
        })
        .collect()
}

/// The fault's dashed line with its time over the top lane (`top`), and the dashed line of
/// the recovery that followed (a promotion, an election or a restart).
fn fault_and_recovery(
    p: &mut PlotUi<'_>,
    labels: &mut Labels,
    run: &FailoverRun,
    top: f64,
    lw: f32,
) {
    let fault = run.moment("fault");
    let after = run
        .moment("promotion")
        .or(run.moment("election"))
        .or(run.moment("restart"));
    for (at, color, named) in [(fault, FAULT, true), (after, BACK, false)] {
        let Some(at) = at else { continue };
        lanes::moment_line(p, labels, at, color, lw * 0.5);
        if named {
            labels.add(
                // Beside its line (right, else left), over the top lane.
                Label::new(
                    PlotPoint::new(at, top + 0.2),
                    Align2::LEFT_BOTTOM,
                    tf!("lab.failover.figure.fault", &[("time", duration_ms(at))]),
                )
                .offset(vec2(lw, -2.0))
                .within_y(top + 0.18, top + 0.8)
                .priority(3),
            );
        }
    }
}

/// Until when A's lock is valid, in words under A's lane (`top`); a lease that runs on past
/// the diagram's `end` says so with an arrow on A's lane pointing past it.
fn valid_until(p: &mut PlotUi<'_>, labels: &mut Labels, run: &FailoverRun, end: f64, top: f64) {
    let Some(until) = run.moment("a_valid_until") else {
        return;
    };
    // A lease that runs on past the axis's end says so with an arrow on A's lane,
    // pointing past the end, and its time.
    let runs_on = until > end * 1.05;
    if runs_on {
        labels.avoid_marks(marks::line(&[[end * 0.95, top], [end * 1.05, top]], 12.0));
        p.arrows(
            egui_plot::Arrows::new("", vec![[end * 0.95, top]], vec![[end * 1.05, top]])
                .color(A_COLOR)
                .tip_length(12.0),
        );
    }
    let what = crate::lab::failover::text::label("a_valid_until");
    let values = [("what", what.to_owned()), ("time", duration_ms(until))];
    let valid = tf!("lab.failover.figure.valid_until", &values);
    let x = until.min(end * 1.05);
    labels.add(
        Label::new(
            PlotPoint::new(x, top - 0.25),
            Align2::RIGHT_TOP,
            if runs_on {
                tf!("lab.failover.figure.valid_until_beyond", &values)
            } else {
                valid.clone()
            },
        )
        .or(valid)
        .or(duration_ms(until))
        .within_y(top - 0.8, top - 0.2)
        .priority(2),
    );
}

/// Whether the event is a client's: a grant or a refusal.
fn client(e: Event) -> bool {
    matches!(e, Event::Granted(_) | Event::Refused(_))
}

/// The height of a mark: on its lane, or a little above it for a server's event at the moment
/// of a grant on its lane (a master restarted empty just before B's grant there), so neither
/// hides the other.
fn mark_y(run: &FailoverRun, m: &crate::lab::failover::Mark) -> f64 {
    let near = x_end(run) * 0.02;
    let crowded = !client(m.event)
        && m.event != Event::Killed
        && run
            .marks
            .iter()
            .any(|o| client(o.event) && o.lane == m.lane && (o.at_ms - m.at_ms).abs() < near);
    lane_y(run, m.lane) + if crowded { 0.3 } else { 0.0 }
}

/// The run's marks on their lanes (the clients' grants and refusals first, the servers'
/// events over them; a fault as a bold ✕), then their words: the clients' below their lane,
/// the servers' above it.
fn event_marks(p: &mut PlotUi<'_>, labels: &mut Labels, run: &FailoverRun, lw: f32, r: f32) {
    let mut order: Vec<&_> = run.marks.iter().collect();
    order.sort_by_key(|m| !client(m.event));
    for m in order {
        let (shape, color, _) = mark_style(m.event);
        let y = mark_y(run, m);
        labels.avoid(PlotPoint::new(m.at_ms, y), r + 1.0);
        if m.event == Event::Killed {
            labels.avoid_marks([cross(p, m.at_ms, y, r, lw, color)]);
        } else {
            p.points(
                Points::new("", vec![[m.at_ms, y]])
                    .shape(shape)
                    .color(color)
                    .radius(r),
            );
        }
    }
    for (i, words) in event_words(run) {
        let m = &run.marks[i];
        let (y, at) = (lane_y(run, m.lane), mark_y(run, m));
        // Grants and refusals below the lane, the servers' events above it: each in
        // its own lane's half.
        let below = client(m.event);
        let (align, dy) = if below {
            (Align2::CENTER_TOP, r + 2.0)
        } else {
            (Align2::CENTER_BOTTOM, -(r + 2.0))
        };
        // (Or beside the mark, but never in another lane. Each lane holds a line of
        // words on each side: the servers' events take theirs first.)
        let priority = if below { 1 } else { 2 };
        labels.add(
            Label::new(PlotPoint::new(m.at_ms, at), align, words)
                .offset(vec2(0.0, dy))
                .within_y(y - 0.5, y + 0.5)
                .priority(priority),
        );
    }
}

/// Draws the run's lane diagram; returns where.
pub fn timeline(ui: &mut Ui, cx: &Cx<'_>, run: &FailoverRun, height: f32) -> egui::Rect {
    let one_line = height + 0.5 < least_height(ui, cx, run.lanes.len());
    let lw = plot::line_width(cx);
    let r = mark_radius(cx);
    let text = ui.visuals().text_color();
    let end = x_end(run);
    // A bar is no thicker than its mark: the words below and above a mark clear both.
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let span = run.lanes.len() as f64 - 1.0 + ABOVE + BELOW;
    let lane_px = f64::from((height - AXIS_ROWS * row).max(1.0)) / span;
    let thick = (f64::from(2.0 * r) / lane_px).min(0.36);
    let bars = lane_bars(run, end, thick);
    // (From the bottom lane up.)
    let lanes: Vec<(f64, String)> = (0..run.lanes.len())
        .rev()
        .map(|i| (lane_y(run, i), lane_name(&run.lanes[i], one_line)))
        .collect();
    let top = run.lanes.len() as f64 - 1.0;
    let mut labels = Labels::new("lab-failover");
    labels.avoid_marks(marks::bars(&bars, true));
    let store = run.params.store.as_str();
    let diagram = lanes::lane_plot(
        ("lab-failover", store),
        height,
        t!("lab.failover.figure.axis"),
        [0.0, end * 1.05],
        [-BELOW, top + ABOVE],
        lanes,
    )
    .x_grid_spacer(plot::spaced_x_grid);
    // One diagram a store: each has its own lanes, so its own y range.
    let name = format!("lab-failover-{store}");
    let response = plot::show(ui, &name, diagram, |p| {
        p.bar_chart(BarChart::new("", bars).horizontal());
        fault_and_recovery(p, &mut labels, run, top, lw);
        valid_until(p, &mut labels, run, end, top);
        event_marks(p, &mut labels, run, lw, r);
    });
    lanes::finish(
        ui,
        labels,
        response,
        text,
        t!("lab.failover.figure.describe"),
    )
}

/// The key under the diagram: only what this run's diagram shows.
pub fn key(ui: &mut Ui, cx: &Cx<'_>, run: &FailoverRun) {
    let holds = |w: Who| run.bars.iter().any(|b| b.span == Span::Holds(w));
    let down = run.bars.iter().any(|b| b.span == Span::Down);
    let has = |e: Event| run.marks.iter().any(|m| m.event == e);
    let refused = run
        .marks
        .iter()
        .find(|m| matches!(m.event, Event::Refused(_)))
        .map(|m| m.event);
    let mut marks = Vec::new();
    if run
        .marks
        .iter()
        .any(|m| matches!(m.event, Event::Granted(_)))
    {
        // (Each grant in its holder's colour, as the bars are: the key's dot is neutral.)
        let (shape, _, _) = mark_style(Event::Granted(Who::A));
        let words = t!("lab.failover.key.granted");
        marks.push(KeyMark::Shape(shape, palette::GREY, words.into()));
    }
    if holds(Who::A) {
        marks.push(KeyMark::Bar(A_COLOR, t!("lab.failover.key.a_holds").into()));
    }
    if holds(Who::B) {
        marks.push(KeyMark::Bar(B_COLOR, t!("lab.failover.key.b_holds").into()));
    }
    if down {
        marks.push(KeyMark::Bar(
            palette::GREY,
            t!("lab.failover.key.down").into(),
        ));
    }
    for (e, words) in [
        (Event::Killed, t!("lab.failover.key.killed")),
        (Event::Restarted, t!("lab.failover.mark.restarted")),
        (Event::Promoted, t!("lab.failover.mark.promoted")),
        (Event::Elected, t!("lab.failover.mark.leader")),
        (Event::LinkCut, t!("lab.failover.mark.link_cut")),
    ] {
        if has(e) {
            let (shape, colour, _) = mark_style(e);
            marks.push(KeyMark::Shape(shape, colour, words.into()));
        }
    }
    if let Some(e) = refused {
        let (shape, colour, _) = mark_style(e);
        marks.push(KeyMark::Shape(
            shape,
            colour,
            t!("lab.failover.mark.refused").into(),
        ));
    }
    key_row(ui, cx, &marks);
}
