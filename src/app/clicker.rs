//! A clicker's Page Down and Page Up: the app only routes the press, to each who may take it
//! in turn; what a page's builds are is the page's (see [`crate::ui::Builds`]).

use super::LessonApp;
use crate::ui::{Press, Reach};

/// Who may take a press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taker {
    /// The builds that keep a playlist's run as prepared (the prediction, a story's moments),
    /// while the playlist leads.
    Prepared,
    /// The playlist's next or previous run.
    Playlist,
    /// The page's next or previous build.
    Page,
    /// The next or previous section, opened at its first build (going back, at its last).
    Section,
}

/// Who may take a press, in the order they are asked: the first to take it ends it.
const TAKERS: [Taker; 4] = [
    Taker::Prepared,
    Taker::Playlist,
    Taker::Page,
    Taker::Section,
];

impl LessonApp {
    /// Page Down (`forward`) or Page Up: offered to each of [`TAKERS`] in turn.
    pub(super) fn step(&mut self, ctx: &egui::Context, forward: bool) {
        let press = Press::new(forward, self.lecture());
        let _taken = TAKERS
            .into_iter()
            .any(|taker| self.offer(ctx, taker, press));
    }

    /// Offers `press` to `taker`; true when taken.
    fn offer(&mut self, ctx: &egui::Context, taker: Taker, press: Press) -> bool {
        match taker {
            Taker::Prepared => {
                let leads = self.tools.playlist.position().is_some();
                leads && self.press_page(press.reaching(Reach::Prepared)) && turned(ctx, press)
            }
            Taker::Playlist => {
                let tools = &mut self.tools;
                let sections = &mut self.sections;
                let Some(go) = tools.playlist.press(ctx, press, &mut tools.share, sections) else {
                    return false;
                };
                turned(ctx, press);
                if let Some(n) = go {
                    self.go_to(n);
                }
                true
            }
            Taker::Page => self.press_page(press) && turned(ctx, press),
            Taker::Section => {
                let n = self.current_section();
                let to = if press.forward { n + 1 } else { n - 1 };
                if !(1..=self.last_section()).contains(&to) {
                    return false;
                }
                self.go_to(to);
                turned(ctx, press);
                if let Some(page) = self.sections[self.current].present_mut() {
                    page.arrive(press);
                }
                true
            }
        }
    }

    /// The press offered to the page on show.
    fn press_page(&mut self, press: Press) -> bool {
        self.sections[self.current]
            .present_mut()
            .is_some_and(|p| p.press(press))
    }
}

/// After a build taken: a new screen. True.
fn turned(ctx: &egui::Context, _press: Press) -> bool {
    ctx.request_repaint();
    true
}
