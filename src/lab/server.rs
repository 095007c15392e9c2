//! A lock server of the lab's own: `redis-server` or `etcd` from PATH, started on a free
//! loopback port with a temporary data folder under a supervisor, and always stopped (the
//! guard's `Drop`, or the supervisor when the app ends). It listens on 127.0.0.1 only; nothing else on the network is ever contacted.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::supervise::Supervised;
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
        ServerKind::Redis => t!("lab.error.no_server.redis"),
        ServerKind::Etcd => t!("lab.error.no_server.etcd"),
    }
    .into()
}

/// A running server of our own. Dropping it stops the server and deletes its folder; so does
/// the app's end, however it comes (see [`super::supervise`]).
pub struct LocalServer {
    proc: Supervised,
    url: String,
    port: u16,
    kind: ServerKind,
}

/// A free loopback port (the OS picks one; it may be taken again before a server binds it).
pub fn free_port() -> Result<u16, LabError> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| LabError::NoServer(tf!("lab.error.no_free_port", &[("why", e.to_string())])))
}

/// One member of an etcd cluster on loopback.
#[derive(Clone, Debug)]
pub struct EtcdMember {
    pub name: String,
    pub client_port: u16,
    pub peer_port: u16,
    /// `--initial-cluster`: every member's `name=peer URL`.
    pub cluster: String,
    /// `--initial-cluster-token`: unique per run, so two runs never mix.
    pub token: String,
}

impl EtcdMember {
    pub fn peer_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.peer_port)
    }
}

/// A Redis server without persistence on `port`, and `extra` arguments.
pub fn redis_args(port: u16, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--port",
        &port.to_string(),
        "--bind",
        "127.0.0.1",
        "--dir",
        ".",
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
        "--protected-mode",
        "yes",
        "--loglevel",
        "warning",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

/// An etcd member with short raft timers (a lease of one second is then allowed, and a new
/// leader is elected within about a second).
pub fn etcd_args(m: &EtcdMember) -> Vec<String> {
    let client = format!("http://127.0.0.1:{}", m.client_port);
    let peer = m.peer_url();
    [
        "--name",
        &m.name,
        "--data-dir",
        "data",
        "--listen-client-urls",
        &client,
        "--advertise-client-urls",
        &client,
        "--listen-peer-urls",
        &peer,
        "--initial-advertise-peer-urls",
        &peer,
        "--initial-cluster",
        &m.cluster,
        "--initial-cluster-state",
        "new",
        "--initial-cluster-token",
        &m.token,
        "--heartbeat-interval",
        "50",
        "--election-timeout",
        "500",
        "--logger",
        "zap",
        "--log-level",
        "error",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

impl LocalServer {
    /// Starts the server and waits (bounded) until it answers. `cancelled` is polled while
    /// waiting.
    pub fn start(kind: ServerKind, cancelled: &dyn Fn() -> bool) -> Result<Self, LabError> {
        // A port may be taken between finding it free and the server binding it: try again.
        let mut last = None;
        for _ in 0..3 {
            let port = free_port()?;
            let args = match kind {
                ServerKind::Redis => redis_args(port, &[]),
                ServerKind::Etcd => {
                    let peer_port = free_port()?;
                    let m = EtcdMember {
                        name: "lab".into(),
                        client_port: port,
                        peer_port,
                        cluster: format!("lab=http://127.0.0.1:{peer_port}"),
                        token: format!("lab-{:016x}", super::random_u64()),
                    };
                    etcd_args(&m)
                }
            };
            let started = Self::spawn(kind, port, &args).and_then(|mut s| {
                s.wait_ready(cancelled)?;
                Ok(s)
            });
            match started {
                Ok(s) => return Ok(s),
                Err(LabError::Cancelled) => return Err(LabError::Cancelled),
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or(LabError::Cancelled))
    }

    /// Starts the server with these arguments (see [`redis_args`], [`etcd_args`]) and returns
    /// at once; [`LocalServer::wait_ready`] waits for it to answer on `port`.
    pub fn spawn(kind: ServerKind, port: u16, args: &[String]) -> Result<Self, LabError> {
        let program = find_binary(kind).ok_or_else(|| LabError::NoServer(install_hint(kind)))?;
        let proc = Supervised::spawn(&program, args).map_err(|e| {
            LabError::NoServer(tf!(
                "lab.error.could_not_start",
                &[
                    ("program", program.display().to_string()),
                    ("why", e.to_string()),
                ],
            ))
        })?;
        let url = match kind {
            ServerKind::Redis => format!("redis://127.0.0.1:{port}"),
            ServerKind::Etcd => format!("http://127.0.0.1:{port}"),
        };
        Ok(Self {
            proc,
            url,
            port,
            kind,
        })
    }

    /// Waits until the server answers (etcd: until it is healthy, which for a member of a
    /// cluster means a leader was elected).
    pub fn wait_ready(&mut self, cancelled: &dyn Fn() -> bool) -> Result<(), LabError> {
        let start = Instant::now();
        let mut looks = 0u32;
        loop {
            if cancelled() {
                return Err(LabError::Cancelled);
            }
            let ready = match self.kind {
                ServerKind::Redis => redis_store::probe(&self.url).is_ok(),
                ServerKind::Etcd => etcd::healthy(&self.url),
            };
            if ready {
                return Ok(());
            }
            // Every few looks: has it stopped already (a port taken, a bad flag)?
            looks += 1;
            if looks.is_multiple_of(4) && !self.proc.running() {
                return Err(LabError::NoServer(tf!(
                    "lab.error.stopped_at_once",
                    &[
                        ("program", binary_name(self.kind).to_owned()),
                        ("log", self.log_tail()),
                    ],
                )));
            }
            if start.elapsed() > READY_WITHIN {
                return Err(LabError::NoServer(tf!(
                    "lab.error.no_answer_within",
                    &[
                        ("program", binary_name(self.kind).to_owned()),
                        ("secs", READY_WITHIN.as_secs().to_string()),
                        ("log", self.log_tail()),
                    ],
                )));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The last line the server logged.
    fn log_tail(&self) -> String {
        std::fs::read_to_string(self.proc.dir().join("server.log"))
            .ok()
            .and_then(|t| {
                t.lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| t!("lab.error.logged_nothing").into())
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn kind(&self) -> ServerKind {
        self.kind
    }

    /// The server's folder, removed when it stops.
    pub fn dir(&self) -> &Path {
        self.proc.dir()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.proc.pid()
    }

    /// Stops the server now, as a crash would (SIGKILL), and waits until it is gone.
    pub fn kill(&mut self) {
        self.proc.kill();
    }
}
