//! The quiz's results: every question with its mark and what it earned, a link back to each,
//! and the buttons to retry the missed ones or go on.

use egui::{RichText, Ui};

use super::QuizSection;
use super::state::Input;
use super::view::Inputs;
use super::words::next_section_label;
use crate::lesson;
use crate::progress::XP_PER_QUESTION;
use crate::ui::kit::plot::palette;
use crate::ui::{Cx, kit::widgets};

impl QuizSection {
    pub(super) fn results(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, inputs: &mut Inputs) {
        let p = cx.progress.get();
        let quiz = self.state.quiz();
        let first = quiz
            .iter()
            .filter(|q| p.answer(&q.id).is_some_and(|a| a.first_try))
            .count();
        let missed = quiz
            .iter()
            .filter(|q| p.answer(&q.id).is_some_and(|a| !a.correct))
            .count();
        ui.label(RichText::new(t!("sections.quiz.results")).heading());
        let xp_note = tf!(
            "sections.quiz.results.xp",
            &[("xp", XP_PER_QUESTION.to_string())],
        );
        let (later, review, open) = (
            t!("sections.quiz.results.later"),
            t!("sections.quiz.results.review"),
            t!("sections.quiz.results.open"),
        );
        // The questions' column gives way, so the notes' column stays whole in the window.
        let note_w = [xp_note.as_str(), later, review, open]
            .into_iter()
            .map(|text| widgets::text_width(ui, text))
            .fold(0.0, f32::max);
        let prompt_w = (ui.available_width() - note_w - 2.0 * 12.0 - 24.0).max(120.0);
        egui::Grid::new(("quiz-results", quiz.section))
            .num_columns(3)
            .spacing([12.0, 6.0])
            .striped(true)
            .show(ui, |ui| {
                for (i, q) in quiz.iter().enumerate() {
                    let (mark, colour, note) = match p.answer(&q.id) {
                        Some(a) if a.correct && a.first_try => {
                            ("✔", palette::GREEN, xp_note.as_str())
                        }
                        Some(a) if a.correct => ("✔", palette::GREEN, later),
                        Some(_) => ("✖", widgets::warn_color(ui), review),
                        None => ("·", ui.visuals().weak_text_color(), open),
                    };
                    ui.label(RichText::new(mark).color(colour).strong());
                    let prompt = lesson::plain(&q.prompt);
                    let link = ui.scope(|ui| {
                        ui.set_max_width(prompt_w);
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                        ui.link(format!("{}. {}", i + 1, super::shorten(&prompt, 90)))
                    });
                    if link.inner.on_hover_text(prompt).clicked() {
                        inputs.list.push(Input::Jump(i));
                    }
                    ui.label(note);
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        if !cx.lecture {
            ui.label(tf!(
                "sections.quiz.results.first",
                &[
                    ("first", first.to_string()),
                    ("n", quiz.len().to_string()),
                    ("xp", (first as u32 * XP_PER_QUESTION).to_string()),
                ],
            ));
        }
        ui.horizontal_wrapped(|ui| {
            if missed > 0
                && ui
                    .button(tf!(
                        "sections.quiz.results.retry",
                        &[("missed", missed.to_string())],
                    ))
                    .clicked()
            {
                inputs.list.push(Input::RetryMissed);
            }
            let next = RichText::new(next_section_label(quiz.section)).strong();
            if ui
                .button(next)
                .on_hover_text(super::view::continue_keys())
                .clicked()
            {
                inputs.list.push(Input::GoOn);
            }
        });
    }
}
