//! The room a lane diagram takes on the lab's page. In a lecture the diagram and its key above
//! it show whole together on one screenful, and what the page draws under the diagram (the
//! measured table's header, after the last part the lecture's end) shares that screenful: no
//! screenful shows those alone.

use egui::{Id, Rect, Ui};

use crate::ui::Cx;

/// The room between a diagram's key and its plot.
const SPACE: f32 = 4.0;

/// The height a lane diagram is drawn, and the least it may be: `wanted`, and at least its
/// least (`least`: with a line of words above and below each lane, then with lanes only as
/// tall as their names). In a lecture no taller than leaves room on one screenful for its key
/// and for what the page drew under it last; where its lanes' words do not fit there at the
/// lecturer's type, the type of the slide is lowered first (to the normal size at the least,
/// as a stage's), and the lanes shrink to their names only then.
pub(super) fn diagram_height(
    ui: &Ui,
    cx: &Cx<'_>,
    wanted: f32,
    [full, compact]: [f32; 2],
    key: Rect,
) -> (f32, f32) {
    let ctx = ui.ctx();
    let screen = cx
        .lecture
        .then(|| crate::ui::shell::pager::screenful_height(ctx, ctx.viewport_id()))
        .flatten();
    let Some(s) = screen else {
        return (wanted.max(full), full);
    };
    // (And a line more: the axis title's line reaches a little below the plot's own rect, and
    // a screenful may start with the line above the key.)
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let id = trailing_id(ui);
    let under = ctx.data(|d| d.get_temp::<f32>(id)).unwrap_or(2.0 * row);
    let room = s - key.height() - 2.0 * SPACE - row - under;
    crate::ui::shell::stage_fit::note(ctx, crate::sections::lab(), full - room);
    if full <= room {
        (wanted.min(room).max(full), full)
    } else {
        (room.max(compact), compact)
    }
}

/// The height the page drew under its diagram in the last pass, where it is drawn (by window
/// and layer, as a stage's remembered values).
fn trailing_id(ui: &Ui) -> Id {
    crate::ui::stage::memory::memory_id(ui, "lab-diagram-trailing", crate::sections::lab())
}

/// Where the diagram drawn in this pass ends, where it is drawn.
fn bottom_id(ui: &Ui) -> Id {
    crate::ui::stage::memory::memory_id(ui, "lab-diagram-bottom", crate::sections::lab())
}

/// Notes a lane diagram drawn in this frame, its plot and its key, as the page's figure (what
/// a card opened over the page keeps clear of, and what the layout checks hold to `least`);
/// a lecture's screenful shows the two whole, or neither.
pub(super) fn record_diagram(ui: &Ui, plot: Rect, key: Rect, least: f32, height: f32) {
    crate::ui::shell::pager::keep_whole(ui, plot.union(key));
    let pass = ui.ctx().cumulative_pass_nr();
    let id = bottom_id(ui);
    ui.ctx()
        .data_mut(|d| d.insert_temp(id, (pass, plot.bottom())));
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

/// At the end of the page: notes how much it drew under the diagram drawn in this pass, if
/// any (see [`diagram_height`]).
pub(super) fn note_trailing(ui: &Ui) {
    let pass = ui.ctx().cumulative_pass_nr();
    let id = bottom_id(ui);
    let drawn = ui
        .ctx()
        .data(|d| d.get_temp::<(u64, f32)>(id))
        .filter(|(p, _)| *p == pass);
    if let Some((_, bottom)) = drawn {
        let under = (ui.min_rect().bottom() - bottom).max(0.0);
        let id = trailing_id(ui);
        let before = ui.ctx().data(|d| d.get_temp::<f32>(id));
        if before.is_none_or(|b| (b - under).abs() > 0.5) {
            // (The diagram is laid out again to the new room.)
            ui.ctx().data_mut(|d| d.insert_temp(id, under));
            ui.ctx().request_repaint();
        }
    }
}
