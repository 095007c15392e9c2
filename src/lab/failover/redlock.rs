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

use serde_json::json;

use super::{
    Bar, Clock, Event, FailoverOutcome, FailoverParams, FailoverRun, FailoverStore, Mark, Role,
    Span, TTL_MS, Who, check, host_port, redis_con, restart_redis, server_lane, start_redis,
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
fn attempt(servers: &[LocalServer], value: &str, clock: &Clock) -> Attempt {
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

pub fn run(delayed: bool, ctl: &Control<'_>) -> Result<FailoverRun, LabError> {
    (ctl.status)(t!("lab.failover.redlock.starting").into());
    let mut servers = start_redis(MASTERS, &|_| Vec::new(), ctl)?;
    let version = redis_store::probe(servers[0].url())?;
    let mut lanes = vec!["A".to_owned()];
    lanes.extend(
        servers
            .iter()
            .map(|s| server_lane(Role::Master, &host_port(s))),
    );
    lanes.push("B".to_owned());
    let lane = |i: usize| i + 1;
    let b_lane = MASTERS + 1;
    check(ctl)?;

    let clock = Clock::start();
    let (mut bars, mut marks) = (Vec::new(), Vec::new());
    // Two masters cannot be reached by A during its attempt: they are not running.
    (ctl.status)(t!("lab.failover.redlock.cut_off").into());
    for s in &mut servers[3..] {
        s.kill();
    }
    let cut = clock.now();
    let a_value = format!("A-{:016x}", random_u64());
    let a = attempt(&servers, &a_value, &clock);
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
    let a_granted = a.end;
    let a_valid_until = a.end + a.validity_ms;
    for &(i, at) in &a.granted {
        marks.push(Mark {
            lane: lane(i),
            at_ms: at,
            event: Event::Granted(Who::A),
        });
    }
    for (i, server) in servers.iter_mut().enumerate().skip(3) {
        *server = restart_redis(server, ctl)?;
        bars.push(Bar {
            lane: lane(i),
            from_ms: cut,
            to_ms: clock.now(),
            span: Span::Down,
        });
        marks.push(Mark {
            lane: lane(i),
            at_ms: clock.now(),
            event: Event::Restarted,
        });
    }
    let reachable_again = clock.now();

    // The fault: one of A's three masters dies and comes back without its keys.
    const VICTIM: usize = 2;
    (ctl.status)(t!("lab.failover.redlock.killing").into());
    check(ctl)?;
    servers[VICTIM].kill();
    let fault = clock.now();
    marks.push(Mark {
        lane: lane(VICTIM),
        at_ms: fault,
        event: Event::Killed,
    });
    let restart_due = fault
        + if delayed {
            TTL_MS as f64 + DELAY_MARGIN_MS
        } else {
            0.0
        };
    let mut restarted = None;
    let restart = |servers: &mut Vec<LocalServer>, clock: &Clock| -> Result<f64, LabError> {
        let back = restart_redis(&servers[VICTIM], ctl)?;
        servers[VICTIM] = back;
        Ok(clock.now())
    };
    if !delayed {
        restarted = Some(restart(&mut servers, &clock)?);
    }

    (ctl.status)(t!("lab.failover.redlock.b_asks").into());
    let b_value = format!("B-{:016x}", random_u64());
    let deadline = Instant::now() + Duration::from_millis(2 * TTL_MS + 2000);
    let mut attempts = Vec::new();
    let b = loop {
        check(ctl)?;
        if restarted.is_none() && clock.now() >= restart_due {
            restarted = Some(restart(&mut servers, &clock)?);
        }
        let b = attempt(&servers, &b_value, &clock);
        let won = b.won();
        marks.push(Mark {
            lane: b_lane,
            at_ms: b.end,
            event: if won {
                Event::Granted(Who::B)
            } else {
                Event::Refused(Who::B)
            },
        });
        attempts.push((b.start, b.end));
        if won {
            break b;
        }
        release(&servers, &b_value);
        if Instant::now() > deadline {
            return Err(LabError::Failed(
                t!("lab.failover.error.b_no_majority").into(),
            ));
        }
        std::thread::sleep(RETRY);
    };
    if restarted.is_none() {
        // B won before the master was due back: it still stays down for its full time.
        while clock.now() < restart_due {
            check(ctl)?;
            std::thread::sleep(Duration::from_millis(10));
        }
        restarted = Some(restart(&mut servers, &clock)?);
    }
    let restarted = restarted.unwrap_or(fault);
    drop(servers);
    marks.push(Mark {
        lane: lane(VICTIM),
        at_ms: restarted,
        event: Event::Restarted,
    });
    for &(i, at) in &b.granted {
        marks.push(Mark {
            lane: lane(i),
            at_ms: at,
            event: Event::Granted(Who::B),
        });
    }

    let (b_first_attempt, first_answer) = attempts.first().copied().unwrap_or((b.start, b.end));
    let outcome = if b.end < a_valid_until {
        FailoverOutcome::GrantedTwice
    } else {
        FailoverOutcome::Kept
    };
    let end = b.end.max(a_valid_until) + 100.0;
    // A's key on each of its masters until its TTL ran out there, or the master died.
    for &(i, at) in &a.granted {
        let gone = if i == VICTIM {
            fault
        } else {
            at + TTL_MS as f64
        };
        bars.push(Bar {
            lane: lane(i),
            from_ms: at,
            to_ms: gone,
            span: Span::Holds(Who::A),
        });
    }
    bars.push(Bar {
        lane: lane(VICTIM),
        from_ms: fault,
        to_ms: restarted,
        span: Span::Down,
    });
    bars.push(Bar {
        lane: 0,
        from_ms: a_granted,
        to_ms: a_valid_until,
        span: Span::Holds(Who::A),
    });
    for &(i, at) in &b.granted {
        bars.push(Bar {
            lane: lane(i),
            from_ms: at,
            to_ms: end,
            span: Span::Holds(Who::B),
        });
    }
    bars.push(Bar {
        lane: b_lane,
        from_ms: b.end,
        to_ms: end,
        span: Span::Holds(Who::B),
    });
    let names = |g: &[(usize, f64)]| g.iter().map(|&(i, _)| i + 1).collect::<Vec<_>>();
    Ok(FailoverRun {
        params: FailoverParams {
            store: FailoverStore::Redlock,
            delayed_restart: delayed,
        },
        outcome,
        server_version: version,
        lanes,
        moments: vec![
            ("cut_off", cut),
            ("a_attempt", a.start),
            ("a_granted", a_granted),
            ("reachable_again", reachable_again),
            ("fault", fault),
            ("b_attempt", b_first_attempt),
            ("b_answer", first_answer),
            ("restart", restarted),
            ("b_granted", b.end),
            ("a_valid_until", a_valid_until),
        ],
        facts: vec![
            ("ttl_ms", json!(TTL_MS)),
            ("masters", json!(MASTERS)),
            ("quorum", json!(QUORUM)),
            ("a_masters", json!(names(&a.granted))),
            ("a_acquire_ms", json!(round(a.end - a.start))),
            ("drift_ms", json!(round(a.drift_ms))),
            ("validity_ms", json!(round(a.validity_ms))),
            ("killed_master", json!(VICTIM + 1)),
            ("b_attempts", json!(attempts.len())),
            ("b_masters", json!(names(&b.granted))),
            ("b_validity_ms", json!(round(b.validity_ms))),
        ],
        bars,
        marks,
        total_ms: 0.0,
    })
}

fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}
