//! Spaced review: the deck made of what the lesson already asks, and when each item comes back.
//!
//! The deck ([`deck`]) holds every quiz question, every section's prediction, section 7's
//! "where is the fencing token?" cards and the glossary's core terms as recall cards. Each item
//! is scheduled on its own by FSRS ([`schedule`], through the `rs-fsrs` crate), a scheduling
//! algorithm Anki offers as an option beside its older default. An item the lesson already
//! asked starts from that answer: right at the first try counts as Good, wrong as Again. The
//! schedule is kept in the progress file ([`crate::progress::Progress::review`]). A
//! prediction comes back as a fresh question at settings of its own ([`questions`]).
//!
//! Everything here is plain data and arithmetic on times given by the caller; the one clock
//! is [`Clock`] (kept with the progress file), which the app, the command line and the tests
//! hand in.

mod deck;
pub mod questions;
pub mod schedule;

pub use crate::lesson::review_words::{Words, words};
pub use crate::progress::clock::{Clock, DAY_MS, NOW_ENV};
pub use deck::{ItemId, ItemKind, deck, exists};
pub use schedule::{Grade, LastAsked, Plan, PlanItem, Sched, plan};

/// How soon an item graded Again comes back in the same session (Anki's relearning step);
/// sooner when nothing else is left to ask.
pub const LEARN_STEP_MS: u64 = 10 * 60 * 1000;
/// New cards (never asked in the lesson) brought in per day.
pub const NEW_PER_DAY: usize = 5;
