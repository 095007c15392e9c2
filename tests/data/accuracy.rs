//! The third accuracy pass, kept from coming back: each test reads every asset (all of
//! `assets/*.ron`, whatever its shape) and the code it names, fails if the old claim returns,
//! and checks that the corrected idea is there. The sources are Chubby (§2.4), Kleppmann's
//! "How to do distributed locking" and antirez's reply, the Redis distributed-locks page,
//! etcd's lease, transaction and concurrency documentation, and Jepsen's analysis of etcd.

use std::path::{Path, PathBuf};

use locks_lesson::lab::{LabParams, LabRun, Outcome, ServerKind};
use locks_lesson::lesson;
use locks_lesson::sim::fencing::{self, FencingParams};
use locks_lesson::sim::renewal::Mode;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every string in a RON value, depth first.
fn strings(value: &ron::Value, out: &mut Vec<String>) {
    match value {
        ron::Value::String(s) => out.push(s.clone()),
        ron::Value::Seq(items) => items.iter().for_each(|v| strings(v, out)),
        ron::Value::Map(map) => map.iter().for_each(|(k, v)| {
            strings(k, out);
            strings(v, out);
        }),
        ron::Value::Option(Some(v)) => strings(v, out),
        _ => {}
    }
}

/// One asset file's sentences on screen: every string it holds, markup removed.
fn asset(name: &str) -> Vec<String> {
    let path = root().join("assets").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let value: ron::Value = ron::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = Vec::new();
    strings(&value, &mut out);
    assert!(!out.is_empty(), "{name} holds no strings");
    out.iter().map(|s| lesson::plain(s)).collect()
}

