//! Lecture mode, the keyboard map, blanking, scenario codes, exports and keyboard and
//! screen-reader access, driven through the real app.

use locks_lesson::sections::number;
use std::collections::HashSet;

use egui::{Event, Key, Modifiers, OutputCommand, Theme};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::scenario;
use locks_lesson::ui::shell::keymap::{SHORTCUTS, widget_keys};
use locks_lesson::ui::shell::keys_help;
use locks_lesson::ui::shell::lecture::contrast_ratio;

use crate::harness::{app, app_with};
use locks_lesson::ui::Shareable;

const CTRL_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

fn scenario_of(h: &mut Harness<'static, LessonApp>, n: u8) -> Vec<(String, String)> {
    crate::harness::scenario(h, n).expect("the section shares its settings")
}

fn value_of(h: &mut Harness<'static, LessonApp>, n: u8, key: &str) -> String {
    scenario_of(h, n)
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("section {n} has no '{key}'"))
}

/// The message the bottom bar shows, if any.
fn notice(h: &Harness<'static, LessonApp>) -> Option<(String, bool)> {
    h.state()
        .tools()
        .share
        .notice()
        .map(|n| (n.text.clone(), n.error))
}

/// Presses a key and returns the output of the frame that handled the press (`step` runs
/// one frame per queued event, so it would end on a later frame).
fn press_for_output(
    h: &mut Harness<'static, LessonApp>,
    modifiers: Modifiers,
    key: Key,
) -> egui::FullOutput {
    h.event(Event::ModifiersChanged(modifiers));
    h.step();
    h.event(Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    });
    h.step();
    let out = h.output().clone();
    h.key_up_modifiers(modifiers, key);
    h.step();
    out
}

/// The text the app put on the clipboard in `out`.
fn copied_text(out: &egui::FullOutput) -> Option<String> {
    out.platform_output.commands.iter().find_map(|c| match c {
        OutputCommand::CopyText(t) => Some(t.clone()),
        _ => None,
    })
}

fn assert_projector_theme(h: &Harness<'static, LessonApp>) {
    assert_eq!(
        h.ctx.theme(),
        Theme::Light,
        "dark text on a light background"
    );
    let v = &h.ctx.style_of(Theme::Light).visuals;
    assert!(!v.dark_mode);
    assert!(contrast_ratio(v.text_color(), v.panel_fill) >= 15.0);
    assert!(contrast_ratio(v.weak_text_color(), v.panel_fill) >= 7.0);
    assert!(
        contrast_ratio(
            v.widgets.inactive.text_color(),
            v.widgets.inactive.weak_bg_fill
        ) >= 7.0
    );
}

#[test]
fn the_l_key_toggles_lecture_mode_and_puts_everything_back() {
    let mut h = app("why-lock");
    h.ctx.set_theme(egui::ThemePreference::Dark);
    h.run_steps(2);
    assert!(!h.state().lecture());
    assert!(h.state().side_panel_open());
    let zoom_before = h.ctx.zoom_factor();
    assert!(
        h.query_by_label("Sections").is_some(),
        "the section list is shown"
    );

    h.key_press(Key::L);
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 8);
    assert!(h.state().lecture());
    assert!(!h.state().side_panel_open(), "the section list is hidden");
    assert!(h.query_by_label("Sections").is_none());
    let normal = locks_lesson::ui::shell::lecture::lecture_zoom(egui::vec2(1366.0, 768.0), 1.0);
    assert!(
        (h.ctx.zoom_factor() - normal).abs() < 0.01,
        "the slide's type"
    );
    assert_projector_theme(&h);

    // Adjustable: the lecturer's larger type is kept for the next lecture (on a quiz: a
    // stage that would not fit at a larger type keeps the largest that fits, below).
    h.state_mut().go_to(number("which"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 8);
    assert!((h.ctx.zoom_factor() - normal * 1.1).abs() < 0.01);
    h.key_press(Key::L);
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 8);
    assert!(!h.state().lecture());
    assert!(h.state().side_panel_open());
    assert_eq!(h.ctx.zoom_factor(), zoom_before);
    assert_eq!(h.ctx.theme(), Theme::Dark, "the chosen theme is back");
    assert!(
        h.ctx.style_of(Theme::Light).visuals.panel_fill != egui::Color32::WHITE,
        "the normal light style is back"
    );

    h.key_press(Key::L);
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 8);
    assert!(h.state().lecture());
    assert!((h.ctx.zoom_factor() - normal * 1.1).abs() < 0.01);
    h.get_by_label("Type 110\u{a0}%");
    // Section 1's stage needs a few points more than this window has at 110 %: its words
    // yield first (the headline's type a little smaller), else it keeps the type at which it
    // fits; never less than the normal size, and the figure whole.
    h.state_mut().go_to(number("why-lock"));
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 12);
    let zoom = h.ctx.zoom_factor();
    assert!(zoom > normal - 0.01 && zoom < normal * 1.1 + 0.01, "{zoom}");
    let figure = crate::harness::plot_rect(&h, 1).expect("a figure");
    assert!(h.ctx.content_rect().contains_rect(figure), "{figure:?}");
}

