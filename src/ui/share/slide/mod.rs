//! Slide-ready figures: a section's figure drawn off screen, in the light projector theme, at
//! a slide's shape (16:9) and at least 1920 pixels wide, with its title, headline, axes, axis
//! titles and key, and a footer with the scenario code that reproduces it. Never the pointer
//! or a tooltip: the off-screen frames have no pointer at all.
//!
//! The figure is laid out by egui in a context of its own (so the window's zoom, theme and
//! scroll position do not matter) and painted on the CPU by [`raster`], so the picture is the
//! same on every machine. Laying out takes a few milliseconds on the UI thread; painting and
//! encoding happen on a worker thread (see `export`).

pub mod raster;

use egui::epaint::ClippedPrimitive;
use egui::{Color32, ColorImage, RichText, Ui, Vec2};

use crate::progress::ProgressFile;
use crate::runner::Runner;
use crate::ui::{Cx, Section, kit::widgets, shell::lecture};

/// A slide's size in points: 16:9. The picture has `width / 960` pixels per point.
pub const SLIDE_POINTS: Vec2 = Vec2::new(960.0, 540.0);

/// The widths a figure can be saved at, in pixels: 2×, about 2.7× and 4× the slide's points.
pub const WIDTHS: [u32; 3] = [1920, 2560, 3840];

/// Frames laid out before the picture: plots and the key settle their sizes in the first.
const FRAMES: usize = 3;

/// The slide's margin, in points.
const MARGIN: f32 = 20.0;

/// A laid-out figure, ready to paint: egui's triangles and the textures they use.
pub struct Prepared {
    primitives: Vec<ClippedPrimitive>,
    textures: raster::Textures,
    pub size: [usize; 2],
    pixels_per_point: f32,
    /// Every text on the slide, in drawing order (title, headline, axis titles, key...).
    pub texts: Vec<String>,
}

impl Prepared {
    /// The picture.
    pub fn paint(&self) -> ColorImage {
        raster::paint(
            &self.primitives,
            &self.textures,
            self.size,
            self.pixels_per_point,
            Color32::WHITE,
        )
    }
}

/// Lays out `section`'s slide off screen at `width` pixels (at least 1920); `None` when the
/// section has no figure.
pub fn prepare(
    section: &mut dyn Section,
    runner: &Runner,
    progress: &mut ProgressFile,
    width: u32,
) -> Option<Prepared> {
    let width = width.max(WIDTHS[0]);
    let ppp = width as f32 / SLIDE_POINTS.x;
    let ctx = egui::Context::default();
    crate::ui::kit::style::style(&ctx);
    let light = ctx.style_of(egui::Theme::Light);
    ctx.set_style_of(egui::Theme::Light, lecture::projector_style(&light));
    ctx.set_theme(egui::ThemePreference::Light);
    ctx.all_styles_mut(|s| s.animation_time = 0.0);
    let mut input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SLIDE_POINTS)),
        ..Default::default()
    };
    if let Some(v) = input.viewports.get_mut(&egui::ViewportId::ROOT) {
        v.native_pixels_per_point = Some(ppp);
    }
    let mut textures = raster::Textures::default();
    let mut shapes = Vec::new();
    let mut drawn = false;
    for frame in 0..FRAMES {
        let mut events = Vec::new();
        let mut cx = Cx {
            runner,
            events: &mut events,
            lecture: true,
            reduced_motion: true,
            actions: &[],
            progress: &mut *progress,
            predictions: false,
            slide: true,
        };
        let mut input = input.clone();
        input.time = Some(frame as f64 * 0.1);
        let mut out = ctx.run_ui(input, |ui| {
            egui::Frame::new()
                .fill(Color32::WHITE)
                .inner_margin(MARGIN)
                .show(ui, |ui| {
                    drawn = section.present_mut().is_some_and(|p| p.slide(ui, &mut cx));
                });
        });
        textures.apply(&mut out.textures_delta);
        shapes = out.shapes;
    }
    if !drawn {
        return None;
    }
    let mut texts = Vec::new();
    for s in &shapes {
        collect_texts(&s.shape, &mut texts);
    }
    let primitives = ctx.tessellate(shapes, ppp);
    Some(Prepared {
        primitives,
        textures,
        size: [width as usize, (SLIDE_POINTS.y * ppp).round() as usize],
        pixels_per_point: ppp,
        texts,
    })
}

fn collect_texts(shape: &egui::Shape, out: &mut Vec<String>) {
    match shape {
        egui::Shape::Text(t) => out.push(t.galley.text().to_owned()),
        egui::Shape::Vec(v) => v.iter().for_each(|s| collect_texts(s, out)),
        _ => {}
    }
}

/// What a slide shows besides its figure.
pub struct Frame<'a> {
    /// The title line, e.g. "Section 2 · How long should a lock live?".
    pub heading: &'a str,
    /// The computed headline (or what stands in for it while the result is not there).
    pub headline: Option<String>,
    /// The scenario code that reproduces the figure, for the footer.
    pub code: Option<String>,
}

/// Draws a slide: title and headline at the top, the footer at the bottom, and `figure` (with
/// its key) in the space between, which it is given.
pub fn show(
    ui: &mut Ui,
    cx: &mut Cx<'_>,
    f: &Frame<'_>,
    figure: impl FnOnce(&mut Ui, &mut Cx<'_>, Vec2),
) {
    let heading = ui.style().text_styles[&egui::TextStyle::Heading].size;
    ui.label(RichText::new(f.heading).size(heading).strong());
    match &f.headline {
        Some(h) => {
            widgets::headline(ui, h);
        }
        None => {
            widgets::no_result_yet(ui, None, Some(t!("share.slide.simulating")));
        }
    }
    let footer = ui.text_style_height(&egui::TextStyle::Small) + ui.spacing().item_spacing.y;
    let size = Vec2::new(ui.available_width(), ui.available_height() - footer);
    figure(ui, cx, size);
    let words = match &f.code {
        Some(code) => {
            let values = [
                ("title", crate::ui::shell::topbar::TITLE.to_owned()),
                ("code", code.clone()),
            ];
            tf!("share.slide.footer", &values)
        }
        None => crate::ui::shell::topbar::TITLE.to_owned(),
    };
    ui.with_layout(egui::Layout::bottom_up(egui::Align::Max), |ui| {
        ui.label(RichText::new(words).small().weak());
    });
}

/// Encodes a picture as PNG.
pub fn png(image: &ColorImage) -> Result<Vec<u8>, String> {
    let [w, h] = image.size;
    let mut rgba = Vec::with_capacity(w * h * 4);
    for p in &image.pixels {
        rgba.extend_from_slice(&p.to_srgba_unmultiplied());
    }
    let mut out = Vec::new();
    let encoder = image::codecs::png::PngEncoder::new(&mut out);
    image::ImageEncoder::write_image(
        encoder,
        &rgba,
        w as u32,
        h as u32,
        image::ExtendedColorType::Rgba8,
    )
    .map_err(|e| tf!("share.export.encode_failed", &[("error", e.to_string())]))?;
    Ok(out)
}
