//! The lesson's models: pure, deterministic and seeded. Nothing here knows about the UI,
//! threads (beyond the chunked Monte Carlo driver) or files.

pub mod counter;
pub mod params;

pub use params::{ParamError, ParamSpec};
