//! When each item comes back: FSRS through the `rs-fsrs` crate, and the day's plan.
//!
//! FSRS runs with its long-term scheduler only (no same-day learning steps inside FSRS: the
//! lesson itself was the first learning step), without fuzz, at FSRS's default weights (the
//! ones Anki starts from when FSRS is switched on) and 90 % retention. The review page asks an
//! item graded Again once more in its session, as Anki's relearning step; that grade is
//! recorded like any other.
//! Days are the learner's local calendar days: an item due at any time today is due now.

use chrono::{DateTime, TimeZone, Utc};
use rs_fsrs::{Card, FSRS, Parameters, Rating, State};
use serde::{Deserialize, Serialize};

use super::{ItemId, ItemKind, NEW_PER_DAY, deck, exists};
use crate::progress::Progress;
pub use crate::progress::clock::days_between;
pub use crate::progress::sched::{LastAsked, Sched, merge};

/// Anki's four grades, on the keys 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Grade {
    Again,
    Hard,
    Good,
    Easy,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::Again, Grade::Hard, Grade::Good, Grade::Easy];

    /// Counted from 0 (the key is one more).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The grade on key `n` (1-4).
    pub fn from_key(n: u8) -> Option<Grade> {
        Grade::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    fn rating(self) -> Rating {
        match self {
            Grade::Again => Rating::Again,
            Grade::Hard => Rating::Hard,
            Grade::Good => Rating::Good,
            Grade::Easy => Rating::Easy,
        }
    }

    /// A lesson's answer: right at the first try is Good, anything else Again.
    pub fn of_answer(right: bool) -> Grade {
        if right { Grade::Good } else { Grade::Again }
    }
}

fn fsrs() -> FSRS {
    FSRS::new(Parameters {
        enable_short_term: false,
        enable_fuzz: false,
        ..Parameters::default()
    })
}

fn time(ms: u64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms.min(i64::MAX as u64) as i64)
        .single()
        .unwrap_or_default()
}

fn ms(t: DateTime<Utc>) -> u64 {
    t.timestamp_millis().max(0) as u64
}

fn state_of(n: u8) -> State {
    match n {
        1 => State::Learning,
        2 => State::Review,
        3 => State::Relearning,
        _ => State::New,
    }
}

impl Sched {
    /// The crate's card for this schedule.
    pub fn card(&self) -> Card {
        Card {
            due: time(self.due),
            stability: self.stability,
            difficulty: self.difficulty,
            elapsed_days: self.elapsed_days,
            scheduled_days: self.scheduled_days,
            reps: self.reps as i32,
            lapses: self.lapses as i32,
            state: state_of(self.state),
            last_review: time(self.last),
        }
    }

    fn of_card(card: &Card, first: u64, shown: Option<LastAsked>) -> Self {
        Self {
            due: ms(card.due),
            last: ms(card.last_review),
            stability: card.stability,
            difficulty: card.difficulty,
            elapsed_days: card.elapsed_days,
            scheduled_days: card.scheduled_days,
            reps: card.reps.max(0) as u32,
            lapses: card.lapses.max(0) as u32,
            state: card.state as u8,
            first,
            shown,
        }
    }

    /// The schedule after grading `grade` at `at` (a new card when `prev` is `None`).
    pub fn graded(prev: Option<&Sched>, at: u64, grade: Grade) -> Sched {
        let at = prev.map_or(at, |p| at.max(p.last));
        let card = prev.map_or_else(
            || Card {
                due: time(at),
                last_review: time(at),
                ..Card::default()
            },
            Sched::card,
        );
        let next = fsrs().next(card, time(at), grade.rating()).card;
        Sched::of_card(
            &next,
            prev.map_or(0, |p| p.first),
            prev.and_then(|p| p.shown),
        )
    }
}

/// An item's schedule: the one kept in the file, or else the one its lesson answer started
/// (right at the first try: Good; wrong or "Just show me": Again). `None`: never asked.
pub fn current(progress: &Progress, item: &ItemId) -> Option<Sched> {
    if let Some(s) = progress.review.get(&item.key()) {
        return Some(s.clone());
    }
    match item.kind {
        ItemKind::Quiz => {
            let a = progress.answer(&item.id)?;
            Some(Sched::graded(
                None,
                a.first_at,
                Grade::of_answer(a.first_try),
            ))
        }
        ItemKind::Prediction => {
            let r = progress.predictions.get(&item.prompt()?.id)?;
            let mut s = Sched::graded(None, r.at, Grade::of_answer(r.close()));
            s.shown = Some(LastAsked {
                variant: None,
                band: r.right,
            });
            Some(s)
        }
        ItemKind::Token | ItemKind::Term => None,
    }
}

/// Records a grade given in a review at `at`; `shown` says what a prediction was asked at.
pub fn record(
    progress: &mut Progress,
    item: &ItemId,
    at: u64,
    grade: Grade,
    shown: Option<LastAsked>,
) {
    let prev = current(progress, item);
    let mut next = Sched::graded(prev.as_ref(), at.max(progress.reset_at), grade);
    if next.first == 0 {
        next.first = next.last;
    }
    if shown.is_some() {
        next.shown = shown;
    }
    progress.review.insert(item.key(), next);
}

