//! Section 3, "The stale holder": a paused lock holder wakes up after its TTL and writes.
//!
//! The story comes from [`crate::sim::stale`] (a fixed script, no randomness). It is told as a
//! lane timeline (A, the lock service, B, storage) revealed one moment at a time: the
//! playback position runs over the story's distinct event times, so one step shows exactly
//! one more moment, however far apart the moments are in simulated time.

mod figure;
mod story;

use self::story::words_of_story;
pub use self::story::{Step, Story, outcome_sentence};

use std::sync::Arc;

use egui::{RichText, Ui, Vec2};
use egui_plot::MarkerShape;

use self::figure::{A_COLOR, APPLIED, B_COLOR, OVERWROTE, REFUSED};
use crate::lesson::fill;
use crate::lesson::quantity::seconds;
use crate::runner::{Runner, Task};
use crate::sim::stale::{self, EventKind, Lane, Outcome, StaleParams, TOKEN_A, TOKEN_B, WORK_S};
use crate::sim::{ParamTable, Valid};
use crate::ui::Cx;
use crate::ui::kit::plot::{KeyMark, palette};
use crate::ui::kit::widgets::{self, Playback};
use crate::ui::shell::keymap::Action;
use crate::ui::stage::{Experiment, Rerun, RunStatus, Stage, Steps, builds};

/// Seconds one step of the story takes to play at 1×.
const SECONDS_PER_STEP: f64 = 1.2;
/// Below this the timeline's lanes crowd their words: the moment's caption then gives way.
const TIMELINE_MIN_HEIGHT: f32 = 230.0;
/// Slider steps for the pause and the TTL, in seconds.
const SLIDER_STEP_S: f64 = 0.5;

/// Section 3 on the stage.
pub type StaleHolder = Stage<Stale>;

/// Section 3, ready for the lesson (nothing runs until it is first shown).
pub fn section() -> StaleHolder {
    Stage::new(Stale::default())
}

/// The section's own part: its story and the playback.
pub struct Stale {
    story: Rerun<StaleParams, Arc<Story>>,
    pub playback: Playback,
    /// The story has been on screen (in lecture mode it opens paused at its first moment).
    opened: bool,
    /// F was pressed: the next story starts again at its first moment, to be stepped.
    restart: bool,
}

impl Default for Stale {
    fn default() -> Self {
        Self {
            story: Rerun::default(),
            playback: Playback::new(SECONDS_PER_STEP * 5.0),
            opened: false,
            restart: false,
        }
    }
}

impl Stale {
    /// Moments of the story on screen (none while the first one is being told).
    fn moments(&self) -> usize {
        self.story.latest().map_or(0, |s| s.steps.len())
    }

    /// Playback steps from the first moment to the last.
    fn span(&self) -> f64 {
        (self.moments().saturating_sub(1).max(1)) as f64
    }

    /// Moment `i` (from 0) on screen, paused: a clicker's build.
    fn show_moment(&mut self, i: usize) {
        self.playback.playing = false;
        self.playback.position = (i as f64 / self.span()).min(1.0);
    }

    /// What the figure shows before the first story is ready.
    /// The outcome once the story is told (in short on a `slide`); while it is stepped
    /// (paused before its end), the moment on screen: the headline grows with the story and
    /// never gives away its end.
    fn told(&self, slide: bool) -> Option<String> {
        let story = self.story.latest()?;
        let shown = story.at(self.playback.position).1;
        if self.playback.playing || self.playback.position >= 1.0 || shown >= story.steps.len() {
            return Some(outcome_sentence(&story.run, slide));
        }
        story
            .steps
            .get(shown.saturating_sub(1))
            .map(|s| s.caption.clone())
    }

    fn waiting(&self, ui: &mut Ui, size: Vec2) {
        ui.allocate_ui(size, |ui| {
            ui.set_min_size(size);
            if let Some(err) = self.story.failed() {
                ui.colored_label(
                    widgets::warn_color(ui),
                    tf!("sections.stale.failed", &[("error", err)]),
                );
            } else {
                ui.add(
                    egui::ProgressBar::new(0.0)
                        .text(t!("sections.stale.preparing"))
                        .animate(true),
                );
            }
        });
    }
}

