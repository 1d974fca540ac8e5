//! Request mode: N worker threads, each doing decode-then-encode of the order payload as one
//! transaction, for a time window; throughput and p50/p99 latency. A window in which any worker
//! completed no transaction did not measure N-way concurrency, and is flagged as such.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::subjects::TransactionSubject;

/// The thread counts of request mode.
pub const THREADS: [usize; 4] = [1, 2, 4, 64];

/// One window's outcome.
#[derive(Debug, Clone)]
pub struct Window {
    /// Transactions completed per worker.
    pub per_worker: Vec<u64>,
    /// Every transaction's latency in nanoseconds.
    pub latencies: Vec<u64>,
    /// From the first worker's start until the last worker's stop.
    pub elapsed: Duration,
}

impl Window {
    pub fn total(&self) -> u64 {
        self.per_worker.iter().sum()
    }

    /// Workers that completed nothing.
    pub fn idle_workers(&self) -> usize {
        self.per_worker.iter().filter(|&&n| n == 0).count()
    }

    /// Transactions per second.
    pub fn throughput(&self) -> f64 {
        self.total() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs `threads` workers over `input` for `window` (or exactly one transaction each when
/// `one_each`).
pub fn run_window(
    subject: &dyn TransactionSubject,
    input: &'static [u8],
    threads: usize,
    window: Duration,
    one_each: bool,
) -> Window {
    let stop = AtomicBool::new(false);
    // A start gate, not a `Barrier`: leaving a condvar-based barrier hands a mutex from waiter
    // to waiter, each handoff waiting for a core, so with 64 threads on 2 cores the last
    // workers left it after the window had closed. Spinning (with yields) on a flag lets every
    // worker start on its next time slice.
    let ready = AtomicUsize::new(0);
    let go = AtomicBool::new(false);
    let (results, elapsed) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let mut op = subject.op(input);
                let (stop, ready, go) = (&stop, &ready, &go);
                scope.spawn(move || {
                    let mut latencies = Vec::with_capacity(if one_each { 1 } else { 4096 });
                    ready.fetch_add(1, Ordering::AcqRel);
                    while !go.load(Ordering::Acquire) {
                        std::thread::yield_now();
                    }
                    let started = Instant::now();
                    // The stop flag is checked before each transaction, so a worker that was
                    // never scheduled during the window completes nothing and is flagged.
                    while !stop.load(Ordering::Relaxed) {
                        let t = Instant::now();
                        std::hint::black_box(op());
                        latencies.push(t.elapsed().as_nanos() as u64);
                        if one_each {
                            break;
                        }
                    }
                    (started, Instant::now(), latencies)
                })
            })
            .collect();
        while ready.load(Ordering::Acquire) < threads {
            std::thread::yield_now();
        }
        go.store(true, Ordering::Release);
        if !one_each {
            std::thread::sleep(window);
            stop.store(true, Ordering::Relaxed);
        }
        let results: Vec<(Instant, Instant, Vec<u64>)> = workers
            .into_iter()
            .map(|w| w.join().expect("request worker panicked"))
            .collect();
        let first = results.iter().map(|r| r.0).min();
        let last = results.iter().map(|r| r.1).max();
        let elapsed = first.zip(last).map_or(Duration::ZERO, |(f, l)| l - f);
        (results, elapsed)
    });
    Window {
        per_worker: results.iter().map(|r| r.2.len() as u64).collect(),
        latencies: results.into_iter().flat_map(|r| r.2).collect(),
        elapsed,
    }
}
