//! The progress file: tolerant loading of every kind of bad file, merging between windows,
//! and saves that survive being killed at any moment.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use locks_lesson::lesson;
use locks_lesson::progress::{self, MAX_FILE_BYTES, Progress, ProgressFile, XP_PER_QUESTION};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn file_in(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("progress.ron")
}

/// A question of each quiz: (id, right choice, a wrong choice).
fn questions() -> Vec<(&'static str, usize, usize)> {
    let q = &lesson::content().quizzes;
    q.which
        .iter()
        .chain(&q.interview)
        .map(|x| (x.id.as_str(), x.correct, (x.correct + 1) % x.answers.len()))
        .collect()
}

/// Files in `dir` whose names start with `progress.ron.bad-`.
fn backups(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("progress.ron.bad-")
        })
        .collect();
    v.sort();
    v
}

fn temp_leftovers(dir: &Path) -> usize {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .count()
}

#[test]
fn a_missing_file_means_fresh_progress_and_the_first_answer_creates_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("not/yet/there/progress.ron");
    let mut store = ProgressFile::open(path.clone());
    assert!(store.notice().is_none());
    assert_eq!(store.get(), &Progress::default());
    let (id, right, _) = questions()[0];
    let r = store.record(id, right, true);
    assert!(r.first);
    assert_eq!(r.xp, XP_PER_QUESTION);
    assert!(store.flush(), "the writer saved it");
    assert!(path.exists(), "saved right after the answer");
    let again = ProgressFile::open(path);
    assert!(again.notice().is_none());
    assert_eq!(again.get().xp, XP_PER_QUESTION);
    assert_eq!(again.get().answer(id).unwrap().choice, right);
}

/// A valid file to damage.
fn good_file() -> String {
    let mut p = Progress::default();
    for (i, (id, right, wrong)) in questions().into_iter().enumerate() {
        let choice = if i % 2 == 0 { right } else { wrong };
        p.record(id, choice, choice == right, 1_000 + i as u64);
    }
    p.visit(4);
    p.to_ron()
}

#[test]
fn every_kind_of_bad_file_is_kept_aside_and_the_learner_starts_fresh() {
    let good = good_file();
    assert!(Progress::from_bytes(good.as_bytes()).is_ok());
    let mut padded = good.clone().into_bytes();
    padded.resize(MAX_FILE_BYTES as usize + 1, b' ');
    let binary: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "corrupt",
            b"this is not a progress file {{{".to_vec(),
            "damaged",
        ),
        (
            "truncated",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "damaged",
        ),
        ("empty", Vec::new(), "damaged"),
        ("binary", binary, "not text"),
        ("over 1 MiB", padded, "bytes long"),
        (
            "newer version",
            good.replacen(&format!("version: {}", progress::VERSION), "version: 99", 1)
                .into_bytes(),
            "newer version",
        ),
        (
            "no version",
            good.replacen(&format!("version: {},", progress::VERSION), "", 1)
                .into_bytes(),
            "no version",
        ),
        (
            "wrong type",
            good.replacen(
                &format!("version: {}", progress::VERSION),
                "version: \"one\"",
                1,
            )
            .into_bytes(),
            "damaged",
        ),
    ];
    for (kind, bytes, says) in cases {
        let dir = tempfile::tempdir().unwrap();
        let path = file_in(&dir);
        fs::write(&path, &bytes).unwrap();
        let mut store = ProgressFile::open(path.clone());
        let notice = store
            .notice()
            .unwrap_or_else(|| panic!("{kind}: the learner is told"))
            .to_owned();
        assert!(notice.contains(says), "{kind}: {notice}");
        assert_eq!(store.get().answers.len(), 0, "{kind}: fresh progress");
        assert_eq!(store.get().xp, 0, "{kind}");
        let kept = backups(dir.path());
        assert_eq!(kept.len(), 1, "{kind}: one backup");
        assert_eq!(
            fs::read(&kept[0]).unwrap(),
            bytes,
            "{kind}: the backup is the original, byte for byte"
        );
        assert!(
            notice.contains(&*kept[0].file_name().unwrap().to_string_lossy()),
            "{kind}: names the backup"
        );
        assert!(!path.exists(), "{kind}: the bad file was moved, not copied");

        // The notice is shown once: dismissed, it stays away, and the next start is clean.
        store.dismiss_notice();
        let (id, right, _) = questions()[0];
        store.record(id, right, true);
        assert!(store.flush(), "{kind}: saving works");
        assert!(store.notice().is_none(), "{kind}: {:?}", store.notice());
        let again = ProgressFile::open(path.clone());
        assert!(again.notice().is_none(), "{kind}: {:?}", again.notice());
        assert_eq!(again.get().xp, XP_PER_QUESTION, "{kind}");
        assert_eq!(backups(dir.path()).len(), 1, "{kind}: the backup stays");
    }
}