/// A slider in half-second steps for one of the story's parameters (in seconds, written as
/// every other time on the page).
fn step_slider(ui: &mut Ui, spec: &crate::sim::ParamSpec, value: &mut f64) -> egui::Response {
    widgets::keyed_slider(ui, spec, value, |ui, value| {
        ui.add(
            egui::Slider::new(value, spec.min..=spec.max)
                .step_by(SLIDER_STEP_S)
                .clamping(egui::SliderClamping::Always)
                .custom_formatter(|v, _| seconds(v))
                .custom_parser(crate::lesson::quantity::parse_seconds)
                .text(crate::ui::kit::params::label(spec)),
        )
    })
}

fn spawn(runner: &Runner, params: StaleParams) -> Task<Arc<Story>> {
    runner.spawn("stale", move |_| {
        Arc::new(Story::new(stale::run(&Valid::clamped(params))))
    })
}

impl Experiment for Stale {
    type Params = StaleParams;
    const ID: &'static str = "stale";
    const SEEDED: bool = false;

    fn refresh(
        &mut self,
        runner: &Runner,
        p: &mut StaleParams,
        _seed: u64,
        status: &mut RunStatus,
    ) {
        *p = p.clamped_all();
        let first = self.story.key().is_none();
        if self.story.ensure(*p, |&p| spawn(runner, p)) && !first {
            // The learner changed the story: show it whole instead of replaying it; after F
            // it starts again at its first moment, so that it can be stepped.
            let restart = std::mem::take(&mut self.restart);
            self.playback.position = if restart { 0.0 } else { 1.0 };
            self.playback.playing = false;
        }
        status.watch(&self.story);
    }

    fn headline(&self, _p: &StaleParams) -> Option<String> {
        self.told(false)
    }

    fn slide_headline(&self, _p: &StaleParams) -> Option<String> {
        self.told(true)
    }

    fn other_headlines(&self, _p: &StaleParams, slide: bool) -> Vec<String> {
        // Every moment's caption and the outcome: the lanes hold still as the story steps.
        let Some(story) = self.story.latest() else {
            return Vec::new();
        };
        story
            .steps
            .iter()
            .map(|s| s.caption.clone())
            .chain([outcome_sentence(&story.run, slide)])
            .collect()
    }

    fn key(&mut self, p: &mut StaleParams, action: Action) {
        match action {
            Action::ToggleFencing => {
                p.fencing = !p.fencing;
                self.restart = true;
            }
            other => {
                let span = self.span();
                builds::playback_key(&mut self.playback, other, span);
            }
        }
    }

    /// Every lane's name on the y axis: the timeline spans four lanes and the room above and
    /// below them (see `figure::LANE_SPAN`), each at least a tick row apart.
    fn readable_height(&self, ui: &Ui, _cx: &Cx<'_>, _p: &StaleParams) -> f32 {
        crate::ui::kit::readable::readable_height(ui, figure::LANE_SPAN as f32)
    }

