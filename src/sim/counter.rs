//! Section 1, "Why a lock": workers incrementing a shared counter, with and without a lock.
//!
//! A seeded discrete-event simulation. Each of `workers` workers performs `increments`
//! increments. One increment is: wait a gap `G ~ Exp(mean gap_ms)` (also before the first),
//! read the counter, think for `T ~ Exp(mean think_ms)`, then write back what it read plus one.
//! With the lock on, a worker takes a FIFO lock before reading and releases it after writing.
//! Events that fall at the same instant run in the order they were scheduled.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp};

use super::params::Valid;
use super::schema::{Schema, Switch};

crate::param_specs! {
    pub WORKERS = new("workers", "", 1.0, 20.0, 5.0).whole();
    pub INCREMENTS = new("increments", "", 10.0, 1000.0, 200.0).whole().log();
    pub THINK_MS = new("think-ms", "ms", 0.1, 20.0, 2.0).log();
    pub GAP_MS = new("gap-ms", "ms", 0.1, 20.0, 2.0).log();
}

/// Parameters of the counter model. Build with [`CounterParams::default`] and adjust,
/// then make them [`Valid`] for [`run`].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CounterParams {
    pub workers: u32,
    pub increments: u32,
    pub think_ms: f64,
    pub gap_ms: f64,
    pub lock: bool,
}

crate::param_table!(CounterParams {
    workers: WORKERS,
    increments: INCREMENTS,
    think_ms: THINK_MS,
    gap_ms: GAP_MS,
} default { lock: false });

impl CounterParams {
    /// The value the counter should reach: workers × increments.
    pub fn expected(&self) -> u64 {
        u64::from(self.workers) * u64::from(self.increments)
    }
}

/// One write to the counter, for plotting and animation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Write {
    /// Simulated time of the write, in milliseconds.
    pub t_ms: f64,
    /// The worker that wrote.
    pub worker: u32,
    /// The counter after the write.
    pub counter: u64,
    /// Whether this write threw away someone else's increment (it wrote over a value it had
    /// not read).
    pub overwrote: bool,
}

/// The outcome of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterRun {
    pub params: CounterParams,
    pub seed: u64,
    pub final_counter: u64,
    pub lost_updates: u64,
    /// Simulated time of the last write, in milliseconds.
    pub elapsed_ms: f64,
    /// Every write in time order.
    pub writes: Vec<Write>,
}

/// What falls due for a worker at an event.
#[derive(Clone, Copy, Debug)]
enum Due {
    /// The gap is over: the worker wants to start an increment.
    Ready,
    /// Thinking is over: write `read + 1`.
    Write { read: u64 },
}

#[derive(Clone, Copy, Debug)]
struct Event {
    t: f64,
    seq: u64,
    worker: u32,
    kind: Due,
}