#[test]
fn the_top_bar_toggles_lecture_mode() {
    let mut h = app("why-lock");
    h.get_by_label("Lecture").click();
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 8);
    assert!(h.state().lecture());
    assert!(!h.state().side_panel_open());
    assert!(h.ctx.zoom_factor() >= 1.5);
    assert_projector_theme(&h);
    // At the lecture's type the bar's tools may fold into its menu.
    if h.query_by_label("Lecture").is_none() {
        h.get_by_label("Menu").click();
        h.run_steps(2);
    }
    h.get_by_label("Lecture").click();
    h.run_steps(3);
    assert!(!h.state().lecture());
    assert!(h.state().side_panel_open());
}

#[test]
fn the_lecture_flag_starts_in_lecture_mode() {
    let h = app_with(AppOptions {
        section: Some(number("why-lock")),
        lecture: true,
        ..Default::default()
    });
    assert!(h.state().lecture());
    assert!(!h.state().side_panel_open());
    assert!(h.ctx.zoom_factor() >= 1.5);
    assert_projector_theme(&h);
}

#[test]
fn f11_switches_fullscreen() {
    let mut h = app("ttl");
    let out = press_for_output(&mut h, Modifiers::NONE, Key::F11);
    let asked = out
        .viewport_output
        .values()
        .flat_map(|v| v.commands.iter())
        .any(|c| *c == egui::ViewportCommand::Fullscreen(true));
    assert!(asked, "F11 asks for fullscreen");
}

fn label_count(h: &Harness<'static, LessonApp>, label: &str) -> usize {
    h.query_all_by_label(label).count()
}

#[test]
fn question_mark_and_f1_open_the_keyboard_map_with_every_shortcut() {
    let mut h = app("ttl");
    assert!(h.query_by_label(&keys_help::TITLE).is_none());
    let before: Vec<usize> = SHORTCUTS
        .iter()
        .map(|s| label_count(&h, s.keys_text()))
        .collect();

    h.key_press(Key::Questionmark);
    h.run_steps(2);
    assert!(h.state().tools().keyboard_map_open);
    assert!(h.query_by_label(&keys_help::TITLE).is_some());
    for (s, n) in SHORTCUTS.iter().zip(&before) {
        assert!(
            label_count(&h, s.keys_text()) > *n,
            "the map lists '{}'",
            s.keys_text()
        );
        assert!(
            label_count(&h, &s.description()) >= 1,
            "the map describes '{}'",
            s.keys_text()
        );
    }
    for (keys, what) in widget_keys() {
        assert!(
            label_count(&h, keys) >= 1 && label_count(&h, &what) >= 1,
            "{keys}"
        );
    }
    // Shortcuts of the page wait while the map is open.
    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "ttl");

    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(!h.state().tools().keyboard_map_open);
    assert!(h.query_by_label(&keys_help::TITLE).is_none());

    h.key_press(Key::F1);
    h.run_steps(2);
    assert!(h.state().tools().keyboard_map_open);
    h.key_press(Key::F1);
    h.run_steps(2);
    assert!(!h.state().tools().keyboard_map_open, "F1 closes it again");

    // On layouts where '?' only arrives as typed text.
    h.event(Event::Text("?".into()));
    h.run_steps(2);
    assert!(h.state().tools().keyboard_map_open);
    h.get_by_label("Close").click();
    h.run_steps(2);
    assert!(!h.state().tools().keyboard_map_open);
}

