//! The quiz as a state machine, without any drawing: the question on screen, the answer
//! chosen, whether it has been revealed, the review of missed questions, and what each input
//! does to the learner's progress. [`super::view`] draws it; the tests below drive it alone.
//!
//! Learner mode: a question answered right earlier shows that answer, one answered wrong is
//! asked again. An answer is saved at once and earns XP only at the first try.
//!
//! Lecture mode: nothing is scored or saved (the class answers, not the person at the
//! keyboard). Every question starts unanswered, a number key marks the class's vote, and the
//! right answer stays hidden until it is revealed (R, or Page Down from a clicker).

use crate::lesson::{self, Question, Quiz};
use crate::progress::{self, Progress, ProgressFile, Recorded};

/// The question on screen and what has happened to it during this visit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Visit {
    pub chosen: Option<usize>,
    /// What saving the choice did (`None` in lecture mode and for an earlier answer).
    pub recorded: Option<Recorded>,
    /// The answer shown is one given earlier (read from the progress file).
    pub earlier: bool,
    /// A wrong answer given earlier, shown as a hint while the question is asked again.
    pub previous: Option<usize>,
    /// Lecture mode: the answer has been revealed.
    pub revealed: bool,
}

/// Something the learner or the lecturer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A number key or a click on an answer (0-based).
    Choose(usize),
    /// Enter, Space or the "next" button.
    GoOn,
    /// R in lecture mode.
    Reveal,
    /// A question's button in the navigator, or its line in the results.
    Jump(usize),
    /// The "Results" button.
    Results,
    /// "Try the missed ones again".
    RetryMissed,
    /// "Stop reviewing".
    StopReview,
}

/// What an input did, for the app and the drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The section the app should open next.
    pub go_to: Option<u8>,
    /// The answer just saved, and the XP it earned.
    pub recorded: Option<Recorded>,
    /// The verdict has just come into view (an answer, or a reveal).
    pub feedback: bool,
    /// Another question, or the results, came on screen.
    pub moved: bool,
}

/// How an answer is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing chosen or revealed about it.
    Open,
    /// Chosen (the class's vote in lecture mode), not revealed yet.
    Chosen,
    /// The right answer, revealed.
    Right,
    /// Chosen and wrong, revealed.
    Wrong,
    /// Neither chosen nor right, once the answer is revealed (drawn faded and disabled).
    Other,
}

impl Mark {
    /// The mark's sign, where its words do not fit (empty for none).
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Chosen => "•",
            Mark::Right => "✔",
            Mark::Wrong => "✖",
            Mark::Open | Mark::Other => "",
        }
    }

    /// The words shown at the answer's right edge (empty for none).
    pub fn text(self, lecture: bool) -> &'static str {
        match (self, lecture) {
            (Mark::Chosen, false) => t!("sections.quiz.mark.yours"),
            (Mark::Chosen, true) => t!("sections.quiz.mark.class"),
            (Mark::Right, _) => t!("sections.quiz.mark.right"),
            (Mark::Wrong, false) => t!("sections.quiz.mark.wrong.yours"),
            (Mark::Wrong, true) => t!("sections.quiz.mark.wrong.class"),
            (Mark::Open | Mark::Other, _) => "",
        }
    }
}

/// How the verdict reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Right,
    Wrong,
    /// Lecture mode: the answer, without a score.
    Plain,
}

pub struct QuizState {
    quiz: &'static Quiz,
    /// Index of the question on screen.
    current: usize,
    /// The results are on screen instead of a question.
    finished: bool,
    visit: Visit,
    /// Whether the quiz has been placed (it needs the progress to do so).
    placed: bool,
    /// The mode the current visit started in.
    lecture: bool,
    /// A question asked for by a scenario code.
    pending_jump: Option<usize>,
    /// The progress reset the quiz was placed after (a reset elsewhere starts it over).
    seen_reset: u64,
    /// Lecture mode: a clicker brought the lecturer in; `true` from the section after.
    arrival: Option<bool>,
    /// Lecture mode: the class's vote on each question, kept while the lecture lasts, so a
    /// question seen again (Page Up, or back from a later section) shows what the class chose.
    class_votes: Vec<Option<usize>>,
}

/// The section after `n` (the last one has none).
pub(super) fn after(n: u8) -> u8 {
    (n + 1).min(last_section())
}

