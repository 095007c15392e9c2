//! The lecturer's kit: clicker builds (Page Down through a section before leaving it),
//! prepared runs (`--scenario`, `--playlist`), and the section keys.

use crate::harness::app_with;
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::sections::number;
use locks_lesson::ui::share::Share;

fn lecture_at(section: &str) -> Harness<'static, LessonApp> {
    app_with(AppOptions {
        section: Some(number(section)),
        lecture: true,
        ..Default::default()
    })
}

fn press(h: &mut Harness<'static, LessonApp>, key: Key) {
    h.key_press(key);
    h.run_steps(2);
}

/// A setting of section `n`'s scenario pairs.
fn setting(h: &Harness<'static, LessonApp>, n: u8, key: &str) -> String {
    let pairs = crate::harness::scenario(h, n).expect("settings");
    pairs
        .into_iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("no {key}"))
        .1
}

/// "Moment k of n" under section 3's timeline.
fn moment(h: &Harness<'static, LessonApp>) -> (usize, usize) {
    let label = h
        .get_by_label_contains("Moment ")
        .accesskit_node()
        .value()
        .or_else(|| h.get_by_label_contains("Moment ").accesskit_node().label())
        .unwrap_or_default();
    let label = label[label.find("Moment").expect("a moment")..].to_owned();
    let words: Vec<&str> = label.split_whitespace().collect();
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn page_down_walks_the_story_of_section_3_moment_by_moment_and_back() {
    let mut h = lecture_at("ttl");
    // Section 2's presets first: TTL 1 s, 10 s, 60 s... (arriving here by --section keeps
    // the settings: the walk starts from the one on screen).
    while h.state().current_id() == "ttl" {
        press(&mut h, Key::PageDown);
    }
    assert_eq!(h.state().current_id(), "stale");
    let (k, n) = moment(&h);
    assert_eq!(k, 1, "in lecture mode the story opens at its first moment");
    assert!(n >= 4, "{n} moments");
    for expected in 2..=n {
        press(&mut h, Key::PageDown);
        assert_eq!(h.state().current_id(), "stale");
        assert_eq!(moment(&h).0, expected);
    }
    press(&mut h, Key::PageDown);
    assert_eq!(
        h.state().current_id(),
        "fencing",
        "after the last moment: the next section"
    );
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "stale");
    assert_eq!(moment(&h).0, n, "back: the story at its last moment");
    press(&mut h, Key::PageUp);
    assert_eq!(moment(&h).0, n - 1);
}

#[test]
fn page_down_walks_the_ttl_presets_in_lesson_order_and_back() {
    let mut h = lecture_at("why-lock");
    // (A first press finishes section 1's climbing counter, where it still climbs.)
    for _ in 0..2 {
        if h.state().current_id() == "why-lock" {
            press(&mut h, Key::PageDown);
        }
    }
    assert_eq!(h.state().current_id(), "ttl");
    let mut seen = vec![setting(&h, 2, "ttl-s")];
    while h.state().current_id() == "ttl" {
        press(&mut h, Key::PageDown);
        if h.state().current_id() == "ttl" {
            seen.push(setting(&h, 2, "ttl-s"));
        }
    }
    assert_eq!(seen, ["1", "10", "60"]);
    assert_eq!(h.state().current_id(), "stale");
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "ttl");
    assert_eq!(setting(&h, 2, "ttl-s"), "60", "back: the last preset");
    press(&mut h, Key::PageUp);
    assert_eq!(setting(&h, 2, "ttl-s"), "10");
}

#[test]
fn page_down_walks_the_stores_and_page_up_the_defences() {
    let mut h = lecture_at("fencing");
    // Section 4's two builds: the run without fencing, then with it.
    assert_eq!(setting(&h, 4, "fencing"), "false");
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "fencing");
    assert_eq!(setting(&h, 4, "fencing"), "true");
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "where");
    let mut seen = vec![setting(&h, 5, "store")];
    // Six builds: the single Redis server has two (the loss, then what it costs).
    for _ in 1..6 {
        press(&mut h, Key::PageDown);
        assert_eq!(h.state().current_id(), "where");
        seen.push(setting(&h, 5, "store"));
    }
    seen.dedup();
    assert_eq!(seen.len(), 5, "five stores: {seen:?}");
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "which");
    press(&mut h, Key::PageUp);
    assert_eq!(setting(&h, 5, "store"), seen[4], "back: the last store");
    press(&mut h, Key::PageUp);
    assert_eq!(setting(&h, 5, "store"), seen[3]);
    // Section 9 from section 10, backwards: the defences in reverse lesson order.
    let mut h = lecture_at("next");
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "break");
    let mut seen = vec![setting(&h, 9, "mode")];
    for _ in 1..5 {
        press(&mut h, Key::PageUp);
        assert_eq!(h.state().current_id(), "break");
        seen.push(setting(&h, 9, "mode"));
    }
    assert_eq!(seen, ["all", "idempotent", "fencing", "renewal", "none"]);
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "interview");
}