#[test]
fn unknown_fields_and_questions_are_ignored_and_xp_is_recomputed() {
    let (id, right, _) = questions()[0];
    let text = format!(
        r#"(
    version: 1,
    xp: 99999,
    theme: "dark",
    last_section: 3,
    completed: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    answers: {{
        "{id}": (choice: {right}, correct: true, first_try: true, first_at: 5, at: 5, mood: "happy"),
        "a-question-that-was-removed": (choice: 2, correct: true, first_try: true, first_at: 6, at: 6),
        "{id2}": (choice: 77, correct: true, first_try: true, first_at: 7, at: 7),
    }},
    future_feature: Some([1, 2, 3]),
)"#,
        id2 = questions()[1].0
    );
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(&dir);
    fs::write(&path, text).unwrap();
    let store = ProgressFile::open(path.clone());
    assert!(store.notice().is_none(), "{:?}", store.notice());
    assert!(backups(dir.path()).is_empty());
    let p = store.get();
    assert_eq!(
        p.xp, XP_PER_QUESTION,
        "only the known question with a valid choice counts"
    );
    assert!(p.answer(id).is_some());
    assert!(p.answer("a-question-that-was-removed").is_none());
    assert!(
        p.answer(questions()[1].0).is_none(),
        "a choice out of range is ignored"
    );
    assert_eq!(
        p.last_section.as_deref(),
        Some("stale"),
        "a bare number is read as Some, and as the id of that section"
    );
    assert!(p.completed.is_empty(), "finished quizzes are recomputed");
}

#[test]
fn the_file_is_readable_ron_with_the_documented_fields() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(&dir);
    let mut store = ProgressFile::open(path.clone());
    let (id, right, _) = questions()[0];
    store.record(id, right, true);
    store.visit(7);
    assert!(store.flush());
    let text = fs::read_to_string(&path).unwrap();
    for field in [
        "version: 4",
        "predictions:",
        "review:",
        "xp: 20",
        "last_section: Some(\"who\")",
        "completed:",
        "answers:",
        "choice:",
        "correct: true",
        "first_try: true",
    ] {
        assert!(text.contains(field), "{field} in:\n{text}");
    }
}

#[test]
fn answers_earn_xp_only_at_the_first_try() {
    let mut p = Progress::default();
    let (id, right, wrong) = questions()[0];
    let r = p.record(id, wrong, false, 10);
    assert_eq!((r.first, r.xp), (true, 0));
    let r = p.record(id, right, true, 20);
    assert_eq!((r.first, r.xp), (false, 0));
    assert_eq!(p.xp, 0);
    let a = p.answer(id).unwrap();
    assert_eq!((a.choice, a.correct, a.first_try), (right, true, false));
    assert!(p.missed().is_empty(), "right now, so nothing to review");
}

