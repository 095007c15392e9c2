//! The real app in a kittest harness: the one way every UI test opens it.

// Each test module uses its own subset of these.
#![allow(dead_code)]

use egui_kittest::Harness;
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::ui::Shareable;

/// How to open the app: a window of a size, a renderer, a theme, a number of frames to settle.
/// Simulations always run inline, so every frame is deterministic.
pub struct Open {
    options: AppOptions,
    /// The window in pixels and the zoom it is seen at (the harness counts points).
    size: [f32; 2],
    zoom: f32,
    wgpu: bool,
    dark: bool,
    separate_windows: bool,
    steps: usize,
}

/// A section, named by its id (`"ttl"`) in a test, or by its number in a walk of the registry.
pub trait At {
    fn number(self) -> u8;
}

impl At for u8 {
    fn number(self) -> u8 {
        self
    }
}

impl At for &str {
    fn number(self) -> u8 {
        locks_lesson::sections::number(self)
    }
}

/// The app opened at `section` in a 1366×768 window (the smallest laptop screen the lesson is
/// laid out for), settled for three frames.
pub fn open(section: impl At) -> Open {
    open_with(AppOptions {
        section: Some(section.number()),
        ..Default::default()
    })
}

/// The app opened with `options`.
pub fn open_with(options: AppOptions) -> Open {
    Open {
        options: AppOptions {
            inline_runner: true,
            // The lab's servers are no part of a lecture's tests (tests/lab runs them).
            lab_in_lecture: options.lab_in_lecture.or(Some(false)),
            ..options
        },
        size: [1366.0, 768.0],
        zoom: 1.0,
        wgpu: false,
        dark: false,
        separate_windows: false,
        steps: 3,
    }
}

impl Open {
    /// Changes the options.
    pub fn options(mut self, change: impl FnOnce(&mut AppOptions)) -> Self {
        change(&mut self.options);
        self
    }

    /// Lecture mode on or off.
    pub fn lecture(self, on: bool) -> Self {
        self.options(|o| o.lecture = on)
    }

    /// A window of `size` pixels seen at a learner's `zoom` (the layout works in points).
    /// Lecture mode fits its own type to the window, so there `zoom` is the app's, not the
    /// test's: the window is held at `size` pixels whatever zoom the app picks.
    pub fn pixels(mut self, size: [f32; 2], zoom: f32) -> Self {
        self.size = size;
        self.zoom = zoom;
        self
    }

    /// Renders with wgpu when `on` (for snapshots).
    pub fn wgpu(mut self, on: bool) -> Self {
        self.wgpu = on;
        self
    }

    pub fn dark(mut self) -> Self {
        self.dark = true;
        self
    }

    /// A system that opens a second window as a window of its own (the presenter view).
    pub fn separate_windows(mut self) -> Self {
        self.separate_windows = true;
        self
    }

    /// Simulations on worker threads, as in the real app (frames then depend on timing).
    pub fn threaded(self) -> Self {
        self.options(|o| o.inline_runner = false)
    }

    /// Frames to run before the test looks (measured heights settle over a few).
    pub fn settle(mut self, steps: usize) -> Self {
        self.steps = steps;
        self
    }

    pub fn build(self) -> Harness<'static, LessonApp> {
        let options = self.options;
        let lecture = options.lecture || options.presenter;
        let zoom = if lecture { 1.0 } else { self.zoom };
        let mut b = Harness::builder().with_size([self.size[0] / zoom, self.size[1] / zoom]);
        if self.dark {
            b = b.with_theme(egui::Theme::Dark);
        }
        if self.separate_windows {
            b = b.with_context_setup(|ctx| ctx.set_embed_viewports(false));
        }
        if self.wgpu {
            b = b.wgpu();
        }
        let mut h = b.build_eframe(move |cc| LessonApp::new(cc, options));
        if lecture {
            hold_window(&mut h, self.size, self.steps.max(8));
        } else {
            h.run_steps(self.steps);
        }
        h
    }
}

/// The app in a 1366×768 window with `options`.
pub fn app_with(options: AppOptions) -> Harness<'static, LessonApp> {
    open_with(options).build()
}

/// The app opened at `section`.
pub fn app(section: impl At) -> Harness<'static, LessonApp> {
    open(section).build()
}

