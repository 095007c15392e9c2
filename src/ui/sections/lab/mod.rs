//! The lab page: section 3's story on a real Redis or etcd, run when the learner presses Run.
//!
//! Nothing touches the network before that. The run happens on a worker thread (the runner's),
//! can be cancelled at any moment, and stops the server it started when it ends.

pub mod failover;
pub mod failover_figure;
pub mod figure;
mod run;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::lab::{self, LabParams, LabRun, Outcome, ServerKind};
use crate::lesson::SectionText;
use crate::runner::{Runner, Task};
use crate::ui::kit::widgets;
use crate::ui::{Cx, Section};
use failover::{EXPERIMENTS, FailoverPanel};
use figure::secs;
pub use run::{Progress, spawn_run};

/// Its place after the ten lesson sections.
pub const TITLE: &str = "Lab: a real lock server";

pub struct LabPage {
    pub server: ServerKind,
    /// Empty: start a server of our own.
    pub url: String,
    pub fencing: bool,
    pub ttl_ms: f64,
    pub pause_ms: f64,
    task: Option<Task<Progress>>,
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
            ui.selectable_value(&mut self.part, 0, "Section 3: the stale holder");
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
            (s, t) if *s == self.server && !t.is_empty() => t,
            _ => "Press Run to start. Nothing touches the network before that.",
        }
    }

    /// Starts a run with the page's settings.
    pub fn run(&mut self, runner: &Runner) {
        let params = self.params();
        self.error = None;
        self.status = (params.server, "Starting…".into());
        self.task = Some(spawn_run(runner, "lab", move |ctl| {
            lab::run_stale(&params, ctl)
        }));
    }

    /// Cancels a run (its server, if it started one, is stopped).
    pub fn cancel(&mut self) {
        if let Some(t) = self.task.take() {
            t.cancel();
            self.status.1 = "Cancelled.".into();
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
            run::Ended::Cancelled => self.status.1 = "Cancelled.".into(),
            run::Ended::Failed(msg) => {
                self.status.1 = "The run did not finish.".into();
                self.error = Some((server, msg));
            }
        }
    }

    fn controls(&mut self, ui: &mut Ui, cx: &Cx<'_>) {
        let busy = self.running();
        ui.add_enabled_ui(!busy, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("Server:");
                for kind in [ServerKind::Redis, ServerKind::Etcd] {
                    ui.selectable_value(&mut self.server, kind, kind.name());
                }
                ui.separator();
                let label = ui.label("URL (optional):");
                ui.add(
                    egui::TextEdit::singleline(&mut self.url)
                        .hint_text(format!("empty: start our own; e.g. {}", self.server.example_url()))
                        .desired_width(300.0),
                )
                .labelled_by(label.id);
            });
            // Both sliders on one row where they fit with their words and values (a slider's
            // label is part of it: a row that wraps would cut it at the window's edge), one
            // under the other where they do not.
            let row = widgets::row_slider_width(ui, &[lab::TTL_MS.label, lab::PAUSE_MS.label], 0.0);
            let sliders = [(&lab::TTL_MS, &mut self.ttl_ms), (&lab::PAUSE_MS, &mut self.pause_ms)];
            let slider = |ui: &mut Ui, spec: &crate::sim::ParamSpec, value: &mut f64| {
                let r = ui.add(
                    egui::Slider::new(value, spec.min..=spec.max)
                        .step_by(100.0)
                        .clamping(egui::SliderClamping::Always)
                        .suffix(format!(" {}", spec.unit))
                        .text(spec.label),
                );
                widgets::claim_arrow_keys(ui, &r);
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
                    for (spec, value) in sliders {
                        slider(ui, spec, value);
                    }
                }
            }
            ui.checkbox(&mut self.fencing, "Storage checks fencing tokens")
                .on_hover_text("A Lua script on Redis, a transaction on etcd: a write whose token is below the highest applied is refused");
        });
        ui.horizontal(|ui| {
            if busy {
                ui.add(egui::Spinner::new());
                if ui.button("Cancel").clicked() {
                    self.cancel();
                }
            } else if ui.button(RichText::new("Run").strong()).clicked() {
                self.run(cx.runner);
            }
            ui.label(format!("Status: {}", self.status()));
        });
        if let Some(e) = self.error() {
            ui.add(egui::Label::new(RichText::new(e).color(widgets::warn_color(ui))).wrap());
        }
    }
}

/// The least height of a lane diagram of `lanes` lanes: each lane a bar and a line of words
/// above and below it, and the time axis.
pub fn lanes_height(ui: &Ui, lanes: usize) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    (lanes as f32 * 3.2 + 3.0) * row
}

fn finished_status(run: &LabRun) -> String {
    let who = if run.started_server {
        "our own"
    } else {
        "the given"
    };
    format!(
        "Done in {}, on {who} {} {} at {}.",
        secs(run.total_ms / 1000.0),
        run.params.server.name(),
        run.server_version,
        run.url
    )
}

