//! Section 7 in a lecture: a deck of builds, one card's part on each screen. For each card its
//! question (the class votes with the number keys), its answer with the reason, and its
//! fencing token with its facts, over as many slides as the card's `slides` say; for the card
//! with a debate, each side, then the class's judgement asked, then the lesson's conclusion.
//! One Page Down, one build, each written to fit the slide at every supported type.

use egui::{RichText, TextStyle, Ui};

use super::{Who, ask_ui, cards};
use crate::lesson::{self, SystemCard};
use crate::ui::kit::{a11y, widgets};
use crate::ui::shell::glossary::marked_text;
use crate::ui::{Builds, Cx, Present, Press, Reach};

/// One build of the section's deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Build {
    /// Card `i`'s question.
    Ask(usize),
    /// Its answer and the reason.
    Answer(usize),
    /// Its fencing token and its `k`th slide of facts.
    Facts(usize, usize),
    /// A side of the debate: who, and the position.
    Side(usize, usize),
    /// The class's judgement asked.
    Debate(usize),
    /// The lesson's conclusion.
    Conclusion(usize),
}

impl Build {
    /// The deck, in order.
    pub(super) fn all() -> Vec<Build> {
        cards()
            .iter()
            .enumerate()
            .flat_map(|(i, c)| {
                let sides = c.debate.as_ref().map_or(0, |d| d.sides.len());
                let debate = c.debate.is_some();
                let judge = debate.then_some([Build::Debate(i), Build::Conclusion(i)]);
                let facts = (0..c.slides.len()).map(move |k| Build::Facts(i, k));
                [Build::Ask(i), Build::Answer(i)]
                    .into_iter()
                    .chain(facts)
                    .chain((0..sides).map(move |s| Build::Side(i, s)))
                    .chain(judge.into_iter().flatten())
            })
            .collect()
    }

    /// Its name in the speaker notes (`assets/notes.ron`): `ask-1`, `answer-1`, `facts-1`,
    /// `more-1` (the facts' second slide), `side-3-1`, `debate-3`, `conclusion-3`.
    fn name(self) -> String {
        let (word, i) = match self {
            Build::Side(i, s) => return format!("side-{}-{}", i + 1, s + 1),
            Build::Facts(i, k) if k > 0 => return format!("more-{}", i + 1),
            Build::Ask(i) => ("ask", i),
            Build::Answer(i) => ("answer", i),
            Build::Facts(i, _) => ("facts", i),
            Build::Debate(i) => ("debate", i),
            Build::Conclusion(i) => ("conclusion", i),
        };
        format!("{word}-{}", i + 1)
    }
}

impl Build {
    /// The card it is of.
    fn card(self) -> usize {
        match self {
            Build::Ask(i)
            | Build::Answer(i)
            | Build::Facts(i, _)
            | Build::Side(i, _)
            | Build::Debate(i)
            | Build::Conclusion(i) => i,
        }
    }
}

impl Who {
    /// The build on show.
    pub(super) fn on_show(&self) -> Build {
        let all = Build::all();
        all[self.at.min(all.len() - 1)]
    }

    /// Moves to build `to` of the deck: the answers of the cards before it are revealed,
    /// the rest asked (and the conclusion shown once reached).
    fn go(&mut self, to: usize) {
        let all = Build::all();
        self.at = to.min(all.len() - 1);
        for i in 0..cards().len() {
            let past = all[..=self.at]
                .iter()
                .any(|b| matches!(b, Build::Answer(j) if *j == i));
            self.reveal(i, past);
        }
        self.concluded = all[..=self.at]
            .iter()
            .any(|b| matches!(b, Build::Conclusion(_)));
    }

    /// The class's vote (a number key) or R on the build on show.
    pub(super) fn lecture_action(&mut self, action: crate::ui::shell::keymap::Action) {
        use crate::ui::shell::keymap::Action;
        let k = |k: u8| usize::from(k).saturating_sub(1);
        match (action, self.on_show()) {
            (Action::Choose(n), Build::Ask(i)) => self.choose(i, k(n)),
            (Action::Choose(n), Build::Debate(_)) => self.judge(k(n)),
            (Action::Reveal, Build::Ask(_) | Build::Debate(_)) => self.go(self.at + 1),
            _ => {}
        }
    }

