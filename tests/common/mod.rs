//! The real app in a kittest harness, opened the same way by every UI test.

// Each test file uses its own subset of these.
#![allow(dead_code)]

use egui_kittest::Harness;
use locks_lesson::app::{AppOptions, LessonApp};

/// The app in a 1366×768 window (the smallest screen the lesson is laid out for), with
/// simulations run inline so that every frame is deterministic.
pub fn app_with(options: AppOptions) -> Harness<'static, LessonApp> {
    let options = AppOptions {
        inline_runner: true,
        ..options
    };
    let mut h = Harness::builder()
        .with_size([1366.0, 768.0])
        .build_eframe(move |cc| LessonApp::new(cc, options));
    h.run_steps(3);
    h
}

/// The app opened at `section`.
pub fn app(section: u8) -> Harness<'static, LessonApp> {
    app_with(AppOptions {
        section: Some(section),
        ..Default::default()
    })
}

/// The computed headline of section `n`.
pub fn summary(h: &mut Harness<'static, LessonApp>, n: u8) -> String {
    h.state_mut()
        .section_mut(n)
        .summary()
        .expect("the section has a headline")
}

/// Runs frames with the window held at `px` pixels, as a real window is: egui's points follow
/// the zoom (lecture mode fits its zoom to the window), while the harness counts points.
pub fn hold_window(h: &mut Harness<'static, LessonApp>, px: [f32; 2]) {
    for _ in 0..8 {
        let z = h.ctx.zoom_factor();
        h.set_size(egui::vec2(px[0], px[1]) / z);
        h.step();
    }
}
