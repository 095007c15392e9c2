//! Section 5's failovers on real servers (`locks-lesson lab failover`), one test per outcome,
//! and the lab killed mid-run (Ctrl+C and SIGKILL at several moments) leaving no server
//! process, no listening port and no temporary folder behind.
//!
//! A missing server program has the harness report a test ignored, unless
//! LOCKS_LESSON_LAB_REQUIRED=1 (set by .ci/run, which installs redis-server and etcd-server):
//! then it fails. Each body asks for its servers with `require`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use locks_lesson::lab::failover::{
    FailoverOutcome, FailoverRun, FailoverSetup, FailoverStore, run_failover, story,
};
use locks_lesson::lab::{Control, ServerKind};
use serde_json::Value;

use crate::{LabTest, require};
use ServerKind::{Etcd, Redis};

/// This module's tests, with the servers each needs.
pub const TESTS: &[LabTest] = &[
    LabTest::new(
        "redis_replica_failover_grants_the_lock_twice",
        &[Redis],
        redis_replica_failover_grants_the_lock_twice,
    ),
    LabTest::new(
        "redlock_restart_at_once_grants_the_lock_twice",
        &[Redis],
        redlock_restart_at_once_grants_the_lock_twice,
    ),
    LabTest::new(
        "redlock_delayed_restart_keeps_the_lock",
        &[Redis],
        redlock_delayed_restart_keeps_the_lock,
    ),
    LabTest::new(
        "etcd_cluster_keeps_the_lock_through_an_election",
        &[Etcd],
        etcd_cluster_keeps_the_lock_through_an_election,
    ),
    LabTest::new(
        "cli_prints_one_json_object_per_run",
        &[Redis],
        cli_prints_one_json_object_per_run,
    ),
    LabTest::new(
        "cli_bad_flags_and_missing_servers_are_one_clear_line",
        &[],
        cli_bad_flags_and_missing_servers_are_one_clear_line,
    ),
    LabTest::new(
        "killing_a_failover_run_leaves_nothing_behind",
        &[Redis, Etcd],
        killing_a_failover_run_leaves_nothing_behind,
    ),
    LabTest::new(
        "killing_a_stale_run_leaves_nothing_behind",
        &[Redis, Etcd],
        killing_a_stale_run_leaves_nothing_behind,
    ),
    LabTest::new(
        "the_page_draws_a_real_run_with_what_was_measured",
        &[Redis],
        the_page_draws_a_real_run_with_what_was_measured,
    ),
    LabTest::new(
        "a_body_using_a_server_its_needs_omit_fails",
        &[],
        a_body_using_a_server_its_needs_omit_fails,
    ),
];

/// A test whose `needs` drifted from what its body uses fails, installed or not: it is never
/// skipped by the harness and then passed having checked nothing.
fn a_body_using_a_server_its_needs_omit_fails() {
    for kind in [Redis, Etcd] {
        // (What `require` panics on, read without a panic in the log.)
        let used = crate::required(kind);
        assert!(used.is_err(), "{kind:?} passed `require` with no needs");
    }
}

/// Runs one experiment (within 15 s); the test's `needs` must list its server.
fn run(store: FailoverStore, delayed_restart: bool) -> FailoverRun {
    require(store.server());
    let p = FailoverSetup {
        store,
        delayed_restart,
    };
    let t = Instant::now();
    let run = run_failover(&p, &Control::none()).unwrap_or_else(|e| panic!("{e}"));
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    eprintln!(
        "{}: {} in {:.0} ms",
        p.store.as_str(),
        run.outcome.as_str(),
        run.total_ms
    );
    run
}

/// The moments, each at or after the one before (two steps done back to back can share a
/// tenth of a millisecond).
fn in_order(run: &FailoverRun, keys: &[&str]) {
    let at: Vec<f64> = keys
        .iter()
        .map(|k| {
            run.moment(k)
                .unwrap_or_else(|| panic!("no moment {k}: {run:?}"))
        })
        .collect();
    for (w, k) in at.windows(2).zip(keys.windows(2)) {
        assert!(
            w[0] <= w[1],
            "{} ({}) before {} ({}): {run:?}",
            k[0],
            w[0],
            k[1],
            w[1]
        );
    }
}

