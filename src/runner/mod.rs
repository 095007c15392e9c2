//! Background work for the UI: every simulation runs on its own thread, streams partial
//! results, stops soon after it is replaced, and wakes the UI with a repaint request.
//!
//! The UI thread only ever reads the latest published state (a cheap lock and clone-free borrow).

pub mod parallel;
pub mod real_threads;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Something that can wake the UI (an `egui::Context` in the app, nothing in tests).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The state a task publishes.
#[derive(Clone, Debug)]
pub struct Published<R> {
    /// The latest partial (or final) result, if any has arrived.
    pub result: Option<R>,
    /// Work done so far, out of `total` (any unit: samples, runs, worker counts).
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    /// Set when the work panicked; the message is shown instead of a result.
    pub failed: Option<String>,
}

impl<R> Default for Published<R> {
    fn default() -> Self {
        Self {
            result: None,
            done: 0,
            total: 0,
            finished: false,
            failed: None,
        }
    }
}

impl<R> Published<R> {
    /// Fraction of the work done, 0..=1.
    pub fn completed(&self) -> f32 {
        if self.finished {
            1.0
        } else if self.total == 0 {
            0.0
        } else {
            (self.done as f64 / self.total as f64).clamp(0.0, 1.0) as f32
        }
    }
}

struct Shared<R> {
    published: Mutex<Published<R>>,
    cancel: AtomicBool,
}

/// How a task is getting on, without its result: what a run status shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Work done so far, out of `total`.
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    /// Why the work failed, if it did.
    pub failed: Option<String>,
    /// The fraction done, 0..=1 (see [`Published::completed`]).
    pub completed: f32,
}

/// A task's progress as anyone may read it (see [`Watch`]).
trait Watched {
    fn progress(&self) -> Progress;
}

impl<R> Watched for Shared<R> {
    fn progress(&self) -> Progress {
        let s = lock(&self.published);
        Progress {
            done: s.done,
            total: s.total,
            finished: s.finished,
            failed: s.failed.clone(),
            completed: s.completed(),
        }
    }
}

/// A look at a task from elsewhere (a stage's run status): holding it keeps nothing running,
/// and dropping it cancels nothing.
#[derive(Clone)]
pub struct Watch(Arc<dyn Watched>);

impl Watch {
    /// How the task is getting on now.
    pub fn progress(&self) -> Progress {
        self.0.progress()
    }
}

/// Handed to the work function: publish how far it has got, check for cancellation.
pub struct Reporter<R> {
    shared: Arc<Shared<R>>,
    waker: Waker,
    last_wake: Mutex<Option<Instant>>,
}

impl<R> Reporter<R> {
    /// True once the task has been replaced or dropped: stop as soon as possible.
    pub fn cancelled(&self) -> bool {
        self.shared.cancel.load(Ordering::Relaxed)
    }

    /// The flag itself, for code that polls it directly (the parallel driver).
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.shared.cancel
    }

    /// Publishes a partial result. Wakes the UI at most about 30 times a second.
    pub fn report(&self, result: R, done: u64, total: u64) {
        {
            let mut s = lock(&self.shared.published);
            s.result = Some(result);
            s.done = done;
            s.total = total;
        }
        let mut last = lock(&self.last_wake);
        let now = Instant::now();
        if last.is_none_or(|t| now - t >= Duration::from_millis(33)) {
            *last = Some(now);
            (self.waker)();
        }
    }
}

