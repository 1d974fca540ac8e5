//! Text renderings of a report: the markdown file and the table printed at the end of a run.

use std::fmt::Write;

use super::header::{SPREAD_WARNING_FRACTION, STEAL_WARNING_PERCENT, VARY};
use super::{Cell, FirstCallCell, Report, RequestCell};
use crate::contention::{CONTENDED_FRACTION, CONTENDED_SHARE_WARNING};
use crate::gate::Verdict;
use crate::workloads::{label, Role};

/// `1.23 ms`, `4.56 µs`, `789 ns`.
pub fn duration(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

/// A speedup, or `tie` when within the noise floor.
pub fn ratio(r: Option<f64>, noise: Option<f64>) -> String {
    match (r, noise) {
        (None, _) => "–".into(),
        (Some(r), Some(n)) if (r - 1.0).abs() < n => format!("tie ({r:.2}×)"),
        (Some(r), _) => format!("{r:.2}×"),
    }
}

fn verdict(v: &Verdict) -> String {
    match v {
        Verdict::Pass(None) => "pass".into(),
        Verdict::Pass(Some(note)) => format!("pass ({note})"),
        Verdict::Failed(why) => format!("**FAILED**: {}", why.replace('|', "\\|")),
        Verdict::Exempt => "floor".into(),
    }
}

const CONTENDERS: [&str; 5] = [
    label::FASTJSON,
    label::FASTJSON_INTO,
    label::SONIC_RS,
    label::SIMD_JSON,
    label::SIMD_JSON_REUSED,
];

fn find<'a>(cells: &'a [Cell], dir: &str, workload: &str, imp: &str) -> Option<&'a Cell> {
    cells
        .iter()
        .find(|c| c.direction == dir && c.workload == workload && c.implementation == imp)
}

/// The summary: each contender's speedup over serde_json per workload and direction.
pub fn summary(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "| workload | direction | {} |", CONTENDERS.join(" | "));
    let _ = writeln!(s, "|---|---|{}", "---:|".repeat(CONTENDERS.len()));
    for w in &r.workloads {
        for dir in ["decode", "encode"] {
            if find(&r.cells, dir, &w.name, label::SERDE_JSON).is_none() {
                continue;
            }
            let row: Vec<String> = CONTENDERS
                .iter()
                .map(|imp| match find(&r.cells, dir, &w.name, imp) {
                    Some(c) if !c.verdict.passed() => "FAILED".into(),
                    Some(c) => ratio(c.vs_serde_json, c.tie_band),
                    None => "–".into(),
                })
                .collect();
            let _ = writeln!(s, "| {} | {dir} | {} |", w.name, row.join(" | "));
        }
    }
    s
}

/// The first-call table: one line per workload and implementation.
fn first_call_table(cells: &[FirstCallCell]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| workload | implementation | first decode | second decode | steady state | first ÷ steady | vs serde_json (first) |"
    );
    let _ = writeln!(s, "|---|---|---:|---:|---:|---:|---:|");
    for c in cells {
        if let Some(e) = &c.error {
            let _ = writeln!(
                s,
                "| {} | {} | **{}** | | | | |",
                c.workload,
                c.implementation,
                e.replace('|', "/")
            );
            continue;
        }
        let time = |ns: Option<f64>| ns.map(duration).unwrap_or_else(|| "–".into());
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} |",
            c.workload,
            c.implementation,
            time(c.first_median_ns),
            time(c.second_median_ns),
            time(c.steady_median_ns),
            c.first_over_steady
                .map(|r| format!("{r:.1}×"))
                .unwrap_or_else(|| "–".into()),
            ratio(c.vs_serde_json, None),
        );
    }
    s
}

