//! The run: guard, gate, interleaved timing, allocation counts, request mode, then the report.
//! Order matters and is the point: nothing is timed before the guard and its gate have passed.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::gate::{self, Expected, Verdict};
use crate::isolate::{self, Isolation};
use crate::report::{Cell, GuardLine, Report, RequestCell, WorkloadInfo};
use crate::subjects::Op;
use crate::timing::{self, Plan};
use crate::workloads::{label, Role, Workload};

/// How much to run.
#[derive(Debug, Clone)]
pub struct Options {
    /// `smoke`, `default` or `full`.
    pub mode: Mode,
    /// Substrings of row ids (`decode/twitter/fastjson`, `request/4/serde_json`); empty: all.
    pub filters: Vec<String>,
    /// Print progress on stderr.
    pub progress: bool,
    /// Overrides the mode's request-mode window.
    pub window: Option<Duration>,
    /// Overrides the mode's number of interleaved rounds (samples per row).
    pub rounds: Option<usize>,
    /// Overrides the mode's target duration of one sample.
    pub sample: Option<Duration>,
    /// Which rows may run at all (the filters then narrow them further).
    pub rows: Rows,
    /// Time each group in fresh processes (`None`: in this one, as `--smoke` and the tests do).
    pub isolation: Option<Isolation>,
    /// A child's one group (`decode/twitter`): gate and time only that (`--group-child`).
    pub group: Option<String>,
    /// The HTTP family's plan (`None`: not run, as in [`Options::smoke`]; the binary's
    /// `--smoke` sets [`crate::http::Plan::smoke`]). Its cells obey the filters
    /// (`http/order/16/fastjson`); it never runs in a group child.
    pub http: Option<crate::http::Plan>,
    /// Run the HTTP family only (`--http`): no decode, encode or request rows.
    pub http_only: bool,
    /// The stream family's plan (`None`: not run, as in [`Options::smoke`]). Its rows obey the
    /// filters (`stream/lines/fastjson slice stream`); never in a group child or with `--http`.
    pub stream: Option<crate::stream::Plan>,
    /// The extract family's plan, likewise (`extract/twitter-end/fastjson Extractor`).
    pub extract: Option<crate::extract::Plan>,
}

/// The rows a run may time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rows {
    /// Every row: the comparison, with each selected group's baselines, twin and floors.
    All,
    /// fastjson's and serde_json's decode and encode rows only (serde_json's twin included, for
    /// the noise floor); no other peer, no floor, no request mode. For the interleaved
    /// default-vs-native comparison (`cargo xtask bench --default-vs-native`), which runs the
    /// two builds' binaries alternately and needs only their own figures.
    FastjsonAndSerdeJson,
}

impl Rows {
    /// Whether a row id (`decode/twitter/fastjson`, `request/4/serde_json`) may run.
    pub fn admits(self, id: &str) -> bool {
        match self {
            Rows::All => true,
            Rows::FastjsonAndSerdeJson => {
                let mut parts = id.splitn(3, '/');
                let (Some(direction), Some(_), Some(label)) =
                    (parts.next(), parts.next(), parts.next())
                else {
                    return false;
                };
                matches!(direction, "decode" | "encode")
                    && matches!(
                        label,
                        label::FASTJSON
                            | label::FASTJSON_INTO
                            | label::SERDE_JSON
                            | label::SERDE_JSON_TWIN
                    )
            }
        }
    }
}

/// The run's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every row once (gate included): for CI, so the harness cannot rot.
    Smoke,
    /// The README's command: under 3 minutes on 2 cores.
    Default,
    /// Longer: more rounds, longer samples and request windows.
    Full,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Smoke => "smoke",
            Mode::Default => "default",
            Mode::Full => "full",
        }
    }

    fn plan(self) -> (Plan, Duration, usize) {
        let (rounds, sample_ms, window_ms, request_rounds) = match self {
            Mode::Smoke => (1, 0, 0, 1),
            Mode::Default => (11, 40, 150, 3),
            Mode::Full => (31, 100, 1000, 5),
        };
        let plan = Plan {
            rounds,
            sample: Duration::from_millis(sample_ms),
            smoke: self == Mode::Smoke,
        };
        (plan, Duration::from_millis(window_ms), request_rounds)
    }
}

impl Options {
    /// Every row once, no filter, no progress line: what CI's smoke run and the tests use
    /// (override fields with `Options { filters, ..Options::smoke() }`).
    pub fn smoke() -> Options {
        Options {
            mode: Mode::Smoke,
            filters: Vec::new(),
            progress: false,
            window: None,
            rounds: None,
            sample: None,
            rows: Rows::All,
            isolation: None,
            group: None,
            http: None,
            http_only: false,
            stream: None,
            extract: None,
        }
    }

