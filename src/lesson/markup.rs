//! The lesson's text markup: glossary terms marked `[[id]]` / `[[id|shown]]`, lines of code
//! set apart by four spaces, and a choice's name before its colon.

/// A piece of marked-up text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span<'a> {
    Plain(&'a str),
    /// A glossary term: its id and the words to show.
    Term {
        id: &'a str,
        shown: &'a str,
    },
}

/// A choice's name in short: its words before their colon ("A's result: its write replaces
/// B's" is "A's result"), as a slide's one-line verdict names it.
pub fn short_name(label: &str) -> &str {
    label.split(':').next().unwrap_or(label).trim_end()
}

/// Splits text marked with `[[id]]` / `[[id|shown]]` into spans. An unclosed `[[` is plain text.
pub fn spans(text: &str) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let Some(close) = rest[open + 2..].find("]]") else {
            break;
        };
        if open > 0 {
            out.push(Span::Plain(&rest[..open]));
        }
        let inner = &rest[open + 2..open + 2 + close];
        let (id, shown) = inner.split_once('|').unwrap_or((inner, inner));
        out.push(Span::Term {
            id: id.trim(),
            shown,
        });
        rest = &rest[open + 2 + close + 2..];
    }
    if !rest.is_empty() {
        out.push(Span::Plain(rest));
    }
    out
}

/// The text with the markup removed (what a screen reader or a search box should see).
pub fn plain(text: &str) -> String {
    spans(text)
        .into_iter()
        .map(|s| match s {
            Span::Plain(p) => p,
            Span::Term { shown, .. } => shown,
        })
        .collect()
}

/// A part of a paragraph: words (with their markup), or lines of code set apart, each
/// kept whole on its own line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block<'a> {
    Words(&'a str),
    Code(Vec<&'a str>),
}

/// Splits a paragraph into its words and its code: a line that starts with four spaces is
/// code (its spaces dropped), the other lines are words.
pub fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut out: Vec<Block<'_>> = Vec::new();
    for line in text.split('\n') {
        match (line.strip_prefix("    "), out.last_mut()) {
            (Some(code), Some(Block::Code(lines))) => lines.push(code),
            (Some(code), _) => out.push(Block::Code(vec![code])),
            (None, _) if line.trim().is_empty() => {}
            (None, _) => out.push(Block::Words(line)),
        }
    }
    out
}
