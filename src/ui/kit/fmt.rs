//! The lesson's number formats, for the pages that draw them: one formatter per quantity, kept
//! in [`crate::lesson::quantity`] so the lab's words (`src/lab`) use the same ones.

pub use crate::lesson::quantity::*;
