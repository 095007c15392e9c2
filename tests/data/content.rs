//! The lesson's words checked against the classes of error a careful reader found: references
//! that point at the wrong card or section, a term defined two ways, a "simulated" result that
//! is fixed by construction, a quiz explanation that argues for another answer than the marked
//! one, and two words for one idea (on sliders, in the command-line help, in prose).

use locks_lesson::sections::number;
use std::collections::HashSet;
use std::path::Path;

use locks_lesson::lesson::{self, Content, Question, RAW_ASSETS, SectionText, Span};
use locks_lesson::sim::mc::run_sequential;
use locks_lesson::sim::params::ParamSpec;
use locks_lesson::sim::renewal::{Mode, RenewalParams, RenewalSim};
use locks_lesson::sim::{counter, failover, fencing, renewal, stale, ttl};
use locks_lesson::ui::sections::s05_where;
use locks_lesson::ui::sections::s05_where::figure::FailoverView;
use locks_lesson::ui::sections::s09_break::{self, BreakView};

fn content() -> &'static Content {
    lesson::content()
}

/// Lower-case words of a text with its markup removed.
fn words(text: &str) -> Vec<String> {
    lesson::plain(text)
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '='))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

// ---- References ---------------------------------------------------------------------------

const ORDINALS: [&str; 7] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "last",
];
const THINGS: [&str; 6] = ["card", "row", "column", "tab", "panel", "section"];

/// Positional references typed by hand ("the fourth card", "section 9"): each would silently
/// go wrong when the data is reordered.
fn typed_references(text: &str) -> Vec<String> {
    let w = words(text);
    let mut found = Vec::new();
    for pair in w.windows(2) {
        let (a, b) = (pair[0].as_str(), pair[1].trim_end_matches('s'));
        if ORDINALS.contains(&a) && THINGS.contains(&b) {
            found.push(format!("{a} {b}"));
        }
        if a == "section" && b.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            found.push(format!("{a} {b}"));
        }
    }
    found
}

#[test]
fn the_reference_check_catches_typed_references() {
    for bad in [
        "The fourth card is the Redlock debate.",
        "As section 3 showed, clients can overlap.",
        "See the last row of the table.",
    ] {
        assert!(!typed_references(bad).is_empty(), "not flagged: {bad}");
    }
    assert!(typed_references("One card follows the debate; see {section:stale}.").is_empty());
}

#[test]
fn card_and_section_references_come_from_the_data() {
    let own = lesson::section_words::FILES
        .iter()
        .map(|(id, text)| (format!("sections/{id}.ron"), *text));
    let shared = RAW_ASSETS.iter().map(|(n, t)| ((*n).to_owned(), *t));
    for (name, raw) in shared.chain(own) {
        // A `section: N` field places a quiz in the lesson; it is data, not words on screen.
        let words_only: String = raw
            .lines()
            .filter(|l| !l.trim_start().starts_with("section:"))
            .collect::<Vec<_>>()
            .join("\n");
        let found = typed_references(&words_only);
        assert!(
            found.is_empty(),
            "assets/{name} types references: {found:?}"
        );
    }
    // Every reference resolved to the number of the section it names.
    let c = content();
    for text in c.texts() {
        assert!(!text.contains("{section:"), "unresolved: {text}");
    }
    let break_it = c.lesson.sections.iter().find(|s| s.id == "break").unwrap();
    assert_eq!(
        lesson::refs::resolve("see {section:break}.", "section {n}").unwrap(),
        Some(format!("see section {}.", break_it.number))
    );
    assert!(lesson::refs::resolve("{section:nowhere}", "section {n}").is_err());
    assert!(lesson::refs::resolve("{section:break", "section {n}").is_err());
}