/// The computed headline of section `n`.
pub fn summary(h: &mut Harness<'static, LessonApp>, n: impl At) -> String {
    let n = n.number();
    h.state_mut()
        .section_mut(n)
        .summary()
        .expect("the section has a headline")
}

/// A lecture with the presenter view open (the console in the main window, the audience in
/// a second one), `px` pixels at zoom 1.
pub fn open_presenter(px: [f32; 2]) -> Harness<'static, LessonApp> {
    open_with(AppOptions {
        lecture: true,
        presenter: true,
        ask_predictions: true,
        ..Default::default()
    })
    .pixels(px, 1.0)
    .separate_windows()
    .build()
}

/// Runs `steps` frames with the window held at `px` pixels, as a real window is: egui's points
/// follow the zoom (lecture mode fits its zoom to the window), while the harness counts points.
pub fn hold_window(h: &mut Harness<'static, LessonApp>, px: [f32; 2], steps: usize) {
    for _ in 0..steps {
        let z = h.ctx.zoom_factor();
        h.set_size(egui::vec2(px[0], px[1]) / z);
        h.step();
    }
}

/// [`hold_window`] for `steps` frames, then on until the type factor has held for four
/// frames in a row (a lecture slide that does not fit lowers its type over a few frames, which
/// the real program draws one after the other at once; at most 40 more).
pub fn settle(h: &mut Harness<'static, LessonApp>, px: [f32; 2], steps: usize) {
    hold_window(h, px, steps);
    for _ in 0..10 {
        let zoom = h.ctx.zoom_factor();
        hold_window(h, px, 4);
        if (h.ctx.zoom_factor() - zoom).abs() < 1e-6 {
            return;
        }
    }
    panic!(
        "the type factor is still changing after {} frames",
        steps + 40
    );
}

/// Where the page ends: at the bottom bar, or at the window's edge in lecture mode (a
/// projector shows no bottom bar).
pub fn page_bottom(h: &Harness<'static, LessonApp>) -> f32 {
    use egui_kittest::kittest::Queryable;
    h.query_by_label("Copy code")
        .map_or(h.ctx.content_rect().bottom(), |n| n.rect().top())
}

/// The top bar's "next" arrow: the next section's, or in a lecture the next slide's.
pub fn next_arrow(h: &Harness<'static, LessonApp>) -> egui::Rect {
    use egui_kittest::kittest::Queryable;
    h.query_by_label("Next section")
        .or_else(|| h.query_by_label("Next slide (Page Down)"))
        .expect("the top bar's next arrow")
        .rect()
}

/// The scenario pairs section `n` shares (what its code carries); `None` when it shares none.
pub fn scenario(h: &Harness<'static, LessonApp>, n: u8) -> Option<Vec<(String, String)>> {
    h.state().section(n).share().and_then(Shareable::scenario)
}

/// The CSV of section `n`'s main figure.
pub fn csv(h: &Harness<'static, LessonApp>, n: u8) -> Option<String> {
    h.state().section(n).share().and_then(Shareable::csv)
}

/// Where section `n`'s figure was drawn in the last frame.
pub fn plot_rect(h: &Harness<'static, LessonApp>, n: u8) -> Option<egui::Rect> {
    h.state().section(n).share().and_then(Shareable::plot_rect)
}

/// Applies scenario pairs to section `n` (which must share some).
pub fn apply_scenario(
    h: &mut Harness<'static, LessonApp>,
    n: u8,
    pairs: &[(String, String)],
) -> Result<(), String> {
    h.state_mut()
        .section_mut(n)
        .share_mut()
        .expect("the section shares its settings")
        .apply_scenario(pairs)
}

/// A parameter's slider label, as the catalogue words it.
pub fn label(spec: &locks_lesson::sim::ParamSpec) -> &'static str {
    locks_lesson::ui::kit::params::label(spec)
}

/// The build on show in the section on screen, by its speaker notes' name (empty for a page
/// of one build).
pub fn build_of(h: &Harness<'static, LessonApp>) -> String {
    let n = h.state().current_section();
    h.state()
        .section(n)
        .present()
        .map(|p| p.build())
        .unwrap_or_default()
}
