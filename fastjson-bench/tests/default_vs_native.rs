//! The default-vs-native comparison end to end: `--fastjson-and-serde-json-only` times exactly
//! fastjson's and serde_json's rows, and the summary of alternated reports names a default build
//! that is slower than its native build beyond the noise band, flags a busy host by steal time and
//! by sample spread (and refuses a half pair).

use std::collections::BTreeSet;

use fastjson_bench::corpus::Corpus;
use fastjson_bench::report::{default_vs_native, Report};
use fastjson_bench::run::{self, Options, Rows};
use fastjson_bench::workloads;

fn fastjson_and_serde_json_only() -> Report {
    let opts = Options {
        rows: Rows::FastjsonAndSerdeJson,
        ..Options::smoke()
    };
    run::run(&opts, workloads::generated(), &Corpus::none())
}

/// `report` as pair `k`'s `build` report: fastjson's medians `fastjson_ns`, serde_json's 100 ns,
/// each moved by 0.1% per pair so that the invocation noise is small but not zero.
fn as_build(report: &Report, build: &str, k: usize, fastjson_ns: f64) -> Report {
    let mut r = report.clone();
    r.header.build = build.to_string();
    // Steal time rising by 0.5% per pair: the last pairs ran on a busy host.
    r.header.steal_percent = Some(0.5 * k as f64);
    for c in &mut r.cells {
        let base = if c.implementation.starts_with("fastjson") {
            fastjson_ns
        } else {
            100.0
        };
        let median = base * (1.0 + 0.001 * k as f64);
        c.median_ns = Some(median);
        // Sample spread (median over fastest sample) 2% per pair: 6% in the third, a
        // contended host by the report's own threshold.
        let fastest = median / (1.0 + 0.02 * k as f64);
        c.min_ns = Some(fastest);
        c.samples_ns = vec![fastest, median, median, median, median];
    }
    r
}

fn save(report: &Report, dir: &std::path::Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("report.json"), serde_json::to_vec(report).unwrap()).unwrap();
}

#[test]
fn only_fastjson_and_serde_json_rows_are_timed() {
    let r = fastjson_and_serde_json_only();
    assert!(r.requests.is_empty(), "no request mode");
    let labels: BTreeSet<&str> = r.cells.iter().map(|c| c.implementation.as_str()).collect();
    assert_eq!(
        labels,
        BTreeSet::from([
            "fastjson",
            "fastjson encode_into",
            "serde_json",
            "serde_json (twin)"
        ])
    );
    for w in &r.workloads {
        for direction in ["decode", "encode"] {
            let rows = r
                .cells
                .iter()
                .filter(|c| c.workload == w.name && c.direction == direction)
                .count();
            assert_eq!(
                rows,
                if direction == "decode" { 3 } else { 4 },
                "{direction}/{}",
                w.name
            );
        }
    }
    assert!(r.cells.iter().all(|c| c.verdict.passed()));
}

#[test]
fn the_summary_names_a_slower_default_build_and_refuses_a_half_pair() {
    let r = fastjson_and_serde_json_only();
    let dir = std::env::temp_dir().join(format!("fastjson-bench-dvn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for k in 1..=3 {
        save(
            &as_build(&r, "default", k, 110.0),
            &dir.join(format!("default-{k}")),
        );
        save(
            &as_build(&r, "native", k, 100.0),
            &dir.join(format!("native-{k}")),
        );
    }
    save(&as_build(&r, "default", 4, 110.0), &dir.join("default-4"));
    let half = default_vs_native::write(&dir).unwrap_err().to_string();
    assert!(half.contains("pair 4"), "{half}");
    std::fs::remove_dir_all(dir.join("default-4")).unwrap();
    // A native report in a default slot is refused.
    save(&as_build(&r, "native", 1, 100.0), &dir.join("default-1"));
    assert!(default_vs_native::write(&dir).is_err());
    save(&as_build(&r, "default", 1, 110.0), &dir.join("default-1"));

    let (path, text) = default_vs_native::write(&dir).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let fastjson_rows = r
        .cells
        .iter()
        .filter(|c| c.implementation.starts_with("fastjson"))
        .count();
    assert!(
        text.contains(&format!("fastjson: 0 of {fastjson_rows} cells")),
        "{text}"
    );
    assert!(
        text.contains("stolen by the hypervisor per run: 0.5%–1.5% (**a busy host**"),
        "{text}"
    );
    assert!(
        text.contains("fastest sample): 2.0%–6.0% (**a busy host**"),
        "{text}"
    );
    let table: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| decode") || l.starts_with("| encode"))
        .collect();
    assert_eq!(
        table.len(),
        fastjson_rows
            + r.cells
                .iter()
                .filter(|c| c.implementation == "serde_json")
                .count()
    );
    for line in table {
        if line.contains("| serde_json |") {
            assert!(
                line.contains("| 1.000 |") && line.ends_with("within noise |"),
                "{line}"
            );
        } else {
            assert!(
                line.contains("| 1.100 |") && line.ends_with("**default slower** |"),
                "{line}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
