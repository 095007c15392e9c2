//! Where the stage and the words go.
//!
//! Wide windows: a reading column (title, explanation, numbers, "how this is computed") that
//! scrolls on its own, beside the stage, which is pinned. Narrow windows: the stage first,
//! filling the window, and the words below it ("The explanation in words"). Lecture mode: the
//! title and the stage only, filling the window like a slide (the words are the lecturer's).
//! Inside the stage the headline sits on top, the controls at the bottom, and the figure takes
//! the height that is left.

pub use crate::ui::kit::measure::{remember, remembered};
use egui::{Frame, Id, Margin, RichText, Ui, UiBuilder, Vec2, vec2};

/// The lines of a simulation slide's headline room at every Type the lecture supports (each
/// slide headline is written to fit them: `tests/ui/deck.rs`).
pub const SLIDE_HEADLINE_LINES: usize = 3;

pub use super::fit::note_overflow;
use super::fit::overflow;
use super::memory::{chrome_height_id, key_height_id};
use crate::lesson::{self, SectionText};
use crate::ui::{Cx, kit::a11y, kit::widgets};

/// From this width (in points) the words sit beside the stage.
pub const WIDE: f32 = 980.0;
/// The figure never gets less height than this (its axes and labels need it).
pub const MIN_FIGURE_HEIGHT: f32 = 180.0;
/// The same on a slide, whose points are large (a projector's type): the controls and the key
/// must fit beside it.
pub const MIN_SLIDE_FIGURE_HEIGHT: f32 = 100.0;

/// The least height the figure takes.
pub fn min_figure_height(lecture: bool) -> f32 {
    if lecture {
        MIN_SLIDE_FIGURE_HEIGHT
    } else {
        MIN_FIGURE_HEIGHT
    }
}
/// Room kept clear on the right of a scrolling column for its scroll bar.
pub const SCROLL_BAR_ROOM: f32 = 16.0;
/// The stage never gets less height than this on a narrow page.
const MIN_STAGE_HEIGHT: f32 = 380.0;

/// Whether the page puts its words beside the stage.
pub fn is_wide(width: f32, lecture: bool) -> bool {
    !lecture && width >= WIDE
}

/// The reading column's width for a page `width` points wide.
pub fn reading_width(width: f32) -> f32 {
    (width * 0.34).clamp(320.0, 540.0)
}

/// What the layout knows of a stage where it places it. It is asked for again at each use:
/// drawing a piece may change it (a prediction made in the headline shows the result).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Now {
    /// The section's number.
    pub n: u8,
    /// The result is hidden until a prediction is made or skipped.
    pub hidden: bool,
    /// The settings drawer is open.
    pub drawer: bool,
    /// The choice the settings are now (a lecture's build), if any.
    pub choice: Option<usize>,
    /// The seed of the runs, where they have one.
    pub seed: Option<u64>,
}

/// The pieces of a stage: the layout places them, the stage draws them.
pub trait Pieces {
    fn now(&self) -> Now;

    /// The least height the figure gets (what its ticks need, at least the stage's floor).
    fn figure_floor(&self, ui: &Ui, cx: &Cx<'_>) -> f32;

    /// Which paragraphs of the introduction go with what the stage shows (`None`: all).
    fn intro(&self) -> Option<Vec<usize>>;

    /// The headline, or the prediction asked in its place.
    fn headline(&mut self, ui: &mut Ui, cx: &mut Cx<'_>);

    /// The bottom strip: the controls, the drawer's switch, the seed and the run status.
    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>);

    /// The settings drawer's contents.
    fn drawer(&mut self, ui: &mut Ui, cx: &mut Cx<'_>);

    /// The figure with its key, in exactly `size`.
    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, size: Vec2);

    /// The numbers behind the headline, for the reading column.
    fn details(&mut self, ui: &mut Ui, cx: &mut Cx<'_>);
}

/// Draws a stage section's whole page.
pub fn page<P: Pieces + ?Sized>(stage: &mut P, ui: &mut Ui, cx: &mut Cx<'_>) {
    let n = stage.now().n;
    let text = lesson::content().section(n);
    if cx.lecture {
        // The audience sees the stage only, as a slide: the words are the lecturer's notes,
        // and the top bar carries the title.
        stage_fitted(stage, ui, cx);
        return;
    }
    if is_wide(ui.available_width(), cx.lecture) {
        reading_column(ui, n, |ui| {
            title(ui, text, false);
            reading(stage, ui, cx, text);
        });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.add_space(8.0);
            stage_fitted(stage, ui, cx);
        });
    } else {
        let height = ui.available_height();
        egui::ScrollArea::vertical()
            .id_salt(("page-scroll", n))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let top = ui.cursor().top();
                title(ui, text, true);
                let used = ui.cursor().top() - top;
                // Never less than the headline and controls (last frame's) plus the smallest
                // figure and its key: on a short window the controls go below the fold, the
                // figure stays whole.
                let h = (height - used)
                    .max(MIN_STAGE_HEIGHT)
                    .max(stage_need(stage, ui, cx));
                let (rect, _) =
                    ui.allocate_exact_size(vec2(ui.available_width(), h), egui::Sense::hover());
                ui.scope_builder(UiBuilder::new().max_rect(rect), |ui| {
                    stage_ui(stage, ui, cx)
                });
                ui.add_space(8.0);
                let words = egui::CollapsingHeader::new(t!("stage.words_below"))
                    .id_salt(("words-below", n))
                    .default_open(!cx.lecture)
                    .show(ui, |ui| {
                        // Clear of the page's scroll bar, which is drawn over the content.
                        ui.set_max_width(ui.available_width() - SCROLL_BAR_ROOM);
                        reading(stage, ui, cx, text)
                    });
                a11y::disclosure(&words);
                ui.add_space(16.0);
            });
    }
}

