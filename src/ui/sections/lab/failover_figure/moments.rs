//! The lab's failover diagram, its moments: the fault, the recovery after it and until when A's
//! lock is valid, in the row above the lanes, and the arrows of what runs on past its close.

use egui::{Align2, vec2};
use egui_plot::{PlotPoint, PlotUi};

use super::{A_COLOR, BACK, FAULT, lane_y, who_color, x_end};
use crate::lab::failover::{FailoverRun, LaneState};
use crate::lesson::quantity::duration_ms;
use crate::ui::Cx;
use crate::ui::kit::labels::{Label, Labels, marks};
use crate::ui::kit::plot::{self, palette};
use crate::ui::sections::lab::lanes;

/// An arrow at the end of each bar that runs on: one cut at the diagram's `end`, or one that
/// had not ended when the run's diagram closed (a lock still held, a server still down). A's
/// lease cut at the axis has its own arrow, with its words (see [`valid_until`]).
pub(super) fn runs_on(
    p: &mut PlotUi<'_>,
    labels: &mut Labels,
    cx: &Cx<'_>,
    run: &FailoverRun,
    end: f64,
) {
    let valid_arrow = run.moment("a_valid_until").is_some_and(|u| u > end * 1.05);
    let top = run.lanes.len() as f64 - 1.0;
    for b in run.bars.iter().filter(|b| b.from_ms < end) {
        let y = lane_y(run, b.lane);
        let cut = b.to_ms > end * 1.05;
        if !(cut || b.runs_on) || cut && valid_arrow && y == top {
            continue;
        }
        let colour = match b.state {
            LaneState::Holds(w) => who_color(w),
            LaneState::Down => palette::GREY,
        };
        let from = b.to_ms.min(end);
        let to = (from + end * 0.05).min(end * 1.05);
        labels.avoid_marks(marks::line(&[[from, y], [to, y]], 12.0));
        p.arrows(
            egui_plot::Arrows::new("", vec![[from, y]], vec![[to, y]])
                .color(plot::colour(cx, colour))
                .tip_length(12.0),
        );
    }
}

/// What a diagram's words are placed with: A's lane's height (`top`), the line width, the
/// marks' radius and how far above A's lane the plot reaches.
pub(super) struct Frame {
    pub(super) top: f64,
    pub(super) lw: f32,
    pub(super) r: f32,
    pub(super) above: f64,
}

impl Frame {
    /// A label in the moments' row above A's lane, its `align` corner `r + 3` points above the
    /// point `(x, top)` and `dx` beside it.
    fn in_moment_row(&self, x: f64, align: Align2, dx: f32, text: String) -> Label {
        Label::new(PlotPoint::new(x, self.top), align, text)
            .offset(vec2(dx, -(self.r + 3.0)))
            .within_y(self.top, self.top + self.above)
    }
}

/// The fault's dashed line with its time in the row above the lanes, beside the line, and the
/// dashed line of the recovery that followed (a promotion, an election or a restart) with its
/// own words, or (close behind the fault) said in the fault's.
pub(super) fn fault_and_recovery(
    p: &mut PlotUi<'_>,
    labels: &mut Labels,
    run: &FailoverRun,
    f: &Frame,
) {
    let end = x_end(run);
    if let Some((at, _)) = recovery(run) {
        lanes::moment_line(p, labels, at, BACK, f.lw * 0.5);
    }
    if let Some(at) = run.moment("fault") {
        lanes::moment_line(p, labels, at, FAULT, f.lw * 0.5);
    }
    for (k, (at, forms)) in moments_said(run, end).into_iter().enumerate() {
        let mut label = f.in_moment_row(at, Align2::LEFT_BOTTOM, f.lw, forms[0].clone());
        for shorter in &forms[1..] {
            label = label.or(shorter.clone());
        }
        // (The fault's words first: the recovery's give way to them.)
        labels.add(
            label
                .near_line(MOMENT_REACH)
                .priority(if k == 0 { 4 } else { 2 }),
        );
    }
}

