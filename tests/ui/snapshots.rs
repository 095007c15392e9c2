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
