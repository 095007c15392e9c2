//! Keyboard focus on every control of every page: whatever has the focus — reached by Tab,
//! by a screen reader or by a click on a slider — takes ← and → itself (a slider moves by a
//! hundredth of its range, a button stays as it is), the section never turns under it, and
//! once Escape or a click elsewhere drops the focus the arrows turn sections again.
//!
//! The controls are found in the accessibility tree, as a screen reader finds them: every node
//! that can take the focus, on every section page, with the prediction asked and with the
//! result on show.

use egui::accesskit::{Action, NodeId, Role};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::sections;

use crate::harness::{self, scenario};

type App = Harness<'static, LessonApp>;

/// A control as the accessibility tree shows it.
#[derive(Clone, Debug)]
struct Control {
    node: NodeId,
    role: Role,
    name: String,
}

/// Every node that can take the focus, in tree order.
fn controls(h: &App) -> Vec<Control> {
    h.query_all(By::new().predicate(|n| n.data().supports_action(Action::Focus)))
        .map(|n| {
            let a = n.accesskit_node();
            Control {
                node: a.locate().0,
                role: a.role(),
                name: a.label().unwrap_or_default(),
            }
        })
        .collect()
}

/// The control's node in the last frame, if it is still drawn.
fn find<'a>(h: &'a App, c: &Control) -> Option<egui_kittest::Node<'a>> {
    let target = c.node;
    h.query_all(By::new().predicate(move |n| n.locate().0 == target))
        .next()
}

fn value(h: &App, c: &Control) -> Option<f64> {
    find(h, c).and_then(|n| n.accesskit_node().numeric_value())
}

fn focused(h: &App) -> bool {
    h.ctx.memory(|m| m.focused().is_some())
}

fn press(h: &mut App, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run_steps(2);
}

/// What a press must not change on a control that is not a slider: the section's settings.
fn settings(h: &App, n: u8) -> Option<Vec<(String, String)>> {
    scenario(h, n)
}

/// Walks every control of section `n` as the app opened it; returns how many took the focus.
fn walk_section(h: &mut App, n: u8, problems: &mut Vec<String>) -> usize {
    let id = sections::id(n).unwrap_or_default();
    let mut taken = 0;
    for c in controls(h) {
        let Some(node) = find(h, &c) else { continue };
        node.focus();
        h.run_steps(2);
        if !find(h, &c).is_some_and(|n| n.is_focused()) {
            // (Disabled, or gone with the last press.)
            continue;
        }
        taken += 1;
        let what = format!("section {id}, {:?} \"{}\"", c.role, c.name);
        // Each arrow on the control itself (on a button egui moves the focus to a neighbour,
        // which the next press would act on: the control is focused again first).
        for key in [Key::ArrowRight, Key::ArrowLeft] {
            if let Some(node) = find(h, &c) {
                node.focus();
                h.run_steps(2);
            }
            let settings_before = settings(h, n);
            press(h, Modifiers::NONE, key);
            if h.state().current_section() != n || h.state().review().is_some() {
                problems.push(format!(
                    "{what}: {key:?} turned the page (to {})",
                    h.state().current_section()
                ));
                h.state_mut().go_to(n);
                h.run_steps(2);
            } else if c.role != Role::Slider
                && c.role != Role::TextInput
                && c.role != Role::MultilineTextInput
                && settings(h, n) != settings_before
            {
                problems.push(format!(
                    "{what}: {key:?} changed the settings: {settings_before:?} → {:?}",
                    settings(h, n)
                ));
            }
        }
        if c.role == Role::Slider {
            if let Some(node) = find(h, &c) {
                node.focus();
                h.run_steps(2);
            }
            // One → moves it (or, at the top of its range, one ←).
            let start = value(h, &c);
            press(h, Modifiers::NONE, Key::ArrowRight);
            let mut moved = value(h, &c) != start;
            if !moved {
                press(h, Modifiers::NONE, Key::ArrowLeft);
                moved = value(h, &c) != start;
            }
            if !moved {
                problems.push(format!("{what}: ← and → do not move it ({start:?})"));
            }
            // Page Down and Page Up move a focused slider too, a tenth of its range.
            let v = value(h, &c);
            let mut paged = false;
            for key in [Key::PageDown, Key::PageUp] {
                press(h, Modifiers::NONE, key);
                if h.state().current_section() != n {
                    problems.push(format!("{what}: {key:?} turned the page"));
                    h.state_mut().go_to(n);
                    h.run_steps(2);
                }
                paged |= value(h, &c) != v;
            }
            if !paged {
                problems.push(format!("{what}: Page Down and Page Up do not move it"));
            }
        }
        press(h, Modifiers::NONE, Key::Escape);
        if focused(h) {
            problems.push(format!("{what}: Escape left the focus on it"));
            h.ctx.memory_mut(|m| {
                if let Some(f) = m.focused() {
                    m.surrender_focus(f);
                }
            });
            h.run_steps(1);
        }
        // Escape may also have closed what the control opened (a card, a dialog).
        if h.state().current_section() != n {
            h.state_mut().go_to(n);
            h.run_steps(2);
        }
    }
    taken
}

