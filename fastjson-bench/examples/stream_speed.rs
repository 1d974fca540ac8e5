//! Reading a stream of JSON Lines, measured: about 100 MB of order records (the bench's
//! generated ~2 KB order, one per line), decoded record by record with fastjson's slice stream,
//! fastjson's reader stream (over the same bytes as an `io::Read`, 256 KiB reads), serde_json's
//! `StreamDeserializer` and sonic-rs's `Deserializer::into_stream`.
//!
//! `cargo run --release -p fastjson-bench --example stream_speed` (`-- --mb 100 --rounds 7`;
//! `--mb 1 --rounds 1` for a smoke run whose numbers mean nothing). Every row's records are
//! checked equal to serde_json's before timing. Rows are interleaved in rounds, order rotated;
//! the fastjson slice row is registered twice, and the twins' difference is the noise floor.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fastjson_bench::copies::{fastjson_copy, serde_json_copy, sonic_rs_copy};
use fastjson_bench::generate::Generated;

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The order as one compact line, repeated to `mb` megabytes.
fn json_lines(mb: usize) -> Vec<u8> {
    let order: serde_json_copy::order::Order =
        serde_json::from_slice(Generated::get().order).unwrap();
    let mut line = serde_json::to_vec(&order).unwrap();
    line.push(b'\n');
    let mut out = Vec::with_capacity(mb << 20);
    while out.len() < mb << 20 {
        out.extend_from_slice(&line);
    }
    out
}

type Row = (&'static str, fn(&[u8]) -> usize);

fn fastjson_slice(input: &[u8]) -> usize {
    fastjson::from_slice_iter::<fastjson_copy::order::Order>(input)
        .map(|r| black_box(r.unwrap()).items.len())
        .sum()
}

fn fastjson_reader(input: &[u8]) -> usize {
    fastjson::from_reader_iter::<_, fastjson_copy::order::Order>(input)
        .map(|r| black_box(r.unwrap()).items.len())
        .sum()
}

fn serde_json_stream(input: &[u8]) -> usize {
    serde_json::Deserializer::from_slice(input)
        .into_iter::<serde_json_copy::order::Order>()
        .map(|r| black_box(r.unwrap()).items.len())
        .sum()
}

/// sonic-rs 0.5's stream yields an EOF error after the last value (serde_json's and fastjson's
/// end there), so it is read up to its first error; the check before timing compares its
/// records and item count with the others', so an early error would show there.
fn sonic_rs_stream(input: &[u8]) -> usize {
    sonic_rs::Deserializer::from_slice(input)
        .into_stream::<sonic_rs_copy::order::Order>()
        .map_while(Result::ok)
        .map(|r| black_box(r).items.len())
        .sum()
}

/// Every row decodes the same records as serde_json (compared by their `Debug` text, on the
/// first thousand lines), and the same number of items overall.
fn check_equal(input: &[u8], rows: &[Row]) {
    let head_end = input
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(999)
        .map_or(input.len(), |(i, _)| i + 1);
    let head = &input[..head_end];
    let want: Vec<String> = serde_json::Deserializer::from_slice(head)
        .into_iter::<serde_json_copy::order::Order>()
        .map(|r| format!("{:?}", r.unwrap()))
        .collect();
    let ours: Vec<String> = fastjson::from_slice_iter::<fastjson_copy::order::Order>(head)
        .map(|r| format!("{:?}", r.unwrap()))
        .collect();
    let reader: Vec<String> = fastjson::from_reader_iter::<_, fastjson_copy::order::Order>(head)
        .map(|r| format!("{:?}", r.unwrap()))
        .collect();
    let sonic: Vec<String> = sonic_rs::Deserializer::from_slice(head)
        .into_stream::<sonic_rs_copy::order::Order>()
        .map_while(Result::ok)
        .map(|r| format!("{r:?}"))
        .collect();
    assert!(
        ours == want,
        "fastjson slice stream differs from serde_json"
    );
    assert!(
        reader == want,
        "fastjson reader stream differs from serde_json"
    );
    assert!(sonic == want, "sonic-rs stream differs from serde_json");
    let counts: Vec<usize> = rows.iter().map(|(_, f)| f(input)).collect();
    assert!(
        counts.windows(2).all(|w| w[0] == w[1]),
        "item counts {counts:?}"
    );
}

fn main() {
    let mb = arg("--mb", 100);
    let rounds = arg("--rounds", 7);
    let input = json_lines(mb);
    let rows: [Row; 5] = [
        ("fastjson slice stream", fastjson_slice),
        ("fastjson slice stream (twin)", fastjson_slice),
        ("fastjson reader stream", fastjson_reader),
        ("serde_json StreamDeserializer", serde_json_stream),
        ("sonic-rs into_stream", sonic_rs_stream),
    ];
    check_equal(&input, &rows);
    println!(
        "{} MB of JSON Lines ({} records), {rounds} rounds",
        input.len() >> 20,
        input.iter().filter(|&&b| b == b'\n').count()
    );

    let mut times = vec![Vec::<Duration>::new(); rows.len()];
    for round in 0..rounds {
        for k in 0..rows.len() {
            let i = (round + k) % rows.len();
            let start = Instant::now();
            black_box(rows[i].1(black_box(&input)));
            times[i].push(start.elapsed());
        }
    }
    for ((name, _), mut t) in rows.iter().zip(times) {
        t.sort();
        let median = t[t.len() / 2];
        let mbps = input.len() as f64 / median.as_secs_f64() / 1e6;
        println!("{name:32} median {median:>10.2?}  {mbps:>8.0} MB/s");
    }
}