/// The height the stage needs: its headline, controls and drawer (last frame's), the key
/// under the figure (last frame's) and the height at which the figure's ticks are drawn.
fn stage_need<P: Pieces + ?Sized>(stage: &P, ui: &Ui, cx: &Cx<'_>) -> f32 {
    let n = stage.now().n;
    let remembered = |id| remembered(ui, id).unwrap_or(0.0);
    let chrome = remembered(chrome_height_id(ui, n));
    if cx.lecture && (stage.now().hidden || crate::ui::shell::presenter::is_console(ui)) {
        // The prediction's slide has no figure, nor has the presenter's console.
        return chrome;
    }
    chrome + remembered(key_height_id(ui, n)) + stage.figure_floor(ui, cx) + overflow(ui, n)
}

/// The stage in the height that is left; where that is less than the stage needs, in a
/// column that scrolls: the figure never gives way, the controls go below the fold.
fn stage_fitted<P: Pieces + ?Sized>(stage: &mut P, ui: &mut Ui, cx: &mut Cx<'_>) {
    if cx.lecture {
        // A slide: it never scrolls, and nothing on it shrinks; the figure takes the height
        // the build's words leave (each build is written to leave it at least half).
        stage_ui(stage, ui, cx);
        return;
    }
    let need = stage_need(stage, ui, cx);
    if ui.available_height() + 0.5 >= need {
        // The same width as in the scrolling column below: the words wrap alike either way,
        // so the choice between the two cannot flip back and forth with the history of what
        // was shown (Page Up brings back the very screen Page Down left).
        let width = ui.available_width() - SCROLL_BAR_ROOM;
        ui.scope(|ui| {
            ui.set_max_width(width);
            stage_ui(stage, ui, cx)
        });
        return;
    }
    let area = egui::ScrollArea::vertical()
        .id_salt(("stage-scroll", stage.now().n))
        .auto_shrink([false, false]);
    area.show(ui, |ui| {
        // Clear of the scroll bar, which is drawn over the content.
        let size = vec2(ui.available_width() - SCROLL_BAR_ROOM, need);
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        ui.scope_builder(UiBuilder::new().max_rect(rect), |ui| {
            stage_ui(stage, ui, cx)
        });
    });
}

/// The reading column at the left of a wide page of section `n`: it scrolls on its own.
pub fn reading_column(ui: &mut Ui, n: u8, add_contents: impl FnOnce(&mut Ui)) {
    egui::Panel::left(("reading-column", n))
        .resizable(false)
        .exact_size(reading_width(ui.available_width()))
        .frame(Frame::NONE.inner_margin(Margin {
            left: 0,
            right: 14,
            top: 0,
            bottom: 0,
        }))
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt(("reading-scroll", n))
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    // Clear of the scroll bar, which is drawn over the content.
                    ui.set_max_width(ui.available_width() - SCROLL_BAR_ROOM);
                    ui.add_space(8.0);
                    add_contents(ui);
                });
        });
}