fn request_table(reqs: &[RequestCell]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| threads | implementation | transactions/s | vs serde_json | p50 | p99 | fewest per worker | note |"
    );
    let _ = writeln!(s, "|---:|---|---:|---:|---:|---:|---:|---|");
    for c in reqs {
        let note = if !c.verdict.passed() {
            verdict(&c.verdict)
        } else if c.flagged {
            format!(
                "**FLAGGED**: up to {} of {} workers completed nothing in a round (rounds lasted up to {:.0} ms); this is not a {}-thread measurement",
                c.max_idle_workers,
                c.threads,
                c.longest_window_ms.unwrap_or(0.0),
                c.threads
            )
        } else {
            String::new()
        };
        let tput = if c.flagged { None } else { c.throughput_median };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {note} |",
            c.threads,
            c.implementation,
            tput.map_or("–".into(), |t| format!("{t:.0}")),
            ratio(c.vs_serde_json, None),
            c.p50_ns.map_or("–".into(), |n| duration(n as f64)),
            c.p99_ns.map_or("–".into(), |n| duration(n as f64)),
            c.min_worker_transactions
                .map_or("–".into(), |n| n.to_string()),
        );
    }
    s
}

fn details(r: &Report, s: &mut String) {
    for w in &r.workloads {
        for dir in ["decode", "encode"] {
            let cells: Vec<&Cell> = r
                .cells
                .iter()
                .filter(|c| c.direction == dir && c.workload == w.name)
                .collect();
            let Some(first) = cells.first() else { continue };
            let band = first
                .tie_band
                .map_or("–".into(), |b| format!("{:.1}%", b * 100.0));
            let shared = match first.contended_rounds {
                Some((k, n)) if k > 0 => format!("; {k} of {n} rounds on a shared core"),
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "\n### {dir} / {} ({} bytes per op; ties within {band}{shared})\n",
                w.name, first.bytes
            );
            let _ = writeln!(
                s,
                "| implementation | median | min | max | MB/s | ns/byte | allocs/op | bytes/op | vs serde_json | vs sonic-rs | identical bytes | gate |"
            );
            let _ = writeln!(
                s,
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"
            );
            for c in cells {
                let f = |v: Option<f64>, p: usize| v.map_or("–".into(), |v| format!("{v:.p$}"));
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                    c.implementation,
                    c.median_ns.map_or("–".into(), duration),
                    c.min_ns.map_or("–".into(), duration),
                    c.max_ns.map_or("–".into(), duration),
                    f(c.mb_per_s(), 0),
                    f(c.ns_per_byte(), 3),
                    f(c.allocs_per_op, 1),
                    f(c.alloc_bytes_per_op, 0),
                    ratio(c.vs_serde_json, c.tie_band),
                    ratio(c.vs_sonic_rs, c.tie_band),
                    c.byte_identical
                        .map_or("–", |b| if b { "yes" } else { "no" }),
                    verdict(&c.verdict),
                );
            }
        }
    }
}

/// The noise floor in words.
fn noise_line(r: &Report) -> String {
    match (r.noise_floor, r.noise_max) {
        (Some(median), Some(max)) => format!(
            "serde_json vs its twin differ by {:.1}% (median over groups), {:.1}% at most; a ratio \
             within its group's twin difference (never less than the median) is a tie",
            median * 100.0,
            max * 100.0
        ),
        _ => "– (not measured in this mode)".into(),
    }
}

/// One statement about the host during the run; `warning` when it makes the timings suspect.
struct HostLine {
    warning: bool,
    text: String,
}

