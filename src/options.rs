//! How the app starts: the options the command line (or a test) opens it with.

use std::path::PathBuf;

/// How the app starts.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// Section to open (from 1); otherwise the last one visited.
    pub section: Option<u8>,
    /// The progress file. `None` keeps progress in memory only (tests); the command line
    /// always names one (`--progress-file` or the platform's data folder).
    pub progress_file: Option<PathBuf>,
    pub lecture: bool,
    /// Open the presenter view (the audience window and the console).
    pub presenter: bool,
    /// Run simulations inline instead of on threads (tests only: frames become deterministic).
    pub inline_runner: bool,
    /// Save exported files straight into this folder instead of asking in a dialog (tests).
    pub export_dir: Option<PathBuf>,
    /// Ask for a prediction before a simulation section's first result (off in tests that
    /// are not about predictions, so that results show at once).
    pub ask_predictions: bool,
    /// A scenario code to open on (`--scenario`).
    pub scenario: Option<String>,
    /// A playlist of scenario codes (`--playlist`): the app opens on its first code.
    pub playlist: Option<PathBuf>,
    /// The lab's server, named on the command line (`--redis URL` or `--etcd URL`).
    pub lab_server: Option<(crate::lab::ServerKind, String)>,
    /// Whether a lecture goes on to the lab after the lesson: `None` where its servers are
    /// installed (or one is named), `Some` to decide (tests).
    pub lab_in_lecture: Option<bool>,
    /// The spaced review's clock: the system's, or a fixed time (tests, `LOCKS_LESSON_NOW`).
    pub clock: crate::review::Clock,
}