/// The last section: the summary, where the review ends.
fn last_section() -> u8 {
    lesson::content().lesson.sections.len() as u8
}

impl QuizState {
    pub fn new(quiz: &'static Quiz) -> Self {
        Self {
            quiz,
            current: 0,
            finished: false,
            visit: Visit::default(),
            placed: false,
            lecture: false,
            pending_jump: None,
            seen_reset: 0,
            arrival: None,
            class_votes: Vec::new(),
        }
    }

    pub fn quiz(&self) -> &'static Quiz {
        self.quiz
    }

    pub fn questions(&self) -> &'static [Question] {
        &self.quiz.questions
    }

    pub fn section(&self) -> u8 {
        self.quiz.section
    }

    /// Index of the question on screen (`None` while the results are shown).
    pub fn current(&self) -> Option<usize> {
        (!self.finished).then_some(self.current)
    }

    pub fn visit(&self) -> &Visit {
        &self.visit
    }

    /// The mode the quiz was last shown in.
    pub fn lecture(&self) -> bool {
        self.lecture
    }

    /// The question on screen (`None` on the results).
    pub fn question(&self) -> Option<&'static Question> {
        self.current().and_then(|i| self.questions().get(i))
    }

    /// Whether the question on screen is the quiz's last.
    pub fn is_last(&self) -> bool {
        self.current + 1 >= self.questions().len()
    }

    /// Whether the verdict is shown: after an answer, or in lecture mode after the reveal.
    /// The answers are then locked.
    pub fn feedback_visible(&self) -> bool {
        if self.lecture {
            self.visit.revealed
        } else {
            self.visit.chosen.is_some()
        }
    }

    /// How answer `i` of the question on screen is marked.
    pub fn mark(&self, i: usize) -> Mark {
        let Some(q) = self.question() else {
            return Mark::Open;
        };
        let chosen = self.visit.chosen == Some(i);
        match (self.feedback_visible(), i == q.correct, chosen) {
            (true, true, _) => Mark::Right,
            (true, false, true) => Mark::Wrong,
            (true, false, false) => Mark::Other,
            (false, _, true) => Mark::Chosen,
            (false, _, false) => Mark::Open,
        }
    }

    /// The words at answer `i`'s right edge. In a lecture the right answer is the class's
    /// vote, or the answer: "right" would grade a vote nobody entered.
    pub fn mark_text(&self, i: usize) -> &'static str {
        match self.mark(i) {
            Mark::Right if self.lecture && self.visit.chosen == Some(i) => {
                t!("sections.quiz.mark.right.class")
            }
            Mark::Right if self.lecture => t!("sections.quiz.mark.answer"),
            mark => mark.text(self.lecture),
        }
    }

    /// Asks for question `i` at the next [`QuizState::sync`] (a scenario code).
    pub fn jump_later(&mut self, i: usize) {
        self.pending_jump = Some(i);
    }

    /// Brings the quiz up to date before drawing: places it on first use, after a change of
    /// mode or a progress reset; goes to a question a scenario code asked for; takes the head
    /// of the review queue if it belongs here.
    pub fn sync(&mut self, lecture: bool, store: &ProgressFile) {
        let reset_at = store.get().reset_at;
        if lecture != self.lecture || !self.placed || reset_at != self.seen_reset {
            if lecture != self.lecture {
                // Another lecture: its class votes afresh.
                self.class_votes.clear();
            }
            self.lecture = lecture;
            self.seen_reset = reset_at;
            self.place(store.get());
        }
        if let Some(i) = self.pending_jump.take() {
            self.enter(i, store.get());
        }
        if let Some(at_end) = self.arrival.take().filter(|_| self.lecture) {
            let blank = Progress::default();
            if at_end {
                self.enter(self.questions().len().saturating_sub(1), &blank);
                self.visit.revealed = true;
            } else {
                self.enter(0, &blank);
            }
        }
        self.pick_up_review(store);
    }

    /// Starts a visit of question `i`: in lecture mode always unanswered; otherwise a question
    /// answered right earlier shows that answer, and one answered wrong is asked again.
    fn enter(&mut self, i: usize, progress: &Progress) {
        self.current = i.min(self.questions().len().saturating_sub(1));
        self.finished = false;
        self.visit = Visit::default();
        if self.lecture {
            self.visit.chosen = self.class_votes.get(self.current).copied().flatten();
            return;
        }
        if let Some(q) = self.questions().get(self.current)
            && let Some(a) = progress.answer(&q.id)
        {
            if a.correct {
                self.visit.chosen = Some(a.choice);
                self.visit.earlier = true;
            } else {
                self.visit.previous = Some(a.choice);
            }
        }
    }

    /// The first question not answered yet, or the results when all are (lecture mode: the
    /// first question).
    fn place(&mut self, progress: &Progress) {
        self.placed = true;
        let open = self
            .questions()
            .iter()
            .position(|q| progress.answer(&q.id).is_none());
        match open {
            Some(i) if !self.lecture => self.enter(i, progress),
            None if !self.lecture => {
                self.enter(0, progress);
                self.finished = !self.questions().is_empty();
            }
            _ => self.enter(0, progress),
        }
    }

    /// Whether the question on screen is the head of the review queue.
    pub fn reviewing(&self, store: &ProgressFile) -> bool {
        !self.lecture
            && self
                .question()
                .is_some_and(|q| store.review.front().is_some_and(|id| *id == q.id))
    }

    /// Takes the head of the review queue if it is one of this quiz's questions: it is asked
    /// again even if it was answered right since.
    fn pick_up_review(&mut self, store: &ProgressFile) {
        if self.lecture {
            return;
        }
        let Some(id) = store.review.front() else {
            return;
        };
        let Some(i) = self.questions().iter().position(|q| q.id == *id) else {
            return;
        };
        if self.current() == Some(i) {
            return;
        }
        self.enter(i, store.get());
        if self.visit.earlier {
            // Asked again: show it unanswered.
            self.visit = Visit {
                previous: self.visit.chosen,
                ..Visit::default()
            };
        }
    }

    pub fn apply(&mut self, input: Input, store: &mut ProgressFile) -> Outcome {
        let before = (self.current, self.finished);
        let shown = self.feedback_visible();
        let mut out = Outcome::default();
        match input {
            Input::Choose(i) => out.recorded = self.choose(i, store),
            Input::GoOn => out.go_to = self.go_on(store),
            Input::Reveal => {
                if self.lecture && !self.finished {
                    self.visit.revealed = true;
                }
            }
            Input::Jump(i) => {
                store.review.clear();
                self.enter(i, store.get());
            }
            Input::Results => {
                store.review.clear();
                self.finished = true;
            }
            Input::RetryMissed => {
                let p = store.get();
                let missed: Vec<String> = self
                    .questions()
                    .iter()
                    .filter(|q| p.answer(&q.id).is_some_and(|a| !a.correct))
                    .map(|q| q.id.clone())
                    .collect();
                store.review = missed.into();
                self.pick_up_review(store);
            }
            Input::StopReview => store.review.clear(),
        }
        out.moved = (self.current, self.finished) != before;
        out.feedback = !out.moved && !shown && self.feedback_visible();
        out
    }

    fn choose(&mut self, choice: usize, store: &mut ProgressFile) -> Option<Recorded> {
        let q = self.question()?;
        if choice >= q.answers.len() || self.feedback_visible() {
            return None;
        }
        self.visit.chosen = Some(choice);
        if self.lecture {
            let i = self.current;
            if self.class_votes.len() <= i {
                self.class_votes.resize(i + 1, None);
            }
            self.class_votes[i] = Some(choice);
            return None;
        }
        let recorded = store.record(&q.id, choice, choice == q.correct);
        self.visit.recorded = Some(recorded);
        Some(recorded)
    }

    /// Enter, Space or the "next" button. Returns the section to open, if another.
    fn go_on(&mut self, store: &mut ProgressFile) -> Option<u8> {
        let next = after(self.section());
        if self.finished {
            return Some(next);
        }
        if !self.feedback_visible() {
            return None;
        }
        if self.reviewing(store) {
            store.review.pop_front();
            return match store.review.front().and_then(|id| progress::question(id)) {
                Some((s, _)) if s == self.section() => {
                    self.pick_up_review(store);
                    None
                }
                Some((s, _)) => Some(s),
                None => {
                    store.review.clear();
                    self.finished = true;
                    Some(last_section())
                }
            };
        }
        if !self.is_last() {
            self.enter(self.current + 1, store.get());
            None
        } else if self.lecture {
            // On to the next section, like a slide deck; the quiz starts over next time.
            self.enter(0, store.get());
            Some(next)
        } else {
            self.finished = true;
            None
        }
    }

    /// A clicker's build step in lecture mode: forward reveals the answer, then goes to the
    /// next question; back hides it, then returns to the previous question, revealed. False
    /// (outside lecture mode, or past either end) leaves the key to the app.
    pub fn step(&mut self, forward: bool, lecture: bool) -> bool {
        if !lecture || !self.lecture || self.finished || self.questions().is_empty() {
            return false;
        }
        let blank = Progress::default();
        match (forward, self.visit.revealed) {
            (true, false) => self.visit.revealed = true,
            (true, true) if !self.is_last() => self.enter(self.current + 1, &blank),
            (false, true) => self.visit.revealed = false,
            (false, false) if self.current > 0 => {
                self.enter(self.current - 1, &blank);
                self.visit.revealed = true;
            }
            _ => return false,
        }
        true
    }

    /// The lecturer stepped in from the section before (`at_end` false: the first question,
    /// unanswered) or back from the one after (the last question, revealed). Takes effect at
    /// the next [`QuizState::sync`], once the quiz is placed.
    pub fn arrive(&mut self, at_end: bool, lecture: bool) {
        self.arrival = lecture.then_some(at_end);
    }
}

