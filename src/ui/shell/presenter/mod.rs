//! The presenter view: a second native window for the projector (the audience window) shows
//! the current section's title, headline and stage in the lecture theme, while the main window
//! becomes the lecturer's console with the speaker notes, the next section and the clock.
//!
//! Both windows draw from one state in the same frame (the audience window is an immediate
//! viewport). Its clicker keys go through the app's own `apply`, so Page Down, B, "." and R do
//! the same whichever window has focus. Where the platform cannot open a second window, the
//! app says so once and carries on in single-window lecture mode.
//!
//! [`notes`] holds the speaker notes, [`console`] draws the lecturer's panel and [`audience`]
//! runs the audience window.

pub mod audience;
pub mod console;
pub mod notes;
pub mod notes_view;

use std::time::Instant;

use egui::{ViewportBuilder, ViewportId};

use crate::ui::shell::CatalogueText;
use crate::ui::shell::keymap::Action;
use crate::ui::shell::lecture::Lecture;

/// The audience window's title.
pub const AUDIENCE_TITLE: CatalogueText = CatalogueText::new(|| t!("app.presenter.audience_title"));

/// Where the audience window was last placed (kept in eframe's storage).
const PLACEMENT_KEY: &str = "audience_window";

/// Said once, where the platform or renderer cannot open a second window.
pub const SINGLE_WINDOW_NOTICE: CatalogueText =
    CatalogueText::new(|| t!("app.presenter.single_window"));

/// The audience window's id.
pub fn audience_id() -> ViewportId {
    ViewportId::from_hash_of("locks-lesson/audience")
}

fn console_id() -> egui::Id {
    egui::Id::unique("locks-lesson/presenter-console")
}

/// Notes whether the presenter view is open this frame (the app calls it once a frame).
pub fn set_open(ctx: &egui::Context, open: bool) {
    ctx.data_mut(|d| d.insert_temp(console_id(), open));
}

/// Whether `ui` draws in the presenter's console: the main window while the audience window
/// is open. The console shows the stage's words and controls; the figure is the audience's.
pub fn is_console(ui: &egui::Ui) -> bool {
    let flag = |id| ui.ctx().data(|d| d.get_temp(id)).unwrap_or(false);
    ui.ctx().viewport_id() == ViewportId::ROOT && flag(console_id()) && !flag(audience_drawing_id())
}

fn audience_drawing_id() -> egui::Id {
    egui::Id::unique("locks-lesson/drawing-the-audience")
}

/// Notes that the audience's page is being drawn (wherever its window is).
fn drawing_audience(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(audience_drawing_id(), on));
}

/// The audience window's position, size and fullscreen state, as last seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Placement {
    pub position: Option<[f32; 2]>,
    pub size: Option<[f32; 2]>,
    pub fullscreen: bool,
}

impl Placement {
    /// A window placed here: on the same display (where the platform lets an app place its
    /// windows), full screen again if it was.
    pub fn builder(&self) -> ViewportBuilder {
        let mut b = ViewportBuilder::default()
            .with_title(AUDIENCE_TITLE.get())
            .with_app_id("locks-lesson-audience")
            .with_inner_size(self.size.unwrap_or([1280.0, 720.0]))
            .with_min_inner_size([480.0, 320.0])
            .with_fullscreen(self.fullscreen);
        if let Some(p) = self.position {
            b = b.with_position(p);
        }
        b
    }
}

/// The notice about a missing second window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Notice {
    #[default]
    NotNeeded,
    Showing,
    Dismissed,
}

/// The presenter view's state (lecture mode itself is [`Lecture`]).
#[derive(Default)]
pub struct PresenterView {
    open: bool,
    /// Open at the first frame (`--presenter`): only then is it known whether a second window
    /// can be had.
    open_at_start: bool,
    /// Lecture mode was on before the audience window opened (it stays on after).
    was_lecture: bool,
    /// When the lecture started (the console's clock).
    started: Option<Instant>,
    notice: Notice,
    /// Where the audience window is (saved), and the builder it was opened with (kept while
    /// it is open, so that egui does not move it back).
    placement: Placement,
    builder: Option<ViewportBuilder>,
    /// Section shortcuts pressed in the audience window, for the console's next frame.
    pending: Vec<Action>,
    /// Where the audience page was drawn in the last frame, in points (tests).
    pub drawn: Option<egui::Rect>,
    /// A time of day and lecture time to show instead of the real ones (pictures in tests).
    fixed_clock: Option<(String, u64)>,
    /// The screenful of the notes on show, the build it is of and how many there are.
    notes_page: NotesPage,
}

