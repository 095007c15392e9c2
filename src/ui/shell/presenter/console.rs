//! The lecturer's panel in the console (the main window while the audience window is open):
//! what the audience sees, the clock against the plan, what only the lecturer may see yet,
//! the speaker notes, and the next section.

use std::time::Duration;

use egui::{RichText, Ui};

use super::PresenterView;
use super::notes::{self, Pace};
use crate::lesson;
use crate::lesson::catalogue::{t, tf};
use crate::ui::kit::widgets;
use crate::ui::shell::keymap::{Action, key_text, key_texts};
use crate::ui::{Present, Section};

/// What the panel shows and changes.
pub struct Console<'a> {
    pub view: &'a mut PresenterView,
    pub section: &'a dyn Section,
    /// The audience window is blank.
    pub blanked: bool,
    /// Shortcuts asked for by the panel's buttons (the app applies them like their keys).
    pub queued: &'a mut Vec<Action>,
    /// The audience's type factor as shown ("Audience type 100 %").
    pub type_label: String,
    /// The type asked to be a step larger (`Some(true)`), smaller, or normal.
    pub type_change: Option<Option<bool>>,
    /// The lecture's last section (the lab where its servers are installed).
    pub last: u8,
}

/// The least share of its type the notes may take to be seen whole (below it they stay
/// legible and are cut at the bottom instead).
const MIN_FIT: f32 = 0.85;

/// The notes' width on a wide console.
const WIDTH: f32 = 380.0;
/// Their share of a narrow console's width (the console shares the audience's type, which
/// follows the projector).
const SHARE: f32 = 0.45;

/// The notes' column at the right of a console page of `page` (the rest is the stage's).
pub fn notes_rect(page: egui::Rect) -> egui::Rect {
    let w = WIDTH.min(page.width() * SHARE);
    egui::Rect::from_min_max(egui::pos2(page.right() - w, page.top()), page.max)
}

