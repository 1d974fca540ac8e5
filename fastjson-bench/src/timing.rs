//! Timing: batch calibration, interleaved rounds and the statistics of a row's samples.

use std::time::{Duration, Instant};

use crate::subjects::Op;

/// How long to time.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Samples per row, taken in interleaved rounds.
    pub rounds: usize,
    /// Target duration of one sample (a batch of operations).
    pub sample: Duration,
    /// Smoke mode: one operation per row, no calibration.
    pub smoke: bool,
}

/// Runs `op` `batch` times and returns nanoseconds per operation.
pub fn sample(op: &mut Op, batch: u64) -> f64 {
    let start = Instant::now();
    let mut sink = 0usize;
    for _ in 0..batch {
        sink = sink.wrapping_add(op());
    }
    let elapsed = start.elapsed();
    std::hint::black_box(sink);
    elapsed.as_nanos() as f64 / batch as f64
}

/// The batch size that makes one sample last about `target` (at least 1), measured after one
/// untimed warm-up call: a first call that grows buffers (simd-json's reused ones, a pool)
/// would otherwise size the batch for a cold operation, too few per sample (simd-json's reused
/// buffers got 3–4 calls per 20 ms citm_catalog sample instead of 11–16, biasing its row).
pub fn calibrate(op: &mut Op, target: Duration) -> u64 {
    std::hint::black_box(op());
    let mut batch = 1u64;
    loop {
        let per_op = sample(op, batch);
        let spent = per_op * batch as f64;
        if spent >= target.as_nanos() as f64 / 8.0 || batch >= 1 << 30 {
            let wanted = target.as_nanos() as f64 / per_op.max(0.01);
            return (wanted as u64).clamp(1, 1 << 32);
        }
        batch *= 8;
    }
}

/// Median, minimum and maximum of samples.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

/// The statistics of `samples` (`None` when empty).
pub fn stats(samples: &[f64]) -> Option<Stats> {
    if samples.is_empty() {
        return None;
    }
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    Some(Stats {
        median,
        min: s[0],
        max: s[n - 1],
    })
}

/// The `p`-th percentile (0..=100) of `values`, nearest rank; sorts in place.
pub fn percentile(values: &mut [u64], p: f64) -> Option<u64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let rank = ((p / 100.0) * values.len() as f64).ceil() as usize;
    Some(values[rank.clamp(1, values.len()) - 1])
}

/// The order in which round `r` visits `n` rows: rotated each round so no row always runs first
/// (or right after the same neighbour).
pub fn round_order(n: usize, r: usize) -> impl Iterator<Item = usize> {
    (0..n).map(move |i| (i + r) % n.max(1))
}

/// Median (by [`stats`]) of `rounds` timings of `iterations` calls of `f`, in microseconds per
/// call: the measuring loop of the bench's investigation examples, not of the report's cells.
pub fn median_us_per_call(rounds: usize, iterations: u32, mut f: impl FnMut()) -> f64 {
    let times: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = std::time::Instant::now();
            for _ in 0..iterations {
                f();
            }
            start.elapsed().as_secs_f64() * 1e6 / f64::from(iterations.max(1))
        })
        .collect();
    stats(&times).map_or(f64::NAN, |s| s.median)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_and_percentiles() {
        let s = stats(&[3.0, 1.0, 2.0, 10.0]).unwrap();
        assert_eq!((s.median, s.min, s.max), (2.5, 1.0, 10.0));
        let mut v: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&mut v, 50.0), Some(50));
        assert_eq!(percentile(&mut v, 99.0), Some(99));
        assert_eq!(percentile(&mut [7], 99.0), Some(7));
    }

    /// An operation whose first call is slow (a buffer growing) and whose later calls take
    /// ~50 µs: the batch is sized by the later calls. Sized by the first call, it would be 1.
    #[test]
    fn calibration_ignores_a_slow_first_call() {
        fn spin(d: Duration) {
            let start = Instant::now();
            while start.elapsed() < d {
                std::hint::spin_loop();
            }
        }
        let mut calls = 0u32;
        let mut op: Op = Box::new(move || {
            calls += 1;
            spin(if calls == 1 {
                Duration::from_millis(40)
            } else {
                Duration::from_micros(50)
            });
            calls as usize
        });
        let batch = calibrate(&mut op, Duration::from_millis(20));
        // Each call spins for at least 50 µs of wall-clock time, so the batch is at most 400;
        // a contended host can only lengthen calls, which the lower bound tolerates tenfold.
        // Sized by the cold first call, the batch is 1.
        assert!((40..=400).contains(&batch), "batch {batch}");
    }

    #[test]
    fn rounds_rotate() {
        assert_eq!(round_order(3, 1).collect::<Vec<_>>(), [1, 2, 0]);
    }
}
