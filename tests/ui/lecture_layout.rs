//! The lecture as a clicker walks it: lecture mode at projector sizes, Page Down from the first
//! section to the last, the class asked for its predictions; the plan of the rehearsal on the
//! real program, and the lecture's type. (Its layout at every step is checked by the layout
//! walk, [`crate::layout_walk`], which walks it the same way.)

use egui::{Key, Vec2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::ui::shell::presenter::notes;

use crate::layout_walk::{Lecture, PROJECTORS as SIZES, lecture_walk};

fn settle(h: &mut Harness<'static, LessonApp>, px: Vec2) {
    crate::harness::hold_window(h, [px.x, px.y], 8);
}

fn lecture_at(px: Vec2) -> Harness<'static, LessonApp> {
    crate::harness::open_with(AppOptions {
        lecture: true,
        ask_predictions: true,
        ..Default::default()
    })
    .pixels([px.x, px.y], 1.0)
    .build()
}

/// What a step shows, for the rehearsal on the real program (`.ci/rehearsal.sh`): section,
/// step, title, its words (the headline, a quiz's question), the first sentence of the build's
/// speaker notes.
fn plan_line(h: &Harness<'static, LessonApp>, step: usize) -> String {
    let n = h.state().current_section();
    let section = h.state().section(n);
    let build = section.present().map(|p| p.build()).unwrap_or_default();
    let say = notes::of_build(n, &build).map_or(String::new(), |x| notes::first_sentence(&x.say));
    // (An empty field is "-": the rehearsal's shell splits on tabs.)
    let clean = |s: &str| match s.replace(['\t', '\n'], " ").trim() {
        "" => "-".to_owned(),
        t => t.to_owned(),
    };
    format!(
        "{n}\t{step}\t{}\t{}\t{}\n",
        clean(section.title()),
        // (A later screenful of a paged column shows what follows them.)
        clean(&locks_lesson::ui::shown_words(section).unwrap_or_default()),
        clean(&say)
    )
}

/// The plan's file name: `plan-1024x768.tsv`, or at a larger type `plan-1024x768-type130.tsv`.
fn plan_name(px: Vec2, type_steps: i32) -> String {
    match type_steps {
        0 => format!("plan-{}x{}.tsv", px.x, px.y),
        n => format!("plan-{}x{}-type{}.tsv", px.x, px.y, 100 + 10 * n),
    }
}

/// Keeps the plan under target/rehearsal/ (next to the tests' own temporary folder).
fn write_plan(px: Vec2, type_steps: i32, plan: &str) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("rehearsal");
    std::fs::create_dir_all(&dir).expect("target/rehearsal can be made");
    let file = dir.join(plan_name(px, type_steps));
    std::fs::write(&file, plan).expect("the plan can be written");
}

/// Walks the lecture at `px` with the type `type_steps` tenths larger (the layout walk's
/// lecture, without votes) and writes the rehearsal's plan: returns how many steps each
/// section took.
fn walk(px: Vec2, type_steps: i32) -> Vec<usize> {
    let mut plan = String::new();
    let how = Lecture {
        px: [px.x, px.y],
        type_steps,
        votes: false,
        layout: false,
    };
    let (_, steps) = lecture_walk(how, |w, step| plan += &plan_line(&w.h, step));
    write_plan(px, type_steps, &plan);
    steps
}

