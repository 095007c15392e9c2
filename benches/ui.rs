//! The UI's performance budgets, kept by a benchmark: the real app, headless, at 1920×1080.
//!
//! `cargo bench --bench ui` drives `LessonApp` through `egui::Context::run_ui` (plus
//! tessellation: the CPU work of a frame on the UI thread; nothing is rendered) with the
//! simulations on their own threads, as in the window. A frame's time is the CPU time of the
//! UI thread (on Unix; wall time elsewhere), so other work on a busy machine does not stretch
//! it. Criterion times the frames; beside
//! that, every frame's time is kept, and a table at the end gives the median and 95th
//! percentile of each case against its budget, the time from a slider change to the first new
//! estimate on screen, and the repaints an idle window asks for.
//!
//! Peak memory needs the real window: see the README (`VmHWM` of the release build under Xvfb).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::App as _;
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::ui::Shareable;

const SIZE: egui::Vec2 = egui::vec2(1920.0, 1080.0);
const FRAME_MEDIAN_BUDGET_MS: f64 = 2.0;
const FRAME_P95_BUDGET_MS: f64 = 4.0;
const ESTIMATE_BUDGET_MS: f64 = 100.0;

/// The real app and the frame loop eframe would run for it.
struct Window {
    ctx: egui::Context,
    app: LessonApp,
    frame: eframe::Frame,
    time: f64,
    /// When the last frame asked to be repainted (`None`: not at all).
    repaint_after: Option<Duration>,
}

impl Window {
    fn open(section: u8) -> Self {
        let ctx = egui::Context::default();
        let cc = eframe::CreationContext::_new_kittest(ctx.clone());
        let app = LessonApp::new(
            &cc,
            AppOptions {
                section: Some(section),
                ..AppOptions::default()
            },
        );
        let mut w = Self {
            ctx,
            app,
            frame: eframe::Frame::_new_kittest(),
            time: 0.0,
            repaint_after: None,
        };
        w.frame(0.0);
        w
    }

    /// Runs one frame `dt` seconds after the last; returns its CPU time on this thread.
    fn frame(&mut self, dt: f64) -> Duration {
        self.time += dt;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SIZE)),
            time: Some(self.time),
            predicted_dt: 1.0 / 60.0,
            ..Default::default()
        };
        let started = cpu_time();
        let (app, frame) = (&mut self.app, &mut self.frame);
        let mut output = self.ctx.run_ui(input, |ui| {
            app.logic(ui, frame);
            app.ui(ui, frame);
        });
        let shapes = self.ctx.tessellate(output.shapes, output.pixels_per_point);
        let took = cpu_time().saturating_sub(started);
        std::hint::black_box(shapes);
        // Nothing is rendered, so no texture is uploaded.
        output.textures_delta.clear();
        self.repaint_after = output
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .map(|v| v.repaint_delay)
            .filter(|d| *d < Duration::from_secs(3600));
        took
    }

    /// Runs frames as the window would until it stops asking for them (animations ended,
    /// simulations finished), at most `limit` of real time.
    fn settle(&mut self, limit: Duration) {
        let started = Instant::now();
        while started.elapsed() < limit {
            self.frame(0.25);
            if self.repaint_after.is_none() {
                // Nothing more to draw, unless a simulation thread is about to wake us.
                std::thread::sleep(Duration::from_millis(50));
                self.frame(0.0);
                if self.repaint_after.is_none() {
                    return;
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Frames an idle window runs in `seconds` of its time: each requested repaint is one.
    fn idle_repaints(&mut self, seconds: f64) -> usize {
        let mut repaints = 0;
        let mut t = 0.0;
        while let Some(after) = self.repaint_after {
            t += after.as_secs_f64().max(1.0 / 60.0);
            if t > seconds {
                break;
            }
            self.frame(after.as_secs_f64().max(1.0 / 60.0));
            repaints += 1;
        }
        repaints
    }

    fn set(&mut self, section: u8, key: &str, value: &str) {
        let s = self.app.section_mut(section);
        let mut pairs = s
            .share()
            .and_then(Shareable::scenario)
            .expect("the section has settings");
        let slot = pairs
            .iter_mut()
            .find(|(k, _)| k == key)
            .expect("a known key");
        slot.1 = value.to_owned();
        s.share_mut()
            .unwrap()
            .apply_scenario(&pairs)
            .expect("a valid value");
    }
}

/// CPU time of this thread so far.
#[cfg(unix)]
fn cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Wall time since the first call (where no thread CPU clock is at hand).
#[cfg(not(unix))]
fn cpu_time() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// Every frame time of every case, in ms, for the table.
static FRAMES: Mutex<BTreeMap<String, Vec<f64>>> = Mutex::new(BTreeMap::new());

fn record(case: &str, took: Duration) {
    let mut frames = FRAMES.lock().unwrap();
    frames
        .entry(case.to_owned())
        .or_default()
        .push(took.as_secs_f64() * 1000.0);
}

/// Times frames of `window`, calling `between` (untimed) before each.
fn bench_frames(
    c: &mut Criterion,
    case: &str,
    window: &mut Window,
    mut between: impl FnMut(&mut Window),
) {
    c.bench_function(case, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                between(window);
                let took = window.frame(1.0 / 60.0);
                record(case, took);
                total += took;
            }
            total
        })
    });
}

fn idle_sections(c: &mut Criterion) {
    for n in 1..=locks_lesson::sections::lesson_count() {
        let mut w = Window::open(n);
        w.settle(Duration::from_secs(20));
        bench_frames(c, &format!("frame, idle, section {n}"), &mut w, |_| {});
    }
}

