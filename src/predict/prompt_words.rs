//! The words a prediction's prompt is filled with at given settings (its `{name}` slots), in
//! the lesson's formats.

use super::truth::ModelParams;
use crate::lesson::quantity::{duration_ms, fmt_count, fmt_int, pct_rounded, seconds};
use crate::sim::renewal::Mode;
use crate::sim::stale;

impl ModelParams {
    /// The values of the prompt's `{name}` slots at these settings.
    pub fn prompt_values(&self) -> Vec<(&'static str, String)> {
        let w = crate::lesson::review_words::words();
        match self {
            ModelParams::Counter(p) => vec![
                ("workers", p.workers.to_string()),
                (
                    "who",
                    if p.workers == 1 {
                        w.workers_one.clone()
                    } else {
                        crate::lesson::fill(&w.workers_many, &[("n", p.workers.to_string())])
                    },
                ),
                ("increments", fmt_int(u64::from(p.increments))),
                ("total", fmt_int(p.expected())),
                ("think", duration_ms(p.think_ms)),
                ("gap", duration_ms(p.gap_ms)),
            ],
            ModelParams::Ttl(p) => vec![
                ("ttl", seconds(p.ttl_s)),
                ("interval", seconds(p.grant_interval_s)),
            ],
            ModelParams::Stale(p) => {
                let checks = if p.fencing {
                    &w.checks_tokens
                } else {
                    &w.checks_nothing
                };
                vec![
                    ("pause", seconds(p.pause_s)),
                    ("ttl", seconds(p.ttl_s)),
                    ("storage", checks.clone()),
                    ("work", seconds(stale::WORK_S)),
                ]
            }
            ModelParams::Fencing(p) => {
                let paused = if p.pause_prob > 0.0 {
                    crate::lesson::fill(&w.paused_some, &[("share", pct_rounded(p.pause_prob, 2))])
                } else {
                    w.paused_none.clone()
                };
                vec![
                    ("holders", fmt_int(u64::from(p.holders))),
                    ("ttl", duration_ms(p.ttl_ms)),
                    ("typical", duration_ms(p.typical_ms)),
                    ("paused", paused),
                ]
            }
            ModelParams::Failover(p) => vec![("rate", fmt_count(p.rate))],
            ModelParams::Break(p) => {
                let defence = match p.mode {
                    Mode::Renewal => &w.defence_renewal,
                    Mode::Fencing => &w.defence_fencing,
                    _ => &w.defence_none,
                };
                vec![
                    ("ttl", seconds(p.ttl_s)),
                    ("share", pct_rounded(p.pause_prob, 2)),
                    ("defence", defence.clone()),
                    ("runs", fmt_int(super::measures::RUNS_ASKED as u64)),
                    ("typical", seconds(p.typical_s)),
                ]
            }
        }
    }
}
