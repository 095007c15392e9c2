//! The lock and the storage on Redis, through the `redis` crate's synchronous API.
//!
//! The lock is `SET key value NX PX ttl` with a random value; the fencing token is an `INCR`
//! on a counter key, taken in the same script as the lock so that grant and token cannot be
//! separated. Renewal and release compare the value first (a holder can only touch its own
//! lock). The fenced write is a script that compares the writer's token with the highest
//! token the storage has applied, and refuses a lower one.

use redis::{Client, Connection, RedisError};

use super::client::{Keys, LockClient};
use super::{CALL_TIMEOUT, LabError, ServerKind, no_answer_within, random_u64};

const ACQUIRE: &str = "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then \
                         return redis.call('INCR', KEYS[2]) end return 0";
const RENEW: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then \
                       return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";
const RELEASE: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then \
                         return redis.call('DEL', KEYS[1]) end return 0";
/// The fenced write: applies the value only if the writer's token is not below the highest
/// applied so far, and records the token.
const FENCED_WRITE: &str = include_str!("fenced_write.lua");

/// `host:port` becomes `redis://host:port`.
pub fn normalise_url(url: &str) -> Result<String, LabError> {
    let url = url.trim();
    if url.starts_with("rediss://") {
        return Err(LabError::NoServer(tf!(
            "lab.error.redis.tls",
            &[("url", url)],
        )));
    }
    if url.contains("://") && !url.starts_with("redis://") {
        return Err(LabError::NoServer(tf!(
            "lab.error.redis.scheme",
            &[("url", url), ("example", ServerKind::Redis.example_url())],
        )));
    }
    Ok(if url.contains("://") {
        url.to_owned()
    } else {
        format!("redis://{url}")
    })
}

pub(super) fn connect(url: &str) -> Result<Connection, LabError> {
    let no_server = |e: RedisError| {
        let unreachable = |why: String| {
            tf!(
                "lab.error.redis.unreachable",
                &[("url", url.to_owned()), ("why", why)],
            )
        };
        LabError::NoServer(if e.is_connection_refusal() {
            unreachable(t!("lab.error.why.refused").into())
        } else if e.is_timeout() {
            unreachable(no_answer_within())
        } else if e.is_io_error() || e.kind() == redis::ErrorKind::Parse {
            // Something answered, but hung up or spoke another protocol (etcd speaks HTTP).
            not_redis(url, &e)
        } else {
            tf!(
                "lab.error.redis.other",
                &[("url", url.to_owned()), ("why", e.to_string())],
            )
        })
    };
    let client = Client::open(url).map_err(no_server)?;
    let con = client
        .get_connection_with_timeout(CALL_TIMEOUT)
        .map_err(no_server)?;
    con.set_read_timeout(Some(CALL_TIMEOUT))
        .and_then(|()| con.set_write_timeout(Some(CALL_TIMEOUT)))
        .map_err(no_server)?;
    Ok(con)
}

/// Something answered at `url`, but not as Redis does.
fn not_redis(url: &str, e: &RedisError) -> String {
    tf!(
        "lab.error.redis.not_redis",
        &[("url", url.to_owned()), ("why", e.to_string())],
    )
}

/// Connects and checks that Redis answers there; returns its version.
pub fn probe(url: &str) -> Result<String, LabError> {
    let mut con = connect(url)?;
    let info: String = redis::cmd("INFO")
        .arg("server")
        .query(&mut con)
        .map_err(|e| LabError::NoServer(not_redis(url, &e)))?;
    info.lines()
        .find_map(|l| l.strip_prefix("redis_version:"))
        .map(|v| v.trim().to_owned())
        .ok_or_else(|| LabError::NoServer(tf!("lab.error.redis.no_version", &[("url", url)])))
}

/// One client (A or B) with its own connection.
pub struct RedisClient {
    con: Connection,
    url: String,
    keys: Keys,
    /// This client's lock value: random, so only it can renew or release its own lock.
    owner: String,
    ttl_ms: u64,
}

