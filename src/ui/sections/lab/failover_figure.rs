//! A failover run as a lane diagram: A on top, one lane per server or member, B at the
//! bottom; who holds the lock (or whose key a server keeps), when a server is down, and the
//! fault, restart, promotion and election marked, all at their measured times.

use egui::{Align2, Color32, Ui, vec2};
use egui_plot::{Bar as PlotBar, BarChart, MarkerShape, PlotPoint};

use super::lanes;

mod key;
mod moments;
use crate::lab::failover::{Client, Event, FailoverRun, LaneState};
use crate::ui::Cx;
use crate::ui::kit::labels::{self, Label, Labels, marks};
use crate::ui::kit::plot::{self, palette};
pub use key::{key, key_marks};
use moments::{Frame, fault_and_recovery, runs_on, valid_until};
pub use moments::{MOMENT_REACH, moment_words};

const A_COLOR: Color32 = palette::BLUE;
const B_COLOR: Color32 = palette::ORANGE;
const FAULT: Color32 = palette::VERMILION;
const BACK: Color32 = palette::GREEN;

fn who_color(w: Client) -> Color32 {
    match w {
        Client::A => A_COLOR,
        Client::B => B_COLOR,
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

/// The mark of an event, as the diagram draws it and its key shows it: its shape and colour
/// (a client's in its holder's colour). The one table both read, so they cannot differ.
pub fn glyph(e: Event) -> (MarkerShape, Color32) {
    match e {
        Event::Granted(w) => (MarkerShape::Circle, who_color(w)),
        Event::Refused(w) => (MarkerShape::Square, who_color(w)),
        Event::Killed => (MarkerShape::Cross, FAULT),
        Event::Restarted => (MarkerShape::Up, BACK),
        Event::Promoted => (MarkerShape::Asterisk, BACK),
        Event::Elected => (MarkerShape::Diamond, BACK),
        Event::LinkCut => (MarkerShape::Left, palette::GREY),
    }
}

/// The event's word beside its mark.
fn word(e: Event) -> &'static str {
    match e {
        Event::Granted(_) => t!("lab.failover.mark.granted"),
        Event::Refused(_) => t!("lab.failover.mark.refused"),
        Event::Killed => t!("lab.failover.mark.killed"),
        Event::Restarted => t!("lab.failover.mark.restarted"),
        Event::Promoted => t!("lab.failover.mark.promoted"),
        Event::Elected => t!("lab.failover.mark.leader"),
        Event::LinkCut => t!("lab.failover.mark.link_cut"),
    }
}

/// Paints the event's mark ([`glyph`], in this mode's colours) at `c`, `r` from its middle:
/// on the diagram as in its key.
fn paint_mark(painter: &egui::Painter, cx: &Cx<'_>, c: egui::Pos2, r: f32, e: Event) {
    let (shape, colour) = glyph(e);
    plot::paint_marker(painter, c, r, shape, plot::colour(cx, colour), true);
}

/// The rows of the diagram's height its time axis (tick labels and title) takes.
const AXIS_ROWS: f32 = 3.0;
/// The plot's y range beyond the lanes, in lanes: above A's lane a row for the moments' words
/// (at least [`moment_row`] tall), below B's room for its words.
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
    let row = crate::ui::kit::readable::figure_text_height(ui);
    2.0 * (mark_radius(cx) + 2.0 + row + 3.0)
}

/// The height of the row above A's lane that holds the moments' words (the fault's time, until
/// when A's lock is valid), clear of A's marks: at least this, whatever the lanes' height.
fn moment_row(ui: &Ui, cx: &Cx<'_>) -> f32 {
    mark_radius(cx) + 3.0 + labels::row(ui) + 2.0
}

/// The diagram's height for `lanes` lanes each `lane` tall: the lanes, the moments' row above
/// them and the time axis.
fn height_for(ui: &Ui, cx: &Cx<'_>, lanes: usize, lane: f32) -> f32 {
    let row = crate::ui::kit::readable::figure_text_height(ui);
    let span = lanes as f32 - 1.0 + BELOW as f32;
    span * lane + (ABOVE as f32 * lane).max(moment_row(ui, cx)) + AXIS_ROWS * row
}

/// The least height of the diagram of `lanes` lanes: every lane [`lane_height`] tall, and the
/// time axis.
pub fn least_height(ui: &Ui, cx: &Cx<'_>, lanes: usize) -> f32 {
    height_for(ui, cx, lanes, lane_height(ui, cx))
}

/// The least height of the diagram of `lanes` lanes on a projector where the one of
/// [`least_height`] takes more than a screenful (Redlock's seven lanes on 1024×768): each lane
/// as tall as its name on one line and its marks; the marks' words go beside them where there
/// is room, and the key names every kind of mark.
pub fn least_height_compact(ui: &Ui, cx: &Cx<'_>, lanes: usize) -> f32 {
    let row = crate::ui::kit::readable::figure_text_height(ui);
    let lane = (row + 6.0).max(2.0 * mark_radius(cx) + 8.0);
    height_for(ui, cx, lanes, lane)
}

/// One lane's height in screen points on a diagram `height` tall, and the y range above A's
/// lane in lanes: [`ABOVE`], or more where that is less than a [`moment_row`].
fn lane_scale(ui: &Ui, cx: &Cx<'_>, lanes: usize, height: f32) -> (f64, f64) {
    let row = crate::ui::kit::readable::figure_text_height(ui);
    let data = f64::from((height - AXIS_ROWS * row).max(1.0));
    let span = lanes as f64 - 1.0 + BELOW;
    let need = f64::from(moment_row(ui, cx));
    let lane = data / (span + ABOVE);
    if ABOVE * lane >= need {
        (lane, ABOVE)
    } else {
        let lane = ((data - need) / span).max(1.0);
        (lane, need / lane)
    }
}

