//! A background run keyed by its inputs: started when the inputs change, its latest result
//! kept while a replacement comes in, its status shown only for runs long enough to need it.

use std::time::{Duration, Instant};

use egui::Ui;

use crate::lesson::quantity::fmt_int;
use crate::runner::Task;

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

    /// `(fraction, done, total)` of a run that has been going longer than [`QUIET`].
    pub fn completed(&self) -> Option<(f32, u64, u64)> {
        let task = self.task.as_ref()?;
        let s = task.published();
        (!s.finished && self.since.elapsed() >= QUIET).then(|| (s.completed(), s.done, s.total))
    }

    /// A progress bar for a long run (`what` names the work and its unit: "holds"); nothing
    /// for a short one. Keeps the frames coming while it waits to appear.
    pub fn run_status_ui(&self, ui: &mut Ui, what: &str, unit: &str) {
        if self.finished() {
            return;
        }
        match self.completed() {
            Some((f, done, total)) => {
                let text = if total > 0 {
                    let values = [
                        ("done", fmt_int(done)),
                        ("total", fmt_int(total)),
                        ("what", what.to_owned()),
                        ("unit", unit.to_owned()),
                    ];
                    tf!("stage.run.progress", &values)
                } else {
                    format!("{what}…")
                };
                ui.add(egui::ProgressBar::new(f).text(text).animate(true));
            }
            None => {
                ui.ctx()
                    .request_repaint_after(QUIET.saturating_sub(self.since.elapsed()));
            }
        }
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