/// The screenful of the console's notes on show (see [`notes_view`]).
#[derive(Default)]
struct NotesPage {
    section: u8,
    build: String,
    index: usize,
    count: usize,
}

impl PresenterView {
    pub fn new(storage: Option<&dyn eframe::Storage>, open_at_start: bool) -> Self {
        Self {
            open_at_start,
            placement: storage
                .and_then(|s| eframe::get_value(s, PLACEMENT_KEY))
                .unwrap_or_default(),
            ..Self::default()
        }
    }

    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PLACEMENT_KEY, &self.placement);
    }

    /// The audience window is open (the main window is the console).
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The notice about a missing second window is on screen.
    pub fn notice_showing(&self) -> bool {
        self.notice == Notice::Showing
    }

    /// Start of a frame: opens the audience window asked for on the command line.
    pub fn begin_frame(&mut self, ctx: &egui::Context, lecture: &mut Lecture, side: &mut bool) {
        if std::mem::take(&mut self.open_at_start) && !self.open {
            self.toggle(ctx, lecture, side);
        }
    }

    /// Opens or closes the audience window. Opening turns lecture mode on (both windows share
    /// its theme and zoom); closing puts back what was there before. Where no second window can
    /// be opened, lecture mode comes on in this window and a notice says why, once.
    pub fn toggle(&mut self, ctx: &egui::Context, lecture: &mut Lecture, side: &mut bool) {
        if self.open {
            self.open = false;
            self.builder = None;
            lecture.set_blanked(false);
            if !self.was_lecture {
                lecture.set_lecture(ctx, false, side);
            }
            return;
        }
        if ctx.embed_viewports() {
            if self.notice == Notice::NotNeeded {
                self.notice = Notice::Showing;
            }
            lecture.set_lecture(ctx, true, side);
            return;
        }
        self.was_lecture = lecture.lecture();
        lecture.set_lecture(ctx, true, side);
        self.open = true;
        self.builder = Some(self.placement.builder());
        self.started.get_or_insert_with(Instant::now);
    }

    /// The presenter view's part of the app's shortcuts: P opens or closes the audience window,
    /// and while it is open B and "." blank or bring back the audience window only. Returns any
    /// other action.
    pub fn apply(
        &mut self,
        ctx: &egui::Context,
        action: Action,
        lecture: &mut Lecture,
        side: &mut bool,
    ) -> Option<Action> {
        match action {
            Action::TogglePresenter => self.toggle(ctx, lecture, side),
            Action::BlankScreen if self.open => lecture.set_blanked(!lecture.blanked()),
            Action::NotesForward if self.open => {
                let p = &mut self.notes_page;
                p.index = (p.index + 1).min(p.count.saturating_sub(1));
            }
            Action::NotesBack if self.open => {
                self.notes_page.index = self.notes_page.index.saturating_sub(1);
            }
            other => return Some(other),
        }
        None
    }

    /// Seconds since the lecture started (the audience window first opened).
    pub fn elapsed_s(&self) -> u64 {
        if let Some((_, s)) = &self.fixed_clock {
            return *s;
        }
        self.started.map_or(0, |t| t.elapsed().as_secs())
    }

    /// The time of day, `HH:MM`.
    pub fn time_of_day(&self) -> String {
        match &self.fixed_clock {
            Some((t, _)) => t.clone(),
            None => chrono::Local::now().format("%H:%M").to_string(),
        }
    }

    /// Shows this time of day and lecture time from now on (for pictures that must not change).
    pub fn fix_clock(&mut self, time_of_day: &str, elapsed_s: u64) {
        self.fixed_clock = Some((time_of_day.to_owned(), elapsed_s));
    }

    /// Starts the lecture clock again.
    pub fn restart_clock(&mut self) {
        self.started = Some(Instant::now());
    }

    /// The screenful of the notes to show for build `build` of section `n`: the first for a
    /// build not shown before.
    pub fn notes_page(&mut self, n: u8, build: &str) -> usize {
        let p = &mut self.notes_page;
        if p.section != n || p.build != build {
            *p = NotesPage {
                section: n,
                build: build.to_owned(),
                ..NotesPage::default()
            };
        }
        p.index
    }

    /// Notes the screenful shown and how many there are.
    pub fn set_notes_page(&mut self, index: usize, count: usize) {
        self.notes_page.index = index;
        self.notes_page.count = count;
    }

    /// Section shortcuts pressed in the audience window since the last frame.
    pub fn take_pending(&mut self) -> Vec<Action> {
        std::mem::take(&mut self.pending)
    }

    /// The single-window notice, at the top of the main window, until it is dismissed.
    pub fn notice_ui(&mut self, ui: &mut egui::Ui) {
        if self.notice != Notice::Showing {
            return;
        }
        egui::Panel::top("presenter-notice").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(SINGLE_WINDOW_NOTICE.get());
                if ui.button(t!("app.notice.ok")).clicked() {
                    self.notice = Notice::Dismissed;
                }
            });
        });
    }
}

