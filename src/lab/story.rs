//! The story itself, the same for both servers: A on the calling thread, B on its own.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::client::{Keys, LockClient};
use super::etcd::{self, EtcdClient};
use super::redis_store::{self, RedisClient};
use super::server::LocalServer;
use super::{A_WORK_MS, B_WORK_MS, LabError, LabParams, LabRun, Outcome, ServerKind, ms_since};
use crate::lesson::quantity::duration_ms;

/// How often B tries to take the lock while it waits.
const POLL: Duration = Duration::from_millis(10);
/// The longest nap between two looks at the stop and cancel flags.
const SLICE: Duration = Duration::from_millis(10);

/// How the caller steers a run: cancel it, and hear what is happening.
pub struct Control<'a> {
    pub cancelled: &'a dyn Fn() -> bool,
    pub status: &'a dyn Fn(String),
}

impl Control<'_> {
    /// Never cancelled, silent.
    pub fn none() -> Control<'static> {
        Control {
            cancelled: &|| false,
            status: &|_| {},
        }
    }
}

/// Sleeps until `until`, waking early with an error when the run is stopped.
fn nap(until: Instant, stop: &AtomicBool) -> Result<(), LabError> {
    loop {
        if stop.load(Ordering::Relaxed) {
            return Err(LabError::Cancelled);
        }
        let now = Instant::now();
        if now >= until {
            return Ok(());
        }
        std::thread::sleep((until - now).min(SLICE));
    }
}

/// Renews every third of the TTL, as lock watchdogs do.
struct Renewer {
    every: Duration,
    next: Instant,
}

impl Renewer {
    fn new(client: &dyn LockClient, from: Instant) -> Self {
        let every = Duration::from_millis(client.granted_ttl_ms() / 3);
        Self {
            every,
            next: from + every,
        }
    }

    /// Works until `until`, renewing when due; returns when it last renewed.
    fn work_until(
        &mut self,
        client: &mut dyn LockClient,
        holding: bool,
        until: Instant,
        stop: &AtomicBool,
    ) -> Result<Option<Instant>, LabError> {
        let mut last = None;
        while Instant::now() < until {
            if Instant::now() >= self.next {
                if !client.keep_alive(holding)? {
                    return Err(LabError::Failed(
                        t!("lab.error.dropped_while_renewed").into(),
                    ));
                }
                last = Some(Instant::now());
                self.next += self.every;
            }
            nap(self.next.min(until), stop)?;
        }
        Ok(last)
    }
}

fn connect(p: &LabParams, url: &str, keys: &Keys) -> Result<Box<dyn LockClient>, LabError> {
    Ok(match p.server {
        ServerKind::Redis => Box::new(RedisClient::connect(url, keys.clone(), p.ttl_ms)?),
        ServerKind::Etcd => Box::new(EtcdClient::connect(url, keys.clone(), p.ttl_ms)),
    })
}

/// The server to use: the user's URL, or one of our own (kept alive by the returned guard).
fn resolve(p: &LabParams, ctl: &Control<'_>) -> Result<(String, Option<LocalServer>), LabError> {
    match p.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(u) => {
            let url = match p.server {
                ServerKind::Redis => redis_store::normalise_url(u)?,
                ServerKind::Etcd => etcd::normalise_url(u)?,
            };
            (ctl.status)(tf!(
                "lab.story.connecting",
                &[("server", p.server.name()), ("url", &url)],
            ));
            Ok((url, None))
        }
        None => {
            let name = super::server::binary_name(p.server);
            (ctl.status)(tf!("lab.story.starting", &[("program", name)]));
            let s = LocalServer::start(p.server, ctl.cancelled)?;
            Ok((s.url().to_owned(), Some(s)))
        }
    }
}

/// What client `who` ("A" or "B") writes to storage with its token.
pub(crate) fn result_value(who: &str, token: u64) -> String {
    tf!(
        "lab.story.result",
        &[("who", who.to_owned()), ("token", token.to_string())],
    )
}

/// Whose data the storage holds ("A" or "B"), from the value read back.
fn survivor(stored: &str, token_a: u64, token_b: u64) -> String {
    [("A", token_a), ("B", token_b)]
        .into_iter()
        .find(|&(who, token)| stored == result_value(who, token))
        .map_or_else(String::new, |(who, _)| who.to_owned())
}

/// What B did, from its own thread.
struct BDone {
    token: u64,
    granted: Instant,
    wrote: Instant,
    applied: bool,
}

fn play_b(
    b: &mut dyn LockClient,
    p: &LabParams,
    deadline: Instant,
    stop: &AtomicBool,
    granted_at: &Mutex<Option<Instant>>,
) -> Result<BDone, LabError> {
    let mut renew = Renewer::new(b, Instant::now());
    let (token, granted) = loop {
        if let Some(t) = b.try_acquire()? {
            break (t, Instant::now());
        }
        if Instant::now() > deadline {
            return Err(LabError::Failed(t!("lab.error.b_never_got_lock").into()));
        }
        renew.work_until(b, false, Instant::now() + POLL, stop)?;
    };
    *granted_at.lock().unwrap_or_else(|e| e.into_inner()) = Some(granted);
    let mut renew = Renewer::new(b, granted);
    renew.work_until(b, true, granted + Duration::from_millis(B_WORK_MS), stop)?;
    let applied = b.write(token, &result_value("B", token), p.fencing)?;
    let wrote = Instant::now();
    b.release()?;
    Ok(BDone {
        token,
        granted,
        wrote,
        applied,
    })
}

