//! Section `stale`'s model in the registry: the stale-holder story as `sim stale`, and its
//! predictions judged on it (whose data storage keeps, and, in the review, whose write comes
//! last).

use serde_json::json;

use crate::lesson::quantity::seconds;
use crate::sections::run::{Report, Run};
use crate::sections::truth::{Fact, Truth};
use crate::sections::{Judged, Measure, Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::stale::{self, Outcome, StaleParams};

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

/// The prediction: whose data is in storage at the end (0: A's stays; 1: B's).
impl Judged for StaleParams {
    const MEASURES: &'static [Measure<Self>] = &[Measure {
        name: "LastWrite",
        truth: last_write,
        // Storage that checks tokens answers "B's" whatever the timing: the words decide.
        fits: |p| !p.fencing,
    }];

    const SWITCH_ASKED: bool = true;

    fn truth(&self) -> Truth {
        let w = crate::lesson::review_words::words();
        let (choice, text) = match stale::run(&Valid::clamped(*self)).outcome {
            Outcome::Overwritten => (0, &w.stale_overwritten),
            Outcome::Rejected => (1, &w.stale_rejected),
            Outcome::NoOverlap | Outcome::OverlapHarmless => (1, &w.stale_later),
        };
        Truth::exact(choice as f64, text.clone()).alternatives(vec![choice])
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        let w = crate::lesson::review_words::words();
        let checks = if self.fencing {
            &w.checks_tokens
        } else {
            &w.checks_nothing
        };
        vec![
            ("pause", seconds(self.pause_s)),
            ("ttl", seconds(self.ttl_s)),
            ("storage", checks.clone()),
            ("work", seconds(stale::WORK_S)),
        ]
    }

    /// The story has B write before A: only when A's pause outlasts the TTL.
    fn prompt_fits(&self) -> bool {
        self.pause_s > self.ttl_s
    }

    /// Whether storage checks tokens, heads or tails.
    fn draw(&mut self, random: &mut dyn FnMut() -> u64) {
        self.fencing = random() & 1 == 1;
    }

    /// The story's order of writes should not hang on a fraction of a second.
    fn borderline(&self) -> bool {
        (self.pause_s - self.ttl_s).abs() < 1.0
    }
}

/// Without fencing: 0 when A's write is last (it replaces B's), 1 when B's is; decided by when
/// A wakes against when B writes, rather than by "checks fencing tokens".
fn last_write(p: &StaleParams) -> Truth {
    let run = stale::run(&Valid::clamped(StaleParams {
        fencing: false,
        ..*p
    }));
    let w = crate::lesson::review_words::words();
    let (choice, text, case) = match run.outcome {
        Outcome::Overwritten => (0usize, &w.stale_overwritten, "a-last"),
        Outcome::OverlapHarmless => (1, &w.stale_later, "b-last"),
        Outcome::NoOverlap | Outcome::Rejected => (1, &w.stale_later, "in-time"),
    };
    Truth {
        case: Some(case),
        ..Truth::exact(choice as f64, text.clone())
    }
    .alternatives(vec![choice])
    .with(vec![
        Fact::new("a_writes", run.a_write_s, seconds(run.a_write_s)),
        Fact::new("b_writes", run.b_write_s, seconds(run.b_write_s)),
        Fact::new("expiry", run.expiry_s, seconds(run.expiry_s)),
    ])
}
