//! The sliders of model parameters: within their range, with their unit, logarithmic where
//! the range spans decades, and the arrow keys they take while focused (← and → by 1/100 of
//! the range, Shift by 1/1000).

use egui::{Response, Ui};

use crate::lesson::quantity as fmt;
use crate::sim::{ParamSpec, ParamTable};
use crate::ui::kit::{a11y, params};

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
    let r = match show {
        Some((show, parse)) => {
            let slider = slider.custom_parser(parse);
            a11y::add_slider(ui, slider, params::label(spec), move |v, _| show(v), "")
        }
        // (The lesson's one number rule, with digits enough for any step of a slider;
        // typed numbers may group their thousands as shown.)
        None => a11y::add_slider(
            ui,
            slider.custom_parser(|t| t.trim().replace(',', "").parse().ok()),
            params::label(spec),
            |v, _| fmt::fmt_sig(v, 6),
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

/// A number in the style's format with its unit, as a slider without a format of its own
/// shows it.
fn with_unit(spec: &ParamSpec, value: f64) -> String {
    let number = fmt::fmt_count(value);
    match params::unit(spec) {
        "" => number,
        unit => format!("{number}\u{a0}{unit}"),
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
    // Said with its unit, as the page writes it ("10 s", not "10").
    let text = match quantity_shown(spec) {
        Some((show, _)) => show(*value),
        None => with_unit(spec, *value),
    };
    a11y::slider_value_text(ui, &r, &text);
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
/// A tap (a touchpad's press and release in one frame, without a move) counts as a press.
pub fn claim_arrow_keys(ui: &Ui, r: &Response) {
    let tapped = listen_for_taps(ui, r);
    let pressed = r.drag_started() || r.drag_stopped() || tapped;
    let on = ui.data(|d| d.get_temp(focus_on_click_id())).unwrap_or(true);
    if pressed && on && !r.has_focus() && !ui.ctx().text_edit_focused() {
        r.request_focus();
    }
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(arrow_owner_id(), r.id));
    }
}

/// egui's slider senses drags alone, and a press released in the same frame is no drag: a
/// tap would be lost. Its rail listens for clicks too (from the next frame on, as egui hit-tests
/// with the last frame's widgets), so that egui sets the value where a tap lands as it does
/// under a press. Returns whether the rail was tapped (or clicked) this frame.
fn listen_for_taps(ui: &Ui, r: &Response) -> bool {
    ui.ctx()
        .read_response(r.id)
        .is_some_and(|rail| rail.interact(egui::Sense::click()).clicked())
}

/// Whether the widget that has keyboard focus uses the arrow keys itself.
pub fn arrows_taken(ctx: &egui::Context) -> bool {
    let focused = ctx.memory(|m| m.focused());
    let owner: Option<egui::Id> = ctx.data(|d| d.get_temp(arrow_owner_id()));
    focused.is_some() && focused == owner
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
}
