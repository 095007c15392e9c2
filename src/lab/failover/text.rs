//! The failover lab's words (`assets/lab_failover.ron`), and the story of a run in one
//! paragraph, filled from its measurements.

use crate::lesson::language::{self, PerLanguage};
use crate::lesson::quantity::duration_ms;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::{FailoverRun, FailoverSetup, FailoverStore};

/// One experiment's words.
#[derive(Clone, Debug, Deserialize)]
pub struct ExperimentWords {
    pub id: String,
    /// The `--store` it runs.
    pub store: String,
    pub title: String,
    /// The title in short, for the top bar over its slides.
    pub short: String,
    pub button: String,
    /// What the run does to the servers.
    pub does: String,
    /// The story per outcome.
    pub granted_twice: String,
    pub kept: String,
    /// The story per outcome in short, for a slide's headline (its slots are the story's).
    pub slide: Outcomes,
    /// Asked before each run.
    pub expect: Expect,
}

/// What the learner expects of a run, asked before it: the question and the two outcomes.
#[derive(Clone, Debug, Deserialize)]
pub struct Expect {
    pub question: String,
    pub granted_twice: String,
    pub kept: String,
}

/// Words per outcome.
#[derive(Clone, Debug, Deserialize)]
pub struct Outcomes {
    pub granted_twice: String,
    pub kept: String,
}

/// A link from section 5 to one experiment.
#[derive(Clone, Debug, Deserialize)]
pub struct Link {
    /// The experiment's id.
    pub experiment: String,
    pub text: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct LabFailover {
    pub experiments: Vec<ExperimentWords>,
    /// The label of every moment and fact, by key.
    pub labels: BTreeMap<String, String>,
    /// Section 5's link to the lab, by store id (`assets/stores.ron`).
    pub section5: BTreeMap<String, Link>,
    /// Section 5's headline for the Redlock step.
    pub redlock_headline: String,
    /// The same on a slide, in short.
    pub redlock_slide: String,
    pub redlock_heading: String,
    pub redlock_modes: Vec<String>,
    /// The same failures in short, for a slide: each named before its colon.
    pub redlock_slide_modes: Vec<String>,
    pub redlock_note: String,
}

fn parse(text: &str) -> Result<LabFailover, String> {
    ron::from_str(text).map_err(|e| format!("assets/lab_failover.ron: {e}"))
}

/// The words (parsed once).
pub fn words() -> &'static LabFailover {
    static WORDS: PerLanguage<LabFailover> = PerLanguage::new();
    WORDS.get(|_| {
        parse(&language::asset(include_str!(
            "../../../assets/lab_failover.ron"
        )))
        .expect("the embedded failover lab words are valid")
    })
}

/// The experiment's id: its store, or `redlock-delayed`.
pub fn experiment_id(p: &FailoverSetup) -> &'static str {
    match (p.store, p.delayed_restart) {
        (FailoverStore::Redlock, true) => "redlock-delayed",
        (store, _) => store.as_str(),
    }
}

/// The words of one experiment.
pub fn experiment(p: &FailoverSetup) -> &'static ExperimentWords {
    let id = experiment_id(p);
    words()
        .experiments
        .iter()
        .find(|e| e.id == id)
        .expect("every experiment has words (see the tests)")
}

/// The label of a moment or fact.
pub fn label(key: &str) -> &'static str {
    words().labels.get(key).map_or("", String::as_str)
}

/// A fact as words: a time when its key ends in `_ms`, a list joined with commas.
pub fn fmt_fact(key: &str, v: &Value) -> String {
    match v {
        Value::Number(n) if key.ends_with("_ms") => duration_ms(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let all: Vec<String> = items.iter().map(|i| fmt_fact("", i)).collect();
            all.join(", ")
        }
        Value::Bool(true) => t!("lab.failover.fact.yes").to_owned(),
        Value::Bool(false) => t!("lab.failover.fact.no").to_owned(),
        other => other.to_string(),
    }
}

/// The run's story in one paragraph.
pub fn story(run: &FailoverRun) -> String {
    let e = experiment(&run.params);
    tell(run, [&e.granted_twice, &e.kept])
}

/// The run's story in short, for a slide's headline.
pub fn slide_story(run: &FailoverRun) -> String {
    let e = experiment(&run.params);
    tell(run, [&e.slide.granted_twice, &e.slide.kept])
}

/// One of `[granted_twice, kept]` by the run's outcome, its slots filled from the run.
fn tell(run: &FailoverRun, [twice, kept]: [&String; 2]) -> String {
    let template = match run.outcome {
        super::FailoverOutcome::GrantedTwice => twice,
        super::FailoverOutcome::Kept => kept,
    };
    let mut values: Vec<(&str, String)> = vec![("version", run.server_version.clone())];
    values.extend(run.moments.iter().map(|&(k, v)| (k, duration_ms(v))));
    values.extend(run.facts.iter().map(|(k, v)| (*k, fmt_fact(k, v))));
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    crate::lesson::fill(template, &values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_experiment_has_words_and_a_store() {
        let w = parse(include_str!("../../../assets/lab_failover.ron")).unwrap();
        for store in FailoverStore::ALL {
            for delayed in [false, true] {
                let p = FailoverSetup {
                    store,
                    delayed_restart: delayed && store == FailoverStore::Redlock,
                };
                let e = experiment(&p);
                assert_eq!(e.store, store.as_str());
            }
        }
        assert_eq!(w.experiments.len(), 4);
        // A slide's story says less than the story, from what the story measures.
        let slots = |t: &str| -> Vec<String> {
            t.split('{')
                .skip(1)
                .filter_map(|r| r.split_once('}').map(|(k, _)| k.to_owned()))
                .collect()
        };
        for e in &w.experiments {
            for (long, short) in [
                (&e.granted_twice, &e.slide.granted_twice),
                (&e.kept, &e.slide.kept),
            ] {
                assert!(short.len() < long.len(), "{}: {short}", e.id);
                for slot in slots(short) {
                    assert!(long.contains(&format!("{{{slot}}}")), "{}: {slot}", e.id);
                }
            }
        }
        for store in &crate::lesson::content().stores {
            let link = &w.section5[&store.id];
            assert!(
                w.experiments.iter().any(|e| e.id == link.experiment),
                "{}",
                link.experiment
            );
        }
    }

    #[test]
    fn times_read_well() {
        assert_eq!(fmt_fact("drift_ms", &serde_json::json!(32.0)), "32\u{a0}ms");
        assert_eq!(
            fmt_fact("drift_ms", &serde_json::json!(2950.0)),
            "2.95\u{a0}s"
        );
        assert_eq!(
            fmt_fact("a_masters", &serde_json::json!([1, 2, 3])),
            "1, 2, 3"
        );
    }
}
