//! Section 4, "Fencing tokens": a long chain of lock holders under a short TTL, as a token
//! ladder (time across, token up), with fencing off and on counted side by side.
//!
//! One run computes the chain both ways (the fencing switch only changes which one is drawn),
//! so the run's inputs are the parameters with fencing off, and the seed.

mod counts;
pub mod figure;

use std::sync::Arc;

use egui::{RichText, Ui, Vec2};

use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::{duration_ms, fmt_int, fmt_pct};
use crate::lesson::section_words;
use crate::runner::{Runner, Task};
use crate::sim::fencing::{self, FencingParams, LADDER_LIMIT};
use crate::sim::{ParamTable, Valid};
use crate::ui::Cx;
use crate::ui::kit::plot::KeyMark;
use crate::ui::kit::widgets;
use crate::ui::shell::keymap::Action;
use crate::ui::stage::mc_stream::{count_slider, percent_slider};
use crate::ui::stage::{Experiment, Presets, Rerun, RunStatus, Stage};
use figure::{LadderView, Mark, Pair, mark};
use serde::Deserialize;

/// Section 4 on the stage.
pub type FencingTokens = Stage<Fencing>;

/// Section 4, ready for the lesson (nothing runs until it is first shown). Its two presets,
/// the lecture's two builds: the run without fencing (the prediction's), then the same run
/// with fencing on.
pub fn section() -> FencingTokens {
    let presets = Presets::new(2, |p, i| FencingParams {
        fencing: i == 1,
        ..*p
    });
    Stage::with_presets(Fencing::default(), presets)
}

type RunKey = (FencingParams, u64);

/// From this width the fencing switch and both sliders share one row.
const ONE_ROW: f32 = 800.0;

/// The section's own part: its run and how the ladder is viewed.
#[derive(Default)]
pub struct Fencing {
    run: Rerun<RunKey, Arc<Pair>>,
    view: LadderView,
    /// The least height the figure needed as last drawn (the counts box and view buttons do
    /// not shrink with the ladder), with the type it was drawn at.
    least: Option<([i32; 2], f32)>,
}

fn spawn(runner: &Runner, params: FencingParams, seed: u64) -> Task<Arc<Pair>> {
    runner.spawn("fencing", move |_| {
        let chain =
            |fencing| fencing::run(&Valid::clamped(FencingParams { fencing, ..params }), seed);
        Arc::new(Pair {
            off: chain(false),
            on: chain(true),
        })
    })
}

impl Fencing {
    /// The headline for the chain as drawn at the settings `p`.
    pub fn headline_for(&self, p: &FencingParams, pair: &Pair) -> String {
        self.headline_with(pair, p.fencing, false)
    }

    /// The headline for the chain with `fencing` on or off (in short on a `slide`).
    fn headline_with(&self, pair: &Pair, fencing: bool, slide: bool) -> String {
        let run = pair.shown(fencing);
        let words = words();
        let words = if slide { &words.slide } else { &words.learner };
        let (n, m) = (run.stale_writes, run.late_after_newer);
        let stale_line = crate::lesson::fill(
            &words.stale,
            &[
                ("stale", fmt_int(n)),
                ("holders", fmt_int(u64::from(run.params.holders))),
            ],
        );
        let template = match (n, m, fencing) {
            (0, ..) => &words.none_stale,
            (_, 0, _) => &words.none_late,
            (_, 1, true) => &words.rejected_one,
            (_, _, true) => &words.rejected,
            (_, 1, false) => &words.replaced_one,
            (_, _, false) => &words.replaced,
        };
        crate::lesson::fill(
            template,
            &[("stale_line", stale_line), ("late", fmt_int(m))],
        )
    }

    /// The chain of the present settings, if it is in.
    fn is_current(&self) -> bool {
        self.run
            .key()
            .is_some_and(|k| self.run.current(k).is_some())
    }
}

/// The type and the zoom a figure's least height holds for.
fn type_context(ui: &Ui) -> [i32; 2] {
    [
        (ui.text_style_height(&egui::TextStyle::Body) * 100.0).round() as i32,
        (ui.ctx().pixels_per_point() * 1000.0).round() as i32,
    ]
}

/// A time typed as `duration_ms` writes it (`1.5 s`, `250 ms`, `2 min`; a bare number is
/// seconds), in milliseconds.
fn parse_ms(text: &str) -> Option<f64> {
    crate::lesson::quantity::parse_duration_ms(text, 1000.0)
}

impl Experiment for Fencing {
    type Params = FencingParams;
    const ID: &'static str = "fencing";

