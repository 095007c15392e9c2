//! The TTL trade-off, the stale holder and fencing tokens, driven through the real app:
//! controls found by their labels, frames stepped one by one.

use locks_lesson::sections::number;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;
use locks_lesson::lesson::quantity::fmt_fraction;
use locks_lesson::sim::ParamSpec;
use locks_lesson::sim::{fencing, stale, ttl};

use crate::harness::{app, summary};
use locks_lesson::ui::Shareable;

/// The unsafe fraction a section 2 headline states ("about 1 in 3,500 lock holds", "2.40 % of
/// lock holds", "no lock holds"), as a fraction.
fn share(headline: &str) -> f64 {
    let start = headline.find("TTL, ").expect("headline names the TTL") + 5;
    let rest = &headline[start..];
    if rest.starts_with("no lock holds") {
        return 0.0;
    }
    if let Some(pct) = rest.find("\u{a0}% of lock holds") {
        return rest[..pct].parse::<f64>().expect("a percentage") / 100.0;
    }
    let words = rest
        .strip_prefix("about 1 in ")
        .or_else(|| rest.strip_prefix("less than 1 in "))
        .expect("a share in words");
    let digits: String = words
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
        .collect();
    let n: f64 = digits.replace(',', "").parse().expect("a number");
    let after = &words[digits.len()..];
    let scale = [(" million", 1e6), (" billion", 1e9), (" trillion", 1e12)]
        .iter()
        .find(|(w, _)| after.starts_with(w))
        .map_or(1.0, |(_, s)| *s);
    1.0 / (n * scale)
}

#[test]
fn the_headline_share_reads_back() {
    for (text, want) in [
        (
            "With a 10\u{a0}s TTL, about 1 in 3,500 lock holds last",
            1.0 / 3500.0,
        ),
        (
            "With a 60\u{a0}s TTL, about 1 in 78 million lock holds last",
            1.0 / 78e6,
        ),
        ("With a 1\u{a0}s TTL, 2.40\u{a0}% of lock holds last", 0.024),
        ("With a 300\u{a0}s TTL, no lock holds last", 0.0),
    ] {
        assert!((share(text) - want).abs() <= want * 1e-12, "{text}");
    }
}

