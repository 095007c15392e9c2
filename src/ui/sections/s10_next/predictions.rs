//! Section 10's look back at the predictions: how many were right, the result that surprised
//! most (the furthest miss), and the experiments worth another look.

use egui::{RichText, Ui};

use crate::lesson;
use crate::predict;
use crate::progress::Progress;
use crate::ui::{AppEvent, Cx};

/// The predictions made, in lesson order, with their prompts.
fn made(p: &Progress) -> Vec<(&'static predict::Prompt, &predict::Record)> {
    predict::prompts()
        .iter()
        .filter_map(|q| Some((q, p.predictions.get(&q.id)?)))
        .collect()
}

/// Whose predictions they are, the learner's or in lecture mode the class's: as "your",
/// as "you" and as "You".
fn whose(lecture: bool) -> (&'static str, &'static str, &'static str) {
    if lecture {
        ("the class's", "the class", "The class")
    } else {
        ("your", "you", "You")
    }
}

/// One sentence on the predictions, for the section's headline.
pub fn sentence(p: &Progress, lecture: bool) -> Option<String> {
    let made = made(p);
    let predicted: Vec<_> = made.iter().filter(|(_, r)| r.choice.is_some()).collect();
    if predicted.is_empty() {
        return None;
    }
    let close = predicted.iter().filter(|(_, r)| r.close()).count();
    let words = &lesson::content().headlines.predictions;
    let template = if close == 1 {
        &words.right_one
    } else {
        &words.right_many
    };
    Some(lesson::fill(
        template,
        &[
            ("right", close.to_string()),
            ("whose", whose(lecture).0.to_owned()),
            ("made", predicted.len().to_string()),
        ],
    ))
}

/// The panel: the count, the biggest surprise, and links back to the missed experiments.
pub fn ui(ui: &mut Ui, cx: &mut Cx<'_>) {
    let (_, them, who) = whose(cx.lecture);
    let heading = if cx.lecture {
        "The class's predictions"
    } else {
        "Your predictions"
    };
    ui.label(RichText::new(heading).heading());
    // In lecture mode: the class's predictions, made during this lecture.
    let p = if cx.lecture {
        cx.progress.class.clone()
    } else {
        cx.progress.progress().clone()
    };
    let made = made(&p);
    let Some(line) = sentence(&p, cx.lecture) else {
        let have = if cx.lecture { "has" } else { "have" };
        ui.label(format!(
            "{who} {have} not predicted any result yet: each experiment asks before it shows one."
        ));
        return;
    };
    ui.label(line);
    // A wrong prediction surprised more than one a band off; then the further miss.
    let furthest = made
        .iter()
        .filter_map(|(q, r)| Some((q, r, r.miss()?, q.judge_against(r.choice?, r.right))))
        .filter(|(_, _, miss, _)| *miss > 0)
        .max_by_key(|(q, _, miss, judged)| {
            (
                *judged == predict::Judgement::Wrong,
                *miss,
                std::cmp::Reverse(q.section),
            )
        })
        .map(|(q, r, miss, _)| (q, r, miss));
    if let Some((q, r, _)) = furthest {
        let chosen = r
            .choice
            .and_then(|c| q.choices.get(c))
            .map_or("", |c| &c.label);
        ui.label(format!(
            "The result that surprised {them} most: section {}, {}. {who} predicted \u{201c}{chosen}\u{201d}; the run gave {}.",
            q.section,
            lesson::content().section(q.section).title,
            r.observed_text
        ));
    }
    let mut go = None;
    for (q, _) in made.iter().filter(|(_, r)| r.miss().is_some_and(|m| m > 0)) {
        let title = &lesson::content().section(q.section).title;
        if ui
            .link(format!("Look again: section {}, {title}", q.section))
            .on_hover_text("Open the experiment whose result you did not expect")
            .clicked()
        {
            go = Some(q.section);
        }
    }
    if let Some(n) = go {
        cx.emit(AppEvent::GoTo(n));
    }
}
