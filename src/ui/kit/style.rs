//! The type sizes, spacing and text contrast every frame starts from (a projector needs them),
//! and one font atlas size in every window.

/// The largest font atlas side, in pixels, in every window.
///
/// The atlas is as wide as the largest texture the driver takes (16,384 pixels with Mesa) and
/// grows in height: at 2,048 it holds the same glyphs in far less memory.
pub const ATLAS_SIDE: usize = 2048;

/// Caps the font atlas at [`ATLAS_SIDE`] in every window's input, the audience window's
/// included.
///
/// All windows share one font atlas, and egui builds it anew whenever a window's pass starts
/// with other text options than the last one (the largest texture side is one of them). A cap
/// on the main window's input alone (eframe's `raw_input_hook` sees only that window) made the
/// presenter view rebuild the atlas twice a frame: the audience window's pass, nested inside
/// the console's, replaced the atlas the console's text had already been laid out in, and the
/// console showed wrong glyphs. A plugin's input hook runs for every window's pass.
struct AtlasCap;

impl egui::Plugin for AtlasCap {
    fn debug_name(&self) -> &'static str {
        "locks-lesson/font-atlas-cap"
    }

    fn input_hook(&mut self, _ctx: &egui::Context, input: &mut egui::RawInput) {
        input.max_texture_side = Some(
            input
                .max_texture_side
                .map_or(ATLAS_SIDE, |s| s.min(ATLAS_SIDE)),
        );
    }
}

/// Type sizes, spacing and text contrast (a projector needs them).
pub fn style(ctx: &egui::Context) {
    ctx.add_plugin(AtlasCap);
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
        // A development build draws what a release build draws (egui marks rects off the
        // pixel grid in orange there; a type factor puts many off it).
        #[cfg(debug_assertions)]
        {
            s.debug.show_unaligned = false;
        }
    });
    // Body text with more contrast than egui's defaults: it must read on a projector.
    ctx.style_mut_of(egui::Theme::Dark, |s| {
        s.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(225);
    });
    ctx.style_mut_of(egui::Theme::Light, |s| {
        s.visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_gray(20);
    });
}

/// Draws `ui`'s words, and the room around them, at `1 / by` of their size: what keeps the lecturer's own words (the
/// presenter's console, the top bar's buttons) at the normal size when the slide is drawn at a
/// type factor `by`. A factor of 1 (or none that makes sense) changes nothing.
pub fn unscale_type(ui: &mut egui::Ui, by: f32) {
    if !by.is_finite() || by <= 0.0 || (by - 1.0).abs() < 1e-3 {
        return;
    }
    let style = ui.style_mut();
    for font in style.text_styles.values_mut() {
        font.size /= by;
    }
    // And the room around the words: buttons, rows and gaps as at the normal size.
    let s = &mut style.spacing;
    s.item_spacing /= by;
    s.button_padding /= by;
    s.interact_size /= by;
    s.icon_width /= by;
    s.icon_width_inner /= by;
    s.icon_spacing /= by;
    s.indent /= by;
}

fn slide_id() -> egui::Id {
    egui::Id::unique("locks-lesson/on-a-slide")
}

/// Notes whether the window shows a lecture's slide (the shell, once a frame).
pub fn set_slide(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(slide_id(), on));
}

/// Whether the window shows a lecture's slide: the kit's blocks then keep their frames slim.
pub fn on_slide(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(slide_id())).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Passes of two windows whose drivers report other texture sizes (as the console and the
    /// audience window do when only one of them is capped): the font atlas is built once and
    /// then only grows, it is never replaced under text laid out in it.
    #[test]
    fn windows_with_other_texture_limits_share_one_atlas() {
        let ctx = egui::Context::default();
        style(&ctx);
        let mut full_images = 0;
        for pass in 0..6 {
            let input = egui::RawInput {
                max_texture_side: Some(if pass % 2 == 0 { 16_384 } else { 8_192 }),
                ..Default::default()
            };
            let out = ctx.run_ui(input, |ui| {
                ui.label(format!("pass {pass}: some text to lay out"));
            });
            for (id, deltas) in &out.textures_delta.set {
                for delta in deltas.iter().filter(|d| d.pos.is_none()) {
                    assert_eq!(*id, egui::TextureId::default());
                    full_images += 1;
                    assert!(delta.image.width() <= ATLAS_SIDE, "the atlas is capped");
                }
            }
            out.drop_without_applying_deltas();
        }
        assert_eq!(full_images, 1, "the atlas was replaced between passes");
    }
}
