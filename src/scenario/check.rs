//! A code checked against the registry: the section it names must exist and share settings,
//! and its values must read as that section reads them.

use super::{CodeError, decode, section_of};
use crate::sections::settings::{quiz_of, quiz_pairs, read_quiz};
use crate::sections::{self, Kind, Pairs};

/// The pairs section `n` writes at its defaults: the keys and shapes of its codes. `None` for
/// a section with nothing to share.
pub fn template(n: u8) -> Option<Pairs> {
    match sections::get(n)?.kind {
        Kind::Model(m) => Some(m.default_pairs()),
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
        Some(Kind::Model(m)) => m.check(&pairs),
        Some(Kind::Quiz(q)) => read_quiz(q, &pairs).map(drop),
        _ => Err(CodeError::NoSettings(n).to_string()),
    };
    valid.map_err(|e| tf!("share.code.not_allowed", &[("error", e)]))?;
    Ok((n, pairs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::encode;

    #[test]
    fn every_model_section_reads_back_what_it_writes() {
        for (n, m) in sections::models() {
            let pairs = m.default_pairs();
            let code = encode(n, &pairs);
            assert_eq!(check(&code), Ok((n, pairs)), "section {n}");
        }
    }

    #[test]
    fn bad_values_and_sections_without_settings_are_refused() {
        let (n, renewal) = sections::model_named("renewal").expect("the renewal model");
        let mut pairs = renewal.default_pairs();
        pairs.iter_mut().find(|(k, _)| k == "mode").unwrap().1 = "sometimes".into();
        let e = check(&encode(n, &pairs)).unwrap_err();
        assert!(e.contains("not allowed"), "{e}");
        let e = check(&encode(7, &[("x".into(), "1".into())])).unwrap_err();
        assert!(e.contains("no settings"), "{e}");
        let quiz = quiz_pairs("no-such-question");
        assert!(check(&encode(6, &quiz)).is_err());
    }
}
