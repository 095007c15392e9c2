//! Widgets every section shares: marked-up paragraphs, the headline sentence, the
//! "how this is computed" note, parameter sliders, playback controls, number formats and
//! the plot palette.

use egui::{Color32, Response, RichText, Ui};

use super::{AppEvent, Cx};
use crate::lesson::{self, Span};
use crate::sim::ParamSpec;

/// Okabe–Ito colours: distinguishable with every common colour-vision deficiency.
pub mod palette {
    use egui::Color32;
    pub const ORANGE: Color32 = Color32::from_rgb(0xE6, 0x9F, 0x00);
    pub const SKY: Color32 = Color32::from_rgb(0x56, 0xB4, 0xE9);
    pub const GREEN: Color32 = Color32::from_rgb(0x00, 0x9E, 0x73);
    pub const YELLOW: Color32 = Color32::from_rgb(0xF0, 0xE4, 0x42);
    pub const BLUE: Color32 = Color32::from_rgb(0x00, 0x72, 0xB2);
    pub const VERMILION: Color32 = Color32::from_rgb(0xD5, 0x5E, 0x00);
    pub const PURPLE: Color32 = Color32::from_rgb(0xCC, 0x79, 0xA7);
    pub const GREY: Color32 = Color32::from_rgb(0x88, 0x88, 0x88);
}

/// Line width for plots: at least 2 px, thicker on a projector.
pub fn line_width(cx: &Cx<'_>) -> f32 {
    if cx.lecture { 3.5 } else { 2.5 }
}

/// Marker radius for plots.
pub fn marker_radius(cx: &Cx<'_>) -> f32 {
    if cx.lecture { 5.0 } else { 3.5 }
}

/// `1234567` → `"1,234,567"`.
pub fn fmt_int(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A duration in milliseconds, in the unit that reads best (`"840 ms"`, `"2.4 s"`).
pub fn fmt_ms(ms: f64) -> String {
    if !ms.is_finite() {
        "—".into()
    } else if ms < 1.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else if ms < 60_000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else {
        format!("{:.1} min", ms / 60_000.0)
    }
}

/// A number with `digits` significant digits, without a needless exponent for everyday sizes.
pub fn fmt_sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if v == 0.0 {
        return "0".into();
    }
    let mag = v.abs().log10().floor() as i32;
    if !(-4..6).contains(&mag) {
        return format!("{v:.*e}", digits.saturating_sub(1));
    }
    let decimals = (digits as i32 - 1 - mag).max(0) as usize;
    format!("{v:.decimals$}")
}

/// A fraction shown as a percentage with three significant digits (`0.00028` → `"0.0280 %"`).
pub fn fmt_pct(fraction: f64) -> String {
    format!("{} %", fmt_sig(fraction * 100.0, 3))
}

/// A parameter value with its unit.
pub fn fmt_param(spec: &ParamSpec, v: f64) -> String {
    let num = if spec.integer {
        fmt_int(v.max(0.0) as u64)
    } else {
        fmt_sig(v, 2)
    };
    if spec.unit.is_empty() {
        num
    } else {
        format!("{num} {}", spec.unit)
    }
}

/// A paragraph of lesson text; marked terms become links that open their card.
pub fn paragraph(ui: &mut Ui, text: &str, cx: &mut Cx<'_>) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for span in lesson::spans(text) {
            match span {
                Span::Plain(p) => {
                    ui.label(p);
                }
                Span::Term { id, shown } => {
                    let r = ui.link(shown).on_hover_text("Open the plain-language card");
                    if r.clicked() {
                        cx.emit(AppEvent::OpenTerm(id.to_owned()));
                    }
                }
            }
        }
    });
    ui.add_space(ui.spacing().item_spacing.y * 2.0);
}

/// The section's computed headline: the result restated in plain words.
pub fn headline(ui: &mut Ui, text: &str) -> Response {
    let visuals = ui.visuals();
    let fill = visuals.faint_bg_color;
    let stroke = visuals.selection.stroke.color;
    egui::Frame::new()
        .fill(fill)
        .stroke(egui::Stroke::new(1.0, stroke))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(14, 10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(
                egui::Label::new(
                    RichText::new(text)
                        .size(ui.style().text_styles[&egui::TextStyle::Body].size * 1.25)
                        .strong(),
                )
                .wrap(),
            )
        })
        .inner
}