#[test]
fn two_windows_keep_each_others_answers() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(&dir);
    let qs = questions();
    // Both windows open before either answers.
    let mut a = ProgressFile::open(path.clone());
    let mut b = ProgressFile::open(path.clone());
    a.record(qs[0].0, qs[0].1, true);
    b.record(qs[1].0, qs[1].1, true);
    a.record(qs[2].0, qs[2].2, false);
    b.visit(5);
    assert!(a.flush() && b.flush());
    let on_disk = ProgressFile::open(path.clone());
    let p = on_disk.get();
    for (id, _, _) in &qs[..3] {
        assert!(p.answer(id).is_some(), "{id} kept");
    }
    assert_eq!(p.xp, 2 * XP_PER_QUESTION);
    assert_eq!(p.last_section.as_deref(), Some("where"));

    // The same question answered in both: the earlier first answer decides the XP, the later
    // answer is the current choice, and XP is not counted twice.
    a.record(qs[3].0, qs[3].2, false);
    // Answers a moment apart, as people give them.
    std::thread::sleep(Duration::from_millis(3));
    b.record(qs[3].0, qs[3].1, true);
    assert!(a.flush() && b.flush());
    let p = ProgressFile::open(path.clone()).get().clone();
    let rec = p.answer(qs[3].0).unwrap();
    assert!(!rec.first_try, "the first answer (in window A) was wrong");
    assert!(rec.correct, "the latest answer (in window B) is right");
    assert_eq!(p.xp, 2 * XP_PER_QUESTION);

    // A reset in one window is not undone by the other.
    a.reset();
    b.record(qs[4].0, qs[4].1, true);
    assert!(a.flush() && b.flush());
    // Each window takes in what the other saved at its own next save.
    a.visit(3);
    assert!(a.flush());
    assert_eq!(a.get().answers.keys().collect::<Vec<_>>(), vec![qs[4].0]);
    let p = ProgressFile::open(path).get().clone();
    assert_eq!(
        p.answers.keys().collect::<Vec<_>>(),
        vec![qs[4].0],
        "only the answer given after the reset"
    );
    assert_eq!(p.xp, XP_PER_QUESTION);
}

#[test]
fn merge_is_a_union_that_ignores_order_and_repetition() {
    let qs = questions();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let side = |rng: &mut ChaCha8Rng, resets: bool| {
        let mut p = Progress::default();
        for _ in 0..rng.random_range(0..12) {
            let (id, right, wrong) = qs[rng.random_range(0..qs.len())];
            let choice = if rng.random_bool(0.5) { right } else { wrong };
            p.record(id, choice, choice == right, rng.random_range(0..40));
        }
        if resets && rng.random_bool(0.3) {
            p.reset(rng.random_range(0..40));
            for _ in 0..rng.random_range(0..4) {
                let (id, right, _) = qs[rng.random_range(0..qs.len())];
                p.record(id, right, true, rng.random_range(0..60));
            }
        }
        p
    };
    let merge = |a: &Progress, b: &Progress| {
        let mut m = a.clone();
        m.merge(b);
        m.last_section = None;
        m
    };
    for _ in 0..500 {
        let (a, b) = (side(&mut rng, true), side(&mut rng, true));
        let ab = merge(&a, &b);
        assert_eq!(ab, merge(&b, &a), "two writers: order does not matter");
        assert_eq!(merge(&ab, &ab), ab, "merging again changes nothing");
        assert_eq!(merge(&ab, &a), ab, "merging a part again changes nothing");
        let reset_at = a.reset_at.max(b.reset_at);
        assert_eq!(ab.reset_at, reset_at);
        for (id, rec) in a.answers.iter().chain(&b.answers) {
            let kept = ab.answers.get(id);
            if rec.first_at >= reset_at {
                let kept = kept.unwrap_or_else(|| panic!("union keeps {id}"));
                assert!(
                    kept.first_at <= rec.first_at,
                    "the earliest first answer is kept"
                );
                assert!(kept.at >= rec.at, "the latest answer is kept");
            } else {
                assert!(
                    kept.is_none_or(|k| k.first_at >= reset_at),
                    "{id}: answers before a reset are gone"
                );
            }
        }
        // XP comes from the merged first tries, never from adding the two totals.
        let first_tries = ab
            .answers
            .keys()
            .filter(|id| ab.answer(id).is_some_and(|r| r.first_try))
            .count();
        assert_eq!(ab.xp, first_tries as u32 * XP_PER_QUESTION);
        assert!(ab.xp <= Progress::max_xp());

        // Without resets, any number of writers in any order agree.
        let sides: Vec<Progress> = (0..3).map(|_| side(&mut rng, false)).collect();
        let abc = merge(&merge(&sides[0], &sides[1]), &sides[2]);
        assert_eq!(abc, merge(&merge(&sides[2], &sides[0]), &sides[1]));
        assert_eq!(abc, merge(&sides[1], &merge(&sides[2], &sides[0])));
    }
}

