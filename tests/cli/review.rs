//! `locks-lesson review --due`: what is due, in words and as JSON, read from the file without
//! changing it, in agreement with the app; bad input exits 2 naming the flag.
//! `locks-lesson review --questions`: the review's fresh questions, each checked against the
//! models recomputed here.

use std::fs;
use std::path::Path;
use std::process::Command;

use locks_lesson::predict::{self, ModelParams, Prompt};
use locks_lesson::progress::ProgressFile;
use locks_lesson::review::{self, Clock, DAY_MS, NOW_ENV};
use locks_lesson::sim::counter::CounterParams;
use locks_lesson::sim::failover::FailoverParams;
use locks_lesson::sim::fencing::FencingParams;
use locks_lesson::sim::renewal::RenewalParams;
use locks_lesson::sim::stale::StaleParams;
use locks_lesson::sim::ttl::TtlParams;
use locks_lesson::sim::{Valid, counter, exact, fencing};
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

/// The settings of a printed question, read back from its `settings` object.
fn settings_of(q: &Value) -> ModelParams {
    let id = q["section"].as_str().unwrap();
    let mut s = ModelParams::lesson(id).unwrap();
    for (flag, value) in q["settings"].as_object().unwrap() {
        let value = value.as_str().unwrap();
        match flag.as_str() {
            "fencing" => s.model_mut::<StaleParams>().unwrap().fencing = value == "true",
            "store" => s.model_mut::<FailoverParams>().unwrap().store = value.parse().unwrap(),
            "mode" => s.model_mut::<RenewalParams>().unwrap().mode = value.parse().unwrap(),
            _ => assert!(s.set(flag, value.parse().unwrap()), "{id}: --{flag}"),
        }
    }
    s
}

/// The right choices at `s`, recomputed here from the models: the band of the exact value, or
/// of the mean of the same eight seeded runs; for alternatives, the model's structure (`None`:
/// a model this file does not recompute; its own tests check it).
fn right_here(p: &Prompt, s: &ModelParams) -> Option<(f64, Vec<usize>)> {
    // A band that claims "none" or "all" only where the structure fixes the value there.
    let band = |v: f64, fixed: bool| -> Vec<usize> {
        let point = p.choices.iter().position(|c| c.lo == c.hi && c.lo == v);
        let range = p
            .choices
            .iter()
            .position(|c| c.lo < c.hi && v >= c.lo && v < c.hi);
        if fixed { point } else { range }.into_iter().collect()
    };
    let mean = |f: &dyn Fn(u64) -> f64| (1..=8).map(f).sum::<f64>() / 8.0;
    Some(if let Some(&c) = s.model::<CounterParams>() {
        let c = Valid::clamped(c);
        let total = c.expected() as f64;
        let v = mean(&|seed| counter::run(&c, seed).final_counter as f64 / total);
        (v, band(v, c.workers == 1))
    } else if let Some(t) = s.model::<TtlParams>() {
        let v = exact::hold_exceeds(t.ttl_s, t.typical_s, t.spread, t.pause_prob, t.pause_mean_s)
            * 86_400.0
            / t.grant_interval_s;
        (v, band(v, false))
    } else if let Some(st) = s.model::<StaleParams>() {
        // The review asks whose write lands last without a token check: A's exactly when its
        // pause outlasts the TTL.
        assert!(!st.fencing);
        let b_last = usize::from(st.pause_s <= st.ttl_s);
        (b_last as f64, vec![b_last])
    } else if let Some(&f) = s.model::<FencingParams>() {
        let f = Valid::clamped(f);
        let v = mean(&|seed| fencing::run(&f, seed).overwritten as f64);
        (v, band(v, f.spread == 0.0 && f.pause_prob == 0.0))
    } else if let Some(f) = s.model::<FailoverParams>() {
        let lag = f.lag_ms / 1_000.0;
        let v = f.rate * lag * (1.0 - (-f.window_s / lag).exp());
        (v, band(v, false))
    } else {
        // The review asks how many of 1,000 runs send invoices twice with one defence.
        let b = s.model::<RenewalParams>()?;
        if b.mode.renews() && b.pause_prob == 0.0 {
            (0.0, band(0.0, true))
        } else if b.mode.renews() {
            let v = predict::all_prompts()
                .iter()
                .find(|q| q.id == p.id)
                .unwrap()
                .truth(s)
                .value;
            assert!(v > 0.0 && v <= 1_000.0 * b.pause_prob, "only a paused run");
            (v, band(v, false))
        } else {
            let v = 1_000.0
                * exact::hold_exceeds(b.ttl_s, b.typical_s, b.spread, b.pause_prob, b.pause_mean_s);
            (v, band(v, false))
        }
    })
}

#[test]
fn the_questions_printed_are_the_ones_the_models_judge_right() {
    let args = ["--questions", "--json", "--count", "2", "--draw", "2026"];
    let (code, out, err) = review_at(FINISHED, &args);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let qs = v["questions"].as_array().unwrap();
    assert_eq!(qs.len(), 2 * predict::prompts().len(), "{out}");
    for q in qs {
        let p = predict::all_prompts()
            .iter()
            .find(|p| p.id == q["prediction"])
            .unwrap();
        let s = settings_of(q);
        assert!(
            ModelParams::lesson(s.section_id()) != Some(s.clone()),
            "{q}"
        );
        let right: Vec<usize> = q["right"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_u64().unwrap() as usize)
            .collect();
        if let Some((value, recomputed)) = right_here(p, &s) {
            assert_eq!(right, recomputed, "{q}");
            if p.ordered {
                let shown = q["value"].as_f64().unwrap();
                assert!(
                    (shown - value).abs() <= 1e-6 * value.abs().max(1e-300),
                    "{q}"
                );
            }
        }
        let labels: Vec<&str> = right.iter().map(|&r| p.choices[r].label.as_str()).collect();
        assert_eq!(q["right_labels"], serde_json::json!(labels));
        let question = q["question"].as_str().unwrap();
        assert!(
            !question.contains('{') && !question.contains("[["),
            "{question}"
        );
    }
    // The same draw prints the same questions; the text marks the right choices.
    assert_eq!(review_at(FINISHED, &args).1, out);
    let (code, text, _) = review_at(FINISHED, &["--questions", "--draw", "2026"]);
    assert_eq!(code, 0);
    assert_eq!(
        text.matches("  settings: --").count(),
        predict::prompts().len()
    );
    assert!(text.lines().any(|l| l.starts_with("  * ")), "{text}");
}

#[test]
fn malformed_question_flags_exit_2_naming_the_flag_and_range() {
    for (flag, bad, range) in [
        ("--count", "0", "an integer from 1 to 20"),
        ("--count", "many", "an integer from 1 to 20"),
        ("--draw", "-1", "an integer from 0 to 4294967295"),
        ("--draw", "1.5", "an integer from 0 to 4294967295"),
    ] {
        let pair = format!("{flag}={bad}");
        let (code, out, err) = review_at(FINISHED, &["--questions", &pair]);
        assert_eq!(code, 2, "{flag} {bad}: {out}");
        assert!(err.contains(flag) && err.contains(range), "{err}");
    }
    let (code, _, err) = review_at(FINISHED, &["--count", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--count") && err.contains("--questions"),
        "{err}"
    );
}
