//! The quizzes cannot be passed without reading them: the right answers sit at no guessable
//! position, the right answer is not given away by its length or by a phrase only it uses, and
//! section 6's scenarios describe a situation rather than name the feature that answers it.

use locks_lesson::lesson::{self, Question};

fn which() -> &'static [Question] {
    &lesson::content().quizzes.which
}

fn interview() -> &'static [Question] {
    &lesson::content().quizzes.interview
}

/// What makes a sequence of right-answer positions guessable, if anything: one position
/// holding more than half of them, or a repeating pattern (at most half as long as the quiz).
fn guessable(positions: &[usize]) -> Option<String> {
    let n = positions.len();
    for p in 0..=positions.iter().copied().max().unwrap_or(0) {
        let held = positions.iter().filter(|&&x| x == p).count();
        if 2 * held > n {
            return Some(format!("answer {} is right {held} times of {n}", p + 1));
        }
    }
    (1..=n / 2)
        .find(|&period| (period..n).all(|i| positions[i] == positions[i - period]))
        .map(|period| format!("the positions repeat every {period}: {positions:?}"))
}

fn positions(quiz: &[Question]) -> Vec<usize> {
    quiz.iter().map(|q| q.correct).collect()
}

#[test]
fn the_position_check_catches_the_old_patterns() {
    // Section 8 once had its right answers at 2, 3, 1, 2, 3, 1.
    assert!(guessable(&[1, 2, 0, 1, 2, 0]).is_some());
    assert!(guessable(&[1, 1, 1, 1, 0, 2]).is_some());
    assert!(guessable(&[0, 1, 0, 1, 0, 1]).is_some());
    assert!(guessable(&[2, 1, 2, 0, 0, 2]).is_none());
}

#[test]
fn right_answers_sit_at_no_guessable_position() {
    for (name, quiz) in [("which", which()), ("interview", interview())] {
        assert!(quiz.len() >= 6, "{name}: {} questions", quiz.len());
        if let Some(why) = guessable(&positions(quiz)) {
            panic!("{name}: {why}");
        }
    }
}

#[test]
fn the_right_answer_is_not_the_longest_one() {
    let longest = interview()
        .iter()
        .filter(|q| {
            let len = |a: &String| lesson::plain(a).chars().count();
            let right = len(&q.answers[q.correct]);
            q.answers
                .iter()
                .enumerate()
                .all(|(i, a)| i == q.correct || len(a) < right)
        })
        .count();
    assert!(
        2 * longest <= interview().len(),
        "the right answer is the longest in {longest} of {} questions",
        interview().len()
    );
}

/// Words that give a right answer away when no wrong answer beside it uses them.
const TELLS: [&str; 4] = ["fencing", "token", "compare-and-set", "idempot"];

#[test]
fn no_phrase_marks_the_right_answer() {
    for q in interview() {
        let right = lesson::plain(&q.answers[q.correct]).to_lowercase();
        for tell in TELLS.iter().filter(|t| right.contains(*t)) {
            let shared = q
                .answers
                .iter()
                .enumerate()
                .any(|(i, a)| i != q.correct && lesson::plain(a).to_lowercase().contains(tell));
            assert!(shared, "{}: only the right answer says \"{tell}\"", q.id);
        }
    }
}

#[test]
fn the_interview_asks_for_reasons_not_recall() {
    // "How does the ZooKeeper recipe work?" was answered by recognising "sequential znode".
    for q in interview() {
        for a in &q.answers {
            let a = lesson::plain(a).to_lowercase();
            assert!(!a.contains("znode"), "{}: {a}", q.id);
        }
    }
    let zk = interview()
        .iter()
        .find(|q| q.id == "zookeeper-recipe")
        .unwrap();
    assert!(zk.prompt.starts_with("In ZooKeeper") && zk.prompt.contains("Why"));
}

/// Section 6 phrases that named the storage feature which is the answer.
const GIVEAWAYS: [&str; 5] = [
    "conditional on a number",
    "version column",
    "insert-or-replace",
    "ignores a charge whose reference",
    "can be made conditional",
];

#[test]
fn scenarios_describe_the_situation_not_the_answer() {
    for q in which() {
        let prompt = lesson::plain(&q.prompt).to_lowercase();
        for g in GIVEAWAYS {
            assert!(!prompt.contains(g), "{}: \"{g}\" names the answer", q.id);
        }
    }
    // Some scenarios mention a storage check although the answer is something else.
    let decoys = which()
        .iter()
        .filter(|q| q.correct != 2)
        .filter(|q| {
            let p = q.prompt.to_lowercase();
            p.contains("compare-and-set") || p.contains("token")
        })
        .count();
    assert!(
        decoys >= 2,
        "only {decoys} scenarios mention a check that is not the answer"
    );
}
