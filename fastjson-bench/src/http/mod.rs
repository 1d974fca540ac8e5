//! The HTTP family: one axum service mounted with `fastjson::axum::Json`, with `axum::Json`
//! (serde_json) and with serde_json without axum's path tracking (`plain_json`), served
//! in-process on loopback and loaded by a hyper client; gated (every mount answers the same
//! requests with the same bytes) before any window is timed.
//! `service` is the handler text, `server` and `load` the two runtimes, `report` the section.

pub mod load;
pub mod plain_json;
pub mod report;
pub mod server;
pub mod service;

use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::{Method, StatusCode};

use crate::gate::Verdict;
use crate::timing;
use crate::workloads::Role;
use load::{Answer, Step};
use report::{HttpCell, HttpSection};

/// Row labels.
pub mod label {
    pub const FASTJSON: &str = "fastjson";
    /// The same service mounted a second time: the noise floor.
    pub const FASTJSON_TWIN: &str = "fastjson (twin)";
    pub const AXUM_JSON: &str = "axum::Json + serde_json";
    /// serde_json through an extractor without `serde_path_to_error` (`plain_json`).
    pub const SERDE_JSON_PLAIN: &str = "serde_json, no path tracking";
}

/// Concurrent keep-alive connections per cell.
pub const CONNECTIONS: [usize; 3] = [1, 2, 16];

/// The workloads: `order` (create and list alternating), `large` (twitter.json → summary).
pub const WORKLOADS: [&str; 2] = ["order", "large"];

/// How much to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub rounds: usize,
    pub window: Duration,
    /// An unrecorded window per cell before its first round (none in smoke).
    pub warmup: Duration,
    /// The most requests one connection sends in one window.
    pub per_connection: u64,
    pub smoke: bool,
}

impl Plan {
    /// Every cell through the gate, then one window of two requests per connection. The
    /// request budget ends the window; its 30 s only bound a debug build on a slow machine.
    pub fn smoke() -> Plan {
        Plan {
            rounds: 1,
            window: Duration::from_secs(30),
            warmup: Duration::ZERO,
            per_connection: 2,
            smoke: true,
        }
    }

    /// The short form inside the default run.
    pub fn short() -> Plan {
        Plan {
            rounds: 3,
            window: Duration::from_millis(100),
            warmup: Duration::from_millis(20),
            per_connection: 1_000_000,
            smoke: false,
        }
    }

    /// `--http` (and the `--full` run): 11 rounds of 300 ms; with `--full`, 21 of 1 s.
    pub fn standard(full: bool) -> Plan {
        Plan {
            rounds: if full { 21 } else { 11 },
            window: Duration::from_millis(if full { 1000 } else { 300 }),
            warmup: Duration::from_millis(if full { 200 } else { 60 }),
            per_connection: 1_000_000,
            smoke: false,
        }
    }
}

/// What each side runs on (said in the report).
pub const RUNTIMES: &str = "server: a tokio multi-thread runtime with 1 worker; client: a tokio current-thread runtime on the bench's main thread (one core each on 2 cores)";

/// The requests of `workload`, repeated in order by each connection.
fn script(workload: &str, order: &'static [u8], twitter: Option<&'static [u8]>) -> Vec<Step> {
    match workload {
        "order" => vec![
            Step {
                method: Method::POST,
                path: "/orders",
                body: Bytes::from_static(order),
                status: StatusCode::CREATED,
            },
            Step {
                method: Method::GET,
                path: "/orders",
                body: Bytes::new(),
                status: StatusCode::OK,
            },
        ],
        _ => twitter
            .map(|doc| Step {
                method: Method::POST,
                path: "/summary",
                body: Bytes::from_static(doc),
                status: StatusCode::OK,
            })
            .into_iter()
            .collect(),
    }
}

