//! The command line for slides and homework: sweeps, precision, scenario codes, one time unit
//! per lock-hold model, and a page of the documentation that lists every field the commands print.

use crate::run;
use locks_lesson::ui::Shareable;

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

/// Exit status 2 and one line that names `flag` and contains `what`.
fn refused(args: &[&str], flag: &str, what: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out} {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.contains(flag) && err.contains(what), "{args:?}: {err}");
}

#[test]
fn a_sweep_prints_one_csv_row_per_value() {
    let (code, out, err) = run(&["sim", "ttl", "--holds", "2000", "--sweep", "ttl-s=1:60:4"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert!(header.contains(&"unsafe_fraction_ci95_lo"), "{header:?}");
    let ttls: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(col("ttl_s")).unwrap())
        .collect();
    assert_eq!(ttls, ["1.0", "20.6666666667", "40.3333333333", "60.0"]);
    let exact: Vec<f64> = lines[1..]
        .iter()
        .map(|l| {
            l.split(',')
                .nth(col("exact_unsafe_fraction"))
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert!(
        exact.windows(2).all(|w| w[1] < w[0]),
        "longer TTL, fewer overruns: {exact:?}"
    );
    // Each row is the run a single command gives.
    let single = json(&["sim", "ttl", "--holds", "2000", "--ttl-s", "60", "--json"]);
    let one = single["exact_unsafe_fraction"].as_f64().unwrap();
    assert!(
        (exact[3] / one - 1.0).abs() < 1e-12,
        "the last row is --ttl-s 60: {} / {one}",
        exact[3]
    );
}

#[test]
fn bad_sweeps_exit_2_naming_the_flag() {
    refused(
        &["sim", "ttl", "--sweep", "ttl-s=1:60"],
        "--sweep",
        "FROM:TO:STEPS",
    );
    refused(
        &["sim", "ttl", "--sweep", "ttl-s=1:60:1"],
        "--sweep",
        "2 to 1000",
    );
    refused(
        &["sim", "ttl", "--sweep", "colour=1:2:3"],
        "--sweep",
        "ttl-s",
    );
    refused(
        &["sim", "renewal", "--sweep", "mode=1:2:3"],
        "--sweep",
        "not a numeric",
    );
    // A value out of range names the swept flag and its range.
    refused(
        &["sim", "ttl", "--sweep", "ttl-s=100:400:2"],
        "--ttl-s",
        "0.1 to 300",
    );
}

#[test]
fn precision_limits_the_digits_of_text_output() {
    let (code, out, _) = run(&["sim", "counter", "--precision", "3"]);
    assert_eq!(code, 0);
    let elapsed = out.lines().find(|l| l.contains("elapsed_ms")).unwrap();
    let value = elapsed.split_whitespace().last().unwrap();
    let digits = value.chars().filter(char::is_ascii_digit).count();
    assert!(digits <= 3, "{elapsed}");
    let (_, full, _) = run(&["sim", "counter"]);
    let long = full.lines().find(|l| l.contains("elapsed_ms")).unwrap();
    assert!(long.len() > elapsed.len(), "{long} / {elapsed}");
    refused(
        &["sim", "counter", "--precision", "0"],
        "--precision",
        "1 to 17",
    );
    refused(
        &["sim", "counter", "--precision", "x"],
        "--precision",
        "1 to 17",
    );
}

#[test]
fn stale_takes_no_seed() {
    let v = json(&["sim", "stale", "--json"]);
    assert!(v.get("seed").is_none(), "{v}");
    let (code, _, err) = run(&["sim", "stale", "--seed", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--seed"), "{err}");
}

#[test]
fn fencing_takes_seconds_and_still_reads_milliseconds() {
    let s = json(&[
        "sim",
        "fencing",
        "--ttl-s",
        "0.5",
        "--stall-mean-s",
        "1",
        "--json",
    ]);
    let ms = json(&[
        "sim",
        "fencing",
        "--ttl-ms",
        "500",
        "--stall-mean-ms",
        "1000",
        "--json",
    ]);
    assert_eq!(s, ms);
    assert_eq!(s["ttl_s"], 0.5);
    refused(
        &["sim", "fencing", "--ttl-s", "61"],
        "--ttl-s",
        "0.01 to 60",
    );
}

#[test]
fn sim_runs_a_scenario_code() {
    // A code the app shows for section 2 at a TTL of 1 s.
    let code = code_for(2, &[("ttl-s", "1")]);
    let v = json(&["sim", "--scenario", &code, "--json"]);
    assert_eq!(v["model"], "ttl");
    assert_eq!(v["ttl_s"], 1.0);
    let stale = code_for(3, &[("pause-s", "5")]);
    assert_eq!(
        json(&["sim", "--scenario", &stale, "--json"])["outcome"],
        "no_overlap"
    );
    let (code, out, _) = run(&["sim", "--scenario", &code_for(5, &[])]);
    assert_eq!(code, 0);
    assert!(out.contains("expected_lost"), "{out}");
    for (n, model) in [(1, "counter"), (4, "fencing"), (9, "renewal")] {
        let v = json(&["sim", "--scenario", &code_for(n, &[]), "--json"]);
        assert_eq!(v["model"], model);
    }
    let mode = json(&[
        "sim",
        "--scenario",
        &code_for(9, &[("mode", "fencing")]),
        "--json",
    ]);
    assert_eq!(mode["mode"], "fencing");
    refused(&["sim", "--scenario", "LL1-S2-nonsense"], "--scenario", "");
    refused(&["sim"], "--scenario", "MODEL");
}

/// The scenario code of section `n` with these settings changed from the lesson's.
fn code_for(n: u8, changes: &[(&str, &str)]) -> String {
    let sections = locks_lesson::ui::all_sections();
    let s = &sections[usize::from(n) - 1];
    let mut pairs = s.share().and_then(Shareable::scenario).unwrap();
    for (k, v) in changes {
        pairs.iter_mut().find(|(key, _)| key == k).unwrap().1 = (*v).to_owned();
    }
    locks_lesson::scenario::encode(n, &pairs)
}

#[test]
fn the_app_opens_on_a_checked_scenario_code() {
    refused(&["--scenario", "LL1-S2-1-2"], "--scenario", "scenario code");
}

#[test]
fn the_command_line_page_lists_every_field_the_commands_print() {
    let readme = include_str!("../../docs/command-line.md");
    for model in ["counter", "ttl", "stale", "fencing", "failover", "renewal"] {
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| `{model}`")))
            .unwrap_or_else(|| panic!("docs/command-line.md has a row for {model}"));
        let v = json(&["sim", model, "--json"]);
        for key in v.as_object().unwrap().keys() {
            let flag = format!("--{}", key.replace('_', "-"));
            assert!(
                row.contains(key.as_str())
                    || row.contains(&flag)
                    || key == "model"
                    || key == "seed",
                "docs/command-line.md's {model} row lacks '{key}': {row}"
            );
        }
    }
}
