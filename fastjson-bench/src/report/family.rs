//! A family of rows outside the decode/encode table (`stream`, `extract`): its cells as
//! `report.json` keeps them, the interleaved timing of its groups, and its markdown table.
//! Each group has a serde_json baseline, peers, fastjson's rows and a fastjson twin (the noise
//! floor); a row that failed its family's gate is kept, FAILED, and never timed.

use std::fmt::Write;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::gate::Verdict;
use crate::subjects::Op;
use crate::timing;
use crate::workloads::Role;

/// A family's section of a run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FamilySection {
    /// `stream` or `extract`: the first part of every cell id.
    pub family: String,
    /// Interleaved rounds, one sample per row each.
    pub rounds: usize,
    /// Target length of one sample (0: one operation per sample).
    pub sample_ms: f64,
    /// What the family measures, for the report's paragraph.
    pub about: String,
    pub cells: Vec<FamilyCell>,
    /// What was not run, and why.
    pub notes: Vec<String>,
    pub elapsed_s: f64,
}

/// One row of one group.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FamilyCell {
    /// `lines`, `pretty`, `twitter-end`, ...
    pub group: String,
    pub implementation: String,
    pub role: Role,
    /// A library other than fastjson (the ratio to the fastest peer is against these).
    pub peer: bool,
    pub verdict: Verdict,
    /// Input bytes per operation.
    pub bytes: usize,
    /// Records per operation (stream), or 1 (extract): allocations are per unit.
    pub units: usize,
    /// Operations per sample.
    pub batch: u64,
    /// ns per operation, one per round.
    pub samples_ns: Vec<f64>,
    pub median_ns: Option<f64>,
    pub min_ns: Option<f64>,
    pub max_ns: Option<f64>,
    pub allocs_per_unit: Option<f64>,
    pub alloc_bytes_per_unit: Option<f64>,
    /// serde_json's median ÷ this row's (above 1: faster).
    pub vs_serde_json: Option<f64>,
    /// The fastest peer's median ÷ this row's.
    pub vs_fastest_peer: Option<f64>,
    /// The group's noise floor: |fastjson − its twin| ÷ fastjson, medians.
    pub noise: Option<f64>,
}

impl FamilyCell {
    pub fn id(&self, family: &str) -> String {
        format!("{family}/{}/{}", self.group, self.implementation)
    }

    pub fn mb_per_s(&self) -> Option<f64> {
        self.median_ns.map(|ns| self.bytes as f64 / ns * 1e9 / 1e6)
    }
}

/// A row about to be timed: its cell (verdict set by the gate) and its operation, `None` when
/// the gate failed it.
pub struct Pending {
    pub cell: FamilyCell,
    pub op: Option<Op>,
}

/// A new, untimed cell.
pub fn cell(
    group: &str,
    label: &str,
    role: Role,
    peer: bool,
    bytes: usize,
    units: usize,
) -> FamilyCell {
    FamilyCell {
        group: group.to_string(),
        implementation: label.to_string(),
        role,
        peer,
        verdict: Verdict::Pass(None),
        bytes,
        units,
        batch: 0,
        samples_ns: Vec::new(),
        median_ns: None,
        min_ns: None,
        max_ns: None,
        allocs_per_unit: None,
        alloc_bytes_per_unit: None,
        vs_serde_json: None,
        vs_fastest_peer: None,
        noise: None,
    }
}

/// Times one group's live rows in `rounds` interleaved rounds (order rotated each round), a
/// sample lasting about `sample` (`None`: one operation per sample, for operations that already
/// take tens of milliseconds), then counts each row's allocations over one operation, and fills
/// in the ratios. Returns the cells.
pub fn time_group(
    mut rows: Vec<Pending>,
    rounds: usize,
    sample: Option<Duration>,
    say: &dyn Fn(&str),
) -> Vec<FamilyCell> {
    let live: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].op.is_some()).collect();
    for &i in &live {
        let p = &mut rows[i];
        let op = p.op.as_mut().expect("live rows have an op");
        p.cell.batch = match sample {
            Some(target) => timing::calibrate(op, target),
            None => 1,
        };
    }
    for r in 0..rounds {
        if let Some(p) = live.first().map(|&i| &rows[i]) {
            say(&format!("{}: round {}/{rounds}", p.cell.group, r + 1));
        }
        for k in timing::round_order(live.len(), r) {
            let p = &mut rows[live[k]];
            let op = p.op.as_mut().expect("live rows have an op");
            p.cell.samples_ns.push(timing::sample(op, p.cell.batch));
        }
    }
    for &i in &live {
        let p = &mut rows[i];
        let op = p.op.as_mut().expect("live rows have an op");
        if let Some((allocs, bytes)) = crate::alloc_count::measure(1, || {
            op();
        }) {
            let units = p.cell.units.max(1) as f64;
            p.cell.allocs_per_unit = Some(allocs / units);
            p.cell.alloc_bytes_per_unit = Some(bytes / units);
        }
        if let Some(s) = timing::stats(&p.cell.samples_ns) {
            (p.cell.median_ns, p.cell.min_ns, p.cell.max_ns) =
                (Some(s.median), Some(s.min), Some(s.max));
        }
        p.op = None;
    }
    let mut cells: Vec<FamilyCell> = rows.into_iter().map(|p| p.cell).collect();
    ratios(&mut cells);
    cells
}

