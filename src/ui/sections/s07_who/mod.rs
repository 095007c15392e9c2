//! Section 7, "Who lives by this": four cards (Chubby, ZooKeeper, the Redlock debate, etcd).
//! Each card opens once the learner has said where its fencing token is; the Redlock card
//! puts the two sides of the debate next to each other, asks the learner (in a lecture, the
//! class) to judge them, and only then gives the lesson's conclusion.
//! Number keys answer the first open question in view (one out of view is brought into view
//! first), so the keyboard drives it (Tab and Enter reach the options too).

use egui::{RichText, Stroke, Ui};

use crate::lesson::catalogue::tf;
use crate::lesson::{self, Debate, SystemCard};
use crate::ui::kit::plot::palette;
use crate::ui::kit::widgets;
use crate::ui::sections::quiz::{choose_keys, how_note};
use crate::ui::shell::glossary::marked_text;
use crate::ui::shell::keymap::Action;
use crate::ui::{Cx, Offers, OffersMut, Section, kit::a11y};

mod keys;
mod lecture;

/// Room kept clear on the right of the cards for the page's scroll bar.
const SCROLL_BAR_ROOM: f32 = 18.0;

#[derive(Default)]
pub struct Who {
    /// The option chosen on each card (counted from 0), in the cards' order: in lecture mode
    /// the class's vote, which the lecturer may change until the card is revealed.
    chosen: Vec<Option<usize>>,
    /// Lecture mode: the cards revealed (R or Page Down), in the cards' order.
    revealed: Vec<bool>,
    /// Lecture mode: the first step still asking, when its question is whole on the
    /// screenful on show, and the last step revealed, when its question is (Page Down reveals
    /// the one, Page Up hides the other).
    /// In a lecture: the build on show, an index into [`lecture::Build::all`].
    at: usize,
    lecture: bool,
    /// The judgement of the debate (a side, counted from 0, or one past the sides: each is
    /// right about something), before its conclusion shows: the learner's, or in lecture mode
    /// the class's vote, which the lecturer may change until the conclusion is revealed.
    judged: Option<usize>,
    /// Lecture mode: the debate's conclusion revealed (R or Page Down).
    concluded: bool,
    /// A learner's page as last drawn: where the number keys would answer.
    seen: keys::Seen,
}

/// A step of the lecture: a card's question, or the judgement of the debate on a card.
impl Who {
    pub fn new() -> Self {
        Self::default()
    }

    /// The option chosen on card `i`, if any.
    pub fn chosen(&self, i: usize) -> Option<usize> {
        self.chosen.get(i).copied().flatten()
    }

    /// Whether card `i` shows its answer: a learner's once chosen, the class's once revealed.
    fn is_open(&self, i: usize) -> bool {
        if self.lecture {
            self.revealed.get(i).copied().unwrap_or(false)
        } else {
            self.chosen(i).is_some()
        }
    }

    /// The first card whose question is still open.
    fn open_question(&self) -> Option<usize> {
        (0..cards().len()).find(|&i| !self.is_open(i))
    }

    fn choose(&mut self, card: usize, option: usize) {
        self.chosen.resize(cards().len(), None);
        if !self.is_open(card) && option < cards()[card].ask.options.len() {
            self.chosen[card] = Some(option);
        }
    }

    /// Lecture mode: reveals card `i` (or hides it again), keeping the class's vote.
    fn reveal(&mut self, i: usize, on: bool) {
        self.revealed.resize(cards().len(), false);
        self.revealed[i] = on;
    }

    /// The lecture's steps in order: each card's question, and after a debate card's, the
    /// judgement of its debate.
    fn judge(&mut self, k: usize) {
        let sides = cards()
            .iter()
            .find_map(|c| c.debate.as_ref())
            .map(|d| d.sides.len());
        if sides.is_some_and(|n| k <= n) {
            self.judged = Some(k);
        }
    }
}

fn cards() -> &'static [SystemCard] {
    &lesson::content().systems
}

