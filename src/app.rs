//! The application shell: window, top bar, section list, the current section, cards.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use egui::{Align, Layout, RichText, Ui};

use crate::cli::{Cli, RendererChoice};
use crate::progress::{self, Store};
use crate::runner::Runner;
use crate::ui::export::Destination;
use crate::ui::keymap::{self, Action};
use crate::ui::tools::Tools;
use crate::ui::widgets;
use crate::ui::{self, AppEvent, Cx, Section};

pub const WINDOW_TITLE: &str = "Distributed locks — lesson 8";
const APP_ID: &str = "locks-lesson";

/// How the app starts.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// Section to open (1-10); otherwise the last one visited.
    pub section: Option<u8>,
    /// The progress file. `None` keeps progress in memory only (tests); the command line
    /// always names one (`--progress-file` or the platform's data folder).
    pub progress_file: Option<PathBuf>,
    pub lecture: bool,
    /// Run simulations inline instead of on threads (tests only: frames become deterministic).
    pub inline_runner: bool,
    /// Save exported files straight into this folder instead of asking in a dialog (tests).
    pub export_dir: Option<PathBuf>,
}

impl AppOptions {
    pub fn from_cli(cli: &Cli) -> Self {
        Self {
            section: cli.section,
            progress_file: cli.progress_file.clone().or_else(progress::default_path),
            lecture: cli.lecture,
            inline_runner: false,
            export_dir: None,
        }
    }
}

pub struct LessonApp {
    sections: Vec<Box<dyn Section>>,
    /// Index into `sections`.
    current: usize,
    side_open: bool,
    runner: Runner,
    /// The glossary card on screen and the glossary index.
    glossary: ui::glossary::Glossary,
    /// Lecture mode, keyboard map, reduced motion, scenario codes, exports.
    tools: Tools,
    /// Quiz answers, XP and the last section, kept in the progress file.
    progress: Store,
}

impl LessonApp {
    pub fn new(cc: &eframe::CreationContext<'_>, options: AppOptions) -> Self {
        let ctx = cc.egui_ctx.clone();
        let runner = if options.inline_runner {
            Runner::inline()
        } else {
            Runner::threaded(Arc::new(move || ctx.request_repaint()))
        };
        let progress = options
            .progress_file
            .map_or_else(Store::memory, Store::open);
        let remembered = progress.progress().last_section;
        let section = options.section.or(remembered).unwrap_or(1).clamp(1, 10);
        style(&cc.egui_ctx);
        let destination = options
            .export_dir
            .map_or(Destination::Ask, Destination::Folder);
        let mut tools = Tools::new(cc, destination);
        let mut side_open = true;
        if options.lecture {
            tools
                .presenter
                .set_lecture(&cc.egui_ctx, true, &mut side_open);
        }
        Self {
            sections: ui::all_sections(&runner),
            current: usize::from(section) - 1,
            side_open,
            runner,
            glossary: ui::glossary::Glossary::default(),
            tools,
            progress,
        }
    }

    /// Lecture (projector) mode is on.
    pub fn lecture(&self) -> bool {
        self.tools.presenter.lecture()
    }

    pub fn reduced_motion(&self) -> bool {
        self.tools.presenter.reduced_motion
    }

    pub fn side_panel_open(&self) -> bool {
        self.side_open
    }

    /// The tools around the sections (lecture mode, keyboard map, scenario codes, exports).
    pub fn tools(&self) -> &Tools {
        &self.tools
    }

    /// The section on screen, 1-10.
    pub fn current_section(&self) -> u8 {
        self.sections[self.current].number()
    }

    pub fn go_to(&mut self, number: u8) {
        self.current = usize::from(number.clamp(1, self.sections.len() as u8)) - 1;
        self.glossary.close_card();
    }

    pub fn open_term(&self) -> Option<&str> {
        self.glossary.open_term()
    }

    /// Opens a glossary card, as clicking a marked term does.
    pub fn open_card(&mut self, id: &str) {
        self.glossary.open(id.to_owned());
    }

