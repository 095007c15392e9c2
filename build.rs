//! Writes, from the files, what the program checks as it compiles:
//!
//! - the catalogue's key lists (`OUT_DIR/catalogue_keys.rs`) from `assets/ui/*.ron` and the
//!   `ui` map of each section's own word file (its keys `sections.ID.…`, and the labels and
//!   units of its model's parameters, `stage.param.FLAG`): what `key!`, `t!` and `tf!` check
//!   a key against. A catalogue file is a flat RON map with one `"key": "text",` entry a line (a
//!   test holds the lists to the parsed catalogue);
//! - the sections' own word files (`OUT_DIR/section_files.rs`): every `assets/sections/ID.ron`,
//!   embedded, in the order of the lesson's one list of sections (`SECTIONS` in
//!   `src/sections.rs`, whose ids it reads), so that the words number the sections as the
//!   registry does and a new section's words need no line anywhere else.

use std::fmt::Write as _;

/// The catalogue's shared files, as `src/lesson/catalogue.rs` lists them.
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

/// Whether `key` belongs in the catalogue file `name`: it starts with the file's name, or, in
/// a section's own file (`sections.ID`), it is the label or unit of its model's parameter
/// (`stage.param.FLAG`, `stage.unit.FLAG`), which the stage builds from the flag.
fn under(key: &str, name: &str) -> bool {
    let own_param = ["stage.param.", "stage.unit."]
        .iter()
        .any(|p| key.starts_with(p));
    key.starts_with(&format!("{name}.")) || (name.starts_with("sections.") && own_param)
}

/// The sections' ids in the order of `SECTIONS` in `src/sections.rs`: the first string of
/// each line of the list (`model("ttl", …)`, `other("who", …)`).
fn section_ids() -> Vec<String> {
    let path = "src/sections.rs";
    println!("cargo::rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let list = text
        .split_once("pub const SECTIONS: &[Def] = &[")
        .and_then(|(_, rest)| rest.split_once("\n];"))
        .map(|(list, _)| list)
        .expect("src/sections.rs holds the list SECTIONS");
    list.lines()
        .filter_map(|l| Some(l.split('"').nth(1)?.to_owned()))
        .collect()
}

fn out(name: &str, text: &str) {
    let dest = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(std::path::Path::new(&dest).join(name), text).expect("OUT_DIR is writable");
}

fn main() {
    let ids = section_ids();
    println!("cargo::rerun-if-changed=assets/sections");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    // The sections with a word file of their own, in lesson order: (id, path).
    let own: Vec<(&String, String)> = ids
        .iter()
        .map(|id| (id, format!("assets/sections/{id}.ron")))
        .filter(|(_, path)| std::path::Path::new(path).exists())
        .collect();
    let mut files = String::from("/// Every section's id, in the order of the lesson's list.\n");
    writeln!(files, "pub const ORDER: &[&str] = &{ids:?};").unwrap();
    files.push_str("/// Each section's own word file, by its id, in lesson order.\n");
    files.push_str("pub const FILES: &[(&str, &str)] = &[\n");
    for (id, path) in &own {
        let full = format!("{root}/{path}");
        writeln!(files, "    ({id:?}, include_str!({full:?})),").unwrap();
    }
    files.push_str("];\n");
    out("section_files.rs", &files);

    let mut keys = String::from("/// Each catalogue file's name and its keys, sorted.\n");
    let count = FILES.len() + own.len();
    writeln!(keys, "pub const FILES: [(&str, &[&str]); {count}] = [").unwrap();
    let shared = FILES.map(|name| (name.to_owned(), format!("assets/ui/{name}.ron")));
    let own = own
        .iter()
        .map(|(id, path)| (format!("sections.{id}"), path.clone()));
    for (name, path) in shared.into_iter().chain(own) {
        println!("cargo::rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut found: Vec<&str> = text
            .lines()
            .filter_map(key)
            .filter(|k| under(k, &name))
            .collect();
        found.sort_unstable();
        writeln!(keys, "    ({name:?}, &{found:?}),").unwrap();
    }
    keys.push_str("];\n");
    out("catalogue_keys.rs", &keys);
}
