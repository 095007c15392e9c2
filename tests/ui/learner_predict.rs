//! The verdict on a prediction says "Right!" when the chosen band holds the run's value, and
//! "close" only when it was one band off on bands that are ranges of one number.

use egui::Key;
use egui_kittest::kittest::Queryable;
use locks_lesson::app::AppOptions;

/// Section `n` asking for its prediction; `choice` (counted from 0) is chosen and checked.
fn verdict_after(
    n: u8,
    choice: usize,
) -> egui_kittest::Harness<'static, locks_lesson::app::LessonApp> {
    let mut h = crate::harness::open_with(AppOptions {
        section: Some(n),
        ask_predictions: true,
        ..Default::default()
    })
    .build();
    let keys = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5];
    h.key_press(keys[choice]);
    h.run_steps(2);
    h.key_press(Key::Enter);
    h.run_steps(4);
    h
}

/// The right choice (counted from 0) of section `n`'s prompt at the lesson's defaults, from
/// the run the app recorded.
fn right_choice(n: u8) -> usize {
    let h = verdict_after(n, 0);
    let p = locks_lesson::predict::prompt_for(n).unwrap();
    let record = h.state().progress().get().predictions[&p.id].clone();
    record.right.expect("a band holds the run's value")
}

#[test]
fn exactly_right_is_right_not_close() {
    for n in [3, 4, 5, 9] {
        let right = right_choice(n);
        let h = verdict_after(n, right);
        assert!(
            h.query_by_label_contains("Right! +10 XP").is_some(),
            "section {n}: the right band is called right"
        );
        assert!(
            h.query_by_label_contains("Close").is_none(),
            "section {n}: exactly right is not 'close'"
        );
    }
}

#[test]
fn one_band_off_is_close_only_on_ordered_bands() {
    // Section 1 (ranges of the fraction counted): the band next to the right one.
    let right = right_choice(1);
    let neighbour = if right > 0 { right - 1 } else { right + 1 };
    let h = verdict_after(1, neighbour);
    assert!(h.query_by_label_contains("Close: one band off.").is_some());
    assert!(h.query_by_label_contains("Right!").is_none());
    // Section 9 (alternatives): a neighbouring choice is just wrong.
    let right = right_choice(9);
    let neighbour = if right > 0 { right - 1 } else { right + 1 };
    let h = verdict_after(9, neighbour);
    assert!(h.query_by_label_contains("Close").is_none());
    assert!(h.query_by_label_contains("Right!").is_none());
    assert!(h.query_by_label_contains("You predicted").is_some());
}