#[test]
fn a_file_that_cannot_be_set_aside_is_left_untouched() {
    // A folder where the file should be: it cannot be read, so it must not be replaced.
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(&dir);
    fs::create_dir(&path).unwrap();
    let mut store = ProgressFile::open(path.clone());
    assert!(store.notice().is_some());
    assert!(!store.saves());
    let (id, right, _) = questions()[0];
    store.record(id, right, true);
    assert_eq!(store.get().xp, XP_PER_QUESTION, "kept in memory");
    assert!(path.is_dir(), "left as it was");
}

#[test]
fn a_failed_save_is_reported_once_kept_in_memory_and_retried() {
    // CI runs as root, so a read-only folder proves nothing: a regular file stands where the
    // folder should be.
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("data");
    fs::write(&blocker, "a file, not a folder").unwrap();
    let path = blocker.join("progress.ron");
    let mut store = ProgressFile::open(path.clone());
    assert!(
        store.notice().is_none() && store.saves(),
        "{:?}",
        store.notice()
    );
    let qs = questions();
    store.record(qs[0].0, qs[0].1, true);
    assert!(!store.flush(), "the save failed");
    let notice = store.notice().expect("the learner is told").to_owned();
    assert!(
        notice.contains("could not be saved") && notice.contains(&path.display().to_string()),
        "{notice}"
    );
    assert!(notice.contains("tried again"), "{notice}");
    assert_eq!(store.get().xp, XP_PER_QUESTION, "kept in memory");

    // Told once: a retry that fails as well says nothing new.
    store.dismiss_notice();
    store.record(qs[1].0, qs[1].1, true);
    assert!(!store.flush());
    assert!(store.notice().is_none(), "{:?}", store.notice());
    assert!(store.writes() >= 2, "every change was tried");

    // Once the folder can be made, the next change saves everything kept so far.
    fs::remove_file(&blocker).unwrap();
    store.record(qs[2].0, qs[2].1, true);
    assert!(store.flush(), "saved at the next change");
    let again = ProgressFile::open(path);
    assert!(again.notice().is_none());
    assert_eq!(again.get().xp, 3 * XP_PER_QUESTION);
}

#[test]
fn saves_leave_the_caller_at_once_and_coalesce() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(&dir);
    let mut store = ProgressFile::open(path.clone());
    let n = 300;
    for i in 0..n {
        store.record(&format!("q-{i}"), i % 4, false);
    }
    assert_eq!(store.generation(), n as u64);
    assert!(store.flush());
    assert_eq!(store.durable(), n as u64, "the latest state was written");
    assert!(
        store.writes() < n as u64,
        "{} writes for {n} changes: they coalesce",
        store.writes()
    );
    assert_eq!(ProgressFile::open(path).get().answers.len(), n);
}

