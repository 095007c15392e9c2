//! The lab against real servers: every test starts its own redis-server or etcd on a free
//! loopback port with a temporary folder, and the guard stops it however the test ends.
//!
//! Each test names the servers it needs in [`TESTS`]; the harness (`main.rs`) skips or fails a
//! test whose server program is missing, and `require` fails a body that uses a server its
//! entry does not name.

use std::net::TcpListener;
use std::process::Command;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use locks_lesson::lab::server::LocalServer;
use locks_lesson::lab::{Control, LabError, LabParams, LabRun, Outcome, ServerKind, run_stale};
use serde_json::Value;

use crate::LabTest;
use ServerKind::{Etcd, Redis};

/// This module's tests, with the servers each needs.
pub const TESTS: &[LabTest] = &[
    LabTest::new(
        "redis_without_fencing_a_late_write_overwrites_b",
        &[Redis],
        redis_without_fencing_a_late_write_overwrites_b,
    ),
    LabTest::new(
        "redis_with_fencing_the_lua_check_rejects_a",
        &[Redis],
        redis_with_fencing_the_lua_check_rejects_a,
    ),
    LabTest::new(
        "etcd_without_fencing_a_late_write_overwrites_b",
        &[Etcd],
        etcd_without_fencing_a_late_write_overwrites_b,
    ),
    LabTest::new(
        "etcd_with_fencing_the_txn_check_rejects_a",
        &[Etcd],
        etcd_with_fencing_the_txn_check_rejects_a,
    ),
    LabTest::new(
        "a_finished_run_finishes_the_lab",
        &[],
        a_finished_run_finishes_the_lab,
    ),
    LabTest::new(
        "the_story_says_why_etcd_tokens_skip_numbers",
        &[],
        the_story_says_why_etcd_tokens_skip_numbers,
    ),
    LabTest::new(
        "the_timeline_key_is_in_view_on_a_laptop",
        &[],
        the_timeline_key_is_in_view_on_a_laptop,
    ),
    LabTest::new(
        "an_unreachable_url_is_a_clear_error_at_once",
        &[],
        an_unreachable_url_is_a_clear_error_at_once,
    ),
    LabTest::new(
        "redis_killed_mid_run_is_a_clear_failure",
        &[Redis],
        redis_killed_mid_run_is_a_clear_failure,
    ),
    LabTest::new(
        "etcd_killed_mid_run_is_a_clear_failure",
        &[Etcd],
        etcd_killed_mid_run_is_a_clear_failure,
    ),
    LabTest::new(
        "the_wrong_server_at_the_url_is_named",
        &[Redis, Etcd],
        the_wrong_server_at_the_url_is_named,
    ),
    LabTest::new(
        "cli_starts_its_own_redis_and_prints_one_json_object",
        &[Redis],
        cli_starts_its_own_redis_and_prints_one_json_object,
    ),
    LabTest::new(
        "cli_bad_values_exit_2_naming_the_flag_and_range",
        &[],
        cli_bad_values_exit_2_naming_the_flag_and_range,
    ),
    LabTest::new(
        "cli_without_any_server_says_how_to_install_one",
        &[],
        cli_without_any_server_says_how_to_install_one,
    ),
    LabTest::new(
        "a_changed_setting_asks_the_question_again",
        &[],
        a_changed_setting_asks_the_question_again,
    ),
    LabTest::new(
        "an_overlap_without_damage_says_both_acted_as_holder",
        &[],
        an_overlap_without_damage_says_both_acted_as_holder,
    ),
];

/// A server of the test's own (the harness has checked that its program is installed).
fn server(kind: ServerKind) -> LocalServer {
    crate::require(kind);
    LocalServer::start(kind, &|| false).expect("the server starts")
}

fn params(kind: ServerKind, url: &str, fencing: bool) -> LabParams {
    LabParams {
        url: Some(url.to_owned()),
        fencing,
        ttl_ms: 1000,
        pause_ms: 3000,
        ..LabParams::new(kind)
    }
}

/// Runs the story on another thread and waits at most `limit` for it: a hang fails the test.
fn run_within(p: LabParams, limit: Duration) -> Result<LabRun, LabError> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(run_stale(&p, &Control::none()));
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("the run did not end within {limit:?}"))
}

