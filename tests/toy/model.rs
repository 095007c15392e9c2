//! Section `toy`'s model in the registry (`tests/toy/run.sh` copies this file to
//! `src/sections/models/toy.rs`): the toy model as `sim toy`, and its prediction judged on it.

use serde_json::json;

use crate::lesson::quantity::fmt_fraction;
use crate::sections::run::{Report, Run};
use crate::sections::truth::Truth;
use crate::sections::{Judged, Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::toy::{self, ToyParams};

pub const MODEL: Sim<ToyParams> = Sim {
    name: "toy",
    about: || t!("sections.toy.about"),
    runs: Runs::Seeded,
    review: Review {
        drawn: &["chance"],
        note: None,
    },
    report,
};

fn report(p: &Valid<ToyParams>, run: &Run, r: &mut Report) {
    r.put("right", json!(toy::run(p, run.seed)));
}

/// The prediction: the share of the tries that are right, which is the chance itself.
impl Judged for ToyParams {
    fn truth(&self) -> Truth {
        let p = Valid::clamped(*self).get();
        Truth::exact(p.chance, fmt_fraction(p.chance))
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("tries", self.tries.to_string()),
            ("chance", fmt_fraction(self.chance)),
        ]
    }
}