/// The "how this is computed" note: the model in a line or two, the seed, and a button for a
/// new seed. Returns true when a new seed was asked for.
pub fn how_computed(ui: &mut Ui, how: &str, seed: u64, cx: &mut Cx<'_>) -> bool {
    let mut new_seed = false;
    egui::CollapsingHeader::new("How this is computed")
        .default_open(true)
        .show(ui, |ui| {
            paragraph(ui, how, cx);
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("Seed {seed}")).monospace());
                if ui
                    .button("New seed")
                    .on_hover_text("Run the same model with other random draws")
                    .clicked()
                {
                    new_seed = true;
                }
            });
        });
    new_seed
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
/// range spans decades. Marks itself as owning the arrow keys while focused.
pub fn param_slider(ui: &mut Ui, spec: &ParamSpec, value: &mut f64) -> Response {
    *value = spec.clamp(*value);
    let mut slider = egui::Slider::new(value, spec.min..=spec.max)
        .logarithmic(spec.log)
        .clamping(egui::SliderClamping::Always)
        .text(spec.label);
    if spec.integer {
        slider = slider.integer();
    }
    if !spec.unit.is_empty() {
        slider = slider.suffix(format!(" {}", spec.unit));
    }
    let r = ui.add(slider);
    *value = spec.clamp(*value);
    claim_arrow_keys(ui, &r);
    r
}

/// An integer parameter through [`param_slider`].
pub fn param_slider_u32(ui: &mut Ui, spec: &ParamSpec, value: &mut u32) -> Response {
    let mut v = f64::from(*value);
    let r = param_slider(ui, spec, &mut v);
    *value = v as u32;
    r
}

fn arrow_owner_id() -> egui::Id {
    egui::Id::unique("locks-lesson/arrow-key-owner")
}

/// Records that a focused widget uses the arrow keys (so Left/Right do not change section).
pub fn claim_arrow_keys(ui: &Ui, r: &Response) {
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

/// Play, pause, step and speed for an animated run, as a fraction 0..=1 of the run.
#[derive(Clone, Debug)]
pub struct Playback {
    /// How far the animation has got, 0..=1.
    pub position: f64,
    pub playing: bool,
    /// Speed multiplier: 0.25 to 4.
    pub speed: f64,
    /// Seconds a whole run takes at 1×.
    pub seconds_at_1x: f64,
}

pub const SPEEDS: [f64; 5] = [0.25, 0.5, 1.0, 2.0, 4.0];

impl Playback {
    pub fn new(seconds_at_1x: f64) -> Self {
        Self {
            position: 0.0,
            playing: true,
            speed: 1.0,
            seconds_at_1x,
        }
    }

    /// Starts again from the beginning (and plays).
    pub fn restart(&mut self) {
        self.position = 0.0;
        self.playing = true;
    }

    /// Moves time on by this frame's duration; keeps the UI repainting only while playing.
    pub fn tick(&mut self, ui: &Ui, reduced_motion: bool) {
        if reduced_motion {
            self.position = 1.0;
            self.playing = false;
            return;
        }
        if self.playing {
            let dt = f64::from(ui.input(|i| i.stable_dt)).min(0.1);
            self.position = (self.position + dt * self.speed / self.seconds_at_1x).min(1.0);
            if self.position >= 1.0 {
                self.playing = false;
            } else {
                ui.ctx().request_repaint();
            }
        }
    }

    pub fn step(&mut self, fraction: f64) {
        self.playing = false;
        self.position = (self.position + fraction).min(1.0);
    }

    /// The controls. `steps` is how many steps make a whole run.
    pub fn ui(&mut self, ui: &mut Ui, steps: f64) {
        ui.horizontal(|ui| {
            let label = if self.playing {
                "⏸ Pause"
            } else {
                "▶ Play"
            };
            if ui.button(label).clicked() {
                if !self.playing && self.position >= 1.0 {
                    self.position = 0.0;
                }
                self.playing = !self.playing;
            }
            if ui
                .button("⏭ Step")
                .on_hover_text("Advance a little and pause")
                .clicked()
            {
                self.step(1.0 / steps);
            }
            if ui
                .button("⏮ Reset")
                .on_hover_text("Back to the start")
                .clicked()
            {
                self.position = 0.0;
                self.playing = false;
            }
            ui.label("Speed");
            for s in SPEEDS {
                let text = format!("{s}×");
                if ui.selectable_label(self.speed == s, text).clicked() {
                    self.speed = s;
                }
            }
        });
    }
}

/// A colour for text that marks a bad outcome, readable in both themes.
pub fn warn_color(ui: &Ui) -> Color32 {
    if ui.visuals().dark_mode {
        palette::ORANGE
    } else {
        palette::VERMILION
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(fmt_int(0), "0");
        assert_eq!(fmt_int(999), "999");
        assert_eq!(fmt_int(1000), "1,000");
        assert_eq!(fmt_int(1_234_567), "1,234,567");
        assert_eq!(fmt_ms(840.2), "840 ms");
        assert_eq!(fmt_ms(2400.0), "2.4 s");
        assert_eq!(fmt_sig(0.028123, 2), "0.028");
        assert_eq!(fmt_sig(2.43, 2), "2.4");
        assert_eq!(fmt_sig(1.3e-8, 2), "1.3e-8");
        assert_eq!(fmt_pct(0.000_281), "0.0281 %");
        assert_eq!(fmt_sig(f64::NAN, 2), "—");
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
