//! The app-wide tools around the sections: lecture mode and the presentation keys, the
//! keyboard map, reduced motion, scenario codes and exports. The app shell owns one [`Tools`]
//! and calls it at fixed points of each frame.

use egui::Ui;

use crate::ui::share::Share;
use crate::ui::share::export::Destination;
use crate::ui::share::playlist::Playlist;
use crate::ui::shell::keymap::Action;
use crate::ui::shell::lecture::{self, Lecture};
use crate::ui::{Section, shell::keys_help};

pub struct Tools {
    pub lecture: Lecture,
    pub share: Share,
    /// The keyboard map is on screen.
    pub keyboard_map_open: bool,
    /// Actions asked for by buttons during the frame, applied after it like their shortcuts.
    pub queued: Vec<Action>,
    /// Prepared runs: Page Down walks the codes; "Add to playlist" appends to its file.
    pub playlist: Playlist,
    /// Lecture mode hides a pointer that has not moved for two seconds.
    pub pointer: crate::ui::kit::pointer::IdlePointer,
}

impl Tools {
    pub fn new(cc: &eframe::CreationContext<'_>, destination: Destination) -> Self {
        Self {
            lecture: Lecture::new(&cc.egui_ctx, cc.storage),
            share: Share::new(destination),
            keyboard_map_open: false,
            queued: Vec::new(),
            playlist: Playlist::default(),
            pointer: Default::default(),
        }
    }

    /// Whether a dialog of the tools is open (shortcuts then wait, except the few that
    /// [`Action::works_over_dialogs`]).
    pub fn dialog_open(&self) -> bool {
        self.keyboard_map_open || self.share.dialog_open()
    }

    /// Applies a tools action; returns any other action unchanged.
    pub fn apply(
        &mut self,
        ctx: &egui::Context,
        frame: Option<&eframe::Frame>,
        action: Action,
        section: &dyn Section,
        side_open: &mut bool,
    ) -> Option<Action> {
        match action {
            Action::ToggleLecture => {
                let on = !self.lecture.lecture();
                self.lecture.set_lecture(ctx, on, side_open);
            }
            Action::ToggleFullscreen => lecture::toggle_fullscreen(ctx),
            Action::BlankScreen => self.lecture.blank(),
            Action::KeyboardMap => self.keyboard_map_open = !self.keyboard_map_open,
            Action::CopyScenario => self.share.copy_code(ctx, section),
            Action::PasteScenario => self.share.request_paste(ctx),
            Action::ExportData => self.share.save_data(ctx, frame, section),
            Action::AddToPlaylist => self.playlist.add(ctx, section, &mut self.share),
            other => return Some(other),
        }
        None
    }

    /// Buttons' actions queued during this frame.
    pub fn take_queued(&mut self) -> Vec<Action> {
        std::mem::take(&mut self.queued)
    }

    /// Start of a frame, before the shortcuts: notes how focus moves and applies a pasted
    /// scenario code. Returns the section to show after a code was applied.
    pub fn begin_frame(
        &mut self,
        ctx: &egui::Context,
        sections: &mut [Box<dyn Section>],
    ) -> Option<u8> {
        self.lecture.track_input(ctx);
        let code = self.share.take_paste(ctx)?;
        self.share.apply_code(ctx, sections, &code)
    }

    /// The bar at the bottom of the window: sharing on the left, the motion setting on the
    /// right.
    pub fn bottom_bar(&mut self, ui: &mut Ui, section: &dyn Section) {
        let lecture = self.lecture.lecture();
        let mode = &mut self.lecture;
        let reduce_motion = t!("app.motion.label");
        let width = crate::ui::kit::widgets::text_width(ui, reduce_motion)
            + 2.0 * ui.spacing().button_padding.x
            + 4.0;
        let actions = self.share.bar(
            ui,
            section,
            lecture,
            (width, |ui: &mut Ui| {
                let mut reduced = mode.reduced_motion;
                if ui
                    .toggle_value(&mut reduced, reduce_motion)
                    .on_hover_text(t!("app.motion.hint"))
                    .changed()
                {
                    mode.reduced_motion = reduced;
                }
            }),
        );
        self.queued.extend(actions);
    }

    /// End of a frame: the keyboard map and the code dialog, work that spans frames, and the
    /// focus ring on top of everything. Returns the section to show after a typed code.
    pub fn end_frame(
        &mut self,
        ctx: &egui::Context,
        frame: Option<&eframe::Frame>,
        sections: &mut [Box<dyn Section>],
    ) -> Option<u8> {
        keys_help::show(ctx, &mut self.keyboard_map_open, self.lecture.lecture());
        let mut go_to = None;
        if let Some(code) = self.share.dialog(ctx) {
            go_to = self.share.apply_code(ctx, sections, &code);
            self.share.dialog_result(go_to.is_some());
        }
        self.share.poll(ctx, frame);
        self.pointer.update(ctx, self.lecture.lecture());
        self.lecture.paint_focus_ring(ctx);
        go_to
    }
}
