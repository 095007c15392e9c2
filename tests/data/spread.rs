//! The review's fresh questions are worth answering: over 1,000 of them per prediction (50
//! learners' series of 20, each picked after the one before as successive reviews would be),
//! no one answer is right in more than half, a prediction of four or more choices has at least
//! three right somewhere, and a degenerate setting (one worker, nobody ever paused) is asked
//! at most a quarter of the time. The measured table is printed (`--nocapture`).

use std::time::Instant;

use locks_lesson::predict;
use locks_lesson::review::questions::{self, Fresh};

/// Series (learners) per prediction, and questions in each.
const SERIES: u64 = 50;
const LENGTH: usize = 20;

/// One prediction's questions, counted.
struct Spread {
    id: String,
    asked: usize,
    /// How often each choice was right.
    right: Vec<usize>,
    degenerate: usize,
    prompts: Vec<String>,
    seconds: f64,
}

fn measure(section: u8) -> Spread {
    let start = Instant::now();
    let lesson = predict::prompt_for(section).unwrap();
    let asked: Vec<Fresh> = (0..SERIES)
        .flat_map(|s| questions::series(section, LENGTH, s * 100_003))
        .collect();
    let choices = asked.first().map_or(0, |f| f.prompt().choices.len());
    let mut right = vec![0; choices];
    let mut prompts: Vec<String> = Vec::new();
    for f in &asked {
        assert_eq!(f.prompt().choices.len(), choices, "one prompt per section");
        for &r in &f.right {
            right[r] += 1;
        }
        if !prompts.contains(&f.prompt().id) {
            prompts.push(f.prompt().id.clone());
        }
    }
    Spread {
        id: lesson.id.clone(),
        asked: asked.len(),
        right,
        degenerate: asked.iter().filter(|f| f.settings.degenerate()).count(),
        prompts,
        seconds: start.elapsed().as_secs_f64(),
    }
}

#[test]
fn fresh_questions_spread_their_answers() {
    let sections: Vec<u8> = predict::prompts().iter().map(|p| p.section).collect();
    let all: Vec<Spread> = std::thread::scope(|s| {
        let handles: Vec<_> = sections
            .iter()
            .map(|&n| s.spawn(move || measure(n)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    println!("| prediction | asked as | questions | right per choice (1, 2, …) | degenerate |");
    println!("|---|---|---|---|---|");
    for s in &all {
        let right: Vec<String> = s.right.iter().map(ToString::to_string).collect();
        println!(
            "| {} | {} | {} | {} | {} |  ({:.0} s)",
            s.id,
            s.prompts.join(", "),
            s.asked,
            right.join(" / "),
            s.degenerate,
            s.seconds
        );
    }
    for s in &all {
        assert_eq!(s.asked, SERIES as usize * LENGTH, "{}: questions", s.id);
        for (i, &r) in s.right.iter().enumerate() {
            assert!(
                2 * r <= s.asked,
                "{}: choice {} right in {r} of {}",
                s.id,
                i + 1,
                s.asked
            );
        }
        if s.right.len() >= 4 {
            let somewhere = s.right.iter().filter(|&&r| r > 0).count();
            assert!(somewhere >= 3, "{}: right somewhere: {:?}", s.id, s.right);
        }
        assert!(
            4 * s.degenerate <= s.asked,
            "{}: {} degenerate",
            s.id,
            s.degenerate
        );
    }
}

/// A prediction whose answer follows from its words or cannot change with the settings is not
/// asked again as it was: the review asks its section's questions with numbers instead.
#[test]
fn a_prediction_fixed_by_its_words_is_asked_as_another_question() {
    for id in ["stale", "break"] {
        let section = locks_lesson::sections::number(id);
        let lesson = predict::prompt_for(section).unwrap();
        assert!(!lesson.in_review(), "{id}");
        let asked: Vec<Fresh> = questions::series(section, 6, 11);
        assert_eq!(asked.len(), 6, "{id}");
        for f in &asked {
            assert_ne!(f.prompt().id, lesson.id, "{id}");
            assert!(f.prompt().in_review() && !f.prompt().in_lesson());
        }
    }
    // Every other prediction is asked again as itself.
    for p in predict::prompts().iter().filter(|p| p.in_review()) {
        let f = questions::pick(p.section, None, 3).unwrap();
        assert_eq!(f.prompt().id, p.id);
    }
}