/// Runs the story once. Blocks for a few seconds; every network call has a timeout, and the
/// run stops within a few milliseconds of `ctl.cancelled` turning true.
pub fn run_stale(p: &LabParams, ctl: &Control<'_>) -> Result<LabRun, LabError> {
    p.validate().map_err(|e| LabError::Failed(e.to_string()))?;
    let started = Instant::now();
    let (url, server) = resolve(p, ctl)?;
    let server_version = match p.server {
        ServerKind::Redis => redis_store::probe(&url)?,
        ServerKind::Etcd => etcd::probe(&url)?,
    };
    let keys = Keys::new();
    let mut a = connect(p, &url, &keys)?;
    let mut b = connect(p, &url, &keys)?;
    let result = play(p, ctl, a.as_mut(), b.as_mut());
    if !matches!(result, Err(LabError::Failed(_))) {
        a.cleanup();
        b.cleanup();
    }
    let mut run = result?;
    run.url = url;
    run.started_server = server.is_some();
    run.server_version = server_version;
    drop(server);
    run.total_ms = ms_since(started, Instant::now());
    Ok(run)
}

fn play(
    p: &LabParams,
    ctl: &Control<'_>,
    a: &mut dyn LockClient,
    b: &mut dyn LockClient,
) -> Result<LabRun, LabError> {
    let name = p.server.name();
    let token_a = a.try_acquire()?.ok_or_else(|| {
        LabError::Failed(tf!("lab.error.a_no_fresh_lock_on", &[("server", name)]))
    })?;
    let t0 = Instant::now();
    let ttl = a.granted_ttl_ms();
    (ctl.status)(tf!("lab.story.a_holds", &[("token", token_a.to_string())]));
    let stop = AtomicBool::new(false);
    let granted_at = Mutex::new(None);
    let deadline = t0 + Duration::from_millis(A_WORK_MS + p.pause_ms + ttl + 5000);
    // B's words (its storage value among them) in this thread's language, as A's.
    let language = crate::lesson::language::current();
    std::thread::scope(|s| {
        let b_thread = s.spawn(|| {
            crate::lesson::language::set_for_thread(Some(language));
            let r = play_b(b, p, deadline, &stop, &granted_at);
            if r.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            r
        });
        // A plays on this thread; a cancel becomes the stop flag both clients look at.
        let a_result = (|| {
            let mut renew = Renewer::new(a, t0);
            let last = renew.work_until(a, true, t0 + Duration::from_millis(A_WORK_MS), &stop)?;
            let frozen = Instant::now();
            (ctl.status)(tf!(
                "lab.story.a_paused",
                &[
                    ("pause", duration_ms(p.pause_ms as f64)),
                    ("ttl", duration_ms(ttl as f64)),
                ],
            ));
            let woke_at = frozen + Duration::from_millis(p.pause_ms);
            while Instant::now() < woke_at {
                if (ctl.cancelled)() {
                    stop.store(true, Ordering::Relaxed);
                }
                nap(
                    woke_at.min(Instant::now() + Duration::from_millis(50)),
                    &stop,
                )?;
            }
            let woke = Instant::now();
            (ctl.status)(t!("lab.story.a_woke").into());
            let applied = a.write(token_a, &result_value("A", token_a), p.fencing)?;
            let wrote = Instant::now();
            a.release()?;
            Ok((last.unwrap_or(t0), frozen, woke, wrote, applied))
        })();
        if a_result.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        while !b_thread.is_finished() {
            if (ctl.cancelled)() {
                stop.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(SLICE);
        }
        let b_result = b_thread
            .join()
            .unwrap_or_else(|_| Err(LabError::Failed(t!("lab.error.b_thread_stopped").into())));
        if (ctl.cancelled)() {
            return Err(LabError::Cancelled);
        }
        // One side's real failure stopped the other: report the failure, not the stop.
        let (a_res, bd) = match (a_result, b_result) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e @ LabError::Failed(_)), _) | (_, Err(e @ LabError::Failed(_))) => return Err(e),
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        let (renewed, frozen, woke, a_wrote, a_applied) = a_res;
        let stored = a.read()?.unwrap_or_default();
        let survivor = survivor(&stored, token_a, bd.token);
        let ms = |t| ms_since(t0, t);
        let (a_write_ms, b_write_ms, b_granted_ms) = (ms(a_wrote), ms(bd.wrote), ms(bd.granted));
        // A writes, then releases: B got the lock before A's write only if it expired.
        let expiry_ms = (b_granted_ms < a_write_ms).then_some(b_granted_ms);
        let outcome = match expiry_ms {
            None => Outcome::NoOverlap,
            Some(_) if a_write_ms < b_write_ms => Outcome::OverlapHarmless,
            Some(_) if a_applied => Outcome::Overwritten,
            Some(_) => Outcome::Rejected,
        };
        Ok(LabRun {
            params: p.clone(),
            url: String::new(),
            started_server: false,
            server_version: String::new(),
            granted_ttl_ms: ttl,
            a_token: token_a,
            b_token: bd.token,
            a_last_renewal_ms: ms(renewed),
            a_frozen_ms: ms(frozen),
            a_woke_ms: ms(woke),
            b_granted_ms,
            expiry_ms,
            b_write_ms,
            b_applied: bd.applied,
            a_write_ms,
            a_applied,
            survivor,
            storage_value: stored,
            outcome,
            total_ms: 0.0,
        })
    })
}
