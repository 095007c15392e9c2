//! Lecture mode and the other presentation aids: a projector theme with larger type, the
//! section list out of the way, fullscreen, a blank screen, reduced motion, and a focus ring
//! that shows where the keyboard is.
//!
//! In lecture mode the type follows the projector, as slides do: body text is
//! [`BODY_PX_768`] pixels tall on a 768-line projector and scales with the screen's height
//! (with its width on a screen narrower than 4:3), times the lecturer's type factor, which is
//! shown and changes only when the lecturer changes it (Ctrl+Plus, Ctrl+Minus and Ctrl+0 in
//! the lecture window or the audience window, or the console's buttons). The factor zooms the
//! whole slide, text, figure and gaps alike: nothing on a slide is sized by another rule, so
//! the same build looks the same at every size, and every build is written to fit
//! [`LECTURE_ROOM`] divided by the largest factor of [`TYPE_RANGE`].
//!
//! The learner's own zoom and theme live apart ([`Learner`]): a lecture never writes them, so
//! a lecture ended any way (the L key, a crash, a signal) leaves the next start as the
//! learner left it.

use std::sync::Arc;

use egui::{Color32, Event, Stroke, Style, Theme, ThemePreference, Ui};

// The projector theme.
mod projector;
pub use projector::{LECTURE_ZOOM_768, MIN_TEXT_PX, contrast_ratio, projector_style};

/// Body text on a 768-line projector, in pixels.
pub const BODY_PX_768: f32 = 24.0;
/// The body text size of the app's own style, in egui points (see `kit::style`).
const BODY_POINTS: f32 = 16.0;
/// The projector the slide is laid out for, in pixels.
const SLIDE_PX: [f32; 2] = [1024.0, 768.0];
/// The room of a lecture's slide at Type 100 %, in egui points (683 × 512; the top bar takes
/// its share). Every build fits it divided by the largest type factor.
pub const LECTURE_ROOM: [f32; 2] = [
    SLIDE_PX[0] * BODY_POINTS / BODY_PX_768,
    SLIDE_PX[1] * BODY_POINTS / BODY_PX_768,
];
/// The lecturer's type factor: its range and its step. Every build of the lecture fits the
/// slide at the largest.
pub const TYPE_RANGE: (f32, f32) = (0.9, 1.3);
const TYPE_STEP: f32 = 0.1;

/// The slide's scale in a window of `size` (logical pixels): its height against a 768-line
/// projector's, or its width against a 1024-column one's when that is smaller.
pub fn slide_scale(size: egui::Vec2) -> f32 {
    (size.x / SLIDE_PX[0]).min(size.y / SLIDE_PX[1])
}

/// egui's zoom factor for a lecture in a window of `size` logical pixels at type factor
/// `factor` (1 is the normal type).
pub fn lecture_zoom(size: egui::Vec2, factor: f32) -> f32 {
    slide_scale(size) * BODY_PX_768 / BODY_POINTS * factor
}

const REDUCED_MOTION_KEY: &str = "reduced_motion";
/// The lecturer's type factor (a zoom of another meaning was kept under `lecture_zoom`).
const TYPE_FACTOR_KEY: &str = "lecture_type";
/// The learner's own zoom and theme (see [`Learner`]). (An older key, `lecture_restore`,
/// held what a lecture replaced, captured when it began: it is no longer read.)
const LEARNER_KEY: &str = "learner_view";

/// The learner's own view: what a lecture replaces and puts back. Taken from the window only
/// while no lecture is on, and put back at every start: egui keeps its zoom and theme in its
/// own memory, which a lecture ended by a signal leaves at the lecture's.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Learner {
    pub theme: ThemePreference,
    pub zoom: f32,
    #[serde(default = "yes")]
    pub side_open: bool,
    #[serde(default = "yes")]
    pub zoom_keys: bool,
}

fn yes() -> bool {
    true
}

impl Learner {
    /// The view the window has now (outside a lecture: the learner's).
    fn of(ctx: &egui::Context, side_open: bool) -> Self {
        Self {
            theme: ctx.options(|o| o.theme_preference),
            zoom: ctx.zoom_factor(),
            side_open,
            zoom_keys: ctx.options(|o| o.zoom_with_keyboard),
        }
    }

    /// Puts this view on the window.
    fn apply(&self, ctx: &egui::Context) {
        ctx.set_theme(self.theme);
        ctx.set_zoom_factor(self.zoom);
        ctx.options_mut(|o| o.zoom_with_keyboard = self.zoom_keys);
    }

