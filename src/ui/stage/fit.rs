//! How a learner's stage makes room: the height a stage's figure drew beyond its floor (kept
//! per window size and type size). A lecture's slide keeps no such memory: its layout is the
//! build's, the window's and the type's only.

use egui::{Id, Ui};

/// How far a stage's figure drew beyond its floor when it was given less room than it drew,
/// for the window's size and type size at the time.
#[derive(Clone, Copy)]
struct Overflow {
    context: [i32; 4],
    over: f32,
}

/// The id under which a stage remembers its figure's [`Overflow`].
fn overflow_id(ui: &Ui, n: u8) -> Id {
    super::memory::memory_id(ui, "stage-figure-overflow", n)
}

/// The window's size and the type's: a figure's overflow holds while they stay the same.
fn overflow_context(ui: &Ui) -> [i32; 4] {
    let r = ui.ctx().content_rect();
    let body = ui.text_style_height(&egui::TextStyle::Body);
    [
        r.width().round() as i32,
        r.height().round() as i32,
        (body * 100.0).round() as i32,
        (ui.ctx().pixels_per_point() * 1000.0).round() as i32,
    ]
}

/// The height a stage's figure needs beyond its floor (see [`note_overflow`]).
pub(super) fn overflow(ui: &Ui, n: u8) -> f32 {
    let (id, context) = (overflow_id(ui, n), overflow_context(ui));
    ui.ctx()
        .data(|d| d.get_temp::<Overflow>(id))
        .filter(|o| o.context == context)
        .map_or(0.0, |o| o.over)
}

/// Notes that a stage's figure drew `over` points taller than the room it was given. The
/// stage keeps that much more room for it from the next frame on, and only ever raises it
/// while the window and the type keep their sizes: a figure given more room draws into it,
/// which says nothing of the least it needs, so forgetting would flip the stage between two
/// layouts frame by frame.
pub fn note_overflow(ui: &Ui, n: u8, over: f32) {
    let old = overflow(ui, n);
    if over > old + 0.5 {
        let (id, context) = (overflow_id(ui, n), overflow_context(ui));
        ui.ctx()
            .data_mut(|d| d.insert_temp(id, Overflow { context, over }));
        // (Laid out again at once: the figure past its room is never shown.)
        ui.ctx().request_discard("a figure drew past its room");
        ui.ctx().request_repaint();
    }
}