#[test]
fn b_blanks_the_screen_and_any_key_brings_it_back_doing_nothing_else() {
    let mut h = app("stale");
    h.key_press(Key::B);
    h.run_steps(2);
    assert!(h.state().tools().lecture.blanked());
    assert!(
        h.query_by_label("Sections").is_none(),
        "nothing of the lesson shows"
    );
    assert!(h.query_by_label("Lecture").is_none());
    assert!(
        h.query_by_label_contains("Press any key").is_some(),
        "a screen reader hears why"
    );

    h.key_press(Key::PageDown);
    h.run_steps(2);
    assert!(!h.state().tools().lecture.blanked());
    assert_eq!(
        h.state().current_id(),
        "stale",
        "the waking key did not also turn the page"
    );
    assert!(h.query_by_label("Sections").is_some());

    h.key_press(Key::Period);
    h.run_steps(2);
    assert!(h.state().tools().lecture.blanked(), "'.' blanks too");
    h.key_press(Key::B);
    h.run_steps(2);
    assert!(
        !h.state().tools().lecture.blanked(),
        "B wakes it and does not blank again"
    );
    h.key_press(Key::L);
    h.run_steps(2);
    assert!(h.state().lecture(), "keys work again afterwards");
}

#[test]
fn a_scenario_code_reproduces_the_run_in_a_fresh_app() {
    let mut h = app("why-lock");
    h.get_by_label("Use a lock").click_accesskit();
    h.run_steps(2);
    h.get_by_label("New seed").click_accesskit();
    h.run_steps(2);
    h.query_all_by_label("Workers").next().unwrap().focus();
    h.run_steps(2);
    for _ in 0..3 {
        h.key_press(Key::ArrowRight);
        h.run_steps(1);
    }
    h.run_steps(2);
    let shared = scenario_of(&mut h, 1);
    assert_eq!(value_of(&mut h, 1, "workers"), "8");
    assert_eq!(value_of(&mut h, 1, "lock"), "true");
    assert_ne!(value_of(&mut h, 1, "seed"), "1");

    let out = press_for_output(&mut h, CTRL_SHIFT, Key::C);
    let code = copied_text(&out).expect("Ctrl+Shift+C copies the code");
    assert_eq!(code, scenario::encode(1, &shared));
    assert!(
        h.query_by_label(&code).is_some(),
        "the code is on screen for students to type"
    );

    let mut fresh = app("fencing");
    let defaults = scenario_of(&mut fresh, 1);
    assert_ne!(defaults, shared);
    fresh.key_press_modifiers(CTRL_SHIFT, Key::V);
    fresh.step();
    // What the platform does on RequestPaste.
    fresh.event(Event::Paste(code.clone()));
    fresh.run_steps(3);
    assert_eq!(
        fresh.state().current_id(),
        "why-lock",
        "the code opens its section"
    );
    assert_eq!(
        scenario_of(&mut fresh, 1),
        shared,
        "same parameters and seed"
    );
    let (message, error) = notice(&fresh).expect("a message");
    assert!(
        !error && message.starts_with("Loaded section 1"),
        "{message}"
    );
    // The same run: the same headline.
    let headline = |h: &mut Harness<'static, LessonApp>| {
        h.state_mut().section_mut(number("why-lock")).summary()
    };
    assert_eq!(headline(&mut fresh), headline(&mut h));
    assert!(headline(&mut fresh).is_some());
}

#[test]
fn a_plain_paste_of_a_code_outside_a_text_field_loads_it_too() {
    let mut h = app("why-lock");
    let mut pairs = scenario_of(&mut h, 1);
    pairs.iter_mut().find(|(k, _)| k == "workers").unwrap().1 = "12".into();
    let code = scenario::encode(1, &pairs).to_lowercase();
    h.key_press(Key::End);
    h.run_steps(2);
    h.event(Event::Paste(format!("  {code}\n")));
    h.run_steps(3);
    assert_eq!(h.state().current_id(), "why-lock");
    assert_eq!(value_of(&mut h, 1, "workers"), "12");
}

