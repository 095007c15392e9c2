//! On a projector the figure is the slide: where a simulation section's stage does not fit
//! the window at the lecturer's type factor (Type 150 % on a small projector), the type of
//! that section is lowered, a tenth at a time and never below the normal size, until the
//! stage fits; the figure never gives way and nothing scrolls out of a clicker's reach.
//!
//! The stage notes each pass how far it overflowed ([`note`]); [`StageFit`] lowers the
//! factor of the slide on show (a section's step, told apart by its words and settings) once
//! that has been measured twice at today's zoom (the first pass after a change still lays
//! out with the heights of the last), and keeps it for that slide while the window and the
//! lecturer's factor stay the same: a slide left and reached again looks the same.

use std::collections::BTreeMap;

use egui::{Context, Id, ViewportId};

/// How far a stage overflowed the window in one pass.
#[derive(Clone, Copy, Debug)]
struct Overflow {
    section: u8,
    zoom: f32,
    /// Points the stage needs beyond the window's height.
    over: f32,
}

fn id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-stage-overflow", viewport))
}

/// Notes that the stage of section `n` needs `over` points more than the window has (zero or
/// less: it fits).
pub fn note(ctx: &Context, n: u8, over: f32) {
    let o = Overflow {
        section: n,
        zoom: ctx.zoom_factor(),
        over,
    };
    let key = id(ctx.viewport_id());
    ctx.data_mut(|d| d.insert_temp(key, o));
}

/// The type factor of each section whose stage did not fit, for one window size and one
/// lecturer's factor.
#[derive(Clone, Debug, Default)]
pub struct StageFit {
    context: Option<(egui::Vec2, f32)>,
    fitted: BTreeMap<(u8, u64), f32>,
    /// Overflows seen at today's zoom and slide, in a row.
    seen: u32,
    zoom: f32,
    slide: (u8, u64),
}

impl StageFit {
    /// The factor the slide `step` of section `section` is shown at in a window `size`
    /// (logical pixels) whose lecturer chose `chosen`, given what its stage in `viewport`
    /// measured last.
    pub fn factor(
        &mut self,
        ctx: &Context,
        viewport: ViewportId,
        size: egui::Vec2,
        chosen: f32,
        (section, step): (u8, u64),
    ) -> f32 {
        // (A real window's size in logical pixels comes back from points at each zoom, a
        // fraction apart: whole pixels are the same window.)
        let size = size.round();
        if self.context != Some((size, chosen)) {
            *self = Self {
                context: Some((size, chosen)),
                ..Self::default()
            };
        }
        let mut factor = self.fitted.get(&(section, step)).copied().unwrap_or(chosen);
        let zoom = ctx.zoom_factor();
        if (zoom - self.zoom).abs() > 1e-4 || self.slide != (section, step) {
            self.zoom = zoom;
            self.slide = (section, step);
            self.seen = 0;
        }
        let key = id(viewport);
        let overflow: Option<Overflow> = ctx.data(|d| d.get_temp(key));
        let Some(o) = overflow.filter(|o| o.section == section && (o.zoom - zoom).abs() < 1e-4)
        else {
            return factor;
        };
        if o.over <= 0.5 {
            self.seen = 0;
            return factor;
        }
        self.seen += 1;
        let least = chosen.min(1.0);
        if factor > least + 1e-3 {
            // Measure again at once: nothing else may ask for another frame.
            ctx.request_repaint_of(viewport);
        }
        if self.seen >= 2 && factor > least + 1e-3 {
            // The stage is laid out in the window's points, which grow as the type goes
            // down, while what it needs there stays the same or shrinks (its words keep their
            // size on screen, so their points shrink): the factor at which the window's
            // points hold what the stage needs now, to a tenth below, fits at once; and it is
            // at least a tenth lower than now.
            let window = size.y / zoom.max(1e-3);
            let estimate = factor * window / (window + o.over);
            factor = ((estimate * 10.0 + 1e-3).floor() / 10.0)
                .min(factor - 0.1)
                .max(least);
            self.fitted.insert((section, step), factor);
            self.seen = 0;
        }
        factor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_that_overflows_is_lowered_once_measured_twice_and_kept() {
        let ctx = Context::default();
        let mut fit = StageFit::default();
        let size = egui::vec2(1024.0, 768.0);
        let vp = ViewportId::ROOT;
        assert_eq!(fit.factor(&ctx, vp, size, 1.5, (2, 0)), 1.5);
        note(&ctx, 2, 120.0);
        assert_eq!(
            fit.factor(&ctx, vp, size, 1.5, (2, 0)),
            1.5,
            "measured once"
        );
        let lowered = fit.factor(&ctx, vp, size, 1.5, (2, 0));
        assert!((1.0..1.5).contains(&lowered), "{lowered}");
        // Another section, or another step, is not lowered; this one keeps its factor.
        assert_eq!(fit.factor(&ctx, vp, size, 1.5, (2, 1)), 1.5);
        note(&ctx, 2, 0.0);
        assert_eq!(fit.factor(&ctx, vp, size, 1.5, (3, 0)), 1.5);
        assert_eq!(fit.factor(&ctx, vp, size, 1.5, (2, 0)), lowered);
        // Never below the normal size; a new factor or window starts afresh.
        for _ in 0..20 {
            note(&ctx, 2, 500.0);
            fit.factor(&ctx, vp, size, 1.5, (2, 0));
        }
        assert_eq!(fit.factor(&ctx, vp, size, 1.5, (2, 0)), 1.0);
        assert_eq!(fit.factor(&ctx, vp, size, 1.4, (2, 0)), 1.4);
        assert_eq!(fit.factor(&ctx, vp, size, 0.8, (2, 0)), 0.8);
    }
}
