//! Sections in the progress file: format 4 names them by id (`"ttl"`), so a section added to
//! the lesson shifts no learner's ticks; formats 1 to 3 named them by their number in the
//! lesson of that time, which [`FORMAT_3_NUMBERS`] keeps, so their files read as they were
//! meant.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Deserializer};

/// The sections of formats 1 to 3, by number from 1 (the lab last). This list is frozen: it is
/// what those files meant, whatever the lesson's list becomes.
pub const FORMAT_3_NUMBERS: [&str; 11] = [
    "why-lock",
    "ttl",
    "stale",
    "fencing",
    "where",
    "which",
    "who",
    "interview",
    "break",
    "next",
    "lab",
];

/// A section as a progress file names it: an id, or a number of formats 1 to 3 (a number no
/// section had reads as `None`).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Named(Option<String>);

impl<'de> Deserialize<'de> for Named {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Named;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a section's id")
            }
            fn visit_str<E: serde::de::Error>(self, id: &str) -> Result<Named, E> {
                Ok(Named(Some(id.to_owned())))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Named, E> {
                let id = usize::try_from(n).ok().and_then(|n| n.checked_sub(1));
                let id = id.and_then(|i| FORMAT_3_NUMBERS.get(i));
                Ok(Named(id.map(|&id| id.to_owned())))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Named, E> {
                self.visit_u64(u64::try_from(n).unwrap_or(0))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl Named {
    fn id(self) -> Option<String> {
        self.0
    }
}

/// `last_section`: `Some("ttl")`, or `Some(2)` / `2` in formats 1 to 3.
pub fn option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<Named>::deserialize(d)?.and_then(Named::id))
}

/// `completed`: a set of ids or numbers.
pub fn set<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeSet<String>, D::Error> {
    let v = Vec::<Named>::deserialize(d)?;
    Ok(v.into_iter().filter_map(Named::id).collect())
}

/// `done`: a map from ids or numbers.
pub fn map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, u64>, D::Error> {
    let v = BTreeMap::<Named, u64>::deserialize(d)?;
    Ok(v.into_iter()
        .filter_map(|(k, at)| Some((k.id()?, at)))
        .collect())
}