/// Environment variables that turn [`fault_injection_child`] into the saving child process.
const CHILD_FILE: &str = "LOCKS_LESSON_TEST_CHILD_FILE";
const CHILD_PREFIX: &str = "LOCKS_LESSON_TEST_CHILD_PREFIX";
const CHILD_COUNT: &str = "LOCKS_LESSON_TEST_CHILD_COUNT";
/// How many times [`killing_a_saver_never_loses_a_durable_answer`] kills a child (default
/// 200; CI keeps the default).
const KILL_ROUNDS: &str = "LOCKS_LESSON_KILL_ROUNDS";

/// The child process of the fault-injection tests: records answers `PREFIX-0`, `PREFIX-1`, …
/// as they stream in (faster than the writer takes them) and prints `durable N` whenever the
/// writer reports that the first N of them are on disk. Run on its own (without the parent's
/// environment) it does a short run in a temporary folder and checks it.
#[test]
#[ignore = "child process of the fault-injection tests"]
fn fault_injection_child() {
    let Ok(file) = std::env::var(CHILD_FILE) else {
        let dir = tempfile::tempdir().unwrap();
        let path = file_in(&dir);
        let mut store = ProgressFile::open(path.clone());
        for i in 0..50 {
            store.record(&format!("q-{i}"), i % 3, false);
        }
        assert!(store.flush());
        assert_eq!(ProgressFile::open(path).get().answers.len(), 50);
        return;
    };
    let prefix = std::env::var(CHILD_PREFIX).unwrap();
    let count: usize = std::env::var(CHILD_COUNT).unwrap().parse().unwrap();
    let mut store = ProgressFile::open(PathBuf::from(file));
    assert!(store.notice().is_none(), "{:?}", store.notice());
    // Each answer is one change: the first N answers are durable once generation N is.
    let mut reported = 0;
    for i in 0..count {
        store.record(&format!("{prefix}-{i}"), i % 4, i % 3 == 0);
        assert!(store.notice().is_none(), "{:?}", store.notice());
        let durable = store.durable();
        if durable > reported {
            println!("durable {durable}");
            reported = durable;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    assert!(store.flush());
    println!("durable {}", store.durable());
}

fn spawn_child(path: &Path, prefix: &str, count: usize) -> std::process::Child {
    Command::new(std::env::current_exe().unwrap())
        .args([
            "progress::fault_injection_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
            "-q",
        ])
        .env(CHILD_FILE, path)
        .env(CHILD_PREFIX, prefix)
        .env(CHILD_COUNT, count.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the test binary runs itself")
}

/// The highest `durable N` in complete lines read from `reader`: after `reports` such lines,
/// or at the end of the output for `None`.
pub(crate) fn durable(reader: &mut impl BufRead, reports: Option<usize>) -> usize {
    let (mut best, mut seen) = (0, 0);
    let mut line = String::new();
    while reports.is_none_or(|r| seen < r) {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if line.ends_with('\n')
            && let Some(n) = line.trim_end().strip_prefix("durable ")
        {
            best = best.max(n.parse().unwrap());
            seen += 1;
        }
    }
    best
}

#[test]
fn killing_a_saver_never_loses_a_durable_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let rounds: usize = std::env::var(KILL_ROUNDS)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    // Durable answers so far, per file: (prefix, count).
    let mut durable_ids: Vec<(PathBuf, String, usize)> = Vec::new();
    // Rounds in which the child died with its temporary file written but not yet renamed.
    let mut mid_write = 0;
    let mut killed_after_a_write = 0;
    for round in 0..rounds {
        // A fresh file every 25 rounds keeps each one far below the size limit.
        let path = dir.path().join(format!("progress-{}.ron", round / 25));
        let prefix = format!("r{round}");
        let mut child = spawn_child(&path, &prefix, 100_000);
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        // Kill it at a random moment while answers stream in: after 0 to 3 finished writes
        // and a random pause, so often in the middle of writing or renaming.
        let writes = rng.random_range(0..4);
        let mut n = durable(&mut reader, Some(writes));
        std::thread::sleep(Duration::from_micros(rng.random_range(0..2500)));
        child.kill().unwrap();
        child.wait().unwrap();
        n = n.max(durable(&mut reader, None));
        if n > 0 {
            killed_after_a_write += 1;
        }
        if temp_leftovers(dir.path()) > 0 {
            mid_write += 1;
        }
        durable_ids.push((path.clone(), prefix, n));

        if let Ok(bytes) = fs::read(&path) {
            assert!(!bytes.is_empty(), "round {round}: the file is never empty");
            if let Err(e) = Progress::from_bytes(&bytes) {
                panic!("round {round}: the file is never torn ({e})");
            }
        }
        let store = ProgressFile::open(path.clone());
        assert!(
            store.notice().is_none(),
            "round {round}: the file loads ({:?})",
            store.notice()
        );
        let answers = &store.get().answers;
        for (_, prefix, n) in durable_ids.iter().filter(|(p, _, _)| *p == path) {
            for i in 0..*n {
                let id = format!("{prefix}-{i}");
                assert!(
                    answers.contains_key(&id),
                    "round {round}: durable answer {id} is in the file"
                );
            }
        }
        assert!(
            backups(dir.path()).is_empty(),
            "round {round}: nothing had to be set aside"
        );
    }
    assert!(
        killed_after_a_write * 2 >= rounds,
        "most kills came after a write ({killed_after_a_write} of {rounds})"
    );
    assert!(mid_write > 0, "some kills landed in the middle of a save");
    // The next save clears the temporary files that killed writers left behind.
    let path = dir.path().join("progress-0.ron");
    let mut store = ProgressFile::open(path);
    store.record("after-the-storm", 0, true);
    assert!(store.flush());
    let leftovers = fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with(".progress-0.ron.") && name.ends_with(".tmp")
        })
        .count();
    assert_eq!(leftovers, 0);
}