#[test]
fn malformed_codes_get_a_clear_message_and_change_nothing() {
    let mut h = app("ttl");
    let before = scenario_of(&mut h, 1);
    let good = scenario::encode(1, &before);
    let mut too_many = before.clone();
    too_many.iter_mut().find(|(k, _)| k == "workers").unwrap().1 = "99".into();
    let out_of_range = scenario::encode(1, &too_many);
    let typo = {
        // Change one digit of the seed: the check letter no longer fits.
        let at = good.rfind('-').unwrap() - 1;
        let mut b = good.clone().into_bytes();
        b[at] = if b[at] == b'7' { b'8' } else { b'7' };
        String::from_utf8(b).unwrap()
    };
    let cases = [
        ("hello", "not a scenario code"),
        ("LL9-S1-5-A", "newer version"),
        ("LL1-S12-5-A", "section number from 1 to 10"),
        (&good[..good.rfind('-').unwrap()], "check letter"),
        (&typo, "mistyped"),
        (&good.replacen("-200-", "-", 1), "values"),
        (&out_of_range, "workers must be an integer from 1 to 20"),
        ("LL1-S7-A", "Section 7 has no settings to share"),
    ];
    for (code, expected) in cases {
        h.key_press_modifiers(CTRL_SHIFT, Key::V);
        h.step();
        h.event(Event::Paste(code.to_owned()));
        h.run_steps(2);
        let (message, error) = notice(&h).unwrap_or_else(|| panic!("no message for {code}"));
        assert!(error, "{code}: {message}");
        assert!(message.contains(expected), "{code}: {message}");
        assert!(
            h.query_by_label_contains(expected).is_some(),
            "{code}: the message is on screen"
        );
        assert_eq!(h.state().current_id(), "ttl", "{code}: stayed on the page");
        assert_eq!(scenario_of(&mut h, 1), before, "{code}: nothing changed");
    }
}

#[test]
fn a_code_can_be_typed_into_the_dialog() {
    let mut h = app("stale");
    let mut pairs = scenario_of(&mut h, 1);
    pairs.iter_mut().find(|(k, _)| k == "seed").unwrap().1 = "4242".into();
    let code = scenario::encode(1, &pairs);

    h.get_by_label("Type a code…").click();
    h.run_steps(2);
    assert!(h.state().tools().share.dialog_open());
    // A typo first: the dialog stays open and says why.
    h.get_by_label("Scenario code").type_text("LL1-S1-oops");
    h.run_steps(1);
    h.get_by_label("Load this run").click();
    h.run_steps(2);
    assert!(h.state().tools().share.dialog_open());
    assert_eq!(h.state().current_id(), "stale");
    assert!(
        h.query_by_label_contains("⚠ The code should end with its check letter")
            .is_some()
    );

    h.get_by_label("Scenario code").focus();
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run_steps(1);
    h.get_by_label("Scenario code")
        .type_text(&code.replace('-', " "));
    h.run_steps(1);
    h.get_by_label("Load this run").click();
    h.run_steps(3);
    assert!(!h.state().tools().share.dialog_open());
    assert_eq!(h.state().current_id(), "why-lock");
    assert_eq!(value_of(&mut h, 1, "seed"), "4242");
}

#[test]
fn arrows_move_a_focused_slider_and_shift_moves_it_finely() {
    let mut h = app("why-lock");
    let think = |h: &mut Harness<'static, LessonApp>| -> f64 {
        value_of(h, 1, "think-ms").parse().unwrap()
    };
    let start = think(&mut h);
    // The think time is in the settings drawer.
    h.get_by_label("More settings").click();
    h.run_steps(2);
    h.query_all_by_label("Think time (mean)")
        .next()
        .unwrap()
        .focus();
    h.run_steps(2);
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    let coarse = think(&mut h);
    h.key_press_modifiers(Modifiers::SHIFT, Key::ArrowRight);
    h.run_steps(2);
    let fine = think(&mut h);
    assert_eq!(
        h.state().current_id(),
        "why-lock",
        "the arrows belong to the slider"
    );
    // A logarithmic slider from 0.1 to 20 ms: 1/100 and 1/1000 of ln(200) per press.
    let step = (200f64).ln() / 100.0;
    let up = (coarse / start).ln();
    let up_fine = (fine / coarse).ln();
    assert!((up - step).abs() < 0.1 * step, "{start} → {coarse}");
    assert!(
        (up_fine - step / 10.0).abs() < 0.2 * step / 10.0,
        "{coarse} → {fine}"
    );
    h.key_press(Key::ArrowLeft);
    h.run_steps(2);
    assert!(think(&mut h) < fine);
}