fn streaming(c: &mut Criterion) {
    let mut w = Window::open(2);
    w.settle(Duration::from_secs(20));
    w.set(2, "holds", "10000000");
    let mut seed = 1u64;
    bench_frames(
        c,
        "frame, section 2 while a 10,000,000-hold run streams",
        &mut w,
        |w| {
            // A new run (another seed) once the last one has finished.
            if w.repaint_after.is_none() {
                seed += 1;
                w.set(2, "seed", &seed.to_string());
            }
            std::thread::sleep(Duration::from_millis(1));
        },
    );
}

fn animating(c: &mut Criterion) {
    let mut w = Window::open(1);
    let mut seed = 1u64;
    bench_frames(c, "frame, section 1 animating", &mut w, |w| {
        if w.repaint_after.is_none() {
            // The animation has ended: start it again with another seed.
            seed += 1;
            w.set(1, "seed", &seed.to_string());
        }
    });
}

/// A slide-ready figure of section 2 (the busiest plot): laid out on the UI thread, then
/// painted and encoded on a worker thread, at 1920 and 3840 pixels.
fn slides(c: &mut Criterion) {
    let mut w = Window::open(2);
    w.settle(Duration::from_secs(20));
    for width in [1920, 3840] {
        c.bench_function(&format!("slide {width} px: lay out (UI thread)"), |b| {
            b.iter(|| w.app.slide(2, width).unwrap())
        });
        let prepared = w.app.slide(2, width).unwrap();
        c.bench_function(&format!("slide {width} px: paint (worker)"), |b| {
            b.iter(|| prepared.paint())
        });
        let image = prepared.paint();
        c.bench_function(&format!("slide {width} px: PNG encode (worker)"), |b| {
            b.iter(|| locks_lesson::ui::share::slide::png(&image).unwrap())
        });
    }
}

/// The simulated estimate at the chosen TTL in section 2's data: (TTL, holds simulated).
fn chosen_estimate(w: &Window) -> Option<(String, u64)> {
    let csv = w.app.section(2).share().and_then(Shareable::csv)?;
    let line = csv.lines().find(|l| l.starts_with("chosen_simulated,"))?;
    let cols: Vec<&str> = line.split(',').collect();
    Some((cols[1].to_owned(), cols[6].parse().ok()?))
}

/// Milliseconds from a change of section 2's TTL slider to the end of the first frame that
/// shows a simulated estimate for the new TTL (default sample size), frames drawn as soon as
/// a simulation thread asks.
fn slider_to_estimate() -> Vec<f64> {
    let mut w = Window::open(2);
    w.settle(Duration::from_secs(20));
    let mut times = Vec::new();
    for (i, ttl) in ["5", "20", "2", "60", "1", "10"]
        .iter()
        .cycle()
        .take(30)
        .enumerate()
    {
        let changed = Instant::now();
        w.set(2, "ttl-s", ttl);
        loop {
            w.frame(0.004);
            if chosen_estimate(&w).is_some_and(|(t, n)| t == *ttl && n > 0) {
                break;
            }
            assert!(
                changed.elapsed() < Duration::from_secs(10),
                "change {i}: no estimate"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        times.push(changed.elapsed().as_secs_f64() * 1000.0);
        w.settle(Duration::from_secs(20));
    }
    times
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn mark(ok: bool) -> &'static str {
    if ok { "within" } else { "OVER BUDGET" }
}

fn report(_: &mut Criterion) {
    println!("\n| What | Median | 95th percentile | Budget | |");
    println!("|---|---|---|---|---|");
    for (case, frames) in FRAMES.lock().unwrap().iter_mut() {
        frames.sort_by(f64::total_cmp);
        let (median, p95) = (percentile(frames, 0.5), percentile(frames, 0.95));
        let ok = median <= FRAME_MEDIAN_BUDGET_MS && p95 <= FRAME_P95_BUDGET_MS;
        println!(
            "| {case} ({} frames) | {median:.2} ms | {p95:.2} ms | ≤ {FRAME_MEDIAN_BUDGET_MS} / ≤ {FRAME_P95_BUDGET_MS} ms | {} |",
            frames.len(),
            mark(ok)
        );
    }
    let mut latency = slider_to_estimate();
    latency.sort_by(f64::total_cmp);
    let (median, worst) = (percentile(&latency, 0.5), latency[latency.len() - 1]);
    println!(
        "| Section 2: TTL slider change to the first new estimate on screen ({} changes) | {median:.1} ms | {:.1} ms (worst {worst:.1} ms) | ≤ {ESTIMATE_BUDGET_MS} ms | {} |",
        latency.len(),
        percentile(&latency, 0.95),
        mark(worst <= ESTIMATE_BUDGET_MS)
    );
    let mut repaints = Vec::new();
    for n in 1..=locks_lesson::sections::lesson_count() {
        let mut w = Window::open(n);
        w.settle(Duration::from_secs(20));
        // One frame, as a pointer move or a key would cause, then nothing.
        w.frame(1.0 / 60.0);
        repaints.push(w.idle_repaints(10.0));
    }
    let total: usize = repaints.iter().sum();
    println!(
        "| Repaints in 10 s of an idle window, sections 1–10 | {total} ({repaints:?}) | | 0 | {} |",
        mark(total == 0)
    );
}

criterion_group! {
    name = frames;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = idle_sections, streaming, animating, slides, report
}
criterion_main!(frames);
