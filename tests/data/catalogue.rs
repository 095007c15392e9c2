//! Every sentence the app draws comes from the catalogue (`assets/ui/*.ron`) or the lesson's
//! assets: no string literal of four or more English words in the code that draws screens,
//! and every key the code asks for is in the catalogue (and every entry is asked for).

use std::path::{Path, PathBuf};

use locks_lesson::lesson::{catalogue, keys};

/// Code that does not draw: the terminal's command line (its `--help` and messages, the
/// models' flags among them), the models, whose errors are the command line's, and the
/// catalogue's macros, whose words are the compiler's errors.
const NOT_DRAWN: [&str; 5] = [
    "src/cli/",
    "src/bin/",
    "src/sim/",
    "src/sections/flags.rs",
    "src/macros.rs",
];

/// Literals kept in the code on purpose, by file and start: the lock servers' Lua scripts and
/// lines written to the log, never drawn.
const KEPT: [(&str, &str); 3] = [
    ("src/lab/redis_store.rs", "if redis.call"),
    ("src/lab/failover/redlock.rs", "if redis.call"),
    // What the figure-label tests print of a label over a mark.
    ("src/ui/kit/labels.rs", r#"{}: \"{text}\""#),
];

/// Lines whose literals never reach a screen: messages of defects, logs and attributes.
const NOT_SHOWN_LINE: [&str; 13] = [
    "expect(",
    "panic!(",
    "unreachable!(",
    "assert",
    "eprintln!(",
    "log::",
    "#[arg",
    "#[command",
    "#[error",
    "#[serde",
    "debug_assert",
    "unimplemented!(",
    "request_discard(",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's code before its unit tests, as (line number, line).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, l)| !l.starts_with("#[cfg(test)]"))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

/// The string literals of the code (escapes kept as written), with the line each starts on.
fn literals(text: &str) -> Vec<(usize, String)> {
    let lines = code_lines(text);
    let mut out = Vec::new();
    let mut open: Option<(usize, String, usize)> = None; // (line, text, hashes)
    for (n, line) in lines {
        let trimmed = line.trim_start();
        if open.is_none()
            && (trimmed.starts_with("//") || NOT_SHOWN_LINE.iter().any(|m| line.contains(m)))
        {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if let Some((start, text, hashes)) = &mut open {
                let c = chars[i];
                if *hashes == usize::MAX && c == '\\' {
                    text.push(c);
                    if let Some(&d) = chars.get(i + 1) {
                        text.push(d);
                    }
                    i += 2;
                    continue;
                }
                let closes = c == '"'
                    && (*hashes == usize::MAX
                        || chars[i + 1..].iter().take_while(|&&h| h == '#').count() >= *hashes);
                if closes {
                    out.push((*start, std::mem::take(text)));
                    i += 1 + if *hashes == usize::MAX { 0 } else { *hashes };
                    open = None;
                } else {
                    text.push(c);
                    i += 1;
                }
                continue;
            }
            match chars[i] {
                '/' if chars.get(i + 1) == Some(&'/') => break,
                '\'' => {
                    // A char literal ('"', '\'') is skipped whole; a lifetime is one mark.
                    i += match (chars.get(i + 1), chars.get(i + 2), chars.get(i + 3)) {
                        (Some('\\'), _, _) => chars[i + 2..]
                            .iter()
                            .position(|&c| c == '\'')
                            .map_or(1, |p| p + 3),
                        (Some(_), Some('\''), _) => 3,
                        _ => 1,
                    };
                }
                'r' if matches!(chars.get(i + 1), Some('"' | '#'))
                    && (i == 0 || !chars[i - 1].is_alphanumeric()) =>
                {
                    let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                    if chars.get(i + 1 + hashes) == Some(&'"') {
                        open = Some((n, String::new(), hashes));
                        i += 2 + hashes;
                    } else {
                        i += 1;
                    }
                }
                '"' => {
                    open = Some((n, String::new(), usize::MAX));
                    i += 1;
                }
                _ => i += 1,
            }
        }
        if let Some((_, text, _)) = &mut open {
            text.push('\n');
        }
    }
    out
}

/// The English words of a literal: runs of letters, outside `{slots}`, of at least two
/// letters or the word "a"/"I".
fn english_words(literal: &str) -> usize {
    let mut depth = 0;
    let outside: String = literal
        .chars()
        .map(|c| match c {
            '{' => {
                depth += 1;
                ' '
            }
            '}' => {
                depth -= 1;
                ' '
            }
            _ if depth > 0 => ' ',
            c => c,
        })
        .collect();
    outside
        .split(|c: char| c.is_whitespace())
        .filter(|w| {
            let letters = w.trim_matches(|c: char| !c.is_alphabetic());
            !letters.is_empty()
                && letters
                    .chars()
                    .all(|c| c.is_alphabetic() || c == '\'' || c == '’' || c == '-')
                && (letters.chars().count() >= 2 || matches!(letters, "a" | "A" | "I"))
        })
        .count()
}

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            (name, std::fs::read_to_string(&p).expect("readable"))
        })
        .collect()
}

