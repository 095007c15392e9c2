//! What a screen reader gets, read from the AccessKit tree of the real app: names, slider
//! values with their units, live announcements, headings, the keys of a focused slider and
//! the glossary card.

use egui::accesskit::{Action, Live, Role};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::app::{LessonApp, WINDOW_TITLE};
use locks_lesson::lesson;
use locks_lesson::sections::number;
use locks_lesson::sim::ttl;
use locks_lesson::ui::kit::a11y::SETTLE;

use crate::harness::{app, summary};

type App = Harness<'static, LessonApp>;

/// The texts of the polite live regions, in tree order.
fn live_texts(h: &App) -> Vec<String> {
    h.query_all(
        By::new()
            .include_labels()
            .predicate(|n| n.live() == Live::Polite),
    )
    .map(|n| n.accesskit_node().value().unwrap_or_default())
    .collect()
}

/// Runs frames for `seconds` of the harness clock (a quarter of a second a frame).
fn wait(h: &mut App, seconds: f64) {
    h.run_steps((seconds * 4.0).ceil() as usize + 1);
}

/// The slider node of a setting, and the number box beside it.
fn setting(h: &App, name: &str) -> (Option<String>, Option<String>, Option<String>) {
    let slider = h.get_by_role_and_label(Role::Slider, name);
    let boxed = format!("{name}: exact value");
    let number = h.get_by_label(&boxed);
    (
        slider.accesskit_node().value(),
        slider.accesskit_node().description(),
        number.accesskit_node().value(),
    )
}

fn ttl_value(h: &mut App) -> f64 {
    crate::harness::scenario(h, 2)
        .and_then(|pairs| {
            pairs
                .into_iter()
                .find(|(k, _)| k == ttl::TTL_S.flag)
                .and_then(|(_, v)| v.parse().ok())
        })
        .expect("section 2 carries its TTL in its scenario code")
}

