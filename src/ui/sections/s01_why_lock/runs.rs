//! Section 1's runs: the counter without and with the lock (same parameters and seed), and
//! the lost updates averaged over seeds for every number of workers.

use std::sync::Arc;

use egui_plot::PlotPoint;

use crate::runner::{Runner, Task};
use crate::sim::Valid;
use crate::sim::counter::{self, CounterParams, CounterRun};

/// Seeds averaged for each point of the lost-updates curve.
pub const CURVE_SEEDS: u64 = 8;
/// Most points drawn for one counter line.
const MAX_POINTS: usize = 1500;

/// What a run depends on: the parameters (lock off: both modes run anyway) and the seed.
pub type RunKey = (CounterParams, u64);

/// One run without and one with the lock, same parameters and seed.
pub struct Pair {
    /// The inputs of these runs.
    pub key: RunKey,
    pub off: Series,
    pub on: Series,
}

/// A run plus its counter line, thinned out for drawing.
pub struct Series {
    pub run: CounterRun,
    points: Vec<PlotPoint>,
}

impl Series {
    fn new(run: CounterRun) -> Self {
        let step = (run.writes.len() / MAX_POINTS).max(1);
        let mut points = vec![PlotPoint::new(0.0, 0.0)];
        points.extend(
            run.writes
                .iter()
                .enumerate()
                .filter(|(i, _)| i % step == 0 || *i + 1 == run.writes.len())
                .map(|(_, w)| PlotPoint::new(w.t_ms, w.counter as f64)),
        );
        Self { run, points }
    }

    /// The line up to simulated time `t_ms`, and the counter and number of writes by then.
    pub fn until(&self, t_ms: f64) -> (Vec<PlotPoint>, u64, usize) {
        let n = self.points.partition_point(|p| p.x <= t_ms);
        let done = self.run.writes.partition_point(|w| w.t_ms <= t_ms);
        let counter = if done == 0 {
            0
        } else {
            self.run.writes[done - 1].counter
        };
        let mut pts = self.points[..n].to_vec();
        if t_ms > 0.0 && t_ms < self.run.elapsed_ms {
            pts.push(PlotPoint::new(t_ms, counter as f64));
        }
        (pts, counter, done)
    }
}

pub fn spawn_runs(runner: &Runner, key: RunKey) -> Task<Arc<Pair>> {
    runner.spawn("counter", move |_| {
        let (params, seed) = key;
        let run = |lock: bool| {
            let p = Valid::clamped(CounterParams { lock, ..params });
            Series::new(counter::run(&p, seed))
        };
        Arc::new(Pair {
            key,
            off: run(false),
            on: run(true),
        })
    })
}

pub fn spawn_curve(runner: &Runner, (params, seed): RunKey) -> Task<Vec<[f64; 2]>> {
    runner.spawn("lost-curve", move |r| {
        let seeds: Vec<u64> = (0..CURVE_SEEDS).map(|i| seed.wrapping_add(i)).collect();
        let max = counter::WORKERS.max as u32;
        let mut pts = Vec::with_capacity(max as usize);
        for w in 1..=max {
            if r.cancelled() {
                break;
            }
            pts.push([f64::from(w), counter::mean_lost(&params, w, &seeds)]);
            r.report(pts.clone(), u64::from(w), u64::from(max));
        }
        pts
    })
}
