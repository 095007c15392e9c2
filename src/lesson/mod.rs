//! The lesson's words, as data: section texts, glossary cards, quiz items, store table,
//! cards and reading list. All of it lives in `assets/*.ron` (a simulation section's own words
//! in `assets/sections/ID.ron`, see [`section_words`]), embedded in the binary.
//!
//! Text may mark glossary terms as `[[term-id]]` or `[[term-id|shown words]]`; see
//! [`spans`]. It refers to another section as `{section:ID}` (or `{Section:ID}`), which every
//! asset replaces with "section N" as it is read ([`refs`]), so a reference can never point at
//! the wrong number.
//! Numbers that a model computes never appear here: the sections format them, filling
//! `{name}` slots in the templates with [`fill`].

use serde::Deserialize;

mod markup;
pub use markup::{Block, Span, blocks, plain, short_name, spans};
pub mod catalogue;
pub mod keys;
pub mod language;
pub mod quantity;
pub mod refs;
pub mod review_words;
pub mod section_words;
mod systems;
pub use systems::{Debate, DebateSide, SystemAsk, SystemCard};
mod templates;
pub use templates::*;

/// One lesson section's prose.
#[derive(Clone, Debug, Deserialize)]
pub struct SectionText {
    /// Its place in the lesson (from 1): the order of the lesson's list of sections.
    #[serde(skip)]
    pub number: u8,
    pub id: String,
    pub title: String,
    /// A few words under the title in the section list.
    pub subtitle: String,
    /// Paragraphs shown above the interactive part.
    pub intro: Vec<String>,
    /// Paragraphs shown below the interactive part (may be empty).
    #[serde(default)]
    pub after: Vec<String>,
    /// The model in one or two lines, for the "how this is computed" note.
    #[serde(default)]
    pub how: String,
}

/// A plain-language card.
#[derive(Clone, Debug, Deserialize)]
pub struct Term {
    pub id: String,
    pub name: String,
    /// Two to four plain sentences (may mark other terms).
    pub text: String,
    /// An everyday analogy.
    pub analogy: String,
    #[serde(default)]
    pub see_also: Vec<String>,
    /// The one wording of the term's definition, for terms that the lesson also defines in
    /// passing: wherever a text restates it (see `cues`), it must use these words.
    #[serde(default)]
    pub definition: Option<String>,
    /// Words that mark a restatement of `definition` (the content tests look for them).
    #[serde(default)]
    pub cues: Vec<String>,
}

/// One quiz question.
#[derive(Clone, Debug, Deserialize)]
pub struct Question {
    /// Stable id, stored in the progress file.
    pub id: String,
    pub prompt: String,
    pub answers: Vec<String>,
    /// Index into `answers`.
    pub correct: usize,
    /// Why the right answer is right (two or three sentences; may mark terms).
    pub why: String,
}

/// A quiz section: the words it uses and its questions. It reads as its list of questions
/// (`quiz.len()`, `&quiz[0]`, `for q in &quiz`).
#[derive(Clone, Debug, Deserialize)]
pub struct Quiz {
    /// The section it fills, by its id in the assets, as its number.
    #[serde(deserialize_with = "refs::number_by_id")]
    pub section: u8,
    /// What one item is called ("scenario", "question"), and several.
    pub item: String,
    pub items: String,
    /// The heading of the explanation shown after an answer ("Why", "Model answer").
    pub why_label: String,
    /// Answers per question, chosen with the keys 1 to `keys`.
    pub keys: usize,
    pub questions: Vec<Question>,
}

impl std::ops::Deref for Quiz {
    type Target = [Question];

    fn deref(&self) -> &[Question] {
        &self.questions
    }
}

impl std::ops::DerefMut for Quiz {
    fn deref_mut(&mut self) -> &mut [Question] {
        &mut self.questions
    }
}

impl<'a> IntoIterator for &'a Quiz {
    type Item = &'a Question;
    type IntoIter = std::slice::Iter<'a, Question>;

    fn into_iter(self) -> Self::IntoIter {
        self.questions.iter()
    }
}

impl<'a> IntoIterator for &'a mut Quiz {
    type Item = &'a mut Question;
    type IntoIter = std::slice::IterMut<'a, Question>;

