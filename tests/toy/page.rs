//! Section `toy`, a toy added by the recipe in `src/sections.rs` to check it
//! (`tests/toy/run.sh` copies this file to `src/ui/sections/s10_toy/mod.rs`): its page, its
//! figure (one bar: the share of the tries that were right) and the type of its headlines.

use egui::{Color32, Sense, Ui, Vec2};
use serde::Deserialize;

use crate::lesson::language::PerLanguage;
use crate::lesson::quantity::fmt_fraction;
use crate::lesson::section_words;
use crate::runner::Runner;
use crate::sim::toy::{self, CHANCE, TRIES, ToyParams};
use crate::sim::{ParamTable, Valid};
use crate::ui::Cx;
use crate::ui::kit::widgets;
use crate::ui::stage::{Experiment, Rerun, RunStatus, Stage};

/// The templates of the section's headlines (`headlines` in `assets/sections/toy.ron`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyWords {
    /// Slots: `{right}`, `{tries}`, `{share}`.
    pub headline: String,
}

fn words() -> &'static ToyWords {
    static WORDS: PerLanguage<ToyWords> = PerLanguage::new();
    WORDS.get(|_| section_words::headlines("toy"))
}

/// The section's own part: its one run, the count of right tries.
#[derive(Default)]
pub struct Toy {
    run: Rerun<(ToyParams, u64), u32>,
}

/// The section, ready for the lesson.
pub fn section() -> Stage<Toy> {
    Stage::new(Toy::default())
}

impl Experiment for Toy {
    type Params = ToyParams;
    const ID: &'static str = "toy";

    fn refresh(&mut self, runner: &Runner, p: &mut ToyParams, seed: u64, status: &mut RunStatus) {
        *p = p.clamped_all();
        let key = (*p, seed);
        self.run.ensure(key, |&(p, seed)| {
            runner.spawn("toy", move |_| toy::run(&Valid::clamped(p), seed))
        });
        status.watch(&self.run);
    }

    fn headline(&self, p: &ToyParams) -> Option<String> {
        let right = *self.run.latest()?;
        let share = f64::from(right) / f64::from(p.tries.max(1));
        let values = [
            ("right", right.to_string()),
            ("tries", p.tries.to_string()),
            ("share", fmt_fraction(share)),
        ];
        Some(crate::lesson::fill(&words().headline, &values))
    }

    fn figure(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut ToyParams, size: Vec2) {
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        let right = self.run.latest().copied().unwrap_or(0);
        let share = f64::from(right) / f64::from(p.tries.max(1));
        let mut bar = rect;
        bar.set_width(rect.width() * share as f32);
        ui.painter().rect_filled(rect, 0.0, Color32::from_gray(60));
        ui.painter()
            .rect_filled(bar, 0.0, Color32::from_rgb(0, 114, 178));
    }

    fn controls(&mut self, ui: &mut Ui, _cx: &mut Cx<'_>, p: &mut ToyParams) {
        widgets::table_slider(ui, p, &CHANCE);
        widgets::table_slider(ui, p, &TRIES);
    }

    fn observed(&self, p: &ToyParams) -> Option<(f64, String)> {
        let share = f64::from(*self.run.fresh()?) / f64::from(p.tries.max(1));
        Some((share, fmt_fraction(share)))
    }

    fn settings(&self, p: &ToyParams) -> Option<crate::predict::ModelParams> {
        Some(crate::predict::ModelParams::new(*p))
    }
}
