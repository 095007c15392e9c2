//! Saving the current section's figure as a PNG image (or copying it to the clipboard) and
//! its data as CSV.
//!
//! The figure is laid out off screen (see [`slide`]) and painted and encoded on a worker
//! thread, so the window goes on drawing; it never shows the pointer or a tooltip.
//!
//! The file name is chosen in the platform's save dialog (on Linux through the desktop portal,
//! so no GTK is needed). The dialog is asynchronous: it is opened from the UI thread and awaited
//! on a thread of its own, which also writes the file, so the window goes on drawing while the
//! dialog is open. Where no dialog can open, the file goes to the user's Documents (or
//! Downloads, or home) folder and the message says where.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use egui::ColorImage;

use crate::ui::share::slide::{self, Prepared};

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
pub enum FileKind {
    Png,
    Csv,
}

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Png => "png",
            FileKind::Csv => "csv",
        }
    }
    fn filter_name(self) -> &'static str {
        match self {
            FileKind::Png => t!("share.export.filter.png"),
            FileKind::Csv => t!("share.export.filter.csv"),
        }
    }
    fn dialog_title(self) -> &'static str {
        match self {
            FileKind::Png => t!("share.export.dialog.png"),
            FileKind::Csv => t!("share.export.dialog.csv"),
        }
    }
    fn saved(self, path: &Path) -> String {
        let values = [("path", path.display().to_string())];
        match self {
            FileKind::Png => tf!("share.export.saved.png", &values),
            FileKind::Csv => tf!("share.export.saved.csv", &values),
        }
    }
    fn not_saved(self, path: &Path, e: &std::io::Error) -> String {
        let values = [
            ("path", path.display().to_string()),
            ("error", e.to_string()),
        ];
        match self {
            FileKind::Png => tf!("share.export.not_saved.png", &values),
            FileKind::Csv => tf!("share.export.not_saved.csv", &values),
        }
    }
    fn cancelled(self) -> &'static str {
        match self {
            FileKind::Png => t!("share.export.cancelled.png"),
            FileKind::Csv => t!("share.export.cancelled.csv"),
        }
    }
}

/// The default file name: section and seed, e.g. `locks-lesson-s1-seed42.png`.
pub fn default_name(section: u8, seed: Option<&str>, kind: FileKind) -> String {
    match seed {
        Some(seed) => format!("locks-lesson-s{section}-seed{seed}.{}", kind.extension()),
        None => format!("locks-lesson-s{section}.{}", kind.extension()),
    }
}

/// What a figure is painted for.
pub enum Use {
    /// Saved as a PNG file of this name.
    Save(String),
    /// Put on the clipboard.
    Copy,
}

/// A painted figure, with its PNG bytes when it is to be saved.
struct Painted {
    image: ColorImage,
    png: Option<Vec<u8>>,
}

/// Exports in progress and where files go.
#[derive(Default)]
pub struct Exporter {
    pub destination: Destination,
    /// A figure being painted on its worker thread, and what for.
    figure: Option<(Use, Receiver<Result<Painted, String>>)>,
    /// A save dialog is open; its thread sends the outcome.
    dialog: Option<Receiver<Outcome>>,
}

/// The outcome of an export, as a message for the user (`Err` for failures).
pub type Outcome = Result<String, String>;

impl Exporter {
    pub fn new(destination: Destination) -> Self {
        Self {
            destination,
            ..Self::default()
        }
    }

    /// Whether an export is under way: a figure being painted, or a save dialog open.
    pub fn busy(&self) -> bool {
        self.figure.is_some() || self.dialog.is_some()
    }

    /// Paints a laid-out figure on a worker thread (and encodes it, to save it); the outcome
    /// comes from [`Exporter::poll`].
    pub fn start_figure(&mut self, ctx: &egui::Context, figure: Prepared, use_: Use) {
        let encode = matches!(use_, Use::Save(_));
        let rx = on_thread(
            ctx,
            "figure",
            |e| tf!("share.export.paint_failed", &[("error", e)]),
            move || {
                let image = figure.paint();
                let png = if encode {
                    Some(slide::png(&image)?)
                } else {
                    None
                };
                Ok(Painted { image, png })
            },
        );
        self.figure = Some((use_, rx));
    }

