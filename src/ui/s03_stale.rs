//! Section 3, "The stale holder": a paused lock holder wakes up after its TTL and writes.
//!
//! The story comes from [`crate::sim::stale`] (a fixed script, no randomness). It is told as a
//! lane timeline (A, the lock service, B, storage) revealed one moment at a time: the
//! playback position runs over the story's distinct event times, so one step shows exactly
//! one more moment, however far apart the moments are in simulated time.

use egui::{Align2, RichText, Ui};
use egui_plot::{
    Bar, BarChart, GridMark, LineStyle, MarkerShape, Plot, PlotPoint, Points, Text, VLine,
};

use super::fmt::secs;
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::plot::palette;
use super::plot::{self, KeyMark, cross, key_row};
use super::widgets::{self, Playback};
use super::{Cx, Section};
use crate::lesson::{self, StaleStory, fill};
use crate::runner::{Runner, Task};
use crate::sim::stale::{
    self, Event, EventKind, Lane, Outcome, StaleParams, StaleRun, TOKEN_A, TOKEN_B, WORK_S, Worker,
};

/// Seconds one step of the story takes to play at 1×.
const SECONDS_PER_STEP: f64 = 1.2;
/// Slider steps for the pause and the TTL, in seconds.
const SLIDER_STEP_S: f64 = 0.5;

/// Where each lane sits on the plot's y axis (top to bottom: A, lock service, B, storage).
fn lane_y(lane: Lane) -> f64 {
    match lane {
        Lane::A => 3.0,
        Lane::LockService => 2.0,
        Lane::B => 1.0,
        Lane::Storage => 0.0,
    }
}

fn lane_name(y: f64) -> &'static str {
    match y.round() as i64 {
        3 => "A",
        2 => "Lock service",
        1 => "B",
        0 => "Storage",
        _ => "",
    }
}

/// One moment of the story: the events that happen at the same time.
#[derive(Clone, Debug)]
pub struct Step {
    pub t_s: f64,
    /// Indices into the run's events.
    pub events: std::ops::Range<usize>,
    pub caption: String,
}

/// A finished run, cut into steps.
pub struct Story {
    pub run: StaleRun,
    pub steps: Vec<Step>,
}

impl Story {
    pub fn new(run: StaleRun) -> Self {
        let mut steps: Vec<Step> = Vec::new();
        for (i, e) in run.events.iter().enumerate() {
            match steps.last_mut() {
                Some(s) if s.t_s == e.t_s => s.events.end = i + 1,
                _ => steps.push(Step {
                    t_s: e.t_s,
                    events: i..i + 1,
                    caption: String::new(),
                }),
            }
        }
        for s in &mut steps {
            let sentences: Vec<String> = run.events[s.events.clone()]
                .iter()
                .map(|e| sentence(e, &run))
                .collect();
            s.caption = fill(
                &words_of_story().caption,
                &[("time", &secs(s.t_s)), ("sentences", &sentences.join(" "))],
            );
        }
        Self { run, steps }
    }

    /// The simulated time at playback position `p` (0..=1) and how many steps are revealed.
    pub fn at(&self, p: f64) -> (f64, usize) {
        let k = self.steps.len();
        if k <= 1 {
            return (self.steps.first().map_or(0.0, |s| s.t_s), k);
        }
        // Position runs over the steps: step i is reached at tau = i.
        let tau = p.clamp(0.0, 1.0) * (k - 1) as f64;
        // A step lands exactly on a moment; rounding must not leave it just short.
        let i = ((tau + 1e-9).floor() as usize).min(k - 1);
        let t = if i + 1 < k {
            let frac = (tau - i as f64).clamp(0.0, 1.0);
            self.steps[i].t_s + frac * (self.steps[i + 1].t_s - self.steps[i].t_s)
        } else {
            self.steps[k - 1].t_s
        };
        (t, i + 1)
    }

