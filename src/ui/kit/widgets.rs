//! Widgets every section shares: marked-up paragraphs, the headline sentence, the
//! "how this is computed" note, parameter sliders, playback controls, number formats and
//! the plot palette.

use egui::{Color32, Response, RichText, Ui};

pub use super::measure::{row_slider_width, text_width};
use crate::lesson::{self, Span};
use crate::ui::{AppEvent, Cx, kit::a11y};

// The sliders of model parameters and the arrow keys they take.
mod slider;
pub use slider::{
    Shown, arrow_step, arrows_taken, claim_arrow_keys, focus_on_click, keyed_slider, param_slider,
    param_slider_shown, snap, table_slider,
};

/// A paragraph of lesson text; marked terms become links that open their card.
/// Lines of code in it (four spaces in front) are set apart in a fixed-width face, a line
/// each, never wrapped inside a sentence.
pub fn paragraph(ui: &mut Ui, text: &str, cx: &mut Cx<'_>) {
    for block in lesson::blocks(text) {
        match block {
            lesson::Block::Words(words) => {
                if let Some(id) = marked_text(ui, words) {
                    cx.emit(AppEvent::OpenTerm(id));
                }
            }
            lesson::Block::Code(lines) => {
                ui.indent("code", |ui| {
                    for line in lines {
                        ui.label(RichText::new(line).monospace().strong());
                    }
                });
            }
        }
    }
    ui.add_space(ui.spacing().item_spacing.y * 2.0);
}

/// The words of a paragraph with its marked terms as links, wrapped as one text; the card
/// whose link was clicked, if any.
pub fn marked_text(ui: &mut Ui, text: &str) -> Option<String> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        // One paragraph node around the text and its links: AccessKit cannot put links inside
        // one text, so a screen reader gets them as the parts of one paragraph, in order.
        ui.ctx()
            .accesskit_node_builder(ui.unique_id(), |n| n.set_role(egui::Role::Paragraph));
        // No gaps: the spans read as one text, and a term that moves to the next line leaves
        // the same line spacing as wrapped text.
        ui.spacing_mut().item_spacing = egui::vec2(0.0, 0.0);
        let spans = lesson::spans(text);
        let mut glued = "";
        for (i, span) in spans.iter().enumerate() {
            match *span {
                Span::Plain(p) => {
                    let rest = &p[glued.len()..];
                    glued = "";
                    if !rest.is_empty() {
                        ui.label(rest);
                    }
                }
                Span::Term { id, shown } => {
                    // The punctuation right after a term goes with it to the next line, so
                    // that no line starts with ". With many workers…".
                    glued = match spans.get(i + 1) {
                        Some(Span::Plain(next)) => glue(next),
                        _ => "",
                    };
                    // (A group around the two would be a nameless node for a screen reader.)
                    let left = ui.available_size_before_wrap().x;
                    let fits = text_width(ui, format!("{shown}{glued}")) <= left;
                    if !glued.is_empty() && !fits && left < ui.max_rect().width() - 1.0 {
                        ui.end_row();
                    }
                    let r = term_link(ui, shown).on_hover_text(t!("stage.term.hint"));
                    if !glued.is_empty() {
                        let tail = egui::Label::new(glued);
                        ui.add(tail.wrap_mode(egui::TextWrapMode::Extend));
                    }
                    if r.clicked() {
                        clicked = Some(id.to_owned());
                    }
                }
            }
        }
    });
    clicked
}

/// The punctuation that starts `text` (".", ",", "):", "'s"…): what must stay on the line of
/// the term before it. The space after it stays with the words that follow.
pub fn glue(text: &str) -> &str {
    let word = text
        .find(char::is_whitespace)
        .map_or(text, |end| &text[..end]);
    match word.chars().next() {
        Some(c) if !c.is_alphanumeric() => word,
        _ => "",
    }
}

/// A glossary term in running text: looks and acts like a link, but never breaks across two
/// lines (egui would give each extra line of a wrapped link its own, nameless Tab stop).
pub fn term_link(ui: &mut Ui, shown: &str) -> Response {
    let color = ui.visuals().hyperlink_color;
    let galley_text = RichText::new(shown).color(color);
    let r = ui.add(
        egui::Label::new(galley_text)
            .sense(egui::Sense::click())
            .wrap_mode(egui::TextWrapMode::Extend),
    );
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Link, ui.is_enabled(), shown));
    if r.hovered() || r.has_focus() {
        let y = r.rect.bottom() - 1.0;
        ui.painter()
            .hline(r.rect.x_range(), y, egui::Stroke::new(1.0, color));
    }
    r.on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// Storage's check of fencing tokens, on or off (sections 3 and 4).
