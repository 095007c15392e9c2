//! Runs a chunked Monte Carlo model on several threads with exactly the result of running it
//! on one.
//!
//! Worker tasks (as many as the caller asks for, on the app's one rayon pool of one thread per
//! core, made on first use) take chunk numbers in increasing order and send each chunk's result back. The calling
//! thread merges results strictly in chunk order (the only order that defines the answer),
//! reports the merged prefix as it grows, and stops everything when the cancel flag is set:
//! workers look at the flag before every chunk, and a chunk takes well under a millisecond,
//! so a stale job ends within a few milliseconds.
//!
//! A chunk that panics ends the run the same way: the panic is caught on its worker, the
//! other workers stop at their next look at the flags, and [`run`] returns
//! [`Stopped::Failed`] naming the chunk and the panic's message.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::sim::mc::Chunked;

/// How a run is carried out (never what it computes: any options give the same result).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// The shortest time between two partial reports (the first and last always come).
    pub report_every: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            threads: 0,
            report_every: Duration::from_millis(30),
        }
    }
}

impl Options {
    /// All cores, a partial report at most every 30 ms.
    pub fn with_threads(threads: usize) -> Self {
        Self {
            threads,
            ..Self::default()
        }
    }
}

/// The merged prefix of a run still going: chunks `0..chunks_done`, in order.
#[derive(Debug)]
pub struct Partial<'a, A> {
    pub chunks_done: u64,
    pub chunks: u64,
    pub samples_done: u64,
    pub samples: u64,
    /// The merged result so far: a model turns it into a running estimate.
    pub acc: &'a A,
}

impl<A> Partial<'_, A> {
    /// Fraction of the work done, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.samples == 0 {
            1.0
        } else {
            self.samples_done as f64 / self.samples as f64
        }
    }
}

/// Why a run ended before its last chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The cancel flag was set.
    Cancelled {
        /// Chunks merged before it stopped.
        chunks_done: u64,
    },
    /// A chunk panicked; the other workers were stopped.
    Failed(ChunkFailed),
}

impl Stopped {
    /// Chunks merged before the run stopped.
    pub fn chunks_done(&self) -> u64 {
        match self {
            Stopped::Cancelled { chunks_done } => *chunks_done,
            Stopped::Failed(f) => f.chunks_done,
        }
    }
}

/// A chunk's `run_chunk` panicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkFailed {
    /// The chunk that failed (the first reported, if several did).
    pub chunk: u64,
    /// The panic's message.
    pub message: String,
    /// Chunks merged before the run stopped.
    pub chunks_done: u64,
}

impl std::fmt::Display for ChunkFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let values = [
            ("chunk", self.chunk.to_string()),
            ("message", self.message.clone()),
        ];
        f.write_str(&tf!("stage.run.chunk_failed", &values))
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Cancelled { chunks_done } => {
                let values = [("n", chunks_done.to_string())];
                f.write_str(&tf!("stage.run.cancelled", &values))
            }
            Stopped::Failed(failed) => failed.fmt(f),
        }
    }
}

impl std::error::Error for Stopped {}

/// The end of a run inside a runner task: the result, or for a cancelled run `cancelled()`
/// (which the runner discards). A failed run fails the task with the chunk's message, so the
/// section shows its failed state; no panic message is printed a second time.
pub fn settle<A>(out: Result<A, Stopped>, cancelled: impl FnOnce() -> A) -> A {
    match out {
        Ok(acc) => acc,
        Err(Stopped::Cancelled { .. }) => cancelled(),
        Err(Stopped::Failed(f)) => std::panic::resume_unwind(Box::new(f.to_string())),
    }
}