    /// The last moment of the story.
    pub fn end_s(&self) -> f64 {
        self.steps.last().map_or(0.0, |s| s.t_s)
    }
}

/// The story's words (`assets/stale_story.ron`).
fn words_of_story() -> &'static StaleStory {
    &lesson::content().stale_story
}

/// One event told in a sentence.
fn sentence(e: &Event, run: &StaleRun) -> String {
    let w = words_of_story();
    let late = run.a_write_s > run.expiry_s;
    let token_text = |t: u64| t.to_string();
    let with_token = |template: &str, token: u64| fill(template, &[("token", &token_text(token))]);
    match e.kind {
        EventKind::Granted {
            to: Worker::A,
            token,
        } => with_token(&w.granted_a, token),
        EventKind::Granted {
            to: Worker::B,
            token,
        } => with_token(
            if late {
                &w.granted_b_after_expiry
            } else {
                &w.granted_b
            },
            token,
        ),
        EventKind::Paused => w.paused.clone(),
        EventKind::Resumed => {
            if late {
                w.resumed_late.clone()
            } else {
                w.resumed_in_lease.clone()
            }
        }
        EventKind::Expired { token } => with_token(&w.expired, token),
        EventKind::Released { token } => with_token(&w.released, token),
        EventKind::Wrote { token } => {
            let who = if e.lane == Lane::A { "A" } else { "B" };
            fill(&w.wrote, &[("who", who), ("token", &token_text(token))])
        }
        EventKind::Applied {
            replaced_newer: false,
            ..
        } => w.applied.clone(),
        EventKind::Applied {
            replaced_newer: true,
            ..
        } => w.applied_over_newer.clone(),
        EventKind::Refused { token, highest } => fill(
            &w.refused,
            &[
                ("token", &token_text(token)),
                ("highest", &token_text(highest)),
            ],
        ),
    }
}

/// The section's headline for a finished run: the outcome in plain words.
pub fn outcome_sentence(run: &StaleRun) -> String {
    let p = &run.params;
    let w = words_of_story();
    let template = match run.outcome {
        Outcome::NoOverlap if p.pause_s == 0.0 => &w.not_paused,
        Outcome::NoOverlap => &w.no_overlap,
        Outcome::Overwritten => &w.overwritten,
        Outcome::Rejected => &w.rejected,
        Outcome::OverlapHarmless => &w.overlap_harmless,
    };
    fill(
        template,
        &[
            ("pause", &secs(p.pause_s)),
            ("ttl", &secs(p.ttl_s)),
            ("a", &secs(run.a_write_s)),
            ("b", &secs(run.b_write_s)),
            ("token_a", &TOKEN_A.to_string()),
            ("token_b", &TOKEN_B.to_string()),
        ],
    )
}

pub struct StaleHolder {
    pub params: StaleParams,
    task: Task<StaleRun>,
    started: StaleParams,
    story: Option<Story>,
    pub playback: Playback,
    /// The next story replaces a run the user changed: show it whole instead of replaying it.
    show_whole_next: bool,
    plot_rect: Option<egui::Rect>,
}

impl StaleHolder {
    pub fn new(runner: &Runner) -> Self {
        let params = StaleParams::default();
        Self {
            params,
            task: spawn(runner, params),
            started: params,
            story: None,
            playback: Playback::new(SECONDS_PER_STEP * 5.0),
            show_whole_next: false,
            plot_rect: None,
        }
    }