/// The accent colour of the cards' boxes, readable on either theme.
fn accent(ui: &Ui) -> egui::Color32 {
    if ui.visuals().dark_mode {
        palette::SKY
    } else {
        palette::BLUE
    }
}

/// A framed box with a title in the accent colour.
fn boxed(ui: &mut Ui, title: &str, add: impl FnOnce(&mut Ui)) {
    egui::Frame::new()
        .stroke(Stroke::new(2.0, palette::BLUE))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).strong().color(accent(ui)));
            add(ui);
        });
}

/// A card's options as numbered buttons, the class's `vote` selected; once answered
/// (`answered`: the class's vote, if any), the right one marked ✔ in green and a wrong vote
/// ✖, each where it stood while asked (the answer build moves and fades nothing). Returns the
/// one clicked.
pub(super) fn options_ui(
    ui: &mut Ui,
    c: &SystemCard,
    vote: Option<usize>,
    answered: Option<Option<usize>>,
) -> Option<usize> {
    let mut picked = None;
    for (j, option) in c.ask.options.iter().enumerate() {
        let text = format!("{}  {}", j + 1, lesson::plain(option));
        let words = match answered {
            Some(_) if j == c.ask.correct => RichText::new(format!("{text}  ✔"))
                .strong()
                .color(palette::GREEN),
            Some(chosen) if chosen == Some(j) => {
                RichText::new(format!("{text}  ✖")).color(widgets::warn_color(ui))
            }
            _ => RichText::new(text),
        };
        let button = egui::Button::selectable(vote == Some(j), words).wrap();
        if ui.add(button).clicked() && answered.is_none() {
            picked = Some(j);
        }
    }
    picked
}

/// The question before a card opens: its options as numbered buttons. Returns the one
/// clicked (or pressed with Enter after Tab).
fn ask_ui(
    ui: &mut Ui,
    c: &SystemCard,
    keys_here: bool,
    vote: Option<usize>,
) -> (Option<usize>, egui::Rect) {
    let top = ui.cursor().top();
    ui.label(RichText::new(&c.ask.question).strong());
    let picked = options_ui(ui, c, vote, None);
    let asked = egui::Rect::from_x_y_ranges(ui.max_rect().x_range(), top..=ui.min_rect().bottom());
    if keys_here {
        let keys = choose_keys(c.ask.options.len());
        ui.label(RichText::new(tf!("sections.who.ask.keys", &keys)).weak());
    }
    (picked, asked)
}

/// What the learner is told after choosing: right, or which one is.
fn feedback(ui: &mut Ui, c: &SystemCard, chosen: Option<usize>, cx: &mut Cx<'_>) {
    let right = &c.ask.options[c.ask.correct];
    let Some(chosen) = chosen else {
        // Revealed without a recorded vote.
        let line = tf!("sections.who.answer", &[("answer", lesson::plain(right))]);
        ui.label(RichText::new(line).strong().color(accent(ui)));
        marked_text(ui, &c.ask.why, cx);
        return;
    };
    let (line, colour) = if chosen == c.ask.correct {
        (
            tf!(
                "sections.who.answer.right",
                &[("answer", lesson::plain(right))],
            ),
            palette::GREEN,
        )
    } else {
        (
            tf!(
                "sections.who.answer.wrong",
                &[("answer", lesson::plain(right))],
            ),
            widgets::warn_color(ui),
        )
    };
    ui.label(RichText::new(line).strong().color(colour));
    if let Some(reason) = c.ask.wrong.get(chosen).filter(|r| !r.is_empty()) {
        let values = [
            ("number", (chosen + 1).to_string()),
            ("reason", reason.clone()),
        ];
        marked_text(ui, &tf!("sections.who.answer.why_not", &values), cx);
    }
    marked_text(ui, &c.ask.why, cx);
}

/// Where a debate's steps are on the page: its question while it asks, the conclusion's
/// title once shown.
/// One side of the debate: who, the position, and what it is right about (`right_about`).
fn side_box(ui: &mut Ui, side: &lesson::DebateSide, right_about: bool, cx: &mut Cx<'_>) {
    egui::Frame::group(ui.style())
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            a11y::add_heading(ui, RichText::new(&side.who).strong(), 2);
            marked_text(ui, &side.position, cx);
            if right_about {
                ui.add_space(4.0);
                let words = RichText::new(t!("sections.who.debate.right_about"));
                ui.label(words.strong().color(accent(ui)));
                marked_text(ui, &side.right_about, cx);
            }
        });
}

