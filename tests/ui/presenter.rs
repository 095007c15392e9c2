//! The presenter view: the console (the main window) and the audience window share one state.
//!
//! kittest has no second native window: with viewports not embedded and no window system
//! behind it, egui draws the audience window as a window inside the harness, from the same
//! state and in the same frame, as a real second window would be. Keys pressed in a real
//! second window are read inside its own frame and routed through the app's `apply`; that
//! routing is tested in `src/ui/presenter/audience.rs` (kittest cannot focus a second window).

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::LessonApp;
use locks_lesson::lesson::catalogue::tf;
use locks_lesson::sections;
use locks_lesson::ui::shell::presenter::{console, notes};

/// The app at `section`, on a system that can open a second window, in a 1920×1080 window.
fn app(section: &str) -> Harness<'static, LessonApp> {
    crate::harness::open(section)
        .pixels([1920.0, 1080.0], 1.0)
        .separate_windows()
        .build()
}

/// Opens the audience window with P.
fn open(h: &mut Harness<'static, LessonApp>) {
    h.key_press(Key::P);
    h.run_steps(4);
    assert!(h.state().presenter_view().is_open());
}

/// The labels that contain `text`, in drawing order (console first, then audience).
fn labels(h: &Harness<'static, LessonApp>, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect()
}

#[test]
fn p_opens_the_audience_window_and_the_console() {
    let mut h = app("ttl");
    assert!(
        h.query_by_label("Presenter").is_some(),
        "the top-bar button"
    );
    open(&mut h);
    assert!(
        h.state().lecture(),
        "lecture theme and size in both windows"
    );
    assert!(!h.state().side_panel_open());
    for part in [
        "Audience window: section 2",
        "Say now",
        "Page Down shows:",
        "Next: 3. The stale holder",
        "Plan: this section from minute",
    ] {
        assert!(h.query_by_label_contains(part).is_some(), "{part}");
    }
    // The section's title twice: on the console and in the audience window.
    assert_eq!(h.query_all_by_label("The lock must expire").count(), 2);
}

#[test]
fn a_slider_moved_in_the_audience_window_shows_on_the_console() {
    // (Section 4's slide keeps its holders' slider; section 2's builds are its presets.)
    let mut h = app("fencing");
    open(&mut h);
    let holders = |h: &mut Harness<'static, LessonApp>| {
        let pairs = crate::harness::scenario(h, 4).unwrap();
        pairs
            .into_iter()
            .find(|(k, _)| k.starts_with("holders"))
            .map(|p| p.1)
    };
    let before = holders(&mut h);
    assert!(before.is_some(), "the holders are in the scenario");
    let headlines = labels(&h, " lock holders ");
    assert_eq!(headlines.len(), 2, "{headlines:?}");
    let sliders: Vec<_> = h.query_all_by_label("Lock holders").collect();
    assert_eq!(sliders.len(), 2, "one slider in each window");
    sliders[1].focus();
    h.run_steps(2);
    h.key_press(Key::ArrowRight);
    h.run_steps(8);
    assert_ne!(
        holders(&mut h),
        before,
        "the audience's slider moved the holders"
    );
    let after = labels(&h, " lock holders ");
    assert_eq!(after.len(), 2);
    assert_eq!(after[0], after[1], "both windows show the same headline");
    assert_ne!(after[0], headlines[0], "the console's headline followed");
}

#[test]
fn the_console_shows_the_answer_and_a_reveal_there_shows_in_the_audience_window() {
    let mut h = app("which");
    open(&mut h);
    let q = &locks_lesson::lesson::content().quizzes.which[0];
    let secret = format!("Answer {}:", q.correct + 1);
    assert!(
        h.query_by_label_contains(&secret).is_some(),
        "the console has the answer before the reveal"
    );
    assert!(
        h.query_by_label_contains("✔ answer").is_none(),
        "neither window marks it yet"
    );
    h.key_press(Key::R);
    h.run_steps(4);
    assert_eq!(
        labels(&h, "✔ answer").len(),
        2,
        "the right answer is marked in both windows"
    );
    assert!(h.query_by_label_contains(&secret).is_none());
}

