//! The speaker notes (`assets/notes.ron`, and a simulation section's in its own word file,
//! `assets/sections/ID.ron`): what to say, what to ask, what surprises, and the minutes
//! planned for each section; and the pace of a lecture against that plan.

use crate::lesson::language::{self, PerLanguage};
use crate::lesson::section_words;

use serde::Deserialize;

/// The notes of one section.
#[derive(Clone, Debug, Deserialize)]
pub struct Notes {
    /// The section, by its id in the assets (`"ttl"`), as its number.
    #[serde(deserialize_with = "crate::sections::number_by_id")]
    pub section: u8,
    /// What to say, in two or three sentences (shown where no build has its own note).
    pub say: String,
    /// The question for the class before a control is touched.
    pub ask: String,
    /// The result that usually surprises.
    pub surprise: String,
    /// Minutes planned for the section (the lab after the lesson: none).
    pub minutes: u32,
    /// What to say at each build, in the order Page Down shows them.
    #[serde(default)]
    pub builds: Vec<BuildNote>,
}

/// What to say at one build of a section.
#[derive(Clone, Debug, Deserialize)]
pub struct BuildNote {
    /// The build's name, as the page gives it ([`crate::ui::Builds::build`]): `"predict"`,
    /// `"choice-2"`, `"question-1"`…
    pub build: String,
    /// What the audience sees at this build, in a few words (the console's preview of the
    /// next build).
    pub shows: String,
    /// What to say now.
    pub say: String,
}

fn parse(text: &str) -> Result<Vec<Notes>, String> {
    ron::from_str(text).map_err(|e| format!("assets/notes.ron: {e}"))
}

/// Every section's notes, in lesson order: the shared file's and each section's own.
fn all() -> &'static [Notes] {
    #[derive(Deserialize)]
    struct Own {
        notes: Notes,
    }
    static NOTES: PerLanguage<Vec<Notes>> = PerLanguage::new();
    NOTES.get(|_| {
        let mut all = parse(&language::asset(include_str!(
            "../../../../assets/notes.ron"
        )))
        .expect("the embedded notes are valid");
        let own = section_words::parts::<Own>()
            .into_iter()
            .map(|(_, o)| o.notes);
        all.extend(own);
        all.sort_by_key(|n| n.section);
        all
    })
}

/// The notes of section `n` (every section has some; see the tests).
pub fn of(n: u8) -> Option<&'static Notes> {
    all().iter().find(|x| x.section == n)
}

/// The note of build `build` of section `n`, if it has one of its own. A page of one build
/// (an empty name) takes the section's first.
pub fn of_build(n: u8, build: &str) -> Option<&'static BuildNote> {
    let builds = &of(n)?.builds;
    builds
        .iter()
        .find(|b| b.build == build)
        .or_else(|| builds.first().filter(|_| build.is_empty()))
}

/// The build after `build` in section `n`'s notes (their order is Page Down's), or `None`
/// at the section's last (then Page Down opens the next section).
pub fn after(n: u8, build: &str) -> Option<&'static BuildNote> {
    let builds = &of(n)?.builds;
    let i = builds.iter().position(|b| b.build == build)?;
    builds.get(i + 1)
}

/// Minutes planned for the sections before `n`, and up to the end of `n`.
pub fn planned(n: u8) -> (u32, u32) {
    let before: u32 = all()
        .iter()
        .filter(|x| x.section < n)
        .map(|x| x.minutes)
        .sum();
    (before, before + of(n).map_or(0, |x| x.minutes))
}

/// Minutes planned for the lesson and the lab after it.
pub fn total_minutes() -> u32 {
    all().iter().map(|x| x.minutes).sum()
}

/// How the lecture stands against the plan for the section on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Earlier than the section's planned start, by this many whole minutes.
    Ahead(u64),
    OnTime,
    /// Later than the section's planned end, by this many whole minutes.
    Behind(u64),
}

/// The pace after `elapsed_s` seconds when the section on screen was planned to run from
/// minute `start` to minute `end`. Less than a minute either way counts as on time.
pub fn pace(elapsed_s: u64, (start, end): (u32, u32)) -> Pace {
    let start_s = u64::from(start) * 60;
    let end_s = u64::from(end) * 60;
    if elapsed_s + 60 <= start_s {
        Pace::Ahead((start_s - elapsed_s) / 60)
    } else if elapsed_s >= end_s + 60 {
        Pace::Behind((elapsed_s - end_s) / 60)
    } else {
        Pace::OnTime
    }
}