#[test]
fn learners_page_down_goes_straight_to_the_next_section() {
    let mut h = app_with(AppOptions {
        section: Some(number("ttl")),
        ..Default::default()
    });
    let ttl = setting(&h, 2, "ttl-s");
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "stale");
    assert_eq!(setting(&h, 2, "ttl-s"), ttl);
}

#[test]
fn section_keys_drive_the_controls() {
    let mut h = lecture_at("why-lock");
    let lock = setting(&h, 1, "lock");
    press(&mut h, Key::M);
    assert_ne!(setting(&h, 1, "lock"), lock, "M switches the lock");
    let mut h = lecture_at("fencing");
    let fencing = setting(&h, 4, "fencing");
    press(&mut h, Key::F);
    assert_ne!(setting(&h, 4, "fencing"), fencing, "F switches fencing");
    let mut h = lecture_at("break");
    let mode = setting(&h, 9, "mode");
    press(&mut h, Key::N);
    let next = setting(&h, 9, "mode");
    assert_ne!(next, mode, "N: the next defence");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::N);
    h.run_steps(2);
    assert_eq!(setting(&h, 9, "mode"), mode, "Shift+N: back");
    // Section 3: X to the start, S one step, K plays.
    let mut h = lecture_at("stale");
    assert_eq!(
        moment(&h).0,
        1,
        "opened in lecture mode: the first moment, paused"
    );
    press(&mut h, Key::S);
    press(&mut h, Key::X);
    assert_eq!(moment(&h).0, 1);
    press(&mut h, Key::S);
    assert_eq!(moment(&h).0, 2);
    press(&mut h, Key::X);
    assert_eq!(moment(&h).0, 1);
}

/// Codes of sections 2 and 5 with settings that differ from the lesson's.
fn prepared_codes() -> (String, String) {
    let mut h = lecture_at("ttl");
    press(&mut h, Key::N); // TTL 1 s
    let two = Share::code_of(h.state().section(number("ttl"))).unwrap();
    let mut h = lecture_at("where");
    press(&mut h, Key::N);
    press(&mut h, Key::N);
    let five = Share::code_of(h.state().section(number("where"))).unwrap();
    (two, five)
}

#[test]
fn scenario_opens_the_app_on_a_code() {
    let (two, _) = prepared_codes();
    let h = app_with(AppOptions {
        section: Some(number("who")),
        scenario: Some(two.clone()),
        ..Default::default()
    });
    assert_eq!(h.state().current_id(), "ttl");
    assert_eq!(
        Share::code_of(h.state().section(number("ttl"))).unwrap(),
        two
    );
}

