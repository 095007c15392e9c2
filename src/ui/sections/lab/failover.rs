//! The lab page's failover experiments (section 5 on real servers): one panel per experiment
//! with its Run button, the lane diagram of its last run and what was measured.
//!
//! A run happens on the runner's worker thread and can be cancelled; the servers it started
//! stop with it (and with the app, however the app ends: see `lab::supervise`).

use egui::{RichText, Ui};

use super::expect::Question;
use super::run::{Ended, Job, Source};
use crate::lab::failover::{
    self, FailoverRun, FailoverSetup, FailoverStore, experiment, run_failover, words,
};
use crate::lesson::catalogue::t;
use crate::lesson::quantity::duration_ms;
use crate::runner::Runner;
use crate::ui::Cx;
use crate::ui::kit::widgets;
use crate::ui::sections::lab::failover_figure as timeline;

/// The experiments in lesson order, as the page's build steps show them.
pub const EXPERIMENTS: [FailoverSetup; 4] = [
    FailoverSetup {
        store: FailoverStore::RedisReplica,
        delayed_restart: false,
    },
    FailoverSetup {
        store: FailoverStore::Redlock,
        delayed_restart: false,
    },
    FailoverSetup {
        store: FailoverStore::Redlock,
        delayed_restart: true,
    },
    FailoverSetup {
        store: FailoverStore::EtcdCluster,
        delayed_restart: false,
    },
];

/// The experiment with this id (`redis-replica`, `redlock`, `redlock-delayed`,
/// `etcd-cluster`).
pub fn index_of(id: &str) -> Option<usize> {
    EXPERIMENTS
        .iter()
        .position(|p| failover::text::experiment_id(p) == id)
}

/// What the worker publishes: a status line, then the result.
pub type RunUpdate = super::RunUpdate<FailoverRun>;

/// The failover experiments' state on the lab page.
#[derive(Default)]
pub struct FailoverPanel {
    task: Option<(usize, Job<FailoverRun>)>,
    /// The status line of each experiment: its own run's, never another's.
    status: [String; 4],
    results: [Option<FailoverRun>; 4],
    error: Option<(usize, String)>,
    /// What the learner expects of each experiment, asked before its run: B granted the
    /// lock too (`true`) or refused.
    pub expected: [Option<bool>; 4],
    pub plot_rect: Option<egui::Rect>,
}

/// How the page shows an experiment: its result revealed or still held back (a lecture's
/// build), and whether a Page Down waits for the run in flight.
#[derive(Clone, Copy)]
pub struct View {
    pub result: bool,
    pub held: bool,
    /// Its run has just ended: the headline comes into view.
    pub ended: bool,
}

/// The first thing experiment `p`'s run does, as its status line says it.
fn starting(p: &FailoverSetup) -> &'static str {
    t(match p.store {
        FailoverStore::RedisReplica => key!("lab.failover.replica.starting"),
        FailoverStore::Redlock => key!("lab.failover.redlock.starting"),
        FailoverStore::EtcdCluster => key!("lab.failover.etcd.starting"),
    })
}

/// Experiment `i`'s question.
pub fn question(i: usize) -> Question<'static> {
    let e = experiment(&EXPERIMENTS[i.min(EXPERIMENTS.len() - 1)]);
    Question {
        question: &e.expect.question,
        choices: [&e.expect.granted_twice, &e.expect.kept],
    }
}

impl FailoverPanel {
    pub fn running(&self) -> bool {
        self.task.is_some()
    }

    /// The experiment whose run is in flight.
    pub fn running_at(&self) -> Option<usize> {
        self.task.as_ref().map(|(i, _)| *i)
    }

    /// The last run of experiment `i`.
    pub fn result(&self, i: usize) -> Option<&FailoverRun> {
        self.results.get(i).and_then(Option::as_ref)
    }

    /// Shows a finished run (tests and screenshots).
    pub fn set_result(&mut self, run: FailoverRun) {
        if let Some(i) = EXPERIMENTS.iter().position(|p| *p == run.params) {
            self.results[i] = Some(run);
        }
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_ref().map(|e| e.1.as_str())
    }

