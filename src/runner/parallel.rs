//! Runs a chunked Monte Carlo model on several threads with exactly the result of running it
//! on one.
//!
//! Worker threads (a rayon pool owned by the run, so the thread count is the caller's choice)
//! take chunk numbers in increasing order and send each chunk's result back. The calling
//! thread merges results strictly in chunk order (the only order that defines the answer),
//! reports the merged prefix as it grows, and stops everything when the cancel flag is set:
//! workers look at the flag before every chunk, and a chunk takes well under a millisecond,
//! so a stale job ends within a few milliseconds.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::sim::mc::Chunked;

/// How a run is carried out (never what it computes: any options give the same result).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// The shortest time between two progress reports (the first and last always come).
    pub progress_every: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            threads: 0,
            progress_every: Duration::from_millis(30),
        }
    }
}

impl Options {
    /// All cores, progress at most every 30 ms.
    pub fn with_threads(threads: usize) -> Self {
        Self {
            threads,
            ..Self::default()
        }
    }
}

/// The merged prefix of a run in progress: chunks `0..chunks_done`, in order.
#[derive(Debug)]
pub struct Progress<'a, A> {
    pub chunks_done: u64,
    pub chunks: u64,
    pub samples_done: u64,
    pub samples: u64,
    /// The merged result so far: a model turns it into a running estimate.
    pub acc: &'a A,
}

impl<A> Progress<'_, A> {
    /// Fraction of the work done, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.samples == 0 {
            1.0
        } else {
            self.samples_done as f64 / self.samples as f64
        }
    }
}

/// The run was stopped through its cancel flag before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled {
    /// Chunks merged before it stopped.
    pub chunks_done: u64,
}

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cancelled after {} chunks", self.chunks_done)
    }
}

impl std::error::Error for Cancelled {}

/// The number of worker threads `threads` stands for (0 = one per core).
pub fn resolve_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// How far ahead of the merged prefix a worker may start a chunk: bounds the results waiting
/// to be merged, so memory stays fixed however long the run.
const LOOKAHEAD: u64 = 64;

/// Runs `model` with `seed` to the end, reporting progress, unless `cancel` is set first.
///
/// The result is bit-identical to [`crate::sim::mc::run_sequential`] for every thread count.
pub fn run<M: Chunked>(
    model: &M,
    seed: u64,
    options: &Options,
    cancel: &AtomicBool,
    mut progress: impl FnMut(&Progress<'_, M::Acc>),
) -> Result<M::Acc, Cancelled> {
    let chunks = model.chunks();
    let threads = resolve_threads(options.threads).min(chunks.max(1) as usize);
    let mut reporter = Reporter {
        model,
        chunks,
        every: options.progress_every,
        last: None,
    };
    if threads <= 1 {
        return run_here(model, seed, cancel, &mut reporter, &mut progress);
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        // No threads to be had: do the same work here.
        Err(_) => return run_here(model, seed, cancel, &mut reporter, &mut progress),
    };

    let next = AtomicU64::new(0);
    let merged_upto = AtomicU64::new(0);
    let (tx, rx) = mpsc::channel::<(u64, M::Acc)>();
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, merged_upto) = (&next, &merged_upto);
            scope.spawn(move |_| {
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= chunks {
                        return;
                    }
                    while k >= merged_upto.load(Ordering::Acquire) + LOOKAHEAD {
                        if cancel.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(Duration::from_micros(100));
                    }
                    if tx.send((k, model.run_chunk(seed, k))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);

        let mut acc = model.empty();
        let mut waiting: BTreeMap<u64, M::Acc> = BTreeMap::new();
        let mut done = 0u64;
        while done < chunks {
            if cancel.load(Ordering::Relaxed) {
                return Err(Cancelled { chunks_done: done });
            }
            match rx.recv_timeout(Duration::from_millis(2)) {
                Ok((k, part)) => {
                    waiting.insert(k, part);
                    let before = done;
                    while let Some(part) = waiting.remove(&done) {
                        model.merge(&mut acc, &part);
                        done += 1;
                    }
                    if done > before {
                        merged_upto.store(done, Ordering::Release);
                        reporter.report(done, &acc, &mut progress);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Every worker has stopped: only a cancel does that before the end.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(Cancelled { chunks_done: done });
                }
            }
        }
        Ok(acc)
    })
}

/// Runs `model` to the end on `threads` threads (0 = all cores), without progress reports.
pub fn run_to_end<M: Chunked>(model: &M, seed: u64, threads: usize) -> M::Acc {
    let never = AtomicBool::new(false);
    let options = Options {
        threads,
        progress_every: Duration::MAX,
    };
    match run(model, seed, &options, &never, |_| {}) {
        Ok(acc) => acc,
        Err(_) => unreachable!("a run without a cancel flag always finishes"),
    }
}

struct Reporter<'m, M> {
    model: &'m M,
    chunks: u64,
    every: Duration,
    last: Option<Instant>,
}

