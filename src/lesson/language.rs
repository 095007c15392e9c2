//! The language the words are shown in: English, as written in `assets/`, or the
//! pseudo-language `en-XA`, the same words with every letter accented and every vowel doubled
//! (about a third longer, as Android and Chromium test their layouts). Under `en-XA` any
//! plain English left on screen was drawn from the code instead of the catalogue, and a
//! layout that fits it leaves room for a real translation.
//!
//! The language is chosen once for the program (`--language`) and may be set apart for one
//! thread (a test). Every embedded asset goes through [`asset`] before it is parsed, and is
//! kept once per language in a [`PerLanguage`].

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// A language the words can be shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    /// English, as written.
    #[default]
    English,
    /// `en-XA`: English accented and lengthened, to find words drawn from the code and
    /// layouts that will not fit a translation.
    Pseudo,
}

impl Language {
    pub const ALL: [Self; 2] = [Self::English, Self::Pseudo];

    /// Its tag on the command line.
    pub fn tag(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::Pseudo => "en-XA",
        }
    }

    /// The language with this tag (`en`, `en-XA`; case does not matter).
    pub fn from_tag(tag: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
    }

    fn index(self) -> usize {
        self as usize
    }
}

static PROGRAM: AtomicU8 = AtomicU8::new(0);

thread_local! {
    static THREAD: Cell<Option<Language>> = const { Cell::new(None) };
}

/// Sets the program's language (before the window opens).
pub fn set(language: Language) {
    PROGRAM.store(language.index() as u8, Ordering::Relaxed);
}

/// Sets this thread's language apart from the program's (`None`: the program's again).
pub fn set_for_thread(language: Option<Language>) {
    THREAD.with(|t| t.set(language));
}

/// The language the words are shown in on this thread.
pub fn current() -> Language {
    THREAD.with(Cell::get).unwrap_or_else(|| {
        Language::ALL
            .get(usize::from(PROGRAM.load(Ordering::Relaxed)))
            .copied()
            .unwrap_or_default()
    })
}

/// A value built once per language: the parsed words of one asset.
pub struct PerLanguage<T>([OnceLock<T>; 2]);

impl<T> PerLanguage<T> {
    pub const fn new() -> Self {
        Self([OnceLock::new(), OnceLock::new()])
    }

    /// The value for the current language, built by `init` on first use.
    pub fn get(&self, init: impl FnOnce(Language) -> T) -> &T {
        let language = current();
        self.0[language.index()].get_or_init(|| init(language))
    }
}

impl<T> Default for PerLanguage<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// Fields whose strings are identifiers, not words: kept as they are in every language.
const IDENTIFIER_FIELDS: [&str; 4] = ["id", "section", "experiment", "store"];

/// An embedded RON asset in the current language, its references to sections written out
/// ([`super::refs`]): under `en-XA`, every string is turned into the pseudo-language except
/// map keys and the identifier fields.
pub fn asset(text: &str) -> Cow<'_, str> {
    let text = match super::refs::resolve_asset(text) {
        Some(resolved) => Cow::Owned(resolved),
        None => Cow::Borrowed(text),
    };
    match current() {
        Language::English => text,
        Language::Pseudo => Cow::Owned(pseudo_ron(&text)),
    }
}

/// One string in the current language (a word the code makes up from data, such as a
/// server's version, stays as it is; this is for the catalogue's own words).
pub fn words(text: &str) -> Cow<'_, str> {
    match current() {
        Language::English => Cow::Borrowed(text),
        Language::Pseudo => Cow::Owned(pseudo(text)),
    }
}

fn pseudo_ron(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3 / 2);
    let mut rest = text;
    while let Some(open) = find_string_start(rest) {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let body_len = string_body_len(&from[1..]);
        let body = &from[1..1 + body_len];
        let after = &from[(1 + body_len + 1).min(from.len())..];
        let is_key = after.trim_start().starts_with(':');
        let field = before.trim_end().strip_suffix(':').map(|b| {
            let start = b
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            &b[start..]
        });
        out.push('"');
        if is_key || field.is_some_and(|f| IDENTIFIER_FIELDS.contains(&f)) {
            out.push_str(body);
        } else {
            out.push_str(&pseudo(body));
        }
        out.push('"');
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Where the next string literal starts, skipping `//` comments.
fn find_string_start(text: &str) -> Option<usize> {
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Some(i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += text[i..].find('\n').unwrap_or(text.len() - i);
            }
            _ => i += 1,
        }
    }
    None
}

