//! The code's shape: no function in `src/` over 120 lines, so that each reads on a screen or
//! two. Functions are found in the formatted source (`cargo fmt` keeps every body's closing
//! brace on a line of its own, at the indentation of its `fn`).

use std::path::Path;

/// The most lines a function may take, its signature and closing brace included.
const MOST_LINES: usize = 120;

/// A function of a formatted Rust file.
#[derive(Debug)]
pub struct Function {
    pub name: String,
    /// Its `fn` line, counted from 1.
    pub line: usize,
    /// From its `fn` line to its closing brace.
    pub lines: usize,
    /// Its lines, the signature included.
    pub text: String,
}

/// The name of the function this trimmed line starts, if it starts one.
fn fn_name(t: &str) -> Option<&str> {
    let mut rest = t;
    if let Some(r) = rest.strip_prefix("pub") {
        rest = match r.strip_prefix('(') {
            Some(r) => r.split_once(')')?.1,
            None => r,
        }
        .trim_start();
    }
    for word in ["const ", "async ", "unsafe "] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    (end > 0).then(|| &rest[..end])
}

/// Every function with a body of more than one line in `text`, nested ones too.
pub fn functions(text: &str) -> Vec<Function> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let indent = l.len() - t.len();
        let Some(name) = fn_name(t) else { continue };
        if t.ends_with('}') || t.ends_with(';') {
            continue; // on one line, or only declared
        }
        // The body ends at the first later line as far left as the `fn` that is not the rest
        // of its signature: a closing brace; anything else means there is no body.
        let mut end = None;
        for (j, l) in lines.iter().enumerate().skip(i + 1) {
            let t = l.trim_start();
            if t.is_empty() || l.len() - t.len() > indent {
                continue;
            }
            if t == "}" {
                end = Some(j);
            } else if (t.starts_with(')') && !t.ends_with(';')) || t == "where" || t == "{" {
                continue;
            }
            break;
        }
        if let Some(end) = end {
            out.push(Function {
                name: name.to_owned(),
                line: i + 1,
                lines: end - i + 1,
                text: lines[i..=end].join("\n"),
            });
        }
    }
    out
}

#[test]
fn functions_are_found_with_their_lengths() {
    let text = "\
pub(crate) fn outer(
    a: u8,
) -> u8 {
    fn inner() {
        let s = \"}\";
    }
    a
}

trait T {
    fn declared(&self);
    fn also_declared(
        &self,
    ) -> u8;
    fn short(&self) {}
}
";
    let found: Vec<(String, usize, usize)> = functions(text)
        .into_iter()
        .map(|f| (f.name, f.line, f.lines))
        .collect();
    assert_eq!(
        found,
        [("outer".to_owned(), 1, 8), ("inner".to_owned(), 4, 3)]
    );
}

#[test]
fn no_function_in_src_is_over_120_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    crate::layers::rust_files(&root.join("src"), &mut files);
    let mut long = Vec::new();
    let mut read = 0;
    for path in files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&path).unwrap();
        for f in functions(&text) {
            read += 1;
            if f.lines > MOST_LINES {
                long.push(format!("{rel}:{} {} ({} lines)", f.line, f.name, f.lines));
            }
        }
    }
    assert!(
        read > 500,
        "only {read} functions found: is the scan broken?"
    );
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines:\n{}",
        long.join("\n")
    );
}
