//! The app's shell around the pages: the top bar, the section list, the keyboard (its table
//! and its map), the glossary, XP, lecture mode and the presenter view, and the bottom bar's
//! tools.

pub mod glossary;
pub mod keymap;
pub mod keys_help;
pub mod lecture;
pub mod pager;
pub mod presenter;
pub mod section_list;
pub mod stage_fit;
pub mod tools;
pub mod topbar;
pub mod xp;

/// Words of the catalogue where a constant names them (a window's title): read when used, in
/// the language of the moment, as a `&str` (through `Deref`, `AsRef` or [`CatalogueText::get`])
/// or with `Display`. (Not `Clone`, so that `.to_owned()` gives the text as a `String`.)
pub struct CatalogueText(fn() -> &'static str);

impl CatalogueText {
    /// Words read by `text` when they are used (`|| t("app.title")`).
    pub const fn new(text: fn() -> &'static str) -> Self {
        Self(text)
    }

    /// The words in the current language.
    pub fn get(&self) -> &'static str {
        (self.0)()
    }
}

impl std::ops::Deref for CatalogueText {
    type Target = str;

    fn deref(&self) -> &str {
        self.get()
    }
}

impl AsRef<str> for CatalogueText {
    fn as_ref(&self) -> &str {
        self.get()
    }
}

impl std::fmt::Display for CatalogueText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.get())
    }
}

impl std::fmt::Debug for CatalogueText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.get(), f)
    }
}