#[cfg(test)]
mod tests {
    use super::super::words::next_section_label;
    use super::*;
    use crate::progress::XP_PER_QUESTION;

    fn quiz(section: u8) -> QuizState {
        QuizState::new(lesson::content().quiz(section).unwrap())
    }

    /// A quiz placed in the given mode, with its store.
    fn placed(section: u8, lecture: bool) -> (QuizState, ProgressFile) {
        let store = ProgressFile::memory();
        let mut q = quiz(section);
        q.sync(lecture, &store);
        (q, store)
    }

    fn wrong(q: &Question) -> usize {
        (q.correct + 1) % q.answers.len()
    }

    #[test]
    fn a_right_first_answer_earns_xp_and_locks_the_question() {
        let (mut s, mut store) = placed(6, false);
        let q = s.question().unwrap();
        assert!(!s.feedback_visible());
        assert_eq!(s.mark(q.correct), Mark::Open);
        let out = s.apply(Input::Choose(q.correct), &mut store);
        assert_eq!(
            out.recorded,
            Some(Recorded {
                first: true,
                xp: XP_PER_QUESTION
            })
        );
        assert!(out.feedback && !out.moved);
        assert_eq!(s.mark(q.correct), Mark::Right);
        assert_eq!(s.mark(wrong(q)), Mark::Other);
        let (tone, text) = s.verdict().unwrap();
        assert_eq!(tone, Tone::Right);
        assert!(text.contains("+20 XP"), "{text}");
        // A second choice changes nothing.
        let out = s.apply(Input::Choose(wrong(q)), &mut store);
        assert_eq!(out, Outcome::default());
        assert_eq!(store.get().answer(&q.id).unwrap().choice, q.correct);
        assert_eq!(store.get().xp, XP_PER_QUESTION);
    }

