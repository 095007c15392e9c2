//! What the hosted workflow's macOS and Windows jobs rely on: they skip the tests that take a
//! snapshot (their images are the Linux renderer's) by the word "snapshot" in the test's
//! path, so every test that takes one, directly or through a helper of its file, says so.

use std::path::Path;

use crate::shape::functions;

/// Whether a function's code takes a snapshot itself (the words are split so that this file
/// does not say them).
fn takes_one(text: &str) -> bool {
    [concat!(".snap", "shot("), concat!(".try_snap", "shot(")]
        .iter()
        .any(|call| text.contains(call))
}

#[test]
fn every_test_that_takes_a_snapshot_says_so_in_its_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    crate::layers::rust_files(&root.join("tests"), &mut files);
    let (mut takers, mut unnamed) = (0, Vec::new());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let fns = functions(&text);
        // Those that take one, and those that call one that does, until none is added.
        let mut taking: Vec<bool> = fns.iter().map(|f| takes_one(&f.text)).collect();
        loop {
            let before = taking.iter().filter(|&&t| t).count();
            for i in 0..fns.len() {
                let calls =
                    |j: usize| taking[j] && fns[i].text.contains(&format!("{}(", fns[j].name));
                taking[i] = taking[i] || (0..fns.len()).any(|j| j != i && calls(j));
            }
            if taking.iter().filter(|&&t| t).count() == before {
                break;
            }
        }
        let module = path.file_stem().unwrap().to_string_lossy();
        for (f, _) in fns.iter().zip(&taking).filter(|(_, t)| **t) {
            takers += 1;
            if !format!("{module}::{}", f.name).contains("snapshot") {
                unnamed.push(format!("{}: {}", path.display(), f.name));
            }
        }
    }
    assert!(
        takers >= 10,
        "only {takers} functions take a snapshot: is the scan broken?"
    );
    assert!(
        unnamed.is_empty(),
        "take a snapshot without saying so:\n{}",
        unnamed.join("\n")
    );
}

#[test]
fn the_other_systems_skip_the_snapshot_tests_and_update_none() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ci = std::fs::read_to_string(root.join(".github/workflows/ci.yml")).unwrap();
    assert!(
        ci.contains("cargo test --locked -- --skip snapshot"),
        "{ci}"
    );
    // An image written instead of compared is a check that cannot fail.
    assert!(!ci.contains("UPDATE_SNAPSHOTS"), "{ci}");
}