/// Every asset file, by name (a section's own word file as `sections/ID.ron`).
fn asset_names() -> Vec<String> {
    let ron_files = |dir: &str| {
        std::fs::read_dir(root().join("assets").join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ron"))
            .map(|n| format!("{dir}{n}"))
            .collect::<Vec<_>>()
    };
    let mut names = ron_files("");
    names.extend(ron_files("sections/"));
    names.sort();
    assert!(names.len() >= 12, "{names:?}");
    names
}

/// A source file as words: doc and line comments without their slashes, string literals
/// joined across their line continuations, all white space one space.
fn source(rel: &str) -> String {
    let code = std::fs::read_to_string(root().join(rel)).unwrap();
    let joined = code.replace("\\\n", "");
    let lines: Vec<&str> = joined
        .lines()
        .map(|l| {
            let l = l.trim_start();
            l.strip_prefix("//!")
                .or_else(|| l.strip_prefix("///"))
                .or_else(|| l.strip_prefix("//"))
                .unwrap_or(l)
        })
        .collect();
    lines
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every text on screen from the assets and the code this pass corrected: (where, text).
fn corpus() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for name in asset_names() {
        out.extend(asset(&name).into_iter().map(|t| (name.clone(), t)));
    }
    let mut code: Vec<PathBuf> = Vec::new();
    for dir in ["src/lab", "src/ui/sections/lab"] {
        collect_rs(&root().join(dir), &mut code);
    }
    for path in code {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let text = source(&rel);
        out.push((rel, text));
    }
    out
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Fails if any text, in any case, still says one of `old`.
fn never_says(old: &[&str]) {
    let corpus = corpus();
    for (place, text) in &corpus {
        let lower = text.to_lowercase();
        for o in old {
            assert!(
                !lower.contains(&o.to_lowercase()),
                "the old claim \"{o}\" is back in {place}: {text}"
            );
        }
    }
}

/// The one text of `file` that contains `anchor` (a phrase that finds it whatever its key).
fn text_with(file: &str, anchor: &str) -> String {
    let found: Vec<String> = asset(file)
        .into_iter()
        .filter(|t| t.contains(anchor))
        .collect();
    assert_eq!(found.len(), 1, "{file}: texts with \"{anchor}\": {found:?}");
    found.into_iter().next().unwrap()
}

fn says_all(text: &str, words: &[&str]) {
    for w in words {
        assert!(text.contains(w), "\"{w}\" missing from: {text}");
    }
}

#[test]
fn the_corpus_reads_every_asset_and_the_named_code() {
    let corpus = corpus();
    for place in [
        "notes.ron",
        "lab_failover.ron",
        "sections/ttl.ron",
        "src/lab/failover/etcd_cluster.rs",
        "src/ui/sections/lab/mod.rs",
    ] {
        assert!(corpus.iter().any(|(p, _)| p == place), "{place} not read");
    }
    // A wrapped doc comment and a continued literal read as one line of words.
    let doc = source("src/lab/failover/etcd_cluster.rs");
    assert!(
        doc.contains("Consensus keeps the lock: three etcd members"),
        "{doc}"
    );
}

// ---- Factual errors ---------------------------------------------------------------------

/// Item 1: Chubby §2.4: a server checks a sequencer (CheckSequencer, or the newest it has seen)
/// and rejects an invalid one; nothing about reads.
#[test]
fn chubby_is_credited_only_with_what_its_paper_says() {
    let chubby = text_with("systems.ron", "CheckSequencer");
    says_all(
        &chubby,
        &[
            "newest sequencer it has seen",
            "rejects the request",
            "no longer valid",
        ],
    );
    never_says(&["a read-modify-write checks it on the read too"]);
    for (place, text) in corpus() {
        for sentence in text.split(". ") {
            let chubby_s = sentence.contains("Chubby") || sentence.contains("sequencer");
            assert!(
                !(chubby_s
                    && (sentence.contains("on the read")
                        || sentence.contains("read-modify-write"))),
                "{place} credits Chubby with the read rule: {sentence}"
            );
        }
    }
}

/// Item 2: A transaction cannot grant a lease: the lab grants one, then runs the transaction.
#[test]
fn the_etcd_grant_is_a_lease_then_a_transaction() {
    never_says(&[
        "a lease, and the key created only if it is absent, in one transaction",
        "a lease, and the key created only if absent, in one transaction",
    ]);
    let does = text_with("lab_failover.ron", "three etcd members");
    says_all(
        &does,
        &[
            "etcd grants it a lease, then a transaction creates the key",
            "creation revision is 0",
        ],
    );
    let doc = source("src/lab/failover/etcd_cluster.rs");
    says_all(
        &doc,
        &[
            "a lease grant, then a transaction",
            "only if its creation revision is 0",
        ],
    );
    // And the code does it in that order.
    let code = std::fs::read_to_string(root().join("src/lab/failover/etcd_cluster.rs")).unwrap();
    let grant = code.find("/v3/lease/grant").expect("a lease grant");
    let txn = code.find("/v3/kv/txn").expect("a transaction");
    assert!(grant < txn);
    assert!(code.contains(r#""create_revision": "0""#));
}

/// Item 3: A holder whose work alone outlasts the TTL writes late too.
#[test]
fn late_writers_are_not_only_the_paused_ones() {
    never_says(&["only the holders paused past their lease"]);
    let why = text_with("sections/fencing.ron", "writes late");
    says_all(
        &why,
        &[
            "still working when its lease runs out",
            "a pause or long work",
        ],
    );
    // The model agrees: with no pauses at all, the widest spread still has late writers.
    let p = FencingParams {
        pause_prob: 0.0,
        spread: fencing::SPREAD.max,
        ..FencingParams::default()
    };
    assert!(
        p.exact_stale_fraction() > 0.001,
        "{}",
        p.exact_stale_fraction()
    );
    // And the section's own headline says it the same way.
    text_with(
        "sections/fencing.ron",
        "still working when their lease ran out",
    );
}

// ---- Misleading or inconsistent -------------------------------------------------------

/// Item 4: The read of a read-modify-write carries the newer holder's token: that is what it
/// covers, and a stale write before that read is built upon.
#[test]
fn the_token_on_the_read_protects_the_newer_holder() {
    never_says(&[
        "or the stale holder computes from old data",
        "one that arrives first is still accepted, and the newer holder's write then replaces it",
    ]);
    let four = text_with("sections/fencing.ron", "raises its mark at the read");
    says_all(
        &four,
        &[
            "If the newer holder simply overwrites",
            "If it reads, changes and writes back, its read must carry its token too",
            "between that read and the newer write is then refused",
            "accepted and silently overwritten",
            "lands before the newer holder's read is built upon",
        ],
    );
}

/// Item 5: Fencing makes late writes to that storage fail; effects outside it need idempotency.
#[test]
fn fencing_is_not_sold_as_a_cure_all() {
    never_says(&[
        "makes overlaps harmless",
        "makes the result of that work harmless",
        "checked where the data lives, closes it",
        "only a check where the data lives closes it",
    ]);
    let quiz = text_with("quizzes.ron", "A TTL protects liveness");
    says_all(
        &quiz,
        &["refuses stale writes after newer ones", "idempotent"],
    );
    let four = text_with("sections/fencing.ron", "Flip fencing on and off");
    says_all(
        &four,
        &[
            "stale writes to the storage fail instead of replacing newer data",
            "idempotent",
        ],
    );
    for (file, anchor) in [
        ("lesson.ron", "The common thread"),
        ("lesson.ron", "You have seen why"),
        (
            "notes.ron",
            "An expiring lock cannot keep two workers apart",
        ),
    ] {
        let text = text_with(file, anchor);
        says_all(
            &text,
            &[
                "stale write",
                "fail instead of replacing newer data",
                "safe to repeat",
            ],
        );
    }
}

/// Item 6: The ticket quiz shows a real compare-and-set, and says why it is not the INCR case.
#[test]
fn the_ticket_answer_is_a_real_compare_and_set() {
    let why = text_with("quizzes.ron", "tickets_left");
    assert!(!why.contains("WHERE tickets_left > 0"), "{why}");
    assert!(
        !why.contains("It is a compare-and-set that the database applies"),
        "{why}"
    );
    // (The statement is set apart line by line: its words are compared across the breaks.)
    let flat = why.split_whitespace().collect::<Vec<_>>().join(" ");
    says_all(
        &flat,
        &[
            "compare-and-set: UPDATE stock SET tickets_left = :read - 1 WHERE tickets_left = :read",
            "Unlike an INCR",
            "computed from a value the shop read",
            "read again and retry",
        ],
    );
}

/// Item 7: Redlock fails without any restart too: a clock that jumps, a pause.
#[test]
fn redlock_is_not_said_to_fail_only_by_restarts() {
    never_says(&["its loss comes not from a failover but from a master that restarts"]);
    let five = text_with(
        "sections/where.ron",
        "five independent Redis masters, which have no replicas",
    );
    says_all(
        &five,
        &[
            "restarts without its keys",
            "clock jumps forward and expires a key early",
            "paused past its validity time",
        ],
    );
}

/// Item 8: Idempotency alone removes both harms in the model; fencing adds a guard for the data.
#[test]
fn the_stack_is_not_the_only_way_to_remove_both_harms() {
    never_says(&["only the stack removes both harms"]);
    let all = text_with("break_story.ron", "With all three stacked");
    says_all(
        &all,
        &[
            "Idempotency keys alone already remove both harms",
            "fencing adds a second guard for the data",
        ],
    );
    let e = Mode::Idempotent.effects(7u64, 3u64);
    assert_eq!(
        (e.stale_writes_landed, e.double_effects, e.harmful),
        (0, 0, 0)
    );
    let f = Mode::Fencing.effects(7u64, 3u64);
    assert_eq!(f.stale_writes_landed, 0);
    assert!(f.double_effects > 0);
}

/// Item 9: The drift allowance is for clocks only; nothing covers a pause after the check.
#[test]
fn the_drift_allowance_does_not_cover_pauses() {
    never_says(&["as long as clocks and pauses stay within the allowance"]);
    let kept = text_with("lab_failover.ron", "The delay kept the lock");
    says_all(
        &kept,
        &[
            "the clocks drift less than the allowance",
            "no allowance covers a pause after the validity check",
        ],
    );
}

/// Item 10: A restarted master lets a second client win only when the first has a bare majority.
#[test]
fn a_restart_can_let_a_second_client_win() {
    never_says(&["restarts without the keys it granted (no fsync=always) lets a second client"]);
    let restart = text_with(
        "lab_failover.ron",
        "A master restarts without the keys it granted",
    );
    says_all(
        &restart,
        &[
            "a second client can win a majority while the first still holds the lock",
            "bare majority (three of five, as in the lab)",
        ],
    );
}

/// Item 11: The double grant is real; the milliseconds are the lab's, not Sentinel's.
#[test]
fn the_lab_promotes_at_once_and_sentinel_would_wait() {
    never_says(&["twice within milliseconds"]);
    let surprise = text_with("notes.ron", "The Redis failover grants the lock twice");
    says_all(
        &surprise,
        &[
            "the lab promotes the replica at once",
            "Sentinel would first wait out its detection time",
            "thirty seconds by default",
            "a vote",
        ],
    );
}

/// Item 12: Redis hands out no fencing token: the lab's story says why its INCR serves here.
#[test]
fn the_lab_says_where_its_redis_token_comes_from() {
    let redis = |server, outcome| LabRun {
        params: LabParams {
            fencing: true,
            ..LabParams::new(server)
        },
        outcome,
        ..locks_lesson::lab::recorded::stale_run_with(true)
    };
    use locks_lesson::ui::sections::lab::headline;
    for outcome in [Outcome::Rejected, Outcome::Overwritten, Outcome::NoOverlap] {
        let story = headline(&redis(ServerKind::Redis, outcome));
        says_all(
            &story,
            &[
                "Redis hands out no fencing token of its own",
                "an INCR on this one server, which sees every grant",
                "After a failover",
                "could hand out the same number again",
            ],
        );
        let etcd = headline(&redis(ServerKind::Etcd, outcome));
        assert!(!etcd.contains("INCR"), "{etcd}");
    }
}

/// Item 13: A hold that outlives its lease is an overlap only if someone else takes the lock.
#[test]
fn outlived_holds_are_not_called_overlaps() {
    never_says(&[
        "trades overlaps against",
        "against overlaps",
        "overlaps to zero",
        "someone else takes over",
    ]);
    for (file, anchor) in [
        ("sections/ttl.ron", "The TTL trades"),
        ("sections/ttl.ron", "Even a long TTL"),
        ("notes.ron", "Interviewers listen for three ideas"),
        ("lesson.ron", "Interviewers listen for three ideas"),
    ] {
        says_all(
            &text_with(file, anchor),
            &["holds that outlive their lease"],
        );
    }
    says_all(
        &text_with("sections/ttl.ron", "Slow happens"),
        &["someone else can take over"],
    );
}

// ---- Smaller points -----------------------------------------------------------------------

#[test]
fn a_paused_process_does_not_notice_rather_than_cannot_tell() {
    never_says(&["cannot tell that it was paused"]);
    text_with(
        "sections/stale.ron",
        "it does not notice that it was paused",
    );
}

#[test]
fn the_etcd_story_says_who_renewed_the_lease_it_measures() {
    let kept = text_with("lab_failover.ron", "{a_lease_left_s}\u{a0}s left");
    says_all(
        &kept,
        &[
            "{a_lease_left_s}\u{a0}s left: on taking over, the new leader restarted every lease at its full TTL plus an election timeout",
        ],
    );
}

#[test]
fn an_exact_count_is_not_called_about() {
    never_says(&["about {over_newer}"]);
    assert!(
        asset("break_story.ron")
            .iter()
            .filter(|t| t.contains("{over_newer}"))
            .count()
            >= 4
    );
}

#[test]
fn jepsen_published_in_2020_from_tests_in_2019() {
    never_says(&[
        "tested etcd in 2020",
        "Jepsen (2020) observed",
        "Jepsen's 2020 tests",
    ]);
    let mut dated = 0;
    for (place, text) in corpus() {
        for sentence in text.split(". ") {
            if sentence.contains("Jepsen") && sentence.contains("2020") {
                dated += 1;
                assert!(
                    sentence.contains("analysis"),
                    "{place}: Jepsen's 2020 work is its analysis: {sentence}"
                );
            }
        }
    }
    assert!(dated >= 4, "only {dated} dated Jepsen sentences");
    text_with("systems.ron", "of tests run in late 2019");
}

#[test]
fn redlock_releases_on_every_master() {
    never_says(&["the client releases what it took"]);
    let validity = text_with(
        "glossary.ron",
        "How long a Redlock client may trust its lock",
    );
    says_all(
        &validity,
        &[
            "releases the lock on every master, even those it believes refused it",
            "a lost reply",
        ],
    );
    // The lab does the same.
    let code = source("src/lab/failover/redlock.rs");
    assert!(
        code.contains("fn release(servers: &[LocalServer], value: &str) { for s in servers {"),
        "{code}"
    );
}
