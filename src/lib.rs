//! locks-lesson: an interactive lesson on why a lock that merely expires is not a safe lock.

#![forbid(unsafe_code)]

#[macro_use]
mod macros;

pub mod app;
pub mod cli;
pub mod lab;
pub mod launch;
pub mod lesson;
pub mod options;
pub mod predict;
pub mod progress;
pub mod review;
pub mod runner;
pub mod scenario;
pub mod sections;
pub mod sim;
pub mod ui;
