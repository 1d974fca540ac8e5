//! Each timed group in fresh processes: the parent's side (spawn the bench binary with
//! `--group-child decode/twitter`, read back its report, pool the processes' samples row by row)
//! and the pooling itself. A group's figures then depend on its own rows alone, not on what the
//! groups before it left in the heap: with twitter's encode rows' values alive, every library's
//! twitter decode ran 10–23% slower, and one binary's ladder rows moved 6–10% between two full
//! runs. Within each process the rows are interleaved as before.

use std::path::PathBuf;
use std::process::Command;

use crate::gate::Verdict;
use crate::report::{Cell, Report};
use crate::run::{Mode, Options, Rows};
use crate::timing;

/// The child's flag; its argument names one group: `decode/twitter`, `encode/order`.
pub const CHILD_FLAG: &str = "--group-child";

/// Where and how often groups run outside the parent.
#[derive(Debug, Clone)]
pub struct Isolation {
    /// The bench binary to spawn (the parent's own executable).
    pub exe: PathBuf,
    /// Fresh processes per group; the run's rounds are shared out among them.
    pub processes: usize,
    /// Passed on as `--corpus`, so that the children read the parent's documents.
    pub corpus: Option<PathBuf>,
}

/// Fresh processes per group for a run mode (`--processes` overrides): 3, so that one
/// process's unlucky layout (about one process in seven ran a whole group 12–14% slow when
/// this was measured) holds a third of a row's samples, not all of them; `smoke` none (nothing
/// is timed).
pub fn processes(mode: Mode) -> usize {
    match mode {
        Mode::Smoke => 0,
        Mode::Default | Mode::Full => 3,
    }
}

/// Rounds each of `processes` processes runs so that together they take at least `rounds`.
pub fn rounds_per_process(rounds: usize, processes: usize) -> usize {
    rounds.div_ceil(processes.max(1)).max(1)
}

/// The child's command line: the parent's mode, filters, rows and plan, with its share of the
/// rounds.
pub fn child_args(opts: &Options, iso: &Isolation, group: &str, rounds: usize) -> Vec<String> {
    let mut args = vec![CHILD_FLAG.to_string(), group.to_string()];
    match opts.mode {
        Mode::Full => args.push("--full".into()),
        Mode::Default => {}
        Mode::Smoke => args.push("--smoke".into()),
    }
    for f in &opts.filters {
        args.extend(["--filter".to_string(), f.clone()]);
    }
    if opts.rows == Rows::FastjsonAndSerdeJson {
        args.push("--fastjson-and-serde-json-only".into());
    }
    if opts.mode != Mode::Smoke {
        args.extend(["--rounds".to_string(), rounds.to_string()]);
        if let Some(sample) = opts.sample {
            args.extend(["--sample-ms".to_string(), sample.as_millis().to_string()]);
        }
    }
    if let Some(dir) = &iso.corpus {
        args.extend(["--corpus".to_string(), dir.display().to_string()]);
    }
    args
}

/// Runs `group` in `iso.processes` fresh processes one after another and returns its pooled
/// cells, the children's notes (repeats included: the run keeps one of each) and their
/// contention probes, one per round. `expected` holds the cells the group must produce (ids
/// and roles, not yet timed): when a child fails, they come back failed, so the run fails too.
pub fn run_group(
    opts: &Options,
    iso: &Isolation,
    group: &str,
    rounds: usize,
    expected: Vec<Cell>,
    mut progress: impl FnMut(&str),
) -> (Vec<Cell>, Vec<String>, Vec<f64>) {
    let per_process = rounds_per_process(rounds, iso.processes);
    let mut runs = Vec::with_capacity(iso.processes);
    let mut notes = Vec::new();
    let mut probes = Vec::new();
    for p in 0..iso.processes {
        progress(&format!("{group}: process {}/{}", p + 1, iso.processes));
        match spawn(opts, iso, group, per_process) {
            Ok(report) => {
                notes.extend(report.notes);
                probes.extend(report.round_probes_ns);
                runs.push(report.cells);
            }
            Err(e) => return (failed(expected, &e), notes, probes),
        }
    }
    match pool(runs) {
        Ok(cells) => match check_rows(&cells, &expected) {
            Ok(()) => (cells, notes, probes),
            Err(e) => (failed(expected, &e), notes, probes),
        },
        Err(e) => (failed(expected, &e), notes, probes),
    }
}

