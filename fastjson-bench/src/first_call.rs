//! First decode in a fresh process (BENCHMARKING.md: "steady state is not the only state"): the
//! child (`--first-call-child ROW`), which times one row's first and second decode in a process
//! that has decoded nothing before, and the parent, which spawns the children round by round,
//! the rows interleaved, and keeps their medians beside the steady-state figures.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use crate::report::{FirstCallCell, Report};
use crate::workloads::{self, label, Role};

/// The child's flag; its argument is a decode row id (`decode/twitter/fastjson`), optionally
/// followed by `--corpus DIR`.
pub const CHILD_FLAG: &str = "--first-call-child";

/// The workloads measured: the three corpus documents, the order payload and a ~200 B one (a
/// CLI reads one document; a function-as-a-service handler, one request).
pub const WORKLOADS: [&str; 5] = ["twitter", "citm_catalog", "canada", "order", "micro-login"];

/// The implementations measured, one row each (simd-json's reused-buffer row would repeat its
/// first call: there is nothing to reuse yet).
pub const IMPLEMENTATIONS: [&str; 4] = [
    label::FASTJSON,
    label::SERDE_JSON,
    label::SONIC_RS,
    label::SIMD_JSON,
];

/// Processes per row for a run mode (`smoke` 1, `default` 5, `full` 11).
pub fn samples(mode: crate::run::Mode) -> usize {
    match mode {
        crate::run::Mode::Smoke => 1,
        crate::run::Mode::Default => 5,
        crate::run::Mode::Full => 11,
    }
}

/// What one fresh process measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The process's first decode: cold code pages, caches and allocator, lazy initialisation.
    pub first_ns: u64,
    /// The decode right after it, in the same process.
    pub second_ns: u64,
}

impl Sample {
    /// The child's one line of output.
    pub fn line(self) -> String {
        format!(
            "first-call-ns {} second-call-ns {}",
            self.first_ns, self.second_ns
        )
    }

    /// Reads [`Sample::line`] back.
    pub fn parse(text: &str) -> Result<Sample, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields[..] {
            ["first-call-ns", first, "second-call-ns", second] => {
                let number = |s: &str| {
                    s.parse::<u64>()
                        .map_err(|_| format!("`{s}` is not a number of nanoseconds"))
                };
                Ok(Sample {
                    first_ns: number(first)?,
                    second_ns: number(second)?,
                })
            }
            _ => Err(format!(
                "unexpected output from the child: `{}`",
                text.trim()
            )),
        }
    }
}

/// The child's side: finds the decode row `row` (`decode/WORKLOAD/IMPLEMENTATION`) and times
/// its first two decodes. Everything before them (reading the corpus, generating the one payload
/// the row reads, which runs serde_json's encoder) is the same for every implementation and not
/// timed; no other workload is built, so the heap the first decode starts from holds only that.
pub fn child(row: &str, corpus: &crate::corpus::Corpus) -> Result<Sample, String> {
    let mut parts = row.splitn(3, '/');
    let (Some("decode"), Some(workload), Some(implementation)) =
        (parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "{row}: not a decode row id (decode/WORKLOAD/IMPLEMENTATION)"
        ));
    };
    let w = workloads::named(workload, corpus)
        .ok_or_else(|| format!("{row}: no workload `{workload}` (is the corpus there?)"))?;
    let r = w
        .decoders
        .iter()
        .find(|r| r.label == implementation)
        .ok_or_else(|| format!("{row}: `{workload}` has no decode row `{implementation}`"))?;
    let mut op = r.subject.op(w.input);
    let start = Instant::now();
    std::hint::black_box(op());
    let first = start.elapsed();
    let start = Instant::now();
    std::hint::black_box(op());
    let second = start.elapsed();
    Ok(Sample {
        first_ns: first.as_nanos() as u64,
        second_ns: second.as_nanos() as u64,
    })
}

