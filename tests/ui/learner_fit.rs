//! A learner on a small laptop: "More settings" lays out whole at every window size the stage
//! supports, in the sections whose words send the learner there (1 and 9).

use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::app::LessonApp;
use locks_lesson::sim::{counter, renewal};

type App = Harness<'static, LessonApp>;

/// The window sizes of a learner's laptop the stage is laid out for.
const LAPTOPS: [[f32; 2]; 3] = [[1024.0, 768.0], [1366.0, 768.0], [1280.0, 800.0]];

/// Section `n` at `size` with "More settings" open.
fn drawer_open(n: u8, size: [f32; 2]) -> App {
    let mut h = crate::harness::open(n).pixels(size, 1.0).settle(6).build();
    h.get_by_label("More settings").click();
    h.run_steps(6);
    h
}

/// The labelled nodes of the stage drawn from the drawer's title down to the drawer's switch:
/// the drawer's own texts and controls, and whatever they could run into.
fn drawer_nodes(h: &App) -> Vec<(String, Role, Rect)> {
    let title = h.get_by_label("Settings").rect();
    let reset = h.get_by_label("Reset to lesson defaults").rect();
    let top = title.top().min(reset.top());
    let bottom = h.get_by_label("Hide settings").rect().bottom();
    let shown = [
        Role::Label,
        Role::Button,
        Role::Slider,
        Role::SpinButton,
        Role::CheckBox,
    ];
    h.query_all(By::new().include_labels())
        .filter(|n| shown.contains(&n.accesskit_node().role()))
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .filter_map(|n| {
            let r = n.rect();
            let node = n.accesskit_node();
            // A button or slider is named by its label, a text by its value.
            let name = node.label().or_else(|| node.value()).unwrap_or_default();
            // (On a wide page the reading column, left of the stage, is no part of it.)
            let stage = r.left() >= title.left() - 0.5;
            (stage && r.top() >= top - 0.5 && r.bottom() <= bottom + 0.5 && r.area() > 0.0)
                .then_some((name, n.accesskit_node().role(), r))
        })
        .collect()
}

fn assert_drawer_fits(h: &App, n: u8, what: &str, expected: &[&str]) {
    let window = h.ctx.content_rect();
    let nodes = drawer_nodes(h);
    for name in expected {
        assert!(
            nodes.iter().any(|(l, _, _)| l == name),
            "{what}: section {n}'s drawer shows no '{name}': {nodes:?}"
        );
    }
    for (i, (a, _, ra)) in nodes.iter().enumerate() {
        assert!(
            window.contains_rect(*ra),
            "{what}: section {n}: '{a}' {ra:?} is outside the window {window:?}"
        );
        for (b, _, rb) in &nodes[i + 1..] {
            assert!(
                !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                "{what}: section {n}: '{a}' {ra:?} overlaps '{b}' {rb:?}"
            );
        }
    }
}

#[test]
fn more_settings_lays_out_whole_on_a_laptop_in_sections_1_and_9() {
    for size in LAPTOPS {
        let what = format!("{}×{}", size[0], size[1]);
        let h = drawer_open(1, size);
        assert_drawer_fits(
            &h,
            1,
            &what,
            &[
                crate::harness::label(&counter::THINK_MS),
                crate::harness::label(&counter::GAP_MS),
                "Reset to lesson defaults",
            ],
        );
        let h = drawer_open(9, size);
        assert_drawer_fits(
            &h,
            9,
            &what,
            &[
                crate::harness::label(&renewal::SPREAD),
                crate::harness::label(&renewal::PAUSE_PROB),
                crate::harness::label(&renewal::PAUSE_MEAN_S),
                crate::harness::label(&renewal::RUNS),
                "Reset to lesson defaults",
            ],
        );
    }
}

/// Every rotated text drawn in the last frame (the plots' y-axis titles): its text, where its
/// letters are, and where it may be drawn.
fn rotated_texts(h: &App) -> Vec<(String, Rect, Rect)> {
    crate::layout_walk::painted_texts_where(h, &|t| t.angle != 0.0)
}

/// Each plot's y-axis title is drawn whole: inside the window and inside what its plot may
/// draw on, so no letter is cut.
fn assert_titles_whole(h: &App, what: &str) -> Vec<String> {
    let window = h.ctx.content_rect();
    let titles = rotated_texts(h);
    for (text, rect, clip) in &titles {
        assert!(
            window.expand(0.5).contains_rect(*rect),
            "{what}: the title '{text}' {rect:?} runs out of the window {window:?}"
        );
        assert!(
            clip.expand(0.5).contains_rect(*rect),
            "{what}: the title '{text}' {rect:?} is cut by {clip:?}"
        );
    }
    titles.into_iter().map(|(t, _, _)| t).collect()
}