/// A lane's name on the lane's axis: the server's part over its address (the diagram keeps its
/// width for the time axis); on one line where the lanes are only as tall as a line (see
/// [`least_height_compact`]), the loopback address shortened to its port; on a slide the
/// server's part alone (a port says nothing to the back of the room).
fn lane_name(name: &str, one_line: bool, slide: bool) -> String {
    if slide {
        return name.split(" 127.0.0.1:").next().unwrap_or(name).to_owned();
    }
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
        let word = word(run.marks[first].event);
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
/// (in the holder's colour, as the key shows it) and, thinner and grey, when a server is down.
fn lane_bars(cx: &Cx<'_>, run: &FailoverRun, end: f64, thick: f64) -> Vec<PlotBar> {
    run.bars
        .iter()
        .filter(|b| b.to_ms > b.from_ms && b.from_ms < end)
        .map(|b| {
            let (colour, h, fill) = match b.state {
                LaneState::Holds(w) => (who_color(w), thick, 0.55),
                LaneState::Down => (palette::GREY, thick * 0.45, 0.25),
            };
            let colour = plot::colour(cx, colour);
            let to = b.to_ms.min(end);
            PlotBar::new(lane_y(run, b.lane), to - b.from_ms)
                .base_offset(b.from_ms)
                .width(h)
                .fill(colour.gamma_multiply(fill))
                .stroke(egui::Stroke::new(1.0, colour))
        })
        .collect()
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

/// The run's marks where they are drawn, in the order they are painted: the clients' grants
/// and refusals first, the servers' events over them.
fn drawn_marks(run: &FailoverRun) -> Vec<(PlotPoint, Event)> {
    let mut order: Vec<&_> = run.marks.iter().collect();
    order.sort_by_key(|m| !client(m.event));
    order
        .into_iter()
        .map(|m| (PlotPoint::new(m.at_ms, mark_y(run, m)), m.event))
        .collect()
}

/// The words of the run's marks, beside them (each within reach of its mark, or left out):
/// the clients' below their lane, the servers' above it.
fn event_labels(labels: &mut Labels, run: &FailoverRun, f: &Frame) {
    let r = f.r;
    for (at, _) in drawn_marks(run) {
        labels.avoid(at, r + 1.0);
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
        // (Or at a corner of the mark, or level with it, but never in another lane nor
        // farther than beside a line next to it. Each lane holds a line of words on each
        // side: the servers' events take theirs first.)
        let priority = if below { 1 } else { 2 };
        labels.add(
            Label::new(PlotPoint::new(m.at_ms, at), align, words)
                .offset(vec2(0.0, dy))
                .within_y(y - 0.5, y + 0.5)
                .near(r + 2.0 + 2.0 * f.lw + 4.0)
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
    let (lane_px, above) = lane_scale(ui, cx, run.lanes.len(), height);
    let thick = (f64::from(2.0 * r) / lane_px).min(0.36);
    let bars = lane_bars(cx, run, end, thick);
    // (From the bottom lane up.)
    let lanes: Vec<(f64, String)> = (0..run.lanes.len())
        .rev()
        .map(|i| {
            let slide = crate::ui::kit::style::on_slide(ui.ctx());
            (lane_y(run, i), lane_name(&run.lanes[i], one_line, slide))
        })
        .collect();
    let top = run.lanes.len() as f64 - 1.0;
    let f = Frame { top, lw, r, above };
    let mut labels = Labels::new("lab-failover");
    labels.avoid_marks(marks::bars(&bars, true));
    let store = run.params.store.as_str();
    let diagram = lanes::lane_plot(
        ("lab-failover", store),
        height,
        t!("lab.failover.figure.axis"),
        [0.0, end * 1.05],
        [-BELOW, top + above],
        lanes,
    )
    .x_grid_spacer(plot::spaced_x_grid);
    // One diagram a store: each has its own lanes, so its own y range.
    let name = format!("lab-failover-{store}");
    let response = plot::show(ui, &name, diagram, |p| {
        p.bar_chart(BarChart::new("", bars).horizontal());
        runs_on(p, &mut labels, cx, run, end);
        fault_and_recovery(p, &mut labels, run, &f);
        valid_until(p, &mut labels, run, end, &f);
    });
    event_labels(&mut labels, run, &f);
    // The marks over the bars and lines, painted as the key paints them.
    let t = &response.transform;
    let painter = ui.painter().with_clip_rect(*t.frame());
    for (at, e) in drawn_marks(run) {
        paint_mark(&painter, cx, t.position_from_point(&at), r, e);
    }
    lanes::finish(
        ui,
        labels,
        response,
        text,
        t!("lab.failover.figure.describe"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event of every experiment: the replica's link cut is ◀, the promotion ✱, a kill
    /// ✕; no two server events share a shape.
    #[test]
    fn every_event_has_a_mark_of_its_own() {
        let servers = [
            Event::Killed,
            Event::Restarted,
            Event::Promoted,
            Event::Elected,
            Event::LinkCut,
        ];
        let shapes: Vec<MarkerShape> = servers.iter().map(|&e| glyph(e).0).collect();
        assert_eq!(glyph(Event::LinkCut).0, MarkerShape::Left);
        assert_eq!(glyph(Event::Promoted).0, MarkerShape::Asterisk);
        assert_eq!(glyph(Event::Killed).0, MarkerShape::Cross);
        for (i, a) in shapes.iter().enumerate() {
            assert!(shapes[i + 1..].iter().all(|b| a != b), "{a:?} twice");
        }
    }
}
