//! Opening the lesson window: the window's options, the renderer (with a fallback), and the
//! type sizes and contrast every frame starts from.

use std::process::ExitCode;
use std::sync::Arc;

use crate::app::{APP_ID, AppOptions, LessonApp, WINDOW_TITLE};
use crate::cli::{Cli, RendererChoice};

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

fn native_options(renderer: eframe::Renderer) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(WINDOW_TITLE)
            .with_app_id(APP_ID)
            .with_inner_size([1280.0, 720.0])
            .with_min_inner_size([720.0, 480.0])
            .with_icon(Arc::new(
                eframe::icon_data::from_png_bytes(include_bytes!("../assets/icon.png"))
                    .expect("the embedded icon is a valid PNG"),
            )),
        renderer,
        persist_window: true,
        ..Default::default()
    }
}

/// Opens the lesson window. If the chosen renderer cannot start, the other one is tried.
pub fn run_native(cli: &Cli) -> ExitCode {
    let (first, second) = match cli.renderer {
        RendererChoice::Glow => (eframe::Renderer::Glow, eframe::Renderer::Wgpu),
        RendererChoice::Wgpu => (eframe::Renderer::Wgpu, eframe::Renderer::Glow),
    };
    let mut last_error = None;
    for renderer in [first, second] {
        let options = AppOptions::from_cli(cli);
        let result = eframe::run_native(
            APP_ID,
            native_options(renderer),
            Box::new(move |cc| Ok(Box::new(LessonApp::new(cc, options)))),
        );
        match result {
            Ok(()) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("locks-lesson: the {renderer} renderer could not start: {e}");
                last_error = Some(e);
            }
        }
    }
    if last_error.is_some() {
        eprintln!(
            "locks-lesson: no graphics renderer could start; the `sim` command still works without one."
        );
    }
    ExitCode::FAILURE
}
