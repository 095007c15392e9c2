//! Every number a learner reads in the spaced review's questions follows the lesson's one rule
//! (`tests/common/numbers.rs`): over 100 fresh questions per prediction, their question, their
//! choices, the model's answer and every why that can be shown with it.

#[path = "../common/numbers.rs"]
mod rule;

use locks_lesson::predict;
use locks_lesson::review::questions;

#[test]
fn review_questions_show_no_raw_number() {
    let mut found = Vec::new();
    for p in predict::prompts() {
        for series in 0..5u64 {
            for f in questions::series(p.section, 20, series * 7_919) {
                let prompt = f.prompt();
                let mut texts = vec![f.question(), f.truth.text.clone()];
                texts.push(prompt.why(&f.truth, &f.right));
                texts.extend(prompt.choices.iter().map(|c| c.label.clone()));
                for text in texts {
                    for raw in rule::raw_numbers(&locks_lesson::lesson::plain(&text)) {
                        let line = format!("{} draw {}: {raw}", prompt.id, f.variant);
                        if !found.contains(&line) {
                            found.push(line);
                        }
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} raw numbers:\n{}",
        found.len(),
        found.join("\n")
    );
}
