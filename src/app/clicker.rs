//! A clicker's Page Down and Page Up: the app asks the page on show once, through the
//! lecture's one protocol ([`crate::ui::Builds`]); what a page's builds are is the page's.
//! A press the page does not take moves the lesson on: to the playlist's next (or previous)
//! run while a playlist leads, else to the next (or previous) section.

use super::LessonApp;
use crate::ui::{Press, Reach};

impl LessonApp {
    /// Page Down (`forward`) or Page Up. While a playlist leads, the page may take only the
    /// builds that keep its prepared run as prepared (the prediction revealed, a story's
    /// moments, a quiz's answer); the rest is the playlist's.
    pub(super) fn step(&mut self, ctx: &egui::Context, forward: bool) {
        let playlist = self.tools.playlist.takes(forward);
        let reach = if playlist {
            Reach::Prepared
        } else {
            Reach::Page
        };
        let press = Press::new(forward, self.lecture()).reaching(reach);
        let taken = self.sections[self.current]
            .present_mut()
            .is_some_and(|page| page.press(press));
        if taken {
            ctx.request_repaint();
        } else if playlist {
            self.next_run(ctx, press);
        } else {
            self.next_section(ctx, press);
        }
    }

    /// The playlist's next or previous run.
    fn next_run(&mut self, ctx: &egui::Context, press: Press) {
        let tools = &mut self.tools;
        let sections = &mut self.sections;
        if let Some(go) = tools.playlist.press(ctx, press, &mut tools.share, sections) {
            ctx.request_repaint();
            if let Some(n) = go {
                self.go_to(n);
            }
        }
    }

    /// The next or previous section, opened at its first build (going back, at its last);
    /// nothing past either end.
    fn next_section(&mut self, ctx: &egui::Context, press: Press) {
        let n = self.current_section();
        let to = if press.forward { n + 1 } else { n - 1 };
        if !(1..=self.last_section()).contains(&to) {
            return;
        }
        self.go_to(to);
        ctx.request_repaint();
        if let Some(page) = self.sections[self.current].present_mut() {
            page.arrive(press);
        }
    }
}
