//! The type sizes, spacing and text contrast every frame starts from (a projector needs them).

/// Type sizes, spacing and text contrast (a projector needs them).
pub fn style(ctx: &egui::Context) {
    ctx.all_styles_mut(|s| {
        for (style, size) in [
            (egui::TextStyle::Body, 16.0),
            (egui::TextStyle::Button, 15.0),
            (egui::TextStyle::Heading, 22.0),
            (egui::TextStyle::Small, 12.0),
            (egui::TextStyle::Monospace, 14.0),
        ] {
            if let Some(font) = s.text_styles.get_mut(&style) {
                font.size = size;
            }
        }
        s.spacing.item_spacing = egui::vec2(8.0, 6.0);
        s.spacing.slider_width = 180.0;
    });
    // Body text with more contrast than egui's defaults: it must read on a projector.
    ctx.style_mut_of(egui::Theme::Dark, |s| {
        s.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(225);
    });
    ctx.style_mut_of(egui::Theme::Light, |s| {
        s.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(20);
    });
}
