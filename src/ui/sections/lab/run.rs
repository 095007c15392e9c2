//! How the lab's runs go to a worker thread: status lines while they run, then the result.

use std::time::{Duration, Instant};

use super::LabPage;
use crate::lab::{Control, LabError, LabRun};
use crate::runner::{Runner, Task};

/// What a lab run's worker publishes: a status line, then the result.
#[derive(Clone, Debug)]
pub struct RunUpdate<T = LabRun> {
    pub status: String,
    pub done: Option<Result<T, LabError>>,
}

/// Starts `work` on a worker thread of `runner`: its status lines are published as they come,
/// then its result; it sees the task's cancel flag.
pub fn spawn_run<T: Send + 'static>(
    runner: &Runner,
    name: &str,
    work: impl FnOnce(&Control) -> Result<T, LabError> + Send + 'static,
) -> Task<RunUpdate<T>> {
    runner.spawn(name, move |rep| {
        let status = |s: String| {
            rep.report(
                RunUpdate {
                    status: s,
                    done: None,
                },
                0,
                1,
            );
        };
        let cancelled = || rep.cancelled();
        let ctl = Control {
            cancelled: &cancelled,
            status: &status,
        };
        let done = work(&ctl);
        RunUpdate {
            status: String::new(),
            done: Some(done),
        }
    })
}

/// How a finished run ended, as the page tells it.
pub enum Ended<T> {
    Done(T),
    Cancelled,
    /// Why the run did not finish.
    Failed(String),
}

/// Takes the worker's news: copies its latest status line into `status` and, once the run
/// has ended, how it ended. `None` while it is still going.
pub fn poll<T: Clone>(task: &Task<RunUpdate<T>>, status: &mut String) -> Option<Ended<T>> {
    let (finished, update, failed) = {
        let published = task.published();
        (
            published.finished,
            published.result.clone(),
            published.failed.clone(),
        )
    };
    if let Some(RunUpdate {
        status: s,
        done: None,
    }) = &update
    {
        status.clone_from(s);
    }
    if !finished {
        return None;
    }
    Some(match (update.and_then(|p| p.done), failed) {
        (Some(Ok(run)), _) => Ended::Done(run),
        (Some(Err(LabError::Cancelled)), _) | (None, None) => Ended::Cancelled,
        (Some(Err(e)), _) => Ended::Failed(e.to_string()),
        (None, Some(msg)) => Ended::Failed(msg),
    })
}

/// Where the page's runs come from: real servers (on the runner's worker threads), or runs
/// recorded on real servers replayed one moment at a time as a [`ReplayClock`] moves on
/// (tests that walk the page with runs in flight, frame by frame and without servers).
#[derive(Clone, Default)]
pub enum Source {
    #[default]
    Servers,
    Replay(ReplayClock),
}

/// The clock a replayed run follows: each tick is one moment of the run (its next status
/// line, then its end). Ticks before a run starts do not count for it.
#[derive(Clone, Default)]
pub struct ReplayClock(std::sync::Arc<std::sync::atomic::AtomicU64>);

impl ReplayClock {
    /// One moment passes.
    pub fn tick(&self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    fn now(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// A replayed run: its status lines, one a tick, then its result.
pub struct Replay<T> {
    clock: ReplayClock,
    started: u64,
    statuses: Vec<String>,
    result: T,
}

/// A run in flight: on a worker thread, or replayed.
pub enum Job<T> {
    Task(Task<RunUpdate<T>>),
    Replay(Replay<T>),
}

impl<T: Clone + Send + 'static> Job<T> {
    /// Starts `work` from `source`: on the runner's worker, or as the replay of `recorded`
    /// with these `statuses` (the first is already on screen).
    pub fn start(
        source: &Source,
        runner: &Runner,
        name: &str,
        work: impl FnOnce(&Control) -> Result<T, LabError> + Send + 'static,
        recorded: impl FnOnce() -> (Vec<String>, T),
    ) -> Self {
        match source {
            Source::Servers => Job::Task(spawn_run(runner, name, work)),
            Source::Replay(clock) => {
                let (statuses, result) = recorded();
                Job::Replay(Replay {
                    clock: clock.clone(),
                    started: clock.now(),
                    statuses,
                    result,
                })
            }
        }
    }

    /// See [`poll`].
    pub fn poll(&self, status: &mut String) -> Option<Ended<T>> {
        match self {
            Job::Task(task) => poll(task, status),
            Job::Replay(r) => {
                let at = usize::try_from(r.clock.now() - r.started).unwrap_or(usize::MAX);
                match r.statuses.get(at) {
                    Some(s) => {
                        status.clone_from(s);
                        None
                    }
                    None => Some(Ended::Done(r.result.clone())),
                }
            }
        }
    }

    /// Stops the run (a server it started is stopped).
    pub fn cancel(&self) {
        if let Job::Task(task) = self {
            task.cancel();
        }
    }

    pub fn is_finished(&self) -> bool {
        match self {
            Job::Task(task) => task.is_finished(),
            Job::Replay(_) => true,
        }
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