fn fact(run: &FailoverRun, key: &str) -> Value {
    run.fact(key)
        .cloned()
        .unwrap_or_else(|| panic!("no fact {key}"))
}

fn redis_replica_failover_grants_the_lock_twice() {
    let run = run(FailoverStore::RedisReplica, false);
    assert_eq!(run.outcome, FailoverOutcome::GrantedTwice, "{run:?}");
    in_order(
        &run,
        &[
            "link_cut",
            "a_granted",
            "fault",
            "promotion",
            "b_answer",
            "a_valid_until",
        ],
    );
    assert!(run.moment("b_answer") < run.moment("a_valid_until"));
    // The key never reached the replica: its offset stayed behind the primary's.
    assert_eq!(fact(&run, "key_reached_replica"), false);
    let (p, r) = (
        fact(&run, "primary_offset_after_a"),
        fact(&run, "replica_offset"),
    );
    assert!(r.as_i64().unwrap() < p.as_i64().unwrap(), "{p} vs {r}");
    assert_eq!(fact(&run, "b_granted"), true);
    assert_eq!(run.lanes.len(), 4);
    assert!(
        story(&run).contains("granted the same lock"),
        "{}",
        story(&run)
    );
}

fn redlock_restart_at_once_grants_the_lock_twice() {
    let run = run(FailoverStore::Redlock, false);
    assert_eq!(run.outcome, FailoverOutcome::GrantedTwice, "{run:?}");
    in_order(
        &run,
        &[
            "cut_off",
            "a_granted",
            "fault",
            "restart",
            "b_attempt",
            "b_granted",
            "a_valid_until",
        ],
    );
    assert!(run.moment("b_granted") < run.moment("a_valid_until"));
    assert_eq!(fact(&run, "a_masters"), serde_json::json!([1, 2, 3]));
    let b: Vec<i64> = fact(&run, "b_masters")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert!(
        b.len() >= 3 && b.contains(&3),
        "B's majority includes the restarted master: {b:?}"
    );
    // Validity = TTL − time spent acquiring − drift allowance (1 % of the TTL + 2 ms).
    let f = |k: &str| fact(&run, k).as_f64().unwrap();
    assert_eq!(f("drift_ms"), 32.0);
    assert!((f("validity_ms") - (f("ttl_ms") - f("a_acquire_ms") - f("drift_ms"))).abs() < 0.2);
    assert_eq!(run.lanes.len(), 7);
}

fn redlock_delayed_restart_keeps_the_lock() {
    let run = run(FailoverStore::Redlock, true);
    assert_eq!(run.outcome, FailoverOutcome::Kept, "{run:?}");
    in_order(
        &run,
        &[
            "a_granted",
            "fault",
            "b_attempt",
            "b_answer",
            "a_valid_until",
            "b_granted",
        ],
    );
    assert!(run.moment("a_valid_until") < run.moment("b_granted"));
    let ttl = fact(&run, "ttl_ms").as_f64().unwrap();
    let (fault, restart) = (run.moment("fault").unwrap(), run.moment("restart").unwrap());
    assert!(
        restart - fault > ttl,
        "down for longer than the TTL: {run:?}"
    );
    assert!(
        fact(&run, "b_attempts").as_u64().unwrap() >= 2,
        "B was refused first"
    );
}

fn etcd_cluster_keeps_the_lock_through_an_election() {
    let run = run(FailoverStore::EtcdCluster, false);
    assert_eq!(run.outcome, FailoverOutcome::Kept, "{run:?}");
    in_order(
        &run,
        &["a_granted", "fault", "election", "b_attempt", "b_answer"],
    );
    assert!(run.moment("fault") < run.moment("election"));
    assert_eq!(fact(&run, "members"), 3);
    assert_ne!(fact(&run, "old_leader"), fact(&run, "new_leader"));
    assert_eq!(fact(&run, "b_granted"), false);
    assert_eq!(fact(&run, "revision_unchanged"), true, "{run:?}");
    assert_eq!(fact(&run, "a_revision"), fact(&run, "revision_after_b"));
    let election = fact(&run, "election_ms").as_f64().unwrap();
    assert!(election > 0.0 && election < 5000.0, "{election}");
    assert_eq!(run.lanes.len(), 5);
}

