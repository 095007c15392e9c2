//! What each section's scenario code carries, read and written without any window: a
//! simulation section's parameters (from its model's [`Schema`]) and seed, or a quiz's
//! question. The app's sections and the command line (`--scenario`, `--playlist`,
//! `sim --scenario`) all go through here.

use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::{CodeError, decode, section_of};
use crate::lesson::{self, StoreRow};
use crate::sections::{self, Kind, QuizId};
use crate::sim::counter::CounterParams;
use crate::sim::failover::{FailoverParams, Store};
use crate::sim::fencing::FencingParams;
use crate::sim::renewal::RenewalParams;
use crate::sim::stale::StaleParams;
use crate::sim::ttl::TtlParams;
use crate::sim::{Model, Schema};

/// A section's settings as scenario pairs, in the code's order (the seed apart).
pub trait Settings: Copy + Default + PartialEq {
    fn write(&self, pairs: PairsBuilder) -> PairsBuilder;

    /// Reads the settings present on top of the defaults; changes nothing on a bad value.
    fn read(r: &mut PairsReader<'_>) -> Result<Self, String>;
}

impl PairsBuilder {
    /// A model's schema: the numbers of its table that codes carry, then its choice by name
    /// or its switch.
    pub fn schema<P: Schema>(mut self, p: &P) -> Self {
        self = self.table(p);
        if let Some(c) = P::CHOICE {
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
        if let Some(c) = P::CHOICE
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

macro_rules! settings_from_schema {
    ($($params:ty),*) => {$(
        impl Settings for $params {
            fn write(&self, pairs: PairsBuilder) -> PairsBuilder {
                pairs.schema(self)
            }

            fn read(r: &mut PairsReader<'_>) -> Result<Self, String> {
                r.schema(Self::default())
            }
        }
    )*};
}

settings_from_schema!(
    CounterParams,
    TtlParams,
    StaleParams,
    FencingParams,
    RenewalParams
);

/// The store chosen when section 5 opens (and after a reset): the first row of its table.
pub const DEFAULT_STORE: usize = 0;

/// Section 5's settings: a row of the store table (`assets/stores.ron`) and the failover
/// model's numbers; the model's own store follows the row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WhereParams {
    pub model: FailoverParams,
    /// Index into the store table.
    pub store: usize,
}

/// The rows of the store table.
pub fn stores() -> &'static [StoreRow] {
    &lesson::content().stores
}

/// Row `i` of the store table (the last one past its end).
pub fn row(i: usize) -> &'static StoreRow {
    &stores()[i.min(stores().len() - 1)]
}

/// What the failover model runs for a row: a consensus store or an asynchronous replica.
pub fn model_store(row: &StoreRow) -> Store {
    if row.consensus {
        Store::Consensus
    } else {
        Store::Redis
    }
}

impl Settings for WhereParams {
    fn write(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.text("store", &row(self.store).id).table(&self.model)
    }

    fn read(r: &mut PairsReader<'_>) -> Result<Self, String> {
        let ids: Vec<&str> = stores().iter().map(|s| s.id.as_str()).collect();
        let store = match r.choice("store", &ids)? {
            Some(id) => ids.iter().position(|s| *s == id).unwrap_or(DEFAULT_STORE),
            None => DEFAULT_STORE,
        };
        let model = FailoverParams {
            store: model_store(row(store)),
            ..r.table(FailoverParams::default())?
        };
        Ok(Self { model, store })
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
    match seed {
        Some(seed) => pairs.seed(seed),
        None => pairs,
    }
    .build()
}

/// Whether the model's results depend on a seed (section 3's story does not).
pub fn seeded(model: Model) -> bool {
    model != Model::Stale
}

/// The settings a model's section reads from a code: every model runs from its own schema,
/// except failover, which section 5 shows per store row.
pub enum ModelSettings {
    Counter(CounterParams),
    Ttl(TtlParams),
    Stale(StaleParams),
    Fencing(FencingParams),
    Where(WhereParams),
    Renewal(RenewalParams),
}

impl ModelSettings {
    /// Reads a model section's pairs: its settings and (for seeded models) its seed.
    pub fn read(model: Model, pairs: &[(String, String)]) -> Result<(Self, Option<u64>), String> {
        fn go<S: Settings>(
            pairs: &[(String, String)],
            seeded: bool,
            wrap: fn(S) -> ModelSettings,
        ) -> Result<(ModelSettings, Option<u64>), String> {
            read_model::<S>(pairs, seeded).map(|(s, seed)| (wrap(s), seed))
        }
        let s = seeded(model);
        match model {
            Model::Counter => go(pairs, s, Self::Counter),
            Model::Ttl => go(pairs, s, Self::Ttl),
            Model::Stale => go(pairs, s, Self::Stale),
            Model::Fencing => go(pairs, s, Self::Fencing),
            Model::Failover => go(pairs, s, Self::Where),
            Model::Renewal => go(pairs, s, Self::Renewal),
        }
    }

