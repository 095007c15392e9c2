//! The progress of one window and the writer thread that keeps its file up to date.
//!
//! Every change is applied in memory at once and handed to the writer as a whole new state;
//! the UI thread never waits for the disk. The writer holds at most one state waiting (a newer
//! one replaces it: saves coalesce, the latest state wins) and writes one at a time. What it
//! wrote, merged with the file, comes back to the window at its next [`ProgressFile::poll`],
//! together with any message for the learner. Closing the window ([`ProgressFile::flush`], or
//! dropping the [`ProgressFile`]) waits for the last write (for at most a few seconds: a hung
//! disk cannot hang the exit).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::disk::{self, FileLock, Saved};
use super::{Progress, Recorded, now_ms};

/// The longest a closing window waits for its last write.
const FLUSH_WAIT: Duration = Duration::from_secs(10);

/// The progress of this window, and the file it is kept in.
#[derive(Debug)]
pub struct ProgressFile {
    path: Option<PathBuf>,
    progress: Progress,
    /// False when the file could not be read or set aside: saving would destroy it.
    writable: bool,
    notice: Option<String>,
    /// Questions the learner asked to go through again (this run only; not saved).
    pub review: VecDeque<String>,
    /// The class's predictions in lecture mode (this run only; not saved, not scored).
    pub class: Progress,
    /// The spaced review's clock (the system's; tests fix it).
    pub clock: super::clock::Clock,
    /// Changes made so far; each is one generation, handed to the writer.
    generation: u64,
    /// The last save failed (its notice was given; the next failure says nothing new).
    failing: bool,
    writer: Option<Writer>,
}

impl ProgressFile {
    /// Progress kept only while the app runs.
    pub fn memory() -> Self {
        Self {
            path: None,
            progress: Progress::default(),
            writable: false,
            notice: None,
            review: VecDeque::new(),
            class: Progress::default(),
            clock: super::clock::Clock::System,
            generation: 0,
            failing: false,
            writer: None,
        }
    }

    /// Opens the progress file at `path` (see the module notes for what happens to a missing or
    /// bad file). Never fails: at worst the learner starts fresh and [`ProgressFile::notice`] says why.
    pub fn open(path: PathBuf) -> Self {
        let mut store = Self {
            path: Some(path.clone()),
            writable: true,
            ..Self::memory()
        };
        if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            // Created now so that the lock file can live there; a failure shows up when saving.
            let _ = std::fs::create_dir_all(dir);
        }
        let _lock = FileLock::acquire(&path);
        match disk::read(&path) {
            Ok(None) => {}
            Ok(Some(Ok(p))) => store.progress = p,
            Ok(Some(Err(damage))) => match disk::set_aside(&path) {
                Ok(backup) => store.notice = Some(disk::set_aside_notice(&damage, &backup)),
                Err(e) => {
                    store.writable = false;
                    store.notice = Some(disk::unmovable_notice(&path, &damage, &e));
                }
            },
            Err(e) => {
                store.writable = false;
                let values = [
                    ("path", path.display().to_string()),
                    ("error", e.to_string()),
                ];
                store.notice = Some(tf!("stage.progress.unreadable", &values));
            }
        }
        store
    }

    pub fn get(&self) -> &Progress {
        &self.progress
    }

    /// The file progress is saved to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether changes reach the file.
    pub fn saves(&self) -> bool {
        self.writable
    }

    /// Something the learner should be told once (a file set aside, a failed save).
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    pub fn dismiss_notice(&mut self) {
        self.notice = None;
    }

    /// Changes made since the store was opened.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The latest change known to be on disk: every change up to this generation has been
    /// written, synced and renamed into place.
    pub fn durable(&self) -> u64 {
        self.writer.as_ref().map_or(0, |w| w.state().durable)
    }

    /// Writes finished so far (fewer than changes when changes came faster than the disk).
    pub fn writes(&self) -> u64 {
        self.writer.as_ref().map_or(0, |w| w.state().writes)
    }

    /// Whether a write is waiting or under way (the window repaints until it ends, to show
    /// its outcome).
    pub fn writing(&self) -> bool {
        self.writer.as_ref().is_some_and(|w| w.state().is_busy())
    }

    /// Takes in what the writer has done since the last call: the file's merged state (answers
    /// other windows saved), and the messages of a set-aside file or a failed save.
    pub fn poll(&mut self) {
        let Some(writer) = &self.writer else {
            return;
        };
        let outcomes = std::mem::take(&mut writer.state().outcomes);
        for outcome in outcomes {
            match outcome {
                Saved::Done { merged, notice } => {
                    self.progress.merge(&merged);
                    self.failing = false;
                    if notice.is_some() {
                        self.notice = notice;
                    }
                }
                Saved::Failed { notice, writable } => {
                    self.writable &= writable;
                    if !self.failing {
                        self.notice = Some(notice);
                    }
                    self.failing = true;
                }
            }
        }
    }

    /// Waits (up to a few seconds) until every change so far is on disk or its save has
    /// failed, then takes in the outcome. Returns whether everything was saved.
    pub fn flush(&mut self) -> bool {
        let saved = self.wait_saved();
        self.poll();
        saved
    }

    /// Waits (up to a few seconds) until every change so far is on disk or its save has
    /// failed; returns whether everything was saved. The outcome is taken in by the next
    /// [`ProgressFile::poll`].
    pub fn wait_saved(&self) -> bool {
        let Some(writer) = &self.writer else {
            return true;
        };
        writer
            .wait_idle()
            .is_some_and(|durable| durable >= self.generation)
    }

    /// Applies a change in memory and hands the new state to the writer. A failed save keeps
    /// the change in memory, sets [`ProgressFile::notice`] (once) and is retried at the next change.
    pub fn update<R>(&mut self, change: impl FnOnce(&mut Progress) -> R) -> R {
        self.poll();
        let result = change(&mut self.progress);
        let Some(path) = self.path.clone().filter(|_| self.writable) else {
            return result;
        };
        self.generation += 1;
        let writer = self.writer.get_or_insert_with(|| Writer::start(path));
        writer.submit(self.generation, self.progress.clone());
        result
    }

    /// Records an answer and saves it.
    pub fn record(&mut self, id: &str, choice: usize, correct: bool) -> Recorded {
        let now = now_ms();
        self.update(|p| p.record(id, choice, correct, now))
    }

    /// Remembers the section on screen; saves only when it changed.
    pub fn visit(&mut self, section: u8) {
        if !self.progress.visited(section) {
            self.update(|p| p.visit(section));
        }
    }

    /// Forgets every answer, here and in the file.
    pub fn reset(&mut self) {
        let now = now_ms();
        self.review.clear();
        self.update(|p| p.reset(now));
    }
}

