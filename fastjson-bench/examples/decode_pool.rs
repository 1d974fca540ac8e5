//! Where a server's decoders keep their scratch buffer, measured: `DecodePool`'s one slot per
//! thread against a striped pool of locked slots, a shared free list behind one lock, and no
//! pool at all (`from_slice`, a fresh buffer per document), with 1 to 8 threads decoding
//! requests at once.
//!
//! `cargo run --release -p fastjson-bench --example decode_pool` (about 20 s; `--quick` for a
//! smoke run whose numbers mean nothing). Rows are interleaved in rounds, order rotated; the
//! thread-local row is registered twice, and the twins' difference is the noise floor. Every
//! strategy's value is checked equal to `from_slice`'s before timing.
//!
//! The request is a small API document whose strings carry escapes (so the scratch buffer is
//! used on every document), about 600 bytes, decoded into an owned type.

use std::hint::black_box;
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

use fastjson::{DecodePool, FastJson, Lexer};

#[derive(FastJson, Debug, PartialEq)]
struct Request {
    id: u64,
    user: String,
    message: String,
    tags: Vec<String>,
    lines: Vec<Line>,
}

#[derive(FastJson, Debug, PartialEq)]
struct Line {
    sku: String,
    note: String,
    quantity: u32,
}

fn request_body() -> Vec<u8> {
    let line =
        r#"{"sku":"sku-\u00e9\t1","note":"fragile \"glass\"\nhandle with care","quantity":3}"#;
    format!(
        r#"{{"id":123456,"user":"ada \"the countess\"","message":"line one\nline two\ttabbed \\ backslash","tags":["a\tb","c\nd","plain"],"lines":[{line},{line},{line}]}}"#
    )
    .into_bytes()
}

/// Decodes with a buffer taken from and given back to some pool.
fn decode_with(body: &[u8], scratch: Vec<u8>) -> (fastjson::Result<Request>, Vec<u8>) {
    let mut lex = Lexer::with_scratch(body, scratch);
    let result = <Request as fastjson::Decode>::decode(&mut lex).and_then(|value| {
        lex.end()?;
        Ok(value)
    });
    (result, lex.into_scratch())
}

const STRIPES: usize = 16;

/// Slots behind locks, one picked by the thread's id: `try_lock`, and a fresh buffer when the
/// slot is busy.
struct Striped([Mutex<Vec<u8>>; STRIPES]);

impl Striped {
    fn decode(&self, body: &[u8]) -> fastjson::Result<Request> {
        let slot = &self.0[stripe()];
        let scratch = slot
            .try_lock()
            .map(|mut s| std::mem::take(&mut *s))
            .unwrap_or_default();
        let (result, scratch) = decode_with(body, scratch);
        if let Ok(mut s) = slot.try_lock() {
            *s = scratch;
        }
        result
    }
}

fn stripe() -> usize {
    thread_local! { static STRIPE: usize = {
        use std::hash::{BuildHasher, RandomState};
        RandomState::new().hash_one(std::thread::current().id()) as usize % STRIPES
    }; }
    STRIPE.with(|s| *s)
}

/// A free list of buffers behind one lock.
struct FreeList(Mutex<Vec<Vec<u8>>>);

impl FreeList {
    fn decode(&self, body: &[u8]) -> fastjson::Result<Request> {
        let scratch = self.0.lock().unwrap().pop().unwrap_or_default();
        let (result, scratch) = decode_with(body, scratch);
        self.0.lock().unwrap().push(scratch);
        result
    }
}

#[derive(Clone, Copy, Debug)]
enum Row {
    ThreadLocal,
    ThreadLocalTwin,
    Striped,
    FreeList,
    Fresh,
}

const ROWS: [Row; 5] = [
    Row::ThreadLocal,
    Row::ThreadLocalTwin,
    Row::Striped,
    Row::FreeList,
    Row::Fresh,
];

static POOL: DecodePool = DecodePool::new();

fn run(row: Row, body: &[u8], striped: &Striped, free: &FreeList) -> Request {
    match row {
        Row::ThreadLocal | Row::ThreadLocalTwin => POOL.decode(body).unwrap(),
        Row::Striped => striped.decode(body).unwrap(),
        Row::FreeList => free.decode(body).unwrap(),
        Row::Fresh => fastjson::from_slice(body).unwrap(),
    }
}

/// Nanoseconds per decode with `threads` threads each decoding `per_thread` documents at once.
fn sample(
    row: Row,
    threads: usize,
    per_thread: usize,
    body: &[u8],
    striped: &Striped,
    free: &FreeList,
) -> f64 {
    let barrier = Barrier::new(threads);
    let elapsed: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    barrier.wait();
                    let start = Instant::now();
                    for _ in 0..per_thread {
                        black_box(run(row, black_box(body), striped, free));
                    }
                    start.elapsed()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let longest = elapsed.into_iter().max().unwrap();
    longest.as_nanos() as f64 / (threads * per_thread) as f64
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (rounds, per_thread) = if quick { (3, 200) } else { (15, 20_000) };
    let body = request_body();
    let striped = Striped(std::array::from_fn(|_| Mutex::new(Vec::new())));
    let free = FreeList(Mutex::new(Vec::new()));

    let reference: Request = fastjson::from_slice(&body).unwrap();
    for row in ROWS {
        assert_eq!(
            run(row, &body, &striped, &free),
            reference,
            "{row:?} decodes differently"
        );
    }

    println!(
        "decode of a {}-byte request with escapes, ns per decode (all threads' decodes over the slowest thread's time), median of {rounds} rounds; {} cores",
        body.len(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    println!(
        "| threads | {} | noise floor |",
        ROWS.map(|r| format!("{r:?}")).join(" | ")
    );
    println!("|---:|{}---:|", "---:|".repeat(ROWS.len()));
    for threads in [1, 2, 4, 8] {
        let mut samples: Vec<Vec<f64>> = vec![Vec::new(); ROWS.len()];
        for round in 0..rounds {
            for k in 0..ROWS.len() {
                let i = (k + round) % ROWS.len();
                samples[i].push(sample(ROWS[i], threads, per_thread, &body, &striped, &free));
            }
        }
        let medians: Vec<f64> = samples.into_iter().map(median).collect();
        let floor = (medians[0] - medians[1]).abs() / medians[0].min(medians[1]) * 100.0;
        println!(
            "| {threads} | {} | {floor:.1}% |",
            medians
                .iter()
                .map(|m| format!("{m:.0}"))
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
}
