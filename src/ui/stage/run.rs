//! A background run keyed by its inputs ([`Rerun`]): started when the inputs change, its
//! latest result kept while a replacement comes in; and a stage's [`RunStatus`], its page's
//! runs as the stage watches them, their progress shown only for runs long enough to need it.

use std::time::{Duration, Instant};

use egui::Ui;

use crate::lesson::quantity::fmt_int;
use crate::runner::{Task, Watch};

/// Runs shorter than this finish without a progress bar flashing up.
pub const QUIET: Duration = Duration::from_millis(300);

/// One kind of run of a section (a section may have several, each with its own inputs).
pub struct Rerun<K, R> {
    key: Option<K>,
    task: Option<Task<R>>,
    since: Instant,
    latest: Option<R>,
    /// The inputs `latest` came from.
    latest_key: Option<K>,
}

impl<K, R> Default for Rerun<K, R> {
    fn default() -> Self {
        Self {
            key: None,
            task: None,
            since: Instant::now(),
            latest: None,
            latest_key: None,
        }
    }
}

impl<K: PartialEq + Clone, R: Clone> Rerun<K, R> {
    /// Starts a run with `spawn` when `key` differs from the inputs of the current one (or
    /// none has started). Returns true when it started one. The previous run is cancelled; its
    /// last result stays on screen until the new one reports.
    pub fn ensure(&mut self, key: K, spawn: impl FnOnce(&K) -> Task<R>) -> bool {
        if self.key.as_ref() == Some(&key) {
            self.adopt();
            return false;
        }
        self.task = Some(spawn(&key));
        self.key = Some(key);
        self.since = Instant::now();
        self.adopt();
        true
    }

    /// Takes the newest published result.
    fn adopt(&mut self) {
        let Some(task) = &self.task else {
            return;
        };
        let published = task.published();
        if published.failed.is_some() {
            // A failed run shows as failed, not as its partial result.
            self.latest = None;
            self.latest_key = None;
        } else if let Some(r) = published.result.clone() {
            self.latest = Some(r);
            self.latest_key = self.key.clone();
        }
    }

    /// The newest result, partial or final.
    pub fn latest(&self) -> Option<&R> {
        self.latest.as_ref()
    }

    /// The result for the inputs of the current run (none while that run has not reported).
    pub fn fresh(&self) -> Option<&R> {
        self.current(self.key.as_ref()?)
    }

    /// The result of the run for `key` only (not one left over from other inputs).
    pub fn current(&self, key: &K) -> Option<&R> {
        (self.latest_key.as_ref() == Some(key)).then_some(self.latest.as_ref())?
    }
}

impl<K, R> Rerun<K, R> {
    /// Why the current run failed, if it did.
    pub fn failed(&self) -> Option<String> {
        self.task.as_ref()?.published().failed.clone()
    }

    /// True when no run is going (none started, or the current one is done).
    pub fn finished(&self) -> bool {
        self.task.as_ref().is_none_or(|t| t.is_finished())
    }

    /// The inputs of the current run.
    pub fn key(&self) -> Option<&K> {
        self.key.as_ref()
    }

    /// The current run as a run status watches it, with when it started (none before the
    /// first).
    fn watched(&self) -> Option<(Watch, Instant)>
    where
        R: 'static,
    {
        Some((self.task.as_ref()?.watch(), self.since))
    }
}

/// A stage's run status: the runs its page has going, as the page tells it at each refresh
/// (see [`super::Experiment::refresh`]). The stage reads from it whether a run is going and
/// why one failed, and draws the progress bars of the long ones under the controls.
#[derive(Default)]
pub struct RunStatus {
    runs: Vec<Watched>,
}

/// One run of a [`RunStatus`].
struct Watched {
    watch: Watch,
    since: Instant,
    /// The words of its progress bar (the work and its unit: "holds"); none for a run
    /// without one.
    bar: Option<(&'static str, &'static str)>,
}