#[test]
fn a_playlist_walks_its_codes_and_skips_a_malformed_line() {
    let (two, five) = prepared_codes();
    let dir = std::env::temp_dir().join(format!("locks-kit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lecture.txt");
    std::fs::write(
        &file,
        format!("# Tuesday\n{two}\nLL1-S9-not-a-code\n\n{five}   # stores\n"),
    )
    .unwrap();
    let mut h = app_with(AppOptions {
        playlist: Some(file.clone()),
        ..Default::default()
    });
    assert_eq!(h.state().current_id(), "ttl", "opens on the first code");
    assert_eq!(
        Share::code_of(h.state().section(number("ttl"))).unwrap(),
        two
    );
    let notice = h.state().tools().share.notice().unwrap().clone();
    assert!(notice.error && notice.text.contains("line 3"), "{notice:?}");
    assert!(notice.text.contains("skipped"), "{notice:?}");
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "where", "Page Down: the next code");
    assert_eq!(
        Share::code_of(h.state().section(number("where"))).unwrap(),
        five
    );
    assert!(
        h.state()
            .tools()
            .share
            .notice()
            .unwrap()
            .text
            .starts_with("Playlist 2 of 2")
    );
    press(&mut h, Key::PageUp);
    assert_eq!(h.state().current_id(), "ttl", "Page Up: the code before");
    press(&mut h, Key::PageDown);
    press(&mut h, Key::PageDown);
    assert!(
        h.state()
            .tools()
            .share
            .notice()
            .unwrap()
            .text
            .contains("playlist is over")
    );
    // Add to playlist appends the run on screen to the same file.
    press(&mut h, Key::N);
    let third = Share::code_of(h.state().section(number("where"))).unwrap();
    h.get_by_label("Add to playlist").click();
    h.run_steps(3);
    let text = std::fs::read_to_string(&file).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with(&format!("{third}  # 5.")), "{text}");
    let notice = h.state().tools().share.notice().unwrap().text.clone();
    assert!(notice.contains("lecture.txt"), "says which file: {notice}");
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "which", "then the lesson goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_playlist_file_is_written_by_add_to_playlist() {
    let dir = std::env::temp_dir().join(format!("locks-kit-new-{}", std::process::id()));
    let file = dir.join("new.txt");
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = app_with(AppOptions {
        section: Some(number("fencing")),
        playlist: Some(file.clone()),
        ..Default::default()
    });
    assert_eq!(h.state().current_id(), "fencing");
    assert!(h.state().tools().share.notice().is_none(), "no complaint");
    h.get_by_label("Add to playlist").click();
    h.run_steps(3);
    let code = Share::code_of(h.state().section(number("fencing"))).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(&code), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lecture_playlist_keeps_the_prediction_and_the_story_unless_a_line_says_reveal() {
    let three = Share::code_of(
        crate::harness::app("stale")
            .state()
            .section(number("stale")),
    )
    .unwrap();
    let (two, _) = prepared_codes();
    let dir = std::env::temp_dir().join(format!("locks-kit-builds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lecture.txt");
    std::fs::write(&file, format!("{three}\n{two} reveal   # at once\n")).unwrap();
    let mut h = app_with(AppOptions {
        playlist: Some(file),
        lecture: true,
        ask_predictions: true,
        ..Default::default()
    });
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "stale");
    assert!(
        h.state().section(number("stale")).summary().is_none(),
        "the class predicts first: the result is hidden"
    );
    press(&mut h, Key::PageDown);
    assert_eq!(h.state().current_id(), "stale", "Page Down reveals");
    assert!(h.state().section(number("stale")).summary().is_some());
    assert_eq!(moment(&h).0, 1, "the story at its first moment");
    press(&mut h, Key::PageDown);
    assert_eq!(moment(&h).0, 2, "then moment by moment");
    let mut presses = 0;
    while h.state().current_id() == "stale" && presses < 10 {
        press(&mut h, Key::PageDown);
        presses += 1;
    }
    assert_eq!(h.state().current_id(), "ttl", "then the next code");
    assert!(
        h.state().section(number("ttl")).summary().is_some(),
        "a line that says reveal shows its run at once"
    );
    assert_eq!(
        Share::code_of(h.state().section(number("ttl"))).unwrap(),
        two
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn in_a_lecture_f_starts_section_3_again_with_fencing_and_its_headline_grows_with_the_story() {
    let mut h = lecture_at("stale");
    assert_eq!(moment(&h).0, 1);
    let first = h.state().section(number("stale")).summary().unwrap();
    assert!(
        first.starts_with("At 0\u{a0}s"),
        "the first moment only: {first}"
    );
    while moment(&h).0 < moment(&h).1 {
        press(&mut h, Key::PageDown);
    }
    let told = h.state().section(number("stale")).summary().unwrap();
    assert!(told.contains("B's work is lost"), "the whole story: {told}");
    press(&mut h, Key::F);
    h.run_steps(4);
    assert_eq!(setting(&h, 3, "fencing"), "true", "F turns fencing on");
    assert_eq!(moment(&h).0, 1, "and starts the story again");
    let again = h.state().section(number("stale")).summary().unwrap();
    assert!(again.starts_with("At 0\u{a0}s"), "{again}");
    while moment(&h).0 < moment(&h).1 {
        press(&mut h, Key::PageDown);
    }
    assert_eq!(h.state().current_id(), "stale", "stepped, not left");
    let fenced = h.state().section(number("stale")).summary().unwrap();
    assert!(fenced.contains("34"), "the fenced ending: {fenced}");
}
