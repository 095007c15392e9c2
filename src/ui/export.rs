//! Saving the current section's plot as a PNG image and its data as CSV.
//!
//! The PNG comes from the window itself: the app asks eframe for a screenshot of the next
//! frame, crops it to where the section drew its main plot, and encodes it. The frames of the
//! picture are drawn as if the mouse had left the window ([`Exporter::raw_input_hook`]), so no
//! hover line, tooltip or highlight lands in the image; the pointer comes back afterwards.
//!
//! The file name is chosen in the platform's save dialog (on Linux through the desktop portal,
//! so no GTK is needed). The dialog is asynchronous: it is opened from the UI thread and awaited
//! on a thread of its own, which also writes the file, so the window goes on drawing while the
//! dialog is open. Where no dialog can open, the file goes to the user's Documents (or
//! Downloads, or home) folder and the message says where.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui::{ColorImage, Pos2, Rect};

/// Where exported files go.
#[derive(Clone, Debug, Default)]
pub enum Destination {
    /// Ask in the platform's save dialog.
    #[default]
    Ask,
    /// Save straight into this folder without asking (tests, scripted use).
    Folder(PathBuf),
}

/// What kind of file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Png,
    Csv,
}

impl Kind {
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Csv => "csv",
        }
    }
    fn filter_name(self) -> &'static str {
        match self {
            Kind::Png => "PNG image",
            Kind::Csv => "CSV table",
        }
    }
    fn what(self) -> &'static str {
        match self {
            Kind::Png => "The plot",
            Kind::Csv => "The plot's data",
        }
    }
}

/// The default file name: section and seed, e.g. `locks-lesson-s1-seed42.png`.
pub fn default_name(section: u8, seed: Option<&str>, kind: Kind) -> String {
    match seed {
        Some(seed) => format!("locks-lesson-s{section}-seed{seed}.{}", kind.extension()),
        None => format!("locks-lesson-s{section}.{}", kind.extension()),
    }
}

/// Where a PNG export is.
enum Shot {
    /// The page scrolls the plot into view first, until it stands still on screen (the
    /// picture is of the frame after the request, so the plot must not move meanwhile).
    Revealing {
        name: String,
        since: Instant,
        last: Option<Rect>,
    },
    /// The plot stands still; this frame is drawn without the pointer, and the next one asks
    /// for the picture.
    /// Frames drawn as if the pointer had left (`left` more to go before the picture).
    HidingPointer { name: String, left: u8 },
    /// The screenshot is on its way from the renderer.
    Capturing {
        name: String,
        image: Arc<Mutex<Option<Arc<ColorImage>>>>,
        asked: Instant,
    },
}

/// Exports in progress and where files go.
#[derive(Default)]
pub struct Exporter {
    pub destination: Destination,
    shot: Option<Shot>,
    /// A save dialog is open; its thread sends the outcome.
    dialog: Option<Receiver<Outcome>>,
    /// Where the pointer was before a picture was taken without it (put back afterwards).
    pointer: Option<Pos2>,
    /// The picture is done: the next frame gets the pointer back.
    restore_pointer: bool,
}

/// The outcome of an export, as a message for the user (`Err` for failures).
pub type Outcome = Result<String, String>;

/// Longest wait for the plot to scroll into view before the picture is taken anyway.
const REVEAL_WAIT: Duration = Duration::from_millis(600);
/// Longest wait for the renderer's picture.
const CAPTURE_WAIT: Duration = Duration::from_secs(5);

impl Exporter {
    pub fn new(destination: Destination) -> Self {
        Self {
            destination,
            ..Self::default()
        }
    }

    /// Whether an export is under way: a picture being taken, or a save dialog open.
    pub fn busy(&self) -> bool {
        self.shot.is_some() || self.dialog.is_some()
    }

    /// Whether a picture of the plot is being taken (the focus ring then stays off it).
    pub fn capturing(&self) -> bool {
        self.shot.is_some()
    }

    /// Call with each frame's raw input before the frame runs (eframe's `raw_input_hook`).
    /// While a picture is taken, the pointer has left the window; afterwards it is back where
    /// it was (unless it moved meanwhile).
    pub fn raw_input_hook(&mut self, raw: &mut egui::RawInput) {
        let hiding = matches!(
            self.shot,
            Some(Shot::HidingPointer { .. } | Shot::Capturing { .. })
        );
        if hiding {
            raw.events.push(egui::Event::PointerGone);
        } else if std::mem::take(&mut self.restore_pointer)
            && let Some(pos) = self.pointer.take()
        {
            let moved = raw
                .events
                .iter()
                .any(|e| matches!(e, egui::Event::PointerMoved(_) | egui::Event::PointerGone));
            if !moved {
                raw.events.push(egui::Event::PointerMoved(pos));
            }
        }
    }

