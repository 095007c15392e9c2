//! The lab page: section 3's story on a real Redis or etcd, run when the learner presses Run.
//!
//! Nothing touches the network before that. The run happens on a worker thread (the runner's),
//! can be cancelled at any moment, and stops the server it started when it ends.

pub mod failover;
pub mod failover_figure;
pub mod figure;
mod run;
mod summary;

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::lab::{self, LabParams, LabRun, ServerKind};
use crate::lesson::SectionText;
use crate::lesson::catalogue::{t, tf};
use crate::lesson::quantity as fmt;
use crate::runner::{Runner, Task};
use crate::ui::kit::widgets;
use crate::ui::{Cx, Present, Section, Shareable};
use failover::{EXPERIMENTS, FailoverPanel};
pub use run::{RunUpdate, spawn_run};
use summary::{facts, finished_status, text};
pub use summary::{headline, lanes_height};

/// The page's title, in the current language.
pub fn title() -> &'static str {
    t("lab.text.title")
}

/// The page's title where a string is wanted (`&TITLE`, `TITLE.to_owned()`), read from the
/// catalogue when used.
pub const TITLE: crate::lesson::catalogue::CatalogueText =
    crate::lesson::catalogue::CatalogueText::new(title);

pub struct LabPage {
    pub server: ServerKind,
    /// Empty: start a server of our own.
    pub url: String,
    pub fencing: bool,
    pub ttl_ms: f64,
    pub pause_ms: f64,
    task: Option<Task<RunUpdate>>,
    /// The status line, and the server it is about.
    status: (ServerKind, String),
    /// The last run on each server: a result is shown only beside the server that produced it.
    results: Vec<LabRun>,
    error: Option<(ServerKind, String)>,
    plot_rect: Option<egui::Rect>,
    /// The story on screen: 0 is section 3's stale holder, then the failover experiments
    /// ([`EXPERIMENTS`]); in lecture mode each is a build step.
    pub part: usize,
    pub failover: FailoverPanel,
    /// Lecture mode: the clicker opened the part on screen, which runs as its build.
    build: bool,
}

impl Default for LabPage {
    fn default() -> Self {
        Self::new()
    }
}

impl LabPage {
    pub fn new() -> Self {
        Self {
            server: ServerKind::Redis,
            url: String::new(),
            fencing: false,
            ttl_ms: lab::TTL_MS.default,
            pause_ms: lab::PAUSE_MS.default,
            task: None,
            status: (ServerKind::Redis, String::new()),
            results: Vec::new(),
            error: None,
            plot_rect: None,
            part: 0,
            failover: FailoverPanel::default(),
            build: false,
        }
    }

    /// The page showing a finished failover run.
    pub fn with_failover(run: crate::lab::failover::FailoverRun) -> Self {
        let mut page = Self::new();
        page.part = 1 + EXPERIMENTS
            .iter()
            .position(|p| *p == run.params)
            .unwrap_or(0);
        page.failover.set_result(run);
        page
    }

    /// The failover experiment on screen, if any.
    fn experiment(&self) -> Option<usize> {
        self.part.checked_sub(1)
    }

