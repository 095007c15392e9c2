//! Every keyboard shortcut, in one table: the key handling reads it, and the keyboard map
//! shown to users is generated from it, so the two cannot disagree.

use egui::{Event, Key, Modifiers};

mod table;

pub use table::{SHORTCUTS, Shortcut, key_text, key_texts, widget_keys};

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
    /// Lecture mode: reveal the quiz answer after the class has voted (the lab: run the
    /// experiment on screen).
    Reveal,
    /// The lab: run the experiment on screen again.
    Rerun,
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
    /// The presenter's console: the next (or previous) screenful of the speaker notes.
    NotesForward,
    NotesBack,
}

impl Action {
    /// Whether the action is on an arrow key, which belongs to any control that has the
    /// focus.
    pub fn is_arrow_key(self) -> bool {
        matches!(
            self,
            Action::NextSectionArrow
                | Action::PreviousSectionArrow
                | Action::NotesForward
                | Action::NotesBack
        )
    }

    /// Whether the action is the presenter console's own (its keys are free elsewhere).
    pub fn for_console(self) -> bool {
        matches!(self, Action::NotesForward | Action::NotesBack)
    }

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
                | Action::Rerun
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

/// The actions whose keys were pressed this frame (their key presses are consumed).
/// Nothing fires while a text field has the keyboard; ← and → are left to any focused
/// control, Home, End, Page Up and Page Down to a focused slider, and Enter and Space to any
/// focused widget (a button presses itself). The console's keys (↓ and ↑ page the notes)
/// fire only while the presenter's `console` is open.
pub fn pressed(ctx: &egui::Context, console: bool) -> Vec<Action> {
    pressed_where(ctx, |a| console || !a.for_console())
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
        if (arrows_taken && s.action.is_slider_key())
            || (something_focused && s.action.is_arrow_key())
            || !wanted(s.action)
        {
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
                    earlier.keys_text(),
                    later.keys_text()
                );
            }
        }
    }

    #[test]
    fn every_row_is_described_and_distinct() {
        for (i, s) in SHORTCUTS.iter().enumerate() {
            assert!(!s.keys_text().is_empty() && !s.description().is_empty());
            assert!(!s.description().contains('{'), "{}", s.description());
            for other in &SHORTCUTS[i + 1..] {
                assert!(
                    !(s.key == other.key && s.modifiers == other.modifiers),
                    "{} is listed twice",
                    s.keys_text()
                );
            }
        }
    }
}