    /// A view read back from storage, kept only where its zoom is a zoom.
    fn sane(self) -> Option<Self> {
        (self.zoom.is_finite() && (0.2..=5.0).contains(&self.zoom)).then_some(self)
    }
}

/// Lecture mode, blanking, reduced motion and the keyboard focus ring.
pub struct Lecture {
    lecture: bool,
    blanked: bool,
    /// Show final states instead of animations (persisted).
    pub reduced_motion: bool,
    /// The lecturer's type factor, 1 for the normal size (persisted).
    type_factor: f32,
    /// The learner's view as last put on the window or taken from it.
    learner: Option<Learner>,
    /// The pass in which [`Lecture::learner`] was put on the window: egui takes a new zoom at
    /// the start of the next pass, so until then the window still reports the old one.
    applied_pass: Option<u64>,
    /// The light style lecture mode replaced.
    light_style: Option<Arc<Style>>,
    /// Whether the keyboard moved focus last (then the focus ring shows).
    keyboard_focus: bool,
    /// Without a real window (a test harness, whose points do not follow the zoom): the
    /// window's size as first measured in the lecture.
    measured: Option<egui::Vec2>,
}

impl Lecture {
    /// Reads the persisted settings and puts back what an unfinished lecture replaced.
    pub fn new(ctx: &egui::Context, storage: Option<&dyn eframe::Storage>) -> Self {
        let get = |key| storage.and_then(|s| eframe::get_value(s, key));
        let reduced_motion = get(REDUCED_MOTION_KEY).unwrap_or(false);
        let type_factor = storage
            .and_then(|s| eframe::get_value::<f32>(s, TYPE_FACTOR_KEY))
            .filter(|z| z.is_finite())
            .map_or(1.0, |z| z.clamp(TYPE_RANGE.0, TYPE_RANGE.1));
        let learner = storage
            .and_then(|s| eframe::get_value::<Learner>(s, LEARNER_KEY))
            .and_then(Learner::sane);
        if let Some(learner) = learner {
            learner.apply(ctx);
        }
        Self {
            lecture: false,
            blanked: false,
            reduced_motion,
            type_factor,
            learner,
            applied_pass: learner.map(|_| ctx.cumulative_pass_nr()),
            light_style: None,
            keyboard_focus: false,
            measured: None,
        }
    }

    /// The learner's view as it will be put back: the one kept, or the window's own outside a
    /// lecture.
    pub fn learner(&self, ctx: &egui::Context, side_open: bool) -> Option<Learner> {
        if self.lecture {
            self.learner
        } else {
            Some(self.learner_now(ctx, side_open))
        }
    }

    /// Outside a lecture, the learner's view now: the window's, or the one just put on it
    /// while the window still reports the view before (a zoom takes effect a pass later).
    fn learner_now(&self, ctx: &egui::Context, side_open: bool) -> Learner {
        match (self.learner, self.applied_pass) {
            (Some(l), Some(pass)) if ctx.cumulative_pass_nr() <= pass => Learner { side_open, ..l },
            _ => Learner::of(ctx, side_open),
        }
    }