/// Every stop of the Tab key must tell a screen reader what it is, and Tab must come back to
/// where it started (no keyboard trap).
#[test]
fn tab_reaches_every_control_of_every_section_and_each_has_a_label() {
    for n in 1..=locks_lesson::sections::lesson_count() {
        let mut h = app(n);
        let mut seen: Vec<egui::Id> = Vec::new();
        let mut cycled = false;
        for _ in 0..300 {
            h.key_press(Key::Tab);
            h.run_steps(2);
            let Some(id) = h.ctx.memory(|m| m.focused()) else {
                continue;
            };
            if seen.first() == Some(&id) {
                cycled = true;
                break;
            }
            assert!(
                !seen.contains(&id) || seen.len() < 2,
                "section {n}: Tab went back before the end"
            );
            let target = id.accesskit_id();
            let node = h
                .query_all(By::new().predicate(move |node| node.locate().0 == target))
                .next()
                .unwrap_or_else(|| {
                    panic!(
                        "section {n}: the control after {} Tabs is not in the accessibility tree",
                        seen.len() + 1
                    )
                });
            let name = node.accesskit_node().label().unwrap_or_default();
            assert!(
                !name.trim().is_empty(),
                "section {n}: a control has no accessible name: {:?}",
                node.accesskit_node()
            );
            seen.push(id);
        }
        assert!(
            cycled,
            "section {n}: Tab never came back to the first control"
        );
        assert!(
            seen.len() >= 8,
            "section {n}: only {} controls reached",
            seen.len()
        );
        let unique: HashSet<_> = seen.iter().collect();
        assert_eq!(unique.len(), seen.len());
    }
}

#[test]
fn plots_have_text_descriptions() {
    let h = app("why-lock");
    let summary = h
        .state()
        .section(number("why-lock"))
        .summary()
        .expect("section 1 has results");
    let described: Vec<_> = h
        .query_all(By::new().predicate(|n| n.role() == egui::Role::Image))
        .map(|n| (n.accesskit_node().label(), n.accesskit_node().description()))
        .collect();
    assert_eq!(described.len(), 2, "both plots of section 1: {described:?}");
    assert!(described.iter().all(
        |(l, d)| l.as_deref().is_some_and(|l| l.starts_with("Plot:"))
            && d.as_deref().is_some_and(|d| !d.is_empty())
    ));
    assert!(
        described
            .iter()
            .any(|(_, d)| d.as_deref() == Some(summary.as_str())),
        "the main plot is described by the headline"
    );
    // Every section's main plot carries its headline, whoever drew it.
    let mut checked = 0;
    for n in 2..=10 {
        let mut h = app(n);
        h.run_steps(10);
        let section = h.state().section(n);
        let (Some(_), Some(summary)) = (
            section.share().and_then(Shareable::plot_rect),
            section.summary(),
        ) else {
            continue;
        };
        let found = h
            .query_all(By::new().predicate(|node| node.role() == egui::Role::Image))
            .any(|node| node.accesskit_node().description().as_deref() == Some(summary.as_str()));
        assert!(found, "section {n}: no plot is described by its headline");
        checked += 1;
    }
    assert!(
        checked >= 3,
        "only {checked} other sections had a plot and a headline"
    );
}

#[test]
fn reduced_motion_shows_the_final_state_at_once() {
    let mut h = app("why-lock");
    assert!(h.query_by_label("Pause").is_some(), "the run animates");
    h.get_by_label("Reduce motion").click();
    h.run_steps(3);
    assert!(h.state().reduced_motion());
    assert!(h.query_by_label("Pause").is_none() && h.query_by_label("Play").is_none());
    // Nothing animates: the frames stop (run() panics if repaints go on).
    h.run();
}

