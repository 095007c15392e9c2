//! Scenario codes: a short text that carries a section, its parameters and its seed, so that a
//! lecturer can read one out (or paste it in a chat) and every student gets exactly the same run.
//!
//! A code looks like `LL1-S1-7-200-2-2-Y-42-K`:
//!
//! - `LL1`: the format tag ("locks lesson", format 1);
//! - `S1`: the section;
//! - the section's values in the order of its scenario pairs (what its page shares) (`Y`/`N` for on/off
//!   settings; a dash inside a value, as in a question id like `cron-report`, is written
//!   `_`), the seed last (save for settings added to a section's codes later, which follow
//!   it: a code from before them ends at its seed and still reads);
//! - a check letter computed from everything before it, so that a mistyped or swapped character
//!   is caught instead of silently giving another run.
//!
//! Parsing ignores case, accepts spaces as well as dashes between the parts and surrounding
//! white space, and checks the shape, the section, the number of values and the check letter
//! before anything is applied. The values themselves are then checked by the section
//! (`apply_scenario`), which changes nothing when one is out of range.

use std::fmt;

mod check;
pub mod playlist;

pub use crate::sections::pairs::{PairsBuilder, PairsReader};
pub use crate::sections::settings::{self, Settings};
pub use check::check;

/// The format tag every code starts with.
pub const TAG: &str = "LL1";

/// Letters for the check character: 23 of them (a prime, see [`check_letter`]), without I, L
/// and O, which are easily confused with 1 and 0.
const CHECK_ALPHABET: &[u8; 23] = b"ABCDEFGHJKMNPQRSTUVWXYZ";

pub use crate::sections::pairs::Pairs;

/// Why a code could not be read. Its `Display` text is the message shown to the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    /// Does not start with a tag of this lesson.
    NotACode,
    /// A tag of a later format.
    NewerFormat(String),
    BadSection(String),
    /// The section has nothing to share.
    NoSettings(u8),
    MissingCheckLetter,
    /// Wrong number of values for the section.
    WrongCount {
        section: u8,
        expected: usize,
        got: usize,
    },
    /// A value has characters no value can have.
    BadValue(String),
    CheckMismatch,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = [("tag", TAG)];
        let text = match self {
            CodeError::Empty => tf!("share.code.empty", &tag),
            CodeError::NotACode => tf!("share.code.not_a_code", &tag),
            CodeError::NewerFormat(theirs) => {
                let values = [("tag", TAG), ("theirs", theirs.as_str())];
                tf!("share.code.newer", &values)
            }
            CodeError::BadSection(got) => {
                let last = crate::sections::lesson_count().to_string();
                tf!("share.code.bad_section", &[("last", &last), ("got", got)])
            }
            CodeError::NoSettings(n) => tf!("share.code.no_settings", &[("n", n.to_string())]),
            CodeError::MissingCheckLetter => t!("share.code.no_check_letter").to_owned(),
            CodeError::WrongCount {
                section,
                expected,
                got,
            } => {
                let values = [
                    ("section", section.to_string()),
                    ("expected", expected.to_string()),
                    ("got", got.to_string()),
                ];
                if got < expected {
                    tf!("share.code.count.missing", &values)
                } else {
                    tf!("share.code.count.too_many", &values)
                }
            }
            CodeError::BadValue(v) => tf!("share.code.bad_value", &[("value", v)]),
            CodeError::CheckMismatch => t!("share.code.check_mismatch").to_owned(),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for CodeError {}

/// The code for `section` with these pairs (from `Shareable::scenario`).
pub fn encode(section: u8, pairs: &[(String, String)]) -> String {
    let mut parts = vec![TAG.to_owned(), format!("S{section}")];
    parts.extend(pairs.iter().map(|(_, v)| encode_value(v)));
    let body = parts.join("-");
    let check = check_letter(&body);
    format!("{body}-{check}")
}

fn encode_value(v: &str) -> String {
    match v {
        "true" => "Y".to_owned(),
        "false" => "N".to_owned(),
        other => other.replace('-', "_").to_ascii_uppercase(),
    }
}

/// The section a code is for, after checking only its first two parts (to ask that section
/// for its keys before [`decode`]).
pub fn section_of(code: &str) -> Result<u8, CodeError> {
    let parts = split(code)?;
    read_head(&parts)
}

/// Reads a code. `template` is the target section's current `scenario()` pairs: their keys
/// give the meaning of each value, and their values tell on/off settings from the others.
/// Returns the section and the pairs to hand to `apply_scenario`.
pub fn decode(code: &str, template: Option<&[(String, String)]>) -> Result<(u8, Pairs), CodeError> {
    let parts = split(code)?;
    let section = read_head(&parts)?;
    let template = template.ok_or(CodeError::NoSettings(section))?;
    let rest = &parts[2..];
    let Some((check, values)) = rest.split_last() else {
        return Err(CodeError::MissingCheckLetter);
    };
    if check.len() != 1 || !check.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(CodeError::MissingCheckLetter);
    }
    // Values added to a section's codes after their first version follow the seed: a code
    // from before them stops at its seed, and the section reads them at their defaults.
    let shortest = template
        .iter()
        .position(|(key, _)| key == "seed")
        .map_or(template.len(), |seed| seed + 1);
    if !(shortest..=template.len()).contains(&values.len()) {
        return Err(CodeError::WrongCount {
            section,
            expected: template.len(),
            got: values.len(),
        });
    }
    if let Some(bad) = values.iter().find(|v| {
        v.is_empty()
            || !v
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
    }) {
        return Err(CodeError::BadValue(bad.clone()));
    }
    let body = parts[..parts.len() - 1].join("-");
    if check_letter(&body).to_string() != *check {
        return Err(CodeError::CheckMismatch);
    }
    let pairs = template
        .iter()
        .zip(values)
        .map(|((key, example), v)| {
            let is_flag = example == "true" || example == "false";
            let value = match (is_flag, v.as_str()) {
                (true, "Y") => "true".to_owned(),
                (true, "N") => "false".to_owned(),
                // Anything else goes to the section, which rejects it with a clear message.
                _ => v.replace('_', "-").to_ascii_lowercase(),
            };
            (key.clone(), value)
        })
        .collect();
    Ok((section, pairs))
}

