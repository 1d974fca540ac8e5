//! The serde bridge measured: `fastjson::serde::from_slice` and `fastjson::serde::to_vec` on
//! serde-derived types, against serde_json on the very same types and against fastjson's
//! derived path (`fastjson::from_slice` / `fastjson::to_vec` on the `#[derive(FastJson)]` copy).
//!
//! `cargo build --release -p fastjson-bench --example bridge_speed`
//! `./target/release/examples/bridge_speed` (21 interleaved rounds of 75 ms samples per row,
//! about a minute and a half), `--rounds N`, `--sample-ms N`, `--quick` (3 rounds of 5 ms: a
//! smoke run whose numbers mean nothing), `--filter PAT` (documents whose name contains PAT),
//! `--corpus DIR` (else the bench's corpus lookup), `--gate-only` (check every row, time none).
//!
//! Documents: twitter, citm_catalog and canada from the corpus, and the generated order and
//! micro payloads. Every row is gated before it is timed, with the bench's own gate: decoded
//! values equal the exactly parsed reference (serde_json's row may differ in floats only, its
//! default float parsing not being correctly rounded) and the bridge's value equals serde_json's
//! but for those floats; encoders write bytes identical to serde_json's. Rows of one group
//! (document × direction) are timed in interleaved rounds, order rotated each round; serde_json
//! is registered twice, and the twins' difference is the group's noise floor.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Duration;

use fastjson_bench::alloc_count::{self, CountingAlloc};
use fastjson_bench::codecs::{Codec, FastjsonCodec, SerdeJsonCodec};
use fastjson_bench::copies::{self, Owned};
use fastjson_bench::subjects::{Op, SerdeReference, Typed};
use fastjson_bench::workloads::{decoder, encoder, Role, Workload};
use fastjson_bench::{contention, corpus, debug_diff, gate, timing};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

// Allocations per operation are reported beside time, as in the bench's report.
#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// The bridge on serde's types. It takes serde_json's stamped copy: those types derive only
/// serde's traits (`stamp!` asserts at compile time that they implement neither
/// `fastjson::Encode` nor `Decode`), so this row cannot fall back on derived code, and serde_json
/// and the bridge time the same types.
#[derive(Clone, Copy)]
struct BridgeCodec;

impl<T> Codec<T> for BridgeCodec
where
    T: Owned<Lib = copies::SerdeJson> + Serialize + DeserializeOwned,
{
    type State = ();
    type Error = fastjson::Error;
    fn decode(&self, input: &[u8], _: &mut ()) -> Result<T, fastjson::Error> {
        fastjson::serde::from_slice(input)
    }
    fn encode(&self, value: &T, out: &mut Vec<u8>) {
        *out = fastjson::serde::to_vec(value).expect("the bridge encodes every payload type");
    }
    fn prepare(&self, exact: &Value, _: &[u8]) -> Result<T, String> {
        serde_json::from_value(exact.clone()).map_err(|e| e.to_string())
    }
}

const SERDE_JSON: &str = "serde_json";
const TWIN: &str = "serde_json (twin)";
const BRIDGE: &str = "bridge";
const DERIVED: &str = "derived";

// Row indexes within a group: the order the rows are registered in below.
const SJ: usize = 0;
const SJ_TWIN: usize = 1;
const BR: usize = 2;
const FJ: usize = 3;