    #[test]
    fn a_wrong_answer_is_asked_again_with_a_hint() {
        let (mut s, mut store) = placed(8, false);
        let q = s.question().unwrap();
        s.apply(Input::Choose(wrong(q)), &mut store);
        assert_eq!(s.mark(wrong(q)), Mark::Wrong);
        let (tone, text) = s.verdict().unwrap();
        assert_eq!(tone, Tone::Wrong);
        assert!(text.contains(&format!("the answer is {}", q.correct + 1)));
        assert!(text.contains("waits for you in the review"));
        // A new visit opens on the next open question; going back asks again, naming the
        // earlier choice.
        let mut again = quiz(8);
        again.sync(false, &store);
        assert_eq!(again.current(), Some(1));
        again.apply(Input::Jump(0), &mut store);
        assert!(!again.feedback_visible());
        assert!(
            again
                .hint()
                .contains(&format!("you chose {}", wrong(q) + 1))
        );
        let out = again.apply(Input::Choose(q.correct), &mut store);
        assert_eq!(out.recorded.map(|r| (r.first, r.xp)), Some((false, 0)));
        assert!(again.verdict().unwrap().1.contains("No XP this time"));
    }

    #[test]
    fn going_on_walks_the_questions_then_shows_the_results() {
        let (mut s, mut store) = placed(8, false);
        let n = s.questions().len();
        assert_eq!(s.apply(Input::GoOn, &mut store), Outcome::default());
        for i in 0..n {
            assert_eq!(s.current(), Some(i));
            let q = s.question().unwrap();
            s.apply(Input::Choose(q.correct), &mut store);
            let label = s.next_label(&store);
            assert_eq!(label.starts_with("Next question"), i + 1 < n, "{label}");
            let out = s.apply(Input::GoOn, &mut store);
            assert!(out.moved && out.go_to.is_none());
        }
        assert_eq!(s.current(), None, "the results");
        assert!(s.headline(store.get()).contains("6 right at the first try"));
        assert_eq!(s.apply(Input::GoOn, &mut store).go_to, Some(9));
        // A later visit opens on the results; a question answered right shows its answer.
        let mut later = quiz(8);
        later.sync(false, &store);
        assert_eq!(later.current(), None);
        later.apply(Input::Jump(2), &mut store);
        assert!(later.feedback_visible() && later.visit().earlier);
        assert!(later.verdict().unwrap().1.contains("right earlier"));
    }

