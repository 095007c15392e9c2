//! `--playlist` with a file that is not a playlist: a device that never ends, a huge file, a
//! binary one. It is refused at once, before any window opens, with one clear message; the
//! loader the app uses reads at most its cap.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use locks_lesson::scenario::playlist::{self, MAX_FILE_BYTES};

/// Runs the app with `args`, killing it if it has not exited within `limit`: exit code and
/// standard error, or `None` when it had to be killed (it read on, or opened a window).
fn run_within(args: &[&str], limit: Duration) -> Option<(i32, String)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_locks-lesson"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let start = Instant::now();
    while start.elapsed() < limit {
        if child.try_wait().expect("waits").is_some() {
            let out = child.wait_with_output().expect("exits");
            let err = String::from_utf8_lossy(&out.stderr).into_owned();
            return Some((out.status.code().unwrap_or(-1), err));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().ok();
    child.wait().ok();
    None
}

/// Refused promptly: exit status 2 and one line naming the flag and saying why.
fn refused_promptly(file: &Path, why: &str) {
    let arg = file.to_str().unwrap();
    let (code, err) = run_within(&["--playlist", arg], Duration::from_secs(20))
        .unwrap_or_else(|| panic!("--playlist {arg} still running after 20 s"));
    assert_eq!(code, 2, "--playlist {arg}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert!(err.contains("--playlist") && err.contains(why), "{err}");
}

#[cfg(unix)]
#[test]
fn an_endless_device_is_refused_at_once() {
    let zero = Path::new("/dev/zero");
    let err = playlist::read(zero).unwrap_err();
    assert!(
        err.contains("/dev/zero") && err.contains("larger than"),
        "{err}"
    );
    refused_promptly(zero, "larger than");
}

#[test]
fn a_huge_file_is_refused_without_being_read() {
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.txt");
    // A sparse gigabyte: reading it all would take seconds and a gigabyte of memory.
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    refused_promptly(&huge, "larger than");
}

#[test]
fn the_cap_holds_to_the_byte() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("list.txt");
    // Comments only: a valid playlist of exactly the largest size, then one byte more.
    let line = "# a prepared run for the lecture\n";
    let mut text = line.repeat(MAX_FILE_BYTES as usize / line.len());
    text.push_str(&"#".repeat(MAX_FILE_BYTES as usize - text.len()));
    std::fs::write(&file, &text).unwrap();
    assert_eq!(playlist::read(&file).unwrap().len() as u64, MAX_FILE_BYTES);
    text.push('#');
    std::fs::write(&file, &text).unwrap();
    let err = playlist::read(&file).unwrap_err();
    assert!(err.contains("larger than"), "{err}");
}

#[test]
fn a_binary_file_or_a_folder_gets_one_message_and_a_missing_one_is_a_new_list() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("list.bin");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x81]).unwrap();
    refused_promptly(&binary, "not a text file");
    refused_promptly(dir.path(), "could not be read");
    // A file that does not exist yet is where "Add to playlist" will write.
    assert_eq!(playlist::read(&dir.path().join("new.txt")).unwrap(), "");
}