#[test]
fn rotated_axis_titles_are_drawn_whole() {
    let sizes = [
        ([1366.0, 768.0], false),
        ([1024.0, 768.0], false),
        ([1280.0, 800.0], true),
    ];
    for (size, lecture) in sizes {
        for (n, _) in locks_lesson::sections::models() {
            let what = format!(
                "section {n} at {}×{} (lecture: {lecture})",
                size[0], size[1]
            );
            let mut h = crate::harness::open(n)
                .lecture(lecture)
                .pixels(size, 1.0)
                .settle(8)
                .build();
            h.run_steps(2);
            let titles = assert_titles_whole(&h, &what);
            let expected = match n {
                // (Shorter on a short plot: "holds outliving the TTL", "outlive the TTL".)
                2 => Some("outliv"),
                4 => Some("fencing token"),
                9 => Some("runs (of 50,000)"),
                _ => None,
            };
            if let Some(e) = expected {
                assert!(
                    titles.iter().any(|t| t.contains(e)),
                    "{what}: no title '{e}' among {titles:?}"
                );
            }
        }
    }
}

/// The quiz of section `n` answered through, the first question wrong and the rest right, in a
/// 1366×768 window: the results table.
fn quiz_results(n: u8) -> App {
    use egui::Key;
    let quizzes = &locks_lesson::lesson::content().quizzes;
    let questions = if n == 6 {
        &quizzes.which
    } else {
        &quizzes.interview
    };
    let keys = [Key::Num1, Key::Num2, Key::Num3, Key::Num4];
    let mut h = crate::harness::open(n).build();
    for (i, q) in questions.iter().enumerate() {
        let choice = if i == 0 {
            (q.correct + 1) % 3
        } else {
            q.correct
        };
        h.key_press(keys[choice]);
        h.run_steps(2);
        h.key_press(Key::Enter);
        h.run_steps(2);
    }
    h.run_steps(2);
    h
}

#[test]
fn quiz_score_column_is_whole_on_a_laptop() {
    let window_of = |h: &App| h.ctx.content_rect();
    for n in [6, 8] {
        let h = quiz_results(n);
        assert!(h.query_by_label("Your results").is_some(), "section {n}");
        let window = window_of(&h);
        let count = locks_lesson::lesson::content().quizzes.which.len();
        let mut seen: Vec<Rect> = Vec::new();
        for note in ["+20 XP", "to review"] {
            let labels = h
                .query_all_by_value(note)
                .filter(|n| n.accesskit_node().role() == Role::Label);
            for node in labels {
                let r = node.rect();
                assert!(
                    window.contains_rect(r),
                    "section {n}: the score '{note}' {r:?} is not whole in {window:?}"
                );
                seen.push(r);
            }
        }
        let expected = if n == 6 {
            count
        } else {
            locks_lesson::lesson::content().quizzes.interview.len()
        };
        assert_eq!(seen.len(), expected, "section {n}: one score a question");
    }
}

/// Where the words may go: left of the scroll bar of the column they scroll in (on a wide
/// page, the reading column ends where the stage begins, less its margin).
fn words_right_edge(h: &App) -> f32 {
    let window = h.ctx.content_rect();
    let stage = h.get_by_label("More settings").rect().left();
    // A narrow page has the stage first, across the window, and the words under it.
    let narrow = stage < window.left() + 300.0;
    let column_end = if narrow { window.right() } else { stage - 14.0 };
    // The scroll bar: egui's floating bar is at most 10 points wide.
    column_end.min(window.right()) - 10.0
}

#[test]
fn section_4_words_and_ticks_stay_clear_of_the_scroll_bar_and_the_edge() {
    for (size, list) in [
        ([1366.0, 768.0], true),
        ([1366.0, 768.0], false),
        ([1024.0, 768.0], true),
    ] {
        let what = format!("{}×{} (section list: {list})", size[0], size[1]);
        let mut h = crate::harness::open("fencing")
            .pixels(size, 1.0)
            .settle(6)
            .build();
        if !list {
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::B);
            h.run_steps(4);
        }
        let right = words_right_edge(&h);
        let links: Vec<Rect> = h
            .query_all(By::new().role(Role::Link))
            .filter(|n| n.accesskit_node().bounding_box().is_some())
            .map(|n| n.rect())
            .filter(|r| r.left() < right)
            .collect();
        // (On a narrow page the words start below the fold.)
        assert!(
            size[0] < 1100.0 || !links.is_empty(),
            "{what}: the words have links"
        );
        for r in &links {
            assert!(
                r.right() <= right + 0.5,
                "{what}: a link {r:?} runs under the scroll bar (right edge {right})"
            );
        }
        // Every tick label of the ladder is drawn whole inside what the plot may draw on.
        for clipped in &h.output().shapes {
            if let egui::Shape::Text(t) = &clipped.shape
                && t.angle == 0.0
                && t.galley.text().chars().all(|c| c.is_ascii_digit())
                && !t.galley.text().is_empty()
            {
                let r = t.visual_bounding_rect();
                assert!(
                    clipped.clip_rect.expand(0.5).contains_rect(r)
                        || !clipped.clip_rect.intersects(r),
                    "{what}: the tick label '{}' {r:?} is cut by {:?}",
                    t.galley.text(),
                    clipped.clip_rect
                );
            }
        }
    }
}