    /// The tabs: the stale story and each failover experiment.
    fn tabs(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.part, 0, t("lab.tab.stale"));
            for (i, p) in EXPERIMENTS.iter().enumerate() {
                let title = &crate::lab::failover::experiment(p).title;
                ui.selectable_value(&mut self.part, i + 1, title);
            }
        });
        ui.separator();
    }

    /// The page showing a finished run (tests and screenshots: real runs have real times).
    pub fn with_result(run: LabRun) -> Self {
        let mut page = Self::new();
        let p = &run.params;
        page.server = p.server;
        page.url = p.url.clone().unwrap_or_default();
        page.fencing = p.fencing;
        page.ttl_ms = p.ttl_ms as f64;
        page.pause_ms = p.pause_ms as f64;
        page.status = (run.params.server, finished_status(&run));
        page.results.push(run);
        page
    }

    /// A boxed section for the app's list.
    pub fn section() -> Box<dyn Section> {
        Box::new(Self::new())
    }

    pub fn params(&self) -> LabParams {
        LabParams {
            server: self.server,
            url: Some(self.url.trim().to_owned()).filter(|u| !u.is_empty()),
            fencing: self.fencing,
            ttl_ms: lab::TTL_MS.clamp(self.ttl_ms) as u64,
            pause_ms: lab::PAUSE_MS.clamp(self.pause_ms) as u64,
        }
    }

    pub fn running(&self) -> bool {
        self.task.is_some()
    }

    /// The last run on the server picked.
    pub fn result(&self) -> Option<&LabRun> {
        self.results.iter().find(|r| r.params.server == self.server)
    }

    /// The last run's error, if it was on the server picked.
    pub fn error(&self) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|(s, _)| *s == self.server)
            .map(|(_, e)| e.as_str())
    }

    /// The status line of the server picked.
    pub fn status(&self) -> &str {
        match &self.status {
            (s, text) if *s == self.server && !text.is_empty() => text,
            _ => t("lab.status.idle"),
        }
    }

    /// Starts a run with the page's settings.
    pub fn run(&mut self, runner: &Runner) {
        let params = self.params();
        self.error = None;
        self.status = (params.server, t("lab.status.starting").into());
        self.task = Some(spawn_run(runner, "lab", move |ctl| {
            lab::run_stale(&params, ctl)
        }));
    }

    /// Cancels a run (its server, if it started one, is stopped).
    pub fn cancel(&mut self) {
        if let Some(task) = self.task.take() {
            task.cancel();
            self.status.1 = t("lab.status.cancelled").into();
        }
    }

    /// Adopts news from the worker.
    fn poll(&mut self) {
        let Some(task) = &self.task else { return };
        let Some(ended) = run::poll(task, &mut self.status.1) else {
            return;
        };
        self.task = None;
        let server = self.status.0;
        match ended {
            run::Ended::Done(run) => {
                self.status = (server, finished_status(&run));
                self.results
                    .retain(|r| r.params.server != run.params.server);
                self.results.push(run);
            }
            run::Ended::Cancelled => self.status.1 = t("lab.status.cancelled").into(),
            run::Ended::Failed(msg) => {
                self.status.1 = t("lab.status.failed").into();
                self.error = Some((server, msg));
            }
        }
    }

    fn controls(&mut self, ui: &mut Ui, cx: &Cx<'_>) {
        let busy = self.running();
        ui.add_enabled_ui(!busy, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(t("lab.controls.server"));
                for kind in [ServerKind::Redis, ServerKind::Etcd] {
                    ui.selectable_value(&mut self.server, kind, kind.name());
                }
                ui.separator();
                let label = ui.label(t("lab.controls.url"));
                let hint = tf(
                    "lab.controls.url_hint",
                    &[("url", self.server.example_url())],
                );
                ui.add(
                    egui::TextEdit::singleline(&mut self.url)
                        .hint_text(hint)
                        .desired_width(300.0),
                )
                .labelled_by(label.id);
            });
            // Both sliders on one row where they fit with their words and values (a slider's
            // label is part of it: a row that wraps would cut it at the window's edge), one
            // under the other where they do not.
            // (Their values, times such as "2.5 s", may be wider than the usual one the row
            // allows for.)
            let widest = widgets::text_width(ui, fmt::duration_ms(8_880.0));
            let wider = 2.0 * (widest - crate::ui::kit::measure::value_width(ui)).max(0.0);
            let labels = [label(&lab::TTL_MS), label(&lab::PAUSE_MS)];
            let row = widgets::row_slider_width(ui, &labels, wider);
            let sliders = [
                (&lab::TTL_MS, &mut self.ttl_ms),
                (&lab::PAUSE_MS, &mut self.pause_ms),
            ];
            let slider = |ui: &mut Ui, spec: &crate::sim::ParamSpec, value: &mut f64| {
                widgets::keyed_slider(ui, spec, value, |ui, value| {
                    ui.add(
                        egui::Slider::new(value, spec.min..=spec.max)
                            .step_by(100.0)
                            .clamping(egui::SliderClamping::Always)
                            .custom_formatter(|v, _| fmt::duration_ms(v))
                            .custom_parser(fmt::parse_ms)
                            .text(label(spec)),
                    )
                });
            };
            match row {
                Some(width) => {
                    ui.horizontal(|ui| {
                        ui.spacing_mut().slider_width = width;
                        for (spec, value) in sliders {
                            slider(ui, spec, value);
                        }
                    });
                }
                None => {
                    // One under the other, each slider as long as its row leaves room for.
                    let gap = ui.spacing().item_spacing.x;
                    let beside = [&lab::TTL_MS, &lab::PAUSE_MS]
                        .map(|s| widgets::text_width(ui, label(s)))
                        .into_iter()
                        .fold(0.0, f32::max)
                        + crate::ui::kit::measure::value_width(ui)
                        + 5.0 * gap;
                    ui.scope(|ui| {
                        let room = ui.available_width() - beside;
                        ui.spacing_mut().slider_width = room.clamp(40.0, 220.0);
                        for (spec, value) in sliders {
                            slider(ui, spec, value);
                        }
                    });
                }
            }
            ui.checkbox(&mut self.fencing, t("lab.controls.fencing"))
                .on_hover_text(t("lab.controls.fencing_tip"));
        });
        ui.horizontal(|ui| {
            if busy {
                ui.add(egui::Spinner::new());
                if ui.button(t("lab.button.cancel")).clicked() {
                    self.cancel();
                }
            } else if ui
                .button(RichText::new(t("lab.button.run")).strong())
                .clicked()
            {
                self.run(cx.runner);
            }
            ui.label(tf("lab.status.line", &[("status", self.status())]));
        });
        if let Some(e) = self.error() {
            ui.add(egui::Label::new(RichText::new(e).color(widgets::warn_color(ui))).wrap());
        }
    }
}

/// A setting's label on the page.
fn label(spec: &crate::sim::ParamSpec) -> &'static str {
    t(&format!("lab.param.{}", spec.flag))
}