impl Console<'_> {
    /// Draws the notes in `ui` (a column at the right of the console: see [`notes_rect`]);
    /// returns the type change asked for.
    pub fn show(mut self, ui: &mut Ui) -> Option<Option<bool>> {
        let r = ui.max_rect();
        ui.painter().vline(
            r.left() - 4.0,
            r.y_range(),
            ui.visuals().widgets.noninteractive.bg_stroke,
        );
        // The clock, what comes next and the audience's state always in view; the notes
        // under them, scrolling if they must.
        ui.add_space(6.0);
        crate::ui::kit::a11y::add_heading(ui, t("app.presenter.heading"), 1);
        self.clock(ui);
        next(ui, self.section.number(), self.last);
        self.audience_row(ui);
        ui.separator();
        // The notes whole: their type a little smaller where they would not fit.
        let fit_id = egui::Id::unique(("presenter-notes-fit", self.section.number()));
        let fit: f32 = ui.ctx().data(|d| d.get_temp(fit_id)).unwrap_or(1.0);
        let out = egui::ScrollArea::vertical()
            .id_salt("presenter-console-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for font in ui.style_mut().text_styles.values_mut() {
                    font.size *= fit;
                }
                self.notes(ui);
            });
        let over = out.content_size.y > out.inner_rect.height() + 1.0;
        if over && fit > MIN_FIT {
            ui.ctx()
                .data_mut(|d| d.insert_temp(fit_id, (fit * 0.94).max(MIN_FIT)));
            ui.ctx().request_repaint();
        }
        // The clocks tick once a second.
        let ms = chrono::Local::now().timestamp_subsec_millis();
        ui.ctx()
            .request_repaint_after(Duration::from_millis(u64::from(1000 - ms.min(999))));
        self.type_change
    }

    /// What the audience window shows, and its buttons.
    fn audience_row(&mut self, ui: &mut Ui) {
        let n = self.section.number();
        let blank_key = [("key", key_text(Action::BlankScreen))];
        let (text, colour) = if self.blanked {
            let keys = key_texts(Action::BlankScreen);
            let key = |i: usize| keys.get(i).copied().unwrap_or_default();
            (
                tf(
                    "app.presenter.audience_blank",
                    &[("key", key(0)), ("key2", key(1))],
                ),
                widgets::warn_color(ui),
            )
        } else {
            (
                tf(
                    "app.presenter.audience_shows",
                    &[
                        ("n", n.to_string()),
                        ("title", self.section.title().to_owned()),
                    ],
                ),
                ui.visuals().text_color(),
            )
        };
        ui.label(RichText::new(text).strong().color(colour));
        ui.horizontal_wrapped(|ui| {
            let blank = if self.blanked {
                tf("app.presenter.show_audience", &blank_key)
            } else {
                tf("app.presenter.blank_audience", &blank_key)
            };
            if ui.button(blank).clicked() {
                self.queued.push(Action::BlankScreen);
            }
            if ui
                .button(tf(
                    "app.presenter.close",
                    &[("key", key_text(Action::TogglePresenter))],
                ))
                .on_hover_text(tf(
                    "app.presenter.close_hint",
                    &[("key", key_text(Action::ToggleFullscreen))],
                ))
                .clicked()
            {
                self.queued.push(Action::TogglePresenter);
            }
        });
        // The audience's type: shown, and changed only here or by Ctrl+Plus, Ctrl+Minus and
        // Ctrl+0 in the audience window (the console's own keys leave it alone).
        ui.menu_button(self.type_label.as_str(), |ui| {
            if let Some(c) = crate::ui::shell::topbar::type_menu(ui) {
                self.type_change = Some(c);
            }
        });
    }

    /// The wall clock, the lecture's time and where the plan expects it to be.
    fn clock(&mut self, ui: &mut Ui) {
        let n = self.section.number();
        let elapsed = self.view.elapsed_s();
        let plan = notes::planned(n);
        let total = notes::total_minutes();
        ui.horizontal_wrapped(|ui| {
            let size = ui.style().text_styles[&egui::TextStyle::Heading].size;
            let now = self.view.time_of_day();
            ui.label(RichText::new(now).size(size).strong())
                .on_hover_text(t("app.presenter.time_of_day"));
            let lecture = [
                ("elapsed", notes::clock(elapsed)),
                ("total", total.to_string()),
            ];
            ui.label(RichText::new(tf("app.presenter.lecture_time", &lecture)).size(size * 0.8));
            if ui
                .small_button(t("app.presenter.restart"))
                .on_hover_text(t("app.presenter.restart_hint"))
                .clicked()
            {
                self.view.restart_clock();
            }
        });
        let pace = notes::pace(elapsed, plan);
        let colour = match pace {
            Pace::Behind(_) => widgets::warn_color(ui),
            _ => ui.visuals().text_color(),
        };
        ui.label(tf(
            "app.presenter.plan",
            &[("start", plan.0.to_string()), ("end", plan.1.to_string())],
        ));
        ui.label(RichText::new(capitalised(&pace.text())).color(colour));
    }

    /// The answer the audience has not seen yet, and the speaker notes.
    /// What only the lecturer sees (a question's answer before its reveal).
    fn secret(&self, ui: &mut Ui) {
        if let Some(secret) = self.section.present().and_then(Present::lecturer_only) {
            egui::Frame::new()
                .stroke(egui::Stroke::new(2.0, widgets::warn_color(ui)))
                .corner_radius(4.0)
                .inner_margin(6.0)
                .show(ui, |ui| {
                    ui.label(RichText::new(t("app.presenter.only_here")).small().strong());
                    ui.label(RichText::new(secret).strong());
                });
            ui.add_space(4.0);
        }
    }

    fn notes(&mut self, ui: &mut Ui) {
        let Some(n) = notes::of(self.section.number()) else {
            self.secret(ui);
            return;
        };
        // What to say first: on a short console the rest scrolls.
        ui.label(RichText::new(t("app.presenter.say")).strong());
        ui.label(n.say.as_str());
        ui.add_space(4.0);
        self.secret(ui);
        for (heading, text) in [
            (t("app.presenter.ask"), &n.ask),
            (t("app.presenter.surprise"), &n.surprise),
        ] {
            ui.label(RichText::new(heading).strong());
            ui.label(text.as_str());
            ui.add_space(4.0);
        }
        // Sections with build steps (the lab's experiments): what to ask before each.
        for step in &n.steps {
            let title = [("title", step.title.as_str())];
            ui.label(RichText::new(tf("app.presenter.step_ask", &title)).strong());
            ui.label(step.ask.as_str());
            ui.add_space(4.0);
        }
        ui.label(
            RichText::new(tf(
                "app.presenter.minutes",
                &[("minutes", n.minutes.to_string())],
            ))
            .color(ui.visuals().weak_text_color()),
        );
    }
}

/// The next section's title (or that the lecture ends here, and why it has no lab).
fn next(ui: &mut Ui, current: u8, last: u8) {
    if current >= last {
        let line = if last < crate::sections::lab() {
            t("app.presenter.next_none_no_lab")
        } else {
            t("app.presenter.next_none")
        };
        ui.label(RichText::new(line).strong());
        return;
    }
    let title = if current + 1 == crate::sections::lab() {
        crate::ui::sections::lab::TITLE.to_owned()
    } else {
        lesson::content().section(current + 1).title.clone()
    };
    let next = [("n", (current + 1).to_string()), ("title", title)];
    ui.label(RichText::new(tf("app.presenter.next", &next)).strong());
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
