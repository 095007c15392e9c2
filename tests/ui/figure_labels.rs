//! Words inside figures: every simulation section of the registry through its states (its
//! presets, stores, defences and build steps, section 3's moments, fencing off and on), and
//! the lab with recorded runs, at the lecture's projector sizes and on a learner's laptop. No
//! two labels of a figure overlap, none leaves the plot's frame, and none is printed over the
//! figure's data (its bars, error bars, lines and markers): the figures lay their labels out
//! with `ui::kit::labels`, which records what it placed and where the marks are.

use egui::{Key, Vec2, vec2};
use egui_kittest::Harness;
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::lab::LabRun;
use locks_lesson::lab::failover::{
    Bar, Client, Event, FailoverOutcome, FailoverRun, FailoverSetup, FailoverStore, LaneState, Mark,
};
use locks_lesson::sections::{self, Kind, SECTIONS};
use locks_lesson::ui::Section;
use locks_lesson::ui::kit::labels;
use locks_lesson::ui::sections::lab::LabPage;

/// Lecture on a 768-line projector and a 16:10 laptop; a learner's laptop.
const LECTURE: [[f32; 2]; 2] = [[1024.0, 768.0], [1280.0, 800.0]];
const LEARNER: [f32; 2] = [1366.0, 768.0];

/// What the walk saw: figures looked at, faults, and how many the labels' asked-for places
/// would have had (what the figures drew before their labels were laid out).
#[derive(Default)]
struct Tally {
    figures: usize,
    labels: usize,
    dropped: usize,
    /// Some of the labels left out, for the report.
    left_out: Vec<String>,
    asked: usize,
    faults: Vec<String>,
    /// Labels printed over a data mark.
    over: Vec<String>,
    /// Marks recorded.
    marks: usize,
}

impl Tally {
    fn look(&mut self, ctx: &egui::Context, what: &str) {
        for p in labels::placed(ctx) {
            self.figures += 1;
            self.labels += p.labels.len();
            self.dropped += p.dropped.len();
            self.left_out.extend(p.dropped.iter().map(|d| {
                format!(
                    "{what} {} ({:.0}×{:.0}): {d}",
                    p.figure,
                    p.frame.width(),
                    p.frame.height()
                )
            }));
            self.asked += labels::asked_faults(&p);
            self.marks += p.marks.len();
            self.faults.extend(
                labels::faults(&p)
                    .into_iter()
                    .map(|f| format!("{what}: {f}")),
            );
            self.over.extend(
                labels::over_marks(&p)
                    .into_iter()
                    .map(|f| format!("{what}: {f}")),
            );
            // (A lane diagram's words each beside the mark or line they name.)
            if p.figure == "lab-failover" {
                let far = labels::far_from_anchor(&p, crate::failover_labels::MOST);
                self.over
                    .extend(far.into_iter().map(|f| format!("{what}: {f}")));
            }
        }
        labels::forget(ctx);
    }

    fn check(self, walk: &str) {
        eprintln!(
            "{walk}: {} figures, {} labels placed, {} left out; {} overlaps or cuts at the \
             asked-for places, {} after the layout; {} data marks, {} labels over them",
            self.figures,
            self.labels,
            self.dropped,
            self.asked,
            self.faults.len(),
            self.marks,
            self.over.len()
        );
        for l in self.left_out.iter().take(12) {
            eprintln!("  left out: {l}");
        }
        assert!(self.figures > 0, "{walk}: no figure recorded its labels");
        assert!(self.marks > 0, "{walk}: no figure recorded its data marks");
        let mut faults = self.faults;
        faults.extend(self.over);
        assert!(
            faults.is_empty(),
            "{walk}: {} label faults:\n{}",
            faults.len(),
            faults.join("\n")
        );
    }
}

fn hold(h: &mut Harness<'static, LessonApp>, px: [f32; 2]) {
    crate::harness::hold_window(h, px, 6);
}

