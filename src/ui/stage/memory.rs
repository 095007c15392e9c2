//! The ids under which a stage remembers values from one frame to the next.

use egui::{Id, Ui};

/// The id under which section `n`'s stage remembers `what` from one frame to the next: one
/// for each place it is drawn in, by window and layer (the presenter view draws the stage
/// twice: in two windows of their own or, where the system opens no second one, in two layers
/// of one). Shared, the two stages' values would replace each other in every pass, and a
/// slide that lays a changed value out again would take every pass of every frame.
pub(crate) fn memory_id(ui: &Ui, what: &'static str, n: u8) -> Id {
    Id::unique((what, n, ui.ctx().viewport_id(), ui.layer_id()))
}

/// The id under which a stage remembers the height of its headline and controls.
pub(super) fn chrome_height_id(ui: &Ui, n: u8) -> Id {
    memory_id(ui, "stage-chrome-height", n)
}

/// The id under which a stage remembers its plot key's height.
pub(super) fn key_height_id(ui: &Ui, n: u8) -> Id {
    memory_id(ui, "stage-key-height", n)
}