impl RedisClient {
    pub fn connect(url: &str, keys: Keys, ttl_ms: u64) -> Result<Self, LabError> {
        Ok(Self {
            con: connect(url)?,
            url: url.to_owned(),
            keys,
            owner: format!("{:016x}{:016x}", random_u64(), random_u64()),
            ttl_ms,
        })
    }

    fn failed(&self, what: &str, e: RedisError) -> LabError {
        let why = if e.is_timeout() {
            no_answer_within()
        } else if e.is_io_error() || e.is_connection_dropped() || e.is_connection_refusal() {
            tf!("lab.error.why.connection_broke", &[("why", e.to_string())])
        } else {
            e.to_string()
        };
        LabError::Failed(tf!(
            "lab.error.redis.step_failed",
            &[
                ("url", self.url.as_str()),
                ("what", what),
                ("why", why.as_str()),
            ],
        ))
    }

    fn script(
        &mut self,
        what: &str,
        body: &str,
        keys: &[&str],
        args: &[&str],
    ) -> Result<i64, LabError> {
        let mut c = redis::cmd("EVAL");
        c.arg(body).arg(keys.len());
        for k in keys {
            c.arg(*k);
        }
        for a in args {
            c.arg(*a);
        }
        c.query::<i64>(&mut self.con)
            .map_err(|e| self.failed(what, e))
    }
}

impl LockClient for RedisClient {
    fn granted_ttl_ms(&self) -> u64 {
        self.ttl_ms
    }

    fn try_acquire(&mut self) -> Result<Option<u64>, LabError> {
        let (lock, token) = (self.keys.lock.clone(), self.keys.token.clone());
        let (owner, ttl) = (self.owner.clone(), self.ttl_ms.to_string());
        let t = self.script(
            t!("lab.error.step.taking_lock"),
            ACQUIRE,
            &[&lock, &token],
            &[&owner, &ttl],
        )?;
        Ok((t > 0).then_some(t as u64))
    }

    fn keep_alive(&mut self, holding: bool) -> Result<bool, LabError> {
        if !holding {
            return Ok(true);
        }
        let lock = self.keys.lock.clone();
        let (owner, ttl) = (self.owner.clone(), self.ttl_ms.to_string());
        let what = t!("lab.error.step.renewing_lock");
        Ok(self.script(what, RENEW, &[&lock], &[&owner, &ttl])? == 1)
    }

    fn release(&mut self) -> Result<bool, LabError> {
        let (lock, owner) = (self.keys.lock.clone(), self.owner.clone());
        let what = t!("lab.error.step.releasing_lock");
        Ok(self.script(what, RELEASE, &[&lock], &[&owner])? == 1)
    }

    fn write(&mut self, token: u64, value: &str, fencing: bool) -> Result<bool, LabError> {
        if fencing {
            let (data, fence) = (self.keys.storage.clone(), self.keys.fence.clone());
            let token = token.to_string();
            let done = self.script(
                t!("lab.error.step.fenced_write"),
                FENCED_WRITE,
                &[&data, &fence],
                &[&token, value],
            )?;
            Ok(done == 1)
        } else {
            redis::cmd("SET")
                .arg(&self.keys.storage)
                .arg(value)
                .query::<()>(&mut self.con)
                .map_err(|e| self.failed(t!("lab.error.step.write"), e))?;
            Ok(true)
        }
    }

    fn read(&mut self) -> Result<Option<String>, LabError> {
        redis::cmd("GET")
            .arg(&self.keys.storage)
            .query::<Option<String>>(&mut self.con)
            .map_err(|e| self.failed(t!("lab.error.step.reading_back"), e))
    }

    fn cleanup(&mut self) {
        let k = &self.keys;
        let _ = redis::cmd("DEL")
            .arg(&k.lock)
            .arg(&k.token)
            .arg(&k.storage)
            .arg(&k.fence)
            .query::<i64>(&mut self.con);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_normalised_and_tls_is_refused_clearly() {
        let pairs = [
            ("127.0.0.1:6379", "redis://127.0.0.1:6379"),
            ("redis://h:1/0", "redis://h:1/0"),
        ];
        let (tls, other) = ("rediss://h:1", "http://h:1");
        crate::lab::check_normalise(normalise_url, &pairs, tls, other, "redis://");
    }
}
