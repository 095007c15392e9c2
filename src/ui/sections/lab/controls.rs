//! The stale holder's settings (a learner's), its Run button and its status line.

use egui::{RichText, Ui};

use super::LabPage;
use crate::lab::{self, ServerKind};
use crate::lesson::quantity as fmt;
use crate::ui::Cx;
use crate::ui::kit::widgets;

impl LabPage {
    /// The settings (a learner's: a lecture runs the lab's defaults).
    /// A changed setting asks the question again: a prediction belongs to the settings it
    /// was made at.
    pub(super) fn controls(&mut self, ui: &mut Ui) {
        let before = self.setting();
        self.setting_rows(ui);
        if self.setting() != before {
            self.expected = None;
        }
    }

    /// What the stale holder's run is made at: the server and the three settings (its
    /// address changes nothing of the outcome).
    fn setting(&self) -> (ServerKind, f64, f64, bool) {
        (self.server, self.ttl_ms, self.pause_ms, self.fencing)
    }

    /// The settings' rows.
    fn setting_rows(&mut self, ui: &mut Ui) {
        let busy = self.running();
        ui.add_enabled_ui(!busy, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(t!("lab.controls.server"));
                for kind in [ServerKind::Redis, ServerKind::Etcd] {
                    ui.selectable_value(&mut self.server, kind, kind.name());
                }
                ui.separator();
                let label = ui.label(t!("lab.controls.url"));
                let hint = tf!(
                    "lab.controls.url_hint",
                    &[("url", self.server.example_url())],
                );
                ui.add(
                    egui::TextEdit::singleline(&mut self.url)
                        .hint_text(hint)
                        .desired_width(300.0),
                )
                .labelled_by(label.id);
            });
            // Both sliders on one row where they fit with their words and values (a slider's
            // label is part of it: a row that wraps would cut it at the window's edge), one
            // under the other where they do not.
            // (Their values, times such as "2.5 s", may be wider than the usual one the row
            // allows for.)
            let widest = widgets::text_width(ui, fmt::duration_ms(8_880.0));
            let wider = 2.0 * (widest - crate::ui::kit::measure::value_width(ui)).max(0.0);
            let labels = [label(&lab::TTL_MS), label(&lab::PAUSE_MS)];
            let row = widgets::row_slider_width(ui, &labels, wider);
            let sliders = [
                (&lab::TTL_MS, &mut self.ttl_ms),
                (&lab::PAUSE_MS, &mut self.pause_ms),
            ];
            let slider = |ui: &mut Ui, spec: &crate::sim::ParamSpec, value: &mut f64| {
                widgets::keyed_slider(ui, spec, value, |ui, value| {
                    ui.add(
                        egui::Slider::new(value, spec.min..=spec.max)
                            .step_by(100.0)
                            .clamping(egui::SliderClamping::Always)
                            .custom_formatter(|v, _| fmt::duration_ms(v))
                            .custom_parser(fmt::parse_ms)
                            .text(label(spec)),
                    )
                });
            };
            match row {
                Some(width) => {
                    ui.horizontal(|ui| {
                        ui.spacing_mut().slider_width = width;
                        for (spec, value) in sliders {
                            slider(ui, spec, value);
                        }
                    });
                }
                None => {
                    // One under the other, each slider as long as its row leaves room for.
                    let gap = ui.spacing().item_spacing.x;
                    let beside = [&lab::TTL_MS, &lab::PAUSE_MS]
                        .map(|s| widgets::text_width(ui, label(s)))
                        .into_iter()
                        .fold(0.0, f32::max)
                        + crate::ui::kit::measure::value_width(ui)
                        + 5.0 * gap;
                    ui.scope(|ui| {
                        let room = ui.available_width() - beside;
                        ui.spacing_mut().slider_width = room.clamp(40.0, 220.0);
                        for (spec, value) in sliders {
                            slider(ui, spec, value);
                        }
                    });
                }
            }
            ui.checkbox(&mut self.fencing, t!("lab.controls.fencing"))
                .on_hover_text(t!("lab.controls.fencing_tip"));
        });
    }

    /// The Run button (or the spinner and Cancel while running) and the status line; true
    /// when Run was pressed.
    pub(super) fn run_row(&mut self, ui: &mut Ui, cx: &Cx<'_>) -> bool {
        let busy = self.running();
        let mut pressed = false;
        ui.horizontal_wrapped(|ui| {
            if busy {
                ui.add(egui::Spinner::new());
                if ui.button(t!("lab.button.cancel")).clicked() {
                    self.cancel();
                }
            } else if !cx.slide && (!cx.lecture || crate::ui::shell::presenter::is_console(ui)) {
                // (On the projector Page Down runs it: the button is the console's.)
                let words = RichText::new(t!("lab.button.run")).strong();
                let ready = cx.lecture || self.ready(0);
                pressed = ui.add_enabled(ready, egui::Button::new(words)).clicked();
            }
            // (A lecture's question stands alone until the run: no idle status beside it.)
            if busy || !cx.lecture {
                ui.label(tf!("lab.status.line", &[("status", self.status())]));
            }
        });
        if let Some(e) = self.error() {
            ui.add(egui::Label::new(RichText::new(e).color(widgets::warn_color(ui))).wrap());
        }
        pressed
    }
}

/// A setting's label on the page: the stage's words for the parameter.
fn label(spec: &crate::sim::ParamSpec) -> &'static str {
    crate::ui::kit::params::label(spec)
}