/// Whether a shortcut pressed in the audience window is taken there: the clicker's keys
/// (Page Down/Up, the arrows, Home, End, B, "."), the quiz keys (1-4, Enter, Space, R), F11
/// (full screen on the projector) and P (close). The rest belong to the console (the notes'
/// keys among them).
pub fn works_in_audience(action: Action) -> bool {
    use Action as A;
    matches!(
        action,
        A::NextSection
            | A::PreviousSection
            | A::NextSectionArrow
            | A::PreviousSectionArrow
            | A::FirstSection
            | A::LastSection
            | A::BlankScreen
            | A::Reveal
            | A::Choose(_)
            | A::Continue
            | A::ToggleFullscreen
            | A::TogglePresenter
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_audience_window_takes_the_clicker_keys_only() {
        for a in [
            Action::NextSection,
            Action::PreviousSection,
            Action::BlankScreen,
            Action::Reveal,
            Action::ToggleFullscreen,
        ] {
            assert!(works_in_audience(a), "{a:?}");
        }
        for a in [
            Action::KeyboardMap,
            Action::NotesForward,
            Action::ToggleGlossary,
            Action::ExportPlot,
            Action::ToggleLecture,
        ] {
            assert!(!works_in_audience(a), "{a:?}");
        }
    }

    #[test]
    fn a_remembered_placement_comes_back() {
        let p = Placement {
            position: Some([1920.0, 0.0]),
            size: Some([1024.0, 768.0]),
            fullscreen: true,
        };
        let b = p.builder();
        assert_eq!(b.position, Some(egui::pos2(1920.0, 0.0)));
        assert_eq!(b.inner_size, Some(egui::vec2(1024.0, 768.0)));
        assert_eq!(b.fullscreen, Some(true));
        let text = ron::to_string(&p).unwrap();
        assert_eq!(ron::from_str::<Placement>(&text).unwrap(), p);
    }

    #[test]
    fn without_a_second_window_lecture_mode_comes_on_with_one_notice() {
        let ctx = egui::Context::default();
        assert!(ctx.embed_viewports());
        let mut lecture = Lecture::new(&ctx, None);
        let mut side = true;
        let mut view = PresenterView::new(None, false);
        view.toggle(&ctx, &mut lecture, &mut side);
        assert!(!view.is_open());
        assert!(lecture.lecture());
        assert!(view.notice_showing());
        view.notice = Notice::Dismissed;
        view.toggle(&ctx, &mut lecture, &mut side);
        assert!(!view.notice_showing(), "said once");
    }

    #[test]
    fn closing_the_audience_window_puts_back_what_was_there() {
        let ctx = egui::Context::default();
        ctx.set_embed_viewports(false);
        let mut lecture = Lecture::new(&ctx, None);
        let mut side = true;
        let mut view = PresenterView::new(None, false);
        let b = view.apply(&ctx, Action::TogglePresenter, &mut lecture, &mut side);
        assert_eq!(b, None);
        assert!(view.is_open() && lecture.lecture());
        // B blanks the audience window and brings it back.
        view.apply(&ctx, Action::BlankScreen, &mut lecture, &mut side);
        assert!(lecture.blanked());
        view.apply(&ctx, Action::BlankScreen, &mut lecture, &mut side);
        assert!(!lecture.blanked());
        view.apply(&ctx, Action::BlankScreen, &mut lecture, &mut side);
        view.apply(&ctx, Action::TogglePresenter, &mut lecture, &mut side);
        assert!(!view.is_open());
        assert!(!lecture.lecture() && !lecture.blanked() && side);
        assert_eq!(
            view.apply(&ctx, Action::Reveal, &mut lecture, &mut side),
            Some(Action::Reveal)
        );
    }
}
