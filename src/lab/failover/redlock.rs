//! Redlock: five independent Redis masters, one of which restarts with an empty data set.
//!
//! As in the Redis distributed-lock page's own example: two masters are cut off from A during
//! its attempt (here: not running for that moment), so A takes the lock on a majority of
//! three (the same key and random value on each, `SET NX PX`, each call given up after a few
//! milliseconds; validity = TTL − time spent − clock drift allowance). The two come back
//! (empty). Then one of A's three is killed and restarted at once, empty: B asks all five and
//! wins a majority that includes it, while A's lock is still valid. With a delayed restart
//! (the page's own remedy) the master stays down for longer than the TTL, and B is refused
//! until A's lock has expired.

use std::time::{Duration, Instant};

use super::script::{Lane, Recording, Script, Started};
use super::{
    Client, Event, FailoverOutcome, FailoverSetup, LaneState, Role, Stopwatch, TTL_MS, host_port,
    redis_con, restart_redis, server_lane, start_redis,
};
use crate::lab::server::LocalServer;
use crate::lab::{Control, LabError, random_u64, redis_store};

const KEY: &str = "locks-lesson/lab/redlock/lock";
const MASTERS: usize = 5;
const QUORUM: usize = MASTERS / 2 + 1;
/// Each call to one master gives up after this long (the page: small compared to the TTL).
const CALL: Duration = Duration::from_millis(50);
/// The reference implementations' clock drift factor: 1 % of the TTL, plus 2 ms.
const DRIFT_FACTOR: f64 = 0.01;
/// How long B waits between two attempts (the reference uses a random delay; fixed here).
const RETRY: Duration = Duration::from_millis(200);
/// With a delayed restart, the master stays down for this much longer than the TTL.
const DELAY_MARGIN_MS: f64 = 300.0;
const RELEASE: &str =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/// One attempt on all five masters.
#[derive(Default)]
struct Attempt {
    start: f64,
    end: f64,
    /// Which masters granted, and when each answered.
    granted: Vec<(usize, f64)>,
    validity_ms: f64,
    drift_ms: f64,
}

impl Attempt {
    fn won(&self) -> bool {
        self.granted.len() >= QUORUM && self.validity_ms > 0.0
    }
}

/// Asks every master for the lock, in order, as the Redlock algorithm does.
fn attempt(servers: &[LocalServer], value: &str, clock: &Stopwatch) -> Attempt {
    let start = clock.now();
    let mut granted = Vec::new();
    for (i, s) in servers.iter().enumerate() {
        let ok = redis_con(s.url(), CALL).and_then(|mut c| {
            redis::cmd("SET")
                .arg(KEY)
                .arg(value)
                .arg(&["NX", "PX"][..])
                .arg(TTL_MS)
                .query::<Option<String>>(&mut c)
        });
        if let Ok(Some(_)) = ok {
            granted.push((i, clock.now()));
        }
    }
    let end = clock.now();
    let drift_ms = TTL_MS as f64 * DRIFT_FACTOR + 2.0;
    Attempt {
        start,
        end,
        granted,
        validity_ms: TTL_MS as f64 - (end - start) - drift_ms,
        drift_ms,
    }
}

/// Deletes the key where it still holds `value`, on every master, as the algorithm does: a
/// master that seemed to refuse may have set the key and lost only its reply.
fn release(servers: &[LocalServer], value: &str) {
    for s in servers {
        if let Ok(mut c) = redis_con(s.url(), CALL) {
            let _ = redis::cmd("EVAL")
                .arg(RELEASE)
                .arg(1)
                .arg(KEY)
                .arg(value)
                .query::<i64>(&mut c);
        }
    }
}

/// The experiment's servers and what its phases measured for the later ones.
pub struct Redlock {
    delayed: bool,
    servers: Vec<LocalServer>,
    /// A's attempt, and B's attempt that won.
    a: Attempt,
    b: Attempt,
    /// When A's lock was valid until (the end of its attempt plus its validity).
    a_valid_until: f64,
    /// When the victim was killed, and when it answered again.
    fault: f64,
    restarted: Option<f64>,
    /// Each of B's attempts: (start, end).
    attempts: Vec<(f64, f64)>,
}

impl Redlock {
    /// When the killed master is due back.
    fn restart_due(&self) -> f64 {
        let down = if self.delayed {
            TTL_MS as f64 + DELAY_MARGIN_MS
        } else {
            0.0
        };
        self.fault + down
    }

    /// Starts the victim again, empty.
    fn restart(&mut self, rec: &Recording<'_>) -> Result<(), LabError> {
        self.servers[VICTIM] = restart_redis(&self.servers[VICTIM], rec.ctl)?;
        self.restarted = Some(rec.now());
        Ok(())
    }

    /// B asks all five until it wins a majority: its winning attempt.
    fn b_wins(&mut self, rec: &mut Recording<'_>) -> Result<Attempt, LabError> {
        let b_value = format!("B-{:016x}", random_u64());
        let deadline = Instant::now() + Duration::from_millis(2 * TTL_MS + 2000);
        loop {
            rec.check()?;
            if self.restarted.is_none() && rec.now() >= self.restart_due() {
                self.restart(rec)?;
            }
            let b = attempt(&self.servers, &b_value, rec.clock());
            let won = b.won();
            rec.answer(Lane::B, b.end, Client::B, won);
            self.attempts.push((b.start, b.end));
            if won {
                return Ok(b);
            }
            release(&self.servers, &b_value);
            if Instant::now() > deadline {
                return Err(LabError::Failed(
                    t!("lab.failover.error.b_no_majority").into(),
                ));
            }
            std::thread::sleep(RETRY);
        }
    }
}

/// The master that dies and comes back without its keys: one of A's three.
const VICTIM: usize = 2;