    #[test]
    fn the_review_goes_through_missed_questions_across_quizzes() {
        let mut store = ProgressFile::memory();
        let (w, i) = (&quiz(6).questions()[2], &quiz(8).questions()[1]);
        store.record(&w.id, wrong(w), false);
        store.record(&i.id, wrong(i), false);
        store.review = vec![w.id.clone(), i.id.clone()].into();
        let mut s6 = quiz(6);
        s6.sync(false, &store);
        assert_eq!(s6.current(), Some(2));
        assert!(s6.reviewing(&store));
        assert_eq!(s6.visit().previous, Some(wrong(w)));
        s6.apply(Input::Choose(w.correct), &mut store);
        assert_eq!(s6.next_label(&store), "Next missed question ▶");
        assert_eq!(s6.apply(Input::GoOn, &mut store).go_to, Some(8));
        let mut s8 = quiz(8);
        s8.sync(false, &store);
        assert_eq!(s8.current(), Some(1));
        s8.apply(Input::Choose(i.correct), &mut store);
        assert_eq!(s8.next_label(&store), "Finish the review ▶");
        assert_eq!(s8.apply(Input::GoOn, &mut store).go_to, Some(10));
        assert!(store.review.is_empty() && store.get().missed().is_empty());
    }

    #[test]
    fn retry_missed_queues_this_quizs_wrong_answers() {
        let (mut s, mut store) = placed(6, false);
        for q in s.questions() {
            store.record(&q.id, wrong(q), false);
        }
        s.apply(Input::Results, &mut store);
        assert_eq!(s.current(), None);
        let out = s.apply(Input::RetryMissed, &mut store);
        assert!(out.moved);
        assert_eq!(store.review.len(), s.questions().len());
        assert_eq!(s.current(), Some(0));
        s.apply(Input::StopReview, &mut store);
        assert!(!s.reviewing(&store));
    }

    #[test]
    fn a_question_seen_again_in_a_lecture_shows_the_class_vote() {
        let (mut s, mut store) = placed(6, true);
        s.apply(Input::Choose(1), &mut store);
        assert!(s.step(true, true), "reveal");
        assert!(s.step(true, true), "the next question");
        assert_eq!(s.visit().chosen, None, "not voted on yet");
        assert!(s.step(false, true), "back to the first question, revealed");
        assert_eq!((s.current(), s.visit().chosen), (Some(0), Some(1)));
        assert!(s.visit().revealed);
        // A new lecture votes afresh.
        s.sync(false, &store);
        s.sync(true, &store);
        assert_eq!((s.current(), s.visit().chosen), (Some(0), None));
    }

