//! The lecture as a clicker walks it: lecture mode at projector sizes, Page Down from the first
//! section to the last, the class asked for its predictions. At every step every widget and
//! the figure lie inside the window and no two pieces of text overlap.

use egui::{Key, Rect, Vec2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::sections;
use locks_lesson::ui::shell::pager;
use locks_lesson::ui::shell::presenter::notes;

/// A 768-line projector and a 16:10 laptop, in pixels.
const SIZES: [[f32; 2]; 2] = [[1024.0, 768.0], [1280.0, 800.0]];

/// Page Downs a lecture may take at most (a runaway build step fails the test).
const MAX_STEPS: usize = 150;

/// Runs frames with the window held at `px` pixels: egui's points follow the zoom, as a real
/// window's do (the harness counts points).
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

/// Roles whose nodes carry text on screen.
fn is_text(role: egui::accesskit::Role) -> bool {
    use egui::accesskit::Role as R;
    // A label's lines are its text runs: two pieces of one wrapped paragraph share a line
    // without overlapping, while their boxes do.
    matches!(
        role,
        R::TextRun
            | R::Button
            | R::CheckBox
            | R::RadioButton
            | R::Link
            | R::Heading
            | R::ComboBox
            | R::Tab
            | R::SpinButton
            | R::Slider
            | R::TextInput
            | R::MultilineTextInput
    )
}

/// Whether a paged column around `node` hides part of it (it belongs to another screenful).
fn clipped(node: &egui_kittest::kittest::AccessKitNode<'_>, shown: Option<Rect>, ppp: f32) -> bool {
    let (Some(r), Some(shown)) = (node.bounding_box(), shown) else {
        return false;
    };
    let r = Rect::from_min_max(
        egui::pos2(r.x0 as f32, r.y0 as f32),
        egui::pos2(r.x1 as f32, r.y1 as f32),
    ) / ppp;
    let mut up = node.parent();
    while let Some(p) = up {
        if p.role() == egui::accesskit::Role::ScrollView {
            return !shown.expand(1.0).contains_rect(r);
        }
        up = p.parent();
    }
    false
}

/// Every widget inside the window; no two text rects overlap; the figure whole and in view.
fn check(h: &Harness<'static, LessonApp>, what: &str, problems: &mut Vec<String>) {
    let window = h.ctx.content_rect().expand(0.5);
    let paged = pager::count(&h.ctx, egui::ViewportId::ROOT) > 1;
    let shown = pager::visible(&h.ctx, egui::ViewportId::ROOT);
    let ppp = h.ctx.pixels_per_point();
    let mut texts: Vec<(Rect, String)> = Vec::new();
    for node in h.query_all_by(|_| true) {
        let Some(r) = node.accesskit_node().bounding_box() else {
            continue;
        };
        // (The tree counts physical pixels.)
        let r = Rect::from_min_max(
            egui::pos2(r.x0 as f32, r.y0 as f32),
            egui::pos2(r.x1 as f32, r.y1 as f32),
        ) / ppp;
        if r.width() < 1.0 || r.height() < 1.0 || !r.intersects(window) {
            continue;
        }
        let role = node.accesskit_node().role();
        let label = node
            .accesskit_node()
            .label()
            .map(|l| l.to_string())
            .or_else(|| node.accesskit_node().value().map(|v| v.to_string()))
            .unwrap_or_default();
        if matches!(
            role,
            egui::accesskit::Role::Window
                | egui::accesskit::Role::ScrollView
                | egui::accesskit::Role::Pane
                | egui::accesskit::Role::GenericContainer
        ) {
            continue;
        }
        // What a scroll area (a paged column) clips belongs to another screenful.
        if clipped(&node.accesskit_node(), shown, ppp) {
            continue;
        }
        // A paged column shows whole screenfuls across, and cuts at its top and bottom.
        let inside = if paged {
            window.x_range().contains(r.left()) && window.x_range().contains(r.right())
        } else {
            window.contains_rect(r)
        };
        if !inside {
            problems.push(format!(
                "{what}: {role:?} '{label}' at {r:?} is not inside the window {window:?}"
            ));
        }
        // A widget whose text has runs of its own is measured by its runs.
        let has_runs = node
            .accesskit_node()
            .children()
            .any(|c| c.role() == egui::accesskit::Role::TextRun);
        if is_text(role) && !has_runs {
            texts.push((r, label));
        }
    }
    for (i, (a, la)) in texts.iter().enumerate() {
        for (b, lb) in &texts[i + 1..] {
            let x = a.intersect(*b);
            // Nested nodes (a label of a group) are not two pieces of text side by side.
            let nested = a.contains_rect(*b) || b.contains_rect(*a);
            if !(nested || x.width() <= 1.0 || x.height() <= 1.0) {
                problems.push(format!("{what}: '{la}' at {a:?} overlaps '{lb}' at {b:?}"));
            }
        }
    }
    let n = h.state().current_section();
    if let Some(figure) = h.state().section(n).plot_rect() {
        if !window.contains_rect(figure) {
            problems.push(format!(
                "{what}: the figure {figure:?} is not inside the window {window:?}"
            ));
        }
        if figure.height() < window.height() * 0.25 {
            problems.push(format!(
                "{what}: the figure {figure:?} is a strip in a window {window:?}"
            ));
        }
    }
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

/// Walks the lecture at `px`, checking the layout of every step when `layout` is set, and
/// writes the rehearsal's plan: returns how many steps each section took.
fn walk(px: Vec2, layout: bool) -> Vec<usize> {
    let mut h = lecture_at(px);
    let mut plan = String::new();
    let mut problems = Vec::new();
    // The clicker's lecture is the lesson; the lab is for learners.
    let count = sections::lesson_count();
    assert_eq!(
        h.state().current_section(),
        1,
        "a lecture starts at the beginning"
    );
    let mut steps = vec![0; usize::from(count)];
    for _ in 0..MAX_STEPS {
        let n = h.state().current_section();
        steps[usize::from(n) - 1] += 1;
        let what = format!(
            "{}×{} section {n} step {}",
            px.x,
            px.y,
            steps[usize::from(n) - 1]
        );
        if layout {
            check(&h, &what, &mut problems);
        }
        plan += &plan_line(&h, steps[usize::from(n) - 1]);
        if n == count && pager::index(&h.ctx) + 1 >= pager::count(&h.ctx, egui::ViewportId::ROOT) {
            let before = (n, h.state().section(n).summary());
            h.key_press(Key::PageDown);
            settle(&mut h, px);
            if (h.state().current_section(), h.state().section(n).summary()) == before {
                write_plan(px, &plan);
                assert!(
                    problems.is_empty(),
                    "{} layout problems:\n{}",
                    problems.len(),
                    problems.join("\n")
                );
                return steps;
            }
            continue;
        }
        h.key_press(Key::PageDown);
        settle(&mut h, px);
    }
    panic!("the lecture did not end within {MAX_STEPS} Page Downs: {steps:?}");
}

#[test]
fn every_build_step_fits_a_1024_by_768_projector() {
    walk(vec2(SIZES[0][0], SIZES[0][1]), true);
}

#[test]
fn every_build_step_fits_a_1280_by_800_screen() {
    walk(vec2(SIZES[1][0], SIZES[1][1]), true);
}

/// The lecture from the clicker: it starts at section 1, every section is shown, builds start
/// at their first step (section 2: the 1 s, 10 s and 60 s presets after the prediction), and
/// the plan for the rehearsal on the real program is written.
#[test]
fn page_down_walks_the_whole_lecture_in_build_order() {
    for size in SIZES {
        let px = vec2(size[0], size[1]);
        let steps = walk(px, false);
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
        assert!(ttl[1].starts_with("With a 1 s TTL"), "{ttl:?}");
        assert!(ttl[2].starts_with("With a 10 s TTL"), "{ttl:?}");
        assert!(ttl[3].starts_with("With a 60 s TTL"), "{ttl:?}");
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
    h.get_by_label("Type 100 %");
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Plus);
    settle(&mut h, px);
    h.get_by_label("Type 110 %");
    assert!((h.ctx.zoom_factor() / normal - 1.1).abs() < 0.01);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Num0);
    settle(&mut h, px);
    assert!((h.ctx.zoom_factor() - normal).abs() < 0.01);
}
