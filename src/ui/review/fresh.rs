//! Fresh questions from the models: a prediction under review is asked again at settings of
//! its own, and judged against a run of the section's model at those settings, with the
//! section's bands and words (`assets/predictions.ron`).
//!
//! Each section has a short list of review settings, none of them the lesson's defaults. [`pick`] runs the model at every one of
//! them (each run is fast: an exact formula, a deterministic story, or one seeded run), then
//! draws one that was not asked last time, preferring one whose answer falls in another band
//! than last time's.

use crate::lesson::catalogue::tf;
use crate::predict::Prompt;
use crate::review::Shown;
use crate::sim::Valid;
use crate::sim::counter::{self, CounterParams};
use crate::sim::failover::FailoverParams;
use crate::sim::fencing::{self, FencingParams};
use crate::sim::renewal::{Mode, RenewalParams};
use crate::sim::stale::{self, Outcome, StaleParams};
use crate::sim::ttl::TtlParams;
use crate::ui::kit::fmt::{duration_ms, fmt_count, fmt_int, fmt_pct, fmt_rate, seconds};

/// The seed of every review run (the lesson's own).
const SEED: u64 = 1;

/// A prediction asked at review settings, with the model's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Fresh {
    pub section: u8,
    /// Which of the section's review settings.
    pub variant: u32,
    /// The prompt's slots, filled from these settings.
    pub values: Vec<(&'static str, String)>,
    /// A sentence on the settings the prompt does not name (empty when it names them all).
    pub note: String,
    /// The model's value, and the same in words.
    pub observed: f64,
    pub observed_text: String,
    /// The band that holds it.
    pub right: Option<usize>,
}

impl Fresh {
    /// The question as the learner reads it.
    pub fn question(&self, prompt: &Prompt) -> String {
        let q = crate::lesson::fill(&prompt.prompt, &self.values);
        if self.note.is_empty() {
            q
        } else {
            format!("{} {q}", self.note)
        }
    }

    /// What the review file keeps of it.
    pub fn shown(&self) -> Shown {
        Shown {
            variant: Some(self.variant),
            band: self.right,
        }
    }
}

/// How many review settings section `section` has (0: its prediction is not reviewed).
pub fn variants(section: u8) -> u32 {
    let n = match section {
        1 => WORKERS.len(),
        2 => TTLS.len(),
        3 => STORIES.len(),
        4 => PAUSES.len(),
        5 => RATES.len(),
        9 => BREAKS.len(),
        _ => 0,
    };
    n as u32
}

const WORKERS: [u32; 6] = [2, 3, 4, 8, 12, 20];
const TTLS: [f64; 8] = [0.5, 1.0, 2.0, 5.0, 20.0, 30.0, 120.0, 300.0];
/// (A's pause, TTL, fencing): A's pause always outlasts the TTL, as the prompt tells it.
const STORIES: [(f64, f64, bool); 6] = [
    (14.0, 10.0, true),
    (20.0, 5.0, false),
    (12.0, 8.0, true),
    (25.0, 20.0, false),
    (6.0, 2.0, true),
    (30.0, 15.0, false),
];
/// (holders, pause probability).
const PAUSES: [(u32, f64); 6] = [
    (200, 0.0),
    (500, 0.0005),
    (500, 0.01),
    (2_000, 0.002),
    (5_000, 0.05),
    (20_000, 0.02),
];
const RATES: [f64; 6] = [2.0, 20.0, 100.0, 1_000.0, 3_000.0, 10_000.0];
/// (TTL in s, pause probability).
const BREAKS: [(f64, f64); 5] = [
    (30.0, 0.02),
    (5.0, 0.02),
    (120.0, 0.0),
    (10.0, 0.0),
    (60.0, 0.05),
];

