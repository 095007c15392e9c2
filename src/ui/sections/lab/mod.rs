//! The lab page: section 3's story on a real Redis or etcd, run when the learner presses Run.
//!
//! Nothing touches the network before that. The run happens on a worker thread (the runner's),
//! can be cancelled at any moment, and stops the server it started when it ends.

mod builds;
mod controls;
mod expect;
pub mod failover;
pub mod failover_figure;
pub mod figure;
mod lanes;
mod room;
mod run;
mod summary;

use egui::{RichText, Ui};

use crate::lab::{self, LabParams, LabRun, ServerKind};
use crate::lesson::SectionText;
use crate::lesson::quantity as fmt;
use crate::runner::Runner;
use crate::ui::kit::widgets;
use crate::ui::{Cx, Offers, OffersMut, Section, Shareable};
use failover::{EXPERIMENTS, FailoverPanel, View};
use run::Job;
pub use run::{ReplayClock, RunUpdate, Source, spawn_run};
use summary::{facts, finished_status, text};
pub use summary::{headline, lanes_height, slide_headline};

/// The page's title, in the current language.
pub fn title() -> &'static str {
    t!("lab.text.title")
}

/// The page's title where a string is wanted (`&TITLE`, `TITLE.to_owned()`), read from the
/// catalogue when used.
pub const TITLE: crate::lesson::catalogue::CatalogueText =
    crate::lesson::catalogue::CatalogueText::new(title);

/// The page's parts: section 3's stale holder, then each failover experiment.
pub const PARTS: usize = EXPERIMENTS.len() + 1;