/// The section's kicker and title; one line on a compact page.
pub fn title(ui: &mut Ui, text: &SectionText, compact: bool) {
    let size = ui.style().text_styles[&egui::TextStyle::Heading].size;
    if compact {
        ui.horizontal_wrapped(|ui| {
            a11y::add_heading(ui, RichText::new(&text.title).size(size * 1.1), 0);
            ui.label(RichText::new(kicker(text)).weak());
        });
    } else {
        ui.label(RichText::new(kicker(text)).weak());
        a11y::add_heading(ui, RichText::new(&text.title).size(size * 1.3), 0);
    }
    ui.add_space(4.0);
}

/// "Section N · subtitle", above or beside the title.
fn kicker(text: &SectionText) -> String {
    let values = [
        ("n", text.number.to_string()),
        ("title", text.subtitle.clone()),
    ];
    tf!("stage.kicker", &values)
}

/// The words: the explanation, the section's numbers, how it is computed, the closing words.
fn reading<P: Pieces + ?Sized>(stage: &mut P, ui: &mut Ui, cx: &mut Cx<'_>, text: &SectionText) {
    if text.number == 1 {
        // Where the lesson starts: its place in the course and what it is about.
        crate::ui::sections::text::lesson_header(ui, cx);
        ui.add_space(6.0);
    }
    let shown = stage.intro();
    for (i, p) in text.intro.iter().enumerate() {
        if shown.as_ref().is_none_or(|s| s.contains(&i)) {
            widgets::paragraph(ui, p, cx);
        }
    }
    if !stage.now().hidden {
        stage.details(ui, cx);
    }
    // Section 5 links each store to its own experiment (see its folder).
    if crate::sections::get(text.number).is_some_and(|d| d.lab_link) {
        let lab = crate::sections::lab();
        if ui.link(t!("stage.lab_link")).clicked() {
            cx.emit(crate::ui::AppEvent::GoTo(lab));
        }
    }
    ui.add_space(6.0);
    let how = egui::CollapsingHeader::new(t!("stage.how"))
        .id_salt(("how", text.number))
        .default_open(true)
        .show(ui, |ui| {
            widgets::paragraph(ui, &text.how, cx);
            if let Some(seed) = stage.now().seed {
                ui.label(tf!("stage.seed.note", &[("seed", seed.to_string())]));
            }
        });
    a11y::disclosure(&how);
    // The closing words answer the prediction: they follow it, as the result does.
    if !text.after.is_empty() && !stage.now().hidden {
        ui.add_space(8.0);
        for p in &text.after {
            widgets::paragraph(ui, p, cx);
        }
    }
    ui.add_space(16.0);
}

/// The audience window of the presenter view: the title and the stage, without the words;
/// fitted to the window as a lecture's slide is (its type lowered where it does not fit).
pub fn audience<P: Pieces + ?Sized>(stage: &mut P, ui: &mut Ui, cx: &mut Cx<'_>) {
    title(ui, lesson::content().section(stage.now().n), true);
    stage_fitted(stage, ui, cx);
}