/// The parent's side: for every measured row whose steady-state decode passed the gate in
/// `report`, `samples` fresh processes of `exe` (the bench binary), spawned round by round with
/// the rows interleaved so that drift hits every row. A row whose child fails keeps the error.
pub fn measure(
    exe: &Path,
    report: &Report,
    corpus_dir: Option<&Path>,
    samples: usize,
    mut progress: impl FnMut(&str),
) -> Vec<FirstCallCell> {
    let mut cells: Vec<FirstCallCell> = Vec::new();
    for workload in WORKLOADS {
        for implementation in IMPLEMENTATIONS {
            let Some(steady) = report.cells.iter().find(|c| {
                c.direction == "decode"
                    && c.workload == workload
                    && c.implementation == implementation
            }) else {
                continue;
            };
            cells.push(FirstCallCell {
                workload: workload.to_string(),
                implementation: implementation.to_string(),
                role: steady.role,
                first_ns: Vec::new(),
                second_ns: Vec::new(),
                first_median_ns: None,
                second_median_ns: None,
                steady_median_ns: steady.median_ns,
                first_over_steady: None,
                vs_serde_json: None,
                error: (!steady.verdict.passed())
                    .then(|| "failed the correctness gate: not timed".to_string()),
            });
        }
    }
    for round in 0..samples {
        progress(&format!(
            "first call: round {} of {samples}, {} rows",
            round + 1,
            cells.len()
        ));
        for cell in cells.iter_mut().filter(|c| c.error.is_none()) {
            let id = format!("decode/{}/{}", cell.workload, cell.implementation);
            match spawn(exe, &id, corpus_dir) {
                Ok(sample) => {
                    cell.first_ns.push(sample.first_ns);
                    cell.second_ns.push(sample.second_ns);
                }
                Err(e) => cell.error = Some(e),
            }
        }
    }
    for cell in &mut cells {
        if cell.error.is_some() {
            cell.first_ns.clear();
            cell.second_ns.clear();
            continue;
        }
        cell.first_median_ns = median(&cell.first_ns);
        cell.second_median_ns = median(&cell.second_ns);
        cell.first_over_steady = cell
            .first_median_ns
            .zip(cell.steady_median_ns)
            .map(|(first, steady)| first / steady);
    }
    let baselines: Vec<(String, f64)> = cells
        .iter()
        .filter(|c| c.role == Role::Baseline)
        .filter_map(|c| Some((c.workload.clone(), c.first_median_ns?)))
        .collect();
    for cell in &mut cells {
        let baseline = baselines.iter().find(|(w, _)| *w == cell.workload);
        cell.vs_serde_json = baseline
            .zip(cell.first_median_ns)
            .map(|((_, serde_json), first)| serde_json / first);
    }
    cells
}

/// Runs one child and reads its sample.
fn spawn(exe: &Path, row: &str, corpus_dir: Option<&Path>) -> Result<Sample, String> {
    let mut command = Command::new(exe);
    command.arg(CHILD_FLAG).arg(row);
    if let Some(dir) = corpus_dir {
        command.arg("--corpus").arg(dir);
    }
    let output = command
        .output()
        .map_err(|e| format!("could not start {}: {e}", exe.display()))?;
    if !output.status.success() {
        return Err(format!(
            "the child for {row} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Sample::parse(&String::from_utf8_lossy(&output.stdout))
}

/// The median of nanosecond samples, by the harness's own statistics (`timing::stats`).
fn median(values: &[u64]) -> Option<f64> {
    let samples: Vec<f64> = values.iter().map(|&ns| ns as f64).collect();
    crate::timing::stats(&samples).map(|s| s.median)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_survives_its_own_line_and_bad_lines_are_refused() {
        let s = Sample {
            first_ns: 123_456,
            second_ns: 7_890,
        };
        assert_eq!(Sample::parse(&s.line()), Ok(s));
        assert_eq!(Sample::parse(&format!("{}\n", s.line())), Ok(s));
        assert!(Sample::parse("").is_err());
        assert!(Sample::parse("first-call-ns 12 second-call-ns").is_err());
        assert!(Sample::parse("first-call-ns -3 second-call-ns 4").is_err());
        assert!(Sample::parse("second-call-ns 1 first-call-ns 2").is_err());
    }

    #[test]
    fn medians_of_odd_even_and_empty_sets() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[5, 1, 3]), Some(3.0));
        assert_eq!(median(&[4, 1, 3, 2]), Some(2.5));
    }
}
