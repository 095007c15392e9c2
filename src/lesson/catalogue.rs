//! The catalogue: every sentence and label the app's screens draw that is not part of the
//! lesson's content (key help, notices, buttons, legends, axis titles, the lab's words), by
//! key, in `assets/ui/*.ron`. Each file is a RON map from key to text, one file per area of
//! the app; a key starts with its file's name (`"keys.name.b"` lives in `keys.ron`). A
//! simulation section's page keeps its own words in its word file's `ui` map
//! (`assets/sections/ID.ron`, see [`super::section_words`]), its keys `sections.ID.…` and the
//! labels of its model's own parameters (`stage.param.FLAG`, `stage.unit.FLAG`). The format
//! is a flat key–value map, which converts line for line to the JSON that translation tools
//! read (i18next, Crowdin, Weblate).
//!
//! The code names a key with the macros `t!`, `tf!` and `key!` (`src/macros.rs`), which check
//! it against the key list [`super::keys`] as the program compiles; [`t`] and [`tf`] take the
//! keys built while it runs (`stage.param.FLAG`), whose families the tests walk.
//!
//! Text may hold `{name}` slots, filled with [`tf`]; a sentence that names a key of the
//! keyboard takes the key's name from the keymap through a slot. A reference to a section is
//! `{section:ID}`, written out as every asset is read (see [`super::refs`]).

use std::collections::BTreeMap;

use super::language::{self, PerLanguage};

/// Every catalogue file: its name (the keys' first part) and its text.
pub const FILES: &[(&str, &str)] = &[
    ("app", include_str!("../../assets/ui/app.ron")),
    ("keys", include_str!("../../assets/ui/keys.ron")),
    ("stage", include_str!("../../assets/ui/stage.ron")),
    ("sections", include_str!("../../assets/ui/sections.ron")),
    ("lab", include_str!("../../assets/ui/lab.ron")),
    ("share", include_str!("../../assets/ui/share.ron")),
];

/// Every catalogue file in the current language: its name (what its keys start with) and its
/// entries. The shared files first, then each section's own (`sections.ID`).
pub fn files() -> Vec<(String, BTreeMap<String, String>)> {
    #[derive(serde::Deserialize)]
    struct Own {
        #[serde(default)]
        ui: BTreeMap<String, String>,
    }
    let shared = FILES.iter().map(|(name, text)| {
        let words = ron::from_str(&language::asset(text))
            .unwrap_or_else(|e| panic!("assets/ui/{name}.ron is malformed: {e}"));
        ((*name).to_owned(), words)
    });
    let own = super::section_words::parts::<Own>()
        .into_iter()
        .map(|(id, own)| (format!("sections.{id}"), own.ui));
    shared.chain(own).collect()
}

/// Whether `key` belongs in the catalogue file `name`: it starts with the file's name, or, in
/// a section's own file (`sections.ID`), it is the label or unit of its model's parameter
/// (`stage.param.FLAG`, `stage.unit.FLAG`: the stage builds those keys from the flag).
pub fn belongs(key: &str, name: &str) -> bool {
    let own_param = ["stage.param.", "stage.unit."]
        .iter()
        .any(|p| key.starts_with(p));
    key.starts_with(&format!("{name}.")) || (name.starts_with("sections.") && own_param)
}

/// The catalogue in the current language, parsed on first use.
pub fn catalogue() -> &'static BTreeMap<String, String> {
    static CATALOGUE: PerLanguage<BTreeMap<String, String>> = PerLanguage::new();
    CATALOGUE.get(|_| {
        let mut all = BTreeMap::new();
        for (name, words) in files() {
            for (key, text) in words {
                assert!(belongs(&key, &name), "{key} is not under {name}");
                let twice = all.insert(key.clone(), text).is_some();
                assert!(!twice, "{key} twice in the catalogue");
            }
        }
        all
    })
}

/// The catalogue's text for `key`. A key missing from the catalogue is a defect the tests
/// catch; the program then shows the key itself rather than stop.
pub fn t(key: &str) -> &'static str {
    match catalogue().get(key) {
        Some(text) => text,
        None => {
            debug_assert!(false, "no catalogue entry {key}");
            missing(key)
        }
    }
}

/// The catalogue's text for `key` with its `{name}` slots filled.
pub fn tf<V: AsRef<str>>(key: &str, values: &[(&str, V)]) -> String {
    super::fill(t(key), values)
}

fn missing(key: &str) -> &'static str {
    // Leaked once per missing key; only reached in a build with a defect.
    static SEEN: std::sync::Mutex<BTreeMap<String, &'static str>> =
        std::sync::Mutex::new(BTreeMap::new());
    let mut seen = SEEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    seen.entry(key.to_owned())
        .or_insert_with(|| Box::leak(key.to_owned().into_boxed_str()))
}

/// Words of the catalogue where a constant names them (a window's title): read when used, in
/// the language of the moment, as a `&str` (through `Deref`, `AsRef` or [`CatalogueText::get`])
/// or with `Display`. (Not `Clone`, so that `.to_owned()` gives the text as a `String`.)
pub struct CatalogueText(fn() -> &'static str);

impl CatalogueText {
    /// Words read by `text` when they are used (`|| t!("app.title")`).
    pub const fn new(text: fn() -> &'static str) -> Self {
        Self(text)
    }

    /// The words in the current language.
    pub fn get(&self) -> &'static str {
        (self.0)()
    }
}

impl std::ops::Deref for CatalogueText {
    type Target = str;

    fn deref(&self) -> &str {
        self.get()
    }
}

impl AsRef<str> for CatalogueText {
    fn as_ref(&self) -> &str {
        self.get()
    }
}

impl std::fmt::Display for CatalogueText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.get())
    }
}

impl std::fmt::Debug for CatalogueText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.get(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_in_every_language_with_the_same_keys_and_slots() {
        let english = catalogue().clone();
        language::set_for_thread(Some(language::Language::Pseudo));
        let pseudo = catalogue().clone();
        language::set_for_thread(None);
        assert!(english.keys().eq(pseudo.keys()));
        for (key, text) in &english {
            let slots = |t: &str| {
                t.split('{')
                    .skip(1)
                    .filter_map(|s| s.split_once('}').map(|(a, _)| a.to_owned()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(slots(text), slots(&pseudo[key]), "{key}");
            assert!(!text.trim().is_empty(), "{key} is empty");
        }
    }
}
