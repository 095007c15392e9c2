//! Every keyboard shortcut, in one table: the key handling reads it, and the keyboard map
//! shown to users is generated from it, so the two cannot disagree.

use egui::{Event, Key, Modifiers};

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
    /// Lecture (projector) mode on or off.
    ToggleLecture,
    ToggleFullscreen,
    /// Black screen until the next key press.
    BlankScreen,
    /// The presenter view: open or close the audience window.
    TogglePresenter,
    /// The keyboard map.
    KeyboardMap,
    CopyScenario,
    PasteScenario,
    ExportPlot,
    ExportData,
    /// Copy the slide-ready figure to the clipboard.
    CopyFigure,
    /// Sections 1 and 3: play or pause the animation.
    PlayPause,
    /// Sections 1 and 3: one step of the animation.
    StepPlayback,
    /// Sections 1 and 3: the animation back to its start.
    ResetPlayback,
    /// Sections 2, 5 and 9: the next (or previous) preset, store or defence, in lesson order.
    NextChoice,
    PreviousChoice,
    /// Sections 3 and 4: storage checks fencing tokens, or not.
    ToggleFencing,
    /// Section 1: the lock on or off.
    ToggleLock,
    /// Appends the current section's scenario code to the playlist file.
    AddToPlaylist,
    /// Open or close the spaced review.
    Review,
}

impl Action {
    /// Whether the action's key also moves a focused slider (←, →, Home, End, Page Up, Page
    /// Down), which then takes it instead.
    pub fn is_slider_key(self) -> bool {
        matches!(
            self,
            Action::NextSection
                | Action::PreviousSection
                | Action::FirstSection
                | Action::LastSection
                | Action::NextSectionArrow
                | Action::PreviousSectionArrow
        )
    }

    /// Whether the action belongs to the section on screen (the app hands it over).
    pub fn for_section(self) -> bool {
        matches!(
            self,
            Action::Choose(_)
                | Action::Continue
                | Action::Reveal
                | Action::PlayPause
                | Action::StepPlayback
                | Action::ResetPlayback
                | Action::NextChoice
                | Action::PreviousChoice
                | Action::ToggleFencing
                | Action::ToggleLock
        )
    }

