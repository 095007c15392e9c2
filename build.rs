//! Writes the catalogue's key lists (`OUT_DIR/catalogue_keys.rs`) from `assets/ui/*.ron`:
//! what `key!`, `t!` and `tf!` check a key against as the program compiles. A catalogue file
//! is a flat RON map with one `"key": "text",` entry a line (a test holds the list to the
//! parsed catalogue).

use std::fmt::Write as _;

/// The catalogue's files, as `src/lesson/catalogue.rs` lists them.
const FILES: [&str; 6] = ["app", "keys", "stage", "sections", "lab", "share"];

/// The key of an entry's line (`"lab.run": "Run",`), if the line starts an entry.
fn key(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('"')?;
    let end = rest.find('"')?;
    rest[end + 1..]
        .trim_start()
        .starts_with(':')
        .then(|| &rest[..end])
}

fn main() {
    let mut out = String::from("/// Each catalogue file's name and its keys, sorted.\n");
    writeln!(
        out,
        "pub const FILES: [(&str, &[&str]); {}] = [",
        FILES.len()
    )
    .unwrap();
    for name in FILES {
        let path = format!("assets/ui/{name}.ron");
        println!("cargo::rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut keys: Vec<&str> = text.lines().filter_map(key).collect();
        keys.sort_unstable();
        writeln!(out, "    ({name:?}, &{keys:?}),").unwrap();
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("catalogue_keys.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
