//! Section 1, beyond the model: the same increments on real operating-system threads, an
//! unsynchronised load–sleep–store against a real mutex. Not seeded: the scheduler decides.

use egui::Ui;

use crate::runner::real_threads::{self, RealRun};
use crate::runner::{Runner, Task};
use crate::ui::kit::fmt::{fmt_int, fmt_ms};

/// Sleep between read and write.
const REAL_THINK: std::time::Duration = std::time::Duration::from_micros(100);

/// The experiment: nothing runs until the learner asks.
#[derive(Default)]
pub struct RealThreads {
    task: Option<Task<Option<RealRun>>>,
}

impl RealThreads {
    /// The experiment's words, button and result, for `w` threads adding one `n` times each.
    pub fn ui(&mut self, ui: &mut Ui, runner: &Runner, w: u32, n: u32) {
        egui::CollapsingHeader::new("Beyond the model: real threads on this computer").show(ui, |ui| {
            ui.label(format!(
                "{w} operating-system threads each add one {} times: read the shared number, sleep \
                 {} µs, write back what was read plus one. First with nothing in between, then \
                 holding a real mutex. This is not seeded: the scheduler decides, so every run differs.",
                fmt_int(u64::from(n)),
                REAL_THINK.as_micros(),
            ));
            let running = self.task.as_ref().is_some_and(|t| !t.is_finished());
            ui.horizontal(|ui| {
                let label = if self.task.is_some() { "Run again on real threads" } else { "Run on real threads" };
                if ui.add_enabled(!running, egui::Button::new(label)).clicked() {
                    self.task = Some(runner.spawn("real-threads", move |r| {
                        real_threads::run(w, n, REAL_THINK, r.cancel_flag())
                    }));
                }
                if running {
                    ui.spinner();
                    ui.label("running…");
                }
            });
            let result = self.task.as_ref().and_then(|t| t.snapshot().result.flatten());
            if let Some(r) = result {
                let should = u64::from(r.threads) * u64::from(r.increments);
                ui.label(format!(
                    "Without synchronisation the number ended at {} of {} ({} lost) in {}. With the \
                     mutex it ended at {} of {} in {}.",
                    fmt_int(r.unsynchronised),
                    fmt_int(should),
                    fmt_int(should - r.unsynchronised.min(should)),
                    fmt_ms(r.unsynchronised_ms),
                    fmt_int(r.with_mutex),
                    fmt_int(should),
                    fmt_ms(r.with_mutex_ms),
                ));
                // A result belongs to the settings that produced it.
                if (r.threads, r.increments) != (w, n) {
                    ui.label(
                        egui::RichText::new(format!(
                            "That run was with the earlier settings: {} threads adding one {} \
                             times each. Run again for these.",
                            r.threads,
                            fmt_int(u64::from(r.increments)),
                        ))
                        .color(crate::ui::kit::widgets::warn_color(ui)),
                    );
                }
            }
        });
    }
}
