//! The lecture as a clicker walks it: lecture mode at projector sizes, Page Down from the first
//! section to the last, the class asked for its predictions; the plan of the rehearsal on the
//! real program, and the lecture's type. (Its layout at every step is checked by the layout
//! walk, [`crate::layout_walk`], which walks it the same way.)

use egui::{Key, Vec2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::ui::shell::pager;
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
/// step, title, its words (the headline, a quiz's question), the first sentence of the speaker
/// notes.
fn plan_line(h: &Harness<'static, LessonApp>, step: usize) -> String {
    let n = h.state().current_section();
    let section = h.state().section(n);
    let say = notes::of(n).map_or(String::new(), |x| notes::first_sentence(&x.say));
    // (An empty field is "-": the rehearsal's shell splits on tabs.)
    let clean = |s: &str| match s.replace(['\t', '\n'], " ").trim() {
        "" => "-".to_owned(),
        t => t.to_owned(),
    };
    format!(
        "{n}\t{step}\t{}\t{}\t{}\n",
        clean(section.title()),
        // (A later screenful of a paged column shows what follows them.)
        clean(
            &section
                .shown_words()
                .filter(|_| pager::index(&h.ctx) == 0)
                .unwrap_or_default()
        ),
        clean(&say)
    )
}

/// Keeps the plan under target/rehearsal/ (next to the tests' own temporary folder).
fn write_plan(px: Vec2, plan: &str) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("rehearsal");
    std::fs::create_dir_all(&dir).expect("target/rehearsal can be made");
    let file = dir.join(format!("plan-{}x{}.tsv", px.x, px.y));
    std::fs::write(&file, plan).expect("the plan can be written");
}

/// Walks the lecture at `px` (the layout walk's lecture, without votes) and writes the
/// rehearsal's plan: returns how many steps each section took.
fn walk(px: Vec2) -> Vec<usize> {
    let mut plan = String::new();
    let how = Lecture {
        px: [px.x, px.y],
        type_steps: 0,
        votes: false,
        layout: false,
    };
    let (_, steps) = lecture_walk(how, |w, step| plan += &plan_line(&w.h, step));
    write_plan(px, &plan);
    steps
}

/// The lecture from the clicker: it starts at section 1, every section is shown, builds start
/// at their first step (section 2: the 1 s, 10 s and 60 s presets after the prediction), and
/// the plan for the rehearsal on the real program is written.
#[test]
fn page_down_walks_the_whole_lecture_in_build_order() {
    for size in SIZES {
        let px = vec2(size[0], size[1]);
        let steps = walk(px);
        assert!(steps.iter().all(|&s| s >= 1), "{steps:?}");
        // Section 2: the prediction, then its three presets.
        assert_eq!(steps[1], 4, "{steps:?}");
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../rehearsal");
        let plan = std::fs::read_to_string(dir.join(format!("plan-{}x{}.tsv", px.x, px.y)))
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
fn body_text_is_at_least_26_pixels_on_a_768_line_projector() {
    let px = vec2(SIZES[0][0], SIZES[0][1]);
    let h = lecture_at(px);
    let body = h.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    let on_screen = body * h.ctx.zoom_factor();
    assert!(on_screen >= 25.9, "body text {on_screen} px");
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
