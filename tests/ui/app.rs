//! The real app, driven through its accessibility tree: keys, clicks by label, frames.

use egui::Key;
use egui_kittest::kittest::Queryable;
use locks_lesson::lesson;
use locks_lesson::sections::number;

use crate::harness::app;

fn title(section: impl crate::harness::At) -> &'static str {
    &lesson::content().section(section.number()).title
}

#[test]
fn page_down_and_page_up_move_between_sections() {
    let mut h = app("why-lock");
    assert_eq!(h.state().current_id(), "why-lock");
    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "ttl");
    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "stale");
    h.key_press(Key::PageUp);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "ttl");
    // The page shows the section's own heading.
    h.get_by_label(title("ttl"));
}

#[test]
fn arrows_home_and_end_navigate_and_stop_at_the_ends() {
    let mut h = app("why-lock");
    h.key_press(Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(
        h.state().current_id(),
        "why-lock",
        "no section before the first"
    );
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "ttl");
    h.key_press(Key::End);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "next");
    // A learner turns the page on to the lab, the registry's last entry, and no further.
    let lab = locks_lesson::sections::lab();
    assert!(h.query_by_label(&format!("10 / {lab}")).is_some());
    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert_eq!(h.state().current_section(), lab);
    assert!(h.query_by_label(&format!("{lab} / {lab}")).is_some());
    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert_eq!(
        h.state().current_section(),
        lab,
        "no section after the last"
    );
    h.key_press(Key::Home);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "why-lock");
}