/// "section 9", "Sections 2, 5 and 9", "section: 9": a section named by a number typed in.
fn typed_section_numbers(text: &str) -> Vec<String> {
    let lower = text.to_ascii_lowercase();
    let mut found = Vec::new();
    for (at, _) in lower.match_indices("section") {
        let starts_word = !lower[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
        let rest = &lower[at + "section".len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        let gap = rest.len() - rest.trim_start_matches([' ', ':', '\u{a0}']).len();
        let typed = rest[gap..].starts_with(|c: char| c.is_ascii_digit());
        if starts_word && gap > 0 && typed {
            let line = lower[..at].matches('\n').count() + 1;
            let end = (at + 30..=text.len()).find(|&i| text.is_char_boundary(i));
            found.push(format!(
                "line {line}: {}",
                &text[at..end.unwrap_or(text.len())]
            ));
        }
    }
    found
}

#[test]
fn no_asset_types_a_section_number() {
    for bad in [
        "as in section 9.",
        "Sections 2, 5 and 9 walk their presets",
        "// Section 10's words",
        "(section: 9)",
        "in section\u{a0}3",
    ] {
        assert!(!typed_section_numbers(bad).is_empty(), "not flagged: {bad}");
    }
    for good in [
        "as in {section:break}.",
        "{Section:stale} and {section:where}",
        "sections.ttl.about",
        "section: \"ttl\"",
        "the section list",
    ] {
        assert!(typed_section_numbers(good).is_empty(), "flagged: {good}");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut files = 0;
    for dir in [root.clone(), root.join("ui")] {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ron") {
                let text = std::fs::read_to_string(&path).unwrap();
                let found = typed_section_numbers(&text);
                assert!(found.is_empty(), "{}: {found:#?}", path.display());
                files += 1;
            }
        }
    }
    assert!(files >= 19, "every asset read: {files}");
}

#[test]
fn section_two_says_its_model_has_no_keep_alives_and_where_they_come_back() {
    let c = content();
    let two = c.section(number("ttl")).intro.join(" ");
    let renewal = c.lesson.sections.iter().find(|s| s.id == "break").unwrap();
    assert!(two.contains("no keep-alives"), "{two}");
    assert!(
        two.contains(&format!("section {}", renewal.number)),
        "{two}"
    );
}

// ---- One definition per term ------------------------------------------------------------

#[test]
fn one_card_per_term() {
    let mut ids = HashSet::new();
    let mut names = HashSet::new();
    for t in &content().glossary {
        assert!(ids.insert(t.id.as_str()), "two cards for {}", t.id);
        // "Validity time (Redlock)" and "Validity time" name the same term.
        let bare = t.name.split(" (").next().unwrap().to_lowercase();
        assert!(names.insert(bare.clone()), "two cards named {bare}");
    }
}

#[test]
fn a_term_defined_in_passing_uses_the_cards_own_words() {
    let c = content();
    let mut checked = 0;
    for t in c.glossary.iter().filter(|t| t.definition.is_some()) {
        let def = t.definition.as_deref().unwrap();
        assert!(
            !t.cues.is_empty(),
            "card {} has a definition but no cues",
            t.id
        );
        assert!(
            lesson::plain(&t.text).contains(def),
            "card {} does not use its own definition",
            t.id
        );
        for text in c.texts() {
            let plain = lesson::plain(&text);
            let restates = t.cues.iter().any(|cue| words(&plain).contains(cue));
            if restates {
                checked += 1;
                assert!(
                    plain.contains(def),
                    "{} is defined another way here: {plain}",
                    t.id
                );
            }
        }
    }
    // The lesson, the card and the Redlock debate card all define validity time.
    assert!(checked >= 3, "only {checked} restatements found");
}

// ---- Terms met before they are used ------------------------------------------------------

/// A piece of a section's text as the reader sees it: its plain words, and the card each
/// marked byte range links to.
struct Piece {
    plain: String,
    marks: Vec<(std::ops::Range<usize>, String)>,
}

/// A piece drawn with its marks as links.
fn linked(text: &str) -> Piece {
    let mut plain = String::new();
    let mut marks = Vec::new();
    for span in lesson::spans(text) {
        match span {
            Span::Plain(p) => plain.push_str(p),
            Span::Term { id, shown } => {
                let start = plain.len();
                plain.push_str(shown);
                marks.push((start..plain.len(), id.to_owned()));
            }
        }
    }
    Piece { plain, marks }
}

/// A piece drawn as plain text (answer buttons, table cells, taglines): nothing in it links.
fn unlinked(text: &str) -> Piece {
    Piece {
        plain: lesson::plain(text),
        marks: Vec::new(),
    }
}

/// Everything a section shows in words, in reading order: the introduction, the section's own
/// text (quiz items, the store table, the system cards), how it is computed, the closing words.
fn section_pieces(c: &Content, s: &SectionText) -> Vec<Piece> {
    let mut out: Vec<Piece> = s.intro.iter().map(|t| linked(t)).collect();
    if let Some(quiz) = c.quiz(s.number) {
        for q in quiz {
            out.push(linked(&q.prompt));
            out.extend(q.answers.iter().map(|a| unlinked(a)));
            out.push(linked(&q.why));
        }
    }
    if s.id == "where" {
        for row in &c.stores {
            for cell in [&row.on_failover, &row.fencing_token, &row.in_short] {
                out.push(unlinked(cell));
            }
        }
    }
    if s.id == "who" {
        for card in &c.systems {
            out.push(unlinked(&card.tagline));
            out.push(linked(&card.fencing_role));
            out.extend(card.points.iter().map(|p| linked(p)));
        }
    }
    out.push(linked(&s.how));
    out.extend(s.after.iter().map(|t| linked(t)));
    out
}

/// Where `words` first occur in `plain` as whole words (a plural "s" allowed), ignoring case.
fn first_use(plain: &str, words: &str) -> Option<usize> {
    let hay = plain.to_lowercase();
    let words = words.to_lowercase();
    let bytes = hay.as_bytes();
    hay.match_indices(&words).map(|(at, _)| at).find(|&at| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let mut end = at + words.len();
        if bytes.get(end) == Some(&b's') {
            end += 1;
        }
        !before.is_some_and(|b| b.is_ascii_alphanumeric())
            && !bytes.get(end).is_some_and(|b| b.is_ascii_alphanumeric())
    })
}