#[test]
fn b_blanks_only_the_audience_window_and_any_key_only_brings_it_back() {
    let mut h = app("ttl");
    open(&mut h);
    h.key_press(Key::B);
    h.run_steps(3);
    assert!(h.state().tools().lecture.blanked());
    assert!(
        h.query_by_label_contains("Audience window: BLANK")
            .is_some()
    );
    assert!(h.query_by_label_contains("Press any key").is_some());
    // Any key in the console brings the audience back and does nothing else: Page Down and
    // End do not turn the page underneath.
    for key in [Key::PageDown, Key::End] {
        let before = crate::harness::scenario(&h, 2);
        h.key_press(key);
        h.run_steps(3);
        assert!(
            !h.state().tools().lecture.blanked(),
            "{key:?} brings it back"
        );
        assert_eq!(h.state().current_id(), "ttl", "{key:?} did nothing else");
        assert_eq!(crate::harness::scenario(&h, 2), before);
        h.key_press(Key::B);
        h.run_steps(3);
        assert!(h.state().tools().lecture.blanked());
    }
    h.key_press(Key::Period);
    h.run_steps(3);
    assert!(!h.state().tools().lecture.blanked(), "'.' brings it back");
}

#[test]
/// Ctrl+Plus and Ctrl+Minus in the audience window change the slide's type (the harness
/// draws the audience window with the keys it is given; on a real screen the console's own
/// keys change nothing of the slide: `Lecture::type_keys` runs in the audience window only
/// while it is open).
fn ctrl_plus_and_minus_in_the_audience_window_change_the_lecture_type() {
    let mut h = app("ttl");
    open(&mut h);
    assert!(h.query_by_label("Audience type 100\u{a0}%").is_some());
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Plus);
    h.run_steps(3);
    assert!(h.query_by_label("Audience type 110\u{a0}%").is_some());
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Minus);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Minus);
    h.run_steps(3);
    assert!(h.query_by_label("Audience type 90\u{a0}%").is_some());
}

#[test]
fn closing_the_audience_window_returns_to_a_normal_window() {
    let mut h = app("ttl");
    open(&mut h);
    // (The audience window, drawn inside the harness, would cover the button.)
    h.ctx.set_embed_viewports(true);
    h.run_steps(2);
    h.get_by_label("Close the audience window (P)").click();
    h.run_steps(4);
    h.ctx.set_embed_viewports(false);
    assert!(!h.state().presenter_view().is_open());
    assert!(!h.state().lecture(), "lecture mode was off before");
    assert!(h.state().side_panel_open());
    assert!(h.query_by_label("Ask the class first").is_none());
    assert_eq!(h.query_all_by_label("The lock must expire").count(), 1);

    // Opened from lecture mode, it leaves lecture mode on.
    h.key_press(Key::L);
    h.run_steps(2);
    open(&mut h);
    h.key_press(Key::P);
    h.run_steps(3);
    assert!(!h.state().presenter_view().is_open());
    assert!(h.state().lecture());
}

#[test]
fn without_a_second_window_the_app_says_so_once_and_stays_in_lecture_mode() {
    let mut h = app("ttl");
    h.ctx.set_embed_viewports(true);
    h.key_press(Key::P);
    h.run_steps(3);
    assert!(!h.state().presenter_view().is_open());
    assert!(h.state().lecture());
    assert!(
        h.query_by_label_contains("cannot open a second window")
            .is_some()
    );
    h.get_by_label("OK").click();
    h.run_steps(3);
    h.key_press(Key::P);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("cannot open a second window")
            .is_none()
    );
}

/// Snapshots of the console (the audience window out of the way) and of the audience window
/// (cut from the harness's picture where its page was drawn).
fn snapshots(h: &mut Harness<'static, LessonApp>, n: &str) {
    h.state_mut().presenter_view_mut().fix_clock("10:00", 125);
    h.ctx.set_embed_viewports(true);
    h.run_steps(3);
    h.snapshot(format!("presenter_console_{n}"));
    h.ctx.set_embed_viewports(false);
    h.run_steps(4);
    let rect = h
        .state()
        .presenter_view()
        .drawn
        .expect("the audience page was drawn");
    let ppp = h.ctx.pixels_per_point();
    // (A slow software renderer can time out once under load: try again.)
    let image = (0..40)
        .find_map(|_| {
            h.render()
                .inspect_err(|_| std::thread::sleep(std::time::Duration::from_millis(500)))
                .ok()
        })
        .expect("the harness renders");
    let (x, y) = ((rect.min.x * ppp) as u32, (rect.min.y * ppp) as u32);
    let w = ((rect.width() * ppp) as u32).min(image.width() - x);
    let hh = ((rect.height() * ppp) as u32).min(image.height() - y);
    let audience = image::imageops::crop_imm(&image, x, y, w, hh).to_image();
    egui_kittest::image_snapshot(&audience, format!("presenter_audience_{n}"));
}

