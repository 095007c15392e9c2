//! What a lock server's client does in the lab's story, whichever server it talks to.

use super::{LabError, random_u64};

/// The keys of one run, under a prefix of its own (so a shared server is never disturbed).
#[derive(Clone, Debug)]
pub struct Keys {
    pub prefix: String,
    pub lock: String,
    pub token: String,
    pub storage: String,
    pub fence: String,
}

impl Keys {
    pub(crate) fn new() -> Self {
        let prefix = format!("locks-lesson/lab/{:016x}/", random_u64());
        Self {
            lock: format!("{prefix}lock"),
            token: format!("{prefix}token"),
            storage: format!("{prefix}storage"),
            fence: format!("{prefix}highest-token"),
            prefix,
        }
    }
}

/// One client of the lock server, with its own connection.
pub trait LockClient: Send {
    /// The TTL the server grants (etcd: its lease's).
    fn granted_ttl_ms(&self) -> u64;
    /// One attempt to take the lock; the fencing token when it succeeded.
    fn try_acquire(&mut self) -> Result<Option<u64>, LabError>;
    /// Renews the lock (`holding`) or, on etcd, the lease a waiting client will attach it to.
    /// False when it was already gone.
    fn keep_alive(&mut self, holding: bool) -> Result<bool, LabError>;
    /// Deletes the lock if it is still this client's. True when it was.
    fn release(&mut self) -> Result<bool, LabError>;
    /// Writes `value` to storage; with `fencing` through the server-side token check. True
    /// when storage applied it.
    fn write(&mut self, token: u64, value: &str, fencing: bool) -> Result<bool, LabError>;
    fn read(&mut self) -> Result<Option<String>, LabError>;
    /// Deletes the run's keys (best effort).
    fn cleanup(&mut self);
}
