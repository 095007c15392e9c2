//! The progress file on disk: reading, setting a damaged file aside, the advisory lock, and
//! the atomic, merging save that the writer thread runs.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::{Damage, FILE_NAME, MAX_FILE_BYTES, Progress, now_ms};

/// Reads the file at `path`: `Ok(None)` when there is none (nor a folder to hold it: that
/// shows up as a failed save, and saving is tried again at the next change).
pub(super) fn read(path: &Path) -> io::Result<Option<Result<Progress, Damage>>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    if len > MAX_FILE_BYTES {
        return Ok(Some(Err(Damage::TooLarge(len))));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(Some(Progress::from_bytes(&bytes)))
}

/// Renames a damaged file to `<name>.bad-<unix time>` (with `-2`, `-3`… if that exists).
pub(super) fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let secs = now_ms() / 1000;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| FILE_NAME.into());
    for k in 1..1000 {
        let suffix = if k == 1 {
            String::new()
        } else {
            format!("-{k}")
        };
        let backup = path.with_file_name(format!("{name}.bad-{secs}{suffix}"));
        if !backup.exists() {
            fs::rename(path, &backup)?;
            return Ok(backup);
        }
    }
    let words = t!("stage.progress.too_many_backups");
    Err(io::Error::new(io::ErrorKind::AlreadyExists, words))
}

/// The folder a file lives in ("." for a bare file name).
pub(super) fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// An advisory lock on `<file>.lock`, held until dropped. Where the file system cannot lock,
/// saving goes on without it (the re-read and merge still protect most races).
pub(super) struct FileLock {
    file: Option<File>,
}

impl FileLock {
    pub(super) fn acquire(path: &Path) -> Self {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        let lock_path = path.with_file_name(name);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(lock_path)
            .ok();
        let file = file.filter(|f| f.lock().is_ok());
        Self { file }
    }

    fn held(&self) -> bool {
        self.file.is_some()
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        if let Some(f) = &self.file {
            let _ = f.unlock();
        }
    }
}

/// Writes `text` to `path` atomically: a temporary file in the same folder, flushed and synced,
/// then renamed over `path`.
fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = folder(path);
    let name = path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.flush()?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable (possible on Unix; elsewhere the rename is enough).
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes temporary files left by a writer that was killed mid-save. Only called with the
/// lock held, when no other writer can be writing one.
fn remove_leftovers(path: &Path) {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = fs::read_dir(folder(path)) else {
        return;
    };
    for e in entries.flatten() {
        let n = e.file_name().to_string_lossy().into_owned();
        if n.starts_with(&prefix) && n.ends_with(".tmp") {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// What one save did.
#[derive(Debug)]
pub(super) enum Saved {
    /// Written: what is now in the file (this window's progress merged with the file's), and
    /// a message if a damaged file had to be set aside first.
    Done {
        merged: Progress,
        notice: Option<String>,
    },
    /// Not written. With `writable` false, saving must stop (the file could not be set aside).
    Failed { notice: String, writable: bool },
}

/// Saves `progress` to `path`: under the file's lock, re-reads the file, merges it in and
/// writes the result atomically.
pub(super) fn save(path: &Path, mut progress: Progress) -> Saved {
    let lock = FileLock::acquire(path);
    let mut notice = None;
    match read(path) {
        Ok(None) => {}
        Ok(Some(Ok(theirs))) => progress.merge(&theirs),
        Ok(Some(Err(damage))) => match set_aside(path) {
            Ok(backup) => notice = Some(set_aside_notice(&damage, &backup)),
            Err(e) => {
                return Saved::Failed {
                    notice: unmovable_notice(path, &damage, &e),
                    writable: false,
                };
            }
        },
        Err(e) => {
            return Saved::Failed {
                notice: failed_notice(true, path, &e),
                writable: true,
            };
        }
    }
    if lock.held() {
        remove_leftovers(path);
    }
    let written =
        fs::create_dir_all(folder(path)).and_then(|()| write_atomic(path, &progress.to_ron()));
    match written {
        Ok(()) => Saved::Done {
            merged: progress,
            notice,
        },
        Err(e) => Saved::Failed {
            notice: failed_notice(false, path, &e),
            writable: true,
        },
    }
}

/// The message of a failed save (in `reading` the file, or in writing it), with its second
/// half: the answers are kept.
fn failed_notice(reading: bool, path: &Path, e: &io::Error) -> String {
    let values = [
        ("path", path.display().to_string()),
        ("error", e.to_string()),
        ("kept", t!("stage.progress.kept").to_owned()),
    ];
    if reading {
        tf!("stage.progress.read_failed", &values)
    } else {
        tf!("stage.progress.save_failed", &values)
    }
}

/// The message after a damaged file was set aside.
pub(super) fn set_aside_notice(damage: &Damage, backup: &Path) -> String {
    let values = [
        ("backup", backup.display().to_string()),
        ("damage", damage.to_string()),
    ];
    tf!("stage.progress.set_aside", &values)
}

/// The message when a damaged file could not be set aside either.
pub(super) fn unmovable_notice(path: &Path, damage: &Damage, e: &io::Error) -> String {
    let values = [
        ("path", path.display().to_string()),
        ("damage", damage.to_string()),
        ("error", e.to_string()),
    ];
    tf!("stage.progress.unmovable", &values)
}