/// The lecture from the first section to the last by Page Down: every build step (presets,
/// stores, defences, moments, fencing) of every section.
fn lecture_walk(px: [f32; 2]) {
    let mut h = crate::harness::open_with(AppOptions {
        lecture: true,
        ..Default::default()
    })
    .pixels(px, 1.0)
    .build();
    let mut tally = Tally::default();
    let last = sections::lesson_count();
    for step in 0..200 {
        let n = h.state().current_section();
        tally.look(
            &h.ctx,
            &format!("{}×{} step {step} section {n}", px[0], px[1]),
        );
        let before = (n, h.state().section(n).summary());
        h.key_press(Key::PageDown);
        hold(&mut h, px);
        let now = h.state().current_section();
        if n == last && (now, h.state().section(n).summary()) == before {
            break;
        }
    }
    tally.check(&format!("lecture {}×{}", px[0], px[1]));
}

#[test]
fn lecture_labels_never_collide_at_1024_by_768() {
    lecture_walk(LECTURE[0]);
}

#[test]
fn lecture_labels_never_collide_at_1280_by_800() {
    lecture_walk(LECTURE[1]);
}

/// A learner on a laptop: each simulation section of the registry, through every state its
/// build steps reach.
#[test]
fn learner_labels_never_collide_on_a_laptop() {
    let mut tally = Tally::default();
    for (i, def) in SECTIONS.iter().enumerate() {
        if !matches!(def.kind, Kind::Model(_)) {
            continue;
        }
        let n = (i + 1) as u8;
        let mut h = crate::harness::open(n)
            .pixels(LEARNER, 1.0)
            .settle(4)
            .build();
        for state in 0..12 {
            h.run_steps(3);
            tally.look(&h.ctx, &format!("learner section {n} state {state}"));
            if !h
                .state_mut()
                .section_mut(n)
                .present_mut()
                .is_some_and(|p| p.press(locks_lesson::ui::Press::new(true, true)))
            {
                break;
            }
        }
    }
    tally.check("learner 1366×768");
}

/// A stale-holder run recorded on Redis 7.0.15.
fn recorded_stale(fencing: bool) -> LabRun {
    locks_lesson::lab::recorded::stale_run_with(fencing)
}

fn bar(lane: usize, from_ms: f64, to_ms: f64, state: LaneState) -> Bar {
    Bar {
        lane,
        from_ms,
        to_ms,
        state,
        runs_on: false,
    }
}

fn mark(lane: usize, at_ms: f64, event: Event) -> Mark {
    Mark { lane, at_ms, event }
}

/// The etcd cluster's run as recorded on etcd 3.4.23 (lanes A, three members, B): the old
/// leader elected at 0 and killed at 18 ms.
fn recorded_etcd() -> FailoverRun {
    let (granted, fault, elected, answer) = (12.5, 18.1, 488.0, 558.4);
    let end = answer * 1.15 + 50.0;
    FailoverRun {
        params: FailoverSetup {
            store: FailoverStore::EtcdCluster,
            delayed_restart: false,
        },
        outcome: FailoverOutcome::Kept,
        server_version: "3.4.23".into(),
        lanes: [
            "A",
            "etcd-1 127.0.0.1:41225",
            "etcd-2 127.0.0.1:38523",
            "etcd-3 127.0.0.1:45887",
            "B",
        ]
        .map(String::from)
        .to_vec(),
        moments: vec![
            ("a_attempt", 0.0),
            ("a_granted", granted),
            ("fault", fault),
            ("election", elected),
            ("b_attempt", 527.0),
            ("b_answer", answer),
        ],
        facts: vec![
            ("old_leader", "etcd-1".into()),
            ("new_leader", "etcd-2".into()),
        ],
        bars: vec![
            bar(0, granted, end, LaneState::Holds(Client::A)),
            bar(1, granted, fault, LaneState::Holds(Client::A)),
            bar(2, granted, end, LaneState::Holds(Client::A)),
            bar(3, granted, end, LaneState::Holds(Client::A)),
            bar(1, fault, end, LaneState::Down),
        ],
        marks: vec![
            mark(1, 0.0, Event::Elected),
            mark(0, granted, Event::Granted(Client::A)),
            mark(1, fault, Event::Killed),
            mark(2, elected, Event::Elected),
            mark(4, answer, Event::Refused(Client::B)),
        ],
        total_ms: 3083.2,
    }
}

