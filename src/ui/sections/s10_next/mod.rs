//! Section 10, "Where to go next": the learner's XP, the questions to review, the reading
//! list, and resetting progress.

mod predictions;

use egui::{RichText, Ui};

use crate::lesson;
use crate::progress::{self, Progress, XP_PER_QUESTION};
use crate::ui::sections::quiz::{how_note, shorten};
use crate::ui::{AppEvent, Cx, Offers, OffersMut, Present, Section};
use crate::ui::{kit::a11y, kit::widgets};

#[derive(Default)]
pub struct Next {
    confirm_reset: bool,
    headline: Option<String>,
    /// In a lecture: the build on show (see [`Deck`]).
    at: usize,
}

/// The section's builds in a lecture: the class's predictions looked back on, then the reading
/// list in three parts (each entry's title and source; its note is the lecturer's).
const DECK: [&str; 4] = ["predictions", "reading-1", "reading-2", "reading-3"];

/// How many reading entries a build of the list shows.
const READING_PER_BUILD: usize = 3;

impl Next {
    pub fn new() -> Self {
        Self::default()
    }

    /// The computed headline.
    pub fn headline_for(p: &Progress) -> String {
        let total: usize = progress::quiz_sections()
            .map(|s| progress::quiz_questions(s).len())
            .sum();
        let answered: usize = progress::quiz_sections()
            .flat_map(progress::quiz_questions)
            .filter(|q| p.answer(&q.id).is_some())
            .count();
        let first = progress::quiz_sections()
            .flat_map(progress::quiz_questions)
            .filter(|q| p.answer(&q.id).is_some_and(|a| a.first_try))
            .count();
        let missed = p.missed().len();
        let values = [
            ("xp", p.xp.to_string()),
            ("max", Progress::max_xp().to_string()),
            ("first", first.to_string()),
            ("total", total.to_string()),
            ("answered", answered.to_string()),
            ("missed", missed.to_string()),
        ];
        let xp = match missed {
            0 => tf!("sections.next.headline.none", &values),
            1 => tf!("sections.next.headline.one", &values),
            _ => tf!("sections.next.headline.many", &values),
        };
        match predictions::sentence(p, false) {
            Some(predictions) => tf!(
                "sections.next.headline.predictions",
                &[("xp", xp), ("predictions", predictions)],
            ),
            None => xp,
        }
    }

    fn xp_summary(ui: &mut Ui, p: &Progress) {
        a11y::add_heading(ui, RichText::new(t!("sections.next.xp")).heading(), 1);
        let max = Progress::max_xp().max(1);
        let mut bar = egui::ProgressBar::new(p.xp as f32 / max as f32)
            .desired_width(ui.available_width().min(600.0))
            .text(tf!(
                "sections.next.xp.bar",
                &[
                    ("xp", p.xp.to_string()),
                    ("max", Progress::max_xp().to_string()),
                ],
            ));
        if p.xp == 0 {
            // egui draws at least a round cap of the fill: at 0 XP that is a dot.
            bar = bar.fill(egui::Color32::TRANSPARENT);
        }
        ui.add(bar);
        // One wrapping line a quiz: a grid of fixed columns ran into the reading list beside
        // it in a narrow column.
        for s in progress::quiz_sections() {
            let qs = progress::quiz_questions(s);
            let answered = qs.iter().filter(|q| p.answer(&q.id).is_some()).count();
            let first = qs
                .iter()
                .filter(|q| p.answer(&q.id).is_some_and(|a| a.first_try))
                .count();
            ui.horizontal_wrapped(|ui| {
                let title = labelled(s);
                ui.label(RichText::new(title).strong());
                ui.label(tf!(
                    "sections.next.xp.quiz",
                    &[
                        ("answered", answered.to_string()),
                        ("n", qs.len().to_string()),
                        ("first", first.to_string()),
                        ("xp", (first as u32 * XP_PER_QUESTION).to_string()),
                    ],
                ));
            });
        }
    }