/// The gate of one workload: every mount's answers to the script, one request each on a fresh
/// connection, must equal the baseline's (status, content type, body bytes), have the expected
/// status and `application/json`, and (for `large`) carry the summary computed from the
/// document without HTTP. Returns each mount's verdict.
fn gate(
    client: &tokio::runtime::Runtime,
    addrs: &[(&'static str, std::net::SocketAddr)],
    steps: &[Step],
    reference_summary: Option<&[u8]>,
) -> Vec<Verdict> {
    let answers: Vec<Result<Vec<Answer>, String>> = addrs
        .iter()
        .map(|&(_, addr)| {
            client.block_on(async {
                let mut sender = load::connect(addr).await?;
                let mut out = Vec::new();
                for step in steps {
                    out.push(load::send(&mut sender, step).await?);
                }
                Ok(out)
            })
        })
        .collect();
    let base = addrs
        .iter()
        .position(|(l, _)| *l == label::AXUM_JSON)
        .and_then(|i| answers[i].as_ref().ok());
    answers
        .iter()
        .map(|got| {
            let got = match got {
                Ok(got) => got,
                Err(e) => return Verdict::Failed(e.clone()),
            };
            for (i, (step, a)) in steps.iter().zip(got).enumerate() {
                let what = format!("{} {}", step.method, step.path);
                if a.status != step.status {
                    return Verdict::Failed(format!("{what}: status {}", a.status));
                }
                if a.content_type.as_deref() != Some("application/json") {
                    return Verdict::Failed(format!("{what}: content-type {:?}", a.content_type));
                }
                match base.map(|b| &b[i]) {
                    Some(b) if b != a => {
                        return Verdict::Failed(format!(
                            "{what}: answer differs from axum::Json's ({} vs {} body bytes)",
                            a.body.len(),
                            b.body.len()
                        ))
                    }
                    Some(_) => {}
                    None => return Verdict::Failed("axum::Json's mount did not answer".into()),
                }
                if step.path == "/summary" && Some(&a.body[..]) != reference_summary {
                    return Verdict::Failed(format!(
                        "{what}: the summary differs from the one computed without HTTP: {}",
                        String::from_utf8_lossy(&a.body)
                    ));
                }
            }
            Verdict::Pass(None)
        })
        .collect()
}

/// The response types' guard: no copy implements the other family's traits, at any depth.
fn guard() -> Result<(), String> {
    use crate::copies::{fastjson_copy, serde_json_copy};
    use crate::guard::check;
    let results = [
        check::<serde_json_copy::http::Ack>(),
        check::<serde_json_copy::http::Summary>(),
        check::<fastjson_copy::http::Ack>(),
        check::<fastjson_copy::http::Summary>(),
    ];
    let findings: Vec<String> = results
        .into_iter()
        .filter_map(Result::err)
        .flatten()
        .map(|f| f.to_string())
        .collect();
    if findings.is_empty() {
        Ok(())
    } else {
        Err(findings.join("; "))
    }
}

/// A cell being run: its report line, its latencies and its allocation totals.
struct Running {
    cell: HttpCell,
    addr: std::net::SocketAddr,
    latencies: Vec<u64>,
    allocs: Option<(u64, u64)>,
}

fn new_cell(workload: &str, connections: usize, label: &str, role: Role) -> HttpCell {
    HttpCell {
        workload: workload.to_string(),
        connections,
        implementation: label.to_string(),
        role,
        verdict: Verdict::Pass(None),
        throughput_rounds: Vec::new(),
        throughput_median: None,
        throughput_min: None,
        throughput_max: None,
        p50_ns: None,
        p99_ns: None,
        requests: 0,
        min_connection_requests: None,
        max_idle_connections: 0,
        flagged: false,
        allocs_per_request: None,
        alloc_bytes_per_request: None,
        json_allocs_per_request: None,
        json_alloc_bytes_per_request: None,
        vs_axum_json: None,
        noise: None,
    }
}

/// Runs the family: guard, gate, then per workload and connection count the three mounts in
/// interleaved rounds. `selects` says whether a cell id (`http/order/16/fastjson`) is wanted;
/// a group (one workload and count) runs whole when any of its cells is.
pub fn run(
    plan: &Plan,
    order: &'static [u8],
    twitter: Option<&'static [u8]>,
    selects: &dyn Fn(&str) -> bool,
    progress: &dyn Fn(&str),
) -> HttpSection {
    let start = Instant::now();
    let mut section = HttpSection {
        rounds: plan.rounds,
        window_ms: plan.window.as_secs_f64() * 1e3,
        per_connection_max: plan.per_connection,
        runtimes: RUNTIMES.to_string(),
        cells: Vec::new(),
        notes: Vec::new(),
        elapsed_s: 0.0,
    };
    let labels = [
        label::FASTJSON,
        label::FASTJSON_TWIN,
        label::AXUM_JSON,
        label::SERDE_JSON_PLAIN,
    ];
    let groups: Vec<(&str, usize)> = WORKLOADS
        .iter()
        .flat_map(|&w| CONNECTIONS.iter().map(move |&c| (w, c)))
        .filter(|&(w, c)| labels.iter().any(|l| selects(&format!("http/{w}/{c}/{l}"))))
        .collect();
    if groups.is_empty() {
        section.notes.push("no HTTP cell selected".into());
        return section;
    }
    if groups.iter().any(|g| g.0 == "large") && twitter.is_none() {
        section
            .notes
            .push("large: twitter.json is not in the corpus, not run".into());
    }
    let groups: Vec<_> = groups
        .into_iter()
        .filter(|g| g.0 != "large" || twitter.is_some())
        .collect();
    if plan.smoke {
        section.notes.push(
            "smoke mode: a few requests per cell through the gate; the figures are not measurements"
                .into(),
        );
    }
    match run_groups(plan, order, twitter, &groups, progress) {
        Ok(cells) => section.cells = cells,
        Err(e) => section.notes.push(format!("FAILED before any window: {e}")),
    }
    section.elapsed_s = start.elapsed().as_secs_f64();
    section
}

fn run_groups(
    plan: &Plan,
    order: &'static [u8],
    twitter: Option<&'static [u8]>,
    groups: &[(&str, usize)],
    progress: &dyn Fn(&str),
) -> Result<Vec<HttpCell>, String> {
    let guard_failed = guard().err();
    let mounts = service::mounts(order)?;
    let roles: Vec<Role> = mounts.iter().map(|m| m.role).collect();
    let servers = server::Servers::start(mounts)?;
    let client = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("client runtime: {e}"))?;
    let mut out = Vec::new();
    for workload in WORKLOADS {
        if !groups.iter().any(|g| g.0 == workload) {
            continue;
        }
        let steps = script(workload, order, twitter);
        progress(&format!("http/{workload}: gate"));
        let reference = match (workload, twitter) {
            ("large", Some(doc)) => Some(service::serde_service::summary_bytes(doc)?),
            _ => None,
        };
        let verdicts = match &guard_failed {
            Some(why) => vec![Verdict::Failed(format!("guard: {why}")); servers.addrs.len()],
            None => gate(&client, &servers.addrs, &steps, reference.as_deref()),
        };
        let iterations = if plan.smoke { 1 } else { 8 };
        for &(_, connections) in groups.iter().filter(|g| g.0 == workload) {
            let mut cells: Vec<Running> = servers
                .addrs
                .iter()
                .zip(&roles)
                .zip(&verdicts)
                .map(|((&(label, addr), &role), verdict)| {
                    let mut cell = new_cell(workload, connections, label, role);
                    cell.verdict = verdict.clone();
                    Running {
                        cell,
                        addr,
                        latencies: Vec::new(),
                        allocs: None,
                    }
                })
                .collect();
            for r in cells.iter_mut() {
                if let Ok(Some(part)) =
                    service::json_part(&r.cell.implementation, order, twitter, workload, iterations)
                {
                    r.cell.json_allocs_per_request = Some(part.allocs);
                    r.cell.json_alloc_bytes_per_request = Some(part.bytes);
                }
            }
            time_group(&client, &mut cells, &steps, plan, progress);
            out.extend(finish(cells, plan.smoke));
        }
    }
    drop(servers);
    client.shutdown_timeout(Duration::from_secs(1));
    Ok(out)
}

/// Warms each passing cell, then runs the rounds, rotated each round (A B C, B C A, ...).
fn time_group(
    client: &tokio::runtime::Runtime,
    cells: &mut [Running],
    steps: &[Step],
    plan: &Plan,
    progress: &dyn Fn(&str),
) {
    if !plan.warmup.is_zero() {
        for r in cells.iter_mut().filter(|r| r.cell.verdict.passed()) {
            let warm = load::run_window(
                client,
                r.addr,
                steps,
                r.cell.connections,
                plan.warmup,
                plan.per_connection,
                false,
            );
            if let Err(e) = warm {
                r.cell.verdict = Verdict::Failed(format!("warm-up: {e}"));
            }
        }
    }
    for round in 0..plan.rounds {
        for k in timing::round_order(cells.len(), round) {
            let r = &mut cells[k];
            if !r.cell.verdict.passed() {
                continue;
            }
            progress(&format!(
                "{}: round {}/{}",
                r.cell.id(),
                round + 1,
                plan.rounds
            ));
            let win = load::run_window(
                client,
                r.addr,
                steps,
                r.cell.connections,
                plan.window,
                plan.per_connection,
                true,
            );
            let win = match win {
                Ok(win) => win,
                Err(e) => {
                    r.cell.verdict = Verdict::Failed(format!("round {}: {e}", round + 1));
                    continue;
                }
            };
            if let Some((allocs, bytes)) = win.allocs {
                let (a, b) = r.allocs.unwrap_or((0, 0));
                r.allocs = Some((a + allocs, b + bytes));
            }
            r.cell.requests += win.total();
            r.cell.throughput_rounds.push(win.throughput());
            let least = win.per_connection.iter().copied().min().unwrap_or(0);
            r.cell.min_connection_requests = Some(
                r.cell
                    .min_connection_requests
                    .map_or(least, |m| m.min(least)),
            );
            r.cell.flagged |= win.idle_connections() > 0;
            r.cell.max_idle_connections = r.cell.max_idle_connections.max(win.idle_connections());
            r.latencies.extend(win.latencies_ns);
        }
    }
}

/// Statistics, allocations per request and the group's ratios and noise floor (no ratio or
/// floor from smoke's single short windows).
fn finish(cells: Vec<Running>, smoke: bool) -> Vec<HttpCell> {
    let mut out: Vec<HttpCell> = cells
        .into_iter()
        .map(|mut r| {
            let c = &mut r.cell;
            if c.verdict.passed() {
                if let Some(s) = timing::stats(&c.throughput_rounds) {
                    (c.throughput_median, c.throughput_min, c.throughput_max) =
                        (Some(s.median), Some(s.min), Some(s.max));
                }
                c.p50_ns = timing::percentile(&mut r.latencies, 50.0);
                c.p99_ns = timing::percentile(&mut r.latencies, 99.0);
                if let (Some((allocs, bytes)), n @ 1..) = (r.allocs, c.requests) {
                    c.allocs_per_request = Some(allocs as f64 / n as f64);
                    c.alloc_bytes_per_request = Some(bytes as f64 / n as f64);
                }
            } else {
                c.throughput_rounds.clear();
                c.requests = 0;
            }
            r.cell
        })
        .collect();
    let median = |label: &str| {
        out.iter()
            .find(|c| c.implementation == label && !c.flagged && c.verdict.passed())
            .and_then(|c| c.throughput_median)
    };
    if smoke {
        return out;
    }
    let base = median(label::AXUM_JSON);
    let noise = median(label::FASTJSON)
        .zip(median(label::FASTJSON_TWIN))
        .map(|(a, b)| (a - b).abs() / a);
    for c in out.iter_mut() {
        c.noise = noise;
        if !c.flagged {
            c.vs_axum_json = c.throughput_median.zip(base).map(|(t, b)| t / b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::post;

    /// The gate fails a mount whose answers differ from axum::Json's (here: well-formed JSON,
    /// the right statuses and content type, other bytes) and passes the two that agree.
    #[test]
    fn the_gate_fails_a_mount_that_answers_other_bytes() {
        let order = crate::generate::Generated::get().order;
        let mut mounts = service::mounts(order).unwrap();
        let json = || [(axum::http::header::CONTENT_TYPE, "application/json")];
        mounts[1].router = axum::Router::new().route(
            "/orders",
            post(move || async move { (StatusCode::CREATED, json(), "{\"id\":\"x\"}") })
                .get(move || async move { (json(), "[]") }),
        );
        let servers = server::Servers::start(mounts).unwrap();
        let client = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let verdicts = gate(&client, &servers.addrs, &script("order", order, None), None);
        assert!(verdicts[0].passed(), "{:?}", verdicts[0]);
        assert!(verdicts[2].passed(), "{:?}", verdicts[2]);
        assert!(verdicts[3].passed(), "{:?}", verdicts[3]);
        match &verdicts[1] {
            Verdict::Failed(why) => assert!(
                why.contains("POST /orders: answer differs from axum::Json's"),
                "{why}"
            ),
            v => panic!("{v:?}"),
        }
    }

    /// A summary that all mounts agree on but that differs from the one computed without HTTP
    /// fails every mount: agreement alone is not correctness.
    #[test]
    fn the_gate_checks_the_summary_against_the_document() {
        let Some(twitter) = crate::corpus::load(None).get("twitter") else {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set but the corpus is missing"
            );
            return;
        };
        let order = crate::generate::Generated::get().order;
        let servers = server::Servers::start(service::mounts(order).unwrap()).unwrap();
        let client = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let steps = script("large", order, Some(twitter));
        let right = service::serde_service::summary_bytes(twitter).unwrap();
        let verdicts = gate(&client, &servers.addrs, &steps, Some(&right));
        assert!(verdicts.iter().all(Verdict::passed), "{verdicts:?}");
        let wrong = String::from_utf8(right)
            .unwrap()
            .replace("\"statuses\":", "\"statuses\":1");
        let verdicts = gate(&client, &servers.addrs, &steps, Some(wrong.as_bytes()));
        for v in &verdicts {
            assert!(
                matches!(v, Verdict::Failed(why) if why.contains("computed without HTTP")),
                "{v:?}"
            );
        }
    }
}