    fn into_iter(self) -> Self::IntoIter {
        self.questions.iter_mut()
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Quizzes {
    /// "Which protection?": four kinds of protection to choose from.
    pub which: Quiz,
    /// "Interview angle": three answers each; `why` is the model answer.
    pub interview: Quiz,
}

impl Quizzes {
    /// Every quiz, in lesson order.
    pub fn all(&self) -> [&Quiz; 2] {
        [&self.which, &self.interview]
    }
}

/// A row of section 5's comparison table.
#[derive(Clone, Debug, Deserialize)]
pub struct StoreRow {
    pub id: String,
    pub name: String,
    /// Whether grants are agreed by a majority (consensus) before they are given.
    pub consensus: bool,
    pub on_failover: String,
    pub fencing_token: String,
    pub in_short: String,
}

/// An entry of section 10's reading list.
#[derive(Clone, Debug, Deserialize)]
pub struct Reading {
    pub title: String,
    pub authors: String,
    pub year: String,
    pub source: String,
    pub note: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Lesson {
    pub title: String,
    /// The course this lesson belongs to.
    pub course: String,
    /// This lesson's place in the course, and the course's number of lessons.
    pub position: u8,
    pub lessons: u8,
    /// About how long the lesson takes, in minutes: the minutes its speaker notes plan for its
    /// sections (the lab's apart), added up as it is read, so a section added brings its own.
    #[serde(skip)]
    pub minutes: u32,
    /// One paragraph shown where the lesson starts.
    pub summary: String,
    /// The last words of a lecture, on its last screen.
    #[serde(default)]
    pub lecture_end: String,
    pub sections: Vec<SectionText>,
    /// Technical terms that must be marked (linked to their card) wherever a section first
    /// uses them; the content tests check every section against this list.
    #[serde(default)]
    pub terms_to_link: Vec<TermToLink>,
}

/// A technical term as it is written in running text, and the card it links to.
#[derive(Clone, Debug, Deserialize)]
pub struct TermToLink {
    pub words: String,
    pub card: String,
}

impl Lesson {
    /// The header line shown where the lesson starts: course, place in it and length.
    pub fn header(&self) -> String {
        let values = [
            ("position", self.position.to_string()),
            ("lessons", self.lessons.to_string()),
            ("minutes", self.minutes.to_string()),
            ("course", self.course.clone()),
        ];
        tf!("stage.lesson.header", &values)
    }
}

/// Everything, parsed once.
#[derive(Clone, Debug)]
pub struct Content {
    pub lesson: Lesson,
    pub glossary: Vec<Term>,
    pub quizzes: Quizzes,
    pub stores: Vec<StoreRow>,
    pub systems: Vec<SystemCard>,
    pub reading: Vec<Reading>,
    pub stale_story: StaleStory,
    pub headlines: Headlines,
    pub break_story: BreakStory,
    /// The templates of the headlines of the sections with a word file of their own, as
    /// strings (each page reads them in its own type, [`section_words::headlines`]).
    pub own_headlines: Vec<String>,
}

const LESSON: &str = include_str!("../../assets/lesson.ron");
const GLOSSARY: &str = include_str!("../../assets/glossary.ron");
const QUIZZES: &str = include_str!("../../assets/quizzes.ron");
const STORES: &str = include_str!("../../assets/stores.ron");
const SYSTEMS: &str = include_str!("../../assets/systems.ron");
const READING: &str = include_str!("../../assets/reading.ron");
const STALE_STORY: &str = include_str!("../../assets/stale_story.ron");
const HEADLINES: &str = include_str!("../../assets/headlines.ron");
const BREAK_STORY: &str = include_str!("../../assets/break_story.ron");

/// Every content asset as written, before `{section:ID}` references are resolved: file name
/// and text.
pub const RAW_ASSETS: [(&str, &str); 9] = [
    ("lesson.ron", LESSON),
    ("glossary.ron", GLOSSARY),
    ("quizzes.ron", QUIZZES),
    ("stores.ron", STORES),
    ("systems.ron", SYSTEMS),
    ("reading.ron", READING),
    ("stale_story.ron", STALE_STORY),
    ("headlines.ron", HEADLINES),
    ("break_story.ron", BREAK_STORY),
];

fn parse<T: for<'de> Deserialize<'de>>(name: &str, text: &str) -> T {
    // The assets are part of the binary and checked by the tests below; a parse error here
    // is a build defect, not a user error.
    ron::from_str(&language::asset(text))
        .unwrap_or_else(|e| panic!("assets/{name} is malformed: {e}"))
}

/// The lesson content (parsed on first use).
pub fn content() -> &'static Content {
    static CONTENT: language::PerLanguage<Content> = language::PerLanguage::new();
    CONTENT.get(|_| {
        let mut c = Content {
            lesson: lesson(),
            glossary: parse("glossary.ron", GLOSSARY),
            quizzes: parse("quizzes.ron", QUIZZES),
            stores: parse("stores.ron", STORES),
            systems: parse("systems.ron", SYSTEMS),
            reading: parse("reading.ron", READING),
            stale_story: parse("stale_story.ron", STALE_STORY),
            headlines: parse("headlines.ron", HEADLINES),
            break_story: parse("break_story.ron", BREAK_STORY),
            own_headlines: section_words::headline_texts(),
        };
        for (s, n) in c.lesson.sections.iter_mut().zip(1..) {
            s.number = n;
        }
        c
    })
}

/// The minutes the speaker notes plan for the lesson's sections (`assets/notes.ron` and each
/// section's own file; the lab, after the lesson, apart).
fn planned_minutes() -> u32 {
    #[derive(Deserialize)]
    struct Planned {
        section: String,
        minutes: u32,
    }
    #[derive(Deserialize)]
    struct Own {
        notes: Planned,
    }
    let shared: Vec<Planned> = ron::from_str(include_str!("../../assets/notes.ron"))
        .unwrap_or_else(|e| panic!("assets/notes.ron is malformed: {e}"));
    let own = section_words::parts::<Own>()
        .into_iter()
        .map(|(_, o)| o.notes);
    shared
        .into_iter()
        .chain(own)
        .filter(|p| refs::number(&p.section).is_some())
        .map(|p| p.minutes)
        .sum()
}

/// `assets/lesson.ron` with the texts of the sections that have a word file of their own
/// ([`section_words`]), every section in lesson order.
fn lesson() -> Lesson {
    #[derive(Deserialize)]
    struct Own {
        lesson: SectionText,
    }
    let mut lesson: Lesson = parse("lesson.ron", LESSON);
    let own = section_words::parts::<Own>()
        .into_iter()
        .map(|(_, o)| o.lesson);
    lesson.sections.extend(own);
    lesson.minutes = planned_minutes();
    lesson
        .sections
        .sort_by_key(|s| refs::number(&s.id).unwrap_or(u8::MAX));
    lesson
}

/// Fills the `{name}` slots of `template` with `values`; a slot without a value is left as it
/// is, which the content tests catch.
pub fn fill<V: AsRef<str>>(template: &str, values: &[(&str, V)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value.as_ref())
        })
}

