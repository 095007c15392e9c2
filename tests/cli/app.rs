//! The command line of the app itself and of `sim counter`.

use crate::run;

#[test]
fn version_and_help() {
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("locks-lesson "), "{out}");
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    for flag in [
        "--lecture",
        "--section",
        "--progress-file",
        "--version",
        "--renderer",
    ] {
        assert!(out.contains(flag), "help mentions {flag}");
    }
}

/// A mistyped flag: exit status 2 with clap's message, its "did you mean" when a flag is
/// near, and the pointer to --help; a malformed value stays one line naming its flag.
#[test]
fn a_mistyped_flag_says_what_was_meant_and_where_help_is() {
    let (code, out, err) = run(&["--bogus"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("unexpected argument '--bogus' found"), "{err}");
    assert!(err.contains("For more information, try '--help'"), "{err}");
    let (code, _, err) = run(&["--sectoin", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a similar argument exists: '--section'"),
        "{err}"
    );
    assert!(err.contains("For more information, try '--help'"), "{err}");
    let (code, _, err) = run(&["sim", "ttl", "--ttl-s", "x"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--ttl-s"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
}

#[test]
fn section_out_of_range_exits_2_naming_the_flag() {
    for bad in ["0", "12", "x", "-1", "labs"] {
        let (code, _, err) = run(&["--section", bad]);
        assert_eq!(code, 2, "--section {bad}");
        assert!(err.contains("--section"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    }
}

/// The lab opens as section 11 or by its id; the message names both.
#[test]
fn section_takes_the_lab_by_number_and_by_id() {
    use clap::Parser;
    let lab = locks_lesson::sections::lab();
    for given in [lab.to_string(), "lab".to_owned(), " lab ".to_owned()] {
        let cli = locks_lesson::cli::Cli::try_parse_from(["locks-lesson", "--section", &given])
            .expect("the lab is a section");
        assert_eq!(cli.section, Some(lab), "--section {given}");
    }
    let cli = locks_lesson::cli::Cli::try_parse_from(["locks-lesson", "--section", "ttl"]).unwrap();
    assert_eq!(cli.section, Some(locks_lesson::sections::number("ttl")));
    let (_, _, err) = run(&["--section", "12"]);
    assert!(
        err.contains(&format!("{lab} (or lab) for the lab")),
        "{err}"
    );
}

#[test]
fn counter_json_has_every_parameter_and_output() {
    let (code, out, err) = run(&["sim", "counter", "--seed", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    for key in [
        "workers",
        "increments",
        "think_ms",
        "gap_ms",
        "lock",
        "seed",
        "final_counter",
        "lost_updates",
        "elapsed_ms",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {out}");
    }
    assert_eq!(v["workers"], 5);
    assert_eq!(v["increments"], 200);
    let fc = v["final_counter"].as_u64().unwrap();
    assert_eq!(v["lost_updates"].as_u64().unwrap(), 1000 - fc);
    // Same seed, same result.
    let (_, again, _) = run(&["sim", "counter", "--seed", "3", "--json"]);
    assert_eq!(out, again);
}

#[test]
fn counter_with_lock_is_exact() {
    let (code, out, _) = run(&[
        "sim",
        "counter",
        "--lock",
        "--workers",
        "7",
        "--increments",
        "50",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["final_counter"], 350);
    assert_eq!(v["lost_updates"], 0);
    assert_eq!(v["lock"], true);
}

#[test]
fn bad_counter_values_exit_2_with_one_line_naming_flag_and_range() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["--workers", "0"], "--workers", "1 to 20"),
        (&["--workers", "21"], "--workers", "1 to 20"),
        (&["--workers", "2.5"], "--workers", "1 to 20"),
        (&["--increments", "abc"], "--increments", "10 to 1000"),
        (&["--think-ms", "NaN"], "--think-ms", "0.1 to 20"),
        (&["--think-ms", "inf"], "--think-ms", "0.1 to 20"),
        (&["--gap-ms=-1"], "--gap-ms", "0.1 to 20"),
    ];
    for (args, flag, range) in cases {
        let mut all = vec!["sim", "counter"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all);
        assert_eq!(code, 2, "{all:?}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(err.contains(flag) && err.contains(range), "{all:?}: {err}");
    }
    let (code, _, err) = run(&["sim", "nosuchmodel"]);
    assert_eq!(code, 2);
    assert!(err.contains("nosuchmodel"), "{err}");
}
