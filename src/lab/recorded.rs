//! Runs recorded on real servers on this kind of computer, kept as they were measured: the
//! lab page with a result on screen, for tests and pictures, without a server.

use serde_json::json;

use super::failover::{
    Bar, Event, FailoverOutcome, FailoverParams, FailoverRun, FailoverStore, Mark, Role, Span, Who,
    server_lane,
};
use super::{LabParams, LabRun, Outcome, ServerKind};

/// Section 3's story on Redis 7.0.15, without fencing.
pub fn stale_run() -> LabRun {
    stale_run_with(false)
}

/// Section 3's story on Redis 7.0.15, with storage checking fencing tokens or without: the
/// same times; with fencing, A's late write is refused.
pub fn stale_run_with(fencing: bool) -> LabRun {
    LabRun {
        params: LabParams {
            fencing,
            ttl_ms: 1000,
            pause_ms: 3000,
            ..LabParams::new(ServerKind::Redis)
        },
        url: "redis://127.0.0.1:40123".into(),
        started_server: true,
        server_version: "7.0.15".into(),
        granted_ttl_ms: 1000,
        a_token: 1,
        b_token: 2,
        a_last_renewal_ms: 333.4,
        a_frozen_ms: 500.2,
        a_woke_ms: 3500.6,
        b_granted_ms: 1341.9,
        expiry_ms: Some(1341.9),
        b_write_ms: 1643.0,
        b_applied: true,
        a_write_ms: 3501.1,
        a_applied: !fencing,
        survivor: if fencing { "B" } else { "A" }.into(),
        storage_value: if fencing {
            super::story::result_value("B", 2)
        } else {
            super::story::result_value("A", 1)
        },
        outcome: if fencing {
            Outcome::Rejected
        } else {
            Outcome::Overwritten
        },
        total_ms: 3556.0,
    }
}

/// Experiment `p` of the lab's failovers, as it ran on Redis 7.0.15 and etcd.
pub fn failover_run(p: FailoverParams) -> FailoverRun {
    match (p.store, p.delayed_restart) {
        (FailoverStore::RedisReplica, _) => redis_replica(),
        (FailoverStore::Redlock, false) => redlock(),
        (FailoverStore::Redlock, true) => redlock_delayed(),
        (FailoverStore::EtcdCluster, _) => etcd_cluster(),
    }
}

/// The lanes of a run on Redis servers in these parts at these addresses: A, the servers, B.
fn lanes(servers: &[(Role, &str)]) -> Vec<String> {
    let servers = servers.iter().map(|&(role, at)| server_lane(role, at));
    std::iter::once("A".to_owned())
        .chain(servers)
        .chain(std::iter::once("B".to_owned()))
        .collect()
}