/// The first use of `words` in these pieces, if any, and whether it is marked as `card`.
fn first_use_is_linked(pieces: &[Piece], words: &str, card: &str) -> Option<(bool, String)> {
    pieces.iter().find_map(|p| {
        first_use(&p.plain, words).map(|at| {
            let inside = p
                .marks
                .iter()
                .any(|(r, id)| id == card && r.start <= at && at + words.len() <= r.end);
            (inside, p.plain.clone())
        })
    })
}

#[test]
fn technical_terms_are_linked_where_each_section_first_uses_them() {
    let c = content();
    let list = &c.lesson.terms_to_link;
    assert!(!list.is_empty(), "assets/lesson.ron lists no terms to link");
    let mut unlinked_uses = Vec::new();
    for t in list {
        assert!(
            c.term(&t.card).is_some(),
            "\"{}\" has no glossary card {}",
            t.words,
            t.card
        );
        let mut used = false;
        for s in &c.lesson.sections {
            if let Some((inside, text)) =
                first_use_is_linked(&section_pieces(c, s), &t.words, &t.card)
            {
                used = true;
                if !inside {
                    unlinked_uses.push(format!(
                        "section {} first uses \"{}\" without linking its card: {text}",
                        s.number, t.words
                    ));
                }
            }
        }
        assert!(used, "\"{}\" is listed but never used", t.words);
    }
    assert!(unlinked_uses.is_empty(), "{}", unlinked_uses.join("\n"));
    // The terms a first-time reader met without a card are on the list.
    for card in [
        "set-nx-px",
        "liveness",
        "safety",
        "strict-serializable",
        "zab",
        "paxos",
    ] {
        assert!(list.iter().any(|t| t.card == card), "{card} is not listed");
    }
}

#[test]
fn the_terms_check_catches_an_unmarked_first_use() {
    let pieces = [
        unlinked("A table cell about Paxos."),
        linked("Chubby runs [[paxos|Paxos]]."),
    ];
    assert_eq!(
        first_use_is_linked(&pieces, "Paxos", "paxos").map(|u| u.0),
        Some(false)
    );
    let pieces = [linked("Chubby runs [[paxos|Paxos]], and Paxos again.")];
    assert_eq!(
        first_use_is_linked(&pieces, "Paxos", "paxos").map(|u| u.0),
        Some(true)
    );
    let pieces = [linked("Chubby runs [[consensus|Paxos]].")];
    assert_eq!(
        first_use_is_linked(&pieces, "paxos", "paxos").map(|u| u.0),
        Some(false)
    );
    // Whole words only, a plural allowed.
    assert_eq!(first_use("Zabaglione", "Zab"), None);
    assert_eq!(first_use("two fencing tokens", "fencing token"), Some(4));
}

