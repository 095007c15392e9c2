//! `locks-lesson sim` for the TTL, stale-holder, fencing, failover and renewal models:
//! the output contract (flag names, JSON keys), the lesson's figures, determinism across
//! thread counts, and one-line errors with exit status 2 for bad input.

use std::process::Command;

use serde_json::Value;

use crate::run;

/// Runs `sim MODEL ARGS --json` and parses the one JSON object it prints.
fn sim(model: &str, args: &[&str]) -> Value {
    let mut all = vec!["sim", model];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    assert_eq!(out.trim().lines().count(), 1, "one line of JSON: {out}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

fn f(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number in {v}"))
}

fn assert_keys(v: &Value, keys: &[&str]) {
    for key in keys {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
}

#[test]
fn ttl_contract_and_figures() {
    let v = sim("ttl", &["--seed", "4"]);
    assert_keys(
        &v,
        &[
            "ttl_s",
            "typical_s",
            "spread",
            "stall_prob",
            "stall_mean_s",
            "holds",
            "grant_interval_s",
            "seed",
            "unsafe",
            "unsafe_fraction",
            "exact_unsafe_fraction",
            "unsafe_per_day",
            "crash_wait_s",
        ],
    );
    assert_eq!(v["holds"], 60_000);
    assert_eq!(v["seed"], 4);
    assert_eq!(f(&v, "crash_wait_s"), 10.0);
    // The spec: ≈ 0.028 % at 10 s, about 2.4 a day at one grant every 10 s.
    let exact = f(&v, "exact_unsafe_fraction");
    assert!((exact - 2.833e-4).abs() < 1e-7, "{exact}");
    assert!((f(&v, "unsafe_per_day") - 2.45).abs() < 0.01);
    let count = v["unsafe"].as_f64().unwrap();
    assert!((f(&v, "unsafe_fraction") - count / 60_000.0).abs() < 1e-15);
    let ci = v["unsafe_fraction_ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= f(&v, "unsafe_fraction"));

    let one = sim("ttl", &["--ttl-s", "1", "--holds", "1000"]);
    assert!((f(&one, "exact_unsafe_fraction") - 2.356e-3).abs() < 1e-6);
    let sixty = sim("ttl", &["--ttl-s", "60", "--holds", "1000"]);
    assert!((f(&sixty, "exact_unsafe_fraction") - 1.286e-8).abs() < 1e-11);
    assert_eq!(f(&sixty, "crash_wait_s"), 60.0);
}

#[test]
fn monte_carlo_results_do_not_depend_on_the_thread_count() {
    let cases: [(&str, &[&str]); 3] = [
        ("ttl", &["--holds", "300001", "--ttl-s", "1"]),
        ("renewal", &["--runs", "50001"]),
        ("failover", &["--failovers", "20001"]),
    ];
    for (model, args) in cases {
        let outputs: Vec<Value> = ["1", "2", "4", "7"]
            .iter()
            .map(|t| {
                let mut a = args.to_vec();
                a.extend(["--threads", t, "--seed", "11"]);
                sim(model, &a)
            })
            .collect();
        assert!(
            outputs.windows(2).all(|w| w[0] == w[1]),
            "{model}: {outputs:?}"
        );
        let mut other = args.to_vec();
        other.extend(["--seed", "12"]);
        assert_ne!(sim(model, &other), outputs[0], "{model}: the seed matters");
    }
}

#[test]
fn stale_outcomes() {
    let v = sim("stale", &[]);
    assert_keys(
        &v,
        &[
            "pause_s",
            "ttl_s",
            "fencing",
            "outcome",
            "a_write_s",
            "b_write_s",
            "expiry_s",
        ],
    );
    assert_eq!(v["outcome"], "overwritten");
    assert_eq!(
        (f(&v, "a_write_s"), f(&v, "b_write_s"), f(&v, "expiry_s")),
        (15.0, 11.0, 10.0)
    );
    assert_eq!(sim("stale", &["--fencing"])["outcome"], "rejected");
    assert_eq!(sim("stale", &["--pause-s", "5"])["outcome"], "no_overlap");
    assert_eq!(
        sim("stale", &["--pause-s", "9.5"])["outcome"],
        "overlap_harmless"
    );
    assert_eq!(
        sim("stale", &["--pause-s", "0", "--ttl-s", "1"])["outcome"],
        "no_overlap"
    );
}

#[test]
fn fencing_chain() {
    let off = sim("fencing", &["--seed", "2"]);
    assert_keys(
        &off,
        &[
            "holders",
            "ttl_s",
            "typical_s",
            "spread",
            "stall_prob",
            "stall_mean_s",
            "fencing",
            "seed",
            "stale_writes",
            "overwritten",
            "rejected",
        ],
    );
    let on = sim("fencing", &["--seed", "2", "--fencing"]);
    assert_eq!(off["stale_writes"], on["stale_writes"]);
    assert_eq!(off["overwritten"], on["rejected"]);
    assert_eq!(
        (off["rejected"].as_u64(), on["overwritten"].as_u64()),
        (Some(0), Some(0))
    );
    // ≈ 1.4 % of 500 holders.
    assert!((f(&off, "exact_stale_fraction") - 0.01424).abs() < 1e-5);
    let stale = off["stale_writes"].as_u64().unwrap();
    assert!((1..=20).contains(&stale), "{stale}");
    let big = sim("fencing", &["--holders", "100000"]);
    assert!(big["stale_writes"].as_u64().unwrap() > 1_000);
}

#[test]
fn failover_figures_and_stores() {
    let v = sim("failover", &[]);
    assert_keys(
        &v,
        &[
            "rate",
            "lag_ms",
            "window_s",
            "contention",
            "failovers",
            "store",
            "seed",
            "expected_lost",
            "expected_double_granted",
            "mean_lost",
            "mean_double_granted",
        ],
    );
    assert!((f(&v, "expected_lost") - 2.5).abs() < 1e-12);
    assert!((f(&v, "expected_double_granted") - 0.25).abs() < 1e-12);
    assert!((f(&v, "mean_lost") - 2.5).abs() < 0.1);
    assert_eq!(v["store"], "redis");
    // A consensus store loses nothing, even over the largest run (which draws nothing).
    let c = sim(
        "failover",
        &["--store", "consensus", "--failovers", "100000000"],
    );
    assert_eq!((f(&c, "expected_lost"), f(&c, "mean_lost")), (0.0, 0.0));
    assert_eq!(c["failovers"], 100_000_000);
}

#[test]
fn renewal_modes() {
    let run_mode = |mode: &str| sim("renewal", &["--seed", "5", "--mode", mode]);
    let none = sim("renewal", &["--seed", "5"]);
    assert_keys(
        &none,
        &[
            "ttl_s",
            "typical_s",
            "spread",
            "stall_prob",
            "stall_mean_s",
            "runs",
            "mode",
            "seed",
            "lost_lock",
            "duplicates",
            "stale_writes_landed",
            "double_effects",
            "harmful",
            "fraction",
            "exact_fraction",
            "exact_stale_fraction",
        ],
    );
    assert_eq!(none["mode"], "none");
    assert_eq!(none, run_mode("none"));
    // The spec's exact values: D ≈ 0.236 %, W ≈ 0.077 % without a defence; D_r ≈ 0.059 %,
    // W_r ≈ 0.039 % with renewal.
    assert!((f(&none, "exact_fraction") - 2.3637e-3).abs() < 1e-7);
    assert!((f(&none, "exact_stale_fraction") - 7.6696e-4).abs() < 1e-8);
    let renewal = run_mode("renewal");
    assert!((f(&renewal, "exact_fraction") - 5.9340e-4).abs() < 1e-8);
    assert!((f(&renewal, "exact_stale_fraction") - 3.8846e-4).abs() < 1e-8);
    assert!(renewal["duplicates"].as_u64() < none["duplicates"].as_u64());
    let fencing = run_mode("fencing");
    let idempotent = run_mode("idempotent");
    let all = run_mode("all");
    let row = |v: &Value| -> [u64; 5] {
        [
            "lost_lock",
            "duplicates",
            "stale_writes_landed",
            "double_effects",
            "harmful",
        ]
        .map(|k| v[k].as_u64().unwrap_or_else(|| panic!("{k} in {v}")))
    };
    let l = none["lost_lock"].as_u64().unwrap();
    let lr = renewal["lost_lock"].as_u64().unwrap();
    assert!(l > lr && lr > 0, "{l} {lr}");
    // Only the late writes that arrive after the repeat's land over newer data.
    let w = none["stale_writes_landed"].as_u64().unwrap();
    let wr = renewal["stale_writes_landed"].as_u64().unwrap();
    assert!(0 < w && w < l && wr <= lr && wr <= w, "{w} {wr}");
    // The spec's table: fencing protects the data, not the invoices; idempotency both;
    // the stack keeps renewal's rarer duplicates and removes both harms.
    assert_eq!(row(&none), [l, l, w, l, l]);
    assert_eq!(row(&renewal), [lr, lr, wr, lr, lr]);
    assert_eq!(row(&fencing), [l, l, 0, l, l]);
    assert_eq!(row(&idempotent), [l, l, 0, 0, 0]);
    assert_eq!(row(&all), [lr, lr, 0, 0, 0]);
    for refused in [&fencing, &idempotent, &all] {
        assert_eq!(f(refused, "exact_stale_fraction"), 0.0);
    }
    assert_eq!(f(&fencing, "exact_fraction"), f(&none, "exact_fraction"));
    assert_eq!(f(&all, "exact_fraction"), f(&renewal, "exact_fraction"));
    assert_eq!(
        f(&fencing, "exact_harmful_fraction"),
        f(&none, "exact_fraction")
    );
    assert_eq!(f(&all, "exact_harmful_fraction"), 0.0);
    assert_eq!(f(&idempotent, "exact_harmful_fraction"), 0.0);
}

#[test]
fn help_says_pause_where_the_flags_say_pause() {
    // The flag names are part of the command-line contract; the words beside them follow the
    // lesson's one word for the idea: a process pause.
    for model in ["ttl", "fencing", "renewal"] {
        let (code, out, _) = run(&["sim", model, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("--stall-prob"), "{model}: {out}");
        assert!(out.contains("Pause probability"), "{model}: {out}");
        assert!(out.contains("Mean pause"), "{model}: {out}");
        // Every word but the flags and their value names: "stall" only where the help says,
        // once, that it is the lesson's process pause.
        let words: Vec<&str> = out
            .split_whitespace()
            .filter(|w| !w.starts_with('-') && !w.starts_with('<') && !w.starts_with('['))
            .collect();
        let pause = words
            .iter()
            .filter(|w| w.to_lowercase().contains("stall"))
            .count();
        assert_eq!(pause, 1, "{model}: {out}");
        let said = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            said.contains("\"stall\" is the lesson's process pause"),
            "{model}: {out}"
        );
    }
    let (_, out, _) = run(&["sim", "renewal", "--help"]);
    assert!(out.contains("idempotent") && out.contains("all"), "{out}");
}

#[test]
fn bad_values_exit_2_with_one_line_naming_the_flag_and_range() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["ttl", "--ttl-s", "-5"], "--ttl-s", "0.1 to 300"),
        (&["ttl", "--ttl-s", "NaN"], "--ttl-s", "0.1 to 300"),
        (&["ttl", "--ttl-s", "ten"], "--ttl-s", "0.1 to 300"),
        (&["ttl", "--ttl-s", "inf"], "--ttl-s", "0.1 to 300"),
        (
            &["ttl", "--holds", "100000001"],
            "--holds",
            "1000 to 100000000",
        ),
        (&["ttl", "--holds", "2500.5"], "--holds", "integer"),
        (&["ttl", "--spread", "-0.1"], "--spread", "0 to 1.5"),
        (&["ttl", "--threads", "-1"], "--threads", "0 to 1024"),
        (
            &["ttl", "--seed", "-1"],
            "--seed",
            "0 to 18446744073709551615",
        ),
        (&["stale", "--pause-s", "31"], "--pause-s", "0 to 30"),
        (&["stale", "--ttl-s", "0.5"], "--ttl-s", "1 to 30"),
        (&["fencing", "--holders", "9"], "--holders", "10 to 100000"),
        (&["fencing", "--ttl-ms", ""], "--ttl-ms", "10 to 60000"),
        (&["failover", "--rate", "0"], "--rate", "1 to 10000"),
        (
            &["failover", "--contention", "1.5"],
            "--contention",
            "0 to 1",
        ),
        (
            &["failover", "--store", "zookeeper"],
            "--store",
            "redis, consensus",
        ),
        (
            &["failover", "--failovers", "-3"],
            "--failovers",
            "100 to 100000000",
        ),
        (
            &["renewal", "--mode", "always"],
            "--mode",
            "none, renewal, fencing, idempotent, all (got always)",
        ),
        (&["renewal", "--runs", "NaN"], "--runs", "1000 to 100000000"),
        (
            &["renewal", "--stall-prob", "0.5"],
            "--stall-prob",
            "0 to 0.2",
        ),
    ];
    for (args, flag, range) in cases {
        let mut all = vec!["sim"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(out.is_empty(), "{all:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(err.contains(flag) && err.contains(range), "{all:?}: {err}");
    }
    // A word the program does not know: clap's message, what was meant and where help is.
    for (unknown, meant) in [
        (&["sim", "ttls"][..], "'ttl'"),
        (&["sim", "ttl", "--ttl", "3"], "'--ttl-s'"),
    ] {
        let (code, _, err) = run(unknown);
        assert_eq!(code, 2, "{unknown:?}");
        assert!(err.contains(meant), "{unknown:?}: {err}");
        assert!(err.contains("For more information, try '--help'"), "{err}");
    }
}

/// A Monte Carlo model whose chunk fails ends the command at once: exit status 1 and one line
/// naming the model and the failure (debug builds fail a chunk on request).
#[test]
fn a_failing_chunk_ends_the_command_with_one_line() {
    // Far too many samples to finish during the test if the failure did not end the run.
    let cases: [(&str, &[&str]); 3] = [
        ("ttl", &["--holds", "100000000"]),
        ("renewal", &["--runs", "100000000"]),
        ("failover", &["--failovers", "100000000"]),
    ];
    for (model, size) in cases {
        for (chunk, threads) in [("0", "1"), ("70", "2"), ("300", "4")] {
            let started = std::time::Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_locks-lesson"))
                .args(["sim", model, "--threads", threads])
                .args(size)
                .env(locks_lesson::cli::FAIL_CHUNK_VAR, chunk)
                .output()
                .expect("binary runs");
            let took = started.elapsed();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{model} chunk {chunk}: {err}");
            assert!(out.stdout.is_empty(), "{model}: nothing on stdout");
            assert_eq!(
                err.trim(),
                format!(
                    "error: the {model} simulation failed: chunk {chunk} failed: injected failure"
                ),
                "{model}, {threads} threads"
            );
            // Generous for a loaded machine; a hang would take minutes.
            assert!(took.as_secs() < 10, "{model}: took {took:?}");
        }
    }
}
