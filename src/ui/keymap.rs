//! Every keyboard shortcut, in one table: the key handling reads it, and the keyboard map
//! shown to users is generated from it, so the two cannot disagree.

use egui::{Key, Modifiers};

/// What a shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NextSection,
    PreviousSection,
    FirstSection,
    LastSection,
    /// Arrow keys: move between sections only when no focused widget uses the arrows.
    NextSectionArrow,
    PreviousSectionArrow,
    ToggleSidePanel,
    /// Quizzes: choose answer 1-4.
    Choose(u8),
    /// Quizzes: go on to the next question. Left to a focused button, which Enter and Space
    /// press instead, so one key press never does both.
    Continue,
    /// Lecture mode: reveal the quiz answer after the class has voted.
    Reveal,
    /// Open or close the glossary index.
    ToggleGlossary,
}

/// One row of the keyboard map.
#[derive(Clone, Copy, Debug)]
pub struct Shortcut {
    pub action: Action,
    pub modifiers: Modifiers,
    pub key: Key,
    /// How the key is written in the keyboard map.
    pub keys_text: &'static str,
    pub description: &'static str,
}

const fn plain(
    action: Action,
    key: Key,
    keys_text: &'static str,
    description: &'static str,
) -> Shortcut {
    Shortcut {
        action,
        modifiers: Modifiers::NONE,
        key,
        keys_text,
        description,
    }
}

pub const SHORTCUTS: &[Shortcut] = &[
    plain(
        Action::NextSection,
        Key::PageDown,
        "Page Down",
        "Next section",
    ),
    plain(
        Action::PreviousSection,
        Key::PageUp,
        "Page Up",
        "Previous section",
    ),
    plain(
        Action::NextSectionArrow,
        Key::ArrowRight,
        "→",
        "Next section (unless a slider has focus)",
    ),
    plain(
        Action::PreviousSectionArrow,
        Key::ArrowLeft,
        "←",
        "Previous section (unless a slider has focus)",
    ),
    plain(Action::FirstSection, Key::Home, "Home", "First section"),
    plain(Action::LastSection, Key::End, "End", "Last section"),
    Shortcut {
        action: Action::ToggleSidePanel,
        modifiers: Modifiers::COMMAND,
        key: Key::B,
        keys_text: "Ctrl+B",
        description: "Show or hide the section list",
    },
    plain(Action::Choose(1), Key::Num1, "1", "Quiz: choose answer 1"),
    plain(Action::Choose(2), Key::Num2, "2", "Quiz: choose answer 2"),
    plain(Action::Choose(3), Key::Num3, "3", "Quiz: choose answer 3"),
    plain(
        Action::Choose(4),
        Key::Num4,
        "4",
        "Quiz: choose answer 4 (section 6)",
    ),
    plain(
        Action::Continue,
        Key::Enter,
        "Enter",
        "Quiz: next question (or press the focused button)",
    ),
    plain(
        Action::Continue,
        Key::Space,
        "Space",
        "Quiz: next question (or press the focused button)",
    ),
    plain(
        Action::Reveal,
        Key::R,
        "R",
        "Lecture mode: reveal the quiz answer after the vote",
    ),
    plain(
        Action::ToggleGlossary,
        Key::G,
        "G",
        "Open or close the glossary",
    ),
];

/// The actions whose keys were pressed this frame (their key presses are consumed).
/// Nothing fires while a text field has the keyboard, the arrow keys are left to a
/// focused slider, and Enter and Space to any focused widget (a button presses itself).
pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
    if ctx.text_edit_focused() {
        return Vec::new();
    }
    let arrows_taken = super::widgets::arrows_taken(ctx);
    let something_focused = ctx.memory(|m| m.focused().is_some());
    let mut actions = Vec::new();
    for s in SHORTCUTS {
        let is_arrow = matches!(
            s.action,
            Action::NextSectionArrow | Action::PreviousSectionArrow
        );
        if is_arrow && arrows_taken {
            continue;
        }
        if s.action == Action::Continue && something_focused {
            continue;
        }
        let hit = ctx.input_mut(|i| i.consume_key(s.modifiers, s.key));
        if hit {
            actions.push(s.action);
        }
    }
    actions
}
