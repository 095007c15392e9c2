//! The spaced review's schedule as the progress file keeps it: one FSRS card per review item,
//! by the item's key (`kind:id`). The review reads and grades them (`src/review/schedule.rs`);
//! here they are only kept and merged. A schedule of an item the lesson no longer has is kept
//! but asked no more.
//!
//! It stands here, below the review, because it is part of the progress file's format
//! ([`super::Progress::review`]): the file reads, writes and merges these records with other
//! windows' without knowing how the review grades them, and the review may use the progress
//! file, never the other way round.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The settings a prediction was last asked at, and the band its answer fell in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastAsked {
    /// The draw that gave the item's review settings (`None`: the lesson's own settings).
    pub variant: Option<u32>,
    /// The band that held the model's value.
    pub band: Option<usize>,
}

/// An item's schedule: FSRS's card, as kept in the progress file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sched {
    /// When it is due, in ms since the Unix epoch.
    pub due: u64,
    /// When it was last graded.
    pub last: u64,
    pub stability: f64,
    pub difficulty: f64,
    pub elapsed_days: i64,
    pub scheduled_days: i64,
    pub reps: u32,
    pub lapses: u32,
    /// FSRS's state: 0 new, 1 learning, 2 review, 3 relearning.
    pub state: u8,
    /// When it was first graded in a review (0: never; its schedule started in the lesson).
    #[serde(default)]
    pub first: u64,
    /// A prediction: what it was last asked at.
    #[serde(default)]
    pub shown: Option<LastAsked>,
}

/// Merges another window's schedules: for each item the one graded later wins.
pub fn merge(mine: &mut BTreeMap<String, Sched>, theirs: &BTreeMap<String, Sched>) {
    for (key, t) in theirs {
        match mine.get_mut(key) {
            Some(m) if (m.last, m.reps) >= (t.last, t.reps) => {}
            Some(m) => *m = t.clone(),
            None => {
                mine.insert(key.clone(), t.clone());
            }
        }
    }
}
