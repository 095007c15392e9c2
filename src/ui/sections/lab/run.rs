//! How the lab's runs go to a worker thread: status lines while they run, then the result.

use crate::lab::{Control, LabError, LabRun};
use crate::runner::{Runner, Task};

/// What a lab run's worker publishes: a status line, then the result.
#[derive(Clone, Debug)]
pub struct Progress<T = LabRun> {
    pub status: String,
    pub done: Option<Result<T, LabError>>,
}

/// Starts `work` on a worker thread of `runner`: its status lines are published as they come,
/// then its result; it sees the task's cancel flag.
pub fn spawn_run<T: Send + 'static>(
    runner: &Runner,
    name: &str,
    work: impl FnOnce(&Control) -> Result<T, LabError> + Send + 'static,
) -> Task<Progress<T>> {
    runner.spawn(name, move |rep| {
        let status = |s: String| {
            rep.report(
                Progress {
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
        Progress {
            status: String::new(),
            done: Some(done),
        }
    })
}
