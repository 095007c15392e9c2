//! Fresh questions from the models: a prediction under review is asked again at settings of
//! its own, drawn from the section's sliders, and judged by the model's answer there
//! ([`crate::predict::truth`]) with the section's bands and words (`assets/predictions.ron`).
//!
//! A draw number fixes the settings ([`settings_at`]): each parameter the question names is
//! drawn over its whole slider range (its ends included, a logarithmic slider evenly in
//! decades) and rounded to two significant digits. A draw is asked only where the answer is
//! clear ([`ask`]): never at the lesson's own settings, never where the value lies within the
//! prompt's margin of a band's cut-off (or its Monte Carlo interval meets two bands), never
//! where the question's story is untrue. [`pick`] then prefers settings other than last
//! time's whose answer lies in another band.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::predict::{Prompt, Settings, Truth};
use crate::review::Shown;
use crate::sim::ParamSpec;

/// Draws tried before [`pick`] settles for one in the same band as last time.
const TRIES: u32 = 48;

/// A prediction asked at review settings, with the model's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Fresh {
    pub section: u8,
    /// The draw that gave these settings ([`settings_at`]).
    pub variant: u32,
    pub settings: Settings,
    /// The prompt's slots, filled from these settings.
    pub values: Vec<(&'static str, String)>,
    /// A sentence on the settings the prompt does not name (empty when it names them all).
    pub note: String,
    /// The model's answer.
    pub truth: Truth,
    /// Every right choice.
    pub right: Vec<usize>,
    /// The one the answer names (the band that holds the value).
    pub named: Option<usize>,
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
            band: self.named,
        }
    }
}

/// The parameters the review draws for a section (the ones its question names or notes), by
/// their flags, as its descriptor says; the others keep the lesson's values.
pub fn drawn(section_id: &str) -> &'static [&'static str] {
    crate::sections::model_of(section_id).map_or(&[], |m| m.review().drawn)
}

/// One value of `spec` for draw `u` in [0, 1): either end an eighth of the time each, else
/// evenly over the range (in decades on a logarithmic slider), to two significant digits.
pub fn value_at(spec: &ParamSpec, u: f64) -> f64 {
    let v = if u < 0.125 {
        spec.min
    } else if u >= 0.875 {
        spec.max
    } else {
        let x = (u - 0.125) / 0.75;
        if spec.log && spec.min > 0.0 {
            spec.min * (spec.max / spec.min).powf(x)
        } else {
            spec.min + (spec.max - spec.min) * x
        }
    };
    spec.clamp(round_sig2(v))
}

fn round_sig2(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return v;
    }
    // Through its decimal form, so that 5.1 stays 5.1 (not 5.1000000000000005).
    format!("{v:.1e}").parse().unwrap_or(v)
}

/// The settings of draw `variant` for section `section` (`None`: it has no prediction).
pub fn settings_at(section: u8, variant: u32) -> Option<Settings> {
    let id = crate::sections::id(section)?;
    let mut s = Settings::lesson(id)?;
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(section) << 32 | u64::from(variant));
    for flag in drawn(id) {
        let spec = s.spec(flag)?;
        let u = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0);
        s.set(flag, value_at(spec, u));
    }
    if let Settings::Stale(p) = &mut s {
        p.fencing = rng.next_u64() & 1 == 1;
    }
    Some(s)
}

/// Section `section`'s question at draw `variant`, if it is one the review asks: its story
/// true of the settings, not the lesson's settings, and its answer clear of every cut-off.
pub fn ask(section: u8, variant: u32) -> Option<Fresh> {
    let prompt = crate::predict::prompt_for(section)?;
    let settings = settings_at(section, variant)?;
    let id = settings.section_id();
    if !settings.prompt_fits() || Settings::lesson(id) == Some(settings) {
        return None;
    }
    if let Settings::Stale(p) = settings
        && p.pause_s < p.ttl_s + 1.0
    {
        // The story's order of writes should not hang on a fraction of a second.
        return None;
    }
    let truth = crate::predict::truth(&settings);
    let right = prompt.right_choices(&truth);
    if right.is_empty() || (prompt.ordered && prompt.settled(&truth).is_none()) {
        return None;
    }
    let values = settings.prompt_values();
    let note = crate::sections::model_of(id)
        .and_then(|m| m.review().note)
        .map(|note| crate::lesson::fill(note(), &values))
        .unwrap_or_default();
    Some(Fresh {
        section,
        variant,
        settings,
        named: prompt.named(&truth, &right),
        values,
        note,
        truth,
        right,
    })
}

/// Draws the settings for section `section`'s next review, starting at draw `draw`: never the
/// ones asked last time, and where one of the next draws allows, an answer in another band
/// than last time's.
pub fn pick(section: u8, last: Option<Shown>, draw: u64) -> Option<Fresh> {
    let last_settings = last
        .and_then(|s| s.variant)
        .and_then(|v| settings_at(section, v));
    let last_band = last.and_then(|s| s.band);
    let mut same_band = None;
    for k in 0..TRIES {
        let variant = (draw as u32).wrapping_add(k);
        let Some(f) = ask(section, variant) else {
            continue;
        };
        if Some(f.settings) == last_settings {
            continue;
        }
        if f.named != last_band || last_band.is_none() {
            return Some(f);
        }
        same_band.get_or_insert(f);
    }
    same_band
}

/// `count` questions for section `section` from draw `draw` on, each picked after the one
/// before it (as successive reviews would be).
pub fn series(section: u8, count: usize, draw: u64) -> Vec<Fresh> {
    let mut out: Vec<Fresh> = Vec::new();
    let mut next = draw;
    while out.len() < count {
        let last = out.last().map(Fresh::shown);
        let Some(f) = pick(section, last, next) else {
            break;
        };
        next = u64::from(f.variant) + 1;
        out.push(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_cover_each_range_and_its_ends() {
        let spec = crate::sim::counter::WORKERS;
        assert_eq!(value_at(&spec, 0.0), 1.0);
        assert_eq!(value_at(&spec, 0.9), 20.0);
        let mid = value_at(&crate::sim::fencing::HOLDERS, 0.5);
        assert!((100.0..10_000.0).contains(&mid), "{mid}");
        assert_eq!(round_sig2(3_456.0), 3_500.0);
        assert_eq!(value_at(&crate::sim::ttl::PAUSE_PROB, 0.01), 0.0);
    }

    #[test]
    fn every_prediction_has_questions_and_a_pick_is_never_the_last_settings() {
        for p in crate::predict::prompts() {
            let s = p.section;
            let first = pick(s, None, 7).unwrap_or_else(|| panic!("section {s}"));
            let q = first.question(p);
            assert!(!q.contains('{'), "unfilled slot: {q}");
            for draw in [7, 100, 5_000] {
                let f = pick(s, Some(first.shown()), draw).unwrap();
                assert_ne!(f.settings, first.settings, "section {s}");
            }
        }
    }

    #[test]
    fn a_pick_changes_band_where_it_can() {
        let s = crate::sections::number("ttl");
        let first = pick(s, None, 1).unwrap();
        for draw in 0..5 {
            let f = pick(s, Some(first.shown()), draw).unwrap();
            assert_ne!(f.named, first.named, "draw {draw}");
        }
    }
}
