//! Consensus keeps the lock: three etcd members on loopback, a real cluster.
//!
//! A takes the lock through the leader in two steps: a lease grant, then a transaction that
//! creates the key with that lease only if its creation revision is 0 (the key is absent); etcd
//! answers each once a majority has stored it. The leader is killed (SIGKILL);
//! the two others elect a new leader; B asks through a survivor and is refused, because the
//! key is there, with its revision unchanged, while A's lease lives.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{
    Bar, Clock, Event, FailoverOutcome, FailoverParams, FailoverRun, FailoverStore, Mark, Span,
    TTL_MS, Who, check, failed,
};
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

pub fn run(ctl: &Control<'_>) -> Result<FailoverRun, LabError> {
    (ctl.status)(t!("lab.failover.etcd.starting").into());
    let starting = Instant::now();
    let mut members = start(ctl)?;
    let ready_ms = starting.elapsed().as_secs_f64() * 1000.0;
    let version = etcd::probe(members[0].url())?;
    let mut ids = Vec::new();
    let mut leader_id = 0;
    for m in &members {
        let (id, leader) = status(m.url())?;
        ids.push(id);
        leader_id = leader_id.max(leader);
    }
    let leader = ids
        .iter()
        .position(|&id| id == leader_id)
        .ok_or_else(|| LabError::Failed(t!("lab.failover.error.no_leader").into()))?;
    let mut lanes = vec!["A".to_owned()];
    lanes.extend((0..MEMBERS).map(|i| format!("etcd-{} 127.0.0.1:{}", i + 1, members[i].port())));
    lanes.push("B".to_owned());
    let lane = |i: usize| i + 1;
    let b_lane = MEMBERS + 1;
    check(ctl)?;

    let member = |i: usize| format!("etcd-{}", i + 1);
    (ctl.status)(tf!(
        "lab.failover.etcd.leads",
        &[("member", member(leader))]
    ));
    let clock = Clock::start();
    let leader_url = members[leader].url().to_owned();
    let ttl_s = TTL_MS.div_ceil(1000);
    let a_attempt = clock.now();
    let lease = post(&leader_url, "/v3/lease/grant", &json!({ "TTL": ttl_s }))?;
    let a_lease = int(&lease["ID"]);
    let key = b64(KEY);
    let take = |base: &str, lease: i64, who: &str| {
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
    };
    let a = take(&leader_url, a_lease, "A")?;
    let a_granted = clock.now();
    if a["succeeded"].as_bool() != Some(true) {
        return Err(LabError::Failed(
            t!("lab.failover.error.a_no_fresh_lock").into(),
        ));
    }
    let a_kv = &a["responses"][1]["response_range"]["kvs"][0];
    let a_rev = (int(&a_kv["create_revision"]), int(&a_kv["mod_revision"]));

    (ctl.status)(t!("lab.failover.etcd.killing").into());
    check(ctl)?;
    members[leader].kill();
    let fault = clock.now();
    let survivors: Vec<usize> = (0..MEMBERS).filter(|&i| i != leader).collect();
    const WITHIN: Duration = Duration::from_secs(10);
    let until = Instant::now() + WITHIN;
    let new_leader = 'found: loop {
        check(ctl)?;
        for &i in &survivors {
            if let Ok((_, l)) = status(members[i].url())
                && let Some(j) = ids.iter().position(|&id| id == l && l != leader_id)
            {
                break 'found j;
            }
        }
        if Instant::now() > until {
            return Err(LabError::Failed(tf!(
                "lab.failover.error.no_new_leader",
                &[("secs", WITHIN.as_secs().to_string())],
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let elected = clock.now();

    (ctl.status)(tf!(
        "lab.failover.etcd.leads_now",
        &[("member", member(new_leader))],
    ));
    let via = *survivors
        .iter()
        .find(|&&i| i != new_leader)
        .unwrap_or(&new_leader);
    let b_url = members[via].url().to_owned();
    let b_lease = int(&post(&b_url, "/v3/lease/grant", &json!({ "TTL": ttl_s }))?["ID"]);
    let b_attempt = clock.now();
    let b = take(&b_url, b_lease, "B")?;
    let b_answer = clock.now();
    let b_granted = b["succeeded"].as_bool() == Some(true);
    let kv = &b["responses"][if b_granted { 1 } else { 0 }]["response_range"]["kvs"][0];
    let now_rev = (int(&kv["create_revision"]), int(&kv["mod_revision"]));
    let holder = kv["value"].as_str().map(|v| v == b64("A")).unwrap_or(false);
    let left = post(
        &b_url,
        "/v3/lease/timetolive",
        &json!({ "ID": a_lease.to_string() }),
    )?;
    let a_lease_left_s = int(&left["TTL"]);
    for id in [a_lease, b_lease] {
        let _ = post(&b_url, "/v3/lease/revoke", &json!({ "ID": id.to_string() }));
    }
    drop(members);
    let outcome = if b_granted {
        FailoverOutcome::GrantedTwice
    } else {
        FailoverOutcome::Kept
    };

    let end = b_answer * 1.15 + 50.0;
    let mut bars = vec![Bar {
        lane: 0,
        from_ms: a_granted,
        to_ms: end,
        span: Span::Holds(Who::A),
    }];
    for i in 0..MEMBERS {
        let to = if i == leader { fault } else { end };
        bars.push(Bar {
            lane: lane(i),
            from_ms: a_granted,
            to_ms: to,
            span: Span::Holds(Who::A),
        });
    }
    bars.push(Bar {
        lane: lane(leader),
        from_ms: fault,
        to_ms: end,
        span: Span::Down,
    });
    let b_event = if b_granted {
        Event::Granted(Who::B)
    } else {
        Event::Refused(Who::B)
    };
    let marks = vec![
        Mark {
            lane: lane(leader),
            at_ms: 0.0,
            event: Event::Elected,
        },
        Mark {
            lane: 0,
            at_ms: a_granted,
            event: Event::Granted(Who::A),
        },
        Mark {
            lane: lane(leader),
            at_ms: fault,
            event: Event::Killed,
        },
        Mark {
            lane: lane(new_leader),
            at_ms: elected,
            event: Event::Elected,
        },
        Mark {
            lane: b_lane,
            at_ms: b_answer,
            event: b_event,
        },
    ];
    Ok(FailoverRun {
        params: FailoverParams {
            store: FailoverStore::EtcdCluster,
            delayed_restart: false,
        },
        outcome,
        server_version: version,
        lanes,
        moments: vec![
            ("a_attempt", a_attempt),
            ("a_granted", a_granted),
            ("fault", fault),
            ("election", elected),
            ("b_attempt", b_attempt),
            ("b_answer", b_answer),
        ],
        facts: vec![
            ("ttl_ms", json!(ttl_s * 1000)),
            ("members", json!(MEMBERS)),
            ("cluster_ready_ms", json!((ready_ms * 10.0).round() / 10.0)),
            ("old_leader", json!(format!("etcd-{}", leader + 1))),
            ("new_leader", json!(format!("etcd-{}", new_leader + 1))),
            (
                "election_ms",
                json!(((elected - fault) * 10.0).round() / 10.0),
            ),
            ("b_via", json!(format!("etcd-{}", via + 1))),
            ("b_granted", json!(b_granted)),
            ("a_revision", json!(a_rev.1)),
            ("revision_after_b", json!(now_rev.1)),
            ("revision_unchanged", json!(now_rev == a_rev && holder)),
            ("a_lease_left_s", json!(a_lease_left_s)),
        ],
        bars,
        marks,
        total_ms: 0.0,
    })
}