pub struct LabPage {
    pub server: ServerKind,
    /// Empty: start a server of our own.
    pub url: String,
    pub fencing: bool,
    pub ttl_ms: f64,
    pub pause_ms: f64,
    task: Option<Job<LabRun>>,
    /// The status line, and the server it is about.
    status: (ServerKind, String),
    /// The last run on each server: a result is shown only beside the server that produced it,
    /// and only while the settings are the ones it ran with.
    results: Vec<LabRun>,
    error: Option<(ServerKind, String)>,
    plot_rect: Option<egui::Rect>,
    /// The story on screen: 0 is section 3's stale holder, then the failover experiments
    /// ([`EXPERIMENTS`]); in lecture mode each is asked, run and shown in build steps.
    pub part: usize,
    pub failover: FailoverPanel,
    /// Where runs come from: real servers, or a replay (tests).
    source: Source,
    /// What is expected of the stale holder's run: storage ends with A's stale data (`true`).
    expected: Option<bool>,
    /// Each part's result is revealed (set when its run ends; a lecture's build step back
    /// hides it and asks the question again).
    shown: [bool; PARTS],
    /// Lecture mode: Page Down (or R) asked to run the part on screen (started when drawn).
    start: bool,
    /// Lecture mode: Page Down was pressed while the part on screen was running: its result
    /// shows when the run ends (and the next Page Down goes on from there).
    held: bool,
    /// A run on screen has just ended: its headline is brought into view.
    ended: bool,
    /// Lecture mode: the lecture's last words, a build of their own after the last result.
    closing: bool,
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
            source: Source::Servers,
            expected: None,
            shown: [false; PARTS],
            start: false,
            held: false,
            closing: false,
            ended: false,
        }
    }

    /// The page whose runs are recorded runs replayed a moment per tick of `clock` (tests
    /// that walk the page with runs in flight).
    pub fn replaying(clock: ReplayClock) -> Self {
        let mut page = Self::new();
        page.source = Source::Replay(clock);
        page
    }

    /// The page showing a finished failover run.
    pub fn with_failover(run: crate::lab::failover::FailoverRun) -> Self {
        let mut page = Self::new();
        page.part = 1 + EXPERIMENTS
            .iter()
            .position(|p| *p == run.params)
            .unwrap_or(0);
        page.failover.set_result(run);
        page.shown[page.part] = true;
        page
    }

    /// The failover experiment on screen, if any.
    fn experiment(&self) -> Option<usize> {
        self.part.checked_sub(1)
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
        page.shown[0] = true;
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

    /// The last run on the server picked, if it ran with the settings on screen.
    pub fn result(&self) -> Option<&LabRun> {
        let now = self.params();
        self.results
            .iter()
            .find(|r| r.params.server == self.server)
            .filter(|r| r.params == now)
    }

    /// The last run on the server picked, when it ran with other settings.
    fn earlier(&self) -> Option<&LabRun> {
        let now = self.params();
        self.results
            .iter()
            .find(|r| r.params.server == self.server)
            .filter(|r| r.params != now)
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
            _ => t!("lab.status.idle"),
        }
    }

    /// Part `p` has a result (for the stale holder: with the settings on screen).
    fn has_result(&self, p: usize) -> bool {
        match p.checked_sub(1) {
            Some(i) => self.failover.result(i).is_some(),
            None => self.result().is_some(),
        }
    }

    /// Part `p` is running (or about to: a lecture's Page Down asked for it).
    fn runs(&self, p: usize) -> bool {
        (self.start && p == self.part)
            || match p.checked_sub(1) {
                Some(i) => self.failover.running_at() == Some(i),
                None => self.running(),
            }
    }

    /// Part `p`'s result is on show (else its question is asked).
    fn result_shown(&self, p: usize) -> bool {
        self.shown[p] && self.has_result(p) && !self.runs(p)
    }

    /// Runs part `p` (a run in flight on another part is cancelled: one at a time).
    fn start_part(&mut self, p: usize, runner: &Runner) {
        self.shown[p] = false;
        match p.checked_sub(1) {
            Some(i) => {
                self.cancel();
                self.failover.run(i, runner, &self.source);
            }
            None => {
                self.failover.cancel();
                self.run(runner);
            }
        }
    }

    /// Starts a run with the page's settings.
    pub fn run(&mut self, runner: &Runner) {
        let params = self.params();
        self.error = None;
        self.shown[0] = false;
        let first = summary::starting(&params);
        self.status = (params.server, first.clone());
        let asked = params.clone();
        let job = Job::start(
            &self.source,
            runner,
            "lab",
            move |ctl| lab::run_stale(&params, ctl),
            move || {
                // The recorded run, as if it had run with the settings asked.
                let mut run = crate::lab::recorded::stale_run_with(asked.fencing);
                run.params = asked;
                (vec![first, t!("lab.story.a_woke").to_owned()], run)
            },
        );
        self.task = Some(job);
    }

    /// Cancels a run (its server, if it started one, is stopped).
    pub fn cancel(&mut self) {
        if let Some(task) = self.task.take() {
            task.cancel();
            self.status.1 = t!("lab.status.cancelled").into();
        }
    }

    /// Adopts news from the workers: a run that ended with a result shows it.
    fn poll(&mut self) {
        if let Some(i) = self.failover.poll() {
            self.ended_at(i + 1, true);
        }
        let Some(task) = &self.task else { return };
        let Some(ended) = task.poll(&mut self.status.1) else {
            return;
        };
        self.task = None;
        let server = self.status.0;
        let done = matches!(ended, run::Ended::Done(_));
        match ended {
            run::Ended::Done(run) => {
                self.status = (server, finished_status(&run));
                self.results
                    .retain(|r| r.params.server != run.params.server);
                self.results.push(run);
            }
            run::Ended::Cancelled => self.status.1 = t!("lab.status.cancelled").into(),
            run::Ended::Failed(msg) => {
                self.status.1 = t!("lab.status.failed").into();
                self.error = Some((server, msg));
            }
        }
        self.ended_at(0, done);
    }

    /// Part `p`'s run has ended: with a result (`done`), it shows; a Page Down that waited
    /// for it has been answered.
    fn ended_at(&mut self, p: usize, done: bool) {
        self.shown[p] |= done;
        if p == self.part {
            self.held = false;
            self.ended = done;
        }
    }
}

impl Section for LabPage {
    fn number(&self) -> u8 {
        crate::sections::lab()
    }

    fn text(&self) -> &'static SectionText {
        text()
    }

    fn summary(&self) -> Option<String> {
        if !self.result_shown(self.part) {
            return None;
        }
        match self.experiment() {
            Some(i) => self.failover.result(i).map(crate::lab::failover::story),
            None => self.result().map(headline),
        }
    }

    fn done_by_reading(&self) -> bool {
        false
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.page(ui, cx);
    }

    fn offers(&self) -> Offers<'_> {
        Offers::Both(self)
    }

    fn offers_mut(&mut self) -> OffersMut<'_> {
        OffersMut::Both(self)
    }
}