/// What the run can tell about its host: hypervisor steal time, the sample spread, the rounds
/// the contention probe found slowed, other compilers running. Both the markdown and the terminal print these, so that a busy machine
/// is said where the figures are read.
fn host_state(r: &Report) -> Vec<HostLine> {
    let mut lines = Vec::new();
    match r.header.steal_percent {
        Some(p) if p >= STEAL_WARNING_PERCENT => lines.push(HostLine {
            warning: true,
            text: format!(
                "the host was busy: {p:.1}% of CPU time stolen by the hypervisor while the rows \
                 were timed; timings are noisier than on a quiet machine: compare ratios, and \
                 repeat"
            ),
        }),
        Some(p) => lines.push(HostLine {
            warning: false,
            text: format!("CPU time stolen by the hypervisor while the rows were timed: {p:.1}%"),
        }),
        None => {}
    }
    match r.sample_spread() {
        Some(spread) if spread >= SPREAD_WARNING_FRACTION => lines.push(HostLine {
            warning: true,
            text: format!(
                "the host was contended: a typical row's median is {:.1}% above its fastest \
                 sample (quiet runs on the Zen 5 host: 3–4%; the steal counter misses a busy \
                 sibling hardware thread or a lower clock); timings are slower and noisier than \
                 on a quiet machine, and leads can shrink: compare ratios, and repeat",
                spread * 100.0
            ),
        }),
        Some(spread) => lines.push(HostLine {
            warning: false,
            text: format!(
                "sample spread: a typical row's median is {:.1}% above its fastest sample",
                spread * 100.0
            ),
        }),
        None => {}
    }
    match r.contended_rounds() {
        Some((contended, rounds))
            if contended as f64 >= CONTENDED_SHARE_WARNING * rounds as f64 =>
        {
            lines.push(HostLine {
                warning: true,
                text: format!(
                    "the core was shared: {contended} of {rounds} timed rounds ran their \
                     contention probe over {:.0}% slower than the run's fastest (a busy sibling \
                     hardware thread, which the steal counter misses); parsing slows by up to \
                     1.7× then and fastjson's leads shrink: compare ratios, and repeat",
                    CONTENDED_FRACTION * 100.0
                ),
            })
        }
        Some((contended, rounds)) => lines.push(HostLine {
            warning: false,
            text: format!(
                "contention probe: {contended} of {rounds} timed rounds over {:.0}% slower than \
                 the run's fastest",
                CONTENDED_FRACTION * 100.0
            ),
        }),
        None => {}
    }
    if !r.header.busy.is_empty() {
        lines.push(HostLine {
            warning: true,
            text: format!(
                "other compilers were running during the run ({}): timings are unreliable",
                r.header.busy.join(", ")
            ),
        });
    }
    lines
}

/// The machine line for READMEs and chart captions.
pub fn machine_line(r: &Report) -> String {
    let h = &r.header;
    format!(
        "{} ({} cores), {}, {} build, RUSTFLAGS {}",
        h.cpu, h.cores, h.rustc, h.build, h.rustflags
    )
}

