//! The spaced review's words (`assets/review.ron`), which the predictions' fresh questions
//! share: below both, with the lesson's other words.

use crate::lesson::language::{self, PerLanguage};

use serde::Deserialize;

/// Every sentence of the review, and the glossary terms it asks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    pub core_terms: Vec<String>,
    pub button: String,
    pub button_hint: String,
    pub title: String,
    pub intro: String,
    pub position: String,
    pub kind_quiz: String,
    pub kind_prediction: String,
    pub kind_token: String,
    pub kind_term: String,
    pub recall: String,
    pub choose_hint: String,
    pub show_hint: String,
    pub show_button: String,
    pub running: String,
    pub failed: String,
    pub right: String,
    pub close: String,
    pub wrong: String,
    pub right_answer: String,
    pub model_gave: String,
    pub grade_prompt: String,
    pub suggested: String,
    pub grades: Vec<String>,
    pub grade_button: String,
    pub interval_step: String,
    pub interval_days: String,
    pub interval_months: String,
    pub interval_years: String,
    pub step: String,
    pub back_in: String,
    pub summary_title: String,
    pub summary: String,
    pub summary_next: String,
    pub nothing_due: String,
    pub close_button: String,
    pub close_hint: String,
    pub today: String,
    pub tomorrow: String,
    pub in_days: String,
    pub stale_overwritten: String,
    pub stale_rejected: String,
    pub stale_later: String,
    pub checks_tokens: String,
    pub checks_nothing: String,
    pub paused_some: String,
    pub paused_none: String,
    pub every_minutes: String,
    pub every_hours: String,
    pub every_days: String,
    pub every_years: String,
    pub answers_joiner: String,
    pub break_twice: String,
    pub defence_none: String,
    pub defence_renewal: String,
    pub defence_fencing: String,
    pub twice_none: String,
    pub twice_some: String,
    pub twice_rare: String,
    pub workers_one: String,
    pub workers_many: String,
    pub overwritten_none_seen: String,
    pub list_title: String,
    pub list_due: String,
    pub list_none: String,
    pub list_later: String,
    pub list_empty: String,
    pub list_more: String,
    pub cli_due: String,
    pub cli_none: String,
    pub cli_next: String,
}

/// The words, parsed on first use.
pub fn words() -> &'static Words {
    static WORDS: PerLanguage<Words> = PerLanguage::new();
    WORDS.get(|_| {
        ron::from_str(&language::asset(include_str!("../../assets/review.ron")))
            .unwrap_or_else(|e| panic!("assets/review.ron is malformed: {e}"))
    })
}

impl Words {
    /// An interval as Anki writes it on a grade button: "3 d", "1.5 mo", "2.1 y".
    pub fn interval(&self, days: i64) -> String {
        let fill = crate::lesson::fill;
        let one_decimal = |x: f64| {
            let x = (x * 10.0).round() / 10.0;
            if x.fract() == 0.0 {
                format!("{x:.0}")
            } else {
                format!("{x:.1}")
            }
        };
        let days = days.max(1);
        if days < 31 {
            fill(&self.interval_days, &[("n", days.to_string())])
        } else if days < 365 {
            let months = one_decimal(days as f64 / (365.25 / 12.0));
            fill(&self.interval_months, &[("n", months)])
        } else {
            let years = one_decimal(days as f64 / 365.25);
            fill(&self.interval_years, &[("n", years)])
        }
    }

    /// "today", "tomorrow" or "in N days", for a time `days` local days ahead.
    pub fn in_days(&self, days: i64) -> String {
        match days {
            i64::MIN..=0 => self.today.clone(),
            1 => self.tomorrow.clone(),
            n => crate::lesson::fill(&self.in_days, &[("n", n.to_string())]),
        }
    }
}

/// The time between two of something that happens `per_day` times a day ("5 minutes").
pub fn every(per_day: f64) -> String {
    let w = words();
    let minutes = 24.0 * 60.0 / per_day;
    let (template, n) = if minutes < 90.0 {
        (&w.every_minutes, minutes)
    } else if minutes < 48.0 * 60.0 {
        (&w.every_hours, minutes / 60.0)
    } else if per_day * 365.25 >= 0.95 {
        (&w.every_days, 1.0 / per_day)
    } else {
        (&w.every_years, 1.0 / (per_day * 365.25))
    };
    let n = crate::lesson::quantity::trim_sig2(n);
    crate::lesson::fill(template, &[("n", n)])
}
