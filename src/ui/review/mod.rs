//! The spaced review's page: a session of every item due today, asked one at a time and graded
//! Again, Hard, Good or Easy (keys 1-4; Space shows the answer), each grade button saying when
//! the item comes back after it; an item graded Again comes back later in the same session,
//! as Anki's relearning step. Then a summary. Also the top bar's count and section 10's list
//! of what comes back when.
//!
//! The page is not a section of the lesson: the app shows it in the section's place while it
//! is open, and the lesson stays where it was.

pub mod card;

use egui::{RichText, Ui};

use self::card::Card;
use crate::lesson::fill;
use crate::predict::Judgement;
use crate::progress::clock::days_between;
use crate::progress::{Progress, ProgressFile};
use crate::review::questions::{self, Fresh};
use crate::review::{self, Grade, ItemId, ItemKind, words};
use crate::runner::{Runner, Task};
use crate::ui::kit::widgets;
use crate::ui::shell::keymap::Action;

/// Where the item on screen stands.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    /// Asked; the learner may have chosen an answer.
    Asking { chosen: Option<usize> },
    /// The answer is shown; waiting for a grade.
    Shown {
        chosen: Option<usize>,
        suggested: Option<Grade>,
    },
    /// Every item graded: the summary.
    Done,
}

/// A review session.
pub struct ReviewPage {
    /// Every item of the session, in the order first asked.
    items: Vec<ItemId>,
    /// How many of `items` have been put on screen.
    index: usize,
    /// The item on screen (one of `items`, or one asked again).
    current: Option<ItemId>,
    /// Whether the item on screen is asked again after Again.
    again: bool,
    /// Items graded Again, and when they come back in this session.
    relearn: Vec<(ItemId, u64)>,
    phase: Phase,
    /// Every grade given, with its item.
    grades: Vec<(ItemId, Grade)>,
    /// The current prediction's fresh question, running or ready.
    fresh: Option<Task<Option<Fresh>>>,
}

impl ReviewPage {
    /// A session of everything due at `now` (what the top bar counts).
    pub fn start(progress: &Progress, now: u64, runner: &Runner) -> Self {
        let mut page = Self {
            items: review::plan(progress, now).session(),
            index: 0,
            current: None,
            again: false,
            relearn: Vec::new(),
            phase: Phase::Asking { chosen: None },
            grades: Vec::new(),
            fresh: None,
        };
        page.arrive(progress, now, runner);
        page
    }

    /// The items of the session, in order.
    pub fn items(&self) -> &[ItemId] {
        &self.items
    }

    /// Whether the summary is on screen.
    pub fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The item on screen, if any.
    pub fn current(&self) -> Option<&ItemId> {
        self.current.as_ref()
    }

    /// Whether the item on screen is asked again after Again.
    pub fn asked_again(&self) -> bool {
        self.again
    }

    /// The next item: one graded Again whose step is over, else the next of the session,
    /// else (nothing else left, as Anki learns ahead) the soonest graded Again.
    fn next_item(&mut self, now: u64) -> Option<(ItemId, bool)> {
        let soonest = (0..self.relearn.len()).min_by_key(|&i| self.relearn[i].1);
        if let Some(i) = soonest.filter(|&i| self.relearn[i].1 <= now) {
            return Some((self.relearn.remove(i).0, true));
        }
        if let Some(item) = self.items.get(self.index).cloned() {
            self.index += 1;
            return Some((item, false));
        }
        soonest.map(|i| (self.relearn.remove(i).0, true))
    }

    fn arrive(&mut self, progress: &Progress, now: u64, runner: &Runner) {
        self.fresh = None;
        let next = self.next_item(now);
        self.again = next.as_ref().is_some_and(|(_, again)| *again);
        self.current = next.map(|(item, _)| item);
        let Some(item) = &self.current else {
            self.phase = Phase::Done;
            return;
        };
        self.phase = Phase::Asking { chosen: None };
        if let Some(prompt) = item.prompt() {
            let last = review::schedule::current(progress, item).and_then(|s| s.shown);
            let section = prompt.section;
            let asked =
                self.index.saturating_sub(1) + if self.again { self.grades.len() } else { 0 };
            let draw = now / 1000 + asked as u64;
            self.fresh =
                Some(runner.spawn("review", move |_| questions::pick(section, last, draw)));
        }
    }