    /// Whether the action also works while a dialog (a card, the keyboard map) is open.
    pub fn works_over_dialogs(self) -> bool {
        matches!(
            self,
            Action::ToggleFullscreen | Action::BlankScreen | Action::KeyboardMap
        )
    }
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

/// `Ctrl+Shift+key` (Cmd+Shift on a Mac).
const SHIFT_COMMAND: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

const fn with(
    modifiers: Modifiers,
    action: Action,
    key: Key,
    keys_text: &'static str,
    description: &'static str,
) -> Shortcut {
    Shortcut {
        action,
        modifiers,
        key,
        keys_text,
        description,
    }
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
        "Next section (lecture mode: builds first)",
    ),
    plain(
        Action::NextSectionArrow,
        Key::ArrowRight,
        "→",
        "Next section (lecture mode: builds first)",
    ),
    plain(
        Action::PreviousSection,
        Key::PageUp,
        "Page Up",
        "Previous section, back the same way",
    ),
    plain(
        Action::PreviousSectionArrow,
        Key::ArrowLeft,
        "←",
        "Previous section, back the same way",
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
    plain(
        Action::Choose(1),
        Key::Num1,
        "1",
        "Choose that answer (quiz, prediction)",
    ),
    plain(
        Action::Choose(2),
        Key::Num2,
        "2",
        "Choose that answer (quiz, prediction)",
    ),
    plain(
        Action::Choose(3),
        Key::Num3,
        "3",
        "Choose that answer (quiz, prediction)",
    ),
    plain(
        Action::Choose(4),
        Key::Num4,
        "4",
        "Choose that answer (quiz, prediction)",
    ),
    plain(
        Action::Choose(5),
        Key::Num5,
        "5",
        "Choose that answer (quiz, prediction)",
    ),
    plain(
        Action::Continue,
        Key::Enter,
        "Enter",
        "Quiz: next question (prediction: check it)",
    ),
    plain(
        Action::Continue,
        Key::Space,
        "Space",
        "Quiz: next question (prediction: check it)",
    ),
    plain(
        Action::Reveal,
        Key::R,
        "R",
        "Lecture mode: reveal, after the vote",
    ),
    plain(
        Action::PlayPause,
        Key::K,
        "K",
        "Play or pause (sections 1 and 3)",
    ),
    plain(
        Action::StepPlayback,
        Key::S,
        "S",
        "One step (sections 1 and 3)",
    ),
    plain(
        Action::ResetPlayback,
        Key::X,
        "X",
        "Back to the start (sections 1 and 3)",
    ),
    // Shift+N before N: a plain N row would take Shift+N too.
    with(
        Modifiers::SHIFT,
        Action::PreviousChoice,
        Key::N,
        "Shift+N",
        "Previous preset, store or defence",
    ),
    plain(
        Action::NextChoice,
        Key::N,
        "N",
        "Next preset (2), store (5) or defence (9)",
    ),
    plain(
        Action::ToggleFencing,
        Key::F,
        "F",
        "Fencing tokens on or off (sections 3 and 4)",
    ),
    plain(
        Action::ToggleLock,
        Key::M,
        "M",
        "The lock (mutex) on or off (section 1)",
    ),
    plain(Action::Review, Key::V, "V", "Spaced review"),
    plain(
        Action::ToggleGlossary,
        Key::G,
        "G",
        "Open or close the glossary",
    ),
    plain(
        Action::ToggleLecture,
        Key::L,
        "L",
        "Lecture (projector) mode on or off",
    ),
    plain(
        Action::ToggleFullscreen,
        Key::F11,
        "F11",
        "Fullscreen on or off",
    ),
    plain(
        Action::BlankScreen,
        Key::B,
        "B",
        "Blank the screen (any key brings it back)",
    ),
    plain(
        Action::BlankScreen,
        Key::Period,
        ".",
        "Blank the screen (any key brings it back)",
    ),
    plain(
        Action::TogglePresenter,
        Key::P,
        "P",
        "Presenter view: open or close the audience window for the projector",
    ),
    // Shift+/ on many layouts; also matched as typed text, see `pressed`.
    plain(
        Action::KeyboardMap,
        Key::Questionmark,
        "?",
        "Show or hide this keyboard map",
    ),
    plain(
        Action::KeyboardMap,
        Key::F1,
        "F1",
        "Show or hide this keyboard map",
    ),
    // Ctrl+Shift rows before any plain Ctrl row on the same key: a pattern without Shift
    // also matches a press with Shift (see the `no_row_is_shadowed` test).
    with(
        SHIFT_COMMAND,
        Action::CopyScenario,
        Key::C,
        "Ctrl+Shift+C",
        "Copy this run's scenario code",
    ),
    with(
        SHIFT_COMMAND,
        Action::PasteScenario,
        Key::V,
        "Ctrl+Shift+V",
        "Load the code on the clipboard",
    ),
    with(
        SHIFT_COMMAND,
        Action::ExportData,
        Key::E,
        "Ctrl+Shift+E",
        "Save the plot's data (CSV)",
    ),
    with(
        Modifiers::COMMAND,
        Action::ExportPlot,
        Key::E,
        "Ctrl+E",
        "Save the figure (PNG)",
    ),
    with(
        SHIFT_COMMAND,
        Action::CopyFigure,
        Key::F,
        "Ctrl+Shift+F",
        "Copy the figure",
    ),
    with(
        SHIFT_COMMAND,
        Action::AddToPlaylist,
        Key::A,
        "Ctrl+Shift+A",
        "Add this run to the playlist",
    ),
];

/// How the key of `action` is written (its first shortcut's), for sentences that name it:
/// `tf("…press {key}…", &[("key", key_text(Action::Reveal))])`.
pub fn key_text(action: Action) -> &'static str {
    SHORTCUTS
        .iter()
        .find(|s| s.action == action)
        .map_or("", |s| s.keys_text)
}