// ---- Nothing fixed by construction is called simulated ----------------------------------

#[test]
fn consensus_rows_summarise_documented_behaviour() {
    let section = s05_where::section();
    let params = failover::FailoverParams {
        store: failover::Store::Consensus,
        failovers: 1_000,
        ..Default::default()
    };
    let sim = failover::FailoverSim::new(&locks_lesson::sim::Valid::checked(params).unwrap());
    let acc = run_sequential(&sim, 1);
    let mut view = FailoverView {
        summary: sim.summary(&acc, 1),
        acc,
        store: 0,
    };
    let consensus: Vec<usize> = (0..content().stores.len())
        .filter(|&i| content().stores[i].consensus)
        .collect();
    assert_eq!(consensus.len(), 3);
    for i in consensus {
        view.store = i;
        let h = section.exp.headline_for(&view);
        assert!(!h.to_lowercase().contains("simulat"), "{h}");
        assert!(h.contains("documented behaviour"), "{h}");
    }
    let how = &content().section(number("where")).how;
    assert!(how.contains("not simulated") && how.contains("documented behaviour"));
}

#[test]
fn break_it_states_its_zero_cells_as_zero_by_construction() {
    let mut section = s09_break::section();
    let params = RenewalParams::default();
    let sim = RenewalSim::new(&locks_lesson::sim::Valid::checked(params).unwrap());
    let acc = run_sequential(&sim, 1);
    let view = BreakView {
        modes: Mode::ALL.map(|m| sim.summary_for(&acc, 1, m)),
        exact_bins: Default::default(),
        acc,
    };
    for mode in Mode::ALL {
        section.params.mode = mode;
        let h = section.exp.headline_for(&section.params, &view);
        assert!(!h.to_lowercase().contains("simulat"), "{h}");
        // A cell the defence removes is said in words, never shown as a counted "0".
        assert!(!h.contains(" 0 "), "{mode}: {h}");
        let s = &view.modes[Mode::ALL.iter().position(|m| *m == mode).unwrap()];
        let zero_cells = s.exact.named().iter().filter(|(_, e)| *e == 0.0).count();
        if zero_cells > 0 {
            assert!(h.contains("none"), "{mode}: {h}");
        }
    }
}

// ---- Quizzes ------------------------------------------------------------------------------

/// The technique behind each of section 6's four answers, as the glossary cards that name
/// it. The first answer (no coordination) has none.
const TECHNIQUES: [&[&str]; 4] = [
    &[],
    &["lock"],
    &["fencing-token", "compare-and-set"],
    &["idempotent"],
];

/// The glossary cards a text marks.
fn marked(text: &str) -> Vec<&str> {
    lesson::spans(text)
        .into_iter()
        .filter_map(|s| match s {
            Span::Term { id, .. } => Some(id),
            Span::Plain(_) => None,
        })
        .collect()
}

/// Whether a section-6 explanation argues for its marked answer: it names (marks) that
/// answer's technique, and no other answer's.
fn which_agrees(q: &Question) -> Result<(), String> {
    let named: Vec<&str> = marked(&q.why)
        .into_iter()
        .filter(|id| TECHNIQUES.iter().any(|t| t.contains(id)))
        .collect();
    let own = TECHNIQUES[q.correct];
    if let Some(other) = named.iter().find(|id| !own.contains(id)) {
        return Err(format!("{}: the explanation argues for {other}", q.id));
    }
    if !own.is_empty() && named.is_empty() {
        return Err(format!("{}: the explanation never names {own:?}", q.id));
    }
    Ok(())
}

/// A word's first five letters: enough to match "crashes" with "crashed".
fn stem(w: &str) -> String {
    w.chars().take(5).collect()
}

const STOP: [&str; 24] = [
    "the", "a", "an", "and", "or", "of", "to", "in", "on", "at", "it", "its", "is", "be", "so",
    "that", "with", "for", "by", "as", "when", "all", "each", "every",
];

