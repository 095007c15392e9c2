//! What a prediction is judged against: the model's own answer at given settings, from an
//! exact formula where the model has one, from the model's structure where a band claims
//! "none" or "all", and from several seeded runs with a stated interval otherwise.
//!
//! Everything here is plain data and the models of `src/sim`: the lesson's stage, the spaced
//! review and the command line judge with the same code.

use crate::lesson::quantity::{fmt_count, fmt_fraction, fmt_int, fmt_rate, pct_rounded};
use crate::sim::Valid;
use crate::sim::counter::{self, CounterParams};
use crate::sim::failover::{FailoverParams, Store};
use crate::sim::fencing::{self, FencingParams};
use crate::sim::params::{ParamSpec, ParamTable};
use crate::sim::renewal::{Mode, RenewalParams};
use crate::sim::stale::{self, Outcome, StaleParams};
use crate::sim::ttl::TtlParams;

/// Seeded runs behind a Monte Carlo answer (seeds 1 to this).
pub const RUNS: u64 = 8;
/// Standard errors on either side of a Monte Carlo mean: the interval every band it touches is
/// accepted from (about 99.7 % of such intervals hold the model's expected value).
pub const Z: f64 = 3.0;

/// The settings of one section's model, as its sliders set them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ModelParams {
    /// Section "why-lock": the counter without its lock.
    Counter(CounterParams),
    /// Section "ttl".
    Ttl(TtlParams),
    /// Section "stale": A's pause, the TTL, and whether storage checks tokens.
    Stale(StaleParams),
    /// Section "fencing": the chain without fencing.
    Fencing(FencingParams),
    /// Section "where": one failover.
    Failover(FailoverParams),
    /// Section "break": the billing job.
    Break(RenewalParams),
}

/// The model's answer at some settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Truth {
    /// The value in the units of the prompt's bands: exact, or the mean of [`RUNS`] runs.
    pub value: f64,
    /// An interval that holds the model's expected value: `value..=value` when exact, the
    /// mean ± [`Z`] standard errors otherwise.
    pub lo: f64,
    pub hi: f64,
    /// Whether `value` is exact (a formula, a deterministic story, the model's structure).
    pub exact: bool,
    /// The value the model's structure fixes, where it does (every increment counted with one
    /// worker; no write over newer data when every hold is alike): only there is a band whose
    /// words claim "none" or "all" right.
    pub fixed: Option<f64>,
    /// For a prompt of alternatives: the choices that are right.
    pub choices: Option<Vec<usize>>,
    /// Which of the prompt's `cases` explains the answer (`None`: the right band's own why).
    pub case: Option<&'static str>,
    /// The answer in words.
    pub text: String,
    /// Other quantities of the model at these settings, by name: the conditions of the whys
    /// ([`crate::predict::Why`]) are read from them, and their slots filled with their words.
    pub facts: Vec<Fact>,
}

/// A named quantity of the model's answer, and the same in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    pub name: &'static str,
    pub value: f64,
    pub text: String,
}

impl Fact {
    pub fn new(name: &'static str, value: f64, text: String) -> Self {
        Self { name, value, text }
    }
}

impl Truth {
    /// The quantity named `name`: the answer's own value for `value`, else one of its facts.
    pub fn fact(&self, name: &str) -> Option<f64> {
        if name == "value" {
            return Some(self.value);
        }
        self.facts.iter().find(|f| f.name == name).map(|f| f.value)
    }

    /// The same with these facts.
    pub(crate) fn with(self, facts: Vec<Fact>) -> Self {
        Self { facts, ..self }
    }

    /// An exact value (`fixed` too when the structure makes it so).
    pub(crate) fn exact(value: f64, text: String) -> Self {
        Self {
            value,
            lo: value,
            hi: value,
            exact: true,
            fixed: None,
            choices: None,
            case: None,
            text,
            facts: Vec::new(),
        }
    }

    /// The same, for a prompt of alternatives whose right ones are `choices`.
    pub(crate) fn alternatives(self, choices: Vec<usize>) -> Self {
        Self {
            choices: Some(choices),
            ..self
        }
    }

    /// The mean of seeded runs' values with its interval; `floor` is the least standard error
    /// (the values' own granularity, so that runs that all agree still leave some room).
    fn sampled(values: &[f64], floor: f64, text: String) -> Self {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt().max(floor);
        Self {
            value: mean,
            lo: (mean - Z * se).max(0.0),
            hi: mean + Z * se,
            exact: false,
            ..Self::exact(mean, text)
        }
    }
}

