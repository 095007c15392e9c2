//! Section `break`'s model in the registry: the billing job as `sim renewal`.

use serde_json::json;

use crate::sections::run::{Report, Run, ci};
use crate::sections::{Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::renewal::{RenewalParams, RenewalSim};

pub const MODEL: Sim<RenewalParams> = Sim {
    name: "renewal",
    about: || t!("sections.break.about"),
    runs: Runs::MonteCarlo,
    review: Review {
        drawn: &["ttl-s", "stall-prob"],
        note: None,
    },
    report,
};

fn report(p: &Valid<RenewalParams>, run: &Run, r: &mut Report) {
    let sim = RenewalSim::new(p);
    let s = sim.summary(&run.to_end(&sim), run.seed);
    r.put("lost_lock", json!(s.lost_lock));
    for (key, count) in s.counts.named() {
        r.put(key, json!(count));
    }
    r.put("fraction", json!(s.fraction.value))
        .put("fraction_ci95", ci(&s.fraction))
        .put("exact_fraction", json!(s.exact_fraction))
        .put("exact_stale_fraction", json!(s.exact.stale_writes_landed))
        .put("exact_harmful_fraction", json!(s.exact.harmful));
}