impl RunStatus {
    /// A run the stage waits for (busy while it goes, failed when it fails), without a
    /// progress bar.
    pub fn watch<K, R: 'static>(&mut self, run: &Rerun<K, R>) {
        self.add(run, None);
    }

    /// A run the stage waits for, with a progress bar once it has been going longer than
    /// [`QUIET`]: `what` names the work, `unit` its unit ("holds").
    pub fn show<K, R: 'static>(
        &mut self,
        run: &Rerun<K, R>,
        what: &'static str,
        unit: &'static str,
    ) {
        self.add(run, Some((what, unit)));
    }

    fn add<K, R: 'static>(&mut self, run: &Rerun<K, R>, bar: Option<(&'static str, &'static str)>) {
        if let Some((watch, since)) = run.watched() {
            self.runs.push(Watched { watch, since, bar });
        }
    }

    /// True while a run is going.
    pub fn busy(&self) -> bool {
        self.runs.iter().any(|r| !r.watch.progress().finished)
    }

    /// Why a run failed, if one did (the first that did, in the order the page told them).
    pub fn failed(&self) -> Option<String> {
        self.runs.iter().find_map(|r| r.watch.progress().failed)
    }

    /// The progress bars of the long runs; nothing for short ones. Keeps the frames coming
    /// while a bar waits to appear.
    pub fn ui(&self, ui: &mut Ui) {
        for run in &self.runs {
            if let Some((what, unit)) = run.bar {
                run.bar_ui(ui, what, unit);
            }
        }
    }
}

impl Watched {
    /// A progress bar for a run going longer than [`QUIET`] (`what` names the work, `unit`
    /// its unit).
    fn bar_ui(&self, ui: &mut Ui, what: &str, unit: &str) {
        let s = self.watch.progress();
        if s.finished {
            return;
        }
        if self.since.elapsed() < QUIET {
            ui.ctx()
                .request_repaint_after(QUIET.saturating_sub(self.since.elapsed()));
            return;
        }
        let text = if s.total > 0 {
            let values = [
                ("done", fmt_int(s.done)),
                ("total", fmt_int(s.total)),
                ("what", what.to_owned()),
                ("unit", unit.to_owned()),
            ];
            tf!("stage.run.progress", &values)
        } else {
            format!("{what}…")
        };
        ui.add(egui::ProgressBar::new(s.completed).text(text).animate(true));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Runner;

    #[test]
    fn reruns_only_when_the_inputs_change() {
        let runner = Runner::inline();
        let mut run: Rerun<u32, u32> = Rerun::default();
        assert!(run.latest().is_none());
        assert!(run.finished());
        assert!(run.ensure(3, |&k| runner.spawn("t", move |_| k * 2)));
        assert_eq!(run.latest(), Some(&6));
        assert!(!run.ensure(3, |_| unreachable!("same inputs")));
        assert_eq!(run.current(&3), Some(&6));
        assert_eq!(run.current(&4), None);
        assert!(run.ensure(4, |&k| runner.spawn("t", move |_| k * 2)));
        assert_eq!(run.current(&4), Some(&8));
        assert_eq!(run.key(), Some(&4));
    }

    #[test]
    fn a_result_belongs_only_to_the_inputs_it_came_from() {
        let runner = Runner::threaded(std::sync::Arc::new(|| {}));
        let mut run: Rerun<u32, u32> = Rerun::default();
        run.ensure(1, |_| Runner::inline().spawn("t", |_| 10));
        assert_eq!(run.current(&1), Some(&10));
        // A slow run for new inputs: until it reports, the old result is no answer for them.
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        run.ensure(2, |_| {
            runner.spawn("t", move |_| {
                let _ = rx.recv();
                20
            })
        });
        assert_eq!(run.current(&2), None);
        assert_eq!(run.latest(), Some(&10), "still shown meanwhile");
        tx.send(()).unwrap();
        let start = Instant::now();
        while run.current(&2).is_none() {
            assert!(start.elapsed() < std::time::Duration::from_secs(10));
            std::thread::sleep(std::time::Duration::from_millis(1));
            run.ensure(2, |_| unreachable!());
        }
        assert_eq!(run.current(&2), Some(&20));
    }

    #[test]
    fn a_failed_run_says_why() {
        let runner = Runner::inline();
        let mut run: Rerun<u32, u32> = Rerun::default();
        run.ensure(1, |_| {
            runner.spawn("t", |_| -> u32 { panic!("broken model") })
        });
        assert!(run.failed().unwrap().contains("broken model"));
        assert!(run.latest().is_none());
    }
}
