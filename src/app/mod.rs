//! The application shell: window, top bar, section list, the current section, cards.

use std::sync::Arc;

use egui::Ui;

use crate::progress::ProgressFile;
use crate::runner::Runner;
use crate::ui::kit::widgets;
use crate::ui::share::export::Destination;
use crate::ui::shell::keymap::Action;
use crate::ui::shell::presenter::PresenterView;
use crate::ui::shell::tools::Tools;
use crate::ui::{self, AppEvent, Section, Shareable};

/// The window's title (also the name assistive technology gives the window).
pub const WINDOW_TITLE: ui::shell::CatalogueText = ui::shell::topbar::TITLE;

/// The sections' context. It borrows only the runner, the progress and the lecture settings
/// of the app, so that its other fields (the sections, the glossary) stay free to use.
macro_rules! cx {
    ($app:ident, $events:expr, $actions:expr) => {
        $crate::ui::Cx {
            runner: &$app.runner,
            events: $events,
            lecture: $app.tools.lecture.lecture(),
            reduced_motion: $app.tools.lecture.reduced_motion,
            actions: $actions,
            progress: &mut $app.progress,
            predictions: $app.ask_predictions,
            slide: false,
        }
    };
}

pub(crate) const APP_ID: &str = "locks-lesson";
pub use crate::options::AppOptions;

pub struct LessonApp {
    sections: Vec<Box<dyn Section>>,
    /// Index into `sections`.
    current: usize,
    side_open: bool,
    runner: Runner,
    /// The glossary card on screen and the glossary index.
    glossary: ui::shell::glossary::Glossary,
    /// Lecture mode, keyboard map, reduced motion, scenario codes, exports.
    tools: Tools,
    /// Quiz answers, XP and the last section, kept in the progress file.
    progress: ProgressFile,
    ask_predictions: bool,
    /// A lecture ends with the lab (its servers are installed).
    lab_in_lecture: bool,
    /// The audience window and the console.
    presenter_view: PresenterView,
    ctx: egui::Context,
    /// The spaced review's page, while it is open (in the section's place).
    review: Option<ui::review::ReviewPage>,
}

impl LessonApp {
    pub fn new(cc: &eframe::CreationContext<'_>, options: AppOptions) -> Self {
        let ctx = cc.egui_ctx.clone();
        let runner = if options.inline_runner {
            Runner::inline()
        } else {
            Runner::threaded(Arc::new(move || ctx.request_repaint()))
        };
        let playlist_file = options.playlist.clone().or_else(|| {
            let dir = options.progress_file.as_deref()?.parent()?;
            Some(dir.join(ui::share::playlist::DEFAULT_FILE_NAME))
        });
        let scenario = options.scenario.clone();
        let mut progress = options
            .progress_file
            .map_or_else(ProgressFile::memory, ProgressFile::open);
        progress.clock = options.clock;
        // A lecture starts at the beginning; a learner comes back where they left off.
        let lecture = options.lecture || options.presenter;
        let remembered = progress.get().last_visited().filter(|_| !lecture);
        let section = options
            .section
            .or(remembered)
            .unwrap_or(1)
            .clamp(1, crate::sections::lab());
        crate::ui::kit::style::style(&cc.egui_ctx);
        let destination = options
            .export_dir
            .map_or(Destination::Ask, Destination::Folder);
        let mut tools = Tools::new(cc, destination);
        let mut side_open = true;
        if options.lecture {
            tools
                .lecture
                .set_lecture(&cc.egui_ctx, true, &mut side_open);
        }
        let lab_in_lecture = options.lab_in_lecture.unwrap_or_else(|| {
            use crate::lab::{ServerKind, server::find_binary};
            options.lab_server.is_some()
                || find_binary(ServerKind::Redis).is_some()
                || find_binary(ServerKind::Etcd).is_some()
        });
        let mut lab = ui::sections::lab::LabPage::new();
        if let Some((server, url)) = &options.lab_server {
            lab.server = *server;
            lab.url = url.clone();
        }
        let mut sections = ui::all_sections_with(lab);
        let (list, problems) = match &options.playlist {
            Some(path) => ui::share::playlist::Playlist::load(path).unwrap_or_else(|e| {
                (
                    ui::share::playlist::Playlist::writing_to(playlist_file),
                    vec![e],
                )
            }),
            None => (
                ui::share::playlist::Playlist::writing_to(playlist_file),
                Vec::new(),
            ),
        };
        tools.playlist = list;
        let opened = ui::share::playlist::start(
            &cc.egui_ctx,
            lecture,
            scenario.as_deref(),
            &mut tools.playlist,
            &problems,
            &mut tools.share,
            &mut sections,
        );
        // A prepared run decides where the lesson opens; otherwise a lecture opens the section
        // at its first build step, as Page Down would have.
        if opened.is_none()
            && lecture
            && let Some(page) = sections[usize::from(section) - 1].present_mut()
        {
            page.arrive(ui::Press::new(true, true));
        }
        let section = opened.unwrap_or(section);
        let presenter_view = PresenterView::new(cc.storage, options.presenter);
        Self {
            ctx: cc.egui_ctx.clone(),
            presenter_view,
            sections,
            current: usize::from(section) - 1,
            side_open,
            runner,
            glossary: ui::shell::glossary::Glossary::default(),
            tools,
            progress,
            ask_predictions: options.ask_predictions,
            lab_in_lecture,
            review: None,
        }
    }

    /// The spaced review's page, if open.
    pub fn review(&self) -> Option<&ui::review::ReviewPage> {
        self.review.as_ref()
    }

