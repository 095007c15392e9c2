//! The app's shell around the pages: the top bar, the section list, the keyboard (its table
//! and its map), the glossary, XP, lecture mode and the presenter view, and the bottom bar's
//! tools.

pub mod column;
pub mod glossary;
pub mod keymap;
pub mod keys_help;
pub mod lecture;
pub mod presenter;
pub mod section_list;
pub mod tools;
pub mod topbar;
pub mod xp;

pub use crate::lesson::catalogue::CatalogueText;
