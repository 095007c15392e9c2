//! The room a lane diagram takes on the lab's page. In a lecture the diagram is a build of its
//! own: its key above it and the diagram in the rest of the slide.

use egui::{Rect, Ui};

use crate::ui::Cx;

/// The room between a diagram's key and its plot.
const SPACE: f32 = 4.0;

/// The height a lane diagram is drawn, and the least it may be: `wanted`, and at least its
/// least (`full`: with a line of words above and below each lane, `compact`: lanes only as
/// tall as their names). In a lecture it takes the slide's height under its key, with compact
/// lanes where full ones do not fit there.
pub(super) fn diagram_height(
    ui: &Ui,
    cx: &Cx<'_>,
    wanted: f32,
    [full, compact]: [f32; 2],
    key: Rect,
) -> (f32, f32) {
    if !cx.lecture {
        return (wanted.max(full), full);
    }
    // (A line under it: the axis title reaches a little below the plot's own rect.)
    let row = ui.text_style_height(&egui::TextStyle::Heading);
    let room = (ui.available_height() - 2.0 * SPACE - row).max(0.0);
    let _ = key;
    if full <= room {
        (room, full)
    } else {
        (room.max(compact), compact)
    }
}

/// Notes a lane diagram drawn in this frame, its plot and its key, as the page's figure (what
/// a card opened over the page keeps clear of, and what the layout checks hold to `least`).
pub(super) fn record_diagram(ui: &Ui, plot: Rect, key: Rect, least: f32, height: f32) {
    crate::ui::kit::readable::record_figure(
        ui,
        crate::ui::kit::readable::DrawnFigure {
            section: crate::sections::lab(),
            rect: plot.union(key),
            readable: least,
            room: height,
            drawn: plot.height(),
        },
    );
}