    /// Starts a new run when the settings changed, and adopts a finished one.
    fn refresh(&mut self, runner: &Runner) {
        self.params = self.params.clamped();
        if self.params != self.started {
            self.task = spawn(runner, self.params);
            self.started = self.params;
            self.show_whole_next = true;
        }
        let fresh = {
            let snap = self.task.snapshot();
            match snap.result.as_ref() {
                Some(run)
                    if self
                        .story
                        .as_ref()
                        .is_none_or(|s| s.run.params != run.params) =>
                {
                    Some(run.clone())
                }
                _ => None,
            }
        };
        if let Some(run) = fresh {
            let story = Story::new(run);
            self.playback.seconds_at_1x =
                SECONDS_PER_STEP * (story.steps.len().saturating_sub(1).max(1)) as f64;
            if self.show_whole_next {
                self.playback.position = 1.0;
                self.playback.playing = false;
            }
            self.story = Some(story);
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        egui::Grid::new("s3-controls")
            .num_columns(2)
            .spacing([24.0, 6.0])
            .show(ui, |ui| {
                step_slider(ui, &stale::PAUSE_S, &mut self.params.pause_s);
                step_slider(ui, &stale::TTL_S, &mut self.params.ttl_s);
                ui.end_row();
            });
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.params.fencing, "Storage checks fencing tokens")
                .on_hover_text("Storage remembers the highest token it has applied and refuses any write with a lower one");
            if ui.button("Reset to lesson defaults").clicked() {
                self.params = StaleParams::default();
            }
        });
    }
}

/// A slider in half-second steps for one of the story's parameters.
fn step_slider(ui: &mut Ui, spec: &crate::sim::ParamSpec, value: &mut f64) -> egui::Response {
    *value = spec.clamp(*value);
    let r = ui.add(
        egui::Slider::new(value, spec.min..=spec.max)
            .step_by(SLIDER_STEP_S)
            .clamping(egui::SliderClamping::Always)
            .suffix(format!(" {}", spec.unit))
            .text(spec.label),
    );
    *value = spec.clamp(*value);
    widgets::claim_arrow_keys(ui, &r);
    r
}

fn spawn(runner: &Runner, params: StaleParams) -> Task<StaleRun> {
    runner.spawn("stale", move |_| {
        stale::run(&params).expect("clamped parameters")
    })
}

const A_COLOR: egui::Color32 = palette::BLUE;
const B_COLOR: egui::Color32 = palette::ORANGE;
const APPLIED: egui::Color32 = palette::GREEN;
const OVERWROTE: egui::Color32 = palette::VERMILION;
const REFUSED: egui::Color32 = palette::SKY;

/// A bar on a lane from `start` to `end`, cut at the current time `now`.
fn lane_bar(
    lane: Lane,
    start: f64,
    end: f64,
    now: f64,
    width: f64,
    fill: egui::Color32,
    stroke: egui::Color32,
) -> Option<Bar> {
    if start > now || end <= start {
        return None;
    }
    let end = end.min(now);
    Some(
        Bar::new(lane_y(lane), end - start)
            .base_offset(start)
            .width(width)
            .fill(fill)
            .stroke(egui::Stroke::new(1.5, stroke)),
    )
}