// ---------------------------------------------------------------- the command line

fn lab(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_locks-lesson"));
    cmd.arg("lab").args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn cli_prints_one_json_object_per_run() {
    require(Redis);
    let (code, out, err) = lab(&["failover", "--store", "redis-replica", "--json"], &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim().lines().count(), 1, "{out}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["lab"], "failover");
    assert_eq!(v["store"], "redis-replica");
    assert_eq!(v["outcome"], "granted_twice");
    assert!(v["server_version"].as_str().is_some_and(|s| !s.is_empty()));
    for k in [
        "a_granted_ms",
        "fault_ms",
        "promotion_ms",
        "b_attempt_ms",
        "b_answer_ms",
    ] {
        assert!(v[k].as_f64().is_some(), "missing {k} in {v}");
    }
    let (code, out, err) = lab(&["failover", "--store", "redis-replica"], &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim().lines().count(), 1, "one paragraph: {out}");
    assert!(out.contains("Two clients now hold one lock"), "{out}");
}

fn cli_bad_flags_and_missing_servers_are_one_clear_line() {
    for (args, needle) in [
        (
            vec!["failover", "--store", "mysql"],
            "--store must be redis-replica, redlock or etcd-cluster",
        ),
        (vec!["failover"], "--store is required"),
        (
            vec!["failover", "--store", "etcd-cluster", "--delayed-restart"],
            "--delayed-restart only applies to --store redlock",
        ),
    ] {
        let (code, out, err) = lab(&args, &[]);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains(needle) && err.trim().lines().count() == 1,
            "{err}"
        );
    }
    for (store, package) in [
        ("redlock", "apt install redis-server"),
        ("etcd-cluster", "apt install etcd-server"),
    ] {
        let (code, _, err) = lab(&["failover", "--store", store], &[("PATH", "")]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(package), "{err}");
    }
}

// ---------------------------------------------------------------- killing the lab

/// Processes whose working directory is under `root` (every server runs in its folder).
fn processes_under(root: &Path) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_link(format!("/proc/{pid}/cwd")).is_ok_and(|cwd| cwd.starts_with(root))
        })
        .collect()
}

/// The loopback ports these processes listen on (their sockets' inodes in /proc/net/tcp).
fn listening_ports(pids: &[u32]) -> Vec<u16> {
    let inodes: Vec<String> = pids
        .iter()
        .flat_map(|pid| {
            std::fs::read_dir(format!("/proc/{pid}/fd"))
                .into_iter()
                .flatten()
                .flatten()
        })
        .filter_map(|fd| {
            let target = std::fs::read_link(fd.path()).ok()?;
            let t = target.to_string_lossy();
            Some(t.strip_prefix("socket:[")?.trim_end_matches(']').to_owned())
        })
        .collect();
    listening(|inode| inodes.iter().any(|i| i == inode))
}

/// Ports in LISTEN state whose socket inode passes `keep`.
fn listening(keep: impl Fn(&str) -> bool) -> Vec<u16> {
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap_or_default();
    table
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let port = u16::from_str_radix(f.get(1)?.rsplit(':').next()?, 16).ok()?;
            (f.get(3)? == &"0A" && keep(f.get(9)?)).then_some(port)
        })
        .collect()
}

/// Server processes (not their supervisors) under `root`.
fn servers_under(root: &Path) -> Vec<u32> {
    processes_under(root)
        .into_iter()
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() != "sh")
        })
        .collect()
}

/// When to interrupt the run.
#[derive(Clone, Copy, Debug)]
enum When {
    /// This long after the start.
    After(Duration),
    /// This long after at least this many servers run.
    Servers(usize, Duration),
}