impl Section for LabPage {
    fn number(&self) -> u8 {
        crate::sections::lab()
    }

    fn text(&self) -> &'static SectionText {
        text()
    }

    fn summary(&self) -> Option<String> {
        match self.experiment() {
            Some(i) => self.failover.result(i).map(crate::lab::failover::story),
            None => self.result().map(headline),
        }
    }

    fn done_by_reading(&self) -> bool {
        false
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.poll();
        // One experiment run to its end finishes the lab.
        let ran = !self.results.is_empty() || (0..4).any(|i| self.failover.result(i).is_some());
        if ran {
            cx.mark_done(self.number());
        }
        // A lecture's build: the part the clicker opened runs once.
        if std::mem::take(&mut self.build) && cx.lecture && !self.running() {
            match self.experiment() {
                Some(i) if self.failover.result(i).is_none() && !self.failover.running() => {
                    self.failover.run(i, cx.runner);
                }
                None if self.result().is_none() => self.run(cx.runner),
                _ => {}
            }
        }
        self.tabs(ui);
        if let Some(i) = self.experiment() {
            self.failover.ui(ui, cx, i);
            if self.part == EXPERIMENTS.len() {
                crate::ui::shell::lecture::end_line(ui, self.number());
            }
            return;
        }
        if !cx.lecture {
            // (On a projector the timeline comes first: the settings are the lab's defaults.)
            self.controls(ui, cx);
        }
        ui.add_space(8.0);
        let Some(at) = self
            .results
            .iter()
            .position(|r| r.params.server == self.server)
        else {
            ui.label(t("lab.no_run"));
            return;
        };
        let run = &self.results[at];
        widgets::headline(ui, &headline(run));
        ui.add_space(8.0);
        // The key above the timeline: in view whenever the timeline's top is, however much
        // the words above take on a small screen.
        figure::key(ui, cx);
        // Each lane keeps room for a bar and a line of words above and below it.
        let least = lanes_height(ui, 4);
        let height = (ui.available_height() - 8.0).clamp(least, least.max(340.0));
        let drawn = ui.scope(|ui| figure::timeline(ui, cx, run, height));
        self.plot_rect = Some(drawn.response.rect);
        ui.add_space(6.0);
        egui::CollapsingHeader::new(t("lab.measured"))
            .default_open(true)
            .show(ui, |ui| {
                facts(ui, run);
            });
        egui::CollapsingHeader::new(t("lab.how_measured"))
            .default_open(false)
            .show(ui, |ui| {
                widgets::paragraph(ui, &text().how, cx);
            });
    }

    crate::offers_share!();
    crate::offers_present!();
}

/// The lab shares no settings: only the area of its figure, for a PNG export.
impl Shareable for LabPage {
    fn plot_rect(&self) -> Option<egui::Rect> {
        match self.experiment() {
            Some(_) => self.failover.plot_rect,
            None => self.plot_rect,
        }
    }
}

/// The lab in a lecture: its experiments one by one, each run as it opens.
impl Present for LabPage {
    fn step(&mut self, forward: bool, lecture: bool) -> bool {
        if !lecture {
            return false;
        }
        match (forward, self.part) {
            (true, p) if p < EXPERIMENTS.len() => self.part += 1,
            (false, p) if p > 0 => self.part -= 1,
            _ => return false,
        }
        self.build = forward;
        true
    }

    fn arrive(&mut self, at_end: bool, lecture: bool) {
        if lecture {
            self.part = if at_end { EXPERIMENTS.len() } else { 0 };
            self.build = !at_end;
        }
    }

    fn open_part(&mut self, id: &str) {
        if let Some(i) = failover::index_of(id) {
            self.part = i + 1;
        }
    }

    fn slide(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) -> bool {
        if let Some(i) = self.experiment() {
            let Some(run) = self.failover.result(i) else {
                return false;
            };
            let frame = crate::ui::share::slide::Frame {
                heading: title(),
                headline: Some(crate::lab::failover::story(run)),
                code: None,
            };
            crate::ui::share::slide::show(ui, cx, &frame, |ui, cx, size| {
                let key = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 12.0;
                failover_figure::timeline(ui, cx, run, (size.y - key).max(120.0));
                failover_figure::key(ui, cx, run);
            });
            return true;
        }
        let Some(run) = self.result() else {
            return false;
        };
        let frame = crate::ui::share::slide::Frame {
            heading: title(),
            headline: Some(headline(run)),
            code: None,
        };
        crate::ui::share::slide::show(ui, cx, &frame, |ui, cx, size| {
            let key = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 12.0;
            figure::timeline(ui, cx, run, (size.y - key).max(120.0));
            figure::key(ui, cx);
        });
        true
    }
}

impl Drop for LabPage {
    /// Closing the app mid-run: stop the run and give it a moment to stop its server.
    fn drop(&mut self) {
        self.failover.stop_and_wait();
        if let Some(task) = self.task.take() {
            task.cancel();
            let until = Instant::now() + Duration::from_secs(3);
            while !task.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}