/// The headline, from the run's measured times.
pub fn headline(run: &LabRun) -> String {
    let ms = |v: f64| secs(v / 1000.0);
    let (a, b) = (run.a_token, run.b_token);
    let server = format!("{} {}", run.params.server.name(), run.server_version);
    let pause = format!(
        "A was paused for {} with a {} ms TTL",
        ms(run.a_woke_ms - run.a_frozen_ms),
        run.granted_ttl_ms
    );
    let gone = ms(run.expiry_ms.unwrap_or(run.b_granted_ms));
    let (aw, bw) = (ms(run.a_write_ms), ms(run.b_write_ms));
    let story = match run.outcome {
        Outcome::Overwritten => format!(
            "On a real {server}, {pause}. The server let A's lock go at {gone} and gave it to B (token {b}), who wrote at {bw}; at {aw} A woke and wrote over B's result with token {a}. Storage now holds A's stale data, and nobody got an error."
        ),
        Outcome::Rejected => format!(
            "On a real {server}, {pause}. The server let A's lock go at {gone} and gave it to B (token {b}), who wrote at {bw}; at {aw} A woke and wrote with token {a}, and storage, having applied {b}, refused it. B's result is safe."
        ),
        Outcome::OverlapHarmless => format!(
            "On a real {server}, {pause}. B got the lock at {gone} while A still believed it held it, but A wrote first ({aw}) and B's write at {bw} replaced it: both acted as holder, and only timing prevented damage."
        ),
        Outcome::NoOverlap => format!(
            "On a real {server}, {pause}. A woke inside its lock, wrote at {aw} and released it; B got the lock only at {} and wrote at {bw}. The lock kept them apart.",
            ms(run.b_granted_ms)
        ),
    };
    format!("{story}{}{}", token_gap(run), redis_token(run))
}

/// Where a Redis run's tokens come from: Redis hands out no fencing token, so the lab counts
/// grants itself, which holds on one server and would not survive a failover.
fn redis_token(run: &LabRun) -> &'static str {
    if run.params.server != ServerKind::Redis {
        return "";
    }
    " Redis hands out no fencing token of its own: the lab's tokens come from an INCR on this \
     one server, which sees every grant. After a failover, a promoted replica that lacked the \
     latest INCR could hand out the same number again."
}

/// Why B's token is not A's plus one, when it is not: etcd's tokens are revisions, which
/// count every change in the whole store (the expired lease's deletion of A's key among
/// them), not only grants.
fn token_gap(run: &LabRun) -> String {
    let (a, b) = (run.a_token, run.b_token);
    if run.params.server != crate::lab::ServerKind::Etcd || b <= a + 1 {
        return String::new();
    }
    format!(
        " Why tokens {a} and {b}: etcd's tokens are its revisions, and a revision counts every \
         change in the whole store, not only grants, so the changes between the two grants \
         (such as the deletion of A's key when its lease expired) took the numbers in between."
    )
}

fn facts(ui: &mut Ui, run: &LabRun) {
    let rows = [
        (
            "Server",
            format!(
                "{} {} at {}",
                run.params.server.name(),
                run.server_version,
                run.url
            ),
        ),
        ("Tokens", format!("A {}, B {}", run.a_token, run.b_token)),
        ("TTL granted", format!("{} ms", run.granted_ttl_ms)),
        (
            "A's last renewal, paused, woke",
            format!(
                "{} ms, {} ms, {} ms",
                run.a_last_renewal_ms, run.a_frozen_ms, run.a_woke_ms
            ),
        ),
        (
            "B got the lock, B wrote, A wrote",
            format!(
                "{} ms, {} ms, {} ms",
                run.b_granted_ms, run.b_write_ms, run.a_write_ms
            ),
        ),
        ("Storage read back", run.storage_value.clone()),
    ];
    egui::Grid::new("lab-facts")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for (k, v) in rows {
                ui.label(RichText::new(k).strong());
                ui.label(v);
                ui.end_row();
            }
        });
}

fn text() -> &'static SectionText {
    static TEXT: OnceLock<SectionText> = OnceLock::new();
    TEXT.get_or_init(|| SectionText {
        number: crate::sections::lab(),
        id: "lab".into(),
        title: TITLE.into(),
        subtitle: "Sections 3 and 5 on a real Redis, Redlock and etcd".into(),
        intro: vec![
            "Everything so far was a model. Here A and B are two threads of this app, each a client of a real [[lock|lock server]], and they take the same lock. A works, renewing its [[lease]]; then A's thread stops renewing and sleeps past the [[ttl|TTL]], as a [[process-pause|process pause]] such as a long garbage collection would stop it. The server expires A's lock, B takes it and writes; then A wakes and writes too.".into(),
            "Section 5's failovers run here too: a Redis primary that dies before its replica has the lock, a Redlock master that restarts empty, and an etcd cluster that loses its leader, each on real servers with the moments measured.".into(),
            "The lab starts its own server on this computer (redis-server or etcd, if present) on a free loopback port and stops it afterwards, or uses the URL you give. It uses the network only when you press Run.".into(),
        ],
        after: Vec::new(),
        how: "Redis: SET NX PX with a random value, INCR for the token, compare-and-delete to release, a Lua script for the fenced write. etcd: a lease with keep-alives, the lock key created in a transaction, its create revision as the token, a transaction for the fenced write. Times are measured on this computer's clock from A's grant; B tries for the lock every 10 ms, so the expiry is seen to within about 10 ms (etcd itself checks leases about every half second).".into(),
    })
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

    fn plot_rect(&self) -> Option<egui::Rect> {
        match self.experiment() {
            Some(_) => self.failover.plot_rect,
            None => self.plot_rect,
        }
    }

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
                heading: TITLE,
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
            heading: TITLE,
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
            ui.label("No run yet: the timeline appears here after the first run.");
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
        egui::CollapsingHeader::new("What was measured")
            .default_open(true)
            .show(ui, |ui| {
                facts(ui, run);
            });
        egui::CollapsingHeader::new("How this is measured")
            .default_open(false)
            .show(ui, |ui| {
                widgets::paragraph(ui, &text().how, cx);
            });
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
