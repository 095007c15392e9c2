//! Consensus keeps the lock: three etcd members on loopback, a real cluster.
//!
//! A takes the lock through the leader in two steps: a lease grant, then a transaction that
//! creates the key with that lease only if its creation revision is 0 (the key is absent); etcd
//! answers each once a majority has stored it. The leader is killed (SIGKILL);
//! the two others elect a new leader; B asks through a survivor and is refused, because the
//! key is there, with its revision unchanged, while A's lease lives.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::script::{Lane, Recording, Script, Started};
use super::{Client, Event, FailoverOutcome, FailoverSetup, LaneState, TTL_MS, failed};
use crate::lab::etcd::{self, agent, b64, int, why};
use crate::lab::server::{EtcdMember, LocalServer, etcd_args, free_port};
use crate::lab::{Control, LabError, ServerKind, random_u64};

const MEMBERS: usize = 3;
const KEY: &str = "locks-lesson/lab/etcd-cluster/lock";

/// POSTs JSON to one member's gateway.
fn post(base: &str, path: &str, body: &Value) -> Result<Value, LabError> {
    let what = tf!("lab.error.etcd.at", &[("url", format!("{base}{path}"))]);
    let mut resp = agent()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .send(body.to_string())
        .map_err(|e| failed(&what, why(&e)))?;
    let text = resp
        .body_mut()
        .read_to_string()
        .map_err(|e| failed(&what, why(&e)))?;
    let v: Value = serde_json::from_str(text.lines().next().unwrap_or("")).map_err(|_| {
        let text = format!("{:.80}", text.trim());
        failed(&what, tf!("lab.error.why.not_json", &[("text", text)]))
    })?;
    if v.get("error").is_some() {
        return Err(failed(&what, &v["error"]));
    }
    Ok(v)
}

/// This member's id and the leader's id as it sees them (0: no leader).
fn status(base: &str) -> Result<(u64, u64), LabError> {
    let v = post(base, "/v3/maintenance/status", &json!({}))?;
    let id = |x: &Value| x.as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok((id(&v["header"]["member_id"]), id(&v["leader"])))
}

/// Starts the three members and waits until the cluster has a leader.
fn start(ctl: &Control<'_>) -> Result<Vec<LocalServer>, LabError> {
    let mut ports = Vec::new();
    for _ in 0..MEMBERS {
        ports.push((free_port()?, free_port()?));
    }
    let name = |i: usize| format!("etcd-{}", i + 1);
    let cluster = (0..MEMBERS)
        .map(|i| format!("{}=http://127.0.0.1:{}", name(i), ports[i].1))
        .collect::<Vec<_>>()
        .join(",");
    let token = format!("locks-lesson-{:016x}", random_u64());
    let mut members = Vec::new();
    for (i, &(client_port, peer_port)) in ports.iter().enumerate() {
        let m = EtcdMember {
            name: name(i),
            client_port,
            peer_port,
            cluster: cluster.clone(),
            token: token.clone(),
        };
        members.push(LocalServer::spawn(
            ServerKind::Etcd,
            client_port,
            &etcd_args(&m),
        )?);
    }
    for m in &mut members {
        m.wait_ready(ctl.cancelled)?;
    }
    Ok(members)
}

/// The experiment's cluster and what its phases measured for the later ones.
pub struct EtcdCluster {
    members: Vec<LocalServer>,
    /// How long the cluster took to start and elect its first leader.
    ready_ms: f64,
    /// Each member's id, and the leader's (index and id).
    ids: Vec<u64>,
    leader: usize,
    leader_id: u64,
    a_lease: i64,
    a_granted: f64,
    /// A's key's creation and modification revisions.
    a_rev: (i64, i64),
    fault: f64,
    new_leader: usize,
    b_answer: f64,
}

/// A member's name: `etcd-1` for the first.
fn member(i: usize) -> String {
    format!("etcd-{}", i + 1)
}

/// The lock's TTL in whole seconds, as etcd's leases count it.
fn ttl_s() -> u64 {
    TTL_MS.div_ceil(1000)
}

/// A new lease of the lock's TTL, granted by the member at `base`.
fn lease(base: &str) -> Result<i64, LabError> {
    Ok(int(&post(
        base,
        "/v3/lease/grant",
        &json!({ "TTL": ttl_s() }),
    )?["ID"]))
}

/// Takes the lock through the member at `base` with `lease`, as `who`, in one transaction:
/// the key is created only if absent; either way the key is read back.
fn take(base: &str, lease: i64, who: &str) -> Result<Value, LabError> {
    let key = b64(KEY);
    post(
        base,
        "/v3/kv/txn",
        &json!({
            "compare": [{ "target": "CREATE", "key": key, "create_revision": "0", "result": "EQUAL" }],
            "success": [{ "request_put": { "key": key, "value": b64(who), "lease": lease.to_string() } },
                        { "request_range": { "key": key } }],
            "failure": [{ "request_range": { "key": key } }],
        }),
    )
}

