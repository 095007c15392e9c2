//! The lecturer's kit, layout: lecture mode hides learner-only matter, and the top bar fits
//! (or folds into its menu) at a small projector's size and at a large zoom.

use crate::harness::app_with;
use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::sections::number;

/// The app in a window of `size` pixels seen at `zoom` (the layout works in points).
fn app_at(
    section: impl crate::harness::At,
    size: [f32; 2],
    zoom: f32,
    lecture: bool,
) -> Harness<'static, LessonApp> {
    crate::harness::open(section)
        .lecture(lecture)
        .pixels(size, zoom)
        .settle(6)
        .build()
}

#[test]
fn lecture_mode_shows_no_xp_and_no_scoring() {
    let mut h = app_with(AppOptions {
        section: Some(number("why-lock")),
        lecture: true,
        ..Default::default()
    });
    for n in 1..=locks_lesson::sections::lesson_count() {
        h.state_mut().go_to(n);
        h.run_steps(3);
        for words in ["XP", "Scoring", "Reset progress", "progress file"] {
            if let Some(node) = h.query_all_by_label_contains(words).next() {
                panic!(
                    "section {n} shows '{words}' in lecture mode: {:?}",
                    node.accesskit_node().label()
                );
            }
        }
    }
    // The learner sees them.
    let mut h = app_with(AppOptions {
        section: Some(number("next")),
        ..Default::default()
    });
    h.run_steps(2);
    assert!(h.query_all_by_label_contains("XP").next().is_some());
    assert!(h.query_by_label("Reset progress…").is_some());
}

/// The top bar's controls: each inside the window, none overlapping another.
fn assert_top_bar_fits(h: &Harness<'static, LessonApp>, what: &str) {
    let window = h.ctx.content_rect();
    let mut rects: Vec<(String, Rect)> = Vec::new();
    for label in [
        "Section list",
        "Previous section",
        "Next section",
        "Previous slide (Page Up)",
        "Next slide (Page Down)",
        "Glossary",
        "View",
        "Lecture",
        "Keys",
        "Menu",
    ] {
        for node in h.query_all_by_label(label) {
            let r = node.rect();
            // Only the bar (menus and pages may repeat a word further down).
            if r.top() < 60.0 {
                rects.push((label.to_owned(), r));
            }
        }
    }
    if let Some(xp) = h.query_all_by_label_contains("★").next() {
        rects.push(("XP".into(), xp.rect()));
    }
    assert!(
        rects
            .iter()
            .any(|(l, _)| l == "Next section" || l == "Next slide (Page Down)"),
        "{what}: {rects:?}"
    );
    assert!(
        rects.iter().any(|(l, _)| l == "Glossary" || l == "Menu"),
        "{what}: neither the glossary nor the menu is in the bar: {rects:?}"
    );
    for (i, (a, ra)) in rects.iter().enumerate() {
        assert!(
            window.contains_rect(*ra),
            "{what}: '{a}' {ra:?} is outside {window:?}"
        );
        for (b, rb) in &rects[i + 1..] {
            assert!(
                !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                "{what}: '{a}' {ra:?} overlaps '{b}' {rb:?}"
            );
        }
    }
}

#[test]
fn the_top_bar_fits_at_1024x768_and_at_160_percent() {
    for (size, zoom, lecture) in [
        ([1024.0, 768.0], 1.0, false),
        ([1024.0, 768.0], 1.6, false),
        ([1366.0, 768.0], 1.6, false),
        ([1024.0, 768.0], 1.5, true),
        ([1280.0, 800.0], 1.6, true),
    ] {
        for section in [1, 6, 10] {
            let h = app_at(section, size, zoom, lecture);
            let what = format!("{size:?} at {zoom}× (lecture {lecture}), section {section}");
            assert_top_bar_fits(&h, &what);
        }
    }
}

#[test]
fn section_10_keeps_the_xp_table_clear_of_the_reading_list() {
    for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        let h = app_at("next", size, 1.0, false);
        let reading = h.get_by_label("Reading list").rect();
        let table = h.query_all_by_label("Your XP").next().unwrap().rect();
        // The table's rows (the headline above says much the same in one sentence).
        let rows: Vec<Rect> = h
            .query_all_by_label_contains("right at the first try,")
            .map(|n| n.rect())
            .filter(|r| r.top() > table.top())
            .collect();
        assert!(!rows.is_empty(), "{size:?}: no XP rows");
        for r in rows {
            assert!(
                r.right() <= reading.left() + 0.5 || r.top() >= reading.bottom(),
                "{size:?}: XP row {r:?} runs into the reading list at {reading:?}"
            );
        }
    }
}

#[test]
fn the_keyboard_map_fits_a_projector_in_columns_without_scrolling() {
    use locks_lesson::ui::shell::keymap::{SHORTCUTS, widget_keys};
    use locks_lesson::ui::shell::keys_help;
    for (size, zoom, lecture) in [
        ([1280.0, 800.0], 1.5, true),
        ([1024.0, 768.0], 1.0, false),
        ([1366.0, 768.0], 1.0, false),
    ] {
        let mut h = app_at("ttl", size, zoom, lecture);
        h.key_press(egui::Key::F1);
        h.run_steps(3);
        let what = format!("{size:?} at {zoom}×");
        let screen = h.ctx.content_rect();
        assert!(h.query_by_label(&keys_help::TITLE).is_some());
        let close = h.query_all_by_label("Close").last().unwrap().rect();
        assert!(screen.contains_rect(close), "{what}: Close at {close:?}");
        let keys = SHORTCUTS
            .iter()
            .map(|s| s.keys_text())
            .chain(widget_keys().into_iter().map(|(k, _)| k));
        let mut lefts: Vec<i32> = Vec::new();
        for k in keys {
            let node = h
                .query_all_by_label(k)
                .last()
                .unwrap_or_else(|| panic!("{what}: '{k}' is listed"));
            let r = node.rect();
            assert!(
                screen.contains_rect(r) && r.bottom() <= close.top(),
                "{what}: '{k}' at {r:?} is off screen {screen:?}: the map would need scrolling"
            );
            lefts.push(r.left() as i32);
        }
        lefts.sort_unstable();
        let distinct = {
            let mut v: Vec<i32> = lefts.iter().map(|l| l / 40).collect();
            v.dedup();
            v.len()
        };
        assert!(distinct >= 2, "{what}: the map is in one column");
    }
}

#[test]
fn lecture_mode_hides_a_still_pointer_and_shows_no_tooltips() {
    for lecture in [true, false] {
        let mut h = app_at("why-lock", [1280.0, 800.0], 1.5, lecture);
        // (A projector shows no bottom bar: there the pointer rests on the slide's switch.)
        let (widget, tip) = if lecture {
            (
                "Use a lock",
                "Each worker takes a first-come, first-served lock",
            )
        } else {
            ("Copy code", "Copy the scenario code")
        };
        let at = h.get_by_label(widget).rect().center();
        h.hover_at(at);
        h.run_steps(1);
        let icon = h.output().platform_output.cursor_icon;
        assert_ne!(
            icon,
            egui::CursorIcon::None,
            "lecture {lecture}: a moving pointer shows"
        );
        // Three seconds without movement (each step is a quarter of a second).
        h.run_steps(12);
        let icon = h.output().platform_output.cursor_icon;
        assert_eq!(
            icon == egui::CursorIcon::None,
            lecture,
            "lecture {lecture}: the pointer after 3 s still is {icon:?}"
        );
        let tip = h.query_all_by_label_contains(tip).next().is_some();
        assert_eq!(tip, !lecture, "lecture {lecture}: a tooltip shows: {tip}");
    }
}
