//! The words around a prediction do not answer it before it is asked, and section 4 stays
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

/// Phrases that settled a section's prediction for the reader, by the section's id.
const GIVEAWAYS: [(&str, &[&str]); 3] = [
    // "How often does a hold outlive its lock?": "never reaches zero" rules out "practically
    // never", which is the right answer at a long TTL.
    ("ttl", &["never reaches zero"]),
    // "Whose data is in storage at the end?": A "writes too" rules out "neither".
    ("stale", &["writes too", "and writes too"]),
    // "Which single defence leaves no invoice sent twice?"
    ("break", &["protects both", "not the invoices"]),
];

#[test]
fn no_paragraph_answers_its_prediction() {
    for (id, phrases) in GIVEAWAYS {
        let s = section(id);
        assert!(
            locks_lesson::predict::prompt_for(s.number).is_some(),
            "section {id} asks no prediction"
        );
        let t = text(s);
        for p in phrases {
            assert!(
                !t.contains(p),
                "section {id} gives its answer away: \"{p}\""
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