/// The timeline up to time `now`. Returns where it was drawn.
fn timeline(
    ui: &mut Ui,
    cx: &Cx<'_>,
    story: &Story,
    now: f64,
    revealed: usize,
    finished: bool,
    height: f32,
) -> egui::Rect {
    let run = &story.run;
    let w = plot::line_width(cx);
    let r = plot::marker_radius(cx) * 2.4;
    let end = run.a_write_s.max(run.b_write_s).max(run.expiry_s);
    let shown: Vec<&Event> = story.steps[..revealed]
        .iter()
        .flat_map(|s| &run.events[s.events.clone()])
        .collect();
    let happened = |pred: &dyn Fn(&EventKind) -> bool| shown.iter().any(|e| pred(&e.kind));
    let text_color = ui.visuals().text_color();
    let body = ui.style().text_styles[&egui::TextStyle::Body].size;
    let words = move |t: String| RichText::new(t).size(body);

    let frozen_until = WORK_S + run.params.pause_s;
    let late = run.a_write_s > run.expiry_s;
    let lease_a_end = if late { run.expiry_s } else { run.a_write_s };

    let mut bars = Vec::new();
    let mut add = |b: Option<Bar>| bars.extend(b);
    let solid = |c: egui::Color32| c.gamma_multiply(0.85);
    let faint = |c: egui::Color32| c.gamma_multiply(0.35);
    // A: works, freezes, wakes and writes at once.
    add(lane_bar(
        Lane::A,
        0.0,
        WORK_S.min(run.a_write_s),
        now,
        0.5,
        solid(A_COLOR),
        A_COLOR,
    ));
    add(lane_bar(
        Lane::A,
        WORK_S,
        frozen_until,
        now,
        0.5,
        faint(palette::GREY),
        A_COLOR,
    ));
    // The lock service: A's lease, then B's.
    add(lane_bar(
        Lane::LockService,
        0.0,
        lease_a_end,
        now,
        0.5,
        faint(A_COLOR),
        A_COLOR,
    ));
    add(lane_bar(
        Lane::LockService,
        run.b_granted_s,
        run.b_write_s,
        now,
        0.5,
        faint(B_COLOR),
        B_COLOR,
    ));
    // B: waits, then works.
    add(lane_bar(
        Lane::B,
        0.0,
        run.b_granted_s,
        now,
        0.12,
        faint(palette::GREY),
        palette::GREY,
    ));
    add(lane_bar(
        Lane::B,
        run.b_granted_s,
        run.b_write_s,
        now,
        0.5,
        solid(B_COLOR),
        B_COLOR,
    ));

    // Room on the right for the last verdict's words (about 160 points of text).
    let plot_px = f64::from((ui.available_width() - 110.0).max(300.0));
    let pad = (160.0 * (end + 1.5) / (plot_px - 160.0).max(140.0)).max(1.0);
    let response = Plot::new("s3-timeline")
        .height(height)
        .x_axis_label("simulated time (s)")
        .include_x(-0.5)
        .include_x(end + pad)
        .include_y(-0.8)
        .include_y(3.95)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(|m, _| {
            if m.value < 0.0 {
                String::new()
            } else {
                format!("{:.0}", m.value)
            }
        })
        .y_grid_spacer(|_| {
            (0..4)
                .map(|i| GridMark {
                    value: f64::from(i),
                    step_size: 1.0,
                })
                .collect()
        })
        .y_axis_formatter(|m, _| lane_name(m.value).to_owned())
        .show(ui, |p| {
            p.bar_chart(BarChart::new("", bars).horizontal());
            // The end of A's lease, whether or not A still needed it.
            let ttl_style = if late {
                LineStyle::dashed_dense()
            } else {
                LineStyle::dotted_loose()
            };
            p.vline(
                VLine::new("", run.expiry_s)
                    .color(palette::GREY)
                    .width(w * 0.6)
                    .style(ttl_style),
            );
            p.text(
                Text::new(
                    "",
                    PlotPoint::new(run.expiry_s - 0.1, 3.4),
                    words(format!("lease of {TOKEN_A} ends")),
                )
                .color(text_color)
                .anchor(Align2::RIGHT_BOTTOM),
            );
            // Words on the bars.
            if now >= WORK_S && run.params.pause_s >= 3.0 {
                let mid = (WORK_S + frozen_until.min(now)) / 2.0;
                p.text(
                    Text::new(
                        "",
                        PlotPoint::new(mid, 3.0),
                        words(format!("paused {}", secs(run.params.pause_s))),
                    )
                    .color(text_color),
                );
            }
            if lease_a_end >= 3.0 {
                let mid = lease_a_end.min(now) / 2.0;
                p.text(
                    Text::new(
                        "",
                        PlotPoint::new(mid, 2.0),
                        words(format!("lease of token {TOKEN_A}")),
                    )
                    .color(text_color),
                );
            }
            if happened(&|k| matches!(k, EventKind::Granted { to: Worker::B, .. })) {
                p.text(
                    Text::new(
                        "",
                        PlotPoint::new(run.b_granted_s + 0.15, 2.3),
                        words(format!("token {TOKEN_B}")),
                    )
                    .color(text_color)
                    .anchor(Align2::LEFT_BOTTOM),
                );
            }
            if run.b_granted_s >= 3.0 {
                let mid = run.b_granted_s.min(now) / 2.0;
                p.text(
                    Text::new(
                        "",
                        PlotPoint::new(mid, 1.08),
                        words("B waits for the lock".into()),
                    )
                    .color(text_color)
                    .anchor(Align2::CENTER_BOTTOM),
                );
            }
            // Writes travel down to storage; storage's verdict sits on its lane.
            let a_first = run.a_write_s <= run.b_write_s;
            let later = |token: u64| (token == TOKEN_A) != a_first;
            for e in &shown {
                match e.kind {
                    EventKind::Wrote { .. } => {
                        let (from, c) = if e.lane == Lane::A {
                            (3.0, A_COLOR)
                        } else {
                            (1.0, B_COLOR)
                        };
                        p.line(
                            egui_plot::Line::new("", vec![[e.t_s, from - 0.27], [e.t_s, 0.3]])
                                .color(c)
                                .width(w),
                        );
                        p.points(
                            Points::new("", vec![[e.t_s, 0.3]])
                                .color(c)
                                .radius(r * 0.6)
                                .shape(MarkerShape::Down),
                        );
                    }
                    EventKind::Applied {
                        token,
                        replaced_newer,
                    } => {
                        if replaced_newer {
                            cross(p, e.t_s, 0.0, r, w * 1.2, OVERWROTE);
                            storage_words(
                                p,
                                e.t_s,
                                later(token),
                                words(format!("{token} overwrote {TOKEN_B}")).strong(),
                                text_color,
                            );
                        } else {
                            p.points(
                                Points::new("", vec![[e.t_s, 0.0]])
                                    .color(APPLIED)
                                    .shape(MarkerShape::Circle)
                                    .radius(r),
                            );
                            storage_words(
                                p,
                                e.t_s,
                                later(token),
                                words(format!("{token} applied")),
                                text_color,
                            );
                        }
                    }
                    EventKind::Refused { token, .. } => {
                        p.points(
                            Points::new("", vec![[e.t_s, 0.0]])
                                .color(REFUSED)
                                .shape(MarkerShape::Square)
                                .radius(r),
                        );
                        storage_words(
                            p,
                            e.t_s,
                            later(token),
                            words(format!("{token} refused")).strong(),
                            text_color,
                        );
                    }
                    _ => {}
                }
            }
            if !finished {
                p.vline(VLine::new("", now).color(text_color).width(w * 0.5));
            }
        })
        .response;
    widgets::describe_plot(
        &response,
        "Plot: timeline of A, the lock service, B and the storage",
        "",
    );
    response.rect
}

