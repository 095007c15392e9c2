//! The learner's progress: quiz answers, XP, finished quizzes, the last section visited and
//! the spaced review's schedule, kept in a small RON file. Sections are named in it by their
//! ids (format 4); files of formats 1 to 3, which named them by number, are read as they
//! were meant ([`by_id`]) and written in format 4.
//!
//! The file lives in the platform's data folder ([`default_path`]) or wherever
//! `--progress-file` points. It is written after every change by one writer thread per window
//! (so a slow disk never stalls a frame), atomically: a temporary file in the same folder is
//! written, flushed to disk and renamed over the old one, so the file on disk is always either
//! the previous version or the new one, never half of each. Changes made while a write is in
//! flight coalesce: the next write carries the latest state.
//!
//! Loading is tolerant. A missing file means fresh progress. A file that is damaged
//! (unparsable, cut short, binary), larger than [`MAX_FILE_BYTES`] or written by a newer
//! version is renamed to `progress.ron.bad-<unix time>` so nothing is destroyed, and the
//! learner starts afresh with a [`ProgressFile::notice`] saying so. Unknown fields are ignored, and
//! answers to questions the lesson no longer has are kept in the file but count for nothing.
//!
//! Several windows may share one file. Every save takes an advisory lock on a `.lock` file
//! beside it, re-reads the file, merges it with what the window holds ([`Progress::merge`])
//! and writes the result, so no window overwrites another's answers; the window then takes in
//! what the other windows added.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::lesson::{self, Question};

pub mod by_id;
pub mod clock;
mod disk;
pub mod sched;
mod writer;

pub use sched::{LastAsked, Sched};
pub use writer::ProgressFile;

/// The file format this version reads and writes (formats 1 to 3 are read too).
pub const VERSION: u32 = 4;
/// Larger files are not read (a progress file is a few kilobytes).
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// XP for a question answered right at the first try.
pub const XP_PER_QUESTION: u32 = 20;
const FILE_NAME: &str = "progress.ron";

/// Where progress is kept unless `--progress-file` says otherwise: `progress.ron` in the
/// platform's data folder (`$XDG_DATA_HOME/locks-lesson` or `~/.local/share/locks-lesson` on
/// Linux, `~/Library/Application Support/locks-lesson` on macOS,
/// `%APPDATA%\locks-lesson\data` on Windows). `None` when the system names no home folder.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "locks-lesson").map(|d| d.data_dir().join(FILE_NAME))
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The answer record of one question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The answer chosen most recently, counted from 0.
    pub choice: usize,
    /// Whether that answer was right.
    pub correct: bool,
    /// Whether the first answer ever given was right (only that one earns XP).
    pub first_try: bool,
    /// When the first answer was given, in ms since the Unix epoch.
    #[serde(default)]
    pub first_at: u64,
    /// When the most recent answer was given, in ms since the Unix epoch.
    #[serde(default)]
    pub at: u64,
}

/// Everything the progress file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// File format version ([`VERSION`]).
    pub version: u32,
    /// Total XP. Written for whoever reads the file; always recomputed from `answers`, so it
    /// can never count an answer twice.
    pub xp: u32,
    /// The id of the section on screen when the file was last written (the lab's too).
    #[serde(deserialize_with = "by_id::option")]
    pub last_section: Option<String>,
    /// Ids of the sections finished: quiz sections whose every question has been answered, and
    /// the sections in `done` that the lesson has (recomputed from both).
    #[serde(deserialize_with = "by_id::set")]
    pub completed: BTreeSet<String>,
    /// Section id → when the learner finished it (ms since the Unix epoch): a simulation
    /// section once its prediction was made and its result seen, a text section once read to
    /// the end or its choices made, the lab once one experiment ran. (Absent from format 1.)
    /// Ids the lesson no longer has are kept but count for nothing.
    #[serde(deserialize_with = "by_id::map")]
    pub done: BTreeMap<String, u64>,
    /// When progress was last reset, in ms since the Unix epoch (0: never). Answers first
    /// given before that are dropped when merging.
    pub reset_at: u64,
    /// Question id → answer record.
    pub answers: BTreeMap<String, Answer>,
    /// Prediction id → what was predicted and what the run gave (format 2; a format-1 file
    /// has none and loads with an empty map).
    pub predictions: BTreeMap<String, crate::predict::Record>,
    /// Review item (`kind:id`) → its FSRS schedule (format 3; older files have none, and every
    /// item they answered starts from that answer). Items the lesson no longer has are kept but
    /// never asked.
    pub review: BTreeMap<String, Sched>,
}

