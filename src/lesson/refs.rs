//! References to a section in the words: `{section:ID}` is written "section N" and
//! `{Section:ID}` "Section N" (the catalogue's `app.section_ref`), N the place of the section
//! whose id is ID in the lesson (the order of `assets/lesson.ron`, which is the registry's,
//! see `crate::sections`). No asset types a section's number, so a section added or moved
//! renumbers every reference to the others.
//!
//! Every asset is resolved as it is read ([`super::language::asset`]); the catalogue resolves
//! its own entries once they are parsed.

use std::sync::OnceLock;

use serde::Deserialize;

/// Each lesson section's id, in lesson order (read once from `assets/lesson.ron`).
pub fn ids() -> &'static [String] {
    static IDS: OnceLock<Vec<String>> = OnceLock::new();
    IDS.get_or_init(|| {
        #[derive(Deserialize)]
        struct Section {
            id: String,
        }
        #[derive(Deserialize)]
        struct Lesson {
            sections: Vec<Section>,
        }
        let lesson: Lesson = ron::from_str(super::LESSON)
            .unwrap_or_else(|e| panic!("assets/lesson.ron is malformed: {e}"));
        lesson.sections.into_iter().map(|s| s.id).collect()
    })
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
        let shown = super::fill(word, &[("n", n.to_string())]);
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
