//! The first-call table end to end: the bench binary's child mode, the parent spawning it, the
//! guards (a gate failure is not timed, a bad row id is an error) and the report section.

mod common;

use std::process::Command;

use fastjson_bench::first_call::{self, Sample, CHILD_FLAG};
use fastjson_bench::gate::Verdict;
use fastjson_bench::report;

const EXE: &str = env!("CARGO_BIN_EXE_fastjson-bench");

#[test]
fn the_child_times_one_row_and_refuses_what_is_not_a_decode_row() {
    let out = Command::new(EXE)
        .args([CHILD_FLAG, "decode/order/fastjson"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sample = Sample::parse(&String::from_utf8_lossy(&out.stdout)).unwrap();
    assert!(sample.first_ns > 0 && sample.second_ns > 0, "{sample:?}");

    for (row, says) in [
        ("encode/order/fastjson", "not a decode row id"),
        ("decode/no-such-workload/fastjson", "no workload"),
        ("decode/order/no-such-library", "has no decode row"),
    ] {
        let out = Command::new(EXE).args([CHILD_FLAG, row]).output().unwrap();
        assert!(!out.status.success(), "{row} succeeded");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{row}: {stderr}");
    }
}

#[test]
fn the_parent_spawns_every_row_interleaved_and_the_report_shows_them() {
    let mut r = common::small_smoke_report();
    let calls = first_call::measure(EXE.as_ref(), &r, None, 2, |_| {});
    // The generated workloads among the measured ones: order and micro-login, four libraries.
    let ids: Vec<String> = calls
        .iter()
        .map(|c| format!("{}/{}", c.workload, c.implementation))
        .collect();
    assert_eq!(
        ids,
        [
            "order/fastjson",
            "order/serde_json",
            "order/sonic-rs",
            "order/simd-json",
            "micro-login/fastjson",
            "micro-login/serde_json",
            "micro-login/sonic-rs",
            "micro-login/simd-json",
        ]
    );
    for c in &calls {
        assert_eq!(c.error, None, "{}/{}", c.workload, c.implementation);
        assert_eq!((c.first_ns.len(), c.second_ns.len()), (2, 2));
        assert!(c.first_median_ns.is_some_and(|ns| ns > 0.0));
        assert!(c.first_over_steady.is_some());
        if c.implementation == "serde_json" {
            assert_eq!(c.vs_serde_json, Some(1.0));
        }
    }
    r.first_calls = calls;
    let md = report::render::markdown(&r);
    assert!(md.contains("## First decode in a fresh process"), "{md}");
    assert!(md.contains("median over 2 processes per row"));
    assert!(md.contains("| micro-login | sonic-rs |"));
    let json = serde_json::to_vec(&r).unwrap();
    let back: report::Report = serde_json::from_slice(&json).unwrap();
    assert_eq!(back.first_calls.len(), 8);

    // A report written before the table existed still reads.
    let mut old: serde_json::Value = serde_json::from_slice(&json).unwrap();
    old.as_object_mut().unwrap().remove("first_calls");
    let old: report::Report = serde_json::from_value(old).unwrap();
    assert!(old.first_calls.is_empty());
}

#[test]
fn a_row_that_failed_the_gate_is_not_timed_and_a_failing_child_is_reported() {
    let mut r = common::small_smoke_report();
    for c in r.cells.iter_mut().filter(|c| {
        c.direction == "decode" && c.workload == "order" && c.implementation == "sonic-rs"
    }) {
        c.verdict = Verdict::Failed("planted".into());
    }
    let calls = first_call::measure(EXE.as_ref(), &r, None, 1, |_| {});
    let failed = calls
        .iter()
        .find(|c| c.workload == "order" && c.implementation == "sonic-rs")
        .unwrap();
    assert_eq!(
        failed.error.as_deref(),
        Some("failed the correctness gate: not timed")
    );
    assert!(failed.first_ns.is_empty() && failed.first_median_ns.is_none());

    // A binary that is not the bench: every child fails, and says so.
    let calls = first_call::measure("/bin/false".as_ref(), &r, None, 1, |_| {});
    assert!(calls.iter().all(|c| c.error.is_some()), "{calls:?}");
    assert!(calls
        .iter()
        .filter(|c| c.implementation != "sonic-rs")
        .all(|c| c.error.as_deref().unwrap().contains("failed")));
}
