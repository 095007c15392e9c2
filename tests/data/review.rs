//! The spaced review in the progress file: format 1 and 2 files migrate to format 3 with every
//! answer and XP, items the lesson lost are kept but never asked, and a review session's saves
//! survive being killed.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use locks_lesson::progress::{self, Progress, ProgressFile};
use locks_lesson::review::{self, DAY_MS, Grade, ItemId, ItemKind};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// When the v2 fixture's learner finished the lesson.
pub const FINISHED: u64 = 1_796_100_000_000;

fn fixture(name: &str) -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

#[test]
fn a_format_2_file_migrates_with_its_answers_xp_and_predictions() {
    let text = fixture("progress-v2.ron");
    assert!(text.contains("version: 2"));
    let p = Progress::from_bytes(text.as_bytes()).unwrap();
    assert_eq!(p.version, progress::VERSION);
    assert_eq!(progress::VERSION, 4);
    assert_eq!(p.answers.len(), 15);
    assert_eq!(p.predictions.len(), 6);
    // 13 questions right at the first try and 5 predictions right.
    let xp = 13 * progress::XP_PER_QUESTION + 5 * locks_lesson::predict::XP_PER_PREDICTION;
    assert_eq!(p.xp, xp);
    assert!(p.review.is_empty());
    // Saved and read back as format 4, everything kept.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    fs::write(&path, &text).unwrap();
    let mut store = ProgressFile::open(path.clone());
    assert!(store.notice().is_none());
    let item = ItemId::new(ItemKind::Quiz, "gc-pause-fix");
    let at = FINISHED + DAY_MS;
    store.update(|p| review::schedule::record(p, &item, at, Grade::Good, None));
    assert!(store.flush());
    let written = fs::read_to_string(&path).unwrap();
    assert!(written.contains("version: 4"), "{written}");
    assert!(written.contains("\"quiz:gc-pause-fix\""), "{written}");
    let back = Progress::from_bytes(written.as_bytes()).unwrap();
    assert_eq!(back.answers, p.answers);
    assert_eq!(back.predictions, p.predictions);
    assert_eq!(back.xp, xp);
    assert_eq!(back.review[&item.key()].last, at);
}

#[test]
fn a_format_1_file_migrates_and_its_wrong_answers_come_back_the_next_day() {
    let p = Progress::from_bytes(fixture("progress-v1.ron").as_bytes()).unwrap();
    assert_eq!(p.answers.len(), 5);
    assert_eq!(p.xp, 40);
    let answered = p.answers.values().map(|a| a.first_at).max().unwrap();
    let plan = review::plan(&p, answered + DAY_MS);
    let mut due: Vec<&str> = plan.due.iter().map(|e| e.item.id.as_str()).collect();
    due.sort();
    assert_eq!(due, ["gc-pause-fix", "last-in-stock", "ttl-protects"]);
    assert_eq!(plan.later.len(), 2, "the right ones come back later");
}

#[test]
fn review_items_the_lesson_no_longer_has_are_kept_but_never_asked() {
    let mut text = fixture("progress-v2.ron").replace("version: 2", "version: 3");
    let sched = "(due: 1, last: 1796100000000, stability: 1.0, difficulty: 5.0, elapsed_days: 0, \
                 scheduled_days: 1, reps: 1, lapses: 0, state: 2)";
    let review = format!(
        "    review: {{\n        \"quiz:a-question-since-removed\": {sched},\n        \
         \"term:no-such-term\": {sched},\n        \"widget:x\": {sched},\n        \
         \"quiz:cron-report\": {sched},\n    }},\n)"
    );
    text = text.trim_end().strip_suffix(')').unwrap().to_owned() + &review;
    let p = Progress::from_bytes(text.as_bytes()).unwrap();
    assert_eq!(p.review.len(), 4, "nothing in the file is lost");
    assert_eq!(p.review["quiz:cron-report"].due, 1);
    let plan = review::plan(&p, FINISHED + 30 * DAY_MS);
    let asked: Vec<String> = plan
        .due
        .iter()
        .chain(&plan.later)
        .map(|e| e.item.key())
        .collect();
    assert!(asked.contains(&"quiz:cron-report".to_owned()));
    for gone in [
        "quiz:a-question-since-removed",
        "term:no-such-term",
        "widget:x",
    ] {
        assert!(!asked.iter().any(|k| k == gone), "{gone} is never asked");
    }
}

/// Environment variables that turn [`review_kill_child`] into a reviewing child process.
const CHILD_FILE: &str = "LOCKS_LESSON_TEST_REVIEW_FILE";
const CHILD_START: &str = "LOCKS_LESSON_TEST_REVIEW_START";

/// The child of the kill test: a review session that grades item after item (every item of the
/// deck in turn, one second apart from `START`) and prints `durable N` whenever the first N
/// grades are on disk.
#[test]
#[ignore = "child process of the review kill test"]
fn review_kill_child() {
    let (Ok(file), Ok(start)) = (std::env::var(CHILD_FILE), std::env::var(CHILD_START)) else {
        return;
    };
    let start: u64 = start.parse().unwrap();
    let deck = review::deck();
    let mut store = ProgressFile::open(PathBuf::from(file));
    assert!(store.notice().is_none(), "{:?}", store.notice());
    let mut reported = 0;
    for i in 0..100_000u64 {
        let item = &deck[i as usize % deck.len()];
        let grade = Grade::ALL[i as usize % 4];
        let at = start + i * 1000;
        store.update(|p| review::schedule::record(p, item, at, grade, None));
        let durable = store.durable();
        if durable > reported {
            println!("durable {durable}");
            reported = durable;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// The highest `durable N` read from a child's output (see the progress tests' own).
fn durable(reader: &mut impl BufRead, reports: Option<usize>) -> u64 {
    crate::progress::durable(reader, reports) as u64
}

#[test]
fn forty_kills_during_a_review_session_leave_the_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("progress.ron");
    fs::write(&path, fixture("progress-v2.ron")).unwrap();
    let deck = review::deck();
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let mut after_a_write = 0;
    for round in 0..40u64 {
        // Each round reviews later than the one before, so its grades are the newest.
        let start = FINISHED + DAY_MS * (round + 1);
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "review::review_kill_child",
                "--exact",
                "--ignored",
                "--nocapture",
                "-q",
            ])
            .env(CHILD_FILE, &path)
            .env(CHILD_START, start.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut n = durable(&mut reader, Some(rng.random_range(0..4)));
        std::thread::sleep(Duration::from_micros(rng.random_range(0..2500)));
        child.kill().unwrap();
        child.wait().unwrap();
        n = n.max(durable(&mut reader, None));
        let bytes = fs::read(&path).unwrap();
        let p = Progress::from_bytes(&bytes)
            .unwrap_or_else(|e| panic!("round {round}: the file is whole ({e})"));
        assert_eq!(
            p.answers.len(),
            15,
            "round {round}: the lesson's answers stay"
        );
        if n > 0 {
            after_a_write += 1;
            // The last durable grade is in the file.
            let i = n - 1;
            let item = &deck[i as usize % deck.len()];
            let last = p.review[&item.key()].last;
            assert!(
                last >= start + i * 1000,
                "round {round}: grade {i} of {item} kept"
            );
        }
        let store = ProgressFile::open(path.clone());
        assert!(
            store.notice().is_none(),
            "round {round}: {:?}",
            store.notice()
        );
    }
    assert!(
        after_a_write >= 20,
        "most kills came after a write ({after_a_write})"
    );
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.contains(".bad-")),
        "nothing set aside: {names:?}"
    );
}
