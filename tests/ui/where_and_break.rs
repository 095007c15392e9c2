//! "Where the lock lives" and "Break it", driven through their real controls.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;
use locks_lesson::sim::{failover, renewal};

use crate::harness::{app, summary};

fn csv(h: &mut Harness<'static, LessonApp>, section: u8) -> String {
    crate::harness::csv(h, section).expect("the plot has data")
}

/// The number right after `marker` in `text` (digits, commas and a decimal point).
fn number_after(text: &str, marker: &str) -> f64 {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("'{marker}' not in: {text}"))
        + marker.len();
    let digits: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
        .collect();
    digits
        .trim_end_matches('.')
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("no number after '{marker}' in: {text}"))
}

fn set_slider(h: &mut Harness<'static, LessonApp>, label: &str, value: f64) {
    h.get_by_role_and_label(Role::Slider, label)
        .set_value_accesskit(value);
    h.run_steps(3);
}

fn click(h: &mut Harness<'static, LessonApp>, role: Role, label: &str) {
    h.get_by_role_and_label(role, label).click_accesskit();
    h.run_steps(3);
}

/// Everything the section shows as text and data is finite.
fn assert_finite(h: &mut Harness<'static, LessonApp>, section: u8) {
    let s = summary(h, section);
    let c = csv(h, section);
    for bad in ["NaN", "inf", "—"] {
        assert!(!s.contains(bad), "{bad} in the headline: {s}");
        assert!(!c.contains(bad), "{bad} in the data: {c}");
    }
}

/// Columns of section 9's CSV after the mode and the number of runs.
const LOST: usize = 0;
const DUPLICATES: usize = 1;
const STALE_LANDED: usize = 2;
const INVOICES_TWICE: usize = 3;
const HARMFUL: usize = 4;
const WASTED: usize = 5;
/// The exact expected counts follow in the same order, from `DUPLICATES`.
const EXACT: usize = 5;

/// The CSV row for a mode of section 9: lost locks, the five counts, their exact values.
fn mode_row(csv: &str, mode: &str) -> Vec<f64> {
    let header = csv.lines().next().expect("a header");
    assert_eq!(
        header,
        "mode,runs,lost_lock,duplicates,stale_writes_landed,double_effects,harmful,wasted,\
         exact_duplicates,exact_stale_writes_landed,exact_double_effects,exact_harmful,exact_wasted"
    );
    let line = csv
        .lines()
        .find(|l| l.starts_with(&format!("{mode},")))
        .unwrap_or_else(|| panic!("{mode} in {csv}"));
    line.split(',')
        .skip(2)
        .map(|x| x.parse().expect("a number"))
        .collect()
}

// ---- Section 5 --------------------------------------------------------------------------

#[test]
fn where_defaults_match_the_lesson() {
    let mut h = app("where");
    let s = summary(&mut h, "where");
    assert!(s.contains("loses about 2.5 locks"), "{s}");
    // One idea a step: what the loss costs comes second, related to the loss.
    assert!(!s.contains("granted twice"), "{s}");
    click(&mut h, Role::Button, "2 · Granted twice");
    let twice = summary(&mut h, "where");
    assert!(
        twice.contains("chance here")
            && twice.contains("the 2.5 locks lost per failover")
            && twice.contains("About 0.25 locks per failover are granted twice")
            && twice.contains("one every 4 failovers, on average"),
        "{twice}"
    );
    click(&mut h, Role::Button, "1 · Locks lost");
    // The window before the crash is the model's, not a delay: the headline leaves it out.
    assert!(!s.contains("5.0\u{a0}s") && !s.contains("last 5"), "{s}");
    assert!(s.contains("over 10,000 failovers"), "{s}");
    let simulated = number_after(&s, "simulated mean ");
    assert!((simulated - 2.5).abs() < 0.1, "{s}");
}

#[test]
fn consensus_stores_lose_nothing() {
    let mut h = app("where");
    for store in ["ZooKeeper", "etcd", "Chubby"] {
        click(&mut h, Role::Button, store);
        let s = summary(&mut h, "where");
        assert!(s.starts_with(store), "{s}");
        assert!(
            s.contains("loses none and none is granted twice, where Redis at the same settings would lose about 2.5. That is the store's documented behaviour"),
            "{s}"
        );
        assert!(!s.to_lowercase().contains("simulat"), "{s}");
        // Nothing on the page calls the zero a simulated figure.
        assert!(h.query_by_label_contains("Simulated mean").is_none());
        // A store that is not simulated shows no simulated numbers ("Model mean 0 (0 to 0)").
        assert_eq!(
            h.query_all_by_label_contains("Model mean (zero by construction)")
                .count(),
            0
        );
        let data = csv(&mut h, 5);
        let first = data.lines().nth(1).expect("the 0-lost bin");
        assert!(
            first.starts_with("0,0,10000,1"),
            "every failover in the 0 bin: {first}"
        );
    }
    click(&mut h, Role::Button, "Redis (single instance)");
    assert!(summary(&mut h, "where").contains("loses about 2.5 locks"));
    assert_eq!(h.query_all_by_label_contains("Simulated mean").count(), 2);
}

