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

/// On a projector the words around the figure (the headline, the line on the class's vote,
/// the controls and their labels) yield where a slide does not fit: their type and the room
/// around them are lowered, at once by as much as the measured overflow asks and a step more
/// where a measure shows it was not enough, never under the projector's least text size.
/// The figure keeps the lecturer's type and the height its ticks need; only where the words
/// can yield no more is the slide's type lowered (see `shell::stage_fit`). Kept per slide (a
/// section's step): a slide left and reached again looks the same.
#[derive(Clone, Copy, Debug)]
pub(super) struct Squeeze {
    /// The window's and the type's sizes it holds for.
    pub(super) context: [i32; 4],
    /// The slide it holds for: the settings' choice and whether the result is hidden.
    pub(super) slide: (Option<usize>, bool),
    pub(super) factor: f32,
    /// The factor the stage's words were last measured at.
    pub(super) measured: f32,
}

/// One step of the squeeze, at the least.
const SQUEEZE_STEP: f32 = 0.92;

pub(super) fn squeeze_id(ui: &Ui, n: u8) -> Id {
    super::memory::memory_id(ui, "stage-words-squeeze", n)
}

/// The squeeze of section `n`'s slide `slide` in this window at this type. A slide whose
/// type was just changed (its words had yielded at another) starts from its words at the
/// size on screen they had: laid out with them at full size it would overflow the window
/// for a pass, and that pass may be the one shown.
pub(super) fn squeeze_state(ui: &Ui, n: u8, slide: (Option<usize>, bool)) -> Squeeze {
    let context = overflow_context(ui);
    let id = squeeze_id(ui, n);
    let all: Vec<Squeeze> = ui.ctx().data(|d| d.get_temp(id)).unwrap_or_default();
    if let Some(s) = all
        .iter()
        .find(|s| s.context == context && s.slide == slide)
    {
        return *s;
    }
    let carried = all
        .iter()
        .rev()
        .find(|s| s.slide == slide && s.factor < 1.0)
        .map_or(1.0, |s| carried_factor(s, &context).max(least_squeeze(ui)));
    Squeeze {
        context,
        slide,
        factor: carried,
        // (Not measured at this type yet: the next step waits for a measure.)
        measured: if carried < 1.0 { -1.0 } else { 1.0 },
    }
}

/// The factor at which the words of `s` keep their size on screen in the window and type
/// `context` (at most 1).
fn carried_factor(s: &Squeeze, context: &[i32; 4]) -> f32 {
    // (The context's last two numbers are the body text's points and the pixels per point.)
    let px = |c: &[i32; 4]| c[2] as f32 * c[3] as f32;
    (s.factor * px(&s.context) / px(context).max(1.0)).min(1.0)
}

/// The squeezes kept, of every slide at every window and type it was shown at: at most this
/// many (the oldest go first).
const KEPT_SQUEEZES: usize = 64;

/// Keeps `s` as the squeeze of its slide.
pub(super) fn keep_squeeze(ui: &Ui, n: u8, s: Squeeze) {
    let id = squeeze_id(ui, n);
    ui.ctx().data_mut(|d| {
        let all: &mut Vec<Squeeze> = d.get_temp_mut_or_default(id);
        all.retain(|o| o.context != s.context || o.slide != s.slide);
        all.push(s);
        if all.len() > KEPT_SQUEEZES {
            all.remove(0);
        }
    });
}

/// The least factor the stage's words may take: no body text under the projector's least
/// size.
fn least_squeeze(ui: &Ui) -> f32 {
    let body_px = ui.style().text_styles[&egui::TextStyle::Body].size * ui.ctx().pixels_per_point();
    (crate::ui::shell::lecture::MIN_TEXT_PX / body_px.max(1.0)).min(1.0)
}

/// Lowers the type of the stage's words where the stage needs `over` points more than it
/// has, measured with the words `words` points tall at today's factor. Returns whether the
/// words can yield no more (the slide's type must).
pub(super) fn squeeze_words(
    ui: &Ui,
    n: u8,
    slide: (Option<usize>, bool),
    over: f32,
    words: f32,
) -> bool {
    let mut s = squeeze_state(ui, n, slide);
    let least = least_squeeze(ui);
    if over <= 0.5 {
        return false;
    }
    if s.factor <= least + 1e-3 {
        return true;
    }
    if (s.measured - s.factor).abs() < 1e-4 {
        // The words' height goes with their type, or faster (they wrap into fewer lines).
        let estimate = s.factor * ((words - over) / words.max(1.0)).max(0.0);
        s.factor = estimate.min(s.factor * SQUEEZE_STEP).max(least);
        keep_squeeze(ui, n, s);
        // Laid out again before it is shown: a slide half fitted is never on the screen.
        ui.ctx().request_discard("a slide's words yield");
        ui.ctx().request_repaint();
    }
    false
}

/// Draws the words of a squeezed stage at `factor` of their type and room.
pub(super) fn squeezed(ui: &mut Ui, factor: f32) {
    crate::ui::kit::style::unscale_type(ui, 1.0 / factor);
}
