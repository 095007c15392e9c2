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

use super::script::{Lane, Recording, Script, Started};
use super::{
    Client, Event, FailoverOutcome, FailoverSetup, LaneState, Role, TTL_MS, check, failed,
    host_port, redis_con, server_lane, start_redis,
};
use crate::lab::server::LocalServer;
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

/// The experiment's servers (the primary, then its replica), its connections and what its
/// phases measured for the later ones.
pub struct RedisReplica {
    servers: Vec<LocalServer>,
    /// A connection to the primary to administer it, A's, and one to the replica.
    admin: Connection,
    a: Connection,
    on_replica: Connection,
    a_granted: f64,
    a_valid_until: f64,
    fault: f64,
    primary_offset: i64,
    replica_offset: i64,
    key_on_replica: bool,
    b_granted: bool,
    b_answer: f64,
}

impl Script for RedisReplica {
    fn start(_: &FailoverSetup, ctl: &Control<'_>) -> Result<Started<Self>, LabError> {
        (ctl.status)(t!("lab.failover.replica.starting").into());
        let primary = &|_| vec!["--repl-diskless-sync-delay".into(), "0".into()];
        let mut servers = start_redis(1, primary, ctl)?;
        let primary_port = servers[0].port().to_string();
        let replica = &|_| {
            vec![
                "--replicaof".into(),
                "127.0.0.1".into(),
                primary_port.clone(),
            ]
        };
        servers.extend(start_redis(1, replica, ctl)?);
        let version = redis_store::probe(servers[0].url())?;
        let con = |i: usize| {
            redis_con(servers[i].url(), CALL_TIMEOUT)
                .map_err(|e| failed(t!("lab.failover.step.connecting"), e))
        };
        let (admin, a, mut on_replica) = (con(0)?, con(0)?, con(1)?);
        wait_synced(&mut on_replica, ctl)?;
        let lanes = vec![
            server_lane(Role::Primary, &host_port(&servers[0])),
            server_lane(Role::Replica, &host_port(&servers[1])),
        ];
        (ctl.status)(t!("lab.failover.replica.cutting").into());
        let script = Self {
            servers,
            admin,
            a,
            on_replica,
            a_granted: 0.0,
            a_valid_until: 0.0,
            fault: 0.0,
            primary_offset: 0,
            replica_offset: 0,
            key_on_replica: false,
            b_granted: false,
            b_answer: 0.0,
        };
        Ok(Started::new(script, version, lanes))
    }

    fn a_takes(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError> {
        let admin = &mut self.admin;
        redis::cmd("ACL")
            .arg(&["SETUSER", "default", "-psync", "-sync"][..])
            .query::<()>(admin)
            .map_err(|e| failed(t!("lab.failover.step.acl_on_primary"), e))?;
        let kill = ["KILL", "TYPE", "replica"];
        let cut: i64 = redis::cmd("CLIENT")
            .arg(&kill[..])
            .query(admin)
            .map_err(|e| failed(&format!("CLIENT {}", kill.join(" ")), e))?;
        let link_cut = rec.moment_now("link_cut");
        if cut < 1 {
            return Err(LabError::Failed(t!("lab.failover.error.no_replica").into()));
        }
        let a_value = format!("A-{:016x}", random_u64());
        let a_attempt = rec.moment_now("a_attempt");
        if !set_nx(&mut self.a, &a_value)? {
            return Err(LabError::Failed(
                t!("lab.failover.error.a_no_fresh_lock").into(),
            ));
        }
        self.a_granted = rec.moment_now("a_granted");
        self.a_valid_until = a_attempt + TTL_MS as f64;
        self.primary_offset = info_field(&mut self.admin, "master_repl_offset")?;
        rec.mark(Lane::Server(1), link_cut, Event::LinkCut);
        rec.mark(Lane::A, self.a_granted, Event::Granted(Client::A));
        Ok(())
    }

    fn fault(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError> {
        rec.say(t!("lab.failover.replica.killing"));
        self.servers[0].kill();
        self.fault = rec.moment_now("fault");
        rec.mark(Lane::Server(0), self.fault, Event::Killed);
        let on_replica = &mut self.on_replica;
        self.replica_offset = info_field(on_replica, "slave_repl_offset")?;
        self.key_on_replica = redis::cmd("EXISTS")
            .arg(KEY)
            .query::<i64>(on_replica)
            .map_err(|e| failed(t!("lab.failover.step.exists_on_replica"), e))?
            > 0;
        redis::cmd("REPLICAOF")
            .arg(&["NO", "ONE"][..])
            .query::<()>(on_replica)
            .map_err(|e| failed("REPLICAOF NO ONE", e))?;
        let promotion = rec.moment_now("promotion");
        rec.mark(Lane::Server(1), promotion, Event::Promoted);
        Ok(())
    }

    fn b_asks(&mut self, rec: &mut Recording<'_>) -> Result<FailoverOutcome, LabError> {
        rec.moment_now("b_attempt");
        let b_value = format!("B-{:016x}", random_u64());
        self.b_granted = set_nx(&mut self.on_replica, &b_value)?;
        self.b_answer = rec.moment_now("b_answer");
        rec.moment("a_valid_until", self.a_valid_until);
        rec.answer(Lane::B, self.b_answer, Client::B, self.b_granted);
        rec.fact("ttl_ms", TTL_MS);
        rec.fact("b_granted", self.b_granted);
        rec.fact("primary_offset_after_a", self.primary_offset);
        rec.fact("replica_offset", self.replica_offset);
        rec.fact("key_reached_replica", self.key_on_replica);
        let twice = self.b_granted && self.b_answer < self.a_valid_until;
        Ok(FailoverOutcome::when(twice))
    }

    fn draw(self, rec: &mut Recording<'_>) {
        drop(self.servers);
        let until = self.a_valid_until;
        rec.bar(Lane::A, self.a_granted, until, LaneState::Holds(Client::A));
        rec.bar(
            Lane::Server(0),
            self.a_granted,
            self.fault,
            LaneState::Holds(Client::A),
        );
        rec.bar_on(Lane::Server(0), self.fault, until, LaneState::Down);
        if self.b_granted {
            for lane in [Lane::Server(1), Lane::B] {
                rec.bar_on(lane, self.b_answer, until, LaneState::Holds(Client::B));
            }
        }
    }
}
