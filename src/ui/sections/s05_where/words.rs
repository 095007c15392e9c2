//! Section 5's words computed from a run: the headline of the failovers simulated so far, and
//! how many locks are granted twice, as a count a reader can picture.

use super::figure::FailoverView;
use super::settings::row;
use super::{Where, is_redlock, lab_words};
use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::{duration_ms, fmt_count, fmt_int, fmt_pct, trim_sig2};
use crate::lesson::section_words;
use crate::sim::failover::{self, Store};
use serde::Deserialize;

/// How many locks a failover hands out twice, as a count a reader can picture: `About 0.25
/// locks per failover are granted twice while the first holder still works: one every 4
/// failovers, on average.`
pub fn twice_words(per_failover: f64) -> String {
    let words = words();
    let template = match per_failover {
        p if p <= 0.0 => &words.twice_none,
        p if p >= 1.0 => &words.twice_many,
        _ => &words.twice_some,
    };
    let every = (1.0 / per_failover).round().max(2.0);
    crate::lesson::fill(
        template,
        &[
            ("twice", trim_sig2(per_failover)),
            (
                "every",
                fmt_int(if every.is_finite() { every as u64 } else { 0 }),
            ),
        ],
    )
}

impl Where {
    /// A consensus store's headline on a slide, in short and with its fencing token: each
    /// consensus build says what is its own (at the `params` of the run on show).
    pub fn consensus_slide(store: usize, params: &failover::FailoverParams) -> String {
        let row = row(store);
        let redis = failover::FailoverParams {
            store: Store::Redis,
            ..*params
        };
        // ("The lock key's revision…" reads on after a colon as "the lock key's revision…".)
        let mut chars = row.fencing_token.chars();
        let token = match (chars.next(), chars.clone().next()) {
            (Some(first), Some(second)) if second.is_lowercase() => {
                first.to_lowercase().chain(chars).collect()
            }
            _ => row.fencing_token.clone(),
        };
        crate::lesson::fill(
            &words().consensus_slide,
            &[
                ("store", row.name.clone()),
                ("redis_lost", fmt_count(redis.expected_lost())),
                ("token", token),
            ],
        )
    }

    /// The computed headline for the failovers simulated so far.
    pub fn headline_for(&self, view: &FailoverView) -> String {
        let s = &view.summary;
        let row = row(view.store);
        let words = words();
        if row.consensus {
            let redis = failover::FailoverParams {
                store: Store::Redis,
                ..s.params
            };
            return crate::lesson::fill(
                &words.consensus,
                &[
                    ("store", row.name.clone()),
                    ("redis_lost", fmt_count(redis.expected_lost())),
                ],
            );
        }
        if is_redlock(view.store) {
            // Redlock is not a primary with a replica: its own failure is shown instead.
            return lab_words().redlock_headline.clone();
        }
        if self.twice {
            return crate::lesson::fill(
                &words.granted_twice,
                &[
                    ("lost", fmt_count(s.expected_lost)),
                    ("contention", fmt_pct(s.params.contention)),
                    ("twice", twice_words(s.expected_double_granted)),
                ],
            );
        }
        crate::lesson::fill(
            &words.replica,
            &[
                ("rate", fmt_count(s.params.rate)),
                ("lag", duration_ms(s.params.lag_ms)),
                ("lost", fmt_count(s.expected_lost)),
                ("simulated", fmt_count(s.mean_lost.value)),
                ("failovers", fmt_int(s.mean_lost.n)),
            ],
        )
    }
}

/// Section 5. `consensus`: `{store}`. `replica` (the failover's loss): `{rate}`, `{lag}`,
/// `{lost}`, `{simulated}`, `{failovers}`. `granted_twice` (what a loss costs): `{lost}`,
/// `{contention}` and `{twice}`, one of the `twice_` lines (`{twice}`, `{every}`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FailoverWords {
    pub consensus: String,
    /// A consensus store on a slide, in short, with its fencing token: `{store}`,
    /// `{redis_lost}`, `{token}`.
    pub consensus_slide: String,
    pub replica: String,
    pub granted_twice: String,
    pub twice_none: String,
    pub twice_many: String,
    pub twice_some: String,
}

/// The templates of this section's headlines, once per language.
fn words() -> &'static FailoverWords {
    static WORDS: PerLanguage<FailoverWords> = PerLanguage::new();
    WORDS.get(|_| section_words::headlines("where"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_grants_read_as_a_count() {
        assert_eq!(
            twice_words(0.25),
            "About 0.25 locks per failover are granted twice while the first holder still works: \
             one every 4 failovers, on average."
        );
        assert!(twice_words(0.004).contains("one every 250 failovers"));
        assert!(twice_words(2.5).starts_with("About 2.5 locks per failover"));
        assert_eq!(twice_words(0.0), "No lock is granted twice.");
    }
}
