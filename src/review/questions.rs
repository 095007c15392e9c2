//! Fresh questions from the models: a prediction under review is asked again at settings of
//! its own, drawn from the section's sliders, and judged by the model's answer there
//! ([`crate::predict::truth`]) with the section's bands and words (`predictions` in each section's `assets/sections/ID.ron`).
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

use crate::predict::{ModelParams, Prompt, Truth};
use crate::review::LastAsked;
use crate::sim::ParamSpec;

/// Draws tried before [`pick`] settles for one in the same band as last time.
const TRIES: u32 = 48;
/// Draws tried for the band aimed at once one in another band than last time's is found.
const PATIENCE: u32 = 12;

/// A prediction asked at review settings, with the model's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Fresh {
    pub section: u8,
    /// The prompt asked, by its place in [`crate::predict::all_prompts`].
    pub prompt: usize,
    /// The draw that gave these settings ([`settings_at`]).
    pub variant: u32,
    pub settings: ModelParams,
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
    /// The prompt asked.
    pub fn prompt(&self) -> &'static Prompt {
        &crate::predict::all_prompts()[self.prompt]
    }

    /// The question as the learner reads it.
    pub fn question(&self) -> String {
        let q = crate::lesson::fill(&self.prompt().prompt, &self.values);
        if self.note.is_empty() {
            q
        } else {
            format!("{} {q}", self.note)
        }
    }

    /// What the review file keeps of it.
    pub fn shown(&self) -> LastAsked {
        LastAsked {
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

/// A draw number's bits mixed (so that neighbouring draws are not alike).
fn mix(variant: u32) -> u32 {
    let x = u64::from(variant).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x >> 40) as u32
}

fn round_sig2(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return v;
    }
    // Through its decimal form, so that 5.1 stays 5.1 (not 5.1000000000000005).
    format!("{v:.1e}").parse().unwrap_or(v)
}

/// The settings of draw `variant` for section `section` (`None`: it has no prediction).
pub fn settings_at(section: u8, variant: u32) -> Option<ModelParams> {
    let id = crate::sections::id(section)?;
    let mut s = ModelParams::lesson(id)?;
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(section) << 32 | u64::from(variant));
    for flag in drawn(id) {
        let spec = s.spec(flag)?;
        let u = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0);
        s.set(flag, value_at(spec, u));
    }
    s.draw(&mut || rng.next_u64());
    Some(s)
}

/// The prompt the review asks of section `section` at draw `variant` (the section's review
/// prompts in turn), with its place in [`crate::predict::all_prompts`].
pub fn prompt_at(section: u8, variant: u32) -> Option<(usize, &'static Prompt)> {
    let all = crate::predict::all_prompts();
    let asked: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].section == section && all[i].in_review())
        .collect();
    let i = *asked.get(variant as usize % asked.len().max(1))?;
    Some((i, &all[i]))
}

/// How rarely the review asks at degenerate settings ([`ModelParams::degenerate`]): one draw
/// in this many may.
pub const DEGENERATE_ONE_IN: u32 = 8;

/// Section `section`'s question at draw `variant`, if it is one the review asks: its story
/// true of the settings, not the lesson's settings, and its answer clear of every cut-off.
pub fn ask(section: u8, variant: u32) -> Option<Fresh> {
    let (index, prompt) = prompt_at(section, variant)?;
    let settings = settings_at(section, variant)?;
    let id = settings.section_id();
    if !prompt.fits(&settings) || ModelParams::lesson(id).as_ref() == Some(&settings) {
        return None;
    }
    if settings.degenerate() && !mix(variant).is_multiple_of(DEGENERATE_ONE_IN) {
        return None;
    }
    if settings.borderline() {
        return None;
    }
    let truth = prompt.truth(&settings);
    let right = prompt.right_choices(&truth);
    if right.is_empty() || (prompt.ordered && prompt.settled(&truth).is_none()) {
        return None;
    }
    if !truth.exact && truth.value == 0.0 && truth.fixed.is_none() {
        // No seeded run saw one, yet the model's chance is not zero: the runs' "0" would read
        // as "never", which is judged wrong.
        return None;
    }
    let values = settings.prompt_values();
    let note = crate::sections::model_of(id)
        .and_then(|m| m.review().note)
        .map(|note| crate::lesson::fill(note(), &values))
        .unwrap_or_default();
    Some(Fresh {
        section,
        prompt: index,
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
/// than last time's. The band aimed at is itself drawn (any but last time's), so that no band
/// comes up merely because most settings give it; where no draw reaches it, the first draw in
/// another band than last time's is asked.
pub fn pick(section: u8, last: Option<LastAsked>, draw: u64) -> Option<Fresh> {
    let last_settings = last
        .and_then(|s| s.variant)
        .and_then(|v| settings_at(section, v));
    let last_band = last.and_then(|s| s.band);
    let choices = prompt_at(section, draw as u32).map_or(1, |(_, p)| p.choices.len());
    let target = Some(mix((draw as u32) ^ 0x5bd1_e995) as usize % choices);
    let (mut other, mut same_band) = (None, None);
    let mut until = TRIES;
    for k in 0..TRIES {
        if k >= until {
            break;
        }
        let variant = (draw as u32).wrapping_add(k);
        let Some(f) = ask(section, variant) else {
            continue;
        };
        if Some(&f.settings) == last_settings.as_ref() {
            continue;
        }
        if f.named != last_band || last_band.is_none() {
            if f.named == target {
                return Some(f);
            }
            if other.is_none() {
                until = k + PATIENCE;
            }
            other.get_or_insert(f);
        } else {
            same_band.get_or_insert(f);
        }
    }
    other.or(same_band)
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
            let q = first.question();
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