    fn selects(&self, id: &str) -> bool {
        let in_group = match &self.group {
            Some(g) => id
                .strip_prefix(g.as_str())
                .is_some_and(|r| r.starts_with('/')),
            None => true,
        };
        in_group
            && self.rows.admits(id)
            && (self.filters.is_empty() || self.filters.iter().any(|f| id.contains(f.as_str())))
    }
}

/// A row being gated and timed.
struct Pending {
    cell: Cell,
    op: Option<Op>,
}

fn new_cell(direction: &str, w: &Workload, label: &str, role: Role, bytes: usize) -> Cell {
    Cell {
        direction: direction.to_string(),
        workload: w.name.clone(),
        family: w.family.to_string(),
        implementation: label.to_string(),
        role,
        bytes,
        verdict: Verdict::Exempt,
        byte_identical: None,
        batch: 0,
        samples_ns: Vec::new(),
        median_ns: None,
        min_ns: None,
        max_ns: None,
        allocs_per_op: None,
        alloc_bytes_per_op: None,
        vs_serde_json: None,
        vs_sonic_rs: None,
        tie_band: None,
        contended_rounds: None,
    }
}

/// A group keeps the baselines, the twin and the floors whenever any of its rows is selected,
/// so every selected row has its ratios and floors.
fn group_keeps(opts: &Options, ids: &[(String, Role, &str)]) -> Vec<bool> {
    let any = ids.iter().any(|(id, _, _)| opts.selects(id));
    ids.iter()
        .map(|(id, role, label)| {
            opts.selects(id)
                || (opts.rows == Rows::All
                    && any
                    && (*role != Role::Contender || *label == label::SONIC_RS))
        })
        .collect()
}

struct Progress {
    on: bool,
    tty: bool,
    start: Instant,
}

impl Progress {
    fn say(&self, what: &str) {
        if !self.on {
            return;
        }
        let t = self.start.elapsed().as_secs_f64();
        let mut err = std::io::stderr().lock();
        if self.tty {
            let _ = write!(err, "\r\x1b[2K[{t:6.1}s] {what}");
        } else {
            let _ = writeln!(err, "[{t:6.1}s] {what}");
        }
        let _ = err.flush();
    }

    fn done(&self) {
        if self.on && self.tty {
            eprintln!();
        }
    }
}

/// Gates the decode rows of `w`.
fn gate_decoders(w: &Workload, want: &Expected, opts: &Options, inexact_ok: bool) -> Vec<Pending> {
    let ids: Vec<_> = w
        .decoders
        .iter()
        .map(|r| (format!("decode/{}/{}", w.name, r.label), r.role, r.label))
        .collect();
    let keep = group_keeps(opts, &ids);
    w.decoders
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(row, _)| {
            let mut cell = new_cell("decode", w, row.label, row.role, w.input.len());
            let decoded = if row.role == Role::Floor {
                Err(String::new())
            } else {
                row.subject.decode_debug(w.input)
            };
            cell.verdict = gate::check_decode(row.role, decoded, want, inexact_ok);
            let op = cell.verdict.passed().then(|| row.subject.op(w.input));
            Pending { cell, op }
        })
        .collect()
}

/// Gates the encode rows of `w` (preparing each row's own value).
fn gate_encoders(w: &Workload, want: &Expected, opts: &Options) -> Vec<Pending> {
    let ids: Vec<_> = w
        .encoders
        .iter()
        .map(|r| (format!("encode/{}/{}", w.name, r.label), r.role, r.label))
        .collect();
    let keep = group_keeps(opts, &ids);
    w.encoders
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(row, _)| {
            let mut cell = new_cell("encode", w, row.label, row.role, want.output.len());
            let prepared = row.subject.prepare(w.input, &want.exact, &want.output);
            let (verdict, identical) = gate::check_encode(row.role, &prepared, want);
            cell.verdict = verdict;
            cell.byte_identical = identical;
            let op = match prepared {
                Ok(p) if cell.verdict.passed() => Some(p.op),
                _ => None,
            };
            Pending { cell, op }
        })
        .collect()
}

const GUARD_FAILED: &str = "contamination guard failed";

