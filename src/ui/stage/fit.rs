//! How a slide makes room: the height a stage's figure drew beyond its floor (kept per window
//! size and type size), and how far the slide's words are squeezed to give the figure its
//! height.

use egui::{Id, Ui};

/// How far a stage's figure drew beyond its floor when it was given less room than it drew,
/// for the window's size and type size at the time.
#[derive(Clone, Copy)]
struct Overflow {
    context: [i32; 4],
    over: f32,
}

/// The id under which a stage remembers its figure's [`Overflow`] (in each window).
fn overflow_id(ui: &Ui, n: u8) -> Id {
    Id::unique(("stage-figure-overflow", n, ui.ctx().viewport_id()))
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
        ui.ctx().request_repaint();
    }
}

/// On a projector the words around the figure (the headline, the line on the class's vote,
/// the controls' labels) yield where a slide does not fit: their type is lowered, a step a measured frame,
/// down to [`MIN_SQUEEZE`] of it and never under the projector's least text size, while a
/// larger type than the normal is lowered (see `shell::stage_fit`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Squeeze {
    /// The window's and the type's sizes it holds for.
    pub(super) context: [i32; 4],
    pub(super) factor: f32,
    /// The factor the stage's words were last measured at.
    pub(super) measured: f32,
}

/// The least share of their type the headline's words keep.
const MIN_SQUEEZE: f32 = 0.75;
/// One step of the squeeze.
const SQUEEZE_STEP: f32 = 0.88;

pub(super) fn squeeze_id(ui: &Ui, n: u8) -> Id {
    Id::unique(("stage-words-squeeze", n, ui.ctx().viewport_id()))
}

pub(super) fn squeeze_state(ui: &Ui, n: u8) -> Squeeze {
    let context = overflow_context(ui);
    let id = squeeze_id(ui, n);
    ui.ctx()
        .data(|d| d.get_temp::<Squeeze>(id))
        .filter(|s| s.context == context)
        .unwrap_or(Squeeze {
            context,
            factor: 1.0,
            measured: 1.0,
        })
}

/// The least factor the headline's words may take: [`MIN_SQUEEZE`], and no body text under
/// the projector's least size.
fn least_squeeze(ui: &Ui) -> f32 {
    let body_px = ui.style().text_styles[&egui::TextStyle::Body].size * ui.ctx().pixels_per_point();
    (crate::ui::shell::lecture::MIN_TEXT_PX / body_px.max(1.0)).max(MIN_SQUEEZE)
}

/// Lowers the headline's type a step where the stage needs `over` points more than it has
/// (measured at today's factor).
pub(super) fn squeeze_words(ui: &Ui, n: u8, over: f32) {
    let mut s = squeeze_state(ui, n);
    let least = least_squeeze(ui);
    if over <= 0.5 || s.factor <= least + 1e-3 {
        return;
    }
    if (s.measured - s.factor).abs() < 1e-4 {
        s.factor = (s.factor * SQUEEZE_STEP).max(least);
        let id = squeeze_id(ui, n);
        ui.ctx().data_mut(|d| d.insert_temp(id, s));
        ui.ctx().request_repaint();
    }
}