#[test]
fn a_lecture_opens_at_section_1_where_a_learner_reopens_where_they_stopped() {
    let dir = std::env::temp_dir().join(format!("locks-lesson-reopen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("progress.ron");
    let mut store = locks_lesson::progress::ProgressFile::open(file.clone());
    store.visit(9);
    assert!(store.flush());
    let open = |lecture| {
        let h = crate::harness::open_with(locks_lesson::app::AppOptions {
            progress_file: Some(file.clone()),
            lecture,
            ..Default::default()
        })
        .build();
        h.state().current_section()
    };
    assert_eq!(open(false), 9, "a learner goes on where they stopped");
    assert_eq!(open(true), 1, "a lecture starts at the beginning");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lecture_clicker_ends_with_the_lesson_not_the_lab() {
    let mut h = crate::harness::open("next").lecture(true).build();
    for _ in 0..5 {
        h.key_press(Key::PageDown);
        h.run_steps(2);
    }
    assert_eq!(h.state().current_id(), "next");
}

#[test]
fn clicking_a_section_name_opens_it() {
    let mut h = app("why-lock");
    let entry = format!("{}. {}", number("where"), title("where"));
    h.get_by_label(&entry).click();
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "where");
}

#[test]
fn section_flag_opens_that_section() {
    let h = app("who");
    assert_eq!(h.state().current_id(), "who");
}

#[test]
fn the_lock_toggle_brings_lost_updates_to_zero() {
    let mut h = app("why-lock");
    assert!(
        h.query_by_label_contains("updates were overwritten by workers that had read an old value")
            .is_some(),
        "without the lock the headline counts overwritten updates"
    );
    assert!(h.query_by_label_contains(": 0 updates were lost").is_none());
    h.get_by_label("Use a lock").click();
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("the counter says 1,000: 0 updates were lost")
            .is_some(),
        "with the lock the headline says nothing was lost"
    );
}

#[test]
fn a_glossary_term_opens_its_card_and_escape_closes_it() {
    let mut h = app("why-lock");
    let (id, shown) = lesson::content()
        .section(number("why-lock"))
        .intro
        .iter()
        .flat_map(|p| lesson::spans(p))
        .find_map(|s| match s {
            lesson::Span::Term { id, shown } => Some((id.to_owned(), shown.to_owned())),
            lesson::Span::Plain(_) => None,
        })
        .expect("section 1 marks at least one term");
    h.get_by_label(&shown).click();
    h.run_steps(4);
    assert_eq!(h.state().open_term(), Some(id.as_str()));
    let name = &lesson::content().term(&id).unwrap().name;
    assert!(h.query_all_by_label(name).count() >= 1);
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert_eq!(h.state().open_term(), None);
}

#[test]
fn new_seed_changes_the_run() {
    let mut h = app("why-lock");
    let seed_before = format!("Seed {}", 1);
    assert!(h.query_by_label(&seed_before).is_some());
    // The button may be below the fold: press it the way a screen reader would.
    h.get_by_label("New seed").click_accesskit();
    h.run_steps(3);
    assert!(
        h.query_by_label(&seed_before).is_none(),
        "the seed shown changed"
    );
}

#[test]
fn the_lesson_starts_with_its_header_and_summary() {
    let header = "Distributed Systems Core · lesson 8 of 11 · about 26\u{a0}min";
    let mut h = app("why-lock");
    h.get_by_label(header);
    let summary = lesson::plain(&lesson::content().lesson.summary);
    let opening: String = summary.chars().take(40).collect();
    assert!(h.query_by_label_contains(&opening).is_some(), "{opening}");
    // Only where the lesson starts.
    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert!(h.query_by_label(header).is_none());
}

/// The first Tab stop skips the top bar: it moves the keyboard focus to the section's first
/// control, and Tab goes on from there through the section.
#[test]
fn the_first_tab_stop_skips_to_the_section() {
    for n in [2, 6, 7] {
        let mut h = app(n);
        h.key_press(Key::Tab);
        h.run_steps(2);
        let skip = h.get_by_label("Skip to the section");
        assert!(skip.is_focused(), "section {n}: the first Tab stop");
        for key in [Key::Enter, Key::Space] {
            h.get_by_label("Skip to the section").focus();
            h.run_steps(2);
            h.key_press(key);
            h.run_steps(2);
            let bar_bottom = crate::harness::next_arrow(&h).bottom();
            let list_right = h
                .query_by_label(&format!("{n}. {}", title(n)))
                .map_or(0.0, |item| item.rect().right());
            let heading = h.get_by_label(title(n)).rect();
            let focused = h
                .ctx
                .memory(|m| m.focused())
                .expect("something has the focus");
            let rect = h
                .ctx
                .viewport(|v| v.prev_pass.widgets.get(focused).map(|w| w.rect))
                .expect("the focused control was drawn");
            assert!(
                rect.top() >= heading.bottom() - 1.0
                    && rect.top() > bar_bottom
                    && rect.left() > list_right,
                "section {n}, {key:?}: the focus went to {rect:?}, not into the page (heading \
                 {heading:?}, top bar to {bar_bottom}, section list to {list_right})"
            );
        }
    }
}

#[test]
fn a_lab_server_named_on_the_command_line_fills_the_lab_page() {
    use clap::Parser;
    use locks_lesson::cli::Cli;
    use locks_lesson::lab::ServerKind;

    let cli = Cli::try_parse_from(["locks-lesson", "--etcd", "http://127.0.0.1:2379"]).unwrap();
    let options = locks_lesson::cli::app_options(&cli);
    assert_eq!(
        options.lab_server,
        Some((ServerKind::Etcd, "http://127.0.0.1:2379".to_owned()))
    );
    let cli = Cli::try_parse_from(["locks-lesson", "--redis", "redis://127.0.0.1:6379"]).unwrap();
    assert_eq!(
        locks_lesson::cli::app_options(&cli).lab_server,
        Some((ServerKind::Redis, "redis://127.0.0.1:6379".to_owned()))
    );
    assert!(Cli::try_parse_from(["locks-lesson", "--redis", "a", "--etcd", "b"]).is_err());

    let mut h = crate::harness::app_with(locks_lesson::app::AppOptions {
        lab_server: Some((ServerKind::Etcd, "http://127.0.0.1:2379".to_owned())),
        ..Default::default()
    });
    h.state_mut().go_to(locks_lesson::sections::lab());
    h.run_steps(3);
    assert!(
        h.query_all_by_value("http://127.0.0.1:2379")
            .next()
            .is_some(),
        "the URL field holds the server's address"
    );
}