impl LabPage {
    /// The page: its parts' tabs, and the part on screen.
    fn page(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.poll();
        // One experiment run to its end finishes the lab.
        let ran = !self.results.is_empty() || (0..4).any(|i| self.failover.result(i).is_some());
        if ran {
            cx.mark_done(self.number());
        }
        self.keys(cx);
        if std::mem::take(&mut self.start) {
            self.start_part(self.part, cx.runner);
        }
        if self.closing && cx.lecture {
            crate::ui::shell::lecture::closing_slide(ui);
            return;
        }
        let before = self.part;
        self.tabs(ui, cx);
        if self.part != before {
            self.held = false;
        }
        let p = self.part;
        let ended = std::mem::take(&mut self.ended);
        if let Some(i) = self.experiment() {
            let view = View {
                result: self.shown[p],
                held: self.held,
                ended,
            };
            if self.failover.ui(ui, cx, i, view) {
                self.start_part(p, cx.runner);
            }
            if p + 1 == PARTS && self.result_shown(p) && !cx.lecture {
                crate::ui::shell::lecture::end_line(ui, self.number());
            }
            return;
        }
        if !cx.lecture {
            // (On a projector the settings are the lab's defaults.)
            self.controls(ui);
        }
        ui.add_space(8.0);
        let shown = self.result_shown(0);
        if !shown {
            if let Some(run) = self.earlier() {
                let p = &run.params;
                let settings = tf!(
                    "lab.settings",
                    &[
                        ("fencing", expect::on_off(p.fencing).to_owned()),
                        ("ttl", fmt::duration_ms(p.ttl_ms as f64)),
                        ("pause", fmt::duration_ms(p.pause_ms as f64)),
                    ],
                );
                let line = tf!("lab.earlier", &[("settings", settings)]);
                ui.add(egui::Label::new(RichText::new(line).weak()).wrap());
            }
            if !cx.slide {
                let note = (self.running() && self.held).then(|| t!("lab.status.held"));
                Self::question().ui(ui, cx, &mut self.expected, note);
            }
        }
        // (A lecture's result is a build of its own: no run row under it.)
        let result_build = cx.lecture && shown;
        if !result_build && self.run_row(ui, cx) {
            self.start_part(0, cx.runner);
        }
        let Some(run) = self.result().filter(|_| shown).cloned() else {
            return;
        };
        let run = &run;
        ui.add_space(4.0);
        // The headline (a slide's in short: the console says it whole), the class's verdict,
        // then the diagram under its key.
        let words = if cx.lecture && !crate::ui::shell::presenter::is_console(ui) {
            slide_headline(run)
        } else {
            headline(run)
        };
        let said = widgets::headline(ui, &words);
        bring_into_view(ui, cx, &said, ended);
        Self::question().verdict(ui, self.expected, run.survivor == "A", cx.lecture);
        if cx.lecture && !cx.slide && crate::ui::shell::presenter::is_console(ui) {
            expect::rerun_hint(ui);
        }
        if !cx.lecture {
            ui.add_space(8.0);
        }
        // The key above the timeline: in view whenever the timeline's top is, however much
        // the words above take on a small screen.
        let key = ui.scope(|ui| figure::key(ui, cx, run)).response.rect;
        // Each lane keeps room for a bar and a line of words above and below it.
        let least = lanes_height(ui, 4);
        let wanted = (ui.available_height() - 8.0).min(least.max(340.0));
        let (height, least) = room::diagram_height(ui, cx, wanted, [least; 2], key);
        let drawn = ui.scope(|ui| figure::timeline(ui, cx, run, height));
        self.plot_rect = Some(drawn.response.rect);
        room::record_diagram(ui, drawn.response.rect, key, least, height);
        // (A slide's diagram is the build's alone; the measured table is the learner's and the
        // console's.)
        if !cx.lecture || crate::ui::shell::presenter::is_console(ui) {
            ui.add_space(6.0);
            egui::CollapsingHeader::new(t!("lab.measured"))
                .default_open(!cx.lecture)
                .show(ui, |ui| {
                    facts(ui, run);
                });
        }
        if !cx.lecture {
            egui::CollapsingHeader::new(t!("lab.how_measured"))
                .default_open(false)
                .show(ui, |ui| {
                    widgets::paragraph(ui, &text().how, cx);
                });
        }
    }
}

/// A run on screen has just ended (`ended`): its headline comes into view, a lecture's first
/// screenful or a learner's scrolled page.
fn bring_into_view(ui: &Ui, cx: &Cx<'_>, headline: &egui::Response, ended: bool) {
    // (A lecture's slide never scrolls: the headline is its top.)
    if ended && !cx.lecture {
        let _ = ui;
        headline.scroll_to_me(Some(egui::Align::Min));
    }
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