    /// Keeps the settings: the learner's view only as the learner has it (outside a lecture,
    /// the window's; in one, the view kept when it began).
    pub fn save(&self, ctx: &egui::Context, side_open: bool, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, REDUCED_MOTION_KEY, &self.reduced_motion);
        eframe::set_value(storage, TYPE_FACTOR_KEY, &self.type_factor);
        if let Some(learner) = self.learner(ctx, side_open) {
            eframe::set_value(storage, LEARNER_KEY, &learner);
        }
    }

    pub fn lecture(&self) -> bool {
        self.lecture
    }

    pub fn blanked(&self) -> bool {
        self.blanked
    }

    /// The lecturer's type factor (1 is the normal size).
    pub fn type_factor(&self) -> f32 {
        self.type_factor
    }

    /// The type factor the slide on show is drawn at: the lecturer's (1 outside a lecture).
    pub fn shown_factor(&self) -> f32 {
        if self.lecture { self.type_factor } else { 1.0 }
    }

    /// The type factor as the lecturer sees it, e.g. "Type 100 %".
    pub fn type_label(&self) -> String {
        tf!("app.type.label", &[("percent", self.type_percent())])
    }

    /// The same for the presenter's console, e.g. "Audience type 100 %".
    pub fn audience_type_label(&self) -> String {
        let percent = [("percent", self.type_percent())];
        tf!("app.type.audience_label", &percent)
    }

    fn type_percent(&self) -> String {
        crate::lesson::quantity::pct_rounded(f64::from(self.type_factor), 3)
    }

    /// Makes the type a step larger (`Some(true)`), smaller, or normal (`None`).
    pub fn change_type(&mut self, larger: Option<bool>) {
        let f = match larger {
            Some(true) => self.type_factor + TYPE_STEP,
            Some(false) => self.type_factor - TYPE_STEP,
            None => 1.0,
        };
        self.type_factor = ((f * 10.0).round() / 10.0).clamp(TYPE_RANGE.0, TYPE_RANGE.1);
    }

    /// Ctrl+Plus, Ctrl+Minus and Ctrl+0 in lecture mode: the type factor (egui's own zoom
    /// keys are off during a lecture). Call in the window that shows the slide: the lone
    /// lecture window, or the presenter's audience window (the console's keys change the
    /// console only).
    pub fn type_keys(&mut self, ctx: &egui::Context) {
        if !self.lecture {
            return;
        }
        let cmd = egui::Modifiers::COMMAND;
        for (key, larger) in [
            (egui::Key::Plus, Some(true)),
            (egui::Key::Equals, Some(true)),
            (egui::Key::Minus, Some(false)),
            (egui::Key::Num0, None),
        ] {
            if ctx.input_mut(|i| i.consume_key(cmd, key)) {
                self.change_type(larger);
                ctx.request_repaint();
            }
        }
    }

    /// In lecture mode, sets the zoom that scales the slide to the window `viewport` (the
    /// audience's) at the lecturer's type factor. Call once a frame.
    pub fn fit(&mut self, ctx: &egui::Context, viewport: egui::ViewportId) {
        if !self.lecture {
            return;
        }
        let known = viewport == egui::ViewportId::ROOT
            || ctx.input(|i| i.raw.viewports.contains_key(&viewport));
        if !known {
            return;
        }
        let zoom = ctx.zoom_factor();
        // The window's size in logical pixels: its points at the zoom of its own last pass (the
        // audience window's input may be a pass behind the zoom just set; read at today's zoom
        // it would make the zoom swing).
        let (size, real) = ctx.input_for(viewport, |i| {
            let native = i.viewport().native_pixels_per_point.unwrap_or(1.0);
            let at = i.pixels_per_point() / native;
            (
                i.content_rect().size() * at,
                i.viewport().inner_rect.is_some(),
            )
        });
        let size = if real {
            size
        } else {
            *self.measured.get_or_insert(size)
        };
        if size.x < 1.0 || size.y < 1.0 {
            return;
        }
        let want = lecture_zoom(size, self.type_factor);
        if (want - zoom).abs() > 0.002 {
            ctx.set_zoom_factor(want);
            // (Laid out again at the new zoom before it is shown.)
            ctx.request_discard("the slide's scale changed");
            ctx.request_repaint();
        }
    }

    /// Turns lecture mode on or off: the projector theme, the slide's zoom and the section list
    /// hidden, or everything as it was before.
    pub fn set_lecture(&mut self, ctx: &egui::Context, on: bool, side_open: &mut bool) {
        if on == self.lecture {
            return;
        }
        self.measured = None;
        if on {
            // (Outside a lecture the window's view is the learner's.)
            self.learner = Some(self.learner_now(ctx, *side_open));
            self.lecture = true;
            // The type follows the window and the lecturer's factor only.
            ctx.options_mut(|o| o.zoom_with_keyboard = false);
            let light = ctx.style_of(Theme::Light);
            ctx.set_style_of(Theme::Light, projector_style(&light));
            self.light_style = Some(light);
            ctx.set_theme(ThemePreference::Light);
            *side_open = false;
        } else {
            if let Some(light) = self.light_style.take() {
                ctx.set_style_of(Theme::Light, light);
            }
            self.lecture = false;
            if let Some(learner) = self.learner {
                learner.apply(ctx);
                self.applied_pass = Some(ctx.cumulative_pass_nr());
                *side_open = learner.side_open;
            }
        }
    }

    pub fn blank(&mut self) {
        self.blanked = true;
    }

    /// Blanks the screen or brings it back (the presenter view blanks its audience window).
    pub fn set_blanked(&mut self, on: bool) {
        self.blanked = on;
    }

    /// While the screen is blank: takes every key (and, with `pointer`, every click) of the
    /// frame; the first fresh one brings the screen back and does nothing else. True when it
    /// did. (The presenter's console calls it for its keys: the audience comes back.)
    pub fn wake(&mut self, ctx: &egui::Context, pointer: bool) -> bool {
        if !self.blanked {
            return false;
        }
        let wake = ctx.input_mut(|i| {
            let wake = i.events.iter().any(|e| match e {
                Event::Key {
                    pressed: true,
                    repeat: false,
                    ..
                } => true,
                Event::PointerButton { pressed: true, .. } => pointer,
                _ => false,
            });
            i.events.retain(|e| match e {
                Event::Key { .. } | Event::Text(_) | Event::Paste(_) | Event::Copy | Event::Cut => {
                    false
                }
                Event::PointerButton { .. } => !pointer,
                _ => true,
            });
            wake
        });
        if wake {
            self.blanked = false;
            ctx.request_repaint();
        }
        wake
    }

    /// Call first thing in a frame. While the screen is blank it swallows every key (the first
    /// fresh key press or click brings the screen back and does nothing else), draws black and
    /// returns true: the caller then draws nothing else.
    pub fn blank_frame(&mut self, ui: &mut Ui) -> bool {
        if !self.blanked {
            return false;
        }
        self.wake(&ui.ctx().clone(), true);
        egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(Color32::BLACK))
            .show(ui, |ui| {
                // Black on black: nothing shows on the projector, but a screen reader can say why.
                ui.label(egui::RichText::new(t!("app.lecture.blank")).color(Color32::BLACK));
            });
        ui.ctx().set_cursor_icon(egui::CursorIcon::None);
        true
    }

    /// Notes whether the keyboard or the pointer moved focus last (call once a frame, before
    /// the widgets).
    pub fn track_input(&mut self, ctx: &egui::Context) {
        // The projector theme holds for the whole lecture, whatever else sets a theme.
        if self.lecture && ctx.options(|o| o.theme_preference) != ThemePreference::Light {
            ctx.set_theme(ThemePreference::Light);
        }
        ctx.input(|i| {
            for e in &i.events {
                match e {
                    // (The arrows move the focus between buttons: the ring follows it.)
                    Event::Key {
                        key:
                            egui::Key::Tab
                            | egui::Key::ArrowLeft
                            | egui::Key::ArrowRight
                            | egui::Key::ArrowUp
                            | egui::Key::ArrowDown,
                        pressed: true,
                        ..
                    } => self.keyboard_focus = true,
                    Event::PointerButton { pressed: true, .. } => self.keyboard_focus = false,
                    _ => {}
                }
            }
        });
    }

    /// Draws a thick, high-contrast ring around the widget that has keyboard focus (call after
    /// all widgets). Shown after Tab moved focus, hidden once the mouse is used again; a
    /// slider keeps it after a click too, since the arrow keys then move it.
    pub fn paint_focus_ring(&self, ctx: &egui::Context) {
        if !self.keyboard_focus && !crate::ui::kit::widgets::arrows_taken(ctx) {
            return;
        }
        let Some(id) = ctx.memory(|m| m.focused()) else {
            return;
        };
        let Some(r) = ctx.read_response(id) else {
            return;
        };
        let dark = ctx.theme() == Theme::Dark;
        let color = if dark {
            crate::ui::kit::plot::palette::YELLOW
        } else {
            Color32::from_rgb(0x00, 0x3C, 0xC8)
        };
        let width = if self.lecture { 4.0 } else { 3.0 };
        let clip = r.interact_rect.expand(width + 2.0);
        ctx.layer_painter(r.layer_id)
            .with_clip_rect(clip)
            .rect_stroke(
                r.rect.expand(width * 0.5 + 1.0),
                4.0,
                Stroke::new(width, color),
                egui::StrokeKind::Outside,
            );
    }
}