/// `report.md`.
pub fn markdown(r: &Report) -> String {
    let h = &r.header;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# fastjson-bench report ({} mode, {} build)\n",
        r.mode, h.build
    );
    let _ = writeln!(s, "## Summary\n\n{HEADLINE_CAPTION}\n");
    s.push_str(&super::headline::of(r));
    let _ = writeln!(s, "\n{VARY}\n");
    let _ = writeln!(s, "## Machine and build\n");
    let _ = writeln!(s, "- CPU: {} ({} cores available)", h.cpu, h.cores);
    if !h.llvm_host_cpu.is_empty() {
        let _ = writeln!(
            s,
            "- LLVM's name for the building CPU (what `target-cpu=native` selects): {}",
            h.llvm_host_cpu
        );
    }
    let _ = writeln!(s, "- rustc: {}; profile {}", h.rustc, h.profile);
    let _ = writeln!(s, "- RUSTFLAGS: `{}` ({} build)", h.rustflags, h.build);
    let _ = writeln!(
        s,
        "- target features compiled in: {}",
        h.target_features_compiled.join(", ")
    );
    let _ = writeln!(
        s,
        "- target features detected at run time: {}",
        h.target_features_detected.join(", ")
    );
    let _ = writeln!(s, "- fastjson SIMD kernel: {}", h.fastjson_kernel);
    let _ = writeln!(s, "- crates: {}", h.crates);
    let _ = writeln!(s, "- serde_json float mode: {}", h.serde_json_float_mode);
    let _ = writeln!(s, "- corpus: {}", h.corpus);
    for (name, len, digest) in &h.corpus_digests {
        let _ = writeln!(s, "  - `{name}`: {len} bytes, git blob `{digest}`");
    }
    let _ = writeln!(s, "- load average at start: {}", h.load_average);
    for line in host_state(r) {
        if line.warning {
            let _ = writeln!(s, "- **{}**", line.text);
        } else {
            let _ = writeln!(s, "- {}", line.text);
        }
    }
    let processes = match r.processes_per_group {
        0 => "every group in the run's own process".to_string(),
        1 => "each group in a fresh process".to_string(),
        n => format!(
            "each group in {n} fresh processes of {} rounds, samples pooled",
            r.rounds / n
        ),
    };
    let _ = writeln!(
        s,
        "- plan: {} interleaved rounds of ~{:.0} ms samples per row ({processes}); request windows {:.0} ms (in the run's own process); run took {:.1} s",
        r.rounds, r.sample_ms, r.request_window_ms, r.elapsed_s
    );
    if !r.filters.is_empty() {
        let _ = writeln!(s, "- filters: {}", r.filters.join(", "));
    }
    let _ = writeln!(s, "- noise floor: {}", noise_line(r));

    let _ = writeln!(s, "\n## Guard\n");
    let clean = r.guard.iter().filter(|g| g.clean).count();
    let _ = writeln!(s, "{clean} of {} payload roots clean (no copy implements the other family's traits, at any depth).", r.guard.len());
    for g in r.guard.iter().filter(|g| !g.clean) {
        let _ = writeln!(s, "- **{}**: {}", g.root, g.detail);
    }

    let _ = writeln!(
        s,
        "\n## Speedup over serde_json (higher is faster; ties are within their group's noise)\n"
    );
    s.push_str(&summary(r));
    if !r.requests.is_empty() {
        let _ = writeln!(
            s,
            "\n## Request mode: order payload, decode then encode per transaction\n"
        );
        s.push_str(&request_table(&r.requests));
        let _ = writeln!(s, "\nLatencies include waiting for a core: with more threads than cores, p99 measures the scheduler as much as the codec.");
    }
    if let Some(http) = &r.http {
        s.push_str(&crate::http::report::markdown(http));
    }
    if let Some(f) = &r.stream {
        s.push_str(&super::family::markdown(
            f,
            "Streams: order records one by one, JSON Lines and concatenated JSON",
        ));
    }
    if let Some(f) = &r.extract {
        s.push_str(&super::family::markdown(
            f,
            "Field extraction: a few paths out of a whole document",
        ));
    }
    if !r.first_calls.is_empty() {
        let processes = r
            .first_calls
            .iter()
            .map(|c| c.first_ns.len())
            .max()
            .unwrap_or(0);
        let _ = writeln!(s, "\n## First decode in a fresh process\n");
        let _ = writeln!(
            s,
            "Each figure is the median over {processes} processes per row, spawned round by round with the rows interleaved. A process reads the corpus and builds the row's workload alone (its payload generated when it is a generated one; untimed, the same for every implementation), then times its first decode (cold code pages, caches and allocator, any lazy initialisation) and the one right after it. *Steady state* is the row's median in the table above (same binary, same run). What a command-line tool or a short-lived handler pays once.\n"
        );
        s.push_str(&first_call_table(&r.first_calls));
    }
    let _ = writeln!(s, "\n## Workloads\n");
    let _ = writeln!(
        s,
        "| workload | family | bytes | git blob |\n|---|---|---:|---|"
    );
    for w in &r.workloads {
        let _ = writeln!(
            s,
            "| {} | {} | {} | `{}` |",
            w.name, w.family, w.bytes, w.digest
        );
    }
    let _ = writeln!(s, "\n## Every row");
    details(r, &mut s);
    let _ = writeln!(s, "\n## Notes\n");
    let fixed = [
        "simd-json parses in place: each decode copies the input into a reused buffer inside the timed region. Its `from_slice` allocates megabytes of parse buffers per corpus document, so whether the allocator returns them to the OS between operations (which depends on the heap's history) moves that row by up to 2× between runs; `simd-json reused buffers` keeps them (`from_slice_with_buffers`).",
        "`fastjson encode_into` appends to a reused buffer; every other encode row returns a fresh `Vec` (`to_vec`).",
        "`serde_json (twin)` is serde_json registered a second time: its difference from `serde_json` is the noise floor.",
        "`no-op floor` is the harness's own cost per operation; `memcpy ceiling` copies the input (decode) or serde_json's output (encode).",
        "Allocations are counted while one operation repeats after warm-up; bytes are requested sizes (a growth counts the added bytes).",
        "Decoded values are compared with the exact value of every float's text; serde_json's default float parsing is not correctly rounded, and its rows say how many floats it got wrong.",
    ];
    for n in fixed
        .iter()
        .map(|n| n.to_string())
        .chain(r.notes.iter().cloned())
    {
        let _ = writeln!(s, "- {n}");
    }
    s
}

