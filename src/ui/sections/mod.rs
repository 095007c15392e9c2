//! The sections' pages, one folder each in the same shape: `mod.rs` (the section's own part:
//! its settings, runs, headline and controls), `figure.rs` (its figure) and, where it has
//! one, a view-model file. The quiz type serves both quiz sections; `text` draws the pages of
//! words. Which section is where comes from [`crate::sections`], the lesson's one list; the
//! window's half of it is [`PAGES`], each simulation section's page by its id.

pub mod lab;
pub mod quiz;
pub mod s01_why_lock;
pub mod s02_ttl;
pub mod s03_stale;
pub mod s04_fencing;
pub mod s05_where;
pub mod s07_who;
pub mod s09_break;
pub mod s10_next;
pub mod text;

use crate::ui::Section;

/// A simulation section's page, made fresh.
pub type MakePage = fn() -> Box<dyn Section>;

/// The page of each simulation section, by the section's id in the registry.
pub const PAGES: &[(&str, MakePage)] = &[
    ("why-lock", || Box::new(s01_why_lock::section())),
    ("ttl", || Box::new(s02_ttl::section())),
    ("stale", || Box::new(s03_stale::section())),
    ("fencing", || Box::new(s04_fencing::section())),
    ("where", || Box::new(s05_where::section())),
    ("break", || Box::new(s09_break::section())),
];

/// The page of the simulation section with this id.
pub fn model_page(id: &str) -> Option<Box<dyn Section>> {
    PAGES
        .iter()
        .find(|(known, _)| *known == id)
        .map(|(_, make)| make())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sections::Kind;

    #[test]
    fn every_simulation_section_has_one_page_and_every_page_a_section() {
        let models: Vec<&str> = crate::sections::SECTIONS
            .iter()
            .filter(|d| matches!(d.kind, Kind::Model(_)))
            .map(|d| d.id)
            .collect();
        let pages: Vec<&str> = PAGES.iter().map(|(id, _)| *id).collect();
        assert_eq!(pages, models);
        for (id, _) in PAGES {
            let page = model_page(id).expect("a page");
            assert_eq!(page.text().id, *id);
        }
    }
}
