//! Section 3's story: the run cut into moments, each told in a sentence from
//! `assets/stale_story.ron`, and the outcome as the section's headline.

use crate::lesson::quantity::seconds;
use crate::lesson::{self, StaleStory, fill};
use crate::sim::stale::{Event, EventKind, Lane, Outcome, StaleRun, TOKEN_A, TOKEN_B, Worker};

/// One moment of the story: the events that happen at the same time.
#[derive(Clone, Debug)]
pub struct Step {
    pub t_s: f64,
    /// Indices into the run's events.
    pub events: std::ops::Range<usize>,
    pub caption: String,
}

/// A finished run, cut into steps.
pub struct Story {
    pub run: StaleRun,
    pub steps: Vec<Step>,
}

impl Story {
    pub fn new(run: StaleRun) -> Self {
        let mut steps: Vec<Step> = Vec::new();
        for (i, e) in run.events.iter().enumerate() {
            match steps.last_mut() {
                Some(s) if s.t_s == e.t_s => s.events.end = i + 1,
                _ => steps.push(Step {
                    t_s: e.t_s,
                    events: i..i + 1,
                    caption: String::new(),
                }),
            }
        }
        for s in &mut steps {
            let sentences: Vec<String> = run.events[s.events.clone()]
                .iter()
                .map(|e| sentence(e, &run))
                .collect();
            s.caption = fill(
                &words_of_story().caption,
                &[
                    ("time", &seconds(s.t_s)),
                    ("sentences", &sentences.join(" ")),
                ],
            );
        }
        Self { run, steps }
    }

    /// The simulated time at playback position `p` (0..=1) and how many steps are revealed.
    pub fn at(&self, p: f64) -> (f64, usize) {
        let k = self.steps.len();
        if k <= 1 {
            return (self.steps.first().map_or(0.0, |s| s.t_s), k);
        }
        // Position runs over the steps: step i is reached at tau = i.
        let tau = p.clamp(0.0, 1.0) * (k - 1) as f64;
        // A step lands exactly on a moment; rounding must not leave it just short.
        let i = ((tau + 1e-9).floor() as usize).min(k - 1);
        let t = if i + 1 < k {
            let frac = (tau - i as f64).clamp(0.0, 1.0);
            self.steps[i].t_s + frac * (self.steps[i + 1].t_s - self.steps[i].t_s)
        } else {
            self.steps[k - 1].t_s
        };
        (t, i + 1)
    }

    /// The last moment of the story.
    pub fn end_s(&self) -> f64 {
        self.steps.last().map_or(0.0, |s| s.t_s)
    }
}

/// The story's words (`assets/stale_story.ron`).
pub(super) fn words_of_story() -> &'static StaleStory {
    &lesson::content().stale_story
}

/// One event told in a sentence.
fn sentence(e: &Event, run: &StaleRun) -> String {
    let w = words_of_story();
    let late = run.a_write_s > run.expiry_s;
    let token_text = |t: u64| t.to_string();
    let with_token = |template: &str, token: u64| fill(template, &[("token", &token_text(token))]);
    match e.kind {
        EventKind::Granted {
            to: Worker::A,
            token,
        } => with_token(&w.granted_a, token),
        EventKind::Granted {
            to: Worker::B,
            token,
        } => with_token(
            if late {
                &w.granted_b_after_expiry
            } else {
                &w.granted_b
            },
            token,
        ),
        EventKind::Paused => w.paused.clone(),
        EventKind::Resumed => {
            if late {
                w.resumed_late.clone()
            } else {
                w.resumed_in_lease.clone()
            }
        }
        EventKind::Expired { token } => with_token(&w.expired, token),
        EventKind::Released { token } => with_token(&w.released, token),
        EventKind::Wrote { token } => {
            let who = if e.lane == Lane::A { "A" } else { "B" };
            fill(&w.wrote, &[("who", who), ("token", &token_text(token))])
        }
        EventKind::Applied {
            replaced_newer: false,
            ..
        } => w.applied.clone(),
        EventKind::Applied {
            replaced_newer: true,
            ..
        } => w.applied_over_newer.clone(),
        EventKind::Refused { token, highest } => fill(
            &w.refused,
            &[
                ("token", &token_text(token)),
                ("highest", &token_text(highest)),
            ],
        ),
    }
}

/// The section's headline for a finished run: the outcome in plain words.
pub fn outcome_sentence(run: &StaleRun, slide: bool) -> String {
    let p = &run.params;
    let w = if slide {
        &words_of_story().slide
    } else {
        &words_of_story().outcome
    };
    let template = match run.outcome {
        Outcome::NoOverlap if p.pause_s == 0.0 => &w.not_paused,
        Outcome::NoOverlap => &w.no_overlap,
        Outcome::Overwritten => &w.overwritten,
        Outcome::Rejected => &w.rejected,
        Outcome::OverlapHarmless => &w.overlap_harmless,
    };
    fill(
        template,
        &[
            ("pause", &seconds(p.pause_s)),
            ("ttl", &seconds(p.ttl_s)),
            ("a", &seconds(run.a_write_s)),
            ("b", &seconds(run.b_write_s)),
            ("token_a", &TOKEN_A.to_string()),
            ("token_b", &TOKEN_B.to_string()),
        ],
    )
}