/// What the summary table at the top of the terminal output and of `report.md` shows.
const HEADLINE_CAPTION: &str = "fastjson's median time per operation, and how many times faster \
                                it is than each peer (the peer's median ÷ fastjson's: above 1, \
                                fastjson is faster; `tie` within the group's noise floor; \
                                simd-json: its faster row).";

/// The table printed at the end of a run: the summary first, then the host, the gate and the
/// speedups of every library over serde_json.
pub fn terminal(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "fastjson-bench ({} mode) on {}", r.mode, machine_line(r));
    let _ = writeln!(s, "\n{HEADLINE_CAPTION}\n");
    s.push_str(&super::headline::of(r));
    let _ = writeln!(s, "\n{VARY}");
    let _ = writeln!(
        s,
        "serde_json float mode: {}",
        r.header.serde_json_float_mode
    );
    let _ = writeln!(s, "noise floor: {}", noise_line(r));
    for line in host_state(r) {
        let mark = if line.warning { "WARNING: " } else { "" };
        let _ = writeln!(s, "host: {mark}{}", line.text);
    }
    let clean = r.guard.iter().filter(|g| g.clean).count();
    let _ = writeln!(s, "guard: {clean}/{} payload roots clean", r.guard.len());
    let gated = r.cells.iter().filter(|c| c.role != Role::Floor).count();
    let failed: Vec<&Cell> = r.cells.iter().filter(|c| !c.verdict.passed()).collect();
    let _ = writeln!(s, "gate: {} of {gated} rows passed", gated - failed.len());
    for c in &failed {
        let _ = writeln!(s, "  FAILED {}: {}", c.id(), verdict(&c.verdict));
    }
    for n in &r.notes {
        let _ = writeln!(s, "note: {n}");
    }
    if !r.cells.is_empty() {
        let _ = writeln!(s, "\nspeedup over serde_json (higher is faster):\n");
        s.push_str(&summary(r));
    }
    if !r.requests.is_empty() {
        let _ = writeln!(s, "\nrequest mode (order payload):\n");
        s.push_str(&request_table(&r.requests));
    }
    if let Some(http) = &r.http {
        let _ = writeln!(s, "\nHTTP (requests/s; vs axum::Json with serde_json):\n");
        s.push_str(&crate::http::report::table(http));
        for n in &http.notes {
            let _ = writeln!(s, "note: {n}");
        }
    }
    for f in r.families() {
        let _ = writeln!(s, "\n{} family:\n", f.family);
        s.push_str(&super::family::table(f));
        for n in &f.notes {
            let _ = writeln!(s, "note: {n}");
        }
    }
    if !r.first_calls.is_empty() {
        let _ = writeln!(s, "\nfirst decode in a fresh process (medians):\n");
        s.push_str(&first_call_table(&r.first_calls));
    }
    s
}
