//! A server process that cannot outlive the app.
//!
//! On Unix every server the lab starts runs under a small supervisor, `sh` with the script
//! below, in a process group of its own (a Ctrl+C in the terminal reaches the app only). The
//! supervisor makes a fresh temporary folder, starts the server in it and then reads commands
//! from a pipe whose writing end only the app holds. When that pipe closes — the app dropped
//! the server, returned, panicked, was stopped by Ctrl+C or killed with SIGKILL: the kernel
//! closes a dead process's pipes — the supervisor kills the server, waits for it and removes
//! the folder. No `unsafe`, no signal handler in the app: the kernel's pipe does the work.
//!
//! Elsewhere (Windows has no `sh`) the server is the app's own child, killed when dropped.

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The folder name's prefix: `locks-lesson-lab-XXXXXXXX` in the system's temporary folder.
pub const DIR_PREFIX: &str = "locks-lesson-lab-";

/// The supervisor (`supervise.sh`). `$1` is the program, the rest its arguments. It answers on its standard
/// output: first `DIR PID`, then one line per command (`kill` → `killed`, `status` → `up` or
/// `down`). SIGINT, SIGHUP and SIGPIPE are ignored so that it always gets to clean up.
#[cfg(unix)]
const SCRIPT: &str = include_str!("supervise.sh");

/// One server and its folder (the server's working directory: give it relative paths).
pub struct Supervised {
    #[cfg(unix)]
    sh: Child,
    #[cfg(unix)]
    to_sh: Option<std::process::ChildStdin>,
    #[cfg(unix)]
    from_sh: io::BufReader<std::process::ChildStdout>,
    #[cfg(not(unix))]
    child: Child,
    #[cfg(not(unix))]
    _folder: tempfile::TempDir,
    dir: PathBuf,
    pid: u32,
    dead: bool,
}

impl Supervised {
    /// Starts `program` with `args` in a fresh temporary folder; its output goes to
    /// `server.log` there.
    #[cfg(unix)]
    pub fn spawn(program: &Path, args: &[String]) -> io::Result<Self> {
        use io::BufRead;
        use std::os::unix::process::CommandExt;
        let mut sh = Command::new("/bin/sh")
            .arg("-c")
            .arg(SCRIPT)
            .arg("locks-lesson-lab")
            .arg(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        let to_sh = sh.stdin.take();
        let mut from_sh = io::BufReader::new(sh.stdout.take().expect("piped stdout"));
        let mut first = String::new();
        from_sh.read_line(&mut first)?;
        let (dir, pid) = first
            .trim_end()
            .rsplit_once(' ')
            .and_then(|(d, p)| Some((PathBuf::from(d), p.parse().ok()?)))
            .ok_or_else(|| {
                let _ = sh.wait();
                io::Error::other(t!("lab.error.no_temp_folder"))
            })?;
        Ok(Self {
            sh,
            to_sh,
            from_sh,
            dir,
            pid,
            dead: false,
        })
    }

    #[cfg(not(unix))]
    pub fn spawn(program: &Path, args: &[String]) -> io::Result<Self> {
        let folder = tempfile::Builder::new().prefix(DIR_PREFIX).tempdir()?;
        let log = std::fs::File::create(folder.path().join("server.log"))?;
        let child = Command::new(program)
            .args(args)
            .current_dir(folder.path())
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()?;
        Ok(Self {
            pid: child.id(),
            child,
            dir: folder.path().to_owned(),
            _folder: folder,
            dead: false,
        })
    }

    /// Sends a command and reads its one-line answer ("" when the supervisor is gone).
    #[cfg(unix)]
    fn ask(&mut self, command: &str) -> String {
        use io::{BufRead, Write};
        let Some(pipe) = self.to_sh.as_mut() else {
            return String::new();
        };
        if writeln!(pipe, "{command}")
            .and_then(|()| pipe.flush())
            .is_err()
        {
            return String::new();
        }
        let mut answer = String::new();
        let _ = self.from_sh.read_line(&mut answer);
        answer.trim().to_owned()
    }

    /// The server's folder (its working directory).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// True while the server process runs.
    pub fn running(&mut self) -> bool {
        if self.dead {
            return false;
        }
        #[cfg(unix)]
        let up = self.ask("status") == "up";
        #[cfg(not(unix))]
        let up = matches!(self.child.try_wait(), Ok(None));
        up
    }

    /// Kills the server at once (SIGKILL, as a crash would) and waits until it is gone. The
    /// folder stays until the supervisor ends.
    pub fn kill(&mut self) {
        if self.dead {
            return;
        }
        self.dead = true;
        #[cfg(unix)]
        self.ask("kill");
        #[cfg(not(unix))]
        {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Drop for Supervised {
    /// Closes the pipe: the supervisor kills the server and removes the folder; waits for it.
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            drop(self.to_sh.take());
            let _ = self.sh.wait();
        }
        #[cfg(not(unix))]
        self.kill();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn the_folder_and_the_process_go_with_the_guard() {
        let mut s = Supervised::spawn(Path::new("sleep"), &["30".into()]).unwrap();
        let dir = s.dir().to_owned();
        assert!(dir.is_dir());
        assert!(
            dir.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(DIR_PREFIX)
        );
        assert!(s.running());
        let pid = s.pid();
        assert!(exists(pid), "the server runs before the guard goes");
        drop(s);
        assert!(!dir.exists(), "the folder was removed");
        assert!(!exists(pid), "the server was killed");
    }

    /// Whether process `pid` exists (running, or dead and not yet waited for), asked with the
    /// shell's `kill -0`: the same answer on Linux and macOS, with or without a /proc.
    fn exists(pid: u32) -> bool {
        Command::new("/bin/sh")
            .args(["-c", "kill -0 \"$1\" 2>/dev/null", "sh", &pid.to_string()])
            .status()
            .is_ok_and(|s| s.success())
    }

    #[test]
    fn exists_tells_a_running_process_from_a_waited_one() {
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let pid = child.id();
        assert!(exists(pid));
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(!exists(pid));
    }

    #[test]
    fn a_killed_server_is_seen_as_down() {
        let mut s = Supervised::spawn(Path::new("sleep"), &["30".into()]).unwrap();
        s.kill();
        assert!(!s.running());
        let mut quick = Supervised::spawn(Path::new("true"), &[]).unwrap();
        let t = std::time::Instant::now();
        while quick.running() && t.elapsed().as_secs() < 5 {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(!quick.running(), "a server that exits is seen as down");
    }
}