#[test]
fn snapshots_of_a_simulation_section() {
    let mut h = app("ttl");
    open(&mut h);
    snapshots(&mut h, "ttl");
}

#[test]
fn snapshots_of_a_quiz() {
    let mut h = app("which");
    open(&mut h);
    h.key_press(Key::Num2);
    h.run_steps(3);
    snapshots(&mut h, "which");
}

/// The build on show: its section, its name, and its note.
fn build_on_show(h: &Harness<'static, LessonApp>) -> (u8, String, String) {
    let n = h.state().current_section();
    let page = h.state().section(n);
    let build = page.present().map(|p| p.build()).unwrap_or_default();
    let say = notes::of_build(n, &build).map_or(String::new(), |b| b.say.clone());
    (n, build, say)
}

/// The console's preview line, if it shows one: what it says the next Page Down shows.
fn preview_line(h: &Harness<'static, LessonApp>) -> Option<String> {
    let prefix = tf("app.presenter.preview", &[("shows", String::new())]);
    let node = h.query_by_label_contains(prefix.trim())?;
    let node = node.accesskit_node();
    let label = node.label().or_else(|| node.value())?;
    Some(label.trim_start_matches(prefix.as_str()).to_owned())
}

/// The lecture from the clicker with the audience window open, Page Down from the first
/// section to the last: every build has a note of its own, a build that changes what is
/// shown changes the note, and the console's preview names what the next press shows (the
/// next build's words, more of the page, or with no preview the next section).
#[test]
fn the_console_says_what_to_say_at_each_build_and_what_page_down_shows_next() {
    let px = [1280.0, 800.0];
    let mut h = crate::harness::open_presenter(px);
    crate::harness::hold_window(&mut h, px, 4);
    assert!(h.state().presenter_view().is_open());
    let last = sections::lesson_count();
    let (mut previews, mut builds) = (0, 0);
    for _ in 0..150 {
        let now = build_on_show(&h);
        let (n, build, say) = &now;
        assert!(!say.is_empty(), "section {n}: build '{build}' has no note");
        assert!(
            h.query_all_by_label_contains(&say.chars().take(40).collect::<String>())
                .next()
                .is_some(),
            "section {n}, '{build}': the console shows its note"
        );
        let preview = preview_line(&h);
        assert_eq!(
            preview,
            console::preview(h.state().section(*n)),
            "section {n}, '{build}'"
        );
        h.key_press(Key::PageDown);
        crate::harness::hold_window(&mut h, px, 4);
        let after = build_on_show(&h);
        if after == now && *n == last {
            assert!(
                builds > 40 && previews > 40,
                "{builds} builds, {previews} previews"
            );
            return;
        }
        match preview.as_deref() {
            Some(p) => {
                assert_eq!(
                    after.0, *n,
                    "section {n}, '{build}': '{p}' is in the section"
                );
                let shows = notes::of_build(after.0, &after.1).map(|b| b.shows.as_str());
                assert_eq!(shows, Some(p), "section {n}: after '{build}'");
                // (A press that finished telling its build stays on it.)
                if after != now {
                    assert_ne!(
                        after.2, *say,
                        "section {n}: '{}' says something new",
                        after.1
                    );
                }
                builds += 1;
            }
            None => assert_eq!(
                after.0,
                n + 1,
                "section {n}, '{build}': on to the next section"
            ),
        }
        previews += usize::from(preview.is_some());
    }
    panic!("the lecture did not end within 150 Page Downs");
}

/// ↓ and ↑ are listed in the keyboard map for the console's notes, and take no key elsewhere.
#[test]
fn the_notes_keys_are_in_the_keyboard_map_and_only_the_consoles() {
    use locks_lesson::ui::shell::keymap::{Action, SHORTCUTS};
    for a in [Action::NotesForward, Action::NotesBack] {
        let row = SHORTCUTS.iter().find(|s| s.action == a).expect("listed");
        assert!(row.description().contains("notes"), "{}", row.description());
    }
    // Without the presenter view ↓ is not taken (a page's own controls keep it).
    let mut h = app("ttl");
    h.key_press(Key::ArrowDown);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "ttl");
}