/// The text of a caught panic.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| t!("stage.run.stopped").to_owned())
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock leaves plain data behind; keep using it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How tasks run: on background threads (the app), or inline on the caller (tests that
/// need each frame to be deterministic).
#[derive(Clone)]
pub struct Runner {
    waker: Waker,
    inline: bool,
}

impl Runner {
    /// Tasks run on their own threads and call `waker` when there is something new to show.
    pub fn threaded(waker: Waker) -> Self {
        Self {
            waker,
            inline: false,
        }
    }

    /// Tasks run to completion inside [`Runner::spawn`]: for tests only.
    pub fn inline() -> Self {
        Self {
            waker: Arc::new(|| {}),
            inline: true,
        }
    }

    pub fn is_inline(&self) -> bool {
        self.inline
    }

    /// Starts `work`. Dropping the returned task (e.g. by replacing it when parameters
    /// change) cancels it.
    pub fn spawn<R, F>(&self, name: &str, work: F) -> Task<R>
    where
        R: Send + 'static,
        F: FnOnce(&Reporter<R>) -> R + Send + 'static,
    {
        let shared = Arc::new(Shared {
            published: Mutex::new(Published::default()),
            cancel: AtomicBool::new(false),
        });
        let reporter = Reporter {
            shared: Arc::clone(&shared),
            waker: Arc::clone(&self.waker),
            last_wake: Mutex::new(None),
        };
        let body = move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| work(&reporter)));
            let cancelled = reporter.cancelled();
            {
                let mut s = lock(&reporter.shared.published);
                match outcome {
                    Ok(result) if !cancelled => {
                        s.result = Some(result);
                        s.done = s.total.max(s.done);
                    }
                    Ok(_) => {}
                    Err(panic) => {
                        s.failed = Some(panic_message(panic.as_ref()));
                        // A partial result would hide the failure: sections show their failed
                        // state when there is no result.
                        s.result = None;
                    }
                }
                s.finished = true;
            }
            (reporter.waker)();
        };
        if self.inline {
            body();
        } else {
            let spawned = std::thread::Builder::new()
                .name(format!("sim-{name}"))
                .spawn(body);
            if let Err(e) = spawned {
                let mut s = lock(&shared.published);
                s.failed = Some(tf!("stage.run.no_thread", &[("error", e.to_string())]));
                s.finished = true;
            }
        }
        Task { shared }
    }
}

/// A running or finished piece of background work.
pub struct Task<R> {
    shared: Arc<Shared<R>>,
}

impl<R> Task<R> {
    /// The latest published state. Hold the guard only briefly (while drawing is fine:
    /// the worker only takes the lock to publish).
    pub fn published(&self) -> MutexGuard<'_, Published<R>> {
        lock(&self.shared.published)
    }

    pub fn is_finished(&self) -> bool {
        self.published().finished
    }

    /// Asks the work to stop; it will publish nothing more.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }
}

impl<R: 'static> Task<R> {
    /// A look at the task's progress for whoever does not own it (see [`Watch`]).
    pub fn watch(&self) -> Watch {
        Watch(self.shared.clone())
    }
}

impl<R> Drop for Task<R> {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn wait<R>(task: &Task<R>) {
        let start = Instant::now();
        while !task.is_finished() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "task did not finish"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn streams_partial_results_then_the_final_one() {
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = Arc::clone(&wakes);
        let runner = Runner::threaded(Arc::new(move || {
            w.fetch_add(1, Ordering::Relaxed);
        }));
        let task = runner.spawn("count", |r: &Reporter<u64>| {
            for i in 0..5 {
                r.report(i, i, 5);
            }
            42
        });
        wait(&task);
        let s = task.published();
        assert_eq!(s.result, Some(42));
        assert!(s.finished && s.failed.is_none());
        assert_eq!(s.completed(), 1.0);
        assert!(
            wakes.load(Ordering::Relaxed) >= 2,
            "the UI is woken for news and for the end"
        );
    }

    #[test]
    fn dropping_a_task_cancels_it_quickly() {
        let runner = Runner::threaded(Arc::new(|| {}));
        let stopped = Arc::new(AtomicBool::new(false));
        let s2 = Arc::clone(&stopped);
        let task = runner.spawn("spin", move |r: &Reporter<()>| {
            while !r.cancelled() {
                std::thread::sleep(Duration::from_micros(200));
            }
            s2.store(true, Ordering::Relaxed);
        });
        std::thread::sleep(Duration::from_millis(5));
        let dropped_at = Instant::now();
        drop(task);
        while !stopped.load(Ordering::Relaxed) {
            assert!(dropped_at.elapsed() < Duration::from_millis(500));
            std::thread::sleep(Duration::from_micros(100));
        }
    }

    #[test]
    fn a_panicking_job_is_reported_not_propagated() {
        let runner = Runner::threaded(Arc::new(|| {}));
        let task = runner.spawn("boom", |r: &Reporter<u8>| {
            r.report(1, 1, 10);
            panic!("bad model")
        });
        wait(&task);
        let published = task.published();
        assert_eq!(published.failed.as_deref(), Some("bad model"));
        assert_eq!(
            published.result, None,
            "no partial result hides the failure"
        );
    }

    #[test]
    fn inline_runs_before_spawn_returns() {
        let task = Runner::inline().spawn("now", |_: &Reporter<u8>| 7);
        assert_eq!(task.published().result, Some(7));
    }
}