fn last_id() -> egui::Id {
    egui::Id::unique("locks-lesson/lecture-last-section")
}

/// Notes the lecture's last section (the app, once a frame).
pub fn set_last_section(ctx: &egui::Context, n: Option<u8>) {
    ctx.data_mut(|d| d.insert_temp(last_id(), n));
    // A clicked slider keeps the keyboard in a learner's window only: in a lecture the
    // clicker's Page Down goes on turning the slides after a slider is dragged.
    crate::ui::kit::widgets::focus_on_click(ctx, n.is_none());
    crate::ui::kit::style::set_slide(ctx, n.is_some());
}

/// On the lecture's last section, its last words, under everything else (the last screen of
/// the lecture says that it is).
pub fn end_line(ui: &mut Ui, section: u8) {
    let last: Option<u8> = ui.ctx().data(|d| d.get_temp(last_id())).flatten();
    if last != Some(section) {
        return;
    }
    let words = &crate::lesson::content().lesson.lecture_end;
    let size = ui.style().text_styles[&egui::TextStyle::Heading].size;
    ui.add_space(12.0);
    ui.label(egui::RichText::new(words).size(size).strong());
}

/// The lecture's last screen: its last words alone, large, in the middle of the slide.
pub fn closing_slide(ui: &mut Ui) {
    let words = &crate::lesson::content().lesson.lecture_end;
    let size = ui.style().text_styles[&egui::TextStyle::Heading].size * 1.4;
    let room = ui.available_size();
    ui.allocate_ui_with_layout(
        room,
        egui::Layout::centered_and_justified(egui::Direction::TopDown),
        |ui| {
            crate::ui::kit::a11y::add_heading(
                ui,
                egui::RichText::new(words).size(size).strong(),
                1,
            );
        },
    );
}

