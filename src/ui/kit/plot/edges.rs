//! Drawing a plot with its tick labels whole: a label that would stick out of the plot's frame
//! (the top tick's, half above the plot) or be cut at the side of what may be drawn is left
//! out, whatever the section's axes; and the y range each plot was drawn with, noted for the
//! tests that hold an axis still across a lecture's builds.

use std::collections::BTreeMap;

use egui::{Rect, Shape, Ui};
use egui_plot::{Plot, PlotResponse, PlotUi};

/// A slide's figure text (tick labels, axis titles) against its body text.
pub const SLIDE_PLOT_TEXT: f32 = 0.85;

/// Shows `plot` (made with [`super::fixed_view`] or [`super::solid_ticks`]) under the name
/// `id`: notes its y range ([`note_y_range`]) and leaves out every tick label that would not
/// be whole ([`whole_tick_labels`]).
pub fn show<'a, R>(
    ui: &mut Ui,
    id: &str,
    plot: Plot<'a>,
    build: impl FnOnce(&mut PlotUi<'a>) -> R + 'a,
) -> PlotResponse<R> {
    let layer = ui.layer_id();
    let first = ui
        .ctx()
        .graphics(|g| g.get(layer).map_or(0, |l| l.next_idx().0));
    // On a slide no pointer resting on the figure draws a crosshair or its coordinates over
    // it (a lecturer's mouse lies wherever it was left).
    let slide = crate::ui::kit::style::on_slide(ui.ctx());
    let plot = if slide {
        plot.show_crosshair(false).show_x(false).show_y(false)
    } else {
        plot
    };
    // On a slide a figure's numbers and axis titles are set a step below the words (egui_plot
    // sets them in the body's size): headline, words, figure, in that order of size.
    let response = ui
        .scope(|ui| {
            if slide {
                let style = ui.style_mut();
                if let Some(body) = style.text_styles.get_mut(&egui::TextStyle::Body) {
                    body.size *= SLIDE_PLOT_TEXT;
                }
            }
            // The one place egui_plot's own show is called (clippy.toml forbids it elsewhere).
            #[expect(clippy::disallowed_methods)]
            plot.show(ui, build)
        })
        .inner;
    let kept = whole_tick_labels(ui, first, response.transform.frame());
    note_y_range(ui, id, response.transform.bounds());
    // (A plot scrolled out of view draws no label whole, and is not on show: not noted.)
    if ui.clip_rect().intersects(*response.transform.frame()) {
        note_tick_labels(ui, id, kept);
    }
    response
}

/// Where a tick label may be drawn: a y axis's (beside the frame) from the frame's top down
/// to the bottom of what may be drawn (the x axis's row is below the frame), and inside what
/// may be drawn across; an x axis's (below the frame) inside what may be drawn across.
fn tick_label_fits(label: Rect, frame: &Rect, clip: &Rect) -> bool {
    const SLACK: f32 = 0.5;
    let across = label.left() >= clip.left() - SLACK && label.right() <= clip.right() + SLACK;
    let beside = label.center().x < frame.left() || label.center().x > frame.right();
    let below = label.center().y > frame.bottom();
    if beside && !below {
        across && label.top() >= frame.top() - SLACK && label.bottom() <= clip.bottom() + SLACK
    } else if below {
        across
    } else {
        // Inside the frame: the plot's own marks and words, not a tick label.
        true
    }
}

/// How many tick labels a plot drew whole: below its frame (the x axis's) and beside it (the
/// y axes').
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TickLabels {
    pub x: usize,
    pub y: usize,
}

/// Leaves out the upright texts painted on `ui`'s layer from shape `first` on (a plot's tick
/// labels) that would not be whole (see [`tick_label_fits`]); counts the ones kept outside the
/// frame: beside it, and under it on the line most of them hang from (an x axis's title has
/// a line of its own under its numbers, or right under the frame where it has none).
fn whole_tick_labels(ui: &Ui, first: usize, frame: &Rect) -> TickLabels {
    let layer = ui.layer_id();
    let mut kept = TickLabels::default();
    let mut below: Vec<f32> = Vec::new();
    ui.ctx().graphics_mut(|g| {
        let list = g.entry(layer);
        for i in first..list.next_idx().0 {
            list.mutate_shape(egui::layers::ShapeIdx(i), |clipped| {
                let Shape::Text(text) = &clipped.shape else {
                    return;
                };
                if text.angle != 0.0 || text.galley.text().trim().is_empty() {
                    return;
                }
                let label = text.visual_bounding_rect();
                if !tick_label_fits(label, frame, &clipped.clip_rect) {
                    clipped.shape = Shape::Noop;
                } else if label.center().y > frame.bottom() {
                    // (Where its line starts: the ink of two labels on one line starts at
                    // different heights.)
                    below.push(text.pos.y + text.galley.rect.top());
                } else if label.center().x < frame.left() || label.center().x > frame.right() {
                    kept.y += 1;
                }
            });
        }
    });
    kept.x = below
        .iter()
        .map(|row| below.iter().filter(|y| (**y - row).abs() < 1.0).count())
        .max()
        .unwrap_or(0);
    kept
}

