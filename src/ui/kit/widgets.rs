//! Widgets every section shares: marked-up paragraphs, the headline sentence, the
//! "how this is computed" note, parameter sliders, playback controls, number formats and
//! the plot palette.

use egui::{Color32, Response, RichText, Ui};

pub use super::measure::{row_slider_width, text_width};
use crate::lesson::{self, Span};
use crate::sim::{ParamSpec, ParamTable};
use crate::ui::{AppEvent, Cx, kit::a11y, kit::fmt, kit::params};

/// A paragraph of lesson text; marked terms become links that open their card.
pub fn paragraph(ui: &mut Ui, text: &str, cx: &mut Cx<'_>) {
    if let Some(id) = marked_text(ui, text) {
        cx.emit(AppEvent::OpenTerm(id));
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
    let size = headline_size(ui);
    let shown = panel_frame(ui)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
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

/// The headline (see [`headline`]) in at least the height `longest`, the longest thing it
/// says in this place, takes at this width: it never wraps to more lines under the mouse.
pub fn headline_with_room(ui: &mut Ui, text: &str, longest: &str) -> Response {
    let size = headline_size(ui);
    let frame = panel_frame(ui);
    let inner = ui.available_width() - frame.total_margin().sum().x;
    let font = egui::FontId::proportional(size);
    let room = ui
        .painter()
        .layout(longest.to_owned(), font, Color32::WHITE, inner.max(1.0))
        .size()
        .y;
    let shown = frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.set_min_height(room);
            ui.add(egui::Label::new(RichText::new(text).size(size).strong()).wrap())
        })
        .inner;
    a11y::headline_shown(&shown, text);
    shown
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
    egui::Frame::new()
        .fill(visuals.faint_bg_color)
        .stroke(egui::Stroke::new(1.0, visuals.selection.stroke.color))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(14, 10))
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

/// A slider for one model parameter, within its range, with its unit; logarithmic where the
/// range spans decades. Marks itself as owning the arrow keys while focused. With the keyboard,
/// ← and → move it by 1/100 of its range and Shift+← / Shift+→ by 1/1000 (on a logarithmic
/// slider, of the range's logarithm).
pub fn param_slider(ui: &mut Ui, spec: &ParamSpec, value: &mut f64) -> Response {
    param_slider_shown(ui, spec, value, None)
}

/// How a slider writes its number (with its unit) and reads a typed one back.
pub type Shown = (fn(f64) -> String, fn(&str) -> Option<f64>);

/// [`param_slider`] whose number is written by `show` (with its unit) and read back by its
/// parser, so that a page says a quantity one way everywhere (section 4's TTL in seconds, as
/// its question does).
pub fn param_slider_shown(
    ui: &mut Ui,
    spec: &ParamSpec,
    value: &mut f64,
    show: Option<Shown>,
) -> Response {
    let show = show.or_else(|| quantity_shown(spec));
    *value = spec.clamp(*value);
    // The slider's id is known only once it is added: remember last frame's, under a key that
    // stays the same from frame to frame, to handle the keys before the slider sees them.
    let memo = ui.next_auto_id().with("param-slider-id");
    let last_id: Option<egui::Id> = ui.data(|d| d.get_temp(memo));
    a11y::slider_keys(ui, last_id, spec.min..=spec.max, value);
    if let Some(id) = last_id
        && ui.memory(|m| m.has_focus(id))
        && !ui.ctx().text_edit_focused()
    {
        let (presses, fine) = take_arrow_presses(ui);
        *value = arrow_step(spec, *value, presses, fine);
    }
    let mut slider = egui::Slider::new(value, spec.min..=spec.max)
        .logarithmic(spec.log)
        .clamping(egui::SliderClamping::Always)
        .text(params::label(spec));
    if spec.integer {
        slider = slider.integer();
    }
    let unit = params::unit(spec);
    let suffix = if unit.is_empty() {
        String::new()
    } else {
        format!("\u{a0}{unit}")
    };
    // (egui appends each suffix to the last: a value shown with its own unit, "1.0 s", gets
    // none, or it would read "1.0 s ms".)
    if !suffix.is_empty() && show.is_none() {
        slider = slider.suffix(suffix.clone());
    }
    let numbers = ui.style().number_formatter.clone();
    let r = match show {
        Some((show, parse)) => {
            let slider = slider.custom_parser(parse);
            a11y::add_slider(ui, slider, params::label(spec), move |v, _| show(v), "")
        }
        None => a11y::add_slider(
            ui,
            slider,
            params::label(spec),
            move |v, decimals| numbers.format(v, decimals),
            &suffix,
        ),
    };
    *value = spec.clamp(*value);
    ui.data_mut(|d| d.insert_temp(memo, r.id));
    claim_arrow_keys(ui, &r);
    r
}

