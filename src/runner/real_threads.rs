//! Section 1's "beyond" experiment: the same read–think–write on real operating-system
//! threads, once with no synchronisation and once with a real mutex. Not seeded: the
//! operating system's scheduler decides the interleaving, so every run differs.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// What one experiment found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RealRun {
    pub threads: u32,
    pub increments: u32,
    /// Final value without synchronisation (a plain load, a sleep, a store).
    pub unsynchronised: u64,
    /// Final value with a mutex held across the load, sleep and store.
    pub with_mutex: u64,
    pub unsynchronised_ms: f64,
    pub with_mutex_ms: f64,
}

/// Runs `threads` threads, each doing `increments` read–sleep–write increments, first
/// unsynchronised and then under a mutex. `think` is the sleep between read and write.
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
                    thread::sleep(think);
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
                    thread::sleep(think);
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

#[cfg(test)]
mod tests {
    use super::*;

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
