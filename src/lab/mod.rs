//! The lab: section 3's stale-holder story told by a real lock server instead of a model,
//! and section 5's failovers on real Redis, Redlock and etcd servers ([`failover`]).
//!
//! Two clients, A and B, take the same lock on a real Redis or etcd. A works, then freezes
//! for real (it stops renewing and sleeps past the TTL); the server expires its lock, B takes
//! the lock and writes to storage (keys on the same server); A wakes and writes; the storage
//! is read back. Every time is measured on this computer's monotonic clock, in milliseconds
//! from A's grant.
//!
//! Nothing here touches the network until [`run_stale`] is called: connecting to a URL the
//! user gave, or starting a server of our own on a free loopback port (see [`server`]).
//! The models in [`crate::sim`] stay pure; this module only borrows the story's outcome names.

mod client;
mod etcd;
pub mod failover;
pub mod recorded;
mod redis_store;
pub mod server;
mod story;
pub mod supervise;

use std::time::Duration;

use crate::sim::ParamError;
pub use crate::sim::stale::Outcome;
pub use story::{Control, run_stale};

crate::param_specs! {
    /// The lock's time to live. etcd leases count whole seconds, so there it is rounded up.
    pub TTL_MS = new("ttl-ms", "ms", 1000.0, 3000.0, 1000.0).whole();
    /// How long A stays frozen after its work starts to pause.
    pub PAUSE_MS = new("pause-ms", "ms", 0.0, 10000.0, 3000.0).whole();
}

/// How long A works (renewing its lock) before it freezes.
pub const A_WORK_MS: u64 = 500;
/// How long B works between its grant and its write.
pub const B_WORK_MS: u64 = 300;
/// The longest any single network call may take.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(3);

/// Which lock server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ServerKind {
    Redis,
    Etcd,
}

impl ServerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ServerKind::Redis => "redis",
            ServerKind::Etcd => "etcd",
        }
    }

    /// The name people know it by.
    pub fn name(self) -> &'static str {
        match self {
            ServerKind::Redis => "Redis",
            ServerKind::Etcd => "etcd",
        }
    }

    /// An example URL, as typed into `--url` or the page's field.
    pub fn example_url(self) -> &'static str {
        match self {
            ServerKind::Redis => "redis://127.0.0.1:6379",
            ServerKind::Etcd => "http://127.0.0.1:2379",
        }
    }
}

impl std::str::FromStr for ServerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "redis" => Ok(ServerKind::Redis),
            "etcd" => Ok(ServerKind::Etcd),
            _ => Err(tf!("lab.error.server_kind", &[("got", s)])),
        }
    }
}

/// What to run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabParams {
    pub server: ServerKind,
    /// A server to use; `None` starts one of our own.
    pub url: Option<String>,
    pub fencing: bool,
    pub ttl_ms: u64,
    pub pause_ms: u64,
}

impl LabParams {
    pub fn new(server: ServerKind) -> Self {
        Self {
            server,
            url: None,
            fencing: false,
            ttl_ms: TTL_MS.default as u64,
            pause_ms: PAUSE_MS.default as u64,
        }
    }

    /// Rejects a TTL or pause outside its range.
    pub fn validate(&self) -> Result<(), ParamError> {
        TTL_MS.check(self.ttl_ms as f64)?;
        PAUSE_MS.check(self.pause_ms as f64)?;
        Ok(())
    }
}

/// One finished run, every time in milliseconds from A's grant.
#[derive(Clone, Debug, PartialEq)]
pub struct LabRun {
    pub params: LabParams,
    /// The server used (ours or the user's).
    pub url: String,
    /// True when the lab started this server itself (and stopped it afterwards).
    pub started_server: bool,
    /// The version the server reported.
    pub server_version: String,
    /// The TTL the server actually granted (etcd rounds up to whole seconds, and to its
    /// minimum lease).
    pub granted_ttl_ms: u64,
    pub a_token: u64,
    pub b_token: u64,
    /// When A renewed its lock for the last time before it froze.
    pub a_last_renewal_ms: f64,
    /// When A froze and when it woke.
    pub a_frozen_ms: f64,
    pub a_woke_ms: f64,
    /// When B's attempt to take the lock first succeeded.
    pub b_granted_ms: f64,
    /// When A's lock was seen to vanish (B's grant while A still believed it held it);
    /// `None` when A wrote and released before B got the lock.
    pub expiry_ms: Option<f64>,
    /// When storage answered each write, and whether it applied it.
    pub b_write_ms: f64,
    pub b_applied: bool,
    pub a_write_ms: f64,
    pub a_applied: bool,
    /// Whose data the storage holds at the end: "A" or "B".
    pub survivor: String,
    /// The storage value read back at the end.
    pub storage_value: String,
    pub outcome: Outcome,
    /// The whole run, server start included.
    pub total_ms: f64,
}

/// Why a run did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabError {
    /// No server at the URL, or none could be started (the command line exits 2).
    NoServer(String),
    /// Something failed during the run (a server that stopped answering, a wrong reply).
    Failed(String),
    /// The run was cancelled.
    Cancelled,
}

impl std::fmt::Display for LabError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LabError::NoServer(m) | LabError::Failed(m) => f.write_str(m),
            LabError::Cancelled => f.write_str(t!("lab.error.cancelled")),
        }
    }
}

impl std::error::Error for LabError {}

/// Why a call failed when it timed out: "no answer within 3 s".
fn no_answer_within() -> String {
    tf!(
        "lab.error.why.timeout",
        &[("secs", CALL_TIMEOUT.as_secs().to_string())],
    )
}

/// Milliseconds from `t0` to `t`, to a tenth.
fn ms_since(t0: std::time::Instant, t: std::time::Instant) -> f64 {
    (t.saturating_duration_since(t0).as_secs_f64() * 10_000.0).round() / 10.0
}

/// A random 64-bit number from the standard library's per-process random keys (no extra
/// crate): the lock's owner value and the run's key prefix.
fn random_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// Checks a server's `normalise_url`: each `(given, normalised)` pair; a TLS URL refused
/// with a message that says so; and a URL of another scheme refused with a message naming
/// the server's `scheme`.
#[cfg(test)]
fn check_normalise(
    normalise: fn(&str) -> Result<String, LabError>,
    pairs: &[(&str, &str)],
    tls: &str,
    other: &str,
    scheme: &str,
) {
    for &(given, normalised) in pairs {
        assert_eq!(normalise(given).unwrap(), normalised, "{given}");
    }
    let refusal = |url: &str| normalise(url).unwrap_err().to_string();
    assert!(refusal(tls).contains("without TLS"), "{tls}");
    assert!(refusal(other).contains(scheme), "{other}");
}
