//! A stage's lecture builds, its presets and the section keys on the stage.
//!
//! A presentation clicker sends Page Down and Page Up only. In lecture mode Page Down first
//! reveals a hidden prediction result, then walks the page's builds: its [`Presets`] in
//! lesson order (section 2's TTLs, section 4's fencing, section 5's stores, section 9's
//! defences), each with the page's own [`Steps`] (section 3's moments, section 5's two ideas
//! at the Redis row), and only then leaves the section; Page Up walks back the same way. N and
//! Shift+N step through the same presets (wrapping round), and K, S and X drive an animation.
//! Every simulation section has these builds from its data: the stage answers the lecture's
//! one protocol, [`Builds`], for all of them.

use super::experiment::Steps;
use super::{Experiment, Stage, predict};
use crate::ui::kit::widgets::Playback;
use crate::ui::shell::keymap::Action;
use crate::ui::{Builds, Press, Reach};

/// The settings a stage steps through in lesson order, its presets: how many, and what
/// preset `i` makes of the settings on screen (section 2's keep the number of holds). The
/// settings are preset `i` when it leaves them as they are.
#[derive(Clone, Copy)]
pub struct Presets<P> {
    count: usize,
    make: fn(&P, usize) -> P,
}

impl<P: Copy + PartialEq> Presets<P> {
    /// `count` presets, preset `i` being `make(settings, i)`.
    pub fn new(count: usize, make: fn(&P, usize) -> P) -> Self {
        Self { count, make }
    }

    /// No presets: the page's builds are its steps.
    pub fn none() -> Self {
        Self::new(0, |p, _| *p)
    }

    pub fn count(&self) -> usize {
        self.count
    }

    /// The preset the settings `p` are, if any.
    pub fn on(&self, p: &P) -> Option<usize> {
        (0..self.count).find(|&i| (self.make)(p, i) == *p)
    }

    /// Preset `i` of the settings `p`.
    pub fn make(&self, p: &P, i: usize) -> P {
        (self.make)(p, i)
    }
}

/// The one after (or before) `current` among `count`, or `None` past either end. From none
/// of them, forward starts at the first and back at the last.
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

/// N and Shift+N: the next or previous preset, wrapping round at either end.
pub fn cycle_choice(count: usize, current: Option<usize>, forward: bool) -> Option<usize> {
    next_choice(count, current, forward).or_else(|| {
        let wrapped = if forward { 0 } else { count.checked_sub(1)? };
        (count > 0).then_some(wrapped)
    })
}

impl<E: Experiment> Stage<E> {
    /// The preset the settings are now, if any.
    pub fn preset(&self) -> Option<usize> {
        self.presets.on(&self.params)
    }

    /// Switches to preset `i`.
    fn choose(&mut self, i: usize) {
        self.params = self.presets.make(&self.params, i);
    }

    /// The section keys: N and Shift+N, the presets; the others are the page's.
    pub(super) fn keys(&mut self, actions: &[Action]) {
        for &a in actions {
            match a {
                Action::NextChoice | Action::PreviousChoice => {
                    let (count, current) = (self.presets.count(), self.preset());
                    if let Some(i) = cycle_choice(count, current, a == Action::NextChoice) {
                        self.choose(i);
                    }
                }
                other => self.exp.key(&mut self.params, other),
            }
        }
    }

    /// The page's next or previous build the press may take: its next step, else the next
    /// preset at its first step (going back, the previous at its last). True when it moved.
    fn press_build(&mut self, press: Press) -> bool {
        let Steps { count, at, .. } = self.exp.steps(&self.params);
        if (press.reach == Reach::Page || !E::STEPS_IN_CODE)
            && let Some(to) = next_choice(count, Some(at), press.forward)
        {
            self.exp.show_step(&self.params, to);
            return true;
        }
        if press.reach != Reach::Page {
            return false;
        }
        match next_choice(self.presets.count(), self.preset(), press.forward) {
            Some(i) => {
                self.choose(i);
                self.exp.open(&self.params, press.forward);
                true
            }
            None => false,
        }
    }
}

/// The builds of a stage: a hidden result's reveal, then its presets and the page's steps.
impl<E: Experiment> Builds for Stage<E> {
    /// Lecture mode: the reveal of a hidden result first (the class has voted, the clicker
    /// reveals; Page Up from there asks again), then the page's builds the press may take.
    fn press(&mut self, press: Press) -> bool {
        if !press.lecture {
            return false;
        }
        if press.forward && self.gate.ask_reveal() {
            return true;
        }
        if press.forward && crate::ui::Builds::holds(self) {
            self.exp.tell_now();
            return true;
        }
        // Back from the build the class's prediction was revealed at: the prediction, as the
        // class left it.
        if let (false, Some((chosen, at))) = (press.forward, &self.asked)
            && self.revealed_at() == *at
        {
            let chosen = *chosen;
            self.asked = None;
            self.gate = predict::Gate::Asking {
                chosen,
                reveal: false,
            };
            return true;
        }
        let before = self.params;
        let moved = self.press_build(press);
        // (A story's next moment keeps its run: the line on the prediction stays, as it does
        // on the way to the build that answers it.)
        if moved && self.params != before && self.exp.answers_at(&before) {
            self.gate.forget_verdict();
            self.keep_said(true);
        }
        moved
    }

    /// Lecture mode: the first preset at its first step (going back, the last at its last);
    /// a question still asked is asked at the first build (its run's settings).
    fn arrive(&mut self, press: Press) {
        if press.lecture {
            // A section first reached backwards shows its builds as they were passed, its
            // result open: its question belongs to the way forward.
            if !press.forward && self.gate == predict::Gate::Unknown {
                self.gate.skip();
            }
            let forward = press.forward || self.gate.hides();
            let count = self.presets.count();
            if count > 0 {
                self.choose(if forward { 0 } else { count - 1 });
            }
            self.exp.open(&self.params, forward);
            self.gate.forget_verdict();
            self.keep_said(true);
            // Page Up goes back to the question from its reveal, on this visit or when the
            // section is walked back into; a new visit forward asks afresh.
            if press.forward {
                self.asked = None;
            }
        }
    }

    /// Lecture mode: the question asked again, and the page's steps that the run's code does
    /// not carry at their first (a story at its first moment).
    fn replay(&mut self, lecture: bool) {
        if lecture {
            // Asked again on the next frame (see `Gate::start`).
            self.gate = predict::Gate::Unknown;
            if !E::STEPS_IN_CODE {
                self.exp.open(&self.params, true);
            }
        }
    }

    /// `predict` while the result is hidden; else the page's name for its step, or the
    /// preset on show (`choice-2`, counted from 1), or `result` for settings that are none of
    /// them.
    fn holds(&self) -> bool {
        !self.gate.hides() && self.exp.telling()
    }

    fn build(&self) -> String {
        if self.gate.hides() {
            return "predict".to_owned();
        }
        self.exp
            .steps(&self.params)
            .name
            .unwrap_or_else(|| match self.preset() {
                Some(i) => format!("choice-{}", i + 1),
                None => "result".to_owned(),
            })
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
    fn a_preset_is_the_settings_it_leaves_as_they_are() {
        let presets = Presets::new(3, |p: &(u8, u8), i| (i as u8, p.1));
        assert_eq!(presets.on(&(1, 7)), Some(1));
        assert_eq!(presets.on(&(5, 7)), None);
        assert_eq!(presets.make(&(5, 7), 2), (2, 7));
        assert_eq!(Presets::<(u8, u8)>::none().on(&(0, 0)), None);
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