/// The lecture from the clicker: it starts at section 1, every section is shown, builds start
/// at their first step (section 2: the 1 s, 10 s and 60 s presets after the prediction), and
/// the plan for the rehearsal on the real program is written: at both projector sizes, and
/// at Type 130 % on the smaller (`REHEARSAL_TYPE=130 .ci/rehearsal.sh`).
#[test]
fn page_down_walks_the_whole_lecture_in_build_order() {
    let at_130 = (vec2(SIZES[0][0], SIZES[0][1]), 3);
    for (px, type_steps) in SIZES
        .map(|s| (vec2(s[0], s[1]), 0))
        .into_iter()
        .chain([at_130])
    {
        let steps = walk(px, type_steps);
        assert!(steps.iter().all(|&s| s >= 1), "{steps:?}");
        // Section 2: the prediction, then its three presets.
        assert_eq!(steps[1], 4, "{steps:?}");
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../rehearsal");
        let plan = std::fs::read_to_string(dir.join(plan_name(px, type_steps)))
            .expect("the plan was written");
        let ttl: Vec<&str> = plan
            .lines()
            .filter(|l| l.starts_with("2\t"))
            .filter_map(|l| l.split('\t').nth(3))
            .collect();
        assert!(ttl[1].starts_with("With a 1\u{a0}s TTL"), "{ttl:?}");
        assert!(ttl[2].starts_with("With a 10\u{a0}s TTL"), "{ttl:?}");
        assert!(ttl[3].starts_with("With a 60\u{a0}s TTL"), "{ttl:?}");
    }
}

#[test]
fn body_text_is_24_pixels_on_a_768_line_projector() {
    let px = vec2(SIZES[0][0], SIZES[0][1]);
    let h = lecture_at(px);
    let body = h.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    let on_screen = body * h.ctx.zoom_factor();
    assert!((on_screen - 24.0).abs() < 0.1, "body text {on_screen} px");
    // The same share of the screen on a larger one.
    let h = lecture_at(vec2(1280.0, 800.0));
    let larger = body * h.ctx.zoom_factor();
    assert!(
        (larger / on_screen - 800.0 / 768.0).abs() < 0.01,
        "{larger} px"
    );
}

#[test]
fn the_learners_zoom_and_the_consoles_keys_do_not_change_the_lecture_type() {
    let px = vec2(SIZES[0][0], SIZES[0][1]);
    let mut h = lecture_at(px);
    let normal = h.ctx.zoom_factor();
    // Ctrl+Plus in lecture mode is the lecturer's type factor, shown in the top bar.
    h.get_by_label("Type 100\u{a0}%");
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Plus);
    settle(&mut h, px);
    h.get_by_label("Type 110\u{a0}%");
    assert!((h.ctx.zoom_factor() / normal - 1.1).abs() < 0.01);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Num0);
    settle(&mut h, px);
    assert!((h.ctx.zoom_factor() - normal).abs() < 0.01);
}

/// The lecturer's type factor zooms the whole screen, the top bar with the slide: its
/// position, its title and its buttons grow together, as in a browser's zoom.
#[test]
fn the_top_bar_grows_with_the_type_as_the_slide_does() {
    let px = vec2(SIZES[0][0], SIZES[0][1]);
    let mut h = lecture_at(px);
    settle(&mut h, px);
    // Heights in pixels on screen (AccessKit's boxes are in pixels).
    let height = |h: &Harness<'static, LessonApp>, text: &str| {
        let node = h
            .query_all_by(|n| n.label().or_else(|| n.value()).as_deref() == Some(text))
            .next()
            .unwrap_or_else(|| panic!("no {text:?} on screen"));
        let b = node.accesskit_node().bounding_box().expect("drawn");
        b.y1 - b.y0
    };
    let title = "Why a lock";
    let (count, heading, button) = (
        height(&h, "1 / 10"),
        height(&h, title),
        height(&h, "Type 100\u{a0}%"),
    );
    for _ in 0..3 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Plus);
        crate::harness::settle(&mut h, [px.x, px.y], 8);
    }
    let shown = f64::from(h.state().tools().lecture.shown_factor());
    assert!(shown > 1.05, "the first slide is shown at {shown}");
    for (text, before, now) in [
        ("the position", count, height(&h, "1 / 10")),
        ("the title", heading, height(&h, title)),
        ("the type button", button, height(&h, "Type 130\u{a0}%")),
    ] {
        let grown = now / before;
        assert!(
            (grown - shown).abs() < 0.1,
            "{text} grew {grown}× for a slide at {shown}×"
        );
    }
}