impl Script for Redlock {
    fn start(p: &FailoverSetup, ctl: &Control<'_>) -> Result<Started<Self>, LabError> {
        (ctl.status)(t!("lab.failover.redlock.starting").into());
        let servers = start_redis(MASTERS, &|_| Vec::new(), ctl)?;
        let version = redis_store::probe(servers[0].url())?;
        let lanes = servers.iter().enumerate();
        let lanes = lanes
            .map(|(i, s)| server_lane(Role::Master(i + 1), &host_port(s)))
            .collect();
        let script = Self {
            // With a delayed restart the killed master stays down for longer than the TTL.
            delayed: p.delayed_restart,
            servers,
            a: Attempt::default(),
            b: Attempt::default(),
            a_valid_until: 0.0,
            fault: 0.0,
            restarted: None,
            attempts: Vec::new(),
        };
        Ok(Started::new(script, version, lanes))
    }

    fn a_takes(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError> {
        // Two masters cannot be reached by A during its attempt: they are not running.
        rec.say(t!("lab.failover.redlock.cut_off"));
        for s in &mut self.servers[3..] {
            s.kill();
        }
        let cut = rec.moment_now("cut_off");
        let a_value = format!("A-{:016x}", random_u64());
        let a = attempt(&self.servers, &a_value, rec.clock());
        if !a.won() || a.granted.iter().any(|&(i, _)| i >= 3) {
            return Err(LabError::Failed(tf!(
                "lab.failover.error.a_masters",
                &[
                    ("range", "1-3".to_owned()),
                    ("granted", a.granted.len().to_string()),
                    ("masters", MASTERS.to_string()),
                ],
            )));
        }
        rec.moment("a_attempt", a.start);
        rec.moment("a_granted", a.end);
        self.a_valid_until = a.end + a.validity_ms;
        for &(i, at) in &a.granted {
            rec.mark(Lane::Server(i), at, Event::Granted(Client::A));
        }
        for (i, server) in self.servers.iter_mut().enumerate().skip(3) {
            *server = restart_redis(server, rec.ctl)?;
            let back = rec.now();
            rec.bar(Lane::Server(i), cut, back, LaneState::Down);
            rec.mark(Lane::Server(i), back, Event::Restarted);
        }
        rec.moment_now("reachable_again");
        rec.fact("ttl_ms", TTL_MS);
        rec.fact("masters", MASTERS);
        rec.fact("quorum", QUORUM);
        rec.fact("a_masters", names(&a.granted));
        rec.fact("a_acquire_ms", round(a.end - a.start));
        rec.fact("drift_ms", round(a.drift_ms));
        rec.fact("validity_ms", round(a.validity_ms));
        self.a = a;
        Ok(())
    }

    fn fault(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError> {
        rec.say(t!("lab.failover.redlock.killing"));
        self.servers[VICTIM].kill();
        self.fault = rec.moment_now("fault");
        rec.mark(Lane::Server(VICTIM), self.fault, Event::Killed);
        rec.fact("killed_master", VICTIM + 1);
        if !self.delayed {
            self.restart(rec)?;
        }
        Ok(())
    }

    fn b_asks(&mut self, rec: &mut Recording<'_>) -> Result<FailoverOutcome, LabError> {
        rec.say(t!("lab.failover.redlock.b_asks"));
        let b = self.b_wins(rec)?;
        if self.restarted.is_none() {
            // B won before the master was due back: it still stays down for its full time.
            while rec.now() < self.restart_due() {
                rec.check()?;
                std::thread::sleep(Duration::from_millis(10));
            }
            self.restart(rec)?;
        }
        let restarted = self.restarted.unwrap_or(self.fault);
        rec.mark(Lane::Server(VICTIM), restarted, Event::Restarted);
        for &(i, at) in &b.granted {
            rec.mark(Lane::Server(i), at, Event::Granted(Client::B));
        }
        let (first, answer) = self.attempts.first().copied().unwrap_or((b.start, b.end));
        rec.moment("b_attempt", first);
        rec.moment("b_answer", answer);
        rec.moment("restart", restarted);
        rec.moment("b_granted", b.end);
        rec.moment("a_valid_until", self.a_valid_until);
        rec.fact("b_attempts", self.attempts.len());
        rec.fact("b_masters", names(&b.granted));
        rec.fact("b_validity_ms", round(b.validity_ms));
        let outcome = FailoverOutcome::when(b.end < self.a_valid_until);
        self.b = b;
        Ok(outcome)
    }

    fn draw(self, rec: &mut Recording<'_>) {
        drop(self.servers);
        let (a, b) = (&self.a, &self.b);
        let restarted = self.restarted.unwrap_or(self.fault);
        let end = b.end.max(self.a_valid_until) + 100.0;
        // A's key on each of its masters until its TTL ran out there, or the master died.
        for &(i, at) in &a.granted {
            let gone = if i == VICTIM {
                self.fault
            } else {
                at + TTL_MS as f64
            };
            rec.bar(Lane::Server(i), at, gone, LaneState::Holds(Client::A));
        }
        rec.bar(Lane::Server(VICTIM), self.fault, restarted, LaneState::Down);
        rec.bar(
            Lane::A,
            a.end,
            self.a_valid_until,
            LaneState::Holds(Client::A),
        );
        for &(i, at) in &b.granted {
            rec.bar_on(Lane::Server(i), at, end, LaneState::Holds(Client::B));
        }
        rec.bar_on(Lane::B, b.end, end, LaneState::Holds(Client::B));
    }
}

/// The masters of a majority, counted from 1.
fn names(granted: &[(usize, f64)]) -> Vec<usize> {
    granted.iter().map(|&(i, _)| i + 1).collect()
}

fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}
