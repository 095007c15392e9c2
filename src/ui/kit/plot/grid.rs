//! Grid marks: round 1–2–5 steps on linear axes, decades on log axes, and their labels.

use egui_plot::GridMark;

/// Grid marks at 1–2–5 steps, about eight labelled ones across the visible range, and no
/// labelled step below `min_major` (0 for none).
pub fn nice_grid(input: egui_plot::GridInput, min_major: f64) -> Vec<egui_plot::GridMark> {
    let (lo, hi) = input.bounds;
    let range = hi - lo;
    if !(range.is_finite() && range > 0.0) {
        return Vec::new();
    }
    let raw = (range / 8.0).max(min_major);
    let mag = 10f64.powf(raw.log10().floor());
    let major = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag);
    let minor = major / 5.0;
    let first = (lo / minor).ceil() as i64;
    let last = (hi / minor).floor() as i64;
    (first..=last)
        .map(|i| {
            let v = i as f64 * minor;
            let on_major = (v / major - (v / major).round()).abs() < 1e-9;
            egui_plot::GridMark {
                value: v,
                step_size: if on_major { major } else { minor },
            }
        })
        .collect()
}

/// Grid marks at 1–2–5 steps on an x axis whose numbers are each labelled with room between
/// them: no labelled step narrower than egui_plot's least label spacing, at any width (its
/// own marks step by tens only, so a narrow time axis of 9 ms labels only its 0).
pub fn spaced_x_grid(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    // (The base step is the one `GRID_SPACING_MIN` points wide.)
    let points = f64::from(super::X_LABEL_SPACING + 10.0);
    let least = input.base_step_size / GRID_SPACING_MIN * points;
    nice_grid(input, least)
}

/// Grid marks at whole numbers (bars of counts: 0, 1, 2…), each labelled where it has the
/// room of [`spaced_x_grid`], else every 2nd, 5th or 10th…: a reader can tell which bar is
/// which.
pub fn whole_x_grid(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    let points = f64::from(super::X_LABEL_SPACING + 10.0);
    let least = (input.base_step_size / GRID_SPACING_MIN * points).max(1.0);
    let mag = 10f64.powf(least.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= least)
        .unwrap_or(10.0 * mag)
        .round()
        .max(1.0);
    let (lo, hi) = input.bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 1e6 {
        return Vec::new();
    }
    (lo.ceil() as i64..=hi.floor() as i64)
        .map(|i| {
            let v = i as f64;
            let labelled = (v / step - (v / step).round()).abs() < 1e-9;
            egui_plot::GridMark {
                value: v,
                step_size: if labelled { step } else { 1.0 },
            }
        })
        .collect()
}

/// egui_plot's least spacing between grid lines, in points (its default).
const GRID_SPACING_MIN: f64 = 8.0;

/// A grid label with as many decimals as its step needs (`25.5` on a 0.5 step, `20` on 20,
/// `25` on a 0.5 step, `10,000`), by the lesson's one rule for numbers
/// ([`crate::lesson::quantity::fmt_sig`]).
pub fn grid_label(m: egui_plot::GridMark) -> String {
    let decimals = (-m.step_size.log10().floor()).max(0.0) as i32;
    // Significant digits enough for the step's last decimal.
    let magnitude = if m.value == 0.0 {
        0
    } else {
        m.value.abs().log10().floor() as i32
    };
    let digits = (magnitude + 1 + decimals).max(1) as usize;
    crate::lesson::quantity::fmt_sig(m.value, digits)
}

/// Grid marks on a log10 axis: every decade (labelled), and `minor` multiples inside it.
pub fn log_marks(bounds: (f64, f64), minor: &[f64]) -> Vec<GridMark> {
    log_marks_every(bounds, minor, 1)
}

/// Grid marks on a log10 axis as [`log_marks`], every `every`-th decade's step counted that
/// many decades wide: where a narrow figure leaves too little room between two decades for
/// their numbers, egui_plot labels every `every`-th one instead of none.
pub fn log_marks_every(bounds: (f64, f64), minor: &[f64], every: i32) -> Vec<GridMark> {
    let every = every.max(1);
    let mut marks = Vec::new();
    let (lo, hi) = bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 400.0 {
        return marks;
    }
    for d in (lo.floor() as i32)..=(hi.ceil() as i32) {
        for &m in minor {
            let v = f64::from(d) + m.log10();
            if v >= lo && v <= hi {
                let step = match (m == 1.0, d % every == 0) {
                    (true, true) => f64::from(every),
                    (true, false) => 1.0,
                    (false, _) => 0.1,
                };
                marks.push(GridMark {
                    value: v,
                    step_size: step,
                });
            }
        }
    }
    marks
}

