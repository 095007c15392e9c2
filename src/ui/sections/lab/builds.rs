//! The lab in a lecture: each part (the stale holder, then each failover experiment) in
//! three build steps: its question asked (the class votes with the number keys), its run
//! (Page Down or R), and once the run ends its result: the headline in short, the class's
//! verdict and the lane diagram under its key. A Page Down pressed while a run is in flight
//! waits for it: the page says so, and the result shows when the run ends; the next Page
//! Down goes on from there. Page Up takes the
//! steps back: a waiting Page Down, the run (cancelled), the result (hidden again, the
//! question asked), the part before. Shift+R runs the part on screen again.

use egui::{RichText, Ui};

use super::failover::{self, EXPERIMENTS};
use super::{LabPage, PARTS, figure, slide_headline, title};
use crate::ui::{Builds, Cx, Present, Press, Reach};

impl LabPage {
    /// The tabs: the stale story and each failover experiment.
    pub(super) fn tabs(&mut self, ui: &mut Ui, cx: &Cx<'_>) {
        if cx.lecture && !crate::ui::shell::presenter::is_console(ui) {
            // A slide: Page Down walks the parts; the top bar names the one on show (see
            // `Present::slide_title`), so a result's headline is the largest words under it.
            if self.result_shown(self.part) {
                return;
            }
            let title = match self.part.checked_sub(1) {
                Some(i) => crate::lab::failover::experiment(&EXPERIMENTS[i])
                    .title
                    .clone(),
                None => t!("lab.tab.stale").to_owned(),
            };
            let size = ui.style().text_styles[&egui::TextStyle::Heading].size;
            crate::ui::kit::a11y::add_heading(ui, RichText::new(title).size(size).strong(), 1);
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.part, 0, t!("lab.tab.stale"));
            for (i, p) in EXPERIMENTS.iter().enumerate() {
                let title = &crate::lab::failover::experiment(p).title;
                ui.selectable_value(&mut self.part, i + 1, title);
            }
        });
        ui.separator();
    }

    /// The part on screen's next build: its run (or, when it ran before, its result), or a
    /// Page Down that waits for its run. False once its result is on show.
    pub(super) fn build_in_part(&mut self) -> bool {
        let p = self.part;
        if self.runs(p) {
            self.held = true;
            return true;
        }
        if self.result_shown(p) {
            return false;
        }
        if self.has_result(p) {
            self.shown[p] = true;
        } else {
            self.start = true;
        }
        true
    }

    /// The part on screen's build before: a waiting Page Down, the run, the result.
    fn build_back(&mut self) -> bool {
        let p = self.part;
        if std::mem::take(&mut self.held) {
            return true;
        }
        if std::mem::take(&mut self.start) {
            return true;
        }
        if self.runs(p) {
            match p.checked_sub(1) {
                Some(_) => self.failover.cancel(),
                None => self.cancel(),
            }
            return true;
        }
        if self.result_shown(p) {
            self.shown[p] = false;
            return true;
        }
        false
    }

    /// Opens part `p` in a lecture: at its question, or (`at_end`) at its result when it has
    /// one. A run in flight on another part, out of sight, is stopped: the screen shows all
    /// that goes on.
    fn open_at(&mut self, p: usize, at_end: bool) {
        match p.checked_sub(1) {
            Some(i) if self.failover.running_at() != Some(i) => self.failover.cancel(),
            Some(_) => {}
            None => self.failover.cancel(),
        }
        if p > 0 {
            self.cancel();
        }
        self.part = p;
        self.shown[p] = at_end && self.has_result(p);
        self.held = false;
        self.start = false;
        self.closing = false;
    }
}

/// The lab in a lecture: each part's question, run and result, part after part.
impl Builds for LabPage {
    fn press(&mut self, press: Press) -> bool {
        if !press.lecture || press.reach != Reach::Page {
            return false;
        }
        if press.forward {
            if self.closing {
                return false;
            }
            if self.build_in_part() {
                return true;
            }
            if self.part + 1 < PARTS {
                self.open_at(self.part + 1, false);
                return true;
            }
            // After the last result, the lecture's last words on a screen of their own.
            self.closing = true;
            return true;
        }
        if std::mem::take(&mut self.closing) {
            return true;
        }
        if self.build_back() {
            return true;
        }
        if self.part > 0 {
            self.open_at(self.part - 1, true);
            return true;
        }
        false
    }

    fn arrive(&mut self, press: Press) {
        if press.lecture {
            let at_end = !press.forward;
            self.open_at(if at_end { PARTS - 1 } else { 0 }, at_end);
            // (Back into the lab: from its last words, as it was left.)
            self.closing = at_end && self.shown[PARTS - 1];
        }
    }

    /// The build on show: the part (`part-1`: the stale holder; then each failover
    /// experiment) and its step (`ask`, `run`, `result`): `part-2-result`; after the last,
    /// `end` (the lecture's last words).
    fn build(&self) -> String {
        let p = self.part;
        if self.closing {
            return "end".to_owned();
        }
        let step = if self.runs(p) {
            "run"
        } else if self.result_shown(p) {
            "result"
        } else {
            "ask"
        };
        format!("part-{}-{step}", p + 1)
    }
}

impl Present for LabPage {
    fn slide_title(&self) -> Option<String> {
        if self.closing {
            return Some(t!("lab.tab.end").to_owned());
        }
        Some(match self.part.checked_sub(1) {
            Some(i) => crate::lab::failover::experiment(&EXPERIMENTS[i])
                .short
                .clone(),
            None => t!("lab.tab.stale_short").to_owned(),
        })
    }

    /// A result's headline in short, as its slide says it.
    fn shown_words(&self) -> Option<String> {
        if self.closing || !self.result_shown(self.part) {
            return None;
        }
        match self.experiment() {
            Some(i) => self
                .failover
                .result(i)
                .map(crate::lab::failover::slide_story),
            None => self.result().map(slide_headline),
        }
    }

    fn open_part(&mut self, id: &str) {
        if let Some(i) = failover::index_of(id) {
            self.part = i + 1;
        }
    }

    fn slide(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) -> bool {
        if let Some(i) = self.experiment() {
            let Some(run) = self.failover.result(i) else {
                return false;
            };
            let frame = crate::ui::share::slide::Frame {
                heading: title(),
                headline: Some(crate::lab::failover::slide_story(run)),
                code: None,
            };
            crate::ui::share::slide::show(ui, cx, &frame, |ui, cx, size| {
                let key = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 12.0;
                super::failover_figure::timeline(ui, cx, run, (size.y - key).max(120.0));
                super::failover_figure::key(ui, cx, run);
            });
            return true;
        }
        let Some(run) = self.result() else {
            return false;
        };
        let frame = crate::ui::share::slide::Frame {
            heading: title(),
            headline: Some(slide_headline(run)),
            code: None,
        };
        crate::ui::share::slide::show(ui, cx, &frame, |ui, cx, size| {
            let key = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 12.0;
            figure::timeline(ui, cx, run, (size.y - key).max(120.0));
            figure::key(ui, cx, run);
        });
        true
    }
}
