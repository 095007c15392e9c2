//! Section `fencing`'s model in the registry: the chain of holders as `sim fencing`, and its
//! prediction judged on it.

use serde_json::json;

use crate::lesson::quantity::{
    duration_ms, fmt_count, fmt_fraction, fmt_int, pct_rounded, trim_sig2,
};
use crate::sections::run::{Report, Run, ci};
use crate::sections::truth::{Fact, RUNS, Truth};
use crate::sections::{Judged, Review, Runs, Sim};
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

/// The prediction: how many writes replace newer data in one chain, without fencing.
impl Judged for FencingParams {
    fn truth(&self) -> Truth {
        let p = Valid::clamped(FencingParams {
            fencing: false,
            ..*self
        });
        let counts: Vec<f64> = (1..=RUNS)
            .map(|seed| fencing::run(&p, seed).overwritten as f64)
            .collect();
        let mean = counts.iter().sum::<f64>() / RUNS as f64;
        // Only a holder that outlives its lease writes late, so at most every late one lands
        // over newer data: the chain's expected count is below holders × P(hold > TTL).
        let late = crate::sim::exact::hold_exceeds(
            p.ttl_ms,
            p.typical_ms,
            p.spread,
            p.pause_prob,
            p.pause_mean_ms,
        );
        let bound = f64::from(p.holders) * late;
        let text = overwritten_words(mean, bound, late);
        let facts = vec![
            Fact::new("bound", bound, trim_sig2(bound)),
            Fact::new("late", late, fmt_fraction(late)),
            Fact::new("seen", mean, fmt_count(mean)),
        ];
        if p.spread == 0.0 && p.pause_prob == 0.0 {
            // Every hold lasts exactly the typical time: each holder, late or not, writes
            // before the next one does, so no write lands over newer data.
            return Truth {
                fixed: Some(0.0),
                ..Truth::exact(0.0, text)
            }
            .with(facts);
        }
        // A count: at least the spread of a count seen zero times in all the runs.
        let total: f64 = counts.iter().sum();
        Truth::sampled(&counts, (total + 1.0).sqrt() / RUNS as f64, text).with(facts)
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        let w = crate::lesson::review_words::words();
        let paused = if self.pause_prob > 0.0 {
            crate::lesson::fill(
                &w.paused_some,
                &[("share", pct_rounded(self.pause_prob, 2))],
            )
        } else {
            w.paused_none.clone()
        };
        vec![
            ("holders", fmt_int(u64::from(self.holders))),
            ("ttl", duration_ms(self.ttl_ms)),
            ("typical", duration_ms(self.typical_ms)),
            ("paused", paused),
        ]
    }

    /// Nobody ever paused.
    fn degenerate(&self) -> bool {
        self.pause_prob == 0.0
    }
}

/// The answer in words: the mean count overwritten in [`RUNS`] runs, or, where none was seen,
/// the bound it stays under.
fn overwritten_words(mean: f64, bound: f64, late: f64) -> String {
    let count = [("n", fmt_count(mean)), ("runs", RUNS.to_string())];
    if mean == 0.0 && bound > 0.0 {
        let values = [
            ("runs", RUNS.to_string()),
            ("bound", trim_sig2(bound)),
            ("share", fmt_fraction(late)),
        ];
        let w = crate::lesson::review_words::words();
        crate::lesson::fill(&w.overwritten_none_seen, &values)
    } else if mean == 1.0 {
        tf!("app.review.overwritten.one", &count)
    } else {
        tf!("app.review.overwritten.many", &count)
    }
}
