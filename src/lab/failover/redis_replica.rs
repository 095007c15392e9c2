//! Asynchronous replication loses the lock: a Redis primary and one replica.
//!
//! The story, made deterministic rather than a race won now and then: the primary refuses
//! replication commands to its default user for the rest of its life (`ACL SETUSER default
//! -psync -sync`) and its replica's link is cut (`CLIENT KILL TYPE replica`), so whatever it
//! writes next stays on the primary. A takes the lock there (`SET NX PX`); the primary is
//! killed (SIGKILL); the replica's replication offset shows the SET never arrived; the
//! replica is promoted as Sentinel would (`REPLICAOF NO ONE`); B asks the new primary and is
//! granted the same lock while A's is still valid.

use std::time::{Duration, Instant};

use redis::Connection;
use serde_json::json;

use super::{
    Bar, Clock, Event, FailoverOutcome, FailoverParams, FailoverRun, FailoverStore, Mark, Role,
    Span, TTL_MS, Who, check, failed, host_port, redis_con, server_lane, start_redis,
};
use crate::lab::{CALL_TIMEOUT, Control, LabError, random_u64, redis_store};

const KEY: &str = "locks-lesson/lab/failover/lock";

/// The `field:value` of an `INFO replication` answer.
fn info_field(con: &mut Connection, field: &str) -> Result<i64, LabError> {
    let info: String = redis::cmd("INFO")
        .arg("replication")
        .query(con)
        .map_err(|e| failed("INFO replication", e))?;
    info.lines()
        .find_map(|l| l.strip_prefix(&format!("{field}:")))
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| LabError::Failed(tf!("lab.failover.error.no_field", &[("field", field)])))
}