/// Storage's verdict in words: the later write's to the right of its mark, the earlier one's
/// to the left, so the two never collide however close the writes are.
fn storage_words(
    p: &mut egui_plot::PlotUi<'_>,
    t: f64,
    right: bool,
    text: RichText,
    color: egui::Color32,
) {
    let dx = 0.25;
    let (x, anchor) = if right {
        (t + dx, Align2::LEFT_CENTER)
    } else {
        (t - dx, Align2::RIGHT_CENTER)
    };
    p.text(
        Text::new("", PlotPoint::new(x, -0.05), text)
            .color(color)
            .anchor(anchor),
    );
}

impl Section for StaleHolder {
    fn number(&self) -> u8 {
        3
    }

    fn summary(&self) -> Option<String> {
        self.story.as_ref().map(|s| outcome_sentence(&s.run))
    }

    fn scenario(&self) -> Option<Pairs> {
        let p = &self.params;
        Some(
            PairsBuilder::default()
                .num(&stale::PAUSE_S, p.pause_s)
                .num(&stale::TTL_S, p.ttl_s)
                .flag("fencing", p.fencing)
                .build(),
        )
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let mut r = PairsReader::new(pairs);
        let d = StaleParams::default();
        let p = StaleParams {
            pause_s: r.num(&stale::PAUSE_S)?.unwrap_or(d.pause_s),
            ttl_s: r.num(&stale::TTL_S)?.unwrap_or(d.ttl_s),
            fencing: r.flag("fencing")?.unwrap_or(d.fencing),
        };
        r.finish()?;
        self.params = p;
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        let story = self.story.as_ref()?;
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

    fn plot_rect(&self) -> Option<egui::Rect> {
        self.plot_rect
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.controls(ui);
        self.refresh(cx.runner);
        ui.add_space(8.0);
        let Some(story) = self.story.as_ref() else {
            let snap = self.task.snapshot();
            if let Some(err) = &snap.failed {
                ui.colored_label(
                    widgets::warn_color(ui),
                    format!("The story could not be played: {err}"),
                );
            } else {
                ui.add(
                    egui::ProgressBar::new(0.0)
                        .text("preparing the timeline")
                        .animate(true),
                );
            }
            return;
        };
        self.playback.tick(ui, cx.reduced_motion);
        let (now, revealed) = story.at(self.playback.position);
        let finished = self.playback.position >= 1.0;

        widgets::headline(ui, &outcome_sentence(&story.run));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if !cx.reduced_motion {
                self.playback
                    .ui(ui, (story.steps.len().saturating_sub(1).max(1)) as f64);
                ui.separator();
            }
            ui.label(format!("Moment {} of {}", revealed, story.steps.len()));
        });
        // The moment on screen, in words (two lines' room, so the timeline does not jump).
        let body = ui.style().text_styles[&egui::TextStyle::Body].size;
        let caption = story
            .steps
            .get(revealed.saturating_sub(1))
            .map_or("", |s| s.caption.as_str());
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), body * 2.6),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_height(body * 2.6);
                ui.add(egui::Label::new(RichText::new(caption).size(body * 1.05)).wrap());
            },
        );
        let height = (ui.available_height() * 0.42).clamp(230.0, 360.0);
        // The whole figure, axes and labels included, for the PNG export.
        let drawn = ui.scope(|ui| timeline(ui, cx, story, now, revealed, finished, height));
        self.plot_rect = Some(drawn.response.rect);
        key_row(
            ui,
            cx,
            &[
                KeyMark::Bar(A_COLOR, format!("A works / holds token {TOKEN_A}")),
                KeyMark::Bar(palette::GREY, "A paused".into()),
                KeyMark::Bar(B_COLOR, format!("B works / holds token {TOKEN_B}")),
                KeyMark::Shape(MarkerShape::Circle, APPLIED, "write applied".into()),
                KeyMark::Shape(
                    MarkerShape::Cross,
                    OVERWROTE,
                    "applied over newer data".into(),
                ),
                KeyMark::Shape(MarkerShape::Square, REFUSED, "write refused".into()),
            ],
        );
        ui.add_space(6.0);
        egui::CollapsingHeader::new("How this is computed")
            .default_open(true)
            .show(ui, |ui| {
                widgets::paragraph(ui, &self.text().how, cx);
                ui.label(fill(
                    &words_of_story().fixed_script,
                    &[("work", &secs(WORK_S))],
                ));
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story(pause_s: f64, ttl_s: f64, fencing: bool) -> Story {
        Story::new(
            stale::run(&StaleParams {
                pause_s,
                ttl_s,
                fencing,
            })
            .unwrap(),
        )
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
            let h = outcome_sentence(&s.run);
            assert!(h.contains(words), "{h}");
            assert!(h.contains(&secs(pause)) || pause == 0.0, "{h}");
            assert!(!h.contains("NaN") && !h.contains("inf"), "{h}");
        }
        let h = outcome_sentence(&story(0.0, 1.0, false).run);
        assert!(h.starts_with("A was not paused"), "{h}");
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
            let h = outcome_sentence(&story(pause, 10.0, fencing).run);
            assert!(!h.contains(['{', '}']), "{h}");
        }
    }
}
