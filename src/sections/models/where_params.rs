//! Section `where`'s settings: a row of the store table and the failover model's numbers, as its
//! scenario codes carry them.

use crate::lesson::{self, StoreRow};
use crate::sections::pairs::{PairsBuilder, PairsReader};
use crate::sections::settings::Settings;
use crate::sim::failover::{FailoverParams, Store};

/// The store chosen when section `where` opens (and after a reset): the first row of its table.
pub const DEFAULT_STORE: usize = 0;

/// Section `where`'s settings: a row of the store table (`assets/stores.ron`) and the failover
/// model's numbers; the model's own store follows the row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WhereParams {
    pub model: FailoverParams,
    /// Index into the store table.
    pub store: usize,
    /// At the single Redis row, the second step on screen: what a lost lock costs (granted
    /// twice) rather than how many locks a failover loses. Codes carry it last, after the
    /// seed (`lost` or `twice`; absent in the codes written before it existed: the first
    /// step); the model does not depend on it.
    pub twice: bool,
}

/// The values of the `step` key: the Redis row's two steps, in order.
pub const STEPS: [&str; 2] = ["lost", "twice"];

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
    type Model = FailoverParams;

    fn model(&self) -> FailoverParams {
        self.model
    }

    fn write(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.text("store", &row(self.store).id).table(&self.model)
    }

    fn write_last(&self, pairs: PairsBuilder) -> PairsBuilder {
        pairs.text("step", STEPS[usize::from(self.twice)])
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
        let twice = r.choice("step", &STEPS)?.is_some_and(|s| s == STEPS[1]);
        Ok(Self {
            model,
            store,
            twice,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(p.model(), p.model);
        // The second step is carried; a code without it is at the first.
        let twice = WhereParams {
            twice: true,
            ..WhereParams::default()
        };
        let pairs = twice
            .write_last(twice.write(PairsBuilder::default()))
            .build();
        assert_eq!(pairs.last(), Some(&("step".to_owned(), "twice".to_owned())));
        assert_eq!(WhereParams::read(&mut PairsReader::new(&pairs)), Ok(twice));
        let bad = vec![("step".to_owned(), "3".to_owned())];
        assert!(WhereParams::read(&mut PairsReader::new(&bad)).is_err());
    }
}