    /// Starts experiment `i` (one at a time: a run in flight is cancelled first).
    pub fn run(&mut self, i: usize, runner: &Runner, source: &Source) {
        self.cancel();
        let i = i.min(EXPERIMENTS.len() - 1);
        let params = EXPERIMENTS[i];
        self.error = None;
        self.status[i] = starting(&params).into();
        let job = Job::start(
            source,
            runner,
            "lab-failover",
            move |ctl| run_failover(&params, ctl),
            || {
                let statuses = vec![starting(&params).to_owned()];
                (statuses, crate::lab::recorded::failover_run(params))
            },
        );
        self.task = Some((i, job));
    }

    /// Cancels a run (its servers are stopped).
    pub fn cancel(&mut self) {
        if let Some((i, task)) = self.task.take() {
            task.cancel();
            self.status[i] = t!("lab.status.cancelled").into();
        }
    }

    /// Adopts news from the worker; the experiment whose run has just ended with a result.
    pub fn poll(&mut self) -> Option<usize> {
        let (i, task) = self.task.as_ref()?;
        let i = *i;
        let ended = task.poll(&mut self.status[i])?;
        self.task = None;
        match ended {
            Ended::Done(run) => {
                self.status[i] = tf!(
                    "lab.failover.status.done",
                    &[
                        ("time", duration_ms(run.total_ms)),
                        ("server", run.params.store.server().name().to_owned()),
                        ("version", run.server_version.clone()),
                    ],
                );
                self.results[i] = Some(run);
                return Some(i);
            }
            Ended::Cancelled => self.status[i] = t!("lab.status.cancelled").into(),
            Ended::Failed(msg) => self.fail(i, msg),
        }
        None
    }

    fn fail(&mut self, i: usize, msg: String) {
        self.status[i] = t!("lab.status.failed").into();
        self.error = Some((i, msg));
    }