/// With nothing focused, → turns to the next section again.
fn arrows_page_again(h: &mut App, n: u8, problems: &mut Vec<String>) {
    if n >= sections::lab() {
        return;
    }
    press(h, Modifiers::NONE, Key::ArrowRight);
    if h.state().current_section() != n + 1 {
        problems.push(format!(
            "section {n}: with the focus dropped, → went to {} instead of the next section",
            h.state().current_section()
        ));
    }
}

#[test]
fn every_focused_control_keeps_the_arrows_and_escape_gives_them_back() {
    let mut problems = Vec::new();
    let mut taken = 0;
    for ask in [false, true] {
        for n in 1..=sections::lab() {
            let mut h = harness::open_with(AppOptions {
                section: Some(n),
                ask_predictions: ask,
                ..Default::default()
            })
            .build();
            if ask && locks_lesson::predict::prompt_for(n).is_none() {
                continue;
            }
            // (The lab is reached by paging on: it is not a section to open on.)
            if h.state().current_section() != n {
                h.state_mut().go_to(n);
                h.run_steps(3);
            }
            assert_eq!(h.state().current_section(), n);
            taken += walk_section(&mut h, n, &mut problems);
            arrows_page_again(&mut h, n, &mut problems);
        }
    }
    assert!(taken > 200, "only {taken} controls took the focus");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The painted rectangle strokes at least `width` wide around `rect` (the focus ring).
fn ring_around(h: &App, rect: egui::Rect, width: f32) -> bool {
    h.output().shapes.iter().any(|s| match &s.shape {
        egui::Shape::Rect(r) => {
            r.stroke.width >= width && r.rect.expand(1.0).contains_rect(rect.shrink(1.0))
        }
        _ => false,
    })
}

#[test]
fn a_click_on_a_slider_focuses_it_with_a_ring_and_a_click_elsewhere_gives_the_arrows_back() {
    let mut h = harness::app("ttl");
    let slider = || {
        By::new()
            .role(Role::Slider)
            .label(crate::harness::label(&locks_lesson::sim::ttl::TTL_S))
    };
    let c = {
        let n = h.get(slider());
        Control {
            node: n.accesskit_node().locate().0,
            role: Role::Slider,
            name: String::new(),
        }
    };
    // A click: the press in one frame, the release in the next, as a real mouse gives them.
    let centre = h.get(slider()).rect().center();
    let rect = h.get(slider()).rect();
    h.drag_at(centre);
    h.step();
    h.drop_at(centre);
    h.run_steps(2);
    assert!(
        h.get(slider()).is_focused(),
        "the clicked slider has the focus"
    );
    assert!(ring_around(&h, rect, 3.0), "a focus ring shows around it");
    let before = value(&h, &c).unwrap();
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert_eq!(h.state().current_id(), "ttl", "→ stays in the section");
    let after = value(&h, &c).unwrap();
    assert!(after > before, "→ moved the slider: {before} → {after}");
    press(&mut h, Modifiers::SHIFT, Key::ArrowLeft);
    let fine = value(&h, &c).unwrap();
    assert!(
        fine < after && fine > before,
        "Shift+← a finer step: {fine}"
    );
    // A click on the page's heading (no control) drops the focus: → turns the section again.
    let heading = h
        .query_all(By::new().role(Role::Heading))
        .map(|n| n.rect())
        .find(|r| r.top() > 40.0)
        .expect("the section's heading");
    h.drag_at(heading.center());
    h.step();
    h.drop_at(heading.center());
    h.run_steps(2);
    assert!(!focused(&h), "a click elsewhere drops the focus");
    assert!(!ring_around(&h, rect, 3.0), "and the ring goes with it");
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    let next = sections::number("ttl") + 1;
    assert_eq!(h.state().current_section(), next);
}

/// A tap on a touchpad: the press and the release in one frame, at one spot. It sets the
/// value where it lands and gives the slider the focus, as a click does: → then moves the
/// slider, not the section.
#[test]
fn a_tap_on_a_slider_sets_its_value_there_and_focuses_it() {
    let mut h = harness::app("ttl");
    let slider = || {
        By::new()
            .role(Role::Slider)
            .label(crate::harness::label(&locks_lesson::sim::ttl::TTL_S))
    };
    let c = Control {
        node: h.get(slider()).accesskit_node().locate().0,
        role: Role::Slider,
        name: String::new(),
    };
    let before = value(&h, &c).unwrap();
    let rect = h.get(slider()).rect();
    let at = egui::pos2(rect.left() + 0.2 * rect.width(), rect.center().y);
    h.hover_at(at);
    h.run_steps(2);
    // (Straight into the next frame's input: the harness would give each event a frame.)
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run_steps(2);
    let tapped = value(&h, &c).unwrap();
    assert!(
        tapped < before,
        "the tap set the value: {before} → {tapped}"
    );
    assert!(
        h.get(slider()).is_focused(),
        "the tapped slider has the focus"
    );
    press(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert_eq!(h.state().current_id(), "ttl", "→ stays in the section");
    assert!(value(&h, &c).unwrap() > tapped, "→ moved the slider");
}
