//! Section `fencing`'s model in the registry: the chain of holders as `sim fencing`.

use serde_json::json;

use crate::sections::run::{Report, Run, ci};
use crate::sections::{Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::fencing::{self, FencingParams};

pub const MODEL: Sim<FencingParams> = Sim {
    name: "fencing",
    about: || t!("sections.fencing.about"),
    runs: Runs::Seeded,
    review: Review {
        drawn: &["holders", "ttl-ms", "stall-prob"],
        note: None,
    },
    report,
};

fn report(p: &Valid<FencingParams>, run: &Run, r: &mut Report) {
    let out = fencing::run(p, run.seed);
    r.put("stale_writes", json!(out.stale_writes))
        .put("overwritten", json!(out.overwritten))
        .put("rejected", json!(out.rejected))
        .put("stale_fraction", json!(out.stale_fraction.value))
        .put("stale_fraction_ci95", ci(&out.stale_fraction))
        .put("exact_stale_fraction", json!(p.exact_stale_fraction()));
}