    /// The fresh question of the item on screen, once its run is in.
    fn fresh(&self) -> (Option<Fresh>, Option<String>) {
        let Some(task) = &self.fresh else {
            return (None, None);
        };
        let published = task.published();
        (published.result.clone().flatten(), published.failed.clone())
    }

    /// Takes the page's keys; returns false when the learner closed it from the summary.
    fn keys(
        &mut self,
        actions: &[Action],
        card: Option<&Card>,
        store: &mut ProgressFile,
        runner: &Runner,
    ) -> bool {
        for a in actions {
            match (self.phase.clone(), *a) {
                (Phase::Asking { .. }, Action::Choose(n))
                    if card.is_some_and(|c| usize::from(n) <= c.choices.len()) =>
                {
                    self.phase = Phase::Asking {
                        chosen: Some(usize::from(n) - 1),
                    };
                }
                (Phase::Asking { chosen }, Action::Continue) => self.show(chosen, card),
                (Phase::Shown { .. }, Action::Choose(n)) => {
                    if let Some(g) = Grade::from_key(n) {
                        self.grade(g, store, runner);
                    }
                }
                (
                    Phase::Shown {
                        suggested: Some(g), ..
                    },
                    Action::Continue,
                ) => {
                    self.grade(g, store, runner);
                }
                (Phase::Done, Action::Continue) => return false,
                _ => {}
            }
        }
        true
    }

    /// Shows the answer (a choice item only once an answer is chosen).
    fn show(&mut self, chosen: Option<usize>, card: Option<&Card>) {
        let Some(card) = card else { return };
        if !card.choices.is_empty() && chosen.is_none() {
            return;
        }
        let suggested = chosen.map(|c| match judge(card, c) {
            Judgement::Right => Grade::Good,
            Judgement::Close => Grade::Hard,
            Judgement::Wrong => Grade::Again,
        });
        self.phase = Phase::Shown { chosen, suggested };
    }

    fn grade(&mut self, grade: Grade, store: &mut ProgressFile, runner: &Runner) {
        let Some(item) = self.current.clone() else {
            return;
        };
        let now = store.clock.now();
        let shown = self.fresh().0.map(|f| f.shown());
        // A quiz question answered here is answered again: section 10's list of missed
        // questions follows the latest answer (the first try and its XP stay).
        let chosen = match self.phase {
            Phase::Shown { chosen, .. } => chosen,
            _ => None,
        };
        let answer = chosen
            .filter(|_| item.kind == ItemKind::Quiz)
            .and_then(|c| {
                let card = card::card(&item, None)?;
                Some((c, judge(&card, c) == Judgement::Right))
            });
        store.update(|p| {
            review::schedule::record(p, &item, now, grade, shown);
            if let Some((choice, right)) = answer {
                p.record(&item.id, choice, right, now);
            }
        });
        if grade == Grade::Again {
            self.relearn
                .push((item.clone(), now + review::LEARN_STEP_MS));
        }
        self.grades.push((item, grade));
        self.arrive(store.get(), now, runner);
    }

    /// What a grade button says: its key, its grade and when the item comes back after it.
    fn grade_label(&self, g: Grade, store: &ProgressFile) -> String {
        let w = words();
        let interval = match (g, &self.current) {
            (Grade::Again, _) => fill(
                &w.interval_step,
                &[("n", (review::LEARN_STEP_MS / 60_000).to_string())],
            ),
            (_, Some(item)) => {
                let now = store.clock.now();
                w.interval(review::schedule::interval_days(store.get(), item, now, g))
            }
            (_, None) => String::new(),
        };
        fill(
            &w.grade_button,
            &[
                ("key", (g.index() + 1).to_string()),
                ("grade", w.grades[g.index()].clone()),
                ("interval", interval),
            ],
        )
    }