impl Content {
    /// Every piece of text a reader can see, in a fixed order.
    fn for_each_text(&mut self, mut f: impl FnMut(&mut String)) {
        let l = &mut self.lesson;
        f(&mut l.summary);
        for s in &mut l.sections {
            s.intro.iter_mut().chain(&mut s.after).for_each(&mut f);
            f(&mut s.how);
        }
        for t in &mut self.glossary {
            f(&mut t.text);
            f(&mut t.analogy);
        }
        for q in self
            .quizzes
            .which
            .iter_mut()
            .chain(&mut self.quizzes.interview)
        {
            f(&mut q.prompt);
            q.answers.iter_mut().for_each(&mut f);
            f(&mut q.why);
        }
        for s in &mut self.stores {
            [&mut s.on_failover, &mut s.fencing_token, &mut s.in_short]
                .into_iter()
                .for_each(&mut f);
        }
        for c in &mut self.systems {
            f(&mut c.tagline);
            c.points.iter_mut().for_each(&mut f);
            f(&mut c.fencing_role);
            f(&mut c.ask.question);
            c.ask.options.iter_mut().for_each(&mut f);
            f(&mut c.ask.why);
            c.ask.wrong.iter_mut().for_each(&mut f);
            if let Some(d) = &mut c.debate {
                for side in &mut d.sides {
                    [&mut side.position, &mut side.right_about]
                        .into_iter()
                        .for_each(&mut f);
                }
                f(&mut d.conclusion);
            }
        }
        for r in &mut self.reading {
            f(&mut r.note);
        }
        let st = &mut self.stale_story;
        for text in [
            &mut st.caption,
            &mut st.granted_a,
            &mut st.granted_b,
            &mut st.granted_b_after_expiry,
            &mut st.paused,
            &mut st.resumed_in_lease,
            &mut st.resumed_late,
            &mut st.expired,
            &mut st.released,
            &mut st.wrote,
            &mut st.applied,
            &mut st.applied_over_newer,
            &mut st.refused,
            &mut st.lease_label,
            &mut st.lease_ends_label,
            &mut st.fixed_script,
        ] {
            f(text);
        }
        st.outcome.texts_mut().into_iter().for_each(&mut f);
        st.slide.texts_mut().into_iter().for_each(&mut f);
        self.headlines.texts_mut().into_iter().for_each(&mut f);
        self.own_headlines.iter_mut().for_each(&mut f);
        for text in self.break_story.texts_mut() {
            f(text);
        }
    }