/// The stage: headline on top, controls at the bottom, the figure in between.
fn stage_ui<P: Pieces + ?Sized>(stage: &mut P, ui: &mut Ui, cx: &mut Cx<'_>) {
    let n = stage.now().n;
    // (A slide's room is the figure's: slim margins around its words.)
    let slim = cx.lecture;
    let room = |m: f32| Margin::symmetric(0, if slim { 2 } else { m as i8 });
    if slim {
        // A slide's rows keep close: its room is the figure's.
        ui.spacing_mut().item_spacing.y = 3.0;
    }
    let top = egui::Panel::top(("stage-headline", n))
        .resizable(false)
        .show_separator_line(false)
        .frame(Frame::NONE.inner_margin(room(4.0)))
        .show(ui, |ui| {
            stage.headline(ui, cx);
            // What it drew, which a window too short cuts (the panel is never taller than it).
            ui.min_rect().height() + 8.0
        });
    if cx.lecture && stage.now().hidden {
        // On the projector the prediction is a slide of its own: the figure and the controls
        // come with the reveal. (Its height says whether it fits the window.)
        remember_slide(ui, cx, chrome_height_id(ui, n), top.inner);
        return;
    }
    let mut bottom = egui::Panel::bottom(("stage-controls", n))
        .resizable(false)
        .show_separator_line(false)
        .frame(Frame::NONE.inner_margin(room(6.0)));
    if slim && !crate::ui::shell::presenter::is_console(ui) {
        // A slide's row under the figure is one row high whatever it holds (the controls,
        // the class's verdict, or nothing): the figure's bottom holds still from build to
        // build.
        let row = ui
            .text_style_height(&egui::TextStyle::Body)
            .max(ui.spacing().interact_size.y);
        bottom = bottom.exact_size(row + 4.0);
    }
    let bottom = bottom.show(ui, |ui| stage.controls(ui, cx));
    // "More settings" opens as a full-width row between the figure and the controls, so its
    // labels never share a strip with the figure.
    let drawer = stage.now().drawer.then(|| {
        egui::Panel::bottom(("stage-drawer", n))
            .resizable(false)
            .show_separator_line(true)
            .frame(Frame::NONE.inner_margin(Margin::symmetric(0, 6)))
            .show(ui, |ui| stage.drawer(ui, cx))
            .response
            .rect
            .height()
    });
    remember_slide(
        ui,
        cx,
        chrome_height_id(ui, n),
        top.response.rect.height() + bottom.response.rect.height() + drawer.unwrap_or(0.0),
    );
    if crate::ui::shell::presenter::is_console(ui) {
        // The figure is the audience's: drawn again in the console's narrow column it would
        // be another figure, on other axes.
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.centered_and_justified(|ui| ui.weak(t!("stage.console.figure")));
        });
        return;
    }
    // Room on the left for the figure's rotated y-axis title.
    let room = crate::ui::kit::plot::axis_room(ui).ceil() as i8;
    let figure_frame = Frame::NONE.inner_margin(Margin {
        left: room,
        right: 10,
        top: 0,
        bottom: 0,
    });
    egui::CentralPanel::no_frame()
        .frame(figure_frame)
        .show(ui, |ui| {
            let size = ui.available_size();
            stage.figure(ui, cx, vec2(size.x.max(200.0), size.y));
        });
}

/// [`remember`]s a height the stage is laid out with; on a projector, a height that changed
/// (another step's words, another type size) has this pass laid out again before it is shown:
/// laid out with the old one the figure may have gone past the window's edge.
pub fn remember_slide(ui: &Ui, cx: &Cx<'_>, id: Id, h: f32) {
    let changed = remembered(ui, id).is_none_or(|o| (o - h).abs() > 0.5);
    remember(ui, id, h);
    if cx.lecture && changed {
        ui.ctx().request_discard("a slide's words were measured");
    }
}

/// Two groups of settings side by side in the drawer when the stage is wide enough for both
/// (each slider with its whole label), one under the other when it is not.
pub fn drawer_columns<T>(
    ui: &mut Ui,
    labels: &[&str],
    state: &mut T,
    left: impl FnOnce(&mut Ui, &mut T),
    right: impl FnOnce(&mut Ui, &mut T),
) {
    let width = ui.available_width();
    // Room beside each slider for its value box and the longest of the drawer's labels.
    let gap = 16.0;
    let words = labels
        .iter()
        .map(|l| crate::ui::kit::measure::text_width(ui, *l))
        .fold(0.0, f32::max);
    // (Values such as "50,000" or "0.045 %" are wider than the usual one: room for them.)
    let beside =
        words + 1.5 * crate::ui::kit::measure::value_width(ui) + 3.0 * ui.spacing().item_spacing.x;
    let column = (width - gap) / 2.0;
    if width < 2.0 * DRAWER_COLUMN || column - beside < 80.0 {
        ui.spacing_mut().slider_width = (width - beside).clamp(56.0, 260.0);
        left(ui, state);
        ui.add_space(4.0);
        right(ui, state);
        return;
    }
    ui.spacing_mut().slider_width = (column - beside).clamp(80.0, 200.0);
    ui.horizontal_top(|ui| {
        ui.allocate_ui_with_layout(
            vec2(column, 0.0),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_width(column);
                left(ui, state);
            },
        );
        ui.add_space(gap);
        ui.allocate_ui_with_layout(
            vec2(column, 0.0),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_width(column);
                right(ui, state);
            },
        );
    });
}

/// The narrowest column of settings: a slider, its value and a label of a few words.
const DRAWER_COLUMN: f32 = 330.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_beside_the_stage_only_on_wide_learner_pages() {
        assert!(is_wide(1050.0, false));
        assert!(!is_wide(1050.0, true), "lecture mode puts the stage first");
        assert!(!is_wide(900.0, false));
        assert_eq!(reading_width(1000.0), 340.0);
        assert_eq!(reading_width(600.0), 320.0);
        assert_eq!(reading_width(3000.0), 540.0);
    }
}
