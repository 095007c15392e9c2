//! Section 5 on real servers: the three failures that decide where a lock should live.
//!
//! - [`redis_replica`]: a Redis primary and its replica; the primary dies before the replica
//!   has A's lock, the replica is promoted, and B is granted the same lock.
//! - [`redlock`]: five Redis masters; one of the three that granted A's lock restarts empty,
//!   and B wins a majority with it (or, restarted only after the TTL, does not).
//! - [`etcd_cluster`]: three etcd members; the leader dies, a new one is elected, and B is
//!   refused: the lock was committed on a majority.
//!
//! Each is a [`script::Script`]: the same phases (start the servers, A takes the lock, the
//! fault, B asks, the diagram), played in order by [`script::play`].
//!
//! Every run starts its own servers on free loopback ports, each in a fresh temporary folder
//! under a supervisor (see [`super::supervise`]), and stops them when it ends, however it
//! ends. Every moment is measured on this computer's monotonic clock, in milliseconds from
//! the story's start (the first thing done to the servers once they all answer).

mod etcd_cluster;
mod redis_replica;
mod redlock;
mod script;
pub mod text;

use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;

use super::server::{LocalServer, free_port, redis_args};
use super::{Control, LabError, ServerKind, ms_since};

pub use text::{experiment, slide_story, story, words};

/// The lock's time to live in every experiment.
pub const TTL_MS: u64 = 3000;

/// Which experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum FailoverStore {
    RedisReplica,
    Redlock,
    EtcdCluster,
}

impl FailoverStore {
    pub const ALL: [FailoverStore; 3] = [Self::RedisReplica, Self::Redlock, Self::EtcdCluster];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::RedisReplica => "redis-replica",
            Self::Redlock => "redlock",
            Self::EtcdCluster => "etcd-cluster",
        }
    }

    /// The server program it runs.
    pub fn server(self) -> ServerKind {
        match self {
            Self::RedisReplica | Self::Redlock => ServerKind::Redis,
            Self::EtcdCluster => ServerKind::Etcd,
        }
    }
}

impl std::str::FromStr for FailoverStore {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| tf!("lab.failover.error.store_kind", &[("got", s)]))
    }
}

/// What a failover experiment runs: its store, and for Redlock whether the killed master
/// restarts late.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailoverSetup {
    pub store: FailoverStore,
    /// Redlock only: the killed master stays down for longer than the TTL.
    pub delayed_restart: bool,
}

/// Whether two clients held the lock at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum FailoverOutcome {
    /// B was granted the lock while A's was still valid.
    GrantedTwice,
    /// B was refused while A's lock was valid.
    Kept,
}

impl FailoverOutcome {
    /// `GrantedTwice` when B was granted the lock while A's was still valid.
    pub fn when(granted_twice: bool) -> Self {
        if granted_twice {
            Self::GrantedTwice
        } else {
            Self::Kept
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::GrantedTwice => "granted_twice",
            Self::Kept => "kept",
        }
    }
}

/// A client of the lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Client {
    A,
    B,
}

/// What a stretch of a lane means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum LaneState {
    /// On a client's lane: it holds the lock. On a server's: it keeps that client's key.
    Holds(Client),
    /// The server is not running.
    Down,
}

/// A stretch of time on one lane (lane 0 is A, the last is B, the servers in between).
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub lane: usize,
    pub from_ms: f64,
    pub to_ms: f64,
    pub state: LaneState,
    /// Whether what it shows had not ended when the diagram closed (a lock still held, a
    /// server still down): it runs on past `to_ms`.
    pub runs_on: bool,
}