#[test]
fn two_processes_saving_at_once_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_in(&dir);
    let count = 150;
    let prefixes = ["a", "b", "c"];
    let mut children: Vec<_> = prefixes
        .iter()
        .map(|p| spawn_child(&path, p, count))
        .collect();
    for child in &mut children {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        assert_eq!(
            durable(&mut reader, None),
            count,
            "every answer made durable"
        );
    }
    for child in &mut children {
        assert!(child.wait().unwrap().success());
    }
    let store = ProgressFile::open(path);
    assert!(store.notice().is_none());
    for p in prefixes {
        for i in 0..count {
            let id = format!("{p}-{i}");
            assert!(store.get().answers.contains_key(&id), "{id} kept");
        }
    }
    assert_eq!(store.get().answers.len(), 3 * count);
}

#[test]
fn default_location_is_the_platform_data_folder() {
    let path = progress::default_path().expect("a home folder on the test machine");
    assert_eq!(path.file_name().unwrap(), "progress.ron");
    assert!(
        path.parent()
            .unwrap()
            .to_string_lossy()
            .contains("locks-lesson")
    );
}

fn fixture(name: &str) -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// The sections of a progress file's `done` map as its text writes them.
fn done_keys(text: &str) -> Vec<String> {
    let start = text.find("done: {").expect("a done map") + "done: {".len();
    let body = &text[start..start + text[start..].find('}').unwrap()];
    body.lines()
        .filter_map(|l| l.trim().split_once(':').map(|(k, _)| k.trim().to_owned()))
        .collect()
}