/// Upper-cased parts between dashes or spaces.
fn split(code: &str) -> Result<Vec<String>, CodeError> {
    let parts: Vec<String> = code
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .map(str::to_ascii_uppercase)
        .collect();
    if parts.is_empty() {
        return Err(CodeError::Empty);
    }
    Ok(parts)
}

fn read_head(parts: &[String]) -> Result<u8, CodeError> {
    let tag = &parts[0];
    if tag != TAG {
        let newer = tag
            .strip_prefix("LL")
            .and_then(|v| v.parse::<u32>().ok())
            .is_some_and(|v| v > 1);
        return Err(if newer {
            CodeError::NewerFormat(tag.clone())
        } else {
            CodeError::NotACode
        });
    }
    let Some(sec) = parts.get(1) else {
        return Err(CodeError::BadSection(String::new()));
    };
    sec.strip_prefix('S')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| (1..=crate::sections::lesson_count()).contains(n))
        .ok_or_else(|| CodeError::BadSection(sec.clone()))
}

/// The check letter of `body` (the code without its last part, parts joined by dashes).
///
/// A weighted sum of the bytes modulo 23, weights cycling through 1..=22: every weight and
/// every difference between two weights is non-zero modulo the prime 23, so changing one
/// character (into one whose code differs by less than 23: any digit for any digit, any
/// letter for any nearby letter) or swapping two neighbouring different characters always
/// changes the letter.
pub fn check_letter(body: &str) -> char {
    let upper = body.to_ascii_uppercase();
    let sum: u64 = upper
        .bytes()
        .enumerate()
        .map(|(i, b)| (i as u64 % 22 + 1) * u64::from(b))
        .sum();
    char::from(CHECK_ALPHABET[(sum % 23) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs() -> Pairs {
        [
            ("workers", "7"),
            ("increments", "200"),
            ("think-ms", "2.5"),
            ("gap-ms", "0.1"),
            ("lock", "true"),
            ("seed", "42"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
    }

    #[test]
    fn round_trip() {
        let code = encode(1, &pairs());
        assert!(code.starts_with("LL1-S1-7-200-2.5-0.1-Y-42-"), "{code}");
        assert_eq!(decode(&code, Some(&pairs())), Ok((1, pairs())));
        // Case, spaces and extra white space do not matter.
        let relaxed = format!("  {}  ", code.to_lowercase().replace('-', " "));
        assert_eq!(decode(&relaxed, Some(&pairs())), Ok((1, pairs())));
        assert_eq!(section_of(&code), Ok(1));
    }

    #[test]
    fn dashes_inside_values_survive() {
        let pairs = vec![("question".to_owned(), "cron-report".to_owned())];
        let code = encode(6, &pairs);
        assert!(code.starts_with("LL1-S6-CRON_REPORT-"), "{code}");
        assert_eq!(decode(&code, Some(&pairs)), Ok((6, pairs.clone())));
    }

    #[test]
    fn flags_take_their_template_meaning() {
        let mut off = pairs();
        off[4].1 = "false".into();
        let code = encode(1, &off);
        assert!(code.contains("-N-"));
        // The template may hold either value: only its kind matters.
        assert_eq!(decode(&code, Some(&pairs())).unwrap().1, off);
    }

    #[test]
    fn every_single_digit_typo_and_neighbour_swap_is_caught() {
        let code = encode(1, &pairs());
        let bytes = code.as_bytes();
        for i in 0..bytes.len() - 1 {
            if bytes[i].is_ascii_digit() {
                for d in b'0'..=b'9' {
                    if d != bytes[i] {
                        let mut typo = bytes.to_vec();
                        typo[i] = d;
                        let typo = String::from_utf8(typo).unwrap();
                        assert!(decode(&typo, Some(&pairs())).is_err(), "{typo} accepted");
                    }
                }
            }
            if bytes[i] != bytes[i + 1] && i + 1 < bytes.len() - 1 {
                let mut swapped = bytes.to_vec();
                swapped.swap(i, i + 1);
                let swapped = String::from_utf8(swapped).unwrap();
                assert!(
                    decode(&swapped, Some(&pairs())).is_err(),
                    "{swapped} accepted"
                );
            }
        }
    }

    #[test]
    fn malformed_codes_say_what_is_wrong() {
        let t = pairs();
        let code = encode(1, &t);
        assert_eq!(decode("", Some(&t)), Err(CodeError::Empty));
        assert_eq!(decode("   - ", Some(&t)), Err(CodeError::Empty));
        assert_eq!(decode("hello world", Some(&t)), Err(CodeError::NotACode));
        assert_eq!(
            decode("LL2-S1-1-A", Some(&t)),
            Err(CodeError::NewerFormat("LL2".into()))
        );
        assert_eq!(
            decode("LL1-S11-1-A", Some(&t)),
            Err(CodeError::BadSection("S11".into()))
        );
        assert_eq!(
            decode("LL1-X1-1-A", Some(&t)),
            Err(CodeError::BadSection("X1".into()))
        );
        assert_eq!(
            decode("LL1", Some(&t)),
            Err(CodeError::BadSection(String::new()))
        );
        assert_eq!(decode("LL1-S7-A", None), Err(CodeError::NoSettings(7)));
        assert_eq!(
            decode("LL1-S1", Some(&t)),
            Err(CodeError::MissingCheckLetter)
        );
        let no_check = code[..code.len() - 2].to_owned();
        assert_eq!(
            decode(&no_check, Some(&t)),
            Err(CodeError::MissingCheckLetter)
        );
        let dropped = code.replacen("-200", "", 1);
        assert_eq!(
            decode(&dropped, Some(&t)),
            Err(CodeError::WrongCount {
                section: 1,
                expected: 6,
                got: 5
            })
        );
        let wrong_check = format!(
            "{}{}",
            &code[..code.len() - 1],
            if code.ends_with('A') { 'B' } else { 'A' }
        );
        assert_eq!(
            decode(&wrong_check, Some(&t)),
            Err(CodeError::CheckMismatch)
        );
        let bad_char = code.replacen("2.5", "2,5", 1);
        assert_eq!(
            decode(&bad_char, Some(&t)),
            Err(CodeError::BadValue("2,5".into()))
        );
        for e in [
            CodeError::Empty,
            CodeError::CheckMismatch,
            CodeError::NoSettings(3),
        ] {
            assert!(e.to_string().ends_with('.'), "{e}");
        }
    }
}