    /// Every piece of text a reader can see: prose, cards, quizzes, tables, names and titles.
    pub fn texts(&self) -> Vec<String> {
        // The same walk as `for_each_text`, on a copy: one list of fields to keep up to date.
        let mut out = Vec::new();
        self.clone().for_each_text(|t| out.push(t.clone()));
        out.extend([self.lesson.title.clone(), self.lesson.course.clone()]);
        for s in &self.lesson.sections {
            out.extend([s.title.clone(), s.subtitle.clone()]);
        }
        out.extend(self.glossary.iter().map(|t| t.name.clone()));
        out.extend(self.stores.iter().map(|s| s.name.clone()));
        out.extend(self.systems.iter().map(|s| s.name.clone()));
        for r in &self.reading {
            out.extend([r.title.clone(), r.source.clone()]);
        }
        out
    }

    pub fn section(&self, number: u8) -> &SectionText {
        let last = self.lesson.sections.len();
        &self.lesson.sections[usize::from(number).clamp(1, last) - 1]
    }

    pub fn term(&self, id: &str) -> Option<&Term> {
        self.glossary.iter().find(|t| t.id == id)
    }

    /// The quiz of a section, if it is a quiz section.
    pub fn quiz(&self, section: u8) -> Option<&Quiz> {
        self.quizzes
            .all()
            .into_iter()
            .find(|q| q.section == section)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn code_lines_are_set_apart_from_the_words() {
        use super::{Block, blocks};
        assert_eq!(blocks("one line"), vec![Block::Words("one line")]);
        assert_eq!(
            blocks("Before:\n    SELECT 1\n    FROM t\nAfter."),
            vec![
                Block::Words("Before:"),
                Block::Code(vec!["SELECT 1", "FROM t"]),
                Block::Words("After."),
            ]
        );
        assert_eq!(
            blocks("a\n\n    x"),
            vec![Block::Words("a"), Block::Code(vec!["x"])]
        );
    }

    #[test]
    fn slots_are_filled_and_unknown_ones_kept() {
        assert_eq!(
            fill("{a} of {b} ({c})", &[("a", "3"), ("b", "5")]),
            "3 of 5 ({c})"
        );
        let owned = [("a", "3".to_owned())];
        assert_eq!(fill("{a}{a}", &owned), "33");
    }

    use super::*;

    #[test]
    fn markup_splits_into_spans() {
        assert_eq!(
            spans("a [[ttl|TTL]] and [[lease]]."),
            vec![
                Span::Plain("a "),
                Span::Term {
                    id: "ttl",
                    shown: "TTL"
                },
                Span::Plain(" and "),
                Span::Term {
                    id: "lease",
                    shown: "lease"
                },
                Span::Plain("."),
            ]
        );
        assert_eq!(spans("open [[ only"), vec![Span::Plain("open [[ only")]);
        assert_eq!(plain("a [[ttl|TTL]]"), "a TTL");
    }

    #[test]
    fn the_sections_in_order() {
        let c = content();
        assert!(!c.lesson.sections.is_empty());
        for (i, s) in c.lesson.sections.iter().enumerate() {
            assert_eq!(usize::from(s.number), i + 1);
            assert!(
                !s.title.is_empty() && !s.intro.is_empty(),
                "section {}",
                s.number
            );
        }
    }

    /// Glossary ids the spec requires.
    const SPEC_TERMS: [&str; 27] = [
        "lock",
        "mutual-exclusion",
        "lost-update",
        "race-condition",
        "ttl",
        "lease",
        "keep-alive",
        "process-pause",
        "clock-drift",
        "fencing-token",
        "monotonic",
        "consensus",
        "quorum",
        "replica",
        "replication-lag",
        "failover",
        "redlock",
        "sequencer",
        "ephemeral-sequential-znode",
        "session-expiry",
        "zxid",
        "revision",
        "compare-and-set",
        "idempotent",
        "lock-renewal",
        "herd-effect",
        "split-brain",
    ];

    /// The section paragraphs a reader sees (intro, then after), in lesson order.
    fn section_paragraphs(s: &SectionText) -> impl Iterator<Item = &str> {
        s.intro.iter().chain(&s.after).map(String::as_str)
    }

    /// Plain text with the byte range (in that plain text) and id of every mark.
    type Marked<'a> = (String, Vec<(std::ops::Range<usize>, &'a str)>);

    /// The plain text of `text` with the byte range (in that plain text) and id of every mark.
    fn marked(text: &str) -> Marked<'_> {
        let mut plain = String::new();
        let mut marks = Vec::new();
        for span in spans(text) {
            match span {
                Span::Plain(p) => plain.push_str(p),
                Span::Term { id, shown } => {
                    let start = plain.len();
                    plain.push_str(shown);
                    marks.push((start..plain.len(), id));
                }
            }
        }
        (plain, marks)
    }

    /// Byte offsets of whole-word occurrences of `phrase` in `haystack` (both already
    /// lower-case, hyphens turned into spaces).
    fn whole_words(haystack: &str, phrase: &str) -> Vec<usize> {
        let bytes = haystack.as_bytes();
        haystack
            .match_indices(phrase)
            .map(|(at, _)| at)
            .filter(|&at| {
                let before = at.checked_sub(1).map(|i| bytes[i]);
                let after = bytes.get(at + phrase.len()).copied();
                !before.is_some_and(|b| b.is_ascii_alphanumeric())
                    && !after.is_some_and(|b| b.is_ascii_alphanumeric())
            })
            .collect()
    }

    fn normalise(text: &str) -> String {
        // Same byte length as the input, so offsets carry over.
        text.to_ascii_lowercase().replace('-', " ")
    }

    const TIME_UNITS: [&str; 22] = [
        "ms",
        "s",
        "sec",
        "secs",
        "second",
        "seconds",
        "millisecond",
        "milliseconds",
        "us",
        "µs",
        "min",
        "mins",
        "minute",
        "minutes",
        "h",
        "hr",
        "hrs",
        "hour",
        "hours",
        "day",
        "days",
        "x",
    ];
    const NUMBER_WORDS: [&str; 22] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "ninety", "hundred",
        "thousand", "half",
    ];

    /// Figures that look like something a model computes or a slider sets: any number that
    /// is not a year, a percentage, and any number (in digits or words) followed by a unit
    /// of time.
    fn typed_figures(text: &str) -> Vec<String> {
        let plain = plain(text).to_lowercase();
        let words: Vec<&str> = plain
            .split(|c: char| !(c.is_alphanumeric() || c == '.' || c == ',' || c == '%'))
            .filter(|w| !w.is_empty())
            .collect();
        let mut found = Vec::new();
        for (i, raw) in words.iter().enumerate() {
            let word = raw.trim_end_matches(['.', ',']);
            let next = words.get(i + 1).map(|w| w.trim_end_matches(['.', ',']));
            let unit_follows = next.is_some_and(|n| TIME_UNITS.contains(&n));
            let percent_follows = next.is_some_and(|n| n == "percent" || n.starts_with('%'))
                || (next == Some("per") && words.get(i + 2).is_some_and(|w| w.starts_with("cent")));
            if word.contains(|c: char| c.is_ascii_digit()) {
                let (digits, glued) = word.split_at(
                    word.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
                        .unwrap_or(word.len()),
                );
                let year = digits.len() == 4
                    && glued.is_empty()
                    && digits
                        .parse::<u32>()
                        .is_ok_and(|y| (1970..=2099).contains(&y));
                if !year || unit_follows || percent_follows {
                    found.push(format!("{word} {}", next.unwrap_or("")).trim().to_owned());
                }
            } else if NUMBER_WORDS.contains(&word) && (unit_follows || percent_follows) {
                found.push(format!("{word} {}", next.unwrap_or("")));
            } else if word == "percent" || word.contains('%') {
                found.push(word.to_owned());
            }
        }
        found
    }

    #[test]
    fn figure_check_catches_typed_numbers() {
        for bad in [
            "About 0.028 % of holds outlive the lock.",
            "That is 2.5 locks lost per failover.",
            "The default TTL is 10 seconds.",
            "A replica lags 5 ms behind.",
            "Wait 30s before retrying.",
            "It blocks everyone for sixty seconds.",
            "Roughly two percent of writes are stale.",
            "Five per cent of runs fail.",
            "Set it to 3 and see.",
            "Tokens 33 and 34.",
            "A [[ttl|10 s TTL]] is common.",
        ] {
            assert!(!typed_figures(bad).is_empty(), "not flagged: {bad}");
        }
        for good in [
            "Kleppmann argued in 2016 that this is not enough.",
            "When Jepsen tested etcd in 2020, the locks failed.",
            "Redlock uses five independent masters.",
            "Tokens are numbers that only go up; one worker at a time.",
            "A second worker starts the same job.",
        ] {
            assert_eq!(
                typed_figures(good),
                Vec::<String>::new(),
                "wrongly flagged: {good}"
            );
        }
    }

    #[test]
    fn section_prose_types_no_figures() {
        // As written: a `{section:ID}` reference becomes a number only when it is resolved.
        let mut lesson: Lesson = ron::from_str(LESSON).expect("lesson.ron parses");
        #[derive(serde::Deserialize)]
        struct Own {
            lesson: SectionText,
        }
        for (id, text) in super::section_words::FILES {
            let own: Own = ron::from_str(text).unwrap_or_else(|e| panic!("{id}: {e}"));
            lesson.sections.push(own.lesson);
        }
        // Section 3's story and the lesson's summary too (the story file as a whole: its
        // comments and every template).
        for text in [lesson.summary.as_str(), STALE_STORY] {
            let figures = typed_figures(text);
            assert!(figures.is_empty(), "figures typed: {figures:?} in: {text}");
        }
        for s in &lesson.sections {
            for text in section_paragraphs(s).chain([s.how.as_str(), s.subtitle.as_str()]) {
                let figures = typed_figures(text);
                assert!(
                    figures.is_empty(),
                    "section {} types figures a model should compute: {figures:?} in: {text}",
                    s.number
                );
            }
        }
    }

    #[test]
    fn sections_follow_the_spec() {
        let titles = [
            "Why a lock",
            "The lock must expire",
            "The stale holder",
            "Fencing tokens",
            "Where the lock lives",
            "Which protection?",
            "Who lives by this",
            "Interview angle",
            "Break it",
            "Where to go next",
        ];
        let c = content();
        for (s, title) in c.lesson.sections.iter().zip(titles) {
            assert_eq!(s.title, title);
            let words = s.subtitle.split_whitespace().count();
            assert!(
                (2..=4).contains(&words),
                "section {} subtitle: {}",
                s.number,
                s.subtitle
            );
            assert!(
                (2..=4).contains(&s.intro.len()),
                "section {} intro paragraphs",
                s.number
            );
            assert!(s.after.len() <= 2, "section {} after paragraphs", s.number);
            assert!(
                !s.how.trim().is_empty(),
                "section {} has no how note",
                s.number
            );
            for p in section_paragraphs(s) {
                assert!(
                    !p.trim().is_empty(),
                    "section {} has an empty paragraph",
                    s.number
                );
            }
        }
        let next = plain(&c.section(10).intro.join(" ")).to_lowercase();
        assert!(next.contains("idempotency") && next.contains("exactly-once"));
    }

    #[test]
    fn ids_are_unique_and_kebab_case() {
        let c = content();
        let groups: [(&str, Vec<&str>); 5] = [
            (
                "section",
                c.lesson.sections.iter().map(|s| s.id.as_str()).collect(),
            ),
            ("card", c.glossary.iter().map(|t| t.id.as_str()).collect()),
            (
                "question",
                c.quizzes
                    .which
                    .iter()
                    .chain(&c.quizzes.interview)
                    .map(|q| q.id.as_str())
                    .collect(),
            ),
            ("store", c.stores.iter().map(|s| s.id.as_str()).collect()),
            ("system", c.systems.iter().map(|s| s.id.as_str()).collect()),
        ];
        for (kind, ids) in groups {
            let mut seen = std::collections::HashSet::new();
            for id in ids {
                assert!(seen.insert(id), "{kind} id {id} is used twice");
                let kebab = !id.is_empty()
                    && !id.starts_with('-')
                    && !id.ends_with('-')
                    && !id.contains("--")
                    && id
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-');
                assert!(kebab, "{kind} id {id} is not kebab-case");
            }
        }
    }

    #[test]
    fn glossary_covers_the_spec() {
        let c = content();
        assert!(c.glossary.len() >= 30, "only {} cards", c.glossary.len());
        for id in SPEC_TERMS {
            assert!(c.term(id).is_some(), "no card for spec term {id}");
        }
    }

    fn sentences(text: &str) -> usize {
        let t = plain(text);
        let t = t.trim();
        let inner = t.matches(". ").count() + t.matches("? ").count() + t.matches("! ").count();
        inner + usize::from(t.ends_with(['.', '?', '!']))
    }

    #[test]
    fn cards_are_well_formed() {
        let c = content();
        for t in &c.glossary {
            assert!(!t.name.trim().is_empty(), "card {} has no name", t.id);
            let n = sentences(&t.text);
            assert!((2..=4).contains(&n), "card {} text has {n} sentences", t.id);
            let n = sentences(&t.analogy);
            assert!(
                (1..=2).contains(&n),
                "card {} analogy has {n} sentences",
                t.id
            );
            assert!(
                (1..=4).contains(&t.see_also.len()),
                "card {} see-also count",
                t.id
            );
            let mut seen = std::collections::HashSet::new();
            for see in &t.see_also {
                assert_ne!(see, &t.id, "card {} links to itself", t.id);
                assert!(
                    c.term(see).is_some(),
                    "card {} links to unknown card {see}",
                    t.id
                );
                assert!(seen.insert(see), "card {} lists {see} twice", t.id);
            }
            for span in spans(&t.text) {
                if let Span::Term { id, .. } = span {
                    assert_ne!(id, t.id, "card {} marks itself", t.id);
                }
            }
        }
    }

    #[test]
    fn every_card_is_marked_in_the_sections() {
        let c = content();
        let mut marked_ids = std::collections::HashSet::new();
        for s in &c.lesson.sections {
            for p in section_paragraphs(s) {
                for span in spans(p) {
                    if let Span::Term { id, .. } = span {
                        marked_ids.insert(id);
                    }
                }
            }
        }
        for t in &c.glossary {
            assert!(
                marked_ids.contains(t.id.as_str()),
                "card {} is never marked in a section",
                t.id
            );
        }
    }

    #[test]
    fn no_term_is_marked_twice_in_a_section() {
        for s in &content().lesson.sections {
            let mut seen = std::collections::HashSet::new();
            for text in section_paragraphs(s).chain([s.how.as_str()]) {
                for span in spans(text) {
                    if let Span::Term { id, .. } = span {
                        assert!(seen.insert(id), "section {} marks [[{id}]] twice", s.number);
                    }
                }
            }
        }
    }

    #[test]
    fn a_term_is_marked_where_it_first_appears() {
        // The first time a card's id, read as words, occurs in the lesson's prose, it must be
        // inside a mark of that card.
        let c = content();
        let paragraphs: Vec<(u8, Marked<'_>)> = c
            .lesson
            .sections
            .iter()
            .flat_map(|s| section_paragraphs(s).map(move |p| (s.number, marked(p))))
            .collect();
        for t in &c.glossary {
            let phrase = normalise(&t.id);
            let first = paragraphs.iter().find_map(|(n, (plain, marks))| {
                whole_words(&normalise(plain), &phrase)
                    .first()
                    .map(|&at| (n, plain, marks, at))
            });
            if let Some((n, plain, marks, at)) = first {
                let inside = marks
                    .iter()
                    .any(|(r, id)| *id == t.id && r.start <= at && at + phrase.len() <= r.end);
                assert!(
                    inside,
                    "\"{}\" first appears unmarked in section {n}: {plain}",
                    t.id
                );
            }
        }
    }

    #[test]
    fn quizzes_declare_their_sections_and_keys() {
        let c = content();
        let sections: Vec<u8> = c.quizzes.all().iter().map(|q| q.section).collect();
        assert_eq!(sections, [6, 8], "the spec's quiz sections, in order");
        for quiz in c.quizzes.all() {
            assert_eq!(c.quiz(quiz.section).map(|q| q.section), Some(quiz.section));
            assert!((2..=4).contains(&quiz.keys), "keys 1-4 exist");
            assert!(!quiz.item.is_empty() && quiz.items.starts_with(&quiz.item));
            assert!(!quiz.why_label.is_empty());
            for item in quiz {
                assert_eq!(item.answers.len(), quiz.keys, "question {}", item.id);
            }
        }
        assert!(c.quiz(7).is_none());
    }

    #[test]
    fn quizzes_have_the_right_shape() {
        let q = &content().quizzes;
        assert!(q.which.len() >= 6, "only {} scenarios", q.which.len());
        let kinds = [
            "no coordination",
            "plain lock",
            "fencing token",
            "idempotent",
        ];
        let mut right_kinds = [false; 4];
        for item in &q.which {
            assert_eq!(item.answers.len(), 4, "scenario {}", item.id);
            assert!(item.correct < 4, "scenario {}", item.id);
            for (answer, kind) in item.answers.iter().zip(kinds) {
                assert!(
                    answer.to_lowercase().contains(kind),
                    "scenario {}: {answer}",
                    item.id
                );
            }
            right_kinds[item.correct] = true;
            let n = sentences(&item.why);
            assert!(
                (2..=3).contains(&n),
                "scenario {} why has {n} sentences",
                item.id
            );
            assert!(
                item.why.contains("[["),
                "scenario {} why links no card",
                item.id
            );
        }
        assert_eq!(
            right_kinds, [true; 4],
            "every kind of protection should be right somewhere"
        );
        assert!(
            q.which
                .iter()
                .any(|i| i.prompt.contains("cron") && i.correct == 1),
            "the cron-report scenario (a plain lock) is missing"
        );
        assert_eq!(q.interview.len(), 6);
        for item in &q.interview {
            assert_eq!(item.answers.len(), 3, "question {}", item.id);
            assert!(item.correct < 3, "question {}", item.id);
            let n = sentences(&item.why);
            assert!(
                (3..=5).contains(&n),
                "question {} model answer has {n} sentences",
                item.id
            );
        }
        assert!(
            q.interview
                .iter()
                .any(|i| i.prompt == "What does a TTL on a lock protect against?")
        );
        for item in q.which.iter().chain(&q.interview) {
            let mut answers: Vec<&str> = item.answers.iter().map(String::as_str).collect();
            answers.sort_unstable();
            answers.dedup();
            assert_eq!(
                answers.len(),
                item.answers.len(),
                "question {} repeats an answer",
                item.id
            );
        }
    }

    #[test]
    fn store_table_and_cards_are_complete() {
        let c = content();
        let ids: Vec<&str> = c.stores.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["redis", "redlock", "zookeeper", "etcd", "chubby"]);
        for s in &c.stores {
            assert_eq!(
                s.consensus,
                ["zookeeper", "etcd", "chubby"].contains(&s.id.as_str())
            );
            for cell in [&s.on_failover, &s.fencing_token, &s.in_short] {
                let words = cell.split_whitespace().count();
                assert!(
                    (1..=12).contains(&words),
                    "store {} cell too long: {cell}",
                    s.id
                );
            }
        }
        let ids: Vec<&str> = c.systems.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["chubby", "zookeeper", "redlock-debate", "etcd"]);
        for s in &c.systems {
            assert!((3..=5).contains(&s.points.len()), "card {}", s.id);
            assert!(
                s.slides.iter().all(|&n| n > 0) && s.slides.iter().sum::<usize>() == s.points.len(),
                "card {}: its slides show every point once, none empty",
                s.id
            );
            assert!(
                !s.tagline.is_empty() && !s.fencing_role.is_empty(),
                "card {}",
                s.id
            );
            assert!(
                (3..=4).contains(&s.ask.options.len()) && s.ask.correct < s.ask.options.len(),
                "card {}: three or four options, one of them right",
                s.id
            );
            assert_eq!(s.ask.wrong.len(), s.ask.options.len(), "card {}", s.id);
            for (j, why_not) in s.ask.wrong.iter().enumerate() {
                assert_eq!(
                    why_not.is_empty(),
                    j == s.ask.correct,
                    "card {}: a reason for each wrong option, none for the right one",
                    s.id
                );
            }
            assert_eq!(
                s.debate.is_some(),
                s.id == "redlock-debate",
                "card {}",
                s.id
            );
        }
        assert!(c.reading.len() >= 6);
        for r in &c.reading {
            assert!(
                ![&r.title, &r.authors, &r.year, &r.source, &r.note]
                    .iter()
                    .any(|f| f.is_empty())
            );
        }
        for needle in [
            "Chubby",
            "ZooKeeper",
            "How to do distributed locking",
            "Is Redlock safe?",
            "etcd",
            "Designing Data-Intensive Applications",
        ] {
            assert!(
                c.reading.iter().any(|r| r.title.contains(needle)),
                "reading list lacks {needle}"
            );
        }
    }

    #[test]
    fn every_marked_term_has_a_card() {
        let c = content();
        let mut texts: Vec<&str> = Vec::new();
        for s in &c.lesson.sections {
            texts.extend(s.intro.iter().map(String::as_str));
            texts.extend(s.after.iter().map(String::as_str));
        }
        for t in &c.glossary {
            texts.push(&t.text);
            for see in &t.see_also {
                assert!(
                    c.term(see).is_some(),
                    "card {} links to unknown card {see}",
                    t.id
                );
            }
        }
        for q in c.quizzes.which.iter().chain(&c.quizzes.interview) {
            texts.push(&q.why);
            texts.push(&q.prompt);
            texts.extend(q.answers.iter().map(String::as_str));
        }
        for s in &c.lesson.sections {
            texts.push(&s.how);
        }
        for text in texts {
            for span in spans(text) {
                if let Span::Term { id, .. } = span {
                    assert!(c.term(id).is_some(), "unknown term [[{id}]] in: {text}");
                }
            }
        }
    }
}
