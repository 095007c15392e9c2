//! The app's frame: each pass of the window (the top bar, the section list, the page or the
//! presenter console, the bottom bar, the cards and the keys), and the presenter view's
//! audience window.

use egui::Ui;

use super::{LessonApp, WINDOW_TITLE};
use crate::ui::shell::keymap::{self, Action};
use crate::ui::shell::presenter::{PresenterView, audience};
use crate::ui::{self, AppEvent};

impl eframe::App for LessonApp {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let frame = Some(&*frame);
        let Some((section_actions, last_section)) = self.begin_pass(ui, &ctx, frame) else {
            return;
        };
        let mut events = Vec::new();

        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.add_space(2.0);
            self.top_bar(ui);
            ui.add_space(2.0);
        });
        ui::shell::xp::notice(ui, &mut self.progress);
        self.presenter_view.notice_ui(ui);
        // The bottom bar's room is taken now, but its controls are drawn after the page, so
        // that Tab goes top bar, section list, page, bottom bar: the reading order.
        // A projector shows no bottom bar: its tools are in the top bar's menu.
        let lecture = self.tools.lecture.lecture();
        let bottom = (!lecture).then(|| {
            egui::Panel::bottom("share-bar").show(ui, |ui| {
                let h: f32 = ui
                    .ctx()
                    .data(|d| d.get_temp(bottom_height_id()))
                    .unwrap_or(30.0);
                ui.allocate_space(egui::vec2(ui.available_width(), h));
            })
        });
        let mut open = self.side_open;
        egui::Panel::left("section-list")
            .resizable(true)
            .default_size(230.0)
            .show_collapsible(ui, &mut open, |ui| self.section_list(ui));
        self.side_open = open;
        egui::CentralPanel::default().show(ui, |ui| {
            if self.presenter_view.is_open() {
                self.console(ui, &mut events, &section_actions, last_section);
            } else {
                self.page(ui, &mut events, &section_actions);
            }
        });
        if let Some(bottom) = bottom {
            self.bottom_controls(ui, &ctx, bottom.response.rect);
        }
        self.cards(&ctx, &mut events);
        for action in self.tools.take_queued() {
            // Buttons stand for shortcuts of the app and the tools only.
            let _ = self.apply(&ctx, frame, action);
        }
        if let Some(n) = self.tools.end_frame(&ctx, frame, &mut self.sections) {
            self.go_to(n);
        }

        self.handle(events);
        ui::shell::presenter::audience::show(&ctx, self);
        if !self.lecture() {
            // (A lecture leaves no trace: the next plain start opens where the learner was.)
            self.progress.visit(self.current_section());
        }
        self.announce_section(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let ctx = self.ctx.clone();
        self.tools.lecture.save(&ctx, self.side_open, storage);
        self.presenter_view.save(storage);
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        // A hidden pointer hovers over nothing.
        raw_input.events.extend(self.tools.pointer.gone());
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // The last change reaches the progress file before the window closes.
        self.progress.flush();
    }
}

impl audience::Host for LessonApp {
    fn view(&mut self) -> &mut PresenterView {
        &mut self.presenter_view
    }

    fn lecture(&mut self) -> &mut ui::shell::lecture::Lecture {
        &mut self.tools.lecture
    }

    fn apply(&mut self, ctx: &egui::Context, action: Action) -> Option<Action> {
        self.apply(ctx, None, action)
    }

    fn page(&mut self, ui: &mut Ui) {
        let mut events = Vec::new();
        let mut cx = cx!(self, &mut events, &[]);
        let page = &mut self.sections[self.current];
        match page.present_mut() {
            Some(page) => page.audience(ui, &mut cx),
            None => ui::audience(page.as_mut(), ui, &mut cx),
        }
        self.handle(events);
    }
}

/// Where the bottom bar remembers the height its controls took.
fn bottom_height_id() -> egui::Id {
    egui::Id::unique("locks-lesson/bottom-bar-height")
}

/// The top bar and the section list, drawn in the frame's panels.
impl LessonApp {
    fn top_bar(&mut self, ui: &mut Ui) {
        let current = self.current_section();
        let lecture = self.tools.lecture.lecture();
        let review_due = ui::review::due_count(&self.progress, lecture);
        // No bottom bar on a projector: a notice takes the title's place for a few seconds.
        let notice = if lecture {
            self.tools.share.lecture_notice(ui.ctx())
        } else {
            None
        };
        let page = &self.sections[self.current];
        let title = match page.present().and_then(|p| p.slide_title()) {
            Some(title) if lecture => title,
            _ => page.title().to_owned(),
        };
        let mut bar = ui::shell::topbar::TopBar {
            current,
            last: self.last_section(),
            side_open: &mut self.side_open,
            lecture,
            presenting: self.presenter_view.is_open(),
            glossary: &mut self.glossary,
            progress: &self.progress,
            queued: &mut self.tools.queued,
            go_to: None,
            type_label: self.tools.lecture.type_label(),
            type_change: None,
            title: &title,
            reduced_motion: &mut self.tools.lecture.reduced_motion,
            review_due,
            notice,
        };
        bar.show(ui);
        let (go_to, type_change) = (bar.go_to, bar.type_change);
        if let Some(n) = go_to {
            self.go_to(n);
        }
        if let Some(change) = type_change {
            self.tools.lecture.change_type(change);
        }
    }

    fn section_list(&mut self, ui: &mut Ui) {
        if let Some(n) =
            ui::shell::section_list::show(ui, &self.sections, self.current, &self.progress)
        {
            self.go_to(n);
        }
    }
}