#[test]
fn redlock_shows_its_own_failure_modes_and_links_to_the_lab() {
    let mut h = app("where");
    click(&mut h, Role::Button, "Redlock");
    let s = summary(&mut h, "where");
    assert!(s.starts_with("Redlock masters have no replicas"), "{s}");
    // The headline names the failure; the card under it says when and the remedy.
    assert!(s.contains("restarts without its keys"), "{s}");
    assert!(
        h.query_all_by_label_contains("fsync=always")
            .next()
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("longer than the TTL")
            .next()
            .is_some()
    );
    // Redlock is shown as itself: no single primary's numbers stand in for it.
    assert!(!s.contains("loses about"), "{s}");
    assert!(
        h.query_by_label_contains("not Redlock").is_none()
            && h.query_by_label_contains("Redlock itself is not simulated")
                .is_none()
    );
    assert!(
        h.query_by_label("Redlock: what it assumes, and how it fails")
            .is_some()
    );
    assert!(crate::harness::csv(&h, 5).is_none());
    // Its link opens the lab on the Redlock experiment.
    let link = "Run it on real servers: the lab restarts one of five Redlock masters with an \
                empty data set";
    click(&mut h, Role::Link, link);
    assert_eq!(h.state().current_section(), locks_lesson::sections::lab());
    assert!(h.query_by_label("Run: a master restarts at once").is_some());
}

#[test]
fn more_replication_lag_loses_more_locks() {
    let mut h = app("where");
    let before = number_after(&summary(&mut h, "where"), "loses about ");
    set_slider(&mut h, crate::harness::label(&failover::LAG_MS), 50.0);
    let s = summary(&mut h, "where");
    let after = number_after(&s, "loses about ");
    assert!(s.contains("50\u{a0}ms replication lag"), "{s}");
    assert!(
        (after - 25.0).abs() < 1e-9,
        "R·L·(1 − e^(−w/L)) = 500 · 0.05 · (1 − e^−100) ≈ 25: {s}"
    );
    assert!(after > before * 9.0);
    // A higher grant rate loses more too.
    set_slider(&mut h, crate::harness::label(&failover::RATE), 5_000.0);
    assert!(number_after(&summary(&mut h, "where"), "loses about ") > after * 9.0);
}

#[test]
fn sample_size_and_reset() {
    let mut h = app("where");
    click(&mut h, Role::Button, "More settings");
    set_slider(&mut h, crate::harness::label(&failover::FAILOVERS), 100.0);
    assert!(summary(&mut h, "where").contains("over 100 failovers"));
    set_slider(&mut h, crate::harness::label(&failover::CONTENTION), 1.0);
    click(&mut h, Role::Button, "etcd");
    assert!(summary(&mut h, "where").contains("loses none"));
    click(&mut h, Role::Button, "Reset to lesson defaults");
    let s = summary(&mut h, "where");
    assert!(
        s.contains("loses about 2.5 locks") && s.contains("over 10,000 failovers"),
        "{s}"
    );
}

#[test]
fn where_slider_extremes_stay_finite() {
    let mut h = app("where");
    click(&mut h, Role::Button, "More settings");
    set_slider(
        &mut h,
        crate::harness::label(&failover::FAILOVERS),
        failover::FAILOVERS.min,
    );
    for (spec, v) in [
        // Out of range: the slider clamps.
        (&failover::RATE, 1e9),
        (&failover::LAG_MS, -5.0),
        (&failover::RATE, failover::RATE.min),
        (&failover::LAG_MS, failover::LAG_MS.min),
        (&failover::CONTENTION, failover::CONTENTION.min),
        (&failover::RATE, failover::RATE.max),
        (&failover::LAG_MS, failover::LAG_MS.max),
        (&failover::CONTENTION, failover::CONTENTION.max),
    ] {
        set_slider(&mut h, crate::harness::label(spec), v);
        assert_finite(&mut h, 5);
    }
    // Largest loss: 10,000 grants a second, a one-second lag.
    let s = summary(&mut h, "where");
    assert!(s.starts_with("At 10,000 grants a second"), "{s}");
    assert!(
        s.contains("loses about 9,933 locks"),
        "10,000 · 1 s · (1 − e^−5) ≈ 9,933: {s}"
    );
}

