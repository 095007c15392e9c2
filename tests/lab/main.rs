//! The lab against real lock servers started on this computer, one module per experiment.
//!
//! Each test names the server programs it needs. Where one is not installed the test is
//! reported as ignored, with the program's name, unless `LOCKS_LESSON_LAB_REQUIRED=1` (set by
//! `.ci/run`, which installs them): then it fails. A body asks for each server through
//! [`require`], which fails the test when its `needs` do not list that server: a test never
//! passes having checked nothing because it found no server.

use std::cell::Cell;

use libtest_mimic::{Arguments, Failed, Trial};
use locks_lesson::lab::ServerKind;
use locks_lesson::lab::server;

mod failover;
mod stale;

/// One lab test: its name, the servers it needs and its body (which panics on failure).
pub struct LabTest {
    name: &'static str,
    needs: &'static [ServerKind],
    body: fn(),
}

impl LabTest {
    pub const fn new(name: &'static str, needs: &'static [ServerKind], body: fn()) -> Self {
        Self { name, needs, body }
    }
}

thread_local! {
    /// The servers the running test declared (set on the thread that runs its body).
    static NEEDS: Cell<&'static [ServerKind]> = const { Cell::new(&[]) };
}

/// Called by a test body before it uses a server of `kind`: fails the test unless its `needs`
/// list that server, so the harness has checked it is installed (or reported the test ignored).
pub fn require(kind: ServerKind) {
    if let Err(why) = required(kind) {
        panic!("{why}");
    }
}

/// What [`require`] checks: why a test body may not use a server of `kind`, if it may not.
pub fn required(kind: ServerKind) -> Result<(), String> {
    let name = server::binary_name(kind);
    if !NEEDS.with(Cell::get).contains(&kind) {
        return Err(format!(
            "this test uses {name}, but its `needs` do not list it"
        ));
    }
    if server::find_binary(kind).is_none() {
        return Err(format!("{name} is not installed"));
    }
    Ok(())
}

fn trial(test: &'static LabTest, required: bool) -> Trial {
    let missing: Vec<&str> = test
        .needs
        .iter()
        .filter(|&&kind| server::find_binary(kind).is_none())
        .map(|&kind| server::binary_name(kind))
        .collect();
    let skip = !missing.is_empty() && !required;
    let (body, needs) = (test.body, test.needs);
    let name = if skip {
        format!("{} (needs {})", test.name, missing.join(" and "))
    } else {
        test.name.to_owned()
    };
    Trial::test(name, move || {
        if !missing.is_empty() {
            return Err(Failed::from(format!(
                "{} not installed, and LOCKS_LESSON_LAB_REQUIRED=1",
                missing.join(" and ")
            )));
        }
        NEEDS.with(|n| n.set(needs));
        body();
        Ok(())
    })
    .with_ignored_flag(skip)
}

/// The lab page alone in a kittest window of `size`, with the app's announcer running as in the
/// window. Nothing here draws through the GL driver: the lab's picture is taken with the UI's
/// snapshots (tests/ui/snapshots.rs), so this binary never shares the driver with its servers'
/// threads when it exits.
pub fn page_harness(
    mut page: locks_lesson::ui::sections::lab::LabPage,
    size: [f32; 2],
) -> egui_kittest::Harness<'static> {
    use locks_lesson::ui::Section;
    let runner = locks_lesson::runner::Runner::inline();
    let mut progress = locks_lesson::progress::ProgressFile::memory();
    let mut h = egui_kittest::Harness::builder()
        .with_size(size)
        .build_ui(move |ui| {
            let mut events = Vec::new();
            let mut cx = learner_cx(&runner, &mut events, &mut progress);
            egui::CentralPanel::default().show(ui, |ui| page.ui(ui, &mut cx));
            // The app's announcer: the headline's label points to its node.
            let lab = locks_lesson::sections::lab();
            locks_lesson::ui::kit::a11y::announce(ui.ctx(), "Lab", lab, "Lab");
        });
    h.run_steps(3);
    h
}

fn main() {
    let mut args = Arguments::from_args();
    // Four tests at a time: each starts servers of its own on free ports and mostly waits for
    // them (about 12 s in all on 2 cores, against 42 s one at a time).
    args.test_threads.get_or_insert(4);
    let required = std::env::var("LOCKS_LESSON_LAB_REQUIRED").is_ok_and(|v| v == "1");
    let trials = stale::TESTS
        .iter()
        .chain(failover::TESTS)
        .map(|t| trial(t, required))
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// A learner's context for a page drawn alone: no lecture, no animation, no predictions.
pub fn learner_cx<'a>(
    runner: &'a locks_lesson::runner::Runner,
    events: &'a mut Vec<locks_lesson::ui::AppEvent>,
    progress: &'a mut locks_lesson::progress::ProgressFile,
) -> locks_lesson::ui::Cx<'a> {
    locks_lesson::ui::Cx {
        runner,
        events,
        lecture: false,
        reduced_motion: true,
        actions: &[],
        progress,
        predictions: false,
        slide: false,
    }
}
