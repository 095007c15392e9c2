//! A grant on section 3's timeline: an arrow from the lock service's lane to its holder's.

use egui::{Align2, vec2};
use egui_plot::{MarkerShape, PlotPoint, PlotUi, Points};

use super::{Scene, lane_y};
use crate::sim::stale::{Lane, Worker};
use crate::ui::kit::labels::{Label, Labels, marks};

impl Scene<'_> {
    /// A grant: an arrow from the lock service's lane to the grantee's, in its colour, and
    /// A's token beside it (B's is named on the lock service's lane, see `bar_words`). At the
    /// first moment, before any bar has length, it is what the headline's grant looks like.
    pub(super) fn grant_mark(
        &self,
        p: &mut PlotUi<'_>,
        labels: &mut Labels,
        t: f64,
        to: Worker,
        token: u64,
    ) {
        let (lane, c) = match to {
            Worker::A => (Lane::A, self.a_color),
            Worker::B => (Lane::B, self.b_color),
        };
        let (from, end) = (lane_y(Lane::LockService), lane_y(lane));
        let dir = (end - from).signum();
        let arrow = vec![[t, from + 0.27 * dir], [t, end - 0.27 * dir]];
        labels.avoid_marks(marks::line(&arrow, self.w).collect::<Vec<_>>());
        p.line(
            egui_plot::Line::new("", arrow.clone())
                .color(c)
                .width(self.w),
        );
        let shape = if dir > 0.0 {
            MarkerShape::Up
        } else {
            MarkerShape::Down
        };
        p.points(
            Points::new("", vec![arrow[1]])
                .color(c)
                .radius(self.r * 0.6)
                .shape(shape),
        );
        labels.avoid(PlotPoint::new(t, end - 0.27 * dir), self.r * 0.6);
        if to == Worker::A {
            // Level with A's lane beside the arrow, while A's bar leaves it room (the lease's
            // words name the token after).
            let words = tf!("sections.stale.mark.token", &[("token", token.to_string())]);
            labels.add(
                Label::new(PlotPoint::new(t, end), Align2::LEFT_CENTER, words)
                    .offset(vec2(self.r, 0.0))
                    .within_y(end - 0.45, end + 0.45),
            );
        }
    }
}
