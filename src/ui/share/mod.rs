//! Sharing a run: the scenario code of the current section (shown, copied, pasted or typed in)
//! and saving its plot and data; plus the one-line messages these actions leave.

mod bar;
pub mod export;
pub mod playlist;
pub mod slide;

use egui::{RichText, Ui};

use crate::scenario;
use crate::ui::shell::keymap::{Action, key_text};
use crate::ui::{Section, Shareable, kit::widgets};
use export::{Destination, Exporter, FileKind, Use};

/// How long a message stays (seconds).
const NOTICE_SECONDS: f64 = 20.0;
/// How long to wait for the clipboard's text after asking for it (seconds).
const PASTE_WAIT_SECONDS: f64 = 1.5;

/// A message for the user after an action.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    shown_at: f64,
    /// What a projector's top bar says instead, where the whole notice is long.
    short: Option<String>,
}

/// The code typed into the "Type a code" dialog.
#[derive(Default)]
struct CodeDialog {
    text: String,
    error: Option<String>,
    focus_asked: bool,
}

/// How long a notice shows on a projector, in seconds.
pub const TOAST_SECONDS: f64 = 5.0;

pub struct Share {
    exporter: Exporter,
    notice: Option<Notice>,
    /// When a paste of a scenario code was asked for (input time), until the text arrives.
    awaiting_paste: Option<f64>,
    dialog: Option<CodeDialog>,
    /// The width of saved and copied figures, in pixels (one of [`slide::WIDTHS`]).
    pub figure_width: u32,
}

impl Share {
    pub fn new(destination: Destination) -> Self {
        Self {
            exporter: Exporter::new(destination),
            notice: None,
            awaiting_paste: None,
            dialog: None,
            figure_width: slide::WIDTHS[0],
        }
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// Whether the "type a code" dialog is open.
    pub fn dialog_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Leaves a one-line message in the bottom bar.
    pub fn tell(&mut self, ctx: &egui::Context, text: impl Into<String>, error: bool) {
        self.say(ctx, text, error);
    }

    /// Like [`Share::tell`], with a shorter wording for a projector's top bar.
    pub fn tell_short(&mut self, ctx: &egui::Context, text: impl Into<String>, short: String) {
        self.say(ctx, text, false);
        if let Some(n) = &mut self.notice {
            n.short = Some(short);
        }
    }

    fn say(&mut self, ctx: &egui::Context, text: impl Into<String>, error: bool) {
        let now = ctx.input(|i| i.time);
        self.notice = Some(Notice {
            text: text.into(),
            error,
            shown_at: now,
            short: None,
        });
        ctx.request_repaint_after_secs(NOTICE_SECONDS as f32 + 0.1);
    }

    /// The code that reproduces `section` as it is now, if it has settings to share.
    pub fn code_of(section: &dyn Section) -> Option<String> {
        section
            .share()
            .and_then(Shareable::scenario)
            .map(|pairs| scenario::encode(section.number(), &pairs))
    }

    pub fn copy_code(&mut self, ctx: &egui::Context, section: &dyn Section) {
        match Self::code_of(section) {
            Some(code) => {
                ctx.copy_text(code.clone());
                let values = [
                    ("key", key_text(Action::PasteScenario)),
                    ("code", code.as_str()),
                ];
                self.tell_short(
                    ctx,
                    tf!("share.copied", &values),
                    tf!("share.copied.short", &values),
                );
            }
            None => {
                let values = [("n", section.number().to_string())];
                self.say(ctx, tf!("share.no_settings", &values), true);
            }
        }
    }

    /// Asks the platform for the clipboard's text; [`Share::take_paste`] picks it up.
    pub fn request_paste(&mut self, ctx: &egui::Context) {
        self.awaiting_paste = Some(ctx.input(|i| i.time));
        ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste);
        ctx.request_repaint();
    }

    /// A pasted scenario code from this frame's input, if any: after Ctrl+Shift+V or the Paste
    /// button any pasted text; otherwise text pasted (Ctrl+V) while no text field has the
    /// keyboard, if it starts like a code. Call at the start of a frame.
    pub fn take_paste(&mut self, ctx: &egui::Context) -> Option<String> {
        if ctx.text_edit_focused() && self.awaiting_paste.is_none() {
            return None;
        }
        let awaiting = self.awaiting_paste.is_some();
        let pasted = ctx.input_mut(|i| {
            let pos = i.events.iter().position(|e| match e {
                egui::Event::Paste(t) => {
                    awaiting || t.trim_start().to_ascii_uppercase().starts_with("LL")
                }
                _ => false,
            })?;
            match i.events.remove(pos) {
                egui::Event::Paste(t) => Some(t),
                _ => None,
            }
        });
        if pasted.is_some() {
            self.awaiting_paste = None;
        } else if let Some(asked) = self.awaiting_paste {
            let now = ctx.input(|i| i.time);
            if now - asked > PASTE_WAIT_SECONDS {
                self.awaiting_paste = None;
                self.say(ctx, t!("share.paste.nothing"), true);
            } else {
                ctx.request_repaint_after_secs(0.1);
            }
        }
        pasted
    }

