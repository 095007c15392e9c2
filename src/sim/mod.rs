//! The lesson's models: pure, deterministic and seeded. Nothing here knows about the UI,
//! threads or files; `runner::parallel` spreads the Monte Carlo chunks over threads.

pub mod counter;
pub mod exact;
pub mod failover;
pub mod fencing;
pub mod hold;
pub mod mc;
pub mod params;
pub mod renewal;
pub mod schema;
pub mod stale;
pub mod stats;
#[cfg(test)]
pub(crate) mod testutil;
pub mod ttl;

pub use params::{ParamError, ParamSpec, ParamTable, Valid};
pub use schema::Schema;
