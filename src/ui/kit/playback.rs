//! Play, pause, step and speed for the animated sections (1 and 3).

use egui::Ui;

use crate::ui::kit::a11y;

/// Play, pause, step and speed for an animated run, as a fraction 0..=1 of the run.
#[derive(Clone, Debug)]
pub struct Playback {
    /// How far the animation has got, 0..=1.
    pub position: f64,
    pub playing: bool,
    /// Speed multiplier: 0.25 to 4.
    pub speed: f64,
    /// Seconds a whole run takes at 1×.
    pub seconds_at_1x: f64,
    /// The main window's pass that last moved time on: a figure drawn twice in one pass (in
    /// the console and in the audience window) moves it once.
    ticked_in: Option<u64>,
}

pub const SPEEDS: [f64; 5] = [0.25, 0.5, 1.0, 2.0, 4.0];

impl Playback {
    pub fn new(seconds_at_1x: f64) -> Self {
        Self {
            position: 0.0,
            playing: true,
            speed: 1.0,
            seconds_at_1x,
            ticked_in: None,
        }
    }

    /// Starts again from the beginning (and plays).
    pub fn restart(&mut self) {
        self.position = 0.0;
        self.playing = true;
    }

    /// Moves time on by this frame's duration; keeps the UI repainting only while playing.
    pub fn tick(&mut self, ui: &Ui, reduced_motion: bool) {
        if reduced_motion {
            // A film ends at once; a story stepped moment by moment (paused) stays where it is.
            if self.playing {
                self.position = 1.0;
                self.playing = false;
            }
            return;
        }
        let pass = ui.ctx().cumulative_pass_nr_for(egui::ViewportId::ROOT);
        if self.playing && self.ticked_in.replace(pass) != Some(pass) {
            let dt = f64::from(ui.input(|i| i.stable_dt)).min(0.1);
            self.position = (self.position + dt * self.speed / self.seconds_at_1x).min(1.0);
            if self.position >= 1.0 {
                self.playing = false;
            } else {
                ui.ctx().request_repaint();
            }
        }
    }

    pub fn step(&mut self, fraction: f64) {
        self.playing = false;
        self.position = (self.position + fraction).min(1.0);
    }

    /// The controls. `steps` is how many steps make a whole run.
    pub fn ui(&mut self, ui: &mut Ui, steps: f64) {
        ui.horizontal(|ui| {
            let label = if self.playing {
                t!("stage.playback.pause")
            } else {
                t!("stage.playback.play")
            };
            if ui.button(label).clicked() {
                if !self.playing && self.position >= 1.0 {
                    self.position = 0.0;
                }
                self.playing = !self.playing;
            }
            if ui
                .button(t!("stage.playback.step"))
                .on_hover_text(t!("stage.playback.step.hint"))
                .clicked()
            {
                self.step(1.0 / steps);
            }
            if ui
                .button(t!("stage.playback.reset"))
                .on_hover_text(t!("stage.playback.reset.hint"))
                .clicked()
            {
                self.position = 0.0;
                self.playing = false;
            }
            a11y::group(ui, t!("stage.playback.speed"), |ui| {
                ui.label(t!("stage.playback.speed"));
                for s in SPEEDS {
                    let text = format!("{s}×");
                    if ui.selectable_label(self.speed == s, text).clicked() {
                        self.speed = s;
                    }
                }
            });
        });
    }
}