/// Waits until the replica has finished its first sync with the primary.
fn wait_synced(replica: &mut Connection, ctl: &Control<'_>) -> Result<(), LabError> {
    const WITHIN: Duration = Duration::from_secs(10);
    let until = Instant::now() + WITHIN;
    loop {
        check(ctl)?;
        let info: String = redis::cmd("INFO")
            .arg("replication")
            .query(replica)
            .map_err(|e| failed(t!("lab.failover.step.info_on_replica"), e))?;
        if info.contains("master_link_status:up") {
            return Ok(());
        }
        if Instant::now() > until {
            return Err(LabError::Failed(tf!(
                "lab.failover.error.not_synced",
                &[("secs", WITHIN.as_secs().to_string())],
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `SET KEY value NX PX ttl`: true when granted.
fn set_nx(con: &mut Connection, value: &str) -> Result<bool, LabError> {
    let r: Option<String> = redis::cmd("SET")
        .arg(KEY)
        .arg(value)
        .arg("NX")
        .arg("PX")
        .arg(TTL_MS)
        .query(con)
        .map_err(|e| failed("SET NX PX", e))?;
    Ok(r.is_some())
}

pub fn run(ctl: &Control<'_>) -> Result<FailoverRun, LabError> {
    (ctl.status)(t!("lab.failover.replica.starting").into());
    let mut servers = start_redis(
        1,
        &|_| vec!["--repl-diskless-sync-delay".into(), "0".into()],
        ctl,
    )?;
    let primary_port = servers[0].port().to_string();
    let replica = start_redis(
        1,
        &|_| {
            vec![
                "--replicaof".into(),
                "127.0.0.1".into(),
                primary_port.clone(),
            ]
        },
        ctl,
    )?;
    servers.extend(replica);
    let version = redis_store::probe(servers[0].url())?;
    let con = |i: usize| {
        redis_con(servers[i].url(), CALL_TIMEOUT)
            .map_err(|e| failed(t!("lab.failover.step.connecting"), e))
    };
    let (mut admin, mut a, mut on_replica) = (con(0)?, con(0)?, con(1)?);
    wait_synced(&mut on_replica, ctl)?;
    let lanes = vec![
        "A".to_owned(),
        server_lane(Role::Primary, &host_port(&servers[0])),
        server_lane(Role::Replica, &host_port(&servers[1])),
        "B".to_owned(),
    ];
    (ctl.status)(t!("lab.failover.replica.cutting").into());
    check(ctl)?;

    let clock = Clock::start();
    redis::cmd("ACL")
        .arg(&["SETUSER", "default", "-psync", "-sync"][..])
        .query::<()>(&mut admin)
        .map_err(|e| failed(t!("lab.failover.step.acl_on_primary"), e))?;
    let kill = ["KILL", "TYPE", "replica"];
    let cut: i64 = redis::cmd("CLIENT")
        .arg(&kill[..])
        .query(&mut admin)
        .map_err(|e| failed(&format!("CLIENT {}", kill.join(" ")), e))?;
    let link_cut = clock.now();
    if cut < 1 {
        return Err(LabError::Failed(t!("lab.failover.error.no_replica").into()));
    }
    let a_value = format!("A-{:016x}", random_u64());
    let a_attempt = clock.now();
    if !set_nx(&mut a, &a_value)? {
        return Err(LabError::Failed(
            t!("lab.failover.error.a_no_fresh_lock").into(),
        ));
    }
    let a_granted = clock.now();
    let primary_offset = info_field(&mut admin, "master_repl_offset")?;

    (ctl.status)(t!("lab.failover.replica.killing").into());
    servers[0].kill();
    let fault = clock.now();
    let replica_offset = info_field(&mut on_replica, "slave_repl_offset")?;
    let key_on_replica: bool = redis::cmd("EXISTS")
        .arg(KEY)
        .query::<i64>(&mut on_replica)
        .map_err(|e| failed(t!("lab.failover.step.exists_on_replica"), e))?
        > 0;
    redis::cmd("REPLICAOF")
        .arg(&["NO", "ONE"][..])
        .query::<()>(&mut on_replica)
        .map_err(|e| failed("REPLICAOF NO ONE", e))?;
    let promotion = clock.now();

    let b_attempt = clock.now();
    let b_granted = set_nx(&mut on_replica, &format!("B-{:016x}", random_u64()))?;
    let b_answer = clock.now();
    let a_valid_until = a_attempt + TTL_MS as f64;
    let outcome = if b_granted && b_answer < a_valid_until {
        FailoverOutcome::GrantedTwice
    } else {
        FailoverOutcome::Kept
    };
    drop(servers);

    let (a_lane, p_lane, r_lane, b_lane) = (0, 1, 2, 3);
    let mut bars = vec![
        Bar {
            lane: a_lane,
            from_ms: a_granted,
            to_ms: a_valid_until,
            span: Span::Holds(Who::A),
        },
        Bar {
            lane: p_lane,
            from_ms: a_granted,
            to_ms: fault,
            span: Span::Holds(Who::A),
        },
        Bar {
            lane: p_lane,
            from_ms: fault,
            to_ms: a_valid_until,
            span: Span::Down,
        },
    ];
    if b_granted {
        for lane in [r_lane, b_lane] {
            bars.push(Bar {
                lane,
                from_ms: b_answer,
                to_ms: a_valid_until,
                span: Span::Holds(Who::B),
            });
        }
    }
    let b_event = if b_granted {
        Event::Granted(Who::B)
    } else {
        Event::Refused(Who::B)
    };
    let marks = vec![
        Mark {
            lane: r_lane,
            at_ms: link_cut,
            event: Event::LinkCut,
        },
        Mark {
            lane: a_lane,
            at_ms: a_granted,
            event: Event::Granted(Who::A),
        },
        Mark {
            lane: p_lane,
            at_ms: fault,
            event: Event::Killed,
        },
        Mark {
            lane: r_lane,
            at_ms: promotion,
            event: Event::Promoted,
        },
        Mark {
            lane: b_lane,
            at_ms: b_answer,
            event: b_event,
        },
    ];
    Ok(FailoverRun {
        params: FailoverParams {
            store: FailoverStore::RedisReplica,
            delayed_restart: false,
        },
        outcome,
        server_version: version,
        lanes,
        moments: vec![
            ("link_cut", link_cut),
            ("a_attempt", a_attempt),
            ("a_granted", a_granted),
            ("fault", fault),
            ("promotion", promotion),
            ("b_attempt", b_attempt),
            ("b_answer", b_answer),
            ("a_valid_until", a_valid_until),
        ],
        facts: vec![
            ("ttl_ms", json!(TTL_MS)),
            ("b_granted", json!(b_granted)),
            ("primary_offset_after_a", json!(primary_offset)),
            ("replica_offset", json!(replica_offset)),
            ("key_reached_replica", json!(key_on_replica)),
        ],
        bars,
        marks,
        total_ms: 0.0,
    })
}