pub fn fencing_switch(ui: &mut Ui, on: &mut bool) {
    ui.checkbox(on, t!("stage.fencing"))
        .on_hover_text(t!("stage.fencing.hint"));
}

/// The name of the headline's text style, where a style sets one (the projector's does).
pub const HEADLINE: &str = "headline";

/// The section's computed headline: the result restated in plain words.
pub fn headline(ui: &mut Ui, text: &str) -> Response {
    headline_in_room(ui, text, &[])
}

/// The headline in at least the height the tallest of `others` takes at this width (every
/// headline the same place can say): a build or a click that changes it moves nothing under it.
pub fn headline_in_room(ui: &mut Ui, text: &str, others: &[String]) -> Response {
    let size = headline_size(ui);
    // (On a slide the headline is the slide's first line: no box around it, its room is the
    // figure's.)
    let frame = if super::style::on_slide(ui.ctx()) {
        egui::Frame::new().inner_margin(egui::Margin::symmetric(8, 0))
    } else {
        panel_frame(ui)
    };
    let inner = (ui.available_width() - frame.total_margin().sum().x).max(1.0);
    let room = others
        .iter()
        .map(|t| {
            egui::WidgetText::from(RichText::new(t).size(size).strong())
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    inner,
                    egui::TextStyle::Body,
                )
                .size()
                .y
        })
        .fold(0.0, f32::max);
    let shown = frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.set_min_height(room);
            ui.add(egui::Label::new(RichText::new(text).size(size).strong()).wrap())
        })
        .inner;
    // A screen reader hears a new headline once it settles (see `a11y::announce`).
    a11y::headline_shown(&shown, text);
    shown
}

/// Shows `add` in at least the greatest height it has taken at this width (kept under
/// `id`): a block whose words change length (a headline, a banner) does not move what lies
/// under it, the buttons under the mouse, each time it wraps to a line fewer and back.
/// On a slide (`keep` false) the block takes its own height: no mouse rests on it there, and
/// Page Up must bring back the very screen the lecturer left.
pub fn steady_height<R>(
    ui: &mut Ui,
    id: egui::Id,
    keep: bool,
    add: impl FnOnce(&mut Ui) -> R,
) -> R {
    if !keep {
        return ui.scope(add).inner;
    }
    let width = ui.available_width().round();
    let key = id.with("locks-lesson/steady-height");
    let kept: Option<(f32, f32)> = ui.ctx().data(|d| d.get_temp(key));
    let floor = kept.filter(|(w, _)| *w == width).map_or(0.0, |(_, h)| h);
    let shown = ui.scope(add);
    let h = shown.response.rect.height();
    // The room left is space after the scope, and the spacing between widgets already
    // follows it: only the rest is added, so that what comes after stays where it was.
    let rest = floor - h - ui.spacing().item_spacing.y;
    if rest > 0.0 {
        ui.add_space(rest);
    }
    if kept != Some((width, h.max(floor))) {
        ui.ctx()
            .data_mut(|d| d.insert_temp(key, (width, h.max(floor))));
    }
    shown.inner
}

/// The headline's type size.
fn headline_size(ui: &Ui) -> f32 {
    let styles = &ui.style().text_styles;
    styles
        .get(&egui::TextStyle::Name(HEADLINE.into()))
        .map_or(styles[&egui::TextStyle::Body].size * 1.25, |f| f.size)
}

/// The framed box the headline and the prediction prompt sit in.
pub fn panel_frame(ui: &Ui) -> egui::Frame {
    let visuals = ui.visuals();
    // (A slide's room is the figure's: its blocks keep slim margins.)
    let margin = if super::style::on_slide(ui.ctx()) {
        egui::Margin::symmetric(8, 4)
    } else {
        egui::Margin::symmetric(14, 10)
    };
    egui::Frame::new()
        .fill(visuals.faint_bg_color)
        .stroke(egui::Stroke::new(1.0, visuals.selection.stroke.color))
        .corner_radius(6.0)
        .inner_margin(margin)
}

/// The seed after `seed`: spread out so that consecutive seeds look unrelated, and short
/// enough to read aloud.
pub fn next_seed(seed: u64) -> u64 {
    (seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407)
        >> 44)
        % 100_000
}

