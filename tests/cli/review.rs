//! `locks-lesson review --due`: what is due, in words and as JSON, read from the file without
//! changing it, in agreement with the app; bad input exits 2 naming the flag.

use std::fs;
use std::path::Path;
use std::process::Command;

use locks_lesson::progress::ProgressFile;
use locks_lesson::review::{self, Clock, DAY_MS, NOW_ENV};
use serde_json::Value;

/// When the v2 fixture's learner finished the lesson.
const FINISHED: u64 = 1_796_100_000_000;

fn review_at(now: u64, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_locks-lesson"))
        .arg("review")
        .args(args)
        .env(NOW_ENV, now.to_string())
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn prepared(dir: &Path) -> String {
    let path = dir.join("progress.ron");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/progress-v2.ron");
    fs::copy(fixture, &path).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn the_day_after_the_lesson_the_json_names_the_wrong_answers_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = prepared(dir.path());
    let before = fs::read(&file).unwrap();
    let listing = |d: &Path| {
        let mut v: Vec<_> = fs::read_dir(d)
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        v.sort();
        v
    };
    let files = listing(dir.path());
    let now = FINISHED + DAY_MS + 3_600_000;
    let (code, out, err) = review_at(now, &["--due", "--json", "--progress-file", &file]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let due = v["due"].as_array().unwrap();
    let ids = |kind: &str| -> Vec<&str> {
        due.iter()
            .filter(|e| e["kind"] == kind)
            .map(|e| e["id"].as_str().unwrap())
            .collect()
    };
    let mut quiz = ids("quiz");
    quiz.sort();
    assert_eq!(quiz, ["gc-pause-fix", "last-in-stock"]);
    assert_eq!(
        ids("prediction"),
        ["ttl"],
        "the wrong prediction, by its section's id"
    );
    assert_eq!(
        due.iter().filter(|e| e["due_ms"].is_null()).count(),
        review::NEW_PER_DAY
    );
    assert!(
        due.iter()
            .all(|e| e["kind"] != "token" || e["section"] == 7)
    );
    assert_eq!(v["now_ms"], now);
    assert!(v["later"].as_array().unwrap().len() >= 13);
    // Nothing was written, not even a lock file.
    assert_eq!(fs::read(&file).unwrap(), before);
    assert_eq!(listing(dir.path()), files);

    // The words say the same.
    let (code, text, _) = review_at(now, &["--due", "--progress-file", &file]);
    assert_eq!(code, 0);
    assert!(
        text.starts_with(&format!("{} items due for review:", due.len())),
        "{text}"
    );
    assert!(text.contains("gc-pause-fix") && text.contains("prediction"));
    assert!(text.contains("The next item is due in 2 days."), "{text}");
}

#[test]
fn the_json_agrees_with_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let file = prepared(dir.path());
    for days in [0, 1, 3, 9] {
        let now = FINISHED + days * DAY_MS + 3_600_000;
        let (_, out, _) = review_at(now, &["--due", "--json", "--progress-file", &file]);
        let v: Value = serde_json::from_str(&out).unwrap();
        let cli: Vec<String> = v["due"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                format!(
                    "{}:{}",
                    e["kind"].as_str().unwrap(),
                    e["id"].as_str().unwrap()
                )
            })
            .collect();
        let mut store = ProgressFile::open(file.clone().into());
        store.clock = Clock::fixed(now);
        assert_eq!(
            locks_lesson::ui::review::due_count(&store, false),
            cli.len(),
            "day {days}"
        );
        assert_eq!(
            locks_lesson::ui::review::due_count(&store, true),
            0,
            "lecture mode"
        );
        let app: Vec<String> = review::plan(store.get(), now)
            .due
            .iter()
            .map(|e| e.item.key())
            .collect();
        assert_eq!(app, cli, "day {days}");
    }
}

#[test]
fn no_file_means_nothing_due_and_bad_input_exits_2_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.ron");
    let missing = missing.to_str().unwrap();
    let (code, out, _) = review_at(FINISHED, &["--due", "--progress-file", missing]);
    assert_eq!(code, 0);
    assert_eq!(out, "Nothing is due for review.\n");
    assert!(!Path::new(missing).exists(), "nothing created");

    let (code, _, err) = review_at(FINISHED, &["--progress-file", missing]);
    assert_eq!(code, 2);
    assert!(err.contains("--due"), "{err}");
    let (code, _, err) = review_at(FINISHED, &["--due", "--soon"]);
    assert_eq!(code, 2);
    assert!(err.contains("--soon"), "{err}");
    let bad = dir.path().join("bad.ron");
    fs::write(&bad, "(version: 3, answers: {").unwrap();
    let (code, _, err) = review_at(
        FINISHED,
        &["--due", "--json", "--progress-file", bad.to_str().unwrap()],
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--progress-file") && err.contains("damaged"),
        "{err}"
    );
    assert!(bad.exists(), "a damaged file is left where it is");
}