    /// The build on show, drawn as a slide: the card's name and line, then its part.
    pub(super) fn lecture_ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let build = self.on_show();
        let i = build.card();
        let c = &cards()[i];
        ui.horizontal_wrapped(|ui| {
            a11y::add_heading(ui, RichText::new(&c.name).heading().strong(), 1);
            ui.label(RichText::new(lesson::plain(&c.tagline)).italics());
        });
        ui.add_space(6.0);
        // The card's words a step above body type, never above the headline's.
        ui.scope(|ui| {
            larger_type(ui);
            match build {
                Build::Ask(i) => {
                    roomy(ui);
                    let (picked, _) = ask_ui(ui, c, false, self.chosen(i));
                    if let Some(j) = picked {
                        self.choose(i, j);
                    }
                }
                Build::Answer(i) => answer_slide(ui, c, self.chosen(i), cx),
                Build::Facts(_, k) => {
                    let from: usize = c.slides[..k].iter().sum();
                    let to = (from + c.slides[k]).min(c.points.len());
                    super::token_ui(ui, c, cx);
                    super::points_ui(ui, &c.points[from.min(to)..to], cx);
                }
                Build::Side(_, s) => {
                    if let Some(side) = c.debate.as_ref().and_then(|d| d.sides.get(s)) {
                        super::side_ui(ui, side, cx);
                    }
                }
                Build::Debate(_) => {
                    if let Some(d) = &c.debate {
                        super::judgement_ui(ui, d, &mut self.judged, true);
                    }
                }
                Build::Conclusion(_) => {
                    if let Some(d) = &c.debate {
                        super::conclusion_ui(ui, d, self.judged, true, cx);
                    }
                }
            }
        });
    }
}

/// Roomier options, on the question's build and its answer's alike: the class reads them
/// from the back of the room.
fn roomy(ui: &mut Ui) {
    ui.spacing_mut().item_spacing.y *= 2.0;
    ui.spacing_mut().button_padding.y *= 2.0;
}

/// The body and buttons' type a step above the slide's body, at most the headline's size.
fn larger_type(ui: &mut Ui) {
    let style = ui.style_mut();
    let body = style.text_styles[&TextStyle::Body].size;
    let headline = style
        .text_styles
        .get(&TextStyle::Name(widgets::HEADLINE.into()))
        .map_or(body * 1.1, |f| f.size);
    let size = (body * 1.1).min(headline);
    for s in [TextStyle::Body, TextStyle::Button] {
        if let Some(f) = style.text_styles.get_mut(&s) {
            f.size = size;
        }
    }
}

/// A card's answer: its question still asked above, its options where they stood (the right
/// one marked, and the class's wrong vote), and why a wrong vote is wrong.
fn answer_slide(ui: &mut Ui, c: &SystemCard, chosen: Option<usize>, cx: &mut Cx<'_>) {
    ui.label(RichText::new(&c.ask.question).strong());
    ui.scope(|ui| {
        roomy(ui);
        super::options_ui(ui, c, chosen, Some(chosen));
    });
    // (The ✔ says which is right: under it, why a wrong vote is wrong. Why the right one is
    // right is the speaker notes' `answer-N`, and the next build's fencing-token box.)
    if let Some(chosen) = chosen.filter(|&j| j != c.ask.correct)
        && let Some(reason) = c.ask.wrong.get(chosen).filter(|r| !r.is_empty())
    {
        let values = [
            ("number", (chosen + 1).to_string()),
            ("reason", reason.clone()),
        ];
        marked_text(ui, &tf!("sections.who.answer.why_not", &values), cx);
    }
}

/// The deck's builds: one Page Down, the next build.
impl Builds for Who {
    fn press(&mut self, press: Press) -> bool {
        if !press.lecture || press.reach != Reach::Page {
            return false;
        }
        let last = Build::all().len() - 1;
        match press.forward {
            true if self.at < last => self.go(self.at + 1),
            false if self.at > 0 => self.go(self.at - 1),
            _ => return false,
        }
        true
    }

    fn arrive(&mut self, press: Press) {
        if press.lecture {
            let last = Build::all().len() - 1;
            self.go(if press.forward { 0 } else { last });
        }
    }

    fn build(&self) -> String {
        if self.lecture {
            self.on_show().name()
        } else {
            String::new()
        }
    }
}

/// The cards in the presenter view: the answer still asked for the console only.
impl Present for Who {
    /// The cards' questions show before their answers: the summary is for the console and
    /// screen readers only.
    fn shown_words(&self) -> Option<String> {
        None
    }

    fn lecturer_only(&self) -> Option<String> {
        if !self.lecture {
            return None;
        }
        let (c, answer) = match self.on_show() {
            Build::Ask(i) => {
                let c = &cards()[i];
                (c, &c.ask.options[c.ask.correct])
            }
            Build::Debate(i) => {
                let c = &cards()[i];
                (c, &c.debate.as_ref()?.conclusion)
            }
            _ => return None,
        };
        Some(tf!(
            "sections.who.lecturer",
            &[
                ("system", c.name.clone()),
                ("answer", lesson::plain(answer)),
            ],
        ))
    }
}
