//! The audience window: a second native window (an immediate viewport, drawn in the same frame
//! as the console, from the same state) with the current section's title, headline and stage.
//!
//! Its keys are read inside its own frame and go through the app's `apply`, like the
//! console's: the clicker works whichever window has focus.

use egui::{Context, Ui, ViewportId};

use super::{PresenterView, audience_id, works_in_audience};
use crate::ui::shell::keymap::{self, Action};
use crate::ui::shell::lecture::Lecture;

/// What the audience window needs from the app.
pub trait Host {
    fn view(&mut self) -> &mut PresenterView;

    /// Lecture mode: the theme, and the blank screen (which, in the presenter view, blanks the
    /// audience window only).
    fn lecture(&mut self) -> &mut Lecture;

    /// Applies a shortcut as the app does for its own keys; returns it back if it belongs to
    /// the section (then the console's next frame gets it).
    fn apply(&mut self, ctx: &Context, action: Action) -> Option<Action>;

    /// Draws the current section for the audience ([`crate::ui::Present::audience`]).
    fn page(&mut self, ui: &mut Ui);
}

/// Shows the audience window if it is open (call once a frame, after the console).
pub fn show(ctx: &Context, host: &mut impl Host) {
    // (Only while a second window can be had: never inside the console.)
    if !host.view().is_open() || ctx.embed_viewports() {
        return;
    }
    let builder = host.view().builder.clone().unwrap_or_default();
    ctx.show_viewport_immediate(audience_id(), builder, |ui, _class| frame(ui, host));
}

/// One frame of the audience window: its placement, its close button, the blank screen, its
/// keys, then the page.
pub fn frame(ui: &mut Ui, host: &mut impl Host) {
    let ctx = ui.ctx().clone();
    super::drawing_audience(&ctx, true);
    frame_inner(ui, host, &ctx);
    super::drawing_audience(&ctx, false);
}

fn frame_inner(ui: &mut Ui, host: &mut impl Host, ctx: &Context) {
    let ctx = ctx.clone();
    host.view().track(&ctx);
    if ctx.input(|i| i.viewport().close_requested()) {
        // Closing it is the same as P: the main window becomes a normal window again.
        let _ = host.apply(&ctx, Action::TogglePresenter);
        ctx.request_repaint_of(ViewportId::ROOT);
        return;
    }
    if host.lecture().blank_frame(ui) {
        // (A key pressed here has just brought the screen back: the console shows it.)
        ctx.request_repaint_of(ViewportId::ROOT);
        return;
    }
    host.lecture().type_keys(&ctx);
    route(&ctx, host);
    if !host.view().is_open() {
        return;
    }
    egui::CentralPanel::default().show(ui, |ui| {
        host.view().drawn = Some(ui.max_rect());
        ui.push_id("audience-page", |ui| host.page(ui));
    });
}

/// Applies the shortcuts pressed in the audience window (those that [`works_in_audience`]):
/// the app's own at once, the section's on the console's next frame.
pub fn route(ctx: &Context, host: &mut impl Host) {
    for action in keymap::pressed_where(ctx, works_in_audience) {
        if let Some(a) = host.apply(ctx, action) {
            host.view().pending.push(a);
        }
        ctx.request_repaint_of(ViewportId::ROOT);
    }
}

impl PresenterView {
    /// Notes where the audience window is, to open it there next time. Its position is the
    /// display's corner while it is full screen; on Wayland there is no position to keep.
    fn track(&mut self, ctx: &Context) {
        let (outer, inner, fullscreen) = ctx.input(|i| {
            let v = i.viewport();
            (v.outer_rect, v.inner_rect, v.fullscreen)
        });
        let p = &mut self.placement;
        if let Some(fs) = fullscreen {
            p.fullscreen = fs;
        }
        if let Some(o) = outer {
            p.position = Some([o.min.x, o.min.y]);
        }
        if let Some(r) = inner.filter(|_| !p.fullscreen) {
            p.size = Some([r.width(), r.height()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for the app: what reached `apply`, and the section it is on.
    struct Fake {
        view: PresenterView,
        lecture: Lecture,
        side: bool,
        applied: Vec<Action>,
        section: u8,
        drawn: usize,
    }

    impl Host for Fake {
        fn view(&mut self) -> &mut PresenterView {
            &mut self.view
        }
        fn lecture(&mut self) -> &mut Lecture {
            &mut self.lecture
        }
        fn apply(&mut self, ctx: &Context, action: Action) -> Option<Action> {
            self.applied.push(action);
            let action = self
                .view
                .apply(ctx, action, &mut self.lecture, &mut self.side)?;
            match action {
                Action::NextSection => self.section += 1,
                Action::PreviousSection => self.section -= 1,
                Action::Reveal | Action::Choose(_) => return Some(action),
                _ => {}
            }
            None
        }
        fn page(&mut self, _ui: &mut Ui) {
            self.drawn += 1;
        }
    }

    /// One audience frame with these keys pressed in it.
    fn press(ctx: &Context, fake: &mut Fake, keys: &[egui::Key]) {
        let events = keys
            .iter()
            .map(|&key| egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            })
            .collect();
        let input = egui::RawInput {
            events,
            ..Default::default()
        };
        ctx.run_ui(input, |ui| frame(ui, fake))
            .drop_without_applying_deltas();
    }

    fn fake(ctx: &Context) -> Fake {
        ctx.set_embed_viewports(false);
        let mut lecture = Lecture::new(ctx, None);
        let mut view = PresenterView::new(None, false);
        let mut side = true;
        view.toggle(ctx, &mut lecture, &mut side);
        Fake {
            view,
            lecture,
            side,
            applied: Vec::new(),
            section: 2,
            drawn: 0,
        }
    }

    #[test]
    fn clicker_keys_in_the_audience_window_go_through_the_apps_apply() {
        let ctx = Context::default();
        let mut f = fake(&ctx);
        press(&ctx, &mut f, &[egui::Key::PageDown]);
        assert_eq!(f.section, 3);
        press(&ctx, &mut f, &[egui::Key::PageUp]);
        assert_eq!(f.section, 2);
        // R belongs to the section: it waits for the console's next frame.
        press(&ctx, &mut f, &[egui::Key::R]);
        assert_eq!(f.view.take_pending(), vec![Action::Reveal]);
        // Keys of the console's tools are not taken here.
        press(&ctx, &mut f, &[egui::Key::G, egui::Key::F1]);
        assert!(!f.applied.contains(&Action::ToggleGlossary));
        assert!(!f.applied.contains(&Action::KeyboardMap));
        assert!(f.drawn >= 4);
    }

    #[test]
    fn the_audience_window_blanks_and_any_key_there_brings_it_back() {
        let ctx = Context::default();
        let mut f = fake(&ctx);
        press(&ctx, &mut f, &[egui::Key::B]);
        assert!(f.lecture.blanked());
        let drawn = f.drawn;
        // The waking key does nothing else.
        press(&ctx, &mut f, &[egui::Key::PageDown]);
        assert!(!f.lecture.blanked());
        assert_eq!((f.section, f.drawn), (2, drawn));
        press(&ctx, &mut f, &[egui::Key::Period]);
        assert!(f.lecture.blanked());
    }

    #[test]
    fn p_in_the_audience_window_closes_it() {
        let ctx = Context::default();
        let mut f = fake(&ctx);
        assert!(f.view.is_open() && f.lecture.lecture());
        press(&ctx, &mut f, &[egui::Key::P]);
        assert!(!f.view.is_open());
        assert!(!f.lecture.lecture(), "back to a normal window");
    }
}