    /// Whether the page should scroll the plot into view.
    pub fn wants_plot_visible(&self) -> bool {
        matches!(self.shot, Some(Shot::Revealing { .. }))
    }

    /// Starts a PNG export: the plot is scrolled into view, then captured and cropped.
    pub fn start_png(&mut self, ctx: &egui::Context, name: String) {
        self.shot = Some(Shot::Revealing {
            name,
            since: Instant::now(),
            last: None,
        });
        ctx.request_repaint();
    }

    /// Moves a PNG export on; call once a frame with where the plot and the visible part of
    /// the page are now (in points). Returns the outcome once the file is saved (or failed).
    pub fn poll(
        &mut self,
        ctx: &egui::Context,
        parent: Option<&eframe::Frame>,
        plot: Option<Rect>,
        view: Rect,
    ) -> Option<Outcome> {
        if let Some(dialog) = &self.dialog {
            let outcome = match dialog.try_recv() {
                Ok(outcome) => outcome,
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    Err("The save dialog ended without an answer; nothing was saved.".into())
                }
            };
            self.dialog = None;
            return Some(outcome);
        }
        self.shot.as_ref()?;
        let Some(plot) = plot else {
            self.end_shot();
            return Some(Err("The plot went away before it could be saved.".into()));
        };
        match self.shot.take()? {
            Shot::Revealing { name, since, last } => {
                let settled = view.contains_rect(plot) && last == Some(plot);
                if settled || since.elapsed() > REVEAL_WAIT {
                    self.pointer = ctx.input(|i| i.pointer.latest_pos());
                    self.shot = Some(Shot::HidingPointer { name, left: 2 });
                } else {
                    self.shot = Some(Shot::Revealing {
                        name,
                        since,
                        last: Some(plot),
                    });
                }
                ctx.request_repaint();
                None
            }
            Shot::HidingPointer { name, left } if left > 0 => {
                self.shot = Some(Shot::HidingPointer {
                    name,
                    left: left - 1,
                });
                ctx.request_repaint();
                None
            }
            Shot::HidingPointer { name, .. } => {
                self.shot = Some(Shot::Capturing {
                    name,
                    image: request_screenshot(ctx),
                    asked: Instant::now(),
                });
                ctx.request_repaint();
                None
            }
            Shot::Capturing { name, image, asked } => {
                let arrived = image.lock().ok().and_then(|mut s| s.take());
                let Some(picture) = arrived else {
                    if asked.elapsed() > CAPTURE_WAIT {
                        self.end_shot();
                        return Some(Err(
                            "The plot could not be captured: the graphics back end sent no picture."
                                .into(),
                        ));
                    }
                    self.shot = Some(Shot::Capturing { name, image, asked });
                    ctx.request_repaint_after(Duration::from_millis(30));
                    return None;
                };
                self.end_shot();
                ctx.request_repaint();
                let shown = plot.intersect(view);
                let png = match crop_png(&picture, shown, ctx.pixels_per_point()) {
                    Ok(png) => png,
                    Err(e) => return Some(Err(e)),
                };
                let partial = shown.area() < plot.area() * 0.99;
                let note = if partial {
                    " The plot is taller or wider than the window, so the image holds the part on screen."
                } else {
                    ""
                };
                self.save(ctx, parent, &name, Kind::Png, png, note)
            }
        }
    }

    /// The picture is taken (or given up): the pointer comes back at the next frame.
    fn end_shot(&mut self) {
        self.shot = None;
        self.restore_pointer = true;
    }

    /// Saves CSV text: the outcome now, or `None` while the save dialog is open (the outcome
    /// then comes from [`Exporter::poll`]).
    pub fn save_csv(
        &mut self,
        ctx: &egui::Context,
        parent: Option<&eframe::Frame>,
        name: &str,
        csv: &str,
    ) -> Option<Outcome> {
        self.save(ctx, parent, name, Kind::Csv, csv.as_bytes().to_vec(), "")
    }

    /// Saves `bytes` into the export folder at once, or opens the save dialog and leaves the
    /// rest to its thread. `note` is added to a success message.
    fn save(
        &mut self,
        ctx: &egui::Context,
        parent: Option<&eframe::Frame>,
        name: &str,
        kind: Kind,
        bytes: Vec<u8>,
        note: &'static str,
    ) -> Option<Outcome> {
        let dir = match &self.destination {
            Destination::Folder(dir) => dir.clone(),
            Destination::Ask if dialog_possible() => {
                self.dialog = Some(ask(ctx, parent, name, kind, bytes, note));
                return None;
            }
            Destination::Ask => {
                let path = unique_path(&fallback_folder(), name);
                return Some(write_file(&path, kind, &bytes, UNAVAILABLE));
            }
        };
        Some(write_file(&unique_path(&dir, name), kind, &bytes, note))
    }
}

