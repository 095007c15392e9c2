//! Section `where`'s model in the registry: the failover model as `sim failover` (its
//! scenario codes carry a store row besides the model's numbers: [`WhereParams`]).

use serde_json::json;

use super::where_params::WhereParams;
use crate::sections::run::{Report, Run, ci};
use crate::sections::{Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::failover::{FailoverParams, FailoverSim};

pub const MODEL: Sim<WhereParams> = Sim {
    name: "failover",
    about: || t!("sections.where.about"),
    runs: Runs::MonteCarlo,
    review: Review {
        drawn: &["rate"],
        note: None,
    },
    report,
};

fn report(p: &Valid<FailoverParams>, run: &Run, r: &mut Report) {
    let sim = FailoverSim::new(p);
    let s = sim.summary(&run.to_end(&sim), run.seed);
    r.put("expected_lost", json!(s.expected_lost))
        .put("expected_double_granted", json!(s.expected_double_granted))
        .put("mean_lost", json!(s.mean_lost.value))
        .put("mean_lost_ci95", ci(&s.mean_lost))
        .put("mean_double_granted", json!(s.mean_double_granted.value))
        .put("mean_double_granted_ci95", ci(&s.mean_double_granted));
}