impl PartialEq for Event {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Event {}
impl PartialOrd for Event {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Event {
    /// Reversed so that `BinaryHeap` pops the earliest event, ties by scheduling order.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .t
            .total_cmp(&self.t)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

/// Runs the model. Equal parameters and seed give an identical result on every platform.
pub fn run(params: &Valid<CounterParams>, seed: u64) -> CounterRun {
    let p = **params;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Validated above: both means are finite and positive, so these cannot fail.
    let gap = Exp::new(1.0 / p.gap_ms).expect("positive gap");
    let think = Exp::new(1.0 / p.think_ms).expect("positive think time");

    let mut heap = BinaryHeap::new();
    let mut seq = 0u64;
    let mut schedule = |heap: &mut BinaryHeap<Event>, t: f64, worker: u32, kind: Due| {
        heap.push(Event {
            t,
            seq,
            worker,
            kind,
        });
        seq += 1;
    };
    for w in 0..p.workers {
        let g = gap.sample(&mut rng);
        schedule(&mut heap, g, w, Due::Ready);
    }

    let mut counter = 0u64;
    // Counter value each in-flight worker read; used to mark overwrites.
    let mut remaining = vec![p.increments; p.workers as usize];
    let mut lock_held = false;
    let mut queue: VecDeque<u32> = VecDeque::new();
    let mut writes = Vec::with_capacity(p.expected() as usize);

    while let Some(ev) = heap.pop() {
        match ev.kind {
            Due::Ready => {
                if p.lock && lock_held {
                    queue.push_back(ev.worker);
                } else {
                    lock_held = p.lock;
                    let t = think.sample(&mut rng);
                    schedule(&mut heap, ev.t + t, ev.worker, Due::Write { read: counter });
                }
            }
            Due::Write { read } => {
                let overwrote = read != counter;
                counter = read + 1;
                writes.push(Write {
                    t_ms: ev.t,
                    worker: ev.worker,
                    counter,
                    overwrote,
                });
                let left = &mut remaining[ev.worker as usize];
                *left -= 1;
                if *left > 0 {
                    let g = gap.sample(&mut rng);
                    schedule(&mut heap, ev.t + g, ev.worker, Due::Ready);
                }
                if p.lock {
                    // Hand the lock to the next in line; it reads right now.
                    if let Some(next) = queue.pop_front() {
                        let t = think.sample(&mut rng);
                        schedule(&mut heap, ev.t + t, next, Due::Write { read: counter });
                    } else {
                        lock_held = false;
                    }
                }
            }
        }
    }

    let elapsed_ms = writes.last().map_or(0.0, |w| w.t_ms);
    CounterRun {
        params: p,
        seed,
        final_counter: counter,
        lost_updates: p.expected() - counter,
        elapsed_ms,
        writes,
    }
}

/// Mean lost updates over `seeds` runs for each worker count in `workers` (the section's
/// curve). Pure and sequential; the runner calls it off the UI thread.
pub fn mean_lost(params: &CounterParams, workers: u32, seeds: &[u64]) -> f64 {
    let p = Valid::clamped(CounterParams {
        workers,
        lock: false,
        ..*params
    });
    let total: u64 = seeds.iter().map(|&s| run(&p, s).lost_updates).sum();
    total as f64 / seeds.len().max(1) as f64
}

impl Schema for CounterParams {
    const SWITCH: Option<Switch<Self>> = Some((
        "lock",
        "Take a FIFO lock around each read-think-write",
        |p| &mut p.lock,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::params::ParamError;

    /// The model on parameters checked first, as the command line does.
    fn checked_run(p: &CounterParams, seed: u64) -> Result<CounterRun, ParamError> {
        Valid::checked(*p).map(|v| run(&v, seed))
    }

    #[test]
    fn same_seed_same_run() {
        let p = CounterParams::default();
        assert_eq!(checked_run(&p, 7).unwrap(), checked_run(&p, 7).unwrap());
        assert_ne!(
            checked_run(&p, 7).unwrap().writes,
            checked_run(&p, 8).unwrap().writes
        );
    }

    #[test]
    fn with_the_lock_nothing_is_lost_and_work_is_serialised() {
        let p = CounterParams {
            lock: true,
            ..Default::default()
        };
        let mut total_elapsed = 0.0;
        for seed in 0..20 {
            let r = checked_run(&p, seed).unwrap();
            assert_eq!(r.final_counter, 1000);
            assert_eq!(r.lost_updates, 0);
            assert!(r.writes.iter().all(|w| !w.overwrote));
            total_elapsed += r.elapsed_ms;
        }
        // Serialised: the think times alone add up to W·N·t = 2000 ms per run on average.
        // The mean of 20 runs of 1000 exponential think times has a standard error of about
        // 2000/sqrt(20000) ≈ 14 ms, so 1950 is more than three standard errors below.
        assert!(
            total_elapsed / 20.0 >= 1950.0,
            "mean elapsed {}",
            total_elapsed / 20.0
        );
    }

    #[test]
    fn defaults_lose_about_two_thirds() {
        let p = CounterParams::default();
        let n = 40;
        let mean: f64 = (0..n)
            .map(|s| checked_run(&p, s).unwrap().final_counter as f64)
            .sum::<f64>()
            / n as f64;
        assert!((290.0..=350.0).contains(&mean), "mean final counter {mean}");
    }

    #[test]
    fn lost_updates_grow_with_workers() {
        let p = CounterParams::default();
        let seeds: Vec<u64> = (0..10).collect();
        let curve: Vec<f64> = [1, 2, 5, 10, 20]
            .iter()
            .map(|&w| mean_lost(&p, w, &seeds))
            .collect();
        assert_eq!(curve[0], 0.0, "one worker cannot lose an update");
        assert!(curve.windows(2).all(|w| w[0] < w[1]), "{curve:?}");
    }

    #[test]
    fn the_price_of_the_lock_is_time() {
        let off = checked_run(&CounterParams::default(), 3).unwrap();
        let on = checked_run(
            &CounterParams {
                lock: true,
                ..Default::default()
            },
            3,
        )
        .unwrap();
        assert!(on.elapsed_ms > 2.0 * off.elapsed_ms);
    }

    #[test]
    fn rejects_out_of_range() {
        let p = CounterParams {
            workers: 0,
            ..Default::default()
        };
        assert_eq!(checked_run(&p, 1).unwrap_err().flag, "workers");
        let p = CounterParams {
            think_ms: f64::NAN,
            ..Default::default()
        };
        assert_eq!(checked_run(&p, 1).unwrap_err().flag, "think-ms");
    }

    #[test]
    fn extremes_run() {
        for (w, n, t, g) in [
            (1, 10, 0.1, 0.1),
            (20, 1000, 20.0, 0.1),
            (20, 1000, 0.1, 20.0),
        ] {
            for lock in [false, true] {
                let p = CounterParams {
                    workers: w,
                    increments: n,
                    think_ms: t,
                    gap_ms: g,
                    lock,
                };
                let r = checked_run(&p, 1).unwrap();
                assert!(r.final_counter >= u64::from(n) && r.final_counter <= p.expected());
                assert!(r.elapsed_ms.is_finite() && r.elapsed_ms > 0.0);
            }
        }
    }

    /// Any input a slider, a flag or a code can carry, clamped, runs without a NaN.
    #[test]
    fn clamped_extremes_run_without_nan() {
        use crate::sim::testutil::{EXTREMES, filled};
        for fill in EXTREMES {
            let r = run(&filled(fill), 1);
            assert!(r.elapsed_ms.is_finite(), "counter at {fill}");
        }
    }
}
