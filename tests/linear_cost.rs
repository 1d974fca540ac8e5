//! Decoding cost grows linearly with input size (the allocator's own growth aside: shapes that
//! allocate a node per few bytes are measured through the skipper): for each shape of document (long strings,
//! many small numbers, deep-but-legal nesting, many keys, an error at the very end), the cost per
//! byte at ~100 MB stays within a generous factor of the cost per byte at ~10 MB.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fastjson::FastJson;

const SMALL: usize = 10 << 20;
const LARGE: usize = 100 << 20;
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
    let small = make(SMALL);
    let small_cost = per_byte(&small, decode);
    drop(small);
    let large = make(LARGE);
    let large_cost = per_byte(&large, decode);
    let growth = large_cost / small_cost;
    println!(
        "{name}: {:.2} ns/byte at 10 MB, {:.2} ns/byte at 100 MB ({growth:.2}x)",
        small_cost * 1e9,
        large_cost * 1e9
    );
    assert!(
        growth < GENEROUS,
        "{name}: cost per byte grew {growth:.2}x from 10 MB to 100 MB"
    );
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
}