    /// The pairs a section of this model writes at its defaults (with seed 1 where seeded).
    pub fn default_pairs(model: Model) -> Pairs {
        let seed = seeded(model).then_some(1);
        match model {
            Model::Counter => model_pairs(&CounterParams::default(), seed),
            Model::Ttl => model_pairs(&TtlParams::default(), seed),
            Model::Stale => model_pairs(&StaleParams::default(), seed),
            Model::Fencing => model_pairs(&FencingParams::default(), seed),
            Model::Failover => model_pairs(&WhereParams::default(), seed),
            Model::Renewal => model_pairs(&RenewalParams::default(), seed),
        }
    }
}

/// The pairs section `n` writes at its defaults: the keys and shapes of its codes. `None` for
/// a section with nothing to share.
pub fn template(n: u8) -> Option<Pairs> {
    match sections::get(n)?.kind {
        Kind::Model(m) => Some(ModelSettings::default_pairs(m)),
        Kind::Quiz(q) => Some(quiz_pairs(&quiz_of(q).first()?.id)),
        Kind::Text(_) | Kind::Lab => None,
    }
}

/// Reads a code through to its values, without applying it anywhere: the section it is for
/// and its pairs, or a message saying what is wrong.
pub fn check(code: &str) -> Result<(u8, Pairs), String> {
    let n = section_of(code).map_err(|e| e.to_string())?;
    let (n, pairs) = decode(code, template(n).as_deref()).map_err(|e| e.to_string())?;
    let valid = match sections::get(n).map(|d| d.kind) {
        Some(Kind::Model(m)) => ModelSettings::read(m, &pairs).map(drop),
        Some(Kind::Quiz(q)) => read_quiz(q, &pairs).map(drop),
        _ => Err(CodeError::NoSettings(n).to_string()),
    };
    valid.map_err(|e| {
        format!("The code reads correctly, but one of its values is not allowed: {e}. Nothing was changed.")
    })?;
    Ok((n, pairs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::encode;

    #[test]
    fn every_model_section_reads_back_what_it_writes() {
        for (n, m) in sections::models() {
            let pairs = ModelSettings::default_pairs(m);
            let code = encode(n, &pairs);
            assert_eq!(check(&code), Ok((n, pairs)), "section {n}");
        }
    }

    #[test]
    fn schemas_write_their_choice_and_switch() {
        let p = RenewalParams::default();
        let pairs = p.write(PairsBuilder::default()).build();
        assert_eq!(pairs.last().map(|(k, _)| k.as_str()), Some("mode"));
        let on = CounterParams {
            lock: true,
            ..CounterParams::default()
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

    #[test]
    fn section_5_pairs_keep_their_order() {
        let pairs = WhereParams::default()
            .write(PairsBuilder::default())
            .build();
        let keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["store", "rate", "lag-ms", "contention", "failovers"]);
        assert_eq!(pairs[0].1, stores()[DEFAULT_STORE].id);
        let back = WhereParams::read(&mut PairsReader::new(&pairs));
        assert_eq!(back, Ok(WhereParams::default()));
        let zk = vec![("store".to_owned(), "zookeeper".to_owned())];
        let p = WhereParams::read(&mut PairsReader::new(&zk)).unwrap();
        assert_eq!(p.model.store, Store::Consensus);
    }

    #[test]
    fn bad_values_and_sections_without_settings_are_refused() {
        let mut pairs = ModelSettings::default_pairs(Model::Renewal);
        pairs.iter_mut().find(|(k, _)| k == "mode").unwrap().1 = "sometimes".into();
        let e = check(&encode(9, &pairs)).unwrap_err();
        assert!(e.contains("not allowed"), "{e}");
        let e = check(&encode(7, &[("x".into(), "1".into())])).unwrap_err();
        assert!(e.contains("no settings"), "{e}");
        let quiz = quiz_pairs("no-such-question");
        assert!(check(&encode(6, &quiz)).is_err());
    }
}