#[test]
fn every_focusable_node_has_a_name() {
    let mut checked = 0;
    for n in 1..=locks_lesson::sections::lesson_count() {
        let mut h = app(n);
        h.run_steps(4);
        if n == 2 {
            // The settings drawer too, with every kind of slider.
            h.get_by_label("More settings").click();
            h.run_steps(3);
        }
        if n == 4 {
            // The glossary index and a card over the page.
            h.key_press(Key::G);
            h.run_steps(3);
            h.state_mut().open_card("lease");
            h.run_steps(3);
        }
        let focusable =
            |n: &egui_kittest::kittest::AccessKitNode<'_>| n.data().supports_action(Action::Focus);
        for node in h.query_all(By::new().include_labels().predicate(focusable)) {
            let name = node.accesskit_node().label().unwrap_or_default();
            assert!(
                !name.trim().is_empty(),
                "section {n}: a focusable node without a name: {:?}",
                node.accesskit_node().data()
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} focusable nodes");
}

#[test]
fn slider_values_carry_their_units_as_on_screen() {
    let mut h = app("ttl");
    h.get_by_label("More settings").click();
    h.run_steps(3);
    let (value, description, number) = setting(&h, crate::harness::label(&ttl::TTL_S));
    assert_eq!(value.as_deref(), Some("10\u{a0}s"));
    assert_eq!(
        description.as_deref(),
        Some("10\u{a0}s"),
        "what AT-SPI reads"
    );
    assert_eq!(
        number.as_deref(),
        Some("10\u{a0}s"),
        "the number box as shown"
    );
    let (value, _, number) = setting(&h, crate::harness::label(&ttl::PAUSE_PROB));
    assert!(
        value.as_deref().is_some_and(|v| v.ends_with("\u{a0}%")),
        "a probability reads as a percentage: {value:?}"
    );
    assert_eq!(value, number);
    let (value, _, number) = setting(&h, crate::harness::label(&ttl::TYPICAL_S));
    assert_eq!(value, number);
    assert!(value.is_some_and(|v| v.ends_with("\u{a0}s")));
    // Every slider on every simulation section of the registry says what its number box
    // shows, the settings drawer open. Each has sliders, and all but section 3 (whose
    // half-second sliders show their value as text, not in a box to type in) have number
    // boxes beside them.
    let mut without_boxes = Vec::new();
    for (n, _) in locks_lesson::sections::models() {
        let mut h = app(n);
        if let Some(drawer) = h.query_by_label("More settings") {
            drawer.click();
            h.run_steps(3);
        }
        let mut boxes = 0;
        let sliders: Vec<_> = h
            .query_all(By::new().role(Role::Slider))
            .map(|s| {
                let node = s.accesskit_node();
                (node.label().unwrap_or_default(), node.value())
            })
            .collect();
        assert!(!sliders.is_empty(), "section {n}: no slider found");
        for (name, value) in sliders {
            let boxed = format!("{name}: exact value");
            let Some(number) = h.query_by_label(&boxed) else {
                continue; // a slider of its own kind (e.g. a timeline)
            };
            assert!(value.is_some(), "section {n}: {name} has no value text");
            assert_eq!(
                value,
                number.accesskit_node().value(),
                "section {n}: {name}"
            );
            boxes += 1;
        }
        if boxes == 0 {
            without_boxes.extend(locks_lesson::sections::id(n));
        }
    }
    assert_eq!(without_boxes, ["stale"], "sections without number boxes");
}

#[test]
fn end_and_home_on_a_focused_slider_move_the_slider_not_the_section() {
    let mut h = app("ttl");
    h.get_by_role_and_label(Role::Slider, crate::harness::label(&ttl::TTL_S))
        .focus();
    h.run_steps(2);
    h.key_press(Key::End);
    h.run_steps(2);
    assert_eq!(h.state().current_id(), "ttl", "End stays in the section");
    assert_eq!(ttl_value(&mut h), ttl::TTL_S.max);
    assert!(
        h.get_by_role_and_label(Role::Slider, crate::harness::label(&ttl::TTL_S))
            .is_focused(),
        "the slider keeps the focus"
    );
    h.key_press(Key::Home);
    h.run_steps(2);
    assert_eq!(ttl_value(&mut h), ttl::TTL_S.min);
    h.key_press(Key::PageUp);
    h.run_steps(2);
    let paged = ttl_value(&mut h);
    h.key_press(Key::ArrowUp);
    h.run_steps(2);
    let up = ttl_value(&mut h);
    assert!(paged > ttl::TTL_S.min && up > paged, "{paged} then {up}");
    h.key_press(Key::ArrowDown);
    h.key_press(Key::PageDown);
    h.run_steps(2);
    let down = ttl_value(&mut h);
    assert!(down < paged, "back down: {down}");
    assert_eq!(h.state().current_id(), "ttl");
    assert!(
        h.get_by_role_and_label(Role::Slider, crate::harness::label(&ttl::TTL_S))
            .is_focused(),
        "↑ and ↓ do not move the focus away"
    );
    // With nothing focused, End is the lesson's again.
    h.ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
    });
    h.run_steps(1);
    h.key_press(Key::End);
    h.run_steps(2);
    assert_eq!(
        h.state().current_section(),
        locks_lesson::sections::lesson_count()
    );
}

#[test]
fn a_live_region_announces_the_new_headline_once_it_settles() {
    let mut h = app("ttl");
    h.run_steps(4);
    wait(&mut h, SETTLE);
    let before = summary(&mut h, "ttl");
    assert!(
        live_texts(&h).contains(&before),
        "the section's result is announced once it is in: {:?}",
        live_texts(&h)
    );
    h.get_by_role_and_label(Role::Slider, crate::harness::label(&ttl::TTL_S))
        .focus();
    h.run_steps(1);
    for _ in 0..3 {
        h.key_press_modifiers(Modifiers::NONE, Key::ArrowRight);
        h.step();
    }
    let moving = summary(&mut h, "ttl");
    assert_ne!(moving, before, "the headline follows the slider");
    assert!(
        !live_texts(&h).contains(&moving),
        "nothing is said while the slider moves"
    );
    wait(&mut h, SETTLE);
    let after = summary(&mut h, "ttl");
    assert!(
        live_texts(&h).contains(&after),
        "the settled headline {after:?} is announced: {:?}",
        live_texts(&h)
    );
}

