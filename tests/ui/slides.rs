//! Slide-ready figures: rendered off screen, in the light projector theme, at least 1920 pixels
//! wide, with title, headline, axes with their titles and the key; saved by Ctrl+E or the
//! button, copied by Ctrl+Shift+F or "Copy figure".

use crate::harness::{app, app_with};
use egui::{Key, Modifiers, OutputCommand};
use egui_kittest::kittest::Queryable;
use locks_lesson::app::AppOptions;
use locks_lesson::sections::number;

const SHIFT_COMMAND: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

/// Each simulation section with its axis titles and a word of its key.
const FIGURES: [(u8, &str, &str, &str); 6] = [
    (1, "simulated time (ms)", "counter", "counter"),
    (
        2,
        "lock TTL (log scale)",
        "holds that outlive the TTL",
        "exact",
    ),
    (3, "simulated time (s)", "", "A"),
    (4, "simulated time (s)", "fencing token", "stale"),
    (
        5,
        "locks lost in one failover",
        "share of failovers (%)",
        "exact mean",
    ),
    (9, "defence in place", "runs", "stale writes landed"),
];

#[test]
fn figures_carry_title_headline_axis_titles_and_key() {
    let mut h = app("why-lock");
    // (Each figure at its end: section 1's slide names no count while its counter climbs.)
    h.state_mut().set_reduced_motion(true);
    for (n, x, y, key) in FIGURES {
        h.state_mut().go_to(n);
        h.run_steps(4);
        crate::harness::summary(&mut h, n);
        // (A slide says the headline a lecture shows: section 9's in short.)
        let headline = locks_lesson::ui::shown_words(h.state().section(n)).expect("a headline");
        let title = h.state().section(n).title().to_owned();
        let slide = h.state_mut().slide(n, 1920).expect("a figure");
        assert_eq!(slide.size, [1920, 1080], "section {n}");
        let texts = slide.texts.join("\n");
        for want in [title.as_str(), headline.as_str(), x, y, key] {
            assert!(
                texts.contains(want),
                "section {n}: the slide lacks {want:?}; it has:\n{texts}"
            );
        }
        assert!(texts.contains("scenario code LL"), "section {n}: {texts}");
        // A slide has no buttons and no hints about the mouse.
        for never in ["Whole chain", "click or drag", "New seed", "More settings"] {
            assert!(!texts.contains(never), "section {n}: {never:?} in {texts}");
        }
        if let Some(dir) = std::env::var_os("SLIDES_DIR") {
            let png = locks_lesson::ui::share::slide::png(&slide.paint()).unwrap();
            std::fs::write(
                std::path::Path::new(&dir).join(format!("slide_s{n:02}.png")),
                png,
            )
            .unwrap();
        }
    }
    // Words-only sections and quizzes have no figure.
    for n in [6, 7, 8, 10] {
        h.state_mut().go_to(n);
        h.run_steps(2);
        assert!(h.state_mut().slide(n, 1920).is_none(), "section {n}");
    }
}

#[test]
fn a_painted_figure_is_light_and_has_ink() {
    let mut h = app("ttl");
    h.run_steps(4);
    let image = h.state_mut().slide(2, 2560).unwrap().paint();
    assert_eq!(image.size, [2560, 1440]);
    let white = image
        .pixels
        .iter()
        .filter(|p| **p == egui::Color32::WHITE)
        .count();
    let dark = image
        .pixels
        .iter()
        .filter(|p| p.r() < 80 && p.g() < 80 && p.b() < 80)
        .count();
    let all = image.pixels.len();
    assert!(white > all / 2, "a light background: {white} of {all}");
    assert!(
        dark > all / 500,
        "dark ink for text and axes: {dark} of {all}"
    );
}