/// The ratios of one group's cells: to serde_json, to the fastest peer, and the twin's noise.
fn ratios(cells: &mut [FamilyCell]) {
    let base = cells
        .iter()
        .find(|c| c.role == Role::Baseline)
        .and_then(|c| c.median_ns);
    let fastest_peer = cells
        .iter()
        .filter(|c| c.peer)
        .filter_map(|c| c.median_ns)
        .min_by(f64::total_cmp);
    let twin = cells
        .iter()
        .find(|c| c.role == Role::NoiseTwin)
        .and_then(|c| c.median_ns);
    // The twin is a copy of the group's first fastjson row.
    let first = cells
        .iter()
        .find(|c| c.role == Role::Contender && !c.peer)
        .and_then(|c| c.median_ns);
    // One sample per row (`--smoke`) says nothing about noise: no tie band then.
    let timed = cells.iter().any(|c| c.samples_ns.len() > 1);
    let noise = first
        .zip(twin)
        .filter(|_| timed)
        .map(|(a, b)| (a - b).abs() / a);
    for c in cells.iter_mut() {
        if let Some(m) = c.median_ns {
            c.vs_serde_json = base.map(|b| b / m);
            c.vs_fastest_peer = fastest_peer.map(|p| p / m);
        }
        c.noise = noise;
    }
}

fn num(v: Option<f64>, digits: usize) -> String {
    v.map_or("–".into(), |v| format!("{v:.digits$}"))
}

/// The table: one line per cell.
pub fn table(section: &FamilySection) -> String {
    use crate::report::render::{duration, ratio};
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| group | implementation | median | min–max | MB/s | vs serde_json | vs fastest peer | noise floor | allocs/{unit} | bytes/{unit} | note |",
        unit = if section.family == "stream" { "record" } else { "op" }
    );
    let _ = writeln!(s, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for c in &section.cells {
        let note = match &c.verdict {
            Verdict::Failed(why) => format!("**FAILED**: {}", why.replace('|', "\\|")),
            _ => String::new(),
        };
        let range = match (c.min_ns, c.max_ns) {
            (Some(a), Some(b)) => format!("{}–{}", duration(a), duration(b)),
            _ => "–".into(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {range} | {} | {} | {} | {} | {} | {} | {note} |",
            c.group,
            c.implementation,
            c.median_ns.map_or("–".into(), duration),
            num(c.mb_per_s(), 0),
            ratio(c.vs_serde_json, c.noise),
            ratio(c.vs_fastest_peer, c.noise),
            c.noise.map_or("–".into(), |n| format!("{:.1}%", n * 100.0)),
            num(c.allocs_per_unit, 1),
            num(c.alloc_bytes_per_unit, 0),
        );
    }
    s
}

/// The markdown section (heading included).
pub fn markdown(section: &FamilySection, heading: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n## {heading}\n");
    let per_sample = if section.sample_ms > 0.0 {
        format!("samples of about {:.0} ms", section.sample_ms)
    } else {
        "one operation per sample".to_string()
    };
    let _ = writeln!(
        s,
        "{} {} interleaved rounds (order rotated each round), {per_sample}; median with min–max; `vs serde_json` and `vs fastest peer` are the other's median ÷ this row's (above 1: faster), a `tie` within the group's noise floor (fastjson's first row against its twin). Run took {:.1} s.\n",
        section.about, section.rounds, section.elapsed_s
    );
    s.push_str(&table(section));
    for n in &section.notes {
        let _ = writeln!(s, "- {n}");
    }
    s
}