/// Redlock's run as recorded on five Redis 7.0.15 masters: A on masters 1-3, master 3 killed
/// and restarted empty, B granted on masters 3-5 while A's lock runs on for 3 s.
fn recorded_redlock() -> FailoverRun {
    let (granted, fault, restart, b) = (4.4, 134.7, 199.2, 201.1);
    let until = 2971.2;
    let mut bars = vec![bar(0, granted, until, LaneState::Holds(Client::A))];
    let mut marks = vec![mark(0, granted, Event::Granted(Client::A))];
    for lane in 1..=3 {
        let to = if lane == 3 { fault } else { until };
        bars.push(bar(lane, granted, to, LaneState::Holds(Client::A)));
        marks.push(mark(lane, granted, Event::Granted(Client::A)));
    }
    bars.push(bar(3, fault, restart, LaneState::Down));
    marks.push(mark(3, fault, Event::Killed));
    marks.push(mark(3, restart, Event::Restarted));
    for lane in 3..=6 {
        bars.push(bar(lane, b, 3201.1, LaneState::Holds(Client::B)));
        marks.push(mark(lane, b, Event::Granted(Client::B)));
    }
    let mut lanes = vec!["A".to_owned()];
    lanes.extend((1..=5).map(|i| format!("master 127.0.0.1:3829{i}")));
    lanes.push("B".to_owned());
    FailoverRun {
        params: FailoverSetup {
            store: FailoverStore::Redlock,
            delayed_restart: false,
        },
        outcome: FailoverOutcome::GrantedTwice,
        server_version: "7.0.15".into(),
        lanes,
        moments: vec![
            ("cut_off", 3.2),
            ("a_attempt", 3.2),
            ("a_granted", granted),
            ("reachable_again", 130.5),
            ("fault", fault),
            ("b_attempt", restart),
            ("restart", restart),
            ("b_answer", b),
            ("b_granted", b),
            ("a_valid_until", until),
        ],
        facts: Vec::new(),
        bars,
        marks,
        total_ms: 711.3,
    }
}

/// The lab page drawn as the app draws it, at `px` pixels, learner or lecture.
fn lab_page(page: LabPage, px: [f32; 2], lecture: bool) -> Harness<'static, LabPage> {
    lab_page_at(page, px, lecture, 1.0)
}

/// The same, in a lecture at the lecturer's Type `factor` (1.3 for 130 %).
pub fn lab_page_at(
    page: LabPage,
    px: [f32; 2],
    lecture: bool,
    factor: f32,
) -> Harness<'static, LabPage> {
    let runner = locks_lesson::runner::Runner::inline();
    let mut progress = locks_lesson::progress::ProgressFile::memory();
    let zoom = if lecture {
        locks_lesson::ui::shell::lecture::lecture_zoom(vec2(px[0], px[1]), factor)
    } else {
        1.0
    };
    // (The window in pixels: at the lecture's zoom its points are the slide's.)
    let size: Vec2 = vec2(px[0], px[1]);
    let mut h = Harness::builder().with_size(size).build_ui_state(
        move |ui, page: &mut LabPage| {
            let mut events = Vec::new();
            let mut cx = locks_lesson::ui::Cx {
                runner: &runner,
                events: &mut events,
                lecture,
                reduced_motion: true,
                actions: &[],
                progress: &mut progress,
                predictions: false,
                slide: false,
            };
            egui::CentralPanel::default().show(ui, |ui| {
                // (A lecture's page is a slide's column: it does not scroll.)
                locks_lesson::ui::shell::column::column(ui, "lab-page", lecture, |ui| {
                    page.ui(ui, &mut cx)
                });
            });
        },
        page,
    );
    locks_lesson::ui::kit::style::style(&h.ctx);
    h.ctx.set_zoom_factor(zoom);
    h.set_size(size);
    h.run_steps(3);
    h
}