/// A document's rows: serde_json twice (the noise floor), the bridge on the same serde types,
/// and fastjson's derived code on its own copy.
macro_rules! bridge_workload {
    ($name:expr, $input:expr, $model:ident :: $ty:ident) => {{
        use fastjson_bench::copies::{fastjson_copy, serde_json_copy};
        type Sj = serde_json_copy::$model::$ty;
        type Fj = fastjson_copy::$model::$ty;
        Workload {
            name: String::from($name),
            family: "bridge",
            input: $input,
            reference: Box::new(SerdeReference::<Sj>::default()),
            decoders: vec![
                decoder(
                    SERDE_JSON,
                    Role::Baseline,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                decoder(TWIN, Role::NoiseTwin, Typed::<_, Sj>::new(SerdeJsonCodec)),
                decoder(BRIDGE, Role::Contender, Typed::<_, Sj>::new(BridgeCodec)),
                decoder(
                    DERIVED,
                    Role::Contender,
                    Typed::<_, Fj>::new(FastjsonCodec::ToVec),
                ),
            ],
            encoders: vec![
                encoder(
                    SERDE_JSON,
                    Role::Baseline,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                encoder(TWIN, Role::NoiseTwin, Typed::<_, Sj>::new(SerdeJsonCodec)),
                encoder(BRIDGE, Role::Contender, Typed::<_, Sj>::new(BridgeCodec)),
                encoder(
                    DERIVED,
                    Role::Contender,
                    Typed::<_, Fj>::new(FastjsonCodec::ToVec),
                ),
            ],
            transactions: Vec::new(),
        }
    }};
}

/// Every document found: the corpus's three, then the generated payloads.
fn workloads(corpus: &corpus::Corpus) -> Vec<Workload> {
    let mut out = Vec::new();
    if let Some(doc) = corpus.get("twitter") {
        out.push(bridge_workload!("twitter", doc, twitter::Twitter));
    }
    if let Some(doc) = corpus.get("citm_catalog") {
        out.push(bridge_workload!("citm_catalog", doc, citm::CitmCatalog));
    }
    if let Some(doc) = corpus.get("canada") {
        out.push(bridge_workload!("canada", doc, canada::FeatureCollection));
    }
    let g = fastjson_bench::generate::Generated::get();
    out.push(bridge_workload!("order", g.order, order::Order));
    out.push(bridge_workload!("micro-login", g.micro_login, micro::Login));
    out.push(bridge_workload!(
        "micro-reading",
        g.micro_reading,
        micro::Reading
    ));
    out
}

struct Options {
    rounds: usize,
    sample: Duration,
    filter: Option<String>,
    corpus: Option<std::path::PathBuf>,
    gate_only: bool,
}

const USAGE: &str = "usage: bridge_speed [--rounds N] [--sample-ms N] [--quick] [--filter PAT] \
                     [--corpus DIR] [--gate-only]";

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        rounds: 21,
        sample: Duration::from_millis(75),
        filter: None,
        corpus: None,
        gate_only: false,
    };
    let mut quick = false;
    let (mut rounds, mut sample_ms) = (None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--rounds" => rounds = Some(value()?.parse().map_err(|e| format!("--rounds: {e}"))?),
            "--sample-ms" => {
                sample_ms = Some(value()?.parse().map_err(|e| format!("--sample-ms: {e}"))?)
            }
            "--quick" => quick = true,
            "--filter" => o.filter = Some(value()?),
            "--corpus" => o.corpus = Some(value()?.into()),
            "--gate-only" => o.gate_only = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if quick {
        o.rounds = 3;
        o.sample = Duration::from_millis(5);
    }
    o.rounds = rounds.unwrap_or(o.rounds);
    if let Some(ms) = sample_ms {
        o.sample = Duration::from_millis(ms);
    }
    // A median needs samples on both sides; one round would be a single sample per row.
    if o.rounds < 3 {
        return Err(format!("--rounds must be at least 3\n{USAGE}"));
    }
    Ok(o)
}

/// One group's gated operations, or why the gate refused it.
struct Gated {
    ops: Vec<Op>,
    /// Bytes per operation: the input (decode) or serde_json's output (encode).
    bytes: usize,
    notes: Vec<String>,
}

/// The decode rows of `w`, each checked against the reference first; the bridge's value is
/// also compared with serde_json's directly, floats apart.
fn gate_decode(w: &Workload, want: &gate::Expected, inexact_ok: bool) -> Result<Gated, String> {
    let mut notes = Vec::new();
    let mut debugs = Vec::new();
    for row in &w.decoders {
        let decoded = row.subject.decode_debug(w.input);
        let verdict = gate::check_decode(row.role, decoded.clone(), want, inexact_ok);
        match verdict {
            gate::Verdict::Failed(why) => return Err(format!("{}: {why}", row.label)),
            gate::Verdict::Pass(Some(note)) => notes.push(format!("{}: {note}", row.label)),
            _ => {}
        }
        debugs.push(decoded?);
    }
    let d = debug_diff::compare(&debugs[SJ], &debugs[BR]);
    if let Some(other) = d.other {
        return Err(format!(
            "the bridge's value differs from serde_json's {other}"
        ));
    }
    if d.float_mismatches > 0 {
        notes.push(format!(
            "bridge and serde_json values differ in {} floats only, where the bridge's are the \
             exact value of their text",
            d.float_mismatches
        ));
    }
    Ok(Gated {
        ops: w.decoders.iter().map(|r| r.subject.op(w.input)).collect(),
        bytes: w.input.len(),
        notes,
    })
}

/// The encode rows of `w`: each value equal to the reference, each output byte-identical to
/// serde_json's (the gate alone accepts any output that parses back to the same value; the
/// bridge promises the bytes).
fn gate_encode(w: &Workload, want: &gate::Expected) -> Result<Gated, String> {
    let mut ops = Vec::new();
    for row in &w.encoders {
        let prepared = row.subject.prepare(w.input, &want.exact, &want.output);
        let (verdict, identical) = gate::check_encode(row.role, &prepared, want);
        if let gate::Verdict::Failed(why) = verdict {
            return Err(format!("{}: {why}", row.label));
        }
        if identical != Some(true) {
            return Err(format!(
                "{}: output not byte-identical to serde_json's",
                row.label
            ));
        }
        ops.push(prepared?.op);
    }
    Ok(Gated {
        ops,
        bytes: want.output.len(),
        notes: Vec::new(),
    })
}

/// One row's figures.
struct RowStats {
    stats: timing::Stats,
    batch: u64,
    allocs: Option<(f64, f64)>,
}

/// One group's timings.
struct Timed {
    rows: Vec<RowStats>,
    /// The contention probe taken before each round.
    probes: Vec<f64>,
}

/// Calibrates every row, counts its allocations, then times `rounds` interleaved rounds: each
/// round takes one sample of every row, starting one row later than the round before.
fn time_group(ops: &mut [Op], o: &Options) -> Timed {
    let batches: Vec<u64> = ops
        .iter_mut()
        .map(|op| timing::calibrate(op, o.sample))
        .collect();
    let allocs: Vec<_> = ops
        .iter_mut()
        .map(|op| {
            alloc_count::measure(3, || {
                black_box(op());
            })
        })
        .collect();
    let mut samples = vec![Vec::with_capacity(o.rounds); ops.len()];
    let mut probes = Vec::with_capacity(o.rounds);
    for r in 0..o.rounds {
        probes.push(contention::probe_ns());
        for i in timing::round_order(ops.len(), r) {
            samples[i].push(timing::sample(&mut ops[i], batches[i]));
        }
    }
    let rows = samples
        .iter()
        .zip(batches)
        .zip(allocs)
        .map(|((s, batch), allocs)| RowStats {
            stats: timing::stats(s).expect("at least three rounds"),
            batch,
            allocs,
        })
        .collect();
    Timed { rows, probes }
}

fn fmt_time(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}

/// `other ÷ bridge` as a speedup (above 1: the bridge is faster), a tie when it is within the
/// group's noise floor.
fn fmt_speedup(other: f64, bridge: f64, noise: f64) -> String {
    let s = other / bridge;
    if (s - 1.0).abs() <= noise {
        format!("tie ({s:.2}×)")
    } else {
        format!("{s:.2}×")
    }
}

struct GroupResult {
    doc: String,
    op: &'static str,
    bytes: usize,
    outcome: Result<Timed, String>,
    notes: Vec<String>,
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(if msg == USAGE { 0 } else { 2 });
        }
    };
    let corpus = corpus::load(o.corpus.as_deref());
    let digests = corpus
        .docs
        .iter()
        .map(|(n, d)| (format!("{n}.json"), d.len(), corpus::git_blob_sha1(d)))
        .collect();
    let corpus_line = match &corpus.dir {
        Some((dir, how)) => format!("{} (from {how})", dir.display()),
        None => "none".to_string(),
    };
    let header = fastjson_bench::report::header::collect(corpus_line, digests);
    let (exact_floats, _) = gate::serde_json_float_mode();
    let inexact_ok = !exact_floats;

    let mut failed = false;
    for (root, verdict) in fastjson_bench::workloads::guard_all() {
        if let Err(findings) = verdict {
            eprintln!("guard: {root}: {findings:?}");
            failed = true;
        }
    }
    for m in &corpus.missing {
        eprintln!("corpus: {m}");
    }

    let cpu_at_start = fastjson_bench::report::header::cpu_times();
    let mut results = Vec::new();
    for w in workloads(&corpus) {
        if o.filter
            .as_ref()
            .is_some_and(|p| !w.name.contains(p.as_str()))
        {
            continue;
        }
        let want = match gate::expected(&w) {
            Ok(want) => want,
            Err(e) => {
                for op in ["decode", "encode"] {
                    results.push(GroupResult {
                        doc: w.name.clone(),
                        op,
                        bytes: w.input.len(),
                        outcome: Err(format!("no reference: {e}")),
                        notes: Vec::new(),
                    });
                }
                continue;
            }
        };
        for op in ["decode", "encode"] {
            if o.gate_only {
                eprintln!("{op} {}: gate", w.name);
            } else {
                eprintln!("{op} {}: gate, then {} rounds", w.name, o.rounds);
            }
            let gated = if op == "decode" {
                gate_decode(&w, &want, inexact_ok)
            } else {
                gate_encode(&w, &want)
            };
            if o.gate_only {
                match gated {
                    Ok(g) => {
                        eprintln!("  passed");
                        g.notes.iter().for_each(|n| eprintln!("  note: {n}"));
                    }
                    Err(why) => {
                        eprintln!("  FAILED: {why}");
                        failed = true;
                    }
                }
                continue;
            }
            let (bytes, outcome, notes) = match gated {
                Ok(mut g) => (g.bytes, Ok(time_group(&mut g.ops, &o)), g.notes),
                Err(why) => (w.input.len(), Err(why), Vec::new()),
            };
            results.push(GroupResult {
                doc: w.name.clone(),
                op,
                bytes,
                outcome,
                notes,
            });
        }
    }
    if o.gate_only {
        eprintln!(
            "gate only: {}",
            if failed { "FAILED" } else { "every row passed" }
        );
        return if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    let steal = cpu_at_start.zip(fastjson_bench::report::header::cpu_times());
    let steal = steal.and_then(|(a, b)| fastjson_bench::report::header::steal_percent(a, b));

    println!("# The serde bridge against serde_json and fastjson's derived path\n");
    println!(
        "- machine: {} ({} cores), {}, RUSTFLAGS {}, {} build, profile {}",
        header.cpu, header.cores, header.rustc, header.rustflags, header.build, header.profile
    );
    println!("- crates: {}", header.crates);
    println!("- fastjson string kernel: {}", header.fastjson_kernel);
    println!("- serde_json float mode: {}", header.serde_json_float_mode);
    println!("- corpus: {}", header.corpus);
    for (name, len, sha) in &header.corpus_digests {
        println!("  - {name}: {len} bytes, git blob {sha}");
    }
    println!(
        "- timing: {} interleaved rounds per group, samples of about {} ms{}",
        o.rounds,
        o.sample.as_millis(),
        if o.rounds < 21 {
            " (a smoke run: too few rounds for figures to mean anything)"
        } else {
            ""
        }
    );
    let busy = fastjson_bench::report::header::busy_compilers();
    println!(
        "- load average at start: {}; rustc running at start: {}, at end: {}; steal while timing: {}",
        header.load_average,
        header.busy.len(),
        busy.len(),
        steal.map_or("unknown".to_string(), |s| format!("{s:.1}%"))
    );
    let all_probes: Vec<f64> = results
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok())
        .flat_map(|t| t.probes.iter().copied())
        .collect();
    if let Some((contended, of)) = contention::contended_rounds(&all_probes) {
        println!("- rounds on a shared core (contention probe over 25% above the run's fastest): {contended} of {of}");
    }
    println!("- {}", fastjson_bench::report::header::VARY);
    println!();
    println!(
        "Times are medians per operation. \"bridge vs X\" is X's median ÷ the bridge's median \
         (above 1× the bridge is faster; the time ratio bridge ÷ X is its inverse); \"tie\" when \
         within the noise floor: how far the serde_json twin's median lies from serde_json's, \
         in the same group of the same run.\n"
    );
    println!("| document | op | serde_json | bridge | derived | bridge vs serde_json | bridge vs derived | noise floor |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for r in &results {
        match &r.outcome {
            Ok(t) => {
                let m = |i: usize| t.rows[i].stats.median;
                let noise = (m(SJ_TWIN) / m(SJ) - 1.0).abs();
                println!(
                    "| {} | {} | {} | {} | {} | {} | {} | {:.1}% |",
                    r.doc,
                    r.op,
                    fmt_time(m(SJ)),
                    fmt_time(m(BR)),
                    fmt_time(m(FJ)),
                    fmt_speedup(m(SJ), m(BR), noise),
                    fmt_speedup(m(FJ), m(BR), noise),
                    noise * 100.0
                );
            }
            Err(why) => {
                failed = true;
                println!(
                    "| {} | {} | FAILED | FAILED | FAILED | – | – | – |",
                    r.doc, r.op
                );
                eprintln!("FAILED {} {}: {why}", r.op, r.doc);
            }
        }
    }
    println!("\n## Rows\n");
    println!("| document | op | row | median | min | max | MB/s | ops per sample | allocations/op | bytes allocated/op |");
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
    let labels = [SERDE_JSON, TWIN, BRIDGE, DERIVED];
    for r in &results {
        let Ok(t) = &r.outcome else { continue };
        for (label, row) in labels.iter().zip(&t.rows) {
            let (allocs, bytes) = row.allocs.map_or(("–".into(), "–".into()), |(a, b)| {
                (format!("{a:.1}"), format!("{b:.0}"))
            });
            println!(
                "| {} | {} | {label} | {} | {} | {} | {:.0} | {} | {allocs} | {bytes} |",
                r.doc,
                r.op,
                fmt_time(row.stats.median),
                fmt_time(row.stats.min),
                fmt_time(row.stats.max),
                r.bytes as f64 * 1e3 / row.stats.median,
                row.batch,
            );
        }
    }
    let notes: Vec<String> = results
        .iter()
        .flat_map(|r| {
            r.notes
                .iter()
                .map(move |n| format!("{} {}: {n}", r.op, r.doc))
        })
        .collect();
    if !notes.is_empty() {
        println!("\n## Gate notes\n");
        for n in notes {
            println!("- {n}");
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
