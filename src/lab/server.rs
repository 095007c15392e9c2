//! A lock server of the lab's own: `redis-server` or `etcd` from PATH, started on a free
//! loopback port with a temporary data folder, and always stopped (the guard's `Drop` kills
//! it). It listens on 127.0.0.1 only; nothing else on the network is ever contacted.

use std::fs::File;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use super::{LabError, ServerKind, etcd, redis_store};

/// How long a fresh server may take to answer.
const READY_WITHIN: Duration = Duration::from_secs(15);

/// The program that runs the server.
pub fn binary_name(kind: ServerKind) -> &'static str {
    match kind {
        ServerKind::Redis => "redis-server",
        ServerKind::Etcd => "etcd",
    }
}

/// The server's program on PATH, if installed.
pub fn find_binary(kind: ServerKind) -> Option<PathBuf> {
    let name = binary_name(kind);
    let names = if cfg!(windows) {
        vec![format!("{name}.exe")]
    } else {
        vec![name.to_owned()]
    };
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// One line: why there is no server, and how to install one on each platform.
pub fn install_hint(kind: ServerKind) -> String {
    match kind {
        ServerKind::Redis => "no Redis server: no URL was given and redis-server is not on PATH. \
             Install it: Debian/Ubuntu `sudo apt install redis-server`; macOS `brew install redis`; \
             Windows has no native Redis: in WSL run `sudo apt install redis-server` and \
             `redis-server`, then give the URL redis://127.0.0.1:6379."
            .into(),
        ServerKind::Etcd => "no etcd server: no URL was given and etcd is not on PATH. \
             Install it: Debian/Ubuntu `sudo apt install etcd-server`; macOS `brew install etcd`; \
             Windows: unzip etcd-v3.x-windows-amd64.zip from github.com/etcd-io/etcd/releases \
             and put etcd.exe on PATH."
            .into(),
    }
}

/// A running server of our own. Dropping it stops the server and deletes its data.
pub struct LocalServer {
    child: Option<Child>,
    url: String,
    dir: TempDir,
    kind: ServerKind,
}

fn free_port() -> Result<u16, LabError> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| LabError::NoServer(format!("no free loopback port: {e}")))
}

impl LocalServer {
    /// Starts the server and waits (bounded) until it answers. `cancelled` is polled while
    /// waiting.
    pub fn start(kind: ServerKind, cancelled: &dyn Fn() -> bool) -> Result<Self, LabError> {
        let program = find_binary(kind).ok_or_else(|| LabError::NoServer(install_hint(kind)))?;
        // A port may be taken between finding it free and the server binding it: try again.
        let mut last = None;
        for _ in 0..3 {
            match Self::start_once(kind, &program, cancelled) {
                Ok(s) => return Ok(s),
                Err(LabError::Cancelled) => return Err(LabError::Cancelled),
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or(LabError::Cancelled))
    }

    fn start_once(
        kind: ServerKind,
        program: &Path,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<Self, LabError> {
        let dir = tempfile::Builder::new()
            .prefix("locks-lesson-lab-")
            .tempdir()
            .map_err(|e| LabError::NoServer(format!("no temporary folder for the server: {e}")))?;
        let port = free_port()?;
        let mut cmd = Command::new(program);
        let url = match kind {
            ServerKind::Redis => {
                cmd.args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                    .arg("--dir")
                    .arg(dir.path())
                    .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
                    .args(["--protected-mode", "yes", "--loglevel", "warning"]);
                format!("redis://127.0.0.1:{port}")
            }
            ServerKind::Etcd => {
                let peer = free_port()?;
                let client = format!("http://127.0.0.1:{port}");
                let peer = format!("http://127.0.0.1:{peer}");
                cmd.args(["--name", "lab", "--data-dir"])
                    .arg(dir.path().join("data"))
                    .args([
                        "--listen-client-urls",
                        &client,
                        "--advertise-client-urls",
                        &client,
                    ])
                    .args([
                        "--listen-peer-urls",
                        &peer,
                        "--initial-advertise-peer-urls",
                        &peer,
                    ])
                    .arg(format!("--initial-cluster=lab={peer}"))
                    // Short raft timers: a lease of one second is then allowed.
                    .args(["--heartbeat-interval", "50", "--election-timeout", "500"])
                    .args(["--logger", "zap", "--log-level", "error"]);
                client
            }
        };
        let log = File::create(dir.path().join("server.log"))
            .and_then(|f| Ok((f.try_clone()?, f)))
            .map_err(|e| LabError::NoServer(format!("cannot write the server's log: {e}")))?;
        let child = cmd
            .stdin(Stdio::null())
            .stdout(log.0)
            .stderr(log.1)
            .spawn()
            .map_err(|e| {
                LabError::NoServer(format!("could not start {}: {e}", program.display()))
            })?;
        let mut server = Self {
            child: Some(child),
            url,
            dir,
            kind,
        };
        server.wait_ready(cancelled)?;
        Ok(server)
    }

    fn wait_ready(&mut self, cancelled: &dyn Fn() -> bool) -> Result<(), LabError> {
        let start = Instant::now();
        loop {
            if cancelled() {
                return Err(LabError::Cancelled);
            }
            if let Some(Ok(Some(status))) = self.child.as_mut().map(Child::try_wait) {
                return Err(LabError::NoServer(format!(
                    "{} stopped at once ({status}): {}",
                    binary_name(self.kind),
                    self.log_tail()
                )));
            }
            let ready = match self.kind {
                ServerKind::Redis => redis_store::probe(&self.url).is_ok(),
                ServerKind::Etcd => etcd::healthy(&self.url),
            };
            if ready {
                return Ok(());
            }
            if start.elapsed() > READY_WITHIN {
                return Err(LabError::NoServer(format!(
                    "{} did not answer within {} s: {}",
                    binary_name(self.kind),
                    READY_WITHIN.as_secs(),
                    self.log_tail()
                )));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The last line the server logged.
    fn log_tail(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log"))
            .ok()
            .and_then(|t| {
                t.lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| "it logged nothing".into())
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn kind(&self) -> ServerKind {
        self.kind
    }

    /// Stops the server now, as a crash would (tests use it to kill a server mid-run).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        self.kill();
    }
}
