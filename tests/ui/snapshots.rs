//! Pictures of every section of the registry at a laptop's window (1280×720) and on a
//! projector (1280×800, lecture mode), named by the section's id:
//! `stage_ID_1280x720.png`, `stage_ID_lecture_1280x800.png`.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::LessonApp;
use locks_lesson::sections;

/// Steps an animated page (a "Step" button) to its end, one step at a time, so the picture
/// does not depend on timing; other pages are left as they open.
fn play_to_the_end(h: &mut Harness<'static, LessonApp>) {
    for _ in 0..40 {
        let Some(step) = h.query_by_label("Step") else {
            return;
        };
        step.click();
        h.run_steps(1);
    }
    h.run_steps(3);
}

#[test]
fn every_section_at_a_laptop_and_on_a_projector() {
    let mut taken = Vec::new();
    let mut failed = Vec::new();
    // The lab's page depends on the servers installed on the machine: not pictured here.
    for (n, def) in sections::all().take(usize::from(sections::lesson_count())) {
        for (size, lecture, mode) in [
            ([1280.0, 720.0], false, ""),
            ([1280.0, 800.0], true, "lecture_"),
        ] {
            // Measured heights (key, headline, controls) settle over a few frames.
            let mut h = crate::harness::open(n)
                .lecture(lecture)
                .pixels(size, 1.0)
                .wgpu(true)
                .settle(8)
                .build();
            play_to_the_end(&mut h);
            assert_eq!(h.state().current_section(), n, "{}", def.id);
            let name = format!("stage_{}_{mode}{}x{}", def.id, size[0], size[1]);
            if let Err(e) = h.try_snapshot(&name) {
                failed.push(format!("{name}: {e}"));
            }
            taken.push(name);
        }
    }
    assert_eq!(taken.len(), 2 * usize::from(sections::lesson_count()));
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The lab's page after a recorded run (Redis, no fencing), as a learner sees it: every control
/// and the result are named, and the picture holds still.
#[test]
fn snapshot_lab_after_run() {
    use locks_lesson::ui::Section;
    use locks_lesson::ui::sections::lab::LabPage;

    let page = LabPage::with_result(locks_lesson::lab::recorded::stale_run());
    let headline = page.summary().expect("a headline from the recorded run");
    assert!(
        headline.contains("A woke and wrote over B's result with token 1"),
        "{headline}"
    );
    let runner = locks_lesson::runner::Runner::inline();
    let mut progress = locks_lesson::progress::ProgressFile::memory();
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .wgpu()
        .build_ui_state(
            move |ui, page: &mut LabPage| {
                let mut events = Vec::new();
                let mut cx = locks_lesson::ui::Cx {
                    runner: &runner,
                    events: &mut events,
                    lecture: false,
                    reduced_motion: true,
                    actions: &[],
                    progress: &mut progress,
                    predictions: false,
                    slide: false,
                };
                egui::CentralPanel::default().show(ui, |ui| page.ui(ui, &mut cx));
                // The app's announcer: the headline's label points to its node.
                let lab = locks_lesson::sections::lab();
                locks_lesson::ui::kit::a11y::announce(ui.ctx(), "Lab", lab, "Lab");
            },
            page,
        );
    h.run_steps(3);
    for label in [
        "Redis",
        "etcd",
        "URL (optional):",
        "Storage checks fencing tokens",
        "Run",
    ] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    h.snapshot("lab_after_run");
}