#[test]
fn a_change_of_section_announces_its_title_and_the_window_is_named() {
    let mut h = app("why-lock");
    let root = h.root();
    assert_eq!(
        root.accesskit_node().label().as_deref(),
        Some(WINDOW_TITLE.get())
    );
    h.key_press(Key::PageDown);
    h.run_steps(3);
    assert_eq!(h.state().current_id(), "ttl");
    let title = &lesson::content().section(number("ttl")).title;
    let said = format!(
        "Section 2 of {}: {title}",
        locks_lesson::sections::lesson_count()
    );
    assert!(
        live_texts(&h).contains(&said),
        "{said:?} not in {:?}",
        live_texts(&h)
    );
}

#[test]
fn section_titles_and_section_10s_parts_are_headings() {
    for n in 1..=locks_lesson::sections::lesson_count() {
        let h = app(n);
        let title = &lesson::content().section(n).title;
        let heading = h.get_by_role_and_label(Role::Heading, title);
        assert_eq!(heading.accesskit_node().data().level(), Some(0), "{n}");
    }
    let h = app("next");
    let inner = h
        .query_all(By::new().role(Role::Heading))
        .filter(|n| n.accesskit_node().data().level() == Some(1))
        .count();
    assert!(inner >= 4, "section 10 has {inner} inner headings");
}

#[test]
fn the_glossary_card_is_a_named_dialog_that_takes_the_focus() {
    let mut h = app("ttl");
    let term = lesson::content().term("lease").expect("the lease card");
    h.state_mut().open_card("lease");
    h.run_steps(3);
    let name = format!("Card: {}", term.name);
    let dialog = h.get_by_role_and_label(Role::Dialog, &name);
    assert!(dialog.accesskit_node().is_modal());
    let focused = h
        .query_all(By::new().predicate(|n| n.is_focused()))
        .next()
        .expect("something in the card has the focus");
    let inside = std::iter::successors(focused.accesskit_node().parent(), |p| p.parent())
        .any(|p| p.label().as_deref() == Some(name.as_str()));
    assert!(inside, "the focus is inside the card");
}

#[test]
fn groups_and_expandable_notes_say_what_they_are() {
    let mut h = app("ttl");
    h.run_steps(3);
    let how = h.get_by_role_and_label(Role::DisclosureTriangle, "How this is computed");
    assert_eq!(how.accesskit_node().data().is_expanded(), Some(true));
    // The glossary index window: no nameless drag area among its Tab stops.
    h.key_press(Key::G);
    h.run_steps(3);
    assert!(
        h.query_all(By::new().role(Role::Unknown)).next().is_none(),
        "a node of unknown role"
    );
    let h = app("stale");
    let groups: Vec<_> = h
        .query_all(By::new().role(Role::Group))
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(groups.iter().any(|g| g == "Speed"), "{groups:?}");
}

/// The sliders drawn in steps of their own (section 3's half seconds, the lab's tenths) say
/// their value with its unit too: "Lock TTL, 10 s", not "Lock TTL, 10".
#[test]
fn stepped_sliders_say_their_unit() {
    for (n, expected) in [
        (
            "stale",
            vec![("A's pause", "14\u{a0}s"), ("Lock TTL", "10\u{a0}s")],
        ),
        ("lab", vec![]),
    ] {
        let h = app(n);
        let sliders: Vec<(String, Option<String>, Option<String>)> = h
            .query_all(By::new().role(Role::Slider))
            .map(|s| {
                let node = s.accesskit_node();
                let name = node.label().unwrap_or_default();
                (name, node.value(), node.description())
            })
            .collect();
        assert!(!sliders.is_empty(), "{n}: no slider");
        for (name, value, description) in &sliders {
            let value = value.as_deref().unwrap_or_default();
            assert!(
                value.ends_with("\u{a0}s") || value.ends_with("\u{a0}ms"),
                "{n}: {name} says {value:?}, without its unit"
            );
            assert_eq!(description.as_deref(), Some(value), "{n}: {name}");
        }
        for (name, value) in expected {
            let found = sliders.iter().find(|s| s.0 == name);
            assert_eq!(found.and_then(|s| s.1.as_deref()), Some(value), "{n}");
        }
    }
}