impl Default for Progress {
    fn default() -> Self {
        Self {
            version: VERSION,
            xp: 0,
            last_section: None,
            completed: BTreeSet::new(),
            done: BTreeMap::new(),
            reset_at: 0,
            answers: BTreeMap::new(),
            predictions: BTreeMap::new(),
            review: BTreeMap::new(),
        }
    }
}

/// What recording an answer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// This was the first answer ever given to the question.
    pub first: bool,
    /// XP this answer earned (only a right first answer earns any).
    pub xp: u32,
}

/// The number of the section (the lab too) with this id.
fn lesson_number(id: &str) -> Option<u8> {
    crate::sections::number_of(id)
}

/// What `last_section` keeps of section `section`: its id (the lab's too).
fn remembered(section: u8) -> Option<&'static str> {
    crate::sections::id(section)
}

/// The quiz sections, in lesson order (as the lesson's data declares them).
pub fn quiz_sections() -> impl Iterator<Item = u8> {
    lesson::content()
        .quizzes
        .all()
        .into_iter()
        .map(|q| q.section)
}

/// Every quiz question with the section it belongs to, in lesson order.
fn all_questions() -> impl Iterator<Item = (u8, &'static Question)> {
    lesson::content()
        .quizzes
        .all()
        .into_iter()
        .flat_map(|quiz| quiz.iter().map(|q| (quiz.section, q)))
}

/// The quiz question with this id, and the section it belongs to.
pub fn question(id: &str) -> Option<(u8, &'static Question)> {
    all_questions().find(|(_, q)| q.id == id)
}

/// The questions of a quiz section (empty for a section without a quiz).
pub fn quiz_questions(section: u8) -> &'static [Question] {
    lesson::content().quiz(section).map_or(&[], |q| &q[..])
}

impl Progress {
    /// The record of a question the lesson has, if it was answered (records of questions the
    /// lesson no longer has, or whose choice is out of range, are ignored).
    pub fn answer(&self, id: &str) -> Option<&Answer> {
        let (_, q) = question(id)?;
        self.answers.get(id).filter(|a| a.choice < q.answers.len())
    }

    /// XP earned: [`XP_PER_QUESTION`] for each question of the lesson answered right at the
    /// first try.
    pub fn earned_xp(&self) -> u32 {
        let count = self
            .answers
            .keys()
            .filter(|id| self.answer(id).is_some_and(|a| a.first_try))
            .count();
        let close = self.predictions.values().filter(|r| r.close()).count();
        count as u32 * XP_PER_QUESTION + close as u32 * crate::predict::XP_PER_PREDICTION
    }

    /// The most XP the lesson's quizzes can give.
    pub fn max_xp() -> u32 {
        all_questions().count() as u32 * XP_PER_QUESTION
            + crate::predict::prompts().len() as u32 * crate::predict::XP_PER_PREDICTION
    }

    /// Records a prediction, unless one was made before (only the first counts).
    pub fn record_prediction(&mut self, id: &str, record: crate::predict::Record) {
        if !self.predictions.contains_key(id) {
            let record = crate::predict::Record {
                at: record.at.max(self.reset_at),
                ..record
            };
            self.predictions.insert(id.to_owned(), record);
        }
        self.refresh();
    }

    /// Marks section `section` finished at `now` (ms since the Unix epoch); true when it was
    /// not finished before.
    pub fn mark_done(&mut self, section: u8, now: u64) -> bool {
        let Some(id) = crate::sections::id(section) else {
            return false;
        };
        if self.completed.contains(id) {
            return false;
        }
        self.done.insert(id.to_owned(), now.max(self.reset_at));
        self.refresh();
        true
    }

