//! Playlist files: scenario codes, one a line, `#` comments, read with a size cap. The app
//! walks them with Page Down; the command line checks `--playlist` before any window opens.

use std::path::{Path, PathBuf};

/// The largest playlist file read, in bytes: thousands of codes. Past it (a wrong file, a
/// device such as `/dev/zero`, an endless stream) the playlist is refused after reading at most
/// this much plus one byte.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;

/// The word after a code that opts its line out of the lecture's builds: the run shows at
/// once, with no prediction asked and no story stepped.
pub const REVEAL: &str = "reveal";

/// One line of a playlist: a checked scenario code, and whether it opts out of the builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub code: String,
    pub reveal: bool,
}

/// The text of the playlist at `path`: empty when there is no such file yet ("Add to playlist"
/// will write it); one clear message when it cannot be read, is too large or is not text.
pub fn read(path: &Path) -> Result<String, String> {
    use std::io::Read as _;
    let shown = path.display().to_string();
    let unreadable = |e: std::io::Error| {
        let values = [("path", shown.clone()), ("error", e.to_string())];
        tf!("share.playlist.file.unreadable", &values)
    };
    let file = match std::fs::File::open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        open => open.map_err(unreadable)?,
    };
    let too_large = || {
        let values = [
            ("path", shown.clone()),
            ("kb", (MAX_FILE_BYTES / 1024).to_string()),
        ];
        tf!("share.playlist.file.too_large", &values)
    };
    // A regular file says its size; a device or a pipe says 0 and is read up to the cap.
    if file.metadata().is_ok_and(|m| m.len() > MAX_FILE_BYTES) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| tf!("share.playlist.file.not_text", &[("path", &shown)]))
}

/// `--playlist FILE` on the command line: refused before any window opens when [`read`]
/// refuses it.
pub fn parse_arg(raw: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(raw);
    read(&path).map(|_| path)
}

/// Whether `code` is a scenario code this lesson can apply; the section it is for, or a
/// message saying what is wrong. Nothing on screen changes.
pub fn check_code(code: &str) -> Result<u8, String> {
    crate::scenario::check(code).map(|(n, _)| n)
}

/// The codes of a playlist file's text, in order, and one message per line that was skipped.
pub fn parse(text: &str) -> (Vec<Entry>, Vec<String>) {
    let mut codes = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split('#').next().unwrap_or("").split_whitespace();
        let Some(code) = words.next() else {
            continue;
        };
        let reveal = match words.next() {
            None => false,
            Some(REVEAL) if words.next().is_none() => true,
            Some(other) => {
                let values = [
                    ("n", (i + 1).to_string()),
                    ("reveal", REVEAL.to_owned()),
                    ("code", code.to_owned()),
                    ("other", other.to_owned()),
                ];
                problems.push(tf!("share.playlist.line.extra", &values));
                continue;
            }
        };
        match check_code(code) {
            Ok(_) => codes.push(Entry {
                code: code.to_owned(),
                reveal,
            }),
            Err(e) => {
                let values = [
                    ("n", (i + 1).to_string()),
                    ("code", code.to_owned()),
                    ("error", e),
                ];
                problems.push(tf!("share.playlist.line.skipped", &values));
            }
        }
    }
    (codes, problems)
}