#[test]
fn ctrl_e_saves_the_slide_and_ctrl_shift_f_copies_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(AppOptions {
        section: Some(number("fencing")),
        export_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    });
    h.run_steps(3);
    // A pointer over the plot: the slide is drawn without it either way.
    let plot = crate::harness::plot_rect(&h, 4).unwrap();
    h.hover_at(plot.center());
    h.run_steps(2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::E);
    let saved = wait_for_notice(&mut h);
    let path = saved
        .split(" was saved as ")
        .nth(1)
        .expect(&saved)
        .trim_end_matches('.');
    let png = image::open(path).unwrap().to_rgba8();
    assert_eq!(png.dimensions(), (1920, 1080));
    assert!(path.ends_with(".png") && path.contains("locks-lesson-s4-seed"));

    // The message makes the bottom bar taller: its buttons settle in a few frames.
    h.run_steps(6);
    h.get_by_label("Export…").click();
    h.run_steps(2);
    h.get_by_label("3840 px").click();
    h.run_steps(2);
    assert_eq!(h.state().tools().share.figure_width, 3840);
    h.key_press_modifiers(SHIFT_COMMAND, Key::F);
    let copied = (0..400).find_map(|_| {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.output()
            .platform_output
            .commands
            .iter()
            .find_map(|c| match c {
                OutputCommand::CopyImage(img) => Some(img.size),
                _ => None,
            })
    });
    assert_eq!(copied, Some([3840, 2160]));
}

/// Runs frames until the bottom bar has a message, and returns it (it must not be an error).
fn wait_for_notice(h: &mut egui_kittest::Harness<'static, locks_lesson::app::LessonApp>) -> String {
    for _ in 0..400 {
        h.step();
        if let Some(n) = h.state().tools().share.notice() {
            assert!(!n.error, "{}", n.text);
            return n.text.clone();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("no message after the export");
}

/// The lab's timeline after a real run on a Redis the lab starts itself (skipped when
/// redis-server is not installed, unless `LOCKS_LESSON_LAB_REQUIRED=1`).
#[test]
fn the_lab_timeline_is_a_slide_too() {
    use locks_lesson::lab::{ServerKind, server};
    if server::find_binary(ServerKind::Redis).is_none() {
        assert!(
            std::env::var("LOCKS_LESSON_LAB_REQUIRED")
                .ok()
                .is_none_or(|v| v != "1"),
            "redis-server is not installed, and LOCKS_LESSON_LAB_REQUIRED=1"
        );
        eprintln!("SKIPPED: redis-server is not on PATH");
        return;
    }
    let lab = locks_lesson::sections::lab();
    let mut h = app("why-lock");
    h.state_mut().go_to(lab);
    h.run_steps(3);
    assert!(
        h.state_mut().slide(lab, 1920).is_none(),
        "no run, no figure"
    );
    // What the learner expects first, then Run.
    h.get_by_label_contains("A's stale data").click();
    h.run_steps(2);
    h.get_by_label("Run").click();
    for _ in 0..3000 {
        h.step();
        if h.state().section(lab).summary().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.state().section(lab).summary().expect("the run finished");
    // (A slide's headline is the result in short.)
    let headline = locks_lesson::ui::shown_words(h.state().section(lab)).expect("its words");
    let slide = h.state_mut().slide(lab, 1920).expect("a figure");
    let texts = slide.texts.join("\n");
    assert!(texts.contains(&headline), "{texts}");
    assert!(
        texts.contains(locks_lesson::ui::sections::lab::title()),
        "{texts}"
    );
}

#[test]
fn the_slide_shows_the_ladder_as_the_window_does() {
    let mut h = app("fencing");
    h.run_steps(4);
    let ticks = |h: &mut egui_kittest::Harness<'static, locks_lesson::app::LessonApp>| {
        h.state_mut().slide(4, 1920).unwrap().texts
    };
    // The window opens zoomed on the first stale write; so does the slide.
    let zoomed = ticks(&mut h);
    h.get_by_label("Whole chain").click();
    h.run_steps(4);
    let whole = ticks(&mut h);
    let end = "120".to_owned();
    assert!(!zoomed.contains(&end), "{zoomed:?}");
    assert!(whole.contains(&end), "{whole:?}");
}
