//! Section `where`'s model in the registry: the failover model as `sim failover` (its
//! scenario codes carry a store row besides the model's numbers: [`WhereParams`]), and its
//! prediction judged on it.

use serde_json::json;

use super::where_params::WhereParams;
use crate::lesson::quantity::fmt_count;
use crate::sections::run::{Report, Run, ci};
use crate::sections::truth::{Fact, Truth, count_words};
use crate::sections::{Judged, Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::failover::{FailoverParams, FailoverSim, Store};

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

/// The prediction: how many locks one failover loses, by the exact formula.
impl Judged for FailoverParams {
    fn truth(&self) -> Truth {
        let p = Valid::clamped(*self).get();
        let lost = p.expected_lost();
        // Asynchronous replication loses every grant still in flight: some, on average, at
        // every rate and lag; a consensus store none.
        let fixed = (p.store == Store::Consensus).then_some(0.0);
        Truth {
            fixed,
            ..Truth::exact(lost, tf!("app.review.lost", &[("n", fmt_count(lost))]))
        }
        .with(vec![Fact::new("lost", lost, count_words(lost))])
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        vec![("rate", fmt_count(self.rate))]
    }

    /// The prompt tells of an asynchronous replica.
    fn prompt_fits(&self) -> bool {
        self.store == Store::Redis
    }
}
