//! The HTTP family's part of the report: its cells (what `report.json` keeps, raw rounds
//! included) and its markdown table.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use crate::gate::Verdict;
use crate::report::render::duration;
use crate::workloads::Role;

/// The family's section of a run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HttpSection {
    /// Interleaved rounds (one window per cell each).
    pub rounds: usize,
    pub window_ms: f64,
    /// The most requests one connection sends in one window.
    pub per_connection_max: u64,
    /// How the cores were split between server and client.
    pub runtimes: String,
    pub cells: Vec<HttpCell>,
    /// What was not run, and why.
    pub notes: Vec<String>,
    pub elapsed_s: f64,
}

/// One mount at one connection count on one workload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HttpCell {
    /// `order` (create and list alternating) or `large` (twitter.json → summary).
    pub workload: String,
    pub connections: usize,
    pub implementation: String,
    pub role: Role,
    pub verdict: Verdict,
    /// Requests per second, one per round.
    pub throughput_rounds: Vec<f64>,
    pub throughput_median: Option<f64>,
    pub throughput_min: Option<f64>,
    pub throughput_max: Option<f64>,
    /// Over every request of every round (sorted samples, nearest rank).
    pub p50_ns: Option<u64>,
    pub p99_ns: Option<u64>,
    pub requests: u64,
    /// The fewest requests any connection completed in any round.
    pub min_connection_requests: Option<u64>,
    /// The most connections that completed nothing in one round.
    pub max_idle_connections: usize,
    /// Some connection completed nothing in some round: not a measurement of its count.
    pub flagged: bool,
    /// The whole process (server, client, runtimes) during the windows, per request.
    pub allocs_per_request: Option<f64>,
    pub alloc_bytes_per_request: Option<f64>,
    /// Decoding the request body as the extractor does and encoding the response, alone,
    /// outside the server.
    pub json_allocs_per_request: Option<f64>,
    pub json_alloc_bytes_per_request: Option<f64>,
    /// This cell's median throughput ÷ axum::Json's (above 1: more requests per second).
    pub vs_axum_json: Option<f64>,
    /// The group's noise floor: |fastjson − its twin| ÷ fastjson, median throughputs.
    pub noise: Option<f64>,
}

impl HttpCell {
    pub fn id(&self) -> String {
        format!(
            "http/{}/{}/{}",
            self.workload, self.connections, self.implementation
        )
    }
}

fn verdict(v: &Verdict) -> String {
    match v {
        Verdict::Failed(why) => format!("**FAILED**: {}", why.replace('|', "\\|")),
        _ => String::new(),
    }
}

/// The table: one line per cell.
pub fn table(section: &HttpSection) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| workload | conns | implementation | requests/s (median) | min–max | vs axum::Json | noise floor | p50 | p99 | allocs/req (process) | bytes/req (process) | allocs/req (JSON alone) | bytes/req (JSON alone) | note |"
    );
    let _ = writeln!(
        s,
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    );
    let num = |v: Option<f64>, digits: usize| v.map_or("–".into(), |v| format!("{v:.digits$}"));
    for c in &section.cells {
        let note = if !c.verdict.passed() {
            verdict(&c.verdict)
        } else if c.flagged {
            format!(
                "**FLAGGED**: up to {} of {} connections completed nothing in a round; not a {}-connection measurement",
                c.max_idle_connections, c.connections, c.connections
            )
        } else {
            String::new()
        };
        let tput = if c.flagged { None } else { c.throughput_median };
        let range = match (c.throughput_min, c.throughput_max) {
            (Some(a), Some(b)) if !c.flagged => format!("{a:.0}–{b:.0}"),
            _ => "–".into(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {range} | {} | {} | {} | {} | {} | {} | {} | {} | {note} |",
            c.workload,
            c.connections,
            c.implementation,
            num(tput, 0),
            c.vs_axum_json
                .map_or("–".into(), |r| crate::report::render::ratio(
                    Some(r),
                    c.noise
                )),
            c.noise.map_or("–".into(), |n| format!("{:.1}%", n * 100.0)),
            c.p50_ns.map_or("–".into(), |n| duration(n as f64)),
            c.p99_ns.map_or("–".into(), |n| duration(n as f64)),
            num(c.allocs_per_request, 1),
            num(c.alloc_bytes_per_request, 0),
            num(c.json_allocs_per_request, 1),
            num(c.json_alloc_bytes_per_request, 0),
        );
    }
    s
}

/// The markdown section (heading included).
pub fn markdown(section: &HttpSection) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## HTTP: the same axum service, fastjson::axum::Json against axum::Json\n"
    );
    let _ = writeln!(
        s,
        "{} interleaved rounds of {:.0} ms windows per cell (at most {} requests per connection and window); {}. `order`: `POST /orders` (the ~2 KB order → a small ack, 201) and `GET /orders` (a list of 20 orders) alternating on each connection; `large`: `POST /summary` (twitter.json → a summary of it). Requests/s is the median over rounds with min–max; p50 and p99 over every request of every round (send to last body byte; with 16 connections on one server core most of it is waiting in line, so read service time at 1 connection); `vs axum::Json` is the cell's median ÷ axum::Json's, a `tie` within the group's noise floor (fastjson against its twin: the same service on another port). `serde_json, no path tracking` is serde_json behind an extractor without axum's `serde_path_to_error`, which copies every object key into a `String`: the gap between it and `axum::Json` is axum's, the gap between it and fastjson is the library's. Allocations: the whole process (server and client) while the windows ran, ÷ requests; *JSON alone*: the request body decoded as the mount's extractor decodes it (`Json::from_bytes`; serde_json's `from_slice` for the path-free mount) and the response encoded by the library's `to_vec`, outside any server; the process figure minus this one is what HTTP, axum and the client cost per request. Run took {:.1} s.\n",
        section.rounds,
        section.window_ms,
        section.per_connection_max,
        section.runtimes,
        section.elapsed_s
    );
    s.push_str(&table(section));
    for n in &section.notes {
        let _ = writeln!(s, "- {n}");
    }
    s
}