/// Gives a plot its text description for screen readers: `name` says what it shows (e.g.
/// "Plot: lost updates against workers"), `description` the result in words. Call with the
/// plot's response right after drawing it (every plot needs it: a plot is a Tab stop, and
/// without a name a screen reader announces nothing there). An empty `description` on the
/// section's main plot is filled in with the section's headline ([`crate::ui::Section::summary`]).
pub fn describe_plot(response: &Response, name: &str, description: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, name));
    if description.is_empty() {
        let entry = (response.id, response.rect);
        response.ctx.data_mut(|d| {
            d.get_temp_mut_or_default::<Vec<(egui::Id, egui::Rect)>>(undescribed_plots_id())
                .push(entry);
        });
    } else {
        let description = description.to_owned();
        response
            .ctx
            .accesskit_node_builder(response.id, |node| node.set_description(description));
    }
}

fn undescribed_plots_id() -> egui::Id {
    egui::Id::unique("locks-lesson/undescribed-plots")
}

/// Gives the section's main plot (the one drawn at `main_plot`) the headline as its
/// description, if the section left it empty. The app calls this after each section's `ui`.
pub fn describe_main_plot(
    ctx: &egui::Context,
    main_plot: Option<egui::Rect>,
    headline: Option<String>,
) {
    let plots: Vec<(egui::Id, egui::Rect)> =
        ctx.data_mut(|d| d.remove_temp(undescribed_plots_id()).unwrap_or_default());
    let (Some(main), Some(headline)) = (main_plot, headline) else {
        return;
    };
    if let Some((id, _)) = plots.into_iter().find(|(_, r)| main.intersects(*r)) {
        ctx.accesskit_node_builder(id, |node| node.set_description(headline));
    }
}

pub use crate::ui::kit::playback::Playback;

/// What a section shows while its simulation has no result yet: the failure, if the work
/// failed, or else (when `waiting` names the work) an indefinite progress bar.
pub fn no_result_yet(ui: &mut Ui, failed: Option<&str>, waiting: Option<&str>) {
    if let Some(err) = failed {
        ui.colored_label(warn_color(ui), tf!("stage.failed", &[("error", err)]));
    } else if let Some(what) = waiting {
        ui.add(egui::ProgressBar::new(0.0).text(what).animate(true));
    }
}

/// A colour for text that marks a bad outcome, readable in both themes.
pub fn warn_color(ui: &Ui) -> Color32 {
    if ui.visuals().dark_mode {
        crate::ui::kit::plot::palette::ORANGE
    } else {
        crate::ui::kit::plot::palette::VERMILION
    }
}

/// Two sliders labelled `labels`, side by side where each keeps its words, its value and a
/// slider of at least 56 points in half the row; else one under the other. The widths come
/// from the words as drawn, in any language.
pub fn two_up(
    ui: &mut Ui,
    labels: [&str; 2],
    left: impl FnOnce(&mut Ui),
    right: impl FnOnce(&mut Ui),
) {
    let w = ui.available_width();
    let gap = ui.spacing().item_spacing.x;
    let value = super::measure::value_width(ui);
    // (Values such as "50,000" or "0.045 %" are wider than the usual one: two gaps more.)
    let beside = labels.map(|l| text_width(ui, l) + value + 5.0 * gap);
    let half = (w - gap) / 2.0;
    if beside.iter().all(|b| half - b >= 56.0) {
        ui.columns(2, |cols| {
            for (c, b) in cols.iter_mut().zip(beside) {
                c.spacing_mut().slider_width = (c.available_width() - b).min(260.0);
            }
            left(&mut cols[0]);
            right(&mut cols[1]);
        });
    } else {
        let width = beside.iter().map(|b| w - b).fold(260.0, f32::min);
        ui.scope(|ui| {
            ui.spacing_mut().slider_width = width.max(56.0);
            left(ui);
            right(ui);
        });
    }
}

/// A label that wraps at `width` (a table cell in a narrow column).
pub fn wrapped_label(ui: &mut Ui, width: f32, text: impl Into<egui::WidgetText>) {
    ui.scope(|ui| {
        ui.set_max_width(width);
        ui.add(egui::Label::new(text).wrap());
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_stay_short_and_change() {
        let mut s = 1;
        for _ in 0..100 {
            let n = next_seed(s);
            assert!(n < 100_000);
            assert_ne!(n, s);
            s = n;
        }
    }
}
