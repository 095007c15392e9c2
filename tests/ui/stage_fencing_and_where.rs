//! Fencing tokens and "Where the lock lives" on the stage: pictures at a laptop's size and on
//! a projector, and the main figure whole inside the window at both.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;

/// The app at `section` in a `w`×`h` window, simulations inline.
fn stage_app(
    section: u8,
    size: [f32; 2],
    lecture: bool,
    wgpu: bool,
) -> Harness<'static, LessonApp> {
    // The plot key's height settles after a frame or two.
    crate::harness::open(section)
        .lecture(lecture)
        .pixels(size, 1.0)
        .wgpu(wgpu)
        .settle(6)
        .build()
}

const LEARNER: [f32; 2] = [1280.0, 720.0];
/// A 1280×800 projector at lecture mode's 150 %: the harness's size is in points, and the
/// zoom turns it into pixels.
const LECTURE: [f32; 2] = [1280.0 / 1.5, 800.0 / 1.5];

#[test]
fn the_main_figure_lies_inside_the_window() {
    for section in [4, 5] {
        for (size, lecture) in [(LEARNER, false), (LECTURE, true)] {
            let h = stage_app(section, size, lecture, false);
            let window = h.ctx.content_rect();
            let figure = crate::harness::plot_rect(&h, section).expect("the figure was drawn");
            assert!(
                window.contains_rect(figure),
                "section {section}, {size:?}, lecture {lecture}: figure {figure:?} outside {window:?}"
            );
            // The first of the primary controls under the figure: the figure and its key end
            // above it, not behind it.
            let first_control = match section {
                4 => Some("Storage checks fencing tokens"),
                // (A slide's builds are the stores: no row of controls under the figure.)
                _ if lecture => None,
                _ => Some("Where the lock lives:"),
            };
            let controls_top =
                first_control.map_or(window.bottom(), |c| h.get_by_label(c).rect().top());
            assert!(
                figure.bottom() <= controls_top + 1.0,
                "section {section}, {size:?}: figure {figure:?} runs into the controls at {controls_top}"
            );
            assert!(
                figure.height() >= 180.0 && figure.width() >= 400.0,
                "section {section}, {size:?}: a usable figure, not a strip: {figure:?}"
            );
        }
    }
}

/// Section 5's two steps at the Redis row have codes of their own, and each code opens its
/// step; a code from before steps had codes (it ends at its seed) opens the first.
#[test]
fn each_step_of_the_redis_row_has_its_own_code() {
    let n = locks_lesson::sections::number("where");
    let open = |code: String| {
        let mut h = crate::harness::app_with(locks_lesson::app::AppOptions {
            scenario: Some(code),
            ..Default::default()
        });
        h.run_steps(3);
        assert_eq!(h.state().current_section(), n);
        h
    };
    let mut h = crate::harness::app("where");
    let first = crate::harness::scenario(&h, n).expect("pairs");
    h.get_by_label("2 · Granted twice").click();
    h.run_steps(3);
    assert_eq!(crate::harness::build_of(&h), "choice-1-cost");
    let second = crate::harness::scenario(&h, n).expect("pairs");
    assert_ne!(first, second, "step 1 and step 2 share a code");
    let encode = |pairs: &[(String, String)]| locks_lesson::scenario::encode(n, pairs);
    let opened = open(encode(&second));
    assert_eq!(crate::harness::build_of(&opened), "choice-1-cost");
    assert_eq!(crate::harness::scenario(&opened, n), Some(second.clone()));
    assert_eq!(crate::harness::build_of(&open(encode(&first))), "choice-1");
    let mut old = second.clone();
    assert_eq!(old.pop().map(|(k, _)| k).as_deref(), Some("step"));
    let old = encode(&old);
    assert!(locks_lesson::scenario::check(&old).is_ok(), "{old}");
    assert_eq!(crate::harness::build_of(&open(old)), "choice-1");
    let mut bad = second;
    bad.last_mut().unwrap().1 = "3".to_owned();
    let e = locks_lesson::scenario::check(&encode(&bad)).expect_err("no step 3");
    assert!(e.contains("step") && e.contains("twice"), "{e}");
}

/// Section 5's row of stores holds still whichever store is chosen: a click on one store never
/// moves the others from under the pointer (on a laptop, its results shown).
#[test]
fn the_row_of_stores_holds_still() {
    let names: Vec<String> = locks_lesson::sections::models::where_params::stores()
        .iter()
        .map(|r| r.name.clone())
        .collect();
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT;
    let mut h = crate::harness::open(5).settle(6).build();
    // A store's button (its name is in the table's words too).
    fn button<'a>(h: &'a Harness<'static, LessonApp>, name: &'a str) -> egui_kittest::Node<'a> {
        h.query_all_by_label(name)
            .find(|n| matches!(n.accesskit_node().role(), Role::Button))
            .unwrap_or_else(|| panic!("no button {name}"))
    }
    let tops = |h: &Harness<'static, LessonApp>| -> Vec<f32> {
        names.iter().map(|n| button(h, n).rect().top()).collect()
    };
    let first = tops(&h);
    for order in [names.clone(), names.iter().rev().cloned().collect()] {
        for name in &order {
            button(&h, name).click();
            h.run_steps(6);
            let now = tops(&h);
            for (n, (a, b)) in names.iter().zip(first.iter().zip(&now)) {
                assert!(
                    (a - b).abs() < 0.5,
                    "after choosing {name}, {n} moved from {a} to {b}"
                );
            }
        }
    }
}