/// The share of an answer's words (stemmed, stop words aside) that the explanation uses.
fn overlap(answer: &str, why: &str) -> f64 {
    let why: HashSet<String> = words(why).iter().map(|w| stem(w)).collect();
    let answer: Vec<String> = words(answer)
        .into_iter()
        .filter(|w| !STOP.contains(&w.as_str()))
        .map(|w| stem(&w))
        .collect();
    if answer.is_empty() {
        return 0.0;
    }
    answer.iter().filter(|w| why.contains(*w)).count() as f64 / answer.len() as f64
}

/// Whether a model answer argues for the marked answer: it shares more of that answer's
/// words than of any other, and repeats every number the marked answer gives.
fn interview_agrees(q: &Question) -> Result<(), String> {
    let right = overlap(&q.answers[q.correct], &q.why);
    for (i, a) in q.answers.iter().enumerate() {
        if i != q.correct && overlap(a, &q.why) >= right {
            return Err(format!(
                "{}: the model answer fits answer {} ({:.2}) as well as the marked one ({right:.2})",
                q.id,
                i + 1,
                overlap(a, &q.why)
            ));
        }
    }
    let why = words(&q.why);
    for w in words(&q.answers[q.correct]) {
        if w.chars().any(|c| c.is_ascii_digit()) && !why.contains(&w) {
            return Err(format!("{}: the model answer drops the number {w}", q.id));
        }
    }
    Ok(())
}

#[test]
fn every_quiz_explanation_agrees_with_its_marked_answer() {
    let q = &content().quizzes;
    let kinds = [
        "no coordination",
        "plain lock",
        "refuses stale writes",
        "idempotent",
    ];
    for item in &q.which {
        for (answer, kind) in item.answers.iter().zip(kinds) {
            assert!(
                answer.to_lowercase().contains(kind),
                "{}: {answer}",
                item.id
            );
        }
        which_agrees(item).unwrap();
    }
    for item in &q.interview {
        interview_agrees(item).unwrap();
    }
}

#[test]
fn the_quiz_checks_catch_a_mismatch() {
    let q = &content().quizzes;
    // Any section-6 explanation moved to a scenario with another right answer is caught
    // (a "no coordination" explanation names no technique, so it is caught the other way).
    for a in &q.which {
        for b in q.which.iter().filter(|b| b.correct != a.correct) {
            let swapped = Question {
                why: b.why.clone(),
                ..a.clone()
            };
            assert!(
                which_agrees(&swapped).is_err(),
                "{}'s explanation passes for {}",
                b.id,
                a.id
            );
        }
    }
    // A model answer marked against the wrong answer is caught.
    for item in &q.interview {
        for wrong in (0..item.answers.len()).filter(|&i| i != item.correct) {
            let moved = Question {
                correct: wrong,
                ..item.clone()
            };
            assert!(interview_agrees(&moved).is_err(), "{} as {wrong}", item.id);
        }
    }
}

#[test]
fn model_answers_fit_a_projected_screen() {
    for item in &content().quizzes.interview {
        let n = words(&item.why).len();
        assert!(n <= 62, "{}: {n} words", item.id);
    }
}

// ---- One word per idea --------------------------------------------------------------------

/// Every slider in the lesson (its label is also the command-line help text).
fn sliders() -> Vec<ParamSpec> {
    vec![
        counter::WORKERS,
        counter::INCREMENTS,
        counter::THINK_MS,
        counter::GAP_MS,
        ttl::TTL_S,
        ttl::TYPICAL_S,
        ttl::SPREAD,
        ttl::PAUSE_PROB,
        ttl::PAUSE_MEAN_S,
        ttl::HOLDS,
        ttl::GRANT_INTERVAL_S,
        stale::PAUSE_S,
        stale::TTL_S,
        fencing::HOLDERS,
        fencing::TTL_MS,
        fencing::TYPICAL_MS,
        fencing::SPREAD,
        fencing::PAUSE_PROB,
        fencing::PAUSE_MEAN_MS,
        failover::RATE,
        failover::LAG_MS,
        failover::WINDOW_S,
        failover::CONTENTION,
        failover::FAILOVERS,
        renewal::TTL_S,
        renewal::TYPICAL_S,
        renewal::SPREAD,
        renewal::PAUSE_PROB,
        renewal::PAUSE_MEAN_S,
        renewal::RUNS,
    ]
}

