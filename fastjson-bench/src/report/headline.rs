//! The first screen of a run: per workload and direction, fastjson's median and how many times
//! faster it is than each peer, so the answer comes before the details.

use std::fmt::Write;

use super::render::{duration, ratio};
use super::{Cell, Report, WorkloadInfo};
use crate::workloads::label;

/// The peers, each a column: its name and the rows that stand for it. simd-json has two rows
/// (fresh and reused parse buffers); the faster of the two that passed the gate stands for it,
/// so that fastjson is compared with simd-json at its best.
const PEERS: [(&str, &[&str]); 3] = [
    (label::SERDE_JSON, &[label::SERDE_JSON]),
    (label::SONIC_RS, &[label::SONIC_RS]),
    (
        label::SIMD_JSON,
        &[label::SIMD_JSON, label::SIMD_JSON_REUSED],
    ),
];

/// What the table says about a row: either a median to compare with, or why there is none.
enum Timed<'a> {
    /// Passed the gate and was timed.
    Median(&'a Cell, f64),
    /// Failed the correctness gate: never timed, never a ratio.
    Failed,
    /// Not in this run (filtered out, or the direction does not apply).
    Absent,
}

/// The best of `rows` in one group: the fastest that passed and was timed; `Failed` only when
/// every row present failed.
fn best<'a>(cells: &'a [Cell], dir: &str, workload: &str, rows: &[&str]) -> Timed<'a> {
    let mut found = Timed::Absent;
    for imp in rows {
        let Some(c) = cells
            .iter()
            .find(|c| c.direction == dir && c.workload == workload && c.implementation == *imp)
        else {
            continue;
        };
        match (c.verdict.passed(), c.median_ns, &found) {
            (false, _, Timed::Absent) => found = Timed::Failed,
            (true, Some(m), Timed::Median(_, best)) if m >= *best => {}
            (true, Some(m), _) => found = Timed::Median(c, m),
            _ => {}
        }
    }
    found
}

/// The summary table of a report (see [`table`]).
pub fn of(r: &Report) -> String {
    table(&r.workloads, &r.cells)
}

/// One line per workload and direction that has a fastjson row: fastjson's median, then the
/// peer's median over fastjson's for each peer and for the fastest of them (above 1: fastjson is
/// faster). A ratio within the group's tie band (the noise floor) reads `tie`, as in the detailed
/// tables; a row that failed the gate reads `FAILED`, and fastjson's failure fails its whole line.
pub fn table(workloads: &[WorkloadInfo], cells: &[Cell]) -> String {
    let mut s = String::new();
    let peers: Vec<String> = PEERS.iter().map(|(name, _)| format!("vs {name}")).collect();
    let _ = writeln!(
        s,
        "| workload | direction | fastjson median | {} | vs fastest peer |",
        peers.join(" | ")
    );
    let _ = writeln!(s, "|---|---|---:|{}---:|", "---:|".repeat(PEERS.len()));
    for w in workloads {
        for dir in ["decode", "encode"] {
            let columns = match best(cells, dir, &w.name, &[label::FASTJSON]) {
                Timed::Absent => continue,
                Timed::Failed => vec!["FAILED".to_string(); PEERS.len() + 2],
                Timed::Median(fastjson, median) => line(cells, dir, &w.name, fastjson, median),
            };
            let _ = writeln!(s, "| {} | {dir} | {} |", w.name, columns.join(" | "));
        }
    }
    s
}