/// Starts a lab command with its own temporary folder root, signals it at `when`, and checks
/// that nothing it started is left: no process, no listening port, no folder.
fn kill_the_lab(args: &[&str], signal: &str, when: When) {
    let root = tempfile::Builder::new()
        .prefix("lab-kill-test-")
        .tempdir()
        .unwrap();
    let root_path: PathBuf = root.path().canonicalize().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_locks-lesson"))
        .arg("lab")
        .args(args)
        .env("TMPDIR", &root_path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    match when {
        When::After(d) => std::thread::sleep(d),
        When::Servers(n, d) => {
            let until = Instant::now() + Duration::from_secs(10);
            while servers_under(&root_path).len() < n {
                assert!(Instant::now() < until, "{args:?}: {n} servers never ran");
                std::thread::sleep(Duration::from_millis(5));
            }
            std::thread::sleep(d);
        }
    }
    let servers = servers_under(&root_path);
    let ports = listening_ports(&servers);
    if let When::Servers(..) = when {
        // Servers were running: the check below has something to find.
        assert!(!servers.is_empty(), "{args:?}: no server seen running");
    }
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let _ = child.wait();
    let until = Instant::now() + Duration::from_secs(5);
    let left = loop {
        let procs = processes_under(&root_path);
        let open: Vec<u16> = listening(|_| true)
            .into_iter()
            .filter(|p| ports.contains(p))
            .collect();
        let folders: Vec<_> = std::fs::read_dir(&root_path)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        if procs.is_empty() && open.is_empty() && folders.is_empty() {
            break None;
        }
        if Instant::now() > until {
            break Some((procs, open, folders));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        left.is_none(),
        "{args:?} {signal} at {when:?}: servers {servers:?} on {ports:?}; left: {left:?}"
    );
    eprintln!(
        "{args:?} {signal} at {when:?}: {} servers on {ports:?}, all gone",
        servers.len()
    );
}

fn killing_a_failover_run_leaves_nothing_behind() {
    require(Redis);
    require(Etcd);
    let ms = Duration::from_millis;
    let redlock = &["failover", "--store", "redlock"][..];
    let etcd = &["failover", "--store", "etcd-cluster"][..];
    for (args, signal, when) in [
        (redlock, "-KILL", When::After(ms(20))),
        (redlock, "-INT", When::Servers(3, ms(0))),
        (redlock, "-KILL", When::Servers(5, ms(20))),
        (
            &["failover", "--store", "redlock", "--delayed-restart"][..],
            "-KILL",
            When::Servers(5, ms(1500)),
        ),
        (
            &["failover", "--store", "redis-replica"][..],
            "-INT",
            When::Servers(2, ms(0)),
        ),
        (etcd, "-KILL", When::Servers(3, ms(0))),
        (etcd, "-INT", When::Servers(3, ms(400))),
    ] {
        kill_the_lab(args, signal, when);
    }
}

fn killing_a_stale_run_leaves_nothing_behind() {
    require(Redis);
    require(Etcd);
    let ms = Duration::from_millis;
    for (args, signal, when) in [
        (
            &["stale", "--server", "redis"][..],
            "-INT",
            When::Servers(1, ms(1000)),
        ),
        (
            &["stale", "--server", "etcd"][..],
            "-KILL",
            When::Servers(1, ms(1500)),
        ),
        (
            &["stale", "--server", "etcd"][..],
            "-INT",
            When::After(ms(100)),
        ),
    ] {
        kill_the_lab(args, signal, when);
    }
}

// ---------------------------------------------------------------- the page

/// The lab page with a real run on screen, drawn on a kittest harness.
fn page_with(run: FailoverRun) -> egui_kittest::Harness<'static> {
    let page = locks_lesson::ui::sections::lab::LabPage::with_failover(run);
    crate::page_harness(page, [1200.0, 900.0])
}

fn the_page_draws_a_real_run_with_what_was_measured() {
    use egui_kittest::kittest::Queryable;
    let run = run(FailoverStore::Redlock, false);
    let headline = story(&run);
    let h = page_with(run);
    for label in [
        "Section 3: the stale holder",
        "Redis with a replica: the primary dies",
        "Redlock: a master restarts at once",
        "Redlock: a master restarts after the TTL",
        "etcd cluster: the leader dies",
        "Run: a master restarts at once",
        "What was measured",
        "Clock drift allowance (1\u{a0}% of the TTL + 2\u{a0}ms)",
        "A's validity time",
    ] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    assert!(h.query_by_label(&headline).is_some(), "{headline}");
}
