//! Section 1's "beyond" experiment: the same read–think–write on real operating-system
//! threads, once with no synchronisation and once with a real mutex. Not seeded: the
//! operating system's scheduler decides the interleaving, so every run differs.
//!
//! The pause between read and write is measured on the monotonic clock ([`hold_for`]: the
//! thread yields until the time has passed) rather than slept: a sleep lasts at least one tick
//! of the system timer, which is 1 to 16 ms on Windows instead of the 100 µs asked for, so the
//! number of lost updates would depend on the platform's timer instead of on the threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// What one experiment found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RealRun {
    pub threads: u32,
    pub increments: u32,
    /// Final value without synchronisation (a plain load, a pause, a store).
    pub unsynchronised: u64,
    /// Final value with a mutex held across the load, pause and store.
    pub with_mutex: u64,
    pub unsynchronised_ms: f64,
    pub with_mutex_ms: f64,
}

/// Runs `threads` threads, each doing `increments` read–pause–write increments, first
/// unsynchronised and then under a mutex. `think` is the pause between read and write.
/// Returns `None` if `cancel` was set before the experiment finished.
pub fn run(threads: u32, increments: u32, think: Duration, cancel: &AtomicBool) -> Option<RealRun> {
    let counter = AtomicU64::new(0);
    let start = Instant::now();
    thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                for _ in 0..increments {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    // Each load and store is atomic; the increment as a whole is not.
                    let read = counter.load(Ordering::SeqCst);
                    hold_for(think);
                    counter.store(read + 1, Ordering::SeqCst);
                }
            });
        }
    });
    let unsynchronised_ms = start.elapsed().as_secs_f64() * 1000.0;

    let locked = Mutex::new(0u64);
    let start = Instant::now();
    thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                for _ in 0..increments {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let mut guard = locked.lock().unwrap_or_else(|e| e.into_inner());
                    let read = *guard;
                    hold_for(think);
                    *guard = read + 1;
                }
            });
        }
    });
    let with_mutex_ms = start.elapsed().as_secs_f64() * 1000.0;
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    Some(RealRun {
        threads,
        increments,
        unsynchronised: counter.into_inner(),
        with_mutex: locked.into_inner().unwrap_or_else(|e| e.into_inner()),
        unsynchronised_ms,
        with_mutex_ms,
    })
}

/// Keeps the thread between a read and its write for `d`, measured on the monotonic clock
/// (which resolves well under a microsecond on every platform). The thread yields the processor
/// while it waits, so other threads run meanwhile, as they would during a sleep.
pub fn hold_for(d: Duration) {
    let start = Instant::now();
    while start.elapsed() < d {
        thread::yield_now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_lasts_at_least_what_was_asked() {
        for micros in [0, 1, 50, 100, 700] {
            let d = Duration::from_micros(micros);
            let start = Instant::now();
            hold_for(d);
            assert!(start.elapsed() >= d, "{micros} µs");
        }
        // Every increment pauses: one thread's run takes at least increments × think.
        let r = run(1, 30, Duration::from_micros(100), &AtomicBool::new(false)).unwrap();
        assert!(
            r.unsynchronised_ms >= 3.0 && r.with_mutex_ms >= 3.0,
            "{r:?}"
        );
    }

    #[test]
    fn the_mutex_keeps_every_increment() {
        let r = run(4, 25, Duration::from_micros(50), &AtomicBool::new(false)).unwrap();
        assert_eq!(r.with_mutex, 100);
        assert!(r.unsynchronised <= 100 && r.unsynchronised >= 25);
    }

    #[test]
    fn one_thread_loses_nothing_either_way() {
        let r = run(1, 20, Duration::from_micros(10), &AtomicBool::new(false)).unwrap();
        assert_eq!((r.unsynchronised, r.with_mutex), (20, 20));
    }
}

#[cfg(test)]
mod cancel_tests {
    use super::*;

    #[test]
    fn a_cancelled_experiment_returns_nothing() {
        assert_eq!(
            run(2, 1000, Duration::from_millis(1), &AtomicBool::new(true)),
            None
        );
    }
}
