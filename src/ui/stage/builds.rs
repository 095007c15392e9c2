//! An experiment's choices, the clicker's builds they make, and the section keys on the stage.
//!
//! A presentation clicker sends Page Down and Page Up only. In lecture mode Page Down first
//! reveals a hidden prediction result, then walks the section's [`Builds`] (the story's
//! moments, or its presets, stores or defences in lesson order: its [`Choices`]), and only
//! then leaves the section; Page Up walks back the same way. N and Shift+N step through the
//! same choices (wrapping round), and K, S and X drive an animation.
//!
//! [`Builds`]: crate::ui::Builds

use super::Experiment;
use crate::ui::kit::widgets::Playback;
use crate::ui::shell::keymap::Action;
use crate::ui::{Press, Reach};

/// An experiment's choices, and what the stage tells it of its drawing. Its builds are its
/// [`Builds`](crate::ui::Builds): most are its choices ([`crate::builds_are_choices!`]).
pub trait Choices {
    /// The choices in lesson order (presets, stores, defences): how many, and which one the
    /// settings are now (`None` when they are none of them). None by default.
    fn choices(&self) -> (usize, Option<usize>) {
        (0, None)
    }

    /// Switches to choice `i` (below the count given by [`Choices::choices`]).
    fn choose(&mut self, _i: usize) {}

    /// The figure is about to be drawn for a slide: it should show what the window shows.
    fn before_slide(&mut self) {}

    /// Whether the result is told whole (a story stepped moment by moment is not, before its
    /// last): only then does the line on the prediction say what the run gave.
    fn result_told(&self) -> bool {
        true
    }
}

/// Writes the [`Builds`](crate::ui::Builds) of an experiment whose builds are its [`Choices`]:
/// `crate::builds_are_choices!(Ttl);`. A press steps through the choices, a page opens at its
/// first or last, and the build's name is the choice on screen (see [`choice_build`]); a
/// playlist's prepared run keeps its choice. An experiment without choices has one build,
/// `result`.
#[macro_export]
macro_rules! builds_are_choices {
    ($exp:ty) => {
        impl $crate::ui::Builds for $exp {
            fn press(&mut self, press: $crate::ui::Press) -> bool {
                $crate::ui::stage::builds::press_choices(self, press)
            }

            fn arrive(&mut self, press: $crate::ui::Press) {
                $crate::ui::stage::builds::arrive_choices(self, press);
            }

            fn build(&self) -> String {
                $crate::ui::stage::builds::choice_build(self)
            }
        }
    };
}

/// The choice after (or before) `current` among `count`, or `None` past either end. From a
/// setting that is none of the choices, forward starts at the first and back at the last.
pub fn next_choice(count: usize, current: Option<usize>, forward: bool) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let to = match (current, forward) {
        (Some(i), true) => i + 1,
        (Some(i), false) => i.checked_sub(1)?,
        (None, true) => 0,
        (None, false) => count - 1,
    };
    (to < count).then_some(to)
}

/// N and Shift+N: the next or previous choice, wrapping round at either end.
pub fn cycle_choice(count: usize, current: Option<usize>, forward: bool) -> Option<usize> {
    next_choice(count, current, forward).or_else(|| {
        let wrapped = if forward { 0 } else { count.checked_sub(1)? };
        (count > 0).then_some(wrapped)
    })
}

/// A press through the experiment's choices (any build of the page: a playlist's prepared
/// run keeps its choice): true when it moved.
pub fn press_choices<E: Choices + ?Sized>(exp: &mut E, press: Press) -> bool {
    if press.reach != Reach::Page {
        return false;
    }
    let (count, current) = exp.choices();
    match next_choice(count, current, press.forward) {
        Some(i) => {
            exp.choose(i);
            true
        }
        None => false,
    }
}

/// Arriving by Page Down or Page Up (`press`): the first choice or the last.
pub fn arrive_choices<E: Choices + ?Sized>(exp: &mut E, press: Press) {
    let (count, _) = exp.choices();
    if count > 0 {
        exp.choose(if press.forward { 0 } else { count - 1 });
    }
}

/// The build on show when the builds are the choices, by its speaker notes' name: the choice
/// on screen (`choice-1`, counted from 1), or `result` for settings that are none of them.
pub fn choice_build<E: Choices + ?Sized>(exp: &E) -> String {
    match exp.choices() {
        (_, Some(i)) => format!("choice-{}", i + 1),
        _ => "result".to_owned(),
    }
}

/// The section keys the stage handles for every experiment (N, Shift+N); the others go to
/// [`Experiment::key`].
pub fn keys<E: Experiment + ?Sized>(exp: &mut E, actions: &[Action]) {
    for &a in actions {
        match a {
            Action::NextChoice | Action::PreviousChoice => {
                let (count, current) = exp.choices();
                if let Some(i) = cycle_choice(count, current, a == Action::NextChoice) {
                    exp.choose(i);
                }
            }
            other => exp.key(other),
        }
    }
}

/// K, S and X on an animation of `steps` steps.
pub fn playback_key(playback: &mut Playback, action: Action, steps: f64) {
    match action {
        Action::PlayPause => {
            if !playback.playing && playback.position >= 1.0 {
                playback.position = 0.0;
            }
            playback.playing = !playback.playing;
        }
        Action::StepPlayback => playback.step(1.0 / steps.max(1.0)),
        Action::ResetPlayback => {
            playback.position = 0.0;
            playback.playing = false;
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_stop_at_either_end() {
        assert_eq!(next_choice(3, Some(0), true), Some(1));
        assert_eq!(next_choice(3, Some(2), true), None);
        assert_eq!(next_choice(3, Some(0), false), None);
        assert_eq!(next_choice(3, Some(2), false), Some(1));
        assert_eq!(next_choice(3, None, true), Some(0));
        assert_eq!(next_choice(3, None, false), Some(2));
        assert_eq!(next_choice(0, None, true), None);
    }

    #[test]
    fn the_choice_keys_wrap_round() {
        assert_eq!(cycle_choice(3, Some(2), true), Some(0));
        assert_eq!(cycle_choice(3, Some(0), false), Some(2));
        assert_eq!(cycle_choice(0, None, true), None);
    }

    #[test]
    fn playback_keys() {
        let mut p = Playback::new(4.0);
        playback_key(&mut p, Action::ResetPlayback, 4.0);
        assert!(!p.playing && p.position == 0.0);
        playback_key(&mut p, Action::StepPlayback, 4.0);
        assert!((p.position - 0.25).abs() < 1e-12);
        playback_key(&mut p, Action::PlayPause, 4.0);
        assert!(p.playing);
        p.position = 1.0;
        p.playing = false;
        playback_key(&mut p, Action::PlayPause, 4.0);
        assert!(p.playing && p.position == 0.0);
    }
}