#[test]
fn formats_1_to_3_migrate_to_format_4_with_nothing_lost() {
    let ids = |n: std::ops::RangeInclusive<u8>| -> Vec<String> {
        n.map(|n| progress::by_id::FORMAT_3_NUMBERS[usize::from(n) - 1].to_owned())
            .collect()
    };
    // (fixture, answers, predictions, review items, sections done, last section)
    let cases = [
        ("progress-v1.ron", 5, 0, 0, vec![], Some("interview")),
        ("progress-v2.ron", 15, 6, 0, ids(1..=10), Some("next")),
        ("progress-v3.ron", 15, 6, 4, ids(1..=11), Some("break")),
    ];
    for (name, answers, predictions, review, done, last) in cases {
        let old = Progress::from_bytes(fixture(name).as_bytes()).expect(name);
        assert_eq!(old.version, progress::VERSION, "{name}");
        assert_eq!(old.answers.len(), answers, "{name}");
        assert_eq!(old.predictions.len(), predictions, "{name}");
        assert_eq!(old.review.len(), review, "{name}: {:?}", old.review.keys());
        let mut got: Vec<&String> = old.done.keys().collect();
        got.sort_by_key(|id| locks_lesson::sections::number_of(id));
        assert_eq!(got, done.iter().collect::<Vec<_>>(), "{name}");
        assert_eq!(old.last_section.as_deref(), last, "{name}");
        // Every finished section keeps its tick, the lab's included.
        for id in &done {
            let n = locks_lesson::sections::number(id);
            assert!(old.finished(n), "{name}: {id}");
        }
        let written = old.to_ron();
        assert!(written.contains("version: 4"), "{name}");
        if !done.is_empty() {
            let keys = done_keys(&written);
            assert!(
                keys.iter().all(|k| k.starts_with('"')),
                "{name}: sections by id: {keys:?}"
            );
            assert!(
                written.contains("\"ttl\": 1796100120000"),
                "{name}:\n{written}"
            );
        }
        assert!(!written.contains("completed: [1") && !written.contains("Some(9)"));
        let again = Progress::from_bytes(written.as_bytes()).unwrap();
        assert_eq!(again, old, "{name}: format 4 reads back the same");
    }
    // The v3 learner's review goes on where it was.
    let v3 = Progress::from_bytes(fixture("progress-v3.ron").as_bytes()).unwrap();
    let shown = v3.review["prediction:predict-ttl-overrun"].shown.unwrap();
    assert_eq!((shown.variant, shown.band), (Some(2), Some(1)));
    assert_eq!(v3.review["token:chubby"].due, 1_797_050_400_000);
}

#[test]
fn format_4_names_sections_by_id_and_keeps_ids_the_lesson_lacks() {
    let mut p = Progress::default();
    assert!(p.mark_done(2, 1_000));
    assert!(p.mark_done(locks_lesson::sections::lab(), 2_000));
    p.visit(9);
    let text = p.to_ron();
    assert_eq!(done_keys(&text), ["\"lab\"", "\"ttl\""]);
    assert!(text.contains("last_section: Some(\"break\")"), "{text}");
    // The lab is the section to come back to when the learner left it last.
    p.visit(locks_lesson::sections::lab());
    let lab = locks_lesson::sections::lab();
    assert_eq!(
        (p.last_section.as_deref(), p.last_visited()),
        (Some("lab"), Some(lab))
    );

    // A section a later lesson dropped (or a number no section had) ticks nothing, and the
    // dropped section's record stays in the file.
    let text = r#"(version: 4, last_section: Some("gone"), done: {"gone": 5, "ttl": 6},
        answers: {})"#;
    let p = Progress::from_bytes(text.as_bytes()).unwrap();
    assert_eq!(p.done.keys().collect::<Vec<_>>(), ["gone", "ttl"]);
    assert_eq!(p.completed.iter().collect::<Vec<_>>(), ["ttl"]);
    assert_eq!(p.last_section, None, "not a section to open");
    assert!(p.to_ron().contains("\"gone\": 5"));
    let old = "(version: 3, last_section: Some(42), done: {2: 6, 99: 7}, answers: {})";
    let p = Progress::from_bytes(old.as_bytes()).unwrap();
    assert_eq!(p.done.keys().collect::<Vec<_>>(), ["ttl"]);
    assert_eq!(p.last_section, None);
}
