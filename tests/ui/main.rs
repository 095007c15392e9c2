//! The app's window, driven through kittest as a learner or lecturer would: by label, by
//! keyboard, at the window sizes the lesson is laid out for. One module per area.

mod harness;

mod a11y;
mod accuracy;
mod app;
mod clicker;
mod deck;
mod failover_labels;
mod figure_labels;
mod focus_walk;
mod kit;
mod kit_layout;
mod layout_figures;
mod layout_walk;
mod learner_done;
mod learner_fit;
mod learner_predict;
mod learner_who;
mod lecture;
mod lecture_layout;
mod lecture_quiet;
mod lecture_type;
mod numbers;
mod predict;
mod presenter;
mod pseudo;
mod quiz;
mod review;
mod slides;
mod snapshots;
mod stage_break;
mod stage_fencing_and_where;
mod stage_sizes;
mod stage_why_lock_and_stale;
mod ttl_stale_fencing;
mod where_and_break;
mod wording;