fn tick_labels_id(viewport: egui::ViewportId) -> egui::Id {
    egui::Id::unique(("plot-tick-labels", viewport))
}

/// Notes how many tick labels plot `id` drew whole, and in which pass (for the walks that
/// check that no figure loses its axes' numbers).
fn note_tick_labels(ui: &Ui, id: &str, kept: TickLabels) {
    let key = tick_labels_id(ui.ctx().viewport_id());
    let pass = ui.ctx().cumulative_pass_nr();
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<BTreeMap<String, (u64, TickLabels)>>(key)
            .insert(id.to_owned(), (pass, kept));
    });
}

/// Every plot the main window drew in its last pass, by its name, with the tick labels it drew
/// whole (see [`note_tick_labels`]); a plot of an earlier page is not among them.
pub fn tick_labels(ctx: &egui::Context) -> BTreeMap<String, TickLabels> {
    let key = tick_labels_id(egui::ViewportId::ROOT);
    let last = ctx
        .cumulative_pass_nr_for(egui::ViewportId::ROOT)
        .saturating_sub(1);
    let noted: BTreeMap<String, (u64, TickLabels)> =
        ctx.data(|d| d.get_temp(key)).unwrap_or_default();
    noted
        .into_iter()
        .filter(|(_, (pass, _))| *pass == last)
        .map(|(plot, (_, kept))| (plot, kept))
        .collect()
}

fn ranges_id(viewport: egui::ViewportId) -> egui::Id {
    egui::Id::unique(("plot-y-ranges", viewport))
}

/// Notes the y range plot `id` was drawn with (for the tests that hold an axis still across
/// a lecture's builds).
fn note_y_range(ui: &Ui, id: &str, bounds: &egui_plot::PlotBounds) {
    let key = ranges_id(ui.ctx().viewport_id());
    let y = [bounds.min()[1], bounds.max()[1]];
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<BTreeMap<String, [f64; 2]>>(key)
            .insert(id.to_owned(), y);
    });
}

/// The y range plot `id` was last drawn with in the main window (see [`note_y_range`]).
pub fn y_range(ctx: &egui::Context, id: &str) -> Option<[f64; 2]> {
    y_ranges(ctx).remove(id)
}

/// Every plot drawn in the main window so far, by its name, with the y range it was last
/// drawn with.
pub fn y_ranges(ctx: &egui::Context) -> BTreeMap<String, [f64; 2]> {
    let key = ranges_id(egui::ViewportId::ROOT);
    ctx.data(|d| d.get_temp(key)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{pos2, vec2};

    #[test]
    fn a_tick_label_half_above_the_frame_is_left_out() {
        let frame = Rect::from_min_max(pos2(50.0, 10.0), pos2(300.0, 200.0));
        let clip = Rect::from_min_max(pos2(0.0, 10.0), pos2(320.0, 240.0));
        let label = |x: f32, y: f32| Rect::from_center_size(pos2(x, y), vec2(24.0, 12.0));
        // The top tick's label, centred on the frame's top edge.
        assert!(!tick_label_fits(label(30.0, 10.0), &frame, &clip));
        assert!(tick_label_fits(label(30.0, 16.0), &frame, &clip));
        // The bottom tick's sits half in the x axis's row: whole.
        assert!(tick_label_fits(label(30.0, 200.0), &frame, &clip));
        // An x tick label past the right of what may be drawn.
        assert!(!tick_label_fits(label(315.0, 215.0), &frame, &clip));
        assert!(tick_label_fits(label(300.0, 215.0), &frame, &clip));
        // A mark's label inside the frame is the plot's own business.
        assert!(tick_label_fits(label(100.0, 10.0), &frame, &clip));
    }
}
