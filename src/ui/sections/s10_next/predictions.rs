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

/// Whose predictions they are, the learner's or in lecture mode the class's ("your", "the
/// class's"), for the headline's `{whose}` slot.
fn whose(lecture: bool) -> &'static str {
    if lecture {
        t!("sections.next.predictions.whose.class")
    } else {
        t!("sections.next.predictions.whose.you")
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
    let template = match (predicted.len(), close) {
        (1, 1) => &words.only_one_right,
        (1, _) => &words.only_one_wrong,
        (_, 1) => &words.right_one,
        _ => &words.right_many,
    };
    Some(lesson::fill(
        template,
        &[
            ("right", close.to_string()),
            ("whose", whose(lecture).to_owned()),
            ("made", predicted.len().to_string()),
        ],
    ))
}

/// The panel: the count, the biggest surprise, and links back to the missed experiments.
pub fn ui(ui: &mut Ui, cx: &mut Cx<'_>) {
    let heading = if cx.lecture {
        t!("sections.next.predictions.class")
    } else {
        t!("sections.next.predictions.you")
    };
    ui.label(RichText::new(heading).heading());
    // In lecture mode: the class's predictions, made during this lecture.
    let p = if cx.lecture {
        cx.progress.class.clone()
    } else {
        cx.progress.get().clone()
    };
    let made = made(&p);
    let Some(line) = sentence(&p, cx.lecture) else {
        ui.label(if cx.lecture {
            t!("sections.next.predictions.none.class")
        } else {
            t!("sections.next.predictions.none.you")
        });
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
        let values = [
            ("section", q.section.to_string()),
            ("title", lesson::content().section(q.section).title.clone()),
            ("chosen", chosen.to_owned()),
            ("observed", r.observed_text.clone()),
        ];
        ui.label(if cx.lecture {
            tf!("sections.next.predictions.surprise.class", &values)
        } else {
            tf!("sections.next.predictions.surprise.you", &values)
        });
    }
    let mut go = None;
    for (q, _) in made.iter().filter(|(_, r)| r.miss().is_some_and(|m| m > 0)) {
        let title = &lesson::content().section(q.section).title;
        if ui
            .link(tf!(
                "sections.next.predictions.again",
                &[("section", &q.section.to_string()), ("title", title)],
            ))
            .on_hover_text(t!("sections.next.predictions.again.hover"))
            .clicked()
        {
            go = Some(q.section);
        }
    }
    if let Some(n) = go {
        cx.emit(AppEvent::GoTo(n));
    }
}
