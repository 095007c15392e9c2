//! The column of a page that is not built on the stage (a quiz, section 7's cards, section
//! 10, the lab). For a learner it scrolls. On a projector it is a slide: it never scrolls and
//! never pages, its content is the build on show, written to fit the slide at every supported
//! type (see `shell::lecture`), and what would run past the slide's bottom is noted
//! ([`overflow`]) for the lecture's walks to find, not repaired at run time.

use egui::{Context, Id, ScrollArea, Ui, ViewportId};

fn overflow_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/slide-overflow", viewport))
}

/// How far the content of the last slide column drawn in `viewport` ran past the slide's
/// bottom, in points (0 when it fits): a build written too long.
pub fn overflow(ctx: &Context, viewport: ViewportId) -> f32 {
    let last = ctx.cumulative_pass_nr().saturating_sub(1);
    ctx.data(|d| d.get_temp::<(u64, f32)>(overflow_id(viewport)))
        .filter(|(pass, _)| *pass == last)
        .map_or(0.0, |(_, over)| over)
}

/// The page's column: in lecture mode a slide (no scrolling; see the module), otherwise a
/// scrolling column.
pub fn column<R>(
    ui: &mut Ui,
    id_salt: impl egui::AsIdSalt,
    lecture: bool,
    add_contents: impl FnOnce(&mut Ui) -> R,
) -> R {
    if !lecture {
        return ScrollArea::vertical()
            .id_salt(id_salt)
            .auto_shrink([false, false])
            .show(ui, add_contents)
            .inner;
    }
    let slide = ui.available_rect_before_wrap();
    let out = ui.scope_builder(egui::UiBuilder::new().max_rect(slide), |ui| {
        ui.set_clip_rect(slide.intersect(ui.clip_rect()));
        if !crate::ui::shell::presenter::is_console(ui) {
            // A pointer left resting on the projected slide lights up nothing: the class sees
            // the slide, not where the mouse happens to be.
            let w = &mut ui.visuals_mut().widgets;
            w.hovered = w.inactive;
        }
        add_contents(ui)
    });
    let over = (out.response.rect.bottom() - slide.bottom()).max(0.0);
    let viewport = ui.ctx().viewport_id();
    ui.ctx()
        .data_mut(|d| d.insert_temp(overflow_id(viewport), over));
    out.inner
}

/// Whether `add`, drawn unseen from the cursor at the width on hand, ends within the room
/// left below it: a sizing pass in this build's own frame, for a slide that leaves out a part
/// the slide has no room for (decided anew at every frame, never remembered).
pub fn fits(ui: &mut Ui, id_salt: impl egui::AsIdSalt, add: impl FnOnce(&mut Ui)) -> bool {
    let room = ui.available_height();
    let area = ui.available_rect_before_wrap();
    let area = egui::Rect::from_min_size(area.min, egui::vec2(area.width(), f32::INFINITY));
    let builder = egui::UiBuilder::new()
        .max_rect(area)
        .id_salt(id_salt)
        .invisible();
    let h = ui.new_child(builder).scope(add).response.rect.height();
    h <= room
}
