//! What a lab run found, in words: the status line, the headline, the table of what was
//! measured; and the lanes' least height.

use std::sync::OnceLock;

use egui::{RichText, Ui};

use super::TITLE;
use super::figure::secs;
use crate::lab::{LabRun, Outcome, ServerKind};
use crate::lesson::SectionText;

/// The least height of a lane diagram of `lanes` lanes: each lane a bar and a line of words
/// above and below it, and the time axis.
pub fn lanes_height(ui: &Ui, lanes: usize) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    (lanes as f32 * 3.2 + 3.0) * row
}

pub(super) fn finished_status(run: &LabRun) -> String {
    let who = if run.started_server {
        "our own"
    } else {
        "the given"
    };
    format!(
        "Done in {}, on {who} {} {} at {}.",
        secs(run.total_ms / 1000.0),
        run.params.server.name(),
        run.server_version,
        run.url
    )
}

/// The headline, from the run's measured times.
pub fn headline(run: &LabRun) -> String {
    let ms = |v: f64| secs(v / 1000.0);
    let (a, b) = (run.a_token, run.b_token);
    let server = format!("{} {}", run.params.server.name(), run.server_version);
    let pause = format!(
        "A was paused for {} with a {} ms TTL",
        ms(run.a_woke_ms - run.a_frozen_ms),
        run.granted_ttl_ms
    );
    let gone = ms(run.expiry_ms.unwrap_or(run.b_granted_ms));
    let (aw, bw) = (ms(run.a_write_ms), ms(run.b_write_ms));
    let story = match run.outcome {
        Outcome::Overwritten => format!(
            "On a real {server}, {pause}. The server let A's lock go at {gone} and gave it to B (token {b}), who wrote at {bw}; at {aw} A woke and wrote over B's result with token {a}. Storage now holds A's stale data, and nobody got an error."
        ),
        Outcome::Rejected => format!(
            "On a real {server}, {pause}. The server let A's lock go at {gone} and gave it to B (token {b}), who wrote at {bw}; at {aw} A woke and wrote with token {a}, and storage, having applied {b}, refused it. B's result is safe."
        ),
        Outcome::OverlapHarmless => format!(
            "On a real {server}, {pause}. B got the lock at {gone} while A still believed it held it, but A wrote first ({aw}) and B's write at {bw} replaced it: both acted as holder, and only timing prevented damage."
        ),
        Outcome::NoOverlap => format!(
            "On a real {server}, {pause}. A woke inside its lock, wrote at {aw} and released it; B got the lock only at {} and wrote at {bw}. The lock kept them apart.",
            ms(run.b_granted_ms)
        ),
    };
    format!("{story}{}{}", token_gap(run), redis_token(run))
}

/// Where a Redis run's tokens come from: Redis hands out no fencing token, so the lab counts
/// grants itself, which holds on one server and would not survive a failover.
fn redis_token(run: &LabRun) -> &'static str {
    if run.params.server != ServerKind::Redis {
        return "";
    }
    " Redis hands out no fencing token of its own: the lab's tokens come from an INCR on this \
     one server, which sees every grant. After a failover, a promoted replica that lacked the \
     latest INCR could hand out the same number again."
}

/// Why B's token is not A's plus one, when it is not: etcd's tokens are revisions, which
/// count every change in the whole store (the expired lease's deletion of A's key among
/// them), not only grants.
fn token_gap(run: &LabRun) -> String {
    let (a, b) = (run.a_token, run.b_token);
    if run.params.server != crate::lab::ServerKind::Etcd || b <= a + 1 {
        return String::new();
    }
    format!(
        " Why tokens {a} and {b}: etcd's tokens are its revisions, and a revision counts every \
         change in the whole store, not only grants, so the changes between the two grants \
         (such as the deletion of A's key when its lease expired) took the numbers in between."
    )
}

pub(super) fn facts(ui: &mut Ui, run: &LabRun) {
    let rows = [
        (
            "Server",
            format!(
                "{} {} at {}",
                run.params.server.name(),
                run.server_version,
                run.url
            ),
        ),
        ("Tokens", format!("A {}, B {}", run.a_token, run.b_token)),
        ("TTL granted", format!("{} ms", run.granted_ttl_ms)),
        (
            "A's last renewal, paused, woke",
            format!(
                "{} ms, {} ms, {} ms",
                run.a_last_renewal_ms, run.a_frozen_ms, run.a_woke_ms
            ),
        ),
        (
            "B got the lock, B wrote, A wrote",
            format!(
                "{} ms, {} ms, {} ms",
                run.b_granted_ms, run.b_write_ms, run.a_write_ms
            ),
        ),
        ("Storage read back", run.storage_value.clone()),
    ];
    egui::Grid::new("lab-facts")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for (k, v) in rows {
                ui.label(RichText::new(k).strong());
                ui.label(v);
                ui.end_row();
            }
        });
}

pub(super) fn text() -> &'static SectionText {
    static TEXT: OnceLock<SectionText> = OnceLock::new();
    TEXT.get_or_init(|| SectionText {
        number: crate::sections::lab(),
        id: "lab".into(),
        title: TITLE.into(),
        subtitle: "Sections 3 and 5 on a real Redis, Redlock and etcd".into(),
        intro: vec![
            "Everything so far was a model. Here A and B are two threads of this app, each a client of a real [[lock|lock server]], and they take the same lock. A works, renewing its [[lease]]; then A's thread stops renewing and sleeps past the [[ttl|TTL]], as a [[process-pause|process pause]] such as a long garbage collection would stop it. The server expires A's lock, B takes it and writes; then A wakes and writes too.".into(),
            "Section 5's failovers run here too: a Redis primary that dies before its replica has the lock, a Redlock master that restarts empty, and an etcd cluster that loses its leader, each on real servers with the moments measured.".into(),
            "The lab starts its own server on this computer (redis-server or etcd, if present) on a free loopback port and stops it afterwards, or uses the URL you give. It uses the network only when you press Run.".into(),
        ],
        after: Vec::new(),
        how: "Redis: SET NX PX with a random value, INCR for the token, compare-and-delete to release, a Lua script for the fenced write. etcd: a lease with keep-alives, the lock key created in a transaction, its create revision as the token, a transaction for the fenced write. Times are measured on this computer's clock from A's grant; B tries for the lock every 10 ms, so the expiry is seen to within about 10 ms (etcd itself checks leases about every half second).".into(),
    })
}
