//! The one way a section starts a chunked Monte Carlo model: in the background through the
//! parallel driver, its merged prefix streaming to the UI as it grows ([`spawn_mc`]); plus the
//! sliders Monte Carlo sections share (sample sizes and percentages).

use egui::{Response, Ui};

use crate::lesson::quantity as fmt;
use crate::runner::parallel::{self, Options};
use crate::runner::{Runner, Task};
use crate::sim::ParamSpec;
use crate::sim::mc::Chunked;
use crate::ui::{kit::a11y, kit::params, kit::widgets};

/// Starts `model` with `seed` on the parallel driver, publishing its merged prefix as it
/// grows. `view` turns the merged chunks so far into what the section draws; it runs on the
/// worker thread for every partial report and for the final result.
pub fn spawn_mc<M, V, R>(runner: &Runner, name: &str, model: M, seed: u64, view: V) -> Task<R>
where
    M: Chunked + Send + 'static,
    V: Fn(&M, &M::Acc) -> R + Send + 'static,
    R: Send + 'static,
{
    // One core is left for the UI thread, so frames stay smooth while a long run streams;
    // inline runs (tests) stay on one thread. The result is the same bits either way.
    let threads = if runner.is_inline() {
        1
    } else {
        (parallel::resolve_threads(0) - 1).max(1)
    };
    runner.spawn(name, move |r| {
        let options = Options {
            threads,
            ..Options::default()
        };
        let out = parallel::run(&model, seed, &options, r.cancel_flag(), |p| {
            r.report(view(&model, p.acc), p.samples_done, p.samples);
        });
        // A cancelled run publishes nothing more; the runner discards this value.
        // A cancelled run publishes nothing more (the runner discards this value); a failed
        // one fails the task, and the section shows why.
        let acc = parallel::settle(out, || model.empty());
        view(&model, &acc)
    })
}

/// A slider for a whole-number sample size (which may exceed `u32`), shown with thousands
/// separators.
pub fn count_slider(ui: &mut Ui, spec: &ParamSpec, value: &mut u64) -> Response {
    let mut v = spec.clamp(*value as f64);
    let memo = ui.next_auto_id().with("count-slider-id");
    a11y::slider_keys(
        ui,
        ui.data(|d| d.get_temp(memo)),
        spec.min..=spec.max,
        &mut v,
    );
    let slider = egui::Slider::new(&mut v, spec.min..=spec.max)
        .logarithmic(spec.log)
        .integer()
        .clamping(egui::SliderClamping::Always)
        .text(params::label(spec))
        .custom_parser(|s| s.trim().replace([',', ' ', '_'], "").parse::<f64>().ok());
    let format = |v: f64, _| fmt::fmt_int(v.max(0.0).round() as u64);
    let r = a11y::add_slider(ui, slider, params::label(spec), format, "");
    ui.data_mut(|d| d.insert_temp(memo, r.id));
    *value = spec.clamp(v) as u64;
    widgets::claim_arrow_keys(ui, &r);
    r
}

/// A slider for a probability, shown and typed as a percentage. `log` spreads small values
/// out (with `0` still reachable at the left end).
pub fn percent_slider(ui: &mut Ui, spec: &ParamSpec, value: &mut f64, log: bool) -> Response {
    *value = spec.clamp(*value);
    let memo = ui.next_auto_id().with("percent-slider-id");
    a11y::slider_keys(
        ui,
        ui.data(|d| d.get_temp(memo)),
        spec.min..=spec.max,
        value,
    );
    let slider = egui::Slider::new(value, spec.min..=spec.max)
        .logarithmic(log)
        .smallest_positive(1e-4)
        .clamping(egui::SliderClamping::Always)
        .text(params::label(spec))
        .custom_parser(|s| {
            s.trim()
                .trim_end_matches('%')
                .trim()
                .parse::<f64>()
                .ok()
                .map(|p| p / 100.0)
        });
    let format = |v: f64, _| fmt::pct_rounded(v, 2);
    let r = a11y::add_slider(ui, slider, params::label(spec), format, "");
    ui.data_mut(|d| d.insert_temp(memo, r.id));
    *value = spec.clamp(*value);
    widgets::claim_arrow_keys(ui, &r);
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Valid;
    use crate::sim::mc::run_sequential;
    use crate::sim::renewal::{RenewalParams, RenewalSim};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    #[test]
    fn streams_partial_results_then_the_sequential_answer() {
        let params = RenewalParams {
            runs: 3_000_000,
            ..Default::default()
        };
        let sim = RenewalSim::new(&Valid::checked(params).unwrap());
        let want = run_sequential(&sim, 5);
        let runner = Runner::threaded(Arc::new(|| {}));
        let stream = spawn_mc(&runner, "test", sim, 5, |_, acc| acc.clone());
        let start = Instant::now();
        let mut partial = false;
        while !stream.is_finished() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the run did not finish"
            );
            {
                let s = stream.published();
                if let Some(acc) = &s.result {
                    partial |= acc.runs < params.runs;
                    assert_eq!(acc.runs, s.done, "the merged prefix matches the count done");
                }
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(partial, "some partial result was shown before the end");
        assert_eq!(
            stream.published().result.as_ref(),
            Some(&want),
            "same bits as one thread"
        );
    }
}
