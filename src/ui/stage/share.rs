//! What a stage shares: its settings and seed as a scenario code, its figure's data as CSV,
//! and the figure's area for a PNG.

use egui::Rect;

use super::{Experiment, Stage};
use crate::scenario::{Pairs, settings};
use crate::ui::Shareable;

/// A stage shares its settings and seed, its figure's data and the figure's area.
impl<E: Experiment> Shareable for Stage<E> {
    fn scenario(&self) -> Option<Pairs> {
        let seed = E::SEEDED.then_some(self.seed);
        Some(settings::model_pairs(&self.exp.shared(&self.params), seed))
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let (code, seed) = settings::read_model(pairs, E::SEEDED)?;
        self.exp.set_shared(&mut self.params, code);
        self.seed = seed.unwrap_or(self.seed);
        // Whoever shares a code wants the run seen: no prompt.
        self.gate.skip();
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        self.exp.csv(&self.params)
    }

    fn plot_rect(&self) -> Option<Rect> {
        self.plot_rect
    }
}
