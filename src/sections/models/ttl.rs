//! Section `ttl`'s model in the registry: the TTL model as `sim ttl`, and its prediction
//! judged on it.

use serde_json::json;

use crate::lesson::quantity::{fmt_fraction, fmt_rate, seconds};
use crate::sections::run::{Report, Run, ci};
use crate::sections::truth::{Fact, Truth, count_words};
use crate::sections::{Judged, Review, Runs, Sim};
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

/// The prediction: how often a hold outlives its lock, by the exact formula.
impl Judged for TtlParams {
    fn truth(&self) -> Truth {
        let p = Valid::clamped(*self).get();
        let share = p.exact_unsafe_fraction();
        let per_day = p.per_day(share);
        let grants = p.per_day(1.0);
        Truth::exact(per_day, fmt_rate(per_day)).with(vec![
            Fact::new("per_hold", share, fmt_fraction(share)),
            Fact::new("grants", grants, count_words(grants.round())),
        ])
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ttl", seconds(self.ttl_s)),
            ("interval", seconds(self.grant_interval_s)),
        ]
    }
}