/// Days until `item` comes back if it is graded `grade` at `at`: what its grade button says,
/// from the same schedule [`record`] would keep.
pub fn interval_days(progress: &Progress, item: &ItemId, at: u64, grade: Grade) -> i64 {
    let prev = current(progress, item);
    Sched::graded(prev.as_ref(), at.max(progress.reset_at), grade).scheduled_days
}

/// An item of the plan, and when it is due (`None`: a new card, never asked).
#[derive(Clone, Debug, PartialEq)]
pub struct PlanItem {
    pub item: ItemId,
    pub due: Option<u64>,
}

/// What is due today and what comes back later.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// Due today, in review order: the longest overdue first, then today's new cards.
    pub due: Vec<PlanItem>,
    /// Scheduled for a later day, soonest first.
    pub later: Vec<PlanItem>,
}

impl Plan {
    /// The items of the next session: everything due today, as the top bar counts it.
    pub fn session(&self) -> Vec<ItemId> {
        self.due.iter().map(|e| e.item.clone()).collect()
    }

    /// When the first item of a later day is due.
    pub fn next_due(&self) -> Option<u64> {
        self.later.first().and_then(|e| e.due)
    }
}

/// Whether a card that the lesson never asks may come in: section 7's cards from the day after
/// section 7 was finished, the glossary's from the day after the first section was.
fn unlocked(progress: &Progress, item: &ItemId, now: u64) -> bool {
    let before_today = |at: u64| days_between(at, now) >= 1;
    match item.kind {
        ItemKind::Token => item
            .section()
            .and_then(|s| progress.done_at(s))
            .is_some_and(before_today),
        ItemKind::Term => progress.done.values().any(|&at| before_today(at)),
        ItemKind::Quiz | ItemKind::Prediction => false,
    }
}