/// fastjson's median and its ratios, for a fastjson row that passed.
fn line(cells: &[Cell], dir: &str, workload: &str, fastjson: &Cell, median: f64) -> Vec<String> {
    let vs = |peer: f64| ratio(Some(peer / median), fastjson.tie_band);
    let mut columns = vec![duration(median)];
    let mut fastest: Option<(&str, f64)> = None;
    for (name, rows) in PEERS {
        columns.push(match best(cells, dir, workload, rows) {
            Timed::Median(_, peer) => {
                if fastest.is_none_or(|(_, f)| peer < f) {
                    fastest = Some((name, peer));
                }
                vs(peer)
            }
            Timed::Failed => "FAILED".into(),
            Timed::Absent => "–".into(),
        });
    }
    columns.push(fastest.map_or("–".into(), |(name, peer)| format!("{name}: {}", vs(peer))));
    columns
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::Verdict;
    use crate::workloads::Role;

    fn workload(name: &str) -> WorkloadInfo {
        WorkloadInfo {
            name: name.into(),
            family: "generated".into(),
            bytes: 1000,
            digest: String::new(),
        }
    }

    fn cell(dir: &str, workload: &str, imp: &str, median: f64, passed: bool) -> Cell {
        Cell {
            direction: dir.into(),
            workload: workload.into(),
            family: "generated".into(),
            implementation: imp.into(),
            role: if imp == label::SERDE_JSON {
                Role::Baseline
            } else {
                Role::Contender
            },
            bytes: 1000,
            verdict: if passed {
                Verdict::Pass(None)
            } else {
                Verdict::Failed("differs".into())
            },
            byte_identical: None,
            batch: 1,
            samples_ns: vec![median],
            median_ns: passed.then_some(median),
            min_ns: passed.then_some(median),
            max_ns: passed.then_some(median),
            allocs_per_op: None,
            alloc_bytes_per_op: None,
            vs_serde_json: None,
            vs_sonic_rs: None,
            tie_band: Some(0.02),
            contended_rounds: None,
        }
    }

    /// The data rows of the table, cells split on `|`.
    fn rows(table: &str) -> Vec<Vec<String>> {
        table
            .lines()
            .skip(2)
            .map(|l| {
                l.trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn ratios_are_the_peers_median_over_fastjsons_and_failures_are_never_numbers() {
        use label::*;
        let cells = vec![
            // decode: fastjson 100 ns; serde_json 250 (2.5×), sonic-rs 101 (a tie within 2%),
            // simd-json's fresh buffers failed but its reused ones passed at 125 (1.25×): the
            // fastest peer is sonic-rs.
            cell("decode", "w", FASTJSON, 100.0, true),
            cell("decode", "w", SERDE_JSON, 250.0, true),
            cell("decode", "w", SONIC_RS, 101.0, true),
            cell("decode", "w", SIMD_JSON, 90.0, false),
            cell("decode", "w", SIMD_JSON_REUSED, 125.0, true),
            // encode: fastjson 200 ns, slower than serde_json at 150 (0.75×); sonic-rs failed,
            // simd-json has no row.
            cell("encode", "w", FASTJSON, 200.0, true),
            cell("encode", "w", SERDE_JSON, 150.0, true),
            cell("encode", "w", SONIC_RS, 50.0, false),
            // fastjson failed: nothing on its line is a number.
            cell("decode", "v", FASTJSON, 100.0, false),
            cell("decode", "v", SERDE_JSON, 300.0, true),
        ];
        let table = table(&[workload("w"), workload("v")], &cells);
        let header = table.lines().next().unwrap();
        assert_eq!(
            header,
            "| workload | direction | fastjson median | vs serde_json | vs sonic-rs | vs simd-json | vs fastest peer |"
        );
        let rows = rows(&table);
        assert_eq!(rows.len(), 3, "{table}");
        assert_eq!(
            rows[0],
            [
                "w",
                "decode",
                "100.0 ns",
                "2.50×",
                "tie (1.01×)",
                "1.25×",
                "sonic-rs: tie (1.01×)"
            ],
            "{table}"
        );
        assert_eq!(
            rows[1],
            [
                "w",
                "encode",
                "200.0 ns",
                "0.75×",
                "FAILED",
                "–",
                "serde_json: 0.75×"
            ],
            "{table}"
        );
        assert_eq!(
            rows[2],
            ["v", "decode", "FAILED", "FAILED", "FAILED", "FAILED", "FAILED"],
            "{table}"
        );
    }

    #[test]
    fn a_workload_without_a_fastjson_row_has_no_line() {
        let cells = vec![cell("decode", "w", label::SERDE_JSON, 100.0, true)];
        assert_eq!(rows(&table(&[workload("w")], &cells)).len(), 0);
    }
}