    /// Draws the page and takes its keys; false when the learner asked to close it.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        actions: &[Action],
        store: &mut ProgressFile,
        runner: &Runner,
    ) -> bool {
        let w = words();
        let (fresh, failed) = self.fresh();
        let item = self.current.clone();
        let card = item.as_ref().and_then(|i| card::card(i, fresh.as_ref()));
        let mut open = self.keys(actions, card.as_ref(), store, runner);
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(body * 48.0));
            ui.heading(&w.title);
            ui.label(&w.intro);
            ui.add_space(8.0);
            if self.phase == Phase::Done || self.items.is_empty() {
                open &= self.summary(ui, store);
                return;
            }
            let n = self.items.len();
            if item.is_none() {
                return;
            }
            if self.again {
                ui.label(RichText::new(&w.step).weak());
            } else {
                ui.label(fill(
                    &w.position,
                    &[("i", self.index.to_string()), ("n", n.to_string())],
                ));
            }
            match &card {
                Some(card) => self.card_ui(ui, card, store, runner),
                None => match failed {
                    Some(e) => {
                        ui.label(fill(&w.failed, &[("error", e)]));
                    }
                    None => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(&w.running);
                        });
                    }
                },
            }
        });
        if self.fresh.as_ref().is_some_and(|t| !t.is_finished()) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        open
    }

    fn card_ui(&mut self, ui: &mut Ui, card: &Card, store: &mut ProgressFile, runner: &Runner) {
        let w = words();
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        widgets::panel_frame(ui).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&card.kind).small());
            ui.label(RichText::new(&card.question).strong().size(body * 1.15));
            ui.add_space(6.0);
            let (chosen, shown) = match &self.phase {
                Phase::Asking { chosen } => (*chosen, false),
                Phase::Shown { chosen, .. } => (*chosen, true),
                Phase::Done => (None, true),
            };
            for (i, c) in card.choices.iter().enumerate() {
                let mark = match (shown, card.right.contains(&i), Some(i) == chosen) {
                    (true, true, _) => " ✔",
                    (true, false, true) => " ✖",
                    _ => "",
                };
                let text = RichText::new(format!("{}  {c}{mark}", i + 1)).size(body * 1.05);
                let r = ui.selectable_label(Some(i) == chosen, text);
                if r.clicked() && !shown {
                    self.phase = Phase::Asking { chosen: Some(i) };
                }
            }
            if card.choices.is_empty() && !shown {
                ui.label(&w.recall);
            }
            ui.add_space(6.0);
            if !shown {
                let hint = if card.choices.is_empty() {
                    w.show_hint.clone()
                } else {
                    fill(&w.choose_hint, &[("n", card.choices.len().to_string())])
                };
                ui.label(RichText::new(hint).weak());
                if ui.button(&w.show_button).clicked() {
                    self.show(chosen, Some(card));
                }
                return;
            }
            if let Some(c) = chosen {
                let verdict = match judge(card, c) {
                    Judgement::Right => &w.right,
                    Judgement::Close => &w.close,
                    Judgement::Wrong => &w.wrong,
                };
                ui.label(RichText::new(verdict).strong());
            }
            let width = ui.available_width();
            for line in &card.answer {
                widgets::wrapped_label(ui, width, line.as_str());
            }
            ui.add_space(6.0);
            ui.label(&w.grade_prompt);
            let suggested = match self.phase {
                Phase::Shown { suggested, .. } => suggested,
                _ => None,
            };
            if let Some(g) = suggested {
                ui.label(fill(
                    &w.suggested,
                    &[("grade", w.grades[g.index()].clone())],
                ));
            }
            let mut clicked = None;
            ui.horizontal_wrapped(|ui| {
                for g in Grade::ALL {
                    let label = self.grade_label(g, store);
                    if ui.selectable_label(suggested == Some(g), label).clicked() {
                        clicked = Some(g);
                    }
                }
            });
            if let Some(g) = clicked {
                self.grade(g, store, runner);
            }
        });
    }

    /// The summary; false when the learner closed the page.
    fn summary(&self, ui: &mut Ui, store: &ProgressFile) -> bool {
        let w = words();
        if self.grades.is_empty() {
            ui.label(&w.nothing_due);
        } else {
            ui.label(RichText::new(&w.summary_title).strong());
            // Each item by its first grade (one graded Again and then Good counts as Again).
            let first: Vec<Grade> = self
                .items
                .iter()
                .filter_map(|i| self.grades.iter().find(|(j, _)| j == i).map(|(_, g)| *g))
                .collect();
            let count = |g: Grade| first.iter().filter(|x| **x == g).count().to_string();
            ui.label(fill(
                &w.summary,
                &[
                    ("n", first.len().to_string()),
                    ("again", count(Grade::Again)),
                    ("hard", count(Grade::Hard)),
                    ("good", count(Grade::Good)),
                    ("easy", count(Grade::Easy)),
                ],
            ));
        }
        let now = store.clock.now();
        let plan = review::plan(store.get(), now);
        if let Some(next) = plan.due.first().and_then(|e| e.due).or(plan.next_due()) {
            ui.label(fill(
                &w.summary_next,
                &[("when", w.in_days(days_between(now, next)))],
            ));
        }
        ui.add_space(8.0);
        !ui.button(&w.close_button)
            .on_hover_text(&w.close_hint)
            .clicked()
    }
}