/// Gates and times `w`'s decode group, then its encode group, in this process; returns each
/// group's cells with the contention probes taken before its rounds.
fn in_process_groups(
    w: &Workload,
    want: &Expected,
    opts: &Options,
    inexact_ok: bool,
    guard_clean: bool,
    plan: &Plan,
    progress: &Progress,
) -> Vec<(Vec<Cell>, Vec<f64>)> {
    let mut decode = gate_decoders(w, want, opts, inexact_ok);
    let mut encode = gate_encoders(w, want, opts);
    let mut groups = Vec::new();
    for group in [&mut decode, &mut encode] {
        if !guard_clean {
            for p in group.iter_mut() {
                p.op = None;
                p.cell.verdict = Verdict::Failed(GUARD_FAILED.into());
            }
        }
        let name = group
            .first()
            .map(|p| format!("{}/{}", p.cell.direction, w.name));
        let probes = time_group(group, plan, progress, &name.unwrap_or_default());
        groups.push((group.iter().map(|p| p.cell.clone()).collect(), probes));
    }
    groups
}

/// The rows of `w`'s `direction` group that a run selects, untimed and ungated: what a child
/// process must return for that group (the bytes per operation come back with its cells).
fn planned_cells(w: &Workload, direction: &str, opts: &Options) -> Vec<Cell> {
    let rows: Vec<(&'static str, Role)> = match direction {
        "decode" => w.decoders.iter().map(|r| (r.label, r.role)).collect(),
        _ => w.encoders.iter().map(|r| (r.label, r.role)).collect(),
    };
    let ids: Vec<_> = rows
        .iter()
        .map(|&(label, role)| (format!("{direction}/{}/{label}", w.name), role, label))
        .collect();
    rows.iter()
        .zip(group_keeps(opts, &ids))
        .filter(|(_, keep)| *keep)
        .map(|(&(label, role), _)| new_cell(direction, w, label, role, 0))
        .collect()
}

/// Times one group in interleaved rounds, each after a contention probe, then counts its
/// allocations; returns the probes (none in smoke mode).
fn time_group(group: &mut [Pending], plan: &Plan, progress: &Progress, name: &str) -> Vec<f64> {
    let mut probes = Vec::new();
    let live: Vec<usize> = (0..group.len())
        .filter(|&i| group[i].op.is_some())
        .collect();
    for &i in &live {
        let p = &mut group[i];
        let op = p.op.as_mut().expect("live rows have an op");
        progress.say(&format!("{name}: calibrating {}", p.cell.implementation));
        p.cell.batch = if plan.smoke {
            1
        } else {
            timing::calibrate(op, plan.sample)
        };
    }
    for r in 0..plan.rounds {
        progress.say(&format!("{name}: round {}/{}", r + 1, plan.rounds));
        if !plan.smoke && !live.is_empty() {
            probes.push(crate::contention::probe_ns());
        }
        for k in timing::round_order(live.len(), r) {
            let p = &mut group[live[k]];
            let batch = p.cell.batch;
            let op = p.op.as_mut().expect("live rows have an op");
            p.cell.samples_ns.push(timing::sample(op, batch));
        }
    }
    for &i in &live {
        let p = &mut group[i];
        let op = p.op.as_mut().expect("live rows have an op");
        let n = p.cell.batch.clamp(1, 32);
        if let Some((allocs, bytes)) = crate::alloc_count::measure(n, || {
            op();
        }) {
            p.cell.allocs_per_op = Some(allocs);
            p.cell.alloc_bytes_per_op = Some(bytes);
        }
        if let Some(s) = timing::stats(&p.cell.samples_ns) {
            (p.cell.median_ns, p.cell.min_ns, p.cell.max_ns) =
                (Some(s.median), Some(s.min), Some(s.max));
        }
        p.op = None;
    }
    probes
}

/// Fills in the ratios of a group and returns its twin's relative difference.
fn ratios(cells: &mut [Cell]) -> Option<f64> {
    let median_of = |cells: &[Cell], role: Role, label: &str| {
        cells
            .iter()
            .find(|c| c.role == role && c.implementation == label)
            .and_then(|c| c.median_ns)
    };
    let base = median_of(cells, Role::Baseline, label::SERDE_JSON);
    let sonic = median_of(cells, Role::Contender, label::SONIC_RS);
    let twin = median_of(cells, Role::NoiseTwin, label::SERDE_JSON_TWIN);
    for c in cells.iter_mut() {
        if let Some(m) = c.median_ns {
            c.vs_serde_json = base.map(|b| b / m);
            c.vs_sonic_rs = sonic.map(|s| s / m);
        }
    }
    Some((twin? - base?).abs() / base?)
}