/// Grid marks every decade of the fraction, stronger every second decade (the ones the fraction
/// axis labels; the crash-wait axis labels every fourth).
pub fn decade_marks(bounds: (f64, f64)) -> Vec<GridMark> {
    decade_marks_every(bounds, 2)
}

/// Grid marks every decade, stronger every `every`-th one (the decades an axis labels).
pub fn decade_marks_every(bounds: (f64, f64), every: i32) -> Vec<GridMark> {
    let (lo, hi) = bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi - lo > 400.0 {
        return Vec::new();
    }
    let every = every.max(1);
    ((lo.floor() as i32)..=(hi.ceil() as i32))
        .filter(|&d| f64::from(d) >= lo && f64::from(d) <= hi)
        .map(|d| {
            // Every labelled decade gets the same weight, so all labels look alike; its step
            // is the distance to the next labelled one, which egui_plot uses to keep labels
            // from overprinting.
            let step = if d % every == 0 {
                f64::from(every)
            } else {
                1.0
            };
            GridMark {
                value: f64::from(d),
                step_size: step,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_time_axis_labels_steps_of_its_width_not_only_its_tens() {
        // 9.45 ms across 500 points (egui_plot's base step is the 8-point one): its own marks
        // step by tens, so only 0 had a label; these label every 2 ms, 70 points or more apart.
        let marks = spaced_x_grid(egui_plot::GridInput {
            bounds: (0.0, 9.45),
            base_step_size: 9.45 / 500.0 * 8.0,
        });
        let major: Vec<f64> = marks
            .iter()
            .filter(|m| m.step_size == 2.0)
            .map(|m| m.value)
            .collect();
        assert_eq!(major, vec![0.0, 2.0, 4.0, 6.0, 8.0]);
        // Half as wide, the labelled step doubles rather than the labels crowding.
        let narrow = spaced_x_grid(egui_plot::GridInput {
            bounds: (0.0, 9.45),
            base_step_size: 9.45 / 250.0 * 8.0,
        });
        let step = narrow.iter().map(|m| m.step_size).fold(0.0, f64::max);
        assert!(step / 9.45 * 250.0 >= 70.0, "{step}");
    }

    #[test]
    fn nice_grid_labels_round_numbers() {
        let marks = nice_grid(
            egui_plot::GridInput {
                bounds: (0.0, 118.0),
                base_step_size: 0.1,
            },
            0.0,
        );
        let major: Vec<f64> = marks
            .iter()
            .filter(|m| m.step_size == 20.0)
            .map(|m| m.value)
            .collect();
        assert_eq!(major, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        assert!(marks.iter().all(|m| m.value >= 0.0 && m.value <= 118.0));
        assert!(
            nice_grid(
                egui_plot::GridInput {
                    bounds: (1.0, 1.0),
                    base_step_size: 0.1
                },
                0.0
            )
            .is_empty()
        );
        // Tokens are whole numbers: never a labelled step below one.
        let tokens = nice_grid(
            egui_plot::GridInput {
                bounds: (105.0, 109.0),
                base_step_size: 0.01,
            },
            1.0,
        );
        assert!(
            tokens
                .iter()
                .filter(|m| m.step_size >= 1.0)
                .all(|m| m.value.fract() == 0.0)
        );
        let m = |value, step_size| egui_plot::GridMark { value, step_size };
        assert_eq!(grid_label(m(25.5, 0.5)), "25.5");
        assert_eq!(grid_label(m(20.0, 20.0)), "20");
        assert_eq!(grid_label(m(0.25, 0.05)), "0.25");
    }

    #[test]
    fn marks_label_the_right_decades() {
        let m = decade_marks((-16.0, 0.3));
        assert_eq!(m.len(), 17);
        // A labelled decade's step is the distance to the next labelled one.
        assert_eq!(m.iter().filter(|g| g.step_size == 2.0).count(), 9);
        assert_eq!(m, decade_marks_every((-16.0, 0.3), 2));
        let counts = decade_marks_every((-0.3, 4.5), 1);
        assert_eq!(counts.len(), 5);
        assert!(counts.iter().all(|g| g.step_size == 1.0));
        assert!(decade_marks_every((f64::NAN, 1.0), 1).is_empty());
        let x = log_marks((-1.05, 2.53), &[1.0, 2.0, 5.0]);
        assert_eq!(x.iter().filter(|g| g.step_size == 1.0).count(), 4);
        // Every second decade (1 and 100) counted two decades wide, the others one.
        let every = log_marks_every((-1.05, 2.53), &[1.0, 2.0, 5.0], 2);
        let wide: Vec<f64> = every
            .iter()
            .filter(|g| g.step_size == 2.0)
            .map(|g| g.value)
            .collect();
        assert_eq!(wide, vec![0.0, 2.0]);
        assert_eq!(every.iter().filter(|g| g.step_size == 1.0).count(), 2);
        assert_eq!(every.len(), x.len());
    }
}