/// Runs section `section`'s model at review setting `variant`.
///
/// # Panics
/// If the section has no such setting (see [`variants`]).
pub fn run(section: u8, variant: u32) -> Fresh {
    let v = variant as usize;
    let words = crate::review::words();
    let fill = crate::lesson::fill;
    let (values, note, observed, observed_text) = match section {
        1 => {
            let p = CounterParams {
                workers: WORKERS[v],
                lock: false,
                ..CounterParams::default()
            };
            let shown = counter::run(&Valid::clamped(p), SEED).final_counter;
            let total = p.expected();
            (
                vec![
                    ("workers", p.workers.to_string()),
                    ("increments", fmt_int(u64::from(p.increments))),
                    ("total", fmt_int(total)),
                ],
                String::new(),
                shown as f64 / total.max(1) as f64,
                tf(
                    "app.review.counter",
                    &[("shown", fmt_int(shown)), ("total", fmt_int(total))],
                ),
            )
        }
        2 => {
            let p = TtlParams {
                ttl_s: TTLS[v],
                ..TtlParams::default()
            };
            let per_day = p.per_day(p.exact_unsafe_fraction());
            (
                vec![
                    ("ttl", seconds(p.ttl_s)),
                    ("interval", seconds(p.grant_interval_s)),
                ],
                String::new(),
                per_day,
                fmt_rate(per_day),
            )
        }
        3 => {
            let (pause_s, ttl_s, fencing) = STORIES[v];
            let p = StaleParams {
                pause_s,
                ttl_s,
                fencing,
            };
            let (value, text) = match stale::run(&Valid::clamped(p)).outcome {
                Outcome::Overwritten => (0.0, &words.stale_overwritten),
                Outcome::Rejected => (1.0, &words.stale_rejected),
                Outcome::NoOverlap | Outcome::OverlapHarmless => (1.0, &words.stale_later),
            };
            let checks = if fencing {
                &words.checks_tokens
            } else {
                &words.checks_nothing
            };
            (
                vec![
                    ("pause", seconds(pause_s)),
                    ("ttl", seconds(ttl_s)),
                    ("storage", checks.clone()),
                ],
                String::new(),
                value,
                text.clone(),
            )
        }
        4 => {
            let (holders, pause_prob) = PAUSES[v];
            let p = FencingParams {
                holders,
                pause_prob,
                fencing: false,
                ..FencingParams::default()
            };
            let n = fencing::run(&Valid::clamped(p), SEED).overwritten;
            let count = [("n", fmt_int(n))];
            let times = if n == 1 {
                tf("app.review.overwritten.one", &count)
            } else {
                tf("app.review.overwritten.many", &count)
            };
            (
                vec![
                    ("holders", fmt_int(u64::from(holders))),
                    ("ttl", duration_ms(p.ttl_ms)),
                ],
                fill(&words.note_pauses, &[("share", fmt_pct(pause_prob))]),
                n as f64,
                times,
            )
        }
        5 => {
            let p = FailoverParams {
                rate: RATES[v],
                ..FailoverParams::default()
            };
            let lost = p.expected_lost();
            (
                vec![("rate", fmt_count(p.rate))],
                String::new(),
                lost,
                tf("app.review.lost", &[("n", fmt_count(lost))]),
            )
        }
        9 => {
            let (ttl_s, pause_prob) = BREAKS[v];
            let p = RenewalParams {
                ttl_s,
                pause_prob,
                ..RenewalParams::default()
            };
            let fractions = Valid::clamped(p).get().exact_fractions();
            let singles = [Mode::Renewal, Mode::Fencing, Mode::Idempotent];
            let twice = |m: Mode| {
                let (lost, over) = fractions.timing(m);
                m.effects(lost, over).double_effects
            };
            let clean: Vec<usize> = (0..3).filter(|&i| twice(singles[i]) == 0.0).collect();
            let value = if clean.len() == 1 { clean[0] } else { 3 };
            let per = |m| fmt_pct(twice(m));
            (
                Vec::new(),
                fill(
                    &words.note_break,
                    &[("ttl", seconds(ttl_s)), ("share", fmt_pct(pause_prob))],
                ),
                value as f64,
                fill(
                    &words.break_twice,
                    &[
                        ("renewal", per(Mode::Renewal)),
                        ("fencing", per(Mode::Fencing)),
                        ("idempotency", per(Mode::Idempotent)),
                    ],
                ),
            )
        }
        _ => panic!("section {section} has no review settings"),
    };
    let right = crate::predict::prompt_for(section).and_then(|p| p.right_choice(observed));
    Fresh {
        section,
        variant,
        values,
        note,
        observed,
        observed_text,
        right,
    }
}

/// Draws the settings for section `section`'s next review: never the ones asked last time,
/// and where possible ones whose answer lies in another band than last time's. `draw` picks
/// among the candidates (the review passes a number from the clock).
pub fn pick(section: u8, last: Option<Shown>, draw: u64) -> Option<Fresh> {
    let all: Vec<Fresh> = (0..variants(section)).map(|v| run(section, v)).collect();
    let last_variant = last.and_then(|s| s.variant);
    let last_band = last.and_then(|s| s.band);
    let not_last: Vec<&Fresh> = all
        .iter()
        .filter(|f| Some(f.variant) != last_variant)
        .collect();
    let other_band: Vec<&Fresh> = not_last
        .iter()
        .copied()
        .filter(|f| f.right.is_some() && f.right != last_band)
        .collect();
    let pool = if other_band.is_empty() {
        not_last
    } else {
        other_band
    };
    let n = pool.len() as u64;
    (n > 0).then(|| pool[(draw % n) as usize].clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_review_setting_runs_and_lands_in_a_band() {
        for p in crate::predict::prompts() {
            assert!(variants(p.section) >= 4, "section {}", p.section);
            for v in 0..variants(p.section) {
                let f = run(p.section, v);
                assert!(
                    f.right.is_some(),
                    "section {} setting {v}: {}",
                    p.section,
                    f.observed_text
                );
                let q = f.question(p);
                assert!(!q.contains('{'), "unfilled slot: {q}");
            }
        }
    }

    #[test]
    fn the_settings_give_more_than_one_band() {
        for p in crate::predict::prompts() {
            let mut bands: Vec<_> = (0..variants(p.section))
                .map(|v| run(p.section, v).right)
                .collect();
            bands.sort();
            bands.dedup();
            assert!(bands.len() >= 2, "section {}: {bands:?}", p.section);
        }
    }

    #[test]
    fn a_pick_is_never_the_last_settings_and_changes_band_where_it_can() {
        for p in crate::predict::prompts() {
            let s = p.section;
            for v in 0..variants(s) {
                let last = run(s, v).shown();
                for draw in 0..10 {
                    let f = pick(s, Some(last), draw).unwrap();
                    assert_ne!(f.variant, v, "section {s}");
                    assert_ne!(f.right, last.band, "section {s}: another band exists");
                }
            }
        }
        // From the lesson's own settings (no variant), the band still differs.
        let lesson = crate::review::Shown {
            variant: None,
            band: Some(2),
        };
        let f = pick(2, Some(lesson), 3).unwrap();
        assert_ne!(f.right, Some(2));
    }

    #[test]
    fn the_ttl_question_is_judged_by_the_exact_model() {
        let f = run(2, 0);
        let p = TtlParams {
            ttl_s: 0.5,
            ..TtlParams::default()
        };
        assert_eq!(f.observed, p.per_day(p.exact_unsafe_fraction()));
        assert_eq!(f.values[0], ("ttl", "0.5\u{a0}s".to_owned()));
    }
}
