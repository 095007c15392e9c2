//! Prepared runs: a playlist of scenario codes, one a line, with `#` comments.
//!
//! `--playlist FILE` loads one; the app opens on its first code, and Page Down (Page Up)
//! applies the next (previous) code, until the list is over. "Add to playlist" appends the
//! run on screen to a playlist file, so a lecturer builds the list by clicking through the
//! lesson once.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::scenario::playlist::{Entry, parse, read};
use crate::ui::share::{self, Share};
use crate::ui::shell::keymap::{Action, key_text};
use crate::ui::{Press, Section};

/// The file "Add to playlist" writes when no `--playlist` was given: beside the progress file.
pub const DEFAULT_FILE_NAME: &str = "playlist.txt";

/// The playlist in use, and where "Add to playlist" writes.
#[derive(Debug, Default)]
pub struct Playlist {
    codes: Vec<Entry>,
    /// The code on screen, while the playlist leads; `None` before it starts or once over.
    at: Option<usize>,
    /// The file codes are appended to.
    file: Option<PathBuf>,
}

impl Playlist {
    /// A playlist read from `path` (codes appended later go to the same file; a file that does
    /// not exist yet is an empty list), with the messages about skipped lines.
    pub fn load(path: &Path) -> Result<(Self, Vec<String>), String> {
        let text = read(path)?;
        let (codes, problems) = parse(&text);
        let list = Self {
            codes,
            at: None,
            file: Some(path.to_owned()),
        };
        Ok((list, problems))
    }

    /// An empty playlist whose added codes go to `file`.
    pub fn writing_to(file: Option<PathBuf>) -> Self {
        Self {
            file,
            ..Self::default()
        }
    }

    pub fn codes(&self) -> &[Entry] {
        &self.codes
    }

    /// The position of the code on screen (from 0) while the playlist leads.
    pub fn position(&self) -> Option<usize> {
        self.at
    }

    /// Where "Add to playlist" writes.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Whether the playlist takes a Page Down (`forward`) or Page Up now: while it leads,
    /// every press but Page Up from its first code (then the lesson moves as usual).
    pub fn takes(&self, forward: bool) -> bool {
        self.at.is_some_and(|at| forward || at > 0)
    }

    /// A press while the playlist leads: Page Down (Page Up) applies the next (previous) code
    /// and returns the section to show (`Some(None)` if the code failed). `None` when the
    /// playlist has nothing more to say (the app moves through the lesson as usual).
    pub fn press(
        &mut self,
        ctx: &egui::Context,
        press: Press,
        share: &mut Share,
        sections: &mut [Box<dyn Section>],
    ) -> Option<Option<u8>> {
        let at = self.at?;
        let to = if press.forward {
            at + 1
        } else {
            at.checked_sub(1)?
        };
        if to >= self.codes.len() {
            self.at = None;
            let values = [("key", key_text(Action::NextSection))];
            share.tell_short(
                ctx,
                tf!("share.playlist.over", &values),
                tf!("share.playlist.over.short", &values),
            );
            return Some(None);
        }
        Some(self.show(ctx, to, press.lecture, share, sections))
    }

    /// Applies code `i` and says so; returns its section. In lecture mode the run starts at
    /// its first build (the prediction asked, a story at its first moment) unless its line
    /// says `reveal`.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        i: usize,
        lecture: bool,
        share: &mut Share,
        sections: &mut [Box<dyn Section>],
    ) -> Option<u8> {
        let entry = self.codes.get(i)?;
        self.at = Some(i);
        let said = |message: String| {
            let values = [
                ("n", (i + 1).to_string()),
                ("count", self.codes.len().to_string()),
                ("message", message),
            ];
            tf!("share.playlist.at", &values)
        };
        match share::apply(sections, &entry.code) {
            Ok((n, message)) => {
                if !entry.reveal
                    && let Some(page) = sections[usize::from(n) - 1].present_mut()
                {
                    page.replay(lecture);
                }
                share.tell(ctx, said(message), false);
                Some(n)
            }
            Err(e) => {
                share.tell(ctx, said(e), true);
                None
            }
        }
    }

    /// Appends the section's code to the playlist file and says where.
    pub fn add(&mut self, ctx: &egui::Context, section: &dyn Section, share: &mut Share) {
        let Some(code) = Share::code_of(section) else {
            let values = [("n", section.number().to_string())];
            let text = tf!("share.playlist.no_settings", &values);
            share.tell(ctx, text, true);
            return;
        };
        let Some(file) = self.file.clone() else {
            let text = t!("share.playlist.no_file");
            share.tell(ctx, text, true);
            return;
        };
        match append(&file, &code, section) {
            Ok(()) => {
                self.codes.push(Entry {
                    code: code.clone(),
                    reveal: false,
                });
                let values = [("path", file.display().to_string()), ("code", code)];
                let text = tf!("share.playlist.added", &values);
                share.tell(ctx, text, false);
            }
            Err(e) => {
                let values = [
                    ("path", file.display().to_string()),
                    ("error", e.to_string()),
                ];
                let text = tf!("share.playlist.add_failed", &values);
                share.tell(ctx, text, true);
            }
        }
    }
}

/// One line for the code, with the section's title as a comment.
fn append(file: &Path, code: &str, section: &dyn Section) -> std::io::Result<()> {
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut line = String::new();
    let _ = writeln!(line, "{code}  # {}. {}", section.number(), section.title());
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)?;
    f.write_all(line.as_bytes())
}

/// The app's start: the `--scenario` code, then the `--playlist` (opened at its first code).
/// Returns the section to show.
pub fn start(
    ctx: &egui::Context,
    lecture: bool,
    scenario: Option<&str>,
    list: &mut Playlist,
    problems: &[String],
    share: &mut Share,
    sections: &mut [Box<dyn Section>],
) -> Option<u8> {
    let mut go = None;
    if let Some(code) = scenario {
        go = share.apply_code(ctx, sections, code);
    }
    if !list.codes.is_empty() {
        go = list.show(ctx, 0, lecture, share, sections).or(go);
    }
    if !problems.is_empty() {
        let problems = problems.join(t!("share.playlist.problems.separator"));
        let text = tf!("share.playlist.problems", &[("problems", problems)]);
        share.tell(ctx, text, true);
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::playlist::check_code;

    fn code(section: u8) -> String {
        Share::code_of(crate::ui::all_sections()[usize::from(section) - 1].as_ref()).unwrap()
    }

    #[test]
    fn comments_and_blank_lines_are_skipped_and_bad_lines_reported() {
        let text = format!(
            "# my lecture\n{}\n\n  {}   # the stale holder\nLL1-S2-nonsense\n",
            code(2),
            code(3)
        );
        let (codes, problems) = parse(&text);
        let codes: Vec<&str> = codes.iter().map(|e| e.code.as_str()).collect();
        assert_eq!(codes, vec![code(2), code(3)]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].starts_with("line 5"), "{}", problems[0]);
        assert!(problems[0].contains("skipped"), "{}", problems[0]);
    }

    #[test]
    fn a_line_may_opt_out_of_the_builds_and_nothing_else_may_follow_a_code() {
        let text = format!(
            "{}
{} reveal   # at once
{} show
",
            code(2),
            code(3),
            code(5)
        );
        let (codes, problems) = parse(&text);
        let reveal: Vec<bool> = codes.iter().map(|e| e.reveal).collect();
        assert_eq!(reveal, vec![false, true]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("line 3") && problems[0].contains("\"reveal\""),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn a_good_code_names_its_section() {
        assert_eq!(check_code(&code(5)), Ok(5));
        assert!(check_code("hello").is_err());
    }
}
