//! Section `break`'s model in the registry: the billing job as `sim renewal`, and its
//! predictions judged on it (which defence works, and, in the review, how many runs send
//! their invoices twice).

use serde_json::json;

use crate::lesson::quantity::{fmt_fraction, fmt_int, pct_rounded, seconds, trim_sig2};
use crate::sections::run::{Report, Run, ci};
use crate::sections::truth::{Fact, Truth};
use crate::sections::{Judged, Measure, Review, Runs, Sim};
use crate::sim::Valid;
use crate::sim::renewal::exact::Fractions;
use crate::sim::renewal::{Mode, RenewalParams, RenewalSim};

pub const MODEL: Sim<RenewalParams> = Sim {
    name: "renewal",
    about: || t!("sections.break.about"),
    runs: Runs::MonteCarlo,
    review: Review {
        drawn: &["ttl-s", "stall-prob"],
        note: None,
    },
    report,
};

fn report(p: &Valid<RenewalParams>, run: &Run, r: &mut Report) {
    let sim = RenewalSim::new(p);
    let s = sim.summary(&run.to_end(&sim), run.seed);
    r.put("lost_lock", json!(s.lost_lock));
    for (key, count) in s.counts.named() {
        r.put(key, json!(count));
    }
    r.put("fraction", json!(s.fraction.value))
        .put("fraction_ci95", ci(&s.fraction))
        .put("exact_fraction", json!(s.exact_fraction))
        .put("exact_stale_fraction", json!(s.exact.stale_writes_landed))
        .put("exact_harmful_fraction", json!(s.exact.harmful));
}

/// Runs a question on the billing job counts its answer in.
pub const RUNS_ASKED: f64 = 1_000.0;

/// The prediction: which single defence leaves no invoice sent twice (0 renewal, 1 fencing,
/// 2 idempotency keys, 3 none of them), decided by the model's structure: an idempotency key
/// always stops the repeat's invoices; renewal does exactly when no run is ever paused (a
/// paused process cannot renew); fencing only when no run ever loses its lock at all. The
/// review asks instead how many runs send their invoices twice (`invoices_twice`).
impl Judged for RenewalParams {
    const MEASURES: &'static [Measure<Self>] = &[Measure {
        name: "InvoicesTwice",
        truth: invoices_twice,
        fits: |p| matches!(p.mode, Mode::None | Mode::Renewal | Mode::Fencing),
    }];

    fn truth(&self) -> Truth {
        let p = Valid::clamped(*self).get();
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
        let (lost_plain, _) = f.timing(Mode::None);
        let (lost_renewed, _) = f.timing(Mode::Renewal);
        Truth {
            case: Some(case),
            ..Truth::exact(right[0] as f64, text)
        }
        .alternatives(right)
        .with(vec![
            kept(&p, &f),
            Fact::new("lost_plain", lost_plain, fmt_fraction(lost_plain)),
            Fact::new("lost_renewed", lost_renewed, fmt_fraction(lost_renewed)),
        ])
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        let w = crate::lesson::review_words::words();
        let defence = match self.mode {
            Mode::Renewal => &w.defence_renewal,
            Mode::Fencing => &w.defence_fencing,
            _ => &w.defence_none,
        };
        vec![
            ("ttl", seconds(self.ttl_s)),
            ("share", pct_rounded(self.pause_prob, 2)),
            ("defence", defence.clone()),
            ("runs", fmt_int(RUNS_ASKED as u64)),
            ("typical", seconds(self.typical_s)),
        ]
    }

    /// One of the three defences a question names: none, renewal or fencing.
    fn draw(&mut self, random: &mut dyn FnMut() -> u64) {
        self.mode = [Mode::None, Mode::Renewal, Mode::Fencing][(random() % 3) as usize];
    }

    /// Nobody ever paused.
    fn degenerate(&self) -> bool {
        self.pause_prob == 0.0
    }
}

/// Of the paused runs, the share whose pause renewal outlasts (they keep the lock).
fn kept(p: &RenewalParams, f: &Fractions) -> Fact {
    let (lost_renewed, _) = f.timing(Mode::Renewal);
    let kept = if p.pause_prob == 0.0 {
        1.0
    } else {
        1.0 - lost_renewed / p.pause_prob
    };
    Fact::new("kept", kept, pct_rounded(kept, 2))
}

/// Of [`RUNS_ASKED`] runs with the settings' one defence (or none), how many send their
/// invoices twice (the exact fraction by quadrature).
fn invoices_twice(p: &RenewalParams) -> Truth {
    let p = Valid::clamped(*p).get();
    let f = p.exact_fractions();
    let (lost, over) = f.timing(p.mode);
    let twice = p.mode.effects(lost, over).double_effects;
    let n = twice * RUNS_ASKED;
    let w = crate::lesson::review_words::words();
    let text = if twice == 0.0 {
        w.twice_none.clone()
    } else if n >= 0.1 {
        let runs = fmt_int(RUNS_ASKED as u64);
        crate::lesson::fill(&w.twice_some, &[("n", trim_sig2(n)), ("runs", runs)])
    } else {
        crate::lesson::fill(&w.twice_rare, &[("share", fmt_fraction(twice))])
    };
    // Renewal with no pauses: the watchdog renews for as long as the job runs, so no run ever
    // loses its lock; without renewal a job longer than the TTL does whenever the spread lets
    // one be longer (and with no spread, only a typical length past the TTL).
    let no_pauses = p.pause_prob == 0.0;
    let never_late = no_pauses && p.spread == 0.0 && p.typical_s <= p.ttl_s;
    let fixed = ((p.mode.renews() && no_pauses) || never_late).then_some(0.0);
    let case = match p.mode {
        Mode::Renewal if no_pauses => "renewal-no-pauses",
        Mode::Renewal => "renewal",
        Mode::Fencing => "fencing",
        _ => "none",
    };
    Truth {
        fixed,
        case: Some(case),
        ..Truth::exact(n, text)
    }
    .with(vec![
        Fact::new("twice", twice, fmt_fraction(twice)),
        kept(&p, &f),
    ])
}