/// The plan at `now`: scheduled items due today, then up to [`NEW_PER_DAY`] new cards a day.
pub fn plan(progress: &Progress, now: u64) -> Plan {
    let mut scheduled = Vec::new();
    let mut new = Vec::new();
    for item in deck() {
        match current(progress, &item) {
            Some(s) => scheduled.push((s.due, item)),
            None if unlocked(progress, &item, now) => new.push(item),
            None => {}
        }
    }
    scheduled.sort_by_key(|(due, _)| *due);
    let introduced = progress
        .review
        .iter()
        .filter(|(k, s)| {
            ItemId::parse(k)
                .is_some_and(|i| matches!(i.kind, ItemKind::Token | ItemKind::Term) && exists(&i))
                && s.first > 0
                && days_between(s.first, now) == 0
        })
        .count();
    let mut plan = Plan::default();
    for (due, item) in scheduled {
        let entry = PlanItem {
            item,
            due: Some(due),
        };
        if days_between(now, due) <= 0 {
            plan.due.push(entry);
        } else {
            plan.later.push(entry);
        }
    }
    plan.due.extend(
        new.into_iter()
            .take(NEW_PER_DAY.saturating_sub(introduced))
            .map(|item| PlanItem { item, due: None }),
    );
    plan
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::progress::Progress;
    use crate::review::DAY_MS;

    const T0: u64 = 1_780_000_000_000;
    const H: u64 = 60 * 60 * 1000;

    fn fsrs_card(at: u64) -> Card {
        Card {
            due: time(at),
            last_review: time(at),
            ..Card::default()
        }
    }

    #[test]
    fn grades_move_the_date_as_the_crates_own_schedule_says() {
        // A fixed history, graded through the review and through rs-fsrs directly.
        let history = [
            (T0, Grade::Good),
            (T0 + 3 * DAY_MS, Grade::Hard),
            (T0 + 9 * DAY_MS, Grade::Again),
            (T0 + 10 * DAY_MS, Grade::Easy),
            (T0 + 30 * DAY_MS, Grade::Good),
        ];
        let f = fsrs();
        let mut card = fsrs_card(T0);
        let mut sched: Option<Sched> = None;
        for (at, grade) in history {
            card = f.next(card, time(at), grade.rating()).card;
            let next = Sched::graded(sched.as_ref(), at, grade);
            assert_eq!(next.due, ms(card.due), "{grade:?} at {at}");
            assert_eq!(next.card(), card);
            assert!(next.due > at, "always later");
            sched = Some(next);
        }
        // The FSRS defaults Anki ships: Again on a new card is back the next day, Good in
        // three days, Easy in more than a week.
        let days = |g| (Sched::graded(None, T0, g).due - T0) / DAY_MS;
        assert_eq!(days(Grade::Again), 1);
        assert_eq!(days(Grade::Good), 3);
        assert!(days(Grade::Easy) > 7);
        // A later grade of Good moves the date further than Hard, Hard further than Again.
        let s = Sched::graded(None, T0, Grade::Good);
        let at = s.due;
        let d: Vec<u64> = Grade::ALL
            .iter()
            .map(|&g| Sched::graded(Some(&s), at, g).due)
            .collect();
        assert!(d.windows(2).all(|w| w[0] < w[1]), "{d:?}");
    }

    /// A learner who finished the lesson at `at`: every quiz question answered, two of them
    /// wrong at the first try, and every prediction made (one wrong).
    pub(crate) fn finished(at: u64) -> Progress {
        let mut p = Progress::default();
        let questions: Vec<_> = crate::lesson::content()
            .quizzes
            .all()
            .into_iter()
            .flat_map(|q| q.iter().map(|q| (q.id.clone(), q.correct)))
            .collect();
        for (i, (id, correct)) in questions.iter().enumerate() {
            let right = i != 1 && i != 4;
            let choice = if right { *correct } else { (*correct + 1) % 3 };
            p.record(id, choice, right, at);
        }
        for (i, prompt) in crate::predict::prompts().iter().enumerate() {
            let right = i != 1;
            p.record_prediction(
                &prompt.id,
                crate::predict::Record {
                    choice: Some(if right { 0 } else { 1 }),
                    right: Some(0),
                    observed: 0.0,
                    observed_text: "0".into(),
                    at,
                },
            );
        }
        for s in 1..=crate::sections::lesson_count() {
            p.mark_done(s, at);
        }
        p
    }

    #[test]
    fn the_day_after_the_lesson_the_wrong_answers_are_due() {
        let p = finished(T0);
        let plan = plan(&p, T0 + DAY_MS + H);
        let quiz: Vec<&PlanItem> = plan
            .due
            .iter()
            .filter(|e| e.item.kind == ItemKind::Quiz)
            .collect();
        assert_eq!(quiz.len(), 2, "the two wrong answers");
        let predictions = plan
            .due
            .iter()
            .filter(|e| e.item.kind == ItemKind::Prediction)
            .count();
        assert_eq!(predictions, 1, "the wrong prediction");
        // New cards: at most the day's share, section 7's and the glossary's.
        let new = plan.due.iter().filter(|e| e.due.is_none()).count();
        assert_eq!(new, NEW_PER_DAY);
        // The right answers come back in three days.
        assert!(
            plan.later
                .iter()
                .all(|e| days_between(T0, e.due.unwrap()) == 3)
        );
        assert_eq!(plan.session().len(), plan.due.len(), "a session takes all");
        // On the day of the lesson nothing new comes in, and nothing is due yet.
        let today = plan_at(&p, T0 + H);
        assert!(today.due.iter().all(|e| e.due.is_some()));
    }

    fn plan_at(p: &Progress, now: u64) -> Plan {
        plan(p, now)
    }

    #[test]
    fn a_grade_is_kept_and_a_graded_item_leaves_the_days_list() {
        let mut p = finished(T0);
        let now = T0 + DAY_MS + H;
        let first = plan(&p, now).due[0].item.clone();
        record(&mut p, &first, now, Grade::Good, None);
        let s = p.review[&first.key()].clone();
        assert_eq!(s.first, now);
        assert_eq!(s.last, now);
        assert!(plan(&p, now).due.iter().all(|e| e.item != first));
        // Graded new cards use up the day's share of new ones.
        let new: Vec<ItemId> = plan(&p, now)
            .due
            .iter()
            .filter(|e| e.due.is_none())
            .map(|e| e.item.clone())
            .collect();
        for item in &new[..2] {
            record(&mut p, item, now, Grade::Easy, None);
        }
        let left = plan(&p, now).due.iter().filter(|e| e.due.is_none()).count();
        assert_eq!(left, NEW_PER_DAY - 2);
    }

    #[test]
    fn merging_keeps_the_later_grade_and_what_the_lesson_lost_is_never_asked() {
        let item = ItemId::new(ItemKind::Term, "ttl");
        let a = Sched::graded(None, T0, Grade::Again);
        let b = Sched::graded(Some(&a), T0 + DAY_MS, Grade::Good);
        let mut mine = BTreeMap::from([(item.key(), a.clone())]);
        let theirs = BTreeMap::from([(item.key(), b.clone())]);
        merge(&mut mine, &theirs);
        assert_eq!(mine[&item.key()], b);
        let mut other = theirs.clone();
        merge(&mut other, &BTreeMap::from([(item.key(), a)]));
        assert_eq!(other, mine, "commutative");
        mine.insert("quiz:no-such-question".into(), b.clone());
        mine.insert("garbage".into(), b.clone());
        let mut p = Progress {
            review: mine,
            ..Progress::default()
        };
        let planned = plan(&p, T0);
        let asked: Vec<String> = planned
            .due
            .iter()
            .chain(&planned.later)
            .map(|e| e.item.key())
            .collect();
        assert_eq!(
            asked,
            [item.key()],
            "items the lesson no longer has are never asked"
        );
        assert_eq!(p.review.len(), 3, "but kept");
        let reset = Progress {
            reset_at: T0 + 2 * DAY_MS,
            ..Progress::default()
        };
        p.merge(&reset);
        assert!(p.review.is_empty(), "a reset drops what came before it");
    }
}
