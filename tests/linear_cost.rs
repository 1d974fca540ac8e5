//! Decoding cost grows linearly with input size (the allocator's own growth aside: shapes that
//! allocate a node per few bytes are measured through the skipper): for each shape of document (long strings,
//! many small numbers, deep-but-legal nesting, many keys, an error at the very end, untagged
//! attempts that fail), the cost per byte at ~40 MB stays within a generous factor of the cost
//! per byte at ~4 MB (1.25 MB and 128 KB for the untagged attempts).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fastjson::FastJson;

const SMALL: usize = 4 << 20;
const LARGE: usize = 40 << 20;
/// Per-byte cost may grow this much from the small size to the large one before we call it non-linear
/// (a quadratic path would grow it about 10x).
const GENEROUS: f64 = 3.0;

fn long_strings(size: usize) -> String {
    let chunk = format!("\"{}\\n\\u00e9{}\"", "a".repeat(5000), "é".repeat(2000));
    build_array(size, &chunk)
}

fn small_numbers(size: usize) -> String {
    build_array(size, "12,-3,4.5,6e7,0")
}

fn deep_nesting(size: usize) -> String {
    let block = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    build_array(size, &block)
}

fn build_array(size: usize, item: &str) -> String {
    let mut out = String::with_capacity(size + item.len() + 2);
    out.push('[');
    while out.len() < size {
        if out.len() > 1 {
            out.push(',');
        }
        out.push_str(item);
    }
    out.push(']');
    out
}

fn many_keys(size: usize) -> String {
    let mut out = String::with_capacity(size + 64);
    out.push('{');
    let mut i = 0u64;
    while out.len() < size {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!("\"key{i}\":{i}"));
        i += 1;
    }
    out.push_str(",\"wanted\":1}");
    out
}

#[derive(FastJson)]
struct Wanted {
    #[allow(dead_code)]
    wanted: u8,
}

/// The fastest of two runs, as time per byte.
fn per_byte(input: &str, decode: &dyn Fn(&str)) -> f64 {
    let best = (0..2)
        .map(|_| {
            let start = Instant::now();
            decode(input);
            start.elapsed()
        })
        .min()
        .unwrap_or(Duration::ZERO);
    best.as_secs_f64() / input.len() as f64
}

fn assert_linear(name: &str, make: fn(usize) -> String, decode: &dyn Fn(&str)) {
    assert_linear_between(name, (SMALL, LARGE), make, decode);
}

fn assert_linear_between(
    name: &str,
    (small_size, large_size): (usize, usize),
    make: fn(usize) -> String,
    decode: &dyn Fn(&str),
) {
    let small = make(small_size);
    let small_cost = per_byte(&small, decode);
    drop(small);
    let large = make(large_size);
    let large_cost = per_byte(&large, decode);
    let growth = large_cost / small_cost;
    let (small_kb, large_kb) = (small_size >> 10, large_size >> 10);
    println!(
        "{name}: {:.2} ns/byte at {small_kb} KiB, {:.2} ns/byte at {large_kb} KiB ({growth:.2}x)",
        small_cost * 1e9,
        large_cost * 1e9
    );
    assert!(
        growth < GENEROUS,
        "{name}: cost per byte grew {growth:.2}x from {small_kb} KiB to {large_kb} KiB"
    );
}

/// An untagged enum whose first variant fails on most values of the document.
#[derive(FastJson)]
#[serde(untagged)]
#[allow(dead_code)]
enum Number {
    Int(i64),
    Float(f64),
}

#[test]
fn decoding_cost_is_linear() {
    assert_linear("long strings", long_strings, &|s| {
        fastjson::from_str::<Vec<String>>(s).unwrap();
    });
    assert_linear("small numbers", small_numbers, &|s| {
        fastjson::from_str::<Vec<f64>>(s).unwrap();
    });
    assert_linear("deep nesting, skipped", deep_nesting, &|s| {
        let mut lex = fastjson::Lexer::new(s.as_bytes());
        lex.skip_value().unwrap();
    });
    assert_linear("many keys, skipped", many_keys, &|s| {
        fastjson::from_str::<Wanted>(s).unwrap();
    });
    assert_linear("many keys, into a map", many_keys, &|s| {
        fastjson::from_str::<HashMap<String, u64>>(s).unwrap();
    });
    // An error at the very end: finding its line and column is one pass, not one per byte.
    assert_linear("error at the end", |size| small_numbers(size) + "x", &|s| {
        let err = fastjson::from_str::<Vec<f64>>(s).unwrap_err();
        assert_eq!(err.line(), 1);
    });
    // Each float fails the `Int` attempt first. Counting that error's line from the start of
    // the input made this quadratic; the sizes are small so that a regression fails in minutes
    // rather than in hours. Last: a run before the others leaves the allocator warm for the 4 MB
    // runs but not the 40 MB ones, which skews their ratios.
    assert_linear_between(
        "untagged attempts failing",
        (128 << 10, 1280 << 10),
        |size| build_array(size, "4.5,-0.25,6e7,12"),
        &|s| {
            fastjson::from_str::<Vec<Number>>(s).unwrap();
        },
    );
}
