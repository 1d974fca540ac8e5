//! A profiling driver: decodes or encodes one corpus document with fastjson only, in a loop, so
//! `perf record` or `valgrind --tool=callgrind` sees nothing but fastjson's code.
//!
//! `cargo build --release -p fastjson-bench --example profile`
//! `perf record -g ./target/release/examples/profile decode twitter 2000`
//! `KEYS=reversed ./target/release/examples/profile decode-each twitter 600`: the corpus
//! document with every object's keys sorted (`KEYS=sorted`) or reversed.
//! `DOCFILE=/tmp/variant.json ./target/release/examples/profile decode-each twitter 300`: that
//! file decoded as the named document's type instead of the corpus copy (for hand-made key
//! orders, such as every object sorted but one type).
//! `./target/release/examples/profile decode-each shapes-events-value 800`: a `shapes` document.
//! A document that allocates megabytes per decode (the `Value` events: 3.6 MB in 33,600
//! allocations) makes glibc return the top of its heap after each drop and fault it back in on
//! the next decode: 245,000 page faults in 600 decodes, 4.75 ms an op instead of 2.75. Profile
//! such documents with `MALLOC_TRIM_THRESHOLD_=1000000000 MALLOC_TOP_PAD_=100000000` so what is
//! sampled is the decode, not the kernel.

use std::hint::black_box;
use std::time::Instant;

use fastjson_bench::copies::fastjson_copy::{canada, citm, ladder, micro, order, shapes, twitter};
use fastjson_bench::generate::reorder::{reorder_keys, KeyOrder};