    /// Moves an export on; call once a frame. Returns the outcome once the file is saved or
    /// the figure copied (or either failed).
    pub fn poll(&mut self, ctx: &egui::Context, parent: Option<&eframe::Frame>) -> Option<Outcome> {
        if let Some(dialog) = &self.dialog {
            let outcome = match dialog.try_recv() {
                Ok(outcome) => outcome,
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => Err(t!("share.export.no_answer").to_owned()),
            };
            self.dialog = None;
            return Some(outcome);
        }
        let (_, rx) = self.figure.as_ref()?;
        let painted = match rx.try_recv() {
            Ok(painted) => painted,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err(t!("share.export.not_painted").to_owned()),
        };
        let (use_, _) = self.figure.take()?;
        let painted = match painted {
            Ok(p) => p,
            Err(e) => return Some(Err(e)),
        };
        let [w, h] = painted.image.size;
        match use_ {
            Use::Copy => {
                ctx.copy_image(painted.image);
                let values = [("w", w.to_string()), ("h", h.to_string())];
                Some(Ok(tf!("share.export.copied", &values)))
            }
            Use::Save(name) => {
                let png = painted.png.unwrap_or_default();
                self.save(ctx, parent, &name, FileKind::Png, png, false)
            }
        }
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
        self.save(
            ctx,
            parent,
            name,
            FileKind::Csv,
            csv.as_bytes().to_vec(),
            false,
        )
    }

    /// Saves `bytes` into the export folder at once, or opens the save dialog and leaves the
    /// rest to its thread. `elsewhere`: no dialog could open (a success message says so).
    fn save(
        &mut self,
        ctx: &egui::Context,
        parent: Option<&eframe::Frame>,
        name: &str,
        kind: FileKind,
        bytes: Vec<u8>,
        elsewhere: bool,
    ) -> Option<Outcome> {
        let dir = match &self.destination {
            Destination::Folder(dir) => dir.clone(),
            Destination::Ask if dialog_possible() => {
                self.dialog = Some(ask(ctx, parent, name, kind, bytes, elsewhere));
                return None;
            }
            Destination::Ask => {
                let path = unique_path(&fallback_folder(), name);
                return Some(write_file(&path, kind, &bytes, true));
            }
        };
        Some(write_file(
            &unique_path(&dir, name),
            kind,
            &bytes,
            elsewhere,
        ))
    }
}

/// Writes an export and says how it went (`elsewhere`: no dialog could open, and the message
/// says so).
fn write_file(path: &Path, kind: FileKind, bytes: &[u8], elsewhere: bool) -> Outcome {
    write_atomically(path, bytes)
        .map(|()| {
            let saved = kind.saved(path);
            if elsewhere {
                tf!("share.export.saved_elsewhere", &[("saved", saved)])
            } else {
                saved
            }
        })
        .map_err(|e| kind.not_saved(path, &e))
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
    kind: FileKind,
    bytes: Vec<u8>,
    elsewhere: bool,
) -> Receiver<Outcome> {
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title(kind.dialog_title())
        .set_file_name(name)
        .add_filter(kind.filter_name(), &[kind.extension()])
        .set_directory(fallback_folder());
    if let Some(frame) = parent {
        dialog = dialog.set_parent(frame);
    }
    let started = Instant::now();
    let chosen = dialog.save_file();
    let name = name.to_owned();
    on_thread(
        ctx,
        "save-dialog",
        |e| tf!("share.export.dialog_failed", &[("error", e)]),
        move || {
            match pollster::block_on(chosen) {
                Some(file) => write_file(
                    &with_extension(file.path().to_path_buf(), kind),
                    kind,
                    &bytes,
                    elsewhere,
                ),
                // No person closes a dialog this fast: it never opened (no portal, no zenity).
                None if cfg!(target_os = "linux")
                    && started.elapsed() < Duration::from_millis(300) =>
                {
                    write_file(&unique_path(&fallback_folder(), &name), kind, &bytes, true)
                }
                None => Err(kind.cancelled().to_owned()),
            }
        },
    )
}

/// Runs `work` on a thread of its own and wakes the window when it is done; its result
/// comes through the receiver (or, if no thread can start, `failed` says so with the reason).
fn on_thread<T: Send + 'static>(
    ctx: &egui::Context,
    name: &str,
    failed: fn(String) -> String,
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Receiver<Result<T, String>> {
    let (tx, rx) = mpsc::channel();
    let (sender, repaint) = (tx.clone(), ctx.clone());
    let run = move || {
        let _ = sender.send(work());
        repaint.request_repaint();
    };
    if let Err(e) = std::thread::Builder::new().name(name.into()).spawn(run) {
        let _ = tx.send(Err(failed(e.to_string())));
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

fn with_extension(path: PathBuf, kind: FileKind) -> PathBuf {
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

    #[test]
    fn names_carry_section_and_seed() {
        assert_eq!(
            default_name(1, Some("42"), FileKind::Png),
            "locks-lesson-s1-seed42.png"
        );
        assert_eq!(default_name(7, None, FileKind::Csv), "locks-lesson-s7.csv");
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
