//! The simulation sections' models as the registry holds them: one descriptor ([`super::Sim`])
//! per model, named after it (`sim NAME`): its help line, how its runs vary and its report.
//! The page that shows a model is the window's, found by the section's id.

pub mod counter;
pub mod failover;
pub mod fencing;
pub mod renewal;
pub mod stale;
pub mod ttl;
pub mod where_params;
