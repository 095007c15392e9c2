//! The quantities a prompt is answered with: the section's own ([`super::truth`]), or another
//! of its model's, for the review's questions where the section's own prediction follows from
//! the words or cannot change with the settings (section 3's "whose data", decided by the
//! order of events rather than by "checks fencing tokens"; section 9's "which defence",
//! always the idempotency key, asked instead as how many runs send invoices twice).

use serde::Deserialize;

use super::truth::{Fact, ModelParams, Truth, truth};
use crate::lesson::quantity::{fmt_fraction, pct_rounded, seconds, trim_sig2};
use crate::sim::Valid;
use crate::sim::renewal::{Mode, RenewalParams};
use crate::sim::stale::{self, Outcome, StaleParams};

/// Runs a question on the billing job counts its answer in.
pub const RUNS_ASKED: f64 = 1_000.0;

/// What a prompt asks of its section's model.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Measure {
    /// The section's own quantity.
    #[default]
    Section,
    /// Section 9: of 1,000 runs with the settings' one defence (or none), how many send
    /// their invoices twice (the exact fraction by quadrature).
    InvoicesTwice,
    /// Section 3 without fencing: whose write is in storage at the end, decided by when A
    /// wakes against when B writes.
    LastWrite,
}

impl Measure {
    /// The model's answer to a prompt of this measure at `s`.
    pub fn truth(self, s: &ModelParams) -> Truth {
        match (self, s) {
            (Measure::InvoicesTwice, ModelParams::Break(p)) => invoices_twice(*p),
            (Measure::LastWrite, ModelParams::Stale(p)) => last_write(*p),
            _ => truth(s),
        }
    }

    /// Whether the prompt's words are true of `s`.
    pub fn fits(self, s: &ModelParams) -> bool {
        match (self, s) {
            (Measure::Section, _) => s.prompt_fits(),
            (Measure::InvoicesTwice, ModelParams::Break(p)) => {
                matches!(p.mode, Mode::None | Mode::Renewal | Mode::Fencing)
            }
            // Storage that checks tokens answers "B's" whatever the timing: the words decide.
            (Measure::LastWrite, ModelParams::Stale(p)) => !p.fencing,
            _ => false,
        }
    }
}

/// Section 9: invoices sent twice in 1,000 runs with the settings' defence.
fn invoices_twice(p: RenewalParams) -> Truth {
    let p = Valid::clamped(p).get();
    let f = p.exact_fractions();
    let (lost, over) = f.timing(p.mode);
    let twice = p.mode.effects(lost, over).double_effects;
    let n = twice * RUNS_ASKED;
    let w = crate::lesson::review_words::words();
    let text = if twice == 0.0 {
        w.twice_none.clone()
    } else if n >= 0.1 {
        let runs = crate::lesson::quantity::fmt_int(RUNS_ASKED as u64);
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
    let (lost_renewed, _) = f.timing(Mode::Renewal);
    let kept = if no_pauses {
        1.0
    } else {
        1.0 - lost_renewed / p.pause_prob
    };
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
        Fact::new("kept", kept, pct_rounded(kept, 2)),
    ])
}

/// Section 3 without fencing: 0 when A's write is last (it replaces B's), 1 when B's is.
fn last_write(p: StaleParams) -> Truth {
    let run = stale::run(&Valid::clamped(StaleParams {
        fencing: false,
        ..p
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
