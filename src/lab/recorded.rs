//! Runs recorded on real servers on this kind of computer, kept as they were measured: the
//! lab page with a result on screen, for tests and pictures, without a server. The numbers
//! are data, in `assets/lab_recorded.ron` (embedded, parsed once); this module turns them into
//! the runs the lab's pages draw.

use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::Value;

use super::failover::{
    Bar, Event, FailoverOutcome, FailoverRun, FailoverSetup, FailoverStore, LaneState, Mark, Role,
    server_lane,
};
use super::{LabParams, LabRun, Outcome, ServerKind};

const RECORDED: &str = include_str!("../../assets/lab_recorded.ron");

/// The whole file.
#[derive(Debug, Deserialize)]
struct Recorded {
    stale: RecordedStale,
    #[serde(borrow)]
    failovers: Vec<Failover<'static>>,
}

/// Section 3's story, the same with fencing or without but for A's late write.
#[derive(Debug, Deserialize)]
struct RecordedStale {
    ttl_ms: u64,
    pause_ms: u64,
    url: String,
    server_version: String,
    granted_ttl_ms: u64,
    a_token: u64,
    b_token: u64,
    a_last_renewal_ms: f64,
    a_frozen_ms: f64,
    a_woke_ms: f64,
    b_granted_ms: f64,
    expiry_ms: Option<f64>,
    b_write_ms: f64,
    a_write_ms: f64,
    total_ms: f64,
}

/// One failover experiment as it ran.
#[derive(Debug, Deserialize)]
struct Failover<'a> {
    store: FailoverStore,
    delayed_restart: bool,
    outcome: FailoverOutcome,
    version: String,
    servers: Vec<ServerLane>,
    #[serde(borrow)]
    moments: Vec<(&'a str, f64)>,
    #[serde(borrow)]
    facts: Vec<(&'a str, Value)>,
    bars: Vec<(usize, f64, f64, LaneState)>,
    /// The bars (counted from 0) that had not ended when the diagram closed.
    #[serde(default)]
    runs_on: Vec<usize>,
    marks: Vec<(usize, f64, Event)>,
    total_ms: f64,
}

/// A server's lane: a Redis server's part and address, or an etcd member's name and address.
#[derive(Debug, Deserialize)]
enum ServerLane {
    Primary(String),
    Replica(String),
    Master(String),
    Etcd(String),
}

impl ServerLane {
    /// The lane's name, as a live run names it (`i`: its place among the run's servers).
    fn name(&self, i: usize) -> String {
        match self {
            Self::Primary(at) => server_lane(Role::Primary, at),
            Self::Replica(at) => server_lane(Role::Replica, at),
            Self::Master(at) => server_lane(Role::Master(i + 1), at),
            Self::Etcd(name) => name.clone(),
        }
    }
}

fn parse(text: &'static str) -> Result<Recorded, String> {
    ron::from_str(text).map_err(|e| format!("assets/lab_recorded.ron: {e}"))
}

/// The recorded runs (parsed once).
fn recorded() -> &'static Recorded {
    static RUNS: OnceLock<Recorded> = OnceLock::new();
    RUNS.get_or_init(|| {
        parse(RECORDED).expect("the embedded recorded runs are valid (a test checks)")
    })
}

/// Section 3's story on Redis 7.0.15, without fencing.
pub fn stale_run() -> LabRun {
    stale_run_with(false)
}

/// Section 3's story on Redis 7.0.15, with storage checking fencing tokens or without: the
/// same times; with fencing, A's late write is refused.
pub fn stale_run_with(fencing: bool) -> LabRun {
    let s = &recorded().stale;
    let (survivor, token) = if fencing {
        ("B", s.b_token)
    } else {
        ("A", s.a_token)
    };
    LabRun {
        params: LabParams {
            fencing,
            ttl_ms: s.ttl_ms,
            pause_ms: s.pause_ms,
            ..LabParams::new(ServerKind::Redis)
        },
        url: s.url.clone(),
        started_server: true,
        server_version: s.server_version.clone(),
        granted_ttl_ms: s.granted_ttl_ms,
        a_token: s.a_token,
        b_token: s.b_token,
        a_last_renewal_ms: s.a_last_renewal_ms,
        a_frozen_ms: s.a_frozen_ms,
        a_woke_ms: s.a_woke_ms,
        b_granted_ms: s.b_granted_ms,
        expiry_ms: s.expiry_ms,
        b_write_ms: s.b_write_ms,
        b_applied: true,
        a_write_ms: s.a_write_ms,
        a_applied: !fencing,
        survivor: survivor.into(),
        storage_value: super::story::result_value(survivor, token),
        outcome: if fencing {
            Outcome::Rejected
        } else {
            Outcome::Overwritten
        },
        total_ms: s.total_ms,
    }
}

/// Experiment `p` of the lab's failovers, as it ran on Redis 7.0.15 and etcd.
pub fn failover_run(p: FailoverSetup) -> FailoverRun {
    // Only Redlock has a delayed restart.
    let delayed = p.delayed_restart && p.store == FailoverStore::Redlock;
    let f = recorded()
        .failovers
        .iter()
        .find(|f| f.store == p.store && f.delayed_restart == delayed)
        .expect("every experiment was recorded (a test checks)");
    to_run(f)
}

