//! What a lab run found, in words: the status line, the headline, the table of what was
//! measured; and the lanes' least height.

use egui::{RichText, Ui};

use crate::lab::{LabRun, Outcome, ServerKind};
use crate::lesson::SectionText;
use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::{duration_ms, seconds};

/// The least height of a lane diagram of `lanes` lanes: each lane a bar and a line of words
/// above and below it, and the time axis.
pub fn lanes_height(ui: &Ui, lanes: usize) -> f32 {
    // (The lanes' names are the plot's tick labels, a step smaller on a slide.)
    let row = crate::ui::kit::readable::figure_text_height(ui);
    // (A slide's lanes keep closer: its words are large and its room short.)
    let per_lane = if crate::ui::kit::style::on_slide(ui.ctx()) {
        2.5
    } else {
        3.2
    };
    (lanes as f32 * per_lane + 3.0) * row
}

pub(super) fn finished_status(run: &LabRun) -> String {
    let values = [
        ("time", duration_ms(run.total_ms)),
        ("server", run.params.server.name().to_owned()),
        ("version", run.server_version.clone()),
        ("url", run.url.clone()),
    ];
    if run.started_server {
        tf!("lab.status.done.own", &values)
    } else {
        tf!("lab.status.done.given", &values)
    }
}

/// The headline, from the run's measured times.
pub fn headline(run: &LabRun) -> String {
    let values = values(run);
    let story = match run.outcome {
        Outcome::Overwritten => tf!("lab.headline.overwritten", &values),
        Outcome::Rejected => tf!("lab.headline.rejected", &values),
        Outcome::OverlapHarmless => tf!("lab.headline.overlap_harmless", &values),
        Outcome::NoOverlap => tf!("lab.headline.no_overlap", &values),
    };
    [Some(story), token_gap(run), redis_token(run)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The headline in short, for a slide: what happened to the two writes.
pub fn slide_headline(run: &LabRun) -> String {
    let values = values(run);
    match run.outcome {
        Outcome::Overwritten => tf!("lab.slide.overwritten", &values),
        Outcome::Rejected => tf!("lab.slide.rejected", &values),
        Outcome::OverlapHarmless => tf!("lab.slide.overlap_harmless", &values),
        Outcome::NoOverlap => tf!("lab.slide.no_overlap", &values),
    }
}

/// The headlines' slots, from the run's measured times.
fn values(run: &LabRun) -> [(&'static str, String); 9] {
    let ms = |v: f64| seconds(v / 1000.0);
    [
        (
            "server",
            format!("{} {}", run.params.server.name(), run.server_version),
        ),
        ("paused", ms(run.a_woke_ms - run.a_frozen_ms)),
        ("ttl", duration_ms(run.granted_ttl_ms as f64)),
        ("gone", ms(run.expiry_ms.unwrap_or(run.b_granted_ms))),
        ("bg", ms(run.b_granted_ms)),
        ("aw", ms(run.a_write_ms)),
        ("bw", ms(run.b_write_ms)),
        ("a", run.a_token.to_string()),
        ("b", run.b_token.to_string()),
    ]
}

/// Where a Redis run's tokens come from: Redis hands out no fencing token, so the lab counts
/// grants itself, which holds on one server and would not survive a failover.
fn redis_token(run: &LabRun) -> Option<String> {
    (run.params.server == ServerKind::Redis).then(|| t!("lab.headline.redis_token").to_owned())
}

/// Why B's token is not A's plus one, when it is not: etcd's tokens are revisions, which
/// count every change in the whole store (the expired lease's deletion of A's key among
/// them), not only grants.
fn token_gap(run: &LabRun) -> Option<String> {
    let (a, b) = (run.a_token, run.b_token);
    (run.params.server == ServerKind::Etcd && b > a + 1).then(|| {
        tf!(
            "lab.headline.token_gap",
            &[("a", a.to_string()), ("b", b.to_string())],
        )
    })
}

pub(super) fn facts(ui: &mut Ui, run: &LabRun) {
    let times = |values: [f64; 3]| values.map(duration_ms).join(", ");
    let rows = [
        (
            t!("lab.facts.server"),
            tf!(
                "lab.facts.server_value",
                &[
                    ("server", run.params.server.name()),
                    ("version", &run.server_version),
                    ("url", &run.url),
                ],
            ),
        ),
        (
            t!("lab.facts.tokens"),
            tf!(
                "lab.facts.tokens_value",
                &[
                    ("a", run.a_token.to_string()),
                    ("b", run.b_token.to_string()),
                ],
            ),
        ),
        (t!("lab.facts.ttl"), duration_ms(run.granted_ttl_ms as f64)),
        (
            t!("lab.facts.a_times"),
            times([run.a_last_renewal_ms, run.a_frozen_ms, run.a_woke_ms]),
        ),
        (
            t!("lab.facts.b_times"),
            times([run.b_granted_ms, run.b_write_ms, run.a_write_ms]),
        ),
        (t!("lab.facts.storage"), run.storage_value.clone()),
    ];
    let rows = rows.map(|(k, v)| (k.to_owned(), v)).into();
    table(ui, "lab-facts", rows);
}

/// A table of what a run measured: each name, and its value wrapped in the room left beside
/// it (the window's edge never cuts one, an address list or a long outcome included).
pub(super) fn table(ui: &mut Ui, id: impl egui::AsIdSalt, rows: Vec<(String, String)>) {
    let gap = 16.0;
    let room = ui.available_width();
    let names = (room * 0.4).max(80.0);
    let values = (room - names - gap).max(80.0);
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([gap, 3.0])
        .striped(true)
        .show(ui, |ui| {
            for (k, v) in rows {
                for (text, width) in [
                    (RichText::new(k).strong(), names),
                    (RichText::new(v), values),
                ] {
                    ui.scope(|ui| {
                        ui.set_max_width(width);
                        ui.add(egui::Label::new(text).wrap());
                    });
                }
                ui.end_row();
            }
        });
}

pub(super) fn text() -> &'static SectionText {
    static TEXT: PerLanguage<SectionText> = PerLanguage::new();
    TEXT.get(|_| SectionText {
        number: crate::sections::lab(),
        id: "lab".into(),
        title: t!("lab.text.title").into(),
        subtitle: t!("lab.text.subtitle").into(),
        intro: vec![
            t!("lab.text.intro.model").into(),
            t!("lab.text.intro.failovers").into(),
            t!("lab.text.intro.servers").into(),
        ],
        after: Vec::new(),
        how: t!("lab.text.how").into(),
    })
}

/// The first thing a stale-holder run with `p` does, as its status line says it.
pub(super) fn starting(p: &crate::lab::LabParams) -> String {
    match p.url.as_deref() {
        Some(url) => tf!(
            "lab.story.connecting",
            &[("server", p.server.name()), ("url", url)],
        ),
        None => tf!(
            "lab.story.starting",
            &[("program", crate::lab::server::binary_name(p.server))],
        ),
    }
}