    fn review(ui: &mut Ui, cx: &mut Cx<'_>) {
        a11y::add_heading(ui, RichText::new(t!("sections.next.review")).heading(), 1);
        let missed = cx.progress.get().missed();
        let unanswered: Vec<u8> = progress::quiz_sections()
            .filter(|&s| {
                progress::quiz_questions(s)
                    .iter()
                    .any(|q| cx.progress.get().answer(&q.id).is_none())
            })
            .collect();
        if missed.is_empty() {
            ui.label(t!("sections.next.review.nothing"));
        } else {
            let mut go = None;
            for (s, q) in &missed {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new("✖").color(widgets::warn_color(ui)).strong());
                    let prompt = lesson::plain(&q.prompt);
                    let r = ui
                        .link(format!("§{s}: {}", shorten(&prompt, 110)))
                        .on_hover_text(t!("sections.next.review.one.hover"));
                    if r.clicked() {
                        go = Some(q.id.clone());
                    }
                });
            }
            let label = tf!(
                "sections.next.review.all",
                &[("missed", missed.len().to_string())],
            );
            if ui
                .button(RichText::new(label).strong())
                .on_hover_text(t!("sections.next.review.all.hover"))
                .clicked()
            {
                let ids: Vec<String> = missed.iter().map(|(_, q)| q.id.clone()).collect();
                start_review(cx, ids);
            } else if let Some(id) = go {
                start_review(cx, vec![id]);
            }
        }
        for s in unanswered {
            ui.horizontal_wrapped(|ui| {
                let qs = progress::quiz_questions(s);
                let left = qs
                    .iter()
                    .filter(|q| cx.progress.get().answer(&q.id).is_none())
                    .count();
                ui.label(tf!(
                    "sections.next.review.unanswered",
                    &[("left", left.to_string()), ("n", qs.len().to_string())],
                ));
                if ui
                    .link(format!("{s}. {}", lesson::content().section(s).title))
                    .clicked()
                {
                    cx.emit(AppEvent::GoTo(s));
                }
            });
        }
    }

    /// The lecture's first build: the lesson in short and the next lesson (words that stand
    /// without any vote), then the class's predictions looked back on. The points give way
    /// when the slide has no room for both (measured in this frame).
    fn first_slide(ui: &mut Ui, cx: &mut Cx<'_>) {
        let both = crate::ui::shell::column::fits(ui, "next-first-measured", |ui| {
            Self::points(ui);
            predictions::ui(ui, cx);
        });
        if both {
            Self::points(ui);
        }
        predictions::ui(ui, cx);
    }

    /// The lesson in short, and what the next lesson is about.
    fn points(ui: &mut Ui) {
        a11y::add_heading(ui, RichText::new(t!("sections.next.points")).heading(), 1);
        for point in [
            t!("sections.next.points.gap"),
            t!("sections.next.points.token"),
            t!("sections.next.points.repeat"),
        ] {
            ui.horizontal_top(|ui| {
                ui.label("•");
                ui.add(egui::Label::new(point).wrap());
            });
        }
        ui.add_space(4.0);
        ui.label(RichText::new(t!("sections.next.points.next")).strong());
        ui.add_space(12.0);
    }

    /// The reading list on a slide: entries `range`, each its title and source.
    fn reading_slide(ui: &mut Ui, range: std::ops::Range<usize>) {
        a11y::add_heading(ui, RichText::new(t!("sections.next.reading")).heading(), 1);
        let all = &lesson::content().reading;
        for r in &all[range.start.min(all.len())..range.end.min(all.len())] {
            ui.add_space(4.0);
            ui.label(RichText::new(&r.title).strong());
            ui.label(RichText::new(format!("{}, {} · {}", r.authors, r.year, r.source)).weak());
        }
    }

    fn reading(ui: &mut Ui) {
        a11y::add_heading(ui, RichText::new(t!("sections.next.reading")).heading(), 1);
        // Ragged right: a justified column would spread the letters of a line cut short by a
        // long address.
        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
            for r in &lesson::content().reading {
                ui.add_space(4.0);
                ui.label(RichText::new(&r.title).strong());
                ui.label(RichText::new(format!("{}, {} · {}", r.authors, r.year, r.source)).weak());
                ui.label(lesson::plain(&r.note));
                ui.add_space(4.0);
            }
        });
    }

    fn file_and_reset(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        a11y::add_heading(ui, RichText::new(t!("sections.next.progress")).heading(), 1);
        let where_ = match cx.progress.path() {
            Some(path) if cx.progress.saves() => tf!(
                "sections.next.progress.saved",
                &[("path", path.display().to_string())],
            ),
            _ => t!("sections.next.progress.kept").to_owned(),
        };
        ui.label(where_);
        if ui
            .button(t!("sections.next.reset.open"))
            .on_hover_text(t!("sections.next.reset.open.hover"))
            .clicked()
        {
            self.confirm_reset = true;
        }
        if self.confirm_reset {
            let modal = egui::Modal::new(egui::Id::unique("reset-progress")).show(ui.ctx(), |ui| {
                ui.set_max_width(460.0);
                a11y::add_heading(ui, t!("sections.next.reset.title"), 0);
                ui.label(tf!(
                    "sections.next.reset.warning",
                    &[("xp", cx.progress.get().xp.to_string())],
                ));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    let reset = RichText::new(t!("sections.next.reset.confirm"));
                    let reset = ui.button(reset.color(widgets::warn_color(ui))).clicked();
                    let cancel = ui
                        .button(t!("sections.next.reset.cancel"))
                        .on_hover_text(t!("sections.next.reset.cancel.hover"))
                        .clicked();
                    (reset, cancel)
                })
                .inner
            });
            let (reset, cancel) = modal.inner;
            if reset {
                cx.progress.reset();
                self.confirm_reset = false;
            } else if cancel || modal.should_close() {
                self.confirm_reset = false;
            }
        }
    }
}