/// A glossary card, the word the lesson uses for its idea, and words it must not use for it.
const ONE_WORD: [(&str, &str, &[&str]); 4] = [
    ("process-pause", "pause", &["stall", "freez", "frozen"]),
    ("replication-lag", "lag", &["replication delay"]),
    ("stale-holder", "stale", &["late write"]),
    (
        "compare-and-set",
        "compare-and-set",
        &["check-and-set", "check and set"],
    ),
];

/// Phrases that treat the TTL (a length) as the lease (the granted period) or the other way
/// round.
const LEASE_NOT_TTL: [&str; 6] = [
    "also called a lease",
    "ttl runs out",
    "ttl ran out",
    "ttl ends",
    "ttl had ended",
    "ttl expired",
];

/// The text of every string literal in the section code: what the sections put on screen.
fn ui_strings() -> Vec<String> {
    fn walk(path: &Path, out: &mut Vec<String>) {
        if path.is_dir() {
            for entry in std::fs::read_dir(path).unwrap() {
                walk(&entry.unwrap().path(), out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let code = std::fs::read_to_string(path).unwrap();
            // The tests at the end of a file are not on screen.
            let code = code.split("#[cfg(test)]").next().unwrap();
            out.extend(literals(code));
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"),
        &mut out,
    );
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        &mut out,
    );
    out
}

/// The contents of the `"…"` literals in `code`, comments skipped.
fn literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        let mut inside = false;
        let mut escaped = false;
        let mut current = String::new();
        let mut prev = ' ';
        for ch in line.chars() {
            if inside {
                if escaped {
                    escaped = false;
                } else if ch == '\\' {
                    escaped = true;
                } else if ch == '"' {
                    inside = false;
                    out.push(std::mem::take(&mut current));
                    continue;
                }
                current.push(ch);
            } else if ch == '"' && prev != '\'' {
                inside = true;
            } else if ch == '/' && prev == '/' {
                break;
            }
            prev = ch;
        }
        if inside {
            // A literal that goes on over the next line: keep what this line holds.
            out.push(current);
        }
    }
    out
}

#[test]
fn the_literal_scanner_reads_strings_and_skips_comments() {
    let found = literals(
        "let a = \"one \\\"two\\\"\"; // \"not this\"\n// \"nor this\"\nx(\"three\", '\"');",
    );
    assert_eq!(found, ["one \\\"two\\\"", "three"]);
}

#[test]
fn one_word_per_idea_on_sliders_in_help_and_in_prose() {
    let c = content();
    let screen: Vec<String> = c
        .texts()
        .into_iter()
        .chain(ui_strings())
        .chain(sliders().iter().map(|s| label(s).to_owned()))
        .collect();
    for (card, word, not) in ONE_WORD {
        let term = c.term(card).unwrap_or_else(|| panic!("no card {card}"));
        assert!(
            term.name.to_lowercase().contains(word),
            "card {card} does not use the word {word}"
        );
        for text in &screen {
            let lower = text.to_lowercase();
            for bad in not {
                assert!(!lower.contains(bad), "\"{bad}\" for {word}: {text}");
            }
        }
    }
    for text in &screen {
        let lower = lesson::plain(text).to_lowercase();
        for bad in LEASE_NOT_TTL {
            assert!(
                !lower.contains(bad),
                "\"{bad}\": the TTL is the lease's length: {text}"
            );
        }
    }
}

/// A parameter's label, as its slider and `--help` show it.
fn label(spec: &locks_lesson::sim::ParamSpec) -> &'static str {
    locks_lesson::lesson::catalogue::t(&spec.label_key())
}

