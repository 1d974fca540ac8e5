//! criterion benches over the harness's workloads and rows (`cargo bench -p fastjson-bench`,
//! filter with `-- twitter` or `-- decode/order`), for the inner loop of performance work. Rows
//! pass the same correctness gate as in the harness first; a failing row is skipped, loudly.
//! The comparison itself (interleaved rounds, floors, ratios, allocations) is the binary's job.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fastjson_bench::{corpus, gate, workloads};

fn bench(c: &mut Criterion) {
    let corpus = corpus::load(None);
    for m in &corpus.missing {
        eprintln!("corpus: {m}");
    }
    let (exact_floats, _) = gate::serde_json_float_mode();
    for w in workloads::all(&corpus) {
        let want = gate::expected(&w).expect("the reference builds");
        let mut group = c.benchmark_group(format!("decode/{}", w.name));
        group.throughput(Throughput::Bytes(w.input.len() as u64));
        for row in &w.decoders {
            let decoded = row.subject.decode_debug(w.input);
            let verdict = gate::check_decode(row.role, decoded, &want, !exact_floats);
            if !verdict.passed() {
                eprintln!("SKIPPED decode/{}/{}: {verdict:?}", w.name, row.label);
                continue;
            }
            let mut op = row.subject.op(w.input);
            group.bench_function(row.label, |b| b.iter(&mut op));
        }
        group.finish();

        let mut group = c.benchmark_group(format!("encode/{}", w.name));
        group.throughput(Throughput::Bytes(want.output.len() as u64));
        for row in &w.encoders {
            let prepared = row.subject.prepare(w.input, &want.exact, &want.output);
            let (verdict, _) = gate::check_encode(row.role, &prepared, &want);
            match prepared {
                Ok(mut p) if verdict.passed() => {
                    group.bench_function(row.label, |b| b.iter(&mut p.op));
                }
                _ => eprintln!("SKIPPED encode/{}/{}: {verdict:?}", w.name, row.label),
            }
        }
        group.finish();
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench
}
criterion_main!(benches);