    fn refresh(
        &mut self,
        runner: &Runner,
        p: &mut FencingParams,
        seed: u64,
        status: &mut RunStatus,
    ) {
        *p = p.clamped_all();
        let p = FencingParams {
            fencing: false,
            ..*p
        };
        if self.run.ensure((p, seed), |_| spawn(runner, p, seed)) {
            // A new chain opens on its first late write.
            self.view.fresh = true;
        }
        status.watch(&self.run);
    }

    fn headline(&self, p: &FencingParams) -> Option<String> {
        self.run.latest().map(|v| self.headline_for(p, v))
    }

    fn slide_headline(&self, p: &FencingParams) -> Option<String> {
        let pair = self.run.latest()?;
        Some(self.headline_with(pair, p.fencing, true))
    }

    fn other_headlines(&self, p: &FencingParams, slide: bool) -> Vec<String> {
        // The same chain with fencing switched: the two builds keep one figure.
        self.run
            .latest()
            .map(|pair| vec![self.headline_with(pair, !p.fencing, slide)])
            .unwrap_or_default()
    }

    fn key(&mut self, p: &mut FencingParams, action: Action) {
        if action == Action::ToggleFencing {
            p.fencing = !p.fencing;
        }
    }

    fn legend(&self, _cx: &Cx<'_>, p: &FencingParams) -> Vec<KeyMark> {
        self.run.latest().map_or_else(Vec::new, |pair| {
            figure::legend(pair.shown(p.fencing), p.fencing)
        })
    }

    fn figure(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut FencingParams, size: Vec2) {
        let current = self.is_current();
        match self.run.latest().cloned() {
            Some(pair) => {
                let (fencing, view) = (p.fencing, &mut self.view);
                let least = figure::figure(ui, cx, &pair, fencing, size, view, current);
                if self.least.is_none_or(|(_, h)| (h - least).abs() > 0.5) {
                    // (The stage asks for the figure's room before it draws it.)
                    ui.ctx().request_repaint();
                }
                self.least = Some((type_context(ui), least));
            }
            None => {
                ui.allocate_space(size);
            }
        }
    }

    fn readable_height(&self, ui: &Ui, _cx: &Cx<'_>, _p: &FencingParams) -> f32 {
        let floor = crate::ui::kit::readable::readable_height(
            ui,
            crate::ui::kit::readable::value_axis_rows(ui.ctx()),
        );
        match self.least {
            // This frame's, not the most ever seen: on a slide whose words yield, the counts
            // box yields with them.
            Some((context, least)) if context == type_context(ui) => floor.max(least),
            _ => floor,
        }
    }

    fn controls(&mut self, ui: &mut Ui, cx: &mut Cx<'_>, p: &mut FencingParams) {
        let switch = widgets::fencing_switch;
        let holders = |ui: &mut Ui, n: &mut u32| {
            let mut v = u64::from(*n);
            count_slider(ui, &fencing::HOLDERS, &mut v);
            *n = v as u32;
        };
        // The TTL in the words the question and headline use ("1.0 s", not "1000 ms").
        let ttl = |ui: &mut Ui, t: &mut f64| {
            widgets::param_slider_shown(ui, &fencing::TTL_MS, t, Some((duration_ms, parse_ms)));
        };
        if cx.lecture {
            // A slide's one row: fencing (F) and the holders.
            ui.horizontal(|ui| {
                ui.spacing_mut().slider_width = 48.0;
                switch(ui, &mut p.fencing);
                ui.add_space(12.0);
                holders(ui, &mut p.holders);
            });
        } else if ui.available_width() >= ONE_ROW {
            // The switch and both sliders on one row: the figure keeps the height.
            ui.horizontal(|ui| {
                ui.spacing_mut().slider_width = 110.0;
                switch(ui, &mut p.fencing);
                ui.add_space(12.0);
                holders(ui, &mut p.holders);
                ui.add_space(12.0);
                ttl(ui, &mut p.ttl_ms);
            });
        } else {
            switch(ui, &mut p.fencing);
            let labels = [&fencing::HOLDERS, &fencing::TTL_MS].map(crate::ui::kit::params::label);
            widgets::two_up(
                ui,
                labels,
                |ui| holders(ui, &mut p.holders),
                |ui| ttl(ui, &mut p.ttl_ms),
            );
        }
    }