    /// Applies a scenario code to its section. Returns the section to show on success; on
    /// failure nothing changes and the message says why.
    pub fn apply_code(
        &mut self,
        ctx: &egui::Context,
        sections: &mut [Box<dyn Section>],
        code: &str,
    ) -> Option<u8> {
        match apply(sections, code) {
            Ok((n, message)) => {
                self.say(ctx, message, false);
                Some(n)
            }
            Err(message) => {
                self.say(ctx, message, true);
                None
            }
        }
    }

    pub fn open_dialog(&mut self) {
        self.dialog.get_or_insert_with(CodeDialog::default);
    }

    /// Saves `section`'s slide-ready figure as PNG (`copy` false) or copies it to the
    /// clipboard: laid out here (see [`slide::prepare`]), painted on a worker thread.
    pub fn figure(
        &mut self,
        ctx: &egui::Context,
        copy: bool,
        section: &mut dyn Section,
        runner: &crate::runner::Runner,
        progress: &mut crate::progress::ProgressFile,
    ) {
        if self.exporter.busy() {
            return;
        }
        let Some(figure) = slide::prepare(section, runner, progress, self.figure_width) else {
            let values = [("n", section.number().to_string())];
            let text = if copy {
                tf!("share.figure.none.copy", &values)
            } else {
                tf!("share.figure.none.save", &values)
            };
            return self.say(ctx, text, true);
        };
        let use_ = if copy {
            Use::Copy
        } else {
            Use::Save(Self::file_name(section, FileKind::Png))
        };
        self.exporter.start_figure(ctx, figure, use_);
    }

    fn file_name(section: &dyn Section, kind: FileKind) -> String {
        let seed = section
            .share()
            .and_then(Shareable::scenario)
            .and_then(|p| p.into_iter().find(|(k, _)| k == "seed").map(|(_, v)| v));
        export::default_name(section.number(), seed.as_deref(), kind)
    }

    /// Saves the numbers behind the section's figure as CSV.
    pub fn save_data(
        &mut self,
        ctx: &egui::Context,
        frame: Option<&eframe::Frame>,
        section: &dyn Section,
    ) {
        match section.share().and_then(Shareable::csv) {
            Some(_) if self.exporter.busy() => {}
            Some(csv) => {
                let name = Self::file_name(section, FileKind::Csv);
                if let Some(outcome) = self.exporter.save_csv(ctx, frame, &name, &csv) {
                    self.report(ctx, outcome);
                }
            }
            None => {
                let values = [("n", section.number().to_string())];
                self.say(ctx, tf!("share.data.none", &values), true);
            }
        }
    }

    fn report(&mut self, ctx: &egui::Context, outcome: export::Outcome) {
        match outcome {
            Ok(m) => self.say(ctx, m, false),
            Err(m) => self.say(ctx, m, true),
        }
    }

    /// Finishes work that spans frames (a figure being painted, a save dialog). Call once a
    /// frame.
    pub fn poll(&mut self, ctx: &egui::Context, frame: Option<&eframe::Frame>) {
        if self.exporter.busy()
            && let Some(outcome) = self.exporter.poll(ctx, frame)
        {
            self.report(ctx, outcome);
        }
        if let Some(n) = &self.notice
            && ctx.input(|i| i.time) - n.shown_at > NOTICE_SECONDS
        {
            self.notice = None;
        }
    }

