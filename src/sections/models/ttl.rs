//! Section `ttl`'s model in the registry: the TTL model as `sim ttl`.

use serde_json::json;

use crate::sections::run::{Report, Run, ci};
use crate::sections::{Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::ttl::{TtlParams, TtlSim};

pub const MODEL: Sim<TtlParams> = Sim {
    name: "ttl",
    about: || t!("sections.ttl.about"),
    runs: Runs::MonteCarlo,
    review: Review {
        drawn: &["ttl-s", "grant-interval-s"],
        note: None,
    },
    report,
};

fn report(p: &Valid<TtlParams>, run: &Run, r: &mut Report) {
    let sim = TtlSim::new(p);
    let s = sim.summary(&run.to_end(&sim), run.seed);
    r.put("unsafe", json!(s.unsafe_holds))
        .put("unsafe_fraction", json!(s.unsafe_fraction.value))
        .put("unsafe_fraction_ci95", ci(&s.unsafe_fraction))
        .put("exact_unsafe_fraction", json!(s.exact_unsafe_fraction))
        .put("unsafe_per_day", json!(s.unsafe_per_day))
        .put("crash_wait_s", json!(s.crash_wait_s));
}