#[test]
fn sliders_use_the_glossary_words() {
    let c = content();
    // Every slider about a pause, a TTL or replication lag says so with the card's word.
    let pauses = [
        ttl::PAUSE_PROB,
        ttl::PAUSE_MEAN_S,
        stale::PAUSE_S,
        fencing::PAUSE_PROB,
        fencing::PAUSE_MEAN_MS,
        renewal::PAUSE_PROB,
        renewal::PAUSE_MEAN_S,
    ];
    for s in pauses {
        assert!(label(&s).to_lowercase().contains("pause"), "{}", label(&s));
    }
    for s in [ttl::TTL_S, stale::TTL_S, fencing::TTL_MS, renewal::TTL_S] {
        assert!(label(&s).contains("TTL"), "{}", label(&s));
    }
    assert!(
        label(&failover::LAG_MS)
            .to_lowercase()
            .contains("replication lag")
    );
    for (word, card) in [
        ("pause", "process-pause"),
        ("ttl", "ttl"),
        ("replication lag", "replication-lag"),
    ] {
        let name = c.term(card).unwrap().name.to_lowercase();
        assert!(name.contains(word), "card {card} is named {name}");
    }
}

// ---- Claims that were wrong ---------------------------------------------------------------

#[test]
fn corrected_claims_stay_corrected() {
    let c = content();
    let all = c.texts().join("\n");
    for wrong in [
        "no harm lands",
        "refuse its writes",
        "what each master loses when a replica",
        "never repeats a value",
        "simulated failovers lost",
        "every waiting client creates one",
    ] {
        assert!(!all.contains(wrong), "the old claim is back: {wrong}");
    }
    // Fencing protects the storage that checks tokens, and nothing outside it.
    let fencing = c.term("fencing-token").unwrap();
    assert!(fencing.text.contains("[[idempotent]]"), "{}", fencing.text);
    // Renewal: watchdogs renew every third of the TTL or so; a pause short of the TTL can
    // still cost the lock.
    let renewal = c.term("lock-renewal").unwrap();
    assert!(
        renewal.text.contains("every third of the TTL"),
        "{}",
        renewal.text
    );
    // Consensus rules out split brain inside the lock service only.
    let five = c.section(number("where")).intro.join(" ");
    assert!(five.contains("inside the lock service"), "{five}");
    // The single-Redis lock: a random value and a compare-and-delete release.
    assert!(five.contains("random value") && five.contains("compare and delete"));
    // Chubby's numbers that only go up: the generation number in its sequencer (section 5
    // brings the products; section 4 is about the token itself).
    assert!(five.contains("generation number"), "{five}");
    // The reading list has the Redis page, and DDIA's pauses are under "Unreliable Clocks".
    assert!(
        c.reading
            .iter()
            .any(|r| r.title == "Distributed Locks with Redis")
    );
    let ddia = c
        .reading
        .iter()
        .find(|r| r.title.contains("Designing Data-Intensive"))
        .unwrap();
    assert!(ddia.note.contains("Unreliable Clocks"), "{}", ddia.note);
}

#[test]
fn the_lesson_header_names_course_place_and_length() {
    let l = &content().lesson;
    assert_eq!(
        l.header(),
        "Distributed Systems Core · lesson 8 of 11 · about 26\u{a0}min"
    );
    assert!(!l.summary.trim().is_empty());
}