/// The length of a string literal's body (up to its closing quote, escapes included).
fn string_body_len(text: &str) -> usize {
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return i,
            _ => escaped = false,
        }
    }
    text.len()
}

/// The pseudo-language of `text`: letters accented and vowels doubled, except inside the
/// `{slot}`s a template fills, escapes (`\n`) and glossary ids (`[[id|shown]]` keeps its id; a
/// bare `[[id]]` gains shown words).
pub fn pseudo(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3 / 2);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                out.extend(chars.next());
            }
            '{' => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == '}' {
                        break;
                    }
                }
            }
            '[' if chars.peek() == Some(&'[') => {
                chars.next();
                let inner: String = chars.by_ref().take_while(|&d| d != ']').collect();
                chars.next_if_eq(&']');
                let (id, shown) = inner.split_once('|').unwrap_or((&inner, &inner));
                out.push_str("[[");
                out.push_str(id);
                out.push('|');
                out.push_str(&pseudo(shown));
                out.push_str("]]");
            }
            c => accent(c, &mut out),
        }
    }
    out
}

fn accent(c: char, out: &mut String) {
    const FROM: &str = "acdeghijklnorstuwyzACDEGHIJKLNORSTUWYZ";
    const TO: &str = "áçďéĝĥíĵķĺñóŕšťúŵýžÁÇĎÉĜĤÍĴĶĹÑÓŔŠŤÚŴÝŽ";
    let shown = FROM.find(c).and_then(|i| TO.chars().nth(i)).unwrap_or(c);
    out.push(shown);
    if "aeiouAEIOU".contains(c) {
        out.push(shown.to_lowercase().next().unwrap_or(shown));
    }
}

/// The runs of three or more unaccented ASCII letters in drawn text: under `en-XA`, English
/// that did not come from the catalogue.
pub fn plain_english_words(text: &str) -> Vec<&str> {
    // (Letters without an accented form, such as the "ppm" of "Kleppmann", make runs of
    // their own: with no vowel among them they are never an English word.)
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3 && !w.chars().all(|c| "bfmpqvxBFMPQVX".contains(c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudo_keeps_slots_escapes_and_ids_and_accents_the_rest() {
        let p = pseudo("Hold {ttl} [[lease]] and [[fencing-token|a token]]\\n");
        assert_eq!(
            p,
            "Ĥóóĺď {ttl} [[lease|ĺééáášéé]] ááñď [[fencing-token|áá ťóóķééñ]]\\n"
        );
        let words = crate::lesson::plain(&pseudo("Hold the [[lease]] and [[ttl|a token]]"));
        assert!(plain_english_words(&words).is_empty(), "{words}");
        assert!(p.chars().count() as f64 > 1.2 * "Hold {ttl} a token".len() as f64);
    }

    #[test]
    fn assets_keep_keys_ids_and_comments() {
        set_for_thread(Some(Language::Pseudo));
        let text = "// a comment \"here\"\n(id: \"ttl\", title: \"Time\", map: {\"key\": \"word\"}, section: \"break\")";
        assert_eq!(
            asset(text),
            "// a comment \"here\"\n(id: \"ttl\", title: \"Ťííméé\", map: {\"key\": \"ŵóóŕď\"}, section: \"break\")"
        );
        set_for_thread(None);
        assert_eq!(asset(text), text);
    }

    #[test]
    fn tags_read_back() {
        for l in Language::ALL {
            assert_eq!(Language::from_tag(l.tag()), Some(l));
        }
        assert_eq!(Language::from_tag("EN-xa"), Some(Language::Pseudo));
        assert_eq!(Language::from_tag("fr"), None);
    }
}
