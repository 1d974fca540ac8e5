//! The report's data: what `report.json` holds (raw samples included) and what the table, the
//! markdown and the charts are rendered from.

use serde::{Deserialize, Serialize};

use crate::gate::Verdict;
use crate::workloads::Role;

/// A whole run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub header: super::header::Header,
    /// `smoke`, `default` or `full`.
    pub mode: String,
    pub rounds: usize,
    /// Fresh processes each timed group ran in, sharing `rounds` (0: all in the run's own
    /// process, as `--smoke` does and reports written before groups ran in fresh processes).
    #[serde(default)]
    pub processes_per_group: usize,
    pub sample_ms: f64,
    pub request_window_ms: f64,
    pub filters: Vec<String>,
    /// The run's noise floor: the median over timed groups of the relative difference between
    /// serde_json and its twin (the same code registered twice).
    pub noise_floor: Option<f64>,
    /// The largest such difference in one group.
    pub noise_max: Option<f64>,
    /// One line per payload root and copy.
    pub guard: Vec<GuardLine>,
    pub workloads: Vec<WorkloadInfo>,
    pub cells: Vec<Cell>,
    pub requests: Vec<RequestCell>,
    /// First decode in a fresh process, per workload and implementation (`first_call`); absent
    /// from reports written before it existed.
    #[serde(default)]
    pub first_calls: Vec<FirstCallCell>,
    /// What was not run, and why (missing corpus, ...).
    pub notes: Vec<String>,
    pub elapsed_s: f64,
    /// The contention probe's time before each timed round, in nanoseconds, over every group
    /// and process of the run (`contention`); empty in `--smoke` and in reports written before
    /// the probe existed.
    #[serde(default)]
    pub round_probes_ns: Vec<f64>,
    /// The HTTP family (`crate::http`), when it ran; absent from reports written before it.
    #[serde(default)]
    pub http: Option<crate::http::report::HttpSection>,
    /// The stream family (`crate::stream`), when it ran; absent from older reports.
    #[serde(default)]
    pub stream: Option<super::family::FamilySection>,
    /// The extract family (`crate::extract`), when it ran; absent from older reports.
    #[serde(default)]
    pub extract: Option<super::family::FamilySection>,
}

/// The guard's verdict on one payload root of one copy.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GuardLine {
    pub root: String,
    pub clean: bool,
    /// Stamped types visited, or the findings.
    pub detail: String,
}

/// A workload's document.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WorkloadInfo {
    pub name: String,
    pub family: String,
    pub bytes: usize,
    /// Git blob SHA-1 of the document.
    pub digest: String,
}

/// One row of one direction of one workload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cell {
    /// `decode` or `encode`.
    pub direction: String,
    pub workload: String,
    pub family: String,
    pub implementation: String,
    pub role: Role,
    /// Bytes per operation for MB/s and ns/byte: the input (decode) or serde_json's output
    /// (encode), the same for every row of a group.
    pub bytes: usize,
    pub verdict: Verdict,
    /// Encode rows: output byte-identical to serde_json's.
    pub byte_identical: Option<bool>,
    /// Operations per sample.
    pub batch: u64,
    /// ns per operation, one per round, in round order.
    pub samples_ns: Vec<f64>,
    pub median_ns: Option<f64>,
    pub min_ns: Option<f64>,
    pub max_ns: Option<f64>,
    pub allocs_per_op: Option<f64>,
    pub alloc_bytes_per_op: Option<f64>,
    /// serde_json's median / this row's median (above 1: faster than serde_json).
    pub vs_serde_json: Option<f64>,
    /// sonic-rs's median / this row's median.
    pub vs_sonic_rs: Option<f64>,
    /// Ratios closer to 1 than this are ties: the group's serde_json-twin difference, or the
    /// run's noise floor if larger.
    pub tie_band: Option<f64>,
    /// Of the group's timed rounds, how many ran on a shared core (their contention probe over
    /// `contention::CONTENDED_FRACTION` above the run's fastest), and how many there were; the
    /// same for every row of a group. `None` when no probe was taken (`--smoke`, failed groups,
    /// reports written before these counts existed).
    #[serde(default)]
    pub contended_rounds: Option<(usize, usize)>,
}

