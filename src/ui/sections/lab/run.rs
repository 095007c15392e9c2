//! How the lab's runs go to a worker thread: status lines while they run, then the result.

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