#[test]
fn no_sentence_is_written_in_the_code_that_draws() {
    let mut found = Vec::new();
    let mut checked = 0;
    for (name, text) in sources() {
        if NOT_DRAWN.iter().any(|d| name.starts_with(d)) {
            continue;
        }
        for (line, literal) in literals(&text) {
            checked += 1;
            let kept = KEPT
                .iter()
                .any(|(f, start)| *f == name && literal.trim_start().starts_with(start));
            if !kept && english_words(&literal) >= 4 {
                found.push(format!("{name}:{line}: \"{literal}\""));
            }
        }
    }
    assert!(checked > 1000, "the scan found only {checked} literals");
    assert!(
        found.is_empty(),
        "{} sentences written in the code instead of assets/ui/*.ron:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_sentences_in_every_kind_of_literal() {
    let code = "let a = \"one two three four\";\nlet c = '\"'; let b = r#\"five \"six\" seven eight\"#;\n// \"a comment of four words\"\nlet d = \"{x} {y} {z} {w}\"; let e = 'a'; fn f<'a>() {}\nlet g = \"line one\nline two\";\n#[cfg(test)]\nlet h = \"after the tests begin here\";";
    let found: Vec<_> = literals(code)
        .into_iter()
        .filter(|(_, l)| english_words(l) >= 4)
        .collect();
    assert_eq!(
        found,
        [
            (1, "one two three four".to_owned()),
            (2, "five \"six\" seven eight".to_owned()),
            (5, "line one\nline two".to_owned()),
        ]
    );
}

/// The key lists the build checks keys against (written by `build.rs` from the lines of
/// `assets/ui/*.ron` and of the sections' own word files) are the parsed catalogue's, file by
/// file.
#[test]
fn key_lists_are_the_catalogues() {
    let files = catalogue::files();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let listed: Vec<&str> = keys::FILES.iter().map(|(n, _)| *n).collect();
    assert_eq!(listed, names, "build.rs lists the catalogue's files");
    for ((name, list), (_, words)) in keys::FILES.iter().zip(&files) {
        let parsed: Vec<&str> = words.keys().map(String::as_str).collect();
        assert_eq!(*list, parsed.as_slice(), "the catalogue file {name}");
    }
    for key in catalogue::catalogue().keys() {
        assert!(keys::has(key), "{key}");
    }
    for near in [
        "",
        "app",
        "app.",
        "keys.nex",
        "zzz.last",
        "app.title ",
        "lab.app.title",
    ] {
        assert!(!keys::has(near), "{near:?} is not a key");
    }
}

/// The literal first arguments of the calls named `marker` (`"t!("`) in `text`, however the
/// call is laid out.
fn literal_arguments<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(marker) {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = text[at + marker.len()..].trim_start();
        if let Some(rest) = rest.strip_prefix('"')
            && let Some(end) = rest.find('"')
        {
            out.push(&rest[..end]);
        }
    }
    out
}

/// Every key the code names: `t!("KEY")`, `tf!("KEY", ..)` and `key!("KEY")`.
fn keys_asked() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, text) in sources() {
        for marker in ["t!(", "tf!(", "key!("] {
            for key in literal_arguments(&text, marker) {
                out.push((name.clone(), key.to_owned()));
            }
        }
    }
    out
}

/// A key written in the code goes through the macros, which check it as the program
/// compiles: the functions `t` and `tf` take only keys built while it runs.
#[test]
fn every_key_written_in_the_code_is_checked_as_it_compiles() {
    let mut unchecked = Vec::new();
    for (name, text) in sources() {
        for marker in ["t(", "tf(", "catalogue::t(", "catalogue::tf("] {
            for key in literal_arguments(&text, marker) {
                unchecked.push(format!("{name}: {marker}\"{key}\""));
            }
        }
    }
    assert!(
        unchecked.is_empty(),
        "keys the compiler does not check (write t!, tf! or key!):\n{}",
        unchecked.join("\n")
    );
    let probe = "let a = t(\"keys.next\"); let b = tf(\n    \"app.x\", &[]); let c = t!(\"y.z\");";
    assert_eq!(literal_arguments(probe, "t("), ["keys.next"]);
    assert_eq!(literal_arguments(probe, "tf("), ["app.x"]);
    assert_eq!(literal_arguments(probe, "t!("), ["y.z"]);
}

#[test]
fn every_key_asked_for_is_in_the_catalogue_and_every_entry_is_used() {
    let all = catalogue::catalogue();
    let asked = keys_asked();
    let missing: Vec<_> = asked
        .iter()
        .filter(|(_, k)| !all.contains_key(k))
        .map(|(f, k)| format!("{f}: {k}"))
        .collect();
    assert!(
        missing.is_empty(),
        "keys not in the catalogue:\n{}",
        missing.join("\n")
    );
    // Keys built at run time name their family in the code: `t(&format!("param.{}", ..))`
    // uses every `param.` entry, for instance.
    let sources: String = sources().into_iter().map(|(_, t)| t).collect();
    let unused: Vec<_> = all
        .keys()
        .filter(|k| !asked.iter().any(|(_, a)| a == *k))
        .filter(|k| {
            // Its family or a wider one of two parts at least (`stage.param.` for
            // `stage.param.spread.job`, a parameter's words).
            let families = k
                .match_indices('.')
                .skip(1)
                .map(|(at, _)| &k[..at])
                .any(|family| sources.contains(&format!("\"{family}.")));
            !families && !sources.contains(&format!("\"{k}\""))
        })
        .cloned()
        .collect();
    assert!(
        unused.is_empty(),
        "catalogue entries nothing uses: {unused:?}"
    );
}
