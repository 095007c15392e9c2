//! Section 5's controls on a learner's page: the stores, the Redis row's two steps and the
//! sliders, in the room of the most they ever hold (a click on a store moves nothing).

use egui::{RichText, Ui};

use super::settings::{WhereParams, stores};
use super::{Where, is_replicated};
use crate::sim::failover;
use crate::ui::kit::widgets;

impl Where {
    /// The rows as now chosen at the settings `params`, in at least the height of the most
    /// they hold (the Redis row with its replica, its lag shown), measured unseen at this
    /// width.
    pub(super) fn learner_controls(&mut self, ui: &mut Ui, params: &mut WhereParams) {
        let mut most = *params;
        most.store = (0..stores().len())
            .find(|&i| is_replicated(i))
            .unwrap_or(most.store);
        let mut twice = self.twice;
        let builder = egui::UiBuilder::new()
            .max_rect(ui.available_rect_before_wrap())
            .id_salt("s5-controls-measured")
            .invisible()
            .sizing_pass();
        let room = ui
            .new_child(builder)
            .scope(|ui| rows(ui, &mut most, &mut twice, false))
            .response
            .rect
            .height();
        ui.scope(|ui| {
            ui.set_min_height(room);
            rows(ui, params, &mut self.twice, self.asking);
        });
    }
}

/// The row of stores, the Redis row's steps and the sliders (the lag waits while the
/// prediction is asked: with the rate it would give the answer away).
fn rows(ui: &mut Ui, params: &mut WhereParams, twice: &mut bool, asking: bool) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(t!("sections.where.stores")).strong());
        for (i, row) in stores().iter().enumerate() {
            if ui
                .selectable_label(params.store == i, &row.name)
                .on_hover_text(&row.in_short)
                .clicked()
            {
                params.store = i;
            }
        }
    });
    let replicated = is_replicated(params.store);
    if replicated {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t!("sections.where.step")).strong());
            let steps = [
                (false, tf!("sections.where.step.lost", &[("step", "1")])),
                (true, tf!("sections.where.step.twice", &[("step", "2")])),
            ];
            for (value, label) in steps {
                if ui.selectable_label(*twice == value, label).clicked() {
                    *twice = value;
                }
            }
        });
    }
    let p = &mut params.model;
    // Replication lag matters only where there is a replica: the single Redis row.
    if replicated && !asking {
        let labels = [&failover::RATE, &failover::LAG_MS].map(crate::ui::kit::params::label);
        widgets::two_up(
            ui,
            labels,
            |ui| {
                widgets::param_slider(ui, &failover::RATE, &mut p.rate);
            },
            |ui| {
                widgets::param_slider(ui, &failover::LAG_MS, &mut p.lag_ms)
                    .on_hover_text(t!("sections.where.lag.hover"));
            },
        );
    } else {
        widgets::param_slider(ui, &failover::RATE, &mut p.rate);
    }
}