    /// Opens the spaced review, or closes it (never in lecture mode: nothing is scored there).
    pub fn toggle_review(&mut self) {
        if self.review.is_some() || self.lecture() {
            self.review = None;
        } else {
            let now = self.progress.clock.now();
            let page = ui::review::ReviewPage::start(self.progress.get(), now, &self.runner);
            self.review = Some(page);
        }
    }

    /// Lecture (projector) mode is on.
    pub fn lecture(&self) -> bool {
        self.tools.lecture.lecture()
    }

    pub fn reduced_motion(&self) -> bool {
        self.tools.lecture.reduced_motion
    }

    /// Final states at once instead of animations (the top bar's "Reduce motion").
    pub fn set_reduced_motion(&mut self, on: bool) {
        self.tools.lecture.reduced_motion = on;
    }

    /// Whether the lecture ends with the lab.
    pub fn lab_in_lecture(&self) -> bool {
        self.lab_in_lecture
    }

    /// The presenter view (the audience window and the console).
    pub fn presenter_view(&self) -> &PresenterView {
        &self.presenter_view
    }

    pub fn presenter_view_mut(&mut self) -> &mut PresenterView {
        &mut self.presenter_view
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

    /// The id of the section on show (`"ttl"`).
    pub fn current_id(&self) -> &'static str {
        crate::sections::id(self.current_section()).unwrap_or_default()
    }

    pub fn go_to(&mut self, number: u8) {
        let to = usize::from(number.clamp(1, self.sections.len() as u8)) - 1;
        self.current = to;
        self.review = None;
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
    pub fn progress(&self) -> &ProgressFile {
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

    /// Puts `page` in the place of its section (tests: the lab page with a recorded run).
    pub fn replace_section(&mut self, page: Box<dyn Section>) {
        let i = usize::from(page.number()) - 1;
        self.sections[i] = page;
    }

    /// Section `number`'s slide-ready figure, laid out off screen (see [`ui::share::slide`]).
    pub fn slide(&mut self, number: u8, width: u32) -> Option<ui::share::slide::Prepared> {
        let section = self.sections[usize::from(number) - 1].as_mut();
        ui::share::slide::prepare(section, &self.runner, &mut self.progress, width)
    }

    /// The lecture's last section: the lab where its servers are installed, else the last
    /// of the lesson. A learner pages on to the lab either way.
    pub fn last_section(&self) -> u8 {
        if !self.lecture() || self.lab_in_lecture {
            crate::sections::lab()
        } else {
            crate::sections::lesson_count()
        }
    }

    /// Applies an app-wide shortcut; returns it back if it belongs to the section.
    fn apply(
        &mut self,
        ctx: &egui::Context,
        frame: Option<&eframe::Frame>,
        action: Action,
    ) -> Option<Action> {
        let mode = &mut self.tools.lecture;
        let action = self
            .presenter_view
            .apply(ctx, action, mode, &mut self.side_open)?;
        match action {
            Action::NextSection | Action::NextSectionArrow => self.step(ctx, true),
            Action::PreviousSection | Action::PreviousSectionArrow => self.step(ctx, false),
            Action::FirstSection | Action::LastSection => {
                // A lecture opens the section at its first build step, as Page Down would.
                let to = match action {
                    Action::FirstSection => 1,
                    _ if self.lecture() => self.last_section(),
                    _ => crate::sections::lesson_count(),
                };
                self.go_to(to);
                let press = ui::Press::new(true, self.lecture());
                if let Some(page) = self.sections[self.current].present_mut() {
                    page.arrive(press);
                }
            }
            Action::ToggleSidePanel => self.side_open = !self.side_open,
            Action::ToggleGlossary => self.glossary.toggle_index(),
            Action::Review => self.toggle_review(),
            Action::ExportPlot | Action::CopyFigure => {
                let copy = action == Action::CopyFigure;
                let section = self.sections[self.current].as_mut();
                let (runner, progress) = (&self.runner, &mut self.progress);
                self.tools
                    .share
                    .figure(ctx, copy, section, runner, progress);
            }
            a if a.for_section() => return Some(a),
            other => {
                let section = self.sections[self.current].as_ref();
                return self
                    .tools
                    .apply(ctx, frame, other, section, &mut self.side_open);
            }
        }
        None
    }

    fn page(&mut self, ui: &mut Ui, events: &mut Vec<AppEvent>, actions: &[Action]) {
        if self.lecture() {
            self.review = None;
        }
        if let Some(page) = &mut self.review {
            if !page.ui(ui, actions, &mut self.progress, &self.runner) {
                self.review = None;
            }
            return;
        }
        let idx = self.current;
        let mut cx = cx!(self, events, actions);
        let section = &mut self.sections[idx];
        if section.whole_page() {
            section.ui(ui, &mut cx);
            widgets::describe_main_plot(
                ui.ctx(),
                section.share().and_then(Shareable::plot_rect),
                section.summary(),
            );
            return;
        }
        ui::sections::text::page(ui, section.as_mut(), &mut cx);
    }

    /// Applies what the sections asked for during the frame.
    fn handle(&mut self, events: Vec<AppEvent>) {
        for e in events {
            match e {
                AppEvent::OpenTerm(id) => self.glossary.open(id),
                AppEvent::GoTo(n) => self.go_to(n),
                AppEvent::OpenLab(id) => {
                    let lab = crate::sections::lab();
                    self.go_to(lab);
                    if let Some(page) = self.sections[usize::from(lab) - 1].present_mut() {
                        page.open_part(&id);
                    }
                }
            }
        }
    }

    fn cards(&mut self, ctx: &egui::Context, events: &mut Vec<AppEvent>) {
        let mut cx = cx!(self, events, &[]);
        self.glossary.show(ctx, &mut cx);
    }
}

// A clicker's Page Down and Page Up.
mod clicker;
// The window's frame: panels, keys and the presenter view (after `cx!`, which it uses).
mod frame;
