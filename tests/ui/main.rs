//! The app's window, driven through kittest as a learner or lecturer would: by label, by
//! keyboard, at the window sizes the lesson is laid out for. One module per area.

mod harness;

mod a11y;
mod accuracy;
mod app;
mod clicker;
mod figure_labels;
mod kit;
mod kit_layout;
mod layout_walk;
mod learner_done;
mod learner_fit;
mod learner_predict;
mod learner_who;
mod lecture;
mod lecture_layout;
mod lecture_quiet;
mod predict;
mod presenter;
mod quiz;
mod review;
mod sections_234;
mod sections_59;
mod slides;
mod snapshots;
mod stage_s13;
mod stage_s45;
mod stage_s9;
mod stage_sizes;
mod wording;