/// How a slider of a time writes it: as every other time on the page ([`fmt::seconds`],
/// [`fmt::duration_ms`]), so a TTL reads `10 s` in its box as in the headline.
fn quantity_shown(spec: &ParamSpec) -> Option<Shown> {
    match spec.unit {
        "s" => Some((fmt::seconds, fmt::parse_seconds)),
        "ms" => Some((fmt::duration_ms, fmt::parse_ms)),
        _ => None,
    }
}

/// The value after `presses` arrow presses (negative: ←): each moves 1/100 of the range, or
/// 1/1000 when `fine`; on a logarithmic slider the same fractions of the range's logarithm.
/// Results are rounded to a few significant digits (so shared settings stay short), never so
/// far that a press is lost, and always stay in the range.
pub fn arrow_step(spec: &ParamSpec, value: f64, presses: i32, fine: bool) -> f64 {
    if presses == 0 {
        return value;
    }
    let parts = if fine { 1000.0 } else { 100.0 };
    let n = f64::from(presses);
    let raw = if spec.log && spec.min > 0.0 {
        let (lo, hi) = (spec.min.ln(), spec.max.ln());
        (value.max(spec.min).ln() + n * (hi - lo) / parts).exp()
    } else if spec.integer {
        value + n * ((spec.max - spec.min) / parts).round().max(1.0)
    } else {
        value + n * (spec.max - spec.min) / parts
    };
    let rounded = if spec.integer {
        raw
    } else {
        round_significant(raw, if fine { 4 } else { 3 })
    };
    let mut next = spec.clamp(rounded);
    if next == value {
        next = spec.clamp(raw);
    }
    if next == value && spec.integer {
        next = spec.clamp(value + n.signum());
    }
    next
}

/// A value picked by pointing (a click on a figure) as the slider would hold it: two
/// significant digits, in range (`1.7 s`, never `1.6822858694889549 s`).
pub fn snap(spec: &ParamSpec, value: f64) -> f64 {
    spec.clamp(round_significant(value, 2))
}

fn round_significant(v: f64, digits: i32) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let scale = 10f64.powi(digits - 1 - v.abs().log10().floor() as i32);
    (v * scale).round() / scale
}

/// This frame's ← and → presses (net, → positive) and whether Shift was held; they are
/// consumed, so the slider does not also move by its own one-pixel step.
fn take_arrow_presses(ui: &Ui) -> (i32, bool) {
    ui.input_mut(|i| {
        let mut net = 0;
        let mut fine = false;
        i.events.retain(|e| match e {
            egui::Event::Key {
                key: key @ (egui::Key::ArrowRight | egui::Key::ArrowLeft),
                pressed: true,
                modifiers,
                ..
            } => {
                net += if *key == egui::Key::ArrowRight { 1 } else { -1 };
                fine |= modifiers.shift;
                false
            }
            _ => true,
        });
        (net, fine)
    })
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

/// The slider of a model parameter: its range and label from `spec`, its value read from and
/// written to the field the model's table gives that parameter.
pub fn table_slider<P: ParamTable>(ui: &mut Ui, params: &mut P, spec: &ParamSpec) -> Response {
    let i = P::index_of(spec.flag);
    debug_assert!(i.is_some(), "--{} is not in the model's table", spec.flag);
    let mut value = i.map_or(spec.default, |i| params.get(i));
    let r = param_slider(ui, spec, &mut value);
    if let Some(i) = i {
        params.set(i, value);
    }
    r
}

fn arrow_owner_id() -> egui::Id {
    egui::Id::unique("locks-lesson/arrow-key-owner")
}

/// A slider of `spec` that `add` draws (with its own steps and format), given the keys every
/// slider of the lesson takes while focused: ← and → (its own steps), ↑ and ↓, Page Up and
/// Page Down (ten steps), Home and End (the ends of its range); see [`a11y::slider_keys`].
pub fn keyed_slider(
    ui: &mut Ui,
    spec: &ParamSpec,
    value: &mut f64,
    add: impl FnOnce(&mut Ui, &mut f64) -> Response,
) -> Response {
    *value = spec.clamp(*value);
    let memo = ui.next_auto_id().with("keyed-slider-id");
    let last = ui.data(|d| d.get_temp(memo));
    a11y::slider_keys(ui, last, spec.min..=spec.max, value);
    let r = add(ui, value);
    *value = spec.clamp(*value);
    ui.data_mut(|d| d.insert_temp(memo, r.id));
    claim_arrow_keys(ui, &r);
    r
}

fn focus_on_click_id() -> egui::Id {
    egui::Id::unique("locks-lesson/slider-focus-on-click")
}

/// Whether a slider pressed with the pointer takes the keyboard focus (yes unless turned off:
/// a lecture turns it off, so that a clicker's Page Down goes on turning the slides after the
/// lecturer drags a slider).
pub fn focus_on_click(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(focus_on_click_id(), on));
}

