//! The code's layers: every module of `src/` uses only the modules below it, so the imports
//! draw no circle and none runs back up. The window and the command line are the top; the
//! registry of sections, the runner, the words and the models stand below them and know
//! nothing of them. Read from the source itself: every `crate::NAME` a module's code names
//! (its tests and comments apart, which may reach anywhere).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The modules of `src/lib.rs`, from the top down. A module may use the ones in the rows below
/// its own, never one in its row or above.
const LAYERS: &[&[&str]] = &[
    // Opening the window: the app, with the executables' command line handing it in.
    &["launch"],
    // The two faces: the window's app and the command line.
    &["app", "cli"],
    // The window's pages; the options the app opens with.
    &["ui", "options"],
    // The spaced review (its deck, schedule and fresh questions).
    &["review"],
    // The learner's record; scenario codes and playlists.
    &["progress", "scenario"],
    // Predict, then run: the prompts and their judging.
    &["predict"],
    // The registry of sections and the models' descriptors (flags, reports, settings).
    &["sections"],
    // Background runs; the lab's real servers.
    &["runner", "lab"],
    // The words; the models.
    &["lesson", "sim"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules `src/lib.rs` declares.
fn modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_owned())
        .collect()
}

/// The row of `module` in [`LAYERS`].
fn row(module: &str) -> Option<usize> {
    LAYERS.iter().position(|r| r.contains(&module))
}

/// The modules named as `crate::NAME` in `text`, with their lines: code only (comments, and
/// everything from the first `#[cfg(test)]` on, apart).
fn uses(text: &str) -> Vec<(usize, String)> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut found = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("");
        for (at, _) in line.match_indices("crate::") {
            let starts_word = !line[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
            let name: String = line[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if starts_word && !name.is_empty() {
                found.push((i + 1, name));
            }
        }
    }
    found
}

#[test]
fn every_module_has_its_layer() {
    let declared = modules();
    let layered: BTreeSet<String> = LAYERS
        .iter()
        .flat_map(|r| r.iter())
        .map(|m| (*m).to_owned())
        .collect();
    assert_eq!(declared, layered, "src/lib.rs against LAYERS");
    assert_eq!(
        layered.len(),
        LAYERS.iter().map(|r| r.len()).sum::<usize>(),
        "each once"
    );
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let declared = modules();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for path in files {
        let rel = path.strip_prefix(src()).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_owned();
        let Some(mine) = row(&module) else {
            continue; // lib.rs, main.rs, bin/: the crate's roots
        };
        let text = std::fs::read_to_string(&path).unwrap();
        for (line, used) in uses(&text) {
            // Macros exported at the crate's root (`crate::param_table!`) are no module.
            if used == module || !declared.contains(&used) {
                continue;
            }
            checked += 1;
            if row(&used).is_none_or(|theirs| theirs <= mine) {
                wrong.push(format!(
                    "src/{}:{line}: {module} uses {used}",
                    rel.display()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that run up or across:\n{}",
        wrong.join("\n")
    );
    assert!(checked > 100, "the scan found the imports ({checked})");
}

#[test]
fn the_scan_sees_uses_and_skips_comments_and_tests() {
    let text = "use crate::ui::Cx;\n// crate::app\nfn f() { crate::sim::run(); }\nlet s = \"x\"; // crate::cli\n#[cfg(test)]\nuse crate::launch;";
    let found: Vec<String> = uses(text).into_iter().map(|(_, m)| m).collect();
    assert_eq!(found, ["ui", "sim"]);
    assert!(row("sections") > row("cli") && row("sim") > row("sections"));
}