    /// Whether section `section` is finished (its tick in the section list).
    pub fn finished(&self, section: u8) -> bool {
        crate::sections::id(section).is_some_and(|id| self.completed.contains(id))
    }

    /// When section `section` was finished, if it was.
    pub fn done_at(&self, section: u8) -> Option<u64> {
        self.done.get(crate::sections::id(section)?).copied()
    }

    /// The number of the section on screen when the file was last written.
    pub fn last_visited(&self) -> Option<u8> {
        self.last_section.as_deref().and_then(lesson_number)
    }

    /// Whether `last_section` already says section `section`.
    pub fn visited(&self, section: u8) -> bool {
        self.last_section.as_deref() == remembered(section)
    }

    /// Remembers section `section` as the one on screen.
    pub fn visit(&mut self, section: u8) {
        self.last_section = remembered(section).map(str::to_owned);
    }

    /// Whether every question of a quiz section has been answered.
    pub fn is_completed(&self, section: u8) -> bool {
        let qs = quiz_questions(section);
        !qs.is_empty() && qs.iter().all(|q| self.answer(&q.id).is_some())
    }

    /// Questions whose most recent answer was wrong, in lesson order.
    pub fn missed(&self) -> Vec<(u8, &'static Question)> {
        all_questions()
            .filter(|(_, q)| self.answer(&q.id).is_some_and(|a| !a.correct))
            .collect()
    }

    /// Records an answer given at `now` (ms since the Unix epoch). The first answer to a
    /// question fixes whether it earns XP; later ones only replace the most recent choice.
    pub fn record(&mut self, id: &str, choice: usize, correct: bool, now: u64) -> Recorded {
        let recorded = match self.answers.get_mut(id) {
            Some(a) => {
                a.choice = choice;
                a.correct = correct;
                a.at = a.at.max(now);
                Recorded {
                    first: false,
                    xp: 0,
                }
            }
            None => {
                // Never before the last reset, even if the clock went back since.
                let now = now.max(self.reset_at);
                self.answers.insert(
                    id.to_owned(),
                    Answer {
                        choice,
                        correct,
                        first_try: correct,
                        first_at: now,
                        at: now,
                    },
                );
                Recorded {
                    first: true,
                    xp: if correct { XP_PER_QUESTION } else { 0 },
                }
            }
        };
        self.refresh();
        recorded
    }

    /// Forgets every answer (the last section is kept).
    pub fn reset(&mut self, now: u64) {
        self.answers.clear();
        self.predictions.clear();
        self.review.clear();
        self.done.clear();
        self.reset_at = self.reset_at.max(now);
        self.refresh();
    }

    /// Merges what another writer saved into this progress.
    ///
    /// - Answers are the union of both. For a question both answered, the first-try record
    ///   (`first_try`, `first_at`) comes from the earlier first answer (on a tie, a wrong one
    ///   wins, so XP is never granted twice), and the most recent choice from the later answer.
    /// - A reset on either side drops every answer first given before it.
    /// - Finished sections are the union of both (the earlier time of each).
    /// - XP and finished sections are recomputed from the merged records.
    /// - `last_section` stays this side's when it has one.
    ///
    /// For answers the merge of two sides is commutative and idempotent, and without resets
    /// it is associative too, so the order in which windows save does not matter. (Every save
    /// merges one window with the file under the file's lock, so a reset on disk is always
    /// known before a window's answers are combined with it.)
    pub fn merge(&mut self, other: &Progress) {
        // Records from before a reset (on either side) take no part.
        self.reset_at = self.reset_at.max(other.reset_at);
        let reset_at = self.reset_at;
        self.answers.retain(|_, a| a.first_at >= reset_at);
        for (id, theirs) in other.answers.iter().filter(|(_, a)| a.first_at >= reset_at) {
            match self.answers.get_mut(id) {
                None => {
                    self.answers.insert(id.clone(), theirs.clone());
                }
                Some(mine) => {
                    if (theirs.first_at, theirs.first_try) < (mine.first_at, mine.first_try) {
                        mine.first_at = theirs.first_at;
                        mine.first_try = theirs.first_try;
                    }
                    if (theirs.at, theirs.choice, theirs.correct)
                        > (mine.at, mine.choice, mine.correct)
                    {
                        mine.at = theirs.at;
                        mine.choice = theirs.choice;
                        mine.correct = theirs.correct;
                    }
                }
            }
        }
        self.predictions.retain(|_, r| r.at >= reset_at);
        for (id, theirs) in other.predictions.iter().filter(|(_, r)| r.at >= reset_at) {
            match self.predictions.get_mut(id) {
                None => {
                    self.predictions.insert(id.clone(), theirs.clone());
                }
                Some(mine) => mine.merge(theirs),
            }
        }
        sched::merge(&mut self.review, &other.review);
        for (section, &at) in &other.done {
            let mine = self.done.entry(section.clone()).or_insert(at);
            *mine = (*mine).min(at);
        }
        if self.last_section.is_none() {
            self.last_section.clone_from(&other.last_section);
        }
        self.refresh();
    }

