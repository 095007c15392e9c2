//! The lecturer's panel in the console (the main window while the audience window is open):
//! what the audience sees, the clock against the plan, what only the lecturer may see yet,
//! the speaker notes, and the next section.

use std::time::Duration;

use egui::{RichText, Ui};

use super::PresenterView;
use super::notes::{self, Pace};
use super::notes_view;
use crate::lesson;
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
    /// What the next Page Down shows in the section ([`preview`], taken before the page is
    /// drawn in the console's own column).
    pub preview: Option<String>,
}

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
        // The clock, the audience's state and what comes next, in few lines; the notes of
        // the build on show in all the rest.
        ui.add_space(4.0);
        self.clock(ui);
        self.audience_row(ui);
        self.preview(ui);
        next(ui, self.section.number(), self.last);
        ui.separator();
        let n = self.section.number();
        let present = self.section.present();
        let build = present.map(|p| p.build()).unwrap_or_default();
        let secret = present.and_then(Present::lecturer_only);
        let blocks = notes_view::blocks(n, &build, secret);
        let mut page = self.view.notes_page(n, &build);
        let pages = notes_view::show(ui, blocks, &mut page);
        self.view.set_notes_page(page, pages);
        // The clocks tick once a second.
        let ms = chrono::Local::now().timestamp_subsec_millis();
        ui.ctx()
            .request_repaint_after(Duration::from_millis(u64::from(1000 - ms.min(999))));
        self.type_change
    }

    /// What the next Page Down shows: the section's next build, or more of its page (the
    /// next section is the line under it).
    fn preview(&self, ui: &mut Ui) {
        if let Some(words) = self.preview.clone() {
            let line = tf!("app.presenter.preview", &[("shows", words)]);
            ui.label(RichText::new(line).strong());
        }
    }

    /// What the audience window shows, and its buttons.
    fn audience_row(&mut self, ui: &mut Ui) {
        let n = self.section.number();
        let blank_key = [("key", key_text(Action::BlankScreen))];
        let (text, colour) = if self.blanked {
            let keys = key_texts(Action::BlankScreen);
            let key = |i: usize| keys.get(i).copied().unwrap_or_default();
            (
                tf!(
                    "app.presenter.audience_blank",
                    &[("key", key(0)), ("key2", key(1))],
                ),
                widgets::warn_color(ui),
            )
        } else {
            (
                tf!(
                    "app.presenter.audience_shows",
                    &[
                        ("n", n.to_string()),
                        ("title", self.section.title().to_owned()),
                    ],
                ),
                ui.visuals().text_color(),
            )
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(text).strong().color(colour));
            let blank = if self.blanked {
                tf!("app.presenter.show_audience", &blank_key)
            } else {
                tf!("app.presenter.blank_audience", &blank_key)
            };
            if ui.button(blank).clicked() {
                self.queued.push(Action::BlankScreen);
            }
            if ui
                .button(tf!(
                    "app.presenter.close",
                    &[("key", key_text(Action::TogglePresenter))],
                ))
                .on_hover_text(tf!(
                    "app.presenter.close_hint",
                    &[("key", key_text(Action::ToggleFullscreen))],
                ))
                .clicked()
            {
                self.queued.push(Action::TogglePresenter);
            }
            // The audience's type: shown, and changed only here or by Ctrl+Plus, Ctrl+Minus
            // and Ctrl+0 in the audience window (the console's own keys leave it alone).
            ui.menu_button(self.type_label.as_str(), |ui| {
                if let Some(c) = crate::ui::shell::topbar::type_menu(ui) {
                    self.type_change = Some(c);
                }
            });
        });
    }

    /// The wall clock, the lecture's time and where the plan expects it to be, in two lines.
    fn clock(&mut self, ui: &mut Ui) {
        let n = self.section.number();
        let elapsed = self.view.elapsed_s();
        let plan = notes::planned(n);
        // (The plan up to the lecture's last section: the lab's minutes where it follows.)
        let total = notes::planned(self.last).1;
        ui.horizontal_wrapped(|ui| {
            let heading = RichText::new(t!("app.presenter.heading")).strong();
            crate::ui::kit::a11y::add_heading(ui, heading.text_style(egui::TextStyle::Body), 1);
            let now = self.view.time_of_day();
            ui.label(RichText::new(now).strong())
                .on_hover_text(t!("app.presenter.time_of_day"));
            let lecture = [
                ("elapsed", notes::clock(elapsed)),
                ("total", total.to_string()),
            ];
            ui.label(tf!("app.presenter.lecture_time", &lecture));
            if ui
                .small_button(t!("app.presenter.restart"))
                .on_hover_text(t!("app.presenter.restart_hint"))
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
        ui.horizontal_wrapped(|ui| {
            ui.label(tf!(
                "app.presenter.plan",
                &[("start", plan.0.to_string()), ("end", plan.1.to_string())],
            ));
            ui.label(RichText::new(capitalised(&pace.text())).color(colour));
        });
    }
}

/// What the next Page Down shows in the section on show, in the notes' words: the build after
/// the one on show in the section's list of builds (the list the audience walks). `None` at
/// the section's last: the press opens the next section (the line under it names that).
pub fn preview(section: &dyn Section) -> Option<String> {
    let n = section.number();
    let build = section.present().map(|p| p.build()).unwrap_or_default();
    // (A build still being told: the press finishes it.)
    if section.present().is_some_and(|p| p.holds()) {
        return notes::of_build(n, &build).map(|b| b.shows.clone());
    }
    notes::after(n, &build).map(|b| b.shows.clone())
}

/// The next section's title (or that the lecture ends here, and why it has no lab).
fn next(ui: &mut Ui, current: u8, last: u8) {
    if current >= last {
        let line = if last < crate::sections::lab() {
            t!("app.presenter.next_none_no_lab")
        } else {
            t!("app.presenter.next_none")
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
    ui.label(RichText::new(tf!("app.presenter.next", &next)).strong());
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