#[test]
fn where_scenario_round_trips_and_is_strict() {
    let mut h = app("where");
    let pairs = vec![
        ("store".to_owned(), "zookeeper".to_owned()),
        ("lag-ms".to_owned(), "20".to_owned()),
        ("seed".to_owned(), "7".to_owned()),
    ];
    crate::harness::apply_scenario(&mut h, 5, &pairs).expect("valid pairs");
    h.run_steps(3);
    assert!(summary(&mut h, "where").starts_with("ZooKeeper"));
    let back = crate::harness::scenario(&h, 5).expect("pairs");
    assert!(
        back.contains(&("store".to_owned(), "zookeeper".to_owned())),
        "{back:?}"
    );
    assert!(
        back.contains(&("lag-ms".to_owned(), "20".to_owned())),
        "{back:?}"
    );
    assert!(
        back.contains(&("seed".to_owned(), "7".to_owned())),
        "{back:?}"
    );
    for bad in [
        ("store", "mysql"),
        ("rate", "0"),
        ("lag-ms", "x"),
        ("colour", "red"),
    ] {
        let pairs = vec![(bad.0.to_owned(), bad.1.to_owned())];
        assert!(
            crate::harness::apply_scenario(&mut h, 5, &pairs).is_err(),
            "{bad:?}"
        );
    }
    // A rejected code changed nothing.
    assert!(summary(&mut h, "where").starts_with("ZooKeeper"));
}

// ---- Section 9 --------------------------------------------------------------------------

#[test]
fn break_defaults_compare_the_five_defences() {
    let mut h = app("break");
    let data = csv(&mut h, 9);
    let row = |mode: &str| mode_row(&data, mode);
    let (none, renewal) = (row("none"), row("renewal"));
    // Exact: none ≈ 0.236 % of 50,000 ≈ 118, of which ≈ 0.077 % ≈ 38 land over newer
    // data; renewal ≈ 0.059 % ≈ 30, of which ≈ 0.039 % ≈ 19.
    assert!((none[EXACT + DUPLICATES] - 118.18).abs() < 0.1, "{data}");
    assert!((none[EXACT + STALE_LANDED] - 38.35).abs() < 0.1, "{data}");
    assert!((renewal[EXACT + DUPLICATES] - 29.67).abs() < 0.1, "{data}");
    assert!(
        (renewal[EXACT + STALE_LANDED] - 19.42).abs() < 0.1,
        "{data}"
    );
    assert!(renewal[LOST] < none[LOST], "renewal makes it rarer: {data}");
    // The spec's table, as counts and as exact values: per mode, which of duplicates, stale
    // writes over newer data, invoices sent twice and harm remain, and which are zero. A
    // stale write lands over newer data only when it arrives after the repeat's: fewer than
    // the lost locks.
    let table: [(&str, [bool; 4]); 5] = [
        ("none", [true, true, true, true]),
        ("renewal", [true, true, true, true]),
        ("fencing", [true, false, true, true]),
        ("idempotent", [true, false, false, false]),
        ("all", [true, false, false, false]),
    ];
    for (mode, cells) in table {
        let v = row(mode);
        let lost = v[LOST];
        assert!(lost > 0.0, "{mode}: {data}");
        for (col, remains) in [DUPLICATES, STALE_LANDED, INVOICES_TWICE, HARMFUL]
            .into_iter()
            .zip(cells)
        {
            if !remains {
                assert_eq!(v[col], 0.0, "{mode}, column {col}: {data}");
                assert_eq!(v[EXACT + col], 0.0, "{mode}: exactly zero: {data}");
            } else if col == STALE_LANDED {
                assert!(0.0 < v[col] && v[col] < lost, "{mode}: {data}");
            } else {
                assert_eq!(v[col], lost, "{mode}, column {col}: {data}");
            }
        }
        assert_eq!(v[WASTED], lost, "{mode}: every duplicate's work is wasted");
    }
    assert_eq!(row("fencing")[LOST], none[LOST]);
    assert_eq!(row("idempotent")[LOST], none[LOST]);
    assert_eq!(row("all")[LOST], renewal[LOST]);
    let s = summary(&mut h, "break");
    assert!(
        s.starts_with("With no defence,")
            && s.contains("of 50,000 runs")
            && s.contains("ran twice")
            && s.contains("of their stale writes landed over newer data"),
        "{s}"
    );
}

#[test]
fn choosing_a_defence_changes_the_headline() {
    let mut h = app("break");
    click(&mut h, Role::Button, "Fencing");
    let s = summary(&mut h, "break");
    assert!(
        s.starts_with("With fencing,")
            && s.contains("so none landed")
            && s.contains("runs sent their invoices twice"),
        "{s}"
    );
    click(&mut h, Role::Button, "Idempotency");
    let s = summary(&mut h, "break");
    assert!(
        s.starts_with("With idempotency keys,") && s.contains("none of them did harm"),
        "{s}"
    );
    click(&mut h, Role::Button, "All three");
    let s = summary(&mut h, "break");
    assert!(
        s.starts_with("With all three stacked,")
            && s.contains("Idempotency keys alone already remove both harms"),
        "{s}"
    );
    click(&mut h, Role::Button, "Renewal");
    let s = summary(&mut h, "break");
    assert!(s.starts_with("With renewal,"), "{s}");
    let renewal = number_after(&s, "With renewal, ");
    let none = number_after(&s, "against ");
    assert!(renewal < none, "{s}");
}

