//! The words around a prediction do not answer it before it is asked (every prediction, and
//! every card of section 7), and section 4 stays
//! with the token itself, leaving the products that hand tokens out to sections 5 and 7.

use locks_lesson::lesson::{self, SectionText};

/// A section's paragraphs and how-note as a reader sees them, markup removed.
fn text(s: &SectionText) -> String {
    let all: Vec<&str> = s
        .intro
        .iter()
        .chain(&s.after)
        .map(String::as_str)
        .chain([s.how.as_str()])
        .collect();
    lesson::plain(&all.join(" "))
}

fn section(id: &str) -> &'static SectionText {
    lesson::content()
        .lesson
        .sections
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("no section {id}"))
}

/// Words of `text` in lower case, punctuation dropped.
fn words(text: &str) -> Vec<String> {
    lesson::plain(text)
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Runs of `n` words of `text`.
fn runs(text: &str, n: usize) -> Vec<String> {
    words(text).windows(n).map(|w| w.join(" ")).collect()
}

/// The words a reader sees before a prediction is made: the paragraphs above it (the
/// closing ones follow it) and the how-note.
fn before(s: &SectionText) -> String {
    let all: Vec<&str> = s
        .intro
        .iter()
        .map(String::as_str)
        .chain([s.how.as_str()])
        .collect();
    words(&all.join(" ")).join(" ")
}

/// Every simulation section of the registry asks its prediction, and the words above it
/// say none of the phrases its prompt names as giving the answer away (`giveaways` in its
/// word file's predictions, `assets/sections/ID.ron`).
#[test]
fn no_paragraph_answers_its_prediction() {
    let mut checked = 0;
    for (number, _) in locks_lesson::sections::models() {
        let id = locks_lesson::sections::id(number).expect("a section");
        let p = locks_lesson::predict::prompt_for(number)
            .unwrap_or_else(|| panic!("section {id} asks no prediction"));
        assert!(
            !p.giveaways.is_empty(),
            "section {id} asks \"{}\" but names no phrase that gives it away",
            p.prompt
        );
        // (The closing paragraphs follow the prediction: only the words above it count.)
        let t = before(section(id));
        for phrase in &p.giveaways {
            assert!(
                !t.contains(&words(phrase).join(" ")),
                "section {id} gives its answer away: \"{phrase}\""
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} phrases");
}

/// The explanations said after a prediction (each "why") are not said before it: no run of
/// five of their words is in the words above the question.
#[test]
fn no_paragraph_says_a_predictions_why_before_it() {
    for p in locks_lesson::predict::prompts() {
        let s = lesson::content()
            .lesson
            .sections
            .iter()
            .find(|s| s.number == p.section)
            .expect("the prediction's section");
        let shown = before(s);
        let whys = (0..p.choices.len())
            .map(|i| p.why_of(i))
            .chain(p.cases.values().map(String::as_str));
        for run in whys.flat_map(|why| runs(why, 5)) {
            assert!(
                !shown.contains(&run),
                "section {} says \"{run}\" of its prediction's answer before it is asked",
                s.id
            );
        }
    }
}

/// Section 7: no card is answered by the words above it. The words that only its right
/// option has (runs of three not found in a wrong option) are not in the section's
/// paragraphs nor in any card's tagline, which show before the cards open.
#[test]
fn no_system_card_is_answered_above_it() {
    let content = lesson::content();
    let who = section("who");
    let mut shown = before(who);
    for c in &content.systems {
        shown.push(' ');
        shown.push_str(&words(&c.tagline).join(" "));
    }
    assert!(!content.systems.is_empty());
    for c in &content.systems {
        let ask = &c.ask;
        let wrong: Vec<String> = ask
            .options
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != ask.correct)
            .map(|(_, o)| words(o).join(" "))
            .collect();
        let right = &ask.options[ask.correct];
        for run in runs(right, 3) {
            if wrong.iter().any(|w| w.contains(&run)) {
                continue;
            }
            assert!(
                !shown.contains(&run),
                "section 7 answers \"{}\" before the card opens: \"{run}\" (of \"{right}\")",
                ask.question
            );
        }
    }
}

#[test]
fn section_four_is_about_the_token_not_the_products() {
    let four = text(section("fencing"));
    for name in [
        "zxid",
        "revision",
        "Chubby",
        "sequencer",
        "ZooKeeper",
        "etcd",
        "Redis",
    ] {
        assert!(!four.contains(name), "section 4 names {name}: {four}");
    }
    // What the token needs is still said there, and the products are met in section 5.
    assert!(four.contains("numbers that only go up") && four.contains("consensus"));
    let five = text(section("where"));
    for name in ["zxid", "revision", "sequencer"] {
        assert!(five.contains(name), "section 5 no longer names {name}");
    }
}

/// Words that say nothing on their own (left out when sentences are compared).
const STOP: &[&str] = &[
    "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "and", "or", "but", "is",
    "are", "was", "were", "be", "it", "its", "that", "this", "which", "what", "whose", "who",
    "how", "many", "much", "does", "do", "did", "no", "not", "one", "single", "them", "their",
    "then", "than", "when", "end", "there", "here", "as", "from", "only", "every", "each",
];

/// A word without its plural or verb ending ("invoices" → "invoice", "keys" → "key").
fn stem(w: &str) -> String {
    let w = w.trim_end_matches("'s");
    match w.strip_suffix('s') {
        Some(s) if s.len() >= 3 && !s.ends_with('s') => s.to_owned(),
        _ => w.to_owned(),
    }
}

/// The content words of `text`, stemmed.
fn content(text: &str) -> Vec<String> {
    words(text)
        .iter()
        .filter(|w| !STOP.contains(&w.as_str()) && w.len() > 2)
        .map(|w| stem(w))
        .collect()
}

/// The sentences of the words shown before a prediction: its section's paragraphs above it
/// and the how-note.
fn sentences_before(s: &SectionText) -> Vec<String> {
    s.intro
        .iter()
        .chain([&s.how])
        .flat_map(|p| {
            lesson::plain(p)
                .split_inclusive(['.', ';', '?', '!'])
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A prediction whose choices are not bands of one number (whose data survives, which
/// defence works) is answered by a sentence that puts a choice next to what the question
/// asks about: no sentence shown before it names a word only one choice has together with
/// two of the words the question ends on (its outcome: "invoice sent twice", "data in
/// storage"). The how-note counts: it shows while the prediction waits.
#[test]
fn no_sentence_before_a_choice_prediction_pairs_a_choice_with_its_outcome() {
    for p in locks_lesson::predict::prompts()
        .iter()
        .filter(|p| !p.ordered)
    {
        let s = lesson::content()
            .lesson
            .sections
            .iter()
            .find(|s| s.number == p.section)
            .expect("the prediction's section");
        // (The lesson's own subject, "locks", names no answer.)
        let subject = content(&lesson::content().lesson.title);
        let labels: Vec<Vec<String>> = p
            .choices
            .iter()
            .map(|c| {
                let mut l = content(&c.label);
                l.retain(|w| !subject.contains(w));
                l
            })
            .collect();
        let question = p.prompt.rsplit(". ").next().unwrap_or(&p.prompt);
        let outcome: Vec<String> = content(question)
            .into_iter()
            .filter(|w| !labels.iter().any(|l| l.contains(w)))
            .collect();
        assert!(outcome.len() >= 2, "{}: {outcome:?}", s.id);
        for (i, label) in labels.iter().enumerate() {
            let own: Vec<&String> = label
                .iter()
                .filter(|w| {
                    labels
                        .iter()
                        .enumerate()
                        .all(|(j, l)| j == i || !l.contains(w))
                })
                .collect();
            for sentence in sentences_before(s) {
                let words = content(&sentence);
                let named = own.iter().find(|w| words.contains(w));
                let about: Vec<&String> = outcome.iter().filter(|w| words.contains(w)).collect();
                if let Some(named) = named
                    && about.len() >= 2
                {
                    panic!(
                        "section {} answers \"{question}\" before it is asked: \"{sentence}\" \
                         names \"{named}\" (of \"{}\") with {about:?}",
                        s.id, p.choices[i].label
                    );
                }
            }
        }
    }
}