    pub fn glossary_index_open(&self) -> bool {
        self.glossary.index_open()
    }

    /// The learner's progress (answers, XP, last section).
    pub fn progress(&self) -> &Store {
        &self.progress
    }

    /// The section with this number.
    pub fn section(&self, number: u8) -> &dyn Section {
        self.sections[usize::from(number) - 1].as_ref()
    }

    /// The section with this number, for tests and scenario codes.
    pub fn section_mut(&mut self, number: u8) -> &mut dyn Section {
        self.sections[usize::from(number) - 1].as_mut()
    }

    /// Applies an app-wide shortcut; returns it back if it belongs to the section.
    fn apply(
        &mut self,
        ctx: &egui::Context,
        frame: Option<&eframe::Frame>,
        action: Action,
    ) -> Option<Action> {
        let n = self.current_section();
        match action {
            Action::NextSection | Action::NextSectionArrow => self.go_to((n + 1).min(10)),
            Action::PreviousSection | Action::PreviousSectionArrow => {
                self.go_to(n.saturating_sub(1).max(1))
            }
            Action::FirstSection => self.go_to(1),
            Action::LastSection => self.go_to(10),
            Action::ToggleSidePanel => self.side_open = !self.side_open,
            Action::ToggleGlossary => self.glossary.toggle_index(),
            Action::Choose(_) | Action::Continue | Action::Reveal => return Some(action),
            other => {
                let section = self.sections[self.current].as_ref();
                return self
                    .tools
                    .apply(ctx, frame, other, section, &mut self.side_open);
            }
        }
        None
    }

    fn top_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let toggle = ui
                .selectable_label(self.side_open, "☰ Sections")
                .on_hover_text("Show or hide the section list (Ctrl+B)");
            if toggle.clicked() {
                self.side_open = !self.side_open;
            }
            ui.separator();
            if !self.lecture() {
                // A projector needs the room; the window and the page carry the title.
                ui.label(RichText::new(WINDOW_TITLE).strong());
                ui.separator();
            }
            let n = self.current_section();
            if ui
                .add_enabled(n > 1, egui::Button::new("◀ Previous"))
                .clicked()
            {
                self.go_to(n - 1);
            }
            ui.label(format!("{n} / {}", self.sections.len()));
            if ui
                .add_enabled(n < 10, egui::Button::new("Next ▶"))
                .clicked()
            {
                self.go_to(n + 1);
            }
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                self.tools.top_bar(ui);
                ui.separator();
                if !self.lecture() {
                    // Lecture mode brings its own projector colours.
                    theme_switch(ui);
                    ui.separator();
                }
                zoom_controls(ui);
                ui.separator();
                ui::xp::top_bar(ui, &self.progress, &mut self.glossary);
            });
        });
    }

    fn section_list(&mut self, ui: &mut Ui) {
        ui.add_space(6.0);
        ui.heading("Sections");
        ui.add_space(4.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            for i in 0..self.sections.len() {
                let text = self.sections[i].text();
                let selected = i == self.current;
                let mark = ui::xp::section_mark(&self.progress, text.number);
                let label = RichText::new(format!("{}. {}{mark}", text.number, text.title));
                let r = ui
                    .add(
                        egui::Button::selectable(selected, label)
                            .min_size(egui::vec2(ui.available_width(), 0.0)),
                    )
                    .on_hover_text(&text.subtitle);
                if r.clicked() {
                    self.go_to(text.number);
                }
            }
        });
    }

    fn page(&mut self, ui: &mut Ui, events: &mut Vec<AppEvent>, actions: &[Action]) {
        let idx = self.current;
        let mut cx = Cx {
            runner: &self.runner,
            events,
            lecture: self.tools.presenter.lecture(),
            reduced_motion: self.tools.presenter.reduced_motion,
            actions,
            progress: &mut self.progress,
        };
        let section = &mut self.sections[idx];
        let text = section.text();
        egui::ScrollArea::vertical()
            .id_salt(("section-scroll", idx))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.set_max_width(ui.available_width().min(1400.0));
                ui.add_space(8.0);
                ui.label(
                    RichText::new(format!("Section {} · {}", text.number, text.subtitle)).weak(),
                );
                ui.heading(
                    RichText::new(&text.title)
                        .size(ui.style().text_styles[&egui::TextStyle::Heading].size * 1.3),
                );
                ui.add_space(6.0);
                if cx.lecture {
                    // On a projector the interactive part comes first; the lecturer tells the
                    // story and can still open the text.
                    egui::CollapsingHeader::new("The explanation in words")
                        .id_salt(("lecture-intro", idx))
                        .default_open(false)
                        .show(ui, |ui| {
                            for p in &text.intro {
                                widgets::paragraph(ui, p, &mut cx);
                            }
                        });
                } else {
                    for p in &text.intro {
                        widgets::paragraph(ui, p, &mut cx);
                    }
                }
                ui.add_space(6.0);
                section.ui(ui, &mut cx);
                self.tools.share.page_view(ui, section.plot_rect());
                widgets::describe_main_plot(ui.ctx(), section.plot_rect(), section.summary());
                if !text.after.is_empty() {
                    ui.add_space(10.0);
                    for p in &text.after {
                        widgets::paragraph(ui, p, &mut cx);
                    }
                }
                ui.add_space(24.0);
            });
    }

    fn cards(&mut self, ctx: &egui::Context, events: &mut Vec<AppEvent>) {
        let mut cx = Cx {
            runner: &self.runner,
            events,
            lecture: self.tools.presenter.lecture(),
            reduced_motion: self.tools.presenter.reduced_motion,
            actions: &[],
            progress: &mut self.progress,
        };
        self.glossary.show(ctx, &mut cx);
    }
}