/// One child: its report, or why there is none.
fn spawn(opts: &Options, iso: &Isolation, group: &str, rounds: usize) -> Result<Report, String> {
    let out = Command::new(&iso.exe)
        .args(child_args(opts, iso, group, rounds))
        .output()
        .map_err(|e| format!("could not start {}: {e}", iso.exe.display()))?;
    if !out.status.success() {
        return Err(format!(
            "the {group} child process failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("the {group} child's report does not parse: {e}"))
}

/// The parent's `expected` cells, each failed with `why`.
pub fn failed(expected: Vec<Cell>, why: &str) -> Vec<Cell> {
    expected
        .into_iter()
        .map(|mut c| {
            c.verdict = Verdict::Failed(why.to_string());
            c
        })
        .collect()
}

/// A child that timed other rows than the parent selected is a harness bug, never a figure.
fn check_rows(cells: &[Cell], expected: &[Cell]) -> Result<(), String> {
    let got: Vec<String> = cells.iter().map(Cell::id).collect();
    let want: Vec<String> = expected.iter().map(Cell::id).collect();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "the child timed {got:?}, the parent expected {want:?}"
        ))
    }
}

/// Pools one group's cells from several processes: the same rows in the same order from each,
/// samples in process order, median, minimum and maximum over all of them. A row that failed its
/// gate in any process fails; the batch size, byte identity and allocation figures are the
/// first process's (allocations are counted the same way in each).
pub fn pool(runs: Vec<Vec<Cell>>) -> Result<Vec<Cell>, String> {
    let mut runs = runs.into_iter();
    let Some(mut cells) = runs.next() else {
        return Err("no process ran".into());
    };
    for (p, run) in runs.enumerate() {
        if run.len() != cells.len() {
            return Err(format!(
                "process {} returned {} rows, process 1 {}",
                p + 2,
                run.len(),
                cells.len()
            ));
        }
        for (cell, other) in cells.iter_mut().zip(run) {
            if cell.id() != other.id() {
                return Err(format!(
                    "process {} returned {} where process 1 returned {}",
                    p + 2,
                    other.id(),
                    cell.id()
                ));
            }
            if cell.verdict.passed() && !other.verdict.passed() {
                cell.verdict = other.verdict;
            }
            cell.samples_ns.extend(other.samples_ns);
        }
    }
    for cell in &mut cells {
        if !cell.verdict.passed() {
            cell.samples_ns.clear();
        }
        let s = timing::stats(&cell.samples_ns);
        cell.median_ns = s.map(|s| s.median);
        cell.min_ns = s.map(|s| s.min);
        cell.max_ns = s.map(|s| s.max);
        cell.vs_serde_json = None;
        cell.vs_sonic_rs = None;
        cell.tie_band = None;
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::Role;

    fn cell(label: &str, samples: &[f64], verdict: Verdict) -> Cell {
        Cell {
            direction: "decode".into(),
            workload: "w".into(),
            family: "f".into(),
            implementation: label.into(),
            role: Role::Contender,
            bytes: 10,
            verdict,
            byte_identical: None,
            batch: 7,
            samples_ns: samples.to_vec(),
            median_ns: None,
            min_ns: None,
            max_ns: None,
            allocs_per_op: Some(2.0),
            alloc_bytes_per_op: Some(64.0),
            vs_serde_json: Some(9.0),
            vs_sonic_rs: Some(9.0),
            tie_band: Some(0.5),
            contended_rounds: None,
        }
    }

    #[test]
    fn pooling_joins_samples_in_process_order_and_recomputes_the_statistics() {
        let pass = || Verdict::Pass(None);
        let runs = vec![
            vec![cell("a", &[10.0, 30.0], pass()), cell("b", &[5.0], pass())],
            vec![cell("a", &[20.0, 40.0], pass()), cell("b", &[6.0], pass())],
            vec![cell("a", &[50.0], pass()), cell("b", &[4.0], pass())],
        ];
        let cells = pool(runs).unwrap();
        assert_eq!(cells[0].samples_ns, [10.0, 30.0, 20.0, 40.0, 50.0]);
        assert_eq!(
            (cells[0].median_ns, cells[0].min_ns, cells[0].max_ns),
            (Some(30.0), Some(10.0), Some(50.0))
        );
        assert_eq!(cells[1].median_ns, Some(5.0));
        // Ratios and bands belong to the parent, computed over the pooled medians.
        assert_eq!((cells[0].vs_serde_json, cells[0].tie_band), (None, None));
        assert_eq!((cells[0].batch, cells[0].allocs_per_op), (7, Some(2.0)));
    }

    #[test]
    fn a_gate_failure_in_any_process_fails_the_row_and_drops_its_samples() {
        let runs = vec![
            vec![cell("a", &[10.0], Verdict::Pass(None))],
            vec![cell("a", &[], Verdict::Failed("differs".into()))],
        ];
        let cells = pool(runs).unwrap();
        assert_eq!(cells[0].verdict, Verdict::Failed("differs".into()));
        assert!(cells[0].samples_ns.is_empty() && cells[0].median_ns.is_none());
    }

    #[test]
    fn processes_that_disagree_on_their_rows_are_an_error() {
        let pass = || Verdict::Pass(None);
        let shorter = vec![
            vec![cell("a", &[1.0], pass()), cell("b", &[1.0], pass())],
            vec![cell("a", &[1.0], pass())],
        ];
        assert!(pool(shorter).unwrap_err().contains("returned 1 rows"));
        let other = vec![
            vec![cell("a", &[1.0], pass())],
            vec![cell("b", &[1.0], pass())],
        ];
        assert!(pool(other).unwrap_err().contains("decode/w/b"));
        assert!(pool(Vec::new()).is_err());
        let expected = [cell("a", &[], pass())];
        assert!(check_rows(&[cell("b", &[], pass())], &expected).is_err());
        assert!(check_rows(&[cell("a", &[1.0], pass())], &expected).is_ok());
    }

    #[test]
    fn rounds_are_shared_out_and_the_child_gets_the_parents_plan() {
        assert_eq!(rounds_per_process(31, 3), 11);
        assert_eq!(rounds_per_process(11, 1), 11);
        assert_eq!(rounds_per_process(2, 3), 1);
        let opts = Options {
            mode: Mode::Full,
            filters: vec!["decode/twitter/".into()],
            sample: Some(std::time::Duration::from_millis(20)),
            rows: Rows::FastjsonAndSerdeJson,
            ..Options::smoke()
        };
        let iso = Isolation {
            exe: "bench".into(),
            processes: 3,
            corpus: Some("/c".into()),
        };
        assert_eq!(
            child_args(&opts, &iso, "decode/twitter", 11).join(" "),
            "--group-child decode/twitter --full --filter decode/twitter/ \
             --fastjson-and-serde-json-only --rounds 11 --sample-ms 20 --corpus /c"
        );
    }

    #[test]
    fn a_child_that_cannot_start_fails_every_expected_row() {
        let iso = Isolation {
            exe: "/nonexistent/fastjson-bench".into(),
            processes: 2,
            corpus: None,
        };
        let opts = Options {
            mode: Mode::Default,
            ..Options::smoke()
        };
        let expected = vec![cell("a", &[], Verdict::Pass(None))];
        let (cells, _, _) = run_group(&opts, &iso, "decode/w", 2, expected, |_| {});
        assert_eq!(cells.len(), 1);
        match &cells[0].verdict {
            Verdict::Failed(why) => assert!(why.contains("could not start"), "{why}"),
            v => panic!("{v:?}"),
        }
    }
}
