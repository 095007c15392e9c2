//! Section 1, beyond the model: the same increments on real operating-system threads, an
//! unsynchronised load–sleep–store against a real mutex. Not seeded: the scheduler decides.

use egui::Ui;

use crate::lesson::quantity::{duration_ms, fmt_int};
use crate::runner::real_threads::{self, RealRun};
use crate::runner::{Runner, Task};

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
        egui::CollapsingHeader::new(t!("sections.why-lock.real.title")).show(ui, |ui| {
            ui.label(tf!(
                "sections.why-lock.real.about",
                &[
                    ("threads", w.to_string()),
                    ("times", fmt_int(u64::from(n))),
                    ("sleep", REAL_THINK.as_micros().to_string()),
                ],
            ));
            let running = self.task.as_ref().is_some_and(|t| !t.is_finished());
            ui.horizontal(|ui| {
                let label = if self.task.is_some() {
                    t!("sections.why-lock.real.run_again")
                } else {
                    t!("sections.why-lock.real.run")
                };
                if ui.add_enabled(!running, egui::Button::new(label)).clicked() {
                    self.task = Some(runner.spawn("real-threads", move |r| {
                        real_threads::run(w, n, REAL_THINK, r.cancel_flag())
                    }));
                }
                if running {
                    ui.spinner();
                    ui.label(t!("sections.why-lock.real.running"));
                }
            });
            let result = self
                .task
                .as_ref()
                .and_then(|t| t.published().result.flatten());
            if let Some(r) = result {
                let should = u64::from(r.threads) * u64::from(r.increments);
                ui.label(tf!(
                    "sections.why-lock.real.result",
                    &[
                        ("without", fmt_int(r.unsynchronised)),
                        ("should", fmt_int(should)),
                        ("lost", fmt_int(should - r.unsynchronised.min(should))),
                        ("without_time", duration_ms(r.unsynchronised_ms)),
                        ("with", fmt_int(r.with_mutex)),
                        ("with_time", duration_ms(r.with_mutex_ms)),
                    ],
                ));
                // A result belongs to the settings that produced it.
                if (r.threads, r.increments) != (w, n) {
                    ui.label(
                        egui::RichText::new(tf!(
                            "sections.why-lock.real.earlier",
                            &[
                                ("threads", r.threads.to_string()),
                                ("times", fmt_int(u64::from(r.increments))),
                            ],
                        ))
                        .color(crate::ui::kit::widgets::warn_color(ui)),
                    );
                }
            }
        });
    }
}