#[test]
fn exports_save_the_data_as_csv_and_the_plot_as_png() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(AppOptions {
        section: Some(number("why-lock")),
        export_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    });
    let seed = value_of(&mut h, 1, "seed");

    h.key_press_modifiers(CTRL_SHIFT, Key::E);
    h.run_steps(2);
    let csv_path = dir.path().join(format!("locks-lesson-s1-seed{seed}.csv"));
    let csv = std::fs::read_to_string(&csv_path).expect("the CSV was written");
    assert_eq!(Some(csv), crate::harness::csv(&h, 1));
    let (message, error) = notice(&h).unwrap();
    assert!(
        !error && message.contains(&csv_path.display().to_string()),
        "{message}"
    );

    h.get_by_label("Export…").click();
    h.run_steps(2);
    h.get_by_label("Save plot (PNG) Ctrl+E").click();
    let png_path = dir.path().join(format!("locks-lesson-s1-seed{seed}.png"));
    for _ in 0..500 {
        h.step();
        if png_path.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let png = image::open(&png_path)
        .expect("the PNG was written")
        .to_rgba8();
    // A slide: 16:9, 1920 pixels wide unless another width is chosen.
    assert_eq!(png.dimensions(), (1920, 1080));
    let colours: HashSet<[u8; 4]> = png.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 10,
        "the image shows the plot, not a blank area"
    );

    // A section without a plot: a message, no file.
    let bare = (2..=10)
        .find(|&n| {
            h.state_mut().go_to(n);
            h.run_steps(3);
            crate::harness::plot_rect(&h, n).is_none()
        })
        .expect("some section is words only");
    h.key_press_modifiers(Modifiers::COMMAND, Key::E);
    h.run_steps(2);
    let (message, error) = notice(&h).unwrap();
    assert!(
        error && message.contains("no plot"),
        "section {bare}: {message}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// Saves the figure with Ctrl+E and returns the file's bytes.
fn save_figure(h: &mut Harness<'static, LessonApp>) -> Vec<u8> {
    let before = notice(h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::E);
    for _ in 0..500 {
        h.step();
        if let Some((message, error)) = notice(h).filter(|n| Some(n) != before.as_ref()) {
            assert!(!error, "{message}");
            let path = message.split(" was saved as ").nth(1).unwrap();
            return std::fs::read(path.trim_end_matches('.')).unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the figure was not saved");
}

#[test]
fn exported_plots_do_not_show_the_pointer() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(AppOptions {
        section: Some(number("fencing")),
        export_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    });
    h.get_by_label("Reduce motion").click();
    h.run_steps(3);
    let plot = crate::harness::plot_rect(&h, 4).unwrap();
    let inside = plot.center();

    // The premise: a pointer over the plot draws on it (hover lines and coordinates).
    let without = h.render().unwrap();
    h.hover_at(inside);
    h.run_steps(3);
    assert_ne!(h.render().unwrap(), without, "hovering shows on the plot");

    // The saved figure is drawn off screen: the same bytes with the pointer over the plot
    // and after it left the window.
    let over = save_figure(&mut h);
    assert_eq!(
        h.ctx.input(|i| i.pointer.latest_pos()),
        Some(inside),
        "the pointer stays where it was"
    );
    h.event(Event::PointerGone);
    h.run_steps(3);
    let gone = save_figure(&mut h);
    assert!(over == gone, "the figure shows a trace of the pointer");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn every_section_with_settings_round_trips_through_its_code() {
    let source = app("why-lock");
    let mut checked = 0;
    for n in 1..=locks_lesson::sections::lesson_count() {
        let Some(pairs) = crate::harness::scenario(&source, n) else {
            continue;
        };
        let code = scenario::encode(n, &pairs);
        let mut fresh = app(if n == 1 { 2 } else { 1 });
        fresh.event(Event::Paste(code.clone()));
        fresh.run_steps(3);
        let (message, error) = notice(&fresh).expect("a message");
        assert!(!error, "section {n}, {code}: {message}");
        assert_eq!(fresh.state().current_section(), n, "{code}");
        assert_eq!(scenario_of(&mut fresh, n), pairs, "{code}");
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} sections share settings");
}

/// The class votes, the lecturer reveals: quiz answers stay hidden in lecture mode until R.
#[test]
fn in_lecture_mode_quiz_answers_wait_for_r() {
    let mut h = app("which");
    h.key_press(Key::L);
    h.run_steps(3);
    assert!(h.state().lecture());
    let q = &locks_lesson::lesson::content().quizzes.which[0];
    let vote = (q.correct + 1) % 4;
    h.key_press([Key::Num1, Key::Num2, Key::Num3, Key::Num4][vote]);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("The answer is").is_none(),
        "nothing is given away before R"
    );
    assert!(h.query_by_label_contains("✔ Right").is_none());
    h.key_press(Key::R);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains(&format!("the answer is {}", q.correct + 1))
            .is_some(),
        "R reveals the answer"
    );

    // Out of lecture mode a learner sees the verdict at once.
    let mut solo = app("which");
    solo.key_press([Key::Num1, Key::Num2, Key::Num3, Key::Num4][q.correct]);
    solo.run_steps(3);
    assert!(solo.query_by_label_contains("✔ Right").is_some());
}

#[test]
fn the_keyboard_map_fits_a_narrow_window_as_one_column() {
    let mut h = app("ttl");
    h.set_size(egui::vec2(640.0, 600.0));
    h.run_steps(2);
    h.key_press(Key::F1);
    h.run_steps(3);
    let map = h.get_by_label(&keys_help::TITLE).rect();
    // Keys that do the same share a row: its first key starts it.
    let firsts = SHORTCUTS
        .iter()
        .enumerate()
        .filter(|(i, s)| *i == 0 || SHORTCUTS[i - 1].description() != s.description());
    for (_, s) in firsts {
        let key = h
            .query_all_by_label(s.keys_text())
            .last()
            .unwrap_or_else(|| panic!("'{}' is listed", s.keys_text()));
        // One column: every key sits at the map's left edge.
        assert!(
            (key.rect().left() - map.left()).abs() < 2.0,
            "'{}' at {:?}, map at {:?}",
            s.keys_text(),
            key.rect(),
            map
        );
    }
    let screen = h.ctx.content_rect();
    assert!(screen.contains_rect(map), "the map stays on screen");
}

/// Section 7 from the clicker: each card's question is revealed by a Page Down once the
/// question has been shown to its end, at Type 100 % and at Type 150 % (where a question and
/// its choices may not fit one screenful), before the lecture moves on; the Redlock debate's
/// conclusion only after the class was asked to judge it.
#[test]
fn page_down_reveals_every_card_of_section_7_at_any_type() {
    use egui_kittest::kittest::NodeT;
    let px = [1024.0, 768.0];
    for type_steps in [0, 5] {
        let mut h = crate::harness::open("who")
            .lecture(true)
            .pixels(px, 1.0)
            .build();
        for _ in 0..type_steps {
            h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Plus);
            crate::harness::settle(&mut h, px, 8);
        }
        let texts = |h: &Harness<'static, LessonApp>, part: &str| -> Vec<String> {
            h.query_all_by(|n| {
                n.label()
                    .or_else(|| n.value())
                    .is_some_and(|t| t.contains(part))
            })
            .filter_map(|n| {
                let n = n.accesskit_node();
                n.label().or_else(|| n.value()).map(|t| t.to_string())
            })
            .collect()
        };
        let (mut asked, mut answered) = (Vec::new(), Vec::new());
        let (mut judging, mut concluded) = (None, None);
        for step in 0..80 {
            if judging.is_none() && !texts(&h, "The class's judgement first").is_empty() {
                judging = Some(step);
            }
            if concluded.is_none() && h.query_by_label("The lesson's conclusion").is_some() {
                concluded = Some(step);
            }
            for t in texts(&h, "fencing token?") {
                if !asked.contains(&t) {
                    asked.push(t);
                }
            }
            // (The right option marked ✔: one entry per answer.)
            for t in texts(&h, "  ✔") {
                let t: String = t.chars().take(40).collect();
                if !answered.contains(&t) {
                    answered.push(t);
                }
            }
            h.key_press(Key::PageDown);
            crate::harness::settle(&mut h, px, 8);
            if h.state().current_id() != "who" {
                break;
            }
        }
        assert_ne!(h.state().current_id(), "who", "Page Down leaves section 7");
        assert!(
            matches!((judging, concluded), (Some(j), Some(c)) if j < c),
            "the class judges the debate (step {judging:?}) before its conclusion ({concluded:?})"
        );
        assert!(asked.len() >= 4, "questions seen: {asked:?}");
        assert_eq!(
            answered.len(),
            asked.len(),
            "Type {} %: every question asked was revealed: {asked:?} {answered:?}",
            100 + 10 * type_steps
        );
    }
}

/// A lecture leaves no trace in the learner's place: the section the learner was on stays
/// the one a plain start opens at, however far the lecture went.
#[test]
fn a_lecture_keeps_the_learners_place() {
    let mut h = app("ttl");
    h.run_steps(2);
    let learner = number("ttl");
    assert_eq!(h.state().progress().get().last_visited(), Some(learner));
    h.key_press(Key::L);
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 4);
    h.state_mut().go_to(number("interview"));
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 4);
    assert_eq!(
        h.state().progress().get().last_visited(),
        Some(learner),
        "the lecture's section is not the learner's"
    );
    h.key_press(Key::L);
    crate::harness::hold_window(&mut h, [1366.0, 768.0], 4);
    // Back as a learner: the page on screen is the learner's again.
    let now = h.state().current_section();
    assert_eq!(h.state().progress().get().last_visited(), Some(now));
}