/// Something that happened at one moment on one lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Event {
    Granted(Client),
    Refused(Client),
    /// The server was killed (SIGKILL): the fault.
    Killed,
    /// The server answers again, with an empty data set.
    Restarted,
    /// The replica became the primary (`REPLICAOF NO ONE`).
    Promoted,
    /// This member was elected leader.
    Elected,
    /// The replication link was cut.
    LinkCut,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub lane: usize,
    pub at_ms: f64,
    pub event: Event,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct FailoverRun {
    pub params: FailoverSetup,
    pub outcome: FailoverOutcome,
    /// The version every server reported.
    pub server_version: String,
    /// The lanes' names: "A", each server, "B".
    pub lanes: Vec<String>,
    /// The measured moments in time order, in ms from the story's start: (JSON key without
    /// `_ms`, value).
    pub moments: Vec<(&'static str, f64)>,
    /// The other measured or granted numbers and names (JSON key, value).
    pub facts: Vec<(&'static str, Value)>,
    pub bars: Vec<Bar>,
    pub marks: Vec<Mark>,
    /// The whole run, servers' start and stop included.
    pub total_ms: f64,
}

impl FailoverRun {
    /// A measured moment, by key.
    pub fn moment(&self, key: &str) -> Option<f64> {
        self.moments.iter().find(|(k, _)| *k == key).map(|m| m.1)
    }

    /// A fact, by key.
    pub fn fact(&self, key: &str) -> Option<&Value> {
        self.facts.iter().find(|(k, _)| *k == key).map(|f| &f.1)
    }

    /// The last moment drawn on the diagram.
    pub fn end_ms(&self) -> f64 {
        self.moments.iter().map(|m| m.1).fold(0.0, f64::max)
    }
}

/// Runs one experiment. Blocks for a few seconds; stops within a moment of `ctl.cancelled`.
pub fn run_failover(p: &FailoverSetup, ctl: &Control<'_>) -> Result<FailoverRun, LabError> {
    let started = Instant::now();
    let mut run = match p.store {
        FailoverStore::RedisReplica => script::play::<redis_replica::RedisReplica>(p, ctl)?,
        FailoverStore::Redlock => script::play::<redlock::Redlock>(p, ctl)?,
        FailoverStore::EtcdCluster => script::play::<etcd_cluster::EtcdCluster>(p, ctl)?,
    };
    run.moments.sort_by(|x, y| x.1.total_cmp(&y.1));
    run.total_ms = ms_since(started, Instant::now());
    Ok(run)
}

/// The story's clock.
struct Stopwatch(Instant);

impl Stopwatch {
    fn start() -> Self {
        Self(Instant::now())
    }

    fn now(&self) -> f64 {
        ms_since(self.0, Instant::now())
    }
}

/// Fails with `Cancelled` when the run was cancelled.
fn check(ctl: &Control<'_>) -> Result<(), LabError> {
    if (ctl.cancelled)() {
        Err(LabError::Cancelled)
    } else {
        Ok(())
    }
}

/// Starts `n` Redis servers without persistence (each with `extra(i)` arguments) and waits
/// until all answer. A taken port is retried on another.
fn start_redis(
    n: usize,
    extra: &dyn Fn(usize) -> Vec<String>,
    ctl: &Control<'_>,
) -> Result<Vec<LocalServer>, LabError> {
    let mut servers = Vec::with_capacity(n);
    for i in 0..n {
        let mut last = None;
        for _ in 0..3 {
            let port = free_port()?;
            let extra = extra(i);
            let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
            let started = LocalServer::spawn(ServerKind::Redis, port, &redis_args(port, &extra))
                .and_then(|mut s| s.wait_ready(ctl.cancelled).map(|()| s));
            match started {
                Ok(s) => {
                    last = None;
                    servers.push(s);
                    break;
                }
                Err(LabError::Cancelled) => return Err(LabError::Cancelled),
                Err(e) => last = Some(e),
            }
        }
        if let Some(e) = last {
            return Err(e);
        }
    }
    Ok(servers)
}

/// Starts a Redis server again on the port of `old` (which must be dead): a fresh folder, an
/// empty data set.
fn restart_redis(old: &LocalServer, ctl: &Control<'_>) -> Result<LocalServer, LabError> {
    let port = old.port();
    let mut s = LocalServer::spawn(ServerKind::Redis, port, &redis_args(port, &[]))?;
    s.wait_ready(ctl.cancelled)?;
    Ok(s)
}

/// A connection to Redis whose every call gives up after `timeout`.
fn redis_con(url: &str, timeout: Duration) -> redis::RedisResult<redis::Connection> {
    let con = redis::Client::open(url)?.get_connection_with_timeout(timeout)?;
    con.set_read_timeout(Some(timeout))?;
    con.set_write_timeout(Some(timeout))?;
    Ok(con)
}

/// A failed step, said plainly.
fn failed(what: &str, e: impl std::fmt::Display) -> LabError {
    LabError::Failed(format!("{what}: {e}"))
}

/// A Redis server's part in an experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Primary,
    Replica,
    /// A Redlock master, numbered from 1 as the run's words name it.
    Master(usize),
}

/// A server's lane name: its part and its address (`primary 127.0.0.1:6379`).
pub fn server_lane(role: Role, address: &str) -> String {
    let at = [("address", address)];
    match role {
        Role::Primary => tf!("lab.failover.lane.primary", &at),
        Role::Replica => tf!("lab.failover.lane.replica", &at),
        Role::Master(n) => tf!(
            "lab.failover.lane.master",
            &[("address", address.to_owned()), ("n", n.to_string())],
        ),
    }
}

/// `127.0.0.1:PORT` of a server.
fn host_port(s: &LocalServer) -> String {
    format!("127.0.0.1:{}", s.port())
}