fn pairs(list: &[(&str, String)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

fn end(spec: &ParamSpec, max: bool) -> (&'static str, String) {
    (
        spec.flag,
        format!("{}", if max { spec.max } else { spec.min }),
    )
}

/// Every parameter at its minimum together, at its maximum together, then each end alone.
fn extreme_cases(specs: &[&ParamSpec]) -> Vec<Vec<(&'static str, String)>> {
    let mut cases = vec![
        specs.iter().map(|s| end(s, false)).collect(),
        specs.iter().map(|s| end(s, true)).collect(),
    ];
    for s in specs {
        cases.push(vec![end(s, false)]);
        cases.push(vec![end(s, true)]);
    }
    cases
}

fn assert_clean(text: &str) {
    for bad in ["NaN", "inf", "—"] {
        assert!(!text.contains(bad), "{bad:?} in {text:?}");
    }
}

// ---------------------------------------------------------------- section 2

#[test]
fn ttl_presets_move_the_unsafe_share_by_orders_of_magnitude() {
    let mut h = app("ttl");
    let at_10 = share(&summary(&mut h, "ttl"));
    let exact_10 = ttl::TtlParams::default().exact_unsafe_fraction();
    // Two significant digits: "about 1 in 3,500".
    assert!(
        (at_10 / exact_10 - 1.0).abs() < 0.05,
        "{at_10} vs {exact_10}"
    );
    assert!(
        h.query_by_label_contains(&format!(
            "With a 10\u{a0}s TTL, {} lock holds",
            fmt_fraction(exact_10)
        ))
        .is_some()
    );

    h.get_by_label("TTL 60\u{a0}s").click();
    h.run_steps(3);
    let headline = summary(&mut h, "ttl");
    let at_60 = share(&headline);
    assert!(at_60 > 0.0 && at_60 < at_10 / 1e4, "{at_10} → {at_60}");
    assert!(headline.contains("wait up to 60\u{a0}s"), "{headline}");
    assert!(
        headline.contains("years"),
        "a rare event is counted in years: {headline}"
    );

    h.get_by_label("TTL 1\u{a0}s").click();
    h.run_steps(3);
    let at_1 = share(&summary(&mut h, "ttl"));
    assert!(at_1 > at_10 * 5.0, "{at_1} vs {at_10}");
    assert!(
        (at_1 * 100.0 - 0.24).abs() < 0.005,
        "the spec's figure: {at_1}"
    );
}

#[test]
fn ttl_simulated_check_and_per_day_figure_show() {
    let mut h = app("ttl");
    assert!(
        h.query_by_label_contains("about 2.4 a day at one grant every 10\u{a0}s")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("Simulated check at 10\u{a0}s")
            .is_some()
    );
    h.get_by_label("More settings").click();
    h.run_steps(2);
    h.get_by_label("Reset to lesson defaults").click();
    h.run_steps(2);
    assert!(h.query_by_label("Seed 1").is_some());
    // Below the fold: scroll it into view first (the scroll animates over a few frames).
    h.get_by_label("New seed").scroll_to_me();
    h.run_steps(6);
    h.get_by_label("New seed").click();
    h.run_steps(2);
    assert!(h.query_by_label("Seed 1").is_none(), "the seed changed");
}

#[test]
fn ttl_slider_extremes_keep_the_headline_clean() {
    let specs = [
        &ttl::TTL_S,
        &ttl::TYPICAL_S,
        &ttl::SPREAD,
        &ttl::PAUSE_PROB,
        &ttl::PAUSE_MEAN_S,
        &ttl::GRANT_INTERVAL_S,
    ];
    let mut h = app("ttl");
    let cases = extreme_cases(&specs);
    for mut case in cases {
        // The sample size stays small here: the inline runner simulates inside the frame.
        case.push(end(&ttl::HOLDS, false));
        h.state_mut()
            .section_mut(number("ttl"))
            .share_mut()
            .unwrap()
            .apply_scenario(&pairs(&case))
            .expect("the ends of every range are valid");
        h.run_steps(2);
        let text = summary(&mut h, "ttl");
        assert_clean(&text);
        let s = share(&text);
        assert!((0.0..=1.0).contains(&s), "{case:?}: {text}");
    }
}

#[test]
fn ttl_slider_ends_through_the_real_control() {
    let mut h = app("ttl");
    for (value, words) in [
        (300.0, "With a 300\u{a0}s TTL"),
        (0.1, "With a 0.1\u{a0}s TTL"),
    ] {
        h.get_by_role_and_label(egui::accesskit::Role::Slider, "Lock TTL")
            .set_value_accesskit(value);
        h.run_steps(3);
        let text = summary(&mut h, "ttl");
        assert!(text.starts_with(words), "{text}");
        assert_clean(&text);
    }
}

#[test]
fn clicking_the_ttl_figure_moves_the_ttl() {
    let mut h = app("ttl");
    let rect = h
        .state_mut()
        .section_mut(number("ttl"))
        .share()
        .and_then(Shareable::plot_rect)
        .expect("the figure was drawn");
    // Two fifths of the way across (the fraction axis in words takes the left edge): a short
    // TTL, well below the default 10 s.
    let pos = egui::pos2(rect.left() + rect.width() * 0.4, rect.center().y);
    h.hover_at(pos);
    h.run_steps(1);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(1);
    }
    h.run_steps(2);
    let text = summary(&mut h, "ttl");
    let ttl: f64 = text["With a ".len()..text.find("\u{a0}s TTL").unwrap()]
        .parse()
        .unwrap();
    assert!(ttl > 0.1 && ttl < 3.0, "{text}");
}

#[test]
fn ttl_scenario_round_trips_and_rejects_unknown_keys() {
    let mut h = app("ttl");
    h.get_by_label("TTL 60\u{a0}s").click();
    h.run_steps(2);
    let pairs = crate::harness::scenario(&h, 2).unwrap();
    assert!(pairs.iter().any(|(k, v)| k == "ttl-s" && v == "60"));
    h.get_by_label("TTL 1\u{a0}s").click();
    h.run_steps(2);
    crate::harness::apply_scenario(&mut h, 2, &pairs).unwrap();
    h.run_steps(2);
    assert!(summary(&mut h, "ttl").starts_with("With a 60\u{a0}s TTL"));
    let bad = vec![("ttl-s".to_owned(), "0.01".to_owned())];
    assert!(
        crate::harness::apply_scenario(&mut h, 2, &bad)
            .unwrap_err()
            .contains("ttl-s")
    );
    let unknown = vec![("ttl".to_owned(), "5".to_owned())];
    assert!(crate::harness::apply_scenario(&mut h, 2, &unknown).is_err());
    h.run_steps(1);
    assert!(
        summary(&mut h, "ttl").starts_with("With a 60\u{a0}s TTL"),
        "a rejected code changes nothing"
    );
}

#[test]
fn ttl_csv_has_the_exact_curve_and_the_simulated_points() {
    let h = app("ttl");
    let csv = crate::harness::csv(&h, 2).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("kind,ttl_s,unsafe_fraction,lo95,hi95,unsafe_holds,holds,crash_wait_s")
    );
    assert!(csv.lines().filter(|l| l.starts_with("exact,")).count() > 100);
    assert_eq!(
        csv.lines().filter(|l| l.starts_with("simulated,")).count(),
        11
    );
    assert!(csv.contains("\nchosen_simulated,10,"));
}