impl ModelParams {
    /// The section's id in the registry.
    pub fn section_id(&self) -> &'static str {
        match self {
            ModelParams::Counter(_) => "why-lock",
            ModelParams::Ttl(_) => "ttl",
            ModelParams::Stale(_) => "stale",
            ModelParams::Fencing(_) => "fencing",
            ModelParams::Failover(_) => "where",
            ModelParams::Break(_) => "break",
        }
    }

    /// The lesson's own settings of section `id` (`None`: it has no prediction).
    pub fn lesson(id: &str) -> Option<ModelParams> {
        Some(match id {
            "why-lock" => ModelParams::Counter(CounterParams::default()),
            "ttl" => ModelParams::Ttl(TtlParams::default()),
            "stale" => ModelParams::Stale(StaleParams::default()),
            "fencing" => ModelParams::Fencing(FencingParams::default()),
            "where" => ModelParams::Failover(FailoverParams::default()),
            "break" => ModelParams::Break(RenewalParams::default()),
            _ => return None,
        })
    }

    /// The range of the parameter with this flag.
    pub fn spec(&self, flag: &str) -> Option<&'static ParamSpec> {
        fn of<P: ParamTable>(flag: &str) -> Option<&'static ParamSpec> {
            P::index_of(flag).map(|i| P::TABLE[i])
        }
        match self {
            ModelParams::Counter(_) => of::<CounterParams>(flag),
            ModelParams::Ttl(_) => of::<TtlParams>(flag),
            ModelParams::Stale(_) => of::<StaleParams>(flag),
            ModelParams::Fencing(_) => of::<FencingParams>(flag),
            ModelParams::Failover(_) => of::<FailoverParams>(flag),
            ModelParams::Break(_) => of::<RenewalParams>(flag),
        }
    }

    /// The value of the parameter with this flag.
    pub fn get(&self, flag: &str) -> Option<f64> {
        fn at<P: ParamTable>(p: &P, flag: &str) -> Option<f64> {
            P::index_of(flag).map(|i| p.get(i))
        }
        match self {
            ModelParams::Counter(p) => at(p, flag),
            ModelParams::Ttl(p) => at(p, flag),
            ModelParams::Stale(p) => at(p, flag),
            ModelParams::Fencing(p) => at(p, flag),
            ModelParams::Failover(p) => at(p, flag),
            ModelParams::Break(p) => at(p, flag),
        }
    }

    /// Sets the parameter with this flag (clamped into its range); false when there is none.
    pub fn set(&mut self, flag: &str, v: f64) -> bool {
        fn put<P: ParamTable>(p: &mut P, flag: &str, v: f64) -> bool {
            let Some(i) = P::index_of(flag) else {
                return false;
            };
            p.set(i, P::TABLE[i].clamp(v));
            true
        }
        match self {
            ModelParams::Counter(p) => put(p, flag, v),
            ModelParams::Ttl(p) => put(p, flag, v),
            ModelParams::Stale(p) => put(p, flag, v),
            ModelParams::Fencing(p) => put(p, flag, v),
            ModelParams::Failover(p) => put(p, flag, v),
            ModelParams::Break(p) => put(p, flag, v),
        }
    }

    /// The settings as the `sim` command's flags and values (the on/off switch and the
    /// store as words).
    pub fn flags(&self) -> Vec<(String, String)> {
        fn table<P: ParamTable>(p: &P) -> Vec<(String, String)> {
            P::TABLE
                .iter()
                .enumerate()
                .filter(|(i, _)| P::in_scenario(*i))
                .map(|(i, s)| (s.flag.to_owned(), p.get(i).to_string()))
                .collect()
        }
        let mut out = match self {
            ModelParams::Counter(p) => table(p),
            ModelParams::Ttl(p) => table(p),
            ModelParams::Stale(p) => table(p),
            ModelParams::Fencing(p) => table(p),
            ModelParams::Failover(p) => table(p),
            ModelParams::Break(p) => table(p),
        };
        match self {
            ModelParams::Stale(p) => out.push(("fencing".into(), p.fencing.to_string())),
            ModelParams::Break(p) => out.push(("mode".into(), p.mode.as_str().into())),
            ModelParams::Failover(p) => out.push(("store".into(), p.store.as_str().into())),
            _ => {}
        }
        out
    }

    /// Whether the prompt tells the truth of these settings (section 3's story has B write
    /// before A: only when A's pause outlasts the TTL).
    pub fn prompt_fits(&self) -> bool {
        match self {
            ModelParams::Stale(p) => p.pause_s > p.ttl_s,
            ModelParams::Failover(p) => p.store == Store::Redis,
            _ => true,
        }
    }
}