impl Report {
    /// The stream and extract families that ran.
    pub fn families(&self) -> impl Iterator<Item = &super::family::FamilySection> {
        self.stream.iter().chain(&self.extract)
    }

    /// How many timed rounds ran contended, of how many (`contention::contended_rounds`).
    pub fn contended_rounds(&self) -> Option<(usize, usize)> {
        crate::contention::contended_rounds(&self.round_probes_ns)
    }

    /// [`Report::contended_rounds`] as a share of the rounds.
    pub fn contended_share(&self) -> Option<f64> {
        self.contended_rounds()
            .map(|(contended, all)| contended as f64 / all as f64)
    }

    /// How far a typical row's median lies above its fastest sample: over the rows that time a
    /// library (floors excluded: a few nanoseconds at the clock's resolution) with at least
    /// [`SPREAD_MIN_SAMPLES`] samples, the median of `median ÷ min − 1`. A quiet host gives a
    /// few percent; one shared with a busy neighbour (another guest on the sibling hardware
    /// thread, a lower clock) gives more, even when the hypervisor's steal counter stays at
    /// zero. `None` when no row has enough samples (`--smoke`).
    pub fn sample_spread(&self) -> Option<f64> {
        let mut spreads: Vec<f64> = self
            .cells
            .iter()
            .filter(|c| c.role != Role::Floor && c.samples_ns.len() >= SPREAD_MIN_SAMPLES)
            .filter_map(|c| match (c.median_ns, c.min_ns) {
                (Some(median), Some(min)) if min > 0.0 => Some(median / min - 1.0),
                _ => None,
            })
            .collect();
        if spreads.is_empty() {
            return None;
        }
        spreads.sort_by(f64::total_cmp);
        Some(spreads[spreads.len() / 2])
    }
}

/// Fewer samples than this make a row's fastest sample too close to its median to say
/// anything about the host (one sample per row in `--smoke`).
pub const SPREAD_MIN_SAMPLES: usize = 5;

impl Cell {
    pub fn id(&self) -> String {
        format!(
            "{}/{}/{}",
            self.direction, self.workload, self.implementation
        )
    }

    pub fn mb_per_s(&self) -> Option<f64> {
        self.median_ns.map(|ns| self.bytes as f64 / ns * 1e9 / 1e6)
    }

    pub fn ns_per_byte(&self) -> Option<f64> {
        self.median_ns.map(|ns| ns / self.bytes.max(1) as f64)
    }
}

/// One implementation's first decode of one workload, each sample a fresh process.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FirstCallCell {
    pub workload: String,
    pub implementation: String,
    pub role: Role,
    /// The first decode of each process, in spawn order.
    pub first_ns: Vec<u64>,
    /// The decode right after it, same order.
    pub second_ns: Vec<u64>,
    pub first_median_ns: Option<f64>,
    pub second_median_ns: Option<f64>,
    /// The same cell's steady-state median from the main table (same binary, same run).
    pub steady_median_ns: Option<f64>,
    pub first_over_steady: Option<f64>,
    /// serde_json's first-call median over this one (higher is faster).
    pub vs_serde_json: Option<f64>,
    /// Why the row has no figures (gate failed, child failed).
    pub error: Option<String>,
}

/// One implementation at one thread count in request mode.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RequestCell {
    pub threads: usize,
    pub implementation: String,
    pub role: Role,
    pub verdict: Verdict,
    /// Transactions per second, one per round.
    pub throughput_rounds: Vec<f64>,
    pub throughput_median: Option<f64>,
    pub p50_ns: Option<u64>,
    pub p99_ns: Option<u64>,
    /// The fewest transactions any worker completed in any round.
    pub min_worker_transactions: Option<u64>,
    /// The most workers that completed nothing in one round.
    pub max_idle_workers: usize,
    /// The longest round, first worker start to last worker stop (the stop signal itself can
    /// wait for a core when threads outnumber cores).
    pub longest_window_ms: Option<f64>,
    /// Some worker completed nothing in some round: this cell did not measure its thread count.
    pub flagged: bool,
    pub vs_serde_json: Option<f64>,
}
