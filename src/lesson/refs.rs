//! References to a section in the words: `{section:ID}` is written "section N" and
//! `{Section:ID}` "Section N" (`section_ref` in `assets/lesson.ron`), N the place of the
//! section whose id is ID in the lesson: the order of the lesson's one list of sections
//! (`SECTIONS` in `src/sections.rs`, which `build.rs` reads for the words, see
//! [`super::section_words::ORDER`]). No asset types a section's number, so a section added or
//! moved renumbers every reference to the others.
//!
//! Every asset, the catalogue included, is resolved as it is read, before it is put into the
//! language on screen ([`super::language::asset`]).

use std::sync::OnceLock;

use serde::Deserialize;

/// The lesson's sections' ids in order (those with words: the lab, after them, has none), and
/// how a reference to one is written (`assets/lesson.ron`).
struct Order {
    ids: Vec<String>,
    word: String,
}

fn order() -> &'static Order {
    static ORDER: OnceLock<Order> = OnceLock::new();
    ORDER.get_or_init(|| {
        #[derive(Deserialize)]
        struct Section {
            id: String,
        }
        #[derive(Deserialize)]
        struct Lesson {
            sections: Vec<Section>,
            section_ref: String,
        }
        let text = include_str!("../../assets/lesson.ron");
        let lesson: Lesson =
            ron::from_str(text).unwrap_or_else(|e| panic!("assets/lesson.ron is malformed: {e}"));
        let own = super::section_words::FILES.iter().map(|(id, _)| *id);
        let worded: Vec<&str> = lesson.sections.iter().map(|s| s.id.as_str()).collect();
        let ids = super::section_words::ORDER
            .iter()
            .filter(|id| worded.contains(id) || own.clone().any(|o| o == **id))
            .map(|id| (*id).to_owned())
            .collect();
        Order {
            ids,
            word: lesson.section_ref,
        }
    })
}

/// Each lesson section's id, in lesson order.
pub fn ids() -> &'static [String] {
    &order().ids
}

/// An asset's text with its references written out (`None`: it has none).
pub fn resolve_asset(text: &str) -> Option<String> {
    // The assets are part of the binary and checked by the tests.
    resolve(text, &order().word).unwrap_or_else(|e| panic!("an asset's section reference: {e}"))
}

/// The number (from 1) of the lesson section with this id.
pub fn number(id: &str) -> Option<u8> {
    let at = ids().iter().position(|known| known == id)?;
    u8::try_from(at + 1).ok()
}

/// Reads a lesson section's id in an asset (`section: "ttl"`) as its number; an id that is not
/// a lesson section's is an error.
pub fn number_by_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let id = String::deserialize(d)?;
    number(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown section id '{id}'")))
}

/// `text` with every `{section:ID}` and `{Section:ID}` written out with `word` (a template
/// with an `{n}` slot, "section {n}"): `None` when it has none. An unknown id or an unclosed
/// reference is an error.
pub fn resolve(text: &str, word: &str) -> Result<Option<String>, String> {
    const OPEN: [&str; 2] = ["{section:", "{Section:"];
    let next = |rest: &str| {
        OPEN.iter()
            .filter_map(|open| Some((rest.find(open)?, *open)))
            .min()
    };
    if next(text).is_none() {
        return Ok(None);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((at, open)) = next(rest) {
        let after = &rest[at + open.len()..];
        let close = after
            .find('}')
            .ok_or_else(|| "an unclosed {section: reference".to_owned())?;
        let id = &after[..close];
        let n = number(id).ok_or_else(|| format!("unknown section id {id}"))?;
        let shown = word.replace("{n}", &n.to_string());
        out.push_str(&rest[..at]);
        if open.starts_with("{S") {
            let mut chars = shown.chars();
            out.extend(chars.next().into_iter().flat_map(char::to_uppercase));
            out.push_str(chars.as_str());
        } else {
            out.push_str(&shown);
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_written_out_by_the_lesson_order() {
        let word = "section {n}";
        assert_eq!(number("why-lock"), Some(1));
        assert_eq!(number("lab"), None, "the lab is no lesson section");
        let (n, m) = (number("break").unwrap(), number("ttl").unwrap());
        assert_eq!(
            resolve("see {section:break}; {Section:ttl} too.", word).unwrap(),
            Some(format!("see section {n}; Section {m} too."))
        );
        assert_eq!(resolve("no reference", word).unwrap(), None);
        assert!(resolve("{section:nowhere}", word).is_err());
        assert!(resolve("{section:break", word).is_err());
    }
}