/// The model's answer at `settings`.
pub fn truth(settings: &ModelParams) -> Truth {
    match *settings {
        ModelParams::Counter(p) => counted(p),
        ModelParams::Ttl(p) => {
            let p = Valid::clamped(p).get();
            let share = p.exact_unsafe_fraction();
            let per_day = p.per_day(share);
            let grants = p.per_day(1.0);
            Truth::exact(per_day, fmt_rate(per_day)).with(vec![
                Fact::new("per_hold", share, fmt_fraction(share)),
                Fact::new("grants", grants, count_words(grants.round())),
            ])
        }
        ModelParams::Stale(p) => {
            let w = crate::lesson::review_words::words();
            // 0: A's data stays; 1: B's.
            let (choice, text) = match stale::run(&Valid::clamped(p)).outcome {
                Outcome::Overwritten => (0, &w.stale_overwritten),
                Outcome::Rejected => (1, &w.stale_rejected),
                Outcome::NoOverlap | Outcome::OverlapHarmless => (1, &w.stale_later),
            };
            Truth::exact(choice as f64, text.clone()).alternatives(vec![choice])
        }
        ModelParams::Fencing(p) => overwrites(p),
        ModelParams::Failover(p) => {
            let p = Valid::clamped(p).get();
            let lost = p.expected_lost();
            // Asynchronous replication loses every grant still in flight: some, on average,
            // at every rate and lag; a consensus store none.
            let fixed = (p.store == Store::Consensus).then_some(0.0);
            Truth {
                fixed,
                ..Truth::exact(lost, tf!("app.review.lost", &[("n", fmt_count(lost))]))
            }
            .with(vec![Fact::new("lost", lost, count_words(lost))])
        }
        ModelParams::Break(p) => defences(p),
    }
}

/// A count for a sentence: thousands grouped, else up to three significant figures without
/// trailing zeros (`72`, `0.07`, `1,234`).
fn count_words(v: f64) -> String {
    if v >= 1_000.0 {
        fmt_count(v)
    } else {
        crate::lesson::quantity::trim_num(v)
    }
}

/// Section 1: the share of the increments the counter shows, without the lock.
fn counted(p: CounterParams) -> Truth {
    let p = Valid::clamped(CounterParams { lock: false, ..p });
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

/// Section 4: writes that replace newer data in one chain, without fencing.
fn overwrites(p: FencingParams) -> Truth {
    let p = Valid::clamped(FencingParams {
        fencing: false,
        ..p
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
    let count = [("n", fmt_count(mean)), ("runs", RUNS.to_string())];
    let w = crate::lesson::review_words::words();
    let text = if mean == 0.0 && bound > 0.0 {
        let values = [
            ("runs", RUNS.to_string()),
            ("bound", crate::lesson::quantity::trim_sig2(bound)),
            ("share", fmt_fraction(late)),
        ];
        crate::lesson::fill(&w.overwritten_none_seen, &values)
    } else if mean == 1.0 {
        tf!("app.review.overwritten.one", &count)
    } else {
        tf!("app.review.overwritten.many", &count)
    };
    let facts = vec![
        Fact::new("bound", bound, crate::lesson::quantity::trim_sig2(bound)),
        Fact::new("late", late, fmt_fraction(late)),
        Fact::new("seen", mean, fmt_count(mean)),
    ];
    if p.spread == 0.0 && p.pause_prob == 0.0 {
        // Every hold lasts exactly the typical time: each holder, late or not, writes before
        // the next one does, so no write lands over newer data.
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

/// Section 9: which single defence leaves no invoice sent twice (0 renewal, 1 fencing,
/// 2 idempotency keys, 3 none of them), decided by the model's structure: an idempotency key
/// always stops the repeat's invoices; renewal does exactly when no run is ever paused (a
/// paused process cannot renew); fencing only when no run ever loses its lock at all.
fn defences(p: RenewalParams) -> Truth {
    let p = Valid::clamped(p).get();
    let no_pauses = p.pause_prob == 0.0;
    let never_late = no_pauses && p.spread == 0.0 && p.typical_s <= p.ttl_s;
    let mut right = vec![2];
    if no_pauses {
        right.insert(0, 0);
    }
    if never_late {
        right.insert(1, 1);
    }
    let case = if never_late {
        "never-late"
    } else if no_pauses {
        "no-pauses"
    } else {
        "paused"
    };
    let f = p.exact_fractions();
    let twice = |m: Mode| {
        let (lost, over) = f.timing(m);
        fmt_fraction(m.effects(lost, over).double_effects)
    };
    let w = crate::lesson::review_words::words();
    let text = crate::lesson::fill(
        &w.break_twice,
        &[
            ("renewal", twice(Mode::Renewal)),
            ("fencing", twice(Mode::Fencing)),
            ("idempotency", twice(Mode::Idempotent)),
        ],
    );
    // Of the paused runs, the share whose pause renewal outlasts (they keep the lock).
    let (lost_renewed, _) = f.timing(Mode::Renewal);
    let kept = if no_pauses {
        1.0
    } else {
        1.0 - lost_renewed / p.pause_prob
    };
    let (lost_plain, _) = f.timing(Mode::None);
    Truth {
        case: Some(case),
        ..Truth::exact(right[0] as f64, text)
    }
    .alternatives(right)
    .with(vec![
        Fact::new("kept", kept, pct_rounded(kept, 2)),
        Fact::new("lost_plain", lost_plain, fmt_fraction(lost_plain)),
        Fact::new("lost_renewed", lost_renewed, fmt_fraction(lost_renewed)),
    ])
}