/// Added to the message when no dialog could open.
const UNAVAILABLE: &str = " No save dialog could be opened here (no desktop portal or zenity), so it was saved in that folder instead.";

/// Writes an export and says how it went.
fn write_file(path: &Path, kind: Kind, bytes: &[u8], note: &str) -> Outcome {
    write_atomically(path, bytes)
        .map(|()| format!("{} was saved as {}.{note}", kind.what(), path.display()))
        .map_err(|e| {
            format!(
                "{} could not be saved as {}: {e}.",
                kind.what(),
                path.display()
            )
        })
}

/// Asks eframe for a picture of the next frame; it lands in the returned slot.
fn request_screenshot(ctx: &egui::Context) -> Arc<Mutex<Option<Arc<ColorImage>>>> {
    let image = Arc::new(Mutex::new(None));
    let slot = Arc::clone(&image);
    let repaint = ctx.clone();
    ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(
        egui::ScreenshotCallback::new(move |img| {
            if let Ok(mut s) = slot.lock() {
                *s = Some(img);
            }
            repaint.request_repaint();
        }),
    ));
    image
}

/// The part of `image` under `rect` (in points), as PNG bytes.
pub fn crop_png(image: &ColorImage, rect: Rect, pixels_per_point: f32) -> Result<Vec<u8>, String> {
    let [w, h] = image.size;
    let px = |v: f32| (v * pixels_per_point).round().max(0.0) as usize;
    let (x0, y0) = (px(rect.min.x).min(w), px(rect.min.y).min(h));
    let (x1, y1) = (px(rect.max.x).min(w), px(rect.max.y).min(h));
    if x1 <= x0 || y1 <= y0 {
        return Err("The plot is not on screen, so there is nothing to save: scroll it into view and try again.".into());
    }
    let (cw, ch) = (x1 - x0, y1 - y0);
    let mut rgba = Vec::with_capacity(cw * ch * 4);
    for y in y0..y1 {
        for p in &image.pixels[y * w + x0..y * w + x1] {
            rgba.extend_from_slice(&p.to_srgba_unmultiplied());
        }
    }
    let mut out = Vec::new();
    let encoder = image::codecs::png::PngEncoder::new(&mut out);
    image::ImageEncoder::write_image(
        encoder,
        &rgba,
        cw as u32,
        ch as u32,
        image::ExtendedColorType::Rgba8,
    )
    .map_err(|e| format!("The plot could not be encoded as PNG: {e}."))?;
    Ok(out)
}

/// Opens the platform's save dialog for `bytes` and returns where its outcome will come.
///
/// The dialog is created here, on the UI thread (where macOS wants it, attached to the window),
/// and awaited on a thread of its own with `pollster` (a minimal executor that eframe already
/// brings along), which then writes the file and wakes the window.
fn ask(
    ctx: &egui::Context,
    parent: Option<&eframe::Frame>,
    name: &str,
    kind: Kind,
    bytes: Vec<u8>,
    note: &'static str,
) -> Receiver<Outcome> {
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title(format!("Save {}", kind.what().to_lowercase()))
        .set_file_name(name)
        .add_filter(kind.filter_name(), &[kind.extension()])
        .set_directory(fallback_folder());
    if let Some(frame) = parent {
        dialog = dialog.set_parent(frame);
    }
    let started = Instant::now();
    let chosen = dialog.save_file();
    let (tx, rx) = mpsc::channel();
    let (ctx, name) = (ctx.clone(), name.to_owned());
    let wait = move || {
        let outcome = match pollster::block_on(chosen) {
            Some(file) => write_file(
                &with_extension(file.path().to_path_buf(), kind),
                kind,
                &bytes,
                note,
            ),
            // No person closes a dialog this fast: it never opened (no portal, no zenity).
            None if cfg!(target_os = "linux") && started.elapsed() < Duration::from_millis(300) => {
                write_file(
                    &unique_path(&fallback_folder(), &name),
                    kind,
                    &bytes,
                    UNAVAILABLE,
                )
            }
            None => Err(format!(
                "Nothing was saved: the save dialog was cancelled ({}).",
                kind.what().to_lowercase()
            )),
        };
        let _ = tx.send(outcome);
        ctx.request_repaint();
    };
    if let Err(e) = std::thread::Builder::new()
        .name("save-dialog".into())
        .spawn(wait)
    {
        let (tx, rx) = mpsc::channel();
        let _ = tx.send(Err(format!("The save dialog could not be opened: {e}.")));
        return rx;
    }
    rx
}