fn request_selected(w: &Workload, opts: &Options) -> bool {
    crate::request::THREADS.iter().any(|t| {
        w.transactions
            .iter()
            .any(|r| opts.selects(&format!("request/{t}/{}", r.label)))
    })
}

/// Whether any row of `w` is selected.
fn selected(w: &Workload, opts: &Options) -> bool {
    let dec = w
        .decoders
        .iter()
        .map(|r| format!("decode/{}/{}", w.name, r.label));
    let enc = w
        .encoders
        .iter()
        .map(|r| format!("encode/{}/{}", w.name, r.label));
    dec.chain(enc).any(|id| opts.selects(&id)) || request_selected(w, opts)
}

/// Runs request mode over the order workload.
fn requests(
    w: &Workload,
    failed: &[String],
    opts: &Options,
    window: Duration,
    rounds: usize,
    progress: &Progress,
) -> Vec<RequestCell> {
    let smoke = opts.mode == Mode::Smoke;
    let mut cells: Vec<(RequestCell, Vec<u64>)> = Vec::new();
    for &threads in &crate::request::THREADS {
        // serde_json runs at every thread count that has a selected row, for the ratios.
        let any = w
            .transactions
            .iter()
            .any(|r| opts.selects(&format!("request/{threads}/{}", r.label)));
        for row in &w.transactions {
            let id = format!("request/{threads}/{}", row.label);
            if !(opts.selects(&id) || (any && row.role == Role::Baseline)) {
                continue;
            }
            let verdict = if failed.iter().any(|f| f == row.label) {
                Verdict::Failed("the order workload's decode or encode gate failed".into())
            } else {
                Verdict::Pass(None)
            };
            cells.push((
                RequestCell {
                    threads,
                    implementation: row.label.to_string(),
                    role: row.role,
                    verdict,
                    throughput_rounds: Vec::new(),
                    throughput_median: None,
                    p50_ns: None,
                    p99_ns: None,
                    min_worker_transactions: None,
                    max_idle_workers: 0,
                    longest_window_ms: None,
                    flagged: false,
                    vs_serde_json: None,
                },
                Vec::new(),
            ));
        }
    }
    // One short unrecorded window per cell first: the first round would otherwise also measure
    // cold caches and a cold allocator.
    if !smoke {
        for (cell, _) in cells.iter().filter(|(c, _)| c.verdict.passed()) {
            let row = w
                .transactions
                .iter()
                .find(|t| t.label == cell.implementation);
            let row = row.expect("request cells come from the transaction rows");
            let warm = window / 8;
            crate::request::run_window(&*row.subject, w.input, cell.threads, warm, false);
        }
    }
    for r in 0..rounds {
        for (cell, latencies) in cells.iter_mut().filter(|(c, _)| c.verdict.passed()) {
            progress.say(&format!(
                "request/{}/{}: round {}/{rounds}",
                cell.threads,
                cell.implementation,
                r + 1
            ));
            let row = w
                .transactions
                .iter()
                .find(|t| t.label == cell.implementation);
            let row = row.expect("request cells come from the transaction rows");
            let win =
                crate::request::run_window(&*row.subject, w.input, cell.threads, window, smoke);
            cell.throughput_rounds.push(win.throughput());
            let least = win.per_worker.iter().copied().min().unwrap_or(0);
            cell.min_worker_transactions =
                Some(cell.min_worker_transactions.map_or(least, |m| m.min(least)));
            cell.flagged |= win.idle_workers() > 0;
            cell.max_idle_workers = cell.max_idle_workers.max(win.idle_workers());
            let ms = win.elapsed.as_secs_f64() * 1e3;
            cell.longest_window_ms = Some(cell.longest_window_ms.map_or(ms, |m: f64| m.max(ms)));
            latencies.extend(win.latencies);
        }
    }
    let mut out: Vec<RequestCell> = cells
        .into_iter()
        .map(|(mut c, mut lat)| {
            c.throughput_median = timing::stats(&c.throughput_rounds).map(|s| s.median);
            c.p50_ns = timing::percentile(&mut lat, 50.0);
            c.p99_ns = timing::percentile(&mut lat, 99.0);
            c
        })
        .collect();
    for threads in crate::request::THREADS {
        let base = out
            .iter()
            .find(|c| c.threads == threads && c.role == Role::Baseline && !c.flagged)
            .and_then(|c| c.throughput_median);
        for c in out
            .iter_mut()
            .filter(|c| c.threads == threads && !c.flagged)
        {
            c.vs_serde_json = c.throughput_median.zip(base).map(|(t, b)| t / b);
        }
    }
    out
}