fn story(kind: ServerKind, fencing: bool) {
    let srv = server(kind);
    let run = run_within(params(kind, srv.url(), fencing), Duration::from_secs(30))
        .unwrap_or_else(|e| panic!("{e}"));
    let expiry = run.expiry_ms.expect("A's lock expired before A wrote");
    // The story's order, from the measured times.
    assert!(
        expiry < run.b_write_ms && run.b_write_ms < run.a_write_ms,
        "{run:?}"
    );
    assert!(
        run.a_frozen_ms < expiry && expiry < run.a_woke_ms,
        "{run:?}"
    );
    // The server kept A's lock for a whole TTL after its last renewal, not much longer
    // (etcd checks its leases about every half second).
    let held_for = expiry - run.a_last_renewal_ms;
    let ttl = run.granted_ttl_ms as f64;
    assert!(
        held_for > ttl - 50.0 && held_for < ttl + 900.0,
        "{held_for} vs {ttl}: {run:?}"
    );
    assert!(run.a_woke_ms - run.a_frozen_ms >= 3000.0, "{run:?}");
    assert!(run.b_token > run.a_token, "tokens only go up: {run:?}");
    assert!(run.b_applied, "{run:?}");
    if fencing {
        assert_eq!(run.outcome, Outcome::Rejected, "{run:?}");
        assert!(!run.a_applied);
        assert_eq!(run.survivor, "B", "B's data survived: {run:?}");
    } else {
        assert_eq!(run.outcome, Outcome::Overwritten, "{run:?}");
        assert!(run.a_applied);
        assert_eq!(run.survivor, "A", "A's stale data replaced B's: {run:?}");
    }
    assert!(run.storage_value.contains(&format!(
        "token {}",
        if fencing { run.b_token } else { run.a_token }
    )));
    assert!(!run.started_server, "the test's own server was used");
}

fn redis_without_fencing_a_late_write_overwrites_b() {
    story(ServerKind::Redis, false);
}

fn redis_with_fencing_the_lua_check_rejects_a() {
    story(ServerKind::Redis, true);
}

fn etcd_without_fencing_a_late_write_overwrites_b() {
    story(ServerKind::Etcd, false);
}

fn etcd_with_fencing_the_txn_check_rejects_a() {
    story(ServerKind::Etcd, true);
}

/// A loopback port nobody listens on.
fn closed_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn an_unreachable_url_is_a_clear_error_at_once() {
    let port = closed_port();
    for (kind, url) in [
        (ServerKind::Redis, format!("redis://127.0.0.1:{port}")),
        (ServerKind::Etcd, format!("http://127.0.0.1:{port}")),
    ] {
        let t = Instant::now();
        let e = run_within(params(kind, &url, false), Duration::from_secs(10)).unwrap_err();
        assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
        let LabError::NoServer(msg) = &e else {
            panic!("{e:?}")
        };
        assert!(
            msg.contains(&url) && msg.contains("connection refused"),
            "{msg}"
        );
    }
}

fn killed_mid_run(kind: ServerKind) {
    let mut srv = server(kind);
    let p = params(kind, srv.url(), true);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(run_stale(&p, &Control::none()));
    });
    // A is frozen and B is waiting for the lock when the server dies.
    std::thread::sleep(Duration::from_millis(1200));
    let killed = Instant::now();
    srv.kill();
    let e = rx
        .recv_timeout(Duration::from_secs(15))
        .expect("a dead server ends the run, never hangs it")
        .unwrap_err();
    assert!(
        killed.elapsed() < Duration::from_secs(8),
        "{:?}",
        killed.elapsed()
    );
    let LabError::Failed(msg) = &e else {
        panic!("{e:?}")
    };
    assert!(msg.contains("did the server stop?"), "{msg}");
}

fn redis_killed_mid_run_is_a_clear_failure() {
    killed_mid_run(ServerKind::Redis);
}

fn etcd_killed_mid_run_is_a_clear_failure() {
    killed_mid_run(ServerKind::Etcd);
}

