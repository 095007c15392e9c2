//! The sections' pages, one folder each in the same shape: `mod.rs` (the section's own part:
//! its settings, runs, headline and controls), `figure.rs` (its figure) and, where it has
//! one, a view-model file. The quiz type serves both quiz sections; `text` draws the pages of
//! words. Which section is where comes from [`crate::sections`], the lesson's one list.

pub mod lab;
pub mod quiz;
pub mod s01_why_lock;
pub mod s02_ttl;
pub mod s03_stale;
pub mod s04_fencing;
pub mod s05_where;
pub mod s07_who;
pub mod s09_break;
pub mod s10_next;
pub mod text;