    fn more_settings(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut FencingParams) -> bool {
        ui.label(RichText::new(t!("sections.fencing.drawer.holders")).strong());
        widgets::table_slider(ui, p, &fencing::TYPICAL_MS);
        widgets::table_slider(ui, p, &fencing::SPREAD);
        percent_slider(ui, &fencing::PAUSE_PROB, &mut p.pause_prob, true);
        widgets::table_slider(ui, p, &fencing::PAUSE_MEAN_MS);
        true
    }

    fn details(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &FencingParams) {
        let Some(pair) = self.run.latest() else {
            return;
        };
        let run = pair.shown(p.fencing);
        let e = run.stale_fraction;
        let words = words();
        ui.label(crate::lesson::fill(
            &words.details,
            &[
                ("share", fmt_pct(e.value)),
                ("lo", fmt_pct(e.lo)),
                ("hi", fmt_pct(e.hi)),
                ("exact", fmt_pct(run.params.exact_stale_fraction())),
                ("span", duration_ms(run.end_ms)),
            ],
        ));
        if run.ladder.len() < run.params.holders as usize {
            ui.label(
                RichText::new(crate::lesson::fill(
                    &words.ladder_part,
                    &[
                        ("shown", fmt_int(LADDER_LIMIT as u64)),
                        ("holders", fmt_int(u64::from(run.params.holders))),
                    ],
                ))
                .weak(),
            );
        }
    }

    fn observed(&self, _p: &FencingParams) -> Option<(f64, String)> {
        // Without fencing: the times old data replaced newer data.
        let n = self.run.fresh()?.off.overwritten;
        let n_text = [("n", fmt_int(n))];
        let times = if n == 1 {
            tf!("sections.fencing.observed.one", &n_text)
        } else {
            tf!("sections.fencing.observed.many", &n_text)
        };
        Some((n as f64, times))
    }

    fn settings(&self, p: &FencingParams) -> Option<crate::predict::ModelParams> {
        Some(crate::predict::ModelParams::new(*p))
    }

    fn axis_titles(&self) -> (&'static str, &'static str) {
        (t!("sections.fencing.axis_x"), t!("sections.fencing.axis_y"))
    }

    fn csv(&self, p: &FencingParams) -> Option<String> {
        let pair = self.run.latest()?;
        let run = pair.shown(p.fencing);
        let mut out = String::from("token,granted_ms,lease_end_ms,write_ms,stale,outcome\n");
        for h in &run.ladder {
            let outcome = match mark(h) {
                Mark::OnTime => "applied",
                Mark::LateFirst => "applied_late",
                Mark::Overwrote => "overwrote_newer",
                Mark::Rejected => "rejected",
            };
            out.push_str(&format!(
                "{},{},{},{},{},{outcome}\n",
                h.token, h.granted_ms, h.lease_end_ms, h.write_ms, h.stale
            ));
        }
        Some(out)
    }

    fn before_slide(&mut self) {
        self.view.again();
    }
}

/// Section 4: its headline for a learner and, in short, for a slide; the details under it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FencingWords {
    pub learner: FencingHeadlines,
    pub slide: FencingHeadlines,
    /// Slots: `{share}`, `{lo}`, `{hi}`, `{exact}`, `{span}`.
    pub details: String,
    /// Slots: `{shown}`, `{holders}`.
    pub ladder_part: String,
}

/// Section 4's headline per count. `stale` (slots `{stale}`, `{holders}`) opens every other
/// one as `{stale_line}`; `{late}` counts the stale writes that came after a newer one.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FencingHeadlines {
    pub stale: String,
    pub none_stale: String,
    pub none_late: String,
    pub rejected_one: String,
    pub rejected: String,
    pub replaced_one: String,
    pub replaced: String,
}

impl FencingHeadlines {
    /// Every sentence, in file order.
    pub fn texts_mut(&mut self) -> Vec<&mut String> {
        vec![
            &mut self.stale,
            &mut self.none_stale,
            &mut self.none_late,
            &mut self.rejected_one,
            &mut self.rejected,
            &mut self.replaced_one,
            &mut self.replaced,
        ]
    }
}

/// The templates of this section's headlines, once per language.
fn words() -> &'static FencingWords {
    static WORDS: PerLanguage<FencingWords> = PerLanguage::new();
    WORDS.get(|_| section_words::headlines("fencing"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_ttl_reads_as_it_is_written() {
        assert_eq!(parse_ms("1.0 s"), Some(1000.0));
        assert_eq!(parse_ms(&duration_ms(2500.0)), Some(2500.0));
        assert_eq!(parse_ms("250 ms"), Some(250.0));
        assert_eq!(parse_ms("2"), Some(2000.0));
        assert_eq!(parse_ms("soon"), None);
    }
}