#[test]
fn every_template_slot_is_known() {
    // Only section 3's story, section 9's words and the computed headlines have slots, each
    // its own; elsewhere a brace is a typing error.
    let st = &content().stale_story;
    let story_slots = [
        "time",
        "sentences",
        "token",
        "who",
        "highest",
        "pause",
        "ttl",
        "a",
        "b",
        "token_a",
        "token_b",
        "work",
    ];
    let story: Vec<&String> = vec![
        &st.caption,
        &st.granted_a,
        &st.granted_b,
        &st.granted_b_after_expiry,
        &st.expired,
        &st.released,
        &st.wrote,
        &st.refused,
        &st.outcome.not_paused,
        &st.outcome.no_overlap,
        &st.outcome.overwritten,
        &st.outcome.rejected,
        &st.outcome.overlap_harmless,
        &st.slide.not_paused,
        &st.slide.no_overlap,
        &st.slide.overwritten,
        &st.slide.rejected,
        &st.slide.overlap_harmless,
        &st.lease_label,
        &st.lease_ends_label,
        &st.fixed_script,
    ];
    let break_slots = [
        "lost",
        "runs",
        "share",
        "over_newer",
        "ttl",
        "none_lost",
        "renewal_lost",
        "twice",
        "wasted",
        "mode",
        "lo",
        "hi",
        "exact",
        "exact_over_newer",
        "landed",
    ];
    // The computed headlines of sections 1, 2, 4 and 5.
    let headline_slots = [
        "right",
        "whose",
        "made",
        "workers",
        "expected",
        "counter",
        "lost",
        "ttl",
        "share",
        "per_day",
        "interval",
        "check",
        "seen",
        "exact",
        "count",
        "holds",
        "lo",
        "hi",
        "stale",
        "holders",
        "stale_line",
        "late",
        "span",
        "shown",
        "store",
        "rate",
        "lag",
        "simulated",
        "failovers",
        "twice",
        "every",
        "redis_lost",
        "token",
        "contention",
    ];
    let mut headlines = content().headlines.clone();
    let headline_texts: Vec<String> = headlines
        .texts_mut()
        .into_iter()
        .map(|t| t.clone())
        .chain(content().own_headlines.iter().cloned())
        .collect();
    let mut break_words = content().break_story.clone();
    let break_texts: Vec<String> = break_words
        .texts_mut()
        .into_iter()
        .map(|t| t.clone())
        .collect();
    for text in content().texts() {
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            let close = rest[open..].find('}').expect("closed slot") + open;
            let slot = &rest[open + 1..close];
            let known = (story.contains(&&text) && story_slots.contains(&slot))
                || (break_texts.contains(&text) && break_slots.contains(&slot))
                || (headline_texts.contains(&text) && headline_slots.contains(&slot));
            assert!(known, "unknown slot {{{slot}}} in: {text}");
            rest = &rest[close + 1..];
        }
    }
}

/// The assets name sections by their id in the registry, never by number: a section inserted
/// in the middle renumbers the screen, not the files.
#[test]
fn assets_key_sections_by_id() {
    let shared = [
        ("lesson.ron", include_str!("../../assets/lesson.ron")),
        ("notes.ron", include_str!("../../assets/notes.ron")),
        ("quizzes.ron", include_str!("../../assets/quizzes.ron")),
    ];
    let own = lesson::section_words::FILES
        .iter()
        .map(|(_, text)| ("sections", *text));
    let mut keyed = 0;
    for (name, text) in shared.into_iter().chain(own) {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            assert!(!line.starts_with("number:"), "{name}:{}: {line}", i + 1);
            if let Some(value) = line.strip_prefix("section:") {
                let id = value.trim().trim_end_matches(',').trim_matches('"');
                assert!(
                    locks_lesson::sections::number_of(id).is_some(),
                    "{name}:{}: '{id}' is not a section's id",
                    i + 1
                );
                keyed += 1;
            }
        }
    }
    // Notes for every section and the lab, a prompt per simulation section, two quizzes, and
    // the review's own prompts.
    let sections = locks_lesson::sections::SECTIONS.len();
    let models = locks_lesson::sections::models().count();
    let review =
        locks_lesson::predict::all_prompts().len() - locks_lesson::predict::prompts().len();
    assert_eq!(keyed, sections + models + 2 + review);
    // The lesson's sections are in the registry's order, which gives their numbers.
    for (s, (n, def)) in content()
        .lesson
        .sections
        .iter()
        .zip(locks_lesson::sections::all())
    {
        assert_eq!((s.id.as_str(), s.number), (def.id, n));
    }
}

/// Every file of `assets/sections/` is a simulation section's of the list (the build embeds
/// only those), and names its own section everywhere it names one.
#[test]
fn each_section_word_file_is_its_sections() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sections");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".ron").map(str::to_owned))
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = lesson::section_words::FILES
        .iter()
        .map(|(id, _)| (*id).to_owned())
        .collect();
    embedded.sort();
    assert_eq!(
        on_disk, embedded,
        "a word file without its line in the list"
    );
    for (id, text) in lesson::section_words::FILES {
        assert!(
            locks_lesson::sections::model_of(id).is_some(),
            "{id} is not a simulation section"
        );
        for line in text.lines().map(str::trim) {
            if let Some(value) = line.strip_prefix("section:") {
                let named = value.trim().trim_end_matches(',').trim_matches('"');
                assert_eq!(named, *id, "assets/sections/{id}.ron: {line}");
            }
        }
        let own = content().lesson.sections.iter().find(|s| s.id == *id);
        assert!(own.is_some(), "{id}'s text is not in the lesson");
    }
}
