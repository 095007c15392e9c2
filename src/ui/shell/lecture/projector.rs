//! The projector theme: black text on white, strong outlines, no faint greys, and type no
//! smaller than [`MIN_TEXT_PX`] on a 768-line projector.

use egui::{Color32, Stroke, Style, Visuals};

use super::{BODY_POINTS, BODY_PX_768};

/// The projector theme: black text on white, strong outlines on every control, no faint
/// greys (projectors wash them out), a dark-blue selection that keeps black text readable.
pub fn projector_style(base: &Style) -> Style {
    let mut style = base.clone();
    let mut v = Visuals::light();
    let black = Color32::BLACK;
    v.panel_fill = Color32::WHITE;
    v.window_fill = Color32::WHITE;
    v.extreme_bg_color = Color32::WHITE;
    v.faint_bg_color = Color32::from_gray(235);
    v.code_bg_color = Color32::from_gray(225);
    v.window_stroke = Stroke::new(2.0, black);
    v.weak_text_color = Some(Color32::from_gray(50));
    v.hyperlink_color = Color32::from_rgb(0x00, 0x3C, 0xA0);
    v.warn_fg_color = Color32::from_rgb(0xA0, 0x3C, 0x00);
    v.error_fg_color = Color32::from_rgb(0xB0, 0x00, 0x00);
    v.selection.bg_fill = Color32::from_rgb(0xA8, 0xD0, 0xF8);
    v.selection.stroke = Stroke::new(2.0, black);
    v.text_cursor.stroke = Stroke::new(2.5, black);
    v.slider_trailing_fill = true;
    let w = &mut v.widgets;
    w.noninteractive.fg_stroke = Stroke::new(1.5, black);
    w.noninteractive.bg_stroke = Stroke::new(1.5, Color32::from_gray(80));
    w.noninteractive.bg_fill = Color32::WHITE;
    w.noninteractive.weak_bg_fill = Color32::WHITE;
    w.inactive.fg_stroke = Stroke::new(1.5, black);
    w.inactive.bg_stroke = Stroke::new(1.5, Color32::from_gray(40));
    w.inactive.bg_fill = Color32::from_gray(215);
    w.inactive.weak_bg_fill = Color32::from_gray(228);
    w.hovered.fg_stroke = Stroke::new(2.0, black);
    w.hovered.bg_stroke = Stroke::new(2.0, black);
    w.hovered.bg_fill = Color32::from_gray(200);
    w.hovered.weak_bg_fill = Color32::from_gray(205);
    w.active.fg_stroke = Stroke::new(2.5, black);
    w.active.bg_stroke = Stroke::new(2.5, black);
    w.active.bg_fill = Color32::from_gray(175);
    w.active.weak_bg_fill = Color32::from_gray(180);
    w.open.fg_stroke = Stroke::new(2.0, black);
    w.open.bg_stroke = Stroke::new(2.0, black);
    style.visuals = v;
    // Nothing pops up over the content on a projector: no hover tooltips (a million seconds).
    style.interaction.tooltip_delay = 1.0e6;
    // No text under 20 px on a 768-line projector.
    for font in style.text_styles.values_mut() {
        font.size = font.size.max(MIN_TEXT_PX / LECTURE_ZOOM_768);
    }
    // The headline a clear step above the body text, as the body is above the figure's
    // numbers (see `kit::plot::SLIDE_PLOT_TEXT`).
    let body = style.text_styles[&egui::TextStyle::Body].size;
    style.text_styles.insert(
        egui::TextStyle::Name(crate::ui::kit::widgets::HEADLINE.into()),
        egui::FontId::proportional(body * 1.15),
    );
    style
}

pub use crate::ui::kit::readable::MIN_TEXT_PX;

/// The lecture's zoom on a 1024×768 projector at the normal type.
pub const LECTURE_ZOOM_768: f32 = BODY_PX_768 / BODY_POINTS;

/// WCAG contrast ratio of two opaque colours (1 to 21).
pub fn contrast_ratio(a: Color32, b: Color32) -> f32 {
    fn luminance(c: Color32) -> f32 {
        let lin = |u: u8| {
            let s = f32::from(u) / 255.0;
            if s <= 0.039_28 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_projector_theme_has_high_contrast() {
        let s = projector_style(&Style::default());
        let v = &s.visuals;
        assert!(!v.dark_mode);
        let text = v.text_color();
        assert!(contrast_ratio(text, v.panel_fill) >= 15.0);
        assert!(
            contrast_ratio(
                v.widgets.inactive.fg_stroke.color,
                v.widgets.inactive.weak_bg_fill
            ) >= 7.0
        );
        assert!(contrast_ratio(v.weak_text_color(), v.panel_fill) >= 7.0);
        assert!(contrast_ratio(v.hyperlink_color, v.panel_fill) >= 7.0);
        assert!(contrast_ratio(v.selection.stroke.color, v.selection.bg_fill) >= 7.0);
        assert!(contrast_ratio(v.widgets.inactive.bg_stroke.color, v.panel_fill) >= 7.0);
        assert!((contrast_ratio(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        for (name, font) in &s.text_styles {
            assert!(
                font.size * LECTURE_ZOOM_768 >= MIN_TEXT_PX,
                "{name:?}: {font:?}"
            );
        }
        assert!(
            s.interaction.tooltip_delay > 1000.0,
            "no tooltips on a projector"
        );
    }
}
