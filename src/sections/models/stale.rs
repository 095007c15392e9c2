//! Section `stale`'s model in the registry: the stale-holder story as `sim stale`.

use serde_json::json;

use crate::sections::run::{Report, Run};
use crate::sections::{Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::stale::{self, StaleParams};

pub const MODEL: Sim<StaleParams> = Sim {
    name: "stale",
    about: || t!("sections.stale.about"),
    runs: Runs::Story,
    review: Review {
        drawn: &["pause-s", "ttl-s"],
        note: None,
    },
    report,
};

fn report(p: &Valid<StaleParams>, _: &Run, r: &mut Report) {
    let out = stale::run(p);
    r.put("outcome", json!(out.outcome.as_str()))
        .put("a_write_s", json!(out.a_write_s))
        .put("b_write_s", json!(out.b_write_s))
        .put("expiry_s", json!(out.expiry_s))
        .put("b_granted_s", json!(out.b_granted_s));
}