    /// Lecture mode: the notice, with its icon, for the top bar's title slot (where it covers
    /// nothing of the slide and moves nothing), until [`TOAST_SECONDS`] have passed or Escape.
    pub fn lecture_notice(&mut self, ctx: &egui::Context) -> Option<(String, bool)> {
        let n = self.notice.clone()?;
        let now = ctx.input(|i| i.time);
        if now - n.shown_at > TOAST_SECONDS
            || ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            self.notice = None;
            ctx.request_repaint();
            return None;
        }
        ctx.request_repaint_after_secs((TOAST_SECONDS - (now - n.shown_at)) as f32 + 0.05);
        let icon = if n.error { "⚠" } else { "✔" };
        Some((format!("{icon} {}", n.short.unwrap_or(n.text)), n.error))
    }

    fn sharing_buttons(&mut self, ui: &mut Ui, section: &dyn Section, actions: &mut Vec<Action>) {
        {
            let key = [("key", key_text(Action::PasteScenario))];
            if ui
                .button(t!("share.paste"))
                .on_hover_text(tf!("share.paste.hint", &key))
                .clicked()
            {
                actions.push(Action::PasteScenario);
            }
            if ui
                .button(t!("share.type"))
                .on_hover_text(t!("share.type.hint"))
                .clicked()
            {
                self.open_dialog();
            }
            ui.separator();
            let has_plot = section.share().and_then(Shareable::plot_rect).is_some();
            // (The menu is drawn in a scope of its own, which a wrapping row cannot move to
            // the next line once it is there: that is decided here, from its words.)
            let menu_width = crate::ui::kit::measure::text_width(ui, t!("share.export"))
                + 2.0 * ui.spacing().button_padding.x;
            if ui.available_size_before_wrap().x < menu_width {
                ui.end_row();
            }
            ui.add_enabled_ui(has_plot, |ui| {
                let menu = ui.menu_button(t!("share.export"), |ui| self.export_menu(ui, actions));
                menu.response
                    .on_hover_text(t!("share.export.hint"))
                    .on_disabled_hover_text(t!("share.export.no_plot"));
            });
        }
    }

    /// The export menu: the figure as a file or on the clipboard, at a chosen width, and the
    /// data behind it.
    fn export_menu(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let items = [
            (t!("share.export.png"), Action::ExportPlot),
            (t!("share.export.copy"), Action::CopyFigure),
            (t!("share.export.csv"), Action::ExportData),
        ];
        for (label, action) in items {
            if ui
                .add(egui::Button::new(label).shortcut_text(key_text(action)))
                .clicked()
            {
                actions.push(action);
            }
        }
        ui.separator();
        ui.label(RichText::new(t!("share.export.width")).weak());
        for w in slide::WIDTHS {
            let text = tf!("share.export.px", &[("w", w.to_string())]);
            ui.radio_value(&mut self.figure_width, w, text);
        }
    }

    /// The "type a code" dialog, while open. Returns a code to apply when the user asks.
    pub fn dialog(&mut self, ctx: &egui::Context) -> Option<String> {
        let dialog = self.dialog.as_mut()?;
        let mut apply_now = false;
        let mut cancel = false;
        let modal = egui::Modal::new(egui::Id::unique("scenario-code-dialog")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            crate::ui::kit::a11y::add_heading(ui, t!("share.dialog.title"), 0);
            ui.label(t!("share.dialog.help"));
            ui.add_space(4.0);
            let label = ui.label(t!("share.dialog.label"));
            let edit = ui.add(
                egui::TextEdit::singleline(&mut dialog.text)
                    .hint_text(format!("{}-S1-…", scenario::TAG))
                    .font(egui::TextStyle::Monospace)
                    .desired_width(f32::INFINITY),
            );
            let edit = edit.labelled_by(label.id);
            if !dialog.focus_asked {
                edit.request_focus();
                dialog.focus_asked = true;
            }
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                apply_now = true;
            }
            if let Some(err) = &dialog.error {
                ui.colored_label(widgets::warn_color(ui), format!("⚠ {err}"));
            }
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if ui.button(t!("share.dialog.load")).clicked() {
                    apply_now = true;
                }
                if ui.button(t!("share.dialog.cancel")).clicked() {
                    cancel = true;
                }
            });
        });
        if cancel || modal.should_close() {
            self.dialog = None;
            return None;
        }
        apply_now.then(|| dialog.text.clone())
    }

    /// Reports the result of a code typed in the dialog: closes it on success, keeps it open
    /// with the message otherwise.
    pub fn dialog_result(&mut self, ok: bool) {
        if ok {
            self.dialog = None;
        } else if let Some(d) = self.dialog.as_mut() {
            // Said once, in the dialog, rather than also behind it.
            d.error = self.notice.take().map(|n| n.text);
        }
    }
}

/// Decodes `code` and applies it to its section, all or nothing.
pub(crate) fn apply(sections: &mut [Box<dyn Section>], code: &str) -> Result<(u8, String), String> {
    let (n, pairs) = scenario::check(code)?;
    let section = sections
        .iter_mut()
        .find(|s| s.number() == n)
        .ok_or_else(|| tf!("share.no_section", &[("n", n.to_string())]))?;
    section
        .share_mut()
        .map_or_else(
            || Err(crate::ui::nothing_to_share()),
            |s| s.apply_scenario(&pairs),
        )
        .map_err(|e| tf!("share.code.not_allowed", &[("error", e)]))?;
    let settings: Vec<String> = pairs
        .iter()
        .map(|(k, v)| {
            let values = [("setting", k.as_str()), ("value", v.as_str())];
            match v.as_str() {
                "true" => tf!("share.loaded.on", &values),
                "false" => tf!("share.loaded.off", &values),
                _ => tf!("share.loaded.value", &values),
            }
        })
        .collect();
    let values = [
        ("n", n.to_string()),
        ("title", section.title().to_owned()),
        ("settings", settings.join(t!("share.loaded.separator"))),
    ];
    Ok((n, tf!("share.loaded", &values)))
}