/// The app's worker threads for Monte Carlo runs: one rayon pool of one thread per core, made
/// on first use and shared by every run (`None` when no thread could be started). A run asks
/// for its own number of worker tasks; with more tasks than threads they take turns, and the
/// result is the same.
pub fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(resolve_threads(0))
            .thread_name(|i| format!("monte-carlo-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

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

/// Runs `model` with `seed` to the end, reporting partial results, unless `cancel` is set first.
///
/// The result is bit-identical to [`crate::sim::mc::run_sequential`] for every thread count.
pub fn run<M: Chunked>(
    model: &M,
    seed: u64,
    options: &Options,
    cancel: &AtomicBool,
    mut on_partial: impl FnMut(&Partial<'_, M::Acc>),
) -> Result<M::Acc, Stopped> {
    let chunks = model.chunks();
    let threads = resolve_threads(options.threads).min(chunks.max(1) as usize);
    let mut reporter = Reporter {
        model,
        chunks,
        every: options.report_every,
        last: None,
    };
    if threads <= 1 {
        return run_here(model, seed, cancel, &mut reporter, &mut on_partial);
    }
    let Some(pool) = pool() else {
        // No threads to be had: do the same work here.
        return run_here(model, seed, cancel, &mut reporter, &mut on_partial);
    };

    let next = AtomicU64::new(0);
    let merged_upto = AtomicU64::new(0);
    // Set when a chunk fails: the other workers stop as they would for a cancel.
    let failed = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<(u64, M::Acc), (u64, String)>>();
    pool.in_place_scope(|scope| {
        // However the merging below ends (a result, an error, a panic in `on_partial`), the
        // workers stop rather than wait in the look-ahead for merges that will never come.
        let _stop_workers = SetOnDrop(&failed);
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, merged_upto, failed) = (&next, &merged_upto, &failed);
            let stop = move || cancel.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed);
            scope.spawn(move |_| {
                loop {
                    if stop() {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= chunks {
                        return;
                    }
                    while k >= merged_upto.load(Ordering::Acquire) + LOOKAHEAD {
                        if stop() {
                            return;
                        }
                        std::thread::sleep(Duration::from_micros(100));
                    }
                    let part = run_chunk(model, seed, k);
                    let failing = part.is_err();
                    if failing {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if tx.send(part.map(|p| (k, p))).is_err() || failing {
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
                return Err(Stopped::Cancelled { chunks_done: done });
            }
            match rx.recv_timeout(Duration::from_millis(2)) {
                Ok(Ok((k, part))) => {
                    waiting.insert(k, part);
                    let before = done;
                    while let Some(part) = waiting.remove(&done) {
                        model.merge(&mut acc, &part);
                        done += 1;
                    }
                    if done > before {
                        merged_upto.store(done, Ordering::Release);
                        reporter.report(done, &acc, &mut on_partial);
                    }
                }
                // The other workers have seen `failed` and stop after their current chunk.
                Ok(Err((chunk, message))) => {
                    return Err(Stopped::Failed(ChunkFailed {
                        chunk,
                        message,
                        chunks_done: done,
                    }));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        if done < chunks {
            // Every worker has stopped without a failure: only a cancel does that.
            return Err(Stopped::Cancelled { chunks_done: done });
        }
        Ok(acc)
    })
}

/// Sets its flag when dropped.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Fault injection for tests: `model`, except that chunk `at` panics.
#[doc(hidden)]
pub struct FailAt<'m, M> {
    pub model: &'m M,
    pub at: u64,
}

impl<M: Chunked> Chunked for FailAt<'_, M> {
    type Acc = M::Acc;
    fn samples(&self) -> u64 {
        self.model.samples()
    }
    const CHUNK_SIZE: u64 = M::CHUNK_SIZE;
    fn empty(&self) -> M::Acc {
        self.model.empty()
    }
    fn run_chunk(&self, seed: u64, chunk: u64) -> M::Acc {
        assert!(chunk != self.at, "injected failure");
        self.model.run_chunk(seed, chunk)
    }
    fn merge(&self, into: &mut M::Acc, other: &M::Acc) {
        self.model.merge(into, other);
    }
}

/// Runs chunk `k`, catching a panic as `(k, message)`.
fn run_chunk<M: Chunked>(model: &M, seed: u64, k: u64) -> Result<M::Acc, (u64, String)> {
    catch_unwind(AssertUnwindSafe(|| model.run_chunk(seed, k)))
        .map_err(|panic| (k, super::panic_message(panic.as_ref())))
}

/// Runs `model` to the end on `threads` threads (0 = all cores), without partial reports.
///
/// # Panics
/// When a chunk fails, this panics (without running the panic hook again) with a
/// [`ChunkFailed`] message naming the chunk and its panic's message.
pub fn run_to_end<M: Chunked>(model: &M, seed: u64, threads: usize) -> M::Acc {
    let never = AtomicBool::new(false);
    let options = Options {
        threads,
        report_every: Duration::MAX,
    };
    settle(run(model, seed, &options, &never, |_| {}), || {
        unreachable!("a run without a cancel flag always finishes")
    })
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
        on_partial: &mut impl FnMut(&Partial<'_, M::Acc>),
    ) {
        let due = match self.last {
            None => true,
            Some(t) => t.elapsed() >= self.every,
        };
        if due || done == self.chunks {
            self.last = Some(Instant::now());
            on_partial(&Partial {
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
    on_partial: &mut impl FnMut(&Partial<'_, M::Acc>),
) -> Result<M::Acc, Stopped> {
    let mut acc = model.empty();
    for k in 0..model.chunks() {
        if cancel.load(Ordering::Relaxed) {
            return Err(Stopped::Cancelled { chunks_done: k });
        }
        let part = run_chunk(model, seed, k).map_err(|(chunk, message)| {
            Stopped::Failed(ChunkFailed {
                chunk,
                message,
                chunks_done: k,
            })
        })?;
        model.merge(&mut acc, &part);
        reporter.report(k + 1, &acc, on_partial);
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Valid;
    use crate::sim::failover::{FailoverParams, FailoverSim};
    use crate::sim::mc::run_sequential;
    use crate::sim::renewal::{RenewalParams, RenewalSim};
    use crate::sim::ttl::{TtlParams, TtlSim};

    #[test]
    fn every_thread_count_gives_the_same_bits() {
        let ttl = TtlSim::new(
            &Valid::checked(TtlParams {
                holds: 700_001,
                ttl_s: 1.0,
                ..Default::default()
            })
            .unwrap(),
        );
        let renewal = RenewalSim::new(
            &Valid::checked(RenewalParams {
                runs: 100_003,
                ..Default::default()
            })
            .unwrap(),
        );
        let failover = FailoverSim::new(
            &Valid::checked(FailoverParams {
                failovers: 30_001,
                ..Default::default()
            })
            .unwrap(),
        );
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
    fn partial_reports_a_growing_prefix_and_ends_complete() {
        let sim = TtlSim::new(
            &Valid::checked(TtlParams {
                holds: 600_000,
                ..Default::default()
            })
            .unwrap(),
        );
        let never = AtomicBool::new(false);
        let options = Options {
            threads: 3,
            report_every: Duration::ZERO,
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
        let sim = TtlSim::new(
            &Valid::checked(TtlParams {
                holds: 100_000_000,
                ..Default::default()
            })
            .unwrap(),
        );
        for threads in [1, 2] {
            let cancel = AtomicBool::new(false);
            let started = Instant::now();
            let mut cancelled_at = None;
            let options = Options {
                threads,
                report_every: Duration::ZERO,
            };
            let out = run(&sim, 1, &options, &cancel, |p| {
                if p.chunks_done >= 3 && cancelled_at.is_none() {
                    cancel.store(true, Ordering::Relaxed);
                    cancelled_at = Some(Instant::now());
                }
            });
            let stopped = cancelled_at
                .expect("a partial result was reported")
                .elapsed();
            let err = out.unwrap_err();
            assert!(matches!(err, Stopped::Cancelled { .. }), "{err}");
            assert!(err.chunks_done() >= 3 && err.chunks_done() < sim.chunks());
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
            run(&sim, 1, &Options::with_threads(2), &cancel, |_| {}).unwrap_err(),
            Stopped::Cancelled { chunks_done: 0 }
        );
    }

    /// Chunk `k` adds `k + 1`: quick, and the total shows the merge saw every chunk.
    struct Sum {
        chunks: u64,
    }

    impl Chunked for Sum {
        type Acc = u64;
        fn samples(&self) -> u64 {
            self.chunks * 10
        }
        const CHUNK_SIZE: u64 = 10;
        fn empty(&self) -> u64 {
            0
        }
        fn run_chunk(&self, _seed: u64, chunk: u64) -> u64 {
            chunk + 1
        }
        fn merge(&self, into: &mut u64, other: &u64) {
            *into += other;
        }
    }

    /// Runs `Sum` with chunk `at` failing on another thread; `None` if it has not ended
    /// after ten seconds (it used to hang for ever).
    fn run_failing(chunks: u64, at: u64, threads: usize) -> Option<Result<u64, Stopped>> {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let model = Sum { chunks };
            let failing = FailAt { model: &model, at };
            let options = Options {
                threads,
                report_every: Duration::ZERO,
            };
            let never = AtomicBool::new(false);
            let mut merged = 0;
            let out = run(&failing, 1, &options, &never, |p| merged = p.chunks_done);
            assert!(merged <= at, "chunk {at} was never merged");
            let _ = tx.send(out);
        });
        rx.recv_timeout(Duration::from_secs(10)).ok()
    }

    #[test]
    fn a_failing_chunk_ends_the_run_with_its_error() {
        let chunks = 4 * LOOKAHEAD;
        for at in [0, chunks / 2, LOOKAHEAD + 1, chunks - 1] {
            for threads in [1, 2, 4] {
                let out = run_failing(chunks, at, threads)
                    .unwrap_or_else(|| panic!("chunk {at}, {threads} threads: the run hung"));
                match out {
                    Err(Stopped::Failed(f)) => {
                        assert_eq!(f.chunk, at, "{threads} threads");
                        assert_eq!(f.message, "injected failure");
                        assert!(f.chunks_done <= at);
                        assert_eq!(
                            f.to_string(),
                            format!("chunk {at} failed: injected failure")
                        );
                    }
                    other => panic!("chunk {at}, {threads} threads: {other:?}"),
                }
            }
        }
        // The same model without the failure finishes, with every chunk merged.
        let whole = run_to_end(&Sum { chunks }, 1, 4);
        assert_eq!(whole, chunks * (chunks + 1) / 2);
    }

    #[test]
    fn a_failed_run_fails_its_task_with_the_message() {
        let runner = crate::runner::Runner::threaded(std::sync::Arc::new(|| {}));
        let task = runner.spawn("failing", |r: &crate::runner::Reporter<u64>| {
            let model = Sum { chunks: 500 };
            let failing = FailAt {
                model: &model,
                at: 300,
            };
            let out = run(
                &failing,
                1,
                &Options::with_threads(2),
                r.cancel_flag(),
                |p| {
                    r.report(*p.acc, p.samples_done, p.samples);
                },
            );
            settle(out, || 0)
        });
        let started = Instant::now();
        while !task.is_finished() {
            assert!(started.elapsed() < Duration::from_secs(10), "the task hung");
            std::thread::sleep(Duration::from_millis(1));
        }
        let published = task.published();
        assert_eq!(
            published.failed.as_deref(),
            Some("chunk 300 failed: injected failure")
        );
    }

    #[test]
    fn a_panicking_partial_report_stops_the_workers() {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let model = Sum {
                chunks: 8 * LOOKAHEAD,
            };
            let never = AtomicBool::new(false);
            let options = Options {
                threads: 3,
                report_every: Duration::ZERO,
            };
            let out = catch_unwind(AssertUnwindSafe(|| {
                run(&model, 1, &options, &never, |p| {
                    assert!(p.chunks_done < 5, "a view that fails");
                })
            }));
            let _ = tx.send(out.is_err());
        });
        let panicked = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the run ended instead of waiting for ever");
        assert!(panicked, "the report's panic reaches the caller");
    }

    #[test]
    fn thread_count_zero_means_all_cores() {
        assert!(resolve_threads(0) >= 1);
        assert_eq!(resolve_threads(3), 3);
    }
}