/// The debate's two sides, side by side.
fn sides_ui(ui: &mut Ui, d: &Debate, cx: &mut Cx<'_>) {
    ui.columns(d.sides.len().max(1), |cols| {
        for (col, side) in cols.iter_mut().zip(&d.sides) {
            side_box(col, side, true, cx);
        }
    });
}

/// One side on a lecture's slide: who, and the position.
fn side_ui(ui: &mut Ui, side: &lesson::DebateSide, cx: &mut Cx<'_>) {
    side_box(ui, side, false, cx);
}

/// The judgements one may make of the debate.
fn judgements(d: &Debate) -> Vec<String> {
    d.sides
        .iter()
        .map(|s| tf!("sections.who.debate.side", &[("who", s.who.as_str())]))
        .chain([t!("sections.who.debate.both").to_owned()])
        .collect()
}

/// The judgement asked (the learner's, or the `class`'s): the question and its choices.
/// Returns where they are.
fn judgement_ui(ui: &mut Ui, d: &Debate, judged: &mut Option<usize>, class: bool) -> egui::Rect {
    let top = ui.cursor().top();
    let ask = if class {
        t!("sections.who.debate.ask.class")
    } else {
        t!("sections.who.debate.ask")
    };
    ui.label(RichText::new(ask).strong());
    for (j, choice) in judgements(d).iter().enumerate() {
        let text = format!("{}  {choice}", j + 1);
        let button = egui::Button::selectable(*judged == Some(j), text).wrap();
        if ui.add(button).clicked() {
            *judged = Some(j);
            ui.ctx().request_repaint();
        }
    }
    egui::Rect::from_x_y_ranges(ui.max_rect().x_range(), top..=ui.min_rect().bottom())
}

/// The judgement made (the learner's, or the `class`'s) and the lesson's conclusion.
fn conclusion_ui(
    ui: &mut Ui,
    d: &Debate,
    judged: Option<usize>,
    class: bool,
    cx: &mut Cx<'_>,
) -> egui::Rect {
    if let Some(j) = judged {
        let key = if class {
            key!("sections.who.debate.class")
        } else {
            key!("sections.who.debate.yours")
        };
        let choices = judgements(d);
        ui.label(RichText::new(tf(key, &[("judgement", &choices[j])])).strong());
    }
    let top = ui.cursor().top();
    let mut head = egui::Rect::NOTHING;
    boxed(ui, t!("sections.who.debate.conclusion"), |ui| {
        head = egui::Rect::from_x_y_ranges(ui.max_rect().x_range(), top..=ui.cursor().top());
        marked_text(ui, &d.conclusion, cx);
    });
    head
}

/// The debate on a learner's card: the sides, then the learner's judgement asked, or made
/// with the conclusion.
fn debate_ui(
    ui: &mut Ui,
    d: &Debate,
    judged: &mut Option<usize>,
    cx: &mut Cx<'_>,
) -> Option<egui::Rect> {
    sides_ui(ui, d, cx);
    ui.add_space(6.0);
    if judged.is_none() || cx.slide {
        return Some(judgement_ui(ui, d, judged, cx.slide));
    }
    conclusion_ui(ui, d, *judged, false, cx);
    None
}

/// A card's fencing token.
fn token_ui(ui: &mut Ui, c: &SystemCard, cx: &mut Cx<'_>) {
    boxed(ui, t!("sections.who.card.fencing_token"), |ui| {
        marked_text(ui, &c.fencing_role, cx)
    });
}

/// A card's fencing token and its points.
fn facts_ui(ui: &mut Ui, c: &SystemCard, cx: &mut Cx<'_>) {
    token_ui(ui, c, cx);
    points_ui(ui, &c.points, cx);
}