/// The writer thread's side: the state waiting to be written and what came of earlier writes.
#[derive(Debug, Default)]
struct State {
    /// The latest state not yet taken by the writer, with its generation.
    pending: Option<(u64, Progress)>,
    /// A write is under way.
    in_flight: bool,
    durable: u64,
    /// Writes finished, saved or failed.
    writes: u64,
    /// Outcomes not yet taken in by [`ProgressFile::poll`].
    outcomes: Vec<Saved>,
    /// The store is gone: write what is pending, then stop.
    closing: bool,
}

impl State {
    fn is_busy(&self) -> bool {
        self.pending.is_some() || self.in_flight
    }
}

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug)]
struct Writer {
    shared: Arc<Shared>,
    /// `None` when no thread could be started: saves then run on the caller.
    thread: Option<JoinHandle<()>>,
    path: PathBuf,
}

impl Writer {
    fn start(path: PathBuf) -> Self {
        let shared = Arc::new(Shared::default());
        let (s, p) = (Arc::clone(&shared), path.clone());
        let thread = std::thread::Builder::new()
            .name("progress-writer".into())
            .spawn(move || write_loop(&s, &p))
            .ok();
        Self {
            shared,
            thread,
            path,
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.shared.state)
    }

    /// Waits (up to [`FLUSH_WAIT`]) until nothing is waiting or being written; returns the
    /// latest durable generation then, or `None` on a timeout.
    fn wait_idle(&self) -> Option<u64> {
        let deadline = Instant::now() + FLUSH_WAIT;
        let mut state = self.state();
        while state.is_busy() {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            state = self
                .shared
                .changed
                .wait_timeout(state, left)
                .map_or_else(|e| e.into_inner().0, |(s, _)| s);
        }
        Some(state.durable)
    }

    /// Hands over the latest state, replacing one that is still waiting.
    fn submit(&self, generation: u64, progress: Progress) {
        if self.thread.is_none() {
            let saved = disk::save(&self.path, progress);
            finish(&self.shared, generation, saved);
            return;
        }
        self.state().pending = Some((generation, progress));
        self.shared.changed.notify_all();
    }
}

impl Drop for Writer {
    /// The store is going away (the window closes): the pending write is finished first.
    fn drop(&mut self) {
        self.wait_idle();
        self.state().closing = true;
        self.shared.changed.notify_all();
        // Joined only when it has nothing left to do: a hung disk must not hang the exit.
        if let Some(t) = self.thread.take()
            && !self.state().is_busy()
        {
            let _ = t.join();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The writer thread: takes the latest state, writes it, reports, and waits for the next.
fn write_loop(shared: &Shared, path: &Path) {
    loop {
        let (generation, progress) = {
            let mut state = lock(&shared.state);
            loop {
                if let Some(job) = state.pending.take() {
                    state.in_flight = true;
                    break job;
                }
                if state.closing {
                    return;
                }
                state = shared
                    .changed
                    .wait(state)
                    .unwrap_or_else(|e| e.into_inner());
            }
        };
        let saved = disk::save(path, progress);
        finish(shared, generation, saved);
    }
}

/// Records the outcome of the write of `generation` and wakes whoever waits for it.
fn finish(shared: &Shared, generation: u64, saved: Saved) {
    let mut state = lock(&shared.state);
    state.in_flight = false;
    state.writes += 1;
    if matches!(saved, Saved::Done { .. }) {
        state.durable = state.durable.max(generation);
        // Only the latest merged state matters; a message of an earlier one is kept.
        if let Some(Saved::Done { notice: None, .. }) = state.outcomes.last() {
            state.outcomes.pop();
        }
    }
    state.outcomes.push(saved);
    drop(state);
    shared.changed.notify_all();
}
