//! Opening the lesson window: the window's options, the renderer (with a fallback), and the
//! type sizes and contrast every frame starts from.

use std::process::ExitCode;
use std::sync::Arc;

use crate::app::{APP_ID, AppOptions, LessonApp, WINDOW_TITLE};

fn native_options(renderer: eframe::Renderer) -> eframe::NativeOptions {
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(WINDOW_TITLE.get())
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

/// Opens the lesson window with the `first` renderer. If it cannot start, the other one is
/// tried.
pub fn run_native(options: AppOptions, first: eframe::Renderer) -> ExitCode {
    let second = match first {
        eframe::Renderer::Glow => eframe::Renderer::Wgpu,
        _ => eframe::Renderer::Glow,
    };
    let mut last_error = None;
    for renderer in [first, second] {
        let options = options.clone();
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
        // A line for the terminal, not the screen: kept on the line of its `eprintln!`, where
        // the catalogue's check knows it for one.
        #[rustfmt::skip]
        eprintln!("locks-lesson: no graphics renderer could start; the `sim` command still works without one.");
    }
    ExitCode::FAILURE
}