    #[test]
    fn lecture_mode_waits_for_the_reveal_and_scores_nothing() {
        let (mut s, mut store) = placed(6, true);
        let q = s.question().unwrap();
        s.apply(Input::Choose(wrong(q)), &mut store);
        assert_eq!(s.mark(wrong(q)), Mark::Chosen);
        assert_eq!(s.mark(wrong(q)).text(true), "class vote");
        assert!(s.verdict().is_none(), "hidden before the reveal");
        assert!(
            s.hint()
                .starts_with(&format!("Class vote: answer {}", wrong(q) + 1))
        );
        // The vote may change until the reveal.
        s.apply(Input::Choose(q.correct), &mut store);
        assert_eq!(s.visit().chosen, Some(q.correct));
        assert!(
            !s.apply(Input::GoOn, &mut store).moved,
            "no skipping the reveal"
        );
        let out = s.apply(Input::Reveal, &mut store);
        assert!(out.feedback);
        let (tone, text) = s.verdict().unwrap();
        assert_eq!(tone, Tone::Plain);
        assert!(text.starts_with("The class was right"), "{text}");
        assert!(store.get().answers.is_empty(), "nothing scored");
        assert!(s.headline(store.get()).starts_with("Lecture mode"));
    }

    #[test]
    fn clicker_steps_reveal_then_move_on_and_back() {
        let (mut s, _store) = placed(8, true);
        let n = s.questions().len();
        assert!(!s.step(false, true), "nothing before the first step");
        for i in 0..n {
            assert_eq!((s.current(), s.visit().revealed), (Some(i), false));
            assert!(s.step(true, true));
            assert_eq!((s.current(), s.visit().revealed), (Some(i), true));
            let more = s.step(true, true);
            assert_eq!(more, i + 1 < n, "question {i}");
        }
        assert_eq!((s.current(), s.visit().revealed), (Some(n - 1), true));
        for i in (0..n).rev() {
            assert!(s.step(false, true), "hide {i}");
            assert_eq!((s.current(), s.visit().revealed), (Some(i), false));
            if i > 0 {
                assert!(s.step(false, true));
                assert_eq!((s.current(), s.visit().revealed), (Some(i - 1), true));
            }
        }
        assert!(!s.step(false, true), "back past the first question leaves");
    }

    #[test]
    fn clicker_steps_belong_to_lecture_mode_only() {
        let (mut s, mut store) = placed(6, false);
        assert!(!s.step(true, false) && !s.step(false, false));
        s.arrive(true, false);
        s.sync(false, &store);
        assert_eq!(s.current(), Some(0), "a learner's quiz stays where it was");
        // Lecture mode: arriving from the next section shows the last step.
        s.arrive(true, true);
        s.sync(true, &store);
        let last = s.questions().len() - 1;
        assert_eq!((s.current(), s.visit().revealed), (Some(last), true));
        assert!(!s.step(true, true), "the last step leaves the section");
        s.arrive(false, true);
        s.sync(true, &store);
        assert_eq!((s.current(), s.visit().revealed), (Some(0), false));
        assert!(store.get().answers.is_empty());
        // Enter on the last question leaves too, and the quiz starts over.
        s.arrive(true, true);
        s.sync(true, &store);
        assert_eq!(s.apply(Input::GoOn, &mut store).go_to, Some(7));
        assert_eq!(s.current(), Some(0));
    }

    #[test]
    fn a_reset_elsewhere_starts_the_quiz_over() {
        let (mut s, mut store) = placed(6, false);
        let q = s.question().unwrap();
        s.apply(Input::Choose(q.correct), &mut store);
        s.apply(Input::GoOn, &mut store);
        s.sync(false, &store);
        assert_eq!(s.current(), Some(1));
        store.reset();
        s.sync(false, &store);
        assert_eq!(s.current(), Some(0));
        assert!(!s.feedback_visible());
    }

    #[test]
    fn the_words_come_from_the_data() {
        let (s6, store) = placed(6, false);
        let (s8, _) = placed(8, false);
        assert_eq!(s6.next_label(&store), "Next scenario ▶");
        assert_eq!(s8.next_label(&store), "Next question ▶");
        assert_eq!(s6.hint(), "Choose with the keys 1–4 or the mouse.");
        assert_eq!(s8.hint(), "Choose with the keys 1–3 or the mouse.");
        assert!(s6.headline(store.get()).contains("scenarios to answer"));
        assert_eq!(
            next_section_label(8),
            format!("Next section: {} ▶", lesson::content().section(9).title)
        );
    }
}
