//! Section `why-lock`'s model in the registry: the counter model as `sim counter`.

use serde_json::json;

use crate::sections::run::{Report, Run};
use crate::sections::{Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::counter::{self, CounterParams};

pub const MODEL: Sim<CounterParams> = Sim {
    name: "counter",
    about: || t!("sections.why-lock.about"),
    runs: Runs::Seeded,
    review: Review {
        drawn: &["workers", "increments", "think-ms", "gap-ms"],
        note: None,
    },
    report,
};

fn report(p: &Valid<CounterParams>, run: &Run, r: &mut Report) {
    let out = counter::run(p, run.seed);
    r.put("final_counter", json!(out.final_counter))
        .put("lost_updates", json!(out.lost_updates))
        .put("elapsed_ms", json!(out.elapsed_ms));
}
