//! Why the native build encoded canada.json slower than the default build on a Zen 5 host
//! (compiled with BMI2, back-to-back zmij calls cost 5–6 ns more per float: a false dependency
//! on RAX between calls, which `Writer`'s `clear_rax_before_zmij` now breaks, so the `fastjson`
//! row no longer shows it): the cost of one zmij call per float, measured four ways on canada's
//! 111,080 floats.
//!
//! - `zmij only`: format into a stack `zmij::Buffer`, keep only the length (calls back to back);
//! - `zmij + copy`: the same, then append the text to a `Vec` (serde_json's way);
//! - `fastjson`: `fastjson::encode_into` of the floats as a `Vec<f64>` (zmij writes straight
//!   into the output; plus the `[`, `,` and `]`);
//! - `serde_json`: `serde_json::to_writer` of the same `Vec<f64>`.
//!
//! Before timing, the two last outputs are checked equal, and the zmij rows' text against theirs
//! (the same floats without brackets and commas). Build it with and without BMI2 to see
//! the effect on the CPU at hand:
//! `cargo run --release -p fastjson-bench --example float_format_cost`
//! `RUSTFLAGS="-C target-feature=+bmi2" CARGO_TARGET_DIR=target/bmi2 cargo run --release -p fastjson-bench --example float_format_cost`

use std::hint::black_box;

use fastjson_bench::timing::median_us_per_call;

fn collect_floats(value: &serde_json::Value, out: &mut Vec<f64>) {
    match value {
        serde_json::Value::Number(n) if n.is_f64() => out.extend(n.as_f64()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_floats(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_floats(v, out)),
        _ => {}
    }
}

fn main() {
    let iterations = std::env::args()
        .nth(1)
        .map_or(50, |n| n.parse().expect("iterations"));
    let corpus = fastjson_bench::corpus::load(None);
    let doc = corpus
        .get("canada")
        .expect("corpus document `canada` not found (set FASTJSON_CORPUS)");
    let document: serde_json::Value = serde_json::from_slice(doc).expect("canada parses");
    let mut floats = Vec::new();
    collect_floats(&document, &mut floats);
    assert!(!floats.is_empty(), "canada.json holds floats");

    let ours = fastjson::to_vec(&floats);
    let theirs = serde_json::to_vec(&floats).expect("finite floats encode");
    assert_eq!(
        ours, theirs,
        "fastjson and serde_json print the floats alike"
    );

    // The zmij rows print the same floats back to back, without `[`, `,` and `]`.
    let bare: Vec<u8> = ours[1..ours.len() - 1]
        .iter()
        .copied()
        .filter(|&b| b != b',')
        .collect();
    let mut concatenated = Vec::new();
    let mut lengths = 0;
    for &f in &floats {
        let text = zmij::Buffer::new().format_finite(f).as_bytes().to_vec();
        lengths += text.len();
        concatenated.extend_from_slice(&text);
    }
    assert_eq!(
        concatenated, bare,
        "zmij prints what fastjson and serde_json print"
    );
    assert_eq!(lengths, bare.len());

    println!(
        "{} floats; BMI2 compiled in: {}; SSE4.1 compiled in: {}",
        floats.len(),
        cfg!(target_feature = "bmi2"),
        cfg!(target_feature = "sse4.1")
    );
    let per_float = |us: f64| us * 1e3 / floats.len() as f64;
    let mut out = Vec::with_capacity(ours.len() * 2);
    let rows: [(&str, f64); 4] = [
        (
            "zmij only",
            median_us_per_call(11, iterations, || {
                let mut written = 0;
                for &f in black_box(&floats) {
                    written += zmij::Buffer::new().format_finite(f).len();
                }
                black_box(written);
            }),
        ),
        (
            "zmij + copy",
            median_us_per_call(11, iterations, || {
                out.clear();
                for &f in black_box(&floats) {
                    out.extend_from_slice(zmij::Buffer::new().format_finite(f).as_bytes());
                }
                black_box(&out);
            }),
        ),
        (
            "fastjson",
            median_us_per_call(11, iterations, || {
                out.clear();
                fastjson::encode_into(black_box(&floats), &mut out);
                black_box(&out);
            }),
        ),
        (
            "serde_json",
            median_us_per_call(11, iterations, || {
                out.clear();
                serde_json::to_writer(&mut out, black_box(&floats)).expect("encodes");
                black_box(&out);
            }),
        ),
    ];
    for (name, us) in rows {
        println!("{name:12} {us:9.1} µs  {:6.2} ns/float", per_float(us));
    }
}