fn the_wrong_server_at_the_url_is_named() {
    let redis = server(ServerKind::Redis);
    let port = redis.url().rsplit(':').next().unwrap().to_owned();
    let e = run_within(
        params(ServerKind::Etcd, &format!("http://127.0.0.1:{port}"), false),
        Duration::from_secs(10),
    )
    .unwrap_err();
    let LabError::NoServer(msg) = &e else {
        panic!("{e:?}")
    };
    assert!(msg.contains("does not answer like etcd"), "{msg}");

    let etcd = server(ServerKind::Etcd);
    let hostport = etcd.url().trim_start_matches("http://").to_owned();
    let e = run_within(
        params(ServerKind::Redis, &hostport, false),
        Duration::from_secs(10),
    )
    .unwrap_err();
    let LabError::NoServer(msg) = &e else {
        panic!("{e:?}")
    };
    assert!(msg.contains("does not answer like Redis"), "{msg}");
}

// ---------------------------------------------------------------- the command line

fn lab(args: &[&str], path: Option<&str>) -> (i32, String, String, Duration) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_locks-lesson"));
    cmd.arg("lab").args(args);
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    let t = Instant::now();
    let out = cmd.output().expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        t.elapsed(),
    )
}

fn cli_starts_its_own_redis_and_prints_one_json_object() {
    crate::require(Redis);
    let (code, out, err, took) = lab(
        &[
            "stale",
            "--server",
            "redis",
            "--fencing",
            "--ttl-ms",
            "1000",
            "--pause-ms",
            "2500",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim().lines().count(), 1, "{out}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    for key in [
        "server",
        "url",
        "fencing",
        "ttl_ms",
        "pause_ms",
        "outcome",
        "expiry_ms",
        "b_write_ms",
        "a_write_ms",
        "storage_value",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(v["outcome"], "rejected", "{v}");
    assert_eq!(v["started_server"], true);
    assert_eq!(v["pause_ms"], 2500);
    let f = |k: &str| v[k].as_f64().unwrap();
    assert!(
        f("expiry_ms") < f("b_write_ms") && f("b_write_ms") < f("a_write_ms"),
        "{v}"
    );
    assert!(
        v["storage_value"]
            .as_str()
            .unwrap()
            .starts_with("B's result"),
        "{v}"
    );
    assert!(took < Duration::from_secs(15), "{took:?}");
}

fn cli_bad_values_exit_2_naming_the_flag_and_range() {
    for (args, needle) in [
        (
            vec!["stale", "--server", "redis", "--ttl-ms", "500"],
            "--ttl-ms must be an integer from 1000 to 3000",
        ),
        (
            vec!["stale", "--server", "redis", "--pause-ms", "x"],
            "--pause-ms must be an integer from 0 to 10000",
        ),
        (
            vec!["stale", "--server", "mysql"],
            "--server must be redis or etcd",
        ),
        (vec!["stale"], "--server is required"),
    ] {
        let (code, out, err, _) = lab(&args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

fn cli_without_any_server_says_how_to_install_one() {
    // An empty PATH: no server program can be found, and none is started.
    let (code, _, err, took) = lab(&["stale", "--server", "etcd", "--json"], Some(""));
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("sudo apt install etcd-server") && err.contains("brew install etcd"),
        "{err}"
    );
    assert!(took < Duration::from_secs(5));
    let (code, _, err, _) = lab(&["stale", "--server", "redis"], Some(""));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("sudo apt install redis-server") && err.contains("WSL"),
        "{err}"
    );
    let port = closed_port();
    let url = format!("redis://127.0.0.1:{port}");
    let (code, _, err, took) = lab(&["stale", "--server", "redis", "--url", &url], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("connection refused"), "{err}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

// ---------------------------------------------------------------- the page

/// A run recorded on Redis 7.0.15 (fixed numbers: a real run's times differ every time).
fn recorded_run() -> LabRun {
    locks_lesson::lab::recorded::stale_run()
}

fn an_overlap_without_damage_says_both_acted_as_holder() {
    let run = LabRun {
        outcome: Outcome::OverlapHarmless,
        ..recorded_run()
    };
    let h = locks_lesson::ui::sections::lab::headline(&run);
    assert!(
        h.contains("both acted as holder") && !h.contains("both held"),
        "{h}"
    );
}

/// The lab's page as the app draws it (its title and words above the experiment) in a
/// window of `size` points, with the progress it keeps.
fn page_with_words(
    page: locks_lesson::ui::sections::lab::LabPage,
    size: [f32; 2],
) -> egui_kittest::Harness<
    'static,
    (
        locks_lesson::ui::sections::lab::LabPage,
        locks_lesson::progress::ProgressFile,
    ),
> {
    use locks_lesson::progress::ProgressFile;
    use locks_lesson::ui::sections::lab::LabPage;

    let runner = locks_lesson::runner::Runner::inline();
    let mut h = egui_kittest::Harness::builder()
        .with_size(size)
        .build_ui_state(
            move |ui, (page, progress): &mut (LabPage, ProgressFile)| {
                let mut events = Vec::new();
                let mut cx = crate::learner_cx(&runner, &mut events, progress);
                egui::CentralPanel::default().show(ui, |ui| {
                    locks_lesson::ui::sections::text::page(ui, page, &mut cx);
                });
            },
            (page, ProgressFile::memory()),
        );
    h.run_steps(3);
    h
}

/// A prediction belongs to the settings it was made at: after a setting changes, Run waits
/// for a new answer (a run the learner never predicted is never judged); the server's address
/// changes nothing of the outcome and keeps it.
fn a_changed_setting_asks_the_question_again() {
    use egui_kittest::kittest::{NodeT, Queryable};
    use locks_lesson::ui::sections::lab::LabPage;

    let mut h = page_with_words(LabPage::new(), [1100.0, 760.0]);
    let run_enabled =
        |h: &egui_kittest::Harness<'_, _>| !h.get_by_label("Run").accesskit_node().is_disabled();
    assert!(!run_enabled(&h), "Run waits for a prediction");
    h.get_by_label_contains("A's stale data").click();
    h.run_steps(2);
    assert!(run_enabled(&h), "a prediction lets Run go");
    h.get_by_label("URL (optional):")
        .type_text("redis://127.0.0.1:6390");
    h.run_steps(2);
    assert!(
        run_enabled(&h),
        "the address is no setting of the experiment"
    );
    h.get_by_label("Storage checks fencing tokens").click();
    h.run_steps(2);
    assert!(!run_enabled(&h), "a changed setting asks again");
    h.get_by_label_contains("B's result").click();
    h.run_steps(2);
    assert!(run_enabled(&h), "answered again");
    h.get_by_label("etcd").click();
    h.run_steps(2);
    assert!(!run_enabled(&h), "another server asks again");
}

/// One experiment run to its end finishes the lab: its section gets its tick (and the
/// progress file keeps it); a page without a run does not.
fn a_finished_run_finishes_the_lab() {
    use locks_lesson::ui::sections::lab::LabPage;

    let lab = locks_lesson::sections::lab();
    for (page, ran) in [
        (LabPage::new(), false),
        (LabPage::with_result(recorded_run()), true),
    ] {
        let h = page_with_words(page, [1100.0, 760.0]);
        let done = h.state().1.get().finished(lab);
        assert_eq!(done, ran, "a run finishes the lab; no run, no tick");
    }
}

/// etcd's tokens are its revisions: the story itself says why B's is not A's plus one (and a
/// Redis run, whose tokens follow on, says nothing of the kind).
fn the_story_says_why_etcd_tokens_skip_numbers() {
    let etcd = LabRun {
        params: LabParams {
            fencing: false,
            ttl_ms: 1000,
            pause_ms: 3000,
            ..LabParams::new(ServerKind::Etcd)
        },
        a_token: 2,
        b_token: 4,
        ..recorded_run()
    };
    let story = locks_lesson::ui::sections::lab::headline(&etcd);
    assert!(
        story.contains("Why tokens 2 and 4")
            && story.contains("a revision counts every change in the whole store"),
        "{story}"
    );
    let redis = locks_lesson::ui::sections::lab::headline(&recorded_run());
    assert!(!redis.contains("Why tokens"), "{redis}");
}

/// On a 1366×768 laptop (the page is what is left under the app's bars, the window's title
/// and the system's task bar) the timeline's key is in view without scrolling.
fn the_timeline_key_is_in_view_on_a_laptop() {
    use egui_kittest::kittest::Queryable;
    use locks_lesson::ui::sections::lab::LabPage;

    let size = [1366.0 - 230.0, 768.0 - 140.0];
    let h = page_with_words(LabPage::with_result(recorded_run()), size);
    // (The key's first entry and its last: this run's late write went through.)
    for label in ["A works / holds its lock", "applied over newer data"] {
        let r = h.get_by_label(label).rect();
        assert!(
            r.bottom() <= size[1],
            "'{label}' {r:?} is below the window's {} points",
            size[1]
        );
    }
}
