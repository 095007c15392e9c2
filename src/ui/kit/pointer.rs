//! Lecture mode hides a still mouse pointer, so that it never covers the projected content.

use egui::{CursorIcon, Event};

/// Seconds without movement after which the pointer disappears.
pub const HIDE_AFTER_S: f64 = 2.0;

/// When the pointer last moved (input time, seconds).
#[derive(Debug, Default)]
pub struct IdlePointer {
    last_move: Option<f64>,
    /// Hidden, and egui not yet told the pointer is gone (see [`IdlePointer::gone`]).
    tell_gone: bool,
}

impl IdlePointer {
    /// Once the pointer is hidden: the event that tells egui it is gone, so that nothing keeps
    /// a hover highlight under the hidden pointer (add it to the next frame's input).
    pub fn gone(&mut self) -> Option<Event> {
        std::mem::take(&mut self.tell_gone).then_some(Event::PointerGone)
    }

    /// Call once a frame, after the widgets (they set the pointer's shape). Returns true while
    /// the pointer is hidden.
    pub fn update(&mut self, ctx: &egui::Context, lecture: bool) -> bool {
        let (now, moved) = ctx.input(|i| {
            let moved = i.events.iter().any(|e| {
                matches!(
                    e,
                    Event::PointerMoved(_) | Event::PointerButton { .. } | Event::MouseWheel { .. }
                )
            });
            (i.time, moved)
        });
        let last = *self.last_move.get_or_insert(now);
        if moved || !lecture {
            self.last_move = Some(now);
            self.tell_gone = false;
            return false;
        }
        let idle = now - last;
        if idle >= HIDE_AFTER_S {
            ctx.set_cursor_icon(CursorIcon::None);
            if !self.tell_gone && ctx.input(|i| i.pointer.hover_pos().is_some()) {
                self.tell_gone = true;
                ctx.request_repaint();
            }
            true
        } else {
            // Come back when it is time to hide it, even if nothing else happens.
            ctx.request_repaint_after_secs((HIDE_AFTER_S - idle) as f32 + 0.05);
            false
        }
    }
}