/// How a choice compares with the card's right ones.
fn judge(card: &Card, chosen: usize) -> Judgement {
    if card.right.contains(&chosen) {
        Judgement::Right
    } else if card.ordered && card.right.iter().any(|r| r.abs_diff(chosen) == 1) {
        Judgement::Close
    } else {
        Judgement::Wrong
    }
}

/// How many items are due now (none in lecture mode: nothing is scored there).
pub fn due_count(store: &ProgressFile, lecture: bool) -> usize {
    if lecture {
        return 0;
    }
    review::plan(store.get(), store.clock.now()).due.len()
}

/// Section 10's list: what is due today, and when the rest comes back (nothing before the
/// learner has answered anything).
pub fn due_list(ui: &mut Ui, store: &ProgressFile) {
    let w = words();
    let now = store.clock.now();
    let plan = review::plan(store.get(), now);
    if plan.due.is_empty() && plan.later.is_empty() {
        return;
    }
    ui.label(RichText::new(&w.list_title).strong());
    if plan.due.is_empty() {
        ui.label(&w.list_none);
    } else {
        ui.label(fill(&w.list_due, &[("n", plan.due.len().to_string())]));
        for e in plan.due.iter().take(6) {
            ui.label(format!("• {}", title(&e.item)));
        }
        more(ui, plan.due.len());
    }
    if !plan.later.is_empty() {
        ui.label(&w.list_later);
        for e in plan.later.iter().take(6) {
            let when = e
                .due
                .map_or_else(String::new, |d| w.in_days(days_between(now, d)));
            ui.label(format!("• {} — {when}", title(&e.item)));
        }
        more(ui, plan.later.len());
    }
}

fn more(ui: &mut Ui, n: usize) {
    if n > 6 {
        ui.label(fill(&words().list_more, &[("n", (n - 6).to_string())]));
    }
}

/// An item in a few words: its question, shortened, or its term.
pub fn title(item: &ItemId) -> String {
    let text = match item.kind {
        ItemKind::Prediction => item
            .section()
            .map(|s| crate::lesson::content().section(s).title.clone()),
        _ => card::card(item, None).map(|c| c.question),
    }
    .unwrap_or_else(|| item.id.clone());
    crate::ui::sections::quiz::shorten(&text, 70)
}