/// Records that a focused widget uses the arrow keys (so Left/Right do not change section).
/// A slider pressed with the pointer takes the keyboard focus too (egui gives it none), so
/// that the arrows then move what was just clicked, as after Tab (see [`focus_on_click`]).
pub fn claim_arrow_keys(ui: &Ui, r: &Response) {
    let pressed = r.drag_started() || r.drag_stopped();
    let on = ui.data(|d| d.get_temp(focus_on_click_id())).unwrap_or(true);
    if pressed && on && !r.has_focus() && !ui.ctx().text_edit_focused() {
        r.request_focus();
    }
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(arrow_owner_id(), r.id));
    }
}

/// Whether the widget that has keyboard focus uses the arrow keys itself.
pub fn arrows_taken(ctx: &egui::Context) -> bool {
    let focused = ctx.memory(|m| m.focused());
    let owner: Option<egui::Id> = ctx.data(|d| d.get_temp(arrow_owner_id()));
    focused.is_some() && focused == owner
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

    const LINEAR: ParamSpec = ParamSpec {
        flag: "x",
        words: None,
        unit: "s",
        min: 0.0,
        max: 30.0,
        default: 14.0,
        log: false,
        integer: false,
    };
    const LOG: ParamSpec = ParamSpec {
        flag: "ttl-s",
        words: None,
        unit: "s",
        min: 0.1,
        max: 300.0,
        default: 10.0,
        log: true,
        integer: false,
    };
    const COUNT: ParamSpec = ParamSpec {
        flag: "n",
        words: None,
        unit: "",
        min: 10.0,
        max: 100_000.0,
        default: 500.0,
        log: true,
        integer: true,
    };

    #[test]
    fn arrows_step_by_a_hundredth_and_shift_by_a_thousandth() {
        assert_eq!(arrow_step(&LINEAR, 14.0, 1, false), 14.3);
        assert_eq!(arrow_step(&LINEAR, 14.0, -1, true), 13.97);
        assert_eq!(arrow_step(&LINEAR, 14.0, 2, true), 14.06);
        assert_eq!(arrow_step(&LINEAR, 29.9, 1, false), 30.0, "stays in range");
        assert_eq!(arrow_step(&LINEAR, 0.0, -1, false), 0.0);
        // Logarithmic: the same ratio at every value.
        let ratio = (3000.0f64).ln() / 100.0;
        let up = arrow_step(&LOG, 10.0, 1, false);
        assert!(((up / 10.0).ln() - ratio).abs() < 0.1 * ratio, "{up}");
        let fine = arrow_step(&LOG, 10.0, 1, true);
        assert!(
            ((fine / 10.0).ln() - ratio / 10.0).abs() < 0.05 * ratio / 10.0,
            "{fine}"
        );
        let down = arrow_step(&LOG, 1.0, -1, false);
        assert!(((1.0 / down).ln() - ratio).abs() < 0.1 * ratio, "{down}");
        // Whole numbers always move by at least one.
        assert_eq!(arrow_step(&COUNT, 10.0, 1, true), 11.0);
        assert_eq!(
            arrow_step(&crate::sim::counter::WORKERS, 5.0, 1, false),
            6.0
        );
        assert_eq!(
            arrow_step(&crate::sim::counter::INCREMENTS, 200.0, 1, false),
            209.0
        );
        assert_eq!(
            arrow_step(&crate::sim::counter::INCREMENTS, 200.0, 1, true),
            201.0
        );
    }

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