/// The fault's and the recovery's words, each at its moment with its shorter forms: one label
/// when the recovery follows within a quarter of the diagram's `end` (no room between the
/// two lines for the fault's words).
fn moments_said(run: &FailoverRun, end: f64) -> Vec<(f64, Vec<String>)> {
    let fault = run.moment("fault");
    let recovered = recovery(run);
    let fault_words = |at: f64| tf!("lab.failover.figure.fault", &[("time", duration_ms(at))]);
    match (fault, recovered) {
        (Some(at), Some((back, words))) if back - at < end * 0.25 => {
            let both = tf!(
                "lab.failover.figure.fault_then",
                &[("fault", fault_words(at)), ("then", words)],
            );
            vec![(at, vec![both, fault_words(at), duration_ms(at)])]
        }
        (fault, recovered) => fault
            .map(|at| (at, vec![fault_words(at), duration_ms(at)]))
            .into_iter()
            .chain(recovered.map(|(back, words)| (back, vec![words, duration_ms(back)])))
            .collect(),
    }
}

/// The recovery that followed the fault (a promotion, an election or a restart): its moment
/// and its words for the moments' row.
fn recovery(run: &FailoverRun) -> Option<(f64, String)> {
    let (at, words) = if let Some(at) = run.moment("promotion") {
        (at, key!("lab.failover.figure.promoted"))
    } else if let Some(at) = run.moment("election") {
        (at, key!("lab.failover.figure.elected"))
    } else {
        (
            run.moment("restart")?,
            key!("lab.failover.figure.restarted"),
        )
    };
    let time = duration_ms(at);
    Some((at, crate::lesson::catalogue::tf(words, &[("time", time)])))
}

/// How far (screen points) a moment's words may be from its line: beside it, past no more
/// than a line next to it.
pub const MOMENT_REACH: f32 = 14.0;

/// Until when A's lock is valid, in words in the row above the lanes, ending over the end of
/// A's bar; a lease that runs on past the diagram's `end` says so with an arrow on A's lane
/// pointing past it, and the words end over the arrow.
pub(super) fn valid_until(
    p: &mut PlotUi<'_>,
    labels: &mut Labels,
    run: &FailoverRun,
    end: f64,
    f: &Frame,
) {
    let Some(until) = run.moment("a_valid_until") else {
        return;
    };
    let top = f.top;
    let runs_on = until > end * 1.05;
    if runs_on {
        labels.avoid_marks(marks::line(&[[end * 0.95, top], [end * 1.05, top]], 12.0));
        p.arrows(
            egui_plot::Arrows::new("", vec![[end * 0.95, top]], vec![[end * 1.05, top]])
                .color(A_COLOR)
                .tip_length(12.0),
        );
    }
    let forms = valid_words(run, end);
    let mut label = f.in_moment_row(
        until.min(end * 1.05),
        Align2::RIGHT_BOTTOM,
        0.0,
        forms[0].clone(),
    );
    for shorter in &forms[1..] {
        label = label.or(shorter.clone());
    }
    labels.add(label.near(f.r + 3.0 + 10.0).priority(5));
}

/// The words of until when A's lock is valid, longest first (on a diagram ending at `end`).
fn valid_words(run: &FailoverRun, end: f64) -> Vec<String> {
    let Some(until) = run.moment("a_valid_until") else {
        return Vec::new();
    };
    let what = crate::lab::failover::text::label("a_valid_until");
    let values = [("what", what.to_owned()), ("time", duration_ms(until))];
    let valid = tf!("lab.failover.figure.valid_until", &values);
    let mut forms = Vec::new();
    if until > end * 1.05 {
        forms.push(tf!("lab.failover.figure.valid_until_beyond", &values));
    }
    forms.extend([valid, duration_ms(until)]);
    forms
}

/// The words of the moments a run's diagram names in the row above its lanes, each with its
/// shorter forms: the fault's time, and until when A's lock is valid (for tests: each is drawn).
pub fn moment_words(run: &FailoverRun) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = moments_said(run, x_end(run))
        .into_iter()
        .map(|(_, forms)| forms)
        .collect();
    let forms = valid_words(run, x_end(run));
    if !forms.is_empty() {
        out.push(forms);
    }
    out
}