#[test]
fn a_longer_ttl_cuts_duplicates_and_a_wider_spread_adds_them() {
    let mut h = app("break");
    let base = mode_row(&csv(&mut h, 9), "none")[EXACT + DUPLICATES];
    // The spread is in the settings drawer; the TTL stays under the figure.
    assert!(
        h.query_by_label(crate::harness::label(&renewal::SPREAD))
            .is_none()
    );
    click(&mut h, Role::Button, "More settings");
    set_slider(&mut h, crate::harness::label(&renewal::SPREAD), 1.0);
    let wide = mode_row(&csv(&mut h, 9), "none")[EXACT + DUPLICATES];
    assert!(wide > base * 10.0, "spread 1.0: {wide} vs {base}");
    set_slider(&mut h, crate::harness::label(&renewal::TTL_S), 300.0);
    let long = mode_row(&csv(&mut h, 9), "none");
    assert!(long[EXACT + DUPLICATES] < wide / 10.0, "{long:?}");
    click(&mut h, Role::Button, "Reset to lesson defaults");
    assert!((mode_row(&csv(&mut h, 9), "none")[EXACT + DUPLICATES] - base).abs() < 1e-9);
}

#[test]
fn break_slider_extremes_stay_finite() {
    let mut h = app("break");
    click(&mut h, Role::Button, "More settings");
    set_slider(
        &mut h,
        crate::harness::label(&renewal::RUNS),
        renewal::RUNS.min,
    );
    for (spec, v) in [
        (&renewal::TTL_S, renewal::TTL_S.min),
        (&renewal::TYPICAL_S, renewal::TYPICAL_S.max),
        (&renewal::SPREAD, renewal::SPREAD.max),
        (&renewal::PAUSE_PROB, renewal::PAUSE_PROB.max),
        (&renewal::PAUSE_MEAN_S, renewal::PAUSE_MEAN_S.max),
        (&renewal::TTL_S, renewal::TTL_S.max),
        (&renewal::TYPICAL_S, renewal::TYPICAL_S.min),
        (&renewal::SPREAD, renewal::SPREAD.min),
        (&renewal::PAUSE_PROB, renewal::PAUSE_PROB.min),
        (&renewal::PAUSE_MEAN_S, renewal::PAUSE_MEAN_S.min),
        (&renewal::SPREAD, f64::NAN),
    ] {
        set_slider(&mut h, crate::harness::label(spec), v);
        assert_finite(&mut h, 9);
    }
    // Tiny jobs, a five-minute TTL and no pauses: nothing outlives its lock.
    let data = csv(&mut h, 9);
    assert_eq!(mode_row(&data, "none")[LOST], 0.0, "{data}");
    assert!(summary(&mut h, "break").contains("0 of 1,000 runs"));
}

#[test]
fn break_scenario_round_trips() {
    let mut h = app("break");
    let pairs = vec![
        ("mode".to_owned(), "renewal".to_owned()),
        ("ttl-s".to_owned(), "10".to_owned()),
    ];
    crate::harness::apply_scenario(&mut h, 9, &pairs).expect("valid pairs");
    h.run_steps(3);
    let s = summary(&mut h, "break");
    assert!(
        s.starts_with("With renewal,") && s.contains("10\u{a0}s TTL"),
        "{s}"
    );
    let back = crate::harness::scenario(&h, 9).expect("pairs");
    assert!(
        back.contains(&("mode".to_owned(), "renewal".to_owned())),
        "{back:?}"
    );
    for bad in [("mode", "retry"), ("spread", "2"), ("runs", "12.5")] {
        let pairs = vec![(bad.0.to_owned(), bad.1.to_owned())];
        assert!(
            crate::harness::apply_scenario(&mut h, 9, &pairs).is_err(),
            "{bad:?}"
        );
    }
}

// ---- Snapshots --------------------------------------------------------------------------

fn snapshot_of(section: &str, name: &str, height: f32) {
    // Tall enough for the whole section, so the image shows every plot and the table.
    let mut h = crate::harness::open(section)
        .pixels([1366.0, height], 1.0)
        .dark()
        .wgpu(true)
        .settle(4)
        .build();
    h.snapshot(name);
}

#[test]
fn where_snapshot_at_defaults() {
    snapshot_of("where", "where_defaults", 1500.0);
}

#[test]
fn break_snapshot_at_defaults() {
    snapshot_of("break", "break_defaults", 1200.0);
}