/// Keys that egui's controls handle themselves. They are listed in the keyboard map beside
/// [`SHORTCUTS`] but never matched by [`pressed`].
pub const WIDGET_KEYS: &[(&str, &str)] = &[
    ("Tab", "Next control (Shift+Tab: previous)"),
    ("Space / Enter", "Press the focused button or box"),
    ("← →", "Focused slider: 1/100 of its range"),
    ("Shift+← →", "Focused slider: 1/1000 (fine)"),
    ("Up / Down", "Focused slider: a step up or down"),
    ("PgUp / PgDn", "Focused slider: 1/10 of its range"),
    ("Home / End", "Focused slider: minimum or maximum"),
    ("Ctrl+ / Ctrl−", "Larger or smaller type (Ctrl+0: normal)"),
    ("Escape", "Close a card or dialog"),
];

/// The actions whose keys were pressed this frame (their key presses are consumed).
/// Nothing fires while a text field has the keyboard, the arrow keys, Home, End, Page Up and
/// Page Down are left to a focused slider, and Enter and Space to any focused widget (a button presses itself).
pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
    pressed_where(ctx, |_| true)
}

/// Like [`pressed`], for the actions `wanted` accepts only (the others' keys stay unconsumed).
pub fn pressed_where(ctx: &egui::Context, wanted: impl Fn(Action) -> bool) -> Vec<Action> {
    if ctx.text_edit_focused() {
        return Vec::new();
    }
    // '?' arrives as Key::Questionmark on most layouts, as Shift+Slash on some, and as typed
    // text on all of them: take any of these (once) as the '?' row.
    let question = wanted(Action::KeyboardMap)
        && ctx.input_mut(|i| {
            let key = i.consume_key(Modifiers::NONE, Key::Questionmark)
                | i.consume_key(Modifiers::SHIFT, Key::Slash);
            let before = i.events.len();
            i.events
                .retain(|e| !matches!(e, Event::Text(t) if t == "?"));
            key || i.events.len() != before
        });
    let arrows_taken = crate::ui::kit::widgets::arrows_taken(ctx);
    let something_focused = ctx.memory(|m| m.focused().is_some());
    let mut actions = Vec::new();
    for s in SHORTCUTS {
        if (arrows_taken && s.action.is_slider_key()) || !wanted(s.action) {
            continue;
        }
        if s.action == Action::Continue && something_focused {
            continue;
        }
        let hit = if s.key == Key::Questionmark {
            question
        } else {
            ctx.input_mut(|i| i.consume_key(s.modifiers, s.key))
        };
        if hit {
            actions.push(s.action);
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    /// egui matches a pattern without Shift or Alt also when they are held, so an earlier row
    /// must never be a looser version of a later one on the same key (it would steal it).
    #[test]
    fn no_row_is_shadowed() {
        for (i, later) in SHORTCUTS.iter().enumerate() {
            for earlier in &SHORTCUTS[..i] {
                let shadows = earlier.key == later.key
                    && later.modifiers.matches_logically(earlier.modifiers);
                assert!(
                    !shadows,
                    "'{}' comes before '{}' and would take its key presses",
                    earlier.keys_text, later.keys_text
                );
            }
        }
    }

    #[test]
    fn every_row_is_described_and_distinct() {
        for (i, s) in SHORTCUTS.iter().enumerate() {
            assert!(!s.keys_text.is_empty() && !s.description.is_empty());
            for other in &SHORTCUTS[i + 1..] {
                assert!(
                    !(s.key == other.key && s.modifiers == other.modifiers),
                    "{} is listed twice",
                    s.keys_text
                );
            }
        }
    }
}