    /// Recomputes the derived fields and drops what a reset cancelled.
    fn refresh(&mut self) {
        let reset_at = self.reset_at;
        self.answers.retain(|_, a| a.first_at >= reset_at);
        self.predictions.retain(|_, r| r.at >= reset_at);
        self.review.retain(|_, s| s.last >= reset_at);
        self.version = VERSION;
        self.xp = self.earned_xp();
        self.done.retain(|_, at| *at >= reset_at);
        let quizzes = quiz_sections().filter(|&s| self.is_completed(s));
        let done = self
            .done
            .keys()
            .filter_map(|id| crate::sections::number_of(id));
        self.completed = quizzes
            .chain(done)
            .filter_map(crate::sections::id)
            .map(str::to_owned)
            .collect();
        if self.last_visited().is_none() {
            self.last_section = None;
        }
    }

    /// The file's text.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(3);
        // Plain data (strings, numbers, maps): serialising cannot fail.
        ron::ser::to_string_pretty(self, config).expect("progress serialises") + "\n"
    }

    /// Reads a progress file's bytes. Unknown fields are ignored; a file without a version,
    /// with a newer version, or that does not parse is refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Progress, Damage> {
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(Damage::TooLarge(bytes.len() as u64));
        }
        let text = std::str::from_utf8(bytes).map_err(|_| Damage::NotText)?;
        /// Only the version, read first so that a newer file is recognised as such even when
        /// the rest of it would not parse.
        #[derive(Deserialize)]
        struct Header {
            #[serde(default)]
            version: u32,
        }
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let unreadable = |e: ron::error::SpannedError| {
            let at = e.span.start;
            let values = [
                ("line", at.line.to_string()),
                ("column", at.col.to_string()),
            ];
            Damage::Unreadable(tf!("stage.progress.damage.at", &values))
        };
        let header: Header = options.from_str(text).map_err(unreadable)?;
        match header.version {
            0 => {
                let none = t!("stage.progress.damage.no_version");
                return Err(Damage::Unreadable(none.to_owned()));
            }
            v if v > VERSION => return Err(Damage::Newer(v)),
            _ => {}
        }
        let mut p: Progress = options.from_str(text).map_err(unreadable)?;
        p.refresh();
        Ok(p)
    }
}

/// Reads the progress file at `path` and changes nothing (no backup of a damaged file, no
/// lock): `Ok(None)` when there is none. For `locks-lesson review --due`.
pub fn read_only(path: &std::path::Path) -> std::io::Result<Option<Result<Progress, Damage>>> {
    disk::read(path)
}

/// Why a progress file could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    TooLarge(u64),
    NotText,
    Unreadable(String),
    Newer(u32),
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Damage::TooLarge(n) => {
                let values = [("n", n.to_string())];
                f.write_str(&tf!("stage.progress.damage.too_large", &values))
            }
            Damage::NotText => f.write_str(t!("stage.progress.damage.not_text")),
            Damage::Unreadable(e) => {
                f.write_str(&tf!("stage.progress.damage.unreadable", &[("detail", e)]))
            }
            Damage::Newer(v) => {
                let values = [("v", v.to_string()), ("version", VERSION.to_string())];
                f.write_str(&tf!("stage.progress.damage.newer", &values))
            }
        }
    }
}