/// The lab's figures with recorded runs: the stale holder with and without fencing, and
/// each failover experiment, at every size.
#[test]
fn lab_labels_never_collide() {
    let mut tally = Tally::default();
    let sizes = [(LECTURE[0], true), (LECTURE[1], true), (LEARNER, false)];
    for (px, lecture) in sizes {
        let what = format!("lab {}×{}", px[0], px[1]);
        for fencing in [false, true] {
            let h = lab_page(LabPage::with_result(recorded_stale(fencing)), px, lecture);
            tally.look(&h.ctx, &format!("{what} stale fencing {fencing}"));
        }
        for run in [recorded_etcd(), recorded_redlock()] {
            let store = run.params.store.as_str();
            let h = lab_page(LabPage::with_failover(run), px, lecture);
            tally.look(&h.ctx, &format!("{what} {store}"));
        }
    }
    tally.check("lab");
}

/// Every failover experiment's run (each recorded run, and two more) at 1024×768, on a
/// projector and in a learner's window of that size: every event word of the run (a mark's, or
/// a series' of one event on one lane) is drawn whole inside the diagram's frame, over no mark
/// and no other word, beside its mark; none is left out (on a slide, only one that has no room
/// beside its mark, whose mark the key names).
#[test]
fn every_failover_event_word_is_drawn_at_1024_by_768() {
    use locks_lesson::ui::kit::plot::KeyMark;
    use locks_lesson::ui::sections::lab::failover::EXPERIMENTS;
    use locks_lesson::ui::sections::lab::failover_figure::{self, event_words};
    let mut runs: Vec<FailoverRun> = EXPERIMENTS
        .iter()
        .map(|p| locks_lesson::lab::recorded::failover_run(*p))
        .collect();
    runs.extend([recorded_etcd(), recorded_redlock()]);
    let mut tally = Tally::default();
    let mut missing = Vec::new();
    for lecture in [true, false] {
        for run in &runs {
            let store = run.params.store.as_str();
            let what = format!("lab 1024×768 lecture {lecture} {store}");
            let h = lab_page(LabPage::with_failover(run.clone()), LECTURE[0], lecture);
            let placed = labels::placed(&h.ctx);
            let Some(diagram) = placed.iter().find(|p| p.figure == "lab-failover") else {
                missing.push(format!("{what}: no diagram drawn"));
                continue;
            };
            let mut drawn: Vec<&str> = diagram.labels.iter().map(|(t, _)| t.as_str()).collect();
            let words = event_words(run);
            // (Redlock's seven lanes on a 1024×768 slide are one line tall: its marks' words
            // go beside them where there is room, and its key names each kind of mark.)
            if lecture && run.lanes.len() > 5 {
                tally.look(&h.ctx, &what);
                continue;
            }
            assert!(words.len() >= 3, "{what}: {words:?}");
            let key = failover_figure::key_marks(run);
            let keyed = |e: Event| {
                let shape = failover_figure::glyph(e).0;
                key.iter()
                    .any(|k| matches!(k, KeyMark::Shape(s, _, _) if *s == shape))
            };
            for (i, word) in &words {
                match drawn.iter().position(|d| d == word) {
                    Some(at) => {
                        drawn.remove(at);
                    }
                    // (On a slide a word with no room beside its mark is left out, rather than
                    // drawn where it would name another: the key names that mark.)
                    None if lecture && keyed(run.marks[*i].event) => {
                        eprintln!("{what}: '{word}' left out, its mark in the key");
                    }
                    None => missing.push(format!(
                        "{what} ({:.0}×{:.0}): '{word}' not drawn; left out {:?}",
                        diagram.frame.width(),
                        diagram.frame.height(),
                        diagram.dropped
                    )),
                }
            }
            tally.look(&h.ctx, &what);
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    tally.check("failover diagrams at 1024×768");
}