/// The parts of a pass of the window: its start (the lecture's blank screen, the type, the
/// keys), the presenter console, the bottom bar's controls and the section's announcement.
impl LessonApp {
    /// Starts a pass: the presenter view and the lecture's tools take their keys, the type
    /// follows the audience's window, and the keys pressed are applied. Returns the actions
    /// left for the section and the last section shown, or nothing when the window is blank.
    fn begin_pass(
        &mut self,
        ui: &mut Ui,
        ctx: &egui::Context,
        frame: Option<&eframe::Frame>,
    ) -> Option<(Vec<Action>, u8)> {
        let view = &mut self.presenter_view;
        view.begin_frame(ctx, &mut self.tools.lecture, &mut self.side_open);
        // With the audience window open, only it goes blank.
        if !view.is_open() && self.tools.lecture.blank_frame(ui) {
            return None;
        }
        // With the audience window blank, a key pressed in the console only brings it back.
        if view.is_open() && self.tools.lecture.wake(ctx, false) {
            ctx.request_repaint_of(ui::shell::presenter::audience_id());
        }
        if let Some(n) = self.tools.begin_frame(ctx, &mut self.sections) {
            self.go_to(n);
        }
        // The type follows the audience's window and the lecturer's factor (Ctrl+Plus and
        // Ctrl+Minus in the window that shows the slide: with the audience window open, the
        // console's keys change the console only).
        if !self.presenter_view.is_open() {
            self.tools.lecture.type_keys(ctx);
        }
        ui::shell::presenter::set_open(ctx, self.presenter_view.is_open());
        let audience = if self.presenter_view.is_open() {
            ui::shell::presenter::audience_id()
        } else {
            egui::ViewportId::ROOT
        };
        self.tools.lecture.fit(ctx, audience);
        if self.presenter_view.is_open() {
            // The console keeps its own type: the lecturer's factor is the audience's.
            ui::kit::style::unscale_type(ui, self.tools.lecture.shown_factor());
        }
        let last_section = self.last_section();
        ui::shell::lecture::set_last_section(ctx, self.lecture().then_some(last_section));
        let mut section_actions = self.presenter_view.take_pending();
        let pressed = if self.glossary.card_open() || self.tools.dialog_open() {
            keymap::pressed_where(ctx, Action::works_over_dialogs)
        } else {
            keymap::pressed(ctx, self.presenter_view.is_open())
        };
        for action in pressed {
            section_actions.extend(self.apply(ctx, frame, action));
        }
        Some((section_actions, last_section))
    }

    /// The presenter console in the central panel: the stage at the left, the lecturer's
    /// notes at the right, in columns of fixed shares (whatever the type the projector asks
    /// for).
    fn console(
        &mut self,
        ui: &mut Ui,
        events: &mut Vec<AppEvent>,
        section_actions: &[Action],
        last_section: u8,
    ) {
        let page = ui.max_rect();
        let notes = ui::shell::presenter::console::notes_rect(page);
        // What Page Down shows next, as the audience's page last left it (before this
        // window draws the same page in its own column).
        let preview = ui::shell::presenter::console::preview(self.sections[self.current].as_ref());
        let stage =
            egui::Rect::from_min_max(page.min, egui::pos2(notes.left() - 8.0, page.bottom()));
        ui.scope_builder(egui::UiBuilder::new().max_rect(stage), |ui| {
            ui.set_clip_rect(stage);
            self.page(ui, events, section_actions);
        });
        let change = ui
            .scope_builder(egui::UiBuilder::new().max_rect(notes), |ui| {
                ui::shell::presenter::console::Console {
                    view: &mut self.presenter_view,
                    section: self.sections[self.current].as_ref(),
                    blanked: self.tools.lecture.blanked(),
                    queued: &mut self.tools.queued,
                    type_label: self.tools.lecture.audience_type_label(),
                    type_change: None,
                    last: last_section,
                    preview,
                }
                .show(ui)
            })
            .inner;
        if let Some(c) = change {
            self.tools.lecture.change_type(c);
        }
    }

    /// The bottom bar's controls in the room its panel took (`panel`); when they take another
    /// height than the room kept for them, the room follows on the next pass.
    fn bottom_controls(&mut self, ui: &mut Ui, ctx: &egui::Context, panel: egui::Rect) {
        let inner = panel.shrink2(egui::vec2(8.0, 2.0));
        let mut bar_ui = ui.new_child(egui::UiBuilder::new().max_rect(inner));
        self.tools
            .bottom_bar(&mut bar_ui, self.sections[self.current].as_ref());
        let used = bar_ui.min_rect().height();
        let had: f32 = ctx.data(|d| d.get_temp(bottom_height_id())).unwrap_or(30.0);
        if (used - had).abs() > 0.5 {
            ctx.data_mut(|d| d.insert_temp(bottom_height_id(), used));
            ctx.request_repaint();
        }
    }

    /// Tells a screen reader which section is shown (a lesson's with its number of all).
    fn announce_section(&self, ctx: &egui::Context) {
        let text = self.sections[self.current].text();
        let said = if text.number > crate::sections::lesson_count() {
            text.title.clone()
        } else {
            tf!(
                "app.announce.section",
                &[
                    ("n", text.number.to_string()),
                    ("count", crate::sections::lesson_count().to_string()),
                    ("title", text.title.clone()),
                ],
            )
        };
        ui::kit::a11y::announce(ctx, WINDOW_TITLE.get(), text.number, &said);
    }
}