/// On Linux the dialog goes through the desktop portal over D-Bus (or zenity): without a
/// session bus and without zenity no dialog can open.
fn dialog_possible() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| Path::new(&d).join("bus").exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("zenity").is_file()));
    bus || zenity
}

fn with_extension(path: PathBuf, kind: Kind) -> PathBuf {
    let has = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(kind.extension()));
    if has {
        path
    } else {
        path.with_extension(kind.extension())
    }
}

/// Documents, else Downloads, else home, else the working folder.
pub fn fallback_folder() -> PathBuf {
    let dirs = directories::UserDirs::new();
    dirs.as_ref()
        .and_then(|d| d.document_dir().or(d.download_dir()).map(Path::to_path_buf))
        .filter(|d| d.is_dir())
        .or_else(|| dirs.as_ref().map(|d| d.home_dir().to_path_buf()))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// `dir/name`, or `dir/stem-2.ext`, `-3`, ... if that exists already.
pub fn unique_path(dir: &Path, name: &str) -> PathBuf {
    let first = dir.join(name);
    if !first.exists() {
        return first;
    }
    let p = Path::new(name);
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or(name);
    let ext = p.extension().and_then(|s| s.to_str());
    (2..)
        .map(|i| match ext {
            Some(ext) => dir.join(format!("{stem}-{i}.{ext}")),
            None => dir.join(format!("{stem}-{i}")),
        })
        .find(|p| !p.exists())
        .unwrap_or(first)
}

/// Writes through a temporary file in the same folder, so a failed write leaves no half
/// file behind. The file gets the usual permissions for new files (the user's umask).
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("export");
    let tmp = dir.join(format!(".{name}.{}.partial", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, pos2};

    #[test]
    fn names_carry_section_and_seed() {
        assert_eq!(
            default_name(1, Some("42"), Kind::Png),
            "locks-lesson-s1-seed42.png"
        );
        assert_eq!(default_name(7, None, Kind::Csv), "locks-lesson-s7.csv");
    }

    #[test]
    fn crop_takes_the_plot_in_pixels() {
        // 10×6 pixels at 2 pixels per point; a red 2×1-point block at (1, 1) points.
        let mut img = ColorImage::filled([10, 6], Color32::WHITE);
        for y in 2..4 {
            for x in 2..6 {
                img.pixels[y * 10 + x] = Color32::RED;
            }
        }
        let png = crop_png(
            &img,
            Rect::from_min_max(pos2(1.0, 1.0), pos2(3.0, 2.0)),
            2.0,
        )
        .unwrap();
        let decoded = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(decoded.dimensions(), (4, 2));
        assert!(decoded.pixels().all(|p| p.0 == [255, 0, 0, 255]));
        // Off screen: a clear message instead of an empty image.
        assert!(
            crop_png(
                &img,
                Rect::from_min_max(pos2(20.0, 20.0), pos2(30.0, 30.0)),
                2.0
            )
            .is_err()
        );
    }

    #[test]
    fn existing_files_are_not_overwritten_in_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let a = unique_path(dir.path(), "x.png");
        assert_eq!(a, dir.path().join("x.png"));
        write_atomically(&a, b"1").unwrap();
        let b = unique_path(dir.path(), "x.png");
        assert_eq!(b, dir.path().join("x-2.png"));
        write_atomically(&b, b"2").unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"1");
        assert_eq!(unique_path(dir.path(), "x.png"), dir.path().join("x-3.png"));
    }
}
