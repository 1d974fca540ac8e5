//! The correctness gate fires: an encoder that truncates floats (the "fast mode" of
//! BENCHMARKING.md) and a decoder that does are FAILED and never timed; every real row passes.

use std::hint::black_box;

use fastjson_bench::copies::serde_json_copy::micro::Reading;
use fastjson_bench::gate::{self, Verdict};
use fastjson_bench::run::{self, Options};
use fastjson_bench::subjects::{DecodeSubject, EncodeSubject, Op, PreparedEncode};
use fastjson_bench::workloads::{self, decoder, encoder, Role, Workload};
use serde_json::Value;

/// Rewrites every float of a JSON value with 6 significant digits.
fn truncate(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_f64() => {
            let short: f64 = format!("{:.5e}", n.as_f64().unwrap()).parse().unwrap();
            *v = serde_json::Number::from_f64(short).unwrap().into();
        }
        Value::Array(items) => items.iter_mut().for_each(truncate),
        Value::Object(map) => map.values_mut().for_each(truncate),
        _ => {}
    }
}

/// Encodes with serde_json, then truncates the floats: shorter output, less data.
struct TruncatingEncoder;

impl EncodeSubject for TruncatingEncoder {
    fn prepare(&self, _: &'static [u8], exact: &Value, _: &[u8]) -> Result<PreparedEncode, String> {
        let value: Reading = serde_json::from_value(exact.clone()).map_err(|e| e.to_string())?;
        let encode = move || {
            let mut v = serde_json::to_value(&value).unwrap();
            truncate(&mut v);
            serde_json::to_vec(&v).unwrap()
        };
        let value_debug = format!(
            "{:?}",
            serde_json::from_value::<Reading>(exact.clone()).unwrap()
        );
        Ok(PreparedEncode {
            value_debug,
            output: encode(),
            op: Box::new(move || black_box(encode()).len()) as Op,
        })
    }
}

/// Decodes with serde_json, then truncates the floats.
struct TruncatingDecoder;

impl DecodeSubject for TruncatingDecoder {
    fn decode_debug(&self, input: &[u8]) -> Result<String, String> {
        let mut v: Value = serde_json::from_slice(input).map_err(|e| e.to_string())?;
        truncate(&mut v);
        let r: Reading = serde_json::from_value(v).map_err(|e| e.to_string())?;
        Ok(format!("{r:?}"))
    }
    fn op(&self, input: &'static [u8]) -> Op {
        Box::new(move || black_box(self_decode(input)))
    }
}

fn self_decode(input: &[u8]) -> usize {
    TruncatingDecoder.decode_debug(input).map_or(0, |s| s.len())
}

fn reading_workload() -> Workload {
    workloads::generated()
        .into_iter()
        .find(|w| w.name == "micro-reading")
        .unwrap()
}

#[test]
fn the_gate_fails_a_float_truncating_encoder() {
    let w = reading_workload();
    let want = gate::expected(&w).unwrap();
    let prepared = TruncatingEncoder.prepare(w.input, &want.exact, &want.output);
    assert!(
        prepared.as_ref().unwrap().output.len() < want.output.len(),
        "it drops digits"
    );
    let (verdict, identical) = gate::check_encode(Role::Contender, &prepared, &want);
    assert_eq!(identical, Some(false));
    match verdict {
        Verdict::Failed(why) => {
            assert!(why.contains("output parses to a different value"), "{why}")
        }
        other => panic!("the gate let a float-truncating encoder through: {other:?}"),
    }
}

#[test]
fn the_gate_fails_a_float_truncating_decoder() {
    let w = reading_workload();
    let want = gate::expected(&w).unwrap();
    let verdict = gate::check_decode(
        Role::Contender,
        TruncatingDecoder.decode_debug(w.input),
        &want,
        true,
    );
    assert!(
        matches!(&verdict, Verdict::Failed(why) if why.contains("floats not the exact value")),
        "{verdict:?}"
    );
}

#[test]
fn failed_rows_are_never_timed_and_real_rows_pass() {
    let mut w = reading_workload();
    w.encoders
        .push(encoder("truncating", Role::Contender, TruncatingEncoder));
    w.decoders
        .push(decoder("truncating", Role::Contender, TruncatingDecoder));
    let opts = Options::smoke();
    let report = run::run(&opts, vec![w], &fastjson_bench::corpus::Corpus::none());
    let mut seen = 0;
    for c in &report.cells {
        if c.implementation == "truncating" {
            seen += 1;
            assert!(!c.verdict.passed(), "{}", c.id());
            assert!(
                c.samples_ns.is_empty() && c.median_ns.is_none(),
                "{} was timed",
                c.id()
            );
        } else {
            assert!(c.verdict.passed(), "{}: {:?}", c.id(), c.verdict);
            assert_eq!(
                c.samples_ns.len(),
                1,
                "{}: smoke runs every row once",
                c.id()
            );
        }
    }
    assert_eq!(seen, 2);
}