/// Switches fullscreen on or off.
pub fn toggle_fullscreen(ctx: &egui::Context) {
    let now = ctx.input(|i| i.viewport().fullscreen.unwrap_or(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(!now));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Default)]
    struct Memory(HashMap<String, String>);

    impl eframe::Storage for Memory {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_owned(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    /// One pass, so that zoom changes take effect.
    fn frame(ctx: &egui::Context) {
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .drop_without_applying_deltas();
    }

    /// A pass in a window of `size` logical pixels (the points egui is given follow the zoom,
    /// as a real window's do).
    fn frame_in(ctx: &egui::Context, size: egui::Vec2) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                size / ctx.zoom_factor(),
            )),
            ..Default::default()
        };
        ctx.run_ui(input, |_| {}).drop_without_applying_deltas();
    }

    #[test]
    fn reduced_motion_and_the_type_factor_are_remembered_and_learner_zoom_is_not() {
        let ctx = egui::Context::default();
        let mut storage = Memory::default();
        let mut p = Lecture::new(&ctx, None);
        assert!(!p.reduced_motion);
        p.reduced_motion = true;
        // The learner zoomed in before the lecture.
        ctx.set_zoom_factor(1.8);
        frame(&ctx);
        let mut side = true;
        p.set_lecture(&ctx, true, &mut side);
        assert!(
            !ctx.options(|o| o.zoom_with_keyboard),
            "egui's zoom keys are off"
        );
        let projector = egui::vec2(1024.0, 768.0);
        for _ in 0..3 {
            frame_in(&ctx, projector);
            p.fit(&ctx, egui::ViewportId::ROOT);
        }
        frame_in(&ctx, projector);
        let normal = ctx.zoom_factor();
        assert!(
            (normal - lecture_zoom(projector, 1.0)).abs() < 0.01,
            "{normal}"
        );
        assert!(
            (normal * BODY_POINTS - BODY_PX_768).abs() < 0.5,
            "body text {BODY_PX_768} px"
        );
        assert_eq!(p.type_label(), "Type 100\u{a0}%");
        p.change_type(Some(true));
        p.change_type(Some(true));
        assert_eq!(p.type_label(), "Type 120\u{a0}%");
        for _ in 0..3 {
            p.fit(&ctx, egui::ViewportId::ROOT);
            frame_in(&ctx, projector);
        }
        assert!((ctx.zoom_factor() - normal * 1.2).abs() < 0.01);
        p.set_lecture(&ctx, false, &mut side);
        frame(&ctx);
        assert_eq!(ctx.zoom_factor(), 1.8, "the learner's size is back");
        assert!(ctx.options(|o| o.zoom_with_keyboard));
        p.save(&ctx, side, &mut storage);

        let mut again = Lecture::new(&ctx, Some(&storage));
        assert!(again.reduced_motion);
        assert_eq!(
            again.type_label(),
            "Type 120\u{a0}%",
            "the lecturer's factor comes back"
        );
        again.change_type(None);
        assert_eq!(again.type_factor(), 1.0);
        for _ in 0..20 {
            again.change_type(Some(false));
        }
        assert_eq!(again.type_factor(), TYPE_RANGE.0);
    }

    #[test]
    fn the_slide_scales_with_the_height_of_a_wide_screen() {
        assert!((slide_scale(egui::vec2(1024.0, 768.0)) - 1.0).abs() < 1e-4);
        // Type scales with the height on a wide screen, with the width on a tall one.
        assert!((slide_scale(egui::vec2(1280.0, 800.0)) - 800.0 / 768.0).abs() < 1e-4);
        assert!((slide_scale(egui::vec2(1920.0, 1080.0)) - 1080.0 / 768.0).abs() < 1e-4);
        assert!((slide_scale(egui::vec2(800.0, 1280.0)) - 800.0 / 1024.0).abs() < 1e-4);
    }

    /// A start in lecture mode after a lecture ended by a signal: egui's memory holds the last
    /// lecture's zoom, the storage the learner's; the lecture begins in the very pass the
    /// learner's zoom is put back (it takes effect a pass later), and keeps the learner's.
    #[test]
    fn a_lecture_begun_as_the_learners_view_comes_back_keeps_the_learners() {
        let ctx = egui::Context::default();
        ctx.set_theme(ThemePreference::Dark);
        ctx.set_zoom_factor(1.2);
        frame(&ctx);
        let mut storage = Memory::default();
        let mut side = true;
        Lecture::new(&ctx, None).save(&ctx, side, &mut storage);
        // The last lecture's zoom, as egui's own memory kept it.
        ctx.set_zoom_factor(1.65);
        ctx.set_theme(ThemePreference::Light);
        frame(&ctx);
        let mut p = Lecture::new(&ctx, Some(&storage));
        p.set_lecture(&ctx, true, &mut side);
        p.save(&ctx, side, &mut storage);
        p.set_lecture(&ctx, false, &mut side);
        frame(&ctx);
        assert_eq!(
            ctx.zoom_factor(),
            1.2,
            "the learner's zoom, not the last lecture's"
        );
        let again = egui::Context::default();
        let _ = Lecture::new(&again, Some(&storage));
        frame(&again);
        assert_eq!(again.zoom_factor(), 1.2);
        assert_eq!(again.options(|o| o.theme_preference), ThemePreference::Dark);
    }

    #[test]
    fn quitting_during_a_lecture_does_not_leave_the_next_start_in_it() {
        let ctx = egui::Context::default();
        ctx.set_theme(ThemePreference::Dark);
        ctx.set_zoom_factor(1.2);
        frame(&ctx);
        let mut storage = Memory::default();
        let mut p = Lecture::new(&ctx, None);
        let mut side = true;
        // Lecture, presenter view and lecture again, saved (as eframe saves every half
        // minute) at each point, the lecture's zoom on the window.
        for round in 0..3 {
            p.set_lecture(&ctx, true, &mut side);
            assert_eq!(ctx.options(|o| o.theme_preference), ThemePreference::Light);
            for _ in 0..3 {
                frame_in(&ctx, egui::vec2(1024.0, 768.0));
                p.fit(&ctx, egui::ViewportId::ROOT);
            }
            assert!(ctx.zoom_factor() > 1.4, "the lecture's zoom is on");
            p.change_type(Some(true));
            p.save(&ctx, side, &mut storage);
            if round < 2 {
                p.set_lecture(&ctx, false, &mut side);
                frame(&ctx);
                assert_eq!(ctx.zoom_factor(), 1.2);
                p.save(&ctx, side, &mut storage);
            }
        }

        // Ended by a signal in the lecture: egui's own memory kept the lecture's zoom and
        // theme; the next start puts the learner's back.
        let next = Lecture::new(&ctx, Some(&storage));
        frame(&ctx);
        assert!(!next.lecture());
        assert_eq!(ctx.options(|o| o.theme_preference), ThemePreference::Dark);
        assert_eq!(ctx.zoom_factor(), 1.2);
        // A learner who zooms afterwards keeps that zoom.
        ctx.set_zoom_factor(0.9);
        frame(&ctx);
        next.save(&ctx, side, &mut storage);
        let again = egui::Context::default();
        let _ = Lecture::new(&again, Some(&storage));
        frame(&again);
        assert_eq!(again.zoom_factor(), 0.9);
    }
}