impl EtcdCluster {
    /// Waits until a survivor names a new leader: its index.
    fn elected(&self, rec: &Recording<'_>) -> Result<usize, LabError> {
        const WITHIN: Duration = Duration::from_secs(10);
        let until = Instant::now() + WITHIN;
        loop {
            rec.check()?;
            for (i, m) in self.members.iter().enumerate() {
                if i == self.leader {
                    continue;
                }
                if let Ok((_, l)) = status(m.url())
                    && let Some(j) = self
                        .ids
                        .iter()
                        .position(|&id| id == l && l != self.leader_id)
                {
                    return Ok(j);
                }
            }
            if Instant::now() > until {
                return Err(LabError::Failed(tf!(
                    "lab.failover.error.no_new_leader",
                    &[("secs", WITHIN.as_secs().to_string())],
                )));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Script for EtcdCluster {
    fn start(_: &FailoverSetup, ctl: &Control<'_>) -> Result<Started<Self>, LabError> {
        (ctl.status)(t!("lab.failover.etcd.starting").into());
        let starting = Instant::now();
        let members = start(ctl)?;
        let ready_ms = starting.elapsed().as_secs_f64() * 1000.0;
        let version = etcd::probe(members[0].url())?;
        let (mut ids, mut leader_id) = (Vec::new(), 0);
        for m in &members {
            let (id, leader) = status(m.url())?;
            ids.push(id);
            leader_id = leader_id.max(leader);
        }
        let leader = ids
            .iter()
            .position(|&id| id == leader_id)
            .ok_or_else(|| LabError::Failed(t!("lab.failover.error.no_leader").into()))?;
        let lanes = members.iter().enumerate();
        let lanes = lanes.map(|(i, m)| format!("{} 127.0.0.1:{}", member(i), m.port()));
        let lanes = lanes.collect();
        let script = Self {
            members,
            ready_ms,
            ids,
            leader,
            leader_id,
            a_lease: 0,
            a_granted: 0.0,
            a_rev: (0, 0),
            fault: 0.0,
            new_leader: leader,
            b_answer: 0.0,
        };
        Ok(Started::new(script, version, lanes))
    }

    fn a_takes(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError> {
        rec.say(tf!(
            "lab.failover.etcd.leads",
            &[("member", member(self.leader))]
        ));
        let leader_url = self.members[self.leader].url().to_owned();
        rec.moment_now("a_attempt");
        self.a_lease = lease(&leader_url)?;
        let a = take(&leader_url, self.a_lease, "A")?;
        self.a_granted = rec.moment_now("a_granted");
        if a["succeeded"].as_bool() != Some(true) {
            return Err(LabError::Failed(
                t!("lab.failover.error.a_no_fresh_lock").into(),
            ));
        }
        let a_kv = &a["responses"][1]["response_range"]["kvs"][0];
        self.a_rev = (int(&a_kv["create_revision"]), int(&a_kv["mod_revision"]));
        rec.mark(Lane::Server(self.leader), 0.0, Event::Elected);
        rec.mark(Lane::A, self.a_granted, Event::Granted(Client::A));
        rec.fact("ttl_ms", ttl_s() * 1000);
        rec.fact("members", MEMBERS);
        rec.fact("cluster_ready_ms", (self.ready_ms * 10.0).round() / 10.0);
        rec.fact("old_leader", member(self.leader));
        Ok(())
    }

    fn fault(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError> {
        rec.say(t!("lab.failover.etcd.killing"));
        self.members[self.leader].kill();
        self.fault = rec.moment_now("fault");
        rec.mark(Lane::Server(self.leader), self.fault, Event::Killed);
        self.new_leader = self.elected(rec)?;
        let elected = rec.moment_now("election");
        rec.mark(Lane::Server(self.new_leader), elected, Event::Elected);
        rec.fact("new_leader", member(self.new_leader));
        rec.fact(
            "election_ms",
            ((elected - self.fault) * 10.0).round() / 10.0,
        );
        Ok(())
    }

    fn b_asks(&mut self, rec: &mut Recording<'_>) -> Result<FailoverOutcome, LabError> {
        rec.say(tf!(
            "lab.failover.etcd.leads_now",
            &[("member", member(self.new_leader))],
        ));
        // B asks through the survivor that is not the new leader.
        let via = (0..MEMBERS)
            .find(|&i| i != self.leader && i != self.new_leader)
            .unwrap_or(self.new_leader);
        let b_url = self.members[via].url().to_owned();
        let b_lease = lease(&b_url)?;
        rec.moment_now("b_attempt");
        let b = take(&b_url, b_lease, "B")?;
        self.b_answer = rec.moment_now("b_answer");
        let b_granted = b["succeeded"].as_bool() == Some(true);
        rec.answer(Lane::B, self.b_answer, Client::B, b_granted);
        let kv = &b["responses"][if b_granted { 1 } else { 0 }]["response_range"]["kvs"][0];
        let now_rev = (int(&kv["create_revision"]), int(&kv["mod_revision"]));
        let holder = kv["value"].as_str().map(|v| v == b64("A")).unwrap_or(false);
        let left = post(
            &b_url,
            "/v3/lease/timetolive",
            &json!({ "ID": self.a_lease.to_string() }),
        )?;
        for id in [self.a_lease, b_lease] {
            let _ = post(&b_url, "/v3/lease/revoke", &json!({ "ID": id.to_string() }));
        }
        rec.fact("b_via", member(via));
        rec.fact("b_granted", b_granted);
        rec.fact("a_revision", self.a_rev.1);
        rec.fact("revision_after_b", now_rev.1);
        rec.fact("revision_unchanged", now_rev == self.a_rev && holder);
        rec.fact("a_lease_left_s", int(&left["TTL"]));
        Ok(FailoverOutcome::when(b_granted))
    }

    fn draw(self, rec: &mut Recording<'_>) {
        drop(self.members);
        let a_granted = self.a_granted;
        let end = self.b_answer * 1.15 + 50.0;
        rec.bar_on(Lane::A, a_granted, end, LaneState::Holds(Client::A));
        for i in 0..MEMBERS {
            if i == self.leader {
                rec.bar(
                    Lane::Server(i),
                    a_granted,
                    self.fault,
                    LaneState::Holds(Client::A),
                );
            } else {
                rec.bar_on(Lane::Server(i), a_granted, end, LaneState::Holds(Client::A));
            }
        }
        rec.bar_on(Lane::Server(self.leader), self.fault, end, LaneState::Down);
    }
}
