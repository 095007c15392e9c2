//! Section `why-lock`'s model in the registry: the counter model as `sim counter`, and its
//! prediction judged on it.

use serde_json::json;

use crate::lesson::quantity::{duration_ms, fmt_int};
use crate::sections::run::{Report, Run};
use crate::sections::truth::{RUNS, Truth};
use crate::sections::{Judged, Review, Runs, Sim};
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

/// The prediction: the share of the increments the counter shows, without the lock.
impl Judged for CounterParams {
    fn truth(&self) -> Truth {
        let p = Valid::clamped(CounterParams {
            lock: false,
            ..*self
        });
        let total = p.expected();
        let shares: Vec<f64> = (1..=RUNS)
            .map(|seed| counter::run(&p, seed).final_counter as f64 / total as f64)
            .collect();
        let mean_shown = shares.iter().sum::<f64>() / RUNS as f64 * total as f64;
        let text = tf!(
            "app.review.counter",
            &[
                ("shown", fmt_int(mean_shown.round() as u64)),
                ("total", fmt_int(total)),
                ("runs", RUNS.to_string()),
            ],
        );
        if p.workers == 1 {
            // Nobody else writes between a read and its write: every increment counts.
            return Truth {
                fixed: Some(1.0),
                ..Truth::exact(1.0, text)
            };
        }
        Truth::sampled(&shares, 1.0 / total as f64, text)
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        let w = crate::lesson::review_words::words();
        let who = if self.workers == 1 {
            w.workers_one.clone()
        } else {
            crate::lesson::fill(&w.workers_many, &[("n", self.workers.to_string())])
        };
        vec![
            ("workers", self.workers.to_string()),
            ("who", who),
            ("increments", fmt_int(u64::from(self.increments))),
            ("total", fmt_int(self.expected())),
            ("think", duration_ms(self.think_ms)),
            ("gap", duration_ms(self.gap_ms)),
        ]
    }

    /// One worker: nobody else writes between a read and its write.
    fn degenerate(&self) -> bool {
        self.workers == 1
    }
}