impl eframe::App for LessonApp {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        if self.tools.presenter.blank_frame(ui) {
            return;
        }
        let ctx = ui.ctx().clone();
        let frame = Some(&*frame);
        if let Some(n) = self.tools.begin_frame(&ctx, &mut self.sections) {
            self.go_to(n);
        }
        let mut section_actions = Vec::new();
        let pressed = if self.glossary.card_open() || self.tools.dialog_open() {
            keymap::pressed_where(&ctx, Action::works_over_dialogs)
        } else {
            keymap::pressed(&ctx)
        };
        for action in pressed {
            section_actions.extend(self.apply(&ctx, frame, action));
        }
        let mut events = Vec::new();

        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.add_space(2.0);
            self.top_bar(ui);
            ui.add_space(2.0);
        });
        egui::Panel::bottom("share-bar").show(ui, |ui| {
            self.tools
                .bottom_bar(ui, self.sections[self.current].as_ref());
        });
        let mut open = self.side_open;
        egui::Panel::left("section-list")
            .resizable(true)
            .default_size(230.0)
            .show_collapsible(ui, &mut open, |ui| self.section_list(ui));
        self.side_open = open;
        ui::xp::notice(ui, &mut self.progress);
        egui::CentralPanel::default().show(ui, |ui| self.page(ui, &mut events, &section_actions));
        self.cards(&ctx, &mut events);
        for action in self.tools.take_queued() {
            // Buttons stand for shortcuts of the app and the tools only.
            let _ = self.apply(&ctx, frame, action);
        }
        if let Some(n) = self.tools.end_frame(&ctx, frame, &mut self.sections) {
            self.go_to(n);
        }

        for e in events {
            match e {
                AppEvent::OpenTerm(id) => self.glossary.open(id),
                AppEvent::GoTo(n) => self.go_to(n),
            }
        }
        self.progress.visit(self.current_section());
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.tools.presenter.save(storage);
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        // The font atlas is as wide as the largest texture the driver takes (16,384 pixels with
        // Mesa) and grows in height: at 2,048 it holds the same glyphs in far less memory.
        raw_input.max_texture_side = raw_input.max_texture_side.map(|s| s.min(2048));
        self.tools.share.raw_input_hook(raw_input);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // The last change reaches the progress file before the window closes.
        self.progress.flush();
    }
}