/// Runs the whole comparison over `workloads` and returns the report.
pub fn run(opts: &Options, workloads: Vec<Workload>, corpus: &crate::corpus::Corpus) -> Report {
    let start = Instant::now();
    let progress = Progress {
        on: opts.progress,
        tty: std::io::stderr().is_terminal(),
        start,
    };
    let (mut plan, window, request_rounds) = opts.mode.plan();
    let window = opts.window.unwrap_or(window);
    if !plan.smoke {
        plan.rounds = opts.rounds.unwrap_or(plan.rounds).max(1);
        plan.sample = opts.sample.unwrap_or(plan.sample);
    }
    let digests: Vec<_> = corpus
        .docs
        .iter()
        .map(|(n, d)| {
            (
                format!("{n}.json"),
                d.len(),
                crate::corpus::git_blob_sha1(d),
            )
        })
        .collect();
    let corpus_line = match &corpus.dir {
        Some((dir, how)) => format!("{} (from {how})", dir.display()),
        None => "none".to_string(),
    };
    let mut header = crate::report::header::collect(corpus_line, digests);
    let cpu_times_at_start = crate::report::header::cpu_times();
    let mut notes: Vec<String> = corpus
        .missing
        .iter()
        .map(|m| format!("corpus: {m}"))
        .collect();

    progress.say("guard: walking every copy's type tree");
    let guard: Vec<GuardLine> = crate::workloads::guard_all()
        .into_iter()
        .map(|(root, r)| match r {
            Ok(n) => GuardLine {
                root,
                clean: true,
                detail: format!("{n} stamped types, clean"),
            },
            Err(findings) => GuardLine {
                root,
                clean: false,
                detail: findings
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            },
        })
        .collect();
    let guard_clean = guard.iter().all(|g| g.clean);
    if !guard_clean {
        notes.push("the contamination guard failed: nothing was timed".into());
    }

    let (inexact_ok, _) = gate::serde_json_float_mode();
    let inexact_ok = !inexact_ok;
    let mut infos = Vec::new();
    let mut cells = Vec::new();
    let mut twins: Vec<(usize, usize, f64)> = Vec::new();
    let mut request_cells = Vec::new();
    let mut round_probes_ns = Vec::new();
    // Per timed group: its cells' range, its probe count and where its probes start.
    let mut group_probes: Vec<(usize, usize, usize, usize)> = Vec::new();
    for w in workloads
        .iter()
        .filter(|w| !opts.http_only && selected(w, opts))
    {
        infos.push(WorkloadInfo {
            name: w.name.clone(),
            family: w.family.to_string(),
            bytes: w.input.len(),
            digest: crate::corpus::git_blob_sha1(w.input),
        });
        // The in-process path's reference, kept for request mode's gate.
        let mut want = None;
        let groups = match &opts.isolation {
            Some(iso) => {
                let mut groups = Vec::new();
                for direction in ["decode", "encode"] {
                    let expected = planned_cells(w, direction, opts);
                    if expected.is_empty() {
                        continue;
                    }
                    let group = format!("{direction}/{}", w.name);
                    let (cells, child_notes, probes) = if guard_clean {
                        isolate::run_group(opts, iso, &group, plan.rounds, expected, |s| {
                            progress.say(s)
                        })
                    } else {
                        (
                            isolate::failed(expected, GUARD_FAILED),
                            Vec::new(),
                            Vec::new(),
                        )
                    };
                    for note in child_notes {
                        if !notes.contains(&note) {
                            notes.push(note);
                        }
                    }
                    groups.push((cells, probes));
                }
                groups
            }
            None => {
                progress.say(&format!("gate: {}", w.name));
                match gate::expected(w) {
                    Ok(expected) => {
                        let groups = in_process_groups(
                            w,
                            &expected,
                            opts,
                            inexact_ok,
                            guard_clean,
                            &plan,
                            &progress,
                        );
                        want = Some(expected);
                        groups
                    }
                    Err(e) => {
                        notes.push(format!("{}: no reference, not run: {e}", w.name));
                        continue;
                    }
                }
            }
        };
        for (mut group_cells, probes) in groups {
            let twin = ratios(&mut group_cells);
            let range = (cells.len(), cells.len() + group_cells.len());
            cells.extend(group_cells);
            if !probes.is_empty() {
                group_probes.push((range.0, range.1, probes.len(), round_probes_ns.len()));
                round_probes_ns.extend(probes);
            }
            if let Some(n) = twin {
                twins.push((range.0, range.1, n));
            }
        }
        if !w.transactions.is_empty()
            && w.name == "order"
            && guard_clean
            && opts.group.is_none()
            && request_selected(w, opts)
        {
            // Request rows are gated by the same workload's decode and encode gates, whether or
            // not those rows were selected for timing.
            let want = match want.map_or_else(|| gate::expected(w), Ok) {
                Ok(want) => want,
                Err(e) => {
                    notes.push(format!(
                        "{}: no reference, request mode not run: {e}",
                        w.name
                    ));
                    continue;
                }
            };
            let all = Options {
                filters: Vec::new(),
                ..opts.clone()
            };
            let gated = gate_decoders(w, &want, &all, inexact_ok)
                .into_iter()
                .chain(gate_encoders(w, &want, &all));
            let failed: Vec<String> = gated
                .filter(|p| !p.cell.verdict.passed())
                .map(|p| p.cell.implementation)
                .collect();
            request_cells = requests(w, &failed, opts, window, request_rounds, &progress);
        }
    }
    let http = match opts.http {
        Some(plan) if opts.group.is_none() && opts.rows == Rows::All => {
            let generated = crate::generate::Generated::get();
            let section = crate::http::run(
                &plan,
                generated.order,
                corpus.get("twitter"),
                &|id| opts.selects(id),
                &|s| progress.say(s),
            );
            (!section.cells.is_empty() || opts.http_only).then_some(section)
        }
        _ => None,
    };
    // The families run in this process after the groups: their inputs (up to 100 MB of JSON
    // Lines) are made here, not in every group child.
    let families = opts.group.is_none() && opts.rows == Rows::All && !opts.http_only;
    let stream = opts.stream.filter(|_| families).and_then(|plan| {
        let section = crate::stream::run(&plan, &|id| opts.selects(id), &|s| progress.say(s));
        (!section.cells.is_empty()).then_some(section)
    });
    let extract = opts.extract.filter(|_| families).and_then(|plan| {
        let section =
            crate::extract::run(&plan, corpus, &|id| opts.selects(id), &|s| progress.say(s));
        (!section.cells.is_empty() || !section.notes.is_empty()).then_some(section)
    });
    progress.done();
    header.busy.extend(crate::report::header::busy_compilers());
    header.steal_percent = cpu_times_at_start
        .zip(crate::report::header::cpu_times())
        .and_then(|(start, end)| crate::report::header::steal_percent(start, end));
    header.busy.sort();
    header.busy.dedup();
    if plan.smoke {
        twins.clear();
        notes.push("smoke mode: every row ran once; the figures are not measurements".into());
    }
    // Each group's tie band: its own twin difference, but never below the run's median twin
    // difference (one group's twin can land close by luck).
    let mut diffs: Vec<f64> = twins.iter().map(|t| t.2).collect();
    let typical = timing::stats(&diffs).map(|s| s.median);
    diffs.sort_by(f64::total_cmp);
    for &(from, to, diff) in &twins {
        for c in &mut cells[from..to] {
            c.tie_band = typical.map(|t| diff.max(t));
        }
    }
    let noise = typical;
    let noise_max = diffs.last().copied();
    // Each group's contended rounds, judged against the whole run's fastest probe.
    let fastest = crate::contention::fastest(&round_probes_ns);
    if round_probes_ns.len() >= 2 {
        for &(from, to, n, at) in &group_probes {
            let k = crate::contention::contended_against(&round_probes_ns[at..at + n], fastest);
            for c in &mut cells[from..to] {
                c.contended_rounds = Some((k, n));
            }
        }
    }
    Report {
        header,
        mode: opts.mode.name().to_string(),
        rounds: match &opts.isolation {
            Some(iso) => isolate::rounds_per_process(plan.rounds, iso.processes) * iso.processes,
            None => plan.rounds,
        },
        processes_per_group: opts.isolation.as_ref().map_or(0, |iso| iso.processes),
        sample_ms: plan.sample.as_secs_f64() * 1e3,
        request_window_ms: window.as_secs_f64() * 1e3,
        filters: opts.filters.clone(),
        noise_floor: noise,
        noise_max,
        guard,
        workloads: infos,
        cells,
        requests: request_cells,
        first_calls: Vec::new(),
        notes,
        elapsed_s: start.elapsed().as_secs_f64(),
        round_probes_ns,
        http,
        stream,
        extract,
    }
}