/// A card's points, one bullet each.
fn points_ui(ui: &mut Ui, points: &[String], cx: &mut Cx<'_>) {
    if points.is_empty() {
        return;
    }
    ui.add_space(6.0);
    for point in points {
        ui.horizontal_top(|ui| {
            ui.label("•");
            ui.vertical(|ui| marked_text(ui, point, cx));
        });
        ui.add_space(2.0);
    }
}

/// A card's facts and its debate; where the debate's judgement is asked, if it is.
fn card_body(
    ui: &mut Ui,
    c: &SystemCard,
    judged: &mut Option<usize>,
    cx: &mut Cx<'_>,
) -> Option<egui::Rect> {
    facts_ui(ui, c, cx);
    let d = c.debate.as_ref()?;
    ui.add_space(4.0);
    debate_ui(ui, d, judged, cx)
}

impl Section for Who {
    fn number(&self) -> u8 {
        crate::sections::number_of("who").unwrap_or(7)
    }

    fn summary(&self) -> Option<String> {
        let roles: Vec<String> = cards()
            .iter()
            .map(|c| format!("{}: {}", c.name, lesson::plain(&c.fencing_role)))
            .collect();
        Some(tf!("sections.who.summary", &[("roles", roles.join(" "))]))
    }

    fn done_by_reading(&self) -> bool {
        false
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        if cx.lecture && !self.lecture {
            // A lecture's deck opens at its first build (Page Down and Page Up move it).
            self.at = self.at.min(lecture::Build::all().len() - 1);
        }
        self.lecture = cx.lecture;
        if cx.lecture && !cx.slide {
            for a in cx.actions {
                self.lecture_action(*a);
            }
            self.lecture_ui(ui, cx);
            if self.at + 1 == lecture::Build::all().len() {
                cx.mark_done(self.number());
            }
            return;
        }
        // Number keys answer the first open question in view.
        for a in cx.actions {
            if let Action::Choose(n) = *a {
                self.key(usize::from(n).saturating_sub(1));
            }
        }
        let keys_at = self.key_card();
        let mut judged = self.judged;
        let mut seen = keys::Seen::new(ui.clip_rect());
        let bring = self.seen.bring.take();
        ui.scope(|ui| {
            ui.set_max_width(ui.available_width() - SCROLL_BAR_ROOM);
            for (i, c) in cards().iter().enumerate() {
                let card = egui::Frame::group(ui.style())
                    .corner_radius(8.0)
                    .inner_margin(egui::Margin::same(12))
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        a11y::add_heading(ui, RichText::new(&c.name).heading().strong(), 1);
                        ui.label(RichText::new(lesson::plain(&c.tagline)).italics());
                        ui.add_space(6.0);
                        if self.is_open(i) {
                            feedback(ui, c, self.chosen(i), cx);
                            ui.add_space(6.0);
                            let judgement = card_body(ui, c, &mut judged, cx);
                            if let Some(r) = judgement
                                && bring == Some(keys::Target::Judgement)
                            {
                                ui.scroll_to_rect(r, Some(egui::Align::TOP));
                            }
                            seen.judgement = judgement.or(seen.judgement);
                            return None;
                        }
                        let keys_here = keys_at == Some(i) && !cx.slide;
                        let (picked, asked) = ask_ui(ui, c, keys_here, self.chosen(i));
                        seen.asks.push((i, asked));
                        picked
                    });
                if bring == Some(keys::Target::Card(i)) {
                    card.response.scroll_to_me(Some(egui::Align::TOP));
                }
                if let Some(j) = card.inner {
                    self.choose(i, j);
                    ui.ctx().request_repaint();
                }
                ui.add_space(8.0);
            }
        });
        self.judged = judged;
        self.seen = seen;
        if self.open_question().is_none() {
            cx.mark_done(self.number());
        }
        how_note(ui, &self.text().how, cx);
    }

    fn offers(&self) -> Offers<'_> {
        Offers::Present(self)
    }

    fn offers_mut(&mut self) -> OffersMut<'_> {
        OffersMut::Present(self)
    }
}