fn style(ctx: &egui::Context) {
    ctx.all_styles_mut(|s| {
        for (style, size) in [
            (egui::TextStyle::Body, 16.0),
            (egui::TextStyle::Button, 15.0),
            (egui::TextStyle::Heading, 22.0),
            (egui::TextStyle::Small, 12.0),
            (egui::TextStyle::Monospace, 14.0),
        ] {
            if let Some(font) = s.text_styles.get_mut(&style) {
                font.size = size;
            }
        }
        s.spacing.item_spacing = egui::vec2(8.0, 6.0);
        s.spacing.slider_width = 180.0;
    });
    // Body text with more contrast than egui's defaults: it must read on a projector.
    ctx.style_mut_of(egui::Theme::Dark, |s| {
        s.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(225);
    });
    ctx.style_mut_of(egui::Theme::Light, |s| {
        s.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(20);
    });
}

fn zoom_controls(ui: &mut Ui) {
    // Right-to-left layout: added in reverse.
    let zoom = ui.ctx().zoom_factor();
    if ui.button("A+").on_hover_text("Larger (Ctrl +)").clicked() {
        ui.ctx().set_zoom_factor((zoom + 0.1).min(3.0));
    }
    if ui
        .button(format!("{:.0} %", zoom * 100.0))
        .on_hover_text("Reset the size (Ctrl 0)")
        .clicked()
    {
        ui.ctx().set_zoom_factor(1.0);
    }
    if ui.button("A−").on_hover_text("Smaller (Ctrl −)").clicked() {
        ui.ctx().set_zoom_factor((zoom - 0.1).max(0.5));
    }
}

fn theme_switch(ui: &mut Ui) {
    let mut pref = ui.ctx().options(|o| o.theme_preference);
    let before = pref;
    // Right-to-left layout: added in reverse.
    ui.selectable_value(&mut pref, egui::ThemePreference::Dark, "Dark");
    ui.selectable_value(&mut pref, egui::ThemePreference::Light, "Light");
    ui.selectable_value(&mut pref, egui::ThemePreference::System, "System");
    if pref != before {
        ui.ctx().set_theme(pref);
    }
}

fn native_options(renderer: eframe::Renderer) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(WINDOW_TITLE)
            .with_app_id(APP_ID)
            .with_inner_size([1280.0, 720.0])
            .with_min_inner_size([720.0, 480.0])
            .with_icon(Arc::new(
                eframe::icon_data::from_png_bytes(include_bytes!("../assets/icon.png"))
                    .expect("the embedded icon is a valid PNG"),
            )),
        renderer,
        persist_window: true,
        ..Default::default()
    }
}

/// Opens the lesson window. If the chosen renderer cannot start, the other one is tried.
pub fn run_native(cli: &Cli) -> ExitCode {
    let (first, second) = match cli.renderer {
        RendererChoice::Glow => (eframe::Renderer::Glow, eframe::Renderer::Wgpu),
        RendererChoice::Wgpu => (eframe::Renderer::Wgpu, eframe::Renderer::Glow),
    };
    let mut last_error = None;
    for renderer in [first, second] {
        let options = AppOptions::from_cli(cli);
        let result = eframe::run_native(
            APP_ID,
            native_options(renderer),
            Box::new(move |cc| Ok(Box::new(LessonApp::new(cc, options)))),
        );
        match result {
            Ok(()) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("locks-lesson: the {renderer} renderer could not start: {e}");
                last_error = Some(e);
            }
        }
    }
    if last_error.is_some() {
        eprintln!(
            "locks-lesson: no graphics renderer could start; the `sim` command still works without one."
        );
    }
    ExitCode::FAILURE
}