    /// Stops a run before the page goes away, waiting a moment for its servers to stop.
    pub fn stop_and_wait(&mut self) {
        if let Some((_, task)) = self.task.take() {
            task.cancel();
            let until = std::time::Instant::now() + std::time::Duration::from_secs(3);
            while !task.is_finished() && std::time::Instant::now() < until {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }

    /// Experiment `i`: what it does, its question until its result is shown, its Run button
    /// and status, and its result (the headline first). True when Run was pressed.
    pub fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, i: usize, view: View) -> bool {
        let i = i.min(EXPERIMENTS.len() - 1);
        let e = experiment(&EXPERIMENTS[i]);
        let own = self.running_at() == Some(i);
        let shown = view.result && !own && self.results[i].is_some();
        // (What the experiment does, step by step, is the learner's and the console's: a
        // slide asks its question, which sets the scene; the run's build says what is
        // happening, and the result's build is its headline, verdict and diagram.)
        let projected = cx.lecture && !crate::ui::shell::presenter::is_console(ui);
        if !projected && !(cx.lecture && (shown || own)) {
            widgets::paragraph(ui, &e.does, cx);
        }
        if cx.lecture && shown {
            if let Some(run) = self.results[i].clone() {
                self.result_ui(ui, cx, i, &run, view.ended);
            }
            return false;
        }
        if !shown && !cx.slide {
            let note = (own && view.held).then(|| t!("lab.status.held"));
            question(i).ui(ui, cx, &mut self.expected[i], note);
        }
        // Learners predict, then run; a lecture runs with Page Down whatever the class said.
        let ready = self.expected[i].is_some() || self.results[i].is_some() || cx.lecture;
        let mut pressed = false;
        ui.horizontal_wrapped(|ui| {
            if own {
                ui.add(egui::Spinner::new());
                if ui.button(t!("lab.button.cancel")).clicked() {
                    self.cancel();
                }
            } else if !cx.slide && (!cx.lecture || crate::ui::shell::presenter::is_console(ui)) {
                // (On the projector Page Down runs it: the button is the console's.)
                let words = RichText::new(&e.button).strong();
                pressed = ui.add_enabled(ready, egui::Button::new(words)).clicked();
            }
            // (A lecture's result is its headline: the status line is the run's while it runs.)
            if !self.status[i].is_empty() && (own || !cx.lecture) {
                ui.label(tf!("lab.status.line", &[("status", &self.status[i])]));
            }
        });
        if let Some((at, msg)) = &self.error
            && *at == i
        {
            ui.add(egui::Label::new(RichText::new(msg).color(widgets::warn_color(ui))).wrap());
        }
        ui.add_space(6.0);
        if let Some(run) = self.results[i].clone().filter(|_| shown) {
            self.result_ui(ui, cx, i, &run, view.ended);
        }
        pressed
    }

    /// Experiment `i`'s result: its headline (a slide's in short: the console says it
    /// whole), the expectation judged, the diagram under its key, and a learner's table of
    /// what was measured (a lecture's rerun key is the console's).
    fn result_ui(&mut self, ui: &mut Ui, cx: &Cx<'_>, i: usize, run: &FailoverRun, ended: bool) {
        let console = crate::ui::shell::presenter::is_console(ui);
        let words = if cx.lecture && !console {
            failover::slide_story(run)
        } else {
            failover::story(run)
        };
        let said = widgets::headline(ui, &words);
        super::bring_into_view(ui, cx, &said, ended);
        let got = run.outcome == failover::FailoverOutcome::GrantedTwice;
        question(i).verdict(ui, self.expected[i], got, cx.lecture);
        if !cx.lecture {
            ui.add_space(6.0);
        } else if !cx.slide && console {
            super::expect::rerun_hint(ui);
        }
        self.diagram(ui, cx, run);
        if !cx.lecture {
            egui::CollapsingHeader::new(t!("lab.measured"))
                .id_salt(("failover-measured", i))
                .default_open(true)
                .show(ui, |ui| measured(ui, run));
        }
    }

    /// A run's lane diagram under its key.
    fn diagram(&mut self, ui: &mut Ui, cx: &Cx<'_>, run: &FailoverRun) {
        // The key above the diagram, as the stale holder's: in view with the diagram's top.
        let key = ui.scope(|ui| timeline::key(ui, cx, run)).response.rect;
        let lanes = run.lanes.len() as f32;
        let least = [
            timeline::least_height(ui, cx, run.lanes.len()),
            timeline::least_height_compact(ui, cx, run.lanes.len()),
        ];
        let wanted = (lanes * 48.0 + 60.0).min(ui.available_height().max(260.0));
        let (height, least) = super::room::diagram_height(ui, cx, wanted, least, key);
        let drawn = ui.scope(|ui| timeline::timeline(ui, cx, run, height));
        self.plot_rect = Some(drawn.response.rect);
        super::room::record_diagram(ui, drawn.response.rect, key, least, height);
    }
}

/// Every measured moment and number of the run, labelled.
pub fn measured(ui: &mut Ui, run: &FailoverRun) {
    let label = |k: &str| {
        let l = failover::text::label(k);
        if l.is_empty() {
            k.to_owned()
        } else {
            l.to_owned()
        }
    };
    let mut rows = vec![
        (
            t!("lab.failover.measured.outcome").to_owned(),
            label(&format!("outcome_{}", run.outcome.as_str())),
        ),
        (
            t!("lab.failover.measured.servers").to_owned(),
            run.lanes[1..run.lanes.len() - 1].join(", "),
        ),
        (
            t!("lab.failover.measured.version").to_owned(),
            run.server_version.clone(),
        ),
    ];
    rows.extend(run.moments.iter().map(|(k, v)| (label(k), duration_ms(*v))));
    rows.extend(
        run.facts
            .iter()
            .map(|(k, v)| (label(k), failover::text::fmt_fact(k, v))),
    );
    rows.push((
        t!("lab.failover.measured.whole_run").to_owned(),
        duration_ms(run.total_ms),
    ));
    let id = (
        "failover-facts",
        run.params.store.as_str(),
        run.params.delayed_restart,
    );
    super::summary::table(ui, id, rows);
}

/// Section 5's Redlock step: the documented failure modes, from the assets.
pub fn redlock_modes(ui: &mut Ui, cx: &mut Cx<'_>) {
    let w = words();
    ui.label(RichText::new(&w.redlock_heading).strong());
    if cx.lecture {
        // A slide names each failure and says it in short, a line or two apart; the
        // lecturer's notes tell the rest.
        let gap = ui.spacing().interact_size.y * 0.5;
        for m in &w.redlock_slide_modes {
            ui.add_space(gap);
            let (name, rest) = m.split_once(':').unwrap_or((m, ""));
            ui.horizontal_top(|ui| {
                ui.label("•");
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 0.0;
                    ui.label(RichText::new(format!("{name}:")).strong());
                    ui.label(rest);
                });
            });
        }
        return;
    }
    for m in &w.redlock_modes {
        ui.horizontal_top(|ui| {
            ui.label("•");
            ui.vertical(|ui| widgets::paragraph(ui, m, cx));
        });
    }
    widgets::paragraph(ui, &w.redlock_note, cx);
}