/// A run from its recorded parts.
fn to_run(f: &Failover<'static>) -> FailoverRun {
    let lanes = f.servers.iter().enumerate().map(|(i, l)| l.name(i));
    let lanes = std::iter::once("A".to_owned())
        .chain(lanes)
        .chain(std::iter::once("B".to_owned()));
    let bars = f
        .bars
        .iter()
        .enumerate()
        .map(|(i, &(lane, from_ms, to_ms, state))| Bar {
            lane,
            from_ms,
            to_ms,
            state,
            runs_on: f.runs_on.contains(&i),
        });
    let marks = f
        .marks
        .iter()
        .map(|&(lane, at_ms, event)| Mark { lane, at_ms, event });
    FailoverRun {
        params: FailoverSetup {
            store: f.store,
            delayed_restart: f.delayed_restart,
        },
        outcome: f.outcome,
        server_version: f.version.clone(),
        lanes: lanes.collect(),
        moments: f.moments.clone(),
        facts: f.facts.clone(),
        bars: bars.collect(),
        marks: marks.collect(),
        total_ms: f.total_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::failover::{Client, story};

    /// Every experiment, as the page and the command line ask for them.
    fn every_experiment() -> Vec<FailoverSetup> {
        let p = |store, delayed_restart| FailoverSetup {
            store,
            delayed_restart,
        };
        vec![
            p(FailoverStore::RedisReplica, false),
            p(FailoverStore::Redlock, false),
            p(FailoverStore::Redlock, true),
            p(FailoverStore::EtcdCluster, false),
        ]
    }

    #[test]
    fn the_file_holds_every_experiment_once() {
        let all = parse(RECORDED).unwrap();
        let mut kept: Vec<FailoverSetup> = all
            .failovers
            .iter()
            .map(|f| FailoverSetup {
                store: f.store,
                delayed_restart: f.delayed_restart,
            })
            .collect();
        for p in every_experiment() {
            let at = kept.iter().position(|k| *k == p);
            let at = at.unwrap_or_else(|| panic!("{p:?} was not recorded"));
            kept.remove(at);
            assert_eq!(failover_run(p).params, p);
        }
        assert!(
            kept.is_empty(),
            "recorded twice or never asked for: {kept:?}"
        );
    }

    #[test]
    fn a_malformed_file_is_refused_by_name() {
        let e = parse("Recorded(stale: (), failovers: [])").unwrap_err();
        assert!(e.starts_with("assets/lab_recorded.ron:"), "{e}");
    }

    /// Every key once.
    fn unique<T>(pairs: &[(&str, T)], run: &FailoverRun) {
        let mut keys: Vec<&str> = pairs.iter().map(|p| p.0).collect();
        keys.sort_unstable();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "a key twice: {run:?}");
    }

    #[test]
    fn every_failover_run_holds_together() {
        for p in every_experiment() {
            let run = failover_run(p);
            let lanes = run.lanes.len();
            assert!(lanes >= 4 && run.lanes[0] == "A" && run.lanes[lanes - 1] == "B");
            for b in &run.bars {
                assert!(b.lane < lanes && b.from_ms <= b.to_ms, "{b:?} in {p:?}");
            }
            assert!(run.marks.iter().all(|m| m.lane < lanes), "{p:?}");
            // What runs on past the diagram's close is a lock held or a server down at its
            // close: every such bar ends with the last of them.
            let close = run.bars.iter().map(|b| b.to_ms).fold(0.0, f64::max);
            let open: Vec<_> = run.bars.iter().filter(|b| b.runs_on).collect();
            assert!(!open.is_empty(), "{p:?}: nothing runs on");
            let last_open = open.iter().map(|b| b.to_ms).fold(0.0, f64::max);
            assert!(
                open.iter().all(|b| b.to_ms == last_open) && last_open <= close,
                "{p:?}"
            );
            // In time order, as a live run's are.
            let at: Vec<f64> = run.moments.iter().map(|m| m.1).collect();
            assert!(at.is_sorted(), "{p:?}: {:?}", run.moments);
            unique(&run.moments, &run);
            unique(&run.facts, &run);
            // Twice: B was granted on its lane while A's lock was still valid.
            let valid_until = run.moment("a_valid_until").unwrap_or(f64::INFINITY);
            let b_granted = run.marks.iter().any(|m| {
                m.lane == lanes - 1 && m.event == Event::Granted(Client::B) && m.at_ms < valid_until
            });
            let twice = run.outcome == FailoverOutcome::GrantedTwice;
            assert_eq!(twice, b_granted, "{p:?}");
            // The story's every slot is filled from what was measured.
            let story = story(&run);
            assert!(!story.contains('{'), "{p:?}: {story}");
            assert!(story.contains(&run.server_version), "{story}");
        }
    }

    #[test]
    fn the_stale_run_keeps_its_order_and_fencing_picks_the_survivor() {
        for fencing in [false, true] {
            let r = stale_run_with(fencing);
            let order = [
                r.a_last_renewal_ms,
                r.a_frozen_ms,
                r.b_granted_ms,
                r.b_write_ms,
                r.a_woke_ms,
                r.a_write_ms,
                r.total_ms,
            ];
            assert!(order.is_sorted(), "{r:?}");
            assert!(r.a_token < r.b_token);
            assert_eq!(r.expiry_ms, Some(r.b_granted_ms));
            // B only after A's last renewal ran out.
            assert!(r.b_granted_ms >= r.a_last_renewal_ms + r.granted_ttl_ms as f64);
            assert_eq!(r.a_applied, !fencing);
            let (survivor, token) = if fencing {
                ("B", r.b_token)
            } else {
                ("A", r.a_token)
            };
            assert_eq!(r.survivor, survivor);
            assert_eq!(
                r.storage_value,
                crate::lab::story::result_value(survivor, token)
            );
        }
    }
}
