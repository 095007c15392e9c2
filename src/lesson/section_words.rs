//! Each simulation section's own words, one file each: `assets/sections/ID.ron` holds all
//! that a learner or a lecturer sees of the section and that is its alone: its text in the
//! lesson (`lesson`, a [`SectionText`](super::SectionText)), its speaker notes (`notes`), its
//! predictions (`predictions`, with the phrases that would give them away), the templates of
//! its computed headlines (`headlines`, whose type is beside its page) and its page's words in
//! the catalogue (`ui`, keys `sections.ID.…`). The shared files (`assets/lesson.ron`,
//! `notes.ron`, `headlines.ron`, `ui/sections.ron`) keep the other sections' words.
//!
//! `build.rs` embeds every such file in the order of the lesson's one list of sections
//! (`SECTIONS` in `src/sections.rs`, whose ids it reads), so a new section's words are one new
//! file and no line anywhere else; its catalogue keys are checked as the program compiles like
//! the shared ones ([`super::keys`]). Each reader takes the part it knows ([`parts`], [`part`]);
//! every file goes through [`language::asset`] first, as every other asset does.

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::language;

include!(concat!(env!("OUT_DIR"), "/section_files.rs"));

fn parse<T: DeserializeOwned>(id: &str, text: &str) -> T {
    // The files are part of the binary and checked by the tests; a parse error is a build
    // defect, not a user error.
    ron::from_str(&language::asset(text))
        .unwrap_or_else(|e| panic!("assets/sections/{id}.ron is malformed: {e}"))
}

/// Every section file read as `T` (a struct of the fields it wants; serde skips the others),
/// in the current language, with the section's id, in lesson order.
pub fn parts<T: DeserializeOwned>() -> Vec<(&'static str, T)> {
    FILES
        .iter()
        .map(|(id, text)| (*id, parse(id, text)))
        .collect()
}

/// Section `id`'s file read as `T` (`None`: it has no file of its own).
pub fn part<T: DeserializeOwned>(id: &str) -> Option<T> {
    FILES
        .iter()
        .find(|(known, _)| *known == id)
        .map(|(id, text)| parse(id, text))
}

/// The templates of section `id`'s headlines, of the type its page gives them. A section's
/// page keeps them once per language, in a `static` [`PerLanguage`](language::PerLanguage)
/// of that type whose `get` calls this.
pub fn headlines<T: DeserializeOwned>(id: &str) -> T {
    #[derive(Deserialize)]
    struct Part<T> {
        headlines: T,
    }
    part::<Part<T>>(id)
        .unwrap_or_else(|| panic!("section {id} has no word file of its own"))
        .headlines
}

/// Every string of every section file's headlines, in file order (for the walk of every text
/// on screen; their type is the page's).
pub fn headline_texts() -> Vec<String> {
    #[derive(Deserialize)]
    struct Part {
        #[serde(default = "none")]
        headlines: ron::Value,
    }
    fn none() -> ron::Value {
        ron::Value::Unit
    }
    fn strings(value: &ron::Value, out: &mut Vec<String>) {
        match value {
            ron::Value::String(s) => out.push(s.clone()),
            ron::Value::Seq(items) => items.iter().for_each(|v| strings(v, out)),
            ron::Value::Map(map) => map.iter().for_each(|(_, v)| strings(v, out)),
            ron::Value::Option(Some(v)) => strings(v, out),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (_, part) in parts::<Part>() {
        strings(&part.headlines, &mut out);
    }
    out
}
