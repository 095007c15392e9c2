//! What each section's scenario code carries, read and written without any window: a
//! simulation section's parameters (from its model's [`Schema`]) and seed, or a quiz's
//! question. The app's sections and the command line (`--scenario`, `--playlist`,
//! `sim --scenario`) all go through here.

use super::QuizId;
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use crate::lesson;
use crate::sim::Schema;

/// A section's settings as scenario pairs, in the code's order (the seed apart).
pub trait Settings: Copy + Default + PartialEq + 'static {
    /// The parameters the model runs with (the command line's, and a report's).
    type Model: Schema + 'static;

    /// The model's parameters at these settings.
    fn model(&self) -> Self::Model;

    fn write(&self, pairs: PairsBuilder) -> PairsBuilder;

    /// Settings added to the codes after their first version: written after the seed, so
    /// that a code from before them, which lacks them, still reads (at their defaults).
    fn write_last(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs
    }

    /// Reads the settings present on top of the defaults; changes nothing on a bad value.
    fn read(r: &mut PairsReader<'_>) -> Result<Self, String>;
}

impl PairsBuilder {
    /// A model's schema: the numbers of its table that codes carry, then its parameter set by
    /// name or its switch.
    pub fn schema<P: Schema>(mut self, p: &P) -> Self {
        self = self.table(p);
        if let Some(c) = P::NAMED {
            self = self.text(c.flag, (c.name)(p));
        }
        if let Some((flag, _, field)) = P::SWITCH {
            let mut copy = *p;
            self = self.flag(flag, *field(&mut copy));
        }
        self
    }
}

impl PairsReader<'_> {
    /// The schema of `P` on top of `base` (what is absent stays as in `base`).
    pub fn schema<P: Schema>(&mut self, base: P) -> Result<P, String> {
        let mut p = self.table(base)?;
        if let Some(c) = P::NAMED
            && let Some(raw) = self.text(c.flag)
        {
            (c.set)(&mut p, raw.trim())?;
        }
        if let Some((flag, _, field)) = P::SWITCH
            && let Some(on) = self.flag(flag)?
        {
            *field(&mut p) = on;
        }
        Ok(p)
    }
}

/// A model's own parameters are its section's settings (section 5 adds a store row).
impl<P: Schema + PartialEq + 'static> Settings for P {
    type Model = P;

    fn model(&self) -> P {
        *self
    }

    fn write(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.schema(self)
    }

    fn read(r: &mut PairsReader<'_>) -> Result<Self, String> {
        r.schema(Self::default())
    }
}

/// A quiz's code names the question on screen.
pub fn quiz_pairs(question: &str) -> Pairs {
    PairsBuilder::default().text("question", question).build()
}

/// The question a quiz code names, checked against the quiz's ids.
pub fn read_quiz(quiz: QuizId, pairs: &[(String, String)]) -> Result<Option<usize>, String> {
    let ids: Vec<&str> = quiz_of(quiz).iter().map(|q| q.id.as_str()).collect();
    let mut r = PairsReader::new(pairs);
    let id = r.choice("question", &ids)?;
    r.finish()?;
    Ok(id.and_then(|id| ids.iter().position(|x| *x == id)))
}

/// The questions of a quiz.
pub fn quiz_of(quiz: QuizId) -> &'static lesson::Quiz {
    let q = &lesson::content().quizzes;
    match quiz {
        QuizId::Which => &q.which,
        QuizId::Interview => &q.interview,
    }
}

/// A model section's settings and seed, read from pairs as its section writes them.
pub fn read_model<S: Settings>(
    pairs: &[(String, String)],
    seeded: bool,
) -> Result<(S, Option<u64>), String> {
    let mut r = PairsReader::new(pairs);
    let settings = S::read(&mut r)?;
    let seed = if seeded { r.seed()? } else { None };
    r.finish()?;
    Ok((settings, seed))
}

/// A model section's pairs: its settings, then the seed if its results depend on one.
pub fn model_pairs<S: Settings>(settings: &S, seed: Option<u64>) -> Pairs {
    let pairs = settings.write(PairsBuilder::default());
    let pairs = match seed {
        Some(seed) => pairs.seed(seed),
        None => pairs,
    };
    settings.write_last(pairs).build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::counter::CounterParams;
    use crate::sim::fencing::FencingParams;
    use crate::sim::renewal::RenewalParams;

    #[test]
    fn schemas_write_their_named_parameter_and_switch() {
        let p = RenewalParams::default();
        let pairs = p.write(PairsBuilder::default()).build();
        assert_eq!(pairs.last().map(|(k, _)| k.as_str()), Some("mode"));
        let on = CounterParams {
            lock: true,
            ..Default::default()
        };
        let pairs = on.write(PairsBuilder::default()).build();
        assert_eq!(pairs.last(), Some(&("lock".to_owned(), "true".to_owned())));
        let back = CounterParams::read(&mut PairsReader::new(&pairs));
        assert_eq!(back, Ok(on));
    }

    #[test]
    fn section_4_pairs_keep_their_order_and_read_back() {
        let pairs = FencingParams::default()
            .write(PairsBuilder::default())
            .build();
        let keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
        let want = [
            "holders",
            "ttl-ms",
            "typical-ms",
            "spread",
            "stall-prob",
            "stall-mean-ms",
            "fencing",
        ];
        assert_eq!(keys, want);
        let pairs = vec![
            ("fencing".to_owned(), "true".to_owned()),
            ("holders".to_owned(), "20".to_owned()),
        ];
        let p = FencingParams::read(&mut PairsReader::new(&pairs)).unwrap();
        assert!(p.fencing);
        assert_eq!(p.holders, 20);
        assert_eq!(p.ttl_ms, crate::sim::fencing::TTL_MS.default);
    }
}