/// Whether every simulated figure of section 2 covers `holds` holds.
fn ttl_runs_done(h: &mut Harness<'static, LessonApp>, holds: u64) -> bool {
    let csv = crate::harness::csv(h, 2).unwrap_or_default();
    let rows: Vec<&str> = csv.lines().filter(|l| l.contains("simulated,")).collect();
    rows.len() == 12
        && rows
            .iter()
            .all(|l| l.split(',').nth(6) == Some(holds.to_string().as_str()))
}

/// The biggest sample streams from worker threads while the UI keeps drawing frames, and a
/// progress bar shows while it runs (unless the machine finishes it within a moment).
#[test]
fn a_huge_ttl_run_streams_with_a_progress_bar() {
    let mut h = crate::harness::open("ttl").threaded().settle(2).build();
    let holds = ttl::HOLDS.max as u64;
    let pairs = pairs(&[end(&ttl::HOLDS, true)]);
    crate::harness::apply_scenario(&mut h, 2, &pairs).unwrap();
    let start = Instant::now();
    let (mut frames, mut bar_seen, mut headline_while_running) = (0, false, false);
    while !ttl_runs_done(&mut h, holds) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the run did not finish"
        );
        h.step();
        frames += 1;
        bar_seen |= h
            .query_by_label_contains("Simulating at your TTL")
            .is_some();
        // The exact figure is there at once, before the simulation ends.
        headline_while_running |= summary(&mut h, "ttl").starts_with("With a 10\u{a0}s TTL");
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = start.elapsed();
    assert!(headline_while_running);
    if took > Duration::from_millis(600) {
        assert!(bar_seen, "a {took:?} run showed no progress bar");
        assert!(frames > 10, "frames kept coming while the run streamed");
    }
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Simulating at your TTL")
            .is_none(),
        "the bar goes when the run ends"
    );
    assert!(
        h.query_by_label_contains("Simulated check at 10\u{a0}s: ")
            .is_some()
    );
}

// ---------------------------------------------------------------- section 3

#[test]
fn stale_fencing_toggle_turns_the_overwrite_into_a_rejection() {
    let mut h = app("stale");
    assert!(h.query_by_label_contains("wrote over B's result").is_some());
    assert!(h.query_by_label_contains("refused it").is_none());
    h.get_by_label("Storage checks fencing tokens").click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("wrote over B's result").is_none());
    assert!(h.query_by_label_contains("refused it").is_some());
    assert!(summary(&mut h, "stale").contains("storage had already seen 34"));
}

#[test]
fn stale_steps_through_the_story_one_moment_at_a_time() {
    let mut h = app("stale");
    h.get_by_label("Reset").click();
    h.run_steps(2);
    assert!(h.query_by_label("Moment 1 of 5").is_some());
    assert!(
        h.query_all_by_label_contains("grants the lock to A with token 33")
            .next()
            .is_some()
    );
    h.get_by_label("Step").click();
    h.run_steps(2);
    assert!(h.query_by_label("Moment 2 of 5").is_some());
    assert!(
        h.query_all_by_label_contains("At 1\u{a0}s: A's process is paused")
            .next()
            .is_some()
    );
    for _ in 0..3 {
        h.get_by_label("Step").click();
        h.run_steps(2);
    }
    assert!(h.query_by_label("Moment 5 of 5").is_some());
    assert!(
        h.query_all_by_label_contains("At 15\u{a0}s: A wakes up")
            .next()
            .is_some()
    );
}

#[test]
fn stale_every_outcome_is_reachable_and_told() {
    let mut h = app("stale");
    let cases = [
        ("5", "false", "kept the two apart"),
        ("9.5", "false", "lucky timing"),
        ("14", "false", "wrote over B's result"),
        ("14", "true", "refused it"),
    ];
    for (pause, fencing, words) in cases {
        let p = pairs(&[("pause-s", pause.into()), ("fencing", fencing.into())]);
        crate::harness::apply_scenario(&mut h, 3, &p).unwrap();
        h.run_steps(2);
        let text = summary(&mut h, "stale");
        assert!(
            text.contains(words),
            "pause {pause}, fencing {fencing}: {text}"
        );
        assert!(h.query_by_label_contains(words).is_some());
    }
}

#[test]
fn stale_slider_extremes_keep_the_headline_clean() {
    let mut h = app("stale");
    for pause_max in [false, true] {
        for ttl_max in [false, true] {
            for fencing in ["false", "true"] {
                let p = pairs(&[
                    end(&stale::PAUSE_S, pause_max),
                    end(&stale::TTL_S, ttl_max),
                    ("fencing", fencing.into()),
                ]);
                crate::harness::apply_scenario(&mut h, 3, &p).unwrap();
                h.run_steps(2);
                assert_clean(&summary(&mut h, "stale"));
            }
        }
    }
    let bad = pairs(&[("pause-s", "31".into())]);
    assert!(crate::harness::apply_scenario(&mut h, 3, &bad).is_err());
}