    /// The key: the lanes' bars, and the storage's marks this story draws (the whole story's,
    /// so the key holds still while its moments are told).
    fn legend(&self, _cx: &Cx<'_>, _p: &StaleParams) -> Vec<KeyMark> {
        let mut marks = vec![
            KeyMark::Bar(
                A_COLOR,
                tf!(
                    "sections.stale.key.a_works",
                    &[("token", TOKEN_A.to_string())],
                ),
            ),
            KeyMark::Bar(palette::GREY, t!("sections.stale.key.a_paused").into()),
            KeyMark::Bar(
                B_COLOR,
                tf!(
                    "sections.stale.key.b_works",
                    &[("token", TOKEN_B.to_string())],
                ),
            ),
        ];
        let events: &[crate::sim::stale::Event] =
            self.story.latest().map_or(&[], |s| s.run.events.as_slice());
        let has = |f: &dyn Fn(&EventKind) -> bool| events.iter().any(|e| f(&e.kind));
        let kinds = [
            (
                has(&|k| {
                    matches!(
                        k,
                        EventKind::Applied {
                            replaced_newer: false,
                            ..
                        }
                    )
                }),
                MarkerShape::Circle,
                APPLIED,
                t!("sections.stale.key.applied"),
            ),
            (
                has(&|k| {
                    matches!(
                        k,
                        EventKind::Applied {
                            replaced_newer: true,
                            ..
                        }
                    )
                }),
                MarkerShape::Cross,
                OVERWROTE,
                t!("sections.stale.key.over_newer"),
            ),
            (
                has(&|k| matches!(k, EventKind::Refused { .. })),
                MarkerShape::Square,
                REFUSED,
                t!("sections.stale.key.refused"),
            ),
        ];
        for (drawn, shape, colour, words) in kinds {
            if drawn {
                marks.push(KeyMark::Shape(shape, colour, words.into()));
            }
        }
        marks
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut StaleParams, size: Vec2) {
        let Some(story) = self.story.latest().cloned() else {
            self.waiting(ui, size);
            return;
        };
        self.playback.seconds_at_1x =
            SECONDS_PER_STEP * (story.steps.len().saturating_sub(1).max(1)) as f64;
        if !std::mem::replace(&mut self.opened, true) && cx.lecture {
            self.open(p, true);
        }
        self.playback.tick(ui, cx.reduced_motion);
        let (now, revealed) = story.at(self.playback.position);
        let finished = self.playback.position >= 1.0;
        // The moment on screen, in words, in the room the longest moment needs (at least two
        // lines), so that the timeline does not jump from step to step.
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let words = |text: &str| {
            egui::WidgetText::from(RichText::new(text).size(body * 1.05)).into_galley(
                ui,
                Some(egui::TextWrapMode::Wrap),
                size.x,
                egui::TextStyle::Body,
            )
        };
        let caption_h = story
            .steps
            .iter()
            .map(|s| words(&s.caption).size().y)
            .fold(body * 2.6, f32::max);
        let rest = size.y - caption_h - ui.spacing().item_spacing.y;
        if rest < TIMELINE_MIN_HEIGHT || cx.lecture {
            // A short stage, or a slide (whose headline is the moment's caption): the
            // timeline alone; the words are under "Moment".
            figure::timeline(ui, cx, &story, now, revealed, finished, size);
            return;
        }
        let caption = story
            .steps
            .get(revealed.saturating_sub(1))
            .map_or("", |s| s.caption.as_str());
        let caption = words(caption);
        ui.allocate_ui_with_layout(
            egui::vec2(size.x, caption_h),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(caption_h);
                ui.label(caption);
            },
        );
        let size = egui::vec2(size.x, rest);
        figure::timeline(ui, cx, &story, now, revealed, finished, size);
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut StaleParams) {
        if cx.lecture {
            // A slide's one row: the moment on show (its builds) and fencing (F).
            let steps = self.moments();
            ui.horizontal(|ui| {
                widgets::fencing_switch(ui, &mut p.fencing);
                if steps > 0 {
                    ui.separator();
                    let revealed = self
                        .story
                        .latest()
                        .map_or(0, |s| s.at(self.playback.position).1);
                    let moment = [
                        ("moment", revealed.to_string()),
                        ("moments", steps.to_string()),
                    ];
                    ui.label(tf!("sections.stale.moment", &moment));
                }
            });
            return;
        }
        // Both sliders and the switch on one row when they fit; else the sliders on one row
        // and the switch below them; else one below the other.
        let labels = [
            crate::ui::kit::params::label(&stale::PAUSE_S),
            crate::ui::kit::params::label(&stale::TTL_S),
        ];
        // The fencing switch's own words, to measure it.
        let switch = t!("sections.stale.switch");
        let others = widgets::text_width(ui, switch) + 60.0;
        let one_row = widgets::row_slider_width(ui, &labels, others);
        let width = one_row.or_else(|| widgets::row_slider_width(ui, &labels, 0.0));
        let mut fencing = p.fencing;
        let add = |ui: &mut Ui| {
            if let Some(w) = width {
                ui.spacing_mut().slider_width = w;
            }
            step_slider(ui, &stale::PAUSE_S, &mut p.pause_s);
            step_slider(ui, &stale::TTL_S, &mut p.ttl_s);
            if one_row.is_some() {
                widgets::fencing_switch(ui, &mut fencing);
            }
        };
        if width.is_some() {
            ui.horizontal(add);
        } else {
            ui.vertical(add);
        }
        if one_row.is_none() {
            widgets::fencing_switch(ui, &mut fencing);
        }
        p.fencing = fencing;
        let steps = self.moments();
        if steps == 0 {
            return;
        }
        // (On a narrow stage the moment's count goes under the player.)
        ui.horizontal_wrapped(|ui| {
            if !cx.reduced_motion {
                self.playback.ui(ui, self.span());
                ui.separator();
            }
            let (revealed, caption) = self.story.latest().map_or((0, String::new()), |s| {
                let k = s.at(self.playback.position).1;
                let caption = s.steps.get(k.saturating_sub(1)).map(|s| s.caption.clone());
                (k, caption.unwrap_or_default())
            });
            let moment = [
                ("moment", revealed.to_string()),
                ("moments", steps.to_string()),
            ];
            ui.label(tf!("sections.stale.moment", &moment))
                .on_hover_text(caption);
        });
    }

    fn details(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, _p: &StaleParams) {
        ui.label(fill(
            &words_of_story().fixed_script,
            &[("work", &seconds(WORK_S))],
        ));
    }

    fn observed(&self, _p: &StaleParams) -> Option<(f64, String)> {
        // Whose data storage holds at the end: A's (0) or B's (1).
        let story = self.story.fresh()?;
        Some(match story.run.outcome {
            Outcome::Overwritten => (0.0, t!("sections.stale.observed.replaced").to_owned()),
            Outcome::Rejected => (1.0, t!("sections.stale.observed.refused").to_owned()),
            Outcome::NoOverlap | Outcome::OverlapHarmless => {
                (1.0, t!("sections.stale.observed.last").to_owned())
            }
        })
    }

    fn settings(&self, p: &StaleParams) -> Option<crate::predict::ModelParams> {
        Some(crate::predict::ModelParams::new(*p))
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        (t!("sections.stale.axis_x"), "")
    }

    fn csv(&self, _p: &StaleParams) -> Option<String> {
        let story = self.story.latest()?;
        let mut out = String::from("time_s,lane,event,token\n");
        for e in &story.run.events {
            let lane = match e.lane {
                Lane::A => "A",
                Lane::LockService => "lock_service",
                Lane::B => "B",
                Lane::Storage => "storage",
            };
            let (event, token) = match e.kind {
                EventKind::Granted { token, .. } => ("granted", Some(token)),
                EventKind::Paused => ("paused", None),
                EventKind::Resumed => ("resumed", None),
                EventKind::Expired { token } => ("expired", Some(token)),
                EventKind::Released { token } => ("released", Some(token)),
                EventKind::Wrote { token } => ("wrote", Some(token)),
                EventKind::Applied {
                    token,
                    replaced_newer: false,
                } => ("applied", Some(token)),
                EventKind::Applied {
                    token,
                    replaced_newer: true,
                } => ("applied_over_newer", Some(token)),
                EventKind::Refused { token, .. } => ("refused", Some(token)),
            };
            let token = token.map(|t| t.to_string()).unwrap_or_default();
            out.push_str(&format!("{},{lane},{event},{token}\n", e.t_s));
        }
        Some(out)
    }

    /// Whether the result is told whole: not while the story is stepped before its end.
    fn result_told(&self) -> bool {
        self.playback.playing || self.playback.position >= 1.0
    }

    /// The story's moments, one a build, a playlist's prepared run or not: the moments
    /// shown so far (`moment-1` for the first).
    fn steps(&self, _p: &StaleParams) -> Steps {
        let shown = self
            .story
            .latest()
            .map_or(0, |story| story.at(self.playback.position).1);
        Steps {
            count: self.moments(),
            at: shown.saturating_sub(1),
            name: Some(format!("moment-{shown}")),
        }
    }

    fn show_step(&mut self, _p: &StaleParams, step: usize) {
        self.show_moment(step);
    }

    /// The story paused at its first moment, or (going back) told whole, even before it is
    /// ready.
    fn open(&mut self, _p: &StaleParams, forward: bool) {
        self.opened = true;
        self.playback.playing = false;
        self.playback.position = if forward { 0.0 } else { 1.0 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story(pause_s: f64, ttl_s: f64, fencing: bool) -> Story {
        Story::new(stale::run(
            &Valid::checked(StaleParams {
                pause_s,
                ttl_s,
                fencing,
            })
            .unwrap(),
        ))
    }

    #[test]
    fn steps_group_events_by_time_and_play_in_order() {
        let s = story(14.0, 10.0, false);
        let times: Vec<f64> = s.steps.iter().map(|s| s.t_s).collect();
        assert_eq!(times, vec![0.0, 1.0, 10.0, 11.0, 15.0]);
        assert_eq!(s.at(0.0), (0.0, 1));
        assert_eq!(s.at(1.0), (15.0, 5));
        // One step of a quarter reveals exactly one more moment.
        for (i, &want) in times.iter().enumerate() {
            let (t, n) = s.at(i as f64 / 4.0);
            assert_eq!(n, i + 1);
            assert_eq!(t, want);
        }
        // Half way between two moments, time is half way too.
        let (t, n) = s.at(2.5 / 4.0);
        assert_eq!(n, 3);
        assert!((t - 10.5).abs() < 1e-6);
    }

    #[test]
    fn every_outcome_has_its_own_sentence() {
        let cases = [
            (5.0, 10.0, false, Outcome::NoOverlap, "kept the two apart"),
            (
                14.0,
                10.0,
                false,
                Outcome::Overwritten,
                "wrote over B's result",
            ),
            (14.0, 10.0, true, Outcome::Rejected, "refused it"),
            (9.5, 10.0, false, Outcome::OverlapHarmless, "lucky timing"),
        ];
        for (pause, ttl, fencing, outcome, words) in cases {
            let s = story(pause, ttl, fencing);
            assert_eq!(s.run.outcome, outcome);
            let h = outcome_sentence(&s.run, false);
            assert!(h.contains(words), "{h}");
            assert!(h.contains(&seconds(pause)) || pause == 0.0, "{h}");
            assert!(!h.contains("NaN") && !h.contains("inf"), "{h}");
        }
        let h = outcome_sentence(&story(0.0, 1.0, false).run, false);
        assert!(h.starts_with("A was not paused"), "{h}");
    }

    #[test]
    fn the_prediction_is_asked_only_where_its_order_of_events_is_true() {
        let s = Stale::default();
        let mut p = StaleParams::default();
        // The prompt tells B's write before A's: true exactly when A's pause outlasts the TTL.
        for (pause, ttl, fits) in [(14.0, 10.0, true), (9.5, 10.0, false), (5.0, 10.0, false)] {
            p.pause_s = pause;
            p.ttl_s = ttl;
            assert_eq!(s.prompt_fits(&p), fits, "pause {pause}, TTL {ttl}");
            let outcome = story(pause, ttl, false).run.outcome;
            assert_eq!(fits, outcome == Outcome::Overwritten, "{outcome:?}");
        }
        for (fencing, words) in [(true, "checks fencing tokens"), (false, "does not check")] {
            p.fencing = fencing;
            let values = s.prompt_values(&p);
            let storage = &values.iter().find(|(k, _)| *k == "storage").unwrap().1;
            assert!(storage.starts_with(words), "{storage}");
        }
    }

    #[test]
    fn captions_name_the_tokens() {
        let s = story(14.0, 10.0, true);
        let all: String = s.steps.iter().map(|s| s.caption.clone()).collect();
        assert!(
            all.contains(&format!("token {TOKEN_A}")) && all.contains(&format!("token {TOKEN_B}")),
            "{all}"
        );
        let last = &s.steps.last().unwrap().caption;
        assert!(last.contains(&format!("refuses token {TOKEN_A}")), "{last}");
        // Every slot of the story's templates was filled.
        for step in &s.steps {
            assert!(!step.caption.contains(['{', '}']), "{}", step.caption);
        }
        for (pause, fencing) in [
            (0.0, false),
            (5.0, false),
            (14.0, false),
            (14.0, true),
            (9.5, false),
        ] {
            let h = outcome_sentence(&story(pause, 10.0, fencing).run, false);
            assert!(!h.contains(['{', '}']), "{h}");
        }
    }
}