impl<M: Chunked> Reporter<'_, M> {
    fn report(
        &mut self,
        done: u64,
        acc: &M::Acc,
        progress: &mut impl FnMut(&Progress<'_, M::Acc>),
    ) {
        let due = match self.last {
            None => true,
            Some(t) => t.elapsed() >= self.every,
        };
        if due || done == self.chunks {
            self.last = Some(Instant::now());
            progress(&Progress {
                chunks_done: done,
                chunks: self.chunks,
                samples_done: self.model.samples_in(done),
                samples: self.model.samples(),
                acc,
            });
        }
    }
}

fn run_here<M: Chunked>(
    model: &M,
    seed: u64,
    cancel: &AtomicBool,
    reporter: &mut Reporter<'_, M>,
    progress: &mut impl FnMut(&Progress<'_, M::Acc>),
) -> Result<M::Acc, Cancelled> {
    let mut acc = model.empty();
    for k in 0..model.chunks() {
        if cancel.load(Ordering::Relaxed) {
            return Err(Cancelled { chunks_done: k });
        }
        let part = model.run_chunk(seed, k);
        model.merge(&mut acc, &part);
        reporter.report(k + 1, &acc, progress);
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::failover::{FailoverParams, FailoverSim};
    use crate::sim::mc::run_sequential;
    use crate::sim::renewal::{RenewalParams, RenewalSim};
    use crate::sim::ttl::{TtlParams, TtlSim};

    #[test]
    fn every_thread_count_gives_the_same_bits() {
        let ttl = TtlSim::new(&TtlParams {
            holds: 700_001,
            ttl_s: 1.0,
            ..Default::default()
        })
        .unwrap();
        let renewal = RenewalSim::new(&RenewalParams {
            runs: 100_003,
            ..Default::default()
        })
        .unwrap();
        let failover = FailoverSim::new(&FailoverParams {
            failovers: 30_001,
            ..Default::default()
        })
        .unwrap();
        let (t1, r1, f1) = (
            run_sequential(&ttl, 8),
            run_sequential(&renewal, 8),
            run_sequential(&failover, 8),
        );
        for threads in [1, 2, 4, 7] {
            assert_eq!(run_to_end(&ttl, 8, threads), t1, "ttl, {threads} threads");
            assert_eq!(
                run_to_end(&renewal, 8, threads),
                r1,
                "renewal, {threads} threads"
            );
            assert_eq!(
                run_to_end(&failover, 8, threads),
                f1,
                "failover, {threads} threads"
            );
        }
        assert_ne!(run_to_end(&ttl, 9, 2), t1);
    }

    #[test]
    fn progress_reports_a_growing_prefix_and_ends_complete() {
        let sim = TtlSim::new(&TtlParams {
            holds: 600_000,
            ..Default::default()
        })
        .unwrap();
        let never = AtomicBool::new(false);
        let options = Options {
            threads: 3,
            progress_every: Duration::ZERO,
        };
        let mut seen = Vec::new();
        let acc = run(&sim, 1, &options, &never, |p| {
            assert_eq!(p.acc.holds, p.samples_done);
            seen.push(p.chunks_done);
        })
        .unwrap();
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert_eq!(*seen.last().unwrap(), sim.chunks());
        assert_eq!(acc, run_sequential(&sim, 1));
    }

    #[test]
    fn a_cancelled_run_stops_promptly() {
        // Far too big to finish during the test: 100 million holds.
        let sim = TtlSim::new(&TtlParams {
            holds: 100_000_000,
            ..Default::default()
        })
        .unwrap();
        for threads in [1, 2] {
            let cancel = AtomicBool::new(false);
            let started = Instant::now();
            let mut cancelled_at = None;
            let options = Options {
                threads,
                progress_every: Duration::ZERO,
            };
            let out = run(&sim, 1, &options, &cancel, |p| {
                if p.chunks_done >= 3 && cancelled_at.is_none() {
                    cancel.store(true, Ordering::Relaxed);
                    cancelled_at = Some(Instant::now());
                }
            });
            let stopped = cancelled_at.expect("progress was reported").elapsed();
            let err = out.unwrap_err();
            assert!(err.chunks_done >= 3 && err.chunks_done < sim.chunks());
            // Generous for a loaded machine; a chunk takes well under a millisecond.
            assert!(
                stopped < Duration::from_millis(200),
                "took {stopped:?} to stop"
            );
            assert!(started.elapsed() < Duration::from_secs(20));
        }
        // Set before the start: nothing runs.
        let cancel = AtomicBool::new(true);
        assert_eq!(
            run(&sim, 1, &Options::with_threads(2), &cancel, |_| {})
                .unwrap_err()
                .chunks_done,
            0
        );
    }

    #[test]
    fn thread_count_zero_means_all_cores() {
        assert!(resolve_threads(0) >= 1);
        assert_eq!(resolve_threads(3), 3);
    }
}