// ---------------------------------------------------------------- section 4

#[test]
fn fencing_on_rejects_the_stale_writes() {
    let mut h = app("fencing");
    let off = summary(&mut h, "fencing");
    assert!(
        off.contains("of 500 lock holders were still working"),
        "{off}"
    );
    assert!(off.contains("silently replaced new data"), "{off}");
    h.get_by_label("Storage checks fencing tokens").click();
    h.run_steps(3);
    let on = summary(&mut h, "fencing");
    assert!(on.contains("storage rejected"), "{on}");
    assert!(h.query_by_label_contains("storage rejected").is_some());
    // Same chain: the first sentence does not change.
    assert_eq!(off.split('.').next(), on.split('.').next());
    assert!(h.query_by_label("Fencing off").is_some() && h.query_by_label("Fencing on").is_some());
}

#[test]
fn fencing_ladder_view_controls_work() {
    let mut h = app("fencing");
    h.get_by_label("First stale write").click();
    h.run_steps(2);
    h.get_by_label("Whole chain").click();
    h.run_steps(2);
    assert!(summary(&mut h, "fencing").contains("lock holders"));
}

#[test]
fn fencing_slider_extremes_keep_the_headline_clean() {
    let specs = [
        &fencing::HOLDERS,
        &fencing::TTL_MS,
        &fencing::TYPICAL_MS,
        &fencing::SPREAD,
        &fencing::PAUSE_PROB,
        &fencing::PAUSE_MEAN_MS,
    ];
    let mut h = app("fencing");
    let cases = extreme_cases(&specs);
    for case in cases {
        for fencing in ["false", "true"] {
            let mut case = case.clone();
            case.push(("fencing", fencing.into()));
            h.state_mut()
                .section_mut(number("fencing"))
                .share_mut()
                .unwrap()
                .apply_scenario(&pairs(&case))
                .unwrap();
            h.run_steps(2);
            assert_clean(&summary(&mut h, "fencing"));
        }
    }
}

// ---------------------------------------------------------------- pictures

fn snapshot_app(section: &str) -> Harness<'static, LessonApp> {
    crate::harness::open(section).wgpu(true).build()
}

#[test]
fn snapshot_ttl_at_lesson_defaults() {
    let mut h = snapshot_app("ttl");
    h.snapshot("ttl_defaults");
}

#[test]
fn snapshot_stale_at_lesson_defaults() {
    let mut h = snapshot_app("stale");
    // The whole story, paused at its end.
    for _ in 0..5 {
        h.get_by_label("Step").click();
        h.run_steps(2);
    }
    h.snapshot("stale_defaults");
}

#[test]
fn snapshot_fencing_at_lesson_defaults() {
    let mut h = snapshot_app("fencing");
    h.snapshot("fencing_defaults");
}

// ---------------------------------------------------------------- measurement

/// Frame times of the real app (egui pass plus tessellation; no GPU) while big TTL runs stream
/// from the parallel runner on worker threads. Run with
/// `cargo test --release --test ui -- --ignored --nocapture frame_times`.
#[test]
#[ignore = "a measurement, not a check: run it by hand in a release build"]
fn frame_times_while_a_ten_million_hold_run_streams() {
    let mut h = crate::harness::open("ttl").threaded().build();
    for holds in [10_000_000u64, 100_000_000] {
        let p = pairs(&[("holds", holds.to_string())]);
        crate::harness::apply_scenario(&mut h, 2, &p).unwrap();
        let start = Instant::now();
        let mut times = Vec::new();
        loop {
            let t = Instant::now();
            h.step();
            let out = h.output().clone();
            let _ = h.ctx.tessellate(out.shapes, out.pixels_per_point);
            times.push(t.elapsed());
            if ttl_runs_done(&mut h, holds) {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(300));
            // About 60 frames a second, as a display would ask for.
            std::thread::sleep(Duration::from_millis(16).saturating_sub(t.elapsed()));
        }
        let wall = start.elapsed();
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let pct = |q: f64| ms(times[((times.len() - 1) as f64 * q).round() as usize]);
        println!(
            "{} holds at one TTL and at 11 TTLs, {} worker threads per run: streamed for {:.2} s over {} frames; \
             frame time median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            locks_lesson::lesson::quantity::fmt_int(holds),
            locks_lesson::runner::parallel::resolve_threads(0),
            wall.as_secs_f64(),
            times.len(),
            pct(0.5),
            pct(0.95),
            ms(*times.last().unwrap()),
        );
    }
}