/// Asks `ids` again, one after another, starting with the first one's section.
fn start_review(cx: &mut Cx<'_>, ids: Vec<String>) {
    let first = ids
        .first()
        .and_then(|id| progress::question(id))
        .map(|(s, _)| s);
    cx.progress.review = ids.into();
    if let Some(s) = first {
        cx.emit(AppEvent::GoTo(s));
    }
}

impl Section for Next {
    fn number(&self) -> u8 {
        crate::sections::number_of("next").unwrap_or(10)
    }

    fn summary(&self) -> Option<String> {
        self.headline.clone()
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        if cx.lecture {
            // Nothing is scored in lecture mode: no XP, no progress file, no reset.
            self.headline = None;
            match DECK[self.at.min(DECK.len() - 1)] {
                "predictions" => Self::first_slide(ui, cx),
                "reading-1" => Self::reading_slide(ui, 0..READING_PER_BUILD),
                "reading-2" => {
                    Self::reading_slide(ui, READING_PER_BUILD..2 * READING_PER_BUILD);
                }
                _ => {
                    Self::reading_slide(ui, 2 * READING_PER_BUILD..3 * READING_PER_BUILD);
                    crate::ui::shell::lecture::end_line(ui, self.number());
                }
            }
            return;
        }
        let headline = Self::headline_for(cx.progress.get());
        widgets::headline(ui, &headline);
        self.headline = Some(headline);
        ui.add_space(8.0);
        ui.columns(2, |cols| {
            let (left, right) = cols.split_at_mut(1);
            let top_down = egui::Layout::top_down(egui::Align::Min);
            left[0].with_layout(top_down, |ui| {
                Self::xp_summary(ui, cx.progress.get());
                ui.add_space(10.0);
                Self::review(ui, cx);
                ui.add_space(10.0);
                self.file_and_reset(ui, cx);
                ui.add_space(10.0);
                crate::ui::review::due_list(ui, cx.progress);
            });
            right[0].with_layout(top_down, |ui| {
                predictions::ui(ui, cx);
                ui.add_space(10.0);
                Self::reading(ui);
            });
        });
        ui.add_space(6.0);
        how_note(ui, &self.text().how, cx);
    }

    fn offers(&self) -> Offers<'_> {
        Offers::Present(self)
    }

    fn offers_mut(&mut self) -> OffersMut<'_> {
        OffersMut::Present(self)
    }
}

/// "8. Interview angle:" before a quiz's score; a title that ends in its own mark keeps it
/// alone ("6. Which protection?", never "Which protection?:").
pub fn labelled(section: u8) -> String {
    let title = &lesson::content().section(section).title;
    let colon = if title.ends_with(['?', '!', '.', ':']) {
        ""
    } else {
        ":"
    };
    format!("{section}. {title}{colon}")
}

/// The lecture's builds (see [`DECK`]).
impl crate::ui::Builds for Next {
    fn press(&mut self, press: crate::ui::Press) -> bool {
        if !press.lecture || press.reach != crate::ui::Reach::Page {
            return false;
        }
        match press.forward {
            true if self.at + 1 < DECK.len() => self.at += 1,
            false if self.at > 0 => self.at -= 1,
            _ => return false,
        }
        true
    }

    fn arrive(&mut self, press: crate::ui::Press) {
        if press.lecture {
            self.at = if press.forward { 0 } else { DECK.len() - 1 };
        }
    }

    fn build(&self) -> String {
        DECK[self.at.min(DECK.len() - 1)].to_owned()
    }
}

impl Present for Next {}