/// A run from its recorded parts: bars as (lane, from, to, span), marks as (lane, at, event).
#[allow(clippy::too_many_arguments)] // (one argument a field of the run)
fn run(
    p: FailoverParams,
    outcome: FailoverOutcome,
    version: &str,
    lanes: Vec<String>,
    moments: &[(&'static str, f64)],
    facts: Vec<(&'static str, serde_json::Value)>,
    bars: &[(usize, f64, f64, Span)],
    marks: &[(usize, f64, Event)],
    total_ms: f64,
) -> FailoverRun {
    FailoverRun {
        params: p,
        outcome,
        server_version: version.into(),
        lanes,
        moments: moments.to_vec(),
        facts,
        bars: bars
            .iter()
            .map(|&(lane, from_ms, to_ms, span)| Bar {
                lane,
                from_ms,
                to_ms,
                span,
            })
            .collect(),
        marks: marks
            .iter()
            .map(|&(lane, at_ms, event)| Mark { lane, at_ms, event })
            .collect(),
        total_ms,
    }
}

fn redis_replica() -> FailoverRun {
    use Event::*;
    use Span::*;
    use Who::*;
    run(
        FailoverParams {
            store: FailoverStore::RedisReplica,
            delayed_restart: false,
        },
        FailoverOutcome::GrantedTwice,
        "7.0.15",
        lanes(&[
            (Role::Primary, "127.0.0.1:42859"),
            (Role::Replica, "127.0.0.1:40919"),
        ]),
        &[
            ("link_cut", 0.5),
            ("a_attempt", 0.5),
            ("a_granted", 0.6),
            ("fault", 2.1),
            ("promotion", 2.3),
            ("b_attempt", 2.3),
            ("b_answer", 2.5),
            ("a_valid_until", 3000.5),
        ],
        vec![
            ("ttl_ms", json!(3000)),
            ("b_granted", json!(true)),
            ("primary_offset_after_a", json!(128)),
            ("replica_offset", json!(0)),
            ("key_reached_replica", json!(false)),
        ],
        &[
            (0, 0.6, 3000.5, Holds(A)),
            (1, 0.6, 2.1, Holds(A)),
            (1, 2.1, 3000.5, Down),
            (2, 2.5, 3000.5, Holds(B)),
            (3, 2.5, 3000.5, Holds(B)),
        ],
        &[
            (2, 0.5, LinkCut),
            (0, 0.6, Granted(A)),
            (1, 2.1, Killed),
            (2, 2.3, Promoted),
            (3, 2.5, Granted(B)),
        ],
        181.4,
    )
}

fn redlock() -> FailoverRun {
    use Event::*;
    use Span::*;
    use Who::*;
    run(
        FailoverParams {
            store: FailoverStore::Redlock,
            delayed_restart: false,
        },
        FailoverOutcome::GrantedTwice,
        "7.0.15",
        lanes(&[
            (Role::Master, "127.0.0.1:44673"),
            (Role::Master, "127.0.0.1:41177"),
            (Role::Master, "127.0.0.1:44327"),
            (Role::Master, "127.0.0.1:41897"),
            (Role::Master, "127.0.0.1:39853"),
        ]),
        &[
            ("cut_off", 2.1),
            ("a_attempt", 2.1),
            ("a_granted", 3.2),
            ("reachable_again", 124.7),
            ("fault", 125.8),
            ("b_attempt", 171.3),
            ("restart", 171.3),
            ("b_answer", 172.7),
            ("b_granted", 172.7),
            ("a_valid_until", 2970.1),
        ],
        vec![
            ("ttl_ms", json!(3000)),
            ("masters", json!(5)),
            ("quorum", json!(3)),
            ("a_masters", json!([1, 2, 3])),
            ("a_acquire_ms", json!(1.1)),
            ("drift_ms", json!(32.0)),
            ("validity_ms", json!(2966.9)),
            ("killed_master", json!(3)),
            ("b_attempts", json!(1)),
            ("b_masters", json!([3, 4, 5])),
            ("b_validity_ms", json!(2966.6)),
        ],
        &[
            (4, 2.1, 28.9, Down),
            (5, 2.1, 124.7, Down),
            (1, 2.4, 3002.4, Holds(A)),
            (2, 2.8, 3002.8, Holds(A)),
            (3, 3.0, 125.8, Holds(A)),
            (3, 125.8, 171.3, Down),
            (0, 3.2, 2970.1, Holds(A)),
            (3, 172.2, 3070.1, Holds(B)),
            (4, 172.4, 3070.1, Holds(B)),
            (5, 172.7, 3070.1, Holds(B)),
            (6, 172.7, 3070.1, Holds(B)),
        ],
        &[
            (1, 2.4, Granted(A)),
            (2, 2.8, Granted(A)),
            (3, 3.0, Granted(A)),
            (4, 28.9, Restarted),
            (5, 124.7, Restarted),
            (3, 125.8, Killed),
            (6, 172.7, Granted(B)),
            (3, 171.3, Restarted),
            (3, 172.2, Granted(B)),
            (4, 172.4, Granted(B)),
            (5, 172.7, Granted(B)),
        ],
        462.1,
    )
}

fn redlock_delayed() -> FailoverRun {
    use Event::*;
    use Span::*;
    use Who::*;
    run(
        FailoverParams {
            store: FailoverStore::Redlock,
            delayed_restart: true,
        },
        FailoverOutcome::Kept,
        "7.0.15",
        lanes(&[
            (Role::Master, "127.0.0.1:34489"),
            (Role::Master, "127.0.0.1:46333"),
            (Role::Master, "127.0.0.1:41121"),
            (Role::Master, "127.0.0.1:46709"),
            (Role::Master, "127.0.0.1:38209"),
        ]),
        &[
            ("cut_off", 5.6),
            ("a_attempt", 5.6),
            ("a_granted", 6.7),
            ("reachable_again", 122.8),
            ("fault", 124.0),
            ("b_attempt", 124.0),
            ("b_answer", 125.4),
            ("a_valid_until", 2973.6),
            ("b_granted", 3161.3),
            ("restart", 3463.5),
        ],
        vec![
            ("ttl_ms", json!(3000)),
            ("masters", json!(5)),
            ("quorum", json!(3)),
            ("a_masters", json!([1, 2, 3])),
            ("a_acquire_ms", json!(1.1)),
            ("drift_ms", json!(32.0)),
            ("validity_ms", json!(2966.9)),
            ("killed_master", json!(3)),
            ("b_attempts", json!(16)),
            ("b_masters", json!([1, 2, 4, 5])),
            ("b_validity_ms", json!(2966.4)),
        ],
        &[
            (4, 5.6, 70.5, Down),
            (5, 5.6, 122.8, Down),
            (1, 6.0, 3006.0, Holds(A)),
            (2, 6.4, 3006.4, Holds(A)),
            (3, 6.6, 124.0, Holds(A)),
            (3, 124.0, 3463.5, Down),
            (0, 6.7, 2973.6, Holds(A)),
            (1, 3160.3, 3261.3, Holds(B)),
            (2, 3160.6, 3261.3, Holds(B)),
            (4, 3161.0, 3261.3, Holds(B)),
            (5, 3161.3, 3261.3, Holds(B)),
            (6, 3161.3, 3261.3, Holds(B)),
        ],
        &[
            (1, 6.0, Granted(A)),
            (2, 6.4, Granted(A)),
            (3, 6.6, Granted(A)),
            (4, 70.5, Restarted),
            (5, 122.8, Restarted),
            (3, 124.0, Killed),
            (6, 125.4, Refused(B)),
            (6, 327.4, Refused(B)),
            (6, 529.3, Refused(B)),
            (6, 731.1, Refused(B)),
            (6, 933.1, Refused(B)),
            (6, 1137.7, Refused(B)),
            (6, 1339.7, Refused(B)),
            (6, 1541.7, Refused(B)),
            (6, 1743.6, Refused(B)),
            (6, 1948.3, Refused(B)),
            (6, 2150.5, Refused(B)),
            (6, 2352.6, Refused(B)),
            (6, 2554.5, Refused(B)),
            (6, 2756.8, Refused(B)),
            (6, 2959.0, Refused(B)),
            (6, 3161.3, Granted(B)),
            (3, 3463.5, Restarted),
            (1, 3160.3, Granted(B)),
            (2, 3160.6, Granted(B)),
            (4, 3161.0, Granted(B)),
            (5, 3161.3, Granted(B)),
        ],
        3702.9,
    )
}

fn etcd_cluster() -> FailoverRun {
    use Event::*;
    use Span::*;
    use Who::*;
    run(
        FailoverParams {
            store: FailoverStore::EtcdCluster,
            delayed_restart: false,
        },
        FailoverOutcome::Kept,
        "3.4.23",
        [
            "A",
            "etcd-1 127.0.0.1:46147",
            "etcd-2 127.0.0.1:34947",
            "etcd-3 127.0.0.1:45669",
            "B",
        ]
        .map(str::to_owned)
        .to_vec(),
        &[
            ("a_attempt", 0.0),
            ("a_granted", 12.6),
            ("fault", 17.8),
            ("election", 509.3),
            ("b_attempt", 514.6),
            ("b_answer", 519.5),
        ],
        vec![
            ("ttl_ms", json!(3000)),
            ("members", json!(3)),
            ("cluster_ready_ms", json!(2252.7)),
            ("old_leader", json!("etcd-1")),
            ("new_leader", json!("etcd-2")),
            ("election_ms", json!(491.5)),
            ("b_via", json!("etcd-3")),
            ("b_granted", json!(false)),
            ("a_revision", json!(2)),
            ("revision_after_b", json!(2)),
            ("revision_unchanged", json!(true)),
            ("a_lease_left_s", json!(3)),
        ],
        &[
            (0, 12.6, 647.425, Holds(A)),
            (1, 12.6, 17.8, Holds(A)),
            (2, 12.6, 647.425, Holds(A)),
            (3, 12.6, 647.425, Holds(A)),
            (1, 17.8, 647.425, Down),
        ],
        &[
            (1, 0.0, Elected),
            (0, 12.6, Granted(A)),
            (1, 17.8, Killed),
            (2, 509.3, Elected),
            (4, 519.5, Refused(B)),
        ],
        2872.0,
    )
}
