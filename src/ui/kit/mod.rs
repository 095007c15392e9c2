//! The shared kit every page draws with: widgets, plots and their colours, number formats,
//! accessibility helpers, the layout of words inside figures, the type sizes, the pointer and
//! the playback clock, and the words of model parameters.

pub mod a11y;
pub mod labels;
pub mod measure;
pub mod params;
pub mod playback;
pub mod plot;
pub mod pointer;
pub mod readable;
pub mod style;
pub mod widgets;