impl Pace {
    pub fn text(self) -> String {
        let n = |m: u64| [("n", m.to_string())];
        match self {
            Pace::Ahead(1) => tf!("app.pace.ahead.one", &n(1)),
            Pace::Ahead(m) => tf!("app.pace.ahead.many", &n(m)),
            Pace::OnTime => t!("app.pace.on_time").to_owned(),
            Pace::Behind(1) => tf!("app.pace.behind.one", &n(1)),
            Pace::Behind(m) => tf!("app.pace.behind.many", &n(m)),
        }
    }
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The first sentence of a paragraph (markup removed).
pub fn first_sentence(paragraph: &str) -> String {
    let plain = crate::lesson::plain(paragraph);
    match plain.find(". ") {
        Some(i) => plain[..=i].to_owned(),
        None => plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson;

    #[test]
    fn every_section_has_notes_in_order() {
        let notes = all();
        // The lesson's sections, then the lab after them.
        let lab = crate::sections::lab();
        assert_eq!(notes.len(), usize::from(lab));
        // (Each of the lab's parts in three builds: question, run, result with its diagram;
        // then the lecture's last words.)
        assert_eq!(
            of(lab).map(|n| n.builds.len()),
            Some(3 * crate::ui::sections::lab::PARTS + 1)
        );
        for (i, n) in notes.iter().enumerate() {
            assert!(!n.builds.is_empty(), "section {}: no builds", n.section);
            for (j, b) in n.builds.iter().enumerate() {
                assert!(
                    !b.shows.trim().is_empty() && b.say.len() > 20,
                    "{}",
                    b.build
                );
                for text in [&b.shows, &b.say] {
                    assert!(!types_a_number(text), "{}: {text}", b.build);
                }
                let twice = n.builds[j + 1..].iter().any(|x| x.build == b.build);
                assert!(!twice, "section {}: '{}' twice", n.section, b.build);
                if j > 0 {
                    assert_ne!(b.say, n.builds[j - 1].say, "{}", b.build);
                }
            }
            assert_eq!(usize::from(n.section), i + 1, "notes out of order");
            for (what, text) in [("say", &n.say), ("ask", &n.ask), ("surprise", &n.surprise)] {
                assert!(
                    text.len() > 20,
                    "section {}: '{what}' is missing",
                    n.section
                );
                assert!(
                    !types_a_number(text),
                    "section {}: '{what}' types a number; the app computes them",
                    n.section
                );
            }
            assert!(n.minutes >= 1, "section {} has no time", n.section);
        }
    }

    /// Any number but a year (results are computed, never typed into the notes).
    fn types_a_number(text: &str) -> bool {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
            .any(|w| !(w.len() == 4 && w.starts_with("20")))
    }

    #[test]
    fn notes_never_type_a_result() {
        assert!(types_a_number("the counter ends at 312"));
        assert!(!types_a_number("Jepsen tested etcd in 2020"));
    }

    #[test]
    fn the_plan_adds_up_to_the_lesson() {
        let lesson_minutes = lesson::content().lesson.minutes;
        // (The lab after the lesson has minutes of its own in the plan.)
        let lab = of(crate::sections::lab()).map_or(0, |n| n.minutes);
        assert!(lab >= 1, "the lab has its minutes");
        assert_eq!(total_minutes(), lesson_minutes + lab);
        assert_eq!(planned(1).0, 0);
        let last = crate::sections::lesson_count();
        assert_eq!(planned(last).1, lesson_minutes);
        assert_eq!(planned(3).0, planned(2).1);
    }

    #[test]
    fn a_bad_file_is_reported() {
        assert!(parse("[ (section: 1) ]").is_err());
    }

    #[test]
    fn pace_against_the_plan() {
        assert_eq!(pace(0, (0, 3)), Pace::OnTime);
        assert_eq!(pace(3 * 60 + 59, (0, 3)), Pace::OnTime);
        assert_eq!(pace(5 * 60, (0, 3)), Pace::Behind(2));
        assert_eq!(pace(60, (7, 10)), Pace::Ahead(6));
        assert_eq!(Pace::Behind(1).text(), "1 minute behind the plan");
        assert_eq!(Pace::Ahead(2).text(), "2 minutes ahead of the plan");
    }

    #[test]
    fn clocks_and_sentences() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(754), "12:34");
        assert_eq!(clock(3661), "1:01:01");
        assert_eq!(
            first_sentence("A [[lock]] closes the gap. Then more."),
            "A lock closes the gap."
        );
        assert_eq!(first_sentence("No stop"), "No stop");
    }
}