fn run<T>(direction: &str, doc: &[u8], iterations: u32)
where
    T: for<'de> fastjson::Decode<'de> + fastjson::Encode,
{
    let value: T = fastjson::from_slice(doc).expect("the corpus document decodes");
    // A gate before timing (the full one, against serde_json, is fastjson-bench's): what was
    // decoded encodes, decodes back and encodes to the same bytes.
    let encoded = fastjson::to_vec(&value);
    let again: T = fastjson::from_slice(&encoded).expect("the re-encoded document decodes");
    assert_eq!(
        fastjson::to_vec(&again),
        encoded,
        "decode/encode round trip differs"
    );
    // `HINT=1`: the output estimate `to_vec` allocates against the real length.
    if std::env::var_os("HINT").is_some() {
        eprintln!(
            "hint {} actual {}",
            fastjson::Encode::encoded_len_hint(&value),
            encoded.len()
        );
    }
    let start = Instant::now();
    match direction {
        "decode" => {
            for _ in 0..iterations {
                let v: T = fastjson::from_slice(black_box(doc)).expect("decodes");
                black_box(v);
            }
        }
        // The `Result` kept as `from_slice` returned it: no move of the value out of it, so
        // what is timed is the decode alone (`decode` adds the caller's move, which a default
        // build makes with a call to `memcpy` for values over 128 bytes).
        "decode-result" => {
            for _ in 0..iterations {
                let result = fastjson::from_slice::<T>(black_box(doc));
                black_box(&result);
            }
        }
        // The pooled `Decoder` servers use, the value moved out as in `decode`.
        "decode-pooled" => {
            let mut decoder = fastjson::Decoder::new();
            for _ in 0..iterations {
                let v: T = decoder.decode(black_box(doc)).expect("decodes");
                black_box(v);
            }
        }
        // Each decode timed alone: the fastest, 1st- and 10th-percentile ops resist a host whose
        // neighbours slow whole seconds at a time, where a run's average does not (the 1st
        // percentile also when the host flips between a fast and a ~2x slower state).
        "decode-each" => {
            let mut times: Vec<f64> = (0..iterations)
                .map(|_| {
                    let op = Instant::now();
                    let v: T = fastjson::from_slice(black_box(doc)).expect("decodes");
                    black_box(v);
                    op.elapsed().as_secs_f64() * 1e9
                })
                .collect();
            times.sort_by(f64::total_cmp);
            let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
            eprintln!(
                "decode-each: fastest {:.2}ns p1 {:.2}ns p10 {:.2}ns median {:.2}ns",
                at(0.0),
                at(0.01),
                at(0.1),
                at(0.5)
            );
        }
        "encode" => {
            let mut out = Vec::new();
            for _ in 0..iterations {
                out.clear();
                fastjson::encode_into(black_box(&value), &mut out);
                black_box(&out);
            }
        }
        "to_vec" => {
            for _ in 0..iterations {
                black_box(fastjson::to_vec(black_box(&value)));
            }
        }
        // What `to_vec` would cost if it knew the output's length: a fresh buffer of exactly
        // that capacity per op (the bound for any output-size estimate).
        "to_vec_exact" => {
            for _ in 0..iterations {
                let mut out = Vec::with_capacity(encoded.len());
                fastjson::encode_into(black_box(&value), &mut out);
                black_box(out);
            }
        }
        other => panic!(
            "unknown direction `{other}` (decode, decode-result, decode-pooled, decode-each, encode, to_vec or to_vec_exact)"
        ),
    }
    // In ns with two decimals: a `Duration` divided by the count truncates to whole
    // nanoseconds, too coarse for the 40 ns payloads.
    let per_op_ns = start.elapsed().as_secs_f64() * 1e9 / f64::from(iterations);
    eprintln!("{direction}: {per_op_ns:.2}ns per op over {iterations} iterations");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [direction, name, rest @ ..] = args.as_slice() else {
        panic!("usage: profile <decode|decode-result|decode-pooled|decode-each|encode|to_vec|to_vec_exact> <twitter|citm_catalog|canada|long-strings|order|micro-login|micro-reading|ladder-0.5k|ladder-3k|ladder-25k|ladder-100k|shapes-events-value|shapes-rows-pretty|...> [iterations]");
    };
    let iterations = rest
        .first()
        .map_or(1000, |n| n.parse().expect("iterations"));
    if name == "long-strings" {
        // 2,000 strings of 40 to 1,000 ASCII characters: where a wider string kernel would show.
        let strings: Vec<String> = (0..2000)
            .map(|i| "abcdefghij".repeat(4 + (i * 7) % 97))
            .collect();
        let doc = fastjson::to_vec(&strings);
        return run::<Vec<String>>(direction, &doc, iterations);
    }
    let generated = fastjson_bench::generate::Generated::get();
    match name.as_str() {
        "order" => return run::<order::Order>(direction, generated.order, iterations),
        "micro-login" => return run::<micro::Login>(direction, generated.micro_login, iterations),
        "micro-reading" => {
            return run::<micro::Reading>(direction, generated.micro_reading, iterations)
        }
        ladder if ladder.starts_with("ladder-") => {
            let doc = generated.ladder.iter().find(|(n, _)| *n == ladder);
            let names: Vec<&str> = generated.ladder.iter().map(|(n, _)| *n).collect();
            let doc = doc.unwrap_or_else(|| panic!("no step `{ladder}` (the ladder: {names:?})"));
            return run::<ladder::Ladder>(direction, doc.1, iterations);
        }
        shape if shape.starts_with("shapes-") => {
            let doc = generated.shapes.iter().find(|(n, _)| *n == shape);
            let doc = doc.unwrap_or_else(|| {
                let names: Vec<&str> = generated.shapes.iter().map(|(n, _)| *n).collect();
                panic!("no shape `{shape}` (the shapes: {names:?})")
            });
            return match shape {
                "shapes-events-value" => run::<shapes::EventPage>(direction, doc.1, iterations),
                "shapes-rows-pretty" => run::<shapes::Scene>(direction, doc.1, iterations),
                "shapes-ci-metadata" => run::<shapes::WorkflowRuns>(direction, doc.1, iterations),
                "shapes-map-keyed" => run::<shapes::Inventory>(direction, doc.1, iterations),
                "shapes-short-strings" => run::<shapes::LabelCatalog>(direction, doc.1, iterations),
                "shapes-enums" => run::<shapes::Dashboard>(direction, doc.1, iterations),
                other => panic!("no fastjson model for `{other}`"),
            };
        }
        _ => {}
    }
    let corpus = fastjson_bench::corpus::load(None);
    let doc = corpus
        .get(name)
        .unwrap_or_else(|| panic!("corpus document `{name}` not found (set FASTJSON_CORPUS)"));
    let reordered = std::env::var("KEYS")
        .ok()
        .filter(|how| !how.is_empty())
        .map(|how| {
            // The keys in another order, scalars as written, two-space pretty: what a producer
            // that sorts its keys sends, which the learned key order must handle.
            let order = KeyOrder::parse(&how).expect("KEYS=sorted or KEYS=reversed");
            reorder_keys(doc, order, 2).expect("the corpus document is JSON")
        });
    let file = std::env::var_os("DOCFILE").map(|path| {
        std::fs::read(&path).unwrap_or_else(|e| panic!("DOCFILE {}: {e}", path.to_string_lossy()))
    });
    let doc = file.as_deref().or(reordered.as_deref()).unwrap_or(doc);
    match name.as_str() {
        "twitter" => run::<twitter::Twitter>(direction, doc, iterations),
        "citm_catalog" => run::<citm::CitmCatalog>(direction, doc, iterations),
        "canada" => run::<canada::FeatureCollection>(direction, doc, iterations),
        other => panic!("unknown document `{other}`"),
    }
}
